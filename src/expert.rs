//! The expert crib model: what players who throw well lay away, computed by crib itself.
//!
//! The uniform model values a crib as if the other side's two cards were any two unseen cards.
//! Real players don't throw at random: a dealer salts his own crib and a pone balks it. This
//! module finds what each side throws when both throw well, by **iterated best response** over
//! every six-card deal, with suits, so that hand flushes, crib flushes and nobs all count:
//!
//! 1. Start from the uniform model: every kind of throw valued as if the other side threw at
//!    random.
//! 2. In each of the 20,358,520 six-card deals, the dealer keeps the four cards that maximise
//!    his hand's expected points (over the 46 starters he cannot see) **plus** the table value
//!    of his throw, and the pone keeps the four that maximise her hand's expected points
//!    **minus** the table value of hers.
//! 3. Value every throw made in its own deal, as `crib discard` does: the other side's two cards
//!    drawn from what that side threw in the round before, restricted to the cards not in the
//!    thrower's six and renormalised, the starter from the 44 cards left; exact, with suits. A
//!    kind's table value (169 kinds: two ranks, suited or not) is its mean over the deals it is
//!    thrown in.
//! 4. Repeat until no kind's value moves by more than [`TOLERANCE`]. When pure best response
//!    cycles instead, later rounds are added to the earlier ones (fictitious play): see
//!    [`generate`].
//!
//! The model assumes that each side chooses by the table for its seat (not by a deeper reading
//! of the other side's hand), that both sides maximise expected points of the show only (the
//! play and the score on the board are left out), and that a tie between two equal choices goes
//! to the first in deck order.
//!
//! The result is generated data, committed in `src/generated/expert_crib.rs` and regenerated
//! byte for byte by `cargo run --release --example generate`.

use rayon::prelude::*;

use crate::card::Card;
use crate::discard::{CribTable, Role, ThrowKind, ThrowValue, ThrowWeights, table_with};
use crate::score::{HandKind, Prepared};

#[rustfmt::skip]
#[path = "generated/expert_crib.rs"]
mod data;

#[rustfmt::skip]
#[path = "generated/kept_hands.rs"]
mod kept;

/// How many six-card deals there are: C(52, 6).
pub const DEALS: u64 = 20_358_520;

/// The iteration stops when no kind's value moves by more than this.
pub const TOLERANCE: f64 = 0.001;

/// The iteration gives up after this many rounds (it has never needed more than a handful).
pub const MAX_ROUNDS: u32 = 100;

/// One number for each kind of throw, in [`ThrowKind::all`] order.
pub type PerKind<T> = [T; ThrowKind::COUNT];

/// The crib value of every kind of throw, for each side.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// The dealer's throw into his own crib.
    pub dealer: PerKind<f64>,
    /// The pone's throw into the dealer's crib.
    pub pone: PerKind<f64>,
}

impl Tables {
    /// Every kind valued as if the other side's two cards were drawn from `throws`, with no
    /// regard to the cards the thrower keeps: the dealer's throws against the pone's, the pone's
    /// against the dealer's. With [`Throws::uniform`] this is the uniform model's table.
    pub fn independent(throws: &Throws) -> Tables {
        let values = |others: &PerKind<u64>| -> PerKind<f64> {
            let table = table_with(&ThrowWeights::from_kind_counts(others), None);
            let mut values = [0.0; ThrowKind::COUNT];
            for t in &table.throws {
                values[t.kind().index()] = t.crib_mean;
            }
            values
        };
        Tables {
            dealer: values(&throws.pone),
            pone: values(&throws.dealer),
        }
    }

    /// The largest difference between a value here and the same value in `other`.
    pub fn largest_change(&self, other: &Tables) -> f64 {
        self.dealer
            .iter()
            .zip(&other.dealer)
            .chain(self.pone.iter().zip(&other.pone))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }
}

/// How many deals each side throws each kind in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throws {
    /// The dealer's throws.
    pub dealer: PerKind<u64>,
    /// The pone's throws.
    pub pone: PerKind<u64>,
}

impl Throws {
    /// Throws at random: each kind as often as it has throws. Valued, this is the uniform model.
    pub fn uniform() -> Throws {
        let mut counts = [0; ThrowKind::COUNT];
        for kind in ThrowKind::all() {
            counts[kind.index()] = u64::from(kind.throws());
        }
        Throws {
            dealer: counts,
            pone: counts,
        }
    }
}

/// The crib values of the throws made, summed by kind, in units of 2^-40 of a point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueSums {
    /// The dealer's throws into his own crib.
    pub dealer: PerKind<u128>,
    /// The pone's throws into the dealer's crib.
    pub pone: PerKind<u128>,
}

/// The fixed-point scale of [`ValueSums`]: whole numbers add up the same in any order, so the
/// sums, and so the tables, are the same on every run however the work is shared out.
const SCALE: u128 = 1 << 40;

/// What each side throws and what the throws are worth, after a round.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// In how many deals each side throws each kind (summed over the averaged rounds).
    pub throws: Throws,
    /// The crib values of those throws, each valued in its own deal, summed by kind.
    pub sums: ValueSums,
    /// The table: each kind's mean value over the deals it is thrown in.
    pub tables: Tables,
}

impl State {
    /// The uniform model, where the iteration starts.
    pub fn uniform() -> State {
        let throws = Throws::uniform();
        State {
            tables: Tables::independent(&throws),
            sums: ValueSums {
                dealer: [0; ThrowKind::COUNT],
                pone: [0; ThrowKind::COUNT],
            },
            throws,
        }
    }

    /// The state of throws and value sums: each kind's value is its mean over the deals it is
    /// thrown in. A kind that no deal throws is valued as if thrown from any hand, the other
    /// side's throws drawn from the model ([`Tables::independent`]).
    pub fn new(throws: Throws, sums: ValueSums) -> State {
        let fallback = Tables::independent(&throws);
        let mean = |sums: &PerKind<u128>, counts: &PerKind<u64>, fallback: &PerKind<f64>| {
            let mut values = [0.0; ThrowKind::COUNT];
            for k in 0..ThrowKind::COUNT {
                values[k] = if counts[k] == 0 {
                    fallback[k]
                } else {
                    sums[k] as f64 / SCALE as f64 / counts[k] as f64
                };
            }
            values
        };
        let tables = Tables {
            dealer: mean(&sums.dealer, &throws.dealer, &fallback.dealer),
            pone: mean(&sums.pone, &throws.pone, &fallback.pone),
        };
        State {
            throws,
            sums,
            tables,
        }
    }
}

/// The expert model: the last two states of the iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Rounds of best response until no value moved by more than [`TOLERANCE`].
    pub rounds: u32,
    /// The first round whose throws are added to the rounds before (0: never).
    pub averaged_from: u32,
    /// The state the last round answered.
    pub previous: State,
    /// The state after the last round: the model.
    pub state: State,
}

impl Model {
    /// The model's tables.
    pub fn tables(&self) -> &Tables {
        &self.state.tables
    }

    /// How the other side's crib cards are weighted when a player in `role` throws: a dealer
    /// faces the pone's throws, a pone the dealer's.
    pub fn others(&self, role: Role) -> ThrowWeights {
        match role {
            Role::Dealer => ThrowWeights::from_kind_counts(&self.state.throws.pone),
            Role::Pone => ThrowWeights::from_kind_counts(&self.state.throws.dealer),
            // Four players: no two-card model; the caller refuses it before asking.
            Role::PartnerDeals => ThrowWeights::uniform(),
        }
    }

    /// The table of every kind of throw for a dealer (into his own crib) or a pone (into the
    /// dealer's), with how often the side throws each kind.
    pub fn table(&self, role: Role) -> CribTable {
        let (values, counts) = match role {
            Role::Pone => (&self.state.tables.pone, &self.state.throws.pone),
            _ => (&self.state.tables.dealer, &self.state.throws.dealer),
        };
        let deals: u64 = counts.iter().sum();
        let throws = ThrowKind::all()
            .map(|kind| ThrowValue {
                low: kind.low,
                high: kind.high,
                suited: kind.suited,
                crib_mean: values[kind.index()],
                throws: kind.throws(),
                share: Some(counts[kind.index()] as f64 / deals as f64),
            })
            .collect();
        CribTable { throws }
    }

    /// The round that made this model, done again from the state it answered.
    pub fn last_round_again(&self) -> State {
        round(
            &HandSums::new(),
            &self.previous,
            self.averaged_from > 0 && self.rounds >= self.averaged_from,
        )
    }

    /// One more round of the iteration: the model it makes.
    pub fn next_round(&self) -> Model {
        Model {
            rounds: self.rounds + 1,
            averaged_from: self.averaged_from,
            previous: self.state.clone(),
            state: round(&HandSums::new(), &self.state, self.averaged_from > 0),
        }
    }
}

/// The committed model.
pub fn model() -> &'static Model {
    &MODEL
}

static MODEL: Model = Model {
    rounds: data::ROUNDS,
    averaged_from: data::AVERAGED_FROM,
    previous: State {
        throws: Throws {
            dealer: data::PREVIOUS_DEALER_THROWS,
            pone: data::PREVIOUS_PONE_THROWS,
        },
        sums: ValueSums {
            dealer: data::PREVIOUS_DEALER_SUMS,
            pone: data::PREVIOUS_PONE_SUMS,
        },
        tables: Tables {
            dealer: data::PREVIOUS_DEALER_VALUES,
            pone: data::PREVIOUS_PONE_VALUES,
        },
    },
    state: State {
        throws: Throws {
            dealer: data::DEALER_THROWS,
            pone: data::PONE_THROWS,
        },
        sums: ValueSums {
            dealer: data::DEALER_SUMS,
            pone: data::PONE_SUMS,
        },
        tables: Tables {
            dealer: data::DEALER_VALUES,
            pone: data::PONE_VALUES,
        },
    },
};

/// Run the iteration from the uniform model to the fixed point. `on_round` hears each round:
/// its number, the largest change of a value in it, and whether its throws are averaged.
///
/// Pure best response need not settle: it can fall into a cycle of two states, some deals
/// flipping between two throws each round, the values swinging for ever. So once a round's
/// change is no smaller than the change two rounds before, each later round's throws (and their
/// values) are added to the rounds before (fictitious play), which converges on the mixture of
/// the states that neither side can improve on.
pub fn generate(mut on_round: impl FnMut(u32, f64, bool)) -> Model {
    let hands = HandSums::new();
    let mut state = State::uniform();
    let mut averaged_from = 0;
    let mut changes: Vec<f64> = Vec::new();
    for round_number in 1..=MAX_ROUNDS {
        let averaging = averaged_from > 0;
        let next = round(&hands, &state, averaging);
        let change = next.tables.largest_change(&state.tables);
        on_round(round_number, change, averaging);
        if change <= TOLERANCE || round_number == MAX_ROUNDS {
            return Model {
                rounds: round_number,
                averaged_from,
                previous: state,
                state: next,
            };
        }
        let stalled = changes.len() >= 2 && change >= changes[changes.len() - 2];
        if !averaging && stalled {
            averaged_from = round_number + 1;
        }
        changes.push(change);
        state = next;
    }
    unreachable!("the loop returns in its last round")
}

/// One round: both sides answer `previous`'s tables in every deal, and each throw made is valued
/// in its own deal against the other side's throws in `previous`. With `averaging`, the round's
/// throws and values are added to `previous`'s.
fn round(hands: &HandSums, previous: &State, averaging: bool) -> State {
    let exclusions = [&previous.throws.pone, &previous.throws.dealer]
        .map(|others| Exclusions::new(&ThrowWeights::from_kind_counts(others)));
    let (mut throws, mut sums) = hands.best_responses(&previous.tables, &exclusions);
    if averaging {
        add(&mut throws.dealer, &previous.throws.dealer);
        add(&mut throws.pone, &previous.throws.pone);
        add(&mut sums.dealer, &previous.sums.dealer);
        add(&mut sums.pone, &previous.sums.pone);
    }
    State::new(throws, sums)
}

fn add<T: Copy + std::ops::AddAssign>(a: &mut [T], b: &[T]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

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
struct Exclusions {
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
    fn new(others: &ThrowWeights) -> Exclusions {
        let kinds: Vec<ThrowKind> = ThrowKind::all().collect();
        let kinds = kinds
            .into_par_iter()
            .map(|kind| KindSums::new(kind.example(), others))
            .collect();
        Exclusions { kinds }
    }

    /// The crib value of throwing two cards (deck indices) while keeping four, as a whole
    /// number of 2^-40 points.
    fn value(&self, thrown: [u8; 2], kept: [u8; 4]) -> u128 {
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

/// The number, 0 to 1,325, of two distinct deck indices.
fn pair_number(x: u8, y: u8) -> usize {
    let (x, y) = (x.min(y), x.max(y));
    (BINOMIAL[1][usize::from(x)] + BINOMIAL[2][usize::from(y)]) as usize
}

/// The number, 0 to 22,099, of three deck indices in ascending order.
fn triple_number(x: u8, y: u8, z: u8) -> usize {
    (BINOMIAL[1][usize::from(x)] + BINOMIAL[2][usize::from(y)] + BINOMIAL[3][usize::from(z)])
        as usize
}

/// The 15 ways to split six cards: the positions kept and the positions thrown, in the order
/// of the positions thrown.
const SPLITS: [([usize; 4], [usize; 2]); 15] = {
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

/// `BINOMIAL[k][n]` = C(n, k), for numbering four-card hands (the combinatorial number system).
const BINOMIAL: [[u32; 52]; 5] = {
    let mut table = [[0u32; 52]; 5];
    let mut n = 0;
    while n < 52 {
        table[0][n] = 1;
        let mut k = 1;
        while k < 5 {
            table[k][n] = if n == 0 {
                0
            } else {
                table[k][n - 1] + table[k - 1][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The number, 0 to 270,724, of four deck indices in ascending order.
#[inline]
fn hand_number(cards: [u8; 4]) -> usize {
    (BINOMIAL[1][usize::from(cards[0])]
        + BINOMIAL[2][usize::from(cards[1])]
        + BINOMIAL[3][usize::from(cards[2])]
        + BINOMIAL[4][usize::from(cards[3])]) as usize
}

/// The hand's total points over all 48 starters, for every four-card hand: a hand's expected
/// points in a deal are this less the two thrown cards as starters, over 46.
struct HandSums {
    sums: Vec<u16>,
    deck: [Card; 52],
}

impl HandSums {
    fn new() -> HandSums {
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
    fn best_splits(&self, six: [u8; 6], tables: &Tables) -> (usize, usize) {
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
    fn best_responses(&self, tables: &Tables, exclusions: &[Exclusions; 2]) -> (Throws, ValueSums) {
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
fn thrown_value(six: [u8; 6], split: usize, exclusions: &Exclusions) -> (usize, u128) {
    let (keep, [i, j]) = SPLITS[split];
    let thrown = [six[i], six[j]];
    (
        ThrowKind::index_of(thrown[0], thrown[1]),
        exclusions.value(thrown, keep.map(|p| six[p])),
    )
}

/// How many different four-card hands there are by ranks: multisets of 4 of 13 ranks.
pub const RANK_HANDS: usize = 1820;

/// The number, 0 to 1,819, of a hand of four ranks (rank numbers 1 to 13, in any order).
pub fn rank_hand_number(ranks: [u8; 4]) -> usize {
    let mut r = ranks.map(|x| x.saturating_sub(1));
    r.sort_unstable();
    // A multiset of ranks r0 <= r1 <= r2 <= r3 is the set r0 < r1 + 1 < r2 + 2 < r3 + 3.
    (0..4)
        .map(|i| BINOMIAL[i + 1][usize::from(r[i]) + i] as usize)
        .sum()
}

/// In how many of the 20,358,520 deals each side keeps each hand of four ranks when both throw
/// by `tables` (by [`rank_hand_number`]): the dealer's, then the pone's.
pub fn kept_hands(tables: &Tables) -> [Vec<u64>; 2] {
    let sums = HandSums::new();
    fold_deals(
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
    )
}

/// Visit every six-card deal (deck indices, ascending) on every core, one task per first two
/// cards: each task tallies from `zero()` with `visit`, and `merge` joins the tasks' tallies.
/// Whole-number tallies come out the same however the work is shared.
fn fold_deals<T: Send>(
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

/// The committed tallies of kept hands: the dealer's and the pone's, under the model's tables.
pub fn committed_kept_hands() -> [&'static [u64]; 2] {
    [&kept::DEALER_KEEPS, &kept::PONE_KEEPS]
}

/// The source of `src/generated/kept_hands.rs` for tallies made by [`kept_hands`].
pub fn render_kept_hands(kept: &[Vec<u64>; 2]) -> String {
    use std::fmt::Write;
    let mut out = String::from(
        "// DO NOT EDIT. Generated by `cargo run --release --example generate`.\n\
         //\n\
         // How often the expert crib model's players keep each hand of four ranks: in how many\n\
         // of the 20,358,520 six-card deals, throwing by the model's tables\n\
         // (src/generated/expert_crib.rs). Hands are numbered by `expert::rank_hand_number`.\n",
    );
    for (name, counts) in [("DEALER_KEEPS", &kept[0]), ("PONE_KEEPS", &kept[1])] {
        let _ = writeln!(
            out,
            "\n/// The {}'s kept hands.",
            name.split('_').next().unwrap_or("").to_lowercase()
        );
        let _ = writeln!(out, "pub const {name}: [u64; 1820] = [");
        for line in counts.chunks(10) {
            let items: Vec<String> = line.iter().map(u64::to_string).collect();
            let _ = writeln!(out, "    {},", items.join(", "));
        }
        let _ = writeln!(out, "];");
    }
    out
}

/// Where the kept-hand tallies live, relative to the crate's root.
pub const KEPT_PATH: &str = "src/generated/kept_hands.rs";

/// The committed source text of the kept-hand tallies.
pub const KEPT_SOURCE: &str = include_str!("generated/kept_hands.rs");

/// Averages of real two-player deals under the model, with their standard errors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Simulation {
    /// How many deals were played.
    pub deals: u64,
    /// The crib's points: (mean, standard error).
    pub crib: (f64, f64),
    /// The dealer's hand's points.
    pub dealer_hand: (f64, f64),
    /// The pone's hand's points.
    pub pone_hand: (f64, f64),
}

/// Deal `deals` random two-player deals (seeded), let both sides throw as the model's players
/// do under `tables`, turn a starter and count the hands and the crib. Unlike the tables, this
/// deals both hands from one deck, so the two throws are as dependent as in a real game.
pub fn simulate(tables: &Tables, deals: u64, seed: u64) -> Simulation {
    let sums = HandSums::new();
    let chunks = 64u64;
    let per_chunk = deals.div_ceil(chunks);
    let zero = || [[0f64; 2]; 3];
    let moments = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut rng = SplitMix(seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut moments = zero();
            let n = per_chunk.min(deals.saturating_sub(chunk * per_chunk));
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            for _ in 0..n {
                // A partial Fisher-Yates shuffle: the first 13 cards are the deal.
                for i in 0..13 {
                    let j = i + rng.below(52 - i as u64) as usize;
                    deck.swap(i, j);
                }
                let mut dealer: [u8; 6] = deck[..6].try_into().unwrap_or_default();
                let mut pone: [u8; 6] = deck[6..12].try_into().unwrap_or_default();
                dealer.sort_unstable();
                pone.sort_unstable();
                let starter = sums.deck[usize::from(deck[12])];
                let (dealer_split, _) = sums.best_splits(dealer, tables);
                let (_, pone_split) = sums.best_splits(pone, tables);
                let cards = |six: [u8; 6], positions: &[usize]| -> Vec<Card> {
                    positions
                        .iter()
                        .map(|&p| sums.deck[usize::from(six[p])])
                        .collect()
                };
                let score = |cards: &[Card], kind| {
                    let four: [Card; 4] = cards.try_into().unwrap_or([starter; 4]);
                    f64::from(Prepared::new(&four, kind).score(starter))
                };
                let (dealer_keep, dealer_throw) = SPLITS[dealer_split];
                let (pone_keep, pone_throw) = SPLITS[pone_split];
                let mut crib = cards(dealer, &dealer_throw);
                crib.extend(cards(pone, &pone_throw));
                let points = [
                    score(&crib, HandKind::Crib),
                    score(&cards(dealer, &dealer_keep), HandKind::Hand),
                    score(&cards(pone, &pone_keep), HandKind::Hand),
                ];
                for (m, x) in moments.iter_mut().zip(points) {
                    m[0] += x;
                    m[1] += x * x;
                }
            }
            moments
        })
        .reduce(zero, |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x[0] += y[0];
                x[1] += y[1];
            }
            a
        });
    let n = deals as f64;
    let estimate = |m: [f64; 2]| {
        let mean = m[0] / n;
        let variance = (m[1] / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean, (variance / n).sqrt())
    };
    Simulation {
        deals,
        crib: estimate(moments[0]),
        dealer_hand: estimate(moments[1]),
        pone_hand: estimate(moments[2]),
    }
}

/// SplitMix64: a small, fast, seeded generator whose stream never changes between versions.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`, without bias (Lemire's method with rejection).
    fn below(&mut self, n: u64) -> u64 {
        loop {
            let product = u128::from(self.next()) * u128::from(n);
            let low = product as u64;
            if low >= n.wrapping_neg() % n {
                return (product >> 64) as u64;
            }
        }
    }
}

/// The source of `src/generated/expert_crib.rs` for a model.
pub fn render(model: &Model) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// DO NOT EDIT. Generated by `cargo run --release --example generate`.\n\
         //\n\
         // The expert crib model (src/expert.rs): iterated best response over all 20,358,520\n\
         // six-card deals, with suits, from the uniform model, until no kind of throw's crib\n\
         // value moved by more than {TOLERANCE}. Kinds are in `ThrowKind::all()` order: by the\n\
         // lower rank, then the higher, off-suit (or a pair) before suited. Sums are in units\n\
         // of 2^-40 of a point.\n\
         \n\
         /// Rounds of best response until no value moved by more than the tolerance.\n\
         pub const ROUNDS: u32 = {};\n\
         \n\
         /// The first round whose throws are added to the rounds before (0: never).\n\
         pub const AVERAGED_FROM: u32 = {};",
        model.rounds, model.averaged_from
    );
    let mut array = |name: &str, doc: &str, ty: &str, items: Vec<String>| {
        let _ = writeln!(out, "\n/// {doc}\npub const {name}: [{ty}; 169] = [");
        for line in items.chunks(6) {
            let _ = writeln!(out, "    {},", line.join(", "));
        }
        let _ = writeln!(out, "];");
    };
    let counts = |c: &PerKind<u64>| c.iter().map(u64::to_string).collect();
    let sums = |c: &PerKind<u128>| c.iter().map(u128::to_string).collect();
    // `{:?}` prints the shortest decimal that reads back as the same f64.
    let values = |v: &PerKind<f64>| v.iter().map(|x| format!("{x:?}")).collect();
    for (prefix, when, state) in [
        ("PREVIOUS_", "before the last round", &model.previous),
        ("", "after the last round: the model", &model.state),
    ] {
        for (side, throws, value_sums, tables) in [
            (
                "DEALER",
                &state.throws.dealer,
                &state.sums.dealer,
                &state.tables.dealer,
            ),
            (
                "PONE",
                &state.throws.pone,
                &state.sums.pone,
                &state.tables.pone,
            ),
        ] {
            let who = side.to_lowercase();
            array(
                &format!("{prefix}{side}_THROWS"),
                &format!("In how many deals the {who} throws each kind, {when}."),
                "u64",
                counts(throws),
            );
            array(
                &format!("{prefix}{side}_SUMS"),
                &format!("The {who}'s throws' crib values, summed by kind, {when}."),
                "u128",
                sums(value_sums),
            );
            array(
                &format!("{prefix}{side}_VALUES"),
                &format!("The {who}'s table: each kind's mean crib value, {when}."),
                "f64",
                values(tables),
            );
        }
    }
    out
}

/// Where the generated model lives, relative to the crate's root.
pub const GENERATED_PATH: &str = "src/generated/expert_crib.rs";

/// The committed source text of the generated model.
pub const GENERATED_SOURCE: &str = include_str!("generated/expert_crib.rs");

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

    #[test]
    fn rank_hands_are_numbered_one_to_one() {
        let mut seen = vec![false; RANK_HANDS];
        for a in 1..=13u8 {
            for b in a..=13 {
                for c in b..=13 {
                    for d in c..=13 {
                        let n = rank_hand_number([d, b, a, c]);
                        assert!(!seen[n], "{a} {b} {c} {d}");
                        seen[n] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_uniform_start_is_the_uniform_table() {
        let uniform = State::uniform().tables;
        let table = crate::discard::crib_table();
        for t in &table.throws {
            let i = t.kind().index();
            assert_eq!(uniform.dealer[i], t.crib_mean);
            assert_eq!(uniform.pone[i], t.crib_mean);
        }
    }

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
        let mut rng = SplitMix(3);
        for _ in 0..40 {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..6 {
                let j = i + rng.below(52 - i as u64) as usize;
                deck.swap(i, j);
            }
            let six: [u8; 6] = deck[..6].try_into().unwrap();
            let cards: Vec<Card> = six.iter().map(|&c| Card::from_index(c)).collect();
            let unseen = crate::stats::unseen(&cards);
            let split = rng.below(15) as usize;
            let (keep, [i, j]) = SPLITS[split];
            let thrown = [cards[i], cards[j]];
            let (sum, weight) = crate::discard::crib_sum(&thrown, &unseen, &weights);
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
}
