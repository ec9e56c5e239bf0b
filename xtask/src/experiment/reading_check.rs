//! How well the reading model predicts the play of each of crib's levels: deals of a stream the
//! model was not fitted to, each level's seat against crib's expert, and the log-loss of the
//! committed model beside the uniform model's (every legal card alike), in nats a decision. Then
//! the same with three and four players (the level at seat 1, crib's expert at the others): the
//! model is fitted to two players' play, and `crib play --players 3|4 --opponent reading` reads
//! three and four players' play with it.
//!
//! `cargo xtask experiment reading_check [DEALS] [SEED] [two|more|refit]` (default 2,000 deals,
//! seed 11, both parts; a quarter as many with three and four players; `two` or `more` runs one
//! part). `refit` asks whether three and four players' play would be read better by a model
//! fitted to it: the model's weights fitted again, as `cargo xtask tables reading` fits them, to
//! every seat of crib's expert in a quarter of DEALS deals of three (and of four) players of a
//! stream of their own, and scored beside the committed model on the `more` part's decisions of
//! the expert, reply-aware and greedy-high.

use crate::generate::reading::{
    against_expert, against_expert34, fit, fit_uniform_share, gather, log_loss,
};
use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::search::reading::Decision;
use crib::tables::search::reading::ReadingModel;

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 11);
    let models = Models::committed();
    let model = crib::tables::model::reading::committed();
    let part = args.get(2).map_or("all", String::as_str);
    if !["all", "two", "more", "refit"].contains(&part) {
        eprintln!("reading_check: the third argument is two, more or refit, not {part:?}");
        std::process::exit(2);
    }
    if part == "all" || part == "two" {
        println!("{deals} deals of seed {seed}; each level's decisions with a choice, both seats");
        println!("level        decisions  uniform  reading  gain");
        for level in Level::ALL {
            let start = std::time::Instant::now();
            let decisions = against_expert(models, level, [seed, seed + 1], deals / 2);
            report(level, &model, &decisions, start);
        }
    }
    if part == "two" {
        return;
    }
    if part == "refit" {
        refit(models, &model, deals / 4, seed);
        return;
    }
    for players in [3, 4] {
        println!(
            "{players} players, {} deals: the level at seat 1",
            deals / 4
        );
        for level in Level::ALL {
            let start = std::time::Instant::now();
            let decisions = more_decisions(models, players, level, seed, deals / 4);
            report(level, &model, &decisions, start);
        }
    }
}

/// The reading model fitted to crib's expert at every seat of `deals` deals of three and of four
/// players (streams `seed + 4` and `seed + 5`), scored beside `committed` on the decisions of
/// the `more` part (streams `seed + 2` and `seed + 3`).
fn refit(models: &Models, committed: &ReadingModel, deals: u64, seed: u64) {
    for players in [3, 4] {
        let start = std::time::Instant::now();
        let fitting = match players {
            3 => gather(models, [Level::Expert; 3], &[0, 1, 2], seed + 4, deals),
            _ => gather(models, [Level::Expert; 4], &[0, 1, 2, 3], seed + 5, deals),
        };
        let refitted = fit_uniform_share(&fit(&fitting), &fitting);
        println!(
            "{players} players: refitted to {} decisions of the expert at every seat of {deals} \
             deals ({:.0} s): weights {:.3?}, at random {:.3} (two players': {:.3?}, {:.3})",
            fitting.len(),
            start.elapsed().as_secs_f64(),
            refitted.weights,
            refitted.uniform_share,
            committed.weights,
            committed.uniform_share
        );
        println!("level        decisions  uniform  two players'  refitted  gain");
        for level in [Level::Expert, Level::ReplyAware, Level::GreedyHigh] {
            let start = std::time::Instant::now();
            let decisions = more_decisions(models, players, level, seed, deals);
            let uniform = log_loss(&ReadingModel::UNIFORM, &decisions);
            let two = log_loss(committed, &decisions);
            let again = log_loss(&refitted, &decisions);
            println!(
                "{:<12} {:>9}  {uniform:.4}   {two:.4}        {again:.4}    {:+.4}  ({:.0} s)",
                level.name(),
                decisions.len(),
                two - again,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

/// The `more` part's decisions: `level` at seat 1 of `deals` deals of `players` (three or four),
/// crib's expert at the others, on stream `seed + 2` (three) or `seed + 3` (four).
fn more_decisions(
    models: &Models,
    players: usize,
    level: Level,
    seed: u64,
    deals: u64,
) -> Vec<Decision> {
    match players {
        3 => against_expert34::<3>(models, level, seed + 2, deals),
        _ => against_expert34::<4>(models, level, seed + 3, deals),
    }
}

fn report(level: Level, model: &ReadingModel, decisions: &[Decision], start: std::time::Instant) {
    let uniform = log_loss(&ReadingModel::UNIFORM, decisions);
    let read = log_loss(model, decisions);
    println!(
        "{:<12} {:>9}  {uniform:.4}   {read:.4}   {:+.4}  ({:.0} s)",
        level.name(),
        decisions.len(),
        uniform - read,
        start.elapsed().as_secs_f64()
    );
}
