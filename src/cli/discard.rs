//! `crib discard`: which cards to throw to the crib, and the table of what each throw is worth.

use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

use crib::Rank;
use crib::card::{Card, parse_cards, symbols};
use crib::discard::{Advice, CribModel, CribTable, Role, ThrowValue, advise, crib_table};

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Every choice is valued exactly. The hand's points are averaged over every unseen starter. The
crib's are averaged under the uniform crib model (--crib-model uniform): every unseen card is
equally likely to be anywhere, so the crib's other cards are any set of unseen cards, each set
equally likely, and the starter any unseen card left (for two players, 1,035 pairs times 44
starters: 45,540 cribs for each choice). The net is hand plus crib when the crib is yours (you
or your partner deal), hand minus crib when it is an opponent's.

Examples:
  crib discard 5h 5c Jd Qs 2h 9c --dealer
  crib discard 5h Jd 5c 5s 4d 6d --pone --need 16 --top 3
  crib discard --players 3 Jh 4h 5c 8s Kd --pone
  crib discard --players 4 Jh 4h 5c 8s Kd --partner-deals
  crib discard --table             expected crib points of every two-card throw";

/// The crib model, as chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelArg {
    /// Every set of unseen cards equally likely to complete the crib.
    Uniform,
}

/// Arguments of `crib discard`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("role").args(["dealer", "partner_deals", "pone"]))]
pub struct Args {
    /// The cards dealt to you: six for two players, five for three or four.
    #[arg(value_name = "CARD")]
    cards: Vec<String>,

    /// You deal: the crib is yours.
    #[arg(long)]
    dealer: bool,

    /// Your partner deals (four players): the crib is your side's.
    #[arg(long)]
    partner_deals: bool,

    /// An opponent deals: the crib counts against you.
    #[arg(long)]
    pone: bool,

    /// How many players: 2 (throw two), 3 or 4 (throw one).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,

    /// How the crib's unknown cards are modelled.
    #[arg(long, value_enum, default_value_t = ModelArg::Uniform)]
    crib_model: ModelArg,

    /// Also give, for each choice, the chance that the hand alone scores at least N.
    #[arg(long, value_name = "N")]
    need: Option<u8>,

    /// Show only the best K choices.
    #[arg(long, value_name = "K")]
    top: Option<usize>,

    /// Print the table of expected crib points of every two-card throw instead.
    #[arg(long, conflicts_with_all = ["cards", "dealer", "partner_deals", "pone", "need", "top"])]
    table: bool,
}

/// Run `crib discard`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let model = match args.crib_model {
        ModelArg::Uniform => CribModel::Uniform,
    };
    if args.table {
        output::emit(out, json, &TableReport(crib_table()))?;
        return Ok(Outcome::Success);
    }
    let role = match (args.dealer, args.partner_deals, args.pone) {
        (true, _, _) => Role::Dealer,
        (_, true, _) => Role::PartnerDeals,
        (_, _, true) => Role::Pone,
        _ => anyhow::bail!(
            "say whose crib it is: --dealer, --pone, or --partner-deals (four players)"
        ),
    };
    if args.cards.is_empty() {
        anyhow::bail!("give the cards dealt to you (or --table for the table of throws)");
    }
    let dealt = parse_cards(&args.cards)?;
    let mut advice = advise(&dealt, usize::from(args.players), role, model, args.need)?;
    if let Some(top) = args.top {
        advice.choices.truncate(top);
    }
    output::emit(
        out,
        json,
        &Report {
            dealt,
            advice,
            need: args.need,
        },
    )?;
    Ok(Outcome::Success)
}

struct Report {
    dealt: Vec<Card>,
    advice: Advice,
    need: Option<u8>,
}

/// `crib discard --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// How many players.
    players: usize,
    /// `dealer`, `partner-deals` or `pone`.
    role: &'static str,
    /// The crib model: `uniform`.
    crib_model: &'static str,
    /// The cards dealt.
    #[serde(serialize_with = "output::cards")]
    dealt: &'a [Card],
    /// Every choice (or the best `--top`), best net first.
    choices: Vec<JsonChoice<'a>>,
}

/// One way to split the deal.
#[derive(Serialize)]
struct JsonChoice<'a> {
    /// The four cards kept.
    #[serde(serialize_with = "output::cards")]
    keep: &'a [Card],
    /// The cards thrown to the crib.
    #[serde(serialize_with = "output::cards")]
    throw: &'a [Card],
    /// The hand's expected points over every unseen starter.
    hand_mean: f64,
    /// The hand's fewest points.
    hand_min: u8,
    /// The hand's most points.
    hand_max: u8,
    /// The crib's expected points.
    crib_mean: f64,
    /// hand_mean plus crib_mean when the crib is yours, minus when it is an opponent's.
    net: f64,
    /// With --need: the chance the hand alone scores at least that many.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_at_least: Option<f64>,
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let advice = &self.advice;
        let json = Json {
            players: advice.players,
            role: advice.role.name(),
            crib_model: advice.model.name(),
            dealt: &self.dealt,
            choices: advice
                .choices
                .iter()
                .map(|c| JsonChoice {
                    keep: &c.keep,
                    throw: &c.throw,
                    hand_mean: c.hand_mean,
                    hand_min: c.hand_min,
                    hand_max: c.hand_max,
                    crib_mean: c.crib_mean,
                    net: c.net,
                    p_at_least: c.p_at_least,
                })
                .collect(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let advice = &self.advice;
        let whose = match advice.role {
            Role::Dealer => "you deal: the crib is yours",
            Role::PartnerDeals => "your partner deals: the crib is your side's",
            Role::Pone => "an opponent deals: the crib counts against you",
        };
        writeln!(
            out,
            "Dealt {} ({} players); {whose}.",
            symbols(&self.dealt),
            advice.players
        )?;
        writeln!(
            out,
            "Expected points, exact: every unseen starter; the crib under the {} model.\n",
            advice.model.name()
        )?;
        let crib_sign = if advice.role.owns_crib() {
            "+ crib"
        } else {
            "- crib"
        };
        let mut header = vec!["keep", "throw", "hand", "min", "max", crib_sign, "net"];
        let need_header = self.need.map(|n| format!("P(hand ≥ {n})"));
        if let Some(h) = &need_header {
            header.push(h);
        }
        let mut table = output::table(&header);
        for choice in &advice.choices {
            let mut row = vec![
                symbols(&choice.keep).to_string(),
                symbols(&choice.throw).to_string(),
                format!("{:.2}", choice.hand_mean),
                choice.hand_min.to_string(),
                choice.hand_max.to_string(),
                format!("{:.2}", choice.crib_mean),
                format!("{:.2}", choice.net),
            ];
            if let Some(p) = choice.p_at_least {
                row.push(format!("{:.1}%", p * 100.0));
            }
            table.add_row(row);
        }
        output::align_right(&mut table, &[2, 3, 4, 5, 6, 7]);
        writeln!(out, "{table}")?;
        if let Some(best) = advice.choices.first() {
            writeln!(
                out,
                "\nBest: keep {}, throw {} (net {:.2}).",
                symbols(&best.keep),
                symbols(&best.throw),
                best.net
            )?;
        }
        Ok(())
    }
}

struct TableReport(CribTable);

/// `crib discard --table --json`.
#[derive(Serialize)]
struct TableJson {
    /// The crib model: `uniform`.
    crib_model: &'static str,
    /// Every kind of two-card throw.
    throws: Vec<JsonThrow>,
    /// The average over all 1,326 two-card throws: the mean of every crib.
    mean: f64,
}

/// One kind of two-card throw.
#[derive(Serialize)]
struct JsonThrow {
    /// The two ranks thrown, low first.
    ranks: [&'static str; 2],
    /// Whether the two cards share a suit.
    suited: bool,
    /// The crib's expected points.
    crib_mean: f64,
    /// How many of the 1,326 two-card throws are of this kind.
    throws: u32,
}

impl Render for TableReport {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = TableJson {
            crib_model: CribModel::Uniform.name(),
            throws: self
                .0
                .throws
                .iter()
                .map(|t| JsonThrow {
                    ranks: [t.low.ascii(), t.high.ascii()],
                    suited: t.suited,
                    crib_mean: t.crib_mean,
                    throws: t.throws,
                })
                .collect(),
            mean: self.0.mean(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "Expected crib points of each two-card throw (uniform model: the other two crib \
             cards from the 50 unseen, the starter from the 48 left)."
        )?;
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
                    .0
                    .get(low, high, suited && low != high)
                    .map_or(f64::NAN, |t| t.crib_mean);
                cells.push(format!("{value:.2}"));
            }
            table.add_row(cells);
        }
        output::align_right(&mut table, &(1..=13).collect::<Vec<_>>());
        writeln!(out, "{table}")?;
        let describe = |t: &ThrowValue| format!("{} ({:.2})", t.name(), t.crib_mean);
        if let (Some(best), Some(worst)) = (self.0.fewest(), self.0.most()) {
            writeln!(
                out,
                "\nFewest points: {}; most: {}. Average over all 1,326 throws: {:.4}.",
                describe(best),
                describe(worst),
                self.0.mean()
            )?;
        }
        Ok(())
    }
}
