//! Card notation: ranks, suits and cards, how players type them and how crib prints them.
//!
//! A card is written rank then suit: `5h`, `10s` or `Ts`, `jD`, `A♠`. A rank alone (`5`, `J`)
//! is a rank-only card, for the places where suits cannot matter (the play) or are unknown.

use std::fmt;
use std::str::FromStr;

use crate::rules::quote::quoted;

/// One of the four suits, in the order hearts, diamonds, clubs, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♥
    Hearts,
    /// ♦
    Diamonds,
    /// ♣
    Clubs,
    /// ♠
    Spades,
}

impl Suit {
    /// All four suits, in index order.
    pub(crate) const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    /// The suit's index, 0 to 3.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit of an index 0 to 3 (taken modulo 4).
    pub(crate) const fn from_index(index: u8) -> Suit {
        Suit::ALL[(index & 3) as usize]
    }

    /// The ASCII letter crib prints in JSON: `h`, `d`, `c` or `s`.
    pub const fn ascii(self) -> char {
        match self {
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
            Suit::Clubs => 'c',
            Suit::Spades => 's',
        }
    }

    /// The symbol crib prints for people: ♥ ♦ ♣ ♠.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
        }
    }

    fn parse(text: &str) -> Option<Suit> {
        // A variation selector may follow a symbol: U+FE0F asks for the emoji form (♥️),
        // U+FE0E for the text form.
        let text = text.strip_suffix(['\u{FE0F}', '\u{FE0E}']).unwrap_or(text);
        let mut chars = text.chars();
        let suit = match chars.next()? {
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        };
        chars.next().is_none().then_some(suit)
    }
}

/// A rank, ace (1, always low) to king (13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The ace, rank 1.
    pub(crate) const ACE: Rank = Rank(1);
    /// The five, the most valuable card in cribbage.
    pub(crate) const FIVE: Rank = Rank(5);
    /// The ten.
    pub(crate) const TEN: Rank = Rank(10);
    /// The jack, rank 11.
    pub(crate) const JACK: Rank = Rank(11);
    /// The king, rank 13.
    pub(crate) const KING: Rank = Rank(13);

    /// All thirteen ranks, ace to king.
    pub const ALL: [Rank; 13] = {
        let mut all = [Rank(1); 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Rank(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The rank numbered 1 (ace) to 13 (king), or `None` outside that range.
    pub const fn new(number: u8) -> Option<Rank> {
        if number >= 1 && number <= 13 {
            Some(Rank(number))
        } else {
            None
        }
    }

    /// The rank's number, 1 (ace) to 13 (king): the order used for runs.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The rank's index, 0 (ace) to 12 (king).
    pub const fn index(self) -> u8 {
        self.0 - 1
    }

    /// The pip value that counts towards fifteen and thirty-one: face cards count ten.
    pub const fn value(self) -> u8 {
        if self.0 > 10 { 10 } else { self.0 }
    }

    /// The notation crib prints: `A`, `2` to `10`, `J`, `Q`, `K`.
    pub const fn ascii(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        NAMES[self.0 as usize - 1]
    }

    /// Read a rank alone: `A`, `2`-`10`, `T`, `J`, `Q`, `K`, in either case.
    fn parse(text: &str) -> Option<Rank> {
        let number = match text {
            "a" | "A" => 1,
            "10" | "t" | "T" => 10,
            "j" | "J" => 11,
            "q" | "Q" => 12,
            "k" | "K" => 13,
            _ => match text.as_bytes() {
                [digit @ b'2'..=b'9'] => digit - b'0',
                _ => return None,
            },
        };
        Some(Rank(number))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ascii())
    }
}

/// A playing card: a rank and, unless it was given as a rank alone, a suit.
///
/// `Display` prints the ASCII notation used in JSON (`5h`, `10d`, `Js`, or `5` for a rank-only
/// card); [`Card::show`] with [`Notation::Symbols`] prints the form shown to people (`5♥`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    rank: Rank,
    /// The suit's index 0 to 3, or [`NO_SUIT`]: a plain code keeps the scorer branch-free.
    suit: u8,
}

/// The suit code of a rank-only card.
const NO_SUIT: u8 = 4;

impl Card {
    /// A card with a known suit.
    pub(crate) const fn new(rank: Rank, suit: Suit) -> Card {
        Card {
            rank,
            suit: suit.index(),
        }
    }

    /// A card whose suit is unknown or does not matter.
    pub(crate) const fn rank_only(rank: Rank) -> Card {
        Card {
            rank,
            suit: NO_SUIT,
        }
    }

    /// The card with deck index 0 to 51 (`rank index * 4 + suit index`).
    pub const fn from_index(index: u8) -> Card {
        Card::new(Rank(index / 4 % 13 + 1), Suit::from_index(index))
    }

    /// The card's deck index 0 to 51, or `None` for a rank-only card.
    pub const fn index(self) -> Option<u8> {
        match self.suit() {
            Some(suit) => Some(self.rank.index() * 4 + suit.index()),
            None => None,
        }
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// The card's suit, `None` for a rank-only card.
    pub const fn suit(self) -> Option<Suit> {
        if self.suit == NO_SUIT {
            None
        } else {
            Some(Suit::from_index(self.suit))
        }
    }

    /// A one-hot bit for the suit (hearts 1, diamonds 2, clubs 4, spades 8), 0 for a rank-only
    /// card, so that it matches no suit.
    #[inline(always)]
    pub(crate) const fn suit_bit(self) -> u8 {
        (1u8 << self.suit) & 0b1111
    }

    /// The card's pip value towards fifteen and thirty-one.
    pub(crate) const fn value(self) -> u8 {
        self.rank.value()
    }

    /// The same card with its suit forgotten.
    pub(crate) const fn without_suit(self) -> Card {
        Card::rank_only(self.rank)
    }

    /// The whole deck, in index order.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).map(Card::from_index)
    }

    /// `cards` as a set: bit `n` for the card with deck index `n` (a rank-only card has none).
    pub(crate) fn set_of<'a>(cards: impl IntoIterator<Item = &'a Card>) -> u64 {
        cards
            .into_iter()
            .filter_map(|c| c.index())
            .fold(0, |m, i| m | 1 << i)
    }

    /// A value that prints the card in a notation: `5h` or `5♥`.
    pub fn show(self, notation: Notation) -> impl fmt::Display {
        struct Shown(Card, Notation);
        impl fmt::Display for Shown {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0.rank.ascii())?;
                match (self.0.suit(), self.1) {
                    (Some(suit), Notation::Symbols) => write!(f, "{}", suit.symbol()),
                    (Some(suit), Notation::Ascii) => write!(f, "{}", suit.ascii()),
                    (None, _) => Ok(()),
                }
            }
        }
        Shown(self, notation)
    }

    /// Read the common form of a card fast, without allocating: a rank (`A`, `2`-`9`, `T` or
    /// `10`, `J`, `Q`, `K`) and a suit letter, ASCII, in either case. `None` for anything else,
    /// which [`str::parse`] then reads and explains.
    #[inline]
    pub(crate) fn parse_ascii(token: &[u8]) -> Option<Card> {
        let (rank, suit) = match *token {
            [r, s] => (r, s),
            [b'1', b'0', s] => (b'T', s),
            _ => return None,
        };
        let rank = match rank.to_ascii_uppercase() {
            b'A' => 1,
            r @ b'2'..=b'9' => r - b'0',
            b'T' => 10,
            b'J' => 11,
            b'Q' => 12,
            b'K' => 13,
            _ => return None,
        };
        let suit = match suit.to_ascii_lowercase() {
            b'h' => Suit::Hearts,
            b'd' => Suit::Diamonds,
            b'c' => Suit::Clubs,
            b's' => Suit::Spades,
            _ => return None,
        };
        Some(Card::new(Rank(rank), suit))
    }
}

/// How cards are written for people: suits as letters (`5h`) or as symbols (`5♥`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// `5h`: ASCII, as crib reads cards and as JSON carries them.
    Ascii,
    /// `5♥`.
    #[default]
    Symbols,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rank.ascii())?;
        match self.suit() {
            Some(suit) => write!(f, "{}", suit.ascii()),
            None => Ok(()),
        }
    }
}

/// Everything that can be wrong with cards given: one that cannot be read, or cards that
/// cannot all come from one deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardError {
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
    /// A card needs its suit here (suits matter) but was given as a rank alone.
    SuitNeeded {
        /// The rank-only card.
        card: Card,
        /// Why the suit matters.
        why: &'static str,
    },
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

impl CardError {
    /// Write the message, naming suits in `notation`.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, notation: Notation) -> fmt::Result {
        match self {
            CardError::BadCard { token, reason } => {
                write!(f, "{} is not a card: ", quoted(token))?;
                match reason {
                    // The whole token is the bad rank: quoting it again says nothing new.
                    CardProblem::UnknownRank(rank) if rank == token.trim() => {
                        f.write_str("unknown rank (expected A, 2-10, T, J, Q or K)")
                    }
                    _ => reason.write(f, notation),
                }
            }
            CardError::DuplicateCard(card) => {
                write!(f, "'{card}' is given twice (a deck holds each card once)")
            }
            CardError::FifthOfRank(rank) => write!(
                f,
                "'{}' is given five times or more (a deck holds four of each rank)",
                rank.ascii()
            ),
            CardError::SuitNeeded { card, why } => {
                write!(f, "'{card}' needs a suit here ({why}), e.g. '{card}h'")
            }
        }
    }

    /// The message, with suits named in `notation`. [`Display`](fmt::Display) names them as
    /// symbols too.
    pub fn message(&self, notation: Notation) -> impl fmt::Display + '_ {
        struct Message<'a>(&'a CardError, Notation);
        impl fmt::Display for Message<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, self.1)
            }
        }
        Message(self, notation)
    }
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Notation::Symbols)
    }
}

impl std::error::Error for CardError {}

impl CardProblem {
    /// Write what is wrong, naming suits in `notation`.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, notation: Notation) -> fmt::Result {
        let suits = match notation {
            Notation::Symbols => "h, d, c, s or ♥ ♦ ♣ ♠",
            Notation::Ascii => "h, d, c or s",
        };
        match self {
            CardProblem::Empty => write!(
                f,
                "it is empty (expected a rank A, 2-10, T, J, Q or K, then a suit {suits})"
            ),
            CardProblem::UnknownRank(rank) => write!(
                f,
                "unknown rank {} (expected A, 2-10, T, J, Q or K)",
                quoted(rank)
            ),
            CardProblem::UnknownSuit(suit) => {
                write!(f, "unknown suit {} (expected {suits})", quoted(suit))
            }
        }
    }
}

impl fmt::Display for CardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Notation::Symbols)
    }
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(token: &str) -> Result<Card, CardError> {
        if let Some(card) = Card::parse_ascii(token.as_bytes()) {
            return Ok(card);
        }
        let bad = |reason| CardError::BadCard {
            token: token.to_owned(),
            reason,
        };
        let text = token.trim();
        if text.is_empty() {
            return Err(bad(CardProblem::Empty));
        }
        // The rank is "10" or one character; everything after it is the suit.
        let split = if text.starts_with("10") {
            2
        } else {
            text.chars().next().map_or(0, char::len_utf8)
        };
        let (rank_text, suit_text) = text.split_at(split);
        let rank = Rank::parse(rank_text).ok_or_else(|| {
            // Show the whole leading run of non-suit characters: "1" in "1h", "11" in "11s".
            let end = text
                .char_indices()
                .find(|&(_, c)| Suit::parse(c.encode_utf8(&mut [0; 4])).is_some())
                .map_or(text.len(), |(i, _)| i.max(split));
            bad(CardProblem::UnknownRank(text[..end].to_owned()))
        })?;
        if suit_text.is_empty() {
            return Ok(Card::rank_only(rank));
        }
        let suit = Suit::parse(suit_text)
            .ok_or_else(|| bad(CardProblem::UnknownSuit(suit_text.into())))?;
        Ok(Card::new(rank, suit))
    }
}

/// Read every token as a card.
pub fn parse_cards<S: AsRef<str>>(tokens: &[S]) -> Result<Vec<Card>, CardError> {
    tokens.iter().map(|token| token.as_ref().parse()).collect()
}

/// Check that cards could all come from one deck: no card twice, no rank five times.
///
/// Rank-only cards may repeat (`5 5 5`); they count towards the four of their rank.
pub fn check_deck(cards: &[Card]) -> Result<(), CardError> {
    let mut seen = [false; 52];
    let mut of_rank = [0u8; 13];
    for &card in cards {
        if let Some(index) = card.index()
            && std::mem::replace(&mut seen[index as usize], true)
        {
            return Err(CardError::DuplicateCard(card));
        }
        let count = &mut of_rank[card.rank().index() as usize];
        *count += 1;
        if *count > 4 {
            return Err(CardError::FifthOfRank(card.rank()));
        }
    }
    Ok(())
}

/// Require every card to have a suit.
pub fn require_suits(cards: &[Card], why: &'static str) -> Result<(), CardError> {
    match cards.iter().find(|card| card.suit().is_none()) {
        Some(&card) => Err(CardError::SuitNeeded { card, why }),
        None => Ok(()),
    }
}

/// Cards in a notation, space-separated (`5♥ J♦`), written without allocating.
pub fn written(cards: &[Card], notation: Notation) -> impl fmt::Display + '_ {
    struct Written<'a>(&'a [Card], Notation);
    impl fmt::Display for Written<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for (i, card) in self.0.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", card.show(self.1))?;
            }
            Ok(())
        }
    }
    Written(cards, notation)
}

/// Where `card` is among `cards`: the card itself, or for a card given without its suit, the
/// first card of its rank.
pub(crate) fn position_of(cards: &[Card], card: Card) -> Option<usize> {
    cards
        .iter()
        .position(|c| *c == card || (card.suit().is_none() && c.rank() == card.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn reads_every_notation() {
        let five_hearts = Card::new(Rank::FIVE, Suit::Hearts);
        for text in ["5h", "5H", "5♥", "5♡", "5♥\u{FE0F}", " 5h "] {
            assert_eq!(card(text), five_hearts, "{text}");
        }
        assert_eq!(card("10s"), card("Ts"));
        assert_eq!(card("ts"), Card::new(Rank::TEN, Suit::Spades));
        assert_eq!(card("jD"), Card::new(Rank::JACK, Suit::Diamonds));
        assert_eq!(card("A♠"), Card::new(Rank::ACE, Suit::Spades));
        assert_eq!(card("K♧"), Card::new(Rank::KING, Suit::Clubs));
        assert_eq!(card("q"), Card::rank_only(Rank::new(12).unwrap()));
        assert_eq!(card("10"), Card::rank_only(Rank::TEN));
    }

    #[test]
    fn prints_ascii_and_symbols() {
        assert_eq!(card("10h").to_string(), "10h");
        assert_eq!(card("Th").show(Notation::Symbols).to_string(), "10♥");
        assert_eq!(card("jd").to_string(), "Jd");
        assert_eq!(card("J").to_string(), "J");
        assert_eq!(
            written(&[card("5h"), card("Jd")], Notation::Symbols).to_string(),
            "5♥ J♦"
        );
        assert_eq!(
            written(&[card("5h"), card("10d")], Notation::Ascii).to_string(),
            "5h 10d"
        );
        for token in ["5h", "10s", "Ts", "jD", "AS", "kc"] {
            assert_eq!(Card::parse_ascii(token.as_bytes()), token.parse().ok());
        }
        assert_eq!(Card::parse_ascii(b"5"), None);
        assert_eq!(Card::parse_ascii(b"1h"), None);
    }

    #[test]
    fn index_round_trips() {
        for index in 0..52 {
            assert_eq!(Card::from_index(index).index(), Some(index));
        }
        assert_eq!(Card::deck().count(), 52);
    }

    #[test]
    fn errors_name_the_token() {
        let message = |text: &str| text.parse::<Card>().unwrap_err().to_string();
        assert_eq!(
            message("5x"),
            "'5x' is not a card: unknown suit 'x' (expected h, d, c, s or ♥ ♦ ♣ ♠)"
        );
        assert!(message("1h").contains("unknown rank '1'"));
        assert!(message("11s").contains("unknown rank '11'"));
        assert!(message("Zh").contains("unknown rank 'Z'"));
        assert!(message("5hh").contains("unknown suit 'hh'"));
        assert!(message("").contains("empty"));
        assert!(message("5\u{1b}").contains("unknown suit '<U+001B>'"));
    }

    #[test]
    fn deck_checks() {
        let cards = parse_cards(&["5h", "5h"]).unwrap();
        assert_eq!(
            check_deck(&cards),
            Err(CardError::DuplicateCard(card("5h")))
        );
        let cards = parse_cards(&["5", "5", "5h", "5", "5"]).unwrap();
        assert_eq!(check_deck(&cards), Err(CardError::FifthOfRank(Rank::FIVE)));
        assert!(check_deck(&parse_cards(&["5", "5", "5h", "5"]).unwrap()).is_ok());
    }
}
