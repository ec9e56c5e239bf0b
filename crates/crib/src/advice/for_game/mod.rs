//! Decisions for the game: a throw and a card ranked by the chance of winning the game from the
//! score on the board, not by points; and par, the points a deal needs to hold that chance.
//!
//! - [`discard`]: each choice of a discard weighed over draws of the other side's deal
//!   (a few from each hand of ranks the other side keeps), every starter, the deal counted to the hole and the odds after it;
//! - [`play`]: each card weighed over deals of the cards you cannot see;
//! - [`cards`]: the cards of a play valued for the game, whatever the number of players;
//! - [`remainder`]: the rest of a deal as a distribution, read at any score in microseconds;
//! - [`par`]: the fewest points this deal that hold your chance;
//! - [`stake`]: what the end of a game is worth, the game alone or a match in which a skunk
//!   counts two ([`ForGame::in_match`]).
//!
//! Those are two players'; with three or four, [`discard_multi`] weighs the throw and [`multi`]
//! the card, from the odds of three and four players.

pub mod cards;
pub mod discard;
pub mod discard_multi;
pub mod multi;
pub mod par;
pub mod play;
pub mod remainder;
pub mod stake;
pub(crate) mod strata;

use crate::advice::for_game::stake::{MATCH_MOST, Stake};
use crate::model::odds::shift_to_121;
use crate::rules::board::{GAME, Scores};
use crate::rules::error::{Error, Result};
use crate::rules::seat::Seat;

/// The board a decision for the game is weighed at, two players: the game's hole and the scores
/// before the decision, by seat. Every decision for the game reads the odds of the game to 121;
/// a game to 61 is read as its last 61 holes, and this is the one place that shifts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForGame {
    target: u32,
    scores: Scores,
    stake: Stake,
}

impl ForGame {
    /// You in `seat` at `yours`, the opponent at `theirs`, in a game to `target` (61 or 121):
    /// both short of the hole.
    pub fn new(target: u32, seat: Seat, yours: u32, theirs: u32) -> Result<ForGame> {
        if target != 61 && target != GAME {
            return Err(Error::GameHole { target });
        }
        if yours.max(theirs) >= target {
            return Err(Error::ScoresOver {
                yours,
                theirs,
                target,
            });
        }
        Ok(ForGame {
            target,
            scores: seat.two_by_seat(yours, theirs),
            stake: Stake::Game,
        })
    }

    /// The board of a game to `target` with these scores by seat (the pone's, the dealer's), as
    /// a deal at the table has them: a score that has reached the hole is read as the last
    /// hole's.
    pub fn at(target: u32, scores: &[u32]) -> ForGame {
        ForGame {
            target,
            scores: [scores[0], scores[1]],
            stake: Stake::Game,
        }
    }

    /// The same board, in a match in which each seat still needs `need` games (the pone's, the
    /// dealer's; 1 or more each), a skunk counting two: each decision weighed by the chance of
    /// winning the match, not the game ([`stake`]). A match longer than [`MATCH_MOST`] games is
    /// weighed as one of that many.
    pub fn in_match(self, need: [u32; 2]) -> ForGame {
        ForGame {
            stake: Stake::Match {
                need: need.map(|n| n.clamp(1, MATCH_MOST)),
            },
            ..self
        }
    }

    /// What the game's end counts for: the game, or a match.
    pub fn stake(&self) -> Stake {
        self.stake
    }

    /// The game's hole.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The scores by seat on the board of the game to 121 that the odds are read at.
    pub(crate) fn on_121(&self) -> Scores {
        let shift = shift_to_121(self.target);
        self.scores.map(|s| (s + shift).min(GAME - 1))
    }
}

/// Whether a gain in the chance of winning is clear of the noise: more than two standard
/// errors of the gap between the two choices over the same draws (`gap_se`). The board changes
/// crib's advice only by such a gain.
pub fn clear_of_noise(gain: f64, gap_se: f64) -> bool {
    gain > 2.0 * gap_se
}

/// A player's view of a deal in the play, built from text, for the tests of the players here.
#[cfg(test)]
pub(crate) mod shown {
    use crate::advice::for_game::play::Known;
    use crate::rules::card::{Card, parse_cards};
    use crate::rules::seat::{Players, Seat};
    use crate::rules::sequence::parse_tokens;
    use crate::rules::view::View;

    /// What one player has seen: their view of the play, the starter and their throw.
    pub(crate) struct Shown<const N: usize> {
        pub view: View<N>,
        pub starter: Card,
        pub thrown: Vec<Card>,
    }

    impl<const N: usize> Shown<N> {
        /// The cards the play engine cannot see from the view alone.
        pub fn known(&self) -> Known<'_> {
            Known {
                starter: self.starter,
                thrown: &self.thrown,
            }
        }
    }

    /// `hand` held by `seat`, the cards played so far as `play` (`go` for a go), the starter
    /// and the cards the seat threw, all as words.
    pub(crate) fn shown<const N: usize>(
        hand: &str,
        seat: Seat,
        play: &str,
        starter: &str,
        thrown: &str,
    ) -> Shown<N> {
        let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        let hand = parse_cards(&words(hand)).unwrap();
        let thrown = parse_cards(&words(thrown)).unwrap();
        let starter: Card = starter.parse().unwrap();
        let mut seen = thrown.clone();
        seen.push(starter);
        let tokens = parse_tokens(&words(play), Players::of::<N>()).unwrap();
        let view = View::<N>::new(&hand, seat, &seen, &tokens).unwrap();
        Shown {
            view,
            starter,
            thrown,
        }
    }
}
