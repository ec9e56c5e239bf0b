//! What a player sees of a game being stepped, as a fixed array of numbers between 0 and 1, for
//! programs that learn (`crib_core.env`'s observations; docs/python.md gives the layout): the
//! cards, the board and the phase ([`Steps::observation`]), and the order of the play on the
//! count, which version 1 of the environment adds. Cards
//! are numbered as [`Card::index`] numbers them: rank-major from the ace, suits h, d, c, s.

use crate::env::steps::{Ask, Steps};
use crate::rules::card::Card;
use crate::rules::seat::Seat;
use crate::rules::sequence::EventKind;

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
    /// What player `player` (from 0 round the table; `None` if there is no such player, or no
    /// such `version`) sees now, as numbers between 0 and 1 in the layout of docs/python.md, in
    /// the environment's `version`:
    /// - 0: the cards, the board and the phase (438 numbers); the cards on the count are a set,
    ///   without their order or the gos.
    /// - 1: those numbers, then the order of the play on the count (225 more): the cards on the
    ///   count in the order played, each its rank and who played it, and who has said go.
    pub fn observation(&self, player: usize, version: u8) -> Option<Vec<f32>> {
        let mut numbers = self.numbers(player)?.to_vec();
        match version {
            0 => {}
            1 => numbers.extend(self.play_order(player)),
            _ => return None,
        }
        Some(numbers)
    }

    /// Version 0's numbers.
    fn numbers(&self, player: usize) -> Option<[f32; OBSERVATION_SIZE]> {
        let m = self.match_state();
        let n = self.game().players.count();
        if player >= n {
            return None;
        }
        let seat = m.seat_of(player);
        let table = self.table();
        let to_act = self.to_act();
        let round = |other: usize| (other + n - player) % n;
        let mut o = [0f32; OBSERVATION_SIZE];
        let mut set = |at: usize, card: Card| o[at + usize::from(card.index().unwrap_or(0))] = 1.0;
        let thrown: &[Card] = match &table.throws[seat.index()] {
            Some(throw) => throw,
            None if to_act.is_some_and(|(s, _)| s == seat) => self.pending(),
            None => &[],
        };
        let pegging = table.pegging();
        let played = |card: &Card| {
            pegging
                .events
                .iter()
                .any(|e| e.kind == EventKind::Card(*card))
        };
        for card in &table.dealt[seat.index()] {
            if thrown.contains(card) {
                set(THROW, *card);
            } else if !played(card) {
                set(HAND, *card);
            }
        }
        if table.all_thrown() {
            set(STARTER, table.starter);
        }
        let last = pegging.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Card(_) => Some(e.sequence),
            _ => None,
        });
        let count = table.play_at().count;
        for event in &pegging.events {
            if let EventKind::Card(card) = event.kind {
                let by = m.player_at(Seat::new(event.player));
                set(PLAYED + DECK * round(by), card);
                if count > 0 && Some(event.sequence) == last {
                    set(ON_COUNT, card);
                }
            }
        }
        o[COUNT] = f32::from(count) / 31.0;
        let scores = match self.over() {
            Some(over) => over.scores.clone(),
            None => m.match_scores(&table.scores_after(&pegging)),
        };
        let sides = scores.len();
        let hole = self.game().target as f32;
        for k in 0..sides {
            o[SCORES + k] = (scores[(player + k) % sides] as f32 / hole).min(1.0);
        }
        o[DEALER + round(m.dealer)] = 1.0;
        o[SEAT + seat.index()] = 1.0;
        match to_act {
            Some((turn, ask)) => {
                o[TURN + round(m.player_at(turn))] = 1.0;
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
        Some(o)
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

impl Steps {
    /// The order of the play that version 0 of [`Steps::observation`] leaves out, as player
    /// `player` sees it: the cards on the count in
    /// the order they were played, each its rank and who played it, and who has said go on this
    /// count; all 0 before the play and once a count starts afresh: 225 numbers, 13 slots of 17
    /// (the rank, one-hot from the ace, then who played it, the player first) and 4 for the gos.
    /// What a card scores on the count (a run, a pair, 15 or 31, the go) depends on it; the suits
    /// do not matter.
    fn play_order(&self, player: usize) -> [f32; PLAY_ORDER_SIZE] {
        let m = self.match_state();
        let n = self.game().players.count();
        let round = |other: usize| (other + n - player) % n;
        let mut o = [0f32; PLAY_ORDER_SIZE];
        let table = self.table();
        if !table.all_thrown() || table.play_at().count == 0 {
            return o;
        }
        let pegging = table.pegging();
        let Some(now) = pegging.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Card(_) => Some(e.sequence),
            _ => None,
        }) else {
            return o;
        };
        let mut slot = 0;
        for event in pegging.events.iter().filter(|e| e.sequence == now) {
            let by = round(m.player_at(Seat::new(event.player)));
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
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Models;
    use crate::players::level::Level;
    use crate::rules::board::Game;
    use crate::rules::seat::Players;

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
        let o = steps.observation(me, 0).unwrap();
        assert_eq!(cards_at(&o, HAND).len(), 6);
        assert!(cards_at(&o, THROW).is_empty() && cards_at(&o, STARTER).is_empty());
        assert_eq!(o[PHASE..PHASE + 3], [1.0, 0.0, 0.0]);
        assert_eq!((o[LEFT], o[PLAYERS], o[GAME]), (1.0, 0.5, 1.0));
        assert_eq!(o[TURN], 1.0, "the player to act sees its own turn");
        steps.act(dealt[2]).unwrap();
        let o = steps.observation(me, 0).unwrap();
        assert_eq!(cards_at(&o, THROW), vec![dealt[2]]);
        assert_eq!(cards_at(&o, HAND).len(), 5);
        assert_eq!(o[LEFT], 0.5);
        let theirs = steps.observation(other, 0).unwrap();
        assert_eq!(cards_at(&theirs, HAND).len(), 6);
        assert!(!cards_at(&theirs, HAND).contains(&dealt[2]));
        assert!(cards_at(&theirs, THROW).is_empty());
        assert_eq!(
            theirs[TURN + 1],
            1.0,
            "the other player's turn, one round the table"
        );
        assert_eq!(steps.observation(2, 0), None);
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
                    let o = steps.observation(player, 0).unwrap();
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
            let o = steps.observation(0, 0).unwrap();
            assert_eq!(o[PHASE + 2], 1.0);
            let over = steps.over().unwrap();
            assert_eq!(o[SCORES], (over.scores[0] as f32 / 61.0).min(1.0));
        }
    }
}
