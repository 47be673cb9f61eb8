//! `partizan.Thermograph`.

use super::*;

/// A thermograph: mean, temperature and the two walls, drawn as SVG in a notebook.
#[pyclass(name = "Thermograph", module = "partizan", frozen)]
pub(crate) struct PyThermograph {
    pub(crate) t: Thermograph,
    pub(crate) caption: String,
}

pub(crate) fn corners<'py>(
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

    /// The picture: temperature upwards, larger values to the left (WW's layout).
    fn to_svg(&self) -> String {
        partizan::render::thermograph_svg(&self.t, &self.caption)
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
