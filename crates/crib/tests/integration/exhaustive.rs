//! Exhaustive checks over every (four-card hand, starter): 12,994,800 of them.
//!
//! The test profile is optimised (see Cargo.toml), so these take seconds, not minutes.

use crib_core::tables::rules::card::Card;
use crib_core::tables::rules::show::{Hand, HandKind, Prepared};
use rayon::prelude::*;

/// Every four-card hand, as deck indices in increasing order.
fn four_card_hands() -> Vec<[u8; 4]> {
    let mut hands = Vec::with_capacity(270_725);
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    hands.push([a, b, c, d]);
                }
            }
        }
    }
    hands
}

struct Sweep {
    distribution: [u64; 30],
    disagreements: u64,
    first_disagreement: Option<String>,
}

/// Score every hand both ways, count the disagreements and the distribution.
fn sweep(kind: HandKind) -> Sweep {
    let (distribution, disagreements, first) = four_card_hands()
        .par_iter()
        .fold(
            || ([0u64; 30], 0u64, None::<String>),
            |(mut dist, mut bad, mut first), indices| {
                let cards = indices.map(Card::from_index);
                let prepared = Prepared::new(&cards, kind);
                for starter in Card::deck().filter(|c| !cards.contains(c)) {
                    let fast = prepared.score(starter);
                    let hand = Hand::new(cards, starter, kind).unwrap();
                    let breakdown = hand.breakdown();
                    let listed: u32 = breakdown.items.iter().map(|i| u32::from(i.points)).sum();
                    if fast != breakdown.points.total() || listed != u32::from(fast) {
                        bad += 1;
                        first.get_or_insert_with(|| format!("{cards:?} {starter:?}"));
                    }
                    dist[fast as usize] += 1;
                }
                (dist, bad, first)
            },
        )
        .reduce(
            || ([0u64; 30], 0u64, None),
            |(mut a, bad_a, first_a), (b, bad_b, first_b)| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                (a, bad_a + bad_b, first_a.or(first_b))
            },
        );
    Sweep {
        distribution,
        disagreements,
        first_disagreement: first,
    }
}

fn mean(distribution: &[u64; 30]) -> f64 {
    let hands: u64 = distribution.iter().sum();
    let points: u64 = distribution
        .iter()
        .enumerate()
        .map(|(s, &n)| s as u64 * n)
        .sum();
    points as f64 / hands as f64
}

/// The well-known distribution of hand scores over all 12,994,800 hands with their starters.
const HAND_DISTRIBUTION: [u64; 30] = [
    1_009_008, 99_792, 2_813_796, 505_008, 2_855_676, 697_508, 1_800_268, 751_324, 1_137_236,
    361_224, 388_740, 51_680, 317_340, 19_656, 90_100, 9_168, 58_248, 11_196, 2_708, 0, 8_068,
    2_496, 444, 356, 3_680, 0, 0, 0, 76, 4,
];

#[test]
fn every_hand_fast_and_itemised_agree_and_match_the_known_distribution() {
    let sweep = sweep(HandKind::Hand);
    assert_eq!(
        sweep.disagreements, 0,
        "first disagreement: {:?}",
        sweep.first_disagreement
    );
    let d = sweep.distribution;
    assert_eq!(d.iter().sum::<u64>(), 12_994_800);
    assert_eq!(&d[..3], &[1_009_008, 99_792, 2_813_796]);
    assert_eq!(d, HAND_DISTRIBUTION);
    assert_eq!(d.iter().rposition(|&n| n > 0), Some(29));
    for impossible in [19, 25, 26, 27] {
        assert_eq!(d[impossible], 0, "{impossible}");
    }
    assert_eq!(format!("{:.4}", mean(&d)), "4.7692");
    // The statistics sweep (fast scorer, branch-free starters) counts the same.
    assert_eq!(
        crib_core::tables::exact::stats::all_hands(HandKind::Hand).counts,
        d
    );
}

#[test]
fn every_crib_fast_and_itemised_agree() {
    let sweep = sweep(HandKind::Crib);
    assert_eq!(
        sweep.disagreements, 0,
        "first disagreement: {:?}",
        sweep.first_disagreement
    );
    let d = sweep.distribution;
    assert_eq!(d.iter().sum::<u64>(), 12_994_800);
    assert_eq!(format!("{:.4}", mean(&d)), "4.7348");
    // Only the flush differs from a hand: the crib can never score more.
    for (crib, hand) in d.iter().zip(HAND_DISTRIBUTION) {
        assert!(*crib > 0 || hand == 0);
    }
    assert_eq!(d[19], 0);
    assert_eq!(d[29], 4);
    assert_eq!(
        crib_core::tables::exact::stats::all_hands(HandKind::Crib).counts,
        d
    );
}
