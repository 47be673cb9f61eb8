//! The methods of the values that are not games (lists, sets, maps, ranges, strings, players,
//! CGSuite's packages and rulesets), the methods of numbers, the methods that take a player
//! (`G.Options(Left)`), and CGScript's functions of collections (`Sum`, `Max`, `Min`, `Mex`)
//! and `error`.
//!
//! The names and meanings are CGSuite 2.x's (`cgsuite/lang/Collection.cgs`, `List.cgs`,
//! `Set.cgs`, `Map.cgs`, `String.cgs`, `Range.cgs`, `game/Player.cgs`, `game/Integer.cgs`,
//! `game/Rational.cgs`), each under CGSuite's name and a snake_case one. Lists, ranges and
//! strings count from 1, as in CGScript.

use super::names::{self, Object};
use super::value::Value;
use crate::algebra::{nim_product, Game};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// Calls a function value with positional arguments (the evaluator's, for the methods that
/// take a function: `Apply`, `Filter`, …).
pub(crate) type Caller<'a> = dyn FnMut(&Value, Vec<Value>) -> Result<Value, String> + 'a;

/// A method: its names (CGSuite's first, then snake_case) and what it takes, in a few words.
struct Entry {
    names: &'static [&'static str],
}

macro_rules! entries {
    ($($name:literal $(/ $alias:literal)*),* $(,)?) => {
        &[$(Entry { names: &[$name $(, $alias)*] }),*]
    };
}

/// Every method of this module, by its names.
static METHODS: &[Entry] = entries![
    "Size" / "size",
    "Length" / "length",
    "IsEmpty" / "is_empty",
    "Head" / "head",
    "Tail" / "tail",
    "Sorted" / "sorted",
    "SortedWith" / "sorted_with",
    "Reversed" / "reversed",
    "Apply" / "apply",
    "Filter" / "filter",
    "Count" / "count",
    "Exists" / "exists",
    "ForAll" / "for_all",
    "Find" / "find",
    "ForEach" / "for_each",
    "Contains" / "contains",
    "IndexOf" / "index_of",
    "Distinct" / "distinct",
    "Take" / "take",
    "Sublist" / "sublist",
    "Updated" / "updated",
    "Adjoin" / "adjoin",
    "Concat" / "concat",
    "Flattened" / "flattened",
    "ToList" / "to_list",
    "ToSet" / "to_set",
    "Sum" / "sum",
    "Max" / "max",
    "Min" / "min",
    "Mex" / "mex",
    "Union" / "union",
    "Intersection" / "intersection",
    "Grouped" / "grouped",
    "Keys" / "keys",
    "Values" / "values",
    "Entries" / "entries",
    "ContainsKey" / "contains_key",
    "Start" / "start",
    "End" / "end",
    "Step" / "step",
    "ToUpperCase" / "to_upper_case",
    "ToLowerCase" / "to_lower_case",
    "Substring" / "substring",
    "Replace" / "replace",
    "ToString" / "to_string",
    "Opponent" / "opponent",
    "Sign" / "sign",
    "Ordinal" / "ordinal",
    "Abs" / "abs",
    "Floor" / "floor",
    "Ceiling" / "ceiling",
    "Numerator" / "numerator",
    "Denominator" / "denominator",
    "IsInteger" / "is_integer",
    "IsDyadic" / "is_dyadic",
    "IsEven" / "is_even",
    "IsOdd" / "is_odd",
    "Div" / "div",
    "Gcd" / "gcd",
    "Lb" / "lb",
    "Isqrt" / "isqrt",
    "IsTwoPower" / "is_two_power",
    "NimSum" / "nim_sum",
    "NimProduct" / "nim_product",
    "Reciprocal" / "reciprocal",
    "Options" / "options",
    "Stop" / "stop",
    "StrongStop" / "strong_stop",
    "NimValueSequence" / "nim_value_sequence",
];

/// Whether `name` is a method of this module.
pub(crate) fn is_method(name: &str) -> bool {
    METHODS.iter().any(|e| e.names.contains(&name))
}

/// Every name of every method of this module, for suggestions.
pub(crate) fn method_names() -> impl Iterator<Item = &'static str> {
    METHODS.iter().flat_map(|e| e.names.iter().copied())
}

/// CGSuite's name of the method called `name`.
fn canonical(name: &str) -> Option<&'static str> {
    METHODS
        .iter()
        .find(|e| e.names.contains(&name))
        .map(|e| e.names[0])
}

/// The functions of this module: CGScript's `Sum`, `Max`, `Min`, `Mex` of a collection, and
/// `error(message)`.
pub(crate) fn function(name: &str) -> Option<&'static str> {
    FUNCTIONS.iter().copied().find(|f| *f == name)
}

const FUNCTIONS: &[&str] = &["Sum", "Max", "Min", "Mex", "error"];

/// The names of [`function`], for suggestions.
pub(crate) fn function_names() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().copied()
}

/// Applies the function `name` of this module to `args`; `None` when it is not one.
pub(crate) fn call_function(name: &str, args: &[Value]) -> Option<Result<Value, String>> {
    let f = function(name)?;
    Some(match (f, args) {
        ("error", [Value::Text(m)]) => Err(m.clone()),
        ("error", [v]) => Err(v.to_string()),
        (_, [c]) => collection_method(c, f, &[], &mut |_, _| unreachable!("no function"))
            .unwrap_or_else(|| {
                Err(format!(
                    "{f} takes a list, a set or a range, not {}",
                    c.kind()
                ))
            }),
        _ => Err(format!("{f} takes one argument, a collection")),
    })
}

/// The method `name` of `receiver` with `args`, if it is one of this module's for that value;
/// `None` when the method is not one of them (the methods of games apply then).
pub(crate) fn method(
    receiver: &Value,
    name: &str,
    args: &[Value],
    call: &mut Caller<'_>,
) -> Option<Result<Value, String>> {
    if let Value::Object(o) = receiver {
        return object_method(o, name, args, call);
    }
    let canonical_name = canonical(name)?;
    match receiver {
        Value::List(_) | Value::Set(_) | Value::Range(_) => {
            collection_method(receiver, canonical_name, args, call)
        }
        Value::Map(entries) => map_method(entries, canonical_name, args),
        Value::Text(s) => string_method(s, canonical_name, args),
        Value::Player(left) => player_method(*left, canonical_name),
        Value::Rational(_) => number_method(receiver, canonical_name, args),
        // The parity of a dyadic rational that is not an integer is that of its game (CGSuite's
        // `CanonicalShortGame.IsEven`): the methods of games answer it.
        Value::Game(g)
            if g.is_number()
                && is_number_method(canonical_name)
                && (!matches!(canonical_name, "IsEven" | "IsOdd")
                    || g.as_number().is_some_and(|x| x.is_integer())) =>
        {
            number_method(receiver, canonical_name, args)
        }
        _ => None,
    }
    .or_else(|| (canonical_name == "ToString").then(|| Ok(Value::Text(receiver.to_string()))))
}

fn arity(name: &str, args: &[Value], n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        Err(format!(
            "{name} takes {n} argument{}, not {}",
            if n == 1 { "" } else { "s" },
            args.len()
        ))
    }
}

fn index_arg(name: &str, v: &Value) -> Result<usize, String> {
    v.as_integer()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| format!("{name} takes a positive integer, not {v}"))
}

fn truth(name: &str, v: Value) -> Result<bool, String> {
    match v {
        Value::Boolean(b) => Ok(b),
        v => Err(format!(
            "the function given to {name} must give true or false, not {v}"
        )),
    }
}

/// The sum of `items` (numbers as numbers, games as games, strings joined, lists joined).
pub(crate) fn sum(items: &[Value]) -> Result<Value, String> {
    let Some(first) = items.first() else {
        return Err("the sum of an empty collection is not defined".into());
    };
    if items.iter().all(|v| v.as_rational().is_some()) {
        let total = items
            .iter()
            .map(|v| v.as_rational().expect("a number"))
            .fold(BigRational::zero(), |a, b| {
                super::value::rational_sum(&a, &b)
            });
        return Ok(Value::number(total));
    }
    if items.iter().all(|v| v.as_game().is_some()) {
        return Ok(Value::Game(
            items
                .iter()
                .map(|v| v.as_game().expect("a game"))
                .fold(Game::zero(), |a, b| a + b),
        ));
    }
    if let Value::Text(_) = first {
        let mut s = String::new();
        for v in items {
            match v {
                Value::Text(t) => s.push_str(t),
                v => return Err(format!("a sum of strings cannot add {}", v.kind())),
            }
        }
        return Ok(Value::Text(s));
    }
    Err(format!(
        "the elements must be numbers, games or strings to be added, not {}",
        items
            .iter()
            .find(|v| v.as_game().is_none() && v.as_rational().is_none())
            .unwrap_or(first)
            .kind()
    ))
}

/// The largest or smallest of `items` (numbers and strings by their order, games by the
/// partial order of games when they are comparable).
fn extreme(items: &[Value], largest: bool) -> Result<Value, String> {
    let mut best: Option<&Value> = None;
    for v in items {
        best = Some(match best {
            None => v,
            Some(b) => {
                let order = order_of(v, b).ok_or_else(|| {
                    format!(
                        "{v} and {b} are not comparable, so the collection has no {}",
                        if largest { "Max" } else { "Min" }
                    )
                })?;
                if (order == Ordering::Greater) == largest && order != Ordering::Equal {
                    v
                } else {
                    b
                }
            }
        });
    }
    best.cloned()
        .ok_or_else(|| "that collection is empty".to_string())
}

/// The order of two numbers, strings or games, if they are comparable.
pub(crate) fn order_of(a: &Value, b: &Value) -> Option<Ordering> {
    if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
        return Some(x.cmp(&y));
    }
    match (a, b) {
        (Value::Text(x), Value::Text(y)) => Some(x.cmp(y)),
        _ => match (a.as_game(), b.as_game()) {
            (Some(x), Some(y)) => x.partial_cmp(&y),
            _ => None,
        },
    }
}

fn collection_method(
    receiver: &Value,
    name: &str,
    args: &[Value],
    call: &mut Caller<'_>,
) -> Option<Result<Value, String>> {
    // A range's size is known without building its integers.
    if let (Value::Range(r), "Size" | "Length" | "IsEmpty") = (receiver, name) {
        let n = super::value::range_len(&r.0, &r.1, &r.2);
        return Some(arity(name, args, 0).map(|()| match name {
            "IsEmpty" => Value::Boolean(n.is_zero()),
            _ => Value::integer(n),
        }));
    }
    let items = receiver.elements()?;
    let is_set = matches!(receiver, Value::Set(_));
    let rebuild = |items: Vec<Value>| {
        if is_set {
            Value::set(items)
        } else {
            Value::List(items)
        }
    };
    let count = |n: usize| Value::integer(BigInt::from(n));
    Some((|| -> Result<Value, String> {
        Ok(match name {
            "Size" | "Length" => {
                arity(name, args, 0)?;
                count(items.len())
            }
            "IsEmpty" => Value::Boolean(items.is_empty()),
            "Head" => items.first().cloned().ok_or("that collection is empty")?,
            "Tail" => {
                if items.is_empty() {
                    return Err("that collection is empty".into());
                }
                rebuild(items[1..].to_vec())
            }
            "Sorted" => {
                let mut items = items;
                items.sort_by(Value::order);
                Value::List(items)
            }
            "Reversed" => Value::List(items.into_iter().rev().collect()),
            "Distinct" => {
                let mut out: Vec<Value> = Vec::new();
                for v in items {
                    if !out.contains(&v) {
                        out.push(v);
                    }
                }
                Value::List(out)
            }
            "ToList" => Value::List(items),
            "ToSet" => Value::set(items),
            "Sum" => sum(&items)?,
            "Max" => extreme(&items, true)?,
            "Min" => extreme(&items, false)?,
            "Mex" => {
                let mut seen = std::collections::BTreeSet::new();
                for v in &items {
                    match v.as_integer() {
                        Some(n) if !n.is_negative() => {
                            seen.insert(n);
                        }
                        _ => {}
                    }
                }
                let mut m = BigInt::zero();
                while seen.contains(&m) {
                    m += 1;
                }
                Value::integer(m)
            }
            "Contains" => {
                arity(name, args, 1)?;
                Value::Boolean(items.iter().any(|v| v == &args[0]))
            }
            "IndexOf" => {
                arity(name, args, 1)?;
                match items.iter().position(|v| v == &args[0]) {
                    Some(i) => count(i + 1),
                    None => Value::Nothing,
                }
            }
            "Take" => {
                arity(name, args, 1)?;
                let n = index_arg(name, &args[0])?;
                Value::List(items.into_iter().take(n).collect())
            }
            "Sublist" => {
                arity(name, args, 2)?;
                let (a, b) = (index_arg(name, &args[0])?, index_arg(name, &args[1])?);
                if a < 1 || b > items.len() || a > b + 1 {
                    return Err(format!(
                        "Sublist({a}, {b}) is out of range: the list has {} elements",
                        items.len()
                    ));
                }
                Value::List(items[a - 1..b].to_vec())
            }
            "Updated" => {
                arity(name, args, 2)?;
                let i = index_arg(name, &args[0])?;
                if i < 1 || i > items.len() {
                    return Err(format!(
                        "{i} is out of range: the list has {} elements and its first is [1]",
                        items.len()
                    ));
                }
                let mut items = items;
                items[i - 1] = args[1].clone();
                Value::List(items)
            }
            "Adjoin" => {
                arity(name, args, 1)?;
                let mut items = items;
                items.push(args[0].clone());
                rebuild(items)
            }
            "Concat" | "Union" => {
                arity(name, args, 1)?;
                let more = args[0]
                    .elements()
                    .ok_or_else(|| format!("{name} takes a collection, not {}", args[0].kind()))?;
                let mut items = items;
                items.extend(more);
                if name == "Union" {
                    Value::set(items)
                } else {
                    rebuild(items)
                }
            }
            "Intersection" => {
                arity(name, args, 1)?;
                let other = args[0]
                    .elements()
                    .ok_or_else(|| format!("{name} takes a collection, not {}", args[0].kind()))?;
                Value::set(items.into_iter().filter(|v| other.contains(v)).collect())
            }
            "Flattened" => {
                let mut out = Vec::new();
                for v in items {
                    match v.elements() {
                        Some(inner) => out.extend(inner),
                        None => out.push(v),
                    }
                }
                rebuild(out)
            }
            "Grouped" => {
                arity(name, args, 1)?;
                let n = index_arg(name, &args[0])?;
                if n == 0 {
                    return Err("Grouped takes a group size of at least 1".into());
                }
                Value::List(items.chunks(n).map(|c| Value::List(c.to_vec())).collect())
            }
            "Apply" => {
                arity(name, args, 1)?;
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    out.push(call(&args[0], vec![v])?);
                }
                rebuild(out)
            }
            "Filter" => {
                arity(name, args, 1)?;
                let mut out = Vec::new();
                for v in items {
                    if truth(name, call(&args[0], vec![v.clone()])?)? {
                        out.push(v);
                    }
                }
                rebuild(out)
            }
            "Count" => {
                arity(name, args, 1)?;
                let mut n = 0;
                for v in items {
                    if truth(name, call(&args[0], vec![v])?)? {
                        n += 1;
                    }
                }
                count(n)
            }
            "Exists" | "ForAll" => {
                arity(name, args, 1)?;
                let want = name == "Exists";
                for v in items {
                    if truth(name, call(&args[0], vec![v])?)? == want {
                        return Ok(Value::Boolean(want));
                    }
                }
                Value::Boolean(!want)
            }
            "Find" => {
                arity(name, args, 1)?;
                for v in items {
                    if truth(name, call(&args[0], vec![v.clone()])?)? {
                        return Ok(v);
                    }
                }
                Value::Nothing
            }
            "ForEach" => {
                arity(name, args, 1)?;
                for v in items {
                    call(&args[0], vec![v])?;
                }
                Value::Nothing
            }
            "SortedWith" => {
                arity(name, args, 1)?;
                // A merge sort on the comparator's answers (negative, zero, positive).
                let mut items = items;
                let mut failure: Option<String> = None;
                items.sort_by(|a, b| {
                    if failure.is_some() {
                        return Ordering::Equal;
                    }
                    match call(&args[0], vec![a.clone(), b.clone()]) {
                        Ok(v) => match v.as_rational() {
                            Some(r) => r.cmp(&BigRational::zero()),
                            None => {
                                failure = Some(format!(
                                    "the comparator of SortedWith must give a number, not {v}"
                                ));
                                Ordering::Equal
                            }
                        },
                        Err(m) => {
                            failure = Some(m);
                            Ordering::Equal
                        }
                    }
                });
                if let Some(m) = failure {
                    return Err(m);
                }
                Value::List(items)
            }
            "Start" | "End" | "Step" => match receiver {
                Value::Range(r) => Value::integer(match name {
                    "Start" => r.0.clone(),
                    "End" => r.1.clone(),
                    _ => r.2.clone(),
                }),
                v => return Err(format!("{name} applies to a range, not {}", v.kind())),
            },
            _ => return Err(format!("{name} does not apply to {}", receiver.kind())),
        })
    })())
}

fn map_method(
    entries: &[(Value, Value)],
    name: &str,
    args: &[Value],
) -> Option<Result<Value, String>> {
    Some((|| -> Result<Value, String> {
        Ok(match name {
            "Size" => Value::integer(BigInt::from(entries.len())),
            "IsEmpty" => Value::Boolean(entries.is_empty()),
            "Keys" => Value::set(entries.iter().map(|e| e.0.clone()).collect()),
            "Values" => Value::List(entries.iter().map(|e| e.1.clone()).collect()),
            "Entries" => Value::List(
                entries
                    .iter()
                    .map(|(k, v)| Value::List(vec![k.clone(), v.clone()]))
                    .collect(),
            ),
            "ContainsKey" => {
                arity(name, args, 1)?;
                Value::Boolean(entries.iter().any(|e| e.0 == args[0]))
            }
            "Updated" => {
                arity(name, args, 2)?;
                let mut all = entries.to_vec();
                all.push((args[0].clone(), args[1].clone()));
                Value::map(all)
            }
            _ => return Err(format!("{name} does not apply to a map")),
        })
    })())
}

fn string_method(s: &str, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
    let text = |v: &Value| match v {
        Value::Text(t) => Ok(t.clone()),
        v => Err(format!("{name} takes a string, not {}", v.kind())),
    };
    Some((|| -> Result<Value, String> {
        Ok(match name {
            "Length" | "Size" => Value::integer(BigInt::from(s.chars().count())),
            "IsEmpty" => Value::Boolean(s.is_empty()),
            "ToUpperCase" => Value::Text(s.to_uppercase()),
            "ToLowerCase" => Value::Text(s.to_lowercase()),
            "Reversed" => Value::Text(s.chars().rev().collect()),
            "Concat" => {
                arity(name, args, 1)?;
                Value::Text(format!("{s}{}", text(&args[0])?))
            }
            "Contains" => {
                arity(name, args, 1)?;
                Value::Boolean(s.contains(&text(&args[0])?))
            }
            "Replace" => {
                arity(name, args, 2)?;
                Value::Text(s.replace(&text(&args[0])?, &text(&args[1])?))
            }
            "Substring" => {
                arity(name, args, 2)?;
                let (a, b) = (index_arg(name, &args[0])?, index_arg(name, &args[1])?);
                let chars: Vec<char> = s.chars().collect();
                if a < 1 || b > chars.len() || a > b + 1 {
                    return Err(format!(
                        "Substring({a}, {b}) is out of range: the string has {} characters",
                        chars.len()
                    ));
                }
                Value::Text(chars[a - 1..b].iter().collect())
            }
            "Updated" => {
                arity(name, args, 2)?;
                let i = index_arg(name, &args[0])?;
                let mut chars: Vec<char> = s.chars().collect();
                if i < 1 || i > chars.len() {
                    return Err(format!(
                        "{i} is out of range: the string has {} characters",
                        chars.len()
                    ));
                }
                let r = text(&args[1])?;
                let mut out: String = chars.drain(..i - 1).collect();
                out.push_str(&r);
                out.extend(chars.into_iter().skip(1));
                Value::Text(out)
            }
            "ToString" => Value::Text(s.to_string()),
            _ => return Err(format!("{name} does not apply to a string")),
        })
    })())
}

fn player_method(left: bool, name: &str) -> Option<Result<Value, String>> {
    Some(Ok(match name {
        "Opponent" => Value::Player(!left),
        "Sign" => Value::integer(BigInt::from(if left { 1 } else { -1 })),
        "Ordinal" => Value::integer(BigInt::from(if left { 1 } else { 2 })),
        _ => return Some(Err(format!("{name} does not apply to a player"))),
    }))
}

/// Whether `name` is a method of numbers (not of games in general).
fn is_number_method(name: &str) -> bool {
    matches!(
        name,
        "Abs"
            | "Floor"
            | "Ceiling"
            | "Numerator"
            | "Denominator"
            | "IsInteger"
            | "IsDyadic"
            | "IsEven"
            | "IsOdd"
            | "Div"
            | "Gcd"
            | "Lb"
            | "Isqrt"
            | "IsTwoPower"
            | "NimSum"
            | "NimProduct"
            | "Reciprocal"
            | "Max"
            | "Min"
            | "Sign"
    )
}

/// The methods of numbers (CGSuite's `Integer.cgs` and `Rational.cgs`).
fn number_method(x: &Value, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
    let r = x.as_rational()?;
    let integer = |what: &str| {
        r.is_integer()
            .then(|| r.to_integer())
            .ok_or_else(|| format!("{what} applies to integers, not {x}"))
    };
    let number_arg = |v: &Value| {
        v.as_rational()
            .ok_or_else(|| format!("{name} takes a number, not {}", v.kind()))
    };
    let integer_arg = |v: &Value| {
        v.as_integer()
            .ok_or_else(|| format!("{name} takes an integer, not {v}"))
    };
    Some((|| -> Result<Value, String> {
        Ok(match name {
            "Abs" => Value::number(r.abs()),
            "Floor" => Value::integer(r.floor().to_integer()),
            "Ceiling" => Value::integer(r.ceil().to_integer()),
            "Numerator" => Value::integer(r.numer().clone()),
            "Denominator" => Value::integer(r.denom().clone()),
            "IsInteger" => Value::Boolean(r.is_integer()),
            "IsDyadic" => Value::Boolean(matches!(x, Value::Game(_))),
            "Sign" => Value::integer(BigInt::from(if r.is_positive() {
                1
            } else if r.is_negative() {
                -1
            } else {
                0
            })),
            "Reciprocal" => {
                if r.is_zero() {
                    return Err("the reciprocal of 0 is not defined".into());
                }
                Value::number(r.recip())
            }
            "IsEven" => Value::Boolean(integer(name)?.is_even()),
            "IsOdd" => Value::Boolean(integer(name)?.is_odd()),
            "Max" | "Min" => {
                arity(name, args, 1)?;
                let y = number_arg(&args[0])?;
                let take_x = if name == "Max" { r >= y } else { r <= y };
                if take_x {
                    x.clone()
                } else {
                    args[0].clone()
                }
            }
            "Div" => {
                arity(name, args, 1)?;
                let (n, d) = (integer(name)?, integer_arg(&args[0])?);
                if d.is_zero() {
                    return Err("division by zero".into());
                }
                Value::integer(n.div_floor(&d))
            }
            "Gcd" => {
                arity(name, args, 1)?;
                Value::integer(integer(name)?.gcd(&integer_arg(&args[0])?))
            }
            "Lb" => {
                let n = integer(name)?;
                if !n.is_positive() {
                    return Err(format!("Lb applies to positive integers, not {n}"));
                }
                Value::integer(BigInt::from(n.bits() - 1))
            }
            "IsTwoPower" => {
                let n = integer(name)?;
                Value::Boolean(n.is_positive() && (&n & (&n - BigInt::one())).is_zero())
            }
            "Isqrt" => {
                let n = integer(name)?;
                if n.is_negative() {
                    return Err(format!("Isqrt applies to nonnegative integers, not {n}"));
                }
                Value::integer(n.sqrt())
            }
            "NimSum" | "NimProduct" => {
                arity(name, args, 1)?;
                let (a, b) = (integer(name)?, integer_arg(&args[0])?);
                if a.is_negative() || b.is_negative() {
                    return Err(format!("{name} applies only to nonnegative integers"));
                }
                if name == "NimSum" {
                    Value::integer(a ^ b)
                } else {
                    let (Some(a), Some(b)) = (a.to_u64(), b.to_u64()) else {
                        return Err("NimProduct applies to integers below 2^64".into());
                    };
                    Value::integer(BigInt::from(nim_product(a, b)))
                }
            }
            _ => return Err(format!("{name} does not apply to {x}")),
        })
    })())
}

fn object_method(
    o: &Object,
    name: &str,
    args: &[Value],
    call: &mut Caller<'_>,
) -> Option<Result<Value, String>> {
    match o {
        Object::Class("Grid") => names::grid_member(name, args),
        Object::Ruleset(r) if matches!(name, "NimValueSequence" | "nim_value_sequence") => {
            Some((|| {
                arity(name, args, 1)?;
                let n = index_arg(name, &args[0])?;
                let rs = Value::Object(Object::Ruleset(r.clone()));
                let mut out = Vec::with_capacity(n);
                for k in 1..=n {
                    let p = call(&rs, vec![Value::integer(BigInt::from(k))])?;
                    let g = match p {
                        Value::Position(p) => p.canonical_form().map_err(|e| e.to_string())?,
                        v => v
                            .as_game()
                            .ok_or_else(|| format!("{} gives no nim values", r.spec.path))?,
                    };
                    match g.as_nimber() {
                        Some(v) => out.push(Value::integer(BigInt::from(v))),
                        None => {
                            return Err(format!(
                                "{} is not impartial: its value {g} is not a nimber",
                                r.spec.path
                            ))
                        }
                    }
                }
                Ok(Value::List(out))
            })())
        }
        _ => args
            .is_empty()
            .then(|| names::member(o, name))
            .flatten()
            .map(Ok),
    }
}
