//! Every binary table reads back (unpacked, where it is stored compressed) and writes out to the
//! same bytes, with the number of entries its generator makes. That the compressed files are
//! what compressing those bytes makes again is the slow tier's (`cargo xtask verify packed`).

use crib::tables::model::odds::DEALS;
use crib::tables::model::odds::{DEALS3, DEALS4, Odds, POSITIONS3};
use crib::tables::model::opponents::{self, POOL_DEALS};
use crib::tables::rules::numbering::RANK_HANDS;
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use xtask::generate::odds_board::BOARD_DEALS;
use xtask::generate::odds34::encode3;
use xtask::generate::pegging34::POOL_SIZE;
use xtask::{committed, files, samples, unpacked};

#[test]
fn the_pairs_behind_the_pegging_table() {
    let bytes = committed(files::OUTCOMES);
    let outcomes = samples::decode_outcomes(&bytes).expect("the outcomes read back");
    assert_eq!(outcomes.len(), RANK_HANDS);
    assert!(outcomes.iter().all(|row| row.len() == RANK_HANDS));
    assert!(samples::encode_outcomes(&outcomes) == bytes);
}

#[test]
fn the_deals_behind_the_odds() {
    for (name, count) in [(files::DEALS3, DEALS3), (files::DEALS4, DEALS4)] {
        let bytes = committed(name);
        let deals = samples::decode_seat_deals(&bytes);
        assert_eq!(deals.len() as u64, count, "{name}");
        assert!(samples::encode_seat_deals(&deals) == bytes, "{name}");
    }
    let bytes = committed(files::DEALS);
    let deals = samples::decode_deals(&bytes);
    assert_eq!(deals.len() as u64, DEALS);
    assert!(samples::encode_deals(&deals) == bytes);
    let bytes = committed(files::BOARD);
    let board = samples::decode_board(&bytes).expect("the board sample reads back");
    assert_eq!(board.deals, BOARD_DEALS);
    assert!(samples::encode_board(&board) == bytes);
}

#[test]
fn the_pools_and_the_opponents() {
    let bytes = committed(files::POOLS);
    let pools = samples::decode_pools(&bytes, POOL_SIZE as usize);
    assert_eq!([pools[0].len(), pools[1].len()], [3, 4]);
    assert!(samples::encode_pools(&pools) == bytes);
    let bytes = committed(files::PEG_MEANS);
    let means = samples::decode_values(&bytes);
    assert_eq!(means.len(), 7 * RANK_HANDS);
    assert!(samples::encode_values(&means) == bytes);
    let bytes = unpacked(files::OPPONENTS);
    let pool = opponents::decode(&bytes).expect("the pool reads back");
    assert!(pool.iter().all(|deals| deals.len() as u64 == POOL_DEALS));
    assert!(xtask::generate::opponents::encode(&pool) == bytes);
    assert_eq!(opponents::committed(Seat::PONE), &pool[0][..]);
}

#[test]
fn the_odds_of_three() {
    let odds = xtask::generate::odds34::Odds3 {
        win: (0..POSITIONS3)
            .map(|i| {
                let scores = [i / 14_641, i / 121 % 121, i % 121].map(|s| s as u32);
                crib::tables::chances3(Odds::committed(Players::THREE), scores)
            })
            .collect(),
    };
    assert!(encode3(&odds) == unpacked(files::ODDS3));
}

#[test]
fn the_plays_of_every_pair() {
    let bytes = unpacked(files::PLAYS);
    assert_eq!(bytes.len(), 2 * RANK_HANDS * RANK_HANDS);
    let codes: Vec<u16> = bytes
        .chunks(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    assert!(xtask::generate::plays::encode(&codes) == bytes);
    // Each code is two orders of four (below 24 × 24) or marks two hands apart.
    assert!(codes.iter().all(|&c| c < 24 * 24 || c == u16::MAX));
}
