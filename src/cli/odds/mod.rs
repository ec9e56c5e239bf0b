//! `crib odds`: the chance of winning the game from any position, and the whole board's map.

use std::io::Write;

use crib::Game;
use crib::Position;
use crib::odds::Odds;
use crib::odds::Par;
use crib::odds::match_chance_from;
use crib::{Players, Seat};

mod map;
mod render;

use super::Outcome;
use super::output;

pub const AFTER_HELP: &str = "\
Your score, the opponent's, and whether you are about to deal (--dealer) or not (--pone): the
chance that you win the game, that you win by a skunk (the opponent short of 91 when you reach
121), and that you are skunked; and the points each of you can expect this deal, counted until
the game ends. With --game 61, the short game: a skunk is the loser short of 31 (the older rule
sheets' lurch), and there is no double skunk.

The odds are those of crib's own players playing for the board: at every score each throws
what `crib discard --scores` ranks first and plays what `crib play --scores` ranks first, and
the hands and crib are counted exactly, each deal's points in the rules' counting order (his
heels, the play card by card, the pone's hand, the dealer's hand, the crib), so that near 121
whoever gets there first wins. Every position is solved backwards from 121: 50,000 deals played
by crib's players for points, and the change playing for the board makes to the first 1,000 of
them, played again at that score. The players value what follows by this same table. With
three or four players, crib's players play for points.

Examples:
  crib odds 95 110 --dealer         you deal at 95, the opponent has 110
  crib odds 0 0 --dealer            the first dealer's chance
  crib odds 40 45 --pone --game 61  the short game: the last 61 holes of 121
  crib odds 90 100 --dealer --match-need 2-1  in a match, needing 2 games to 1
  crib odds --table                 the whole board: the dealer's chance
  crib odds --table --svg odds.svg  the same, and every position as an image";

/// Arguments of `crib odds`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("seat").args(["dealer", "pone"]))]
#[command(mut_arg("players", |a| a.help("How many players: 2, 3 (three scores, in seat order: seat 1 leads, the dealer last), or 4 (two partnerships: your side's score and the other's)")))]
pub struct Args {
    /// Your score, 0 to 120 (with --players 3: seat 1's, who leads).
    #[arg(value_name = "YOU", value_parser = super::usage::number_in(0u32, 120))]
    you: Option<u32>,

    /// The opponent's score, 0 to 120 (with --players 3: seat 2's; 4: the other side's).
    #[arg(value_name = "OPPONENT", value_parser = super::usage::number_in(0u32, 120))]
    opponent: Option<u32>,

    /// You are about to deal.
    #[arg(long)]
    dealer: bool,

    /// The opponent is about to deal.
    #[arg(long)]
    pone: bool,

    /// Draw the dealer's chance over the whole board instead.
    #[arg(long, conflicts_with_all = ["you", "opponent", "dealer", "pone"])]
    pub table: bool,

    /// The third player's score, the dealer's, with --players 3.
    #[arg(value_name = "DEALER", value_parser = super::usage::number_in(0u32, 120))]
    third: Option<u32>,

    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// The game hole: 121, or 61 for the short game (two players: the last 61 holes of 121).
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// In a match of two players, the games you and the opponent still need to win it, as
    /// ME-OPP (for example 2-1): also your chance of winning the match, a skunk counting two
    /// games.
    #[arg(long, value_name = "ME-OPP", conflicts_with = "table")]
    match_need: Option<String>,

    /// With --table, also write the map as an SVG image to this file (every position, and the
    /// line where the dealer's chance crosses 50%); '-' writes only the image, to standard
    /// output.
    #[arg(long, value_name = "FILE", requires = "table")]
    svg: Option<std::path::PathBuf>,
}

/// Run `crib odds`: one question, the chances from a position, whatever the number of players.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.svg.is_some() && !args.table {
        anyhow::bail!("--svg draws the whole board: give it with --table");
    }
    if args.table {
        return map::run(args, json, out);
    }
    let players = args.players.players()?;
    let match_need = args
        .match_need
        .as_deref()
        .map(|text| crate::cli::scores::games_needed(text, players))
        .transpose()?;
    let game = Game::new(players, args.game)?;
    let at = position(args, game)?;
    let odds = Odds::committed(players);
    let chances = odds.chances(&at)?;
    let Some(outlook) = chances.outlook else {
        let win = [chances.win[0], chances.win[1], chances.win[2]];
        let [a, b, c] = [0, 1, 2].map(|side| at.scores()[side]);
        let three = render::Three {
            game: game.target,
            scores: [a, b, c],
            win,
            deals: odds.deals(),
        };
        output::emit(out, json, &three)?;
        return Ok(Outcome::Success);
    };
    let mine = at.side().index();
    let p_match = match match_need {
        Some(need) => Some(match_chance_from(odds, &at, need)?),
        None => None,
    };
    let report = render::Report {
        game,
        you: at.scores()[mine],
        opponent: at.scores()[1 - mine],
        dealing: at.you() == players.dealer(),
        outlook,
        par: Par::at(odds, &at)?,
        match_need,
        p_match,
        deals: odds.deals(),
    };
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

/// The position asked about: with three players the three scores in seat order (the seat
/// order says who deals); else your score and the opponent's (your side's and the other's),
/// and who deals next.
fn position(args: &Args, game: Game) -> anyhow::Result<Position> {
    let target = game.target;
    if game.players == Players::THREE {
        let (Some(a), Some(b), Some(c)) = (args.you, args.opponent, args.third) else {
            anyhow::bail!(
                "give the three players' scores in seat order: seat 1 (on the dealer's left, who \
                 leads), seat 2, then the dealer; for example crib odds --players 3 40 35 50"
            );
        };
        if let Some(flag) = [(args.dealer, "--dealer"), (args.pone, "--pone")]
            .iter()
            .find_map(|&(given, flag)| given.then_some(flag))
        {
            anyhow::bail!(
                "{flag}: with three players the seat order says who deals: the third score is the \
                 dealer's"
            );
        }
        for (who, score) in [("seat 1's score", a), ("seat 2's", b), ("the dealer's", c)] {
            below_the_hole(who, score, target)?;
        }
        return Ok(Position::new(game, &[a, b, c], Seat::new(0))?);
    }
    let (Some(you), Some(opponent)) = (args.you, args.opponent) else {
        anyhow::bail!(
            "give your score and the opponent's, each 0 to 120, and your seat: for example \
             crib odds 95 110 --dealer (or --table for the whole board)"
        );
    };
    if args.third.is_some() {
        anyhow::bail!(
            "three scores are for three players: add --players 3 (or give two scores and \
             --dealer or --pone)"
        );
    }
    let seat = match (args.dealer, args.pone) {
        (true, _) => game.players.dealer(),
        (_, true) => Seat::new(0),
        _ => anyhow::bail!("say who deals next: --dealer (you) or --pone (the opponent)"),
    };
    for (who, score) in [("YOU", you), ("OPPONENT", opponent)] {
        below_the_hole(who, score, target)?;
    }
    Ok(Position::yours_first(game, seat, you, opponent)?)
}

/// A score must be short of the game hole.
fn below_the_hole(who: &str, score: u32, game: u32) -> anyhow::Result<()> {
    if score >= game {
        anyhow::bail!("{who} {score}: a game to {game} is over at {game}; give a score below it");
    }
    Ok(())
}
