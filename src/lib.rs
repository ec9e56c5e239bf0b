//! crib: exact, fast cribbage scoring.
//!
//! The library does all the cribbage; the `crib` binary only parses arguments and renders
//! reports. Modules:
//! - [`card`]: ranks, suits, cards and their notation;
//! - [`score`]: the show (hands and cribs), with a fast score-only path and an itemised one;
//! - [`discard`]: which cards to throw to the crib, by exact expected points;
//! - [`peg`]: the play, card by card, for two, three or four players;
//! - [`stats`]: exact statistics by exhaustive sweeps;
//! - [`tables`]: the tables and claims printed in the rulebooks, and how rows are read.

pub mod card;
pub mod discard;
pub mod error;
pub mod peg;
pub mod score;
pub mod stats;
pub mod tables;

pub use card::{Card, Rank, Suit};
pub use error::{Error, Result};
pub use score::{Breakdown, Hand, HandKind, Item, ItemKind, Points, Prepared};
