//! What the play is worth to each kept hand: the pegging table.
//!
//! For every hand of four ranks (1,820 of them) and each seat, the points each side can expect
//! to peg in the play. The model:
//! - the other side holds the hands crib's expert crib model keeps
//!   ([`crate::expert::committed_kept_hands`]), each weighted as `crib play --opponent expert`
//!   weights it: by how many sets of cards it stands for beside the hand held, times how much
//!   likelier the model is to keep it than chance;
//! - both sides play every card as crib's engine advises ([`crate::engine::advise_against`],
//!   against that expert opponent), each seeing only their own hand and the cards played, as
//!   at the table. Neither sees the starter or the throws.
//!
//! Every pair of hands is played out, so the table is exact under the model: nothing is
//! sampled. The engine is deterministic, so each decision (a seat, a hand, the play so far) is
//! searched once and remembered, however many pairs of hands reach it. Suits never matter in
//! the play.
//!
//! It is generated data, `src/generated/pegging.rs`, made by
//! `cargo run --release --example generate` (or `-- pegging` for this table alone).

use rayon::prelude::*;

use crate::card::Card;
use crate::engine::{Opponent, advise_against, expert_keep_ratio};
use crate::expert::{RANK_HANDS, rank_hand_number};
use crate::play::{DEALER, PONE, Ranks, Table, view};
use crate::score::binomial;

#[rustfmt::skip]
#[path = "generated/pegging.rs"]
mod data;

/// The points each side pegs, for one hand in one seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PegValue {
    /// The points the hand's holder pegs.
    pub mine: f64,
    /// The points the other side pegs.
    pub theirs: f64,
}

impl PegValue {
    /// Mine less theirs.
    pub fn net(&self) -> f64 {
        self.mine - self.theirs
    }
}

/// The pegging table: for every hand of four ranks, by [`rank_hand_number`], both seats'
/// values.
#[derive(Debug, Clone, PartialEq)]
pub struct PegTable {
    /// The rank number the pone leads from each hand, as crib's engine advises with nothing
    /// seen but the hand.
    pub leads: Vec<u8>,
    /// Each hand held by the pone.
    pub pone: Vec<PegValue>,
    /// Each hand held by the dealer.
    pub dealer: Vec<PegValue>,
}

impl PegTable {
    /// One hand's value in one seat ([`PONE`] or [`DEALER`]).
    pub fn get(&self, seat: usize, ranks: [u8; 4]) -> PegValue {
        let n = rank_hand_number(ranks);
        if seat == DEALER {
            self.dealer[n]
        } else {
            self.pone[n]
        }
    }
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

/// A hand for the play: how many of each rank.
fn counts(ranks: [u8; 4]) -> Ranks {
    let mut hand = [0u8; 14];
    for r in ranks {
        hand[usize::from(r)] += 1;
    }
    hand
}

/// Four cards with these ranks (suits assigned in turn, since the play ignores them).
fn cards(ranks: [u8; 4]) -> [Card; 4] {
    let mut copies = [0u8; 14];
    ranks.map(|r| {
        let suit = copies[usize::from(r)];
        copies[usize::from(r)] += 1;
        Card::from_index((r - 1) * 4 + suit)
    })
}

/// The decisions crib's engine has made, remembered: by [`decision_key`].
#[derive(Debug, Default)]
pub struct Decisions(std::sync::Mutex<rustc_hash::FxHashMap<u128, u8>>);

/// The key of a decision: the seat, the hand held (by [`rank_hand_number`]) and the play so
/// far, a nibble a token (a rank number, or 14 for go). A deal has 8 cards and at most two gos
/// a count, so at most 16 tokens, well within the 28 the key holds.
fn decision_key(seat: usize, hand: [u8; 4], tokens: &[u8]) -> u128 {
    assert!(tokens.len() <= 28, "a play of {} tokens", tokens.len());
    let mut key = (seat as u128) << 127 | (rank_hand_number(hand) as u128) << 112;
    for (i, &t) in tokens.iter().enumerate() {
        key |= u128::from(t) << (4 * i);
    }
    key
}

/// The token of a go in a decision's play so far.
const GO: u8 = 14;

impl Decisions {
    /// The rank crib's engine plays from `hand` in `seat`, the play so far being `tokens`.
    fn choose(&self, seat: usize, hand: [u8; 4], tokens: &[u8]) -> u8 {
        let key = decision_key(seat, hand, tokens);
        if let Some(&rank) = self.lock().get(&key) {
            return rank;
        }
        let view =
            view(&cards(hand), seat, &[], &notation(tokens)).expect("a position of the play");
        let advice = advise_against(&view, Opponent::Expert);
        let rank = advice.options[0].card.rank().number();
        self.lock().insert(key, rank);
        rank
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, rustc_hash::FxHashMap<u128, u8>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Decisions that remember the committed first leads already (the costliest decision of a
    /// deal, 10 ms each), which are the ones the engine makes.
    pub fn committed() -> Decisions {
        let decisions = Decisions::default();
        {
            let mut known = decisions.lock();
            for (hand, &lead) in rank_hands().into_iter().zip(data::LEADS.iter()) {
                known.insert(decision_key(PONE, hand, &[]), lead);
            }
        }
        decisions
    }

    /// How many decisions are remembered.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One deal's play, crib's engine on both sides: the points the pone and the dealer peg, and
/// the play in the notation of `crib peg` (ranks and `go`).
pub fn play_out(pone: [u8; 4], dealer: [u8; 4], decisions: &Decisions) -> ([u8; 2], Vec<String>) {
    let hands = [pone, dealer];
    let mut table = Table::new([counts(pone), counts(dealer)]);
    let mut tokens: Vec<u8> = Vec::with_capacity(12);
    let mut points = [0u8; 2];
    while !table.is_over() {
        let seat = table.turn();
        let (first, more) = {
            let mut legal = table.legal();
            (legal.next(), legal.next().is_some())
        };
        let step = match first {
            None => {
                tokens.push(GO);
                table.go()
            }
            Some(only) if !more => {
                tokens.push(only);
                table.play(only)
            }
            Some(_) => {
                let rank = decisions.choose(seat, hands[seat], &tokens);
                tokens.push(rank);
                table.play(rank)
            }
        };
        points = [points[0] + step[0], points[1] + step[1]];
    }
    (points, notation(&tokens))
}

/// A play's tokens (rank numbers, and [`GO`]) in the notation of `crib peg`.
fn notation(tokens: &[u8]) -> Vec<String> {
    tokens
        .iter()
        .map(|&t| {
            if t == GO {
                "go".to_owned()
            } else {
                crate::Rank::new(t).map_or("?", |r| r.ascii()).to_owned()
            }
        })
        .collect()
}

/// Whether two hands of ranks can be dealt from one deck.
fn compatible(a: &Ranks, b: &Ranks) -> bool {
    (1..=13).all(|r| a[r] + b[r] <= 4)
}

/// How a hand `held` by the other side, in `seat`, is weighted beside `beside`: the sets of
/// cards it stands for, times how much likelier the expert model is to keep it than chance.
fn weight(seat: usize, held: [u8; 4], beside: &Ranks) -> f64 {
    let counts = counts(held);
    let sets: f64 = (1..=13)
        .map(|r| binomial(usize::from(4 - beside[r]), usize::from(counts[r])) as f64)
        .product();
    sets * expert_keep_ratio(seat, held)
}

/// The points each side pegs for every pair of hands (pone's by number, then dealer's by
/// number; `None` where the two cannot be dealt together).
pub fn outcomes(hands: &[[u8; 4]], decisions: &Decisions) -> Vec<Vec<Option<[u8; 2]>>> {
    hands
        .par_iter()
        .map(|&pone| {
            let p = counts(pone);
            hands
                .iter()
                .map(|&dealer| {
                    compatible(&p, &counts(dealer)).then(|| play_out(pone, dealer, decisions).0)
                })
                .collect()
        })
        .collect()
}

/// One hand's entry in one seat: the mean over the other side's hands, weighted as the engine
/// weights them, of the points each side pegs; `outcome(m)` is the pair's outcome (pone's
/// points, dealer's) against the other side's hand number `m`, `None` when the two cannot be
/// dealt together.
fn weighted(
    seat: usize,
    ranks: [u8; 4],
    hands: &[[u8; 4]],
    outcome: impl Fn(usize) -> Option<[u8; 2]>,
) -> PegValue {
    let mine_counts = counts(ranks);
    let (mut total, mut mine, mut theirs) = (0.0, 0.0, 0.0);
    for (m, &other) in hands.iter().enumerate() {
        let Some(points) = outcome(m) else { continue };
        let w = weight(1 - seat, other, &mine_counts);
        total += w;
        mine += w * f64::from(points[seat]);
        theirs += w * f64::from(points[1 - seat]);
    }
    PegValue {
        mine: mine / total,
        theirs: theirs / total,
    }
}

/// One hand's entry in one seat, computed on its own: the hand played against every hand of the
/// other side's (`hands`, every hand of four ranks by number). The same to the last bit as the
/// entry [`generate`] makes.
pub fn entry(seat: usize, ranks: [u8; 4], hands: &[[u8; 4]], decisions: &Decisions) -> PegValue {
    let held = counts(ranks);
    let outcomes: Vec<Option<[u8; 2]>> = hands
        .par_iter()
        .map(|&other| {
            compatible(&held, &counts(other)).then(|| {
                if seat == DEALER {
                    play_out(other, ranks, decisions).0
                } else {
                    play_out(ranks, other, decisions).0
                }
            })
        })
        .collect();
    weighted(seat, ranks, hands, |m| outcomes[m])
}

/// The table from every pair's outcome (by [`outcomes`]).
pub fn aggregate(hands: &[[u8; 4]], outcomes: &[Vec<Option<[u8; 2]>>]) -> PegTable {
    PegTable {
        leads: Vec::new(),
        pone: (0..hands.len())
            .map(|n| weighted(PONE, hands[n], hands, |m| outcomes[n][m]))
            .collect(),
        dealer: (0..hands.len())
            .map(|n| weighted(DEALER, hands[n], hands, |m| outcomes[m][n]))
            .collect(),
    }
}

/// Compute the whole table: every pair of hands played out, then weighted. The same to the last
/// bit on every run.
pub fn generate() -> PegTable {
    let hands = rank_hands();
    let decisions = Decisions::default();
    let mut table = aggregate(&hands, &outcomes(&hands, &decisions));
    // Every pone hand led against some dealer hand, so these are remembered already.
    table.leads = hands
        .iter()
        .map(|&h| decisions.choose(PONE, h, &[]))
        .collect();
    table
}

/// The pone's first lead from a hand of four ranks, searched afresh by crib's engine (against
/// the expert dealer, nothing seen but the hand).
pub fn first_lead(ranks: [u8; 4]) -> u8 {
    Decisions::default().choose(PONE, ranks, &[])
}

/// The committed table.
pub fn table() -> &'static PegTable {
    static TABLE: std::sync::OnceLock<PegTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| PegTable {
        leads: data::LEADS.to_vec(),
        pone: data::PONE
            .iter()
            .map(|&(mine, theirs)| PegValue { mine, theirs })
            .collect(),
        dealer: data::DEALER
            .iter()
            .map(|&(mine, theirs)| PegValue { mine, theirs })
            .collect(),
    })
}

/// One hand's committed value in one seat, without building the whole table.
pub fn lookup(seat: usize, ranks: [u8; 4]) -> PegValue {
    let n = rank_hand_number(ranks);
    let (mine, theirs) = if seat == DEALER {
        data::DEALER[n]
    } else {
        data::PONE[n]
    };
    PegValue { mine, theirs }
}

/// The mean of a seat's entries over the hands the expert model keeps in that seat, weighted
/// by how often it keeps each: the pegging a seat can expect in a deal under the model.
pub fn seat_mean(table: &PegTable, seat: usize) -> PegValue {
    let keeps = crate::expert::committed_kept_hands()[if seat == DEALER { 0 } else { 1 }];
    let values = if seat == DEALER {
        &table.dealer
    } else {
        &table.pone
    };
    let total: f64 = keeps.iter().map(|&k| k as f64).sum();
    let (mut mine, mut theirs) = (0.0, 0.0);
    for (&k, v) in keeps.iter().zip(values) {
        mine += k as f64 * v.mine;
        theirs += k as f64 * v.theirs;
    }
    PegValue {
        mine: mine / total,
        theirs: theirs / total,
    }
}

/// The source of `src/generated/pegging.rs` for a table.
pub fn render(table: &PegTable) -> String {
    use std::fmt::Write;
    let mut out = String::from(
        "// DO NOT EDIT. Generated by `cargo run --release --example generate`.\n\
         //\n\
         // The pegging table (see src/pegging.rs): for every hand of four ranks, numbered by\n\
         // `expert::rank_hand_number`, the points its holder and the other side peg in the\n\
         // play, the other side holding the expert crib model's kept hands and both sides\n\
         // playing as crib's engine advises.\n",
    );
    let hands = rank_hands();
    let name = |h: &[u8; 4]| {
        h.iter()
            .map(|&r| crate::Rank::new(r).map_or("?", |r| r.ascii()))
            .collect::<Vec<_>>()
            .join("-")
    };
    let _ = writeln!(
        out,
        "\n/// The rank number the pone leads from each hand, as crib's engine advises."
    );
    let _ = writeln!(out, "pub static LEADS: [u8; {RANK_HANDS}] = [");
    for line in table.leads.chunks(20) {
        let items: Vec<String> = line.iter().map(u8::to_string).collect();
        let _ = writeln!(out, "    {},", items.join(", "));
    }
    let _ = writeln!(out, "];");
    for (doc, constant, values) in [
        ("held by the pone", "PONE", &table.pone),
        ("held by the dealer", "DEALER", &table.dealer),
    ] {
        let _ = writeln!(
            out,
            "\n/// Each hand {doc}: (the points it pegs, the points the other side pegs)."
        );
        let _ = writeln!(out, "pub static {constant}: [(f64, f64); {RANK_HANDS}] = [");
        for (hand, value) in hands.iter().zip(values) {
            let _ = writeln!(
                out,
                "    ({:.6}, {:.6}), // {}",
                value.mine,
                value.theirs,
                name(hand)
            );
        }
        let _ = writeln!(out, "];");
    }
    out
}

/// Where the pegging table lives, relative to the crate's root.
pub const GENERATED_PATH: &str = "src/generated/pegging.rs";

/// The committed source text of the pegging table.
pub const GENERATED_SOURCE: &str = include_str!("generated/pegging.rs");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_hands_are_numbered_in_order() {
        let hands = rank_hands();
        assert_eq!(hands.len(), RANK_HANDS);
        for (n, &h) in hands.iter().enumerate() {
            assert_eq!(rank_hand_number(h), n);
        }
    }

    #[test]
    fn cards_have_the_ranks_and_are_distinct() {
        let c = cards([5, 5, 5, 5]);
        assert!(c.iter().all(|c| c.rank().number() == 5));
        crate::card::check_deck(&c).unwrap();
    }
}
