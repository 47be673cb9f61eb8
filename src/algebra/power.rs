//! Powers of a game `G = {0 | H}`: `G.Pow(x)` and `G.PowTo(x)`, generalising the uptimals
//! `↑ⁿ` and `↑^{→n}` (CGT Ch. II.4; WW Ch. 8) to other bases and to dyadic
//! exponents, as CGSuite defines them (`CanonicalShortGame.pow` and `powTo`, CGSuite 2.x):
//!
//! * `G.PowTo(0) = 0` and `G.PowTo(x) = G : b(x)` for a dyadic `x > 0`, an ordinal sum over the
//!   canonical form of `G`, where `b(x)` is the number whose sign expansion is that of `x` with
//!   its first sign (a `+`) removed (CGSuite's `blowup`; sign expansions: ONAG Ch. 3). So
//!   `G.PowTo(n) = G : (n − 1)` for integers `n ≥ 1`, and for `↑ = {0|*}`,
//!   `↑ : (n − 1) = {↑^{→(n−1)} | *} = ↑^{→n}`.
//! * `G.Pow(x) = {0 | H − G.PowTo(x − 1)}` for `G = {0 | H}` and `x ≥ 1`; so `G.Pow(1) = G` and
//!   `↑.Pow(n) = {0 | * − ↑^{→(n−1)}} = ↑ⁿ`.
//!
//! Any base may be raised with `PowTo`; `Pow` needs a canonical form `{0 | H}` (one Left option,
//! 0, and one Right option). A negative exponent, or one below 1 for `Pow`, is an error, as in
//! CGSuite.

use super::number::Number;
use super::AlgebraError;
use super::Game;
use num_bigint::BigInt;

/// `b(x)`: the number whose sign expansion is that of `x > 0` without its first sign.
///
/// In closed form, `b(x) = 2^j·x − 1 − j` for the least `j ≥ 0` with `2^j·x ≥ 1`. For `x ≥ 1`
/// (`j = 0`) the expansion of `x` is `+` repeated `⌊x⌋ + 1` times, a `−` and a tail (or `+`
/// repeated `x` times for an integer), and dropping one `+` subtracts 1. For `0 < x < 1`, with
/// `2^(−j) ≤ x < 2^(1−j)`, the expansion of `x` is `+ −^j` followed by a tail that, read after
/// `+ −^j`, adds `2^(−j)·(2^j·x − 1)` in halving steps; without the first `+` the same signs
/// start from `−j` and their steps are `2^j` times larger, adding `2^j·x − 1`.
fn blowup(x: &Number) -> Number {
    debug_assert!(x.signum() > 0);
    // x = p / 2^k with p > 0: 2^j·x ≥ 1 exactly when j ≥ k − (bits(p) − 1).
    let k = x.exponent();
    let top = x.numerator().bits() - 1;
    let j = k.saturating_sub(top);
    let mut y = Number::dyadic(x.numerator(), k - j);
    y -= &Number::from(BigInt::from(j) + 1);
    y
}

impl Game {
    /// `G.PowTo(x)`: `G : b(x)` for a dyadic `x > 0` and 0 for `x = 0`, where `b(x)` drops the
    /// first sign of the sign expansion of `x` (see the module documentation; CGSuite's
    /// `PowTo`). For `↑`, `↑.pow_to(n)` is `↑ + ↑² + … + ↑ⁿ` ([`Game::up_nth_sum`]).
    ///
    /// An error for a negative exponent.
    ///
    /// ```
    /// use partizan::{Game, Number};
    /// let x = |s: &str| s.parse::<Number>().unwrap();
    /// assert_eq!(Game::up().pow_to(&x("3")).unwrap(), Game::up_nth_sum(3));
    /// // b(1/2) = -1: ↑ : -1 = {0 | *, ↑}.
    /// assert_eq!(Game::up().pow_to(&x("1/2")).unwrap().to_string(), "{0|*,^}");
    /// assert!(Game::up().pow_to(&x("-1")).is_err());
    /// ```
    ///
    /// # Panics
    /// With an [`ExpansionLimit`](super::limits::ExpansionLimit) payload when `b(x)` is born
    /// after day [`UP_CHAIN_LIMIT`](super::limits::UP_CHAIN_LIMIT).
    pub fn pow_to(&self, x: &Number) -> Result<Game, AlgebraError> {
        match x.signum() {
            -1 => Err(AlgebraError::undefined(format!(
                "the exponent x of G^->x must be at least 0, and {x} is negative"
            ))),
            0 => Ok(Game::zero()),
            _ => Ok(self.ordinal_sum(&Game::number(blowup(x)))),
        }
    }

    /// `G.Pow(x)` for `G = {0 | H}` and a dyadic `x ≥ 1`: `{0 | H − G.PowTo(x − 1)}` (see the
    /// module documentation; CGSuite's `Pow`). `G.pow(1) = G`; for `↑`, `↑.pow(n)` is `↑ⁿ`
    /// ([`Game::up_nth`]).
    ///
    /// An error when the canonical form of `G` is not `{0 | H}` or when `x < 1`.
    ///
    /// ```
    /// use partizan::{Game, Number};
    /// let x = |s: &str| s.parse::<Number>().unwrap();
    /// assert_eq!(Game::up().pow(&x("2")).unwrap(), Game::up_nth(2));
    /// assert_eq!(Game::up().pow(&x("2")).unwrap().to_string(), "^<2>");
    /// let up_star: Game = "^*".parse().unwrap(); // ↑* = {0,*|0}
    /// assert!(up_star.pow(&x("2")).is_err());
    /// ```
    ///
    /// # Panics
    /// As [`Game::pow_to`].
    pub fn pow(&self, x: &Number) -> Result<Game, AlgebraError> {
        let g = *self;
        let h = match (g.left_options(), g.right_options()) {
            ([zero], [h]) if zero.is_zero() => *h,
            _ => {
                return Err(AlgebraError::undefined(format!(
                    "G^x needs a base G of the form {{0|H}}, and {g} is not"
                )))
            }
        };
        let mut below = x.clone();
        below -= &Number::one();
        if below.signum() < 0 {
            return Err(AlgebraError::undefined(format!(
                "the exponent x of G^x must be at least 1, not {x}"
            )));
        }
        Ok(Game::new([Game::zero()], [h - g.pow_to(&below)?]))
    }
}
