//! Scoring a hand or a crib at the show: fifteens, pairs, runs, flush and nobs.
//!
//! There is one scorer with two faces that a test proves agree on every possible hand:
//! - the fast path, [`Prepared::score`] (and [`Hand::score`]), which only counts. It sorts the
//!   four hand ranks once, and then each starter costs one look-up in a table of the points that
//!   five ranks make (fifteens, pairs and runs), plus the flush and nobs. Sweeps prepare a hand
//!   once and try every starter;
//! - the itemised breakdown, [`Hand::breakdown`], which lists every fifteen, pair and run with its
//!   cards, the way a player counts aloud.

use crate::rules::card::{Card, Rank, Suit, check_deck};
use crate::rules::error::{Error, Result};
use crate::rules::numbering::{MULTISETS, multiset_index, sorted4};

/// Whether five cards are counted as a hand or as the dealer's crib.
///
/// The only difference is the flush: a hand scores 4 for four cards of one suit (5 with the
/// starter's), a crib scores a flush only when all five cards, starter included, share a suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HandKind {
    /// A player's four cards and the starter.
    #[default]
    Hand,
    /// The crib and the starter.
    Crib,
}

impl HandKind {
    /// The rules' name, as in JSON: `hand` or `crib`.
    pub const fn name(self) -> &'static str {
        match self {
            HandKind::Hand => "hand",
            HandKind::Crib => "crib",
        }
    }
}

/// The points of each kind in a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Points {
    /// 2 for each combination of cards adding to fifteen.
    pub fifteens: u8,
    /// 2 for each pair (a pair royal is three pairs, a double pair royal six).
    pub pairs: u8,
    /// 1 a card for each run of three or more.
    pub runs: u8,
    /// 4 or 5 for a flush.
    pub flush: u8,
    /// 1 for the jack of the starter's suit in hand.
    pub nobs: u8,
}

impl Points {
    /// The sum of all kinds.
    pub const fn total(&self) -> u8 {
        self.fifteens + self.pairs + self.runs + self.flush + self.nobs
    }
}

/// The kind of one scoring combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Cards adding to fifteen: 2.
    Fifteen,
    /// Two cards of one rank: 2.
    Pair,
    /// Three or more cards in sequence: 1 a card.
    Run,
    /// Four or five cards of one suit: 4 or 5.
    Flush,
    /// The jack of the starter's suit in hand: 1.
    Nobs,
}

impl ItemKind {
    /// The name used in JSON: `fifteen`, `pair`, `run`, `flush`, `nobs`.
    pub const fn name(self) -> &'static str {
        match self {
            ItemKind::Fifteen => "fifteen",
            ItemKind::Pair => "pair",
            ItemKind::Run => "run",
            ItemKind::Flush => "flush",
            ItemKind::Nobs => "nobs",
        }
    }
}

/// One scoring combination: its kind, the cards that make it and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    /// What the combination is.
    pub kind: ItemKind,
    /// What it scores.
    pub points: u8,
    cards: [Card; 5],
    len: u8,
}

impl Item {
    fn new(kind: ItemKind, points: u8, cards: &[Card]) -> Item {
        let mut all = [cards[0]; 5];
        all[..cards.len()].copy_from_slice(cards);
        Item {
            kind,
            points,
            cards: all,
            len: cards.len() as u8,
        }
    }

    /// The cards that make the combination.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// An itemised count: every combination, and the points of each kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// Every combination, in the order a player counts: fifteens, pairs, runs, flush, nobs.
    pub items: Vec<Item>,
    /// The points of each kind.
    pub points: Points,
}

impl Breakdown {
    /// The total points.
    pub(crate) fn total(&self) -> u8 {
        self.points.total()
    }
}

/// What players call `n` cards of one rank, scored as all their pairs.
pub const fn pairs_name(cards_of_rank: usize) -> &'static str {
    match cards_of_rank {
        2 => "pair",
        3 => "pair royal",
        4 => "double pair royal",
        _ => "",
    }
}

/// What players call `count` runs of the same length sharing their cards.
pub const fn runs_name(count: usize) -> &'static str {
    match count {
        1 => "run",
        2 => "double run",
        3 => "triple run",
        4 => "quadruple run",
        _ => "runs",
    }
}

/// His heels: a jack turned as the starter pegs 2 for the dealer at once. It belongs to the cut,
/// not to any hand's count.
pub const fn his_heels(starter: Card) -> u8 {
    if starter.rank().number() == Rank::JACK.number() {
        2
    } else {
        0
    }
}

/// Four cards and a starter, checked to come from one deck, ready to be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hand {
    cards: [Card; 4],
    starter: Card,
    kind: HandKind,
}

impl Hand {
    /// Four cards and a starter; an error if a card is given twice or a rank five times.
    pub fn new(cards: [Card; 4], starter: Card, kind: HandKind) -> Result<Hand> {
        let mut all = [starter; 5];
        all[..4].copy_from_slice(&cards);
        check_deck(&all)?;
        Ok(Hand {
            cards,
            starter,
            kind,
        })
    }

    /// Five cards, the starter last.
    pub fn from_cards(cards: &[Card], kind: HandKind) -> Result<Hand> {
        match *cards {
            [a, b, c, d, starter] => Hand::new([a, b, c, d], starter, kind),
            _ => Err(Error::WrongCount {
                what: "a hand",
                expected: "four cards and the starter (five cards)".into(),
                found: cards.len(),
            }),
        }
    }

    /// The common line of a batch, five ASCII cards with suits (the starter last) separated
    /// by spaces or tabs, read without allocating; `None` for anything else, a card given twice
    /// included, which [`parse_cards`](crate::rules::card::parse_cards) and [`Hand::from_cards`]
    /// then read and explain.
    pub fn from_line(line: &[u8], kind: HandKind) -> Option<Hand> {
        let mut cards = [Card::rank_only(crate::Rank::ACE); 5];
        let mut n = 0;
        for token in line
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|t| !t.is_empty())
        {
            *cards.get_mut(n)? = Card::parse_ascii(token)?;
            n += 1;
        }
        if n != 5 {
            return None;
        }
        Hand::from_cards(&cards, kind).ok()
    }

    /// The four cards in hand (or in the crib).
    pub fn cards(&self) -> &[Card; 4] {
        &self.cards
    }

    /// The starter.
    pub fn starter(&self) -> Card {
        self.starter
    }

    /// Hand or crib.
    pub fn kind(&self) -> HandKind {
        self.kind
    }

    /// Whether any card was given without its suit, so that a flush or nobs may be missed.
    pub fn suits_known(&self) -> bool {
        self.cards
            .iter()
            .chain([&self.starter])
            .all(|c| c.suit().is_some())
    }

    /// Every total the hand can make once each card given without a suit gets one (no card
    /// twice), lowest first; just [`Hand::score`] when every suit is known.
    pub fn possible_totals(&self) -> Vec<u8> {
        let mut all = [
            self.cards[0],
            self.cards[1],
            self.cards[2],
            self.cards[3],
            self.starter,
        ];
        let mut totals = 0u32;
        fn fill(all: &mut [Card; 5], at: usize, kind: HandKind, totals: &mut u32) {
            if at == 5 {
                let four = [all[0], all[1], all[2], all[3]];
                *totals |= 1 << score(&four, all[4], kind);
                return;
            }
            if all[at].suit().is_some() {
                return fill(all, at + 1, kind, totals);
            }
            let rank = all[at].rank();
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                if !all.contains(&card) {
                    all[at] = card;
                    fill(all, at + 1, kind, totals);
                }
            }
            all[at] = Card::rank_only(rank);
        }
        fill(&mut all, 0, self.kind, &mut totals);
        (0..=29u8).filter(|&t| totals & (1 << t) != 0).collect()
    }

    /// The total points, by the fast path.
    pub fn score(&self) -> u8 {
        Prepared::new(&self.cards, self.kind).score(self.starter)
    }

    /// Every combination that scores, with its cards.
    pub fn breakdown(&self) -> Breakdown {
        itemise(&self.cards, self.starter, self.kind)
    }
}

/// A four-card hand (or crib) prepared for scoring against any starter by the fast path.
///
/// Preparing sorts the ranks and works out the flush and jacks once; [`Prepared::score`] then
/// costs a table look-up and two comparisons. The starter must not repeat a card of the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prepared {
    /// The row of [`RANK_POINTS`] for the four ranks: their multiset index times 13.
    row: u16,
    /// The suit bit shared by all four cards, or 0.
    flush_suit: u8,
    /// 4 when the four cards of a hand are a flush, else 0 (a crib needs all five).
    four_flush: u8,
    /// The suit bits of the jacks held: nobs with a starter of one of them.
    jacks: u8,
}

impl Prepared {
    /// Prepare four cards to be scored as a hand or a crib.
    #[inline]
    pub fn new(cards: &[Card; 4], kind: HandKind) -> Prepared {
        let r = sorted4(cards.map(|c| c.rank().number()));
        let multiset = multiset_index(r.map(usize::from));
        let flush_suit = cards
            .iter()
            .fold(0b1111, |common, &c| common & c.suit_bit());
        let four_flush = if flush_suit != 0 && kind == HandKind::Hand {
            4
        } else {
            0
        };
        let jacks = cards.iter().fold(0, |bits, &c| {
            bits | if c.rank() == Rank::JACK {
                c.suit_bit()
            } else {
                0
            }
        });
        Prepared {
            row: multiset * 14,
            flush_suit,
            four_flush,
            jacks,
        }
    }

    /// The points the prepared cards make with this starter.
    #[inline]
    pub fn score(&self, starter: Card) -> u8 {
        let points = RANK_POINTS
            [(self.row as usize + starter.rank().number() as usize) & (RANK_POINTS_LEN - 1)];
        let bit = starter.suit_bit();
        let flush = if self.flush_suit & bit != 0 {
            5
        } else {
            self.four_flush
        };
        points + flush + u8::from(self.jacks & bit != 0)
    }
}

/// Score four cards and a starter by the fast path, without checking them.
#[inline]
pub fn score(cards: &[Card; 4], starter: Card, kind: HandKind) -> u8 {
    Prepared::new(cards, kind).score(starter)
}

/// [`RANK_POINTS`] padded to a power of two, so that a masked index needs no bounds check.
const RANK_POINTS_LEN: usize = (MULTISETS * 14).next_power_of_two();

/// The points of fifteens, pairs and runs of every multiset of four ranks with every starter
/// rank, at `multiset * 14 + starter rank number` (1 to 13; 0 unused). Five of one rank cannot
/// occur and scores 0.
static RANK_POINTS: [u8; RANK_POINTS_LEN] = {
    let mut table = [0u8; RANK_POINTS_LEN];
    let mut a = 0;
    while a < 13 {
        let mut b = a;
        while b < 13 {
            let mut c = b;
            while c < 13 {
                let mut d = c;
                while d < 13 {
                    let row = multiset_index([a + 1, b + 1, c + 1, d + 1]);
                    let four = [a, b, c, d];
                    // ways[s]: how many subsets of the four cards add up to s (s <= 15).
                    let mut ways = [0u8; 16];
                    ways[0] = 1;
                    let mut counts = [0u8; 13];
                    let mut i = 0;
                    while i < 4 {
                        let value = pip(four[i]);
                        let mut s = 15;
                        while s >= value {
                            ways[s] += ways[s - value];
                            s -= 1;
                        }
                        counts[four[i]] += 1;
                        i += 1;
                    }
                    let mut e = 0;
                    while e < 13 {
                        if counts[e] < 4 {
                            // A fifteen of five cards uses the starter or not.
                            let fifteens = ways[15] + ways[15 - pip(e)];
                            counts[e] += 1;
                            table[row as usize * 14 + e + 1] =
                                2 * fifteens + pairs_and_runs(&counts);
                            counts[e] -= 1;
                        }
                        e += 1;
                    }
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The pip value of a rank index (0 is the ace).
const fn pip(rank: usize) -> usize {
    if rank >= 9 { 10 } else { rank + 1 }
}

/// Pairs and runs of cards given as a count per rank, counted without listing them: `n` cards
/// of a rank make n(n-1)/2 pairs; a stretch of three or more ranks scores its length times the
/// number of ways of choosing one card of each rank.
const fn pairs_and_runs(counts: &[u8; 13]) -> u8 {
    let mut points = 0;
    let mut run_length = 0;
    let mut run_ways = 1;
    let mut rank = 0;
    while rank <= 13 {
        let n = if rank < 13 { counts[rank] } else { 0 };
        points += n * n.saturating_sub(1);
        if n > 0 {
            run_length += 1;
            run_ways *= n;
        } else {
            if run_length >= 3 {
                points += run_length * run_ways;
            }
            run_length = 0;
            run_ways = 1;
        }
        rank += 1;
    }
    points
}

/// The subsets of five cards of two or more, each as a bit mask, in the order a player counts
/// them: pairs of cards first, then threes, fours and all five, each size in card order.
const FIFTEEN_ORDER: [u8; 26] = {
    let mut order = [0u8; 26];
    let mut n = 0;
    let mut size = 2;
    while size <= 5 {
        // Card order: descending order of the mask read with card 0 as its top bit.
        let mut reversed = 32;
        while reversed > 0 {
            reversed -= 1;
            if (reversed as u32).count_ones() == size {
                let mut mask = 0;
                let mut bit = 0;
                while bit < 5 {
                    if reversed >> bit & 1 == 1 {
                        mask |= 1 << (4 - bit);
                    }
                    bit += 1;
                }
                order[n] = mask;
                n += 1;
            }
        }
        size += 1;
    }
    order
};

/// List every scoring combination of four cards and a starter.
fn itemise(cards: &[Card; 4], starter: Card, kind: HandKind) -> Breakdown {
    let five = [cards[0], cards[1], cards[2], cards[3], starter];
    let mut items = Vec::with_capacity(16);
    let mut points = Points::default();
    let mut chosen: Vec<Card> = Vec::with_capacity(5);

    // The sum of every subset, each from a smaller one: the subset less its lowest card.
    let mut sums = [0u8; 32];
    for mask in 1..32usize {
        sums[mask] = sums[mask & (mask - 1)] + five[mask.trailing_zeros() as usize].value();
    }
    for mask in FIFTEEN_ORDER {
        if sums[mask as usize] == 15 {
            chosen.clear();
            chosen.extend((0..5).filter(|i| mask >> i & 1 == 1).map(|i| five[i]));
            items.push(Item::new(ItemKind::Fifteen, 2, &chosen));
            points.fifteens += 2;
        }
    }

    for i in 0..5 {
        for j in i + 1..5 {
            if five[i].rank() == five[j].rank() {
                items.push(Item::new(ItemKind::Pair, 2, &[five[i], five[j]]));
                points.pairs += 2;
            }
        }
    }

    itemise_runs(&five, &mut items, &mut points);

    let hand_suit = cards[0].suit();
    if hand_suit.is_some() && cards.iter().all(|c| c.suit() == hand_suit) {
        if starter.suit() == hand_suit {
            items.push(Item::new(ItemKind::Flush, 5, &five));
            points.flush = 5;
        } else if kind == HandKind::Hand {
            items.push(Item::new(ItemKind::Flush, 4, cards));
            points.flush = 4;
        }
    }

    if let Some(suit) = starter.suit() {
        let nobs = Card::new(Rank::JACK, suit);
        if cards.contains(&nobs) {
            items.push(Item::new(ItemKind::Nobs, 1, &[nobs]));
            points.nobs = 1;
        }
    }

    Breakdown { items, points }
}

/// Runs: each maximal stretch of three or more consecutive ranks among the five cards, taken
/// once for every way of choosing one card of each of its ranks.
fn itemise_runs(five: &[Card; 5], items: &mut Vec<Item>, points: &mut Points) {
    let starter = five[4];
    let mut chosen: Vec<Card> = Vec::with_capacity(5);
    let mut by_rank = [[starter; 4]; 13];
    let mut of_rank = [0usize; 13];
    for &card in five {
        let r = card.rank().index() as usize;
        by_rank[r][of_rank[r]] = card;
        of_rank[r] += 1;
    }
    let mut start = 0;
    while start < 13 {
        let end = (start..13).find(|&r| of_rank[r] == 0).unwrap_or(13);
        if end - start >= 3 {
            let mut choice = [0usize; 5];
            let length = end - start;
            loop {
                chosen.clear();
                chosen.extend((0..length).map(|k| by_rank[start + k][choice[k]]));
                items.push(Item::new(ItemKind::Run, length as u8, &chosen));
                points.runs += length as u8;
                // Advance the choice like an odometer, last rank fastest.
                let Some(position) = (0..length)
                    .rev()
                    .find(|&p| choice[p] + 1 < of_rank[start + p])
                else {
                    break;
                };
                choice[position] += 1;
                choice[position + 1..].fill(0);
            }
        }
        start = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn possible_totals_fill_in_the_suits() {
        let hand = |text: &str| {
            let cards = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
            Hand::from_cards(&cards, HandKind::Hand).unwrap()
        };
        assert_eq!(hand("5 5 5 J 5").possible_totals(), [28, 29]);
        assert_eq!(hand("5h 5c 5s Jd 5d").possible_totals(), [29]);
        // Four hearts and a starter without a suit: a flush of four, or of five.
        assert_eq!(hand("2h 4h 6h 8h K").possible_totals(), [4, 5]);
        // Three hearts, a rank alone and a heart starter: no flush, or one of five.
        assert_eq!(hand("2h 4h 6h 8 Kh").possible_totals(), [0, 5]);
        assert_eq!(hand("2h 4h 6h 8 Kh").score(), 0);
    }

    #[test]
    fn a_plain_line_is_read_fast_and_anything_else_is_left() {
        let hand = Hand::from_line(b"5h 5c\t5s  Jd 5d", HandKind::Hand).unwrap();
        assert_eq!(hand.score(), 29);
        for line in [
            "5h 5c 5s Jd",
            "5h 5c 5s Jd 5d 6d",
            "5h 5h 5s Jd 5d",
            "5 5c 5s Jd 5d",
            "5♥ 5c 5s Jd 5d",
        ] {
            assert!(
                Hand::from_line(line.as_bytes(), HandKind::Hand).is_none(),
                "{line}"
            );
        }
    }
    use crate::rules::card::parse_cards;

    fn hand(text: &str, kind: HandKind) -> Hand {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        Hand::from_cards(&parse_cards(&tokens).unwrap(), kind).unwrap()
    }

    fn points(text: &str, kind: HandKind) -> Points {
        let hand = hand(text, kind);
        let breakdown = hand.breakdown();
        assert_eq!(hand.score(), breakdown.total(), "{text}");
        breakdown.points
    }

    fn total(text: &str) -> u8 {
        points(text, HandKind::Hand).total()
    }

    #[test]
    fn twenty_nine() {
        let hand = hand("5h 5c 5s Jd 5d", HandKind::Hand);
        let breakdown = hand.breakdown();
        assert_eq!(
            breakdown.points,
            Points {
                fifteens: 16,
                pairs: 12,
                runs: 0,
                flush: 0,
                nobs: 1
            }
        );
        let count = |kind| breakdown.items.iter().filter(|i| i.kind == kind).count();
        assert_eq!(count(ItemKind::Fifteen), 8);
        assert_eq!(count(ItemKind::Pair), 6);
        assert_eq!(count(ItemKind::Nobs), 1);
        assert_eq!(hand.score(), 29);
    }

    #[test]
    fn fifteens_listed_in_counting_order() {
        let breakdown = hand("5h 5c 5s Jd 5d", HandKind::Hand).breakdown();
        let first: Vec<String> = breakdown.items[0]
            .cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(first, ["5h", "Jd"]);
        let last = breakdown
            .items
            .iter()
            .rfind(|i| i.kind == ItemKind::Fifteen)
            .unwrap();
        assert_eq!(last.cards().len(), 3);
    }

    #[test]
    fn flush_rules() {
        // Four-card flush in hand: 4; with the starter: 5.
        assert_eq!(points("2h 4h 6h 8h Ks", HandKind::Hand).flush, 4);
        assert_eq!(points("2h 4h 6h 8h Kh", HandKind::Hand).flush, 5);
        // In the crib only five cards of one suit count.
        assert_eq!(points("2h 4h 6h 8h Ks", HandKind::Crib).flush, 0);
        assert_eq!(points("2h 4h 6h 8h Kh", HandKind::Crib).flush, 5);
        // Three in hand and the starter of that suit make no flush.
        assert_eq!(points("2h 4h 6h 8s Kh", HandKind::Hand).flush, 0);
        assert_eq!(points("2h 4h 6h 8s Kh", HandKind::Crib).flush, 0);
        // Rank-only cards never make a flush.
        assert_eq!(points("2h 4h 6h 8 Kh", HandKind::Hand).flush, 0);
        assert_eq!(points("2h 4h 6h 8h K", HandKind::Hand).flush, 4);
    }

    #[test]
    fn nobs() {
        assert_eq!(points("Jh 2c 4d 6s Kh", HandKind::Hand).nobs, 1);
        assert_eq!(points("Jh 2c 4d 6s Kh", HandKind::Crib).nobs, 1);
        assert_eq!(points("Jh 2c 4d 6s Ks", HandKind::Hand).nobs, 0);
        // A jack as the starter is his heels, not nobs.
        assert_eq!(points("2c 4d 6s Kh Jh", HandKind::Hand).nobs, 0);
        // Without suits there is no nobs.
        assert_eq!(points("J 2c 4d 6s Kh", HandKind::Hand).nobs, 0);
        assert_eq!(points("Jh 2c 4d 6s K", HandKind::Hand).nobs, 0);
    }

    #[test]
    fn runs() {
        assert_eq!(points("Ah 2c 3d 8s Kh", HandKind::Hand).runs, 3);
        assert_eq!(points("Ah 2c 3d 4s 9h", HandKind::Hand).runs, 4);
        assert_eq!(points("9h 10c Jd Qs Kh", HandKind::Hand).runs, 5);
        // Ace is low: Q K A is no run.
        assert_eq!(points("Qh Kc Ad 7s 8h", HandKind::Hand).runs, 0);
        // Double run of three: 2 runs + a pair = 8.
        let p = points("Ah 2c 3d 3s 9h", HandKind::Hand);
        assert_eq!((p.runs, p.pairs), (6, 2));
        // Double run of four: 8 + 2 = 10.
        let p = points("9h 10c Jd Qs Qh", HandKind::Hand);
        assert_eq!((p.runs, p.pairs), (8, 2));
        // Triple run: 9 + pair royal 6 = 15.
        let p = points("9h 10c Jd Js Jh", HandKind::Hand);
        assert_eq!((p.runs, p.pairs), (9, 6));
        // Quadruple run: 12 + two pairs 4 = 16.
        let p = points("9h 9c Jd Js 10h", HandKind::Hand);
        assert_eq!((p.runs, p.pairs), (12, 4));
    }

    #[test]
    fn double_run_items() {
        let breakdown = hand("9h 9c Jd Js 10h", HandKind::Hand).breakdown();
        let runs: Vec<Vec<String>> = breakdown
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Run)
            .map(|i| i.cards().iter().map(|c| c.to_string()).collect())
            .collect();
        assert_eq!(
            runs,
            [
                ["9h", "10h", "Jd"],
                ["9h", "10h", "Js"],
                ["9c", "10h", "Jd"],
                ["9c", "10h", "Js"]
            ]
        );
    }

    #[test]
    fn zero_and_nineteen() {
        assert_eq!(total("2h 4c 6d 8s Kh"), 0);
        assert_eq!(total("5h 5c 5s 5d Jh"), 28);
    }

    #[test]
    fn hand_validation() {
        let cards = parse_cards(&["5h", "5h", "5s", "Jd", "5d"]).unwrap();
        assert!(Hand::from_cards(&cards, HandKind::Hand).is_err());
        let cards = parse_cards(&["5h", "5c", "5s", "Jd"]).unwrap();
        assert!(matches!(
            Hand::from_cards(&cards, HandKind::Hand),
            Err(Error::WrongCount { found: 4, .. })
        ));
    }
}
