//! Cooling, heating and overheating (CGT Def. II.5.1; WW Ch. 6; Berlekamp's overheating as
//! CGSuite defines it), on the canonical form and without recursion.

use crate::algebra::arith::integer_multiple;
use crate::algebra::number::Number;
use crate::algebra::walk::post_order;
use crate::algebra::AlgebraError;
use crate::algebra::Game;
use hashbrown::HashMap;

impl Game {
    /// `G` cooled by `t` (`G_t`; CGT Def. II.5.1): `{G^L_t − t | G^R_t + t}` up to the
    /// temperature of `G`, and the mean above it. `{3|−2}` cooled by `5/2` is `1/2*` and by 3
    /// is `1/2`.
    ///
    /// An error when `t <= −1`, where cooling is not defined.
    pub fn cool(&self, t: &Number) -> Result<Game, AlgebraError> {
        if *t <= Number::from(-1) {
            return Err(AlgebraError::undefined(format!(
                "cannot cool by {t}: the cooling temperature must be greater than -1"
            )));
        }
        let tg = Game::number(t.clone());
        let mut memo = HashMap::new();
        Ok(post_order(
            *self,
            &mut memo,
            |h| (*t > h.temperature()).then(|| Game::number(h.mean())),
            |h, memo| {
                let left = h.left_options().iter().map(|o| memo[o] - tg);
                let right = h.right_options().iter().map(|o| memo[o] + tg);
                Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>())
            },
        ))
    }

    /// `G` heated by `t` (`∫^t G`; WW Ch. 6; CGT §II.5): a number is
    /// unchanged, and otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R − t}`. `t` may be any game (CGSuite
    /// heats by `*` for the reduced canonical form). Heating is applied to the canonical form.
    pub fn heat(&self, t: &Game) -> Game {
        integral(*self, *t, |h| h.is_number().then_some(h))
    }

    /// `G` overheated from `s` to `t` (`∫_s^t G`; Berlekamp; WW Ch. 6, as in
    /// CGSuite): an integer `n` becomes `n` copies of `s`, and otherwise
    /// `∫_s^t G = {∫_s^t G^L + t | ∫_s^t G^R − t}`, on the canonical form.
    pub fn overheat(&self, s: &Game, t: &Game) -> Game {
        let s = *s;
        integral(*self, *t, |h| {
            h.as_number()
                .and_then(|x| x.to_integer())
                .map(|n| integer_multiple(&n, s))
        })
    }
}

/// The integral `∫G` of heating and overheating (WW Ch. 6): `leaf(H)` for the followers `H` of
/// `G` where it answers, and `∫H = {∫H^L + t | ∫H^R − t}` for the others, on the canonical form.
///
/// Built bottom-up, each `∫H^L + t` translates a whole integral, so that a deep game whose
/// integrals nest (a number of birthday `n` overheated: `n` nested translations) costs about
/// `n²` forms for a result of about `n` followers. For a number `t`, the integral is built
/// top-down instead, as `∫H + m·t` for the pairs `(H, m)` that the recursion reaches from
/// `(G, 0)`: by number translation (CGT Thm II.3.21), `∫H + m·t` is
/// `K = {∫H^L + (m + 1)·t | ∫H^R + (m − 1)·t}` whenever `∫H` is not equal to a number, and then
/// `K` is not equal to a number either. Conversely when `∫H` equals a number `z`, `z + m·t` lies
/// between `K`'s options and `K` is a number, maybe another one. So a `K` that is not a number
/// is the answer, and for one that is, `∫H` is computed bottom-up and translated.
fn integral(g: Game, t: Game, leaf: impl Fn(Game) -> Option<Game>) -> Game {
    // The bottom-up integral, for a game `t` and for the followers whose `K` is a number.
    let mut exact: HashMap<Game, Game> = HashMap::new();
    let mut bottom_up = |h: Game| {
        post_order(h, &mut exact, &leaf, |h, memo| {
            let left = h.left_options().iter().map(|o| memo[o] + t);
            let right = h.right_options().iter().map(|o| memo[o] - t);
            Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>())
        })
    };
    let Some(unit) = t.as_number().cloned() else {
        return bottom_up(g);
    };
    let shift = |m: i64| Game::number(&unit * &Number::from(m));
    // (H, m) ↦ ∫H + m·t, on an explicit stack (forms may be deep).
    let mut memo: HashMap<(Game, i64), Game> = HashMap::new();
    let mut stack: Vec<(Game, i64, bool)> = vec![(g, 0, false)];
    while let Some((h, m, expanded)) = stack.pop() {
        if memo.contains_key(&(h, m)) {
            continue;
        }
        if !expanded {
            if let Some(v) = leaf(h) {
                memo.insert((h, m), v + shift(m));
                continue;
            }
            if let Some(n) = h.as_nus() {
                crate::algebra::walk::check_followers(n);
            }
            crate::interrupt::check();
            stack.push((h, m, true));
            let below = (h.left_options().iter().map(|o| (*o, m + 1)))
                .chain(h.right_options().iter().map(|o| (*o, m - 1)));
            stack.extend(
                below
                    .filter(|k| !memo.contains_key(k))
                    .map(|(o, k)| (o, k, false)),
            );
            continue;
        }
        let left = h.left_options().iter().map(|o| memo[&(*o, m + 1)]);
        let right = h.right_options().iter().map(|o| memo[&(*o, m - 1)]);
        let k = Game::new(left.collect::<Vec<_>>(), right.collect::<Vec<_>>());
        let v = if k.is_number() {
            bottom_up(h) + shift(m)
        } else {
            k
        };
        memo.insert((h, m), v);
    }
    memo[&(g, 0)]
}
