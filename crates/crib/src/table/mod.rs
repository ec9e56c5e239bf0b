//! A game at the table: one deal move by move ([`deal`]), crib's players at it ([`players`]),
//! a game or a match dealt deal by deal and settled on the board ([`session`]), and every
//! decision of a deal graded against crib's ([`review`]). What `crib game` and `crib review`
//! run on. Uses everything below.

pub mod deal;
pub mod players;
pub mod review;
pub mod session;
