//! Reading input a line at a time in bounded memory, for batch scoring, `crib check` and the
//! JSON Lines engines.
//!
//! No line is held whole however long it is: past its limit a line is marked too long and
//! skipped to its end, so memory stays a few megabytes whatever comes in, `/dev/zero`
//! included. A UTF-8 byte-order mark before the first line is dropped. Lines are handed out in
//! chunks for speed, but a chunk never waits for more input: when what has arrived is used up,
//! the chunk ends there, so a terminal's or a program's line is answered as soon as it is
//! sent. The end of input is read once: at a terminal, one Ctrl-D ends it.

use std::io::{self, BufRead, BufReader, Read};

/// The longest line of a hand or a table row, in bytes: far more than any needs.
pub const MAX_LINE: usize = 4096;

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
        }
    }

    /// Whether the next line is at hand without waiting for input (or the input has ended).
    pub fn ready(&self) -> bool {
        self.ended || !self.input.buffer().is_empty()
    }

    /// Replace the lines in `chunk` with up to `max_lines` more: at least one, waiting for it
    /// if need be, then as many as have arrived. False when the input is at its end and nothing
    /// was read.
    pub fn fill(&mut self, chunk: &mut Chunk, max_lines: usize) -> io::Result<bool> {
        chunk.text.clear();
        chunk.lines.clear();
        while chunk.lines.len() < max_lines && (chunk.lines.is_empty() || self.ready()) {
            match self.next_line(&mut chunk.text)? {
                Some(line) => chunk.lines.push(line),
                None => break,
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
