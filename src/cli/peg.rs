//! `crib peg`: score the play of the cards, card by card.

use std::io::{self, Write};

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crib::Card;
use crib::Players;
use crib::Seat;
use crib::pegging::CARDS_EACH;
use crib::pegging::{EventKind, Pegging, peg_texts};

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Give the cards in the order they were played, starting with the pone (the player after the
dealer); ranks alone are enough. 'go' means the player whose turn it is cannot play without
passing 31. Turns, 31s, gos and the new counts after them are worked out as the rules say: a
card that would take the count past 31 means nobody could play on it, so the last card's player
takes the go and the card leads the next count.

Examples:
  crib peg 4 6 5 3                 15 and a run of 3, then a run of 4
  crib peg 10 K 9 go 2 7 8 6 5     31, a new count, and last card
  crib peg --players 4 7 8 8 8     two partnerships";

/// Arguments of `crib peg`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("players", |a| a
    .short('p')
    .help("How many players: 2, 3 (dealer last) or 4 (partners opposite)")))]
pub struct Args {
    /// The cards in the order played (4 6 5 3, or 4h 6c ...), and 'go' where a player passes.
    #[arg(value_name = "CARD|go", required = true)]
    tokens: Vec<String>,

    #[command(flatten)]
    players: super::usage::PlayersArg,
}

/// Run `crib peg`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let tokens = crate::cli::usage::split_words(&args.tokens);
    let pegging = peg_texts(&tokens, args.players.players()?)?;
    output::emit(out, json, &Report(pegging))?;
    Ok(Outcome::Success)
}

struct Report(Pegging);

/// `crib peg --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// How many players.
    players: usize,
    /// One object per event, in order.
    plays: Vec<JsonPlay>,
    /// Each player's points, by name.
    totals: Totals<'a>,
    /// For four players, each partnership's points.
    #[serde(skip_serializing_if = "Option::is_none")]
    teams: Option<Vec<JsonTeam>>,
    /// Whether every card of the deal (4 a player) was played.
    complete: bool,
}

/// One event of the play.
#[derive(Serialize)]
struct JsonPlay {
    /// `card` (a card played), `go` (the player passes), `go point` (1 for the last card of a
    /// count below 31 nobody could follow) or `last card` (1 for the deal's last card).
    event: &'static str,
    /// Who: `pone`/`dealer`, or `p1`, `p2`, `p3`, `dealer`.
    player: &'static str,
    /// The card played (ASCII notation), null for other events.
    card: Option<output::Ascii>,
    /// The count after the event.
    count: u8,
    /// The points it scored.
    points: u32,
    /// Why: "fifteen 2", "pair 2", "pair royal 6", "double pair royal 12", "run of 4",
    /// "31 for 2", "go 1", "last card 1".
    reasons: Vec<String>,
    /// Which count of the deal the event belongs to, from 1.
    sequence: u32,
}

/// A partnership of four-handed play.
#[derive(Serialize)]
struct JsonTeam {
    /// The partners.
    players: [&'static str; 2],
    /// Their points together.
    points: u32,
}

/// Each player's points as an object, in playing order.
struct Totals<'a>(&'a Pegging);

impl Serialize for Totals<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.players.count()))?;
        for (i, points) in self.0.totals.iter().enumerate() {
            map.serialize_entry(player_name(self.0.players, i), points)?;
        }
        map.end()
    }
}

/// How the rules name the player in this seat of a play of `players`.
fn player_name(players: Players, seat: usize) -> &'static str {
    Seat::new(seat).name(players)
}

fn event_name(kind: EventKind) -> &'static str {
    match kind {
        EventKind::Card(_) => "card",
        EventKind::Go => "go",
        EventKind::GoPoint => "go point",
        EventKind::LastCard => "last card",
    }
}

fn card_of(kind: EventKind) -> Option<Card> {
    match kind {
        EventKind::Card(card) => Some(card),
        _ => None,
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let pegging = &self.0;
        let n = pegging.players;
        let json = Json {
            players: n.count(),
            plays: pegging
                .events
                .iter()
                .map(|e| JsonPlay {
                    event: event_name(e.kind),
                    player: player_name(n, e.player),
                    card: card_of(e.kind).map(output::Ascii),
                    count: e.count,
                    points: e.points(),
                    reasons: e.scores.iter().map(ToString::to_string).collect(),
                    sequence: e.sequence,
                })
                .collect(),
            totals: Totals(pegging),
            teams: pegging.teams().map(|[a, b]| {
                vec![
                    JsonTeam {
                        players: [player_name(n, 0), player_name(n, 2)],
                        points: a,
                    },
                    JsonTeam {
                        players: [player_name(n, 1), player_name(n, 3)],
                        points: b,
                    },
                ]
            }),
            complete: pegging.complete,
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let pegging = &self.0;
        let n = pegging.players;
        let mut table = output::table(&["player", "card", "count", "points", "why"]);
        let mut sequence = 1;
        for event in &pegging.events {
            if event.sequence != sequence {
                sequence = event.sequence;
                table.add_row(vec!["", "", "0", "", "the count starts again"]);
            }
            let card = match event.kind {
                EventKind::Card(card) => output::card_text(card).to_string(),
                EventKind::Go => "go".into(),
                EventKind::GoPoint | EventKind::LastCard => String::new(),
            };
            let points = event.points();
            let reasons: Vec<String> = event.scores.iter().map(ToString::to_string).collect();
            table.add_row(vec![
                player_name(n, event.player).to_owned(),
                card,
                event.count.to_string(),
                if points > 0 {
                    format!("+{points}")
                } else {
                    String::new()
                },
                reasons.join(", "),
            ]);
        }
        output::align_right(&mut table, &[2, 3]);
        output::fit_words(&mut table, &[]);
        writeln!(out, "{table}")?;
        let totals: Vec<String> = pegging
            .totals
            .iter()
            .enumerate()
            .map(|(i, points)| format!("{} {}", player_name(n, i), output::bold(points)))
            .collect();
        writeln!(out, "\n{}", totals.join(", "))?;
        if let Some([a, b]) = pegging.teams() {
            writeln!(
                out,
                "{} and {} {a}, {} and {} {b}",
                player_name(n, 0),
                player_name(n, 2),
                player_name(n, 1),
                player_name(n, 3)
            )?;
        }
        if !pegging.complete {
            let played = pegging
                .events
                .iter()
                .filter(|e| matches!(e.kind, EventKind::Card(_)))
                .count();
            writeln!(
                out,
                "{played} of {} cards played: no last card yet",
                n.count() * CARDS_EACH
            )?;
        }
        Ok(())
    }
}
