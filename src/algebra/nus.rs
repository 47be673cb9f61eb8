//! Values of the form `x + n·↑ + *k` ("number-up-star"): numbers, nimbers, ups and their sums.
//!
//! These values form a group in which sum, negation and comparison are plain arithmetic, so the
//! engine stores them compactly and never builds their options unless asked.
//!
//! Facts used (CGT §II.4; LIP chs. 5 and 6):
//! * `n·↑ + *k > 0` when `n >= 2`, or `n = 1` and `k != 1`; `↑* || 0`; `*k || 0` for `k >= 1`.
//! * Canonical forms: `x + *k = {x + *j | x + *j}` over `j < k`; `↑* = {0, * | 0}`; otherwise for
//!   `n >= 1`, `n·↑ + *k = {0 | (n−1)·↑ + *(k ⊕ 1)}`; negatives by symmetry; and for a number `x`
//!   and an infinitesimal `G` of this form, `x + G = {x + G^L | x + G^R}` (number translation).

use super::number::Number;
use num_bigint::BigUint;
use std::cmp::Ordering;

/// A value `number + ups·↑ + *nimber`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part `x`.
    pub number: Number,
    /// The up multiple `n` (negative for downs).
    pub ups: i64,
    /// The nimber `k` of `*k`.
    pub nimber: u64,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Number) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// Whether the value is a number.
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// The sum, or `None` when the up multiple leaves `i64`.
    pub fn checked_add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus {
            number: &self.number + &other.number,
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// The negative, or `None` when the up multiple leaves `i64`.
    pub fn checked_neg(&self) -> Option<Nus> {
        Some(Nus {
            number: -&self.number,
            ups: self.ups.checked_neg()?,
            nimber: self.nimber,
        })
    }

    /// Whether `self <= other`, computed on the parts.
    pub fn le(&self, other: &Nus) -> bool {
        match other.number.cmp(&self.number) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => match other.ups.checked_sub(self.ups) {
                Some(d) => infinitesimal_ge_zero(d, other.nimber ^ self.nimber),
                // The difference of two i64 up multiples only overflows when it is huge.
                None => other.ups > self.ups,
            },
        }
    }

    /// The birthday: that of the number plus that of the infinitesimal part (by number
    /// translation). For the infinitesimal part, follow the right option chain
    /// `(n, k) → (n − 1, k ⊕ 1)`, which adds one day per step, down to `*k'` (day `k'`) or to
    /// `↑*` (day 2).
    pub fn birthday(&self) -> BigUint {
        let n = self.ups.unsigned_abs();
        let infinitesimal: BigUint = if n == 0 {
            BigUint::from(self.nimber)
        } else {
            // After n - 1 steps we are at (1, k1).
            let k1 = self.nimber ^ ((n - 1) & 1);
            if k1 == 1 {
                BigUint::from(n - 1) + 2u32
            } else {
                BigUint::from(n) + BigUint::from(k1 ^ 1)
            }
        };
        self.number.birthday() + infinitesimal
    }

    /// The canonical options `(left, right)` as values of this form.
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        let at = |ups: i64, nimber: u64| Nus {
            number: x.clone(),
            ups,
            nimber,
        };
        match (self.ups, self.nimber) {
            (0, 0) => number_options(x),
            (0, k) => {
                let opts: Vec<Nus> = (0..k).map(|j| at(0, j)).collect();
                (opts.clone(), opts)
            }
            (1, 1) => (vec![at(0, 0), at(0, 1)], vec![at(0, 0)]),
            (-1, 1) => (vec![at(0, 0)], vec![at(0, 0), at(0, 1)]),
            (n, k) if n > 0 => (vec![at(0, 0)], vec![at(n - 1, k ^ 1)]),
            (n, k) => (vec![at(n + 1, k ^ 1)], vec![at(0, 0)]),
        }
    }
}

/// Whether `n·↑ + *k >= 0`.
pub(crate) fn infinitesimal_ge_zero(ups: i64, nimber: u64) -> bool {
    match ups {
        0 => nimber == 0,
        1 => nimber != 1,
        u => u >= 2,
    }
}

/// The canonical options of a number: `n = {n − 1 |}` and `−n = {| −n + 1}` for integers
/// `n > 0`, `0 = {|}`, and `m/2^k = {(m − 1)/2^k | (m + 1)/2^k}` for odd `m`, `k >= 1`.
fn number_options(x: &Number) -> (Vec<Nus>, Vec<Nus>) {
    let one = Number::one();
    if x.is_integer() {
        match x.signum() {
            0 => (vec![], vec![]),
            1 => (vec![Nus::number(x - &one)], vec![]),
            _ => (vec![], vec![Nus::number(x + &one)]),
        }
    } else {
        let step = Number::pow2(-(x.exponent() as i64));
        (vec![Nus::number(x - &step)], vec![Nus::number(x + &step)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(ups: i64, nimber: u64) -> Nus {
        Nus {
            number: Number::zero(),
            ups,
            nimber,
        }
    }

    #[test]
    fn infinitesimal_signs() {
        let zero = nus(0, 0);
        assert!(zero.le(&nus(1, 0)) && !nus(1, 0).le(&zero)); // ↑ > 0
        assert!(!zero.le(&nus(1, 1)) && !nus(1, 1).le(&zero)); // ↑* || 0
        assert!(zero.le(&nus(1, 2))); // ↑*2 > 0
        assert!(zero.le(&nus(2, 1))); // ⇑* > 0
        assert!(!zero.le(&nus(0, 3)) && !nus(0, 3).le(&zero)); // *3 || 0
        assert!(nus(-2, 5).le(&zero));
    }

    #[test]
    fn birthdays_of_ups() {
        // ↑ = {0|*} day 2, ↑* = {0,*|0} day 2, ⇑ = {0|↑*} day 3, ⇑* = {0|↑} day 3,
        // ↑*2 = {0|*3} day 4, ↑*3 = {0|*2} day 3.
        for ((n, k), d) in [
            ((1, 0), 2u32),
            ((1, 1), 2),
            ((2, 0), 3),
            ((2, 1), 3),
            ((1, 2), 4),
            ((1, 3), 3),
        ] {
            assert_eq!(nus(n, k).birthday(), BigUint::from(d), "{n} {k}");
            assert_eq!(nus(-n, k).birthday(), BigUint::from(d), "-{n} {k}");
        }
    }
}
