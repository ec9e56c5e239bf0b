//! The board of three and four players a decision for the game is valued at: where the scoring
//! events of the rest of a deal leave it, and the chance of winning from there.

use crate::model::odds::Odds;
use crate::rules::board::walk;
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};

/// The board a decision is valued at: the position (the game, the scores by side, and the seat
/// deciding).
pub(crate) struct Board<const N: usize> {
    at: Position,
    /// The scores by side, padded to four.
    scores: [u32; 4],
}

impl<const N: usize> Board<N> {
    /// The board of `at`.
    pub(crate) fn new(at: &Position) -> Board<N> {
        let mut padded = [0; 4];
        padded[..at.scores().len()].copy_from_slice(at.scores());
        Board {
            at: *at,
            scores: padded,
        }
    }

    /// Your chance once the scoring `events` (by seat, in order) are counted from the board:
    /// 1 or 0 if a side reaches the hole in them, else the odds of the next deal.
    pub(crate) fn chance(&self, events: impl IntoIterator<Item = (Seat, u8)>, odds: &Odds) -> f64 {
        let players = Players::of::<N>();
        let events = events
            .into_iter()
            .map(|(seat, p)| (players.side(seat).index(), u32::from(p)));
        let walked = walk(self.scores, events, self.at.game().target);
        let mine = players.side(self.at.you()).index();
        match walked.winner {
            Some((side, _)) => f64::from(u8::from(side == mine)),
            None => self.next_deal(walked.scores, odds),
        }
    }

    /// Whether two sides or more could reach the hole in a play that pegs `pegged` (by seat),
    /// the dealer having `heels` more first: only then does the order of the pegging decide
    /// who gets there first. A side that alone reaches it wins in the play whatever the order.
    pub(crate) fn race(&self, pegged: &[u8; N], heels: u32) -> bool {
        let players = Players::of::<N>();
        let dealer = players.side(players.dealer()).index();
        let reaching = (0..players.sides()).filter(|&side| {
            let side_pegged: u32 = players
                .seats()
                .filter(|&s| players.side(s).index() == side)
                .map(|s| u32::from(pegged[s.index()]))
                .sum();
            let heels = if side == dealer { heels } else { 0 };
            self.scores[side] + side_pegged + heels >= self.at.game().target
        });
        reaching.count() >= 2
    }

    /// Your chance at the start of the next deal from `after` (by side), the seat on the
    /// dealer's left dealing.
    fn next_deal(&self, after: [u32; 4], odds: &Odds) -> f64 {
        odds.win(&self.at.after(&after[..self.at.game().sides()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;

    /// Four players at 119 (seats 0 and 2) to 100, seat 0 to decide: a play pegging seat 2 two
    /// takes his side home alone, whatever the order, and is no race; with nineteen more to
    /// seats 1 and 3 both sides get there, and who is first is in the order. With three players
    /// the dealer's heels count first.
    #[test]
    fn a_race_needs_two_sides_home() {
        let game = Game::new(Players::FOUR, 121).unwrap();
        let board = Board::<4>::new(&Position::new(game, &[119, 100], Seat::new(0)).unwrap());
        assert!(!board.race(&[0, 0, 2, 0], 0));
        assert!(!board.race(&[0, 0, 0, 0], 0));
        assert!(board.race(&[0, 10, 2, 11], 0));
        let three = Game::new(Players::THREE, 121).unwrap();
        let board = Board::<3>::new(&Position::new(three, &[119, 100, 119], Seat::new(0)).unwrap());
        assert!(!board.race(&[2, 0, 0], 0));
        assert!(board.race(&[2, 0, 0], 2));
        assert!(board.race(&[2, 0, 2], 0));
    }
}
