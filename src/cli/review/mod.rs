//! `crib review`: every decision one player made in a logged game (or in deals given in `crib
//! deal`'s JSON) graded against crib's advice, with what each difference cost, labelled and
//! explained; each player's accuracy; and, for a logged game, its result split deal by deal into
//! luck and the players' decisions, with a chart of the chance of winning (`--plot`).

mod chart;
mod render;
mod step;

use std::io::{self, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_json::Value;

use crib::Models;
use crib::Seat;
use crib::coach::{Decision, Label, grade, judge};

use super::Outcome;
use super::log::{game_of, lines_of, read, table_of};
use super::output;
use super::request::parse_json;
use super::talk::{Mode, Talk};
use crib::coach::GameAccount;

pub const AFTER_HELP: &str = "\
Give the log of a game (crib game --log FILE), or - to read it from standard input. Each \
decision of one player is valued as crib values it at that moment: the throw as crib discard \
does (the play counted), each card played where there was a choice as crib play does with \
what that player had seen, and with --muggins logs each count by the points missed. The cost \
of a decision is how many expected points (net of the opponents') crib's choice would have \
made over it: never negative, zero for crib's own.

Each decision that cost something is labelled an inaccuracy, a mistake or a blunder by the \
chance of winning it gave up (1.5%, 4%, 8%; where the board was not weighed, by its points: \
0.75, 2, 4), with the reasons in words. Accuracy is one figure a player a game: 100% for crib's \
choices. For a logged game, the result (won or lost, less the chance at the start) is split \
deal by deal into luck, your decisions and the other players' decisions, which add up to it; \
--plot FILE draws the chance deal by deal as an SVG chart, with the mistakes marked.

In a terminal (or with --step), a game's log is then stepped through deal by deal: the scores \
before the deal, the chance of winning deal by deal with the deal marked, every hand as dealt \
and its throw, the starter and the play, and each of the player's decisions with its verdict, \
where its points were and why. Enter or n the next deal, p the one before, a deal's number, q \
to leave.

Lines in crib deal's JSON that are not from a game's log (each hand as dealt, with its throw) \
are graded too, each a deal of its own, and so is one deal in crib deal's notation after --: \
say whose decisions with --seat.

Examples:
  crib review match.jsonl                  your decisions in a logged game
  crib review match.jsonl --player crib    crib's own (all at zero cost)
  crib review --json match.jsonl           every decision and its cost
  crib review match.jsonl --plot game.svg  the chance of winning, charted
  crib review match.jsonl --step           step through it deal by deal
  crib review --seat 1 -- -p 5h 5c Jd Ks 2h 3s --pone-throw 2h 3s \\
      -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d -s 5s K 6 5 4 5 go 6 J 4";

/// Arguments of `crib review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The log of a game, one deal a line, or '-' to read it from standard input.
    #[arg(value_name = "LOG", required_unless_present = "deal")]
    log: Option<String>,

    /// In a game's log, the player to grade, by name [default: you, the log's player].
    #[arg(long, value_name = "NAME")]
    player: Option<String>,

    /// In deals that are not from a game's log, the seat to grade: 1 leads, the dealer is last.
    #[arg(long, value_name = "N", value_parser = super::usage::number_in(1u8, 4))]
    seat: Option<u8>,

    /// Grade in expected points only, leaving out the chance of winning (about a second for
    /// each two-player throw that differs from crib's).
    #[arg(long)]
    no_board: bool,

    /// Draw the chance of winning deal by deal, with the mistakes marked, as an SVG chart in
    /// FILE (a game's log only).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,

    /// After the summary, step through the deals (a game's log): n or Enter the next, p the
    /// one before, a deal's number, q to leave [default: on a terminal].
    #[arg(long, conflicts_with = "deal")]
    step: bool,

    /// A deal in crib deal's notation, after --: each hand as dealt with its throw (--pone 6
    /// cards --pone-throw 2 cards ...), the starter and the play.
    #[arg(last = true, value_name = "DEAL", conflicts_with = "log")]
    deal: Vec<String>,
}

/// One decision as reviewed.
struct Graded {
    /// The deal, from 1 in the log's order.
    deal: usize,
    /// The game, from 1.
    game: u32,
    decision: Decision,
    /// The chance of winning it cost: its own where the board was weighed, else its points at
    /// what a point was worth then.
    loss: f64,
    label: Option<Label>,
    /// What it got wrong.
    fault: Option<crib::coach::Fault>,
    /// Why it cost what it did, its cards for people and in JSON.
    reasons: [Vec<String>; 2],
    /// The same reasons as JSON data, their words beside them.
    causes: Vec<serde_json::Value>,
}

struct Report {
    player: String,
    decisions: Vec<Graded>,
    deals: usize,
    games: u32,
    /// Graded for a match of two players: the games it takes to win it.
    match_games: Option<u32>,
    /// For a game's log: each game's accuracy by player, and its result deal by deal.
    accounts: Vec<GameAccount>,
    /// The players' names, from you round the table (a game's log), for the accuracy by player.
    names: Vec<String>,
    /// Each deal as the stepper shows it (a game's log; else none).
    views: Vec<step::DealView>,
}

/// Run `crib review`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let log = args.log.as_deref().unwrap_or("-");
    if args.step && log == "-" {
        anyhow::bail!("--step reads its keys from standard input: give the log as a file");
    }
    let mut json = json;
    let report = if !args.deal.is_empty() {
        let (table, asked) = super::deal::typed(&args.deal).context("the deal after --")?;
        // --json after -- is still crib review's.
        json |= asked;
        if args.player.is_some() {
            anyhow::bail!("--player names a player of a game's log; these deals take --seat");
        }
        let seat = seat_of(args)?;
        from_tables(vec![(String::new(), Ok(table))], seat, board(args))
            .context("the deal after --")?
    } else {
        from_lines(args, log)?
    };
    if let Some(path) = &args.plot {
        if report.accounts.is_empty() {
            anyhow::bail!("--plot charts a game's log: these deals are not one game");
        }
        chart::write_svg(path, &report)?;
    }
    if args.step && (json || report.views.is_empty()) {
        anyhow::bail!("--step steps through a game's log, without --json");
    }
    output::emit(out, json, &report)?;
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    if !json && log != "-" && !report.views.is_empty() && (args.step || terminal) {
        let mode = if terminal {
            Mode::Screen
        } else {
            Mode::Transcript
        };
        let mut talk = Talk::new(out, Box::new(BufReader::new(io::stdin())), mode);
        step::step(&report, &report.views, &mut talk)?;
    }
    Ok(Outcome::Success)
}

/// The review of a log, or of deals in `crib deal`'s JSON, a line each.
fn from_lines(args: &Args, log: &str) -> anyhow::Result<Report> {
    let lines = lines_of(Path::new(log))?;
    // Every message about a line names where the line is.
    let source = if log == "-" {
        "the log on standard input".to_owned()
    } else {
        format!("the log {log}")
    };
    let first: Value = match lines.iter().find(|(_, l)| !l.trim().is_empty()) {
        Some((number, line)) => {
            parse_json(line).map_err(|err| anyhow::anyhow!("{source}: line {number}: {err}"))?
        }
        None => anyhow::bail!("{log}: no deal to review"),
    };
    if first.get("log").is_some() {
        if args.seat.is_some() {
            anyhow::bail!(
                "--seat: in a game's log the players change seats each deal; name one with \
                 --player"
            );
        }
        return from_log(log, &lines, args.player.as_deref(), board(args));
    }
    if args.player.is_some() {
        anyhow::bail!("--player names a player of a game's log; these deals take --seat");
    }
    let seat = seat_of(args)?;
    let tables = lines
        .iter()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(number, line)| {
            let table = parse_json(line)
                .map_err(anyhow::Error::msg)
                .and_then(|value| table_of(&value, game_of(&value)?));
            (format!("line {number}"), table)
        })
        .collect();
    from_tables(tables, seat, board(args)).with_context(|| source.clone())
}

/// The seat whose decisions to grade in deals that are not a game's log.
fn seat_of(args: &Args) -> anyhow::Result<Seat> {
    let Some(seat) = args.seat else {
        anyhow::bail!("say whose decisions to grade: --seat N (1 leads, the dealer is last)");
    };
    Ok(Seat::new(usize::from(seat) - 1))
}

/// Whether to grade for the board: unless --no-board.
fn board(args: &Args) -> bool {
    !args.no_board
}

fn from_log(
    name: &str,
    lines: &[(u64, String)],
    player: Option<&str>,
    board: bool,
) -> anyhow::Result<Report> {
    let (settings, after, deals) = read(lines).with_context(|| {
        if name == "-" {
            "the log on standard input".to_owned()
        } else {
            format!("the log {name}")
        }
    })?;
    let who = match player {
        None => 0,
        Some(name) => settings
            .names
            .iter()
            .position(|n| n == name)
            .with_context(|| {
                format!(
                    "--player {name}: the players are {}",
                    settings.names.join(", ")
                )
            })?,
    };
    let graded = crate::cli::grades::account::grade_all(&deals, board)?;
    let mut decisions = Vec::new();
    for (i, (logged, by_seat)) in deals.iter().zip(&graded).enumerate() {
        let seat = logged.before.seat_of(who);
        for decision in by_seat[seat.index()].iter().cloned() {
            decisions.push(reviewed(
                &logged.table,
                seat,
                decision,
                i + 1,
                logged.before.games_played + 1,
            )?);
        }
    }
    let games = deals.last().map_or(0, |d| d.before.games_played + 1);
    let two = settings.game.players.count() == 2;
    Ok(Report {
        player: settings.names[who].clone(),
        decisions,
        deals: deals.len(),
        games,
        match_games: (board && two && settings.games > 1).then_some(settings.games),
        accounts: crate::cli::grades::account::accounts(&deals, &graded, &after, who)?,
        names: settings.names.clone(),
        views: step::views(&settings, &deals, who),
    })
}

/// A decision of `seat`'s at `table` as reviewed: what it cost in the chance of winning, its
/// label, its fault and its reasons in words (for people, and for JSON).
fn reviewed(
    table: &crib::game::DealTable,
    seat: Seat,
    decision: Decision,
    deal: usize,
    game: u32,
) -> anyhow::Result<Graded> {
    let judged = judge(table, seat, &decision)?;
    Ok(Graded {
        deal,
        game,
        loss: judged.loss,
        label: judged.label,
        fault: judged.fault,
        decision,
        reasons: super::words::both(&judged.reasons),
        causes: super::words::causes_json(&judged.reasons),
    })
}

/// The review of deals that are not one game's log, `seat`'s decisions in each: each deal's
/// table, or what is wrong with it, named by where it is (empty: the only one).
fn from_tables(
    tables: Vec<(String, anyhow::Result<crib::game::DealTable>)>,
    seat: Seat,
    board: bool,
) -> anyhow::Result<Report> {
    let models = Models::committed();
    let mut decisions = Vec::new();
    let mut deals = 0;
    for (place, table) in tables {
        let grade_table = || -> anyhow::Result<Vec<Graded>> {
            let table = table?;
            let players = table.game.players;
            if seat.index() >= players.count() {
                anyhow::bail!(
                    "--seat {}: {players} players sit in seats 1 to {players}",
                    seat.index() + 1
                );
            }
            grade(models, &table, seat, &[], board)?
                .into_iter()
                .map(|d| reviewed(&table, seat, d, deals + 1, 1))
                .collect::<anyhow::Result<_>>()
        };
        let graded = match place.is_empty() {
            true => grade_table()?,
            false => grade_table().with_context(|| place.clone())?,
        };
        decisions.extend(graded);
        deals += 1;
    }
    Ok(Report {
        player: format!("seat {}", seat.index() + 1),
        decisions,
        deals,
        games: 1,
        match_games: None,
        accounts: Vec::new(),
        names: Vec::new(),
        views: Vec::new(),
    })
}
