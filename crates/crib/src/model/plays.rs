//! The play of every pair of two-player hands by crib's engine, worked out once: for each pair
//! (the pone's four ranks, the dealer's four), the order in which each side plays its cards.
//!
//! The engine is deterministic, so two hands always play out the same way; but working a play
//! out searches each decision, which costs far more than the rest of weighing a deal. Weighing
//! a discard for the game plays thousands of pairs, so the plays are generated data here,
//! `src/generated/plays.bin`, made by `cargo xtask tables plays` from the same engine
//! (`Decisions::with_leads`, every decision against crib's expert opponent).
//!
//! An order is enough to play a pair again: at each turn a side plays its next card if it
//! fits under 31 and says go if not. (The engine plays a card whenever one fits, so its next
//! card is the one it played; it says go only when none fits.)

use rayon::prelude::*;

use crate::model::pegging::{Decisions, compatible, counts, play_out};
use crate::rules::numbering::{RANK_HANDS, rank_hand_number, rank_hands};
use crate::rules::play::{Seat, Table};
use crate::rules::sequence::Token;

/// In the table: two hands that cannot be dealt together (more than four of a rank).
const APART: u16 = u16::MAX;

/// The place of each card of `order` among the four ranks of `sorted` (lowest first), as one
/// number below 24: the first card's place among four, the second's among the three left, and
/// so on. Equal ranks take the first place left, so each order has one number.
fn order_code(sorted: [u8; 4], order: [u8; 4]) -> u16 {
    let mut left: Vec<u8> = sorted.to_vec();
    let mut code = 0u16;
    for rank in order {
        let at = left.iter().position(|&r| r == rank).unwrap_or(0);
        code = code * left.len() as u16 + at as u16;
        left.remove(at);
    }
    code
}

/// The order [`order_code`] numbered.
fn order_of(sorted: [u8; 4], code: u16) -> [u8; 4] {
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

/// Each side's cards in the order played, from a play's tokens.
fn orders(pone: [u8; 4], dealer: [u8; 4], tokens: &[Token]) -> [[u8; 4]; 2] {
    let mut table = Table::new([counts(pone), counts(dealer)]);
    let mut orders = [Vec::with_capacity(4), Vec::with_capacity(4)];
    for token in tokens {
        let seat = table.turn();
        match token {
            Token::Card(card) => {
                let rank = card.rank().number();
                orders[seat].push(rank);
                table.play(rank);
            }
            _ => {
                table.go();
            }
        }
    }
    orders.map(|o| [0, 1, 2, 3].map(|i| o.get(i).copied().unwrap_or(0)))
}

/// The play of two hands whose orders are `orders` (the pone's, the dealer's): each step that
/// scores, in order, with the side it scores for.
pub fn replay(orders: [[u8; 4]; 2]) -> Vec<(Seat, u8)> {
    let mut table = Table::new(orders.map(counts));
    let mut next = [0usize; 2];
    let mut events = Vec::with_capacity(8);
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

/// Every pair's orders, by the pone's hand number then the dealer's, played by `decisions`.
pub fn generate(decisions: &Decisions) -> Vec<u16> {
    let hands = rank_hands();
    hands
        .par_iter()
        .flat_map_iter(|&pone| {
            let p = counts(pone);
            hands.iter().map(move |&dealer| {
                if !compatible(&p, &counts(dealer)) {
                    return APART;
                }
                let (_, tokens) = play_out(pone, dealer, decisions);
                let [po, de] = orders(pone, dealer, &tokens);
                order_code(pone, po) * 24 + order_code(dealer, de)
            })
        })
        .collect()
}

/// The table as bytes, two a pair, low byte first.
pub fn encode(codes: &[u16]) -> Vec<u8> {
    codes.iter().flat_map(|c| c.to_le_bytes()).collect()
}

static PLAYS: &[u8] = include_bytes!("../generated/plays.bin");

/// The committed code of pair `index`, read from the file's bytes where they lie.
fn committed(index: usize) -> Option<u16> {
    let bytes = PLAYS.get(2 * index..2 * index + 2)?;
    Some(u16::from_le_bytes([bytes[0], bytes[1]]))
}

/// The play of the pone's four ranks against the dealer's, as crib's engine plays both sides:
/// each step that scores, in order. `None` if the two cannot be dealt together.
pub fn play(pone: [u8; 4], dealer: [u8; 4]) -> Option<Vec<(Seat, u8)>> {
    let sorted = |mut h: [u8; 4]| {
        h.sort_unstable();
        h
    };
    let (pone, dealer) = (sorted(pone), sorted(dealer));
    let code = committed(rank_hand_number(pone) * RANK_HANDS + rank_hand_number(dealer))?;
    (code != APART).then(|| replay([order_of(pone, code / 24), order_of(dealer, code % 24)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_numbered_one_to_one() {
        for sorted in [[1, 2, 3, 4], [5, 5, 10, 13], [7, 7, 7, 7]] {
            for code in 0..24 {
                let order = order_of(sorted, code);
                let mut again = order;
                again.sort_unstable();
                assert_eq!(again, sorted);
                let canonical = order_code(sorted, order);
                assert_eq!(order_of(sorted, canonical), order);
            }
        }
    }

    #[test]
    fn the_committed_table_covers_every_pair() {
        assert_eq!(PLAYS.len(), 2 * RANK_HANDS * RANK_HANDS);
        assert_eq!(play([5, 5, 5, 5], [5, 1, 2, 3]), None);
        let events = play([1, 2, 3, 4], [5, 6, 7, 8]).unwrap();
        // The last card always scores, so every play has at least one event.
        assert!(!events.is_empty());
    }
}
