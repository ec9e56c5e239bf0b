//! What one seat sees at a decision ([`Seen`]), and the advice for points that seat is given
//! from it: what `crib discard` and `crib play` advise there.

use crate::advice::discard::{
    CribModel, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crate::advice::for_game::ForGame;
use crate::advice::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
use crate::model::Models;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::play::MAX_COUNT;
use crate::rules::position::Position;
use crate::rules::seat::Seat;
use crate::rules::sequence::Token;
use crate::rules::shuffle::mix;
use crate::rules::view::View;
use crate::state::deal::DealTable;

/// What one seat sees at a decision: the game, its seat, its cards as dealt and its throw, the
/// starter once turned, the play so far, and the scores now. All a level decides from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The game.
    pub game: Game,
    /// The seat deciding (seat 0 leads, the dealer is last).
    pub seat: Seat,
    /// Its cards as dealt.
    pub dealt: Vec<Card>,
    /// Its throw (empty until it throws).
    pub thrown: Vec<Card>,
    /// The starter, once turned.
    pub starter: Option<Card>,
    /// The play so far, from seat 0.
    pub tokens: Vec<Token>,
    /// The scores now, by the board's sides ([`Players::side`](crate::Players::side)): his heels and the play so far
    /// counted.
    pub scores: Vec<u32>,
    /// In a match, the games each side still needs to win it ([`DealTable::need`]).
    pub need: Option<Vec<u32>>,
}

impl Seen {
    /// What seat `seat` sees at `table` now.
    pub fn of(table: &DealTable, seat: Seat) -> Seen {
        Seen {
            game: table.game,
            seat,
            dealt: table.dealt[seat.index()].clone(),
            thrown: table.throws[seat.index()].clone().unwrap_or_default(),
            starter: table.all_thrown().then_some(table.starter),
            tokens: table.tokens.clone(),
            scores: table.scores_now(),
            need: table.need.clone(),
        }
    }

    /// The board as crib's decisions for the game weigh it: the scores now, and with two
    /// players in a match the games each still needs.
    pub(crate) fn for_game(&self) -> ForGame {
        let game = ForGame::new(Position::at_table(self.game, &self.scores, self.seat));
        match self.need_yours_first() {
            Some(need) => game.in_match(need).unwrap_or(game),
            None => game,
        }
    }

    /// What seat `seat` saw at `table` when it threw: its cards as dealt and the scores
    /// before the deal, whatever has happened since.
    pub(crate) fn before_throw(table: &DealTable, seat: Seat) -> Seen {
        Seen {
            thrown: Vec::new(),
            starter: None,
            tokens: Vec::new(),
            scores: table.start.clone(),
            ..Seen::of(table, seat)
        }
    }

    /// With two sides, the scores now yours first (with four players, the partnerships'), as
    /// crib's engine protocol writes them; `None` with three players.
    pub fn scores_yours_first(&self) -> Option<[u32; 2]> {
        let you = self.game.side(self.seat).index();
        match self.scores.as_slice() {
            &[a, b] => Some(if you == 0 { [a, b] } else { [b, a] }),
            _ => None,
        }
    }

    /// In a match of two players, the games each still needs, yours first.
    pub fn need_yours_first(&self) -> Option<[u32; 2]> {
        match self.need.as_deref() {
            Some(&[pone, dealer]) => Some(self.seat.two_by_seat(pone, dealer)),
            _ => None,
        }
    }

    /// The cards kept for the play: the cards dealt less the throw.
    pub fn hand(&self) -> Vec<Card> {
        self.dealt
            .iter()
            .filter(|c| !self.thrown.contains(c))
            .copied()
            .collect()
    }

    /// The seat's throw and the starter: the cards nobody else holds.
    pub(crate) fn known(&self) -> Vec<Card> {
        let mut seen = self.thrown.clone();
        seen.extend(self.starter);
        seen
    }

    pub(crate) fn view<const N: usize>(&self) -> Result<View<N>> {
        View::new(&self.hand(), self.seat, &self.known(), &self.tokens)
    }

    /// Every card the seat may play now, in the order of its hand (empty: go), checked as a
    /// position of the play.
    pub fn legal(&self) -> Result<Vec<Card>> {
        fn fitting<const N: usize>(view: &View<N>) -> Vec<Card> {
            let count = view.count();
            view.left
                .iter()
                .filter(|c| count + c.value() <= MAX_COUNT)
                .copied()
                .collect()
        }
        Ok(match self.game.players.count() {
            2 => fitting(&self.view::<2>()?),
            3 => fitting(&self.view::<3>()?),
            _ => fitting(&self.view::<4>()?),
        })
    }

    /// The count of the play now.
    pub fn count(&self) -> Result<u8> {
        Ok(match self.game.players.count() {
            2 => self.view::<2>()?.count(),
            3 => self.view::<3>()?.count(),
            _ => self.view::<4>()?.count(),
        })
    }

    /// A number naming the position, for the random level's draws: the same whatever the
    /// order the cards dealt and thrown are given in.
    pub(crate) fn key(&self) -> u64 {
        let sorted = |cards: &[Card]| {
            let mut indices: Vec<u64> = cards
                .iter()
                .map(|c| u64::from(c.index().unwrap_or(63)))
                .collect();
            indices.sort_unstable();
            indices
        };
        let mut words = sorted(&self.dealt);
        words.push(99);
        words.extend(sorted(&self.thrown));
        words.extend(self.starter.map(|c| u64::from(c.index().unwrap_or(63))));
        words.push(self.seat.index() as u64);
        words.extend(self.tokens.iter().map(|t| match t {
            Token::Card(c) => u64::from(c.index().unwrap_or(63)),
            Token::Go => 99,
        }));
        words.extend(self.scores.iter().map(|&s| u64::from(s)));
        mix(0x6372_6962, &words)
    }
}

/// What `crib discard` advises the seat (its defaults for the game: the expert crib model, the
/// play counted), every choice valued, best first: also how crib's strongest player values its
/// throws for points, with any number of players.
pub fn discard_advice(models: &Models, seen: &Seen) -> Result<DiscardAdvice> {
    let players = seen.game.players;
    let request = DiscardRequest {
        seat: Some(seen.seat),
        ..DiscardRequest::new(&seen.dealt, players, Role::of_seat(seen.seat, players))
    };
    advise_discard(models, &request)
}

/// The discard with `crib` and `play` models for the crib and the play, for the seat.
pub(crate) fn discard_with(
    models: &Models,
    seen: &Seen,
    crib: CribModel,
    play: PlayModel,
) -> Result<DiscardAdvice> {
    let players = seen.game.players;
    let request = DiscardRequest {
        seat: Some(seen.seat),
        crib,
        play,
        ..DiscardRequest::new(&seen.dealt, players, Role::of_seat(seen.seat, players))
    };
    advise_discard(models, &request)
}

/// What `crib play` advises the seat to play, the other players' holdings weighed by
/// `opponent` (with three or four players, the expert model, which weighs the hands two
/// players keep, is the uniform one), every legal card valued, best first.
pub fn play_advice(models: &Models, seen: &Seen, opponent: OpponentModel) -> Result<PlayAnswer> {
    answer_play(
        models,
        &seen.question(&seen.hand(), &seen.known(), opponent),
    )
}

impl Seen {
    /// The seat's decision of the play, its hand `hand` and the cards it has seen `known`, the
    /// others' holdings weighed by `opponent` (with three or four players the expert model,
    /// which weighs the hands two players keep, is the uniform one).
    pub(crate) fn question<'a>(
        &'a self,
        hand: &'a [Card],
        known: &'a [Card],
        opponent: OpponentModel,
    ) -> PlayQuestion<'a> {
        PlayQuestion {
            players: self.game.players,
            hand,
            seat: self.seat,
            seen: known,
            tokens: &self.tokens,
            opponent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Players;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// The board is in reach once a side has 81 or more of 121 (21 of 61), any side, any
    /// number of players.
    #[test]
    fn the_board_in_reach() {
        let at = |game: Game, scores: Vec<u32>| Seen {
            game,
            seat: Seat::new(0),
            dealt: cards("5h 5c 5s Jd 2c"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores,
            need: None,
        };
        let two_61 = Game::new(Players::TWO, 61).unwrap();
        let three = Game::new(Players::THREE, 121).unwrap();
        assert!(!at(Game::TWO, vec![80, 80]).for_game().in_reach());
        assert!(at(Game::TWO, vec![81, 0]).for_game().in_reach());
        assert!(at(Game::TWO, vec![0, 81]).for_game().in_reach());
        assert!(!at(two_61, vec![20, 20]).for_game().in_reach());
        assert!(at(two_61, vec![0, 21]).for_game().in_reach());
        assert!(!at(three, vec![80, 80, 80]).for_game().in_reach());
        assert!(at(three, vec![0, 0, 81]).for_game().in_reach());
    }

    /// The protocol's "you" and "opponent": the dealer of two players at 10 (pone) to 20
    /// (dealer) has 20 to 10, and in a match needing 3 (pone) and 1 (dealer) needs 1 to 3; with
    /// three players there is no "you" and "opponent".
    #[test]
    fn yours_first() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::new(1),
            dealt: cards("5h 5c 5s Jd 2c 9h"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![10, 20],
            need: Some(vec![3, 1]),
        };
        assert_eq!(seen.scores_yours_first(), Some([20, 10]));
        assert_eq!(seen.need_yours_first(), Some([1, 3]));
        let pone = Seen {
            seat: Seat::PONE,
            ..seen.clone()
        };
        assert_eq!(pone.scores_yours_first(), Some([10, 20]));
        assert_eq!(pone.need_yours_first(), Some([3, 1]));
        let three = Seen {
            game: Game::new(Players::THREE, 121).unwrap(),
            scores: vec![1, 2, 3],
            need: None,
            ..seen
        };
        assert_eq!(three.scores_yours_first(), None);
        assert_eq!(three.need_yours_first(), None);
    }
}
