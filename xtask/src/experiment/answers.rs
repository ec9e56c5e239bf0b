//! The dealer's answer to the lead, improved by one step over crib's engine, exactly: for every
//! hand of four ranks the dealer may hold and every lead, each answer valued by playing the rest
//! of the deal out against every hand the pone could hold that leads so, both sides then playing
//! as crib's engine plays (the engine of the pegging table: each sees only its own cards and the
//! play, and weighs the other's hands by what the expert keeps), each hand weighed as the
//! pegging table weighs it (how likely the pone is to keep it beside the dealer's four). The
//! pone leads as the engine leads from that hand (the pegging table's first leads).
//!
//! The engine values an answer as if, after it, both players could see each other's cards; this
//! values it as they really go on playing, neither seeing. The answer with the best mean net is
//! one step of policy improvement over the engine's own answer, at the speed of a table.
//!
//! Prints how many answers differ from the engine's, and what the better answers gain by this
//! measure over the dealer's hands and leads as the expert keeps and leads them; with `OUT`,
//! writes the best answer's rank for every hand number and lead (1,820 × 13 bytes, 0 where no
//! pone hand leads so).
//!
//! `cargo xtask experiment answers [HANDS] [OUT]` (HANDS: the first so many dealer hands, all
//! 1,820 unless told).

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::model::pegging::{compatible, counts};
use crib::tables::rules::numbering::{RANK_HANDS, rank_hand_number, rank_hands};
use crib::tables::rules::play::Ranks;
use crib::tables::rules::seat::{Players, Seat};

use super::shared::arg;
use crate::generate::pegging::{Decisions, play_out_from, weight};

/// One dealer hand and lead: the engine's answer and the best one, each with its mean net for
/// the dealer, and the weight of the lead beside the hand.
#[derive(Debug, Clone, Copy)]
struct Answer {
    hand: usize,
    lead: u8,
    engine: (u8, f64),
    best: (u8, f64),
    weight: f64,
}

pub fn run(args: &[String]) {
    let count: usize = arg(args, 0, RANK_HANDS).min(RANK_HANDS);
    let out = args.get(1).filter(|a| *a != "-");
    let models = Models::committed();
    let table = models.peg_table(Players::TWO);
    let decisions = match args.get(2).map(String::as_str) {
        Some("reading") => Decisions::reading(&models.kept, table, Seat::DEALER),
        _ => Decisions::with_leads(&models.kept, table),
    };
    let hands = rank_hands();
    let start = Instant::now();
    let answers: Vec<Answer> = hands[..count]
        .par_iter()
        .flat_map_iter(|&dealer| answers_for(dealer, &hands, &table.leads, &decisions, models))
        .collect();
    report(
        &answers,
        &hands,
        models,
        start.elapsed().as_secs_f64(),
        &decisions,
    );
    if let Some(path) = out {
        let mut bytes = vec![0u8; RANK_HANDS * 13];
        for a in &answers {
            bytes[slot(a.hand, a.lead)] = a.best.0;
        }
        std::fs::write(path, bytes).expect("the answers written");
        println!("written: {path}");
    }
}

/// The table of answers at `path`, as `answers` writes it: one byte for each rank hand and lead.
/// A file that cannot be read, or is not that long, ends the run with one line on stderr and
/// exit status 2.
pub(super) fn read(path: &str) -> Vec<u8> {
    let want = RANK_HANDS * 13;
    match std::fs::read(path) {
        Ok(bytes) if bytes.len() == want => bytes,
        Ok(bytes) => {
            eprintln!(
                "rollout: {path} holds {} bytes; a table of answers holds {want}",
                bytes.len()
            );
            std::process::exit(2);
        }
        Err(e) => {
            eprintln!("rollout: {path}: {e}");
            std::process::exit(2);
        }
    }
}

/// Where the table written holds the answer for the dealer's hand number `hand` to `lead`.
pub(super) fn slot(hand: usize, lead: u8) -> usize {
    hand * 13 + usize::from(lead - 1)
}

/// Every lead's answers for the dealer's `dealer`.
fn answers_for(
    dealer: [u8; 4],
    hands: &[[u8; 4]],
    leads: &[u8],
    decisions: &Decisions,
    models: &Models,
) -> Vec<Answer> {
    let beside = counts(dealer);
    let mut ranks: Vec<u8> = dealer.to_vec();
    ranks.sort_unstable();
    ranks.dedup();
    (1..=13u8)
        .filter_map(|lead| {
            let pones: Vec<([u8; 4], f64)> = hands
                .iter()
                .zip(leads)
                .filter(|&(p, &l)| l == lead && compatible(&counts(*p), &beside))
                .map(|(&p, _)| (p, weight(&models.kept, Seat::PONE, p, &beside)))
                .collect();
            let total: f64 = pones.iter().map(|(_, w)| w).sum();
            if pones.is_empty() || total <= 0.0 {
                return None;
            }
            let value = |answer: u8| {
                pones
                    .iter()
                    .map(|&(p, w)| {
                        let (points, _) = play_out_from(p, dealer, &[lead, answer], decisions);
                        w * (f64::from(points[1]) - f64::from(points[0]))
                    })
                    .sum::<f64>()
                    / total
            };
            let valued: Vec<(u8, f64)> = ranks.iter().map(|&a| (a, value(a))).collect();
            let engine = decisions.choose(Seat::DEALER, dealer, &[lead]);
            let engine = *valued.iter().find(|(a, _)| *a == engine)?;
            let best = valued.iter().fold(
                engine,
                |b, &(a, v)| if v > b.1 + 1e-12 { (a, v) } else { b },
            );
            Some(Answer {
                hand: rank_hand_number(dealer),
                lead,
                engine,
                best,
                weight: total,
            })
        })
        .collect()
}

/// What the answers change and gain, over the dealer's hands as the expert keeps them and the
/// leads as the engine makes them.
fn report(answers: &[Answer], hands: &[[u8; 4]], models: &Models, seconds: f64, d: &Decisions) {
    let empty: Ranks = [0; 14];
    let dealer_weight =
        |hand: usize| weight(&models.kept, Seat::DEALER, hands[hand], &empty).max(0.0);
    let mut by_hand: std::collections::BTreeMap<usize, Vec<&Answer>> = Default::default();
    for a in answers {
        by_hand.entry(a.hand).or_default().push(a);
    }
    let (mut total, mut gain, mut changed_weight) = (0.0, 0.0, 0.0);
    for (&hand, leads) in &by_hand {
        let w = dealer_weight(hand);
        let all: f64 = leads.iter().map(|a| a.weight).sum();
        for a in leads {
            let share = w * a.weight / all;
            total += share;
            gain += share * (a.best.1 - a.engine.1);
            if a.best.0 != a.engine.0 {
                changed_weight += share;
            }
        }
    }
    let changed = answers.iter().filter(|a| a.best.0 != a.engine.0).count();
    println!(
        "{} dealer hands, {} hands and leads: the best answer differs from the engine's in {} \
         ({:.1}% of the deals, as the expert keeps and leads); it gains {:+.4} points a dealer's \
         deal by this measure ({:.0} s, {} decisions remembered)",
        by_hand.len(),
        answers.len(),
        changed,
        100.0 * changed_weight / total,
        gain / total,
        seconds,
        d.len()
    );
}
