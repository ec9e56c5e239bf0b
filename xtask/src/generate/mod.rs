//! The generators of crib's tables: every solver, iteration and encoder that makes what the
//! library reads from `crates/crib/src/generated/`, and the raw samples beside them. The steps
//! of `cargo xtask tables` ([`crate::steps`]) call them in order.

pub mod exclusions;
pub mod expert;
pub mod expert_multi;
pub mod kept;
pub mod odds;
pub mod odds_board;
pub mod odds_multi;
pub mod opponents;
pub mod pegging;
pub mod pegging_multi;
pub mod pegging_smooth;
pub mod plays;
pub mod reading;
pub mod simulate;
pub mod sweep;
