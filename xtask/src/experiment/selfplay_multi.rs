//! Self-play of the play with three and four players: a seat advised by crib's engine against
//! seats of a baseline style, on duplicate deals, seeded.
//!
//! `cargo xtask experiment selfplay_multi [DEALS] [SEED] [PLAYERS] [BASELINE] [ENGINE]`
//! (default 2,000 deals for each of three and four players, seed 1; PLAYERS 3 or 4 runs one
//! of them; BASELINE `greedy` (the default), `greedy-high`, `reply-aware` or `random`; ENGINE
//! `expert` (the default: every deal of the hidden cards alike) or `reading` (the deals drawn
//! by how the others have played, crib's reading model: `crib play --opponent reading`)).
//!
//! Each deal gives every seat four random cards and turns a starter (seen by all). The seat
//! under test moves round the table with the deal number (deal d tests seat d mod N). The deal
//! is played twice: once with crib's engine in that seat, once with a baseline player there; the
//! other seats play the baseline both times. The margin is what the engine's seat pegs less what
//! the baseline player pegs in the same seat and deal: its own points with three players, its
//! side's with four (partners share a score). Its standard error comes from the spread of the
//! deals. The margin in net (the seat's points less the mean of the others', or its side's less
//! the other side's: what the engine plays for), and with four players the seat's own points,
//! are reported too.

use crib::tables::rules::card::Card;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::shuffle::{Rng, mix, shuffled};
use crib::tables::rules::view::View;
use crib::tables::search::players::reply_aware;
use crib::tables::search::players::{PlayerOf, best_sampled, greedy, greedy_high, play_hands};
use crib::tables::search::sampled::{advise_sampled_reading, mine_theirs, samples_for};
use rayon::prelude::*;

use super::shared::stats::mean_se;

/// The engine's card over deals drawn by how the others have played (`--opponent reading`).
fn reading<const N: usize>(view: &View<N>) -> Option<Card> {
    let model = crib::tables::model::reading::committed();
    advise_sampled_reading(view, samples_for(Players::of::<N>()), &model)
        .options
        .first()
        .map(|o| o.card)
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
        _ => greedy::<N>,
    }
}

fn measure<const N: usize>(deals: u64, seed: u64, style: &str, engine: &str) {
    let base = baseline::<N>(style);
    let tested: PlayerOf<N> = if engine == "reading" {
        reading::<N>
    } else {
        best_sampled::<N>
    };
    let start = std::time::Instant::now();
    let results: Vec<(f64, f64, f64, f64, f64)> = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let cards = shuffled(seed.wrapping_add(N as u64 * 0x1000), deal, 4 * N + 1);
            let hands: Vec<Vec<Card>> = (0..N).map(|s| cards[4 * s..4 * s + 4].to_vec()).collect();
            let starter = cards[4 * N];
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
    if !["greedy", "greedy-high", "reply-aware", "random"].contains(&style)
        || !["expert", "reading"].contains(&engine)
    {
        eprintln!(
            "selfplay_multi: BASELINE is greedy, greedy-high, reply-aware or random, and ENGINE \
             expert or reading"
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
