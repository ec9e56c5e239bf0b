//! Reading input a line at a time in bounded memory, for batch scoring, `crib check` and the
//! JSON Lines engines.
//!
//! No line is held whole however long it is: past its limit a line is marked too long and
//! skipped to its end, so memory stays a few megabytes whatever comes in; a line that runs on
//! past [`SKIP_MOST`] (`/dev/zero`, or a file with no line breaks) ends the input there with a
//! message, rather than be read forever. A UTF-8 byte-order mark before the first line is dropped. Lines are handed out in
//! chunks for speed, but a chunk never waits for more input: when what has arrived is used up,
//! the chunk ends there, so a terminal's or a program's line is answered as soon as it is
//! sent. The end of input is read once: at a terminal, one Ctrl-D ends it.
//!
//! What must be read whole (a game's log) or a line at a time as it is typed (a game's answers)
//! is read by [`read_line`] and [`read_all`], which stop at the first line past its limit, so
//! that even an input with no line breaks (`/dev/zero`) ends at once with a message.

use std::io::{self, BufRead, BufReader, Read};

use anyhow::Context;
use crib::cards::thousands;

/// The longest line of a hand or a table row, in bytes: far more than any needs.
pub const MAX_LINE: usize = 4096;

/// The most of a line too long that is skipped to reach its end: past it, the input has no
/// line breaks to speak of, and reading stops.
pub const SKIP_MOST: u64 = 1 << 20;

/// Whether a line (trimmed) is left out of every input crib reads a line at a time: blank, or a
/// comment starting with `#`.
pub fn is_skipped(text: &str) -> bool {
    text.is_empty() || text.starts_with('#')
}

/// Lines read together, with their numbers.
#[derive(Debug, Default)]
pub struct Chunk {
    text: Vec<u8>,
    /// The lines, in order.
    pub lines: Vec<LineRef>,
}

/// One line of a [`Chunk`].
#[derive(Debug, Clone, Copy)]
pub struct LineRef {
    /// The line's number in the input, from 1.
    pub number: u64,
    start: usize,
    end: usize,
    /// For a line longer than the limit: its length in bytes (its text is not kept).
    pub too_long: Option<u64>,
}

impl Chunk {
    /// A line's text, without its line break (empty for a line too long to keep).
    pub fn text(&self, line: &LineRef) -> &[u8] {
        &self.text[line.start..line.end]
    }
}

/// A reader of lines in bounded memory.
pub struct Lines<R> {
    input: BufReader<R>,
    limit: usize,
    number: u64,
    at_start: bool,
    ended: bool,
    /// An error met after some lines of a chunk were read: those lines are handed out first,
    /// and the error with the next chunk.
    pending: Option<io::Error>,
}

impl<R: Read> Lines<R> {
    /// Read lines of at most `limit` bytes from `input`, buffering `capacity` bytes at a time.
    pub fn new(input: R, limit: usize, capacity: usize) -> Lines<R> {
        Lines {
            input: BufReader::with_capacity(capacity, input),
            limit,
            number: 0,
            at_start: true,
            ended: false,
            pending: None,
        }
    }

    /// Whether the next line is at hand without waiting for input (or the input has ended).
    pub fn ready(&self) -> bool {
        self.ended || !self.input.buffer().is_empty()
    }

    /// Replace the lines in `chunk` with up to `max_lines` more: at least one, waiting for it
    /// if need be, then as many as have arrived. False when the input is at its end and nothing
    /// was read. An error that stops the input comes after every line before it.
    pub fn fill(&mut self, chunk: &mut Chunk, max_lines: usize) -> io::Result<bool> {
        chunk.text.clear();
        chunk.lines.clear();
        if let Some(err) = self.pending.take() {
            self.ended = true;
            return Err(err);
        }
        while chunk.lines.len() < max_lines && (chunk.lines.is_empty() || self.ready()) {
            let start = chunk.text.len();
            match self.next_line(&mut chunk.text) {
                Ok(Some(line)) => chunk.lines.push(line),
                Ok(None) => break,
                Err(err) if chunk.lines.is_empty() => {
                    self.ended = true;
                    return Err(err);
                }
                Err(err) => {
                    chunk.text.truncate(start);
                    self.pending = Some(err);
                    break;
                }
            }
        }
        Ok(!chunk.lines.is_empty())
    }

    /// Append the next line's text to `text`; `None` at the end of the input.
    fn next_line(&mut self, text: &mut Vec<u8>) -> io::Result<Option<LineRef>> {
        if self.ended {
            return Ok(None);
        }
        let start = text.len();
        let mut length: u64 = 0;
        let mut any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if buffer.is_empty() {
                self.ended = true;
                break;
            }
            any = true;
            let (piece, used, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (&buffer[..i], i + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if length < self.limit as u64 + 3 {
                let room = (self.limit + 3).saturating_sub(text.len() - start);
                text.extend_from_slice(&piece[..piece.len().min(room)]);
            }
            length += piece.len() as u64;
            self.input.consume(used);
            if ended {
                break;
            }
            if length > SKIP_MOST {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "line {}: too long: no line break in its first {} bytes (a line is at \
                         most {}), so crib reads no further",
                        self.number + 1,
                        thousands(SKIP_MOST),
                        thousands(self.limit as u64)
                    ),
                ));
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if std::mem::take(&mut self.at_start) && text[start..].starts_with(b"\xEF\xBB\xBF") {
            text.drain(start..start + 3);
            length -= 3;
        }
        if text[start..].ends_with(b"\r") {
            text.pop();
            length -= 1;
        }
        let too_long = (length > self.limit as u64).then_some(length);
        if too_long.is_some() {
            text.truncate(start);
        }
        Ok(Some(LineRef {
            number: self.number,
            start,
            end: text.len(),
            too_long,
        }))
    }
}

/// What [`read_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read1 {
    /// A line, in the buffer without its line break.
    Line,
    /// The end of the input: nothing more was read.
    End,
    /// A line longer than the limit: the buffer holds its first bytes, the rest is unread.
    TooLong,
}

/// Read one line of at most `limit` bytes (its line break and a `\r` before it not counted)
/// into `line`, cleared first. A line past the limit is reported as soon as it passes it.
pub fn read_line(input: &mut dyn BufRead, limit: usize, line: &mut Vec<u8>) -> io::Result<Read1> {
    line.clear();
    let read = input.take(limit as u64 + 2).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Read1::End);
    }
    if line.ends_with(b"\n") {
        line.pop();
        if line.ends_with(b"\r") {
            line.pop();
        }
    } else if line.ends_with(b"\r") && line.len() == limit + 1 {
        // A last line of exactly the limit, ended by `\r` alone.
        line.pop();
    }
    Ok(if line.len() > limit {
        Read1::TooLong
    } else {
        Read1::Line
    })
}

/// Limits on an input read whole: each line's bytes, and all of them together.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// The longest line, in bytes.
    pub line: usize,
    /// The whole input, in bytes.
    pub total: usize,
    /// What the input is, for messages ("a line of a game's log").
    pub what: &'static str,
}

/// Every line of `input` as text, numbered from 1, within `bounds`: an error names the first
/// line too long, not UTF-8, or past the total, and reads no further. A byte-order mark
/// before the first line is dropped.
pub fn read_all(input: impl Read, bounds: Bounds) -> anyhow::Result<Vec<(u64, String)>> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut lines = Vec::new();
    let mut line = Vec::new();
    let mut total = 0;
    for number in 1.. {
        match read_line(&mut input, bounds.line, &mut line)? {
            Read1::End => break,
            Read1::TooLong => anyhow::bail!(
                "line {number}: too long: {} is at most {} bytes",
                bounds.what,
                thousands(bounds.line as u64)
            ),
            Read1::Line => {}
        }
        total += line.len() + 1;
        if total > bounds.total {
            anyhow::bail!(
                "line {number}: the input passes {} bytes, the most crib reads",
                thousands(bounds.total as u64)
            );
        }
        if number == 1 && line.starts_with(b"\xEF\xBB\xBF") {
            line.drain(..3);
        }
        let text = std::str::from_utf8(&line)
            .map_err(|err| {
                anyhow::anyhow!(
                    "not UTF-8 text: byte {} is not valid UTF-8",
                    err.valid_up_to() + 1
                )
            })
            .with_context(|| format!("line {number}"))?;
        lines.push((number, text.to_owned()));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8]) -> Vec<(u64, String, Option<u64>)> {
        let mut lines = Lines::new(input, MAX_LINE, 7);
        let mut chunk = Chunk::default();
        let mut all = Vec::new();
        while lines.fill(&mut chunk, 2).unwrap() {
            for line in &chunk.lines {
                let text = String::from_utf8_lossy(chunk.text(line)).into_owned();
                all.push((line.number, text, line.too_long));
            }
        }
        all
    }

    #[test]
    fn lines_numbers_and_endings() {
        assert_eq!(
            read(b"\xEF\xBB\xBF5h 5c\r\n\nlast"),
            [
                (1, "5h 5c".to_owned(), None),
                (2, String::new(), None),
                (3, "last".to_owned(), None)
            ]
        );
        assert!(read(b"").is_empty());
        // Only the first line may start with a byte-order mark.
        assert_eq!(read(b"a\n\xEF\xBB\xBFb")[1].1, "\u{FEFF}b");
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nnext\n");
        let lines = read(&input);
        assert_eq!(lines[0], (1, String::new(), Some(100_000)));
        assert_eq!(lines[1], (2, "next".to_owned(), None));
        let exact = vec![b'y'; MAX_LINE];
        assert_eq!(read(&exact)[0].2, None);
    }

    #[test]
    fn one_line_stops_at_its_limit() {
        let mut input: &[u8] = b"best\r\nabcdef\nabc";
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, 4, &mut line).unwrap(), Read1::Line);
        assert_eq!(line, b"best");
        assert_eq!(read_line(&mut input, 4, &mut line).unwrap(), Read1::TooLong);
        let mut zero = io::repeat(0).take(1 << 30);
        let mut zero = BufReader::new(&mut zero);
        assert_eq!(read_line(&mut zero, 10, &mut line).unwrap(), Read1::TooLong);
        assert!(line.len() <= 12);
        let mut last: &[u8] = b"abcd";
        assert_eq!(read_line(&mut last, 4, &mut line).unwrap(), Read1::Line);
        assert_eq!(read_line(&mut last, 4, &mut line).unwrap(), Read1::End);
    }

    #[test]
    fn a_whole_input_is_bounded_line_by_line_and_in_all() {
        let bounds = Bounds {
            line: 8,
            total: 20,
            what: "a test line",
        };
        let lines = read_all(&b"\xEF\xBB\xBFone\n\ntwo\r\n"[..], bounds).unwrap();
        assert_eq!(
            lines,
            [(1, "one".into()), (2, String::new()), (3, "two".into())]
        );
        let long = read_all(&b"ok\n123456789\n"[..], bounds).unwrap_err();
        assert_eq!(
            long.to_string(),
            "line 2: too long: a test line is at most 8 bytes"
        );
        let many = read_all(&b"1234567\n1234567\n1234567\n"[..], bounds).unwrap_err();
        assert!(
            many.to_string()
                .starts_with("line 3: the input passes 20 bytes")
        );
        let bad = read_all(&b"ok\n\xff\n"[..], bounds).unwrap_err();
        assert_eq!(
            format!("{bad:#}"),
            "line 2: not UTF-8 text: byte 1 is not valid UTF-8"
        );
    }

    /// A reader that hands out one piece at a time, and then says it has ended, once: what a
    /// terminal or a pipe written to line by line looks like.
    struct Pieces(Vec<&'static [u8]>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    #[test]
    fn the_lines_before_a_stop_come_before_its_error() {
        let mut input = b"5h 5c\n6d 6s\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 2 * SKIP_MOST as usize));
        let mut lines = Lines::new(&input[..], MAX_LINE, 1 << 16);
        let mut chunk = Chunk::default();
        assert!(lines.fill(&mut chunk, 100).unwrap());
        let texts: Vec<_> = chunk.lines.iter().map(|l| chunk.text(l).to_vec()).collect();
        assert_eq!(texts, [b"5h 5c".to_vec(), b"6d 6s".to_vec()]);
        let err = lines.fill(&mut chunk, 100).unwrap_err();
        assert!(err.to_string().starts_with("line 3: too long"), "{err}");
        assert!(!lines.fill(&mut chunk, 100).unwrap());
    }

    #[test]
    fn a_chunk_ends_where_the_input_paused() {
        let mut lines = Lines::new(Pieces(vec![b"a\nb\n", b"c\n"]), MAX_LINE, 64);
        let mut chunk = Chunk::default();
        assert!(lines.fill(&mut chunk, 100).unwrap());
        assert_eq!(chunk.lines.len(), 2);
        assert!(lines.fill(&mut chunk, 100).unwrap());
        assert_eq!(chunk.lines.len(), 1);
        // The end of input is read once, and stays read.
        assert!(!lines.fill(&mut chunk, 100).unwrap());
        assert!(!lines.fill(&mut chunk, 100).unwrap());
        assert!(lines.ready());
    }
}
