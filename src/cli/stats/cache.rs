//! Where `crib stats --logs` keeps each log's grades, so that a log is graded once: a file a
//! log in `$XDG_CACHE_HOME/crib/grades` (or `~/.cache/crib/grades`, or `--cache DIR`), named
//! by the SHA-256 of the log's lines, the player, whether the board was weighed and crib's
//! version. A cache only saves time: an entry that cannot be read is graded again, and one that
//! cannot be written is not kept.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

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

    /// The name of a log's grades for `who`.
    pub fn key(text: &str, who: usize, board: bool) -> String {
        let mut hasher = Sha256::new();
        hasher.update(text.as_bytes());
        hasher.update(
            format!(
                "\nplayer {who} board {board} crib {}",
                env!("CARGO_PKG_VERSION")
            )
            .as_bytes(),
        );
        hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
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
