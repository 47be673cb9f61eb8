//! The arithmetic of numbers (CGScript's `/`, `%` and `^`, exact on rationals of any size),
//! CGScript's comparison `<=>`, and the nim and up operators on computed operands.

use super::super::ast::{ArithOp, Expr, PrefixOp, Span};
use super::super::value::{ratio, rational_sum, Value};
use super::error::{fail, EResult, EvalError};
use crate::algebra::{Game, Nus};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The largest number of bits of a power `a^n` computed exactly; beyond it the power is an
/// error rather than a computation that exhausts memory.
pub const MAX_POWER_BITS: u64 = 1 << 24;

/// `a / b`, `a % b` or `a ^ b` at `e` (operands at `ea` and `eb`).
pub(super) fn arith(
    a: &Value,
    b: &Value,
    op: ArithOp,
    e: &Expr,
    ea: &Expr,
    eb: &Expr,
) -> EResult<Value> {
    let number = |v: &Value, at: &Expr| {
        v.as_rational().ok_or_else(|| EvalError {
            span: at.span,
            message: format!("'{}' takes numbers, not {} ({v})", op.symbol(), v.kind()),
        })
    };
    match op {
        ArithOp::Div | ArithOp::Mod => {
            let (x, y) = (number(a, ea)?, number(b, eb)?);
            if y.is_zero() {
                return fail(e.span, "division by zero");
            }
            Ok(Value::number(match op {
                ArithOp::Div => ratio(x.numer() * y.denom(), x.denom() * y.numer()),
                _ => {
                    // x - y·floor(x/y), over the common denominator of x and y.
                    let (a, b) = (x.numer() * y.denom(), y.numer() * x.denom());
                    let q = a.div_floor(&b);
                    ratio(a - q * b, x.denom() * y.denom())
                }
            }))
        }
        ArithOp::Pow => {
            let x = number(a, ea)?;
            let Some(n) = b.as_integer() else {
                return fail(eb.span, format!("an exponent must be an integer, not {b}"));
            };
            power(&x, &n).or_else(|m| fail(e.span, m))
        }
    }
}

/// `x^n` for an integer `n` (negative: the reciprocal's power).
fn power(x: &BigRational, n: &BigInt) -> Result<Value, String> {
    if x.is_zero() && n.is_negative() {
        return Err("0 to a negative power: division by zero".into());
    }
    if x.is_zero() || x.abs().is_one() {
        let odd = n.bit(0);
        let v = if x.is_zero() {
            if n.is_zero() {
                BigRational::one()
            } else {
                BigRational::zero()
            }
        } else if x.is_negative() && odd {
            -BigRational::one()
        } else {
            BigRational::one()
        };
        return Ok(Value::number(v));
    }
    let bits = x.numer().bits().max(x.denom().bits());
    let e = n
        .abs()
        .to_u64()
        .filter(|e| e.saturating_mul(bits) <= MAX_POWER_BITS);
    let Some(e) = e else {
        return Err(format!(
            "the power is too large: more than 2^24 bits ({x} to the {n})"
        ));
    };
    // A power of a fraction in lowest terms is in lowest terms.
    let p = BigRational::new_raw(
        num_traits::pow::Pow::pow(x.numer(), e),
        num_traits::pow::Pow::pow(x.denom(), e),
    );
    Ok(Value::number(if n.is_negative() { p.recip() } else { p }))
}

/// Whether `a <= b`, for numbers (rationals included) and games; `None` when they cannot be
/// compared.
pub(super) fn le(a: &Value, b: &Value) -> Option<bool> {
    if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
        return Some(x <= y);
    }
    match (a, b) {
        (Value::Text(x), Value::Text(y)) => Some(x <= y),
        _ => Some(a.as_game()? <= b.as_game()?),
    }
}

/// `a + b` for numbers and games.
pub(super) fn add(a: &Value, b: &Value) -> Option<Value> {
    if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
        return Some(Value::number(rational_sum(&x, &y)));
    }
    Some(Value::Game(a.as_game()? + b.as_game()?))
}

/// Whether `v` is less than 0 (a negative step counts down).
pub(super) fn is_negative(v: &Value) -> bool {
    match v.as_rational() {
        Some(r) => r.is_negative(),
        None => v.as_game().is_some_and(|g| g < Game::zero()),
    }
}

/// `a <=> b`: 0 when equal, -1 when `a < b`, 1 when `a > b`, `*` when confused (CGSuite's
/// `Ops.Compare`).
pub(super) fn spaceship(a: &Value, b: &Value, span: Span) -> EResult<Value> {
    let (Some(ab), Some(ba)) = (le(a, b), le(b, a)) else {
        return fail(
            span,
            format!(
                "'<=>' compares numbers or games, not {} with {}",
                a.kind(),
                b.kind()
            ),
        );
    };
    Ok(Value::Game(match (ab, ba) {
        (true, true) => Game::zero(),
        (true, false) => Game::integer(-1),
        (false, true) => Game::integer(1),
        (false, false) => Game::nimber(1),
    }))
}

/// `*n` (the nimber of a nonnegative integer), `^n` and `vn` (multiples of up) for a computed
/// operand `v` written at `at`.
pub(super) fn prefix(v: &Value, op: PrefixOp, at: Span) -> EResult<Value> {
    let Some(n) = v.as_integer() else {
        let what = match op {
            PrefixOp::Nimber => "'*' before a value makes the nimber of an integer",
            _ => "an arrow before a value makes a multiple of up by an integer",
        };
        return fail(at, format!("{what}, not {} ({v})", v.kind()));
    };
    match op {
        PrefixOp::Nimber => match n.to_u64() {
            Some(k) => Ok(Value::Game(Game::nimber(k))),
            None if n.is_negative() => fail(at, format!("a nim value cannot be negative: {n}")),
            None => fail(
                at,
                format!(
                    "the nimber *{n} is too large: nimbers up to *{} are supported",
                    u64::MAX
                ),
            ),
        },
        PrefixOp::Up | PrefixOp::Down => {
            let k = n
                .to_i64()
                .filter(|k| *k != i64::MIN)
                .ok_or_else(|| EvalError {
                    span: at,
                    message: format!("{n} ups: at most 2^63 - 1 either way are supported"),
                })?;
            let ups = if op == PrefixOp::Up { k } else { -k };
            Ok(Value::Game(Game::nus(Nus {
                number: crate::algebra::Number::zero(),
                ups,
                nimber: 0,
            })))
        }
    }
}
