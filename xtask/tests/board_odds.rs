//! The odds of players for the board, locked: every position solved again from the committed
//! point players' deals and the committed change playing for the board makes is the committed
//! table to the last printed digit; a deterministic sample of the board deals (the witness),
//! played again by players for the board at its positions, comes out as committed; and the
//! point players' part of the table agrees with whole games between point players.
//!
//! Playing every board deal again at every position is `cargo xtask tables odds` (minutes on
//! two cores); it writes the same files byte for byte.

use std::collections::BTreeSet;

use crib::game::deals::{GameResult, digest, play_deal, play_game_to};
use crib::game::odds::{Odds, SCORES, committed_digests, solve};
use crib::game::odds_board::{
    BOARD_DEALS, BoardDeal, WITNESS_DEALS, solve_from_changes, witness_positions,
};
use crib::model::Models;
use crib::model::pegging::Decisions;
use rayon::prelude::*;
use xtask::{files, render, samples};

fn committed(name: &str) -> Vec<u8> {
    let path = xtask::generated().join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The committed point players' deals, checked against the table's digests.
fn point_deals() -> Vec<crib::game::deals::DealEvents> {
    let deals = samples::decode_deals(&committed(files::DEALS));
    assert_eq!(deals.len() as u64, crib::game::odds::DEALS);
    assert_eq!(digest(&deals), committed_digests().1);
    deals
}

/// Every position, solved again from the committed deals and the committed changes, is the
/// committed table to the last printed digit.
#[test]
fn the_odds_are_solved_from_their_deals_and_the_board_changes() {
    let deals = point_deals();
    let board = samples::decode_board(&committed(files::BOARD)).expect("a board sample");
    assert_eq!(board.deals, BOARD_DEALS);
    let odds = solve_from_changes(&deals, &board.changes);
    let committed = String::from_utf8(committed(files::ODDS)).unwrap();
    assert!(
        render::odds(&odds, &deals) == committed,
        "the committed table is not what crib computes: run `cargo xtask tables odds`"
    );
    assert_eq!(odds.get([0, 0]).win, Odds::committed().get([0, 0]).win);
    // Playing for the board changed something, and not everywhere the same.
    let changed = board.changes.iter().flatten().filter(|c| c[0] != 0).count();
    assert!(changed > SCORES * SCORES / 2, "{changed}");
}

/// The witness: the first board deals, played again by players for the board at its positions
/// (each valuing later positions by the committed table), come out event by event as the
/// generator played them; and at some of them the board players' deal is not the point
/// players'.
#[test]
fn a_sample_of_the_board_deals_plays_out_as_committed() {
    let board = samples::decode_board(&committed(files::BOARD)).expect("a board sample");
    let expected: BTreeSet<(u64, u32, u32)> = (0..WITNESS_DEALS)
        .flat_map(|deal| {
            witness_positions()
                .into_iter()
                .map(move |(d, p)| (deal, d, p))
        })
        .collect();
    let witnessed: BTreeSet<(u64, u32, u32)> =
        board.witness.iter().map(|w| (w.0, w.1, w.2)).collect();
    assert_eq!(witnessed, expected);
    let wins = Odds::committed().wins();
    let models = Models::committed();
    let deals: Vec<BoardDeal> = (0..WITNESS_DEALS)
        .into_par_iter()
        .map(|deal| BoardDeal::new(models, deal))
        .collect();
    let disagreements: Vec<(u64, u32, u32)> = board
        .witness
        .par_iter()
        .filter(|(deal, d, p, events)| {
            deals[*deal as usize].events([*p, *d], &wins) != events.events
        })
        .map(|w| (w.0, w.1, w.2))
        .collect();
    assert!(disagreements.is_empty(), "{disagreements:?}");
    let points = point_deals();
    let otherwise = board
        .witness
        .iter()
        .filter(|(deal, _, _, events)| events.events != points[*deal as usize].events)
        .count();
    assert!(
        otherwise > 0 && otherwise < board.witness.len(),
        "{otherwise}"
    );
}

/// `games` whole games to `target` between point players from `start` (the first dealer's
/// score, the other's), each deal fresh from the stream `seed`, numbered on from `first`.
fn point_games(target: u32, start: [u32; 2], seed: u64, first: u64, games: u64) -> Vec<GameResult> {
    let models = Models::committed();
    let decisions = Decisions::new(&models.kept);
    let mut next = first;
    (0..games)
        .map(|_| {
            play_game_to(target, start, || {
                next += 1;
                play_deal(models, &decisions, seed, next)
            })
        })
        .collect()
}

/// Whole games between point players, each deal fresh from a stream the table was not solved
/// from, started near the end where games are short: the first dealer's share of wins agrees
/// with the point players' table (solved from the committed deals alone) within four standard
/// errors. (`cargo run --release -p crib --example odds_check` does the same on more games.)
#[test]
fn whole_games_of_point_players_agree_with_their_table() {
    let points = solve(&point_deals());
    for (position, (dealer, pone)) in [(110, 112), (116, 104)].into_iter().enumerate() {
        let games = 300u64;
        let results = point_games(121, [dealer, pone], 99, 1_000_000 * position as u64, games);
        let won = results.iter().filter(|r| r.first_dealer_won).count() as f64 / games as f64;
        let table = points.get([pone, dealer]).win;
        let se = (table * (1.0 - table) / games as f64).sqrt();
        assert!(
            (won - table).abs() < 4.0 * se,
            "{dealer}-{pone}: games {won}, table {table}"
        );
    }
}

/// A game to 61 from a-b is the game to 121 from (a+60)-(b+60): the same deals carry both to
/// their end alike. Whole games to 61 between point players, from fresh deals, agree with the
/// point players' table shifted so, within four standard errors, for winning and for skunks
/// (short of 31).
#[test]
fn a_game_to_61_is_the_last_61_holes_of_121() {
    let points = solve(&point_deals());
    let shifted = points.get([65, 90]);
    let games = 400u64;
    let results = point_games(61, [30, 5], 61, 7_000_000, games);
    let won = results.iter().filter(|r| r.first_dealer_won).count() as u64;
    let skunks = results.iter().filter(|r| r.skunk).count() as u64;
    for (what, count, table) in [
        ("wins", won, shifted.win),
        ("skunks", skunks, shifted.skunk_win + shifted.skunked),
    ] {
        let share = count as f64 / games as f64;
        let se = (table * (1.0 - table) / games as f64).sqrt().max(1e-3);
        assert!(
            (share - table).abs() < 4.0 * se,
            "{what}: games {share}, table {table}"
        );
    }
}
