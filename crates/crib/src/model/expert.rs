//! The expert crib model: what players who throw well lay away, computed by crib itself and
//! committed.
//!
//! The uniform model values a crib as if the other side's two cards were any two unseen cards.
//! Real players don't throw at random: a dealer salts his own crib and a pone balks it. The
//! expert model is what each side throws when both throw well, found by **iterated best
//! response** over every six-card deal, with suits, so that hand flushes, crib flushes and nobs
//! all count: from the uniform model, in each of the 20,358,520 deals the dealer keeps the four
//! cards that maximise his hand's expected points plus the table value of his throw, the pone
//! her hand's less hers; every throw made is valued in its own deal as `crib discard` values it,
//! the other side's cards drawn from what that side threw the round before; a kind of throw's
//! table value is its mean over the deals it is thrown in; and the rounds go on until no value
//! moves by more than 0.001 (averaging the rounds, fictitious play, where pure best response
//! cycles).
//!
//! The model assumes that each side chooses by the table for its seat (not by a deeper reading
//! of the other side's hand), that both sides maximise expected points of the show only (the
//! play and the score on the board are left out), and that a tie between two equal choices goes
//! to the first in deck order.
//!
//! The result is generated data, committed in `src/generated/expert_crib.rs`: the last two
//! states of the iteration, so that `cargo xtask verify` can do the last round again. The
//! iteration itself is `xtask/src/generate/expert.rs`, run by `cargo xtask tables expert`.

use crate::exact::crib::{CribTable, ThrowKind, ThrowValue, ThrowWeights};
pub use crate::model::throws::{PerKind, SCALE, Tables, Throws, ValueSums};
use crate::rules::seat::Seat;

#[rustfmt::skip]
#[path = "../generated/expert_crib.rs"]
mod data;

/// How many six-card deals there are: C(52, 6).
pub const DEALS: u64 = 20_358_520;

/// What each side throws and what the throws are worth, after a round.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// In how many deals each side throws each kind (summed over the averaged rounds).
    pub throws: Throws,
    /// The crib values of those throws, each valued in its own deal, summed by kind.
    pub sums: ValueSums,
    /// The table: each kind's mean value over the deals it is thrown in.
    pub tables: Tables,
}

/// The expert model: the last two states of the iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Rounds of best response until no value moved by more than the tolerance, 0.001.
    pub rounds: u32,
    /// The first round whose throws are added to the rounds before (0: never).
    pub averaged_from: u32,
    /// The state the last round answered.
    pub previous: State,
    /// The state after the last round: the model.
    pub state: State,
}

impl Model {
    /// The model's tables.
    pub fn tables(&self) -> &Tables {
        &self.state.tables
    }

    /// How the other side's crib cards are weighted when the player in `seat` of a two-player
    /// game throws: a dealer faces the pone's throws, a pone the dealer's.
    pub(crate) fn others(&self, seat: Seat) -> ThrowWeights {
        if seat == Seat::DEALER {
            ThrowWeights::from_kind_counts(&self.state.throws.pone)
        } else {
            ThrowWeights::from_kind_counts(&self.state.throws.dealer)
        }
    }

    /// The table of every kind of throw for a dealer (into his own crib) or a pone (into the
    /// dealer's), with how often the side throws each kind.
    pub fn table(&self, seat: Seat) -> CribTable {
        let (values, counts) = if seat == Seat::PONE {
            (&self.state.tables.pone, &self.state.throws.pone)
        } else {
            (&self.state.tables.dealer, &self.state.throws.dealer)
        };
        let deals: u64 = counts.iter().sum();
        let throws = ThrowKind::all()
            .map(|kind| ThrowValue {
                low: kind.low,
                high: kind.high,
                suited: kind.suited,
                crib_mean: values[kind.index()],
                throws: kind.throws(),
                share: Some(counts[kind.index()] as f64 / deals as f64),
            })
            .collect();
        CribTable { throws }
    }
}

/// The committed model, as `src/generated/expert_crib.rs` holds it.
pub(crate) fn committed() -> &'static Model {
    &MODEL
}

static MODEL: Model = Model {
    rounds: data::ROUNDS,
    averaged_from: data::AVERAGED_FROM,
    previous: State {
        throws: Throws {
            dealer: data::PREVIOUS_DEALER_THROWS,
            pone: data::PREVIOUS_PONE_THROWS,
        },
        sums: ValueSums {
            dealer: data::PREVIOUS_DEALER_SUMS,
            pone: data::PREVIOUS_PONE_SUMS,
        },
        tables: Tables {
            dealer: data::PREVIOUS_DEALER_VALUES,
            pone: data::PREVIOUS_PONE_VALUES,
        },
    },
    state: State {
        throws: Throws {
            dealer: data::DEALER_THROWS,
            pone: data::PONE_THROWS,
        },
        sums: ValueSums {
            dealer: data::DEALER_SUMS,
            pone: data::PONE_SUMS,
        },
        tables: Tables {
            dealer: data::DEALER_VALUES,
            pone: data::PONE_VALUES,
        },
    },
};
