//! Does weighing the match win more matches? Duplicate two-player games from late positions of
//! a match: each position (the games each player still needs, 1 to 3 each but not 1 each; each
//! score drawn from `LOW` to 120, one of them 90 or more; a dealer drawn; the decks from its own
//! stream) is played to the end of the game twice, player 0 playing as crib's strongest
//! weighing the match the first time ([`crib::tables::advice::for_game::stake`]) and the game alone the
//! second; player 1 plays as crib's strongest weighing the game alone both times. Each game's
//! end is scored by player 0's chance of winning the match from there (a skunk counting two,
//! the loser dealing the next game: [`match_chance`]), the same for both; the difference is the
//! match's worth, with its standard error over the positions.
//!
//! `cargo xtask experiment match_selfplay [POSITIONS] [SEED] [LOW]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::match_chance;
use crib::tables::model::Models;
use crib::tables::model::odds::Odds;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::players::turns::play_out;
use crib::tables::rules::board::Game;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::shuffle::{Rng, mix};
use crib::tables::state::session::Match;

use super::shared::arg;
use super::shared::stats::mean_se;

/// The games each player may still need, player 0's first: 1 to 3 each, but not 1 each (a
/// match of one game is the game).
const NEEDS: [[u32; 2]; 8] = [
    [1, 2],
    [2, 1],
    [2, 2],
    [1, 3],
    [3, 1],
    [2, 3],
    [3, 2],
    [3, 3],
];

pub fn run(args: &[String]) {
    let positions: u64 = arg(args, 0, 200);
    let seed: u64 = arg(args, 1, 1);
    let low: u32 = arg(args, 2, 60).min(120);
    let start = Instant::now();
    let results: Vec<(Played, Played)> = (0..positions)
        .into_par_iter()
        .map(|i| {
            let stream = mix(seed, &[i]);
            (play(at(stream, low), true), play(at(stream, low), false))
        })
        .collect();
    let diffs: Vec<f64> = results.iter().map(|(a, b)| a.chance - b.chance).collect();
    let (gain, se) = mean_se(&diffs);
    let mean = |f: fn(&(Played, Played)) -> f64| {
        results.iter().map(f).sum::<f64>() / results.len().max(1) as f64
    };
    println!(
        "{positions} positions of a match from {low} on (seed {seed}): player 0's chance of the \
         match {:.2}% weighing the match and {:.2}% weighing the game: {:+.2}% ± {:.2}% \
         ({:+.1} standard errors)",
        100.0 * mean(|r| r.0.chance),
        100.0 * mean(|r| r.1.chance),
        100.0 * gain,
        100.0 * se,
        gain / se.max(1e-12),
    );
    let count = |f: fn(&Played) -> bool| {
        (
            results.iter().filter(|r| f(&r.0)).count(),
            results.iter().filter(|r| f(&r.1)).count(),
        )
    };
    for (what, (with, without)) in [
        ("games won", count(|p| p.won)),
        ("won by a skunk", count(|p| p.won && p.skunk)),
        ("lost by a skunk", count(|p| !p.won && p.skunk)),
    ] {
        println!("{what}: {with} weighing the match, {without} weighing the game");
    }
    let decisions: [u32; 2] = results
        .iter()
        .fold([0, 0], |a, r| [a[0] + r.0.decisions, a[1] + r.0.changed]);
    println!(
        "decisions weighing the match: {}, of which {} ({:.1}%) changed; {:.0} s",
        decisions[0],
        decisions[1],
        100.0 * f64::from(decisions[1]) / f64::from(decisions[0].max(1)),
        start.elapsed().as_secs_f64()
    );
}

/// A game of a match at a position drawn from `stream`.
fn at(stream: u64, low: u32) -> Match {
    let mut rng = Rng::new(mix(stream, &[0x3A7C4]));
    let need = NEEDS[rng.below(NEEDS.len() as u64) as usize];
    let (mut m, _) = Match::new(Game::TWO, stream, 3);
    m.won = need.iter().map(|n| 3 - n).collect();
    let span = u64::from(121 - low);
    loop {
        m.scores = (0..2).map(|_| low + rng.below(span) as u32).collect();
        if m.scores.iter().any(|&s| s >= 90) {
            break;
        }
    }
    m.dealer = rng.below(2) as usize;
    m
}

/// One game: player 0's chance of the match at its end, whether player 0 won it and whether
/// by a skunk, and player 0's decisions weighing the match and how many it changed.
#[derive(Debug, Clone, Copy, Default)]
struct Played {
    chance: f64,
    won: bool,
    skunk: bool,
    decisions: u32,
    changed: u32,
}

/// Play the game to its end, player 0 weighing the match if `weighs`.
fn play(mut m: Match, weighs: bool) -> Played {
    let models = Models::committed();
    let odds = Odds::committed(Players::TWO);
    let need: Vec<u32> = m.won.iter().map(|w| m.games - w).collect();
    let mut played = Played::default();
    // What `seat` sees: the match only if it is player 0's, weighing it.
    let seen_by = |m: &Match, seen: Seen, seat: Seat| Seen {
        need: seen.need.filter(|_| weighs && m.player_at(seat) == 0),
        ..seen
    };
    loop {
        let mut table = m.deal();
        for s in 0..2 {
            let seat = Seat::new(s);
            let seen = seen_by(&m, crib::tables::before_throw(&table, seat), seat);
            let throw = Level::Strongest.throw(models, &seen).expect("a deal");
            if seen.need.is_some() {
                let game = Seen { need: None, ..seen };
                played.decisions += 1;
                let alone = Level::Strongest.throw(models, &game);
                played.changed += u32::from(alone.ok() != Some(throw.clone()));
            }
            table.throw(seat, &throw).expect("cards held");
        }
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let seen = seen_by(&m, Seen::of(&table, seat), seat);
            let token = Level::Strongest
                .play(models, &seen)
                .expect("a legal position");
            if seen.need.is_some() && table.legal().len() > 1 {
                let game = Seen { need: None, ..seen };
                played.decisions += 1;
                let alone = Level::Strongest.play(models, &game);
                played.changed += u32::from(alone.ok() != Some(token));
            }
            table.play(token).expect("a legal card");
        }
        // A game over in the play: the rest of it only makes the deal whole.
        play_out(models, &mut table, Level::Greedy);
        if let Some(over) = m.settle(&table.counted().expect("a whole deal"), &[]) {
            let counts = over.counts;
            let won = over.winner == 0;
            let [mine, theirs] = [need[0], need[1]];
            // The loser deals the next game.
            played.chance = if won {
                match_chance(odds, 121, mine.saturating_sub(counts), theirs, false)
            } else {
                match_chance(odds, 121, mine, theirs.saturating_sub(counts), true)
            };
            played.won = won;
            played.skunk = over.skunk.is_some();
            return played;
        }
    }
}
