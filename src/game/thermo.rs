//! Thermography: thermographs, mean, temperature and cooling.
//!
//! The thermograph of `G` draws, for each temperature `t >= −1`, the stops of `G` cooled by `t`
//! (Siegel, CGT §II.5; *Lessons in Play* Ch. 8; Berlekamp–Conway–Guy, *Winning Ways*
//! Ch. 6). It is computed from the options' thermographs: below the temperature `τ`,
//! `LW(t) = max RW_{G^L}(t) − t` and `RW(t) = min LW_{G^R}(t) + t`; these walls meet at `τ`,
//! and above it both follow the vertical *mast* at the mean. An integer `n` is the mast at `n`
//! from `t = −1` (temperature −1, CGSuite's convention); other numbers and all other games follow
//! the recursion, so `m/2^k` gets temperature `−1/2^k`.
//!
//! Walls are piecewise linear with slopes in {−1, 0, 1}, so every corner is a dyadic point and
//! all coordinates are exact [`Number`]s.

use super::number::Number;
use super::Game;
use std::sync::{Mutex, OnceLock};

/// A continuous piecewise-linear function of the temperature `t` on `[−1, ∞)`.
///
/// Given by its corners `(t_i, x_i)` with `t_0 = −1 < t_1 < ...` and the slope after the last
/// corner; between corners the function is linear.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    corners: Vec<(Number, Number)>,
    tail_slope: Number,
}

impl Trajectory {
    /// The constant function `x`.
    pub fn constant(x: Number) -> Trajectory {
        Trajectory {
            corners: vec![(Number::from(-1), x)],
            tail_slope: Number::zero(),
        }
    }

    /// The corners `(t, x)`, by increasing `t`, starting at `t = −1`.
    pub fn corners(&self) -> &[(Number, Number)] {
        &self.corners
    }

    /// The slope after the last corner.
    pub fn tail_slope(&self) -> &Number {
        &self.tail_slope
    }

    /// The slope on the segment starting at corner `i`.
    fn slope(&self, i: usize) -> Number {
        match self.corners.get(i + 1) {
            Some((t1, x1)) => {
                let (t0, x0) = &self.corners[i];
                exact_div(&(x1 - x0), &(t1 - t0))
            }
            None => self.tail_slope.clone(),
        }
    }

    /// The value at `t` (for `t >= −1`).
    pub fn value_at(&self, t: &Number) -> Number {
        let i = self
            .corners
            .iter()
            .rposition(|(ti, _)| ti <= t)
            .unwrap_or_default();
        let (ti, xi) = &self.corners[i];
        xi + &(self.slope(i) * (t - ti))
    }

    /// `f(t) + s·t`.
    fn tilt(&self, s: &Number) -> Trajectory {
        Trajectory {
            corners: self
                .corners
                .iter()
                .map(|(t, x)| (t.clone(), x + &(s * t)))
                .collect(),
            tail_slope: &self.tail_slope + s,
        }
    }

    /// Pointwise maximum (`max = true`) or minimum.
    fn combine(&self, other: &Trajectory, max: bool) -> Trajectory {
        let pick = |a: &Number, b: &Number| {
            if (a >= b) == max {
                a.clone()
            } else {
                b.clone()
            }
        };
        let mut ts: Vec<Number> = self
            .corners
            .iter()
            .chain(&other.corners)
            .map(|(t, _)| t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        // Add crossing points inside each interval, and after the last corner.
        let mut all = ts.clone();
        for w in 0..ts.len() {
            let t0 = &ts[w];
            let d0 = self.value_at(t0) - other.value_at(t0);
            let (sa, sb) = (self.slope_at(t0), other.slope_at(t0));
            let ds = &sa - &sb;
            if ds.is_zero() || d0.is_zero() {
                continue;
            }
            // The difference d0 + ds·(t − t0) vanishes at t0 − d0/ds.
            let tc = t0 - &exact_div(&d0, &ds);
            let in_range = tc > *t0 && ts.get(w + 1).is_none_or(|t1| tc < *t1);
            if in_range {
                all.push(tc);
            }
        }
        all.sort();
        all.dedup();
        let corners: Vec<(Number, Number)> = all
            .iter()
            .map(|t| (t.clone(), pick(&self.value_at(t), &other.value_at(t))))
            .collect();
        let last = all.last().expect("at least one corner");
        let (va, vb) = (self.value_at(last), other.value_at(last));
        let tail = if va == vb {
            let (sa, sb) = (self.tail_slope.clone(), other.tail_slope.clone());
            if (sa >= sb) == max {
                sa
            } else {
                sb
            }
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

    /// The slope just after `t`.
    fn slope_at(&self, t: &Number) -> Number {
        let i = self
            .corners
            .iter()
            .rposition(|(ti, _)| ti <= t)
            .unwrap_or(0);
        self.slope(i)
    }

    /// Drops corners where the slope does not change.
    fn simplified(mut self) -> Trajectory {
        let mut i = 1;
        while i < self.corners.len() {
            let before = self.slope(i - 1);
            let after = self.slope(i);
            if before == after {
                self.corners.remove(i);
            } else {
                i += 1;
            }
        }
        self
    }

    /// The function up to `t`, then constant (the mast).
    fn truncated_at(&self, t: &Number) -> Trajectory {
        let x = self.value_at(t);
        let mut corners: Vec<(Number, Number)> = self
            .corners
            .iter()
            .filter(|(ti, _)| ti < t)
            .cloned()
            .collect();
        if corners.is_empty() {
            corners.push((t.clone(), x.clone()));
        } else {
            corners.push((t.clone(), x));
        }
        Trajectory {
            corners,
            tail_slope: Number::zero(),
        }
        .simplified()
    }
}

/// `a / b` for dyadic `a` and `b` whose quotient is dyadic (wall slopes and differences of
/// slopes are in {−2, ..., 2}, so every division made here is exact).
fn exact_div(a: &Number, b: &Number) -> Number {
    let num = a.numerator() << b.exponent();
    let den = b.numerator() << a.exponent();
    Number::from_ratio(num, den).expect("thermograph coordinates are dyadic")
}

/// The thermograph of a game: its left and right walls, which meet at the temperature and
/// continue up the mast at the mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall `LW(t)`: the Left stop of `G` cooled by `t`.
    pub left: Trajectory,
    /// The right wall `RW(t)`: the Right stop of `G` cooled by `t`.
    pub right: Trajectory,
    /// The temperature: where the walls meet.
    pub temperature: Number,
    /// The mean: the value of the mast.
    pub mean: Number,
}

type ThermoCache = Mutex<hashbrown::HashMap<u32, &'static Thermograph>>;

fn cache() -> &'static ThermoCache {
    static CACHE: OnceLock<ThermoCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(hashbrown::HashMap::new()))
}

fn thermograph_of(g: Game) -> &'static Thermograph {
    if let Some(t) = cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&g.id())
    {
        return t;
    }
    let th = compute(g);
    let th: &'static Thermograph = Box::leak(Box::new(th));
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(g.id(), th);
    th
}

fn compute(g: Game) -> Thermograph {
    if let Some(x) = g.as_number() {
        if x.is_integer() {
            let wall = Trajectory::constant(x.clone());
            return Thermograph {
                left: wall.clone(),
                right: wall,
                temperature: Number::from(-1),
                mean: x.clone(),
            };
        }
    }
    let minus_one = Number::from(-1);
    let one = Number::one();
    let left_raw = g
        .left_options()
        .iter()
        .map(|gl| thermograph_of(*gl).right.tilt(&minus_one))
        .reduce(|a, b| a.combine(&b, true))
        .expect("a non-integer has Left options");
    let right_raw = g
        .right_options()
        .iter()
        .map(|gr| thermograph_of(*gr).left.tilt(&one))
        .reduce(|a, b| a.combine(&b, false))
        .expect("a non-integer has Right options");
    // LW(t) − RW(t) is non-increasing; τ is where it first reaches 0.
    let tau = first_meeting(&left_raw, &right_raw);
    let mean = left_raw.value_at(&tau);
    Thermograph {
        left: left_raw.truncated_at(&tau),
        right: right_raw.truncated_at(&tau),
        temperature: tau,
        mean,
    }
}

/// The least `t >= −1` with `a(t) <= b(t)`, for non-increasing `a − b`.
fn first_meeting(a: &Trajectory, b: &Trajectory) -> Number {
    let mut ts: Vec<Number> = a
        .corners
        .iter()
        .chain(&b.corners)
        .map(|(t, _)| t.clone())
        .collect();
    ts.sort();
    ts.dedup();
    for t in &ts {
        let d = a.value_at(t) - b.value_at(t);
        if d.signum() <= 0 {
            // The meeting is at t or inside the previous interval: solve on that interval.
            return solve_before(a, b, t, &ts);
        }
    }
    let last = ts.last().expect("corners");
    let d = a.value_at(last) - b.value_at(last);
    let ds = a.tail_slope() - b.tail_slope();
    assert!(ds.signum() < 0, "thermograph walls must meet");
    last - &exact_div(&d, &ds)
}

fn solve_before(a: &Trajectory, b: &Trajectory, t: &Number, ts: &[Number]) -> Number {
    let i = ts.iter().position(|x| x == t).expect("t is a corner");
    if i == 0 {
        return t.clone();
    }
    let t0 = &ts[i - 1];
    let d0 = a.value_at(t0) - b.value_at(t0);
    let ds = a.slope_at(t0) - b.slope_at(t0);
    if ds.is_zero() {
        return t.clone();
    }
    t0 - &exact_div(&d0, &ds)
}

impl Game {
    /// The thermograph (Siegel, CGT §II.5; *Winning Ways* Ch. 6).
    pub fn thermograph(&self) -> Thermograph {
        thermograph_of(*self).clone()
    }

    /// The mean value: where the thermograph's mast stands. `mean(G + H) = mean(G) + mean(H)`
    /// (Siegel, CGT Thm II.5.x, the mean value theorem).
    pub fn mean(&self) -> Number {
        match self.as_nus() {
            Some(n) => n.number.clone(),
            None => thermograph_of(*self).mean.clone(),
        }
    }

    /// The temperature: the height at which the thermograph's walls meet. CGSuite's
    /// conventions: an integer has temperature −1, a number `m/2^k` has `−1/2^k`, and an
    /// infinitesimal 0.
    pub fn temperature(&self) -> Number {
        thermograph_of(*self).temperature.clone()
    }

    /// `G` cooled by `t` (`G_t`; Siegel, CGT Def. II.5.x): `{G^L_t − t | G^R_t + t}` up to the
    /// temperature of `G`, and the mean above it. Defined for `t > −1`.
    pub fn cool(&self, t: &Number) -> Result<Game, String> {
        if *t <= Number::from(-1) {
            return Err(format!(
                "cannot cool by {t}: the cooling temperature must be greater than -1"
            ));
        }
        Ok(cool(*self, t))
    }
}

fn cool(g: Game, t: &Number) -> Game {
    let th = thermograph_of(g);
    if *t > th.temperature {
        return Game::number(th.mean.clone());
    }
    let tg = Game::number(t.clone());
    let left: Vec<Game> = g
        .left_options()
        .iter()
        .map(|gl| cool(*gl, t) - tg)
        .collect();
    let right: Vec<Game> = g
        .right_options()
        .iter()
        .map(|gr| cool(*gr, t) + tg)
        .collect();
    Game::new(left, right)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        s.parse().unwrap()
    }

    #[test]
    fn max_of_crossing_lines() {
        // max(1 - (t + 1), 0) crosses at t = 0.
        let a = Trajectory {
            corners: vec![(n("-1"), n("1"))],
            tail_slope: n("-1"),
        };
        let b = Trajectory::constant(n("0"));
        let m = a.combine(&b, true);
        assert_eq!(m.corners, vec![(n("-1"), n("1")), (n("0"), n("0"))]);
        assert_eq!(m.tail_slope, n("0"));
    }
}
