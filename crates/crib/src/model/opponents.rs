//! The opponents an end-game discard is weighed against: six-card deals, each with what crib's
//! player keeps from it, for the pone and for the dealer.
//!
//! Weighing a discard for the game asks what the other side holds. Their six cards are any six
//! of the cards you have not seen, equally likely, and they keep what `crib discard` advises
//! (expert crib model, the play counted). Working that keep out takes about a millisecond a
//! hand, so it is worked out once, here: [`POOL_DEALS`] six-card deals from a full pack for each
//! role, each stored with its keep. A question then takes, in order, the deals that share no
//! card with the six you hold: those are six cards drawn evenly from the ones you have not
//! seen, as they should be, and their keeps cost nothing.
//!
//! Generated data, `src/generated/opponents.bin.zst` (compressed: [`packed`]), made by
//! `xtask/src/generate/opponents.rs` (`cargo xtask tables opponents`).

use std::sync::OnceLock;

use crate::model::packed::{self, Layout};
use crate::rules::card::Card;
use crate::rules::seat::Seat;

/// How many deals the pool holds for each role.
pub const POOL_DEALS: u64 = 150_000;

/// One deal of the pool: the four cards kept, then the two thrown, as card numbers (0 to 51).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpponentDeal {
    /// The four cards kept.
    pub keep: [Card; 4],
    /// The two cards thrown to the crib.
    pub throw: [Card; 2],
    /// The six cards as a set: bit `n` for card number `n`.
    pub mask: u64,
}

impl OpponentDeal {
    /// Read back from the six bytes of its cards (card numbers, 0 to 51: the four kept, then
    /// the two thrown); `None` if they are not six distinct cards.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<OpponentDeal> {
        let bytes: &[u8; 6] = bytes.try_into().ok()?;
        if bytes.iter().any(|&b| b >= 52) {
            return None;
        }
        let mask = bytes.iter().fold(0u64, |m, &b| m | 1 << b);
        let card = |i: usize| Card::from_index(bytes[i]);
        (mask.count_ones() == 6).then(|| OpponentDeal {
            keep: [card(0), card(1), card(2), card(3)],
            throw: [card(4), card(5)],
            mask,
        })
    }
}

/// The pool read back from its bytes (the pone's deals, then the dealer's, six bytes each,
/// as `OpponentDeal::from_bytes` reads them), split evenly between the two roles.
pub fn decode(bytes: &[u8]) -> Option<[Vec<OpponentDeal>; 2]> {
    Some([decode_half(bytes, 0)?, decode_half(bytes, 1)?])
}

/// The pone's deals (`half` 0) or the dealer's (1) from the pool's bytes.
fn decode_half(bytes: &[u8], half: usize) -> Option<Vec<OpponentDeal>> {
    let size = bytes.len() / 2;
    if !bytes.len().is_multiple_of(12) {
        return None;
    }
    // One thread: this runs inside a `OnceLock`'s initialiser, where waiting on rayon's workers
    // could deadlock (see `packed::unpack`).
    bytes[half * size..(half + 1) * size]
        .chunks(6)
        .map(OpponentDeal::from_bytes)
        .collect()
}

/// How the pool is stored: its bytes as they are, compressed.
pub const LAYOUT: Layout = Layout::Bytes;

/// The pool's bytes, as [`decode`] reads them.
fn pool() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    packed::committed(
        &BYTES,
        include_bytes!("../generated/opponents.bin.zst"),
        LAYOUT,
    )
}

/// The committed pool's deals for the two-player seat `seat` (the pone's or the dealer's),
/// read the first time they are asked for.
pub fn committed(seat: Seat) -> &'static [OpponentDeal] {
    static DECODED: [OnceLock<Vec<OpponentDeal>>; 2] = [OnceLock::new(), OnceLock::new()];
    let half = usize::from(seat == Seat::DEALER);
    DECODED[half].get_or_init(|| decode_half(pool(), half).expect("the committed pool is whole"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_refused() {
        assert_eq!(decode(&[0, 1, 2, 3, 4, 4, 0, 1, 2, 3, 4, 5]), None);
        assert_eq!(decode(&[0, 1, 2, 3, 4, 52]), None);
        assert!(decode(&[0, 1, 2, 3, 4, 5]).is_none());
    }
}
