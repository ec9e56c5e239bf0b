//! Self-play of the play with three and four players: a seat advised by crib's engine against
//! seats that play greedily (the card that scores most now), on duplicate deals, seeded.
//!
//! `cargo xtask experiment selfplay_multi [DEALS] [SEED] [PLAYERS]` (default 2,000 deals
//! for each of three and four players, seed 1; PLAYERS 3 or 4 runs one of them).
//!
//! Each deal gives every seat four random cards and turns a starter (seen by all). The seat
//! under test moves round the table with the deal number (deal d tests seat d mod N). The deal
//! is played twice: once with crib's engine in that seat, once with a greedy player there; the
//! other seats play greedily both times. The margin is what the engine's seat pegs less what
//! the greedy player pegs in the same seat and deal: its own points with three players, its
//! side's with four (partners share a score). Its standard error comes from the spread of the
//! deals. The margin in net (the seat's points less the mean of the others', or its side's less
//! the other side's: what the engine plays for), and with four players the seat's own points,
//! are reported too.

use crib::rules::card::Card;
use crib::rules::seat::Seat;
use crib::rules::shuffle::shuffled;
use crib::search::players::{PlayerOf, best_sampled, greedy, play_hands};
use crib::search::sampled::mine_theirs;
use rayon::prelude::*;

use super::shared::stats::mean_se;

fn measure<const N: usize>(deals: u64, seed: u64) {
    let start = std::time::Instant::now();
    let results: Vec<(f64, f64, f64, f64, f64)> = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let cards = shuffled(seed.wrapping_add(N as u64 * 0x1000), deal, 4 * N + 1);
            let hands: Vec<Vec<Card>> = (0..N).map(|s| cards[4 * s..4 * s + 4].to_vec()).collect();
            let starter = cards[4 * N];
            let seat = (deal % N as u64) as usize;
            let mut with_crib: [PlayerOf<N>; N] = [greedy::<N>; N];
            with_crib[seat] = best_sampled::<N>;
            let a = play_hands::<N>(&hands, &[starter], with_crib).map(|p| p as u8);
            let b = play_hands::<N>(&hands, &[starter], [greedy::<N>; N]).map(|p| p as u8);
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
        "{N} players, crib's engine in one seat against greedy seats: {deals} deals; {what} \
         {crib:.3} a deal against greedy's {greedy_pegs:.3} in the same seat: margin \
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
    if players != Some(4) {
        measure::<3>(deals, seed);
    }
    if players != Some(3) {
        measure::<4>(deals, seed);
    }
}
