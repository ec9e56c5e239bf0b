//! Whole deals of three players, or of two partnerships, played by crib's own players: what the
//! odds of three and four players are solved from.
//!
//! **The players.** Each deal gives every seat five cards (three players: one more to the
//! crib) and turns a starter. Each seat keeps the four cards `crib discard --players 3|4`
//! advises for its seat; every card of the play is chosen by crib's engine for three or four
//! players ([`crib::tables::search::players::quick_sampled`]) over
//! [`crib::tables::search::sampled::QUICK_SAMPLES`] sampled deals of the hidden cards (fewer than
//! `crib play` uses, so that many thousands of deals can be played); the hands and the crib are
//! counted exactly. As with two players, they play for points, not for the win.
//!
//! A deal is kept as its scoring events in the rules' counting order: his heels, the play card
//! by card, the hands from the dealer's left round to the dealer, the crib. With four players
//! each event is credited to its partnership (side 0: seats 1 and 3; side 1: the dealer's), so
//! that a deal of four is a deal between two sides, as between two players.

use rayon::prelude::*;

use crib::tables::advice::discard::{
    CribModel, CribShare, DiscardRequest, PlayModel, Role, advise_discard,
};
use crib::tables::rules::card::Card;
use crib::tables::rules::play::{Ranks, ranks_of};
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::peg;
use crib::tables::rules::shuffle::shuffled;
use crib::tables::search::players::{play_tokens, quick_sampled};

use crate::selfplay::deals::DealEvents;
use crib::tables::rules::board::{Score, counted};
use crib::tables::rules::seat::Players;

/// A deal of `N` players as scoring events in counting order: each event's seat (0 leads, the
/// dealer is last) and points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatEvents {
    /// Every event that scored, in order: the seat and the points.
    pub events: Vec<(u8, u8)>,
}

impl SeatEvents {
    /// The points of each seat over the whole deal.
    pub fn totals<const N: usize>(&self) -> [u32; N] {
        let mut totals = [0u32; N];
        for &(seat, points) in &self.events {
            totals[usize::from(seat)] += u32::from(points);
        }
        totals
    }

    /// A deal of four as a deal between two sides, as [`DealEvents`] keeps two players': side 0
    /// (seats 1 and 3) in the pone's place, the dealer's side in the dealer's.
    pub fn as_sides(&self) -> DealEvents {
        DealEvents::new(
            self.events
                .iter()
                .map(|&(seat, points)| (Seat::new(usize::from(seat) % 2), points))
                .collect(),
        )
    }
}

/// The four cards a seat of `players` keeps from the five dealt, as `crib discard` advises
/// with the uniform crib and the play left out (as it did when the deals of the odds were
/// made), and the card thrown.
pub fn keep_one(dealt: &[Card], players: usize, seat: usize) -> ([Card; 4], Card) {
    keep_with(dealt, players, seat, CribModel::Uniform, PlayModel::None)
}

/// The four cards seat `seat` of `players` keeps from the five dealt, as `crib discard`
/// advises with these models (and a rival's crib counted whole, as crib advised when the deals,
/// pools and models of three players were made), and the card thrown.
pub fn keep_with(
    dealt: &[Card],
    players: usize,
    seat: usize,
    crib: CribModel,
    play: PlayModel,
) -> ([Card; 4], Card) {
    let (seat, players) = (
        Seat::new(seat),
        Players::new(players).expect("two, three or four players"),
    );
    let request = DiscardRequest {
        crib,
        play,
        crib_share: CribShare::Whole,
        seat: Some(seat),
        ..DiscardRequest::new(dealt, players, Role::of_seat(seat, players))
    };
    let models = crib::tables::model::Models::committed();
    let advice = advise_discard(models, &request).expect("five distinct cards with suits");
    let best = &advice.choices[0];
    (best.keep, best.throw[0])
}

/// The play of `N` kept hands by crib's engine at every seat: each scoring event in order.
pub fn play_events<const N: usize>(hands: &[[Card; 4]], starter: Card) -> Vec<Score> {
    let tokens = play_tokens(hands, &[starter], [quick_sampled::<N>; N]);
    let pegging = peg(&tokens, crib::tables::players_of::<N>()).expect("the engine plays legally");
    pegging
        .events
        .iter()
        .filter(|e| e.points() > 0)
        .map(|e| (Seat::new(e.player), e.points() as u8))
        .collect()
}

/// Deal number `deal` of the stream `seed` for `N` players (3 or 4), played by crib's players:
/// its scoring events by seat.
pub fn play_deal<const N: usize>(seed: u64, deal: u64) -> SeatEvents {
    let cards = shuffled(seed, deal, 5 * N + 2);
    let starter = cards[5 * N + 1];
    let mut hands = Vec::with_capacity(N);
    let mut crib = Vec::with_capacity(4);
    for seat in 0..N {
        let (kept, thrown) = keep_one(&cards[5 * seat..5 * seat + 5], N, seat);
        hands.push(kept);
        crib.push(thrown);
    }
    if N == 3 {
        crib.push(cards[5 * N]);
    }
    let crib: [Card; 4] = crib.try_into().expect("four cards to the crib");
    let play = play_events::<N>(&hands, starter);
    SeatEvents {
        events: counted(&hands, crib, starter, &play)
            .into_iter()
            .map(|(seat, points)| (seat.index() as u8, points))
            .collect(),
    }
}

/// The hands each seat of `N` players keeps, by ranks, from `count` five-card deals of the
/// stream `seed` (deal `i` of seat `s` is deal `i * N + s`): the pools the pegging tables of
/// three and four players draw the other seats' hands from. On every core; the same every run.
pub fn kept_pools<const N: usize>(seed: u64, count: u64) -> Vec<Vec<Ranks>> {
    (0..N)
        .map(|seat| {
            (0..count)
                .into_par_iter()
                .map(|i| {
                    let cards = shuffled(seed, i * N as u64 + seat as u64, 5);
                    ranks_of(&keep_one(&cards, N, seat).0)
                })
                .collect()
        })
        .collect()
}

/// `count` deals of the stream `seed` for `N` players, on every core; the same on every run.
pub fn sample_deals<const N: usize>(seed: u64, count: u64) -> Vec<SeatEvents> {
    (0..count)
        .into_par_iter()
        .map(|deal| play_deal::<N>(seed, deal))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal of three: every seat pegs and shows, the dealer last, and the same deal is played
    /// the same way twice.
    #[test]
    fn a_deal_of_three() {
        let deal = play_deal::<3>(1, 7);
        assert_eq!(deal, play_deal::<3>(1, 7));
        let totals = deal.totals::<3>();
        // The play's last card is always worth a point to somebody.
        assert!(totals.iter().sum::<u32>() >= 1);
        let last_shows: Vec<u8> = deal.events.iter().map(|e| e.0).collect();
        assert!(last_shows.iter().all(|&s| s < 3));
    }

    /// A deal of four, seen as two sides, keeps every point.
    #[test]
    fn a_deal_of_four_as_sides() {
        let deal = play_deal::<4>(1, 3);
        let totals = deal.totals::<4>();
        let sides = deal.as_sides();
        assert_eq!(sides.totals, [totals[0] + totals[2], totals[1] + totals[3]]);
    }
}
