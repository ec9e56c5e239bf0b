//! The chance of winning from every position for three players, and for two partnerships of
//! four, solved backwards from the game hole over deals played by crib's own players
//! ([`crate::game::deals_multi`]), as the two-player odds are ([`crate::game::odds`]).
//!
//! **Three players.** A position is the three scores in the seat order of the coming deal:
//! seat 1 (on the dealer's left, who leads), seat 2, and the dealer. Each deal's events are
//! counted in the rules' order until somebody reaches the game hole; if nobody does, the deal
//! passes to the left: seat 1 deals next, seat 2 leads. A deal adds at least one point (the
//! last card), so every position a deal leads to has a larger sum of scores, and the positions
//! are solved from the largest sum down. Deals with the same three totals lead to the same
//! position unless somebody reaches the hole, so they are solved together.
//!
//! **Four players.** A deal of four is a deal between two sides (seats 1 and 3; the dealer's
//! side), so the two-player solver serves as it is, each event credited to its side.
//!
//! Committed, both are generated data: `src/generated/odds3.bin` (each position's chances for
//! seat 1 and seats 1 and 2 together, in 65,535ths) and `src/generated/odds4.rs`, made by
//! `cargo xtask tables multi`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::game::deals_multi::SeatEvents;
use crate::game::odds::{Odds, SCORES, YourOutlook, shift_to_121};
use crate::rules::board::{GAME, Scores, walk};

#[rustfmt::skip]
#[path = "../generated/odds4.rs"]
mod data4;

/// The committed four-player tables.
static TABLES4: crate::game::odds::Tables = crate::outlook_tables!(data4);

/// The stream of deals the three-player odds are solved from.
pub const SEED3: u64 = 3_121;
/// How many deals of it.
pub const DEALS3: u64 = 10_000;
/// The stream of deals the four-player odds are solved from.
pub const SEED4: u64 = 4_121;
/// How many deals of it.
pub const DEALS4: u64 = 6_000;

/// How many positions three players can be in: 121 scores each.
pub const POSITIONS3: usize = SCORES * SCORES * SCORES;

/// A three-player position's index: seat 1's score, seat 2's, the dealer's.
pub const fn index3(scores: [u32; 3]) -> usize {
    (scores[0] as usize * SCORES + scores[1] as usize) * SCORES + scores[2] as usize
}

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
    crate::game::odds::solve(&sides)
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

const MAGIC3: &[u8] = b"crib odds of three 1\n";
const UNIT: f64 = 65_535.0;

/// The committed three-player odds.
static ODDS3: &[u8] = include_bytes!("../generated/odds3.bin");

/// The chances of the three players from the committed odds, in a game to `target` (61 or 121):
/// seat 1's, seat 2's and the dealer's, from their scores in that order. As with two players,
/// a game to 61 is the last 61 holes of the game to 121.
pub fn chances3(target: u32, scores: [u32; 3]) -> [f64; 3] {
    let shift = shift_to_121(target);
    let at = MAGIC3.len() + 4 * index3(scores.map(|s| (s + shift).min(GAME - 1)));
    let read = |i: usize| f64::from(u16::from_le_bytes([ODDS3[at + i], ODDS3[at + i + 1]]));
    let (q1, q12) = (read(0), read(2));
    [q1 / UNIT, (q12 - q1) / UNIT, (UNIT - q12) / UNIT]
}

/// Whether the committed three-player odds are whole: the header, and every position.
pub fn committed3_is_whole() -> bool {
    ODDS3.starts_with(MAGIC3) && ODDS3.len() == MAGIC3.len() + 4 * POSITIONS3
}

/// The committed four-player odds, by the dealer's side's score, then the other side's.
pub fn committed4() -> &'static Odds {
    static ODDS: OnceLock<Odds> = OnceLock::new();
    ODDS.get_or_init(|| Odds::from_tables(&TABLES4))
}

/// A partnership's outlook from the committed four-player odds, in a game to `target`: your
/// side at `us`, the other at `them`, `we_deal` when your side deals next. A game to 61 is the
/// last 61 holes of the game to 121.
pub fn outlook4(target: u32, us: u32, them: u32, we_deal: bool) -> YourOutlook {
    let shift = shift_to_121(target);
    let by_seat = |scores: Scores| {
        let [pone, dealer] = scores.map(|s| s as usize);
        crate::game::odds::outlook_from(&TABLES4, dealer, pone)
    };
    YourOutlook::from_seat(by_seat, us + shift, them + shift, we_deal).in_short_game(shift)
}

/// The digests of the deals the four-player odds were solved from: the first
/// [`crate::game::odds::HEAD`] and all.
pub fn committed4_digests() -> (u64, u64) {
    (data4::HEAD_DIGEST, data4::DIGEST)
}
