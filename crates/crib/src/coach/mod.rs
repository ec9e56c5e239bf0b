//! The coach: every decision of a deal graded against crib's (`grade`), what each cost and its
//! label (`label`), why, as data a front end words (`reason`), a game's accuracy and its luck
//! and skill (`account`), and practice positions with their schedule (`drills`). What `crib
//! review`, `crib train` and `crib stats --logs` run on. It stands on crib's players and the
//! game's state, and knows nothing of the arena or the environment.

mod account;
mod drills;
mod grade;
mod label;
mod reason;

pub use account::{GameAccount, Graded, Swing, account, accuracy};
pub use drills::{
    Drill, Focus, Schedule, count_drill, decisions_of, discard_drill, missed, play_drill,
};
pub use grade::{Choice, Decision, Worth, grade, grade_card, grade_throw};
pub use label::{Fault, Judgement, Label, judge};
pub use reason::{Reason, Risk, Shape, Whose};
