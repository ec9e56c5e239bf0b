//! Benchmarks of the scorer: the fast path over a fixed pseudo-random set of hands, the
//! itemised breakdown, and a prepared hand against every starter (the inner loop of sweeps).
//!
//! Run with `cargo bench --bench score`; divan prints the median time per iteration and, with
//! the item counter, hands per second.

use crib_core::tables::rules::card::Card;
use crib_core::tables::rules::show::{Hand, HandKind, Prepared, score};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

const HANDS: usize = 4096;

/// A fixed set of random (hand, starter) deals from a small xorshift generator.
fn deals() -> Vec<([Card; 4], Card)> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..HANDS)
        .map(|_| {
            let mut picked = Vec::with_capacity(5);
            while picked.len() < 5 {
                let card = Card::from_index((next() % 52) as u8);
                if !picked.contains(&card) {
                    picked.push(card);
                }
            }
            ([picked[0], picked[1], picked[2], picked[3]], picked[4])
        })
        .collect()
}

#[divan::bench]
fn fast_path(bencher: Bencher) {
    let deals = deals();
    bencher.counter(ItemsCount::new(HANDS)).bench(|| {
        let mut total = 0u32;
        for (cards, starter) in black_box(&deals) {
            total += u32::from(score(cards, *starter, HandKind::Hand));
        }
        total
    });
}

#[divan::bench]
fn fast_path_crib(bencher: Bencher) {
    let deals = deals();
    bencher.counter(ItemsCount::new(HANDS)).bench(|| {
        let mut total = 0u32;
        for (cards, starter) in black_box(&deals) {
            total += u32::from(score(cards, *starter, HandKind::Crib));
        }
        total
    });
}

#[divan::bench]
fn itemised(bencher: Bencher) {
    let hands: Vec<Hand> = deals()
        .into_iter()
        .map(|(cards, starter)| Hand::new(cards, starter, HandKind::Hand).unwrap())
        .collect();
    bencher.counter(ItemsCount::new(HANDS)).bench(|| {
        let mut total = 0u32;
        for hand in black_box(&hands) {
            total += u32::from(hand.breakdown().points.total());
        }
        total
    });
}

#[divan::bench]
fn prepared_every_starter(bencher: Bencher) {
    let deals = deals();
    let starters: Vec<Card> = Card::deck().collect();
    bencher.counter(ItemsCount::new(HANDS * 52)).bench(|| {
        let mut total = 0u32;
        for (cards, _) in black_box(&deals) {
            let prepared = Prepared::new(cards, HandKind::Hand);
            for &starter in &starters {
                total += u32::from(prepared.score(starter));
            }
        }
        total
    });
}
