//! The show and the play counted: `score`, `score_total`, `score_many` and `peg`, with the
//! fields of `crib score --json` and `crib peg --json`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crib::Game;
use crib::pegging::{EventKind, peg_texts};
use crib::{Card, parse_cards};
use crib::{Hand, HandKind};
use crib::{Players, Seat};

use crate::cards::{self, PyCard, SEPARATORS, error, texts, value_error};

/// `Name(field=repr, ...)` for a result object, from its fields' own reprs.
pub fn fields_repr(object: &Bound<'_, PyAny>, name: &str, fields: &[&str]) -> PyResult<String> {
    let parts: PyResult<Vec<String>> = fields
        .iter()
        .map(|f| Ok(format!("{f}={}", object.getattr(*f)?.repr()?)))
        .collect();
    Ok(format!("{name}({})", parts?.join(", ")))
}

/// One scoring combination of a hand: its kind (`"fifteen"`, `"pair"`, `"run"`, `"flush"`,
/// `"nobs"`), the cards that make it, and its points.
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct Item {
    kind: &'static str,
    cards: Vec<PyCard>,
    points: u8,
}

#[pymethods]
impl Item {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        fields_repr(slf.as_any(), "Item", &["kind", "cards", "points"])
    }
}

/// The points of a hand by kind.
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct Points {
    fifteens: u8,
    pairs: u8,
    runs: u8,
    flush: u8,
    nobs: u8,
}

#[pymethods]
impl Points {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        fields_repr(
            slf.as_any(),
            "Points",
            &["fifteens", "pairs", "runs", "flush", "nobs"],
        )
    }
}

/// A hand or crib counted: the four cards, the starter, whether it was counted as a crib,
/// every combination in counting order, the points by kind, the total, the count as it is said
/// at the table, and whether every card had a suit (without suits, flush and nobs cannot be
/// counted).
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct Score {
    hand: Vec<PyCard>,
    starter: PyCard,
    crib: bool,
    items: Vec<Item>,
    points: Points,
    total: u8,
    said: String,
    suits_known: bool,
}

#[pymethods]
impl Score {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "hand",
            "starter",
            "crib",
            "items",
            "points",
            "total",
            "said",
            "suits_known",
        ];
        fields_repr(slf.as_any(), "Score", &fields)
    }
}

/// The hand: four cards and the starter, from `cards` (five, the starter last) or `cards`
/// (four) and `starter`.
fn hand_of(cards: &[Card], starter: Option<Card>, crib: bool) -> PyResult<Hand> {
    let mut all = cards.to_vec();
    all.extend(starter);
    Hand::from_cards(&all, kind_of(crib)).map_err(error)
}

/// A hand or a crib.
fn kind_of(crib: bool) -> HandKind {
    if crib { HandKind::Crib } else { HandKind::Hand }
}

/// The hand written in one line of text, five cards with the starter last: a plain line the
/// fast way, as `crib score -` reads it; anything else (and any mistake, to be named) as crib
/// reads cards.
fn hand_from_text(text: &str, kind: HandKind) -> crib::Result<Hand> {
    if let Some(hand) = Hand::from_line(text.as_bytes(), kind) {
        return Ok(hand);
    }
    let tokens: Vec<&str> = text.split(SEPARATORS).filter(|t| !t.is_empty()).collect();
    Hand::from_cards(&parse_cards(&tokens)?, kind)
}

/// The starter a caller passed, if any.
fn starter_of(starter: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Card>> {
    let Some(starter) = starter else {
        return Ok(None);
    };
    match cards::cards(starter)?[..] {
        [card] => Ok(Some(card)),
        ref other => Err(value_error(format!(
            "starter: expected one card, found {}",
            other.len()
        ))),
    }
}

/// Count a hand (or, with `crib=True`, a crib), itemised: the same count as `crib score`.
///
/// `cards` are the four cards with the starter last, or the four with `starter` given apart.
///
/// >>> crib_core.score("5h 5c 5s Jd 5d").total
/// 29
#[pyfunction]
#[pyo3(signature = (cards, starter = None, *, crib = false))]
fn score(
    cards: &Bound<'_, PyAny>,
    starter: Option<&Bound<'_, PyAny>>,
    crib: bool,
) -> PyResult<Score> {
    let hand = hand_of(&cards::cards(cards)?, starter_of(starter)?, crib)?;
    let breakdown = hand.breakdown();
    let p = breakdown.points;
    Ok(Score {
        hand: hand.cards().iter().map(|&c| PyCard(c)).collect(),
        starter: PyCard(hand.starter()),
        crib,
        items: breakdown
            .items
            .iter()
            .map(|item| Item {
                kind: item.kind.name(),
                cards: item.cards().iter().map(|&c| PyCard(c)).collect(),
                points: item.points,
            })
            .collect(),
        points: Points {
            fifteens: p.fifteens,
            pairs: p.pairs,
            runs: p.runs,
            flush: p.flush,
            nobs: p.nobs,
        },
        total: breakdown.points.total(),
        said: breakdown.said(),
        suits_known: hand.suits_known(),
    })
}

/// The total of a hand (or crib) alone, without the itemised count: the fast path.
///
/// >>> crib_core.score_total(["5h", "5c", "5s", "Jd"], "5d")
/// 29
#[pyfunction]
#[pyo3(signature = (cards, starter = None, *, crib = false))]
fn score_total(
    cards: &Bound<'_, PyAny>,
    starter: Option<&Bound<'_, PyAny>>,
    crib: bool,
) -> PyResult<u8> {
    if let (Ok(text), None) = (cards.cast::<PyString>(), starter) {
        return Ok(hand_from_text(text.to_str()?, kind_of(crib))
            .map_err(error)?
            .score());
    }
    Ok(hand_of(&cards::cards(cards)?, starter_of(starter)?, crib)?.score())
}

/// The totals of many hands at once, each five cards with the starter last (a string or a
/// list), read and counted with other Python threads free to run: for a large batch.
///
/// >>> crib_core.score_many(["5h 5c 5s Jd 5d", "2c 3d 4h 9s Kd"])
/// [29, 7]
#[pyfunction]
#[pyo3(signature = (hands, *, crib = false))]
fn score_many(py: Python<'_>, hands: &Bound<'_, PyAny>, crib: bool) -> PyResult<Vec<u32>> {
    // Every hand's text copied into one buffer, then read and counted with the interpreter let
    // go (reading a plain line and counting it takes about 50 ns: one core is the fastest).
    let (mut text, mut ends) = (String::new(), Vec::new());
    for hand in hands.try_iter()? {
        let hand = hand?;
        match hand.cast::<PyString>() {
            Ok(line) => text.push_str(line.to_str()?),
            Err(_) => text.push_str(&texts(&hand)?.join(" ")),
        }
        ends.push(text.len());
    }
    let kind = kind_of(crib);
    py.detach(|| {
        let starts = std::iter::once(0).chain(ends.iter().copied());
        starts
            .zip(&ends)
            .enumerate()
            .map(|(i, (start, &end))| {
                hand_from_text(&text[start..end], kind)
                    .map(|h| u32::from(h.score()))
                    .map_err(|err| (i, err))
            })
            .collect::<Result<Vec<u32>, _>>()
    })
    .map_err(|(i, err)| value_error(format!("hand {}: {}", i + 1, error(err).value(py))))
}

/// One step of the play: `event` (`"card"`, `"go"`, `"go point"`, `"last card"`), the player
/// (`"pone"`/`"dealer"`, or `"p1"`, `"p2"`, `"p3"`, `"dealer"`), the card played (`None` for
/// the others), the count after it, its points and why, and which count of the deal it is in.
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct PlayEvent {
    event: &'static str,
    player: &'static str,
    card: Option<PyCard>,
    count: u8,
    points: u32,
    reasons: Vec<String>,
    sequence: u32,
}

#[pymethods]
impl PlayEvent {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "event", "player", "card", "count", "points", "reasons", "sequence",
        ];
        fields_repr(slf.as_any(), "PlayEvent", &fields)
    }
}

/// A play counted, as `crib peg` counts it: every step, each player's points by name, and
/// whether every card of the deal was played.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct Peg {
    players: usize,
    plays: Vec<PlayEvent>,
    totals: Py<PyDict>,
    complete: bool,
}

#[pymethods]
impl Peg {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        fields_repr(
            slf.as_any(),
            "Peg",
            &["players", "plays", "totals", "complete"],
        )
    }
}

/// Count the play: the cards in the order played (ranks alone will do) and `"go"` where a
/// player passes, as `crib peg` reads them, for 2, 3 or 4 players.
///
/// >>> crib_core.peg("4 6 5 3").totals
/// {'pone': 5, 'dealer': 4}
#[pyfunction]
#[pyo3(signature = (plays, *, players = 2))]
fn peg(py: Python<'_>, plays: &Bound<'_, PyAny>, players: i64) -> PyResult<Peg> {
    let players = players_of(players)?;
    let tokens = texts(plays)?;
    let pegging = peg_texts(&tokens, players).map_err(error)?;
    let name = |seat: usize| Seat::new(seat).name(players);
    Ok(Peg {
        players: players.count(),
        plays: pegging
            .events
            .iter()
            .map(|e| PlayEvent {
                event: match e.kind {
                    EventKind::Card(_) => "card",
                    EventKind::Go => "go",
                    EventKind::GoPoint => "go point",
                    EventKind::LastCard => "last card",
                },
                player: name(e.player),
                card: match e.kind {
                    EventKind::Card(card) => Some(PyCard(card)),
                    _ => None,
                },
                count: e.count,
                points: e.points(),
                reasons: e.scores.iter().map(ToString::to_string).collect(),
                sequence: e.sequence,
            })
            .collect(),
        totals: {
            let totals = PyDict::new(py);
            for (seat, &points) in pegging.totals.iter().enumerate() {
                totals.set_item(name(seat), points)?;
            }
            totals.unbind()
        },
        complete: pegging.complete,
    })
}

/// How many play, 2 to 4.
pub fn players_of(players: i64) -> PyResult<Players> {
    usize::try_from(players)
        .ok()
        .and_then(Players::new)
        .ok_or_else(|| {
            value_error(format!(
                "cribbage is played by 2, 3 or 4 players, not {players}"
            ))
        })
}

/// A game's hole as Python gives it: 61 or 121.
pub fn game_of(players: Players, target: i64) -> PyResult<Game> {
    let hole = u32::try_from(target).unwrap_or(0);
    if i64::from(hole) != target || (hole != 61 && hole != 121) {
        return Err(value_error(format!(
            "a game is played to 61 or to 121, not {target}"
        )));
    }
    Game::new(players, hole).map_err(error)
}

/// Scores as Python gives them: whole numbers, 0 or more.
pub fn scores_of(scores: &[i64]) -> PyResult<Vec<u32>> {
    scores
        .iter()
        .map(|&s| {
            u32::try_from(s).map_err(|_| {
                value_error(format!("score {s}: a score is a whole number, 0 or more"))
            })
        })
        .collect()
}

/// Add the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Item>()?;
    m.add_class::<Points>()?;
    m.add_class::<Score>()?;
    m.add_class::<PlayEvent>()?;
    m.add_class::<Peg>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_total, m)?)?;
    m.add_function(wrap_pyfunction!(score_many, m)?)?;
    m.add_function(wrap_pyfunction!(peg, m)?)?;
    Ok(())
}
