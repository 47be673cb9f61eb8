//! Disjunctive sum and negation.
//!
//! `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` and `−G = {−G^R | −G^L}` (Conway; Siegel,
//! CGT §II.1). Sums are memoised by the pair of handles, so a sum of many hot games computes
//! each subsum once. Two shortcuts skip the general construction:
//! * number + up + nimber values add on their parts;
//! * number translation: for a number `x` and a canonical `G` that is not of that form,
//!   `G + x = {G^L + x | G^R + x}` and this form is already canonical (Siegel, CGT Thm II.3.x;
//!   no option can become dominated or reversible: a dominated `G^L + x` would make `G^L`
//!   dominated, and a reversal through a number would give `G` a Right stop above one of its own
//!   numeric Left options, which would then be dominated).
//!
//! The negative of a canonical form is canonical, so negation never simplifies; it is stored
//! in the entry on first use.

use super::canonical::canonicalize;
use super::number::Number;
use super::store::{intern_general, intern_nus};
use super::Game;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::sync::{Mutex, OnceLock};

const SHARDS: usize = 64;

type SumTable = Mutex<hashbrown::HashMap<u64, Game>>;

fn sums() -> &'static [SumTable] {
    static SUMS: OnceLock<Vec<SumTable>> = OnceLock::new();
    SUMS.get_or_init(|| {
        (0..SHARDS)
            .map(|_| Mutex::new(hashbrown::HashMap::new()))
            .collect()
    })
}

fn sum_key(g: Game, h: Game) -> (u64, usize) {
    let (a, b) = if g.id() <= h.id() {
        (g.id(), h.id())
    } else {
        (h.id(), g.id())
    };
    let key = (a as u64) << 32 | b as u64;
    let shard = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize % SHARDS;
    (key, shard)
}

pub(crate) fn add(g: Game, h: Game) -> Game {
    match (g.as_nus(), h.as_nus()) {
        (Some(a), Some(b)) => {
            return intern_nus(
                a.checked_add(b)
                    .expect("partizan: an up multiple outside the range of i64"),
            )
        }
        (Some(a), None) if a.is_number() => return translate(h, g, &a.number),
        (None, Some(b)) if b.is_number() => return translate(g, h, &b.number),
        _ => {}
    }
    let (key, shard) = sum_key(g, h);
    if let Some(s) = lock(shard).get(&key) {
        return *s;
    }
    let mut left = Vec::with_capacity(g.left_options().len() + h.left_options().len());
    left.extend(g.left_options().iter().map(|&x| add(x, h)));
    left.extend(h.left_options().iter().map(|&x| add(g, x)));
    let mut right = Vec::with_capacity(g.right_options().len() + h.right_options().len());
    right.extend(g.right_options().iter().map(|&x| add(x, h)));
    right.extend(h.right_options().iter().map(|&x| add(g, x)));
    let s = canonicalize(left, right);
    lock(shard).insert(key, s);
    s
}

fn lock(shard: usize) -> std::sync::MutexGuard<'static, hashbrown::HashMap<u64, Game>> {
    sums()[shard].lock().unwrap_or_else(|e| e.into_inner())
}

/// `g + x` for a general canonical `g` and the number `x` (handle `xh`).
fn translate(g: Game, xh: Game, x: &Number) -> Game {
    if x.is_zero() {
        return g;
    }
    let (key, shard) = sum_key(g, xh);
    if let Some(s) = lock(shard).get(&key) {
        return *s;
    }
    let mut left: Vec<Game> = g.left_options().iter().map(|&o| add(o, xh)).collect();
    let mut right: Vec<Game> = g.right_options().iter().map(|&o| add(o, xh)).collect();
    left.sort_unstable_by_key(|o| o.id());
    right.sort_unstable_by_key(|o| o.id());
    let s = intern_general(left, right);
    lock(shard).insert(key, s);
    s
}

pub(crate) fn neg(g: Game) -> Game {
    if let Some(n) = g.as_nus() {
        return intern_nus(
            n.checked_neg()
                .expect("partizan: an up multiple outside the range of i64"),
        );
    }
    *g.0.negative.get_or_init(|| {
        let mut left: Vec<Game> = g.right_options().iter().map(|&o| neg(o)).collect();
        let mut right: Vec<Game> = g.left_options().iter().map(|&o| neg(o)).collect();
        left.sort_unstable_by_key(|o| o.id());
        right.sort_unstable_by_key(|o| o.id());
        let n = intern_general(left, right);
        // A self-negative game (±x) is the cell being initialised here: do not set it twice.
        if n != g {
            let _ = n.0.negative.set(g);
        }
        n
    })
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
