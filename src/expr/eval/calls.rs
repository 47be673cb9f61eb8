//! Calls and methods: functions, families and CGSuite's rulesets called with their arguments,
//! function values applied, and the methods of games, positions and loopy games.

use super::super::ast::{Argument, Call, Span};
use super::super::env::{Closure, FrameKind};
use super::super::functions::function;
use super::super::loopy::{self, LoopyValue};
use super::super::methods::{self, method, Method};
use super::super::names::{self, Object, Reading, Ruleset};
use super::super::value::Value;
use super::super::{builtins, misere, Scope};
use super::check::{check_call, check_method, IMPARTIAL};
use super::error::{fail, EResult, EvalError};
use super::games::{form, game, settle};
use super::{stray, Evaluator, FResult, Flow, MAX_CALL_DEPTH};
use crate::algebra::form::Form;
use crate::algebra::Game;
use crate::rulesets::{self, Arg, NamedArg};
use crate::solve::Position;
use std::sync::Arc;

/// The arguments of a call: each value with its name, if it was named, and where it was
/// written.
pub(super) type Args = Vec<(Option<String>, Value, Span)>;

/// The arguments `args` of a call with their values.
fn named(args: &[Argument], values: Vec<Value>) -> Args {
    args.iter()
        .zip(values)
        .map(|(a, v)| (a.name.clone(), v, a.value.span))
        .collect()
}

impl Evaluator {
    /// A call `name(args)`: of a variable that holds a function or a ruleset, of a function,
    /// of a family or of one of CGSuite's rulesets.
    pub(super) fn call_expression(&mut self, c: &Call) -> FResult<Value> {
        let held = self.env.get(&c.name);
        let mut values = Vec::with_capacity(c.arguments().len());
        for a in c.arguments() {
            values.push(self.eval(&a.value)?);
        }
        Ok(super::within_limits(c.span, || {
            if let Some(f) = held {
                return self.apply(f, named(c.arguments(), values), c.span);
            }
            if let Some(v) = self.builtin_function(c, &values)? {
                return Ok(v);
            }
            if self.scope == Scope::Families && rulesets::family(&c.name).is_none() {
                if let Some(spec) = names::ruleset(&c.name) {
                    let ruleset = Ruleset {
                        spec,
                        params: Vec::new(),
                    };
                    return self.call_ruleset(&ruleset, named(c.arguments(), values), c.span);
                }
            }
            self.call(c, values)
        })?)
    }

    /// `f(args)` for a function value `f`: a closure, or a ruleset.
    pub(super) fn apply(&mut self, f: Value, args: Args, span: Span) -> EResult<Value> {
        match f {
            Value::Function(closure) => self.call_closure(&closure, args, span),
            Value::Object(Object::Ruleset(r)) => self.call_ruleset(&r, args, span),
            v => fail(
                span,
                format!("{v} is {}, not a function: it cannot be called", v.kind()),
            ),
        }
    }

    /// Calls a closure: its parameters bound to the arguments (positional first, then named
    /// `name => value`), defaults for the optional ones left out, in a new frame inside the one
    /// the closure was created in.
    pub(super) fn call_closure(
        &mut self,
        closure: &Closure,
        args: Args,
        span: Span,
    ) -> EResult<Value> {
        let function = closure.function.clone();
        let params = &function.params;
        let mut bound: Vec<Option<Value>> = vec![None; params.len()];
        let mut positional = 0;
        let mut seen_named = false;
        let count = args.len();
        for (name, v, at) in args {
            match name {
                None => {
                    if seen_named {
                        return fail(at, "an argument without a name after a named one");
                    }
                    if positional >= params.len() {
                        return fail(
                            span,
                            format!(
                                "too many arguments: {} (the function takes at most {})",
                                count,
                                params.len()
                            ),
                        );
                    }
                    bound[positional] = Some(v);
                    positional += 1;
                }
                Some(n) => {
                    seen_named = true;
                    let Some(i) = params.iter().position(|p| p.name == n) else {
                        return fail(at, format!("the function has no parameter '{n}'"));
                    };
                    if bound[i].is_some() {
                        return fail(at, format!("the parameter '{n}' is given twice"));
                    }
                    bound[i] = Some(v);
                }
            }
        }
        if self.depth >= MAX_CALL_DEPTH {
            return fail(
                span,
                format!("calls nested deeper than {MAX_CALL_DEPTH}: is the recursion endless?"),
            );
        }
        crate::interrupt::check();
        let frame = closure.env.child(FrameKind::Call);
        let saved_env = std::mem::replace(&mut self.env, frame);
        // Defaults are evaluated in the new frame, so they can use the parameters before them.
        let mut result = Ok(());
        for (p, v) in params.iter().zip(bound) {
            let v = match (v, &p.default) {
                (Some(v), _) => v,
                (None, Some(d)) => match self.eval(d) {
                    Ok(v) => v,
                    Err(flow) => {
                        result = Err(stray(flow));
                        break;
                    }
                },
                (None, None) => {
                    result = fail(span, format!("the argument '{}' is missing", p.name));
                    break;
                }
            };
            self.env.declare(&p.name, v);
        }
        if let Err(e) = result {
            self.env = saved_env;
            return Err(e);
        }
        let literals = function
            .literals
            .get_or_init(|| Arc::new(super::super::loopy_literal::Literals::find(&function.body)))
            .clone();
        let saved_literals = std::mem::replace(&mut self.literals, literals);
        let same_source = Arc::ptr_eq(&self.src, &function.source) || *self.src == *function.source;
        let saved_src = std::mem::replace(&mut self.src, function.source.clone());
        self.depth += 1;
        let outcome = self.eval(&function.body);
        self.depth -= 1;
        self.src = saved_src;
        self.literals = saved_literals;
        self.env = saved_env;
        match outcome {
            Ok(v) | Err(Flow::Return(v)) => Ok(v),
            Err(flow) => {
                let e = stray(flow);
                if same_source {
                    Err(e)
                } else {
                    // The body was written in another input: the error is reported at the call.
                    let name = function.name.as_deref().unwrap_or("the function");
                    fail(span, format!("in {name}: {}", e.message))
                }
            }
        }
    }

    /// A ruleset called with `values`: its parameters first (`TakeAndBreak("0.77")` is a
    /// ruleset again), then its position, as a call of its partizan family.
    pub(super) fn call_ruleset(
        &mut self,
        r: &Ruleset,
        mut values: Args,
        span: Span,
    ) -> EResult<Value> {
        let spec = r.spec;
        for v in &mut values {
            v.1 = settle(std::mem::replace(&mut v.1, Value::Nothing), v.2)?;
        }
        if let Reading::Parameters(n) = spec.reading {
            if r.params.len() < n {
                let mut params = r.params.clone();
                for (name, v, at) in values {
                    if name.is_some() {
                        return fail(at, format!("{} takes no named parameter here", spec.path));
                    }
                    params.push(v);
                }
                if params.len() > n {
                    return fail(
                        span,
                        format!(
                            "{} takes {n} parameter(s), then a position: {}(...)(n)",
                            spec.path, spec.path
                        ),
                    );
                }
                return Ok(Value::Object(Object::Ruleset(Ruleset { spec, params })));
            }
        }
        let mut converted: Vec<(Option<String>, Value, Span)> = Vec::new();
        for p in &r.params {
            let v = match names::set_text(p) {
                Some(text) if !matches!(p, Value::Text(_)) => Value::Text(text),
                _ => p.clone(),
            };
            converted.push((None, v, span));
        }
        for (i, (name, v, at)) in values.into_iter().enumerate() {
            let v = match (spec.reading, &v, i) {
                (
                    Reading::Grid { cgsuite, ours } | Reading::Strip { cgsuite, ours },
                    Value::Text(s),
                    0,
                ) => Value::Text(
                    names::translate(s, cgsuite, ours, spec.path).or_else(|m| fail(at, m))?,
                ),
                (Reading::Grid { cgsuite, ours }, Value::Object(Object::Grid(g)), 0) => {
                    let text = g.text(cgsuite);
                    Value::Text(
                        names::translate(&text, cgsuite, ours, spec.path)
                            .or_else(|m| fail(at, m))?,
                    )
                }
                _ => v,
            };
            converted.push((name, v, at));
        }
        for (name, value) in spec.named {
            converted.push((Some(name.to_string()), Value::Text(value.to_string()), span));
        }
        self.family_call(spec.family, span, span, converted)
    }

    /// The call `c` of a function or a family, with the values of its arguments.
    pub(super) fn call(&self, c: &Call, values: Vec<Value>) -> EResult<Value> {
        check_call(c, self.scope)?;
        let args = c.arguments();
        if self.scope == Scope::Families && c.name == IMPARTIAL {
            return match &values[0] {
                Value::Position(p) if p.has_tree() => Ok(Value::Position(p.impartial_closure())),
                Value::Position(p) => fail(
                    args[0].value.span,
                    format!("impartial: {p} is known by its value only, not by its moves"),
                ),
                // A short game: the closure of its canonical form's tree (MCGS's closures of
                // its basic games, `[impartial integer_game] 4`, are those of their forms).
                v => match v.as_game() {
                    Some(g) => Ok(Value::Position(Position::of_form(g).impartial_closure())),
                    None => fail(
                        args[0].value.span,
                        format!(
                            "impartial takes a position of a family, such as impartial(clobber(\"xoxo\")), or a short game, not {}",
                            v.kind()
                        ),
                    ),
                },
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
        let args: Vec<(Option<String>, Value, Span)> = args
            .iter()
            .zip(values)
            .map(|(a, v)| (a.name.clone(), v, a.value.span))
            .collect();
        self.family_call(&c.name, c.span, c.name_span, args)
    }

    /// The family `name` called with `args` (each with its name, if any, and where it was
    /// written) at `span`: a position, a loopy game, or a value known by its value only.
    fn family_call(
        &self,
        name: &str,
        span: Span,
        name_span: Span,
        args: Vec<(Option<String>, Value, Span)>,
    ) -> EResult<Value> {
        let mut positional: Vec<Arg> = Vec::new();
        let mut named: Vec<NamedArg> = Vec::new();
        for (arg_name, value, at) in args {
            let arg = match value {
                Value::Game(g) => Arg::Game(g),
                Value::Text(s) => Arg::Str(s),
                // A switch of a family (a named argument) is 1 or 0, true or false.
                Value::Boolean(b) if arg_name.is_some() => Arg::Game(Game::integer(i64::from(b))),
                v => {
                    return fail(
                        at,
                        format!(
                            "an argument of {name} must be a game or a string, not {}",
                            v.kind()
                        ),
                    )
                }
            };
            match arg_name {
                Some(n) => named.push((n, arg)),
                None => positional.push(arg),
            }
        }
        if let (Scope::Families, Some(f)) = (self.scope, rulesets::family(name)) {
            if let Some(call) = f.loopy() {
                return match call(&positional, &named) {
                    Ok(rulesets::LoopyCall::Graph(g)) => {
                        Ok(Value::Loopy(LoopyValue::from_graph(g)))
                    }
                    Ok(rulesets::LoopyCall::Smith(s)) => Ok(Value::SmithValue(s)),
                    Err(m) => fail(span, format!("{name}: {m} (usage: {})", f.usage())),
                };
            }
            if let Some(p) = f.position(&positional, &named) {
                return p
                    .map(Value::Position)
                    .or_else(|m| fail(span, format!("{name}: {m} (usage: {})", f.usage())));
            }
        }
        let result = match self.scope {
            Scope::Families => rulesets::call(name, &positional, &named),
            Scope::Core => None,
        };
        match result {
            // The family gives its value only: the call is a position without a tree, so that
            // questions about its moves are refused instead of answered from the value.
            Some(Ok(g)) => Ok(Value::Position(Position::value_only(
                self.src[span.start..span.end].to_string(),
                g,
            ))),
            Some(Err(m)) => fail(span, format!("{name}: {m}")),
            None => fail(name_span, format!("unknown function '{name}'")),
        }
    }

    /// A call of one of the functions of [`builtins`] (`Sum`, `Max`, `error`, …).
    pub(super) fn builtin_function(
        &mut self,
        c: &Call,
        values: &[Value],
    ) -> EResult<Option<Value>> {
        if builtins::function(&c.name).is_none() || function(&c.name).is_some() {
            return Ok(None);
        }
        let values = values
            .iter()
            .zip(c.arguments())
            .map(|(v, a)| settle(v.clone(), a.value.span))
            .collect::<EResult<Vec<Value>>>()?;
        match builtins::call_function(&c.name, &values) {
            Some(Ok(v)) => Ok(Some(v)),
            Some(Err(m)) if c.name == "error" => fail(c.span, m),
            Some(Err(m)) => fail(c.span, format!("{}: {m}", c.name)),
            None => Ok(None),
        }
    }

    /// The methods that are not methods of games: those of packages and classes (a member,
    /// called when arguments follow), those that take a player (`G.Options(Left)`), and those
    /// of [`builtins`] (collections, strings, numbers, players). `None` for the methods of
    /// games.
    fn value_method(
        &mut self,
        receiver: &Value,
        values: &[Value],
        c: &Call,
    ) -> EResult<Option<Value>> {
        if let Value::Object(o @ (Object::Package(_) | Object::Class(_))) = receiver {
            if let Some(m) = names::member(o, &c.name) {
                return match &c.args {
                    None => Ok(Some(m)),
                    Some(args) => self
                        .apply(m, named(args, values.to_vec()), c.span)
                        .map(Some),
                };
            }
        }
        let player_method = match c.name.as_str() {
            "Options" | "options" => Some(("LeftOptions", "RightOptions")),
            "Stop" | "stop" | "StrongStop" | "strong_stop" => Some(("LeftStop", "RightStop")),
            _ => None,
        };
        if let (Some((left, right)), [Value::Player(l)]) = (player_method, values) {
            if !matches!(receiver, Value::Object(_)) {
                let call = Call {
                    name: (if *l { left } else { right }).to_string(),
                    name_span: c.name_span,
                    args: None,
                    span: c.span,
                };
                return self.method(receiver.clone(), Vec::new(), &call).map(Some);
            }
        }
        if let (Some(("LeftOptions", _)), [], Value::Position(p)) =
            (player_method, values, receiver)
        {
            if !p.is_impartial() {
                return fail(
                    c.name_span,
                    format!("{}: {p} is partizan, so its options are Left's or Right's: write Options(Left) or Options(Right)", c.name),
                );
            }
            let call = Call {
                name: "LeftOptions".to_string(),
                name_span: c.name_span,
                args: None,
                span: c.span,
            };
            return self.method(receiver.clone(), Vec::new(), &call).map(Some);
        }
        let span = c.span;
        let mut caller = |f: &Value, args: Vec<Value>| -> Result<Value, String> {
            let args = args.into_iter().map(|v| (None, v, span)).collect();
            self.apply(f.clone(), args, span).map_err(|e| e.message)
        };
        match builtins::method(receiver, &c.name, values, &mut caller) {
            Some(Ok(v)) => Ok(Some(v)),
            Some(Err(m)) => fail(c.span, format!("{}: {m}", c.name)),
            None => Ok(None),
        }
    }

    /// The method `c` of `receiver`, with the values of its arguments.
    pub(super) fn method(
        &mut self,
        receiver: Value,
        values: Vec<Value>,
        c: &Call,
    ) -> EResult<Value> {
        check_method(c)?;
        if let Some(v) = self.value_method(&receiver, &values, c)? {
            return Ok(v);
        }
        if let Value::Misere(g) = receiver {
            let name = method(&c.name).map_or(c.name.as_str(), |m| m.name);
            return misere::method(g, name, &c.name).or_else(|m| fail(c.name_span, m));
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
            | "winning_move_names"
            | "outcome_class"
    ) || (m.name == "nim_value" && p.is_impartial());
    if m.name == "game_class" {
        return fail(
            c.name_span,
            format!(
                "{}: {p} is a position of a family, whose class in CGSuite is its ruleset's; ({p}).CanonicalForm.{} gives the class of its value",
                c.name, c.name
            ),
        );
    }
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
        "nim_value" => Value::Game(Game::big_integer(p.nim_value().map_err(failed)?.into())),
        "winning_moves" | "winning_move_names" => {
            // A Left option is a winning move when Left wins it with Right to move, and so on:
            // decided like OutcomeClass, from the canonical form when it is cheap, else by search.
            let mut sides = Vec::new();
            for (options, left) in [(p.left_options(), true), (p.right_options(), false)] {
                let mut winning = Vec::new();
                for o in options {
                    if !o.wins_moving_first(!left).map_err(failed)? {
                        winning.push(o);
                    }
                }
                sides.push(if m.name == "winning_moves" {
                    positions(winning)
                } else {
                    // Each beside its name: MCGS's notation on a board, else the option.
                    Value::Map(
                        winning
                            .into_iter()
                            .map(|o| {
                                let name = crate::rulesets::mcgs::moves::option_name(p, &o);
                                (Value::Text(name), Value::Position(o))
                            })
                            .collect(),
                    )
                });
            }
            Value::List(sides)
        }
        _ => unreachable!("a method of the tree"),
    }))
}
