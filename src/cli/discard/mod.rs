//! `crib discard`: which cards to throw to the crib, and the table of what each throw is worth.

use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

use crib::Error;
use crib::ForGame;
use crib::Models;
use crib::Players;
use crib::Seat;
use crib::discard::{
    CribModel, CribShare, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crib::discard::{ThrowsForGame, throw_for_game};
use crib::{Card, parse_cards};
use crib::{GAME, Game};

use super::Outcome;
use super::output::{self, Render};

mod crib_table;
mod play_table;
mod render;

pub const AFTER_HELP: &str = "\
Every choice is valued exactly. The hand's points are averaged over every unseen starter. The
crib's are averaged over every way to complete it from the unseen cards and every starter left
(for two players, 1,035 pairs times 44 starters: 45,540 cribs for each choice), under a crib
model.

The expert model (the default): the other side throws as a player who throws well would, its
two cards drawn from the throws of crib's expert model, restricted to the cards you have not
seen. The model is computed by iterated best response over all 20,358,520 six-card deals:
each dealer keeps the four cards that maximise hand + crib, each pone hand - crib, both
valuing throws by the model's tables, until no value moves by more than 0.001. It counts the
show only, not the play or the score on the board. With three or four players, each other
seat's card is weighted by how often that seat throws its rank, from crib's expert model of
three and four players (computed the same way over a million five-card deals); the crib's
dealt card (three players) is any unseen card.

The uniform model: every unseen card is equally likely to be anywhere, so the crib's other
cards are any unseen cards.

The play (--play-model none leaves it out): the points you and the opponent can expect to peg
with the four cards kept, from crib's pegging table. Every pair of hands was played out by
crib's engine on both sides, the opponent holding the hands the expert model keeps;
--play-table prints it. Three and four players have pegging tables of their own.

The net is hand plus crib when the crib is yours (you or your partner deal), hand minus crib
when it is an opponent's (with three players, minus half of it: the dealer is one of your two
rivals), plus your pegging less the opponent's.

With --scores ME-OPP (yours first) the choices are ranked by your chance of winning the game
instead, at any score: the opponent's six cards drawn from the cards you have not seen (the
same draws for every choice, and for every asking), each keeping what crib discard advises;
every starter; the play by crib's engine; the deal counted in the rules' order to 121 (his
heels, the play, the pone's hand, the dealer's hand, the crib); and, if nobody gets there, the
odds of crib odds from the position left. crib draws a few deals for each hand of ranks the
opponent keeps, weighted by how often it is kept, until every choice's standard error is under
0.2%.

With three players --scores A-B-C gives each player's score in seat order (seat 1 first, the
dealer last); with four, US-THEM each partnership's, seats 1 and 3 first. The others' cards are
dealt 192 times (64 with four players) from the cards you have not seen, each seat throwing as
crib's expert crib model of three and four players, every starter left taken, the play by
crib's engine with every card seen, the deal counted in order to the hole, then the odds of
three or four players.

Examples:
  crib discard 5h 5c Jd Qs 2h 9c --dealer
  crib discard 5h Jd 5c 5s 4d 6d --pone --need 16 --top 3
  crib discard 5h Jd 5c 5s 4d 6d --dealer --crib-model uniform
  crib discard --players 3 Jh 4h 5c 8s Kd --pone
  crib discard --players 4 Jh 4h 5c 8s Kd --partner-deals
  crib discard --table                       the expert tables, both seats
  crib discard --table --pone                your throw into the dealer's crib
  crib discard --table --crib-model uniform
  crib discard --table --players 3           one-card throws, seat by seat
  crib discard --play-table 6 7 8 9          what 6-7-8-9 pegs, either seat
  crib discard --play-table 5 5 --pone       every pone hand with two fives
  crib discard 5h Jd 5c 5s 4d 6d --dealer --scores 115-110
                                             at 115-110: play for the game
  crib discard --players 3 --seat 1 5h 5c 5s Jd 4d --scores 116-110-119";

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
    /// Count the pegging each side can expect with the hand kept.
    Engine,
    /// Leave the play out: the show only.
    None,
}

/// Arguments of `crib discard`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("role").args(["dealer", "partner_deals", "pone"]))]
#[command(mut_arg("players", |a| a.help("How many players: 2 (throw two), 3 or 4 (throw one)")))]
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

    /// Your seat with three or four players, in the order of play: 1 on the dealer's left
    /// (who leads), the dealer last. It says whose crib it is, and it is the seat the play is
    /// valued in [default: the first seat of the role given].
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::number_in(1u8, 4))]
    seat: Option<u8>,

    /// An opponent deals: the crib counts against you.
    #[arg(long)]
    pone: bool,

    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// How the crib's unknown cards are modelled [default: expert].
    #[arg(long, value_enum, value_name = "MODEL")]
    crib_model: Option<ModelArg>,

    /// Also give, for each choice, the chance that the hand alone scores at least N (0 to 29).
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::number_in(0u8, 29))]
    need: Option<u8>,

    /// How the play is counted [default: engine].
    #[arg(long, value_enum, value_name = "MODEL")]
    play_model: Option<PlayArg>,

    /// The scores before the deal: two players yours first (ME-OPP); three each player's in
    /// seat order (A-B-C); four each partnership's, seats 1 and 3 first (US-THEM). The choices
    /// are then ranked by your chance (your side's) of winning the game.
    #[arg(long, value_name = "SCORES")]
    scores: Option<String>,

    /// With --scores, the game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = crate::cli::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// With --scores, two players, in a match: the games you and the opponent still need to win
    /// it, yours first (ME-OPP, each 1 or more), a skunk counting two. The choices are then
    /// ranked by your chance of winning the match.
    #[arg(long, value_name = "ME-OPP", requires = "scores")]
    match_need: Option<String>,

    /// Show only the best K choices (1 or more).
    #[arg(long, value_name = "K", value_parser = crate::cli::usage::at_least_one)]
    top: Option<u64>,

    /// Print the table of expected crib points of every throw instead: with --dealer or
    /// --pone (or --seat N with three or four players), that seat's expert table only.
    #[arg(
        long,
        conflicts_with_all = ["cards", "partner_deals", "need", "top", "scores", "play_model"]
    )]
    table: bool,

    /// Print the pegging table instead: the points each hand of four ranks pegs, and the
    /// opponent against it, as pone and as dealer (with --dealer or --pone, that seat only).
    /// Give up to four ranks to show only the hands that hold them: --play-table 5 5.
    #[arg(
        long,
        conflicts_with_all = ["table", "partner_deals", "need", "top", "crib_model", "scores"]
    )]
    play_table: bool,
}

/// Run `crib discard`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let players = args.players.players()?;
    let model = match args.crib_model {
        Some(ModelArg::Expert) => CribModel::Expert,
        Some(ModelArg::Uniform) => CribModel::Uniform,
        None => CribModel::default(),
    };
    if args.table {
        return crib_table::run(args, model, json, out);
    }
    if args.play_table {
        return play_table::run(args, json, out);
    }
    let play = match args.play_model {
        Some(PlayArg::Engine) => PlayModel::Engine,
        Some(PlayArg::None) => PlayModel::None,
        None => PlayModel::default(),
    };
    let (role, seat) = role_and_seat(args, players)?;
    if args.cards.is_empty() {
        anyhow::bail!("give the cards dealt to you (or --table for the table of throws)");
    }
    let dealt = parse_cards(&crate::cli::usage::split_words(&args.cards))?;
    let request = DiscardRequest {
        dealt: &dealt,
        players,
        role,
        crib: model,
        play,
        crib_share: CribShare::default(),
        need: args.need,
        seat,
    };
    let asked = for_game(args, &request)?;
    let top = args
        .top
        .map_or(usize::MAX, |k| usize::try_from(k).unwrap_or(usize::MAX));
    let report = Report::of(&request, asked, top)?;
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

impl Report {
    /// The report of `request`, with `asked` weighed for the game, showing `top` choices to
    /// people: what `crib discard` prints, and `crib game` on `?`.
    pub fn of(
        request: &DiscardRequest,
        asked: Option<Asked>,
        top: usize,
    ) -> anyhow::Result<Report> {
        let models = Models::committed();
        let seat = request.seat().index() + 1;
        let game = asked
            .as_ref()
            .map_or(GAME, |a| a.at.position().game().target);
        let mut match_need = None;
        let (advice, for_game) = match asked {
            Some(Asked {
                scores,
                match_need: need,
                at,
            }) => {
                match_need = need;
                let weighed = throw_for_game(models, request, &at).map_err(|err| match err {
                    Error::GameNeedsModels => anyhow::anyhow!(
                        "--scores weighs the game with crib's models: the expert crib model and \
                         the play counted"
                    ),
                    err => err.into(),
                })?;
                (None, Some(Weighed { scores, weighed }))
            }
            None => (Some(advise_discard(models, request)?), None),
        };
        Ok(Report {
            dealt: request.dealt.to_vec(),
            advice,
            top,
            need: request.need,
            p_win: for_game,
            game,
            match_need,
            seat,
        })
    }
}

/// With --scores: the scores as given (two players yours first, three by seat, four by
/// partnership) and the board the choices are weighed at, checked; `None` without.
fn for_game(args: &Args, request: &DiscardRequest) -> anyhow::Result<Option<Asked>> {
    let players = request.players;
    if args.game != GAME && args.scores.is_none() {
        anyhow::bail!(
            "--game {} weighs the board: give --scores ME-OPP with it",
            args.game
        );
    }
    let match_need = args
        .match_need
        .as_deref()
        .map(|text| crate::cli::scores::games_needed(text, players))
        .transpose()?;
    let Some(text) = &args.scores else {
        return Ok(None);
    };
    let game = Game::new(players, args.game)?;
    let scores = if players == Players::TWO {
        crate::cli::scores::your_scores(text)?.to_vec()
    } else {
        crate::cli::scores::scores_by_side(text, players)?
    };
    let at = ForGame::given(game, request.seat(), &scores, match_need)?;
    Ok(Some(Asked {
        scores,
        match_need,
        at,
    }))
}

/// The board --scores asks the discard to be weighed at.
pub struct Asked {
    /// The scores as given (two players yours first; three by seat; four by partnership).
    pub scores: Vec<u32>,
    /// With --match-need: the games you and the opponent still need to win the match.
    pub match_need: Option<[u32; 2]>,
    /// The board, checked.
    pub at: ForGame,
}

/// With --scores: the scores as given, and the choices weighed for the game.
pub struct Weighed {
    /// The scores (two players: mine, the opponent's; three: by seat; four: by partnership,
    /// seats 1 and 3 first).
    pub scores: Vec<u32>,
    /// The choices ranked by the chance of winning, with the verdict.
    pub weighed: ThrowsForGame,
}

/// Every choice of a discard, valued: the report of `crib discard`.
pub struct Report {
    dealt: Vec<Card>,
    /// Every choice, best first, valued for points (without --scores).
    advice: Option<DiscardAdvice>,
    /// How many to show: JSON shows this many choices, and people this many rows.
    top: usize,
    need: Option<u8>,
    /// With --scores: the scores, and each choice weighed for the game.
    p_win: Option<Weighed>,
    /// The game hole: 121, or 61.
    game: u32,
    /// With --match-need: the games you and the opponent still need to win the match.
    match_need: Option<[u32; 2]>,
    /// The seat, 1-based in the order of play (the dealer last).
    seat: usize,
}

/// Whose crib it is, from --dealer, --pone or --partner-deals, or from --seat (0-based in the
/// request); the two must agree when both are given.
fn role_and_seat(args: &Args, players: Players) -> anyhow::Result<(Role, Option<Seat>)> {
    let flag = match (args.dealer, args.partner_deals, args.pone) {
        (true, _, _) => Some((Role::Dealer, "--dealer")),
        (_, true, _) => Some((Role::PartnerDeals, "--partner-deals")),
        (_, _, true) => Some((Role::Pone, "--pone")),
        _ => None,
    };
    let Some(seat) = args.seat.map(|s| Seat::new(usize::from(s) - 1)) else {
        return match flag {
            Some((role, _)) => Ok((role, None)),
            None => anyhow::bail!(
                "say whose crib it is: --dealer, --pone, or --partner-deals (four players), or \
                 your --seat with three or four players"
            ),
        };
    };
    if seat.index() >= players.count() {
        anyhow::bail!(
            "--seat {}: {players} players sit in seats 1 to {players}",
            seat.index() + 1
        );
    }
    let role = Role::of_seat(seat, players);
    if let Some((given, flag)) = flag.filter(|&(given, _)| given != role) {
        anyhow::bail!(
            "{flag} and --seat {} disagree: seat {} of {players} is {}, not {}",
            seat.index() + 1,
            seat.index() + 1,
            role_words(role),
            role_words(given)
        );
    }
    Ok((role, Some(seat)))
}

/// A role in words: `the dealer's`, `the dealer's partner's`, `an opponent of the dealer's`.
fn role_words(role: Role) -> &'static str {
    match role {
        Role::Dealer => "the dealer's seat",
        Role::PartnerDeals => "the dealer's partner's seat",
        Role::Pone => "a seat against the dealer",
    }
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
    /// With --scores: the game hole, 121 or 61.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u32>,
    /// With --match-need: the games each player still needs to win the match; each `p_win` is
    /// then the chance of winning the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    match_need: Option<output::GamesNeeded>,
    /// With --scores: how many draws of the opponent's deal each chance is the mean of.
    #[serde(skip_serializing_if = "Option::is_none")]
    draws: Option<usize>,
    /// With --scores: whether the board changes the advice from the choice best on average
    /// points (the gap in the chance of winning clear of the draws' noise).
    #[serde(skip_serializing_if = "Option::is_none")]
    changes_advice: Option<bool>,
    /// The seat, 1-based in the order of play (two players: the pone 1, the dealer 2).
    seat: usize,
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
    /// With --scores: the standard error of the best choice's chance less this one's, over the
    /// same draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    gap_se: Option<f64>,
}

impl Report {
    /// Every choice, best first: for points, or with --scores for the game.
    fn advice(&self) -> &DiscardAdvice {
        match (&self.advice, &self.p_win) {
            (_, Some(w)) => &w.weighed.advice,
            (Some(advice), None) => advice,
            (None, None) => unreachable!("a report holds its advice"),
        }
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let advice = self.advice();
        let json = Json {
            game: self.p_win.as_ref().map(|_| self.game),
            match_need: self.match_need.map(output::GamesNeeded::from),
            draws: self
                .p_win
                .as_ref()
                .and_then(|w| w.weighed.chances.first())
                .map(|c| c.draws),
            changes_advice: self.p_win.as_ref().map(|w| w.weighed.verdict.changes),
            seat: self.seat,
            players: advice.players.count(),
            role: advice.role.name(),
            crib_model: advice.model.name(),
            play_model: advice.play.name(),
            dealt: &self.dealt,
            choices: advice
                .choices
                .iter()
                .take(self.top)
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
                    p_win: self.p_win.as_ref().map(|w| w.weighed.chances[i].p_win),
                    p_win_se: self.p_win.as_ref().map(|w| w.weighed.chances[i].se),
                    gap_se: self.p_win.as_ref().map(|w| w.weighed.chances[i].gap_se),
                })
                .collect(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        render::human(self, out)
    }
}
