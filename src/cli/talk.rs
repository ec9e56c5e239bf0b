//! How `crib game` and `crib train` talk with their player: what it says (sentences for people, or one JSON event
//! a line with `--json`) and what it asks (a line of input answers each question).
//!
//! Three ways to show a game:
//! - **the screen**, when both standard input and output are terminals: each question redraws
//!   the whole screen (the board on top, the deal under it, the latest messages, the question),
//!   so the board never scrolls away;
//! - **a transcript**, when either is not a terminal: each message a line, each question a line
//!   with the answer read echoed after it, so that a scripted game reads as it was played;
//! - **JSON events**, with `--json`: one object a line, questions included (`"prompt"`).

use std::io::{self, BufRead, IsTerminal, Write};

use serde_json::{Value, json};

use crib::cards::thousands;
use crib::game::DealTable;
use crib::{Card, Seat};

use crate::cli::lines::{Read1, read_line};
use crate::cli::output;

/// The longest line of an answer, in bytes: far more than any answer needs.
const MAX_ANSWER: usize = 64 * 1024;

/// The screen's rows: the game fits 24.
const ROWS: usize = 24;

/// What a line of input says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `?`: show crib's advice.
    Advice,
    /// `best`: do what crib advises.
    Best,
    /// `quit` (or `q`): save and leave.
    Quit,
    /// The input ended: save and leave.
    Ended,
    /// Anything else, in words.
    Words(Vec<String>),
}

/// Whether the game goes on after a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// On.
    On,
    /// The player quit (or the input ended).
    Quit,
}

/// Where a game or a drill reads its answers.
pub enum Input {
    /// Standard input: a person at the terminal, or a script.
    Stdin,
    /// A page of `crib serve`: JSON events out, and no handler of interrupts (the server's).
    Served(Box<dyn BufRead + Send>),
}

impl Input {
    /// How the game is shown, and what it reads.
    pub fn into_parts(self, json: bool) -> (Mode, Box<dyn BufRead>) {
        match self {
            Input::Stdin => (
                Mode::choose(json),
                Box::new(io::BufReader::new(io::stdin())),
            ),
            Input::Served(input) => (Mode::Json, input),
        }
    }
}

/// How the game is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Redraw the screen at each question.
    Screen,
    /// A line per message.
    Transcript,
    /// A JSON event per line.
    Json,
}

impl Mode {
    /// JSON events with `--json`; else the screen when both standard input and output are
    /// terminals, a transcript when either is not.
    pub fn choose(json: bool) -> Mode {
        if json {
            Mode::Json
        } else if io::stdin().is_terminal() && io::stdout().is_terminal() {
            Mode::Screen
        } else {
            Mode::Transcript
        }
    }
}

/// The conversation: the output, the input, and on the screen the messages of this deal.
pub struct Talk<'a> {
    out: &'a mut dyn Write,
    input: Box<dyn BufRead + 'a>,
    /// How the game is shown.
    pub mode: Mode,
    said: Vec<String>,
    /// Advice shown under the messages until the next answer.
    below: Vec<String>,
    /// Lines of answers read.
    answers: u64,
}

impl<'a> Talk<'a> {
    /// Talk on `out`, reading `input`.
    pub fn new(out: &'a mut dyn Write, input: Box<dyn BufRead + 'a>, mode: Mode) -> Talk<'a> {
        Talk {
            out,
            input,
            mode,
            said: Vec::new(),
            below: Vec::new(),
            answers: 0,
        }
    }

    /// The writer, for advice printed as its subcommand prints it.
    pub fn out(&mut self) -> &mut dyn Write {
        self.out
    }

    /// Say something: `text` to people, `event` as JSON (nothing when it is null: what only
    /// people are told).
    pub fn say(&mut self, text: &str, event: Value) -> io::Result<()> {
        match self.mode {
            Mode::Transcript | Mode::Screen if text.is_empty() => Ok(()),
            Mode::Json if event.is_null() => Ok(()),
            Mode::Json => {
                output::json_line(self.out, &event)?;
                self.out.flush()
            }
            Mode::Transcript => {
                writeln!(self.out, "{}", output::plain(text))?;
                self.out.flush()
            }
            Mode::Screen => {
                let width = output::width();
                for line in text.lines() {
                    let wrapped = output::wrap_to(line, "  ", width);
                    self.said.extend(wrapped.lines().map(str::to_owned));
                }
                Ok(())
            }
        }
    }

    /// Forget this deal's messages (the screen starts each deal clean).
    pub fn clear_messages(&mut self) {
        self.said.clear();
    }

    /// Show lines under the messages until the next answer (advice on the screen, wrapped to
    /// the screen's width already).
    pub fn show_below(&mut self, lines: &[String]) {
        self.below = lines.to_vec();
    }

    /// Draw the scene and the latest messages (the screen only).
    pub fn draw(&mut self, scene: &[String]) -> io::Result<()> {
        if self.mode != Mode::Screen {
            return Ok(());
        }
        let (from, below) = layout(scene.len(), &self.said, &self.below, output::width());
        write!(self.out, "\x1b[H\x1b[2J")?;
        let lines = scene.iter().chain(&self.said[from..]).chain(below);
        for line in lines {
            writeln!(self.out, "{}", output::plain(line))?;
        }
        self.out.flush()
    }

    /// Ask a question: on the screen, `scene` is drawn above it; in JSON the question is an
    /// event `{"event": "prompt", "ask": ask, ...}` with `details`.
    pub fn ask(
        &mut self,
        question: &str,
        ask: &str,
        details: Value,
        scene: &[String],
    ) -> io::Result<Reply> {
        match self.mode {
            Mode::Json => {
                let mut event = json!({"event": "prompt", "ask": ask, "text": question});
                if let (Some(event), Value::Object(more)) = (event.as_object_mut(), details) {
                    event.extend(more);
                }
                output::json_line(self.out, &event)?;
                self.out.flush()?;
            }
            Mode::Transcript => {
                write!(self.out, "{} ", output::plain(question))?;
                self.out.flush()?;
            }
            Mode::Screen => {
                self.draw(scene)?;
                write!(self.out, "{} ", output::plain(question))?;
                self.out.flush()?;
            }
        }
        self.reply()
    }

    /// Ask a question under what is on the screen already, without redrawing it (as a
    /// transcript asks it elsewhere).
    pub fn ask_here(&mut self, question: &str, ask: &str, details: Value) -> io::Result<Reply> {
        if self.mode != Mode::Screen {
            return self.ask(question, ask, details, &[]);
        }
        write!(self.out, "{} ", output::plain(question))?;
        self.out.flush()?;
        self.reply()
    }

    /// Read the answer to the question just asked.
    fn reply(&mut self) -> io::Result<Reply> {
        // Bytes, not text: a line that is not UTF-8 is a typo like any other, asked again.
        let mut bytes = Vec::new();
        let read = read_line(self.input.as_mut(), MAX_ANSWER, &mut bytes).map_err(|err| {
            io::Error::new(err.kind(), format!("could not read standard input: {err}"))
        })?;
        self.answers += 1;
        let line = String::from_utf8_lossy(&bytes).into_owned();
        self.below.clear();
        let reply = match read {
            Read1::End => Reply::Ended,
            Read1::Line => parse_reply(&line),
            Read1::TooLong => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "answer line {}: too long: an answer is at most {} bytes",
                        self.answers,
                        thousands(MAX_ANSWER as u64)
                    ),
                ));
            }
        };
        if self.mode == Mode::Transcript {
            match &reply {
                Reply::Ended => writeln!(self.out)?,
                _ => writeln!(self.out, "{}", line.trim())?,
            }
        }
        Ok(reply)
    }
}

/// The rows a line takes on a screen `width` wide (a line longer than the width runs on).
fn rows(line: &str, width: usize) -> usize {
    output::seen_width(line).div_ceil(width.max(1)).max(1)
}

/// What the screen shows under a scene of `scene` rows, with the question below it: the
/// messages from `said`'s index returned, then the lines below (advice). The advice is never
/// cut: it is shown whole, without its blank lines when it is short of room, and the messages
/// get the rows it leaves (none, if need be: the advice is what was asked for).
fn layout<'b>(
    scene: usize,
    said: &[String],
    below: &'b [String],
    width: usize,
) -> (usize, Vec<&'b String>) {
    let room = ROWS.saturating_sub(scene + 2);
    let total = |lines: &[&String]| lines.iter().map(|l| rows(l, width)).sum::<usize>();
    let mut shown: Vec<&String> = below.iter().collect();
    if total(&shown) > room {
        shown.retain(|l| !l.trim().is_empty());
    }
    let mut left = room.saturating_sub(total(&shown));
    let mut from = said.len();
    while from > 0 && rows(&said[from - 1], width) <= left {
        from -= 1;
        left -= rows(&said[from], width);
    }
    (from, shown)
}

/// Read a line of input.
pub fn parse_reply(line: &str) -> Reply {
    let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    match words.as_slice() {
        [one] if one == "?" || one.eq_ignore_ascii_case("help") => Reply::Advice,
        [one] if one.eq_ignore_ascii_case("best") => Reply::Best,
        [one] if one.eq_ignore_ascii_case("quit") || one.eq_ignore_ascii_case("q") => Reply::Quit,
        _ => Reply::Words(words),
    }
}

/// The card named: a card, or a rank alone (of two cards of the rank, the first: in the play a
/// suit cannot matter).
pub fn held_card(table: &DealTable, seat: Seat, words: &[String]) -> Result<Card, String> {
    let [word] = words else {
        return Err("name one card to play".to_owned());
    };
    let card: Card = word
        .parse()
        .map_err(|err: crib::cards::CardError| err.message(output::notation()).to_string())?;
    if card.suit().is_some() {
        return Ok(card);
    }
    let held: Vec<Card> = table
        .in_hand(seat)
        .into_iter()
        .filter(|c| c.rank() == card.rank())
        .collect();
    // In the play a card's suit cannot matter (the hand is counted whole at the show), so of
    // two cards of the rank either will do.
    match held.first() {
        Some(first) => Ok(*first),
        None => Err(format!("you hold no {}", card.rank().ascii())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_is_never_cut() {
        let lines = |n: usize, text: &str| -> Vec<String> { vec![text.to_owned(); n] };
        let said = lines(5, "a message");
        // Room for all: the advice, and the latest messages in the rows left.
        let below = lines(10, "advice");
        let (from, shown) = layout(7, &said, &below, 80);
        assert_eq!((from, shown.len()), (0, 10));
        let (from, shown) = layout(10, &said, &below, 80);
        assert_eq!((from, shown.len()), (3, 10));
        // Short of room: no messages, the advice without its blank lines, and all of it.
        let mut below = lines(8, "advice");
        below.insert(3, String::new());
        below.extend(lines(8, "more"));
        let (from, shown) = layout(7, &said, &below, 80);
        assert_eq!((from, shown.len()), (5, 16));
        assert!(shown.iter().all(|l| !l.is_empty()));
        // A line longer than the screen takes the rows it runs on.
        assert_eq!(rows(&"x".repeat(81), 80), 2);
        assert_eq!(rows("", 80), 1);
        assert_eq!(rows("\x1b[31m5h\x1b[0m", 2), 1);
    }

    #[test]
    fn replies_are_read_in_any_case() {
        assert_eq!(parse_reply("?\n"), Reply::Advice);
        assert_eq!(parse_reply(" BEST "), Reply::Best);
        assert_eq!(parse_reply("quit"), Reply::Quit);
        assert_eq!(parse_reply("Q"), Reply::Quit);
        assert_eq!(
            parse_reply("5h 6c"),
            Reply::Words(vec!["5h".into(), "6c".into()])
        );
        assert_eq!(parse_reply(""), Reply::Words(vec![]));
    }
}
