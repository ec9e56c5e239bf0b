//! What the play is worth to each kept hand: the pegging tables of two, three and four players.
//!
//! For every hand of four ranks (1,820 of them) and each seat, the points each side can expect
//! to peg in the play. With two players the model is:
//! - the other side holds the hands crib's expert crib model keeps ([`KeptHands`]), each
//!   weighted as `crib play --opponent expert` weights it: by how many sets of cards it stands
//!   for beside the hand held, times how much likelier the model is to keep it than chance;
//! - both sides play every card as crib's engine advises ([`crate::search::engine`], against that expert
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
//!
//! With three and four players, the points its holder (with four players, his partnership) can
//! expect to peg, and the points his rivals can (three players: the mean of the other two; four:
//! the other side). For each seat and hand, 128 deals of the other seats' hands (three players;
//! 48 with four) are drawn from pools of 3,000 hands crib's discard keeps in those seats, each
//! fitting the cards left, and each deal is played out by crib's engine at every seat
//! ([`crate::search::players::quick_sampled`]: each player sees his own cards and the play, and
//! chooses over sampled deals of the cards he cannot see; three players each for himself,
//! partners for their side). Nobody sees the starter or the throws. The mean over those deals
//! carries a sampling error (about 0.2 point of net with three players, 0.6 with four) as large
//! as the differences between the keeps of one deal, so each entry is then pulled towards what
//! hands of its shape peg (a least-squares fit of the seat's entries on the ranks held, the
//! pairs, fifteens, runs and near-runs), by the share of its distance from the fit that the
//! measured noise accounts for (empirical Bayes). Committed as
//! `src/generated/pegging34.rs`, made by `xtask/src/generate/pegging34.rs` and
//! `pegging_smooth.rs` (`cargo xtask tables pegging34`, or `pegsmooth` for the smoothing alone).

use crate::model::kept::KeptHands;
use crate::rules::card::Rank;
use crate::rules::numbering::{rank_hand_number, rank_hands};
use crate::rules::play::Ranks;
use crate::rules::seat::Players;
use crate::rules::seat::Seat;

#[rustfmt::skip]
#[path = "../generated/pegging.rs"]
mod data;

// Smoothed entries are any number to four places, some of them near a constant clippy knows.
#[rustfmt::skip]
#[allow(clippy::approx_constant)]
#[path = "../generated/pegging34.rs"]
mod three_four;

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

/// A pegging table, of two, three or four players: for each seat, every hand of four ranks (by
/// [`rank_hand_number`]) and the points its holder (with four players, his side) and his rivals
/// can expect to peg with it. Two players' is exact under its model, three and four players'
/// sampled (see the module's documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct PegTable {
    /// How many play.
    pub players: Players,
    /// By seat (0 leads, the dealer last), every hand's value by [`rank_hand_number`].
    pub seats: Vec<Vec<PegValue>>,
    /// Two players: the rank number the pone leads from each hand, as crib's engine advises with
    /// nothing seen but the hand. Empty for three or four.
    pub leads: Vec<u8>,
}

impl PegTable {
    /// The committed table of `players`: `src/generated/pegging.rs` for two,
    /// `src/generated/pegging34.rs` for three and four.
    pub(crate) fn committed(players: Players) -> PegTable {
        let values = |pairs: &[(f64, f64)]| -> Vec<PegValue> {
            pairs
                .iter()
                .map(|&(mine, theirs)| PegValue { mine, theirs })
                .collect()
        };
        let (seats, leads) = match players.count() {
            2 => (
                vec![values(&data::PONE), values(&data::DEALER)],
                data::LEADS.to_vec(),
            ),
            3 => (
                three_four::THREE.iter().map(|s| values(s)).collect(),
                Vec::new(),
            ),
            _ => (
                three_four::FOUR.iter().map(|s| values(s)).collect(),
                Vec::new(),
            ),
        };
        PegTable {
            players,
            seats,
            leads,
        }
    }

    /// One hand's value in one seat.
    pub fn get(&self, seat: Seat, hand: [Rank; 4]) -> PegValue {
        self.seat(seat)[rank_hand_number(hand.map(Rank::number))]
    }

    /// Every hand's value in one seat, by [`rank_hand_number`].
    pub fn seat(&self, seat: Seat) -> &[PegValue] {
        &self.seats[seat.index()]
    }

    /// The hands of four ranks that hold every rank of `wanted` (a count by rank number; index
    /// 0 unused), with their numbers, lowest ranks first: a player looks up their own hand, or
    /// every hand with two fives.
    pub fn hands_holding(wanted: &Ranks) -> Vec<(usize, [Rank; 4])> {
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
            .into_iter()
            .map(|(n, hand)| (n, hand.map(|r| Rank::new(r).expect("a rank number"))))
            .collect()
    }

    /// The mean of a seat's entries, each hand weighted by `weights` (by
    /// [`rank_hand_number`]).
    fn mean_over(&self, seat: Seat, weights: impl Iterator<Item = f64> + Clone) -> PegValue {
        let total: f64 = weights.clone().sum();
        let (mut mine, mut theirs) = (0.0, 0.0);
        for (w, v) in weights.zip(self.seat(seat)) {
            mine += w * v.mine;
            theirs += w * v.theirs;
        }
        PegValue {
            mine: mine / total,
            theirs: theirs / total,
        }
    }

    /// The mean of a seat's entries over the hands crib's players keep in that seat, weighted
    /// by how often they keep each (`kept`, two players): the pegging a seat can expect in a
    /// deal under the model.
    pub fn mean_over_kept(&self, kept: &KeptHands, seat: Seat) -> PegValue {
        self.mean_over(seat, kept.of(seat).iter().map(|&k| k as f64))
    }

    /// The mean of a seat's entries over four random cards: each hand of ranks weighted by how
    /// many sets of cards it stands for.
    pub fn mean_over_random(&self, seat: Seat) -> PegValue {
        const SUITS: [f64; 5] = [1.0, 4.0, 6.0, 4.0, 1.0];
        let sets = rank_hands().into_iter().map(|hand| {
            let mut count = [0u8; 14];
            for r in hand {
                count[usize::from(r)] += 1;
            }
            count
                .iter()
                .map(|&c| SUITS[usize::from(c)])
                .product::<f64>()
        });
        self.mean_over(seat, sets.collect::<Vec<f64>>().into_iter())
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
                .all(|(_, h)| h.iter().filter(|r| r.number() == 5).count() >= 2)
        );
        assert_eq!(hands.len(), 91);
        assert!(hands.windows(2).all(|w| w[0].1 < w[1].1));
    }
}
