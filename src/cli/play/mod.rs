//! `crib play`: which card to play next, with what each is worth to the end of the deal; and
//! `crib play -`, the same as an engine that reads requests as JSON Lines.

pub mod board;

use std::io::{self, Read, Write};

use serde::Serialize;

use crib::Models;
use crib::Players;
use crib::Seat;
use crib::pegging::{Token, parse_tokens, quoting};
use crib::play::CardValue;
use crib::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
use crib::{Card, parse_cards};

use super::Outcome;
use super::output::{self, Render};
use super::request::Request;
use super::serve::{Answer, Lined, serve_json_lines};

pub const AFTER_HELP: &str = "\
Give your four cards, your seat, and the play so far in the notation of crib peg (seat 1's card
first, 'go' where a player passes; a card that would pass 31 starts a new count). The starter
and your throw are cards you have seen: nobody else can hold them.

Every legal card is valued to the end of the deal: your expected points (mine), the others'
(theirs), and the difference (net), best first.

Two players: the search takes every hand the opponent could hold, by ranks, consistent with the
play so far (a player who said go holds nothing that fits), each weighted by how many sets of
unseen cards it stands for; solves the rest of the deal for each as if both players could see
all the cards, each playing for their own points less the other's; and averages. This is
perfect-information Monte Carlo, taken exhaustively.

Three or four players (--players 3|4 --seat N; seat 1 sits on the dealer's left and leads, the
dealer is the last seat): the others' hidden cards are sampled, every deal of them consistent
with the play equally likely, seeded by the position so the same question gets the same answer;
each sample is solved with every card seen, and each card's net has a standard error (±). With
three players each plays for himself: his points less the mean of the other two's, so theirs
is that mean. With four, seats 1 and 3 are partners against 2 and 4: mine is your side's points
and theirs the other side's.

Examples:
  crib play --hand 6h 7c 8d 9s --pone       what to lead
  crib play --hand 6h 7c 8d 9s --pone 8d 10  after the play 8, 10
  crib play --hand 5h 5c Jd Ks --dealer --starter 4c --thrown 2h 3s 10 5c 6
  crib play --players 3 --seat 2 --hand 5h 6c 7d Ks --starter 2c 8
  crib play -                               the engine: JSON Lines on stdin

With --scores (and --starter), each card is also valued by your chance of winning the game (with
four players, your side's): the rest of the play with every card seen, the hands and the crib
counted in the rules' order until someone reaches the hole, then the odds of the next deal (crib
odds). It is weighed over 600 deals of the cards you cannot see with two players, 200 with
three and 64 with four, the others' hands drawn as --opponent weighs them; the board changes
the advice only by more than two standard errors.

With --opponent expert, each hand another player could hold is weighted by how much likelier
crib's players (see crib discard) are to keep it, with the cards they have played, than four
cards drawn at random; with --opponent reading, also by the chance that, holding it, they
would have played as they did (crib's reading model of play). With four players so weighted,
the deals are doubled after each card played, up to three (64, 128, 256, 512).

A request to the engine is one line of JSON: {\"hand\": [\"5h\", ...], \"role\": \"dealer\",
\"sequence\": [\"10\", \"5c\", \"6\"], \"starter\": \"4c\", \"thrown\": [\"2h\", \"3s\"],
\"opponent\": \"expert\"} (starter, thrown and opponent may be left out); for three or four
players add \"players\": 3 and give \"seat\": 1 to 3 instead of the role. \"scores\" and
\"game\" weigh the board: two players [ME, OPP] or {\"you\": ME, \"opponent\": OPP}; three a
list by seat; four by partnership, seats 1 and 3 first. Each gets one line of
JSON in answer, flushed, in order; a bad request gets {\"line\": N, \"error\": \"...\"} and the
engine reads on.";

/// Arguments of `crib play`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("position").args(["dealer", "pone", "seat"]))]
pub struct Args {
    /// Your four cards for the play.
    #[arg(long, num_args = 4, value_name = "CARD")]
    hand: Vec<String>,

    /// You deal: you play last (the last seat).
    #[arg(long)]
    dealer: bool,

    /// You sit on the dealer's left and lead (seat 1).
    #[arg(long)]
    pone: bool,

    /// Your seat in the order of play: 1 leads, the dealer is the last.
    #[arg(long, value_name = "N", value_parser = super::usage::number_in(1u8, 4))]
    seat: Option<u8>,

    /// The starter, if you know it.
    #[arg(long, value_name = "CARD")]
    starter: Option<String>,

    /// The cards you threw to the crib.
    #[arg(long, num_args = 1..=2, value_name = "CARD")]
    thrown: Vec<String>,

    /// How the others' hidden cards are weighted: every set of unseen cards alike
    /// (uniform), by how likely crib's players are to keep the hand they make (expert), and
    /// also by how they have played (reading).
    #[arg(long, value_enum, default_value_t = OpponentArg::Uniform, value_name = "MODEL")]
    opponent: OpponentArg,

    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// The scores on the board now (the play so far counted): yours first, ME-OPP; with three
    /// players each one's in seat order (A-B-C, seat 1 first, the dealer last); with four each
    /// partnership's, seats 1 and 3 first. Each card is then also valued by your chance (your
    /// side's) of winning the game (needs --starter).
    #[arg(long, value_name = "ME-OPP")]
    scores: Option<String>,

    /// With --scores, the game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// With --scores, two players, in a match: the games you and the opponent still need to win
    /// it, yours first (ME-OPP, each 1 or more), a skunk counting two. Each card is then valued
    /// by your chance of winning the match.
    #[arg(long, value_name = "ME-OPP", requires = "scores")]
    match_need: Option<String>,

    /// The play so far (cards and 'go'), or '-' alone to read requests as JSON Lines.
    #[arg(value_name = "CARD|go")]
    sequence: Vec<String>,
}

/// The opponent model, as chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OpponentArg {
    /// Every set of unseen cards equally likely.
    Uniform,
    /// Weighted by how likely crib's players are to keep the hand.
    Expert,
    /// As expert, and by how likely crib's players are to have played as the opponent did.
    Reading,
}

impl From<OpponentArg> for OpponentModel {
    fn from(arg: OpponentArg) -> OpponentModel {
        match arg {
            OpponentArg::Uniform => OpponentModel::Uniform,
            OpponentArg::Expert => OpponentModel::Expert,
            OpponentArg::Reading => OpponentModel::Reading,
        }
    }
}

/// Run `crib play`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.sequence == ["-"] {
        let ignored = [
            (!args.hand.is_empty(), "--hand"),
            (args.dealer, "--dealer"),
            (args.pone, "--pone"),
            (args.seat.is_some(), "--seat"),
            (args.starter.is_some(), "--starter"),
            (!args.thrown.is_empty(), "--thrown"),
            (args.players.count != 2, "--players"),
            (args.scores.is_some(), "--scores"),
            (args.game != 121, "--game"),
            (args.match_need.is_some(), "--match-need"),
        ];
        if let Some((_, flag)) = ignored.iter().find(|(given, _)| *given) {
            anyhow::bail!(
                "{flag}: 'crib play -' reads each position from its request, so only \
                 --opponent (the default for requests that leave it out) goes with it"
            );
        }
        return engine(io::stdin(), args.opponent.into(), out);
    }
    let players = args.players.players()?;
    let seat = match (args.pone, args.dealer, args.seat) {
        (true, _, _) => Seat::PONE,
        (_, true, _) => players.dealer(),
        (_, _, Some(n)) => seat_numbered(u64::from(n), players)?,
        _ if players == Players::TWO => {
            anyhow::bail!("say your seat: --pone (you lead) or --dealer")
        }
        _ => anyhow::bail!(
            "say your seat: --seat 1 to {players} (1 leads, {players} deals), or --pone or --dealer"
        ),
    };
    if args.hand.is_empty() {
        anyhow::bail!("give your four cards with --hand, e.g. --hand 6h 7c 8d 9s");
    }
    if args.game != 121 && args.scores.is_none() {
        anyhow::bail!(
            "--game {} weighs the board: give --scores ME-OPP with it",
            args.game
        );
    }
    let scores = match &args.scores {
        Some(text) => Some((scores_given(text, players)?, args.game)),
        None => None,
    };
    let match_need = args
        .match_need
        .as_deref()
        .map(|text| crate::cli::scores::games_needed(text, players))
        .transpose()?;
    let report = Report::new(&Position {
        players,
        hand: &args.hand,
        seat,
        starter: args.starter.as_deref(),
        thrown: &args.thrown,
        sequence: &args.sequence,
        opponent: args.opponent.into(),
        scores,
        match_need,
    })?;
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

/// `--scores` as given for `players`: with two yours first (or named); with three each one's
/// in seat order; with four each partnership's, seats 1 and 3 first.
fn scores_given(text: &str, players: Players) -> anyhow::Result<Vec<u32>> {
    match players.count() {
        2 => Ok(crate::cli::scores::your_scores(text)?.to_vec()),
        _ => crate::cli::scores::scores_by_side(text, players),
    }
}

/// The seat numbered `n` (from 1) at a table of `players`.
fn seat_numbered(n: u64, players: Players) -> anyhow::Result<Seat> {
    if n == 0 || n as usize > players.count() {
        anyhow::bail!("there is no seat {n} with {players} players: seats are 1 to {players}");
    }
    Ok(Seat::new(n as usize - 1))
}

/// The fields of a request to the engine, and one.
const FIELDS: [&str; 11] = [
    "hand",
    "role",
    "sequence",
    "starter",
    "thrown",
    "opponent",
    "players",
    "seat",
    "scores",
    "game",
    "match_need",
];
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
        let players = Players::try_from(request.number("players", 2, 4)?.unwrap_or(2) as usize)?;
        let seat = request_seat(&request, players)?;
        let expected = "\"uniform\", \"expert\" or \"reading\"";
        let opponent = match request.string("opponent", expected)? {
            None => opponent,
            Some(name) => match name.as_str() {
                "uniform" => OpponentModel::Uniform,
                "expert" => OpponentModel::Expert,
                "reading" => OpponentModel::Reading,
                other => anyhow::bail!(
                    "opponent {}: expected {expected}",
                    crib::cards::quoted(other)
                ),
            },
        };
        let game = match request.number("game", 0, u64::MAX)? {
            None => 121,
            Some(n @ (61 | 121)) => n as u32,
            Some(n) => anyhow::bail!("\"game\" takes 61 or 121, not the number {n}"),
        };
        // Two players: `{"you", "opponent"}` as crib prints it, or `[ME, OPP]`, yours first;
        // three or four: a list by seat, or by partnership with seats 1 and 3 first.
        let sides = players.sides();
        let scores = if request.is_object("scores") && players == Players::TWO {
            request
                .scores("scores", &["you", "opponent"])?
                .map(|s| (s.to_vec(), game))
        } else {
            match request.numbers("scores", 0, 120)? {
                None => None,
                Some(list) if list.len() == sides => {
                    Some((list.into_iter().map(|s| s as u32).collect(), game))
                }
                Some(_) if players == Players::TWO => anyhow::bail!(
                    "\"scores\" takes two scores, {{\"you\": ME, \"opponent\": OPP}} or \
                     [ME, OPP], yours first"
                ),
                Some(list) => anyhow::bail!(
                    "\"scores\" takes {sides} scores for {players} players ({}), not {}",
                    if players == Players::THREE {
                        "one a player, in seat order"
                    } else {
                        "one a partnership, seats 1 and 3 first"
                    },
                    list.len()
                ),
            }
        };
        let match_need = request.match_need(players)?;
        if match_need.is_some() && scores.is_none() {
            anyhow::bail!("\"match_need\" weighs the board: give \"scores\" with it");
        }
        let starter = request.string("starter", "a card, e.g. \"4c\"")?;
        Report::new(&Position {
            players,
            hand: &request.required_strings("hand", CARDS)?,
            seat,
            starter: starter.as_deref(),
            thrown: &request.strings("thrown", CARDS)?,
            sequence: &request
                .strings("sequence", "the play so far, e.g. [\"10\", \"5c\", \"go\"]")?,
            opponent,
            scores,
            match_need,
        })
    })
}

/// A request's seat: `"seat"` (1 leads), or `"role"` (`"pone"`, seat 1, or `"dealer"`, the
/// last seat), one of them.
fn request_seat(request: &Request, players: Players) -> anyhow::Result<Seat> {
    let role = request.string("role", "\"pone\" or \"dealer\"")?;
    let seat = request.number("seat", 1, 4)?;
    match (role.as_deref(), seat) {
        (Some(_), Some(_)) => anyhow::bail!("give \"seat\" or \"role\", not both"),
        (None, Some(n)) => seat_numbered(n, players),
        (Some("pone"), None) => Ok(Seat::PONE),
        (Some("dealer"), None) => Ok(players.dealer()),
        (Some(other), None) => anyhow::bail!(
            "role {}: expected \"pone\" or \"dealer\"",
            crib::cards::quoted(other)
        ),
        (None, None) if players == Players::TWO => {
            anyhow::bail!("\"role\" is missing: it takes \"pone\" or \"dealer\"")
        }
        (None, None) => anyhow::bail!("\"seat\" is missing: it takes 1 to {players}"),
    }
}

/// A decision of the play, as typed.
struct Position<'a> {
    players: Players,
    hand: &'a [String],
    seat: Seat,
    starter: Option<&'a str>,
    thrown: &'a [String],
    sequence: &'a [String],
    opponent: OpponentModel,
    /// With --scores: the scores now (two players yours first; three by seat; four by
    /// partnership), and the game hole.
    scores: Option<(Vec<u32>, u32)>,
    /// With --match-need: the games you and the opponent still need to win the match.
    match_need: Option<[u32; 2]>,
}

/// A decision of the play, its cards read: what `crib game` asks on `?`.
pub struct Asked<'a> {
    pub players: Players,
    pub hand: &'a [Card],
    pub seat: Seat,
    pub starter: Option<Card>,
    pub thrown: &'a [Card],
    /// The play so far.
    pub tokens: &'a [Token],
    pub opponent: OpponentModel,
    /// With --scores: the board the cards are valued at.
    pub at: Option<board::At>,
}

/// Every card the seat can play, valued: the report of `crib play`.
pub struct Report {
    answer: PlayAnswer,
    sequence: Vec<String>,
    opponent: OpponentModel,
    /// With --scores: the cards valued for the game.
    board: Option<board::Board>,
}

impl Report {
    fn new(position: &Position) -> anyhow::Result<Report> {
        let &Position {
            players,
            hand,
            seat,
            starter,
            thrown,
            sequence,
            opponent,
            ref scores,
            match_need,
        } = position;
        let hand = parse_cards(&crate::cli::usage::split_words(hand))?;
        let thrown = parse_cards(&crate::cli::usage::split_words(thrown))?;
        let starter = starter.map(str::parse::<Card>).transpose()?;
        let tokens = parse_tokens(sequence, players)?;
        let at = scores.as_ref().map(|(scores, game)| board::At {
            scores: scores.clone(),
            target: *game,
            match_need,
        });
        Report::of(
            &Asked {
                players,
                hand: &hand,
                seat,
                starter,
                thrown: &thrown,
                tokens: &tokens,
                opponent,
                at,
            },
            sequence,
        )
    }

    /// The report of a decision of the play as typed, the play so far as given in `sequence`
    /// (quoted by errors in it).
    pub fn of(asked: &Asked, sequence: &[String]) -> anyhow::Result<Report> {
        let mut seen = asked.thrown.to_vec();
        seen.extend(asked.starter);
        let question = PlayQuestion {
            players: asked.players,
            hand: asked.hand,
            seat: asked.seat,
            seen: &seen,
            tokens: asked.tokens,
            opponent: asked.opponent,
        };
        let (answer, board) = match &asked.at {
            Some(at) => {
                let Some(starter) = asked.starter else {
                    anyhow::bail!(
                        "--scores needs --starter: the hands and the crib are counted with it"
                    );
                };
                board::Board::new(&question, starter, at.clone(), sequence)?
            }
            None => {
                let answer = answer_play(Models::committed(), &question)
                    .map_err(|err| quoting(err, sequence))?;
                (answer, None)
            }
        };
        Ok(Report {
            answer,
            sequence: asked.tokens.iter().map(ToString::to_string).collect(),
            opponent: asked.opponent,
            board,
        })
    }

    fn role(&self) -> &'static str {
        self.answer.seat.name(self.answer.players)
    }

    fn players(&self) -> usize {
        self.answer.players.count()
    }
}

/// `crib play --json`, and each answer of the engine. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// The four cards for the play.
    #[serde(serialize_with = "output::cards")]
    hand: &'a [Card],
    /// `pone` or `dealer`; with three or four players `p1`, `p2`, `p3` or `dealer`.
    role: &'static str,
    /// 2, 3 or 4.
    players: usize,
    /// The seat in the order of play, from 1 (1 leads, the dealer is the last).
    seat: usize,
    /// The play so far: cards in ASCII notation, and "go".
    sequence: &'a [String],
    /// The count.
    count: u8,
    /// Every legal card, best net first; empty when no card fits (the answer is go).
    options: Vec<JsonOption>,
    /// The best card, or "go".
    best: String,
    /// Two players: how many holdings of the opponent's (by ranks) were searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    holdings: Option<usize>,
    /// Three or four players: how many deals of the others' hidden cards were sampled.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<usize>,
    /// How the opponent's hidden cards were weighted: `uniform` or `expert`.
    opponent: &'static str,
    /// With --scores: each card valued by your chance of winning the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<board::BoardJson>,
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
    /// Your (your side's) expected points for the rest of the deal, this card's included.
    mine: f64,
    /// The others' expected points for the rest of the deal: the opponent's, the mean of the
    /// other two's (three players), or the other side's (four).
    theirs: f64,
    /// mine - theirs.
    net: f64,
    /// Three or four players: the standard error of the net.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<f64>,
    /// Three or four players: the standard error of the best card's net less this one's.
    #[serde(skip_serializing_if = "Option::is_none")]
    gap_se: Option<f64>,
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
        let advice = &self.answer.advice;
        let options: Vec<JsonOption> = advice
            .options
            .iter()
            .map(|o| JsonOption {
                card: o.card,
                now: o.now_points(),
                reasons: o.now.iter().map(ToString::to_string).collect(),
                mine: o.mine,
                theirs: o.theirs,
                net: o.net(),
                se: o.se,
                gap_se: o.gap_se,
            })
            .collect();
        let best = options
            .first()
            .map_or_else(|| "go".to_owned(), |o| o.card.to_string());
        Json {
            hand: &self.answer.hand,
            role: self.role(),
            players: self.players(),
            seat: self.answer.seat.index() + 1,
            sequence: &self.sequence,
            count: self.answer.count,
            options,
            best,
            holdings: (!advice.sampled).then_some(advice.holdings),
            samples: advice.sampled.then_some(advice.holdings),
            opponent: self.opponent.name(),
            board: self.board.as_ref().map(board::Board::json),
        }
    }

    /// Who you are at the table: `pone`, or with more players `seat 2 of 3, p2`.
    fn who(&self) -> String {
        let (players, seat) = (self.players(), self.answer.seat);
        match players {
            2 => self.role().to_owned(),
            3 => format!("seat {} of 3, {}", seat.index() + 1, self.role()),
            _ => format!(
                "seat {} of 4, {}; your partner sits in seat {}",
                seat.index() + 1,
                self.role(),
                (seat.index() + 2) % 4 + 1
            ),
        }
    }

    /// With three or four players, how the sampled deals were drawn, if not all alike.
    fn read_deals(&self) -> &'static str {
        match self.opponent {
            OpponentModel::Uniform => "",
            OpponentModel::Expert => ", drawn as crib's players keep their hands",
            OpponentModel::Reading => {
                ", drawn as crib's players keep their hands and by how the others have played"
            }
        }
    }

    /// What the values are over.
    fn over_what(&self) -> String {
        let advice = &self.answer.advice;
        let n = crib::cards::thousands(advice.holdings as u64);
        match self.players() {
            2 => format!(
                "over {n} hands the opponent could hold{}",
                match self.opponent {
                    OpponentModel::Uniform => "",
                    OpponentModel::Expert => ", weighted as crib's expert model keeps them",
                    OpponentModel::Reading => {
                        ", weighted as crib's expert model keeps them and by how they played"
                    }
                }
            ),
            3 => format!(
                "over {n} sampled deals of the others' cards{}; theirs is the mean of the other \
                 two players' points",
                self.read_deals()
            ),
            _ => format!(
                "over {n} sampled deals of the others' cards{}; mine is your side's points, \
                 theirs the other side's",
                self.read_deals()
            ),
        }
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(out, &self.json_doc())
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let played: Vec<String> = self
            .answer
            .played
            .iter()
            .map(|&(_, c)| output::card_text(c).to_string())
            .collect();
        writeln!(
            out,
            "Your hand {} ({}); played so far: {}; the count is {}.",
            output::cards_text(&self.answer.hand),
            self.who(),
            if played.is_empty() {
                "nothing".to_owned()
            } else {
                played.join(" ")
            },
            self.answer.count
        )?;
        writeln!(
            out,
            "Expected points to the end of the deal, {}.\n",
            self.over_what()
        )?;
        let advice = &self.answer.advice;
        let Some(best) = advice.options.first() else {
            writeln!(out, "No card fits: say go.")?;
            return Ok(());
        };
        let sampled = advice.sampled;
        let mut header = vec!["card", "now", "why", "mine", "theirs", "net"];
        if sampled {
            header.push(output::plus_minus());
        }
        let mut table = output::table(&header);
        for o in &advice.options {
            let why: Vec<String> = o.now.iter().map(ToString::to_string).collect();
            let mut row = vec![
                output::card_text(o.card).to_string(),
                o.now_points().to_string(),
                why.join(", "),
                format!("{:.2}", o.mine),
                format!("{:.2}", o.theirs),
                format!("{:+.2}", o.net()),
            ];
            if let Some(se) = o.se {
                row.push(format!("{se:.2}"));
            }
            table.add_row(row);
        }
        let right: &[usize] = if sampled {
            &[1, 3, 4, 5, 6]
        } else {
            &[1, 3, 4, 5]
        };
        output::align_right(&mut table, right);
        output::fit(&mut table);
        writeln!(out, "{table}")?;
        writeln!(
            out,
            "\nBest: {} (net {}).",
            output::card_text(best.card),
            output::bold(format!("{:+.2}", best.net()))
        )?;
        self.why_best(out)?;
        match &self.board {
            Some(board) => board.human(out),
            None => Ok(()),
        }
    }
}

impl Report {
    /// Which cards are as good as the best, and where the best beats the next best.
    fn why_best(&self, out: &mut dyn Write) -> io::Result<()> {
        let options = &self.answer.advice.options;
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
        let Some(next) = options[1..].iter().find(|o| !alike(o)) else {
            return Ok(());
        };
        let gap = best.net() - next.net();
        let them = match self.players() {
            2 => "the opponent",
            3 => "the others",
            _ => "the other side",
        };
        let margin = match next.gap_se {
            Some(se) => format!(" {} {se:.2}", output::plus_minus()),
            None => String::new(),
        };
        writeln!(
            out,
            "It beats the {} by {gap:.2}{margin}: {:+.2} for you, {:+.2} for {them}.",
            output::card_text(next.card),
            best.mine - next.mine,
            best.theirs - next.theirs
        )?;
        if next.gap_se.is_some_and(|se| gap < 2.0 * se) {
            writeln!(
                out,
                "That is within two standard errors: on these samples the two are close to even."
            )?;
        }
        Ok(())
    }
}
