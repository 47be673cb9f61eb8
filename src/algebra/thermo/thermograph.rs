//! The thermograph written out ([`Thermograph`]): two explicit walls that meet at the
//! temperature, built from the scaffolds of the options (CGT §II.5; WW Ch. 6).

use super::trajectory::{exact_div, Trajectory};
use crate::algebra::number::Number;
use std::fmt;

/// The thermograph of a game: its left and right walls, which meet at the temperature and
/// continue up the mast at the mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall `LW(t)`: the Left stop of `G` cooled by `t` (constant above the
    /// temperature).
    pub left: Trajectory,
    /// The right wall `RW(t)`: the Right stop of `G` cooled by `t`.
    pub right: Trajectory,
    /// The temperature: where the walls meet.
    pub temperature: Number,
    /// The mean: the value of the mast.
    pub mean: Number,
}

impl Thermograph {
    /// The mast of an integer `n`: both walls are `n` from `t = −1`.
    pub(super) fn integer(n: Number) -> Thermograph {
        let wall = Trajectory::constant(n.clone());
        Thermograph {
            left: wall.clone(),
            right: wall,
            temperature: Number::from(-1),
            mean: n,
        }
    }

    /// The thermograph of `−G` from that of `G`: walls exchanged and negated.
    pub(super) fn negated(&self) -> Thermograph {
        Thermograph {
            left: self.right.negated(),
            right: self.left.negated(),
            temperature: self.temperature.clone(),
            mean: -&self.mean,
        }
    }

    /// The thermograph whose left scaffold is `max RW(t) − t` over `lefts` and whose right
    /// scaffold is `min LW(t) + t` over `rights` (both non-empty).
    pub(super) fn from_scaffolds<'a>(
        lefts: impl IntoIterator<Item = &'a Thermograph>,
        rights: impl IntoIterator<Item = &'a Thermograph>,
    ) -> Thermograph {
        let (minus_one, one) = (Number::from(-1), Number::one());
        let left = lefts
            .into_iter()
            .map(|l| l.right.tilt(&minus_one))
            .reduce(|a, b| a.combine(&b, true))
            .expect("a Left option");
        let right = rights
            .into_iter()
            .map(|r| r.left.tilt(&one))
            .reduce(|a, b| a.combine(&b, false))
            .expect("a Right option");
        Thermograph::meet(left, right)
    }

    /// Truncates the scaffolds where they first meet.
    pub(super) fn meet(left: Trajectory, right: Trajectory) -> Thermograph {
        let tau = first_meeting(&left, &right);
        let mean = left.value_at(&tau);
        Thermograph {
            left: left.truncated_at(&tau),
            right: right.truncated_at(&tau),
            temperature: tau,
            mean,
        }
    }
}

impl fmt::Display for Thermograph {
    /// Several lines: mean, temperature, and the corners of each wall as `value@temperature`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "mean: {}", self.mean)?;
        writeln!(f, "temperature: {}", self.temperature)?;
        writeln!(f, "left wall: {}", self.left)?;
        write!(f, "right wall: {}", self.right)
    }
}

/// The least `t >= −1` with `a(t) <= b(t)`, for `a − b` continuous and non-increasing and
/// eventually decreasing (scaffolds: the tail slopes are −1 and +1).
fn first_meeting(a: &Trajectory, b: &Trajectory) -> Number {
    let ts = a.joint_breaks(b);
    let diff = |t: &Number| a.value_at(t) - b.value_at(t);
    let mut previous: Option<&Number> = None;
    for t in &ts {
        if diff(t).signum() <= 0 {
            return match previous {
                // The meeting is inside the previous interval, where a − b is linear.
                Some(t0) => t0 - &exact_div(&diff(t0), &(a.slope_at(t0) - b.slope_at(t0))),
                None => t.clone(),
            };
        }
        previous = Some(t);
    }
    let last = ts.last().expect("a trajectory has a corner");
    let ds = a.tail_slope() - b.tail_slope();
    debug_assert!(ds.signum() < 0, "scaffolds must meet");
    last - &exact_div(&diff(last), &ds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        s.parse().unwrap()
    }

    #[test]
    fn scaffolds_meet_inside_a_segment() {
        // 4 - (t + 1) = 3 - t meets -3 + (t + 1) = t - 2 at t = 5/2.
        let a = Trajectory {
            corners: vec![(n("-1"), n("4"))],
            tail_slope: n("-1"),
        };
        let b = Trajectory {
            corners: vec![(n("-1"), n("-3"))],
            tail_slope: n("1"),
        };
        assert_eq!(first_meeting(&a, &b), n("5/2"));
    }
}
