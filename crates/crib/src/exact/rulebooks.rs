//! The rulebooks' printed tables and claims, each checked by crib: the 48 rows of the Drueke
//! scoring table, the point tables of the Family Games America sheet (each shown by an
//! example), and the claims of the Jumbo Cribbage sheet (each by an exhaustive sweep).

use std::fmt;

use crate::exact::crib::{ThrowValue, crib_table};
use crate::exact::stats::{ALL_HANDS, all_hands, sweep};
use crate::rules::card::{Card, Rank, Suit};
use crate::rules::error::Result;
use crate::rules::play::{PegScore, score_play};
use crate::rules::printed::{DRUEKE_ROWS, parse_row};
use crate::rules::quote::thousands;
use crate::rules::seat::Players;
use crate::rules::sequence::{EventKind, peg_texts};
use crate::rules::show::{Hand, HandKind, his_heels};

/// A printed value or a computed one: points for table rows, words for claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A number of points (or of hands).
    Points(u32),
    /// A claim's statement, or what crib found.
    Text(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Points(n) => write!(f, "{n}"),
            Value::Text(text) => f.write_str(text),
        }
    }
}

/// The example crib scores to check a printed entry that states a rule rather than a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Example {
    /// A play, in the notation of `crib peg` (ranks alone), with what it shows.
    Play(&'static str),
    /// A jack turned as the starter.
    Heels(Card),
    /// A hand or a crib and its starter, the starter last.
    Show {
        /// Whether it is counted as a crib.
        crib: bool,
        /// The five cards.
        cards: Vec<Card>,
    },
}

/// One printed entry checked: what is printed, what crib computes, whether they agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Where it is printed.
    pub source: String,
    /// The entry as printed.
    pub entry: String,
    /// For a point table that states a rule: the example crib scored to check it.
    pub example: Option<Example>,
    /// What the rulebook prints.
    pub printed: Value,
    /// What crib computes.
    pub computed: Value,
    /// Whether the two agree.
    pub agrees: bool,
}

impl Entry {
    fn points(source: &str, entry: String, printed: u32, computed: u32) -> Entry {
        Entry {
            source: source.to_owned(),
            entry,
            example: None,
            printed: Value::Points(printed),
            computed: Value::Points(computed),
            agrees: printed == computed,
        }
    }

    fn example(mut self, example: Example) -> Entry {
        self.example = Some(example);
        self
    }

    fn claim(source: &str, entry: &str, printed: &str, computed: String, agrees: bool) -> Entry {
        Entry {
            source: source.to_owned(),
            entry: entry.to_owned(),
            example: None,
            printed: Value::Text(printed.to_owned()),
            computed: Value::Text(computed),
            agrees,
        }
    }
}

/// Check one row of a table of the user's own; `source` names it in the entry (the file and
/// line).
pub fn check_row(text: &str, source: &str, kind: HandKind) -> Result<Entry> {
    let row = parse_row(text, kind)?;
    Ok(Entry::points(
        source,
        text.to_owned(),
        row.printed,
        u32::from(row.hand.score()),
    ))
}

const DRUEKE: &str = "000 Drueke, CRIBBAGE SCORING TABLE";
const DRUEKE_GO: &str = "000 Drueke, THE \"GO\"";
const FGA_PLAY: &str = "004 Family Games America, SCORING POINTS DURING PLAY";
const FGA_COUNT: &str = "004 Family Games America, COUNTING THE HAND AFTER PLAY";
const JUMBO_COUNT: &str = "003 Jumbo Cribbage, 8. Counting up the cards";
const JUMBO_TIPS: &str = "003 Jumbo Cribbage, Tips";

/// Every printed table and checkable claim of the rulebooks, checked: the 48 rows of the
/// Drueke scoring table, the point tables of the Family Games America sheet (each shown by an
/// example), and the claims of the Jumbo Cribbage sheet (each by an exhaustive sweep).
pub fn check_rulebooks() -> Vec<Entry> {
    let mut entries = drueke_table();
    entries.extend(play_entries());
    entries.extend(count_entries());
    entries.extend(jumbo_claims());
    entries
}

/// The 48 rows of the Drueke CRIBBAGE SCORING TABLE.
fn drueke_table() -> Vec<Entry> {
    DRUEKE_ROWS
        .iter()
        .map(|row| match parse_row(row, HandKind::Hand) {
            Ok(read) => Entry::points(
                DRUEKE,
                (*row).to_owned(),
                read.printed,
                read.hand.score().into(),
            ),
            Err(err) => Entry::claim(DRUEKE, row, row, format!("unreadable: {err}"), false),
        })
        .collect()
}

/// The points of the play. Each example's points are those scored from its last card on.
fn play_entries() -> Vec<Entry> {
    let jack = Card::new(Rank::JACK, Suit::Hearts);
    let mut entries = vec![
        Entry::points(
            FGA_PLAY,
            "Jack as the Starter card: 2 points".into(),
            2,
            his_heels(jack).into(),
        )
        .example(Example::Heels(jack)),
    ];
    for (printed_entry, printed, tokens, example) in [
        ("Pair: 2 points", 2, "5 5", "5 5"),
        ("Three of a Kind: 6 points", 6, "4 4 4", "4 4 4"),
        ("Four of a kind: 12 points", 12, "2 2 2 2", "2 2 2 2"),
        (
            "Run of three or more: 1 point for each card",
            3,
            "2 4 3",
            "2 4 3, a run of 3",
        ),
        (
            "Run of three or more: 1 point for each card",
            4,
            "2 4 3 5",
            "2 4 3 5, a run of 4",
        ),
        ("Running count totaling 15: 2 points", 2, "7 8", "7 8"),
        (
            "For Go: 1 point",
            1,
            "K Q 9 go go",
            "K Q 9, go, go: the go at 29",
        ),
        ("31: 2 points", 2, "K Q J A", "K Q J A: 31, no go point"),
    ] {
        entries.push(
            Entry::points(
                FGA_PLAY,
                printed_entry.to_owned(),
                printed,
                play_points(tokens),
            )
            .example(Example::Play(example)),
        );
    }
    entries.push(Entry::points(
        DRUEKE_GO,
        "If the last card can be played makes 15, the player scores three points \
         (play K Q J A 2 3 4 6: the dealer's 6 makes 15 and is the last card)"
            .into(),
        3,
        play_points("K Q J A 2 3 4 6"),
    ));
    entries
}

/// The points scored from the last card played on (the card, and any go point or last card
/// after it) in a play that is known to be valid.
fn play_points(tokens: &str) -> u32 {
    let tokens: Vec<&str> = tokens.split_whitespace().collect();
    let Ok(pegging) = peg_texts(&tokens, Players::TWO) else {
        return u32::MAX;
    };
    let last_card = pegging
        .events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Card(_)))
        .unwrap_or(0);
    pegging.events[last_card..].iter().map(|e| e.points()).sum()
}

/// The count's printed points, each with an example hand: where it is printed, the entry, the
/// points printed, the example's cards (the starter last), and whether it is a crib.
const COUNT_EXAMPLES: [(&str, &str, u32, &str, HandKind); 14] = [
    (
        FGA_COUNT,
        "For each combination of cards totaling 15: 2 points",
        2,
        "7h 8c 2d 4s Kh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Pair: 2 points",
        2,
        "2h 2c 4d 6s Kh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "3 of a kind: 6 points",
        6,
        "2h 2c 2d 6s Kh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "4 of a kind: 12 points",
        12,
        "2h 2c 2d 2s Kh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Double 3 card run (2 different runs of three plus a pair): 8 points",
        8,
        "9h 10c Jd Jh 2s",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Double 4 card run (2 different runs of four plus a pair): 10 points",
        10,
        "9h 10c Jd Qs Qh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Triple 3 card run (3 different runs of 3 cards plus 3 of a kind): 15 points",
        15,
        "9h 10c Jd Js Jh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Quadruple 3 card run (4 different runs of 3 plus 2 pairs): 16 points",
        16,
        "9h 9c Jd Js 10h",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Four card flush (all in hand of the same suit): 4 points",
        4,
        "2h 4h 6h 8h Ks",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Five card flush (same as 4 but add starter card): 5 points",
        5,
        "2h 4h 6h 8h Kh",
        HandKind::Hand,
    ),
    (
        FGA_COUNT,
        "Jack of the same starter's suit: 1 point",
        1,
        "Jh 2c 4d 6s Kh",
        HandKind::Hand,
    ),
    (
        JUMBO_COUNT,
        "3 spades and a heart don't score flush points if you cut a spade",
        0,
        "2s 4s 6s 8h Ks",
        HandKind::Hand,
    ),
    (
        JUMBO_COUNT,
        "When counting the crib, only 5 card flushes score (four hearts, a spade cut)",
        0,
        "2h 4h 6h 8h Ks",
        HandKind::Crib,
    ),
    (
        JUMBO_COUNT,
        "If all four cards in the crib are the same suit ... and the fifth card is also that same suit, then 5 points are pegged",
        5,
        "2h 4h 6h 8h Kh",
        HandKind::Crib,
    ),
];

/// The points of the count, each by an example hand.
fn count_entries() -> Vec<Entry> {
    COUNT_EXAMPLES
        .into_iter()
        .map(|(source, printed_entry, printed, hand, kind)| {
            let cards: Vec<Card> = hand
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            match Hand::from_cards(&cards, kind) {
                Ok(hand) => Entry::points(
                    source,
                    printed_entry.to_owned(),
                    printed,
                    u32::from(hand.score()),
                )
                .example(Example::Show {
                    crib: kind == HandKind::Crib,
                    cards,
                }),
                Err(err) => Entry::claim(
                    source,
                    printed_entry,
                    &printed.to_string(),
                    format!("unreadable: {err}"),
                    false,
                ),
            }
        })
        .collect()
}

/// The claims of the Jumbo Cribbage sheet's tips, each checked by an exhaustive sweep.
fn jumbo_claims() -> Vec<Entry> {
    let mut entries = hand_claims();
    entries.push(lead_claim());
    entries.push(starter_claim());
    entries.extend(throw_claim());
    entries
}

/// The highest hand, the impossible 19, and the hand holding a five that never scores 0.
fn hand_claims() -> Vec<Entry> {
    let hands = all_hands(HandKind::Hand);
    let mut entries = vec![
        Entry::points(
            JUMBO_TIPS,
            "The highest hand you can have is 29 points (the most of all 12,994,800 hands)".into(),
            29,
            hands.max() as u32,
        ),
        Entry::claim(
            JUMBO_TIPS,
            "It is impossible to have a hand worth 19 points",
            "no hand scores 19",
            format!(
                "{} of {} hands score 19",
                thousands(hands.counts[19]),
                thousands(ALL_HANDS)
            ),
            hands.counts[19] == 0,
        ),
    ];
    // A five, or two cards adding to five, among the four held.
    let holds_five = |four: &[Card; 4]| {
        four.iter().any(|c| c.value() == 5)
            || (0..4).any(|i| (i + 1..4).any(|j| four[i].value() + four[j].value() == 5))
    };
    let five_hands = sweep(HandKind::Hand, holds_five);
    entries.push(Entry::claim(
        JUMBO_TIPS,
        "A hand that contains a 5 or two cards that sum to five can never score zero",
        "no such hand scores 0, whatever the starter",
        format!(
            "{} of {} such hands (with their starters) score 0; the fewest points is {}",
            thousands(five_hands.counts[0]),
            thousands(five_hands.hands()),
            five_hands.min()
        ),
        five_hands.counts[0] == 0,
    ));
    entries
}

/// After a lead of 4, 3 or 2, can any reply make fifteen?
fn lead_claim() -> Entry {
    let fifteens: Vec<String> = [Rank::new(2), Rank::new(3), Rank::new(4)]
        .into_iter()
        .flatten()
        .flat_map(|lead| Rank::ALL.into_iter().map(move |reply| (lead, reply)))
        .filter(|&(lead, reply)| {
            score_play(&[Card::rank_only(lead), Card::rank_only(reply)])
                .contains(&PegScore::Fifteen)
        })
        .map(|(lead, reply)| format!("{lead} then {reply}"))
        .collect();
    Entry::claim(
        JUMBO_TIPS,
        "Begin with a 4, a 3, or even a 2 - your opponent cannot reach 15 with any of those",
        "no reply to a lead of 4, 3 or 2 makes 15",
        if fifteens.is_empty() {
            "no reply of the 13 ranks makes 15 after any of the three leads".into()
        } else {
            format!("these make 15: {}", fifteens.join(", "))
        },
        fifteens.is_empty(),
    )
}

/// The ten-count cards: the likeliest starter value.
fn starter_claim() -> Entry {
    let tens = Card::deck().filter(|c| c.value() == 10).count();
    let most_other = (1..10)
        .map(|v| Card::deck().filter(|c| c.value() == v).count())
        .max()
        .unwrap_or(0);
    Entry::claim(
        JUMBO_TIPS,
        "A 10 card is most likely to be the up-card",
        "a card counting ten is the likeliest starter",
        format!("{tens} of 52 cards count ten; at most {most_other} count any other value"),
        tens > most_other,
    )
}

/// Throws to the opponent's crib, by the uniform crib model of `crib discard`.
fn throw_claim() -> Option<Entry> {
    let table = crib_table();
    let (fewest, most) = (table.fewest()?, table.most()?);
    let name = |t: &ThrowValue| format!("{} ({:.4})", t.name(), t.crib_mean);
    let k_ten = (fewest.low, fewest.high, fewest.suited) == (Rank::TEN, Rank::KING, false);
    let fives = (most.low, most.high) == (Rank::FIVE, Rank::FIVE);
    Some(Entry::claim(
        JUMBO_TIPS,
        "Throwing an off-suited K-10 to the opponent's crib will on average give up the \
         fewest points. A pair of fives is by far the worst.",
        "fewest: off-suit K-10; most: a pair of fives",
        format!(
            "fewest: {}; most: {} (expected crib points, uniform model)",
            name(fewest),
            name(most)
        ),
        k_ten && fives,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rulebook_entry_agrees() {
        let entries = check_rulebooks();
        assert_eq!(entries.len(), 48 + 10 + 14 + 6);
        for entry in &entries {
            assert!(entry.agrees, "{entry:?}");
        }
    }

    #[test]
    fn a_users_row() {
        let entry = check_row("4 4 4 4 7 - 23", "mine, line 5", HandKind::Hand).unwrap();
        assert!(!entry.agrees);
        assert_eq!(entry.computed, Value::Points(24));
        assert_eq!(entry.source, "mine, line 5");
        assert!(check_row("5 5 5", "mine", HandKind::Hand).is_err());
    }
}
