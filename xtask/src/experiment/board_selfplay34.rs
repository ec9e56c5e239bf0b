//! Does playing for the board win more games of three and four players? Duplicate games from
//! late positions: each position (every side's score drawn from `FROM` to 120, a dealer drawn,
//! the decks from its own stream) is played to the end of the game twice, player 0 (with four,
//! players 0 and 2, a partnership) playing as crib's strongest with the board the first time
//! and without it the second; every other seat plays as crib's strongest without the board (the
//! expert, with three or four players). `WHAT` says where the board is weighed the first time:
//! `play` (the cards, both times throwing alike), `throw` (the throws, both times playing
//! alike: the board's throw of [`board_throw`], which crib's strongest makes with two players
//! only) or `both`. The difference in player 0's (its side's) wins is the board's worth there,
//! with its standard error over the positions.
//!
//! `cargo xtask experiment board_selfplay34 [POSITIONS] [SEED] [PLAYERS] [FROM] [WHAT]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::{Seen, discard_advice};
use crib::tables::players::strongest::Parts;
use crib::tables::players::strongest::board_throw;
use crib::tables::players::turns::play_out;
use crib::tables::rules::board::Game;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::shuffle::{Rng, mix};
use crib::tables::state::session::Match;

use super::shared::arg;
use super::shared::stats::mean_se;

pub fn run(args: &[String]) {
    let positions: u64 = arg(args, 0, 200);
    let seed: u64 = arg(args, 1, 1);
    let players = Players::new(arg(args, 2, 3)).unwrap_or(Players::THREE);
    let from: u32 = arg(args, 3, 90).min(120);
    let what = args.get(4).map_or("play", String::as_str);
    let with = match what {
        "throw" => Weighed {
            throw: true,
            play: false,
        },
        "both" => Weighed {
            throw: true,
            play: true,
        },
        _ => Weighed {
            throw: false,
            play: true,
        },
    };
    let without = Weighed {
        throw: false,
        play: false,
    };
    let game = Game::new(players, 121).expect("a game to 121");
    let start = Instant::now();
    let results: Vec<(Played, Played)> = (0..positions)
        .into_par_iter()
        .map(|i| {
            let stream = mix(seed, &[i]);
            (
                play(at(game, stream, from), with),
                play(at(game, stream, from), without),
            )
        })
        .collect();
    let diffs: Vec<f64> = results
        .iter()
        .map(|(a, b)| f64::from(u8::from(a.won)) - f64::from(u8::from(b.won)))
        .collect();
    let (gain, se) = mean_se(&diffs);
    let won = |f: fn(&(Played, Played)) -> bool| results.iter().filter(|r| f(r)).count();
    let tally = |f: fn(&Played) -> [u32; 2]| {
        results
            .iter()
            .map(|r| f(&r.0))
            .fold([0, 0], |a, b| [a[0] + b[0], a[1] + b[1]])
    };
    println!(
        "{players} players, {positions} positions from {from} on (seed {seed}, the board in the \
         {what}): player 0's side won {with_n} with the board and {without_n} without: \
         {:+.2}% ± {:.2}% of games ({:+.1} standard errors)",
        100.0 * gain,
        100.0 * se,
        gain / se.max(1e-12),
        with_n = won(|r| r.0.won),
        without_n = won(|r| r.1.won),
    );
    for (what, [decisions, changed]) in [
        ("throws", tally(|p| p.throws)),
        ("cards", tally(|p| p.cards)),
    ] {
        println!(
            "{what} weighed for the board: {decisions}, of which {changed} ({:.1}%) changed",
            100.0 * f64::from(changed) / f64::from(decisions.max(1)),
        );
    }
    println!("{:.0} s", start.elapsed().as_secs_f64());
}

/// Where player 0's side weighs the board.
#[derive(Debug, Clone, Copy)]
struct Weighed {
    throw: bool,
    play: bool,
}

/// A game to 121 at a position drawn from `stream`: each side's score from `from` to 120, a
/// dealer drawn, the decks from `stream`.
fn at(game: Game, stream: u64, from: u32) -> Match {
    let (mut m, _) = Match::new(game, stream, 1);
    let mut rng = Rng::new(mix(stream, &[0xB0A2D]));
    let span = u64::from(121 - from);
    m.scores = (0..game.players.sides())
        .map(|_| from + rng.below(span) as u32)
        .collect();
    m.dealer = rng.below(game.players.count() as u64) as usize;
    m
}

/// One game: whether player 0's side won, and its throws and cards weighed for the board and
/// how many of them the board changed.
#[derive(Debug, Clone, Copy, Default)]
struct Played {
    won: bool,
    throws: [u32; 2],
    cards: [u32; 2],
}

/// Play the match to its end, player 0's side weighing the board where `with` says.
fn play(mut m: Match, with: Weighed) -> Played {
    let models = Models::committed();
    let points = Parts {
        board: false,
        reading: true,
        discard: true,
        answer: true,
    };
    let mut played = Played::default();
    let in_side = |m: &Match, seat: Seat| {
        let player = m.player_at(seat);
        if m.game.players == Players::FOUR {
            player.is_multiple_of(2)
        } else {
            player == 0
        }
    };
    loop {
        let mut table = m.deal();
        for s in 0..m.game.players.count() {
            let seat = Seat::new(s);
            let seen = crib::tables::before_throw(&table, seat);
            let mut throw = Level::Strongest
                .throw_with(models, &seen, points)
                .expect("a deal");
            if with.throw && in_side(&m, seat) {
                let advice = discard_advice(models, &seen).expect("a deal");
                let chosen = board_throw(models, &seen, advice);
                played.throws[0] += 1;
                played.throws[1] += u32::from(chosen != throw);
                throw = chosen;
            }
            table.throw(seat, &throw).expect("cards held");
        }
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let seen = Seen::of(&table, seat);
            let token = Level::Strongest
                .play_with(models, &seen, points)
                .expect("a legal position");
            let token = if with.play && in_side(&m, seat) && table.legal().len() > 1 {
                let chosen = Level::Strongest
                    .play(models, &seen)
                    .expect("a legal position");
                played.cards[0] += 1;
                played.cards[1] += u32::from(chosen != token);
                chosen
            } else {
                token
            };
            table.play(token).expect("a legal card");
        }
        // A game over in the play: the rest of it only makes the deal whole.
        play_out(models, &mut table, Level::Greedy);
        if let Some(over) = m.settle(&table.counted().expect("a whole deal"), &[]) {
            played.won = over.winner == 0;
            return played;
        }
    }
}
