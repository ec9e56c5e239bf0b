//! The reading model ([`crib::tables::search::reading`]): the decisions of the play that crib's players
//! make in seeded deals of two players, and the weights that make them likeliest (a
//! conditional logit fitted by Newton's method).

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::rules::board::{GAME, Game};
use crib::tables::rules::play::{Ranks, ranks_of};
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::Token;
use crib::tables::search::reading::{Decision, FEATURES, ReadingModel, decisions};
use crib::tables::state::deal::DealTable;

/// The stream of deals the committed model is fitted to.
pub const SEED: u64 = 0x5245_4144;

/// How many deals its weights are fitted to, crib's expert at both seats.
pub const DEALS: u64 = 3000;

/// How many deals of each level against crib's expert, in each seat, its share of decisions
/// taken at random is fitted to.
pub const LEVEL_DEALS: u64 = 500;

/// A deal's play, every hand known: the four cards each seat kept (by seat, as ranks) and the
/// cards played in order with their seats.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedDeal<const N: usize> {
    /// Each seat's cards for the play.
    pub hands: [Ranks; N],
    /// The cards played, in order, with the seat of each.
    pub plays: Vec<(usize, u8)>,
}

/// Deal number `number` of `seed`, `N` players (with four, two partnerships) at level scores:
/// each seat throws and plays as its level (`levels[seat]`) does.
pub fn play_deal<const N: usize>(
    models: &Models,
    levels: [Level; N],
    seed: u64,
    number: u64,
) -> PlayedDeal<N> {
    let game = Game::new(crib::tables::players_of::<N>(), GAME).expect("a game of 2 to 4 players");
    let mut table = DealTable::shuffle(game, seed, number, vec![0; game.players.sides()]);
    let seats: [Seat; N] = std::array::from_fn(Seat::new);
    for seat in seats {
        let throw = levels[seat.index()]
            .throw(models, &Seen::of(&table, seat))
            .expect("a shuffled deal");
        table.throw(seat, &throw).expect("a level throws its cards");
    }
    let hands = seats.map(|s| ranks_of(&table.kept(s)));
    let mut plays = Vec::new();
    while let Some(seat) = table.play_at().turn {
        let token = levels[seat.index()]
            .play(models, &Seen::of(&table, seat))
            .expect("a legal position");
        if let Token::Card(card) = token {
            plays.push((seat.index(), card.rank().number()));
        }
        table.play(token).expect("a level plays legally");
    }
    PlayedDeal { hands, plays }
}

/// The decisions with a choice that `level` made at seat 1 (who leads) of deals `0..deals` of
/// `seed`, with `N` players and crib's expert at every other seat, on every core.
pub fn against_expert34<const N: usize>(
    models: &Models,
    level: Level,
    seed: u64,
    deals: u64,
) -> Vec<Decision> {
    let mut levels = [Level::Expert; N];
    levels[0] = level;
    gather(models, levels, &[0], seed, deals)
}

/// The decisions with a choice that the seats of `seats` made in deals `0..deals` of `seed`,
/// every seat of every deal played by `levels` (two to four players), on every core.
pub fn gather<const N: usize>(
    models: &Models,
    levels: [Level; N],
    seats: &[usize],
    seed: u64,
    deals: u64,
) -> Vec<Decision> {
    let played: Vec<PlayedDeal<N>> = (0..deals)
        .into_par_iter()
        .map(|n| play_deal(models, levels, seed, n))
        .collect();
    played
        .iter()
        .flat_map(|deal| {
            seats.iter().flat_map(|&seat| {
                decisions(deal.hands, &deal.plays, seat).expect("a deal played by the rules")
            })
        })
        .collect()
}

/// The decisions with a choice that `level` made against crib's expert: as the pone in deals
/// `0..deals` of `seeds[0]`, then as the dealer in deals `0..deals` of `seeds[1]`.
pub fn against_expert(models: &Models, level: Level, seeds: [u64; 2], deals: u64) -> Vec<Decision> {
    let mut decisions = gather(models, [level, Level::Expert], &[0], seeds[0], deals);
    decisions.extend(gather(
        models,
        [Level::Expert, level],
        &[1],
        seeds[1],
        deals,
    ));
    decisions
}

/// The weights that make `decisions` likeliest: Newton's method from the uniform model, until
/// no step moves a weight by 1e-12.
pub fn fit(decisions: &[Decision]) -> ReadingModel {
    let mut model = ReadingModel::UNIFORM;
    for _ in 0..100 {
        let mut gradient = [0.0; FEATURES];
        let mut hessian = [[0.0; FEATURES]; FEATURES];
        for d in decisions {
            let p = model.probabilities(&d.options);
            let mut mean = [0.0; FEATURES];
            for (pi, f) in p.iter().zip(&d.options) {
                for k in 0..FEATURES {
                    mean[k] += pi * f[k];
                }
            }
            for k in 0..FEATURES {
                gradient[k] += d.options[d.chosen][k] - mean[k];
            }
            for (pi, f) in p.iter().zip(&d.options) {
                for a in 0..FEATURES {
                    for b in 0..FEATURES {
                        hessian[a][b] += pi * (f[a] - mean[a]) * (f[b] - mean[b]);
                    }
                }
            }
        }
        let step = super::solve(hessian, gradient);
        for (w, s) in model.weights.iter_mut().zip(&step) {
            *w += s;
        }
        if step.iter().all(|s| s.abs() < 1e-12) {
            break;
        }
    }
    model
}

/// The mean log-loss of `model` on `decisions`, in nats a decision: minus the mean log of the
/// chance it gave the card played.
pub fn log_loss(model: &ReadingModel, decisions: &[Decision]) -> f64 {
    -decisions.iter().map(|d| model.log_chance(d)).sum::<f64>() / decisions.len().max(1) as f64
}

/// The share of decisions taken at random that makes `decisions` likeliest under `model`'s
/// weights: a golden-section search of 0 to 1, to 1e-9.
pub fn fit_uniform_share(model: &ReadingModel, decisions: &[Decision]) -> ReadingModel {
    let loss = |u: f64| {
        log_loss(
            &ReadingModel {
                uniform_share: u,
                ..*model
            },
            decisions,
        )
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.0, 1.0);
    while b - a > 1e-9 {
        let (c, d) = (b - ratio * (b - a), a + ratio * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ReadingModel {
        uniform_share: (a + b) / 2.0,
        ..*model
    }
}

/// The committed model's source: the numbers as Rust prints them, which read back exactly.
pub fn render(model: &ReadingModel) -> String {
    let weights: Vec<String> = model.weights.iter().map(|w| format!("{w:e}")).collect();
    format!(
        "// Generated by `cargo xtask tables reading`: do not edit.\n\
         pub const WEIGHTS: [f64; {FEATURES}] = [{}];\n\
         pub const UNIFORM_SHARE: f64 = {:e};\n",
        weights.join(", "),
        model.uniform_share
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decisions drawn from a known model are fitted back to it, near enough.
    #[test]
    fn fits_what_it_was_drawn_from() {
        let truth = ReadingModel {
            weights: [1.5, -2.0, -0.5, 0.3, 0.2, 0.4, -0.8],
            uniform_share: 0.0,
        };
        let mut rng = crib::tables::rules::shuffle::Rng::new(7);
        let mut drawn = Vec::new();
        for _ in 0..40_000 {
            let n = 2 + rng.below(3) as usize;
            let options: Vec<[f64; FEATURES]> = (0..n)
                .map(|_| std::array::from_fn(|_| rng.below(1000) as f64 / 500.0))
                .collect();
            let p = truth.probabilities(&options);
            let u = rng.below(1 << 30) as f64 / f64::from(1u32 << 30);
            let mut acc = 0.0;
            let chosen = p
                .iter()
                .position(|pi| {
                    acc += pi;
                    u < acc
                })
                .unwrap_or(n - 1);
            drawn.push(Decision { options, chosen });
        }
        let fitted = fit(&drawn);
        for (f, t) in fitted.weights.iter().zip(truth.weights) {
            assert!((f - t).abs() < 0.1, "{fitted:?}");
        }
        assert!(log_loss(&fitted, &drawn) < log_loss(&ReadingModel::UNIFORM, &drawn));
    }
}
