//! `partizan.GrundyRun`: a long run of the sparse-space engine ([`SparseRun`], the engine of
//! `partizan grundy CODE --to N`) that computes for a while, saves its state as bytes, and goes
//! on from them later or on another machine. The survey driver (`partizan.survey`) hands these
//! states between Dask's workers and its database.

use super::*;
use partizan::rulesets::octal::OctalGame;
use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
use pyo3::types::PyBytes;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The game of a code: `"0.77"`, `".137"`, `"4.07"`, or `"grundy_game"`.
fn heap_rules(code: &str) -> Result<HeapRules, Error> {
    if code == "grundy_game" {
        Ok(HeapRules::grundy_game())
    } else {
        HeapRules::octal(OctalGame::parse(code)?.digits())
    }
}

/// The values `G(0), G(1), …` of an octal game (or Grundy's game) computed by the sparse-space
/// engine, which can be extended, saved and resumed.
#[pyclass(name = "GrundyRun", module = "partizan")]
pub(crate) struct PyGrundyRun {
    run: SparseRun,
}

#[pymethods]
impl PyGrundyRun {
    /// A run of `code` with no values yet; `ValueError` for a code the engine does not take.
    #[new]
    fn new(code: &str) -> PyResult<PyGrundyRun> {
        let rules = heap_rules(code).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGrundyRun {
            run: SparseRun::new(rules),
        })
    }

    /// The run saved in `state` (bytes of `save()`) for `code`; `ValueError` when the bytes
    /// are damaged or belong to another game.
    #[staticmethod]
    fn load(py: Python<'_>, code: &str, state: &[u8]) -> PyResult<PyGrundyRun> {
        let rules = heap_rules(code).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let state = state.to_vec();
        let run = run(py, move || {
            SparseRun::load(rules, &mut state.as_slice(), &Limits::default())
        })?;
        Ok(PyGrundyRun { run })
    }

    /// Computes until `G(0..=to)` are known, or for at most `seconds` (then the values so far
    /// are kept); `True` when every value asked for is known. `max_bytes` bounds the memory of
    /// the values (`ValueError` before allocating beyond it). Ctrl-C stops it with the values
    /// so far kept.
    #[pyo3(signature = (to, seconds=None, max_bytes=None))]
    fn compute(
        &mut self,
        py: Python<'_>,
        to: usize,
        seconds: Option<f64>,
        max_bytes: Option<usize>,
    ) -> PyResult<bool> {
        let len = to
            .checked_add(1)
            .ok_or_else(|| PyValueError::new_err(format!("to = {to} is too large")))?;
        if seconds.is_some_and(|s| !(s.is_finite() && s >= 0.0)) {
            return Err(PyValueError::new_err(
                "seconds must be a finite number of at least 0",
            ));
        }
        let stop = Arc::new(AtomicBool::new(false));
        // A timer that asks the run to stop; it ends with the run (the flag is then dropped).
        if let Some(s) = seconds {
            let stop = Arc::downgrade(&stop);
            std::thread::spawn(move || {
                let step = Duration::from_millis(20);
                let end = std::time::Instant::now() + Duration::from_secs_f64(s);
                while std::time::Instant::now() < end {
                    if stop.strong_count() == 0 {
                        return;
                    }
                    std::thread::sleep(step.min(end - std::time::Instant::now()));
                }
                if let Some(stop) = stop.upgrade() {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        }
        let engine = &mut self.run;
        let flag = Arc::clone(&stop);
        let finish = run(py, move || {
            engine.compute(
                len,
                &Limits {
                    stop: Some(&flag),
                    max_bytes,
                },
            )
        })?;
        Ok(finish == partizan::solve::sparse::Finish::Done)
    }

    /// The run as bytes (the format of `partizan grundy CODE --save FILE`), for `load`.
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = Vec::new();
        self.run
            .save(&mut out)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &out))
    }

    /// The game's code, as `"0.77"`.
    #[getter]
    fn code(&self) -> String {
        self.run.rules().name().to_string()
    }

    /// The number of values known, `G(0..len)`.
    fn __len__(&self) -> usize {
        self.run.len()
    }

    /// `G(start..stop)` of the values known (`stop` at most `len(run)`).
    #[pyo3(signature = (start=0, stop=None))]
    fn values(&self, start: usize, stop: Option<usize>) -> PyResult<Vec<u32>> {
        let stop = stop.unwrap_or(self.run.len());
        if start > stop || stop > self.run.len() {
            return Err(PyValueError::new_err(format!(
                "values({start}, {stop}): {} values are known",
                self.run.len()
            )));
        }
        Ok((start..stop).filter_map(|n| self.run.get(n)).collect())
    }

    /// The summary of the values known, as `partizan grundy CODE` prints it: a dict with `code`,
    /// `len`, `max`, `max_at`, `rare` (the count of rare positions), `last_rare`, `rare_mask`
    /// (the mask of the sparse-space split, or `None`), `period` and `preperiod` when proven
    /// (else `None`), and, when not proven, `apparent` = `(preperiod, period, saltus)` seen on
    /// the values (or `None`) and `proof_needs` (the number of values whose check proves it by
    /// the Octal Periodicity Theorem, or `None`).
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.run.summary();
        let d = PyDict::new(py);
        d.set_item("code", &s.name)?;
        d.set_item("len", s.len)?;
        d.set_item("max", s.max)?;
        d.set_item("max_at", s.max_at)?;
        d.set_item("rare", s.rare)?;
        d.set_item("last_rare", s.last_rare)?;
        let mask = match s.split {
            Some(partizan::solve::sparse::Method::Sparse { mask, .. }) => Some(mask),
            _ => None,
        };
        d.set_item("rare_mask", mask)?;
        d.set_item("period", s.periodicity.map(|p| p.period))?;
        d.set_item("preperiod", s.periodicity.map(|p| p.preperiod))?;
        let unproven = s.candidate.filter(|_| s.periodicity.is_none());
        d.set_item(
            "apparent",
            unproven.map(|c| (c.preperiod, c.period, c.saltus)),
        )?;
        d.set_item(
            "proof_needs",
            unproven
                .filter(|c| c.saltus == 0)
                .and_then(|c| s.code_length.map(|t| c.certificate_len(t))),
        )?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "GrundyRun({:?}, {} values)",
            self.run.rules().name(),
            self.run.len()
        )
    }
}
