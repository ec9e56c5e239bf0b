//! Whether standard output was closed when crib started (`crib game >&-`), which a Rust
//! program cannot otherwise tell from output to /dev/null: before `main`, the standard library
//! opens /dev/null in the place of a closed standard stream. Output to /dev/null, however it
//! was opened, is normal output; but `crib game` and `crib train` take answers that change what
//! they keep (the log, the training state), and an answer to a question no one could see is
//! not one to keep, so they refuse a closed standard output.
//!
//! The check runs before the standard library's: a function in the program's initialisers
//! (`.init_array`, run by the loader before `main` on Linux) asks whether `/proc/self/fd/1`
//! names an open file, with `lstat`, which opens nothing (an `open` would itself take the
//! closed descriptor). Without `/proc`, or on another system, standard output counts as open.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set before `main` when standard output was closed.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Before `main`: note whether standard output is closed.
#[cfg(target_os = "linux")]
extern "C" fn probe() {
    let proc_mounted = std::fs::symlink_metadata("/proc/self/fd").is_ok();
    if proc_mounted && std::fs::symlink_metadata("/proc/self/fd/1").is_err() {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

/// [`probe`], among the initialisers the loader runs before the standard library's own.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "the one way to look before the runtime opens /dev/null"
)]
#[used]
#[unsafe(link_section = ".init_array")]
static PROBE: extern "C" fn() = probe;

/// Whether standard output was closed when crib started.
pub fn stdout_was_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

/// Refuse to ask questions on a closed standard output: `what` takes answers it keeps.
pub fn refuse_if_closed(what: &str) -> anyhow::Result<()> {
    if stdout_was_closed() {
        anyhow::bail!(
            "standard output is closed: {what} asks its questions there, and keeps no answer to \
             a question it could not show (give it a terminal, a file, or /dev/null to play \
             unseen)"
        );
    }
    Ok(())
}
