//! The output layer: every report renders either for people (tables) or as JSON, to one writer.

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde::{Serialize, Serializer};

use crib::Card;

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

/// A table in crib's house style: rounded light borders, no wrapping.
pub fn table(header: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_preset(presets::UTF8_FULL_CONDENSED)
        .apply_modifier(comfy_table::modifiers::UTF8_ROUND_CORNERS)
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
