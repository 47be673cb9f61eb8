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

use super::nimber::push_nimber;
use super::number::Number;
use super::nus::Nus;
use super::Game;
use std::cmp::Ordering;
use std::fmt;

/// The bar run at which a nested game is braced instead of lengthening its parent's run.
const MAX_BARS: usize = 4;

/// The class of a value in the deterministic option order: numbers, then nimbers, then other
/// uptimals (number + ups + nimber values included), then everything else.
fn print_class(g: Game) -> u8 {
    match g.as_nus() {
        Some(n) if n.is_number() => 0,
        Some(n) if n.ups == 0 && n.number.is_zero() => 1,
        Some(_) => 2,
        None if g.uptimal_expansion().is_some() => 2,
        None => 3,
    }
}

/// Whether printing `g` lists its options: it is neither a number + ups + nimber value nor an
/// uptimal of the shapes `^<n>` and `^[n]`.
fn prints_options(g: Game) -> bool {
    !g.is_nus() && g.uptimal().is_none()
}

/// The order of two values that do not need their options compared: `None` when both are of
/// class 3 (general forms), whose order depends on their sorted option lists.
fn order_by_class(a: Game, b: Game) -> Option<Ordering> {
    if a == b {
        return Some(Ordering::Equal);
    }
    let (ca, cb) = (print_class(a), print_class(b));
    if ca != cb {
        return Some(ca.cmp(&cb));
    }
    match ca {
        0 | 1 => {
            let (x, y) = (
                a.as_nus().expect("class 0/1"),
                b.as_nus().expect("class 0/1"),
            );
            Some((&x.number, x.nimber).cmp(&(&y.number, y.nimber)))
        }
        2 => {
            let (ea, eb) = (a.uptimal_expansion(), b.uptimal_expansion());
            let (ea, eb) = (ea.expect("class 2"), eb.expect("class 2"));
            Some(ea.print_order(&eb))
        }
        _ => None,
    }
}

/// CGSuite's deterministic order of options (NOTATION.md): numbers ascending; nimbers by value;
/// other uptimals (number + ups + nimber values included) by their uptimal expansions, as
/// CGSuite's `UptimalExpansion.compareTo` orders them (number, then the coefficients over their
/// common length, then the shorter first, then the nimber); then all other games by their sorted
/// Left option lists (element by element, a shorter prefix first), then their sorted Right lists.
pub fn print_order(a: Game, b: Game) -> Ordering {
    if let Some(o) = order_by_class(a, b) {
        return o;
    }
    let mut layout = Layout::default();
    layout.add(a);
    layout.add(b);
    layout.compare(a, b)
}

/// Options in the deterministic print order.
pub fn sorted(options: &[Game]) -> Vec<Game> {
    let mut layout = Layout::default();
    for &o in options {
        layout.add(o);
    }
    layout.sorted(options)
}

/// How a value prints.
enum Shape {
    /// `x + n·↑ + *k`.
    Nus,
    /// An uptimal, `x^<n>*k` or `x^[n]*k`.
    Uptimal(super::uptimal::Uptimal),
    /// A symmetric switch `±x`: a game equal to its negative.
    PlusMinus,
    /// `x Tiny(G)` or `y Miny(G)`: the name, the number and `G` once it is known (it is
    /// computed when the value is printed, see [`Tiny::subscript`]).
    Tiny(Tiny),
    /// `{L | R}` with the slash convention; `bars` is the length of its own bar run.
    Braces { bars: usize },
}

/// What the printer knows of a general form (class 3): its options in print order and its shape.
struct Node {
    left: Vec<Game>,
    right: Vec<Game>,
    shape: Shape,
}

/// The sorted options and shapes of every general form that printing (or ordering) some values
/// needs, computed once per value, children before parents and without recursion: sorting a
/// form's options compares its options' own sorted lists, which are then already known.
#[derive(Default)]
struct Layout {
    nodes: hashbrown::HashMap<Game, Node>,
}

impl Layout {
    /// Lays out `g` and everything below it that printing or ordering it needs. A form
    /// `x + Tiny(G)` prints as its subscript `G` only, so its options are laid out only when an
    /// ordering compares them ([`Layout::compare`]) and `G` only when it is printed: the
    /// subscript is a new form (a translate of a follower), and building it for every tiny
    /// follower of a value would cost the size of each of them.
    fn add(&mut self, g: Game) {
        let mut stack: Vec<(Game, bool)> = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if self.nodes.contains_key(&h) || !prints_options(h) {
                continue;
            }
            // A tiny form has one option a side, already in order; it is never its own
            // negative (its Left option is a number and its Right option is not).
            if let Some(tiny) = tiny_shape(h) {
                self.nodes.insert(
                    h,
                    Node {
                        left: h.left_options().to_vec(),
                        right: h.right_options().to_vec(),
                        shape: Shape::Tiny(tiny),
                    },
                );
                continue;
            }
            if !expanded {
                stack.push((h, true));
                let below = h.left_options().iter().chain(h.right_options());
                stack.extend(below.map(|&o| (o, false)));
                continue;
            }
            let left = self.sorted(h.left_options());
            let right = self.sorted(h.right_options());
            let shape = if -h == h {
                Shape::PlusMinus
            } else {
                let run = |side: &[Game]| match side {
                    [one] => self.run(*one),
                    _ => 0,
                };
                Shape::Braces {
                    bars: 1 + run(&left).max(run(&right)),
                }
            };
            self.nodes.insert(h, Node { left, right, shape });
        }
    }

    /// The bar run of `g` printed as the single option of a side: its own bar run when it prints
    /// in the slash convention, 0 for atoms and for forms that need braces.
    fn run(&self, g: Game) -> usize {
        match self.nodes.get(&g).map(|n| &n.shape) {
            Some(Shape::Braces { bars }) if *bars < MAX_BARS => *bars,
            _ => 0,
        }
    }

    fn shape(&self, g: Game) -> Shape {
        if g.is_nus() {
            return Shape::Nus;
        }
        if let Some(u) = g.uptimal() {
            return Shape::Uptimal(u);
        }
        match &self.nodes[&g].shape {
            Shape::PlusMinus => Shape::PlusMinus,
            Shape::Tiny(t) => Shape::Tiny(t.clone()),
            Shape::Braces { bars } => Shape::Braces { bars: *bars },
            Shape::Nus | Shape::Uptimal(_) => unreachable!("layout nodes are general forms"),
        }
    }

    /// The options in print order.
    fn sorted(&mut self, options: &[Game]) -> Vec<Game> {
        let mut v = options.to_vec();
        v.sort_by(|a, b| self.compare(*a, *b));
        v
    }

    /// [`print_order`]: general forms compare their sorted option lists element by element,
    /// with an explicit stack instead of recursion; a form not laid out yet is laid out when
    /// its options are first compared.
    fn compare(&mut self, a: Game, b: Game) -> Ordering {
        if let Some(o) = order_by_class(a, b) {
            return o;
        }
        self.add(a);
        self.add(b);
        // (a, b, comparing Right lists, next index)
        let mut stack: Vec<(Game, Game, bool, usize)> = vec![(a, b, false, 0)];
        while let Some((x, y, right, i)) = stack.last_mut() {
            let (nx, ny) = (&self.nodes[x], &self.nodes[y]);
            let (lx, ly) = if *right {
                (&nx.right, &ny.right)
            } else {
                (&nx.left, &ny.left)
            };
            if let (Some(&p), Some(&q)) = (lx.get(*i), ly.get(*i)) {
                *i += 1;
                match order_by_class(p, q) {
                    Some(Ordering::Equal) => {}
                    // The first difference decides every comparison on the stack.
                    Some(o) => return o,
                    None => {
                        self.add(p);
                        self.add(q);
                        stack.push((p, q, false, 0));
                    }
                }
            } else if lx.len() != ly.len() {
                return lx.len().cmp(&ly.len());
            } else if !*right {
                *right = true;
                *i = 0;
            } else {
                stack.pop();
            }
        }
        Ordering::Equal
    }
}

/// One step of printing.
enum Piece {
    /// Print this value: `(value, braces forced, parentheses forced)`.
    Value(Game, bool, bool),
    Text(&'static str),
    Bars(usize),
}

struct Printer {
    unicode: bool,
    layout: Layout,
}

impl Printer {
    /// Writes `g` at the top level (a general form in braces), with an explicit stack of pieces
    /// instead of recursion.
    fn write(&mut self, g: Game, out: &mut String) {
        let mut pieces = vec![Piece::Value(g, true, false)];
        // The pieces of one value, in printing order (pushed onto `pieces` reversed).
        let mut parts: Vec<Piece> = Vec::new();
        while let Some(piece) = pieces.pop() {
            super::limits::check_printed_length(out.len());
            let (h, force_braces, force_parens) = match piece {
                Piece::Text(t) => {
                    out.push_str(t);
                    continue;
                }
                Piece::Bars(n) => {
                    out.extend(std::iter::repeat_n('|', n));
                    continue;
                }
                Piece::Value(h, force_braces, force_parens) => (h, force_braces, force_parens),
            };
            parts.clear();
            match self.layout.shape(h) {
                Shape::Nus => {
                    let n = h.as_nus().expect("shape Nus");
                    self.write_nus(n, out, force_parens);
                }
                Shape::Uptimal(u) => u.write(out, self.unicode, force_parens),
                Shape::PlusMinus => {
                    let lo = &self.layout.nodes[&h].left;
                    parts.push(Piece::Text(if self.unicode { "±" } else { "+-" }));
                    let several = lo.len() > 1;
                    if several {
                        parts.push(Piece::Text("{"));
                    }
                    for (i, x) in lo.iter().enumerate() {
                        if i > 0 {
                            parts.push(Piece::Text(","));
                        }
                        parts.push(Piece::Value(*x, true, !several));
                    }
                    if several {
                        parts.push(Piece::Text("}"));
                    }
                }
                Shape::Tiny(tiny) => {
                    if force_parens {
                        out.push('(');
                    }
                    if !tiny.number.is_zero() {
                        out.push_str(&tiny.number.to_string());
                    }
                    out.push_str(tiny.kind);
                    out.push('(');
                    let sub = tiny.subscript();
                    self.layout.add(sub);
                    // The subscript: plain when it prints as an atom, otherwise braced.
                    match self.layout.shape(sub) {
                        Shape::Braces { .. } | Shape::PlusMinus => {
                            self.braces(sub, true, &mut parts)
                        }
                        _ => parts.push(Piece::Value(sub, true, false)),
                    }
                    parts.push(Piece::Text(")"));
                    if force_parens {
                        parts.push(Piece::Text(")"));
                    }
                }
                Shape::Braces { .. } => self.braces(h, force_braces, &mut parts),
            }
            pieces.extend(parts.drain(..).rev());
        }
    }

    /// The pieces of `{L|R}` with the slash convention: braces when forced or when the bar run
    /// reaches [`MAX_BARS`].
    fn braces(&self, g: Game, force_braces: bool, parts: &mut Vec<Piece>) {
        let node = &self.layout.nodes[&g];
        let bars = match node.shape {
            Shape::Braces { bars } => bars,
            // A ± or tiny subscript written out explicitly.
            _ => {
                let run = |side: &[Game]| match side {
                    [one] => self.layout.run(*one),
                    _ => 0,
                };
                1 + run(&node.left).max(run(&node.right))
            }
        };
        let braced = force_braces || bars == MAX_BARS;
        if braced {
            parts.push(Piece::Text("{"));
        }
        for (i, x) in node.left.iter().enumerate() {
            if i > 0 {
                parts.push(Piece::Text(","));
            }
            parts.push(Piece::Value(*x, node.left.len() > 1, false));
        }
        parts.push(Piece::Bars(bars));
        for (i, x) in node.right.iter().enumerate() {
            if i > 0 {
                parts.push(Piece::Text(","));
            }
            parts.push(Piece::Value(*x, node.right.len() > 1, false));
        }
        if braced {
            parts.push(Piece::Text("}"));
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

/// A value `x + Tiny(G) = {x || x | x − G}` or `y + Miny(G) = {y − G | y || y}`, as
/// [`tiny_shape`] recognises it: its name, its number and the follower its subscript `G` is
/// the translate of.
#[derive(Clone)]
struct Tiny {
    kind: &'static str,
    number: Number,
    /// `x − G` for a tiny, `y + G` for a miny.
    follower: Game,
}

impl Tiny {
    /// The subscript `G`: `x − (x − G)` for a tiny, `(y + G) − y` for a miny (a translate of
    /// a follower by a number, a new form the size of that follower).
    fn subscript(&self) -> Game {
        let x = Game::from(self.number.clone());
        if self.kind == "Tiny" {
            x - self.follower
        } else {
            self.follower - x
        }
    }
}

/// Recognises `x + Tiny(G) = {x || x | x − G}` and `y + Miny(G) = {y − G | y || y}` for a number
/// `x` (or `y`) and a `G` whose mean is positive, as CGSuite does.
///
/// The middle form `{x | x − G}` (`{y − G | y}`) is never a value `x + n·↑ + *k`: those with a
/// single option on each side whose Left option is a number (`x + n·↑ + *k` for `n ≥ 1`, `x*`, a
/// dyadic `{a | b}`) have a Right option with mean at least that number, and symmetrically.
/// So their options, which for `x + *k` number `k` and may be beyond the algebra's limits
/// (`{5*70000 | 0}`), are never listed here.
fn tiny_shape(g: Game) -> Option<Tiny> {
    let (lo, ro) = (g.left_options(), g.right_options());
    let ([l], [r]) = (lo, ro) else { return None };
    if let (Some(x), false) = (l.as_number(), r.is_nus()) {
        if let ([rl], [rr]) = (r.left_options(), r.right_options()) {
            if rl == l && mean_below(*rr, x) {
                return Some(Tiny {
                    kind: "Tiny",
                    number: x.clone(),
                    follower: *rr,
                });
            }
        }
    }
    if let (Some(y), false) = (r.as_number(), l.is_nus()) {
        if let ([ll], [lr]) = (l.left_options(), l.right_options()) {
            if lr == r && mean_above(*ll, y) {
                return Some(Tiny {
                    kind: "Miny",
                    number: y.clone(),
                    follower: *ll,
                });
            }
        }
    }
    None
}

impl Game {
    /// Whether the value is a number, or `x + Tiny(H)` or `x + Miny(H)` for a number `x`
    /// (CGSuite's `IsNumberTiny`, which counts every number, `x + Tiny(H)` with the tiny part
    /// left out): `{x || x | x − H}` with `H`'s mean positive, or its mirror image.
    ///
    /// ```
    /// use partizan::Game;
    /// let g = |s: &str| s.parse::<Game>().unwrap();
    /// assert!(g("5").is_number_tiny() && g("0").is_number_tiny() && g("-1/2").is_number_tiny());
    /// assert!(g("{0||0|-1}").is_number_tiny()); // Tiny(1)
    /// assert!(!g("*").is_number_tiny() && !g("^").is_number_tiny());
    /// ```
    pub fn is_number_tiny(&self) -> bool {
        self.is_number() || tiny_shape(*self).is_some()
    }
}

/// Whether `mean(g) < x`. The mean lies between the stops, so they usually decide without a
/// thermograph.
fn mean_below(g: Game, x: &Number) -> bool {
    if g.left_stop() < x {
        true
    } else if g.right_stop() >= x {
        false
    } else {
        g.mean() < *x
    }
}

/// Whether `mean(g) > y` (see [`mean_below`]).
fn mean_above(g: Game, y: &Number) -> bool {
    if g.right_stop() > y {
        true
    } else if g.left_stop() <= y {
        false
    } else {
        g.mean() > *y
    }
}

impl fmt::Display for Game {
    /// The canonical form in the notation of `docs/NOTATION.md`; `{:#}` for Unicode arrows.
    ///
    /// # Panics
    ///
    /// Unwinds with an [`ExpansionLimit`](super::limits::ExpansionLimit) when the notation
    /// would be longer than [`PRINT_LIMIT`](super::limits::PRINT_LIMIT) characters (see
    /// [`limits`](super::limits); [`catch`](super::limits::catch) turns it into an error).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut layout = Layout::default();
        layout.add(*self);
        let mut s = String::new();
        Printer {
            unicode: f.alternate(),
            layout,
        }
        .write(*self, &mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
