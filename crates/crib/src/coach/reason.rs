//! Why a decision cost what it did, as data: each reason names what differs from crib's choice
//! (the crib a throw fed, the hand it kept, the play; the points a card missed at once, or what
//! it left the next player), the cards and the points it moved, and the rule at stake. The
//! front ends word each kind once: the CLI for people and beside the data in its JSON.

use crate::coach::grade::{Choice, Decision, Worth};
use crate::rules::card::{Card, Rank};
use crate::rules::play::PegScore;
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::{Token, peg};
use crate::state::deal::DealTable;

/// Whose crib a throw went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The thrower's own (the dealer's).
    Yours,
    /// The other player's, with two players.
    Opponent,
    /// The dealer's, with three or four players.
    Dealer,
}

/// What is in a throw that matters to the crib it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Two cards of a rank: 2 points in the crib whatever falls.
    Pair(Rank),
    /// Two cards that make fifteen: 2 points in the crib whatever falls.
    Fifteen([Card; 2]),
    /// A five, which makes fifteen with any of the sixteen ten-cards.
    Five,
    /// Two cards in sequence, the makings of a run.
    Sequence([Card; 2]),
}

impl Shape {
    /// The shape of a throw, if it has one that matters to a crib: a pair, a fifteen, a five,
    /// two cards in sequence, the first that fits in that order.
    pub(crate) fn of(throw: &[Card]) -> Option<Shape> {
        match *throw {
            [a, b] if a.rank() == b.rank() => Some(Shape::Pair(a.rank())),
            [a, b] if a.value() + b.value() == 15 => Some(Shape::Fifteen([a, b])),
            _ if throw.iter().any(|c| c.rank().number() == 5) => Some(Shape::Five),
            [a, b] if a.rank().number().abs_diff(b.rank().number()) == 1 => {
                Some(Shape::Sequence([a, b]))
            }
            _ => None,
        }
    }
}

/// What a card left the next player, by the rule it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Risk {
    /// A five led: a ten-card makes fifteen on it.
    FiveLed(Card),
    /// A count of 5 left: a ten-card makes fifteen.
    FiveLeft,
    /// A count of 21 left: a ten-card makes 31.
    TwentyOneLeft,
    /// A card that paired the last: the next of the rank makes a pair royal.
    Pairing,
    /// A card within two ranks of the last: the next card may make a run.
    Run,
    /// A lead under a ten-card with two players: the next card may pair it or make fifteen.
    Lead(Card),
}

/// One reason a decision cost what it did. Points are the choice made less crib's best, for the
/// seat deciding: negative where the choice made gave up points.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// A throw's crib: `points` of crib points, in `whose` crib; `thrown`, where the choice
    /// made put a shape into another's crib that crib's best does not, is that shape.
    Crib {
        /// The crib points, signed for the thrower.
        points: f64,
        /// Whose crib it was.
        whose: Whose,
        /// The shape given away, where that is the cause.
        thrown: Option<Shape>,
    },
    /// A throw's hand: the four cards kept and what they average over the starters, against
    /// crib's best's.
    Hand {
        /// The hand's points, the choice made less crib's best.
        points: f64,
        /// The cards the choice made kept.
        kept: Vec<Card>,
        /// What they average over the starters.
        worth: f64,
        /// The cards crib's best keeps.
        best_kept: Vec<Card>,
        /// What they average.
        best_worth: f64,
    },
    /// A throw's play: what the four cards kept peg, less what the others do.
    Play {
        /// The play's points, the choice made less crib's best.
        points: f64,
    },
    /// A card that scored less at once than crib's: `best` scores `best_now` at once by
    /// `scores`.
    Now {
        /// crib's card.
        best: Card,
        /// What it scores at once.
        best_now: u32,
        /// How it scores them (fifteen, a pair, a run, 31, a go).
        scores: Vec<PegScore>,
        /// The points now, the card played less crib's.
        points: i64,
    },
    /// A card's rest of the play: what both sides can expect to the end of the deal, after what
    /// each card scores at once; `risk`, where the card played gives the next player more, is
    /// what it left them.
    Rest {
        /// The points of the rest of the play, the card played less crib's.
        points: f64,
        /// What the card left the next player, where that is the cause.
        risk: Option<Risk>,
    },
    /// A count claimed short.
    Count {
        /// The points claimed.
        claimed: u32,
        /// The points the hand or crib holds.
        holds: u32,
    },
}

/// Why `decision` (of `seat`'s at `table`) cost what it did, from where its points were: each
/// reason names what differs from crib's choice and the points it moved. Empty for a decision
/// that cost nothing.
pub(crate) fn reasons(table: &DealTable, seat: Seat, decision: &Decision) -> Vec<Reason> {
    if decision.matched() && decision.cost_p_win.is_none_or(|p| p < 0.005) {
        return Vec::new();
    }
    match (&decision.chosen, &decision.best, decision.worth) {
        (Choice::Throw(chosen), Choice::Throw(best), Some(worth)) => {
            throw_reasons(table, seat, [chosen, best], worth)
        }
        (Choice::Card(chosen), Choice::Card(best), Some(worth)) => {
            card_reasons(table, [*chosen, *best], worth)
        }
        (&Choice::Count(claimed), &Choice::Count(holds), _) => {
            vec![Reason::Count { claimed, holds }]
        }
        _ => Vec::new(),
    }
}

fn throw_reasons(
    table: &DealTable,
    seat: Seat,
    [chosen, best]: [&[Card]; 2],
    [mine, crib_s]: [Worth; 2],
) -> Vec<Reason> {
    let (
        Worth::Throw {
            hand: hand_a,
            crib: crib_a,
            play: play_a,
        },
        Worth::Throw {
            hand: hand_b,
            crib: crib_b,
            play: play_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let players = table.game.players;
    let own = players.owns_crib(seat);
    let whose = if own {
        Whose::Yours
    } else if players == Players::TWO {
        Whose::Opponent
    } else {
        Whose::Dealer
    };
    let mut said = Vec::new();
    let crib = crib_a - crib_b;
    if crib.abs() >= 0.05 {
        let shape = Shape::of(chosen).filter(|_| Shape::of(best) != Shape::of(chosen));
        said.push(Reason::Crib {
            points: crib,
            whose,
            thrown: shape.filter(|_| !own && crib < 0.0),
        });
    }
    let hand = hand_a - hand_b;
    if hand.abs() >= 0.05 {
        let dealt = &table.dealt[seat.index()];
        let kept = |throw: &[Card]| -> Vec<Card> {
            dealt
                .iter()
                .filter(|c| !throw.contains(c))
                .copied()
                .collect()
        };
        said.push(Reason::Hand {
            points: hand,
            kept: kept(chosen),
            worth: hand_a,
            best_kept: kept(best),
            best_worth: hand_b,
        });
    }
    if let (Some(a), Some(b)) = (play_a, play_b)
        && (a - b).abs() >= 0.05
    {
        said.push(Reason::Play { points: a - b });
    }
    said
}

/// The play up to the moment `card` was played in `table`'s deal.
fn play_before(table: &DealTable, card: Card) -> Vec<Token> {
    let at = table
        .tokens
        .iter()
        .position(|&t| t == Token::Card(card))
        .unwrap_or(table.tokens.len());
    table.tokens[..at].to_vec()
}

/// What `card` scores at once after `before`, and the count it makes.
fn scores_now(table: &DealTable, before: &[Token], card: Card) -> (Vec<PegScore>, u8) {
    let mut tokens = before.to_vec();
    tokens.push(Token::Card(card));
    match peg(&tokens, table.game.players) {
        Ok(pegging) => match pegging.events.last() {
            Some(event) => (event.scores.clone(), event.count),
            None => (Vec::new(), 0),
        },
        Err(_) => (Vec::new(), 0),
    }
}

/// What `card`, played at its moment in `table`'s deal, left the next player, if anything.
pub(crate) fn risk_of(table: &DealTable, card: Card) -> Option<Risk> {
    let before = play_before(table, card);
    let (_, count) = scores_now(table, &before, card);
    let last = before.iter().rev().find_map(|t| match t {
        Token::Card(c) => Some(*c),
        Token::Go => None,
    });
    let on_count = count > card.value();
    match count {
        5 if !on_count => Some(Risk::FiveLed(card)),
        5 => Some(Risk::FiveLeft),
        21 => Some(Risk::TwentyOneLeft),
        _ if on_count && last.is_some_and(|l| l.rank() == card.rank()) => Some(Risk::Pairing),
        _ if on_count
            && last.is_some_and(|l| {
                let gap = l.rank().number().abs_diff(card.rank().number());
                (1..=2).contains(&gap) && count < 31
            }) =>
        {
            Some(Risk::Run)
        }
        _ if !on_count && card.value() < 10 && table.game.players == Players::TWO => {
            Some(Risk::Lead(card))
        }
        _ => None,
    }
}

fn card_reasons(
    table: &DealTable,
    [chosen, best]: [Card; 2],
    [mine, crib_s]: [Worth; 2],
) -> Vec<Reason> {
    let (
        Worth::Card {
            now: now_a,
            mine: mine_a,
            theirs: theirs_a,
        },
        Worth::Card {
            now: now_b,
            mine: mine_b,
            theirs: theirs_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let mut said = Vec::new();
    if now_b > now_a {
        let (scores, _) = scores_now(table, &play_before(table, chosen), best);
        said.push(Reason::Now {
            best,
            best_now: now_b,
            scores,
            points: i64::from(now_a) - i64::from(now_b),
        });
    }
    let rest = (mine_a - f64::from(now_a) - theirs_a) - (mine_b - f64::from(now_b) - theirs_b);
    if rest.abs() >= 0.05 {
        said.push(Reason::Rest {
            points: rest,
            // A risk is the cause of points given up, never of a gain (issue 84, row 11).
            risk: risk_of(table, chosen).filter(|_| theirs_a > theirs_b && rest < 0.0),
        });
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A pair of fives thrown into the other player's crib is named as one; a fifteen by its
    /// cards, in the order thrown.
    #[test]
    fn a_pair_of_fives_in_their_crib() {
        let fives = Shape::of(&[card("5h"), card("5c")]);
        assert_eq!(fives, Some(Shape::Pair(card("5h").rank())));
        let fifteen = Shape::of(&[card("7h"), card("8c")]);
        assert_eq!(fifteen, Some(Shape::Fifteen([card("7h"), card("8c")])));
        assert_eq!(Shape::of(&[card("5h"), card("9c")]), Some(Shape::Five));
        let run = Shape::of(&[card("9h"), card("10c")]);
        assert_eq!(run, Some(Shape::Sequence([card("9h"), card("10c")])));
        assert_eq!(Shape::of(&[card("2h"), card("9c")]), None);
    }
}
