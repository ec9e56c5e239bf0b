//! The steps of generating crib's tables, each from the tables before it, passed in: the expert
//! crib model, the hands its players keep, the pegging table (with the pairs of hands it is
//! made from), the plays and the opponents a discard for the game is weighed with, the odds of
//! players for the board (with the deals they are solved from), and the tables of three and
//! four players.

use std::time::Instant;

use rayon::prelude::*;

use crate::generate::odds::solve;
use crate::generate::odds_board::{
    BOARD_DEALS, BoardDeal, BoardOdds, WITNESS_DEALS, board_deals, solve_board, witness_positions,
};
use crate::generate::odds34::{Odds3, solve3, solve4};
use crate::generate::pegging::{self, Decisions};
use crate::selfplay::deals::{DealEvents, play_deal};
use crate::selfplay::deals34::{self, SeatEvents, kept_pools};
use crib::tables::model::Models;
use crib::tables::model::expert::Model;
use crib::tables::model::expert_one_card::OneCardModel;
use crib::tables::model::kept::KeptHands;
use crib::tables::model::odds::{Odds, SCORES, SEED, SEED3, SEED4};
use crib::tables::model::opponents::{OpponentDeal, POOL_DEALS};
use crib::tables::model::pegging::{PegTable, PegValue};
use crib::tables::rules::seat::Players;

use crate::generate::pegging_smooth::{self, Smoothed};
use crate::generate::pegging34::{self, POOL_SEED, POOL_SIZE, Pools};
use crib::tables::rules::numbering::rank_hands;

use crate::samples::{BoardSample, Outcomes};

/// Report progress on stderr, with the seconds since `start`.
fn say(start: Instant, what: &str) {
    eprintln!("  {what} ({:.1} s)", start.elapsed().as_secs_f64());
}

/// The expert crib model: iterated best response over every six-card deal.
pub fn expert_model(start: Instant) -> Model {
    eprintln!("expert crib model: iterated best response over 20,358,520 deals");
    crate::generate::expert::generate(|round, change, averaged| {
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
    let kept = crate::generate::kept::tally(&model.state.tables);
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
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    numbers
        .par_iter()
        .map(|&deal| play_deal(models, &decisions, SEED, deal))
        .collect()
}

/// The deals numbered `numbers` of the stream of `N` players' odds (3 or 4), on every core.
pub fn deals34<const N: usize>(numbers: &[u64]) -> Vec<SeatEvents> {
    let seed = if N == 3 { SEED3 } else { SEED4 };
    numbers
        .par_iter()
        .map(|&deal| deals34::play_deal::<N>(seed, deal))
        .collect()
}

/// The odds of players for the board, solved from the point players' `deals` and the first
/// [`BOARD_DEALS`] of them played again by players for the board at every position, with the
/// sample a test needs to check them.
pub fn odds(start: Instant, models: &Models, deals: &[DealEvents]) -> (BoardOdds, BoardSample) {
    eprintln!("odds: the first {BOARD_DEALS} deals played again by players for the board");
    let board = board_deals(models, BOARD_DEALS);
    say(start, "board deals prepared");
    let mut solved = 0;
    let odds = solve_board(deals, &board, |_, _| {
        solved += 1;
        if solved % (SCORES * SCORES / 10) == 0 {
            say(
                start,
                &format!(
                    "{}% of the positions solved",
                    solved * 100 / (SCORES * SCORES)
                ),
            );
        }
    });
    let decisions: usize = board.iter().map(BoardDeal::decisions).sum();
    say(
        start,
        &format!("solved; {decisions} decisions of the play weighed"),
    );
    let wins = crib::tables::wins(&odds.odds);
    let witness = (0..WITNESS_DEALS)
        .flat_map(|deal| {
            witness_positions()
                .into_iter()
                .map(move |(d, p)| (deal, d, p))
        })
        .map(|(deal, d, p)| {
            let events = board[deal as usize].events([p, d], &wins);
            (deal, d, p, DealEvents::new(events))
        })
        .collect();
    report(&odds, deals);
    let sample = BoardSample {
        deals: BOARD_DEALS,
        changes: odds.changes.clone(),
        witness,
    };
    (odds, sample)
}

/// What the board players' table says, against the point players' table from the same deals,
/// on stderr: the figures docs/models.md quotes.
fn report(board: &BoardOdds, deals: &[DealEvents]) {
    let points = solve(Players::TWO, deals);
    let mut moves: Vec<(f64, usize, usize)> = Vec::new();
    for d in 0..SCORES {
        for p in 0..SCORES {
            let change = board.odds.sides().expect("two sides")[d][p].win
                - points.sides().expect("two sides")[d][p].win;
            moves.push((change, d, p));
        }
    }
    let mean = moves.iter().map(|m| m.0.abs()).sum::<f64>() / moves.len() as f64;
    moves.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
    eprintln!(
        "  first dealer from 0-0: {:.4} for the board, {:.4} for points (change {:+.4} ± {:.4})",
        board.odds.sides().expect("two sides")[0][0].win,
        points.sides().expect("two sides")[0][0].win,
        board.odds.sides().expect("two sides")[0][0].win
            - points.sides().expect("two sides")[0][0].win,
        board.se[0][0]
    );
    eprintln!("  mean |change| over every position: {mean:.5}");
    let held: Vec<f64> = board
        .held
        .iter()
        .flatten()
        .copied()
        .filter(|&h| h != 0.0)
        .collect();
    eprintln!(
        "  held between its neighbours: {} positions, by {:.4} at most",
        held.len(),
        held.iter().fold(0.0f64, |m, h| m.max(h.abs()))
    );
    for &(change, d, p) in moves.iter().take(12) {
        eprintln!(
            "  {d}-{p}: {:.4} for the board, {:.4} for points ({change:+.4} ± {:.4}; {} of {BOARD_DEALS} deals changed)",
            board.odds.sides().expect("two sides")[d][p].win,
            points.sides().expect("two sides")[d][p].win,
            board.se[d][p],
            board.differed[d][p]
        );
    }
    let positions = [
        (0, 0),
        (60, 60),
        (90, 90),
        (100, 100),
        (110, 100),
        (100, 110),
        (110, 110),
        (115, 105),
        (105, 115),
        (115, 115),
        (118, 118),
        (115, 110),
        (110, 115),
    ];
    for (d, p) in positions {
        eprintln!(
            "  {d}-{p}: {:.4} for the board, {:.4} for points ({:+.4} ± {:.4}; {} of {BOARD_DEALS} deals changed)",
            board.odds.sides().expect("two sides")[d][p].win,
            points.sides().expect("two sides")[d][p].win,
            board.odds.sides().expect("two sides")[d][p].win
                - points.sides().expect("two sides")[d][p].win,
            board.se[d][p],
            board.differed[d][p]
        );
    }
}

/// The odds of three players and of two partnerships, solved from their deals.
pub fn odds34(start: Instant, deals3: &[SeatEvents], deals4: &[SeatEvents]) -> (Odds3, Odds) {
    let odds3 = solve3(deals3);
    say(start, "three players solved");
    let odds4 = solve4(deals4);
    say(start, "partnerships solved");
    (odds3, odds4)
}

/// The pegging tables of three and four players, by seat, then by hand, and the pools of kept
/// hands they draw the other seats' hands from (three players', then four's).
pub fn pegging34_pools(start: Instant) -> [Pools; 2] {
    eprintln!("pegging tables of three and four players: every hand in every seat");
    let pools = [
        kept_pools::<3>(POOL_SEED, POOL_SIZE),
        kept_pools::<4>(POOL_SEED, POOL_SIZE),
    ];
    say(start, "kept hands pooled");
    pools
}

/// The entries of the pegging tables of three and four players numbered `numbers` (in
/// [`pegging34::entries`]), played out by crib's engine, the others holding hands from
/// `pools`.
pub fn pegging34_entries(start: Instant, numbers: &[u64], pools: &[Pools; 2]) -> Vec<PegValue> {
    let values = pegging34::compute_some(numbers, pools);
    say(start, &format!("{} entries played out", numbers.len()));
    values
}

/// The pegging tables of three and four players with their noise pulled out
/// ([`mod@pegging_smooth`]), from the committed raw means and pools: three players', then four's.
pub fn pegging_smooth(start: Instant) -> [Smoothed; 2] {
    eprintln!("pegsmooth: the noise of the pegging tables of three and four players pulled out");
    let pools =
        crate::samples::decode_pools(&crate::committed(crate::files::POOLS), POOL_SIZE as usize);
    let [three, four] = pegging_smooth::committed_means();
    let smoothed = [
        pegging_smooth::smooth::<3>(&three, &pools[0]),
        pegging_smooth::smooth::<4>(&four, &pools[1]),
    ];
    for (players, table) in [3, 4].into_iter().zip(&smoothed) {
        for (seat, (noise, kept)) in table.noise.iter().zip(&table.kept).enumerate() {
            eprintln!(
                "  {players} players, seat {seat}: one deal's variance {:.2} (holder), {:.2} \
                 (rivals); share of the distance from the fit kept {:.2}, {:.2}",
                noise.mine, noise.theirs, kept[0], kept[1]
            );
        }
    }
    say(start, "smoothed");
    smoothed
}

/// The deals and keeps an end-game discard is weighed against, for the pone and the dealer.
pub fn opponents(start: Instant, models: &Models) -> [Vec<OpponentDeal>; 2] {
    eprintln!("opponents: {POOL_DEALS} six-card deals for each role, kept by crib's player");
    let pool = crate::generate::opponents::generate(models, POOL_DEALS);
    say(start, "kept");
    pool
}

/// The play of every pair of two-player hands by crib's engine: each side's order of cards.
pub fn plays(start: Instant, models: &Models) -> Vec<u16> {
    eprintln!("plays: every pair of two-player hands played out by crib's engine");
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    let plays = crate::generate::plays::generate(&decisions);
    say(start, "played out");
    plays
}

/// The expert crib model of `players` (3 or 4): iterated best response over five-card deals.
pub fn expert34(start: Instant, players: usize) -> OneCardModel {
    eprintln!("expert crib model, {players} players: iterated best response");
    crate::generate::expert34::generate(players, |round, change| {
        if round % 10 == 0 || change <= crate::generate::expert34::TOLERANCE {
            say(start, &format!("round {round}: largest change {change:.6}"));
        }
    })
}

/// The reading model: fitted to the decisions of the play crib's expert makes at both seats of
/// [`crate::generate::reading::DEALS`] deals of its own stream.
pub fn reading(start: Instant, models: &Models) -> crib::tables::search::reading::ReadingModel {
    use crate::generate::reading;
    use crib::tables::players::level::Level;
    eprintln!(
        "reading: crib's expert at both seats of {} deals, its decisions of the play",
        reading::DEALS
    );
    let decisions = reading::gather(
        models,
        [Level::Expert, Level::Expert],
        &[0, 1],
        reading::SEED,
        reading::DEALS,
    );
    say(
        start,
        &format!("{} decisions with a choice", decisions.len()),
    );
    let model = reading::fit(&decisions);
    say(
        start,
        &format!(
            "weights fitted: log-loss {:.4} nats a decision, uniform {:.4}",
            reading::log_loss(&model, &decisions),
            reading::log_loss(
                &crib::tables::search::reading::ReadingModel::UNIFORM,
                &decisions
            )
        ),
    );
    let levels = [
        Level::Random,
        Level::Greedy,
        Level::GreedyHigh,
        Level::ReplyAware,
        Level::Expert,
    ];
    let seed = reading::SEED + 1;
    let pooled: Vec<_> = levels
        .iter()
        .flat_map(|&level| reading::against_expert(models, level, [seed; 2], reading::LEVEL_DEALS))
        .collect();
    let model = reading::fit_uniform_share(&model, &pooled);
    say(
        start,
        &format!(
            "share at random fitted to {} decisions of five levels: {:.4}",
            pooled.len(),
            model.uniform_share
        ),
    );
    model
}
