//! `partizan._core`: the Python extension module of the partizan library (PyO3).
//!
//! This layer converts between Python and the library and nothing more: games are
//! [`partizan::Game`] handles, families (those of [`partizan::rulesets::FAMILIES`], loopy ones
//! included) are called by name through
//! [`partizan::rulesets::call`], tables through [`partizan::rulesets::table`], Grundy sequences through
//! [`partizan::rulesets::sequence()`], the methods of games by name through the expression
//! language's method table ([`partizan::expr::method`]), and rulesets written in Python are
//! solved by [`partizan::solve::Solver`]. The Python package `partizan` (`partizan/__init__.py`)
//! adds the family functions, tables as lists of lists, and heap games with `.grundy(...)`.
//!
//! Conventions:
//! - Pure-Rust work runs with the interpreter detached (the GIL released), and a request beyond
//!   the algebra's size limits ([`partizan::algebra::limits`]) is caught and raised as
//!   `OverflowError`; bad input raises `ValueError` with the library's one-line message (for
//!   notation, with `position` and `input` attributes). Nothing here panics on any Python input.
//! - Ctrl-C stops pure-Rust work: its interruption points ([`partizan::interrupt`]) let Python
//!   run its signal handlers now and then, and the handler's `KeyboardInterrupt` is raised once
//!   the work has unwound.
//! - Numbers cross as `fractions.Fraction` (their stops, mean, temperature), counts and nimber
//!   values as `int`, games as `partizan.Game`, misère and loopy games as `partizan.MisereGame`
//!   and `partizan.LoopyGame`; explicit games and outcomes with draws as their notation in a
//!   `str`, Smith's finite values as `int`.

use num_bigint::BigInt;
use partizan::algebra::limits;
use partizan::algebra::loopy::smith::LoopyNimValue;
use partizan::expr::loopy::LoopyValue;
use partizan::expr::{self, Method, Value};
use partizan::interrupt;
use partizan::rulesets::{self, Arg, NamedArg};
use partizan::solve::{GrundySolver, ImpartialRuleset, Position as LibPosition, Ruleset, Solver};
use partizan::{Error, Game, Number, Outcome, Thermograph};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyOverflowError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::{PyTraverseError, PyVisit};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;

// One module a concept; each sees the imports above and the others' items (`use super::*`).
mod convert; // numbers and values between Python and the library
mod families; // families, tables, sequences and expressions, by name
mod game; // partizan.Game
mod grundy_run; // partizan.GrundyRun: long runs of the sparse-space engine, saved and resumed
mod other_games; // partizan.MisereGame and partizan.LoopyGame
mod position; // partizan.Position
mod python_rulesets; // rulesets written in Python, and partizan.Solver
mod run; // detached work and errors as exceptions
mod thermograph; // partizan.Thermograph
mod worksheet; // partizan.Worksheet: the worksheet language with names kept
use convert::*;
use game::*;
use other_games::*;
use position::*;
use python_rulesets::*;
use run::*;
use thermograph::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    interrupt::set_poll(Some(poll_signals));
    m.add_class::<PyGame>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyThermograph>()?;
    m.add_class::<PyMisereGame>()?;
    m.add_class::<PyLoopyGame>()?;
    m.add_class::<PySolver>()?;
    m.add_class::<grundy_run::PyGrundyRun>()?;
    m.add_class::<BoundMethod>()?;
    m.add_function(wrap_pyfunction!(families::call_family, m)?)?;
    m.add_function(wrap_pyfunction!(families::families, m)?)?;
    m.add_function(wrap_pyfunction!(families::table, m)?)?;
    m.add_function(wrap_pyfunction!(families::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(families::evaluate, m)?)?;
    m.add_class::<worksheet::PyWorksheet>()?;
    m.add_function(wrap_pyfunction!(families::methods, m)?)?;
    m.add_function(wrap_pyfunction!(families::clear_caches, m)?)?;
    Ok(())
}
