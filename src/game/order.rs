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
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering as AtomicOrdering};

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

/// A lossy cache of comparison results: one `AtomicU64` per slot holding `a` (31 bits) | `b`
/// (31 bits) | valid | result (ids are below 2^31), overwritten on collision, so memory stays
/// bounded. It starts small enough to stay in the processor's cache and grows fourfold when
/// collisions show that the working set has outgrown it.
struct CacheTable {
    bits: u32,
    slots: Box<[AtomicU64]>,
    collisions: AtomicU64,
}

const FIRST_BITS: u32 = 16;
const MAX_BITS: u32 = 23;

impl CacheTable {
    fn new(bits: u32) -> CacheTable {
        // A zeroed allocation: pages are mapped lazily, on first touch.
        let zeros: Box<[u64]> = vec![0u64; 1usize << bits].into_boxed_slice();
        let len = zeros.len();
        let ptr = Box::into_raw(zeros) as *mut AtomicU64;
        // SAFETY: AtomicU64 has the same size, alignment and bit validity as u64, and the
        // allocation is reinterpreted whole, with its length, exactly once.
        let slots = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
        CacheTable {
            bits,
            slots,
            collisions: AtomicU64::new(0),
        }
    }

    #[inline]
    fn slot(&self, a: u32, b: u32) -> &AtomicU64 {
        let h = ((a as u64) << 32 | b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[(h >> (64 - self.bits)) as usize]
    }
}

/// The current table. Replaced tables are leaked, not freed, because other threads may still be
/// reading them; their sizes form a geometric series, so at most a third more memory is used.
static CACHE: AtomicPtr<CacheTable> = AtomicPtr::new(std::ptr::null_mut());

#[inline]
fn table() -> &'static CacheTable {
    let p = CACHE.load(AtomicOrdering::Acquire);
    if !p.is_null() {
        // SAFETY: tables are leaked boxes, never freed.
        return unsafe { &*p };
    }
    let fresh = Box::into_raw(Box::new(CacheTable::new(FIRST_BITS)));
    match CACHE.compare_exchange(
        std::ptr::null_mut(),
        fresh,
        AtomicOrdering::AcqRel,
        AtomicOrdering::Acquire,
    ) {
        // SAFETY: as above; `fresh` is now published and never freed.
        Ok(_) => unsafe { &*fresh },
        Err(current) => {
            // SAFETY: `fresh` was never published, so it is still ours to free.
            drop(unsafe { Box::from_raw(fresh) });
            // SAFETY: tables are leaked boxes, never freed.
            unsafe { &*current }
        }
    }
}

/// Replaces `old` by a table four times larger, carrying its entries over.
#[cold]
fn grow(old: &'static CacheTable) {
    let bits = (old.bits + 2).min(MAX_BITS);
    let new = Box::new(CacheTable::new(bits));
    for s in old.slots.iter() {
        let v = s.load(AtomicOrdering::Relaxed);
        if v & 2 != 0 {
            let (a, b) = ((v >> 33) as u32, ((v >> 2) & 0x7FFF_FFFF) as u32);
            new.slot(a, b).store(v, AtomicOrdering::Relaxed);
        }
    }
    let new = Box::into_raw(new);
    let old_ptr = old as *const CacheTable as *mut CacheTable;
    if CACHE
        .compare_exchange(
            old_ptr,
            new,
            AtomicOrdering::AcqRel,
            AtomicOrdering::Acquire,
        )
        .is_err()
    {
        // Another thread grew it first.
        // SAFETY: `new` was never published.
        drop(unsafe { Box::from_raw(new) });
    }
}

#[inline]
fn cache_get(a: u32, b: u32) -> Option<bool> {
    let v = table().slot(a, b).load(AtomicOrdering::Relaxed);
    let key = (a as u64) << 33 | (b as u64) << 2 | 2;
    (v & !1 == key).then_some(v & 1 == 1)
}

#[inline]
fn cache_put(a: u32, b: u32, result: bool) {
    let t = table();
    let slot = t.slot(a, b);
    let v = (a as u64) << 33 | (b as u64) << 2 | 2 | result as u64;
    if slot.swap(v, AtomicOrdering::Relaxed) & 2 != 0 && t.bits < MAX_BITS {
        // A valid entry was evicted. The count is a heuristic, so a racy increment is fine.
        let c = t.collisions.load(AtomicOrdering::Relaxed) + 1;
        t.collisions.store(c, AtomicOrdering::Relaxed);
        if c == (1u64 << t.bits) / 2 {
            grow(t);
        }
    }
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
