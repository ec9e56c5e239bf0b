//! `crib engine`: one of crib's levels speaking crib's engine protocol on standard input and
//! output, for any arena (`crib match`, or another program's) to play.

pub mod program;
pub mod protocol;

use std::io::{self, Write};

use serde_json::{Value, json};

use crib::Models;
use crib::game::{Level, Parts};

use super::Outcome;
use super::output;
use super::serve::{Answer, Lined, serve_json_lines};
use protocol::{Asked, PROTOCOL, read_request};

pub const AFTER_HELP: &str = "\
Speak crib's engine protocol (version 1, docs/engine.md) as one of crib's levels: read one \
request a line on standard input, answer each with one line of JSON, flushed at once. The \
referee opens with {\"ask\": \"hello\", \"protocol\": 1} and crib answers with its name, version \
and what it plays; then each request is a decision, carrying the whole public state (the \
players, your seat, the game, the scores, your cards, and in the play the throw, the starter \
and the play so far), and crib answers {\"throw\": [\"2c\", \"9h\"]} or {\"card\": \"5h\"}. A \
request that cannot be answered gets {\"line\": N, \"error\": \"...\"} and crib reads on.

Examples:
  crib engine --level greedy                         a beginner to beat
  crib match crib:expert X --engine X='crib engine'  crib against itself
  crib engine --level strongest --without board      for points, not the game";

/// Arguments of `crib engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The level that answers.
    #[arg(long, default_value = "expert", value_parser = super::usage::level(), value_name = "LEVEL")]
    level: Level,

    /// With --level strongest: play without this part, to measure what it adds (board: play
    /// for points, never for the game; reading: weigh the other player's hands by what players
    /// keep, not by how they have played, with two players (strongest reads no play of three or
    /// four, so there it changes nothing); discard: throw by the
    /// plain heuristic, the hand over the starters plus or minus a crib of random cards, the
    /// play left out; answer: answer the lead as dealer with two players by the engine's
    /// search, not by rollouts). Repeat for more than one.
    #[arg(long, value_enum, value_name = "PART")]
    without: Vec<PartArg>,
}

/// A part of crib's strongest player, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PartArg {
    /// The board: the throw or card that wins more games.
    Board,
    /// The reading of the other player's play.
    Reading,
    /// The discard's crib and play models.
    Discard,
    /// The dealer's answer to the lead by rollouts, with two players.
    Answer,
}

/// The parts of crib's strongest player the arguments leave in.
fn parts(args: &Args) -> anyhow::Result<Parts> {
    if !args.without.is_empty() && args.level != Level::Strongest {
        anyhow::bail!(
            "--without takes the parts of --level strongest, not of {}",
            args.level
        );
    }
    Ok(Parts {
        board: !args.without.contains(&PartArg::Board),
        reading: !args.without.contains(&PartArg::Reading),
        discard: !args.without.contains(&PartArg::Discard),
        answer: !args.without.contains(&PartArg::Answer),
    })
}

/// An answer of the engine.
struct Said(Value);

impl Answer for Said {
    fn write_answer(&self, line: u64, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(
            out,
            &Lined {
                line,
                answer: &self.0,
            },
        )
    }
}

/// The hello of crib's engine at `level`.
pub fn hello(level: Level) -> Value {
    json!({
        "name": "crib",
        "version": env!("CARGO_PKG_VERSION"),
        "level": level.name(),
        "protocol": PROTOCOL,
        "players": [2, 3, 4],
        "games": [61, 121],
    })
}

/// Run `crib engine`.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let level = args.level;
    let parts = parts(args)?;
    let models = Models::committed();
    let hint = format!(
        "crib engine ({level}): reading requests of crib's engine protocol, one a line, e.g. {}. \
         End with Ctrl-D; see 'crib engine --help'.",
        protocol::EXAMPLE
    );
    serve_json_lines(io::stdin(), true, &hint, out, |line| {
        Ok(Said(match read_request(line)? {
            Asked::Hello => hello(level),
            Asked::Throw(seen) => {
                let throw = level.throw_with(models, &seen, parts)?;
                json!({"throw": throw.iter().map(ToString::to_string).collect::<Vec<_>>()})
            }
            Asked::Play(seen) => {
                json!({"card": level.play_with(models, &seen, parts)?.to_string()})
            }
        }))
    })
}
