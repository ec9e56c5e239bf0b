//! `crib match`: crib's levels and programs that speak crib's engine protocol meet in duplicate
//! games, refereed by crib, on every core; the summary says who is stronger and by how much.

mod entrants;
mod ladder;
mod parts;
mod render;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use anyhow::Context;

use crib::Game;
use crib::Players;
use crib::arena::{Arena, GameRecord, group_seed};
use crib::arena::{Sprt, SprtState, summarise};
use crib::game::Match;

use super::Outcome;
use super::log::{self, Settings};
use super::output;
use entrants::Entrant;
use render::Report;

pub const AFTER_HELP: &str = "\
Each player is one of crib's levels, crib:LEVEL (random, greedy, novice, greedy-high, \
casual, reply-aware, club, expert, strongest), or a program that speaks crib's engine protocol (docs/engine.md), named \
with --engine NAME='COMMAND'. With --players 4 two players make two partnerships of two copies \
each; four players sit as partners first and third, second and fourth.

The games are duplicate: each seeded sequence of decks is played once for every seating (both \
ways round with two players, all six orders with three, the four turns of the table with \
four), so every player holds the same cards from the same seats, and the standard errors are \
computed over those groups of games; the summary counts the groups by how many of their games \
the first side won (with two: won both, split, lost both). Games run in parallel (--workers, \
one engine process per worker and player); the result is the same whatever the number of \
workers. crib counts every point; an illegal card or throw, an answer that is not one, a \
crash, or no answer within --timeout forfeits that game (the reason is in the summary) and the \
program is started afresh for the next. Ctrl-C stops the match and prints the summary of the \
games finished.

--sprt ELO0,ELO1 stops a two-sided match once a sequential probability ratio test decides \
whether the first player is ELO0 or ELO1 Elo stronger than the second (5% error either way), \
at most --games games. A progress line is shown on a terminal, never on a pipe.

--round-robin plays every pair of the players named, --games games each on the same decks, \
and rates them all on one Elo scale by maximum likelihood over every game, with 95% intervals \
and the gap from each to the next; each pair's share, Elo and duplicate outcomes (won both, \
split, lost both) follow.

Examples:
  crib match crib:expert crib:greedy --games 1000 --seed 1
  crib match crib:expert crib:greedy crib:greedy-high --players 3
  crib match crib:strongest crib:expert --sprt 0,20 --games 20000
  crib match --round-robin crib:greedy crib:novice crib:club crib:expert
  crib match my-bot crib:greedy --engine my-bot='python3 bot.py' --log logs/";

/// Arguments of `crib match`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The players: crib:LEVEL, or a NAME given with --engine. Two to four (with
    /// --round-robin, two or more).
    #[arg(required = true, num_args = 2.., value_name = "PLAYER")]
    players_named: Vec<String>,

    /// Play every pair of the players named, each pair --games games on the same decks, and
    /// rate them all on one Elo scale (two players a game, or four as partnerships).
    #[arg(long, conflicts_with_all = ["sprt", "log"])]
    round_robin: bool,

    /// A program that speaks crib's engine protocol: NAME='COMMAND' (the shell runs it).
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    engines: Vec<String>,

    /// How many play: 2, 3, or 4 (two partnerships) [default: as many as are named].
    #[arg(long, value_parser = super::usage::number_in(2u8, 4))]
    players: Option<u8>,

    /// The game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// Games to play, in whole groups of duplicate games [default: 100; with --sprt, at most
    /// 20,000].
    #[arg(long, value_name = "N", value_parser = super::usage::at_least_one)]
    games: Option<u64>,

    /// Stop when a sequential probability ratio test decides between ELO0 and ELO1 (two
    /// sides only).
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt_bounds)]
    sprt: Option<Sprt>,

    /// The seed of the decks: the same seed deals the same games [default: from the clock].
    #[arg(long, value_name = "N", value_parser = super::usage::seed)]
    seed: Option<u64>,

    /// Games played at once [default: the cores].
    #[arg(long, value_name = "N", value_parser = super::usage::at_least_one)]
    workers: Option<u64>,

    /// Seconds a program may take over a decision before it forfeits the game.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS", value_parser = timeout)]
    timeout: f64,

    /// Write each game to DIR/game-NNNNN.jsonl in crib game's log format (crib deal - recounts
    /// it, crib review grades it).
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,

    /// Show every program's traffic on standard error as it happens, one line each, under the
    /// program's name: `NAME < request`, `NAME > answer`, and `NAME ! line` for what the
    /// program writes to its own standard error.
    #[arg(long)]
    debug: bool,

    /// Play only the K-th of N parts of the match (whole groups of duplicate games, numbered as
    /// in the whole match), to spread a match over machines (docs/cluster.md).
    #[arg(long, value_name = "K/N", value_parser = parts::part, conflicts_with_all = ["sprt", "round_robin"])]
    part: Option<parts::Part>,

    /// Write each game's record to FILE, a line of JSON each (`-`: standard output, instead of
    /// the summary): what --from-records reads.
    #[arg(long, value_name = "FILE", conflicts_with = "round_robin")]
    records: Option<PathBuf>,

    /// Play nothing: summarise the games recorded in the FILEs (by --records, the parts of one
    /// match), exactly as the whole match would have been summarised.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["sprt", "round_robin", "part", "records", "log"])]
    from_records: Vec<PathBuf>,
}

fn sprt_bounds(text: &str) -> Result<Sprt, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let numbers: Vec<f64> = parts
        .iter()
        .filter_map(|p| p.parse::<f64>().ok().filter(|x| x.is_finite()))
        .collect();
    match numbers[..] {
        [elo0, elo1] if parts.len() == 2 && elo0 < elo1 => Ok(Sprt { elo0, elo1 }),
        _ => Err("takes two Elo differences, the lower first, e.g. 0,20".into()),
    }
}

fn timeout(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
        .ok_or_else(|| "takes seconds, more than 0 and at most 3600, e.g. 5 or 0.5".into())
}

/// A match's settings, resolved.
struct Setup {
    arena: Arena,
    entrants: Vec<Entrant>,
    total: u64,
    workers: usize,
    sprt: Option<Sprt>,
    log: Option<PathBuf>,
    debug: bool,
    /// The first game played: 0, or the first of a part's.
    first: u64,
    /// The progress line's words before its count (a round robin's pair), and the games to be
    /// played after these (the pairs still to come).
    progress: (String, u64),
}

/// Run `crib match`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let stop = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let (stop, interrupted) = (Arc::clone(&stop), Arc::clone(&interrupted));
        // Ctrl-C, SIGTERM or SIGHUP stops the engines at once and the summary of the games
        // finished is printed; a second leaves at once.
        let _ = ctrlc::set_handler(move || {
            if interrupted.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(crate::cli::exit::INTERRUPTED));
            }
            stop.store(true, Ordering::SeqCst);
        });
    }
    if args.round_robin {
        return ladder::run(args, json, out, (&stop, &interrupted));
    }
    let setup = setup(args, &args.players_named, &stop)?;
    let started = Instant::now();
    let (mut records, sprt_state) = match args.from_records.is_empty() {
        true => play_all(&setup, &stop)?,
        false => (parts::read(&args.from_records)?, None),
    };
    if let Some(path) = &args.records {
        parts::write(path, &records, out)?;
        if path == std::path::Path::new("-") {
            return Ok(Outcome::Success);
        }
    }
    // Stopped, the shares and their errors count whole groups of duplicate games only. Records
    // of fewer games than the match's are a match stopped short (a time limit on a cluster).
    let short = !args.from_records.is_empty() && (records.len() as u64) < setup.total;
    let interrupted = interrupted.load(Ordering::SeqCst) || short;
    let size = crib::arena::seatings(setup.arena.game.players).len();
    let left_out = if interrupted { records.len() % size } else { 0 };
    records.truncate(records.len() - left_out);
    let contenders = setup.arena.game.players.sides();
    let summary = summarise(&records, contenders, setup.entrants.len());
    let report = Report {
        game: setup.arena.game,
        seed: setup.arena.seed,
        workers: setup.workers,
        seconds: started.elapsed().as_secs_f64(),
        entrants: &setup.entrants,
        summary,
        sprt: setup.sprt.zip(sprt_state),
        interrupted,
        planned: setup.total,
        left_out,
        recorded: !args.from_records.is_empty(),
    };
    if json {
        report.json(out)?;
    } else {
        report.human(out)?;
    }
    Ok(if report.interrupted {
        Outcome::Interrupted
    } else {
        Outcome::Success
    })
}

/// The match of `names` as `args` set it up.
fn setup(args: &Args, names: &[String], stop: &Arc<AtomicBool>) -> anyhow::Result<Setup> {
    let named = names.len();
    if named > 4 {
        anyhow::bail!(
            "{named} players named: cribbage is played by 2, 3 or 4 (four as two partnerships, \
             two named); --round-robin plays every pair of them"
        );
    }
    let players = args.players.map_or(named, usize::from);
    if named != players && !(players == 4 && named == 2) {
        anyhow::bail!(
            "{named} players named for a game of {players}: name {players} (or, for four, two \
             partnerships of copies)"
        );
    }
    let game = Game::new(Players::try_from(players)?, args.game)?;
    let timeout = Duration::from_secs_f64(args.timeout);
    let entrants = entrants::resolve(names, &args.engines, game, timeout, (stop, args.debug))?;
    if args.sprt.is_some() && game.players.sides() != 2 {
        anyhow::bail!("--sprt compares two sides: it takes two or four players, not three");
    }
    let seed = args.seed.unwrap_or_else(crate::cli::usage::fresh_seed);
    let arena = Arena {
        game,
        seed,
        keep_deals: args.log.is_some(),
    };
    let size = crib::arena::seatings(arena.game.players).len() as u64;
    let wanted = args
        .games
        .unwrap_or(if args.sprt.is_some() { 20_000 } else { 100 });
    let mut total = wanted.div_ceil(size) * size;
    let mut first = 0;
    if let Some(part) = args.part {
        (first, total) = (part.games(total, size).start, part.games(total, size).end);
    }
    if let Some(dir) = &args.log {
        entrants::fresh_dir(dir)?;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let workers = args
        .workers
        .map_or(cores, |w| usize::try_from(w).unwrap_or(usize::MAX))
        .min(usize::try_from(total).unwrap_or(usize::MAX))
        .max(1);
    Ok(Setup {
        arena,
        entrants,
        total,
        workers,
        sprt: args.sprt,
        log: args.log.clone(),
        debug: args.debug,
        first,
        progress: (String::new(), 0),
    })
}

/// Play the match on the workers: the games finished, in order (up to the first not finished,
/// or to the group where the SPRT decided), and the SPRT's state there.
fn play_all(
    setup: &Setup,
    stop: &Arc<AtomicBool>,
) -> anyhow::Result<(Vec<GameRecord>, Option<SprtState>)> {
    let next = AtomicU64::new(setup.first);
    let (send, receive) = mpsc::channel::<GameRecord>();
    std::thread::scope(|scope| {
        for _ in 0..setup.workers {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                let mut contestants: Vec<_> = setup
                    .entrants
                    .iter()
                    .map(|e| e.contestant(stop, setup.debug))
                    .collect();
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= setup.total || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(record) = setup.arena.play(index, &mut contestants, stop) else {
                        break;
                    };
                    if send.send(record).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        collect(setup, &receive, stop)
    })
}

/// Gather the records as the workers finish them: the log written, the progress shown, the
/// SPRT tested at each whole group.
fn collect(
    setup: &Setup,
    receive: &mpsc::Receiver<GameRecord>,
    stop: &AtomicBool,
) -> anyhow::Result<(Vec<GameRecord>, Option<SprtState>)> {
    let size = crib::arena::seatings(setup.arena.game.players).len() as u64;
    // Games finished ahead of one still being played wait here.
    let mut pending: std::collections::BTreeMap<usize, GameRecord> = Default::default();
    let mut records: Vec<GameRecord> = Vec::new();
    let mut done = setup.first as usize;
    let mut decided: Option<(usize, SprtState)> = None;
    let mut progress = Progress::new(setup);
    for mut record in receive {
        if decided.is_some() {
            continue;
        }
        if let Some(dir) = &setup.log {
            write_log(dir, setup, &record)?;
            record.deals = Vec::new();
        }
        pending.insert(record.index as usize, record);
        let before = done;
        while let Some(record) = pending.remove(&done) {
            records.push(record);
            done += 1;
        }
        if let Some(sprt) = setup.sprt {
            // Test at each whole group the prefix has reached.
            let mut groups = before as u64 / size + 1;
            while groups * size <= done as u64 {
                let state = sprt.state(&records[..(groups * size) as usize]);
                if state.accepts_elo1.is_some() {
                    decided = Some(((groups * size) as usize, state));
                    stop.store(true, Ordering::SeqCst);
                    break;
                }
                groups += 1;
            }
        }
        progress.show(&records);
    }
    progress.clear();
    let end = decided.as_ref().map_or(done, |(end, _)| *end);
    records.truncate(end);
    let state = match (decided, setup.sprt) {
        (Some((_, state)), _) => Some(state),
        (None, Some(sprt)) => Some(sprt.state(&records)),
        (None, None) => None,
    };
    Ok((records, state))
}

/// Write a game's log: one deal a line, in crib game's format.
fn write_log(dir: &std::path::Path, setup: &Setup, record: &GameRecord) -> anyhow::Result<()> {
    let game = setup.arena.game;
    let names: Vec<String> = record
        .seating
        .iter()
        .map(|&e| setup.entrants[e].log_name.clone())
        .collect();
    let settings = Settings {
        game,
        seed: group_seed(setup.arena.seed, record.group),
        games: 1,
        names,
        opponent: "match".into(),
        muggins: false,
        hidden: false,
    };
    let text: String = record
        .deals
        .iter()
        .map(|(before, table): &(Match, _)| log::line(&settings, before, table, &[], false) + "\n")
        .collect();
    let path = dir.join(format!("game-{:05}.jsonl", record.index + 1));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The progress line on a terminal's stderr.
struct Progress {
    shown: bool,
    started: Instant,
    last: Instant,
    total: u64,
    names: Vec<String>,
    label: String,
    after: u64,
}

impl Progress {
    fn new(setup: &Setup) -> Progress {
        Progress {
            shown: io::stderr().is_terminal(),
            started: Instant::now(),
            last: Instant::now(),
            total: setup.total - setup.first,
            names: entrants::contender_names(&setup.entrants, setup.arena.game),
            label: setup.progress.0.clone(),
            after: setup.progress.1,
        }
    }

    fn show(&mut self, records: &[GameRecord]) {
        let done = records.len();
        if !self.shown || self.last.elapsed() < Duration::from_millis(200) {
            return;
        }
        self.last = Instant::now();
        let s = summarise(records, self.names.len(), 0);
        let standing = &s.standings.first();
        let label = &self.label;
        let mut line = match standing {
            Some(st) if done > 0 => format!(
                "{label}{done}/{} games; {} {:.1}% ± {:.1}%",
                self.total,
                self.names[0],
                100.0 * st.share,
                100.0 * st.share_se
            ),
            _ => format!("{label}{done}/{} games", self.total),
        };
        if done > 0 {
            let each = self.started.elapsed().as_secs_f64() / done as f64;
            let left = each * (self.total.saturating_sub(done as u64) + self.after) as f64;
            line.push_str(&format!("; {} left", time_left(left)));
        }
        // A line wider than the terminal would wrap, and each redraw would leave a line.
        let fits: String = line
            .chars()
            .take(output::stderr_width().saturating_sub(1))
            .collect();
        let _ = write!(io::stderr().lock(), "\r\x1b[2K{fits}");
    }

    fn clear(&self) {
        if self.shown {
            let _ = write!(io::stderr().lock(), "\r\x1b[2K");
        }
    }
}

/// About how long is left, in words: `40 s`, `3 min`, `1 h 20 min`.
fn time_left(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min", (s + 30) / 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    /// The help names every one of crib's levels, weakest first, as `Level::ALL` does.
    #[test]
    fn the_help_names_every_level() {
        let text = super::AFTER_HELP.replace('\n', " ");
        let list = text
            .split_once("crib:LEVEL (")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(list, _)| list.to_owned())
            .unwrap();
        let named: Vec<&str> = list.split(", ").collect();
        let levels: Vec<&str> = crib::game::Level::ALL.map(|l| l.name()).to_vec();
        assert_eq!(named, levels);
    }
}
