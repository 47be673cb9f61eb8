//! The canonical form of `{x + A | x + B}` for finite sets `A`, `B` of infinitesimals `n·↑ + *k`,
//! decided on the parts `(n, k)` without listing the options of a nimber `*k` (there are `k` of
//! them) or walking an up-multiple chain (`n` steps).
//!
//! It is a fast path of `canonical` (the general simplification), and falls back on it for a
//! form with an empty side and for the final recognition of the options: the two use each other
//! on purpose (listed so in `tests/layering.rs`).
//!
//! By number translation (CGT (CGT), Thm II.3.21) it suffices
//! to treat `x = 0`. The algorithm is the usual one (CGT Thm II.2.9: delete dominated options and
//! bypass reversible ones until neither is left); what makes it work on parts is that every
//! comparison it needs, `X ≤ G` or `G ≤ X` for `X = n·↑ + *k` and `G = {A | B}`, reduces in a
//! bounded number of steps to the questions `*t ≤ G` and `G ≤ *t`, which have a closed form.
//!
//! **Nimbers against `G`.** By the definition of `≤`, `*t ≤ G` iff no `B` option is `≤ *t` and
//! no `*j ≥ G` with `j < t`; and `G ≤ *t` iff no `A` option is `≥ *t` and no `*j ≤ G` with
//! `j < t`. Write `r(t)` ("no `B` option is `≤ *t`") and `l(t)` ("no `A` option is `≥ *t`") and
//! let `T` be the least `t` with `r(t)` or `l(t)`. Below `T` neither relation holds; at `T`,
//! `*T ≤ G` iff `r(T)` and `G ≤ *T` iff `l(T)`; above `T`, `*t ≤ G` iff `r(T) ∧ ¬l(T) ∧ r(t)`
//! and `G ≤ *t` iff `l(T) ∧ ¬r(T) ∧ l(t)`. Each of `r` and `l` is decided by the signs of
//! `m·↑ + *j` (`> 0` iff `m ≥ 2`, or `m = 1` and `j ≠ 1`; CGT §II.4 on the group of
//! ups and nimbers, also LIP Ch. 5), so an option `(m, j)` of `B` rules out every
//! `t` when `m ≤ −2`, every `t` but `j ⊕ 1` when `m = −1`, and only `t = j` when `m = 0`; and
//! symmetrically for `A`. So `T`, `r` and `l` are computed from the options alone.
//!
//! **Nimber ranges.** Bypassing a reversible option may bring in the options `*0, …, *(p−1)` of
//! some `*p`; a side therefore holds a finite set of parts and a range `[0, p)` of nimbers, and
//! dominance and reversibility are decided for the whole range at once.

use super::canonical::{canonicalize, recognize_sorted};
use super::limits::{self, NIMBER_OPTIONS_LIMIT};
use super::number::Number;
use super::nus::{infinitesimal_ge_zero, Nus};
use super::Game;

/// The parts `(n, k)` of `n·↑ + *k`.
type Parts = (i64, u64);

/// `x ≤ y` for infinitesimals given by their parts.
fn le(x: Parts, y: Parts) -> bool {
    match y.0.checked_sub(x.0) {
        Some(d) => infinitesimal_ge_zero(d, x.1 ^ y.1),
        // The difference of two i64 up multiples only overflows when it is huge.
        None => y.0 > x.0,
    }
}

/// The options of `n·↑ + *k` for `n ≠ 0` (at most two a side; see [`Nus::options`]).
fn options(x: Parts) -> (Vec<Parts>, Vec<Parts>) {
    debug_assert!(x.0 != 0, "nimbers are handled by the closed form");
    let nus = Nus {
        number: Number::zero(),
        ups: x.0,
        nimber: x.1,
    };
    let (l, r) = nus.options();
    let parts = |v: Vec<Nus>| v.into_iter().map(|n| (n.ups, n.nimber)).collect();
    (parts(l), parts(r))
}

/// The comparisons of `G = {A | B}` with infinitesimals `n·↑ + *k` (see the module docs).
struct Oracle<'a> {
    a: &'a [Parts],
    b: &'a [Parts],
    /// `T` with `r(T)` and `l(T)`, or `None` when no `t` has either.
    least: Option<(u64, bool, bool)>,
}

impl<'a> Oracle<'a> {
    fn new(a: &'a [Parts], b: &'a [Parts]) -> Oracle<'a> {
        let mut o = Oracle { a, b, least: None };
        let candidates = [o.least_r(), o.least_l()];
        if let Some(t) = candidates.into_iter().flatten().min() {
            o.least = Some((t, o.r(t), o.l(t)));
        }
        o
    }

    /// `r(t)`: no option of `B` is `≤ *t`.
    fn r(&self, t: u64) -> bool {
        !self.b.iter().any(|&b| le(b, (0, t)))
    }

    /// `l(t)`: no option of `A` is `≥ *t`.
    fn l(&self, t: u64) -> bool {
        !self.a.iter().any(|&a| le((0, t), a))
    }

    /// The least `t` with `r(t)`.
    fn least_r(&self) -> Option<u64> {
        least_allowed(self.b.iter().map(|&(m, j)| (-m, j)))
    }

    /// The least `t` with `l(t)`.
    fn least_l(&self) -> Option<u64> {
        least_allowed(self.a.iter().copied())
    }

    /// `*t ≤ G`.
    fn star_le(&self, t: u64) -> bool {
        match self.least {
            None => false,
            Some((least, r, l)) => match t.cmp(&least) {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => r,
                std::cmp::Ordering::Greater => r && !l && self.r(t),
            },
        }
    }

    /// `G ≤ *t`.
    fn le_star(&self, t: u64) -> bool {
        match self.least {
            None => false,
            Some((least, r, l)) => match t.cmp(&least) {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => l,
                std::cmp::Ordering::Greater => l && !r && self.l(t),
            },
        }
    }

    /// `X ≤ G`: no `G^R ≤ X` and no `X^L ≥ G`.
    fn le_g(&self, x: Parts) -> bool {
        if x.0 == 0 {
            return self.star_le(x.1);
        }
        !self.b.iter().any(|&b| le(b, x)) && !options(x).0.into_iter().any(|xl| self.g_le(xl))
    }

    /// `G ≤ X`: no `G^L ≥ X` and no `X^R ≤ G`.
    fn g_le(&self, x: Parts) -> bool {
        if x.0 == 0 {
            return self.le_star(x.1);
        }
        !self.a.iter().any(|&a| le(x, a)) && !options(x).1.into_iter().any(|xr| self.le_g(xr))
    }
}

/// The least `t` such that no part `(m, j)` has `m·↑ + *j ≥ *t`, that is `m·↑ + *(j ⊕ t) ≥ 0`
/// (an option of `A` against `*t`; `B` is passed negated). `(m, j)` rules out every `t` when
/// `m ≥ 2`, every `t` but `j ⊕ 1` when `m = 1`, and `t = j` when `m = 0`.
fn least_allowed(parts: impl Iterator<Item = Parts> + Clone) -> Option<u64> {
    if parts.clone().any(|(m, _)| m >= 2) {
        return None;
    }
    let mut only: Option<u64> = None;
    for (m, j) in parts.clone() {
        if m == 1 {
            match only {
                None => only = Some(j ^ 1),
                Some(v) if v == j ^ 1 => {}
                Some(_) => return None,
            }
        }
    }
    let killed = |t: u64| parts.clone().any(|(m, j)| m == 0 && j == t);
    match only {
        Some(v) => (!killed(v)).then_some(v),
        None => {
            let mut zeros: Vec<u64> = parts.filter(|p| p.0 == 0).map(|p| p.1).collect();
            zeros.sort_unstable();
            zeros.dedup();
            // The least value missing from the sorted list.
            let mut t = 0u64;
            for z in zeros {
                if z == t {
                    t += 1;
                } else if z > t {
                    break;
                }
            }
            Some(t)
        }
    }
}

/// One side of a form: a finite set of parts and the nimbers `*0, …, *(range − 1)`.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Side {
    finite: Vec<Parts>,
    range: u64,
}

impl Side {
    fn new(finite: &[Parts]) -> Side {
        let mut s = Side {
            finite: finite.to_vec(),
            range: 0,
        };
        s.normalize();
        s
    }

    /// Sorted, without repeats, and without the nimbers the range holds.
    fn normalize(&mut self) {
        self.finite.sort_unstable();
        self.finite.dedup();
        let range = self.range;
        self.finite.retain(|&(m, j)| !(m == 0 && j < range));
    }

    fn is_empty(&self) -> bool {
        self.finite.is_empty() && self.range == 0
    }

    /// Removes the dominated options: for Left those `≤` another option, for Right those `≥`
    /// another. With `sign = 1` for Left and `−1` for Right (the mirror image negates ups).
    fn remove_dominated(&mut self, sign: i64) {
        let view = |p: Parts| (p.0.saturating_mul(sign), p.1);
        let p = self.range;
        // A finite option below a nimber of the range: `(m, j) ≤ *i` iff `m ≤ −2`, or `m = −1`
        // and `i ≠ j ⊕ 1` (for Left; Right mirrored).
        let below_range = |x: Parts| {
            let (m, j) = view(x);
            m <= -2 && p >= 1 || m == -1 && (p >= 2 || p == 1 && j ^ 1 != 0)
        };
        // Among distinct finite options, `x ≤ y` needs `y` to have more ups (at the same up
        // multiple, `*i ≤ *j` only when `i = j`): `x` with `m` ups (seen from its side) is
        // dominated iff some option has `m + 2` ups or more, or some option at `m + 1` ups has a
        // nimber other than `j ⊕ 1` (`↑ + *i > 0` iff `i ≠ 1`). So only the top up multiple `u`
        // and whether its options share one nimber are needed.
        let Some(u) = self.finite.iter().map(|&x| view(x).0).max() else {
            return;
        };
        let one_nimber_at = |level: i64| {
            let mut at = self
                .finite
                .iter()
                .filter(|&&x| view(x).0 == level)
                .map(|x| x.1);
            let first = at.next();
            first.filter(|&j| at.all(|i| i == j))
        };
        let top = one_nimber_at(u);
        // Range nimbers below a finite option: every one under `m ≥ 2`, all but `*(j ⊕ 1)` under
        // `m = 1`. So the range survives only when no option has an up or more; it shrinks to
        // the one nimber `*(j ⊕ 1)` when the options with one up all have the nimber `j`.
        let range_left = match u {
            _ if p == 0 || u <= 0 => None,
            1 => Some(one_nimber_at(1).map(|j| j ^ 1)),
            _ => Some(None),
        };
        self.finite.retain(|&x| {
            let (m, j) = view(x);
            let dominated = match i128::from(u) - i128::from(m) {
                0 => false,
                1 => top != Some(j ^ 1),
                _ => true,
            };
            !dominated && !below_range(x)
        });
        if let Some(spared) = range_left {
            self.range = 0;
            if let Some(v) = spared.filter(|&v| v < p) {
                self.finite.push((0, v));
            }
        }
        self.normalize();
    }
}

/// Bypasses every reversible option of `side` once (Left when `left`); returns whether anything
/// changed.
fn bypass_reversible(side: &mut Side, oracle: &Oracle<'_>, left: bool) -> bool {
    let mut changed = false;
    let mut finite = Vec::with_capacity(side.finite.len());
    let mut range = side.range;
    // The nimbers of the range above the least `*T` that reverses (for Left, `*T ≤ G`) are
    // replaced by `*0, …, *(T − 1)`: the range shrinks to `[0, T]`.
    if let Some((t, r, l)) = oracle.least {
        let reverses = if left { r } else { l };
        if reverses && t < range.saturating_sub(1) {
            range = t + 1;
            changed = true;
        }
    }
    for &x in &side.finite {
        match reversal(x, oracle, left) {
            None => finite.push(x),
            Some((parts, nimbers)) => {
                changed = true;
                finite.extend(parts);
                range = range.max(nimbers);
            }
        }
    }
    side.finite = finite;
    side.range = range;
    side.normalize();
    changed
}

/// The replacement of `x` when it is reversible on its side: the far-side options of the first
/// option through which it reverses, as parts and a nimber range `[0, p)`.
fn reversal(x: Parts, oracle: &Oracle<'_>, left: bool) -> Option<(Vec<Parts>, u64)> {
    let (n, k) = x;
    if n == 0 {
        // A nimber `*k` reverses through `*T` (the least candidate) when `T < k`.
        let (t, r, l) = oracle.least?;
        let reverses = if left { r } else { l };
        return (reverses && t < k).then_some((Vec::new(), t));
    }
    let (xl, xr) = options(x);
    // For Left, `x` reverses through `x^R ≤ G`, replaced by the Left options of `x^R`.
    let through = if left {
        xr.into_iter().find(|&y| oracle.le_g(y))?
    } else {
        xl.into_iter().find(|&y| oracle.g_le(y))?
    };
    if through.0 == 0 {
        // The options of a nimber `*j` are `*0, …, *(j − 1)` on both sides.
        return Some((Vec::new(), through.1));
    }
    let (yl, yr) = options(through);
    Some((if left { yl } else { yr }, 0))
}

/// [`mex_of_equal_nimber_sides`] for option lists in any order and with repeats, decided on
/// bitsets of the nimbers (no sorting) when every option is a nimber and the largest is below
/// 64 times the number of options; `None` otherwise, and when the sides differ.
fn mex_of_equal_nimber_sets(a: &[Parts], b: &[Parts]) -> Option<u64> {
    let mut largest = 0u64;
    for &(ups, k) in a.iter().chain(b) {
        if ups != 0 {
            return None;
        }
        largest = largest.max(k);
    }
    let words = usize::try_from(largest / 64).ok()? + 1;
    if words > a.len() + b.len() {
        return None;
    }
    let bits = |side: &[Parts]| {
        let mut set = vec![0u64; words];
        for &(_, k) in side {
            set[(k / 64) as usize] |= 1 << (k % 64);
        }
        set
    };
    let left = bits(a);
    if left != bits(b) {
        return None;
    }
    // The first clear bit (every bit set: the mex is just past the last word).
    let mex = match left.iter().position(|&w| w != u64::MAX) {
        Some(i) => i as u64 * 64 + u64::from(left[i].trailing_ones()),
        None => words as u64 * 64,
    };
    Some(mex)
}

/// `{*a, … | *a, …}` with the same nimbers on both sides is `*mex` (the Sprague–Grundy theorem;
/// CGT ch. IV): the `mex` when both sides are that same set of nimbers.
fn mex_of_equal_nimber_sides(left: &Side, right: &Side) -> Option<u64> {
    if left != right || left.finite.iter().any(|p| p.0 != 0) {
        return None;
    }
    // `finite` is sorted and holds no nimber below the range: the mex is the end of the run of
    // consecutive nimbers that starts at the range.
    let mut k = left.range;
    for &(_, j) in &left.finite {
        if j != k {
            break;
        }
        k += 1;
    }
    Some(k)
}

/// The canonical form of `{x + A | x + B}` for non-empty `A`, `B` of infinitesimal parts.
///
/// # Panics
/// With a [`limits::ExpansionLimit`] payload when the canonical form itself lists more than
/// [`NIMBER_OPTIONS_LIMIT`] nimber options on a side (a form too large to store, whose value is
/// not a nimber).
pub(crate) fn canonical(x: &Number, a: &[Parts], b: &[Parts]) -> Game {
    let at_x = |(ups, nimber): Parts| {
        Game::nus(Nus {
            number: x.clone(),
            ups,
            nimber,
        })
    };
    // Impartial option sets are common enough to be decided before any simplification.
    if let Some(k) = mex_of_equal_nimber_sets(a, b) {
        return at_x((0, k));
    }
    let mut left = Side::new(a);
    let mut right = Side::new(b);
    if let Some(k) = mex_of_equal_nimber_sides(&left, &right) {
        return at_x((0, k));
    }
    let oracle = Oracle::new(a, b);
    loop {
        left.remove_dominated(1);
        right.remove_dominated(-1);
        let changed_left = bypass_reversible(&mut left, &oracle, true);
        let changed_right = bypass_reversible(&mut right, &oracle, false);
        if !(changed_left || changed_right) {
            break;
        }
    }
    if let Some(k) = mex_of_equal_nimber_sides(&left, &right) {
        return at_x((0, k));
    }
    let games = |side: &Side| -> Vec<Game> {
        if side.range > NIMBER_OPTIONS_LIMIT {
            limits::exceeded(format!(
                "a canonical form with the {} nimber options *0, ..., *{} on one side is beyond the limit of {NIMBER_OPTIONS_LIMIT} options",
                side.range,
                side.range - 1
            ));
        }
        (0..side.range)
            .map(|j| (0, j))
            .chain(side.finite.iter().copied())
            .map(at_x)
            .collect()
    };
    let (l, r) = (games(&left), games(&right));
    if left.is_empty() || right.is_empty() {
        // A form with an empty side is a number; the general fast path finds it.
        return canonicalize(l, r);
    }
    recognize_sorted(l, r)
}
