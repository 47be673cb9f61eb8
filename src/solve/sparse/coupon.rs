//! The coupon scan: whether every value of the abundant class below a heap's candidate is
//! among its options (see the [parent module](super)). Those values come from the pairs of two
//! common heaps, which are most pairs, so a scan that stops once it has seen each wanted value
//! takes few of them when it visits the pairs in a good order: [`confirm`] from the smallest
//! heap up for narrow values, [`wide_coupon`] for wide ones, whose order ([`CouponOrder`],
//! [`RecentChunks`]) spreads the pairs over the heaps' sizes and comes first to where the last
//! heaps found their last values, and which hands a long scan to two threads
//! ([`split_coupon`]) or passes over blocks of pairs with the vector test ([`PairTest`]).

use super::pair_test::{BlockTest, PairTest, LANES, MAX_WANTED};
use super::{byte_bits, covered, mex, pair_values, pairs, Cell, HeapRules, SplitPairs};
use std::sync::atomic::Ordering;

/// Pairs scanned between checks of the coupon scan, among the smaller heaps below [`HEAD`].
pub(super) const CHUNK: usize = 16;
/// The same where the coupon scan has the vector test: two of its blocks ([`LANES`]). Without
/// the test the chunks stay at [`CHUNK`]: a scan that ends within a few dozen pairs (0.354's,
/// with 131 rare heaps) would otherwise take up to 48 pairs more.
pub(super) const VECTOR_CHUNK: usize = 64;
/// The coupon scan takes the vector test once at most this many values are still wanted: with
/// more, most blocks of [`LANES`] pairs give one, and the test only adds to the pair-by-pair
/// look. On Treblecross near heap 10^7, 32 costs more than 64, and 128, 256 or the test always
/// on no less.
const VECTOR_BELOW: u32 = 64;
/// The coupon scan takes the pairs of smaller heaps below this in ascending order, and the
/// rest in chunks of [`SPREAD_CHUNK`] spread over their range (see [`CouponOrder`]).
pub(super) const HEAD: usize = 1 << 12;
pub(super) const SPREAD_CHUNK: usize = 256;
/// A coupon scan still going after this many pairs goes on on two threads
/// ([`split_coupon`]), which take the chunks of [`CouponOrder`] in turn.
const SPLIT_COUPON: usize = 1 << 12;
/// Scratch space of the coupon scan.
#[derive(Clone, Debug)]
pub(super) struct CouponScratch {
    /// The pairs of each split.
    ranges: Vec<SplitPairs>,
    /// A byte a value, all zero between calls (see [`wide_coupon`]).
    pub(super) wanted: Vec<u8>,
    /// A second such array, for the thread that shares a long scan ([`split_coupon`]).
    pub(super) spare_wanted: Vec<u8>,
    /// Pairs scanned.
    pub(super) pairs: u64,
    /// The last [`CouponOrder`]'s number of spread chunks and stride: the number changes only
    /// every `2 · SPREAD_CHUNK` heaps, and finding a stride coprime to it costs a few gcds.
    pub(super) stride: (usize, usize),
    /// The values still wanted as a bit set for the vector test (see [`wide_coupon`]), all zero
    /// between calls.
    table: Box<[u64; MAX_WANTED / 64]>,
    /// The spread chunks in which the last scan found wanted values, in the order found (see
    /// [`RecentChunks`]).
    pub(super) found_in: Vec<u32>,
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
pub(super) struct CouponOrder {
    end: usize,
    /// The chunks below [`HEAD`], and their length.
    pub(super) head: usize,
    head_chunk: usize,
    /// The chunks from [`HEAD`] on, and the stride between them.
    pub(super) spread: usize,
    stride: usize,
}

impl CouponOrder {
    /// The order of `1..end` with chunks of `head_chunk` in the head; `last` is the previous
    /// order's `(spread, stride)`, and becomes this one's.
    pub(super) fn new(end: usize, head_chunk: usize, last: &mut (usize, usize)) -> CouponOrder {
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
    pub(super) fn chunk(&self, i: usize) -> (usize, usize) {
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
/// to the last heaps give them to the next as well: on Treblecross's values near heap
/// 9 · 10^6, a scan past the head takes less than half as many pairs with the chunks of recent
/// finds first as in the spread order alone. The list holds the last [`LAST_FINDS`] finds of
/// each heap in [`RECENT_CHUNKS`] chunks (fewer chunks cost more; more chunks, or fewer or more
/// finds, no less). Each thread keeps a list of its own, noted after each heap it computes, so
/// that a heap reads the finds of the heaps just before it (a list noted after each group of 32
/// heaps computed side by side would leave a heap up to 32 heaps behind). The order changes no
/// value: every chunk is still visited once, only sooner or later.
#[derive(Clone, Debug, Default)]
pub(super) struct RecentChunks {
    /// At most [`RECENT_CHUNKS`] chunk numbers, the most recent first.
    list: Vec<u32>,
    /// Bit `k` set when chunk `k` is in `list`.
    set: Vec<u64>,
}

/// The chunks that [`RecentChunks`] keeps.
const RECENT_CHUNKS: usize = 128;
/// The chunks of each scan that [`RecentChunks`] takes: those of its last finds.
pub(super) const LAST_FINDS: usize = 4;

impl RecentChunks {
    fn contains(&self, k: usize) -> bool {
        self.set.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
    }

    /// Moves the chunks of `found` (in the order found) to the front, the last found first.
    pub(super) fn note(&mut self, found: impl IntoIterator<Item = u32>) {
        for k in found {
            let (w, bit) = (k as usize / 64, k % 64);
            if self.contains(k as usize) {
                // Most chunks noted are near the front already: only the list up to `k` moves.
                let at = self
                    .list
                    .iter()
                    .position(|&x| x == k)
                    .expect("a listed chunk");
                self.list[..=at].rotate_right(1);
            } else {
                if self.set.len() <= w {
                    self.set.resize(w + 1, 0);
                }
                self.set[w] |= 1 << bit;
                self.list.insert(0, k);
            }
        }
        for k in self.list.drain(RECENT_CHUNKS.min(self.list.len())..) {
            self.set[k as usize / 64] &= !(1 << (k % 64));
        }
    }

    /// The last [`LAST_FINDS`] chunks of a scan's finds `found_in`.
    pub(super) fn last_finds(found_in: &[u32]) -> &[u32] {
        &found_in[found_in.len().saturating_sub(LAST_FINDS)..]
    }
}

/// Chunks of a coupon order already marked for a heap (see
/// [`Core::plan_group`](super::Core::plan_group)): the first `chunks` spread chunks of the order
/// with `spread` spread chunks, whose stride follows from that number ([`CouponOrder::new`]);
/// and under the vector test the head's pairs whose smaller heap is in `head.0..head.1`
/// (`head.0` the start of a chunk of [`VECTOR_CHUNK`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Prescan {
    pub(super) spread: usize,
    pub(super) chunks: usize,
    pub(super) head: (usize, usize),
}

/// Asks the processor to bring the values of chunk `i` of `order` (if there is one) into the
/// cache, for every split in `ranges`: a spread chunk lies far from the last, where the
/// hardware's own prefetcher, which follows runs, finds it only after its first lines are
/// missed. Asked two chunks ahead, the values are there when the scan comes. This pays once the
/// values outgrow the cache (Treblecross past heap 10^7: 20 MB of values), and costs nothing
/// while they fit. The two threads of [`split_coupon`] do not ask: there the requests cost more
/// than they save.
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

/// The mex of heap `n` whose options found by
/// [`HeapView::first_options`](super::HeapView::first_options) are in `seen` and whose candidate
/// is `c`: `c` once every value of `need` below it is among the options, which a scan of the
/// pairs in order confirms (the *coupon scan*); the least missing one if the pairs run out first
/// (then `n` is a new rare position). Only the pairs of heaps below `g.len()` count.
///
/// The splits are scanned side by side, a chunk of each in turn: where the values follow the
/// parity of the position, the pairs of one split give only values of one parity, and scanning
/// a whole split before the next would cost `n` pairs for every heap whose missing values lie in
/// a later split. The chunks of `prescanned`, whose pairs are in `seen` already, are skipped when
/// their order is this heap's. A scan of wide values visits the chunks of `recent` early
/// ([`wide_coupon`]) and notes there the chunks where it found its last values.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn confirm<T: Cell>(
    g: &[T],
    rules: &HeapRules,
    n: usize,
    c: u32,
    need: &[u64],
    seen: &mut [u64],
    scratch: &mut CouponScratch,
    prescanned: Prescan,
    recent: &mut RecentChunks,
    test: PairTest,
) -> u32 {
    let value_words = seen.len() - 1;
    scratch.ranges.clear();
    scratch.ranges.extend(SplitPairs::of(rules, n, g.len()));
    if value_words > 1 {
        let v = wide_coupon(g, seen, need, c, scratch, prescanned, recent, test);
        // The chunks that gave this scan its last values come first in the next heap's.
        let found_in = &scratch.found_in;
        if !found_in.is_empty() {
            recent.note(RecentChunks::last_finds(found_in).iter().copied());
        }
        return v;
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
/// (`words` words of `table`), and their `count`. Under the vector test, `vector` holds the
/// values as 16-bit values and the block test.
struct CouponState<'s, T> {
    g: &'s [T],
    ranges: &'s [SplitPairs],
    vector: Option<(&'s [u16], BlockTest)>,
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
    pub(super) fn chunk(&mut self, lo: usize, hi: usize) -> bool {
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
                Some((g16, blocks)) if !by_pair => {
                    let mut a = lo;
                    while a < e {
                        let (at, mut lanes) = blocks.next_block(g16, rest, a, e, table);
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
/// goes on on two threads ([`split_coupon`]) when the pool has them; with it, the rest of a
/// long scan is cheap enough that sharing it costs more than it saves. The chunks of `recent` come
/// after the head and before the other spread chunks, unless the first spread chunks are
/// `prescanned`; the spread chunks where this scan found values are left in `scratch.found_in`.
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
    let vector = T::as_u16(g).zip(test.blocks(c));
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
