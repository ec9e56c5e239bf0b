//! Solving the odds: the chance of winning from every position, backwards from the game hole,
//! over a sample of whole deals played by crib's players (read by `crib::tables::model::odds`, which
//! says how). `cargo xtask tables odds` solves the point players' table this way and adds what
//! playing for the board changes (`crate::generate::odds_board`).

use rayon::prelude::*;

use crib::tables::model::odds::{Odds, Outlook, SCORES};
use crib::tables::rules::board::{GAME, Game, Skunk, walk};
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;

use crate::selfplay::deals::DealEvents;

/// Solve every position of two sides (two players, or two partnerships as `players` says) from
/// a sample of deals.
pub fn solve(players: Players, deals: &[DealEvents]) -> Odds {
    let n = deals.len() as f64;
    solve_down(
        players,
        |d, p, later| (outlook(d, p, deals, &later.table, n), ()),
        |_, _, ()| {},
    )
}

/// The positions solved so far, as [`solve_down`] hands them to each position it solves.
pub struct Later {
    /// By dealer's score, then pone's.
    pub table: Vec<[Outlook; SCORES]>,
    /// The dealer's chance alone, by the dealer's score times 121 plus the pone's.
    pub wins: Vec<f64>,
    /// By dealer's score, then pone's: the five chances of [`deal_chances`] in whole millionths
    /// (the table keeps no finer a chance).
    pub millionths: Vec<[[i64; 5]; SCORES]>,
}

/// Solve every position from the largest sum of scores down, each sum's positions on every
/// core. A deal adds at least one point to the dealer, so every position a deal leads to has a
/// larger sum of scores and is solved already. `position` gives the outlook from the dealer's
/// score and the pone's (with anything else, handed to `keep` with the position), reading the
/// later positions from what is solved so far. The odds are `players`': two, or two
/// partnerships.
pub fn solve_down<T: Send>(
    players: Players,
    position: impl Fn(u32, u32, &Later) -> (Outlook, T) + Sync,
    mut keep: impl FnMut(usize, usize, T),
) -> Odds {
    let mut later = Later {
        table: vec![[Outlook::default(); SCORES]; SCORES],
        wins: vec![0.0; SCORES * SCORES],
        millionths: vec![[[0; 5]; SCORES]; SCORES],
    };
    for sum in (0..=2 * (SCORES - 1)).rev() {
        let cells: Vec<(usize, usize)> = (0..SCORES)
            .filter_map(|d| sum.checked_sub(d).filter(|&p| p < SCORES).map(|p| (d, p)))
            .collect();
        let solved: Vec<(Outlook, T)> = cells
            .par_iter()
            .map(|&(d, p)| position(d as u32, p as u32, &later))
            .collect();
        for (&(d, p), (o, more)) in cells.iter().zip(solved) {
            later.table[d][p] = o;
            later.wins[d * SCORES + p] = o.win;
            later.millionths[d][p] = [
                o.win,
                o.skunk_win,
                o.skunked,
                o.double_skunk_win,
                o.double_skunked,
            ]
            .map(|c| (c * 1e6).round() as i64);
            keep(d, p, more);
        }
    }
    crib::tables::odds_from_sides(players, later.table)
}

/// One position's outlook, every later position already solved.
fn outlook(d: u32, p: u32, deals: &[DealEvents], table: &[[Outlook; SCORES]], n: f64) -> Outlook {
    let mut o = Outlook::default();
    for deal in deals {
        let c = deal_outlook(d, p, deal, table);
        o.win += c.win;
        o.skunk_win += c.skunk_win;
        o.skunked += c.skunked;
        o.double_skunk_win += c.double_skunk_win;
        o.double_skunked += c.double_skunked;
        o.dealer_points += c.dealer_points;
        o.pone_points += c.pone_points;
    }
    Outlook {
        win: o.win / n,
        skunk_win: o.skunk_win / n,
        skunked: o.skunked / n,
        double_skunk_win: o.double_skunk_win / n,
        double_skunked: o.double_skunked / n,
        dealer_points: o.dealer_points / n,
        pone_points: o.pone_points / n,
    }
}

/// What one deal, counted from the dealer at `d` and the pone at `p`, makes of the outlook:
/// the game won (1 or 0) or the chances from the later position it leads to, and each side's
/// points until the game ends. `table` holds every later position.
pub fn deal_outlook(d: u32, p: u32, deal: &DealEvents, table: &[[Outlook; SCORES]]) -> Outlook {
    let (chances, points) = deal_chances(d, p, deal, 1.0, |dealer, pone| {
        let o = &table[dealer][pone];
        [
            o.win,
            o.skunk_win,
            o.skunked,
            o.double_skunk_win,
            o.double_skunked,
        ]
    });
    Outlook {
        win: chances[0],
        skunk_win: chances[1],
        skunked: chances[2],
        double_skunk_win: chances[3],
        double_skunked: chances[4],
        dealer_points: f64::from(points[1]),
        pone_points: f64::from(points[0]),
    }
}

/// What one deal, counted from the dealer at `d` and the pone at `p`, makes of the five chances
/// of a position (the dealer's win, his win by a skunk, the pone's by a skunk, the two double
/// skunks), in units where a sure thing is `one`, each later position's read by `later` (the
/// dealer's score, the pone's); and each side's points until the game ends, by seat.
pub fn deal_chances<T: Copy + Default + std::ops::Sub<Output = T>>(
    d: u32,
    p: u32,
    deal: &DealEvents,
    one: T,
    later: impl Fn(usize, usize) -> [T; 5],
) -> ([T; 5], [u32; 2]) {
    let (need_dealer, need_pone) = (GAME - d, GAME - p);
    let (pone, dealer) = (Seat::PONE.index(), Seat::DEALER.index());
    let [pone_total, dealer_total] = deal.totals;
    if dealer_total < need_dealer && pone_total < need_pone {
        // Nobody gets there: the deal passes, and the pone becomes the dealer.
        let [win, skunk_win, skunked, double_win, double] =
            later((p + pone_total) as usize, (d + dealer_total) as usize);
        return (
            [one - win, skunked, skunk_win, double, double_win],
            deal.totals,
        );
    }
    // Somebody gets there: whoever does first, in counting order.
    let board = walk([p, d], deal.on_board(), GAME);
    let zero = T::default();
    let skunk = |loser: usize| match crib::tables::skunk(Game::TWO, board.scores[loser]) {
        Some(Skunk::Double) => (one, one),
        Some(Skunk::Single) => (one, zero),
        None => (zero, zero),
    };
    let chances = match board.winner {
        Some((side, _)) if side == dealer => {
            let (single, double) = skunk(pone);
            [one, single, zero, double, zero]
        }
        Some(_) => {
            let (single, double) = skunk(dealer);
            [zero, zero, single, zero, double]
        }
        None => [zero; 5],
    };
    (chances, [board.scores[pone] - p, board.scores[dealer] - d])
}
