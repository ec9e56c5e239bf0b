//! Whether a correction to `strongest`'s values of the play, learned from its own deals,
//! would choose better cards: the headroom of "a correction to its perfect-information
//! samples" (issue #50's second direction), with two players.
//!
//! crib's engine values a card by working out the rest of the deal, for each hand the other
//! player could hold, as if both could see every card. Each deal of the stream (level scores,
//! both throwing as the expert) is played with `strongest` as the pone in even deals and the
//! dealer in odd ones, the expert in the other seat. At each of `strongest`'s decisions with two
//! ranks or more, every legal card is played and the deal played out from it as both really
//! play: what it nets from there (its points less the other's, to the end of the play) is set
//! beside the engine's value. A correction is a weighted sum of that value and ten features of
//! the card ([`NAMES`]), fitted by least squares within each decision (each card's net less the
//! decision's mean), one set of weights a seat. It is fitted on one half of the deals (by
//! number, in blocks of two, so each half holds both seats) and measured on the other: at each
//! decision, the card the corrected values put first against the engine's first, each as it
//! really netted; then the halves swap. Last, the weights fitted on every deal, and with
//! `FRESH_SEED` (a second stream of as many deals) what those weights gain on it.
//!
//! A build of `strongest` that played by such weights (fitted to 20,000 deals of stream
//! 1129271890) is commit 916e178; docs/lab/strength.md says what it won.
//!
//! `cargo xtask experiment correction [DEALS] [SEED] [FRESH_SEED]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::players::turns::{play_advice, throw_all};
use crib::tables::rules::board::Game;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::{EventKind, Token, peg};
use crib::tables::state::deal::DealTable;

use super::shared::arg;
use super::shared::stats::mean_se;
use crate::generate::solve;

/// How many features describe a card, the engine's net first.
const FEATURES: usize = 10;

/// The features' names, in order.
const NAMES: [&str; FEATURES] = [
    "the engine's net",
    "a five",
    "a ten-card",
    "a low lead (an ace to a four, starting a count)",
    "leaves 5 or 21",
    "pairs the card before",
    "within two ranks of the card before (not a pair)",
    "leaves a count from 5 to 14",
    "leaves a count past 21",
    "another of its rank still held",
];

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 1);
    let fresh: Option<u64> = args.get(2).and_then(|a| a.parse().ok());
    let models = Models::committed();
    let start = Instant::now();
    let decisions = gather(models, seed, deals);
    println!(
        "{deals} deals, seed {seed}: {} decisions of strongest's with two ranks or more ({:.0} s)",
        decisions.len(),
        start.elapsed().as_secs_f64()
    );
    let fresh = fresh.map(|f| (f, gather(models, f, deals)));
    for seat in 0..2 {
        let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
        let name = ["pone", "dealer"][seat];
        let bias: Vec<f64> = mine
            .iter()
            .map(|d| d.tried[0].realized - d.tried[0].features[0])
            .collect();
        let (b, b_se) = mean_se(&bias);
        println!(
            "{name}: {} decisions; the engine's card nets {b:+.3} ± {b_se:.3} more than its value",
            mine.len()
        );
        let halves: Vec<(Vec<&Decision>, [f64; FEATURES])> = (0..2u64)
            .map(|half| {
                let (fitted, measured): (Vec<&Decision>, Vec<&Decision>) =
                    mine.iter().partition(|d| d.deal % 4 / 2 == half);
                (measured, fit(&fitted))
            })
            .collect();
        gain_line("fitted on the other half", &halves, seat, deals);
        let weights = fit(&mine);
        for (name, w) in NAMES.iter().zip(&weights) {
            println!("    {w:+.3}  {name}");
        }
        if let Some((f, fresh)) = &fresh {
            let theirs: Vec<&Decision> = fresh.iter().filter(|d| d.seat == seat).collect();
            gain_line(
                &format!("fitted on every deal, on seed {f}"),
                &[(theirs, weights)],
                seat,
                deals,
            );
        }
    }
}

/// What the corrected choice nets against the engine's, over every deal in which `seat` was
/// strongest's (whether it had a decision or not), each decision measured with its weights.
fn gain_line(what: &str, measured: &[(Vec<&Decision>, [f64; FEATURES])], seat: usize, deals: u64) {
    let mut gains = vec![0.0; deals as usize];
    let mut changed = 0;
    for (decisions, weights) in measured {
        for d in decisions {
            let best = first(d, weights);
            changed += usize::from(best != 0);
            gains[d.deal as usize] += d.tried[best].realized - d.tried[0].realized;
        }
    }
    let per_deal: Vec<f64> = (0..deals)
        .filter(|&d| (d % 2) as usize == seat)
        .map(|d| gains[d as usize])
        .collect();
    let (gain, se) = mean_se(&per_deal);
    println!(
        "  {what}: {changed} cards changed, {gain:+.4} ± {se:.4} points a deal ({:.1} se)",
        gain / se
    );
}

/// The place of the card `weights` put first at decision `d`, the engine's order on a tie.
fn first(d: &Decision, weights: &[f64; FEATURES]) -> usize {
    let score = |i: usize| -> f64 {
        d.tried[i]
            .features
            .iter()
            .zip(weights)
            .map(|(f, w)| f * w)
            .sum()
    };
    let mut best = 0;
    for i in 1..d.tried.len() {
        if score(i) > score(best) {
            best = i;
        }
    }
    best
}

/// One legal card at one decision: its features, and what it netted from there to the end of
/// the play.
#[derive(Debug, Clone, PartialEq)]
struct Tried {
    /// Its features, the engine's net first.
    features: [f64; FEATURES],
    /// Its points less the other player's, from this card to the end of the play.
    realized: f64,
}

/// One of strongest's decisions with a choice: its deal, its seat (0 the pone, 1 the dealer),
/// and every legal card tried, in the engine's order (its first card first).
#[derive(Debug, Clone, PartialEq)]
struct Decision {
    /// The deal's number in its stream.
    deal: u64,
    /// The seat deciding: 0 the pone, 1 the dealer.
    seat: usize,
    /// Every legal card, the engine's best first.
    tried: Vec<Tried>,
}

/// The decisions of deals `0..deals` of `seed`, on every core, in deal order.
fn gather(models: &Models, seed: u64, deals: u64) -> Vec<Decision> {
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
                let before = net(&table, seat);
                let tried = advice
                    .advice
                    .options
                    .iter()
                    .map(|option| {
                        let mut branch = table.clone();
                        branch.play(Token::Card(option.card)).expect("a legal card");
                        let features = features(&branch, seat, option.card, option.net());
                        play_out(models, &mut branch, strong, Level::Expert);
                        Tried {
                            features,
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
        let token = next(models, &table, seat, strong, Level::Expert);
        table.play(token).expect("a legal card");
    }
    out
}

/// What `seat` plays at `table`: strongest at `strong`, a player of `rival` at the other.
pub(super) fn next(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    strong: Seat,
    rival: Level,
) -> Token {
    let level = match seat == strong {
        true => Level::Strongest,
        false => rival,
    };
    level
        .play(models, &Seen::of(table, seat))
        .expect("a legal position")
}

/// The rest of the play at `table`, strongest at `strong`, a player of `rival` at the other.
pub(super) fn play_out(models: &Models, table: &mut DealTable, strong: Seat, rival: Level) {
    while let Some(seat) = table.play_at().turn {
        let token = next(models, table, seat, strong, rival);
        table.play(token).expect("a legal card");
    }
}

/// What `seat` has pegged so far less the other seat.
pub(super) fn net(table: &DealTable, seat: Seat) -> f64 {
    let pegging = peg(&table.tokens, table.game.players).expect("a legal play");
    let [mine, theirs] = [seat, seat.other()].map(|s| f64::from(pegging.totals[s.index()]));
    mine - theirs
}

/// The features of `card`, just played at `table` by `seat`, the engine valuing it at `net`: in
/// the order of [`NAMES`], each 1 or 0 but the net.
fn features(table: &DealTable, seat: Seat, card: Card, net: f64) -> [f64; FEATURES] {
    let pegging = peg(&table.tokens, table.game.players).expect("a legal play");
    let last = pegging
        .events
        .iter()
        .rev()
        .find(|e| matches!(e.kind, EventKind::Card(_)))
        .expect("the card just played");
    let count = last.count;
    let on_count: Vec<u8> = pegging
        .events
        .iter()
        .filter(|e| e.sequence == last.sequence)
        .filter_map(|e| match e.kind {
            EventKind::Card(c) => Some(c.rank().number()),
            _ => None,
        })
        .collect();
    let rank = card.rank().number();
    let value = card.rank().value();
    let before = (on_count.len() >= 2).then(|| on_count[on_count.len() - 2]);
    let lead = on_count.len() == 1;
    let held = table
        .in_hand(seat)
        .iter()
        .any(|c| c.rank().number() == rank);
    let flag = |b: bool| f64::from(u8::from(b));
    [
        net,
        flag(rank == 5),
        flag(value == 10),
        flag(lead && value <= 4),
        flag(count == 5 || count == 21),
        flag(before == Some(rank)),
        flag(before.is_some_and(|b| b != rank && b.abs_diff(rank) <= 2)),
        flag((5..15).contains(&count)),
        flag(count > 21),
        flag(held),
    ]
}

/// Least squares of what each card netted on its features, within each decision (each card's
/// less the decision's mean, so that only the differences between a decision's cards count),
/// the sums added in the decisions' order.
fn fit(decisions: &[&Decision]) -> [f64; FEATURES] {
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
    solve(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What was drawn from known weights is fitted back, whatever each decision's level: nets
    /// made exactly from weights on the engine's value and two features, over decisions whose
    /// cards differ in them; and the card put first is the one they value most.
    #[test]
    fn fits_what_it_was_drawn_from() {
        let mut truth = [0.0; FEATURES];
        truth[0] = 0.9;
        truth[3] = -0.4;
        truth[7] = 0.25;
        // A small linear congruential generator: features that vary independently.
        let mut state = 12_345u64;
        let mut draw = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let decisions: Vec<Decision> = (0..400u32)
            .map(|k| Decision {
                deal: u64::from(k),
                seat: 0,
                tried: (0..3)
                    .map(|_| {
                        let mut features = [0.0; FEATURES];
                        features[0] = (draw() % 11) as f64 - 5.0;
                        for slot in features.iter_mut().skip(1) {
                            *slot = f64::from(u8::from(draw() % 3 == 0));
                        }
                        let made: f64 = features.iter().zip(&truth).map(|(x, w)| x * w).sum();
                        Tried {
                            features,
                            realized: made + f64::from(k % 5),
                        }
                    })
                    .collect(),
            })
            .collect();
        let refs: Vec<&Decision> = decisions.iter().collect();
        let weights = fit(&refs);
        for (got, want) in weights.iter().zip(&truth) {
            assert!((got - want).abs() < 1e-6, "{weights:?}");
        }
        for d in &decisions {
            let best = first(d, &truth);
            assert!(d.tried.iter().all(|t| t.realized <= d.tried[best].realized));
        }
    }
}
