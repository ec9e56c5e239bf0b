//! A logged game's account: every seat's decisions graded (the deals in parallel), and the
//! library's account of each game (`crib::coach::account`): each player's accuracy, and the
//! reviewed player's chance of winning deal by deal split into luck and the decisions.

use rayon::prelude::*;

use crib::Models;
use crib::coach::{Decision, GameAccount, Graded, account, grade};
use crib::game::Match;

use crate::cli::log::Logged;

/// Every seat's decisions in every deal, graded: by deal, by seat.
pub fn grade_all(deals: &[Logged], board: bool) -> anyhow::Result<Vec<Vec<Vec<Decision>>>> {
    let models = Models::committed();
    deals
        .par_iter()
        .map(|logged| {
            let (table, claims) = (&logged.table, &logged.claims);
            let seats = table.game.players.seats();
            Ok(seats
                .map(|seat| grade(models, table, seat, claims, board))
                .collect::<crib::Result<_>>()?)
        })
        .collect()
}

/// Each game's account for player `who`, from the deals as graded by [`grade_all`] and the match
/// `after` the last deal.
pub fn accounts(
    deals: &[Logged],
    graded: &[Vec<Vec<Decision>>],
    after: &Match,
    who: usize,
) -> anyhow::Result<Vec<GameAccount>> {
    let record: Vec<Graded> = deals
        .iter()
        .zip(graded)
        .map(|(logged, by_seat)| (&logged.before, &logged.table, by_seat.as_slice()))
        .collect();
    Ok(account(&record, after, who)?)
}
