//! A game re-dealt for one player's view: what that player has seen stays, and what it has not
//! (the others' cards not yet played, the crib, a starter not yet turned, the cards to come) is
//! dealt again, consistently with everything the player has seen, so that a search from that
//! player's seat sees only what it could know.

use crate::env::steps::Steps;
use crate::rules::card::Card;
use crate::rules::play::MAX_COUNT;
use crate::rules::sequence::EventKind;
use crate::rules::shuffle::Rng;

/// How many deals of the unseen cards are drawn at most before the constrained one is taken.
const TRIES: usize = 1_000;

/// A card of another seat's that `player` has not seen: where it lies, and the least value it
/// can have (a seat that said go on a count holds no card that would have fitted it).
struct Hidden {
    seat: usize,
    at: usize,
    /// A card that must be worth more than this, or 0.
    above: u8,
    /// Still held (not thrown): the seat to play holds a card that fits among these.
    held: bool,
}

/// The seat to play, when it is not the player's, and the room left on the count: it has not
/// said go, so one of the cards it holds fits.
type Turn = Option<(usize, u8)>;

impl Steps {
    /// This game as player `player` (from 0 round the table) could believe it to be: every card
    /// the player has not seen dealt again from those it has not seen, seeded `seed`, so that
    /// the others' hands, their throws, the crib, a starter not yet turned and the deals to come
    /// are drawn afresh, while the player's own cards, every card played, who played it and who
    /// said go stand. A seat that said go holds no card that would have fitted the count then.
    /// The deals drawn are uniform over those consistent with what the player has seen (by
    /// rejection, up to a thousand draws; then the constrained cards first). `None` for no such
    /// player.
    pub fn resample_for(&self, player: usize, seed: u64) -> Option<Steps> {
        let n = self.game().players.count();
        if player >= n {
            return None;
        }
        let me = self.match_state().seat_of(player).index();
        let table = self.table();
        let pegging = table.pegging();
        let mut played = 0u64;
        let mut above = vec![0u8; n];
        for event in &pegging.events {
            match event.kind {
                EventKind::Card(card) => played |= bit(card),
                // A seat that says go holds nothing worth the room left on the count.
                EventKind::Go => {
                    let room = MAX_COUNT - event.count;
                    above[event.player] = above[event.player].max(room);
                }
                _ => {}
            }
        }
        // A seat's throw: made, or being made (its cards chosen so far).
        let throwing = match self.to_act() {
            Some((seat, crate::env::Ask::Throw { .. })) => Some(seat.index()),
            _ => None,
        };
        let thrown_by = |s: usize| -> u64 {
            let mut set = table.throws[s].iter().flatten().fold(0, |m, &c| m | bit(c));
            if throwing == Some(s) {
                set |= self.pending().iter().fold(0, |m, &c| m | bit(c));
            }
            set
        };
        let mut seen = played | table.dealt[me].iter().fold(0, |m, &c| m | bit(c));
        if table.all_thrown() {
            seen |= bit(table.starter);
        }
        let mut hidden = Vec::new();
        for (s, dealt) in table.dealt.iter().enumerate() {
            if s == me {
                continue;
            }
            let thrown = thrown_by(s);
            for (at, &card) in dealt.iter().enumerate() {
                if bit(card) & seen == 0 {
                    // A card still held was held at every go; a card thrown was not.
                    let limit = if bit(card) & thrown == 0 { above[s] } else { 0 };
                    hidden.push(Hidden {
                        seat: s,
                        at,
                        above: limit,
                        held: bit(card) & thrown == 0,
                    });
                }
            }
        }
        let pool: Vec<Card> = Card::deck().filter(|&c| bit(c) & seen == 0).collect();
        let mut rng = Rng::new(seed);
        let turn: Turn = match self.to_act() {
            Some((seat, crate::env::Ask::Play)) if seat.index() != me => {
                Some((seat.index(), MAX_COUNT - self.play_at().count))
            }
            _ => None,
        };
        let dealt = draw(&pool, &hidden, turn, &mut rng);
        let mut again = self.clone();
        let mut swap = std::collections::HashMap::new();
        for (h, &card) in hidden.iter().zip(&dealt) {
            swap.insert(table.dealt[h.seat][h.at], card);
        }
        // The rest of the pool, in the order drawn: the crib's card, the starter.
        let mut rest = dealt[hidden.len()..].iter().copied();
        let new = again.table_mut();
        for hand in new.dealt.iter_mut() {
            for card in hand.iter_mut() {
                *card = *swap.get(card).unwrap_or(card);
            }
        }
        for throw in new.throws.iter_mut().flatten() {
            for card in throw.iter_mut() {
                *card = *swap.get(card).unwrap_or(card);
            }
        }
        if let Some(crib_card) = &mut new.crib_card {
            *crib_card = rest.next().unwrap_or(*crib_card);
        }
        if !new.all_thrown() {
            new.starter = rest.next().unwrap_or(new.starter);
        }
        again.remap_pending(&swap);
        // The cards that fit for the seat to play may be others now.
        again.replay();
        // The deals to come, unknown too.
        again.reseed(seed);
        Some(again)
    }
}

fn bit(card: Card) -> u64 {
    1 << card.index().unwrap_or(0)
}

/// The unseen cards dealt to the `hidden` places (then the rest of the pool, in order): the
/// first of up to [`TRIES`] shuffles that fits every place's least value and gives the seat to
/// play a card that fits, else a card that fits placed first, then the places with the least
/// values.
fn draw(pool: &[Card], hidden: &[Hidden], turn: Turn, rng: &mut Rng) -> Vec<Card> {
    let fits_turn = |h: &Hidden, c: &Card| {
        turn.is_some_and(|(s, room)| h.held && h.seat == s && c.value() <= room)
    };
    let fits = |cards: &[Card]| {
        let places = hidden.iter().zip(cards);
        places
            .clone()
            .all(|(h, c)| h.above == 0 || c.rank().value() > h.above)
            && (turn.is_none() || places.clone().any(|(h, c)| fits_turn(h, c)))
    };
    let mut cards = pool.to_vec();
    for _ in 0..TRIES {
        shuffle(&mut cards, rng);
        if fits(&cards) {
            return cards;
        }
    }
    let allows = |h: &Hidden, c: &Card| h.above == 0 || c.rank().value() > h.above;
    let mut left = cards;
    let mut placed = vec![None; hidden.len()];
    // A card that fits the count for the seat to play, in the first of its places it suits.
    if turn.is_some() {
        'turn: for (i, h) in hidden.iter().enumerate() {
            for (at, c) in left.iter().enumerate() {
                if fits_turn(h, c) && allows(h, c) {
                    placed[i] = Some(left.remove(at));
                    break 'turn;
                }
            }
        }
    }
    // The most constrained places first, each the first card left that fits it.
    let mut order: Vec<usize> = (0..hidden.len()).filter(|&i| placed[i].is_none()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(hidden[i].above));
    for i in order {
        let at = left.iter().position(|c| allows(&hidden[i], c)).unwrap_or(0);
        placed[i] = Some(left.remove(at));
    }
    placed.into_iter().flatten().chain(left).collect()
}

/// Fisher–Yates with crib's generator.
fn shuffle(cards: &mut [Card], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Models;
    use crate::players::level::Level;
    use crate::rules::board::Game;
    use crate::rules::seat::{Players, Seat};
    use crate::state::deal::DealTable;

    /// The deal as `steps` holds it, dealt afresh and played again move by move: every throw
    /// and token must be legal on it (a go where a card would fit is refused).
    fn replayed(steps: &Steps) -> DealTable {
        let t = steps.table();
        let mut again = DealTable::new(
            t.game,
            t.dealt.clone(),
            t.crib_card,
            t.starter,
            t.start.clone(),
        )
        .unwrap();
        for (s, throw) in t.throws.iter().enumerate() {
            if let Some(throw) = throw {
                again.throw(Seat::new(s), throw).unwrap();
            }
        }
        for &token in &t.tokens {
            again.play(token).unwrap();
        }
        again
    }

    /// At every moment of seeded games of two, three and four players, each player's game
    /// dealt again for it: what it sees is the same to the number, the deal is a legal one on
    /// which every move made was legal (the gos too), its own cards and every card played
    /// stand, the others' unseen cards change, and the game plays on to its end.
    #[test]
    fn a_game_dealt_again_looks_the_same_to_its_player() {
        let models = Models::committed();
        let mut changed = 0;
        let mut moments = 0;
        for players in [Players::TWO, Players::THREE, Players::FOUR] {
            for seed in 0..6 {
                let mut steps = Steps::new(Game::new(players, 61).unwrap(), seed);
                let mut k = 0u64;
                while steps.over().is_none() {
                    k += 1;
                    if k.is_multiple_of(3) {
                        for player in 0..players.count() {
                            let again = steps.resample_for(player, seed * 1000 + k).unwrap();
                            moments += 1;
                            let (mut theirs, mut ours) = ([0.0; 663], [1.0; 663]);
                            again.observation(player, 1, &mut theirs).unwrap();
                            steps.observation(player, 1, &mut ours).unwrap();
                            assert_eq!(
                                theirs, ours,
                                "{players:?} seed {seed} move {k} player {player}"
                            );
                            assert_eq!(again.to_act(), steps.to_act());
                            let me = steps.match_state().seat_of(player).index();
                            assert_eq!(again.table().dealt[me], steps.table().dealt[me]);
                            assert_eq!(again.table().tokens, steps.table().tokens);
                            replayed(&again);
                            if again.table().dealt != steps.table().dealt {
                                changed += 1;
                            }
                            // It plays on, as a search would.
                            let mut on = again.clone();
                            for _ in 0..6 {
                                match on.choice(models, Level::Greedy) {
                                    Some(card) => {
                                        on.act(card).unwrap();
                                    }
                                    None => break,
                                }
                            }
                        }
                    }
                    let card = steps.choice(models, Level::Greedy).unwrap();
                    steps.act(card).unwrap();
                }
            }
        }
        assert!(moments > 200, "{moments}");
        assert!(
            changed * 10 > moments * 9,
            "{changed} of {moments} dealt differently"
        );
        assert!(Steps::new(Game::TWO, 1).resample_for(2, 0).is_none());
    }

    /// A seat that said go is dealt no card that would have fitted: after a go at 25, the
    /// cards the other player holds are all worth more than 6, every time.
    #[test]
    fn a_go_says_what_a_hand_does_not_hold() {
        let models = Models::committed();
        let mut checked = 0;
        for seed in 0..200 {
            let mut steps = Steps::new(Game::TWO, seed);
            while steps.over().is_none() && steps.settled().is_none() {
                let table = steps.table();
                let pegging = table.pegging();
                let go = pegging
                    .events
                    .iter()
                    .rev()
                    .find(|e| e.kind == EventKind::Go);
                if let (Some(go), true) = (go, table.play_at().count > 0) {
                    let (goer, room) = (go.player, MAX_COUNT - go.count);
                    let watcher = steps.match_state().player_at(Seat::new(goer).other());
                    for k in 0..5 {
                        let again = steps.resample_for(watcher, k).unwrap();
                        let t = again.table();
                        let held: Vec<Card> = t
                            .kept(Seat::new(goer))
                            .into_iter()
                            .filter(|c| {
                                !t.tokens.contains(&crate::rules::sequence::Token::Card(*c))
                            })
                            .collect();
                        assert!(
                            held.iter().all(|c| c.rank().value() > room),
                            "{held:?} after a go at {}",
                            go.count
                        );
                        checked += 1;
                    }
                    break;
                }
                let card = steps.choice(models, Level::Greedy).unwrap();
                steps.act(card).unwrap();
            }
        }
        assert!(checked > 50, "{checked}");
    }
}
