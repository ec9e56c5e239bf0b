//! `crib discard`: which cards to throw to the crib, and the table of what each throw is worth.

use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

use crib::Rank;
use crib::card::{Card, parse_cards};
use crib::discard::{
    Advice, CribModel, CribTable, PlayModel, Role, SingleThrowValue, ThrowValue, advise,
    crib_table, single_card_table,
};
use crib::expert;
use crib::pegging::{self, PegValue};
use crib::play::{DEALER, PONE};

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Every choice is valued exactly. The hand's points are averaged over every unseen starter. The
crib's are averaged over every way to complete it from the unseen cards and every starter left
(for two players, 1,035 pairs times 44 starters: 45,540 cribs for each choice), under a crib
model.

The expert model (the default for two players): the other side throws as a player who throws
well would, its two cards drawn from the throws of crib's expert model, restricted to the cards
you have not seen. The model is computed by iterated best response over all 20,358,520
six-card deals: each dealer keeps the four cards that maximise hand + crib, each pone
hand - crib, both valuing throws by the model's tables, until no value moves by more than
0.001. It counts the show only, not the play or the score on the board.

The uniform model (the default for three or four players): every unseen card is equally
likely to be anywhere, so the crib's other cards are any unseen cards.

The play (two players; --play-model none leaves it out): the points you and the opponent can
expect to peg with the four cards kept, from crib's pegging table. Every pair of hands was
played out by crib's engine on both sides, the opponent holding the hands the expert model
keeps; --play-table prints it.

The net is hand plus crib when the crib is yours (you or your partner deal), hand minus crib
when it is an opponent's, plus your pegging less the opponent's.

Near the end of a game, --scores ME-OPP ranks the choices by your chance of winning the game
instead: the opponent's six cards drawn 400 times from the cards you have not seen (seeded by
your cards), each keeping what crib discard advises; every starter; the play by crib's engine;
the deal counted in the rules' order to 121 (his heels, the play, the pone's hand, the dealer's
hand, the crib); and, if nobody gets there, the odds of crib odds from the position left.

Examples:
  crib discard 5h 5c Jd Qs 2h 9c --dealer
  crib discard 5h Jd 5c 5s 4d 6d --pone --need 16 --top 3
  crib discard 5h Jd 5c 5s 4d 6d --dealer --crib-model uniform
  crib discard --players 3 Jh 4h 5c 8s Kd --pone
  crib discard --players 4 Jh 4h 5c 8s Kd --partner-deals
  crib discard --table                       the expert tables, both seats
  crib discard --table --pone                your throw into the dealer's crib
  crib discard --table --crib-model uniform
  crib discard --table --players 3           every one-card throw
  crib discard --play-table 6 7 8 9          what 6-7-8-9 pegs, as pone and as dealer
  crib discard --play-table 5 5 --pone       every pone hand with two fives
  crib discard 5h Jd 5c 5s 4d 6d --dealer --scores 115-110
                                             at 115 to 110: play for the game, not points";

/// The crib model, as chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelArg {
    /// The other side throws as crib's expert model does (two players).
    Expert,
    /// Every set of unseen cards equally likely to complete the crib.
    Uniform,
}

/// The play model, as chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayArg {
    /// Count the pegging each side can expect with the hand kept (two players).
    Engine,
    /// Leave the play out: the show only.
    None,
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

    /// How the crib's unknown cards are modelled [default: expert for two players, uniform for
    /// three or four].
    #[arg(long, value_enum, value_name = "MODEL")]
    crib_model: Option<ModelArg>,

    /// Also give, for each choice, the chance that the hand alone scores at least N (0 to 29).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=29))]
    need: Option<u8>,

    /// How the play is counted [default: engine for two players, none for three or four].
    #[arg(long, value_enum, value_name = "MODEL")]
    play_model: Option<PlayArg>,

    /// The scores before the deal, yours first: ME-OPP. The choices are then ranked by your
    /// chance of winning the game (two players).
    #[arg(long, value_name = "ME-OPP")]
    scores: Option<String>,

    /// Show only the best K choices (1 or more).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    top: Option<u64>,

    /// Print the table of expected crib points of every throw instead: with --dealer or
    /// --pone, that seat's expert table only.
    #[arg(long, conflicts_with_all = ["cards", "partner_deals", "need", "top"])]
    table: bool,

    /// Print the pegging table instead: the points each hand of four ranks pegs, and the
    /// opponent against it, as pone and as dealer (with --dealer or --pone, that seat only).
    /// Give up to four ranks to show only the hands that hold them: --play-table 5 5.
    #[arg(long, conflicts_with_all = ["table", "partner_deals", "need", "top", "crib_model"])]
    play_table: bool,
}

/// Run `crib discard`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let model = match (args.crib_model, args.players) {
        (Some(ModelArg::Expert), _) => CribModel::Expert,
        (Some(ModelArg::Uniform), _) => CribModel::Uniform,
        (None, 2) => CribModel::Expert,
        (None, _) => CribModel::Uniform,
    };
    if args.table {
        return table(args, model, json, out);
    }
    if args.play_table {
        return play_table(args, json, out);
    }
    let play = match (args.play_model, args.players) {
        (Some(PlayArg::Engine), _) => PlayModel::Engine,
        (Some(PlayArg::None), _) => PlayModel::None,
        (None, 2) => PlayModel::Engine,
        (None, _) => PlayModel::None,
    };
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
    let mut advice = advise(
        &dealt,
        usize::from(args.players),
        role,
        model,
        play,
        args.need,
    )?;
    let p_win = match &args.scores {
        None => None,
        Some(text) => {
            if args.players != 2 || model != CribModel::Expert || play != PlayModel::Engine {
                anyhow::bail!(
                    "--scores weighs the game with crib's two-player models: two players, the \
                     expert crib model and the play counted"
                );
            }
            let scores = parse_scores(text)?;
            let odds = crib::game::endgame(&dealt, &advice.choices, role, scores);
            // Rank by the chance of winning; the best on points keeps its place on a tie.
            let mut ranked: Vec<_> = advice.choices.drain(..).zip(odds).collect();
            ranked.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
            let (choices, odds): (Vec<_>, Vec<_>) = ranked.into_iter().unzip();
            advice.choices = choices;
            Some((scores, odds))
        }
    };
    if let Some(top) = args.top {
        advice
            .choices
            .truncate(usize::try_from(top).unwrap_or(usize::MAX));
    }
    output::emit(
        out,
        json,
        &Report {
            dealt,
            advice,
            need: args.need,
            p_win,
        },
    )?;
    Ok(Outcome::Success)
}

struct Report {
    dealt: Vec<Card>,
    advice: Advice,
    need: Option<u8>,
    /// With --scores: the scores, and each choice's chance of winning with its standard error.
    p_win: Option<GameOdds>,
}

/// The scores (mine, the opponent's), and each choice's chance of winning the game with its
/// standard error.
type GameOdds = ([u32; 2], Vec<(f64, f64)>);

/// `ME-OPP`, each 0 to 120.
fn parse_scores(text: &str) -> anyhow::Result<[u32; 2]> {
    output::score_pair(
        text,
        "--scores",
        "your score and the opponent's",
        "ME-OPP (for example 115-110)",
    )
}

/// `crib discard --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// How many players.
    players: usize,
    /// `dealer`, `partner-deals` or `pone`.
    role: &'static str,
    /// The crib model: `expert` or `uniform`.
    crib_model: &'static str,
    /// The play model: `engine` or `none`.
    play_model: &'static str,
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
    /// With the play counted: the points you can expect to peg.
    #[serde(skip_serializing_if = "Option::is_none")]
    peg_mean: Option<f64>,
    /// With the play counted: the points the opponent can expect to peg.
    #[serde(skip_serializing_if = "Option::is_none")]
    peg_opp_mean: Option<f64>,
    /// hand_mean plus crib_mean when the crib is yours, minus when it is an opponent's; with the
    /// play counted, plus peg_mean less peg_opp_mean.
    net: f64,
    /// With --need: the chance the hand alone scores at least that many.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_at_least: Option<f64>,
    /// With --scores: the chance of winning the game with this choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_win: Option<f64>,
    /// With --scores: its standard error.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_win_se: Option<f64>,
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let advice = &self.advice;
        let json = Json {
            players: advice.players,
            role: advice.role.name(),
            crib_model: advice.model.name(),
            play_model: advice.play.name(),
            dealt: &self.dealt,
            choices: advice
                .choices
                .iter()
                .enumerate()
                .map(|(i, c)| JsonChoice {
                    keep: &c.keep,
                    throw: &c.throw,
                    hand_mean: c.hand_mean,
                    hand_min: c.hand_min,
                    hand_max: c.hand_max,
                    crib_mean: c.crib_mean,
                    peg_mean: c.peg.map(|p| p.mine),
                    peg_opp_mean: c.peg.map(|p| p.theirs),
                    net: c.net,
                    p_at_least: c.p_at_least,
                    p_win: self.p_win.as_ref().map(|(_, odds)| odds[i].0),
                    p_win_se: self.p_win.as_ref().map(|(_, odds)| odds[i].1),
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
            output::cards_text(&self.dealt),
            advice.players
        )?;
        let play = match advice.play {
            PlayModel::Engine => "; the play from crib's pegging table",
            PlayModel::None => "; the play left out",
        };
        writeln!(
            out,
            "Expected points, exact: every unseen starter; the crib under the {} model{play}.\n",
            advice.model.name()
        )?;
        let crib_sign = if advice.role.owns_crib() {
            "+ crib"
        } else {
            "- crib"
        };
        let counts_play = advice.play == PlayModel::Engine;
        let mut header = vec!["keep", "throw", "hand", "min", "max", crib_sign];
        if counts_play {
            header.extend(["+ peg", "- opp peg"]);
        }
        header.push("net");
        let need_header = self.need.map(|n| format!("P(hand ≥ {n})"));
        if let Some(h) = &need_header {
            header.push(h);
        }
        if self.p_win.is_some() {
            header.push("P(win)");
        }
        let mut table = output::table(&header);
        for (i, choice) in advice.choices.iter().enumerate() {
            let mut row = vec![
                output::cards_text(&choice.keep).to_string(),
                output::cards_text(&choice.throw).to_string(),
                format!("{:.2}", choice.hand_mean),
                choice.hand_min.to_string(),
                choice.hand_max.to_string(),
                format!("{:.2}", choice.crib_mean),
            ];
            if let Some(peg) = choice.peg {
                row.extend([format!("{:.2}", peg.mine), format!("{:.2}", peg.theirs)]);
            }
            row.push(format!("{:.2}", choice.net));
            if let Some(p) = choice.p_at_least {
                row.push(format!("{:.1}%", p * 100.0));
            }
            if let Some((_, odds)) = &self.p_win {
                row.push(format!("{:.1}%", odds[i].0 * 100.0));
            }
            table.add_row(row);
        }
        output::align_right(&mut table, &(2..header.len()).collect::<Vec<_>>());
        writeln!(out, "{table}")?;
        if let (Some(([me, opponent], odds)), Some(best)) = (&self.p_win, advice.choices.first()) {
            let on_points = advice
                .choices
                .iter()
                .max_by(|a, b| a.net.total_cmp(&b.net))
                .unwrap_or(best);
            writeln!(
                out,
                "\nAt {me}-{opponent}, best for the game: keep {}, throw {} (wins {}, ± {:.1}).",
                output::cards_text(&best.keep),
                output::cards_text(&best.throw),
                output::bold(format!("{:.1}%", odds[0].0 * 100.0)),
                odds[0].1 * 100.0
            )?;
            if on_points.keep != best.keep {
                writeln!(
                    out,
                    "Best on average points: keep {}, throw {} (net {:.2}).",
                    output::cards_text(&on_points.keep),
                    output::cards_text(&on_points.throw),
                    on_points.net
                )?;
            }
            writeln!(
                out,
                "The chance of winning: {} draws of the opponent's cards, every starter, the \
                 play by crib's\nengine, the deal counted to 121, then the odds of crib odds.",
                crib::game::ENDGAME_SAMPLES
            )?;
        } else if let Some(best) = advice.choices.first() {
            writeln!(
                out,
                "\nBest: keep {}, throw {} (net {}).",
                output::cards_text(&best.keep),
                output::cards_text(&best.throw),
                output::bold(format!("{:.2}", best.net))
            )?;
        }
        Ok(())
    }
}

/// `crib discard --table`: the tables asked for, one after the other.
fn table(
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
        if model == CribModel::Expert {
            anyhow::bail!(
                "the expert crib model is computed for two players, where each throws two \
                 cards; with {} players each throws one, and crib has no model of how players \
                 who throw well choose it: use --crib-model uniform",
                args.players
            );
        }
        let report = SingleTableReport {
            players: args.players,
            role,
            throws: single_card_table(),
        };
        output::emit(out, json, &report)?;
        return Ok(Outcome::Success);
    }
    let tables: Vec<(Option<Role>, CribTable)> = match (model, role) {
        (CribModel::Uniform, role) => vec![(role, crib_table())],
        (CribModel::Expert, Some(role)) => vec![(Some(role), expert::model().table(role))],
        (CribModel::Expert, None) => [Role::Dealer, Role::Pone]
            .into_iter()
            .map(|role| (Some(role), expert::model().table(role)))
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

/// `crib discard --play-table`: the pegging table, for every hand or those holding the ranks
/// given.
fn play_table(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.players != 2 {
        anyhow::bail!(
            "the pegging table is computed for two players, not {}",
            args.players
        );
    }
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
        wanted[usize::from(card.rank().number())] += 1;
    }
    let seats: Vec<usize> = match (args.dealer, args.pone) {
        (true, _) => vec![DEALER],
        (_, true) => vec![PONE],
        _ => vec![PONE, DEALER],
    };
    let table = pegging::table();
    let mut hands: Vec<(usize, [u8; 4])> = pegging::rank_hands()
        .into_iter()
        .enumerate()
        .filter(|(_, hand)| {
            (1..=13u8).all(|r| {
                hand.iter().filter(|&&x| x == r).count() >= usize::from(wanted[usize::from(r)])
            })
        })
        .collect();
    // Looked up by the hand's ranks, lowest first.
    hands.sort_by_key(|&(_, hand)| hand);
    let rows = hands
        .into_iter()
        .map(|(n, hand)| PlayRow {
            hand,
            values: seats
                .iter()
                .map(|&seat| {
                    (
                        seat,
                        if seat == DEALER {
                            table.dealer[n]
                        } else {
                            table.pone[n]
                        },
                    )
                })
                .collect(),
        })
        .collect();
    let means = seats
        .iter()
        .map(|&seat| (seat, pegging::seat_mean(table, seat)))
        .collect();
    output::emit(out, json, &PlayTableReport { seats, rows, means })?;
    Ok(Outcome::Success)
}

/// One hand of the pegging table, with its values in the seats asked for.
struct PlayRow {
    hand: [u8; 4],
    values: Vec<(usize, PegValue)>,
}

struct PlayTableReport {
    seats: Vec<usize>,
    rows: Vec<PlayRow>,
    /// Each seat's mean over the hands the expert model keeps there.
    means: Vec<(usize, PegValue)>,
}

fn seat_name(seat: usize) -> &'static str {
    if seat == DEALER { "dealer" } else { "pone" }
}

fn rank_text(rank: u8) -> &'static str {
    Rank::new(rank).map_or("?", Rank::ascii)
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
                    pone: value(row, PONE),
                    dealer: value(row, DEALER),
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
            let mut cells = vec![
                row.hand
                    .iter()
                    .map(|&r| rank_text(r))
                    .collect::<Vec<_>>()
                    .join(" "),
            ];
            for (_, v) in &row.values {
                cells.extend([
                    format!("{:.2}", v.mine),
                    format!("{:.2}", v.theirs),
                    format!("{:+.2}", v.net()),
                ]);
            }
            table.add_row(cells);
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
    throws: Vec<SingleThrowValue>,
}

impl SingleTableReport {
    /// The average over all 52 single cards: the mean of every crib.
    fn mean(&self) -> f64 {
        self.throws.iter().map(|t| t.crib_mean).sum::<f64>() / self.throws.len() as f64
    }
}

impl Render for SingleTableReport {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = TableJson {
            crib_model: CribModel::Uniform.name(),
            role: role_name(self.role),
            throws: self
                .throws
                .iter()
                .map(|t| JsonThrow {
                    ranks: vec![t.rank.ascii()],
                    suited: false,
                    crib_mean: t.crib_mean,
                    throws: 4,
                    share: None,
                })
                .collect(),
            mean: self.mean(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "Expected crib points of each one-card throw with {} players (uniform model: the \
             other three crib cards from the 51 unseen, the starter from the 48 left).\n",
            self.players
        )?;
        let mut table = output::table(&["throw", "crib"]);
        for t in &self.throws {
            table.add_row(vec![
                t.rank.ascii().to_owned(),
                format!("{:.2}", t.crib_mean),
            ]);
        }
        output::align_right(&mut table, &[1]);
        writeln!(out, "{table}")?;
        writeln!(out, "\nAverage over all 52 cards: {:.4}.", self.mean())?;
        Ok(())
    }
}
