//! `partizan.Worksheet`: CGSuite's worksheet language (statements, `:=`, loops, functions) with
//! its names kept from one entry to the next ([`partizan::expr::Worksheet`]).

use crate::convert::value_to_py;
use crate::run::run;
use partizan::expr::{self, Value};
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// A worksheet: `w.eval("g := {2||1|0}")`, then `w.eval("g.Mean")`; the names assigned stay
/// defined (`w["g"]`, `w.names`).
#[pyclass(name = "Worksheet", module = "partizan")]
pub(crate) struct PyWorksheet {
    sheet: Arc<Mutex<expr::Worksheet>>,
}

#[pymethods]
impl PyWorksheet {
    #[new]
    fn new() -> PyWorksheet {
        PyWorksheet {
            sheet: Arc::new(Mutex::new(expr::Worksheet::new())),
        }
    }

    /// Evaluates one entry: the value of its last statement, or `None` when it ends with `;`
    /// (or is blank). Errors raise `ValueError` with the one-line message.
    fn eval(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        let sheet = self.sheet.clone();
        let text = text.to_string();
        let v = run(py, move || {
            let mut sheet = sheet.lock().unwrap_or_else(|e| e.into_inner());
            Ok(sheet.evaluate(&text)?)
        })?;
        match v {
            Some(v) => value_to_py(py, v, None),
            None => Ok(py.None()),
        }
    }

    /// Runs a script: every statement at the top level that is not ended by `;`, in turn; the
    /// list of their values.
    fn run(&self, py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
        let sheet = self.sheet.clone();
        let text = text.to_string();
        let values: Vec<Value> = run(py, move || {
            let mut sheet = sheet.lock().unwrap_or_else(|e| e.into_inner());
            let mut out = Vec::new();
            sheet.run_script(&text, |v| out.push(v))?;
            Ok(out)
        })?;
        values
            .into_iter()
            .map(|v| value_to_py(py, v, None))
            .collect()
    }

    /// The names the worksheet holds, sorted.
    #[getter]
    fn names(&self) -> Vec<String> {
        self.sheet.lock().unwrap_or_else(|e| e.into_inner()).names()
    }

    /// The value of the name `name`.
    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        if !self.names().iter().any(|n| n == name) {
            return Err(PyKeyError::new_err(name.to_string()));
        }
        self.eval(py, name)
    }

    fn __contains__(&self, name: &str) -> bool {
        self.names().iter().any(|n| n == name)
    }

    /// Forgets every name.
    fn clear(&self) {
        self.sheet.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    fn __repr__(&self) -> String {
        format!("Worksheet(names={:?})", self.names())
    }
}
