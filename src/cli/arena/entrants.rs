//! The players of a match as named on the command line: crib's levels (`crib:greedy`) and
//! programs (`--engine NAME='COMMAND'`), each checked before the first game.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, bail};

use crib::Game;
use crib::arena::{BuiltIn, Contestant};
use crib::game::Level;

use crate::cli::engine::program::Program;
use crate::cli::log::name_fits;

/// Who an entrant is.
#[derive(Debug, Clone)]
pub enum Kind {
    /// One of crib's levels.
    Level(Level),
    /// A program, run by the shell.
    Program(String),
}

/// A player of the match.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// The name in the summary: `crib:greedy`, or the engine's name.
    pub name: String,
    /// The name in the logs: at most 13 characters, told apart from the others'.
    pub log_name: String,
    /// What the player says it is: its hello (`crib 0.1.0`) for a program.
    pub hello: Option<String>,
    /// Who it is.
    pub kind: Kind,
    /// The game, and how long a program may take over a decision.
    game: Game,
    timeout: Duration,
}

impl Entrant {
    /// A fresh contestant for one worker, stopped when `stop` is set; with `debug`, a program
    /// shows its traffic on standard error under the entrant's name.
    pub fn contestant(&self, stop: &Arc<AtomicBool>, debug: bool) -> Box<dyn Contestant + Send> {
        match &self.kind {
            Kind::Level(level) => Box::new(BuiltIn(*level)),
            Kind::Program(command) => Box::new(Program::new(
                command,
                self.game,
                self.timeout,
                Arc::clone(stop),
                debug.then(|| self.name.clone()),
            )),
        }
    }
}

/// The entrants of `named` (with four players and two named, two copies of each, partners),
/// programs started once to read their hellos.
pub fn resolve(
    named: &[String],
    engines: &[String],
    game: Game,
    timeout: Duration,
    (stop, debug): (&Arc<AtomicBool>, bool),
) -> anyhow::Result<Vec<Entrant>> {
    let mut programs: Vec<(String, String)> = Vec::new();
    for spec in engines {
        let Some((name, command)) = spec.split_once('=') else {
            bail!("--engine {spec}: give NAME='COMMAND', e.g. --engine bot='python3 bot.py'");
        };
        let (name, command) = (name.trim(), command.trim());
        if name.is_empty() || name.starts_with("crib:") || command.is_empty() {
            bail!(
                "--engine {spec}: give NAME='COMMAND', a name of your own (not crib:…) and a command"
            );
        }
        if programs.iter().any(|(n, _)| n == name) {
            bail!("--engine {name}: named twice");
        }
        programs.push((name.to_owned(), command.to_owned()));
    }
    let mut order: Vec<&String> = named.iter().collect();
    if game.players.count() == 4 && named.len() == 2 {
        order = vec![&named[0], &named[1], &named[0], &named[1]];
    }
    let mut entrants: Vec<Entrant> = Vec::new();
    for name in order {
        let kind = if let Some(level) = name.strip_prefix("crib:") {
            Kind::Level(Level::named(level).with_context(|| {
                format!(
                    "{name}: crib's levels are {}",
                    Level::ALL.map(|l| format!("crib:{l}")).join(", ")
                )
            })?)
        } else if let Some((_, command)) = programs.iter().find(|(n, _)| n == name) {
            Kind::Program(command.clone())
        } else {
            bail!(
                "{name}: not a player: name crib's levels crib:LEVEL (crib:expert, crib:greedy, …) \
                 and give a program with --engine {name}='COMMAND'"
            );
        };
        let log_name = log_name(name, &entrants)?;
        // The same player named twice is told apart; a partner copied for four players is not.
        let copies = entrants
            .iter()
            .filter(|e| &e.name == name || e.name.starts_with(&format!("{name} #")))
            .count();
        let shown = if copies > 0 && entrants.len() < named.len() {
            format!("{name} #{}", copies + 1)
        } else if copies > 0 {
            entrants[entrants.len() - 2].name.clone()
        } else {
            name.clone()
        };
        entrants.push(Entrant {
            name: shown,
            log_name,
            hello: None,
            kind,
            game,
            timeout,
        });
    }
    for entrant in &mut entrants {
        if let Kind::Program(command) = &entrant.kind {
            let name = debug.then(|| entrant.name.clone());
            let hello = Program::new(command, game, timeout, Arc::clone(stop), name)
                .start()
                .map_err(|why| anyhow::anyhow!("{}: {why}", entrant.name))?;
            entrant.hello = Some(hello.name);
        }
    }
    Ok(entrants)
}

/// A name for the logs: the player's (without `crib:`), numbered when it is taken, and short
/// enough for the board.
fn log_name(name: &str, taken: &[Entrant]) -> anyhow::Result<String> {
    let base: String = name
        .strip_prefix("crib:")
        .unwrap_or(name)
        .chars()
        .take(11)
        .collect();
    let taken: Vec<String> = taken.iter().map(|e| e.log_name.clone()).collect();
    let mut candidate = base.clone();
    let mut k = 2;
    while name_fits(&candidate, &taken).is_err() {
        if let Err(problem) = name_fits(&base, &[]) {
            bail!("{name}: {problem}");
        }
        candidate = format!("{base}-{k}");
        k += 1;
    }
    Ok(candidate)
}

/// The names of what wins or loses: the players, or with four the partnerships.
pub fn contender_names(entrants: &[Entrant], game: Game) -> Vec<String> {
    if game.players.count() == 4 {
        (0..2)
            .map(|c| {
                let (a, b) = (&entrants[c].name, &entrants[c + 2].name);
                if a == b {
                    a.clone()
                } else {
                    format!("{a} & {b}")
                }
            })
            .collect()
    } else {
        entrants.iter().map(|e| e.name.clone()).collect()
    }
}

/// A directory for the logs: made if need be, and holding no game yet.
pub fn fresh_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--log: cannot make the directory {}", dir.display()))?;
    let held = std::fs::read_dir(dir)
        .with_context(|| format!("--log: cannot read the directory {}", dir.display()))?
        .filter_map(Result::ok)
        .any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("game-") && name.ends_with(".jsonl")
        });
    if held {
        bail!(
            "--log: {} already holds games (game-*.jsonl): give a new or empty directory",
            dir.display()
        );
    }
    Ok(())
}
