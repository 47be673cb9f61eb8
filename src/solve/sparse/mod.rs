//! Grundy values of take-and-break heap games at research scale: the *sparse space* method.
//!
//! **Class of games.** A move takes `k` tokens from one heap and leaves zero, one or two
//! non-empty heaps: the octal games (WW ch. 4; CGT
//! ch. IV), i.e. the hexadecimal codes whose digits are all below 8, given by their digits
//! ([`HeapRules::octal`]), and Grundy's game, which splits a heap into two unequal heaps
//! ([`HeapRules::grundy_game`]). Splits into three or more heaps (hexadecimal digits 8 to F)
//! are not computed.
//!
//! **Sparse space** (WW ch. 4, "Sparse space spells speed"; Gangolli and Plambeck,
//! "A note on periodicity in some octal games", *Int. J. Game Theory* 18 (1989); Flammenkamp's
//! octal-game tables). Fix a bit mask `m` and call a value `v` *odd* or *even* by the parity of
//! the number of ones in `v & m`. The parity of `x ⊕ y` is the sum of the parities, so two odd
//! values, or two even ones, XOR to an even value. For many games one class of values is
//! *common* (most `G(n)` are odd) and the other *rare* (few positions have even values). Then in
//! the options `G(a) ⊕ G(b)` of a heap `n` (`a + b = n − k`), an odd value needs a rare heap
//! among `a`, `b`: the odd values among the options of `n` are found **exactly** by pairing each
//! rare position with its partner (`|rare| · splits` XORs), and the mex is usually odd. The
//! even values below that odd candidate are abundant (common ⊕ common); they are confirmed
//! present by scanning the common pairs only until every one of them has been seen (a coupon
//! collector's few dozen pairs). Only when some even value is missing, which happens exactly at
//! a new rare position, is the whole pair list scanned. So the cost per value is about the
//! number of rare positions instead of `n`. Where the values grow with the heap (Treblecross)
//! the coupon scan takes thousands of pairs, and it takes them in chunks spread over the heaps
//! rather than from the smallest up (`CouponOrder`); where the rare heaps are thousands, the
//! pairs of 32 consecutive heaps with most of them are marked together, a rare heap's partners
//! being consecutive heaps, and so are the first chunks of their coupon scans where those are
//! long (`Core::mark_group`). Once few abundant values are still wanted, the coupon scan tests
//! 32 pairs at a time with the processor's vector instructions where it has them (AVX-512BW),
//! and looks pair by pair only at the blocks that give a wanted value (`PairTest`).
//!
//! Flammenkamp's refinement is used too: the class of a position may also depend on its
//! parity, `σ(n) = parity(G(n) & m) ⊕ (n mod 2)`, which suits games whose splits all remove `k`
//! of one parity (all pairs of heap `n` then have `a + b ≡ n − k`). The engine chooses `m` (and
//! whether to add the position's parity) from the values seen so far: it counts, in a histogram
//! of (value, parity of n), the rare positions each mask of up to 12 bits would give and takes
//! the fewest, reconsidering as the values grow. Where no mask makes the rare positions few (or
//! the game has no splits) it computes each mex **directly** over all pairs. Every value is
//! exact whatever the mask: the mask only decides the work.
//!
//! **Storage.** Values are kept in one byte each while they are below 256, two below 65536,
//! four beyond (the array widens once when a larger value appears); `G(0..=N)` for `N = 10^9`
//! takes 1 GB for most games. [`SparseRun::compute`] refuses a target whose array would not fit
//! the memory budget it is given. [`SparseRun::save`] and [`SparseRun::load`] write and read the
//! values (with a checksum), so that a long run stops and resumes.
//!
//! **Periodicity** is watched as the values arrive ([`super::periodic::PeriodWatch`]), and
//! proven by the Octal Periodicity Theorem; once proven, the remaining values follow from the
//! period.
//!
//! **Layout.** This module holds the rules, the classes and the value of one heap (its rare
//! pairs, then the coupon scan); `coupon` the coupon scan, `group` the groups of heaps marked
//! together and computed side by side, `pair_test` the vector kernels, and `run` the
//! [`SparseRun`] that the library and the command line drive.

mod coupon;
mod group;
mod pair_test;
mod run;

pub(crate) use run::in_memory;
pub use run::{sequence, Finish, Limits, SparseRun, Summary, ValueFormat};

use crate::Error;
use coupon::{confirm, CouponScratch, Prescan, RecentChunks};
use group::{copy_run, planned_heaps, GroupMarks, GROUP};
use pair_test::PairTest;

pub use crate::solve::cell::Cell;

/// The moves of a heap game of the class above: take `k` and leave nothing (`whole`), one heap
/// (`single`) or two non-empty heaps (`split`; unequal ones only for Grundy's game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapRules {
    name: String,
    whole: Vec<usize>,
    single: Vec<usize>,
    split: Vec<usize>,
    unequal: bool,
    /// `t` of the Octal Periodicity Theorem, for an octal game.
    code_length: Option<usize>,
}

impl HeapRules {
    /// The octal game with digits `digits` (`digits[0]` before the point, 0 or 4): digit `d_k`
    /// allows taking `k` tokens leaving no heap (bit 1), one heap (bit 2) or two non-empty heaps
    /// (bit 4).
    ///
    /// ```
    /// use partizan::solve::sparse::HeapRules;
    /// let kayles = HeapRules::octal(&[0, 7, 7]).unwrap();
    /// assert_eq!(kayles.name(), "0.77");
    /// assert!(HeapRules::octal(&[1, 7]).is_err());
    /// assert!(HeapRules::octal(&[0, 8]).unwrap_err().to_string().contains("three"));
    /// ```
    pub fn octal(digits: &[u8]) -> Result<HeapRules, Error> {
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(Error::input(format!(
                "code digit {d} is not a hexadecimal digit"
            )));
        }
        if let Some(&d) = digits.iter().find(|&&d| d > 7) {
            return Err(Error::input(format!(
                "code digit {d:X} allows splitting a heap into three, which this engine does not compute (digits 0..7 only)"
            )));
        }
        if digits.first().is_some_and(|&d| d & 3 != 0) {
            return Err(Error::input(format!(
                "the digit before the point is {}, but only 0 or 4 are allowed there",
                digits[0]
            )));
        }
        let mut digits = digits.to_vec();
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        let with = |bit: u8| -> Vec<usize> {
            (0..digits.len())
                .filter(|&k| digits[k] & bit != 0)
                .collect()
        };
        let rest: String = digits[1..].iter().map(|d| char::from(b'0' + d)).collect();
        Ok(HeapRules {
            name: format!(
                "{}.{}",
                digits.first().copied().unwrap_or(0),
                if rest.is_empty() { "0" } else { &rest }
            ),
            whole: with(1).into_iter().filter(|&k| k > 0).collect(),
            single: with(2),
            split: with(4),
            unequal: false,
            code_length: Some(digits.len().saturating_sub(1)),
        })
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes (WW
    /// ch. 4). No periodicity theorem applies.
    pub fn grundy_game() -> HeapRules {
        HeapRules {
            name: "Grundy's game".into(),
            whole: vec![],
            single: vec![],
            split: vec![0],
            unequal: true,
            code_length: None,
        }
    }

    /// The code (`0.77`), or `Grundy's game`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `t` of the Octal Periodicity Theorem; `None` for Grundy's game.
    pub fn code_length(&self) -> Option<usize> {
        self.code_length
    }
}

/// How the mex of each heap is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Over every pair of heaps.
    Direct,
    /// Sparse space: a position `n` is rare when `parity(G(n) & mask) ⊕ (n mod 2 if
    /// by_position)` equals `rare_parity`.
    Sparse {
        /// The mask `m`.
        mask: u32,
        /// Whether the position's parity takes part (Flammenkamp's sparse space in the domain).
        by_position: bool,
        /// The parity of the rare class.
        rare_parity: u8,
    },
}

/// Values stored in the narrowest element type that holds them.
#[derive(Clone, Debug)]
enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

macro_rules! with_store {
    ($store:expr, $g:ident => $body:expr) => {
        match $store {
            Store::U8($g) => $body,
            Store::U16($g) => $body,
            Store::U32($g) => $body,
        }
    };
}
use with_store;

impl Store {
    fn len(&self) -> usize {
        with_store!(self, g => g.len())
    }

    fn bytes(&self) -> usize {
        match self {
            Store::U8(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
        }
    }

    fn get(&self, n: usize) -> u32 {
        with_store!(self, g => g[n].get())
    }
}

/// The least number of pairs in one scan that is split between two threads: below it, handing
/// half the scan to another thread costs more than it saves (a join costs as much as some
/// thousands of pairs, and ten times that when the other thread has gone to sleep since the last
/// one: a long coupon scan is shared too (`coupon::split_coupon`), which keeps it awake).
const PARALLEL_PAIRS: usize = 1 << 14;

/// Runs `scan(lo, hi, found)` over `lo..hi`, which records the option values of those pairs
/// (`per` pairs an index) in `found` (a bit set, or [`pack`]'s byte marks). A long range is cut
/// in two, the upper half scanned into `spare` on another thread of rayon's pool (when it has
/// one) and then merged: the set of option values is the union of the halves' sets whatever the
/// order, so the result is the same on any number of threads.
#[inline]
fn halves<E: Copy + Default + Send + Sync + std::ops::BitOrAssign>(
    marks: &mut [E],
    spare: &mut [E],
    lo: usize,
    hi: usize,
    per: usize,
    scan: impl Fn(usize, usize, &mut [E]) + Sync,
) {
    if (hi - lo) * per <= PARALLEL_PAIRS || rayon::current_num_threads() < 2 {
        scan(lo, hi, marks);
        return;
    }
    let mid = lo + (hi - lo) / 2;
    spare.fill(E::default());
    rayon::join(|| scan(lo, mid, marks), || scan(mid, hi, spare));
    for (s, &t) in marks.iter_mut().zip(spare.iter()) {
        *s |= t;
    }
}

/// Adds the values marked in `marks` (a byte, 0 or 1, for each value) to the bitset `seen`.
///
/// A long scan marks bytes instead of setting bits: setting a bit reads and writes its word,
/// and consecutive values falling in one word wait for each other's write (several cycles
/// each), while byte marks are independent stores.
#[inline]
fn pack(marks: &[u8], seen: &mut [u64]) {
    for (word, chunk) in seen.iter_mut().zip(marks.chunks_exact(64)) {
        *word |= byte_bits(chunk);
    }
}

/// The 64 byte marks `chunk` (each 0 or 1) as the bits of a word.
#[inline]
fn byte_bits(chunk: &[u8]) -> u64 {
    let mut bits = 0u64;
    for (i, eight) in chunk.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        // Byte j of x is 0 or 1; the product moves byte j's bit to bit 56 + j (its other
        // partial products fall on distinct bits, so nothing carries into the top).
        bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    bits
}

/// Runs `f` on a thread of rayon's pool when it has more than one and this is not one of them:
/// a join called from outside the pool hands the whole join over to the pool and waits for it
/// (as much as a split scan saves), one from inside costs a push onto the thread's own queue.
fn in_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if rayon::current_thread_index().is_none() && rayon::current_num_threads() > 1 {
        rayon::scope(|_| f())
    } else {
        f()
    }
}

/// Values computed between looks at the stop flag, the progress counter and the periodicity.
const BLOCK: usize = 1 << 16;
/// Masks of at most this many bits are tried.
const MASK_BITS: u32 = 12;

/// The scratch space of one heap's value.
#[derive(Clone, Debug, Default)]
struct HeapScratch {
    /// A bitset of option values, [`Core::words`] words.
    seen: Vec<u64>,
    /// A second such bitset, for the half of a scan that runs on another thread.
    spare: Vec<u64>,
    /// The option values of a long scan, a byte each (see [`pack`]), `64 · words` bytes.
    marks: Vec<u8>,
    /// A second such array, for the half of a long scan that runs on another thread.
    spare_marks: Vec<u8>,
    /// Scratch of the coupon scan.
    coupon: CouponScratch,
    /// The chunks where the coupon scans of the last heaps computed in this scratch space found
    /// their last values. With two threads each has its own: a heap then reads the finds of
    /// the heaps its thread computed last, up to the one before, where one list for both
    /// would have been read from before the group, up to 32 heaps back.
    recent: RecentChunks,
}

impl HeapScratch {
    fn resize(&mut self, w: usize) {
        self.seen.resize(w, 0);
        self.spare.resize(w, 0);
        self.marks.resize(64 * w, 0);
        self.spare_marks.resize(64 * w, 0);
        self.coupon.wanted.resize(64 * w, 0);
        self.coupon.spare_wanted.resize(64 * w, 0);
    }
}

/// What a heap's value reads of the computation (see [`HeapView::value`]): all of it stays
/// unchanged while the values of several heaps are computed side by side.
struct HeapView<'a> {
    rules: &'a HeapRules,
    method: Method,
    rare: &'a [usize],
    rare_values: &'a [u32],
    abundant: &'a [Vec<u64>; 2],
    group: &'a GroupMarks,
    /// Words of the bitsets' values ([`Core::words`] − 1).
    value_words: usize,
    test: PairTest,
}

/// The computation: rules, method, rare positions, scratch bitsets, counters.
#[derive(Clone, Debug)]
struct Core {
    rules: HeapRules,
    /// Whether every split removes a number of tokens of the same parity (then the position's
    /// parity may take part in the classes).
    split_parity: Option<usize>,
    method: Method,
    /// The rare positions, ascending (only under [`Method::Sparse`]).
    rare: Vec<usize>,
    /// Their values, `rare_values[i] = G(rare[i])`: the scan reads them in order instead of
    /// from scattered places of the value array.
    rare_values: Vec<u32>,
    /// How many positions had each value, by the parity of the position.
    hist: Vec<[u64; 2]>,
    max: u32,
    /// The scratch space of a heap's value, and of a second heap's computed beside it on
    /// another thread (see [`Core::side_by_side`]).
    scratch: HeapScratch,
    second: HeapScratch,
    /// The vector test of the coupon scan's blocks of pairs, where the processor has it (see
    /// [`SparseRun::use_vector_test`]).
    test: PairTest,
    /// The marks of the current group's pairs (see [`Core::mark_group`]), and of the next
    /// group's, made while the current group's values are computed (see
    /// [`Core::side_by_side`]).
    group: GroupMarks,
    next_group: GroupMarks,
    /// Sixteen times a moving average of the pairs that the coupon scan of a group's first heap
    /// takes (its 1/16 weight over the recent groups): the first heap does not skip the
    /// prescanned chunks, so that this measures the scans the prescan is to save.
    coupon_need: u64,
    /// `abundant[π]`: the values whose parity under the mask is `π`.
    abundant: [Vec<u64>; 2],
    next_review: usize,
    rare_at_review: usize,
    /// Values computed under the sparse method (the coupon scan counts its pairs).
    sparse_values: u64,
    /// The method was fixed by [`SparseRun::fix_method`]: no reviews.
    fixed: bool,
}

#[inline(always)]
fn insert(seen: &mut [u64], v: u32) {
    seen[(v >> 6) as usize] |= 1 << (v & 63);
}

/// The least bit that is zero in `a | b` (`a`, `b` of equal length; the last word of `a` is
/// never full, see [`Core::words`]).
#[inline]
fn first_zero(a: &[u64], b: &[u64]) -> u32 {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let w = x | y;
        if w != u64::MAX {
            return (i * 64) as u32 + w.trailing_ones();
        }
    }
    (a.len() * 64) as u32
}

/// Whether every value below `c` in `need` is in `seen`.
#[inline]
fn covered(seen: &[u64], need: &[u64], c: u32) -> bool {
    let full = (c / 64) as usize;
    if need[..full]
        .iter()
        .zip(&seen[..full])
        .any(|(n, s)| n & !s != 0)
    {
        return false;
    }
    let rest = c % 64;
    rest == 0 || need[full] & !seen[full] & ((1u64 << rest) - 1) == 0
}

/// Inserts the values `values`, each below `64 · value_words`, into `seen`. Values below 64
/// are gathered in a register: a bit set in memory makes each value wait for the previous
/// value's write to the same word.
#[inline(always)]
fn insert_values(values: impl Iterator<Item = u32>, seen: &mut [u64], value_words: usize) {
    if value_words == 1 {
        seen[0] |= values.fold(0u64, |word, v| word | 1 << (v & 63));
    } else {
        values.for_each(|v| insert(seen, v));
    }
}

/// `G(a) ⊕ G(rest − a)` for `a` in `lo..hi` (`lo <= hi`), the option values of those pairs
/// of a split that leaves `rest` tokens: two slices read in opposite directions.
#[inline(always)]
fn pair_values<T: Cell>(
    g: &[T],
    rest: usize,
    lo: usize,
    hi: usize,
) -> impl Iterator<Item = u32> + '_ {
    let left = &g[lo..hi];
    let right = &g[rest + 1 - hi..rest + 1 - lo];
    left.iter()
        .zip(right.iter().rev())
        .map(|(l, r)| l.get() ^ r.get())
}

/// Inserts `G(a) ⊕ G(rest − a)` for `a` in `lo..hi` into `seen`, whose values fill
/// `value_words` words.
#[inline]
fn pairs<T: Cell>(
    g: &[T],
    rest: usize,
    lo: usize,
    hi: usize,
    seen: &mut [u64],
    value_words: usize,
) {
    if lo >= hi {
        return;
    }
    insert_values(pair_values(g, rest, lo, hi), seen, value_words);
}

/// Marks `G(a) ⊕ G(rest − a)` for `a` in `lo..hi` in `marks` (see [`pack`]).
#[inline]
fn mark_pairs<T: Cell>(g: &[T], rest: usize, lo: usize, hi: usize, marks: &mut [u8]) {
    if lo >= hi {
        return;
    }
    for v in pair_values(g, rest, lo, hi) {
        marks[v as usize] = 1;
    }
}

fn parity(v: u32) -> usize {
    (v.count_ones() & 1) as usize
}

/// The class π0 of the values that two common heaps give as an option of heap `n`: two common
/// heaps `a + b = n − k` give a value of parity `(n − k) mod 2` under the mask if the
/// position's parity takes part in the split (every split then takes a `k` of one parity),
/// else of parity 0.
fn pair_class(method: Method, rules: &HeapRules, n: usize) -> usize {
    match (method, rules.split.first()) {
        (
            Method::Sparse {
                by_position: true, ..
            },
            Some(&k),
        ) => (n - k) & 1,
        _ => 0,
    }
}

/// What [`HeapView::first_options`] found for a heap.
enum Step {
    /// The mex.
    Mex(u32),
    /// The least missing value `c` of the class that the rare pairs decide: the mex unless a
    /// value of the abundant class `abundant[pi0]` below it is missing, which the coupon scan
    /// ([`confirm`]) tells.
    Confirm { c: u32, pi0: usize },
}

/// The pairs `a`, `rest − a` of one split that a scan looks at, `a` in `lo..hi` (the smaller
/// heap first; `a` from `lo > 1` where the values of the larger heaps are not known yet, see
/// [`Core::side_by_side`]).
#[derive(Clone, Copy, Debug)]
struct SplitPairs {
    rest: usize,
    lo: usize,
    hi: usize,
}

impl SplitPairs {
    /// The pairs of split `k` of heap `n` (`n ≥ k + 2`) made of heaps below `known`.
    fn new(rules: &HeapRules, n: usize, k: usize, known: usize) -> SplitPairs {
        let rest = n - k;
        // The larger heap `rest − a` is below `known` from `a = rest + 1 − known` on.
        let lo = (rest + 1).saturating_sub(known).max(1);
        let hi = if rules.unequal {
            (rest - 1) / 2
        } else {
            rest / 2
        } + 1;
        SplitPairs { rest, lo, hi }
    }

    /// The pairs of every split of heap `n` (each `k` up to `n − 2`) made of heaps below `known`.
    fn of(
        rules: &HeapRules,
        n: usize,
        known: usize,
    ) -> impl Iterator<Item = SplitPairs> + Clone + '_ {
        rules
            .split
            .iter()
            .filter(move |&&k| n >= k + 2)
            .map(move |&k| SplitPairs::new(rules, n, k, known))
    }

    /// One past the largest smaller heap of the pairs of `splits` (1 if none).
    fn end(splits: &[SplitPairs]) -> usize {
        splits.iter().map(|split| split.hi).max().unwrap_or(1)
    }

    /// The smaller heaps of its pairs in the chunk `lo..hi`, if any.
    #[inline(always)]
    fn within(&self, lo: usize, hi: usize) -> Option<(usize, usize)> {
        let (lo, hi) = (lo.max(self.lo), hi.min(self.hi));
        (lo < hi).then_some((lo, hi))
    }
}

impl Core {
    fn new(rules: HeapRules) -> Core {
        let split_parity = match rules.split.split_first() {
            Some((&k, others)) if others.iter().all(|&j| j % 2 == k % 2) => Some(k % 2),
            _ => None,
        };
        let mut core = Core {
            rules,
            split_parity,
            method: Method::Direct,
            rare: Vec::new(),
            rare_values: Vec::new(),
            hist: Vec::new(),
            max: 0,
            scratch: HeapScratch::default(),
            second: HeapScratch::default(),
            test: PairTest::detect(),
            group: GroupMarks::default(),
            next_group: GroupMarks::default(),
            coupon_need: 0,
            abundant: [Vec::new(), Vec::new()],
            next_review: 64,
            rare_at_review: 0,
            sparse_values: 0,
            fixed: false,
        };
        core.resize();
        core
    }

    /// Words of a bitset that holds every option value and the mex: options are XORs of values
    /// below the next power of two above `max`, and the last word stays empty.
    fn words(&self) -> usize {
        ((self.max as usize + 1).next_power_of_two().max(64)) / 64 + 1
    }

    fn resize(&mut self) {
        let w = self.words();
        self.scratch.resize(w);
        self.second.resize(w);
        self.set_classes();
    }

    fn set_classes(&mut self) {
        let w = self.words();
        let mask = match self.method {
            Method::Sparse { mask, .. } => mask,
            Method::Direct => 0,
        };
        for (pi, class) in self.abundant.iter_mut().enumerate() {
            class.clear();
            class.resize(w, 0);
            for v in 0..(w * 64) as u32 {
                if parity(v & mask) == pi {
                    class[(v / 64) as usize] |= 1 << (v % 64);
                }
            }
            // The last word is kept empty: the mex scan ends there.
            class[w - 1] = 0;
        }
    }

    fn is_rare(&self, v: u32, n: usize) -> bool {
        match self.method {
            Method::Sparse {
                mask,
                by_position,
                rare_parity,
            } => {
                // Heap 0 is no heap of a pair.
                n > 0 && (parity(v & mask) ^ (by_position as usize & n & 1)) as u8 == rare_parity
            }
            Method::Direct => false,
        }
    }

    /// What a heap's value reads, the scratch spaces of two heaps computed side by side, and
    /// the shares of the next group's marks.
    #[allow(clippy::type_complexity)]
    fn parts(
        &mut self,
    ) -> (
        HeapView<'_>,
        &mut HeapScratch,
        &mut HeapScratch,
        &mut GroupMarks,
    ) {
        let value_words = self.words() - 1;
        let view = HeapView {
            rules: &self.rules,
            method: self.method,
            rare: &self.rare,
            rare_values: &self.rare_values,
            abundant: &self.abundant,
            group: &self.group,
            value_words,
            test: self.test,
        };
        (
            view,
            &mut self.scratch,
            &mut self.second,
            &mut self.next_group,
        )
    }

    /// `G(n)`, from `g = G(0..n)`; with `grouped`, `n` is the heap of run `lane` of the
    /// current group, whose pairs [`Core::mark_group`] has marked.
    #[inline]
    fn value<T: Cell>(&mut self, g: &[T], n: usize, grouped: Option<usize>) -> u32 {
        let (view, scratch, ..) = self.parts();
        view.value(scratch, g, n, grouped)
    }
}

impl HeapView<'_> {
    /// `G(n)` as for [`Core::value`], in the scratch space `s`, where `g` may hold fewer values
    /// than `G(0..n)`: then the mex of those options of `n` whose heaps are all below
    /// `g.len()` (see [`Core::side_by_side`]).
    #[inline(always)]
    fn value<T: Cell>(
        &self,
        s: &mut HeapScratch,
        g: &[T],
        n: usize,
        grouped: Option<usize>,
    ) -> u32 {
        match self.first_options(s, g, n, grouped) {
            Step::Mex(v) => v,
            Step::Confirm { c, pi0 } => confirm(
                g,
                self.rules,
                n,
                c,
                &self.abundant[pi0],
                &mut s.seen,
                &mut s.coupon,
                match (grouped, &self.group.plan) {
                    (Some(lane), Some(plan)) if lane > 0 => plan.prescan,
                    // The first heap measures the scans that the spread chunks are to save.
                    (Some(_), Some(plan)) => Prescan {
                        head: plan.prescan.head,
                        ..Prescan::default()
                    },
                    _ => Prescan::default(),
                },
                &mut s.recent,
                self.test,
            ),
        }
    }

    /// The options of heap `n` that decide its mex but for the coupon scan, in `s.seen`: its
    /// mex when they decide it, else the candidate that the coupon scan ([`confirm`]) checks.
    /// `grouped` as for [`Core::value`].
    #[inline(always)]
    fn first_options<T: Cell>(
        &self,
        s: &mut HeapScratch,
        g: &[T],
        n: usize,
        grouped: Option<usize>,
    ) -> Step {
        // Every option value is below 64 · value_words (the last word of `seen` stays empty).
        let value_words = self.value_words;
        let method = self.method;
        let HeapView {
            rules,
            rare,
            rare_values,
            abundant,
            group,
            ..
        } = *self;
        let HeapScratch {
            seen,
            spare,
            marks,
            spare_marks,
            ..
        } = s;
        seen.fill(0);
        for &k in &rules.whole {
            if k == n {
                seen[0] |= 1;
            }
        }
        for &k in &rules.single {
            if n > k && n - k < g.len() {
                insert(seen, g[n - k].get());
            }
        }
        let unequal = rules.unequal;
        let splits = SplitPairs::of(rules, n, g.len());
        if method == Method::Direct {
            if value_words <= 4 {
                for SplitPairs { rest, lo, hi } in splits {
                    halves(seen, spare, lo.min(hi), hi, 1, |lo, hi, seen| {
                        pairs(g, rest, lo, hi, seen, value_words)
                    });
                }
            } else {
                marks.fill(0);
                for SplitPairs { rest, lo, hi } in splits {
                    halves(marks, spare_marks, lo.min(hi), hi, 1, |lo, hi, marks| {
                        mark_pairs(g, rest, lo, hi, marks)
                    });
                }
                pack(marks, seen);
            }
            return Step::Mex(mex(seen));
        }
        // Every pair with a rare heap.
        let mut any = false;
        // Byte marks pay for their packing when the values are many and wide.
        let many = value_words > 1 && rare.len() > 8 * value_words;
        // The rare heaps whose pairs are marked already.
        let mut done = 0..0;
        if let Some(lane) = grouped {
            // A group is marked only under byte marks, and ends when the values widen.
            debug_assert!(many);
            copy_run(group, lane, marks);
            done = group.plan.as_ref().map_or(0..0, |plan| plan.rare.clone());
        } else if many {
            marks.fill(0);
        }
        for SplitPairs { rest, lo, .. } in splits.clone() {
            any = true;
            // The rare heaps `first..below` from `lo` (those whose partner `rest − s` is known)
            // to `rest`.
            let below = if rare.last().is_none_or(|&s| s < rest) {
                rare.len()
            } else {
                rare.partition_point(|&s| s < rest)
            };
            let first = if lo > 1 {
                rare.partition_point(|&s| s < lo)
            } else {
                0
            };
            let skip = |s: usize| unequal && 2 * s == rest;
            if many {
                let scan = |lo: usize, hi: usize, marks: &mut [u8]| {
                    for (&s, &w) in rare[lo..hi].iter().zip(&rare_values[lo..hi]) {
                        if !skip(s) {
                            marks[(w ^ g[rest - s].get()) as usize] = 1;
                        }
                    }
                };
                // The rare heaps around those marked already (all of them, if none is).
                halves(
                    marks,
                    spare_marks,
                    first.min(done.start),
                    done.start,
                    1,
                    scan,
                );
                halves(marks, spare_marks, first.max(done.end), below, 1, scan);
            } else {
                let values = rare[first..below]
                    .iter()
                    .zip(&rare_values[first..below])
                    .filter(|&(&s, _)| !skip(s))
                    .map(|(&s, &w)| w ^ g[rest - s].get());
                insert_values(values, seen, value_words);
            }
        }
        if many {
            pack(marks, seen);
        }
        if !any {
            return Step::Mex(mex(seen));
        }
        // The values of the class other than π0 are all known now, and `c` is the least of
        // them that is missing.
        let pi0 = pair_class(method, rules, n);
        let need = &abundant[pi0];
        let tested = match (grouped, &group.plan) {
            (Some(lane), Some(plan)) if plan.tested => Some((lane, plan)),
            _ => None,
        };
        let c = match tested {
            Some((lane, plan)) => group.candidate(lane, seen).unwrap_or_else(|| {
                // Every candidate is given: the tested rare heaps' pairs, heap by heap.
                for SplitPairs { rest, .. } in splits.clone() {
                    let heaps = planned_heaps(plan, plan.rare.clone(), true, rare, rare_values);
                    let values = heaps.map(|(s, w)| w ^ g[rest - s].get());
                    insert_values(values, seen, value_words);
                }
                first_zero(seen, need)
            }),
            None => first_zero(seen, need),
        };
        // The mex is `c` unless a value of parity π0 below `c` is missing.
        if covered(seen, need, c) {
            Step::Mex(c)
        } else {
            Step::Confirm { c, pi0 }
        }
    }
}

impl Core {
    /// Enters `G(n) = v`.
    #[inline]
    fn record(&mut self, n: usize, v: u32) {
        let vi = v as usize;
        if vi >= self.hist.len() {
            self.hist.resize(vi + 1, [0, 0]);
        }
        // Heap 0 is no heap of a pair, so it is never rare (see `is_rare`); the histogram
        // counts the others, so that the splits it compares count rare positions the same way.
        if n > 0 {
            self.hist[vi][n & 1] += 1;
        }
        if matches!(self.method, Method::Sparse { .. }) {
            self.sparse_values += 1;
            if self.is_rare(v, n) {
                self.rare.push(n);
                self.rare_values.push(v);
            }
        }
        if v > self.max {
            let before = self.words();
            self.max = v;
            if self.words() != before {
                self.resize();
            }
        }
    }

    /// The number of rare positions among `G(0..len)` under each method, from `folded`: the
    /// histogram with the values reduced modulo a power of two above `mask`.
    fn rare_count(folded: &[[u64; 2]], mask: u32, by_position: bool, rare_parity: u8) -> u64 {
        folded
            .iter()
            .enumerate()
            .map(|(v, h)| {
                let p = parity(v as u32 & mask);
                let q = p ^ by_position as usize;
                (if p as u8 == rare_parity { h[0] } else { 0 })
                    + (if q as u8 == rare_parity { h[1] } else { 0 })
            })
            .sum()
    }

    /// The mask (and use of the position's parity) with the fewest rare positions, and their
    /// number.
    fn best_split(&self) -> Option<(Method, u64)> {
        let bits = (32 - self.max.leading_zeros()).clamp(1, MASK_BITS);
        // Only `v & mask` matters: fold the histogram once, so that each of the 2^bits masks
        // costs 2^bits steps however large the values are.
        let mut folded = vec![[0u64; 2]; 1 << bits];
        for (v, h) in self.hist.iter().enumerate() {
            let f = &mut folded[v & ((1 << bits) - 1)];
            f[0] += h[0];
            f[1] += h[1];
        }
        let mut options = vec![false];
        if self.split_parity.is_some() {
            options.push(true);
        }
        let mut best: Option<(Method, u64)> = None;
        for &by_position in &options {
            // Non-rare heaps a, b must give values of the exact parity: rare_parity =
            // (by_position) · (k mod 2).
            let rare_parity = (by_position as usize & self.split_parity.unwrap_or(0)) as u8;
            for mask in 1..1u32 << bits {
                let count = Core::rare_count(&folded, mask, by_position, rare_parity);
                if best.is_none_or(|(_, b)| count < b) {
                    best = Some((
                        Method::Sparse {
                            mask,
                            by_position,
                            rare_parity,
                        },
                        count,
                    ));
                }
            }
        }
        best
    }

    /// Chooses the method for the values after `g`: sparse space when its rare positions cost
    /// well under the direct scan of `n / 2` pairs per split.
    fn review<T: Cell>(&mut self, g: &[T]) {
        let n = g.len();
        self.next_review = (2 * n).max(64);
        if self.rules.split.is_empty() || self.fixed {
            return;
        }
        let Some((method, count)) = self.best_split() else {
            return;
        };
        let splits = self.rules.split.len() as u64;
        // Measured under the sparse method; a guess before it has run.
        let coupon = (self.scratch.coupon.pairs + self.second.coupon.pairs)
            .checked_div(self.sparse_values)
            .unwrap_or(64);
        let sparse_cost = splits * count + coupon + 16;
        let direct_cost = splits * n as u64 / 2;
        let chosen = if 2 * sparse_cost < direct_cost {
            method
        } else {
            Method::Direct
        };
        if chosen != self.method {
            self.set_method(chosen, g);
        }
        self.rare_at_review = self.rare.len();
    }

    fn set_method<T: Cell>(&mut self, method: Method, g: &[T]) {
        self.method = method;
        self.set_classes();
        self.rare = (0..g.len())
            .filter(|&i| self.is_rare(g[i].get(), i))
            .collect();
        self.rare_values = self.rare.iter().map(|&s| g[s].get()).collect();
    }

    /// Computes values until `g` holds `end` of them; stops early with a value that `T` cannot
    /// hold (not entered).
    ///
    /// With two threads, the heaps of a group are computed side by side
    /// ([`Core::side_by_side`]): the scans within a heap (the rare heaps near the group, the
    /// coupon scan) run on one thread each, and each thread marks half of the next group's
    /// pairs.
    fn block<T: Cell>(&mut self, g: &mut Vec<T>, end: usize) -> Option<u32> {
        // Grouping needs wide values (see `mark_group`); looked at once a block, so values that
        // widen within it are grouped from the next block on.
        let wide = self.words() > 2;
        let groups = wide && !self.rules.unequal && matches!(self.method, Method::Sparse { .. });
        let side_by_side = groups && rayon::current_num_threads() > 1;
        // Marks made for a group in an earlier block may be under another split.
        self.next_group.plan = None;
        while g.len() < end {
            let n0 = g.len();
            let grouped = groups && end - n0 >= GROUP && self.mark_group(g, n0);
            if side_by_side && grouped {
                if let Some(v) = self.side_by_side(g, n0, end) {
                    return Some(v);
                }
                continue;
            }
            let (lanes, words) = if grouped {
                (GROUP, self.words())
            } else {
                (1, 0)
            };
            for lane in 0..lanes {
                let n = n0 + lane;
                let before = self.scratch.coupon.pairs;
                let v = self.value(g, n, grouped.then_some(lane));
                if grouped && lane == 0 {
                    self.count_coupon_need(self.scratch.coupon.pairs - before);
                }
                if let Err(v) = self.push(g, n, v) {
                    return Some(v);
                }
                // The group's marks are runs of the old width: the next group starts afresh.
                if lanes > 1 && self.words() != words {
                    break;
                }
            }
        }
        None
    }

    /// Enters `G(n) = v` at the end of `g`, or gives back `v` if `T` cannot hold it (not
    /// entered).
    #[inline]
    fn push<T: Cell>(&mut self, g: &mut Vec<T>, n: usize, v: u32) -> Result<(), u32> {
        if v > T::MAX {
            return Err(v);
        }
        g.push(T::from_u32(v));
        self.record(n, v);
        Ok(())
    }

    /// Adds to the moving average `coupon_need` the `need` pairs that a group's first heap took
    /// in its coupon scan.
    fn count_coupon_need(&mut self, need: u64) {
        self.coupon_need = self.coupon_need - self.coupon_need / 16 + need;
    }
}

/// The least value not in `seen`.
#[inline]
fn mex(seen: &[u64]) -> u32 {
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return (i * 64) as u32 + w.trailing_ones();
        }
    }
    (seen.len() * 64) as u32
}
