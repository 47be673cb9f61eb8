//! Blocks, conditionals, loops and comprehensions.
//!
//! CGScript's loops (CGSuite 2.x, `EvalTest`'s loop scenarios): `for x from a to b by c` counts
//! from `a` by `c` (1 when omitted) while `x <= b` (`x >= b` when `c < 0`), with games as well
//! as numbers (`for x from 0 to ^5 by ^*`); `for x in L` runs over a list, a set, a range, a
//! map's keys or a string's characters; `for x := e` runs once; a bare `while c` runs while
//! `c` holds. Each clause may add `while c` (the loop ends at the first round where `c` is
//! false) and `where c` (a round where `c` is false is skipped). Several clauses nest, the
//! first outermost. `do … end` runs the body for its effects, `yield … end` and the
//! comprehensions `[…]`, `{…}` and `{k => v …}` collect the values.

use super::super::ast::{Expr, LogicOp, Loop, LoopBody, LoopClause, LoopSource, Span};
use super::super::env::FrameKind;
use super::super::value::Value;
use super::arith;
use super::error::fail;
use super::games::settle;
use super::{Evaluator, FResult, Flow};

/// What a loop collects.
enum Collected {
    Nothing,
    Values(Vec<Value>),
    Entries(Vec<(Value, Value)>),
}

impl Evaluator {
    /// `begin … end`: the body in a frame of its own, for `var`.
    pub(super) fn block(&mut self, body: &Expr) -> FResult<Value> {
        let frame = self.env.child(FrameKind::Block);
        let saved = std::mem::replace(&mut self.env, frame);
        let result = self.eval(body);
        self.env = saved;
        result
    }

    /// The boolean value of the condition `c`.
    fn condition(&mut self, c: &Expr) -> FResult<bool> {
        match self.eval(c)? {
            Value::Boolean(b) => Ok(b),
            v => Ok(fail(
                c.span,
                format!("a condition must be true or false, not {} ({v})", v.kind()),
            )?),
        }
    }

    /// `if … then … elseif … else … end`: the branch of the first condition that holds,
    /// `Nothing` when none does and there is no `else`.
    pub(super) fn conditional(
        &mut self,
        branches: &[(Expr, Expr)],
        otherwise: Option<&Expr>,
    ) -> FResult<Value> {
        for (c, body) in branches {
            if self.condition(c)? {
                return self.block(body);
            }
        }
        match otherwise {
            Some(body) => self.block(body),
            None => Ok(Value::Nothing),
        }
    }

    /// `a and b`, `a or b`: `b` is evaluated only when `a` does not decide.
    pub(super) fn logic(&mut self, a: &Expr, b: &Expr, op: LogicOp) -> FResult<Value> {
        let first = self.condition(a)?;
        let decided = match op {
            LogicOp::And => !first,
            LogicOp::Or => first,
        };
        if decided {
            return Ok(Value::Boolean(first));
        }
        Ok(Value::Boolean(self.condition(b)?))
    }

    /// A loop or a comprehension at `span`.
    pub(super) fn run_loop(&mut self, l: &Loop, span: Span) -> FResult<Value> {
        let mut out = match &l.body {
            LoopBody::Do(_) => Collected::Nothing,
            LoopBody::Map(..) => Collected::Entries(Vec::new()),
            _ => Collected::Values(Vec::new()),
        };
        let frame = self.env.child(FrameKind::Block);
        let saved = std::mem::replace(&mut self.env, frame);
        let result = self.clauses(l, 0, &mut out);
        self.env = saved;
        match result {
            Ok(()) | Err(Flow::Break(_)) => {}
            Err(flow) => return Err(flow),
        }
        let _ = span;
        Ok(match (out, &l.body) {
            (Collected::Nothing, _) => Value::Nothing,
            (Collected::Values(v), LoopBody::Set(_)) => Value::set(v),
            (Collected::Values(v), _) => Value::List(v),
            (Collected::Entries(e), _) => Value::map(e),
        })
    }

    /// The rounds of clause `k` of `l` and, inside each, the clauses after it (the body after
    /// the last). A `break` ends the whole loop (it propagates as [`Flow::Break`]).
    fn clauses(&mut self, l: &Loop, k: usize, out: &mut Collected) -> FResult<()> {
        let Some(clause) = l.clauses.get(k) else {
            return self.body(&l.body, out);
        };
        match &clause.source {
            LoopSource::From { from, to, by } => {
                let mut x = self.value_of(from)?;
                let to = match to {
                    Some(t) => Some(self.value_of(t)?),
                    None => None,
                };
                let step = match by {
                    Some(b) => self.value_of(b)?,
                    None => Value::integer(1.into()),
                };
                let descending = arith::is_negative(&step);
                loop {
                    if let Some(t) = &to {
                        let within = if descending {
                            arith::le(t, &x)
                        } else {
                            arith::le(&x, t)
                        };
                        match within {
                            Some(true) => {}
                            Some(false) => break,
                            None => {
                                return Ok(fail(
                                    clause.span,
                                    format!("the loop cannot compare {x} with its bound {t}"),
                                )?)
                            }
                        }
                    }
                    if !self.round(l, k, clause, x.clone(), out)? {
                        break;
                    }
                    x = match arith::add(&x, &step) {
                        Some(v) => v,
                        None => {
                            return Ok(fail(
                                clause.span,
                                format!("the loop cannot add its step {step} to {x}"),
                            )?)
                        }
                    };
                }
            }
            LoopSource::In(e) => {
                let source = self.value_of(e)?;
                // A range's integers are made one a round, not built as a list first.
                if let Value::Range(r) = &source {
                    for n in super::super::value::range_elements(&r.0, &r.1, &r.2) {
                        if !self.round(l, k, clause, Value::integer(n), out)? {
                            break;
                        }
                    }
                    return Ok(());
                }
                let items = match &source {
                    Value::Map(entries) => entries.iter().map(|e| e.0.clone()).collect(),
                    Value::Text(s) => s.chars().map(|c| Value::Text(c.to_string())).collect(),
                    v => match v.elements() {
                        Some(items) => items,
                        None => {
                            return Ok(fail(
                                e.span,
                                format!(
                                    "'for … in' runs over a list, a set, a range, a map or a string, not {}",
                                    v.kind()
                                ),
                            )?)
                        }
                    },
                };
                for item in items {
                    if !self.round(l, k, clause, item, out)? {
                        break;
                    }
                }
            }
            LoopSource::Assign(e) => {
                let v = self.eval(e)?;
                self.round(l, k, clause, v, out)?;
            }
            LoopSource::While => loop {
                if !self.round(l, k, clause, Value::Nothing, out)? {
                    break;
                }
            },
        }
        Ok(())
    }

    /// One round of `clause` with the loop variable `x`: whether the clause goes on.
    fn round(
        &mut self,
        l: &Loop,
        k: usize,
        clause: &LoopClause,
        x: Value,
        out: &mut Collected,
    ) -> FResult<bool> {
        crate::interrupt::check();
        if let Some((name, _)) = &clause.var {
            self.env.declare(name, x);
        }
        if let Some(w) = &clause.while_ {
            if !self.condition(w)? {
                return Ok(false);
            }
        }
        if let Some(w) = &clause.where_ {
            if !self.condition(w)? {
                return Ok(true);
            }
        }
        match self.clauses(l, k + 1, out) {
            Ok(()) | Err(Flow::Continue(_)) => Ok(true),
            Err(flow) => Err(flow),
        }
    }

    /// The body of a loop, once.
    fn body(&mut self, body: &LoopBody, out: &mut Collected) -> FResult<()> {
        match (body, out) {
            (LoopBody::Do(e), _) => {
                self.block(e)?;
            }
            (LoopBody::Yield(parts), Collected::Values(values)) => {
                for p in parts {
                    let v = self.block(p)?;
                    values.push(v);
                }
            }
            (LoopBody::List(e) | LoopBody::Set(e), Collected::Values(values)) => {
                let v = self.eval(e)?;
                let v = match body {
                    LoopBody::Set(_) => settle(v, e.span)?,
                    _ => v,
                };
                values.push(v);
            }
            (LoopBody::Map(key, value), Collected::Entries(entries)) => {
                let k = self.eval(key)?;
                let v = self.eval(value)?;
                entries.push((settle(k, key.span)?, v));
            }
            _ => unreachable!("the collector matches the body"),
        }
        Ok(())
    }

    /// The value of `e` as a value (a position gives its canonical form).
    fn value_of(&mut self, e: &Expr) -> FResult<Value> {
        let v = self.eval(e)?;
        Ok(settle(v, e.span)?)
    }
}
