//! `partizan.MisereGame` and `partizan.LoopyGame`: the values that are not short games in normal
//! play, as objects that add, compare and print like `Game`.

use super::*;
use partizan::algebra::misere::MisereGame;

/// A misère game: an impartial game under the misère convention (the player who cannot move
/// wins), as its misère canonical form (Conway, ONAG ch. 12; CGT
/// ch. V), in CGSuite's notation `*[2[2]]`.
#[pyclass(name = "MisereGame", module = "partizan", frozen)]
pub(crate) struct PyMisereGame {
    pub(crate) g: MisereGame,
}

pub(crate) fn misere_obj(py: Python<'_>, g: MisereGame) -> PyResult<Py<PyAny>> {
    Ok(PyMisereGame { g }.into_pyobject(py)?.into_any().unbind())
}

#[pymethods]
impl PyMisereGame {
    /// `MisereGame("*[2#]")` from CGSuite's misère notation, or `MisereGame(n)`, the nim heap
    /// `*[n]`.
    #[new]
    fn py_new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<PyMisereGame> {
        if let Ok(n) = value.extract::<u64>() {
            return Ok(PyMisereGame {
                g: MisereGame::nim_heap(n),
            });
        }
        let text: String = value.extract().map_err(|_| {
            PyTypeError::new_err("MisereGame takes a string in CGSuite's misère notation or an int")
        })?;
        match families::evaluate_value(py, text)? {
            Value::Misere(g) => Ok(PyMisereGame { g }),
            v => Err(PyValueError::new_err(format!(
                "{v} is {}, not a misère game (written *[...])",
                v.kind()
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.g.to_string()
    }

    /// `MisereGame('*[2[2]]')`, which evaluates back to the same game.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "MisereGame({})",
            PyString::new(py, &self.g.to_string()).repr()?
        ))
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyType>, (String,))> {
        Ok((
            py.get_type::<PyMisereGame>().unbind(),
            (self.g.to_string(),),
        ))
    }

    /// The misère sum (an impartial game is its own negative, so `g - h` is `g + h`).
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match other.cast::<PyMisereGame>() {
            Ok(h) => misere_obj(py, self.g + h.get().g),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __neg__(&self) -> PyMisereGame {
        PyMisereGame { g: self.g }
    }

    /// Equal misère games have the same misère canonical form.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Ok(h) = other.cast::<PyMisereGame>() else {
            return Ok(py.NotImplemented());
        };
        let equal = self.g == h.get().g;
        match op {
            CompareOp::Eq => Ok(PyBool::new(py, equal).to_owned().into_any().unbind()),
            CompareOp::Ne => Ok(PyBool::new(py, !equal).to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> isize {
        rust_hash(&self.g)
    }

    /// The misère outcome class: `'N'` (the player to move wins) or `'P'`.
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_str(self.g.outcome())
    }

    /// Conway's genus, in CGSuite's notation (`0^120`).
    #[getter]
    fn genus(&self) -> String {
        self.g.genus().to_string()
    }

    /// The options of the misère canonical form.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let g = self.g;
        let options = run_ok(py, move || g.options().to_vec())?;
        options.into_iter().map(|o| misere_obj(py, o)).collect()
    }

    /// The birthday of the misère canonical form.
    #[getter]
    fn birthday(&self) -> u64 {
        self.g.birthday()
    }

    /// Whether every follower is tame (its misère play is that of a nim heap's).
    #[getter]
    fn is_tame(&self) -> bool {
        self.g.is_hereditarily_tame()
    }
}

/// A loopy game that is not short (CGT ch. VI): a stopper (`on`, `over`) or a
/// stopper-sided value (`over & under`), in CGSuite's loopy notation. Its operations are the
/// expression language's, on the notation it prints (which reads back as the same value).
#[pyclass(name = "LoopyGame", module = "partizan", frozen)]
pub(crate) struct PyLoopyGame {
    pub(crate) text: String,
}

/// A value of a loopy operation: a `LoopyGame`, or a `Game` when the value is short.
fn loopy_result(py: Python<'_>, expression: String) -> PyResult<Py<PyAny>> {
    families::evaluate(py, &expression)
}

/// The notation of a `LoopyGame`, `Game`, `int` or `Fraction` operand; `None` for others.
fn loopy_operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(l) = obj.cast::<PyLoopyGame>() {
        return Ok(Some(l.get().text.clone()));
    }
    Ok(operand(obj)?.map(|g| g.to_string()))
}

#[pymethods]
impl PyLoopyGame {
    /// `LoopyGame("over & under")` from CGSuite's loopy notation (`a{0|a}`, `on`, `{pass|*}`).
    #[new]
    fn py_new(py: Python<'_>, text: String) -> PyResult<PyLoopyGame> {
        match families::evaluate_value(py, text)? {
            v @ Value::Loopy(_) => Ok(PyLoopyGame {
                text: v.to_string(),
            }),
            v => Err(PyValueError::new_err(format!(
                "{v} is {}, not a loopy game (a short game is a Game)",
                v.kind()
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "LoopyGame({})",
            PyString::new(py, &self.text).repr()?
        ))
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyType>, (String,))> {
        Ok((py.get_type::<PyLoopyGame>().unbind(), (self.text.clone(),)))
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match loopy_operand(other)? {
            Some(h) => loopy_result(py, format!("({}) + ({h})", self.text)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match loopy_operand(other)? {
            Some(h) => loopy_result(py, format!("({}) - ({h})", self.text)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match loopy_operand(other)? {
            Some(h) => loopy_result(py, format!("({h}) - ({})", self.text)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        loopy_result(py, format!("-({})", self.text))
    }

    /// The order of loopy games (CGT ch. VI): `<=`, `>=`, `==` as CGSuite compares.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = loopy_operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let symbol = match op {
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        };
        loopy_result(py, format!("({}) {symbol} ({h})", self.text))
    }

    fn __hash__(&self) -> isize {
        rust_hash(&self.text)
    }

    /// The onside: the stopper equal to the game when Left wins infinite play.
    #[getter]
    fn onside(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        loopy_result(py, format!("({}).Onside", self.text))
    }

    /// The offside: the stopper equal to the game when Right wins infinite play.
    #[getter]
    fn offside(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        loopy_result(py, format!("({}).Offside", self.text))
    }

    /// The outcome class with draws: `L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        loopy_result(py, format!("({}).OutcomeClass", self.text))
    }

    /// Whether the value is a stopper (its onside equals its offside).
    #[getter]
    fn is_stopper(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        loopy_result(py, format!("({}).IsStopper", self.text))
    }
}
