//! The environment for programs that learn: a game stepped one card at a time (`steps`) and
//! what a player sees of it as numbers (`observation`). It stands on crib's players and the
//! game's state, and knows nothing of the arena or the coach.

mod observation;
mod steps;

pub use observation::OBSERVATION_SIZE;
pub use steps::{Ask, Steps};
