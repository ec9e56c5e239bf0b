//! Decisions for the game: a throw and a card ranked by the chance of winning the game (or, with
//! two players in a match, the match) from the position on the board, not by points.
//!
//! Each decision has one door, whatever the number of players, and its answer carries its own
//! verdict ([`Verdict`]: does the board change the advice from the choice best on points, and
//! by how much):
//! - [`discard::throw_for_game`]: each choice of a discard weighed over draws of the others'
//!   deals, every starter, the deal counted to the hole and the odds after it;
//! - [`play::card_for_game`]: each card weighed over deals of the cards you cannot see.
//!
//! Behind each door sit two strategies, chosen by the number of players: two players' (exact
//! where it can be, over the committed pool of opponents and plays) and three and four players'
//! (sampled deals); neither imports the other. Beside them: [`remainder`], the rest of a deal as
//! a distribution read at any score; [`stake`], what the end of a game is worth, the game alone
//! or a match in which a skunk counts two ([`ForGame::in_match`]); and the helpers the
//! strategies share (`board`, `estimate`, `strata`).

pub(crate) mod board;
pub mod discard;
pub(crate) mod estimate;
pub mod play;
pub mod remainder;
pub mod stake;
pub(crate) mod strata;

use crate::advice::for_game::stake::{MATCH_MOST, Stake};
use crate::rules::board::{Game, Scores};
use crate::rules::error::{Error, Feature, Result};
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};

/// How near the end (in holes still to go) a side must be for crib's strongest to weigh the
/// board in its throws and cards ([`ForGame::in_reach`]): 40, the last two or three deals.
pub(crate) const REACH: u32 = 40;

/// A decision for the game: the position it is weighed at, and what the game's end counts for
/// (the game alone, or with two players a match). Every decision for the game reads the odds of
/// the game to 121; a game to 61 is read as its last 61 holes ([`Position`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForGame {
    position: Position,
    stake: Stake,
}

impl ForGame {
    /// Weigh a decision at `position`, for the game alone.
    pub fn new(position: Position) -> ForGame {
        ForGame {
            position,
            stake: Stake::Game,
        }
    }

    /// A decision at the board as a player gives it: the scores with two players yours first,
    /// with three one a seat in seat order, with four one a partnership (seats 1 and 3's
    /// first); and with two players in a match, the games you and the other player still need
    /// ([`ForGame::in_match`]). The one way every front end turns typed scores into a decision
    /// for the game.
    pub fn given(game: Game, you: Seat, scores: &[u32], need: Option<[u32; 2]>) -> Result<ForGame> {
        let at = ForGame::new(Position::given(game, you, scores)?);
        match need {
            Some(need) => at.in_match(need),
            None => Ok(at),
        }
    }

    /// The same decision in a match of two players in which you still need `need[0]` games and
    /// the other player `need[1]` (1 or more each), a skunk counting two: weighed by the chance
    /// of winning the match, not the game ([`stake`]). A match longer than `MATCH_MOST` games
    /// is weighed as one of that many. A match of three or four players is refused.
    pub fn in_match(self, need: [u32; 2]) -> Result<ForGame> {
        let players = self.position.game().players;
        if players != Players::TWO {
            return Err(Error::NotForPlayers {
                what: Feature::Match,
                players,
            });
        }
        let need = self.position.you().two_by_seat(need[0], need[1]);
        Ok(ForGame {
            stake: Stake::Match {
                need: need.map(|n| n.clamp(1, MATCH_MOST)),
            },
            ..self
        })
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the board is in reach: a side within 40 holes of the end (on the board
    /// of 121, 81 or more; a game to 61 read as its last 61 holes). crib's strongest weighs the
    /// board only then: before, the chance of winning follows the points, and weighing it won
    /// no more games (docs/lab/strength.md, "The board by score").
    pub fn in_reach(&self) -> bool {
        let sides = self.position.game().sides();
        let leader = self.position.on_121()[..sides].iter().copied().max();
        leader.is_some_and(|s| s + REACH >= crate::rules::board::GAME)
    }

    /// What the game's end counts for: the game, or a match.
    pub(crate) fn stake(&self) -> Stake {
        self.stake
    }

    /// The game's hole.
    pub(crate) fn target(&self) -> u32 {
        self.position.game().target
    }

    /// Two players' scores by seat on the board of the game to 121 that the odds are read at.
    pub(crate) fn on_121(&self) -> Scores {
        self.position.two_on_121()
    }
}

/// Whether the board changes the advice: the choice best for the game against the one best on
/// points, weighed on the same draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    /// The best choice's chance of winning less the points' best's (0 when they are one).
    pub gain: f64,
    /// The standard error of that gap, over the same draws.
    pub gap_se: f64,
    /// Whether the best for the game is another choice than the best on points, and wins more.
    pub differs: bool,
    /// Whether the board changes the advice: it differs, by more than two standard errors of
    /// the gap, so by more than the draws' noise.
    pub changes: bool,
}

impl Verdict {
    /// The verdict on a choice that wins `gain` more than the points' best, with standard error
    /// `gap_se` on the same draws, where `differs` says whether they are two choices.
    pub(crate) fn new(differs: bool, gain: f64, gap_se: f64) -> Verdict {
        let differs = differs && gain > 0.0;
        Verdict {
            gain,
            gap_se,
            differs,
            changes: differs && gain > 2.0 * gap_se,
        }
    }
}

/// Two players' board at the table with these scores by seat, for the tests here: the game to
/// 121 alone.
#[cfg(test)]
pub(crate) fn at_table(scores: &[u32]) -> ForGame {
    let game = crate::rules::board::Game::TWO;
    ForGame::new(Position::at_table(
        game,
        scores,
        crate::rules::seat::Seat::PONE,
    ))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// In reach from 81 of 121, either side's score, in a match as in a game.
    #[test]
    fn in_reach_from_81() {
        assert!(!at_table(&[80, 80]).in_reach());
        assert!(at_table(&[81, 0]).in_reach());
        assert!(at_table(&[0, 81]).in_reach());
        assert!(at_table(&[0, 90]).in_match([2, 2]).unwrap().in_reach());
    }
}
