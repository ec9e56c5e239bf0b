//! Does playing for the board win more games? Duplicate self-play of whole two-player games to
//! 121: each stream of shuffled decks is played twice with the seats swapped, crib playing for
//! the board ([`crib::game::board_play`]) in one seat and for points (crib's engine) in the
//! other. Both discard as `crib discard` advises (for points). The board player plays for the
//! board once either side has reached `FROM` (90 unless given), for points before.
//!
//! Prints the games, the board player's wins with the standard error over pairs, the share of
//! its decisions of the play where the board changed the card, and the time taken.
//!
//! `cargo run --release -p crib --example board_selfplay [PAIRS] [SEED] [FROM] [discard]`
//!
//! With `discard`, the board player also discards for the board once either side has reached
//! `FROM`: the throw `crib discard --scores` ranks first.

use std::time::Instant;

use rayon::prelude::*;

use crib::game::board_play::play_for_board_at;
use crib::game::choose::{
    Strength, choose_card, choose_throw, discard_advice, play_advice, play_out, throw_all,
};
use crib::game::endgame::rank_for_game;
use crib::game::odds::Odds;
use crib::game::session::Match;
use crib::game::table::DealTable;
use crib::model::Models;
use crib::rules::board::Game;
use crib::rules::card::Card;
use crib::rules::play::Seat;
use crib::rules::sequence::Token;

/// One game: who won (player 0 or 1), and for the board player its decisions of the play made
/// for the board and how many of them changed the card.
struct Played {
    winner: usize,
    board_decisions: u32,
    changed: u32,
    board_throws: u32,
    throws_changed: u32,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pairs: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let from: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(90);
    let discard = args.get(4).is_some_and(|a| a == "discard");
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
    let n = per_pair.len() as f64;
    let mean = per_pair.iter().sum::<f64>() / n;
    let var = per_pair.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let se = (var / n).sqrt();
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
    let models = Models::committed();
    let (mut m, _) = Match::new(Game::TWO, stream, 1);
    let mut played = Played {
        winner: 0,
        board_decisions: 0,
        changed: 0,
        board_throws: 0,
        throws_changed: 0,
    };
    while !m.is_over() {
        let mut table = m.deal();
        let late = table.scores_now().iter().any(|&s| s >= from);
        if discard && late {
            for s in 0..2 {
                let seat = Seat::new(s);
                let throw = if m.player_at(seat) == board {
                    let (throw, changed) = board_throw(models, &table, seat);
                    played.board_throws += 1;
                    played.throws_changed += u32::from(changed);
                    throw
                } else {
                    choose_throw(models, &table, seat, Strength::Expert)
                };
                table.throw(seat, &throw).expect("cards held");
            }
        } else {
            throw_all(models, &mut table, Strength::Expert);
        }
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let late = table.scores_now().iter().any(|&s| s >= from);
            let token = if m.player_at(seat) == board && late && table.legal().len() > 1 {
                let (token, changed) = board_card(models, &table, seat);
                played.board_decisions += 1;
                played.changed += u32::from(changed);
                token
            } else {
                choose_card(models, &table, Strength::Expert)
            };
            table.play(token).expect("a legal card");
        }
        play_out(models, &mut table, Strength::Greedy);
        if let Some(over) = m.settle(&table.counted().expect("a whole deal"), &[]) {
            played.winner = over.winner;
        }
    }
    played
}

/// The throw best for the board, and whether it differs from the throw best for points.
fn board_throw(models: &Models, table: &DealTable, seat: Seat) -> (Vec<Card>, bool) {
    let mut advice = discard_advice(models, table, seat).expect("a whole deal");
    let points = advice.choices[0].throw.clone();
    let now = table.scores_now();
    let scores = [now[0], now[1]];
    rank_for_game(
        Odds::committed(),
        &table.dealt[seat.index()],
        &mut advice,
        scores,
    );
    let best = advice.choices[0].throw.clone();
    let changed = best != points;
    (best, changed)
}

/// The card best for the board, and whether it differs from the card best for points.
fn board_card(models: &Models, table: &DealTable, seat: Seat) -> (Token, bool) {
    let answer = play_advice(models, table, seat).expect("a legal position");
    let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
    let valued = play_for_board_at(Odds::committed(), table, seat, &by_points);
    let best = valued[0].card;
    (Token::Card(best), best.rank() != by_points[0].rank())
}
