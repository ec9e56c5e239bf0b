//! The rest of a deal as a distribution, read at any score in microseconds.
//!
//! Weighing a decision for the game plays the rest of the deal out many ways (each draw of the
//! cards you cannot see, each starter), and each way is a path of scoring events in the rules'
//! order. Whether a path wins depends on the score: from one position the dealer pegs out on
//! it, from another nobody gets home and the odds of the next deal decide. Walking every path
//! again at every position costs far too much when a decision is weighed at all 14,641 of
//! them, so a [`Remainder`] keeps what the paths mean for any position:
//! - for every pair of points the two sides still need, the chance that the pone gets there
//!   first (the dealer's chance of getting there first need not be kept: it is what is left
//!   once the pone's and the chance that nobody gets there are taken away);
//! - and every pair of totals the paths end on, with its weight, for the paths on which nobody
//!   gets home, whose worth is the odds of the next deal from where they leave the board.
//!
//! A [`Remainder`] read at a position gives exactly the mean of walking its paths from there.

use crate::rules::board::GAME;
use crate::rules::board::Score;
use crate::rules::seat::Seat;

/// How many scores a side can be at, 0 to 120; a row of a table by the score.
const SIDE: usize = GAME as usize;

/// The most a side's total is counted as: nobody needs more than 121, and no deal gives 121.
const MOST: usize = SIDE - 1;

/// Builds a [`Remainder`] one path at a time.
pub(crate) struct RemainderBuilder {
    /// By the dealer's total, then the pone's: the weight of the paths ending there.
    totals: Vec<f64>,
    /// By the points the pone needs, then the points the dealer needs: the weight of the paths
    /// on which the pone gets there with the dealer short by exactly those points, counted
    /// at the points the dealer needs at the least (summed up the dealer's needs at the end).
    pone_first: Vec<f64>,
    weight: f64,
    /// The largest totals added, the dealer's and the pone's.
    most: [usize; 2],
}

impl Default for RemainderBuilder {
    fn default() -> RemainderBuilder {
        RemainderBuilder {
            totals: vec![0.0; SIDE * SIDE],
            pone_first: vec![0.0; SIDE * (SIDE + 1)],
            weight: 0.0,
            most: [0, 0],
        }
    }
}

impl RemainderBuilder {
    /// Add a path of scoring events, in order, with its weight. A side's total past 120 is
    /// counted as 120: no deal gives a side 121.
    pub(crate) fn add(&mut self, events: impl IntoIterator<Item = Score>, weight: f64) {
        let (mut dealer, mut pone) = (0usize, 0usize);
        for (seat, points) in events {
            let points = usize::from(points);
            if seat == Seat::DEALER {
                dealer = (dealer + points).min(MOST);
            } else {
                // The pone gets to each of these needs now, with the dealer at `dealer`: first
                // if the dealer needs more than that.
                for need in pone + 1..=(pone + points).min(MOST) {
                    self.pone_first[need * (SIDE + 1) + dealer + 1] += weight;
                }
                pone = (pone + points).min(MOST);
            }
        }
        self.totals[dealer * SIDE + pone] += weight;
        self.weight += weight;
        self.most = [self.most[0].max(dealer), self.most[1].max(pone)];
    }

    /// The distribution of the paths added.
    pub(crate) fn finish(self) -> Remainder {
        let [max_dealer, max_pone] = self.most;
        let mut cells = Cells::default();
        for x in 0..=max_dealer {
            for y in 0..=max_pone {
                let w = self.totals[x * SIDE + y];
                if w != 0.0 {
                    cells.totals.push([x as u8, y as u8]);
                    cells.offsets.push((y * SIDE + x) as u16);
                    cells.weights.push(w);
                }
            }
        }
        // Summed up the dealer's needs: the pone first at need `np` when the dealer needs `nd`.
        let width = max_dealer + 1;
        let mut pone_first = vec![0.0; max_pone * width];
        for np in 1..=max_pone {
            let mut sum = 0.0;
            for nd in 1..=width {
                sum += self.pone_first[np * (SIDE + 1) + nd];
                pone_first[(np - 1) * width + nd - 1] = sum;
            }
        }
        Remainder {
            cells,
            pone_first,
            max_dealer: max_dealer as u8,
            max_pone: max_pone as u8,
            weight: self.weight,
        }
    }
}

/// The totals the paths end on, each with the weight of the paths that end there, by the
/// dealer's total then the pone's, kept side by side.
#[derive(Debug, Clone, PartialEq, Default)]
struct Cells {
    /// The dealer's points over the rest of the deal, and the pone's.
    totals: Vec<[u8; 2]>,
    /// Where the next deal's position lies from this one in a table by the next dealer's
    /// score, then the next pone's: `pone * 121 + dealer`.
    offsets: Vec<u16>,
    /// The weight of the paths.
    weights: Vec<f64>,
}

/// The rest of a deal as a distribution of paths, read at any position
/// ([`Remainder::dealer_wins`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Remainder {
    /// The totals the paths end on, by the dealer's total then the pone's.
    cells: Cells,
    /// By the points the pone needs (1 to `max_pone`), then the dealer's (1 to `max_dealer`
    /// + 1): the weight of the paths on which the pone gets there first.
    pone_first: Vec<f64>,
    max_dealer: u8,
    max_pone: u8,
    weight: f64,
}

impl Remainder {
    /// The dealer's chance of winning the game from `board` (by seat: the pone's score, the
    /// dealer's), the rest of the deal going as the paths do. `next[s * 121 + t]` is the chance
    /// that the player who deals next wins when the deal ends with him at `s` and the other at
    /// `t` (the pone deals next: `s` is this deal's pone).
    pub fn dealer_wins(&self, board: [u32; 2], next: &[f64]) -> f64 {
        let (pone, dealer) = (
            board[Seat::PONE.index()] as usize,
            board[Seat::DEALER.index()] as usize,
        );
        let (dealer, pone) = (dealer.min(MOST), pone.min(MOST));
        let (need_dealer, need_pone) = (SIDE - dealer, SIDE - pone);
        let pone_first = if need_pone > usize::from(self.max_pone) {
            0.0
        } else {
            let width = usize::from(self.max_dealer) + 1;
            self.pone_first[(need_pone - 1) * width + need_dealer.min(width) - 1]
        };
        let next = &next[pone * SIDE + dealer..];
        let cells = &self.cells;
        // The cells run by the dealer's total: those short of his need come first.
        let short = cells
            .totals
            .partition_point(|t| usize::from(t[0]) < need_dealer);
        let (offsets, weights) = (&cells.offsets[..short], &cells.weights[..short]);
        let next_wins = if need_pone > usize::from(self.max_pone) {
            // The pone cannot get home: every path the dealer does not end passes the deal.
            weighted(offsets, weights, next, None)
        } else {
            weighted(
                offsets,
                weights,
                next,
                Some((&cells.totals[..short], need_pone)),
            )
        };
        (self.weight - pone_first - next_wins) / self.weight
    }

    /// The mean of the points the player in `seat` scores over the paths, less the other's.
    pub fn mean_net(&self, seat: Seat) -> f64 {
        let cells = &self.cells;
        let sum = |side: usize| -> f64 {
            cells
                .totals
                .iter()
                .zip(&cells.weights)
                .map(|(t, w)| w * f64::from(t[side]))
                .sum()
        };
        let (dealer, pone) = (sum(0), sum(1));
        let net = if seat == Seat::DEALER {
            dealer - pone
        } else {
            pone - dealer
        };
        net / self.weight
    }
}

/// The sum of each weight times the chance `next` holds at its offset, four at a time; with
/// `short`, only the cells whose pone's total is under the points he needs (the others are
/// read at the last position, whatever it holds, and counted as nothing).
fn weighted(
    offsets: &[u16],
    weights: &[f64],
    next: &[f64],
    short: Option<(&[[u8; 2]], usize)>,
) -> f64 {
    let last = next.len() - 1;
    let term = |i: usize| {
        let (at, keep) = match short {
            Some((totals, need)) if usize::from(totals[i][1]) >= need => (last, 0.0),
            _ => (usize::from(offsets[i]).min(last), 1.0),
        };
        keep * weights[i] * next[at]
    };
    let mut sums = [0.0; 4];
    let four = offsets.len() / 4 * 4;
    for i in (0..four).step_by(4) {
        for (k, sum) in sums.iter_mut().enumerate() {
            *sum += term(i + k);
        }
    }
    let tail: f64 = (four..offsets.len()).map(term).sum();
    (sums[0] + sums[1]) + (sums[2] + sums[3]) + tail
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::for_game::stake::{Stake, Worth};
    use crate::model::odds::Odds;
    use crate::rules::seat::Players;
    use crate::rules::shuffle::Rng;

    /// Read at any position, a remainder gives the mean of walking its paths from there, as
    /// the discard for the game and the play for the board walk them.
    #[test]
    fn a_remainder_is_its_paths_walked() {
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let next = odds.wins();
        let mut rng = Rng::new(11);
        let paths: Vec<(Vec<Score>, f64)> = (0..300)
            .map(|_| {
                let events = (0..1 + rng.below(9))
                    .map(|_| (Seat::new(rng.below(2) as usize), 1 + rng.below(20) as u8))
                    .collect();
                (events, 1.0 + rng.below(3) as f64)
            })
            .collect();
        let mut builder = RemainderBuilder::default();
        for (events, w) in &paths {
            builder.add(events.iter().copied(), *w);
        }
        let remainder = builder.finish();
        let total: f64 = paths.iter().map(|p| p.1).sum();
        for d in (0..121).step_by(7).chain([110, 115, 118, 119, 120]) {
            for p in (0..121).step_by(9).chain([112, 117, 119, 120]) {
                let board = [p, d];
                let worth = Worth::new(odds, 121, Stake::Game, Seat::DEALER);
                let walked: f64 = paths
                    .iter()
                    .map(|(events, w)| w * worth.after(board, events))
                    .sum::<f64>()
                    / total;
                let read = remainder.dealer_wins(board, &next);
                assert!((walked - read).abs() < 1e-12, "{d}-{p}: {walked} {read}");
            }
        }
    }
}
