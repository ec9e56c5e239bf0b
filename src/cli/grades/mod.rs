//! From a game's log to its grades, for the coach's subcommands (`crib review`, `crib train
//! mistakes`, `crib stats --logs`), which read logs here and never from one another: the log
//! files named, a log read for one of its players, its decisions graded and judged, every seat's
//! graded for the luck-and-skill account (`account`), and the cache that keeps a log's grades
//! so that it is graded once (`cache`), and the skills decisions practise (`skill`).

pub mod account;
pub mod cache;
pub mod skill;

use std::io::Write;
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
    /// Where it was read.
    pub path: PathBuf,
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
        path: path.to_owned(),
        text: text.join("\n"),
        settings,
        deals,
        who,
    })
}

/// The logs of a history (`crib stats --logs`, `crib train mistakes`) read for one player: a log
/// that cannot be read (empty, cut, not a game's, without the player) is skipped with one line
/// on standard error and counted, so that one bad file does not refuse a directory of them.
/// Without a player named, the logs must be one player's (the first player of each log, "you"):
/// the logs of `crib match` seat its players in turn, and two players' decisions are never
/// mixed under one name.
pub fn read_logs(paths: &[PathBuf], player: Option<&str>) -> anyhow::Result<(Vec<Read>, usize)> {
    use rayon::prelude::*;
    let read: Vec<anyhow::Result<Read>> = paths
        .par_iter()
        .map(|path| read_log(path, player))
        .collect();
    let mut reads = Vec::new();
    let mut failed = Vec::new();
    for (path, result) in paths.iter().zip(read) {
        match result {
            Ok(r) => reads.push(r),
            Err(err) => failed.push((path, err)),
        }
    }
    let skipped = failed.len();
    if reads.is_empty() {
        let Some((_, err)) = failed.into_iter().next() else {
            anyhow::bail!("no log given");
        };
        return Err(err.context(match skipped {
            1 => "the log cannot be read".to_owned(),
            n => format!("none of the {n} logs can be read"),
        }));
    }
    for (path, err) in &failed {
        let _ = writeln!(
            std::io::stderr().lock(),
            "crib: warning: {} skipped: {}",
            path.display(),
            crate::cli::describe(err)
        );
    }
    if player.is_none() {
        let mut names: Vec<(&str, usize)> = Vec::new();
        for r in &reads {
            let name = r.settings.names[r.who].as_str();
            match names.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => names.push((name, 1)),
            }
        }
        if names.len() > 1 {
            let listed: Vec<String> = names
                .iter()
                .map(|(name, count)| format!("{name} in {count}"))
                .collect();
            anyhow::bail!(
                "the logs are of more than one player ({}, as the first player of each log): \
                 choose whose with --player NAME",
                listed.join(", ")
            );
        }
    }
    Ok((reads, skipped))
}

/// The player's decisions in one deal of a log, graded, with what each cost in the chance of
/// winning.
pub struct DealGraded<'a> {
    /// The deal as logged.
    pub logged: &'a Logged,
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
            Ok(DealGraded { logged, decisions })
        })
        .collect()
}
