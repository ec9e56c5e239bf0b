//! The fast locks on every committed table, in `cargo test`: each file is its pin (its length
//! and digest), the files that are Rust source are the committed values rendered again, every
//! binary file reads back and writes out to the same bytes, and a few entries of each table are
//! computed again from what they were made from. Deriving the tables again at scale is the slow
//! tier, `cargo xtask verify`.

mod entries;
mod pins;
mod renders;
mod round_trips;
