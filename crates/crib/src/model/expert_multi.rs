//! The expert crib model of three and four players: which card each seat throws when every
//! seat throws well, computed by crib itself the way the two-player model is
//! ([`crate::model::expert`]), by iterated best response:
//!
//! 1. Start from the uniform model: every seat's throw valued as if the others threw at random.
//! 2. In each of [`DEALS`] five-card deals (seeded), each seat keeps the four cards that
//!    maximise its hand's expected points over the 47 starters it cannot see **plus** its
//!    seat's table value of the card it throws if the crib is its side's (the dealer, and with
//!    four players the dealer's partner), **minus** it if not.
//! 3. A seat's table value of throwing a card of a rank is the crib's expected points when the
//!    other seats throw as they did in the round before (by rank, each suit alike), the crib's
//!    dealt card (three players) and the starter from the cards left. It is measured on
//!    [`SAMPLES`] seeded cribs for each seat and rank, the other seats' cards drawn at random
//!    and weighted by how often those seats throw their ranks (importance weights), so that
//!    each round only reweighs the same cribs and a value moves smoothly with the throws.
//! 4. Repeat until no value moves by more than [`TOLERANCE`]; if pure best response has not
//!    settled by round [`AVERAGED_FROM`], later rounds are added to the earlier ones
//!    (fictitious play).
//!
//! What it assumes, in a player's words: every seat throws for the show alone (the play and the
//! score on the board left out), by a table of what each card it could throw is worth to the
//! crib, not by a deeper reading of the other hands. `crib discard --players 3|4` then values
//! your throw exactly, the others' cards weighted by how often their seats throw each rank.
//!
//! The result is generated data, committed in `src/generated/expert_multi.rs` and regenerated
//! byte for byte by `cargo xtask tables cribmulti`.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::rules::board::{GAME, Game};
use crate::rules::card::Card;
use crate::rules::play::Seat;
use crate::rules::show::{HandKind, Prepared};
use crate::rules::shuffle::{Rng, mix, shuffled};

#[rustfmt::skip]
#[path = "../generated/expert_multi.rs"]
mod data;

/// How many five-card deals each round's best response is made in.
pub const DEALS: u64 = 1_000_000;

/// How many cribs are sampled for each seat and rank thrown.
pub const SAMPLES: usize = 250_000;

/// The seed of the deals and the cribs.
pub const SEED: u64 = 3_121;

/// The iteration stops when no value moves by more than this.
pub const TOLERANCE: f64 = 0.001;

/// Pure best response until this round; from it on, each round's throws are added to the
/// rounds before.
pub const AVERAGED_FROM: u32 = 10;

/// The iteration gives up after this many rounds.
pub const MAX_ROUNDS: u32 = 400;

/// For each rank (ace first), how often a seat throws a card of it.
pub type RankCounts = [u64; 13];

/// The model for three or four players: for each seat (0 leads, the dealer last), how often it
/// throws each rank, summed over the rounds averaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiModel {
    /// 3 or 4.
    pub players: usize,
    /// Rounds until no value moved by more than the tolerance.
    pub rounds: u32,
    /// The first round averaged (0: none was).
    pub averaged_from: u32,
    /// By seat, how often each rank is thrown.
    pub throws: Vec<RankCounts>,
}

impl MultiModel {
    /// The committed model for `players` (3, or 4 for anything else).
    pub fn committed(players: usize) -> &'static MultiModel {
        static MODELS: OnceLock<[MultiModel; 2]> = OnceLock::new();
        let [three, four] = MODELS.get_or_init(|| {
            [
                (3, data::ROUNDS3, data::AVERAGED_FROM3, &data::THROWS3[..]),
                (4, data::ROUNDS4, data::AVERAGED_FROM4, &data::THROWS4[..]),
            ]
            .map(|(players, rounds, averaged_from, throws)| MultiModel {
                players,
                rounds,
                averaged_from,
                throws: throws.to_vec(),
            })
        });
        if players == 3 { three } else { four }
    }

    /// How often seat `seat` throws each rank, as shares of its throws.
    pub fn shares(&self, seat: usize) -> [f64; 13] {
        let total: u64 = self.throws[seat].iter().sum();
        self.throws[seat].map(|n| n as f64 / total.max(1) as f64)
    }

    /// The weights of the crib's other cards when seat `seat` throws: each other seat's counts
    /// by rank, in seat order, and for three players the crib's dealt card, every rank alike.
    pub fn others(&self, seat: usize) -> [RankCounts; 3] {
        let mut others = [[1; 13]; 3];
        for (slot, t) in (0..self.players).filter(|&t| t != seat).enumerate() {
            others[slot] = self.throws[t];
        }
        others
    }
}

/// One sampled crib: its points, and the rank (0 to 12) of each other seat's card.
#[derive(Debug, Clone, Copy)]
struct Sampled {
    points: u8,
    ranks: [u8; 3],
}

/// The cribs sampled for each seat and rank thrown: `[seat][rank]`.
struct Samples(Vec<[Vec<Sampled>; 13]>);

impl Samples {
    /// [`SAMPLES`] cribs for each seat of `players` and each rank it throws: the thrower's card
    /// of that rank (a random suit), the other seats' cards, the crib's dealt card (three
    /// players) and the starter, all at random from the cards left.
    fn new(players: usize) -> Samples {
        let mut cribs: Vec<Vec<Sampled>> = (0..players * 13)
            .into_par_iter()
            .map(|n| {
                let (seat, rank) = (n / 13, n % 13);
                let mut rng = Rng::new(mix(SEED, &[players as u64, seat as u64, rank as u64]));
                (0..SAMPLES)
                    .map(|_| sample(&mut rng, players, rank))
                    .collect()
            })
            .collect();
        let mut seats = Vec::with_capacity(players);
        for _ in 0..players {
            let rest = cribs.split_off(13);
            seats.push(std::array::from_fn(|rank| std::mem::take(&mut cribs[rank])));
            cribs = rest;
        }
        Samples(seats)
    }

    /// Each seat's value of throwing each rank, the others' cards weighted by `throws`.
    fn values(&self, throws: &[RankCounts]) -> Vec<[f64; 13]> {
        let players = throws.len();
        (0..players)
            .map(|seat| {
                let others: Vec<&RankCounts> = (0..players)
                    .filter(|&t| t != seat)
                    .map(|t| &throws[t])
                    .collect();
                std::array::from_fn(|rank| {
                    let (mut sum, mut weights) = (0.0, 0.0);
                    for s in &self.0[seat][rank] {
                        let w: f64 = others
                            .iter()
                            .zip(s.ranks)
                            .map(|(counts, r)| counts[usize::from(r)] as f64)
                            .product();
                        sum += w * f64::from(s.points);
                        weights += w;
                    }
                    sum / weights
                })
            })
            .collect()
    }
}

/// One crib with a card of rank `rank` thrown: the other cards drawn from the 51 left.
fn sample(rng: &mut Rng, players: usize, rank: usize) -> Sampled {
    let mine = Card::from_index((4 * rank) as u8 + rng.below(4) as u8);
    let mut taken = 1u64 << mine.index().unwrap_or(0);
    let mut draw = || loop {
        let i = rng.below(52) as u8;
        if taken >> i & 1 == 0 {
            taken |= 1 << i;
            break Card::from_index(i);
        }
    };
    let others = [draw(), draw(), draw()];
    let starter = draw();
    let crib = [mine, others[0], others[1], others[2]];
    let mut ranks = [0; 3];
    for (r, card) in ranks.iter_mut().zip(&others).take(players - 1) {
        *r = card.rank().index();
    }
    Sampled {
        points: Prepared::new(&crib, HandKind::Crib).score(starter),
        ranks,
    }
}

/// A five-card deal: each of its five throws' rank, and the mean of the four cards kept over
/// the 47 starters.
#[derive(Debug, Clone, Copy)]
struct Deal {
    ranks: [u8; 5],
    hands: [f64; 5],
}

/// [`DEALS`] five-card deals of the seed, each throw's hand valued.
fn deals() -> Vec<Deal> {
    (0..DEALS)
        .into_par_iter()
        .map(|n| {
            let cards = shuffled(SEED, n, 5);
            let starters: Vec<Card> = Card::deck().filter(|c| !cards.contains(c)).collect();
            let mut deal = Deal {
                ranks: [0; 5],
                hands: [0.0; 5],
            };
            for t in 0..5 {
                let keep: Vec<Card> = (0..5).filter(|&i| i != t).map(|i| cards[i]).collect();
                let prepared = Prepared::new(&[keep[0], keep[1], keep[2], keep[3]], HandKind::Hand);
                let total: u32 = starters.iter().map(|&s| u32::from(prepared.score(s))).sum();
                deal.ranks[t] = cards[t].rank().index();
                deal.hands[t] = f64::from(total) / starters.len() as f64;
            }
            deal
        })
        .collect()
}

/// Each seat's best response: how often it throws each rank when it values throws by `values`.
fn respond(deals: &[Deal], values: &[[f64; 13]]) -> Vec<RankCounts> {
    let players = values.len();
    (0..players)
        .map(|seat| {
            let game = Game {
                players,
                target: GAME,
            };
            let sign = if game.owns_crib(Seat::new(seat)) {
                1.0
            } else {
                -1.0
            };
            let mut counts = [0; 13];
            for deal in deals {
                let worth =
                    |t: usize| deal.hands[t] + sign * values[seat][usize::from(deal.ranks[t])];
                let best = (1..5).fold(0, |b, t| if worth(t) > worth(b) { t } else { b });
                counts[usize::from(deal.ranks[best])] += 1;
            }
            counts
        })
        .collect()
}

/// The model for `players` (3 or 4), generated: `progress` hears each round's number and its
/// largest change of a value.
pub fn generate(players: usize, mut progress: impl FnMut(u32, f64)) -> MultiModel {
    let deals = deals();
    let samples = Samples::new(players);
    let mut throws = vec![[1u64; 13]; players];
    let mut values = samples.values(&throws);
    let mut summed = vec![[0u64; 13]; players];
    let mut round = 0;
    loop {
        round += 1;
        let response = respond(&deals, &values);
        throws = if round < AVERAGED_FROM {
            response
        } else {
            for (total, counts) in summed.iter_mut().zip(&response) {
                for (t, c) in total.iter_mut().zip(counts) {
                    *t += c;
                }
            }
            summed.clone()
        };
        let next = samples.values(&throws);
        let change = next
            .iter()
            .flatten()
            .zip(values.iter().flatten())
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        values = next;
        progress(round, change);
        if change <= TOLERANCE || round == MAX_ROUNDS {
            break;
        }
    }
    MultiModel {
        players,
        rounds: round,
        averaged_from: if round < AVERAGED_FROM {
            0
        } else {
            AVERAGED_FROM
        },
        throws,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::crib::single_card_table;

    /// The committed models settled within the rounds, every seat's shares sum to one, and
    /// pones keep their fives while the crib's owners throw them.
    #[test]
    fn the_committed_models_hold_together() {
        for players in [3, 4] {
            let model = MultiModel::committed(players);
            assert_eq!((model.players, model.throws.len()), (players, players));
            assert!(model.rounds > model.averaged_from && model.rounds < MAX_ROUNDS);
            for seat in 0..players {
                let shares = model.shares(seat);
                assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                let game = Game {
                    players,
                    target: GAME,
                };
                let owns = game.owns_crib(Seat::new(seat));
                assert_eq!(shares[4] > 0.03, owns, "{players} players, seat {seat}");
            }
        }
    }

    /// The other cards of a crib: the other seats in order, and with three players the crib's
    /// dealt card, every rank alike.
    #[test]
    fn the_others_are_the_other_seats() {
        let three = MultiModel::committed(3);
        assert_eq!(three.others(1), [three.throws[0], three.throws[2], [1; 13]]);
        let four = MultiModel::committed(4);
        assert_eq!(
            four.others(3),
            [four.throws[0], four.throws[1], four.throws[2]]
        );
    }

    /// With every seat throwing every rank alike, the sampled cribs give the uniform model's
    /// exact values, to within their sampling error (about 0.01 point).
    #[test]
    fn uniform_throws_give_the_uniform_values() {
        let samples = Samples::new(3);
        let values = samples.values(&[[1; 13]; 3]);
        for exact in single_card_table() {
            let sampled = values[2][usize::from(exact.rank.index())];
            assert!(
                (sampled - exact.crib_mean).abs() < 0.04,
                "{sampled} {exact:?}"
            );
        }
    }
}
