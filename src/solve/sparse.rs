//! Grundy values of take-and-break heap games at research scale: the *sparse space* method.
//!
//! **Class of games.** A move takes `k` tokens from one heap and leaves zero, one or two
//! non-empty heaps: the octal games (*Winning Ways* ch. 4; Siegel, *Combinatorial Game Theory*
//! ch. IV), i.e. the hexadecimal codes whose digits are all below 8, given by their digits
//! ([`HeapRules::octal`]), and Grundy's game, which splits a heap into two unequal heaps
//! ([`HeapRules::grundy_game`]). Splits into three or more heaps (hexadecimal digits 8 to F)
//! are not computed.
//!
//! **Sparse space** (*Winning Ways* ch. 4, "Sparse space spells speed"; Gangolli and Plambeck,
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

use super::grundy::Periodicity;
use super::pair_test::{PairTest, CANDIDATES, LANES, MAX_WANTED};
use super::periodic::{Candidate, PeriodWatch};
use crate::Error;
use std::fmt;
use std::io::{Read, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// An element type of the value array: `u8`, `u16` or `u32`.
pub trait Cell: Copy + PartialEq + Send + Sync + 'static {
    /// The largest value it holds.
    const MAX: u32;
    /// Its width in bytes.
    const BYTES: usize;
    /// The value.
    fn get(self) -> u32;
    /// `v`, which must be at most [`Cell::MAX`].
    fn from_u32(v: u32) -> Self;
    /// The values as 16-bit values, if that is their type (for the vector test of the coupon
    /// scan).
    fn as_u16(values: &[Self]) -> Option<&[u16]>;
}

macro_rules! cell {
    ($t:ty, $as_u16:expr) => {
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn as_u16(values: &[Self]) -> Option<&[u16]> {
                $as_u16(values)
            }
        }
    };
}
cell!(u8, |_| None);
cell!(u16, Some);
cell!(u32, |_| None);

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

    /// Grundy's game: split a heap into two non-empty heaps of different sizes (*Winning Ways*
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
/// half the scan to another thread costs more than it saves (a pair costs about a nanosecond,
/// a join a few microseconds, and tens when the other thread has gone to sleep since the last
/// one: a long coupon scan is shared too ([`split_coupon`]), which keeps it awake).
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
/// (tens of microseconds, as much as a split scan saves), one from inside costs a push onto the
/// thread's own queue.
fn in_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if rayon::current_thread_index().is_none() && rayon::current_num_threads() > 1 {
        rayon::scope(|_| f())
    } else {
        f()
    }
}

/// Pairs scanned between checks of the coupon scan, among the smaller heaps below [`HEAD`].
const CHUNK: usize = 16;
/// The same where the coupon scan has the vector test: two of its blocks ([`LANES`]). Without
/// it, a scan that ends within a few dozen pairs (0.354's, with 131 rare heaps) would take up
/// to 48 pairs more (0.354's proof: 6.9 s against 7.4 s).
const VECTOR_CHUNK: usize = 64;
/// The coupon scan takes the vector test once at most this many values are still wanted: with
/// more, most blocks of [`LANES`] pairs give one, and the test only adds to the pair-by-pair
/// look. On Treblecross near heap 10^7, when the test named blocks rather than lanes and the
/// chunks came in the spread order alone, the scan was fastest from 16 to 64 (2.16-2.20 s for
/// 100 000 values on one thread), slower always on (2.46 s) and never on (4.15 s); with lanes
/// named and recent chunks first ([`RecentChunks`]), 64 took 1.25-1.27 s against 1.34-1.42 s
/// for 32, and 128, 256 or always on as much as 64.
const VECTOR_BELOW: u32 = 64;
/// The coupon scan takes the pairs of smaller heaps below this in ascending order, and the
/// rest in chunks of [`SPREAD_CHUNK`] spread over their range (see [`CouponOrder`]).
const HEAD: usize = 1 << 12;
const SPREAD_CHUNK: usize = 256;
/// A coupon scan still going after this many pairs goes on on two threads
/// ([`split_coupon`]), which take the chunks of [`CouponOrder`] in turn.
const SPLIT_COUPON: usize = 1 << 12;
/// Heaps whose pairs with the rare heaps are scanned together (see [`Core::mark_group`]).
const GROUP: usize = 32;
/// The fewest rare heaps for which a group is marked.
const GROUP_RARE: usize = 2048;
/// The spread chunks of the coupon scan whose pairs a group marks for all its heaps at once
/// (see [`Core::mark_group`]).
const PRESCAN_CHUNKS: usize = 64;

/// The length of a group's run of byte marks for values below `width`, a power of two: one
/// cache line more, so that the runs do not start a multiple of 4 KiB apart, where a load and
/// an earlier store at the same offset in their pages are taken for the same address until the
/// full addresses are compared (7% of Treblecross's time near heap 10^6).
const fn group_run(width: usize) -> usize {
    width + 64
}

/// Marks in run `j` of `group` (runs of [`group_run`]`(width)` bytes, values below `width`, a
/// power of two) the values `w ⊕ G(n0 + j − k − s)` of the pairs of heap `n0 + j` that leave
/// `n0 + j − k` for a split `k` in `splits`, for the heaps `s` with their values `w` in `heaps`
/// (see [`Core::mark_group`]).
fn mark_runs<T: Cell>(
    g: &[T],
    splits: &[usize],
    n0: usize,
    heaps: impl Iterator<Item = (usize, u32)> + Clone,
    group: &mut [u8],
    width: usize,
) {
    // With the run's length a constant, each lane's run is at a constant offset and every
    // index is masked below it: no bounds check and no offset to compute (the marking loop
    // alone on Treblecross's rare heaps near heap 10^6: 0.38 ns a pair against 0.47 ns with the
    // length a variable; 100 000 values near 10^7 on one thread: 2.31 s against 1.91 s).
    macro_rules! fixed {
        ($($width:literal),*) => {
            match width {
                $($width => return mark_fixed_runs::<T, { group_run($width) }>(g, splits, n0, heaps, group),)*
                _ => {}
            }
        };
    }
    fixed!(128, 256, 512, 1024, 2048, 4096);
    let (run, top) = (group_run(width), width - 1);
    for &k in splits {
        let rest0 = n0 - k;
        for (s, w) in heaps.clone() {
            let partners = &g[rest0 - s..rest0 - s + GROUP];
            for (x, marks) in partners.iter().zip(group.chunks_exact_mut(run)) {
                // The mask changes no value (all are below top + 1), and lets the compiler
                // drop the bounds check (a tenth of Treblecross's time near heap 10^6).
                marks[..=top][(w ^ x.get()) as usize & top] = 1;
            }
        }
    }
}

/// [`mark_runs`] for runs of `RUN` bytes ([`group_run`] of the width), values below `RUN − 64`.
#[inline(always)]
fn mark_fixed_runs<T: Cell, const RUN: usize>(
    g: &[T],
    splits: &[usize],
    n0: usize,
    heaps: impl Iterator<Item = (usize, u32)> + Clone,
    group: &mut [u8],
) {
    let top = RUN - 65;
    let runs: &mut [[u8; RUN]; GROUP] = group
        .as_chunks_mut::<RUN>()
        .0
        .try_into()
        .expect("a group's runs");
    for &k in splits {
        let rest0 = n0 - k;
        for (s, w) in heaps.clone() {
            let partners: &[T; GROUP] = g[rest0 - s..rest0 - s + GROUP]
                .try_into()
                .expect("a group's partners");
            for lane in 0..GROUP {
                runs[lane][(w ^ partners[lane].get()) as usize & top] = 1;
            }
        }
    }
}

/// Copies run `lane` of a group's marks (values below its width) into `marks`, and clears the
/// rest of `marks`. Kept out of line: inlined, it slows the heaps that are not grouped.
#[inline(never)]
fn copy_run(group: &GroupMarks, lane: usize, marks: &mut [u8]) {
    let width = group.plan.as_ref().map_or(0, |plan| plan.width);
    let at = lane * group_run(width);
    marks[..width].copy_from_slice(&group.shares[0][at..][..width]);
    if group.used == 2 {
        let second = &group.shares[1][at..][..width];
        for (mark, &x) in marks[..width].iter_mut().zip(second) {
            *mark |= x;
        }
    }
    marks[width..].fill(0);
}

/// What [`Core::plan_group`] chose to mark for the group of [`GROUP`] heaps from `first`.
#[derive(Clone, Debug)]
struct GroupPlan {
    first: usize,
    /// The marks are of values below `width`.
    width: usize,
    /// The range of `rare` whose pairs are marked: all of them, or with `tested` only those
    /// at even offsets in it, the others tested against each heap's candidates (see
    /// [`test_group`]).
    rare: Range<usize>,
    tested: bool,
    /// The coupon order of heap `first`, and which of its chunks are marked.
    order: CouponOrder,
    prescan: Prescan,
    /// The vector kernels, where the processor has them.
    test: PairTest,
}

/// A group's marks: run `j` (of [`group_run`] bytes) for heap `plan.first + j` is the union of
/// run `j` of the first `used` shares, each marked by one thread.
#[derive(Clone, Debug, Default)]
struct GroupMarks {
    /// `None` while nothing is marked.
    plan: Option<GroupPlan>,
    shares: [Vec<u8>; 2],
    used: usize,
    /// Under `plan.tested`: `candidates[i][j]`, the `i`-th least value of the class that the
    /// rare pairs decide missing from run `j` (`u16::MAX` past the last), and `hits[i]`, the
    /// lanes whose tested rare pairs give it.
    candidates: Box<[[u16; GROUP]; CANDIDATES]>,
    hits: [u32; CANDIDATES],
}

impl GroupMarks {
    /// Under a tested plan, the least candidate of lane `lane` that no tested rare pair gives
    /// and that is not in `seen`: the least value of its class missing from all its rare pairs
    /// and `seen`; `None` if every candidate is given (then the tested pairs are to be scanned).
    fn candidate(&self, lane: usize, seen: &[u64]) -> Option<u32> {
        for (candidate, hits) in self.candidates.iter().zip(&self.hits) {
            let v = candidate[lane];
            if v == u16::MAX {
                return None;
            }
            let v = u32::from(v);
            if hits >> lane & 1 == 0 && seen[(v / 64) as usize] >> (v % 64) & 1 == 0 {
                return Some(v);
            }
        }
        None
    }
}

/// The rare heaps of `range` (within `plan.rare`) that are marked: all, or under `plan.tested`
/// those at even offsets in `plan.rare` (the others when `tested_ones`).
fn planned_heaps<'a>(
    plan: &GroupPlan,
    range: Range<usize>,
    tested_ones: bool,
    rare: &'a [usize],
    rare_values: &'a [u32],
) -> impl Iterator<Item = (usize, u32)> + Clone + 'a {
    let parity = usize::from(tested_ones);
    let start = if plan.tested && (range.start - plan.rare.start) % 2 != parity {
        range.start + 1
    } else {
        range.start
    };
    let step = if plan.tested { 2 } else { 1 };
    (start.min(range.end)..range.end)
        .step_by(step)
        .map(move |i| (rare[i], rare_values[i]))
}

/// Under `plan.tested`, finds the candidates of each lane from the marks of `group` and tests
/// the rare heaps at odd offsets of `plan.rare` against them ([`PairTest::hit_candidates`]);
/// `pi0(j)` is the abundant class of lane `j`. Where the vector test is not available (never
/// under a plan that says `tested`) those heaps are marked instead, and the plan no longer says
/// `tested`.
///
/// Why: the rare pairs decide `c`, the least value of their class missing among a heap's
/// options (see [`HeapView::first_options`]), and every pair must be looked at to know that
/// `c` is missing; but once half of them are marked, `c` is among the first few values still
/// missing: on Treblecross near heap 10^7 (measured from its values), the 2nd at the median,
/// the 6th at p90, the 11th at p99 and the 20th at most. So the other half is only compared
/// with the first [`CANDIDATES`] of them, 32 heaps at a time (an XOR and a minimum a candidate
/// for 32 pairs, where a mark is four instructions for one pair). A heap's value is then its
/// least candidate that no tested pair gives ([`GroupMarks::candidate`]); a heap whose
/// candidates are all given (1 in 180 near heap 10^7) scans the tested heaps itself, so every
/// value is as exact as with every pair marked. 100 000 values near heap 10^7: 1.49-1.50 s
/// against 1.67-1.69 s on one thread; 300 000 on two, 2.65-2.66 s against 2.94-2.95 s.
#[allow(clippy::too_many_arguments)]
fn test_group<T: Cell>(
    group: &mut GroupMarks,
    g: &[T],
    splits: &[usize],
    rare: &[usize],
    rare_values: &[u32],
    abundant: &[Vec<u64>; 2],
    pi0: impl Fn(usize) -> usize,
) {
    let GroupMarks {
        plan: Some(plan),
        shares,
        used,
        candidates,
        hits,
    } = group
    else {
        return;
    };
    if !plan.tested {
        return;
    }
    let (width, run) = (plan.width, group_run(plan.width));
    for lane in 0..GROUP {
        let need = &abundant[pi0(lane)];
        let mut found = 0;
        for (w, &need) in need[..width / 64].iter().enumerate() {
            let at = lane * run + 64 * w;
            let mut bits = byte_bits(&shares[0][at..at + 64]) | need;
            if *used == 2 {
                bits |= byte_bits(&shares[1][at..at + 64]);
            }
            while bits != u64::MAX && found < CANDIDATES {
                candidates[found][lane] = (64 * w) as u16 + bits.trailing_ones() as u16;
                found += 1;
                bits |= bits + 1;
            }
        }
        for candidate in &mut candidates[found..] {
            candidate[lane] = u16::MAX;
        }
    }
    let heaps = planned_heaps(plan, plan.rare.clone(), true, rare, rare_values);
    let found = T::as_u16(g).and_then(|g16| {
        plan.test
            .hit_candidates(g16, splits, plan.first, heaps.clone(), candidates)
    });
    match found {
        Some(found) => *hits = found,
        None => {
            mark_runs(g, splits, plan.first, heaps, &mut shares[0], width);
            plan.tested = false;
        }
    }
}

/// Marks share `share` of `shares` of the pairs that `plan` chose, in `runs` (see
/// [`Core::plan_group`]): that share of the rare heaps `rare[plan.rare]` (their values in
/// `rare_values`), of the head's pairs and of the prescanned spread chunks.
#[allow(clippy::too_many_arguments)]
fn mark_share<T: Cell>(
    g: &[T],
    splits: &[usize],
    rare: &[usize],
    rare_values: &[u32],
    plan: &GroupPlan,
    share: usize,
    shares: usize,
    runs: &mut Vec<u8>,
) {
    let width = plan.width;
    runs.clear();
    runs.resize(GROUP * group_run(width), 0);
    let part = |r: Range<usize>| {
        let len = r.len();
        r.start + len * share / shares..r.start + len * (share + 1) / shares
    };
    let heaps = planned_heaps(plan, part(plan.rare.clone()), false, rare, rare_values);
    mark_runs(g, splits, plan.first, heaps, runs, width);
    let (from, to) = plan.prescan.head;
    let heaps = part(from..to).map(|a| (a, g[a].get()));
    mark_runs(g, splits, plan.first, heaps, runs, width);
    let order = &plan.order;
    for i in part(order.head..order.head + plan.prescan.chunks) {
        let (a, _) = order.chunk(i);
        let heaps = (a..a + SPREAD_CHUNK).map(|a| (a, g[a].get()));
        mark_runs(g, splits, plan.first, heaps, runs, width)
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
    recent: &'a RecentChunks,
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
    /// The chunks where the last heaps' coupon scans found their last values.
    recent: RecentChunks,
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

/// What [`Core::first_options`] found for a heap.
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

/// Scratch space of the coupon scan.
#[derive(Clone, Debug)]
struct CouponScratch {
    /// The pairs of each split.
    ranges: Vec<SplitPairs>,
    /// A byte a value, all zero between calls (see [`wide_coupon`]).
    wanted: Vec<u8>,
    /// A second such array, for the thread that shares a long scan ([`split_coupon`]).
    spare_wanted: Vec<u8>,
    /// Pairs scanned.
    pairs: u64,
    /// The last [`CouponOrder`]'s number of spread chunks and stride: the number changes only
    /// every `2 · SPREAD_CHUNK` heaps, and finding a stride coprime to it costs a few gcds.
    stride: (usize, usize),
    /// The values still wanted as a bit set for the vector test (see [`wide_coupon`]), all zero
    /// between calls.
    table: Box<[u64; MAX_WANTED / 64]>,
    /// The spread chunks in which the last scan found wanted values, in the order found (see
    /// [`RecentChunks`]).
    found_in: Vec<u32>,
}

impl Default for CouponScratch {
    fn default() -> CouponScratch {
        CouponScratch {
            ranges: Vec::new(),
            wanted: Vec::new(),
            spare_wanted: Vec::new(),
            pairs: 0,
            stride: (0, 0),
            table: Box::new([0; MAX_WANTED / 64]),
            found_in: Vec::new(),
        }
    }
}

/// The order in which the coupon scan of values of 64 and more ([`wide_coupon`]) visits the
/// smaller heaps `a` of the pairs, `1..end`, as chunks of consecutive heaps: those below
/// [`HEAD`] ascending, [`CHUNK`] at a time ([`VECTOR_CHUNK`] with the vector test); the rest in
/// chunks of [`SPREAD_CHUNK`], the `j`-th being chunk `j · s mod m` of the `m` chunks, with `s`
/// coprime to `m` (so every chunk comes exactly once) and near `m / φ`.
///
/// Why spread: where the values grow with the heap (Treblecross's reach 1 226 by heap 10^6),
/// the pairs of the smallest heaps XOR a small value into the partner's and give only values
/// near those of the largest heaps; an abundant value far from them waits for the pairs of
/// middle-sized heaps. The points `j · s / m` with `s / m` near `1 / φ` fall evenly over the
/// range (by the three-distance theorem the first `j` of them leave gaps of at most three
/// lengths), so a short scan samples heaps of every size. On Treblecross (0.007) near heap
/// 10^6 the abundant values are all found after about 19 000 pairs on average, against 34 000
/// in ascending order (23 000 against 29 000 near 10^7). Chunks keep the reads of each side
/// sequential, and consecutive heaps visit the same chunks (`m` changes every 512 heaps).
#[derive(Clone, Copy, Debug)]
struct CouponOrder {
    end: usize,
    /// The chunks below [`HEAD`], and their length.
    head: usize,
    head_chunk: usize,
    /// The chunks from [`HEAD`] on, and the stride between them.
    spread: usize,
    stride: usize,
}

impl CouponOrder {
    /// The order of `1..end` with chunks of `head_chunk` in the head; `last` is the previous
    /// order's `(spread, stride)`, and becomes this one's.
    fn new(end: usize, head_chunk: usize, last: &mut (usize, usize)) -> CouponOrder {
        let head_end = end.clamp(1, HEAD);
        let spread = end.saturating_sub(HEAD).div_ceil(SPREAD_CHUNK);
        if last.0 != spread {
            let mut stride = ((spread as f64 * 0.618_033_988_749_895) as usize).max(1);
            while spread > 1 && gcd(stride, spread) != 1 {
                stride += 1;
            }
            *last = (spread, stride);
        }
        let stride = last.1;
        CouponOrder {
            end,
            head: (head_end - 1).div_ceil(head_chunk),
            head_chunk,
            spread,
            stride,
        }
    }

    /// The number of chunks.
    fn len(&self) -> usize {
        self.head + self.spread
    }

    /// Chunk `i` (`i < len()`): the heaps `lo..hi`.
    #[inline]
    fn chunk(&self, i: usize) -> (usize, usize) {
        if i < self.head {
            let lo = 1 + i * self.head_chunk;
            (lo, (lo + self.head_chunk).min(self.end.min(HEAD)))
        } else {
            self.spread_chunk(self.spread_number(i))
        }
    }

    /// The number `k` of chunk `i` (`head <= i < len()`) among the spread chunks.
    #[inline]
    fn spread_number(&self, i: usize) -> usize {
        // (i − head) · stride < spread², far below 2^64 for any array that fits memory.
        ((i - self.head) as u64 * self.stride as u64 % self.spread as u64) as usize
    }

    /// Spread chunk `k` (`k < spread`): the heaps `HEAD + k · SPREAD_CHUNK` up to the next
    /// chunk's or `end`.
    #[inline]
    fn spread_chunk(&self, k: usize) -> (usize, usize) {
        let lo = HEAD + k * SPREAD_CHUNK;
        (lo, (lo + SPREAD_CHUNK).min(self.end))
    }
}

/// The spread chunks (by number: chunk `k` holds the heaps `HEAD + k · SPREAD_CHUNK` on) in
/// which the coupon scans of the last heaps found their last wanted values, the most recent
/// first: a scan visits them before the others ([`wide_coupon`]).
///
/// Why: the values of a game like Treblecross are clustered by position (near heap 9 · 10^6 the
/// count of value 33 in windows of 10 000 heaps ranges from 1 to 197), so which values a chunk's
/// pairs give depends on where its two sides lie, and moves by one heap from one heap to the
/// next. The values that a scan finds last are those few chunks give; the chunks that gave them
/// to the last heaps give them to the next as well. Measured from Treblecross's values near heap
/// 9 · 10^6: a scan past the head takes 14 000 pairs on average with the chunks of the last
/// group's heaps' last eight finds first, against 31 700 in the spread order alone; 100 000
/// values near heap 10^7 took 1.27-1.29 s on one thread against 1.42-1.47 s, 300 000 on two
/// 2.13 s against 2.57-2.58 s (the last four finds of each heap, 128 chunks: 64 or 32 chunks
/// cost more, 256 or 512, or 1, 2, 8, 16 or 32 finds, as much or more). The order changes no
/// value: every chunk is still visited once, only sooner or later.
#[derive(Clone, Debug, Default)]
struct RecentChunks {
    /// At most [`RECENT_CHUNKS`] chunk numbers, the most recent first.
    list: Vec<u32>,
    /// Bit `k` set when chunk `k` is in `list`.
    set: Vec<u64>,
}

/// The chunks that [`RecentChunks`] keeps.
const RECENT_CHUNKS: usize = 128;
/// The chunks of each scan that [`RecentChunks`] takes: those of its last finds.
const LAST_FINDS: usize = 4;

impl RecentChunks {
    fn contains(&self, k: usize) -> bool {
        self.set.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
    }

    /// Moves the chunks of `found` (in the order found) to the front, the last found first.
    fn note(&mut self, found: impl IntoIterator<Item = u32>) {
        for k in found {
            let (w, bit) = (k as usize / 64, k % 64);
            if self.contains(k as usize) {
                self.list.retain(|&x| x != k);
            } else {
                if self.set.len() <= w {
                    self.set.resize(w + 1, 0);
                }
                self.set[w] |= 1 << bit;
            }
            self.list.insert(0, k);
        }
        for k in self.list.drain(RECENT_CHUNKS.min(self.list.len())..) {
            self.set[k as usize / 64] &= !(1 << (k % 64));
        }
    }

    /// The last [`LAST_FINDS`] chunks of a scan's finds `found_in`.
    fn last_finds(found_in: &[u32]) -> &[u32] {
        &found_in[found_in.len().saturating_sub(LAST_FINDS)..]
    }
}

/// Chunks of a coupon order already marked for a heap (see [`Core::plan_group`]): the first
/// `chunks` spread chunks of the order with `spread` spread chunks, whose stride follows from
/// that number ([`CouponOrder::new`]); and under the vector test the head's pairs whose smaller
/// heap is in `head.0..head.1` (`head.0` the start of a chunk of [`VECTOR_CHUNK`]).
#[derive(Clone, Copy, Debug, Default)]
struct Prescan {
    spread: usize,
    chunks: usize,
    head: (usize, usize),
}

/// Asks the processor to bring the values of chunk `i` of `order` (if there is one) into the
/// cache, for every split in `ranges`: a spread chunk lies far from the last, where the
/// hardware's own prefetcher, which follows runs, finds it only after its first lines are
/// missed. Asked two chunks ahead, the values are there when the scan comes: on Treblecross
/// past heap 10^7 (20 MB of values) a tenth off the time on one thread, nothing near 10^6.
/// The two threads of [`split_coupon`] do not ask: there it made Treblecross slower at both.
#[inline(always)]
fn prefetch_chunk<T: Cell>(g: &[T], ranges: &[SplitPairs], order: &CouponOrder, i: usize) {
    if i < order.len() {
        let (lo, hi) = order.chunk(i);
        prefetch_pairs(g, ranges, lo, hi);
    }
}

/// [`prefetch_chunk`] for the chunk `lo..hi`.
#[inline(always)]
fn prefetch_pairs<T: Cell>(g: &[T], ranges: &[SplitPairs], lo: usize, hi: usize) {
    for split in ranges {
        if let Some((lo, e)) = split.within(lo, hi) {
            prefetch(&g[lo..e]);
            prefetch(&g[split.rest + 1 - e..split.rest + 1 - lo]);
        }
    }
}

/// Prefetches the cache lines of `run` (a hint: it changes no value).
#[inline(always)]
fn prefetch<T>(run: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = run.as_ptr().cast::<i8>();
        for offset in (0..std::mem::size_of_val(run)).step_by(64) {
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch never faults,
            // whatever the address; this one is inside `run` anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = run;
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The mex of heap `n` whose options found by [`Core::first_options`] are in `seen` and whose
/// candidate is `c`: `c` once every value of `need` below it is among the options, which a scan
/// of the pairs in order confirms (the *coupon scan*); the least missing one if the pairs run
/// out first (then `n` is a new rare position). Only the pairs of heaps below `g.len()` count.
///
/// The splits are scanned side by side, a chunk of each in turn: where the values follow the
/// parity of the position, the pairs of one split give only values of one parity, and scanning
/// a whole split before the next would cost `n` pairs for every heap whose missing values lie in
/// a later split. The chunks of `prescanned`, whose pairs are in `seen` already, are skipped when
/// their order is this heap's.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn confirm<T: Cell>(
    g: &[T],
    rules: &HeapRules,
    n: usize,
    c: u32,
    need: &[u64],
    seen: &mut [u64],
    scratch: &mut CouponScratch,
    prescanned: Prescan,
    recent: &RecentChunks,
    test: PairTest,
) -> u32 {
    let value_words = seen.len() - 1;
    scratch.ranges.clear();
    scratch.ranges.extend(SplitPairs::of(rules, n, g.len()));
    if value_words > 1 {
        return wide_coupon(g, seen, need, c, scratch, prescanned, recent, test);
    }
    // Values below 64 do not grow with the heap far enough for the spread order to pay: the
    // pairs are taken from the smallest heap up, a chunk at a time.
    let longest = SplitPairs::end(&scratch.ranges);
    let mut a = 1;
    while a < longest {
        let e = a + CHUNK;
        for split in scratch.ranges.iter() {
            if let Some((lo, hi)) = split.within(a, e) {
                pairs(g, split.rest, lo, hi, seen, value_words);
                scratch.pairs += (hi - lo) as u64;
            }
        }
        a = e;
        if covered(seen, need, c) {
            return c;
        }
    }
    mex(seen)
}

/// The state of a [`wide_coupon`] scan: the pairs of `ranges` with their values in `g`, the
/// values still wanted (below `c`) as a byte each and under the vector test as a bit set too
/// (`words` words of `table`), and their `count`.
struct CouponState<'s, T> {
    g: &'s [T],
    ranges: &'s [SplitPairs],
    vector: Option<&'s [u16]>,
    test: PairTest,
    c: u32,
    wanted: &'s mut [u8],
    table: &'s mut [u64; MAX_WANTED / 64],
    words: usize,
    count: u32,
    /// The last chunk was looked at pair by pair (then `table` may hold values found since).
    was_by_pair: bool,
    pairs: &'s mut u64,
    scanned: usize,
    /// The spread chunks that gave wanted values, in the order looked at.
    found_in: &'s mut Vec<u32>,
}

impl<T: Cell> CouponState<'_, T> {
    /// Looks at the pairs of the chunk `lo..hi` of every split; whether every value wanted is
    /// found.
    #[inline(always)]
    fn chunk(&mut self, lo: usize, hi: usize) -> bool {
        let by_pair = self.count > VECTOR_BELOW;
        if self.vector.is_some() && !by_pair && self.was_by_pair {
            // The pairs looked at one by one cleared the values found in `wanted` only.
            for (w, word) in self.table[..self.words].iter_mut().enumerate() {
                *word = byte_bits(&self.wanted[64 * w..64 * w + 64]);
            }
        }
        self.was_by_pair = by_pair;
        let (g, wanted, table) = (self.g, &mut *self.wanted, &mut *self.table);
        for split in self.ranges {
            let Some((lo, e)) = split.within(lo, hi) else {
                continue;
            };
            let rest = split.rest;
            match self.vector {
                Some(g16) if !by_pair => {
                    let mut a = lo;
                    while a < e {
                        let (at, mut lanes) = self.test.next_block(g16, rest, a, e, table, self.c);
                        a = at;
                        let b = (a + LANES).min(e);
                        if b - a < LANES {
                            lanes &= (1 << (b - a)) - 1;
                        }
                        // Only the pairs that the test names.
                        while lanes != 0 {
                            let pair = a + lanes.trailing_zeros() as usize;
                            lanes &= lanes - 1;
                            let v = (g[pair].get() ^ g[rest - pair].get()) as usize;
                            if wanted[v] == 1 {
                                wanted[v] = 0;
                                self.count -= 1;
                                table[v / 64] &= !(1 << (v % 64));
                            }
                        }
                        a = b;
                    }
                }
                _ => {
                    for v in pair_values(g, rest, lo, e) {
                        self.count -= wanted[v as usize] as u32;
                        wanted[v as usize] = 0;
                    }
                }
            }
            *self.pairs += (e - lo) as u64;
            self.scanned += e - lo;
        }
        self.count == 0
    }

    /// [`CouponState::chunk`] for spread chunk `k` of `order`, noted in `found_in` if it gives
    /// a wanted value.
    #[inline(always)]
    fn spread_chunk(&mut self, order: &CouponOrder, k: usize) -> bool {
        let (lo, hi) = order.spread_chunk(k);
        let before = self.count;
        let all = self.chunk(lo, hi);
        if self.count < before {
            self.found_in.push(k as u32);
        }
        all
    }
}

/// The coupon scan of [`confirm`] for values of more than one word: a byte for each value still
/// wanted (below `c`, of the abundant class, not yet among the options) and their count, which
/// each pair lowers when it gives a wanted value for the first time. This tests a pair with one
/// load and one store instead of a bit set's read-modify-write chain, and ends at the pair that
/// completes the count. Once [`VECTOR_BELOW`] values or fewer are wanted, a pair seldom gives
/// one: the vector test ([`PairTest`]) then passes over the blocks of 32 pairs that give none,
/// and the others are looked at pair by pair; it needs 16-bit values and the wanted ones below
/// [`MAX_WANTED`]. Without the vector test, a scan still going after [`SPLIT_COUPON`] pairs
/// goes on on two threads ([`split_coupon`]) when the pool has them; with it, sharing the scan
/// only cost more (Treblecross near heap 10^7: 2.13 s for 100 000 values on two threads
/// sharing after 4 096 pairs, 1.93 s never sharing). The chunks of `recent` come after the
/// head and before the other spread chunks, unless the first spread chunks are `prescanned`;
/// the spread chunks where this scan found values are left in `scratch.found_in`.
/// `scratch.wanted` and `scratch.table` are all zero on entry and on return.
#[allow(clippy::too_many_arguments)]
fn wide_coupon<T: Cell>(
    g: &[T],
    seen: &[u64],
    need: &[u64],
    c: u32,
    scratch: &mut CouponScratch,
    prescanned: Prescan,
    recent: &RecentChunks,
    test: PairTest,
) -> u32 {
    let CouponScratch {
        ranges,
        wanted,
        spare_wanted,
        pairs,
        stride,
        table,
        found_in,
    } = scratch;
    found_in.clear();
    let vector = T::as_u16(g).filter(|_| test.applies(c));
    // The words of the wanted values' bit set, none without the vector test (`c` may then be
    // past the bit set's reach).
    let words = if vector.is_some() {
        c.div_ceil(64) as usize
    } else {
        0
    };
    let mut count = 0u32;
    for (w, (&s, &m)) in seen
        .iter()
        .zip(need)
        .enumerate()
        .take(c.div_ceil(64) as usize)
    {
        let below = if 64 * (w as u32 + 1) <= c {
            u64::MAX
        } else {
            (1u64 << (c % 64)) - 1
        };
        let mut bits = m & !s & below;
        if w < words {
            table[w] = bits;
        }
        count += bits.count_ones();
        while bits != 0 {
            wanted[64 * w + bits.trailing_zeros() as usize] = 1;
            bits &= bits - 1;
        }
    }
    let head_chunk = if vector.is_some() {
        VECTOR_CHUNK
    } else {
        CHUNK
    };
    let end = SplitPairs::end(ranges);
    let order = CouponOrder::new(end, head_chunk, stride);
    let split = rayon::current_num_threads() > 1;
    // The spread chunks whose pairs are in `seen` already (see `Core::mark_group`).
    let skip = if order.spread == prescanned.spread {
        prescanned.chunks
    } else {
        0
    };
    // The head's chunks whose pairs are in `seen` already: those within `prescanned.head`.
    let (h0, h1) = match vector {
        Some(_) if prescanned.head.0 < prescanned.head.1 => {
            let (from, to) = prescanned.head;
            let whole = if to >= HEAD {
                order.head
            } else {
                (to - 1) / head_chunk
            };
            ((from - 1).div_ceil(head_chunk), whole)
        }
        _ => (0, 0),
    };
    let mut scan = CouponState {
        g,
        ranges,
        vector,
        test,
        c,
        wanted,
        table,
        words,
        count,
        was_by_pair: true,
        pairs,
        scanned: 0,
        found_in,
    };
    macro_rules! go_on_shared {
        ($i:expr) => {
            if split && vector.is_none() && scan.scanned > SPLIT_COUPON {
                let CouponState { wanted, pairs, .. } = scan;
                return split_coupon(g, ranges, &order, $i, c, wanted, spare_wanted, pairs);
            }
        };
    }
    macro_rules! done {
        () => {{
            scan.table[..words].fill(0);
            return c;
        }};
    }
    // The head's chunks, then the recent chunks (unless the order's first spread chunks are
    // skipped), then the order's other spread chunks. A scan that goes on on two threads
    // (`split_coupon`) from a recent chunk goes on from the order's first spread chunk: the
    // recent chunks are then scanned again, which changes nothing.
    for i in (0..h0).chain(h1..order.head) {
        go_on_shared!(i);
        // The spread chunk that comes two chunks later in this scan.
        if i + 2 >= order.head {
            prefetch_chunk(g, ranges, &order, i + 2 + skip);
        }
        let (lo, hi) = order.chunk(i);
        if scan.chunk(lo, hi) {
            done!();
        }
    }
    let first: &[u32] = if skip == 0 { &recent.list } else { &[] };
    let in_order = |&&k: &&u32| (k as usize) < order.spread;
    // The recent chunk after next is asked for.
    let mut ahead = first.iter().filter(in_order).skip(2);
    for &k in first.iter().filter(in_order) {
        go_on_shared!(order.head);
        if let Some(&ahead) = ahead.next() {
            let (lo, hi) = order.spread_chunk(ahead as usize);
            prefetch_pairs(g, ranges, lo, hi);
        }
        if scan.spread_chunk(&order, k as usize) {
            done!();
        }
    }
    for i in order.head + skip..order.len() {
        let k = order.spread_number(i);
        if !first.is_empty() && recent.contains(k) {
            continue;
        }
        go_on_shared!(i);
        prefetch_chunk(g, ranges, &order, i + 2);
        if scan.spread_chunk(&order, k) {
            done!();
        }
    }
    let CouponState { wanted, table, .. } = scan;
    // Every pair seen: the least value still wanted is the mex.
    let least = wanted[..c as usize].iter().position(|&x| x == 1);
    wanted[..c as usize].fill(0);
    table[..words].fill(0);
    least.map_or(c, |v| v as u32)
}

/// The rest of [`wide_coupon`]'s scan, from chunk `from` of `order` on, on two threads: one
/// scans the chunks `from`, `from + 2`, …, the other `from + 1`, `from + 3`, …, so that
/// together they cover the pairs in about the order of one scan at twice its pace. A value
/// found for the first time by either is cleared in a shared bit set of the values still
/// wanted (`wanted` on entry) and lowers a shared count; both stop when it reaches zero. The
/// result does not depend on the timing: `c` when every wanted value is found, else (every pair
/// scanned) the least value never found. `wanted` and `spare` are all zero on return.
#[allow(clippy::too_many_arguments)]
fn split_coupon<T: Cell>(
    g: &[T],
    ranges: &[SplitPairs],
    order: &CouponOrder,
    from: usize,
    c: u32,
    wanted: &mut [u8],
    spare: &mut [u8],
    pairs: &mut u64,
) -> u32 {
    use std::sync::atomic::{AtomicU32, AtomicU64};
    let missing: Vec<AtomicU64> = wanted[..c as usize]
        .chunks(64)
        .map(|chunk| {
            let bits = chunk
                .iter()
                .enumerate()
                .fold(0u64, |bits, (i, &x)| bits | (x as u64) << i);
            AtomicU64::new(bits)
        })
        .collect();
    spare[..c as usize].copy_from_slice(&wanted[..c as usize]);
    let total: u32 = missing
        .iter()
        .map(|m| m.load(Ordering::Relaxed).count_ones())
        .sum();
    let count = AtomicU32::new(total);
    let (missing, count) = (&missing, &count);
    let scan = |first: usize, wanted: &mut [u8]| -> u64 {
        let mut scanned = 0;
        let mut i = first;
        while i < order.len() && count.load(Ordering::Relaxed) > 0 {
            let (lo, hi) = order.chunk(i);
            for split in ranges {
                let Some((lo, e)) = split.within(lo, hi) else {
                    continue;
                };
                for v in pair_values(g, split.rest, lo, e) {
                    let v = v as usize;
                    if wanted[v] == 1 {
                        wanted[v] = 0;
                        let bit = 1u64 << (v % 64);
                        if missing[v / 64].fetch_and(!bit, Ordering::Relaxed) & bit != 0 {
                            count.fetch_sub(1, Ordering::Relaxed);
                        }
                    }
                }
                scanned += (e - lo) as u64;
            }
            i += 2;
        }
        wanted[..c as usize].fill(0);
        scanned
    };
    let (x, y) = rayon::join(|| scan(from, wanted), || scan(from + 1, spare));
    *pairs += x + y;
    // Every pair seen by one thread or the other: the least value neither found is the mex.
    missing
        .iter()
        .enumerate()
        .find_map(|(w, m)| {
            let bits = m.load(Ordering::Relaxed);
            (bits != 0).then(|| 64 * w as u32 + bits.trailing_zeros())
        })
        .unwrap_or(c)
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
            recent: RecentChunks::default(),
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
            recent: &self.recent,
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
        s.coupon.found_in.clear();
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
                self.recent,
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
                let found_in = &self.scratch.coupon.found_in;
                if !found_in.is_empty() {
                    self.recent
                        .note(RecentChunks::last_finds(found_in).iter().copied());
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

    /// The values of the group `n0..n0 + GROUP` (marked by [`Core::mark_group`]) computed on two
    /// threads, each taking the next heap of the group when it is done with one; each thread
    /// first marks its share of the next group's pairs, where that group lies below `end`.
    ///
    /// Every heap of the group is computed at once from the values below `n0` alone, as the
    /// mex `m` of those of its options whose heaps are all below `n0` ([`HeapView::value`]).
    /// Then, in order, with the values of the group's earlier heaps known, its other options
    /// are looked at (for each move, at most one for each heap `n0..n`): `G(n) = m` unless one
    /// of them has the value `m`, since `m` is missing among the first options and every value
    /// below it is there; if one does, the heap is computed again with all its options. So no
    /// heap waits for another, whatever the least number of tokens a move takes, and the two
    /// threads are busy until the group's last heaps. Treblecross near heap 10^7: 14 heaps in
    /// 1 000 are computed again, and 300 000 values take 3.7-4.0 s on two threads against
    /// 4.5-4.8 s with the heaps computed three at a time (those whose options all lie below
    /// the first), the most that need no other's value. The next group's marks read only
    /// values below `n0` too (its pairs with the rare heaps from `2 · GROUP` on), so they are
    /// made in the same pass, and the threads meet once a group instead of twice; the thread
    /// done second with its share tests the group's other rare heaps ([`test_group`]).
    ///
    /// Stops early with a value that `T` cannot hold (not entered), or when the values widen
    /// (the group's marks are runs of the old width: the next group starts afresh, and the
    /// values computed after the widening one are computed again).
    fn side_by_side<T: Cell>(&mut self, g: &mut Vec<T>, n0: usize, end: usize) -> Option<u32> {
        use std::sync::atomic::{AtomicU32, AtomicUsize};
        let words = self.words();
        let n1 = n0 + GROUP;
        let plan = if n1 + GROUP <= end {
            self.plan_group(g, n1, n0)
        } else {
            None
        };
        let first_mex: [AtomicU32; GROUP] = std::array::from_fn(|_| AtomicU32::new(0));
        // Each heap's last finds (`u32::MAX` where none), noted in the heaps' order once all
        // are computed: a heap reads the chunks noted before the group.
        let finds: [[AtomicU32; LAST_FINDS]; GROUP] =
            std::array::from_fn(|_| std::array::from_fn(|_| AtomicU32::new(u32::MAX)));
        let next = AtomicUsize::new(0);
        let tested = plan.as_ref().is_some_and(|plan| plan.tested);
        let need = {
            let (view, first, second, marks) = self.parts();
            let known: &[T] = g;
            let (rare, values, splits) = (view.rare, view.rare_values, &view.rules.split);
            let pi0 = |lane: usize| pair_class(view.method, view.rules, n1 + lane);
            marks.plan = plan;
            marks.used = 2;
            let plan = marks.plan.clone();
            // Each thread marks its share of the next group in a buffer of its own, then puts
            // it back; the second to be done tests the rest of the rare heaps against the
            // candidates, which need both shares.
            let mut runs = marks.shares.each_mut().map(std::mem::take);
            let back = std::sync::Mutex::new((marks, 0));
            let work = |own: &mut HeapScratch, share: usize, runs: &mut Vec<u8>| {
                if let Some(plan) = &plan {
                    mark_share(known, splits, rare, values, plan, share, 2, runs);
                    let mut back = back.lock().expect("no panic while marking");
                    let (marks, done) = &mut *back;
                    marks.shares[share] = std::mem::take(runs);
                    *done += 1;
                    if *done == 2 && tested {
                        test_group(marks, known, splits, rare, values, view.abundant, pi0);
                    }
                }
                let mut need = None;
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    if j >= GROUP {
                        return need;
                    }
                    let before = own.coupon.pairs;
                    let m = view.value(own, known, n0 + j, Some(j));
                    first_mex[j].store(m, Ordering::Relaxed);
                    let last = RecentChunks::last_finds(&own.coupon.found_in);
                    for (slot, &k) in finds[j].iter().zip(last) {
                        slot.store(k, Ordering::Relaxed);
                    }
                    if j == 0 {
                        need = Some(own.coupon.pairs - before);
                    }
                }
            };
            // The join's end orders the stores above before the loads below.
            let [runs, spare_runs] = &mut runs;
            let (a, b) = rayon::join(|| work(first, 0, runs), || work(second, 1, spare_runs));
            let (marks, _) = back.into_inner().expect("no panic while marking");
            // Without a plan the buffers were not used: they go back as they were.
            for (share, runs) in marks.shares.iter_mut().zip([runs, spare_runs]) {
                if share.is_empty() {
                    *share = std::mem::take(runs);
                }
            }
            a.or(b).expect("the group's first heap computed")
        };
        self.count_coupon_need(need);
        for finds in &finds {
            let finds = finds.iter().map(|k| k.load(Ordering::Relaxed));
            self.recent.note(finds.take_while(|&k| k != u32::MAX));
        }
        for (j, m) in first_mex.iter().enumerate() {
            let n = n0 + j;
            let mut v = m.load(Ordering::Relaxed);
            if self.has_later_option(g, n, n0, v) {
                v = self.value(g, n, Some(j));
            }
            if let Err(v) = self.push(g, n, v) {
                return Some(v);
            }
            if self.words() != words {
                self.next_group.plan = None;
                return None;
            }
        }
        None
    }

    /// Whether an option of heap `n` with a heap `known` or more has the value `v` (`g` holding
    /// `G(0..n)`).
    fn has_later_option<T: Cell>(&self, g: &[T], n: usize, known: usize, v: u32) -> bool {
        let rules = &self.rules;
        let single = rules.single.iter().filter(|&&k| n > k && n - k >= known);
        single.map(|&k| g[n - k].get()).any(|x| x == v)
            || SplitPairs::of(rules, n, known).any(|split| {
                // The pairs left out by `known`: the larger heap `rest − a` is `known` or more.
                pair_values(g, split.rest, 1, split.lo.min(split.hi)).any(|x| x == v)
            })
    }

    /// Chooses what to mark for each heap `n0 + j` of the group `n0..n0 + GROUP` before any
    /// value of the group is known, from the values below `known` (`n0` or less; `g` holds at
    /// least those), in run `j`: the option values of its pairs with the rare heaps `s` from
    /// `n0 + GROUP − known` to `n0 − k` (`k` the largest split), a range of `rare`; and of its
    /// first pairs in the coupon order of heap `n0`, either the head's (under the vector test)
    /// or the first [`PRESCAN_CHUNKS`] spread chunks' (a heap of the group with the same order
    /// skips them in its coupon scan). Their partners `n0 + j − k − s` lie below `known`.
    /// `None` where grouping does not pay (narrow values, few rare heaps, small heaps). Only
    /// under the sparse method, and not for Grundy's game, whose pairs of equal heaps are no
    /// options.
    ///
    /// Why: the partners of one heap `s` in a group are consecutive heaps, so `s` and its value
    /// are read once for [`GROUP`] pairs and the partners' values in one run, where a scan heap
    /// by heap reads all three for every pair, the partner at a scattered place: on Treblecross
    /// (0.007) near heap 10^6 a rare pair costs 0.5 ns instead of 0.7. The coupon scan of most
    /// heaps there runs past the prescanned chunks (half of them past 18 000 pairs near heap
    /// 10^7), so marking those for all at the lower cost pays, although a heap whose abundant
    /// values all come sooner would have stopped earlier; the chunks are marked only while the
    /// coupon scans of the groups' first heaps (`coupon_need`) take more pairs on average. The
    /// pairs of the rare heaps outside the range (the smallest, or near the group) are scanned
    /// heap by heap as before, and every pair is a true option, so every value is as exact as
    /// without.
    fn plan_group<T: Cell>(&mut self, g: &[T], n0: usize, known: usize) -> Option<GroupPlan> {
        debug_assert!(!self.rules.unequal && matches!(self.method, Method::Sparse { .. }));
        let value_words = self.words() - 1;
        let many = value_words > 1 && self.rare.len() > 8 * value_words;
        // Asked for every heap of a game that never groups: the cheap refusals first.
        if !many || self.rare.len() < GROUP_RARE {
            return None;
        }
        let k_max = *self.rules.split.iter().max()?;
        let k_min = *self.rules.split.iter().min()?;
        let least = n0 + GROUP - known;
        if n0 < least + GROUP + k_max {
            return None;
        }
        let lo = self.rare.partition_point(|&s| s < least);
        let hi = self.rare.partition_point(|&s| s < n0 - k_max);
        // With few rare heaps a heap's own scan of them is short, and grouping gained nothing
        // measurable (0.376, 509 rare heaps, and 0.354, 131, were slower grouped).
        if hi < lo + GROUP_RARE {
            return None;
        }
        // The coupon order of heap n0 (its largest split leaves n0 − k_min); a prescanned chunk
        // ends below n0 / 2 + SPREAD_CHUNK, so its partners are heaps from 1 on when n0 is
        // past 4 · HEAD, and its heaps lie past HEAD, so the partners are below `known`.
        // Its head's chunks do not matter: only spread chunks are marked.
        let order = CouponOrder::new((n0 - k_min) / 2 + 1, CHUNK, &mut self.scratch.coupon.stride);
        // Only where the coupon scans run on average past the head and half the chunks: a
        // pair costs less than half as much marked for a group (0.5 ns against 1.2 ns on
        // Treblecross), so marking `x` pairs for every heap pays once a scan would take about
        // `x / 2` of them. Where scans end sooner (most games) the chunks are not marked.
        let chunks = PRESCAN_CHUNKS.min(order.spread);
        // Where the coupon scan has the vector test, a pair costs it less than marked for a
        // group, and the chunks are not marked (Treblecross near heap 10^7, 100 000 values:
        // 2.15 s against 2.40 s on one thread; on two, with the heaps computed side by side,
        // 1.33-1.47 s against 1.37 s, with less work in all).
        let vector = T::as_u16(g).is_some() && self.test.applies(64 * value_words as u32);
        let pays = self.coupon_need / 16 >= (HEAD + chunks * SPREAD_CHUNK / 2) as u64 && !vector;
        let chunks = if pays && n0 >= 4 * HEAD { chunks } else { 0 };
        // Under the vector test, the head's pairs from the first whole chunk whose partners are
        // below `known`: every coupon scan starts with them, looking at them one by one until
        // at most VECTOR_BELOW values are wanted (near heap 10^7 on Treblecross, after about
        // 3 000 pairs), and then with the vector test, which stops at most blocks while 10 or
        // more values are wanted. Marked for the group a pair costs less than either. 100 000
        // values near 10^7 on one thread: 1.69-1.75 s marking the head to HEAD, 1.76-1.85 s
        // to where the groups' first heaps went over to the vector test on average (or three
        // quarters of the way), 1.90-1.93 s without; 4 or 16 spread chunks more marked gained
        // nothing (1.69-1.93 s, 1.71-1.79 s).
        let head = if vector && n0 >= 4 * HEAD {
            (1 + (least - 1).div_ceil(VECTOR_CHUNK) * VECTOR_CHUNK, HEAD)
        } else {
            (0, 0)
        };
        Some(GroupPlan {
            first: n0,
            width: 64 * value_words,
            rare: lo..hi,
            // Under the vector test, half the rare heaps are tested instead of marked (see
            // `test_group`).
            tested: vector,
            order,
            prescan: Prescan {
                spread: order.spread,
                chunks,
                head,
            },
            test: self.test,
        })
    }

    /// Makes the marks of the group from `n0` (`g = G(0..n0)`) the current group's: those made
    /// beside the last group's values if they are this group's, of the current width, else
    /// new ones as [`Core::plan_group`] chooses, in two shares on two threads when there are
    /// many, and then tested ([`test_group`]). Whether the group is marked.
    fn mark_group<T: Cell>(&mut self, g: &[T], n0: usize) -> bool {
        let width = 64 * (self.words() - 1);
        let next = self.next_group.plan.take();
        if let Some(plan) = next.filter(|plan| plan.first == n0 && plan.width == width) {
            std::mem::swap(&mut self.group, &mut self.next_group);
            self.group.plan = Some(plan);
            self.next_group.plan = None;
            return true;
        }
        let plan = self.plan_group(g, n0, n0);
        let Core {
            rules,
            rare,
            rare_values,
            group,
            abundant,
            method,
            ..
        } = self;
        group.plan = None;
        let Some(plan) = plan else {
            return false;
        };
        let splits = &rules.split;
        let pairs = GROUP * splits.len() * (plan.rare.len() + plan.prescan.chunks * SPREAD_CHUNK);
        let [runs, spare_runs] = &mut group.shares;
        if pairs > PARALLEL_PAIRS && rayon::current_num_threads() > 1 {
            rayon::join(
                || mark_share(g, splits, rare, rare_values, &plan, 0, 2, runs),
                || mark_share(g, splits, rare, rare_values, &plan, 1, 2, spare_runs),
            );
            group.used = 2;
        } else {
            mark_share(g, splits, rare, rare_values, &plan, 0, 1, runs);
            group.used = 1;
        }
        group.plan = Some(plan);
        let pi0 = |lane: usize| pair_class(*method, rules, n0 + lane);
        test_group(group, g, splits, rare, rare_values, abundant, pi0);
        true
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

/// What bounds a computation: a flag that asks it to stop (set from a Ctrl-C handler), and a
/// memory budget for the value array.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// When set, [`SparseRun::compute`] returns [`Finish::Stopped`] within a block of values.
    pub stop: Option<&'a AtomicBool>,
    /// The bytes the value array may take (with the array it replaces while widening).
    pub max_bytes: Option<usize>,
}

/// How [`SparseRun::compute`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every value asked for is known.
    Done,
    /// The stop flag was set; the values so far are kept (and can be saved).
    Stopped,
}

/// A computation of `G(0), G(1), ...` by the sparse-space engine, which can be extended, saved
/// and resumed.
///
/// ```
/// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
/// // Kayles: OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6; period 12 from 71 on.
/// let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
/// run.compute(1000, &Limits::default()).unwrap();
/// assert_eq!(run.values()[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// let p = run.periodicity().unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// ```
#[derive(Clone, Debug)]
pub struct SparseRun {
    core: Core,
    store: Store,
    watch: PeriodWatch,
    /// The number of values computed when the period was proven; later ones are copies.
    proven_len: Option<usize>,
    /// Whether values past a proven period are copied from it (else computed from the rules).
    extend_by_period: bool,
}

/// The first bytes of a saved run.
const MAGIC: &[u8] = b"partizan grundy values 1\n";

/// FNV-1a over bytes, the checksum of a saved run.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// How [`SparseRun::write_values`] writes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueFormat {
    /// One line, the values separated by spaces.
    Text,
    /// A header `n,g` and one line per heap.
    Csv,
    /// The raw values, little-endian, in the width of [`Summary::bytes_per_value`].
    Binary,
}

impl std::str::FromStr for ValueFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<ValueFormat, String> {
        match s {
            "text" => Ok(ValueFormat::Text),
            "csv" => Ok(ValueFormat::Csv),
            "binary" => Ok(ValueFormat::Binary),
            _ => Err(format!("unknown format {s:?}: text, csv or binary")),
        }
    }
}

fn budget_error(what: &str, bytes: usize, budget: usize) -> Error {
    Error::input(format!(
        "{what} needs {} MB of memory for its values, more than the memory budget of {} MB (--max-memory)",
        bytes.div_ceil(1_000_000),
        budget / 1_000_000
    ))
}

impl SparseRun {
    /// A run with no values yet.
    pub fn new(rules: HeapRules) -> SparseRun {
        let watch = PeriodWatch::new(rules.code_length);
        SparseRun {
            core: Core::new(rules),
            store: Store::U8(Vec::new()),
            watch,
            proven_len: None,
            extend_by_period: true,
        }
    }

    /// The game.
    pub fn rules(&self) -> &HeapRules {
        &self.core.rules
    }

    /// The number of values known, `G(0..len)`.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if known.
    pub fn get(&self, n: usize) -> Option<u32> {
        (n < self.len()).then(|| self.store.get(n))
    }

    /// The values known, `G(0..len)`.
    pub fn values(&self) -> Vec<u32> {
        with_store!(&self.store, g => g.iter().map(|v| v.get()).collect())
    }

    /// The proven period, if any.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.watch.proven()
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.core.method
    }

    /// Uses `method` from now on, never changing it: for tests and experiments, since every
    /// value is exact whatever the method (it only decides the work). An error for a split by
    /// the position's parity when the splits remove numbers of tokens of both parities (the
    /// classes would then not be closed under the pairs).
    pub fn fix_method(&mut self, method: Method) -> Result<(), Error> {
        if let Method::Sparse {
            by_position: true, ..
        } = method
        {
            if self.core.split_parity.is_none() {
                return Err(Error::input(format!(
                    "{}: the splits remove numbers of tokens of both parities, so the position's parity cannot take part",
                    self.core.rules.name
                )));
            }
        }
        self.core.fixed = true;
        let core = &mut self.core;
        with_store!(&self.store, g => core.set_method(method, g));
        Ok(())
    }

    /// Sets whether values past a proven period are copied from it (`true`, the default), or
    /// every value is computed from the rules (`false`), as a check of the proof (or of the
    /// engine) at the cost of the work per value: Kayles, whose period is proven by
    /// `G(0..168)`, gives `G(0..10^9)` in about a second by copying and in about a minute value
    /// by value.
    ///
    /// ```
    /// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
    /// let kayles = HeapRules::octal(&[0, 7, 7]).unwrap();
    /// let mut copied = SparseRun::new(kayles.clone());
    /// copied.compute(5000, &Limits::default()).unwrap();
    /// let mut computed = SparseRun::new(kayles);
    /// computed.extend_by_period(false);
    /// computed.compute(5000, &Limits::default()).unwrap();
    /// assert_eq!(computed.values(), copied.values());
    /// assert_eq!(computed.periodicity(), copied.periodicity());
    /// ```
    pub fn extend_by_period(&mut self, on: bool) {
        self.extend_by_period = on;
    }

    /// Whether the coupon scan passes over blocks of pairs with the processor's vector
    /// instructions where it has them (AVX-512BW on x86-64; on by default): off, every pair is
    /// looked at one by one. The values are the same either way; this is for checking one
    /// against the other.
    ///
    /// ```
    /// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
    /// let treblecross = HeapRules::octal(&[0, 0, 0, 7]).unwrap();
    /// let mut vector = SparseRun::new(treblecross.clone());
    /// vector.compute(3000, &Limits::default()).unwrap();
    /// let mut scalar = SparseRun::new(treblecross);
    /// scalar.use_vector_test(false);
    /// scalar.compute(3000, &Limits::default()).unwrap();
    /// assert_eq!(vector.values(), scalar.values());
    /// ```
    pub fn use_vector_test(&mut self, on: bool) {
        self.core.test = if on {
            PairTest::detect()
        } else {
            PairTest::off()
        };
    }

    /// Computes values until `G(0..len)` are known, the stop flag is set, or the budget would
    /// be passed (an error, before allocating). Once a period is proven the remaining values
    /// are copied from one period earlier, as the Octal Periodicity Theorem allows (unless
    /// [`SparseRun::extend_by_period`] turned that off).
    pub fn compute(&mut self, len: usize, limits: &Limits) -> Result<Finish, Error> {
        if len > self.len() {
            self.reserve(len, limits)?;
        }
        loop {
            let n = self.len();
            if n >= len {
                return Ok(Finish::Done);
            }
            if let Some(p) = self.watch.proven().filter(|_| self.extend_by_period) {
                with_store!(&mut self.store, g => {
                    // G(i) = G(i − m·p) for every i − m·p past the pre-period: copy the
                    // longest such whole number of periods at once.
                    while g.len() < len {
                        let n = g.len();
                        let periods = ((n - p.preperiod) / p.period).max(1);
                        let from = n - periods * p.period;
                        let count = (periods * p.period).min(len - n);
                        g.extend_from_within(from..from + count);
                    }
                });
                crate::progress::record((len - n) as u64);
                return Ok(Finish::Done);
            }
            if limits.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Ok(Finish::Stopped);
            }
            let mut end = len.min(n + BLOCK).min(self.core.next_review.max(n + 1));
            if let Some(w) = self.watch.wanted() {
                if w > n {
                    end = end.min(w);
                }
            }
            let core = &mut self.core;
            if let Some(v) = with_store!(&mut self.store, g => in_pool(|| core.block(g, end))) {
                self.widen(v, len, limits)?;
                let at = self.len();
                with_store!(&mut self.store, g => g.push(Cell::from_u32(v)));
                self.core.record(at, v);
            }
            crate::progress::record((self.len() - n) as u64);
            let core = &mut self.core;
            let watch = &mut self.watch;
            with_store!(&self.store, g => {
                watch.feed(g);
                if g.len() >= core.next_review
                    || core.rare.len() > 2 * core.rare_at_review + 64
                {
                    core.review(g);
                }
            });
            if self.extend_by_period && self.watch.proven().is_some() && self.proven_len.is_none() {
                self.proven_len = Some(self.len());
            }
        }
    }

    /// Room for `len` values at the current width, within the budget.
    fn reserve(&mut self, len: usize, limits: &Limits) -> Result<(), Error> {
        let bytes = len.saturating_mul(self.store.bytes());
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error(&format!("G(0..{len})"), bytes, budget));
            }
        }
        let more = len - self.len();
        with_store!(&mut self.store, g => g.reserve_exact(more));
        Ok(())
    }

    /// Moves the values to a wider array that holds `v`, with room for `len` values.
    fn widen(&mut self, v: u32, len: usize, limits: &Limits) -> Result<(), Error> {
        let wide = if v <= u16::MAX as u32 { 2 } else { 4 };
        let bytes = len
            .saturating_mul(wide)
            .saturating_add(self.len() * self.store.bytes());
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error(
                    &format!("G(0..{len}), whose values reach {v},"),
                    bytes,
                    budget,
                ));
            }
        }
        let store = std::mem::replace(&mut self.store, Store::U8(Vec::new()));
        self.store = if wide == 2 {
            let mut w: Vec<u16> = Vec::with_capacity(len);
            with_store!(store, g => w.extend(g.iter().map(|x| x.get() as u16)));
            Store::U16(w)
        } else {
            let mut w: Vec<u32> = Vec::with_capacity(len);
            with_store!(store, g => w.extend(g.iter().map(|x| x.get())));
            Store::U32(w)
        };
        Ok(())
    }

    /// Writes the run (the game, the values and a checksum) to `w`.
    pub fn save(&self, w: &mut dyn Write) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        writeln!(w, "{}", self.core.rules.name)?;
        w.write_all(&(self.len() as u64).to_le_bytes())?;
        w.write_all(&[self.store.bytes() as u8])?;
        let mut hash = FNV_START;
        let mut buf: Vec<u8> = Vec::with_capacity(1 << 16);
        with_store!(&self.store, g => {
            for chunk in g.chunks(1 << 14) {
                buf.clear();
                for v in chunk {
                    buf.extend_from_slice(&v.get().to_le_bytes()[..self.store.bytes()]);
                }
                hash = fnv(hash, &buf);
                w.write_all(&buf)?;
            }
        });
        w.write_all(&hash.to_le_bytes())?;
        w.flush()
    }

    /// Writes the run to the file `path`, through a temporary file renamed at the end (so that
    /// an interrupted save leaves the previous file whole).
    pub fn save_file(&self, path: &str) -> Result<(), Error> {
        let tmp = format!("{path}.partial");
        let write = || -> std::io::Result<()> {
            let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
            self.save(&mut f)?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, path)
        };
        write().map_err(|e| Error::input(format!("cannot save to {path}: {e}")))
    }

    /// Reads a run saved by [`SparseRun::save`] for the game `rules`, and reviews its values
    /// (the method, the rare positions, the periodicity) as if they had just been computed.
    pub fn load(rules: HeapRules, r: &mut dyn Read, limits: &Limits) -> Result<SparseRun, Error> {
        let bad = |what: &str| Error::input(format!("not a saved run of partizan grundy: {what}"));
        let io = |e: std::io::Error| Error::input(format!("cannot read the saved run: {e}"));
        let mut magic = vec![0u8; MAGIC.len()];
        r.read_exact(&mut magic).map_err(io)?;
        if magic != MAGIC {
            return Err(bad("wrong header"));
        }
        let mut name = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            r.read_exact(&mut byte).map_err(io)?;
            if byte[0] == b'\n' {
                break;
            }
            if name.len() > 200 {
                return Err(bad("no game name"));
            }
            name.push(byte[0]);
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        if name != rules.name {
            return Err(Error::input(format!(
                "the saved run is of {name}, not of {}",
                rules.name
            )));
        }
        let mut len = [0u8; 8];
        r.read_exact(&mut len).map_err(io)?;
        let len = usize::try_from(u64::from_le_bytes(len)).map_err(|_| bad("length"))?;
        r.read_exact(&mut byte).map_err(io)?;
        let width = byte[0] as usize;
        if ![1, 2, 4].contains(&width) {
            return Err(bad("value width"));
        }
        let bytes = len.checked_mul(width).ok_or_else(|| bad("length"))?;
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error("the saved run", bytes, budget));
            }
        }
        let mut run = SparseRun::new(rules);
        let mut hash = FNV_START;
        let mut buf = vec![0u8; (1 << 14) * width];
        let mut store = match width {
            1 => Store::U8(Vec::with_capacity(len)),
            2 => Store::U16(Vec::with_capacity(len)),
            _ => Store::U32(Vec::with_capacity(len)),
        };
        let mut left = len;
        while left > 0 {
            let take = left.min(1 << 14);
            let chunk = &mut buf[..take * width];
            r.read_exact(chunk).map_err(io)?;
            hash = fnv(hash, chunk);
            let le = |c: &[u8]| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            };
            with_store!(&mut store, g => {
                for c in chunk.chunks(width) {
                    g.push(Cell::from_u32(le(c)));
                }
            });
            left -= take;
        }
        let mut sum = [0u8; 8];
        r.read_exact(&mut sum).map_err(io)?;
        if u64::from_le_bytes(sum) != hash {
            return Err(bad("checksum mismatch (the file is damaged)"));
        }
        // Recount as if computed.
        let core = &mut run.core;
        with_store!(&store, g => {
            for (n, v) in g.iter().enumerate() {
                core.record(n, v.get());
            }
            core.review(g);
            run.watch.feed(g);
        });
        run.store = store;
        if run.watch.proven().is_some() {
            run.proven_len = Some(run.len());
        }
        Ok(run)
    }

    /// Reads a run from the file `path` ([`SparseRun::load`]).
    pub fn load_file(rules: HeapRules, path: &str, limits: &Limits) -> Result<SparseRun, Error> {
        let f = std::fs::File::open(path)
            .map_err(|e| Error::input(format!("cannot open {path}: {e}")))?;
        SparseRun::load(rules, &mut std::io::BufReader::new(f), limits)
    }

    /// Writes the values known in `format`.
    pub fn write_values(&self, format: ValueFormat, w: &mut dyn Write) -> std::io::Result<()> {
        self.write_values_to(format, self.len(), w)
    }

    /// Writes `G(0..len)` (at most the values known) in `format`.
    pub fn write_values_to(
        &self,
        format: ValueFormat,
        len: usize,
        w: &mut dyn Write,
    ) -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, w);
        let width = self.store.bytes();
        let len = len.min(self.len());
        with_store!(&self.store, g => {
            let g = &g[..len];
            match format {
                ValueFormat::Text => {
                    for (n, v) in g.iter().enumerate() {
                        if n > 0 {
                            w.write_all(b" ")?;
                        }
                        write!(w, "{}", v.get())?;
                    }
                    w.write_all(b"\n")?;
                }
                ValueFormat::Csv => {
                    w.write_all(b"n,g\n")?;
                    for (n, v) in g.iter().enumerate() {
                        writeln!(w, "{n},{}", v.get())?;
                    }
                }
                ValueFormat::Binary => {
                    for v in g.iter() {
                        w.write_all(&v.get().to_le_bytes()[..width])?;
                    }
                }
            }
        });
        w.flush()
    }

    /// The summary of the values known.
    pub fn summary(&self) -> Summary {
        let len = self.len();
        let (max, max_at) = with_store!(&self.store, g => {
            let max = g.iter().map(|v| v.get()).max().unwrap_or(0);
            (max, g.iter().position(|v| v.get() == max).unwrap_or(0))
        });
        let counted = self.proven_len.unwrap_or(len).min(len);
        let (split, rare, last_rare) = match self.core.method {
            Method::Sparse { .. } => (
                Some(self.core.method),
                self.core.rare.len() as u64,
                self.core.rare.last().copied(),
            ),
            Method::Direct => match self.core.best_split() {
                Some((m, count)) => {
                    let mut probe = self.core.clone();
                    probe.method = m;
                    let last = (0..counted)
                        .rev()
                        .find(|&n| probe.is_rare(self.store.get(n), n));
                    (Some(m), count, last)
                }
                None => (None, 0, None),
            },
        };
        Summary {
            name: self.core.rules.name.clone(),
            len,
            max,
            max_at,
            method: self.core.method,
            split,
            rare,
            last_rare,
            rare_counted: counted,
            periodicity: self.watch.proven(),
            candidate: self.watch.candidate(),
            code_length: self.core.rules.code_length,
            bytes_per_value: self.store.bytes(),
        }
    }
}

/// What a long run reports: the largest value, the rare positions, the periodicity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game.
    pub name: String,
    /// The number of values known, `G(0..len)`.
    pub len: usize,
    /// The largest value, first reached at `max_at`.
    pub max: u32,
    /// Where the largest value first occurs.
    pub max_at: usize,
    /// The method in use at the end.
    pub method: Method,
    /// The rare/common split the counts refer to (the one in use, or the best one when the
    /// direct method was used); `None` for a game without splits.
    pub split: Option<Method>,
    /// The number of rare positions among `G(0..rare_counted)`.
    pub rare: u64,
    /// The last rare position.
    pub last_rare: Option<usize>,
    /// The values the rare positions were counted in (those computed by the engine, not
    /// copied by the period).
    pub rare_counted: usize,
    /// The proven period.
    pub periodicity: Option<Periodicity>,
    /// The pattern seen, when not proven (or the proven one).
    pub candidate: Option<Candidate>,
    /// `t` of the periodicity theorem; `None` when no theorem applies.
    pub code_length: Option<usize>,
    /// The width of the stored (and binary-written) values.
    pub bytes_per_value: usize,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Direct => write!(f, "direct (mex over every pair)"),
            Method::Sparse {
                mask,
                by_position,
                rare_parity,
            } => write!(
                f,
                "sparse space, mask {mask:#x}: rare when parity(G(n) & {mask:#x}){} = {rare_parity}",
                if *by_position { " + n mod 2" } else { "" }
            ),
        }
    }
}

impl fmt::Display for Summary {
    /// A few lines: the range, the largest value, the method and rare positions, the period.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.len.saturating_sub(1);
        writeln!(f, "{}: G(0..={last})", self.name)?;
        writeln!(
            f,
            "max value {} (first at n = {}), stored in {} byte{} a value",
            self.max,
            self.max_at,
            self.bytes_per_value,
            if self.bytes_per_value == 1 { "" } else { "s" }
        )?;
        writeln!(f, "method: {}", self.method)?;
        if let Some(split) = self.split {
            let counted = if self.rare_counted < self.len {
                format!(
                    " (in G(0..{}), before the period was proven)",
                    self.rare_counted
                )
            } else {
                String::new()
            };
            let last = self.last_rare.map_or("none".into(), |n| format!("n = {n}"));
            if split == self.method {
                writeln!(
                    f,
                    "rare positions: {}{counted}, the last at {last}",
                    self.rare
                )?;
            } else {
                writeln!(
                    f,
                    "rare positions under the best split ({split}): {}{counted}, the last at {last}",
                    self.rare
                )?;
            }
        }
        match (self.periodicity, self.candidate, self.code_length) {
            (Some(p), _, _) => writeln!(f, "{p}"),
            (None, _, None) => writeln!(
                f,
                "no periodicity theorem applies to this game; no period is claimed"
            ),
            (None, Some(c), Some(t)) if c.saltus == 0 => writeln!(
                f,
                "apparent period {}, pre-period {} on G(0..={last}); the proof needs {} values",
                c.period,
                c.preperiod,
                c.certificate_len(t)
            ),
            (None, Some(c), Some(_)) => writeln!(
                f,
                "apparent arithmetic periodicity on G(0..={last}): period {}, pre-period {}, saltus {} (not proven: finite octal games are never arithmetic-periodic)",
                c.period, c.preperiod, c.saltus
            ),
            (None, None, Some(_)) => writeln!(f, "no period found in G(0..={last})"),
        }
    }
}

/// `G(0..len)` of the game `rules` by the engine, in memory (no budget, no stop).
///
/// ```
/// use partizan::solve::sparse::{sequence, HeapRules};
/// // Grundy's game: OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3.
/// assert_eq!(
///     sequence(&HeapRules::grundy_game(), 14),
///     [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
/// );
/// ```
pub fn sequence(rules: &HeapRules, len: usize) -> Vec<u32> {
    let mut run = SparseRun::new(rules.clone());
    // Without a stop flag or a budget, compute cannot fail.
    let _ = run.compute(len, &Limits::default());
    run.values()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recent chunks are the last noted, the most recent first, each once, at most
    /// [`RECENT_CHUNKS`] of them, and the bit set names exactly those.
    #[test]
    fn recent_chunks_keep_the_last_noted_first() {
        let mut recent = RecentChunks::default();
        let noted: Vec<u32> = (0..300u32).map(|i| (i * 37) % 250).collect();
        for chunk in noted.chunks(7) {
            recent.note(chunk.iter().copied());
        }
        let mut expected = Vec::new();
        for &k in noted.iter().rev() {
            if !expected.contains(&k) && expected.len() < RECENT_CHUNKS {
                expected.push(k);
            }
        }
        assert_eq!(recent.list, expected);
        for k in 0..300 {
            assert_eq!(
                recent.contains(k),
                expected.contains(&(k as u32)),
                "chunk {k}"
            );
        }
    }

    /// The coupon scan of [`wide_coupon`] against the least missing value found from its
    /// definition, on values below and beyond the vector test's reach ([`MAX_WANTED`]), with
    /// the test and without, where every wanted value is found (the candidate) and where one is
    /// missing: pseudo-random values below `bound` and one split leaving `rest`, the wanted
    /// values those below `c` of one class (even ones); with every value known, and with those
    /// of the 40 largest heaps not known yet (their pairs left out).
    #[test]
    fn the_coupon_scan_finds_the_least_missing_value_below_its_candidate() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let words = 16_384 / 64 + 1;
        let seen = vec![0u64; words];
        let mut need = vec![0x5555_5555_5555_5555u64; words];
        need[words - 1] = 0;
        // Treblecross: one split, taking 3.
        let rules = HeapRules::octal(&[0, 0, 0, 7]).unwrap();
        let mut outcomes = [false; 2];
        // Without recent chunks, and with many, in a scattered order (all the spread chunks of
        // the smaller cases, most of the largest's, and two past them all, which the scan
        // leaves out).
        let none = RecentChunks::default();
        let mut many = RecentChunks::default();
        many.note((0..160).map(|i| (i * 89) % 160));
        many.note([1_000_000, 1_000_001]);
        let cases = [(1_024u64, 9_998usize), (8_192, 120_000), (16_384, 30_001)];
        for ((bound, rest), unknown) in cases.into_iter().flat_map(|c| [(c, 0), (c, 40)]) {
            let all: Vec<u16> = (0..=rest).map(|_| (random() % bound) as u16).collect();
            let g = &all[..=rest - unknown];
            let options: Vec<u32> = (1 + unknown..=rest / 2)
                .map(|a| u32::from(g[a] ^ g[rest - a]))
                .collect();
            for c in [200u32, 1_000, 3_000, 4_096, 5_000, 9_000] {
                let expected = (0..c)
                    .step_by(2)
                    .find(|v| !options.contains(v))
                    .unwrap_or(c);
                outcomes[(expected == c) as usize] = true;
                let tests = [PairTest::detect(), PairTest::off()];
                for (test, recent) in tests.into_iter().flat_map(|t| [(t, &none), (t, &many)]) {
                    let mut scratch = CouponScratch::default();
                    scratch.wanted.resize(64 * words, 0);
                    scratch.spare_wanted.resize(64 * words, 0);
                    let split = SplitPairs::new(&rules, rest + 3, 3, g.len());
                    scratch.ranges.push(split);
                    let prescanned = Prescan::default();
                    let found =
                        wide_coupon(g, &seen, &need, c, &mut scratch, prescanned, recent, test);
                    assert_eq!(found, expected, "bound {bound}, c {c}, {unknown}, {test:?}");
                    assert!(scratch.wanted.iter().all(|&x| x == 0));
                    assert!(scratch.table.iter().all(|&x| x == 0));
                }
            }
        }
        // Both ends of the scan were reached.
        assert_eq!(outcomes, [true, true]);
    }
}
