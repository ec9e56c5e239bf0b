//! Averages of real two-player deals under the expert crib model: both hands dealt from one
//! deck, each seat throwing as the model's players do, the hands and crib counted.

use rayon::prelude::*;

use crate::generate::sweep::{HandSums, SPLITS};
use crib::tables::model::throws::Tables;
use crib::tables::rules::card::Card;
use crib::tables::rules::show::{HandKind, Prepared};
use crib::tables::rules::shuffle::Rng;

/// Averages of real two-player deals under the model, with their standard errors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Simulation {
    /// How many deals were played.
    pub deals: u64,
    /// The crib's points: (mean, standard error).
    pub crib: (f64, f64),
    /// The dealer's hand's points.
    pub dealer_hand: (f64, f64),
    /// The pone's hand's points.
    pub pone_hand: (f64, f64),
}

/// Deal `deals` random two-player deals (seeded), let both sides throw as the model's players
/// do under `tables`, turn a starter and count the hands and the crib. Unlike the tables, this
/// deals both hands from one deck, so the two throws are as dependent as in a real game.
pub fn simulate(tables: &Tables, deals: u64, seed: u64) -> Simulation {
    let sums = HandSums::new();
    let chunks = 64u64;
    let per_chunk = deals.div_ceil(chunks);
    let zero = || [[0f64; 2]; 3];
    let moments = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut rng = Rng::stream(seed, chunk);
            let mut moments = zero();
            let n = per_chunk.min(deals.saturating_sub(chunk * per_chunk));
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            for _ in 0..n {
                // A partial Fisher-Yates shuffle: the first 13 cards are the deal.
                rng.shuffle_front(&mut deck, 13);
                let mut dealer: [u8; 6] = deck[..6].try_into().unwrap_or_default();
                let mut pone: [u8; 6] = deck[6..12].try_into().unwrap_or_default();
                dealer.sort_unstable();
                pone.sort_unstable();
                let starter = sums.deck[usize::from(deck[12])];
                let (dealer_split, _) = sums.best_splits(dealer, tables);
                let (_, pone_split) = sums.best_splits(pone, tables);
                let cards = |six: [u8; 6], positions: &[usize]| -> Vec<Card> {
                    positions
                        .iter()
                        .map(|&p| sums.deck[usize::from(six[p])])
                        .collect()
                };
                let score = |cards: &[Card], kind| {
                    let four: [Card; 4] = cards.try_into().unwrap_or([starter; 4]);
                    f64::from(Prepared::new(&four, kind).score(starter))
                };
                let (dealer_keep, dealer_throw) = SPLITS[dealer_split];
                let (pone_keep, pone_throw) = SPLITS[pone_split];
                let mut crib = cards(dealer, &dealer_throw);
                crib.extend(cards(pone, &pone_throw));
                let points = [
                    score(&crib, HandKind::Crib),
                    score(&cards(dealer, &dealer_keep), HandKind::Hand),
                    score(&cards(pone, &pone_keep), HandKind::Hand),
                ];
                for (m, x) in moments.iter_mut().zip(points) {
                    m[0] += x;
                    m[1] += x * x;
                }
            }
            moments
        })
        .reduce(zero, |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x[0] += y[0];
                x[1] += y[1];
            }
            a
        });
    let n = deals as f64;
    let estimate = |m: [f64; 2]| {
        let mean = m[0] / n;
        let variance = (m[1] / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean, (variance / n).sqrt())
    };
    Simulation {
        deals,
        crib: estimate(moments[0]),
        dealer_hand: estimate(moments[1]),
        pone_hand: estimate(moments[2]),
    }
}
