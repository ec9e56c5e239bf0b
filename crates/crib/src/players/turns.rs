//! crib's players at a [`DealTable`]: what a seat of each [`Level`] throws and plays, from what
//! it sees there ([`Seen`]). Also the
//! advice itself, valued, for a seat's decision, which `crib game` shows on `?` and `crib
//! review` grades against.

use crate::advice::discard::DiscardAdvice;
use crate::advice::for_game::play::BoardCard;
use crate::advice::play::{OpponentModel, PlayAnswer};
use crate::model::Models;
use crate::players::level::Level;
use crate::players::seen::Seen;
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::seat::Seat;
use crate::rules::sequence::Token;
use crate::state::deal::DealTable;

/// What `crib discard` advises for a seat at the table, as crib's strongest player values the
/// throws for points (the expert crib model, the play counted), every choice valued, best
/// first.
pub fn discard_advice(models: &Models, table: &DealTable, seat: Seat) -> Result<DiscardAdvice> {
    crate::players::seen::discard_advice(models, &Seen::of(table, seat))
}

/// What a seat of `level` throws.
pub fn choose_throw(models: &Models, table: &DealTable, seat: Seat, level: Level) -> Vec<Card> {
    level
        .throw(models, &Seen::of(table, seat))
        .expect("the table deals distinct cards with suits")
}

/// The cards `by_points` valued for the game at a deal under way (`crib play --scores`, any
/// number of players): the seat to play's cards valued from what it has seen and the scores at
/// the table now (a game to 61 read as the last 61 holes of 121), from the committed odds, the
/// others' hidden cards drawn as crib's strongest player weighs them
/// ([`OpponentModel::strongest`]).
pub fn play_for_board_at(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    by_points: &[Card],
) -> Vec<BoardCard> {
    let opponent = OpponentModel::strongest(table.game.players);
    crate::players::strongest::board_cards(
        models,
        &Seen::of(table, seat),
        (table.starter, opponent),
        by_points,
    )
    .expect("the table is a legal position")
}

/// What crib's strongest player values each legal card at, best first: `crib play` with the
/// others' hidden cards weighed as [`OpponentModel::strongest`] says.
pub fn play_advice(models: &Models, table: &DealTable, seat: Seat) -> Result<PlayAnswer> {
    crate::players::seen::play_advice(
        models,
        &Seen::of(table, seat),
        OpponentModel::strongest(table.game.players),
    )
}

/// What the seat to play plays, as a player of `level`: a card, or go when none fits.
pub fn choose_card(models: &Models, table: &DealTable, level: Level) -> Token {
    let Some(seat) = table.play_at().turn else {
        return Token::Go;
    };
    if table.legal().is_empty() {
        return Token::Go;
    }
    level
        .play(models, &Seen::of(table, seat))
        .expect("the table is a legal position")
}

/// Every seat throws what a player of `level` throws.
pub fn throw_all(models: &Models, table: &mut DealTable, level: Level) {
    for seat in table.game.players.seats() {
        let throw = choose_throw(models, table, seat, level);
        table
            .throw(seat, &throw)
            .expect("crib's players throw cards they hold");
    }
}

/// The rest of the play at `table`, every seat playing as a player of `level`.
pub fn play_out(models: &Models, table: &mut DealTable, level: Level) {
    while table.play_at().turn.is_some() {
        let token = choose_card(models, table, level);
        table.play(token).expect("crib's players play legally");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;
    use crate::rules::seat::Players;

    /// crib's players, expert and greedy, finish a deal of every size legally, and the expert
    /// throws what `crib discard` advises.
    #[test]
    fn crib_players_finish_deals() {
        let models = Models::committed();
        for players in Players::ALL {
            for level in [Level::Expert, Level::Greedy] {
                let game = Game::new(players, 121).unwrap();
                let mut table = DealTable::shuffle(game, 3, 1, vec![0; game.sides()]);
                throw_all(models, &mut table, level);
                play_out(models, &mut table, level);
                table.counted().unwrap();
            }
        }
        let table = DealTable::shuffle(Game::TWO, 3, 1, vec![0, 0]);
        let advice = discard_advice(models, &table, Seat::DEALER).unwrap();
        assert_eq!(
            choose_throw(models, &table, Seat::DEALER, Level::Expert),
            advice.choices[0].throw
        );
    }
}
