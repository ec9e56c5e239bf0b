//! What several experiments share: whole games of players for the board, and summaries.

pub mod board;
pub mod informed;
pub mod played_out;
pub mod reads;
pub mod stats;

/// The experiment's `i`th argument (from 0) read as a `T`, or `default` when it is missing or
/// does not read.
pub fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
}
