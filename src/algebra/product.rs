//! Products of games: the Conway product, the ordinal product and Norton multiplication.
//!
//! Both are defined on forms and, as in CGSuite, applied here to the canonical forms of their
//! operands (a [`Game`] is always one): `G·H` depends on the forms of `G` and `H`, not only on
//! their values. For example `1 = {0|}` and `{0,*|}` are both 1, but `1·* = *` while
//! `{0,*|}·* = *2` (its Left options include `*·* = *`).
//!
//! Both walk the pairs of followers bottom-up without recursion ([`evaluate`], [`post_order`]).
//!
//! Norton multiplication `G.U` by a positive unit (WW ch. 8; CGT §II.7) is defined on the
//! canonical form of `G` and the incentives of `U`; it is additive in `G`.

use super::arith::integer_multiple;
use super::arith::sum_key as product_key;
use super::memo::Memo;
use super::nimber::nim_product;
use super::number::Number;
use super::walk::evaluate;
use super::walk::post_order;
use super::AlgebraError;
use super::Game;
use hashbrown::HashMap;
use std::sync::OnceLock;

const SHARDS: usize = 64;

/// Conway products remembered per generation.
const PRODUCT_BUDGET: usize = 1 << 20;

fn products() -> &'static Memo<u64, Game> {
    static PRODUCTS: OnceLock<Memo<u64, Game>> = OnceLock::new();
    PRODUCTS.get_or_init(|| Memo::new(SHARDS, PRODUCT_BUDGET, |_| 1))
}

/// Empties the memo of Conway products.
pub(crate) fn clear_memo() {
    products().clear();
}

/// The product when it needs no options: a factor 0 or ±1, two numbers (their ordinary product),
/// two nimbers (their nim product), or the memo.
fn quick_product((g, h): (Game, Game)) -> Option<Game> {
    if g.is_zero() || h.is_zero() {
        return Some(Game::zero());
    }
    let one = Game::integer(1);
    for (a, b) in [(g, h), (h, g)] {
        // 1 = {0|} and −1 = {|0}: 1·H = {1·H^L | 1·H^R} = H and (−1)·H = −H, by induction.
        if a == one {
            return Some(b);
        }
        if a == -one {
            return Some(-b);
        }
    }
    if let (Some(x), Some(y)) = (g.as_number(), h.as_number()) {
        // On numbers the Conway product is the product of the reals (ONAG Ch. 1, where
        // multiplication is defined by this formula and shown to be well defined on numbers), for
        // any numeric forms and so for the canonical ones.
        return Some(Game::number(multiply(x, y)));
    }
    if let (Some(a), Some(b)) = (g.as_nimber(), h.as_nimber()) {
        // *a·*b = {S | S} with S = {*(a′⊗b ⊕ a⊗b′ ⊕ a′⊗b′)}, by induction: *(a ⊗ b) (ONAG
        // Ch. 6; the negative of a nimber is itself).
        return Some(Game::nimber(nim_product(a, b)));
    }
    let (key, shard) = product_key(g, h);
    products().get(shard, &key)
}

/// `x·y` for dyadic rationals.
fn multiply(x: &Number, y: &Number) -> Number {
    Number::dyadic(x.numerator() * y.numerator(), x.exponent() + y.exponent())
}

/// The options of `g` (Left then Right) and how many are Left options.
fn options(g: Game) -> (impl Iterator<Item = Game> + Clone, usize) {
    if let Some(n) = g.as_nus() {
        // The walk visits the followers of such a value one form a step.
        super::walk::check_followers(n);
    }
    let left = g.left_options();
    (left.iter().chain(g.right_options()).copied(), left.len())
}

/// The products that `g·h` needs, in this order: `G^o·H` for every option `G^o` of `G` (Left
/// options first), `G·H^o` for every option of `H`, and `G^o·H^p` for every pair.
fn product_parts((g, h): (Game, Game), out: &mut Vec<(Game, Game)>) {
    let (go, _) = options(g);
    let (ho, _) = options(h);
    out.extend(go.clone().map(|a| (a, h)));
    out.extend(ho.clone().map(|b| (g, b)));
    for a in go {
        out.extend(ho.clone().map(|b| (a, b)));
    }
}

/// `g·h` from the values of [`product_parts`]:
/// `{G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R | G^L·H + G·H^R − G^L·H^R,
/// G^R·H + G·H^L − G^R·H^L}`.
fn combine_product((g, h): (Game, Game), values: &[Game]) -> Game {
    let (m, gl) = (
        g.left_options().len() + g.right_options().len(),
        g.left_options().len(),
    );
    let (n, hl) = (
        h.left_options().len() + h.right_options().len(),
        h.left_options().len(),
    );
    let (with_h, rest) = values.split_at(m);
    let (with_g, pairs) = rest.split_at(n);
    let mut left = Vec::new();
    let mut right = Vec::new();
    for i in 0..m {
        for j in 0..n {
            let option = with_h[i] + with_g[j] - pairs[i * n + j];
            // A Left option when both factors' options belong to the same player.
            if (i < gl) == (j < hl) {
                left.push(option);
            } else {
                right.push(option);
            }
        }
    }
    let p = Game::new(left, right);
    let (key, shard) = product_key(g, h);
    products().insert(shard, key, p);
    p
}

/// The ordinal sum `B : X` over a base *form* `B` given by the values of its options,
/// `{B^L, B : X^L | B^R, B : X^R}` (it depends on the options of `B`, but only on the value
/// of `X`, as [`Game::subordinate`] explains). `memo` keeps `B : Y` for the followers `Y` already
/// met.
fn ordinal_sum_over(
    base: &(Vec<Game>, Vec<Game>),
    x: Game,
    memo: &mut HashMap<Game, Game>,
) -> Game {
    post_order(
        x,
        memo,
        |y| {
            y.is_zero()
                .then(|| Game::new(base.0.clone(), base.1.clone()))
        },
        |y, memo| {
            let left = base
                .0
                .iter()
                .copied()
                .chain(y.left_options().iter().map(|o| memo[o]));
            let right = base
                .1
                .iter()
                .copied()
                .chain(y.right_options().iter().map(|o| memo[o]));
            Game::new(left, right)
        },
    )
}

impl Game {
    /// The Conway product `G·H` (Conway, ONAG Ch. 1, where it is defined for all games):
    ///
    /// `G·H = {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R |
    ///         G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L}`,
    ///
    /// on the canonical forms of `G` and `H` (CGSuite's `ConwayProduct`). It is the ordinary
    /// product on numbers and nim multiplication on nimbers (`*a·*b = *(a ⊗ b)`, ONAG Ch. 6; see
    /// [`nim_product`]), it is commutative, and `(−G)·H = −(G·H)`.
    /// Products of followers are memoised by the unordered pair of handles (the definition is
    /// symmetric in `G` and `H`) in a bounded memo.
    ///
    /// ```
    /// use partizan::Game;
    /// let g = |s: &str| s.parse::<Game>().unwrap();
    /// assert_eq!(g("*19").conway_product(&g("*23")), g("*86"));
    /// assert_eq!(g("3/2").conway_product(&g("-5/4")), g("-15/8"));
    /// assert_eq!(g("2").conway_product(&g("^")), g("^^"));
    /// ```
    ///
    /// # Panics
    /// With an [`ExpansionLimit`](super::limits::ExpansionLimit) payload when a factor needs the
    /// followers of a number + up + nimber value born after day
    /// [`UP_CHAIN_LIMIT`](super::limits::UP_CHAIN_LIMIT) (see [`limits`](super::limits)).
    pub fn conway_product(&self, h: &Game) -> Game {
        evaluate((*self, *h), quick_product, product_parts, combine_product)
    }

    /// The ordinal product `G × H`, as CGSuite defines it (`OrdinalProduct`): play in `H`, where
    /// every move by either player is replaced by a move in a copy of `G` (a Left move in `H` by
    /// `G`, a Right move by `−G`) placed under the product so far, which the move wipes out:
    ///
    /// `G × H = {(G × H^L) : G^L, (G × H^R) : (−G^R) | (G × H^L) : G^R, (G × H^R) : (−G^L)}`,
    ///
    /// where `:` is the ordinal sum over the *form* `G × H^L` (its options as given here, not its
    /// canonical form). So `G × 1 = G`, `G × (−1) = −G`, `G × 0 = 0`, and on numbers the sign
    /// expansion of `x × y` is that of `y` with each `+` replaced by the signs of `x` and each `−`
    /// by those of `−x` (`2 × 1/2`: `++−−` = 5/4; a consequence of the definition
    /// that `tests/products.rs` checks against brute force).
    ///
    /// ```
    /// use partizan::Game;
    /// let g = |s: &str| s.parse::<Game>().unwrap();
    /// assert_eq!(g("2").ordinal_product(&g("1/2")), g("5/4"));
    /// assert_eq!(g("{1|-1}").ordinal_product(&g("1")), g("{1|-1}"));
    /// ```
    ///
    /// # Panics
    /// As [`Game::conway_product`], on values born after
    /// [`UP_CHAIN_LIMIT`](super::limits::UP_CHAIN_LIMIT).
    pub fn ordinal_product(&self, h: &Game) -> Game {
        let g = *self;
        let negative = -g;
        // For each follower K of H: the options of the form G × K, and the ordinal sums over it.
        let mut forms: HashMap<Game, (Vec<Game>, Vec<Game>)> = HashMap::new();
        let mut sums: HashMap<Game, HashMap<Game, Game>> = HashMap::new();
        let top = post_order(
            *h,
            &mut forms,
            |_| None,
            |k, forms| {
                let mut left = Vec::new();
                let mut right = Vec::new();
                // A move in K to K^L continues with a copy of G, one to K^R with one of −G.
                for (options, copy) in [(k.left_options(), g), (k.right_options(), negative)] {
                    for ko in options {
                        let base = &forms[ko];
                        let memo = sums.entry(*ko).or_default();
                        for x in copy.left_options() {
                            left.push(ordinal_sum_over(base, *x, memo));
                        }
                        for x in copy.right_options() {
                            right.push(ordinal_sum_over(base, *x, memo));
                        }
                    }
                }
                (left, right)
            },
        );
        Game::new(top.0, top.1)
    }
}

impl Game {
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
}
