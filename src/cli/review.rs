//! `crib review`: every decision one player made in a logged game (or in deals given in `crib
//! deal`'s JSON) graded against crib's advice, with what each difference cost.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;
use serde::Serialize;
use serde_json::{Value, json};

use crib::Models;
use crib::Seat;
use crib::game::{Choice, Decision, Worth, grade};

use super::Outcome;
use super::log::{game_of, lines_of, read, table_of};
use super::output::{self, Render, cards_text};
use super::request::parse_json;

pub const AFTER_HELP: &str = "\
Give the log of a game (crib game --log FILE), or - to read it from standard input. Each \
decision of one player is valued as crib values it at that moment: the throw as crib discard \
does (the play counted), each card played where there was a choice as crib play does with \
what that player had seen, and with --muggins logs each count by the points missed. The cost \
of a decision is how many expected points (net of the opponents') crib's choice would have \
made over it: never negative, zero for crib's own.

Lines in crib deal's JSON that are not from a game's log (each hand as dealt, with its throw) \
are graded too, each a deal of its own, and so is one deal in crib deal's notation after --: \
say whose decisions with --seat.

Examples:
  crib review match.jsonl                  your decisions in a logged game
  crib review match.jsonl --player crib    crib's own (all at zero cost)
  crib review --json match.jsonl           every decision and its cost
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
}

struct Report {
    player: String,
    decisions: Vec<Graded>,
    deals: usize,
    games: u32,
    /// Graded for a match of two players: the games it takes to win it.
    match_games: Option<u32>,
}

/// Run `crib review`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let log = args.log.as_deref().unwrap_or("-");
    let mut json = json;
    let lines = if !args.deal.is_empty() {
        let (request, asked) = super::deal_request(&args.deal)?;
        // --json after -- is still crib review's.
        json |= asked;
        vec![(1, request.to_string())]
    } else {
        lines_of(Path::new(log))?
    };
    // Every message about a line names where the line is.
    let source = if !args.deal.is_empty() {
        "the deal after --".to_owned()
    } else if log == "-" {
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
    let report = if first.get("log").is_some() {
        if args.seat.is_some() {
            anyhow::bail!(
                "--seat: in a game's log the players change seats each deal; name one with \
                 --player"
            );
        }
        from_log(log, &lines, args.player.as_deref(), board(args))?
    } else {
        if args.player.is_some() {
            anyhow::bail!("--player names a player of a game's log; these deals take --seat");
        }
        let Some(seat) = args.seat else {
            anyhow::bail!("say whose decisions to grade: --seat N (1 leads, the dealer is last)");
        };
        from_deals(&lines, Seat::new(usize::from(seat) - 1), board(args))
            .with_context(|| source.clone())?
    };
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
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
    let (settings, _, deals) = read(lines).with_context(|| {
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
    let models = Models::committed();
    let mut decisions = Vec::new();
    for (i, logged) in deals.iter().enumerate() {
        let seat = logged.before.seat_of(who);
        for decision in grade(models, &logged.table, seat, &logged.claims, board)? {
            decisions.push(Graded {
                deal: i + 1,
                game: logged.before.games_played + 1,
                decision,
            });
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
    })
}

fn from_deals(lines: &[(u64, String)], seat: Seat, board: bool) -> anyhow::Result<Report> {
    let models = Models::committed();
    let mut decisions = Vec::new();
    let mut deals = 0;
    for (number, line) in lines.iter().filter(|(_, l)| !l.trim().is_empty()) {
        let grade_line = || -> anyhow::Result<Vec<Decision>> {
            let value = parse_json(line).map_err(anyhow::Error::msg)?;
            let game = game_of(&value)?;
            let players = game.players;
            if !players.has(seat) {
                anyhow::bail!(
                    "--seat {}: {players} players sit in seats 1 to {players}",
                    seat.index() + 1
                );
            }
            let table = table_of(&value, game)?;
            Ok(grade(models, &table, seat, &[], board)?)
        };
        deals += 1;
        for decision in grade_line().with_context(|| format!("line {number}"))? {
            decisions.push(Graded {
                deal: deals,
                game: 1,
                decision,
            });
        }
    }
    Ok(Report {
        player: format!("seat {}", seat.index() + 1),
        decisions,
        deals,
        games: 1,
        match_games: None,
    })
}

fn choice_json(choice: &Choice) -> Value {
    match choice {
        Choice::Throw(cards) => json!(cards.iter().map(ToString::to_string).collect::<Vec<_>>()),
        Choice::Card(card) => json!(card.to_string()),
        Choice::Count(points) => json!(points),
    }
}

fn choice_text(choice: &Choice) -> String {
    match choice {
        Choice::Throw(cards) => cards_text(cards),
        Choice::Card(card) => cards_text(&[*card]),
        Choice::Count(points) => points.to_string(),
    }
}

fn kind(decision: &Decision) -> &'static str {
    match decision.chosen {
        Choice::Throw(_) => "discard",
        Choice::Card(_) => "play",
        Choice::Count(_) => "count",
    }
}

/// `crib review --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// The player graded.
    player: String,
    /// Every decision, in order.
    decisions: Vec<Value>,
    /// The totals.
    summary: Value,
}

impl Report {
    fn total(&self) -> f64 {
        self.decisions.iter().map(|g| g.decision.cost).sum()
    }

    /// The chance of winning given up, summed over the decisions graded for the board (none
    /// when none was).
    fn total_p_win(&self) -> Option<f64> {
        let costs: Vec<f64> = self
            .decisions
            .iter()
            .filter_map(|g| g.decision.cost_p_win)
            .collect();
        (!costs.is_empty()).then(|| costs.iter().sum())
    }

    /// Whether a decision is worth a row: it cost points, or 0.1% of the game.
    fn costly(g: &Graded) -> bool {
        !g.decision.matched() || g.decision.cost_p_win.is_some_and(|c| c.abs() >= 0.001)
    }

    fn matched(&self) -> usize {
        self.decisions
            .iter()
            .filter(|g| g.decision.matched())
            .count()
    }

    /// The three costliest decisions, costliest first (the earliest on a tie).
    fn costliest(&self) -> Vec<&Graded> {
        let mut sorted: Vec<&Graded> = self
            .decisions
            .iter()
            .filter(|g| !g.decision.matched())
            .collect();
        sorted.sort_by(|a, b| b.decision.cost.total_cmp(&a.decision.cost));
        sorted.truncate(3);
        sorted
    }

    fn decision_json(graded: &Graded) -> Value {
        let d = &graded.decision;
        let worth = d
            .worth
            .map(|[chosen, best]| json!({"chosen": worth_json(chosen), "best": worth_json(best)}));
        json!({"deal": graded.deal, "game": graded.game, "kind": kind(d),
               "chosen": choice_json(&d.chosen), "best": choice_json(&d.best),
               "cost": d.cost, "cost_p_win": d.cost_p_win, "count": d.count, "worth": worth})
    }

    fn per(&self, n: usize) -> f64 {
        if n == 0 { 0.0 } else { self.total() / n as f64 }
    }
}

/// What a decision was, for its row: `discard`, `lead`, `play on a count of 14`, `count`.
fn what(d: &Decision) -> String {
    match d.count {
        Some(0) => "lead".to_owned(),
        Some(count) => format!("play on a count of {count}"),
        None => kind(d).to_owned(),
    }
}

/// Where a choice's points come from, as `crib discard` (hand, crib, play) and `crib play`
/// (now, mine, theirs) show them.
fn worth_text(worth: &Worth) -> String {
    match *worth {
        Worth::Throw { hand, crib, play } => {
            let play = play.map_or(String::new(), |p| format!(", play {p:+.2}"));
            format!(
                "hand {hand:.2}, crib {crib:+.2}{play}: net {:.2}",
                worth.net()
            )
        }
        Worth::Card { now, mine, theirs } => {
            format!(
                "now {now}, mine {mine:.2}, theirs {theirs:.2}: net {:+.2}",
                worth.net()
            )
        }
    }
}

fn worth_json(worth: Worth) -> Value {
    match worth {
        Worth::Throw { hand, crib, play } => {
            json!({"hand": hand, "crib": crib, "play": play, "net": worth.net()})
        }
        Worth::Card { now, mine, theirs } => {
            json!({"now": now, "mine": mine, "theirs": theirs, "net": worth.net()})
        }
    }
}

/// One of the costliest decisions: what was chosen and what crib advises, each with where its
/// points come from.
fn costliest(g: &Graded, out: &mut dyn Write) -> io::Result<()> {
    let d = &g.decision;
    writeln!(out, "  deal {}, {}: {:.2} points", g.deal, what(d), d.cost)?;
    match d.worth {
        Some([chosen, best]) => {
            writeln!(
                out,
                "    {:<6} {}",
                choice_text(&d.chosen),
                worth_text(&chosen)
            )?;
            writeln!(
                out,
                "    {:<6} {} (crib's)",
                choice_text(&d.best),
                worth_text(&best)
            )
        }
        None => writeln!(
            out,
            "    claimed {}, the count holds {}",
            choice_text(&d.chosen),
            choice_text(&d.best)
        ),
    }
}

impl Render for Report {
    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.decisions.len();
        let matched = self.matched();
        writeln!(
            out,
            "{}: {n} decisions over {} deal{}; {matched} matched crib's ({:.0}%).",
            self.player,
            self.deals,
            if self.deals == 1 { "" } else { "s" },
            100.0 * matched as f64 / n.max(1) as f64
        )?;
        writeln!(
            out,
            "Expected cost: {:.2} points in all, {:.2} a deal, {:.2} a game.",
            self.total(),
            self.per(self.deals),
            self.per(self.games as usize)
        )?;
        if let Some(p) = self.total_p_win() {
            let stake = match self.match_games {
                Some(n) => format!("the match (the first to win {n} games, a skunk counting two)"),
                None => "the game".to_owned(),
            };
            writeln!(
                out,
                "For {stake}: crib's choices would have won {:+.1}% more (on the same draws).",
                100.0 * p
            )?;
        }
        let costly: Vec<&Graded> = self
            .decisions
            .iter()
            .filter(|g| Report::costly(g))
            .collect();
        if costly.is_empty() {
            return Ok(());
        }
        let board = self.total_p_win().is_some();
        let mut header = vec!["deal", "decision", "chosen", "crib's best", "cost"];
        if board {
            header.push("win cost");
        }
        let mut table = output::table(&header);
        for g in costly {
            let what = what(&g.decision);
            let mut row = vec![
                g.deal.to_string(),
                what,
                choice_text(&g.decision.chosen),
                choice_text(&g.decision.best),
                format!("{:.2}", g.decision.cost),
            ];
            if board {
                row.push(
                    g.decision
                        .cost_p_win
                        .map_or("–".to_owned(), |c| format!("{:+.1}%", 100.0 * c)),
                );
            }
            table.add_row(row);
        }
        output::align_right(&mut table, &[0, 4, 5]);
        output::fit_words(&mut table);
        writeln!(out, "{table}")?;
        let worst = self.costliest();
        if worst.is_empty() {
            // Every row differs for the game only: nothing cost points.
            return Ok(());
        }
        writeln!(out, "Costliest, and where the points were:")?;
        for g in worst {
            costliest(g, out)?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.decisions.len();
        let summary = json!({
            "decisions": n,
            "matched": self.matched(),
            "matched_share": self.matched() as f64 / n.max(1) as f64,
            "cost": self.total(),
            "cost_p_win": self.total_p_win(),
            "deals": self.deals,
            "games": self.games,
            "match_games": self.match_games,
            "cost_per_deal": self.per(self.deals),
            "cost_per_game": self.per(self.games as usize),
            "costliest": self.costliest().iter().map(|g| Report::decision_json(g)).collect::<Vec<_>>(),
        });
        output::json_line(
            out,
            &Json {
                player: self.player.clone(),
                decisions: self.decisions.iter().map(Report::decision_json).collect(),
                summary,
            },
        )
    }
}
