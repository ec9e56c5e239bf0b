//! The drills' results, kept for `crib stats --logs` to show progress by skill: one line of
//! JSON an answer, appended to `$XDG_DATA_HOME/crib/drills.jsonl` (else
//! `~/.local/share/crib/drills.jsonl`): the day, the drill, the skill and the answer's accuracy
//! (as a drill's summary counts it: 0 for an answer shown). A line that cannot be read is passed
//! over; the file is only ever appended to.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// One answer of a drill.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// The day it was answered, YYYY-MM-DD.
    pub day: String,
    /// The drill: count, discard, play, mistakes.
    pub drill: String,
    /// The skill it practised.
    pub skill: String,
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
}

/// Where the drills' results are kept.
pub fn path() -> anyhow::Result<PathBuf> {
    Ok(crate::cli::seeds::data_dir()?.join("drills.jsonl"))
}

/// Keep one answer's result.
pub fn keep(record: &Record) -> anyhow::Result<()> {
    let path = path()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("cannot keep the drill's results in {}", path.display()))?;
    let line = serde_json::to_string(record)?;
    writeln!(file, "{line}").with_context(|| format!("cannot write {}", path.display()))
}

/// Every answer kept, oldest first; none when nothing is kept. At most the first 64 MiB are
/// read (some 600,000 answers).
pub fn read() -> Vec<Record> {
    let Ok(file) = path().and_then(|p| Ok(std::fs::File::open(p)?)) else {
        return Vec::new();
    };
    let mut bytes = Vec::new();
    if std::io::Read::read_to_end(&mut std::io::Read::take(file, 64 << 20), &mut bytes).is_err() {
        return Vec::new();
    }
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}
