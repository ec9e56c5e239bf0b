//! `crib check`: verify the rulebooks' printed tables and claims, or a table of the user's own.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;

use crib::HandKind;
use crib::tables::{Entry, Value, check_rulebooks, check_table};

use super::Outcome;
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

Exit code 0 when every entry agrees, 1 when any disagrees, 2 when a row cannot be read.";

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
    let entries = match &args.file {
        None => check_rulebooks(),
        Some(path) => {
            let kind = HandKind::from_crib_flag(args.crib);
            let (text, source) = if path.as_os_str() == "-" {
                let mut text = String::new();
                io::stdin()
                    .read_to_string(&mut text)
                    .context("could not read standard input")?;
                (text, "stdin".to_owned())
            } else {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("could not read '{}'", path.display()))?;
                (text, path.display().to_string())
            };
            check_table(&text, &source, kind)?
        }
    };
    let report = Report(entries);
    output::emit(out, json, &report)?;
    Ok(if report.all_agree() {
        Outcome::Success
    } else {
        Outcome::Disagreement
    })
}

struct Report(Vec<Entry>);

impl Report {
    fn all_agree(&self) -> bool {
        self.0.iter().all(|e| e.agrees)
    }
}

/// `crib check --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// Every entry checked, in order.
    entries: Vec<JsonEntry<'a>>,
    /// Whether every entry agrees.
    all_agree: bool,
}

/// One entry.
#[derive(Serialize)]
struct JsonEntry<'a> {
    /// Where it is printed (rulebook and section, or file and line).
    source: &'a str,
    /// The entry as printed, with the example scored to check it.
    entry: &'a str,
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

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = Json {
            entries: self
                .0
                .iter()
                .map(|e| JsonEntry {
                    source: &e.source,
                    entry: &e.entry,
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
        let mut table = output::table(&["source", "entry", "printed", "crib", "verdict"]);
        table.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
        table.set_width(160);
        for entry in &self.0 {
            table.add_row(vec![
                entry.source.clone(),
                entry.entry.clone(),
                entry.printed.to_string(),
                entry.computed.to_string(),
                if entry.agrees { "agrees" } else { "DISAGREES" }.to_owned(),
            ]);
        }
        writeln!(out, "{table}")?;
        let disagree: Vec<&Entry> = self.0.iter().filter(|e| !e.agrees).collect();
        if disagree.is_empty() {
            writeln!(out, "\nAll {} entries agree.", self.0.len())
        } else {
            writeln!(
                out,
                "\n{} of {} entries disagree:",
                disagree.len(),
                self.0.len()
            )?;
            for entry in disagree {
                writeln!(
                    out,
                    "  {}: {} (printed {}, crib computes {})",
                    entry.source, entry.entry, entry.printed, entry.computed
                )?;
            }
            Ok(())
        }
    }
}
