//! The crib, valued exactly: the expected points of a crib given the cards thrown to it, over
//! every way the other cards and the starter can fall.
//!
//! A crib's unknown cards are weighted by a [`ThrowWeights`]: uniform (every set of unseen cards
//! equally likely), or by how often the other side throws each kind of two-card throw, which is
//! how the expert crib model (`crate::model::expert`) values throws. By the symmetry of the
//! suits, every throw of one [`ThrowKind`] (two ranks, suited or not) is worth the same to a
//! crib, so tables are by kind.

use rayon::prelude::*;

use crate::exact::stats::unseen;
use crate::rules::card::{Card, Rank, Suit};
use crate::rules::show::{HandKind, Prepared};

/// The exact expected points of a crib holding `thrown` (one or two cards), its other cards
/// and the starter drawn from `unseen`. Under the uniform model every set of other cards is
/// equally likely; under the expert model the other side's two cards are a throw drawn from
/// `others`, restricted to the unseen cards and renormalised.
pub(crate) fn expected_crib(thrown: &[Card], unseen: &[Card], others: &ThrowWeights) -> f64 {
    let (sum, cribs) = crib_sum(thrown, unseen, others);
    sum as f64 / cribs as f64
}

/// The total points of every crib that completes `thrown` from `unseen` with every starter
/// left, each weighted by how likely its other cards are, and the total weight of those cribs.
///
/// For a two-card throw the other two cards are weighted by `others`; a one-card throw (three
/// or four players) takes its other three cards uniformly, and `others` must be uniform.
pub fn crib_sum(thrown: &[Card], unseen: &[Card], others: &ThrowWeights) -> (u64, u64) {
    match *thrown {
        [a, b] => two_card_sums(a, b, unseen, others),
        [a] => {
            debug_assert!(
                others.is_uniform(),
                "one-card throws are modelled uniformly"
            );
            let (sum, cribs) = one_card_sums(a, unseen, |_| 1);
            (sum as u64, cribs as u64)
        }
        _ => (0, 0),
    }
}

/// Every crib that completes the two cards `a` and `b` with two cards of `unseen`, weighted by
/// `others`, with every starter left: the total points and the total weight of the cribs.
///
/// Counted by ranks as [`one_card_sums`] counts: each pair of the other two cards is weighed
/// once, its weight added to its two ranks; fifteens, pairs and runs are then scored once for
/// each two ranks and each starter rank, counted as often as the unseen cards allow; the flush
/// and his nobs, which depend on the suits, are counted pair by pair. Exactly the sums of
/// scoring every crib with every starter (`two_card_sums_by_card`, a test's), some twenty
/// times faster.
fn two_card_sums(a: Card, b: Card, unseen: &[Card], others: &ThrowWeights) -> (u64, u64) {
    let m = unseen.len();
    if m < 3 {
        return (0, 0);
    }
    let rank = |c: Card| usize::from(c.rank().index());
    let suit = |c: Card| usize::from(c.suit_bit());
    let mut n = [0u64; 13];
    let mut of_suit = [0u64; 16];
    for &card in unseen {
        n[rank(card)] += 1;
        of_suit[suit(card)] += 1;
    }
    let flush = suit(a) != 0 && suit(a) == suit(b);
    // Each two ranks' weight (lower first), the weight of every pair, and the points of the
    // flush and his nobs.
    let mut by_ranks = [[0u64; 13]; 13];
    let (mut all, mut suited) = (0u64, 0u64);
    for (i, &x) in unseen.iter().enumerate() {
        for &y in &unseen[i + 1..] {
            let w = others.of(x, y);
            if w == 0 {
                continue;
            }
            all += w;
            by_ranks[rank(x).min(rank(y))][rank(x).max(rank(y))] += w;
            // Each jack in the crib, with every starter of its suit the pair leaves.
            for jack in [a, b, x, y].into_iter().filter(|c| c.rank() == Rank::JACK) {
                let s = suit(jack);
                let taken = u64::from(suit(x) == s) + u64::from(suit(y) == s);
                suited += w * (of_suit[s] - taken);
            }
            // The crib's flush: all four and the starter of one suit.
            if flush && suit(x) == suit(a) && suit(y) == suit(a) {
                suited += w * 5 * (of_suit[suit(a)] - 2);
            }
        }
    }
    let ranked = |r: usize| Card::rank_only(Rank::ALL[r]);
    let mut sum = suited;
    for (low, row) in by_ranks.iter().enumerate() {
        for (high, &w) in row.iter().enumerate().skip(low) {
            if w == 0 {
                continue;
            }
            let crib = [a, b, ranked(low), ranked(high)].map(|c| ranked(rank(c)));
            let prepared = Prepared::new(&crib, HandKind::Crib);
            let points: u64 = (0..13)
                .map(|s| {
                    let left = n[s] - u64::from(s == low) - u64::from(s == high);
                    left * u64::from(prepared.score(ranked(s)))
                })
                .sum();
            sum += w * points;
        }
    }
    (sum, all * (m as u64 - 2))
}

/// Every crib that completes the one card `thrown` with three cards of `unseen`, with every
/// starter left: the total points, each crib weighted by `weight` of its three cards' ranks
/// (rank indices, ace 0; the same whatever their order), and the total weight of those cribs.
///
/// Counted by ranks rather than card by card: fifteens, pairs and runs depend on the ranks
/// alone, so each multiset of three ranks and each starter rank is scored once and counted as
/// often as the unseen cards allow; the flush and his nobs, which depend on the suits, are
/// counted apart over the few cards of the suits that make them. Exactly the sums of scoring
/// every crib with every starter (`one_card_sums_by_card`, a test's), thirty times faster.
fn one_card_sums(
    thrown: Card,
    unseen: &[Card],
    weight: impl Fn([usize; 3]) -> u128,
) -> (u128, u128) {
    let m = unseen.len();
    if m < 4 {
        return (0, 0);
    }
    let rank_of = |c: &Card| usize::from(c.rank().index());
    let mut n = [0u128; 13];
    for card in unseen {
        n[rank_of(card)] += 1;
    }
    let ranked = |r: usize| Card::rank_only(Rank::ALL[r]);
    let thrown_rank = ranked(rank_of(&thrown));
    let (mut sum, mut cribs) = (0u128, 0u128);
    // Fifteens, pairs and runs: by the ranks of the three other cards and of the starter.
    for a in 0..13 {
        for b in a..13 {
            for c in b..13 {
                let mut taken = [0u128; 13];
                for r in [a, b, c] {
                    taken[r] += 1;
                }
                let ways: u128 = (0..13).map(|r| choose(n[r], taken[r])).product();
                let w = ways * weight([a, b, c]);
                if w == 0 {
                    continue;
                }
                cribs += w * (m as u128 - 3);
                let prepared = Prepared::new(
                    &[thrown_rank, ranked(a), ranked(b), ranked(c)],
                    HandKind::Crib,
                );
                for s in 0..13 {
                    let left = n[s] - taken[s];
                    if left > 0 {
                        sum += w * left * u128::from(prepared.score(ranked(s)));
                    }
                }
            }
        }
    }
    sum += flush_and_nobs(thrown, unseen, &weight, cribs / (m as u128 - 3));
    (sum, cribs)
}

/// The points of the crib's flush and his nobs over every crib that completes `thrown` from
/// `unseen` with every starter left, each crib weighted by `weight` of its three cards' ranks
/// (`all`: the weights summed over every crib): what depends on the suits, counted over the few
/// cards of the suits that make them.
fn flush_and_nobs(
    thrown: Card,
    unseen: &[Card],
    weight: &impl Fn([usize; 3]) -> u128,
    all: u128,
) -> u128 {
    let m = unseen.len();
    let rank_of = |c: &Card| usize::from(c.rank().index());
    let mut sum = 0u128;
    let suit_of = |c: &Card| c.suit();
    let of_suit =
        |suit| -> Vec<usize> { (0..m).filter(|&i| suit_of(&unseen[i]) == suit).collect() };
    // A flush in the crib: the three others and the starter all of the thrown card's suit.
    let same = of_suit(thrown.suit());
    let l = same.len();
    for (x, &i) in same.iter().enumerate() {
        for (y, &j) in same.iter().enumerate().skip(x + 1) {
            for &k in &same[y + 1..] {
                let w = weight([
                    rank_of(&unseen[i]),
                    rank_of(&unseen[j]),
                    rank_of(&unseen[k]),
                ]);
                sum += w * 5 * (l as u128 - 3);
            }
        }
    }
    // His nobs: the crib holds the jack of the starter's suit. A triple's weight times the
    // starters of that suit it leaves.
    let pairs_with = |c: usize, each: &dyn Fn(usize, usize) -> u128| -> u128 {
        let mut total = 0;
        for i in (0..m).filter(|&i| i != c) {
            for j in (i + 1..m).filter(|&j| j != c) {
                let w = weight([
                    rank_of(&unseen[c]),
                    rank_of(&unseen[i]),
                    rank_of(&unseen[j]),
                ]);
                if w != 0 {
                    total += w * each(i, j);
                }
            }
        }
        total
    };
    if thrown.rank() == Rank::JACK {
        // Every starter of the jack's suit the triple leaves: all of them, less each card of
        // that suit in the triple.
        let in_triples: u128 = same.iter().map(|&c| pairs_with(c, &|_, _| 1)).sum();
        sum += l as u128 * all - in_triples;
    }
    for jack in (0..m).filter(|&i| unseen[i].rank() == Rank::JACK) {
        let suit = suit_of(&unseen[jack]);
        let of_it = of_suit(suit).len() as u128;
        let left = |i: usize, j: usize| {
            let taken = [i, j]
                .iter()
                .filter(|&&x| suit_of(&unseen[x]) == suit)
                .count();
            of_it - 1 - taken as u128
        };
        sum += pairs_with(jack, &left);
    }
    sum
}

/// How many ways to choose `k` of `n` (k at most 3).
fn choose(n: u128, k: u128) -> u128 {
    match k {
        0 => 1,
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
    }
}

/// The exact expected points of a crib holding the one card `thrown` (three or four players),
/// its three other cards and the starter drawn from `unseen`, the three other cards weighted by
/// who throws them: `others` holds, for each of the three (the other seats' throws, and with
/// three players the crib's dealt card), a weight for each rank (ace first), every suit alike.
/// A set of three cards weighs the sum, over the ways to hand them to the three, of the product
/// of their weights. All ones is the uniform model.
pub(crate) fn expected_crib_seats(thrown: Card, unseen: &[Card], others: &[[u64; 13]; 3]) -> f64 {
    let (sum, cribs) = one_card_sums(thrown, unseen, |ranks| ways(others, ranks));
    sum as f64 / cribs as f64
}

/// The weight of three cards of `ranks` handed to the three holders of `others`: the sum over
/// the six ways to hand them out of the product of the weights.
fn ways(others: &[[u64; 13]; 3], [a, b, c]: [usize; 3]) -> u128 {
    let w = |slot: usize, rank: usize| u128::from(others[slot][rank]);
    w(0, a) * (w(1, b) * w(2, c) + w(1, c) * w(2, b))
        + w(0, b) * (w(1, a) * w(2, c) + w(1, c) * w(2, a))
        + w(0, c) * (w(1, a) * w(2, b) + w(1, b) * w(2, a))
}

/// A kind of two-card throw: two ranks, and whether the two cards share a suit. By the symmetry
/// of the suits every throw of one kind is worth the same to a crib, so tables are by kind:
/// 13 pairs, 78 off-suit and 78 suited kinds, 169 in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThrowKind {
    /// The lower rank thrown.
    pub low: Rank,
    /// The higher rank thrown (equal for a pair).
    pub high: Rank,
    /// Whether the two cards share a suit (never for a pair).
    pub suited: bool,
}

impl ThrowKind {
    /// How many kinds there are.
    pub const COUNT: usize = 169;

    /// Every kind, in index order: by the lower rank, then the higher, off-suit before suited.
    pub fn all() -> impl Iterator<Item = ThrowKind> {
        Rank::ALL.into_iter().flat_map(|low| {
            Rank::ALL
                .into_iter()
                .filter(move |&high| high >= low)
                .flat_map(move |high| {
                    let suited = (high != low).then_some(ThrowKind {
                        low,
                        high,
                        suited: true,
                    });
                    [
                        Some(ThrowKind {
                            low,
                            high,
                            suited: false,
                        }),
                        suited,
                    ]
                    .into_iter()
                    .flatten()
                })
        })
    }

    /// The kind's position in [`ThrowKind::all`], 0 to 168.
    pub fn index(self) -> usize {
        usize::from(KIND_INDEX[usize::from(self.low.index())][usize::from(self.high.index())])
            + usize::from(self.suited)
    }

    /// The index of the kind of two cards from their deck indices (suits known), by one look-up.
    #[inline]
    pub fn index_of(a: u8, b: u8) -> usize {
        usize::from(KIND_OF[usize::from(a) % 52][usize::from(b) % 52])
    }

    /// How many of the 1,326 two-card throws are of this kind: 6 for a pair, 4 suited, 12
    /// off-suit.
    pub const fn throws(self) -> u32 {
        match (self.low.number() == self.high.number(), self.suited) {
            (true, _) => 6,
            (false, true) => 4,
            (false, false) => 12,
        }
    }

    /// Two cards of this kind.
    pub fn example(self) -> [Card; 2] {
        let second = if self.suited {
            Suit::Hearts
        } else {
            Suit::Diamonds
        };
        [
            Card::new(self.low, Suit::Hearts),
            Card::new(self.high, second),
        ]
    }

    /// The kind as players name it: `off-suit K-10`, `suited 5-4`, `a pair of 5s`.
    pub(crate) fn name(self) -> String {
        if self.low == self.high {
            format!("a pair of {}s", self.low)
        } else {
            let suits = if self.suited { "suited" } else { "off-suit" };
            format!("{suits} {}-{}", self.high, self.low)
        }
    }
}

/// `KIND_INDEX[low][high]`: the index of the off-suit (or pair) kind of two rank indices, low
/// first; the suited kind follows it.
const KIND_INDEX: [[u8; 13]; 13] = {
    let mut table = [[0u8; 13]; 13];
    let mut next = 0;
    let mut low = 0;
    while low < 13 {
        let mut high = low;
        while high < 13 {
            table[low][high] = next;
            next += if high == low { 1 } else { 2 };
            high += 1;
        }
        low += 1;
    }
    table
};

/// `KIND_OF[a][b]`: the kind index of the two cards with deck indices `a` and `b`.
static KIND_OF: [[u8; 52]; 52] = {
    let mut table = [[0u8; 52]; 52];
    let mut a = 0;
    while a < 52 {
        let mut b = 0;
        while b < 52 {
            let (ra, rb) = (a / 4, b / 4);
            let (low, high) = if ra <= rb { (ra, rb) } else { (rb, ra) };
            let suited = ra != rb && a % 4 == b % 4;
            table[a][b] = KIND_INDEX[low][high] + suited as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// How likely the other side is to throw each two-card throw: a whole-number weight for every
/// throw, the same for all throws of one kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThrowWeights {
    per_throw: [u64; ThrowKind::COUNT],
}

impl ThrowWeights {
    /// Every throw equally likely: the uniform model.
    pub(crate) fn uniform() -> ThrowWeights {
        ThrowWeights {
            per_throw: [1; ThrowKind::COUNT],
        }
    }

    /// Weights from how many times each kind is thrown (in [`ThrowKind::all`] order): each
    /// throw of a kind gets an equal share of its kind's count. The shares are kept whole by
    /// scaling every weight by 12, a multiple of the 6, 4 or 12 throws of a kind.
    pub fn from_kind_counts(counts: &[u64; ThrowKind::COUNT]) -> ThrowWeights {
        let mut per_throw = [0; ThrowKind::COUNT];
        for (kind, weight) in ThrowKind::all().zip(&mut per_throw) {
            *weight = counts[kind.index()] * 12 / u64::from(kind.throws());
        }
        ThrowWeights { per_throw }
    }

    /// The weight of the throw of two cards with known suits.
    #[inline]
    pub fn of(&self, a: Card, b: Card) -> u64 {
        match (a.index(), b.index()) {
            (Some(a), Some(b)) => self.per_throw[ThrowKind::index_of(a, b)],
            _ => 0,
        }
    }

    /// Whether every throw has the same weight.
    pub(crate) fn is_uniform(&self) -> bool {
        self.per_throw.iter().all(|&w| w == self.per_throw[0])
    }
}

/// The value of one kind of two-card throw in a table of crib expectations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThrowValue {
    /// The lower rank thrown.
    pub low: Rank,
    /// The higher rank thrown (equal for a pair).
    pub high: Rank,
    /// Whether the two cards share a suit.
    pub suited: bool,
    /// The crib's expected points: the other two cards from the 50 unseen (uniformly, or as the
    /// other side throws under the expert model), the starter from the 48 left.
    pub crib_mean: f64,
    /// How many of the 1,326 two-card throws are of this kind.
    pub throws: u32,
    /// Under the expert model: the share of deals in which the side throws this kind.
    pub share: Option<f64>,
}

impl ThrowValue {
    /// The kind of throw.
    pub(crate) fn kind(&self) -> ThrowKind {
        ThrowKind {
            low: self.low,
            high: self.high,
            suited: self.suited,
        }
    }

    /// The kind of throw as players name it: `off-suit K-10`, `suited 5-4`, `a pair of 5s`.
    pub fn name(&self) -> String {
        self.kind().name()
    }
}

/// The expected crib points of every kind of two-card throw.
#[derive(Debug, Clone, PartialEq)]
pub struct CribTable {
    /// Every kind of throw, in [`ThrowKind::all`] order.
    pub throws: Vec<ThrowValue>,
}

impl CribTable {
    /// The value of one kind of throw; `None` for a suited pair, which cannot be.
    pub fn get(&self, low: Rank, high: Rank, suited: bool) -> Option<&ThrowValue> {
        self.throws
            .iter()
            .find(|t| (t.low, t.high, t.suited) == (low, high, suited))
    }

    /// The throw that gives the crib the fewest points.
    pub fn fewest(&self) -> Option<&ThrowValue> {
        self.throws
            .iter()
            .min_by(|a, b| a.crib_mean.total_cmp(&b.crib_mean))
    }

    /// The throw that gives the crib the most points.
    pub fn most(&self) -> Option<&ThrowValue> {
        self.throws
            .iter()
            .max_by(|a, b| a.crib_mean.total_cmp(&b.crib_mean))
    }

    /// The average crib. Under the expert model each kind is weighted by how often the side
    /// throws it; under the uniform model by how many of the 1,326 throws it is, which makes it
    /// the mean of every possible crib.
    pub fn mean(&self) -> f64 {
        let (total, weight) = self
            .throws
            .iter()
            .map(|t| {
                let weight = t.share.unwrap_or(f64::from(t.throws));
                (t.crib_mean * weight, weight)
            })
            .fold((0.0, 0.0), |(a, b), (c, d)| (a + c, b + d));
        total / weight
    }
}

/// The expected crib points of every two-card throw by ranks, suited and off-suit apart, under
/// the uniform model: 91 off-suit (pairs included) and 78 suited kinds.
pub fn crib_table() -> CribTable {
    table_with(&ThrowWeights::uniform(), None)
}

/// The expected crib points of one card thrown, for three or four players, under the uniform
/// model: the crib's other three cards from the 51 unseen, the starter from the 48 left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SingleThrowValue {
    /// The rank thrown (every suit is worth the same).
    pub rank: Rank,
    /// The crib's expected points.
    pub crib_mean: f64,
    /// Where known, how often the seat throws this rank.
    pub share: Option<f64>,
}

/// The expected crib points of every one-card throw (three or four players), the other three
/// cards weighted by `others` as [`expected_crib_seats`] weighs them, with how often the seat
/// throws each rank (`shares`, ace first).
pub(crate) fn single_card_table_with(
    others: &[[u64; 13]; 3],
    shares: &[f64; 13],
) -> Vec<SingleThrowValue> {
    Rank::ALL
        .into_par_iter()
        .map(|rank| {
            let thrown = Card::new(rank, Suit::Hearts);
            SingleThrowValue {
                rank,
                crib_mean: expected_crib_seats(thrown, &unseen(&[thrown]), others),
                share: Some(shares[usize::from(rank.index())]),
            }
        })
        .collect()
}

/// The expected crib points of every one-card throw (three or four players), uniform model.
pub fn single_card_table() -> Vec<SingleThrowValue> {
    Rank::ALL
        .into_par_iter()
        .map(|rank| {
            let thrown = [Card::new(rank, Suit::Hearts)];
            SingleThrowValue {
                rank,
                crib_mean: expected_crib(&thrown, &unseen(&thrown), &ThrowWeights::uniform()),
                share: None,
            }
        })
        .collect()
}

/// The table of every kind of throw valued with the other side's throws weighted by `others`;
/// `shares`, where known, says how often this side throws each kind.
pub fn table_with(others: &ThrowWeights, shares: Option<&[f64; ThrowKind::COUNT]>) -> CribTable {
    let kinds: Vec<ThrowKind> = ThrowKind::all().collect();
    let throws = kinds
        .into_par_iter()
        .map(|kind| {
            let thrown = kind.example();
            ThrowValue {
                low: kind.low,
                high: kind.high,
                suited: kind.suited,
                crib_mean: expected_crib(&thrown, &unseen(&thrown), others),
                throws: kind.throws(),
                share: shares.map(|s| s[kind.index()]),
            }
        })
        .collect();
    CribTable { throws }
}

/// Every way to choose `k` of `n` indices, in lexicographic order.
pub(crate) fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn extend(
        start: usize,
        n: usize,
        k: usize,
        current: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == k {
            all.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            extend(i + 1, n, k, current, all);
            current.pop();
        }
    }
    extend(0, n, k, &mut current, &mut all);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_averages_to_the_crib_mean() {
        let table = crib_table();
        assert_eq!(table.throws.len(), 169);
        assert_eq!(table.throws.iter().map(|t| t.throws).sum::<u32>(), 1326);
        let mean: f64 = table
            .throws
            .iter()
            .map(|t| t.crib_mean * f64::from(t.throws))
            .sum::<f64>()
            / 1326.0;
        assert_eq!(format!("{mean:.4}"), "4.7348");
        assert!((table.mean() - mean).abs() < 1e-12);
        let fewest = table.fewest().unwrap();
        assert_eq!(
            (fewest.low, fewest.high, fewest.suited),
            (Rank::TEN, Rank::KING, false)
        );
        let most = table.most().unwrap();
        assert_eq!((most.low, most.high), (Rank::FIVE, Rank::FIVE));
        assert_eq!(table.get(Rank::FIVE, Rank::FIVE, false), Some(most));
        assert_eq!(table.get(Rank::FIVE, Rank::FIVE, true), None);
        let named: Vec<String> = table.throws.iter().take(3).map(ThrowValue::name).collect();
        assert_eq!(named, ["a pair of As", "off-suit 2-A", "suited 2-A"]);
    }

    /// Every crib that completes `thrown` with three cards of `unseen`, scored card by card
    /// with every starter left: the sums the fast count must give.
    fn one_card_sums_by_card(
        thrown: Card,
        unseen: &[Card],
        weight: impl Fn([usize; 3]) -> u128,
    ) -> (u128, u128) {
        let m = unseen.len();
        let rank = |i: usize| usize::from(unseen[i].rank().index());
        let (mut sum, mut cribs) = (0u128, 0u128);
        for i in 0..m {
            for j in i + 1..m {
                for k in j + 1..m {
                    let w = weight([rank(i), rank(j), rank(k)]);
                    let crib = [thrown, unseen[i], unseen[j], unseen[k]];
                    sum += w * u128::from(starters_left(crib, unseen, &[i, j, k]));
                    cribs += w * (m - 3) as u128;
                }
            }
        }
        (sum, cribs)
    }

    /// The points of `crib` over every starter of `unseen` but the cards it took (`taken`, by
    /// their places in `unseen`).
    fn starters_left(crib: [Card; 4], unseen: &[Card], taken: &[usize]) -> u32 {
        let prepared = Prepared::new(&crib, HandKind::Crib);
        unseen
            .iter()
            .enumerate()
            .filter(|(k, _)| !taken.contains(k))
            .map(|(_, &starter)| u32::from(prepared.score(starter)))
            .sum()
    }

    /// Every crib that completes the two cards `thrown` with two cards of `unseen`, weighted by
    /// `others`, scored card by card with every starter left: the sums the fast count must give.
    fn two_card_sums_by_card(
        thrown: [Card; 2],
        unseen: &[Card],
        others: &ThrowWeights,
    ) -> (u64, u64) {
        let m = unseen.len();
        let (mut sum, mut cribs) = (0u64, 0u64);
        for i in 0..m {
            for j in i + 1..m {
                let weight = others.of(unseen[i], unseen[j]);
                let crib = [thrown[0], thrown[1], unseen[i], unseen[j]];
                sum += weight * u64::from(starters_left(crib, unseen, &[i, j]));
                cribs += weight * (m - 2) as u64;
            }
        }
        (sum, cribs)
    }

    /// The count by ranks gives exactly the sums of scoring every two-card crib and starter
    /// card by card: every throw of seeded deals of six (suited throws and jacks among them),
    /// uniform and with weights drawn at random, the unseen cards whole and cut short.
    #[test]
    fn two_card_cribs_by_rank_are_cribs_by_card() {
        let mut rng = crate::rules::shuffle::Rng::new(12);
        let (mut tried, mut suited, mut jacks) = (0, 0, 0);
        for deal in 0..24u64 {
            let deck = crate::rules::shuffle::shuffled(8, deal, 52);
            let dealt = &deck[..6];
            let mut unseen = unseen(dealt);
            if deal % 4 == 3 {
                unseen.truncate(12 + deal as usize % 9);
            }
            let others = match deal % 2 {
                0 => ThrowWeights::uniform(),
                _ => ThrowWeights::from_kind_counts(&std::array::from_fn(|_| rng.below(50))),
            };
            for (i, &a) in dealt.iter().enumerate() {
                for &b in &dealt[i + 1..] {
                    assert_eq!(
                        two_card_sums(a, b, &unseen, &others),
                        two_card_sums_by_card([a, b], &unseen, &others),
                        "deal {deal}, {a} {b}"
                    );
                    tried += 1;
                    suited += usize::from(a.suit() == b.suit());
                    jacks += usize::from(a.rank() == Rank::JACK || b.rank() == Rank::JACK);
                }
            }
        }
        assert_eq!(tried, 360);
        assert!(suited > 50 && jacks > 30, "{suited} {jacks}");
        // A suited throw of a jack, every other card unseen: flushes and nobs both.
        let thrown = crate::rules::card::parse_cards(&["Jh", "5h"]).unwrap();
        let rest = unseen(&thrown);
        let uniform = ThrowWeights::uniform();
        assert_eq!(
            two_card_sums(thrown[0], thrown[1], &rest, &uniform),
            two_card_sums_by_card([thrown[0], thrown[1]], &rest, &uniform)
        );
    }

    /// The count by ranks gives exactly the sums of scoring every crib and starter card by
    /// card: every card thrown from seeded deals of five (jacks of every suit among them),
    /// uniform and weighted, with the unseen cards whole and cut short.
    #[test]
    fn one_card_cribs_by_rank_are_cribs_by_card() {
        let mut rng = crate::rules::shuffle::Rng::new(11);
        let mut tried = 0;
        for deal in 0..40u64 {
            let deck = crate::rules::shuffle::shuffled(7, deal, 52);
            let dealt = &deck[..5];
            let mut unseen = unseen(dealt);
            if deal % 4 == 3 {
                unseen.truncate(20 + deal as usize % 7);
            }
            let mut weights = [[1u64; 13]; 3];
            if deal % 2 == 1 {
                for row in &mut weights {
                    for w in row.iter_mut() {
                        *w = rng.below(9);
                    }
                }
            }
            for &thrown in dealt {
                let weight = |ranks: [usize; 3]| ways(&weights, ranks);
                assert_eq!(
                    one_card_sums(thrown, &unseen, weight),
                    one_card_sums_by_card(thrown, &unseen, weight),
                    "deal {deal}, {thrown}"
                );
                tried += 1;
            }
        }
        assert_eq!(tried, 200);
        let jack = crate::rules::card::parse_cards(&["Jh"]).unwrap()[0];
        let rest = unseen(&[jack]);
        assert_eq!(
            one_card_sums(jack, &rest, |_| 1),
            one_card_sums_by_card(jack, &rest, |_| 1)
        );
    }

    /// With every weight one, the crib of a one-card throw weighed by seats is the uniform one.
    #[test]
    fn seats_of_ones_are_uniform() {
        let dealt = crate::rules::card::parse_cards(&["5h", "Jh", "4c", "9s", "Kd"]).unwrap();
        let unseen = unseen(&dealt);
        for &thrown in &dealt {
            let uniform = expected_crib(&[thrown], &unseen, &ThrowWeights::uniform());
            let seats = expected_crib_seats(thrown, &unseen, &[[1; 13]; 3]);
            assert!(
                (uniform - seats).abs() < 1e-12,
                "{thrown}: {uniform} {seats}"
            );
            // Weighting the others towards fives raises the crib of a thrown ten.
            let mut fives = [[1; 13]; 3];
            fives[0][4] = 20;
            let salted = expected_crib_seats(thrown, &unseen, &fives);
            if thrown.rank().value() == 10 {
                assert!(salted > seats + 0.5, "{salted} {seats}");
            }
        }
    }
}
