//! crib's players at a [`DealTable`]: what a seat throws and plays, as crib advises (`crib
//! discard` and `crib play` with their defaults) or as a beginner would (greedy). Also the
//! advice itself, valued, for a seat's decision, which `crib game` shows on `?` and `crib
//! review` grades against.

use crate::advice::discard::{
    CribModel, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crate::advice::for_game::ForGame;
use crate::advice::for_game::play::{BoardCard, Known, play_for_board};
use crate::advice::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
use crate::model::Models;
use crate::model::odds::Odds;
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::seat::Seat;
use crate::rules::sequence::Token;
use crate::rules::view::View;
use crate::search::players::greedy;
use crate::table::deal::DealTable;

/// How strong a player crib fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strength {
    /// crib's best: the discard with the play counted, the engine in the play.
    #[default]
    Expert,
    /// A beginner: keeps the four cards whose hand averages most (the crib and the play
    /// ignored), and plays the card that scores most now.
    Greedy,
}

impl Strength {
    /// The name used on the command line and in logs: `expert` or `greedy`.
    pub const fn name(self) -> &'static str {
        match self {
            Strength::Expert => "expert",
            Strength::Greedy => "greedy",
        }
    }
}

/// What `crib discard` advises for a seat at the table, with its defaults for the game (the
/// expert crib model with two players, the play counted), every choice valued, best first.
pub fn discard_advice(models: &Models, table: &DealTable, seat: Seat) -> Result<DiscardAdvice> {
    let players = table.game.players;
    let request = DiscardRequest {
        seat: Some(seat),
        ..DiscardRequest::new(
            &table.dealt[seat.index()],
            players,
            Role::of_seat(seat, players),
        )
    };
    advise_discard(models, &request)
}

/// What a seat throws.
pub fn choose_throw(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    strength: Strength,
) -> Vec<Card> {
    let advice = discard_advice_for(models, table, seat, strength);
    let choice = match strength {
        Strength::Expert => &advice.choices[0],
        Strength::Greedy => advice
            .choices
            .iter()
            .max_by(|a, b| a.hand_mean.total_cmp(&b.hand_mean))
            .expect("a deal has choices"),
    };
    choice.throw.clone()
}

fn discard_advice_for(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    strength: Strength,
) -> DiscardAdvice {
    let advice = match strength {
        Strength::Expert => discard_advice(models, table, seat),
        Strength::Greedy => {
            let players = table.game.players;
            let request = DiscardRequest {
                dealt: &table.dealt[seat.index()],
                players,
                role: Role::of_seat(seat, players),
                crib: CribModel::Uniform,
                play: PlayModel::None,
                need: None,
                seat: Some(seat),
            };
            advise_discard(models, &request)
        }
    };
    advice.expect("the table deals distinct cards with suits")
}

/// What the seat to play sees: its four cards, the cards nobody else can hold (its throw and
/// the starter), and the play so far.
pub(crate) struct Sight {
    /// The seat's four cards for the play.
    pub hand: Vec<Card>,
    /// Its throw and the starter.
    pub seen: Vec<Card>,
}

impl Sight {
    /// What seat `seat` sees at the table.
    pub fn of(table: &DealTable, seat: Seat) -> Sight {
        let mut seen = table.throws[seat.index()].clone().unwrap_or_default();
        seen.push(table.starter);
        Sight {
            hand: table.kept(seat),
            seen,
        }
    }
}

/// [`play_for_board`] at a deal under way: the seat to play's cards valued from what it has
/// seen and the scores at the table now (a game to 61 read as the last 61 holes of 121).
pub fn play_for_board_at(
    odds: &Odds,
    table: &DealTable,
    seat: Seat,
    by_points: &[Card],
) -> Vec<BoardCard> {
    let sight = Sight::of(table, seat);
    let view = View::<2>::new(&sight.hand, seat, &sight.seen, &table.tokens)
        .expect("the table is a legal position");
    let known = Known {
        starter: table.starter,
        thrown: table.throws[seat.index()].as_deref().unwrap_or(&[]),
    };
    let game = ForGame::at(table.game.target, &table.scores_now());
    play_for_board(odds, &view, &known, &game, by_points)
}

/// What `crib play` advises the seat to play (its default opponent model), every legal card
/// valued, best first.
pub fn play_advice(models: &Models, table: &DealTable, seat: Seat) -> Result<PlayAnswer> {
    let sight = Sight::of(table, seat);
    answer_play(
        models,
        &PlayQuestion {
            players: table.game.players,
            hand: &sight.hand,
            seat,
            seen: &sight.seen,
            tokens: &table.tokens,
            opponent: OpponentModel::Uniform,
        },
    )
}

/// What the seat to play plays: a card, or go when none fits.
pub fn choose_card(models: &Models, table: &DealTable, strength: Strength) -> Token {
    let Some(seat) = table.play_at().turn else {
        return Token::Go;
    };
    if table.legal().is_empty() {
        return Token::Go;
    }
    let card = match strength {
        Strength::Expert => play_advice(models, table, seat)
            .expect("the table is a legal position")
            .advice
            .options
            .first()
            .map(|o| o.card),
        Strength::Greedy => greedy_card(table, seat),
    };
    card.map_or(Token::Go, Token::Card)
}

/// Every seat throws what a player of `strength` throws.
pub fn throw_all(models: &Models, table: &mut DealTable, strength: Strength) {
    for seat in table.game.players.seats() {
        let throw = choose_throw(models, table, seat, strength);
        table
            .throw(seat, &throw)
            .expect("crib's players throw cards they hold");
    }
}

/// The rest of the play at `table`, every seat playing as a player of `strength`.
pub fn play_out(models: &Models, table: &mut DealTable, strength: Strength) {
    while table.play_at().turn.is_some() {
        let token = choose_card(models, table, strength);
        table.play(token).expect("crib's players play legally");
    }
}

fn greedy_card(table: &DealTable, seat: Seat) -> Option<Card> {
    let sight = Sight::of(table, seat);
    match table.game.players.count() {
        2 => greedy(&view::<2>(&sight, seat, table)),
        3 => greedy(&view::<3>(&sight, seat, table)),
        _ => greedy(&view::<4>(&sight, seat, table)),
    }
}

fn view<const N: usize>(sight: &Sight, seat: Seat, table: &DealTable) -> View<N> {
    View::new(&sight.hand, seat, &sight.seen, &table.tokens).expect("a legal position")
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
            for strength in [Strength::Expert, Strength::Greedy] {
                let game = Game::new(players, 121).unwrap();
                let mut table = DealTable::shuffle(game, 3, 1, vec![0; game.sides()]);
                throw_all(models, &mut table, strength);
                play_out(models, &mut table, strength);
                table.counted().unwrap();
            }
        }
        let table = DealTable::shuffle(Game::TWO, 3, 1, vec![0, 0]);
        let advice = discard_advice(models, &table, Seat::DEALER).unwrap();
        assert_eq!(
            choose_throw(models, &table, Seat::DEALER, Strength::Expert),
            advice.choices[0].throw
        );
    }
}
