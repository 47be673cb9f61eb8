//! The errors of the expression language: [`Error`], with the input and where in it things
//! went wrong, and the syntax error the lexer and the parser report before the input is
//! attached.

use super::ast::Span;
use std::fmt;

/// An error of the expression language, with the input and where in it things went wrong.
///
/// `Display` gives one line: `at byte N of "INPUT": message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input is not a well-formed expression (nothing was evaluated).
    Syntax {
        /// The input.
        input: String,
        /// The byte offset (0-based) at which parsing stopped.
        position: usize,
        /// What was expected there, or what is wrong.
        message: String,
    },
    /// The call or method at `span` failed: an unknown name or a wrong number of arguments
    /// (found before anything is evaluated), an argument of the wrong kind, or a computation
    /// that is not defined (such as the atomic weight of a hot game).
    Eval {
        /// The input.
        input: String,
        /// The bytes of the failing call, method or operand.
        span: Span,
        /// What went wrong.
        message: String,
    },
}

impl Error {
    /// The byte offset that the error points at.
    pub fn position(&self) -> usize {
        match self {
            Error::Syntax { position, .. } => *position,
            Error::Eval { span, .. } => span.start,
        }
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> &str {
        match self {
            Error::Syntax { message, .. } | Error::Eval { message, .. } => message,
        }
    }

    /// The input the error is about.
    pub fn input(&self) -> &str {
        match self {
            Error::Syntax { input, .. } | Error::Eval { input, .. } => input,
        }
    }
}

impl fmt::Display for Error {
    /// One line, whatever the input: the input is quoted with its control characters escaped,
    /// and so are those of the message, which may quote source text that spans lines
    /// (`'+' needs games, but (1 <\n 2) is a boolean`).
    ///
    /// An input longer than 80 characters is quoted only around the failing byte,
    /// with `…` where it is cut.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::error::write_located(f, self.input(), self.position(), self.message())
    }
}

impl std::error::Error for Error {}

/// Into the library's error type: the input, the position and the message, which display as
/// the same line.
impl From<Error> for crate::Error {
    fn from(e: Error) -> crate::Error {
        let position = e.position();
        let (Error::Syntax { input, message, .. } | Error::Eval { input, message, .. }) = e;
        crate::Error::Expression(crate::error::ExpressionError::new(input, position, message))
    }
}

/// A syntax error before the input is attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub position: usize,
    pub message: String,
}

impl SyntaxError {
    pub(super) fn with_input(self, input: &str) -> Error {
        Error::Syntax {
            input: input.to_string(),
            position: self.position,
            message: self.message,
        }
    }
}
