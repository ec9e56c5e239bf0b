//! `crib verify`: a game's log checked against the seed it was dealt from. Every deal must be
//! the deal the seed makes at that point (the cards dealt, the crib's card, the starter), the
//! seed must be the one `crib game` committed to before the first deal (SHA-256 of the seed and
//! the game's settings), and every count must be right (each deal is counted again).

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;
use serde::Serialize;
use serde_json::Value;

use crib::game::DealTable;

use super::Outcome;
use super::log::{Hidden, commitment, game_of, lines_of, read_with, table_of, version_of};
use super::output::{self, Render, cards_text};
use super::request::parse_json;

pub const AFTER_HELP: &str = "\
Give the log of a game (crib game --log FILE, or a file of crib match --log DIR), or - to read \
it from standard input. crib verify deals every deal again from the log's seed and checks that \
the log's cards are the seed's (each hand as dealt, the crib's card, the starter), that the \
seed is the one crib game committed to before the first deal (the SHA-256 of the seed and the \
game's settings it printed), that the log holds the game to its end, and counts every deal \
again. Exit 0 when all holds, 1 when something does not (each problem named with its deal: a \
log cut short, or one with no commitment, is not verified), 2 when the file is not a game's \
log.

Examples:
  crib verify game.jsonl                   check the deals against the seed
  crib verify --json game.jsonl            the verdict as JSON";

/// Arguments of `crib verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The log of a game, one deal a line, or '-' to read it from standard input.
    #[arg(value_name = "LOG")]
    log: String,
}

/// What `crib verify` found.
#[derive(Serialize)]
struct Report {
    /// The log, as named.
    log: String,
    /// Whether every check held.
    verified: bool,
    /// The deals in the log.
    deals: usize,
    /// The seed the log gives.
    seed: Option<u64>,
    /// The commitment the log carries (none in a log written before commitments).
    commitment: Option<String>,
    /// Whether the commitment is SHA-256 of the seed and the settings.
    committed: Option<bool>,
    /// Whether the log holds the game to its end (a player reached the target, in each game
    /// of a match): a log cut short could hide the deals that went against its player.
    finished: bool,
    /// Each thing that did not hold, naming its deal.
    problems: Vec<String>,
}

/// Run `crib verify`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let lines = lines_of(Path::new(&args.log))?;
    let first = lines
        .iter()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| anyhow::anyhow!("{}: no deal to verify", args.log))?;
    let value =
        parse_json(&first.1).map_err(|e| anyhow::anyhow!("{}: line {}: {e}", args.log, first.0))?;
    if value.get("log").is_none() {
        anyhow::bail!(
            "{}: line {}: not a line of a game's log (no \"log\"): crib verify checks the log of \
             crib game or crib match",
            args.log,
            first.0
        );
    }
    // A log of a format this crib cannot read is refused, not checked.
    for (number, line) in lines.iter().filter(|(_, l)| !l.trim().is_empty()) {
        if let Some(log) = parse_json(line).ok().as_ref().and_then(|v| v.get("log")) {
            version_of(log).with_context(|| format!("{}: line {number}", args.log))?;
        }
    }
    let report = verify(&args.log, &lines);
    output::emit(out, json, &report)?;
    Ok(if report.verified {
        Outcome::Success
    } else {
        Outcome::Disagreement
    })
}

/// The commitment every line of the log carries, or what is wrong with them.
fn carried(lines: &[(u64, String)]) -> Result<Option<String>, String> {
    let mut found: Option<Option<String>> = None;
    for (number, line) in lines.iter().filter(|(_, l)| !l.trim().is_empty()) {
        let value = parse_json(line).map_err(|e| format!("line {number}: {e}"))?;
        let this = value
            .get("log")
            .and_then(|l| l.get("commitment"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        match &found {
            Some(first) if *first != this => {
                return Err(format!(
                    "deal on line {number}: its commitment differs from the first line's"
                ));
            }
            _ => found = Some(this),
        }
    }
    Ok(found.flatten())
}

fn verify(name: &str, lines: &[(u64, String)]) -> Report {
    let mut report = Report {
        log: name.to_owned(),
        verified: false,
        deals: 0,
        seed: None,
        commitment: None,
        committed: None,
        finished: false,
        problems: Vec::new(),
    };
    match carried(lines) {
        Ok(commitment) => report.commitment = commitment,
        Err(problem) => report.problems.push(problem),
    }
    // Each line against the log's seed on its own, so that a changed card is named in its
    // deal. (A hidden seed is written once the game is over, so not every line gives it.)
    let seed = lines.iter().find_map(|(_, l)| {
        let value = parse_json(l).ok()?;
        value.get("log")?.get("seed")?.as_u64()
    });
    for (number, line) in lines.iter().filter(|(_, l)| !l.trim().is_empty()) {
        let Some(seed) = seed else { break };
        match dealt_by_seed(line, seed) {
            Ok(problems) => report.problems.extend(problems),
            Err(err) => report.problems.push(format!("line {number}: {err:#}")),
        }
    }
    // Then the whole log, each deal counted again and carried on from the one before; a
    // hidden seed is not looked for (it would be printed).
    match read_with(lines, Hidden::Refuse) {
        Ok((settings, after, deals)) => {
            report.seed = Some(settings.seed);
            report.deals = deals.len();
            report.finished = after.champion().is_some();
            if !report.finished {
                let problem = if settings.games > 1 {
                    format!(
                        "the log stops before the match's end: after deal {}, no player has won \
                         {} games",
                        deals.len(),
                        settings.games
                    )
                } else {
                    format!(
                        "the log stops before the game's end: after deal {}, no player has \
                         reached {} (the most is {})",
                        deals.len(),
                        settings.game.target,
                        after.board_scores().iter().max().copied().unwrap_or(0)
                    )
                };
                report.problems.push(problem);
            }
            if report.commitment.is_none() {
                report.problems.push(
                    "the log has no commitment to check: nothing shows that the seed was chosen \
                     before the first deal"
                        .to_owned(),
                );
            }
            if let Some(carried) = &report.commitment {
                let holds = *carried == commitment(&settings);
                report.committed = Some(holds);
                if !holds {
                    report.problems.push(format!(
                        "the commitment {carried} is not SHA-256 of the seed {} and the game's \
                         settings",
                        settings.seed
                    ));
                }
            }
        }
        Err(err) => {
            // A line that cannot be read is named once.
            let problem = format!("{err:#}");
            if !report.problems.contains(&problem) {
                report.problems.push(problem);
            }
        }
    }
    report.verified = report.problems.is_empty();
    report
}

/// What differs between a logged deal's cards and the deal its seed makes: each hand as
/// dealt, the crib's card, the starter.
fn dealt_by_seed(line: &str, seed: u64) -> anyhow::Result<Vec<String>> {
    let value = parse_json(line).map_err(anyhow::Error::msg)?;
    let game = game_of(&value)?;
    let log = value
        .get("log")
        .context("no \"log\": not a line of a game's log")?;
    let number = log
        .get("deal")
        .and_then(Value::as_u64)
        .context("\"log\" lacks \"deal\"")?;
    let deal = number + 1;
    let table = table_of(&value, game).with_context(|| format!("deal {deal}"))?;
    let fresh = DealTable::shuffle(game, seed, number, vec![0; game.players.sides()]);
    let players = game.players;
    let mut problems = Vec::new();
    for seat in players.seats() {
        let (logged, dealt) = (&table.dealt[seat.index()], &fresh.dealt[seat.index()]);
        if logged != dealt {
            problems.push(format!(
                "deal {deal}: the {}'s cards are {} where seed {seed} deals {}",
                seat.name(players),
                cards_text(logged),
                cards_text(dealt)
            ));
        }
    }
    if table.crib_card != fresh.crib_card {
        problems.push(format!(
            "deal {deal}: the crib's card is not the one seed {seed} deals"
        ));
    }
    if table.starter != fresh.starter {
        problems.push(format!(
            "deal {deal}: the starter is {} where seed {seed} turns {}",
            cards_text(&[table.starter]),
            cards_text(&[fresh.starter])
        ));
    }
    Ok(problems)
}

impl Render for Report {
    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.verified {
            writeln!(
                out,
                "{}: verified: {} deals, each the deal of seed {}; every count is right.",
                self.log,
                self.deals,
                self.seed.unwrap_or_default()
            )?;
            let commitment = self.commitment.as_deref().unwrap_or_default();
            writeln!(
                out,
                "The game is played to its end, and its seed is the one committed \
                 to:\n  SHA-256 {commitment}"
            )
        } else {
            writeln!(out, "{}: not verified.", self.log)?;
            for problem in &self.problems {
                writeln!(out, "  {problem}")?;
            }
            Ok(())
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(out, self)
    }
}
