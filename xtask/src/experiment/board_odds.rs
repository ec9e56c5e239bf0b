//! Whole games of players who play for the board, against the committed odds, which are solved
//! from such players. From each position given (the dealer's score, then the pone's; the dealer
//! about to deal), whole games to 121 are played twice on the same shuffled decks: once by two
//! of crib's players playing for points (`crib game`'s players), once by two playing for the
//! board at every score (the discard `crib discard --scores` ranks first, the card `crib play
//! --scores` ranks first, both valuing positions by the committed odds).
//!
//! For each position it prints the committed odds' chance for the dealer, the dealer's wins in
//! each pair of games with their standard errors, the difference on the same decks with its
//! paired standard error, the share of decisions the board changed, and the time taken.
//!
//! `cargo xtask experiment board_odds [GAMES] [SEED] [D-P ...]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::odds::Odds;
use crib::tables::rules::board::Game;
use crib::tables::rules::seat::Players;
use crib::tables::rules::shuffle::mix;
use crib::tables::state::session::Match;

use super::shared::arg;
use super::shared::board::{self, Played, Player};
use super::shared::stats::mean_se;

/// The positions weighed when none are given: the start, then the board's last stretch.
const POSITIONS: &[&str] = &[
    "0-0", "60-60", "90-90", "100-100", "110-100", "100-110", "110-110", "115-105", "105-115",
    "115-115", "118-118",
];

pub fn run(args: &[String]) {
    let games: u64 = arg(args, 0, 200);
    let seed: u64 = arg(args, 1, 1);
    let given: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let positions = if given.is_empty() {
        POSITIONS.to_vec()
    } else {
        given
    };
    println!(
        "{games} games a position, seed {seed}; the dealer's chance of winning (%), ± standard error"
    );
    println!("position   odds   points        board         board-points   changed   time");
    for position in positions {
        let Some((dealer, pone)) = parse(position) else {
            eprintln!(
                "board_odds: {position}: expected the dealer's score and the pone's, as 110-105"
            );
            std::process::exit(2);
        };
        weigh(games, seed, dealer, pone);
    }
}

/// The dealer's and the pone's scores from `D-P`, each under 121.
fn parse(position: &str) -> Option<(u32, u32)> {
    let (d, p) = position.split_once('-')?;
    let (d, p): (u32, u32) = (d.parse().ok()?, p.parse().ok()?);
    (d < 121 && p < 121).then_some((d, p))
}

/// Play `games` pairs from the position and print one line.
fn weigh(games: u64, seed: u64, dealer: u32, pone: u32) {
    let start = Instant::now();
    let board = Player::Board {
        from: 0,
        discard: true,
    };
    let results: Vec<(Played, Played)> = (0..games)
        .into_par_iter()
        .map(|game| {
            let m = at(
                mix(seed, &[u64::from(dealer), u64::from(pone), game]),
                dealer,
                pone,
            );
            (
                board::play_game(m.clone(), [Player::Points; 2]),
                board::play_game(m, [board; 2]),
            )
        })
        .collect();
    let wins = |pick: fn(&(Played, Played)) -> &Played| -> Vec<f64> {
        results
            .iter()
            .map(|r| f64::from(u8::from(pick(r).winner == 0)))
            .collect()
    };
    let points = wins(|r| &r.0);
    let boards = wins(|r| &r.1);
    let gaps: Vec<f64> = boards.iter().zip(&points).map(|(b, p)| b - p).collect();
    let decisions: u32 = results
        .iter()
        .map(|r| r.1.board_decisions + r.1.board_throws)
        .sum();
    let changed: u32 = results
        .iter()
        .map(|r| r.1.changed + r.1.throws_changed)
        .sum();
    let odds = crib::tables::dealer_outlook(Odds::committed(Players::TWO), [pone, dealer]).win;
    let (p, p_se) = mean_se(&points);
    let (b, b_se) = mean_se(&boards);
    let (g, g_se) = mean_se(&gaps);
    println!(
        "{:<9} {:5.1}   {:5.1} ± {:3.1}   {:5.1} ± {:3.1}   {:+5.1} ± {:3.1}   {:5.1}%   {:.0} s",
        format!("{dealer}-{pone}"),
        100.0 * odds,
        100.0 * p,
        100.0 * p_se,
        100.0 * b,
        100.0 * b_se,
        100.0 * g,
        100.0 * g_se,
        100.0 * f64::from(changed) / f64::from(decisions.max(1)),
        start.elapsed().as_secs_f64()
    );
}

/// A game to 121 from the position, player 0 about to deal, its decks from `stream`.
fn at(stream: u64, dealer: u32, pone: u32) -> Match {
    let (mut m, _) = Match::new(Game::TWO, stream, 1);
    m.dealer = 0;
    m.scores = vec![dealer, pone];
    m
}
