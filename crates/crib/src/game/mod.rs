//! Whole deals and whole games: deals played by crib's own players ([`deals`]), the chance of
//! winning from every position on the board ([`odds`]) and par ([`par`]), and the discard ranked by that chance
//! near the end of a game ([`endgame`], its draws taken by [`strata`]), the play
//! for the board ([`board_play`]); one deal at the table move by move ([`table`]), crib's
//! players at it ([`choose`]), a match ([`session`]), and
//! a deal's decisions graded ([`review`]). Uses everything below.

pub mod board_play;
pub mod choose;
pub mod deals;
pub mod deals_multi;
pub mod endgame;
pub mod odds;
pub mod odds_multi;
pub mod opponents;
pub mod par;
pub mod review;
pub mod session;
pub mod strata;
pub mod table;
