//! How well the reading model predicts the play of each of crib's levels: deals of a stream the
//! model was not fitted to, each level's seat against crib's expert, and the log-loss of the
//! committed model beside the uniform model's (every legal card alike), in nats a decision.
//!
//! `cargo xtask experiment reading_check [DEALS] [SEED]` (default 2,000 deals, seed 11).

use crate::generate::reading::{against_expert, log_loss};
use crib::model::Models;
use crib::search::reading::ReadingModel;
use crib::table::levels::Level;

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 11);
    let models = Models::committed();
    let model = crib::model::reading::committed();
    println!("{deals} deals of seed {seed}; each level's decisions with a choice, both seats");
    println!("level        decisions  uniform  reading  gain");
    for level in Level::ALL {
        let start = std::time::Instant::now();
        let decisions = against_expert(models, level, [seed, seed + 1], deals / 2);
        let uniform = log_loss(&ReadingModel::UNIFORM, &decisions);
        let read = log_loss(&model, &decisions);
        println!(
            "{:<12} {:>9}  {uniform:.4}   {read:.4}   {:+.4}  ({:.0} s)",
            level.name(),
            decisions.len(),
            uniform - read,
            start.elapsed().as_secs_f64()
        );
    }
}
