//! Decisions for the game: a throw and a card ranked by the chance of winning the game from the
//! score on the board, not by points; and par, the points a deal needs to hold that chance.
//!
//! - [`discard`]: each choice of a discard weighed over draws of the other side's deal
//!   ([`strata`] takes them), every starter, the deal counted to the hole and the odds after it;
//! - [`play`]: each card weighed over deals of the cards you cannot see;
//! - [`remainder`]: the rest of a deal as a distribution, read at any score in microseconds;
//! - [`par`]: the fewest points this deal that hold your chance.
//!
//! Two players; with three or four, crib plays for points.

pub mod discard;
pub mod par;
pub mod play;
pub mod remainder;
pub mod strata;
