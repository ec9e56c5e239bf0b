//! The odds of two players, derived again: every position solved again from the committed
//! point players' deals and the committed change playing for the board makes; the witness
//! deals played again by players for the board; a sample of the point players' deals played
//! again; and whole games of point players against their table, to 121 and to 61.

use std::collections::BTreeSet;

use crate::generate::odds::solve;
use crate::generate::odds_board::{
    BOARD_DEALS, BoardDeal, WITNESS_DEALS, solve_from_changes, witness_positions,
};
use crate::generate::pegging::Decisions;
use crate::selfplay::deals::{DealEvents, GameResult, digest, play_deal, play_game_to};
use crib::tables::model::Models;
use crib::tables::model::odds::{DEALS, Odds, SCORES, SEED, committed_digests};
use crib::tables::rules::seat::Players;
use crib::tables::rules::shuffle::shuffled_indices;
use rayon::prelude::*;

use super::{Outcome, ensure, ensure_eq};
use crate::{committed, committed_text, files, render, samples};

/// The committed point players' deals, checked against the table's digests.
fn point_deals() -> Result<Vec<DealEvents>, String> {
    let deals = samples::decode_deals(&committed(files::DEALS));
    ensure_eq!(deals.len() as u64, DEALS);
    ensure_eq!(digest(&deals), committed_digests(Players::TWO).1);
    Ok(deals)
}

/// The committed table, its witness and a sample of its deals.
pub fn odds() -> Outcome {
    solved_again()?;
    witness()?;
    deals_again()
}

/// Every position, solved again from the committed deals and the committed changes, is the
/// committed table to the last printed digit.
fn solved_again() -> Outcome {
    let deals = point_deals()?;
    let board = samples::decode_board(&committed(files::BOARD)).ok_or("a board sample")?;
    ensure_eq!(board.deals, BOARD_DEALS);
    let odds = solve_from_changes(&deals, &board.changes);
    ensure!(
        render::odds(&odds, &deals) == committed_text(files::ODDS),
        "the committed table is not what crib computes: run `cargo xtask tables odds`"
    );
    ensure_eq!(
        crib::tables::dealer_outlook(&odds, [0, 0]).win,
        crib::tables::dealer_outlook(Odds::committed(Players::TWO), [0, 0]).win
    );
    // Playing for the board changed something, and not everywhere the same.
    let changed = board.changes.iter().flatten().filter(|c| c[0] != 0).count();
    ensure!(changed > SCORES * SCORES / 2, "{changed} positions changed");
    Ok(())
}

/// The witness: the first board deals, played again by players for the board at its positions
/// (each valuing later positions by the committed table), come out event by event as the
/// generator played them; and at some of them the board players' deal is not the point
/// players'.
fn witness() -> Outcome {
    let board = samples::decode_board(&committed(files::BOARD)).ok_or("a board sample")?;
    let expected: BTreeSet<(u64, u32, u32)> = (0..WITNESS_DEALS)
        .flat_map(|deal| {
            witness_positions()
                .into_iter()
                .map(move |(d, p)| (deal, d, p))
        })
        .collect();
    let witnessed: BTreeSet<(u64, u32, u32)> =
        board.witness.iter().map(|w| (w.0, w.1, w.2)).collect();
    ensure!(witnessed == expected, "the witness is not at its positions");
    let wins = crib::tables::wins(Odds::committed(Players::TWO));
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
    ensure!(disagreements.is_empty(), "{disagreements:?}");
    let points = point_deals()?;
    let otherwise = board
        .witness
        .iter()
        .filter(|(deal, _, _, events)| events.events != points[*deal as usize].events)
        .count();
    ensure!(
        otherwise > 0 && otherwise < board.witness.len(),
        "{otherwise} witness deals differ from the point players'"
    );
    Ok(())
}

/// A deterministic sample of the deals (the first 40, and 160 more), each dealt and played
/// again by crib's players, comes out as committed, event by event.
fn deals_again() -> Outcome {
    let models = Models::committed();
    let deals = samples::decode_deals(&committed(files::DEALS));
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    let mut sample: Vec<usize> = (0..40).collect();
    sample.extend(
        shuffled_indices(2026, 1, 160, deals.len())
            .into_iter()
            .filter(|&d| d >= 40),
    );
    let disagreements: Vec<usize> = sample
        .par_iter()
        .copied()
        .filter(|&d| play_deal(models, &decisions, SEED, d as u64) != deals[d])
        .collect();
    ensure!(
        disagreements.is_empty(),
        "deals {disagreements:?} play out differently"
    );
    Ok(())
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
/// errors. (`cargo xtask experiment odds_check` does the same on more games.) And a game to 61
/// from a-b is the game to 121 from (a+60)-(b+60): whole games to 61 between point players, from
/// fresh deals, agree with the point players' table shifted so, within four standard errors,
/// for winning and for skunks (short of 31).
pub fn games() -> Outcome {
    let points = solve(Players::TWO, &point_deals()?);
    for (position, (dealer, pone)) in [(110, 112), (116, 104)].into_iter().enumerate() {
        let games = 300u64;
        let results = point_games(121, [dealer, pone], 99, 1_000_000 * position as u64, games);
        let won = results.iter().filter(|r| r.first_dealer_won).count() as f64 / games as f64;
        let table = crib::tables::dealer_outlook(&points, [pone, dealer]).win;
        let se = (table * (1.0 - table) / games as f64).sqrt();
        ensure!(
            (won - table).abs() < 4.0 * se,
            "{dealer}-{pone}: games {won}, table {table}"
        );
    }
    let shifted = crib::tables::dealer_outlook(&points, [65, 90]);
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
        ensure!(
            (share - table).abs() < 4.0 * se,
            "to 61, {what}: games {share}, table {table}"
        );
    }
    Ok(())
}
