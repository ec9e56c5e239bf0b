//! The chance of winning from every position for three players, and for two partnerships of
//! four, solved backwards from the game hole over deals played by crib's own players, as the
//! two-player odds are ([`crate::model::odds`]).
//!
//! **Three players.** A position is the three scores in the seat order of the coming deal:
//! seat 1 (on the dealer's left, who leads), seat 2, and the dealer. Each deal's events are
//! counted in the rules' order until somebody reaches the game hole; if nobody does, the deal
//! passes to the left: seat 1 deals next, seat 2 leads. A deal adds at least one point (the
//! last card), so every position a deal leads to has a larger sum of scores, and the positions
//! are solved from the largest sum down. Deals with the same three totals lead to the same
//! position unless somebody reaches the hole, so they are solved together.
//!
//! **Four players.** A deal of four is a deal between two sides (seats 1 and 3; the dealer's
//! side), so the two-player solver serves as it is, each event credited to its side.
//!
//! Committed, both are generated data: `src/generated/odds3.bin` (each position's chances for
//! seat 1 and seats 1 and 2 together, in 65,535ths) and `src/generated/odds4.rs`, solved by
//! `xtask/src/generate/odds_multi.rs` (`cargo xtask tables multi`).

use std::sync::OnceLock;

use crate::model::odds::{Odds, SCORES, YourOutlook, shift_to_121};
use crate::rules::board::{GAME, Scores};

#[rustfmt::skip]
#[path = "../generated/odds4.rs"]
mod data4;

/// The committed four-player tables.
static TABLES4: crate::model::odds::Tables = crate::outlook_tables!(data4);

/// The stream of deals the three-player odds are solved from.
pub const SEED3: u64 = 3_121;
/// How many deals of it.
pub const DEALS3: u64 = 10_000;
/// The stream of deals the four-player odds are solved from.
pub const SEED4: u64 = 4_121;
/// How many deals of it.
pub const DEALS4: u64 = 6_000;

/// How many positions three players can be in: 121 scores each.
pub const POSITIONS3: usize = SCORES * SCORES * SCORES;

/// A three-player position's index: seat 1's score, seat 2's, the dealer's.
pub const fn index3(scores: [u32; 3]) -> usize {
    (scores[0] as usize * SCORES + scores[1] as usize) * SCORES + scores[2] as usize
}

/// The header of the three-player odds' file: the odds follow it, for each position by [`index3`]
/// seat 1's chance and seats 1 and 2's together, each in [`UNIT`]ths, two bytes each,
/// little-endian. The dealer's chance is what is left, so the three sum to 1 exactly.
pub const MAGIC3: &[u8] = b"crib odds of three 1\n";

/// The unit of a chance in the three-player odds' file: 1/65,535.
pub const UNIT: f64 = 65_535.0;

/// The committed three-player odds.
static ODDS3: &[u8] = include_bytes!("../generated/odds3.bin");

/// The chances of the three players from the committed odds, in a game to `target` (61 or 121):
/// seat 1's, seat 2's and the dealer's, from their scores in that order. As with two players,
/// a game to 61 is the last 61 holes of the game to 121.
pub fn chances3(target: u32, scores: [u32; 3]) -> [f64; 3] {
    let shift = shift_to_121(target);
    let at = MAGIC3.len() + 4 * index3(scores.map(|s| (s + shift).min(GAME - 1)));
    let read = |i: usize| f64::from(u16::from_le_bytes([ODDS3[at + i], ODDS3[at + i + 1]]));
    let (q1, q12) = (read(0), read(2));
    [q1 / UNIT, (q12 - q1) / UNIT, (UNIT - q12) / UNIT]
}

/// Whether the committed three-player odds are whole: the header, and every position.
pub fn committed3_is_whole() -> bool {
    ODDS3.starts_with(MAGIC3) && ODDS3.len() == MAGIC3.len() + 4 * POSITIONS3
}

/// The committed four-player odds, by the dealer's side's score, then the other side's.
pub fn committed4() -> &'static Odds {
    static ODDS: OnceLock<Odds> = OnceLock::new();
    ODDS.get_or_init(|| Odds::from_tables(&TABLES4))
}

/// A partnership's outlook from the committed four-player odds, in a game to `target`: your
/// side at `us`, the other at `them`, `we_deal` when your side deals next. A game to 61 is the
/// last 61 holes of the game to 121.
pub fn outlook4(target: u32, us: u32, them: u32, we_deal: bool) -> YourOutlook {
    let shift = shift_to_121(target);
    let by_seat = |scores: Scores| {
        let [pone, dealer] = scores.map(|s| s as usize);
        crate::model::odds::outlook_from(&TABLES4, dealer, pone)
    };
    YourOutlook::from_seat(by_seat, us + shift, them + shift, we_deal).in_short_game(shift)
}

/// The digests of the deals the four-player odds were solved from: the first
/// [`crate::model::odds::HEAD`] and all.
pub fn committed4_digests() -> (u64, u64) {
    (data4::HEAD_DIGEST, data4::DIGEST)
}
