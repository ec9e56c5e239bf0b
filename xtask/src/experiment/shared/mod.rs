//! What several experiments share: whole games of players for the board, and summaries.

pub mod board;
pub mod stats;
