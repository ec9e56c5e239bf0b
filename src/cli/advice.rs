//! crib's advice at a moment of a deal, as `crib discard` and `crib play` print it: on the board
//! where crib's strongest player weighs it (with two players, within reach of the end), else
//! for points. `?` in `crib game` shows it, and a drill after each answer.

use crib::discard::{DiscardRequest, Role};
use crib::game::DealTable;
use crib::play::OpponentModel;
use crib::{Card, ForGame, Players, Position, Seat};

use crate::cli::{discard, play};

/// What `crib discard` says of `seat`'s throw at `table` (before it), its best `top` choices.
pub fn throw_report(table: &DealTable, seat: Seat, top: usize) -> anyhow::Result<discard::Report> {
    let dealt = &table.dealt[seat.index()];
    let players = table.game.players;
    let request = DiscardRequest {
        seat: Some(seat),
        ..DiscardRequest::new(dealt, players, Role::of_seat(seat, players))
    };
    // crib's strongest throws for the board with two players only.
    let asked = match players {
        Players::TWO => for_game(table, seat)?,
        _ => None,
    };
    discard::Report::of(&request, asked, top)
}

/// The board for `crib play` (and with two players `crib discard`): the scores now (with two
/// players the seat's first; with three each player's in seat order; with four each
/// partnership's, seats 1 and 3 first), the game's hole and, in a match of two players, the
/// games each still needs, so that `?` ranks the choices by the chance of winning as crib's
/// strongest player does. `None` once a side has reached the hole.
fn for_game(table: &DealTable, seat: Seat) -> anyhow::Result<Option<discard::Asked>> {
    let game = table.game;
    let mut scores = table.scores_now();
    if scores.iter().any(|&s| s >= game.target) {
        return Ok(None);
    }
    let mut at = ForGame::new(Position::new(game, &scores, seat)?);
    // crib's strongest weighs the board only once it is in reach; `?` shows what `best` plays.
    if !at.in_reach() {
        return Ok(None);
    }
    let mut match_need = None;
    if game.players == Players::TWO {
        scores = vec![scores[seat.index()], scores[seat.other().index()]];
        // In a match of two players, crib's strongest weighs the match.
        if let Some(need) = &table.need {
            let need = [need[seat.index()], need[seat.other().index()]];
            at = at.in_match(need)?;
            match_need = Some(need);
        }
    }
    Ok(Some(discard::Asked {
        scores,
        match_need,
        at,
    }))
}

/// What `crib play` says of this seat's card at `table`: its table, on the board.
pub fn play_report(table: &DealTable, seat: Seat) -> anyhow::Result<play::Report> {
    let asked = for_game(table, seat)?;
    let thrown: Vec<Card> = table.throws[seat.index()]
        .iter()
        .flatten()
        .copied()
        .collect();
    let tokens = &table.tokens;
    let sequence: Vec<String> = tokens.iter().map(ToString::to_string).collect();
    play::Report::of(
        &play::Asked {
            players: table.game.players,
            hand: &table.kept(seat),
            seat,
            starter: Some(table.starter),
            thrown: &thrown,
            tokens,
            // The others' hidden cards weighed as crib's strongest player weighs them.
            opponent: OpponentModel::strongest(table.game.players),
            at: asked.map(|a| play::board::At {
                scores: a.scores,
                target: table.game.target,
                match_need: a.match_need,
            }),
        },
        &sequence,
    )
}
