//! Every committed table is locked by its numbers: each file is what `cargo xtask tables`
//! renders from the committed values; the pegging table is aggregated again, entry by entry,
//! from the pairs of hands behind it, and the odds of three and four solved again from the
//! deals behind them; and a deterministic sample of those pairs and deals is played out again
//! by crib's players and must come out as committed. (The odds of two players, solved with
//! players for the board: `board_odds.rs`.)
//!
//! The whole iteration from scratch is `cargo xtask tables` (about ten minutes on two cores);
//! it writes the same files byte for byte.

use crib::game::deals::{digest, play_deal};
use crib::game::deals_multi::play_deal_multi;
use crib::game::odds::SEED;
use crib::game::odds_multi::{
    DEALS3, DEALS4, Deals3, POSITIONS3, SEED3, SEED4, chances3, committed4_digests, solve4,
};
use crib::model::Models;
use crib::model::kept::KeptHands;
use crib::model::pegging::{self, Decisions, PegTable, PegValue, play_out};
use crib::model::pegging_multi::{self, POOL_SEED, POOL_SIZE};
use crib::rules::numbering::rank_hands;
use crib::rules::shuffle::shuffled_indices;
use rayon::prelude::*;
use xtask::{files, render, samples};

fn committed(name: &str) -> Vec<u8> {
    let path = xtask::generated().join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn committed_text(name: &str) -> String {
    String::from_utf8(committed(name)).unwrap()
}

/// The message of a table that does not match: how to make it again.
const REGENERATE: &str = "the committed table is not what crib computes: run `cargo xtask tables`";

#[test]
fn the_model_files_are_the_models_rendered() {
    let models = Models::committed();
    assert!(
        render::expert_crib(&models.expert) == committed_text(files::EXPERT),
        "{REGENERATE}"
    );
    assert!(
        render::kept_hands(&models.kept) == committed_text(files::KEPT),
        "{REGENERATE}"
    );
    assert!(
        render::pegging(&models.pegging) == committed_text(files::PEGGING),
        "{REGENERATE}"
    );
    assert_eq!(models.kept, KeptHands::committed());
    assert_eq!(models.pegging, PegTable::committed());
}

/// Every one of the 3,640 entries is the weighted mean of its committed pairs, to the last
/// printed digit.
#[test]
fn the_pegging_table_is_aggregated_from_its_pairs() {
    let models = Models::committed();
    let outcomes = samples::decode_outcomes(&committed(files::OUTCOMES)).expect("outcomes");
    let hands = rank_hands();
    assert_eq!(outcomes.len(), hands.len());
    let mut table = pegging::aggregate(&models.kept, &hands, &outcomes);
    table.leads = models.pegging.leads.clone();
    assert!(
        render::pegging(&table) == committed_text(files::PEGGING),
        "{REGENERATE}"
    );
}

/// A deterministic sample of the pairs of hands, each played out again by crib's engine on both
/// sides, with nothing remembered from the others, comes out as committed.
#[test]
fn a_sample_of_the_pairs_plays_out_as_committed() {
    let models = Models::committed();
    let outcomes = samples::decode_outcomes(&committed(files::OUTCOMES)).expect("outcomes");
    let hands = rank_hands();
    let n = hands.len();
    let sample: Vec<usize> = shuffled_indices(2026, 0, 240, n * n);
    let disagreements: Vec<String> = sample
        .par_iter()
        .filter_map(|&pair| {
            let (p, d) = (pair / n, pair % n);
            let committed = outcomes[p][d]?;
            let decisions = Decisions::new(&models.kept);
            let (points, _) = play_out(hands[p], hands[d], &decisions);
            (points != committed).then(|| {
                format!(
                    "{:?} against {:?}: {points:?}, not {committed:?}",
                    hands[p], hands[d]
                )
            })
        })
        .collect();
    assert!(disagreements.is_empty(), "{disagreements:?}");
}

/// A deterministic sample of the deals (the first 40, and 160 more), each dealt and played
/// again by crib's players, comes out as committed, event by event.
#[test]
fn a_sample_of_the_deals_plays_out_as_committed() {
    let models = Models::committed();
    let deals = samples::decode_deals(&committed(files::DEALS));
    let decisions = Decisions::with_leads(&models.kept, &models.pegging);
    let mut sample: Vec<usize> = (0..40).collect();
    sample.extend(
        shuffled_indices(2026, 1, 160, deals.len())
            .into_iter()
            .filter(|&d| d >= 40),
    );
    let disagreements: Vec<usize> = sample
        .par_iter()
        .copied()
        .filter(|&d| play_deal(models, &decisions, SEED, d as u64) != deals[d])
        .collect();
    assert!(
        disagreements.is_empty(),
        "deals {disagreements:?} play out differently"
    );
}

/// The three-player odds hold at every position of a deterministic sample (every position
/// where all three players are within 30 of the hole, and 20,000 more): solved
/// again from the committed deals, with the committed chances of the positions after it, each
/// is the committed chance within the rounding of the file (solving all 1,771,561 again takes
/// 80 s on two cores: `cargo xtask tables multi`). The four-player odds are solved again in
/// full, to the last printed digit.
#[test]
fn the_odds_of_three_and_four_are_solved_from_their_deals() {
    let deals3 = samples::decode_seat_deals(&committed(files::DEALS3));
    assert_eq!(deals3.len() as u64, DEALS3);
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
            let solved = grouped.position(scores, |later| chances3(121, later));
            let committed = chances3(121, scores);
            (0..3).any(|s| (solved[s] - committed[s]).abs() > 3.0 / 65_535.0)
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{REGENERATE}: {} positions, e.g. {:?}",
        wrong.len(),
        wrong.first()
    );
    let deals4 = samples::decode_seat_deals(&committed(files::DEALS4));
    assert_eq!(deals4.len() as u64, DEALS4);
    let sides: Vec<_> = deals4.iter().map(|d| d.as_sides()).collect();
    assert_eq!(digest(&sides), committed4_digests().1);
    let rendered = render::odds4(&solve4(&deals4), &sides);
    let file = committed_text(files::ODDS4);
    let first = rendered.lines().zip(file.lines()).position(|(a, b)| a != b);
    assert!(rendered == file, "{REGENERATE}: line {first:?} differs");
}

/// A deterministic sample of the deals of three and of four (the first 12 of each, and 24
/// more), each dealt and played again by crib's players, comes out as committed.
#[test]
fn a_sample_of_the_deals_of_three_and_four_plays_out_as_committed() {
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
        .filter(|&d| play_deal_multi::<3>(SEED3, d as u64) != deals3[d])
        .collect();
    let wrong4: Vec<usize> = sample(deals4.len())
        .into_par_iter()
        .filter(|&d| play_deal_multi::<4>(SEED4, d as u64) != deals4[d])
        .collect();
    assert!(
        wrong3.is_empty() && wrong4.is_empty(),
        "deals of three {wrong3:?} and of four {wrong4:?} play out differently"
    );
}

/// The pegging tables of three and four players: the file is the committed values rendered,
/// the pools of kept hands behind them are as committed (the first 8 of each seat kept again),
/// and a deterministic sample of entries (12 hands in every seat) computed again from the
/// committed pools comes out as committed to the last printed digit.
#[test]
fn a_sample_of_the_pegging_tables_of_three_and_four_is_as_committed() {
    let hands = rank_hands();
    let seats = |players: usize| -> Vec<Vec<PegValue>> {
        (0..players)
            .map(|seat| {
                hands
                    .iter()
                    .map(|&h| pegging_multi::committed(players, seat, h))
                    .collect()
            })
            .collect()
    };
    assert!(
        render::pegging_multi(&seats(3), &seats(4)) == committed_text(files::PEGGING_MULTI),
        "{REGENERATE}"
    );
    let sample = shuffled_indices(2026, 5, 12, hands.len());
    let cases: Vec<(usize, usize, usize)> = [3usize, 4]
        .into_iter()
        .flat_map(|players| (0..players).map(move |seat| (players, seat)))
        .flat_map(|(players, seat)| sample.iter().map(move |&h| (players, seat, h)))
        .collect();
    let pools = samples::decode_pools(&committed(files::POOLS), POOL_SIZE as usize);
    assert!(
        samples::encode_pools(&pools) == committed(files::POOLS),
        "{REGENERATE}"
    );
    // The first 8 hands of every seat's pool are kept again as committed.
    for (players, seats) in [(3usize, &pools[0]), (4, &pools[1])] {
        assert_eq!(seats.len(), players);
        for (seat, pool) in seats.iter().enumerate() {
            assert_eq!(pool.len() as u64, POOL_SIZE);
            let again = match players {
                3 => kept_pool_head::<3>(seat),
                _ => kept_pool_head::<4>(seat),
            };
            assert!(
                again[..] == pool[..8],
                "{REGENERATE}: seat {seat} of {players}'s pool"
            );
        }
    }
    let wrong: Vec<(usize, usize, usize)> = cases
        .into_par_iter()
        .filter(|&(players, seat, h)| {
            let again = match players {
                3 => {
                    pegging_multi::entry::<3>(seat, hands[h], pegging_multi::samples(3), &pools[0])
                }
                _ => {
                    pegging_multi::entry::<4>(seat, hands[h], pegging_multi::samples(4), &pools[1])
                }
            };
            let committed = pegging_multi::committed(players, seat, hands[h]);
            format!("{:.4} {:.4}", again.mine, again.theirs)
                != format!("{:.4} {:.4}", committed.mine, committed.theirs)
        })
        .collect();
    assert!(wrong.is_empty(), "{REGENERATE}: {wrong:?}");
}

/// The first 8 hands of a seat's pool, kept again from their deals.
fn kept_pool_head<const N: usize>(seat: usize) -> Vec<crib::rules::play::Ranks> {
    (0..8u64)
        .map(|i| {
            let cards = crib::rules::shuffle::shuffled(POOL_SEED, i * N as u64 + seat as u64, 5);
            crib::rules::play::ranks_of(&crib::game::deals_multi::keep_one(&cards, N, seat).0)
        })
        .collect()
}
