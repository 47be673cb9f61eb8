//! The library's error type: every fallible public function returns [`Error`], or an error of
//! its layer that converts into it with `?` (the algebra's
//! [`AlgebraError`](crate::algebra::AlgebraError), the expression language's
//! [`expr::Error`](crate::expr::Error), …).
//!
//! This module is part of the floor every layer builds on: it names no type of a layer above
//! it. An expression error is carried as its input, byte position and message
//! ([`ExpressionError`]); each layer converts its own errors into [`Error`] where it defines them.
//!
//! ```
//! use partizan::{Error, Game, Number};
//! // Cooling is defined for t > −1 only.
//! let err: Error = Game::star().cool(&Number::from(-1)).unwrap_err().into();
//! assert!(matches!(err, Error::Undefined(_)));
//! // A malformed expression reports where.
//! match partizan::eval("{1|*2") {
//!     Err(Error::Expression(e)) => assert_eq!(e.position(), 5),
//!     other => panic!("{other:?}"),
//! }
//! ```

use crate::interrupt::Interrupted;
use crate::unwind::ExpansionLimit;
use std::fmt;

/// Why a request failed. `Display` gives one line, the message the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An expression that does not parse, or a call or method in it that fails, with the byte
    /// position in the input (from [`expr::Error`](crate::expr::Error)).
    Expression(ExpressionError),
    /// Malformed input: a board, a code, an edge list, an argument of the wrong kind or out of
    /// range. The message names the problem and, where the input is text, where in it.
    Input(String),
    /// An operation outside its domain: cooling by `t <= −1`, the atomic weight of a game that
    /// has none, a power of a game not of the form `{0 | H}`, the canonical form of a ruleset
    /// whose positions repeat, …
    Undefined(String),
    /// A request beyond the algebra's size limits (see [`crate::algebra::limits`]).
    Limit(ExpansionLimit),
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
            Error::Interrupted => write!(f, "{Interrupted}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<ExpressionError> for Error {
    fn from(e: ExpressionError) -> Error {
        Error::Expression(e)
    }
}

impl From<ExpansionLimit> for Error {
    fn from(l: ExpansionLimit) -> Error {
        Error::Limit(l)
    }
}

impl From<Interrupted> for Error {
    fn from(_: Interrupted) -> Error {
        Error::Interrupted
    }
}

/// An error in an expression: the input, the byte at which things went wrong, and what did.
///
/// `Display` gives one line: `at byte N of "INPUT": message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpressionError {
    input: String,
    position: usize,
    message: String,
}

impl ExpressionError {
    /// The error `message` at byte `position` of `input`.
    pub fn new(input: impl Into<String>, position: usize, message: impl Into<String>) -> Self {
        ExpressionError {
            input: input.into(),
            position,
            message: message.into(),
        }
    }

    /// The byte offset (0-based) that the error points at.
    pub fn position(&self) -> usize {
        self.position
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The input the error is about.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for ExpressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_located(f, &self.input, self.position, &self.message)
    }
}

impl std::error::Error for ExpressionError {}

/// Writes `at byte POSITION of "INPUT": MESSAGE` on one line, whatever the input: the input is
/// quoted with its control characters escaped, and so are those of the message, which may quote
/// source text that spans lines (`'+' needs games, but (1 <\n 2) is a boolean`).
///
/// An input longer than 80 characters is quoted only around the failing byte, with `…` where it
/// is cut.
pub(crate) fn write_located(
    f: &mut fmt::Formatter<'_>,
    input: &str,
    position: usize,
    message: &str,
) -> fmt::Result {
    if input.chars().count() <= QUOTED_INPUT {
        write!(f, "at byte {position} of {input:?}: ")?;
    } else {
        let (before, after) = excerpt(input, position, QUOTED_INPUT / 2);
        let cut = |cut: bool| if cut { "…" } else { "" };
        write!(
            f,
            "at byte {position} of {} bytes, {}{:?}{}: ",
            input.len(),
            cut(before > 0),
            &input[before..after],
            cut(after < input.len())
        )?;
    }
    for c in message.chars() {
        if c.is_control() {
            write!(f, "{}", c.escape_default())?;
        } else {
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

/// The most characters of the input an error message quotes.
const QUOTED_INPUT: usize = 80;

/// The byte range of at most `radius` characters on each side of byte `position` of `input`
/// (a position inside a character counts from that character's start).
fn excerpt(input: &str, position: usize, radius: usize) -> (usize, usize) {
    let mut at = position.min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    let before = input[..at]
        .char_indices()
        .rev()
        .nth(radius.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    let after = input[at..]
        .char_indices()
        .nth(radius)
        .map_or(input.len(), |(i, _)| at + i);
    (before, after)
}
