//! The state of `crib train mistakes`: each mistake's place in Leitner's boxes, kept in a JSON
//! file (`$XDG_DATA_HOME/crib/train.json`, else `~/.local/share/crib/train.json`, or
//! `--state FILE`). It is written whole to a file of its own, synced, and renamed into place, so
//! that a reader never sees half of it. Only a regular file is read or replaced: a symbolic
//! link is followed to its target, which is the file replaced; the mode is kept; a device, a
//! FIFO, a directory, a read-only file, a file past 8 MiB, and a file that cannot be read as
//! crib's state are refused, and left as they are.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crib::cards::thousands;
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
    /// The state's path as given, for messages.
    path: PathBuf,
    /// Where the file really is, symbolic links followed.
    real: PathBuf,
    /// Each mistake's description and schedule, by its key.
    pub schedules: BTreeMap<String, (String, Schedule)>,
}

/// The default place of the state file.
pub fn default_path() -> anyhow::Result<PathBuf> {
    let dir = crate::cli::seeds::data_dir().context(
        "no place for the training state: set XDG_DATA_HOME or HOME, or give --state FILE",
    )?;
    Ok(dir.join("train.json"))
}

/// The most a state file may hold, in bytes: the state of 135 mistakes is 23 KB, so this is room
/// for some 40,000.
const MAX_BYTES: u64 = 8 << 20;

/// The most symbolic links followed to reach the state file.
const MAX_LINKS: u32 = 40;

/// Where a state file really is: `path` with each symbolic link followed to its target (which
/// may not exist yet), so that a state kept in a repository of dotfiles and linked into place
/// is the file written.
fn resolve(path: &Path) -> anyhow::Result<PathBuf> {
    let mut at = path.to_owned();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    anyhow::bail!("more than {MAX_LINKS} symbolic links lead on from it")
}

/// What kind of file other than a regular one `meta` describes, for a message.
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Whether the owner of the file may write it (its mode, not who runs crib: a file made
/// read-only is left alone even by root).
fn read_only(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o200 == 0
    }
    #[cfg(not(unix))]
    {
        meta.permissions().readonly()
    }
}

/// What was found at the state's place when it was loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A state, read.
    Kept,
    /// No file: a new state is started.
    Missing,
    /// An empty file: a new state is started in it.
    Empty,
}

impl State {
    /// The state in `path`: empty when there is no file (or an empty one); an error naming the
    /// file when there is one that crib must not read or write over: not crib's state, not a
    /// regular file, read-only, or past [`MAX_BYTES`] (it is left as it is).
    pub fn load(path: &Path) -> anyhow::Result<(State, Found)> {
        let refuse = |why: String| {
            anyhow::anyhow!(
                "the training state {} {why}: it is left as it is (move it away, or give \
                 --state FILE)",
                path.display()
            )
        };
        let real = resolve(path).map_err(|err| refuse(format!("cannot be reached ({err})")))?;
        let text = match std::fs::metadata(&real) {
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
            Err(err) => return Err(refuse(format!("cannot be read ({err})"))),
            Ok(meta) => {
                if let Some(kind) = not_regular(&meta) {
                    return Err(refuse(format!("is {kind}, not a regular file")));
                }
                if read_only(&meta) {
                    return Err(refuse("is read-only".into()));
                }
                if meta.len() > MAX_BYTES {
                    return Err(refuse(format!(
                        "is {} bytes, more than the {} a state may hold",
                        thousands(meta.len()),
                        thousands(MAX_BYTES)
                    )));
                }
                let mut bytes = Vec::new();
                std::fs::File::open(&real)
                    .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
                    .map_err(|err| refuse(format!("cannot be read ({err})")))?;
                if bytes.len() as u64 > MAX_BYTES {
                    return Err(refuse(format!(
                        "holds more than the {} bytes a state may hold",
                        thousands(MAX_BYTES)
                    )));
                }
                Some(String::from_utf8(bytes).map_err(|_| refuse("is not UTF-8".into()))?)
            }
        };
        let found = match &text {
            None => Found::Missing,
            Some(text) if text.trim().is_empty() => Found::Empty,
            Some(_) => Found::Kept,
        };
        let mut schedules = BTreeMap::new();
        if let (Found::Kept, Some(text)) = (found, &text) {
            let file: File = serde_json::from_str(text)
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
        let state = State {
            path: path.to_owned(),
            real,
            schedules,
        };
        Ok((state, found))
    }

    /// Write the state: whole to a new file beside the real one (a symbolic link followed),
    /// with the old file's mode, synced to the disk, then renamed over the old.
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
        let cannot = || format!("cannot write the training state {}", self.path.display());
        let dir = self.real.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make the directory {}", dir.display()))?;
        }
        // What is there now must still be a regular file crib may write, or nothing.
        let old = match std::fs::metadata(&self.real) {
            Ok(meta) if not_regular(&meta).is_some() || read_only(&meta) => {
                anyhow::bail!(
                    "{}: it is no longer a regular file crib may write",
                    cannot()
                )
            }
            Ok(meta) => Some(meta.permissions()),
            Err(_) => None,
        };
        let mut partial = self.real.clone().into_os_string();
        partial.push(format!(".{}.partial", std::process::id()));
        let partial = PathBuf::from(partial);
        let written = (|| {
            let mut out = std::fs::File::create(&partial)?;
            out.write_all(text.as_bytes())?;
            if let Some(permissions) = old {
                out.set_permissions(permissions)?;
            }
            out.sync_all()?;
            std::fs::rename(&partial, &self.real)?;
            // The rename itself, kept: the directory synced (where a directory can be opened).
            if let Some(dir) = dir
                && let Ok(dir) = std::fs::File::open(dir)
            {
                let _ = dir.sync_all();
            }
            Ok::<(), std::io::Error>(())
        })();
        if let Err(err) = written {
            let _ = std::fs::remove_file(&partial);
            return Err(err).with_context(cannot);
        }
        Ok(())
    }
}

/// Days since 1970-01-01 of a date `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Result<i64, String> {
    let bad = || format!("'{text}' is not a date: YYYY-MM-DD, the year in four digits");
    let parts: Vec<&str> = text.trim().split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    let digits = |part: &str, n: usize| part.len() == n && part.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
        return Err(bad());
    }
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

/// The longest a mistake can wait to come back, in days: a schedule answered right until it is
/// in its top box, asked by the library's own rule.
fn longest_wait() -> i64 {
    let mut schedule = Schedule::new(0);
    for _ in 0..=u8::MAX {
        schedule.answer(true, 0);
    }
    schedule.due
}

/// The day given to `--today`: a date [`parse_day`] reads, early enough that the longest wait
/// after it is still a date crib can write back (9999-12-31 at the latest).
pub fn parse_today(text: &str) -> Result<i64, String> {
    let day = parse_day(text)?;
    let wait = longest_wait();
    let last = days_from_civil(9999, 12, 31) - wait;
    if day > last {
        return Err(format!(
            "'{text}' is too late: a mistake answered that day may come back {wait} days on, \
             and crib writes dates up to 9999-12-31, so the latest day is {}",
            day_text(last)
        ));
    }
    Ok(day)
}

/// Say on standard error when a state file was found empty, and a new state is started in it
/// (where there is no file, the first drill makes it, as the help says).
pub fn say_found(path: &Path, found: Found) {
    if found == Found::Empty {
        let _ = writeln!(
            std::io::stderr().lock(),
            "crib: note: the training state {} is empty: a new one is started in it",
            path.display()
        );
    }
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
        assert!(parse_day("26-12-01").is_err());
        assert!(parse_day("2026-1-01").is_err());
        assert!(parse_day("+2026-01-01").is_err());
        assert_eq!(longest_wait(), 8);
        assert_eq!(
            parse_today("9999-12-23").map(day_text),
            Ok("9999-12-23".into())
        );
        let late = parse_today("9999-12-31").unwrap_err();
        assert!(late.contains("the latest day is 9999-12-23"), "{late}");
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
        let (mut state, found) = State::load(&path).unwrap();
        assert!(state.schedules.is_empty());
        assert_eq!(found, Found::Missing);
        let mut s = Schedule::new(20_000);
        s.answer(true, 20_000);
        state
            .schedules
            .insert("k".into(), ("a throw".into(), s.clone()));
        state.save().unwrap();
        let (again, found) = State::load(&path).unwrap();
        assert_eq!(found, Found::Kept);
        assert_eq!(again.schedules["k"], ("a throw".to_owned(), s));
        std::fs::write(&path, "{\"version\": 1, \"mistakes\": {\"k\": 3}}").unwrap();
        let err = State::load(&path).unwrap_err().to_string();
        assert!(err.contains("is not crib's training state"), "{err}");
        assert!(err.contains("it is left as it is"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
