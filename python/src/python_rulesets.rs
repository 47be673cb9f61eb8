//! Rulesets written in Python, solved by the library's solvers.

use super::*;

thread_local! {
    /// The first Python exception raised by a user's method during the current solve; once set,
    /// every further callback returns at once, and the solve is abandoned.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

pub(crate) fn record(e: PyErr) {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(e);
        }
    });
}

pub(crate) fn failed() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

pub(crate) fn take_pending() -> Option<PyErr> {
    PENDING.with(|p| p.borrow_mut().take())
}

/// A position of a Python ruleset: a hashable Python object with its hash, taken once.
pub(crate) struct Position {
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
pub(crate) struct PyRules {
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

pub(crate) struct Solvers {
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
pub(crate) struct PySolver {
    inner: Mutex<Solvers>,
}

pub(crate) fn busy() -> PyErr {
    PyRuntimeError::new_err(
        "this Solver is already solving (a ruleset's method called its own solver)",
    )
}

pub(crate) fn finish<T>(py: Python<'_>, result: Result<T, Error>) -> PyResult<T> {
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
