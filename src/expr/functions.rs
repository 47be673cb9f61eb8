//! The functions of the algebra, `name(args)`, callable in every scope (the game families are
//! the other callables, see [`crate::rulesets`]): `Tiny(G)`, `Miny(G)`, the games born by day n, and
//! the integer helpers of nim multiplication.
//!
//! Like the method table ([`methods`](fn@super::methods)), this table only names operations of
//! the algebra, checks their arguments and wraps their results.

use super::value::Value;
use crate::algebra::{days, nim_inverse, nim_product, Game};
use crate::Error;

/// A function of the expression language.
pub struct Function {
    /// Its spellings: partizan's snake_case name first, then CGSuite's when it differs.
    pub names: &'static [&'static str],
    /// The parameters, by name.
    pub params: &'static [&'static str],
    /// What it gives, in a few words.
    pub summary: &'static str,
    apply: fn(&[Game]) -> Result<Value, Error>,
}

impl Function {
    /// `name(params)`, for messages.
    pub fn usage(&self, name: &str) -> String {
        format!("{name}({})", self.params.join(", "))
    }

    /// Applies the function to `args` (as many as [`Function::params`]).
    pub(crate) fn apply(&self, args: &[Game]) -> Result<Value, Error> {
        (self.apply)(args)
    }
}

/// The function called `name` (in any of its spellings).
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.names.contains(&name))
}

/// Every function.
pub fn functions() -> &'static [Function] {
    FUNCTIONS
}

/// Every function with all its spellings, for "unknown function" messages.
/// Every spelling of every function, for "did you mean" suggestions.
pub(crate) fn spellings() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().flat_map(|f| f.names.iter().copied())
}

pub(crate) fn all_names() -> String {
    let names: Vec<String> = FUNCTIONS.iter().map(|f| f.names.join("/")).collect();
    names.join(", ")
}

/// `Tiny(G) = {0 || 0 | −G}` and `Miny(G) = {G | 0 || 0}` (CGT,
/// Ch. II.4; WW ch. 5).
pub fn tiny(g: Game, miny: bool) -> Game {
    let zero = Game::zero();
    if miny {
        Game::new([Game::new([g], [zero])], [zero])
    } else {
        Game::new([zero], [Game::new([zero], [-g])])
    }
}

/// The non-negative integer below 2^64 that `g` must be.
fn nim_arg(g: Game, what: &str) -> Result<u64, Error> {
    g.as_number()
        .and_then(|x| x.to_integer())
        .and_then(|n| u64::try_from(n).ok())
        .ok_or_else(|| {
            Error::input(format!(
                "{what} must be an integer from 0 to 2^64 - 1, not {g}"
            ))
        })
}

/// `born_by(n)`: the games born by day `n` (see [`crate::algebra::days`]).
fn born_by(a: &[Game]) -> Result<Value, Error> {
    let n = nim_arg(a[0], "the day n")?;
    let day = u32::try_from(n)
        .ok()
        .filter(|&d| d <= days::MAX_DAY)
        .ok_or_else(|| {
            Error::input(format!(
                "the games born by day {n} are too many to list: days 0 to {} are enumerated",
                days::MAX_DAY
            ))
        })?;
    let games = days::born_by(day).expect("a day that is enumerated");
    Ok(Value::sorted_games(&games))
}

fn integer(n: u64) -> Game {
    Game::big_integer(n.into())
}

static FUNCTIONS: &[Function] = &[
    Function {
        names: &["Tiny"],
        params: &["G"],
        summary: "{0 || 0 | -G}",
        apply: |a| Ok(Value::Game(tiny(a[0], false))),
    },
    Function {
        names: &["Miny"],
        params: &["G"],
        summary: "{G | 0 || 0}",
        apply: |a| Ok(Value::Game(tiny(a[0], true))),
    },
    Function {
        names: &["born_by", "BornBy"],
        params: &["n"],
        summary: "the games born by day n (n <= 3: 1, 4, 22 and 1474 of them), a list",
        apply: born_by,
    },
    Function {
        names: &["nim_product", "NimProduct"],
        params: &["a", "b"],
        summary: "the nim product of the integers a and b (*a.ConwayProduct(*b) is its nimber)",
        apply: |a| {
            let (x, y) = (nim_arg(a[0], "a")?, nim_arg(a[1], "b")?);
            Ok(Value::Game(integer(nim_product(x, y))))
        },
    },
    Function {
        names: &["nim_inverse", "NimInverse"],
        params: &["a"],
        summary: "the b with NimProduct(a, b) = 1, for an integer a > 0",
        apply: |a| {
            let x = nim_arg(a[0], "a")?;
            nim_inverse(x)
                .map(|b| Value::Game(integer(b)))
                .ok_or_else(|| Error::undefined("0 has no nim inverse"))
        },
    },
];
