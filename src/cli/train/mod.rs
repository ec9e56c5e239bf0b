//! `crib train`: practice in the terminal, one subcommand a skill, each answer graded at once
//! and explained, and a summary at the end. The drills and their grading are the library's
//! (`crib::coach::count_drill`, `grade_throw`, …); this module asks and says.

mod count;
mod discard;
mod mistakes;
mod play;
pub(crate) mod record;
pub(crate) mod state;

use std::io::{self, Write};

use serde_json::{Value, json};

use crib::coach::{Decision, Label, Reason, accuracy, judge};

use super::Outcome;
use super::output;
use crate::cli::talk::{Flow, Input, Mode, Reply, Talk};

pub const AFTER_HELP: &str = "\
Practice one skill at a time: count hands and cribs yourself (count), throw to the crib \
(discard), play a card in the play (play), or go over your own mistakes from your games' logs \
until you have learned them (mistakes). Each answer is graded at once against crib's choice \
and explained; a summary follows the last.

At each question, ? gives a hint, best shows crib's answer (counted as missed), q (or quit) \
stops with the summary so far. When standard input is not a terminal each line answers the next \
question; with --json, one event a line (drill, prompt, hint, refused, graded, summary).

Examples:
  crib train count                      ten hands and cribs to count
  crib train count --focus crib-flush   cribs of four cards of a suit
  crib train discard --board            throws late in a game
  crib train play --players 3           the play with three players
  crib train mistakes --logs games/     your own mistakes, until learned";

/// Arguments of `crib train`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to practise.
    #[command(subcommand)]
    drill: Drill,
}

#[derive(Debug, clap::Subcommand)]
enum Drill {
    /// Count hands and cribs yourself: crib says every item you missed, in players' words.
    #[command(after_help = super::usage::reflow(count::AFTER_HELP))]
    Count(count::Args),
    /// Throw to the crib: graded in points and in the chance of winning, the difference
    /// found in the hand, the crib or the play.
    #[command(after_help = super::usage::reflow(discard::AFTER_HELP))]
    Discard(discard::Args),
    /// Play a card in the play, at moments of real deals: graded, with the reasons.
    #[command(after_help = super::usage::reflow(play::AFTER_HELP))]
    Play(play::Args),
    /// Your own costliest decisions from your games' logs, brought back until learned.
    #[command(after_help = super::usage::reflow(mistakes::AFTER_HELP))]
    Mistakes(mistakes::Args),
}

/// What the seeded drills take.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// The seed: the same seed asks the same drills [default: drawn, and shown].
    #[arg(long, value_name = "N", value_parser = super::usage::seed)]
    seed: Option<u64>,

    /// How many to ask.
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = super::usage::at_least_one)]
    rounds: u64,
}

impl Common {
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(crate::cli::usage::fresh_seed)
    }
}

/// The table the throwing and playing drills deal at.
#[derive(Debug, clap::Args)]
#[command(mut_arg("players", |a| a.help("How many players: 2, 3 or 4")))]
pub struct Table {
    #[command(flatten)]
    players: crate::cli::usage::PlayersArg,

    /// The game hole: 121, or 61 for the short game.
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,
}

impl Table {
    /// The game asked for.
    fn game(&self) -> anyhow::Result<crib::Game> {
        let players = self.players.players()?;
        Ok(crib::Game::new(players, self.game)?)
    }
}

/// Run `crib train`.
pub fn run(args: &Args, json: bool, input: Input, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let (mode, input) = input.into_parts(json);
    let mut talk = Talk::new(out, input, mode);
    match &args.drill {
        Drill::Count(args) => count::run(args, &mut talk),
        Drill::Discard(args) => discard::run(args, &mut talk),
        Drill::Play(args) => play::run(args, &mut talk),
        Drill::Mistakes(args) => mistakes::run(args, &mut talk),
    }
}

/// Each line of `text` wrapped to the width, a paragraph's later lines indented.
fn wrapped(text: &str) -> String {
    let width = output::width();
    text.lines()
        .map(|l| output::wrap_to(l, "  ", width))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One answer graded.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    /// Right: crib's answer, or within an inaccuracy of it.
    pub right: bool,
    /// Asked for a hint first.
    pub hinted: bool,
    /// Asked for crib's answer (`best`): counted as missed.
    pub shown: bool,
    /// Points given up (a count: points missed or claimed too many).
    pub cost: f64,
    /// The chance of winning given up, where it was weighed.
    pub cost_p_win: Option<f64>,
    /// The label of a throw or a card.
    pub label: Option<Label>,
    /// What it cost in the chance of winning, for the accuracy (none for a count).
    pub loss: Option<f64>,
    /// Why a throw or a card cost what it did.
    pub reasons: Vec<Reason>,
    /// The skill it practised ([`crate::cli::grades::skill`]).
    pub skill: &'static str,
}

impl Answer {
    /// A throw or a card of `drill`'s graded: right unless it earns a label.
    pub fn of(
        drill: &crib::coach::Drill,
        decision: &Decision,
        hinted: bool,
        shown: bool,
    ) -> anyhow::Result<Answer> {
        let judged = judge(&drill.table, drill.seat, decision)?;
        let label = judged.label;
        Ok(Answer {
            right: label.is_none() && !shown,
            hinted,
            shown,
            cost: decision.cost,
            cost_p_win: decision.cost_p_win,
            label,
            loss: Some(judged.loss),
            reasons: judged.reasons,
            skill: crate::cli::grades::skill::skill_of(
                decision,
                drill.seat,
                drill.table.game.players,
            ),
        })
    }
}

/// What a round came to.
pub enum Step {
    /// Answered and graded.
    Answered(Answer),
    /// The player stopped (or the input ended).
    Quit,
}

/// A drill under way: the conversation, the drill's name, and the answers so far.
pub struct Session<'a, 'b> {
    talk: &'b mut Talk<'a>,
    drill: &'static str,
    /// The seed of the drill's questions (none for your own mistakes): said in the summary, so
    /// that the same drill can be asked again.
    seed: Option<u64>,
    answers: Vec<Answer>,
    /// The drill's first words (its seed and keys), kept at the top of the screen.
    header: Vec<String>,
    /// What the last question was about, drawn above its verdict on the screen.
    scene: Vec<String>,
    /// Whether the results could not be kept, said once.
    unkept: bool,
}

impl<'a, 'b> Session<'a, 'b> {
    fn new(talk: &'b mut Talk<'a>, drill: &'static str, seed: Option<u64>) -> Session<'a, 'b> {
        Session {
            talk,
            drill,
            seed,
            answers: Vec::new(),
            header: Vec::new(),
            scene: Vec::new(),
            unkept: false,
        }
    }

    /// Whether the screen is redrawn at each question.
    pub fn screen(&self) -> bool {
        self.talk.mode == Mode::Screen
    }

    /// Say `text` to people (wrapped to the width), `event` as JSON.
    pub fn say(&mut self, text: &str, event: Value) -> io::Result<()> {
        if self.talk.mode == Mode::Transcript {
            return self.talk.say(&wrapped(text), event);
        }
        self.talk.say(text, event)
    }

    /// Show what the question is about: on the screen it is drawn above each question (the
    /// scene), elsewhere said once.
    pub fn show(&mut self, scene: &[String]) -> io::Result<()> {
        let lines = wrapped(&scene.join("\n"))
            .lines()
            .map(str::to_owned)
            .collect::<Vec<_>>();
        // On the screen, under the drill's seed and keys.
        self.scene = match self.talk.mode {
            Mode::Screen => self.header.iter().cloned().chain(lines).collect(),
            _ => lines,
        };
        match self.talk.mode {
            Mode::Transcript => self.talk.say(&self.scene.join("\n"), Value::Null),
            Mode::Screen | Mode::Json => Ok(()),
        }
    }

    /// Ask a question, what it is about ([`Session::show`]) drawn above it on the screen.
    pub fn ask(&mut self, question: &str, ask: &str, details: Value) -> io::Result<Reply> {
        let scene = self.scene.clone();
        self.talk.ask(question, ask, details, &scene)
    }

    /// A refused answer: say why; the question is asked again.
    pub fn refuse(&mut self, message: &str) -> io::Result<()> {
        self.say(
            &format!("{message}; try again."),
            json!({"event": "refused", "message": message}),
        )
    }

    /// On the screen, hold the verdict until the player is ready for the next question.
    fn pause(&mut self, last: bool) -> io::Result<Flow> {
        if !self.screen() || last {
            return Ok(Flow::On);
        }
        match self.ask("Enter for the next (q to stop):", "next", json!({}))? {
            Reply::Quit | Reply::Ended => Ok(Flow::Quit),
            _ => Ok(Flow::On),
        }
    }

    /// Ask up to `rounds` drills, `round` asking the one numbered from 0, then sum up.
    fn drive(
        &mut self,
        intro: &str,
        event: Value,
        rounds: u64,
        round: &mut dyn FnMut(&mut Session, u64) -> anyhow::Result<Step>,
    ) -> anyhow::Result<Outcome> {
        self.say(intro, event)?;
        self.header = wrapped(intro).lines().map(str::to_owned).collect();
        self.header.push(String::new());
        for n in 0..rounds {
            self.talk.clear_messages();
            if self.talk.mode == Mode::Transcript {
                // A blank line between drills.
                writeln!(self.talk.out())?;
            }
            match round(self, n)? {
                Step::Quit => break,
                Step::Answered(answer) => {
                    self.keep(&answer);
                    self.answers.push(answer);
                    if self.pause(n + 1 == rounds)? == Flow::Quit {
                        break;
                    }
                }
            }
        }
        if self.talk.mode == Mode::Transcript {
            writeln!(self.talk.out())?;
        }
        self.summary()?;
        // On the screen, the last verdict and the summary.
        let scene = self.scene.clone();
        self.talk.draw(&scene)?;
        Ok(Outcome::Success)
    }

    /// Keep an answer's result for `crib stats --logs` (a warning line, once, where it
    /// cannot be kept).
    fn keep(&mut self, answer: &Answer) {
        let accuracy = match (answer.shown, answer.loss) {
            (true, _) => 0.0,
            (false, Some(loss)) => accuracy(&[loss]).unwrap_or(0.0),
            (false, None) => {
                if answer.right {
                    100.0
                } else {
                    0.0
                }
            }
        };
        let record = record::Record {
            day: state::day_text(state::today()),
            drill: self.drill.to_owned(),
            skill: answer.skill.to_owned(),
            accuracy,
        };
        if let Err(err) = record::keep(&record)
            && !self.unkept
        {
            self.unkept = true;
            let _ = writeln!(
                io::stderr(),
                "crib: warning: the drill's results are not kept ({})",
                crate::cli::describe(&err)
            );
        }
    }

    /// The summary of the answers.
    fn summary(&mut self) -> io::Result<()> {
        let asked = self.answers.len();
        let right = self.answers.iter().filter(|a| a.right).count();
        let hinted = self.answers.iter().filter(|a| a.hinted).count();
        // From +0: a sum of nothing in floats is -0.
        let cost = self.answers.iter().fold(0.0, |sum, a| sum + a.cost);
        let p_win: Vec<f64> = self.answers.iter().filter_map(|a| a.cost_p_win).collect();
        let cost_p_win = (!p_win.is_empty()).then(|| p_win.iter().fold(0.0, |sum, p| sum + p));
        // An answer shown (`best`) is missed, in the accuracy too: it counts as 0%.
        let losses: Vec<f64> = self
            .answers
            .iter()
            .filter_map(|a| a.loss.map(|l| if a.shown { f64::INFINITY } else { l }))
            .collect();
        let accuracy = accuracy(&losses);
        let mut labels = [0usize; 3];
        for label in self.answers.iter().filter_map(|a| a.label) {
            labels[label as usize] += 1;
        }
        let shown = self.answers.iter().filter(|a| a.shown).count();
        let seed = self
            .seed
            .map_or(String::new(), |seed| format!(" (seed {seed})"));
        let mut text = format!("{right} of {asked} right");
        match (hinted, shown) {
            (0, 0) => {}
            (h, 0) => text += &format!(" ({h} with a hint)"),
            (0, s) => text += &format!(" ({s} shown)"),
            (h, s) => text += &format!(" ({h} with a hint, {s} shown)"),
        }
        if asked == 0 {
            text = "nothing answered.".to_owned();
        } else if self.drill == "count" {
            text += &format!("; {cost:.0} points miscounted in all.");
        } else {
            text += &format!(
                "; {cost:.2} points given up ({:.2} each)",
                cost / asked as f64
            );
            if let Some(p) = cost_p_win {
                text += &format!(", {:.1}% of the game", 100.0 * p.max(0.0));
            }
            text += &format!("; {}", output::labels_text(labels));
            if let Some(a) = accuracy {
                text += &format!("; accuracy {a:.1}%");
            }
            text += ".";
        }
        self.say(
            &format!("Done{seed}: {text}"),
            json!({"event": "summary", "drill": self.drill, "seed": self.seed,
                   "asked": asked, "right": right,
                   "hinted": hinted, "shown": shown, "cost": cost, "cost_p_win": cost_p_win,
                   "labels": {"inaccuracy": labels[0], "mistake": labels[1],
                              "blunder": labels[2]},
                   "accuracy": accuracy}),
        )
    }
}

/// A verdict's first words: right, near enough, or the label.
pub fn verdict(answer: &Answer, matched: bool) -> String {
    match answer.label {
        _ if answer.shown => "Shown".to_owned(),
        _ if matched => "Right".to_owned(),
        None => "Good".to_owned(),
        Some(label) => {
            let name = label.name();
            let mut chars = name.chars();
            chars.next().map_or(String::new(), |c| {
                format!("{}{}", c.to_uppercase(), chars.as_str())
            })
        }
    }
}

/// Where a drill's seat stands: whose crib it is and the scores before the deal, yours first.
pub fn situation(drill: &crib::coach::Drill) -> String {
    let game = drill.table.game;
    let players = game.players;
    let dealer = players.dealer();
    let role = if drill.seat == dealer {
        "you deal (the crib is yours)".to_owned()
    } else if game.players.side(drill.seat) == game.players.side(dealer) {
        "your partner deals (the crib is your side's)".to_owned()
    } else {
        // Seats in the words players use: p1 and p2 are the JSON's names, not the table's.
        match (players.count(), drill.seat.index()) {
            (2, _) => "you are the pone".to_owned(),
            (_, 0) => "you play first, on the dealer's left".to_owned(),
            (_, 1) => "you play second".to_owned(),
            _ => "you play third, on the dealer's right".to_owned(),
        }
    };
    let sides = sides_yours_first(drill);
    let scores = if sides.iter().all(|&(_, score)| score == 0) {
        format!("0-0 in a game to {}", game.target)
    } else {
        let the = if players.count() == 2 { "the " } else { "" };
        let parts: Vec<String> = sides
            .iter()
            .enumerate()
            .map(|(i, &(side, score))| match i {
                0 => format!("you {score}"),
                _ => format!("{the}{} {score}", game.side_name(side)),
            })
            .collect();
        format!("{} in a game to {}", parts.join(", "), game.target)
    };
    format!("{} players, {role}; {scores}", players.count())
}

/// The points of a throw or a card, the choice made against crib's, part by part: `hand 8.20
/// against 9.10 (-0.90)`.
pub fn parts_text(worth: &[crib::coach::Worth; 2]) -> String {
    use crib::coach::Worth;
    let part = |name: &str, mine: f64, best: f64| {
        format!("{name} {mine:.2} against {best:.2} ({:+.2})", mine - best)
    };
    match (worth[0], worth[1]) {
        (
            Worth::Throw { hand, crib, play },
            Worth::Throw {
                hand: best_hand,
                crib: best_crib,
                play: best_play,
            },
        ) => {
            let mut parts = vec![part("hand", hand, best_hand), part("crib", crib, best_crib)];
            if let (Some(p), Some(b)) = (play, best_play) {
                parts.push(part("play", p, b));
            }
            parts.join("; ")
        }
        (
            Worth::Card { now, mine, theirs },
            Worth::Card {
                now: best_now,
                mine: best_mine,
                theirs: best_theirs,
            },
        ) => [
            format!("now {now} against {best_now}"),
            part("yours to the end", mine, best_mine),
            part("theirs", theirs, best_theirs),
        ]
        .join("; "),
        _ => String::new(),
    }
}

/// Say a throw or a card graded: the verdict with its cost, crib's choice, where the points
/// differ, why, and crib's ranked table of the choices (`table`, as `crib discard` or `crib
/// play` prints it; in the JSON, its JSON as `table`).
pub fn tell_graded(
    s: &mut Session,
    decision: &Decision,
    answer: &Answer,
    event: Value,
    table: &dyn output::Render,
) -> io::Result<()> {
    use crate::cli::words::choice_said as text;
    let matched = decision.matched();
    let mut lines = Vec::new();
    let game = decision.cost_p_win.map_or(String::new(), |p| {
        format!(" and {:.1}% of the game", 100.0 * p.max(0.0))
    });
    let verdict = verdict(answer, matched);
    if answer.shown {
        lines.push(format!("{verdict}: crib chooses {}.", text(&decision.best)));
    } else if matched {
        lines.push(format!(
            "{verdict}: crib chooses {} too.",
            text(&decision.best)
        ));
    } else {
        lines.push(format!(
            "{verdict}: {} gives up {:.2} points{game} against crib's {}.",
            text(&decision.chosen),
            decision.cost,
            text(&decision.best)
        ));
        if let Some(worth) = &decision.worth {
            lines.push(format!("Where: {}.", parts_text(worth)));
        }
    }
    let [why, why_json] = super::words::both(&answer.reasons);
    lines.extend(why.iter().map(|r| format!("  {r}")));
    let mut event = event;
    if let Value::Object(map) = &mut event {
        map.insert("right".into(), json!(answer.right));
        map.insert("hinted".into(), json!(answer.hinted));
        map.insert("shown".into(), json!(answer.shown));
        map.insert("cost".into(), json!(decision.cost));
        map.insert("cost_p_win".into(), json!(decision.cost_p_win));
        map.insert("label".into(), json!(answer.label.map(|l| l.name())));
        map.insert("reasons".into(), json!(why_json));
        map.insert(
            "causes".into(),
            json!(super::words::causes_json(&answer.reasons)),
        );
        if s.talk.mode == Mode::Json {
            let mut text = Vec::new();
            table.json(&mut text)?;
            let value: Value = serde_json::from_slice(&text).map_err(io::Error::other)?;
            map.insert("table".into(), value);
        }
    }
    let mut text = Vec::new();
    match s.talk.mode {
        Mode::Json => {}
        Mode::Transcript => {
            output::emit_wrapped(&mut text, false, table)?;
            lines.push(String::new());
            lines.extend(String::from_utf8_lossy(&text).lines().map(str::to_owned));
        }
        Mode::Screen => {
            // On the screen, the tables alone, above the verdict: where rows are short, the
            // top of the tables goes, never the verdict.
            output::emit_wrapped(&mut text, false, table)?;
            let boxed = |l: &&str| l.starts_with(['╭', '│', '╞', '├', '╰', '+', '|']);
            let rows: Vec<String> = String::from_utf8_lossy(&text)
                .lines()
                .filter(boxed)
                .map(str::to_owned)
                .collect();
            lines.splice(0..0, rows.into_iter().chain([String::new()]));
        }
    }
    s.say(&lines.join("\n"), event)
}

/// The sides and their scores before the deal, your side's first, then the others' in the
/// order of play.
fn sides_yours_first(drill: &crib::coach::Drill) -> Vec<(crib::Side, u32)> {
    let mine = drill.table.game.players.side(drill.seat);
    let side = |(index, &score): (usize, &u32)| (crib::Side::new(index), score);
    let start = drill.table.start.iter().enumerate().map(side);
    start
        .clone()
        .filter(|&(s, _)| s == mine)
        .chain(start.filter(|&(s, _)| s != mine))
        .collect()
}

/// The scores before the deal, your side's first, then the others' in the order of play.
pub fn scores_yours_first(drill: &crib::coach::Drill) -> Vec<u32> {
    sides_yours_first(drill)
        .into_iter()
        .map(|(_, score)| score)
        .collect()
}
