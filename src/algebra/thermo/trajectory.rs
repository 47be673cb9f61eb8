//! Continuous piecewise-linear functions of the temperature: the walls and scaffolds of a
//! thermograph written out, with their exact arithmetic (tilting, the pointwise maximum and
//! minimum, the value at a point).
//!
//! Slopes lie in {−2, …, 2}, so every corner is a dyadic point and every coordinate an exact
//! [`Number`].

use crate::algebra::number::Number;
use std::fmt;

/// A continuous piecewise-linear function of the temperature `t` on `[−1, ∞)`.
///
/// Given by its corners `(t_i, x_i)` with `t_0 = −1 < t_1 < ...` and the slope after the last
/// corner; between corners the function is linear. No corner but the first lies on a straight
/// continuation of its neighbours, so equal functions have equal representations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pub(super) corners: Vec<(Number, Number)>,
    pub(super) tail_slope: Number,
}

impl Trajectory {
    /// The constant function `x`.
    pub fn constant(x: Number) -> Trajectory {
        Trajectory {
            corners: vec![(Number::from(-1), x)],
            tail_slope: Number::zero(),
        }
    }

    /// The corners `(t, x)`: temperature first, then value; by increasing `t`, starting at
    /// `t = −1`.
    pub fn corners(&self) -> &[(Number, Number)] {
        &self.corners
    }

    /// The slope after the last corner.
    pub fn tail_slope(&self) -> &Number {
        &self.tail_slope
    }

    /// The slope on the segment starting at corner `i`.
    pub(super) fn slope(&self, i: usize) -> Number {
        match self.corners.get(i + 1) {
            Some((t1, x1)) => {
                let (t0, x0) = &self.corners[i];
                slope_of(&(x1 - x0), &(t1 - t0))
            }
            None => self.tail_slope.clone(),
        }
    }

    /// The index of the segment containing `t` (the last corner at or before `t`).
    pub(super) fn segment(&self, t: &Number) -> usize {
        self.corners
            .iter()
            .rposition(|(ti, _)| ti <= t)
            .unwrap_or_default()
    }

    /// The value at `t` (for `t >= −1`; below −1 the first segment is extended).
    pub fn value_at(&self, t: &Number) -> Number {
        let i = self.segment(t);
        let (ti, xi) = &self.corners[i];
        xi + &(self.slope(i) * (t - ti))
    }

    /// The slope just after `t`.
    pub(super) fn slope_at(&self, t: &Number) -> Number {
        self.slope(self.segment(t))
    }

    /// `f(t) + s·t`.
    pub(super) fn tilt(&self, s: &Number) -> Trajectory {
        Trajectory {
            corners: self
                .corners
                .iter()
                .map(|(t, x)| (t.clone(), x + &(s * t)))
                .collect(),
            tail_slope: &self.tail_slope + s,
        }
    }

    /// `−f`.
    pub(super) fn negated(&self) -> Trajectory {
        Trajectory {
            corners: self.corners.iter().map(|(t, x)| (t.clone(), -x)).collect(),
            tail_slope: -&self.tail_slope,
        }
    }

    /// The corner temperatures of `self` and `other` together, sorted, without repeats.
    pub(super) fn joint_breaks(&self, other: &Trajectory) -> Vec<Number> {
        let mut ts: Vec<Number> = self
            .corners
            .iter()
            .chain(&other.corners)
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// Pointwise maximum (`max = true`) or minimum.
    pub(super) fn combine(&self, other: &Trajectory, max: bool) -> Trajectory {
        let ts = self.joint_breaks(other);
        // Both functions are linear between consecutive breaks (and after the last one), so
        // they cross at most once there.
        let mut all = ts.clone();
        for (w, t0) in ts.iter().enumerate() {
            let d0 = self.value_at(t0) - other.value_at(t0);
            let ds = self.slope_at(t0) - other.slope_at(t0);
            if ds.is_zero() || d0.is_zero() {
                continue;
            }
            let tc = t0 - &exact_div(&d0, &ds);
            if tc > *t0 && ts.get(w + 1).is_none_or(|t1| tc < *t1) {
                all.push(tc);
            }
        }
        all.sort();
        all.dedup();
        let pick = |a: Number, b: Number| if (a >= b) == max { a } else { b };
        let corners: Vec<(Number, Number)> = all
            .iter()
            .map(|t| (t.clone(), pick(self.value_at(t), other.value_at(t))))
            .collect();
        let last = all.last().expect("a trajectory has a corner");
        let (va, vb) = (self.value_at(last), other.value_at(last));
        let tail = if va == vb {
            pick(self.tail_slope.clone(), other.tail_slope.clone())
        } else if (va > vb) == max {
            self.tail_slope.clone()
        } else {
            other.tail_slope.clone()
        };
        Trajectory {
            corners,
            tail_slope: tail,
        }
        .simplified()
    }

    /// Drops corners (other than the first) where the slope does not change.
    pub(super) fn simplified(mut self) -> Trajectory {
        let mut i = 1;
        while i < self.corners.len() {
            if self.slope(i - 1) == self.slope(i) {
                self.corners.remove(i);
            } else {
                i += 1;
            }
        }
        self
    }

    /// The function up to `t`, then constant (the mast).
    pub(super) fn truncated_at(&self, t: &Number) -> Trajectory {
        let x = self.value_at(t);
        let mut corners: Vec<(Number, Number)> = self
            .corners
            .iter()
            .filter(|(ti, _)| ti < t)
            .cloned()
            .collect();
        corners.push((t.clone(), x));
        Trajectory {
            corners,
            tail_slope: Number::zero(),
        }
        .simplified()
    }
}

impl fmt::Display for Trajectory {
    /// The corners as `value@temperature`, then the slope after the last one when not 0,
    /// e.g. `4@-1 1/2@5/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (t, x)) in self.corners.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{x}@{t}")?;
        }
        if !self.tail_slope.is_zero() {
            write!(f, " then slope {}", self.tail_slope)?;
        }
        Ok(())
    }
}

/// `a / b` for dyadic `a` and `b` whose quotient is dyadic. Wall slopes and their differences
/// lie in {−2, ..., 2}, so every division made here is by a small integer: such divisors are
/// divided out by shifts, which stays linear in the size of the numbers (a general division
/// would reduce a fraction by a gcd, quadratic in the number of bits).
pub(super) fn exact_div(a: &Number, b: &Number) -> Number {
    match small_integer(b) {
        Some(k) => divide_by_small(a, k),
        None => {
            let num = a.numerator() << b.exponent();
            let den = b.numerator() << a.exponent();
            Number::from_ratio(num, den).expect("thermograph coordinates are dyadic")
        }
    }
}

/// `b` as an integer in {±1, ±2, ±4}, the divisors that shifts handle.
fn small_integer(b: &Number) -> Option<i64> {
    b.to_i64().filter(|k| matches!(k.unsigned_abs(), 1 | 2 | 4))
}

fn divide_by_small(a: &Number, k: i64) -> Number {
    let q = a.mul_pow2(-(k.unsigned_abs().trailing_zeros() as i64));
    if k < 0 {
        -q
    } else {
        q
    }
}

/// The slope `(x1 − x0) / (t1 − t0)` of a segment, a small integer for walls and scaffolds.
pub(super) fn slope_of(dx: &Number, dt: &Number) -> Number {
    if dx.is_zero() {
        return Number::zero();
    }
    for k in [1i64, -1, 2, -2, 4, -4] {
        let k = Number::from(k);
        if *dx == dt * &k {
            return k;
        }
    }
    exact_div(dx, dt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        s.parse().unwrap()
    }

    #[test]
    fn max_of_crossing_lines() {
        // max(1 - (t + 1), 0) = max(-t, 0): the lines cross at t = 0.
        let a = Trajectory {
            corners: vec![(n("-1"), n("1"))],
            tail_slope: n("-1"),
        };
        let b = Trajectory::constant(n("0"));
        let m = a.combine(&b, true);
        assert_eq!(m.corners, vec![(n("-1"), n("1")), (n("0"), n("0"))]);
        assert_eq!(m.tail_slope, n("0"));
        // min(-t, 0) is 0 until t = 0, then -t.
        let m = a.combine(&b, false);
        assert_eq!(m.corners, vec![(n("-1"), n("0")), (n("0"), n("0"))]);
        assert_eq!(m.tail_slope, n("-1"));
    }
}
