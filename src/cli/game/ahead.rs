//! crib's moves of a deal worked out ahead, on a thread of their own while you choose your
//! throw: crib's throws, and crib's cards of the play before your first card. None of them
//! depends on your throw (no seat sees another's throw, and the starter is the deck's), so they
//! are worked out with a stand-in for it. Each is taken only where its seat sees exactly what it
//! was worked out for ([`Seen`]); anything else is worked out when it is needed, as before. The
//! moves are the same either way; what changes is that most of a throw's answer is ready before
//! you throw.

use std::sync::mpsc::{Receiver, channel};
use std::thread;

use crib::Card;
use crib::Models;
use crib::Seat;
use crib::game::DealTable;
use crib::game::Level;
use crib::game::Seen;
use crib::pegging::Token;

/// A move of crib's, worked out ahead.
enum Move {
    Throw(Vec<Card>),
    Play(Token),
}

/// crib's moves of one deal as they are worked out ahead, in the order the deal asks for them.
pub struct Ahead {
    /// The level crib plays at, ahead and when asked afresh alike.
    level: Level,
    /// What the thread has worked out, each with what its seat saw; `None` once a seat saw
    /// something else, or if the thread could not be started.
    moves: Option<Receiver<(Seen, Move)>>,
}

impl Ahead {
    /// Start working out crib's moves at `level` for the deal at `table`, as dealt, where
    /// `yours[seat]` says which seats are played by the person rather than by crib.
    pub fn start(table: &DealTable, level: Level, yours: Vec<bool>) -> Ahead {
        let (send, moves) = channel();
        let mut table = table.clone();
        let spawned = thread::Builder::new()
            .name("crib-ahead".into())
            .spawn(move || {
                // Stops at the first error, or when nobody listens any more.
                let _ = work_out(&mut table, level, &yours, |seen, made| {
                    send.send((seen, made)).ok()
                });
            });
        Ahead {
            level,
            moves: spawned.is_ok().then_some(moves),
        }
    }

    /// crib's throw for the seat that sees `seen`.
    pub fn throw(&mut self, seen: &Seen) -> anyhow::Result<Vec<Card>> {
        match self.next(seen) {
            Some(Move::Throw(throw)) => Ok(throw),
            _ => Ok(self.level.throw(Models::committed(), seen)?),
        }
    }

    /// crib's card (or go) for the seat that sees `seen`.
    pub fn play(&mut self, seen: &Seen) -> anyhow::Result<Token> {
        match self.next(seen) {
            Some(Move::Play(token)) => Ok(token),
            _ => Ok(self.level.play(Models::committed(), seen)?),
        }
    }

    /// The next move worked out, if it was worked out for what `seen` sees; from the first that
    /// was not, nothing more is taken.
    fn next(&mut self, seen: &Seen) -> Option<Move> {
        let moves = self.moves.as_ref()?;
        match moves.recv() {
            Ok((was, made)) if was == *seen => Some(made),
            _ => {
                self.moves = None;
                None
            }
        }
    }
}

/// crib's throws at `table` in seat order, then its cards until the person's first turn of the
/// play (or the game's end), each given to `tell` with what its seat saw; the person's throw is
/// a stand-in. `None` when a move could not be made or `tell` says to stop.
fn work_out(
    table: &mut DealTable,
    level: Level,
    yours: &[bool],
    mut tell: impl FnMut(Seen, Move) -> Option<()>,
) -> Option<()> {
    let models = Models::committed();
    for (s, &person) in yours.iter().enumerate() {
        let seat = Seat::new(s);
        let throw = if person {
            table.dealt[s][..table.game.deal_shape().1].to_vec()
        } else {
            let seen = Seen::of(table, seat);
            let throw = level.throw(models, &seen).ok()?;
            tell(seen, Move::Throw(throw.clone()))?;
            throw
        };
        table.throw(seat, &throw).ok()?;
    }
    while let Some(seat) = table.play_at().turn {
        if table.game_over() || yours[seat.index()] {
            break;
        }
        let seen = Seen::of(table, seat);
        let token = level.play(models, &seen).ok()?;
        tell(seen, Move::Play(token))?;
        table.play(token).ok()?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::game::Match;
    use crib::{Game, Players};

    /// You deal to three of crib's seats and throw other cards than the stand-in: crib's three
    /// throws and its three cards before yours are each taken from what was worked out ahead,
    /// and are what it plays when asked there and then.
    #[test]
    fn moves_worked_out_ahead_are_taken_whatever_you_throw() {
        for (seed, level) in [(1, Level::Greedy), (2, Level::Random), (3, Level::Greedy)] {
            let game = Game::new(Players::FOUR, 121).unwrap();
            let mut table = Match::new(game, seed, 1).0.deal();
            let yours = vec![false, false, false, true];
            let mut ahead = Ahead::start(&table, level, yours);
            for s in 0..3 {
                let seen = Seen::of(&table, Seat::new(s));
                let Some(Move::Throw(throw)) = ahead.next(&seen) else {
                    panic!("seed {seed}: seat {s}'s throw was not worked out ahead");
                };
                assert_eq!(throw, level.throw(Models::committed(), &seen).unwrap());
                table.throw(Seat::new(s), &throw).unwrap();
            }
            let dealt = table.dealt[3].clone();
            table
                .throw(Seat::new(3), &dealt[dealt.len() - 1..])
                .unwrap();
            let mut taken = 0;
            while let Some(seat) = table.play_at().turn.filter(|s| s.index() != 3) {
                let seen = Seen::of(&table, seat);
                let Some(Move::Play(token)) = ahead.next(&seen) else {
                    panic!(
                        "seed {seed}: seat {}'s card was not worked out ahead",
                        seat.index()
                    );
                };
                assert_eq!(token, level.play(Models::committed(), &seen).unwrap());
                table.play(token).unwrap();
                taken += 1;
            }
            assert_eq!(taken, 3, "seed {seed}");
        }
    }

    /// A seat that sees something else than what was worked out is answered afresh, and so is
    /// every seat after it.
    #[test]
    fn a_move_worked_out_for_another_sight_is_not_taken() {
        let game = Game::new(Players::TWO, 121).unwrap();
        let table = Match::new(game, 5, 1).0.deal();
        let mut ahead = Ahead::start(&table, Level::Greedy, vec![false, true]);
        let mut other = Seen::of(&table, Seat::new(0));
        other.scores = vec![7, 0];
        assert!(ahead.next(&other).is_none());
        assert!(ahead.next(&Seen::of(&table, Seat::new(0))).is_none());
        // Asked afresh, the answer is what the level plays.
        let seen = Seen::of(&table, Seat::new(0));
        let fresh = ahead.throw(&seen).unwrap();
        assert_eq!(
            fresh,
            Level::Greedy.throw(Models::committed(), &seen).unwrap()
        );
    }
}
