//! Answers to one decision: which cards to throw ([`discard`]) and which card to play
//! ([`play`]), with the committed models or any others. Uses the rules, exact counting, the
//! play search and the models.

pub mod discard;
pub mod for_game;
pub mod play;
