//! The cards of a play valued for the game, whatever the number of players: what `crib play
//! --scores` shows. Two players' cards are weighed by [`play_for_board`] (in a match, for the
//! match), three and four players' by [`play_for_board_multi`].

use crate::advice::for_game::multi::play_for_board_multi;
use crate::advice::for_game::play::{BOARD_SAMPLES, BoardCard, HiddenDraw, Known, play_for_board};
use crate::advice::for_game::{ForGame, clear_of_noise};
use crate::advice::play::OpponentModel;
use crate::advice::play::PlayAnswer;
use crate::model::Models;
use crate::model::odds::Odds;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::deal::check_scores;
use crate::rules::error::{Error, Result};
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::Token;
use crate::rules::view::View;
use crate::search::sampled::samples_for;

/// The board a play is valued at.
#[derive(Debug, Clone, Copy)]
pub struct At<'a> {
    /// The scores now: with two players yours first; with three by seat, with four by
    /// partnership, seats 1 and 3 first.
    pub scores: &'a [u32],
    /// The game hole: 61 or 121.
    pub target: u32,
    /// Two players in a match: the games you and the opponent still need to win it.
    pub match_need: Option<[u32; 2]>,
}

/// The board cards are valued at: two players' (in a match or not), or three or four players'
/// game and scores by side.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Weighed<'a> {
    /// Two players.
    Two(ForGame),
    /// Three or four players: the game, and the scores by its sides.
    More(Game, &'a [u32]),
}

/// The cards `by_points` of `hand` (in `seat`, the play `tokens` so far, the starter and the
/// throw `known`) valued at `board`, best first: two players over the deals of
/// [`play_for_board`], the opponent's hidden cards drawn by `opponent` (with `models`' keeps
/// and reading), as the points weighed them; three or four over those of
/// [`play_for_board_multi`], every deal alike; each from the committed odds of its number of
/// players.
pub(crate) fn value_cards(
    models: &Models,
    opponent: OpponentModel,
    (hand, seat, tokens): (&[Card], Seat, &[Token]),
    known: Known,
    board: Weighed,
    by_points: &[Card],
) -> Result<Vec<BoardCard>> {
    let mut seen = known.thrown.to_vec();
    seen.push(known.starter);
    Ok(match board {
        Weighed::Two(for_game) => {
            let view = View::<2>::new(hand, seat, &seen, tokens)?;
            let draw = HiddenDraw::new(models, &view, opponent);
            play_for_board(
                Odds::committed(Players::TWO),
                &view,
                &known,
                &for_game,
                by_points,
                &draw,
            )
        }
        Weighed::More(game, scores) => {
            let odds = Odds::committed(game.players);
            if game.players == Players::THREE {
                let view = View::<3>::new(hand, seat, &seen, tokens)?;
                play_for_board_multi(odds, &view, &known, game, scores, by_points)
            } else {
                let view = View::<4>::new(hand, seat, &seen, tokens)?;
                play_for_board_multi(odds, &view, &known, game, scores, by_points)
            }
        }
    })
}

/// Every card you can play, valued by your chance (with four players your side's; with two in
/// a match, of the match) of winning from the board at the moment.
#[derive(Debug, Clone)]
pub struct CardsForGame {
    /// The game.
    pub game: Game,
    /// How many deals of the hidden cards each card was weighed over.
    pub samples: usize,
    /// Every legal card, best chance first.
    pub options: Vec<BoardCard>,
    /// The card best for points.
    pub points_best: Card,
}

impl CardsForGame {
    /// The cards of `answer` (the play `tokens` so far, counted; the starter and your throw
    /// `known`) valued at `at`; `None` when no card can be played.
    pub fn value(
        answer: &PlayAnswer,
        tokens: &[Token],
        known: Known,
        at: At,
    ) -> Result<Option<CardsForGame>> {
        let players = answer.players;
        let game = Game::new(players, at.target)?;
        let Some(points_best) = answer.advice.options.first().map(|o| o.card) else {
            return Ok(None);
        };
        let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
        let (seat, scores) = (answer.seat, at.scores);
        let board = match players.count() {
            2 => {
                let &[yours, theirs] = scores else {
                    return Err(Error::ScoreCount {
                        players,
                        sides: 2,
                        found: scores.len(),
                    });
                };
                let mut for_game = ForGame::new(at.target, seat, yours, theirs)?;
                if let Some([yours, theirs]) = at.match_need {
                    for_game = for_game.in_match(seat.two_by_seat(yours, theirs));
                }
                Weighed::Two(for_game)
            }
            _ => {
                check_scores(game, scores)?;
                Weighed::More(game, scores)
            }
        };
        let options = value_cards(
            Models::committed(),
            answer.opponent,
            (&answer.hand, seat, tokens),
            known,
            board,
            &by_points,
        )?;
        let samples = match players.count() {
            2 => BOARD_SAMPLES,
            _ => samples_for(players),
        };
        Ok(Some(CardsForGame {
            game,
            samples,
            options,
            points_best,
        }))
    }

    /// The best card for the game.
    pub fn best(&self) -> &BoardCard {
        &self.options[0]
    }

    /// The points-best card's entry.
    pub fn points(&self) -> &BoardCard {
        let rank = self.points_best.rank();
        self.options
            .iter()
            .find(|o| o.card.rank() == rank)
            .unwrap_or(self.best())
    }

    /// The best card's chance less the points-best card's, on the same deals.
    pub fn gain(&self) -> f64 {
        self.best().p_win - self.points().p_win
    }

    /// Whether the board's best card differs from the points' best (by rank: in the play a
    /// suit cannot matter).
    pub fn differs(&self) -> bool {
        self.best().card.rank() != self.points_best.rank() && self.gain() > 0.0
    }

    /// Whether the board changes the advice: its best card differs, by more than two standard
    /// errors of the gap (over the same deals), so by more than the deals' noise.
    pub fn changes(&self) -> bool {
        self.differs() && clear_of_noise(self.gain(), self.points().gap_se)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::play::{OpponentModel, PlayQuestion, answer_play};
    use crate::model::Models;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::{Players, Seat};

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn answer(hand: &[Card], thrown: &[Card], starter: Card) -> PlayAnswer {
        let mut seen = thrown.to_vec();
        seen.push(starter);
        let question = PlayQuestion {
            players: Players::TWO,
            hand,
            seat: Seat::PONE,
            seen: &seen,
            tokens: &[],
            opponent: OpponentModel::Uniform,
        };
        answer_play(Models::committed(), &question).unwrap()
    }

    /// Every card is valued, its chance between 0 and 1, best first, and the points' best is
    /// named; a match needing one game each is the game; a score at the hole is refused.
    #[test]
    fn every_card_is_valued_best_first() {
        let (hand, thrown, starter) = (cards("5h 6c 7d 8s"), cards("Ks Qd"), cards("2c")[0]);
        let answer = answer(&hand, &thrown, starter);
        let seen = Known {
            starter,
            thrown: &thrown,
        };
        let at = At {
            scores: &[110, 112],
            target: 121,
            match_need: None,
        };
        let valued = CardsForGame::value(&answer, &[], seen, at)
            .unwrap()
            .unwrap();
        assert_eq!(valued.options.len(), 4);
        assert!(valued.options.windows(2).all(|w| w[0].p_win >= w[1].p_win));
        assert!(
            valued
                .options
                .iter()
                .all(|o| (0.0..=1.0).contains(&o.p_win))
        );
        assert_eq!(valued.points_best, answer.advice.options[0].card);
        assert_eq!(valued.samples, BOARD_SAMPLES);
        let one_each = At {
            match_need: Some([1, 1]),
            ..at
        };
        let in_match = CardsForGame::value(&answer, &[], seen, one_each)
            .unwrap()
            .unwrap();
        for (a, b) in valued.options.iter().zip(&in_match.options) {
            assert_eq!(a.card, b.card);
            assert!((a.p_win - b.p_win).abs() < 1e-12, "{a:?} {b:?}");
        }
        // Scores at the hole are refused, as a board that cannot be.
        let over = At {
            scores: &[121, 0],
            ..at
        };
        assert!(CardsForGame::value(&answer, &[], seen, over).is_err());
        let three = At {
            scores: &[1, 2, 3],
            ..at
        };
        assert!(CardsForGame::value(&answer, &[], seen, three).is_err());
    }
}
