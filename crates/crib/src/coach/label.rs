//! What a decision cost and what it is called: its label by what it cost (an inaccuracy, a
//! mistake, a blunder), and its fault, the part of its value that cost most.
//!
//! - **What a decision cost** is the chance of winning crib's best choice keeps over the one
//!   made, where it was graded for the board; else its expected points lost, at what a point is
//!   worth in the chance of winning at that deal's score
//!   ([`point_value`](crate::coach::point_value)). Never negative.
//! - **Labels** are the worse of two: by [`LABELS_POINTS`] in points, and, where the board was
//!   weighed, by [`LABELS_WIN`] in the chance of winning; none by points for a choice better
//!   for the game than crib's.

use crate::coach::account::{loss, point_value};
use crate::coach::grade::{Choice, Decision, Worth};
use crate::coach::reason::{Reason, Risk, reasons, risk_of};
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::seat::Seat;
use crate::state::deal::DealTable;

/// What the coach makes of one graded decision: what it cost, its label, what it got wrong and
/// why. The one door every front end judges a decision through.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// The chance of winning it cost: its own where it was graded for the board, else its
    /// expected points lost at what a point was worth at the deal's start. Never negative.
    pub loss: f64,
    /// Its label; none when it cost less than an inaccuracy.
    pub label: Option<Label>,
    /// What it got wrong; none when it cost nothing.
    pub fault: Option<Fault>,
    /// Why it cost what it did, as data (empty when it cost nothing).
    pub reasons: Vec<Reason>,
}

/// Judge `decision`, made by `seat` at `table` (graded by [`crate::coach::grade`]).
pub fn judge(table: &DealTable, seat: Seat, decision: &Decision) -> Result<Judgement> {
    let point = point_value(table.game, &table.start, seat)?;
    Ok(Judgement {
        loss: loss(decision, point),
        label: Label::of(decision),
        fault: fault(table, decision),
        reasons: reasons(table, seat, decision, Label::by_board(decision)),
    })
}

/// The chance of winning lost from which a decision is an inaccuracy, a mistake, a blunder.
pub const LABELS_WIN: [f64; 3] = [0.015, 0.04, 0.08];

/// The expected points lost from which a decision not weighed for the board is an inaccuracy,
/// a mistake, a blunder: about the chance of [`LABELS_WIN`] at two percent a point, what a point
/// is worth early in a game.
pub const LABELS_POINTS: [f64; 3] = [0.75, 2.0, 4.0];

/// What a decision was, by what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// It cost a little.
    Inaccuracy,
    /// It cost clearly.
    Mistake,
    /// It cost a lot.
    Blunder,
}

impl Label {
    /// All three, mildest first.
    pub const ALL: [Label; 3] = [Label::Inaccuracy, Label::Mistake, Label::Blunder];

    /// `inaccuracy`, `mistake` or `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// Whether the board made `decision`'s label: by the chance of winning it is worse than by
    /// its points.
    fn by_board(decision: &Decision) -> bool {
        let level = |cost: f64, at: [f64; 3]| at.iter().filter(|&&t| cost >= t - 1e-12).count();
        decision
            .cost_p_win
            .is_some_and(|p| level(p, LABELS_WIN) > level(decision.cost, LABELS_POINTS))
    }

    /// The label of `decision`: the worse of its label by points and, where the board was
    /// weighed, by the chance of winning it cost, so that a throw of many points is a blunder
    /// even where the game is all but decided (a learner's skill is points); but none by points
    /// for a choice better for the game than crib's (points given up to win). `None` when it
    /// cost less than an inaccuracy both ways.
    pub(crate) fn of(decision: &Decision) -> Option<Label> {
        let by = |cost: f64, thresholds: [f64; 3]| {
            Label::ALL
                .into_iter()
                .zip(thresholds)
                .rev()
                .find(|&(_, at)| cost >= at - 1e-12)
                .map(|(label, _)| label)
        };
        match decision.cost_p_win {
            Some(p) if p < 0.0 => None,
            Some(p) => by(p, LABELS_WIN).max(by(decision.cost, LABELS_POINTS)),
            None => by(decision.cost, LABELS_POINTS),
        }
    }
}

/// What a decision got wrong: the part of its points that cost most, or the board where the
/// points did not differ. `crib stats --logs` counts a player's mistakes by their fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fault {
    /// A throw whose crib cost most (into the other's crib, or too little into your own).
    ThrowCrib,
    /// A throw whose hand kept cost most.
    ThrowHand,
    /// A throw whose four cards peg worse.
    ThrowPlay,
    /// A card that scored less at once than crib's.
    PointsNow,
    /// A card that left a count of 5 or 21.
    FifteenLeft,
    /// A card that paired the last, inviting a pair royal.
    Pairing,
    /// A card that offered a run.
    Run,
    /// A lead that lets the next card pair it or make fifteen.
    Lead,
    /// The rest of the play.
    RestOfPlay,
    /// A count claimed short.
    Count,
    /// A choice as good in points that wins fewer games.
    Board,
}

impl Fault {
    /// The fault a card's risk names: what it left the next player.
    pub(crate) const fn of_risk(risk: Risk) -> Fault {
        match risk {
            Risk::FiveLed(_) | Risk::FiveLeft | Risk::TwentyOneLeft => Fault::FifteenLeft,
            Risk::Pairing => Fault::Pairing,
            Risk::Run => Fault::Run,
            Risk::Lead(_) => Fault::Lead,
        }
    }
}

/// The part that cost most of `parts` (each a kind and what the choice made less crib's
/// gained), if any cost a twentieth of a point.
fn costliest_part(parts: &[(Fault, f64)]) -> Option<Fault> {
    parts
        .iter()
        .filter(|(_, d)| *d < -0.05)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|&(k, _)| k)
}

/// What `decision` (at `table`) got wrong; `None` when it cost nothing.
pub(crate) fn fault(table: &DealTable, decision: &Decision) -> Option<Fault> {
    let board = decision.cost_p_win.is_some_and(|p| p > 1e-9);
    if decision.matched() && !board {
        return None;
    }
    let found = match (&decision.chosen, decision.worth) {
        (Choice::Count(_), _) => Some(Fault::Count),
        (Choice::Throw(_), Some([a, b])) => match (a, b) {
            (
                Worth::Throw {
                    hand: h1,
                    crib: c1,
                    play: p1,
                },
                Worth::Throw {
                    hand: h2,
                    crib: c2,
                    play: p2,
                },
            ) => costliest_part(&[
                (Fault::ThrowHand, h1 - h2),
                (Fault::ThrowCrib, c1 - c2),
                (Fault::ThrowPlay, p1.unwrap_or(0.0) - p2.unwrap_or(0.0)),
            ]),
            _ => None,
        },
        (Choice::Card(chosen), Some([a, b])) => card_fault(table, *chosen, a, b),
        _ => None,
    };
    found.or(board.then_some(Fault::Board))
}

/// What a card got wrong: points now, or what it left the next player.
fn card_fault(table: &DealTable, chosen: Card, a: Worth, b: Worth) -> Option<Fault> {
    let (
        Worth::Card {
            now: n1,
            mine: m1,
            theirs: t1,
        },
        Worth::Card {
            now: n2,
            mine: m2,
            theirs: t2,
        },
    ) = (a, b)
    else {
        return None;
    };
    let now = f64::from(n1) - f64::from(n2);
    let rest = (m1 - f64::from(n1) - t1) - (m2 - f64::from(n2) - t2);
    match costliest_part(&[(Fault::PointsNow, now), (Fault::RestOfPlay, rest)]) {
        Some(Fault::RestOfPlay) => Some(
            risk_of(table, chosen)
                .filter(|_| t1 > t2)
                .map_or(Fault::RestOfPlay, Fault::of_risk),
        ),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(cost: f64, cost_p_win: Option<f64>) -> Decision {
        Decision {
            chosen: Choice::Count(0),
            best: Choice::Count(0),
            cost,
            count: None,
            cost_p_win,
            worth: None,
        }
    }

    /// The thresholds, in points and, where the board was weighed, in the chance of winning:
    /// the worse of the two labels, none for a choice better for the game.
    #[test]
    fn labels_by_cost() {
        assert_eq!(Label::of(&decision(0.5, Some(0.014))), None);
        assert_eq!(Label::of(&decision(3.0, Some(0.014))), Some(Label::Mistake));
        // A pair of fives into the other's crib at 28-63: a blunder by points.
        assert_eq!(
            Label::of(&decision(13.9, Some(0.0075))),
            Some(Label::Blunder)
        );
        assert_eq!(Label::of(&decision(0.5, Some(0.2))), Some(Label::Blunder));
        assert_eq!(Label::of(&decision(3.0, Some(-0.03))), None);
        assert_eq!(
            Label::of(&decision(0.0, Some(0.015))),
            Some(Label::Inaccuracy)
        );
        assert_eq!(Label::of(&decision(0.0, Some(0.05))), Some(Label::Mistake));
        assert_eq!(Label::of(&decision(0.0, Some(0.2))), Some(Label::Blunder));
        assert_eq!(Label::of(&decision(0.0, Some(-0.03))), None);
        assert_eq!(Label::of(&decision(0.7, None)), None);
        assert_eq!(Label::of(&decision(0.75, None)), Some(Label::Inaccuracy));
        assert_eq!(Label::of(&decision(3.0, None)), Some(Label::Mistake));
        assert_eq!(Label::of(&decision(4.0, None)), Some(Label::Blunder));
    }
}
