//! One deal at the table, decision by decision: the cards dealt, each seat's throw, the
//! starter, the play card by card, and the deal counted on the board. What `crib game` plays and
//! `crib review` replays; it holds the state and checks every move, and chooses nothing.

use crate::rules::board::Game;
use crate::rules::card::{Card, Notation};
use crate::rules::deal::{Counted, Deal, count};
use crate::rules::error::{Error, Result};
use crate::rules::play::MAX_COUNT;
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::{Event, Pegging, Token, peg, replay};
use crate::rules::show::his_heels;
use crate::rules::shuffle::shuffled;

/// One deal under way. Seats are in the order of play: seat 0 leads, the dealer is last.
#[derive(Debug, Clone, PartialEq)]
pub struct DealTable {
    /// The game.
    pub game: Game,
    /// The cards dealt to each seat: six with two players, five with three or four.
    pub dealt: Vec<Vec<Card>>,
    /// With three players, the card dealt to the crib.
    pub crib_card: Option<Card>,
    /// Each seat's throw, once made.
    pub throws: Vec<Option<Vec<Card>>>,
    /// The starter (turned once every seat has thrown).
    pub starter: Card,
    /// The play so far, from seat 0.
    pub tokens: Vec<Token>,
    /// The scores before the deal, by side ([`Players::side`](crate::Players::side)).
    pub start: Vec<u32>,
    /// In a match of more than one game, the games each side ([`Players::side`](crate::Players::side)) still needs to
    /// win it, a skunk counting two (`DealTable::in_match`); `None` for a game alone.
    pub need: Option<Vec<u32>>,
}

/// Where the play stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayAt {
    /// The seat to play, or `None` when every card has been played.
    pub turn: Option<Seat>,
    /// The count.
    pub count: u8,
}

/// Why a throw or a card was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The wrong number of cards thrown.
    ThrowCount {
        /// How many the seat must throw.
        expected: usize,
        /// How many were named.
        found: usize,
    },
    /// A card named is not in the seat's hand.
    NotHeld(Card),
    /// A card named by its rank alone, where the seat holds cards of that rank: which one?
    NoSuit {
        /// The rank named, as a card without a suit.
        named: Card,
        /// The cards of that rank in the seat's hand.
        held: Vec<Card>,
    },
    /// The same card named twice.
    Twice(Card),
    /// The card would take the count past 31.
    Passes31 {
        /// The card.
        card: Card,
        /// The count it would pass.
        count: u8,
    },
    /// Go said while a card fits.
    NotAGo {
        /// A card that fits.
        fits: Card,
    },
    /// It is not this seat's turn, or the play is over.
    NotYourTurn,
}

impl Refusal {
    /// The refusal in words, its cards written in `notation` (`5♥`, or `5h` as
    /// [`Display`](std::fmt::Display) writes them).
    pub fn message(&self, notation: Notation) -> impl std::fmt::Display + '_ {
        struct Message<'a>(&'a Refusal, Notation);
        impl std::fmt::Display for Message<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.write(f, self.1)
            }
        }
        Message(self, notation)
    }

    fn write(&self, f: &mut std::fmt::Formatter<'_>, notation: Notation) -> std::fmt::Result {
        let show = |card: &Card| card.show(notation);
        match self {
            Refusal::ThrowCount { expected, found } => write!(
                f,
                "throw {expected} card{} to the crib, not {found}",
                if *expected == 1 { "" } else { "s" }
            ),
            Refusal::NotHeld(card) => write!(f, "{} is not in your hand", show(card)),
            Refusal::NoSuit { named, held } => {
                let held: Vec<String> = held.iter().map(|c| show(c).to_string()).collect();
                write!(
                    f,
                    "{} is a rank without a suit: name the card, {}",
                    show(named),
                    held.join(" or ")
                )
            }
            Refusal::Twice(card) => write!(f, "{} is named twice", show(card)),
            Refusal::Passes31 { card, count } => write!(
                f,
                "{} would take the count from {count} to {}, past 31",
                show(card),
                count + card.value()
            ),
            Refusal::NotAGo { fits } => write!(f, "not a go: {} fits", show(fits)),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
        }
    }
}

/// Why `card` is refused from `hand`: it is not there, or it is a rank alone where the hand
/// holds cards of that rank.
fn not_held(card: Card, hand: &[Card]) -> Refusal {
    let held: Vec<Card> = hand
        .iter()
        .filter(|c| c.rank() == card.rank())
        .copied()
        .collect();
    if card.suit().is_none() && !held.is_empty() {
        Refusal::NoSuit { named: card, held }
    } else {
        Refusal::NotHeld(card)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write(f, Notation::Ascii)
    }
}

impl DealTable {
    /// Deal number `number` of the stream `seed`: the cards dealt to each seat, the crib's
    /// card (three players) and the starter, from one shuffled deck.
    pub fn shuffle(game: Game, seed: u64, number: u64, start: Vec<u32>) -> DealTable {
        let players = game.players;
        let (each, _) = game.deal_shape();
        let crib_cards = usize::from(players == Players::THREE);
        let cards = shuffled(seed, number, each * players.count() + crib_cards + 1);
        let dealt = (0..players.count())
            .map(|seat| cards[seat * each..(seat + 1) * each].to_vec())
            .collect();
        let crib_card = (players == Players::THREE).then(|| cards[each * players.count()]);
        DealTable::new(game, dealt, crib_card, cards[cards.len() - 1], start)
            .expect("a shuffled deck deals what the game needs")
    }

    /// A deal from its cards, nothing thrown yet, checked: one hand a seat of the size the game
    /// deals, the crib's card with three players (only then), and a score for each side.
    pub fn new(
        game: Game,
        dealt: Vec<Vec<Card>>,
        crib_card: Option<Card>,
        starter: Card,
        start: Vec<u32>,
    ) -> Result<DealTable> {
        let players = game.players;
        let (each, _) = game.deal_shape();
        if dealt.len() != players.count() {
            return Err(Error::HandCount {
                players,
                found: dealt.len(),
            });
        }
        if let Some(hand) = dealt.iter().find(|h| h.len() != each) {
            return Err(Error::WrongCount {
                what: "a hand as dealt",
                expected: format!("the {each} cards dealt"),
                found: hand.len(),
            });
        }
        if crib_card.is_some() != (players == Players::THREE) {
            return Err(Error::CribCard);
        }
        if start.len() != game.sides() {
            return Err(Error::StartScores {
                sides: game.sides(),
                found: start.len(),
            });
        }
        Ok(DealTable {
            game,
            dealt,
            crib_card,
            throws: vec![None; players.count()],
            starter,
            tokens: Vec::new(),
            start,
            need: None,
        })
    }

    /// The same deal, in a match in which each side ([`Players::side`](crate::Players::side)) still needs `need` games
    /// to win it: crib's strongest player weighs its two-player decisions by the chance of
    /// winning the match.
    pub(crate) fn in_match(self, need: Vec<u32>) -> DealTable {
        DealTable {
            need: Some(need),
            ..self
        }
    }

    /// How many cards each seat throws.
    pub(crate) fn throw_size(&self) -> usize {
        self.game.deal_shape().1
    }

    /// Seat `seat` throws `cards` to the crib.
    pub fn throw(&mut self, seat: Seat, cards: &[Card]) -> std::result::Result<(), Refusal> {
        let expected = self.throw_size();
        if cards.len() != expected {
            return Err(Refusal::ThrowCount {
                expected,
                found: cards.len(),
            });
        }
        let dealt = &self.dealt[seat.index()];
        for (i, card) in cards.iter().enumerate() {
            if !dealt.contains(card) {
                return Err(not_held(*card, dealt));
            }
            if cards[..i].contains(card) {
                return Err(Refusal::Twice(*card));
            }
        }
        self.throws[seat.index()] = Some(cards.to_vec());
        Ok(())
    }

    /// Whether every seat has thrown (and the starter is turned).
    pub fn all_thrown(&self) -> bool {
        self.throws.iter().all(Option::is_some)
    }

    /// The four cards a seat keeps (its cards dealt until it throws).
    pub fn kept(&self, seat: Seat) -> Vec<Card> {
        let thrown = self.throws[seat.index()].as_deref().unwrap_or(&[]);
        self.dealt[seat.index()]
            .iter()
            .filter(|c| !thrown.contains(c))
            .copied()
            .collect()
    }

    /// The crib's four cards, once every seat has thrown.
    pub fn crib(&self) -> Option<[Card; 4]> {
        let mut crib: Vec<Card> = Vec::with_capacity(4);
        for throw in &self.throws {
            crib.extend(throw.as_deref()?);
        }
        crib.extend(self.crib_card);
        crib.try_into().ok()
    }

    /// The points the dealer takes for his heels (a jack turned).
    pub fn heels(&self) -> u8 {
        his_heels(self.starter)
    }

    /// The play so far, scored.
    pub(crate) fn pegging(&self) -> Pegging {
        peg(&self.tokens, self.game.players).expect("the table checks every move")
    }

    /// Whose turn it is in the play, and the count.
    pub fn play_at(&self) -> PlayAt {
        self.replayed().1
    }

    /// The play so far, scored, and where it stands: [`DealTable::pegging`] and
    /// [`DealTable::play_at`] from one replay of the play.
    pub(crate) fn replayed(&self) -> (Pegging, PlayAt) {
        match self.game.players.count() {
            2 => play_at::<2>(&self.tokens),
            3 => play_at::<3>(&self.tokens),
            _ => play_at::<4>(&self.tokens),
        }
    }

    /// The cards a seat has not yet played.
    pub fn in_hand(&self, seat: Seat) -> Vec<Card> {
        self.in_hand_after(seat, &self.pegging())
    }

    /// [`DealTable::in_hand`], the play so far scored as `pegging`.
    pub(crate) fn in_hand_after(&self, seat: Seat, pegging: &Pegging) -> Vec<Card> {
        let bit = |card: &Card| 1u64 << card.index().unwrap_or(0);
        let played = (pegging.events.iter()).fold(0, |set, e| match e.kind {
            crate::rules::sequence::EventKind::Card(card) if e.player == seat.index() => {
                set | bit(&card)
            }
            _ => set,
        });
        let thrown = self.throws[seat.index()].as_deref().unwrap_or(&[]);
        let thrown = thrown.iter().fold(played, |set, card| set | bit(card));
        (self.dealt[seat.index()].iter())
            .filter(|c| thrown & bit(c) == 0)
            .copied()
            .collect()
    }

    /// The cards of the current count, in order, with their seats.
    pub fn on_count(&self) -> Vec<(Seat, Card)> {
        let pegging = self.pegging();
        if self.play_at().count == 0 {
            return Vec::new();
        }
        let last = pegging.events.iter().rev().find_map(|e| match e.kind {
            crate::rules::sequence::EventKind::Card(_) => Some(e.sequence),
            _ => None,
        });
        pegging
            .events
            .iter()
            .filter(|e| Some(e.sequence) == last)
            .filter_map(|e| match e.kind {
                crate::rules::sequence::EventKind::Card(card) => Some((Seat::new(e.player), card)),
                _ => None,
            })
            .collect()
    }

    /// The cards the seat to play may play now: empty means go.
    pub fn legal(&self) -> Vec<Card> {
        let (pegging, at) = self.replayed();
        self.legal_after(&pegging, &at)
    }

    /// [`DealTable::legal`], the play so far scored as `pegging` and standing at `at`.
    pub(crate) fn legal_after(&self, pegging: &Pegging, at: &PlayAt) -> Vec<Card> {
        match at.turn {
            Some(seat) => fitting(&self.in_hand_after(seat, pegging), at.count),
            None => Vec::new(),
        }
    }

    /// Whether the seat to play has a choice that matters: legal cards of two ranks or more (the
    /// suit of a card never changes the play).
    pub(crate) fn has_choice(&self) -> bool {
        let mut ranks: Vec<u8> = self.legal().iter().map(|c| c.rank().number()).collect();
        ranks.sort_unstable();
        ranks.dedup();
        ranks.len() > 1
    }

    /// The seat to play plays `token` (a card it holds that fits, or go when none does): the
    /// scoring events it made.
    pub fn play(&mut self, token: Token) -> std::result::Result<Vec<Event>, Refusal> {
        let (pegging, at) = self.replayed();
        let Some(seat) = at.turn else {
            return Err(Refusal::NotYourTurn);
        };
        let held = self.in_hand_after(seat, &pegging);
        let legal = fitting(&held, at.count);
        match token {
            Token::Card(card) if !held.contains(&card) => return Err(not_held(card, &held)),
            Token::Card(card) if !legal.contains(&card) => {
                let count = at.count;
                return Err(Refusal::Passes31 { card, count });
            }
            Token::Go if !legal.is_empty() => return Err(Refusal::NotAGo { fits: legal[0] }),
            _ => {}
        }
        let before = pegging.events.len();
        self.tokens.push(token);
        Ok(self.pegging().events.split_off(before))
    }

    /// The scores by side now: the start, his heels once turned, and the play so far (each
    /// held at the game hole).
    pub fn scores_now(&self) -> Vec<u32> {
        self.scores_after(&self.pegging())
    }

    /// [`DealTable::scores_now`], the play so far scored as `pegging`.
    pub(crate) fn scores_after(&self, pegging: &Pegging) -> Vec<u32> {
        let mut scores = self.start.clone();
        if self.all_thrown() {
            let dealer = self.game.side(Seat::dealer(self.game.players)).index();
            scores[dealer] += u32::from(self.heels());
        }
        for event in &pegging.events {
            scores[self.game.side(Seat::new(event.player)).index()] += event.points();
        }
        scores.iter().map(|&s| s.min(self.game.target)).collect()
    }

    /// Whether a side has reached the game hole.
    pub fn game_over(&self) -> bool {
        self.scores_now().iter().any(|&s| s >= self.game.target)
    }

    /// The deal as [`count`] takes it, once every seat has thrown and the play is whole.
    pub(crate) fn deal(&self) -> Result<Deal> {
        let crib = self.crib().ok_or(Error::NotAllThrown)?;
        Ok(Deal {
            game: self.game,
            hands: self
                .game
                .players
                .seats()
                .map(|s| self.kept(s).try_into().expect("four cards kept"))
                .collect(),
            crib,
            starter: self.starter,
            play: self.tokens.clone(),
            scores: self.start.clone(),
        })
    }

    /// The deal counted on the board, once the play is whole.
    pub fn counted(&self) -> Result<Counted> {
        count(&self.deal()?)
    }
}

/// The cards of `held` that fit on `count`.
fn fitting(held: &[Card], count: u8) -> Vec<Card> {
    held.iter()
        .filter(|c| count + c.value() <= MAX_COUNT)
        .copied()
        .collect()
}

fn play_at<const N: usize>(tokens: &[Token]) -> (Pegging, PlayAt) {
    let (pegging, state) = replay::<N>(tokens).expect("the table checks every move");
    let at = PlayAt {
        turn: (!state.is_over()).then(|| Seat::new(state.turn())),
        count: state.count(),
    };
    (pegging, at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Phase;
    use crate::rules::card::parse_cards;

    fn table() -> DealTable {
        DealTable::shuffle(Game::TWO, 5, 0, vec![0, 0])
    }

    /// A deal shuffled twice is the same deal; every card is distinct.
    #[test]
    fn the_same_seed_deals_the_same_cards() {
        let a = table();
        assert_eq!(a, table());
        let mut all: Vec<Card> = a.dealt.concat();
        all.push(a.starter);
        crate::rules::card::check_deck(&all).unwrap();
        assert_eq!(all.len(), 13);
        let three = DealTable::shuffle(Game::new(Players::THREE, 121).unwrap(), 5, 0, vec![0; 3]);
        assert!(three.crib_card.is_some());
        assert!(three.dealt.iter().all(|d| d.len() == 5));
    }

    /// Throws are checked, and a whole deal played card by card counts as `crib deal` does.
    #[test]
    fn a_deal_played_move_by_move() {
        let mut t = table();
        let pone = t.dealt[0].clone();
        assert!(matches!(
            t.throw(Seat::PONE, &pone[..1]),
            Err(Refusal::ThrowCount { .. })
        ));
        assert_eq!(
            t.throw(Seat::PONE, &[pone[0], pone[0]]),
            Err(Refusal::Twice(pone[0]))
        );
        let stranger = t.dealt[1][0];
        assert_eq!(
            t.throw(Seat::PONE, &[pone[0], stranger]),
            Err(Refusal::NotHeld(stranger))
        );
        t.throw(Seat::PONE, &pone[..2]).unwrap();
        let dealer = t.dealt[1].clone();
        t.throw(Seat::DEALER, &dealer[..2]).unwrap();
        assert!(t.all_thrown());
        while let Some(seat) = t.play_at().turn {
            let token = t.legal().first().map_or(Token::Go, |&c| Token::Card(c));
            if let Token::Card(card) = token {
                assert!(t.in_hand(seat).contains(&card));
            }
            t.play(token).unwrap();
        }
        let counted = t.counted().unwrap();
        // Before the shows, the board holds his heels and the play: what the table scored.
        let mut before_shows = vec![0u32; 2];
        for event in &counted.events {
            if matches!(event.phase, Phase::Heels | Phase::Play) {
                before_shows[event.player.index()] += event.points;
            }
        }
        assert_eq!(before_shows, t.scores_now());
        assert_eq!(counted.start, vec![0, 0]);
    }

    /// A deal from its cards is checked, so that no seat or score is missing.
    #[test]
    fn a_deal_from_its_cards_is_checked() {
        let three = Game::new(Players::THREE, 121).unwrap();
        let hand = parse_cards(&["5h", "6c", "7d", "Ks", "2c"]).unwrap();
        let starter: Card = "5s".parse().unwrap();
        let crib = Some("5d".parse().unwrap());
        assert!(DealTable::new(three, vec![hand.clone()], crib, starter, vec![0; 3]).is_err());
        let short = vec![hand.clone(), hand[..4].to_vec(), hand.clone()];
        assert!(DealTable::new(three, short, crib, starter, vec![0; 3]).is_err());
        let hands = vec![hand.clone(), hand.clone(), hand];
        assert!(DealTable::new(three, hands.clone(), None, starter, vec![0; 3]).is_err());
        assert!(DealTable::new(three, hands.clone(), crib, starter, vec![0; 2]).is_err());
        assert!(DealTable::new(three, hands, crib, starter, vec![0; 3]).is_ok());
    }

    /// A card past 31 and a false go are refused, and nothing changes.
    #[test]
    fn bad_plays_are_refused() {
        let mut t = table();
        let cards = parse_cards(&["Ks", "Qs", "Js", "Ts", "9s", "8s"]).unwrap();
        t.dealt[0] = cards.clone();
        t.dealt[1] = parse_cards(&["Kh", "Qh", "Jh", "Th", "9h", "8h"]).unwrap();
        t.throw(Seat::PONE, &cards[4..]).unwrap();
        let dealer = t.dealt[1].clone();
        t.throw(Seat::DEALER, &dealer[4..]).unwrap();
        assert!(matches!(t.play(Token::Go), Err(Refusal::NotAGo { .. })));
        for card in ["Ks", "Kh", "Qs"] {
            t.play(Token::Card(card.parse().unwrap())).unwrap();
        }
        let qh: Card = "Qh".parse().unwrap();
        assert_eq!(
            t.play(Token::Card(qh)),
            Err(Refusal::Passes31 {
                card: qh,
                count: 30
            })
        );
        assert!(t.legal().is_empty());
        let events = t.play(Token::Go).unwrap();
        assert!(events.is_empty() || events.iter().all(|e| e.points() <= 1));
    }
}
