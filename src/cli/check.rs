//! `crib check`: verify the rulebooks' printed tables and claims, or a table of the user's own.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;

use crib::HandKind;
use crib::cards::thousands;
use crib::cards::{Notation, written};
use crib::rulebooks::{Entry, Example, Value, check_row, check_rulebooks};

use super::Outcome;
use super::lines::{Chunk, Lines, MAX_LINE, is_skipped};
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
With no FILE, checks everything compiled in from the rulebooks: the 48 rows of the Drueke
CRIBBAGE SCORING TABLE, the point tables of the Family Games America sheet (each shown by an
example), and the Jumbo Cribbage sheet's claims (each by an exhaustive sweep).

A FILE has one row per line: five cards separated by spaces or '..', a dash (—, – or -) and the
printed points. Either the rulebook's notation (1 is an ace, N the jack of the starter's suit, a
trailing s marks the starter, suits otherwise mixed: '5 .. N .. 5 .. 5 .. 5s — 29') or crib's
('5h 5c 5s Jd 5d — 29'); the last card is the starter unless one is marked. Blank lines and
lines starting with # are skipped.

Every row that cannot be read is reported on stderr with its line, and the others are still
checked. Exit code 0 when every entry agrees, 1 when any disagrees, 2 when a row cannot be read
or there are no rows at all.

Examples:
  crib check                       every rulebook table and claim crib knows
  crib check my-table.txt          a table of your own
  crib check --crib cribs.txt      rows scored as cribs
  crib check - < my-table.txt      from standard input";

/// Arguments of `crib check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A table of your own to check ('-' reads standard input).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// Read the rows of FILE as cribs (a flush needs all five cards).
    #[arg(long, requires = "file")]
    crib: bool,
}

/// Run `crib check`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let report = match &args.file {
        None => Report {
            entries: check_rulebooks(),
            bad_rows: Vec::new(),
            file: None,
        },
        Some(path) => {
            let kind = crate::cli::usage::hand_kind(args.crib);
            let (name, checked) = if path.as_os_str() == "-" {
                if io::stdin().is_terminal() {
                    let _ = writeln!(
                        io::stderr().lock(),
                        "{}",
                        output::plain(
                            "crib check: reading table rows from the terminal, one per line: \
                             five cards, a dash, the points (5h 5c 5s Jd 5d — 29). End with \
                             Ctrl-D; see 'crib check --help'."
                        )
                    );
                }
                let checked = check_lines(io::stdin(), "stdin", kind)
                    .context("could not read standard input")?;
                ("stdin".to_owned(), checked)
            } else {
                let name = path.to_string_lossy();
                let quoted = crib::cards::quoted(&name);
                let file = File::open(path).with_context(|| format!("could not read {quoted}"))?;
                // The file's name as each entry's source: on one line, whatever it holds.
                let source = name.escape_debug().to_string();
                let checked = check_lines(file, &source, kind)
                    .with_context(|| format!("could not read {quoted}"))?;
                (source, checked)
            };
            if checked.entries.is_empty() && checked.bad_rows.is_empty() {
                anyhow::bail!(
                    "no table rows were found in {}: a row is five cards, a dash and the printed \
                     points, e.g. '5h 5c 5s Jd 5d — 29' (blank lines and # comments are skipped)",
                    match path.as_os_str() == "-" {
                        true => "standard input".to_owned(),
                        false => crib::cards::quoted(&path.to_string_lossy()),
                    }
                );
            }
            Report {
                entries: checked.entries,
                bad_rows: checked.bad_rows,
                file: Some((name, checked.lines)),
            }
        }
    };
    // With every row unreadable there is no table to print for people: stderr said it all.
    if json || !report.entries.is_empty() {
        output::emit(out, json, &report)?;
    }
    Ok(if !report.bad_rows.is_empty() {
        Outcome::BadInput
    } else if report.all_agree() {
        Outcome::Success
    } else {
        Outcome::Disagreement
    })
}

/// A row that could not be read.
#[derive(Debug, Serialize)]
struct BadRow {
    /// Where it is: the file and line.
    source: String,
    /// Its line, from 1.
    line: u64,
    /// What is wrong with it.
    error: String,
}

/// The rows of a table of the user's own, checked.
struct Checked {
    entries: Vec<Entry>,
    /// The line of each entry, from 1.
    lines: Vec<u64>,
    bad_rows: Vec<BadRow>,
}

/// Check every row of a table, a line at a time in bounded memory. Each row that cannot be
/// read is reported on stderr with its line; the rest are checked.
fn check_lines(input: impl Read, source: &str, kind: HandKind) -> io::Result<Checked> {
    let mut lines = Lines::new(input, MAX_LINE, 1 << 16);
    let mut chunk = Chunk::default();
    let mut checked = Checked {
        entries: Vec::new(),
        lines: Vec::new(),
        bad_rows: Vec::new(),
    };
    while lines.fill(&mut chunk, 1024)? {
        for line in &chunk.lines {
            let place = format!("{source}, line {}", line.number);
            let result = match line.too_long {
                Some(bytes) => Err(anyhow::anyhow!(
                    "too long: {} bytes (a table row is at most {} bytes)",
                    thousands(bytes),
                    thousands(MAX_LINE as u64)
                )),
                None => {
                    let text = String::from_utf8_lossy(chunk.text(line));
                    let text = text.trim();
                    if is_skipped(text) {
                        continue;
                    }
                    check_row(text, &place, kind).map_err(anyhow::Error::new)
                }
            };
            match result {
                Ok(entry) => {
                    checked.entries.push(entry);
                    checked.lines.push(line.number);
                }
                Err(err) => {
                    checked.bad_rows.push(BadRow {
                        source: place.clone(),
                        line: line.number,
                        error: super::describe(&err),
                    });
                    super::report_error(&err.context(place));
                }
            }
        }
    }
    Ok(checked)
}

struct Report {
    entries: Vec<Entry>,
    bad_rows: Vec<BadRow>,
    /// For a table of the user's own: its name and the line of each entry.
    file: Option<(String, Vec<u64>)>,
}

/// The width to wrap to: crib's output width.
fn line_width() -> usize {
    output::width()
}

/// The entries in order of their sources' first appearance, a group per source.
fn by_source(entries: &[Entry]) -> Vec<(&str, Vec<&Entry>)> {
    let mut groups: Vec<(&str, Vec<&Entry>)> = Vec::new();
    for entry in entries {
        match groups
            .iter_mut()
            .find(|(source, _)| *source == entry.source)
        {
            Some((_, group)) => group.push(entry),
            None => groups.push((&entry.source, vec![entry])),
        }
    }
    groups
}

/// Entries that print points: a row each (after its line, for a table of the user's own),
/// wrapped to the width.
fn points_table(entries: &[&Entry], lines: Option<&[u64]>) -> comfy_table::Table {
    let header = ["line", "entry", "printed", "crib", "verdict"];
    let skip = usize::from(lines.is_none());
    let mut table = output::table(&header[skip..]);
    table
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_width(u16::try_from(line_width()).unwrap_or(u16::MAX));
    for (i, entry) in entries.iter().enumerate() {
        let line = lines.map_or(String::new(), |lines| lines[i].to_string());
        let cells = [
            line,
            entry_text(entry, output::notation()),
            entry.printed.to_string(),
            entry.computed.to_string(),
            verdict(entry).to_owned(),
        ];
        table.add_row(
            cells[skip..]
                .iter()
                .map(|cell| output::plain(cell).into_owned()),
        );
    }
    let right: &[usize] = if lines.is_some() { &[0, 2, 3] } else { &[1, 2] };
    output::align_right(&mut table, right);
    table
}

/// A claim in words: what the sheet says, what it claims, what crib finds, and the verdict.
fn write_claim(entry: &Entry, out: &mut dyn Write) -> io::Result<()> {
    let width = line_width();
    let said = entry_text(entry, output::notation());
    let found = format!("{} ({})", entry.computed, verdict(entry));
    writeln!(out, "{}", wrap(&format!("  \"{said}\""), "   ", width))?;
    let printed = entry.printed.to_string();
    writeln!(
        out,
        "{}",
        wrap(&format!("    claims: {printed}"), "            ", width)
    )?;
    writeln!(
        out,
        "{}",
        wrap(&format!("    crib:   {found}"), "            ", width)
    )
}

/// `text` broken between words into lines of at most `width` characters, each line after
/// the first starting with `indent`. A word longer than a line stands alone.
fn wrap(text: &str, indent: &str, width: usize) -> String {
    output::wrap_to(&output::plain(text), indent, width)
}

fn verdict(entry: &Entry) -> &'static str {
    if entry.agrees { "agrees" } else { "DISAGREES" }
}

/// An entry as printed, with the example crib scored to check it: `Pair: 2 points (play 5 5)`,
/// its cards written in `notation`.
fn entry_text(entry: &Entry, notation: Notation) -> String {
    match &entry.example {
        None => entry.entry.clone(),
        Some(Example::Play(play)) => format!("{} (play {play})", entry.entry),
        Some(Example::Heels(card)) => format!(
            "{} (his heels; starter {})",
            entry.entry,
            card.show(notation)
        ),
        Some(Example::Show { crib, cards }) => format!(
            "{} ({} {})",
            entry.entry,
            if *crib { "crib" } else { "hand" },
            written(cards, notation)
        ),
    }
}

impl Report {
    /// Whether every row was read and every entry agrees.
    fn all_agree(&self) -> bool {
        self.bad_rows.is_empty() && self.entries.iter().all(|e| e.agrees)
    }
}

/// `crib check --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// Every entry checked, in order.
    entries: Vec<JsonEntry<'a>>,
    /// Every row of a table of the user's own that could not be read, in order.
    errors: &'a [BadRow],
    /// Whether every row was read and every entry agrees.
    all_agree: bool,
}

/// One entry.
#[derive(Serialize)]
struct JsonEntry<'a> {
    /// Where it is printed (rulebook and section, or file and line).
    source: &'a str,
    /// The entry as printed, with the example scored to check it.
    entry: String,
    /// What is printed: a number for table rows, text for claims.
    printed: JsonValue<'a>,
    /// What crib computes: a number for table rows, text for claims.
    computed: JsonValue<'a>,
    /// Whether they agree.
    agrees: bool,
}

/// A number or a text.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonValue<'a> {
    Points(u32),
    Text(&'a str),
}

impl<'a> From<&'a Value> for JsonValue<'a> {
    fn from(value: &'a Value) -> JsonValue<'a> {
        match value {
            Value::Points(n) => JsonValue::Points(*n),
            Value::Text(text) => JsonValue::Text(text),
        }
    }
}

impl Report {
    /// The entries: a user's table under its name, the rulebooks' under each source.
    fn write_entries(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some((name, lines)) = &self.file {
            let entries: Vec<&Entry> = self.entries.iter().collect();
            writeln!(out, "{}", output::bold(output::plain(name)))?;
            return writeln!(out, "{}", points_table(&entries, Some(lines)));
        }
        for (i, (source, group)) in by_source(&self.entries).into_iter().enumerate() {
            let (points, claims): (Vec<&Entry>, Vec<&Entry>) = group
                .into_iter()
                .partition(|e| matches!(e.printed, Value::Points(_)));
            let gap = if i == 0 { "" } else { "\n" };
            writeln!(out, "{gap}{}", output::bold(output::plain(source)))?;
            if !points.is_empty() {
                writeln!(out, "{}", points_table(&points, None))?;
            }
            for claim in claims {
                write_claim(claim, out)?;
            }
        }
        Ok(())
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = Json {
            errors: &self.bad_rows,
            entries: self
                .entries
                .iter()
                .map(|e| JsonEntry {
                    source: &e.source,
                    entry: entry_text(e, Notation::Ascii),
                    printed: (&e.printed).into(),
                    computed: (&e.computed).into(),
                    agrees: e.agrees,
                })
                .collect(),
            all_agree: self.all_agree(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_entries(out)?;
        let disagree: Vec<&Entry> = self.entries.iter().filter(|e| !e.agrees).collect();
        let total = self.entries.len() as u64;
        if !self.bad_rows.is_empty() {
            writeln!(
                out,
                "\n{} could not be read (see above).",
                output::plural(self.bad_rows.len() as u64, "row", "rows")
            )?;
        }
        if disagree.is_empty() {
            let all = match total {
                1 => "The 1 entry agrees.".to_owned(),
                n => format!("All {} entries agree.", thousands(n)),
            };
            writeln!(out, "\n{}", output::bold(all))
        } else {
            writeln!(
                out,
                "\n{} of {} {}:",
                thousands(disagree.len() as u64),
                output::plural(total, "entry", "entries"),
                if disagree.len() == 1 {
                    "disagrees"
                } else {
                    "disagree"
                }
            )?;
            for entry in disagree {
                let line = format!(
                    "  {}: {} (printed {}, crib computes {})",
                    entry.source,
                    entry_text(entry, output::notation()),
                    entry.printed,
                    entry.computed
                );
                writeln!(out, "{}", wrap(&line, "    ", line_width()))?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_breaks_between_words_and_keeps_the_indent() {
        assert_eq!(wrap("  one two three", "   ", 9), "  one two\n   three");
        assert_eq!(wrap("    crib:   a b", "  ", 80), "    crib:   a b");
        // A word longer than a line stands alone, never cut.
        assert_eq!(wrap("a abcdefghij b", " ", 5), "a\n abcdefghij\n b");
        assert_eq!(wrap("", " ", 5), "");
    }
}
