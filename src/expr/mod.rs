//! The expression language: CGSuite 2.x notation (`docs/NOTATION.md`) with operators,
//! comparisons, family calls and CGSuite's methods, above the algebra.
//!
//! An input goes through three stages, and the first two finish before anything is evaluated, so
//! that a syntax error or a misspelt name is reported at once:
//!
//! 1. the lexer splits it into tokens with their byte offsets;
//! 2. the parser builds a syntax tree ([`Expr`], every node with its byte [`Span`]), and every
//!    call and method name is resolved;
//! 3. the evaluator computes a [`Value`]: a game (numbers are games), a boolean, a list, a
//!    thermograph, an outcome class or a string.
//!
//! ```
//! use partizan::expr::{evaluate, Value};
//! use partizan::Game;
//!
//! let v = evaluate("({3|-2}).Cool(5/2)").unwrap();
//! assert_eq!(v, Value::Game("1/2*".parse::<Game>().unwrap()));
//! assert_eq!(evaluate("^ <| *").unwrap().to_string(), "true"); // ↑ is confused with *
//! // The incentives of {2|-1}: 2 - {2|-1} = {3|0} for Left, {2|-1} - (-1) = {3|0} for Right.
//! assert_eq!(evaluate("{2|-1}.Incentives").unwrap().to_string(), "[{3|0}]");
//! assert_eq!(evaluate("nim(3).NimValue").unwrap().to_string(), "3");
//!
//! // A syntax error is found before the (expensive) family call is evaluated.
//! let e = evaluate("{cutcake(120,120)").unwrap_err();
//! assert_eq!(e.to_string(), "at byte 17 of \"{cutcake(120,120)\": expected ',' or '}'");
//! ```
//!
//! The grammar and the precedence of the operators are those of CGScript: comparisons (`==`,
//! `!=`, `<=`, `>=`, `<`, `>`, `<>`, `<|`, `|>`) bind loosest, then `+`, `-` and binary `+-`,
//! then the ordinal sum `:`, then unary `-` and `+-`, then methods `.Name(args)`. See
//! [`methods()`] for the methods and their names. Nesting is limited to [`MAX_NESTING`] levels.

pub mod ast;
mod eval;
mod functions;
mod lexer;
pub mod loopy;
mod loopy_literal;
mod methods;
mod misere;
mod parser;
mod value;

pub use ast::{
    Argument, Arrows, Call, Expr, ExprKind, Literal, LoopyConstant, MisereLiteral, MisereStep,
    Relation, Sign, Span,
};
pub use functions::{function, functions, tiny, Function};
pub use loopy_literal::{parse_loopy, parse_loopy_game};
pub use methods::{method, methods, Method};
pub use parser::MAX_NESTING;
pub use value::Value;

use crate::algebra::Game;
use std::fmt;
use std::str::FromStr;

/// Which functions an expression may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The algebra alone: literals, operators, `Tiny(G)`, `Miny(G)` and the methods.
    Core,
    /// Also the registered game families ([`crate::rulesets::FAMILIES`]): `nim(7)`,
    /// `domineering("..|..")`, ...
    Families,
}

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
    fn with_input(self, input: &str) -> Error {
        Error::Syntax {
            input: input.to_string(),
            position: self.position,
            message: self.message,
        }
    }
}

impl eval::EvalError {
    fn with_input(self, input: &str) -> Error {
        Error::Eval {
            input: input.to_string(),
            span: self.span,
            message: self.message,
        }
    }
}

/// Parses `input` into a syntax tree, without evaluating anything or resolving names.
pub fn parse(input: &str) -> Result<Expr, Error> {
    parser::parse(input).map_err(|e| e.with_input(input))
}

/// Evaluates `input` with the registered game families callable.
pub fn evaluate(input: &str) -> Result<Value, Error> {
    evaluate_in(input, Scope::Families)
}

/// Evaluates `input` with the functions of `scope`.
pub fn evaluate_in(input: &str, scope: Scope) -> Result<Value, Error> {
    let expr = parse(input)?;
    evaluate_parsed(input, &expr, scope)
}

/// Evaluates `input` with the registered game families callable, keeping a position as a
/// position ([`Value::Position`]) where [`evaluate`] gives its canonical form: for the
/// questions asked of the position itself, such as its outcome by search.
///
/// ```
/// use partizan::expr::{evaluate, evaluate_unsettled};
/// use partizan::Value;
/// assert!(matches!(evaluate_unsettled("nim(1,2,3)").unwrap(), Value::Position(_)));
/// assert_eq!(evaluate("nim(1,2,3)").unwrap().to_string(), "0");
/// ```
pub fn evaluate_unsettled(input: &str) -> Result<Value, Error> {
    let expr = parse(input)?;
    let scope = Scope::Families;
    eval::check(&expr, scope).map_err(|e| e.with_input(input))?;
    let evaluator = eval::Evaluator { src: input, scope };
    evaluator.eval(&expr).map_err(|e| e.with_input(input))
}

/// Evaluates `expr`, parsed from `input`, with the functions of `scope`: resolves every name
/// first, then evaluates.
pub fn evaluate_parsed(input: &str, expr: &Expr, scope: Scope) -> Result<Value, Error> {
    eval::check(expr, scope).map_err(|e| e.with_input(input))?;
    let evaluator = eval::Evaluator { src: input, scope };
    match evaluator.eval(expr).map_err(|e| e.with_input(input))? {
        // A loopy game's value is computed when needed; an answer needs it.
        Value::Loopy(g) => loopy::settle(g).map_err(|e| Error::Eval {
            input: input.to_string(),
            span: expr.span,
            message: loopy::message(&e),
        }),
        // An answer is a value: a position gives its canonical form.
        Value::Position(p) => {
            crate::algebra::limits::catch(std::panic::AssertUnwindSafe(|| p.canonical_form()))
                .map_err(|l| l.message)
                .and_then(|r| r.map_err(|e| e.to_string()))
                .map(Value::Game)
                .map_err(|message| Error::Eval {
                    input: input.to_string(),
                    span: expr.span,
                    message,
                })
        }
        v => Ok(v),
    }
}

/// Evaluates `input` with the functions of `scope`, which must give a game.
pub fn evaluate_game(input: &str, scope: Scope) -> Result<Game, Error> {
    let expr = parse(input)?;
    match evaluate_parsed(input, &expr, scope)? {
        Value::Game(g) => Ok(g),
        v => Err(Error::Eval {
            input: input.to_string(),
            span: expr.span,
            message: format!("expected a game, but the expression is {}", v.kind()),
        }),
    }
}

impl FromStr for Game {
    type Err = Error;

    /// Parses the notation of `docs/NOTATION.md`, with expressions and methods; family calls
    /// such as `nim(7)` need [`crate::eval`] instead.
    ///
    /// ```
    /// use partizan::Game;
    /// let e = "{1|*2".parse::<Game>().unwrap_err();
    /// assert_eq!(e.to_string(), "at byte 5 of \"{1|*2\": expected ',' or '}'");
    /// ```
    fn from_str(s: &str) -> Result<Game, Error> {
        evaluate_game(s, Scope::Core)
    }
}

impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
