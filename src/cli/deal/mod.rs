//! `crib deal`: a whole deal counted on the board, in the rules' counting order, for two, three
//! or four players, to 61 or 121; and `crib deal -`, the same for deals read as JSON Lines.

mod read;
mod render;

use std::io::{self, Write};

use crib::Game;
use crib::Players;
use crib::deal::{Counted, Deal, count};
use crib::pegging::quoting;

use super::Outcome;
use super::output;
use super::request::Request;
use super::serve::serve_json_lines;
use read::{Parts, read_deal};
use render::Report;

pub const AFTER_HELP: &str = "\
Give the hands, the crib (or each player's throw), the starter, and the play in the notation of
crib peg, and crib counts the deal on the board in the rules' order: his heels (a jack turned:
2 for the dealer), the play card by card, the hands from the dealer's left round to the dealer,
the crib. The game stops the moment a player (with four, a partnership) reaches the game hole;
what was never counted is named, and so is a skunk (the loser short of 91, or of 31 in a game
to 61; the older rule sheets call it a lurch) or a double skunk (short of 61, in a game to 121).

Two players: a hand is the four cards kept, or the six dealt with --pone-throw or --dealer-throw
naming the two thrown; with both throws given, --crib is not needed. --scores names each
seat's score: --scores dealer=110,pone=115.

Three or four players (--players 3|4): give each seat's hand with --hand, in the order of play
(seat 1, on the dealer's left, first; the dealer last): four cards kept, or the five dealt.
--throws names each seat's card thrown, in the same order; with three players --crib-card is the
card dealt to the crib. --crib gives the crib's four cards instead. --scores takes each player's
score in seat order (three players) or each partnership's, seats 1 and 3 first (four).

The play must be whole, and it is checked: each card must be in the hand of the player whose
turn it is, and each go must be real (a go, or a count that ends, while a card that fits is
held is refused). Put --starter last, or -- before the play, so that the play is not read as a
hand's cards.

Examples (-p, -d, -c and -s are --pone, --dealer, --crib and --starter):
  crib deal -p 5h 5c Jd Ks -d 4c 4d 6h 6s -c 2h 3s 7c 8d -s 5s K 6 5 4 5 6 J 4
  crib deal --scores dealer=110,pone=115 -p 5h 5c Jd Ks 2h 3s \\
      --pone-throw 2h 3s -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d \\
      -s 5s K 6 5 4 5 go 6 J 4
  crib deal --players 3 --game 61 --hand 5h 6c 7d Ks --hand 4c 4d 9h 9s \\
      --hand 2h 3s 8c Td --crib 5d Qh Jc Ac -s 5s 5 4 3 6 9 2 7 9 8 go 4 T K
  crib deal -         deals as JSON Lines on stdin, one answer a line

A deal as JSON: {\"pone\": [\"5h\", \"5c\", \"Jd\", \"Ks\"], \"dealer\": [...], \"crib\": [...] (or
\"pone_throw\" and \"dealer_throw\"), \"starter\": \"5s\", \"play\": [\"K\", \"6\", ...],
\"scores\": {\"dealer\": 110, \"pone\": 115}} (scores may be left out: 0-0). For three or four
players: {\"players\": 3, \"game\": 61, \"hands\": [[...], [...], [...]], \"throws\": [...],
\"crib_card\": \"5d\" (or \"crib\"), \"starter\": \"5s\", \"play\": [...], \"scores\": [0, 0, 0]}.";

/// Arguments of `crib deal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// The game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// The pone's four cards kept, or the six dealt with --pone-throw (two players).
    #[arg(long, short, num_args = 4..=6, value_name = "CARD")]
    pone: Vec<String>,

    /// The dealer's four cards kept, or the six dealt with --dealer-throw (two players).
    #[arg(long, short, num_args = 4..=6, value_name = "CARD")]
    dealer: Vec<String>,

    /// The two cards the pone threw to the crib.
    #[arg(long, num_args = 2, value_name = "CARD")]
    pone_throw: Vec<String>,

    /// The two cards the dealer threw to the crib.
    #[arg(long, num_args = 2, value_name = "CARD")]
    dealer_throw: Vec<String>,

    /// A seat's four cards kept, or the five dealt (three or four players; once a seat, in the
    /// order of play, the dealer last).
    #[arg(long, num_args = 4..=5, value_name = "CARD", action = clap::ArgAction::Append)]
    hand: Vec<String>,

    /// The `--hand`s, one a seat ([`Args::group_hands`]).
    #[arg(skip)]
    hands: Vec<Vec<String>>,

    /// Each seat's card thrown to the crib, in the order of play (three or four players).
    #[arg(long, num_args = 3..=4, value_name = "CARD")]
    throws: Vec<String>,

    /// The card dealt to the crib (three players).
    #[arg(long, value_name = "CARD")]
    crib_card: Option<String>,

    /// The crib's four cards (instead of the throws).
    #[arg(long, short, num_args = 4, value_name = "CARD")]
    crib: Vec<String>,

    /// The starter.
    #[arg(long, short, value_name = "CARD")]
    starter: Option<String>,

    /// The scores before the deal: two players by seat (dealer=110,pone=115); three, each
    /// player's in seat order (10-20-30); four, each side's, seats 1 and 3 first [default: 0s].
    #[arg(long, value_name = "SCORES")]
    scores: Option<String>,

    /// The play (cards and 'go'), or '-' alone to read deals as JSON Lines.
    #[arg(value_name = "CARD|go")]
    play: Vec<String>,
}

impl Args {
    /// Keep each `--hand`'s cards apart: clap's derive flattens them.
    pub fn group_hands(&mut self, matches: &clap::ArgMatches) {
        if let Ok(Some(each)) = matches.try_get_occurrences::<String>("hand") {
            self.hands = each.map(|cards| cards.cloned().collect()).collect();
        }
    }
}

/// Run `crib deal`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.play == ["-"] {
        let ignored = [
            (args.players.count != 2, "--players"),
            (args.game != 121, "--game"),
            (!args.pone.is_empty(), "--pone"),
            (!args.dealer.is_empty(), "--dealer"),
            (!args.pone_throw.is_empty(), "--pone-throw"),
            (!args.dealer_throw.is_empty(), "--dealer-throw"),
            (!args.hand.is_empty(), "--hand"),
            (!args.throws.is_empty(), "--throws"),
            (args.crib_card.is_some(), "--crib-card"),
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
    let game = Game::new(args.players.players()?, args.game)?;
    let scores = match &args.scores {
        Some(text) => parse_scores(game, text)?,
        None => vec![0; game.players.sides()],
    };
    let parts = Parts {
        game,
        pone: &args.pone,
        dealer: &args.dealer,
        pone_throw: &args.pone_throw,
        dealer_throw: &args.dealer_throw,
        hands: &args.hands,
        throws: &args.throws,
        crib_card: args.crib_card.as_deref(),
        crib: &args.crib,
        starter: args.starter.as_deref(),
        play: &args.play,
        scores,
        flags: true,
    };
    let deal = read_deal(&parts)?;
    output::emit(out, json, &Report(count_deal(&deal, &args.play)?))?;
    Ok(Outcome::Success)
}

/// Count a deal, its errors quoting the play's tokens as typed.
fn count_deal(deal: &Deal, play: &[String]) -> crib::Result<Counted> {
    count(deal).map_err(|err| quoting(err, play))
}

/// The scores before the deal, by side, as written for `--scores`: two players the dealer's
/// first; three by seat; four seats 1 and 3's first.
fn parse_scores(game: Game, text: &str) -> anyhow::Result<Vec<u32>> {
    match game.players.count() {
        2 => {
            if !text.contains('=') {
                anyhow::bail!(
                    "--scores {}: name the seats, as dealer=110,pone=115: a deal is told from the \
                     table, not from your side (crib play and crib discard take yours first)",
                    crib::cards::quoted(text)
                );
            }
            let [dealer, pone] =
                crate::cli::scores::named_scores(text, ["dealer", "pone"], "--scores")?;
            Ok(vec![pone, dealer])
        }
        _ => crate::cli::scores::scores_by_side(text, game.players),
    }
}

/// The fields of a deal read as JSON, and one.
const FIELDS: [&str; 14] = [
    "players",
    "game",
    "pone",
    "dealer",
    "pone_throw",
    "dealer_throw",
    "hands",
    "throws",
    "crib_card",
    "crib",
    "starter",
    "play",
    "scores",
    // crib game's record of the deal (who was who, the seed, counts claimed): passed over.
    "log",
];
const EXAMPLE: &str = "{\"pone\": [\"5h\", \"5c\", \"Jd\", \"Ks\"], \"dealer\": [...], \
                       \"crib\": [...], \"starter\": \"5s\", \"play\": [\"K\", \"6\", ...]}";
const CARDS: &str = "a list of cards, e.g. [\"5h\", \"5c\", \"Jd\", \"Ks\"]";
const HANDS: &str = "a list of hands, one a seat, e.g. [[\"5h\", \"5c\", \"Jd\", \"Ks\"], ...]";

/// Count deals read as JSON Lines, a line each.
fn engine(out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let hint = format!(
        "crib deal: reading deals as JSON Lines from the terminal, one per line, e.g. \
         {EXAMPLE}. End with Ctrl-D; see 'crib deal --help'."
    );
    serve_json_lines(io::stdin(), true, &hint, out, |line| {
        let request = Request::parse(line, &FIELDS, EXAMPLE)?;
        let players = Players::try_from(request.number("players", 2, 4)?.unwrap_or(2) as usize)?;
        let target = match request.number("game", 0, u64::MAX)? {
            None => 121,
            Some(n @ (61 | 121)) => n as u32,
            Some(n) => anyhow::bail!("\"game\" takes 61 or 121, not the number {n}"),
        };
        let game = Game::new(players, target)?;
        let scores = request_scores(&request, game)?;
        let play = request.required_strings("play", "the play, e.g. [\"K\", \"6\", \"go\"]")?;
        let hands = request.string_lists("hands", HANDS)?;
        let crib_card = request.string("crib_card", "a card, e.g. \"5d\"")?;
        let parts = Parts {
            game,
            pone: &seat_cards(&request, "pone", players)?,
            dealer: &seat_cards(&request, "dealer", players)?,
            pone_throw: &request.strings("pone_throw", CARDS)?,
            dealer_throw: &request.strings("dealer_throw", CARDS)?,
            hands: &hands,
            throws: &request.strings("throws", CARDS)?,
            crib_card: crib_card.as_deref(),
            crib: &request.strings("crib", CARDS)?,
            starter: Some(&request.required_string("starter", "a card, e.g. \"5s\"")?),
            play: &play,
            scores,
            flags: false,
        };
        let deal = read_deal(&parts)?;
        Ok(Report(count_deal(&deal, &play)?))
    })
}

/// A two-player seat's cards, which a two-player request must give.
fn seat_cards(request: &Request, field: &str, players: Players) -> anyhow::Result<Vec<String>> {
    if players == Players::TWO {
        request.required_strings(field, CARDS)
    } else {
        request.strings(field, CARDS)
    }
}

/// A request's scores before the deal, by side: for two players `{"dealer": D, "pone": P}`;
/// for three or four a list (by seat, or by partnership with seats 1 and 3 first).
fn request_scores(request: &Request, game: Game) -> anyhow::Result<Vec<u32>> {
    if game.players == Players::TWO {
        return Ok(match request.scores("scores", &["dealer", "pone"])? {
            Some(by_name) => vec![by_name[1], by_name[0]],
            None => vec![0, 0],
        });
    }
    let Some(scores) = request.numbers("scores", 0, 120)? else {
        return Ok(vec![0; game.players.sides()]);
    };
    if scores.len() != game.players.sides() {
        anyhow::bail!(
            "\"scores\" takes {} scores for {} players ({}), not {}",
            game.players.sides(),
            game.players,
            if game.players == Players::THREE {
                "one a player, in seat order"
            } else {
                "one a partnership, seats 1 and 3 first"
            },
            scores.len()
        );
    }
    Ok(scores.into_iter().map(|s| s as u32).collect())
}

/// The words after `crib review --`: a deal in this command's notation, and whether `--json`
/// was among them (it is still `crib review`'s).
#[derive(Debug, clap::Parser)]
#[command(name = "crib deal", no_binary_name = true)]
struct Typed {
    #[command(flatten)]
    deal: Args,

    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// A deal typed in this command's notation (`crib review -- DEAL`), read by this command's own
/// reader, as a table to grade: each hand as dealt, with its throw, the starter and the play,
/// every move checked. Also whether `--json` was among the words.
pub fn typed(words: &[String]) -> anyhow::Result<(crib::game::DealTable, bool)> {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Typed::command()
        .try_get_matches_from(words)
        .map_err(|err| {
            let message = err.to_string();
            let first = message.lines().next().unwrap_or_default().to_owned();
            anyhow::anyhow!("{}", first.trim_start_matches("error: "))
        })?;
    let mut typed = Typed::from_arg_matches(&matches)?;
    typed.deal.group_hands(&matches);
    Ok((dealt(&typed.deal)?, typed.json))
}

/// The table of a deal given on the command line, the hands as dealt with their throws.
fn dealt(args: &Args) -> anyhow::Result<crib::game::DealTable> {
    let game = Game::new(args.players.players()?, args.game)?;
    let start = match &args.scores {
        Some(text) => parse_scores(game, text)?,
        None => vec![0; game.players.sides()],
    };
    let cards = |words: &[String]| crib::parse_cards(words);
    let (hands, throws, crib_card) = if game.players == Players::TWO {
        if args.pone_throw.is_empty() || args.dealer_throw.is_empty() {
            anyhow::bail!(
                "each hand is needed as dealt, with its throw (--pone-throw and \
                 --dealer-throw), to grade the discard"
            );
        }
        let hands = vec![cards(&args.pone)?, cards(&args.dealer)?];
        let throws = vec![cards(&args.pone_throw)?, cards(&args.dealer_throw)?];
        (hands, throws, None)
    } else {
        if args.throws.is_empty() {
            anyhow::bail!(
                "each hand is needed as dealt, with its throw (--throws), to grade the discard"
            );
        }
        let hands = args
            .hands
            .iter()
            .map(|h| cards(h))
            .collect::<Result<Vec<_>, _>>()?;
        let throws = cards(&args.throws)?.into_iter().map(|c| vec![c]).collect();
        let crib_card = args.crib_card.as_deref().map(str::parse).transpose()?;
        (hands, throws, crib_card)
    };
    let Some(starter) = &args.starter else {
        anyhow::bail!("give the starter with --starter");
    };
    let deal = super::log::Dealt {
        game,
        hands,
        throws,
        crib_card,
        starter: starter.parse()?,
        start,
    };
    deal.played(crib::pegging::parse_tokens(&args.play, game.players)?)
}
