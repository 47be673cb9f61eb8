//! The ordinal sum `G : H` (CGT §II.4; Conway, ONAG Ch. 15) and its inverse over a fixed base,
//! the subordinate, on the canonical form of the base as CGSuite takes it.

use super::walk::post_order;
use super::AlgebraError;
use super::Game;
use hashbrown::HashMap;

impl Game {
    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (CGT §II.4; Conway,
    /// ONAG Ch. 15): play in `H` until someone moves in the base `G`, which wipes out `H`. It
    /// depends on the form of `G`, which is taken canonical here; `x + *a : *b = x + *(a + b)`.
    pub fn ordinal_sum(&self, h: &Game) -> Game {
        let g = *self;
        let base = g.as_nus().filter(|n| n.ups == 0);
        // The nimber shortcut: *a : *b = *(a + b), shifted by the number.
        let nimber = |k: Game| {
            let (b, n) = (k.as_nimber()?, base.as_ref()?);
            let sum = n.nimber.checked_add(b)?;
            Some(Game::nus(super::nus::Nus {
                number: n.number.clone(),
                ups: 0,
                nimber: sum,
            }))
        };
        ordinal_sum_over(g.left_options(), g.right_options(), *h, nimber)
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
        let g = *base;
        subordinate_over(
            *self,
            g,
            g.left_options(),
            g.right_options(),
            &g.to_string(),
        )
    }
}

/// The subordinate of `k` over a base whose value is `base` and whose options, as written, have
/// the values `left` and `right` (see [`Game::subordinate`]; an explicit base such as `'{*|*}'`
/// is not its canonical form 0): the `H` with `base : H = k`, named `written` in the error when
/// there is none.
pub(crate) fn subordinate_over(
    k: Game,
    base: Game,
    left: &[Game],
    right: &[Game],
    written: &str,
) -> Result<Game, AlgebraError> {
    if left.is_empty() && right.is_empty() {
        // {|} : H is H.
        return Ok(k);
    }
    let mut memo = HashMap::new();
    let found = post_order(
        k,
        &mut memo,
        |x| (x == base).then_some(Some(Game::zero())),
        |x, memo| {
            let (mut with_left, mut with_right) = (left.to_vec(), right.to_vec());
            let (mut sub_left, mut sub_right) = (Vec::new(), Vec::new());
            for (options, sums, subs) in [
                (x.left_options(), &mut with_left, &mut sub_left),
                (x.right_options(), &mut with_right, &mut sub_right),
            ] {
                for o in options {
                    if let Some(s) = memo[o] {
                        sums.push(*o);
                        subs.push(s);
                    }
                }
            }
            (Game::new(with_left, with_right) == x).then(|| Game::new(sub_left, sub_right))
        },
    );
    found.ok_or_else(|| {
        AlgebraError::undefined(format!("{k} is not an ordinal sum {written} : H for any H"))
    })
}

/// The ordinal sum over a base whose options, as written, have the values `left` and `right`,
/// with the top `h`: `{base^L, base : h^L | base^R, base : h^R}`, children first without
/// recursion; `shortcut(k)` gives `base : k` directly where it knows it.
pub(crate) fn ordinal_sum_over(
    left: &[Game],
    right: &[Game],
    h: Game,
    shortcut: impl FnMut(Game) -> Option<Game>,
) -> Game {
    let mut memo = HashMap::new();
    post_order(h, &mut memo, shortcut, |k, memo| {
        let l = left
            .iter()
            .copied()
            .chain(k.left_options().iter().map(|o| memo[o]));
        let r = right
            .iter()
            .copied()
            .chain(k.right_options().iter().map(|o| memo[o]));
        Game::new(l, r)
    })
}
