//! `crib discard --play-table --players 3|4 [--seat N]`: the pegging tables of three and four
//! players, every hand (or those holding the ranks given) in every seat asked for.

use std::io::{self, Write};

use serde::Serialize;

use crib::advice::discard::PlayModel;
use crib::model::pegging::{PegTable, PegValue};
use crib::model::pegging_multi;
use crib::rules::numbering::rank_hands;
use crib::rules::play::Ranks;

use super::tables::{peg_row, rank_text};
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

/// Print the tables of `players` for the hands holding `wanted`, in `seat` (0-based) or all.
pub fn run(
    players: usize,
    seat: Option<usize>,
    wanted: &Ranks,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    if let Some(seat) = seat.filter(|&s| s >= players) {
        anyhow::bail!(
            "--seat {}: {players} players sit in seats 1 to {players}",
            seat + 1
        );
    }
    let seats: Vec<usize> = match seat {
        Some(seat) => vec![seat],
        None => (0..players).collect(),
    };
    let rows = PegTable::hands_holding(wanted)
        .into_iter()
        .map(|(_, hand)| Row {
            hand,
            values: seats
                .iter()
                .map(|&s| pegging_multi::committed(players, s, hand))
                .collect(),
        })
        .collect();
    let means = seats
        .iter()
        .map(|&s| mean_over_random(players, s))
        .collect();
    let report = Report {
        players,
        seats,
        rows,
        means,
    };
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

/// A seat's mean over every hand of four random cards: each hand of ranks weighted by how many
/// sets of cards it stands for.
fn mean_over_random(players: usize, seat: usize) -> PegValue {
    let (mut mine, mut theirs, mut total) = (0.0, 0.0, 0.0);
    for hand in rank_hands() {
        let mut count = [0u8; 14];
        for r in hand {
            count[usize::from(r)] += 1;
        }
        let weight: f64 = count
            .iter()
            .map(|&c| [1.0, 4.0, 6.0, 4.0, 1.0][usize::from(c)])
            .product();
        let value = pegging_multi::committed(players, seat, hand);
        mine += weight * value.mine;
        theirs += weight * value.theirs;
        total += weight;
    }
    PegValue {
        mine: mine / total,
        theirs: theirs / total,
    }
}

struct Row {
    hand: [u8; 4],
    values: Vec<PegValue>,
}

struct Report {
    players: usize,
    /// The seats shown, 0-based.
    seats: Vec<usize>,
    rows: Vec<Row>,
    /// Each seat's mean over random hands.
    means: Vec<PegValue>,
}

/// One seat's values in JSON.
#[derive(Serialize)]
struct JsonSeat {
    /// The seat, 1-based in the order of play.
    seat: usize,
    /// The points the hand's holder (four players: his side) can expect to peg.
    peg_mean: f64,
    /// The points his rivals can: the mean of the other two, or the other side.
    peg_opp_mean: f64,
    /// peg_mean less peg_opp_mean.
    net: f64,
}

impl JsonSeat {
    fn new(seat: usize, value: PegValue) -> JsonSeat {
        JsonSeat {
            seat: seat + 1,
            peg_mean: value.mine,
            peg_opp_mean: value.theirs,
            net: value.net(),
        }
    }
}

/// One hand in JSON.
#[derive(Serialize)]
struct JsonRow {
    /// The hand's ranks, lowest first.
    hand: Vec<&'static str>,
    /// Its values in each seat asked for.
    seats: Vec<JsonSeat>,
}

/// `crib discard --play-table --players 3|4 --json`.
#[derive(Serialize)]
struct Json {
    /// Always `engine`.
    play_model: &'static str,
    /// 3 or 4.
    players: usize,
    /// Each seat's mean over random hands.
    means: Vec<JsonSeat>,
    /// Every hand asked for.
    hands: Vec<JsonRow>,
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let seats = |values: &[PegValue]| {
            self.seats
                .iter()
                .zip(values)
                .map(|(&s, &v)| JsonSeat::new(s, v))
                .collect()
        };
        output::json_line(
            out,
            &Json {
                play_model: PlayModel::Engine.name(),
                players: self.players,
                means: seats(&self.means),
                hands: self
                    .rows
                    .iter()
                    .map(|row| JsonRow {
                        hand: row.hand.iter().map(|&r| rank_text(r)).collect(),
                        seats: seats(&row.values),
                    })
                    .collect(),
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let rivals = if self.players == 3 {
            "the mean of the other two players'"
        } else {
            "the other side's (and a hand's points are its side's)"
        };
        writeln!(
            out,
            "The play with {} players: the points each hand pegs in each seat, and its rivals' \
             ({rivals}).\nEveryone plays by crib's engine, seeing his own cards and the play; \
             the others hold hands crib keeps (src/generated/pegging_multi.rs).\n",
            self.players
        )?;
        let mut header = vec!["hand".to_owned()];
        for &seat in &self.seats {
            header.extend([
                format!("seat {} pegs", seat + 1),
                "rivals".to_owned(),
                "net".to_owned(),
            ]);
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut table = output::table(&header);
        for row in &self.rows {
            table.add_row(peg_row(&row.hand, &row.values));
        }
        output::align_right(&mut table, &(1..header.len()).collect::<Vec<_>>());
        writeln!(out, "{table}")?;
        let means: Vec<String> = self
            .seats
            .iter()
            .zip(&self.means)
            .map(|(&seat, mean)| {
                format!(
                    "seat {} pegs {:.2} and its rivals {:.2}",
                    seat + 1,
                    mean.mine,
                    mean.theirs
                )
            })
            .collect();
        writeln!(out, "\nOver random hands: {}.", means.join("; "))
    }
}
