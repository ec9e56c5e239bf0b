//! `crib match --round-robin`: every pair of the players named meets on the same decks, and
//! all are rated on one Elo scale with 95% intervals (the library's ladder); each pair's
//! duplicate outcomes and every player's decision times are reported.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

use crib::arena::{Pairing, Rating, Ratings, Summary, Timing, rate, summarise};
use crib::cards::thousands;

use super::entrants::contender_names;
use super::render::{decisions_json, decisions_line, outcomes_text, signed};
use super::{Args, Outcome, play_all, setup};
use crate::cli::output;

/// One pair's match played.
struct Played {
    pairing: Pairing,
    summary: Summary,
    /// The pair's names as the match named its sides.
    names: [String; 2],
    /// Each entrant's hello (a program's), by the pair's order.
    hellos: [Option<String>; 2],
}

/// The round robin played and rated.
struct Ladder<'a> {
    names: &'a [String],
    played: Vec<Played>,
    ratings: Option<Ratings>,
    players: usize,
    target: u32,
    seed: u64,
    per_pair: u64,
    workers: usize,
    seconds: f64,
    interrupted: bool,
}

/// Run the round robin of `args`' players.
pub fn run(
    args: &Args,
    json: bool,
    out: &mut dyn Write,
    (stop, interrupted): (&Arc<AtomicBool>, &Arc<AtomicBool>),
) -> anyhow::Result<Outcome> {
    let names = &args.players_named;
    if let Some(twice) = names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].contains(n))
    {
        anyhow::bail!(
            "{}: named twice: a round robin names each player once",
            twice.1
        );
    }
    if args.players == Some(3) {
        anyhow::bail!(
            "--round-robin plays pairs: two players a game (--players 2), or four as two \
             partnerships (--players 4), not three"
        );
    }
    // Each pair's match is set up as `crib match A B` would be, on the same seed.
    let seed = args.seed.unwrap_or_else(crate::cli::usage::fresh_seed);
    let args = Args {
        seed: Some(seed),
        ..args.clone()
    };
    let pairs: Vec<[usize; 2]> = (0..names.len())
        .flat_map(|a| (a + 1..names.len()).map(move |b| [a, b]))
        .collect();
    let started = Instant::now();
    let mut played = Vec::new();
    let mut workers = 1;
    let (mut players, mut target, mut per_pair) = (2, 121, 0);
    for (k, &[a, b]) in pairs.iter().enumerate() {
        let pair = [names[a].clone(), names[b].clone()];
        let mut setup = setup(&args, &pair, stop)?;
        let left = (pairs.len() - k - 1) as u64 * setup.total;
        setup.progress = (format!("pair {} of {}, ", k + 1, pairs.len()), left);
        let (mut records, _) = play_all(&setup, stop)?;
        let size = crib::arena::seatings(setup.arena.game.players).len();
        records.truncate(records.len() - records.len() % size);
        workers = setup.workers;
        (players, target, per_pair) = (
            setup.arena.game.players.count(),
            setup.arena.game.target,
            setup.total,
        );
        let sides = contender_names(&setup.entrants, setup.arena.game);
        let summary = summarise(&records, 2, setup.entrants.len());
        let hello = |i: usize| setup.entrants[i].hello.clone();
        played.push(Played {
            pairing: Pairing::of([a, b], &records, size),
            summary,
            names: [sides[0].clone(), sides[1].clone()],
            hellos: [hello(0), hello(1)],
        });
        if stop.load(Ordering::SeqCst) {
            break;
        }
    }
    let pairings: Vec<Pairing> = played.iter().map(|p| p.pairing.clone()).collect();
    let ladder = Ladder {
        names,
        ratings: rate(names.len(), &pairings),
        played,
        players,
        target,
        seed,
        per_pair,
        workers,
        seconds: started.elapsed().as_secs_f64(),
        interrupted: interrupted.load(Ordering::SeqCst),
    };
    if json {
        ladder.json(out)?;
    } else {
        ladder.human(out)?;
    }
    Ok(if ladder.interrupted {
        Outcome::Interrupted
    } else {
        Outcome::Success
    })
}

/// A player's games and wins over every pair it played.
fn record_of(played: &[Played], player: usize) -> (u64, u64) {
    played.iter().fold((0, 0), |(games, wins), p| {
        let q = &p.pairing;
        match q.players.iter().position(|&x| x == player) {
            Some(0) => (games + q.games, wins + q.wins),
            Some(_) => (games + q.games, wins + q.games - q.wins),
            None => (games, wins),
        }
    })
}

/// A player's decisions over every pair, its timings summed (with four players, both copies),
/// and its hello.
fn timing_of(played: &[Played], player: usize) -> (Timing, Option<String>) {
    let mut total = Timing::default();
    let mut hello = None;
    for p in played {
        let Some(side) = p.pairing.players.iter().position(|&x| x == player) else {
            continue;
        };
        // Entrants alternate by side: 0 and 1, and with four players 2 and 3 again.
        for (i, t) in p.summary.timing.iter().enumerate() {
            if i % 2 == side {
                total.add(t);
            }
        }
        hello = hello.or_else(|| p.hellos[side].clone());
    }
    (total, hello)
}

/// What the outcomes count, in words, for groups of `size`.
fn outcomes_words(size: usize) -> String {
    match size {
        2 => "won both/split/lost both".to_owned(),
        _ => {
            (0..=size)
                .rev()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join("/")
                + " won"
        }
    }
}

impl Ladder<'_> {
    /// The players' places, best first (as named when unrated).
    fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        if let Some(r) = &self.ratings {
            order.sort_by(|&a, &b| r.ratings[b].elo.total_cmp(&r.ratings[a].elo));
        }
        order
    }

    /// The gap from the player in place `rank` down to the next, if rated and not last.
    fn gap_below(&self, rank: usize) -> Option<Rating> {
        let order = self.order();
        let below = *order.get(rank + 1)?;
        Some(self.ratings.as_ref()?.gap(order[rank], below))
    }

    fn group_size(&self) -> usize {
        self.played
            .first()
            .map_or(2, |p| p.pairing.outcomes.len().saturating_sub(1))
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let games: u64 = self.played.iter().map(|p| p.pairing.games).sum();
        let pairs = self.names.len() * (self.names.len() - 1) / 2;
        writeln!(
            out,
            "crib match --round-robin: {} players, {} a game, games to {}, seed {}.",
            self.names.len(),
            self.players,
            self.target,
            self.seed
        )?;
        writeln!(
            out,
            "{} of {pairs} pairs, {} games each on the same decks ({} in all), in {:.1} s on {} \
             worker{}.{}",
            self.played.len(),
            thousands(self.per_pair),
            thousands(games),
            self.seconds,
            self.workers,
            if self.workers == 1 { "" } else { "s" },
            if self.interrupted {
                " Interrupted: the pairs finished, in whole groups."
            } else {
                ""
            }
        )?;
        writeln!(out)?;
        let wide = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        self.ratings_human(out, wide)?;
        writeln!(out)?;
        self.pairs_human(out)?;
        writeln!(out)?;
        writeln!(out, "Decisions (mean, median, slowest):")?;
        for (i, name) in self.names.iter().enumerate() {
            let (t, hello) = timing_of(&self.played, i);
            writeln!(out, "{}", decisions_line(name, wide, &t, hello.as_deref()))?;
        }
        let forfeits: usize = self.played.iter().map(|p| p.summary.forfeits.len()).sum();
        writeln!(
            out,
            "Forfeits: {}.",
            if forfeits == 0 {
                "none".to_owned()
            } else {
                format!("{forfeits} (crib match A B shows each)")
            }
        )
    }

    /// The ratings, best first, for people.
    fn ratings_human(&self, out: &mut dyn Write, wide: usize) -> io::Result<()> {
        writeln!(
            out,
            "{:>4}  {:wide$}  {:>5}  {:>14}  {:>19}  {:>6}",
            "rank", "player", "Elo", "95%", "over the next", "share"
        )?;
        let interval = |r: &Rating| format!("{} to {}", signed(r.low), signed(r.high));
        for (rank, &i) in self.order().iter().enumerate() {
            let (games, wins) = record_of(&self.played, i);
            let share = if games == 0 {
                "-".to_owned()
            } else {
                format!("{:.1}%", 100.0 * wins as f64 / games as f64)
            };
            let (elo, within) = match &self.ratings {
                Some(r) => (signed(r.ratings[i].elo), interval(&r.ratings[i])),
                None => ("-".to_owned(), "-".to_owned()),
            };
            let gap = self.gap_below(rank).map_or(String::new(), |g| {
                format!("{} ({})", signed(g.elo), interval(&g))
            });
            writeln!(
                out,
                "{:>4}  {:wide$}  {elo:>5}  {within:>14}  {gap:>19}  {share:>6}",
                rank + 1,
                self.names[i],
            )?;
        }
        if self.ratings.is_none() {
            writeln!(out, "Not rated: the pairs played do not join every player.")?;
        }
        Ok(())
    }

    /// Each pair's share, Elo and duplicate outcomes, for people.
    fn pairs_human(&self, out: &mut dyn Write) -> io::Result<()> {
        let size = self.group_size();
        writeln!(
            out,
            "Pairs: the first's share and Elo, and the groups of {size} on the same decks it \
             {}:",
            outcomes_words(size)
        )?;
        let pair_wide = self
            .played
            .iter()
            .map(|p| p.names[0].chars().count() + p.names[1].chars().count() + 4)
            .max()
            .unwrap_or(0);
        for p in &self.played {
            let q = &p.pairing;
            let pair = format!("{} vs {}", p.names[0], p.names[1]);
            let elo = p.summary.elo.map_or("-".to_owned(), |e| signed(e.diff));
            writeln!(
                out,
                "  {pair:pair_wide$}  {:>13}  {elo:>5}  {}",
                format!("{:.1}% ± {:.1}%", 100.0 * q.share, 100.0 * q.share_se),
                outcomes_text(&q.outcomes)
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let ratings: Vec<Value> = self
            .order()
            .iter()
            .enumerate()
            .map(|(rank, &i)| {
                let (games, wins) = record_of(&self.played, i);
                let (t, hello) = timing_of(&self.played, i);
                let rating = self.ratings.as_ref().map(|r| r.ratings[i]);
                let gap = self.gap_below(rank);
                let mut entry = decisions_json(&t, hello.as_deref());
                let fields = json!({
                    "rank": rank + 1,
                    "name": self.names[i],
                    "elo": rating.map(|r| r.elo),
                    "low": rating.map(|r| r.low),
                    "high": rating.map(|r| r.high),
                    "over_next": gap.map(|g| json!({"diff": g.elo, "low": g.low, "high": g.high})),
                    "games": games,
                    "wins": wins,
                });
                if let (Value::Object(entry), Value::Object(fields)) = (&mut entry, fields) {
                    entry.extend(fields);
                }
                entry
            })
            .collect();
        let pairs: Vec<Value> = self
            .played
            .iter()
            .map(|p| {
                let q = &p.pairing;
                json!({
                    "players": [self.names[q.players[0]], self.names[q.players[1]]],
                    "games": q.games,
                    "wins": [q.wins, q.games - q.wins],
                    "share": q.share,
                    "share_se": q.share_se,
                    "elo": p.summary.elo.map(|e| json!({"diff": e.diff, "low": e.low, "high": e.high})),
                    "outcomes": q.outcomes,
                    "forfeits": p.summary.forfeits.len(),
                })
            })
            .collect();
        let doc = json!({
            "round_robin": true,
            "players": self.players,
            "game": self.target,
            "seed": self.seed,
            "games_per_pair": self.per_pair,
            "workers": self.workers,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "ratings": ratings,
            "pairs": pairs,
        });
        output::json_line(out, &doc)
    }
}
