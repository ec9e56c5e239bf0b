//! Does playing for the board win more games? Duplicate self-play of whole two-player games to
//! 121: each stream of shuffled decks is played twice with the seats swapped, crib playing for
//! the board ([`crib::tables::advice::for_game::play`]) in one seat and for points (crib's engine) in the
//! other. Both discard as `crib discard` advises (for points). The board player plays for the
//! board once either side has reached `FROM` (90 unless given), for points before.
//!
//! Prints the games, the board player's wins with the standard error over pairs, the share of
//! its decisions of the play where the board changed the card, and the time taken.
//!
//! `cargo xtask experiment board_selfplay [PAIRS] [SEED] [FROM] [discard]`
//!
//! With `discard`, the board player also discards for the board once either side has reached
//! `FROM`: the throw `crib discard --scores` ranks first.

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::rules::board::Game;
use crib::tables::state::session::Match;

use super::shared::arg;
use super::shared::board::{self, Played, Player};
use super::shared::stats::mean_se;

pub fn run(args: &[String]) {
    let pairs: u64 = arg(args, 0, 200);
    let seed: u64 = arg(args, 1, 1);
    let from: u32 = arg(args, 2, 90);
    let discard = args.get(3).is_some_and(|a| a == "discard");
    let start = Instant::now();
    let results: Vec<(Played, Played)> = (0..pairs)
        .into_par_iter()
        .map(|pair| {
            let stream = seed.wrapping_mul(1_000_003).wrapping_add(pair);
            (
                play_game(stream, 0, from, discard),
                play_game(stream, 1, from, discard),
            )
        })
        .collect();
    let games = 2 * pairs;
    let per_pair: Vec<f64> = results
        .iter()
        .map(|(a, b)| {
            (f64::from(u8::from(a.winner == 0)) + f64::from(u8::from(b.winner == 1))) / 2.0
        })
        .collect();
    let (mean, se) = mean_se(&per_pair);
    let decisions: u32 = results
        .iter()
        .map(|(a, b)| a.board_decisions + b.board_decisions)
        .sum();
    let changed: u32 = results.iter().map(|(a, b)| a.changed + b.changed).sum();
    let also = if discard { ", discards too" } else { "" };
    println!(
        "{games} games ({pairs} duplicate pairs, seed {seed}, the board from {from}{also}): the board \
         player won {:.2}% ± {:.2}% (standard error over pairs), {:+.1} standard errors from half",
        100.0 * mean,
        100.0 * se,
        (mean - 0.5) / se.max(1e-12)
    );
    let throws: u32 = results
        .iter()
        .map(|(a, b)| a.board_throws + b.board_throws)
        .sum();
    let moved: u32 = results
        .iter()
        .map(|(a, b)| a.throws_changed + b.throws_changed)
        .sum();
    if discard {
        println!(
            "discards made for the board: {throws}, of which {moved} ({:.1}%) changed the throw",
            100.0 * f64::from(moved) / f64::from(throws.max(1))
        );
    }
    println!(
        "decisions of the play made for the board: {decisions}, of which {changed} ({:.1}%) \
         changed the card; {:.0} s",
        100.0 * f64::from(changed) / f64::from(decisions.max(1)),
        start.elapsed().as_secs_f64()
    );
}

/// Play one game of the stream; the board player is player `board` (player 0 is cut for
/// deal as `crib game` cuts).
fn play_game(stream: u64, board: usize, from: u32, discard: bool) -> Played {
    let (m, _) = Match::new(Game::TWO, stream, 1);
    let mut players = [Player::Points; 2];
    players[board] = Player::Board { from, discard };
    board::play_game(m, players)
}
