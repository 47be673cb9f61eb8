//! The partial order of games and outcome classes.
//!
//! `G <= H` iff no `G^L >= H` and no `H^R <= G` (Conway; CGT §II.1; LIP ch. 4). Comparison is memoised by handle in a fixed-size, lock-free cache that simply
//! overwrites on collision, so memory stays bounded however many comparisons a computation makes.
//! Before recursing it tries three shortcuts:
//! * number + up + nimber values compare by their parts;
//! * stops: `G <= H` implies `LS(G) <= LS(H)` and `RS(G) <= RS(H)`, and `LS(G) < RS(H)` implies
//!   `G < H` (CGT §II.3: stops are order-preserving, `RS(G + H) >= RS(G) + RS(H)`,
//!   and a game with positive Right stop is positive);
//! * number avoidance: for a number `x` and a non-number `H`, `x <= H` iff no `H^R <= x`
//!   (CGT §II.3, the number avoidance theorem).

use super::number::Number;
use super::Game;
use hashbrown::HashMap;
use std::alloc::Layout;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering as AtomicOrdering};

/// The outcome class of a game (LIP ch. 2; CGT ch. I).
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
        let len = 1usize << bits;
        let layout = Layout::array::<AtomicU64>(len).expect("a cache table's size fits in isize");
        // A zeroed allocation: pages are mapped lazily, on first touch.
        // SAFETY: `layout` has a nonzero size (`len >= 1`, and an `AtomicU64` is 8 bytes).
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicU64>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // SAFETY: `ptr` is an allocation of the global allocator with the layout of `len`
        // `AtomicU64`s (so aligned for `AtomicU64` on every target, also where `u64` is less
        // aligned, as on 32-bit x86), which is the layout `Box<[AtomicU64]>` frees it with; its
        // bytes are all zero, a valid `AtomicU64`; and nothing else owns it.
        let slots = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
        super::advise_huge_pages(&slots);
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

/// Empties the comparison cache (it is bounded: at most 2^23 slots of 8 bytes).
pub(crate) fn clear_cache() {
    for slot in table().slots.iter() {
        slot.store(0, AtomicOrdering::Relaxed);
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

/// One side of a comparison: a stored game, or the form `{left | right}` being simplified by
/// [`super::canonical`], which compares candidate options against the form's option lists
/// without interning it. A comparison involves at most one such form, passed beside the
/// operands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Operand {
    Game(Game),
    Form,
}

/// A form `{left | right}` that is not stored, with bounds on its stops (see [`StopBounds`]) and
/// the results of the comparisons with its value made so far ([`FormResults`]).
///
/// Comparisons of two stored games go to the global cache; those with the form cannot (it has
/// no handle), and without a memo of their own they would be repeated along every path of a
/// search: `*k <= F` asks `F <= *j` for every `j < k`, each of which asks `*i <= F` for every
/// `i < j`, so a form with a Left option `*31` took 2^31 steps to test for reversibility.
pub(crate) struct Form<'a> {
    pub(crate) left: &'a [Game],
    pub(crate) right: &'a [Game],
    bounds: StopBounds,
    known: &'a FormResults,
}

/// The results of comparisons with the value of a form: `(x, true)` ↦ whether `x <= F`,
/// `(x, false)` ↦ whether `F <= x`; at most two entries per stored game the comparisons visit.
/// They depend on the value only, so they stay true while the form is simplified: deleting a
/// dominated option and bypassing a reversible one do not change its value (CGT Thm II.2.9),
/// and the canonicalisation of one form keeps one `FormResults` through all its rounds.
#[derive(Default)]
pub(crate) struct FormResults(RefCell<HashMap<(Game, bool), bool>>);

impl<'a> Form<'a> {
    /// The form `{left | right}`, whose value is the value the comparisons in `known` were
    /// made with (or `known` is empty).
    pub(crate) fn new(left: &'a [Game], right: &'a [Game], known: &'a FormResults) -> Form<'a> {
        Form {
            left,
            right,
            bounds: StopBounds::of(left, right),
            known,
        }
    }

    /// The recorded result of `x <= F` (`below`) or `F <= x` (not `below`).
    fn known(&self, x: Game, below: bool) -> Option<bool> {
        self.known.0.borrow().get(&(x, below)).copied()
    }

    fn record(&self, x: Game, below: bool, result: bool) {
        self.known.0.borrow_mut().insert((x, below), result);
    }
}

/// Bounds on the stops of a form `{gl | gr}` that hold whether or not it equals a number, used
/// to rule out comparisons cheaply. With `a = max RS(G^L)` and `b = min LS(G^R)`:
/// `a <= LS(G) <= max(a, b)` and `min(a, b) <= RS(G) <= b`.
struct StopBounds {
    a: Option<&'static Number>,
    b: Option<&'static Number>,
}

impl StopBounds {
    fn of(gl: &[Game], gr: &[Game]) -> StopBounds {
        StopBounds {
            a: gl.iter().map(|g| g.right_stop()).max(),
            b: gr.iter().map(|g| g.left_stop()).min(),
        }
    }

    /// False when `x <= G` is impossible.
    fn may_be_le(&self, x: Game) -> bool {
        if let Some(b) = self.b {
            if x.right_stop() > b {
                return false;
            }
            if let Some(a) = self.a {
                if x.left_stop() > a.max(b) {
                    return false;
                }
            }
        }
        true
    }

    /// False when `x >= G` is impossible.
    fn may_be_ge(&self, x: Game) -> bool {
        if let Some(a) = self.a {
            if x.left_stop() < a {
                return false;
            }
            if let Some(b) = self.b {
                if x.right_stop() < a.min(b) {
                    return false;
                }
            }
        }
        true
    }
}

/// The outcome of the shortcuts for one comparison `a <= b`.
enum Quick {
    /// Decided without looking at options.
    Known(bool),
    /// Needs the definition; which of its two halves apply (number avoidance skips one).
    Search { right_of_b: bool, left_of_a: bool },
}

const SEARCH_BOTH: Quick = Quick::Search {
    right_of_b: true,
    left_of_a: true,
};

/// The shortcuts for `a <= b` (see the module documentation).
#[inline]
fn quick(a: Operand, b: Operand, form: Option<&Form<'_>>) -> Quick {
    match (a, b) {
        (Operand::Game(g), Operand::Game(h)) => quick_games(g, h),
        (Operand::Game(x), Operand::Form) => {
            let f = form.expect("a form operand comes with its form");
            if !f.bounds.may_be_le(x) {
                Quick::Known(false)
            } else if let Some(r) = f.known(x, true) {
                Quick::Known(r)
            } else {
                SEARCH_BOTH
            }
        }
        (Operand::Form, Operand::Game(y)) => {
            let f = form.expect("a form operand comes with its form");
            if !f.bounds.may_be_ge(y) {
                Quick::Known(false)
            } else if let Some(r) = f.known(y, false) {
                Quick::Known(r)
            } else {
                SEARCH_BOTH
            }
        }
        (Operand::Form, Operand::Form) => Quick::Known(true),
    }
}

/// [`quick`] for two stored games.
#[inline(always)]
fn quick_games(g: Game, h: Game) -> Quick {
    if g == h {
        return Quick::Known(true);
    }
    if let (Some(x), Some(y)) = (g.as_nus(), h.as_nus()) {
        return Quick::Known(x.le(y));
    }
    let (gl, gr, hl, hr) = (g.left_stop(), g.right_stop(), h.left_stop(), h.right_stop());
    if gl > hl || gr > hr {
        return Quick::Known(false);
    }
    if gl < hr {
        return Quick::Known(true);
    }
    if let Some(r) = cache_get(g.id(), h.id()) {
        return Quick::Known(r);
    }
    // Number avoidance: against a number only the other game's moves matter.
    Quick::Search {
        right_of_b: !h.is_number(),
        left_of_a: !g.is_number(),
    }
}

/// A comparison `a <= b` in progress: by definition it holds iff no `b^R <= a` and no
/// `b <= a^L`; the frame walks these subqueries in turn (Right options of `b` first).
struct Frame {
    a: Operand,
    b: Operand,
    /// The next subquery: `index` into `b`'s Right options while `in_right`, then into `a`'s
    /// Left options.
    in_right: bool,
    left_of_a: bool,
    index: u32,
}

impl Frame {
    fn new(a: Operand, b: Operand, right_of_b: bool, left_of_a: bool) -> Frame {
        Frame {
            a,
            b,
            in_right: right_of_b,
            left_of_a,
            index: 0,
        }
    }

    /// The next subquery `(x, y)`, asking whether `x <= y`; `None` when all were refuted.
    fn next_query(&mut self, form: Option<&Form<'_>>) -> Option<(Operand, Operand)> {
        let options = |o: Operand, right: bool| -> &[Game] {
            match (o, form) {
                (Operand::Game(g), _) if right => g.right_options(),
                (Operand::Game(g), _) => g.left_options(),
                (Operand::Form, Some(f)) if right => f.right,
                (Operand::Form, Some(f)) => f.left,
                (Operand::Form, None) => unreachable!("a form operand comes with its form"),
            }
        };
        if self.in_right {
            if let Some(&x) = options(self.b, true).get(self.index as usize) {
                self.index += 1;
                return Some((Operand::Game(x), self.a));
            }
            self.in_right = false;
            self.index = 0;
        }
        if self.left_of_a {
            if let Some(&y) = options(self.a, false).get(self.index as usize) {
                self.index += 1;
                return Some((self.b, Operand::Game(y)));
            }
        }
        None
    }

    /// Records the result of the comparison: in the global cache for two stored games, in the
    /// form's memo otherwise.
    fn finish(&self, result: bool, form: Option<&Form<'_>>) {
        match (self.a, self.b, form) {
            (Operand::Game(g), Operand::Game(h), _) => cache_put(g.id(), h.id(), result),
            (Operand::Game(x), Operand::Form, Some(f)) => f.record(x, true, result),
            (Operand::Form, Operand::Game(y), Some(f)) => f.record(y, false, result),
            _ => {}
        }
    }
}

thread_local! {
    /// The stack of comparisons in progress, kept between calls so that a comparison allocates
    /// nothing once the stack has grown to the depth it needs.
    static STACK: std::cell::RefCell<Vec<Frame>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `x <= F` (when `below`) or `F <= x` for the form `F`, by the definition: `x <= F` iff no
/// `F^R <= x` and no `F <= x^L`; `F <= x` iff no `F^L >= x` and no `x^R <= F`.
///
/// Like [`le`], it recurses up to [`RECURSION_DEPTH`] levels and continues on the explicit stack
/// of [`search`] below that.
pub(crate) fn le_form(x: Game, below: bool, form: &Form<'_>) -> bool {
    le_form_to(x, below, form, RECURSION_DEPTH)
}

fn le_form_to(x: Game, below: bool, form: &Form<'_>, depth: u32) -> bool {
    let (a, b) = if below {
        (Operand::Game(x), Operand::Form)
    } else {
        (Operand::Form, Operand::Game(x))
    };
    let (right_of_b, left_of_a) = match quick(a, b, Some(form)) {
        Quick::Known(r) => return r,
        Quick::Search {
            right_of_b,
            left_of_a,
        } => (right_of_b, left_of_a),
    };
    if depth == 0 {
        return search_from(Frame::new(a, b, right_of_b, left_of_a), Some(form));
    }
    let r = if below {
        !form.right.iter().any(|&r| le(r, x))
            && !x
                .left_options()
                .iter()
                .any(|&xl| le_form_to(xl, false, form, depth - 1))
    } else {
        !form.left.iter().any(|&l| le(x, l))
            && !x
                .right_options()
                .iter()
                .any(|&xr| le_form_to(xr, true, form, depth - 1))
    };
    form.record(x, below, r);
    r
}

/// Runs the comparison `root` on this thread's stack of frames.
fn search_from(root: Frame, form: Option<&Form<'_>>) -> bool {
    STACK.with(|cell| match cell.try_borrow_mut() {
        Ok(mut stack) => search(&mut stack, root, form),
        // Not reached (a comparison starts no other), but a fresh stack is always correct.
        Err(_) => search(&mut Vec::new(), root, form),
    })
}

/// Runs the comparison `root` to its end on `stack` (which it leaves empty).
fn search(stack: &mut Vec<Frame>, root: Frame, form: Option<&Form<'_>>) -> bool {
    // A comparison abandoned by an expansion limit (see `limits`) leaves its frames behind.
    stack.clear();
    stack.push(root);
    // Whether a subquery of the top frame has just been found to hold.
    let mut holds = false;
    let mut steps = 0u32;
    loop {
        // An interruption point every 4096 steps (see `crate::interrupt`): the frames left
        // behind are cleared by the next search, and only finished comparisons were cached.
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(4096) {
            crate::interrupt::check();
        }
        let top = stack.last_mut().expect("the stack is never empty here");
        if holds {
            // A subquery of the top frame holds, so the top frame's comparison fails.
            top.finish(false, form);
            stack.pop();
            if stack.is_empty() {
                return false;
            }
            holds = false;
            continue;
        }
        match top.next_query(form) {
            None => {
                // Every subquery was refuted: the comparison holds.
                top.finish(true, form);
                stack.pop();
                if stack.is_empty() {
                    return true;
                }
                holds = true;
            }
            // Beside a form, two stored games are compared by the recursive path (which falls
            // back to a search of its own, without a form, at its depth limit), so this stack
            // holds only the frames that involve the form.
            Some((Operand::Game(x), Operand::Game(y))) if form.is_some() => {
                holds = le_games(x, y, RECURSION_DEPTH)
            }
            Some((x, y)) => match quick(x, y, form) {
                Quick::Known(r) => holds = r,
                Quick::Search {
                    right_of_b,
                    left_of_a,
                } => stack.push(Frame::new(x, y, right_of_b, left_of_a)),
            },
        }
    }
}

/// How deep a comparison of two stored games recurses before it continues on the explicit stack
/// of [`search`]: deep enough for nearly every comparison to finish as plain recursion (no frame
/// to push, no thread-local stack to borrow), shallow enough that the call stack it needs is a
/// few kilobytes whatever the depth of the games.
const RECURSION_DEPTH: u32 = 48;

thread_local! {
    /// Comparisons decided by the recursive path since the last interruption point.
    static STEPS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// `g <= h`.
pub(crate) fn le(g: Game, h: Game) -> bool {
    le_games(g, h, RECURSION_DEPTH)
}

/// `g <= h` by the definition (no `h^R <= g`, no `h <= g^L`), recursing up to `depth` levels
/// and handing a deeper comparison to [`search`].
fn le_games(g: Game, h: Game, depth: u32) -> bool {
    let (right_of_b, left_of_a) = match quick_games(g, h) {
        Quick::Known(r) => return r,
        Quick::Search {
            right_of_b,
            left_of_a,
        } => (right_of_b, left_of_a),
    };
    if depth == 0 {
        let root = Frame::new(Operand::Game(g), Operand::Game(h), right_of_b, left_of_a);
        return search_from(root, None);
    }
    // An interruption point every 4096 comparisons, as in `search`.
    let steps = STEPS.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n
    });
    if steps.is_multiple_of(4096) {
        crate::interrupt::check();
    }
    let refuted = right_of_b && h.right_options().iter().any(|&x| le_games(x, g, depth - 1))
        || left_of_a && g.left_options().iter().any(|&y| le_games(h, y, depth - 1));
    let r = !refuted;
    cache_put(g.id(), h.id(), r);
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
