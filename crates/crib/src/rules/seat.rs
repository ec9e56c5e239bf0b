//! The table: how many play ([`Players`]), where each sits ([`Seat`]) and the sides that score
//! ([`Side`]). Everything that depends on the number of players, a seat or a side takes these,
//! never a bare number.

use std::fmt;

/// A seat at the table, in the order of play: seat 0 sits on the dealer's left and leads, the
/// dealer sits last. With two players seat 0 is the pone and seat 1 the dealer; with four, seats
/// 0 and 2 are partners against seats 1 and 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The pone of a two-player game, who leads.
    pub const PONE: Seat = Seat(0);
    /// The dealer of a two-player game.
    pub const DEALER: Seat = Seat(1);

    /// The seat with this index in the order of play (0 leads).
    pub const fn new(index: usize) -> Seat {
        Seat(index as u8)
    }

    /// The seat's index in the order of play, 0 to 3.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The dealer's seat with `players` players: the last.
    pub(crate) const fn dealer(players: Players) -> Seat {
        players.dealer()
    }

    /// The other seat of a two-player game.
    pub const fn other(self) -> Seat {
        Seat(1 - (self.0 & 1))
    }

    /// Two players' values in seat order (the pone's, the dealer's), yours being this seat's.
    pub(crate) fn two_by_seat<T>(self, yours: T, theirs: T) -> [T; 2] {
        match self.0 & 1 {
            0 => [yours, theirs],
            _ => [theirs, yours],
        }
    }

    /// How the rules name the seat: `pone` and `dealer` for two players; `p1`, `p2` (, `p3`) and
    /// `dealer` in the order of play for three or four.
    pub const fn name(self, players: Players) -> &'static str {
        match (players.count(), self.0) {
            (2, 0) => "pone",
            (n, i) if i as usize + 1 == n => "dealer",
            (_, 0) => "p1",
            (_, 1) => "p2",
            _ => "p3",
        }
    }
}

/// A side that scores on the board: each player with two or three, a partnership with four
/// (side 0, seats 0 and 2; side 1, the dealer's, seats 1 and 3). Scores on the board are kept by
/// side, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side(u8);

impl Side {
    /// The side with this index (0 to 2).
    pub const fn new(index: usize) -> Side {
        Side(index as u8)
    }

    /// The side's index: where its score is in scores kept by side.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How many play: two, three, or four (two partnerships, partners sitting opposite). Every
/// part of crib that depends on the number of players takes this, never a bare number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Players(u8);

impl Players {
    /// Two players, each for himself.
    pub const TWO: Players = Players(2);
    /// Three players, each for himself.
    pub const THREE: Players = Players(3);
    /// Four players in two partnerships.
    pub const FOUR: Players = Players(4);
    /// Every number of players the rules describe.
    pub const ALL: [Players; 3] = [Players::TWO, Players::THREE, Players::FOUR];

    /// `N` players, for code generic over the number: 2, 3 or 4 (else it fails to compile, or
    /// panics if called at run time).
    pub(crate) const fn of<const N: usize>() -> Players {
        assert!(N >= 2 && N <= 4, "cribbage is played by 2, 3 or 4 players");
        Players(N as u8)
    }

    /// The number of players the rules describe: 2, 3 or 4. (`Players::try_from` says what
    /// is wrong with any other.)
    pub const fn new(count: usize) -> Option<Players> {
        match count {
            2..=4 => Some(Players(count as u8)),
            _ => None,
        }
    }

    /// How many play.
    pub const fn count(self) -> usize {
        self.0 as usize
    }

    /// The dealer's seat: the last.
    pub const fn dealer(self) -> Seat {
        Seat::new(self.0 as usize - 1)
    }

    /// Every seat, in the order of play: seat 0 leads, the dealer is last.
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        (0..self.count()).map(Seat::new)
    }

    /// Whether `seat` sits at a table of this many.
    pub(crate) const fn has(self, seat: Seat) -> bool {
        seat.index() < self.count()
    }

    /// How many sides score on the board: each player, or with four the two partnerships.
    pub const fn sides(self) -> usize {
        if self.0 == 4 { 2 } else { self.0 as usize }
    }

    /// The side a seat scores for: its own, or with four players its partnership (seats 0 and
    /// 2 are side 0, seats 1 and 3, the dealer's, side 1).
    pub const fn side(self, seat: Seat) -> Side {
        if self.0 == 4 {
            Side(seat.0 % 2)
        } else {
            Side(seat.0)
        }
    }

    /// Whether the crib is scored by a seat's side: the dealer's (the last seat), and with four
    /// players his partner's.
    pub(crate) const fn owns_crib(self, seat: Seat) -> bool {
        self.side(seat).0 == self.side(self.dealer()).0
    }

    /// The cards dealt to each player and the cards each throws to the crib.
    pub(crate) const fn deal_shape(self) -> (usize, usize) {
        if self.0 == 2 { (6, 2) } else { (5, 1) }
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_names() {
        assert_eq!(Seat::PONE.name(Players::TWO), "pone");
        assert_eq!(Seat::DEALER.name(Players::TWO), "dealer");
        assert_eq!(Seat::new(3).name(Players::FOUR), "dealer");
        assert_eq!(Seat::new(1).name(Players::THREE), "p2");
        assert_eq!(Players::THREE.dealer(), Seat::new(2));
        assert_eq!(Seat::PONE.other(), Seat::DEALER);
        assert_eq!(Seat::PONE.two_by_seat(7, 9), [7, 9]);
        assert_eq!(Seat::DEALER.two_by_seat(7, 9), [9, 7]);
    }

    #[test]
    fn seats_and_sides() {
        assert_eq!(Players::FOUR.seats().count(), 4);
        assert_eq!(Players::FOUR.side(Seat::new(2)), Side::new(0));
        assert!(Players::FOUR.owns_crib(Seat::new(1)));
        assert!(!Players::THREE.owns_crib(Seat::new(1)));
        assert_eq!(Players::new(5), None);
        assert_eq!(Players::TWO.deal_shape(), (6, 2));
    }
}
