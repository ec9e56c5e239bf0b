//! The rules of cribbage, and nothing about strategy: card notation, the show, the play, a whole
//! play followed token by token, and a deal counted on the board. Everything above builds on
//! these; nothing here uses anything above.

pub mod board;
pub mod card;
pub mod deal;
pub mod error;
pub mod numbering;
pub mod play;
pub mod position;
pub mod printed;
pub mod quote;
pub mod said;
pub mod seat;
pub mod sequence;
pub mod show;
pub mod shuffle;
pub mod view;
