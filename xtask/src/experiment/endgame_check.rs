//! Are the standard errors of `crib discard --scores` honest? Each question is weighed twice:
//! against the committed pool of the other side's deals, and against a second pool as large,
//! dealt from the same streams past the committed deals (each keep worked out here, about a
//! millisecond a deal). The two answers are independent, so for each choice
//! z = (p1 - p2) / sqrt(se1² + se2²) should have mean square 1 and fall outside ±2 about one
//! time in 22.
//!
//! The questions are random six-card hands, the seats alternating, at scores cycling through
//! the board's last stretch, where a few cards decide each draw.
//!
//! `cargo xtask experiment endgame_check [HANDS] [SEED]`

use std::time::Instant;

use rayon::prelude::*;

use crate::selfplay::deals::advice_for;
use crib::tables::advice::discard::Role;
use crib::tables::advice::for_game::ForGame;
use crib::tables::endgame_against;
use crib::tables::model::Models;
use crib::tables::model::odds::Odds;
use crib::tables::model::opponents::{self, OpponentDeal, POOL_DEALS};
use crib::tables::rules::board::Game;
use crib::tables::rules::position::Position;
use crib::tables::rules::seat::Players;
use crib::tables::rules::shuffle::shuffled;

/// The scores asked about (the asker's first), cycled through.
const SCORES: &[[u32; 2]] = &[
    [118, 114],
    [115, 110],
    [110, 115],
    [100, 100],
    [110, 110],
    [119, 119],
    [60, 70],
    [0, 0],
];

use super::shared::arg;

pub fn run(args: &[String]) {
    let hands: u64 = arg(args, 0, 64);
    let seed: u64 = arg(args, 1, 1);
    let models = Models::committed();
    let odds = Odds::committed(Players::TWO);
    let start = Instant::now();
    let second: [Vec<OpponentDeal>; 2] = [Role::Pone, Role::Dealer].map(|role| {
        (POOL_DEALS..2 * POOL_DEALS)
            .into_par_iter()
            .map(|n| crate::generate::opponents::opponent(models, role, n))
            .collect()
    });
    eprintln!(
        "second pool dealt in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    let mut zs = Vec::new();
    let mut draws = Vec::new();
    for h in 0..hands {
        let role = if h % 2 == 0 { Role::Dealer } else { Role::Pone };
        let [me, them] = SCORES[(h / 2) as usize % SCORES.len()];
        let scores = if role == Role::Dealer {
            [them, me]
        } else {
            [me, them]
        };
        let dealt = shuffled(seed, h, 6);
        let advice = advice_for(models, &dealt, role).expect("six cards");
        let other = Role::of_seat(role.seat().other(), Players::TWO);
        let position = Position::new(Game::TWO, &scores, role.seat()).expect("scores short of 121");
        let game = ForGame::new(position);
        let ask = |pool: &[OpponentDeal]| {
            endgame_against(pool.iter(), odds, &dealt, &advice.choices, role, &game)
        };
        let first = ask(opponents::committed(other.seat()));
        let again = ask(&second[usize::from(crib::tables::role_owns_crib(other))]);
        draws.push((first[0].draws + again[0].draws) as f64 / 2.0);
        for (a, b) in first.iter().zip(&again) {
            let se = (a.se * a.se + b.se * b.se).sqrt();
            if se > 0.0 {
                zs.push((a.p_win - b.p_win) / se);
            }
        }
    }
    let n = zs.len() as f64;
    let square = zs.iter().map(|z| z * z).sum::<f64>() / n;
    let share = |k: f64| zs.iter().filter(|z| z.abs() > k).count() as f64 / n;
    println!(
        "{hands} questions, {} choices: mean z² {square:.3}, |z| > 2 in {:.1}% (normal 4.6%), \
         |z| > 3 in {:.2}% (normal 0.27%); {:.0} draws a question on average; {:.0} s",
        zs.len(),
        100.0 * share(2.0),
        100.0 * share(3.0),
        draws.iter().sum::<f64>() / draws.len().max(1) as f64,
        start.elapsed().as_secs_f64()
    );
}
