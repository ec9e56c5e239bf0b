//! The JSON Lines engines (`crib play -`, `crib deal -`): one request a line, one answer a
//! line, flushed, in order, and never a stop for a bad line.

use std::io::{self, IsTerminal, Read, Write};

use serde::Serialize;

use crib::cards::thousands;

use super::Outcome;
use super::lines::{Chunk, Lines, is_skipped};
use super::output::json_line;

/// The longest request line kept, in bytes: a deal is a few hundred.
pub const MAX_REQUEST: usize = 64 * 1024;

/// An answer of an engine: its JSON, given the line of the request it answers.
pub trait Answer {
    /// Write the answer as one line of JSON, with `"line"` first.
    fn write_answer(&self, line: u64, out: &mut dyn Write) -> io::Result<()>;
}

/// An answer's fields after the line it answers.
#[derive(Serialize)]
pub struct Lined<'a, T> {
    /// The request's line, from 1.
    pub line: u64,
    /// The answer.
    #[serde(flatten)]
    pub answer: &'a T,
}

/// A request that could not be answered.
#[derive(Serialize)]
struct RequestError<'a> {
    /// The request's line, from 1.
    line: u64,
    /// What is wrong with it.
    error: &'a str,
}

/// Serve requests read as JSON Lines from `input`: each line (but blank lines and `#` comments)
/// is answered by `answer` with one line of JSON that carries its line number, flushed at once,
/// in order. A request that fails, a line too long, or one that is not UTF-8 is answered
/// `{"line": N, "error": "..."}` and reading goes on. Bad input if any failed; a reader that
/// goes away ends the serving quietly. At a terminal, `hint` says once what is expected.
pub fn serve_json_lines<A: Answer>(
    input: impl Read,
    interactive: bool,
    hint: &str,
    out: &mut dyn Write,
    mut answer: impl FnMut(&str) -> anyhow::Result<A>,
) -> anyhow::Result<Outcome> {
    use anyhow::Context;
    if interactive && io::stdin().is_terminal() {
        let _ = writeln!(io::stderr().lock(), "{hint}");
    }
    let mut outcome = Outcome::Success;
    let mut lines = Lines::new(input, MAX_REQUEST, 1 << 16);
    let mut chunk = Chunk::default();
    while lines
        .fill(&mut chunk, 1)
        .context("could not read standard input")?
    {
        let line = &chunk.lines[0];
        let result = match (line.too_long, std::str::from_utf8(chunk.text(line))) {
            (Some(bytes), _) => Err(anyhow::anyhow!(
                "too long: {} bytes (a request is at most {} bytes)",
                thousands(bytes),
                thousands(MAX_REQUEST as u64)
            )),
            (None, Err(err)) => Err(anyhow::anyhow!(
                "not UTF-8 text: byte {} is not valid UTF-8",
                err.valid_up_to() + 1
            )),
            (None, Ok(text)) if is_skipped(text.trim()) => continue,
            (None, Ok(text)) => answer(text.trim()),
        };
        let written = match result {
            Ok(report) => report.write_answer(line.number, out),
            Err(err) => {
                outcome = Outcome::BadInput;
                let error = super::describe(&err);
                json_line(
                    out,
                    &RequestError {
                        line: line.number,
                        error: &error,
                    },
                )
            }
        };
        match written.and_then(|()| out.flush()) {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome),
            Err(err) => return Err(err.into()),
        }
    }
    Ok(outcome)
}
