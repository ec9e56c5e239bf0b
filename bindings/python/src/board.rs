//! The board: a whole deal counted (`count_deal`, as `crib deal`) and the odds of winning
//! (`odds`, as `crib odds`).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crib::Game;
use crib::Position;
use crib::deal::{BoardEvent, Deal, count};
use crib::odds::Odds as OddsTable;
use crib::odds::match_chance_from;
use crib::pegging::parse_tokens;
use crib::{Players, Seat, Side};

use crate::advice::{GamesNeeded, games_needed};
use crate::cards::{PyCard, cards, error, texts, value_error};
use crate::show::{fields_repr, game_of, players_of, scores_of};

/// Scores by side: `{"dealer": .., "pone": ..}` with two players, else a list by side.
fn scores_object(py: Python<'_>, players: Players, scores: &[u32]) -> PyResult<Py<PyAny>> {
    if players == Players::TWO {
        let dict = PyDict::new(py);
        dict.set_item("dealer", scores[1])?;
        dict.set_item("pone", scores[0])?;
        Ok(dict.into_any().unbind())
    } else {
        Ok(scores.to_vec().into_pyobject(py)?.into_any().unbind())
    }
}

/// One event on the board: when it is counted (`"heels"`, `"play"`, `"pone hand"`, ...,
/// `"crib"`), who scores it (name and seat from 1), the card that scored in the play, its
/// points and why, and the scores after it (`None` for events never counted).
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct BoardPeg {
    phase: String,
    player: &'static str,
    seat: usize,
    card: Option<PyCard>,
    points: u32,
    reasons: Vec<String>,
    scores: Option<Py<PyAny>>,
}

#[pymethods]
impl BoardPeg {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "phase", "player", "seat", "card", "points", "reasons", "scores",
        ];
        fields_repr(slf.as_any(), "BoardPeg", &fields)
    }
}

impl BoardPeg {
    fn new(py: Python<'_>, game: Game, event: &BoardEvent, counted: bool) -> PyResult<Self> {
        Ok(BoardPeg {
            phase: event.phase.name(game.players),
            player: event.player.name(game.players),
            seat: event.player.index() + 1,
            card: event.card.map(PyCard),
            points: event.points,
            reasons: event.reasons.iter().map(ToString::to_string).collect(),
            scores: match counted {
                true => Some(scores_object(py, game.players, &event.scores)?),
                false => None,
            },
        })
    }
}

/// A deal counted on the board in the rules' order, as `crib deal` counts it: the scores
/// before, every event, the seats that won (from 1; empty if nobody reached the hole), the
/// scores after, the skunk (`"skunk"`, `"double skunk"` or `None`), and what was never counted.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct DealCount {
    players: usize,
    game: u32,
    start_scores: Py<PyAny>,
    events: Vec<Py<BoardPeg>>,
    winning_seats: Vec<usize>,
    final_scores: Py<PyAny>,
    skunk: Option<&'static str>,
    uncounted: Vec<Py<BoardPeg>>,
}

#[pymethods]
impl DealCount {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "players",
            "game",
            "start_scores",
            "events",
            "winning_seats",
            "final_scores",
            "skunk",
            "uncounted",
        ];
        fields_repr(slf.as_any(), "DealCount", &fields)
    }
}

/// Count a whole deal on the board, to 121 or 61: `hands` are each player's four cards kept
/// in the order of play (the pone's first, the dealer's last), then the crib, the starter, the
/// play (cards, ranks alone will do, and `"go"`), and the scores before the deal by side (two
/// players: the pone's, then the dealer's).
///
/// >>> crib_core.count_deal(["2h 3h 4h 5h", "Kc Qc Jc 10c"], "6d 6c 6h 6s", "Js", "2 K 3 Q 4 J 5 10").final_scores
/// {'dealer': 29, 'pone': 17}
#[pyfunction]
#[pyo3(signature = (hands, crib, starter, play, *, scores = None, game = 121))]
fn count_deal(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    crib: &Bound<'_, PyAny>,
    starter: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
    scores: Option<Vec<i64>>,
    game: i64,
) -> PyResult<DealCount> {
    let four = |value: &Bound<'_, PyAny>, what: &str| -> PyResult<[crib::Card; 4]> {
        cards(value)?.try_into().map_err(|c: Vec<_>| {
            value_error(format!("{what}: expected four cards, found {}", c.len()))
        })
    };
    let hands: Vec<[crib::Card; 4]> = hands
        .try_iter()?
        .map(|hand| four(&hand?, "a hand"))
        .collect::<PyResult<_>>()?;
    let players = players_of(hands.len() as i64)?;
    let game = game_of(players, game)?;
    let scores = scores.as_deref().map(scores_of).transpose()?;
    let starter = match cards(starter)?[..] {
        [card] => card,
        _ => return Err(value_error("starter: expected one card")),
    };
    let deal = Deal {
        game,
        hands,
        crib: four(crib, "the crib")?,
        starter,
        play: parse_tokens(&texts(play)?, players).map_err(error)?,
        scores: scores.unwrap_or_else(|| vec![0; game.players.sides()]),
    };
    let counted = count(&deal).map_err(error)?;
    let events = |list: &[BoardEvent], on: bool| -> PyResult<Vec<Py<BoardPeg>>> {
        list.iter()
            .map(|e| Py::new(py, BoardPeg::new(py, game, e, on)?))
            .collect()
    };
    Ok(DealCount {
        players: players.count(),
        game: game.target,
        start_scores: scores_object(py, players, &counted.start)?,
        events: events(&counted.events, true)?,
        winning_seats: match (counted.winning_side().map(Side::index), players.count()) {
            (Some(side), 4) => vec![side + 1, side + 3],
            (Some(side), _) => vec![side + 1],
            (None, _) => Vec::new(),
        },
        final_scores: scores_object(py, players, &counted.final_scores)?,
        skunk: counted.skunk.map(|s| s.name()),
        uncounted: events(&counted.uncounted, false)?,
    })
}

/// The outlook from a position of the game, for the player about to deal (`dealer=True`) or
/// not: the chance of winning, of winning or losing by a skunk or a double skunk, and each
/// side's expected points this deal (two players or two partnerships). With three players,
/// `win` holds each seat's chance in the order of the coming deal and the others are `None`.
/// With `match_need` (two players), the games each still needs (`{"you", "opponent"}`) and
/// your chance of winning the match (`p_match`); else both are `None`.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct Odds {
    game: u32,
    p_win: Option<f64>,
    p_skunk_win: Option<f64>,
    p_skunked: Option<f64>,
    p_double_skunk_win: Option<f64>,
    p_double_skunked: Option<f64>,
    expected_you: Option<f64>,
    expected_opponent: Option<f64>,
    win: Option<Vec<f64>>,
    match_need: Option<GamesNeeded>,
    p_match: Option<f64>,
}

#[pymethods]
impl Odds {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "game",
            "p_win",
            "p_skunk_win",
            "p_skunked",
            "p_double_skunk_win",
            "p_double_skunked",
            "expected_you",
            "expected_opponent",
            "win",
            "match_need",
            "p_match",
        ];
        fields_repr(slf.as_any(), "Odds", &fields)
    }
}

/// The odds of winning from the scores on the board, from crib's committed tables: `scores`
/// is yours and the opponent's (two players, or your partnership's and theirs with
/// `players=4`) with `dealer` saying whether you deal next; or, with `players=3`, the three
/// seats' scores in the order of the coming deal (seat 1 leads, the dealer last). With
/// `match_need=(yours, theirs)` (two players), also the chance of winning a match in which you
/// still need `yours` games and the opponent `theirs`, a skunk counting two.
///
/// >>> round(crib_core.odds([100, 110], dealer=True).p_win, 6)
/// 0.273748
/// >>> round(crib_core.odds([90, 100], dealer=True, match_need=(2, 1)).p_match, 6)
/// 0.111954
#[pyfunction]
#[pyo3(signature = (scores, *, dealer = None, players = 2, game = 121, match_need = None))]
fn odds(
    scores: Vec<i64>,
    dealer: Option<bool>,
    players: i64,
    game: i64,
    match_need: Option<(i64, i64)>,
) -> PyResult<Odds> {
    let players = players_of(players)?;
    let scores = scores_of(&scores)?;
    let need = games_needed(match_need)?;
    if need.is_some() && players != Players::TWO {
        return Err(value_error(format!(
            "match_need weighs a match of two players, not {players}"
        )));
    }
    let played = game_of(players, game)?;
    let game = played.target;
    if let Some(&score) = scores.iter().find(|&&s| s >= game) {
        return Err(value_error(format!(
            "{score}: a game to {game} is over at {game}; give a score below it"
        )));
    }
    let position = position_of(played, &scores, dealer)?;
    let table = OddsTable::committed(players);
    let chances = table.chances(&position).map_err(error)?;
    let Some(o) = chances.outlook else {
        return Ok(Odds {
            game: played.target,
            p_win: None,
            p_skunk_win: None,
            p_skunked: None,
            p_double_skunk_win: None,
            p_double_skunked: None,
            expected_you: None,
            expected_opponent: None,
            win: Some(chances.win),
            match_need: None,
            p_match: None,
        });
    };
    let p_match = match need {
        Some(need) => Some(match_chance_from(table, &position, need).map_err(error)?),
        None => None,
    };
    Ok(Odds {
        game: played.target,
        p_win: Some(o.win),
        p_skunk_win: Some(o.skunk_win),
        p_skunked: Some(o.skunked),
        p_double_skunk_win: Some(o.double_skunk_win),
        p_double_skunked: Some(o.double_skunked),
        expected_you: Some(o.yours),
        expected_opponent: Some(o.theirs),
        win: None,
        match_need: need.map(GamesNeeded::from),
        p_match,
    })
}

/// The position `odds` is asked at: three seats' scores in seat order, or two sides' (yours
/// first) with who deals next.
fn position_of(game: Game, scores: &[u32], dealer: Option<bool>) -> PyResult<Position> {
    let players = game.players;
    match (players.count(), scores) {
        (3, &[a, b, c]) => Position::new(game, &[a, b, c], Seat::new(0)),
        (3, _) => return Err(value_error("three players: give the three seats' scores")),
        (_, &[you, opponent]) => {
            let Some(dealing) = dealer else {
                return Err(value_error(
                    "say who deals next: dealer=True (you) or False",
                ));
            };
            let seat = if dealing {
                players.dealer()
            } else {
                Seat::new(0)
            };
            Position::yours_first(game, seat, you, opponent)
        }
        _ => return Err(value_error("give two scores: yours and the opponent's")),
    }
    .map_err(error)
}

/// Add the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BoardPeg>()?;
    m.add_class::<DealCount>()?;
    m.add_class::<Odds>()?;
    m.add_function(wrap_pyfunction!(count_deal, m)?)?;
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    Ok(())
}
