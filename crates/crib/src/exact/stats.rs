//! Exact statistics by exhaustive sweeps: the distribution of scores over every possible hand
//! (12,994,800 four-card hands with their starters), or over the starters of one hand.

use rayon::prelude::*;

use crate::rules::card::Card;
use crate::rules::show::{HandKind, Prepared};

/// The highest score a hand or crib can make.
pub const MAX_SCORE: usize = 29;

/// Every (four-card hand, starter) combination: C(52, 4) * 48.
pub(crate) const ALL_HANDS: u64 = 12_994_800;

/// How many hands make each score, 0 to 29.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Distribution {
    /// `counts[s]` hands score `s`.
    pub counts: [u64; MAX_SCORE + 1],
}

impl Distribution {
    /// How many hands were counted.
    pub(crate) fn hands(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The share of hands scoring exactly `score`.
    pub fn share(&self, score: usize) -> f64 {
        self.counts[score] as f64 / self.hands() as f64
    }

    /// How many hands score at least `score`.
    pub(crate) fn at_least(&self, score: usize) -> u64 {
        self.counts.iter().skip(score).sum()
    }

    /// The share of hands scoring at least `score`.
    pub fn share_at_least(&self, score: usize) -> f64 {
        self.at_least(score) as f64 / self.hands() as f64
    }

    /// The mean score.
    pub(crate) fn mean(&self) -> f64 {
        self.moment(1) / self.hands() as f64
    }

    /// The standard deviation of the score (of the whole population counted).
    pub(crate) fn std_dev(&self) -> f64 {
        let mean = self.mean();
        (self.moment(2) / self.hands() as f64 - mean * mean).sqrt()
    }

    fn moment(&self, power: i32) -> f64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(s, &n)| (s as f64).powi(power) * n as f64)
            .sum()
    }

    /// The median score: the lowest score that at least half the hands do not exceed.
    pub(crate) fn median(&self) -> usize {
        let half = self.hands().div_ceil(2);
        let mut seen = 0;
        for (score, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= half {
                return score;
            }
        }
        0
    }

    /// The most common score.
    pub(crate) fn mode(&self) -> usize {
        (0..=MAX_SCORE)
            .max_by_key(|&s| (self.counts[s], std::cmp::Reverse(s)))
            .unwrap_or(0)
    }

    /// The fewest points any counted hand makes.
    pub(crate) fn min(&self) -> usize {
        self.counts.iter().position(|&n| n > 0).unwrap_or(0)
    }

    /// The most points any counted hand makes.
    pub(crate) fn max(&self) -> usize {
        self.counts.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// The scores from 0 to 29 that no counted hand makes.
    pub(crate) fn impossible(&self) -> Vec<usize> {
        (0..=MAX_SCORE).filter(|&s| self.counts[s] == 0).collect()
    }

    /// The distribution's figures, worked out once: what `crib stats` prints beside its table.
    pub fn figures(&self) -> Figures {
        Figures {
            hands: self.hands(),
            mean: self.mean(),
            std_dev: self.std_dev(),
            median: self.median(),
            mode: self.mode(),
            min: self.min(),
            max: self.max(),
            impossible: self.impossible(),
        }
    }
}

/// A distribution's figures ([`Distribution::figures`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// How many hands were counted.
    pub hands: u64,
    /// The mean score.
    pub mean: f64,
    /// The standard deviation of the score (of the whole population counted).
    pub std_dev: f64,
    /// The median score: the lowest score that at least half the hands do not exceed.
    pub median: usize,
    /// The most common score (the lowest of those as common).
    pub mode: usize,
    /// The fewest points any counted hand makes.
    pub min: usize,
    /// The most points any counted hand makes.
    pub max: usize,
    /// The scores from 0 to 29 that no counted hand makes.
    pub impossible: Vec<usize>,
}

/// The distribution over every four-card hand and starter, as hands or as cribs, by the fast
/// scorer on every core.
pub fn all_hands(kind: HandKind) -> Distribution {
    sweep(kind, |_| true)
}

/// The distribution over every starter of every four-card hand that `keep` accepts.
pub(crate) fn sweep(kind: HandKind, keep: impl Fn(&[Card; 4]) -> bool + Sync) -> Distribution {
    // One task per first two cards: 1,326 tasks of uneven size, balanced by rayon.
    let firsts: Vec<(u8, u8)> = (0..52u8)
        .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
        .collect();
    let deck: Vec<Card> = Card::deck().collect();
    let counts = firsts
        .par_iter()
        .fold(
            || [0u64; MAX_SCORE + 1],
            |mut counts, &(a, b)| {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let four = [a, b, c, d].map(|i| deck[usize::from(i)]);
                        if !keep(&four) {
                            continue;
                        }
                        let prepared = Prepared::new(&four, kind);
                        // Score all 52 starters without a branch, then take back the four that
                        // repeat a card of the hand.
                        for &starter in &deck {
                            counts[usize::from(prepared.score(starter))] += 1;
                        }
                        for card in four {
                            counts[usize::from(prepared.score(card))] -= 1;
                        }
                    }
                }
                counts
            },
        )
        .reduce(|| [0; MAX_SCORE + 1], add);
    Distribution { counts }
}

fn add(mut a: [u64; MAX_SCORE + 1], b: [u64; MAX_SCORE + 1]) -> [u64; MAX_SCORE + 1] {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

/// The distribution of four cards' score over the given starters.
pub fn over_starters(cards: &[Card; 4], starters: &[Card], kind: HandKind) -> Distribution {
    let prepared = Prepared::new(cards, kind);
    let mut counts = [0u64; MAX_SCORE + 1];
    for &starter in starters {
        counts[usize::from(prepared.score(starter))] += 1;
    }
    Distribution { counts }
}

/// The cards of the deck not among `cards`: the possible starters of a known hand.
pub fn unseen(cards: &[Card]) -> Vec<Card> {
    Card::deck().filter(|c| !cards.contains(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;

    #[test]
    fn summary_statistics() {
        let mut counts = [0u64; 30];
        counts[0] = 1;
        counts[2] = 2;
        counts[4] = 1;
        let d = Distribution { counts };
        assert_eq!(d.hands(), 4);
        assert_eq!(d.mean(), 2.0);
        assert!((d.std_dev() - 2f64.sqrt()).abs() < 1e-12);
        assert_eq!((d.median(), d.mode(), d.min(), d.max()), (2, 2, 0, 4));
        assert_eq!(d.at_least(2), 3);
        assert_eq!(d.impossible().len(), 27);
    }

    #[test]
    fn one_hand_over_its_starters() {
        let cards = parse_cards(&["5h", "5c", "5s", "Jd"]).unwrap();
        let cards: [Card; 4] = cards.try_into().unwrap();
        let d = over_starters(&cards, &unseen(&cards), HandKind::Hand);
        assert_eq!(d.hands(), 48);
        assert_eq!(d.max(), 29);
        assert_eq!(d.counts[29], 1);
    }
}
