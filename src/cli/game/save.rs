//! Saving a game: the deals played so far, kept where `quit`, the end of the input and an
//! interrupt (Ctrl-C, a closed terminal, SIGTERM) can all save them.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context;

/// The log of the game so far, and where it goes.
#[derive(Clone)]
pub struct Saver {
    lines: Arc<Mutex<Vec<String>>>,
    /// `--log` (or `--resume`): written as each deal ends.
    log: Option<PathBuf>,
    /// Where a game without `--log` is saved.
    fallback: PathBuf,
    /// Whether the log is this game's own, new file: left with no deal in it, it is removed,
    /// not left behind as a log nothing can read.
    fresh: bool,
}

/// The exit code of a game interrupted: 128 + SIGINT, as shells report it.
const INTERRUPTED: i32 = 130;

impl Saver {
    /// The game so far (`lines`, from a log carried on), logged to `log` if given, else saved
    /// on leaving to `crib-game-NAME.jsonl`; `fresh` when the log is a file this game made.
    pub fn new(lines: Vec<String>, log: Option<PathBuf>, name: &str, fresh: bool) -> Saver {
        Saver {
            lines: Arc::new(Mutex::new(lines)),
            log,
            fallback: PathBuf::from(format!("crib-game-{name}.jsonl")),
            fresh,
        }
    }

    /// The game's log, if it has one.
    pub fn log(&self) -> Option<&std::path::Path> {
        self.log.as_deref()
    }

    /// A deal's line, once it is in the log file (if any).
    pub fn push(&self, line: String) {
        self.lines
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(line);
    }

    /// Save the game: it is in its log already, or it is written to the fallback file. Where
    /// it is, or `None` when no deal has been played: a log with no deal in it cannot be
    /// carried on, so nothing is said to be saved then (and a log this game made is removed).
    pub fn save(&self) -> anyhow::Result<Option<PathBuf>> {
        let lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        if lines.is_empty() {
            if let Some(path) = self.log.as_ref().filter(|_| self.fresh) {
                let _ = std::fs::remove_file(path);
            }
            return Ok(None);
        }
        if let Some(path) = &self.log {
            return Ok(Some(path.clone()));
        }
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(&self.fallback, text)
            .with_context(|| format!("cannot save to {}", self.fallback.display()))?;
        Ok(Some(self.fallback.clone()))
    }

    /// On an interrupt, a hang-up or SIGTERM: save, say where on stderr, and leave (exit 130).
    pub fn save_on_interrupt(&self) {
        let saver = self.clone();
        // A second handler cannot be installed; the first stands.
        let _ = ctrlc::set_handler(move || {
            let message = match saver.save() {
                Ok(Some(path)) => format!(
                    "interrupted: saved; carry on with crib game --resume {}",
                    path.display()
                ),
                Ok(None) => "interrupted before the first deal was played: nothing to save".into(),
                Err(err) => format!("interrupted: {err:#}"),
            };
            eprintln!("\ncrib: {message}");
            std::process::exit(INTERRUPTED);
        });
    }
}
