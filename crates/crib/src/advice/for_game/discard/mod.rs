//! The discard for the game: each choice of a discard ranked by your chance (with four players
//! your side's; with two in a match, of the match) of winning from the position on the board,
//! not by points, whatever the number of players. [`throw_for_game`] is the one door: two
//! players' choices are weighed by [`two`] (the other side's deal drawn from the committed pool
//! of opponents, the play from the committed plays), three and four players' by `sampled`
//! (the others' cards dealt and thrown as crib's expert model has them); the answer says whether
//! the board changes the advice.

mod played;
pub(crate) mod sampled;
pub mod two;

use crate::advice::discard::{
    CribModel, DiscardAdvice, DiscardRequest, PlayModel, Role, Split, advise_discard,
};
use crate::advice::for_game::{ForGame, Verdict};
use crate::model::Models;
use crate::model::odds::Odds;
use crate::rules::card::Card;
use crate::rules::error::{Error, Result};
use crate::rules::numbering::sorted4;

/// A choice's chance of winning the game, and its standard error over the draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinChance {
    /// The chance of winning the game (in a match, the match).
    pub p_win: f64,
    /// Its standard error.
    pub se: f64,
    /// The standard error of the best choice's chance less this one's, over the same draws (0
    /// for the best): a gap under two of these is within the noise of the draws.
    pub gap_se: f64,
    /// How many draws of the others' deals it is the mean of.
    pub draws: usize,
}

/// A discard weighed for the game: every choice, ranked by the chance of winning, and whether
/// the board changes the advice from the choice best on points.
#[derive(Debug, Clone)]
pub struct ThrowsForGame {
    /// The advice, its choices ranked by the chance of winning, best first (on a tie, the order
    /// of the points).
    pub advice: DiscardAdvice,
    /// Each choice's chance, in the same order.
    pub chances: Vec<WinChance>,
    /// Where the choice best on average points is among the choices: the first of the best
    /// net, as the choices are ranked.
    pub on_points: usize,
    /// Whether the board changes the advice from it.
    pub verdict: Verdict,
}

impl ThrowsForGame {
    /// The throw crib advises: the best for the game where the board changes the advice, else
    /// the best on points.
    pub(crate) fn choice(&self) -> &Split {
        let at = if self.verdict.changes {
            0
        } else {
            self.on_points
        };
        &self.advice.choices[at]
    }

    /// The best choice for the game against choice `c`, on the same draws.
    pub fn ahead_of(&self, c: usize) -> Verdict {
        let (best, other) = (&self.chances[0], &self.chances[c]);
        Verdict::new(c != 0, best.p_win - other.p_win, other.gap_se)
    }
}

/// The discard for the game: `request` answered for points ([`advise_discard`]), then every
/// choice weighed at `at` (the scores before the deal): two players over draws of the other
/// side's deal from the committed pool ([`two`]), three or four over dealt and thrown hands of
/// the others (`sampled`), each deal counted in the rules' order to the hole and followed by
/// the committed odds. It takes crib's models (the expert crib model, the play counted), and a
/// position of the request's seat and number of players.
pub fn throw_for_game(
    models: &Models,
    request: &DiscardRequest,
    at: &ForGame,
) -> Result<ThrowsForGame> {
    if request.crib != CribModel::Expert || request.play != PlayModel::Engine {
        return Err(Error::GameNeedsModels);
    }
    let position = at.position();
    if position.game().players != request.players || position.you() != request.seat() {
        return Err(Error::OtherPosition);
    }
    let advice = advise_discard(models, request)?;
    Ok(weigh_advice(models, advice, request.dealt, at))
}

/// The choices of `advice` (for the cards `dealt`, valued for points, best first) weighed at
/// `at` and ranked by the chance of winning, with the verdict: [`throw_for_game`] without its
/// checks, for crib's strongest player made without the discard's models.
pub fn weigh_advice(
    models: &Models,
    mut advice: DiscardAdvice,
    dealt: &[Card],
    at: &ForGame,
) -> ThrowsForGame {
    let chances = weigh(models, dealt, &advice.choices, at);
    let chances = rank_by(&mut advice, chances);
    let on_points = advice
        .choices
        .iter()
        .enumerate()
        .reduce(|a, b| if b.1.net > a.1.net { b } else { a })
        .map_or(0, |(i, _)| i);
    let mut answer = ThrowsForGame {
        advice,
        chances,
        on_points,
        verdict: Verdict::new(false, 0.0, 0.0),
    };
    answer.verdict = answer.ahead_of(on_points);
    answer
}

/// Each of `choices` (of the cards `dealt`) weighed at `at`, in their order, by the strategy for
/// its number of players, from the committed odds.
pub fn weigh(models: &Models, dealt: &[Card], choices: &[Split], at: &ForGame) -> Vec<WinChance> {
    let players = at.position().game().players;
    let odds = Odds::committed(players);
    match odds.two_sides() {
        Some(sides) if players.count() == 2 => {
            let role = Role::of_seat(at.position().you(), players);
            two::endgame(sides, dealt, choices, role, at)
        }
        _ => sampled::throw_for_board(models, odds, dealt, choices, at.position()),
    }
}

/// Put the choices of `advice` in the order of their `chances` of winning (in the order of the
/// choices), best first; on a tie the order stands. The chances, in the new order.
fn rank_by(advice: &mut DiscardAdvice, chances: Vec<WinChance>) -> Vec<WinChance> {
    let mut ranked: Vec<(Split, WinChance)> = advice.choices.drain(..).zip(chances).collect();
    ranked.sort_by(|a, b| b.1.p_win.total_cmp(&a.1.p_win));
    let (choices, chances) = ranked.into_iter().unzip();
    advice.choices = choices;
    chances
}

/// A hand's four ranks, lowest first.
pub(crate) fn sorted_ranks(hand: [Card; 4]) -> [u8; 4] {
    sorted4(hand.map(|c| c.rank().number()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;
    use crate::rules::card::parse_cards;
    use crate::rules::position::Position;
    use crate::rules::seat::{Players, Seat};

    fn ask(text: &str, players: Players, seat: Seat, scores: &[u32]) -> Result<ThrowsForGame> {
        let dealt = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
        let request = DiscardRequest {
            seat: Some(seat),
            ..DiscardRequest::new(&dealt, players, Role::of_seat(seat, players))
        };
        let game = Game::new(players, 121).unwrap();
        let at = ForGame::new(Position::new(game, scores, seat)?);
        throw_for_game(Models::committed(), &request, &at)
    }

    /// The choices come ranked by the chance of winning, with the verdict on the choice best
    /// on points (the first of the best net); the throw crib advises follows the verdict.
    #[test]
    fn the_answer_carries_its_verdict() {
        let weighed = ask("5h 5c Js 6d 7h 8c", Players::TWO, Seat::DEALER, &[100, 110]).unwrap();
        let chances = &weighed.chances;
        assert!(chances.windows(2).all(|w| w[0].p_win >= w[1].p_win));
        let nets: Vec<f64> = weighed.advice.choices.iter().map(|c| c.net).collect();
        let best_net = nets.iter().copied().fold(f64::MIN, f64::max);
        assert_eq!(
            weighed.on_points,
            nets.iter().position(|&n| n == best_net).unwrap()
        );
        let verdict = weighed.verdict;
        let p = weighed.on_points;
        assert_eq!(verdict.gain, chances[0].p_win - chances[p].p_win);
        assert_eq!(
            verdict.changes,
            p != 0 && verdict.gain > 2.0 * chances[p].gap_se
        );
        let advised = if verdict.changes { 0 } else { p };
        assert_eq!(weighed.choice(), &weighed.advice.choices[advised]);
        assert!(!weighed.ahead_of(0).differs);
    }

    /// Three and four players go through the same door; the models and the position are checked.
    #[test]
    fn one_door_and_its_checks() {
        let three = ask(
            "5h 5c Js 6d Kc",
            Players::THREE,
            Seat::new(0),
            &[119, 90, 95],
        )
        .unwrap();
        assert_eq!(three.chances.len(), 5);
        let four = ask("5h 5c Js 6d Kc", Players::FOUR, Seat::new(1), &[60, 70]).unwrap();
        assert_eq!(four.chances[0].draws, sampled::throw_deals(Players::FOUR));
        let dealt = parse_cards(&["5h", "5c", "Js", "6d", "7h", "8c"]).unwrap();
        let uniform = DiscardRequest {
            crib: CribModel::Uniform,
            ..DiscardRequest::new(&dealt, Players::TWO, Role::Dealer)
        };
        let at = ForGame::new(Position::new(Game::TWO, &[1, 2], Seat::DEALER).unwrap());
        assert!(matches!(
            throw_for_game(Models::committed(), &uniform, &at),
            Err(Error::GameNeedsModels)
        ));
        let pone = DiscardRequest::new(&dealt, Players::TWO, Role::Pone);
        assert!(matches!(
            throw_for_game(Models::committed(), &pone, &at),
            Err(Error::OtherPosition)
        ));
    }
}
