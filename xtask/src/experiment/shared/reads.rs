//! What crib's strongest reads of the other player's hand at a table with two players, and the
//! cards valued by the library's rollouts over it: what the rollout experiment's truths start
//! from.

use crib::tables::model::Models;
use crib::tables::reading_view;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::search::engine::weighed_holdings;
use crib::tables::search::rollout::{Continuation, rollout_values};
use crib::tables::state::deal::DealTable;

/// The hands the other player of two could hold now, as crib's strongest player in `seat` at
/// `table` weighs them (what players keep, and how they have played, by the reading model):
/// each by its ranks (how many of each, by rank number 1 to 13) and its weight, not normalised.
pub fn read_holdings(
    models: &Models,
    table: &DealTable,
    seat: Seat,
) -> crib::Result<Vec<([u8; 14], f64)>> {
    let (view, weighting) = reading_view(models, table, seat)?;
    let (holdings, weights) = weighed_holdings(&view, weighting);
    Ok(holdings.iter().map(|h| h.ranks).zip(weights).collect())
}

/// Each card `seat` at `table` could play with two players (one of each rank), valued by the
/// library's rollouts: the rest of the play out on every holding of the other player's,
/// weighed as strongest reads them, both players then playing as the reading model's player
/// (`reading`, as strongest answers the lead as dealer) or as reply-aware players, neither
/// seeing the other's cards. The net of each, in the order of the legal cards (`truth read`
/// and `truth light`).
pub fn library_rollouts(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    reading: bool,
) -> crib::Result<Vec<(Card, f64)>> {
    let (view, weighting) = reading_view(models, table, seat)?;
    let continuation = if reading {
        Continuation::Reading(crib::tables::model::reading::committed())
    } else {
        Continuation::ReplyAware
    };
    Ok(rollout_values(&view, weighting, continuation))
}
