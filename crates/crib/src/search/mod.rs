//! Searching the play: the rest of a play solved with every card seen ([`solve`]), crib's engine
//! that averages that over every hand the opponent could hold ([`engine`]), rollouts played out
//! by the reading model's players (`rollout`: crib's strongest answers the lead by them), the
//! play of three and four players solved with every card seen ([`maxn`]: each for himself, or
//! partnerships), and the simpler players it is measured against ([`players`]), and the reading
//! of an opponent's hand from how they played ([`reading`]). The engine takes how to weigh the
//! opponent's hands as an input; it knows no model's data. Uses the rules only.

pub mod engine;
pub mod maxn;
pub(crate) mod memo;
pub(crate) mod packed;
pub mod players;
pub mod reading;
pub mod rollout;
pub mod sampled;
pub mod solve;
