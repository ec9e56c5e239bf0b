//! The library's error type: every way the input to crib can be wrong.
//!
//! Each message names the offending token and says what was expected, so a front end can print
//! it as one line and a user can fix the input without reading any documentation.

use std::fmt;

use crate::card::{Card, Rank};

/// Everything that can be wrong with what a user asked crib to score or analyse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A token is not a card at all.
    BadCard {
        /// The token as typed.
        token: String,
        /// What is wrong with it.
        reason: CardProblem,
    },
    /// The same card (rank and suit) was given twice.
    DuplicateCard(Card),
    /// More than four cards of one rank were given.
    FifthOfRank(Rank),
    /// The wrong number of cards for what was asked.
    WrongCount {
        /// What the cards are for, e.g. "a hand and its starter".
        what: &'static str,
        /// How many cards that takes.
        expected: String,
        /// How many were given.
        found: usize,
    },
    /// A card needs its suit here (suits matter) but was given as a rank alone.
    SuitNeeded {
        /// The rank-only card.
        card: Card,
        /// Why the suit matters.
        why: &'static str,
    },
    /// A pegging sequence breaks the rules of the play.
    BadPlay {
        /// The offending token as typed.
        token: String,
        /// Its 1-based position among the tokens.
        position: usize,
        /// What rule it breaks.
        reason: String,
    },
    /// Any other invalid request, described in full.
    Invalid(String),
}

/// Why a token could not be read as a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardProblem {
    /// The token is empty.
    Empty,
    /// The rank part is not a rank.
    UnknownRank(String),
    /// The suit part is not a suit.
    UnknownSuit(String),
}

/// The most characters of a token that a message quotes.
pub const QUOTE_LIMIT: usize = 40;

/// A token as a message quotes it: escaped so that it prints on one line, and cut after
/// [`QUOTE_LIMIT`] characters (then `…` and its length in bytes), so that no input, however
/// long, makes a long message.
pub fn quoted(token: &str) -> String {
    match token.char_indices().nth(QUOTE_LIMIT) {
        None => format!("'{}'", token.escape_debug()),
        Some((cut, _)) => format!(
            "'{}…' ({} bytes)",
            token[..cut].escape_debug(),
            crate::stats::thousands(token.len() as u64)
        ),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadCard { token, reason } => {
                write!(f, "{} is not a card: ", quoted(token))?;
                match reason {
                    // The whole token is the bad rank: quoting it again says nothing new.
                    CardProblem::UnknownRank(rank) if rank == token.trim() => {
                        f.write_str("unknown rank (expected A, 2-10, T, J, Q or K)")
                    }
                    _ => write!(f, "{reason}"),
                }
            }
            Error::DuplicateCard(card) => {
                write!(f, "'{card}' is given twice (a deck holds each card once)")
            }
            Error::FifthOfRank(rank) => write!(
                f,
                "'{}' is given five times or more (a deck holds four of each rank)",
                rank.ascii()
            ),
            Error::WrongCount {
                what,
                expected,
                found,
            } => write!(
                f,
                "{what} takes {expected}, but {found} {} given",
                if *found == 1 { "was" } else { "were" }
            ),
            Error::SuitNeeded { card, why } => {
                write!(f, "'{card}' needs a suit here ({why}), e.g. '{card}h'")
            }
            Error::BadPlay {
                token,
                position,
                reason,
            } => write!(f, "{} (token {position}): {reason}", quoted(token)),
            Error::Invalid(message) => f.write_str(message),
        }
    }
}

impl fmt::Display for CardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardProblem::Empty => f.write_str(
                "it is empty (expected a rank A, 2-10, T, J, Q or K, then a suit h, d, c, s or ♥ ♦ ♣ ♠)",
            ),
            CardProblem::UnknownRank(rank) => write!(
                f,
                "unknown rank {} (expected A, 2-10, T, J, Q or K)",
                quoted(rank)
            ),
            CardProblem::UnknownSuit(suit) => write!(
                f,
                "unknown suit {} (expected h, d, c, s or ♥ ♦ ♣ ♠)",
                quoted(suit)
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
