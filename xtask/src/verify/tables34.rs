//! The tables of three and four players, derived again: the odds solved again from their deals
//! and a sample of the deals played again; the pegging tables' pools kept again and a sample of
//! their entries computed again.

use crate::generate::odds34::{Deals3, solve4};
use crate::selfplay::deals::digest;
use crate::selfplay::deals34::play_deal;
use crib::tables::model::odds::{
    DEALS3, DEALS4, Odds, POSITIONS3, SEED3, SEED4, committed_digests,
};
use crib::tables::rules::seat::Players;

use crate::generate::pegging_smooth;
use crate::generate::pegging34::{self, POOL_SEED, POOL_SIZE};
use crib::tables::rules::numbering::rank_hands;
use crib::tables::rules::shuffle::shuffled_indices;
use rayon::prelude::*;

use super::{Outcome, ensure, ensure_eq};
use crate::{REGENERATE, committed, committed_text, files, render, samples};

/// The odds of three and four and the deals behind them.
pub fn odds() -> Outcome {
    solved_again()?;
    deals_again()
}

/// The three-player odds hold at every position of a deterministic sample (every position
/// where all three players are within 30 of the hole, and 20,000 more): solved again from the
/// committed deals, with the committed chances of the positions after it, each is the committed
/// chance within the rounding of the file (solving all 1,771,561 again is `cargo xtask tables
/// odds34`). The four-player odds are solved again in full, to the last printed digit.
fn solved_again() -> Outcome {
    let deals3 = samples::decode_seat_deals(&committed(files::DEALS3));
    ensure_eq!(deals3.len() as u64, DEALS3);
    let grouped = Deals3::new(&deals3);
    let near = (91..121u32)
        .flat_map(|a| (91..121u32).flat_map(move |b| (91..121).map(move |c| [a, b, c])));
    let spread = shuffled_indices(2026, 4, 20_000, POSITIONS3)
        .into_iter()
        .map(|i| {
            [
                (i / 14_641) as u32,
                (i / 121 % 121) as u32,
                (i % 121) as u32,
            ]
        });
    let positions: Vec<[u32; 3]> = near.chain(spread).collect();
    let wrong: Vec<[u32; 3]> = positions
        .into_par_iter()
        .filter(|&scores| {
            let solved = grouped.position(scores, |later| {
                crib::tables::chances3(Odds::committed(Players::THREE), later)
            });
            let committed = crib::tables::chances3(Odds::committed(Players::THREE), scores);
            (0..3).any(|s| (solved[s] - committed[s]).abs() > 3.0 / 65_535.0)
        })
        .collect();
    ensure!(
        wrong.is_empty(),
        "{REGENERATE}: {} positions, e.g. {:?}",
        wrong.len(),
        wrong.first()
    );
    let deals4 = samples::decode_seat_deals(&committed(files::DEALS4));
    ensure_eq!(deals4.len() as u64, DEALS4);
    let sides: Vec<_> = deals4.iter().map(|d| d.as_sides()).collect();
    ensure_eq!(digest(&sides), committed_digests(Players::FOUR).1);
    let rendered = render::odds4(&solve4(&deals4), &sides);
    let file = committed_text(files::ODDS4);
    let first = rendered.lines().zip(file.lines()).position(|(a, b)| a != b);
    ensure!(rendered == file, "{REGENERATE}: line {first:?} differs");
    Ok(())
}

/// A deterministic sample of the deals of three and of four (the first 12 of each, and 24
/// more), each dealt and played again by crib's players, comes out as committed.
fn deals_again() -> Outcome {
    let deals3 = samples::decode_seat_deals(&committed(files::DEALS3));
    let deals4 = samples::decode_seat_deals(&committed(files::DEALS4));
    let sample = |len: usize| -> Vec<usize> {
        let mut sample: Vec<usize> = (0..12).collect();
        sample.extend(
            shuffled_indices(2026, 3, 24, len)
                .into_iter()
                .filter(|&d| d >= 12),
        );
        sample
    };
    let wrong3: Vec<usize> = sample(deals3.len())
        .into_par_iter()
        .filter(|&d| play_deal::<3>(SEED3, d as u64) != deals3[d])
        .collect();
    let wrong4: Vec<usize> = sample(deals4.len())
        .into_par_iter()
        .filter(|&d| play_deal::<4>(SEED4, d as u64) != deals4[d])
        .collect();
    ensure!(
        wrong3.is_empty() && wrong4.is_empty(),
        "deals of three {wrong3:?} and of four {wrong4:?} play out differently"
    );
    Ok(())
}

/// The pegging tables of three and four players (that the file is the committed values rendered
/// is the fast suite's lock): the pools of kept hands behind them are as committed (the first 8 of each seat kept again),
/// a deterministic sample of entries (12 hands in every seat) computed again from the
/// committed pools comes out as the committed raw means to the last printed digit, and the
/// noise pulled out of those means again (measured again from the pools) gives the committed
/// tables byte for byte.
pub fn pegging() -> Outcome {
    let hands = rank_hands();
    let sample = shuffled_indices(2026, 5, 12, hands.len());
    let cases: Vec<(usize, usize, usize)> = [3usize, 4]
        .into_iter()
        .flat_map(|players| (0..players).map(move |seat| (players, seat)))
        .flat_map(|(players, seat)| sample.iter().map(move |&h| (players, seat, h)))
        .collect();
    let pools = samples::decode_pools(&committed(files::POOLS), POOL_SIZE as usize);
    ensure!(
        samples::encode_pools(&pools) == committed(files::POOLS),
        "{REGENERATE}"
    );
    // The first 8 hands of every seat's pool are kept again as committed.
    for (players, seats) in [(3usize, &pools[0]), (4, &pools[1])] {
        ensure_eq!(seats.len(), players);
        for (seat, pool) in seats.iter().enumerate() {
            ensure_eq!(pool.len() as u64, POOL_SIZE);
            let again = match players {
                3 => kept_pool_head::<3>(seat),
                _ => kept_pool_head::<4>(seat),
            };
            ensure!(
                again[..] == pool[..8],
                "{REGENERATE}: seat {seat} of {players}'s pool"
            );
        }
    }
    let means = pegging_smooth::committed_means();
    let wrong: Vec<(usize, usize, usize)> = cases
        .into_par_iter()
        .filter(|&(players, seat, h)| {
            let again = match players {
                3 => pegging34::entry::<3>(seat, hands[h], pegging34::samples(3), &pools[0]),
                _ => pegging34::entry::<4>(seat, hands[h], pegging34::samples(4), &pools[1]),
            };
            let committed = means[players - 3][seat][h];
            format!("{:.4} {:.4}", again.mine, again.theirs)
                != format!("{:.4} {:.4}", committed.mine, committed.theirs)
        })
        .collect();
    ensure!(wrong.is_empty(), "{REGENERATE}: {wrong:?}");
    // The noise pulled out again from the committed means, measured again from the pools,
    // gives the committed tables byte for byte.
    let [three, four] = [
        pegging_smooth::smooth::<3>(&means[0], &pools[0]),
        pegging_smooth::smooth::<4>(&means[1], &pools[1]),
    ];
    ensure!(
        crate::render::pegging34(&three.seats, &four.seats)
            == crate::committed_text(files::PEGGING34),
        "{REGENERATE}: the noise pulled out of the pegging tables of three and four"
    );
    Ok(())
}

/// The first 8 hands of a seat's pool, kept again from their deals.
fn kept_pool_head<const N: usize>(seat: usize) -> Vec<crib::tables::rules::play::Ranks> {
    (0..8u64)
        .map(|i| {
            let cards =
                crib::tables::rules::shuffle::shuffled(POOL_SEED, i * N as u64 + seat as u64, 5);
            crib::tables::rules::play::ranks_of(
                &crate::selfplay::deals34::keep_one(&cards, N, seat).0,
            )
        })
        .collect()
}
