//! `crib discard --table` and `crib discard --play-table`: the tables of what each throw is
//! worth to the crib, and of what each kept hand pegs.

use std::io::{self, Write};

use serde::Serialize;

use crib::Rank;
use crib::advice::discard::{CribModel, PlayModel, Role};
use crib::exact::crib::{
    CribTable, SingleThrowValue, ThrowValue, crib_table, single_card_table, single_card_table_with,
};
use crib::model::Models;
use crib::model::expert_multi::MultiModel;
use crib::model::pegging::{PegTable, PegValue};
use crib::rules::card::parse_cards;
use crib::rules::play::Seat;

use super::{Args, PlayArg};
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

/// `crib discard --table`: the tables asked for, one after the other.
pub fn table(
    args: &Args,
    model: CribModel,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let role = match (args.dealer, args.pone) {
        (true, _) => Some(Role::Dealer),
        (_, true) => Some(Role::Pone),
        _ => None,
    };
    if args.players != 2 {
        return single_tables(args, role, model, json, out);
    }
    if args.seat.is_some() {
        anyhow::bail!("--seat is for three or four players: with two, use --dealer or --pone");
    }
    let expert = &Models::committed().expert;
    let tables: Vec<(Option<Role>, CribTable)> = match (model, role) {
        (CribModel::Uniform, role) => vec![(role, crib_table())],
        (CribModel::Expert, Some(role)) => vec![(Some(role), expert.table(role.seat()))],
        (CribModel::Expert, None) => [Role::Dealer, Role::Pone]
            .into_iter()
            .map(|role| (Some(role), expert.table(role.seat())))
            .collect(),
    };
    for (i, (role, table)) in tables.into_iter().enumerate() {
        if i > 0 && !json {
            writeln!(out)?;
        }
        output::emit(out, json, &TableReport { model, role, table })?;
    }
    Ok(Outcome::Success)
}

/// `crib discard --table --players 3|4`: the uniform table of one-card throws, or under the
/// expert model one table for each seat (or the seat asked for).
fn single_tables(
    args: &Args,
    role: Option<Role>,
    model: CribModel,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let players = usize::from(args.players);
    // A seat asked for, checked as a discard's is: in range, and agreeing with --dealer or
    // --pone; a flag alone names the first seat of its role.
    let asked = if args.seat.is_some() || args.dealer || args.pone {
        let (role, seat) = super::role_and_seat(args, players)?;
        Some(seat.unwrap_or(role.first_seat(players)))
    } else {
        None
    };
    if model == CribModel::Uniform {
        let report = SingleTableReport {
            players: args.players,
            role,
            seat: None,
            model,
            throws: single_card_table(),
        };
        output::emit(out, json, &report)?;
        return Ok(Outcome::Success);
    }
    let expert = MultiModel::committed(players);
    let seats: Vec<usize> = asked.map_or_else(|| (0..players).collect(), |seat| vec![seat]);
    for (i, seat) in seats.into_iter().enumerate() {
        if i > 0 && !json {
            writeln!(out)?;
        }
        let report = SingleTableReport {
            players: args.players,
            role: Some(Role::of_seat(seat, players)),
            seat: Some(seat),
            model,
            throws: single_card_table_with(&expert.others(seat), &expert.shares(seat)),
        };
        output::emit(out, json, &report)?;
    }
    Ok(Outcome::Success)
}

/// `crib discard --play-table`: the pegging table, for every hand or those holding the ranks
/// given.
pub fn play_table(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
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
    let players = usize::from(args.players);
    if players != 2 {
        let seat = match (args.seat, args.dealer, args.pone) {
            (Some(seat), _, _) => Some(usize::from(seat) - 1),
            (_, true, _) => Some(players - 1),
            (_, _, true) => Some(0),
            _ => None,
        };
        return super::play_table_multi::run(players, seat, &wanted, json, out);
    }
    if args.seat.is_some() {
        anyhow::bail!("--seat is for three or four players: with two, use --dealer or --pone");
    }
    let seats: Vec<Seat> = match (args.dealer, args.pone) {
        (true, _) => vec![Seat::DEALER],
        (_, true) => vec![Seat::PONE],
        _ => vec![Seat::PONE, Seat::DEALER],
    };
    let models = Models::committed();
    let table = &models.pegging;
    let rows = PegTable::hands_holding(&wanted)
        .into_iter()
        .map(|(n, hand)| PlayRow {
            hand,
            values: seats
                .iter()
                .map(|&seat| (seat, table.seat(seat)[n]))
                .collect(),
        })
        .collect();
    let means = seats
        .iter()
        .map(|&seat| (seat, table.seat_mean(&models.kept, seat)))
        .collect();
    output::emit(out, json, &PlayTableReport { seats, rows, means })?;
    Ok(Outcome::Success)
}

/// One hand of the pegging table, with its values in the seats asked for.
struct PlayRow {
    hand: [u8; 4],
    values: Vec<(Seat, PegValue)>,
}

struct PlayTableReport {
    seats: Vec<Seat>,
    rows: Vec<PlayRow>,
    /// Each seat's mean over the hands the expert model keeps there.
    means: Vec<(Seat, PegValue)>,
}

fn seat_name(seat: Seat) -> &'static str {
    seat.name(2)
}

/// A rank as the tables write it: `A`, `2`-`10`, `J`, `Q`, `K`.
pub(super) fn rank_text(rank: u8) -> &'static str {
    Rank::new(rank).map_or("?", Rank::ascii)
}

/// A row of a pegging table: the hand's ranks, then for each seat what it pegs, what its
/// rivals peg, and the net.
pub(super) fn peg_row<'a>(
    hand: &[u8; 4],
    values: impl IntoIterator<Item = &'a PegValue>,
) -> Vec<String> {
    let mut cells = vec![
        hand.iter()
            .map(|&r| rank_text(r))
            .collect::<Vec<_>>()
            .join(" "),
    ];
    for v in values {
        cells.extend([
            format!("{:.2}", v.mine),
            format!("{:.2}", v.theirs),
            format!("{:+.2}", v.net()),
        ]);
    }
    cells
}

/// One seat's values in `crib discard --play-table --json`.
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

/// One hand in `crib discard --play-table --json`.
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

/// `crib discard --play-table --json`.
#[derive(Serialize)]
struct JsonPlayTable {
    /// Always `engine`.
    play_model: &'static str,
    /// Each seat's mean over the hands the expert model keeps there.
    means: std::collections::BTreeMap<&'static str, JsonPeg>,
    /// Every hand asked for.
    hands: Vec<JsonPlayRow>,
}

impl Render for PlayTableReport {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let value = |row: &PlayRow, seat| {
            row.values
                .iter()
                .find(|v| v.0 == seat)
                .map(|v| JsonPeg::from(v.1))
        };
        let json = JsonPlayTable {
            play_model: PlayModel::Engine.name(),
            means: self
                .means
                .iter()
                .map(|&(seat, v)| (seat_name(seat), v.into()))
                .collect(),
            hands: self
                .rows
                .iter()
                .map(|row| JsonPlayRow {
                    hand: row.hand.iter().map(|&r| rank_text(r)).collect(),
                    pone: value(row, Seat::PONE),
                    dealer: value(row, Seat::DEALER),
                })
                .collect(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "The play: the points each hand pegs, and the opponent against it. Both sides play as \
             crib's\nengine advises; the opponent holds the hands the expert crib model keeps. \
             Exact over every\npair of hands (src/generated/pegging.rs).\n"
        )?;
        let mut header = vec!["hand".to_owned()];
        for &seat in &self.seats {
            let name = seat_name(seat);
            header.extend([
                format!("{name} pegs"),
                "opponent".to_owned(),
                format!("{name} net"),
            ]);
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut table = output::table(&header);
        for row in &self.rows {
            table.add_row(peg_row(&row.hand, row.values.iter().map(|(_, v)| v)));
        }
        output::align_right(&mut table, &(1..header.len()).collect::<Vec<_>>());
        writeln!(out, "{table}")?;
        let means: Vec<String> = self
            .means
            .iter()
            .map(|&(seat, mean)| {
                format!(
                    "the {} pegs {:.2} and the opponent {:.2}",
                    seat_name(seat),
                    mean.mine,
                    mean.theirs
                )
            })
            .collect();
        writeln!(
            out,
            "\nIn a deal, over the hands the expert model keeps: {}.",
            means.join("; ")
        )?;
        Ok(())
    }
}

/// The name of a table's seat in JSON: `dealer`, `pone`, or `either` for the uniform model's
/// table, which is the same for both.
fn role_name(role: Option<Role>) -> &'static str {
    role.map_or("either", Role::name)
}

struct TableReport {
    model: CribModel,
    role: Option<Role>,
    table: CribTable,
}

/// `crib discard --table --json`: one line for each table.
#[derive(Serialize)]
struct TableJson {
    /// The crib model: `expert` or `uniform`.
    crib_model: &'static str,
    /// Whose throw: `dealer` (into your own crib), `pone` (into the dealer's), or `either`.
    role: &'static str,
    /// Three or four players: the seat whose throw (1 leads, the dealer last), if one.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<usize>,
    /// Every kind of throw.
    throws: Vec<JsonThrow>,
    /// The average crib: under the expert model each kind weighted by how often the seat throws
    /// it; under the uniform model over all 1,326 two-card throws (the mean of every crib).
    mean: f64,
}

/// One kind of throw.
#[derive(Serialize)]
struct JsonThrow {
    /// The ranks thrown, low first.
    ranks: Vec<&'static str>,
    /// Whether the cards share a suit.
    suited: bool,
    /// The crib's expected points.
    crib_mean: f64,
    /// How many of the possible throws are of this kind (of 1,326 two-card throws, or of 52
    /// single cards).
    throws: u32,
    /// Under the expert model: the share of deals in which the seat throws this kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    share: Option<f64>,
}

impl Render for TableReport {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = TableJson {
            crib_model: self.model.name(),
            role: role_name(self.role),
            seat: None,
            throws: self
                .table
                .throws
                .iter()
                .map(|t| JsonThrow {
                    ranks: vec![t.low.ascii(), t.high.ascii()],
                    suited: t.suited,
                    crib_mean: t.crib_mean,
                    throws: t.throws,
                    share: t.share,
                })
                .collect(),
            mean: self.table.mean(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        match (self.model, self.role) {
            (CribModel::Uniform, _) => writeln!(
                out,
                "Expected crib points of each two-card throw (uniform model: the other two crib \
                 cards from the 50 unseen, the starter from the 48 left)."
            )?,
            (CribModel::Expert, role) => writeln!(
                out,
                "Expected crib points of each two-card throw {} (expert model: the {} two \
                 cards thrown as crib's expert model throws them, the starter from the 48 left).",
                if role == Some(Role::Pone) {
                    "by the pone into the dealer's crib"
                } else {
                    "by the dealer into his own crib"
                },
                if role == Some(Role::Pone) {
                    "dealer's"
                } else {
                    "pone's"
                }
            )?,
        }
        writeln!(
            out,
            "Above the diagonal: off-suit; below: suited; on it: pairs.\n"
        )?;
        let mut header = vec![""];
        header.extend(Rank::ALL.iter().map(|r| r.ascii()));
        let mut table = output::table(&header);
        for row in Rank::ALL {
            let mut cells = vec![row.ascii().to_owned()];
            for column in Rank::ALL {
                let (low, high) = (row.min(column), row.max(column));
                let suited = row > column;
                let value = self
                    .table
                    .get(low, high, suited && low != high)
                    .map_or(f64::NAN, |t| t.crib_mean);
                cells.push(format!("{value:.2}"));
            }
            table.add_row(cells);
        }
        output::align_right(&mut table, &(1..=13).collect::<Vec<_>>());
        writeln!(out, "{table}")?;
        let describe = |t: &ThrowValue| format!("{} ({:.2})", t.name(), t.crib_mean);
        if let (Some(best), Some(worst)) = (self.table.fewest(), self.table.most()) {
            let average = match self.model {
                CribModel::Uniform => "Average over all 1,326 throws",
                CribModel::Expert => "Average crib, each throw weighted by how often it is made",
            };
            writeln!(
                out,
                "\nFewest points: {}; most: {}. {average}: {:.4}.",
                describe(best),
                describe(worst),
                self.table.mean()
            )?;
        }
        Ok(())
    }
}

/// `crib discard --table --players 3|4`: every one-card throw under the uniform model.
struct SingleTableReport {
    players: u8,
    role: Option<Role>,
    /// Under the expert model, the seat whose throws these are (0 leads).
    seat: Option<usize>,
    model: CribModel,
    throws: Vec<SingleThrowValue>,
}

impl SingleTableReport {
    /// Under the expert model, the seat's average crib over the throws it makes; under the
    /// uniform model, the average over all 52 single cards (the mean of every crib).
    fn mean(&self) -> f64 {
        match self.model {
            CribModel::Expert => self
                .throws
                .iter()
                .map(|t| t.crib_mean * t.share.unwrap_or(0.0))
                .sum(),
            CribModel::Uniform => {
                self.throws.iter().map(|t| t.crib_mean).sum::<f64>() / self.throws.len() as f64
            }
        }
    }
}

impl Render for SingleTableReport {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = TableJson {
            crib_model: self.model.name(),
            role: role_name(self.role),
            seat: self.seat.map(|seat| seat + 1),
            throws: self
                .throws
                .iter()
                .map(|t| JsonThrow {
                    ranks: vec![t.rank.ascii()],
                    suited: false,
                    crib_mean: t.crib_mean,
                    throws: 4,
                    share: t.share,
                })
                .collect(),
            mean: self.mean(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let players = self.players;
        match (self.model, self.seat) {
            (CribModel::Expert, Some(seat)) => writeln!(
                out,
                "Expected crib points of each one-card throw by seat {} of {players} ({}), expert \
                 model: the other seats' cards as crib's players throw them{}, the starter from \
                 the cards left; and how often seat {} throws each rank.\n",
                seat + 1,
                seat_role(seat, players),
                if players == 3 {
                    ", the crib's dealt card at random"
                } else {
                    ""
                },
                seat + 1,
            )?,
            _ => writeln!(
                out,
                "Expected crib points of each one-card throw with {players} players (uniform \
                 model: the other three crib cards from the 51 unseen, the starter from the 48 \
                 left).\n"
            )?,
        }
        let expert = self.model == CribModel::Expert;
        let mut table = output::table(if expert {
            &["throw", "crib", "thrown"]
        } else {
            &["throw", "crib"]
        });
        for t in &self.throws {
            let mut row = vec![t.rank.ascii().to_owned(), format!("{:.2}", t.crib_mean)];
            if let Some(share) = t.share {
                row.push(format!("{:.1}%", 100.0 * share));
            }
            table.add_row(row);
        }
        output::align_right(&mut table, if expert { &[1, 2] } else { &[1] });
        writeln!(out, "{table}")?;
        if expert {
            writeln!(
                out,
                "\nAverage over the throws seat {} makes: {:.4}.",
                self.seat.map_or(0, |s| s + 1),
                self.mean()
            )?;
        } else {
            writeln!(out, "\nAverage over all 52 cards: {:.4}.", self.mean())?;
        }
        Ok(())
    }
}

/// Whose crib seat `seat` (0 leads) of `players` throws into, in words.
fn seat_role(seat: usize, players: u8) -> &'static str {
    match Role::of_seat(seat, usize::from(players)) {
        Role::Dealer => "the dealer, into his own crib",
        Role::PartnerDeals => "into the partner's crib",
        Role::Pone => "into an opponent's crib",
    }
}
