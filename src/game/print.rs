//! The printer of partizan's notation (`docs/NOTATION.md`: CGSuite 2.x plain ASCII).
//!
//! [`Display`](std::fmt::Display) prints a canonical form; the alternate flag (`{:#}`) prints the
//! Unicode form with `↑ ↓ ⇑ ⇓ ±`. The parser (in [`crate::expr`]) reads back everything the
//! printer writes, so that `parse(print(G)) = G`.
//!
//! ```
//! use partizan::Game;
//! let g: Game = "{3|{2|1}}".parse().unwrap();
//! assert_eq!(g.to_string(), "{3||2|1}");
//! assert_eq!(format!("{:#}", "^^*".parse::<Game>().unwrap()), "⇑*");
//! ```

use super::number::Number;
use super::nus::Nus;
use super::Game;
use std::cmp::Ordering;
use std::fmt;

/// The bar run at which a nested game is braced instead of lengthening its parent's run.
const MAX_BARS: usize = 4;

/// The class of a value in the deterministic option order: numbers, then nimbers, then other
/// number + ups + nimber values and uptimals, then everything else.
fn print_class(g: Game) -> u8 {
    match g.as_nus() {
        Some(n) if n.is_number() => 0,
        Some(n) if n.ups == 0 && n.number.is_zero() => 1,
        Some(_) => 2,
        None if g.uptimal().is_some() => 2,
        None => 3,
    }
}

/// The uptimal expansion `x + d1·↑ + d2·↑² + … + *k` of a class-2 value, as
/// `(x, [d1, d2, ...], k)`.
fn expansion(g: Game) -> (Number, Vec<i64>, u64) {
    if let Some(n) = g.as_nus() {
        return (n.number.clone(), vec![n.ups], n.nimber);
    }
    let u = g
        .uptimal()
        .expect("class 2 values are number + ups + nimber or uptimals");
    let sign = if u.positive { 1 } else { -1 };
    let order = u.order as usize;
    let digits = match u.kind {
        super::uptimal::UptimalKind::Power => {
            let mut d = vec![0; order];
            d[order - 1] = sign;
            d
        }
        super::uptimal::UptimalKind::PowerSum => vec![sign; order],
    };
    (u.number, digits, u.nimber)
}

/// Compares coefficient sequences lexicographically, a missing coefficient counting as 0.
fn compare_digits(a: &[i64], b: &[i64]) -> Ordering {
    (0..a.len().max(b.len()))
        .map(|i| a.get(i).unwrap_or(&0).cmp(b.get(i).unwrap_or(&0)))
        .find(|c| *c != Ordering::Equal)
        .unwrap_or(Ordering::Equal)
}

/// CGSuite's deterministic order of options (NOTATION.md): numbers ascending; nimbers by value;
/// other number + ups + nimber values (and uptimals, as CGSuite orders them) by number, then up
/// coefficients, then nimber; then all other games by their sorted Left option lists (element by
/// element, a shorter prefix first), then their sorted Right lists.
pub fn print_order(a: Game, b: Game) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (ca, cb) = (print_class(a), print_class(b));
    if ca != cb {
        return ca.cmp(&cb);
    }
    match ca {
        0 | 1 => {
            let (x, y) = (
                a.as_nus().expect("class 0/1"),
                b.as_nus().expect("class 0/1"),
            );
            (&x.number, x.nimber).cmp(&(&y.number, y.nimber))
        }
        2 => {
            let ((xa, da, ka), (xb, db, kb)) = (expansion(a), expansion(b));
            xa.cmp(&xb)
                .then_with(|| compare_digits(&da, &db))
                .then(ka.cmp(&kb))
        }
        _ => compare_lists(&sorted(a.left_options()), &sorted(b.left_options()))
            .then_with(|| compare_lists(&sorted(a.right_options()), &sorted(b.right_options()))),
    }
}

fn compare_lists(a: &[Game], b: &[Game]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let c = print_order(*x, *y);
        if c != Ordering::Equal {
            return c;
        }
    }
    a.len().cmp(&b.len())
}

/// Options in the deterministic print order.
pub fn sorted(options: &[Game]) -> Vec<Game> {
    let mut v = options.to_vec();
    v.sort_by(|a, b| print_order(*a, *b));
    v
}

struct Printer {
    unicode: bool,
}

impl Printer {
    /// Writes `g`; returns the length of its top-level bar run when printed without braces
    /// (0 for atoms and braced forms).
    fn write(&self, g: Game, out: &mut String, force_braces: bool, force_parens: bool) -> usize {
        if let Some(n) = g.as_nus() {
            self.write_nus(n, out, force_parens);
            return 0;
        }
        if let Some(u) = g.uptimal() {
            u.write(out, self.unicode, force_parens);
            return 0;
        }
        let lo = sorted(g.left_options());
        let ro = sorted(g.right_options());
        if -g == g {
            // A symmetric switch ±x or ±{a, b, ...}.
            out.push_str(if self.unicode { "±" } else { "+-" });
            if lo.len() > 1 {
                out.push('{');
            }
            for (i, x) in lo.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.write(*x, out, true, lo.len() == 1);
            }
            if lo.len() > 1 {
                out.push('}');
            }
            return 0;
        }
        if let Some((kind, x, sub)) = tiny_shape(g) {
            if force_parens {
                out.push('(');
            }
            if !x.is_zero() {
                out.push_str(&x.to_string());
            }
            out.push_str(kind);
            out.push('(');
            self.write_subscript(sub, out);
            out.push(')');
            if force_parens {
                out.push(')');
            }
            return 0;
        }
        self.write_braces(&lo, &ro, out, force_braces)
    }

    /// `{L|R}` with the slash convention; returns the bar run (0 when braced).
    fn write_braces(
        &self,
        lo: &[Game],
        ro: &[Game],
        out: &mut String,
        force_braces: bool,
    ) -> usize {
        let mut left = String::new();
        let mut right = String::new();
        let mut bars = 1;
        for (side, text) in [(lo, &mut left), (ro, &mut right)] {
            for (i, x) in side.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                bars = bars.max(self.write(*x, text, side.len() > 1, false) + 1);
            }
        }
        let braced = force_braces || bars == MAX_BARS;
        if braced {
            out.push('{');
        }
        out.push_str(&left);
        for _ in 0..bars {
            out.push('|');
        }
        out.push_str(&right);
        if braced {
            out.push('}');
            0
        } else {
            bars
        }
    }

    /// The `G` of `Tiny(G)`: plain when it is number + ups + nimber or prints as an atom of its
    /// own (a tiny); otherwise its explicit braced form.
    fn write_subscript(&self, g: Game, out: &mut String) {
        if g.is_nus() || tiny_shape(g).is_some() || g.uptimal().is_some() {
            self.write(g, out, true, false);
        } else {
            self.write_braces(
                &sorted(g.left_options()),
                &sorted(g.right_options()),
                out,
                true,
            );
        }
    }

    fn write_nus(&self, n: &Nus, out: &mut String, force_parens: bool) {
        let parts = [!n.number.is_zero(), n.ups != 0, n.nimber != 0];
        let compound = parts.iter().filter(|p| **p).count() > 1;
        if compound && force_parens {
            out.push('(');
        }
        if !n.number.is_zero() || (n.ups == 0 && n.nimber == 0) {
            out.push_str(&n.number.to_string());
        }
        if n.ups != 0 {
            let count = n.ups.unsigned_abs();
            let (one, two) = match (n.ups > 0, self.unicode) {
                (true, false) => ("^", "^^"),
                (false, false) => ("v", "vv"),
                (true, true) => ("↑", "⇑"),
                (false, true) => ("↓", "⇓"),
            };
            match count {
                1 => out.push_str(one),
                2 => out.push_str(two),
                c => {
                    out.push_str(one);
                    out.push_str(&c.to_string());
                }
            }
        }
        push_nimber(out, n.nimber);
        if compound && force_parens {
            out.push(')');
        }
    }
}

/// Appends the nimber part of a value: nothing for `*0`, `*` for `*1`, `*k` otherwise.
pub(crate) fn push_nimber(out: &mut String, k: u64) {
    match k {
        0 => {}
        1 => out.push('*'),
        k => {
            out.push('*');
            out.push_str(&k.to_string());
        }
    }
}

/// Recognises `x + Tiny(G) = {x || x | x − G}` and `y + Miny(G) = {y − G | y || y}` for a number
/// `x` (or `y`) and a `G` whose mean is positive, as CGSuite does; returns the name, the number
/// and `G`.
fn tiny_shape(g: Game) -> Option<(&'static str, Number, Game)> {
    let (lo, ro) = (g.left_options(), g.right_options());
    let ([l], [r]) = (lo, ro) else { return None };
    if let Some(x) = l.as_number() {
        if let ([rl], [rr]) = (r.left_options(), r.right_options()) {
            if rl == l && rr.mean() < *x {
                return Some(("Tiny", x.clone(), *l - *rr));
            }
        }
    }
    if let Some(y) = r.as_number() {
        if let ([ll], [lr]) = (l.left_options(), l.right_options()) {
            if lr == r && ll.mean() > *y {
                return Some(("Miny", y.clone(), *ll - *r));
            }
        }
    }
    None
}

impl fmt::Display for Game {
    /// The canonical form in the notation of `shared/NOTATION.md`; `{:#}` for Unicode arrows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        Printer {
            unicode: f.alternate(),
        }
        .write(*self, &mut s, true, false);
        f.write_str(&s)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
