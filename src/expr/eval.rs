//! The evaluator: a syntax tree to a [`Value`].
//!
//! Before anything is evaluated, [`check`] resolves every name (variables, calls and methods)
//! and counts the arguments of every method, so that a misspelt name is reported at once
//! rather than after an expensive family call elsewhere in the input.
//!
//! The evaluator walks the tree recursively, its stack grown on the heap where it runs short
//! ([`stacker`]); the depth of the tree is bounded by the parser's nesting limit and that of
//! function calls by [`MAX_CALL_DEPTH`], so deep inputs and runaway recursion are errors, not
//! stack overflows. Every round of a loop and every call is an interruption point
//! ([`crate::interrupt`]): Ctrl-C, a notebook's interrupt or a budget stops a worksheet as it
//! stops the algebra.
//!
//! The parts: `eval/check.rs` the names, `eval/games.rs` the operators of games,
//! `eval/calls.rs` calls and methods, `eval/control.rs` blocks, conditionals, loops and
//! functions, `eval/arith.rs` the arithmetic of numbers and the logic of booleans.

mod arith;
mod calls;
mod check;
mod control;
mod error;
mod games;

pub(crate) use check::{check, UNLABELLED};
pub(crate) use error::EvalError;
use error::{fail, EResult};
pub(crate) use games::settle;

use super::ast::{Expr, ExprKind, Span};
use super::env::{Closure, Env};
use super::loopy_literal::{self, Literals};
use super::misere;
use super::value::Value;
use super::Scope;
use crate::algebra::limits;
use std::sync::Arc;

/// The deepest nesting of function calls: deeper recursion is an error (CGSuite's "Maximum
/// recursive depth exceeded").
pub const MAX_CALL_DEPTH: usize = 10_000;

/// Runs one step of evaluation, reporting a request beyond the algebra's size limits
/// ([`crate::algebra::limits`]) as an error at `span`.
fn within_limits<T>(span: Span, step: impl FnOnce() -> EResult<T>) -> EResult<T> {
    match limits::catch(std::panic::AssertUnwindSafe(step)) {
        Ok(result) => result,
        Err(limit) => fail(span, limit.message),
    }
}

/// How the evaluation of a statement ends when it does not give a value: an error, or one of
/// the jumps `break`, `continue` and `return`, which the loop or the call around it takes.
#[derive(Debug)]
pub(crate) enum Flow {
    Error(EvalError),
    Break(Span),
    Continue(Span),
    Return(Value),
}

impl From<EvalError> for Flow {
    fn from(e: EvalError) -> Flow {
        Flow::Error(e)
    }
}

type FResult<T> = Result<T, Flow>;

/// A jump that left the construct that can take it: an error there.
fn stray(flow: Flow) -> EvalError {
    match flow {
        Flow::Error(e) => e,
        Flow::Break(span) => EvalError {
            span,
            message: "'break' outside a loop".into(),
        },
        Flow::Continue(span) => EvalError {
            span,
            message: "'continue' outside a loop".into(),
        },
        Flow::Return(_) => EvalError {
            span: Span::default(),
            message: "'return' outside a function".into(),
        },
    }
}

/// Evaluates a checked syntax tree in an environment of names.
pub(crate) struct Evaluator {
    /// The text being evaluated (the input, or the text a called function was written in), for
    /// the suggestions and quotes of messages.
    pub src: Arc<str>,
    pub scope: Scope,
    /// The names in scope.
    pub env: Env,
    /// The loopy literals of the tree being evaluated.
    literals: Arc<Literals>,
    /// How many function calls are open.
    depth: usize,
}

impl Evaluator {
    /// An evaluator of `root`, parsed from `src`, with the names of `env`.
    pub fn new(src: &str, scope: Scope, env: Env, root: &Expr) -> Evaluator {
        Evaluator {
            src: Arc::from(src),
            scope,
            env,
            literals: Arc::new(Literals::find(root)),
            depth: 0,
        }
    }

    /// The value of `root`; a `break`, `continue` or `return` outside what takes it is an
    /// error.
    pub fn run(&mut self, root: &Expr) -> EResult<Value> {
        match self.eval(root) {
            Ok(v) => Ok(v),
            Err(Flow::Return(_)) => fail(root.span, "'return' outside a function"),
            Err(flow) => Err(stray(flow)),
        }
    }

    /// The value of `e`.
    pub(crate) fn eval(&mut self, e: &Expr) -> FResult<Value> {
        stacker::maybe_grow(
            super::parser::RED_ZONE,
            super::parser::STACK_SEGMENT,
            || self.eval_node(e),
        )
    }

    fn eval_node(&mut self, e: &Expr) -> FResult<Value> {
        // A loopy literal is one graph: its leaves are evaluated first.
        if self.literals.starts_at(e) {
            let literals = self.literals.clone();
            let leaves = literals.leaves(e, false);
            let mut values = Vec::with_capacity(leaves.len());
            for leaf in leaves {
                values.push(self.eval(leaf)?);
            }
            return Ok(within_limits(e.span, || {
                loopy_literal::value(e, &literals, values).or_else(|f| fail(f.span, f.message()))
            })?);
        }
        match &e.kind {
            // A literal is a step like any other: `^<2>*65537` (an uptimal plus a large nimber)
            // needs a form beyond the algebra's limits.
            ExprKind::Literal(lit) => Ok(within_limits(e.span, || Ok(Value::Game(lit.value())))?),
            ExprKind::Text(s) => Ok(Value::Text(s.clone())),
            ExprKind::Boolean(b) => Ok(Value::Boolean(*b)),
            ExprKind::Misere(m) => Ok(within_limits(e.span, || {
                misere::evaluate(m)
                    .map(Value::Misere)
                    .or_else(|(span, message)| fail(span, message))
            })?),
            ExprKind::Methods(receiver, calls) => {
                let mut value = self.eval(receiver)?;
                for c in calls {
                    let mut args = Vec::with_capacity(c.arguments().len());
                    for a in c.arguments() {
                        args.push(self.eval(&a.value)?);
                    }
                    value = within_limits(c.span, || self.method(value, args, c))?;
                }
                Ok(value)
            }
            ExprKind::Call(c) => self.call_expression(c),
            ExprKind::Name(name) => Ok(self.name(name, e.span)?),
            ExprKind::Assign(pair) => self.assign(&pair.0, &pair.1),
            ExprKind::Var(name, value) => {
                let v = match value {
                    Some(v) => self.eval(v)?,
                    None => Value::Nothing,
                };
                self.env.declare(name, v.clone());
                Ok(v)
            }
            ExprKind::Sequence(statements) => {
                let mut last = Value::Nothing;
                for s in statements {
                    last = self.eval(&s.expr)?;
                }
                Ok(last)
            }
            ExprKind::Block(body) => self.block(body),
            ExprKind::If(branches, otherwise) => self.conditional(branches, otherwise.as_deref()),
            ExprKind::Loop(l) => self.run_loop(l, e.span),
            ExprKind::Function(f) => Ok(Value::Function(Closure {
                function: f.clone(),
                env: self.env.clone(),
            })),
            ExprKind::Apply(f, args) => {
                let function = self.eval(f)?;
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push((a.name.clone(), self.eval(&a.value)?, a.value.span));
                }
                Ok(within_limits(e.span, || {
                    self.apply(function, values, e.span)
                })?)
            }
            ExprKind::Break => Err(Flow::Break(e.span)),
            ExprKind::Continue => Err(Flow::Continue(e.span)),
            ExprKind::Return(value) => {
                let v = match value {
                    Some(v) => self.eval(v)?,
                    None => Value::Nothing,
                };
                Err(Flow::Return(v))
            }
            ExprKind::Logic(pair, op) => self.logic(&pair.0, &pair.1, *op),
            ExprKind::Not(x) => {
                let v = self.eval(x)?;
                match v {
                    Value::Boolean(b) => Ok(Value::Boolean(!b)),
                    v => Ok(fail(
                        x.span,
                        format!("'not' takes a boolean, not {}", v.kind()),
                    )?),
                }
            }
            ExprKind::Arith(pair, op) => {
                let a = self.eval(&pair.0)?;
                let b = self.eval(&pair.1)?;
                let (a, b) = (settle(a, pair.0.span)?, settle(b, pair.1.span)?);
                Ok(within_limits(e.span, || {
                    arith::arith(&a, &b, *op, e, &pair.0, &pair.1)
                })?)
            }
            ExprKind::Spaceship(pair) => {
                let a = self.eval(&pair.0)?;
                let b = self.eval(&pair.1)?;
                let (a, b) = (settle(a, pair.0.span)?, settle(b, pair.1.span)?);
                Ok(within_limits(e.span, || arith::spaceship(&a, &b, e.span))?)
            }
            ExprKind::Prefix(x, op) => {
                let v = self.eval(x)?;
                let v = settle(v, x.span)?;
                Ok(within_limits(e.span, || arith::prefix(&v, *op, x.span))?)
            }
            ExprKind::Set(items) => {
                let values = self.settled(items)?;
                Ok(Value::set(values))
            }
            ExprKind::Map(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let key = self.eval(k)?;
                    let value = self.eval(v)?;
                    out.push((settle(key, k.span)?, value));
                }
                Ok(Value::map(out))
            }
            ExprKind::Range(r) => {
                let from = self.integer(&r.0, "the start of a range")?;
                let to = self.integer(&r.1, "the end of a range")?;
                let step = match &r.2 {
                    Some(s) => self.integer(s, "the step of a range")?,
                    None => num_bigint::BigInt::from(1),
                };
                if step == num_bigint::BigInt::from(0) {
                    return Ok(fail(e.span, "a range's step cannot be 0")?);
                }
                let n = super::value::range_len(&from, &to, &step);
                if n > num_bigint::BigInt::from(super::value::MAX_ELEMENTS) {
                    return Ok(fail(
                        e.span,
                        format!(
                            "the range has {n} integers: at most 2^24 are supported (a loop 'for x from a to b' has no such limit)"
                        ),
                    )?);
                }
                Ok(Value::Range(Box::new((from, to, step))))
            }
            ExprKind::Coordinates(pair) => {
                let row = self.integer(&pair.0, "a row")?;
                let col = self.integer(&pair.1, "a column")?;
                Ok(Value::Coordinates(row, col))
            }
            _ => {
                let children = e.children();
                let mut values = Vec::with_capacity(children.len());
                for c in children {
                    values.push(self.eval(c)?);
                }
                Ok(within_limits(e.span, || self.combine(e, values))?)
            }
        }
    }

    /// The values of `items`, each a value (a position gives its canonical form).
    fn settled(&mut self, items: &[Expr]) -> FResult<Vec<Value>> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            let v = self.eval(item)?;
            values.push(settle(v, item.span)?);
        }
        Ok(values)
    }

    /// The integer value of `e`; `what` names it in the error.
    fn integer(&mut self, e: &Expr, what: &str) -> FResult<num_bigint::BigInt> {
        let v = self.eval(e)?;
        let v = settle(v, e.span)?;
        match v.as_integer() {
            Some(n) => Ok(n),
            None => Ok(fail(e.span, format!("{what} must be an integer, not {v}"))?),
        }
    }

    /// The value of the name `name`: a variable, or a name every worksheet knows.
    fn name(&self, name: &str, span: Span) -> EResult<Value> {
        if let Some(v) = self.env.get(name) {
            return Ok(v);
        }
        if let Some(v) = super::names::global(name) {
            return Ok(v);
        }
        if self.scope == Scope::Families {
            if let Some(f) = crate::rulesets::family(name) {
                let _ = f;
                return fail(
                    span,
                    format!(
                        "{name} is a family: call it with its position, as {}",
                        crate::rulesets::family(name).map_or("", |f| f.example())
                    ),
                );
            }
        }
        fail(
            span,
            format!("unknown name '{name}': that variable is not defined here"),
        )
    }

    /// `target := value`.
    fn assign(&mut self, target: &Expr, value: &Expr) -> FResult<Value> {
        let v = self.eval(value)?;
        match &target.kind {
            ExprKind::Name(name) => {
                if super::names::global(name).is_some() && !self.env.has(name) {
                    return Ok(fail(
                        target.span,
                        format!("cannot assign to '{name}': it is one of the names every worksheet knows"),
                    )?);
                }
                self.env.assign(name, v.clone());
                Ok(v)
            }
            ExprKind::Index(pair) => {
                let ExprKind::Name(name) = &pair.0.kind else {
                    return Ok(fail(
                        target.span,
                        "':=' assigns to an element of a list held by a name, L[i] := v",
                    )?);
                };
                let list = self.name(name, pair.0.span)?;
                let i = self.integer(&pair.1, "the index")?;
                let Value::List(mut items) = list else {
                    return Ok(fail(
                        pair.0.span,
                        format!("'[i] :=' sets an element of a list, not of {}", list.kind()),
                    )?);
                };
                let n = items.len();
                let k = usize::try_from(&i).ok().filter(|k| (1..=n).contains(k));
                let Some(k) = k else {
                    return Ok(fail(
                        pair.1.span,
                        format!(
                            "{i} is out of range: the list has {n} elements and its first is [1]"
                        ),
                    )?);
                };
                items[k - 1] = v.clone();
                self.env.assign(name, Value::List(items));
                Ok(v)
            }
            _ => Ok(fail(target.span, "':=' assigns to a name or to L[i]")?),
        }
    }
}
