//! The tables and claims printed in the rulebooks, compiled in, and the reading of table rows.
//!
//! A printed scoring-table row lists five cards and the points they make, in the rulebook's
//! notation (`5 .. N .. 5 .. 5 .. 5s — 29`: `1` is an ace, `N` the jack of the starter's suit, a
//! trailing `s` marks the starter, otherwise the cards are of mixed suits) or in crib's card
//! notation (`5h 5c 5s Jd 5d — 29`). The last card is the starter unless one is marked (in the
//! rulebook's notation, the last card that can be: beside `N`, a jack cannot).

use crate::card::{Card, Rank, Suit, check_deck};
use crate::error::{Error, Result};
use crate::score::{Hand, HandKind};

/// Where a printed entry comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// The rulebook's file name in the project's seeds.
    pub file: &'static str,
    /// The rulebook's own title.
    pub title: &'static str,
    /// The part of the rulebook the entry is printed in.
    pub section: &'static str,
}

/// The rulebook with the 48-row CRIBBAGE SCORING TABLE.
pub const DRUEKE_TABLE: Source = Source {
    file: "000_2354890900935a51.txt",
    title: "Wm. F. Drueke & Sons, How To Play Cribbage",
    section: "CRIBBAGE SCORING TABLE",
};

/// The 48 rows of the CRIBBAGE SCORING TABLE as printed (left column, then right column).
pub const DRUEKE_ROWS: [&str; 48] = [
    "5 .. 5 .. N .. J .. J — 21",
    "2 .. 6 .. 7 .. 7 .. 8 — 16",
    "6 .. 7 .. 8 .. 9 .. 9 — 16",
    "3 .. 3 .. 6 .. 6 .. 6 — 20",
    "3 .. 3 .. 3 .. 4 .. 5 — 21",
    "1 .. 1 .. 7 .. 7 .. 8 — 12",
    "3 .. 3 .. 3 .. 6 .. 6 — 18",
    "3 .. 3 .. 9 .. 9 .. 9 — 14",
    "5 .. 5 .. 5 .. N .. J — 23",
    "5 .. 5 .. 5 .. 10 .. 10 — 22",
    "1 .. 4 .. 4 .. N .. 4 — 13",
    "5 .. 5 .. 10 .. N .. Q — 18",
    "3 .. 3 .. 3 .. 3 .. 9 — 24",
    "4 .. 4 .. 4 .. 4 .. 7 — 24",
    "1 .. 7 .. 7 .. 7 .. 7 — 24",
    "4 .. 4 .. 4 .. 7 .. 7 — 20",
    "4 .. 4 .. 7 .. 7 .. 7 — 14",
    "3 .. 3 .. 4 .. 5 .. 5 — 20",
    "1 .. 1 .. 6 .. 7 .. 7 — 12",
    "2 .. 6 .. 6 .. 7 .. 7 — 12",
    "7 .. 7 .. 7 .. 1 .. 1 — 20",
    "3 .. 4 .. 4 .. 4 .. 4 — 20",
    "5 .. 5 .. 5 .. 5 .. 6 — 20",
    "1 .. 1 .. 6 .. 7 .. 8 — 13",
    "1 .. 1 .. 2 .. 2 .. 3 — 16",
    "1 .. 2 .. 3 .. 3 .. 3 — 15",
    "1 .. 4 .. 4 .. 4 .. 10 — 12",
    "2 .. 3 .. 4 .. 4 .. 4 — 17",
    "2 .. 2 .. 3 .. 3 .. 4 — 16",
    "2 .. 3 .. 3 .. 3 .. 4 — 17",
    "3 .. 3 .. 4 .. 4 .. 5 — 20",
    "3 .. 4 .. 4 .. 4 .. 5 — 17",
    "3 .. 4 .. 4 .. 5 .. 5 — 16",
    "3 .. 6 .. 6 .. 6 .. 6 — 24",
    "4 .. 4 .. 5 .. 6 .. 6 — 24",
    "4 .. 5 .. 5 .. 6 .. 6 — 24",
    "4 .. 5 .. 6 .. 6 .. 6 — 21",
    "5 .. N .. 5 .. 5 .. 5s — 29",
    "5 .. 5 .. 5 .. 5 .. 10 — 28",
    "5 .. 5 .. 10 .. J .. Q — 17",
    "6 .. 6 .. 9 .. 9 .. 9 — 20",
    "6 .. 9 .. 9 .. 9 .. 9 — 20",
    "6 .. 6 .. 7 .. 7 .. 8 — 20",
    "7 .. 7 .. 7 .. 8 .. 9 — 21",
    "7 .. 7 .. 7 .. 8 .. 8 — 20",
    "7 .. 8 .. 8 .. 8 .. 8 — 20",
    "7 .. 7 .. 8 .. 8 .. 9 — 24",
    "7 .. 8 .. 8 .. 9 .. 9 — 20",
];

/// A printed row read as a hand: the cards (starter last) and the points printed beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintedRow {
    /// The hand the row stands for, with suits chosen to match its notation.
    pub hand: Hand,
    /// The points printed.
    pub printed: u32,
}

/// Read a table row such as `5 .. N .. 5 .. 5 .. 5s — 29` or `5h 5c 5s Jd 5d - 29`.
pub fn parse_row(text: &str, kind: HandKind) -> Result<PrintedRow> {
    let invalid = |why: String| Error::Invalid(format!("{}: {why}", crate::error::quoted(text)));
    let is_dash = |c: char| matches!(c, '—' | '–' | '-');
    let Some((cards_text, points_text)) = text.rsplit_once(is_dash) else {
        return Err(invalid(
            "expected five cards, a dash and the printed points, e.g. '5 .. N .. 5 .. 5 .. 5s — 29'"
                .into(),
        ));
    };
    if cards_text.contains(is_dash) {
        let before = cards_text.trim_end();
        let points = points_text.trim();
        let negative = before.strip_suffix(is_dash).is_some_and(|rest| {
            !rest.contains(is_dash)
                && !points.is_empty()
                && points.bytes().all(|b| b.is_ascii_digit())
        });
        return Err(invalid(if negative {
            format!(
                "the printed points are negative (-{points}): a count is a whole number from 0 to 29"
            )
        } else {
            "more than one dash: a row has one, between the five cards and the printed points"
                .into()
        }));
    }
    let printed = points_text.trim().parse::<u32>().map_err(|_| {
        invalid(format!(
            "the printed points {} are not a whole number",
            crate::error::quoted(points_text.trim())
        ))
    })?;
    let tokens: Vec<&str> = cards_text
        .split(|c: char| c.is_whitespace() || c == '.')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.len() != 5 {
        return Err(Error::WrongCount {
            what: "a table row",
            expected: "five cards, the starter last or marked".into(),
            found: tokens.len(),
        });
    }
    let suited: Option<Vec<Card>> = tokens
        .iter()
        .map(|t| t.parse::<Card>().ok().filter(|c| c.suit().is_some()))
        .collect();
    let cards = match suited {
        Some(cards) => cards,
        None => rulebook_cards(&tokens).map_err(|err| mixed_notations(&tokens).unwrap_or(err))?,
    };
    let hand = Hand::from_cards(&cards, kind)?;
    Ok(PrintedRow { hand, printed })
}

/// When a row mixes cards with suits (other than a starter's trailing s) and cards without, the
/// error that says so.
fn mixed_notations(tokens: &[&str]) -> Option<Error> {
    let with_suit = tokens.iter().find(|t| {
        t.parse::<Card>()
            .is_ok_and(|c| c.suit().is_some_and(|s| s != Suit::Spades))
    })?;
    let without = tokens
        .iter()
        .find(|t| t.parse::<Card>().is_ok_and(|c| c.suit().is_none()) || **t == "N")?;
    Some(Error::Invalid(format!(
        "cards with and without suits are mixed ({} has a suit, {} has none): give every card \
         its suit, as in '5h 5c 5s Jd 5d — 29', or none, as in '5 .. N .. 5 .. 5 .. 5s — 29'",
        crate::error::quoted(with_suit),
        crate::error::quoted(without)
    )))
}

/// One token of the rulebook's notation.
#[derive(Clone, Copy)]
enum Token {
    Rank(Rank),
    Nobs,
}

/// Turn a row in the rulebook's notation into real cards: the starter (the marked card, else the
/// last) is a heart, `N` the jack of hearts, and the other cards take suits that make neither a
/// flush nor another nobs.
fn rulebook_cards(tokens: &[&str]) -> Result<Vec<Card>> {
    let mut read = Vec::with_capacity(5);
    let mut marked = None;
    for (i, &token) in tokens.iter().enumerate() {
        let (body, is_starter) = match token.strip_suffix(['s', 'S']) {
            Some(body) if !body.is_empty() => (body, true),
            _ => (token, false),
        };
        let parsed = match body {
            "N" | "n" => Some(Token::Nobs),
            "1" => Some(Token::Rank(Rank::ACE)),
            _ => body
                .parse::<Card>()
                .ok()
                .filter(|c| c.suit().is_none())
                .map(|c| Token::Rank(c.rank())),
        };
        let Some(parsed) = parsed else {
            return Err(Error::Invalid(format!(
                "{} is not a card in the rulebook's notation (expected 1 or A, 2-10, J, Q, K, \
                 N for nobs, with a trailing s on the starter) nor in crib's (e.g. 5h)",
                crate::error::quoted(token)
            )));
        };
        if is_starter && marked.replace(i).is_some() {
            return Err(Error::Invalid(format!(
                "{} marks a second starter (only one card may end in s)",
                crate::error::quoted(token)
            )));
        }
        read.push(parsed);
    }
    // Unmarked, the starter is the last card that can be it: with N in the row, a jack cannot
    // (N would be that very card), so `5 .. 5 .. N .. J .. J` has a five for its starter.
    let has_nobs = read.iter().any(|t| matches!(t, Token::Nobs));
    let can_start = |t: &Token| match *t {
        Token::Nobs => false,
        Token::Rank(rank) => !(has_nobs && rank == Rank::JACK),
    };
    let starter_at = marked
        .or_else(|| read.iter().rposition(can_start))
        .filter(|&i| can_start(&read[i]))
        .ok_or_else(|| {
            Error::Invalid(
                "no card can be the starter: N is the jack of the starter's suit, so the starter \
                 cannot be N nor, beside N, a jack"
                    .into(),
            )
        })?;
    // The starter goes last, the others keep their order.
    let starter = read.remove(starter_at);
    read.push(starter);

    // The starter and N are fixed first, then the other cards take the free suits: each hand
    // position prefers a different suit, so the four never make a flush, and a plain jack never
    // takes the starter's suit, so it never makes nobs.
    let starter_suit = Suit::Hearts;
    let mut used = [false; 52];
    let mut fixed = |card: Card| {
        used[card.index().unwrap_or(0) as usize] = true;
        card
    };
    let mut cards: Vec<Option<Card>> = read
        .iter()
        .enumerate()
        .map(|(position, token)| match *token {
            Token::Nobs => Some(fixed(Card::new(Rank::JACK, starter_suit))),
            Token::Rank(rank) if position == 4 => Some(fixed(Card::new(rank, starter_suit))),
            Token::Rank(_) => None,
        })
        .collect();
    for (position, token) in read.iter().enumerate() {
        let (Token::Rank(rank), None) = (*token, cards[position]) else {
            continue;
        };
        let suit = (0..4)
            .map(|k| Suit::from_index((position as u8 + 1 + k) % 4))
            .filter(|&s| !(rank == Rank::JACK && s == starter_suit))
            .find(|&s| !used[Card::new(rank, s).index().unwrap_or(0) as usize])
            .ok_or(Error::FifthOfRank(rank))?;
        used[Card::new(rank, suit).index().unwrap_or(0) as usize] = true;
        cards[position] = Some(Card::new(rank, suit));
    }
    let cards: Vec<Card> = cards.into_iter().flatten().collect();
    check_deck(&cards)?;
    Ok(cards)
}

/// A printed value or a computed one: points for table rows, words for claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A number of points (or of hands).
    Points(u32),
    /// A claim's statement, or what crib found.
    Text(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Points(n) => write!(f, "{n}"),
            Value::Text(text) => f.write_str(text),
        }
    }
}

/// One printed entry checked: what is printed, what crib computes, whether they agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Where it is printed.
    pub source: String,
    /// The entry as printed (with, for a point table, the example crib scored to check it).
    pub entry: String,
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
            printed: Value::Points(printed),
            computed: Value::Points(computed),
            agrees: printed == computed,
        }
    }

    fn claim(source: &str, entry: &str, printed: &str, computed: String, agrees: bool) -> Entry {
        Entry {
            source: source.to_owned(),
            entry: entry.to_owned(),
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

/// Check the rows of a table of the user's own, one per line (blank lines and lines starting
/// with `#` skipped); `source` names it in the entries. Every row is checked: the rows that
/// cannot be read come back apart, each error naming its line.
pub fn check_table(text: &str, source: &str, kind: HandKind) -> (Vec<Entry>, Vec<Error>) {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let source = format!("{source}, line {}", number + 1);
        match check_row(line, &source, kind) {
            Ok(entry) => entries.push(entry),
            Err(err) => errors.push(Error::Invalid(format!("{source}: {err}"))),
        }
    }
    (entries, errors)
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
    let mut entries: Vec<Entry> = DRUEKE_ROWS
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
        .collect();

    // The play. Each example's points are those scored from its last card on.
    entries.push(Entry::points(
        FGA_PLAY,
        "Jack as the Starter card: 2 points (his heels; starter J♥)".into(),
        2,
        crate::score::his_heels(Card::new(Rank::JACK, Suit::Hearts)).into(),
    ));
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
        entries.push(Entry::points(
            FGA_PLAY,
            format!("{printed_entry} (play {example})"),
            printed,
            play_points(tokens),
        ));
    }
    entries.push(Entry::points(
        DRUEKE_GO,
        "If the last card can be played makes 15, the player scores three points \
         (play K Q J A 2 3 4 6: the dealer's 6 makes 15 and is the last card)"
            .into(),
        3,
        play_points("K Q J A 2 3 4 6"),
    ));

    // The count.
    for (source, printed_entry, printed, hand, kind) in [
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
    ] {
        let cards: Vec<Card> = hand
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let (computed, shown) = match Hand::from_cards(&cards, kind) {
            Ok(hand) => (
                u32::from(hand.score()),
                crate::card::symbols(&cards).to_string(),
            ),
            Err(err) => (u32::MAX, err.to_string()),
        };
        let what = if kind == HandKind::Crib {
            "crib"
        } else {
            "hand"
        };
        entries.push(Entry::points(
            source,
            format!("{printed_entry} ({what} {shown})"),
            printed,
            computed,
        ));
    }

    entries.extend(jumbo_claims());
    entries
}

/// The points scored from the last card played on (the card, and any go point or last card
/// after it) in a play that is known to be valid.
fn play_points(tokens: &str) -> u32 {
    let tokens: Vec<&str> = tokens.split_whitespace().collect();
    let Ok(pegging) = crate::peg::peg(&tokens, 2) else {
        return u32::MAX;
    };
    let last_card = pegging
        .events
        .iter()
        .rposition(|e| matches!(e.kind, crate::peg::EventKind::Card(_)))
        .unwrap_or(0);
    pegging.events[last_card..].iter().map(|e| e.points()).sum()
}

/// The claims of the Jumbo Cribbage sheet's tips, each checked by an exhaustive sweep.
fn jumbo_claims() -> Vec<Entry> {
    use crate::stats::{ALL_HANDS, all_hands, sweep, thousands};
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

    // After a lead of 4, 3 or 2, can any reply make fifteen?
    let fifteens: Vec<String> = [Rank::new(2), Rank::new(3), Rank::new(4)]
        .into_iter()
        .flatten()
        .flat_map(|lead| Rank::ALL.into_iter().map(move |reply| (lead, reply)))
        .filter(|&(lead, reply)| {
            crate::peg::score_play(&[Card::rank_only(lead), Card::rank_only(reply)])
                .contains(&crate::peg::PegScore::Fifteen)
        })
        .map(|(lead, reply)| format!("{lead} then {reply}"))
        .collect();
    entries.push(Entry::claim(
        JUMBO_TIPS,
        "Begin with a 4, a 3, or even a 2 - your opponent cannot reach 15 with any of those",
        "no reply to a lead of 4, 3 or 2 makes 15",
        if fifteens.is_empty() {
            "no reply of the 13 ranks makes 15 after any of the three leads".into()
        } else {
            format!("these make 15: {}", fifteens.join(", "))
        },
        fifteens.is_empty(),
    ));

    // The ten-count cards: the likeliest starter value.
    let tens = Card::deck().filter(|c| c.value() == 10).count();
    let most_other = (1..10)
        .map(|v| Card::deck().filter(|c| c.value() == v).count())
        .max()
        .unwrap_or(0);
    entries.push(Entry::claim(
        JUMBO_TIPS,
        "A 10 card is most likely to be the up-card",
        "a card counting ten is the likeliest starter",
        format!("{tens} of 52 cards count ten; at most {most_other} count any other value"),
        tens > most_other,
    ));

    // Throws to the opponent's crib, by the uniform crib model of `crib discard`.
    let table = crate::discard::crib_table();
    if let (Some(fewest), Some(most)) = (table.fewest(), table.most()) {
        let name = |t: &crate::discard::ThrowValue| format!("{} ({:.4})", t.name(), t.crib_mean);
        let k_ten = |t: &crate::discard::ThrowValue| {
            (t.low, t.high, t.suited) == (Rank::TEN, Rank::KING, false)
        };
        let fives = |t: &crate::discard::ThrowValue| (t.low, t.high) == (Rank::FIVE, Rank::FIVE);
        entries.push(Entry::claim(
            JUMBO_TIPS,
            "Throwing an off-suited K-10 to the opponent's crib will on average give up the \
             fewest points. A pair of fives is by far the worst.",
            "fewest: off-suit K-10; most: a pair of fives",
            format!(
                "fewest: {}; most: {} (expected crib points, uniform model)",
                name(fewest),
                name(most)
            ),
            k_ten(fewest) && fives(most),
        ));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_row_scores_as_printed() {
        for row in DRUEKE_ROWS {
            let read = parse_row(row, HandKind::Hand).unwrap();
            let breakdown = read.hand.breakdown();
            assert_eq!(u32::from(breakdown.total()), read.printed, "{row}");
            assert_eq!(u32::from(read.hand.score()), read.printed, "{row}");
            assert_eq!(
                breakdown.points.flush, 0,
                "{row}: the table's suits are mixed"
            );
        }
    }

    #[test]
    fn rows_match_the_rulebook() {
        // The rows are transcribed from the rulebook in ../shared/seeds; check the transcription
        // whenever the rulebook is beside the project (it is in CI).
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/seeds/000_2354890900935a51.txt"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            // Say so rather than pass in silence; in CI the rulebooks are always there.
            eprintln!("rows_match_the_rulebook: {path} is missing: the transcription is unchecked");
            assert!(
                std::env::var_os("CI").is_none(),
                "{path} is missing under CI, where shared/ is beside the project"
            );
            return;
        };
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for line in text.lines() {
            if let Some((a, b)) = line.split_once('\t') {
                if a.contains('—') && b.contains('—') {
                    left.push(a.trim());
                    right.push(b.trim());
                }
            }
        }
        left.extend(right);
        assert_eq!(left, DRUEKE_ROWS);
    }

    #[test]
    fn nobs_and_marked_starter() {
        let row = parse_row("5 .. N .. 5 .. 5 .. 5s — 29", HandKind::Hand).unwrap();
        assert_eq!(row.hand.starter(), Card::new(Rank::FIVE, Suit::Hearts));
        assert_eq!(row.hand.breakdown().points.nobs, 1);
        let row = parse_row("5h 5c 5s Jd 5d - 29", HandKind::Hand).unwrap();
        assert_eq!(row.hand.score(), 29);
        assert_eq!(row.printed, 29);
    }

    #[test]
    fn every_rulebook_entry_agrees() {
        let entries = check_rulebooks();
        assert!(entries.len() >= 48 + 8 + 11 + 5);
        for entry in &entries {
            assert!(entry.agrees, "{entry:?}");
        }
    }

    #[test]
    fn a_users_table() {
        let text =
            "# my table\n5h 5c 5s Jd 5d — 29\n\n5 .. 5 .. 5 .. 5 .. 10 – 28\n4 4 4 4 7 - 23\n";
        let (entries, errors) = check_table(text, "mine", HandKind::Hand);
        assert_eq!(entries.len(), 3);
        assert!(errors.is_empty());
        assert!(entries[0].agrees && entries[1].agrees);
        assert!(!entries[2].agrees);
        assert_eq!(entries[2].computed, Value::Points(24));
        assert_eq!(entries[2].source, "mine, line 5");
        let (entries, errors) = check_table("5 5 5\n4 4 4 4 7 - 24\nx\n", "mine", HandKind::Hand);
        assert_eq!(entries.len(), 1);
        assert_eq!(errors.len(), 2);
        assert!(errors[0].to_string().starts_with("mine, line 1: "));
        assert!(errors[1].to_string().starts_with("mine, line 3: "));
    }

    #[test]
    fn bad_rows() {
        for bad in [
            "5 5 5 5 — x",
            "5 5 5 5 — 20",
            "5 5 5 5 5 — 20",
            "5s 5s 5 5 6 — 20",
            "5 5 5 5 Ns — 1",
            "5 5 X 5 6 — 20",
            "no dash here",
        ] {
            assert!(parse_row(bad, HandKind::Hand).is_err(), "{bad}");
        }
    }

    #[test]
    fn row_errors_say_what_is_wrong() {
        let error = |row: &str| parse_row(row, HandKind::Hand).unwrap_err().to_string();
        assert!(
            error("5h 5c 5s J 5d — 28")
                .contains("cards with and without suits are mixed ('5h' has a suit, 'J' has none)")
        );
        assert!(error("5h 5c 5s Jd 5d — -3").contains("the printed points are negative (-3)"));
        assert!(error("5h 5c 5s Jd 5d — 29 — 29").contains("more than one dash"));
        assert!(
            error("5h 5c 5s Jd 5d — x").contains("the printed points 'x' are not a whole number")
        );
        // A trailing s marks the starter in the rulebook's notation: that is not a mix.
        assert!(parse_row("5 .. N .. 5 .. 5 .. 5s — 29", HandKind::Hand).is_ok());
    }
}
