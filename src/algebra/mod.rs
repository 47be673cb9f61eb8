//! The algebra of combinatorial games: values, their operations and their notation, knowing no
//! ruleset.
//!
//! Three kinds of value live here:
//! - short partizan games in canonical form, [`Game`] (this folder's files: numbers, nimbers,
//!   sums, the order, thermography, products, uptimals, reductions, printing);
//! - loopy games, finite game graphs whose positions may repeat, as simplified stoppers and
//!   sides ([`loopy`]);
//! - impartial games under the misère convention, their canonical forms, genera and quotients
//!   ([`misere`]).
//!
//! A [`Game`] is the value of a short game. It is always stored in its unique *canonical form*
//! (no dominated options, no reversible options; CGT Thm II.2.9; LIP
//! Thm 4.27), interned in a global table so that a `Game` is a small `Copy` handle: two
//! constructions of one value give the identical handle, and `==` and hashing are O(1).
//!
//! ```
//! use partizan::{Game, Outcome};
//! let up = Game::new([Game::zero()], [Game::star()]);   // {0 | *}
//! assert_eq!(up, Game::up());
//! assert_eq!((up + up).to_string(), "^^");
//! assert_eq!(Game::star().partial_cmp(&up), None);      // * is confused with ↑
//! assert_eq!((up + Game::star()).outcome(), Outcome::N); // ↑* is fuzzy
//! ```
//!
//! This module knows no ruleset: concrete games live in [`crate::rulesets`] and reach the algebra
//! only through this public API.

mod arith;
mod atomic;
mod canonical;
mod compound;
pub mod days;
mod error;
mod followers;
pub mod form;
mod huge_pages;
mod incentives;
pub mod limits;
pub mod loopy;
mod memo;
pub mod misere;
pub mod nimber;
pub(crate) mod number;
pub(crate) mod nus;
mod nus_canonical;
mod order;
mod ordinal;
mod power;
pub mod print;
mod product;
mod reduced;
mod store;
mod temper;
pub(crate) mod thermo;
pub(crate) mod uptimal;
mod walk;

pub(crate) use arith::integer_multiple;
pub use error::AlgebraError;
pub(crate) use huge_pages::advise_huge_pages;
pub use nimber::{mex, nim_inverse, nim_product, nim_sum};
pub use number::{Number, NumberError};
pub use nus::Nus;
pub use order::Outcome;
pub use store::{stored_forms, Game};

pub use thermo::{ConfusionInterval, Thermograph, Trajectory};
pub use uptimal::{Uptimal, UptimalExpansion, UptimalKind, MAX_UPTIMAL_ORDER};

use num_bigint::{BigInt, BigUint};
use store::Entry;

impl Game {
    /// `0 = {|}`, the game in which the player to move loses.
    pub fn zero() -> Game {
        // Asked for on hot paths (sums, comparisons with 0): interned once, not looked up.
        static ZERO: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
        *ZERO.get_or_init(|| Game::nus(Nus::number(Number::zero())))
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Game {
        Game::number(Number::from(n))
    }

    /// The integer `n`, of any size.
    pub fn big_integer(n: BigInt) -> Game {
        Game::number(Number::from(n))
    }

    /// The dyadic rational `numerator / 2^exponent`, of any size.
    pub fn dyadic(numerator: impl Into<BigInt>, exponent: u64) -> Game {
        Game::number(Number::dyadic(numerator, exponent))
    }

    /// The number `x`.
    pub fn number(x: Number) -> Game {
        Game::nus(Nus::number(x))
    }

    /// The nimber `*n = {*0, ..., *(n−1) | *0, ..., *(n−1)}`.
    pub fn nimber(n: u64) -> Game {
        Game::nus(Nus {
            number: Number::zero(),
            ups: 0,
            nimber: n,
        })
    }

    /// `* = {0 | 0}`.
    pub fn star() -> Game {
        Game::nimber(1)
    }

    /// `↑ = {0 | *}`.
    pub fn up() -> Game {
        Game::up_multiple(1)
    }

    /// `↓ = {* | 0}`.
    pub fn down() -> Game {
        Game::up_multiple(-1)
    }

    /// `n·↑` (negative `n` gives downs).
    ///
    /// # Panics
    ///
    /// With a [`limits::ExpansionLimit`] payload for `n = i64::MIN`: up multiples range over
    /// ±(2^63 − 1), so that every value has a negative.
    pub fn up_multiple(n: i64) -> Game {
        Game::nus(Nus {
            number: Number::zero(),
            ups: n,
            nimber: 0,
        })
    }

    /// The value `x + n·↑ + *k`.
    ///
    /// # Panics
    ///
    /// With a [`limits::ExpansionLimit`] payload when `n = i64::MIN` (see [`Game::up_multiple`]).
    pub fn nus(value: Nus) -> Game {
        store::intern_nus(value)
    }

    /// The canonical form of `{left | right}`.
    ///
    /// Dominated options are removed and reversible options bypassed until neither remains
    /// (CGT §II.2; LIP §4.3); a result equal to a number is that number
    /// (the simplicity theorem). Options may be given in any order and with repetitions.
    ///
    /// ```
    /// use partizan::Game;
    /// let g = |s: &str| s.parse::<Game>().unwrap();
    /// assert_eq!(Game::new([g("0"), g("*")], [g("0"), g("*")]), Game::nimber(2));
    /// assert_eq!(Game::new([g("-1")], [g("1")]), Game::zero());
    /// assert_eq!(Game::new([g("0")], [g("1")]).to_string(), "1/2");
    /// ```
    pub fn new(
        left: impl IntoIterator<Item = Game>,
        right: impl IntoIterator<Item = Game>,
    ) -> Game {
        canonical::canonicalize(left.into_iter().collect(), right.into_iter().collect())
    }

    /// The Left options of the canonical form (in an unspecified but fixed order).
    pub fn left_options(&self) -> &'static [Game] {
        self.options_entry().left()
    }

    /// The Right options of the canonical form (in an unspecified but fixed order).
    pub fn right_options(&self) -> &'static [Game] {
        self.options_entry().right()
    }

    /// The value as `x + n·↑ + *k`, when it has that form.
    pub fn as_nus(&self) -> Option<&'static Nus> {
        let e: &'static Entry = self.0;
        e.nus.as_deref()
    }

    /// The number this value equals, if it is a number.
    pub fn as_number(&self) -> Option<&'static Number> {
        self.as_nus().filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// `n` when the value is the nimber `*n` (including `0 = *0`).
    pub fn as_nimber(&self) -> Option<u64> {
        self.as_nus()
            .filter(|n| n.ups == 0 && n.number.is_zero())
            .map(|n| n.nimber)
    }

    /// Whether the value is a number (a dyadic rational).
    pub fn is_number(&self) -> bool {
        self.as_number().is_some()
    }

    /// Whether the value is a nimber `*n` (0 included).
    pub fn is_nimber(&self) -> bool {
        self.as_nimber().is_some()
    }

    /// Whether the value is `0`.
    pub fn is_zero(&self) -> bool {
        self.as_nus()
            .is_some_and(|n| n.number.is_zero() && n.ups == 0 && n.nimber == 0)
    }

    /// Whether the value is `x + n·↑ + *k` for some number `x`, integer `n` and nimber `*k`.
    pub fn is_nus(&self) -> bool {
        self.as_nus().is_some()
    }

    /// Whether the value is infinitesimal: `−x < G < x` for every positive number `x`, which
    /// holds exactly when both stops are 0 (CGT §II.4). `0` counts as infinitesimal.
    pub fn is_infinitesimal(&self) -> bool {
        self.0.left_stop.is_zero() && self.0.right_stop.is_zero()
    }

    /// Whether the value is impartial: its canonical form has the same options for both
    /// players, all impartial. For canonical forms this holds exactly for the nimbers.
    pub fn is_impartial(&self) -> bool {
        self.is_nimber()
    }

    /// Whether the value is a switch `{x | y}` with numbers `x > y` (LIP ch. 6):
    /// one option each side, both numbers.
    pub fn is_switch(&self) -> bool {
        if self.is_nus() {
            return false;
        }
        match (self.left_options(), self.right_options()) {
            ([l], [r]) => match (l.as_number(), r.as_number()) {
                (Some(x), Some(y)) => x > y,
                _ => false,
            },
            _ => false,
        }
    }

    /// The day on which the value is born: the least height of a game tree with this value,
    /// which is the height of the canonical form (CGT §II.2; LIP ch. 4).
    pub fn birthday(&self) -> BigUint {
        if let Some(n) = self.as_nus() {
            return n.birthday();
        }
        match self.small_birthday() {
            // Some follower is a number-up-star value born after day 2^64 − 1.
            u64::MAX => walk::post_order(
                *self,
                &mut hashbrown::HashMap::new(),
                |h| match (h.as_nus(), h.small_birthday()) {
                    (Some(n), _) => Some(n.birthday()),
                    (None, u64::MAX) => None,
                    (None, b) => Some(BigUint::from(b)),
                },
                |h, memo| {
                    let options = h.left_options().iter().chain(h.right_options());
                    options.map(|o| &memo[o]).max().cloned().unwrap_or_default() + 1u32
                },
            ),
            b => BigUint::from(b),
        }
    }

    /// The Left stop: where the game settles when Left starts and both play optimally on the
    /// stops (CGT §II.3; LIP ch. 6).
    pub fn left_stop(&self) -> &'static Number {
        let e: &'static Entry = self.0;
        &e.left_stop
    }

    /// The Right stop (see [`Game::left_stop`]).
    pub fn right_stop(&self) -> &'static Number {
        let e: &'static Entry = self.0;
        &e.right_stop
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::zero()
    }
}

impl From<i64> for Game {
    fn from(n: i64) -> Game {
        Game::integer(n)
    }
}

impl From<Number> for Game {
    fn from(x: Number) -> Game {
        Game::number(x)
    }
}

impl From<&Number> for Game {
    fn from(x: &Number) -> Game {
        Game::number(x.clone())
    }
}

/// Empties the algebra's memo tables: sums, comparisons, Conway products, thermographs and uptimal
/// recognition.
///
/// The memos are bounded (each keeps at most a fixed budget of entries or bytes, see the
/// module `memo`), so clearing is never needed for correctness or to bound memory; it returns
/// their memory at once, e.g. between two unrelated computations in a long-running program.
/// Canonical forms themselves stay stored: a [`Game`] is a `&'static` handle to its form, which
/// lives as long as the process (see [`stored_forms`]).
pub fn clear_caches() {
    arith::sums().clear();
    order::clear_cache();
    product::clear_memo();
    thermo::clear_memo();
    uptimal::clear_memo();
}
