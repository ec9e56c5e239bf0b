//! The pegging tables of three and four players: for every hand of four ranks in every seat,
//! the points its holder (with four players, his partnership) can expect to peg in the play, and
//! the points his rivals can (three players: the mean of the other two; four: the other side).
//!
//! **How.** For each seat and hand, 128 deals of the other seats' hands (three players; 48 with
//! four) are drawn from pools of 3,000 hands crib's discard keeps in those seats, each fitting
//! the cards left, and each deal is played out by crib's engine at every seat
//! ([`crate::search::players::quick_sampled`]: each player sees his own cards and the play, and
//! chooses over sampled deals of the cards he cannot see; three players each for himself,
//! partners for their side), as the two-player table is made by crib's engine. Nobody sees the
//! starter or the throws. An entry is the mean over those deals.
//!
//! Committed as generated data, `src/generated/pegging_multi.rs`, made by
//! `xtask/src/generate/pegging_multi.rs` (`cargo xtask tables pegmulti`).

use crate::model::pegging::PegValue;
use crate::rules::numbering::rank_hand_number;

#[rustfmt::skip]
#[path = "../generated/pegging_multi.rs"]
mod data;

/// The committed tables: one hand's value in one seat (0 leads) of three or four players.
pub fn committed(players: usize, seat: usize, ranks: [u8; 4]) -> PegValue {
    let number = rank_hand_number(ranks);
    let (mine, theirs) = match players {
        3 => data::THREE[seat][number],
        _ => data::FOUR[seat][number],
    };
    PegValue { mine, theirs }
}
