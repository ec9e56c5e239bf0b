//! An engine request, as `crib_core.engine` hands it to a bot (a dict, docs/engine.md), read as
//! the environment observes it (`crib_core.env.observation_of`): the bindings read the request
//! into what the seat sees (`crib::game::Seen`), and the library writes the numbers.

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

use crib::game::Seen;
use crib::pegging::parse_tokens;
use crib::{Card, Game, Seat};

use crate::cards::{cards, error, texts, value_error};
use crate::show::{game_of, players_of};
use crate::steps::LONGEST;

/// A field of the request, or a `ValueError` naming it and what it takes.
fn field<'py>(
    request: &Bound<'py, PyDict>,
    name: &str,
    takes: &str,
) -> PyResult<Bound<'py, PyAny>> {
    request
        .get_item(name)?
        .ok_or_else(|| value_error(format!("the request has no \"{name}\": it takes {takes}")))
}

/// A whole number of the request, `default` when it is missing.
fn number(request: &Bound<'_, PyDict>, name: &str, default: i64) -> PyResult<i64> {
    match request.get_item(name)? {
        None => Ok(default),
        Some(value) => value.extract::<i64>().map_err(|_| {
            value_error(format!(
                "\"{name}\" takes a whole number, not {}",
                value
                    .repr()
                    .map_or_else(|_| "that".into(), |r| r.to_string())
            ))
        }),
    }
}

/// The request read as what its seat sees: the game, the seat, its cards, the starter and the
/// play so far, and the scores by the board's sides.
fn seen_of(request: &Bound<'_, PyDict>) -> PyResult<Seen> {
    let ask: String = field(request, "ask", "\"throw\" or \"play\"")?.extract()?;
    let players = players_of(number(request, "players", 2)?)?;
    let game: Game = game_of(players, number(request, "game", 121)?)?;
    let n = players.count() as i64;
    let seat = number(request, "seat", 0)?;
    if !(1..=n).contains(&seat) {
        return Err(value_error(format!(
            "\"seat\" takes 1 to {n} (1 leads), not {seat}"
        )));
    }
    let seat = Seat::new(seat as usize - 1);
    let (dealt, thrown, starter, tokens) = match ask.as_str() {
        "throw" => (
            cards(&field(request, "dealt", "the cards dealt")?)?,
            Vec::new(),
            None,
            Vec::new(),
        ),
        "play" => {
            let hand = cards(&field(request, "hand", "the 4 cards kept")?)?;
            let thrown = cards(&field(request, "thrown", "the cards thrown")?)?;
            let starter = cards(&field(request, "starter", "a card, e.g. \"4c\"")?)?;
            let [starter]: [Card; 1] = starter
                .try_into()
                .map_err(|_| value_error("\"starter\" takes one card"))?;
            let sequence = match request.get_item("sequence")? {
                Some(sequence) => texts(&sequence)?,
                None => Vec::new(),
            };
            let tokens = parse_tokens(&sequence, players).map_err(error)?;
            let mut dealt = hand;
            dealt.extend(&thrown);
            (dealt, thrown, Some(starter), tokens)
        }
        other => {
            return Err(value_error(format!(
                "\"ask\" {other:?}: a request observed asks \"throw\" or \"play\""
            )));
        }
    };
    let (each, _) = game.deal_shape();
    if dealt.len() != each {
        return Err(value_error(format!(
            "the request holds {} cards of the seat's: {each} are dealt with {n} players",
            dealt.len()
        )));
    }
    Ok(Seen {
        game,
        seat,
        dealt,
        thrown,
        starter,
        tokens,
        scores: scores_of(request, game, seat)?,
        need: None,
    })
}

/// The request's scores by the board's sides: `{"you": …, "opponent": …}`, or a list by side.
fn scores_of(request: &Bound<'_, PyDict>, game: Game, seat: Seat) -> PyResult<Vec<u32>> {
    let sides = game.players.sides();
    let Some(scores) = request.get_item("scores")? else {
        return Ok(vec![0; sides]);
    };
    if let Ok(scores) = scores.cast::<PyDict>() {
        let score = |name: &str| -> PyResult<u32> {
            match scores.get_item(name)? {
                Some(value) => value.extract::<u32>(),
                None => Ok(0),
            }
        };
        let mut by_side = vec![score("opponent")?; sides];
        by_side[game.players.side(seat).index()] = score("you")?;
        return Ok(by_side);
    }
    let by_side: Vec<u32> = scores.extract()?;
    if by_side.len() != sides {
        return Err(value_error(format!(
            "\"scores\" takes {sides} scores by side, not {}",
            by_side.len()
        )));
    }
    Ok(by_side)
}

/// What the seat asked by an engine request (a dict, as `crib_core.engine` hands a bot) sees,
/// as the environment observes it, in `version` (0 or 1): little-endian 32-bit floats,
/// `numpy.frombuffer(..., numpy.float32)`. `chosen` are the cards of a throw chosen so far:
/// the environment asks for a throw a card at a time. `crib_core.env.observation_of` is the
/// friendly face.
#[pyfunction]
#[pyo3(signature = (request, chosen = None, version = 1))]
fn request_observation<'py>(
    py: Python<'py>,
    request: &Bound<'py, PyDict>,
    chosen: Option<&Bound<'py, PyAny>>,
    version: u8,
) -> PyResult<Bound<'py, PyByteArray>> {
    let seen = seen_of(request)?;
    let chosen = match chosen {
        Some(chosen) => cards(chosen)?,
        None => Vec::new(),
    };
    if let Some(card) = chosen.iter().find(|c| !seen.dealt.contains(c)) {
        return Err(value_error(format!("chosen: {card} is not a card dealt")));
    }
    if version > 1 {
        return Err(value_error(format!(
            "version {version}: the versions are 0 and 1"
        )));
    }
    if seen.starter.is_some() {
        // The play: the seat asked is the seat to play, and a card of its fits.
        let legal = seen.legal().map_err(error)?;
        if legal.is_empty() {
            return Err(value_error(
                "no card of \"hand\" fits: a play is asked only when a card fits",
            ));
        }
    }
    let mut numbers = [0.0; LONGEST];
    let size = (seen.observation(version, &chosen, &mut numbers))
        .ok_or_else(|| value_error("the request's play does not replay"))?;
    let bytes: Vec<u8> = numbers[..size]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    Ok(PyByteArray::new(py, &bytes))
}

/// Add the function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(request_observation, m)?)
}
