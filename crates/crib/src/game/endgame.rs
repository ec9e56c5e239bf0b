//! The discard for the game near its end: each choice ranked by the chance of winning the game,
//! this deal played out in the rules' counting order, then the odds from the position it leaves.

use rayon::prelude::*;

use crate::advice::discard::{DiscardAdvice, Role, Split};
use crate::game::deals::{Score, counted, keep, play_events};
use crate::game::odds::Odds;
use crate::model::Models;
use crate::model::pegging::Decisions;
use crate::rules::board::{GAME, Scores, walk};
use crate::rules::card::Card;
use crate::rules::play::Seat;
use crate::rules::shuffle::shuffled_indices;

/// How many deals of the other side's an end-game discard is weighed over.
pub const ENDGAME_SAMPLES: usize = 400;

/// A choice's chance of winning the game, and its standard error over the draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinChance {
    /// The chance of winning the game.
    pub p_win: f64,
    /// Its standard error.
    pub se: f64,
}

/// For each choice of a discard near the end of a game, the chance of winning the game: this
/// deal played out, then the odds from the position it leaves. `scores` are the board before
/// the deal, by seat.
///
/// The other side's six cards are [`ENDGAME_SAMPLES`] draws from the cards you have not seen
/// (seeded by your cards, so the answer is the same every time), each keeping what
/// `crib discard` advises; every starter left is taken exactly; the play is crib's engine on
/// both sides; the deal is counted in the rules' order and stops at 121; and a deal that ends
/// short of it is followed by `odds`. Returns, for each choice in order, its chance of winning.
pub fn endgame(
    models: &Models,
    odds: &Odds,
    dealt: &[Card],
    choices: &[Split],
    role: Role,
    scores: Scores,
) -> Vec<WinChance> {
    let me = role.seat();
    let scores = scores.map(|s| s.min(GAME - 1));
    let seen: Vec<u8> = dealt.iter().filter_map(|c| c.index()).collect();
    let unseen: Vec<Card> = (0..52u8)
        .filter(|i| !seen.contains(i))
        .map(Card::from_index)
        .collect();
    let seed = dealt
        .iter()
        .filter_map(|c| c.index())
        .fold(0x51_7CC1_B727_220Au64, |h, i| {
            (h ^ u64::from(i)).wrapping_mul(0x0000_0100_0000_01B3)
        });
    let decisions = Decisions::with_leads(&models.kept, &models.pegging);
    let other_role = if me == Seat::DEALER {
        Role::Pone
    } else {
        Role::Dealer
    };
    // For each draw, the chance of winning with each choice (starters taken exactly).
    let per_draw: Vec<Vec<f64>> = (0..ENDGAME_SAMPLES as u64)
        .into_par_iter()
        .map(|draw| {
            let others: Vec<Card> = shuffled_indices(seed, draw, 6, unseen.len())
                .into_iter()
                .map(|i| unseen[i])
                .collect();
            let (other_keep, other_throw) = keep(models, &others, other_role);
            let starters: Vec<Card> = unseen
                .iter()
                .filter(|c| !others.contains(c))
                .copied()
                .collect();
            choices
                .iter()
                .map(|choice| {
                    let mut hands = [other_keep; 2];
                    hands[me.index()] = choice.keep;
                    let play = play_events(hands[0], hands[1], &decisions);
                    let crib = [
                        choice.throw[0],
                        choice.throw[1],
                        other_throw[0],
                        other_throw[1],
                    ];
                    let total: f64 = starters
                        .iter()
                        .map(|&starter| {
                            let events = counted(&hands, crib, starter, &play);
                            win_from(scores, me, &events, odds)
                        })
                        .sum();
                    total / starters.len() as f64
                })
                .collect()
        })
        .collect();
    let n = per_draw.len() as f64;
    (0..choices.len())
        .map(|c| {
            let mean = per_draw.iter().map(|d| d[c]).sum::<f64>() / n;
            let var = per_draw.iter().map(|d| (d[c] - mean).powi(2)).sum::<f64>() / (n - 1.0);
            WinChance {
                p_win: mean,
                se: (var / n).sqrt(),
            }
        })
        .collect()
}

/// Rank the choices of `advice` by the chance of winning the game ([`endgame`]) instead of by
/// points; the best on points keeps its place on a tie. Each choice's chance, in the new order.
pub fn rank_for_game(
    models: &Models,
    odds: &Odds,
    dealt: &[Card],
    advice: &mut DiscardAdvice,
    scores: Scores,
) -> Vec<WinChance> {
    let chances = endgame(models, odds, dealt, &advice.choices, advice.role, scores);
    let mut ranked: Vec<(Split, WinChance)> = advice.choices.drain(..).zip(chances).collect();
    ranked.sort_by(|a, b| b.1.p_win.total_cmp(&a.1.p_win));
    let (choices, chances) = ranked.into_iter().unzip();
    advice.choices = choices;
    chances
}

/// The chance that the player in seat `me` wins, from `scores` (by seat), this deal's events
/// counted in order and `odds` after it.
pub fn win_from(scores: Scores, me: Seat, events: &[Score], odds: &Odds) -> f64 {
    let board = walk(
        scores,
        events.iter().map(|&(s, p)| (s.index(), u32::from(p))),
        GAME,
    );
    if let Some((winner, _)) = board.winner {
        return if winner == me.index() { 1.0 } else { 0.0 };
    }
    // The deal passes: the pone deals next.
    let after = board.scores;
    let next = odds
        .get([after[Seat::DEALER.index()], after[Seat::PONE.index()]])
        .win;
    if me == Seat::DEALER { 1.0 - next } else { next }
}
