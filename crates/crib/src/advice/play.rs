//! Play advice: what each card the player can play next is worth to the end of the deal, by
//! crib's engine ([`crate::search::engine`]), the opponent's hidden cards weighted by a model.

use crate::model::Models;
use crate::rules::view::View;
use crate::search::engine::{Opponent, PlayAdvice, advise};

/// How the opponent's hidden cards are weighted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpponentModel {
    /// Every set of unseen cards equally likely.
    #[default]
    Uniform,
    /// Each set weighted by how much likelier crib's expert crib model is to keep that hand
    /// (the cards left with the cards already played) than four cards drawn at random.
    Expert,
}

impl OpponentModel {
    /// The name used in JSON: `uniform` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            OpponentModel::Uniform => "uniform",
            OpponentModel::Expert => "expert",
        }
    }

    /// The engine's weighting for this model, from `models`.
    pub fn weighting(self, models: &Models) -> Opponent<'_> {
        match self {
            OpponentModel::Uniform => Opponent::Uniform,
            OpponentModel::Expert => Opponent::Expert {
                keeps: models.kept.by_seat(),
            },
        }
    }
}

/// Advise the player whose view this is: every legal card valued to the end of the deal, best
/// first, the opponent weighted by `opponent` with the models of `models`.
pub fn advise_play(models: &Models, view: &View<2>, opponent: OpponentModel) -> PlayAdvice {
    advise(view, opponent.weighting(models))
}
