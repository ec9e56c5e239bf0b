//! crib: exact, fast cribbage, as a library.
//!
//! The library does all the cribbage; the `crib` command-line tool only parses arguments and
//! renders what it computes. It is built in layers, each using only the layers before it:
//!
//! | layer | holds |
//! |---|---|
//! | [`rules`] | card notation, the show (hands and cribs), the play (one scorer, one state machine for 2 to 4 players), a play followed and checked against the hands, a player's view of it, a deal counted on the board, shuffled decks |
//! | [`exact`] | exact counting: statistics over every hand, the crib's value over every way it can fall, the rulebooks' printed claims checked |
//! | [`search`] | the play searched: solved with every card seen, crib's engine over every hand the opponent could hold, the baselines it is measured against |
//! | [`model`] | what good players do, computed by crib and committed: the expert crib model, the hands its players keep, the pegging table |
//! | [`advice`] | answers to one decision: what to throw, what to play |
//! | [`game`] | whole deals and games: deals by crib's players, the odds of winning from every position (solved for players who play for the board) and par, the end-game discard, the play for the board, the rest of a deal read at any score, a deal at the table move by move, a match, a deal's decisions graded |
//!
//! Generated data (the models and the odds) lives in `src/generated/`; `cargo xtask tables`
//! makes all of it in one run.
//!
//! # Examples
//!
//! Count a hand, fast or itemised:
//!
//! ```
//! use crib::{Hand, HandKind, ItemKind};
//! use crib::rules::card::parse_cards;
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
//! use crib::advice::discard::{CribModel, DiscardRequest, PlayModel, Role, advise_discard};
//! use crib::model::Models;
//! use crib::rules::seat::Players;
//! use crib::rules::card::parse_cards;
//! use crib::rules::sequence::peg_texts;
//!
//! let pegging = peg_texts(&["4", "6", "5", "3"], Players::TWO)?;
//! assert_eq!(pegging.totals, [5, 4]);
//!
//! let dealt = parse_cards(&["5h", "Jd", "5c", "5s", "4d", "6d"])?;
//! let request = DiscardRequest {
//!     dealt: &dealt,
//!     players: Players::TWO,
//!     role: Role::Dealer,
//!     crib: CribModel::Uniform,
//!     play: PlayModel::None,
//!     need: None,
//!     seat: None,
//! };
//! let advice = advise_discard(Models::committed(), &request)?;
//! assert_eq!(advice.choices[0].throw, parse_cards(&["5h", "Jd"])?);
//! # Ok::<(), crib::Error>(())
//! ```

pub mod advice;
pub mod exact;
pub mod model;
pub mod rules;
pub mod search;
pub mod table;

pub use rules::card::{Card, Rank, Suit};
pub use rules::error::{Error, Result};
pub use rules::show::{Breakdown, Hand, HandKind, Item, ItemKind, Points, Prepared};
