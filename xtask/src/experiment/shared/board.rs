//! Whole two-player games between crib's players, each playing for points or for the board:
//! shared by the `board_selfplay` and `board_odds` examples.

use crib::tables::advice::for_game::ForGame;
use crib::tables::advice::for_game::discard::weigh_advice;
use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::turns::play_for_board_at;
use crib::tables::players::turns::{
    choose_card, choose_throw, discard_advice, play_advice, play_out,
};
use crib::tables::rules::card::Card;
use crib::tables::rules::position::Position;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::Token;
use crib::tables::state::deal::DealTable;
use crib::tables::state::session::Match;

/// How a player plays: for points (crib's engine and `crib discard`), or for the board once
/// either side has reached `from` (the play, and the discard too if `discard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// For points everywhere.
    Points,
    /// For the board from `from` on.
    Board { from: u32, discard: bool },
}

impl Player {
    fn plays_board(self, scores: &[u32]) -> bool {
        matches!(self, Player::Board { from, .. } if scores.iter().any(|&s| s >= from))
    }

    fn discards_board(self, scores: &[u32]) -> bool {
        matches!(self, Player::Board { discard: true, .. }) && self.plays_board(scores)
    }
}

/// One game: who won (player 0 or 1), and the decisions made for the board and how many of
/// them changed the card or the throw from the one best for points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Played {
    pub winner: usize,
    pub board_decisions: u32,
    pub changed: u32,
    pub board_throws: u32,
    pub throws_changed: u32,
}

/// Play the match `m` (a game under way, or a new one) to its end, player `p` playing as
/// `players[p]`.
pub fn play_game(mut m: Match, players: [Player; 2]) -> Played {
    let models = Models::committed();
    let mut played = Played::default();
    while m.champion().is_none() {
        let mut table = m.deal();
        let of = |seat: Seat| players[m.player_at(seat)];
        for s in 0..2 {
            let seat = Seat::new(s);
            let throw = if of(seat).discards_board(&table.scores_now()) {
                let (throw, changed) = board_throw(models, &table, seat);
                played.board_throws += 1;
                played.throws_changed += u32::from(changed);
                throw
            } else {
                choose_throw(models, &table, seat, Level::Expert)
            };
            table.throw(seat, &throw).expect("cards held");
        }
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let token = if of(seat).plays_board(&table.scores_now()) && table.legal().len() > 1 {
                let (token, changed) = board_card(models, &table, seat);
                played.board_decisions += 1;
                played.changed += u32::from(changed);
                token
            } else {
                choose_card(models, &table, Level::Expert)
            };
            table.play(token).expect("a legal card");
        }
        play_out(models, &mut table, Level::Greedy);
        if let Some(over) = m.settle(&table.counted().expect("a whole deal"), &[]) {
            played.winner = over.winner;
        }
    }
    played
}

/// The throw best for the board, and whether it differs from the throw best for points.
fn board_throw(models: &Models, table: &DealTable, seat: Seat) -> (Vec<Card>, bool) {
    let advice = discard_advice(models, table, seat).expect("a whole deal");
    let points = advice.choices[0].throw.clone();
    let position = Position::new(table.game, &table.scores_now(), seat).expect("a game under way");
    let weighed = weigh_advice(
        models,
        advice,
        &table.dealt[seat.index()],
        &ForGame::new(position),
    );
    let best = weighed.advice.choices[0].throw.clone();
    let changed = best != points;
    (best, changed)
}

/// The card best for the board, and whether it differs from the card best for points.
fn board_card(models: &Models, table: &DealTable, seat: Seat) -> (Token, bool) {
    let answer = play_advice(models, table, seat).expect("a legal position");
    let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
    let valued = play_for_board_at(models, table, seat, &by_points);
    let best = valued[0].card;
    (Token::Card(best), best.rank() != by_points[0].rank())
}
