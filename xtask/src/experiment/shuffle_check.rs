//! How uniform are the shuffles crib samples from? For a stream `seed`, the first card of deals
//! 0..N: a chi-square over the 52 cards (51 degrees of freedom), and the same for the first card
//! of deal `d` against the first card of deal `d + 1` (13 × 13 ranks, 168 degrees of freedom),
//! the ranks of a deal's first two cards, and the cards dealt 2nd, 6th and 13th.
//!
//! `cargo xtask experiment shuffle_check [DEALS] [SEED]`

use crib::tables::rules::shuffle::shuffled_indices;

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 200_000);
    let seed: u64 = arg(args, 1, 1);
    let firsts: Vec<usize> = (0..deals)
        .map(|d| shuffled_indices(seed, d, 1, 52)[0])
        .collect();
    let mut counts = [0f64; 52];
    for &c in &firsts {
        counts[c] += 1.0;
    }
    let chi = uniform_chi(&counts);
    println!(
        "seed {seed}, {deals} deals: first card, chi-square {chi:.1} on 51 degrees of freedom"
    );
    let mut pairs = [[0f64; 13]; 13];
    for w in firsts.windows(2) {
        pairs[w[0] / 4][w[1] / 4] += 1.0;
    }
    let flat: Vec<f64> = pairs.iter().flatten().copied().collect();
    let chi = uniform_chi(&flat);
    println!("first ranks of consecutive deals, chi-square {chi:.1} on 168 degrees of freedom");
    // The ranks of two cards of one deal, against 4/52 × 4/51 (3/51 for a pair): the first two
    // (both the pone's), the first of each hand, and the last of each hand.
    for (i, j) in [(0usize, 1usize), (0, 6), (5, 11), (0, 12)] {
        let mut joint = [[0f64; 13]; 13];
        for d in 0..deals {
            let cards = shuffled_indices(seed, d, 13, 52);
            joint[cards[i] / 4][cards[j] / 4] += 1.0;
        }
        let mut chi = 0.0;
        for (a, row) in joint.iter().enumerate() {
            for (b, &o) in row.iter().enumerate() {
                let p = 4.0 / 52.0 * if a == b { 3.0 } else { 4.0 } / 51.0;
                let e = p * deals as f64;
                chi += (o - e).powi(2) / e;
            }
        }
        println!(
            "ranks of cards {i} and {j} of a deal, chi-square {chi:.1} on 168 degrees of freedom"
        );
    }
    // The i-th card of one deal: do positions 0..12 look uniform? (cards 0..13 of 52)
    for pos in [1usize, 5, 12] {
        let mut counts = [0f64; 52];
        for d in 0..deals {
            counts[shuffled_indices(seed, d, pos + 1, 52)[pos]] += 1.0;
        }
        let chi = uniform_chi(&counts);
        println!("card {pos}: chi-square {chi:.1} on 51 degrees of freedom");
    }
}

/// Pearson's chi-square of counts against all cells equally likely.
fn uniform_chi(counts: &[f64]) -> f64 {
    let expected = counts.iter().sum::<f64>() / counts.len() as f64;
    counts
        .iter()
        .map(|&o| (o - expected).powi(2) / expected)
        .sum()
}
