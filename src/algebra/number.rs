//! Exact dyadic rationals: the numbers of short games.
//!
//! Every short game that is a number equals a *dyadic rational* `m / 2^k`
//! (CGT, §II.3; LIP Ch. 5).
//! [`Number`] stores such a value exactly, of any size. Values whose numerator
//! fits a machine word and whose denominator is at most `2^62` live in a small
//! inline representation; everything else falls back to [`num_bigint::BigInt`].
//! Every operation checks for overflow and moves to the big representation
//! instead of wrapping, so a result is never silently wrong.
//!
//! ```
//! use partizan::Number;
//! let a: Number = "3/8".parse().unwrap();
//! let b = Number::from(2);
//! assert_eq!((&a + &b).to_string(), "19/8");
//! assert!(a < b);
//! // 2^100 + 2^-100 is exact.
//! let big = Number::pow2(100) + Number::pow2(-100);
//! assert_eq!(big.exponent(), 100);
//! ```

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use std::str::FromStr;

/// Largest denominator exponent kept in the small representation. With it, aligning two
/// small numerators never needs more than 62 + 64 bits, so `i128` arithmetic cannot overflow.
const SMALL_EXP_MAX: u32 = 62;

/// An exact dyadic rational `numerator / 2^exponent`, always in lowest terms.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// `num / 2^exp` with `exp <= SMALL_EXP_MAX`; `num` is odd when `exp > 0`.
    Small { num: i64, exp: u32 },
    /// The same invariant, used exactly when the value does not fit `Small`.
    Big(Box<(BigInt, u64)>),
}

/// Why a string or a fraction is not a dyadic rational.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The denominator is not a power of two (e.g. `1/3`).
    NotDyadic(String),
    /// The denominator is zero.
    ZeroDenominator,
    /// A decimal such as `1.5`; the message suggests the fraction.
    Decimal {
        /// The decimal as written.
        text: String,
        /// The equal dyadic fraction (`3/2` for `1.5`), when there is one.
        suggestion: Option<String>,
    },
    /// Not a number at all.
    Invalid(String),
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotDyadic(s) => write!(
                f,
                "{s} is not a dyadic rational: a short game's number has a power of two as denominator"
            ),
            NumberError::ZeroDenominator => write!(f, "division by zero"),
            NumberError::Decimal { text, suggestion } => match suggestion {
                Some(frac) => write!(f, "decimal numbers are not accepted: write {text} as {frac}"),
                None => write!(
                    f,
                    "decimal numbers are not accepted, and {text} is not a dyadic rational"
                ),
            },
            NumberError::Invalid(s) => write!(f, "{s:?} is not a number"),
        }
    }
}

impl std::error::Error for NumberError {}

impl Number {
    /// Zero.
    pub fn zero() -> Number {
        Number(Repr::Small { num: 0, exp: 0 })
    }

    /// One.
    pub fn one() -> Number {
        Number(Repr::Small { num: 1, exp: 0 })
    }

    /// `2^k` for any integer `k` (negative `k` gives `1 / 2^-k`).
    pub fn pow2(k: i64) -> Number {
        if k >= 0 {
            Number::from_parts(BigInt::one() << (k as u64), 0)
        } else {
            Number::from_parts(BigInt::one(), k.unsigned_abs())
        }
    }

    /// `numerator / 2^exponent`, reduced to lowest terms.
    pub fn dyadic(numerator: impl Into<BigInt>, exponent: u64) -> Number {
        Number::from_parts(numerator.into(), exponent)
    }

    /// `numerator / denominator`, which must be a dyadic rational.
    pub fn from_ratio(numerator: BigInt, denominator: BigInt) -> Result<Number, NumberError> {
        if denominator.is_zero() {
            return Err(NumberError::ZeroDenominator);
        }
        let (numerator, denominator) = if denominator.is_negative() {
            (-numerator, -denominator)
        } else {
            (numerator, denominator)
        };
        // Over a power of two, the common factor is a power of two, which `from_parts` takes
        // out with a shift; the binary gcd would be quadratic in the numerator's length.
        if (&denominator & (&denominator - BigInt::one())).is_zero() {
            let exp = denominator.trailing_zeros().unwrap_or(0);
            return Ok(Number::from_parts(numerator, exp));
        }
        let g = numerator.gcd(&denominator);
        let (n, d) = if g.is_zero() {
            (numerator, denominator)
        } else {
            (&numerator / &g, &denominator / &g)
        };
        let tz = d.trailing_zeros().unwrap_or(0);
        if d != (BigInt::one() << tz) {
            return Err(NumberError::NotDyadic(format!("{n}/{d}")));
        }
        Ok(Number::from_parts(n, tz))
    }

    fn from_parts(mut num: BigInt, mut exp: u64) -> Number {
        if num.is_zero() {
            return Number::zero();
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(exp);
        if tz > 0 {
            num >>= tz;
            exp -= tz;
        }
        if exp <= SMALL_EXP_MAX as u64 {
            if let Some(n) = num.to_i64() {
                return Number(Repr::Small {
                    num: n,
                    exp: exp as u32,
                });
            }
        }
        Number(Repr::Big(Box::new((num, exp))))
    }

    /// Builds from an `i128` numerator over `2^exp` (the small fast path's results).
    fn from_i128(mut num: i128, mut exp: u32) -> Number {
        if num == 0 {
            return Number::zero();
        }
        let tz = num.trailing_zeros().min(exp);
        num >>= tz;
        exp -= tz;
        if exp <= SMALL_EXP_MAX {
            if let Ok(n) = i64::try_from(num) {
                return Number(Repr::Small { num: n, exp });
            }
        }
        Number::from_parts(BigInt::from(num), exp as u64)
    }

    /// A cheap deterministic hash (the same in every process), for sharding tables.
    pub(crate) fn shard_hash(&self) -> u64 {
        match &self.0 {
            Repr::Small { num, exp } => {
                (*num as u64 ^ (*exp as u64) << 57).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            }
            Repr::Big(b) => {
                b.0.iter_u64_digits()
                    .fold(b.1, |h, d| (h ^ d).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            }
        }
    }

    /// An estimate of the memory the value holds, in bytes (for bounded caches).
    pub(crate) fn weight(&self) -> usize {
        match &self.0 {
            Repr::Small { .. } => 16,
            Repr::Big(b) => 32 + (b.0.bits() / 8) as usize,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> BigInt {
        match &self.0 {
            Repr::Small { num, .. } => BigInt::from(*num),
            Repr::Big(b) => b.0.clone(),
        }
    }

    /// `k` such that the denominator in lowest terms is `2^k`.
    pub fn exponent(&self) -> u64 {
        match &self.0 {
            Repr::Small { exp, .. } => *exp as u64,
            Repr::Big(b) => b.1,
        }
    }

    /// The denominator in lowest terms, `2^exponent`.
    pub fn denominator(&self) -> BigInt {
        BigInt::one() << self.exponent()
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent() == 0
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { num: 0, .. })
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { num, .. } => num.signum() as i32,
            Repr::Big(b) => match b.0.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// The value as an `i64`, when it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { num, exp: 0 } => Some(*num),
            _ => None,
        }
    }

    /// The value as an integer, when it is one.
    pub fn to_integer(&self) -> Option<BigInt> {
        self.is_integer().then(|| self.numerator())
    }

    /// The nearest `f64` (for drawing; never used in exact arithmetic).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { num, exp } => *num as f64 / (1u64 << exp) as f64,
            Repr::Big(b) => {
                let (n, e) = (&b.0, b.1);
                // Scale the numerator down to keep within f64's range before dividing.
                let bits = n.bits();
                let drop = bits.saturating_sub(60);
                let top = (n >> drop).to_f64().unwrap_or(0.0);
                top * 2f64.powi((drop as i64 - e as i64).clamp(-2000, 2000) as i32)
            }
        }
    }

    /// The greatest integer `<= self`.
    pub fn floor(&self) -> BigInt {
        let e = self.exponent();
        self.numerator().div_floor(&(BigInt::one() << e))
    }

    /// The least integer `>= self`.
    pub fn ceil(&self) -> BigInt {
        -((-self).floor())
    }

    /// `self / 2`.
    pub fn half(&self) -> Number {
        match &self.0 {
            Repr::Small { num, exp: 0 } if num % 2 == 0 => Number(Repr::Small {
                num: num / 2,
                exp: 0,
            }),
            Repr::Small { num, exp } if *exp < SMALL_EXP_MAX => Number(Repr::Small {
                num: *num,
                exp: exp + 1,
            }),
            _ => Number::from_parts(self.numerator(), self.exponent() + 1),
        }
    }

    /// `self * 2^k` for any integer `k`.
    pub fn mul_pow2(&self, k: i64) -> Number {
        if k >= 0 {
            let e = self.exponent();
            let k = k as u64;
            if k <= e {
                Number::from_parts(self.numerator(), e - k)
            } else {
                Number::from_parts(self.numerator() << (k - e), 0)
            }
        } else {
            Number::from_parts(self.numerator(), self.exponent() + k.unsigned_abs())
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// The day on which this number is born (Conway, ONAG; LIP §5.3):
    /// an integer `n` on day `|n|`, and `m / 2^k` with `k >= 1` on day `⌊|x|⌋ + 1 + k`.
    pub fn birthday(&self) -> BigUint {
        let a = self.abs();
        let e = a.exponent();
        let fl = a.floor().to_biguint().unwrap_or_default();
        if e == 0 {
            fl
        } else {
            fl + BigUint::from(1u32) + BigUint::from(e)
        }
    }

    /// The simplest number `z` (least birthday) in the interval between `lo` and `hi`.
    ///
    /// Each bound is `None` (unbounded) or `(value, inclusive)`. This is the number that
    /// a game `{L | R}` equals under the simplicity theorem (CGT Thm II.3.11;
    /// LIP Thm 5.29) when the allowed set is the interval. Returns `None` when
    /// the interval is empty.
    pub fn simplest_between(
        lo: Option<(&Number, bool)>,
        hi: Option<(&Number, bool)>,
    ) -> Option<Number> {
        let above_lo = |z: &Number| match lo {
            None => true,
            Some((l, inc)) => {
                if inc {
                    z >= l
                } else {
                    z > l
                }
            }
        };
        let below_hi = |z: &Number| match hi {
            None => true,
            Some((h, inc)) => {
                if inc {
                    z <= h
                } else {
                    z < h
                }
            }
        };
        if let (Some((l, li)), Some((h, hi_inc))) = (lo, hi) {
            if l > h || (l == h && !(li && hi_inc)) {
                return None;
            }
        }
        let zero = Number::zero();
        if above_lo(&zero) && below_hi(&zero) {
            return Some(zero);
        }
        // Everything allowed is positive or everything is negative; by symmetry solve the
        // positive case.
        let positive = !above_lo(&zero) || lo.is_some_and(|(l, _)| l.signum() > 0);
        if !positive {
            let nlo = hi.map(|(h, inc)| (-h, inc));
            let nhi = lo.map(|(l, inc)| (-l, inc));
            return Number::simplest_between(
                nlo.as_ref().map(|(n, i)| (n, *i)),
                nhi.as_ref().map(|(n, i)| (n, *i)),
            )
            .map(|z| -z);
        }
        let (l, _) = lo.expect("a positive interval has a lower bound");
        // The least integer allowed.
        let mut n = Number::from(l.floor());
        while !above_lo(&n) {
            n = n + Number::one();
        }
        if below_hi(&n) {
            return Some(n);
        }
        // No integer is allowed: the interval lies inside (a, a + 1) for a = ⌊l⌋. Bisect:
        // the simplest number is the first midpoint that falls into the interval.
        let mut a = Number::from(l.floor());
        let mut b = &a + &Number::one();
        loop {
            let mid = (&a + &b).half();
            if !above_lo(&mid) {
                a = mid;
            } else if !below_hi(&mid) {
                b = mid;
            } else {
                return Some(mid);
            }
        }
    }

    /// Parses an integer or a fraction `a/b` with a power-of-two `b`. Decimals are rejected
    /// with a suggestion (`1.5` → `3/2`).
    fn parse_str(s: &str) -> Result<Number, NumberError> {
        let t = s.trim();
        if let Some((int_part, frac_part)) = t.split_once('.') {
            return Err(decimal_error(t, int_part, frac_part));
        }
        let parse_int = |x: &str| -> Result<BigInt, NumberError> {
            let x = x.trim();
            let digits = x.strip_prefix('-').unwrap_or(x);
            if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
                return Err(NumberError::Invalid(s.to_string()));
            }
            x.parse::<BigInt>()
                .map_err(|_| NumberError::Invalid(s.to_string()))
        };
        match t.split_once('/') {
            None => Ok(Number::from(parse_int(t)?)),
            Some((a, b)) => {
                let b = b.trim();
                if b.starts_with('-') {
                    return Err(NumberError::Invalid(s.to_string()));
                }
                Number::from_ratio(parse_int(a)?, parse_int(b)?)
            }
        }
    }
}

/// The error for a decimal literal, with the equivalent fraction when it is dyadic.
fn decimal_error(text: &str, int_part: &str, frac_part: &str) -> NumberError {
    let negative = int_part.trim_start().starts_with('-');
    let int_digits = int_part.trim().trim_start_matches('-');
    let ok = (!int_digits.is_empty() || !frac_part.is_empty())
        && int_digits.bytes().all(|c| c.is_ascii_digit())
        && frac_part.bytes().all(|c| c.is_ascii_digit());
    let suggestion = ok
        .then(|| {
            let digits = format!("{int_digits}{frac_part}");
            let num: BigInt = if digits.is_empty() {
                BigInt::zero()
            } else {
                digits.parse().ok()?
            };
            let den = num_traits::pow(BigInt::from(10), frac_part.len());
            let num = if negative { -num } else { num };
            Number::from_ratio(num, den).ok().map(|n| n.to_string())
        })
        .flatten();
    NumberError::Decimal {
        text: text.to_string(),
        suggestion,
    }
}

impl From<i64> for Number {
    fn from(n: i64) -> Number {
        Number(Repr::Small { num: n, exp: 0 })
    }
}

impl From<i32> for Number {
    fn from(n: i32) -> Number {
        Number::from(n as i64)
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Number {
        Number::from_parts(BigInt::from(n), 0)
    }
}

impl From<usize> for Number {
    fn from(n: usize) -> Number {
        Number::from(n as u64)
    }
}

impl From<BigInt> for Number {
    fn from(n: BigInt) -> Number {
        Number::from_parts(n, 0)
    }
}

impl PartialEq for Number {
    #[inline]
    fn eq(&self, other: &Number) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small { num: a, exp: e }, Repr::Small { num: b, exp: f }) => a == b && e == f,
            (Repr::Big(a), Repr::Big(b)) => a == b,
            // The representation is canonical, so a small and a big number always differ.
            _ => false,
        }
    }
}

impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small { num, exp } => {
                num.hash(state);
                exp.hash(state);
            }
            Repr::Big(b) => {
                b.0.hash(state);
                b.1.hash(state);
            }
        }
    }
}

impl Ord for Number {
    #[inline]
    fn cmp(&self, other: &Number) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small { num: a, exp: e }, Repr::Small { num: b, exp: f }) => {
                if e == f {
                    return a.cmp(b);
                }
                let m = (*e).max(*f);
                let x = (*a as i128) << (m - e);
                let y = (*b as i128) << (m - f);
                x.cmp(&y)
            }
            _ => cmp_big(self, other),
        }
    }
}

/// The comparison when one side is big. Signs and, for equal exponents (every integer), the
/// numerators decide without allocating; only dyadics with different exponents are shifted.
/// Stops are compared at every step of a comparison search, so this is hot when big numbers meet
/// general forms.
#[inline(never)]
fn cmp_big(a: &Number, b: &Number) -> Ordering {
    let (sa, sb) = (a.signum(), b.signum());
    if sa != sb {
        return sa.cmp(&sb);
    }
    let (e, f) = (a.exponent(), b.exponent());
    if let (Repr::Big(x), Repr::Big(y)) = (&a.0, &b.0) {
        if e == f {
            return x.0.cmp(&y.0);
        }
    }
    let m = e.max(f);
    (a.numerator() << (m - e)).cmp(&(b.numerator() << (m - f)))
}

impl PartialOrd for Number {
    #[inline]
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn add_ref(a: &Number, b: &Number) -> Number {
    match (&a.0, &b.0) {
        (Repr::Small { num: x, exp: e }, Repr::Small { num: y, exp: f }) => {
            let m = (*e).max(*f);
            let s = ((*x as i128) << (m - e)) + ((*y as i128) << (m - f));
            Number::from_i128(s, m)
        }
        _ => {
            let (e, f) = (a.exponent(), b.exponent());
            let m = e.max(f);
            Number::from_parts((a.numerator() << (m - e)) + (b.numerator() << (m - f)), m)
        }
    }
}

fn mul_ref(a: &Number, b: &Number) -> Number {
    match (&a.0, &b.0) {
        (Repr::Small { num: x, exp: e }, Repr::Small { num: y, exp: f }) => {
            Number::from_parts(BigInt::from(*x as i128 * *y as i128), (*e + *f) as u64)
        }
        _ => Number::from_parts(a.numerator() * b.numerator(), a.exponent() + b.exponent()),
    }
}

fn neg_ref(a: &Number) -> Number {
    match &a.0 {
        Repr::Small { num, exp } => match num.checked_neg() {
            Some(n) => Number(Repr::Small { num: n, exp: *exp }),
            None => Number::from_parts(-BigInt::from(*num), *exp as u64),
        },
        Repr::Big(b) => Number::from_parts(-b.0.clone(), b.1),
    }
}

macro_rules! binop {
    ($tr:ident, $method:ident, $f:expr) => {
        impl $tr<&Number> for &Number {
            type Output = Number;
            fn $method(self, rhs: &Number) -> Number {
                $f(self, rhs)
            }
        }
        impl $tr<Number> for Number {
            type Output = Number;
            fn $method(self, rhs: Number) -> Number {
                $f(&self, &rhs)
            }
        }
        impl $tr<&Number> for Number {
            type Output = Number;
            fn $method(self, rhs: &Number) -> Number {
                $f(&self, rhs)
            }
        }
        impl $tr<Number> for &Number {
            type Output = Number;
            fn $method(self, rhs: Number) -> Number {
                $f(self, &rhs)
            }
        }
    };
}

binop!(Add, add, add_ref);
binop!(Sub, sub, |a: &Number, b: &Number| add_ref(a, &neg_ref(b)));
binop!(Mul, mul, mul_ref);

impl Neg for Number {
    type Output = Number;
    fn neg(self) -> Number {
        neg_ref(&self)
    }
}

impl Neg for &Number {
    type Output = Number;
    fn neg(self) -> Number {
        neg_ref(self)
    }
}

impl AddAssign<&Number> for Number {
    fn add_assign(&mut self, rhs: &Number) {
        *self = add_ref(self, rhs);
    }
}

impl SubAssign<&Number> for Number {
    fn sub_assign(&mut self, rhs: &Number) {
        *self = add_ref(self, &neg_ref(rhs));
    }
}

/// `num-traits`: `Number` is an additive group with a multiplication, but not a field (the
/// quotient of two dyadics need not be dyadic), so it implements `Zero`, `One` and the
/// conversions, and not `Num` or `Signed` (which require division and remainder).
impl num_traits::Zero for Number {
    fn zero() -> Number {
        Number::zero()
    }

    fn is_zero(&self) -> bool {
        Number::is_zero(self)
    }
}

impl num_traits::One for Number {
    fn one() -> Number {
        Number::one()
    }
}

impl ToPrimitive for Number {
    /// The integer, when the number is one that fits.
    fn to_i64(&self) -> Option<i64> {
        Number::to_i64(self)
    }

    /// The integer, when the number is a non-negative one that fits.
    fn to_u64(&self) -> Option<u64> {
        self.to_integer().and_then(|n| n.to_u64())
    }

    /// The nearest `f64` (never `None`: very large or small values round to ±∞ or 0).
    fn to_f64(&self) -> Option<f64> {
        Some(Number::to_f64(self))
    }
}

impl num_traits::FromPrimitive for Number {
    fn from_i64(n: i64) -> Option<Number> {
        Some(Number::from(n))
    }

    fn from_u64(n: u64) -> Option<Number> {
        Some(Number::from(n))
    }

    /// Every finite `f64` is a dyadic rational, converted exactly; `None` for NaN and ±∞.
    fn from_f64(x: f64) -> Option<Number> {
        if !x.is_finite() {
            return None;
        }
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1u64 << 52) - 1);
        // x = mantissa · 2^exponent (IEEE 754 binary64; subnormals have no implicit bit).
        let (mantissa, exponent) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | 1u64 << 52, biased - 1075)
        };
        let magnitude = Number::from(mantissa).mul_pow2(exponent);
        Some(if bits >> 63 == 1 {
            -magnitude
        } else {
            magnitude
        })
    }
}

impl std::iter::Sum for Number {
    fn sum<I: Iterator<Item = Number>>(iter: I) -> Number {
        iter.fold(Number::zero(), |a, b| &a + &b)
    }
}

impl<'a> std::iter::Sum<&'a Number> for Number {
    fn sum<I: Iterator<Item = &'a Number>>(iter: I) -> Number {
        iter.fold(Number::zero(), |a, b| &a + b)
    }
}

impl Default for Number {
    fn default() -> Number {
        Number::zero()
    }
}

impl fmt::Display for Number {
    /// `3`, `-2`, `13/4`, `-3/8`: lowest terms, any size.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { num, exp: 0 } => write!(f, "{num}"),
            Repr::Small { num, exp } => write!(f, "{num}/{}", 1u64 << exp),
            Repr::Big(b) if b.1 == 0 => write!(f, "{}", b.0),
            Repr::Big(b) => write!(f, "{}/{}", b.0, BigInt::one() << b.1),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Number {
    type Err = NumberError;
    fn from_str(s: &str) -> Result<Number, NumberError> {
        Number::parse_str(s)
    }
}

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        s.parse().unwrap()
    }

    #[test]
    fn lowest_terms_and_printing() {
        assert_eq!(n("6/4").to_string(), "3/2");
        assert_eq!(n("-3/8").to_string(), "-3/8");
        assert_eq!(n("8/4").to_string(), "2");
        assert_eq!(n("0/16").to_string(), "0");
        assert_eq!(n("-0").to_string(), "0");
    }

    #[test]
    fn rejects_non_dyadic_and_decimals() {
        assert!(matches!(
            "1/3".parse::<Number>(),
            Err(NumberError::NotDyadic(_))
        ));
        assert!(matches!(
            "1/0".parse::<Number>(),
            Err(NumberError::ZeroDenominator)
        ));
        let e = "1.5".parse::<Number>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "decimal numbers are not accepted: write 1.5 as 3/2"
        );
        let e = "-0.125".parse::<Number>().unwrap_err();
        assert!(e.to_string().contains("-1/8"));
        let e = "0.1".parse::<Number>().unwrap_err();
        assert!(e.to_string().contains("not a dyadic"));
    }

    #[test]
    fn small_and_big_agree() {
        // i64::MAX + 1 needs the big representation; the sum must not wrap.
        let a = Number::from(i64::MAX);
        let b = &a + &Number::one();
        assert_eq!(b.to_string(), "9223372036854775808");
        assert_eq!(&b - &Number::one(), a);
        assert_eq!(-Number::from(i64::MIN), b);
        // 2^40 + 2^-30: the case the peer crate gets wrong.
        let c = Number::pow2(40) + Number::pow2(-30);
        assert_eq!(c.numerator(), (BigInt::one() << 70u32) + BigInt::one());
        assert_eq!(c.exponent(), 30);
        // 2^-63 is beyond the small exponent range.
        let d = Number::pow2(-63);
        assert_eq!(d.to_string(), "1/9223372036854775808");
        assert_eq!(&d + &d, Number::pow2(-62));
        assert!(d > Number::zero() && d < Number::pow2(-62));
    }

    #[test]
    fn arithmetic_by_hand() {
        assert_eq!(n("1/2") + n("1/2"), Number::one());
        assert_eq!(n("3/4") - n("5/8"), n("1/8"));
        assert_eq!(n("3/4") * n("-1/2"), n("-3/8"));
        assert_eq!(n("3").half(), n("3/2"));
        assert_eq!(n("-3/2").floor(), BigInt::from(-2));
        assert_eq!(n("-3/2").ceil(), BigInt::from(-1));
        assert_eq!(n("5/4").mul_pow2(2), n("5"));
        assert_eq!(n("5").mul_pow2(-3), n("5/8"));
    }

    #[test]
    fn birthdays() {
        // 0 on day 0, n on day n, 1/2 on day 2, 3/4 and 3/2 on day 3, 5/4 on day 4.
        for (s, d) in [
            ("0", 0u32),
            ("3", 3),
            ("-2", 2),
            ("1/2", 2),
            ("3/4", 3),
            ("-3/2", 3),
            ("5/4", 4),
        ] {
            assert_eq!(n(s).birthday(), BigUint::from(d), "{s}");
        }
    }

    #[test]
    fn simplest_numbers() {
        let s = |lo: Option<(&str, bool)>, hi: Option<(&str, bool)>| {
            let lo = lo.map(|(x, i)| (n(x), i));
            let hi = hi.map(|(x, i)| (n(x), i));
            Number::simplest_between(
                lo.as_ref().map(|(x, i)| (x, *i)),
                hi.as_ref().map(|(x, i)| (x, *i)),
            )
            .map(|z| z.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some(("0", false)), None).as_deref(), Some("1"));
        assert_eq!(
            s(Some(("0", false)), Some(("1", false))).as_deref(),
            Some("1/2")
        );
        assert_eq!(
            s(Some(("1", false)), Some(("2", false))).as_deref(),
            Some("3/2")
        );
        assert_eq!(
            s(Some(("1/2", false)), Some(("1", false))).as_deref(),
            Some("3/4")
        );
        assert_eq!(
            s(Some(("-5/2", false)), Some(("-1", false))).as_deref(),
            Some("-2")
        );
        assert_eq!(
            s(Some(("-3", false)), Some(("-5/2", false))).as_deref(),
            Some("-11/4")
        );
        assert_eq!(
            s(Some(("2", true)), Some(("5", false))).as_deref(),
            Some("2")
        );
        assert_eq!(s(None, Some(("-3", false))).as_deref(), Some("-4"));
        assert_eq!(s(Some(("1", false)), Some(("1", false))), None);
        assert_eq!(
            s(Some(("1", true)), Some(("1", true))).as_deref(),
            Some("1")
        );
    }

    #[test]
    fn num_traits() {
        use num_traits::{FromPrimitive, One, ToPrimitive, Zero};
        fn sum_of_ones<T: Zero + One>(n: usize) -> T {
            (0..n).fold(T::zero(), |a, _| a + T::one())
        }
        assert_eq!(sum_of_ones::<Number>(5), Number::from(5));
        // Every finite f64 is dyadic: exact conversions (IEEE 754 binary64).
        assert_eq!(Number::from_f64(0.375), Some(n("3/8")));
        assert_eq!(Number::from_f64(-2.5), Some(n("-5/2")));
        assert_eq!(Number::from_f64(5e-324), Some(Number::pow2(-1074)));
        assert_eq!(Number::from_f64(2f64.powi(100)), Some(Number::pow2(100)));
        assert_eq!(Number::from_f64(f64::NAN), None);
        assert_eq!(Number::from_f64(f64::INFINITY), None);
        assert_eq!(n("-7").to_u64(), None);
        assert_eq!(n("7/2").to_i64(), None);
        assert_eq!(ToPrimitive::to_f64(&n("3/8")), Some(0.375));
        let total: Number = [n("1/2"), n("1/4"), n("1/4")].iter().sum();
        assert_eq!(total, Number::one());
    }
}
