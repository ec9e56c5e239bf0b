//! Where `crib stats --logs` keeps each log's grades, so that a log is graded once: a file a
//! log in `$XDG_CACHE_HOME/crib/grades` (or `~/.cache/crib/grades`, or `--cache DIR`), named
//! by the SHA-256 of the log's lines, the player, whether the board was weighed and the build of
//! crib grading it (the SHA-256 of the running program, so that a build whose grading changed,
//! released or not, never reads the grades of another; crib's version where the program cannot
//! be read). A cache only saves time: an entry that cannot be read is graded again, and one that
//! cannot be written is not kept.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::cli::log::hex;

/// One game's grades, as kept in the cache.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GameGrades {
    /// Your accuracy (none without a decision).
    pub accuracy: Option<f64>,
    /// Your decisions graded.
    pub decisions: usize,
    /// How many were inaccuracies, mistakes and blunders.
    pub labels: [usize; 3],
    /// The faults of those labelled, by name.
    pub faults: BTreeMap<String, usize>,
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
