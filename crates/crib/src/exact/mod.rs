//! Exact counting: statistics over every hand, the crib's expected value over every way it can
//! fall, and the rulebooks' printed tables and claims checked by such sweeps. Uses the rules
//! only.

pub mod crib;
pub mod rulebooks;
pub mod stats;
