//! The library's error type: every fallible public function returns [`Error`].
//!
//! ```
//! use partizan::{Error, Game, Number};
//! // Cooling is defined for t > −1 only.
//! let err = Game::star().cool(&Number::from(-1)).unwrap_err();
//! assert!(matches!(err, Error::Undefined(_)));
//! // A malformed expression reports where.
//! match partizan::eval("{1|*2") {
//!     Err(Error::Expression(e)) => assert_eq!(e.position(), 5),
//!     other => panic!("{other:?}"),
//! }
//! ```

use crate::algebra::limits::ExpansionLimit;
use crate::expr;
use crate::solve::SolveError;
use std::fmt;

/// Why a request failed. `Display` gives one line, the message the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An expression that does not parse, or a call or method in it that fails, with the byte
    /// position in the input (see [`expr::Error`]).
    Expression(expr::Error),
    /// Malformed input: a board, a code, an edge list, an argument of the wrong kind or out of
    /// range. The message names the problem and, where the input is text, where in it.
    Input(String),
    /// An operation outside its domain: cooling by `t <= −1`, the atomic weight of a game that
    /// has none, a power of a game not of the form `{0 | H}`, …
    Undefined(String),
    /// A request beyond the algebra's size limits (see [`crate::algebra::limits`]).
    Limit(ExpansionLimit),
    /// A ruleset whose positions repeat, where a short game is needed.
    Solve(SolveError),
    /// Work stopped by [`crate::interrupt::request`].
    Interrupted,
}

impl Error {
    /// Malformed input, with its message.
    pub fn input(message: impl Into<String>) -> Error {
        Error::Input(message.into())
    }

    /// An operation outside its domain, with the reason.
    pub fn undefined(message: impl Into<String>) -> Error {
        Error::Undefined(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Expression(e) => write!(f, "{e}"),
            Error::Input(m) | Error::Undefined(m) => f.write_str(m),
            Error::Limit(l) => write!(f, "{l}"),
            Error::Solve(e) => write!(f, "{e}"),
            Error::Interrupted => write!(f, "{}", crate::interrupt::Interrupted),
        }
    }
}

impl std::error::Error for Error {}

impl From<expr::Error> for Error {
    fn from(e: expr::Error) -> Error {
        Error::Expression(e)
    }
}

impl From<ExpansionLimit> for Error {
    fn from(l: ExpansionLimit) -> Error {
        Error::Limit(l)
    }
}

impl From<crate::interrupt::Interrupted> for Error {
    fn from(_: crate::interrupt::Interrupted) -> Error {
        Error::Interrupted
    }
}

impl From<SolveError> for Error {
    fn from(e: SolveError) -> Error {
        Error::Solve(e)
    }
}

/// A message about malformed input (the families build theirs as text).
impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Input(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::Input(message.to_string())
    }
}
