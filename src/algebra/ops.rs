//! The rest of the short-game toolkit: atomic weight, reduced canonical form, all-small games,
//! conjugate, ordinal sum, Norton multiplication, incentives and even/odd-tempered games.
//!
//! Definitions follow CGT (2013), Ch. II, and LIP
//! (Albert, Nowakowski, Wolfe), Ch. 9, with CGSuite's conventions where the literature leaves a
//! choice (noted at each item). Every operation works on canonical forms, through the public
//! [`Game`] API only, and walks the game tree with an explicit stack (`post_order`), so deep
//! game trees cannot overflow the call stack.

use super::number::Number;
use super::AlgebraError;
use super::Game;
use hashbrown::HashMap;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// Computes a value for `g` from the values of its options, for every subposition that needs it,
/// children before parents, without recursion.
///
/// `leaf(h)` gives the value of `h` directly when it can (then `h`'s options are not visited);
/// otherwise `combine(h, memo)` computes it, with the values of all of `h`'s options in `memo`.
/// `memo` may be pre-filled and keeps every value computed.
pub(crate) fn post_order<V: Clone>(
    g: Game,
    memo: &mut HashMap<Game, V>,
    mut leaf: impl FnMut(Game) -> Option<V>,
    mut combine: impl FnMut(Game, &HashMap<Game, V>) -> V,
) -> V {
    let mut stack: Vec<(Game, bool)> = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if memo.contains_key(&h) {
            continue;
        }
        if expanded {
            let v = combine(h, memo);
            memo.insert(h, v);
            continue;
        }
        if let Some(v) = leaf(h) {
            memo.insert(h, v);
            continue;
        }
        if let Some(n) = h.as_nus() {
            // Without a closed form, the walk visits every follower, one form a step.
            super::limits::check_followers(n);
        }
        stack.push((h, true));
        for o in h.left_options().iter().chain(h.right_options()) {
            if !memo.contains_key(o) {
                stack.push((*o, false));
            }
        }
    }
    memo[&g].clone()
}

/// `n·G`: `n` copies of `G` (negative `n`: copies of `−G`), by repeated doubling.
pub(crate) fn integer_multiple(n: &BigInt, g: Game) -> Game {
    let mut result = Game::zero();
    let mut power = if n.is_negative() { -g } else { g };
    let mut m = n.abs();
    while !m.is_zero() {
        if (&m & BigInt::one()).is_one() {
            result += power;
        }
        m >>= 1;
        if !m.is_zero() {
            power = power + power;
        }
    }
    result
}

/// Which of Berlekamp's tempers a game has (see [`Game::is_even_tempered`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Temper {
    Even,
    Odd,
    Neither,
}

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

    /// The conjugate: the game with the roles of Left and Right exchanged, `{−G^R | −G^L}`
    /// recursively. For short games in normal play this is the negative `−G`.
    pub fn conjugate(&self) -> Game {
        -*self
    }

    /// The Left incentives `G^L − G`, one for each Left option of the canonical form (Siegel,
    /// CGT §II.5; LIP ch. 6). A move's incentive is what it gains the mover.
    pub fn left_incentives(&self) -> Vec<Game> {
        let g = *self;
        g.left_options().iter().map(|gl| *gl - g).collect()
    }

    /// The Right incentives `G − G^R`, one for each Right option of the canonical form.
    pub fn right_incentives(&self) -> Vec<Game> {
        let g = *self;
        g.right_options().iter().map(|gr| g - *gr).collect()
    }

    /// The incentives of both players together, without duplicates and without the dominated
    /// ones (an incentive smaller than another), as CGSuite's `Incentives` gives them.
    pub fn incentives(&self) -> Vec<Game> {
        let mut all = self.left_incentives();
        all.extend(self.right_incentives());
        undominated(all)
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (CGT §II.4; Conway,
    /// ONAG Ch. 15): play in `H` until someone moves in the base `G`, which wipes out `H`. It
    /// depends on the form of `G`, which is taken canonical here; `x + *a : *b = x + *(a + b)`.
    pub fn ordinal_sum(&self, h: &Game) -> Game {
        let g = *self;
        let base = g.as_nus().filter(|n| n.ups == 0);
        let mut memo = HashMap::new();
        post_order(
            *h,
            &mut memo,
            |k| {
                // The nimber shortcut: *a : *b = *(a + b), shifted by the number.
                let (b, n) = (k.as_nimber()?, base?);
                let sum = n.nimber.checked_add(b)?;
                Some(Game::nus(super::nus::Nus {
                    number: n.number.clone(),
                    ups: 0,
                    nimber: sum,
                }))
            },
            |k, memo| {
                let left = g
                    .left_options()
                    .iter()
                    .copied()
                    .chain(k.left_options().iter().map(|o| memo[o]));
                let right = g
                    .right_options()
                    .iter()
                    .copied()
                    .chain(k.right_options().iter().map(|o| memo[o]));
                Game::new(left, right)
            },
        )
    }

    /// The subordinate of `K = self` over the base `G`: the `H` with `G : H = K`, or an error
    /// when `K` is not an ordinal sum over `G`: the inverse of [`Game::ordinal_sum`],
    /// `(G : H).subordinate(G) = H`. (CGSuite 2.x has `OrdinalSum`, but its sources have no
    /// inverse; the name and this definition are partizan's.)
    ///
    /// It is well defined because, for a fixed form `G`, `H ↦ G : H` depends only on the value
    /// of `H` and is an order embedding: `G : H ≤ G : H′` exactly when `H ≤ H′` (one induction
    /// shows both directions, since `H ≤ H′` fails exactly when some `H^R ≤ H′` or some
    /// `H′^L ≥ H`, and then the option `G : H^R` or `G : H′^L` makes `G : H ≤ G : H′` fail).
    ///
    /// It is computed followers first. Let `H` be canonical with `G : H = K`. No option `G : H^L`
    /// of the form `{G^L, G : H^L | G^R, G : H^R}` is reversible (that would need
    /// `G : H^{LR} ≤ G : H`, i.e. `H^{LR} ≤ H`) or strictly dominated (removing it would leave a
    /// game equal to `K`, i.e. `H` without `H^L` would equal `H`), so every `G : H^L` is a Left
    /// option of the canonical `K`, and by induction its subordinate is found. Conversely every
    /// option `K^L` with a subordinate `X` may be added to `H` as a Left option: `G : X = K^L`
    /// is not `≥ K`, so adding it leaves `G : H` unchanged (the gift-horse principle). Hence `H` is
    /// `{X : X the subordinate of some K^L | likewise for K^R}`, checked by testing whether
    /// `{G^L, those K^L | G^R, those K^R} = K`.
    ///
    /// ```
    /// use partizan::Game;
    /// let g = |s: &str| s.parse::<Game>().unwrap();
    /// assert_eq!(g("1/2").subordinate(&g("1")), Ok(g("-1"))); // 1 : -1 = 1/2
    /// assert_eq!(g("*5").subordinate(&g("*2")), Ok(g("*3")));
    /// assert!(g("*").subordinate(&g("1")).is_err());
    /// ```
    pub fn subordinate(&self, base: &Game) -> Result<Game, AlgebraError> {
        let (k, g) = (*self, *base);
        if g.is_zero() {
            return Ok(k);
        }
        let mut memo = HashMap::new();
        let found = post_order(
            k,
            &mut memo,
            |x| (x == g).then_some(Some(Game::zero())),
            |x, memo| {
                let (mut left, mut right) = (g.left_options().to_vec(), g.right_options().to_vec());
                let (mut sub_left, mut sub_right) = (Vec::new(), Vec::new());
                for (options, sums, subs) in [
                    (x.left_options(), &mut left, &mut sub_left),
                    (x.right_options(), &mut right, &mut sub_right),
                ] {
                    for o in options {
                        if let Some(s) = memo[o] {
                            sums.push(*o);
                            subs.push(s);
                        }
                    }
                }
                (Game::new(left, right) == x).then(|| Game::new(sub_left, sub_right))
            },
        );
        found.ok_or_else(|| {
            AlgebraError::undefined(format!("{k} is not an ordinal sum {g} : H for any H"))
        })
    }

    /// Norton multiplication `G.U` by a positive unit `U` (WW ch. 8; CGT
    /// §II.7): `n` copies of `U` when `G` is an integer `n`, and otherwise
    /// `{G^L.U + U + Δ | G^R.U − U − Δ}` where `Δ` ranges over the incentives of `U`.
    /// It is additive in `G` and respects order; `G.↑` has atomic weight `G`.
    ///
    /// An error when `U` is not positive (the product is only well defined for `U > 0`).
    pub fn norton(&self, unit: &Game) -> Result<Game, AlgebraError> {
        let u = *unit;
        if u.partial_cmp(&Game::zero()) != Some(std::cmp::Ordering::Greater) {
            return Err(AlgebraError::undefined(format!(
                "Norton multiplication G.U needs a positive unit U > 0, and {u} is not positive"
            )));
        }
        let shifts: Vec<Game> = u.incentives().into_iter().map(|d| u + d).collect();
        let mut memo = HashMap::new();
        Ok(post_order(
            *self,
            &mut memo,
            |h| {
                h.as_number()
                    .and_then(|x| x.to_integer())
                    .map(|n| integer_multiple(&n, u))
            },
            |h, memo| {
                let left: Vec<Game> = h
                    .left_options()
                    .iter()
                    .flat_map(|o| shifts.iter().map(move |s| memo[o] + *s))
                    .collect();
                let right: Vec<Game> = h
                    .right_options()
                    .iter()
                    .flat_map(|o| shifts.iter().map(move |s| memo[o] - *s))
                    .collect();
                Game::new(left, right)
            },
        ))
    }

    /// Whether the game is even-tempered (Berlekamp; CGT §II.6): a number, or a
    /// non-number all of whose options are odd-tempered. Computed on the canonical form, as
    /// CGSuite does; `x + n·↑ + *k` is even-tempered exactly when it is a number.
    pub fn is_even_tempered(&self) -> bool {
        temper(*self) == Temper::Even
    }

    /// Whether the game is odd-tempered: not a number, and all of its options are
    /// even-tempered. `x + n·↑ + *k` is odd-tempered exactly when it is `x + *`.
    pub fn is_odd_tempered(&self) -> bool {
        temper(*self) == Temper::Odd
    }

    /// The reduced canonical form: the simplest game that differs from `G` by an
    /// infinitesimal (CGT §II.6; Grossman and Siegel, *Reductions of partizan games*,
    /// 2009). `rcf(↑) = 0`; a game infinitesimally close to a number `x` reduces to `x`.
    ///
    /// Computed by reducing the options first and then removing Inf-dominated options and
    /// bypassing Inf-reversible ones, where `A ≤ B` modulo infinitesimals (`A ≤_Inf B`) exactly
    /// when the Right stop of `B − A` is at least 0.
    pub fn reduced_canonical_form(&self) -> Game {
        let mut memo = HashMap::new();
        post_order(
            *self,
            &mut memo,
            |h| {
                let (l, r) = (h.left_stop(), h.right_stop());
                (l == r).then(|| Game::number(l.clone()))
            },
            |h, memo| {
                let left: Vec<Game> = h.left_options().iter().map(|o| memo[o]).collect();
                let right: Vec<Game> = h.right_options().iter().map(|o| memo[o]).collect();
                inf_reduce(left, right)
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

/// The incentives that no other one exceeds, each once.
fn undominated(mut v: Vec<Game>) -> Vec<Game> {
    dedup(&mut v);
    let all = v.clone();
    v.retain(|a| !all.iter().any(|b| b != a && a <= b));
    v
}

/// `A ≤ B` modulo infinitesimals: `A ≤ B + x` for every number `x > 0`, which holds exactly
/// when the Right stop of `B − A` is at least 0 (CGT §II.6).
fn inf_le(a: Game, b: Game) -> bool {
    (b - a).right_stop().signum() >= 0
}

/// `{left | right}` with Inf-dominated options removed and Inf-reversible ones bypassed, until
/// neither remains. The options must already be in reduced canonical form.
fn inf_reduce(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
    loop {
        dedup(&mut left);
        dedup(&mut right);
        remove_inf_dominated(&mut left, inf_le);
        remove_inf_dominated(&mut right, |a, b| inf_le(b, a));
        let g = Game::new(left.clone(), right.clone());
        // A Left option A is Inf-reversible through A^R when A^R ≤_Inf G: replace A by the
        // Left options of A^R. Symmetrically for Right.
        if let Some((i, ar)) = left.iter().enumerate().find_map(|(i, a)| {
            a.right_options()
                .iter()
                .find(|ar| inf_le(**ar, g))
                .map(|ar| (i, *ar))
        }) {
            left.remove(i);
            left.extend_from_slice(ar.left_options());
            continue;
        }
        if let Some((i, bl)) = right.iter().enumerate().find_map(|(i, b)| {
            b.left_options()
                .iter()
                .find(|bl| inf_le(g, **bl))
                .map(|bl| (i, *bl))
        }) {
            right.remove(i);
            right.extend_from_slice(bl.right_options());
            continue;
        }
        return g;
    }
}

fn dedup(v: &mut Vec<Game>) {
    let mut seen: Vec<Game> = Vec::new();
    v.retain(|g| {
        let new = !seen.contains(g);
        seen.push(*g);
        new
    });
}

/// Removes every option that `worse(a, b)` says is no better than another remaining option.
/// Of two options that are each no better than the other, the later one goes.
fn remove_inf_dominated(v: &mut Vec<Game>, worse: impl Fn(Game, Game) -> bool) {
    let mut i = 0;
    while i < v.len() {
        let dominated =
            (0..v.len()).any(|j| j != i && worse(v[i], v[j]) && (j < i || !worse(v[j], v[i])));
        if dominated {
            v.remove(i);
        } else {
            i += 1;
        }
    }
}

fn temper(g: Game) -> Temper {
    let mut memo = HashMap::new();
    post_order(
        g,
        &mut memo,
        |h| {
            h.as_nus().map(|n| {
                if n.is_number() {
                    Temper::Even
                } else if n.ups == 0 && n.nimber == 1 {
                    Temper::Odd
                } else {
                    Temper::Neither
                }
            })
        },
        |h, memo| {
            let mut options = h.left_options().iter().chain(h.right_options());
            if options.clone().all(|o| memo[o] == Temper::Odd) {
                Temper::Even
            } else if options.all(|o| memo[o] == Temper::Even) {
                Temper::Odd
            } else {
                Temper::Neither
            }
        },
    )
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
