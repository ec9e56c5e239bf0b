//! The library's error type: every way the input to crib can be wrong.
//!
//! Each message names the offending token and says what was expected, so that a front end can
//! print it as one line and a user can fix the input without reading any documentation. The
//! messages name what is wrong, never a front end's flags: a front end that wants to point at
//! its own options matches on the variant.

use std::fmt;

use crate::rules::card::{Card, CardError, CardProblem, Notation};
use crate::rules::quote::quoted;

/// Everything that can be wrong with what a user asked crib to score or analyse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A card that cannot be read, or cards that cannot come from one deck.
    Card(CardError),
    /// The wrong number of cards for what was asked.
    WrongCount {
        /// What the cards are for, e.g. "a hand and its starter".
        what: &'static str,
        /// How many cards that takes.
        expected: String,
        /// How many were given.
        found: usize,
    },
    /// A pegging sequence breaks the rules of the play.
    BadPlay {
        /// The offending token as typed.
        token: String,
        /// Its 1-based position among the tokens.
        position: usize,
        /// What rule it breaks.
        reason: PlayProblem,
    },
    /// A play that is whole where it should not be, or stops short where it should be whole.
    PlayLength(PlayLength),
    /// Something crib computes for some numbers of players only.
    NotForPlayers {
        /// What was asked for.
        what: Feature,
        /// For how many players.
        players: usize,
    },
    /// Any other invalid request, described in full.
    Invalid(String),
}

/// Who holds the cards a problem of the play is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The player asking (one seat of the play seen from it).
    You,
    /// A seat, by name: `pone`, `dealer`, `p1`, ...
    Seat(&'static str),
}

/// What rule of the play a token breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayProblem {
    /// The token is neither a card nor `go`, and not even a rank.
    NotAToken,
    /// The token is neither a card nor `go`.
    NotACard(CardProblem),
    /// The card cannot be in the deck with the cards before it.
    Deck(Box<Error>),
    /// Every card of the deal had been played already.
    AllPlayed {
        /// How many cards the deal has.
        cards: usize,
        /// For how many players.
        players: usize,
    },
    /// A go at a count where every card still fits.
    GoWhileAllFit {
        /// The count.
        count: u8,
    },
    /// A card played out of turn or not held.
    NotHeld {
        /// Whose turn it was.
        whose: Whose,
        /// Their cards left.
        left: Vec<Card>,
    },
    /// A card the opponent cannot hold, by their earlier gos.
    CouldNotHold {
        /// Every card they hold is worth more than this.
        over: u8,
    },
    /// A go said while a card that fits was held.
    GoButFits {
        /// Who said go.
        whose: Whose,
        /// The count.
        count: u8,
        /// A card of theirs that fits.
        card: Card,
    },
    /// A count ends (a card would pass 31) while a player holds a card that fits it.
    CountEndsButFits {
        /// Who holds the card.
        whose: Whose,
        /// The count that ends.
        count: u8,
        /// The card that fits.
        card: Card,
    },
}

/// A play with the wrong number of cards for what is asked of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayLength {
    /// Advice is asked after every card has been played.
    Over,
    /// A deal counted on the board needs its whole play; it stops after this many cards.
    Short {
        /// The cards played.
        played: usize,
        /// The cards of the whole play.
        of: usize,
    },
}

/// Something crib computes for some numbers of players only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// The play's expert opponent model: the hands two players keep.
    ExpertOpponent,
    /// A partner's crib: four players.
    PartnersCrib,
    /// Discard advice: two, three or four players.
    Discard,
    /// The play: two, three or four players.
    Play,
}

impl From<CardError> for Error {
    fn from(error: CardError) -> Error {
        Error::Card(error)
    }
}

impl Error {
    /// The message, with the cards it names written in `notation`. [`Display`](fmt::Display)
    /// writes suits as symbols.
    pub fn message(&self, notation: Notation) -> impl fmt::Display + '_ {
        struct Message<'a>(&'a Error, Notation);
        impl fmt::Display for Message<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, self.1)
            }
        }
        Message(self, notation)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, notation: Notation) -> fmt::Result {
        match self {
            Error::Card(error) => error.write(f, notation),
            Error::WrongCount {
                what,
                expected,
                found,
            } => write!(
                f,
                "{what} takes {expected}, but {found} {} given",
                if *found == 1 { "was" } else { "were" }
            ),
            Error::BadPlay {
                token,
                position,
                reason,
            } => {
                write!(f, "{} (token {position}): ", quoted(token))?;
                reason.write(f, notation)
            }
            Error::PlayLength(PlayLength::Over) => {
                f.write_str("every card of the play has been played")
            }
            Error::PlayLength(PlayLength::Short { played, of }) => write!(
                f,
                "the play stops after {played} of its {of} cards: give it all (counting stops at \
                 the end of the game by itself)"
            ),
            Error::NotForPlayers { what, players } => match what {
                Feature::ExpertOpponent => write!(
                    f,
                    "the expert opponent model weighs the hands two players keep, not {players}"
                ),
                Feature::PartnersCrib => write!(
                    f,
                    "a partner's crib is for four players, two partnerships, not for {players}"
                ),
                Feature::Discard => {
                    write!(f, "discard advice is for 2, 3 or 4 players, not {players}")
                }
                Feature::Play => {
                    write!(f, "the play is for 2, 3 or 4 players, not {players}")
                }
            },
            Error::Invalid(message) => f.write_str(message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Notation::Symbols)
    }
}

impl Whose {
    /// `your` or `the dealer's`.
    fn possessive(self) -> String {
        match self {
            Whose::You => "your".to_owned(),
            Whose::Seat(name) => format!("the {name}'s"),
        }
    }
}

impl PlayProblem {
    fn write(&self, f: &mut fmt::Formatter<'_>, notation: Notation) -> fmt::Result {
        let card = |card: &Card| card.show(notation);
        match self {
            PlayProblem::NotAToken => f.write_str(
                "not a card or 'go' (expected a rank A, 2-10, T, J, Q or K, with or without a suit)",
            ),
            PlayProblem::NotACard(problem) => {
                f.write_str("not a card or 'go': ")?;
                problem.write(f, notation)
            }
            PlayProblem::Deck(error) => error.write(f, notation),
            PlayProblem::AllPlayed { cards, players } => write!(
                f,
                "every card of the deal has been played ({cards} for {players} players)"
            ),
            PlayProblem::GoWhileAllFit { count } => write!(
                f,
                "a go while the count is {count}: every card still fits (none is worth more \
                 than 10)"
            ),
            PlayProblem::NotHeld { whose, left } => {
                let left = crate::rules::card::written(left, notation);
                match whose {
                    Whose::You => write!(
                        f,
                        "your turn to play, but it is not one of your cards left ({left})"
                    ),
                    Whose::Seat(name) => write!(
                        f,
                        "the {name}'s turn, and not one of their cards left ({left})"
                    ),
                }
            }
            PlayProblem::CouldNotHold { over } => write!(
                f,
                "the opponent could not have held it: they could not play a card worth {over} or \
                 less earlier"
            ),
            PlayProblem::GoButFits {
                whose,
                count,
                card: c,
            } => match whose {
                Whose::You => write!(
                    f,
                    "a go at a count of {count}, but your {} still fits",
                    card(c)
                ),
                Whose::Seat(_) => write!(
                    f,
                    "a go at a count of {count}, but {} {} fits",
                    whose.possessive(),
                    card(c)
                ),
            },
            PlayProblem::CountEndsButFits {
                whose,
                count,
                card: c,
            } => write!(
                f,
                "the count of {count} ends here, but {} {} fits it",
                whose.possessive(),
                card(c)
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
