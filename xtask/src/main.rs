//! crib's workshop: `cargo xtask tables`, `cargo xtask verify`, `cargo xtask experiment`.
//!
//! `cargo xtask tables [STEP...]`: regenerate crib's tables in `crates/crib/src/generated/`.
//!
//! The steps, in order: `expert` (the expert crib model), `kept` (the hands its players keep),
//! `pegging` (the pegging table and the pairs of hands behind it), `plays` (the play of every
//! pair of two-player hands), `opponents` (the deals and keeps an end-game discard is weighed
//! against), `odds` (the odds of players for the board, the deals behind them and the change
//! playing for the board makes), `odds34` (the odds of three players and of two partnerships,
//! and the deals behind them), `pegging34` (the pegging tables of three and four players, and
//! the kept hands and raw means behind them, then smoothed as `pegsmooth` does), `pegsmooth`
//! (those tables' sampling noise pulled out of the committed raw means), `crib34` (the
//! expert crib models of three and four players), `kept34` (the hands players of three and
//! four keep, by seat, as `crib discard` advises),
//! `reading` (the model of how crib's players play, which reads an opponent's hand from the play).
//! With no step named, all of them run, each taking the tables made before it in the same run;
//! a step run alone takes the committed tables before it. The output is the same byte for byte
//! on every run.
//!
//! `--shard K/N` splits the long steps (`odds`, `odds34`, `pegging34`) across processes: each does
//! its share of the sample (deals, or entries of a table) and writes it to `target/shards/` (or
//! `--dir DIR`), writing no table; `--merge N` then reads the N shards and writes the tables,
//! the same as an unsplit run.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crib::tables::model::Models;
use crib::tables::model::odds::{DEALS, DEALS3, DEALS4};
use crib::tables::rules::seat::Players;
use xtask::generate::pegging34;
use xtask::selfplay::deals34::SeatEvents;
use xtask::shards::{self, Shard, Split};
use xtask::{files, render, samples, steps};

const USAGE: &str = "usage: cargo xtask tables [expert] [kept] [pegging] [plays] [opponents] [odds] [odds34] [pegging34] [pegsmooth] [crib34] [kept34] [reading] \
                     [--shard K/N | --merge N] [--dir DIR]
       cargo xtask verify [CHECK...]
       cargo xtask experiment NAME [ARGS]
       cargo xtask pins
       cargo xtask help";

/// The steps, in the order they run.
const STEPS: [&str; 12] = [
    "expert",
    "kept",
    "pegging",
    "plays",
    "opponents",
    "odds",
    "odds34",
    "pegging34",
    "pegsmooth",
    "crib34",
    "kept34",
    "reading",
];

/// The steps whose work is a sample of deals, which can be split across processes.
const SPLIT: [&str; 3] = ["odds", "odds34", "pegging34"];

/// What a run does: its steps, how it splits them, and where the shards are.
struct Plan {
    steps: Vec<String>,
    split: Split,
    dir: PathBuf,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("verify") => return verify(&args[1..]),
        Some("experiment") => return experiment(&args[1..]),
        Some("pins") if args.len() == 1 => {
            return match write_pins() {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("xtask: {err}");
                    ExitCode::FAILURE
                }
            };
        }
        Some("help" | "--help" | "-h") => {
            help();
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let plan = match parse(&args) {
        Ok(plan) => plan,
        Err(err) => {
            eprintln!("xtask: {err}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match tables(&plan) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Pin every committed table as it is now (`xtask/src/pins.rs`): what the fast suite's lock
/// compares the files with. `cargo xtask tables` does it after the tables it writes.
fn write_pins() -> std::io::Result<()> {
    std::fs::write(xtask::locks::pins_path(), xtask::locks::render()?)?;
    eprintln!("wrote {}", xtask::locks::pins_path().display());
    Ok(())
}

/// `cargo xtask verify [CHECK...]`: 0 if every check passed, 1 if one failed, 2 for a check
/// that does not exist.
fn verify(names: &[String]) -> ExitCode {
    match xtask::verify::run(names) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("xtask: {err}");
            ExitCode::from(2)
        }
    }
}

/// `cargo xtask experiment NAME [ARGS]`.
fn experiment(args: &[String]) -> ExitCode {
    let Some((name, rest)) = args.split_first() else {
        eprintln!("xtask: name an experiment\n{USAGE}");
        help();
        return ExitCode::from(2);
    };
    match xtask::experiment::EXPERIMENTS
        .iter()
        .find(|e| e.name == name)
    {
        Some(experiment) => {
            (experiment.run)(rest);
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("xtask: unknown experiment '{name}'");
            help();
            ExitCode::from(2)
        }
    }
}

/// What each command does, the steps, the checks and the experiments, on stderr.
fn help() {
    eprintln!(
        "{USAGE}\n\ntables: the steps, in order: {}",
        STEPS.join(", ")
    );
    eprintln!("\nverify: the checks of the slow tier (all of them if none is named):");
    for check in xtask::verify::CHECKS {
        eprintln!("  {:<11} {}", check.name, check.about);
    }
    eprintln!("\nexperiment: what the docs' figures come from:");
    for e in xtask::experiment::EXPERIMENTS {
        eprintln!("  {} {}\n      {}", e.name, e.usage, e.about);
    }
}

/// Read the command line.
fn parse(args: &[String]) -> Result<Plan, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err("name a command".into());
    };
    if command != "tables" {
        return Err(format!("unknown command '{command}'"));
    }
    let mut plan = Plan {
        steps: Vec::new(),
        split: Split::Whole,
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/shards"),
    };
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        let mut value = || rest.next().ok_or(format!("'{arg}' needs a value"));
        match arg.as_str() {
            "--shard" => {
                let text = value()?;
                let shard = Shard::parse(text)
                    .ok_or(format!("'{text}' is not a shard K/N with 1 <= K <= N"))?;
                plan.split = Split::Shard(shard);
            }
            "--merge" => {
                let text = value()?;
                let n = text.parse().ok().filter(|&n| n > 0);
                plan.split = Split::Merge(n.ok_or(format!("'{text}' is not a number of shards"))?);
            }
            "--dir" => plan.dir = PathBuf::from(value()?),
            step if STEPS.contains(&step) => plan.steps.push(step.to_string()),
            bad => return Err(format!("unknown step '{bad}'")),
        }
    }
    let splits = !matches!(plan.split, Split::Whole);
    if let Some(bad) = plan
        .steps
        .iter()
        .find(|s| splits && !SPLIT.contains(&s.as_str()))
    {
        return Err(format!(
            "the step '{bad}' is not a sample and cannot be split"
        ));
    }
    if splits && plan.steps.is_empty() {
        return Err("name the steps to split: odds, odds34, pegging34".into());
    }
    Ok(plan)
}

/// Run the steps the plan names (all of them if it names none), each from the tables before it.
fn tables(plan: &Plan) -> std::io::Result<()> {
    let run = |step: &str| plan.steps.is_empty() || plan.steps.iter().any(|n| n == step);
    let start = Instant::now();
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(xtask::path_of(name), xtask::stored(name, bytes))?;
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
        models.peg_tables[0] = table;
        write(
            files::PEGGING,
            render::pegging(models.peg_table(Players::TWO)).as_bytes(),
        )?;
        write(files::OUTCOMES, &samples::encode_outcomes(&outcomes))?;
    }
    // The odds of players for the board weigh with the plays and opponents built into crib:
    // if this run makes them anew and they differ, the odds must wait for a build with them.
    let mut stale = Vec::new();
    let mut made = |name: &'static str, bytes: Vec<u8>| {
        if std::fs::read(xtask::path_of(name)).ok() != Some(xtask::stored(name, &bytes)) {
            stale.push(name);
        }
        write(name, &bytes)
    };
    if run("plays") {
        let plays = steps::plays(start, &models);
        made(files::PLAYS, xtask::generate::plays::encode(&plays))?;
    }
    if run("opponents") {
        let pool = steps::opponents(start, &models);
        made(files::OPPONENTS, xtask::generate::opponents::encode(&pool))?;
    }
    if run("odds") {
        eprintln!("odds: {DEALS} deals played by crib's players");
        let deal = |numbers: &[u64]| steps::odds_deals(&models, numbers);
        let (encode, decode) = (samples::encode_deals, samples::decode_deals);
        if let Some(deals) =
            shards::sample(plan.split, &plan.dir, "odds", DEALS, deal, encode, decode)?
        {
            if let Some(name) = stale.first() {
                return Err(std::io::Error::other(format!(
                    "{name} changed in this run, and the odds of players for the board weigh \
                     with the one built into crib: run `cargo xtask tables odds` again"
                )));
            }
            let (board, sample) = steps::odds(start, &models, &deals);
            write(files::ODDS, render::odds(&board.odds, &deals).as_bytes())?;
            write(files::DEALS, &samples::encode_deals(&deals))?;
            write(files::BOARD, &samples::encode_board(&sample))?;
        }
    }
    steps34(plan, &run, start, &write)?;
    if run("crib34") {
        let [three, four] = [3, 4].map(|players| steps::expert34(start, players));
        write(files::EXPERT34, render::expert34(&three, &four).as_bytes())?;
        models.one_card = [three, four];
    }
    if run("kept34") {
        let [three, four] = [Players::THREE, Players::FOUR].map(|players| {
            eprintln!("kept hands, {players} players: every hand of five ranks thrown");
            xtask::generate::kept::tally_players(&models, players)
        });
        write(
            files::KEPT_FIVE,
            render::kept_five(&three, &four).as_bytes(),
        )?;
        models.kept_five = [three, four];
    }
    if run("reading") {
        let model = steps::reading(start, &models);
        write(
            files::READING,
            xtask::generate::reading::render(&model).as_bytes(),
        )?;
    }
    write_pins()
}

/// The sampled steps of three and four players, as `plan` and `run` say: their odds and their
/// pegging tables, each file written by `write`.
fn steps34(
    plan: &Plan,
    run: &dyn Fn(&str) -> bool,
    start: Instant,
    write: &dyn Fn(&str, &[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if run("odds34") {
        eprintln!("odds of three and four: {DEALS3} and {DEALS4} deals played by crib's players");
        let seat_deals = |part: &str, count: u64, deal: fn(&[u64]) -> Vec<SeatEvents>| {
            let (encode, decode) = (samples::encode_seat_deals, samples::decode_seat_deals);
            shards::sample(plan.split, &plan.dir, part, count, deal, encode, decode)
        };
        let deals3 = seat_deals("deals3", DEALS3, steps::deals34::<3>)?;
        let deals4 = seat_deals("deals4", DEALS4, steps::deals34::<4>)?;
        if let (Some(deals3), Some(deals4)) = (deals3, deals4) {
            let (odds3, odds4) = steps::odds34(start, &deals3, &deals4);
            write(files::ODDS3, &xtask::generate::odds34::encode3(&odds3))?;
            write(files::DEALS3, &samples::encode_seat_deals(&deals3))?;
            let sides: Vec<_> = deals4.iter().map(|d| d.as_sides()).collect();
            write(files::ODDS4, render::odds4(&odds4, &sides).as_bytes())?;
            write(files::DEALS4, &samples::encode_seat_deals(&deals4))?;
        }
    }
    if run("pegging34") {
        let pools = steps::pegging34_pools(start);
        let count = pegging34::entries().len() as u64;
        eprintln!("pegging34: {count} entries, each a hand in a seat");
        let deal = |numbers: &[u64]| steps::pegging34_entries(start, numbers, &pools);
        let (encode, decode) = (samples::encode_values, samples::decode_values);
        if let Some(values) = shards::sample(
            plan.split,
            &plan.dir,
            "pegging34",
            count,
            deal,
            encode,
            decode,
        )? {
            let means: Vec<_> = values.into_iter().map(pegging34::as_printed).collect();
            write(files::PEG_MEANS, &samples::encode_values(&means))?;
            write(files::POOLS, &samples::encode_pools(&pools))?;
            pegging_smooth(start, write)?;
        }
    } else if run("pegsmooth") {
        pegging_smooth(start, write)?;
    }
    Ok(())
}

/// The pegging tables of three and four players with their noise pulled out, from the raw
/// means and pools on disk, written by `write`.
fn pegging_smooth(
    start: Instant,
    write: &dyn Fn(&str, &[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let [three, four] = steps::pegging_smooth(start);
    write(
        files::PEGGING34,
        render::pegging34(&three.seats, &four.seats).as_bytes(),
    )
}
