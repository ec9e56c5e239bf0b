//! The play (pegging): the points of each card as it is played, and the turns, gos and counts
//! of a whole deal's play for two, three or four players.
//!
//! [`score_play`] scores one card given the cards played since the count last started; [`peg`]
//! follows a whole sequence of cards and `go`s, working out whose turn it is, when the count
//! starts again, and who takes the go, 31 and last card.

use std::fmt;

use crate::card::{Card, check_deck};
use crate::error::{CardProblem, Error, Result};

/// The most the count may reach.
pub const MAX_COUNT: u8 = 31;

/// Cards each player holds for the play, whatever the number of players.
pub const CARDS_EACH: usize = 4;

/// One way a card (or the end of a count) scores in the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PegScore {
    /// The count reached exactly 15: 2.
    Fifteen,
    /// The count reached exactly 31: 2 (and no go point).
    ThirtyOne,
    /// The last `n` cards are of one rank: a pair (2), pair royal (6), double pair royal (12).
    Pairs(u8),
    /// The last `n` cards, in any order, make a run of `n`: `n` points.
    Run(u8),
    /// The last card of a count below 31 that nobody could follow: 1.
    Go,
    /// The last card of the deal's play (unless it made 31): 1.
    LastCard,
}

impl PegScore {
    /// The points it scores.
    pub const fn points(self) -> u8 {
        match self {
            PegScore::Fifteen | PegScore::ThirtyOne => 2,
            PegScore::Pairs(n) => n * (n - 1),
            PegScore::Run(n) => n,
            PegScore::Go | PegScore::LastCard => 1,
        }
    }
}

impl fmt::Display for PegScore {
    /// The reason as a player says it: "fifteen 2", "pair royal 6", "run of 4", "31 for 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PegScore::Fifteen => write!(f, "fifteen 2"),
            PegScore::ThirtyOne => write!(f, "31 for 2"),
            PegScore::Pairs(n) => {
                write!(
                    f,
                    "{} {}",
                    crate::score::pairs_name(*n as usize),
                    self.points()
                )
            }
            PegScore::Run(n) => write!(f, "run of {n}"),
            PegScore::Go => write!(f, "go 1"),
            PegScore::LastCard => write!(f, "last card 1"),
        }
    }
}

/// What one card scores in the play: at most three ways at once (fifteen or 31, pairs, a run),
/// held without allocating, so that a search can score millions of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayScores {
    scores: [PegScore; 3],
    len: u8,
}

impl PlayScores {
    const NONE: PlayScores = PlayScores {
        scores: [PegScore::Go; 3],
        len: 0,
    };

    fn push(&mut self, score: PegScore) {
        self.scores[usize::from(self.len)] = score;
        self.len += 1;
    }

    /// The points of all of them.
    pub fn points(&self) -> u8 {
        self.iter().map(|s| s.points()).sum()
    }
}

impl std::ops::Deref for PlayScores {
    type Target = [PegScore];

    fn deref(&self) -> &[PegScore] {
        &self.scores[..usize::from(self.len)]
    }
}

/// Score the last card of `since_start`, the cards played since the count last started (the
/// new card included, last). The caller keeps the count at 31 or below.
///
/// This is crib's one scorer of the play: `crib peg` and every search over the play use it.
pub fn score_play(since_start: &[Card]) -> PlayScores {
    let mut scores = PlayScores::NONE;
    let Some(&last) = since_start.last() else {
        return scores;
    };
    let count: u32 = since_start.iter().map(|c| u32::from(c.value())).sum();
    if count == 15 {
        scores.push(PegScore::Fifteen);
    }
    if count == u32::from(MAX_COUNT) {
        scores.push(PegScore::ThirtyOne);
    }
    let same = since_start
        .iter()
        .rev()
        .take_while(|c| c.rank() == last.rank())
        .count();
    if same >= 2 {
        scores.push(PegScore::Pairs(same as u8));
    }
    // The longest run made by the last cards: no duplicate inside, highest minus lowest one
    // less than the number of cards.
    let run = (3..=since_start.len()).rev().find(|&n| {
        let tail = &since_start[since_start.len() - n..];
        let mut seen = 0u16;
        for card in tail {
            let bit = 1 << card.rank().number();
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        (seen.trailing_zeros() + n as u32 - 1) == 15 - seen.leading_zeros()
    });
    if let Some(n) = run {
        scores.push(PegScore::Run(n as u8));
    }
    scores
}

/// A token of a pegging sequence: a card, or a player saying go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// A card played.
    Card(Card),
    /// The player whose turn it is cannot play without passing 31.
    Go,
}

impl Token {
    /// Read `go` (any case) or a card.
    pub fn parse(text: &str) -> Result<Token> {
        if text.trim().eq_ignore_ascii_case("go") {
            Ok(Token::Go)
        } else {
            text.parse().map(Token::Card)
        }
    }
}

/// What happened at one step of the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// A card was played.
    Card(Card),
    /// The player said go.
    Go,
    /// Nobody could follow: the player of the last card pegs 1 for the go.
    GoPoint,
    /// The deal's last card was played: its player pegs 1.
    LastCard,
}

/// One step of the play and what it scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// Who: an index into the playing order (0 leads; the dealer is last).
    pub player: usize,
    /// The count after it.
    pub count: u8,
    /// Which count of the deal it belongs to, from 1: each 31 or go starts another.
    pub sequence: u32,
    /// What it scored.
    pub scores: Vec<PegScore>,
}

impl Event {
    /// The points it scored.
    pub fn points(&self) -> u32 {
        self.scores.iter().map(|s| u32::from(s.points())).sum()
    }
}

/// A deal's play, scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pegging {
    /// How many players: 2, 3 or 4.
    pub players: usize,
    /// Every step, in order.
    pub events: Vec<Event>,
    /// Each player's points, in playing order.
    pub totals: Vec<u32>,
    /// Whether every card of the deal was played.
    pub complete: bool,
}

impl Pegging {
    /// For four players, each partnership's points: (p1 and p3, p2 and the dealer).
    pub fn teams(&self) -> Option<[u32; 2]> {
        (self.players == 4).then(|| {
            [
                self.totals[0] + self.totals[2],
                self.totals[1] + self.totals[3],
            ]
        })
    }
}

/// The name of a player: `pone` and `dealer` for two; `p1`, `p2` (, `p3`) and `dealer` in
/// playing order for three or four.
pub fn player_name(players: usize, index: usize) -> &'static str {
    match (players, index) {
        (2, 0) => "pone",
        (_, i) if i + 1 == players => "dealer",
        (_, 0) => "p1",
        (_, 1) => "p2",
        _ => "p3",
    }
}

/// The state of the play between tokens.
struct Table {
    players: usize,
    played: Vec<usize>,
    said_go: Vec<bool>,
    since_start: Vec<Card>,
    count: u8,
    sequence: u32,
    turn: usize,
    last_player: Option<usize>,
    events: Vec<Event>,
    totals: Vec<u32>,
}

impl Table {
    fn has_cards(&self, player: usize) -> bool {
        self.played[player] < CARDS_EACH
    }

    fn cards_left(&self) -> usize {
        self.players * CARDS_EACH - self.played.iter().sum::<usize>()
    }

    /// The first player after `from` (in turn, `from` itself last) who can still play on this
    /// count: has cards and has not said go.
    fn next_able(&self, from: usize) -> Option<usize> {
        (1..=self.players)
            .map(|k| (from + k) % self.players)
            .find(|&p| self.has_cards(p) && !self.said_go[p])
    }

    fn record(&mut self, kind: EventKind, player: usize, scores: Vec<PegScore>) {
        let event = Event {
            kind,
            player,
            count: self.count,
            sequence: self.sequence,
            scores,
        };
        self.totals[player] += event.points();
        self.events.push(event);
    }

    /// Start a new count, led by the next player with cards after the last card's player.
    fn new_count(&mut self) {
        let last = self.last_player.unwrap_or(self.players - 1);
        self.count = 0;
        self.since_start.clear();
        self.said_go.fill(false);
        self.sequence += 1;
        if let Some(leader) = self.next_able(last) {
            self.turn = leader;
        }
    }

    /// Nobody can follow: the last card's player pegs the go, and a new count starts.
    fn end_with_go(&mut self) {
        if let Some(last) = self.last_player {
            self.record(EventKind::GoPoint, last, vec![PegScore::Go]);
        }
        self.new_count();
    }

    fn play(&mut self, card: Card) {
        if self.count + card.value() > MAX_COUNT {
            // Nobody can play this card on this count: the count ends, the card leads the next.
            self.end_with_go();
        }
        let player = self.turn;
        self.since_start.push(card);
        self.count += card.value();
        self.played[player] += 1;
        self.last_player = Some(player);
        self.record(
            EventKind::Card(card),
            player,
            score_play(&self.since_start).to_vec(),
        );
        let thirty_one = self.count == MAX_COUNT;
        if self.cards_left() == 0 {
            if !thirty_one {
                self.record(EventKind::LastCard, player, vec![PegScore::LastCard]);
            }
            return;
        }
        if thirty_one {
            self.new_count();
            return;
        }
        match self.next_able(player) {
            Some(next) => self.turn = next,
            None => self.end_with_go(),
        }
    }

    fn go(&mut self) {
        let player = self.turn;
        self.said_go[player] = true;
        self.record(EventKind::Go, player, Vec::new());
        match self.next_able(player) {
            Some(next) => self.turn = next,
            None => self.end_with_go(),
        }
    }
}

/// Score a deal's play from its tokens in order, for `players` players (2, 3 or 4), the first
/// card led by the player after the dealer.
pub fn peg<S: AsRef<str>>(tokens: &[S], players: usize) -> Result<Pegging> {
    replay(tokens, players).map(|(pegging, _)| pegging)
}

/// Where a play stands after its tokens: what comes next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Whose turn it is (an index into the playing order).
    pub turn: usize,
    /// The count.
    pub count: u8,
    /// The cards played since the count started.
    pub since_start: Vec<Card>,
    /// Who has said go on this count.
    pub said_go: Vec<bool>,
    /// Who played the last card, if anyone has.
    pub last_player: Option<usize>,
    /// How many cards each player has played.
    pub played: Vec<usize>,
}

/// [`peg`], and where the play stands after the tokens.
pub fn replay<S: AsRef<str>>(tokens: &[S], players: usize) -> Result<(Pegging, Snapshot)> {
    if !(2..=4).contains(&players) {
        return Err(Error::Invalid(format!(
            "the play is for 2, 3 or 4 players, not {players}"
        )));
    }
    let mut table = Table {
        players,
        played: vec![0; players],
        said_go: vec![false; players],
        since_start: Vec::with_capacity(13),
        count: 0,
        sequence: 1,
        turn: 0,
        last_player: None,
        events: Vec::with_capacity(tokens.len() + 4),
        totals: vec![0; players],
    };
    let mut cards = Vec::with_capacity(tokens.len());
    for (i, text) in tokens.iter().enumerate() {
        let text = text.as_ref();
        let bad = |reason: String| Error::BadPlay {
            token: text.to_owned(),
            position: i + 1,
            reason,
        };
        let token = Token::parse(text).map_err(|err| {
            match err {
            // The token is named once, by the play's error.
            Error::BadCard {
                reason: CardProblem::UnknownRank(rank),
                token,
            } if rank == token.trim() => bad(
                "not a card or 'go' (expected a rank A, 2-10, T, J, Q or K, with or without a suit)"
                    .into(),
            ),
            Error::BadCard { reason, .. } => bad(format!("not a card or 'go': {reason}")),
            other => bad(other.to_string()),
        }
        })?;
        if table.cards_left() == 0 {
            return Err(bad(format!(
                "every card of the deal has been played ({} for {players} players)",
                players * CARDS_EACH
            )));
        }
        match token {
            Token::Card(card) => {
                cards.push(card);
                check_deck(&cards).map_err(|err| bad(err.to_string()))?;
                table.play(card);
            }
            Token::Go => {
                if table.count + 10 <= MAX_COUNT {
                    return Err(bad(format!(
                        "a go while the count is {}: every card still fits (none is worth \
                         more than 10)",
                        table.count
                    )));
                }
                table.go();
            }
        }
    }
    let snapshot = Snapshot {
        turn: table.turn,
        count: table.count,
        since_start: table.since_start.clone(),
        said_go: table.said_go.clone(),
        last_player: table.last_player,
        played: table.played.clone(),
    };
    Ok((
        Pegging {
            players,
            complete: table.cards_left() == 0,
            events: table.events,
            totals: table.totals,
        },
        snapshot,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn play(text: &str) -> Vec<PegScore> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        score_play(&parse_cards(&tokens).unwrap()).to_vec()
    }

    fn totals(text: &str, players: usize) -> Vec<u32> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        peg(&tokens, players).unwrap().totals
    }

    #[test]
    fn one_card() {
        assert_eq!(play("4 6 5"), [PegScore::Fifteen, PegScore::Run(3)]);
        assert_eq!(play("4 6 5 3"), [PegScore::Run(4)]);
        // 5 4 3 3: the second 3 breaks the run, but makes fifteen and a pair.
        assert_eq!(play("5 4 3 3"), [PegScore::Fifteen, PegScore::Pairs(2)]);
        assert_eq!(play("6 4 3 3"), [PegScore::Pairs(2)]);
        assert_eq!(play("5 5 5"), [PegScore::Fifteen, PegScore::Pairs(3)]);
        assert_eq!(play("5 5 5 5"), [PegScore::Pairs(4)]);
        assert_eq!(play("K Q J A"), [PegScore::ThirtyOne]);
        assert_eq!(play("K Q"), []);
        // A run needs its cards last, with nothing between: 3 4 5 K 6 has none.
        assert_eq!(play("3 4 5 K 6"), []);
        // The longest run counts: 2 4 3 5 is a run of four.
        assert_eq!(play("2 4 3 5"), [PegScore::Run(4)]);
        assert_eq!(play("A 2 3 4 5 6 7"), [PegScore::Run(7)]);
        // Q K A is no run.
        assert_eq!(play("Q K A"), []);
    }

    #[test]
    fn worked_examples() {
        assert_eq!(totals("4 6 5 3", 2), [5, 4]);
        assert_eq!(totals("5 5 5 5", 2), [8, 14]);
        assert_eq!(totals("K Q J A 5", 2), [3, 2]);
        assert_eq!(totals("10 K 9 go 2 7 8 6 5", 2), [4, 8]);
    }

    #[test]
    fn both_players_go_then_a_new_count() {
        // The fifth example, `K Q go 5 5 go 10 9 A 2`, has the pone say go at 20, where
        // every card still fits: the rules forbid it, and crib says so.
        let err = peg(&["K", "Q", "go", "5", "5", "go", "10", "9", "A", "2"], 2).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("'go' (token 3): a go while the count is 20")
        );
        // The same mechanics, legally: the dealer pairs the fives at 30, both say go, the
        // dealer takes the go, the pone leads the new count, and the deal ends on last card.
        let tokens = ["K", "Q", "5", "5", "go", "go", "10", "9", "A", "2"];
        let pegging = peg(&tokens, 2).unwrap();
        let go_point = &pegging.events[6];
        assert_eq!(
            (go_point.kind, go_point.player, go_point.count),
            (EventKind::GoPoint, 1, 30)
        );
        assert_eq!(pegging.events[7].player, 0);
        assert_eq!(pegging.events[7].sequence, 2);
        assert_eq!(pegging.totals, [0, 4]);
        // A player out of cards is skipped: in `10 K 9 go 2 7 8 6 5` the pone is out after the
        // 8, so the dealer plays the 6 and the 5 running, the 5 for a run of four and last card.
        let pegging = peg(&["10", "K", "9", "go", "2", "7", "8", "6", "5"], 2).unwrap();
        let last = pegging.events.last().unwrap();
        assert_eq!(
            (last.kind, last.player, last.count),
            (EventKind::LastCard, 1, 26)
        );
        let five = &pegging.events[pegging.events.len() - 2];
        assert_eq!(
            (five.player, &five.scores[..]),
            (1, &[PegScore::Run(4)][..])
        );
    }

    #[test]
    fn thirty_one_is_two_not_three() {
        let tokens = ["K", "Q", "J", "A", "5", "5", "5", "5"];
        let pegging = peg(&tokens, 2).unwrap();
        let event = &pegging.events[3];
        assert_eq!(event.scores, [PegScore::ThirtyOne]);
        assert_eq!(event.count, 31);
        assert!(pegging.events.iter().all(|e| e.kind != EventKind::GoPoint));
    }

    #[test]
    fn a_card_that_does_not_fit_ends_the_count() {
        // pone K, dealer Q (20), pone J (30); the dealer's 5 cannot go on 30, so the pone takes
        // the go and the dealer leads the 5.
        let pegging = peg(&["K", "Q", "J", "5"], 2).unwrap();
        let kinds: Vec<_> = pegging.events.iter().map(|e| (e.kind, e.player)).collect();
        assert_eq!(kinds[3], (EventKind::GoPoint, 0));
        assert_eq!(pegging.events[4].count, 5);
        assert_eq!(pegging.events[4].player, 1);
        assert_eq!(pegging.events[4].sequence, 2);
    }

    #[test]
    fn three_and_four_players() {
        // Three players: p1, p2, dealer.
        let pegging = peg(&["5", "10", "5"], 3).unwrap();
        assert_eq!(pegging.totals, [0, 2, 0]);
        assert_eq!(pegging.events[2].player, 2);
        // Four players: partners p1 and p3, p2 and the dealer.
        let pegging = peg(&["7", "8", "8", "8"], 4).unwrap();
        assert_eq!(pegging.totals, [0, 2, 2, 8]);
        assert_eq!(pegging.teams(), Some([2, 10]));
        assert_eq!(player_name(4, 3), "dealer");
        assert_eq!(player_name(3, 1), "p2");
    }

    #[test]
    fn a_whole_deal_ends_with_last_card() {
        let pegging = peg(&["A", "2", "A", "2", "A", "2", "A", "2"], 2).unwrap();
        assert!(pegging.complete);
        let last = pegging.events.last().unwrap();
        assert_eq!((last.kind, last.player), (EventKind::LastCard, 1));
        assert_eq!(last.scores, [PegScore::LastCard]);
        // Ending on 31 scores the 31 only.
        let pegging = peg(&["K", "Q", "J", "A", "K", "Q", "J", "A"], 2).unwrap();
        // Each count: the pone's J makes a run of three, the dealer's A makes 31.
        assert_eq!(pegging.totals, [3 + 3, 2 + 2]);
        assert!(pegging.events.iter().all(|e| e.kind != EventKind::LastCard));
    }

    #[test]
    fn bad_sequences() {
        let error = |tokens: &[&str], players| peg(tokens, players).unwrap_err().to_string();
        assert!(error(&["5", "go"], 2).contains("a go while the count is 5"));
        assert!(error(&["5", "5", "5", "5", "5"], 2).contains("five times"));
        assert!(error(&["5h", "6", "5h"], 2).contains("'5h' is given twice"));
        assert!(error(&["5", "x"], 2).contains("'x' (token 2)"));
        let nine = ["A", "A", "2", "2", "3", "3", "4", "4", "6"];
        assert!(error(&nine, 2).contains("every card of the deal has been played"));
        assert!(peg(&["5"], 5).is_err());
    }
}
