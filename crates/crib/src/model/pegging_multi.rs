//! The pegging tables of three and four players: for every hand of four ranks in every seat,
//! the points its holder (with four players, his partnership) can expect to peg in the play, and
//! the points his rivals can (three players: the mean of the other two; four: the other side).
//!
//! **How.** For each seat and hand, [`samples`] deals of the other seats' hands are drawn
//! (seeded by the seat and the hand) from pools of the hands crib's discard keeps in those seats
//! ([`Pools`], made by [`crate::game::deals_multi::kept_pools`]), each fitting the cards left,
//! and each deal's play is solved with every card seen, as crib's engine for three or four
//! players solves each of its samples ([`crate::search::multi`]: three players each for
//! himself, partners for their side). An entry is the mean over those deals. What it assumes:
//! the others hold what crib would keep, and everyone plays as if every card were seen.
//!
//! Committed as generated data, `src/generated/pegging_multi.rs`, made by `cargo xtask tables
//! pegmulti`.

use rayon::prelude::*;

use crate::model::pegging::PegValue;
use crate::rules::numbering::{rank_hand_number, rank_hands};
use crate::rules::play::{Ranks, Table};
use crate::rules::shuffle::Rng;
use crate::search::multi::{forget_multi, forget_this_thread, solve_multi};
use crate::search::sampled::mine_theirs;

#[rustfmt::skip]
#[path = "../generated/pegging_multi.rs"]
mod data;

/// The stream of five-card deals the pools of kept hands are made from.
pub const POOL_SEED: u64 = 5_121;

/// How many kept hands each seat's pool holds.
pub const POOL_SIZE: u64 = 3_000;

/// How many deals of the other seats' hands each entry of the table is the mean of.
pub const fn samples(players: usize) -> usize {
    match players {
        3 => 128,
        _ => 48,
    }
}

/// Hands kept by each seat of `N` players, by ranks: what the other seats of an entry hold.
pub type Pools = Vec<Vec<Ranks>>;

/// One hand's entry: seat `seat` (0 leads) of `N` holding `ranks`, over `count` deals of the
/// others' hands, each drawn from its seat's pool of kept hands (among those that fit the cards
/// left), or from the rest of the pack if the pool has none that fits.
pub fn entry<const N: usize>(seat: usize, ranks: [u8; 4], count: usize, pools: &Pools) -> PegValue {
    let number = rank_hand_number(ranks) as u64;
    let mut rng = Rng::stream(0xC0FF_EE00 ^ (N as u64) << 40 ^ (seat as u64) << 32, number);
    let mut pack: Ranks = [4; 14];
    pack[0] = 0;
    let mut held = [0u8; 14];
    for r in ranks {
        pack[usize::from(r)] -= 1;
        held[usize::from(r)] += 1;
    }
    let (mut mine, mut theirs) = (0.0, 0.0);
    for _ in 0..count {
        let mut left = pack;
        let hands: [Ranks; N] = std::array::from_fn(|s| {
            if s == seat {
                held
            } else {
                draw_kept(&pools[s], &mut left, &mut rng)
            }
        });
        let points = solve_multi(&Table::<N>::new(hands));
        let (m, t) = mine_theirs(&points, seat);
        mine += m;
        theirs += t;
    }
    let n = count as f64;
    PegValue {
        mine: mine / n,
        theirs: theirs / n,
    }
}

/// A kept hand from `pool` that fits what is `left` of the pack (tried 64 times at random),
/// taken out of it; four random cards if none came.
fn draw_kept(pool: &[Ranks], left: &mut Ranks, rng: &mut Rng) -> Ranks {
    for _ in 0..64 {
        let Some(hand) = pool.get(rng.below(pool.len() as u64) as usize) else {
            break;
        };
        if (1..14).all(|r| hand[r] <= left[r]) {
            for r in 1..14 {
                left[r] -= hand[r];
            }
            return *hand;
        }
    }
    draw_four(left, rng)
}

/// Four cards drawn at random from what is `left` of the pack, by rank.
fn draw_four(left: &mut Ranks, rng: &mut Rng) -> Ranks {
    let mut hand = [0u8; 14];
    for _ in 0..4 {
        let total: u64 = left.iter().map(|&c| u64::from(c)).sum();
        let mut pick = rng.below(total);
        for rank in 1..=13usize {
            let here = u64::from(left[rank]);
            if pick < here {
                left[rank] -= 1;
                hand[rank] += 1;
                break;
            }
            pick -= here;
        }
    }
    hand
}

/// Every seat's entries for `N` players, each hand by [`rank_hand_number`], the others holding
/// hands from `pools`, on every core.
pub fn generate<const N: usize>(pools: &Pools) -> Vec<Vec<PegValue>> {
    let hands = rank_hands();
    (0..N)
        .map(|seat| {
            let values = hands
                .par_iter()
                .map(|&ranks| {
                    let value = entry::<N>(seat, ranks, samples(N), pools);
                    // The next hand's deals share no position with this one's.
                    forget_this_thread();
                    value
                })
                .collect();
            forget_multi();
            values
        })
        .collect()
}

/// The committed tables: one hand's value in one seat (0 leads) of three or four players.
pub fn committed(players: usize, seat: usize, ranks: [u8; 4]) -> PegValue {
    let number = rank_hand_number(ranks);
    let (mine, theirs) = match players {
        3 => data::THREE[seat][number],
        _ => data::FOUR[seat][number],
    };
    PegValue { mine, theirs }
}
