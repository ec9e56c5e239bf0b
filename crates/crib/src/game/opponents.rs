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
//! Generated data, `src/generated/opponents.bin`, made by `cargo xtask tables opponents`.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::advice::discard::Role;
use crate::game::deals::keep;
use crate::model::Models;
use crate::rules::card::Card;
use crate::rules::shuffle::shuffled;

/// The stream the pool's deals are dealt from (the pone's; the dealer's is the next seed).
pub const POOL_SEED: u64 = 6_121;

/// How many deals the pool holds for each role.
pub const POOL_DEALS: u64 = 150_000;

/// One deal of the pool: the four cards kept, then the two thrown, as card numbers (0 to 51).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opponent {
    /// The four cards kept.
    pub keep: [Card; 4],
    /// The two cards thrown to the crib.
    pub throw: [Card; 2],
    /// The six cards as a set: bit `n` for card number `n`.
    pub mask: u64,
}

impl Opponent {
    /// The deal kept and thrown as crib's player does in `role`.
    fn new(models: &Models, dealt: &[Card], role: Role) -> Opponent {
        let (keep, throw) = keep(models, dealt, role);
        let mask = Card::set_of(dealt);
        Opponent { keep, throw, mask }
    }

    /// The six cards, kept then thrown, as bytes.
    fn bytes(&self) -> [u8; 6] {
        let mut bytes = [0u8; 6];
        for (b, c) in bytes.iter_mut().zip(self.keep.iter().chain(&self.throw)) {
            *b = c.index().unwrap_or(u8::MAX);
        }
        bytes
    }

    /// Read back from [`Opponent::bytes`]; `None` if they are not six distinct cards.
    fn from_bytes(bytes: &[u8]) -> Option<Opponent> {
        let bytes: &[u8; 6] = bytes.try_into().ok()?;
        if bytes.iter().any(|&b| b >= 52) {
            return None;
        }
        let mask = bytes.iter().fold(0u64, |m, &b| m | 1 << b);
        let card = |i: usize| Card::from_index(bytes[i]);
        (mask.count_ones() == 6).then(|| Opponent {
            keep: [card(0), card(1), card(2), card(3)],
            throw: [card(4), card(5)],
            mask,
        })
    }
}

/// The seed of `role`'s deals.
fn seed(role: Role) -> u64 {
    POOL_SEED + u64::from(role.owns_crib())
}

/// Deal `number` of `role`'s stream, kept by crib's player with `models`.
pub fn opponent(models: &Models, role: Role, number: u64) -> Opponent {
    Opponent::new(models, &shuffled(seed(role), number, 6), role)
}

/// The pool: `count` deals for the pone, then as many for the dealer, on every core.
pub fn generate(models: &Models, count: u64) -> [Vec<Opponent>; 2] {
    [Role::Pone, Role::Dealer].map(|role| {
        (0..count)
            .into_par_iter()
            .map(|n| opponent(models, role, n))
            .collect()
    })
}

/// The pool as bytes: the pone's deals, then the dealer's, six bytes each.
pub fn encode(pool: &[Vec<Opponent>; 2]) -> Vec<u8> {
    pool.iter().flatten().flat_map(|o| o.bytes()).collect()
}

/// The pool read back from [`encode`]'s bytes, split evenly between the two roles.
pub fn decode(bytes: &[u8]) -> Option<[Vec<Opponent>; 2]> {
    Some([decode_half(bytes, 0)?, decode_half(bytes, 1)?])
}

/// The pone's deals (`half` 0) or the dealer's (1) from [`encode`]'s bytes.
fn decode_half(bytes: &[u8], half: usize) -> Option<Vec<Opponent>> {
    let size = bytes.len() / 2;
    if !bytes.len().is_multiple_of(12) {
        return None;
    }
    bytes[half * size..(half + 1) * size]
        .par_chunks(6)
        .map(Opponent::from_bytes)
        .collect()
}

static POOL: &[u8] = include_bytes!("../generated/opponents.bin");

/// The committed pool's deals for `role` (the pone's or the dealer's), read the first time
/// they are asked for.
pub fn committed(role: Role) -> &'static [Opponent] {
    static DECODED: [OnceLock<Vec<Opponent>>; 2] = [OnceLock::new(), OnceLock::new()];
    let half = usize::from(role.owns_crib());
    DECODED[half].get_or_init(|| decode_half(POOL, half).expect("the committed pool is whole"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_pool_is_dealt_from_its_streams() {
        for role in [Role::Pone, Role::Dealer] {
            let pool = committed(role);
            assert_eq!(pool.len() as u64, POOL_DEALS);
            for (n, o) in pool.iter().enumerate().step_by(97) {
                let mut dealt = shuffled(seed(role), n as u64, 6);
                let mut held: Vec<Card> = o.keep.iter().chain(&o.throw).copied().collect();
                dealt.sort();
                held.sort();
                assert_eq!(dealt, held, "deal {n}");
            }
        }
        let bytes = encode(&[
            committed(Role::Pone).to_vec(),
            committed(Role::Dealer).to_vec(),
        ]);
        assert_eq!(bytes, POOL);
    }

    #[test]
    fn bad_bytes_are_refused() {
        assert_eq!(decode(&[0, 1, 2, 3, 4, 4, 0, 1, 2, 3, 4, 5]), None);
        assert_eq!(decode(&[0, 1, 2, 3, 4, 52]), None);
        assert!(decode(&[0, 1, 2, 3, 4, 5]).is_none());
    }
}
