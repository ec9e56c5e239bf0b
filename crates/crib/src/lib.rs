//! crib: exact, fast cribbage, as a library.
//!
//! The library does all the cribbage; the `crib` command-line tool only parses arguments and
//! renders what it computes. It is built in layers, by level: a module uses its own layer and
//! the layers of lower levels, never one of its own level or above (so there are no import
//! cycles, and the jobs at the top stand side by side: the arena, the coach and the
//! environment know nothing of one another). A test reads this table and the source, with
//! every spelling of a path resolved, and holds both to it:
//!
//! | level | layer | modules | holds |
//! |---|---|---|---|
//! | 1 | `rules` | `seat`, `card`, `error`, `quote`, `numbering`, `show`, `said`, `play`, `sequence`, `view`, `board`, `position`, `deal`, `printed`, `shuffle` | the rules of cribbage and nothing about strategy: the table, card notation, the show, the play, a player's view of it, the board and a deal counted on it, the rulebooks' printed rows, seeded shuffles |
//! | 2 | `exact` | `stats`, `crib`, `rulebooks` | exact counting by enumeration: statistics over every hand, the crib's value over every way it can fall, the rulebooks' claims checked |
//! | 3 | `search` | `solve`, `engine`, `rollout`, `maxn`, `sampled`, `players`, `memo`, `packed`, `reading` | the play searched: solved with every card seen (the play packed for the solvers), crib's engine over every hand the others could hold, rollouts, three and four players sampled, the baselines, the reading of a hand from how it was played |
//! | 4 | `model` | `crib`, `expert`, `expert_one_card`, `throws`, `kept`, `pegging`, `plays`, `opponents`, `odds`, `par`, `packed`, `reading` | what crib's players do, computed by `xtask` and committed: the crib model, the hands kept, the pegging tables, the plays, the pool of opponents, the odds, the reading model's weights |
//! | 5 | `advice` | `discard`, `play`, `for_game` | answers to one decision: what to throw, what to play, and both for the game |
//! | 6 | `state` | `deal`, `session` | the game's state: one deal move by move, a game or a match settled on the board |
//! | 7 | `players` | `level`, `seen`, `strongest`, `turns` | crib's players: the levels, what a seat sees, how the strongest decides (for play and grading alike), a level at each seat |
//! | 8 | [`arena`] | `duplicate`, `tally`, `ladder` | duplicate games, their tally and a round robin's ratings: `crib match` |
//! | 8 | [`coach`] | `grade`, `label`, `reason`, `account`, `drills` | decisions graded, labelled and explained (reasons as data), luck and skill, practice: `crib review`, `crib train` |
//! | 8 | [`env`](mod@env) | `steps`, `observation`, `resample` | a game stepped a card at a time, what a player sees of it as numbers, and the game dealt again as one player could believe it: programs that learn |
//!
//! The library reads its generated data from `src/generated/` and holds only what it reads:
//! every solver, iteration and encoder that makes a table is in `xtask` (`cargo xtask tables`
//! makes them all, `cargo xtask verify` derives them again).
//!
//! **The public API** is what a front end needs to ask crib a question and show the answer,
//! whatever the number of players: the root's types ([`Card`], [`Hand`], [`Players`],
//! [`Position`], [`ForGame`], [`Models`] …) and one module a question: [`cards`] (notation),
//! [`show`] and [`stats`] (counting hands), [`rulebooks`], [`pegging`] (the play's points),
//! [`deal`] (a deal counted on the board), [`odds`], [`discard`] and [`play`] (advice for
//! points and for the game, one door each), [`game`] (a game at the table and crib's players),
//! and the three jobs at the top, each behind its own door: [`arena`], [`coach`] and [`env`](mod@env).
//! The layers below them are private. What only `xtask` (the generators, the slow tier, the
//! experiments) and the library's own slow tests need sits behind one more door, the hidden
//! module `tables`: it is not API, and no front end names it. `tests/public-api.txt` lists
//! every public path, and a test holds the source to it.
//!
//! # Examples
//!
//! Count a hand, fast or itemised:
//!
//! ```
//! use crib_core::{Hand, HandKind, ItemKind, parse_cards};
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
//! use crib_core::discard::{CribModel, CribShare, DiscardRequest, PlayModel, Role, advise_discard};
//! use crib_core::pegging::peg_texts;
//! use crib_core::{Models, Players, parse_cards};
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

#[doc(hidden)]
pub mod tables;

// The layers, declared behind the door and used by the crate at its root.
pub(crate) use tables::{advice, exact, model, players, rules, search, state};

pub mod arena;
pub mod coach;
pub mod env;

pub use advice::for_game::{ForGame, Verdict};
pub use model::Models;
pub use rules::board::{DOUBLE_SKUNK_LINE, GAME, Game};
pub use rules::card::{Card, Rank, Suit, parse_cards};
pub use rules::error::{Error, Result};
pub use rules::position::Position;
pub use rules::seat::{Players, Seat, Side};
pub use rules::show::{Breakdown, Hand, HandKind, Item, ItemKind, Points};

/// Card notation: reading and writing cards, and the words of messages that quote them.
pub mod cards {
    pub use crate::rules::card::{
        CardError, CardProblem, Notation, check_deck, require_suits, written,
    };
    pub use crate::rules::quote::{quoted, thousands};
}

/// Errors: what went wrong, in detail ([`crate::Error`] names each).
pub mod error {
    pub use crate::rules::error::{
        Feature, NotationProblem, PlayLength, PlayProblem, RowProblem, Whose,
    };
}

/// The show: the words for a hand's pairs and runs ([`crate::Hand`] counts it).
pub mod show {
    pub use crate::rules::show::{pairs_name, runs_name};
}

/// Exact statistics over every hand and every starter.
pub mod stats {
    pub use crate::exact::stats::{
        Distribution, Figures, MAX_SCORE, all_hands, over_starters, unseen,
    };
}

/// The rulebooks' printed claims, checked.
pub mod rulebooks {
    pub use crate::exact::rulebooks::{Entry, Example, Value, check_row, check_rulebooks};
}

/// The play's points: a play read token by token and scored.
pub mod pegging {
    pub use crate::rules::play::{CARDS_EACH, PegScore};
    pub use crate::rules::sequence::{
        Event, EventKind, Pegging, Token, parse_tokens, peg_texts, quoting,
    };
}

/// A deal counted on the board, in the rules' order.
pub mod deal {
    pub use crate::rules::board::{KeepProblem, Phase, Reason, Skunk, kept};
    pub use crate::rules::deal::{BoardEvent, Counted, Deal, count};
}

/// The chance of winning from a position, par, and the match.
pub mod odds {
    pub use crate::advice::for_game::stake::match_chance_from;
    pub use crate::model::odds::{Chances, Odds, Outlook, SCORES, YourOutlook};
    pub use crate::model::par::Par;
}

/// What to throw: every choice valued for points, the tables of throws, and the discard for
/// the game ([`throw_for_game`](crate::discard::throw_for_game)).
pub mod discard {
    pub use crate::advice::discard::{
        CribModel, CribShare, DiscardAdvice, DiscardRequest, PlayModel, Role, Split, advise_discard,
    };
    pub use crate::advice::for_game::discard::{ThrowsForGame, WinChance, throw_for_game};
    pub use crate::exact::crib::{CribTable, SingleThrowValue, ThrowValue};
    pub use crate::model::crib::ThrowTable;
    pub use crate::model::pegging::{PegTable, PegValue};
}

/// What to play: every card valued for points, and the card for the game ([`card_for_game`](crate::play::card_for_game)).
pub mod play {
    pub use crate::advice::for_game::play::{BoardCard, CardsForGame, card_for_game};
    pub use crate::advice::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
    pub use crate::search::engine::{CardValue, PlayAdvice};
}

/// A game at the table: one deal move by move, a game or a match, and crib's players and what
/// each seat sees.
pub mod game {
    pub use crate::players::level::Level;
    pub use crate::players::seen::Seen;
    pub use crate::players::strongest::Parts;
    pub use crate::players::turns::play_out;
    pub use crate::state::deal::{DealTable, PlayAt, Refusal};
    pub use crate::state::session::{GameOver, Match, Muggins, Scored};
}
