//! Solving the odds of three players and of two partnerships (read by
//! `crib::tables::model::odds34`, which says how): backwards from the game hole over the deals
//! crib's players play. `cargo xtask tables odds34`.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crib::tables::model::odds::Odds;
use crib::tables::model::odds::SCORES;
use crib::tables::model::odds::{MAGIC3, POSITIONS3, UNIT, index3};
use crib::tables::rules::board::{GAME, walk};
use crib::tables::rules::seat::Players;

use crate::selfplay::deals34::SeatEvents;

/// The three-player odds: each position's chance for each seat, in seat order.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds3 {
    /// By [`index3`]: the chances of seat 1, seat 2 and the dealer, summing to 1.
    pub win: Vec<[f64; 3]>,
}

/// Deals with the same totals, solved together while nobody reaches the hole.
struct Group {
    /// Each seat's points over the deal.
    totals: [u32; 3],
    /// The deals (by index) with these totals.
    deals: Vec<usize>,
}

/// A sample of deals of three players, grouped by their totals for solving.
pub struct Deals3<'a> {
    deals: &'a [SeatEvents],
    groups: Vec<Group>,
}

impl Deals3<'_> {
    /// The deals, grouped.
    pub fn new(deals: &[SeatEvents]) -> Deals3<'_> {
        let mut by_totals: BTreeMap<[u32; 3], Vec<usize>> = BTreeMap::new();
        for (i, deal) in deals.iter().enumerate() {
            by_totals.entry(deal.totals::<3>()).or_default().push(i);
        }
        let groups = by_totals
            .into_iter()
            .map(|(totals, deals)| Group { totals, deals })
            .collect();
        Deals3 { deals, groups }
    }

    /// One position's chances (seat 1's, seat 2's, the dealer's), `next` giving the chances
    /// at each later position, in the seat order of its own deal.
    pub fn position(&self, scores: [u32; 3], next: impl Fn([u32; 3]) -> [f64; 3]) -> [f64; 3] {
        let [a, b, c] = scores;
        let mut chances = [0.0f64; 3];
        for group in &self.groups {
            let [ta, tb, tc] = group.totals;
            let weight = group.deals.len() as f64;
            if a + ta < GAME && b + tb < GAME && c + tc < GAME {
                // Nobody gets there: the deal passes left, seat 1 deals and seat 2 leads.
                let later = next([b + tb, c + tc, a + ta]);
                chances[0] += weight * later[2];
                chances[1] += weight * later[0];
                chances[2] += weight * later[1];
                continue;
            }
            // Somebody gets there: whoever does first, in counting order.
            for &deal in &group.deals {
                let events = self.deals[deal]
                    .events
                    .iter()
                    .map(|&(seat, points)| (usize::from(seat), u32::from(points)));
                if let Some((seat, _)) = walk(scores, events, GAME).winner {
                    chances[seat] += 1.0;
                }
            }
        }
        let n = self.deals.len() as f64;
        chances.map(|c| c / n)
    }
}

/// Solve every three-player position from a sample of deals, to 121.
pub fn solve3(deals: &[SeatEvents]) -> Odds3 {
    let grouped = Deals3::new(deals);
    let mut win = vec![[0.0; 3]; POSITIONS3];
    let top = SCORES - 1;
    for sum in (0..=3 * top).rev() {
        let cells: Vec<[u32; 3]> = (0..=top.min(sum))
            .flat_map(|a| {
                let rest = sum - a;
                (rest.saturating_sub(top)..=top.min(rest))
                    .map(move |b| [a as u32, b as u32, (rest - b) as u32])
            })
            .collect();
        let solved: Vec<[f64; 3]> = cells
            .par_iter()
            .map(|&scores| grouped.position(scores, |later| win[index3(later)]))
            .collect();
        for (scores, chances) in cells.into_iter().zip(solved) {
            win[index3(scores)] = chances;
        }
    }
    Odds3 { win }
}

/// Solve every four-player position from a sample of deals: the two-player solver over the
/// deals as two sides.
pub fn solve4(deals: &[SeatEvents]) -> Odds {
    let sides: Vec<_> = deals.iter().map(SeatEvents::as_sides).collect();
    crate::generate::odds::solve(Players::FOUR, &sides)
}

/// The three-player odds as bytes: a header, then for each position by [`index3`] seat 1's
/// chance and seats 1 and 2's together, each in 65,535ths, two bytes each, little-endian. The
/// dealer's chance is what is left, so the three sum to 1 exactly.
pub fn encode3(odds: &Odds3) -> Vec<u8> {
    let mut bytes = MAGIC3.to_vec();
    for &[p1, p2, _] in &odds.win {
        let q1 = (p1 * UNIT).round() as u16;
        let q12 = ((p1 + p2) * UNIT).round().min(UNIT) as u16;
        bytes.extend(q1.to_le_bytes());
        bytes.extend(q12.max(q1).to_le_bytes());
    }
    bytes
}
