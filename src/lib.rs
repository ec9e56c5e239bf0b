//! crib: exact, fast cribbage scoring.
//!
//! The library does all the cribbage; the `crib` binary only parses arguments and renders
//! reports. Modules:
//! - [`card`]: ranks, suits, cards and their notation;
//! - [`score`]: the show (hands and cribs), with a fast score-only path and an itemised one;
//! - [`deal`]: a whole deal counted on the board to 121, in the rules' counting order;
//! - [`discard`]: which cards to throw to the crib, by exact expected points;
//! - [`engine`]: advice for the play, by searching every holding of the opponent's;
//! - [`expert`]: the expert crib model, what players who throw well lay away;
//! - [`game`]: whole deals by crib's players, and the chance of winning from every position;
//! - [`peg`]: the play, card by card, for two, three or four players;
//! - [`pegging`]: what the play is worth to each kept hand, the pegging table;
//! - [`play`]: the rules of a two-player play as a state that moves card by card;
//! - [`stats`]: exact statistics by exhaustive sweeps;
//! - [`tables`]: the tables and claims printed in the rulebooks, and how rows are read.

//!
//! # Examples
//!
//! Count a hand, fast or itemised:
//!
//! ```
//! use crib::{Hand, HandKind, ItemKind};
//! use crib::card::parse_cards;
//!
//! let cards = parse_cards(&["5h", "5c", "5s", "Jd", "5d"])?;
//! let hand = Hand::from_cards(&cards, HandKind::Hand)?;
//! assert_eq!(hand.score(), 29);
//! let breakdown = hand.breakdown();
//! assert_eq!(breakdown.points.fifteens, 16);
//! assert_eq!(breakdown.items.iter().filter(|i| i.kind == ItemKind::Pair).count(), 6);
//! # Ok::<(), crib::Error>(())
//! ```
//!
//! Score the play, and advise a discard:
//!
//! ```
//! use crib::card::parse_cards;
//! use crib::discard::{advise, CribModel, PlayModel, Role};
//!
//! let pegging = crib::peg::peg(&["4", "6", "5", "3"], 2)?;
//! assert_eq!(pegging.totals, [5, 4]);
//!
//! let dealt = parse_cards(&["5h", "Jd", "5c", "5s", "4d", "6d"])?;
//! let advice = advise(&dealt, 2, Role::Dealer, CribModel::Uniform, PlayModel::None, None)?;
//! assert_eq!(advice.choices[0].throw, parse_cards(&["5h", "Jd"])?);
//! # Ok::<(), crib::Error>(())
//! ```

pub mod card;
pub mod deal;
pub mod discard;
pub mod engine;
pub mod error;
pub mod expert;
pub mod game;
pub mod peg;
pub mod pegging;
pub mod play;
pub mod score;
pub mod stats;
pub mod tables;

pub use card::{Card, Rank, Suit};
pub use error::{Error, Result};
pub use score::{Breakdown, Hand, HandKind, Item, ItemKind, Points, Prepared};
