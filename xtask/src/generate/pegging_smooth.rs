//! The pegging tables of three and four players with their sampling noise taken out
//! (`cargo xtask tables pegsmooth`). An entry of [`super::pegging34`] is the mean of 128
//! deals (three players) or 48 (four), so it carries a sampling error about as large as the
//! differences between the hands one deal lets you keep. Each entry is pulled towards what a
//! hand of its shape pegs, by as much as the data say is noise:
//! - **The shape** ([`features`]): each rank held, the pairs, the fifteens, the runs and the
//!   near-runs, the hand's total pips squared and whether it holds three of a rank. A least
//!   squares fit of a seat's 1,820 entries on these gives what the hands of that shape peg.
//! - **The noise**: the spread of one deal's points about its entry's mean, over [`NOISE_HANDS`]
//!   hands in each seat played out again ([`noise`]), divided by the deals an entry is the mean
//!   of.
//! - **The pull** (empirical Bayes, as James and Stein): what the fit leaves unexplained is
//!   part real and part noise; each entry keeps the real share of its distance from the fit,
//!   `1 - noise / unexplained`, and is pulled the rest of the way.

use rayon::prelude::*;

use crib::tables::model::pegging::PegValue;
use crib::tables::rules::numbering::rank_hands;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::Rng;
use crib::tables::search::sampled::mine_theirs;

use super::pegging34::{Pools, draw_hands, engine_play, samples};

/// How many features [`features`] gives a hand.
pub const FEATURES: usize = 21;

/// How many hands in each seat are played out again to measure the noise.
pub const NOISE_HANDS: usize = 32;

/// How many deals each of those hands is played out over.
pub const NOISE_DEALS: usize = 32;

/// The card's value in a fifteen.
fn pips(rank: u8) -> u32 {
    u32::from(rank.min(10))
}

/// The shape of a hand of four ranks (ascending): how many of each rank (13), the pairs, the
/// fifteens, whether it holds a run of three and of four, the pairs of distinct ranks one and
/// two apart, its total pips squared (over 100), and whether it holds three of a rank. The
/// rank counts sum to four, so they stand in for a constant.
pub fn features(hand: [u8; 4]) -> [f64; FEATURES] {
    let mut counts = [0u32; 14];
    for r in hand {
        counts[usize::from(r)] += 1;
    }
    let mut f = [0.0; FEATURES];
    for rank in 1..=13 {
        f[rank - 1] = f64::from(counts[rank]);
    }
    f[13] = counts
        .iter()
        .map(|&c| f64::from(c * c.saturating_sub(1) / 2))
        .sum();
    f[14] = (1u32..16)
        .filter(|mask| mask.count_ones() >= 2)
        .filter(|mask| {
            let total: u32 = (0..4)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| pips(hand[i]))
                .sum();
            total == 15
        })
        .count() as f64;
    let distinct: Vec<u8> = (1..=13u8).filter(|&r| counts[usize::from(r)] > 0).collect();
    let (mut longest, mut run) = (1, 1);
    for w in distinct.windows(2) {
        run = if w[1] == w[0] + 1 { run + 1 } else { 1 };
        longest = longest.max(run);
    }
    f[15] = f64::from(u8::from(longest >= 3));
    f[16] = f64::from(u8::from(longest >= 4));
    let apart = |gap: u8| {
        let mut n = 0.0;
        for (i, &a) in distinct.iter().enumerate() {
            n += distinct[i + 1..].iter().filter(|&&b| b - a == gap).count() as f64;
        }
        n
    };
    f[17] = apart(1);
    f[18] = apart(2);
    let total: u32 = hand.iter().map(|&r| pips(r)).sum();
    f[19] = f64::from(total * total) / 100.0;
    f[20] = f64::from(u8::from(counts.iter().any(|&c| c >= 3)));
    f
}

/// The least-squares coefficients of `ys` on `xs` (normal equations, Gaussian elimination with
/// partial pivoting).
fn least_squares(xs: &[[f64; FEATURES]], ys: &[f64]) -> [f64; FEATURES] {
    let mut a = [[0.0; FEATURES + 1]; FEATURES];
    for (x, &y) in xs.iter().zip(ys) {
        for i in 0..FEATURES {
            for j in 0..FEATURES {
                a[i][j] += x[i] * x[j];
            }
            a[i][FEATURES] += x[i] * y;
        }
    }
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .expect("rows left");
        a.swap(col, pivot);
        let pivot_row = a[col];
        for (row, r) in a.iter_mut().enumerate() {
            if row != col {
                let factor = r[col] / pivot_row[col];
                for (x, p) in r.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= factor * p;
                }
            }
        }
    }
    std::array::from_fn(|i| a[i][FEATURES] / a[i][i])
}

/// The noise in one seat: the variance of one deal's points (the holder's, his rivals') about
/// its hand's mean, pooled over the hands played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Noise {
    /// Of the points the holder (his side) pegs.
    pub mine: f64,
    /// Of the points his rivals peg.
    pub theirs: f64,
}

/// The noise in each seat of `N` players: [`NOISE_HANDS`] hands a seat, spread over the 1,820,
/// each played out over [`NOISE_DEALS`] deals drawn from `pools` as the table's are (seeded
/// apart from them).
pub fn noise<const N: usize>(pools: &Pools) -> Vec<Noise> {
    let hands = rank_hands();
    (0..N)
        .map(|seat| {
            let spreads: Vec<(f64, f64)> = (0..NOISE_HANDS)
                .into_par_iter()
                .map(|i| {
                    let ranks = hands[i * hands.len() / NOISE_HANDS];
                    let stream = (N * 100 + seat) as u64 * 1_000 + i as u64;
                    let mut rng = Rng::stream(0x05EE_D0F7_015E, stream);
                    let points: Vec<(f64, f64)> = (0..NOISE_DEALS)
                        .map(|_| {
                            let held = draw_hands::<N>(seat, ranks, pools, &mut rng);
                            mine_theirs(&engine_play(&held), Seat::new(seat))
                        })
                        .collect();
                    (
                        variance(points.iter().map(|p| p.0)),
                        variance(points.iter().map(|p| p.1)),
                    )
                })
                .collect();
            let n = spreads.len() as f64;
            Noise {
                mine: spreads.iter().map(|s| s.0).sum::<f64>() / n,
                theirs: spreads.iter().map(|s| s.1).sum::<f64>() / n,
            }
        })
        .collect()
}

/// The committed raw means (`pegging34_means.bin`): three players' seats, then four's, each
/// seat's hands by number, before the noise is pulled out.
pub fn committed_means() -> [Vec<Vec<PegValue>>; 2] {
    let bytes = crate::committed(crate::files::PEG_MEANS);
    super::pegging34::tables(&crate::samples::decode_values(&bytes))
}

/// The unbiased variance of `xs`.
fn variance(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let n = xs.clone().count() as f64;
    let mean = xs.clone().sum::<f64>() / n;
    xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
}

/// How far one column of a seat's entries was pulled: the share of its distance from the fit
/// it kept.
fn smooth_column(ys: &[f64], noise: f64) -> (Vec<f64>, f64) {
    let xs: Vec<[f64; FEATURES]> = rank_hands().into_iter().map(features).collect();
    let beta = least_squares(&xs, ys);
    let fit: Vec<f64> = xs
        .iter()
        .map(|x| x.iter().zip(&beta).map(|(a, b)| a * b).sum())
        .collect();
    let unexplained = ys
        .iter()
        .zip(&fit)
        .map(|(y, f)| (y - f).powi(2))
        .sum::<f64>()
        / (ys.len() - FEATURES) as f64;
    let kept = (1.0 - noise / unexplained).clamp(0.0, 1.0);
    let values = ys
        .iter()
        .zip(&fit)
        .map(|(y, f)| f + kept * (y - f))
        .collect();
    (values, kept)
}

/// One seat's entries (by hand number) with the noise pulled out, the noise of an entry being
/// `noise` over the `deals` it is the mean of; and the share of the distance from the fit kept,
/// for the holder's points and his rivals'.
pub fn smooth_seat(entries: &[PegValue], noise: Noise, deals: usize) -> (Vec<PegValue>, [f64; 2]) {
    let n = deals as f64;
    let mine: Vec<f64> = entries.iter().map(|e| e.mine).collect();
    let theirs: Vec<f64> = entries.iter().map(|e| e.theirs).collect();
    let (mine, kept_mine) = smooth_column(&mine, noise.mine / n);
    let (theirs, kept_theirs) = smooth_column(&theirs, noise.theirs / n);
    let values = mine
        .into_iter()
        .zip(theirs)
        .map(|(mine, theirs)| PegValue { mine, theirs })
        .collect();
    (values, [kept_mine, kept_theirs])
}

/// The pegging table of `N` players with its noise pulled out, and what it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Smoothed {
    /// By seat, every hand's entry by number.
    pub seats: Vec<Vec<PegValue>>,
    /// By seat, the noise of one deal ([`noise`]).
    pub noise: Vec<Noise>,
    /// By seat, the share of each entry's distance from the fit kept: the holder's points, his
    /// rivals'.
    pub kept: Vec<[f64; 2]>,
}

/// Every seat of `N` players' table of `means` (by seat, by hand) smoothed ([`smooth_seat`]),
/// the noise measured with the others' hands drawn from `pools`.
pub fn smooth<const N: usize>(means: &[Vec<PegValue>], pools: &Pools) -> Smoothed {
    let noise = noise::<N>(pools);
    let (seats, kept) = means
        .iter()
        .zip(&noise)
        .map(|(entries, &noise)| smooth_seat(entries, noise, samples(N)))
        .unzip();
    Smoothed { seats, noise, kept }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_of_hands_worked_by_hand() {
        // 5-5-J-Q: one pair, fifteens 5+J and 5+Q twice each = 4, no run, J-Q one apart.
        let f = features([5, 5, 11, 12]);
        assert_eq!((f[4], f[10], f[11]), (2.0, 1.0, 1.0));
        assert_eq!((f[13], f[14], f[15], f[16]), (1.0, 4.0, 0.0, 0.0));
        assert_eq!((f[17], f[18], f[19], f[20]), (1.0, 0.0, 9.0, 0.0));
        // 6-7-8-9: a run of four, 7+8 and 6+9 make fifteen; one apart three times, two apart
        // twice.
        let f = features([6, 7, 8, 9]);
        assert_eq!(
            (f[14], f[15], f[16], f[17], f[18]),
            (2.0, 1.0, 1.0, 3.0, 2.0)
        );
        // A-A-A-2: three pairs, three of a rank, a run of two only.
        let f = features([1, 1, 1, 2]);
        assert_eq!((f[13], f[15], f[17], f[20]), (3.0, 0.0, 1.0, 1.0));
    }

    #[test]
    fn a_column_the_shape_explains_is_kept_and_noise_is_pulled_out() {
        let xs: Vec<[f64; FEATURES]> = rank_hands().into_iter().map(features).collect();
        // A column that is exactly a fit of the shape comes back as it is.
        let exact: Vec<f64> = xs
            .iter()
            .map(|x| 0.5 * x[4] + 0.3 * x[13] - 0.1 * x[19])
            .collect();
        let (values, _) = smooth_column(&exact, 0.01);
        for (v, e) in values.iter().zip(&exact) {
            assert!((v - e).abs() < 1e-9);
        }
        // The same column with a deterministic zig-zag of ±0.2: said to be all noise, it is
        // pulled back near the shape; said to be no noise, it is kept as it is.
        let bumped: Vec<f64> = exact
            .iter()
            .enumerate()
            .map(|(i, e)| e + if i % 2 == 0 { 0.2 } else { -0.2 })
            .collect();
        let (pulled, kept) = smooth_column(&bumped, 0.04);
        assert!(kept < 0.05, "kept {kept}");
        let error = |vs: &[f64]| {
            vs.iter()
                .zip(&exact)
                .map(|(v, e)| (v - e).abs())
                .sum::<f64>()
        };
        assert!(error(&pulled) < 0.25 * error(&bumped));
        let (kept_all, kept) = smooth_column(&bumped, 0.0);
        assert_eq!(kept, 1.0);
        assert!(error(&kept_all) > 0.99 * error(&bumped));
    }
}
