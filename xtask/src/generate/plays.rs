//! How the plays of every pair of two-player hands are made (read by `crib::tables::model::plays`):
//! each pair played out by crib's engine, each side's order of cards numbered. `cargo xtask
//! tables plays`.

use rayon::prelude::*;

use crib::tables::model::pegging::{compatible, counts};
use crib::tables::model::plays::APART;
use crib::tables::rules::numbering::rank_hands;
use crib::tables::rules::play::Table;
use crib::tables::rules::sequence::Token;

use crate::generate::pegging::{Decisions, play_out};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::model::plays::order_of;

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
}
