#![warn(missing_docs)]
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
//!
//! With the feature `db`, [`db`] keeps the values of a family's small regions in an SQLite
//! file (docs/DATABASE.md), above [`rulesets`].
//!
//! Beneath the layers lies a floor that every layer uses and that uses none of them: [`Error`]
//! (in [`error`]), [`interrupt`], [`progress`] and [`suggest`].
//!
//! # Size limits and interruptions need `panic = "unwind"`
//!
//! The operators of the algebra (`+`, `-`, comparisons, the constructors) return no `Result`.
//! When one of them meets a request beyond the algebra's size limits ([`algebra::limits`]), or
//! an interruption ([`interrupt`]), it unwinds the stack with a payload of its own, up to where
//! it is caught and becomes an `Err`: the expression evaluator ([`eval`], [`expr::evaluate`])
//! catches size limits around each of its steps, and [`algebra::limits::catch`] and
//! [`interrupt::catch`] catch them around any work. This needs the default
//! `panic = "unwind"`: a program built with `panic = "abort"` in its Cargo profile aborts the
//! process instead, at the first size limit or interruption.
//!
pub mod algebra;
#[cfg(feature = "db")]
pub mod db;
pub mod error;
pub mod expr;
pub mod interrupt;
pub mod progress;
pub mod render;
pub mod rulesets;
pub mod solve;
pub mod suggest;
mod unwind;

pub use algebra::{
    mex, nim_sum, ConfusionInterval, Game, Number, NumberError, Nus, Outcome, Thermograph,
    Trajectory, Uptimal, UptimalExpansion, UptimalKind,
};
pub use error::Error;
pub use expr::Value;
pub use rulesets::{Arg, NamedArg};
pub use solve::Position;

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
