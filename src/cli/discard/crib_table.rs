//! `crib discard --table`: the tables of what each throw is worth to the crib, two cards a throw
//! (two players) or one (three and four).

use std::io::{self, Write};

use serde::Serialize;

use crib::Models;
use crib::Players;
use crib::Rank;
use crib::Seat;
use crib::discard::ThrowTable;
use crib::discard::{CribModel, Role};
use crib::discard::{CribTable, SingleThrowValue, ThrowValue};

use super::Args;
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

/// `crib discard --table`: the tables asked for, one after the other.
pub fn run(
    args: &Args,
    model: CribModel,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let players = args.players.players()?;
    let role = match (args.dealer, args.pone) {
        (true, _) => Some(Role::Dealer),
        (_, true) => Some(Role::Pone),
        _ => None,
    };
    let asked = asked(args, players, model, role)?;
    let models = Models::committed();
    for (i, (role, seat)) in asked.into_iter().enumerate() {
        if i > 0 && !json {
            writeln!(out)?;
        }
        // The uniform model's table is every seat's: the first is as good as any.
        match model.table(models, players, seat.unwrap_or(Seat::new(0))) {
            ThrowTable::Pairs(table) => {
                output::emit(out, json, &TableReport { model, role, table })?
            }
            ThrowTable::Cards(throws) => output::emit(
                out,
                json,
                &SingleTableReport {
                    players,
                    role,
                    seat,
                    model,
                    throws,
                },
            )?,
        }
    }
    Ok(Outcome::Success)
}

/// The tables asked for, in order: each with the role it is shown for and, under the expert
/// model, the seat whose throws it values (the uniform model's is the same for every seat).
/// Two players: the uniform table, the expert table of --dealer or --pone, or both seats'.
/// Three or four: the uniform table, or the expert table of the seat asked for (--seat N, or
/// the first seat of --dealer or --pone, checked as a discard's is), or every seat's.
fn asked(
    args: &Args,
    players: Players,
    model: CribModel,
    role: Option<Role>,
) -> anyhow::Result<Vec<(Option<Role>, Option<Seat>)>> {
    if players == Players::TWO {
        if args.seat.is_some() {
            anyhow::bail!("--seat is for three or four players: with two, use --dealer or --pone");
        }
        return Ok(match (model, role) {
            (CribModel::Uniform, role) => vec![(role, None)],
            (CribModel::Expert, Some(role)) => vec![(Some(role), Some(role.seat()))],
            (CribModel::Expert, None) => [Role::Dealer, Role::Pone]
                .into_iter()
                .map(|role| (Some(role), Some(role.seat())))
                .collect(),
        });
    }
    let seat = if args.seat.is_some() || args.dealer || args.pone {
        let (role, seat) = super::role_and_seat(args, players)?;
        Some(seat.unwrap_or(role.first_seat(players)))
    } else {
        None
    };
    Ok(match model {
        CribModel::Uniform => vec![(role, None)],
        CribModel::Expert => seat
            .map_or_else(|| players.seats().collect(), |seat| vec![seat])
            .into_iter()
            .map(|seat| (Some(Role::of_seat(seat, players)), Some(seat)))
            .collect(),
    })
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
        // Thirteen columns of numbers: narrow, they lose their padding rather than wrap.
        output::fit(&mut table);
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

/// `crib discard --table --players 3|4`: every one-card throw.
struct SingleTableReport {
    players: Players,
    role: Option<Role>,
    /// Under the expert model, the seat whose throws these are.
    seat: Option<Seat>,
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
            seat: self.seat.map(|seat| seat.index() + 1),
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
                seat.index() + 1,
                seat_role(seat, players),
                if players == Players::THREE {
                    ", the crib's dealt card at random"
                } else {
                    ""
                },
                seat.index() + 1,
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
        output::fit(&mut table);
        writeln!(out, "{table}")?;
        if expert {
            writeln!(
                out,
                "\nAverage over the throws seat {} makes: {:.4}.",
                self.seat.map_or(0, |s| s.index() + 1),
                self.mean()
            )?;
        } else {
            writeln!(out, "\nAverage over all 52 cards: {:.4}.", self.mean())?;
        }
        Ok(())
    }
}

/// Whose crib seat `seat` of `players` throws into, in words.
fn seat_role(seat: Seat, players: Players) -> &'static str {
    match Role::of_seat(seat, players) {
        Role::Dealer => "the dealer, into his own crib",
        Role::PartnerDeals => "into the partner's crib",
        Role::Pone => "into an opponent's crib",
    }
}
