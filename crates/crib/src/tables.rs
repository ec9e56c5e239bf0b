//! The door for `xtask`: what the generators of the committed tables, the slow tier and the
//! experiments (and the library's own slow tests and benches) need of the library's inside:
//! the layers as they are, and a few readers of them. None of it is API: it changes with the
//! generators. Front ends use the curated root.

#[path = "advice/mod.rs"]
pub mod advice;
#[path = "exact/mod.rs"]
pub mod exact;
#[path = "model/mod.rs"]
pub mod model;
#[path = "players/mod.rs"]
pub mod players;
#[path = "rules/mod.rs"]
pub mod rules;
#[path = "search/mod.rs"]
pub mod search;
#[path = "state/mod.rs"]
pub mod state;

use crate::advice::discard::{Role, Split};
use crate::advice::for_game::ForGame;
use crate::advice::for_game::discard::{WinChance, two};
use crate::advice::for_game::stake;
use crate::model::odds::{Odds, Outlook};
use crate::model::opponents::OpponentDeal;
use crate::rules::card::Card;

/// The odds of two sides `odds` read as the dealer's chance at every position, by the dealer's
/// score times 121 plus the pone's (empty for three players).
pub fn wins(odds: &Odds) -> Vec<f64> {
    odds.two_sides()
        .map(|sides| sides.wins())
        .unwrap_or_default()
}

/// The discard for the game of two players, each of `choices` (of the cards `dealt`, in `role`)
/// weighed at `at` against a `pool` of the other side's deals in the order given, from the
/// odds of two players `odds` (none for other odds).
pub fn endgame_against<'a>(
    pool: impl Iterator<Item = &'a OpponentDeal>,
    odds: &Odds,
    dealt: &[Card],
    choices: &[Split],
    role: Role,
    at: &ForGame,
) -> Vec<WinChance> {
    match odds.two_sides() {
        Some(sides) => two::endgame_against(pool, sides, dealt, choices, role, at),
        None => Vec::new(),
    }
}

/// The chance of winning a match of two players needing `yours` games to the other's
/// `theirs`, a new game of `target` about to start with you dealing or not, from the odds of two
/// players `odds` (0 for other odds).
pub fn match_chance(odds: &Odds, target: u32, yours: u32, theirs: u32, you_deal: bool) -> f64 {
    odds.two_sides().map_or(0.0, |sides| {
        stake::match_chance(sides, target, yours, theirs, you_deal)
    })
}

/// The dealer's outlook from the odds of two sides `odds` with these scores by seat (the pone's,
/// the dealer's) on the board of the game to 121 (nothing for three players).
pub fn dealer_outlook(odds: &Odds, scores: [u32; 2]) -> Outlook {
    odds.two_sides()
        .map(|sides| sides.get(scores))
        .unwrap_or_default()
}

/// Three players' chances from `odds` by seat (seat 1's, seat 2's, the dealer's) at these scores
/// on the board of the game to 121 (nothing for two sides).
pub fn chances3(odds: &Odds, scores: [u32; 3]) -> [f64; 3] {
    odds.three(scores).unwrap_or_default()
}

/// Odds of two sides from every position's outlook, by the dealer's side's score then the
/// other side's: as `xtask`'s solvers make them.
pub fn odds_from_sides(
    players: crate::rules::seat::Players,
    table: Vec<[crate::model::odds::Outlook; crate::model::odds::SCORES]>,
) -> Odds {
    Odds::from_sides(players, table)
}

/// What `seat` at `table` sees with two players, and how crib's strongest player weighs the
/// other player's hands there (what players keep, and how they have played, by the reading
/// model): what `xtask`'s rollout experiments start from.
pub fn reading_view<'a>(
    models: &'a crate::model::Models,
    table: &crate::state::deal::DealTable,
    seat: crate::rules::seat::Seat,
) -> crate::Result<(
    crate::rules::view::View<2>,
    crate::search::engine::HandWeights<'a>,
)> {
    let view = crate::players::seen::Seen::of(table, seat).view::<2>()?;
    let weighting = crate::advice::play::OpponentModel::Reading.weighting(models);
    Ok((view, weighting))
}

/// What `seen` sees of the play with two players, as a view of it.
pub fn seen_view(seen: &crate::players::seen::Seen) -> crate::Result<crate::rules::view::View<2>> {
    seen.view::<2>()
}

/// The number that names `seen`'s position, whatever the order its cards are given in: what
/// crib's players that draw (the random level, the levels that err as people do) draw by.
pub fn seen_key(seen: &crate::players::seen::Seen) -> u64 {
    seen.key()
}

/// How `opponent` weighs the other players' hands, from `models`: what the searches take.
pub fn weighting(
    models: &crate::model::Models,
    opponent: crate::advice::play::OpponentModel,
) -> crate::search::engine::HandWeights<'_> {
    opponent.weighting(models)
}

/// The hands each seat of three or four players keeps from the five dealt, by seat, as
/// `models` hold them (none with two players).
pub fn kept_five(
    models: &crate::model::Models,
    players: crate::rules::seat::Players,
) -> &[Vec<u64>] {
    models.kept_five(players)
}

/// Whether the crib counts for `seat`'s side: the dealer's (with four players, the dealer's
/// partner's too).
pub fn owns_crib(players: crate::rules::seat::Players, seat: crate::rules::seat::Seat) -> bool {
    players.owns_crib(seat)
}

/// Whether the crib counts for the side of a player in `role`.
pub fn role_owns_crib(role: Role) -> bool {
    role.owns_crib()
}

/// What `seat` at `table` saw when it threw: its cards as dealt and the scores before the
/// deal, whatever has happened since.
pub fn before_throw(
    table: &crate::state::deal::DealTable,
    seat: crate::rules::seat::Seat,
) -> crate::players::seen::Seen {
    crate::players::seen::Seen::before_throw(table, seat)
}

/// The players of a table of `N`, for code generic over the number of players.
pub const fn players_of<const N: usize>() -> crate::rules::seat::Players {
    crate::rules::seat::Players::of::<N>()
}

/// The skunk, if any, of a loser who ended on `score` in `game`.
pub const fn skunk(
    game: crate::rules::board::Game,
    score: u32,
) -> Option<crate::rules::board::Skunk> {
    game.skunk(score)
}

/// The committed pegging table of `players`, read anew (what `Models` holds).
pub fn peg_table(players: crate::rules::seat::Players) -> crate::model::pegging::PegTable {
    crate::model::pegging::PegTable::committed(players)
}

/// The card with its rank alone, as a play written by ranks gives it.
pub const fn without_suit(card: Card) -> Card {
    card.without_suit()
}
