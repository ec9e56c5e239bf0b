//! Estimates over sampled deals, shared by the strategies that weigh choices on the same deals:
//! a choice's standard error, and that of its gap to the best choice.

/// Choice `c`'s standard error over the deals' values (`per_deal[deal][choice]`), and that of
/// the `best` choice's value less its own (0 for the best itself).
pub(crate) fn spread(per_deal: &[Vec<f64>], c: usize, best: usize) -> (f64, f64) {
    let gap_se = if c == best {
        0.0
    } else {
        standard_error(per_deal, |d| d[best] - d[c])
    };
    (standard_error(per_deal, |d| d[c]), gap_se)
}

/// The standard error of the mean of `f` over the deals' values.
fn standard_error(per_deal: &[Vec<f64>], f: impl Fn(&[f64]) -> f64) -> f64 {
    let n = per_deal.len() as f64;
    let m = per_deal.iter().map(|d| f(d)).sum::<f64>() / n;
    let var = per_deal.iter().map(|d| (f(d) - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (var / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: values 1, 2, 3 (mean 2, sample variance 1) have a standard error of
    /// 1/√3; a choice always one above the best's has a gap with no spread.
    #[test]
    fn spread_by_hand() {
        let per_deal = vec![vec![1.0, 2.0], vec![2.0, 3.0], vec![3.0, 4.0]];
        let (se, gap) = spread(&per_deal, 0, 1);
        assert!((se - 1.0 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(gap, 0.0);
        assert_eq!(spread(&per_deal, 1, 1).1, 0.0);
    }
}
