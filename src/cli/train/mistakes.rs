//! `crib train mistakes --logs FILES`: your own costliest decisions (the mistakes and blunders
//! of your games' logs, as `crib review` labels them) brought back by Leitner's boxes until
//! you have answered each right on separate days.

use std::path::PathBuf;

use serde_json::json;
use sha2::{Digest, Sha256};

use crib::coach::{Drill, Schedule, decisions_of};
use crib::game::{DealTable, Muggins};
use crib::{Hand, HandKind, Seat};

use super::state::{self, State};
use super::{Session, Step, count, discard, play};
use crate::cli::Outcome;
use crate::cli::grades::cache::{Cache, GameGrades, grades_of};
use crate::cli::grades::{Read, files, read_logs};
use crate::cli::output::cards_ascii;
use crate::cli::talk::Talk;

pub const AFTER_HELP: &str = "\
Your mistakes and blunders (as crib review labels them) from the logs of your games (by \
default the games crib game kept, in $XDG_DATA_HOME/crib/games; or --logs: crib game --log, \
crib match --log's directories), throws and cards, brought back until learned, the \
costliest first. Each is asked again as it stood: answered right (within an inaccuracy of \
crib's choice) it moves up a box and comes back after 1, 2, 4, then 8 days; answered wrong it \
goes back to the first box and comes back the next day. It is learned once answered right in \
the last box, after its 8 days: right four times running, over two weeks at least.

The schedule is kept in $XDG_DATA_HOME/crib/train.json (else ~/.local/share/crib/train.json), \
or --state FILE, written after each answer by writing a new file and renaming it into place \
(a symbolic link is followed to its target; the mode is kept). Anything but a regular file crib \
may write, up to 8 MiB, holding crib's training state, is refused and left as it is. \
--today YYYY-MM-DD sets the day (the default is today's date in UTC).

Examples:
  crib train mistakes                 the games crib kept
  crib train mistakes --logs games/
  crib train mistakes --logs game.jsonl --player ann --rounds 5";

/// Arguments of `crib train mistakes`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The logs of your games: files, or directories of *.jsonl logs [default: the games crib
    /// game kept, in $XDG_DATA_HOME/crib/games].
    #[arg(long, value_name = "LOG", num_args = 1..)]
    logs: Vec<PathBuf>,

    /// The player whose mistakes they are, by name [default: the first of each log: you].
    #[arg(long, value_name = "NAME")]
    player: Option<String>,

    /// The state file [default: $XDG_DATA_HOME/crib/train.json].
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,

    /// The day it is, YYYY-MM-DD [default: today, UTC].
    #[arg(long, value_name = "DATE", value_parser = state::parse_today)]
    today: Option<i64>,

    /// Where the logs' grades are kept, shared with crib stats --logs [default:
    /// $XDG_CACHE_HOME/crib/grades].
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,

    /// How many to ask at most.
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = crate::cli::usage::at_least_one)]
    rounds: u64,
}

/// One of your mistakes, ready to be asked again.
struct Mistake {
    key: String,
    what: String,
    asked: Asked,
    loss: f64,
}

/// What a mistake asks again: a throw, a card, or a count (a hand or crib counted short under
/// muggins).
enum Asked {
    Throw(Drill),
    Card(Drill),
    Count(Hand),
}

/// A miscount's key: the cards, the starter and whether it was a crib.
fn count_key(hand: &Hand) -> String {
    let text = format!(
        "crib/mistake count {} starter {} crib {}",
        cards_ascii(hand.cards()),
        hand.starter(),
        hand.kind() == HandKind::Crib
    );
    crate::cli::log::hex(&Sha256::digest(text.as_bytes())[..8])
}

/// The hand or crib of a miscount: the `k`-th count `seat` claimed at `table`.
fn miscounted(table: &DealTable, claims: &[Muggins], seat: Seat, k: usize) -> Option<Hand> {
    let claim = claims.iter().filter(|c| c.seat == seat).nth(k)?;
    let (cards, kind) = if claim.crib {
        (table.crib()?, HandKind::Crib)
    } else {
        (table.kept(seat).try_into().ok()?, HandKind::Hand)
    };
    Hand::new(cards, table.starter, kind).ok()
}

/// A mistake's key: what it was decided from, whatever the log it came in.
fn key(drill: &Drill) -> String {
    let t = &drill.table;
    let dealt: Vec<String> = t.dealt.iter().map(|d| cards_ascii(d)).collect();
    let text = format!(
        "crib/mistake players {} game {} dealt {} starter {} start {:?} tokens {} seat {}",
        t.game.players.count(),
        t.game.target,
        dealt.join(" / "),
        t.starter,
        t.start,
        t.tokens.len(),
        drill.seat.index()
    );
    crate::cli::log::hex(&Sha256::digest(text.as_bytes())[..8])
}

/// The mistakes and blunders of one log, its player's, from its grades (the cache's, shared
/// with `crib stats --logs`: a log graded once is not graded again).
fn of_log(r: &Read, grades: &[GameGrades]) -> Vec<Mistake> {
    let name = r
        .path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into());
    let mut found = Vec::new();
    for costly in grades.iter().flat_map(|g| &g.costly) {
        let Some(logged) = r.deals.get(costly.deal) else {
            continue;
        };
        let seat = logged.before.seat_of(r.who);
        let mut drills = decisions_of(&logged.table, seat);
        let (asked, what) = if costly.decision >= drills.len() {
            let k = costly.decision - drills.len();
            let Some(hand) = miscounted(&logged.table, &logged.claims, seat, k) else {
                continue;
            };
            let what = if hand.kind() == HandKind::Crib {
                "the crib's count"
            } else {
                "the hand's count"
            };
            (Asked::Count(hand), what.to_owned())
        } else {
            let drill = drills.swap_remove(costly.decision);
            match costly.count {
                None => (Asked::Throw(drill), "the throw".to_owned()),
                Some(0) => (Asked::Card(drill), "a lead".to_owned()),
                Some(count) => (Asked::Card(drill), format!("a card on {count}")),
            }
        };
        found.push(Mistake {
            key: match &asked {
                Asked::Throw(drill) | Asked::Card(drill) => key(drill),
                Asked::Count(hand) => count_key(hand),
            },
            what: format!("{name}, deal {}: {what}", costly.deal + 1),
            loss: costly.loss,
            asked,
        });
    }
    found
}

/// Move a mistake between the boxes after an answer, say where it went, and keep the state.
fn reschedule(
    s: &mut Session,
    state: &mut State,
    key: &str,
    right: bool,
    today: i64,
) -> anyhow::Result<()> {
    let schedule = &mut state
        .schedules
        .get_mut(key)
        .expect("every mistake is scheduled")
        .1;
    schedule.answer(right, today);
    let text = if schedule.learned() {
        "Learned: it will not be asked again.".to_owned()
    } else {
        format!(
            "Box {}: next asked {}.",
            schedule.level,
            state::day_text(schedule.due)
        )
    };
    let event = json!({"event": "scheduled", "key": key, "box": schedule.level,
                       "due": state::day_text(schedule.due),
                       "learned": schedule.learned()});
    s.say(&text, event)?;
    state.save()
}

/// Run `crib train mistakes`.
pub fn run(args: &Args, talk: &mut Talk) -> anyhow::Result<Outcome> {
    let path = match &args.state {
        Some(path) => path.clone(),
        None => state::default_path()?,
    };
    // The state first: a corrupt one stops everything before any grading.
    let (mut state, found) = State::load(&path)?;
    state::say_found(&path, found);
    let today = args.today.unwrap_or_else(state::today);
    let logs = if args.logs.is_empty() {
        files(&crate::cli::kept::default_logs()?)?
    } else {
        files(&args.logs)?
    };
    let (reads, skipped) = read_logs(&logs, args.player.as_deref())?;
    let grades = grades_of(&reads, true, &Cache::open(args.cache.as_deref()))?;
    let mut mistakes: Vec<Mistake> = reads
        .iter()
        .zip(&grades)
        .flat_map(|(r, grades)| of_log(r, grades))
        .collect();
    mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    mistakes.dedup_by(|a, b| a.key == b.key);
    for m in &mistakes {
        state
            .schedules
            .entry(m.key.clone())
            .or_insert_with(|| (m.what.clone(), Schedule::new(today)));
    }
    let learned = mistakes
        .iter()
        .filter(|m| state.schedules[&m.key].1.learned())
        .count();
    let mut due: Vec<&Mistake> = mistakes
        .iter()
        .filter(|m| state.schedules[&m.key].1.due(today))
        .collect();
    let all_due = due.len();
    due.truncate(usize::try_from(args.rounds).unwrap_or(usize::MAX));
    let next = mistakes
        .iter()
        .map(|m| &state.schedules[&m.key].1)
        .filter(|s| !s.learned() && s.due > today)
        .map(|s| s.due)
        .min();
    let mut session = Session::new(talk, "mistakes", None);
    let skipped_text = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    let mut intro = format!(
        "{} from {} ({}{skipped_text}): {} due today ({}), {} learned.",
        crate::cli::output::plural(mistakes.len() as u64, "mistake", "mistakes"),
        crate::cli::output::plural(reads.len() as u64, "log", "logs"),
        crate::cli::output::plural(
            reads.iter().map(|r| r.deals.len() as u64).sum(),
            "deal",
            "deals"
        ),
        all_due,
        state::day_text(today),
        learned
    );
    if due.is_empty() {
        intro += &next.map_or(String::new(), |d| {
            format!(
                " Nothing to do today: the next is due {}.",
                state::day_text(d)
            )
        });
    } else {
        intro += " Answer each as you would now; ? for a hint, q to stop.";
    }
    let event = json!({"event": "drill", "drill": "mistakes", "mistakes": mistakes.len(),
                       "due": all_due, "learned": learned, "today": state::day_text(today),
                       "next_due": next.map(state::day_text), "state": path,
                       "logs": reads.len(), "skipped": skipped});
    let rounds = due.len() as u64;
    session
        .drive(&intro, event, rounds, &mut |s: &mut Session, n| {
            let m = due[n as usize];
            let title = format!("Mistake {} of {rounds} ({})", n + 1, m.what);
            let step = match &m.asked {
                Asked::Throw(drill) => discard::ask_throw(s, drill, &title, n)?,
                Asked::Card(drill) => play::ask_card(s, drill, &title, n)?,
                Asked::Count(hand) => count::ask_count(s, hand, &title, n)?,
            };
            if let Step::Answered(answer) = &step {
                reschedule(s, &mut state, &m.key, answer.right, today)?;
            }
            Ok(step)
        })
        .and_then(|outcome| {
            // New mistakes are kept even when none was asked.
            state.save()?;
            Ok(outcome)
        })
}
