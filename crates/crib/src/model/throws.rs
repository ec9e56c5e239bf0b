//! What each seat throws and what the throws are worth: the numbers the expert crib model's
//! iteration carries from one round to the next, and the committed model holds.

use crate::exact::crib::ThrowKind;

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

/// How many deals each side throws each kind in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throws {
    /// The dealer's throws.
    pub dealer: PerKind<u64>,
    /// The pone's throws.
    pub pone: PerKind<u64>,
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
