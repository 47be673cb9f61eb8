//! The values of expressions.

use super::env::Closure;
use super::loopy::LoopyValue;
use super::names::Object;
use crate::algebra::form::Form;
use crate::algebra::loopy::{smith::LoopyNimValue, LoopyOutcome};
use crate::algebra::misere::{Genus, MisereGame};
use crate::algebra::Number;
use crate::algebra::{print, Game, Outcome, Thermograph, UptimalExpansion};
use crate::solve::Position;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// The value of an expression.
///
/// Numbers are games here, as in CGSuite, where every number type is a subclass of
/// `CanonicalShortGame`: `G.Mean + 1` and `1/2 + ^` need no conversion, and a game that is a
/// number prints as the number (`1/2`, `-3`), so the two cannot be told apart in the output.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A game in canonical form (numbers included).
    Game(Game),
    /// The result of a comparison or of a predicate such as `IsNumber`.
    Boolean(bool),
    /// A list, such as `G.Incentives` or `G.LeftOptions`.
    List(Vec<Value>),
    /// A thermograph (`G.Thermograph`).
    Thermograph(Box<Thermograph>),
    /// An outcome class (`G.OutcomeClass`): `L`, `R`, `N` or `P`.
    Outcome(Outcome),
    /// A string (an argument of a family call such as `toads("TT..FF")`).
    Text(String),
    /// An uptimal expansion (`G.UptimalExpansion`), printed as CGSuite prints it: `*.1-`.
    UptimalExpansion(UptimalExpansion),
    /// An explicit game, written in quotes and kept as written: `'{*|*}'` (see
    /// [`crate::algebra::form`]). Operations defined on forms (the ordinal sum, the conjunctive and
    /// selective compounds, the options) use the form; every other one its canonical form.
    Form(Form),
    /// A loopy game that is not short: a stopper (`on`, `over`, `a{0||||0|||a|*||*}`) or a
    /// stopper-sided value (`over & under`, `dud`), with its graph when it has one.
    Loopy(LoopyValue),
    /// The outcome class of a loopy game, draws included (`G.OutcomeClass` of a loopy game).
    LoopyOutcome(LoopyOutcome),
    /// Smith's generalised Sprague–Grundy value of an impartial loopy game: `2`, `inf_{0,1}`.
    SmithValue(LoopyNimValue),
    /// A misère game: an impartial game under the misère convention, as its misère canonical
    /// form (a literal `*[2#]`, a misère sum, `G.MisereCanonicalForm`), printed in CGSuite's
    /// misère notation: `*[2]`, `*[2#]` (see [`crate::algebra::misere::print`]).
    Misere(MisereGame),
    /// Conway's genus of an impartial game (`G.Genus`): `0^120`, `6^(1,9,10,8)`.
    Genus(Genus),
    /// A position of a ruleset that keeps its rules (a family call such as `nim(1,2,3)`, a sum
    /// of them, an option of one): printed as the call that makes it, and converted to its
    /// canonical form wherever a value is needed (see [`crate::solve::position`]).
    Position(Position),
    /// A rational number that is not dyadic, `2/3` (CGScript's `Rational`): a number, not a
    /// game. A dyadic result of arithmetic is a game again (see [`Value::number`]).
    Rational(BigRational),
    /// A set `{1,3,5}`: its elements in CGSuite's order of values ([`Value::order`]), each once.
    Set(Vec<Value>),
    /// A map `{"a" => 1}`: its entries ordered by key, each key once.
    Map(Vec<(Value, Value)>),
    /// A range of integers `from..to..step`, a list that prints as written.
    Range(Box<(BigInt, BigInt, BigInt)>),
    /// Coordinates `(row, column)` of a grid.
    Coordinates(BigInt, BigInt),
    /// CGScript's `Nothing`: the value of a loop, of `if` without a branch taken, of
    /// `begin end`.
    Nothing,
    /// `Left` or `Right` (CGScript's `Player`): `true` for Left.
    Player(bool),
    /// A function value, `x -> x + 1`, with the names it was created among.
    Function(Closure),
    /// One of the names every worksheet knows: a package (`game.grid`), a ruleset
    /// (`game.grid.Domineering`, `Kayles`), a class (`Grid`, `Player`).
    Object(Object),
}

impl Value {
    /// A form as a value: an explicit game or compound as written, a canonical leaf as the game
    /// it is.
    pub fn form(f: Form) -> Value {
        match f.as_value() {
            Some(g) => Value::Game(g),
            None => Value::Form(f),
        }
    }

    /// The game, if this value is one (an explicit game gives its canonical form).
    pub fn as_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Form(f) => Some(f.canonical_form()),
            _ => None,
        }
    }

    /// What kind of value this is, with its article, for messages: "a game", "a list", ...
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Game(g) if g.is_number() => "a number",
            Value::Game(_) => "a game",
            Value::Boolean(_) => "a boolean",
            Value::List(_) => "a list",
            Value::Thermograph(_) => "a thermograph",
            Value::Outcome(_) => "an outcome class",
            Value::Text(_) => "a string",
            Value::UptimalExpansion(_) => "an uptimal expansion",
            Value::Form(_) => "an explicit game",
            Value::Loopy(_) => "a loopy game",
            Value::LoopyOutcome(_) => "an outcome class",
            Value::SmithValue(_) => "a Smith value",
            Value::Misere(_) => "a misère game",
            Value::Genus(_) => "a genus",
            Value::Position(_) => "a position",
            Value::Rational(_) => "a rational number",
            Value::Set(_) => "a set",
            Value::Map(_) => "a map",
            Value::Range(_) => "a range",
            Value::Coordinates(..) => "coordinates",
            Value::Nothing => "Nothing",
            Value::Player(_) => "a player",
            Value::Function(_) => "a function",
            Value::Object(o) => o.kind(),
        }
    }

    /// The number `x` as a value: a game when it is dyadic (`1/2`, `3`), else a rational.
    pub fn number(x: BigRational) -> Value {
        match dyadic(&x) {
            Some(n) => Value::Game(Game::number(n)),
            None => Value::Rational(x),
        }
    }

    /// The integer `n` as a value (a game).
    pub fn integer(n: BigInt) -> Value {
        Value::Game(Game::number(Number::from(n)))
    }

    /// This value as a rational number, if it is a number (a game that is a number, or a
    /// rational).
    pub fn as_rational(&self) -> Option<BigRational> {
        match self {
            Value::Game(g) => g.as_number().map(to_rational),
            Value::Rational(r) => Some(r.clone()),
            _ => None,
        }
    }

    /// This value as an integer, if it is one.
    pub fn as_integer(&self) -> Option<BigInt> {
        match self {
            Value::Game(g) => g.as_number().and_then(Number::to_integer),
            _ => None,
        }
    }

    /// The elements of a list, a set or a range, in order; `None` for other values.
    pub fn elements(&self) -> Option<Vec<Value>> {
        match self {
            Value::List(items) | Value::Set(items) => Some(items.clone()),
            // Each integer built is an interruption point, so building a long range's list is
            // counted by a budget of work and the memory watch, and stops at Ctrl-C.
            Value::Range(r) => Some(
                range_elements(&r.0, &r.1, &r.2)
                    .map(|n| {
                        crate::interrupt::check();
                        Value::integer(n)
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// A set of `items`: ordered by [`Value::order`], each once.
    pub fn set(mut items: Vec<Value>) -> Value {
        items.sort_by(Value::order);
        items.dedup_by(|a, b| Value::order(a, b) == Ordering::Equal);
        Value::Set(items)
    }

    /// A map of `entries`: ordered by key, the last entry of each key kept.
    pub fn map(entries: Vec<(Value, Value)>) -> Value {
        let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            match out.binary_search_by(|(key, _)| Value::order(key, &k)) {
                Ok(i) => out[i].1 = v,
                Err(i) => out.insert(i, (k, v)),
            }
        }
        Value::Map(out)
    }

    /// CGSuite's order of all values (its `UniversalOrdering`), by which sets and maps keep
    /// their elements: `Nothing`, then numbers by value, then the other games in the order of
    /// their options' printing ([`print::print_order`]), then misère games, booleans, strings,
    /// players, coordinates, lists (element by element, a prefix first), sets, maps, and the rest.
    pub fn order(a: &Value, b: &Value) -> Ordering {
        let (ra, rb) = (a.rank(), b.rank());
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (a, b) {
            _ if ra == 1 => a
                .as_rational()
                .expect("a number")
                .cmp(&b.as_rational().expect("a number")),
            (Value::Game(x), Value::Game(y)) => print::print_order(*x, *y),
            (Value::Misere(x), Value::Misere(y)) => x.to_string().cmp(&y.to_string()),
            (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
            (Value::Text(x), Value::Text(y)) => x.cmp(y),
            (Value::Player(x), Value::Player(y)) => y.cmp(x),
            (Value::Coordinates(r, c), Value::Coordinates(s, d)) => (r, c).cmp(&(s, d)),
            (Value::List(_) | Value::Range(_), Value::List(_) | Value::Range(_))
            | (Value::Set(_), Value::Set(_)) => {
                let (x, y) = (a.elements().expect("a list"), b.elements().expect("a list"));
                x.iter()
                    .zip(&y)
                    .map(|(p, q)| Value::order(p, q))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or(x.len().cmp(&y.len()))
            }
            (Value::Map(x), Value::Map(y)) => x
                .iter()
                .zip(y)
                .map(|((k, v), (l, w))| Value::order(k, l).then_with(|| Value::order(v, w)))
                .find(|o| *o != Ordering::Equal)
                .unwrap_or(x.len().cmp(&y.len())),
            _ => a.to_string().cmp(&b.to_string()),
        }
    }

    /// The class of a value in [`Value::order`].
    fn rank(&self) -> u8 {
        match self {
            Value::Nothing => 0,
            Value::Game(g) if g.is_number() => 1,
            Value::Rational(_) => 1,
            Value::Game(_) => 2,
            Value::Misere(_) => 3,
            Value::Boolean(_) => 4,
            Value::Text(_) => 5,
            Value::Player(_) => 6,
            Value::Coordinates(..) => 7,
            Value::List(_) | Value::Range(_) => 8,
            Value::Set(_) => 9,
            Value::Map(_) => 10,
            _ => 11,
        }
    }

    /// A list of games in the order in which CGSuite prints options (see [`print::sorted`]).
    pub fn sorted_games(games: &[Game]) -> Value {
        Value::List(print::sorted(games).into_iter().map(Value::Game).collect())
    }
}

impl From<Game> for Value {
    fn from(g: Game) -> Value {
        Value::Game(g)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}

impl fmt::Display for Value {
    /// As CGSuite prints values: games in the notation of `NOTATION.md` (the alternate form `{:#}`
    /// with Unicode arrows), `true`/`false`, lists as `[a,b,c]`, outcome classes as `L`, `R`, `N`,
    /// `P`, strings in double quotes; a thermograph as the lines of its mean, temperature and
    /// walls.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Game(g) if f.alternate() => write!(f, "{g:#}"),
            Value::Game(g) => write!(f, "{g}"),
            Value::Boolean(b) => write!(f, "{b}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_value(f, item)?;
                }
                f.write_str("]")
            }
            Value::Thermograph(t) => write!(f, "{t}"),
            Value::Outcome(o) => write!(f, "{o}"),
            Value::Text(s) => write!(f, "\"{s}\""),
            Value::UptimalExpansion(e) => write!(f, "{e}"),
            Value::Form(form) if f.alternate() => write!(f, "{form:#}"),
            Value::Form(form) => write!(f, "{form}"),
            Value::Loopy(g) => write!(f, "{g}"),
            Value::LoopyOutcome(o) => write!(f, "{o}"),
            Value::SmithValue(v) if f.alternate() => write!(f, "{v:#}"),
            Value::SmithValue(v) => write!(f, "{v}"),
            Value::Misere(g) => write!(f, "{g}"),
            Value::Genus(g) => write!(f, "{g}"),
            Value::Position(p) => write!(f, "{p}"),
            Value::Rational(r) => write!(f, "{}/{}", r.numer(), r.denom()),
            Value::Set(items) => {
                f.write_str("{")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_value(f, item)?;
                }
                f.write_str("}")
            }
            Value::Map(entries) if entries.is_empty() => f.write_str("{=>}"),
            Value::Map(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_value(f, k)?;
                    f.write_str(" => ")?;
                    write_value(f, v)?;
                }
                f.write_str("}")
            }
            Value::Range(r) if r.2.is_one() => write!(f, "{}..{}", r.0, r.1),
            Value::Range(r) => write!(f, "{}..{}..{}", r.0, r.1, r.2),
            Value::Coordinates(r, c) => write!(f, "({r},{c})"),
            Value::Nothing => f.write_str("Nothing"),
            Value::Player(true) => f.write_str("Left"),
            Value::Player(false) => f.write_str("Right"),
            Value::Function(c) => write!(f, "{}", super::unparse::Function(c.function())),
            Value::Object(o) => write!(f, "{o}"),
        }
    }
}

/// `v` with the formatter's alternate flag passed on.
fn write_value(f: &mut fmt::Formatter<'_>, v: &Value) -> fmt::Result {
    if f.alternate() {
        write!(f, "{v:#}")
    } else {
        write!(f, "{v}")
    }
}

/// The most elements of a range (`1..n`), a list or a set built by joining others, and the
/// most bytes of a string built by joining others: a request for more is refused before the
/// memory is taken.
pub const MAX_ELEMENTS: usize = 1 << 24;

/// The number of integers of the range `from..to..step`.
pub(crate) fn range_len(from: &BigInt, to: &BigInt, step: &BigInt) -> BigInt {
    if step.is_zero() {
        return BigInt::zero();
    }
    let span = if step.is_negative() {
        from - to
    } else {
        to - from
    };
    if span.is_negative() {
        return BigInt::zero();
    }
    span / step.abs() + 1
}

/// The dyadic number `x`, if its denominator is a power of two.
pub(crate) fn dyadic(x: &BigRational) -> Option<Number> {
    let d = x.denom();
    if d.is_positive() && (d & (d - BigInt::one())).is_zero() {
        Number::from_ratio(x.numer().clone(), d.clone()).ok()
    } else {
        None
    }
}

/// `n / d` in lowest terms. Over an integer or a power of two (the denominator of every dyadic
/// number) the common factor is a power of two, taken out with shifts; only other denominators
/// are reduced by a gcd, whose binary algorithm (num-integer's) is quadratic in the length of
/// the numbers.
pub(crate) fn ratio(n: BigInt, d: BigInt) -> BigRational {
    let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
    if n.is_zero() {
        return BigRational::zero();
    }
    if d.is_one() {
        return BigRational::new_raw(n, d);
    }
    if (&d & (&d - BigInt::one())).is_zero() {
        let shift = n
            .trailing_zeros()
            .unwrap_or(0)
            .min(d.trailing_zeros().unwrap_or(0));
        return BigRational::new_raw(n >> shift, d >> shift);
    }
    if n.bits().max(d.bits()) <= SMALL_GCD_BITS {
        return BigRational::new(n, d);
    }
    // Euclid's algorithm, an interruption point a step: each step's work grows with the
    // length of the numbers, and the whole is quadratic in it, so a budget of work or Ctrl-C
    // stops a reduction of numbers with millions of digits.
    let (mut a, mut b) = (n.abs(), d.clone());
    while !b.is_zero() {
        crate::interrupt::check_spent(b.bits() / 64 + 1);
        let r = &a % &b;
        a = std::mem::replace(&mut b, r);
    }
    BigRational::new_raw(n / &a, d / &a)
}

/// The length in bits below which [`ratio`] reduces a fraction by num-integer's gcd without
/// interruption points (a gcd of such numbers takes microseconds).
const SMALL_GCD_BITS: u64 = 1 << 12;

/// `x + y`, reduced by [`ratio`].
pub(crate) fn rational_sum(x: &BigRational, y: &BigRational) -> BigRational {
    if x.denom() == y.denom() {
        return ratio(x.numer() + y.numer(), x.denom().clone());
    }
    ratio(
        x.numer() * y.denom() + y.numer() * x.denom(),
        x.denom() * y.denom(),
    )
}

/// `x · y`, reduced by [`ratio`].
pub(crate) fn rational_product(x: &BigRational, y: &BigRational) -> BigRational {
    ratio(x.numer() * y.numer(), x.denom() * y.denom())
}

/// The dyadic number `x` as a rational. A `Number` is kept in lowest terms (an odd numerator
/// over a power of two, or an integer), so no common factor is sought: the binary gcd that
/// `BigRational::new` runs is quadratic in the length of a large integer.
pub(crate) fn to_rational(x: &Number) -> BigRational {
    BigRational::new_raw(x.numerator(), x.denominator())
}

/// The integers `from`, `from + step`, … up to `to` (down to it when `step` is negative).
pub(crate) fn range_elements<'a>(
    from: &'a BigInt,
    to: &'a BigInt,
    step: &'a BigInt,
) -> impl Iterator<Item = BigInt> + 'a {
    let mut next = from.clone();
    std::iter::from_fn(move || {
        let within = if step.is_negative() {
            next >= *to
        } else {
            next <= *to
        };
        if !within || step.is_zero() {
            return None;
        }
        let v = next.clone();
        next += step;
        Some(v)
    })
}
