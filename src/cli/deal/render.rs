//! A counted deal as a table, as JSON, and as a line of JSON Lines.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value;

use crib::Game;
use crib::Players;
use crib::Side;
use crib::deal::{BoardEvent, Counted};

use crate::cli::output::{self, Render};
use crate::cli::serve::{Answer, Lined};

/// A counted deal, to show.
pub struct Report(pub Counted);

/// Scores on the board as JSON: two players `{"dealer": D, "pone": P}`, as they always were;
/// three or four a list by side (by seat, or by partnership with seats 1 and 3 first).
fn scores_json(game: Game, scores: &[u32]) -> Value {
    if game.players == Players::TWO {
        serde_json::json!({"dealer": scores[1], "pone": scores[0]})
    } else {
        serde_json::json!(scores)
    }
}

/// The scores in the order the human table and sentences give them: the dealer first with two
/// players (as crib always has), then by side in seat order.
fn shown_order(game: Game) -> Vec<usize> {
    match game.players.count() {
        2 => vec![1, 0],
        _ => (0..game.players.sides()).collect(),
    }
}

/// A side's short name for a table column: `dealer`, `pone`, `p1`...; `1+3` and `2+4` for the
/// partnerships of four players.
fn column(game: Game, side: usize) -> String {
    match game.players.count() {
        4 => format!("{}+{}", side + 1, side + 3),
        _ => game.side_name(Side::new(side)),
    }
}

/// One event in `crib deal --json`.
#[derive(Serialize)]
struct EventJson {
    /// `heels`, `play`, `pone hand`, `dealer hand` or `crib` (`p1 hand`... with three or four).
    phase: String,
    /// `pone` or `dealer`; `p1`, `p2`, `p3` or `dealer` with three or four players.
    player: &'static str,
    /// The player's seat, 1-based in the order of play (the dealer last).
    seat: usize,
    /// The card that scored, for a card of the play; null otherwise.
    card: Option<output::Ascii>,
    /// Its points.
    points: u32,
    /// Why.
    reasons: Vec<String>,
    /// The scores after it; none for an event never counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<Value>,
}

impl EventJson {
    /// An event counted on the board, with the scores after it.
    fn counted(game: Game, event: &BoardEvent) -> EventJson {
        EventJson {
            scores: Some(scores_json(game, &event.scores)),
            ..EventJson::uncounted(game, event)
        }
    }

    /// An event never counted: the game ended first, so it has no scores after it.
    fn uncounted(game: Game, event: &BoardEvent) -> EventJson {
        EventJson {
            phase: event.phase.name(game.players),
            player: event.player.name(game.players),
            seat: event.player.index() + 1,
            card: event.card.map(output::Ascii),
            points: event.points,
            reasons: event.reasons.iter().map(ToString::to_string).collect(),
            scores: None,
        }
    }
}

/// `crib deal --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// 2, 3 or 4.
    players: usize,
    /// The game hole: 61 or 121.
    game: u32,
    /// The scores before the deal.
    start_scores: Value,
    /// Every event counted, in order.
    events: Vec<EventJson>,
    /// Who reached the game hole: `pone` or `dealer` (two players), the seat (three), the two
    /// seats of the partnership (four); null when nobody did.
    winner: Value,
    /// The winner's seats, 1-based; empty when nobody won.
    winning_seats: Vec<usize>,
    /// The scores at the end.
    final_scores: Value,
    /// `skunk`, `double skunk`, or null.
    skunk: Option<&'static str>,
    /// What was never counted because the game ended, without scores.
    uncounted: Vec<EventJson>,
}

impl Report {
    fn json_doc(&self) -> Json {
        let c = &self.0;
        let game = c.game;
        let won = c.winning_side().map(Side::index);
        Json {
            players: game.players.count(),
            game: game.target,
            start_scores: scores_json(game, &c.start),
            events: c
                .events
                .iter()
                .map(|e| EventJson::counted(game, e))
                .collect(),
            winner: match (won, game.players.count()) {
                (None, _) => Value::Null,
                (Some(side), 2) => Value::from(game.side_name(Side::new(side))),
                (Some(side), 3) => Value::from(side + 1),
                (Some(side), _) => serde_json::json!([side + 1, side + 3]),
            },
            winning_seats: match (won, game.players.count()) {
                (Some(side), 4) => vec![side + 1, side + 3],
                (Some(side), _) => vec![side + 1],
                (None, _) => Vec::new(),
            },
            final_scores: scores_json(game, &c.final_scores),
            skunk: c.skunk.map(|s| s.name()),
            uncounted: c
                .uncounted
                .iter()
                .map(|e| EventJson::uncounted(game, e))
                .collect(),
        }
    }

    /// `dealer 110, pone 115` or `p1 10, p2 20, dealer 30` or `seats 1 and 3 60, ...`.
    fn board(&self, scores: &[u32]) -> String {
        let game = self.0.game;
        shown_order(game)
            .iter()
            .map(|&side| format!("{} {}", game.side_name(Side::new(side)), scores[side]))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The line before the table.
    fn before(&self) -> String {
        let game = self.0.game;
        let board = self.board(&self.0.start);
        match game.players.count() {
            2 => format!("Before the deal: {board} (first to {}).", game.target),
            n => format!(
                "Before the deal: {board} ({n} players{}, first to {}).",
                if n == 4 { " as partners" } else { "" },
                game.target
            ),
        }
    }

    /// The table of events, a column of scores for each side.
    fn table(&self) -> comfy_table::Table {
        let game = self.0.game;
        let order = shown_order(game);
        let mut head = vec!["phase".to_owned(), "player".into(), "points".into()];
        head.push("why".into());
        head.extend(order.iter().map(|&side| column(game, side)));
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let mut table = output::table(&head);
        for event in &self.0.events {
            let phase = match event.card {
                Some(card) => format!("play {}", output::card_text(card)),
                None => event.phase.name(game.players),
            };
            let mut row = vec![
                phase,
                event.player.name(game.players).to_owned(),
                event.points.to_string(),
                if event.points == 0 {
                    "nothing".to_owned()
                } else {
                    let reasons: Vec<String> =
                        event.reasons.iter().map(ToString::to_string).collect();
                    reasons.join(", ")
                },
            ];
            row.extend(order.iter().map(|&side| event.scores[side].to_string()));
            table.add_row(row);
        }
        let right: Vec<usize> = [2].into_iter().chain(4..4 + order.len()).collect();
        output::align_right(&mut table, &right);
        output::fit_words(&mut table, &[]);
        table
    }

    /// The sentence that ends a game: who reached the hole, on what, the scores, any skunk.
    fn game_over(&self) -> String {
        let c = &self.0;
        let game = c.game;
        let Some(winner) = c.winner else {
            return String::new();
        };
        let won = game.players.side(winner).index();
        let last = c
            .events
            .last()
            .map_or(String::new(), |e| e.phase.name(game.players));
        let skunk = c
            .skunk
            .map_or(String::new(), |s| format!(": a {}", s.name()));
        let losers: Vec<String> = shown_order(game)
            .into_iter()
            .filter(|&side| side != won)
            .map(|side| match game.players.count() {
                3 => format!(
                    "{} {}",
                    game.side_name(Side::new(side)),
                    c.final_scores[side]
                ),
                _ => c.final_scores[side].to_string(),
            })
            .collect();
        let bold = output::bold("Game.");
        let target = game.target;
        let score = c.final_scores[won];
        let losers = losers.join(" and ");
        match game.players.count() {
            4 => format!(
                "{bold} Seat {} ({}) reaches {target} on the {last}: seats {} and {} win, {score} \
                 to {losers}{skunk}.",
                winner.index() + 1,
                winner.name(Players::FOUR),
                won + 1,
                won + 3,
            ),
            2 => format!(
                "{bold} The {} reaches {target} on the {last} and wins, {score} to {losers}{skunk}.",
                winner.name(Players::TWO),
            ),
            _ => format!(
                "{bold} {} reaches {target} on the {last} and wins, {score} to {losers}{skunk}.",
                capital(winner.name(Players::THREE)),
            ),
        }
    }
}

/// `p1` → `P1`, `dealer` → `The dealer`: a seat's name to begin a sentence.
fn capital(name: &str) -> String {
    match name {
        "dealer" => "The dealer".to_owned(),
        other => other.to_uppercase(),
    }
}

impl Answer for Report {
    fn write_answer(&self, line: u64, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(
            out,
            &Lined {
                line,
                answer: &self.json_doc(),
            },
        )
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(out, &self.json_doc())
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let c = &self.0;
        writeln!(out, "{}\n", self.before())?;
        writeln!(out, "{}", self.table())?;
        if c.winner.is_none() {
            return writeln!(out, "\nAfter the deal: {}.", self.board(&c.final_scores));
        }
        writeln!(out, "\n{}", self.game_over())?;
        if !c.uncounted.is_empty() {
            let never: Vec<String> = c
                .uncounted
                .iter()
                .map(|e| format!("{} {}", e.phase.name(c.game.players), e.points))
                .collect();
            writeln!(out, "Never counted: {}.", never.join(", "))?;
        }
        Ok(())
    }
}
