//! `crib deal`: a whole deal counted on the board, in the rules' counting order, to 121; and
//! `crib deal -`, the same for deals read as JSON Lines.

use std::io::{self, Write};

use serde::Serialize;

use crib::rules::board::{BoardEvent, Counted, Deal, GAME, KeepProblem, Scores, count, kept};
use crib::rules::card::{Card, parse_cards};
use crib::rules::play::Seat;
use crib::rules::sequence::{parse_tokens, quoting};

use super::Outcome;
use super::output::{self, Render};
use super::request::Request;
use super::serve::{Answer, Lined, serve_json_lines};

pub const AFTER_HELP: &str = "\
Give both hands, the crib (or each side's throw), the starter, and the play in the notation of
crib peg, and crib counts the deal on the board in the rules' order: his heels (a jack turned:
2 for the dealer), the play card by card, the pone's hand, the dealer's hand, the crib. The
game stops the moment a player reaches 121; what was never counted is named, and so is a skunk
(the loser short of 91) or a double skunk (short of 61).

A hand is the four cards kept, or the six dealt with --pone-throw or --dealer-throw naming the
two thrown; with both throws given, --crib is not needed. The play must be whole (all eight
cards), and it is checked: each card must be in the hand of the player whose turn it is, and
each go must be real (a go, or a count that ends, while a card that fits is held is refused).
Put --starter last, or -- before the play, so that the play is not read as a hand's cards.

Examples (-p, -d, -c and -s are --pone, --dealer, --crib and --starter):
  crib deal -p 5h 5c Jd Ks -d 4c 4d 6h 6s -c 2h 3s 7c 8d -s 5s K 6 5 4 5 6 J 4
  crib deal --scores 110-115 -p 5h 5c Jd Ks 2h 3s --pone-throw 2h 3s \\
      -d 4c 4d 6h 6s --dealer-throw 7c 8d -s 5s K 6 5 4 5 go 6 J 4
  crib deal -         deals as JSON Lines on stdin, one answer a line

A deal as JSON: {\"pone\": [\"5h\", \"5c\", \"Jd\", \"Ks\"], \"dealer\": [...], \"crib\": [...] (or
\"pone_throw\" and \"dealer_throw\"), \"starter\": \"5s\", \"play\": [\"K\", \"6\", ...],
\"scores\": {\"dealer\": 110, \"pone\": 115}} (scores may be left out: 0-0).";

/// Arguments of `crib deal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pone's four cards kept, or the six dealt with --pone-throw.
    #[arg(long, short, num_args = 4..=6, value_name = "CARD")]
    pone: Vec<String>,

    /// The dealer's four cards kept, or the six dealt with --dealer-throw.
    #[arg(long, short, num_args = 4..=6, value_name = "CARD")]
    dealer: Vec<String>,

    /// The two cards the pone threw to the crib.
    #[arg(long, num_args = 2, value_name = "CARD")]
    pone_throw: Vec<String>,

    /// The two cards the dealer threw to the crib.
    #[arg(long, num_args = 2, value_name = "CARD")]
    dealer_throw: Vec<String>,

    /// The crib's four cards (instead of both throws).
    #[arg(long, short, num_args = 4, value_name = "CARD")]
    crib: Vec<String>,

    /// The starter.
    #[arg(long, short, value_name = "CARD")]
    starter: Option<String>,

    /// The scores before the deal, the dealer's first: 110-115 [default: 0-0].
    #[arg(long, value_name = "DEALER-PONE")]
    scores: Option<String>,

    /// The play (cards and 'go'), or '-' alone to read deals as JSON Lines.
    #[arg(value_name = "CARD|go")]
    play: Vec<String>,
}

/// Scores by seat, as JSON.
#[derive(Debug, Clone, Copy, Serialize)]
struct ScoresJson {
    dealer: u32,
    pone: u32,
}

impl ScoresJson {
    /// The scores indexed by seat, as the library keeps them.
    fn by_seat(self) -> Scores {
        let mut scores = [0; 2];
        scores[Seat::DEALER.index()] = self.dealer;
        scores[Seat::PONE.index()] = self.pone;
        scores
    }
}

impl From<Scores> for ScoresJson {
    fn from(scores: Scores) -> ScoresJson {
        ScoresJson {
            dealer: scores[Seat::DEALER.index()],
            pone: scores[Seat::PONE.index()],
        }
    }
}

/// The fields of a deal read as JSON, and one.
const FIELDS: [&str; 8] = [
    "pone",
    "dealer",
    "pone_throw",
    "dealer_throw",
    "crib",
    "starter",
    "play",
    "scores",
];
const EXAMPLE: &str = "{\"pone\": [\"5h\", \"5c\", \"Jd\", \"Ks\"], \"dealer\": [...], \
                       \"crib\": [...], \"starter\": \"5s\", \"play\": [\"K\", \"6\", ...]}";
const CARDS: &str = "a list of cards, e.g. [\"5h\", \"5c\", \"Jd\", \"Ks\"]";

/// Run `crib deal`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.play == ["-"] {
        let ignored = [
            (!args.pone.is_empty(), "--pone"),
            (!args.dealer.is_empty(), "--dealer"),
            (!args.pone_throw.is_empty(), "--pone-throw"),
            (!args.dealer_throw.is_empty(), "--dealer-throw"),
            (!args.crib.is_empty(), "--crib"),
            (args.starter.is_some(), "--starter"),
            (args.scores.is_some(), "--scores"),
        ];
        if let Some((_, flag)) = ignored.iter().find(|(given, _)| *given) {
            anyhow::bail!(
                "{flag}: 'crib deal -' reads each deal from its line of JSON; give it there"
            );
        }
        return engine(out);
    }
    let deal = read_deal(
        &args.pone,
        &args.dealer,
        &args.pone_throw,
        &args.dealer_throw,
        &args.crib,
        args.starter.as_deref(),
        &args.play,
        parse_scores(args.scores.as_deref().unwrap_or("0-0"))?,
    )?;
    output::emit(out, json, &Report(count_deal(&deal, &args.play)?))?;
    Ok(Outcome::Success)
}

/// Count a deal, its errors quoting the play's tokens as typed.
fn count_deal(deal: &Deal, play: &[String]) -> crib::Result<Counted> {
    count(deal).map_err(|err| quoting(err, play))
}

/// The name of a seat of a two-player deal: `pone` or `dealer`.
fn seat_name(seat: Seat) -> &'static str {
    seat.name(2)
}

/// Count deals read as JSON Lines, a line each.
fn engine(out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let hint = format!(
        "crib deal: reading deals as JSON Lines from the terminal, one per line, e.g. \
         {EXAMPLE}. End with Ctrl-D; see 'crib deal --help'."
    );
    serve_json_lines(io::stdin(), true, &hint, out, |line| {
        let request = Request::parse(line, &FIELDS, EXAMPLE)?;
        let scores = match request.scores("scores", &["dealer", "pone"])? {
            Some(by_name) => ScoresJson {
                dealer: by_name[0],
                pone: by_name[1],
            }
            .by_seat(),
            None => [0, 0],
        };
        let play = request.required_strings("play", "the play, e.g. [\"K\", \"6\", \"go\"]")?;
        let deal = read_deal(
            &request.required_strings("pone", CARDS)?,
            &request.required_strings("dealer", CARDS)?,
            &request.strings("pone_throw", CARDS)?,
            &request.strings("dealer_throw", CARDS)?,
            &request.strings("crib", CARDS)?,
            Some(&request.required_string("starter", "a card, e.g. \"5s\"")?),
            &play,
            scores,
        )?;
        Ok(Report(count_deal(&deal, &play)?))
    })
}

/// `DEALER-PONE`, each 0 to 120, by seat.
fn parse_scores(text: &str) -> anyhow::Result<Scores> {
    let [dealer, pone] = output::score_pair(
        text,
        "--scores",
        "the dealer's score and the pone's",
        "DEALER-PONE (for example 110-115)",
    )?;
    Ok(ScoresJson { dealer, pone }.by_seat())
}

/// One side's four cards kept and its throw, from four cards (the throw given apart) or six.
fn kept_hand(
    seat: Seat,
    cards: &[String],
    throw: &[String],
) -> anyhow::Result<([Card; 4], Vec<Card>)> {
    let name = seat_name(seat);
    let cards = parse_cards(cards)?;
    let throw = parse_cards(throw)?;
    let keep = kept(&cards, &throw).map_err(|problem| match problem {
        KeepProblem::ThrowNotNamed => anyhow::anyhow!(
            "the {name} was given six cards: name the two thrown with --{name}-throw"
        ),
        KeepProblem::NotDealt(card) => anyhow::anyhow!(
            "--{name}-throw {}: not one of the {name}'s six cards",
            card.show(output::notation())
        ),
        KeepProblem::NoCards => {
            anyhow::anyhow!("give the {name}'s cards with --{name} (four kept, or the six dealt)")
        }
        KeepProblem::Count(n) => {
            anyhow::anyhow!("the {name}'s hand: expected four cards kept or the six dealt, not {n}")
        }
        KeepProblem::ThrowRepeats => {
            anyhow::anyhow!("--{name}-throw names the same card twice: the {name} must keep four")
        }
    })?;
    Ok((keep, throw))
}

/// A deal from its parts, as given on the command line or in JSON.
#[allow(clippy::too_many_arguments)]
fn read_deal(
    pone: &[String],
    dealer: &[String],
    pone_throw: &[String],
    dealer_throw: &[String],
    crib: &[String],
    starter: Option<&str>,
    play: &[String],
    scores: Scores,
) -> anyhow::Result<Deal> {
    let (pone, pone_threw) = kept_hand(Seat::PONE, pone, pone_throw)?;
    let (dealer, dealer_threw) = kept_hand(Seat::DEALER, dealer, dealer_throw)?;
    let crib: [Card; 4] = if crib.is_empty() {
        let thrown: Vec<Card> = pone_threw.into_iter().chain(dealer_threw).collect();
        thrown.try_into().map_err(|_| {
            anyhow::anyhow!(
                "give the crib: --crib with its four cards, or both throws with --pone-throw and \
                 --dealer-throw"
            )
        })?
    } else {
        if !pone_threw.is_empty() || !dealer_threw.is_empty() {
            anyhow::bail!("give the crib once: --crib, or the two throws, not both");
        }
        parse_cards(crib)?
            .try_into()
            .map_err(|_| anyhow::anyhow!("--crib takes four cards"))?
    };
    let Some(starter) = starter else {
        anyhow::bail!("give the starter with --starter");
    };
    if play.is_empty() {
        anyhow::bail!(
            "give the play, in the notation of crib peg, after the options (for example: \
             --starter 5s K 6 5 4 5 go 6 J 4)"
        );
    }
    let starter = starter.parse()?;
    Ok(Deal {
        pone,
        dealer,
        crib,
        starter,
        play: parse_tokens(play, 2)?,
        scores,
    })
}

struct Report(Counted);

/// One event in `crib deal --json`.
#[derive(Serialize)]
struct EventJson {
    /// `heels`, `play`, `pone hand`, `dealer hand` or `crib`.
    phase: String,
    /// `pone` or `dealer`.
    player: &'static str,
    /// The card that scored, for a card of the play; null otherwise.
    card: Option<output::Ascii>,
    /// Its points.
    points: u32,
    /// Why.
    reasons: Vec<String>,
    /// The scores after it; none for an event never counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<ScoresJson>,
}

impl EventJson {
    /// An event counted on the board, with the scores after it.
    fn counted(event: &BoardEvent) -> EventJson {
        EventJson {
            scores: Some(event.scores.into()),
            ..EventJson::uncounted(event)
        }
    }

    /// An event never counted: the game ended first, so it has no scores after it.
    fn uncounted(event: &BoardEvent) -> EventJson {
        EventJson {
            phase: event.phase.name(2),
            player: seat_name(event.player),
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
    /// The scores before the deal.
    start_scores: ScoresJson,
    /// Every event counted, in order.
    events: Vec<EventJson>,
    /// `pone`, `dealer`, or null when nobody reached 121.
    winner: Option<&'static str>,
    /// The scores at the end.
    final_scores: ScoresJson,
    /// `skunk`, `double skunk`, or null.
    skunk: Option<&'static str>,
    /// What was never counted because the game ended, without scores.
    uncounted: Vec<EventJson>,
}

impl Report {
    fn json_doc(&self) -> Json {
        let c = &self.0;
        Json {
            start_scores: c.start.into(),
            events: c.events.iter().map(EventJson::counted).collect(),
            winner: c.winner.map(seat_name),
            final_scores: c.final_scores.into(),
            skunk: c.skunk.map(|s| s.name()),
            uncounted: c.uncounted.iter().map(EventJson::uncounted).collect(),
        }
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
        writeln!(
            out,
            "Before the deal: dealer {}, pone {} (first to {GAME}).\n",
            c.start[Seat::DEALER.index()],
            c.start[Seat::PONE.index()]
        )?;
        let mut table = output::table(&["phase", "player", "points", "why", "dealer", "pone"]);
        for event in &c.events {
            let phase = match event.card {
                Some(card) => format!("play {}", output::card_text(card)),
                None => event.phase.name(2),
            };
            table.add_row(vec![
                phase,
                seat_name(event.player).to_owned(),
                event.points.to_string(),
                if event.points == 0 {
                    "nothing".to_owned()
                } else {
                    let reasons: Vec<String> =
                        event.reasons.iter().map(ToString::to_string).collect();
                    reasons.join(", ")
                },
                event.scores[Seat::DEALER.index()].to_string(),
                event.scores[Seat::PONE.index()].to_string(),
            ]);
        }
        output::align_right(&mut table, &[2, 4, 5]);
        writeln!(out, "{table}")?;
        let [pone, dealer] = [
            c.final_scores[Seat::PONE.index()],
            c.final_scores[Seat::DEALER.index()],
        ];
        match c.winner {
            Some(winner) => {
                let last = c.events.last().map_or(String::new(), |e| e.phase.name(2));
                let skunk = c
                    .skunk
                    .map_or(String::new(), |s| format!(": a {}", s.name()));
                writeln!(
                    out,
                    "\n{} The {} reaches {GAME} on the {last} and wins, {} to {}{skunk}.",
                    output::bold("Game."),
                    seat_name(winner),
                    c.final_scores[winner.index()],
                    c.final_scores[winner.other().index()]
                )?;
                if !c.uncounted.is_empty() {
                    let never: Vec<String> = c
                        .uncounted
                        .iter()
                        .map(|e| format!("{} {}", e.phase.name(2), e.points))
                        .collect();
                    writeln!(out, "Never counted: {}.", never.join(", "))?;
                }
            }
            None => writeln!(out, "\nAfter the deal: dealer {dealer}, pone {pone}.")?,
        }
        Ok(())
    }
}
