//! `partizan.Game`: a short game in canonical form.

use super::*;

/// The value of a short partizan game, in canonical form.
///
/// `Game("{0|*}")` parses CGSuite notation (families may be called: `Game("nim(3)")`);
/// `Game.new(left=[...], right=[...])` builds `{left | right}`; ints and dyadic Fractions are
/// numbers. `+`, `-`, unary `-`; `==`, `<=`, `>=`, `<`, `>` in the partial order of games (two
/// confused games are neither `<=` nor `>=`: see `confused_with` and `compare`). Every method of
/// the expression language is available under its snake_case name (see `partizan.methods()`).
#[pyclass(name = "Game", module = "partizan", frozen)]
pub(crate) struct PyGame {
    pub(crate) g: Game,
}

pub(crate) fn game_obj(py: Python<'_>, g: Game) -> PyResult<Py<PyGame>> {
    Py::new(py, PyGame { g })
}

pub(crate) fn sorted_list(py: Python<'_>, games: &[Game]) -> PyResult<Py<PyAny>> {
    let sorted = partizan::algebra::print::sorted(games);
    let items = sorted
        .into_iter()
        .map(|g| game_obj(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any().unbind())
}

/// The LaTeX of a game's Unicode notation: braces escaped, bars as `\mid`, arrows and `±` as
/// their symbols, `*` as `\ast`.
pub(crate) fn latex(unicode: &str) -> String {
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

pub(crate) fn html_escape(s: &str) -> String {
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
pub(crate) fn game_hash(py: Python<'_>, g: Game) -> PyResult<isize> {
    if let Some(x) = g.as_number() {
        return fraction(py, x)?.hash();
    }
    Ok(rust_hash(&g))
}

/// Python's hash of a value hashed by Rust's `Hash` (a game's handle, a notation).
pub(crate) fn rust_hash(x: &impl Hash) -> isize {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish() as isize
}

/// `g op h` in the partial order of games (detached).
pub(crate) fn compare_games(
    py: Python<'_>,
    g: Game,
    h: Game,
    op: CompareOp,
) -> PyResult<Py<PyAny>> {
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

pub(crate) fn apply_method(
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
pub(crate) struct BoundMethod {
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
