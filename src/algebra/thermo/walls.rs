//! Thermographs as the algebra keeps them: walls that share their lower parts with the walls of
//! the options they come from ([`Wall`]), computed children first without recursion, kept in a
//! bounded memo, with closed forms for `x + n·↑ + *k`.

use super::thermograph::Thermograph;
use super::trajectory::{exact_div, slope_of, Trajectory};
use crate::algebra::memo::Memo;
use crate::algebra::number::Number;
use crate::algebra::Game;
use hashbrown::HashMap;
use std::sync::{Arc, OnceLock};

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
pub(super) struct Thermo {
    left: Wall,
    right: Wall,
    pub(super) temperature: Number,
    pub(super) mean: Number,
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
pub(super) fn thermo(g: Game) -> Arc<Thermo> {
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
pub(super) fn explicit_thermograph(g: Game) -> Thermograph {
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
