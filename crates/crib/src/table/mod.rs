//! A game at the table: one deal move by move ([`deal`]), crib's named players ([`levels`]) and
//! their seats at it ([`players`]), the rest of a deal played out by them (`played_out`: rollouts
//! of the pone's later cards, for `xtask`'s experiment),
//! a game or a match dealt deal by deal and settled on the board ([`session`]), and every
//! decision of a deal graded against crib's ([`review`]) and what the coach makes of the grades
//! ([`coach`]: labels, reasons, accuracy, luck and skill), and a game stepped a card at a time
//! for programs that learn ([`steps`]), and a round robin's ratings ([`ladder`]). What `crib game`, `crib review` and `crib match` run
//! on. Uses everything below.

pub mod arena;
pub mod coach;
pub mod deal;
pub mod drills;
pub mod ladder;
pub mod levels;
pub(crate) mod played_out;
pub mod players;
pub mod review;
pub mod session;
pub mod steps;
pub mod tally;
