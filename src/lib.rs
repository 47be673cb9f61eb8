//! # partizan
//!
//! Combinatorial game theory for short games: exact canonical forms, numbers, nimbers, ups,
//! switches and tinies, sums and comparisons, outcome classes, stops and thermography, and
//! rule-defined games (impartial and partizan) built on one canonical-form algebra.
//!
//! ```
//! use partizan::{Game, Outcome};
//!
//! // {0 | *} is up; up + up is double-up; up is confused with star.
//! let up: Game = "{0|*}".parse().unwrap();
//! assert_eq!(up, Game::up());
//! assert_eq!((up + up).to_string(), "^^");
//! assert_eq!(up.partial_cmp(&Game::star()), None);
//!
//! // Canonical forms simplify: {1|1} is 1*, {-1|1} is 0, {0|1} is 1/2.
//! let g = |s: &str| s.parse::<Game>().unwrap();
//! assert_eq!(g("{1|1}").to_string(), "1*");
//! assert_eq!(g("{-1|1}"), Game::zero());
//! assert_eq!(g("{0|1}").to_string(), "1/2");
//!
//! // ±1 is a first-player win; its mean is 0 and its temperature 1.
//! let pm1 = g("{1|-1}");
//! assert_eq!(pm1.to_string(), "+-1");
//! assert_eq!(pm1.outcome(), Outcome::N);
//! assert_eq!(pm1.temperature().to_string(), "1");
//! ```
//!
//! The crate is layered: [`algebra`] is the algebra and knows no ruleset; [`solve`] evaluates
//! rule-defined games with it; [`rulesets`] holds the concrete families, grouped as heaps, grids, graphs and strips; [`expr`] is the expression
//! language above them all. [`eval`] evaluates an expression in which the families can be called,
//! [`expr::evaluate`] one whose value need not be a game:
//!
//! ```
//! use partizan::Value;
//! assert_eq!(partizan::eval("nim(1,2) + *3").unwrap(), partizan::Game::zero());
//! let v = partizan::expr::evaluate("({1|-1}).LeftOptions").unwrap();
//! assert_eq!(v, Value::List(vec![Value::Game(partizan::Game::integer(1))]));
//! assert_eq!(v.to_string(), "[1]");
//! ```

pub mod algebra;
pub mod error;
pub mod expr;
pub mod interrupt;
pub mod progress;
pub mod rulesets;
pub mod solve;
pub mod suggest;

pub use algebra::{
    mex, nim_sum, ConfusionInterval, Game, Number, NumberError, Nus, Outcome, Thermograph,
    Trajectory, Uptimal, UptimalExpansion, UptimalKind,
};
pub use error::Error;
pub use expr::Value;
pub use rulesets::{Arg, NamedArg};

/// Parses and evaluates an expression of the notation (`docs/NOTATION.md`), in which the
/// registered game families can be called, e.g. `nim(7) + {1|-1}`; its value must be a game.
///
/// A malformed expression gives [`Error::Expression`], which carries the byte position.
pub fn eval(expression: &str) -> Result<Game, Error> {
    Ok(expr::evaluate_game(expression, expr::Scope::Families)?)
}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The user guide's examples (`docs/GUIDE.md`), compiled and run as doctests.
#[doc = include_str!("../docs/GUIDE.md")]
#[cfg(doctest)]
pub struct GuideDoctests;
