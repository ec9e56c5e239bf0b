//! The coach's account of luck and skill on a hundred seeded games: for every player of every
//! game, each deal's parts (luck, its decisions, the others') add up to its change in the chance
//! of winning, and each game's to its result, to 1e-9 (`crib::game::check_account`).

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use crib::arena::{Arena, BuiltIn, Contestant};
use crib::game::{Decision, Graded, Level, check_account, grade_seats};
use crib::{Game, Models, Players};

use super::{Outcome, ensure};

/// The games: players, their levels, and whether graded for the board (two players only: the
/// board costs a second a game).
fn games() -> Vec<(Players, Vec<Level>, bool)> {
    let two = [Level::Greedy, Level::Expert];
    let three = [Level::Greedy, Level::Expert, Level::Random];
    let four = [
        Level::Greedy,
        Level::Expert,
        Level::Random,
        Level::ReplyAware,
    ];
    let mut all = Vec::new();
    for i in 0..100 {
        match i % 10 {
            0..=1 => all.push((Players::TWO, two.to_vec(), true)),
            2..=5 => all.push((Players::TWO, two.to_vec(), false)),
            6..=7 => all.push((Players::THREE, three.to_vec(), false)),
            _ => all.push((Players::FOUR, four.to_vec(), false)),
        }
    }
    all
}

/// A hundred games to 61, every seat graded, every player's account checked.
pub fn luck_and_skill() -> Outcome {
    let models = Models::committed();
    let checked: Result<Vec<usize>, String> = games()
        .into_par_iter()
        .enumerate()
        .map(|(i, (players, levels, board))| {
            let arena = Arena {
                game: Game::new(players, 61).map_err(|e| e.to_string())?,
                seed: 5000 + i as u64,
                keep_deals: true,
            };
            let mut entrants: Vec<Box<dyn Contestant + Send>> = levels
                .iter()
                .map(|&l| Box::new(BuiltIn(l)) as Box<dyn Contestant + Send>)
                .collect();
            let record = arena
                .play(0, &mut entrants, &AtomicBool::new(false))
                .ok_or("the game was stopped")?;
            let graded: Vec<Vec<Vec<Decision>>> = record
                .deals
                .iter()
                .map(|(_, table)| grade_seats(models, table, &[], board))
                .collect::<Result<_, _>>()
                .map_err(|e| e.to_string())?;
            let deals: Vec<Graded> = record
                .deals
                .iter()
                .zip(&graded)
                .map(|((m, t), g)| (m, t, g.as_slice()))
                .collect();
            let after = &record.deals.last().ok_or("a game without a deal")?.0;
            for who in 0..players.count() {
                let accounts = check_account(&deals, after, who, 1e-9)
                    .map_err(|e| format!("game {i}, player {who}: {e}"))?;
                if accounts.len() != 1 || accounts[0].won.is_none() {
                    return Err(format!("game {i}: not one finished game"));
                }
            }
            Ok(deals.len())
        })
        .collect();
    let deals: usize = checked?.iter().sum();
    eprintln!("  100 games, {deals} deals: every player's parts add up to 1e-9");
    ensure!(deals > 400, "only {deals} deals");
    Ok(())
}
