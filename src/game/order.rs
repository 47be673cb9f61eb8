//! The partial order of games and outcome classes.
//!
//! `G <= H` iff no `G^L >= H` and no `H^R <= G` (Conway; Siegel, CGT Def. II.1.x; *Lessons in
//! Play* §4.x). Comparison is memoised by handle in a fixed-size, lock-free cache that simply
//! overwrites on collision, so memory stays bounded however many comparisons a computation makes.
//! Before recursing it tries three shortcuts:
//! * number + up + nimber values compare by their parts;
//! * stops: `G <= H` implies `LS(G) <= LS(H)` and `RS(G) <= RS(H)`, and `LS(G) < RS(H)` implies
//!   `G < H` (Siegel, CGT Thm II.3.x: stops are order-preserving, `RS(G + H) >= RS(G) + RS(H)`,
//!   and a game with positive Right stop is positive);
//! * number avoidance: for a number `x` and a non-number `H`, `x <= H` iff no `H^R <= x`
//!   (Siegel, CGT Thm II.3.x, the number avoidance theorem).

use super::Game;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use std::sync::OnceLock;

/// The outcome class of a game (*Lessons in Play* §2.x; Siegel, CGT §I.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Left wins whoever starts: `G > 0`.
    L,
    /// Right wins whoever starts: `G < 0`.
    R,
    /// The player to move (the *N*ext player) wins: `G || 0`.
    N,
    /// The player not to move (the *P*revious player) wins: `G = 0`.
    P,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        };
        f.write_str(s)
    }
}

/// Two lossy caches of comparison results: a small one that stays in the processor's cache for
/// the hot working set, and a large one for big computations. Each slot is one `AtomicU64`:
/// `a` (31 bits) | `b` (31 bits) | valid | result; ids are below 2^31.
const SMALL_BITS: u32 = 16;
const LARGE_BITS: u32 = 22;

fn zeroed_table(bits: u32) -> Box<[AtomicU64]> {
    // A zeroed allocation: the pages are mapped lazily, so a short computation does not pay for
    // writing the whole table.
    let zeros: Box<[u64]> = vec![0u64; 1usize << bits].into_boxed_slice();
    let len = zeros.len();
    let ptr = Box::into_raw(zeros) as *mut AtomicU64;
    // SAFETY: AtomicU64 has the same size, alignment and bit validity as u64, and the allocation
    // is reinterpreted whole, with its length, exactly once.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }
}

type Tables = (Box<[AtomicU64]>, Box<[AtomicU64]>);

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| (zeroed_table(SMALL_BITS), zeroed_table(LARGE_BITS)))
}

#[inline]
fn slot_hash(a: u32, b: u32) -> u64 {
    ((a as u64) << 32 | b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[inline]
fn cache_get(a: u32, b: u32) -> Option<bool> {
    let (small, large) = tables();
    let h = slot_hash(a, b);
    let key = (a as u64) << 33 | (b as u64) << 2 | 2;
    let v = small[(h >> (64 - SMALL_BITS)) as usize].load(AtomicOrdering::Relaxed);
    if v & !1 == key {
        return Some(v & 1 == 1);
    }
    let v = large[(h >> (64 - LARGE_BITS)) as usize].load(AtomicOrdering::Relaxed);
    (v & !1 == key).then_some(v & 1 == 1)
}

#[inline]
fn cache_put(a: u32, b: u32, result: bool) {
    let (small, large) = tables();
    let h = slot_hash(a, b);
    let v = (a as u64) << 33 | (b as u64) << 2 | 2 | result as u64;
    small[(h >> (64 - SMALL_BITS)) as usize].store(v, AtomicOrdering::Relaxed);
    large[(h >> (64 - LARGE_BITS)) as usize].store(v, AtomicOrdering::Relaxed);
}

/// `g <= h`.
pub(crate) fn le(g: Game, h: Game) -> bool {
    if g == h {
        return true;
    }
    if let (Some(a), Some(b)) = (g.as_nus(), h.as_nus()) {
        return a.le(b);
    }
    let (gl, gr, hl, hr) = (g.left_stop(), g.right_stop(), h.left_stop(), h.right_stop());
    if gl > hl || gr > hr {
        return false;
    }
    if gl < hr {
        return true;
    }
    if g.is_number() {
        return !h.right_options().iter().any(|&x| le(x, g));
    }
    if h.is_number() {
        return !g.left_options().iter().any(|&x| le(h, x));
    }
    let (a, b) = (g.id(), h.id());
    if let Some(r) = cache_get(a, b) {
        return r;
    }
    let r =
        !h.right_options().iter().any(|&x| le(x, g)) && !g.left_options().iter().any(|&x| le(h, x));
    cache_put(a, b, r);
    r
}

impl Game {
    /// The outcome class: who wins when each player starts.
    pub fn outcome(&self) -> Outcome {
        let zero = Game::zero();
        match (le(zero, *self), le(*self, zero)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }

    /// Whether `self` and `other` are confused (incomparable), written `G || H`.
    pub fn is_confused_with(&self, other: &Game) -> bool {
        self.partial_cmp(other).is_none()
    }
}

impl PartialOrd for Game {
    fn partial_cmp(&self, other: &Game) -> Option<Ordering> {
        if self == other {
            return Some(Ordering::Equal);
        }
        match (le(*self, *other), le(*other, *self)) {
            (true, _) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    fn le(&self, other: &Game) -> bool {
        le(*self, *other)
    }

    fn ge(&self, other: &Game) -> bool {
        le(*other, *self)
    }

    fn lt(&self, other: &Game) -> bool {
        self != other && le(*self, *other)
    }

    fn gt(&self, other: &Game) -> bool {
        self != other && le(*other, *self)
    }
}
