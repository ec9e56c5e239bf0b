//! The expert crib model against published expert tables. (Its consistency, the last round
//! done again, its kept hands and its cribs, is the slow tier's: `cargo xtask verify expert`.)
//!
//! The published figures below are quoted only to compare with: crib computes its model from
//! the rules alone (`src/model/expert.rs`), and nothing here feeds into it.

use crib_core::Rank;
use crib_core::tables::exact::crib::{CribTable, crib_table};
use crib_core::tables::model::Models;
use crib_core::tables::model::expert::Model;
use crib_core::tables::rules::seat::Seat;

fn model() -> &'static Model {
    &Models::committed().expert
}

/// Craig Hessel's table of the dealer's throw into his own crib (rank pairs, suits ignored,
/// crib flushes left out), as republished on cribbageforum.com ("Discarding to your crib",
/// YourCrib.htm) and in several open-source cribbage programs. Row and column: A to K.
const HESSEL_OWN: [[f64; 13]; 13] = [
    [
        5.26, 4.18, 4.47, 5.45, 5.48, 3.80, 3.73, 3.70, 3.33, 3.37, 3.65, 3.39, 3.42,
    ],
    [
        4.18, 5.67, 6.97, 4.51, 5.44, 3.87, 3.81, 3.58, 3.63, 3.51, 3.79, 3.52, 3.55,
    ],
    [
        4.47, 6.97, 5.90, 4.88, 6.01, 3.72, 3.67, 3.84, 3.66, 3.61, 3.88, 3.62, 3.66,
    ],
    [
        5.45, 4.51, 4.88, 5.65, 6.54, 3.87, 3.74, 3.84, 3.69, 3.62, 3.89, 3.63, 3.67,
    ],
    [
        5.48, 5.44, 6.01, 6.54, 8.95, 6.65, 6.04, 5.49, 5.47, 6.68, 7.04, 6.71, 6.70,
    ],
    [
        3.80, 3.87, 3.72, 3.87, 6.65, 5.74, 4.94, 4.70, 5.11, 3.15, 3.40, 3.08, 3.13,
    ],
    [
        3.73, 3.81, 3.67, 3.74, 6.04, 4.94, 5.98, 6.58, 4.06, 3.10, 3.43, 3.17, 3.21,
    ],
    [
        3.70, 3.58, 3.84, 3.84, 5.49, 4.70, 6.58, 5.42, 4.74, 3.86, 3.39, 3.16, 3.20,
    ],
    [
        3.33, 3.63, 3.66, 3.69, 5.47, 5.11, 4.06, 4.74, 5.09, 4.27, 3.98, 2.97, 3.05,
    ],
    [
        3.37, 3.51, 3.61, 3.62, 6.68, 3.15, 3.10, 3.86, 4.27, 4.73, 4.64, 3.36, 2.86,
    ],
    [
        3.65, 3.79, 3.88, 3.89, 7.04, 3.40, 3.43, 3.39, 3.98, 4.64, 5.37, 4.90, 4.07,
    ],
    [
        3.39, 3.52, 3.62, 3.63, 6.71, 3.08, 3.17, 3.16, 2.97, 3.36, 4.90, 4.66, 3.50,
    ],
    [
        3.42, 3.55, 3.66, 3.67, 6.70, 3.13, 3.21, 3.20, 3.05, 2.86, 4.07, 3.50, 4.62,
    ],
];

/// Craig Hessel's table of the pone's throw into the dealer's crib, from cribbageforum.com,
/// "Discarding to opponent's crib" (OppCrib.htm).
const HESSEL_OPP: [[f64; 13]; 13] = [
    [
        6.07, 5.07, 5.17, 5.74, 6.06, 4.93, 4.95, 4.92, 4.66, 4.46, 4.72, 4.41, 4.34,
    ],
    [
        5.07, 6.43, 7.34, 5.44, 6.17, 5.13, 5.12, 5.03, 4.82, 4.64, 4.91, 4.60, 4.53,
    ],
    [
        5.17, 7.34, 6.78, 6.10, 6.85, 4.92, 5.16, 5.08, 4.82, 4.70, 4.97, 4.66, 4.59,
    ],
    [
        5.74, 5.44, 6.10, 6.59, 7.46, 5.47, 4.91, 5.02, 4.75, 4.55, 4.80, 4.49, 4.43,
    ],
    [
        6.06, 6.17, 6.85, 7.46, 9.39, 7.66, 7.08, 6.36, 6.22, 7.46, 7.75, 7.42, 7.31,
    ],
    [
        4.93, 5.13, 4.92, 5.47, 7.66, 7.17, 6.64, 6.05, 6.31, 4.41, 4.61, 4.29, 4.25,
    ],
    [
        4.95, 5.12, 5.16, 4.91, 7.08, 6.64, 7.25, 7.88, 5.46, 4.44, 4.73, 4.44, 4.38,
    ],
    [
        4.92, 5.03, 5.08, 5.02, 6.36, 6.05, 7.88, 6.76, 5.97, 5.02, 4.65, 4.38, 4.31,
    ],
    [
        4.66, 4.82, 4.82, 4.75, 6.22, 6.31, 5.46, 5.97, 6.44, 5.52, 4.98, 4.14, 4.13,
    ],
    [
        4.46, 4.64, 4.70, 4.55, 7.46, 4.41, 4.44, 5.02, 5.52, 6.11, 5.60, 4.65, 3.99,
    ],
    [
        4.72, 4.91, 4.97, 4.80, 7.75, 4.61, 4.73, 4.65, 4.98, 5.60, 6.56, 5.55, 4.89,
    ],
    [
        4.41, 4.60, 4.66, 4.49, 7.42, 4.29, 4.44, 4.38, 4.14, 4.65, 5.55, 5.89, 4.56,
    ],
    [
        4.34, 4.53, 4.59, 4.43, 7.31, 4.25, 4.38, 4.31, 4.13, 3.99, 4.89, 4.56, 5.72,
    ],
];

/// The value of a rank pair in a crib table: the mean over its suited and off-suit throws,
/// weighted by how many throws each has (12 off-suit, 4 suited).
fn by_ranks(table: &CribTable, low: Rank, high: Rank) -> f64 {
    let off = table.get(low, high, false).unwrap();
    match table.get(low, high, true) {
        Some(suited) => {
            (off.crib_mean * f64::from(off.throws) + suited.crib_mean * f64::from(suited.throws))
                / f64::from(off.throws + suited.throws)
        }
        None => off.crib_mean,
    }
}

/// Every rank pair: (crib's value, the published value).
fn pairs(table: &CribTable, published: &[[f64; 13]; 13]) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for (i, low) in Rank::ALL.into_iter().enumerate() {
        for (j, high) in Rank::ALL.into_iter().enumerate().skip(i) {
            out.push((by_ranks(table, low, high), published[i][j]));
        }
    }
    out
}

fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut ranks = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        for k in i..=j {
            ranks[order[k]] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation, ties given their mean rank.
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    let a = ranks(&pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let b = ranks(&pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&a), mean(&b));
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&a, ma) * var(&b, mb)).sqrt()
}

struct Comparison {
    mean_abs: f64,
    max_abs: f64,
    rho: f64,
}

fn compare(table: &CribTable, published: &[[f64; 13]; 13]) -> Comparison {
    let pairs = pairs(table, published);
    assert_eq!(pairs.len(), 91);
    let diffs: Vec<f64> = pairs.iter().map(|(a, b)| (a - b).abs()).collect();
    Comparison {
        mean_abs: diffs.iter().sum::<f64>() / 91.0,
        max_abs: diffs.iter().copied().fold(0.0, f64::max),
        rho: spearman(&pairs),
    }
}

#[test]
fn expert_tables_agree_with_hessel() {
    for (seat, published, name) in [
        (Seat::DEALER, &HESSEL_OWN, "own crib"),
        (Seat::PONE, &HESSEL_OPP, "opponent's crib"),
    ] {
        let expert = compare(&model().table(seat), published);
        let uniform = compare(&crib_table(), published);
        eprintln!(
            "{name}: expert mean |diff| {:.4}, max {:.4}, rho {:.4}; uniform {:.4}, max {:.4}, rho {:.4}",
            expert.mean_abs,
            expert.max_abs,
            expert.rho,
            uniform.mean_abs,
            uniform.max_abs,
            uniform.rho
        );
        assert!(expert.mean_abs < 0.15, "{name}: {}", expert.mean_abs);
        assert!(expert.max_abs < 0.45, "{name}: {}", expert.max_abs);
        assert!(expert.rho > 0.99, "{name}: {}", expert.rho);
        assert!(expert.mean_abs < uniform.mean_abs);
    }
}

/// Every rank pair's difference from a published table, as a 13-row triangle, for the README.
#[test]
#[ignore = "prints the comparison for the README: cargo test --release -p crib-core --test integration print_comparison -- --ignored --nocapture"]
fn print_comparison() {
    for (seat, published) in [(Seat::DEALER, &HESSEL_OWN), (Seat::PONE, &HESSEL_OPP)] {
        let table = model().table(seat);
        let p = pairs(&table, published);
        let signed: f64 = p.iter().map(|(a, b)| a - b).sum::<f64>() / 91.0;
        eprintln!(
            "{seat:?}: mean signed difference {signed:+.4}, table mean {:.4}",
            table.mean()
        );
        let mut k = 0;
        for (i, low) in Rank::ALL.into_iter().enumerate() {
            let mut line = format!("{low:>2}:");
            for _ in i..13 {
                line += &format!(" {:+.2}", p[k].0 - p[k].1);
                k += 1;
            }
            eprintln!("{line}");
        }
    }
    // Whole deals under the model: `cargo xtask experiment expert_cribs 4000000 1`.
    let uniform = crib_table();
    for (low, high) in [(5, 5), (5, 11), (5, 6), (7, 8), (1, 1), (12, 13), (10, 13)] {
        let (l, h) = (Rank::new(low).unwrap(), Rank::new(high).unwrap());
        let (i, j) = (usize::from(l.index()), usize::from(h.index()));
        eprintln!(
            "{l}-{h}: own expert {:.2} uniform {:.2} Hessel {:.2}; opponent's expert {:.2} Hessel {:.2}",
            by_ranks(&model().table(Seat::DEALER), l, h),
            by_ranks(&uniform, l, h),
            HESSEL_OWN[i][j],
            by_ranks(&model().table(Seat::PONE), l, h),
            HESSEL_OPP[i][j],
        );
    }
}
