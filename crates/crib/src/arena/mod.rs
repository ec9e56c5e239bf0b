//! The arena: contestants meeting in duplicate games (`duplicate`), the tally of their results
//! (shares over groups, Elo, the SPRT: `tally`) and a round robin's ratings on one scale
//! (`ladder`). What `crib match` runs on. It stands on crib's players and the game's state, and
//! knows nothing of the coach or the environment.

mod duplicate;
mod ladder;
mod tally;

pub use duplicate::{
    Arena, BuiltIn, Contestant, Forfeit, GameRecord, Points, Timing, group_seed, seatings,
};
pub use ladder::{Pairing, Rating, Ratings, rate};
pub use tally::{Elo, Sprt, SprtState, Standing, Summary, summarise};
