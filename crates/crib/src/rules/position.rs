//! A position on the board: the game, the scores by side, and the seat to decide. Every
//! decision for the game and every question of the odds is asked at one, whatever the number
//! of players; the scores are checked once, here, and a game to 61 is read on the board of the
//! game to 121 here alone.

use crate::rules::board::{Game, on_121};
use crate::rules::error::{Error, Result};
use crate::rules::seat::{Players, Seat, Side};

/// The most sides a game has: three players.
const MOST_SIDES: usize = 3;

/// A position on the board: the game, each side's score ([`Side`]: each player's with two or
/// three, each partnership's with four), and the seat whose decision it is. Every score is short
/// of the game hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    game: Game,
    /// The scores by side; the sides the game lacks are 0.
    scores: [u32; MOST_SIDES],
    you: Seat,
}

impl Position {
    /// `you` deciding in `game` with `scores` by side (seat 1's first, the dealer's last; with
    /// four players seats 1 and 3's first): one score for each side, each short of the hole.
    pub fn new(game: Game, scores: &[u32], you: Seat) -> Result<Position> {
        if !game.players.has(you) {
            return Err(Error::NoSuchSeat {
                seat: you,
                players: game.players,
            });
        }
        check_scores(game, scores)?;
        Ok(Position::at_table(game, scores, you))
    }

    /// `you` deciding in a game of two sides (two players, or two partnerships) with your side
    /// at `yours` and the other at `theirs`, both short of the hole.
    pub fn yours_first(game: Game, you: Seat, yours: u32, theirs: u32) -> Result<Position> {
        if game.players == Players::THREE {
            return Err(Error::ScoreCount {
                players: game.players,
                sides: game.sides(),
                found: 2,
            });
        }
        if yours.max(theirs) >= game.target {
            return Err(Error::ScoresOver {
                yours,
                theirs,
                target: game.target,
            });
        }
        let mut scores = [0; 2];
        scores[game.side(you).index()] = yours;
        scores[1 - game.side(you).index()] = theirs;
        Position::new(game, &scores, you)
    }

    /// `you` deciding in `game` with the scores as a player gives them for a decision: with two
    /// players yours first ([`Position::yours_first`]); with three one a seat, in seat order;
    /// with four one a partnership, seats 1 and 3's first ([`Position::new`]). The one way
    /// every front end turns typed scores into a position.
    pub(crate) fn given(game: Game, you: Seat, scores: &[u32]) -> Result<Position> {
        match *scores {
            [yours, theirs] if game.players == Players::TWO => {
                Position::yours_first(game, you, yours, theirs)
            }
            _ => Position::new(game, scores, you),
        }
    }

    /// The position at a deal under way, from the scores by side as the table keeps them: a
    /// score that has reached the hole is read as the last hole's.
    pub(crate) fn at_table(game: Game, scores: &[u32], you: Seat) -> Position {
        let mut by_side = [0; MOST_SIDES];
        for (to, &from) in by_side.iter_mut().zip(scores) {
            *to = from;
        }
        Position {
            game,
            scores: by_side,
            you,
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The scores by side.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.game.sides()]
    }

    /// The seat to decide.
    pub fn you(&self) -> Seat {
        self.you
    }

    /// Your side.
    pub fn side(&self) -> Side {
        self.game.side(self.you)
    }

    /// The scores by side on the board of the game to 121, where every decision for the game
    /// and the odds read them: a game to 61 is the last 61 holes of the game to 121, and a score
    /// at the hole is read as the last hole's.
    #[inline]
    pub(crate) fn on_121(&self) -> [u32; MOST_SIDES] {
        self.scores.map(|s| on_121(self.game.target, s))
    }

    /// The position at the start of the next deal, this one having left the sides on `scores`
    /// (by this deal's sides, as [`Position::scores`] holds them): the player on the dealer's
    /// left deals it, so every seat moves one place round (seat 1 becomes the dealer) and the
    /// scores follow the sides into the new order. A score at the hole is read as the last
    /// hole's, as at a table. Every valuation of a deal's end reads the next deal from here.
    #[inline]
    pub(crate) fn after(&self, scores: &[u32]) -> Position {
        // The seat after each in this deal is the seat before it in the next: two players swap
        // (the pone deals), three move one place (seat 1 deals, seat 2 leads), and with four the
        // partnerships swap their places in the order (side 0, seats 1 and 3, deals next).
        let (by_side, you) = match *scores {
            [pone, dealer] if self.game.players.count() == 2 => ([dealer, pone, 0], 1),
            [first, second, dealer] => ([second, dealer, first], 2),
            [odd, even] => ([even, odd, 0], 3),
            _ => ([0; MOST_SIDES], 0),
        };
        let n = self.game.players.count();
        Position {
            game: self.game,
            scores: by_side,
            you: Seat::new((self.you.index() + you) % n),
        }
    }

    /// Two sides' scores on the board of the game to 121 (the pone's side's, the dealer's side's).
    #[inline]
    pub(crate) fn two_on_121(&self) -> [u32; 2] {
        let [a, b, _] = self.on_121();
        [a, b]
    }
}

/// Scores on the board before a decision of `game`: one for each side ([`Players::side`](crate::Players::side)), each
/// short of the game hole.
pub(crate) fn check_scores(game: Game, scores: &[u32]) -> Result<()> {
    if scores.len() != game.sides() {
        return Err(Error::ScoreCount {
            players: game.players,
            sides: game.sides(),
            found: scores.len(),
        });
    }
    for (side, &score) in scores.iter().enumerate() {
        if score >= game.target {
            let who = match (
                game.players.count(),
                game.side_name(Side::new(side)).as_str(),
            ) {
                (2, name) | (_, name @ "dealer") => format!("the {name} has"),
                (3, name) => format!("{name} has"),
                (_, name) => format!("{name} have"),
            };
            return Err(Error::GameOver {
                who,
                score,
                target: game.target,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players, yours first: the scores are kept by side whichever seat you hold, and a
    /// game to 61 is read 60 holes up the game to 121.
    #[test]
    fn yours_first_is_kept_by_side() {
        let short = Game::new(Players::TWO, 61).unwrap();
        let pone = Position::yours_first(short, Seat::PONE, 40, 55).unwrap();
        let dealer = Position::yours_first(short, Seat::DEALER, 40, 55).unwrap();
        assert_eq!(pone.scores(), [40, 55]);
        assert_eq!(dealer.scores(), [55, 40]);
        assert_eq!(pone.two_on_121(), [100, 115]);
        assert_eq!(dealer.side(), Side::new(1));
    }

    /// The next deal, worked by hand: with two players the pone deals it (the dealer becomes the
    /// pone); with three, seat 1 deals and seat 2 leads; with four the partnerships swap their
    /// places in the order. The scores follow the sides, and a short game stays short.
    #[test]
    fn the_next_deal_moves_every_seat_one_place() {
        let short = Game::new(Players::TWO, 61).unwrap();
        let pone = Position::yours_first(short, Seat::PONE, 40, 55).unwrap();
        let next = pone.after(&[48, 57]);
        assert_eq!((next.you(), next.scores()), (Seat::DEALER, &[57, 48][..]));
        assert_eq!(next.two_on_121(), [117, 108]);
        let three = Game::new(Players::THREE, 121).unwrap();
        let at = Position::new(three, &[10, 20, 30], Seat::new(0)).unwrap();
        let next = at.after(&[11, 22, 33]);
        assert_eq!(
            (next.you(), next.scores()),
            (Seat::new(2), &[22, 33, 11][..])
        );
        assert_eq!(
            next.after(&[22, 33, 11]).after(&[33, 11, 22]).you(),
            Seat::new(0)
        );
        let four = Game::new(Players::FOUR, 121).unwrap();
        let at = Position::new(four, &[50, 60], Seat::new(1)).unwrap();
        let next = at.after(&[52, 70]);
        assert_eq!((next.you(), next.scores()), (Seat::new(0), &[70, 52][..]));
        assert_eq!(next.side(), Side::new(0));
        assert_eq!(at.side(), Side::new(1));
    }

    /// Scores at the hole, the wrong number of them, a seat the table lacks: each refused,
    /// with what was wrong.
    #[test]
    fn bad_positions_are_refused() {
        let two = Game::TWO;
        let over = Position::yours_first(two, Seat::PONE, 121, 3).unwrap_err();
        assert_eq!(
            over.to_string(),
            "121-3: a game to 121 is over at 121; give scores below it"
        );
        let three = Game::new(Players::THREE, 121).unwrap();
        assert!(matches!(
            Position::new(three, &[1, 2], Seat::new(0)),
            Err(Error::ScoreCount { found: 2, .. })
        ));
        let err = Position::new(three, &[1, 121, 3], Seat::new(0)).unwrap_err();
        assert_eq!(err.to_string(), "p2 has 121: the game is over at 121");
        assert!(Position::new(two, &[1, 2], Seat::new(2)).is_err());
        assert!(Position::yours_first(three, Seat::new(0), 1, 2).is_err());
        let four = Game::new(Players::FOUR, 121).unwrap();
        let side = Position::yours_first(four, Seat::new(2), 100, 90).unwrap();
        assert_eq!(side.scores(), [100, 90]);
    }

    /// At the table a score that has reached the hole is read as the last hole's.
    #[test]
    fn the_table_reads_the_hole_as_the_last_hole() {
        let at = Position::at_table(Game::TWO, &[121, 100], Seat::DEALER);
        assert_eq!(at.two_on_121(), [120, 100]);
    }
}
