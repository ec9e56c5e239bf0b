//! Play advice: what each card the player can play next is worth to the end of the deal, by
//! crib's engine ([`crate::search::engine`] for two players, every holding searched;
//! [`crate::search::sampled`] for three or four, the hidden hands sampled), the others' hidden
//! cards weighted by a model.

use crate::model::Models;
use crate::rules::card::Card;
use crate::rules::error::{Error, Result};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::Token;
use crate::rules::view::View;
use crate::search::engine::{HandWeights, PlayAdvice, advise};
use crate::search::sampled::{DealWeights, Lines, samples_for, solved_lines};

/// How the opponent's hidden cards are weighted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpponentModel {
    /// Every set of unseen cards equally likely.
    #[default]
    Uniform,
    /// Each set weighted by how much likelier crib's expert crib model is to keep that hand
    /// (the cards left with the cards already played) than four cards drawn at random.
    Expert,
    /// As `Expert`, and each set also by how likely the opponent, holding it, was to play the
    /// cards they played where they played them (crib's reading model of play,
    /// [`crate::search::reading`]).
    Reading,
}

impl OpponentModel {
    /// The name used in JSON: `uniform`, `expert` or `reading`.
    pub const fn name(self) -> &'static str {
        match self {
            OpponentModel::Uniform => "uniform",
            OpponentModel::Expert => "expert",
            OpponentModel::Reading => "reading",
        }
    }

    /// The engine's weighting for this model, from `models`.
    pub(crate) fn weighting(self, models: &Models) -> HandWeights<'_> {
        match self {
            OpponentModel::Uniform => HandWeights::Uniform,
            OpponentModel::Expert => HandWeights::Expert {
                keeps: models.kept.by_seat(),
            },
            OpponentModel::Reading => HandWeights::Reading {
                keeps: models.kept.by_seat(),
                model: crate::model::reading::committed(),
            },
        }
    }
}

impl OpponentModel {
    /// How crib's strongest player weighs the others' hidden cards with `players`: with two by
    /// what players keep and how they have played (`Reading`); with three and four by what they
    /// keep from five (`Expert`; with four over more deals as the play goes on, 64 at the first
    /// card of a deal doubled after each card played up to three). Reading the play of three
    /// and four did not measurably gain in the play against any baseline, and lost against
    /// greedy seats; on top of the keeps it gained nothing measurable in whole games either
    /// (and with four took half as long again); reading what four players keep over 64 deals
    /// alone gained nothing clear of the noise (docs/lab/strength.md).
    pub fn strongest(players: Players) -> OpponentModel {
        match players.count() {
            2 => OpponentModel::Reading,
            _ => OpponentModel::Expert,
        }
    }

    /// With three or four players, how crib's sampled engine weighs its deals of the others'
    /// hidden cards by this model: by what each seat keeps from the five dealt (the expert and
    /// reading models), and by how they have played (the reading model).
    pub(crate) fn deal_weights(self, models: &Models, players: Players) -> DealWeights<'_> {
        static READING: crate::search::reading::ReadingModel = crate::model::reading::committed();
        DealWeights {
            keeps: (self != OpponentModel::Uniform).then(|| models.kept_five(players)),
            reading: (self == OpponentModel::Reading).then_some(&READING),
        }
    }
}

/// Advise the player whose view this is: every legal card valued to the end of the deal, best
/// first, the opponent weighted by `opponent` with the models of `models`.
pub(crate) fn advise_play(models: &Models, view: &View<2>, opponent: OpponentModel) -> PlayAdvice {
    advise(view, opponent.weighting(models))
}

/// A decision of the play, for two, three or four players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayQuestion<'a> {
    /// How many play.
    pub players: Players,
    /// The player's four cards for the play.
    pub hand: &'a [Card],
    /// The player's seat, in the order of play (0 leads, the dealer is last).
    pub seat: Seat,
    /// Cards the player has seen that nobody else can hold: the starter, their throw.
    pub seen: &'a [Card],
    /// The play so far, from seat 0.
    pub tokens: &'a [Token],
    /// How the others' hidden cards are weighted.
    pub opponent: OpponentModel,
}

/// A decision of the play answered: what the player sees, and every legal card valued.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayAnswer {
    /// How many play.
    pub players: Players,
    /// The player's seat.
    pub seat: Seat,
    /// The player's four cards.
    pub hand: Vec<Card>,
    /// Every card played so far, with its seat.
    pub played: Vec<(Seat, Card)>,
    /// The count.
    pub count: u8,
    /// Every legal card, best first.
    pub advice: PlayAdvice,
    /// How the others' hidden cards were weighted.
    pub opponent: OpponentModel,
}

/// Answer a decision of the play: with two players every holding searched
/// ([`crate::search::engine`]); with three or four over 200 (three) or 64 (four) sampled deals
/// of the hidden cards ([`crate::search::sampled`]), every deal consistent with the play equally
/// likely, or drawn by how likely crib's players are to keep the hands they make (the expert
/// opponent model) and to have played as the others did (the reading model).
pub fn answer_play(models: &Models, question: &PlayQuestion) -> Result<PlayAnswer> {
    let players = question.players;
    if !players.has(question.seat) {
        return Err(Error::NoSuchSeat {
            seat: question.seat,
            players,
        });
    }
    match players.count() {
        2 => {
            let view = view::<2>(question)?;
            let advice = advise_play(models, &view, question.opponent);
            Ok(answer(players, view, advice, question.opponent))
        }
        3 => Ok(answer_sampled::<3>(models, question)?.0),
        _ => Ok(answer_sampled::<4>(models, question)?.0),
    }
}

/// Three or four players: the question answered by the sampled engine, its deals weighed by
/// what crib's players keep (the expert and reading models) and read by crib's reading model of
/// play (the reading model), as the question's opponent model says; with the view and the deals
/// solved, which the board weighs the same cards over.
pub(crate) fn answer_sampled<const N: usize>(
    models: &Models,
    question: &PlayQuestion,
) -> Result<(PlayAnswer, View<N>, Lines<N>)> {
    let view = view::<N>(question)?;
    let lines = sampled_lines(models, &view, question.opponent);
    let advice = lines.advice(&view);
    Ok((
        answer(Players::of::<N>(), view.clone(), advice, question.opponent),
        view,
        lines,
    ))
}

/// The deals the sampled engine values a decision of three or four players over, each solved
/// after each legal card, drawn as `opponent` weighs them: [`samples_for`] the players, but
/// with four players and the deals weighed by what the others keep, twice as many after each
/// card played, up to three (64 at the first card, then 128, 256 and 512). Weighed, fewer of
/// the deals differ, and each later decision is cheaper to solve than the first lead; with
/// the keeps, four players gained only with the deals so doubled (docs/lab/strength.md).
pub(crate) fn sampled_lines<const N: usize>(
    models: &Models,
    view: &View<N>,
    opponent: OpponentModel,
) -> Lines<N> {
    let players = Players::of::<N>();
    let doublings = match (N, opponent) {
        (4, OpponentModel::Expert | OpponentModel::Reading) => view.played.len().min(3),
        _ => 0,
    };
    solved_lines(
        view,
        samples_for(players) << doublings,
        opponent.deal_weights(models, players),
    )
}

/// What the question's player sees, for `N` players.
pub(crate) fn view<const N: usize>(question: &PlayQuestion) -> Result<View<N>> {
    View::new(question.hand, question.seat, question.seen, question.tokens)
}

fn answer<const N: usize>(
    players: Players,
    view: View<N>,
    advice: PlayAdvice,
    opponent: OpponentModel,
) -> PlayAnswer {
    PlayAnswer {
        opponent,
        players,
        seat: view.seat,
        count: view.count(),
        hand: view.hand,
        played: view.played,
        advice,
    }
}
