//! The coach's account of luck and skill on a hundred seeded games: for every player of every
//! game, each deal's parts (luck, its decisions, the others') add up to its change in the chance
//! of winning, and each game's to its result, to 1e-9 ([`check_a_game`], which plays each game
//! in the arena and grades it as `crib review` does). The coach's self-check lives here, not in
//! the library: the coach and the arena know nothing of each other.

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use crib::arena::{Arena, BuiltIn, Contestant, GameRecord};
use crib::coach::{Decision, GameAccount, Graded, account, grade, judge};
use crib::game::{DealTable, Level, Match};
use crib::odds::Odds;
use crib::{Game, Models, Players, Position, Seat};

use super::{Outcome, ensure};

/// The chance of winning `seat`'s side has at the start of the deal at `table`, read from the
/// committed odds apart from the coach (1 or 0 once a side has reached the hole).
fn start_chance(table: &DealTable, seat: Seat) -> crib::Result<f64> {
    let game = table.game;
    let side = game.players.side(seat).index();
    if let Some(winner) = table.start.iter().position(|&s| s >= game.target) {
        return Ok(if winner == side { 1.0 } else { 0.0 });
    }
    let position = Position::new(game, &table.start, seat)?;
    Ok(Odds::committed(game.players).chances(&position)?.win[side])
}

/// Every way the account can be wrong, for one game's record of deals (the match before each,
/// the deal, every seat graded) for player `who`: each deal's parts add up to its change to
/// `tolerance`, each deal starts where the last ended, each game starts at the odds of its first
/// deal and ends at 1 or 0 by who won, and a player whose decisions all cost nothing is 100%
/// accurate. [`luck_and_skill`] and the fast test below hold accounts to it.
pub fn check_account(
    deals: &[Graded],
    after: &Match,
    who: usize,
    tolerance: f64,
) -> std::result::Result<Vec<GameAccount>, String> {
    let accounts = account(deals, after, who).map_err(|e| e.to_string())?;
    let mut at = 0;
    for account in &accounts {
        let mut last: Option<f64> = None;
        for (deal, swing) in &account.deals {
            let (before, table, by_seat) = deals[deal - 1];
            let adds = swing.luck - swing.yours + swing.others;
            if (adds - (swing.after - swing.before)).abs() > tolerance {
                return Err(format!(
                    "deal {deal}: the parts make {adds}, the change {}",
                    (swing.after - swing.before)
                ));
            }
            if last.is_some_and(|l| (l - swing.before).abs() > tolerance) {
                return Err(format!(
                    "deal {deal} starts at {} where the last ended",
                    swing.before
                ));
            }
            let seat = before.seat_of(who);
            let odds = start_chance(table, seat).map_err(|e| e.to_string())?;
            if (odds - swing.before).abs() > tolerance {
                return Err(format!(
                    "deal {deal} starts at {}, not the odds' {odds}",
                    swing.before
                ));
            }
            let own: f64 = by_seat[seat.index()]
                .iter()
                .map(|d| judge(table, seat, d).map(|j| j.loss))
                .sum::<crib::Result<f64>>()
                .map_err(|e| e.to_string())?;
            if (own - swing.yours).abs() > tolerance {
                return Err(format!("deal {deal}: yours {} against {own}", swing.yours));
            }
            last = Some(swing.after);
            at = *deal;
        }
        let (luck, yours, others) = account.totals();
        let result = account.end() - account.start();
        if (luck - yours + others - result).abs() > tolerance {
            return Err(format!(
                "game {}: the parts do not make the result",
                account.game
            ));
        }
        if let Some(won) = account.won
            && account.end() != if won { 1.0 } else { 0.0 }
        {
            return Err(format!("game {} ends at {}", account.game, account.end()));
        }
    }
    if at != deals.len() {
        return Err(format!("{at} deals accounted of {}", deals.len()));
    }
    Ok(accounts)
}

/// A game to 61 of crib's `levels`, one a seat, seeded `seed`, played in the arena with every
/// deal kept.
pub fn play_a_game(
    players: Players,
    levels: &[Level],
    seed: u64,
) -> std::result::Result<GameRecord, String> {
    let arena = Arena {
        game: Game::new(players, 61).map_err(|e| e.to_string())?,
        seed,
        keep_deals: true,
    };
    let mut entrants: Vec<Box<dyn Contestant + Send>> = levels
        .iter()
        .map(|&l| Box::new(BuiltIn(l)) as Box<dyn Contestant + Send>)
        .collect();
    arena
        .play(0, &mut entrants, &AtomicBool::new(false))
        .ok_or_else(|| "the game was stopped".to_owned())
}

/// A game to 61 of crib's `levels`, one a seat, seeded `seed`; every seat graded (for the board
/// with `board`) and every player's account held to [`check_account`] to `tolerance`: the
/// accounts, by player, and how many deals the game took. [`luck_and_skill`] and the fast
/// test play their games through it.
pub fn check_a_game(
    models: &Models,
    players: Players,
    levels: &[Level],
    board: bool,
    seed: u64,
    tolerance: f64,
) -> std::result::Result<(Vec<Vec<GameAccount>>, usize), String> {
    let record = play_a_game(players, levels, seed)?;
    let graded: Vec<Vec<Vec<Decision>>> = record
        .deals
        .iter()
        .map(|(_, table)| {
            let seats = table.game.players.seats();
            seats
                .map(|seat| grade(models, table, seat, &[], board))
                .collect()
        })
        .collect::<crib::Result<_>>()
        .map_err(|e| e.to_string())?;
    let deals: Vec<Graded> = record
        .deals
        .iter()
        .zip(&graded)
        .map(|((m, t), g)| (m, t, g.as_slice()))
        .collect();
    // The match after the last deal, settled as it was counted (the game over).
    let (last, last_table) = record.deals.last().ok_or("a game without a deal")?;
    let mut after = last.clone();
    after.settle(&last_table.counted().map_err(|e| e.to_string())?, &[]);
    let after = &after;
    let accounts = (0..players.count())
        .map(|who| {
            check_account(&deals, after, who, tolerance).map_err(|e| format!("player {who}: {e}"))
        })
        .collect::<std::result::Result<_, _>>()?;
    Ok((accounts, deals.len()))
}
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole seeded games of greedy against the expert (two players, graded for the board;
    /// three and four players, for points), every seat graded: for each player the parts add up
    /// to the result, deal by deal and game by game, to 1e-9. crib's strongest graded against
    /// itself is 100% accurate.
    #[test]
    fn luck_and_skill_add_up() {
        let models = Models::committed();
        for (players, levels, board) in [
            (Players::TWO, vec![Level::Greedy, Level::Strongest], true),
            (
                Players::THREE,
                vec![Level::Greedy, Level::Expert, Level::Random],
                false,
            ),
            (
                Players::FOUR,
                vec![Level::Greedy, Level::Expert, Level::Random, Level::Expert],
                false,
            ),
        ] {
            let (all, _) = check_a_game(models, players, &levels, board, 3, 1e-9).unwrap();
            for (who, accounts) in all.iter().enumerate() {
                assert_eq!(accounts.len(), 1);
                assert!(accounts[0].won.is_some());
                if players == Players::TWO && who == 1 {
                    assert_eq!(accounts[0].accuracy[1], Some(100.0), "{accounts:?}");
                    assert!(accounts[0].accuracy[0].unwrap() < 100.0, "{accounts:?}");
                }
            }
        }
    }
}
