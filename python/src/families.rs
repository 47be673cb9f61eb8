//! The families, tables, Grundy sequences and expressions of the library, called by name.

use super::*;

pub(crate) fn family_arg(obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
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
/// ([`rulesets::Family::position`]), else a `Game`; a loopy family ([`rulesets::Family::loopy`]) gives its value
/// computed at once: a `Game` when it is short, otherwise as [`value_to_py`] converts it.
#[pyfunction]
#[pyo3(signature = (name, args, kwargs = None))]
pub(crate) fn call_family(
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
    if let Some((f, call)) = rulesets::family(name).and_then(|f| Some((f, f.loopy()?))) {
        let v = run(py, move || {
            let usage = |e: Error| rulesets::family::with_usage(e, "", f.usage());
            match call(&positional, &named) {
                // The call gives the game; its value is computed here, as the evaluator does
                // before it answers.
                Ok(rulesets::LoopyCall::Graph(g)) => {
                    let l = LoopyValue::from_graph(g);
                    Ok(match l.value().map_err(|e| usage(e.into()))?.as_game() {
                        Some(g) => Value::Game(g),
                        None => Value::Loopy(l),
                    })
                }
                Ok(rulesets::LoopyCall::Smith(s)) => Ok(Value::SmithValue(s)),
                Err(e) => Err(usage(e)),
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
                .map_err(|e| rulesets::family::with_usage(e, "", f.usage()));
        }
        match rulesets::call(&name, &positional, &named) {
            Some(r) => r.map(Value::Game),
            None => Err(Error::input(format!("unknown family {name:?}"))),
        }
    })?;
    value_to_py(py, v, None)
}

/// Every family callable from Python, one dict each: `name`, `usage`, `example`, `loopy`
/// (whether its values are loopy games, [`rulesets::Family::loopy`]), `table` (the usage line of its table, or `None`), `table_params`
/// (`[(name, meaning)]`) and `sequence` (the usage line of its Grundy sequence, or `None`).
#[pyfunction]
pub(crate) fn families(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let mut out = Vec::new();
    for f in rulesets::FAMILIES.iter() {
        let d = PyDict::new(py);
        d.set_item("name", f.name())?;
        d.set_item("usage", f.usage())?;
        d.set_item("example", f.example())?;
        d.set_item("loopy", f.loopy().is_some())?;
        let table = f.table();
        d.set_item("table", table.map(|t| t.usage(f.name())))?;
        let params: Vec<(&str, &str)> = table
            .map(|t| t.params.iter().map(|p| (p.name, p.meaning)).collect())
            .unwrap_or_default();
        d.set_item("table_params", params)?;
        d.set_item("sequence", f.sequence().map(|s| s.usage))?;
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
pub(crate) fn table(
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
pub(crate) fn sequence(
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
pub(crate) fn evaluate(py: Python<'_>, expression: &str) -> PyResult<Py<PyAny>> {
    let v = evaluate_value(py, expression.to_string())?;
    value_to_py(py, v, None)
}

/// The library's value of an expression of the notation (families included), computed off the
/// interpreter's lock ([`run`]).
pub(crate) fn evaluate_value(py: Python<'_>, expression: String) -> PyResult<Value> {
    run(py, move || {
        Ok(expr::evaluate_in(&expression, expr::Scope::Families)?)
    })
}

/// Every method of games: `(name, cgsuite_name, params, summary)`.
#[pyfunction]
pub(crate) fn methods() -> Vec<(&'static str, &'static str, Vec<&'static str>, &'static str)> {
    expr::methods()
        .iter()
        .map(|m| (m.name, m.cgsuite, m.params.to_vec(), m.summary))
        .collect()
}

/// Empties the algebra's memo tables (they are bounded; this returns their memory at once).
#[pyfunction]
pub(crate) fn clear_caches() {
    partizan::algebra::clear_caches();
}
