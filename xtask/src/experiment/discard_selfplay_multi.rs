//! Does counting the play help three- and four-player discards? Duplicate self-play: in each
//! seeded deal one seat (moving round the table with the deal) discards with the play counted
//! (`--play-model engine`) and then, on the same cards, without it (`none`); every other seat
//! discards without it; all play by crib's engine and count exactly. Where the two throws
//! differ, the seat's net (its points, or its side's, less the rivals': the mean of the other
//! two with three players, the other side with four) is compared.
//!
//! With `crib`, the question is the crib model instead: every seat throws for the show with the
//! expert crib model of three and four players, the play left out, except that the one seat
//! throws once with it and once with the uniform model.
//!
//! `cargo xtask experiment discard_selfplay_multi [DEALS] [SEED] [crib]`

use rayon::prelude::*;

use crate::selfplay::deals::counted;
use crate::selfplay::deals_multi::{keep_with, play_events};
use crib::advice::discard::{CribModel, PlayModel};
use crib::rules::card::Card;
use crib::rules::seat::Seat;
use crib::rules::shuffle::shuffled;
use crib::search::sampled::mine_theirs;

/// The models a seat discards with.
type Models2 = (CribModel, PlayModel);

/// The target seat's net over a whole deal with these kept hands and throws.
fn net<const N: usize>(
    kept: &[([Card; 4], Card)],
    extra: Option<Card>,
    starter: Card,
    seat: usize,
) -> f64 {
    let hands: Vec<[Card; 4]> = kept.iter().map(|k| k.0).collect();
    let mut crib: Vec<Card> = kept.iter().map(|k| k.1).collect();
    crib.extend(extra);
    let crib: [Card; 4] = crib.try_into().expect("four cards");
    let play = play_events::<N>(&hands, starter);
    let mut points = [0u32; N];
    for (s, p) in counted(&hands, crib, starter, &play) {
        points[s.index()] += u32::from(p);
    }
    let (mine, theirs) = mine_theirs(&points.map(|p| p as u8), Seat::new(seat));
    mine - theirs
}

/// One deal: the difference in the seat's net (with `trial`, less with `base`, every other seat
/// throwing with `base`), or None when both throw alike.
fn one<const N: usize>(seed: u64, deal: u64, [base, trial]: [Models2; 2]) -> Option<f64> {
    let cards = shuffled(seed, deal, 5 * N + 2);
    let starter = cards[5 * N + 1];
    let extra = (N == 3).then(|| cards[5 * N]);
    let seat = (deal % N as u64) as usize;
    let dealt = |s: usize| &cards[5 * s..5 * s + 5];
    let mut without: Vec<([Card; 4], Card)> = (0..N)
        .map(|s| keep_with(dealt(s), N, s, base.0, base.1))
        .collect();
    let with = keep_with(dealt(seat), N, seat, trial.0, trial.1);
    if with.1 == without[seat].1 {
        return None;
    }
    let base = net::<N>(&without, extra, starter, seat);
    without[seat] = with;
    Some(net::<N>(&without, extra, starter, seat) - base)
}

fn report<const N: usize>(seed: u64, deals: u64, models: [Models2; 2], what: &str) {
    let diffs: Vec<f64> = (0..deals)
        .into_par_iter()
        .filter_map(|d| one::<N>(seed, d, models))
        .collect();
    let n = deals as f64;
    // Over all deals: a deal where the throws agree differs by 0.
    let mean = diffs.iter().sum::<f64>() / n;
    let var = (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>()
        + (n - diffs.len() as f64) * mean * mean)
        / (n - 1.0);
    println!(
        "{N} players, {deals} deals: the throws differ in {} ({:.1}%); {what} gains \
         {mean:+.3} ± {:.3} points of net a deal",
        diffs.len(),
        100.0 * diffs.len() as f64 / n,
        (var / n).sqrt()
    );
}

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 4000);
    let seed: u64 = arg(args, 1, 11);
    let (models, what) = if args.get(2).is_some_and(|a| a == "crib") {
        let (expert, uniform) = (CribModel::Expert, CribModel::Uniform);
        let none = PlayModel::None;
        (
            [(expert, none), (uniform, none)],
            "the uniform crib against the expert one",
        )
    } else {
        let uniform = CribModel::Uniform;
        let models = [(uniform, PlayModel::None), (uniform, PlayModel::Engine)];
        (models, "counting the play")
    };
    report::<3>(seed, deals, models, what);
    report::<4>(seed, deals, models, what);
}
