//! The output layer: every report renders either for people (tables) or as JSON, to one writer,
//! and the style of what people read: colour and the character set.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::OnceLock;

use comfy_table::{ContentArrangement, Table, presets};
use serde::{Serialize, Serializer};

use crib::Card;
use crib::cards::Notation;

/// When to colour the output (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour a terminal, unless NO_COLOR is set or TERM is dumb.
    Auto,
    /// Always colour (still never JSON).
    Always,
    /// Never colour.
    Never,
}

/// How output for people looks: colour, and whether to keep to ASCII.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Red hearts and diamonds, bold totals.
    pub color: bool,
    /// Suits as letters, tables with ASCII borders.
    pub ascii: bool,
}

impl Style {
    /// The style the flags and the environment ask for. With `auto`, colour only a terminal
    /// whose user has not set NO_COLOR; keep to ASCII when asked, or when the locale says the
    /// terminal is not UTF-8 (LC_ALL, LC_CTYPE or LANG set to something without UTF-8; none
    /// set at all counts as UTF-8).
    pub fn choose(color: ColorChoice, ascii: bool) -> Style {
        let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let color = match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal()
                    && env("NO_COLOR").is_none()
                    && env("TERM").is_none_or(|t| t != "dumb")
            }
        };
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].into_iter().find_map(env);
        let utf8 = locale.is_none_or(|l| {
            let l = l.to_string_lossy().to_ascii_lowercase();
            l.contains("utf-8") || l.contains("utf8")
        });
        Style {
            color,
            ascii: ascii || !utf8,
        }
    }
}

static STYLE: OnceLock<Style> = OnceLock::new();

/// Set the style for this run (once, before any output).
pub fn set_style(style: Style) {
    let _ = STYLE.set(style);
}

/// The style of this run.
pub fn style() -> Style {
    STYLE.get().copied().unwrap_or_default()
}

/// How cards inside messages and printed entries are written for people: as symbols, or in
/// ASCII.
pub fn notation() -> Notation {
    if style().ascii {
        Notation::Ascii
    } else {
        Notation::Symbols
    }
}

/// Text for people in the character set of this run: in ASCII, the few other characters crib
/// writes (suit symbols, the ellipsis of a long token, dashes, ±, ≥) become their nearest ASCII.
pub fn plain(text: &str) -> std::borrow::Cow<'_, str> {
    if !style().ascii || text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '♥' | '♡' => out.push('h'),
            '♦' | '♢' => out.push('d'),
            '♣' | '♧' => out.push('c'),
            '♠' | '♤' => out.push('s'),
            '…' => out.push_str("..."),
            '—' | '–' | '─' => out.push('-'),
            '·' => out.push('.'),
            '±' => out.push_str("+/-"),
            '≥' => out.push_str(">="),
            '≤' => out.push_str("<="),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The plus-minus sign of a standard error: `±`, or `+/-` in ASCII.
pub fn plus_minus() -> &'static str {
    if style().ascii { "+/-" } else { "±" }
}

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// A card for people: `5♥` (red on a colour terminal), or `5h` in ASCII.
pub fn card_text(card: Card) -> impl fmt::Display {
    struct Text(Card, Style);
    impl fmt::Display for Text {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let Text(card, style) = *self;
            let red = style.color && card.suit().is_some_and(|s| s.index() < 2);
            if red {
                f.write_str(RED)?;
            }
            f.write_str(card.rank().ascii())?;
            if let Some(suit) = card.suit() {
                if style.ascii {
                    write!(f, "{}", suit.ascii())?;
                } else {
                    write!(f, "{}", suit.symbol())?;
                }
            }
            if red {
                f.write_str(RESET)?;
            }
            Ok(())
        }
    }
    Text(card, style())
}

/// Cards for people, separated by spaces.
pub fn cards_text(cards: &[Card]) -> String {
    let mut out = String::new();
    for (i, &card) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&card_text(card).to_string());
    }
    out
}

/// Bold text (a total) on a colour terminal.
pub fn bold(text: impl fmt::Display) -> String {
    if style().color {
        format!("{BOLD}{text}{RESET}")
    } else {
        text.to_string()
    }
}

/// `1 entry`, `2 entries`: a count with its noun, thousands separated.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!(
        "{} {}",
        crib::cards::thousands(n),
        if n == 1 { one } else { many }
    )
}

/// Cards in the ASCII notation, apart: `5h Jd`.
pub fn cards_ascii(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cards as JSON: a list of the ASCII notation, `["5h", "Jd"]`.
pub fn cards_json(cards: &[Card]) -> serde_json::Value {
    serde_json::Value::from(cards.iter().map(ToString::to_string).collect::<Vec<_>>())
}

/// How many inaccuracies, mistakes and blunders: `2 inaccuracies, 0 mistakes, 1 blunder`.
pub fn labels_text(labels: [usize; 3]) -> String {
    let [inaccuracies, mistakes, blunders] = labels.map(|n| n as u64);
    format!(
        "{}, {}, {}",
        plural(inaccuracies, "inaccuracy", "inaccuracies"),
        plural(mistakes, "mistake", "mistakes"),
        plural(blunders, "blunder", "blunders")
    )
}

/// A subcommand's report: a plain struct that knows how to show itself both ways.
pub trait Render {
    /// Write the report for people.
    fn human(&self, out: &mut dyn Write) -> io::Result<()>;
    /// Write the report as one line of JSON.
    fn json(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// Write a report, as JSON when `json` is set.
pub fn emit(out: &mut dyn Write, json: bool, report: &dyn Render) -> io::Result<()> {
    if json {
        report.json(out)
    } else {
        report.human(out)
    }
}

/// Write a report as [`emit`] does, the prose of the report for people wrapped to the width
/// ([`Wrapping`]), as `crib discard`, `crib play` and the others whose prose runs long print it.
pub fn emit_wrapped(out: &mut dyn Write, json: bool, report: &dyn Render) -> io::Result<()> {
    if json {
        return report.json(out);
    }
    let mut wrapping = Wrapping::new(out);
    report.human(&mut wrapping)?;
    wrapping.flush()
}

/// Write one value as a line of compact JSON.
///
/// The line is built in memory and written at once: serde writes many small pieces, and each
/// would otherwise be a call through the `dyn Write`.
pub fn json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut line = Vec::with_capacity(1024);
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut line, Rounded,
    ))?;
    line.push(b'\n');
    out.write_all(&line)
}

/// The places every fractional number in crib's JSON is rounded to.
pub const JSON_PLACES: i32 = 6;

/// JSON as serde_json writes it, but each fractional number rounded to [`JSON_PLACES`]
/// decimal places and written in the fewest digits that read back as that: `0.06652`, never
/// `0.06652000000000002`. Integers are written as integers, as before.
struct Rounded;

impl serde_json::ser::Formatter for Rounded {
    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        let scale = 10f64.powi(JSON_PLACES);
        let rounded = (value * scale).round() / scale;
        // -0.0 is 0.0 to a reader; write it so.
        let rounded = if rounded == 0.0 { 0.0 } else { rounded };
        if rounded.is_finite() && rounded.abs() < 1e15 {
            if rounded.fract() == 0.0 {
                write!(writer, "{rounded:.1}")
            } else {
                write!(writer, "{rounded}")
            }
        } else {
            // Too large to round in place: as serde_json writes it.
            serde_json::ser::CompactFormatter.write_f64(writer, value)
        }
    }

    fn write_f32<W: ?Sized + Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
}

/// A table in crib's house style: rounded light borders (ASCII ones in `--ascii`), no wrapping.
pub fn table(header: &[&str]) -> Table {
    let mut table = Table::new();
    if style().ascii {
        table.load_preset(presets::ASCII_FULL_CONDENSED);
    } else {
        table
            .load_preset(presets::UTF8_FULL_CONDENSED)
            .apply_modifier(comfy_table::modifiers::UTF8_ROUND_CORNERS);
    }
    table
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.iter().copied());
    table
}

/// Whether a table fits [`width`] as it is.
pub fn fits(table: &Table) -> bool {
    table.to_string().lines().all(|l| seen_width(l) <= width())
}

/// Fit a table of numbers to [`width`]: as it is when it fits, else with less space around its
/// cells. A number is never broken across lines: a table that still does not fit keeps its
/// width.
pub fn fit(table: &mut Table) {
    for padding in [(0, 1), (0, 0)] {
        if fits(table) {
            return;
        }
        for column in table.column_iter_mut() {
            column.set_padding(padding);
        }
    }
}

/// Fit a table with a column of words (reasons, entries) to [`width`]: as it is when it fits,
/// else with its cells wrapped between words, then with less space around its cells, then
/// without the columns it can spare (`spare`, their indices, the first dropped first). A word
/// or a number is never broken across lines: each column is at least as wide as its longest,
/// and a table that still does not fit keeps the width that needs.
pub fn fit_words(table: &mut Table, spare: &[usize]) {
    if fits(table) {
        return;
    }
    let longest = longest_words(table);
    table
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width()).unwrap_or(u16::MAX));
    for dropped in 0..=spare.len() {
        for padding in [(1, 1), (0, 1), (0, 0)] {
            for (column, &word) in table.column_iter_mut().zip(&longest) {
                column.set_padding(padding);
                let least = u16::try_from(word).unwrap_or(u16::MAX) + padding.0 + padding.1;
                let constraint = if spare[..dropped].contains(&column.index) {
                    comfy_table::ColumnConstraint::Hidden
                } else {
                    comfy_table::ColumnConstraint::LowerBoundary(comfy_table::Width::Fixed(least))
                };
                column.set_constraint(constraint);
            }
            if fits(table) {
                return;
            }
        }
    }
}

/// The width of the longest word (a run of characters without a space) in each of a table's
/// columns, its header's included.
fn longest_words(table: &mut Table) -> Vec<usize> {
    let mut longest = vec![0; table.column_count()];
    let rows = table.header().into_iter().chain(table.row_iter());
    for row in rows {
        for (i, cell) in row.cell_iter().enumerate() {
            let word = cell
                .content()
                .split_whitespace()
                .map(seen_width)
                .max()
                .unwrap_or(0);
            if let Some(slot) = longest.get_mut(i) {
                *slot = (*slot).max(word);
            }
        }
    }
    longest
}

/// The width crib fits its output to: the terminal's when standard output is one that knows
/// its size, else `COLUMNS` when it is set to a width, else 80.
pub fn width() -> usize {
    // A terminal that does not know its size (a pseudo-terminal never sized) says 0.
    if io::stdout().is_terminal()
        && let Some(width) = Table::new().width().filter(|&w| w > 0)
    {
        return usize::from(width).max(MIN_WIDTH);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
        .map_or(80, |c| c.max(MIN_WIDTH))
}

/// The width of the terminal standard error is on (a progress line there must not wrap):
/// its size when it knows it, else `COLUMNS`, else 80; narrow as it is.
pub fn stderr_width() -> usize {
    if io::stderr().is_terminal()
        && let Some(width) = Table::new().width().filter(|&w| w > 0)
    {
        return usize::from(width);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
        .unwrap_or(80)
}

/// The narrowest width crib fits to: below it, lines run on.
const MIN_WIDTH: usize = 40;

/// A paragraph wrapped to `width` columns between words (a word longer than a line stands
/// alone, never cut), later lines indented by `indent`. Colour codes take no columns.
pub fn wrap_to(text: &str, indent: &str, width: usize) -> String {
    let body = text.trim_start();
    let mut lines = vec![text[..text.len() - body.len()].to_owned()];
    let mut fresh = true;
    // A sign stays with the number it qualifies: `± 0.2` is one word.
    let mut words: Vec<String> = Vec::new();
    let mut glue = false;
    for word in body.split(' ') {
        match words.last_mut() {
            Some(last) if glue => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_owned()),
        }
        glue = word == "±" || word == "+/-";
    }
    for word in &words {
        let word = word.as_str();
        let line = lines.last_mut().expect("one line at least");
        if fresh || seen_width(line) + 1 + seen_width(word) <= width {
            if !fresh {
                line.push(' ');
            }
            line.push_str(word);
        } else {
            lines.push(format!("{indent}{word}"));
        }
        fresh = false;
    }
    lines.join("\n")
}

/// Output for people with every line of prose wrapped to [`width`] between words, its later
/// lines indented as the first. Table rows (box drawing), JSON and lines that fit pass as they
/// are; a line not yet ended when the output is flushed (a question) passes as it is too.
pub struct Wrapping<'a> {
    inner: &'a mut dyn Write,
    line: Vec<u8>,
    width: usize,
}

impl<'a> Wrapping<'a> {
    /// Wrap what is written to `inner`.
    pub fn new(inner: &'a mut dyn Write) -> Wrapping<'a> {
        Wrapping {
            inner,
            line: Vec::new(),
            width: width(),
        }
    }

    fn end_line(&mut self) -> io::Result<()> {
        let text = String::from_utf8_lossy(&self.line);
        let start = text.trim_start();
        let prose = !start.starts_with(['{', '|', '+'])
            && !text.contains(['│', '┆', '╭', '╰', '╞'])
            && seen_width(&text) > self.width;
        if prose {
            let indent = &text[..text.len() - text.trim_start().len()];
            let wrapped = wrap_to(&text, indent, self.width);
            self.inner.write_all(wrapped.as_bytes())?;
        } else {
            self.inner.write_all(&self.line)?;
        }
        self.line.clear();
        self.inner.write_all(b"\n")
    }
}

impl Write for Wrapping<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            self.line.extend_from_slice(&rest[..at]);
            self.end_line()?;
            rest = &rest[at + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.line)?;
        self.line.clear();
        self.inner.flush()
    }
}

/// The columns a line takes on a screen: its characters, colour codes left out.
pub fn seen_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(char::is_ascii_alphabetic);
        } else {
            width += 1;
        }
    }
    width
}

/// Right-align the given columns of a table (numbers).
pub fn align_right(table: &mut Table, columns: &[usize]) {
    for &i in columns {
        if let Some(column) = table.column_mut(i) {
            column.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
}

/// Serialize a card in the ASCII notation (`"5h"`, `"10d"`, `"Js"`).
pub fn card<S: Serializer>(card: &Card, serializer: S) -> Result<S::Ok, S::Error> {
    Ascii(*card).serialize(serializer)
}

/// Serialize a list of cards in the ASCII notation.
pub fn cards<S: Serializer>(cards: &[Card], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cards.iter().map(|c| Ascii(*c)))
}

/// A card that serializes in the ASCII notation.
#[derive(Clone, Copy)]
pub struct Ascii(pub Card);

impl Serialize for Ascii {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // At most "10" and a suit letter: build it on the stack, not through `fmt`.
        let mut buf = [0u8; 3];
        let rank = self.0.rank().ascii().as_bytes();
        buf[..rank.len()].copy_from_slice(rank);
        let mut len = rank.len();
        if let Some(suit) = self.0.suit() {
            buf[len] = suit.ascii() as u8;
            len += 1;
        }
        serializer.serialize_str(std::str::from_utf8(&buf[..len]).unwrap_or_default())
    }
}

/// The games each player still needs to win a match, in JSON: a contract.
#[derive(serde::Serialize)]
pub struct GamesNeeded {
    /// Yours.
    pub you: u32,
    /// The opponent's.
    pub opponent: u32,
}

impl From<[u32; 2]> for GamesNeeded {
    fn from([you, opponent]: [u32; 2]) -> GamesNeeded {
        GamesNeeded { you, opponent }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(value: &serde_json::Value) -> String {
        let mut out = Vec::new();
        json_line(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn prose_is_wrapped_and_tables_are_not() {
        let mut out = Vec::new();
        {
            let mut w = Wrapping::new(&mut out);
            w.width = 20;
            let text = "one two three four five six seven\n  indented words go on and on\n\
                        │ a table row that is wider than twenty │\n{\"json\": \"is not wrapped either\"}\n\
                        short\nasked? ";
            w.write_all(text.as_bytes()).unwrap();
            w.flush().unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "one two three four\nfive six seven\n  indented words go\n  on and on\n\
             │ a table row that is wider than twenty │\n{\"json\": \"is not wrapped either\"}\n\
             short\nasked? "
        );
    }

    #[test]
    fn json_numbers_are_rounded_to_six_places_without_noise() {
        let value = serde_json::json!({
            "noise": 0.06652000000000002,
            "third": 1.0 / 3.0,
            "whole": 2.0,
            "count": 12_994_800u64,
            "tiny": 4e-9,
            "negative": -0.1234567,
            "big": 1e300,
        });
        assert_eq!(
            line(&value),
            "{\"big\":1e+300,\"count\":12994800,\"negative\":-0.123457,\"noise\":0.06652,\
             \"third\":0.333333,\"tiny\":0.0,\"whole\":2.0}\n"
        );
    }
}
