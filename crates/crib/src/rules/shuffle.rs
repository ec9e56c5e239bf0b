//! Shuffled decks, seeded, for everything crib samples: the same seed gives the same cards on
//! every machine and in every version.

use crate::rules::card::Card;

/// The first `n` cards of a deck shuffled by a seeded generator: deal number `deal` of the
/// stream `seed`. The same on every machine.
pub fn shuffled(seed: u64, deal: u64, n: usize) -> Vec<Card> {
    shuffled_indices(seed, deal, n, 52)
        .into_iter()
        .map(|i| Card::from_index(i as u8))
        .collect()
}

/// The first `n` of the numbers `0..len` shuffled by a seeded generator (a partial
/// Fisher-Yates shuffle driven by xorshift).
pub fn shuffled_indices(seed: u64, deal: u64, n: usize, len: usize) -> Vec<usize> {
    let mut state = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(deal.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        | 1;
    let mut items: Vec<usize> = (0..len).collect();
    for i in 0..n.min(len) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = i + (state % (len - i) as u64) as usize;
        items.swap(i, j);
    }
    items.truncate(n.min(len));
    items
}

/// SplitMix64: a small, fast, seeded generator whose stream never changes between versions.
#[derive(Debug, Clone)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`, without bias (Lemire's method with rejection).
    pub fn below(&mut self, n: u64) -> u64 {
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            let low = product as u64;
            if low >= n.wrapping_neg() % n {
                return (product >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_numbers_are_fair_and_fixed() {
        let mut rng = SplitMix(7);
        let first: Vec<u64> = (0..3).map(|_| rng.below(52)).collect();
        let mut again = SplitMix(7);
        assert_eq!(first, (0..3).map(|_| again.below(52)).collect::<Vec<_>>());
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            counts[rng.below(4) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn shuffles_are_fixed_and_distinct() {
        let a = shuffled(1, 0, 13);
        assert_eq!(a, shuffled(1, 0, 13));
        assert_ne!(a, shuffled(1, 1, 13));
        crate::rules::card::check_deck(&shuffled(9, 3, 52)).unwrap();
    }
}
