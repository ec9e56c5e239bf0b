//! Stratified draws: a mean over a pool of draws, weighed a few at a time from each stratum
//! (draws alike in what decides most of their value) until it is precise enough.
//!
//! The discard for the game ([`crate::advice::for_game::discard`]) weighs the other side's deals, and near
//! the end of a game a deal is won or lost mostly by the ranks the other side keeps (how the
//! play goes, what their hand counts). Drawn at random, the deals then differ so much that
//! 50,000 of them are needed for a standard error of 0.2%; taken a few from each kept rank hand
//! and weighted by how often the pool keeps it, a few thousand do.

use rayon::prelude::*;

/// A value's mean over the pool and its standard error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Estimate {
    /// The stratified mean.
    pub mean: f64,
    /// Its standard error, counting both the draws' noise and the pool's: the weights of the
    /// strata are counted from the pool, itself a sample.
    pub se: f64,
    /// The standard error of the best value's mean (the highest) less this one's, over the
    /// same draws: whether the two differ by more than chance (0 for the best itself).
    pub gap_se: f64,
}

/// A pool of draws split into strata, each stratum in the pool's order.
pub(crate) struct Strata<'a, T> {
    strata: Vec<Vec<&'a T>>,
    pool: usize,
}

impl<'a, T: Sync> Strata<'a, T> {
    /// The `pool` split by `key` (a small number: strata are counted in a table as long as
    /// the largest key), the strata in the order their first draws come.
    pub(crate) fn new(pool: Vec<&'a T>, key: impl Fn(&T) -> usize + Sync) -> Strata<'a, T> {
        let mut index: Vec<Option<usize>> = Vec::new();
        let mut strata: Vec<Vec<&T>> = Vec::new();
        let size = pool.len();
        let keys: Vec<usize> = pool.par_iter().map(|&d| key(d)).collect();
        for (draw, k) in pool.into_iter().zip(keys) {
            if k >= index.len() {
                index.resize(k + 1, None);
            }
            let s = *index[k].get_or_insert(strata.len());
            if s == strata.len() {
                strata.push(Vec::new());
            }
            strata[s].push(draw);
        }
        Strata { strata, pool: size }
    }

    /// Strata split already: each stratum's draws in the pool's order, the strata in the order
    /// their first draws come (as [`Strata::new`] would split the pool).
    pub(crate) fn from_strata(strata: Vec<Vec<&'a T>>) -> Strata<'a, T> {
        let pool = strata.iter().map(Vec::len).sum();
        Strata { strata, pool }
    }

    /// The mean of each of `values` values between 0 and 1 (chances) that `value` gives a
    /// draw, over the pool: draws are
    /// taken `batch` at a time, in proportion to each stratum's size and at least one from
    /// each, until every standard error is under `target` or the pool runs out. The estimates
    /// and how many draws were weighed; the same pool gives the same answer.
    pub(crate) fn weigh(
        &self,
        values: usize,
        batch: usize,
        target: f64,
        value: impl Fn(&T) -> Vec<f64> + Sync,
    ) -> (Vec<Estimate>, usize) {
        let mut sums = Sums::new(self.strata.len(), values);
        let mut taken = vec![0usize; self.strata.len()];
        let sizes = self.sizes();
        let mut budget = 0usize;
        let mut rows: Vec<(usize, Vec<f64>)> = Vec::new();
        loop {
            budget += batch;
            let next: Vec<(usize, &T)> = self.next_draws(&mut taken, budget);
            let weighed: Vec<Vec<f64>> = next.par_iter().map(|&(_, d)| value(d)).collect();
            for ((s, _), draw) in next.iter().zip(weighed) {
                sums.add(*s, &draw);
                rows.push((*s, draw));
            }
            let mut estimates = sums.estimates(&sizes);
            let done = taken.iter().zip(&self.strata).all(|(&t, s)| t == s.len());
            if done || estimates.iter().all(|e| e.se < target) {
                gaps(&mut estimates, &rows, &sizes);
                return (estimates, taken.iter().sum());
            }
        }
    }

    /// The first `batch` draws [`Strata::weigh`] takes, each with its weight in the stratified
    /// mean (its stratum's share of the pool over the draws taken from it): the mean over the
    /// first batch is the sum of each draw's value times its weight.
    pub(crate) fn first_batch(&self, batch: usize) -> Vec<(&'a T, f64)> {
        let mut taken = vec![0usize; self.strata.len()];
        let next = self.next_draws(&mut taken, batch);
        let pool = self.pool.max(1) as f64;
        next.into_iter()
            .map(|(s, d)| (d, self.strata[s].len() as f64 / pool / taken[s] as f64))
            .collect()
    }

    /// The draws that bring each stratum up to its share of `budget` (at least one), each with
    /// its stratum; `taken` counts each stratum's draws so far.
    fn next_draws(&self, taken: &mut [usize], budget: usize) -> Vec<(usize, &'a T)> {
        let mut next = Vec::new();
        for (s, (stratum, taken)) in self.strata.iter().zip(taken.iter_mut()).enumerate() {
            let share = (budget * stratum.len() / self.pool.max(1)).clamp(1, stratum.len());
            next.extend(stratum[*taken..share.max(*taken)].iter().map(|&d| (s, d)));
            *taken = share.max(*taken);
        }
        next
    }

    /// How many draws of the pool each stratum holds.
    fn sizes(&self) -> Vec<usize> {
        self.strata.iter().map(Vec::len).collect()
    }
}

/// Fill in each estimate's `gap_se`: the error of the best mean less its own, estimated from
/// the same draws (`rows`: each draw's stratum and values) as the means.
fn gaps(estimates: &mut [Estimate], rows: &[(usize, Vec<f64>)], sizes: &[usize]) {
    let Some(best) = (0..estimates.len()).reduce(|a, b| {
        if estimates[b].mean > estimates[a].mean {
            b
        } else {
            a
        }
    }) else {
        return;
    };
    let mut sums = Sums::new(sizes.len(), estimates.len());
    for (stratum, values) in rows {
        let gaps: Vec<f64> = values.iter().map(|v| values[best] - v).collect();
        sums.add(*stratum, &gaps);
    }
    for (v, estimate) in estimates.iter_mut().enumerate() {
        estimate.gap_se = sums.estimate(v, sizes).se;
    }
}

/// For each stratum and value, the count, sum and sum of squares of the draws weighed.
struct Sums {
    values: usize,
    counts: Vec<usize>,
    /// Stratum by stratum, each value's (sum, sum of squares).
    sums: Vec<(f64, f64)>,
}

impl Sums {
    fn new(strata: usize, values: usize) -> Sums {
        Sums {
            values,
            counts: vec![0; strata],
            sums: vec![(0.0, 0.0); strata * values],
        }
    }

    fn add(&mut self, stratum: usize, draw: &[f64]) {
        self.counts[stratum] += 1;
        let row = &mut self.sums[stratum * self.values..(stratum + 1) * self.values];
        for (sum, &v) in row.iter_mut().zip(draw) {
            sum.0 += v;
            sum.1 += v * v;
        }
    }

    /// Each value's stratified mean and standard error, each stratum weighted by its `sizes`
    /// in the pool.
    fn estimates(&self, sizes: &[usize]) -> Vec<Estimate> {
        (0..self.values).map(|v| self.estimate(v, sizes)).collect()
    }

    /// The stratified mean of value `v` and its standard error. A stratum of one draw is given
    /// the variance pooled over the strata of more (or, with none, a chance's largest, 1/4);
    /// the weights' own error is that of
    /// counting each stratum's share in the pool. Sums are over whole sizes, divided last, so
    /// that a value that never varies comes out exact.
    fn estimate(&self, v: usize, sizes: &[usize]) -> Estimate {
        let pool = sizes.iter().sum::<usize>().max(1) as f64;
        let strata: Vec<(f64, usize, f64, f64)> = sizes
            .iter()
            .enumerate()
            .filter(|&(s, _)| self.counts[s] > 0)
            .map(|(s, &size)| {
                let (sum, squares) = self.sums[s * self.values + v];
                let n = self.counts[s];
                let mean = sum / n as f64;
                (size as f64, n, mean, (squares - sum * mean).max(0.0))
            })
            .collect();
        let mean = strata.iter().map(|&(size, _, m, _)| size * m).sum::<f64>() / pool;
        let (spread, freedom) = strata
            .iter()
            .filter(|&&(_, n, _, _)| n > 1)
            .fold((0.0, 0usize), |(s, f), &(_, n, _, d)| (s + d, f + n - 1));
        let pooled = if freedom > 0 {
            spread / freedom as f64
        } else {
            0.25
        };
        let draws = strata
            .iter()
            .map(|&(size, n, _, d)| {
                let var = if n > 1 { d / (n - 1) as f64 } else { pooled };
                size * size * var / n as f64
            })
            .sum::<f64>()
            / (pool * pool);
        let shares = strata
            .iter()
            .map(|&(size, _, m, _)| size * (m - mean) * (m - mean))
            .sum::<f64>()
            / (pool * pool);
        Estimate {
            mean,
            se: (draws + shares).sqrt(),
            gap_se: 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shuffle::Rng;

    /// Draws whose value is their stratum's plus a little noise: a few draws a stratum pin the
    /// mean, the estimate agrees with the pool's plain mean, and the error is honest.
    #[test]
    fn strata_pin_a_mean_with_few_draws() {
        let mut rng = Rng::new(7);
        let pool: Vec<(usize, f64)> = (0..60_000)
            .map(|_| {
                let s = rng.below(200) as usize;
                let noise = rng.below(1_000) as f64 / 10_000.0;
                (s, (s % 2) as f64 * 0.9 + noise)
            })
            .collect();
        let plain = pool.iter().map(|d| d.1).sum::<f64>() / pool.len() as f64;
        let strata = Strata::new(pool.iter().collect(), |d| d.0);
        let (estimates, draws) = strata.weigh(1, 1_000, 0.003, |d| vec![d.1]);
        assert!(draws < 3_000, "{draws}");
        let e = estimates[0];
        assert!((e.mean - plain).abs() < 3.0 * e.se, "{e:?} {plain}");
        // The weights' own error: a 0/0.9 split over 60,000 draws, about 0.0018.
        assert!(e.se > 0.0015 && e.se < 0.003, "{e:?}");
    }

    /// The error of a gap over the same draws: two values that move together differ by far less
    /// than either's own error, and the best's gap to itself is none.
    #[test]
    fn a_gap_over_the_same_draws_is_sharper_than_its_values() {
        let mut rng = Rng::new(11);
        let pool: Vec<(usize, f64)> = (0..20_000)
            .map(|i| (i % 50, rng.below(1_000) as f64 / 1_000.0))
            .collect();
        let strata = Strata::new(pool.iter().collect(), |d| d.0);
        let (estimates, _) = strata.weigh(3, 2_000, 0.0, |d| vec![d.1, d.1 * 0.99, 1.0 - d.1]);
        assert_eq!(estimates[0].gap_se, 0.0);
        assert!(
            estimates[1].gap_se < estimates[1].se / 10.0,
            "{estimates:?}"
        );
        assert!(estimates[2].gap_se > estimates[2].se, "{estimates:?}");
    }

    /// The first batch's weighted sum is the mean the first round of [`Strata::weigh`] gives.
    #[test]
    fn the_first_batch_is_the_first_round() {
        let pool: Vec<(usize, f64)> = (0..5_000)
            .map(|i| (i % 37 * i % 11, (i % 13) as f64 / 13.0))
            .collect();
        let strata = Strata::new(pool.iter().collect(), |d| d.0);
        let (estimates, _) = strata.weigh(1, 1_000, 1.0, |d| vec![d.1]);
        let batch = strata.first_batch(1_000);
        let sum: f64 = batch.iter().map(|(d, w)| d.1 * w).sum();
        assert!(
            (sum - estimates[0].mean).abs() < 1e-12,
            "{sum} {:?}",
            estimates[0]
        );
        assert!((batch.iter().map(|b| b.1).sum::<f64>() - 1.0).abs() < 1e-12);
    }

    /// Values that never vary are exact, and a pool smaller than a batch is weighed whole.
    #[test]
    fn a_certain_value_has_no_error() {
        let pool: Vec<usize> = (0..500).collect();
        let strata = Strata::new(pool.iter().collect(), |&d| d % 7);
        let (estimates, draws) = strata.weigh(2, 2_048, 0.002, |_| vec![1.0, 0.0]);
        assert_eq!(draws, 500);
        let exact = |mean| Estimate {
            mean,
            se: 0.0,
            gap_se: 0.0,
        };
        assert_eq!(estimates[0], exact(1.0));
        assert_eq!(estimates[1], exact(0.0));
    }
}
