//! crib's workshop, behind three commands:
//! - `cargo xtask tables [STEP...]` makes every table in `crates/crib/src/generated/` in one
//!   run, each from the ones before it, and writes them;
//! - `cargo xtask verify [CHECK...]`, the slow tier, derives the committed tables again (or a
//!   sample of them) and runs the statistical checks, in a release build;
//! - `cargo xtask experiment NAME [ARGS]` runs one of the experiments the docs quote.
//!
//! The tests in `xtask/tests/` are the fast locks on the committed files, in `cargo test`.

pub mod experiment;
pub mod generate;
pub mod locks;
pub mod packing;
/// Every committed table's pin, as `cargo xtask tables` (or `cargo xtask pins`) wrote it.
#[rustfmt::skip]
pub mod pins;
pub mod render;
pub mod samples;
pub mod selfplay;
pub mod shards;
pub mod steps;
pub mod verify;

use std::path::PathBuf;

use crib::tables::model::packed::Layout;

/// The folder of the generated data the library reads: `crates/crib/src/generated/`.
pub fn generated() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/crib/src/generated")
}

/// The folder of the raw samples only xtask reads (what the tables are derived from, which the
/// checks derive them again from): `xtask/data/`.
pub fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Where the committed file `name` (one of [`files`]) lives: in [`data`] if only xtask reads
/// it, else in [`generated`].
pub fn path_of(name: &str) -> PathBuf {
    if files::RAW.contains(&name) {
        data().join(name)
    } else {
        generated().join(name)
    }
}

/// The committed file `name` (one of [`files`]), read from where it lives.
///
/// # Panics
/// If it cannot be read: every file named in [`files`] is committed.
pub fn committed(name: &str) -> Vec<u8> {
    let path = path_of(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// How the committed file `name` is compressed, if it is (the three large tables:
/// `crib::tables::model::packed`).
pub fn layout_of(name: &str) -> Option<Layout> {
    match name {
        files::PLAYS => Some(crib::tables::model::plays::LAYOUT),
        files::OPPONENTS => Some(crib::tables::model::opponents::LAYOUT),
        files::ODDS3 => Some(crib::tables::model::odds::LAYOUT3),
        _ => None,
    }
}

/// What is stored for the table `name` whose bytes are `bytes`: compressed as [`layout_of`]
/// says, or as they are.
pub fn stored(name: &str, bytes: &[u8]) -> Vec<u8> {
    match layout_of(name) {
        Some(layout) => packing::pack(bytes, layout),
        None => bytes.to_vec(),
    }
}

/// The bytes of the committed table `name`, unpacked if it is stored compressed: what its
/// reader in the library reads.
///
/// # Panics
/// If it cannot be read or does not unpack.
pub fn unpacked(name: &str) -> Vec<u8> {
    let bytes = committed(name);
    match layout_of(name) {
        Some(layout) => crib::tables::model::packed::unpack(&bytes, layout)
            .unwrap_or_else(|| panic!("{name} does not unpack")),
        None => bytes,
    }
}

/// The committed file `name` (one of [`files`]), read as text.
///
/// # Panics
/// If it cannot be read, or is not UTF-8.
pub fn committed_text(name: &str) -> String {
    String::from_utf8(committed(name)).expect("the generated sources are UTF-8")
}

/// What to do when a committed table is not what crib computes.
pub const REGENERATE: &str =
    "the committed table is not what crib computes: run `cargo xtask tables`";

/// The files `cargo xtask tables` writes, by name: in [`generated`], or the raw samples ([`files::RAW`])
/// in [`data`].
pub mod files {
    /// The raw samples: what only xtask reads, kept in `xtask/data/`.
    pub const RAW: [&str; 7] = [OUTCOMES, DEALS, BOARD, POOLS, PEG_MEANS, DEALS3, DEALS4];

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
    /// The pegging tables of three and four players, their sampling noise pulled out.
    pub const PEGGING34: &str = "pegging34.rs";
    /// The kept hands they draw the other seats' hands from.
    pub const POOLS: &str = "pegging34_pools.bin";
    /// Their entries as played out, each the mean of its deals, before the noise is pulled out.
    pub const PEG_MEANS: &str = "pegging34_means.bin";
    /// The odds of three players.
    pub const ODDS3: &str = "odds3.bin.zst";
    /// The deals they are solved from.
    pub const DEALS3: &str = "odds3_deals.bin";
    /// The odds of two partnerships.
    pub const ODDS4: &str = "odds4.rs";
    /// The deals they are solved from.
    pub const DEALS4: &str = "odds4_deals.bin";
    /// The play of every pair of two-player hands.
    pub const PLAYS: &str = "plays.bin.zst";
    /// The deals and keeps an end-game discard is weighed against.
    pub const OPPONENTS: &str = "opponents.bin.zst";
    /// The expert crib models of three and four players.
    pub const EXPERT34: &str = "expert34.rs";
    /// The hands players of three and four keep.
    pub const KEPT_FIVE: &str = "kept_five.rs";
    /// The reading model: how likely crib's players are to play each card they could.
    pub const READING: &str = "reading.rs";
}
