//! `partizan.Position`: a family position that keeps its rules.

use super::*;

/// The position `text` makes, as the expression language reads it
/// ([`expr::evaluate_unsettled`]): a family call that gives its positions (or its value only), a
/// sum of positions, `impartial(…)` of one; an error when it is not a position (a value, a
/// list, …).
pub(crate) fn parse_position(text: &str) -> Result<LibPosition, Error> {
    match expr::evaluate_unsettled(text)? {
        Value::Position(p) => Ok(p),
        v => Err(Error::input(format!(
            "{text} is not a position (a family call such as nim(1,2), a sum of them, or impartial(…) of one) but {}",
            v.kind()
        ))),
    }
}

pub(crate) fn position_obj(py: Python<'_>, p: LibPosition) -> PyResult<Py<PyPosition>> {
    Py::new(py, PyPosition { p })
}

pub(crate) fn position_list(py: Python<'_>, list: Vec<LibPosition>) -> PyResult<Py<PyAny>> {
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
pub(crate) struct PyPosition {
    pub(crate) p: LibPosition,
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
        partizan::render::board::position_svg(&self.p.to_string())
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
    /// about a second of work, else by a search of the game tree (see `outcome_by_search`); a
    /// NoGo board is searched first.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let p = self.p.clone();
        Ok(outcome_str(run(py, move || p.outcome())?))
    }

    /// The normal-play outcome class by a search of the game tree, without its canonical form:
    /// the position split into components, small components replaced by their canonical forms
    /// (each given `component_budget` positions of work), minimax with a transposition table of
    /// at most `table_entries` entries on the rest; before it, a first search of at most
    /// `first_budget` positions with no component valued. Returns the class and what the search
    /// did, as a dict.
    #[pyo3(signature = (*, table_entries = 1 << 20, component_budget = 64, first_budget = 1024))]
    fn outcome_by_search(
        &self,
        py: Python<'_>,
        table_entries: usize,
        component_budget: u64,
        first_budget: u64,
    ) -> PyResult<(&'static str, Py<PyAny>)> {
        let p = self.tree("outcome_by_search")?;
        let options = partizan::solve::outcome::SearchOptions {
            table_entries,
            component_budget,
            first_budget,
        };
        let (outcome, stats) = run(py, move || p.outcome_by_search(options))?;
        let d = pyo3::types::PyDict::new(py);
        d.set_item("positions_searched", stats.nodes)?;
        d.set_item("found_in_table", stats.table_hits)?;
        d.set_item("components_valued", stats.components_valued)?;
        d.set_item("components_searched", stats.components_searched)?;
        d.set_item("first_search_positions", stats.first_nodes)?;
        d.set_item("first_searches_decided", stats.first_decided)?;
        d.set_item("table_clears", stats.table_clears)?;
        Ok((outcome_str(outcome), d.into_any().unbind()))
    }

    /// The misère outcome class (the player who cannot move wins), `'L'`, `'R'`, `'N'` or
    /// `'P'`, from the game tree.
    fn misere_outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let p = self.tree("misere_outcome")?;
        Ok(outcome_str(run(py, move || p.misere_outcome())?))
    }

    /// The misère canonical form of an impartial position, a `MisereGame` (`*[2[2]]`).
    fn misere_canonical_form(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let p = self.tree("misere_canonical_form")?;
        let g = run(py, move || p.misere_canonical_form())?;
        misere_obj(py, g)
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

    /// `(left, right)`: the winning moves as `winning_moves` finds them, each a dict from the
    /// move's name (a board's in MCGS's notation, `"2-3"`, `"a1-a2"`; else the option as
    /// printed) to the position it leads to.
    fn winning_move_names(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let (left, right) = self.winning_moves(py)?;
        let p = self.tree("winning_move_names")?;
        let named = |list: Py<PyAny>| -> PyResult<Py<PyAny>> {
            let dict = pyo3::types::PyDict::new(py);
            for item in list.bind(py).try_iter()? {
                let item = item?;
                let option: LibPosition = item.extract::<PyRef<'_, PyPosition>>()?.p.clone();
                let name = partizan::rulesets::mcgs::moves::option_name(&p, &option);
                dict.set_item(name, item)?;
            }
            Ok(dict.into_any().unbind())
        };
        Ok((named(left)?, named(right)?))
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
