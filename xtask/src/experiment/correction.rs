//! Whether the correction to the engine's values of the play, learned from crib's own deals
//! ([`crate::generate::correction`]), chooses better cards than the engine on deals it was not
//! fitted to.
//!
//! The decisions of deals `0..DEALS` of a stream are gathered as `cargo xtask tables
//! correction` gathers them (every legal card at each of strongest's decisions played out,
//! strongest without the correction against the expert). The correction is fitted on one half
//! of the deals (by deal number, in blocks of two so that each half holds both seats) and
//! measured on the other: at each decision, the card the corrected values put first against the
//! engine's first, each as it really netted. The halves are then swapped. With `committed` it
//! measures the committed correction on every deal instead (fitted to another stream).
//!
//! `cargo xtask experiment correction [DEALS] [SEED] [committed]`

use std::time::Instant;

use crib::tables::model::Models;
use crib::tables::search::correction::{FEATURES, NAMES};

use super::shared::arg;
use super::shared::stats::mean_se;
use crate::generate::correction::{Decision, fit, gather};

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 1);
    let committed = args.get(2).is_some_and(|a| a == "committed");
    let start = Instant::now();
    let decisions = gather(Models::committed(), seed, deals);
    println!(
        "{deals} deals, seed {seed}: {} decisions of strongest's with two ranks or more ({:.0} s)",
        decisions.len(),
        start.elapsed().as_secs_f64()
    );
    for seat in 0..2 {
        let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
        let name = ["pone", "dealer"][seat];
        let engine: Vec<f64> = mine
            .iter()
            .map(|d| d.tried[0].realized - d.tried[0].features[0])
            .collect();
        let (bias, bias_se) = mean_se(&engine);
        println!(
            "{name}: {} decisions; the engine's card nets {bias:+.3} ± {bias_se:.3} more than its value",
            mine.len()
        );
        let mut gains = vec![0.0; deals as usize];
        let mut changed = 0;
        let halves: Vec<(Vec<&Decision>, [f64; FEATURES])> = match committed {
            true => vec![(
                mine.clone(),
                crib::tables::model::correction::committed().weights[seat],
            )],
            false => (0..2u64)
                .map(|half| {
                    let (fitted, measured): (Vec<&Decision>, Vec<&Decision>) =
                        mine.iter().partition(|d| d.deal % 4 / 2 == half);
                    let weights = fit(&fitted);
                    if half == 0 {
                        show(&weights);
                    }
                    (measured, weights)
                })
                .collect(),
        };
        for (measured, weights) in &halves {
            for d in measured {
                let best = first(d, weights);
                changed += usize::from(best != 0);
                gains[d.deal as usize] += d.tried[best].realized - d.tried[0].realized;
            }
        }
        // Every deal in which this seat was strongest's, whether it had a decision or not.
        let per_deal: Vec<f64> = (0..deals)
            .filter(|&d| (d % 2) as usize == seat)
            .map(|d| gains[d as usize])
            .collect();
        let (gain, se) = mean_se(&per_deal);
        let on = match committed {
            true => "the committed correction",
            false => "fitted on the other half",
        };
        println!(
            "  {on}: {changed} cards changed, {gain:+.4} ± {se:.4} points a deal ({:.1} se)",
            gain / se
        );
    }
}

/// The place of the card `weights` put first at decision `d` (the engine's order on a tie), as
/// [`crib::tables::search::correction::Correction::choice`] chooses.
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

fn show(weights: &[f64; FEATURES]) {
    for (name, w) in NAMES.iter().zip(weights) {
        println!("    {w:+.3}  {name}");
    }
}
