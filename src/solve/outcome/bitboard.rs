//! The toolkit of the families' own bitboard searches (Domineering's, NoGo's, in
//! `rulesets/grids`): a hash that spreads a bitboard ([`spread`]), a transposition table of a
//! fixed number of entries ([`WorkTable`]), the table that grows with the search and counts
//! what it did ([`Tally`]), and the move loop that tries the best-scored moves first
//! ([`wins_by_some_move`]).

use super::{Expansions, SearchStats};

/// SplitMix64's finaliser: a hash of a bitboard position that spreads its bits over the index
/// of a [`WorkTable`].
#[inline]
pub fn spread(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A transposition table of a fixed number of entries for the bitboard searches (Domineering's,
/// NoGo's): whether the player to move wins each position, a key `K` and a side (which player
/// is to move, where the key does not say it), in buckets of two entries. A new result replaces
/// the entry of its bucket whose subtree took fewer positions to decide (BUH compare such
/// replacement schemes for Domineering). The table itself never grows; a [`Tally`] moves its
/// entries into a larger one as the search grows.
pub struct WorkTable<K> {
    entries: Vec<WorkEntry<K>>,
}

/// An entry of a [`WorkTable`].
#[derive(Clone, Copy, Default)]
struct WorkEntry<K> {
    key: K,
    /// The positions the search of this entry's subtree expanded (saturating).
    work: u32,
    /// Bit 0: the entry is in use; bit 1: its side; bit 2: the player to move wins.
    flags: u8,
}

const USED: u8 = 1;
const SIDE: u8 = 2;
const WINS: u8 = 4;

impl<K: Copy + Default + Eq> WorkTable<K> {
    /// A table of `entries` rounded down to a power of two, at least one bucket of two.
    pub fn new(entries: usize) -> WorkTable<K> {
        WorkTable {
            entries: vec![WorkEntry::default(); Self::rounded(entries)],
        }
    }

    /// `entries` rounded down to a power of two, at least 2.
    fn rounded(entries: usize) -> usize {
        if entries < 2 {
            2
        } else {
            1 << (usize::BITS - 1 - entries.leading_zeros())
        }
    }

    /// The first slot of the bucket of a key whose hash is `hash`.
    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & (self.entries.len() - 1) & !1
    }

    /// Whether the player to move wins the position `key` with side `side` (of hash `hash`),
    /// if it is stored.
    #[inline]
    pub fn lookup(&self, key: K, side: bool, hash: u64) -> Option<bool> {
        let i = self.bucket(hash);
        let flags = USED | if side { SIDE } else { 0 };
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.flags & (USED | SIDE) == flags && e.key == key)
            .map(|e| e.flags & WINS != 0)
    }

    /// Stores whether the player to move wins the position `key` with side `side` (of hash
    /// `hash`), found by a search that expanded `work` positions.
    #[inline]
    pub fn store(&mut self, key: K, side: bool, hash: u64, wins: bool, work: u64) {
        let i = self.bucket(hash);
        let flags = USED | if side { SIDE } else { 0 };
        let entry = WorkEntry {
            key,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            flags: flags | if wins { WINS } else { 0 },
        };
        let bucket = &mut self.entries[i..i + 2];
        let same = |e: &WorkEntry<K>| e.flags & (USED | SIDE) == flags && e.key == key;
        let slot = if same(&bucket[0]) {
            0
        } else if same(&bucket[1]) {
            1
        } else if bucket[0].flags & USED == 0 || bucket[0].work <= bucket[1].work {
            0
        } else {
            1
        };
        bucket[slot] = entry;
    }

    /// The number of entries.
    fn len(&self) -> usize {
        self.entries.len()
    }
}

/// What a bitboard search keeps besides its board: its [`WorkTable`], what it did, and the
/// positions it expanded (for the progress display and the interruption points). The table
/// starts small ([`Tally::FIRST_ENTRIES`]) and is moved into one four times larger whenever the
/// positions expanded reach its size, up to the most entries it was given: a search of a few
/// thousand positions does not pay for clearing a table of millions.
pub struct Tally<K> {
    table: WorkTable<K>,
    /// The most entries the table may grow to.
    most: usize,
    /// The hash of a key and side, by which the table's bucket is chosen.
    hash: fn(K, bool) -> u64,
    /// What the search did.
    pub stats: SearchStats,
    /// Positions expanded.
    pub expansions: Expansions,
}

impl<K: Copy + Default + Eq> Tally<K> {
    /// The entries of the table a search starts with.
    pub const FIRST_ENTRIES: usize = 1 << 12;

    /// A tally whose table may grow to `entries` ([`WorkTable::new`]), its buckets chosen by
    /// `hash`.
    pub fn new(entries: usize, hash: fn(K, bool) -> u64) -> Tally<K> {
        let most = WorkTable::<K>::rounded(entries);
        Tally {
            table: WorkTable::new(most.min(Self::FIRST_ENTRIES)),
            most,
            hash,
            stats: SearchStats::default(),
            expansions: Expansions::default(),
        }
    }

    /// `Ok`: whether the player to move wins the position `key` with side `side`, found in the
    /// table. `Err(entered)` when it is not there: the position is then counted as expanded,
    /// `entered` to be given to [`Tally::finish`] with its result.
    #[inline]
    pub fn enter(&mut self, key: K, side: bool) -> Result<bool, Entered> {
        let hash = (self.hash)(key, side);
        if let Some(r) = self.table.lookup(key, side, hash) {
            self.stats.table_hits += 1;
            return Ok(r);
        }
        self.stats.nodes += 1;
        self.expansions.expand();
        if self.stats.nodes as usize >= self.table.len() && self.table.len() < self.most {
            self.grow();
        }
        Err(Entered {
            start: self.stats.nodes,
            hash,
        })
    }

    /// Moves the entries into a table four times larger (at most [`Tally::new`]'s `entries`).
    #[cold]
    fn grow(&mut self) {
        let mut larger = WorkTable::new((self.table.len() * 4).min(self.most));
        for e in &self.table.entries {
            if e.flags & USED != 0 {
                let side = e.flags & SIDE != 0;
                let hash = (self.hash)(e.key, side);
                larger.store(e.key, side, hash, e.flags & WINS != 0, u64::from(e.work));
            }
        }
        self.table = larger;
    }

    /// Stores the result of a position that [`Tally::enter`] counted as expanded.
    #[inline]
    pub fn finish(&mut self, key: K, side: bool, wins: bool, entered: Entered) {
        let work = self.stats.nodes - entered.start + 1;
        self.table.store(key, side, entered.hash, wins, work);
    }
}

/// A position [`Tally::enter`] counted as expanded: when, and its hash, for [`Tally::finish`].
#[derive(Clone, Copy, Debug)]
pub struct Entered {
    /// The positions expanded when it was entered.
    start: u64,
    /// The hash of its key and side.
    hash: u64,
}

/// Whether the player to move wins by one of the moves `children` (a score and the position
/// after the move), tried highest score first: whether `wins` (the player then to move wins)
/// is false for one of them.
#[inline]
pub fn wins_by_some_move(children: &mut [(i32, u64)], mut wins: impl FnMut(u64) -> bool) -> bool {
    children.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
    children.iter().any(|&(_, child)| !wins(child))
}
