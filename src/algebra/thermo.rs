//! Thermography: thermographs, mean, temperature, cooling, heating and overheating, and the
//! confusion interval.
//!
//! `G` cooled by `t` (CGT Def. II.5.1; WW Ch. 6): an integer stays put;
//! otherwise `G_t = {G^L_t − t | G^R_t + t}` unless some `G_{t'}` with `t' < t` is
//! infinitesimally close to a number `x`, in which case `G_t = x` for the least such `t'`. That
//! least `t'` is the *temperature* and `x` the *mean*. The *thermograph* draws the stops of
//! `G_t` against `t >= −1`: the left wall `LW(t) = L(G_t)` and the right wall `RW(t) = R(G_t)`.
//! Below the temperature they are the *scaffolds* `max RW_{G^L}(t) − t` and
//! `min LW_{G^R}(t) + t`; the temperature is the least `t` where these meet (or cross), and
//! above it both walls are the vertical *mast* at the mean.
//!
//! Conventions are CGSuite's, which are Siegel's: an integer has temperature −1 and is a mast
//! from −1 up; a number `m/2^k` (`k >= 1`) has temperature `−1/2^k`; a number plus a non-zero
//! infinitesimal has temperature 0. Cooling follows the definition above for every `t > −1`, so
//! a non-integer number cooled below its temperature is no longer a number (CGSuite instead
//! leaves numbers unchanged by any cooling; both agree for every `t >= 0`, and ours keeps the
//! walls equal to the stops of the cooled game for every `t`).
//!
//! Walls are piecewise linear with slopes in {−1, 0, 1} (left walls {−1, 0}, right walls
//! {0, 1}), so every corner is a dyadic point: all coordinates are exact [`Number`]s.

use super::memo::Memo;
use super::number::Number;
use super::ops::{integer_multiple, post_order};
use super::AlgebraError;
use super::Game;
use hashbrown::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A continuous piecewise-linear function of the temperature `t` on `[−1, ∞)`.
///
/// Given by its corners `(t_i, x_i)` with `t_0 = −1 < t_1 < ...` and the slope after the last
/// corner; between corners the function is linear. No corner but the first lies on a straight
/// continuation of its neighbours, so equal functions have equal representations.
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
    fn slope(&self, i: usize) -> Number {
        match self.corners.get(i + 1) {
            Some((t1, x1)) => {
                let (t0, x0) = &self.corners[i];
                slope_of(&(x1 - x0), &(t1 - t0))
            }
            None => self.tail_slope.clone(),
        }
    }

    /// The index of the segment containing `t` (the last corner at or before `t`).
    fn segment(&self, t: &Number) -> usize {
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
    fn slope_at(&self, t: &Number) -> Number {
        self.slope(self.segment(t))
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

    /// `−f`.
    fn negated(&self) -> Trajectory {
        Trajectory {
            corners: self.corners.iter().map(|(t, x)| (t.clone(), -x)).collect(),
            tail_slope: -&self.tail_slope,
        }
    }

    /// The corner temperatures of `self` and `other` together, sorted, without repeats.
    fn joint_breaks(&self, other: &Trajectory) -> Vec<Number> {
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
    fn combine(&self, other: &Trajectory, max: bool) -> Trajectory {
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
    fn simplified(mut self) -> Trajectory {
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
    fn truncated_at(&self, t: &Number) -> Trajectory {
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
fn exact_div(a: &Number, b: &Number) -> Number {
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
fn slope_of(dx: &Number, dt: &Number) -> Number {
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
    fn integer(n: Number) -> Thermograph {
        let wall = Trajectory::constant(n.clone());
        Thermograph {
            left: wall.clone(),
            right: wall,
            temperature: Number::from(-1),
            mean: n,
        }
    }

    /// The thermograph of `−G` from that of `G`: walls exchanged and negated.
    fn negated(&self) -> Thermograph {
        Thermograph {
            left: self.right.negated(),
            right: self.left.negated(),
            temperature: self.temperature.clone(),
            mean: -&self.mean,
        }
    }

    /// The thermograph whose left scaffold is `max RW(t) − t` over `lefts` and whose right
    /// scaffold is `min LW(t) + t` over `rights` (both non-empty).
    fn from_scaffolds<'a>(
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
    fn meet(left: Trajectory, right: Trajectory) -> Thermograph {
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

// ---------------------------------------------------------------------------------------------
// Thermographs as the algebra keeps them: walls that share their lower parts with the walls of
// the options they come from.
// ---------------------------------------------------------------------------------------------

/// One wall of another game's thermograph, tilted: `t ↦ W(t) + tilt·t`.
#[derive(Clone, Copy, Debug)]
struct Link {
    game: Game,
    /// The left wall (else the right one).
    left: bool,
    tilt: i64,
}

/// A wall, or a scaffold, as the algebra keeps it: a continuous piecewise-linear function of
/// `t` on `[−1, ∞)`.
///
/// Below the temperature a wall is a scaffold, and a scaffold made from a single option is that
/// option's wall, tilted. Copying it into every ancestor would cost time and memory quadratic in
/// the depth of a game (its corners accumulate along a chain of options), so a wall keeps only
/// its own corners and refers, below them, to the wall it continues ([`Link`]). Reading a wall
/// walks down from the top, following links; finding a temperature usually reads only a few
/// corners near the top.
#[derive(Clone, Debug)]
struct Wall {
    /// Own corners `(t, x)`, by increasing `t`.
    corners: Vec<(Number, Number)>,
    /// The slope after the last own corner.
    tail: Number,
    /// The function below the first own corner (everywhere when there is none). `None` only when
    /// the first own corner is at `t = −1`.
    below: Option<Link>,
}

impl Wall {
    fn explicit(t: Trajectory) -> Wall {
        Wall {
            corners: t.corners,
            tail: t.tail_slope,
            below: None,
        }
    }

    fn view(link: Link) -> Wall {
        Wall {
            corners: Vec::new(),
            tail: Number::zero(),
            below: Some(link),
        }
    }

    /// The corners from the top down, with the slope above the highest.
    fn descend(&self) -> Descent<'_> {
        Descent {
            source: Source::Root(self),
            index: self.corners.len(),
            tilt: Number::zero(),
            cut: None,
        }
    }

    /// The slope above the highest corner.
    fn top_slope(&self) -> Number {
        let mut tilt = Number::zero();
        let (mut empty, mut tail, mut below) =
            (self.corners.is_empty(), self.tail.clone(), self.below);
        while empty {
            let link = below.expect("a wall without corners continues another");
            tilt += &Number::from(link.tilt);
            let th = thermo(link.game);
            let w = th.wall(link.left);
            (empty, tail, below) = (w.corners.is_empty(), w.tail.clone(), w.below);
        }
        &tail + &tilt
    }

    /// The function as an explicit trajectory.
    fn materialize(&self) -> Trajectory {
        let mut corners: Vec<(Number, Number)> = self.descend().collect();
        corners.reverse();
        Trajectory {
            corners,
            tail_slope: self.top_slope(),
        }
        .simplified()
    }
}

/// Where a [`Descent`] is reading: the wall it started from, or a linked one.
enum Source<'a> {
    Root(&'a Wall),
    Linked(Arc<Thermo>, bool),
}

impl Source<'_> {
    fn wall(&self) -> &Wall {
        match self {
            Source::Root(w) => w,
            Source::Linked(th, left) => th.wall(*left),
        }
    }
}

/// The corners of a [`Wall`] from the top down, following its links.
struct Descent<'a> {
    source: Source<'a>,
    /// Own corners of the current wall not yet read: `corners[..index]`.
    index: usize,
    /// The tilt accumulated along the links followed.
    tilt: Number,
    /// Corners at or above this `t` are hidden by a wall above.
    cut: Option<Number>,
}

impl Iterator for Descent<'_> {
    type Item = (Number, Number);

    fn next(&mut self) -> Option<(Number, Number)> {
        loop {
            let wall = self.source.wall();
            while self.index > 0 {
                self.index -= 1;
                let (t, x) = &wall.corners[self.index];
                if self.cut.as_ref().is_some_and(|c| t >= c) {
                    continue;
                }
                return Some((t.clone(), x + &(&self.tilt * t)));
            }
            let link = wall.below?;
            let cut = match (wall.corners.first(), self.cut.take()) {
                (Some((t, _)), Some(c)) => Some(t.clone().min(c)),
                (Some((t, _)), None) => Some(t.clone()),
                (None, c) => c,
            };
            self.tilt += &Number::from(link.tilt);
            let th = thermo(link.game);
            self.index = th.wall(link.left).corners.len();
            self.source = Source::Linked(th, link.left);
            self.cut = cut;
        }
    }
}

/// A position in a descent: the function between the last corner read (`upper`) and the next
/// one (`lower`).
struct Cursor<'a> {
    descent: Descent<'a>,
    upper: Option<(Number, Number)>,
    lower: Option<(Number, Number)>,
    top_slope: Number,
}

impl<'a> Cursor<'a> {
    fn new(wall: &'a Wall) -> Cursor<'a> {
        let mut descent = wall.descend();
        let lower = descent.next();
        Cursor {
            descent,
            upper: None,
            lower,
            top_slope: wall.top_slope(),
        }
    }

    /// The next corner down, if any.
    fn next_break(&self) -> Option<&Number> {
        self.lower.as_ref().map(|c| &c.0)
    }

    fn advance(&mut self) {
        self.upper = self.lower.take();
        self.lower = self.descent.next();
    }

    /// The value at `t`, which lies between `lower` and `upper`.
    fn value_at(&self, t: &Number) -> Number {
        match (&self.lower, &self.upper) {
            (Some((t0, x0)), Some((t1, x1))) if t1 != t0 => {
                x0 + &(slope_of(&(x1 - x0), &(t1 - t0)) * (t - t0))
            }
            (Some((t0, x0)), None) => x0 + &(&self.top_slope * (t - t0)),
            (Some((_, x0)), Some(_)) => x0.clone(),
            (None, Some((t1, x1))) => {
                debug_assert!(t == t1, "walls start at t = -1");
                x1.clone()
            }
            (None, None) => unreachable!("a wall has a corner"),
        }
    }
}

/// The least `t >= −1` where the left scaffold `a` meets the right scaffold `b` (`a(t) <= b(t)`),
/// reading both from the top down: `a − b` is non-increasing (left scaffolds have slopes in
/// {−1, 0} and right ones in {0, 1}, tilts included) and falls at the top.
fn meeting(a: &Wall, b: &Wall) -> Number {
    let (mut ca, mut cb) = (Cursor::new(a), Cursor::new(b));
    let mut previous: Option<(Number, Number)> = None;
    loop {
        let t = match (ca.next_break(), cb.next_break()) {
            (Some(x), Some(y)) => x.max(y).clone(),
            (Some(x), None) | (None, Some(x)) => x.clone(),
            (None, None) => return Number::from(-1),
        };
        let d = ca.value_at(&t) - cb.value_at(&t);
        if d.signum() > 0 {
            // The meeting lies above t, where a − b is linear.
            return match previous {
                // a − b has slope (dp − d) / (tp − t) there, a small negative integer.
                Some((tp, dp)) => &t - &exact_div(&d, &slope_of(&(&dp - &d), &(&tp - &t))),
                None => &t + &exact_div(&d, &(&cb.top_slope - &ca.top_slope)),
            };
        }
        if ca.next_break() == Some(&t) {
            ca.advance();
        }
        if cb.next_break() == Some(&t) {
            cb.advance();
        }
        previous = Some((t, d));
    }
}

/// A thermograph as the algebra keeps it (see [`Wall`]).
#[derive(Debug)]
struct Thermo {
    left: Wall,
    right: Wall,
    temperature: Number,
    mean: Number,
}

impl Thermo {
    fn wall(&self, left: bool) -> &Wall {
        if left {
            &self.left
        } else {
            &self.right
        }
    }

    fn explicit(th: Thermograph) -> Thermo {
        Thermo {
            left: Wall::explicit(th.left),
            right: Wall::explicit(th.right),
            temperature: th.temperature,
            mean: th.mean,
        }
    }

    fn materialize(&self) -> Thermograph {
        Thermograph {
            left: self.left.materialize(),
            right: self.right.materialize(),
            temperature: self.temperature.clone(),
            mean: self.mean.clone(),
        }
    }

    /// The thermograph of `{lefts | rights}` from the options' (both sides non-empty): the left
    /// scaffold is `max RW(G^L)(t) − t`, the right one `min LW(G^R)(t) + t`, and the walls are
    /// the scaffolds up to where they meet, then the mast.
    fn from_options(lefts: &[Game], rights: &[Game]) -> Thermo {
        let left = scaffold(lefts, true);
        let right = scaffold(rights, false);
        let temperature = meeting(&left, &right);
        let mean = Cursor::value_at_wall(&left, &temperature);
        Thermo {
            left: truncated(left, &temperature, &mean),
            right: truncated(right, &temperature, &mean),
            temperature,
            mean,
        }
    }

    /// An estimate of the memory it holds, in bytes.
    fn weight(&self) -> usize {
        let corners = |w: &Wall| {
            w.corners
                .iter()
                .map(|(t, x)| t.weight() + x.weight())
                .sum::<usize>()
        };
        64 + self.temperature.weight()
            + self.mean.weight()
            + corners(&self.left)
            + corners(&self.right)
    }
}

impl Cursor<'_> {
    /// The value of `wall` at `t`.
    fn value_at_wall(wall: &Wall, t: &Number) -> Number {
        let mut c = Cursor::new(wall);
        while c.next_break().is_some_and(|b| b > t) {
            c.advance();
        }
        c.value_at(t)
    }
}

/// The left (`left`) or right scaffold of a form with these options on that side.
fn scaffold(options: &[Game], left: bool) -> Wall {
    // Left options contribute their right walls, tilted by −t; Right options their left walls,
    // tilted by +t.
    let link = |o: Game| Link {
        game: o,
        left: !left,
        tilt: if left { -1 } else { 1 },
    };
    match options {
        [one] => Wall::view(link(*one)),
        _ => {
            let combined = options
                .iter()
                .map(|&o| Wall::view(link(o)).materialize())
                .reduce(|a, b| a.combine(&b, left))
                .expect("a side with options");
            Wall::explicit(combined)
        }
    }
}

/// The wall made of `scaffold` below `t` and the mast at `mean` from `t` up.
fn truncated(scaffold: Wall, t: &Number, mean: &Number) -> Wall {
    let mut corners: Vec<(Number, Number)> = scaffold
        .corners
        .into_iter()
        .filter(|(ti, _)| ti < t)
        .collect();
    corners.push((t.clone(), mean.clone()));
    Wall {
        corners,
        tail: Number::zero(),
        below: scaffold.below,
    }
}

/// Thermographs kept per generation, in bytes (see `memo`).
const THERMO_BUDGET: usize = 32 << 20;

fn thermos() -> &'static Memo<Game, Arc<Thermo>> {
    static CACHE: OnceLock<Memo<Game, Arc<Thermo>>> = OnceLock::new();
    CACHE.get_or_init(|| Memo::new(16, THERMO_BUDGET, |th| th.weight()))
}

/// Empties the memo of thermographs.
pub(crate) fn clear_memo() {
    thermos().clear();
}

fn cached(g: Game) -> Option<Arc<Thermo>> {
    thermos().get(g.id() as usize, &g)
}

fn remember(g: Game, th: &Arc<Thermo>) {
    thermos().insert(g.id() as usize, g, th.clone());
}

/// The thermograph of `g` when no options are needed: integers and `x + n·↑ + *k`.
fn closed_form(g: Game) -> Option<Thermo> {
    let n = g.as_nus()?;
    if n.is_number() {
        n.number
            .is_integer()
            .then(|| Thermo::explicit(Thermograph::integer(n.number.clone())))
    } else {
        Some(Thermo::explicit(nus_thermograph(
            &n.number, n.ups, n.nimber,
        )))
    }
}

/// The thermograph of `g`, computed children first without recursion.
///
/// Values are kept in the bounded memo; within one computation, a subposition's thermograph is
/// held only until every parent that needs it has been computed, so that a long chain of options
/// does not keep every level alive.
fn thermo(g: Game) -> Arc<Thermo> {
    if let Some(t) = cached(g) {
        return t;
    }
    if let Some(t) = closed_form(g) {
        let t = Arc::new(t);
        remember(g, &t);
        return t;
    }
    // Values computed here, with the number of parents still waiting for each.
    let mut held: HashMap<Game, (Arc<Thermo>, usize)> = HashMap::new();
    let mut stack: Vec<(Game, bool)> = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if expanded {
            let options = h.left_options().iter().chain(h.right_options());
            // Take what the options' thermographs are needed for: making sure each is at hand
            // (an option counted twice, on both sides, is released after its second use).
            for o in options.clone() {
                if !held.contains_key(o) {
                    // Released by another parent and evicted since: compute it again.
                    let th = thermo(*o);
                    held.insert(*o, (th, 1));
                }
            }
            let th = Arc::new(Thermo::from_options(h.left_options(), h.right_options()));
            for o in options {
                if let Some(entry) = held.get_mut(o) {
                    entry.1 -= 1;
                    if entry.1 == 0 {
                        held.remove(o);
                    }
                }
            }
            remember(h, &th);
            // Its parent (the one whose expansion pushed it) will use it once.
            held.insert(h, (th, 1));
            continue;
        }
        if let Some((_, count)) = held.get_mut(&h) {
            *count += 1;
            continue;
        }
        let found = cached(h).or_else(|| closed_form(h).map(Arc::new));
        if let Some(th) = found {
            remember(h, &th);
            held.insert(h, (th, 1));
            continue;
        }
        stack.push((h, true));
        for o in h.left_options().iter().chain(h.right_options()) {
            stack.push((*o, false));
        }
    }
    held.remove(&g).expect("the root is computed").0
}

/// The thermograph of `g` with explicit walls.
fn explicit_thermograph(g: Game) -> Thermograph {
    thermo(g).materialize()
}

/// The thermograph of `x + n·↑ + *k` (not a number), without walking the option chain, whose
/// length is `|n| + k`.
///
/// The canonical forms (see `nus.rs`) are `x + *k = {x + *j | x + *j}` over `j < k`,
/// `x + ↑* = {x, x* | x}`, and otherwise for `n >= 1`,
/// `x + n·↑ + *k = {x | x + (n−1)·↑ + *(k ⊕ 1)}`; negative `n` by symmetry. Both recursions are
/// iterated upwards and stop as soon as they repeat themselves:
/// * for `x + *k` the walls are built from those of `x + *j` (`j < k`); once two successive
///   ones agree, adding a further (equal) option cannot change the scaffolds, so they stay;
/// * for `n >= 2` the thermograph of `x + n·↑ + *k` is one fixed function (depending on `x`
///   only) of that of its Right option, so the sequence along the chain is eventually periodic,
///   from its first repetition on.
fn nus_thermograph(x: &Number, ups: i64, nimber: u64) -> Thermograph {
    if ups < 0 {
        return nus_thermograph(&-x, -ups, nimber).negated();
    }
    let base = explicit_thermograph(Game::number(x.clone()));
    if ups == 0 {
        return star_thermograph(&base, nimber);
    }
    let n = ups.unsigned_abs();
    // The bottom of the chain: x + ↑ + *k1.
    let k1 = nimber ^ ((n - 1) & 1);
    let first = if k1 == 1 {
        let x_star = star_thermograph(&base, 1);
        Thermograph::from_scaffolds([&base, &x_star], [&base])
    } else {
        let right = star_thermograph(&base, k1 ^ 1);
        Thermograph::from_scaffolds([&base], [&right])
    };
    // seq[i] is the thermograph of x + (i+1)·↑ + *(...).
    let mut seq = vec![first];
    while (seq.len() as u64) < n {
        let next = Thermograph::from_scaffolds([&base], [seq.last().expect("non-empty")]);
        if let Some(j) = seq.iter().position(|s| *s == next) {
            // next is term number seq.len(), equal to term j: period seq.len() − j.
            let period = (seq.len() - j) as u64;
            let index = j as u64 + (n - 1 - j as u64) % period;
            return seq.swap_remove(index as usize);
        }
        seq.push(next);
    }
    seq.pop().expect("non-empty")
}

/// The thermograph of `x + *k` (`k >= 1`) from that of `x`.
fn star_thermograph(base: &Thermograph, k: u64) -> Thermograph {
    let (minus_one, one) = (Number::from(-1), Number::one());
    let mut left = base.right.tilt(&minus_one);
    let mut right = base.left.tilt(&one);
    let mut current = Thermograph::meet(left.clone(), right.clone());
    for _ in 1..k {
        left = left.combine(&current.right.tilt(&minus_one), true);
        right = right.combine(&current.left.tilt(&one), false);
        let next = Thermograph::meet(left.clone(), right.clone());
        if next == current {
            break;
        }
        current = next;
    }
    current
}

/// The set of numbers a game is confused with: an interval between its Right and Left stops.
///
/// Every number strictly between the stops is confused with the game; a number above the Left
/// stop is greater, one below the Right stop smaller (CGT §II.3). Whether the endpoints
/// belong depends on the game and is decided by comparing with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfusionInterval {
    /// The lower end: the Right stop.
    pub low: Number,
    /// Whether the game is confused with `low` itself.
    pub low_closed: bool,
    /// The upper end: the Left stop.
    pub high: Number,
    /// Whether the game is confused with `high` itself.
    pub high_closed: bool,
}

impl fmt::Display for ConfusionInterval {
    /// Interval notation: `[-1, 1]`, `(0, 2]`, `[0, 0]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let open = if self.low_closed { '[' } else { '(' };
        let close = if self.high_closed { ']' } else { ')' };
        write!(f, "{open}{}, {}{close}", self.low, self.high)
    }
}

impl Game {
    /// The thermograph (CGT §II.5; WW Ch. 6), with exact walls from
    /// `t = −1` up, including the part below 0.
    ///
    /// ```
    /// use partizan::Game;
    /// let th = "{3|-2}".parse::<Game>().unwrap().thermograph();
    /// assert_eq!(th.temperature.to_string(), "5/2");
    /// assert_eq!(th.mean.to_string(), "1/2");
    /// assert_eq!(th.left.to_string(), "4@-1 1/2@5/2");
    /// ```
    pub fn thermograph(&self) -> Thermograph {
        explicit_thermograph(*self)
    }

    /// The mean value: where the thermograph's mast stands. `mean(G + H) = mean(G) + mean(H)`
    /// (CGT §II.5, the mean value theorem).
    pub fn mean(&self) -> Number {
        match self.as_nus() {
            Some(n) => n.number.clone(),
            None => thermo(*self).mean.clone(),
        }
    }

    /// The temperature: the height at which the thermograph's walls meet. CGSuite's
    /// conventions: an integer has temperature −1, a number `m/2^k` has `−1/2^k`, and a number
    /// plus a non-zero infinitesimal has 0.
    pub fn temperature(&self) -> Number {
        match self.as_nus() {
            Some(n) if n.is_number() && n.number.is_integer() => Number::from(-1),
            Some(n) if n.is_number() => -Number::pow2(-(n.number.exponent() as i64)),
            Some(_) => Number::zero(),
            None => thermo(*self).temperature.clone(),
        }
    }

    /// The numbers this game is confused with, or `None` when it is comparable with every
    /// number (numbers, `↑`, ...).
    ///
    /// ```
    /// use partizan::Game;
    /// let pm1 = "+-1".parse::<Game>().unwrap();
    /// assert_eq!(pm1.confusion_interval().unwrap().to_string(), "[-1, 1]");
    /// assert!(Game::up().confusion_interval().is_none());
    /// ```
    pub fn confusion_interval(&self) -> Option<ConfusionInterval> {
        if self.is_number() {
            return None;
        }
        let (low, high) = (self.right_stop().clone(), self.left_stop().clone());
        let confused = |x: &Number| self.is_confused_with(&Game::number(x.clone()));
        let (low_closed, high_closed) = (confused(&low), confused(&high));
        if low == high && !low_closed {
            return None;
        }
        Some(ConfusionInterval {
            low,
            low_closed,
            high,
            high_closed,
        })
    }

    /// `G` cooled by `t` (`G_t`; CGT Def. II.5.1): `{G^L_t − t | G^R_t + t}` up to the
    /// temperature of `G`, and the mean above it. `{3|−2}` cooled by `5/2` is `1/2*` and by 3
    /// is `1/2`.
    ///
    /// An error when `t <= −1`, where cooling is not defined.
    pub fn cool(&self, t: &Number) -> Result<Game, AlgebraError> {
        if *t <= Number::from(-1) {
            return Err(AlgebraError::undefined(format!(
                "cannot cool by {t}: the cooling temperature must be greater than -1"
            )));
        }
        let tg = Game::number(t.clone());
        let mut memo = HashMap::new();
        Ok(post_order(
            *self,
            &mut memo,
            |h| (*t > h.temperature()).then(|| Game::number(h.mean())),
            |h, memo| {
                let left = h.left_options().iter().map(|o| memo[o] - tg);
                let right = h.right_options().iter().map(|o| memo[o] + tg);
                Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>())
            },
        ))
    }

    /// `G` heated by `t` (`∫^t G`; WW Ch. 6; CGT §II.5): a number is
    /// unchanged, and otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R − t}`. `t` may be any game (CGSuite
    /// heats by `*` for the reduced canonical form). Heating is applied to the canonical form.
    pub fn heat(&self, t: &Game) -> Game {
        integral(*self, *t, |h| h.is_number().then_some(h))
    }

    /// `G` overheated from `s` to `t` (`∫_s^t G`; Berlekamp; WW Ch. 6, as in
    /// CGSuite): an integer `n` becomes `n` copies of `s`, and otherwise
    /// `∫_s^t G = {∫_s^t G^L + t | ∫_s^t G^R − t}`, on the canonical form.
    pub fn overheat(&self, s: &Game, t: &Game) -> Game {
        let s = *s;
        integral(*self, *t, |h| {
            h.as_number()
                .and_then(|x| x.to_integer())
                .map(|n| integer_multiple(&n, s))
        })
    }
}

/// The integral `∫G` of heating and overheating (WW Ch. 6): `leaf(H)` for the followers `H` of
/// `G` where it answers, and `∫H = {∫H^L + t | ∫H^R − t}` for the others, on the canonical form.
///
/// Built bottom-up, each `∫H^L + t` translates a whole integral, so that a deep game whose
/// integrals nest (a number of birthday `n` overheated: `n` nested translations) costs about
/// `n²` forms for a result of about `n` followers. For a number `t`, the integral is built
/// top-down instead, as `∫H + m·t` for the pairs `(H, m)` that the recursion reaches from
/// `(G, 0)`: by number translation (CGT Thm II.3.21), `∫H + m·t` is
/// `K = {∫H^L + (m + 1)·t | ∫H^R + (m − 1)·t}` whenever `∫H` is not equal to a number, and then
/// `K` is not equal to a number either. Conversely when `∫H` equals a number `z`, `z + m·t` lies
/// between `K`'s options and `K` is a number, maybe another one. So a `K` that is not a number
/// is the answer, and for one that is, `∫H` is computed bottom-up and translated.
fn integral(g: Game, t: Game, leaf: impl Fn(Game) -> Option<Game>) -> Game {
    // The bottom-up integral, for a game `t` and for the followers whose `K` is a number.
    let mut exact: HashMap<Game, Game> = HashMap::new();
    let mut bottom_up = |h: Game| {
        post_order(h, &mut exact, &leaf, |h, memo| {
            let left = h.left_options().iter().map(|o| memo[o] + t);
            let right = h.right_options().iter().map(|o| memo[o] - t);
            Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>())
        })
    };
    let Some(unit) = t.as_number().cloned() else {
        return bottom_up(g);
    };
    let shift = |m: i64| Game::number(&unit * &Number::from(m));
    // (H, m) ↦ ∫H + m·t, on an explicit stack (forms may be deep).
    let mut memo: HashMap<(Game, i64), Game> = HashMap::new();
    let mut stack: Vec<(Game, i64, bool)> = vec![(g, 0, false)];
    while let Some((h, m, expanded)) = stack.pop() {
        if memo.contains_key(&(h, m)) {
            continue;
        }
        if !expanded {
            if let Some(v) = leaf(h) {
                memo.insert((h, m), v + shift(m));
                continue;
            }
            if let Some(n) = h.as_nus() {
                super::limits::check_followers(n);
            }
            crate::interrupt::check();
            stack.push((h, m, true));
            let below = (h.left_options().iter().map(|o| (*o, m + 1)))
                .chain(h.right_options().iter().map(|o| (*o, m - 1)));
            stack.extend(
                below
                    .filter(|k| !memo.contains_key(k))
                    .map(|(o, k)| (o, k, false)),
            );
            continue;
        }
        let left = h.left_options().iter().map(|o| memo[&(*o, m + 1)]);
        let right = h.right_options().iter().map(|o| memo[&(*o, m - 1)]);
        let k = Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>());
        let v = if k.is_number() {
            bottom_up(h) + shift(m)
        } else {
            k
        };
        memo.insert((h, m), v);
    }
    memo[&(g, 0)]
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
