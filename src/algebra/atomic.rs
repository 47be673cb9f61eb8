//! All-small games and the atomic weight (CGT §II.7; LIP Ch. 9), with CGSuite's conventions
//! where the literature leaves a choice: the atomic weight calculus, checked against the far
//! star.

use super::number::Number;
use super::walk::post_order;
use super::AlgebraError;
use super::Game;
use hashbrown::HashMap;
use num_bigint::BigInt;

impl Game {
    /// Whether the game is *all-small*: in every subposition of its canonical form either both
    /// players have a move or neither has (CGT §II.7; LIP Ch. 9). Such a
    /// game is infinitesimal; `x + n·↑ + *k` is all-small exactly when `x = 0`.
    pub fn is_all_small(&self) -> bool {
        let mut memo = HashMap::new();
        post_order(
            *self,
            &mut memo,
            |h| h.as_nus().map(|n| n.number.is_zero()),
            |h, memo| {
                h.left_options()
                    .iter()
                    .chain(h.right_options())
                    .all(|o| memo[o])
            },
        )
    }

    /// The atomic weight (CGT §II.7; LIP Ch. 9): the `G` with
    /// `G ≈ aw(G).↑`, computed with the atomic weight calculus
    /// `aw(G) = {aw(G^L) − 2 | aw(G^R) + 2}`, with the far-star rule when that is an integer, and
    /// `aw(x + n·↑ + *k) = n`. Defined, as in CGSuite, for all-small games and for the
    /// infinitesimal games that are atomic (within `↑* + *2^k : −1` of `aw.↑`).
    ///
    /// An error, naming the reason, when the game is not atomic (for instance a hot game).
    pub fn atomic_weight(&self) -> Result<Game, AlgebraError> {
        let g = *self;
        if !g.is_infinitesimal() {
            return Err(AlgebraError::undefined(format!(
                "the atomic weight of {g} is not defined: it is not infinitesimal (its stops are {} and {})",
                g.left_stop(),
                g.right_stop()
            )));
        }
        let aw = naive_atomic_weight(g)?;
        if g.is_all_small() {
            return Ok(aw);
        }
        // CGSuite's test for an atomic infinitesimal: G − aw.↑ lies within ±(↑* + *2^k : −1),
        // where *2^k is a power of two at least the far star.
        let difference = g - aw.norton(&Game::up())?;
        let far = far_star(g)?;
        let kite_nimber = far
            .checked_next_power_of_two()
            .ok_or_else(|| {
                AlgebraError::undefined(format!(
                    "a nimber in {g} is too large for the atomic weight"
                ))
            })?
            .max(2);
        let red_kite = Game::nimber(kite_nimber).ordinal_sum(&Game::integer(-1));
        let epsilon = Game::up() + Game::star() + red_kite;
        if difference <= epsilon && -epsilon <= difference {
            Ok(aw)
        } else {
            Err(AlgebraError::undefined(format!(
                "the atomic weight of {g} is not defined: it is infinitesimal but not atomic"
            )))
        }
    }
}

/// The far star's nimber: one more than every nimber among the subpositions (at least 1).
pub(crate) fn far_star(g: Game) -> Result<u64, AlgebraError> {
    let too_large = || format!("a nimber in {g} is too large for a far star");
    let mut memo: HashMap<Game, Option<u64>> = HashMap::new();
    let result = post_order(
        g,
        &mut memo,
        |h| {
            let n = h.as_nus()?;
            if !n.number.is_zero() {
                // Of x + n·↑ + *k with x != 0, only the number's own subpositions can be
                // nimbers, and the only nimber among numbers is 0.
                return Some(Some(1));
            }
            let k = if n.ups == 0 {
                n.nimber
            } else {
                // The chain (n, k) → (n − 1, k ⊕ 1) → ... ends at ↑* = {0, * | 0} or at
                // {0 | *(k1 ⊕ 1)} (Left options are 0 throughout).
                let k1 = n.nimber ^ ((n.ups.unsigned_abs() - 1) & 1);
                if k1 == 1 {
                    1
                } else {
                    k1 ^ 1
                }
            };
            Some(k.checked_add(1))
        },
        |h, memo| {
            h.left_options()
                .iter()
                .chain(h.right_options())
                .try_fold(1u64, |acc, o| memo[o].map(|v| acc.max(v)))
        },
    );
    result.ok_or_else(|| AlgebraError::undefined(too_large()))
}

/// The atomic weight calculus without the check that the game is atomic (CGSuite's "naive"
/// atomic weight).
fn naive_atomic_weight(g: Game) -> Result<Game, AlgebraError> {
    let two = Game::integer(2);
    let mut memo: HashMap<Game, Result<Game, AlgebraError>> = HashMap::new();
    post_order(
        g,
        &mut memo,
        |h| h.as_nus().map(|n| Ok(Game::integer(n.ups))),
        |h, memo| {
            let left: Vec<Game> = h
                .left_options()
                .iter()
                .map(|o| memo[o].clone().map(|w| w - two))
                .collect::<Result<_, _>>()?;
            let right: Vec<Game> = h
                .right_options()
                .iter()
                .map(|o| memo[o].clone().map(|w| w + two))
                .collect::<Result<_, _>>()?;
            let a = Game::new(left.clone(), right.clone());
            if !a.as_number().is_some_and(Number::is_integer) {
                return Ok(a);
            }
            // The eccentric case: compare G with the far star ☆.
            let star = Game::nimber(far_star(h)?);
            let (below, above) = (h <= star, star <= h);
            Ok(if below && !above {
                // G < ☆: the least integer n with n ⧐ every aw(G^L) − 2.
                match left.iter().map(|x| least_integer_not_le(*x)).max() {
                    Some(n) => Game::big_integer(n),
                    None => Game::zero(),
                }
            } else if above && !below {
                // G > ☆: the greatest integer n with n ⧏ every aw(G^R) + 2.
                match right.iter().map(|x| greatest_integer_not_ge(*x)).min() {
                    Some(n) => Game::big_integer(n),
                    None => Game::zero(),
                }
            } else {
                a
            })
        },
    )
}

/// The least integer `n` with `n ⧐ x` (not `n ≤ x`).
fn least_integer_not_le(x: Game) -> BigInt {
    // Below the Right stop n < x; above the Left stop n > x: search between.
    let mut n = x.right_stop().ceil();
    while Game::big_integer(n.clone()) <= x {
        n += 1;
    }
    n
}

/// The greatest integer `n` with `n ⧏ x` (not `x ≤ n`).
fn greatest_integer_not_ge(x: Game) -> BigInt {
    let mut n = x.left_stop().floor();
    while x <= Game::big_integer(n.clone()) {
        n -= 1;
    }
    n
}
