//! What a player sees of a game being stepped, as a fixed array of numbers between 0 and 1, for
//! programs that learn (`crib_core.env`'s observations; docs/python.md gives the layout): the
//! cards, the board and the phase ([`Steps::observation`]), and the order of the play on the
//! count, which version 1 of the environment adds. Cards
//! are numbered as [`Card::index`] numbers them: rank-major from the ace, suits h, d, c, s.

use crate::env::steps::{Ask, Steps};
use crate::players::seen::Seen;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::seat::Seat;
use crate::rules::sequence::{EventKind, Pegging};

/// The numbers in an observation of version 0.
pub(crate) const OBSERVATION_SIZE: usize = 438;

const DECK: usize = 52;
/// The player's cards in hand: dealt, not thrown, not played.
const HAND: usize = 0;
/// The player's throw (while throwing, the cards chosen so far).
const THROW: usize = 52;
/// The starter, once turned.
const STARTER: usize = 104;
/// The cards each player has played this deal: four blocks of 52, the player's own first, then
/// round the table.
const PLAYED: usize = 156;
/// The cards on the count now.
const ON_COUNT: usize = 364;
/// The count, over 31.
const COUNT: usize = 416;
/// The scores by side, the player's own first, then round the table, each over the game's
/// hole: three places (two sides leave the third 0).
const SCORES: usize = 417;
/// Who deals: one-hot over four places, the player first, then round the table.
const DEALER: usize = 420;
/// The player's seat this deal (0 leads, the dealer is last): one-hot over four places.
const SEAT: usize = 424;
/// Whose turn: one-hot over four places, the player first, then round the table.
const TURN: usize = 428;
/// The phase: throw, play, over (one-hot).
const PHASE: usize = 432;
/// Cards still to throw (this one included), over 2.
const LEFT: usize = 435;
/// How many play, over 4.
const PLAYERS: usize = 436;
/// The game's hole, over 121.
const GAME: usize = 437;

impl Steps {
    /// What player `player` (from 0 round the table) sees now, as numbers between 0 and 1 in
    /// the layout of docs/python.md, in the environment's `version`, written into the start of
    /// `out` (a program stepping many games writes each observation in place, without
    /// allocating): how many numbers were written, or `None`, and nothing written, for no such
    /// player or version, or an `out` too short to hold them:
    /// - 0: the cards, the board and the phase (438 numbers); the cards on the count are a set,
    ///   without their order or the gos.
    /// - 1: those numbers, then the order of the play on the count (225 more): the cards on the
    ///   count in the order played, each its rank and who played it, and who has said go.
    ///
    /// [`Seen::observation`] gives the same numbers from what the player to act is told.
    pub fn observation(&self, player: usize, version: u8, out: &mut [f32]) -> Option<usize> {
        let m = self.match_state();
        let n = self.game().players.count();
        if player >= n {
            return None;
        }
        let seat = m.seat_of(player);
        let table = self.table();
        let to_act = self.to_act();
        let thrown: &[Card] = match &table.throws[seat.index()] {
            Some(throw) => throw,
            None if to_act.is_some_and(|(s, _)| s == seat) => self.pending(),
            None => &[],
        };
        // The scores by the match's sides, the player's own first, then round the table.
        let by_side = match self.over() {
            Some(over) => over.scores.clone(),
            None => m.match_scores(self.table_scores()),
        };
        let sides = by_side.len();
        let mut scores = [0; 3];
        for (k, score) in scores.iter_mut().enumerate().take(sides) {
            *score = by_side[(player + k) % sides];
        }
        Sight {
            game: self.game(),
            seat,
            dealt: &table.dealt[seat.index()],
            thrown,
            starter: table.all_thrown().then_some(table.starter),
            pegging: self.pegging(),
            count: self.play_at().count,
            scores,
            to_act,
        }
        .write(version, out)
    }
}

impl Seen {
    /// What the seat deciding sees, as the environment's numbers ([`Steps::observation`], in
    /// its `version`) for the player to act: an engine request read as the environment
    /// observes it, so that a policy trained in the environment answers crib's engine
    /// protocol. `chosen` are the cards of a throw chosen so far (the environment asks for a
    /// throw a card at a time). `None` for no such version, a play that does not replay, or an
    /// `out` too short.
    pub fn observation(&self, version: u8, chosen: &[Card], out: &mut [f32]) -> Option<usize> {
        let players = self.game.players;
        let pegging = crate::rules::sequence::peg(&self.tokens, players).ok()?;
        let n = players.count();
        let sides = players.sides();
        let mut scores = [0; 3];
        for (k, score) in scores.iter_mut().enumerate().take(sides) {
            let seat = Seat::new((self.seat.index() + k) % n);
            *score = self.scores[players.side(seat).index()];
        }
        let throwing = self.starter.is_none();
        let ask = match throwing {
            true => Ask::Throw {
                left: self.game.deal_shape().1.saturating_sub(chosen.len()),
            },
            false => Ask::Play,
        };
        Sight {
            game: self.game,
            seat: self.seat,
            dealt: &self.dealt,
            thrown: if throwing { chosen } else { &self.thrown },
            starter: self.starter,
            pegging: &pegging,
            count: if throwing { 0 } else { self.count().ok()? },
            scores,
            to_act: Some((self.seat, ask)),
        }
        .write(version, out)
    }
}

/// What one seat sees, as the observation's numbers take it, every place relative to that
/// seat: the environment's player and an engine request alike.
struct Sight<'a> {
    game: Game,
    seat: Seat,
    dealt: &'a [Card],
    /// Its throw, or while it throws the cards chosen so far.
    thrown: &'a [Card],
    starter: Option<Card>,
    pegging: &'a Pegging,
    count: u8,
    /// The scores by side, the seat's own first, then round the table.
    scores: [u32; 3],
    /// Whose turn, and what they are asked; `None` once the game is over.
    to_act: Option<(Seat, Ask)>,
}

impl Sight<'_> {
    /// The numbers of `version`, written into the start of `out`: how many.
    fn write(&self, version: u8, out: &mut [f32]) -> Option<usize> {
        let size = match version {
            0 => OBSERVATION_SIZE,
            1 => OBSERVATION_SIZE + PLAY_ORDER_SIZE,
            _ => return None,
        };
        if out.len() < size {
            return None;
        }
        let (numbers, order) = out[..size].split_at_mut(OBSERVATION_SIZE);
        numbers.fill(0.0);
        self.numbers(numbers);
        if version == 1 {
            order.fill(0.0);
            self.play_order(order);
        }
        Some(size)
    }

    /// Where seat `other` sits from this seat: 0 itself, then round the table.
    fn round(&self, other: usize) -> usize {
        let n = self.game.players.count();
        (other + n - self.seat.index()) % n
    }

    /// Version 0's numbers, written into `o` (all 0).
    fn numbers(&self, o: &mut [f32]) {
        let n = self.game.players.count();
        let mut set = |at: usize, card: Card| o[at + usize::from(card.index().unwrap_or(0))] = 1.0;
        let pegging = self.pegging;
        let bit = |card: &Card| 1u64 << card.index().unwrap_or(0);
        let played = (pegging.events.iter()).fold(0, |set, e| match e.kind {
            EventKind::Card(card) => set | bit(&card),
            _ => set,
        });
        for card in self.dealt {
            if self.thrown.contains(card) {
                set(THROW, *card);
            } else if played & bit(card) == 0 {
                set(HAND, *card);
            }
        }
        if let Some(starter) = self.starter {
            set(STARTER, starter);
        }
        let last = pegging.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Card(_) => Some(e.sequence),
            _ => None,
        });
        let count = self.count;
        for event in &pegging.events {
            if let EventKind::Card(card) = event.kind {
                set(PLAYED + DECK * self.round(event.player), card);
                if count > 0 && Some(event.sequence) == last {
                    set(ON_COUNT, card);
                }
            }
        }
        o[COUNT] = f32::from(count) / 31.0;
        let hole = self.game.target as f32;
        for k in 0..self.game.players.sides() {
            o[SCORES + k] = (self.scores[k] as f32 / hole).min(1.0);
        }
        o[DEALER + self.round(n - 1)] = 1.0;
        o[SEAT + self.seat.index()] = 1.0;
        match self.to_act {
            Some((turn, ask)) => {
                o[TURN + self.round(turn.index())] = 1.0;
                match ask {
                    Ask::Throw { left } => {
                        o[PHASE] = 1.0;
                        o[LEFT] = left as f32 / 2.0;
                    }
                    Ask::Play => o[PHASE + 1] = 1.0,
                }
            }
            None => o[PHASE + 2] = 1.0,
        }
        o[PLAYERS] = n as f32 / 4.0;
        o[GAME] = hole / 121.0;
    }

    /// The order of the play that version 0 leaves out: the cards on the count in the order
    /// they were played, each its rank and who played it, and who has said go on this count;
    /// all 0 before the play and once a count starts afresh: 225 numbers, 13 slots of 17 (the
    /// rank, one-hot from the ace, then who played it, the player first) and 4 for the gos.
    /// What a card scores on the count (a run, a pair, 15 or 31, the go) depends on it; the
    /// suits do not matter.
    fn play_order(&self, o: &mut [f32]) {
        if self.starter.is_none() || self.count == 0 {
            return;
        }
        let pegging = self.pegging;
        let Some(now) = pegging.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Card(_) => Some(e.sequence),
            _ => None,
        }) else {
            return;
        };
        let mut slot = 0;
        for event in pegging.events.iter().filter(|e| e.sequence == now) {
            let by = self.round(event.player);
            match event.kind {
                EventKind::Card(card) if slot < ORDER_SLOTS => {
                    let rank = usize::from(card.rank().number()) - 1;
                    o[slot * SLOT + rank] = 1.0;
                    o[slot * SLOT + 13 + by] = 1.0;
                    slot += 1;
                }
                EventKind::Go => o[SAID_GO + by] = 1.0,
                _ => {}
            }
        }
    }
}

/// The numbers version 1 adds: the cards on the count in the order played, a slot each (at
/// most 13 fit under 31), and who has said go on this count.
const PLAY_ORDER_SIZE: usize = ORDER_SLOTS * SLOT + 4;

/// The most cards one count can hold: four aces, four twos, four threes and a four make 28.
const ORDER_SLOTS: usize = 13;
/// A slot: the card's rank (13, one-hot from the ace) and who played it (4, one-hot, the player
/// first, then round the table).
const SLOT: usize = 17;
/// Who has said go on this count: four places, the player first, then round the table.
const SAID_GO: usize = ORDER_SLOTS * SLOT;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Models;
    use crate::players::level::Level;
    use crate::rules::seat::Players;

    /// What `player` sees in `version`, or `None`.
    fn seen(steps: &Steps, player: usize, version: u8) -> Option<Vec<f32>> {
        let mut out = vec![f32::NAN; 1000];
        let size = steps.observation(player, version, &mut out)?;
        out.truncate(size);
        Some(out)
    }

    fn cards_at(o: &[f32], at: usize) -> Vec<Card> {
        (0..DECK)
            .filter(|&i| o[at + i] == 1.0)
            .map(|i| Card::from_index(i as u8))
            .collect()
    }

    /// The first throw, card by card: the thrower sees its card move from hand to throw and
    /// one card left to throw; the other player sees only its own six cards.
    #[test]
    fn a_throw_moves_a_card() {
        let mut steps = Steps::new(Game::TWO, 5);
        let (seat, _) = steps.to_act().unwrap();
        let me = steps.match_state().player_at(seat);
        let other = 1 - me;
        let dealt = steps.table().dealt[seat.index()].clone();
        let o = seen(&steps, me, 0).unwrap();
        assert_eq!(cards_at(&o, HAND).len(), 6);
        assert!(cards_at(&o, THROW).is_empty() && cards_at(&o, STARTER).is_empty());
        assert_eq!(o[PHASE..PHASE + 3], [1.0, 0.0, 0.0]);
        assert_eq!((o[LEFT], o[PLAYERS], o[GAME]), (1.0, 0.5, 1.0));
        assert_eq!(o[TURN], 1.0, "the player to act sees its own turn");
        steps.act(dealt[2]).unwrap();
        let o = seen(&steps, me, 0).unwrap();
        assert_eq!(cards_at(&o, THROW), vec![dealt[2]]);
        assert_eq!(cards_at(&o, HAND).len(), 5);
        assert_eq!(o[LEFT], 0.5);
        let theirs = seen(&steps, other, 0).unwrap();
        assert_eq!(cards_at(&theirs, HAND).len(), 6);
        assert!(!cards_at(&theirs, HAND).contains(&dealt[2]));
        assert!(cards_at(&theirs, THROW).is_empty());
        assert_eq!(
            theirs[TURN + 1],
            1.0,
            "the other player's turn, one round the table"
        );
        assert_eq!(seen(&steps, 2, 0), None);
    }

    /// Through whole games of three and four players: every number lies in 0 to 1, each card
    /// dealt to a player is in exactly one of its hand, its throw and its played cards, the
    /// count is the count of the cards on it, and exactly one phase, turn and seat are lit.
    #[test]
    fn every_card_is_somewhere() {
        let models = Models::committed();
        for players in [Players::THREE, Players::FOUR] {
            let mut steps = Steps::new(Game::new(players, 61).unwrap(), 9);
            while steps.over().is_none() {
                for player in 0..players.count() {
                    let o = seen(&steps, player, 0).unwrap();
                    assert!(o.iter().all(|x| (0.0..=1.0).contains(x)));
                    let seat = steps.match_state().seat_of(player);
                    let mut mine = cards_at(&o, HAND);
                    mine.extend(cards_at(&o, THROW));
                    mine.extend(cards_at(&o, PLAYED));
                    mine.sort();
                    let mut dealt = steps.table().dealt[seat.index()].clone();
                    dealt.sort();
                    if steps.pending().is_empty() || steps.to_act().unwrap().0 == seat {
                        assert_eq!(mine, dealt);
                    }
                    let on: u8 = cards_at(&o, ON_COUNT).iter().map(|c| c.value()).sum();
                    assert_eq!(f32::from(on) / 31.0, o[COUNT]);
                    assert_eq!(o[PHASE..PHASE + 3].iter().sum::<f32>(), 1.0);
                    assert_eq!(o[SEAT..SEAT + 4].iter().sum::<f32>(), 1.0);
                    assert_eq!(o[DEALER..DEALER + 4].iter().sum::<f32>(), 1.0);
                }
                let card = steps.choice(models, Level::Greedy).unwrap();
                steps.act(card).unwrap();
            }
            let o = seen(&steps, 0, 0).unwrap();
            assert_eq!(o[PHASE + 2], 1.0);
            let over = steps.over().unwrap();
            assert_eq!(o[SCORES], (over.scores[0] as f32 / 61.0).min(1.0));
        }
    }

    /// What the player to act is told (as an engine request tells it, [`Seen`]) gives the
    /// numbers the environment observes for it, at every step of games of 2, 3 and 4 players,
    /// a throw a card at a time included.
    #[test]
    fn what_the_player_to_act_is_told_is_what_it_observes() {
        let models = Models::committed();
        for players in Players::ALL {
            for seed in 0..3 {
                let mut steps = Steps::new(Game::new(players, 61).unwrap(), seed);
                while let Some((seat, _)) = steps.to_act() {
                    let player = steps.match_state().player_at(seat);
                    let told = Seen::of(steps.table(), seat);
                    for version in [0, 1] {
                        let (mut ours, mut theirs) = ([0.0; 663], [1.0; 663]);
                        let size = steps.observation(player, version, &mut ours).unwrap();
                        let same = told.observation(version, steps.pending(), &mut theirs);
                        assert_eq!(same, Some(size));
                        assert_eq!(ours[..size], theirs[..size], "{players:?} seed {seed}");
                    }
                    let card = steps.choice(models, Level::Greedy).unwrap();
                    steps.act(card).unwrap();
                }
            }
        }
    }
}
