//! An independent check of the odds' solver: whole games between crib's players playing for
//! points, each deal fresh from a stream the odds were not solved from, started from a few
//! positions, against the chance of the point players' table for the first dealer: the table
//! solved from the deals the committed odds rest on, dealt again (the committed odds add what
//! playing for the board changes; `board_odds` checks those against whole games).
//!
//! `cargo xtask experiment odds_check [GAMES] [SEED]` (default 2,000 games a position,
//! seed 7). Prints, for each position, the share of games the first dealer won with its
//! standard error, the table's chance, and the difference in standard errors.

use crate::generate::odds::solve;
use crate::generate::pegging::Decisions;
use crate::selfplay::deals::{GameResult, play_deal, play_game, sample_deals};
use crib::tables::model::Models;
use crib::tables::model::odds::{DEALS, SEED};
use crib::tables::rules::seat::Players;
use rayon::prelude::*;

/// Deals set aside for each game: more than any game from 0-0 needs.
const DEALS_PER_GAME: u64 = 64;

use super::shared::arg;

pub fn run(args: &[String]) {
    let games: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 7);
    let models = Models::committed();
    let decisions = Decisions::new(&models.kept);
    let start = std::time::Instant::now();
    let points = solve(Players::TWO, &sample_deals(models, SEED, DEALS));
    println!(
        "the point players' table solved again from {DEALS} deals ({:.0} s)",
        start.elapsed().as_secs_f64()
    );
    let positions = [
        (0, 0),
        (60, 60),
        (90, 100),
        (100, 90),
        (110, 110),
        (115, 105),
    ];
    for (p, &(dealer, pone)) in positions.iter().enumerate() {
        let results: Vec<GameResult> = (0..games)
            .into_par_iter()
            .map(|game| {
                let first = (p as u64 * games + game) * DEALS_PER_GAME;
                let mut next = first;
                play_game([dealer, pone], || {
                    next += 1;
                    play_deal(models, &decisions, seed, next - 1)
                })
            })
            .collect();
        let n = results.len() as f64;
        let won = results.iter().filter(|r| r.first_dealer_won).count() as f64 / n;
        let se = (won * (1.0 - won) / n).sqrt();
        let table = crib::tables::dealer_outlook(&points, [pone, dealer]).win;
        println!(
            "{dealer}-{pone}: the first dealer won {won:.4} ± {se:.4} of {games} games; the table \
             says {table:.4} ({:+.1} standard errors; {:.0} s)",
            (won - table) / se,
            start.elapsed().as_secs_f64()
        );
    }
}
