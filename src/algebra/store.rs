//! The interning table, one entry per distinct canonical form, and the handle [`Game`] to an
//! entry.
//!
//! Entries are allocated once and never freed, so a [`Game`] is a `&'static` reference to its
//! entry: copying, comparing and hashing a handle is O(1) and reading an entry takes no lock.
//! Insertion goes through sharded mutex-protected tables keyed by the option lists (for general
//! forms) or by the parts (for number + up-multiple + nimber values), which is what makes two
//! constructions of one value give the identical handle.

use super::number::Number;
use super::nus::Nus;
use hashbrown::hash_table::{Entry as TableEntry, HashTable};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

const SHARDS: usize = 32;

/// The value of a short partizan game: a handle to its canonical form.
///
/// Build values with the constructors ([`Game::new`], [`Game::number`], [`Game::nimber`], ...),
/// by parsing (`"{1|*}".parse::<Game>()`), or with the arithmetic operators. The ordering is the
/// partial order of games: `a <= b` when `b` is at least as good for Left as `a` (Left wins
/// `b − a` moving second), and `partial_cmp` returns `None` when the two are confused.
#[derive(Clone, Copy)]
pub struct Game(pub(crate) &'static Entry);

impl PartialEq for Game {
    #[inline]
    fn eq(&self, other: &Game) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Game {}

impl Hash for Game {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.0.id);
    }
}

/// One stored canonical form.
///
/// Kept small, as a computation may store millions: the options in one allocation, the parts of
/// a number + up + nimber value (a small minority of the forms) behind a pointer, the birthday
/// in 32 bits.
pub(crate) struct Entry {
    /// Sequence number; unique, used as a compact key in memo tables.
    pub(crate) id: u32,
    /// The birthday when it is below `u32::MAX` (`u32::MAX` otherwise).
    small_birthday: u32,
    /// `Some` exactly when the value is `x + n·↑ + *k`.
    pub(crate) nus: Option<Box<Nus>>,
    /// Left and right options, each side sorted by id. Set at creation for general forms and on
    /// first request for number + up + nimber values.
    pub(crate) options: OnceLock<Options>,
    /// Left and right stops (CGT §II.3): the number itself for numbers; for other
    /// forms `max RS(G^L)` and `min LS(G^R)`.
    pub(crate) left_stop: Number,
    pub(crate) right_stop: Number,
    /// The negative, filled in on first use (null until then).
    negative: AtomicPtr<Entry>,
}

/// The options of a form: the Left options, then the Right options.
pub(crate) struct Options {
    all: &'static [Game],
    split: usize,
}

impl Options {
    fn new(left: &[Game], right: &[Game]) -> Options {
        let all = ARENA
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .games
            .store(left.iter().chain(right).copied(), left.len() + right.len());
        Options {
            all,
            split: left.len(),
        }
    }

    #[inline]
    pub(crate) fn left(&self) -> &[Game] {
        &self.all[..self.split]
    }

    #[inline]
    pub(crate) fn right(&self) -> &[Game] {
        &self.all[self.split..]
    }
}

impl Entry {
    /// The negative, when it is known.
    #[inline]
    pub(crate) fn negative(&self) -> Option<Game> {
        let p = self.negative.load(Ordering::Acquire);
        // SAFETY: the pointer is null or was stored by `set_negative` from a `Game`, whose
        // entry is leaked and never freed.
        (!p.is_null()).then(|| Game(unsafe { &*p }))
    }

    /// Records the negative (a second call stores the same handle, as the negative of a form
    /// is unique).
    #[inline]
    pub(crate) fn set_negative(&self, n: Game) {
        let p: *const Entry = n.0;
        self.negative.store(p.cast_mut(), Ordering::Release);
    }
}

struct Store {
    next_id: AtomicU32,
    general: Vec<Mutex<HashTable<Game>>>,
    nus: Vec<Mutex<hashbrown::HashMap<Nus, Game>>>,
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        next_id: AtomicU32::new(0),
        general: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
        nus: (0..SHARDS)
            .map(|_| Mutex::new(hashbrown::HashMap::new()))
            .collect(),
    })
}

fn next_id() -> u32 {
    let id = store().next_id.fetch_add(1, Ordering::Relaxed);
    assert!(
        id < u32::MAX / 2,
        "partizan: more than 2^31 distinct games stored"
    );
    id
}

/// A fast multiplicative hash of a sequence of ids (the option lists of a form).
pub(crate) fn hash_ids(left: &[Game], right: &[Game]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for g in left {
        h = (h ^ g.id() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h = (h ^ 0xFFFF_FFFF).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    for g in right {
        h = (h ^ g.id() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h ^ (h >> 29)
}

/// The shard of a value: a cheap deterministic mix (the shard must not depend on a per-instance
/// random seed; each shard's map then hashes with its own fast hasher).
fn nus_shard(n: &Nus) -> usize {
    let mut h = n.number.shard_hash();
    for v in [n.ups as u64, n.nimber] {
        h = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    (h >> 40) as usize % SHARDS
}

fn leak(entry: Entry) -> Game {
    let mut arena = ARENA.lock().unwrap_or_else(|e| e.into_inner());
    let stored = arena.entries.store(std::iter::once(entry), 1);
    Game(&stored[0])
}

/// Where the entries and option lists are kept: they are never freed, so they are handed out in
/// order from large blocks, without the global allocator's bookkeeping for each, and the blocks
/// are close to the entries stored at about the same time.
struct Arena {
    entries: Blocks<Entry>,
    games: Blocks<Game>,
}

// SAFETY: the blocks are plain memory owned by the arena (and then by the leaked values written
// into them); the mutex around the arena serialises its use.
unsafe impl Send for Arena {}

static ARENA: Mutex<Arena> = Mutex::new(Arena {
    entries: Blocks::new(),
    games: Blocks::new(),
});

/// A bump allocator of `T`s in blocks, each twice the size of the previous one up to
/// [`LARGEST_BLOCK`] bytes (so that a small computation takes little memory).
struct Blocks<T> {
    next: *mut T,
    /// The number of `T`s left in the current block.
    left: usize,
    /// The size of the next block, in bytes.
    block: usize,
}

/// The size of the largest blocks: a few huge pages (see [`super::advise_huge_pages`]).
const LARGEST_BLOCK: usize = 8 << 20;

impl<T> Blocks<T> {
    const fn new() -> Blocks<T> {
        Blocks {
            next: std::ptr::null_mut(),
            left: 0,
            block: 64 << 10,
        }
    }

    /// Writes the `n` values of `values` into memory that lives as long as the process.
    fn store(&mut self, values: impl Iterator<Item = T>, n: usize) -> &'static [T] {
        if n == 0 {
            return &[];
        }
        if n > self.left {
            let len = (self.block / std::mem::size_of::<T>()).max(n);
            let mut block: Vec<T> = Vec::with_capacity(len);
            if self.block == LARGEST_BLOCK {
                super::advise_huge_pages(block.spare_capacity_mut());
            }
            self.block = (self.block * 2).min(LARGEST_BLOCK);
            self.next = block.as_mut_ptr();
            self.left = len;
            // The block is never freed: the values written into it are `'static`.
            std::mem::forget(block);
        }
        let start = self.next;
        let mut written = 0;
        for v in values.take(n) {
            // SAFETY: `start + written` lies inside the current block (`written < n <=
            // self.left`), which no value has used yet.
            unsafe { start.add(written).write(v) };
            written += 1;
        }
        assert_eq!(written, n, "as many values as announced");
        // SAFETY: as above, the block has room for `n` more values.
        self.next = unsafe { start.add(n) };
        self.left -= n;
        // SAFETY: the `n` values from `start` were just written, and the block is never freed
        // nor written again at these places.
        unsafe { std::slice::from_raw_parts(start, n) }
    }
}

/// The handle of `x + n·↑ + *k`.
pub(crate) fn intern_nus(n: Nus) -> Game {
    if n.ups == i64::MIN {
        super::limits::up_overflow();
    }
    let shard = &store().nus[nus_shard(&n)];
    let mut table = shard.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(g) = table.get(&n) {
        return *g;
    }
    let birthday = u32::try_from(n.birthday()).unwrap_or(u32::MAX);
    let g = leak(Entry {
        id: next_id(),
        left_stop: n.number.clone(),
        right_stop: n.number.clone(),
        nus: Some(Box::new(n.clone())),
        options: OnceLock::new(),
        small_birthday: birthday,
        negative: AtomicPtr::new(std::ptr::null_mut()),
    });
    table.insert(n, g);
    g
}

/// The handle of the general (not number + up + nimber) canonical form with these options.
///
/// The caller guarantees that the form is canonical and not of number + up + nimber form, and
/// that both lists are sorted by id without repetition.
pub(crate) fn intern_general(left: Vec<Game>, right: Vec<Game>) -> Game {
    debug_assert!(left.windows(2).all(|w| w[0].id() < w[1].id()));
    debug_assert!(right.windows(2).all(|w| w[0].id() < w[1].id()));
    let h = hash_ids(&left, &right);
    let shard = &store().general[(h as usize >> 7) % SHARDS];
    let mut table = shard.lock().unwrap_or_else(|e| e.into_inner());
    let found = table.entry(
        h,
        |g| *g.left_options() == *left && *g.right_options() == *right,
        |g| hash_ids(g.left_options(), g.right_options()),
    );
    match found {
        TableEntry::Occupied(o) => *o.get(),
        TableEntry::Vacant(v) => {
            // A general canonical form is never a number, so both sides are non-empty and the
            // stops come from the options (CGT §II.3).
            let left_stop = left
                .iter()
                .map(|g| &g.0.right_stop)
                .max()
                .expect("a general form has a Left option")
                .clone();
            let right_stop = right
                .iter()
                .map(|g| &g.0.left_stop)
                .min()
                .expect("a general form has a Right option")
                .clone();
            let small_birthday = left
                .iter()
                .chain(right.iter())
                .map(|g| g.0.small_birthday)
                .max()
                .unwrap_or(0)
                .saturating_add(1);
            let options = OnceLock::new();
            let _ = options.set(Options::new(&left, &right));
            let g = leak(Entry {
                id: next_id(),
                nus: None,
                options,
                left_stop,
                right_stop,
                small_birthday,
                negative: AtomicPtr::new(std::ptr::null_mut()),
            });
            v.insert(g);
            g
        }
    }
}

/// The number of distinct canonical forms stored so far.
pub fn stored_forms() -> usize {
    store().next_id.load(Ordering::Relaxed) as usize
}

impl Game {
    #[inline]
    pub(crate) fn id(self) -> u32 {
        self.0.id
    }

    /// The birthday if it is below `u32::MAX`, else `u64::MAX`.
    #[inline]
    pub(crate) fn small_birthday(self) -> u64 {
        match self.0.small_birthday {
            u32::MAX => u64::MAX,
            b => u64::from(b),
        }
    }

    pub(crate) fn options_entry(self) -> &'static Options {
        let e: &'static Entry = self.0;
        e.options.get_or_init(|| {
            let n = e
                .nus
                .as_ref()
                .expect("general forms store their options at creation");
            if n.ups == 0 {
                super::limits::check_nimber_options(n.nimber);
            }
            let (l, r) = n.options();
            let mut left: Vec<Game> = l.into_iter().map(intern_nus).collect();
            let mut right: Vec<Game> = r.into_iter().map(intern_nus).collect();
            left.sort_by_key(|g| g.id());
            right.sort_by_key(|g| g.id());
            Options::new(&left, &right)
        })
    }
}
