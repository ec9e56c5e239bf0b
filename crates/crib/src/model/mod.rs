//! What players who play well do, computed by crib from the rules and committed as generated
//! data, for two, three and four players: the expert crib model (what each seat throws:
//! [`crib`], from [`expert`] and [`expert_one_card`]), the hands its players keep ([`kept`]), the
//! pegging tables (what each kept hand pegs: [`pegging`]), the plays of every pair of two
//! players' hands ([`plays`]), the pool of opponents a discard for the game is weighed against
//! ([`opponents`]), and the odds of winning from every position ([`odds`]). [`Models`] holds one
//! set of them: the committed set that every answer uses, or a set being generated, step by
//! step, by `cargo xtask tables`. Reads only: every table is made by `xtask`. Uses the rules and
//! exact counting.

pub mod crib;
pub mod expert;
pub mod expert_one_card;
pub mod kept;
pub mod odds;
pub mod opponents;
pub mod packed;
pub mod par;
pub mod pegging;
pub mod plays;
pub mod reading;
pub mod throws;

use std::sync::OnceLock;

use crate::rules::seat::Players;
use crib::ExpertCrib;
use expert_one_card::OneCardModel;
use kept::KeptHands;
use pegging::PegTable;

/// One set of models: what crib's players throw, keep and peg, for two, three and four players.
#[derive(Debug, Clone, PartialEq)]
pub struct Models {
    /// The expert crib model of two players.
    pub expert: expert::Model,
    /// The expert crib models of three and four players.
    pub one_card: [OneCardModel; 2],
    /// The hands two players' expert model keeps.
    pub kept: KeptHands,
    /// The hands players of three and four keep from the five dealt, by seat: three's, then
    /// four's.
    pub kept_five: [Vec<Vec<u64>>; 2],
    /// What each kept hand pegs: the pegging tables of two, three and four players, in order.
    pub peg_tables: [PegTable; 3],
}

impl Models {
    /// The committed models, as `src/generated/` holds them, read once.
    pub fn committed() -> &'static Models {
        static MODELS: OnceLock<Models> = OnceLock::new();
        MODELS.get_or_init(|| Models {
            expert: expert::committed().clone(),
            one_card: [Players::THREE, Players::FOUR].map(|p| OneCardModel::committed(p).clone()),
            kept: KeptHands::committed(),
            kept_five: kept::committed_five(),
            peg_tables: Players::ALL.map(PegTable::committed),
        })
    }

    /// The expert crib model of `players`.
    pub(crate) fn crib(&self, players: Players) -> ExpertCrib<'_> {
        match players.count() {
            2 => ExpertCrib::Two(&self.expert),
            n => ExpertCrib::Many(&self.one_card[n - 3]),
        }
    }

    /// The hands each seat of three or four players (`players`) keeps from the five dealt,
    /// by seat (none with two: [`Models::kept`] holds theirs, from six).
    pub(crate) fn kept_five(&self, players: Players) -> &[Vec<u64>] {
        match players.count() {
            2 => &[],
            n => &self.kept_five[n - 3],
        }
    }

    /// The pegging table of `players`.
    pub fn peg_table(&self, players: Players) -> &PegTable {
        &self.peg_tables[players.count() - 2]
    }
}
