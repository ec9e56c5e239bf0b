//! Numbering sets of cards and of ranks: crib's one binomial, and the numbers (by the
//! combinatorial number system) that every table indexed by a hand uses: four ranks (0 to
//! 1,819), and two, three or four cards of the deck by their indices.

/// `MULTISET_INDEX[i][n]` is C(n - 1 + i, i + 1) for rank number n (1 to 13; 0 is unused):
/// summed over four ranks sorted ascending it numbers the 1,820 multisets of four ranks from 0
/// to 1,819 (the combinatorial number system).
const MULTISET_INDEX: [[u16; 16]; 4] = {
    let mut table = [[0u16; 16]; 4];
    let mut i = 0;
    while i < 4 {
        let mut n = 1;
        while n <= 13 {
            table[i][n] = binomial(n - 1 + i, i + 1) as u16;
            n += 1;
        }
        i += 1;
    }
    table
};

/// How many multisets of four ranks there are.
pub(crate) const MULTISETS: usize = 1820;

/// The number, 0 to 1,819, of four rank numbers sorted ascending.
#[inline(always)]
pub(crate) const fn multiset_index(sorted: [usize; 4]) -> u16 {
    // Masking to the table's power-of-two width lets the compiler drop the bounds checks.
    MULTISET_INDEX[0][sorted[0] & 15]
        + MULTISET_INDEX[1][sorted[1] & 15]
        + MULTISET_INDEX[2][sorted[2] & 15]
        + MULTISET_INDEX[3][sorted[3] & 15]
}

/// The number of up to four rank numbers sorted ascending among the multisets of as many ranks,
/// from 0 to C(12 + k, k) - 1 for k ranks: the combinatorial number system, of which
/// [`multiset_index`] is the case of four.
pub(crate) fn multiset_number(sorted: &[u8]) -> usize {
    sorted
        .iter()
        .zip(&MULTISET_INDEX)
        .map(|(&rank, row)| usize::from(row[usize::from(rank) & 15]))
        .sum()
}

/// C(n, k): the number of ways to choose `k` of `n` (0 when `k > n`). crib's one binomial: the
/// tables that number hands and holdings are made from it.
pub const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// How many different four-card hands there are by ranks: multisets of 4 of 13 ranks.
pub const RANK_HANDS: usize = MULTISETS;

/// The number, 0 to 1,819, of a hand of four ranks (rank numbers 1 to 13, in any order): the
/// numbering every table by rank hand uses, and the fast scorer's.
#[inline]
pub fn rank_hand_number(ranks: [u8; 4]) -> usize {
    usize::from(multiset_index(sorted4(ranks).map(usize::from)))
}

/// Four values in ascending order, by a sorting network of five compare-exchanges: no
/// branches, where a general sort's mispredict on hands counted millions of times a question.
#[inline(always)]
pub(crate) fn sorted4<T: Ord + Copy>(mut r: [T; 4]) -> [T; 4] {
    for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (lo, hi) = (r[i].min(r[j]), r[i].max(r[j]));
        r[i] = lo;
        r[j] = hi;
    }
    r
}

/// Every hand of four ranks (rank numbers, ascending), in the order of [`rank_hand_number`].
pub fn rank_hands() -> Vec<[u8; 4]> {
    let mut hands = Vec::with_capacity(RANK_HANDS);
    for a in 1..=13u8 {
        for b in a..=13 {
            for c in b..=13 {
                for d in c..=13 {
                    hands.push([a, b, c, d]);
                }
            }
        }
    }
    hands.sort_by_key(|&h| rank_hand_number(h));
    hands
}

/// `BINOMIAL[k][n]` = C(n, k), for numbering four-card hands (the combinatorial number system).
pub const BINOMIAL: [[u32; 52]; 5] = {
    let mut table = [[0u32; 52]; 5];
    let mut k = 0;
    while k < 5 {
        let mut n = 0;
        while n < 52 {
            table[k][n] = binomial(n, k) as u32;
            n += 1;
        }
        k += 1;
    }
    table
};

/// The number, 0 to 270,724, of four deck indices in ascending order.
#[inline]
pub fn hand_number(cards: [u8; 4]) -> usize {
    (BINOMIAL[1][usize::from(cards[0])]
        + BINOMIAL[2][usize::from(cards[1])]
        + BINOMIAL[3][usize::from(cards[2])]
        + BINOMIAL[4][usize::from(cards[3])]) as usize
}

/// The number, 0 to 1,325, of two distinct deck indices.
pub fn pair_number(x: u8, y: u8) -> usize {
    let (x, y) = (x.min(y), x.max(y));
    (BINOMIAL[1][usize::from(x)] + BINOMIAL[2][usize::from(y)]) as usize
}

/// The number, 0 to 22,099, of three deck indices in ascending order.
pub fn triple_number(x: u8, y: u8, z: u8) -> usize {
    (BINOMIAL[1][usize::from(x)] + BINOMIAL[2][usize::from(y)] + BINOMIAL[3][usize::from(z)])
        as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_sort_by_the_network() {
        for code in 0..14u32.pow(4) {
            let r: [u8; 4] = std::array::from_fn(|i| (code / 14u32.pow(i as u32) % 14) as u8);
            let mut sorted = r;
            sorted.sort_unstable();
            assert_eq!(sorted4(r), sorted, "{r:?}");
        }
    }

    /// Every multiset of up to four ranks has its own number, below the count of its size.
    #[test]
    fn multisets_of_every_size_are_numbered_one_to_one() {
        let mut seen = vec![vec![false; binomial(16, 4)]; 5];
        let mut fill = |ranks: &[u8]| {
            let number = multiset_number(ranks);
            assert!(
                number < binomial(12 + ranks.len(), ranks.len()),
                "{ranks:?}"
            );
            assert!(!std::mem::replace(&mut seen[ranks.len()][number], true));
        };
        fill(&[]);
        for a in 1..14u8 {
            fill(&[a]);
            for b in a..14 {
                fill(&[a, b]);
                for c in b..14 {
                    fill(&[a, b, c]);
                    for d in c..14 {
                        fill(&[a, b, c, d]);
                        assert_eq!(
                            multiset_number(&[a, b, c, d]),
                            rank_hand_number([a, b, c, d])
                        );
                    }
                }
            }
        }
        for (k, seen) in seen.iter().enumerate() {
            assert_eq!(seen.iter().filter(|&&s| s).count(), binomial(12 + k, k));
        }
    }

    #[test]
    fn multiset_index_is_a_bijection() {
        let mut seen = vec![false; MULTISETS];
        for a in 1..14usize {
            for b in a..14 {
                for c in b..14 {
                    for d in c..14 {
                        let row = multiset_index([a, b, c, d]);
                        assert!(!std::mem::replace(&mut seen[row as usize], true));
                    }
                }
            }
        }
        assert!(seen.into_iter().all(|s| s));
    }

    #[test]
    fn rank_hands_are_numbered_in_order() {
        let hands = rank_hands();
        assert_eq!(hands.len(), RANK_HANDS);
        for (n, &h) in hands.iter().enumerate() {
            assert_eq!(rank_hand_number(h), n);
            let [a, b, c, d] = h;
            assert_eq!(rank_hand_number([d, b, a, c]), n);
        }
    }

    #[test]
    fn card_sets_are_numbered() {
        assert_eq!(hand_number([0, 1, 2, 3]), 0);
        assert_eq!(hand_number([48, 49, 50, 51]), 270_724);
        assert_eq!(BINOMIAL[4][51] + BINOMIAL[3][51], 270_725);
        assert_eq!(pair_number(51, 50), 1_325);
        assert_eq!(triple_number(49, 50, 51), 22_099);
        assert_eq!(binomial(52, 6), 20_358_520);
    }
}
