//! `crib discard --play-table [--players 2|3|4]`: the pegging table of any number of players,
//! every hand (or those holding the ranks given) in every seat asked for. Two players' table
//! keeps its own shape (a pone's and a dealer's column, averaged over the hands crib's players
//! keep); three and four players' lists the seats (averaged over random hands).

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use crib::Models;
use crib::Players;
use crib::Rank;
use crib::Seat;
use crib::discard::PlayModel;
use crib::discard::{PegTable, PegValue};
use crib::parse_cards;

use super::{Args, PlayArg};
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

/// Print the pegging table of `args.players` for the hands holding the ranks given, in the
/// seats asked for.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.play_model == Some(PlayArg::None) {
        anyhow::bail!("--play-table prints the engine's pegging table: leave out --play-model");
    }
    if args.cards.len() > 4 {
        anyhow::bail!(
            "--play-table takes up to four ranks to look for, not {}: for example --play-table \
             6 7 8 9",
            args.cards.len()
        );
    }
    let mut wanted = [0u8; 14];
    for card in parse_cards(&args.cards)? {
        if card.suit().is_some() {
            anyhow::bail!(
                "--play-table {}: give ranks alone ({}), since the play ignores suits",
                card,
                card.rank()
            );
        }
        wanted[usize::from(card.rank().number())] += 1;
    }
    let players = args.players.players()?;
    let seats = seats(args, players)?;
    let models = Models::committed();
    let table = models.peg_table(players);
    let rows = PegTable::hands_holding(&wanted)
        .into_iter()
        .map(|(n, hand)| Row {
            hand,
            values: seats.iter().map(|&seat| table.seat(seat)[n]).collect(),
        })
        .collect();
    let means = seats
        .iter()
        .map(|&seat| {
            if players == Players::TWO {
                table.mean_over_kept(&models.kept, seat)
            } else {
                table.mean_over_random(seat)
            }
        })
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

/// The seats asked for: with two players `--dealer` or `--pone` (both if neither); with three
/// or four `--seat N`, or the seat of `--dealer` or `--pone` (every seat if none).
fn seats(args: &Args, players: Players) -> anyhow::Result<Vec<Seat>> {
    if players == Players::TWO {
        if args.seat.is_some() {
            anyhow::bail!("--seat is for three or four players: with two, use --dealer or --pone");
        }
        return Ok(match (args.dealer, args.pone) {
            (true, _) => vec![Seat::DEALER],
            (_, true) => vec![Seat::PONE],
            _ => vec![Seat::PONE, Seat::DEALER],
        });
    }
    let seat = match (args.seat, args.dealer, args.pone) {
        (Some(seat), _, _) => Some(Seat::new(usize::from(seat) - 1)),
        (_, true, _) => Some(players.dealer()),
        (_, _, true) => Some(Seat::new(0)),
        _ => None,
    };
    match seat {
        Some(seat) if seat.index() >= players.count() => anyhow::bail!(
            "--seat {}: {players} players sit in seats 1 to {players}",
            seat.index() + 1
        ),
        Some(seat) => Ok(vec![seat]),
        None => Ok(players.seats().collect()),
    }
}

/// One hand, with its values in the seats asked for.
struct Row {
    hand: [Rank; 4],
    values: Vec<PegValue>,
}

struct Report {
    players: Players,
    /// The seats shown.
    seats: Vec<Seat>,
    rows: Vec<Row>,
    /// Each seat's mean: over the hands crib's players keep there (two players), or over random
    /// hands (three and four).
    means: Vec<PegValue>,
}

/// A row of a pegging table: the hand's ranks, then for each seat what it pegs, what its
/// rivals peg, and the net.
fn peg_row<'a>(
    hand: &[Rank; 4],
    values: impl IntoIterator<Item = &'a PegValue>,
    net: bool,
) -> Vec<String> {
    let mut cells = vec![hand.iter().map(|r| r.ascii()).collect::<Vec<_>>().join(" ")];
    for v in values {
        cells.extend([format!("{:.2}", v.mine), format!("{:.2}", v.theirs)]);
        if net {
            cells.push(format!("{:+.2}", v.net()));
        }
    }
    cells
}

/// The hand's ranks as JSON writes them.
fn hand_json(hand: &[Rank; 4]) -> Vec<&'static str> {
    hand.iter().map(|r| r.ascii()).collect()
}

/// One seat's values in `crib discard --play-table --json` with two players.
#[derive(Serialize)]
struct JsonPeg {
    /// The points the hand's holder can expect to peg.
    peg_mean: f64,
    /// The points the opponent can expect to peg.
    peg_opp_mean: f64,
    /// peg_mean less peg_opp_mean.
    net: f64,
}

impl From<PegValue> for JsonPeg {
    fn from(value: PegValue) -> JsonPeg {
        JsonPeg {
            peg_mean: value.mine,
            peg_opp_mean: value.theirs,
            net: value.net(),
        }
    }
}

/// One hand in `crib discard --play-table --json` with two players.
#[derive(Serialize)]
struct JsonPlayRow {
    /// The hand's ranks, lowest first.
    hand: Vec<&'static str>,
    /// Held by the pone (absent with --dealer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pone: Option<JsonPeg>,
    /// Held by the dealer (absent with --pone).
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<JsonPeg>,
}

/// `crib discard --play-table --json` with two players.
#[derive(Serialize)]
struct JsonPlayTable {
    /// Always `engine`.
    play_model: &'static str,
    /// Each seat's mean over the hands the expert model keeps there.
    means: BTreeMap<&'static str, JsonPeg>,
    /// Every hand asked for.
    hands: Vec<JsonPlayRow>,
}

/// One seat's values in `crib discard --play-table --players 3|4 --json`.
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
    fn new(seat: Seat, value: PegValue) -> JsonSeat {
        JsonSeat {
            seat: seat.index() + 1,
            peg_mean: value.mine,
            peg_opp_mean: value.theirs,
            net: value.net(),
        }
    }
}

/// One hand in `crib discard --play-table --players 3|4 --json`.
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

impl Report {
    fn two_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let value = |row: &Row, seat: Seat| {
            self.seats
                .iter()
                .position(|&s| s == seat)
                .map(|i| JsonPeg::from(row.values[i]))
        };
        let json = JsonPlayTable {
            play_model: PlayModel::Engine.name(),
            means: self
                .seats
                .iter()
                .zip(&self.means)
                .map(|(&seat, &v)| (seat.name(Players::TWO), v.into()))
                .collect(),
            hands: self
                .rows
                .iter()
                .map(|row| JsonPlayRow {
                    hand: hand_json(&row.hand),
                    pone: value(row, Seat::PONE),
                    dealer: value(row, Seat::DEALER),
                })
                .collect(),
        };
        output::json_line(out, &json)
    }

    fn many_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let seats = |values: &[PegValue]| {
            self.seats
                .iter()
                .zip(values)
                .map(|(&s, &v)| JsonSeat::new(s, v))
                .collect()
        };
        let json = Json {
            play_model: PlayModel::Engine.name(),
            players: self.players.count(),
            means: seats(&self.means),
            hands: self
                .rows
                .iter()
                .map(|row| JsonRow {
                    hand: hand_json(&row.hand),
                    seats: seats(&row.values),
                })
                .collect(),
        };
        output::json_line(out, &json)
    }

    /// The table: the hand, then three columns for each seat, headed by `heads`; too wide for
    /// the terminal, without the nets (each is the two before it, subtracted) and headed by
    /// `narrow`.
    fn table(
        &self,
        heads: impl Fn(Seat) -> [String; 3],
        narrow: impl Fn(Seat) -> [String; 2],
    ) -> comfy_table::Table {
        let mut table = self.table_with(|seat| heads(seat).to_vec(), true);
        output::fit(&mut table);
        if !output::fits(&table) {
            table = self.table_with(|seat| narrow(seat).to_vec(), false);
            output::fit(&mut table);
        }
        table
    }

    fn table_with(&self, heads: impl Fn(Seat) -> Vec<String>, net: bool) -> comfy_table::Table {
        let mut header = vec!["hand".to_owned()];
        for &seat in &self.seats {
            header.extend(heads(seat));
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut table = output::table(&header);
        for row in &self.rows {
            table.add_row(peg_row(&row.hand, &row.values, net));
        }
        output::align_right(&mut table, &(1..header.len()).collect::<Vec<_>>());
        table
    }

    fn two_human(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "The play: the points each hand pegs, and the opponent against it. Both sides play as \
             crib's engine advises; the opponent holds the hands the expert crib model keeps. \
             Exact over every pair of hands (src/generated/pegging.rs).\n"
        )?;
        let name = |seat: Seat| seat.name(Players::TWO);
        let table = self.table(
            |seat| {
                [
                    format!("{} pegs", name(seat)),
                    "opponent".to_owned(),
                    format!("{} net", name(seat)),
                ]
            },
            |seat| [name(seat).to_owned(), "opp".to_owned()],
        );
        writeln!(out, "{table}")?;
        let means: Vec<String> = self
            .seats
            .iter()
            .zip(&self.means)
            .map(|(&seat, mean)| {
                format!(
                    "the {} pegs {:.2} and the opponent {:.2}",
                    name(seat),
                    mean.mine,
                    mean.theirs
                )
            })
            .collect();
        writeln!(
            out,
            "\nIn a deal, over the hands the expert model keeps: {}.",
            means.join("; ")
        )
    }

    fn many_human(&self, out: &mut dyn Write) -> io::Result<()> {
        let rivals = if self.players == Players::THREE {
            "the mean of the other two players'"
        } else {
            "the other side's (and a hand's points are its side's)"
        };
        writeln!(
            out,
            "The play with {} players: the points each hand pegs in each seat, and its rivals' \
             ({rivals}).\nEveryone plays by crib's engine, seeing his own cards and the play; \
             the others hold hands crib keeps; each entry's sampling noise is pulled out \
             (src/generated/pegging34.rs).\n",
            self.players
        )?;
        let table = self.table(
            |seat| {
                [
                    format!("seat {} pegs", seat.index() + 1),
                    "rivals".to_owned(),
                    "net".to_owned(),
                ]
            },
            |seat| [format!("s{}", seat.index() + 1), "riv".to_owned()],
        );
        writeln!(out, "{table}")?;
        let means: Vec<String> = self
            .seats
            .iter()
            .zip(&self.means)
            .map(|(&seat, mean)| {
                format!(
                    "seat {} pegs {:.2} and its rivals {:.2}",
                    seat.index() + 1,
                    mean.mine,
                    mean.theirs
                )
            })
            .collect();
        writeln!(out, "\nOver random hands: {}.", means.join("; "))
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.players == Players::TWO {
            self.two_json(out)
        } else {
            self.many_json(out)
        }
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.players == Players::TWO {
            self.two_human(out)
        } else {
            self.many_human(out)
        }
    }
}
