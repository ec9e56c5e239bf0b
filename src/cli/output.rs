//! The output layer: every report renders either for people (tables) or as JSON, to one writer,
//! and the style of what people read: colour and the character set.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::OnceLock;

use comfy_table::{ContentArrangement, Table, presets};
use serde::{Serialize, Serializer};

use crib::Card;
use crib::rules::card::Notation;

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
        crib::rules::quote::thousands(n),
        if n == 1 { one } else { many }
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

/// Write one value as a line of compact JSON.
///
/// The line is built in memory and written at once: serde writes many small pieces, and each
/// would otherwise be a call through the `dyn Write`.
pub fn json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut line = Vec::with_capacity(1024);
    serde_json::to_writer(&mut line, value)?;
    line.push(b'\n');
    out.write_all(&line)
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

/// Two scores on the board written `A-B`, each 0 to 120, as given to `flag`; `meaning` says
/// what they are and `example` shows the form, for the error.
pub fn score_pair(
    text: &str,
    flag: &str,
    meaning: &str,
    example: &str,
) -> anyhow::Result<[u32; 2]> {
    let scores = score_list(text, 2, flag, meaning, example)?;
    Ok([scores[0], scores[1]])
}

/// `--scores ME-OPP`: yours first, then the opponent's, each 0 to 120.
pub fn your_scores(text: &str) -> anyhow::Result<[u32; 2]> {
    score_pair(
        text,
        "--scores",
        "your score and the opponent's",
        "ME-OPP (for example 115-110)",
    )
}

/// `n` scores written `A-B(-C)`, each 0 to 120; a mistake names `flag`, what the scores are
/// (`meaning`) and an `example`.
pub fn score_list(
    text: &str,
    n: usize,
    flag: &str,
    meaning: &str,
    example: &str,
) -> anyhow::Result<Vec<u32>> {
    let bad = || {
        anyhow::anyhow!(
            "{flag} {}: expected {meaning}, 0 to 120, as {example}",
            crib::rules::quote::quoted(text)
        )
    };
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != n {
        return Err(bad());
    }
    parts
        .iter()
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 120)
                .ok_or_else(bad)
        })
        .collect()
}
