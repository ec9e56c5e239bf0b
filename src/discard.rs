//! Discard advice: which cards to lay away to the crib, by exact expected points.
//!
//! Every choice of throw is valued exactly: the hand over every unseen starter, the crib over
//! every completion of it from the unseen cards and every starter left, under one of two crib
//! models:
//! - **expert** (two players, the default): the other side's two crib cards are a throw that a
//!   player who throws well would make, drawn from the distribution of throws computed by
//!   [`crate::expert`], restricted to the unseen cards and renormalised;
//! - **uniform**: the unseen cards (those not in the player's own deal) are equally likely to
//!   be anywhere, so the crib's other cards are any set of unseen cards, each equally likely.
//!
//! For two players that is every pair of the 46 unseen cards (1,035) times every starter of the
//! 44 left: 45,540 cribs per choice, all scored.

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
    /// The other side throws as a player who throws well would (two players only): see
    /// [`crate::expert`].
    #[default]
    Expert,
    /// Every set of unseen cards equally likely.
    Uniform,
}

impl CribModel {
    /// The name used in JSON: `expert` or `uniform`.
    pub const fn name(self) -> &'static str {
        match self {
            CribModel::Expert => "expert",
            CribModel::Uniform => "uniform",
        }
    }

    /// How the other side's crib cards are weighted when this side, in `role`, throws.
    fn others(self, role: Role) -> ThrowWeights {
        match self {
            CribModel::Expert => crate::expert::model().others(role),
            CribModel::Uniform => ThrowWeights::uniform(),
        }
    }
}

/// How the play is counted in the advice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayModel {
    /// The pegging each side can expect with the kept hand, from crib's pegging table
    /// ([`crate::pegging`]): both sides playing as crib's engine advises, the other side holding
    /// the expert crib model's kept hands (two players only).
    #[default]
    Engine,
    /// The play is left out: the show only.
    None,
}

impl PlayModel {
    /// The name used in JSON: `engine` or `none`.
    pub const fn name(self) -> &'static str {
        match self {
            PlayModel::Engine => "engine",
            PlayModel::None => "none",
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
    /// With the play counted: the points you and the opponent can expect to peg with this hand.
    pub peg: Option<crate::pegging::PegValue>,
    /// Hand plus crib when the crib is yours, hand minus crib when it is the opponent's; with
    /// the play counted, plus your pegging less the opponent's.
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
    /// How the play is counted.
    pub play: PlayModel,
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
    play: PlayModel,
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
    if model == CribModel::Expert && players != 2 {
        return Err(Error::Invalid(format!(
            "the expert crib model is computed for two players, where each throws two cards; \
             with {players} players use --crib-model uniform"
        )));
    }
    if play == PlayModel::Engine && players != 2 {
        return Err(Error::Invalid(format!(
            "the pegging table is computed for two players; with {players} players use \
             --play-model none"
        )));
    }
    require_suits(dealt, "suits decide flushes and nobs")?;
    check_deck(dealt)?;
    let unseen = unseen(dealt);
    let others = model.others(role);
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
            let crib_mean = expected_crib(&throw, &unseen, &others);
            let peg = (play == PlayModel::Engine).then(|| {
                let seat = if role == Role::Dealer {
                    crate::play::DEALER
                } else {
                    crate::play::PONE
                };
                crate::pegging::lookup(seat, keep.map(|c| c.rank().number()))
            });
            let show = if role.owns_crib() {
                hand_mean + crib_mean
            } else {
                hand_mean - crib_mean
            };
            let net = show + peg.map_or(0.0, |p| p.net());
            Choice {
                keep,
                throw,
                hand_mean,
                hand_min: hand.min() as u8,
                hand_max: hand.max() as u8,
                crib_mean,
                peg,
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
        play,
        choices,
    })
}

/// The exact expected points of a crib holding `thrown` (one or two cards), its other cards
/// and the starter drawn from `unseen`. Under the uniform model every set of other cards is
/// equally likely; under the expert model the other side's two cards are a throw drawn from
/// `others`, restricted to the unseen cards and renormalised.
pub fn expected_crib(thrown: &[Card], unseen: &[Card], others: &ThrowWeights) -> f64 {
    let (sum, cribs) = crib_sum(thrown, unseen, others);
    sum as f64 / cribs as f64
}

/// The total points of every crib that completes `thrown` from `unseen` with every starter
/// left, each weighted by how likely its other cards are, and the total weight of those cribs.
///
/// For a two-card throw the other two cards are weighted by `others`; a one-card throw (three
/// or four players) takes its other three cards uniformly, and `others` must be uniform.
pub fn crib_sum(thrown: &[Card], unseen: &[Card], others: &ThrowWeights) -> (u64, u64) {
    let m = unseen.len();
    let mut sum = 0u64;
    let mut cribs = 0u64;
    // Score every starter but the cards the crib took.
    let mut score_all = |crib: [Card; 4], taken: &[usize], weight: u64| {
        let prepared = Prepared::new(&crib, HandKind::Crib);
        let mut total = 0u32;
        for (k, &starter) in unseen.iter().enumerate() {
            if !taken.contains(&k) {
                total += u32::from(prepared.score(starter));
            }
        }
        sum += weight * u64::from(total);
        cribs += weight * (m - taken.len()) as u64;
    };
    match *thrown {
        [a, b] => {
            for i in 0..m {
                for j in i + 1..m {
                    let weight = others.of(unseen[i], unseen[j]);
                    if weight != 0 {
                        score_all([a, b, unseen[i], unseen[j]], &[i, j], weight);
                    }
                }
            }
        }
        [a] => {
            debug_assert!(
                others.is_uniform(),
                "one-card throws are modelled uniformly"
            );
            for i in 0..m {
                for j in i + 1..m {
                    for k in j + 1..m {
                        score_all([a, unseen[i], unseen[j], unseen[k]], &[i, j, k], 1);
                    }
                }
            }
        }
        _ => {}
    }
    (sum, cribs)
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

    /// The kind of two cards with known suits.
    pub fn of(a: Card, b: Card) -> ThrowKind {
        let (low, high) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
        ThrowKind {
            low,
            high,
            suited: low != high && a.suit() == b.suit(),
        }
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
    pub fn name(self) -> String {
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
    pub fn uniform() -> ThrowWeights {
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
    pub fn is_uniform(&self) -> bool {
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
    pub fn kind(&self) -> ThrowKind {
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
            }
        })
        .collect()
}

/// The table of every kind of throw valued with the other side's throws weighted by `others`;
/// `shares`, where known, says how often this side throws each kind.
pub(crate) fn table_with(
    others: &ThrowWeights,
    shares: Option<&[f64; ThrowKind::COUNT]>,
) -> CribTable {
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
        let advice = advise(
            &dealt,
            2,
            Role::Dealer,
            CribModel::Uniform,
            PlayModel::None,
            None,
        )
        .unwrap();
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
        let advice = advise(
            &dealt,
            2,
            Role::Pone,
            CribModel::Uniform,
            PlayModel::None,
            Some(16),
        )
        .unwrap();
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
            let advice = advise(
                &dealt,
                players,
                Role::Dealer,
                CribModel::Uniform,
                PlayModel::None,
                None,
            )
            .unwrap();
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
        assert!(
            advise(
                &six[..5],
                2,
                Role::Dealer,
                CribModel::Uniform,
                PlayModel::None,
                None
            )
            .is_err()
        );
        assert!(
            advise(
                &six,
                3,
                Role::Dealer,
                CribModel::Uniform,
                PlayModel::None,
                None
            )
            .is_err()
        );
        assert!(
            advise(
                &six,
                2,
                Role::PartnerDeals,
                CribModel::Uniform,
                PlayModel::None,
                None
            )
            .is_err()
        );
        assert!(
            advise(
                &cards("5h 5h 5c 5s 4d 6d"),
                2,
                Role::Dealer,
                CribModel::Uniform,
                PlayModel::None,
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
                PlayModel::None,
                None
            )
            .is_err()
        );
        assert!(
            advise(
                &six,
                5,
                Role::Dealer,
                CribModel::Uniform,
                PlayModel::None,
                None
            )
            .is_err()
        );
    }
}
