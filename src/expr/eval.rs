//! The evaluator: a syntax tree to a [`Value`].
//!
//! Before anything is evaluated, [`check`] resolves every name (calls and methods) and counts
//! the arguments of every method, so that a misspelt name is reported at once rather than after
//! an expensive family call elsewhere in the expression.

use super::ast::{Argument, Call, Expr, ExprKind, Relation, Sign, Span};
use super::functions::{self, function};
use super::loopy::{self, LoopyValue};
use super::loopy_literal::{self, Literals};
use super::methods::{self, method, Method};
use super::misere;
use super::value::Value;
use super::Scope;
use crate::algebra::form::Form;
use crate::algebra::limits;
use crate::algebra::misere::MisereGame;
use crate::algebra::{Game, Number, Nus};
use crate::rulesets::{self, Arg, NamedArg};
use crate::solve::Position;
use crate::suggest;

/// Runs one step of evaluation, reporting a request beyond the algebra's size limits
/// ([`crate::algebra::limits`]) as an error at `span`.
fn within_limits<T>(span: Span, step: impl FnOnce() -> EResult<T>) -> EResult<T> {
    match limits::catch(std::panic::AssertUnwindSafe(step)) {
        Ok(result) => result,
        Err(limit) => fail(span, limit.message),
    }
}

/// An evaluation error: the span of the failing construct and what went wrong.
#[derive(Debug)]
pub(crate) struct EvalError {
    pub span: Span,
    pub message: String,
}

type EResult<T> = Result<T, EvalError>;

fn fail<T>(span: Span, message: impl Into<String>) -> EResult<T> {
    Err(EvalError {
        span,
        message: message.into(),
    })
}

/// Resolves every call and method of `root` in `scope`: the first error in the input, if any.
/// Walks the tree with an explicit stack.
pub(crate) fn check(root: &Expr, scope: Scope) -> EResult<()> {
    let mut first: Option<EvalError> = None;
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let found = match &e.kind {
            ExprKind::Call(c) => check_call(c, scope),
            ExprKind::Methods(_, calls) => calls.iter().try_for_each(check_method),
            _ => Ok(()),
        };
        if let Err(err) = found {
            if first.as_ref().is_none_or(|f| err.span.start < f.span.start) {
                first = Some(err);
            }
        }
        stack.extend(e.children());
    }
    first.map_or(Ok(()), Err)
}

fn check_call(c: &Call, scope: Scope) -> EResult<()> {
    let name = c.name.as_str();
    if let Some(f) = function(name) {
        return check_arguments(c, f.params.len(), || f.usage(name));
    }
    if scope == Scope::Families && rulesets::family(name).is_some() {
        return Ok(());
    }
    if scope == Scope::Families && name == IMPARTIAL {
        return check_arguments(c, 1, || {
            "impartial(G), G a position of a family".to_string()
        });
    }
    let families: Vec<&str> = match scope {
        Scope::Core => Vec::new(),
        Scope::Families => rulesets::FAMILIES.iter().map(|f| f.name()).collect(),
    };
    let near = suggest::suggest(name, families.iter().copied().chain(functions::spellings()));
    if !near.is_empty() {
        return fail(
            c.name_span,
            format!("unknown function '{name}'{}", suggest::did_you_mean(&near)),
        );
    }
    let hint = match scope {
        Scope::Core => {
            "no game families are registered here (use partizan::eval or the CLI)".to_string()
        }
        Scope::Families => "`partizan families` lists the families".to_string(),
    };
    fail(
        c.name_span,
        format!(
            "unknown function '{name}'; {hint}; the functions: {}",
            functions::all_names()
        ),
    )
}

fn check_method(c: &Call) -> EResult<()> {
    let name = c.name.as_str();
    if let Some(m) = method(name) {
        return check_arguments(c, m.params.len(), || m.usage(name));
    }
    if let Some(m) = loopy::method(name) {
        return check_arguments(c, m.params.len(), || m.usage(name));
    }
    if LIST_SIZE.contains(&name) {
        return check_arguments(c, 0, || format!("L.{name}"));
    }
    let spellings = methods::spellings().chain(loopy::spellings());
    let near = suggest::suggest(name, spellings);
    let message = if near.is_empty() {
        format!(
            "unknown method '{name}', and no method is spelt like it (docs/NOTATION.md, Methods, lists them)"
        )
    } else {
        format!("unknown method '{name}'{}", suggest::did_you_mean(&near))
    };
    fail(c.name_span, message)
}

/// Checks that the call `c` has `params` positional arguments and no named one; `usage` shows
/// the right call in the message.
fn check_arguments(c: &Call, params: usize, usage: impl Fn() -> String) -> EResult<()> {
    let name = c.name.as_str();
    let args = c.arguments();
    if let Some(Argument { name: Some(n), .. }) = args.iter().find(|a| a.name.is_some()) {
        return fail(c.span, format!("'{name}' takes no named argument '{n}'"));
    }
    if args.len() != params {
        let plural = if params == 1 { "" } else { "s" };
        return fail(
            c.span,
            format!("{name} takes {params} argument{plural}: {}", usage()),
        );
    }
    Ok(())
}

/// Evaluates a checked syntax tree, children before parents, with an explicit stack of tasks
/// and one of values (no recursion, so a deeply nested input cannot overflow the thread's stack).
pub(crate) struct Evaluator<'a> {
    /// The input, for the suggestions of some messages.
    pub src: &'a str,
    pub scope: Scope,
}

/// A step of the evaluation.
enum Task<'e> {
    /// Evaluate the expression, pushing its value.
    Visit(&'e Expr),
    /// Combine the values of the expression's children (the top values) into its value.
    Combine(&'e Expr),
    /// Apply a method: the receiver's value and the arguments' values are on top.
    Method(&'e Call),
    /// Build the loopy literal at the expression: the values of its leaves (as many as the
    /// number) are on top.
    Literal(&'e Expr, usize),
}

impl Evaluator<'_> {
    pub fn eval(&self, root: &Expr) -> EResult<Value> {
        let literals = Literals::find(root);
        let mut tasks = vec![Task::Visit(root)];
        let mut values: Vec<Value> = Vec::new();
        while let Some(task) = tasks.pop() {
            match task {
                // A loopy literal is one graph: its leaves are evaluated first.
                Task::Visit(e) if literals.starts_at(e) => {
                    let leaves = literals.leaves(e, false);
                    tasks.push(Task::Literal(e, leaves.len()));
                    tasks.extend(leaves.into_iter().rev().map(Task::Visit));
                }
                Task::Visit(e) => match &e.kind {
                    // A literal is a step like any other: `^<2>*65537` (an uptimal plus a
                    // large nimber) needs a form beyond the algebra's limits.
                    ExprKind::Literal(lit) => {
                        values.push(within_limits(e.span, || Ok(Value::Game(lit.value())))?)
                    }
                    ExprKind::Text(s) => values.push(Value::Text(s.clone())),
                    ExprKind::Boolean(b) => values.push(Value::Boolean(*b)),
                    ExprKind::Misere(m) => values.push(within_limits(e.span, || {
                        misere::evaluate(m)
                            .map(Value::Misere)
                            .or_else(|(span, message)| fail(span, message))
                    })?),
                    ExprKind::Methods(receiver, calls) => {
                        for c in calls.iter().rev() {
                            tasks.push(Task::Method(c));
                            tasks.extend(c.arguments().iter().rev().map(|a| Task::Visit(&a.value)));
                        }
                        tasks.push(Task::Visit(receiver));
                    }
                    _ => {
                        tasks.push(Task::Combine(e));
                        tasks.extend(e.children().into_iter().rev().map(Task::Visit));
                    }
                },
                Task::Combine(e) => {
                    let n = e.children().len();
                    let args = values.split_off(values.len() - n);
                    values.push(within_limits(e.span, || self.combine(e, args))?);
                }
                Task::Method(c) => {
                    let args = values.split_off(values.len() - c.arguments().len());
                    let receiver = values.pop().expect("the receiver's value");
                    values.push(within_limits(c.span, || self.method(receiver, args, c))?);
                }
                Task::Literal(e, n) => {
                    let leaves = values.split_off(values.len() - n);
                    values.push(within_limits(e.span, || {
                        loopy_literal::value(e, &literals, leaves)
                            .or_else(|f| fail(f.span, f.message()))
                    })?);
                }
            }
        }
        Ok(values.pop().expect("the value of the root"))
    }

    /// The value of `e` from the values of its children (in the order of [`Expr::children`]).
    fn combine(&self, e: &Expr, values: Vec<Value>) -> EResult<Value> {
        // A call reads its own arguments; a sum of positions is a position; elsewhere a
        // position stands for its canonical form.
        if let ExprKind::Call(c) = &e.kind {
            return self.call(c, values);
        }
        match &e.kind {
            // A list keeps its elements as they are (positions stay positions).
            ExprKind::List(_) => return Ok(Value::List(values)),
            ExprKind::Index(pair) => return index(&values[0], &values[1], &pair.1, e.span),
            _ => {}
        }
        if let ExprKind::Sum(terms) = &e.kind {
            let positions: Option<Vec<Position>> = terms
                .iter()
                .zip(&values)
                .map(|((sign, _), v)| match v {
                    Value::Position(p) if *sign == Sign::Plus => Some(p.clone()),
                    _ => None,
                })
                .collect();
            if let Some(parts) = positions {
                return Ok(Value::Position(Position::sum(parts)));
            }
        }
        let children = e.children();
        let values = values
            .into_iter()
            .zip(&children)
            .map(|(v, c)| settle(v, c.span))
            .collect::<EResult<Vec<Value>>>()?;
        if let Some(v) = self.combine_loopy(e, &values) {
            return v;
        }
        if let Some(v) = self.combine_misere(e, &values) {
            return v;
        }
        let games = |what: &str| -> EResult<Vec<Game>> {
            values
                .iter()
                .zip(&children)
                .map(|(v, c)| game(v, c, what))
                .collect()
        };
        Ok(Value::Game(match &e.kind {
            ExprKind::Braces {
                left,
                explicit: true,
                ..
            } => {
                for (v, c) in values.iter().zip(&children) {
                    if !matches!(v, Value::Game(_) | Value::Form(_)) {
                        return fail(
                            c.span,
                            format!("an option must be a game, not {}", v.kind()),
                        );
                    }
                }
                let mut forms: Vec<Form> = values.into_iter().map(form).collect();
                let right = forms.split_off(*left);
                return Ok(Value::Form(Form::new(forms, right)));
            }
            ExprKind::Braces { left, .. } => {
                let games = games("an option")?;
                let (l, r) = games.split_at(*left);
                Game::new(l.iter().copied(), r.iter().copied())
            }
            ExprKind::PlusMinus(_) => {
                let games = games("the operand of '+-'")?;
                let negatives: Vec<Game> = games.iter().map(|g| -*g).collect();
                Game::new(games, negatives)
            }
            ExprKind::Neg(_) => -games("the operand of '-'")?[0],
            ExprKind::Sum(terms) => self.sum(e, terms, &values)?,
            // The ordinal sum depends on the form of its base: `'{*|*}' : 1` is ↑, `0 : 1` is 1.
            ExprKind::OrdinalSum(_) if matches!(values[0], Value::Form(_)) => {
                let games = games("an operand of ':'")?;
                let base = form(values[0].clone());
                let first = base.ordinal_sum(&Form::value(games[1]));
                games[2..].iter().fold(first, |acc, h| acc.ordinal_sum(h))
            }
            ExprKind::OrdinalSum(_) => {
                let games = games("an operand of ':'")?;
                games[1..]
                    .iter()
                    .fold(games[0], |acc, h| acc.ordinal_sum(h))
            }
            ExprKind::Product(pair) => product(&values, &pair.0, &pair.1, e.span)?,
            ExprKind::Compare(_, rel) => {
                let (a, b) = (&values[0], &values[1]);
                return match compare(a, b, *rel) {
                    Some(truth) => Ok(Value::Boolean(truth)),
                    None => fail(
                        e.span,
                        format!(
                            "'{}' compares games, not {} with {}",
                            rel.symbol(),
                            a.kind(),
                            b.kind()
                        ),
                    ),
                };
            }
            ExprKind::Call(c) => return self.call(c, values),
            ExprKind::Sided(_) => unreachable!("combined by combine_loopy"),
            ExprKind::Literal(_)
            | ExprKind::Text(_)
            | ExprKind::Boolean(_)
            | ExprKind::Misere(_)
            | ExprKind::Methods(..) => {
                unreachable!("evaluated without combining")
            }
            ExprKind::List(_) | ExprKind::Index(_) => {
                unreachable!("combined before the values are settled")
            }
            ExprKind::LoopyConstant(_)
            | ExprKind::Pass
            | ExprKind::Label(_)
            | ExprKind::Labelled { .. } => unreachable!("built as a loopy literal"),
        }))
    }

    /// The value of `e` when it is an operator with a loopy game or a Smith value among its
    /// operands (or `S & T`); `None` when the operators of short games apply.
    fn combine_loopy(&self, e: &Expr, values: &[Value]) -> Option<EResult<Value>> {
        let is_loopy = |v: &Value| matches!(v, Value::Loopy(_));
        let is_smith = |v: &Value| matches!(v, Value::SmithValue(_));
        let any_loopy = values.iter().any(is_loopy);
        let any_smith = values.iter().any(is_smith);
        let children = e.children();
        let lift = |i: usize, what: &str| -> EResult<LoopyValue> {
            match loopy::as_loopy(&values[i]) {
                Some(Ok(l)) => Ok(l),
                Some(Err(err)) => fail(children[i].span, loopy::message(&err)),
                None => fail(
                    children[i].span,
                    format!("{what} must be a game, not {}", values[i].kind()),
                ),
            }
        };
        let done = |r: Result<Value, crate::algebra::loopy::LoopyError>| {
            r.or_else(|err| fail(e.span, loopy::message(&err)))
        };
        Some(match &e.kind {
            ExprKind::Sided(_) => (|| {
                let on = lift(0, "the onside")?;
                let off = lift(1, "the offside")?;
                done(loopy::sided(&on, &off))
            })(),
            ExprKind::Neg(_) if any_loopy => {
                lift(0, "the operand of '-'").and_then(|g| done(loopy::neg(g)))
            }
            // An impartial game is its own negative.
            ExprKind::Neg(_) if any_smith => Ok(values[0].clone()),
            ExprKind::Sum(terms) if any_loopy => (|| {
                let mut lifted = Vec::new();
                for (i, (sign, _)) in terms.iter().enumerate() {
                    lifted.push((*sign == Sign::Minus, lift(i, "a term of '+'")?));
                }
                done(loopy::sum(lifted))
            })(),
            ExprKind::Sum(_) if any_smith => {
                (|| {
                    let mut acc = crate::algebra::loopy::smith::LoopyNimValue::Finite(0);
                    for (i, v) in values.iter().enumerate() {
                        let term = match v {
                        Value::SmithValue(s) => s.clone(),
                        Value::Game(g) => match loopy::smith_of_game(*g) {
                            Some(s) => s,
                            None => return fail(children[i].span, format!("a Smith value adds only to Smith values and nimbers, not {g}")),
                        },
                        v => return fail(children[i].span, format!("'+' needs games, not {}", v.kind())),
                    };
                        acc = loopy::smith_sum(&acc, &term)
                            .or_else(|err| fail(e.span, err.to_string()))?;
                    }
                    Ok(Value::SmithValue(acc))
                })()
            }
            ExprKind::Compare(_, rel) if any_loopy => (|| {
                let a = lift(0, "an operand of a comparison")?;
                let b = lift(1, "an operand of a comparison")?;
                let le = |x: &LoopyValue, y: &LoopyValue| {
                    loopy::le(x, y).or_else(|err| fail(e.span, loopy::message(&err)))
                };
                let (ab, ba) = (le(&a, &b)?, le(&b, &a)?);
                Ok(Value::Boolean(relation(ab, ba, *rel)))
            })(),
            _ => return None,
        })
    }

    /// The value of `e` when it is a sum or a negative with a misère game among its operands:
    /// the misère sum (CGT ch. V), where an impartial game is its own negative (its
    /// Left and Right options are the same), so that `-G` is `G` and `G - H` is `G + H`. A
    /// normal-play game among misère ones is an error: its canonical form does not keep its
    /// misère play. `None` for other operators, which take games (or compare any values).
    fn combine_misere(&self, e: &Expr, values: &[Value]) -> Option<EResult<Value>> {
        if !values.iter().any(|v| matches!(v, Value::Misere(_))) {
            return None;
        }
        let children = e.children();
        let misere = |i: usize| match &values[i] {
            Value::Misere(g) => Ok(*g),
            v => {
                let span = children[i].span;
                let text = &self.src[span.start..span.end];
                fail(
                    span,
                    format!(
                        "misère games add to misère games, and {text} is {}: write its misère form, ({text}).MisereCanonicalForm",
                        v.kind()
                    ),
                )
            }
        };
        match &e.kind {
            ExprKind::Sum(_) => {
                let mut sum = MisereGame::zero();
                for i in 0..values.len() {
                    match misere(i) {
                        Ok(g) => sum += g,
                        Err(err) => return Some(Err(err)),
                    }
                }
                Some(Ok(Value::Misere(sum)))
            }
            ExprKind::Neg(_) => Some(Ok(values[0].clone())),
            _ => None,
        }
    }

    /// `a + b − c ...`. A term that is not a game is an error; when it is the last term and a
    /// method call (`{3|-2} + *.Incentives`), the message suggests the parentheses that apply
    /// the method to the whole sum, since a method binds tighter than `+`.
    fn sum(&self, whole: &Expr, terms: &[(Sign, Expr)], values: &[Value]) -> EResult<Game> {
        let mut acc = Game::zero();
        for (i, ((sign, term), value)) in terms.iter().zip(values).enumerate() {
            let explicit = match value {
                Value::Form(f) => Some(f.canonical_form()),
                _ => None,
            };
            let ((Value::Game(g), _) | (_, Some(g))) = (value, explicit.as_ref()) else {
                let op = if *sign == Sign::Plus { '+' } else { '-' };
                let text = &self.src[term.span.start..term.span.end];
                let mut message = format!("'{op}' needs games, but {text} is {}", value.kind());
                if let ExprKind::Methods(receiver, _) = &term.kind {
                    if i > 0 && i + 1 == terms.len() {
                        let split = receiver.span.end;
                        message += &format!(
                            "; a method applies to the term just before it, so write ({}){}",
                            &self.src[whole.span.start..split],
                            &self.src[split..term.span.end]
                        );
                    }
                }
                return fail(term.span, message);
            };
            match sign {
                Sign::Plus => acc += *g,
                Sign::Minus => acc -= *g,
            }
        }
        Ok(acc)
    }

    fn call(&self, c: &Call, values: Vec<Value>) -> EResult<Value> {
        check_call(c, self.scope)?;
        let args = c.arguments();
        if self.scope == Scope::Families && c.name == IMPARTIAL {
            return match &values[0] {
                Value::Position(p) if p.has_tree() => Ok(Value::Position(p.impartial_closure())),
                Value::Position(p) => fail(
                    args[0].value.span,
                    format!("impartial: {p} is known by its value only, not by its moves"),
                ),
                v => fail(
                    args[0].value.span,
                    format!(
                        "impartial takes a position of a family, such as impartial(clobber(\"xoxo\")), not {}: a value has no moves of its own",
                        v.kind()
                    ),
                ),
            };
        }
        let values = values
            .into_iter()
            .zip(args)
            .map(|(v, a)| settle(v, a.value.span))
            .collect::<EResult<Vec<Value>>>()?;
        if let Some(f) = function(&c.name) {
            let games = args
                .iter()
                .zip(&values)
                .map(|(a, v)| game(v, &a.value, &format!("an argument of {}", c.name)))
                .collect::<EResult<Vec<Game>>>()?;
            return f
                .apply(&games)
                .or_else(|m| fail(c.span, format!("{}: {m}", c.name)));
        }
        let mut positional: Vec<Arg> = Vec::new();
        let mut named: Vec<NamedArg> = Vec::new();
        for (a, value) in args.iter().zip(values) {
            let arg = match value {
                Value::Game(g) => Arg::Game(g),
                Value::Text(s) => Arg::Str(s),
                v => {
                    return fail(
                        a.value.span,
                        format!(
                            "an argument of {} must be a game or a string, not {}",
                            c.name,
                            v.kind()
                        ),
                    )
                }
            };
            match &a.name {
                Some(n) => named.push((n.clone(), arg)),
                None => positional.push(arg),
            }
        }
        if let (Scope::Families, Some(f)) = (self.scope, rulesets::family(&c.name)) {
            if let Some(call) = f.loopy() {
                return match call(&positional, &named) {
                    Ok(rulesets::LoopyCall::Graph(g)) => {
                        Ok(Value::Loopy(LoopyValue::from_graph(g)))
                    }
                    Ok(rulesets::LoopyCall::Smith(s)) => Ok(Value::SmithValue(s)),
                    Err(m) => fail(c.span, format!("{}: {m} (usage: {})", c.name, f.usage())),
                };
            }
            if let Some(p) = f.position(&positional, &named) {
                return p
                    .map(Value::Position)
                    .or_else(|m| fail(c.span, format!("{}: {m} (usage: {})", c.name, f.usage())));
            }
        }
        let result = match self.scope {
            Scope::Families => rulesets::call(&c.name, &positional, &named),
            Scope::Core => None,
        };
        match result {
            // The family gives its value only: the call is a position without a tree, so that
            // questions about its moves are refused instead of answered from the value.
            Some(Ok(g)) => Ok(Value::Position(Position::value_only(
                self.src[c.span.start..c.span.end].to_string(),
                g,
            ))),
            Some(Err(m)) => fail(c.span, format!("{}: {m}", c.name)),
            None => fail(c.name_span, format!("unknown function '{}'", c.name)),
        }
    }

    fn method(&self, receiver: Value, values: Vec<Value>, c: &Call) -> EResult<Value> {
        check_method(c)?;
        if let Value::Misere(g) = receiver {
            let name = method(&c.name).map_or(c.name.as_str(), |m| m.name);
            return misere::method(g, name, &c.name).or_else(|m| fail(c.name_span, m));
        }
        if LIST_SIZE.contains(&c.name.as_str()) {
            return match receiver {
                Value::List(items) => Ok(Value::Game(Game::integer(items.len() as i64))),
                v => fail(
                    c.name_span,
                    format!("{} applies to lists, not {}", c.name, v.kind()),
                ),
            };
        }
        let values = values
            .into_iter()
            .zip(c.arguments())
            .map(|(v, a)| settle(v, a.value.span))
            .collect::<EResult<Vec<Value>>>()?;
        let receiver = match receiver {
            Value::Position(p) => {
                if let Some(m) = method(&c.name) {
                    if let Some(v) = position_method(&p, m, c)? {
                        return Ok(v);
                    }
                }
                settle(Value::Position(p), c.span)?
            }
            v => v,
        };
        if let Some(lm) = loopy::method(&c.name) {
            if matches!(receiver, Value::Loopy(_)) || method(&c.name).is_none() {
                return self.loopy_method(lm, receiver, values, c);
            }
        }
        let Some(m) = method(&c.name) else {
            return fail(c.name_span, format!("unknown method '{}'", c.name));
        };
        if let Value::Loopy(_) = receiver {
            return fail(
                c.name_span,
                format!(
                    "{} applies to short games, not to a loopy game; methods of loopy games: {}",
                    c.name,
                    loopy::all_names()
                ),
            );
        }
        let is_game = |v: &Value| matches!(v, Value::Game(_) | Value::Form(_));
        if !is_game(&receiver) {
            return fail(
                c.name_span,
                format!("{} applies to games, not {}", c.name, receiver.kind()),
            );
        }
        for (a, value) in c.arguments().iter().zip(&values) {
            if !is_game(value) {
                return fail(
                    a.value.span,
                    format!("{} takes games as arguments, not {}", c.name, value.kind()),
                );
            }
        }
        let failed = |e: crate::Error| EvalError {
            span: c.span,
            message: e.to_string(),
        };
        // An operation defined on forms uses the forms as written when one is explicit.
        let explicit = |v: &Value| matches!(v, Value::Form(_));
        if let Some(apply) = methods::on_forms(m) {
            if explicit(&receiver) || values.iter().any(explicit) {
                let args: Vec<Form> = values.into_iter().map(form).collect();
                return apply(&form(receiver), &args).map_err(failed);
            }
        }
        let g = receiver.as_game().expect("checked to be a game");
        let args: Vec<Game> = values
            .iter()
            .map(|v| v.as_game().expect("checked to be a game"))
            .collect();
        m.apply(g, &args).map_err(failed)
    }
}

/// A game value as a form: an explicit game as written, a canonical game as a leaf. Only
/// called on values already checked to be games or forms.
fn form(value: Value) -> Form {
    match value {
        Value::Form(f) => f,
        v => Form::value(v.as_game().expect("a game")),
    }
}

impl Evaluator<'_> {
    /// A method of loopy games; a short game receiver or argument is taken as a loopy game.
    fn loopy_method(
        &self,
        m: &loopy::LoopyMethod,
        receiver: Value,
        values: Vec<Value>,
        c: &Call,
    ) -> EResult<Value> {
        // A short game in canonical form needs no graph for these: it is its own onside and
        // offside (a stopper), and it is impartial exactly when it is a nimber, whose Smith
        // value is its nim value (CGT ch. IV.4). Its graph could be large (an integer
        // n has n + 1 positions).
        if let (Value::Game(g), true) = (&receiver, values.is_empty()) {
            match m.name {
                "onside" | "offside" => return Ok(receiver),
                "smith_value" => {
                    return match g.as_nimber() {
                        Some(n) => Ok(Value::SmithValue(
                            crate::algebra::loopy::smith::LoopyNimValue::Finite(n),
                        )),
                        None => fail(
                            c.span,
                            format!(
                                "{}: {g} is not impartial (a short game is impartial only when its value is a nimber)",
                                c.name
                            ),
                        ),
                    }
                }
                _ => {}
            }
        }
        let Some(g) = loopy::as_loopy(&receiver) else {
            return fail(
                c.name_span,
                format!("{} applies to games, not {}", c.name, receiver.kind()),
            );
        };
        let g = g.or_else(|err| fail(c.span, loopy::message(&err)))?;
        let mut args = Vec::new();
        for (a, value) in c.arguments().iter().zip(values) {
            match loopy::as_loopy(&value) {
                Some(Ok(h)) => args.push(h),
                Some(Err(err)) => return fail(a.value.span, loopy::message(&err)),
                None => {
                    return fail(
                        a.value.span,
                        format!("{} takes games as arguments, not {}", c.name, value.kind()),
                    )
                }
            }
        }
        m.apply(&g, &args)
            .or_else(|err| fail(c.span, format!("{}: {}", c.name, loopy::message(&err))))
    }
}

/// The name of the impartial closure, `impartial(G)`.
const IMPARTIAL: &str = "impartial";

/// The spellings of the number of items of a list, `L.Size`.
const LIST_SIZE: &[&str] = &["size", "Size"];

/// `list[i]`: the `i`-th element, counted from 1 as in CGScript (`i` written at `at`).
fn index(list: &Value, i: &Value, at: &Expr, span: Span) -> EResult<Value> {
    let Value::List(items) = list else {
        return fail(
            span,
            format!("'[i]' picks an element of a list, not of {}", list.kind()),
        );
    };
    let n = items.len();
    let position = match i {
        Value::Game(g) => g.as_number().and_then(Number::to_i64),
        _ => None,
    };
    let Some(k) = position.filter(|k| k.is_positive() && k.unsigned_abs() <= n as u64) else {
        let what = match i {
            Value::Game(g) if g.as_number().is_some_and(Number::is_integer) => {
                format!("{g} is out of range")
            }
            Value::Game(g) => format!("the index must be an integer, not {g}"),
            v => format!("the index must be an integer, not {}", v.kind()),
        };
        return fail(
            at.span,
            format!(
                "{what}: the list has {n} element{} and its first is [1]",
                plural(n)
            ),
        );
    };
    Ok(items[k as usize - 1].clone())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `a * b` (CGScript's multiplication): `n * G` or `G * n` for an integer `n` is the sum of
/// `|n|` copies of `G` (of `−G` when `n < 0`), and the product of two numbers is their product.
/// A multiple of a number-up-star is computed on its parts; any other game by doubling, so that
/// `n * G` takes about 2·log2(n) sums.
fn product(values: &[Value], a: &Expr, b: &Expr, span: Span) -> EResult<Game> {
    let x = game(&values[0], a, "an operand of '*'")?;
    let y = game(&values[1], b, "an operand of '*'")?;
    if let (Some(p), Some(q)) = (x.as_number(), y.as_number()) {
        return Ok(Game::number(p * q));
    }
    let integer = |g: Game| {
        g.as_number()
            .filter(|n| n.is_integer())
            .map(|n| n.numerator())
    };
    let (n, g) = match (integer(x), integer(y)) {
        (Some(n), _) => (n, y),
        (_, Some(n)) => (n, x),
        _ => {
            return fail(
                span,
                format!(
                    "'*' multiplies a game by an integer (3 * ^) or two numbers, not {x} by {y}; \
                     Norton's product is G.NortonMultiply(U), the nim product *a.ConwayProduct(*b)"
                ),
            )
        }
    };
    multiple(&n, g).or_else(|message| fail(span, message))
}

/// `n · G`, the sum of `|n|` copies of `G` (negated for `n < 0`): a number-up-star on its
/// parts (so that an up multiple beyond the algebra's range is an error here, with the count),
/// any other game by the algebra's doubling ([`crate::algebra::ops::integer_multiple`]).
fn multiple(n: &num_bigint::BigInt, g: Game) -> Result<Game, String> {
    let Some(v) = g.as_nus() else {
        return Ok(crate::algebra::ops::integer_multiple(n, g));
    };
    let ups = num_bigint::BigInt::from(v.ups) * n;
    let ups = i64::try_from(&ups).map_err(|_| {
        format!("{n} * {g} has {ups} ups: at most 2^63 - 1 either way are supported")
    })?;
    Ok(Game::nus(Nus {
        number: &v.number * &Number::from(n.clone()),
        ups,
        nimber: if n.bit(0) { v.nimber } else { 0 },
    }))
}

/// A position stands for its canonical form (computed here, at `span`); other values are kept.
fn settle(v: Value, span: Span) -> EResult<Value> {
    match v {
        Value::Position(p) => p
            .canonical_form()
            .map(Value::Game)
            .or_else(|e| fail(span, e.to_string())),
        v => Ok(v),
    }
}

/// The methods asked of a position's own game tree (its options, followers and misère play),
/// and the compounds that depend on a form, which a position does not give: `None` for the
/// methods of its canonical form.
fn position_method(p: &Position, m: &Method, c: &Call) -> EResult<Option<Value>> {
    let of_tree = matches!(
        m.name,
        "left_options"
            | "right_options"
            | "followers"
            | "follower_count"
            | "misere_canonical_form"
            | "misere_outcome_class"
            | "genus"
            | "winning_moves"
            | "outcome_class"
    );
    if matches!(m.name, "ordinal_sum" | "conjunctive_sum" | "selective_sum") {
        return fail(
            c.name_span,
            format!(
                "{} depends on the form of a game, and {p} is a position: ask it of the canonical form, ({p}).CanonicalForm.{}",
                c.name, c.name
            ),
        );
    }
    if !of_tree {
        return Ok(None);
    }
    if !p.has_tree() {
        return fail(
            c.name_span,
            format!(
                "{}: {p} is known by its value only (its family does not give its positions), so {} of the position cannot be computed; ({p}).CanonicalForm.{} asks it of the canonical form",
                c.name, c.name, c.name
            ),
        );
    }
    let failed = |e: crate::Error| EvalError {
        span: c.span,
        message: e.to_string(),
    };
    let positions =
        |list: Vec<Position>| Value::List(list.into_iter().map(Value::Position).collect());
    Ok(Some(match m.name {
        "left_options" => positions(p.left_options()),
        "right_options" => positions(p.right_options()),
        "followers" => positions(p.followers().map_err(failed)?),
        "follower_count" => Value::Game(Game::integer(p.followers().map_err(failed)?.len() as i64)),
        "misere_canonical_form" => Value::Misere(p.misere_canonical_form().map_err(failed)?),
        "genus" => Value::Genus(p.genus().map_err(failed)?),
        "misere_outcome_class" => Value::Outcome(p.misere_outcome().map_err(failed)?),
        "outcome_class" => Value::Outcome(p.outcome().map_err(failed)?),
        "winning_moves" => {
            // A Left option is a winning move when Left wins it with Right to move, and so on:
            // decided like OutcomeClass, from the canonical form when it is cheap, else by search.
            let mut sides = Vec::new();
            for (options, left) in [(p.left_options(), true), (p.right_options(), false)] {
                let mut winning = Vec::new();
                for o in options {
                    if !o.wins_moving_first(!left).map_err(failed)? {
                        winning.push(Value::Position(o));
                    }
                }
                sides.push(Value::List(winning));
            }
            Value::List(sides)
        }
        _ => unreachable!("a method of the tree"),
    }))
}

/// The game `value` (of the expression `e`); `what` names `e` in the error when it is not one.
fn game(value: &Value, e: &Expr, what: &str) -> EResult<Game> {
    match value {
        Value::Position(p) => p
            .canonical_form()
            .or_else(|err| fail(e.span, err.to_string())),
        Value::Game(g) => Ok(*g),
        Value::Form(f) => Ok(f.canonical_form()),
        v => fail(e.span, format!("{what} must be a game, not {}", v.kind())),
    }
}

/// `a rel b`: for games the partial order of games; `==` and `!=` compare any two values;
/// `None` when the relation does not apply to the values.
fn compare(a: &Value, b: &Value, rel: Relation) -> Option<bool> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    // Games compare by value, explicit ones too: '{*|*}' == 0.
    let canonical = |v: &Value| match v {
        Value::Form(f) => Value::Game(f.canonical_form()),
        v => v.clone(),
    };
    let (a, b) = (&canonical(a), &canonical(b));
    match (a, b, rel) {
        (_, _, Relation::Equal) => Some(a == b),
        (_, _, Relation::NotEqual) => Some(a != b),
        (Value::Game(a), Value::Game(b), rel) => {
            let order = a.partial_cmp(b);
            Some(relation(
                matches!(order, Some(Less | Equal)),
                matches!(order, Some(Greater | Equal)),
                rel,
            ))
        }
        _ => None,
    }
}

/// Whether `a rel b` holds, given whether `a <= b` and whether `b <= a`.
fn relation(le: bool, ge: bool, rel: Relation) -> bool {
    match rel {
        Relation::LessOrEqual => le,
        Relation::GreaterOrEqual => ge,
        Relation::Less => le && !ge,
        Relation::Greater => ge && !le,
        Relation::Confused => !le && !ge,
        Relation::LessOrConfused => !ge,
        Relation::GreaterOrConfused => !le,
        Relation::Equal => le && ge,
        Relation::NotEqual => !(le && ge),
    }
}
