//! A whole play, token by token: cards and gos read, every step scored and recorded, and the
//! play checked against whatever is known of the hands.
//!
//! [`replay`] follows a sequence of [`Token`]s with the play's one state machine
//! ([`PlayState`]), checking the rules that need no hands (no card twice, no go while every card
//! fits, no card after the last), and records each card, go, go point and last card with what
//! it scored. A check then walks those events against the hands: for a hand that is
//! known, every card must come from it and every go must be real; for a hand that is not, each
//! go says what it cannot hold. A deal counted on the board knows every hand; a player asking
//! for advice knows their own.

use std::fmt;

use crate::rules::card::{Card, CardError, CardProblem, check_deck, position_of};
use crate::rules::error::{Error, PlayProblem, Result, Whose};
use crate::rules::play::{CARDS_EACH, MAX_COUNT, PegScore, PlayState};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;

/// A token of a play: a card, or a player saying go.
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
            Ok(Token::Card(text.parse()?))
        }
    }
}

impl fmt::Display for Token {
    /// The notation of `crib peg`: the card (`5h`, or `5` for a rank alone), or `go`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Card(card) => write!(f, "{card}"),
            Token::Go => f.write_str("go"),
        }
    }
}

/// Read every text as a token, as `crib peg` does. A token that cannot be read is reported
/// after any mistake of the play before it, as [`replay`] would meet them in order.
pub fn parse_tokens<S: AsRef<str>>(texts: &[S], players: Players) -> Result<Vec<Token>> {
    let mut tokens = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        match Token::parse(text) {
            Ok(token) => tokens.push(token),
            Err(err) => {
                // The play up to here may break a rule first.
                peg(&tokens, players)?;
                let reason = match err {
                    // The token is named once, by the play's error.
                    Error::Card(CardError::BadCard {
                        reason: CardProblem::UnknownRank(rank),
                        token,
                    }) if rank == token.trim() => PlayProblem::NotAToken,
                    Error::Card(CardError::BadCard { reason, .. }) => PlayProblem::NotACard(reason),
                    other => PlayProblem::Deck(Box::new(other)),
                };
                return Err(Error::BadPlay {
                    token: text.to_owned(),
                    position: i + 1,
                    reason,
                });
            }
        }
    }
    Ok(tokens)
}

/// An error about a token, quoting the token as it was typed rather than as crib writes it.
pub fn quoting<S: AsRef<str>>(error: Error, texts: &[S]) -> Error {
    match error {
        Error::BadPlay {
            position, reason, ..
        } => Error::BadPlay {
            token: texts
                .get(position.wrapping_sub(1))
                .map_or("", AsRef::as_ref)
                .to_owned(),
            position,
            reason,
        },
        other => other,
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
    pub players: Players,
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
        (self.players == Players::FOUR).then(|| {
            [
                self.totals[0] + self.totals[2],
                self.totals[1] + self.totals[3],
            ]
        })
    }
}

/// Score a deal's play from its tokens in order, for `players` players (2, 3 or 4), the first
/// card led by the player after the dealer.
pub fn peg(tokens: &[Token], players: Players) -> Result<Pegging> {
    match players.count() {
        2 => replay::<2>(tokens).map(|(pegging, _)| pegging),
        3 => replay::<3>(tokens).map(|(pegging, _)| pegging),
        _ => replay::<4>(tokens).map(|(pegging, _)| pegging),
    }
}

/// Score a play given as text, as `crib peg` reads it: [`parse_tokens`], then [`peg`], errors
/// quoting the tokens as typed.
pub fn peg_texts<S: AsRef<str>>(texts: &[S], players: Players) -> Result<Pegging> {
    let tokens = parse_tokens(texts, players)?;
    peg(&tokens, players).map_err(|err| quoting(err, texts))
}

/// A play replayed a token at a time: its state machine, and the events it has scored so far.
/// [`replay`] replays a whole play; crib's environment keeps one and adds each move's token,
/// rather than replaying the play afresh at every step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Replaying<const N: usize> {
    state: PlayState<N>,
    pegging: Pegging,
    sequence: u32,
    /// The cards played, in order (no card twice).
    cards: Vec<Card>,
}

impl<const N: usize> Replaying<N> {
    /// The start of a play, with room for `tokens` tokens.
    pub(crate) fn new(tokens: usize) -> Replaying<N> {
        Replaying {
            state: PlayState::<N>::new([CARDS_EACH as u8; N]),
            pegging: Pegging {
                players: Players::of::<N>(),
                events: Vec::with_capacity(tokens + 4),
                totals: vec![0; N],
                complete: false,
            },
            sequence: 1,
            cards: Vec::with_capacity(tokens),
        }
    }

    /// The play so far, scored.
    pub(crate) fn pegging(&self) -> &Pegging {
        &self.pegging
    }

    /// Where the play stands.
    pub(crate) fn state(&self) -> &PlayState<N> {
        &self.state
    }

    fn record(&mut self, kind: EventKind, player: usize, count: u8, scores: Vec<PegScore>) {
        let event = Event {
            kind,
            player,
            count,
            sequence: self.sequence,
            scores,
        };
        self.pegging.totals[player] += event.points();
        self.pegging.events.push(event);
    }

    /// The go point to `player` at the count that ended, and the next count.
    fn go_point(&mut self, player: Option<u8>, count: u8) {
        if let Some(player) = player {
            self.record(
                EventKind::GoPoint,
                usize::from(player),
                count,
                vec![PegScore::Go],
            );
        }
        self.sequence += 1;
    }

    /// The play's next token, its `position`-th (from 1, for errors), scored; a token the
    /// rules refuse is an error, and the play is then not to be used again.
    pub(crate) fn push(&mut self, position: usize, token: Token) -> Result<()> {
        let bad = |reason| Error::BadPlay {
            token: token.to_string(),
            position,
            reason,
        };
        let state = &mut self.state;
        if state.is_over() {
            return Err(bad(PlayProblem::AllPlayed {
                cards: N * CARDS_EACH,
                players: Players::of::<N>(),
            }));
        }
        match token {
            Token::Card(card) => {
                self.cards.push(card);
                check_deck(&self.cards)
                    .map_err(|err| bad(PlayProblem::Deck(Box::new(err.into()))))?;
                let rank = card.rank().number();
                if !state.fits(rank) {
                    // Nobody can play this card on this count: the count ends, the card leads
                    // the next.
                    let count = state.count();
                    let go = state.end_with_go();
                    self.go_point(go, count);
                }
                let count = self.state.count() + card.value();
                let step = self.state.play(rank);
                let player = usize::from(step.player);
                self.record(EventKind::Card(card), player, count, step.scores.to_vec());
                if step.last_card {
                    self.record(EventKind::LastCard, player, count, vec![PegScore::LastCard]);
                } else if count == MAX_COUNT && !self.state.is_over() {
                    self.sequence += 1;
                }
                if step.go_point.is_some() {
                    self.go_point(step.go_point, count);
                }
            }
            Token::Go => {
                let count = state.count();
                if count + 10 <= MAX_COUNT {
                    return Err(bad(PlayProblem::GoWhileAllFit { count }));
                }
                let step = state.go();
                self.record(EventKind::Go, usize::from(step.player), count, Vec::new());
                if step.go_point.is_some() {
                    self.go_point(step.go_point, count);
                }
            }
        }
        self.pegging.complete = self.state.is_over();
        Ok(())
    }
}

/// [`peg`] for `N` players, and where the play stands after the tokens.
pub fn replay<const N: usize>(tokens: &[Token]) -> Result<(Pegging, PlayState<N>)> {
    let mut play = Replaying::<N>::new(tokens.len());
    for (i, &token) in tokens.iter().enumerate() {
        play.push(i + 1, token)?;
    }
    Ok((play.pegging, play.state))
}

/// A play checked against the hands known.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Checked<const N: usize> {
    /// For each seat whose hand is known, its cards not yet played (empty for the others).
    pub left: [Vec<Card>; N],
    /// Every card played, in order, with its seat.
    pub played: Vec<(Seat, Card)>,
    /// For each seat whose hand is not known: every card it holds is worth more than this, by
    /// the counts it could not play on (0 when nothing is known).
    pub over: [u8; N],
}

/// Walk a play's events (from [`replay`] of `tokens`) against the hands: `hands[seat]` is the
/// four cards a seat held for the play, or `None` when they are not known. `you` is the seat
/// asking, named "your" in errors; `seen` are cards known to be in no hidden hand (a starter,
/// a throw), which no hidden hand may play.
///
/// For a known hand, each card must be one of its cards left when its turn comes, and the
/// player may not say go, nor let a count end, while holding a card that fits. For a hidden
/// hand, each card must be possible: not seen, and worth more than any count it could not play
/// on.
pub(crate) fn check_hands<const N: usize>(
    pegging: &Pegging,
    tokens: &[Token],
    hands: [Option<&[Card]>; N],
    you: Option<Seat>,
    seen: &[Card],
) -> Result<Checked<N>> {
    let mut walk = Walk {
        tokens,
        hands,
        you,
        left: std::array::from_fn(|s| hands[s].map_or(Vec::new(), <[_]>::to_vec)),
        known: hands
            .iter()
            .flatten()
            .flat_map(|h| h.iter())
            .chain(seen)
            .copied()
            .collect(),
        played: Vec::new(),
        hidden_played: [0; N],
        over: [0; N],
        token: 0,
    };
    for event in &pegging.events {
        walk.event(event)?;
    }
    Ok(Checked {
        left: walk.left,
        played: walk.played,
        over: walk.over,
    })
}

/// [`check_hands`] under way.
struct Walk<'a, const N: usize> {
    tokens: &'a [Token],
    hands: [Option<&'a [Card]>; N],
    you: Option<Seat>,
    left: [Vec<Card>; N],
    /// Cards that no hidden hand can hold: the known hands, the cards seen, and those played.
    known: Vec<Card>,
    played: Vec<(Seat, Card)>,
    hidden_played: [usize; N],
    over: [u8; N],
    /// How many tokens the events so far came from.
    token: usize,
}

impl<const N: usize> Walk<'_, N> {
    fn event(&mut self, event: &Event) -> Result<()> {
        let seat = event.player;
        match event.kind {
            EventKind::Card(card) => {
                self.token += 1;
                self.card(seat, card)
            }
            EventKind::Go => {
                self.token += 1;
                self.cannot_play(seat, event.count, self.token, false)
            }
            // Nobody could follow: nobody may hold a card that fits the count that ended (a go
            // point is recorded at that count, before the next starts). The next token is the
            // one that shows it.
            EventKind::GoPoint => (0..N)
                .try_for_each(|other| self.cannot_play(other, event.count, self.token + 1, true)),
            EventKind::LastCard => Ok(()),
        }
    }

    /// An error about the token at `position` (from 1).
    fn error(&self, position: usize, reason: PlayProblem) -> Error {
        Error::BadPlay {
            token: self
                .tokens
                .get(position.wrapping_sub(1))
                .map_or(String::new(), ToString::to_string),
            position,
            reason,
        }
    }

    fn whose(&self, seat: usize) -> Whose {
        match self.you {
            Some(you) if you.index() == seat => Whose::You,
            _ => Whose::Seat(Seat::new(seat).name(Players::of::<N>())),
        }
    }

    /// `seat` plays `card`: one of its cards left, or for a hidden hand a card it can hold.
    fn card(&mut self, seat: usize, card: Card) -> Result<()> {
        if self.hands[seat].is_some() {
            let Some(i) = position_of(&self.left[seat], card) else {
                let reason = PlayProblem::NotHeld {
                    whose: self.whose(seat),
                    left: self.left[seat].clone(),
                };
                return Err(self.error(self.token, reason));
            };
            let card = self.left[seat].remove(i);
            self.played.push((Seat::new(seat), card));
            return Ok(());
        }
        if card.value() <= self.over[seat] {
            let over = self.over[seat];
            return Err(self.error(self.token, PlayProblem::CouldNotHold { over }));
        }
        self.hidden_played[seat] += 1;
        self.known.push(card);
        if let Err(err) = check_deck(&self.known) {
            return Err(self.error(self.token, PlayProblem::Deck(Box::new(err.into()))));
        }
        self.played.push((Seat::new(seat), card));
        Ok(())
    }

    /// `seat` could not play on `count`: by saying go, or (`ended`) when the count ended. A
    /// known hand must hold no card that fits, blamed on the token at `position`; a hidden hand
    /// holds none.
    fn cannot_play(&mut self, seat: usize, count: u8, position: usize, ended: bool) -> Result<()> {
        if self.hands[seat].is_none() {
            if self.hidden_played[seat] < CARDS_EACH {
                self.over[seat] = self.over[seat].max(MAX_COUNT - count);
            }
            return Ok(());
        }
        let fits = self.left[seat]
            .iter()
            .find(|c| count + c.value() <= MAX_COUNT);
        let Some(&card) = fits else {
            return Ok(());
        };
        let whose = self.whose(seat);
        let reason = if ended {
            PlayProblem::CountEndsButFits { whose, count, card }
        } else {
            PlayProblem::GoButFits { whose, count, card }
        };
        Err(self.error(position, reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(text: &str, players: usize) -> Vec<u32> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        peg_texts(&tokens, Players::new(players).unwrap())
            .unwrap()
            .totals
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
        let err = peg_texts(
            &["K", "Q", "go", "5", "5", "go", "10", "9", "A", "2"],
            Players::TWO,
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("'go' (token 3): a go while the count is 20")
        );
        // The same mechanics, legally: the dealer pairs the fives at 30, both say go, the
        // dealer takes the go, the pone leads the new count, and the deal ends on last card.
        let tokens = ["K", "Q", "5", "5", "go", "go", "10", "9", "A", "2"];
        let pegging = peg_texts(&tokens, Players::TWO).unwrap();
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
        let pegging = peg_texts(
            &["10", "K", "9", "go", "2", "7", "8", "6", "5"],
            Players::TWO,
        )
        .unwrap();
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
        let pegging = peg_texts(&tokens, Players::TWO).unwrap();
        let event = &pegging.events[3];
        assert_eq!(event.scores, [PegScore::ThirtyOne]);
        assert_eq!(event.count, 31);
        assert_eq!(pegging.events[4].sequence, 2);
        assert!(pegging.events.iter().all(|e| e.kind != EventKind::GoPoint));
    }

    #[test]
    fn a_card_that_does_not_fit_ends_the_count() {
        // pone K, dealer Q (20), pone J (30); the dealer's 5 cannot go on 30, so the pone takes
        // the go and the dealer leads the 5.
        let pegging = peg_texts(&["K", "Q", "J", "5"], Players::TWO).unwrap();
        let kinds: Vec<_> = pegging.events.iter().map(|e| (e.kind, e.player)).collect();
        assert_eq!(kinds[3], (EventKind::GoPoint, 0));
        assert_eq!(pegging.events[4].count, 5);
        assert_eq!(pegging.events[4].player, 1);
        assert_eq!(pegging.events[4].sequence, 2);
    }

    #[test]
    fn three_and_four_players() {
        // Three players: p1, p2, dealer.
        let pegging = peg_texts(&["5", "10", "5"], Players::THREE).unwrap();
        assert_eq!(pegging.totals, [0, 2, 0]);
        assert_eq!(pegging.events[2].player, 2);
        // Four players: partners p1 and p3, p2 and the dealer.
        let pegging = peg_texts(&["7", "8", "8", "8"], Players::FOUR).unwrap();
        assert_eq!(pegging.totals, [0, 2, 2, 8]);
        assert_eq!(pegging.teams(), Some([2, 10]));
    }

    #[test]
    fn a_whole_deal_ends_with_last_card() {
        let pegging = peg_texts(&["A", "2", "A", "2", "A", "2", "A", "2"], Players::TWO).unwrap();
        assert!(pegging.complete);
        let last = pegging.events.last().unwrap();
        assert_eq!((last.kind, last.player), (EventKind::LastCard, 1));
        assert_eq!(last.scores, [PegScore::LastCard]);
        // Ending on 31 scores the 31 only.
        let pegging = peg_texts(&["K", "Q", "J", "A", "K", "Q", "J", "A"], Players::TWO).unwrap();
        // Each count: the pone's J makes a run of three, the dealer's A makes 31.
        assert_eq!(pegging.totals, [3 + 3, 2 + 2]);
        assert!(pegging.events.iter().all(|e| e.kind != EventKind::LastCard));
    }

    #[test]
    fn bad_sequences() {
        let error = |tokens: &[&str], players| {
            peg_texts(tokens, Players::new(players).unwrap())
                .unwrap_err()
                .to_string()
        };
        assert!(error(&["5", "go"], 2).contains("a go while the count is 5"));
        assert!(error(&["5", "5", "5", "5", "5"], 2).contains("five times"));
        assert!(error(&["5h", "6", "5h"], 2).contains("'5h' is given twice"));
        assert!(error(&["5", "x"], 2).contains("'x' (token 2)"));
        let nine = ["A", "A", "2", "2", "3", "3", "4", "4", "6"];
        assert!(error(&nine, 2).contains("every card of the deal has been played"));
        // A rule broken before a token that cannot be read is reported first.
        assert!(error(&["5", "go", "x"], 2).contains("'go' (token 2)"));
        assert!(Players::try_from(5).is_err());
    }

    #[test]
    fn hands_known_and_hidden() {
        let cards =
            |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
        let play =
            |text: &str| parse_tokens(&text.split(' ').collect::<Vec<_>>(), Players::TWO).unwrap();
        let (pone, dealer) = (cards("5h 5c Jd Ks"), cards("4c 4d 6h 6s"));
        let tokens = play("K 6 5 4 5 go 6 J 4");
        let (pegging, _) = replay::<2>(&tokens).unwrap();
        let checked =
            check_hands::<2>(&pegging, &tokens, [Some(&pone), Some(&dealer)], None, &[]).unwrap();
        assert!(checked.left.iter().all(Vec::is_empty));
        assert_eq!(checked.played.len(), 8);
        // The dealer hidden: after the pone's 5 at 30 the dealer said go, so every card the
        // dealer holds is worth more than 1.
        let tokens = play("K 6 5 4 5 go");
        let (pegging, _) = replay::<2>(&tokens).unwrap();
        let checked = check_hands::<2>(
            &pegging,
            &tokens,
            [Some(&pone), None],
            Some(Seat::PONE),
            &[],
        )
        .unwrap();
        assert_eq!(checked.over, [0, 1]);
        assert_eq!(checked.left[0], cards("Jd"));
        // The pone holds no 7.
        let tokens = play("7");
        let (pegging, _) = replay::<2>(&tokens).unwrap();
        let err = check_hands::<2>(&pegging, &tokens, [Some(&pone), Some(&dealer)], None, &[])
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("the pone's turn, and not one of their cards left"),
            "{err}"
        );
    }
}
