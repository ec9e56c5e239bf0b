//! Every six-card deal: the 20,358,520 of them swept on every core, each hand's points over its
//! starters summed once, and the best split of a deal for each seat under a model's tables:
//! what the expert crib model's iteration and its kept hands are made with.

use rayon::prelude::*;

use crib::tables::exact::crib::ThrowKind;
use crib::tables::model::throws::{Tables, Throws, ValueSums};
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{BINOMIAL, hand_number};
use crib::tables::rules::show::{HandKind, Prepared};

use crate::generate::exclusions::Exclusions;

/// Add `b` to `a`, element by element.
pub fn add<T: Copy + std::ops::AddAssign>(a: &mut [T], b: &[T]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// The 15 ways to split six cards: the positions kept and the positions thrown, in the order
/// of the positions thrown.
pub const SPLITS: [([usize; 4], [usize; 2]); 15] = {
    let mut splits = [([0; 4], [0; 2]); 15];
    let mut n = 0;
    let mut i = 0;
    while i < 6 {
        let mut j = i + 1;
        while j < 6 {
            let mut keep = [0; 4];
            let (mut k, mut p) = (0, 0);
            while p < 6 {
                if p != i && p != j {
                    keep[k] = p;
                    k += 1;
                }
                p += 1;
            }
            splits[n] = (keep, [i, j]);
            n += 1;
            j += 1;
        }
        i += 1;
    }
    splits
};

/// The hand's total points over all 48 starters, for every four-card hand: a hand's expected
/// points in a deal are this less the two thrown cards as starters, over 46.
pub struct HandSums {
    sums: Vec<u16>,
    /// The 52 cards, by card number.
    pub deck: [Card; 52],
}

impl Default for HandSums {
    fn default() -> HandSums {
        HandSums::new()
    }
}

impl HandSums {
    /// Every hand's sum, worked out on every core.
    pub fn new() -> HandSums {
        let deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
        // Hands numbered in the order of their highest card come in blocks of C(d, 3).
        let mut blocks = Vec::new();
        let mut sums = vec![0u16; BINOMIAL[4][51] as usize + BINOMIAL[3][51] as usize];
        let mut rest = sums.as_mut_slice();
        for d in 3..52u8 {
            let (block, tail) = rest.split_at_mut(BINOMIAL[3][usize::from(d)] as usize);
            blocks.push((d, block));
            rest = tail;
        }
        blocks.into_par_iter().for_each(|(d, block)| {
            let mut n = 0;
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        let hand = [a, b, c, d].map(|i| deck[usize::from(i)]);
                        let prepared = Prepared::new(&hand, HandKind::Hand);
                        let all: u16 = deck.iter().map(|&s| u16::from(prepared.score(s))).sum();
                        let own: u16 = hand.iter().map(|&s| u16::from(prepared.score(s))).sum();
                        block[n] = all - own;
                        n += 1;
                    }
                }
            }
        });
        HandSums { sums, deck }
    }

    /// The best split of six cards (deck indices, ascending) for the dealer and for the pone
    /// under `tables`: indices into [`SPLITS`].
    #[inline]
    pub fn best_splits(&self, six: [u8; 6], tables: &Tables) -> (usize, usize) {
        let (mut dealer, mut pone) = ((f64::NEG_INFINITY, 0), (f64::NEG_INFINITY, 0));
        for (split, (keep, [i, j])) in SPLITS.iter().enumerate() {
            let kept = keep.map(|p| six[p]);
            let hand = kept.map(|c| self.deck[usize::from(c)]);
            let prepared = Prepared::new(&hand, HandKind::Hand);
            let (x, y) = (six[*i], six[*j]);
            let sum = self.sums[hand_number(kept)]
                - u16::from(prepared.score(self.deck[usize::from(x)]))
                - u16::from(prepared.score(self.deck[usize::from(y)]));
            let hand_mean = f64::from(sum) / 46.0;
            let kind = ThrowKind::index_of(x, y);
            let as_dealer = hand_mean + tables.dealer[kind];
            let as_pone = hand_mean - tables.pone[kind];
            if as_dealer > dealer.0 {
                dealer = (as_dealer, split);
            }
            if as_pone > pone.0 {
                pone = (as_pone, split);
            }
        }
        (dealer.1, pone.1)
    }

    /// Both sides' best responses to `tables` in every deal: how many deals each throws each
    /// kind in, and the sum of those throws' values in their own deals, the dealer's valued
    /// by `exclusions[0]` and the pone's by `exclusions[1]`.
    pub fn best_responses(
        &self,
        tables: &Tables,
        exclusions: &[Exclusions; 2],
    ) -> (Throws, ValueSums) {
        type Tally = (
            [u64; ThrowKind::COUNT],
            [u64; ThrowKind::COUNT],
            [u128; ThrowKind::COUNT],
            [u128; ThrowKind::COUNT],
        );
        let zero = || -> Tally {
            (
                [0; ThrowKind::COUNT],
                [0; ThrowKind::COUNT],
                [0; ThrowKind::COUNT],
                [0; ThrowKind::COUNT],
            )
        };
        let (dealer, pone, dealer_sums, pone_sums) = fold_deals(
            zero,
            |tally: &mut Tally, six| {
                let (dealer, pone) = self.best_splits(six, tables);
                let (kind, value) = thrown_value(six, dealer, &exclusions[0]);
                tally.0[kind] += 1;
                tally.2[kind] += value;
                let (kind, value) = thrown_value(six, pone, &exclusions[1]);
                tally.1[kind] += 1;
                tally.3[kind] += value;
            },
            |mut a, b| {
                add(&mut a.0, &b.0);
                add(&mut a.1, &b.1);
                add(&mut a.2, &b.2);
                add(&mut a.3, &b.3);
                a
            },
        );
        (
            Throws { dealer, pone },
            ValueSums {
                dealer: dealer_sums,
                pone: pone_sums,
            },
        )
    }
}

/// The kind of the two cards a split throws, and their value in the deal.
pub fn thrown_value(six: [u8; 6], split: usize, exclusions: &Exclusions) -> (usize, u128) {
    let (keep, [i, j]) = SPLITS[split];
    let thrown = [six[i], six[j]];
    (
        ThrowKind::index_of(thrown[0], thrown[1]),
        exclusions.value(thrown, keep.map(|p| six[p])),
    )
}

/// Visit every six-card deal (deck indices, ascending) on every core, one task per first two
/// cards: each task tallies from `zero()` with `visit`, and `merge` joins the tasks' tallies.
/// Whole-number tallies come out the same however the work is shared.
pub fn fold_deals<T: Send>(
    zero: impl Fn() -> T + Sync + Send,
    visit: impl Fn(&mut T, [u8; 6]) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    let firsts: Vec<(u8, u8)> = (0..52u8)
        .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
        .collect();
    firsts
        .par_iter()
        .fold(&zero, |mut tally, &(a, b)| {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        for f in e + 1..52 {
                            visit(&mut tally, [a, b, c, d, e, f]);
                        }
                    }
                }
            }
            tally
        })
        .reduce(&zero, merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_numbers() {
        assert_eq!(SPLITS[0], ([2, 3, 4, 5], [0, 1]));
        assert_eq!(SPLITS[14], ([0, 1, 2, 3], [4, 5]));
        assert_eq!(hand_number([0, 1, 2, 3]), 0);
        assert_eq!(hand_number([48, 49, 50, 51]), 270_724);
        assert_eq!(BINOMIAL[4][51] + BINOMIAL[3][51], 270_725);
    }
}
