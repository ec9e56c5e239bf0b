//! A match in parts, for spreading it over machines (docs/cluster.md): `--part K/N` plays the
//! K-th of N runs of whole groups of duplicate games, numbered as in the whole match;
//! `--records FILE` writes each game's record as a line of JSON; `--from-records FILE...` reads
//! them back and summarises the match they make up, exactly as the whole match would have.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crib::arena::GameRecord;

/// Part `k` of `n` (from 1): `--part K/N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    pub k: u64,
    pub n: u64,
}

/// `--part`'s value: `K/N`, 1 ≤ K ≤ N.
pub fn part(text: &str) -> Result<Part, String> {
    let takes = "takes K/N, the K-th of N parts, e.g. 2/8";
    let (k, n) = text.trim().split_once('/').ok_or(takes)?;
    let (k, n) = (k.trim().parse::<u64>(), n.trim().parse::<u64>());
    match (k, n) {
        (Ok(k), Ok(n)) if (1..=n).contains(&k) => Ok(Part { k, n }),
        _ => Err(takes.into()),
    }
}

impl Part {
    /// The games of this part of a match of `total` games in groups of `size`: whole groups,
    /// the parts as even as whole groups allow.
    pub fn games(self, total: u64, size: u64) -> std::ops::Range<u64> {
        let groups = total / size;
        let first = groups * (self.k - 1) / self.n;
        let last = groups * self.k / self.n;
        first * size..last * size
    }
}

/// A game's record as a line of JSON (its deals, kept only for a log, left out).
pub fn line(record: &GameRecord) -> String {
    serde_json::to_string(record).expect("a game's record is data")
}

/// Write `records` to `path` (`-`: standard output), a line each.
pub fn write(path: &Path, records: &[GameRecord], out: &mut dyn Write) -> anyhow::Result<()> {
    let text: String = records.iter().map(|r| line(r) + "\n").collect();
    if path == Path::new("-") {
        out.write_all(text.as_bytes())?;
        return Ok(());
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The records of `files`, in the order of the match, checked to make up its first games
/// whole: every game once, none missing.
pub fn read(files: &[PathBuf]) -> anyhow::Result<Vec<GameRecord>> {
    let mut records = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        for (n, text) in text
            .lines()
            .enumerate()
            .filter(|(_, t)| !t.trim().is_empty())
        {
            let record = parse(text).with_context(|| {
                format!(
                    "{} line {}: not a game's record of --records",
                    file.display(),
                    n + 1
                )
            })?;
            records.push(record);
        }
    }
    records.sort_by_key(|r| r.index);
    for (i, record) in records.iter().enumerate() {
        if record.index != i as u64 {
            let what = if record.index < i as u64 {
                "twice"
            } else {
                "missing"
            };
            let game = if record.index < i as u64 {
                record.index
            } else {
                i as u64
            };
            bail!(
                "game {} of the match is {what} in the records given",
                game + 1
            );
        }
    }
    Ok(records)
}

fn parse(text: &str) -> anyhow::Result<GameRecord> {
    Ok(serde_json::from_str(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts of a match are whole groups, in order, every game in one part.
    #[test]
    fn parts_cover_the_match_in_whole_groups() {
        for (total, size, n) in [(100, 2, 3), (600, 6, 8), (8, 4, 5), (2, 2, 1)] {
            let mut next = 0;
            for k in 1..=n {
                let games = Part { k, n }.games(total, size);
                assert_eq!(games.start, next);
                assert_eq!(games.start % size, 0);
                next = games.end;
            }
            assert_eq!(next, total);
        }
        assert_eq!(part("2/8"), Ok(Part { k: 2, n: 8 }));
        assert!(part("9/8").is_err() && part("0/3").is_err() && part("3").is_err());
    }
}
