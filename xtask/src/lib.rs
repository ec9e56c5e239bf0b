//! crib's generators, behind one command: `cargo xtask tables` makes every table in
//! `crates/crib/src/generated/` in one run, each from the ones before it, and writes them.
//! The tests in `xtask/tests/` derive the committed tables again from their raw samples.

pub mod render;
pub mod samples;
pub mod shards;
pub mod steps;

use std::path::PathBuf;

/// The folder of generated data.
pub fn generated() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/crib/src/generated")
}

/// The files `cargo xtask tables` writes, by name in [`generated`].
pub mod files {
    /// The expert crib model.
    pub const EXPERT: &str = "expert_crib.rs";
    /// The hands its players keep.
    pub const KEPT: &str = "kept_hands.rs";
    /// The pegging table.
    pub const PEGGING: &str = "pegging.rs";
    /// The pairs of hands the pegging table is aggregated from.
    pub const OUTCOMES: &str = "pegging_outcomes.bin";
    /// The odds.
    pub const ODDS: &str = "odds.rs";
    /// The deals the odds are solved from.
    pub const DEALS: &str = "odds_deals.bin";
    /// The change playing for the board makes to the odds, and the witness deals.
    pub const BOARD: &str = "odds_board.bin";
    /// The pegging tables of three and four players.
    pub const PEGGING_MULTI: &str = "pegging_multi.rs";
    /// The kept hands they draw the other seats' hands from.
    pub const POOLS: &str = "pegging_multi_pools.bin";
    /// The odds of three players.
    pub const ODDS3: &str = "odds3.bin";
    /// The deals they are solved from.
    pub const DEALS3: &str = "odds3_deals.bin";
    /// The odds of two partnerships.
    pub const ODDS4: &str = "odds4.rs";
    /// The deals they are solved from.
    pub const DEALS4: &str = "odds4_deals.bin";
    /// The play of every pair of two-player hands.
    pub const PLAYS: &str = "plays.bin";
    /// The deals and keeps an end-game discard is weighed against.
    pub const OPPONENTS: &str = "opponents.bin";
    /// The expert crib models of three and four players.
    pub const EXPERT_MULTI: &str = "expert_multi.rs";
}
