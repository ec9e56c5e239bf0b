//! `cargo xtask tables [STEP...]`: regenerate crib's tables in `crates/crib/src/generated/`.
//!
//! The steps, in order: `expert` (the expert crib model), `kept` (the hands its players keep),
//! `pegging` (the pegging table and the pairs of hands behind it), `odds` (the odds and the
//! deals behind them), `multi` (the odds of three players and of two partnerships, and the deals
//! behind them), `pegmulti` (the pegging tables of three and four players, and the kept hands
//! behind them). With no step named, all of them run, each taking the tables made before it in
//! the same run; a step run alone takes the committed tables before it. The output is the same
//! byte for byte on every run.

use std::process::ExitCode;
use std::time::Instant;

use crib::model::Models;
use xtask::{files, render, samples, steps};

const USAGE: &str = "usage: cargo xtask tables [expert] [kept] [pegging] [odds] [multi] [pegmulti]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, named)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if command != "tables" {
        eprintln!("xtask: unknown command '{command}'\n{USAGE}");
        return ExitCode::from(2);
    }
    const STEPS: [&str; 6] = ["expert", "kept", "pegging", "odds", "multi", "pegmulti"];
    if let Some(bad) = named.iter().find(|n| !STEPS.contains(&n.as_str())) {
        eprintln!("xtask: unknown step '{bad}'\n{USAGE}");
        return ExitCode::from(2);
    }
    let run = |step: &str| named.is_empty() || named.iter().any(|n| n == step);
    match tables(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Run the steps `run` accepts, each from the tables before it.
fn tables(run: impl Fn(&str) -> bool) -> std::io::Result<()> {
    let start = Instant::now();
    let dir = xtask::generated();
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes)?;
        eprintln!("wrote {name} ({:.1} s)", start.elapsed().as_secs_f64());
        Ok::<(), std::io::Error>(())
    };
    let mut models = Models::committed().clone();
    if run("expert") {
        models.expert = steps::expert_model(start);
        write(
            files::EXPERT,
            render::expert_crib(&models.expert).as_bytes(),
        )?;
    }
    if run("kept") {
        models.kept = steps::kept_hands(start, &models.expert);
        write(files::KEPT, render::kept_hands(&models.kept).as_bytes())?;
    }
    if run("pegging") {
        let (table, outcomes) = steps::pegging_table(start, &models.kept);
        models.pegging = table;
        write(files::PEGGING, render::pegging(&models.pegging).as_bytes())?;
        write(files::OUTCOMES, &samples::encode_outcomes(&outcomes))?;
    }
    if run("odds") {
        let (odds, deals) = steps::odds(start, &models);
        write(files::ODDS, render::odds(&odds, &deals).as_bytes())?;
        write(files::DEALS, &samples::encode_deals(&deals))?;
    }
    if run("multi") {
        let ((odds3, deals3), (odds4, deals4)) = steps::odds_multi(start);
        write(files::ODDS3, &crib::game::odds_multi::encode3(&odds3))?;
        write(files::DEALS3, &samples::encode_seat_deals(&deals3))?;
        let sides: Vec<_> = deals4.iter().map(|d| d.as_sides()).collect();
        write(files::ODDS4, render::odds4(&odds4, &sides).as_bytes())?;
        write(files::DEALS4, &samples::encode_seat_deals(&deals4))?;
    }
    if run("pegmulti") {
        let (three, four, pools) = steps::pegging_multi(start);
        write(
            files::PEGGING_MULTI,
            render::pegging_multi(&three, &four).as_bytes(),
        )?;
        write(files::POOLS, &samples::encode_pools(&pools))?;
    }
    Ok(())
}
