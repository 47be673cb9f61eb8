//! A syntax tree written back as text, as CGSuite prints a function: `x -> x + 1`,
//! `(x, y) -> (x - y) / 2`, `x -> begin y := x + 4; y end`. Operators are spaced, parentheses
//! are written where precedence needs them, and literals, strings and games in braces are
//! written as they were typed.

use super::ast::{self, ArithOp, Expr, ExprKind, LogicOp, LoopBody, LoopSource, PrefixOp, Sign};
use std::fmt;

/// A function as CGSuite prints it.
pub struct Function<'a>(pub &'a ast::Function);

impl fmt::Display for Function<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let func = self.0;
        write_function(f, func, &func.source)
    }
}

fn write_function(f: &mut fmt::Formatter<'_>, func: &ast::Function, src: &str) -> fmt::Result {
    match &func.params[..] {
        [p] if p.default.is_none() => write!(f, "{}", p.name)?,
        params => {
            f.write_str("(")?;
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                f.write_str(&p.name)?;
                if let Some(d) = &p.default {
                    write!(f, " ? {}", Unparse(d, src, 0))?;
                }
            }
            f.write_str(")")?;
        }
    }
    write!(f, " -> {}", Unparse(&func.body, src, PREC_FUNCTION))
}

const PREC_ASSIGN: u8 = 1;
const PREC_FUNCTION: u8 = 2;
const PREC_OR: u8 = 3;
const PREC_AND: u8 = 4;
const PREC_NOT: u8 = 5;
const PREC_RELATION: u8 = 6;
const PREC_INFIX: u8 = 7;
const PREC_RANGE: u8 = 8;
const PREC_SUM: u8 = 9;
const PREC_SIDED: u8 = 10;
const PREC_ORDINAL: u8 = 11;
const PREC_PRODUCT: u8 = 12;
const PREC_UNARY: u8 = 13;
const PREC_POWER: u8 = 14;
const PREC_POSTFIX: u8 = 15;
const PREC_PRIMARY: u8 = 16;

/// An expression written in the text `src` it was parsed from, parenthesised when its
/// precedence is below `min`.
pub(crate) struct Unparse<'a>(pub &'a Expr, pub &'a str, pub u8);

fn precedence(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Assign(_) | ExprKind::Var(..) => PREC_ASSIGN,
        ExprKind::Function(_) => PREC_FUNCTION,
        ExprKind::Logic(_, LogicOp::Or) => PREC_OR,
        ExprKind::Logic(_, LogicOp::And) => PREC_AND,
        ExprKind::Not(_) => PREC_NOT,
        ExprKind::Compare(..) | ExprKind::Spaceship(_) => PREC_RELATION,
        ExprKind::Methods(_, calls) if calls.iter().any(is_infix) => PREC_INFIX,
        ExprKind::Range(_) => PREC_RANGE,
        ExprKind::Sum(_) => PREC_SUM,
        ExprKind::Sided(_) => PREC_SIDED,
        ExprKind::OrdinalSum(_) => PREC_ORDINAL,
        ExprKind::Product(_) | ExprKind::Arith(_, ArithOp::Div | ArithOp::Mod) => PREC_PRODUCT,
        ExprKind::Neg(_) => PREC_UNARY,
        ExprKind::PlusMinus(o) if o.len() == 1 => PREC_UNARY,
        ExprKind::Arith(_, ArithOp::Pow) => PREC_POWER,
        ExprKind::Methods(..) | ExprKind::Index(_) | ExprKind::Apply(..) | ExprKind::Call(_) => {
            PREC_POSTFIX
        }
        _ => PREC_PRIMARY,
    }
}

/// Whether a method call was written between its operands (`a Max b`): its span starts at the
/// name and ends after the argument, with no parentheses.
fn is_infix(c: &ast::Call) -> bool {
    c.arguments().len() == 1
        && c.span.end == c.arguments()[0].value.span.end
        && c.span.start == c.name_span.start
        && c.arguments()[0].value.span.start > c.name_span.end
}

impl fmt::Display for Unparse<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Unparse(e, src, min) = *self;
        let p = precedence(e);
        if p < min {
            return write!(f, "({})", Unparse(e, src, 0));
        }
        let sub = |e: &'_ Expr, min: u8| Unparse(e, src, min).to_string();
        let text = || &src[e.span.start..e.span.end];
        match &e.kind {
            ExprKind::Name(n) => f.write_str(n),
            ExprKind::Assign(pair) => {
                write!(
                    f,
                    "{} := {}",
                    sub(&pair.0, PREC_FUNCTION),
                    sub(&pair.1, PREC_ASSIGN)
                )
            }
            ExprKind::Var(name, value) => match value {
                Some(v) => write!(f, "var {name} := {}", sub(v, PREC_ASSIGN)),
                None => write!(f, "var {name}"),
            },
            ExprKind::Function(func) => write_function(f, func, src),
            ExprKind::Logic(pair, op) => {
                let (word, prec) = match op {
                    LogicOp::And => ("and", PREC_AND),
                    LogicOp::Or => ("or", PREC_OR),
                };
                write!(
                    f,
                    "{} {word} {}",
                    sub(&pair.0, prec + 1),
                    sub(&pair.1, prec)
                )
            }
            ExprKind::Not(x) => write!(f, "not {}", sub(x, PREC_NOT)),
            ExprKind::Compare(pair, rel) => write!(
                f,
                "{} {} {}",
                sub(&pair.0, PREC_INFIX),
                rel.symbol(),
                sub(&pair.1, PREC_INFIX)
            ),
            ExprKind::Spaceship(pair) => {
                write!(
                    f,
                    "{} <=> {}",
                    sub(&pair.0, PREC_INFIX),
                    sub(&pair.1, PREC_INFIX)
                )
            }
            ExprKind::Range(r) => {
                write!(f, "{}..{}", sub(&r.0, PREC_SUM), sub(&r.1, PREC_SUM))?;
                if let Some(s) = &r.2 {
                    write!(f, "..{}", sub(s, PREC_SUM))?;
                }
                Ok(())
            }
            ExprKind::Sum(terms) => {
                for (i, (sign, t)) in terms.iter().enumerate() {
                    match (i, sign) {
                        (0, Sign::Plus) => write!(f, "{}", sub(t, PREC_SUM))?,
                        (0, Sign::Minus) => write!(f, "-{}", sub(t, PREC_UNARY))?,
                        (_, Sign::Plus) => write!(f, " + {}", sub(t, PREC_SUM + 1))?,
                        (_, Sign::Minus) => write!(f, " - {}", sub(t, PREC_SUM + 1))?,
                    }
                }
                Ok(())
            }
            ExprKind::Sided(pair) => {
                write!(
                    f,
                    "{} & {}",
                    sub(&pair.0, PREC_SIDED + 1),
                    sub(&pair.1, PREC_SIDED + 1)
                )
            }
            ExprKind::OrdinalSum(terms) => {
                for (i, t) in terms.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" : ")?;
                    }
                    write!(f, "{}", sub(t, PREC_ORDINAL + 1))?;
                }
                Ok(())
            }
            ExprKind::Product(pair) => {
                write!(
                    f,
                    "{} * {}",
                    sub(&pair.0, PREC_PRODUCT),
                    sub(&pair.1, PREC_PRODUCT + 1)
                )
            }
            ExprKind::Arith(pair, ArithOp::Pow) => {
                write!(
                    f,
                    "{}^{}",
                    sub(&pair.0, PREC_POWER + 1),
                    sub(&pair.1, PREC_POWER)
                )
            }
            ExprKind::Arith(pair, op) => write!(
                f,
                "{} {} {}",
                sub(&pair.0, PREC_PRODUCT),
                op.symbol(),
                sub(&pair.1, PREC_PRODUCT + 1)
            ),
            ExprKind::Neg(x) => write!(f, "-{}", sub(x, PREC_UNARY)),
            ExprKind::PlusMinus(o) if o.len() == 1 => write!(f, "+-{}", sub(&o[0], PREC_UNARY)),
            ExprKind::Prefix(x, op) => {
                let symbol = match op {
                    PrefixOp::Nimber => "*",
                    PrefixOp::Up => "^",
                    PrefixOp::Down => "v",
                };
                write!(f, "{symbol}{}", sub(x, PREC_PRIMARY))
            }
            ExprKind::Methods(receiver, calls) => {
                write!(f, "{}", sub(receiver, PREC_POSTFIX))?;
                for c in calls {
                    if is_infix(c) {
                        write!(
                            f,
                            " {} {}",
                            c.name,
                            sub(&c.arguments()[0].value, PREC_RANGE)
                        )?;
                    } else {
                        write!(f, ".{}", c.name)?;
                        if let Some(args) = &c.args {
                            write_arguments(f, args, src)?;
                        }
                    }
                }
                Ok(())
            }
            ExprKind::Call(c) => {
                f.write_str(&c.name)?;
                write_arguments(f, c.arguments(), src)
            }
            ExprKind::Apply(func, args) => {
                write!(f, "{}", sub(func, PREC_POSTFIX))?;
                write_arguments(f, args, src)
            }
            ExprKind::Index(pair) => {
                write!(f, "{}[{}]", sub(&pair.0, PREC_POSTFIX), sub(&pair.1, 0))
            }
            ExprKind::List(items) => {
                f.write_str("[")?;
                write_list(f, items, src)?;
                f.write_str("]")
            }
            ExprKind::Set(items) => {
                f.write_str("{")?;
                write_list(f, items, src)?;
                f.write_str("}")
            }
            ExprKind::Coordinates(pair) => {
                write!(f, "({}, {})", sub(&pair.0, 0), sub(&pair.1, 0))
            }
            ExprKind::Sequence(statements) => {
                for (i, s) in statements.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{}", sub(&s.expr, 0))?;
                }
                Ok(())
            }
            ExprKind::Block(body) => {
                if matches!(&body.kind, ExprKind::Sequence(s) if s.is_empty()) {
                    return f.write_str("begin end");
                }
                write!(f, "begin {} end", sub(body, 0))
            }
            ExprKind::If(branches, otherwise) => {
                for (i, (c, b)) in branches.iter().enumerate() {
                    let word = if i == 0 { "if" } else { " elseif" };
                    write!(f, "{word} {} then {}", sub(c, 0), sub(b, 0))?;
                }
                if let Some(o) = otherwise {
                    write!(f, " else {}", sub(o, 0))?;
                }
                f.write_str(" end")
            }
            ExprKind::Loop(l) => write_loop(f, l, src),
            ExprKind::Break => f.write_str("break"),
            ExprKind::Continue => f.write_str("continue"),
            ExprKind::Return(v) => match v {
                Some(v) => write!(f, "return {}", sub(v, 0)),
                None => f.write_str("return"),
            },
            _ => f.write_str(text()),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[Expr], src: &str) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", Unparse(item, src, 0))?;
    }
    Ok(())
}

fn write_arguments(f: &mut fmt::Formatter<'_>, args: &[ast::Argument], src: &str) -> fmt::Result {
    f.write_str("(")?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if let Some(n) = &a.name {
            write!(f, "{n} => ")?;
        }
        write!(f, "{}", Unparse(&a.value, src, 0))?;
    }
    f.write_str(")")
}

fn write_loop(f: &mut fmt::Formatter<'_>, l: &ast::Loop, src: &str) -> fmt::Result {
    let clauses = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
        for (i, c) in l.clauses.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if let Some((v, _)) = &c.var {
                write!(f, "for {v}")?;
            }
            match &c.source {
                LoopSource::From { from, to, by } => {
                    write!(f, " from {}", Unparse(from, src, 0))?;
                    if let Some(t) = to {
                        write!(f, " to {}", Unparse(t, src, 0))?;
                    }
                    if let Some(b) = by {
                        write!(f, " by {}", Unparse(b, src, 0))?;
                    }
                }
                LoopSource::In(e) => write!(f, " in {}", Unparse(e, src, 0))?,
                LoopSource::Assign(e) => write!(f, " := {}", Unparse(e, src, 0))?,
                LoopSource::While => {}
            }
            if let Some(w) = &c.while_ {
                if c.var.is_some() {
                    f.write_str(" ")?;
                }
                write!(f, "while {}", Unparse(w, src, 0))?;
            }
            if let Some(w) = &c.where_ {
                write!(f, " where {}", Unparse(w, src, 0))?;
            }
        }
        Ok(())
    };
    match &l.body {
        LoopBody::Do(body) => {
            clauses(f)?;
            write!(f, " do {} end", Unparse(body, src, 0))
        }
        LoopBody::Yield(parts) => {
            clauses(f)?;
            for p in parts {
                write!(f, " yield {}", Unparse(p, src, 0))?;
            }
            f.write_str(" end")
        }
        LoopBody::List(e) => {
            write!(f, "[{} ", Unparse(e, src, 0))?;
            clauses(f)?;
            f.write_str("]")
        }
        LoopBody::Set(e) => {
            write!(f, "{{{} ", Unparse(e, src, 0))?;
            clauses(f)?;
            f.write_str("}")
        }
        LoopBody::Map(k, v) => {
            write!(f, "{{{} => {} ", Unparse(k, src, 0), Unparse(v, src, 0))?;
            clauses(f)?;
            f.write_str("}")
        }
    }
}
