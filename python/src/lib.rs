//! `partizan._core`: the Python extension module of the partizan library (PyO3).
//!
//! This layer converts between Python and the library and nothing more: games are
//! [`partizan::Game`] handles, families (those of [`partizan::rulesets::FAMILIES`] and the loopy
//! ones of [`partizan::expr::loopy::LOOPY_FAMILIES`]) are called by name through
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
//!   values as `int`, games as `partizan.Game`; values that are not short games (explicit games,
//!   loopy games, outcomes with draws) as their notation in a `str`, Smith's finite values as
//!   `int`.

use num_bigint::BigInt;
use partizan::algebra::limits;
use partizan::algebra::loopy::smith::LoopyNimValue;
use partizan::expr::loopy::{family as loopy_family, LOOPY_FAMILIES};
use partizan::expr::{self, Expr, ExprKind, Method, Sign, Value};
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

mod svg;

// ---------------------------------------------------------------------------------------------
// Errors and detached work

/// The Python exception for a library error: `ValueError` for bad input, an undefined operation
/// or a loopy ruleset, `OverflowError` for a request beyond the algebra's limits. A notation error
/// carries `position` (the byte offset) and `input` attributes beside the CLI's message.
fn py_error(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Limit(l) => PyOverflowError::new_err(l.to_string()),
        // The exception of the signal handler that stopped the work (see `run`).
        Error::Interrupted => {
            take_pending().unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
        }
        Error::Expression(x) => {
            let err = PyValueError::new_err(x.to_string());
            let value = err.value(py);
            // Setting attributes on a fresh exception instance cannot fail but for memory.
            let _ = value.setattr("position", x.position());
            let _ = value.setattr("input", x.input());
            err
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Runs pure-Rust work with the interpreter detached, turning an [`limits::ExpansionLimit`]
/// unwind into an error. Meanwhile the work's interruption points let Python run its signal
/// handlers ([`poll_signals`]), so that Ctrl-C, or a notebook's "interrupt", stops it: the
/// handler's exception (`KeyboardInterrupt`) is raised here once the work has unwound.
fn run<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    py.detach(|| {
        let _polling = Polling::start();
        guarded(f)
    })
    .map_err(|e| py_error(py, e))
}

/// A call of [`run`] in progress on this thread, counted in [`POLLING`] until dropped (also when
/// a bug unwinds through it).
struct Polling;

impl Polling {
    fn start() -> Polling {
        POLLING.with(|p| p.set(p.get() + 1));
        Polling
    }
}

impl Drop for Polling {
    fn drop(&mut self) {
        POLLING.with(|p| p.set(p.get() - 1));
    }
}

/// Runs `f`, turning an expansion limit or an interruption (see [`partizan::interrupt`]) into
/// an error; an interruption is then withdrawn, so that the next work runs.
fn guarded<T>(f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    match interrupt::catch(AssertUnwindSafe(|| limits::catch(AssertUnwindSafe(f)))) {
        Ok(Ok(r)) => r,
        Ok(Err(limit)) => Err(Error::Limit(limit)),
        Err(interrupted) => {
            interrupt::clear();
            Err(interrupted.into())
        }
    }
}

thread_local! {
    /// Calls of [`run`] in progress on this thread, whose interruption points poll Python's
    /// signal handlers (none on the library's worker threads).
    static POLLING: Cell<u32> = const { Cell::new(0) };
}

/// The library's poll function ([`interrupt::set_poll`]): on a thread inside [`run`], runs
/// Python's signal handlers (they run on the main thread only; elsewhere this does nothing). An
/// exception one raises is kept for [`py_error`] and stops the work.
fn poll_signals() -> bool {
    if POLLING.with(Cell::get) == 0 {
        return false;
    }
    Python::attach(|py| match py.check_signals() {
        Ok(()) => false,
        Err(e) => {
            record(e);
            true
        }
    })
}

/// The notation of `g` (Unicode arrows when `unicode`): `OverflowError` beyond the printer's
/// length limit, which a form that shares its followers can reach.
fn notation(py: Python<'_>, g: Game, unicode: bool) -> PyResult<String> {
    run_ok(py, move || {
        if unicode {
            format!("{g:#}")
        } else {
            g.to_string()
        }
    })
}

/// [`run`] for work that cannot fail but for the limits.
fn run_ok<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    run(py, || Ok(f()))
}

// ---------------------------------------------------------------------------------------------
// Numbers

static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn fraction_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    FRACTION.import(py, "fractions", "Fraction")
}

/// A number as a `fractions.Fraction`.
fn fraction<'py>(py: Python<'py>, x: &Number) -> PyResult<Bound<'py, PyAny>> {
    fraction_type(py)?.call1((x.numerator(), x.denominator()))
}

/// A game that is a number as a `Fraction`; `ValueError` otherwise.
fn game_fraction<'py>(py: Python<'py>, g: Game) -> PyResult<Bound<'py, PyAny>> {
    match g.as_number() {
        Some(x) => fraction(py, x),
        None => Err(PyValueError::new_err(format!("{g} is not a number"))),
    }
}

/// An `int` or a `Fraction` as a game, `None` for anything else. A `Fraction` must be dyadic.
fn number_operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if obj.is_instance_of::<PyInt>() {
        let n: BigInt = obj.extract()?;
        return Ok(Some(Game::big_integer(n)));
    }
    if obj.is_instance(fraction_type(py)?)? {
        let n: BigInt = obj.getattr("numerator")?.extract()?;
        let d: BigInt = obj.getattr("denominator")?.extract()?;
        return match Number::from_ratio(n, d) {
            Ok(x) => Ok(Some(Game::number(x))),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        };
    }
    Ok(None)
}

/// A game, an `int` or a `Fraction` as a game; `None` for anything else (an operator then
/// returns `NotImplemented`).
fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
    if let Ok(g) = obj.cast::<PyGame>() {
        return Ok(Some(g.get().g));
    }
    number_operand(obj)
}

/// Parses CGSuite notation (with the families callable), detached.
fn parse(py: Python<'_>, text: &str) -> PyResult<Game> {
    let text = text.to_string();
    run(py, move || partizan::eval(&text))
}

/// Anything that names a game: a `Game`, an `int`, a dyadic `Fraction`, or a string in CGSuite
/// notation. `TypeError` for other objects.
fn to_game(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Some(g) = operand(obj)? {
        return Ok(g);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return parse(obj.py(), s.to_str()?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Game, an int, a Fraction or a string in CGSuite notation, not {}",
        obj.get_type().name()?
    )))
}

fn to_games(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Game>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected an iterable of games, not a string (write [\"*\"] for one option)",
        ));
    }
    obj.try_iter()?.map(|item| to_game(&item?)).collect()
}

// ---------------------------------------------------------------------------------------------
// Values

/// Methods of the table whose game results are numbers handed to Python as `Fraction`s, and
/// those whose results are counts or nimber values handed over as `int`s.
const FRACTION_RESULTS: &[&str] = &["left_stop", "right_stop", "mean", "temperature"];
const INT_RESULTS: &[&str] = &["birthday", "follower_count", "stop_count", "nim_value"];

/// A value of the expression language as a Python object. `method` (the snake_case name of the
/// method that produced it, if any) decides whether a number is a `Fraction`, an `int` or a
/// `Game`.
fn value_to_py(py: Python<'_>, v: Value, method: Option<&str>) -> PyResult<Py<PyAny>> {
    Ok(match v {
        Value::Game(g) => match method {
            Some(m) if FRACTION_RESULTS.contains(&m) => game_fraction(py, g)?.unbind(),
            Some(m) if INT_RESULTS.contains(&m) => match g.as_number().and_then(|x| x.to_integer())
            {
                Some(n) => n.into_pyobject(py)?.into_any().unbind(),
                None => PyGame { g }.into_pyobject(py)?.into_any().unbind(),
            },
            _ => PyGame { g }.into_pyobject(py)?.into_any().unbind(),
        },
        Value::Boolean(b) => PyBool::new(py, b).to_owned().into_any().unbind(),
        Value::List(items) => {
            let items: Vec<Py<PyAny>> = items
                .into_iter()
                .map(|i| value_to_py(py, i, None))
                .collect::<PyResult<_>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Thermograph(t) => PyThermograph {
            t: *t,
            caption: String::new(),
        }
        .into_pyobject(py)?
        .into_any()
        .unbind(),
        Value::Outcome(o) => outcome_str(o).into_pyobject(py)?.into_any().unbind(),
        Value::Text(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::UptimalExpansion(e) => e.to_string().into_pyobject(py)?.into_any().unbind(),
        // An explicit game as the expression language writes it, in quotes: `'{*|*}'` evaluates
        // back to the same form, and `Game('{*|*}')` is its canonical form.
        Value::Form(_) => v.to_string().into_pyobject(py)?.into_any().unbind(),
        // A loopy game that is not short, in CGSuite's loopy notation: `on`, `over & under`.
        Value::Loopy(_) => v.to_string().into_pyobject(py)?.into_any().unbind(),
        // An outcome with draws: `L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`.
        Value::LoopyOutcome(o) => o.to_string().into_pyobject(py)?.into_any().unbind(),
        // Smith's value: an int for `*n` (as Grundy values are), `inf_{0,1}` as a string.
        Value::SmithValue(LoopyNimValue::Finite(n)) => n.into_pyobject(py)?.into_any().unbind(),
        Value::SmithValue(s) => s.to_string().into_pyobject(py)?.into_any().unbind(),
        // A misère canonical form (`*[2]`) and a genus (`0^120`), in CGSuite's notation.
        Value::Misere(_) | Value::Genus(_) => v.to_string().into_pyobject(py)?.into_any().unbind(),
        // A position (an option of a family's position, `nim(0,2)`), as a `Position`.
        Value::Position(p) => position_obj(py, p)?.into_any(),
    })
}

fn outcome_str(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

// ---------------------------------------------------------------------------------------------
// Game

/// The value of a short partizan game, in canonical form.
///
/// `Game("{0|*}")` parses CGSuite notation (families may be called: `Game("nim(3)")`);
/// `Game.new(left=[...], right=[...])` builds `{left | right}`; ints and dyadic Fractions are
/// numbers. `+`, `-`, unary `-`; `==`, `<=`, `>=`, `<`, `>` in the partial order of games (two
/// confused games are neither `<=` nor `>=`: see `confused_with` and `compare`). Every method of
/// the expression language is available under its snake_case name (see `partizan.methods()`).
#[pyclass(name = "Game", module = "partizan", frozen)]
pub struct PyGame {
    g: Game,
}

fn game_obj(py: Python<'_>, g: Game) -> PyResult<Py<PyGame>> {
    Py::new(py, PyGame { g })
}

fn sorted_list(py: Python<'_>, games: &[Game]) -> PyResult<Py<PyAny>> {
    let sorted = partizan::algebra::print::sorted(games);
    let items = sorted
        .into_iter()
        .map(|g| game_obj(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any().unbind())
}

/// The LaTeX of a game's Unicode notation: braces escaped, bars as `\mid`, arrows and `±` as
/// their symbols, `*` as `\ast`.
fn latex(unicode: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() {
            out.push_str(&format!("\\mathrm{{{word}}}"));
            word.clear();
        }
    };
    for c in unicode.chars() {
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out);
        match c {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => out.push_str("\\mid "),
            '*' => out.push_str("{\\ast}"),
            '↑' => out.push_str("{\\uparrow}"),
            '↓' => out.push_str("{\\downarrow}"),
            '⇑' => out.push_str("{\\Uparrow}"),
            '⇓' => out.push_str("{\\Downarrow}"),
            '±' => out.push_str("\\pm "),
            '<' => out.push_str("\\langle "),
            '>' => out.push_str("\\rangle "),
            '^' => out.push_str("\\hat{}"),
            '#' | '$' | '%' | '&' | '_' | '~' | '\\' => {
                out.push_str(&format!("\\char{}", c as u32));
            }
            c => out.push(c),
        }
    }
    flush(&mut word, &mut out);
    out
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[pymethods]
impl PyGame {
    /// `Game(value)`: a string in CGSuite notation, an int, a dyadic Fraction or a Game
    /// (`Game()` is 0).
    #[new]
    #[pyo3(signature = (value = None))]
    fn py_new(value: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        match value {
            None => Ok(PyGame { g: Game::zero() }),
            Some(v) => Ok(PyGame { g: to_game(v)? }),
        }
    }

    /// `{left | right}` in canonical form, from iterables of games (or ints, Fractions,
    /// strings in notation).
    #[staticmethod]
    #[pyo3(name = "new", signature = (left = None, right = None))]
    fn from_options(
        py: Python<'_>,
        left: Option<&Bound<'_, PyAny>>,
        right: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let side = |s: Option<&Bound<'_, PyAny>>| s.map_or(Ok(Vec::new()), to_games);
        let (l, r) = (side(left)?, side(right)?);
        Ok(PyGame {
            g: run_ok(py, move || Game::new(l, r))?,
        })
    }

    /// The nimber `*n`.
    #[staticmethod]
    fn nimber(n: u64) -> PyGame {
        PyGame { g: Game::nimber(n) }
    }

    /// `n·↑` (`Game.up(-1)` is ↓).
    #[staticmethod]
    #[pyo3(signature = (n = 1))]
    fn up(py: Python<'_>, n: i64) -> PyResult<PyGame> {
        Ok(PyGame {
            g: run_ok(py, move || Game::up_multiple(n))?,
        })
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        notation(py, self.g, false)
    }

    /// `Game('...')`, which evaluates back to an equal game.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &notation(py, self.g, false)?);
        Ok(format!("Game({})", text.repr()?))
    }

    /// The notation with Unicode arrows: `⇑*`, `±1`.
    #[getter]
    fn unicode(&self, py: Python<'_>) -> PyResult<String> {
        notation(py, self.g, true)
    }

    fn _repr_latex_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("${}$", latex(&notation(py, self.g, true)?)))
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<span class=\"partizan-game\" style=\"font-family: 'DejaVu Sans Mono', monospace\">{}</span>",
            html_escape(&notation(py, self.g, true)?)
        ))
    }

    /// Pickling goes through the notation.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyType>, (String,))> {
        let text = notation(py, self.g, false)?;
        Ok((py.get_type::<PyGame>().unbind(), (text,)))
    }

    /// Equal games hash equally; a number hashes as its `Fraction` (so `Game(1) == 1` and
    /// `hash(Game(1)) == hash(1)`).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        game_hash(py, self.g)
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        compare_games(py, self.g, h, op)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| a + b)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| b + a)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| a - b)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| b - a)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<PyGame> {
        let g = self.g;
        Ok(PyGame {
            g: run_ok(py, move || -g)?,
        })
    }

    fn __pos__(&self) -> PyGame {
        PyGame { g: self.g }
    }

    /// Whether the two games are confused (incomparable): `G <> H` in CGSuite, `G || H`.
    fn confused_with(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (g, h) = (self.g, to_game(other)?);
        run_ok(py, move || g.is_confused_with(&h))
    }

    /// `'='`, `'<'`, `'>'` or `'||'` (confused), as `partizan compare` prints.
    fn compare(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let (g, h) = (self.g, to_game(other)?);
        use std::cmp::Ordering::*;
        Ok(match run_ok(py, move || g.partial_cmp(&h))? {
            Some(Equal) => "=",
            Some(Less) => "<",
            Some(Greater) => ">",
            None => "||",
        })
    }

    /// The Left options of the canonical form, in CGSuite's order.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.g;
        let options = run_ok(py, move || g.left_options())?;
        sorted_list(py, options)
    }

    /// The Right options of the canonical form, in CGSuite's order.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.g;
        let options = run_ok(py, move || g.right_options())?;
        sorted_list(py, options)
    }

    /// The Left stop, a Fraction.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.g.left_stop())
    }

    /// The Right stop, a Fraction.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.g.right_stop())
    }

    /// The mean value, a Fraction.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.g;
        fraction(py, &run_ok(py, move || g.mean())?)
    }

    /// The temperature, a Fraction (−1 for integers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.g;
        fraction(py, &run_ok(py, move || g.temperature())?)
    }

    /// The outcome class: `'L'`, `'R'`, `'N'` (first player wins) or `'P'` (second player wins).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let g = self.g;
        Ok(outcome_str(run_ok(py, move || g.outcome())?))
    }

    /// The canonical form: the game itself (every Game is stored in canonical form).
    #[getter]
    fn canonical_form(slf: Py<PyGame>) -> Py<PyGame> {
        slf
    }

    /// The birthday, an int.
    #[getter]
    fn birthday<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.g;
        let b = run_ok(py, move || g.birthday())?;
        Ok(b.into_pyobject(py)?.into_any())
    }

    #[getter]
    fn is_number(&self) -> bool {
        self.g.is_number()
    }

    #[getter]
    fn is_nimber(&self) -> bool {
        self.g.is_nimber()
    }

    #[getter]
    fn is_infinitesimal(&self) -> bool {
        self.g.is_infinitesimal()
    }

    /// `n` for the nimber `*n` (an int); `ValueError` for other games.
    #[getter]
    fn nim_value(&self) -> PyResult<u64> {
        self.g
            .as_nimber()
            .ok_or_else(|| PyValueError::new_err(format!("{} is not a nimber", self.g)))
    }

    /// The number as a Fraction; `ValueError` when the game is not a number.
    fn to_fraction<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        game_fraction(py, self.g)
    }

    fn __float__(&self) -> PyResult<f64> {
        match self.g.as_number() {
            Some(x) => Ok(x.to_f64()),
            None => Err(PyTypeError::new_err(format!("{} is not a number", self.g))),
        }
    }

    /// The game cooled by the number `t > −1`.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let t = to_game(t)?;
        let Some(t) = t.as_number() else {
            return Err(PyValueError::new_err(format!(
                "the temperature t must be a number, not {t}"
            )));
        };
        let g = self.g;
        Ok(PyGame {
            g: run(py, move || Ok(g.cool(t)?))?,
        })
    }

    /// The game heated by `t`.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let (g, t) = (self.g, to_game(t)?);
        Ok(PyGame {
            g: run_ok(py, move || g.heat(&t))?,
        })
    }

    /// The game overheated from `s` to `t`.
    fn overheat(
        &self,
        py: Python<'_>,
        s: &Bound<'_, PyAny>,
        t: &Bound<'_, PyAny>,
    ) -> PyResult<PyGame> {
        let (g, s, t) = (self.g, to_game(s)?, to_game(t)?);
        Ok(PyGame {
            g: run_ok(py, move || g.overheat(&s, &t))?,
        })
    }

    /// The thermograph (shown as a picture in a notebook): a property, as `mean` and
    /// `temperature` are, like every parameterless property of CGSuite's games.
    #[getter]
    fn thermograph(&self, py: Python<'_>) -> PyResult<PyThermograph> {
        let g = self.g;
        let t = run_ok(py, move || g.thermograph())?;
        Ok(PyThermograph {
            t,
            caption: notation(py, g, false)?,
        })
    }

    /// The other methods of the expression language, by any of their names: properties for
    /// those without parameters (`g.atomic_weight`, `g.is_all_small`), callables otherwise
    /// (`g.ordinal_sum(h)`).
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        let method = expr::method(name).filter(|_| !name.starts_with('_'));
        let Some(method) = method else {
            return Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "'Game' object has no attribute '{name}'"
            )));
        };
        if method.params.is_empty() {
            apply_method(py, method, self.g, Vec::new())
        } else {
            Ok(BoundMethod { g: self.g, method }
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
    }

    fn __dir__(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
        let mut names: Vec<String> = slf.get_type().dir()?.extract()?;
        names.extend(expr::methods().iter().map(|m| m.name.to_string()));
        names.sort();
        names.dedup();
        Ok(names)
    }
}

/// The hash of a game: a number hashes as its `Fraction` (so `Game(1) == 1` and
/// `hash(Game(1)) == hash(1)`).
fn game_hash(py: Python<'_>, g: Game) -> PyResult<isize> {
    if let Some(x) = g.as_number() {
        return fraction(py, x)?.hash();
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.hash(&mut h);
    Ok(h.finish() as isize)
}

/// `g op h` in the partial order of games (detached).
fn compare_games(py: Python<'_>, g: Game, h: Game, op: CompareOp) -> PyResult<Py<PyAny>> {
    let order = run_ok(py, move || g.partial_cmp(&h))?;
    use std::cmp::Ordering::*;
    let answer = match op {
        CompareOp::Eq => order == Some(Equal),
        CompareOp::Ne => order != Some(Equal),
        CompareOp::Le => matches!(order, Some(Less | Equal)),
        CompareOp::Lt => order == Some(Less),
        CompareOp::Ge => matches!(order, Some(Greater | Equal)),
        CompareOp::Gt => order == Some(Greater),
    };
    Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
}

impl PyGame {
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl FnOnce(Game, Game) -> Game + Send,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.g;
        let r = run_ok(py, move || f(g, h))?;
        Ok(game_obj(py, r)?.into_any())
    }
}

fn apply_method(
    py: Python<'_>,
    method: &'static Method,
    g: Game,
    args: Vec<Game>,
) -> PyResult<Py<PyAny>> {
    let v = run(py, move || method.apply(g, &args))?;
    value_to_py(py, v, Some(method.name))
}

/// A method of the expression language bound to a game: `g.ordinal_sum` before the call.
#[pyclass(module = "partizan", frozen)]
pub struct BoundMethod {
    g: Game,
    method: &'static Method,
}

#[pymethods]
impl BoundMethod {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let m = self.method;
        if args.len() != m.params.len() {
            return Err(PyTypeError::new_err(format!(
                "{}() takes {} argument(s) ({}), {} given",
                m.name,
                m.params.len(),
                m.params.join(", "),
                args.len()
            )));
        }
        let args = args
            .iter()
            .map(|a| to_game(&a))
            .collect::<PyResult<Vec<_>>>()?;
        apply_method(py, m, self.g, args)
    }

    fn __repr__(&self) -> String {
        format!(
            "<method {}({}) of {}: {}>",
            self.method.name,
            self.method.params.join(", "),
            self.g,
            self.method.summary
        )
    }

    #[getter]
    fn __doc__(&self) -> String {
        self.method.summary.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Positions

/// The position an expression makes: a family call that gives its positions (or its value only,
/// as the evaluator keeps it), a sum of positions, `impartial(…)` of one, in parentheses or not.
/// The expression language settles a position into its canonical form when it answers, so the
/// call is read here from the syntax tree; its arguments are evaluated as the evaluator does.
fn expr_position(text: &str, e: &Expr) -> Result<Option<LibPosition>, Error> {
    match &e.kind {
        ExprKind::Sum(terms) => {
            let mut parts = Vec::new();
            for (sign, t) in terms {
                if *sign != Sign::Plus {
                    return Ok(None);
                }
                match expr_position(text, t)? {
                    Some(p) => parts.push(p),
                    None => return Ok(None),
                }
            }
            Ok(Some(LibPosition::sum(parts)))
        }
        ExprKind::Call(c) => {
            let Some(args) = &c.args else { return Ok(None) };
            if c.name == "impartial" && args.len() == 1 && args[0].name.is_none() {
                return Ok(match expr_position(text, &args[0].value)? {
                    Some(p) if p.has_tree() => Some(p.impartial_closure()),
                    _ => None,
                });
            }
            let Some(f) = rulesets::family(&c.name) else {
                return Ok(None);
            };
            let mut positional = Vec::new();
            let mut named = Vec::new();
            for a in args {
                let arg = match expr::evaluate(&text[a.value.span.start..a.value.span.end])? {
                    Value::Game(g) => Arg::Game(g),
                    Value::Text(s) => Arg::Str(s),
                    _ => return Ok(None),
                };
                match &a.name {
                    Some(n) => named.push((n.clone(), arg)),
                    None => positional.push(arg),
                }
            }
            let usage = |e: Error| Error::input(format!("{}: {e} (usage: {})", c.name, f.usage()));
            if let Some(p) = f.position(&positional, &named) {
                return p.map(Some).map_err(usage);
            }
            let g = f.evaluate(&positional, &named).map_err(usage)?;
            Ok(Some(LibPosition::value_only(
                text[c.span.start..c.span.end].to_string(),
                g,
            )))
        }
        _ => Ok(None),
    }
}

/// The position `text` makes; an error when it is not a position (a value, a list, …).
fn parse_position(text: &str) -> Result<LibPosition, Error> {
    let e = expr::parse(text)?;
    if let Some(p) = expr_position(text, &e)? {
        return Ok(p);
    }
    // Not a position: the evaluator's own error, if it has one, else what it gives instead.
    let v = expr::evaluate(text)?;
    Err(Error::input(format!(
        "{text} is not a position (a family call such as nim(1,2), a sum of them, or impartial(…) of one) but {}",
        v.kind()
    )))
}

fn position_obj(py: Python<'_>, p: LibPosition) -> PyResult<Py<PyPosition>> {
    Py::new(py, PyPosition { p })
}

fn position_list(py: Python<'_>, list: Vec<LibPosition>) -> PyResult<Py<PyAny>> {
    let items = list
        .into_iter()
        .map(|p| position_obj(py, p))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any().unbind())
}

/// A position of a family that keeps its rules: its own moves, followers and misère play, with
/// its canonical form (a `Game`) for everything else.
///
/// `Position("nim(2,2)")` reads a family call (or a sum of them, or `impartial(…)` of one);
/// the family functions (`partizan.nim(2, 2)`) give one when the family gives its positions.
/// `p + q` of two positions is their sum, a position; with a `Game`, an int or a Fraction it is
/// the `Game` sum of the canonical forms; comparisons and `hash` are those of the canonical
/// form, and any other attribute is the canonical form's (`p.mean`, `p.temperature`).
#[pyclass(name = "Position", module = "partizan", frozen)]
pub struct PyPosition {
    p: LibPosition,
}

impl PyPosition {
    fn form(&self, py: Python<'_>) -> PyResult<Game> {
        let p = self.p.clone();
        run(py, move || p.canonical_form())
    }

    /// The position, or an error when it is known by its value only (its family gives no
    /// positions), for a question about its game tree.
    fn tree(&self, what: &str) -> PyResult<LibPosition> {
        if self.p.has_tree() {
            return Ok(self.p.clone());
        }
        Err(PyValueError::new_err(format!(
            "{what}: {} is known by its value only (its family does not give its positions), so {what} of the position cannot be computed; ask it of the canonical form, p.canonical_form()",
            self.p
        )))
    }

    /// The other operand as a game (a position's canonical form), `None` for anything else.
    fn other_game(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
        if let Ok(q) = other.cast::<PyPosition>() {
            return q.get().form(py).map(Some);
        }
        operand(other)
    }

    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl FnOnce(Game, Game) -> Game + Send,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = PyPosition::other_game(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.form(py)?;
        let r = run_ok(py, move || f(g, h))?;
        Ok(game_obj(py, r)?.into_any())
    }
}

#[pymethods]
impl PyPosition {
    /// `Position(text)`: the position an expression makes (`"nim(2,2)"`, `"kayles(1) +
    /// kayles(1)"`); `ValueError` when it does not make one.
    #[new]
    fn py_new(py: Python<'_>, text: &str) -> PyResult<PyPosition> {
        let text = text.to_string();
        Ok(PyPosition {
            p: run(py, move || parse_position(&text))?,
        })
    }

    /// The call that makes the position.
    fn __str__(&self) -> String {
        self.p.to_string()
    }

    /// `Position('nim(2,2)')`, which evaluates back to the same position.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.p.to_string());
        Ok(format!("Position({})", text.repr()?))
    }

    /// The position drawn as SVG: a board of a grid or strip family with its pieces (Left's
    /// blue, Right's red), a Hackenbush picture standing on the ground; `None` for a family
    /// without a picture or a sum of positions.
    fn to_svg(&self) -> Option<String> {
        svg::position(&self.p.to_string())
    }

    /// The picture in a notebook (see `to_svg`); without one, the notebook shows the repr.
    fn _repr_svg_(&self) -> Option<String> {
        self.to_svg()
    }

    /// Pickling goes through the call.
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyType>, (String,)) {
        (py.get_type::<PyPosition>().unbind(), (self.p.to_string(),))
    }

    /// Whether both players always have the same moves.
    #[getter]
    fn is_impartial(&self) -> bool {
        self.p.is_impartial()
    }

    /// The options of an impartial position (a list of positions); `ValueError` for a partizan
    /// one, whose players' options are `left_options()` and `right_options()`.
    fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let p = self.tree("options")?;
        if !p.is_impartial() {
            return Err(PyValueError::new_err(format!(
                "{p} is partizan: its players have different options, use left_options() and right_options()"
            )));
        }
        position_list(py, run_ok(py, move || p.left_options())?)
    }

    /// The positions Left can move to.
    fn left_options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let p = self.tree("left_options")?;
        position_list(py, run_ok(py, move || p.left_options())?)
    }

    /// The positions Right can move to.
    fn right_options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let p = self.tree("right_options")?;
        position_list(py, run_ok(py, move || p.right_options())?)
    }

    /// Every position reachable by moves of either player, itself first (breadth first), told
    /// apart as the family writes them (as CGSuite counts them).
    fn followers(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let p = self.tree("followers")?;
        position_list(py, run(py, move || p.followers())?)
    }

    /// The normal-play canonical form, a `Game`.
    fn canonical_form(&self, py: Python<'_>) -> PyResult<PyGame> {
        Ok(PyGame { g: self.form(py)? })
    }

    /// The normal-play outcome class, as `Game.outcome`: `'L'`, `'R'`, `'N'` (first player
    /// wins) or `'P'` (second player wins). From the canonical form when it comes out within
    /// about a second of work, else by a search of the game tree (see `outcome_by_search`).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let p = self.p.clone();
        Ok(outcome_str(run(py, move || p.outcome())?))
    }

    /// The normal-play outcome class by a search of the game tree, without its canonical form:
    /// the position split into components, small components replaced by their canonical forms
    /// (each given `component_budget` positions of work), minimax with a transposition table of
    /// at most `table_entries` entries on the rest. Returns the class and what the search did,
    /// as a dict.
    #[pyo3(signature = (*, table_entries = 1 << 20, component_budget = 64))]
    fn outcome_by_search(
        &self,
        py: Python<'_>,
        table_entries: usize,
        component_budget: u64,
    ) -> PyResult<(&'static str, Py<PyAny>)> {
        let p = self.tree("outcome_by_search")?;
        let options = partizan::solve::outcome::SearchOptions {
            table_entries,
            component_budget,
        };
        let (outcome, stats) = run(py, move || p.outcome_by_search(options))?;
        let d = pyo3::types::PyDict::new(py);
        d.set_item("positions_searched", stats.nodes)?;
        d.set_item("found_in_table", stats.table_hits)?;
        d.set_item("components_valued", stats.components_valued)?;
        d.set_item("components_searched", stats.components_searched)?;
        d.set_item("table_clears", stats.table_clears)?;
        Ok((outcome_str(outcome), d.into_any().unbind()))
    }

    /// The misère outcome class (the player who cannot move wins), `'L'`, `'R'`, `'N'` or
    /// `'P'`, from the game tree.
    fn misere_outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let p = self.tree("misere_outcome")?;
        Ok(outcome_str(run(py, move || p.misere_outcome())?))
    }

    /// The misère canonical form of an impartial position, in CGSuite's notation (`*[2[2]]`).
    fn misere_canonical_form(&self, py: Python<'_>) -> PyResult<String> {
        let p = self.tree("misere_canonical_form")?;
        run(py, move || Ok(p.misere_canonical_form()?.to_string()))
    }

    /// Conway's genus of an impartial position, in CGSuite's notation (`0^120`).
    fn genus(&self, py: Python<'_>) -> PyResult<String> {
        let p = self.tree("genus")?;
        run(py, move || Ok(p.genus()?.to_string()))
    }

    /// The impartial closure: either player may make either player's moves (the impartial
    /// closure of Domineering is Cram).
    fn impartial(&self) -> PyResult<PyPosition> {
        let p = self.tree("impartial")?;
        Ok(PyPosition {
            p: p.impartial_closure(),
        })
    }

    /// `(left, right)`: Left's options whose canonical form is `>= 0` and Right's whose
    /// canonical form is `<= 0`, lists of positions.
    fn winning_moves(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let p = self.tree("winning_moves")?;
        let (left, right) = run(py, move || {
            let zero = Game::zero();
            let mut left = Vec::new();
            for o in p.left_options() {
                if o.canonical_form()? >= zero {
                    left.push(o);
                }
            }
            let mut right = Vec::new();
            for o in p.right_options() {
                if o.canonical_form()? <= zero {
                    right.push(o);
                }
            }
            Ok((left, right))
        })?;
        Ok((position_list(py, left)?, position_list(py, right)?))
    }

    /// Equal canonical forms hash equally, as `Game`s do.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        game_hash(py, self.form(py)?)
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = PyPosition::other_game(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.form(py)?;
        compare_games(py, g, h, op)
    }

    /// `p + q` of two positions is their sum, a position; with a game, the `Game` sum.
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(q) = other.cast::<PyPosition>() {
            let p = LibPosition::sum(vec![self.p.clone(), q.get().p.clone()]);
            return Ok(position_obj(py, p)?.into_any());
        }
        self.binary(py, other, |a, b| a + b)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| b + a)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| a - b)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| b - a)
    }

    /// The negative of the canonical form, a `Game`.
    fn __neg__(&self, py: Python<'_>) -> PyResult<PyGame> {
        let g = self.form(py)?;
        Ok(PyGame {
            g: run_ok(py, move || -g)?,
        })
    }

    /// The attributes of the canonical form (`p.mean`, `p.temperature`, `p.nim_value`, the
    /// methods of the expression language), for those `Position` does not define.
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        if name.starts_with('_') {
            return Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "'Position' object has no attribute '{name}'"
            )));
        }
        let g = Bound::new(py, PyGame { g: self.form(py)? })?;
        match g.getattr(name) {
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyAttributeError>(py) => {
                Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                    "'Position' object has no attribute '{name}' (nor has its canonical form)"
                )))
            }
            r => Ok(r?.unbind()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Thermograph

/// A thermograph: mean, temperature and the two walls, drawn as SVG in a notebook.
#[pyclass(name = "Thermograph", module = "partizan", frozen)]
pub struct PyThermograph {
    t: Thermograph,
    caption: String,
}

fn corners<'py>(
    py: Python<'py>,
    c: &[(Number, Number)],
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    c.iter()
        .map(|(t, x)| Ok((fraction(py, t)?, fraction(py, x)?)))
        .collect()
}

#[pymethods]
impl PyThermograph {
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.t.mean)
    }

    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.t.temperature)
    }

    /// The corners `(t, value)` of the left wall, from `t = −1` up; above the last corner the
    /// wall goes on with slope `left_tail_slope` (0 for the mast).
    #[getter]
    fn left_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        corners(py, self.t.left.corners())
    }

    /// The corners `(t, value)` of the right wall.
    #[getter]
    fn right_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        corners(py, self.t.right.corners())
    }

    /// `(left wall, right wall)` at temperature `t`: the stops of the game cooled by `t`.
    fn walls_at<'py>(
        &self,
        py: Python<'py>,
        t: &Bound<'_, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let t = to_game(t)?;
        let Some(t) = t.as_number() else {
            return Err(PyValueError::new_err(format!(
                "the temperature must be a number, not {t}"
            )));
        };
        Ok((
            fraction(py, &self.t.left.value_at(t))?,
            fraction(py, &self.t.right.value_at(t))?,
        ))
    }

    /// The picture: temperature upwards, larger values to the left (Winning Ways' layout).
    fn to_svg(&self) -> String {
        self.t.to_svg(&self.caption)
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    fn __str__(&self) -> String {
        self.t.to_string()
    }

    fn __repr__(&self) -> String {
        let of = if self.caption.is_empty() {
            String::new()
        } else {
            format!(" of {}", self.caption)
        };
        format!(
            "<Thermograph{of}: mean {}, temperature {}>",
            self.t.mean, self.t.temperature
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Families, tables, sequences, expressions

fn family_arg(obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Arg::Str(s.to_str()?.to_string()));
    }
    // A flag (`toads(..., friendly=True)`) is the integer 1 or 0, as the expression language
    // writes it.
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Arg::Game(Game::integer(i64::from(b.is_true()))));
    }
    match operand(obj)? {
        Some(g) => Ok(Arg::Game(g)),
        None => Err(PyTypeError::new_err(format!(
            "a family's argument must be a string, an int, a Fraction or a Game, not {}",
            obj.get_type().name()?
        ))),
    }
}

/// Calls the family `name` with positional and named arguments (strings, ints, Fractions,
/// Games), as `name(args)` in an expression; the work runs detached. A family of
/// [`rulesets::FAMILIES`] gives a `Position` when it gives its positions
/// ([`rulesets::Family::position`]), else a `Game`; a loopy family ([`LOOPY_FAMILIES`]) gives its value
/// computed at once: a `Game` when it is short, otherwise as [`value_to_py`] converts it.
#[pyfunction]
#[pyo3(signature = (name, args, kwargs = None))]
fn call_family(
    py: Python<'_>,
    name: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let positional = args
        .iter()
        .map(|a| family_arg(&a))
        .collect::<PyResult<Vec<Arg>>>()?;
    let mut named: Vec<NamedArg> = Vec::new();
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            named.push((k.extract::<String>()?, family_arg(&v)?));
        }
    }
    if let Some(f) = loopy_family(name) {
        let v = run(py, move || {
            let usage = |e: Error| Error::input(format!("{e} (usage: {})", f.usage));
            match f.call(&positional, &named).map_err(usage)? {
                // The call gives the game; its value is computed here, as the evaluator does
                // before it answers.
                Value::Loopy(l) => Ok(match l.value().map_err(|e| usage(e.into()))?.as_game() {
                    Some(g) => Value::Game(g),
                    None => Value::Loopy(l),
                }),
                v => Ok(v),
            }
        })?;
        return value_to_py(py, v, None);
    }
    let name = name.to_string();
    // A family that gives its positions gives a `Position`; one known by its values, a `Game`.
    let v = run(py, move || {
        let Some(f) = rulesets::family(&name) else {
            return Err(Error::input(format!("unknown family {name:?}")));
        };
        if let Some(p) = f.position(&positional, &named) {
            return p
                .map(Value::Position)
                .map_err(|e| Error::input(format!("{e} (usage: {})", f.usage())));
        }
        match rulesets::call(&name, &positional, &named) {
            Some(r) => r.map(Value::Game),
            None => Err(Error::input(format!("unknown family {name:?}"))),
        }
    })?;
    value_to_py(py, v, None)
}

/// Every family callable from Python, one dict each: `name`, `usage`, `example`, `loopy`
/// (whether it is one of the loopy families of the expression language, whose values are not
/// short games), `table` (the usage line of its table, or `None`), `table_params`
/// (`[(name, meaning)]`) and `sequence` (the usage line of its Grundy sequence, or `None`).
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let mut out = Vec::new();
    for f in rulesets::FAMILIES.iter() {
        let d = PyDict::new(py);
        d.set_item("name", f.name())?;
        d.set_item("usage", f.usage())?;
        d.set_item("example", f.example())?;
        d.set_item("loopy", false)?;
        let table = f.table();
        d.set_item("table", table.map(|t| t.usage(f.name())))?;
        let params: Vec<(&str, &str)> = table
            .map(|t| t.params.iter().map(|p| (p.name, p.meaning)).collect())
            .unwrap_or_default();
        d.set_item("table_params", params)?;
        d.set_item("sequence", f.sequence().map(|s| s.usage))?;
        out.push(d);
    }
    for f in LOOPY_FAMILIES {
        let d = PyDict::new(py);
        d.set_item("name", f.name)?;
        d.set_item("usage", f.usage)?;
        d.set_item("example", f.example)?;
        d.set_item("loopy", true)?;
        d.set_item("table", py.None())?;
        d.set_item("table_params", Vec::<(&str, &str)>::new())?;
        d.set_item("sequence", py.None())?;
        out.push(d);
    }
    Ok(out)
}

/// The table of family `name` with integer parameters `params` (`rows=3, cols=4`, the words of
/// `partizan table NAME rows=3 cols=4`; `None` values are left out):
/// `(caption, column_label, row_label, columns, rows, cells)`, the cells as the CLI prints them.
/// An unknown family or parameter raises `ValueError` with the library's message.
#[allow(clippy::type_complexity)]
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn table(
    py: Python<'_>,
    name: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<(
    String,
    String,
    String,
    Vec<String>,
    Vec<String>,
    Vec<Vec<String>>,
)> {
    let mut words = Vec::new();
    if let Some(params) = params {
        for (k, v) in params.iter() {
            if v.is_none() {
                continue;
            }
            let key: String = k.extract()?;
            if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
                return Err(PyTypeError::new_err(format!(
                    "the table parameter {key} must be an int, not {}",
                    v.get_type().name()?
                )));
            }
            let value: BigInt = v.extract()?;
            words.push(format!("{key}={value}"));
        }
    }
    let name = name.to_string();
    let t = run(py, move || rulesets::table(&name, &words))?;
    Ok((
        t.caption,
        t.column_label,
        t.row_label,
        t.columns,
        t.rows,
        t.cells,
    ))
}

/// `G(0..=to)` of the family `name` with its rule arguments `args`, as `partizan grundy NAME
/// ARGS --to N`: `(description, values, (preperiod, period) or None)`.
#[allow(clippy::type_complexity)]
#[pyfunction]
fn sequence(
    py: Python<'_>,
    name: &str,
    args: Vec<String>,
    to: usize,
) -> PyResult<(String, Vec<u32>, Option<(usize, usize)>)> {
    let name = name.to_string();
    let r = run(py, move || rulesets::sequence(&name, &args, to))?;
    Ok((
        r.name,
        r.values,
        r.periodicity.map(|p| (p.preperiod, p.period)),
    ))
}

/// Evaluates an expression of the notation (families, methods and comparisons included) to a
/// Game, a bool, a list, a Thermograph or a string.
#[pyfunction]
fn evaluate(py: Python<'_>, expression: &str) -> PyResult<Py<PyAny>> {
    let text = expression.to_string();
    let v = run(py, move || {
        Ok(expr::evaluate_in(&text, expr::Scope::Families)?)
    })?;
    value_to_py(py, v, None)
}

/// Every method of games: `(name, cgsuite_name, params, summary)`.
#[pyfunction]
fn methods() -> Vec<(&'static str, &'static str, Vec<&'static str>, &'static str)> {
    expr::methods()
        .iter()
        .map(|m| (m.name, m.cgsuite, m.params.to_vec(), m.summary))
        .collect()
}

/// Empties the algebra's memo tables (they are bounded; this returns their memory at once).
#[pyfunction]
fn clear_caches() {
    partizan::algebra::clear_caches();
}

// ---------------------------------------------------------------------------------------------
// Rulesets written in Python

thread_local! {
    /// The first Python exception raised by a user's method during the current solve; once set,
    /// every further callback returns at once, and the solve is abandoned.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

fn record(e: PyErr) {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(e);
        }
    });
}

fn failed() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

fn take_pending() -> Option<PyErr> {
    PENDING.with(|p| p.borrow_mut().take())
}

/// A position of a Python ruleset: a hashable Python object with its hash, taken once.
struct Position {
    obj: Py<PyAny>,
    hash: isize,
}

impl Position {
    fn new(obj: Bound<'_, PyAny>) -> PyResult<Position> {
        let hash = obj.hash()?;
        Ok(Position {
            obj: obj.unbind(),
            hash,
        })
    }
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Python::attach(|py| Position {
            obj: self.obj.clone_ref(py),
            hash: self.hash,
        })
    }
}

impl PartialEq for Position {
    /// Python's `==`; an exception in it is recorded and counts as "different".
    fn eq(&self, other: &Position) -> bool {
        if self.hash != other.hash {
            return false;
        }
        if self.obj.is(&other.obj) {
            return true;
        }
        if failed() {
            return false;
        }
        Python::attach(|py| match self.obj.bind(py).eq(other.obj.bind(py)) {
            Ok(b) => b,
            Err(e) => {
                record(e);
                false
            }
        })
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

/// A ruleset written in Python, seen by the solver: its methods bound once.
///
/// The solver asks `normalize` and `components` of every option it generates, and the same
/// option is generated from many positions (transpositions): the answers are memoised here, so
/// that the user's methods run once per distinct position (they must be functions of the
/// position, as the transposition table already assumes). The memos live as long as the
/// solver's table.
struct PyRules {
    left: Option<Py<PyAny>>,
    right: Option<Py<PyAny>>,
    options: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
    normalize: Option<Py<PyAny>>,
    normalized: RefCell<HashMap<Position, Position>>,
    parts: RefCell<HashMap<Position, Vec<Position>>>,
}

impl PyRules {
    /// Reports the bound methods to Python's garbage collector (see `PySolver::__traverse__`).
    fn visit(&self, visit: &PyVisit<'_>) -> Result<(), PyTraverseError> {
        for method in [
            &self.left,
            &self.right,
            &self.options,
            &self.components,
            &self.normalize,
        ] {
            visit.call(method)?;
        }
        Ok(())
    }

    fn new(rules: &Bound<'_, PyAny>) -> PyResult<PyRules> {
        let method = |name: &str| -> PyResult<Option<Py<PyAny>>> {
            if rules.hasattr(name)? {
                let m = rules.getattr(name)?;
                if !m.is_callable() {
                    return Err(PyTypeError::new_err(format!(
                        "the ruleset's {name} must be a method"
                    )));
                }
                Ok(Some(m.unbind()))
            } else {
                Ok(None)
            }
        };
        let r = PyRules {
            left: method("left_options")?,
            right: method("right_options")?,
            options: method("options")?,
            components: method("components")?,
            normalize: method("normalize")?,
            normalized: RefCell::new(HashMap::new()),
            parts: RefCell::new(HashMap::new()),
        };
        let partizan = r.left.is_some() && r.right.is_some();
        if !partizan && r.options.is_none() {
            return Err(PyTypeError::new_err(
                "a ruleset needs the methods left_options(position) and right_options(position), or options(position) for an impartial game",
            ));
        }
        Ok(r)
    }

    /// `f(position)` as a list of positions; an exception (in `f`, in iterating its result or
    /// in hashing a position) is recorded and gives no positions.
    fn positions(f: Option<&Py<PyAny>>, p: &Position) -> Vec<Position> {
        let Some(f) = f else { return Vec::new() };
        if failed() {
            return Vec::new();
        }
        Python::attach(|py| {
            let result = (|| -> PyResult<Vec<Position>> {
                let out = f.bind(py).call1((p.obj.bind(py),))?;
                out.try_iter()?.map(|item| Position::new(item?)).collect()
            })();
            result.unwrap_or_else(|e| {
                record(e);
                Vec::new()
            })
        })
    }

    fn sides(&self) -> (Option<&Py<PyAny>>, Option<&Py<PyAny>>) {
        match (&self.left, &self.right) {
            (Some(l), Some(r)) => (Some(l), Some(r)),
            _ => (self.options.as_ref(), self.options.as_ref()),
        }
    }

    fn split(&self, p: &Position) -> Vec<Position> {
        if self.components.is_none() {
            return vec![p.clone()];
        }
        if let Some(parts) = self.parts.borrow().get(p) {
            return parts.clone();
        }
        let parts = PyRules::positions(self.components.as_ref(), p);
        if !failed() {
            self.parts.borrow_mut().insert(p.clone(), parts.clone());
        }
        parts
    }

    fn normal(&self, p: Position) -> Position {
        let Some(f) = &self.normalize else { return p };
        if failed() {
            return p;
        }
        if let Some(q) = self.normalized.borrow().get(&p) {
            return q.clone();
        }
        let q = Python::attach(|py| f.bind(py).call1((p.obj.bind(py),)).and_then(Position::new));
        match q {
            Ok(q) => {
                self.normalized.borrow_mut().insert(p, q.clone());
                q
            }
            Err(e) => {
                record(e);
                p
            }
        }
    }
}

impl Ruleset for PyRules {
    type Position = Position;

    fn left_options(&self, p: &Position) -> Vec<Position> {
        PyRules::positions(self.sides().0, p)
    }

    fn right_options(&self, p: &Position) -> Vec<Position> {
        PyRules::positions(self.sides().1, p)
    }

    fn components(&self, p: &Position) -> Vec<Position> {
        self.split(p)
    }

    fn normalize(&self, p: Position) -> Position {
        self.normal(p)
    }
}

impl ImpartialRuleset for PyRules {
    type Position = Position;

    fn options(&self, p: &Position) -> Vec<Position> {
        PyRules::positions(self.options.as_ref().or(self.left.as_ref()), p)
    }

    fn components(&self, p: &Position) -> Vec<Position> {
        self.split(p)
    }

    fn normalize(&self, p: Position) -> Position {
        self.normal(p)
    }
}

struct Solvers {
    /// The ruleset; `None` once Python's garbage collector has cleared the solver.
    rules: Option<Py<PyAny>>,
    forms: Option<Solver<PyRules>>,
    grundy: Option<GrundySolver<PyRules>>,
}

/// The solver of a ruleset written in Python.
///
/// The ruleset is any object with `left_options(position)` and `right_options(position)`
/// (iterables of positions), or `options(position)` for an impartial game; positions are
/// hashable Python objects. Optional: `components(position)`, the independent parts whose sum
/// the position is (an empty list for none), and `normalize(position)`, a representative under
/// the rules' symmetries. Values are memoised in a transposition table that lives as long as
/// the solver. An exception raised by one of these methods propagates unchanged (and the table
/// is emptied, since it may hold values computed from partial option lists).
#[pyclass(name = "Solver", module = "partizan")]
pub struct PySolver {
    inner: Mutex<Solvers>,
}

fn busy() -> PyErr {
    PyRuntimeError::new_err(
        "this Solver is already solving (a ruleset's method called its own solver)",
    )
}

fn finish<T>(py: Python<'_>, result: Result<T, Error>) -> PyResult<T> {
    if let Some(e) = take_pending() {
        return Err(e);
    }
    result.map_err(|e| py_error(py, e))
}

#[pymethods]
impl PySolver {
    #[new]
    fn py_new(rules: &Bound<'_, PyAny>) -> PyResult<PySolver> {
        PyRules::new(rules)?;
        Ok(PySolver {
            inner: Mutex::new(Solvers {
                rules: Some(rules.clone().unbind()),
                forms: None,
                grundy: None,
            }),
        })
    }

    /// The canonical form of `position`.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let root = Position::new(position.clone())?;
        let mut guard = self.inner.try_lock().map_err(|_| busy())?;
        let s = &mut *guard;
        if s.forms.is_none() {
            s.forms = Some(Solver::new(PyRules::new(s.ruleset(py)?)?));
        }
        take_pending();
        let solver = s.forms.as_mut().expect("created above");
        let result = guarded(|| solver.try_value(&root).map_err(Error::from));
        let failed = result.is_err();
        let out = finish(py, result);
        if failed || out.is_err() {
            s.forms = None;
        }
        Ok(PyGame { g: out? })
    }

    /// The Grundy value of `position` of an impartial ruleset (`options(position)`), an int,
    /// computed with integers only (mex and XOR), never canonical forms.
    fn grundy(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let root = Position::new(position.clone())?;
        let mut guard = self.inner.try_lock().map_err(|_| busy())?;
        let s = &mut *guard;
        if s.grundy.is_none() {
            let rules = PyRules::new(s.ruleset(py)?)?;
            if rules.options.is_none() {
                return Err(PyTypeError::new_err(
                    "grundy() needs an impartial ruleset, with options(position)",
                ));
            }
            s.grundy = Some(GrundySolver::new(rules));
        }
        take_pending();
        let solver = s.grundy.as_mut().expect("created above");
        let result = guarded(|| solver.try_grundy(&root).map_err(Error::from));
        let failed = result.is_err();
        let out = finish(py, result);
        if failed || out.is_err() {
            s.grundy = None;
        }
        out
    }

    /// The number of positions in the transposition tables.
    fn __len__(&self) -> PyResult<usize> {
        let s = self.inner.try_lock().map_err(|_| busy())?;
        Ok(s.forms.as_ref().map_or(0, |f| f.table_len())
            + s.grundy.as_ref().map_or(0, |g| g.table_len()))
    }

    /// Empties the transposition tables.
    fn clear(&self) -> PyResult<()> {
        let mut s = self.inner.try_lock().map_err(|_| busy())?;
        s.forms = None;
        s.grundy = None;
        Ok(())
    }

    #[getter]
    fn ruleset(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let s = self.inner.try_lock().map_err(|_| busy())?;
        Ok(s.ruleset(py)?.clone().unbind())
    }

    /// Tells Python's garbage collector what the solver holds: the ruleset and its bound
    /// methods. A ruleset that keeps its own solver (`self.solver = Solver(self)`) forms a
    /// cycle, which the collector can then free. (Positions in the tables are not reported: a
    /// position that refers back to its ruleset keeps the cycle alive.)
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        // It must not block: a solver that is solving (its lock held) is skipped.
        let Ok(s) = self.inner.try_lock() else {
            return Ok(());
        };
        visit.call(&s.rules)?;
        if let Some(forms) = &s.forms {
            forms.ruleset().visit(&visit)?;
        }
        if let Some(grundy) = &s.grundy {
            grundy.ruleset().visit(&visit)?;
        }
        Ok(())
    }

    /// Drops the ruleset and the tables, breaking a cycle through the ruleset.
    fn __clear__(&mut self) {
        if let Ok(s) = self.inner.get_mut() {
            s.rules = None;
            s.forms = None;
            s.grundy = None;
        }
    }
}

impl Solvers {
    /// The ruleset, or an error once the garbage collector has cleared the solver.
    fn ruleset<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, PyAny>> {
        self.rules
            .as_ref()
            .map(|r| r.bind(py))
            .ok_or_else(|| PyRuntimeError::new_err("this Solver has been cleared"))
    }
}

// ---------------------------------------------------------------------------------------------

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    interrupt::set_poll(Some(poll_signals));
    m.add_class::<PyGame>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyThermograph>()?;
    m.add_class::<PySolver>()?;
    m.add_class::<BoundMethod>()?;
    m.add_function(wrap_pyfunction!(call_family, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(sequence, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(methods, m)?)?;
    m.add_function(wrap_pyfunction!(clear_caches, m)?)?;
    Ok(())
}
