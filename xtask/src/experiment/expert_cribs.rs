//! The cribs the expert crib model's players really make: whole two-player deals dealt from one
//! deck, both sides throwing by the committed model's tables, the crib and the hands counted;
//! beside each table's mean, weighted by how often its seat throws each kind. (The slow tier's
//! `expert` check runs 400,000 deals of this with a bound.)
//!
//! `cargo xtask experiment expert_cribs [DEALS] [SEED]` (default 4,000,000 deals, seed 1).

use crib::tables::model::Models;
use crib::tables::rules::seat::Seat;

use crate::generate::simulate::simulate;

use super::shared::arg;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 4_000_000);
    let seed: u64 = arg(args, 1, 1);
    let start = std::time::Instant::now();
    let model = &Models::committed().expert;
    let sim = simulate(model.tables(), deals, seed);
    for (seat, name) in [
        (Seat::DEALER, "dealer's throw"),
        (Seat::PONE, "pone's throw"),
    ] {
        println!("table mean, the {name}: {:.4}", model.table(seat).mean());
    }
    let (crib, crib_se) = sim.crib;
    let (dealer, dealer_se) = sim.dealer_hand;
    let (pone, pone_se) = sim.pone_hand;
    println!(
        "whole deals ({deals}, seed {seed}): the crib {crib:.4} ± {crib_se:.4}, the dealer's hand \
         {dealer:.4} ± {dealer_se:.4}, the pone's {pone:.4} ± {pone_se:.4} ({:.0} s)",
        start.elapsed().as_secs_f64()
    );
}
