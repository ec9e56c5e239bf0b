//! How far the crib models are from the cribs crib's own players make with three or four
//! players: over seeded deals, every seat keeps what `crib discard` advises, and the dealer's
//! crib is counted. The uniform model's value of the dealer's throw (the other throws, and for
//! three players the crib's dealt card, random cards) and the expert model's (the other throws
//! weighted as the seats throw) are compared with the crib counted.
//!
//! The players keep as `crib discard` advised before the expert model of three and four players
//! (the uniform crib, the play left out) unless `expert` is given: then as it advises now (the
//! expert crib, the play counted).
//!
//! The same deals are played by crib's engine (12 samples a decision, as in the deals of the
//! odds), and each seat's pegging compared with what the pegging tables of three and four
//! players say its kept hand pegs.
//!
//! `cargo xtask experiment crib_check34 [DEALS] [SEED] [expert]`

use rayon::prelude::*;

use crate::generate::pegging34;
use crate::selfplay::deals34::{keep_one, keep_with, play_events};
use crib::tables::advice::discard::{
    CribModel, CribShare, DiscardRequest, PlayModel, Role, advise_discard,
};
use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::show::{HandKind, score};
use crib::tables::rules::shuffle::shuffled;
use crib::tables::search::sampled::mine_theirs;

/// What a model says, and what happened.
type Pair = (f64, f64);

/// One deal's crib (the uniform model's prediction, counted), the expert model's prediction,
/// and each seat's pegging (the table, played).
type Outcome = (Pair, f64, Vec<Pair>);

/// The four cards a seat keeps and the card it throws: as `crib discard` advises by default
/// (`expert`), or with the uniform crib and the play left out.
fn keep(dealt: &[Card], players: usize, seat: usize, expert: bool) -> ([Card; 4], Card) {
    if expert {
        keep_with(dealt, players, seat, CribModel::Expert, PlayModel::Engine)
    } else {
        keep_one(dealt, players, seat)
    }
}

/// The dealer's crib as `model` values his throw of `thrown` from `dealer`.
fn predict<const N: usize>(dealer: &[Card], thrown: Card, model: CribModel) -> f64 {
    let request = DiscardRequest {
        dealt: dealer,
        players: crib::tables::players_of::<N>(),
        role: Role::Dealer,
        crib: model,
        play: PlayModel::None,
        crib_share: CribShare::Whole,
        need: None,
        seat: None,
    };
    let advice = advise_discard(Models::committed(), &request).expect("a deal");
    advice
        .choices
        .iter()
        .find(|c| c.throw == [thrown])
        .map_or(f64::NAN, |c| c.crib_mean)
}

/// One deal: the dealer's predicted crib (the uniform model's value of his throw) and the crib
/// counted; and each seat's pegging, as the table says and as played.
fn one<const N: usize>(seed: u64, deal: u64, expert: bool) -> Outcome {
    let cards = shuffled(seed, deal, 5 * N + 2);
    let starter = cards[5 * N + 1];
    let kept: Vec<([Card; 4], Card)> = (0..N)
        .map(|seat| keep(&cards[5 * seat..5 * seat + 5], N, seat, expert))
        .collect();
    let hands: Vec<[Card; 4]> = kept.iter().map(|k| k.0).collect();
    let mut pegged = [0u32; N];
    for (seat, points) in play_events::<N>(&hands, starter) {
        pegged[seat.index()] += u32::from(points);
    }
    let pegging: Vec<(f64, f64)> = (0..N)
        .map(|seat| {
            let table = pegging34::committed(N, seat, hands[seat].map(|c| c.rank().number()));
            (
                table.mine,
                mine_theirs(&pegged.map(|p| p as u8), Seat::new(seat)).0,
            )
        })
        .collect();
    let mut crib: Vec<Card> = kept.iter().map(|k| k.1).collect();
    if N == 3 {
        crib.push(cards[5 * N]);
    }
    let dealer = &cards[5 * (N - 1)..5 * N];
    let thrown = crib[N - 1];
    let predicted = predict::<N>(dealer, thrown, CribModel::Uniform);
    let by_seats = predict::<N>(dealer, thrown, CribModel::Expert);
    let crib: [Card; 4] = crib.try_into().expect("four cards");
    let counted = f64::from(score(&crib, starter, HandKind::Crib));
    ((predicted, counted), by_seats, pegging)
}

/// The mean of what the model says, of what happened, and of the gap, with its standard error.
fn gap(results: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    let n = results.len() as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| results.iter().map(f).sum::<f64>() / n;
    let predicted = mean(&|r| r.0);
    let counted = mean(&|r| r.1);
    let gap = mean(&|r| r.1 - r.0);
    let var = results
        .iter()
        .map(|r| (r.1 - r.0 - gap).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    (predicted, counted, gap, (var / n).sqrt())
}

fn report<const N: usize>(seed: u64, deals: u64, expert: bool) {
    let results: Vec<Outcome> = (0..deals)
        .into_par_iter()
        .map(|d| one::<N>(seed, d, expert))
        .collect();
    let cribs: Vec<(f64, f64)> = results.iter().map(|r| r.0).collect();
    let (predicted, counted, g, se) = gap(&cribs);
    println!(
        "{N} players, {deals} deals: the uniform crib model predicts {predicted:.3}, the crib \
         counts {counted:.3}: gap {g:+.3} ± {se:.3}"
    );
    let cribs: Vec<(f64, f64)> = results.iter().map(|r| (r.1, r.0.1)).collect();
    let (predicted, counted, g, se) = gap(&cribs);
    println!(
        "  the expert crib model predicts {predicted:.3}, the crib counts {counted:.3}: gap \
         {g:+.3} ± {se:.3}"
    );
    for seat in 0..N {
        let pegs: Vec<(f64, f64)> = results.iter().map(|r| r.2[seat]).collect();
        let (table, played, g, se) = gap(&pegs);
        println!(
            "  seat {}: the pegging table says {table:.3}, the engine pegs {played:.3}: gap \
             {g:+.3} ± {se:.3}",
            seat + 1
        );
    }
}

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 4000);
    let seed: u64 = arg(args, 1, 7);
    let expert = args.get(2).is_some_and(|a| a == "expert");
    report::<3>(seed, deals, expert);
    report::<4>(seed, deals, expert);
}
