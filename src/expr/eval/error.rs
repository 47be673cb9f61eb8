//! The evaluator's error: the span of the failing construct and its message, and the result
//! type of every evaluation step.

use crate::expr::ast::Span;

/// An evaluation error: the span of the failing construct and what went wrong.
#[derive(Debug)]
pub(crate) struct EvalError {
    pub span: Span,
    pub message: String,
}

pub(super) type EResult<T> = Result<T, EvalError>;

pub(super) fn fail<T>(span: Span, message: impl Into<String>) -> EResult<T> {
    Err(EvalError {
        span,
        message: message.into(),
    })
}
