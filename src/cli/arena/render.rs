//! The summary of a match, for people and as JSON.

use std::io::{self, Write};

use serde_json::{Value, json};

use crib::Game;
use crib::arena::{Points, Timing};
use crib::arena::{Sprt, SprtState, Summary};
use crib::cards::thousands;

use super::entrants::{Entrant, contender_names};
use crate::cli::output;

/// A match summed up, ready to print.
pub struct Report<'a> {
    pub game: Game,
    pub seed: u64,
    pub workers: usize,
    pub seconds: f64,
    pub entrants: &'a [Entrant],
    pub summary: Summary,
    pub sprt: Option<(Sprt, SprtState)>,
    pub interrupted: bool,
    pub planned: u64,
    /// Interrupted: the games finished of a group not finished, left out of the summary.
    pub left_out: usize,
    /// Summed up from records (`--from-records`): `seconds` is the summing up's, not the play's.
    pub recorded: bool,
}

/// The name of the seat a contender's points are kept under.
fn seat_name(game: Game, key: usize) -> &'static str {
    match (game.players.count(), key) {
        (2, 0) => "pone",
        (2, _) => "dealer",
        (3, 0) => "seat 1",
        (3, 1) => "seat 2",
        (3, _) => "dealer",
        (_, 0) => "pones",
        _ => "dealers",
    }
}

/// An Elo difference in whole points with its sign, never `-0`.
pub fn signed(elo: f64) -> String {
    let whole = elo.round();
    if whole == 0.0 {
        "+0".to_owned()
    } else {
        format!("{whole:+.0}")
    }
}

/// A share's difference in percent to a tenth, with its sign, never `-0.0%` (a share of 1/3
/// less the fair third is a hair below 0).
fn signed_percent(share: f64) -> String {
    let tenths = (share * 1000.0).round();
    if tenths == 0.0 {
        "+0.0%".to_owned()
    } else {
        format!("{:+.1}%", tenths / 10.0)
    }
}

fn per_deal(points: u32, deals: u32) -> f64 {
    if deals == 0 {
        0.0
    } else {
        f64::from(points) / f64::from(deals)
    }
}

pub fn millis(seconds: f64) -> String {
    let ms = seconds * 1000.0;
    if ms < 1.0 {
        format!("{ms:.3} ms")
    } else if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{seconds:.1} s")
    }
}

/// The mean decision's time, in seconds; 0 with no decisions.
fn mean_seconds(t: &Timing) -> f64 {
    if t.decisions == 0 {
        0.0
    } else {
        t.total / t.decisions as f64
    }
}

/// Duplicate outcomes, the groups won every game of first: with groups of two, won both /
/// split / lost both.
pub fn outcomes_text(outcomes: &[u64]) -> String {
    outcomes
        .iter()
        .rev()
        .map(|n| thousands(*n))
        .collect::<Vec<_>>()
        .join("/")
}

/// A player's decision times in a line of the summary: the mean, the median and the slowest, and
/// a program's hello.
pub fn decisions_line(name: &str, wide: usize, t: &Timing, hello: Option<&str>) -> String {
    format!(
        "  {name:wide$}  {}, {}, {} over {} decisions{}",
        millis(mean_seconds(t)),
        millis(t.median()),
        millis(t.slowest),
        thousands(t.decisions),
        hello.map_or(String::new(), |h| format!(" ({h})"))
    )
}

/// A player's decision times as JSON: `{"hello", "decisions", "mean_seconds",
/// "median_seconds", "slowest_seconds"}`.
pub fn decisions_json(t: &Timing, hello: Option<&str>) -> Value {
    json!({
        "hello": hello,
        "decisions": t.decisions,
        "mean_seconds": mean_seconds(t),
        "median_seconds": t.median(),
        "slowest_seconds": t.slowest,
    })
}

impl Report<'_> {
    fn names(&self) -> Vec<String> {
        contender_names(self.entrants, self.game)
    }

    fn fair(&self) -> f64 {
        1.0 / self.game.players.sides() as f64
    }

    fn sprt_result(&self) -> Option<&'static str> {
        self.sprt.map(|(_, state)| match state.accepts_elo1 {
            Some(true) => "H1",
            Some(false) => "H0",
            None => "undecided",
        })
    }

    /// The summary for people.
    pub fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.summary;
        let names = self.names();
        let wide = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(
            out,
            "crib match: {} players, games to {}, seed {}.",
            self.game.players.count(),
            self.game.target,
            self.seed
        )?;
        let size = crib::arena::seatings(self.game.players).len();
        writeln!(
            out,
            "{} game{}, {} group{} of {size} on the same decks, {}.{}",
            thousands(s.games),
            if s.games == 1 { "" } else { "s" },
            thousands(s.groups),
            if s.groups == 1 { "" } else { "s" },
            match self.recorded {
                true => "summed up from their records".to_owned(),
                false => format!(
                    "in {:.1} s on {} worker{}",
                    self.seconds,
                    self.workers,
                    if self.workers == 1 { "" } else { "s" }
                ),
            },
            if self.interrupted {
                format!(
                    " Interrupted: {} games were planned{}.",
                    thousands(self.planned),
                    match self.left_out {
                        0 => String::new(),
                        1 => "; 1 game of a group not finished is left out".to_owned(),
                        n => format!("; {n} games of a group not finished are left out"),
                    }
                )
            } else {
                String::new()
            }
        )?;
        writeln!(out)?;
        writeln!(out, "{:wide$}  {:>6}  {:>15}", "player", "wins", "share")?;
        for (name, st) in names.iter().zip(&s.standings) {
            let share = format!("{:.1}% ± {:.1}%", 100.0 * st.share, 100.0 * st.share_se);
            let fair = if self.game.players.sides() == 3 {
                format!("  {} on a third", signed_percent(st.share - self.fair()))
            } else {
                String::new()
            };
            writeln!(
                out,
                "{name:wide$}  {:>6}  {share:>15}{fair}",
                thousands(st.wins)
            )?;
        }
        self.verdicts_human(out, &names)?;
        writeln!(out)?;
        self.points_human(out, &names, wide)?;
        writeln!(out)?;
        self.decisions_human(out, wide)
    }

    /// The Elo difference, the SPRT's verdict, the skunks and the groups by games the first side
    /// won, for people.
    fn verdicts_human(&self, out: &mut dyn Write, names: &[String]) -> io::Result<()> {
        let s = &self.summary;
        if s.elo.is_none() && self.game.players.sides() == 2 && s.games > 0 {
            let all = s
                .standings
                .iter()
                .position(|st| st.wins == s.games)
                .unwrap_or(0);
            writeln!(
                out,
                "Elo: no finite difference: {} won every game.",
                names[all]
            )?;
        }
        if let Some(elo) = s.elo {
            let end = |e: Option<f64>, none: &str| e.map_or(none.to_owned(), signed);
            writeln!(
                out,
                "Elo: {} {} over {} (95%: {} to {}).",
                names[0],
                signed(elo.diff),
                names[1],
                end(elo.low, "no bound"),
                end(elo.high, "no bound")
            )?;
        }
        if let Some((sprt, state)) = self.sprt {
            let verdict = match state.accepts_elo1 {
                Some(true) => format!(
                    "H1 accepted: {} is nearer {} Elo stronger than {}",
                    names[0], sprt.elo1, sprt.elo0
                ),
                Some(false) => format!(
                    "H0 accepted: {} is nearer {} Elo stronger than {}",
                    names[0], sprt.elo0, sprt.elo1
                ),
                None => "undecided".to_owned(),
            };
            writeln!(
                out,
                "SPRT of {} against {} Elo: LLR {:.2} (bounds {:.2}, {:.2}), {verdict}.",
                sprt.elo0, sprt.elo1, state.llr, state.lower, state.upper
            )?;
        }
        let skunk_word = if self.game.target == 61 {
            "lurches"
        } else {
            "skunks"
        };
        let skunks: Vec<String> = names
            .iter()
            .zip(&s.standings)
            .map(|(n, st)| {
                if self.game.target == 61 {
                    format!("{n} {}", st.skunks)
                } else {
                    format!(
                        "{n} {} ({} double)",
                        st.skunks + st.double_skunks,
                        st.double_skunks
                    )
                }
            })
            .collect();
        writeln!(out, "Won by {skunk_word}: {}.", skunks.join(", "))?;
        let outcomes = s.standings.first().map_or(&[][..], |st| &st.outcomes[..]);
        let size = outcomes.len().saturating_sub(1);
        // No whole group (no games) leaves a single count: nothing to say.
        if size < 2 {
            return Ok(());
        }
        let name = &names[0];
        if let [lost, split, won] = outcomes {
            let [won, split, lost] = [won, split, lost].map(|n| thousands(*n));
            writeln!(
                out,
                "Groups of 2: {name} won both {won}, split {split}, lost both {lost}."
            )
        } else {
            writeln!(
                out,
                "Groups of {size}, by games {name} won ({size} to 0): {}.",
                outcomes_text(outcomes)
            )
        }
    }

    /// Points a deal by seat, for people.
    fn points_human(&self, out: &mut dyn Write, names: &[String], wide: usize) -> io::Result<()> {
        let s = &self.summary;
        writeln!(out, "Points a deal (= play + hand + crib + heels):")?;
        for (name, st) in names.iter().zip(&s.standings) {
            for (key, p) in st.points.iter().enumerate() {
                writeln!(
                    out,
                    "  {name:wide$}  {:7}  {:5.2} = {:.2} + {:.2} + {:.2} + {:.2}",
                    seat_name(self.game, key),
                    per_deal(p.total(), p.deals),
                    per_deal(p.play, p.deals),
                    per_deal(p.hand, p.deals),
                    per_deal(p.crib, p.deals),
                    per_deal(p.heels, p.deals),
                )?;
            }
        }
        Ok(())
    }

    /// Decision times and forfeits, for people.
    fn decisions_human(&self, out: &mut dyn Write, wide: usize) -> io::Result<()> {
        let s = &self.summary;
        writeln!(out, "Decisions (mean, median, slowest):")?;
        // Partners copied for four players are one player here, their times together.
        let mut players: Vec<(&Entrant, Timing)> = Vec::new();
        for (e, t) in self.entrants.iter().zip(&s.timing) {
            match players.iter_mut().find(|(p, _)| p.name == e.name) {
                Some((_, total)) => total.add(t),
                None => players.push((e, *t)),
            }
        }
        for (e, t) in players {
            writeln!(
                out,
                "{}",
                decisions_line(&e.name, wide, &t, e.hello.as_deref())
            )?;
        }
        if s.forfeits.is_empty() {
            writeln!(out, "Forfeits: none.")?;
        } else {
            writeln!(out, "Forfeits: {}.", s.forfeits.len())?;
            for (game, f) in &s.forfeits {
                writeln!(
                    out,
                    "  game {}, deal {}: {}: {}",
                    game + 1,
                    f.deal,
                    self.entrants[f.entrant].name,
                    f.reason
                )?;
            }
        }
        Ok(())
    }

    /// The summary as one line of JSON.
    pub fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.summary;
        let names = self.names();
        let points = |p: &[Points]| -> Vec<Value> {
            p.iter()
                .enumerate()
                .map(|(key, p)| {
                    json!({
                        "role": seat_name(self.game, key),
                        "deals": p.deals,
                        "per_deal": per_deal(p.total(), p.deals),
                        "play": per_deal(p.play, p.deals),
                        "hand": per_deal(p.hand, p.deals),
                        "crib": per_deal(p.crib, p.deals),
                        "heels": per_deal(p.heels, p.deals),
                    })
                })
                .collect()
        };
        let sides: Vec<Value> = names
            .iter()
            .zip(&s.standings)
            .map(|(name, st)| {
                json!({
                    "name": name,
                    "wins": st.wins,
                    "share": st.share,
                    "share_se": st.share_se,
                    "fair_share": self.fair(),
                    "skunks": st.skunks,
                    "double_skunks": st.double_skunks,
                    "outcomes": st.outcomes,
                    "by_seat": points(&st.points),
                })
            })
            .collect();
        let entrants: Vec<Value> = self
            .entrants
            .iter()
            .zip(&s.timing)
            .map(|(e, t)| {
                let mut entrant = decisions_json(t, e.hello.as_deref());
                entrant["name"] = json!(e.name);
                entrant
            })
            .collect();
        let forfeits: Vec<Value> = s
            .forfeits
            .iter()
            .map(|(game, f)| {
                json!({"game": game + 1, "deal": f.deal, "player": self.entrants[f.entrant].name, "reason": f.reason})
            })
            .collect();
        let mut doc = json!({
            "players": self.game.players.count(),
            "game": self.game.target,
            "seed": self.seed,
            "games": s.games,
            "groups": s.groups,
            "workers": self.workers,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "left_out": self.left_out,
            "sides": sides,
            "elo": s.elo.map(|e| json!({"diff": e.diff, "low": e.low, "high": e.high})),
            "entrants": entrants,
            "forfeits": forfeits,
        });
        if let Some((sprt, state)) = self.sprt {
            doc["sprt"] = json!({
                "elo0": sprt.elo0, "elo1": sprt.elo1, "llr": state.llr,
                "lower": state.lower, "upper": state.upper, "result": self.sprt_result(),
            });
        }
        output::json_line(out, &doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An Elo difference that rounds to nothing is +0, never -0 (`95%: -0 to +78` was
    /// printed for an interval that reached below zero by less than a half).
    #[test]
    fn no_negative_zero() {
        assert_eq!(signed(-0.3), "+0");
        assert_eq!(signed(0.0), "+0");
        assert_eq!(signed(-0.6), "-1");
        assert_eq!(signed(77.5), "+78");
        // Three players each winning a third: 1/3 less the fair third is not -0.0%.
        assert_eq!(signed_percent(1.0 / 3.0 - 1.0 / 3.000_000_1), "+0.0%");
        assert_eq!(signed_percent(-0.0004), "+0.0%");
        assert_eq!(signed_percent(0.0467), "+4.7%");
        assert_eq!(signed_percent(-0.0125), "-1.3%");
    }
}
