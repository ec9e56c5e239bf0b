//! Self-play of the play: crib's engine against two baselines on duplicate deals, seeded.
//!
//! `cargo xtask experiment selfplay [DEALS] [SEED] [AVERAGE_DEALS]` (default 20,000
//! deals, seed 1, and a tenth as many deals for the averages; DEALS 0 runs the averages alone).
//! Every deal is its own stream of crib's generator, so the deals are independent; the
//! averages' standard errors are given twice, from the deals and from the means of 20 batches
//! of them, and the two agree when the deals are independent.
//!
//! Each deal gives the pone and the dealer four random cards and turns a starter (seen by
//! both); it is played twice with the seats swapped, so both sides get the same cards. The
//! margin is crib's points less the baseline's, per deal, averaged over the pair; its standard
//! error comes from the spread of the pairs.
//!
//! Then, on a tenth as many deals, crib plays crib with the hands a strong player keeps: six
//! cards each, each side keeping the four that `crib discard` advises (expert crib model, the
//! play counted), and the average points each seat pegs are reported, beside what the pegging
//! table says the same hands peg.

use crate::selfplay::deals::keep;
use crib::tables::advice::discard::Role;
use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::shuffled;
use crib::tables::search::players::{Player, best, greedy, play_hands, reply_aware};
use rayon::prelude::*;

const PONE: usize = 0;
const DEALER: usize = 1;

/// A duplicate deal's result: crib's margin, and the points of both seats in each playing.
type Pair = (f64, [u32; 2], [u32; 2]);

/// Play one deal: `players[seat]` chooses for that seat. The points each seat pegs.
fn play_deal(hands: &[Vec<Card>; 2], starter: Card, players: [Player; 2]) -> [u32; 2] {
    play_hands::<2>(hands, &[starter], players)
}

/// crib against crib with the hands `crib discard` keeps: the mean points each seat pegs, with
/// standard errors.
fn averages(deals: u64, seed: u64) {
    let results: Vec<([u32; 2], [f64; 2])> = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let cards = shuffled(seed ^ 0xA5A5, deal, 13);
            let models = Models::committed();
            let hands = [
                keep(models, &cards[..6], Role::Pone).0.to_vec(),
                keep(models, &cards[6..12], Role::Dealer).0.to_vec(),
            ];
            // What the pegging table says each kept hand pegs in its seat.
            let table = [PONE, DEALER].map(|seat| {
                let ranks = [0, 1, 2, 3].map(|i| hands[seat][i].rank());
                models
                    .peg_table(Players::TWO)
                    .get(Seat::new(seat), ranks)
                    .mine
            });
            (play_deal(&hands, cards[12], [best, best]), table)
        })
        .collect();
    let n = results.len() as f64;
    for (seat, name) in [(PONE, "pone"), (DEALER, "dealer")] {
        let mean = results.iter().map(|r| f64::from(r.0[seat])).sum::<f64>() / n;
        let var = results
            .iter()
            .map(|r| (f64::from(r.0[seat]) - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        // The pegging table's entries for the same hands, and how far play falls from them.
        let table = results.iter().map(|r| r.1[seat]).sum::<f64>() / n;
        let gaps: Vec<f64> = results
            .iter()
            .map(|r| f64::from(r.0[seat]) - r.1[seat])
            .collect();
        let gap = gaps.iter().sum::<f64>() / n;
        let gap_var = gaps.iter().map(|g| (g - gap).powi(2)).sum::<f64>() / (n - 1.0);
        // Batch means: the deals cut into 20 batches in order, the spread of their means.
        let batch = (results.len() / 20).max(1);
        let means: Vec<f64> = results
            .chunks(batch)
            .map(|c| c.iter().map(|r| f64::from(r.0[seat])).sum::<f64>() / c.len() as f64)
            .collect();
        let b = means.len() as f64;
        let batch_var = means.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (b - 1.0);
        println!(
            "crib against crib, hands kept by crib discard: the {name} pegs {mean:.3} a deal \
             (standard error {:.3}, by batch means {:.3}; {deals} deals); the pegging table \
             says {table:.3} for the same hands, a gap of {gap:+.3} (standard error {:.3})",
            (var / n).sqrt(),
            (batch_var / b).sqrt(),
            (gap_var / n).sqrt()
        );
    }
}

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 20_000);
    let seed: u64 = arg(args, 1, 1);
    let average_deals: u64 = arg(args, 2, deals / 10);
    let start = std::time::Instant::now();
    let baselines = [
        ("greedy", greedy as Player),
        ("reply-aware", reply_aware as Player),
    ];
    for (name, baseline) in baselines.into_iter().filter(|_| deals > 0) {
        let margins: Vec<Pair> = (0..deals)
            .into_par_iter()
            .map(|deal| {
                let cards = shuffled(seed, deal, 9);
                let hands = [cards[..4].to_vec(), cards[4..8].to_vec()];
                let starter = cards[8];
                // crib as pone, then crib as dealer, with the same cards.
                let a = play_deal(&hands, starter, [best, baseline]);
                let b = play_deal(&hands, starter, [baseline, best]);
                let crib = f64::from(a[PONE]) + f64::from(b[DEALER]);
                let other = f64::from(a[DEALER]) + f64::from(b[PONE]);
                ((crib - other) / 2.0, a, b)
            })
            .collect();
        let n = margins.len() as f64;
        let mean = margins.iter().map(|m| m.0).sum::<f64>() / n;
        let var = margins.iter().map(|m| (m.0 - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        let avg =
            |f: &dyn Fn(&Pair) -> u32| margins.iter().map(|m| f64::from(f(m))).sum::<f64>() / n;
        println!(
            "crib against {name}: {deals} duplicate deals, margin {mean:+.4} points a deal \
             (standard error {se:.4}, {:.1} standard errors); crib pegs {:.3} as pone and {:.3} \
             as dealer, {name} {:.3} as pone and {:.3} as dealer ({:.0} s)",
            mean / se,
            avg(&|m| m.1[PONE]),
            avg(&|m| m.2[DEALER]),
            avg(&|m| m.2[PONE]),
            avg(&|m| m.1[DEALER]),
            start.elapsed().as_secs_f64()
        );
    }
    averages(average_deals, seed);
}
