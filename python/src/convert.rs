//! Numbers and values between Python and the library.

use super::*;

pub(crate) static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

pub(crate) fn fraction_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    FRACTION.import(py, "fractions", "Fraction")
}

/// A number as a `fractions.Fraction`.
pub(crate) fn fraction<'py>(py: Python<'py>, x: &Number) -> PyResult<Bound<'py, PyAny>> {
    fraction_type(py)?.call1((x.numerator(), x.denominator()))
}

/// A game that is a number as a `Fraction`; `ValueError` otherwise.
pub(crate) fn game_fraction<'py>(py: Python<'py>, g: Game) -> PyResult<Bound<'py, PyAny>> {
    match g.as_number() {
        Some(x) => fraction(py, x),
        None => Err(PyValueError::new_err(format!("{g} is not a number"))),
    }
}

/// An `int` or a `Fraction` as a game, `None` for anything else. A `Fraction` must be dyadic.
pub(crate) fn number_operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
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
pub(crate) fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
    if let Ok(g) = obj.cast::<PyGame>() {
        return Ok(Some(g.get().g));
    }
    number_operand(obj)
}

/// Parses CGSuite notation (with the families callable), detached.
pub(crate) fn parse(py: Python<'_>, text: &str) -> PyResult<Game> {
    let text = text.to_string();
    run(py, move || partizan::eval(&text))
}

/// Anything that names a game: a `Game`, an `int`, a dyadic `Fraction`, or a string in CGSuite
/// notation. `TypeError` for other objects.
pub(crate) fn to_game(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
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

pub(crate) fn to_games(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Game>> {
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
pub(crate) const FRACTION_RESULTS: &[&str] = &["left_stop", "right_stop", "mean", "temperature"];
pub(crate) const INT_RESULTS: &[&str] = &["birthday", "follower_count", "stop_count", "nim_value"];

/// A value of the expression language as a Python object. `method` (the snake_case name of the
/// method that produced it, if any) decides whether a number is a `Fraction`, an `int` or a
/// `Game`.
pub(crate) fn value_to_py(py: Python<'_>, v: Value, method: Option<&str>) -> PyResult<Py<PyAny>> {
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
        // A loopy game that is not short: `on`, `over & under`.
        Value::Loopy(_) => PyLoopyGame {
            text: v.to_string(),
        }
        .into_pyobject(py)?
        .into_any()
        .unbind(),
        // An outcome with draws: `L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`.
        Value::LoopyOutcome(o) => o.to_string().into_pyobject(py)?.into_any().unbind(),
        // Smith's value: an int for `*n` (as Grundy values are), `inf_{0,1}` as a string.
        Value::SmithValue(LoopyNimValue::Finite(n)) => n.into_pyobject(py)?.into_any().unbind(),
        Value::SmithValue(s) => s.to_string().into_pyobject(py)?.into_any().unbind(),
        Value::Misere(g) => misere_obj(py, g)?,
        // A genus (`0^120`), in CGSuite's notation.
        Value::Genus(_) => v.to_string().into_pyobject(py)?.into_any().unbind(),
        // A position (an option of a family's position, `nim(0,2)`), as a `Position`.
        Value::Position(p) => position_obj(py, p)?.into_any(),
        // A rational number that is not dyadic, as a `Fraction`.
        Value::Rational(r) => py
            .import("fractions")?
            .getattr("Fraction")?
            .call1((r.numer().clone(), r.denom().clone()))?
            .unbind(),
        // A set as a `frozenset` (a list when an element cannot be hashed, a list itself).
        Value::Set(items) => {
            let items: Vec<Py<PyAny>> = items
                .into_iter()
                .map(|i| value_to_py(py, i, None))
                .collect::<PyResult<_>>()?;
            match pyo3::types::PyFrozenSet::new(py, &items) {
                Ok(set) => set.into_any().unbind(),
                Err(_) => PyList::new(py, items)?.into_any().unbind(),
            }
        }
        // A map as a `dict` (a list of pairs when a key cannot be hashed).
        Value::Map(entries) => {
            let dict = PyDict::new(py);
            let mut pairs = Vec::new();
            for (k, v) in entries {
                let (k, v) = (value_to_py(py, k, None)?, value_to_py(py, v, None)?);
                pairs.push(
                    PyTuple::new(py, [k.clone_ref(py), v.clone_ref(py)])?
                        .into_any()
                        .unbind(),
                );
                if dict.set_item(k, v).is_err() {
                    return Ok(PyList::new(py, pairs)?.into_any().unbind());
                }
            }
            dict.into_any().unbind()
        }
        // A range of integers as a Python `range` (its end included, as CGScript's is).
        Value::Range(r) => {
            let (from, to, step) = *r;
            let end = if step > BigInt::from(0) {
                to + 1
            } else {
                to - 1
            };
            py.import("builtins")?
                .getattr("range")?
                .call1((from, end, step))?
                .unbind()
        }
        Value::Coordinates(r, c) => PyTuple::new(py, [r, c])?.into_any().unbind(),
        Value::Nothing => py.None(),
        Value::Player(left) => (if left { "Left" } else { "Right" })
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        // A function of the worksheet language, a package or a ruleset of CGSuite's: their
        // notation (a worksheet keeps the function itself under its name).
        Value::Function(_) | Value::Object(_) => {
            v.to_string().into_pyobject(py)?.into_any().unbind()
        }
    })
}

pub(crate) fn outcome_str(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
}
