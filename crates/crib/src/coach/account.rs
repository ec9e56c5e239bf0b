//! The coach's account of a graded game: a player's accuracy, and each deal's change in the
//! chance of winning split into luck and the players' decisions.
//!
//! - **Accuracy** is the mean over a player's decisions of `100 e^(-cost / ACCURACY_SCALE)`: 100%
//!   for a decision that costs nothing, 90% for one that costs 0.2% of the game, 61% for one
//!   that costs 1%, 37% for one that costs 2%.
//! - **Luck and skill**: a game's result (1 won, 0 lost) less the chance at its start is the sum
//!   of the changes deal by deal of the chance at each deal's start (read from the odds). Each
//!   deal's change is your decisions' cost (taken away), the other players' (what their costs
//!   give your side: an opponent's all of it, a partner's taken away, with three players half
//!   of each other's), and luck: the rest, the cards you and the others were dealt, the starter
//!   and the cards as they fell, against what crib's players expect of them. The three add up
//!   to the result by construction.

use crate::coach::grade::Decision;
use crate::model::odds::Odds;
use crate::rules::board::Game;
use crate::rules::error::Result;
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};
use crate::state::deal::DealTable;
use crate::state::session::Match;

/// The cost in the chance of winning at which a decision's accuracy is 1/e (37%).
pub const ACCURACY_SCALE: f64 = 0.02;

/// The chance of winning `seat`'s side has at the start of a deal with `scores` by side (seat
/// 1 leads, the dealer is last), from the committed odds; 1 or 0 once a side has reached the
/// hole.
pub fn chance(game: Game, scores: &[u32], seat: Seat) -> Result<f64> {
    let side = game.side(seat).index();
    if let Some(winner) = scores.iter().position(|&s| s >= game.target) {
        return Ok(if winner == side { 1.0 } else { 0.0 });
    }
    Ok(Odds::committed(game.players).win(&Position::new(game, scores, seat)?))
}

/// What one point is worth to `seat`'s side in the chance of winning at the start of a deal
/// with `scores`: half the gain from one point more to one point less (one point more alone at
/// 0, and never counted past the hole).
pub(crate) fn point_value(game: Game, scores: &[u32], seat: Seat) -> Result<f64> {
    let side = game.side(seat).index();
    let mut up = scores.to_vec();
    up[side] = (up[side] + 1).min(game.target - 1);
    let mut down = scores.to_vec();
    down[side] = down[side].saturating_sub(1);
    let steps = f64::from(up[side] - down[side]).max(1.0);
    Ok(((chance(game, &up, seat)? - chance(game, &down, seat)?) / steps).max(0.0))
}

/// The chance of winning `decision` cost: its own where it was weighed for the board, else its
/// points at `point` (what a point is worth then). Never negative.
pub(crate) fn loss(decision: &Decision, point: f64) -> f64 {
    match decision.cost_p_win {
        Some(p) => p.max(0.0),
        None => decision.cost.max(0.0) * point,
    }
}

/// A player's accuracy over the chances of winning its decisions cost: the mean of
/// `100 e^(-cost / ACCURACY_SCALE)`; `None` without decisions.
pub fn accuracy(losses: &[f64]) -> Option<f64> {
    if losses.is_empty() {
        return None;
    }
    let sum: f64 = losses
        .iter()
        .map(|&l| 100.0 * (-l.max(0.0) / ACCURACY_SCALE).exp())
        .sum();
    Some(sum / losses.len() as f64)
}

/// One deal's change in a player's chance of winning, split: `after - before` is exactly
/// `luck - yours + others`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Swing {
    /// The chance at the deal's start.
    pub before: f64,
    /// The chance at the next deal's start (1 or 0 at the game's end).
    pub after: f64,
    /// What your decisions cost (your side's, with four players, yours alone).
    pub yours: f64,
    /// What the other players' decisions gave your side.
    pub others: f64,
    /// The rest: the cards as they fell, against what crib's players expect of them.
    pub luck: f64,
}

impl Swing {
    /// The deal from `before` to `after`, with your decisions' cost and the others' gift: luck
    /// is what they leave.
    pub(crate) fn new(before: f64, after: f64, yours: f64, others: f64) -> Swing {
        Swing {
            before,
            after,
            yours,
            others,
            luck: after - before + yours - others,
        }
    }
}

/// One game of a review, as the coach accounts for it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameAccount {
    /// The game, from 1.
    pub game: u32,
    /// Each player's accuracy in it, by player (`None` for a player with no decision graded).
    pub accuracy: Vec<Option<f64>>,
    /// The reviewed player's deals: the deal's number in the whole record (from 1), and its
    /// swing.
    pub deals: Vec<(usize, Swing)>,
    /// Whether the reviewed player's side won it; `None` when the record ends before its end.
    pub won: Option<bool>,
}

impl GameAccount {
    /// The chance at the game's start.
    pub fn start(&self) -> f64 {
        self.deals.first().map_or(0.0, |(_, s)| s.before)
    }

    /// The chance at the end of its last deal: 1 or 0 once it is over.
    pub fn end(&self) -> f64 {
        self.deals.last().map_or(0.0, |(_, s)| s.after)
    }

    /// The sums of the deals' parts: luck, your decisions' cost, the others' gift. Luck less
    /// yours plus the others' is the game's result, `end() - start()`.
    pub fn totals(&self) -> (f64, f64, f64) {
        self.deals
            .iter()
            .fold((0.0, 0.0, 0.0), |(l, y, o), (_, s)| {
                (l + s.luck, y + s.yours, o + s.others)
            })
    }
}

/// A deal played and graded: the match before it, the deal, and every seat's decisions graded
/// ([`crate::coach::grade::grade`]), by seat.
pub type Graded<'a> = (&'a Match, &'a DealTable, &'a [Vec<Decision>]);

/// The chance of winning `seat`'s decisions cost, each at what a point was worth to it at the
/// deal's start where the board was not weighed.
pub fn losses(table: &DealTable, seat: Seat, decisions: &[Decision]) -> Result<Vec<f64>> {
    let point = point_value(table.game, &table.start, seat)?;
    Ok(decisions.iter().map(|d| loss(d, point)).collect())
}

/// Each game's account for player `who` (from 0 round the table), from a record of deals in
/// order and the match `after` the last: every player's accuracy a game, and `who`'s chance
/// deal by deal split into luck, its decisions and the others'.
pub fn account(deals: &[Graded], after: &Match, who: usize) -> Result<Vec<GameAccount>> {
    let mut accounts: Vec<GameAccount> = Vec::new();
    let players = after.game.players.count();
    let mut by_player: Vec<Vec<f64>> = vec![Vec::new(); players];
    for (i, &(before, table, by_seat)) in deals.iter().enumerate() {
        let game = table.game;
        let number = before.games_played + 1;
        if accounts.last().is_none_or(|a| a.game != number) {
            close(accounts.last_mut(), &mut by_player);
            accounts.push(GameAccount {
                game: number,
                accuracy: Vec::new(),
                deals: Vec::new(),
                won: None,
            });
        }
        let seat = before.seat_of(who);
        let (mut yours, mut others) = (0.0, 0.0);
        for (s, decisions) in by_seat.iter().enumerate() {
            let other = Seat::new(s);
            let lost = losses(table, other, decisions)?;
            by_player[before.player_at(other)].extend(&lost);
            let sum: f64 = lost.iter().sum();
            if other == seat {
                yours = sum;
            } else {
                others += share_of_others(game.players, seat, other) * sum;
            }
        }
        let start = chance(game, &table.start, seat)?;
        // Whether the deal ended the game, and who won it, as the match went on after it: the
        // counts as claimed, muggins and all, not the cards alone.
        let next = deals.get(i + 1).map_or(after, |&(next, _, _)| next);
        let side = if game.players == Players::FOUR {
            who % 2
        } else {
            who
        };
        let (end, won) = match deals.get(i + 1) {
            _ if next.games_played > before.games_played => {
                let won = next.won[side] > before.won[side];
                (if won { 1.0 } else { 0.0 }, Some(won))
            }
            Some(&(next, next_table, _)) => {
                (chance(game, &next_table.start, next.seat_of(who))?, None)
            }
            None => (
                chance(game, &after.board_scores(), after.seat_of(who))?,
                None,
            ),
        };
        let account = accounts.last_mut().expect("a game was opened");
        account
            .deals
            .push((i + 1, Swing::new(start, end, yours, others)));
        account.won = won;
    }
    close(accounts.last_mut(), &mut by_player);
    Ok(accounts)
}

/// A game's accuracy by player, from the losses gathered over its deals (emptied for the next
/// game).
fn close(account: Option<&mut GameAccount>, by_player: &mut [Vec<f64>]) {
    if let Some(account) = account {
        account.accuracy = by_player
            .iter_mut()
            .map(|losses| accuracy(&std::mem::take(losses)))
            .collect();
    }
}

/// How much of another player's cost goes to `you`'s side: all of an opponent's, none but
/// taken away of a partner's, half of either other's with three players.
pub fn share_of_others(players: Players, you: Seat, other: Seat) -> f64 {
    match players.count() {
        3 => 0.5,
        4 if you.index() % 2 == other.index() % 2 => -1.0,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 100% for nothing lost; 1/e of it at the scale; the mean over decisions.
    #[test]
    fn accuracy_by_hand() {
        assert_eq!(accuracy(&[]), None);
        assert_eq!(accuracy(&[0.0, 0.0]), Some(100.0));
        let one = accuracy(&[ACCURACY_SCALE]).unwrap();
        assert!((accuracy(&[0.01]).unwrap() - 60.65).abs() < 0.01);
        assert!((one - 100.0 / std::f64::consts::E).abs() < 1e-9);
        let two = accuracy(&[0.0, ACCURACY_SCALE]).unwrap();
        assert!((two - (100.0 + one) / 2.0).abs() < 1e-9);
    }

    /// The swing adds up; the odds are 1 and 0 at the hole, and a point is worth more near the
    /// end of a close game than at its start.
    #[test]
    fn swings_add_up() {
        let swing = Swing::new(0.5, 1.0, 0.03, 0.01);
        assert!(
            (swing.luck - swing.yours + swing.others - (swing.after - swing.before)).abs() < 1e-12
        );
        let game = Game::TWO;
        assert_eq!(chance(game, &[121, 100], Seat::PONE).unwrap(), 1.0);
        assert_eq!(chance(game, &[121, 100], Seat::DEALER).unwrap(), 0.0);
        let early = point_value(game, &[0, 0], Seat::PONE).unwrap();
        let late = point_value(game, &[110, 110], Seat::PONE).unwrap();
        assert!(early > 0.0 && late > early, "{early} {late}");
        let start = chance(game, &[0, 0], Seat::DEALER).unwrap();
        assert!(start > 0.5 && start < 0.6, "{start}");
    }

    #[test]
    fn others_share() {
        assert_eq!(share_of_others(Players::TWO, Seat::PONE, Seat::DEALER), 1.0);
        assert_eq!(
            share_of_others(Players::THREE, Seat::PONE, Seat::new(2)),
            0.5
        );
        assert_eq!(
            share_of_others(Players::FOUR, Seat::PONE, Seat::new(2)),
            -1.0
        );
        assert_eq!(
            share_of_others(Players::FOUR, Seat::PONE, Seat::new(3)),
            1.0
        );
    }
}
