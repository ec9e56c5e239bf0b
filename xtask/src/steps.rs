//! The steps of generating crib's tables, each from the tables before it, passed in: the expert
//! crib model, the hands its players keep, the pegging table (with the pairs of hands it is
//! made from), and the odds (with the deals they are solved from).

use std::time::Instant;

use crib::game::deals::{DealEvents, sample_deals};
use crib::game::deals_multi::{SeatEvents, kept_pools, sample_deals_multi};
use crib::game::odds::{DEALS, Odds, SEED, solve};
use crib::game::odds_multi::{DEALS3, DEALS4, Odds3, SEED3, SEED4, solve3, solve4};
use crib::model::Models;
use crib::model::expert::{self, Model};
use crib::model::kept::{self, KeptHands};
use crib::model::pegging::{self, Decisions, PegTable, PegValue};
use crib::model::pegging_multi::{self, POOL_SEED, POOL_SIZE, Pools};
use crib::rules::numbering::rank_hands;

use crate::samples::Outcomes;

/// Report progress on stderr, with the seconds since `start`.
fn say(start: Instant, what: &str) {
    eprintln!("  {what} ({:.1} s)", start.elapsed().as_secs_f64());
}

/// The expert crib model: iterated best response over every six-card deal.
pub fn expert_model(start: Instant) -> Model {
    eprintln!("expert crib model: iterated best response over 20,358,520 deals");
    expert::generate(|round, change, averaged| {
        say(
            start,
            &format!(
                "round {round}: largest change {change:.6}{}",
                if averaged { ", averaged" } else { "" }
            ),
        );
    })
}

/// The hands the model's players keep.
pub fn kept_hands(start: Instant, model: &Model) -> KeptHands {
    eprintln!("kept hands: every deal thrown by the model's tables");
    let kept = kept::tally(&model.state.tables);
    say(start, "tallied");
    kept
}

/// The pegging table, and the outcomes of the pairs of hands it is aggregated from.
pub fn pegging_table(start: Instant, kept: &KeptHands) -> (PegTable, Outcomes) {
    eprintln!("pegging table: crib's engine on both sides, every pair of hands");
    let hands = rank_hands();
    let decisions = Decisions::new(kept);
    let outcomes = pegging::outcomes(&hands, &decisions);
    say(start, "played out");
    let mut table = pegging::aggregate(kept, &hands, &outcomes);
    table.leads = pegging::leads(&decisions, &hands);
    (table, outcomes)
}

/// The odds, and the deals they are solved from.
pub fn odds(start: Instant, models: &Models) -> (Odds, Vec<DealEvents>) {
    eprintln!("odds: {DEALS} deals of the stream {SEED} played by crib's players");
    let deals = sample_deals(models, SEED, DEALS);
    say(start, "dealt");
    let odds = solve(&deals);
    say(start, "solved");
    (odds, deals)
}

/// The odds of three players and of two partnerships, and the deals they are solved from.
pub fn odds_multi(start: Instant) -> ((Odds3, Vec<SeatEvents>), (Odds, Vec<SeatEvents>)) {
    eprintln!("odds of three: {DEALS3} deals of the stream {SEED3} played by crib's players");
    let deals3 = sample_deals_multi::<3>(SEED3, DEALS3);
    say(start, "dealt");
    let odds3 = solve3(&deals3);
    say(start, "solved");
    eprintln!("odds of four: {DEALS4} deals of the stream {SEED4} played by crib's players");
    let deals4 = sample_deals_multi::<4>(SEED4, DEALS4);
    say(start, "dealt");
    let odds4 = solve4(&deals4);
    say(start, "solved");
    ((odds3, deals3), (odds4, deals4))
}

/// The pegging tables of three and four players, by seat, then by hand, and the pools of kept
/// hands they draw the other seats' hands from (three players', then four's).
pub fn pegging_multi(start: Instant) -> (Vec<Vec<PegValue>>, Vec<Vec<PegValue>>, [Pools; 2]) {
    eprintln!("pegging tables of three and four players: every hand in every seat");
    let pools3 = kept_pools::<3>(POOL_SEED, POOL_SIZE);
    let pools4 = kept_pools::<4>(POOL_SEED, POOL_SIZE);
    say(start, "kept hands pooled");
    let three = pegging_multi::generate::<3>(&pools3);
    say(start, "three players");
    let four = pegging_multi::generate::<4>(&pools4);
    say(start, "four players");
    (three, four, [pools3, pools4])
}
