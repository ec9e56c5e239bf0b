//! The steps of generating crib's tables, each from the tables before it, passed in: the expert
//! crib model, the hands its players keep, the pegging table (with the pairs of hands it is
//! made from), and the odds (with the deals they are solved from).

use std::time::Instant;

use rayon::prelude::*;

use crib::game::deals::{DealEvents, play_deal};
use crib::game::deals_multi::{SeatEvents, kept_pools, play_deal_multi};
use crib::game::odds::{Odds, SEED, solve};
use crib::game::odds_multi::{Odds3, SEED3, SEED4, solve3, solve4};
use crib::game::opponents::{Opponent, POOL_DEALS};
use crib::model::Models;
use crib::model::expert::{self, Model};
use crib::model::expert_multi::MultiModel;
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

/// The deals numbered `numbers` of the odds' stream, played by crib's players with `models`,
/// on every core.
pub fn odds_deals(models: &Models, numbers: &[u64]) -> Vec<DealEvents> {
    let decisions = Decisions::with_leads(&models.kept, &models.pegging);
    numbers
        .par_iter()
        .map(|&deal| play_deal(models, &decisions, SEED, deal))
        .collect()
}

/// The deals numbered `numbers` of the stream of `N` players' odds (3 or 4), on every core.
pub fn multi_deals<const N: usize>(numbers: &[u64]) -> Vec<SeatEvents> {
    let seed = if N == 3 { SEED3 } else { SEED4 };
    numbers
        .par_iter()
        .map(|&deal| play_deal_multi::<N>(seed, deal))
        .collect()
}

/// The odds solved from their deals.
pub fn odds(start: Instant, deals: &[DealEvents]) -> Odds {
    let odds = solve(deals);
    say(start, "solved");
    odds
}

/// The odds of three players and of two partnerships, solved from their deals.
pub fn odds_multi(start: Instant, deals3: &[SeatEvents], deals4: &[SeatEvents]) -> (Odds3, Odds) {
    let odds3 = solve3(deals3);
    say(start, "three players solved");
    let odds4 = solve4(deals4);
    say(start, "partnerships solved");
    (odds3, odds4)
}

/// The pegging tables of three and four players, by seat, then by hand, and the pools of kept
/// hands they draw the other seats' hands from (three players', then four's).
pub fn pegging_multi_pools(start: Instant) -> [Pools; 2] {
    eprintln!("pegging tables of three and four players: every hand in every seat");
    let pools = [
        kept_pools::<3>(POOL_SEED, POOL_SIZE),
        kept_pools::<4>(POOL_SEED, POOL_SIZE),
    ];
    say(start, "kept hands pooled");
    pools
}

/// The entries of the pegging tables of three and four players numbered `numbers` (in
/// [`pegging_multi::entries`]), played out by crib's engine, the others holding hands from
/// `pools`.
pub fn pegging_multi_entries(start: Instant, numbers: &[u64], pools: &[Pools; 2]) -> Vec<PegValue> {
    let values = pegging_multi::compute_some(numbers, pools);
    say(start, &format!("{} entries played out", numbers.len()));
    values
}

/// The deals and keeps an end-game discard is weighed against, for the pone and the dealer.
pub fn opponents(start: Instant, models: &Models) -> [Vec<Opponent>; 2] {
    eprintln!("opponents: {POOL_DEALS} six-card deals for each role, kept by crib's player");
    let pool = crib::game::opponents::generate(models, POOL_DEALS);
    say(start, "kept");
    pool
}

/// The play of every pair of two-player hands by crib's engine: each side's order of cards.
pub fn plays(start: Instant, models: &Models) -> Vec<u16> {
    eprintln!("plays: every pair of two-player hands played out by crib's engine");
    let decisions = Decisions::with_leads(&models.kept, &models.pegging);
    let plays = crib::model::plays::generate(&decisions);
    say(start, "played out");
    plays
}

/// The expert crib model of `players` (3 or 4): iterated best response over five-card deals.
pub fn expert_multi(start: Instant, players: usize) -> MultiModel {
    eprintln!("expert crib model, {players} players: iterated best response");
    crib::model::expert_multi::generate(players, |round, change| {
        if round % 10 == 0 || change <= crib::model::expert_multi::TOLERANCE {
            say(start, &format!("round {round}: largest change {change:.6}"));
        }
    })
}
