//! How the pool of opponents is made (read by `crib::tables::model::opponents`): six-card deals for each
//! role, each kept as `crib discard` advises. `cargo xtask tables opponents`.

use rayon::prelude::*;

use crib::tables::advice::discard::Role;
use crib::tables::model::Models;
use crib::tables::model::opponents::OpponentDeal;
use crib::tables::rules::card::Card;
use crib::tables::rules::shuffle::shuffled;

use crate::selfplay::deals::keep;

/// The stream the pool's deals are dealt from (the pone's; the dealer's is the next seed).
pub const POOL_SEED: u64 = 6_121;

/// The deal kept and thrown as crib's player does in `role`.
fn kept(models: &Models, dealt: &[Card], role: Role) -> OpponentDeal {
    let (keep, throw) = keep(models, dealt, role);
    let mask = dealt
        .iter()
        .filter_map(|c| c.index())
        .fold(0u64, |m, i| m | 1 << i);
    OpponentDeal { keep, throw, mask }
}

/// A deal's six cards, kept then thrown, as bytes: what `OpponentDeal::from_bytes` reads.
fn bytes(opponent: &OpponentDeal) -> [u8; 6] {
    let mut bytes = [0u8; 6];
    for (b, c) in bytes
        .iter_mut()
        .zip(opponent.keep.iter().chain(&opponent.throw))
    {
        *b = c.index().unwrap_or(u8::MAX);
    }
    bytes
}

/// The seed of `role`'s deals.
fn seed(role: Role) -> u64 {
    POOL_SEED + u64::from(crib::tables::role_owns_crib(role))
}

/// Deal `number` of `role`'s stream, kept by crib's player with `models`.
pub fn opponent(models: &Models, role: Role, number: u64) -> OpponentDeal {
    kept(models, &shuffled(seed(role), number, 6), role)
}

/// The pool: `count` deals for the pone, then as many for the dealer, on every core.
pub fn generate(models: &Models, count: u64) -> [Vec<OpponentDeal>; 2] {
    [Role::Pone, Role::Dealer].map(|role| {
        (0..count)
            .into_par_iter()
            .map(|n| opponent(models, role, n))
            .collect()
    })
}

/// The pool as bytes: the pone's deals, then the dealer's, six bytes each.
pub fn encode(pool: &[Vec<OpponentDeal>; 2]) -> Vec<u8> {
    pool.iter().flatten().flat_map(bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::model::opponents::{POOL_DEALS, committed};

    #[test]
    fn the_committed_pool_is_dealt_from_its_streams() {
        for role in [Role::Pone, Role::Dealer] {
            let pool = committed(role.seat());
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
            committed(Role::Pone.seat()).to_vec(),
            committed(Role::Dealer.seat()).to_vec(),
        ]);
        assert!(bytes == crate::unpacked(crate::files::OPPONENTS));
    }
}
