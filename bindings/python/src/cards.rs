//! Cards in Python: the `Card` class, reading cards from what a caller passes, and crib's errors
//! as `ValueError`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString};

use crib::cards::{Notation, check_deck};
use crib::{Card, parse_cards};

/// crib's error as a Python `ValueError`, in crib's words (cards in ASCII notation).
pub fn error(err: crib::Error) -> PyErr {
    PyValueError::new_err(err.message(Notation::Ascii).to_string())
}

/// A `ValueError` with this message.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A whole number as Python gives it: an `int`, or anything with `__index__` (NumPy's
/// integers), but not `True` or `False` (a `TypeError`, which names the argument). However
/// large: its value where 64 bits hold it, and its text for messages.
pub struct Whole {
    value: Option<i64>,
    text: String,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "{} is not a whole number here: give 0 or 1, not True or False",
                obj.repr()?
            )));
        }
        let index = obj
            .py()
            .import("operator")?
            .call_method1("index", (obj,))
            .map_err(|_| {
                let shown = obj
                    .repr()
                    .map_or_else(|_| "it".to_owned(), |r| r.to_string());
                PyTypeError::new_err(format!("{shown} is not a whole number"))
            })?;
        Ok(Whole {
            value: index.extract::<i64>().ok(),
            text: index.str()?.to_string(),
        })
    }
}

impl From<i64> for Whole {
    fn from(value: i64) -> Whole {
        Whole {
            value: Some(value),
            text: value.to_string(),
        }
    }
}

impl Whole {
    /// The number, where 64 bits hold it; else a `ValueError` naming `name` and what it takes.
    pub fn get(&self, name: &str, takes: &str) -> PyResult<i64> {
        self.value
            .ok_or_else(|| value_error(format!("{name} {}: {takes}", self.text)))
    }

    /// The number as the seed of a shuffle: 0 to 2⁶⁴ - 1.
    pub fn seed(&self, name: &str) -> PyResult<u64> {
        let takes = format!("a {name} is a whole number from 0 to {}", u64::MAX);
        self.text
            .parse::<u64>()
            .map_err(|_| value_error(format!("{name} {}: {takes}", self.text)))
    }
}

/// A playing card: a rank from 1 (ace) to 13 (king), and a suit unless only the rank was given.
///
/// `str(card)` is crib's notation (`"5h"`, `"10d"`, `"Js"`; `"5"` without a suit); cards compare
/// equal when rank and suit do, and can be kept in sets and as dictionary keys.
#[pyclass(name = "Card", module = "crib_core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCard(pub Card);

#[pymethods]
impl PyCard {
    /// The card written `text`: `"5h"`, `"10s"` or `"Ts"`, `"Jd"`, `"5♥"`, or a rank alone.
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        one_card(text)
    }

    /// The rank: 1 (ace) to 13 (king).
    #[getter]
    fn rank(&self) -> u8 {
        self.0.rank().number()
    }

    /// The suit, `"h"`, `"d"`, `"c"` or `"s"`; `None` for a rank alone.
    #[getter]
    fn suit(&self) -> Option<String> {
        self.0.suit().map(|s| s.ascii().to_string())
    }

    /// What the card counts toward fifteen and 31: 1 to 10.
    #[getter]
    fn value(&self) -> u8 {
        self.0.rank().value()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }
}

/// One card from its text.
fn one_card(text: &str) -> PyResult<PyCard> {
    match parse_cards(&[text]) {
        Ok(cards) => Ok(PyCard(cards[0])),
        Err(err) => Err(error(err.into())),
    }
}

/// What separates cards in one string: spaces, commas, tabs, newlines.
pub const SEPARATORS: [char; 4] = [' ', ',', '\t', '\n'];

/// The texts of the cards (or of the play's tokens) a caller passed: one string, split on
/// spaces and commas, one `Card`, or a sequence of strings and `Card`s.
pub fn texts(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(card) = value.cast::<PyCard>() {
        return Ok(vec![card.get().0.to_string()]);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text
            .to_str()?
            .split(SEPARATORS)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect());
    }
    let mut out = Vec::new();
    for item in value.try_iter()? {
        let item = item?;
        if let Ok(card) = item.cast::<PyCard>() {
            out.push(card.get().0.to_string());
        } else if let Ok(text) = item.cast::<PyString>() {
            out.push(text.to_str()?.to_owned());
        } else {
            return Err(value_error(format!(
                "{}: expected a card, as text (\"5h\") or a Card",
                item.repr()?
            )));
        }
    }
    Ok(out)
}

/// The cards a caller passed (see [`texts`]), read as crib reads them.
pub fn cards(value: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    parse_cards(&texts(value)?).map_err(|err| error(err.into()))
}

/// Cards as a Python list of `Card`s.
pub fn to_list<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, cards.iter().map(|&c| PyCard(c)))
}

/// Read cards: `"5h 5c 5s Jd 5d"`, or a list of texts and `Card`s, each checked as crib checks
/// them (one deck, no card twice).
///
/// >>> crib_core.parse_cards("5h 10s Jd")
/// [Card('5h'), Card('10s'), Card('Jd')]
#[pyfunction]
#[pyo3(name = "parse_cards", signature = (cards, /))]
fn parse_cards_py(py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<Py<PyList>> {
    let cards = self::cards(cards)?;
    check_deck(&cards).map_err(|err| error(err.into()))?;
    Ok(to_list(py, &cards)?.unbind())
}

/// Add the class and function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCard>()?;
    m.add_function(wrap_pyfunction!(parse_cards_py, m)?)?;
    Ok(())
}
