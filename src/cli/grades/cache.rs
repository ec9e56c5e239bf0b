//! Where `crib stats --logs` and `crib train mistakes` keep each log's grades, so that a log is
//! graded once: a file a
//! log in `$XDG_CACHE_HOME/crib/grades` (or `~/.cache/crib/grades`, or `--cache DIR`), named
//! by the SHA-256 of the log's lines, the player, whether the board was weighed and the build of
//! crib grading it (the SHA-256 of the running program, so that a build whose grading changed,
//! released or not, never reads the grades of another; crib's version where the program cannot
//! be read). A cache only saves time: an entry that cannot be read is graded again, and one that
//! cannot be written is not kept.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crib::coach::{Label, accuracy};

use super::{Read, graded_deals};
use crate::cli::log::hex;

/// One game's grades, as kept in the cache.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct GameGrades {
    /// Your accuracy (none without a decision).
    pub accuracy: Option<f64>,
    /// Your decisions graded.
    pub decisions: usize,
    /// How many were inaccuracies, mistakes and blunders.
    pub labels: [usize; 3],
    /// The faults of those labelled, by name.
    pub faults: BTreeMap<String, usize>,
    /// Your mistakes and blunders, where they are in the log: what `crib train mistakes` asks
    /// again, found here without grading the log a second time.
    pub costly: Vec<Costly>,
    /// The chance of winning each of your decisions cost, by the skill it practised
    /// ([`super::skill`]): each skill's accuracy in the game.
    pub by_skill: BTreeMap<String, Vec<f64>>,
}

/// A decision labelled a mistake or a blunder, by its place in a log.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Costly {
    /// The deal, from 0 in the log's order.
    pub deal: usize,
    /// The decision in the deal, from 0 (the throw first).
    pub decision: usize,
    /// The count a card was played on; none for the throw.
    pub count: Option<u8>,
    /// The chance of winning it cost (its loss, as the coach judges it).
    pub loss: f64,
}

/// Every log's grades for its player, game by game: from the cache where they are kept, else
/// graded (in parallel) and kept for next time. On a terminal, a line says how many logs are
/// being graded when there are many.
pub fn grades_of(
    reads: &[Read],
    board: bool,
    cache: &Cache,
) -> anyhow::Result<Vec<Vec<GameGrades>>> {
    use rayon::prelude::*;
    use std::io::IsTerminal;
    let keys: Vec<String> = reads
        .iter()
        .map(|r| Cache::key(&r.text, r.who, board))
        .collect();
    // Each log's kept grades, read once.
    let kept: Vec<Option<Vec<GameGrades>>> = keys.par_iter().map(|k| cache.get(k)).collect();
    let missing = kept.iter().filter(|k| k.is_none()).count();
    let progress = Progress::new(missing, missing >= 5 && std::io::stderr().is_terminal());
    let graded = reads
        .par_iter()
        .zip(&keys)
        .zip(kept)
        .map(|((r, key), kept)| match kept {
            Some(grades) => Ok(grades),
            None => {
                let grades = grade_log(r, board)?;
                cache.put(key, &grades);
                progress.one_more();
                Ok(grades)
            }
        })
        .collect();
    progress.done();
    graded
}

/// A progress bar on standard error, on a terminal, while logs are graded: how many of how
/// many, a bar, and the time so far; cleared when they are all graded, with one line saying
/// how many and how long.
struct Progress {
    of: usize,
    shown: bool,
    done: std::sync::atomic::AtomicUsize,
    start: std::time::Instant,
}

impl Progress {
    fn new(of: usize, shown: bool) -> Progress {
        let progress = Progress {
            of,
            shown,
            done: std::sync::atomic::AtomicUsize::new(0),
            start: std::time::Instant::now(),
        };
        progress.draw(0);
        progress
    }

    fn one_more(&self) {
        let done = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        self.draw(done);
    }

    fn draw(&self, done: usize) {
        if !self.shown {
            return;
        }
        const WIDTH: usize = 30;
        let filled = WIDTH * done / self.of.max(1);
        let _ = write!(
            std::io::stderr().lock(),
            "\rcrib: grading the logs not graded before: {done} of {} [{}{}] {:.0} s ",
            self.of,
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.start.elapsed().as_secs_f64()
        );
    }

    fn done(&self) {
        if self.shown {
            let _ = writeln!(
                std::io::stderr().lock(),
                "\r\x1b[Kcrib: graded {} logs in {:.0} s, kept for next time",
                self.of,
                self.start.elapsed().as_secs_f64()
            );
        }
    }
}

/// Your decisions in a log graded, game by game.
fn grade_log(r: &Read, board: bool) -> anyhow::Result<Vec<GameGrades>> {
    let mut games: Vec<(u32, Vec<f64>, GameGrades)> = Vec::new();
    for (number, deal) in graded_deals(r, board)?.into_iter().enumerate() {
        let game = deal.logged.before.games_played;
        if games.last().is_none_or(|g| g.0 != game) {
            games.push((game, Vec::new(), GameGrades::default()));
        }
        let (_, losses, grades) = games.last_mut().expect("a game was opened");
        let seat = deal.logged.before.seat_of(r.who);
        let players = deal.logged.table.game.players;
        for (i, (decision, judged)) in deal.decisions.iter().enumerate() {
            losses.push(judged.loss);
            let skill = super::skill::skill_of(decision, seat, players);
            grades
                .by_skill
                .entry(skill.to_owned())
                .or_default()
                .push(judged.loss);
            grades.decisions += 1;
            if let Some(label) = judged.label {
                grades.labels[label as usize] += 1;
                if let Some(f) = judged.fault {
                    *grades
                        .faults
                        .entry(crate::cli::words::fault_said(f).to_owned())
                        .or_default() += 1;
                }
                if label >= Label::Mistake {
                    grades.costly.push(Costly {
                        deal: number,
                        decision: i,
                        count: decision.count,
                        loss: judged.loss,
                    });
                }
            }
        }
    }
    Ok(games
        .into_iter()
        .map(|(_, losses, mut grades)| {
            grades.accuracy = accuracy(&losses);
            grades
        })
        .collect())
}

/// The cache, or none when there is nowhere to keep it.
pub struct Cache {
    dir: Option<PathBuf>,
}

impl Cache {
    /// The cache in `dir`, or in the user's cache directory.
    pub fn open(dir: Option<&Path>) -> Cache {
        let dir = dir.map(Path::to_owned).or_else(|| {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
            Some(base.join("crib").join("grades"))
        });
        Cache { dir }
    }

    /// The name of a log's grades for `who`, graded by this build of crib.
    pub fn key(text: &str, who: usize, board: bool) -> String {
        key_by(text, who, board, this_build())
    }

    fn path(&self, key: &str) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(format!("{key}.json")))
    }

    /// The grades kept under `key`, if they can be read.
    pub fn get(&self, key: &str) -> Option<Vec<GameGrades>> {
        let text = std::fs::read_to_string(self.path(key)?).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Keep `grades` under `key`: written to a file of its own and renamed into place, so that
    /// a reader never sees half of it.
    pub fn put(&self, key: &str, grades: &[GameGrades]) {
        let (Some(dir), Some(path)) = (&self.dir, self.path(key)) else {
            return;
        };
        let Ok(text) = serde_json::to_string(grades) else {
            return;
        };
        let partial = dir.join(format!("{key}.{}.partial", std::process::id()));
        let written = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&partial, text))
            .and_then(|()| std::fs::rename(&partial, &path));
        if written.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
    }
}

/// The name of a log's grades for `who`, graded by the build `build`.
fn key_by(text: &str, who: usize, board: bool, build: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(text.as_bytes());
    hasher.update(format!("\nplayer {who} board {board} crib {build}").as_bytes());
    hex(&hasher.finalize())
}

/// This build of crib: the SHA-256 of the running program, read once (tens of milliseconds for
/// a release build), or crib's version where it cannot be read.
fn this_build() -> &'static str {
    static BUILD: OnceLock<String> = OnceLock::new();
    BUILD.get_or_init(|| {
        std::env::current_exe()
            .and_then(std::fs::read)
            .map(|bytes| format!("build {}", hex(&Sha256::digest(bytes))))
            .unwrap_or_else(|_| format!("version {}", env!("CARGO_PKG_VERSION")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log's key names the log, the player, the board and the build: change any one and the
    /// grades are looked for under another name.
    #[test]
    fn a_key_names_the_log_the_player_the_board_and_the_build() {
        let key = key_by("log", 0, true, "build a");
        assert_eq!(key.len(), 64);
        assert!(key.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(key, key_by("log", 0, true, "build a"));
        for other in [
            key_by("log.", 0, true, "build a"),
            key_by("log", 1, true, "build a"),
            key_by("log", 0, false, "build a"),
            key_by("log", 0, true, "build b"),
        ] {
            assert_ne!(key, other);
        }
    }

    /// The running program is read: its digest, not the version, names this build.
    #[test]
    fn this_build_is_the_running_program() {
        let build = this_build();
        assert!(build.starts_with("build "), "{build}");
        assert_eq!(build.len(), "build ".len() + 64);
        assert_eq!(Cache::key("log", 0, true), key_by("log", 0, true, build));
    }
}
