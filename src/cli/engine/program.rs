//! A program that speaks crib's engine protocol, as a contestant in `crib match`: started as a
//! child process, asked one request a line, its answers read in bounded memory and within a
//! time limit. A program that fails (crashes, hangs, answers garbage or floods) forfeits the
//! game and is started afresh for the next.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crib::Card;
use crib::Game;
use crib::arena::Contestant;
use crib::game::Seen;
use crib::pegging::Token;

use super::protocol::{Hello, hello_request, play_request, read_card, read_hello, read_throw};

/// The longest answer line read, in bytes: an answer is a few dozen.
pub const MAX_ANSWER: usize = 64 * 1024;

/// How long a program has to say hello, at the least.
const HELLO_TIME: Duration = Duration::from_secs(10);

/// How often a wait for an answer looks whether the match has been stopped.
const STOP_CHECK: Duration = Duration::from_millis(20);

/// The lines of a program's standard error kept, the last ones, for a forfeit's reason.
const STDERR_LINES: usize = 4;

/// The longest line of a program's standard error kept, in characters.
const STDERR_WIDTH: usize = 240;

/// A program in the arena.
pub struct Program {
    /// The command, run by the shell.
    command: String,
    /// The game it plays.
    game: Game,
    /// How long it may take over a decision.
    timeout: Duration,
    /// Set when the match is stopped: a program waited for is stopped at once.
    stop: Arc<AtomicBool>,
    /// With `crib match --debug`: the name its traffic is shown under on standard error.
    debug: Option<String>,
    /// The program while it runs well.
    running: Option<Running>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<Result<String, String>>,
    /// The last lines it wrote to its standard error.
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Program {
    /// A program run by `command`, not yet started; it is stopped when `stop` is set, and with
    /// `debug` its traffic is shown on standard error under that name.
    pub fn new(
        command: &str,
        game: Game,
        timeout: Duration,
        stop: Arc<AtomicBool>,
        debug: Option<String>,
    ) -> Program {
        Program {
            command: command.to_owned(),
            game,
            timeout,
            stop,
            debug,
            running: None,
        }
    }

    /// Start the program and read its hello.
    pub fn start(&mut self) -> Result<Hello, String> {
        self.running = None;
        let mut command = shell(&self.command);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // Its own process group: an interrupt at the terminal stops the match, which
            // stops the program, rather than reaching the program first.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not start `{}`: {e}", self.command))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let errors = child.stderr.take().expect("stderr is piped");
        let (send, answers) = sync_channel(1);
        std::thread::spawn(move || read_answers(stdout, &send));
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        {
            let (kept, debug) = (Arc::clone(&stderr), self.debug.clone());
            std::thread::spawn(move || keep_stderr(errors, &kept, debug.as_deref()));
        }
        self.running = Some(Running {
            child,
            stdin,
            answers,
            stderr,
        });
        let line = self
            .ask(&hello_request(), self.timeout.max(HELLO_TIME))
            .map_err(|e| e.replacen("no answer within", "no hello within", 1))?;
        read_hello(&line, self.game).inspect_err(|_| self.running = None)
    }

    /// Write one request and wait for the answer's line, up to `timeout` (or until the match
    /// is stopped).
    fn ask(&mut self, request: &str, timeout: Duration) -> Result<String, String> {
        let Some(running) = &mut self.running else {
            return Err("the program is not running".into());
        };
        if let Some(name) = &self.debug {
            debug_line(name, '<', request);
        }
        let result = writeln!(running.stdin, "{request}")
            .and_then(|()| running.stdin.flush())
            .map_err(|_| exited(running, "stopped reading its input"))
            .and_then(|()| wait(running, timeout, &self.stop));
        if let (Some(name), Ok(answer)) = (&self.debug, &result) {
            debug_line(name, '>', answer);
        }
        if result.is_err() {
            self.running = None;
        }
        result
    }

    fn answer<T>(
        &mut self,
        request: &str,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        let line = self.ask(request, self.timeout)?;
        read(&line).inspect_err(|_| self.running = None)
    }
}

impl Contestant for Program {
    fn new_game(&mut self) -> Result<(), String> {
        if self.running.is_none() {
            self.start()?;
        }
        Ok(())
    }

    fn throw(&mut self, seen: &Seen) -> Result<Vec<Card>, String> {
        self.answer(&super::protocol::throw_request(seen), read_throw)
    }

    fn play(&mut self, seen: &Seen) -> Result<Token, String> {
        let legal = seen.legal().map_err(|e| e.to_string())?;
        let count = seen.count().map_err(|e| e.to_string())?;
        self.answer(&play_request(seen, count, &legal), read_card)
    }

    fn forfeited(&mut self) {
        // Started afresh for the next game, whatever it did wrong.
        self.running = None;
    }
}

/// Wait up to `timeout` for the program's next answer, looking every [`STOP_CHECK`] whether
/// the match has been stopped.
fn wait(running: &mut Running, timeout: Duration, stop: &AtomicBool) -> Result<String, String> {
    let started = Instant::now();
    loop {
        if stop.load(Ordering::SeqCst) {
            return Err("the match was stopped".into());
        }
        let left = timeout.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Err(format!(
                "no answer within {}",
                seconds(timeout.as_secs_f64())
            ));
        }
        match running.answers.recv_timeout(left.min(STOP_CHECK)) {
            Ok(answer) => return answer,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(exited(running, "closed its output"));
            }
        }
    }
}

/// One line of a program's traffic on standard error, `<` to it and `>` from it, `!` its own
/// standard error: written at once, so that workers' lines do not mix.
fn debug_line(name: &str, way: char, text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{name} {way} {text}");
}

/// Keep the last [`STDERR_LINES`] lines the program writes to its standard error (each cut to
/// [`STDERR_WIDTH`] characters), showing each under `debug` if given, until it closes it.
fn keep_stderr(errors: impl Read, kept: &Mutex<VecDeque<String>>, debug: Option<&str>) {
    let mut reader = BufReader::new(errors);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader)
            .take(MAX_ANSWER as u64)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.trim().is_empty() {
            continue;
        }
        if let Some(name) = debug {
            debug_line(name, '!', text);
        }
        let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() == STDERR_LINES {
            kept.pop_front();
        }
        kept.push_back(text.chars().take(STDERR_WIDTH).collect());
    }
}

/// The command as the platform's shell runs it, `exec`'d on Unix so that stopping it stops the
/// program itself.
fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", &format!("exec {command}")]);
        c
    }
}

/// Why a program is gone: its exit status if it has exited, else `what` it did; and the last
/// lines it wrote to its standard error, if any.
fn exited(running: &mut Running, what: &str) -> String {
    let status = exit_status(&mut running.child, what);
    // Its standard error is read on a thread of its own: a moment for its last lines.
    std::thread::sleep(Duration::from_millis(50));
    let kept = running
        .stderr
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if kept.is_empty() {
        return status;
    }
    let said: Vec<&str> = kept.iter().map(String::as_str).collect();
    format!("{status}; its standard error ended: {}", said.join(" / "))
}

/// A program's exit status if it has exited, else `what` it did.
fn exit_status(child: &mut Child, what: &str) -> String {
    // A program that closed its pipes is usually exiting: give it half a second to say how.
    let mut status = child.try_wait();
    for _ in 0..50 {
        if !matches!(status, Ok(None)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
        status = child.try_wait();
    }
    match status {
        Ok(Some(status)) if status.code() == Some(127) => {
            format!("the program exited ({status}): the shell found no such command")
        }
        Ok(Some(status)) => format!("the program exited ({status})"),
        _ => format!("the program {what}"),
    }
}

fn seconds(s: f64) -> String {
    if s >= 1.0 {
        format!("{s} s")
    } else {
        format!("{} ms", (s * 1000.0).round())
    }
}

/// Read the program's output a line at a time, each at most [`MAX_ANSWER`] bytes, skipping
/// blank lines; a line too long is reported and passed over without being kept. Stops when
/// the program closes its output or the referee stops listening.
fn read_answers(stdout: impl Read, send: &SyncSender<Result<String, String>>) {
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_ANSWER as u64 + 1)
            .read_until(b'\n', &mut line);
        let answer = match read {
            Ok(0) | Err(_) => return,
            Ok(_) if line.len() > MAX_ANSWER && !line.ends_with(b"\n") => {
                if skip_line(&mut reader).is_err() {
                    return;
                }
                Err(format!("an answer longer than {} KiB", MAX_ANSWER / 1024))
            }
            Ok(_) => match std::str::from_utf8(&line) {
                // A byte-order mark is passed over, as in the requests crib reads.
                Ok(text) if text.trim_start_matches('\u{feff}').trim().is_empty() => continue,
                Ok(text) => Ok(text.trim_start_matches('\u{feff}').trim().to_owned()),
                Err(_) => Err("an answer that is not UTF-8 text".into()),
            },
        };
        if send.send(answer).is_err() {
            return;
        }
    }
}

/// Pass over the rest of a line, keeping nothing.
fn skip_line(reader: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            reader.consume(i + 1);
            return Ok(());
        }
        let n = buf.len();
        reader.consume(n);
    }
}
