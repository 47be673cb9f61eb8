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
//! The crate is layered: [`game`] is the algebra and knows no ruleset; [`solve`] evaluates
//! rule-defined games with it; [`games`] holds the concrete families. [`eval`] parses an
//! expression in which the families can be called.

pub mod game;
pub mod games;
pub mod progress;
pub mod solve;

pub use game::notation::{parse_with, Arg, Functions, NamedArg, ParseError};
pub use game::{
    mex, nim_sum, ConfusionInterval, Game, Number, NumberError, Nus, Outcome, Thermograph,
    Trajectory, Uptimal, UptimalKind,
};

/// Parses and evaluates an expression of the notation (`docs/NOTATION.md`), in which the
/// registered game families can be called, e.g. `nim(7) + {1|-1}`.
pub fn eval(expression: &str) -> Result<Game, ParseError> {
    parse_with(expression, &games::Families)
}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
