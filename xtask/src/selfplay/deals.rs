//! Whole two-player deals played by crib's own players, and whole games from them.
//!
//! **The players.** Each deal gives both players six cards and turns a starter. Each keeps the
//! four cards `crib discard` advises (the expert crib model, the play counted); both play every
//! card as crib's engine advises (against the hands the expert model keeps, as the pegging
//! table is made); the hands and the crib are counted exactly. The board does not change how
//! they play: they play for points, not for the win.
//!
//! A deal is kept as its scoring events in the rules' counting order (his heels, the play card
//! by card, the pone's hand, the dealer's hand, the crib), so that near the game hole the order
//! decides who gets there first.

use rayon::prelude::*;

use crib::tables::advice::discard::{DiscardAdvice, DiscardRequest, Role, advise_discard};
use crib::tables::model::Models;
use crib::tables::rules::board::{GAME, Game, Score, walk};
use crib::tables::rules::card::Card;
use crib::tables::rules::error::Result;
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::peg;
use crib::tables::rules::shuffle::shuffled;

use crate::generate::pegging::{Decisions, play_out};
pub use crib::tables::rules::board::counted;

/// A deal's scoring events in counting order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealEvents {
    /// Every event that scored, in order.
    pub events: Vec<Score>,
    /// The pone's points, and the dealer's, over the whole deal.
    pub totals: [u32; 2],
}

impl DealEvents {
    /// A deal from its scoring events in order.
    pub fn new(events: Vec<Score>) -> DealEvents {
        let mut totals = [0u32; 2];
        for &(seat, points) in &events {
            totals[seat.index()] += u32::from(points);
        }
        DealEvents { events, totals }
    }

    /// The events as the board takes them: the side (the seat, with two players) and points.
    pub fn on_board(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.events
            .iter()
            .map(|&(seat, p)| (seat.index(), u32::from(p)))
    }
}

/// `crib discard`'s advice to crib's two-player player on six cards dealt in `role`: the expert
/// crib model, the play counted.
pub fn advice_for(models: &Models, dealt: &[Card], role: Role) -> Result<DiscardAdvice> {
    advise_discard(models, &DiscardRequest::new(dealt, Players::TWO, role))
}

/// The four cards crib's player keeps from six dealt in `role`, and the two thrown.
pub fn keep(models: &Models, dealt: &[Card], role: Role) -> ([Card; 4], [Card; 2]) {
    let advice = advice_for(models, dealt, role).expect("six distinct cards with suits");
    let best = &advice.choices[0];
    (best.keep, [best.throw[0], best.throw[1]])
}

/// Deal number `deal` of the stream `seed`, played by crib's players: its scoring events.
pub fn play_deal(models: &Models, decisions: &Decisions, seed: u64, deal: u64) -> DealEvents {
    let cards = shuffled(seed, deal, 13);
    let starter = cards[12];
    let (pone, pone_throw) = keep(models, &cards[..6], Role::Pone);
    let (dealer, dealer_throw) = keep(models, &cards[6..12], Role::Dealer);
    let crib = [
        pone_throw[0],
        pone_throw[1],
        dealer_throw[0],
        dealer_throw[1],
    ];
    let play = play_events(pone, dealer, decisions);
    DealEvents::new(counted(&[pone, dealer], crib, starter, &play))
}

/// The play of two kept hands by crib's engine on both sides: each scoring event in order.
pub fn play_events(pone: [Card; 4], dealer: [Card; 4], decisions: &Decisions) -> Vec<Score> {
    let ranks = |hand: [Card; 4]| hand.map(|c| c.rank().number());
    let (_, tokens) = play_out(ranks(pone), ranks(dealer), decisions);
    let pegging = peg(&tokens, Players::TWO).expect("the engine plays legally");
    pegging
        .events
        .iter()
        .filter(|e| e.points() > 0)
        .map(|e| (Seat::new(e.player), e.points() as u8))
        .collect()
}

/// `count` deals of the stream `seed`, played by crib's players with `models`, on every core.
/// The same on every run.
pub fn sample_deals(models: &Models, seed: u64, count: u64) -> Vec<DealEvents> {
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    (0..count)
        .into_par_iter()
        .map(|deal| play_deal(models, &decisions, seed, deal))
        .collect()
}

/// A digest of a sample of deals (FNV-1a over every event and the end of each deal): the same
/// deals give the same digest on every machine.
pub fn digest(deals: &[DealEvents]) -> u64 {
    let mut hash = 0xCBF2_9CE4_8422_2325u64;
    let mut eat = |byte: u8| {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    };
    for deal in deals {
        for &(seat, points) in &deal.events {
            eat(seat.index() as u8);
            eat(points);
        }
        eat(0xFF);
    }
    hash
}

/// How a whole game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the player who dealt first won.
    pub first_dealer_won: bool,
    /// Whether the loser ended short of the skunk line (91, or 31 in a game to 61).
    pub skunk: bool,
    /// How many deals it took.
    pub deals: u32,
}

/// Play a whole game from a position (the first dealer's score, the other's), taking each deal
/// from `next_deal`: events counted in order until someone reaches 121, the deal passing after
/// each.
pub fn play_game(start: [u32; 2], next_deal: impl FnMut() -> DealEvents) -> GameResult {
    play_game_to(GAME, start, next_deal)
}

/// Play a whole game to `target` (61 or 121), as [`play_game`].
pub fn play_game_to(
    target: u32,
    start: [u32; 2],
    mut next_deal: impl FnMut() -> DealEvents,
) -> GameResult {
    let game = Game {
        players: Players::TWO,
        target,
    };
    // Scores by player: 0 dealt first.
    let mut scores = start;
    let mut dealer = 0usize;
    let mut deals = 0;
    loop {
        deals += 1;
        let deal = next_deal();
        // The board by seat this deal: the pone is the player who is not dealing.
        let by_seat = [scores[1 - dealer], scores[dealer]];
        let board = walk(by_seat, deal.on_board(), target);
        let player = |side: usize| {
            if side == Seat::DEALER.index() {
                dealer
            } else {
                1 - dealer
            }
        };
        scores[dealer] = board.scores[Seat::DEALER.index()];
        scores[1 - dealer] = board.scores[Seat::PONE.index()];
        if let Some((winner, _)) = board.winner {
            let won = player(winner);
            return GameResult {
                first_dealer_won: won == 0,
                skunk: crib::tables::skunk(game, scores[1 - won]).is_some(),
                deals,
            };
        }
        // Every deal gives its dealer a point, so the game ends.
        dealer = 1 - dealer;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_in_the_counting_order() {
        // The same deal every time: the dealer pegs 2, then the pone counts 10, then the dealer
        // counts 12.
        let deal = || {
            DealEvents::new(vec![
                (Seat::DEALER, 2),
                (Seat::PONE, 10),
                (Seat::DEALER, 12),
            ])
        };
        // The first dealer at 119 pegs out at once.
        let result = play_game([119, 0], deal);
        assert_eq!(
            (result.first_dealer_won, result.deals, result.skunk),
            (true, 1, true)
        );
        // At 100-115 the other player, pone in the first deal, counts 10 before the dealer's 12.
        let result = play_game([100, 115], deal);
        assert_eq!((result.first_dealer_won, result.deals), (false, 1));
        // From 0-0 the deal passes, each deal giving its dealer 14 and its pone 10: 96 each
        // after eight deals, 110 to 106 after nine, 120 each after ten, and the first dealer's
        // heels-free 2 in the eleventh.
        let result = play_game([0, 0], deal);
        assert_eq!((result.first_dealer_won, result.deals), (true, 11));
    }
}
