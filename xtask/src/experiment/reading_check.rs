//! How well the reading model predicts the play of each of crib's levels: deals of a stream the
//! model was not fitted to, each level's seat against crib's expert, and the log-loss of the
//! committed model beside the uniform model's (every legal card alike), in nats a decision. Then
//! the same with three and four players (the level at seat 1, crib's expert at the others): the
//! model is fitted to two players' play, and `crib play --players 3|4 --opponent reading` reads
//! three and four players' play with it.
//!
//! `cargo xtask experiment reading_check [DEALS] [SEED] [two|more]` (default 2,000 deals,
//! seed 11, both parts; a quarter as many with three and four players; `two` or `more` runs one
//! part).

use crate::generate::reading::{against_expert, log_loss, multi_against_expert};
use crib::tables::model::Models;
use crib::tables::search::reading::Decision;
use crib::tables::search::reading::ReadingModel;
use crib::tables::table::levels::Level;

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 11);
    let models = Models::committed();
    let model = crib::tables::model::reading::committed();
    let part = args.get(2).map_or("all", String::as_str);
    if part != "more" {
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
    for players in [3, 4] {
        println!(
            "{players} players, {} deals: the level at seat 1",
            deals / 4
        );
        for level in Level::ALL {
            let start = std::time::Instant::now();
            let decisions = match players {
                3 => multi_against_expert::<3>(models, level, seed + 2, deals / 4),
                _ => multi_against_expert::<4>(models, level, seed + 3, deals / 4),
            };
            report(level, &model, &decisions, start);
        }
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
