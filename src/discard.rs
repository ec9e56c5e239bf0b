//! Discard advice: which cards to lay away to the crib, by exact expected points.
//!
//! Every choice of throw is valued exactly under the **uniform** crib model: the unseen cards
//! (those not in the player's own deal) are equally likely to be anywhere, so the crib's other
//! cards are any set of the unseen cards, each set equally likely, and the starter any unseen
//! card left. For two players that is every pair of the 46 unseen cards (1,035) times every
//! starter of the 44 left: 45,540 cribs per choice, all scored.

use rayon::prelude::*;

use crate::card::{Card, Rank, Suit, check_deck, require_suits};
use crate::error::{Error, Result};
use crate::score::{HandKind, Prepared};
use crate::stats::{over_starters, unseen};

/// Whose crib it is, from the point of view of the player being advised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// You deal: the crib is yours.
    Dealer,
    /// Your partner deals (four players): the crib is your side's.
    PartnerDeals,
    /// An opponent deals: the crib counts against you.
    Pone,
}

impl Role {
    /// Whether the crib counts for the player's side.
    pub const fn owns_crib(self) -> bool {
        matches!(self, Role::Dealer | Role::PartnerDeals)
    }

    /// The name used in JSON: `dealer`, `partner-deals`, `pone`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::PartnerDeals => "partner-deals",
            Role::Pone => "pone",
        }
    }
}

/// How the crib's unknown cards are modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CribModel {
    /// Every set of unseen cards equally likely (the default, and so far the only model).
    #[default]
    Uniform,
}

impl CribModel {
    /// The name used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            CribModel::Uniform => "uniform",
        }
    }
}

/// One way to split the deal, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The four cards kept.
    pub keep: [Card; 4],
    /// The cards thrown to the crib.
    pub throw: Vec<Card>,
    /// The hand's expected points over every unseen starter.
    pub hand_mean: f64,
    /// The hand's fewest points over the starters.
    pub hand_min: u8,
    /// The hand's most points over the starters.
    pub hand_max: u8,
    /// The crib's expected points.
    pub crib_mean: f64,
    /// Hand plus crib when the crib is yours, hand minus crib when it is the opponent's.
    pub net: f64,
    /// With a target: the chance that the hand alone scores at least that many.
    pub p_at_least: Option<f64>,
}

/// Advice for one deal: every choice, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// 2, 3 or 4 players.
    pub players: usize,
    /// Whose crib it is.
    pub role: Role,
    /// The crib model used.
    pub model: CribModel,
    /// Every choice, best net first.
    pub choices: Vec<Choice>,
}

/// The cards dealt to each player, and thrown by each, for a number of players.
pub const fn deal_shape(players: usize) -> Option<(usize, usize)> {
    match players {
        2 => Some((6, 2)),
        3 | 4 => Some((5, 1)),
        _ => None,
    }
}

/// Rank every way to throw from `dealt`, by exact expected net points.
pub fn advise(
    dealt: &[Card],
    players: usize,
    role: Role,
    model: CribModel,
    need: Option<u8>,
) -> Result<Advice> {
    let Some((deal, throws)) = deal_shape(players) else {
        return Err(Error::Invalid(format!(
            "discard advice is for 2, 3 or 4 players, not {players}"
        )));
    };
    if dealt.len() != deal {
        return Err(Error::WrongCount {
            what: if players == 2 {
                "discarding with two players"
            } else if players == 3 {
                "discarding with three players"
            } else {
                "discarding with four players"
            },
            expected: format!("the {deal} cards dealt"),
            found: dealt.len(),
        });
    }
    if role == Role::PartnerDeals && players != 4 {
        return Err(Error::Invalid(
            "--partner-deals is for four players, two partnerships (--players 4)".into(),
        ));
    }
    require_suits(dealt, "suits decide flushes and nobs")?;
    check_deck(dealt)?;
    let unseen = unseen(dealt);
    let splits: Vec<(Vec<usize>, Vec<usize>)> = combinations(deal, throws)
        .into_iter()
        .map(|thrown| {
            let kept = (0..deal).filter(|i| !thrown.contains(i)).collect();
            (kept, thrown)
        })
        .collect();
    let mut choices: Vec<Choice> = splits
        .par_iter()
        .map(|(kept, thrown)| {
            let keep = [
                dealt[kept[0]],
                dealt[kept[1]],
                dealt[kept[2]],
                dealt[kept[3]],
            ];
            let throw: Vec<Card> = thrown.iter().map(|&i| dealt[i]).collect();
            let hand = over_starters(&keep, &unseen, HandKind::Hand);
            let hand_mean = hand.mean();
            let crib_mean = expected_crib(&throw, &unseen, model);
            let net = if role.owns_crib() {
                hand_mean + crib_mean
            } else {
                hand_mean - crib_mean
            };
            Choice {
                keep,
                throw,
                hand_mean,
                hand_min: hand.min() as u8,
                hand_max: hand.max() as u8,
                crib_mean,
                net,
                p_at_least: need.map(|n| hand.share_at_least(usize::from(n))),
            }
        })
        .collect();
    choices.sort_by(|a, b| b.net.total_cmp(&a.net));
    Ok(Advice {
        players,
        role,
        model,
        choices,
    })
}

/// The exact expected points of a crib holding `thrown` (one or two cards), its other cards
/// and the starter drawn from `unseen` under `model`.
pub fn expected_crib(thrown: &[Card], unseen: &[Card], model: CribModel) -> f64 {
    let CribModel::Uniform = model;
    let (sum, cribs) = crib_sum(thrown, unseen);
    sum as f64 / cribs as f64
}

/// The total points of every crib that completes `thrown` from `unseen` with every starter
/// left, and how many cribs that is.
pub fn crib_sum(thrown: &[Card], unseen: &[Card]) -> (u64, u64) {
    let m = unseen.len();
    let mut sum = 0u64;
    let mut cribs = 0u64;
    // Score every starter but the cards the crib took.
    let mut score_all = |crib: [Card; 4], taken: &[usize]| {
        let prepared = Prepared::new(&crib, HandKind::Crib);
        let mut total = 0u32;
        for (k, &starter) in unseen.iter().enumerate() {
            if !taken.contains(&k) {
                total += u32::from(prepared.score(starter));
            }
        }
        sum += u64::from(total);
        cribs += (m - taken.len()) as u64;
    };
    match *thrown {
        [a, b] => {
            for i in 0..m {
                for j in i + 1..m {
                    score_all([a, b, unseen[i], unseen[j]], &[i, j]);
                }
            }
        }
        [a] => {
            for i in 0..m {
                for j in i + 1..m {
                    for k in j + 1..m {
                        score_all([a, unseen[i], unseen[j], unseen[k]], &[i, j, k]);
                    }
                }
            }
        }
        _ => {}
    }
    (sum, cribs)
}

/// The value of one kind of two-card throw in the table of crib expectations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThrowValue {
    /// The lower rank thrown.
    pub low: Rank,
    /// The higher rank thrown (equal for a pair).
    pub high: Rank,
    /// Whether the two cards share a suit.
    pub suited: bool,
    /// The crib's expected points: the other two cards from the 50 unseen, the starter from
    /// the 48 left.
    pub crib_mean: f64,
    /// How many of the 1,326 two-card throws are of this kind.
    pub throws: u32,
}

impl ThrowValue {
    /// The kind of throw as players name it: `off-suit K-10`, `suited 5-4`, `a pair of 5s`.
    pub fn name(&self) -> String {
        if self.low == self.high {
            format!("a pair of {}s", self.low)
        } else {
            let suits = if self.suited { "suited" } else { "off-suit" };
            format!("{suits} {}-{}", self.high, self.low)
        }
    }
}

/// The expected crib points of every kind of two-card throw.
#[derive(Debug, Clone, PartialEq)]
pub struct CribTable {
    /// Every kind of throw: by ranks, low first, off-suit before suited.
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

    /// The average over all 1,326 two-card throws, each kind weighted by how many throws it is:
    /// the mean of every possible crib.
    pub fn mean(&self) -> f64 {
        let throws: u32 = self.throws.iter().map(|t| t.throws).sum();
        let total: f64 = self
            .throws
            .iter()
            .map(|t| t.crib_mean * f64::from(t.throws))
            .sum();
        total / f64::from(throws)
    }
}

/// The expected crib points of every two-card throw by ranks, suited and off-suit apart: 91
/// off-suit (pairs included) and 78 suited kinds. By symmetry of the suits, any two cards of
/// the same kind give the same value.
pub fn crib_table() -> CribTable {
    let mut kinds = Vec::with_capacity(169);
    for low in Rank::ALL {
        for high in Rank::ALL.into_iter().filter(|&h| h >= low) {
            kinds.push((low, high, false));
            if high != low {
                kinds.push((low, high, true));
            }
        }
    }
    let throws = kinds
        .into_par_iter()
        .map(|(low, high, suited)| {
            let first = Card::new(low, Suit::Hearts);
            let second = Card::new(high, if suited { Suit::Hearts } else { Suit::Diamonds });
            let thrown = [first, second];
            let unseen = unseen(&thrown);
            ThrowValue {
                low,
                high,
                suited,
                crib_mean: expected_crib(&thrown, &unseen, CribModel::Uniform),
                throws: match (low == high, suited) {
                    (true, _) => 6,
                    (false, true) => 4,
                    (false, false) => 12,
                },
            }
        })
        .collect();
    CribTable { throws }
}

/// Every way to choose `k` of `n` indices, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
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
    use crate::card::parse_cards;
    use crate::score::Hand;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn find<'a>(advice: &'a Advice, throw: &str) -> &'a Choice {
        let throw = cards(throw);
        advice.choices.iter().find(|c| c.throw == throw).unwrap()
    }

    #[test]
    fn worked_example() {
        let dealt = cards("5h Jd 5c 5s 4d 6d");
        let advice = advise(&dealt, 2, Role::Dealer, CribModel::Uniform, None).unwrap();
        assert_eq!(advice.choices.len(), 15);
        let keep_fives = find(&advice, "4d 6d");
        assert_eq!(format!("{:.4}", keep_fives.hand_mean), "16.6087");
        assert_eq!(format!("{:.4}", keep_fives.crib_mean), "3.9596");
        assert_eq!(format!("{:.4}", keep_fives.net), "20.5683");
        assert_eq!((keep_fives.hand_min, keep_fives.hand_max), (14, 29));
        let best = &advice.choices[0];
        assert_eq!(best.throw, cards("5h Jd"));
        assert_eq!(format!("{:.4}", best.hand_mean), "15.8043");
        assert_eq!(format!("{:.4}", best.crib_mean), "6.8459");
        assert_eq!(format!("{:.4}", best.net), "22.6503");
        assert!(advice.choices.windows(2).all(|w| w[0].net >= w[1].net));
    }

    #[test]
    fn the_pone_subtracts_the_crib() {
        let dealt = cards("5h Jd 5c 5s 4d 6d");
        let advice = advise(&dealt, 2, Role::Pone, CribModel::Uniform, Some(16)).unwrap();
        let choice = find(&advice, "4d 6d");
        assert!((choice.net - (choice.hand_mean - choice.crib_mean)).abs() < 1e-12);
        // 46 starters: the share reaching 16 is a whole number of 46ths.
        let p = choice.p_at_least.unwrap();
        assert!(((p * 46.0).round() - p * 46.0).abs() < 1e-9);
    }

    /// Brute force with the itemised scorer and nothing prepared agrees with the fast path.
    #[test]
    fn brute_force_agrees() {
        for (text, players) in [("2h 3c Kd Qs 9h 9c", 2), ("Jh 4h 5c 8s Kd", 3)] {
            let dealt = cards(text);
            let unseen: Vec<Card> = Card::deck().filter(|c| !dealt.contains(c)).collect();
            let advice = advise(&dealt, players, Role::Dealer, CribModel::Uniform, None).unwrap();
            for choice in advice.choices.iter().take(2) {
                let hand: Vec<f64> = unseen
                    .iter()
                    .map(|&s| {
                        f64::from(
                            Hand::new(choice.keep, s, HandKind::Hand)
                                .unwrap()
                                .breakdown()
                                .total(),
                        )
                    })
                    .collect();
                let hand_mean = hand.iter().sum::<f64>() / hand.len() as f64;
                assert!((hand_mean - choice.hand_mean).abs() < 1e-9);
                let (mut sum, mut n) = (0u64, 0u64);
                let others: Vec<Vec<Card>> = match choice.throw.len() {
                    2 => pairs(&unseen),
                    _ => triples(&unseen),
                };
                for other in others {
                    let mut crib = choice.throw.clone();
                    crib.extend(&other);
                    let crib: [Card; 4] = crib.try_into().unwrap();
                    for &s in unseen.iter().filter(|s| !other.contains(s)) {
                        let hand = Hand::new(crib, s, HandKind::Crib).unwrap();
                        sum += u64::from(hand.breakdown().total());
                        n += 1;
                    }
                }
                assert!((sum as f64 / n as f64 - choice.crib_mean).abs() < 1e-9);
            }
        }
    }

    fn pairs(cards: &[Card]) -> Vec<Vec<Card>> {
        combinations(cards.len(), 2)
            .into_iter()
            .map(|ix| ix.iter().map(|&i| cards[i]).collect())
            .collect()
    }

    fn triples(cards: &[Card]) -> Vec<Vec<Card>> {
        combinations(cards.len(), 3)
            .into_iter()
            .map(|ix| ix.iter().map(|&i| cards[i]).collect())
            .collect()
    }

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

    #[test]
    fn bad_deals() {
        let six = cards("5h Jd 5c 5s 4d 6d");
        assert!(advise(&six[..5], 2, Role::Dealer, CribModel::Uniform, None).is_err());
        assert!(advise(&six, 3, Role::Dealer, CribModel::Uniform, None).is_err());
        assert!(advise(&six, 2, Role::PartnerDeals, CribModel::Uniform, None).is_err());
        assert!(
            advise(
                &cards("5h 5h 5c 5s 4d 6d"),
                2,
                Role::Dealer,
                CribModel::Uniform,
                None
            )
            .is_err()
        );
        assert!(
            advise(
                &cards("5 Jd 5c 5s 4d 6d"),
                2,
                Role::Dealer,
                CribModel::Uniform,
                None
            )
            .is_err()
        );
        assert!(advise(&six, 5, Role::Dealer, CribModel::Uniform, None).is_err());
    }
}
