//! The hands the expert crib model's players keep, tallied over every six-card deal: what
//! `crib::tables::model::kept` reads, made by `cargo xtask tables kept`.

use crib::tables::model::expert::Tables;
use crib::tables::model::kept::KeptHands;
use crib::tables::rules::numbering::{RANK_HANDS, rank_hand_number};

use crate::generate::sweep::{HandSums, SPLITS, add, fold_deals};

/// In how many of the 20,358,520 deals each seat keeps each hand of four ranks when both throw
/// by `tables`.
pub fn tally(tables: &Tables) -> KeptHands {
    let sums = HandSums::new();
    let [dealer, pone] = fold_deals(
        || [vec![0u64; RANK_HANDS], vec![0u64; RANK_HANDS]],
        |counts, six| {
            let splits = sums.best_splits(six, tables);
            for (side, split) in [splits.0, splits.1].into_iter().enumerate() {
                let kept = SPLITS[split].0.map(|p| six[p] / 4 + 1);
                counts[side][rank_hand_number(kept)] += 1;
            }
        },
        |mut a, b| {
            add(&mut a[0], &b[0]);
            add(&mut a[1], &b[1]);
            a
        },
    );
    KeptHands { pone, dealer }
}
