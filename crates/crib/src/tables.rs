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
#[path = "rules/mod.rs"]
pub mod rules;
#[path = "search/mod.rs"]
pub mod search;
#[path = "table/mod.rs"]
pub mod table;

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

/// What `seat` at `table` sees with two players, and how crib's strongest player weighs the
/// other player's hands (what players keep, and how they have played): what the doors below
/// for `xtask` start from.
fn read_view<'a>(
    models: &'a crate::model::Models,
    table: &crate::table::deal::DealTable,
    seat: crate::rules::seat::Seat,
) -> crate::Result<(
    crate::rules::view::View<2>,
    crate::search::engine::HandWeights<'a>,
)> {
    let view = crate::table::levels::Seen::of(table, seat).view::<2>()?;
    let weighting = crate::advice::play::OpponentModel::Reading.weighting(models);
    Ok((view, weighting))
}

/// The hands the other player of two could hold now, as crib's strongest player in `seat` at
/// `table` weighs them (what players keep, and how they have played, by the reading model):
/// each by its ranks (how many of each, by rank number 1 to 13) and its weight, not
/// normalised.
pub fn read_holdings(
    models: &crate::model::Models,
    table: &crate::table::deal::DealTable,
    seat: crate::rules::seat::Seat,
) -> crate::Result<Vec<([u8; 14], f64)>> {
    let (view, weighting) = read_view(models, table, seat)?;
    let (holdings, weights) = crate::search::engine::weighed_holdings(&view, weighting);
    Ok(holdings.iter().map(|h| h.ranks).zip(weights).collect())
}

/// Each card `seat` at `table` could play with two players (one of each rank), valued by
/// rollouts fast enough to play by: the rest of the play out on every holding of the other
/// player's, weighed as strongest reads them, both players then playing as the reading model's
/// player (`reading`, as strongest answers the lead as dealer) or as reply-aware players,
/// neither seeing the other's cards. The net of each, in the order of the legal cards. For
/// `xtask`'s rollout experiment (`truth read` and `truth light`).
pub fn rollout_values(
    models: &crate::model::Models,
    table: &crate::table::deal::DealTable,
    seat: crate::rules::seat::Seat,
    reading: bool,
) -> crate::Result<Vec<(Card, f64)>> {
    use crate::search::rollout::Continuation;
    let (view, weighting) = read_view(models, table, seat)?;
    let continuation = if reading {
        Continuation::Reading(crate::model::reading::committed())
    } else {
        Continuation::ReplyAware
    };
    Ok(crate::search::rollout::rollout_values(
        &view,
        weighting,
        continuation,
    ))
}

/// Each card the pone at `table` could play at its later cards with two players (one of each
/// rank, in the order of the legal cards), valued by rollouts against 96 hands the dealer could
/// hold, drawn as crib's strongest reads them, `strongest` then playing on in the pone's seat
/// and the expert in the dealer's (tried as strongest's later cards, not kept). `None` where
/// `seat` is not the pone at a later card with a choice. For `xtask`'s rollout experiment
/// (`truth played`).
pub fn played_out_values(
    models: &crate::model::Models,
    table: &crate::table::deal::DealTable,
    seat: crate::rules::seat::Seat,
) -> crate::Result<Option<Vec<(Card, f64)>>> {
    use crate::table::levels::{Level, Seen};
    use crate::table::played_out::{is_later_card, played_out_values};
    let seen = Seen::of(table, seat);
    if !is_later_card(&seen)? {
        return Ok(None);
    }
    let (_, weighting) = read_view(models, table, seat)?;
    let play_on = |at: &Seen| match at.seat == seat {
        true => Level::Strongest.play(models, at),
        false => Level::Expert.play(models, at),
    };
    played_out_values(&seen, weighting, &play_on)
}

/// Each card `seat` at `table` could play with two players (one of each rank), valued by the
/// search that respects hidden information ([`crate::search::informed`]): the other player's
/// hands weighed as strongest reads them, the seat's own next `depth` cards chosen without
/// seeing them, and the other player's answers read by crib's reading model. The net of each,
/// best first.
pub fn blind_values(
    models: &crate::model::Models,
    table: &crate::table::deal::DealTable,
    seat: crate::rules::seat::Seat,
    depth: u8,
) -> crate::Result<Vec<(Card, f64)>> {
    use crate::search::informed::{Replies, advise_informed};
    let (view, weighting) = read_view(models, table, seat)?;
    let replies = Replies::Read(crate::model::reading::committed());
    let advice = advise_informed(&view, weighting, depth, replies);
    Ok(advice
        .options
        .iter()
        .map(|o| (o.card, o.mine - o.theirs))
        .collect())
}
