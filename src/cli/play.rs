//! `crib play`: which card to play next, with what each is worth to the end of the deal; and
//! `crib play -`, the same as an engine that reads requests as JSON Lines.

use std::io::{self, Read, Write};

use serde::Serialize;

use crib::advice::play::{OpponentModel, advise_play};
use crib::model::Models;
use crib::rules::card::{Card, parse_cards};
use crib::rules::play::Seat;
use crib::rules::sequence::{parse_tokens, quoting};
use crib::rules::view::View;
use crib::search::engine::{CardValue, PlayAdvice};

use super::Outcome;
use super::output::{self, Render};
use super::request::Request;
use super::serve::{Answer, Lined, serve_json_lines};

pub const AFTER_HELP: &str = "\
Give your four cards, your seat, and the play so far in the notation of crib peg (the pone's
card first, 'go' where a player passes; a card that would pass 31 starts a new count). The
starter and your throw are cards you have seen: the opponent cannot hold them.

Every legal card is valued to the end of the deal: your expected points (mine), the opponent's
(theirs), and the difference (net), best first. The search takes every hand the opponent could
hold, by ranks, consistent with the play so far (a player who said go holds nothing that
fits), each weighted by how many sets of unseen cards it stands for; solves the rest of the
deal for each as if both players could see all the cards, each playing for their own points
less the other's; and averages. This is perfect-information Monte Carlo, taken exhaustively.

Examples:
  crib play --hand 6h 7c 8d 9s --pone       what to lead
  crib play --hand 6h 7c 8d 9s --pone 8d 10 the play so far
  crib play --hand 5h 5c Jd Ks --dealer --starter 4c --thrown 2h 3s 10 5c 6
  crib play -                               the engine: JSON Lines on stdin

With --opponent expert, each hand the opponent could hold is weighted by how much likelier
crib's expert crib model (see crib discard) is to keep it, with the cards they have played,
than four cards drawn at random.

A request to the engine is one line of JSON: {\"hand\": [\"5h\", ...], \"role\": \"dealer\",
\"sequence\": [\"10\", \"5c\", \"6\"], \"starter\": \"4c\", \"thrown\": [\"2h\", \"3s\"],
\"opponent\": \"expert\"} (starter, thrown and opponent may be left out). Each gets one line of JSON in answer, flushed, in order; a bad request
gets {\"line\": N, \"error\": \"...\"} and the engine reads on.";

/// Arguments of `crib play`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("seat").args(["dealer", "pone"]))]
pub struct Args {
    /// Your four cards for the play.
    #[arg(long, num_args = 4, value_name = "CARD")]
    hand: Vec<String>,

    /// You deal: you play second.
    #[arg(long)]
    dealer: bool,

    /// The dealer is your opponent: you lead.
    #[arg(long)]
    pone: bool,

    /// The starter, if you know it.
    #[arg(long, value_name = "CARD")]
    starter: Option<String>,

    /// The cards you threw to the crib.
    #[arg(long, num_args = 1..=2, value_name = "CARD")]
    thrown: Vec<String>,

    /// How the opponent's hidden cards are weighted: every set of unseen cards alike
    /// (uniform), or by how likely crib's expert crib model is to keep the hand they make.
    #[arg(long, value_enum, default_value_t = OpponentArg::Uniform, value_name = "MODEL")]
    opponent: OpponentArg,

    /// How many players (only 2 for now).
    #[arg(long, default_value_t = 2, value_parser = super::usage::number_in(2u8, 4))]
    players: u8,

    /// The play so far (cards and 'go'), or '-' alone to read requests as JSON Lines.
    #[arg(value_name = "CARD|go")]
    sequence: Vec<String>,
}

/// The opponent model, as chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OpponentArg {
    /// Every set of unseen cards equally likely.
    Uniform,
    /// Weighted by how likely the expert crib model is to keep the hand.
    Expert,
}

impl From<OpponentArg> for OpponentModel {
    fn from(arg: OpponentArg) -> OpponentModel {
        match arg {
            OpponentArg::Uniform => OpponentModel::Uniform,
            OpponentArg::Expert => OpponentModel::Expert,
        }
    }
}

/// Run `crib play`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.players != 2 {
        anyhow::bail!(
            "crib play advises two players for now; three and four players are not searched yet"
        );
    }
    if args.sequence == ["-"] {
        let ignored = [
            (!args.hand.is_empty(), "--hand"),
            (args.dealer, "--dealer"),
            (args.pone, "--pone"),
            (args.starter.is_some(), "--starter"),
            (!args.thrown.is_empty(), "--thrown"),
        ];
        if let Some((_, flag)) = ignored.iter().find(|(given, _)| *given) {
            anyhow::bail!(
                "{flag}: 'crib play -' reads each position from its request, so only \
                 --opponent (the default for requests that leave it out) goes with it"
            );
        }
        return engine(io::stdin(), args.opponent.into(), out);
    }
    let seat = match (args.pone, args.dealer) {
        (true, _) => Seat::PONE,
        (_, true) => Seat::DEALER,
        _ => anyhow::bail!("say your seat: --pone (you lead) or --dealer"),
    };
    if args.hand.is_empty() {
        anyhow::bail!("give your four cards with --hand, e.g. --hand 6h 7c 8d 9s");
    }
    let report = Report::new(
        &args.hand,
        seat,
        args.starter.as_deref(),
        &args.thrown,
        &args.sequence,
        args.opponent.into(),
    )?;
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

/// The fields of a request to the engine, and one.
const FIELDS: [&str; 6] = ["hand", "role", "sequence", "starter", "thrown", "opponent"];
const EXAMPLE: &str = "{\"hand\": [\"5h\", \"5c\", \"Jd\", \"Ks\"], \"role\": \"dealer\", \
                       \"sequence\": [\"10\", \"5c\", \"6\"]}";
const CARDS: &str = "a list of cards, e.g. [\"5h\", \"5c\", \"Jd\", \"Ks\"]";

/// Answer requests, one JSON line each, flushed, in order; bad ones with an error object.
fn engine(
    input: impl Read,
    opponent: OpponentModel,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let hint = format!(
        "crib play: reading positions as JSON Lines from the terminal, one per line, e.g. \
         {EXAMPLE}. End with Ctrl-D; see 'crib play --help'."
    );
    serve_json_lines(input, true, &hint, out, |line| {
        let request = Request::parse(line, &FIELDS, EXAMPLE)?;
        let role = request.required_string("role", "\"pone\" or \"dealer\"")?;
        let seat = match role.as_str() {
            "pone" => Seat::PONE,
            "dealer" => Seat::DEALER,
            other => anyhow::bail!(
                "role {}: expected \"pone\" or \"dealer\"",
                crib::rules::quote::quoted(other)
            ),
        };
        let opponent = match request.string("opponent", "\"uniform\" or \"expert\"")? {
            None => opponent,
            Some(name) => match name.as_str() {
                "uniform" => OpponentModel::Uniform,
                "expert" => OpponentModel::Expert,
                other => anyhow::bail!(
                    "opponent {}: expected \"uniform\" or \"expert\"",
                    crib::rules::quote::quoted(other)
                ),
            },
        };
        Ok(Report::new(
            &request.required_strings("hand", CARDS)?,
            seat,
            request.string("starter", "a card, e.g. \"4c\"")?.as_deref(),
            &request.strings("thrown", CARDS)?,
            &request.strings("sequence", "the play so far, e.g. [\"10\", \"5c\", \"go\"]")?,
            opponent,
        )?)
    })
}

struct Report {
    view: View<2>,
    sequence: Vec<String>,
    opponent: OpponentModel,
    advice: PlayAdvice,
}

impl Report {
    fn new(
        hand: &[String],
        seat: Seat,
        starter: Option<&str>,
        thrown: &[String],
        sequence: &[String],
        opponent: OpponentModel,
    ) -> crib::Result<Report> {
        let hand = parse_cards(hand)?;
        let mut seen = parse_cards(thrown)?;
        if let Some(starter) = starter {
            seen.push(starter.parse::<Card>()?);
        }
        let tokens = parse_tokens(sequence, 2)?;
        let view = View::new(&hand, seat, &seen, &tokens).map_err(|err| quoting(err, sequence))?;
        let advice = advise_play(Models::committed(), &view, opponent);
        Ok(Report {
            view,
            sequence: tokens.iter().map(ToString::to_string).collect(),
            opponent,
            advice,
        })
    }

    fn role(&self) -> &'static str {
        self.view.seat.name(2)
    }
}

/// `crib play --json`, and each answer of the engine. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// The four cards for the play.
    #[serde(serialize_with = "output::cards")]
    hand: &'a [Card],
    /// `pone` or `dealer`.
    role: &'static str,
    /// The play so far: cards in ASCII notation, and "go".
    sequence: &'a [String],
    /// The count.
    count: u8,
    /// Every legal card, best net first; empty when no card fits (the answer is go).
    options: Vec<JsonOption>,
    /// The best card, or "go".
    best: String,
    /// How many holdings of the opponent's (by ranks) were searched.
    holdings: usize,
    /// How the opponent's hidden cards were weighted: `uniform` or `expert`.
    opponent: &'static str,
}

/// One legal card.
#[derive(Serialize)]
struct JsonOption {
    /// The card.
    #[serde(serialize_with = "output::card")]
    card: Card,
    /// The points it scores at once.
    now: u32,
    /// Why: "fifteen 2", "pair 2", "run of 3", "31 for 2", "last card 1".
    reasons: Vec<String>,
    /// Your expected points for the rest of the deal, this card's included.
    mine: f64,
    /// The opponent's expected points for the rest of the deal.
    theirs: f64,
    /// mine - theirs.
    net: f64,
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

impl Report {
    fn json_doc(&self) -> Json<'_> {
        let options: Vec<JsonOption> = self
            .advice
            .options
            .iter()
            .map(|o| JsonOption {
                card: o.card,
                now: o.now_points(),
                reasons: o.now.iter().map(ToString::to_string).collect(),
                mine: o.mine,
                theirs: o.theirs,
                net: o.net(),
            })
            .collect();
        let best = options
            .first()
            .map_or_else(|| "go".to_owned(), |o| o.card.to_string());
        Json {
            hand: &self.view.hand,
            role: self.role(),
            sequence: &self.sequence,
            count: self.view.count(),
            options,
            best,
            holdings: self.advice.holdings,
            opponent: self.opponent.name(),
        }
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(out, &self.json_doc())
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let played: Vec<String> = self
            .view
            .played
            .iter()
            .map(|&(_, c)| output::card_text(c).to_string())
            .collect();
        writeln!(
            out,
            "Your hand {} ({}); played so far: {}; the count is {}.",
            output::cards_text(&self.view.hand),
            self.role(),
            if played.is_empty() {
                "nothing".to_owned()
            } else {
                played.join(" ")
            },
            self.view.count()
        )?;
        writeln!(
            out,
            "Expected points to the end of the deal, over {} hands the opponent could hold{}.\n",
            crib::rules::quote::thousands(self.advice.holdings as u64),
            match self.opponent {
                OpponentModel::Uniform => "",
                OpponentModel::Expert => ", weighted as crib's expert model keeps them",
            }
        )?;
        let Some(best) = self.advice.options.first() else {
            writeln!(out, "No card fits: say go.")?;
            return Ok(());
        };
        let mut table = output::table(&["card", "now", "why", "mine", "theirs", "net"]);
        for o in &self.advice.options {
            let why: Vec<String> = o.now.iter().map(ToString::to_string).collect();
            table.add_row(vec![
                output::card_text(o.card).to_string(),
                o.now_points().to_string(),
                why.join(", "),
                format!("{:.2}", o.mine),
                format!("{:.2}", o.theirs),
                format!("{:+.2}", o.net()),
            ]);
        }
        output::align_right(&mut table, &[1, 3, 4, 5]);
        writeln!(out, "{table}")?;
        writeln!(
            out,
            "\nBest: {} (net {}).",
            output::card_text(best.card),
            output::bold(format!("{:+.2}", best.net()))
        )?;
        self.why_best(out)
    }
}

impl Report {
    /// Which cards are as good as the best, and where the best beats the next best.
    fn why_best(&self, out: &mut dyn Write) -> io::Result<()> {
        let options = &self.advice.options;
        let Some(best) = options.first() else {
            return Ok(());
        };
        let alike = |o: &&CardValue| o.mine == best.mine && o.theirs == best.theirs;
        let as_good: Vec<String> = options[1..]
            .iter()
            .take_while(alike)
            .map(|o| output::card_text(o.card).to_string())
            .collect();
        if !as_good.is_empty() {
            writeln!(out, "As good: {}.", as_good.join(", "))?;
        }
        if let Some(next) = options[1..].iter().find(|o| !alike(o)) {
            writeln!(
                out,
                "It beats the {} by {:.2}: {:+.2} for you, {:+.2} for the opponent.",
                output::card_text(next.card),
                best.net() - next.net(),
                best.mine - next.mine,
                best.theirs - next.theirs
            )?;
        }
        Ok(())
    }
}
