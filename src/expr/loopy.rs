//! Loopy games in expressions: their values, the operators and methods that apply to them, and
//! the loopy families.
//!
//! A loopy game in an expression ([`LoopyValue`]) is the game graph it was given as (a literal in
//! CGSuite's loopy notation, a family's position graph, a sum of those) when there is one, and
//! its value, computed when first needed: the canonical stopper, or the onside and offside
//! ([`SidedValue`]). Keeping the graph lets `G.OutcomeClass` come from retrograde analysis and
//! `G.SmithValue` from Smith's labelling without the (more expensive) sides. A value that turns
//! out to be a short game becomes an ordinary game ([`Value::Game`]).
//!
//! ```
//! use partizan::expr::evaluate;
//! assert_eq!(evaluate("on + off").unwrap().to_string(), "dud");
//! assert_eq!(evaluate("a{0|a}").unwrap().to_string(), "over");
//! assert_eq!(evaluate("over < 1/64").unwrap().to_string(), "true");
//! assert_eq!(evaluate("(over - over).Onside").unwrap().to_string(), "over");
//! assert_eq!(evaluate("a{0,a|0,a}.SmithValue").unwrap().to_string(), "inf_{0}");
//! ```

use super::value::Value;
use crate::algebra::loopy::smith::LoopyNimValue;
use crate::algebra::loopy::{LoopyError, LoopyGame, LoopyOutcome, SidedValue, Stopper};
use crate::algebra::Game;
use crate::Error;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The most positions of a sum's graph that an expression keeps (for outcomes and Smith's
/// values); beyond it the sum keeps only its value, and outcomes come from the sides.
pub const MAX_KEPT_SUM_POSITIONS: usize = 1 << 16;

/// A loopy game in an expression: its graph (when it has one) and its value, computed once.
#[derive(Clone)]
pub struct LoopyValue(Arc<Inner>);

struct Inner {
    origin: Origin,
    value: OnceLock<Result<SidedValue, LoopyError>>,
    graph: OnceLock<Option<LoopyGame>>,
}

enum Origin {
    /// A game graph.
    Graph(LoopyGame),
    /// A value without a graph (`S & T`, a side).
    Value(SidedValue),
    /// A sum of terms, each negated or not.
    Sum(Vec<(bool, LoopyValue)>),
}

impl LoopyValue {
    fn new(origin: Origin) -> LoopyValue {
        LoopyValue(Arc::new(Inner {
            origin,
            value: OnceLock::new(),
            graph: OnceLock::new(),
        }))
    }

    /// The game given by a graph.
    pub fn from_graph(game: LoopyGame) -> LoopyValue {
        LoopyValue::new(Origin::Graph(game))
    }

    /// A value without a graph.
    pub fn from_value(value: SidedValue) -> LoopyValue {
        LoopyValue::new(Origin::Value(value))
    }

    /// The value: the canonical stopper, or the onside and offside.
    pub fn value(&self) -> Result<&SidedValue, LoopyError> {
        let v = self.0.value.get_or_init(|| match &self.0.origin {
            Origin::Graph(g) => g.value(),
            Origin::Value(v) => Ok(v.clone()),
            Origin::Sum(terms) => {
                let mut acc: Option<SidedValue> = None;
                for (negated, t) in terms {
                    let v = t.value()?;
                    let v = if *negated { -v } else { v.clone() };
                    acc = Some(match acc {
                        None => v,
                        Some(a) => a.sum(&v)?,
                    });
                }
                Ok(acc.unwrap_or_else(SidedValue::zero))
            }
        });
        v.as_ref().map_err(Clone::clone)
    }

    /// The game graph, when the game was given by one (a sum has the graph of pairs of its
    /// terms' positions, up to [`MAX_KEPT_SUM_POSITIONS`]).
    pub fn graph(&self) -> Option<&LoopyGame> {
        self.0
            .graph
            .get_or_init(|| match &self.0.origin {
                Origin::Graph(g) => Some(g.clone()),
                Origin::Value(_) => None,
                Origin::Sum(terms) => {
                    let mut acc: Option<LoopyGame> = None;
                    for (negated, t) in terms {
                        let g = t.graph()?;
                        let g = if *negated { g.negated() } else { g.clone() };
                        acc = Some(match acc {
                            None => g,
                            Some(a) => {
                                if a.positions().saturating_mul(g.positions())
                                    > MAX_KEPT_SUM_POSITIONS
                                {
                                    return None;
                                }
                                a.sum(&g).ok()?
                            }
                        });
                    }
                    acc
                }
            })
            .as_ref()
    }

    /// The outcome with draws: by retrograde analysis of the graph when there is one, else from
    /// the sides (Left moving first wins when she wins the offside, draws when she wins only
    /// the onside; dually for Right).
    pub fn outcome(&self) -> Result<LoopyOutcome, LoopyError> {
        match self.graph() {
            Some(g) => Ok(g.outcome()),
            None => Ok(self.value()?.outcome()),
        }
    }
}

impl fmt::Debug for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Ok(v) => write!(f, "LoopyValue({v})"),
            Err(e) => write!(f, "LoopyValue(<{e}>)"),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// The value in CGSuite's loopy notation. The evaluator computes the value of every loopy
    /// result before returning it, so the fallback (the error in angle brackets) is not printed
    /// for a value it returns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Ok(v) => write!(f, "{v}"),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

impl PartialEq for LoopyValue {
    /// Equal values (both computed); games whose value cannot be computed equal only themselves.
    fn eq(&self, other: &LoopyValue) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || matches!((self.value(), other.value()), (Ok(a), Ok(b)) if a == b)
    }
}

/// A message for the evaluator, from a loopy error.
pub(crate) fn message(e: &LoopyError) -> String {
    match e {
        LoopyError::Parse { message, .. } => message.clone(),
        e => e.to_string(),
    }
}

/// The loopy value as a [`Value`], computed: a short game when it is one.
pub(crate) fn settle(v: LoopyValue) -> Result<Value, LoopyError> {
    Ok(match v.value()?.as_game() {
        Some(g) => Value::Game(g),
        None => Value::Loopy(v),
    })
}

/// A game or loopy value as a loopy value; `None` for other values.
pub(crate) fn as_loopy(v: &Value) -> Option<Result<LoopyValue, LoopyError>> {
    match v {
        Value::Loopy(l) => Some(Ok(l.clone())),
        Value::Game(g) => Some(LoopyGame::from_game(*g).map(LoopyValue::from_graph)),
        _ => None,
    }
}

/// The sum of terms (each negated or not), at least one of them loopy.
pub(crate) fn sum(terms: Vec<(bool, LoopyValue)>) -> Result<Value, LoopyError> {
    settle(LoopyValue::new(Origin::Sum(terms)))
}

/// The negative.
pub(crate) fn neg(v: LoopyValue) -> Result<Value, LoopyError> {
    sum(vec![(true, v)])
}

/// The stopper a value must be for `what`.
fn stopper(v: &LoopyValue, what: &str) -> Result<Stopper, LoopyError> {
    v.value()?.as_stopper().cloned().map_err(|_| {
        LoopyError::NotStopper(format!(
            "{what} must be a stopper, but {} is not one (its sides differ)",
            v.value().map_or_else(|e| e.to_string(), |v| v.to_string())
        ))
    })
}

/// `S & T`.
pub(crate) fn sided(onside: &LoopyValue, offside: &LoopyValue) -> Result<Value, LoopyError> {
    let on = stopper(onside, "the onside (left of '&')")?;
    let off = stopper(offside, "the offside (right of '&')")?;
    settle(LoopyValue::from_value(SidedValue::new(on, off)?))
}

/// `a <= b` for loopy values: both sides compare (CGT ch. VI).
pub(crate) fn le(a: &LoopyValue, b: &LoopyValue) -> Result<bool, LoopyError> {
    Ok(a.value()?.le(b.value()?))
}

/// The order of two values that are games, short or loopy (CGT ch. VI: `G <= H` when both
/// sides compare): `Some(Equal)`, `Some(Less)`, `Some(Greater)`, or `None` when they are
/// confused; an error naming the value that is not a game, or a loopy comparison beyond its
/// limits.
///
/// ```
/// use partizan::expr::{evaluate, loopy::compare};
/// use std::cmp::Ordering;
/// let (over, small) = (evaluate("over").unwrap(), evaluate("1/1024").unwrap());
/// assert_eq!(compare(&over, &small), Ok(Some(Ordering::Less)));
/// assert_eq!(compare(&evaluate("on").unwrap(), &evaluate("off").unwrap()), Ok(Some(Ordering::Greater)));
/// ```
pub fn compare(a: &Value, b: &Value) -> Result<Option<std::cmp::Ordering>, String> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    if let (Some(x), Some(y)) = (a.as_game(), b.as_game()) {
        return Ok(x.partial_cmp(&y));
    }
    let lift = |v: &Value| match as_loopy(v) {
        Some(r) => r.map_err(|e| message(&e)),
        None => Err(format!("{v} is {}, not a game", v.kind())),
    };
    let (x, y) = (lift(a)?, lift(b)?);
    let le = |p: &LoopyValue, q: &LoopyValue| self::le(p, q).map_err(|e| message(&e));
    Ok(match (le(&x, &y)?, le(&y, &x)?) {
        (true, true) => Some(Equal),
        (true, false) => Some(Less),
        (false, true) => Some(Greater),
        (false, false) => None,
    })
}

/// A method of loopy games, under its snake_case name and CGSuite's name.
pub struct LoopyMethod {
    /// partizan's snake_case name.
    pub name: &'static str,
    /// CGSuite's name.
    pub cgsuite: &'static str,
    /// The parameters, by name.
    pub params: &'static [&'static str],
    /// What it gives.
    pub summary: &'static str,
    apply: fn(&LoopyValue, &[LoopyValue]) -> Result<Value, LoopyError>,
}

impl LoopyMethod {
    /// Whether `name` is one of the method's spellings.
    pub fn is_called(&self, name: &str) -> bool {
        name == self.name || name == self.cgsuite
    }

    /// `G.name(params)`, for messages.
    pub fn usage(&self, name: &str) -> String {
        if self.params.is_empty() {
            format!("G.{name}")
        } else {
            format!("G.{name}({})", self.params.join(", "))
        }
    }

    /// Applies the method (to a loopy game, or a short game taken as one).
    pub(crate) fn apply(&self, g: &LoopyValue, args: &[LoopyValue]) -> Result<Value, LoopyError> {
        (self.apply)(g, args)
    }
}

/// The method of loopy games called `name`.
pub fn method(name: &str) -> Option<&'static LoopyMethod> {
    LOOPY_METHODS.iter().find(|m| m.is_called(name))
}

/// Every method of loopy games.
pub fn methods() -> &'static [LoopyMethod] {
    LOOPY_METHODS
}

/// Every spelling, for "unknown method" messages.
/// Every spelling of every loopy method, for "did you mean" suggestions.
pub(crate) fn spellings() -> impl Iterator<Item = &'static str> {
    LOOPY_METHODS.iter().flat_map(|m| [m.name, m.cgsuite])
}

pub(crate) fn all_names() -> String {
    let names: Vec<String> = LOOPY_METHODS
        .iter()
        .map(|m| format!("{}/{}", m.name, m.cgsuite))
        .collect();
    names.join(", ")
}

fn options(g: &LoopyValue, left: bool) -> Result<Value, LoopyError> {
    let s = stopper(g, "a game whose options are listed")?;
    let options = if left {
        s.left_options()
    } else {
        s.right_options()
    };
    let values = options
        .into_iter()
        .map(|o| settle(LoopyValue::from_value(SidedValue::from(o))))
        .collect::<Result<Vec<Value>, LoopyError>>()?;
    Ok(Value::List(values))
}

/// Smith's generalised Sprague–Grundy value of an impartial game given by its graph.
fn smith_value(g: &LoopyValue) -> Result<Value, LoopyError> {
    match g.graph() {
        Some(game) => Ok(Value::SmithValue(game.smith_value()?)),
        None => Err(LoopyError::NotImpartial(
            "Smith's value needs the game's graph, and this value has none (it was given by its sides)"
                .into(),
        )),
    }
}

fn side(v: &SidedValue, on: bool) -> Result<Value, LoopyError> {
    let s = if on { v.onside() } else { v.offside() };
    settle(LoopyValue::from_value(SidedValue::from(s.clone())))
}

const LOOPY_METHODS: &[LoopyMethod] = &[
    LoopyMethod {
        name: "downsum",
        cgsuite: "Downsum",
        params: &["H"],
        summary: "the offside of G + H, for stoppers G and H (Winning Ways ch. 11)",
        apply: |g, a| {
            let s = stopper(g, "the receiver of Downsum")?;
            let t = stopper(&a[0], "the argument of Downsum")?;
            settle(LoopyValue::from_value(SidedValue::from(s.downsum(&t)?)))
        },
    },
    LoopyMethod {
        name: "is_loopfree",
        cgsuite: "IsLoopfree",
        params: &[],
        summary: "whether the value is a short game",
        apply: |g, _| Ok(Value::Boolean(g.value()?.as_game().is_some())),
    },
    LoopyMethod {
        name: "is_stopper",
        cgsuite: "IsStopper",
        params: &[],
        summary: "whether the value is a stopper (its onside equals its offside)",
        apply: |g, _| Ok(Value::Boolean(g.value()?.is_stopper())),
    },
    LoopyMethod {
        name: "left_options",
        cgsuite: "LeftOptions",
        params: &[],
        summary: "the Left options of the canonical stopper",
        apply: |g, _| options(g, true),
    },
    LoopyMethod {
        name: "offside",
        cgsuite: "Offside",
        params: &[],
        summary: "the offside: the stopper equal to G when Right wins infinite play",
        apply: |g, _| side(g.value()?, false),
    },
    LoopyMethod {
        name: "onside",
        cgsuite: "Onside",
        params: &[],
        summary: "the onside: the stopper equal to G when Left wins infinite play",
        apply: |g, _| side(g.value()?, true),
    },
    LoopyMethod {
        name: "outcome_class",
        cgsuite: "OutcomeClass",
        params: &[],
        summary: "the outcome with draws: L, R, N, P, D, PHat, PCheck, NHat, NCheck",
        apply: |g, _| Ok(Value::LoopyOutcome(g.outcome()?)),
    },
    LoopyMethod {
        name: "right_options",
        cgsuite: "RightOptions",
        params: &[],
        summary: "the Right options of the canonical stopper",
        apply: |g, _| options(g, false),
    },
    LoopyMethod {
        name: "smith_value",
        cgsuite: "SmithValue",
        params: &[],
        summary: "Smith's generalised Sprague-Grundy value of an impartial game: n or inf_{K}",
        apply: |g, _| smith_value(g),
    },
    LoopyMethod {
        name: "upsum",
        cgsuite: "Upsum",
        params: &["H"],
        summary: "the onside of G + H, for stoppers G and H (Winning Ways ch. 11)",
        apply: |g, a| {
            let s = stopper(g, "the receiver of Upsum")?;
            let t = stopper(&a[0], "the argument of Upsum")?;
            settle(LoopyValue::from_value(SidedValue::from(s.upsum(&t)?)))
        },
    },
];

/// `a + b` for Smith's values: defined unless both are infinite (Smith's theory gives then an
/// infinite value whose subscript depends on the games, not only on their values).
pub(crate) fn smith_sum(a: &LoopyNimValue, b: &LoopyNimValue) -> Result<LoopyNimValue, Error> {
    a.sum(b).ok_or_else(|| {
        Error::undefined(format!(
            "the sum of {a} and {b} is not determined by Smith's values alone (both are infinite); add the games and take .SmithValue"
        ))
    })
}

/// A short game as Smith's value, when it is a nimber.
pub(crate) fn smith_of_game(g: Game) -> Option<LoopyNimValue> {
    g.as_nimber().map(LoopyNimValue::Finite)
}
