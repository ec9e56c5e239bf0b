//! Whole deals and whole games: deals played by crib's own players ([`deals`]), the chance of
//! winning from every position on the board ([`odds`]), and the discard ranked by that chance
//! near the end of a game ([`endgame`]). Uses everything below.

pub mod deals;
pub mod deals_multi;
pub mod endgame;
pub mod odds;
pub mod odds_multi;
