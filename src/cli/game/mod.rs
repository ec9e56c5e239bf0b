//! `crib game`: play a game, or a match, against crib's players in the terminal, logged one
//! deal a line so that it can be recounted, carried on and reviewed.

mod ahead;
mod board;
mod deal;
mod end;
mod save;

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_json::json;

use crib::Game;
use crib::Players;
use crib::game::DealTable;
use crib::game::Level;
use crib::game::{Match, Muggins};

use super::Outcome;
use super::output::cards_text;
use crate::cli::log::{self, Settings};
use crate::cli::seeds;
use crate::cli::talk::{Flow, Input, Mode, Talk};
use board::Board;
use deal::play_deal;
use save::Saver;

pub const AFTER_HELP: &str = "\
Play against crib's players: they throw as crib discard advises (the play counted) and play as \
crib play advises. At each question type your answer: cards to throw (5h 6c), a card to play \
(5h, or a rank alone, 5), or with --muggins your count. At any question, ? shows \
crib's advice for it (the table crib discard, crib play or crib score prints), best does what \
crib advises, quit (or q) saves the game and leaves. A card that will not do is refused and the same \
question asked again; when no card fits, crib says go for you.

On a terminal the screen is redrawn at each question: the board (each side's front and back \
pegs), the deal, the latest messages. When standard input is not a terminal, each line answers \
the next question and the game is printed as a transcript; with --json, one event a line \
(deal, throw, starter, card, go, peg, count, muggins, deal_over, game_over, match_over, and \
prompt for each question).

Every game is kept: logged to $XDG_DATA_HOME/crib/games (else ~/.local/share/crib/games), or \
to --log FILE, one deal a line, each a request that crib deal - accepts as it is; crib game \
--resume FILE carries on from it, crib review FILE grades your decisions, crib train mistakes \
brings your mistakes back, and crib stats --logs counts your history. The game ends with the \
commands for its review and its practice. With --no-log, quit saves to crib-game-SEED.jsonl; \
so does an interrupt (which exits 130). The first \
dealer is cut for (low card deals), the loser of a game deals the next, and a skunk or lurch \
counts two games.

Examples:
  crib game                                a game to 121 against crib
  crib game --players 3 --game 61          three players, the short game
  crib game --games 3 --log match.jsonl    a match to three games, logged
  crib game --resume match.jsonl           carry on
  yes best | crib game --seed 5            crib plays both sides";

/// Arguments of `crib game`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("players", |a| a.help("How many players: 2, 3, or 4 (you and crib's player opposite you against the other two)")))]
pub struct Args {
    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// The game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// Games to win the match (a skunk counts two).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = super::usage::at_least_one)]
    games: u64,

    /// The seed of the shuffles: the same seed deals the same cards [default: from the clock].
    #[arg(long, value_name = "N", value_parser = super::usage::seed)]
    seed: Option<u64>,

    /// Your name on the board and in the log.
    #[arg(long, value_name = "NAME", default_value = "you")]
    you: String,

    /// How crib's players play: one of crib's levels (the same in crib match and crib engine),
    /// from random and greedy (for beginners) through novice, casual and club (which err as
    /// people do) to expert (crib's points player) and strongest (crib's best: the board and
    /// what you have shown). [Elo N] is a level's rating on crib's ladder of every level, two
    /// players (docs/engine.md; their mean 0).
    #[arg(long, default_value = "strongest", value_parser = super::usage::level(), value_name = "LEVEL")]
    opponent: Level,

    /// Count your own hand and crib: crib takes the points you overlook.
    #[arg(long)]
    muggins: bool,

    /// Write the game to FILE, one deal a line: a new file, or an empty one [default: a new
    /// file in $XDG_DATA_HOME/crib/games].
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// Keep no log of the game.
    #[arg(long, conflicts_with = "log")]
    no_log: bool,

    /// Carry on the game logged in FILE (and log to it).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["players", "game", "games", "seed", "you", "opponent", "muggins", "log", "no_log"]
    )]
    resume: Option<PathBuf>,
}

/// A game under way: how it talks, its board, and its log.
pub struct Ctx<'a, 'b> {
    talk: &'b mut Talk<'a>,
    board: Board,
    settings: Settings,
    strength: Level,
    log: Option<File>,
    saver: Saver,
    /// Whether the seed was shown at the start (given with --seed); else it is revealed at
    /// the end, against the commitment, and kept out of the log until then.
    seed_shown: bool,
    /// Whether crib could not keep a hidden seed for `--resume`, said once.
    unkept: bool,
}

impl Ctx<'_, '_> {
    /// Log a deal played; `over` when the match is over after it. A hidden seed is kept for
    /// `--resume` while the game goes on, and forgotten once the log carries it.
    fn record(
        &mut self,
        before: &Match,
        table: &DealTable,
        claims: &[Muggins],
        over: bool,
    ) -> anyhow::Result<()> {
        if self.settings.hidden && !over && !self.unkept {
            let kept = seeds::keep(&log::commitment(&self.settings), self.settings.seed);
            if let Err(err) = kept {
                self.unkept = true;
                let _ = writeln!(
                    io::stderr().lock(),
                    "crib: note: {err:#}: this game cannot be carried on with --resume if you \
                     leave it"
                );
            }
        }
        let line = log::line(&self.settings, before, table, claims, over);
        if let Some(file) = &mut self.log {
            writeln!(file, "{line}").context("writing the log")?;
            file.flush().context("writing the log")?;
        }
        self.saver.push(line);
        Ok(())
    }

    /// Move the pegs to the scores at the table now.
    fn peg_board(&mut self, m: &Match, table: &DealTable) {
        self.board.peg(&m.match_scores(&table.scores_now()));
    }
}

/// Run `crib game`.
pub fn run(args: &Args, json: bool, input: Input, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let served = matches!(input, Input::Served(_));
    let (settings, mut m, lines, logged) = match &args.resume {
        Some(path) => resumed(path)?,
        None => {
            let seed = args.seed.unwrap_or_else(crate::cli::usage::fresh_seed);
            let game = Game::new(args.players.players()?, args.game)?;
            let games = u32::try_from(args.games).unwrap_or(u32::MAX);
            let names = names(&args.you, game.players.count());
            log::name_fits(&args.you, &names[1..])
                .map_err(|problem| anyhow::anyhow!("--you: {problem}"))?;
            if let Some(path) = &args.log {
                fresh_log(path)?;
            }
            let settings = Settings {
                game,
                seed,
                games,
                names,
                opponent: args.opponent.name().into(),
                muggins: args.muggins,
                hidden: args.seed.is_none(),
            };
            (
                settings,
                Match::new(game, seed, games).0,
                Vec::new(),
                Vec::new(),
            )
        }
    };
    let (log_path, fresh, log) = open_log(args, &settings)?;
    let (mode, input) = input.into_parts(json);
    let mut talk = Talk::new(out, input, mode);
    let fallback = if settings.hidden {
        // Not the seed, which would give away every deal to come.
        log::commitment(&settings)[..16].to_owned()
    } else {
        settings.seed.to_string()
    };
    let seed_shown = !settings.hidden;
    let mut ctx = Ctx {
        talk: &mut talk,
        board: Board::new(side_names(&settings), settings.game.target),
        strength: Level::named(&settings.opponent).unwrap_or_default(),
        settings,
        log,
        saver: Saver::new(lines, log_path, &fallback, fresh),
        seed_shown,
        unkept: false,
    };
    // Served, the server stops its games (each logs every deal as it ends).
    if !served {
        ctx.saver.save_on_interrupt();
    }
    // A game carried on has its pegs where the log left them, back pegs too.
    for deal in &logged {
        let mut scores = deal.before.scores.clone();
        for (side, points, _) in deal
            .before
            .counted_events(&deal.table.counted()?, &deal.claims)
        {
            scores[side] += points;
            ctx.board.peg(&scores);
        }
    }
    ctx.board.peg(&m.scores);
    if args.resume.is_none() {
        announce_cut(&mut ctx, &m)?;
    }
    while m.champion().is_none() {
        match play_deal(&mut ctx, &mut m) {
            Ok(Flow::On) => {}
            Ok(Flow::Quit) => return quit(&mut ctx),
            Err(err) => return Err(saved_after(&ctx.saver, err)),
        }
    }
    // The screen shows the end of the match: the board and the last deal's messages.
    let board = ctx.board.lines();
    ctx.talk.draw(&board)?;
    Ok(Outcome::Success)
}

/// The game's log: where it is, whether this game makes it (not one carried on, nor any file
/// there before: a device, a link), and the file opened to append to.
fn open_log(
    args: &Args,
    settings: &Settings,
) -> anyhow::Result<(Option<PathBuf>, bool, Option<File>)> {
    let log_path = args
        .log
        .clone()
        .or_else(|| args.resume.clone())
        .or_else(|| (!args.no_log).then(|| kept_log(settings)).flatten());
    let fresh = args.resume.is_none()
        && log_path
            .as_ref()
            .is_some_and(|p| std::fs::symlink_metadata(p).is_err());
    let log = match &log_path {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open the log {}", path.display()))?,
        ),
        None => None,
    };
    Ok((log_path, fresh, log))
}

/// A new log in the games kept, for a game not logged elsewhere; none, with one warning line,
/// where crib cannot keep it (the game goes on).
fn kept_log(settings: &Settings) -> Option<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    match crate::cli::kept::new_log(&log::commitment(settings), seconds) {
        Ok(path) => Some(path),
        Err(err) => {
            let _ = writeln!(
                io::stderr(),
                "crib: warning: the game is not kept ({}); --no-log plays without",
                super::describe(&err)
            );
            None
        }
    }
}

/// "You deal" or "crib deals".
fn deals(name: &str) -> String {
    if name == "you" {
        "you deal".to_owned()
    } else {
        format!("{name} deals")
    }
}

/// The text with its first letter in capitals.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// "your" or "crib's".
fn whose(name: &str) -> String {
    if name == "you" {
        "your".to_owned()
    } else {
        format!("{name}'s")
    }
}

/// The players' names, from you round the table.
fn names(you: &str, players: usize) -> Vec<String> {
    let others: &[&str] = match players {
        2 => &["crib"],
        3 => &["lefty", "righty"],
        _ => &["lefty", "partner", "righty"],
    };
    std::iter::once(you.to_owned())
        .chain(others.iter().map(|s| (*s).to_owned()))
        .collect()
}

/// The keys of the sides in the game's JSON events, from you round the table: `you` and
/// `opponent` with two players (with four, the partnerships), `you`, `lefty` and `righty` with
/// three. The seats' roles, not the names people chose.
fn side_keys(players: Players) -> &'static [&'static str] {
    if players == Players::THREE {
        &["you", "lefty", "righty"]
    } else {
        &["you", "opponent"]
    }
}

/// A value for each side, as the game's JSON events give it: an object keyed by
/// [`side_keys`].
pub fn by_side<T: serde::Serialize>(players: Players, values: &[T]) -> serde_json::Value {
    side_keys(players)
        .iter()
        .zip(values)
        .map(|(key, value)| ((*key).to_owned(), json!(value)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The sides' names: each player, or with four the partnerships (yours named for you and your
/// partner, the other "opponents").
fn side_names(settings: &Settings) -> Vec<String> {
    let n = &settings.names;
    if settings.game.players == Players::FOUR {
        vec![format!("{} & {}", n[0], n[2]), "opponents".to_owned()]
    } else {
        n.clone()
    }
}

/// A game carried on: its settings, the match where the log leaves it, the log's lines, and
/// its deals.
type Resumed = (Settings, Match, Vec<String>, Vec<log::Logged>);

fn resumed(path: &Path) -> anyhow::Result<Resumed> {
    let lines = log::lines_of(path)?;
    let (settings, m, deals) =
        log::read(&lines).with_context(|| format!("the log {}", path.display()))?;
    if m.champion().is_some() {
        anyhow::bail!("the match logged in {} is over", path.display());
    }
    let lines = lines.into_iter().map(|(_, line)| line).collect();
    Ok((settings, m, lines, deals))
}

/// Refuse a `--log` file that holds anything: a log holds one game, and crib never writes over
/// a file. Only a regular file can hold one: a pipe, a FIFO or a terminal is written to, never
/// read (reading one would wait for its writer, or take what you type as the log).
fn fresh_log(path: &Path) -> anyhow::Result<()> {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    let mut start = Vec::new();
    // A file that cannot be read is refused when it is opened for the log.
    let _ = io::Read::read_to_end(&mut io::Read::take(file, 4096), &mut start);
    if start.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let shown = path.display();
    let logged = log::lines_of(path).and_then(|lines| log::read(&lines));
    if let Ok((_, m, _)) = logged {
        if m.champion().is_some() {
            anyhow::bail!(
                "--log {shown}: the file holds a finished game (crib review {shown} grades it): \
                 log to a new file"
            );
        }
        anyhow::bail!(
            "--log {shown}: the file holds a game already: carry on with crib game --resume \
             {shown}, or log to a new file"
        );
    }
    anyhow::bail!("--log {shown}: the file is not empty: crib logs a game to a new or empty file")
}

/// The commitment to the seed, before the first deal: anyone can check after the game that
/// every deck came from the seed committed to (`crib verify LOG`).
fn announce_commitment(ctx: &mut Ctx) -> anyhow::Result<()> {
    let commitment = log::commitment(&ctx.settings);
    let text = format!(
        "Commitment: SHA-256 {commitment} of the seed and the game's settings; crib verify \
         checks the deals against it."
    );
    ctx.talk.say(
        &text,
        json!({"event": "commitment", "sha256": commitment,
               "of": "crib/1 seed S players N game G games M"}),
    )?;
    Ok(())
}

/// The seed, at the end of a game whose seed was hidden: the commitment can be checked.
pub fn reveal_seed(ctx: &mut Ctx) -> anyhow::Result<()> {
    if ctx.seed_shown {
        return Ok(());
    }
    seeds::forget(&log::commitment(&ctx.settings));
    let text = log::committed_text(&ctx.settings);
    ctx.talk.say(
        &format!(
            "The seed was {}: SHA-256 of \"{text}\" is the commitment (crib verify checks \
             the log).",
            ctx.settings.seed
        ),
        json!({"event": "seed", "seed": ctx.settings.seed, "committed": text,
               "sha256": log::commitment(&ctx.settings)}),
    )?;
    Ok(())
}

fn announce_cut(ctx: &mut Ctx, m: &Match) -> anyhow::Result<()> {
    announce_commitment(ctx)?;
    let (_, cuts) = Match::new(m.game, m.seed, m.games);
    let cut: Vec<String> = ctx
        .settings
        .names
        .iter()
        .zip(&cuts)
        .map(|(name, card)| format!("{name} {}", cards_text(&[*card])))
        .collect();
    let dealer = ctx.settings.names[m.dealer].clone();
    let seed = if ctx.seed_shown {
        format!("seed {}", m.seed)
    } else {
        "the seed is revealed at the end".to_owned()
    };
    ctx.talk.say(
        &format!(
            "Cut for deal: {}. {} first ({seed}).",
            cut.join(", "),
            capital(&deals(&dealer)),
        ),
        json!({"event": "cut", "cards": cuts.iter().map(ToString::to_string).collect::<Vec<_>>(),
               "dealer": dealer, "seed": ctx.seed_shown.then_some(m.seed)}),
    )?;
    Ok(())
}

/// An error that ended the game, the game saved first; the message says where. Not when the
/// reader of the transcript has gone (`yes best | crib game | head`): that is output thrown
/// away, as everywhere in crib, and no file is left behind that no one was told of.
fn saved_after(saver: &Saver, err: anyhow::Error) -> anyhow::Error {
    if super::is_broken_pipe(&err) {
        return err;
    }
    match saver.save() {
        Ok(Some(path)) => anyhow::anyhow!(
            "{} (saved: carry on with crib game --resume {})",
            super::describe(&err),
            path.display()
        ),
        _ => err,
    }
}

/// Leave, the game saved: in its log, or without one in `crib-game-SEED.jsonl` (for a hidden
/// seed, the commitment's first 16 digits in place of the seed).
fn quit(ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let saved = ctx.saver.save()?;
    let text = match &saved {
        Some(path) => format!("Saved: carry on with crib game --resume {}", path.display()),
        None => "Left before the first deal was played: nothing to save.".to_owned(),
    };
    let log = saved.map(|p| p.display().to_string());
    ctx.talk.draw(&[])?;
    ctx.talk.say(&text, json!({"event": "saved", "log": log}))?;
    if ctx.talk.mode == Mode::Screen {
        writeln!(ctx.talk.out(), "{text}")?;
    }
    Ok(Outcome::Success)
}
