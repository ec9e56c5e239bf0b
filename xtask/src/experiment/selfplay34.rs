//! Self-play of the play with three and four players: a seat advised by crib's engine against
//! seats of a baseline style, on duplicate deals, seeded.
//!
//! `cargo xtask experiment selfplay34 [DEALS] [SEED] [PLAYERS] [BASELINE] [ENGINE]`
//! (default 2,000 deals for each of three and four players, seed 1; PLAYERS 3 or 4 runs one
//! of them; BASELINE `greedy` (the default), `greedy-high`, `reply-aware`, `random` or
//! `expert` (crib's engine, every deal alike); ENGINE `expert` (the default: every deal of the
//! hidden cards alike), `reading` (the deals drawn by how the others have played, crib's
//! reading model alone) or `kept` (the deals drawn by what crib's players keep from five:
//! `crib play --opponent expert`, as crib's strongest player plays)).
//!
//! Each deal gives every seat four random cards and turns a starter (seen by all); with ENGINE
//! `kept`, five cards a seat, each keeping four as `crib discard` advises, since what is
//! read is what they keep. The seat
//! under test moves round the table with the deal number (deal d tests seat d mod N). The deal
//! is played twice: once with crib's engine in that seat, once with a baseline player there; the
//! other seats play the baseline both times. The margin is what the engine's seat pegs less what
//! the baseline player pegs in the same seat and deal: its own points with three players, its
//! side's with four (partners share a score). Its standard error comes from the spread of the
//! deals. The margin in net (the seat's points less the mean of the others', or its side's less
//! the other side's: what the engine plays for), and with four players the seat's own points,
//! are reported too.

use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::{Rng, mix, shuffled};
use crib::tables::rules::view::View;
use crib::tables::search::players::reply_aware;
use crib::tables::search::players::{PlayerOf, best_sampled, greedy, greedy_high, play_hands};
use crib::tables::search::sampled::{
    DealWeights, advise_sampled_weighed, mine_theirs, samples_for,
};
use rayon::prelude::*;

use super::shared::stats::mean_se;
use crate::generate::kept::advised_keep;

/// The engine's card over deals drawn by how the others have played (`--opponent reading`).
fn reading<const N: usize>(view: &View<N>) -> Option<Card> {
    let model = crib::tables::model::reading::committed();
    let weights = DealWeights {
        keeps: None,
        reading: Some(&model),
    };
    advise_sampled_weighed(view, samples_for(crib::tables::players_of::<N>()), weights)
        .options
        .first()
        .map(|o| o.card)
}

/// The engine's card over deals drawn by what crib's players keep from five (`--opponent
/// expert`, as crib's strongest player weighs them).
pub(crate) fn kept<const N: usize>(view: &View<N>) -> Option<Card> {
    kept_ranked(view).first().copied()
}

/// The engine's cards as [`kept`] values them, best first.
pub(crate) fn kept_ranked<const N: usize>(view: &View<N>) -> Vec<Card> {
    advise_sampled_weighed(
        view,
        samples_for(crib::tables::players_of::<N>()),
        kept_weights::<N>(),
    )
    .options
    .iter()
    .map(|o| o.card)
    .collect()
}

/// The deals of the others' hidden cards weighed by what crib's players of `N` keep from five.
pub(crate) fn kept_weights<const N: usize>() -> DealWeights<'static> {
    DealWeights {
        keeps: Some(crib::tables::kept_five(
            Models::committed(),
            crib::tables::players_of::<N>(),
        )),
        reading: None,
    }
}

/// The four cards seat `seat` of `N` keeps from the five dealt, as `crib discard` advises.
fn keep<const N: usize>(dealt: &[Card], seat: usize) -> Vec<Card> {
    let keep = advised_keep(
        Models::committed(),
        dealt,
        crib::tables::players_of::<N>(),
        Seat::new(seat),
    );
    keep.to_vec()
}

/// A legal card at random, drawn by the position (the same position, the same card).
fn random<const N: usize>(view: &View<N>) -> Option<Card> {
    let legal = view.legal_cards();
    let word = |c: &Card| u64::from(c.rank().number()) << 8 | c.index().map_or(99, u64::from);
    let mut words: Vec<u64> = view.left.iter().map(word).collect();
    words.extend(
        view.played
            .iter()
            .map(|(s, c)| (s.index() as u64) << 16 | word(c)),
    );
    let mut rng = Rng::new(mix(0x52A4_D0E5, &words));
    (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize])
}

/// The baseline players by name.
fn baseline<const N: usize>(name: &str) -> PlayerOf<N> {
    match name {
        "greedy-high" => greedy_high::<N>,
        "reply-aware" => reply_aware::<N>,
        "random" => random::<N>,
        "expert" => best_sampled::<N>,
        _ => greedy::<N>,
    }
}

fn measure<const N: usize>(deals: u64, seed: u64, style: &str, engine: &str) {
    let base = baseline::<N>(style);
    let tested: PlayerOf<N> = match engine {
        "reading" => reading::<N>,
        "kept" => kept::<N>,
        _ => best_sampled::<N>,
    };
    let start = std::time::Instant::now();
    let results: Vec<(f64, f64, f64, f64, f64)> = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let (hands, starter): (Vec<Vec<Card>>, Card) = if engine == "kept" {
                // Five cards a seat, each keeping four as crib discard advises.
                let cards = shuffled(seed.wrapping_add(N as u64 * 0x2000), deal, 5 * N + 1);
                let hands = (0..N)
                    .map(|s| keep::<N>(&cards[5 * s..5 * s + 5], s))
                    .collect();
                (hands, cards[5 * N])
            } else {
                let cards = shuffled(seed.wrapping_add(N as u64 * 0x1000), deal, 4 * N + 1);
                let hands = (0..N).map(|s| cards[4 * s..4 * s + 4].to_vec()).collect();
                (hands, cards[4 * N])
            };
            let seat = (deal % N as u64) as usize;
            let mut with_crib: [PlayerOf<N>; N] = [base; N];
            with_crib[seat] = tested;
            let a = play_hands::<N>(&hands, &[starter], with_crib).map(|p| p as u8);
            let b = play_hands::<N>(&hands, &[starter], [base; N]).map(|p| p as u8);
            let (mine_a, theirs_a) = mine_theirs(&a, Seat::new(seat));
            let (mine_b, theirs_b) = mine_theirs(&b, Seat::new(seat));
            let own = f64::from(a[seat]) - f64::from(b[seat]);
            (
                mine_a - mine_b,
                (mine_a - theirs_a) - (mine_b - theirs_b),
                mine_a,
                mine_b,
                own,
            )
        })
        .collect();
    let (pegs, pegs_se) = mean_se(&results.iter().map(|r| r.0).collect::<Vec<_>>());
    let (net, net_se) = mean_se(&results.iter().map(|r| r.1).collect::<Vec<_>>());
    let (own, own_se) = mean_se(&results.iter().map(|r| r.4).collect::<Vec<_>>());
    let crib = results.iter().map(|r| r.2).sum::<f64>() / deals as f64;
    let greedy_pegs = results.iter().map(|r| r.3).sum::<f64>() / deals as f64;
    let what = if N == 4 { "its side pegs" } else { "it pegs" };
    println!(
        "{N} players, crib's {engine} engine in one seat against {style} seats: {deals} deals; \
         {what} {crib:.3} a deal against {style}'s {greedy_pegs:.3} in the same seat: margin \
         {pegs:+.3} (standard error {pegs_se:.3}, {:.1} standard errors); net margin {net:+.3} \
         (standard error {net_se:.3}, {:.1} standard errors); the seat's own points {own:+.3} \
         (standard error {own_se:.3}) ({:.0} s)",
        pegs / pegs_se,
        net / net_se,
        start.elapsed().as_secs_f64()
    );
}

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 1);
    let players: Option<usize> = args.get(2).and_then(|a| a.parse().ok());
    let style = args.get(3).map_or("greedy", String::as_str);
    let engine = args.get(4).map_or("expert", String::as_str);
    if !["greedy", "greedy-high", "reply-aware", "random", "expert"].contains(&style)
        || !["expert", "reading", "kept"].contains(&engine)
    {
        eprintln!(
            "selfplay34: BASELINE is greedy, greedy-high, reply-aware, random or expert, and \
             ENGINE expert, reading or kept"
        );
        std::process::exit(2);
    }
    if players != Some(4) {
        measure::<3>(deals, seed, style, engine);
    }
    if players != Some(3) {
        measure::<4>(deals, seed, style, engine);
    }
}
