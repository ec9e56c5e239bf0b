//! The play of every pair of two-player hands by crib's engine, worked out once: for each pair
//! (the pone's four ranks, the dealer's four), the order in which each side plays its cards.
//!
//! The engine is deterministic, so two hands always play out the same way; but working a play
//! out searches each decision, which costs far more than the rest of weighing a deal. Weighing
//! a discard for the game plays thousands of pairs, so the plays are generated data here,
//! `src/generated/plays.bin.zst` (compressed: [`packed`]), made by `cargo xtask tables plays`
//! from the same engine (every decision against crib's expert opponent;
//! `xtask/src/generate/plays.rs`).
//!
//! An order is enough to play a pair again: at each turn a side plays its next card if it
//! fits under 31 and says go if not. (The engine plays a card whenever one fits, so its next
//! card is the one it played; it says go only when none fits.)

use std::sync::OnceLock;

use crate::model::packed::{self, Layout};
use crate::model::pegging::counts;
use crate::rules::card::Rank;
use crate::rules::numbering::{RANK_HANDS, rank_hand_number, sorted4};
use crate::rules::seat::Seat;
use crate::search::packed::Packed;

/// In the table: two hands that cannot be dealt together (more than four of a rank).
pub const APART: u16 = u16::MAX;

/// The order a code of the table numbers: the place of each card among the four ranks of
/// `sorted` (lowest first), the first card's among four, the second's among the three left,
/// and so on.
pub fn order_of(sorted: [u8; 4], code: u16) -> [u8; 4] {
    let mut places = [0usize; 4];
    let mut rest = code as usize;
    for (i, place) in places.iter_mut().enumerate().rev() {
        let size = 4 - i;
        *place = rest % size;
        rest /= size;
    }
    let (mut left, mut len) = (sorted, 4);
    places.map(|at| {
        let at = at.min(len - 1);
        let rank = left[at];
        left.copy_within(at + 1..len, at);
        len -= 1;
        rank
    })
}

/// The play of two hands whose orders are `orders` (the pone's, the dealer's): each step that
/// scores, in order, with the side it scores for. Played on the solvers' packed play, which a
/// test holds to the rules' [`Table`](crate::rules::play::Table) move by move.
pub(crate) fn replay(orders: [[u8; 4]; 2]) -> Vec<(Seat, u8)> {
    let mut play = Packed::new(orders.map(counts));
    let mut next = [0usize; 2];
    let mut events = Vec::with_capacity(8);
    while !play.is_over() {
        let seat = play.turn();
        let card = orders[seat].get(next[seat]).copied();
        let points = match card.filter(|&r| play.legal() >> (4 * r) & 1 == 1) {
            Some(rank) => {
                next[seat] += 1;
                play.play(rank)
            }
            None => play.go(),
        };
        for (side, &p) in points.iter().enumerate().filter(|(_, p)| **p > 0) {
            events.push((Seat::new(side), p));
        }
    }
    events
}

/// How the table is stored: its bytes as they are, compressed.
pub const LAYOUT: Layout = Layout::Bytes;

/// The table's bytes: two for each pair of rank hands, the code of its orders little-endian.
fn bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    packed::committed(&BYTES, include_bytes!("../generated/plays.bin.zst"), LAYOUT)
}

/// Unpack the table now, if it is not yet: a caller about to play many pairs on every core
/// calls it first, so that the unpacking has both cores rather than holding up one while the
/// other waits for it.
pub(crate) fn prepare() {
    bytes();
}

/// The committed code of pair `index`, read from the table's bytes where they lie.
fn committed(index: usize) -> Option<u16> {
    let bytes = bytes().get(2 * index..2 * index + 2)?;
    Some(u16::from_le_bytes([bytes[0], bytes[1]]))
}

/// The play of the pone's four ranks against the dealer's, as crib's engine plays both sides:
/// each step that scores, in order. `None` if the two cannot be dealt together.
pub fn play(pone: [Rank; 4], dealer: [Rank; 4]) -> Option<Vec<(Seat, u8)>> {
    let sorted = |h: [Rank; 4]| sorted4(h.map(Rank::number));
    let (pone, dealer) = (sorted(pone), sorted(dealer));
    let code = committed(rank_hand_number(pone) * RANK_HANDS + rank_hand_number(dealer))?;
    (code != APART).then(|| replay([order_of(pone, code / 24), order_of(dealer, code % 24)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pegging::compatible;
    use crate::rules::play::Table;

    #[test]
    fn the_committed_table_covers_every_pair() {
        assert_eq!(bytes().len(), 2 * RANK_HANDS * RANK_HANDS);
        let ranks = |hand: [u8; 4]| hand.map(|r| Rank::new(r).unwrap());
        assert_eq!(play(ranks([5, 5, 5, 5]), ranks([5, 1, 2, 3])), None);
        let events = play(ranks([1, 2, 3, 4]), ranks([5, 6, 7, 8])).unwrap();
        // The last card always scores, so every play has at least one event.
        assert!(!events.is_empty());
    }

    /// The play of two orders on the rules' [`Table`]: what [`replay`] must agree with.
    fn replay_on_the_table(orders: [[u8; 4]; 2]) -> Vec<(Seat, u8)> {
        let mut table = Table::new(orders.map(counts));
        let mut next = [0usize; 2];
        let mut events = Vec::new();
        while !table.is_over() {
            let seat = table.turn();
            let card = orders[seat].get(next[seat]).copied();
            let points = match card.filter(|&r| table.may_play(r)) {
                Some(rank) => {
                    next[seat] += 1;
                    table.play(rank)
                }
                None => table.go(),
            };
            for (side, &p) in points.iter().enumerate().filter(|(_, p)| **p > 0) {
                events.push((Seat::new(side), p));
            }
        }
        events
    }

    /// The packed replay scores as the rules' table does, for every pair of rank hands that
    /// can be dealt together, each in a few of its orders.
    #[test]
    fn the_replay_plays_by_the_rules() {
        let hands = crate::rules::numbering::rank_hands();
        let mut random = crate::rules::shuffle::Rng::new(0x005E_ED0F_0DE5);
        for (i, &pone) in hands.iter().enumerate() {
            for &dealer in hands.iter().skip(i % 29).step_by(29) {
                if !compatible(&counts(pone), &counts(dealer)) {
                    continue;
                }
                let code = random.below(24 * 24) as u16;
                let orders = [order_of(pone, code / 24), order_of(dealer, code % 24)];
                assert_eq!(replay(orders), replay_on_the_table(orders), "{orders:?}");
            }
        }
    }
}
