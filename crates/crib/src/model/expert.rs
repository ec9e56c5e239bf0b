//! The expert crib model: what players who throw well lay away, computed by crib itself.
//!
//! The uniform model values a crib as if the other side's two cards were any two unseen cards.
//! Real players don't throw at random: a dealer salts his own crib and a pone balks it. This
//! module finds what each side throws when both throw well, by **iterated best response** over
//! every six-card deal, with suits, so that hand flushes, crib flushes and nobs all count:
//!
//! 1. Start from the uniform model: every kind of throw valued as if the other side threw at
//!    random.
//! 2. In each of the 20,358,520 six-card deals, the dealer keeps the four cards that maximise
//!    his hand's expected points (over the 46 starters he cannot see) **plus** the table value
//!    of his throw, and the pone keeps the four that maximise her hand's expected points
//!    **minus** the table value of hers.
//! 3. Value every throw made in its own deal, as `crib discard` does: the other side's two cards
//!    drawn from what that side threw in the round before, restricted to the cards not in the
//!    thrower's six and renormalised, the starter from the 44 cards left; exact, with suits. A
//!    kind's table value (169 kinds: two ranks, suited or not) is its mean over the deals it is
//!    thrown in.
//! 4. Repeat until no kind's value moves by more than [`TOLERANCE`]. When pure best response
//!    cycles instead, later rounds are added to the earlier ones (fictitious play): see
//!    [`generate`].
//!
//! The model assumes that each side chooses by the table for its seat (not by a deeper reading
//! of the other side's hand), that both sides maximise expected points of the show only (the
//! play and the score on the board are left out), and that a tie between two equal choices goes
//! to the first in deck order.
//!
//! The result is generated data, committed in `src/generated/expert_crib.rs` and regenerated
//! byte for byte by `cargo xtask tables` (see `xtask/`).

use crate::exact::crib::{CribTable, ThrowKind, ThrowValue, ThrowWeights};
use crate::model::exclusions::Exclusions;
use crate::model::sweep::HandSums;
use crate::model::throws::add;
pub use crate::model::throws::{PerKind, SCALE, Tables, Throws, ValueSums};
use crate::rules::play::Seat;

#[rustfmt::skip]
#[path = "../generated/expert_crib.rs"]
mod data;

/// How many six-card deals there are: C(52, 6).
pub const DEALS: u64 = 20_358_520;

/// The iteration stops when no kind's value moves by more than this.
pub const TOLERANCE: f64 = 0.001;

/// The iteration gives up after this many rounds (it has never needed more than a handful).
pub const MAX_ROUNDS: u32 = 100;

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

impl State {
    /// The uniform model, where the iteration starts.
    pub fn uniform() -> State {
        let throws = Throws::uniform();
        State {
            tables: Tables::independent(&throws),
            sums: ValueSums {
                dealer: [0; ThrowKind::COUNT],
                pone: [0; ThrowKind::COUNT],
            },
            throws,
        }
    }

    /// The state of throws and value sums: each kind's value is its mean over the deals it is
    /// thrown in. A kind that no deal throws is valued as if thrown from any hand, the other
    /// side's throws drawn from the model ([`Tables::independent`]).
    pub fn new(throws: Throws, sums: ValueSums) -> State {
        let fallback = Tables::independent(&throws);
        let mean = |sums: &PerKind<u128>, counts: &PerKind<u64>, fallback: &PerKind<f64>| {
            let mut values = [0.0; ThrowKind::COUNT];
            for k in 0..ThrowKind::COUNT {
                values[k] = if counts[k] == 0 {
                    fallback[k]
                } else {
                    sums[k] as f64 / SCALE as f64 / counts[k] as f64
                };
            }
            values
        };
        let tables = Tables {
            dealer: mean(&sums.dealer, &throws.dealer, &fallback.dealer),
            pone: mean(&sums.pone, &throws.pone, &fallback.pone),
        };
        State {
            throws,
            sums,
            tables,
        }
    }
}

/// The expert model: the last two states of the iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Rounds of best response until no value moved by more than [`TOLERANCE`].
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
    pub fn others(&self, seat: Seat) -> ThrowWeights {
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

    /// The round that made this model, done again from the state it answered.
    pub fn last_round_again(&self) -> State {
        round(
            &HandSums::new(),
            &self.previous,
            self.averaged_from > 0 && self.rounds >= self.averaged_from,
        )
    }

    /// One more round of the iteration: the model it makes.
    pub fn next_round(&self) -> Model {
        Model {
            rounds: self.rounds + 1,
            averaged_from: self.averaged_from,
            previous: self.state.clone(),
            state: round(&HandSums::new(), &self.state, self.averaged_from > 0),
        }
    }
}

/// The committed model, as `src/generated/expert_crib.rs` holds it.
pub fn committed() -> &'static Model {
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

/// Run the iteration from the uniform model to the fixed point. `on_round` hears each round:
/// its number, the largest change of a value in it, and whether its throws are averaged.
///
/// Pure best response need not settle: it can fall into a cycle of two states, some deals
/// flipping between two throws each round, the values swinging for ever. So once a round's
/// change is no smaller than the change two rounds before, each later round's throws (and their
/// values) are added to the rounds before (fictitious play), which converges on the mixture of
/// the states that neither side can improve on.
pub fn generate(mut on_round: impl FnMut(u32, f64, bool)) -> Model {
    let hands = HandSums::new();
    let mut state = State::uniform();
    let mut averaged_from = 0;
    let mut changes: Vec<f64> = Vec::new();
    for round_number in 1..=MAX_ROUNDS {
        let averaging = averaged_from > 0;
        let next = round(&hands, &state, averaging);
        let change = next.tables.largest_change(&state.tables);
        on_round(round_number, change, averaging);
        if change <= TOLERANCE || round_number == MAX_ROUNDS {
            return Model {
                rounds: round_number,
                averaged_from,
                previous: state,
                state: next,
            };
        }
        let stalled = changes.len() >= 2 && change >= changes[changes.len() - 2];
        if !averaging && stalled {
            averaged_from = round_number + 1;
        }
        changes.push(change);
        state = next;
    }
    unreachable!("the loop returns in its last round")
}

/// One round: both sides answer `previous`'s tables in every deal, and each throw made is valued
/// in its own deal against the other side's throws in `previous`. With `averaging`, the round's
/// throws and values are added to `previous`'s.
fn round(hands: &HandSums, previous: &State, averaging: bool) -> State {
    let exclusions = [&previous.throws.pone, &previous.throws.dealer]
        .map(|others| Exclusions::new(&ThrowWeights::from_kind_counts(others)));
    let (mut throws, mut sums) = hands.best_responses(&previous.tables, &exclusions);
    if averaging {
        add(&mut throws.dealer, &previous.throws.dealer);
        add(&mut throws.pone, &previous.throws.pone);
        add(&mut sums.dealer, &previous.sums.dealer);
        add(&mut sums.pone, &previous.sums.pone);
    }
    State::new(throws, sums)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uniform_start_is_the_uniform_table() {
        let uniform = State::uniform().tables;
        let table = crate::exact::crib::crib_table();
        for t in &table.throws {
            let i = t.kind().index();
            assert_eq!(uniform.dealer[i], t.crib_mean);
            assert_eq!(uniform.pone[i], t.crib_mean);
        }
    }
}
