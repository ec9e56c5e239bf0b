//! crib: exact, fast cribbage, as a library.
//!
//! The library does all the cribbage; the `crib` command-line tool only parses arguments and
//! renders what it computes. It is built in layers, each using only the layers above it in this
//! table (no module imports a layer below it, and there are no import cycles: a test reads this
//! table and the source and holds both to it):
//!
//! | layer | modules | holds |
//! |---|---|---|
//! | [`rules`] | `seat`, `card`, `error`, `quote`, `numbering`, `show`, `play`, `sequence`, `view`, `board`, `position`, `deal`, `printed`, `shuffle` | the rules of cribbage and nothing about strategy: the table (how many play, who sits where), card notation, the show (one scorer, fast and itemised), the play (one scorer, one state machine for 2 to 4 players), a play followed and checked against the hands, a player's view of it, the board and a deal counted on it, the rulebooks' printed rows, seeded shuffles |
//! | [`exact`] | `stats`, `crib`, `rulebooks` | exact counting by enumeration: statistics over every hand, the crib's value over every way it can fall, the rulebooks' claims checked |
//! | [`search`] | `solve`, `engine`, `informed`, `maxn`, `sampled`, `players`, `memo`, `reading` | the play searched: solved with every card seen, crib's engine over every hand the opponents could hold (told how to weigh them), a search that respects hidden information tried against it, sampled for three and four players, the baselines it is measured against, and the reading of a hand from how it was played |
//! | [`model`] | `crib`, `expert`, `expert_one_card`, `throws`, `kept`, `pegging`, `plays`, `opponents`, `odds`, `par`, `packed`, `reading` | what crib's players do, computed by `xtask` and committed, for two, three and four players: the expert crib model, the hands its players keep, the pegging tables, the plays of every pair of hands, the pool of opponents, the odds of winning from every position, the reading model's weights; the largest three stored compressed. [`model::Models`] holds one set |
//! | [`advice`] | `discard`, `play`, `for_game` | answers to one decision: what to throw, what to play, and both for the game (by the chance of winning from the score on the board, with par) |
//! | [`table`] | `deal`, `levels`, `players`, `session`, `arena`, `tally`, `review` | a game at the table: one deal move by move, crib's named players (levels) and their seats at it, a game or a match, the arena where contestants meet in duplicate games and its tally, and a deal's decisions graded: what `crib game`, `crib match` and `crib review` run on |
//!
//! The library reads its generated data from `src/generated/` and holds only what it reads:
//! every solver, iteration and encoder that makes a table is in `xtask` (`cargo xtask tables`
//! makes them all, `cargo xtask verify` derives them again).
//!
//! **What the public API is for.** Everything a front end needs to ask crib a question and
//! show the answer: parse cards ([`rules::card`]), score a hand, a crib or a play
//! ([`Hand`], [`rules::sequence`]), count a deal on the board ([`rules::deal`]), the odds
//! ([`model::odds::Odds`]), discard and play advice for points or for the game ([`advice`]), and
//! a game at the table ([`table`]); and the committed models and the search, which `xtask`
//! generates from and checks against. Everything else is private to the crate.
//!
//! # Examples
//!
//! Count a hand, fast or itemised:
//!
//! ```
//! use crib_core::{Hand, HandKind, ItemKind};
//! use crib_core::rules::card::parse_cards;
//!
//! let cards = parse_cards(&["5h", "5c", "5s", "Jd", "5d"])?;
//! let hand = Hand::from_cards(&cards, HandKind::Hand)?;
//! assert_eq!(hand.score(), 29);
//! let breakdown = hand.breakdown();
//! assert_eq!(breakdown.points.fifteens, 16);
//! assert_eq!(breakdown.items.iter().filter(|i| i.kind == ItemKind::Pair).count(), 6);
//! # Ok::<(), crib_core::Error>(())
//! ```
//!
//! Score the play, and advise a discard:
//!
//! ```
//! use crib_core::advice::discard::{
//!     CribModel, CribShare, DiscardRequest, PlayModel, Role, advise_discard,
//! };
//! use crib_core::model::Models;
//! use crib_core::rules::seat::Players;
//! use crib_core::rules::card::parse_cards;
//! use crib_core::rules::sequence::peg_texts;
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
//!     crib_share: CribShare::default(),
//!     need: None,
//!     seat: None,
//! };
//! let advice = advise_discard(Models::committed(), &request)?;
//! assert_eq!(advice.choices[0].throw, parse_cards(&["5h", "Jd"])?);
//! # Ok::<(), crib_core::Error>(())
//! ```

pub mod advice;
pub mod exact;
pub mod model;
pub mod rules;
pub mod search;
pub mod table;
#[doc(hidden)]
pub mod tables;

pub use rules::card::{Card, Rank, Suit};
pub use rules::error::{Error, Result};
pub use rules::show::{Breakdown, Hand, HandKind, Item, ItemKind, Points, Prepared};
