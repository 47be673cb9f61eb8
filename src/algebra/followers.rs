//! Followers, stop counts and companions: structural invariants of a canonical form.
//!
//! The *followers* of `G` are `G` and every position reachable from it by moves of either player
//! in any order (CGT, the definition of subpositions in §II.1;
//! CGSuite's `Followers`, which includes `G`). The *stop count* counts the ways play can reach a
//! number: CGSuite's `StopCount`, the number of paths in the game tree of the canonical form from
//! `G` to a follower that is a number. The *companion* is CGSuite's `Companion` (see
//! [`Game::companion`]).
//!
//! Each is computed over the canonical form without recursion (see `walk::post_order`), with
//! closed forms for number + ups + nimber values, so that `*n` and `n·↑` are never expanded.

use super::nus::Nus;
use super::walk::post_order;
use super::Game;
use hashbrown::{HashMap, HashSet};
use num_bigint::BigUint;
use num_traits::One;

impl Game {
    /// The followers: `G` itself and every position reachable from it, each once, in an
    /// unspecified but fixed order (CGSuite's `Followers`).
    ///
    /// ```
    /// use partizan::Game;
    /// // ↑ = {0 | *} has the followers ↑, 0 and *.
    /// assert_eq!(Game::up().followers().len(), 3);
    /// ```
    ///
    /// # Panics
    /// With a [`super::limits::ExpansionLimit`] when a follower is a number + ups + nimber value
    /// born after day [`super::limits::UP_CHAIN_LIMIT`] (it would list that many followers).
    pub fn followers(&self) -> Vec<Game> {
        let mut seen: HashSet<Game> = HashSet::new();
        let mut order = Vec::new();
        let mut stack = vec![*self];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            if let Some(n) = h.as_nus() {
                super::walk::check_followers(n);
            }
            order.push(h);
            stack.extend(h.left_options().iter().chain(h.right_options()));
        }
        order
    }

    /// The number of followers (CGSuite's `FollowerCount`): `k + 1` for `*k`, `|n| + 1` for an
    /// integer `n`, and otherwise the size of [`Game::followers`].
    pub fn follower_count(&self) -> BigUint {
        if let Some(n) = self.as_nus() {
            if n.ups == 0 && n.number.is_zero() {
                // *k: the nimbers *0, …, *k.
                return BigUint::from(n.nimber) + 1u32;
            }
            if n.is_number() && n.number.is_integer() {
                // n = {n − 1 |}: the integers between 0 and n.
                let magnitude = n
                    .number
                    .to_integer()
                    .expect("an integer")
                    .magnitude()
                    .clone();
                return magnitude + 1u32;
            }
        }
        BigUint::from(self.followers().len())
    }

    /// The stop count (CGSuite's `StopCount`): the number of paths in the game tree of the
    /// canonical form from `G` to a number, where play stops. A number has 1; `x + *k` has
    /// `2·3^(k−1)` (its options `x + *j`, `j < k`, on both sides: `s(k) = 2·(s(0) + … + s(k−1))`);
    /// otherwise the stop counts of the options add up.
    ///
    /// ```
    /// use partizan::Game;
    /// // ↑ = {0 | *}: one stop through 0, two through * = {0|0}.
    /// assert_eq!(Game::up().stop_count(), 3u32.into());
    /// ```
    pub fn stop_count(&self) -> BigUint {
        let mut memo = HashMap::new();
        post_order(
            *self,
            &mut memo,
            |h| h.as_nus().map(nus_stop_count),
            |h, memo| {
                let options = h.left_options().iter().chain(h.right_options());
                options.map(|o| &memo[o]).sum()
            },
        )
    }

    /// The companion (CGSuite's `Companion`): for `n·↑ + *k` with `k <= 1` (number part 0) the
    /// same up multiple with the other of `0`, `*` (so `↑° = ↑*`, `0° = *`, `*° = 0`), and
    /// `n·↑ + *k` itself for `k >= 2`; for any other game `{G^L°, 0 | G^R°, 0}`, where Left's `0`
    /// is present exactly when `G >= 0` and Right's exactly when `G <= 0`. An integer `n != 0`
    /// is its own companion, without the walk: `1° = {0°, 0 |} = {*, 0 |} = 1` (`*` reverses
    /// through `0`), and `n° = {(n-1)°, 0 |} = {n-1, 0 |} = n` by induction (`-n` likewise).
    ///
    /// ```
    /// use partizan::Game;
    /// assert_eq!(Game::up().companion(), Game::up() + Game::star());
    /// assert_eq!(Game::zero().companion(), Game::star());
    /// assert_eq!(Game::integer(5).companion(), Game::integer(5));
    /// ```
    pub fn companion(&self) -> Game {
        let mut memo = HashMap::new();
        post_order(
            *self,
            &mut memo,
            |h| {
                if h.as_number()
                    .is_some_and(|x| x.is_integer() && !x.is_zero())
                {
                    return Some(h);
                }
                let n = h.as_nus().filter(|n| n.number.is_zero())?;
                Some(if n.nimber >= 2 {
                    h
                } else {
                    Game::nus(Nus {
                        nimber: n.nimber ^ 1,
                        ..n.clone()
                    })
                })
            },
            |h, memo| {
                let zero = Game::zero();
                let mut left: Vec<Game> = h.left_options().iter().map(|o| memo[o]).collect();
                let mut right: Vec<Game> = h.right_options().iter().map(|o| memo[o]).collect();
                if zero <= h {
                    left.push(zero);
                }
                if h <= zero {
                    right.push(zero);
                }
                Game::new(left, right)
            },
        )
    }
}

/// The largest `k` whose stop count `2·3^(k−1)` (about `1.6·k` bits) is computed.
const STOP_COUNT_NIMBER_LIMIT: u64 = 1 << 20;

/// The stop count of `x + n·↑ + *k` in closed form.
///
/// With `s(n, k)` for `n·↑ + *k` (the number part changes nothing): `s(0, 0) = 1`,
/// `s(0, k) = 2·3^(k−1)`; `↑* = {0, * | 0}` has `1 + 2 + 1 = 4`; for `n >= 1` otherwise the
/// options are `0` and `(n−1)·↑ + *(k ⊕ 1)`, so `s(n, k) = 1 + s(n − 1, k ⊕ 1)`, down to
/// `n = 1`; and `s(−n, k) = s(n, k)` by symmetry.
fn nus_stop_count(n: &Nus) -> BigUint {
    fn star(k: u64) -> BigUint {
        match k {
            0 => BigUint::one(),
            k if k > STOP_COUNT_NIMBER_LIMIT => super::limits::exceeded(format!(
                "the stop count of *{k} is 2·3^{}, beyond the limit of *{STOP_COUNT_NIMBER_LIMIT}",
                k - 1,
            )),
            k => BigUint::from(2u32) * BigUint::from(3u32).pow((k - 1) as u32),
        }
    }
    let m = n.ups.unsigned_abs();
    if m == 0 {
        return star(n.nimber);
    }
    // After m − 1 steps down the chain: ±↑ + *k1.
    let k1 = n.nimber ^ ((m - 1) & 1);
    let bottom = if k1 == 1 {
        BigUint::from(4u32)
    } else {
        BigUint::one() + star(k1 ^ 1)
    };
    bottom + BigUint::from(m - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    #[test]
    fn star_stop_counts_follow_their_recursion() {
        // s(k) = 2·(s(0) + … + s(k−1)).
        let mut sum = BigUint::zero();
        for k in 0..12u64 {
            let s = nus_stop_count(&Nus {
                number: super::super::Number::zero(),
                ups: 0,
                nimber: k,
            });
            if k > 0 {
                assert_eq!(s, &sum * 2u32, "*{k}");
            }
            sum += s;
        }
    }
}
