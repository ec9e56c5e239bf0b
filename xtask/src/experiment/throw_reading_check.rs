//! How much the other player's throw says about the hand they kept, and whether reading it more
//! exactly would say more. crib's engine weighs each hand the other player could hold by how
//! much likelier players are to keep it, over every deal, than four cards dealt at random are to
//! be it (the keep ratio, [`keep_ratio`]). Exactly, the other player's six cards came from the
//! cards you cannot see, and they kept the hand only if those six make it the keep. This
//! experiment measures both on seeded deals: each seat in turn throws as crib's `expert` (the
//! reader), the other as a level; before the play the reader's belief about the other's kept
//! ranks is scored by its log-loss (nats; lower is better) under
//! - `uniform`: every set of unseen cards alike;
//! - `ratio`: the keep ratio, as crib weighs them, and that ratio raised to a power (sharper
//!   above 1, softer below);
//! - `exact`: every pair of ranks the other could have thrown, from the cards left unseen, each
//!   weighed by the share of the deals of those six ranks in which the model's player of that
//!   seat throws that pair (tallied over all 20,358,520 deals, [`SPLITS`]), plus `alpha` of a
//!   deal in each of the 15 ways so that no throw is impossible.
//!
//! `cargo xtask experiment throw_reading_check [DEALS] [SEED]` (default 1,000 deals, seed 21).

use std::collections::HashMap;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::rules::board::{GAME, Game};
use crib::tables::rules::numbering::{binomial, rank_hands};
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::search::engine::keep_ratio;
use crib::tables::state::deal::DealTable;

use crate::generate::sweep::{HandSums, SPLITS, add, fold_deals};

use super::shared::arg;

/// The powers of the keep ratio tried.
const POWERS: [f64; 4] = [0.7, 1.3, 1.6, 2.0];

/// The share of a deal added to each way of throwing, in the exact reading.
const ALPHAS: [f64; 3] = [0.0001, 0.01, 0.5];

/// Six ranks (1 to 13, in any order) as one number.
fn pack(mut ranks: [u8; 6]) -> u32 {
    ranks.sort_unstable();
    ranks.iter().fold(0, |a, &r| a * 16 + u32::from(r))
}

/// A pair of ranks as a number, 0 to 168.
fn pair(a: u8, b: u8) -> usize {
    usize::from(a.min(b) - 1) * 13 + usize::from(a.max(b) - 1)
}

/// How often each seat throws each pair of ranks from each multiset of six ranks, throwing by
/// the model's tables as its kept hands do.
struct Throws {
    index: HashMap<u32, usize>,
    /// By seat (the pone's, the dealer's): by multiset, 169 counts by pair.
    counts: [Vec<u32>; 2],
}

impl Throws {
    fn tally(models: &Models) -> Throws {
        let mut multisets = Vec::new();
        for r in rank_hands() {
            for a in r[3]..=13 {
                for b in a..=13 {
                    let six = [r[0], r[1], r[2], r[3], a, b];
                    if (1..=13).all(|k| six.iter().filter(|&&x| x == k).count() <= 4) {
                        multisets.push(pack(six));
                    }
                }
            }
        }
        multisets.sort_unstable();
        multisets.dedup();
        let index: HashMap<u32, usize> =
            multisets.iter().enumerate().map(|(i, &m)| (m, i)).collect();
        let n = multisets.len();
        let sums = HandSums::new();
        let tables = models.expert.tables();
        let [dealer, pone] = fold_deals(
            || [vec![0u32; n * 169], vec![0u32; n * 169]],
            |counts, six| {
                let splits = sums.best_splits(six, tables);
                let ranks = six.map(|c| c / 4 + 1);
                let m = index[&pack(ranks)];
                for (side, split) in [splits.0, splits.1].into_iter().enumerate() {
                    let [i, j] = SPLITS[split].1;
                    counts[side][m * 169 + pair(ranks[i], ranks[j])] += 1;
                }
            },
            |mut a, b| {
                add(&mut a[0], &b[0]);
                add(&mut a[1], &b[1]);
                a
            },
        );
        Throws {
            index,
            counts: [pone, dealer],
        }
    }

    /// The share of the deals of `kept` and the pair `a`, `b` in which `seat` throws that pair,
    /// `alpha` of a deal added to each of the 15 ways.
    fn share(&self, seat: usize, kept: [u8; 4], (a, b): (u8, u8), alpha: f64) -> f64 {
        let m = self.index[&pack([kept[0], kept[1], kept[2], kept[3], a, b])];
        let row = &self.counts[seat][m * 169..(m + 1) * 169];
        let total: u32 = row.iter().sum();
        (f64::from(row[pair(a, b)]) + alpha) / (f64::from(total) + 15.0 * alpha)
    }
}

/// `n` choose `k`, for the few cards of a rank ([`binomial`]).
fn choose(n: u8, k: u8) -> f64 {
    binomial(usize::from(n), usize::from(k)) as f64
}

/// Each belief's log-loss of the hand `truth` the player in `seat` kept, the cards `unseen` (by
/// rank) hidden from the reader: uniform, the keep ratio, its powers, the exact readings.
fn losses(
    models: &Models,
    throws: &Throws,
    unseen: [u8; 14],
    seat: usize,
    truth: [u8; 4],
) -> Vec<f64> {
    let beliefs = 2 + POWERS.len() + ALPHAS.len();
    let (mut totals, mut at) = (vec![0.0; beliefs], vec![0.0; beliefs]);
    let mut truth = truth;
    truth.sort_unstable();
    for hand in rank_hands() {
        let mut left = unseen;
        let mut sets = 1.0;
        for r in 1..=13u8 {
            let k = hand.iter().filter(|&&x| x == r).count() as u8;
            sets *= choose(left[usize::from(r)], k);
            left[usize::from(r)] = left[usize::from(r)].saturating_sub(k);
        }
        if sets == 0.0 {
            continue;
        }
        let ratio = keep_ratio(models.kept.by_seat()[seat], hand);
        let mut weights = vec![sets, sets * ratio];
        weights.extend(POWERS.map(|p| sets * ratio.powf(p)));
        for alpha in ALPHAS {
            let mut exact = 0.0;
            for a in 1..=13u8 {
                for b in a..=13u8 {
                    let (na, nb) = (left[usize::from(a)], left[usize::from(b)]);
                    let ways = if a == b {
                        choose(na, 2)
                    } else {
                        f64::from(na) * f64::from(nb)
                    };
                    if ways > 0.0 {
                        exact += ways * throws.share(seat, hand, (a, b), alpha);
                    }
                }
            }
            weights.push(sets * exact);
        }
        for (i, w) in weights.into_iter().enumerate() {
            totals[i] += w;
            if hand == truth {
                at[i] = w;
            }
        }
    }
    totals.iter().zip(&at).map(|(t, a)| -(a / t).ln()).collect()
}

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 1_000);
    let seed: u64 = arg(args, 1, 21);
    let models = Models::committed();
    let start = std::time::Instant::now();
    let throws = &Throws::tally(models);
    println!(
        "{} multisets of six ranks tallied in {:.0} s; {deals} deals of seed {seed}, both seats",
        throws.index.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "log-loss of the kept hand (nats): uniform, ratio, ratio^{POWERS:?}, exact with alpha {ALPHAS:?}"
    );
    for level in [Level::Expert, Level::Greedy, Level::Random] {
        let all: Vec<Vec<f64>> = (0..deals)
            .into_par_iter()
            .flat_map_iter(|n| {
                let table =
                    DealTable::shuffle(Game::new(Players::TWO, GAME).unwrap(), seed, n, vec![0, 0]);
                (0..2).map(move |reader| {
                    let mut t = table.clone();
                    let other = 1 - reader;
                    for s in 0..2 {
                        let level = if s == reader { Level::Expert } else { level };
                        let throw = level.throw(models, &Seen::of(&t, Seat::new(s))).unwrap();
                        t.throw(Seat::new(s), &throw).unwrap();
                    }
                    let mut unseen = [4u8; 14];
                    unseen[0] = 0;
                    for c in t.dealt[reader].iter().chain([&t.starter]) {
                        unseen[usize::from(c.rank().number())] -= 1;
                    }
                    let kept = t.kept(Seat::new(other));
                    let truth = [0, 1, 2, 3].map(|i| kept[i].rank().number());
                    losses(models, throws, unseen, other, truth)
                })
            })
            .collect();
        let n = all.len() as f64;
        let means: Vec<String> = (0..all[0].len())
            .map(|i| format!("{:.4}", all.iter().map(|v| v[i]).sum::<f64>() / n))
            .collect();
        println!("{:<8} {}", level.name(), means.join("  "));
    }
    println!("({:.0} s)", start.elapsed().as_secs_f64());
}
