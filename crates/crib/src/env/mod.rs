//! The environment for programs that learn: a game stepped one card at a time (`steps`), what a
//! player sees of it as numbers (`observation`), and the game dealt again as one player could
//! believe it to be (`resample`), for a search that sees only what that player sees. It stands
//! on crib's players and the game's state, and knows nothing of the arena or the coach.

mod observation;
mod resample;
mod steps;

pub use steps::{Ask, Steps};
