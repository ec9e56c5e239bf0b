//! `crib stats --logs`: your history over the logs of your games. Games, wins and skunks; your
//! points a deal by seat against what crib's odds expect at each deal's score, and your pegging
//! by seat; your accuracy game by game and its trend; the faults of your costliest decisions.
//!
//! The counts come from recounting each log (fast); the accuracy and faults from grading your
//! decisions as `crib review` does, which takes a fraction of a second a game, so each log's
//! grades are kept in a cache ([`crate::cli::grades::cache`]) and a log is graded once.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::json;

use crib::coach::accuracy;
use crib::odds::Odds;
use crib::{Players, Position};

use crate::cli::chart::{Chart, Marks, sparkline};
use crate::cli::grades::cache::{Cache, GameGrades, grades_of};
use crate::cli::grades::skill::SKILLS;
use crate::cli::grades::{Read, files, read_logs};
use crate::cli::output::{self, Render};
use crate::cli::train::record::{self, Record};

/// What `crib stats --logs` reads and how.
#[derive(Debug)]
pub struct Asked {
    /// The logs: files, or directories of `*.jsonl` files.
    pub logs: Vec<PathBuf>,
    /// The player, by name [default: the first of each log: you].
    pub player: Option<String>,
    /// Where to draw the accuracy game by game.
    pub plot: Option<PathBuf>,
    /// Where the grades are kept.
    pub cache: Option<PathBuf>,
    /// Grade in points alone, not the chance of winning.
    pub no_board: bool,
}

/// One game's result for you.
struct Outcome {
    won: Option<bool>,
    /// Won by a skunk (`Some(true)`) or lost to one (`Some(false)`).
    skunk: Option<bool>,
}

/// Your points in the deals of one seat.
#[derive(Default, Clone)]
struct SeatTotals {
    deals: usize,
    points: f64,
    /// What the odds expected you to score (two sides only), and in how many deals.
    expected: f64,
    expected_deals: usize,
    play: f64,
    play_against: f64,
}

struct History {
    player: String,
    logs: usize,
    /// Logs that could not be read, skipped.
    skipped: usize,
    outcomes: Vec<Outcome>,
    seats: BTreeMap<String, SeatTotals>,
    grades: Vec<GameGrades>,
    /// The drills' results kept on this machine.
    drills: Vec<Record>,
}

/// Progress in one skill: in the games, and in the drills.
struct SkillRow {
    skill: &'static str,
    /// Decisions of the skill in the games.
    decisions: usize,
    /// Their accuracy, over them all.
    accuracy: Option<f64>,
    /// Game by game (none for a game without one).
    by_game: Vec<Option<f64>>,
    /// The change in accuracy a game, by least squares over the games with one.
    trend: Option<f64>,
    /// Drill answers of the skill.
    drilled: usize,
    /// Their mean accuracy.
    drill_accuracy: Option<f64>,
}

/// The change in `values` a step, by least squares over them in order; none under two.
fn slope(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let n = values.len() as f64;
    let mean_x = (n - 1.0) / 2.0;
    let mean_y = values.iter().sum::<f64>() / n;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (i, y) in values.iter().enumerate() {
        let dx = i as f64 - mean_x;
        sxy += dx * (y - mean_y);
        sxx += dx * dx;
    }
    Some(sxy / sxx)
}

/// Run `crib stats --logs`.
pub fn run(asked: &Asked, json: bool, out: &mut dyn Write) -> anyhow::Result<crate::cli::Outcome> {
    let files = files(&asked.logs)?;
    let (reads, skipped) = read_logs(&files, asked.player.as_deref())?;
    let cache = Cache::open(asked.cache.as_deref());
    let grades = grades_of(&reads, !asked.no_board, &cache)?;
    let mut history = gather(&reads, grades.into_iter().flatten().collect())?;
    history.skipped = skipped;
    if let Some(path) = &asked.plot {
        plot(&history, path)?;
    }
    output::emit(out, json, &history)?;
    Ok(crate::cli::Outcome::Success)
}

/// The counts of every log: games, outcomes, and your points by seat.
fn gather(reads: &[Read], grades: Vec<GameGrades>) -> anyhow::Result<History> {
    let mut outcomes = Vec::new();
    let mut seats: BTreeMap<String, SeatTotals> = BTreeMap::new();
    for r in reads {
        let game = r.settings.game;
        let players = game.players;
        let odds = Odds::committed(players);
        let mut ended = true;
        for logged in &r.deals {
            let table = &logged.table;
            let seat = logged.before.seat_of(r.who);
            let counted = table.counted()?;
            let mut after = logged.before.clone();
            let events = after.counted_events(&counted, &logged.claims);
            let mine = match_side(players, r.who);
            let (mut points, mut play, mut against) = (0.0, 0.0, 0.0);
            for &(s, p, phase) in &events {
                let is_play = phase == Some(crib::deal::Phase::Play);
                if s == mine {
                    points += f64::from(p);
                    if is_play {
                        play += f64::from(p);
                    }
                } else if is_play {
                    against += f64::from(p);
                }
            }
            let totals = seats.entry(seat.name(players).to_owned()).or_default();
            totals.deals += 1;
            totals.points += points;
            totals.play += play;
            totals.play_against += against / (game.players.sides() - 1) as f64;
            if game.players.sides() == 2 {
                let at = Position::new(game, &table.start, seat)?;
                if let Some(outlook) = odds.chances(&at)?.outlook {
                    totals.expected += outlook.yours;
                    totals.expected_deals += 1;
                }
            }
            ended = match after.settle(&counted, &logged.claims) {
                Some(over) => {
                    let won = over.winner == mine;
                    outcomes.push(Outcome {
                        won: Some(won),
                        skunk: over.skunk.map(|_| won),
                    });
                    true
                }
                None => false,
            };
        }
        // A log that ends before its game does: a game unfinished.
        if !ended {
            outcomes.push(Outcome {
                won: None,
                skunk: None,
            });
        }
    }
    let player = match reads {
        [first, ..] => first.settings.names[first.who].clone(),
        [] => String::new(),
    };
    Ok(History {
        player,
        logs: reads.len(),
        skipped: 0,
        outcomes,
        seats,
        grades,
        drills: record::read(),
    })
}

/// The side of the match player `who` scores for: the player, with four players its
/// partnership.
fn match_side(players: Players, who: usize) -> usize {
    if players == Players::FOUR {
        who % 2
    } else {
        who
    }
}

impl History {
    fn won(&self) -> usize {
        self.outcomes.iter().filter(|o| o.won == Some(true)).count()
    }

    fn lost(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| o.won == Some(false))
            .count()
    }

    fn accuracies(&self) -> Vec<f64> {
        self.grades.iter().filter_map(|g| g.accuracy).collect()
    }

    /// The change in accuracy a game, in points, by least squares over the games in order.
    fn trend(&self) -> Option<f64> {
        slope(&self.accuracies())
    }

    /// Progress in each skill, in the games and in the drills.
    fn skills(&self) -> Vec<SkillRow> {
        SKILLS
            .iter()
            .map(|&skill| {
                let none = Vec::new();
                let of = |g: &GameGrades| g.by_skill.get(skill).unwrap_or(&none).clone();
                let all: Vec<f64> = self.grades.iter().flat_map(of).collect();
                let by_game: Vec<Option<f64>> =
                    self.grades.iter().map(|g| accuracy(&of(g))).collect();
                let drilled: Vec<f64> = self
                    .drills
                    .iter()
                    .filter(|r| r.skill == skill)
                    .map(|r| r.accuracy)
                    .collect();
                SkillRow {
                    skill,
                    decisions: all.len(),
                    accuracy: accuracy(&all),
                    trend: slope(&by_game.iter().flatten().copied().collect::<Vec<_>>()),
                    by_game,
                    drilled: drilled.len(),
                    drill_accuracy: (!drilled.is_empty())
                        .then(|| drilled.iter().sum::<f64>() / drilled.len() as f64),
                }
            })
            .collect()
    }

    /// The faults of your labelled decisions, most frequent first.
    fn faults(&self) -> Vec<(String, usize)> {
        let mut all: BTreeMap<String, usize> = BTreeMap::new();
        for g in &self.grades {
            for (name, n) in &g.faults {
                *all.entry(name.clone()).or_default() += n;
            }
        }
        let mut sorted: Vec<(String, usize)> = all.into_iter().collect();
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        sorted
    }

    fn labels(&self) -> [usize; 3] {
        self.grades.iter().fold([0; 3], |mut all, g| {
            for (a, b) in all.iter_mut().zip(g.labels) {
                *a += b;
            }
            all
        })
    }
}

impl History {
    /// Progress by skill, as a table: in the games, and in the drills kept on this machine.
    fn skills_table(&self, out: &mut dyn Write) -> io::Result<()> {
        let rows = self.skills();
        if rows.iter().all(|r| r.decisions == 0 && r.drilled == 0) {
            return Ok(());
        }
        writeln!(
            out,
            "By skill: accuracy in the games and its trend a game; in crib train (this \
             machine's drills):"
        )?;
        let percent = |a: Option<f64>| a.map_or("–".to_owned(), |a| format!("{a:.1}%"));
        let mut table = output::table(&[
            "skill",
            "decisions",
            "accuracy",
            "trend",
            "drilled",
            "drill accuracy",
        ]);
        for r in &rows {
            table.add_row(vec![
                r.skill.to_owned(),
                r.decisions.to_string(),
                percent(r.accuracy),
                r.trend.map_or("–".to_owned(), |t| format!("{t:+.1}")),
                r.drilled.to_string(),
                percent(r.drill_accuracy),
            ]);
        }
        output::align_right(&mut table, &[1, 2, 3, 4, 5]);
        output::fit_words(&mut table, &[3]);
        writeln!(out, "{table}")
    }
}

fn per(total: f64, n: usize) -> f64 {
    if n == 0 { 0.0 } else { total / n as f64 }
}

impl Render for History {
    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let games = self.outcomes.len();
        let skunks_won = self
            .outcomes
            .iter()
            .filter(|o| o.skunk == Some(true))
            .count();
        let skunked = self
            .outcomes
            .iter()
            .filter(|o| o.skunk == Some(false))
            .count();
        let unfinished = games - self.won() - self.lost();
        writeln!(
            out,
            "{}: {} from {}{}: won {} ({} by a skunk), lost {} ({} to a skunk){}.",
            self.player,
            output::plural(games as u64, "game", "games"),
            output::plural(self.logs as u64, "log", "logs"),
            if self.skipped > 0 {
                format!(" ({} skipped)", self.skipped)
            } else {
                String::new()
            },
            self.won(),
            skunks_won,
            self.lost(),
            skunked,
            if unfinished > 0 {
                format!(", {unfinished} unfinished")
            } else {
                String::new()
            }
        )?;
        writeln!(
            out,
            "\nPoints a deal by seat (expected: what crib's odds expect at each deal's score, two \
             sides only):"
        )?;
        let mut table = output::table(&["seat", "deals", "points", "expected", "play", "theirs"]);
        for (role, t) in &self.seats {
            let expected = if t.expected_deals == t.deals && t.deals > 0 {
                format!("{:.2}", per(t.expected, t.deals))
            } else {
                "–".to_owned()
            };
            table.add_row(vec![
                role.clone(),
                t.deals.to_string(),
                format!("{:.2}", per(t.points, t.deals)),
                expected,
                format!("{:.2}", per(t.play, t.deals)),
                format!("{:.2}", per(t.play_against, t.deals)),
            ]);
        }
        output::align_right(&mut table, &[1, 2, 3, 4, 5]);
        output::fit_words(&mut table, &[]);
        writeln!(out, "{table}")?;
        let accuracies = self.accuracies();
        if !accuracies.is_empty() {
            let line: Vec<f64> = accuracies.iter().map(|a| a / 100.0).collect();
            let mean = accuracies.iter().sum::<f64>() / accuracies.len() as f64;
            let trend = self.trend().map_or(String::new(), |t| {
                format!("; a trend of {t:+.1} points a game")
            });
            writeln!(
                out,
                "Accuracy game by game: {} (mean {mean:.1}%{trend}).",
                sparkline(&line)
            )?;
        }
        self.skills_table(out)?;
        writeln!(out, "{}.", output::labels_text(self.labels()))?;
        let faults = self.faults();
        if !faults.is_empty() {
            writeln!(out, "What they got wrong, most often first:")?;
            for (name, n) in faults.iter().take(5) {
                writeln!(out, "  {n:>4}  {name}")?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let seats: Vec<serde_json::Value> = self
            .seats
            .iter()
            .map(|(role, t)| {
                json!({"role": role, "deals": t.deals, "points": per(t.points, t.deals),
                       "expected": (t.expected_deals == t.deals && t.deals > 0)
                            .then(|| per(t.expected, t.deals)),
                       "play": per(t.play, t.deals), "play_against": per(t.play_against, t.deals)})
            })
            .collect();
        let [inaccuracy, mistake, blunder] = self.labels();
        let accuracies = self.accuracies();
        let value = json!({
            "player": self.player,
            "logs": self.logs,
            "skipped": self.skipped,
            "games": self.outcomes.len(),
            "won": self.won(),
            "lost": self.lost(),
            "skunks_won": self.outcomes.iter().filter(|o| o.skunk == Some(true)).count(),
            "skunked": self.outcomes.iter().filter(|o| o.skunk == Some(false)).count(),
            "by_seat": seats,
            "accuracy": {
                "mean": (!accuracies.is_empty())
                    .then(|| accuracies.iter().sum::<f64>() / accuracies.len() as f64),
                "by_game": self.grades.iter().map(|g| g.accuracy).collect::<Vec<_>>(),
                "trend": self.trend(),
            },
            "labels": {"inaccuracy": inaccuracy, "mistake": mistake, "blunder": blunder},
            "faults": self.faults().iter().map(|(f, n)| json!({"fault": f, "count": n}))
                .collect::<Vec<_>>(),
            "skills": self.skills().iter().map(|r| json!({"skill": r.skill,
                "decisions": r.decisions, "accuracy": r.accuracy, "by_game": r.by_game,
                "trend": r.trend, "drilled": r.drilled, "drill_accuracy": r.drill_accuracy}))
                .collect::<Vec<_>>(),
        });
        output::json_line(out, &value)
    }
}

/// The accuracy game by game, as an SVG chart.
fn plot(history: &History, path: &Path) -> anyhow::Result<()> {
    let line: Vec<(f64, f64)> = history
        .accuracies()
        .iter()
        .enumerate()
        .map(|(i, &a)| ((i + 1) as f64, a))
        .collect();
    if line.is_empty() {
        anyhow::bail!("--plot: no game with a decision graded to chart");
    }
    // Each skill's accuracy in each game, as marks of its colour, under the game's line.
    const COLOURS: [(u8, u8, u8); 5] = [
        (128, 128, 128),
        (214, 39, 40),
        (44, 160, 44),
        (255, 127, 14),
        (148, 103, 189),
    ];
    let marks = history
        .skills()
        .into_iter()
        .zip(COLOURS)
        .filter(|(r, _)| r.decisions > 0)
        .map(|(r, color)| Marks {
            name: r.skill,
            color,
            size: 3,
            points: r
                .by_game
                .iter()
                .enumerate()
                .filter_map(|(i, a)| a.map(|a| ((i + 1) as f64, a)))
                .collect(),
        })
        .collect();
    Chart {
        title: format!("{}: accuracy game by game, and by skill", history.player),
        axes: ("games", "accuracy, %"),
        y: (0.0, 100.0),
        line,
        dividers: Vec::new(),
        marks,
    }
    .write_svg(path)
}
