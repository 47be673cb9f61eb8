//! The errors of the loopy algebra: each prints as one line.

use crate::algebra::limits::ExpansionLimit;
use crate::algebra::AlgebraError;
use std::fmt;

/// Why a loopy computation could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// The notation could not be read: where (a byte offset) and why.
    Parse {
        /// The text given.
        input: String,
        /// The byte offset at which reading stopped.
        at: usize,
        /// What was expected or found.
        message: String,
    },
    /// An edge or a reference leads to a position that does not exist.
    MissingNode(String),
    /// A label is defined twice or cannot be told apart from a constant.
    AmbiguousLabel(String),
    /// The operation needs a stopper and the game is not one.
    NotStopper(String),
    /// The onside or offside of the game could not be found as a stopper.
    NotStopperSided(String),
    /// The operation is defined for impartial games (Smith's values), and the game gives Left
    /// and Right different moves.
    NotImpartial(String),
    /// The computation would exceed a stated size limit.
    TooLarge(String),
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyError::Parse { input, at, message } => {
                write!(f, "at byte {at} of {input:?}: {message}")
            }
            LoopyError::MissingNode(m)
            | LoopyError::AmbiguousLabel(m)
            | LoopyError::NotStopper(m)
            | LoopyError::NotStopperSided(m)
            | LoopyError::NotImpartial(m)
            | LoopyError::TooLarge(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LoopyError {}

/// Into the algebra's error type: unreadable notation, a missing node and an ambiguous label are
/// malformed [`Input`](AlgebraError::Input); a stopper requested of a game that is not one (or
/// sides that do not make a value) is [`Undefined`](AlgebraError::Undefined); a size limit is a
/// [`Limit`](AlgebraError::Limit).
impl From<LoopyError> for AlgebraError {
    fn from(e: LoopyError) -> AlgebraError {
        match e {
            LoopyError::Parse { .. }
            | LoopyError::MissingNode(_)
            | LoopyError::AmbiguousLabel(_) => AlgebraError::Input(e.to_string()),
            LoopyError::NotStopper(m)
            | LoopyError::NotStopperSided(m)
            | LoopyError::NotImpartial(m) => AlgebraError::Undefined(m),
            LoopyError::TooLarge(message) => AlgebraError::Limit(ExpansionLimit { message }),
        }
    }
}

/// Into the library's error type, through the algebra's.
impl From<LoopyError> for crate::Error {
    fn from(e: LoopyError) -> crate::Error {
        AlgebraError::from(e).into()
    }
}
