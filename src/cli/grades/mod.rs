//! From a game's log to its grades, for the coach's subcommands (`crib review`, `crib train
//! mistakes`, `crib stats --logs`), which read logs here and never from one another: the log
//! files named, a log read for one of its players, its decisions graded and judged, every seat's
//! graded for the luck-and-skill account (`account`), and the cache that keeps a log's grades
//! so that it is graded once (`cache`).

pub mod account;
pub mod cache;

use std::path::{Path, PathBuf};

use anyhow::Context;

use crib::Models;
use crib::coach::{Decision, Judgement, grade, judge};

use crate::cli::log::{Logged, Settings, lines_of, read};

/// The log files named: each file, and each `*.jsonl` in each directory, by name.
pub fn files(logs: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in logs {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read the directory {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect();
            inside.sort();
            if inside.is_empty() {
                anyhow::bail!("{}: no log (*.jsonl) in the directory", path.display());
            }
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// A log read: its settings, the match after it, its deals, and the player's number in it.
pub struct Read {
    /// The log's lines.
    pub text: String,
    /// Its settings.
    pub settings: Settings,
    /// Its deals.
    pub deals: Vec<Logged>,
    /// The player's number in it.
    pub who: usize,
}

pub fn read_log(path: &Path, player: Option<&str>) -> anyhow::Result<Read> {
    let lines = lines_of(path)?;
    let (settings, _, deals) =
        read(&lines).with_context(|| format!("the log {}", path.display()))?;
    let who = match player {
        None => 0,
        Some(name) => settings
            .names
            .iter()
            .position(|n| n == name)
            .with_context(|| {
                format!(
                    "{}: no player {name} (the players are {})",
                    path.display(),
                    settings.names.join(", ")
                )
            })?,
    };
    let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    Ok(Read {
        text: text.join("\n"),
        settings,
        deals,
        who,
    })
}

/// The player's decisions in one deal of a log, graded, with what each cost in the chance of
/// winning.
pub struct DealGraded<'a> {
    /// The deal as logged.
    pub logged: &'a Logged,
    /// The player's seat at it.
    pub seat: crib::Seat,
    /// Its decisions, graded, each as the coach judges it.
    pub decisions: Vec<(Decision, Judgement)>,
}

/// The player's decisions in each deal of a log, graded as `crib review` grades them.
pub fn graded_deals(r: &Read, board: bool) -> anyhow::Result<Vec<DealGraded<'_>>> {
    let models = Models::committed();
    r.deals
        .iter()
        .map(|logged| {
            let seat = logged.before.seat_of(r.who);
            let table = &logged.table;
            let decisions = grade(models, table, seat, &logged.claims, board)?
                .into_iter()
                .map(|d| -> anyhow::Result<_> {
                    let judged = judge(table, seat, &d)?;
                    Ok((d, judged))
                })
                .collect::<anyhow::Result<_>>()?;
            Ok(DealGraded {
                logged,
                seat,
                decisions,
            })
        })
        .collect()
}
