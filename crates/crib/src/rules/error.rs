//! The library's error type: every way the input to crib can be wrong.
//!
//! Each message names the offending token and says what was expected, so that a front end can
//! print it as one line and a user can fix the input without reading any documentation. The
//! messages name what is wrong, never a front end's flags: a front end that wants to point at
//! its own options matches on the variant.

use std::fmt;

use crate::rules::card::{Card, CardError, CardProblem, Notation};
use crate::rules::quote::quoted;
use crate::rules::seat::{Players, Seat};

/// Everything that can be wrong with what a user asked crib to score or analyse. New kinds of
/// problem may be added: match with a wildcard arm.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
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
        players: Players,
    },
    /// A number of players the rules do not describe.
    PlayerCount {
        /// How many were asked for.
        count: usize,
    },
    /// A game hole other than 61 or 121.
    GameHole {
        /// The hole asked for.
        target: u32,
    },
    /// A seat the table does not have.
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// How many sit at the table.
        players: Players,
    },
    /// A seat that does not hold the role it is asked about in.
    SeatRole {
        /// The seat.
        seat: Seat,
        /// How many sit at the table.
        players: Players,
        /// The role's name: `dealer`, `partner-deals` or `pone`.
        role: &'static str,
    },
    /// Advice asked of a seat whose turn it is not.
    NotYourTurn {
        /// The name of the seat whose turn it is.
        turn: &'static str,
    },
    /// The other seats cannot hold what the play says they hold.
    NoHandFits {
        /// Whose hand, as a possessive: `the opponent's`, `the p2's`.
        whose: String,
        /// Whether the seats before it are counted with it.
        with_others: bool,
        /// The cards they hold.
        held: u8,
        /// Every one worth more than this, by their gos.
        over: u8,
        /// How many such cards are unseen.
        possible: u8,
    },
    /// A deal whose scores are not one for each side.
    ScoreCount {
        /// How many play.
        players: Players,
        /// How many sides score.
        sides: usize,
        /// How many scores were given.
        found: usize,
    },
    /// A discard weighed for the game with models other than crib's own.
    GameNeedsModels,
    /// A decision asked at a position of another seat, or another number of players.
    OtherPosition,
    /// Odds asked of a position of another number of players.
    OddsOf {
        /// How many the odds are for.
        odds: Players,
        /// How many the position has.
        asked: Players,
    },
    /// Scores for a decision for the game at or past its hole.
    ScoresOver {
        /// Your score.
        yours: u32,
        /// The opponent's.
        theirs: u32,
        /// The game hole.
        target: u32,
    },
    /// A score at or past the game hole, before a deal.
    GameOver {
        /// Who has it, as the sentence names them: `the dealer has`, `p1 has`.
        who: String,
        /// The score.
        score: u32,
        /// The game hole.
        target: u32,
    },
    /// A deal at the table dealt with the wrong number of hands.
    HandCount {
        /// How many play.
        players: Players,
        /// How many hands were dealt.
        found: usize,
    },
    /// A card dealt to the crib with two or four players, or none with three.
    CribCard,
    /// A deal at the table started with the wrong number of scores.
    StartScores {
        /// One for each side.
        sides: usize,
        /// How many were given.
        found: usize,
    },
    /// A whole deal asked for before every seat has thrown.
    NotAllThrown,
    /// A row of a rulebook's table that cannot be read.
    Row {
        /// The row as given.
        row: String,
        /// What is wrong with it.
        problem: RowProblem,
    },
    /// Cards in a rulebook's notation that cannot be read.
    Notation(NotationProblem),
}

/// What is wrong with a rulebook table's row as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowProblem {
    /// No dash before the printed points.
    NoDash,
    /// The printed points are negative.
    Negative(String),
    /// More than one dash.
    Dashes,
    /// The printed points are not a whole number.
    NotANumber(String),
}

/// What is wrong with cards in a rulebook's notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationProblem {
    /// Cards with suits beside cards without.
    Mixed {
        /// A card with a suit.
        with_suit: String,
        /// A card without.
        without: String,
    },
    /// A token that is no card in either notation.
    NotACard(String),
    /// A second card marked as the starter.
    SecondStarter(String),
    /// No card of the row can be the starter.
    NoStarter,
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
        players: Players,
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
#[non_exhaustive]
pub enum Feature {
    /// A partner's crib: four players.
    PartnersCrib,
    /// A match, in which a skunk counts two games: two players.
    Match,
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
                Feature::PartnersCrib => write!(
                    f,
                    "a partner's crib is for four players, two partnerships, not for {players}"
                ),
                Feature::Match => write!(
                    f,
                    "a match (a skunk counting two games) is weighed for two players, not \
                     {players}"
                ),
            },
            Error::Row { row, problem } => {
                write!(f, "{}: ", quoted(row))?;
                problem.write(f)
            }
            Error::Notation(problem) => problem.write(f),
            _ => self.write_setup(f),
        }
    }

    /// The message of a problem with how a game, a deal or a decision is set up.
    fn write_setup(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::PlayerCount { count } => {
                write!(f, "cribbage is played by 2, 3 or 4 players, not {count}")
            }
            Error::GameHole { target } => {
                write!(f, "a game is played to 61 or to 121, not {target}")
            }
            Error::NoSuchSeat { seat, players } => write!(
                f,
                "there is no seat {} with {players} players: seats are 1 to {players}",
                seat.index() + 1
            ),
            Error::SeatRole {
                seat,
                players,
                role,
            } => write!(
                f,
                "seat {} of {players} does not hold the {role} role",
                seat.index() + 1
            ),
            Error::NotYourTurn { turn } => write!(
                f,
                "it is the {turn}'s turn, not yours: give their card (or 'go') first"
            ),
            Error::NoHandFits {
                whose,
                with_others,
                held,
                over,
                possible,
            } => write!(
                f,
                "no hand of {whose} fits the play: {} {held} cards, all worth more than {over} \
                 (by their gos), but only {possible} such cards are unseen",
                if *with_others {
                    "with the others' they hold"
                } else {
                    "they hold"
                }
            ),
            Error::ScoreCount {
                players,
                sides,
                found,
            } => write!(
                f,
                "a deal of {players} players takes {sides} scores, not {found}"
            ),
            Error::GameNeedsModels => write!(
                f,
                "the discard is weighed for the game with crib's models: the expert crib model \
                 and the play counted"
            ),
            Error::OtherPosition => write!(
                f,
                "the position is another seat's, or of another number of players, than the \
                 decision's"
            ),
            Error::OddsOf { odds, asked } => write!(
                f,
                "the odds of {odds} players read a position of {odds}, not of {asked}"
            ),
            Error::ScoresOver {
                yours,
                theirs,
                target,
            } => write!(
                f,
                "{yours}-{theirs}: a game to {target} is over at {target}; give scores below it"
            ),
            Error::GameOver { who, score, target } => {
                write!(f, "{who} {score}: the game is over at {target}")
            }
            Error::HandCount { players, found } => write!(
                f,
                "{players} players need {players} hands as dealt, not {found}"
            ),
            Error::CribCard => {
                f.write_str("a card is dealt to the crib with three players, and only then")
            }
            Error::StartScores { sides, found } => {
                write!(f, "{sides} scores are needed before the deal, not {found}")
            }
            Error::NotAllThrown => f.write_str("not every seat has thrown"),
            _ => unreachable!("every other error is written by Error::write"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Notation::Symbols)
    }
}

impl RowProblem {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowProblem::NoDash => f.write_str(
                "expected five cards, a dash and the printed points, e.g. \
                 '5 .. N .. 5 .. 5 .. 5s — 29'",
            ),
            RowProblem::Negative(points) => write!(
                f,
                "the printed points are negative (-{points}): a count is a whole number \
                 from 0 to 29"
            ),
            RowProblem::Dashes => f.write_str(
                "more than one dash: a row has one, between the five cards and the \
                 printed points",
            ),
            RowProblem::NotANumber(points) => write!(
                f,
                "the printed points {} are not a whole number",
                quoted(points)
            ),
        }
    }
}

impl NotationProblem {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationProblem::Mixed { with_suit, without } => write!(
                f,
                "cards with and without suits are mixed ({} has a suit, {} has none): give \
                 every card its suit, as in '5h 5c 5s Jd 5d — 29', or none, as in \
                 '5 .. N .. 5 .. 5 .. 5s — 29'",
                quoted(with_suit),
                quoted(without)
            ),
            NotationProblem::NotACard(token) => write!(
                f,
                "{} is not a card in the rulebook's notation (expected 1 or A, 2-10, J, Q, \
                 K, N for nobs, with a trailing s on the starter) nor in crib's (e.g. 5h)",
                quoted(token)
            ),
            NotationProblem::SecondStarter(token) => write!(
                f,
                "{} marks a second starter (only one card may end in s)",
                quoted(token)
            ),
            NotationProblem::NoStarter => f.write_str(
                "no card can be the starter: N is the jack of the starter's suit, so the \
                 starter cannot be N nor, beside N, a jack",
            ),
        }
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
