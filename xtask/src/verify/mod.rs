//! `cargo xtask verify [CHECK...]`: the slow tier. Each check re-derives a committed table (or
//! a sample of it) from what it was made from, or runs a statistical experiment with a bound,
//! and passes or fails; `.ci/run` runs them all after the fast suite (`cargo test
//! --workspace`), so CI proves what a slow test suite would, in a release build.
//!
//! The fast suite locks every committed file cheaply (its length and digest, a round trip, a
//! few entries recomputed: `xtask/tests/`); the checks here redo the work at scale.

use std::time::Instant;

mod coach;
mod engine;
mod models;
mod odds;
mod reasons;
mod shards;
mod tables;
mod tables34;

/// What a check found: nothing wrong, or what was.
pub type Outcome = Result<(), String>;

/// Fail the check with a message unless `cond` holds.
macro_rules! ensure {
    ($cond:expr, $($message:tt)+) => {
        let holds: bool = $cond;
        if !holds {
            return Err(format!($($message)+));
        }
    };
}

/// Fail the check unless `a == b`, saying both (they must be small enough to print).
macro_rules! ensure_eq {
    ($a:expr, $b:expr $(,)?) => {{
        let (a, b) = (&$a, &$b);
        if a != b {
            return Err(format!(
                "{} is {:?}, not {:?} ({})",
                stringify!($a),
                a,
                b,
                stringify!($b)
            ));
        }
    }};
    ($a:expr, $b:expr, $($message:tt)+) => {{
        let (a, b) = (&$a, &$b);
        if a != b {
            return Err(format!("{:?} against {:?}: {}", a, b, format!($($message)+)));
        }
    }};
}

pub(crate) use {ensure, ensure_eq};

/// One check of the slow tier.
pub struct Check {
    /// Its name: `cargo xtask verify NAME`.
    pub name: &'static str,
    /// What it proves, in a line.
    pub about: &'static str,
    /// Run it.
    pub run: fn() -> Outcome,
}

/// Every check, in the order `cargo xtask verify` runs them.
pub const CHECKS: &[Check] = &[
    Check {
        name: "expert",
        about: "the expert crib model: the last round again, one more round, its kept hands, its cribs",
        run: models::expert,
    },
    Check {
        name: "crib34",
        about: "the expert crib models of three and four players generated again in full",
        run: models::expert34,
    },
    Check {
        name: "kept34",
        about: "the hands players of three and four keep, tallied again in full",
        run: models::kept_five,
    },
    Check {
        name: "reading",
        about: "the reading model fitted again; it reads an expert's play better than the uniform model",
        run: models::reading,
    },
    Check {
        name: "pegging",
        about: "the pegging table: aggregated from its pairs, a sample of the pairs played again",
        run: tables::pegging,
    },
    Check {
        name: "packed",
        about: "the three compressed tables: their bytes compressed again, byte for byte",
        run: tables::packed,
    },
    Check {
        name: "plays",
        about: "the plays of pairs of hands: a sample played again by crib's engine",
        run: tables::plays,
    },
    Check {
        name: "opponents",
        about: "the pool of opponents: a sample kept again as crib discard advises",
        run: tables::opponents,
    },
    Check {
        name: "odds",
        about: "the odds: solved again from their deals and the board's changes; deals played again",
        run: odds::odds,
    },
    Check {
        name: "odds-games",
        about: "whole games of point players agree with their table, to 121 and to 61",
        run: odds::games,
    },
    Check {
        name: "odds34",
        about: "the odds of three and four: solved again from their deals; deals played again",
        run: tables34::odds,
    },
    Check {
        name: "pegging34",
        about: "the pegging tables of three and four: a sample of entries computed again",
        run: tables34::pegging,
    },
    Check {
        name: "shards",
        about: "generation split in two shards merges into the unsplit samples, byte for byte",
        run: shards::all,
    },
    Check {
        name: "coach",
        about: "luck and skill on a hundred seeded games: the parts add up to the result, to 1e-9",
        run: coach::luck_and_skill,
    },
    Check {
        name: "reasons",
        about: "every reason of 100 seeded games is a fact checked again; 95% of labels name a cause",
        run: reasons::reasons_hold,
    },
    Check {
        name: "engine",
        about: "crib's engine beats greedy players with three and four players, duplicate deals",
        run: engine::beats_greedy,
    },
];

/// Run the checks named (all of them if none is), each timed; whether all passed.
pub fn run(names: &[String]) -> Result<bool, String> {
    if let Some(bad) = names.iter().find(|n| !CHECKS.iter().any(|c| c.name == *n)) {
        let known: Vec<&str> = CHECKS.iter().map(|c| c.name).collect();
        return Err(format!(
            "unknown check '{bad}': the checks are {}",
            known.join(", ")
        ));
    }
    let start = Instant::now();
    let mut failed = Vec::new();
    for check in CHECKS
        .iter()
        .filter(|c| names.is_empty() || names.iter().any(|n| n == c.name))
    {
        eprintln!("verify {}: {}", check.name, check.about);
        let began = Instant::now();
        let outcome = (check.run)();
        let seconds = began.elapsed().as_secs_f64();
        match outcome {
            Ok(()) => eprintln!("verify {}: ok ({seconds:.1} s)", check.name),
            Err(message) => {
                eprintln!("verify {}: FAILED ({seconds:.1} s): {message}", check.name);
                failed.push(check.name);
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if failed.is_empty() {
        eprintln!("verify: every check passed ({seconds:.0} s)");
    } else {
        eprintln!(
            "verify: {} failed: {} ({seconds:.0} s)",
            failed.len(),
            failed.join(", ")
        );
    }
    Ok(failed.is_empty())
}
