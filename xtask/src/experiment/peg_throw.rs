//! Does the play in the throw depend on the cards thrown? The pegging table values the four
//! cards kept against every hand the other player could keep beside those four
//! ([`crib::tables::model::pegging`]): the two cards thrown are not taken from what the other
//! player could hold. Thrown, they cannot be in the other player's hand: throw two fives and the
//! other player holds at most two. This experiment values each throw's play the table's way but
//! beside all six cards dealt, from every pair of hands' committed outcome
//! (`xtask/data/pegging_outcomes.bin`: the same play, the same weights), and counts how often,
//! and by how much, that changes the throw `crib discard` advises.
//!
//! Seeded random deals of six, the pone in even deals and the dealer in odd ones. For each, the
//! advice by default (the expert crib model, the table's play) and the same choices with the
//! play valued beside the six: how often the best throw differs, and by how much the new best
//! beats the old by the new measure (which is what choosing by it could gain at most, were the
//! measure the truth).
//!
//! `cargo xtask experiment peg_throw [DEALS] [SEED]`

use rayon::prelude::*;

use crib::tables::advice::discard::{DiscardRequest, Role, advise_discard};
use crib::tables::model::Models;
use crib::tables::model::pegging::counts;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{rank_hand_number, rank_hands};
use crib::tables::rules::play::ranks_of;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::shuffle::shuffled;

use super::shared::arg;
use super::shared::stats::mean_se;
use crate::generate::pegging::weight;
use crate::samples::{Outcomes, decode_outcomes};
use crate::{committed, files};

/// What one deal's throw shows: whether the best changed, and the new measure's gain.
struct Judged {
    changed: bool,
    gain: f64,
    /// The largest shift of a choice's play (its net in the play, beside six less beside four).
    shift: f64,
}

/// Run the experiment.
pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2000);
    let seed: u64 = arg(args, 1, 1);
    let started = std::time::Instant::now();
    let outcomes = decode_outcomes(&committed(files::OUTCOMES)).expect("the committed outcomes");
    let models = Models::committed();
    let hands = rank_hands();
    let judged: Vec<(Seat, Judged)> = (0..deals)
        .into_par_iter()
        .map(|d| {
            let seat = if d % 2 == 0 { Seat::PONE } else { Seat::DEALER };
            let dealt = shuffled(seed, d, 6);
            (seat, judge(models, &outcomes, &hands, &dealt, seat))
        })
        .collect();
    for (name, seat) in [("pone", Seat::PONE), ("dealer", Seat::DEALER)] {
        let of: Vec<&Judged> = judged
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, j)| j)
            .collect();
        let changed = of.iter().filter(|j| j.changed).count();
        let gains: Vec<f64> = of.iter().map(|j| j.gain).collect();
        let shifts: Vec<f64> = of.iter().map(|j| j.shift).collect();
        let (gain, gain_se) = mean_se(&gains);
        let (shift, _) = mean_se(&shifts);
        println!(
            "{name}: {changed} of {} throws change; by the play beside six they gain {gain:+.4} ± {gain_se:.4} a deal; the largest shift of a choice's play, on average, {shift:.3}",
            of.len()
        );
    }
    println!("{:.0} s", started.elapsed().as_secs_f64());
}

/// The deal's choices valued both ways.
fn judge(
    models: &Models,
    outcomes: &Outcomes,
    hands: &[[u8; 4]],
    dealt: &[Card],
    seat: Seat,
) -> Judged {
    let role = Role::of_seat(seat, Players::TWO);
    let advice = advise_discard(models, &DiscardRequest::new(dealt, Players::TWO, role))
        .expect("six cards from one deck");
    let six = ranks_of(dealt);
    let mut shift: f64 = 0.0;
    // Each choice's net with its play valued beside the six, in the advice's order.
    let valued: Vec<f64> = advice
        .choices
        .iter()
        .map(|split| {
            let peg = split.peg.expect("the play counted");
            let table = peg.mine - peg.theirs;
            let keep = split.keep.map(|c| c.rank().number());
            let beside = beside_six(models, outcomes, hands, keep, &six, seat);
            shift = shift.max((beside - table).abs());
            // Beside the four kept alone, the same weights give the committed table's entry.
            let four = beside_six(models, outcomes, hands, keep, &counts(keep), seat);
            assert!(
                (four - table).abs() < 1e-3,
                "beside four {four}, the table {table}"
            );
            split.net - table + beside
        })
        .collect();
    let best_new = (0..valued.len())
        .max_by(|&a, &b| valued[a].total_cmp(&valued[b]).then(b.cmp(&a)))
        .unwrap_or(0);
    Judged {
        changed: best_new != 0,
        gain: valued[best_new] - valued[0],
        shift,
    }
}

/// The seat's net in the play with `keep`, the other side's hands weighted as the pegging table
/// weighs them but beside all six cards dealt (`six`, by ranks).
fn beside_six(
    models: &Models,
    outcomes: &Outcomes,
    hands: &[[u8; 4]],
    keep: [u8; 4],
    six: &[u8; 14],
    seat: Seat,
) -> f64 {
    let mine = rank_hand_number(keep);
    let held = counts(keep);
    let (mut total, mut net) = (0.0, 0.0);
    for (m, &other) in hands.iter().enumerate() {
        let outcome = if seat == Seat::PONE {
            outcomes[mine][m]
        } else {
            outcomes[m][mine]
        };
        let Some(points) = outcome else { continue };
        debug_assert!(crib::tables::model::pegging::compatible(
            &held,
            &counts(other)
        ));
        let w = weight(&models.kept, seat.other(), other, six);
        let (me, them) = (seat.index(), seat.other().index());
        total += w;
        net += w * (f64::from(points[me]) - f64::from(points[them]));
    }
    net / total
}
