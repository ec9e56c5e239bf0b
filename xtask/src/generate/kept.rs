//! The hands the expert crib model's players keep, tallied over every six-card deal: what
//! `crib::tables::model::kept` reads, made by `cargo xtask tables kept`.

use crib::tables::advice::discard::{DiscardRequest, Role, advise_discard};
use crib::tables::model::Models;
use crib::tables::model::expert::Tables;
use crib::tables::model::kept::KeptHands;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{RANK_HANDS, binomial, rank_hand_number};
use crib::tables::rules::seat::{Players, Seat};

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

/// In how many of the 2,598,960 deals of five cards each seat of `players` (three or four; by
/// seat in the order of play, the dealer last) keeps each hand of four ranks, throwing as
/// `crib discard` advises with `models` (crib's defaults: the expert crib model, the play
/// counted). Counted by ranks: each of the
/// 6,175 hands of five ranks is thrown once, its cards given suits in turn (hearts, diamonds,
/// clubs, spades, hearts: no flush can be kept), and its keep counted as many times as there are
/// deals of five cards with those ranks. Suits change a keep only through a flush or his nobs,
/// which this leaves out.
pub fn tally_players(models: &Models, players: Players) -> Vec<Vec<u64>> {
    use rayon::prelude::*;
    let n = players.count();
    let hands = five_rank_hands();
    let per_hand: Vec<Vec<usize>> = hands
        .par_iter()
        .map(|ranks| {
            let dealt: Vec<Card> = ranks
                .iter()
                .enumerate()
                .map(|(i, &r)| Card::from_index((r - 1) * 4 + (i % 4) as u8))
                .collect();
            (0..n)
                .map(|seat| {
                    let keep = advised_keep(models, &dealt, players, Seat::new(seat));
                    rank_hand_number(keep.map(|c| c.rank().number()))
                })
                .collect()
        })
        .collect();
    let mut counts = vec![vec![0u64; RANK_HANDS]; n];
    for (ranks, kept) in hands.iter().zip(&per_hand) {
        let deals = deals_with(ranks);
        for (count, &k) in counts.iter_mut().zip(kept) {
            count[k] += deals;
        }
    }
    counts
}

/// The four cards `seat` of `players` keeps from the five `dealt` (distinct, with suits),
/// throwing as `crib discard` advises with `models`.
pub fn advised_keep(models: &Models, dealt: &[Card], players: Players, seat: Seat) -> [Card; 4] {
    let request = DiscardRequest {
        seat: Some(seat),
        ..DiscardRequest::new(dealt, players, Role::of_seat(seat, players))
    };
    let advice = advise_discard(models, &request).expect("five distinct cards with suits");
    advice.choices[0].keep
}

/// Every hand of five ranks (1 to 13, at most four of each), ranks in order.
fn five_rank_hands() -> Vec<[u8; 5]> {
    let mut out = Vec::new();
    for a in 1..=13u8 {
        for b in a..=13 {
            for c in b..=13 {
                for d in c..=13 {
                    for e in d..=13 {
                        if a != e {
                            out.push([a, b, c, d, e]);
                        }
                    }
                }
            }
        }
    }
    out
}

/// How many sets of five cards have these ranks.
fn deals_with(ranks: &[u8; 5]) -> u64 {
    let mut seen = [0usize; 14];
    for &r in ranks {
        seen[usize::from(r)] += 1;
    }
    seen.iter().map(|&m| binomial(4, m) as u64).product()
}
