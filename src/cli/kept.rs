//! Where crib keeps every game played with `crib game` (unless `--log FILE` or `--no-log`):
//! `$XDG_DATA_HOME/crib/games` (else `~/.local/share/crib/games`), one log a game, named by
//! when it started (UTC) and the first digits of its commitment, so that the names sort in the
//! order the games were played. `crib stats --logs` and `crib train mistakes` read it when no
//! log is named.

use std::path::PathBuf;

use anyhow::Context;

/// The directory of the games kept.
pub fn games_dir() -> anyhow::Result<PathBuf> {
    Ok(crate::cli::seeds::data_dir()?.join("games"))
}

/// A new log for a game committed to as `commitment`, started `seconds` after 1970 (UTC): its
/// directory made, the name not yet taken.
pub fn new_log(commitment: &str, seconds: u64) -> anyhow::Result<PathBuf> {
    let dir = games_dir()?;
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
    let stem = format!(
        "{}-{}",
        stamp(seconds),
        &commitment[..8.min(commitment.len())]
    );
    (1..100)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.jsonl")),
            n => dir.join(format!("{stem}-{n}.jsonl")),
        })
        .find(|path| std::fs::symlink_metadata(path).is_err())
        .with_context(|| format!("no free name for {stem} in {}", dir.display()))
}

/// `YYYY-MM-DD-HHMMSS` of a time in seconds after 1970, UTC.
fn stamp(seconds: u64) -> String {
    let day = i64::try_from(seconds / 86_400).unwrap_or(i64::MAX);
    let in_day = seconds % 86_400;
    format!(
        "{}-{:02}{:02}{:02}",
        crate::cli::train::state::day_text(day),
        in_day / 3600,
        in_day / 60 % 60,
        in_day % 60
    )
}

/// The logs to read when none is named: the games kept, or an error saying there are none.
pub fn default_logs() -> anyhow::Result<Vec<PathBuf>> {
    let dir = games_dir()?;
    if !dir.is_dir() {
        anyhow::bail!(
            "no games kept yet in {} (crib game keeps each game there): name logs with --logs",
            dir.display()
        );
    }
    Ok(vec![dir])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 10:52:03 UTC, by hand: 20,794 days and 39,123 seconds.
    #[test]
    fn a_stamp_sorts_as_time_goes() {
        assert_eq!(stamp(20_794 * 86_400 + 39_123), "2026-12-07-105203");
        assert_eq!(stamp(0), "1970-01-01-000000");
        assert!(stamp(86_399) < stamp(86_400));
    }
}
