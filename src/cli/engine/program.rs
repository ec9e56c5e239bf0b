//! A program that speaks crib's engine protocol, as a contestant in `crib match`: started as a
//! child process, asked one request a line, its answers read in bounded memory and within a
//! time limit. A program that fails (crashes, hangs, answers garbage or floods) forfeits the
//! game and is started afresh for the next.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::Duration;

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

/// A program in the arena.
pub struct Program {
    /// The command, run by the shell.
    command: String,
    /// The game it plays.
    game: Game,
    /// How long it may take over a decision.
    timeout: Duration,
    /// The program while it runs well.
    running: Option<Running>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<Result<String, String>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Program {
    /// A program run by `command`, not yet started.
    pub fn new(command: &str, game: Game, timeout: Duration) -> Program {
        Program {
            command: command.to_owned(),
            game,
            timeout,
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
            .stderr(Stdio::null());
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
        let (send, answers) = sync_channel(1);
        std::thread::spawn(move || read_answers(stdout, &send));
        self.running = Some(Running {
            child,
            stdin,
            answers,
        });
        let line = self.ask(&hello_request(), self.timeout.max(HELLO_TIME))?;
        read_hello(&line, self.game).inspect_err(|_| self.running = None)
    }

    /// Write one request and wait for the answer's line, up to `timeout`.
    fn ask(&mut self, request: &str, timeout: Duration) -> Result<String, String> {
        let Some(running) = &mut self.running else {
            return Err("the program is not running".into());
        };
        let result = writeln!(running.stdin, "{request}")
            .and_then(|()| running.stdin.flush())
            .map_err(|_| exited(&mut running.child, "stopped reading its input"))
            .and_then(|()| match running.answers.recv_timeout(timeout) {
                Ok(answer) => answer,
                Err(RecvTimeoutError::Timeout) => Err(format!(
                    "no answer within {}",
                    seconds(timeout.as_secs_f64())
                )),
                Err(RecvTimeoutError::Disconnected) => {
                    Err(exited(&mut running.child, "closed its output"))
                }
            });
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

/// Why a program is gone: its exit status if it has exited, else `what` it did.
fn exited(child: &mut Child, what: &str) -> String {
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
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => Ok(text.trim().to_owned()),
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
