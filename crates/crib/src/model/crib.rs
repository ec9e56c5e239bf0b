//! The expert crib model, whatever the number of players: what the other seats lay away when
//! every seat throws well, as one type. Two players' model weighs the other side's two cards
//! by the kinds of throw it makes ([`crate::model::expert`]); three and four players' weighs
//! each other seat's card by the ranks it throws ([`crate::model::expert_one_card`]). Either
//! answers the same questions: how the crib's other cards are weighted when a seat throws
//! (`ExpertCrib::others`), and what each throw a seat can make is worth
//! (`ExpertCrib::table`).

use crate::exact::crib::{
    CribTable, SingleThrowValue, ThrowWeights, crib_table, expected_crib, expected_crib_seats,
    single_card_table, single_card_table_with,
};
use crate::model::expert::Model;
use crate::model::expert_one_card::{OneCardModel, RankCounts};
use crate::rules::card::Card;
use crate::rules::seat::Players;
use crate::rules::seat::Seat;

/// The expert crib model of one game: two players' or three and four players'.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ExpertCrib<'a> {
    /// Two players: each side throws two cards.
    Two(&'a Model),
    /// Three or four players: each seat throws one card.
    Many(&'a OneCardModel),
}

impl ExpertCrib<'_> {
    /// How the crib's other cards are weighted when the player in `seat` throws: with two
    /// players a dealer faces the pone's throws and a pone the dealer's; with three or four,
    /// each other seat's card by how often that seat throws its rank, the crib's dealt card
    /// (three players) any card.
    pub(crate) fn others(&self, seat: Seat) -> Others {
        match self {
            ExpertCrib::Two(model) => Others::Throws(Box::new(model.others(seat))),
            ExpertCrib::Many(model) => Others::Seats(Box::new(model.others(seat))),
        }
    }

    /// What each throw `seat` can make is worth to the crib under the model, with how often the
    /// seat makes it.
    pub(crate) fn table(&self, seat: Seat) -> ThrowTable {
        match self {
            ExpertCrib::Two(model) => ThrowTable::Pairs(model.table(seat)),
            ExpertCrib::Many(model) => ThrowTable::Cards(single_card_table_with(
                &model.others(seat),
                &model.shares(seat),
            )),
        }
    }
}

/// How the crib's other cards are weighted when a player throws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Others {
    /// Every other card of the crib drawn as the kinds of throw weighted here: two players'
    /// expert model, or any number's uniform model ([`Others::uniform`]).
    Throws(Box<ThrowWeights>),
    /// Each other seat's one card weighted by how often it throws each rank, in seat order, and
    /// (three players) the crib's dealt card.
    Seats(Box<[RankCounts; 3]>),
}

impl Others {
    /// Every set of unseen cards equally likely to complete the crib.
    pub(crate) fn uniform() -> Others {
        Others::Throws(Box::new(ThrowWeights::uniform()))
    }

    /// The crib's expected points when `throw` is thrown, its other cards from `unseen` weighted
    /// so, the starter from the cards left. (A throw of two cards against seats that throw one
    /// each, which no game deals, is weighed as if the others were any cards.)
    pub(crate) fn expected_crib(&self, throw: &[Card], unseen: &[Card]) -> f64 {
        match (self, throw) {
            (Others::Seats(seats), &[card]) => expected_crib_seats(card, unseen, seats),
            (Others::Throws(weights), _) => expected_crib(throw, unseen, weights),
            (Others::Seats(_), _) => expected_crib(throw, unseen, &ThrowWeights::uniform()),
        }
    }
}

/// What each throw is worth to the crib: every kind of two-card throw (two players), or every
/// one-card throw (three and four).
#[derive(Debug, Clone, PartialEq)]
pub enum ThrowTable {
    /// Two players: the 169 kinds of throw, two ranks, suited or not.
    Pairs(CribTable),
    /// Three and four players: the 13 ranks.
    Cards(Vec<SingleThrowValue>),
}

impl ThrowTable {
    /// The uniform model's table of `players`: the crib's other cards any unseen cards. The same
    /// for every seat.
    pub(crate) fn uniform(players: Players) -> ThrowTable {
        if players == Players::TWO {
            ThrowTable::Pairs(crib_table())
        } else {
            ThrowTable::Cards(single_card_table())
        }
    }
}
