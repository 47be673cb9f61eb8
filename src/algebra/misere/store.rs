//! The interning table of misère canonical forms, one entry per distinct form, and the handle
//! [`MisereGame`] to an entry.
//!
//! As in the normal-play store ([`crate::algebra`]), entries are allocated once and never freed, so
//! a [`MisereGame`] is a `&'static` reference: copying, comparing and hashing a handle is O(1).
//! Nim heaps are stored by their size and write out their options only on request; every other
//! form is stored with its options, sorted by id, and found again through a hash of them.

use super::genus::Genus;
use hashbrown::hash_table::{Entry as TableEntry, HashTable};
use hashbrown::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

const SHARDS: usize = 16;

/// A misère canonical form of an impartial game: a handle to its entry in the store.
///
/// Build games with [`MisereGame::zero`], [`MisereGame::nim_heap`], [`MisereGame::new`] (from
/// options), the sum `+`, or from CGSuite's notation, which the expression language reads
/// (`"*[2#]".parse()`, see [`crate::expr`]).
#[derive(Clone, Copy)]
pub struct MisereGame(pub(crate) &'static Entry);

impl PartialEq for MisereGame {
    #[inline]
    fn eq(&self, other: &MisereGame) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for MisereGame {}

impl Hash for MisereGame {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.0.id);
    }
}

/// One stored misère canonical form.
pub(crate) struct Entry {
    /// Sequence number, unique.
    pub(crate) id: u32,
    /// `Some(n)` exactly for the nim heap `*n`.
    pub(crate) nim: Option<u64>,
    /// The options, sorted by id: set at creation, or on first request for a nim heap.
    pub(crate) options: OnceLock<Box<[MisereGame]>>,
    /// The birthday: the height of the game tree of the canonical form.
    pub(crate) birthday: u64,
    /// The normal-play Grundy value `G⁺`.
    pub(crate) g_plus: u64,
    /// The misère Grundy value `G⁻` (1 for the game 0, otherwise the mex of the options').
    pub(crate) g_minus: u64,
    /// The genus, computed on first request.
    pub(crate) genus: OnceLock<Genus>,
    /// `G + *`, computed on first request.
    pub(crate) plus_star: OnceLock<MisereGame>,
    /// The options in CGSuite's order (for printing), computed on first request.
    pub(crate) ordered: OnceLock<Box<[MisereGame]>>,
}

struct Store {
    next_id: AtomicU32,
    general: Vec<Mutex<HashTable<MisereGame>>>,
    nim: Mutex<HashMap<u64, MisereGame>>,
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        next_id: AtomicU32::new(0),
        general: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
        nim: Mutex::new(HashMap::new()),
    })
}

fn entry(nim: Option<u64>, birthday: u64, g_plus: u64, g_minus: u64) -> Entry {
    let id = store().next_id.fetch_add(1, Ordering::Relaxed);
    assert!(id < u32::MAX / 2, "partizan: more than 2^31 misère forms");
    Entry {
        id,
        nim,
        options: OnceLock::new(),
        birthday,
        g_plus,
        g_minus,
        genus: OnceLock::new(),
        plus_star: OnceLock::new(),
        ordered: OnceLock::new(),
    }
}

fn leak(e: Entry) -> MisereGame {
    MisereGame(Box::leak(Box::new(e)))
}

/// A hash of an option list (ids sorted increasingly).
fn hash_options(options: &[MisereGame]) -> u64 {
    options.iter().fold(0x517C_C1B7_2722_0A95, |h, g| {
        (h.rotate_left(5) ^ u64::from(g.id())).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    })
}

/// The nim heap `*n`.
pub(crate) fn nim_heap(n: u64) -> MisereGame {
    let mut table = store().nim.lock().unwrap_or_else(|e| e.into_inner());
    *table.entry(n).or_insert_with(|| {
        // G⁻(*n) = 1, 0, 2, 3, 4, ... (misère Nim: *0 is a win for the player to move, *1 a loss).
        let g_minus = if n <= 1 { 1 - n } else { n };
        leak(entry(Some(n), n, n, g_minus))
    })
}

/// The stored form with exactly these options (sorted by id, without repetition), if any.
pub(crate) fn find(options: &[MisereGame]) -> Option<MisereGame> {
    let h = hash_options(options);
    let shard = &store().general[(h >> 59) as usize % SHARDS];
    let table = shard.lock().unwrap_or_else(|e| e.into_inner());
    table.find(h, |g| *g.options() == *options).copied()
}

/// The handle of the canonical form with these options, which the caller has checked to be
/// irreducible and not a nim heap (sorted by id, without repetition).
pub(crate) fn intern(options: Vec<MisereGame>, g_plus: u64, g_minus: u64) -> MisereGame {
    let h = hash_options(&options);
    let shard = &store().general[(h >> 59) as usize % SHARDS];
    let mut table = shard.lock().unwrap_or_else(|e| e.into_inner());
    match table.entry(
        h,
        |g| *g.options() == *options,
        |g| hash_options(g.options()),
    ) {
        TableEntry::Occupied(o) => *o.get(),
        TableEntry::Vacant(v) => {
            let birthday = options.iter().map(|g| g.birthday()).max().unwrap_or(0) + 1;
            let e = entry(None, birthday, g_plus, g_minus);
            let _ = e.options.set(options.into_boxed_slice());
            let g = leak(e);
            v.insert(g);
            g
        }
    }
}

/// The number of distinct misère canonical forms stored so far.
pub fn stored_misere_forms() -> usize {
    store().next_id.load(Ordering::Relaxed) as usize
}
