//! Valuing a throw in its own deal fast: the inclusion-exclusion sums the expert crib model's
//! iteration uses to value all 20 million deals' throws exactly, as `crib discard` would.

use rayon::prelude::*;

use crib::tables::exact::crib::{ThrowKind, ThrowWeights};
use crib::tables::model::throws::SCALE;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{pair_number, triple_number};
use crib::tables::rules::show::{HandKind, Prepared};

/// Inclusion-exclusion sums that value a throw in its own deal.
///
/// A throw's crib value in a deal is the mean over every (other two cards, starter) that avoids
/// the thrower's six cards, the other two weighted by how often the other side throws them:
/// exactly what `crib discard` computes. Every such term involves three cards besides the
/// throw. Sum the terms by their set of three once; the sum over the terms that avoid the four
/// kept cards then follows by inclusion-exclusion: all terms, less those touching each kept
/// card, plus those touching each two, less those touching each three. The sums are kept for
/// one example throw of every kind; a deal's throw is mapped onto its kind's example by a
/// permutation of the suits, which changes no score and no weight.
pub struct Exclusions {
    kinds: Vec<KindSums>,
}

/// The sums for one kind's example throw: [points, weight] over the terms that contain a given
/// set of cards (by deck index), and over all terms.
struct KindSums {
    triples: Vec<[u64; 2]>,
    pairs: Vec<[u64; 2]>,
    singles: [[u64; 2]; 52],
    all: [u64; 2],
}

impl Exclusions {
    /// The sums for every kind of throw, the other side's two cards weighted by `others`.
    pub fn new(others: &ThrowWeights) -> Exclusions {
        let kinds: Vec<ThrowKind> = ThrowKind::all().collect();
        let kinds = kinds
            .into_par_iter()
            .map(|kind| KindSums::new(kind.example(), others))
            .collect();
        Exclusions { kinds }
    }

    /// The crib value of throwing two cards (deck indices) while keeping four, as a whole
    /// number of 2^-40 points.
    pub fn value(&self, thrown: [u8; 2], kept: [u8; 4]) -> u128 {
        let kind = ThrowKind::index_of(thrown[0], thrown[1]);
        let map = suit_map(thrown);
        let mut kept = kept.map(|c| c / 4 * 4 + map[usize::from(c % 4)]);
        kept.sort_unstable();
        let sums = &self.kinds[kind];
        // The total is never negative, so wrapping arithmetic comes out exact.
        let mut total = sums.all;
        let mut add = |term: [u64; 2], plus: bool| {
            for (t, x) in total.iter_mut().zip(term) {
                *t = if plus {
                    t.wrapping_add(x)
                } else {
                    t.wrapping_sub(x)
                };
            }
        };
        for i in 0..4 {
            add(sums.singles[usize::from(kept[i])], false);
            for j in i + 1..4 {
                add(sums.pairs[pair_number(kept[i], kept[j])], true);
                for k in j + 1..4 {
                    add(
                        sums.triples[triple_number(kept[i], kept[j], kept[k])],
                        false,
                    );
                }
            }
        }
        (u128::from(total[0]) * SCALE) / u128::from(total[1].max(1))
    }
}

impl KindSums {
    fn new(thrown: [Card; 2], others: &ThrowWeights) -> KindSums {
        let [a, b] = thrown.map(|c| c.index().unwrap_or(0));
        let deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
        let mut triples = vec![[0u64; 2]; 22_100];
        for z in 0..52u8 {
            for y in 0..z {
                for x in 0..y {
                    if [x, y, z].iter().any(|&c| c == a || c == b) {
                        continue;
                    }
                    let three = [x, y, z].map(|c| deck[usize::from(c)]);
                    let mut term = [0u64; 2];
                    for s in 0..3 {
                        let (p, q) = (three[(s + 1) % 3], three[(s + 2) % 3]);
                        let weight = others.of(p, q);
                        let crib = Prepared::new(&[thrown[0], thrown[1], p, q], HandKind::Crib);
                        term[0] += weight * u64::from(crib.score(three[s]));
                        term[1] += weight;
                    }
                    triples[triple_number(x, y, z)] = term;
                }
            }
        }
        // The terms containing two given cards: one set of three for each third card.
        let mut pairs = vec![[0u64; 2]; 1_326];
        for z in 0..52u8 {
            for y in 0..z {
                for x in 0..y {
                    let term = triples[triple_number(x, y, z)];
                    for (i, j) in [(x, y), (x, z), (y, z)] {
                        let pair = &mut pairs[pair_number(i, j)];
                        pair[0] += term[0];
                        pair[1] += term[1];
                    }
                }
            }
        }
        // A set of three holding a card holds two pairs with it: summed by pairs, it counts twice.
        let mut singles = [[0u64; 2]; 52];
        for y in 0..52u8 {
            for x in 0..y {
                let term = pairs[pair_number(x, y)];
                for c in [x, y] {
                    singles[usize::from(c)][0] += term[0];
                    singles[usize::from(c)][1] += term[1];
                }
            }
        }
        let mut all = [0u64; 2];
        for single in &mut singles {
            single[0] /= 2;
            single[1] /= 2;
            all[0] += single[0];
            all[1] += single[1];
        }
        // And each set of three counts once for each of its cards.
        all[0] /= 3;
        all[1] /= 3;
        KindSums {
            triples,
            pairs,
            singles,
            all,
        }
    }
}

/// A permutation of the suit indices that takes two cards (deck indices) onto their kind's
/// example: the lower card (or the first of a pair) to hearts, the other to hearts if suited,
/// else to diamonds; the other suits follow in order.
fn suit_map(thrown: [u8; 2]) -> [u8; 4] {
    let (low, high) = if thrown[0] / 4 <= thrown[1] / 4 {
        (thrown[0], thrown[1])
    } else {
        (thrown[1], thrown[0])
    };
    let mut map = [u8::MAX; 4];
    map[usize::from(low % 4)] = 0;
    let mut next = 1;
    if high % 4 != low % 4 {
        map[usize::from(high % 4)] = 1;
        next = 2;
    }
    for m in &mut map {
        if *m == u8::MAX {
            *m = next;
            next += 1;
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::sweep::{SPLITS, thrown_value};
    use crib::tables::rules::shuffle::Rng;

    /// Inclusion-exclusion over the kept cards gives exactly the crib value that direct
    /// enumeration of the unseen cards gives, as `crib discard` computes it.
    #[test]
    fn exclusion_values_match_enumeration() {
        let mut counts = [0u64; ThrowKind::COUNT];
        for (k, c) in counts.iter_mut().enumerate() {
            *c = (k as u64 * 7919) % 101 + 1;
        }
        let weights = ThrowWeights::from_kind_counts(&counts);
        let exclusions = Exclusions::new(&weights);
        let mut rng = Rng::new(3);
        for _ in 0..40 {
            let mut deck: Vec<u8> = (0..52).collect();
            rng.shuffle_front(&mut deck, 6);
            let six: [u8; 6] = deck[..6].try_into().unwrap();
            let cards: Vec<Card> = six.iter().map(|&c| Card::from_index(c)).collect();
            let unseen = crib::tables::exact::stats::unseen(&cards);
            let split = rng.below(15) as usize;
            let (keep, [i, j]) = SPLITS[split];
            let thrown = [cards[i], cards[j]];
            let (sum, weight) = crib::tables::exact::crib::crib_sum(&thrown, &unseen, &weights);
            let exact = u128::from(sum) * SCALE / u128::from(weight);
            let (_, value) = thrown_value(six, split, &exclusions);
            assert_eq!(value, exact, "{cards:?} keeping {keep:?}");
        }
    }

    #[test]
    fn suit_maps_take_throws_to_their_kind() {
        for a in 0..52u8 {
            for b in 0..52u8 {
                if a == b {
                    continue;
                }
                let map = suit_map([a, b]);
                let mut sorted = map;
                sorted.sort_unstable();
                assert_eq!(sorted, [0, 1, 2, 3]);
                let mapped = [a, b].map(|c| c / 4 * 4 + map[usize::from(c % 4)]);
                let example = ThrowKind::all()
                    .nth(ThrowKind::index_of(a, b))
                    .unwrap()
                    .example()
                    .map(|c| c.index().unwrap());
                let mut mapped = mapped;
                mapped.sort_unstable();
                let mut example = example;
                example.sort_unstable();
                assert_eq!(mapped, example, "{a} {b}");
            }
        }
    }
}
