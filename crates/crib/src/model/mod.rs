//! What players who play well do, computed by crib from the rules and committed as generated
//! data: the expert crib model (what each seat throws), the hands its players keep, and the
//! pegging table (what each kept hand pegs). [`Models`] holds one set of them: the committed
//! set that every answer uses, or a set being generated, step by step, by `cargo xtask
//! tables`. Uses the rules, exact counting and the play search.

pub mod expert;
pub mod expert_multi;
pub mod kept;
pub mod odds;
pub mod odds_multi;
pub mod opponents;
pub mod pegging;
pub mod pegging_multi;
pub mod plays;
pub mod throws;

use std::sync::OnceLock;

use kept::KeptHands;
use pegging::PegTable;

/// One set of models: what crib's players throw, keep and peg.
#[derive(Debug, Clone, PartialEq)]
pub struct Models {
    /// The expert crib model.
    pub expert: expert::Model,
    /// The hands its players keep.
    pub kept: KeptHands,
    /// What each kept hand pegs, with crib's engine on both sides.
    pub pegging: PegTable,
}

impl Models {
    /// The committed models, as `src/generated/` holds them, read once.
    pub fn committed() -> &'static Models {
        static MODELS: OnceLock<Models> = OnceLock::new();
        MODELS.get_or_init(|| Models {
            expert: expert::committed().clone(),
            kept: KeptHands::committed(),
            pegging: PegTable::committed(),
        })
    }
}
