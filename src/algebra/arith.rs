//! Disjunctive sum and negation.
//!
//! `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` and `−G = {−G^R | −G^L}` (Conway; Siegel,
//! CGT §II.1). Sums are memoised by the pair of handles in a bounded memo (see `memo`), so a sum
//! of many hot games computes each subsum once. Two shortcuts skip the general construction:
//! * number + up + nimber values add on their parts;
//! * number translation: for a number `x` and a canonical `G` that is not of that form,
//!   `G + x = {G^L + x | G^R + x}` and this form is already canonical (CGT §II.3;
//!   no option can become dominated or reversible: a dominated `G^L + x` would make `G^L`
//!   dominated, and a reversal through a number would give `G` a Right stop above one of its own
//!   numeric Left options, which would then be dominated).
//!
//! The negative of a canonical form is canonical, so negation never simplifies; it is stored
//! in the entry on first use.

use super::canonical::canonicalize;
use super::limits;
use super::memo::Memo;
use super::store::{intern_general, intern_nus};
use super::walk::evaluate;
use super::Game;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::sync::OnceLock;

const SHARDS: usize = 64;

/// Sums remembered per generation (a key and a handle, 16 bytes, in a hash table).
const SUM_BUDGET: usize = 1 << 21;

pub(crate) fn sums() -> &'static Memo<u64, Game> {
    static SUMS: OnceLock<Memo<u64, Game>> = OnceLock::new();
    SUMS.get_or_init(|| Memo::new(SHARDS, SUM_BUDGET, |_| 1))
}

/// The memo key of the unordered pair `{g, h}` and its shard (also used by the Conway product,
/// which is commutative too).
pub(crate) fn sum_key(g: Game, h: Game) -> (u64, usize) {
    let (a, b) = if g.id() <= h.id() {
        (g.id(), h.id())
    } else {
        (h.id(), g.id())
    };
    let key = (a as u64) << 32 | b as u64;
    let shard = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize % SHARDS;
    (key, shard)
}

/// `g + h`.
pub(crate) fn add(g: Game, h: Game) -> Game {
    evaluate((g, h), quick_sum, sum_parts, combine_sum)
}

/// The sum when it needs no options: parts of number + up + nimber values, a zero summand, or
/// the memo.
fn quick_sum((g, h): (Game, Game)) -> Option<Game> {
    if let (Some(a), Some(b)) = (g.as_nus(), h.as_nus()) {
        return Some(intern_nus(
            a.checked_add(b).unwrap_or_else(|| limits::up_overflow()),
        ));
    }
    if h.is_zero() {
        return Some(g);
    }
    if g.is_zero() {
        return Some(h);
    }
    let (key, shard) = sum_key(g, h);
    sums().get(shard, &key)
}

/// The summands of the options of `g + h`, Left options first: `G^L + H, G + H^L` and then
/// `G^R + H, G + H^R`; for a number `x`, only `G^L + x` and `G^R + x` (number translation).
fn sum_parts((g, h): (Game, Game), out: &mut Vec<(Game, Game)>) {
    // The general formula walks down an up-multiple summand one step per level, and pairs the
    // other summand's followers with every nimber below a nimber part.
    for n in [g.as_nus(), h.as_nus()].into_iter().flatten() {
        limits::check_up_chain(n.ups);
        limits::check_nimber_followers(n.nimber);
    }
    match (g.is_number(), h.is_number()) {
        (false, true) => {
            out.extend(g.left_options().iter().map(|&o| (o, h)));
            out.extend(g.right_options().iter().map(|&o| (o, h)));
        }
        (true, false) => {
            out.extend(h.left_options().iter().map(|&o| (o, g)));
            out.extend(h.right_options().iter().map(|&o| (o, g)));
        }
        _ => {
            out.extend(g.left_options().iter().map(|&o| (o, h)));
            out.extend(h.left_options().iter().map(|&o| (g, o)));
            out.extend(g.right_options().iter().map(|&o| (o, h)));
            out.extend(h.right_options().iter().map(|&o| (g, o)));
        }
    }
}

/// `g + h` from the values of [`sum_parts`], in that order.
fn combine_sum((g, h): (Game, Game), values: &[Game]) -> Game {
    let s = match (g.is_number(), h.is_number()) {
        (false, true) | (true, false) => {
            // Number translation: already canonical.
            let general = if g.is_number() { h } else { g };
            let split = general.left_options().len();
            let mut left = values[..split].to_vec();
            let mut right = values[split..].to_vec();
            left.sort_unstable_by_key(|o| o.id());
            right.sort_unstable_by_key(|o| o.id());
            intern_general(left, right)
        }
        _ => {
            let split = g.left_options().len() + h.left_options().len();
            canonicalize(values[..split].to_vec(), values[split..].to_vec())
        }
    };
    let (key, shard) = sum_key(g, h);
    sums().insert(shard, key, s);
    s
}

/// `−g`.
pub(crate) fn neg(g: Game) -> Game {
    evaluate(
        g,
        quick_neg,
        |h, out| {
            out.extend(h.right_options());
            out.extend(h.left_options());
        },
        combine_neg,
    )
}

fn quick_neg(g: Game) -> Option<Game> {
    if let Some(n) = g.0.negative() {
        return Some(n);
    }
    let n = intern_nus(
        g.as_nus()?
            .checked_neg()
            .unwrap_or_else(|| limits::up_overflow()),
    );
    // Kept in the entry like the negative of a general form, so that negating a value again
    // reads it instead of interning it.
    g.0.set_negative(n);
    if n != g {
        n.0.set_negative(g);
    }
    Some(n)
}

/// `−g` from the negatives of its Right options and then of its Left options.
fn combine_neg(g: Game, values: &[Game]) -> Game {
    let split = g.right_options().len();
    let mut left = values[..split].to_vec();
    let mut right = values[split..].to_vec();
    left.sort_unstable_by_key(|o| o.id());
    right.sort_unstable_by_key(|o| o.id());
    let n = intern_general(left, right);
    g.0.set_negative(n);
    // A self-negative game (±x) has its cell set just above.
    if n != g {
        n.0.set_negative(g);
    }
    n
}

macro_rules! game_binop {
    ($tr:ident, $method:ident, $f:expr) => {
        impl $tr<Game> for Game {
            type Output = Game;
            fn $method(self, rhs: Game) -> Game {
                $f(self, rhs)
            }
        }
        impl $tr<&Game> for Game {
            type Output = Game;
            fn $method(self, rhs: &Game) -> Game {
                $f(self, *rhs)
            }
        }
        impl $tr<Game> for &Game {
            type Output = Game;
            fn $method(self, rhs: Game) -> Game {
                $f(*self, rhs)
            }
        }
        impl $tr<&Game> for &Game {
            type Output = Game;
            fn $method(self, rhs: &Game) -> Game {
                $f(*self, *rhs)
            }
        }
    };
}

game_binop!(Add, add, add);
game_binop!(Sub, sub, |a: Game, b: Game| add(a, neg(b)));

impl Neg for Game {
    type Output = Game;
    fn neg(self) -> Game {
        neg(self)
    }
}

impl Neg for &Game {
    type Output = Game;
    fn neg(self) -> Game {
        neg(*self)
    }
}

impl AddAssign<Game> for Game {
    fn add_assign(&mut self, rhs: Game) {
        *self = add(*self, rhs);
    }
}

impl AddAssign<&Game> for Game {
    fn add_assign(&mut self, rhs: &Game) {
        *self = add(*self, *rhs);
    }
}

impl SubAssign<Game> for Game {
    fn sub_assign(&mut self, rhs: Game) {
        *self = add(*self, neg(rhs));
    }
}

impl SubAssign<&Game> for Game {
    fn sub_assign(&mut self, rhs: &Game) {
        *self = add(*self, neg(*rhs));
    }
}

impl std::iter::Sum for Game {
    fn sum<I: Iterator<Item = Game>>(iter: I) -> Game {
        iter.fold(Game::zero(), add)
    }
}

impl<'a> std::iter::Sum<&'a Game> for Game {
    fn sum<I: Iterator<Item = &'a Game>>(iter: I) -> Game {
        iter.fold(Game::zero(), |a, b| add(a, *b))
    }
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
