//! `crib schema [NAME]`: the JSON Schema of each of crib's JSON outputs and of each message of
//! its engine protocol, as committed in `schemas/` (a test validates a seeded sample of real
//! outputs, closed to fields a schema does not name, and every JSON example of the docs
//! against them). docs/json.md says what may change in a minor release and what may not.

use std::io::Write;

use serde_json::json;

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Without NAME, lists the schemas and what each describes. Each is a JSON Schema (draft 2020-12) of \
the JSON that crib writes: fields may be added in a minor release; none is renamed, removed or \
given another type before the next major one (docs/json.md).

Examples:
  crib schema                      the schemas, one a line
  crib schema score > score.json   the schema of crib score --json";

/// A schema: its name, what it describes, and the schema.
pub struct Schema {
    pub name: &'static str,
    pub what: &'static str,
    pub text: &'static str,
}

macro_rules! schemas {
    ($($name:literal: $what:literal,)*) => {
        /// Every schema, in the order of the subcommands.
        pub const SCHEMAS: &[Schema] = &[$(Schema {
            name: $name,
            what: $what,
            text: include_str!(concat!("../../schemas/", $name, ".json")),
        },)*];

        /// The schemas' names, for the argument's values.
        pub const NAMES: &[&str] = &[$($name,)*];
    };
}

schemas! {
    "score": "crib score --json; each line of crib score - --json",
    "peg": "crib peg --json",
    "play": "crib play --json; each answer of crib play -",
    "deal": "crib deal --json; each answer of crib deal -",
    "odds": "crib odds --json, one position",
    "odds-table": "crib odds --table --json",
    "discard": "crib discard --json",
    "discard-table": "crib discard --table --json, a line a table",
    "discard-play-table": "crib discard --play-table --json",
    "check": "crib check --json",
    "stats": "crib stats --json",
    "stats-logs": "crib stats --logs --json",
    "game": "crib game --json, an event a line",
    "train": "crib train --json, an event a line",
    "review": "crib review --json",
    "verify": "crib verify --json",
    "match": "crib match --json (and --round-robin)",
    "match-record": "crib match --records, a game a line (what --from-records reads)",
    "engine-request": "a request crib sends an engine program (crib engine reads them)",
    "engine-answer": "an engine program's answer (crib engine writes them)",
}

/// Arguments of `crib schema`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The schema to print [default: list them].
    #[arg(value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(NAMES))]
    name: Option<String>,
}

/// The list of schemas, for people or as JSON.
struct List;

impl Render for List {
    fn human(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let width = SCHEMAS.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for schema in SCHEMAS {
            writeln!(out, "{:width$}  {}", schema.name, schema.what)?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let list: Vec<_> = SCHEMAS
            .iter()
            .map(|s| json!({"name": s.name, "describes": s.what}))
            .collect();
        output::json_line(out, &json!({ "schemas": list }))
    }
}

/// Run `crib schema`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match &args.name {
        None => output::emit(out, json, &List)?,
        Some(name) => {
            let schema = SCHEMAS
                .iter()
                .find(|s| s.name == name)
                .expect("clap takes only the schemas' names");
            out.write_all(schema.text.as_bytes())?;
        }
    }
    Ok(Outcome::Success)
}
