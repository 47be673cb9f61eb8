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

pub(crate) mod ast;
mod builtins;
mod env;
mod error;
mod eval;
mod functions;
mod lexer;
pub mod loopy;
mod loopy_literal;
mod methods;
mod misere;
pub(crate) mod names;
mod parser;
mod scope;
mod unparse;
mod value;

pub use ast::{
    Argument, ArithOp, Arrows, Call, Expr, ExprKind, Literal, LoopyConstant, MisereLiteral,
    MisereStep, Relation, Sign, Span, MAX_NESTING,
};
pub use env::Closure;
pub use error::Error;
pub(crate) use error::SyntaxError;
pub use eval::MAX_CALL_DEPTH;
pub use functions::{function, functions, tiny, Function};
pub use loopy_literal::{parse_loopy, parse_loopy_game};
pub use methods::{method, methods, Method};
pub use names::Object;
pub use scope::Scope;
pub use value::Value;

use crate::algebra::misere::MisereGame;
use crate::algebra::Game;
use crate::solve::Position;
use std::str::FromStr;

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
    let mut worksheet = Worksheet::new();
    worksheet.run_parsed(input, &expr)
}

/// Evaluates `expr`, parsed from `input`, with the functions of `scope`: resolves every name
/// first, then evaluates.
pub fn evaluate_parsed(input: &str, expr: &Expr, scope: Scope) -> Result<Value, Error> {
    let mut worksheet = Worksheet::in_scope(scope);
    let v = worksheet.run_parsed(input, expr)?;
    answer(input, expr.span, v)
}

/// A value as an answer: a loopy game's value computed, a position's canonical form.
fn answer(input: &str, span: Span, v: Value) -> Result<Value, Error> {
    match v {
        // A loopy game's value is computed when needed; an answer needs it.
        Value::Loopy(g) => loopy::settle(g).map_err(|e| Error::Eval {
            input: input.to_string(),
            span,
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
                    span,
                    message,
                })
        }
        v => Ok(v),
    }
}

/// A worksheet: a session of the language whose names last from one input to the next, as
/// in CGSuite's worksheet (`g := 7` in one input, `g + 1` in the next).
///
/// ```
/// use partizan::expr::Worksheet;
/// let mut w = Worksheet::new();
/// assert_eq!(w.evaluate("f := n -> if n == 0 then 1 else n * f(n - 1) end;").unwrap(), None);
/// assert_eq!(w.evaluate("f(20)").unwrap().unwrap().to_string(), "2432902008176640000");
/// assert_eq!(w.evaluate("[kayles(n).NimValue for n from 1 to 6]").unwrap().unwrap().to_string(), "[1,2,3,1,4,3]");
/// ```
#[derive(Clone, Debug)]
pub struct Worksheet {
    env: env::Env,
    scope: Scope,
}

impl Default for Worksheet {
    fn default() -> Worksheet {
        Worksheet::new()
    }
}

impl Worksheet {
    /// A worksheet with no names of its own, the families callable.
    pub fn new() -> Worksheet {
        Worksheet::in_scope(Scope::Families)
    }

    /// A worksheet with the functions of `scope`.
    pub fn in_scope(scope: Scope) -> Worksheet {
        Worksheet {
            env: env::Env::worksheet(),
            scope,
        }
    }

    /// Evaluates `input`: the value of its last statement (a position gives its canonical
    /// form), or `None` when the input is blank or its last statement ends with `;`. Names
    /// assigned stay defined for the next input.
    pub fn evaluate(&mut self, input: &str) -> Result<Option<Value>, Error> {
        match self.entry(input)? {
            Some((span, v)) => answer(input, span, v).map(Some),
            None => Ok(None),
        }
    }

    /// Evaluates `input` as [`Worksheet::evaluate`] does, keeping a position as a position.
    pub fn evaluate_unsettled(&mut self, input: &str) -> Result<Option<Value>, Error> {
        Ok(self.entry(input)?.map(|(_, v)| v))
    }

    /// Evaluates `input` as [`Worksheet::evaluate`] does (the same value, so the same printed
    /// answer), and gives the position too when the value is one: a front end that shows a
    /// position's board and options besides its value (the explorer) evaluates the input once.
    pub fn evaluate_with_position(
        &mut self,
        input: &str,
    ) -> Result<Option<(Value, Option<Position>)>, Error> {
        let Some((span, v)) = self.entry(input)? else {
            return Ok(None);
        };
        let position = match &v {
            Value::Position(p) => Some(p.clone()),
            _ => None,
        };
        Ok(Some((answer(input, span, v)?, position)))
    }

    /// The value of an entry's last statement as the evaluator leaves it (a position as a
    /// position, a loopy game unsettled) with the span of the entry, or `None` when the input
    /// is blank or its last statement ends with `;`.
    fn entry(&mut self, input: &str) -> Result<Option<(Span, Value)>, Error> {
        if parser::is_blank(input) {
            return Ok(None);
        }
        let expr = parse(input)?;
        let v = self.run_parsed(input, &expr)?;
        Ok((!suppressed(&expr)).then_some((expr.span, v)))
    }

    /// Runs a script: its statements in turn, calling `show` with the value of each statement
    /// at the top level that is not followed by `;` and is not `Nothing` (a line of a script
    /// is an entry of a worksheet). The names it assigns stay defined.
    pub fn run_script(&mut self, input: &str, mut show: impl FnMut(Value)) -> Result<(), Error> {
        if parser::is_blank(input) {
            return Ok(());
        }
        let expr = parse(input)?;
        // The statements as nodes of `expr` itself: the evaluator finds the loopy literals of
        // the tree by the nodes' addresses.
        let statements: Vec<(&Expr, bool)> = match &expr.kind {
            ExprKind::Sequence(statements) => {
                statements.iter().map(|s| (&s.expr, s.suppressed)).collect()
            }
            _ => vec![(&expr, false)],
        };
        eval::check(&expr, self.scope, &self.env.worksheet_names())
            .map_err(|e| e.with_input(input))?;
        let mut evaluator = eval::Evaluator::new(input, self.scope, self.env.clone(), &expr);
        for (s, suppressed) in statements {
            let v = evaluator.run(s).map_err(|e| e.with_input(input))?;
            if !suppressed && v != Value::Nothing {
                show(answer(input, s.span, v)?);
            }
        }
        Ok(())
    }

    /// The names the worksheet holds.
    pub fn names(&self) -> Vec<String> {
        let mut names = self.env.worksheet_names();
        names.sort();
        names
    }

    /// Forgets every name.
    pub fn clear(&mut self) {
        self.env.clear();
    }

    fn run_parsed(&mut self, input: &str, expr: &Expr) -> Result<Value, Error> {
        eval::check(expr, self.scope, &self.env.worksheet_names())
            .map_err(|e| e.with_input(input))?;
        let mut evaluator = eval::Evaluator::new(input, self.scope, self.env.clone(), expr);
        evaluator.run(expr).map_err(|e| e.with_input(input))
    }
}

/// Whether the value of `expr`, a whole input, is suppressed by a `;` after its last statement.
fn suppressed(expr: &Expr) -> bool {
    matches!(&expr.kind, ExprKind::Sequence(s) if s.last().is_some_and(|s| s.suppressed))
}

/// Evaluates `input` with the functions of `scope`, which must give a game.
pub fn evaluate_game(input: &str, scope: Scope) -> Result<Game, Error> {
    let expr = parse(input)?;
    match evaluate_parsed(input, &expr, scope)? {
        Value::Game(g) => Ok(g),
        Value::Rational(r) => Err(Error::Eval {
            input: input.to_string(),
            span: expr.span,
            message: format!(
                "{r} is not a dyadic rational: a short game's number has a power of two as denominator"
            ),
        }),
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

impl FromStr for MisereGame {
    type Err = Error;

    /// Reads CGSuite's notation, `*[2[2]321]`, or any expression whose value is a misère game
    /// (`*[2] + *[2]`), with the expression language; a malformed string is an error naming
    /// the byte where reading stopped.
    ///
    /// ```
    /// use partizan::algebra::misere::MisereGame;
    /// let g: MisereGame = "*[2#]".parse().unwrap(); // the game whose only option is *2
    /// assert_eq!(g.options(), [MisereGame::nim_heap(2)]);
    /// let e = "*[2(1]".parse::<MisereGame>().unwrap_err();
    /// assert_eq!(e.to_string(), "at byte 5 of \"*[2(1]\": expected a heap digit, '&n;', '(', '#', '[' or the closing bracket");
    /// ```
    fn from_str(s: &str) -> Result<MisereGame, Error> {
        let expr = parse(s)?;
        match evaluate_parsed(s, &expr, Scope::Core)? {
            Value::Misere(g) => Ok(g),
            v => Err(Error::Eval {
                input: s.to_string(),
                span: expr.span,
                message: format!("expected a misère game, but the expression is {}", v.kind()),
            }),
        }
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
