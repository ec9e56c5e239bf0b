//! The state of `crib train mistakes`: each mistake's place in Leitner's boxes, kept in a JSON
//! file (`$XDG_DATA_HOME/crib/train.json`, else `~/.local/share/crib/train.json`, or
//! `--state FILE`). It is written whole to a file of its own and renamed into place, so that a
//! reader never sees half of it; a file that cannot be read as crib's state is refused, and
//! never written over.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crib::coach::Schedule;

/// The state file's version: a file of another is refused.
const VERSION: u32 = 1;

/// One mistake's schedule, as kept.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Kept {
    /// What it was, for people reading the file.
    what: String,
    /// Leitner's box, from 1.
    level: u8,
    /// The day it is next due, `YYYY-MM-DD`.
    due: String,
    /// The days it was answered right.
    right_days: Vec<String>,
    /// How many times it was asked.
    asked: u32,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    version: u32,
    mistakes: BTreeMap<String, Kept>,
}

/// The schedules by mistake, and where they are kept.
#[derive(Debug)]
pub struct State {
    path: PathBuf,
    /// Each mistake's description and schedule, by its key.
    pub schedules: BTreeMap<String, (String, Schedule)>,
}

/// The default place of the state file.
pub fn default_path() -> anyhow::Result<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .context(
            "no place for the training state: set XDG_DATA_HOME or HOME, or give --state FILE",
        )?;
    Ok(base.join("crib").join("train.json"))
}

impl State {
    /// The state in `path`: empty when there is no file; an error naming the file when there is
    /// one that is not crib's state (it is left as it is).
    pub fn load(path: &Path) -> anyhow::Result<State> {
        let refuse = |why: String| {
            anyhow::anyhow!(
                "the training state {} {why}: it is left as it is (move it away, or give \
                 --state FILE)",
                path.display()
            )
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| refuse("is not UTF-8".into()))?,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(err) => return Err(refuse(format!("cannot be read ({err})"))),
        };
        let mut schedules = BTreeMap::new();
        if !text.is_empty() {
            let file: File = serde_json::from_str(&text)
                .map_err(|err| refuse(format!("is not crib's training state ({err})")))?;
            if file.version != VERSION {
                return Err(refuse(format!(
                    "is of version {}, not {VERSION}",
                    file.version
                )));
            }
            for (key, kept) in file.mistakes {
                let day = |text: &str| {
                    parse_day(text).map_err(|err| refuse(format!("has a bad date ({err})")))
                };
                let right_days = kept
                    .right_days
                    .iter()
                    .map(|d| day(d))
                    .collect::<anyhow::Result<Vec<i64>>>()?;
                let schedule = Schedule {
                    level: kept.level,
                    due: day(&kept.due)?,
                    right_days,
                    asked: kept.asked,
                };
                schedules.insert(key, (kept.what, schedule));
            }
        }
        Ok(State {
            path: path.to_owned(),
            schedules,
        })
    }

    /// Write the state: whole to a file of its own, then renamed over the old.
    pub fn save(&self) -> anyhow::Result<()> {
        let mistakes = self
            .schedules
            .iter()
            .map(|(key, (what, s))| {
                let kept = Kept {
                    what: what.clone(),
                    level: s.level,
                    due: day_text(s.due),
                    right_days: s.right_days.iter().map(|&d| day_text(d)).collect(),
                    asked: s.asked,
                };
                (key.clone(), kept)
            })
            .collect();
        let file = File {
            version: VERSION,
            mistakes,
        };
        let text = serde_json::to_string_pretty(&file)? + "\n";
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make the directory {}", dir.display()))?;
        }
        let mut partial = self.path.clone().into_os_string();
        partial.push(format!(".{}.partial", std::process::id()));
        let partial = PathBuf::from(partial);
        let written =
            std::fs::write(&partial, text).and_then(|()| std::fs::rename(&partial, &self.path));
        if let Err(err) = written {
            let _ = std::fs::remove_file(&partial);
            return Err(err).with_context(|| {
                format!("cannot write the training state {}", self.path.display())
            });
        }
        Ok(())
    }
}

/// Days since 1970-01-01 of a date `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Result<i64, String> {
    let bad = || format!("'{text}' is not a date: YYYY-MM-DD");
    let parts: Vec<&str> = text.trim().split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    let (y, m, d): (i64, i64, i64) = (
        y.parse().map_err(|_| bad())?,
        m.parse().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=9999).contains(&y) || !(1..=12).contains(&m) || d < 1 || d > days_in[m as usize - 1] {
        return Err(bad());
    }
    Ok(days_from_civil(y, m, d))
}

/// Howard Hinnant's days from a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `YYYY-MM-DD` of days since 1970-01-01.
pub fn day_text(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Today, in UTC.
pub fn today() -> i64 {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    (seconds / 86_400) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip() {
        assert_eq!(parse_day("1970-01-01"), Ok(0));
        assert_eq!(parse_day("2026-11-27"), Ok(20_784));
        assert_eq!(day_text(20_784), "2026-11-27");
        assert_eq!(
            parse_day("2024-02-29").map(day_text),
            Ok("2024-02-29".into())
        );
        for days in [-1000, 0, 59, 60, 11_016, 20_784, 100_000] {
            assert_eq!(parse_day(&day_text(days)), Ok(days));
        }
        assert!(parse_day("2023-02-29").is_err());
        assert!(parse_day("2026-13-01").is_err());
        assert!(
            parse_day("tomorrow")
                .unwrap_err()
                .contains("'tomorrow' is not a date")
        );
    }

    #[test]
    fn state_round_trips_and_corrupt_files_are_kept() {
        let dir = std::env::temp_dir().join(format!("crib-train-state-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("train.json");
        let mut state = State::load(&path).unwrap();
        assert!(state.schedules.is_empty());
        let mut s = Schedule::new(20_000);
        s.answer(true, 20_000);
        state
            .schedules
            .insert("k".into(), ("a throw".into(), s.clone()));
        state.save().unwrap();
        let again = State::load(&path).unwrap();
        assert_eq!(again.schedules["k"], ("a throw".to_owned(), s));
        std::fs::write(&path, "{\"version\": 1, \"mistakes\": {\"k\": 3}}").unwrap();
        let err = State::load(&path).unwrap_err().to_string();
        assert!(err.contains("is not crib's training state"), "{err}");
        assert!(err.contains("it is left as it is"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
