//! `crib review`'s report, for people and as JSON: the decisions graded, labelled and explained,
//! the accuracy, and each game's luck and skill.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Value, json};

use crib::coach::{Choice, Decision, Label, Worth};

use super::{Graded, Report};
use crate::cli::chart::sparkline;
use crate::cli::output::{self, Render};
use crate::cli::words::choice_said;
use crib::coach::GameAccount;

fn choice_json(choice: &Choice) -> Value {
    match choice {
        Choice::Throw(cards) => json!(cards.iter().map(ToString::to_string).collect::<Vec<_>>()),
        Choice::Card(card) => json!(card.to_string()),
        Choice::Count(points) => json!(points),
    }
}

fn kind(decision: &Decision) -> &'static str {
    match decision.chosen {
        Choice::Throw(_) => "discard",
        Choice::Card(_) => "play",
        Choice::Count(_) => "count",
    }
}

/// `crib review --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// The player graded.
    player: String,
    /// Every decision, in order.
    decisions: Vec<Value>,
    /// The totals.
    summary: Value,
}

impl Report {
    fn total(&self) -> f64 {
        self.decisions.iter().map(|g| g.decision.cost).sum()
    }

    /// The chance of winning given up, summed over the decisions graded for the board (none
    /// when none was).
    fn total_p_win(&self) -> Option<f64> {
        let costs: Vec<f64> = self
            .decisions
            .iter()
            .filter_map(|g| g.decision.cost_p_win)
            .collect();
        (!costs.is_empty()).then(|| costs.iter().sum())
    }

    /// Whether a decision is worth a row: it cost points, or 0.1% of the game.
    fn costly(g: &Graded) -> bool {
        !g.decision.matched() || g.decision.cost_p_win.is_some_and(|c| c.abs() >= 0.001)
    }

    fn matched(&self) -> usize {
        self.decisions
            .iter()
            .filter(|g| g.decision.matched())
            .count()
    }

    /// The decisions the text explains: every labelled one, and the three costliest, in the
    /// order they were made.
    fn explained(&self) -> Vec<&Graded> {
        let worst = self.costliest();
        self.decisions
            .iter()
            .filter(|g| g.label.is_some() || worst.iter().any(|w| std::ptr::eq(*w, *g)))
            .collect()
    }

    /// The three costliest decisions, costliest first (the earliest on a tie).
    fn costliest(&self) -> Vec<&Graded> {
        let mut sorted: Vec<&Graded> = self
            .decisions
            .iter()
            .filter(|g| !g.decision.matched())
            .collect();
        sorted.sort_by(|a, b| b.decision.cost.total_cmp(&a.decision.cost));
        sorted.truncate(3);
        sorted
    }

    fn decision_json(graded: &Graded) -> Value {
        let d = &graded.decision;
        let worth = d
            .worth
            .map(|[chosen, best]| json!({"chosen": worth_json(chosen), "best": worth_json(best)}));
        json!({"deal": graded.deal, "game": graded.game, "kind": kind(d),
               "chosen": choice_json(&d.chosen), "best": choice_json(&d.best),
               "cost": d.cost, "cost_p_win": d.cost_p_win, "count": d.count, "worth": worth,
               "loss": graded.loss, "label": graded.label.map(Label::name),
               "fault": graded.fault.map(crate::cli::words::fault_said),
               "reasons": graded.reasons[1], "causes": graded.causes})
    }

    /// How many decisions have each label.
    fn labels(&self) -> [usize; 3] {
        Label::ALL.map(|label| {
            self.decisions
                .iter()
                .filter(|g| g.label == Some(label))
                .count()
        })
    }

    /// The reviewed player's accuracy over every decision.
    fn accuracy(&self) -> Option<f64> {
        let losses: Vec<f64> = self.decisions.iter().map(|g| g.loss).collect();
        crib::coach::accuracy(&losses)
    }

    fn per(&self, n: usize) -> f64 {
        if n == 0 { 0.0 } else { self.total() / n as f64 }
    }
}

/// What a decision was, for its row: `discard`, `lead`, `play on a count of 14`, `count`.
pub(super) fn what(d: &Decision) -> String {
    match d.count {
        Some(0) => "lead".to_owned(),
        Some(count) => format!("play on a count of {count}"),
        None => kind(d).to_owned(),
    }
}

/// Where a choice's points come from, as `crib discard` (hand, crib, play) and `crib play`
/// (now, mine, theirs) show them.
fn worth_text(worth: &Worth) -> String {
    match *worth {
        Worth::Throw { hand, crib, play } => {
            let play = play.map_or(String::new(), |p| format!(", play {p:+.2}"));
            format!(
                "hand {hand:.2}, crib {crib:+.2}{play}: net {:.2}",
                worth.net()
            )
        }
        Worth::Card { now, mine, theirs } => {
            format!(
                "now {now}, mine {mine:.2}, theirs {theirs:.2}: net {:+.2}",
                worth.net()
            )
        }
    }
}

fn worth_json(worth: Worth) -> Value {
    match worth {
        Worth::Throw { hand, crib, play } => {
            json!({"hand": hand, "crib": crib, "play": play, "net": worth.net()})
        }
        Worth::Card { now, mine, theirs } => {
            json!({"now": now, "mine": mine, "theirs": theirs, "net": worth.net()})
        }
    }
}

/// A decision explained (a labelled one, or one of the costliest): what was chosen and what
/// crib advises, each with where its points come from, and why it cost what it did.
pub(super) fn costliest(g: &Graded, out: &mut dyn Write) -> io::Result<()> {
    let d = &g.decision;
    let label = g
        .label
        .map_or(String::new(), |l| format!(" ({})", l.name()));
    let game = d.cost_p_win.map_or(String::new(), |p| {
        format!(", {:+.1}% for the game", -100.0 * p)
    });
    writeln!(
        out,
        "  deal {}, {}{label}: {:.2} points{game}",
        g.deal,
        what(d),
        d.cost
    )?;
    for reason in &g.reasons[0] {
        writeln!(out, "    {reason}")?;
    }
    match d.worth {
        Some([chosen, best]) => {
            writeln!(
                out,
                "    {:<6} {}",
                choice_said(&d.chosen),
                worth_text(&chosen)
            )?;
            writeln!(
                out,
                "    {:<6} {} (crib's)",
                choice_said(&d.best),
                worth_text(&best)
            )
        }
        None => writeln!(
            out,
            "    claimed {}, the count holds {}",
            choice_said(&d.chosen),
            choice_said(&d.best)
        ),
    }
}

impl Render for Report {
    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.decisions.len();
        let matched = self.matched();
        writeln!(
            out,
            "{}: {n} decisions over {} deal{}; {matched} matched crib's ({:.0}%).",
            self.player,
            self.deals,
            if self.deals == 1 { "" } else { "s" },
            100.0 * matched as f64 / n.max(1) as f64
        )?;
        writeln!(
            out,
            "Expected cost: {:.2} points in all, {:.2} a deal, {:.2} a game.",
            self.total(),
            self.per(self.deals),
            self.per(self.games as usize)
        )?;
        self.coach(out)?;
        if let Some(p) = self.total_p_win() {
            let stake = match self.match_games {
                Some(n) => format!("the match (the first to win {n} games, a skunk counting two)"),
                None => "the game".to_owned(),
            };
            writeln!(
                out,
                "For {stake}: crib's choices would have won {:+.1}% more (on the same draws).",
                100.0 * p
            )?;
        }
        let costly: Vec<&Graded> = self
            .decisions
            .iter()
            .filter(|g| Report::costly(g))
            .collect();
        if costly.is_empty() {
            return Ok(());
        }
        let board = self.total_p_win().is_some();
        let mut header = vec!["deal", "decision", "chosen", "crib's best", "cost"];
        if board {
            header.push("win cost");
        }
        header.push("label");
        let mut table = output::table(&header);
        for g in costly {
            let what = what(&g.decision);
            let mut row = vec![
                g.deal.to_string(),
                what,
                choice_said(&g.decision.chosen),
                choice_said(&g.decision.best),
                format!("{:.2}", g.decision.cost),
            ];
            if board {
                row.push(
                    g.decision
                        .cost_p_win
                        .map_or("–".to_owned(), |c| format!("{:+.1}%", 100.0 * c)),
                );
            }
            row.push(g.label.map_or(String::new(), |l| l.name().to_owned()));
            table.add_row(row);
        }
        output::align_right(&mut table, &[0, 4, 5]);
        // Narrow, the table keeps the decisions and their points: the chance of winning they
        // cost goes first (the label still says how costly each was), then the deal's number.
        let spare: &[usize] = if board { &[5, 0] } else { &[0] };
        output::fit_words(&mut table, spare);
        writeln!(out, "{table}")?;
        let explained = self.explained();
        if explained.is_empty() {
            // Every row differs for the game only: nothing cost points.
            return Ok(());
        }
        writeln!(
            out,
            "Why, for every labelled decision and the three costliest:"
        )?;
        for g in explained {
            costliest(g, out)?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.decisions.len();
        let summary = json!({
            "decisions": n,
            "matched": self.matched(),
            "matched_share": self.matched() as f64 / n.max(1) as f64,
            "cost": self.total(),
            "cost_p_win": self.total_p_win(),
            "deals": self.deals,
            "games": self.games,
            "match_games": self.match_games,
            "cost_per_deal": self.per(self.deals),
            "cost_per_game": self.per(self.games as usize),
            "costliest": self.costliest().iter().map(|g| Report::decision_json(g)).collect::<Vec<_>>(),
            "accuracy": self.accuracy(),
            "labels": {"inaccuracy": self.labels()[0], "mistake": self.labels()[1],
                       "blunder": self.labels()[2]},
            "by_game": self.accounts.iter().map(|a| account_json(a, &self.names)).collect::<Vec<_>>(),
        });
        output::json_line(
            out,
            &Json {
                player: self.player.clone(),
                decisions: self.decisions.iter().map(Report::decision_json).collect(),
                summary,
            },
        )
    }
}

fn account_json(account: &GameAccount, names: &[String]) -> Value {
    let (luck, yours, others) = account.totals();
    let accuracy: serde_json::Map<String, Value> = names
        .iter()
        .zip(&account.accuracy)
        .map(|(name, a)| (name.clone(), json!(a)))
        .collect();
    let deals: Vec<Value> = account
        .deals
        .iter()
        .map(|(deal, s)| {
            json!({"deal": deal, "before": s.before, "after": s.after, "luck": s.luck,
                   "yours": s.yours, "others": s.others})
        })
        .collect();
    json!({"game": account.game, "won": account.won, "start": account.start(),
           "end": account.end(), "result": account.end() - account.start(), "luck": luck,
           "yours": yours, "others": others, "accuracy": accuracy, "deals": deals})
}

/// A chance as a percentage with its sign, `+4.2%` (never `-0.0%`).
fn signed(p: f64) -> String {
    let tenths = (1000.0 * p).round() / 10.0;
    if tenths == 0.0 {
        "+0.0%".to_owned()
    } else {
        format!("{tenths:+.1}%")
    }
}

impl Report {
    /// The coach's summary: accuracy, labels, and each game's chance deal by deal with its
    /// result split into luck and skill.
    fn coach(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(accuracy) = self.accuracy() {
            writeln!(
                out,
                "Accuracy {accuracy:.1}% (crib's choices are 100%): {}.",
                output::labels_text(self.labels())
            )?;
        }
        for account in &self.accounts {
            self.game_account(account, out)?;
        }
        Ok(())
    }

    fn game_account(&self, account: &GameAccount, out: &mut dyn Write) -> io::Result<()> {
        let others: Vec<String> = self
            .names
            .iter()
            .zip(&account.accuracy)
            .filter_map(|(name, a)| a.map(|a| format!("{name} {a:.1}%")))
            .collect();
        let end = match account.won {
            Some(true) => "won".to_owned(),
            Some(false) => "lost".to_owned(),
            None => format!("{:.0}% (unfinished)", 100.0 * account.end()),
        };
        let mut chances: Vec<f64> = account.deals.iter().map(|(_, s)| s.before).collect();
        chances.push(account.end());
        writeln!(
            out,
            "Game {}: accuracy {}. Your chance deal by deal {} ({:.0}% to {end}).",
            account.game,
            others.join(", "),
            sparkline(&chances),
            100.0 * account.start(),
        )?;
        let (luck, yours, gift) = account.totals();
        writeln!(
            out,
            "  result {} = luck {} - your decisions {:.1}% + the others' decisions {:.1}%",
            signed(account.end() - account.start()),
            signed(luck),
            100.0 * yours,
            100.0 * gift
        )?;
        let mut table = output::table(&["deal", "before", "after", "luck", "yours", "others'"]);
        for (deal, s) in &account.deals {
            table.add_row(vec![
                deal.to_string(),
                format!("{:.1}%", 100.0 * s.before),
                format!("{:.1}%", 100.0 * s.after),
                signed(s.luck),
                format!("{:.1}%", 100.0 * s.yours),
                format!("{:.1}%", 100.0 * s.others),
            ]);
        }
        output::align_right(&mut table, &[0, 1, 2, 3, 4, 5]);
        output::fit_words(&mut table, &[]);
        writeln!(out, "{table}")
    }
}
