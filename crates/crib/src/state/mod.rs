//! The game's state at the table: one deal move by move, as the rules allow it ([`deal`]), and a
//! game or a match dealt deal by deal and settled on the board ([`session`]). No player and no
//! advice: what every seat, crib's or a person's, plays on. Uses the rules only.

pub mod deal;
pub mod session;
