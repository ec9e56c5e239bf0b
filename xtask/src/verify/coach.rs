//! The coach's account of luck and skill on a hundred seeded games: for every player of every
//! game, each deal's parts (luck, its decisions, the others') add up to its change in the chance
//! of winning, and each game's to its result, to 1e-9 (`crib::game::check_account`, through the library's `check_a_game`).

use rayon::prelude::*;

use crib::game::Level;
use crib::tables::table::coach::check_a_game;
use crib::{Models, Players};

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
            let (accounts, deals) =
                check_a_game(models, players, &levels, board, 5000 + i as u64, 1e-9)
                    .map_err(|e| format!("game {i}, {e}"))?;
            if accounts.iter().any(|a| a.len() != 1 || a[0].won.is_none()) {
                return Err(format!("game {i}: not one finished game"));
            }
            Ok(deals)
        })
        .collect();
    let deals: usize = checked?.iter().sum();
    eprintln!("  100 games, {deals} deals: every player's parts add up to 1e-9");
    ensure!(deals > 400, "only {deals} deals");
    Ok(())
}
