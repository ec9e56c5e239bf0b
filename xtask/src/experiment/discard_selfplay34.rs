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
//! With `weights PLAYERS BASE TRIAL`, one seat throws valuing each throw by the expert crib
//! model, a rival's crib counted `A` times and the play `P` times, `TRIAL` and then `BASE`
//! (each `A:P`, or `A:Pr` to take the play from the pegging tables' raw means, before their
//! noise was pulled out), every other seat by `BASE`: `weights 4 1:0 1:1` asks what the play
//! gains four players, `weights 4 1:0 1:1r` what the raw table's play gained, `weights 3 1:1
//! 0.5:1` what counting a rival's crib half (as `crib discard` now does with three players)
//! gains over counting all of it.
//!
//! `cargo xtask experiment discard_selfplay34 [DEALS] [SEED] [crib | weights ...]`

use rayon::prelude::*;

use crate::selfplay::deals::counted;
use crate::selfplay::deals34::{keep_with, play_events};
use crib::tables::advice::discard::{
    CribModel, DiscardRequest, PlayModel, Role, Split, advise_discard,
};
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::rank_hand_number;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::shuffle::shuffled;
use crib::tables::search::sampled::mine_theirs;

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

/// What a seat keeps from the cards dealt it, and the card it throws.
type Keep<'a> = &'a (dyn Fn(usize, &[Card]) -> ([Card; 4], Card) + Sync);

/// One deal: the difference in the seat's net (keeping by `trial`, less keeping by `base`, every
/// other seat keeping by `base`), or None when both throw alike.
fn one<const N: usize>(seed: u64, deal: u64, base: Keep, trial: Keep) -> Option<f64> {
    let cards = shuffled(seed, deal, 5 * N + 2);
    let starter = cards[5 * N + 1];
    let extra = (N == 3).then(|| cards[5 * N]);
    let seat = (deal % N as u64) as usize;
    let dealt = |s: usize| &cards[5 * s..5 * s + 5];
    let mut without: Vec<([Card; 4], Card)> = (0..N).map(|s| base(s, dealt(s))).collect();
    let with = trial(seat, dealt(seat));
    if with.1 == without[seat].1 {
        return None;
    }
    let base = net::<N>(&without, extra, starter, seat);
    without[seat] = with;
    Some(net::<N>(&without, extra, starter, seat) - base)
}

/// Over `deals` seeded deals, what keeping by `trial` rather than `base` gains the seat.
fn compare<const N: usize>(seed: u64, deals: u64, base: Keep, trial: Keep, what: &str) {
    let diffs: Vec<f64> = (0..deals)
        .into_par_iter()
        .filter_map(|d| one::<N>(seed, d, base, trial))
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
    let keep = |crib: CribModel, play: PlayModel| {
        move |players: usize, seat: usize, cards: &[Card]| {
            keep_with(cards, players, seat, crib, play)
        }
    };
    let (base, trial, what) = match args.get(2).map(String::as_str) {
        Some("weights") => return run_weighted(args, deals, seed),
        Some("crib") => (
            keep(CribModel::Uniform, PlayModel::None),
            keep(CribModel::Expert, PlayModel::None),
            "the uniform crib against the expert one",
        ),
        _ => (
            keep(CribModel::Uniform, PlayModel::None),
            keep(CribModel::Uniform, PlayModel::Engine),
            "counting the play",
        ),
    };
    let base3 = |s: usize, c: &[Card]| base(3, s, c);
    let trial3 = |s: usize, c: &[Card]| trial(3, s, c);
    compare::<3>(seed, deals, &base3, &trial3, what);
    let base4 = |s: usize, c: &[Card]| base(4, s, c);
    let trial4 = |s: usize, c: &[Card]| trial(4, s, c);
    compare::<4>(seed, deals, &base4, &trial4, what);
}

/// How a seat values its throws in the `weights` form: the expert crib model, a rival's crib
/// counted `against` times (1: all of it), the play counted `play` times (0: left out), from the
/// raw means of the pegging tables (`raw`) or the tables crib reads.
#[derive(Debug, Clone, Copy)]
struct Weights {
    against: f64,
    play: f64,
    raw: bool,
}

impl std::str::FromStr for Weights {
    type Err = String;

    /// `A:P`, or `A:Pr` for the raw means: `1:0`, `0.5:1`, `1:1r`.
    fn from_str(text: &str) -> Result<Weights, String> {
        let raw = text.ends_with('r');
        let (a, p) = text
            .trim_end_matches('r')
            .split_once(':')
            .ok_or_else(|| format!("'{text}': expected AGAINST:PLAY, as 0.5:1 or 1:1r"))?;
        let number = |x: &str| {
            x.parse::<f64>()
                .map_err(|_| format!("'{x}': expected a number"))
        };
        Ok(Weights {
            against: number(a)?,
            play: number(p)?,
            raw,
        })
    }
}

/// The raw means of the pegging tables of three and four players, read once.
fn raw_means() -> &'static [Vec<Vec<crib::tables::model::pegging::PegValue>>; 2] {
    static MEANS: std::sync::OnceLock<[Vec<Vec<crib::tables::model::pegging::PegValue>>; 2]> =
        std::sync::OnceLock::new();
    MEANS.get_or_init(crate::generate::pegging_smooth::committed_means)
}

/// The four cards a seat keeps valuing its throws by `w`, and the card thrown.
fn keep_weighted(dealt: &[Card], players: usize, seat: usize, w: Weights) -> ([Card; 4], Card) {
    let (seat, players) = (Seat::new(seat), Players::new(players).expect("players"));
    let role = Role::of_seat(seat, players);
    let request = DiscardRequest {
        seat: Some(seat),
        ..DiscardRequest::new(dealt, players, role)
    };
    let advice =
        advise_discard(crib::tables::model::Models::committed(), &request).expect("a deal");
    let value = |s: &Split| {
        let crib = if crib::tables::role_owns_crib(role) {
            s.crib_mean
        } else {
            -w.against * s.crib_mean
        };
        let peg = if w.raw {
            let n = rank_hand_number(s.keep.map(|c| c.rank().number()));
            raw_means()[players.count() - 3][seat.index()][n].net()
        } else {
            s.peg.map_or(0.0, |p| p.net())
        };
        s.hand_mean + crib + w.play * peg
    };
    // On a tie (throws alike up to suits) the last in the advice's order.
    let best = advice
        .choices
        .iter()
        .max_by(|a, b| value(a).total_cmp(&value(b)))
        .expect("choices");
    (best.keep, best.throw[0])
}

/// The `weights` form: one seat values its throws by `trial`, then by `base`, every other seat
/// by `base`.
fn compare_weights<const N: usize>(seed: u64, deals: u64, [base, trial]: [Weights; 2]) {
    let what = format!("{trial:?} against {base:?}");
    compare::<N>(
        seed,
        deals,
        &|s, cards| keep_weighted(cards, N, s, base),
        &|s, cards| keep_weighted(cards, N, s, trial),
        &what,
    );
}

/// `weights PLAYERS BASE TRIAL`.
fn run_weighted(args: &[String], deals: u64, seed: u64) {
    let players: usize = arg(args, 3, 3);
    let weights = |i: usize| -> Weights {
        args.get(i)
            .ok_or_else(|| "give BASE and TRIAL weights, as 1:0 0.5:1".to_owned())
            .and_then(|a| a.parse())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let w = [weights(4), weights(5)];
    match players {
        3 => compare_weights::<3>(seed, deals, w),
        _ => compare_weights::<4>(seed, deals, w),
    }
}
