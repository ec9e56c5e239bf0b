//! The correction to the engine's values of the play ([`crib::tables::search::correction`]):
//! every card tried at each decision of crib's strongest player (without the correction) in
//! seeded two-player deals against the expert, each deal played out from it as both players
//! play, and the weights that fit what each card netted, by least squares within each decision,
//! one set for the pone and one for the dealer.
//!
//! Each deal is dealt at level scores (far from the end, so the board plays no part), both
//! players throw as the expert does, and crib's strongest player is the pone in even deals and
//! the dealer in odd ones. At each of its decisions with two ranks or more to play, each legal
//! card is played and the deal played out: what it nets (its points less the other's, from
//! that card to the end of the play) is the card's value against the hand the other player
//! really holds, played as both really play. The deal then goes on with the card strongest
//! plays. Deals are gathered on every core in their order and the sums are added in that order,
//! so the weights are the same to the last bit however many cores run it.

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::rules::board::Game;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::{Token, peg};
use crib::tables::rules::view::View;
use crib::tables::search::correction::{Correction, FEATURES, features};
use crib::tables::table::deal::DealTable;
use crib::tables::table::levels::{Level, Parts, Seen};
use crib::tables::table::players::{play_advice, throw_all};

/// The stream of deals the committed correction is fitted to.
pub const SEED: u64 = 0x434F_5252;

/// How many deals it is fitted to.
pub const DEALS: u64 = 20_000;

/// crib's strongest player without the correction: what the correction is fitted to correct.
pub const UNCORRECTED: Parts = Parts {
    correction: false,
    ..Parts::ALL
};

/// One legal card at one decision: its features, and what it netted from there to the end of
/// the play.
#[derive(Debug, Clone, PartialEq)]
pub struct Tried {
    /// Its features, the engine's net first.
    pub features: [f64; FEATURES],
    /// Its points less the other player's, from this card to the end of the play.
    pub realized: f64,
}

/// One of strongest's decisions with a choice: its deal, its seat (0 the pone, 1 the dealer),
/// and every legal card tried, in the engine's order (its first card first).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The deal's number in its stream.
    pub deal: u64,
    /// The seat deciding: 0 the pone, 1 the dealer.
    pub seat: usize,
    /// Every legal card, the engine's best first.
    pub tried: Vec<Tried>,
}

/// The decisions of deals `0..deals` of `seed`, on every core, in deal order.
pub fn gather(models: &Models, seed: u64, deals: u64) -> Vec<Decision> {
    (0..deals)
        .into_par_iter()
        .flat_map_iter(|deal| one_deal(models, seed, deal))
        .collect()
}

/// Deal `deal` of `seed`, every card tried at strongest's decisions.
fn one_deal(models: &Models, seed: u64, deal: u64) -> Vec<Decision> {
    let mut table = DealTable::shuffle(Game::TWO, seed, deal, vec![0; 2]);
    throw_all(models, &mut table, Level::Expert);
    let strong = Seat::new((deal % 2) as usize);
    let mut out = Vec::new();
    while let Some(seat) = table.play_at().turn {
        if seat == strong && table.legal().len() >= 2 {
            let advice = play_advice(models, &table, seat).expect("a legal position");
            if advice.advice.options.len() >= 2 {
                let view = own_view(&table, seat);
                let before = net(&table, seat);
                let tried = advice
                    .advice
                    .options
                    .iter()
                    .map(|option| {
                        let mut branch = table.clone();
                        branch.play(Token::Card(option.card)).expect("a legal card");
                        play_out(models, &mut branch, strong);
                        Tried {
                            features: features(&view, option.card, option.net()),
                            realized: net(&branch, seat) - before,
                        }
                    })
                    .collect();
                out.push(Decision {
                    deal,
                    seat: seat.index(),
                    tried,
                });
            }
        }
        let token = next(models, &table, seat, strong);
        table.play(token).expect("a legal card");
    }
    out
}

/// What `seat` plays at `table`: strongest (uncorrected) at `strong`, the expert at the other.
fn next(models: &Models, table: &DealTable, seat: Seat, strong: Seat) -> Token {
    let seen = Seen::of(table, seat);
    let played = match seat == strong {
        true => Level::Strongest.play_with(models, &seen, UNCORRECTED),
        false => Level::Expert.play(models, &seen),
    };
    played.expect("a legal position")
}

/// The rest of the play at `table`, strongest (uncorrected) at `strong`, the expert at the other.
fn play_out(models: &Models, table: &mut DealTable, strong: Seat) {
    while let Some(seat) = table.play_at().turn {
        let token = next(models, table, seat, strong);
        table.play(token).expect("a legal card");
    }
}

/// What `seat` has pegged so far less the other seat.
fn net(table: &DealTable, seat: Seat) -> f64 {
    let pegging = peg(&table.tokens, table.game.players).expect("a legal play");
    let [mine, theirs] = [seat, seat.other()].map(|s| f64::from(pegging.totals[s.index()]));
    mine - theirs
}

/// What `seat` sees at `table`: its hand, its throw and the starter, and the play.
fn own_view(table: &DealTable, seat: Seat) -> View<2> {
    let seen = Seen::of(table, seat);
    let mut known = seen.thrown.clone();
    known.extend(seen.starter);
    View::new(&seen.hand(), seat, &known, &table.tokens).expect("a legal position")
}

/// The correction that fits `decisions`: for each seat, [`fit`] over its decisions.
pub fn correction(decisions: &[Decision]) -> Correction {
    let weights = [0, 1].map(|seat| {
        let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
        fit(&mine)
    });
    Correction { weights }
}

/// Least squares of what each card netted on its features, within each decision (each card's
/// less the decision's mean, so that only the differences between a decision's cards count),
/// the sums added in the decisions' order.
pub fn fit(decisions: &[&Decision]) -> [f64; FEATURES] {
    let mut a = [[0.0; FEATURES]; FEATURES];
    let mut b = [0.0; FEATURES];
    for d in decisions {
        let n = d.tried.len() as f64;
        let mut mean = [0.0; FEATURES];
        let mut mean_realized = 0.0;
        for t in &d.tried {
            for (m, f) in mean.iter_mut().zip(&t.features) {
                *m += f / n;
            }
            mean_realized += t.realized / n;
        }
        for t in &d.tried {
            let x: [f64; FEATURES] = std::array::from_fn(|i| t.features[i] - mean[i]);
            for i in 0..FEATURES {
                b[i] += x[i] * (t.realized - mean_realized);
                for j in 0..FEATURES {
                    a[i][j] += x[i] * x[j];
                }
            }
        }
    }
    // A feature no decision's cards differ in would leave the system singular: a small ridge
    // sets its weight to nothing.
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-9;
    }
    super::solve(a, b)
}

/// The committed correction's source: the numbers as Rust prints them, which read back exactly.
pub fn render(correction: &Correction) -> String {
    let rows: Vec<String> = correction
        .weights
        .iter()
        .map(|row| {
            let weights: Vec<String> = row.iter().map(|w| format!("{w:e}")).collect();
            format!("[{}]", weights.join(", "))
        })
        .collect();
    format!(
        "// Generated by `cargo xtask tables correction`: do not edit.\n\
         pub const WEIGHTS: [[f64; {FEATURES}]; 2] = [{}];\n",
        rows.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(cards: &[([f64; FEATURES], f64)]) -> Decision {
        Decision {
            deal: 0,
            seat: 0,
            tried: cards
                .iter()
                .map(|&(features, realized)| Tried { features, realized })
                .collect(),
        }
    }

    /// What was drawn from known weights is fitted back: nets made exactly from weights on the
    /// engine's value and two features, over decisions whose cards differ in them.
    #[test]
    fn fits_what_it_was_drawn_from() {
        let truth = {
            let mut w = [0.0; FEATURES];
            w[0] = 0.9;
            w[3] = -0.4;
            w[7] = 0.25;
            w
        };
        // A small linear congruential generator: features that vary independently.
        let mut state = 12_345u64;
        let mut draw = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let mut decisions = Vec::new();
        for k in 0..400u32 {
            let offset = f64::from(k % 5);
            let cards: Vec<([f64; FEATURES], f64)> = (0..3)
                .map(|_| {
                    let mut f = [0.0; FEATURES];
                    f[0] = (draw() % 11) as f64 - 5.0;
                    for slot in f.iter_mut().skip(1) {
                        *slot = f64::from(u8::from(draw() % 3 == 0));
                    }
                    let y: f64 = f.iter().zip(&truth).map(|(x, w)| x * w).sum::<f64>() + offset;
                    (f, y)
                })
                .collect();
            decisions.push(decision(&cards));
        }
        let refs: Vec<&Decision> = decisions.iter().collect();
        let w = fit(&refs);
        for (got, want) in w.iter().zip(&truth) {
            assert!((got - want).abs() < 1e-6, "{w:?}");
        }
    }

    /// The rendered source reads back as the same numbers.
    #[test]
    fn renders_exactly() {
        let c = Correction {
            weights: [[
                0.1,
                -2.5e-3,
                1.0 / 3.0,
                0.0,
                7.0,
                -1.0,
                0.5,
                0.25,
                1e-12,
                -0.75,
            ]; 2],
        };
        let text = render(&c);
        let start = text.find("= ").unwrap() + 2;
        let numbers: Vec<f64> = text[start..]
            .split(|ch: char| {
                ch == '[' || ch == ']' || ch == ',' || ch == ';' || ch.is_whitespace()
            })
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let flat: Vec<f64> = c.weights.iter().flatten().copied().collect();
        assert_eq!(numbers, flat);
    }
}
