//! The operators of games: sums, negatives, braces, switches, ordinal sums, products by
//! integers and comparisons, with their loopy and misère forms.

use super::super::ast::{Expr, ExprKind, Relation, Sign, Span};
use super::super::loopy::{self, LoopyValue};
use super::super::value::Value;
use super::error::{fail, EResult};
use super::Evaluator;
use crate::algebra::form::{Compound, Form};
use crate::algebra::misere::MisereGame;
use crate::algebra::{Game, Number, Nus};
use crate::solve::Position;

impl Evaluator {
    /// The value of `e` from the values of its children (in the order of [`Expr::children`]).
    pub(super) fn combine(&self, e: &Expr, values: Vec<Value>) -> EResult<Value> {
        // A sum of positions is a position; elsewhere a position stands for its canonical form.
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
        if let Some(v) = combine_values(e, &values) {
            return v;
        }
        if let Some(v) = self.combine_loopy(e, &values) {
            return v;
        }
        if let Some(v) = self.combine_misere(e, &values) {
            return v;
        }
        if let Some(v) = combine_explicit(e, &children, &values) {
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
                // A collection among the options stands for its elements (CGSuite's
                // `{opts, *8 | opts, *8}` with `opts` a list).
                let (mut l, mut r) = (Vec::new(), Vec::new());
                for (i, (v, c)) in values.iter().zip(&children).enumerate() {
                    let side = if i < *left { &mut l } else { &mut r };
                    match v {
                        Value::List(_) | Value::Set(_) | Value::Range(_) => {
                            for item in v.elements().expect("a collection") {
                                side.push(game(&item, c, "an option")?);
                            }
                        }
                        v => side.push(game(v, c, "an option")?),
                    }
                }
                Game::new(l, r)
            }
            ExprKind::PlusMinus(_) => {
                let games = games("the operand of '+-'")?;
                let negatives: Vec<Game> = games.iter().map(|g| -*g).collect();
                Game::new(games, negatives)
            }
            ExprKind::Neg(_) => -games("the operand of '-'")?[0],
            ExprKind::Sum(terms) => self.sum(e, terms, &values)?,
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
            ExprKind::Sided(_) => unreachable!("combined by combine_loopy"),
            _ => unreachable!("evaluated without combining"),
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
            let Value::Game(g) = value else {
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
}

/// called on values already checked to be games or forms.
/// The operators of values that are not games: `+` and `-` of numbers (rationals included),
/// `+` of strings and of lists, `-` of a rational, `*` of numbers. `None` when the operands are
/// games (or the operator is another).
fn combine_values(e: &Expr, values: &[Value]) -> Option<EResult<Value>> {
    let rational = values.iter().any(|v| matches!(v, Value::Rational(_)));
    match &e.kind {
        ExprKind::Sum(terms) if rational => {
            let mut total = num_rational::BigRational::from_integer(0.into());
            for ((sign, t), v) in terms.iter().zip(values) {
                let Some(x) = v.as_rational() else {
                    return Some(fail(
                        t.span,
                        format!(
                            "a rational number adds only to numbers, not to {}",
                            v.kind()
                        ),
                    ));
                };
                match sign {
                    Sign::Plus => total += x,
                    Sign::Minus => total -= x,
                }
            }
            Some(Ok(Value::number(total)))
        }
        ExprKind::Sum(terms)
            if matches!(values[0], Value::Text(_) | Value::List(_) | Value::Range(_)) =>
        {
            let strings = matches!(values[0], Value::Text(_));
            let mut text = String::new();
            let mut items = Vec::new();
            for ((sign, t), v) in terms.iter().zip(values) {
                match (sign, v, strings) {
                    (Sign::Plus, Value::Text(s), true) => text.push_str(s),
                    (Sign::Plus, Value::List(_) | Value::Range(_), false) => {
                        items.extend(v.elements().expect("a list"))
                    }
                    _ => {
                        let what = if strings {
                            "strings join only strings"
                        } else {
                            "lists join only lists"
                        };
                        return Some(fail(t.span, format!("'+': {what}, not {}", v.kind())));
                    }
                }
            }
            if text.len() > super::super::value::MAX_ELEMENTS
                || items.len() > super::super::value::MAX_ELEMENTS
            {
                return Some(fail(
                    e.span,
                    "'+' would make a string or a list of more than 2^24 bytes or elements",
                ));
            }
            Some(Ok(if strings {
                Value::Text(text)
            } else {
                Value::List(items)
            }))
        }
        ExprKind::Neg(_) if rational => Some(Ok(Value::number(-values[0].as_rational()?))),
        ExprKind::Product(_) if rational => {
            let (x, y) = (values[0].as_rational(), values[1].as_rational());
            Some(match (x, y) {
                (Some(x), Some(y)) => {
                    Ok(Value::number(crate::expr::value::rational_product(&x, &y)))
                }
                _ => fail(e.span, "'*' multiplies a rational number by numbers only"),
            })
        }
        _ => None,
    }
}

/// The value of `e` when an explicit game is among its operands: the compound kept as written,
/// as CGSuite keeps it (`'{0|}' + 1`, `-'{0|}'`, `'{-1|1}' : 1`, `-2 * '{|-1}'`, `+-'{0|}'`,
/// and braces with an explicit option, `{'{*|*}' : 1 | -1}`), whose value is its canonical form
/// when one is asked for. `None` when no operand is explicit or for other operators.
fn combine_explicit(e: &Expr, children: &[&Expr], values: &[Value]) -> Option<EResult<Value>> {
    let explicit = |v: &Value| matches!(v, Value::Form(_));
    let operator = matches!(
        e.kind,
        ExprKind::Braces {
            explicit: false,
            ..
        } | ExprKind::Neg(_)
            | ExprKind::Sum(_)
            | ExprKind::OrdinalSum(_)
            | ExprKind::Product(_)
            | ExprKind::PlusMinus(_)
    );
    if !operator || !values.iter().any(explicit) {
        return None;
    }
    // Every operand as a form: an explicit game as written, another game as its value.
    let forms = |what: &str| -> EResult<Vec<Form>> {
        values
            .iter()
            .zip(children)
            .map(|(v, c)| match v {
                Value::Form(f) => Ok(f.clone()),
                v => game(v, c, what).map(Form::value),
            })
            .collect()
    };
    let with = |kind, a: Form, b: Form| Form::compound(kind, a, b);
    Some((|| {
        Ok(Value::Form(match &e.kind {
            ExprKind::Braces { left, .. } => {
                let mut l = Vec::new();
                let mut r = Vec::new();
                for (i, (v, c)) in values.iter().zip(children).enumerate() {
                    let side = if i < *left { &mut l } else { &mut r };
                    match v {
                        Value::List(_) | Value::Set(_) | Value::Range(_) => {
                            for item in v.elements().expect("a collection") {
                                side.push(Form::value(game(&item, c, "an option")?));
                            }
                        }
                        Value::Form(f) => side.push(f.clone()),
                        v => side.push(Form::value(game(v, c, "an option")?)),
                    }
                }
                Form::new(l, r)
            }
            ExprKind::Neg(_) => forms("the operand of '-'")?[0].negative(),
            ExprKind::PlusMinus(_) => {
                let f = forms("the operand of '+-'")?;
                Form::new(f.clone(), f.iter().map(Form::negative).collect())
            }
            ExprKind::Sum(terms) => {
                let f = forms("a term of '+'")?;
                let signed = |i: usize| match terms[i].0 {
                    Sign::Plus => f[i].clone(),
                    Sign::Minus => f[i].negative(),
                };
                (1..f.len()).fold(signed(0), |acc, i| {
                    with(Compound::Disjunctive, acc, signed(i))
                })
            }
            ExprKind::OrdinalSum(_) => {
                let f = forms("an operand of ':'")?;
                f[1..].iter().fold(f[0].clone(), |acc, h| {
                    with(Compound::Ordinal, acc, h.clone())
                })
            }
            ExprKind::Product(_) => {
                let f = forms("an operand of '*'")?;
                let integer = |x: &Form| {
                    x.as_value()
                        .and_then(|g| g.as_number())
                        .is_some_and(|n| n.is_integer())
                };
                if !integer(&f[0]) && !integer(&f[1]) {
                    return fail(
                        e.span,
                        format!(
                            "'*' multiplies a game by an integer (3 * ^) or two numbers, not {} by {}; Conway's product of forms is G ConwayProduct H",
                            f[0], f[1]
                        ),
                    );
                }
                with(Compound::ConwayProduct, f[0].clone(), f[1].clone())
            }
            _ => unreachable!("an operator of explicit games"),
        }))
    })())
}

/// A game value as a form: an explicit game as written, a canonical game as a leaf. Only
/// called on values already checked to be games or forms.
pub(super) fn form(value: Value) -> Form {
    match value {
        Value::Form(f) => f,
        v => Form::value(v.as_game().expect("a game")),
    }
}

/// `list[i]`: the `i`-th element, counted from 1 as in CGScript (`i` written at `at`).
pub(super) fn index(list: &Value, i: &Value, at: &Expr, span: Span) -> EResult<Value> {
    if let Value::Map(entries) = list {
        // `M[k]`: the value of the key k.
        return match entries.iter().find(|(k, _)| k == i) {
            Some((_, v)) => Ok(v.clone()),
            None => fail(at.span, format!("the map has no key {i}")),
        };
    }
    let chars: Vec<Value>;
    let items: &[Value] = match list {
        Value::List(items) => items,
        Value::Range(_) => {
            chars = list.elements().expect("a range's elements");
            &chars
        }
        // `S[i]`: the i-th character of a string, a string.
        Value::Text(s) => {
            chars = s.chars().map(|c| Value::Text(c.to_string())).collect();
            &chars
        }
        _ => {
            return fail(
                span,
                format!("'[i]' picks an element of a list, not of {}", list.kind()),
            )
        }
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

pub(super) fn plural(n: usize) -> &'static str {
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
/// any other game by the algebra's doubling ([`crate::algebra::integer_multiple`]).
fn multiple(n: &num_bigint::BigInt, g: Game) -> Result<Game, String> {
    let Some(v) = g.as_nus() else {
        return Ok(crate::algebra::integer_multiple(n, g));
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
pub(crate) fn settle(v: Value, span: Span) -> EResult<Value> {
    match v {
        Value::Position(p) => p
            .canonical_form()
            .map(Value::Game)
            .or_else(|e| fail(span, e.to_string())),
        v => Ok(v),
    }
}

/// The game `value` (of the expression `e`); `what` names `e` in the error when it is not one.
pub(crate) fn game(value: &Value, e: &Expr, what: &str) -> EResult<Game> {
    match value {
        Value::Position(p) => p
            .canonical_form()
            .or_else(|err| fail(e.span, err.to_string())),
        Value::Game(g) => Ok(*g),
        Value::Form(f) => Ok(f.canonical_form()),
        Value::Rational(r) => fail(
            e.span,
            format!(
                "{what} must be a game, and {r} is not a dyadic rational: a short game's number has a power of two as denominator"
            ),
        ),
        v => fail(e.span, format!("{what} must be a game, not {}", v.kind())),
    }
}

/// `a rel b`: for games the partial order of games; `==` and `!=` compare any two values;
/// `None` when the relation does not apply to the values.
pub(super) fn compare(a: &Value, b: &Value, rel: Relation) -> Option<bool> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    // Games compare by value, explicit ones too: '{*|*}' == 0.
    let canonical = |v: &Value| match v {
        Value::Form(f) => Value::Game(f.canonical_form()),
        v => v.clone(),
    };
    let (a, b) = (&canonical(a), &canonical(b));
    // A range is compared as the list it is.
    let as_list = |v: &Value| match v {
        Value::Range(_) => Value::List(v.elements().expect("a range's elements")),
        v => v.clone(),
    };
    if let (Value::Range(_), _) | (_, Value::Range(_)) = (a, b) {
        return compare(&as_list(a), &as_list(b), rel);
    }
    // Numbers (rationals among them) and strings have their orders.
    if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
        let (le, ge) = (x <= y, x >= y);
        return Some(relation(le, ge, rel));
    }
    match (a, b, rel) {
        (_, _, Relation::Equal) => Some(a == b),
        (_, _, Relation::NotEqual) => Some(a != b),
        (Value::Text(x), Value::Text(y), rel) => Some(relation(x <= y, x >= y, rel)),
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
pub(super) fn relation(le: bool, ge: bool, rel: Relation) -> bool {
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
