//! How the pegging tables of three and four players are made (read by
//! `crib::tables::model::pegging34`, which states the model): for each seat and hand, [`samples`]
//! deals of the other seats' hands drawn from [`Pools`] of the hands crib's discard keeps in
//! those seats (made by [`crate::selfplay::deals34::kept_pools`]), each played out by crib's
//! engine at every seat. `cargo xtask tables pegging34`.

use rayon::prelude::*;

use crib::tables::model::pegging::PegValue;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{RANK_HANDS, rank_hand_number, rank_hands};
use crib::tables::rules::play::{Ranks, rank_card};
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::Rng;
use crib::tables::search::players::{play_hands, quick_sampled};
use crib::tables::search::sampled::mine_theirs;

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

/// The committed entry of the tables: seat `seat` (0 leads) of `players` (3 or 4) holding
/// `ranks`, as the library reads it.
pub fn committed(players: usize, seat: usize, ranks: [u8; 4]) -> PegValue {
    let players = Players::new(players).expect("three or four players");
    crib::tables::model::Models::committed()
        .peg_table(players)
        .seat(Seat::new(seat))[rank_hand_number(ranks)]
}

/// One hand's entry: seat `seat` (0 leads) of `N` holding `ranks`, over `count` deals of the
/// others' hands ([`draw_hands`]), each played out by crib's engine ([`engine_play`]).
pub fn entry<const N: usize>(seat: usize, ranks: [u8; 4], count: usize, pools: &Pools) -> PegValue {
    let number = rank_hand_number(ranks) as u64;
    let mut rng = Rng::stream(0xC0FF_EE00 ^ (N as u64) << 40 ^ (seat as u64) << 32, number);
    let (mut mine, mut theirs) = (0.0, 0.0);
    for _ in 0..count {
        let hands = draw_hands::<N>(seat, ranks, pools, &mut rng);
        let (m, t) = mine_theirs(&engine_play(&hands), Seat::new(seat));
        mine += m;
        theirs += t;
    }
    let n = count as f64;
    PegValue {
        mine: mine / n,
        theirs: theirs / n,
    }
}

/// An entry as the tables print it, to four decimals: what the raw means keep
/// (`pegging34_means.bin`) and the noise is pulled out of.
pub fn as_printed(value: PegValue) -> PegValue {
    let printed = |x: f64| format!("{x:.4}").parse().expect("a printed number");
    PegValue {
        mine: printed(value.mine),
        theirs: printed(value.theirs),
    }
}

/// The play of `hands` by crib's engine at every seat, nobody seeing the starter: the points
/// each seat pegs.
pub fn engine_play<const N: usize>(hands: &[Ranks; N]) -> [u8; N] {
    let cards: Vec<Vec<Card>> = hands
        .iter()
        .map(|hand| {
            (1..=13u8)
                .flat_map(|rank| {
                    std::iter::repeat_n(rank_card(rank), usize::from(hand[usize::from(rank)]))
                })
                .collect()
        })
        .collect();
    play_hands(&cards, &[], [quick_sampled::<N>; N]).map(|points| points as u8)
}

/// One deal of the hands at the table: seat `seat` holding `ranks`, every other seat a hand
/// from its pool of kept hands, as likely as it is to be dealt from the cards left (each rank's
/// suits chosen from those left, against from a full pack).
pub fn draw_hands<const N: usize>(
    seat: usize,
    ranks: [u8; 4],
    pools: &Pools,
    rng: &mut Rng,
) -> [Ranks; N] {
    let mut left: Ranks = [4; 14];
    left[0] = 0;
    let mut held = [0u8; 14];
    for r in ranks {
        left[usize::from(r)] -= 1;
        held[usize::from(r)] += 1;
    }
    std::array::from_fn(|s| {
        if s == seat {
            held
        } else {
            draw_kept(&pools[s], &mut left, rng)
        }
    })
}

/// A kept hand from `pool`, as likely as it is to be dealt from what is `left` of the pack,
/// taken out of it; four random cards if none came in 256 tries. Each try takes a hand of the
/// pool (kept from a full pack) and keeps it with the chance of its cards among those left
/// against among a full pack: each rank held `k` times, the ways to choose its suits from those
/// left over the ways from four. (Taking any hand that merely fits would make a rank already
/// held elsewhere as likely as one still whole in the pack.)
fn draw_kept(pool: &[Ranks], left: &mut Ranks, rng: &mut Rng) -> Ranks {
    const WAYS: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    for _ in 0..256 {
        let Some(hand) = pool.get(rng.below(pool.len() as u64) as usize) else {
            break;
        };
        let (mut here, mut full) = (1u64, 1u64);
        for r in 1..14 {
            let k = usize::from(hand[r]);
            here *= WAYS[usize::from(left[r]).min(4)][k.min(4)];
            full *= WAYS[4][k.min(4)];
        }
        if here > 0 && rng.below(full) < here {
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

/// One entry of the tables: the number of players, the seat (0 leads) and the hand's
/// [`rank_hand_number`].
pub type EntryKey = (usize, usize, usize);

/// Every entry of the tables, in the order they are written: three players' seats, then
/// four's, each seat's hands by number.
pub fn entries() -> Vec<EntryKey> {
    [3usize, 4]
        .into_iter()
        .flat_map(|players| {
            (0..players).flat_map(move |seat| (0..RANK_HANDS).map(move |h| (players, seat, h)))
        })
        .collect()
}

/// The entry `key`, the others holding hands from `pools` (three players' pools, then four's).
pub fn compute(key: EntryKey, pools: &[Pools; 2]) -> PegValue {
    let (players, seat, number) = key;
    let ranks = rank_hands()[number];
    match players {
        3 => entry::<3>(seat, ranks, samples(3), &pools[0]),
        _ => entry::<4>(seat, ranks, samples(4), &pools[1]),
    }
}

/// The entries numbered `numbers` in [`entries`], on every core.
pub fn compute_some(numbers: &[u64], pools: &[Pools; 2]) -> Vec<PegValue> {
    let keys = entries();
    numbers
        .par_iter()
        .map(|&i| compute(keys[i as usize], pools))
        .collect()
}

/// Every entry, in the order of [`entries`], split into the tables: three players' seats, then
/// four's, each seat's hands by number.
pub fn tables(values: &[PegValue]) -> [Vec<Vec<PegValue>>; 2] {
    let mut values = values.chunks(RANK_HANDS).map(<[PegValue]>::to_vec);
    let three = values.by_ref().take(3).collect();
    [three, values.collect()]
}
