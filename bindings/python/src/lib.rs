//! `crib_core` for Python: crib's library, the same answers as the `crib` command, as typed
//! Python objects.
//!
//! Each function takes cards as text (`"5h"`, `"10s"`/`"Ts"`, `"5♥"`, a list or one string
//! split on spaces) or as `Card` objects (`cards::PyCard`), and returns plain objects whose
//! fields are named as the `crib ... --json` output names them. Bad input raises `ValueError` with crib's own
//! message. The long questions (discard and play advice, many hands at once) let other Python
//! threads run while they work.
//!
//! The bindings only convert: every answer is computed by `crib-core`.

use pyo3::prelude::*;

/// mimalloc for the Rust side's allocations: a step of the environment allocates the play's
/// scoring afresh, and mimalloc's small allocations are faster than the system's
/// (`bench/vector_speed.py`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod advice;
mod batch;
mod board;
mod cards;
mod coach;
mod request;
mod show;
mod steps;

/// Exact, fast cribbage: count hands and the play, advise the discard and the play, count a
/// deal on the board, and the odds of winning, from crib's library.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    cards::register(m)?;
    show::register(m)?;
    board::register(m)?;
    coach::register(m)?;
    advice::register(m)?;
    steps::register(m)?;
    batch::register(m)?;
    request::register(m)?;
    Ok(())
}
