//! The algebra's error type: what its fallible operations return.

use super::limits::ExpansionLimit;
use std::fmt;

/// Why an operation of the algebra could not be done. `Display` gives one line; `?` converts it
/// into the library's [`Error`](crate::Error), as the variant of the same name.
///
/// ```
/// use partizan::algebra::AlgebraError;
/// use partizan::{Game, Number};
/// let err = Game::star().cool(&Number::from(-1)).unwrap_err();
/// assert!(matches!(err, AlgebraError::Undefined(_)));
/// assert!(matches!(partizan::Error::from(err), partizan::Error::Undefined(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AlgebraError {
    /// An operation outside its domain: cooling by `t <= −1`, the atomic weight of a game that
    /// has none, a power of a game not of the form `{0 | H}`, a stopper asked of a loopy game
    /// that is not one, …
    Undefined(String),
    /// A description that cannot be read: a genus, a graph with a move to a position it does not
    /// have, a loopy game's notation (which the expression language reads, giving a
    /// [`LoopyError::Parse`](super::loopy::LoopyError::Parse)). The message says where.
    Input(String),
    /// A request beyond the algebra's size limits (see [`limits`](super::limits)).
    Limit(ExpansionLimit),
}

impl AlgebraError {
    /// An operation outside its domain, with the reason.
    pub(crate) fn undefined(message: impl Into<String>) -> AlgebraError {
        AlgebraError::Undefined(message.into())
    }
}

impl fmt::Display for AlgebraError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgebraError::Undefined(m) | AlgebraError::Input(m) => f.write_str(m),
            AlgebraError::Limit(l) => write!(f, "{l}"),
        }
    }
}

impl std::error::Error for AlgebraError {}

impl From<ExpansionLimit> for AlgebraError {
    fn from(l: ExpansionLimit) -> AlgebraError {
        AlgebraError::Limit(l)
    }
}

/// Into the library's error type, variant for variant.
impl From<AlgebraError> for crate::Error {
    fn from(e: AlgebraError) -> crate::Error {
        match e {
            AlgebraError::Undefined(m) => crate::Error::Undefined(m),
            AlgebraError::Input(m) => crate::Error::Input(m),
            AlgebraError::Limit(l) => crate::Error::Limit(l),
        }
    }
}
