//! The seeds of games in progress whose seed is hidden (`crib game` without `--seed`). Their
//! logs leave the seed out until the game is over, so that nothing a player can read during the
//! game (its log, the name of a game saved by `quit`) gives away a deal to come; the seed is
//! kept here instead, in `$XDG_DATA_HOME/crib/seeds/COMMITMENT.seed` (else
//! `~/.local/share/crib/seeds/…`), readable by you alone, for `crib game --resume`, and is
//! forgotten when the game is over and its log carries the seed. A seed found here counts
//! only if it is the one committed to.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;

/// The directory crib keeps its data in: `$XDG_DATA_HOME/crib`, else `~/.local/share/crib`.
pub fn data_dir() -> anyhow::Result<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .context("crib has no place for its data: set XDG_DATA_HOME or HOME")?;
    Ok(base.join("crib"))
}

/// Where the seed of the game with this commitment is kept.
fn path_of(commitment: &str) -> anyhow::Result<PathBuf> {
    // A commitment is 64 hexadecimal digits; anything else names no file of crib's.
    if commitment.len() != 64 || !commitment.bytes().all(|b| b.is_ascii_hexdigit()) {
        anyhow::bail!("'{commitment}' is not a commitment (64 hexadecimal digits)");
    }
    Ok(data_dir()?.join("seeds").join(format!("{commitment}.seed")))
}

/// Keep `seed`, the seed of the game committed to as `commitment`, until the game is over.
pub fn keep(commitment: &str, seed: u64) -> anyhow::Result<()> {
    let path = path_of(commitment)?;
    if path.is_file() {
        return Ok(());
    }
    let dir = path.parent().expect("a seed's file is in a directory");
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the directory {}", dir.display()))?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut partial = path.clone().into_os_string();
    partial.push(format!(".{}.partial", std::process::id()));
    let partial = PathBuf::from(partial);
    let written = options
        .open(&partial)
        .and_then(|mut file| {
            writeln!(file, "{seed}")?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&partial, &path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written.with_context(|| format!("cannot keep the game's seed in {}", path.display()))
}

/// The seed kept for the game committed to as `commitment`, if this machine keeps it and it is
/// the one committed to (`holds` checks a seed against the commitment).
pub fn find(commitment: &str, holds: impl Fn(u64) -> bool) -> Option<u64> {
    let text = std::fs::read_to_string(path_of(commitment).ok()?).ok()?;
    let seed = text.trim().parse().ok()?;
    holds(seed).then_some(seed)
}

/// Forget the seed of a game that is over (its log carries the seed now).
pub fn forget(commitment: &str) {
    if let Ok(path) = path_of(commitment) {
        let _ = std::fs::remove_file(path);
    }
}

/// Where the seeds are kept, for messages.
pub fn place() -> String {
    data_dir().map_or_else(
        |_| "$XDG_DATA_HOME/crib/seeds".to_owned(),
        |d| d.join("seeds").display().to_string(),
    )
}
