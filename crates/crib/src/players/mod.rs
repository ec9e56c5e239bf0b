//! crib's players: the named levels, from a random player to crib's strongest, each deciding
//! from what one seat sees ([`level`]), the seat's view ([`seen`]), how crib's strongest
//! decides, for play and for grading alike ([`strongest`]), and a level at each seat of a deal
//! ([`turns`]). Uses the game's state and everything below it.

pub mod level;
pub mod seen;
pub mod strongest;
pub mod turns;
