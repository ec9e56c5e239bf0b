//! The coach: a deal's decisions graded as `crib review` grades them (`review_deal`), each with
//! what it cost, its label, its fault and its reasons as objects (`Reason`): the library's
//! reasons as data, which the command words and Python reads.

use pyo3::prelude::*;

use crib::Models;
use crib::coach::{Choice, Decision, Fault, Reason, Risk, Shape, Whose, grade, judge};
use crib::game::DealTable;
use crib::pegging::parse_tokens;
use crib::{Card, Seat};

use crate::cards::{PyCard, cards, error, texts, value_error};
use crate::show::{fields_repr, game_of, players_of, scores_of};

/// One reason a decision cost what it did. `kind` says which, and which fields it fills (the
/// others are `None`); `points` is the choice made less crib's best, for the player deciding:
/// - `"crib"`: the crib's points, in `whose` crib (`"yours"`, `"partner"`, `"opponent"`,
///   `"dealer"`), and `shape` (`"pair"`, `"fifteen"`, `"five"`, `"sequence"`, `"makes five"`,
///   `"gap"`, with `shape_cards` or `shape_rank`) where the throw put that shape in another's
///   crib and crib's best does not;
/// - `"hand"`: the four cards `kept` and their `worth` over the starters, against crib's
///   `best_kept` and `best_worth`;
/// - `"play"`: what a throw's four cards peg, less what the others do;
/// - `"now"`: crib's card `best` scores `best_now` at once by `scores` (`"fifteen 2"`, ...);
/// - `"rest"`: the rest of the play, and the `rule` the card opened to the next player where
///   that is the cause (`"five led"`, `"five left"`, `"21 left"`, `"pairing"`, `"run"`,
///   `"lead"`, with the `card` led);
/// - `"feeds"`: crib's throw puts the `shape` in your side's crib;
/// - `"holds"`: what the four cards kept (`holds`) and crib's keep (`best_holds`) hold before
///   the starter;
/// - `"starters"`: of the `of` starters you cannot see, how many give crib's keep more
///   (`better`) and fewer (`worse`) points than yours;
/// - `"low card"`: the `card` crib's keep holds for the go;
/// - `"replies"`: the `ranks` (and `replies`, how many cards you cannot see) that score at
///   once played next on the card, and on crib's (`best_ranks`, `best_replies`);
/// - `"spent"`: the `card` played was your lowest; `"from pair"`: crib's `card` is one of a
///   pair you hold; `"room"`: the `count` the card leaves and crib's `best_count`;
/// - `"board"`: the board made the label: `cost_p_win`, with `points` 0 or a little less;
/// - `"count"`: a count `claimed` short of what it `holds`.
#[pyclass(module = "crib_core", name = "Reason", frozen, get_all)]
pub struct CoachReason {
    kind: &'static str,
    points: Option<f64>,
    whose: Option<&'static str>,
    shape: Option<&'static str>,
    shape_cards: Option<Vec<PyCard>>,
    shape_rank: Option<&'static str>,
    kept: Option<Vec<PyCard>>,
    worth: Option<f64>,
    best_kept: Option<Vec<PyCard>>,
    best_worth: Option<f64>,
    best: Option<PyCard>,
    best_now: Option<u32>,
    scores: Option<Vec<String>>,
    rule: Option<&'static str>,
    card: Option<PyCard>,
    claimed: Option<u32>,
    holds: Option<u32>,
    best_holds: Option<u32>,
    better: Option<u32>,
    worse: Option<u32>,
    of: Option<u32>,
    ranks: Option<Vec<&'static str>>,
    best_ranks: Option<Vec<&'static str>>,
    replies: Option<u32>,
    best_replies: Option<u32>,
    count: Option<u8>,
    best_count: Option<u8>,
    cost_p_win: Option<f64>,
}

const REASON_FIELDS: [&str; 28] = [
    "kind",
    "points",
    "whose",
    "shape",
    "shape_cards",
    "shape_rank",
    "kept",
    "worth",
    "best_kept",
    "best_worth",
    "best",
    "best_now",
    "scores",
    "rule",
    "card",
    "claimed",
    "holds",
    "best_holds",
    "better",
    "worse",
    "of",
    "ranks",
    "best_ranks",
    "replies",
    "best_replies",
    "count",
    "best_count",
    "cost_p_win",
];

#[pymethods]
impl CoachReason {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        // Only the fields this kind fills.
        let filled: Vec<&str> = REASON_FIELDS
            .iter()
            .copied()
            .filter(|f| slf.as_any().getattr(*f).is_ok_and(|v| !v.is_none()))
            .collect();
        fields_repr(slf.as_any(), "Reason", &filled)
    }
}

fn py_cards(cards: &[Card]) -> Vec<PyCard> {
    cards.iter().copied().map(PyCard).collect()
}

impl CoachReason {
    fn empty(kind: &'static str) -> CoachReason {
        CoachReason {
            kind,
            points: None,
            whose: None,
            shape: None,
            shape_cards: None,
            shape_rank: None,
            kept: None,
            worth: None,
            best_kept: None,
            best_worth: None,
            best: None,
            best_now: None,
            scores: None,
            rule: None,
            card: None,
            claimed: None,
            holds: None,
            best_holds: None,
            better: None,
            worse: None,
            of: None,
            ranks: None,
            best_ranks: None,
            replies: None,
            best_replies: None,
            count: None,
            best_count: None,
            cost_p_win: None,
        }
    }

    fn of(reason: &Reason) -> CoachReason {
        match reason {
            Reason::Crib {
                points,
                whose,
                thrown,
            } => {
                let (shape, shape_cards, shape_rank) = shape_fields(*thrown);
                CoachReason {
                    points: Some(*points),
                    whose: Some(match whose {
                        Whose::Yours => "yours",
                        Whose::Partner => "partner",
                        Whose::Opponent => "opponent",
                        Whose::Dealer => "dealer",
                    }),
                    shape,
                    shape_cards,
                    shape_rank,
                    ..CoachReason::empty("crib")
                }
            }
            Reason::Hand {
                points,
                kept,
                worth,
                best_kept,
                best_worth,
            } => CoachReason {
                points: Some(*points),
                kept: Some(py_cards(kept)),
                worth: Some(*worth),
                best_kept: Some(py_cards(best_kept)),
                best_worth: Some(*best_worth),
                ..CoachReason::empty("hand")
            },
            Reason::Play { points } => CoachReason {
                points: Some(*points),
                ..CoachReason::empty("play")
            },
            Reason::Now {
                best,
                best_now,
                scores,
                points,
            } => CoachReason {
                points: Some(*points as f64),
                best: Some(PyCard(*best)),
                best_now: Some(*best_now),
                scores: Some(scores.iter().map(ToString::to_string).collect()),
                ..CoachReason::empty("now")
            },
            Reason::Rest { points, risk } => {
                let (rule, card) = match risk {
                    Some(Risk::FiveLed(card)) => (Some("five led"), Some(PyCard(*card))),
                    Some(Risk::FiveLeft) => (Some("five left"), None),
                    Some(Risk::TwentyOneLeft) => (Some("21 left"), None),
                    Some(Risk::Pairing) => (Some("pairing"), None),
                    Some(Risk::Run) => (Some("run"), None),
                    Some(Risk::Lead(card)) => (Some("lead"), Some(PyCard(*card))),
                    None => (None, None),
                };
                CoachReason {
                    points: Some(*points),
                    rule,
                    card,
                    ..CoachReason::empty("rest")
                }
            }
            Reason::Count { claimed, holds } => CoachReason {
                points: Some(-f64::from(holds.saturating_sub(*claimed))),
                claimed: Some(*claimed),
                holds: Some(*holds),
                ..CoachReason::empty("count")
            },
            cause => CoachReason::of_cause(cause),
        }
    }
}

impl CoachReason {
    /// A cause beyond the parts of the value ([`CoachReason::of`] makes the parts).
    fn of_cause(reason: &Reason) -> CoachReason {
        match reason {
            Reason::Holds { holds, best_holds } => CoachReason {
                holds: Some(*holds),
                best_holds: Some(*best_holds),
                ..CoachReason::empty("holds")
            },
            Reason::Starters { better, worse, of } => CoachReason {
                better: Some(*better),
                worse: Some(*worse),
                of: Some(*of),
                ..CoachReason::empty("starters")
            },
            Reason::Feeds { shape } => {
                let (shape, shape_cards, shape_rank) = shape_fields(Some(*shape));
                CoachReason {
                    shape,
                    shape_cards,
                    shape_rank,
                    ..CoachReason::empty("feeds")
                }
            }
            Reason::LowCard { card } => CoachReason {
                card: Some(PyCard(*card)),
                ..CoachReason::empty("low card")
            },
            Reason::Replies {
                ranks,
                cards,
                best_ranks,
                best_cards,
            } => CoachReason {
                ranks: Some(ranks.iter().map(|r| r.ascii()).collect()),
                best_ranks: Some(best_ranks.iter().map(|r| r.ascii()).collect()),
                replies: Some(*cards),
                best_replies: Some(*best_cards),
                ..CoachReason::empty("replies")
            },
            Reason::Spent { card } => CoachReason {
                card: Some(PyCard(*card)),
                ..CoachReason::empty("spent")
            },
            Reason::FromPair { card } => CoachReason {
                card: Some(PyCard(*card)),
                ..CoachReason::empty("from pair")
            },
            Reason::Room { count, best_count } => CoachReason {
                count: Some(*count),
                best_count: Some(*best_count),
                ..CoachReason::empty("room")
            },
            Reason::Board { cost_p_win, points } => CoachReason {
                points: Some(*points),
                cost_p_win: Some(*cost_p_win),
                ..CoachReason::empty("board")
            },
            part => CoachReason::of(part),
        }
    }
}

/// A shape's name, its cards (a fifteen, two cards in sequence, that make five, a rank apart)
/// and its rank (a pair).
type ShapeFields = (
    Option<&'static str>,
    Option<Vec<PyCard>>,
    Option<&'static str>,
);

fn shape_fields(shape: Option<Shape>) -> ShapeFields {
    match shape {
        Some(Shape::Pair(rank)) => (Some("pair"), None, Some(rank.ascii())),
        Some(Shape::Fifteen(c)) => (Some("fifteen"), Some(py_cards(&c)), None),
        Some(Shape::Five) => (Some("five"), None, None),
        Some(Shape::Sequence(c)) => (Some("sequence"), Some(py_cards(&c)), None),
        Some(Shape::MakeFive(c)) => (Some("makes five"), Some(py_cards(&c)), None),
        Some(Shape::Gap(c)) => (Some("gap"), Some(py_cards(&c)), None),
        None => (None, None, None),
    }
}

/// One decision graded, as `crib review --json` gives it: `kind` (`"discard"`, `"play"`,
/// `"count"`), the cards `chosen` and crib's `best` (a count: the points claimed and held),
/// `cost` in expected points, `cost_p_win` in the chance of winning where the board was
/// weighed, `loss` (the chance of winning it cost), `label`, `fault` and `reasons`.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct Graded {
    kind: &'static str,
    chosen: Py<PyAny>,
    best: Py<PyAny>,
    cost: f64,
    cost_p_win: Option<f64>,
    loss: f64,
    label: Option<&'static str>,
    fault: Option<&'static str>,
    reasons: Vec<Py<CoachReason>>,
}

#[pymethods]
impl Graded {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "kind",
            "chosen",
            "best",
            "cost",
            "cost_p_win",
            "loss",
            "label",
            "fault",
            "reasons",
        ];
        fields_repr(slf.as_any(), "Graded", &fields)
    }
}

/// A fault's name in Python: what the decision got wrong.
fn fault_name(fault: Fault) -> &'static str {
    match fault {
        Fault::ThrowCrib => "throw_crib",
        Fault::ThrowHand => "throw_hand",
        Fault::ThrowPlay => "throw_play",
        Fault::PointsNow => "points_now",
        Fault::FifteenLeft => "fifteen_left",
        Fault::Pairing => "pairing",
        Fault::Run => "run",
        Fault::Lead => "lead",
        Fault::RestOfPlay => "rest_of_play",
        Fault::Count => "count",
        Fault::Board => "board",
    }
}

fn choice(py: Python<'_>, choice: &Choice) -> PyResult<Py<PyAny>> {
    Ok(match choice {
        Choice::Throw(cards) => py_cards(cards).into_pyobject(py)?.into_any().unbind(),
        Choice::Card(card) => PyCard(*card).into_pyobject(py)?.into_any().unbind(),
        Choice::Count(points) => points.into_pyobject(py)?.into_any().unbind(),
    })
}

impl Graded {
    fn new(py: Python<'_>, table: &DealTable, seat: Seat, decision: &Decision) -> PyResult<Self> {
        let judged = judge(table, seat, decision).map_err(error)?;
        Ok(Graded {
            kind: match decision.chosen {
                Choice::Throw(_) => "discard",
                Choice::Card(_) => "play",
                Choice::Count(_) => "count",
            },
            chosen: choice(py, &decision.chosen)?,
            best: choice(py, &decision.best)?,
            cost: decision.cost,
            cost_p_win: decision.cost_p_win,
            loss: judged.loss,
            label: judged.label.map(|l| l.name()),
            fault: judged.fault.map(fault_name),
            reasons: judged
                .reasons
                .iter()
                .map(|r| Py::new(py, CoachReason::of(r)))
                .collect::<PyResult<_>>()?,
        })
    }
}

/// Grade the decisions of the player in `seat` (from 1 in the order of play, the dealer last)
/// in one deal, as `crib review --seat N` grades a deal: `hands` are each seat's cards as dealt
/// (six with two players, five with three or four), in the order of play; `throws` each seat's
/// throw (two cards, or one); with three players `crib_card` is the card dealt to the crib;
/// then the starter, the play (cards, ranks alone will do, and `"go"`) and the scores before the
/// deal by side. With `board` (the default), each decision is also weighed by the chance of
/// winning, as crib's strongest player weighs it.
///
/// >>> graded = crib_core.review_deal(["5h 5c Jd Ks 2h 3s", "4c 4d 6h 6s 7c 8d"], ["2h 3s", "7c 8d"], "5s", "K 6 5 4 5 go 6 J 4", seat=2, board=False)
/// >>> graded[0].kind, graded[0].label, [r.kind for r in graded[0].reasons]
/// ('discard', 'blunder', ['crib', 'hand', 'holds', 'play'])
/// >>> graded[0].reasons[2]
/// Reason(kind='holds', holds=4, best_holds=10)
#[pyfunction]
#[pyo3(signature = (hands, throws, starter, play, *, seat, crib_card = None, scores = None, game = 121, board = true))]
#[allow(clippy::too_many_arguments)]
fn review_deal(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    throws: &Bound<'_, PyAny>,
    starter: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
    seat: i64,
    crib_card: Option<&Bound<'_, PyAny>>,
    scores: Option<Vec<i64>>,
    game: i64,
    board: bool,
) -> PyResult<Vec<Graded>> {
    let hands: Vec<Vec<Card>> = hands
        .try_iter()?
        .map(|hand| cards(&hand?))
        .collect::<PyResult<_>>()?;
    let players = players_of(hands.len() as i64)?;
    let game = game_of(players, game)?;
    let one = |value: &Bound<'_, PyAny>, what: &str| -> PyResult<Card> {
        match cards(value)?[..] {
            [card] => Ok(card),
            _ => Err(value_error(format!("{what}: expected one card"))),
        }
    };
    let throws: Vec<Vec<Card>> = throws
        .try_iter()?
        .map(|throw| cards(&throw?))
        .collect::<PyResult<_>>()?;
    if throws.len() != players.count() {
        return Err(value_error(format!(
            "throws: expected one throw a seat, {players}, found {}",
            throws.len()
        )));
    }
    let seat = usize::try_from(seat)
        .ok()
        .filter(|&s| (1..=players.count()).contains(&s))
        .ok_or_else(|| {
            value_error(format!(
                "seat: {players} players sit in seats 1 to {players}"
            ))
        })?;
    let seat = Seat::new(seat - 1);
    let crib_card = crib_card.map(|c| one(c, "crib_card")).transpose()?;
    let start = match scores {
        Some(scores) => scores_of(&scores)?,
        None => vec![0; players.sides()],
    };
    let mut table =
        DealTable::new(game, hands, crib_card, one(starter, "starter")?, start).map_err(error)?;
    for (s, throw) in throws.iter().enumerate() {
        table
            .throw(Seat::new(s), throw)
            .map_err(|refusal| value_error(format!("seat {}: {refusal}", s + 1)))?;
    }
    table.tokens = parse_tokens(&texts(play)?, players).map_err(error)?;
    table.counted().map_err(error)?;
    let decisions = py
        .detach(|| grade(Models::committed(), &table, seat, &[], board))
        .map_err(error)?;
    decisions
        .iter()
        .map(|d| Graded::new(py, &table, seat, d))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoachReason>()?;
    m.add_class::<Graded>()?;
    m.add_function(wrap_pyfunction!(review_deal, m)?)?;
    Ok(())
}
