//! The expert crib model of three and four players: which card each seat throws when every
//! seat throws well, computed by crib itself the way the two-player model is
//! ([`crate::model::expert`]), by iterated best response over a million seeded five-card deals:
//! each seat keeps the four cards that maximise its hand's expected points over the 47 starters
//! it cannot see plus its seat's table value of the card it throws if the crib is its side's
//! (the dealer, and with four players the dealer's partner), minus it if not; a seat's table
//! value of a rank is the crib's expected points when the other seats throw as they did the
//! round before, measured on 250,000 seeded cribs a seat and rank; and the rounds go on until
//! no value moves by more than 0.001 (averaging the rounds from the tenth, fictitious play).
//!
//! What it assumes, in a player's words: every seat throws for the show alone (the play and the
//! score on the board left out), by a table of what each card it could throw is worth to the
//! crib, not by a deeper reading of the other hands. `crib discard --players 3|4` then values
//! your throw exactly, the others' cards weighted by how often their seats throw each rank.
//!
//! The result is generated data, committed in `src/generated/expert34.rs`; the iteration is
//! `xtask/src/generate/expert34.rs`, run by `cargo xtask tables crib34`.

use std::sync::OnceLock;

use crate::rules::seat::Players;
use crate::rules::seat::Seat;


#[rustfmt::skip]
#[path = "../generated/expert34.rs"]
mod data;

/// For each rank (ace first), how often a seat throws a card of it.
pub type RankCounts = [u64; 13];

/// The model for three or four players: for each seat (0 leads, the dealer last), how often it
/// throws each rank, summed over the rounds averaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneCardModel {
    /// Three or four.
    pub players: Players,
    /// Rounds until no value moved by more than the tolerance.
    pub rounds: u32,
    /// The first round averaged (0: none was).
    pub averaged_from: u32,
    /// By seat, how often each rank is thrown.
    pub throws: Vec<RankCounts>,
}

impl OneCardModel {
    /// The committed model for `players` (three, or four for anything else).
    pub fn committed(players: Players) -> &'static OneCardModel {
        static MODELS: OnceLock<[OneCardModel; 2]> = OnceLock::new();
        let [three, four] = MODELS.get_or_init(|| {
            [
                (
                    Players::THREE,
                    data::ROUNDS3,
                    data::AVERAGED_FROM3,
                    &data::THROWS3[..],
                ),
                (
                    Players::FOUR,
                    data::ROUNDS4,
                    data::AVERAGED_FROM4,
                    &data::THROWS4[..],
                ),
            ]
            .map(|(players, rounds, averaged_from, throws)| OneCardModel {
                players,
                rounds,
                averaged_from,
                throws: throws.to_vec(),
            })
        });
        if players == Players::THREE {
            three
        } else {
            four
        }
    }

    /// How often seat `seat` throws each rank, as shares of its throws.
    pub(crate) fn shares(&self, seat: Seat) -> [f64; 13] {
        let throws = &self.throws[seat.index()];
        let total: u64 = throws.iter().sum();
        throws.map(|n| n as f64 / total.max(1) as f64)
    }

    /// The weights of the crib's other cards when seat `seat` throws: each other seat's counts
    /// by rank, in seat order, and for three players the crib's dealt card, every rank alike.
    pub(crate) fn others(&self, seat: Seat) -> [RankCounts; 3] {
        let mut others = [[1; 13]; 3];
        for (slot, t) in self.players.seats().filter(|&t| t != seat).enumerate() {
            others[slot] = self.throws[t.index()];
        }
        others
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed models settled within the rounds, every seat's shares sum to one, and
    /// pones keep their fives while the crib's owners throw them.
    #[test]
    fn the_committed_models_hold_together() {
        for players in [Players::THREE, Players::FOUR] {
            let model = OneCardModel::committed(players);
            assert_eq!(model.players, players);
            assert_eq!(model.throws.len(), players.count());
            assert!(model.rounds > model.averaged_from);
            for seat in players.seats() {
                let shares = model.shares(seat);
                assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                let owns = players.owns_crib(seat);
                assert_eq!(shares[4] > 0.03, owns, "{players} players, {seat:?}");
            }
        }
    }

    /// The other cards of a crib: the other seats in order, and with three players the crib's
    /// dealt card, every rank alike.
    #[test]
    fn the_others_are_the_other_seats() {
        let three = OneCardModel::committed(Players::THREE);
        assert_eq!(
            three.others(Seat::new(1)),
            [three.throws[0], three.throws[2], [1; 13]]
        );
        let four = OneCardModel::committed(Players::FOUR);
        assert_eq!(
            four.others(Seat::new(3)),
            [four.throws[0], four.throws[1], four.throws[2]]
        );
    }
}
