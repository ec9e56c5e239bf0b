//! What the play is worth to each kept hand: the pegging table.
//!
//! For every hand of four ranks (1,820 of them) and each seat, the points each side can expect
//! to peg in the play. The model:
//! - the other side holds the hands crib's expert crib model keeps ([`KeptHands`]), each
//!   weighted as `crib play --opponent expert` weights it: by how many sets of cards it stands
//!   for beside the hand held, times how much likelier the model is to keep it than chance;
//! - both sides play every card as crib's engine advises ([`advise`], against that expert
//!   opponent), each seeing only their own hand and the cards played, as at the table. Neither
//!   sees the starter or the throws.
//!
//! Every pair of hands is played out, so the table is exact under the model: nothing is
//! sampled. The engine is deterministic, so each decision (a seat, a hand, the play so far) is
//! searched once and remembered, however many pairs of hands reach it. Suits never matter in
//! the play.
//!
//! It is generated data, `src/generated/pegging.rs`, made by `xtask/src/generate/pegging.rs`
//! (`cargo xtask tables pegging`).

use crate::model::kept::KeptHands;
use crate::rules::numbering::{rank_hand_number, rank_hands};
use crate::rules::play::{Ranks, Seat};

#[rustfmt::skip]
#[path = "../generated/pegging.rs"]
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
    /// The committed table, as `src/generated/pegging.rs` holds it.
    pub fn committed() -> PegTable {
        let values = |pairs: &[(f64, f64)]| {
            pairs
                .iter()
                .map(|&(mine, theirs)| PegValue { mine, theirs })
                .collect()
        };
        PegTable {
            leads: data::LEADS.to_vec(),
            pone: values(&data::PONE),
            dealer: values(&data::DEALER),
        }
    }

    /// One hand's value in one seat of a two-player game.
    pub fn get(&self, seat: Seat, ranks: [u8; 4]) -> PegValue {
        self.seat(seat)[rank_hand_number(ranks)]
    }

    /// Every hand's value in one seat, by [`rank_hand_number`].
    pub fn seat(&self, seat: Seat) -> &[PegValue] {
        if seat == Seat::DEALER {
            &self.dealer
        } else {
            &self.pone
        }
    }

    /// The hands of four ranks that hold every rank of `wanted` (a count by rank number; index
    /// 0 unused), with their numbers, lowest ranks first: a player looks up their own hand, or
    /// every hand with two fives.
    pub fn hands_holding(wanted: &Ranks) -> Vec<(usize, [u8; 4])> {
        let mut hands: Vec<(usize, [u8; 4])> = rank_hands()
            .into_iter()
            .enumerate()
            .filter(|(_, hand)| {
                (1..=13u8).all(|r| {
                    hand.iter().filter(|&&x| x == r).count() >= usize::from(wanted[usize::from(r)])
                })
            })
            .collect();
        hands.sort_by_key(|&(_, hand)| hand);
        hands
    }

    /// The mean of a seat's entries over the hands the expert model keeps in that seat,
    /// weighted by how often it keeps each: the pegging a seat can expect in a deal under the
    /// model.
    pub fn seat_mean(&self, kept: &KeptHands, seat: Seat) -> PegValue {
        let keeps = kept.of(seat);
        let total: f64 = keeps.iter().map(|&k| k as f64).sum();
        let (mut mine, mut theirs) = (0.0, 0.0);
        for (&k, v) in keeps.iter().zip(self.seat(seat)) {
            mine += k as f64 * v.mine;
            theirs += k as f64 * v.theirs;
        }
        PegValue {
            mine: mine / total,
            theirs: theirs / total,
        }
    }
}

/// A hand for the play: how many of each rank.
pub fn counts(ranks: [u8; 4]) -> Ranks {
    let mut hand = [0u8; 14];
    for r in ranks {
        hand[usize::from(r)] += 1;
    }
    hand
}

/// Whether two hands of ranks can be dealt from one deck.
pub fn compatible(a: &Ranks, b: &Ranks) -> bool {
    (1..=13).all(|r| a[r] + b[r] <= 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_holding_ranks() {
        let mut wanted = [0u8; 14];
        wanted[5] = 2;
        let hands = PegTable::hands_holding(&wanted);
        assert!(
            hands
                .iter()
                .all(|(_, h)| h.iter().filter(|&&r| r == 5).count() >= 2)
        );
        assert_eq!(hands.len(), 91);
        assert!(hands.windows(2).all(|w| w[0].1 < w[1].1));
    }
}
