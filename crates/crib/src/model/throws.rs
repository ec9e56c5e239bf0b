//! What each seat throws and what the throws are worth: the numbers the expert crib model's
//! iteration carries from one round to the next.

use crate::exact::crib::{ThrowKind, ThrowWeights, table_with};

/// One number for each kind of throw, in [`ThrowKind::all`] order.
pub type PerKind<T> = [T; ThrowKind::COUNT];

/// The crib value of every kind of throw, for each side.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// The dealer's throw into his own crib.
    pub dealer: PerKind<f64>,
    /// The pone's throw into the dealer's crib.
    pub pone: PerKind<f64>,
}

impl Tables {
    /// Every kind valued as if the other side's two cards were drawn from `throws`, with no
    /// regard to the cards the thrower keeps: the dealer's throws against the pone's, the pone's
    /// against the dealer's. With [`Throws::uniform`] this is the uniform model's table.
    pub fn independent(throws: &Throws) -> Tables {
        let values = |others: &PerKind<u64>| -> PerKind<f64> {
            let table = table_with(&ThrowWeights::from_kind_counts(others), None);
            let mut values = [0.0; ThrowKind::COUNT];
            for t in &table.throws {
                values[t.kind().index()] = t.crib_mean;
            }
            values
        };
        Tables {
            dealer: values(&throws.pone),
            pone: values(&throws.dealer),
        }
    }

    /// The largest difference between a value here and the same value in `other`.
    pub fn largest_change(&self, other: &Tables) -> f64 {
        self.dealer
            .iter()
            .zip(&other.dealer)
            .chain(self.pone.iter().zip(&other.pone))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }
}

/// How many deals each side throws each kind in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throws {
    /// The dealer's throws.
    pub dealer: PerKind<u64>,
    /// The pone's throws.
    pub pone: PerKind<u64>,
}

impl Throws {
    /// Throws at random: each kind as often as it has throws. Valued, this is the uniform model.
    pub fn uniform() -> Throws {
        let mut counts = [0; ThrowKind::COUNT];
        for kind in ThrowKind::all() {
            counts[kind.index()] = u64::from(kind.throws());
        }
        Throws {
            dealer: counts,
            pone: counts,
        }
    }
}

/// The crib values of the throws made, summed by kind, in units of 2^-40 of a point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueSums {
    /// The dealer's throws into his own crib.
    pub dealer: PerKind<u128>,
    /// The pone's throws into the dealer's crib.
    pub pone: PerKind<u128>,
}

/// The fixed-point scale of [`ValueSums`]: whole numbers add up the same in any order, so the
/// sums, and so the tables, are the same on every run however the work is shared out.
pub const SCALE: u128 = 1 << 40;

/// Add `b` to `a`, element by element.
pub fn add<T: Copy + std::ops::AddAssign>(a: &mut [T], b: &[T]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x += y;
    }
}
