//! Whole deals and whole games: deals played by crib's own players ([`deals`]), the chance of
//! winning from every position on the board ([`odds`], solved for players who play for the
//! board by [`odds_board`]) and par ([`par`]), the discard ranked by that chance ([`endgame`],
//! its draws taken by [`strata`]), the play for the board ([`board_play`]), the rest of a deal
//! as a distribution read at any score ([`remainder`]); one deal at the table move by move
//! ([`table`]), crib's players at it ([`choose`]), a match ([`session`]), and a deal's decisions
//! graded ([`review`]). Uses everything below.

pub mod board_play;
pub mod choose;
pub mod endgame;
pub mod odds;
pub mod odds_multi;
pub mod opponents;
pub mod par;
pub mod remainder;
pub mod review;
pub mod session;
pub mod strata;
pub mod table;
