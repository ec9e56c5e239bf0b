//! Whole deals and games played by crib's own players, sampled: what the odds are solved from
//! ([`crate::generate::odds`], [`crate::generate::odds34`]) and what the experiments
//! measure.

pub mod deals;
pub mod deals34;
