//! Groups of [`GROUP`] consecutive heaps whose pairs with the rare heaps are scanned together:
//! a rare heap's partners in a group are consecutive heaps, so the values of its pairs with all
//! of them are marked in one pass over a run of the value array ([`mark_runs`]), where a scan
//! heap by heap reads a scattered partner for every pair. Under the vector test half the rare
//! heaps are compared with each heap's candidates instead of marked ([`test_group`]), and with
//! two threads the heaps of a group are computed side by side ([`Core::side_by_side`]) while
//! the next group is marked.

use super::coupon::VECTOR_CHUNK;
use super::coupon::{CouponOrder, Prescan, CHUNK, HEAD, SPREAD_CHUNK};
use super::pair_test::{PairTest, CANDIDATES};
use super::PARALLEL_PAIRS;
use super::{byte_bits, pair_class, pair_values, Cell, Core, HeapScratch, Method, SplitPairs};
use std::ops::Range;
use std::sync::atomic::Ordering;

/// Heaps whose pairs with the rare heaps are scanned together (see [`Core::mark_group`]).
pub(super) const GROUP: usize = 32;
/// The fewest rare heaps for which a group is marked.
const GROUP_RARE: usize = 2048;
/// The spread chunks of the coupon scan whose pairs a group marks for all its heaps at once
/// (see [`Core::mark_group`]).
const PRESCAN_CHUNKS: usize = 64;

/// The length of a group's run of byte marks for values below `width`, a power of two: one
/// cache line more, so that the runs do not start a multiple of 4 KiB apart, where a load and
/// an earlier store at the same offset in their pages are taken for the same address until the
/// full addresses are compared.
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
    // index is masked below it: no bounds check and no offset to compute in the marking loop.
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
                // drop the bounds check.
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
    // The partners are read a 64-bit word at a time (four 16-bit values, eight of one byte or
    // two of four), XORed with the heap's value copied into each of the word's fields, and
    // each field's value is marked: one load serves several marks, so a mark is little more
    // than its store, where a load a mark would make two memory operations. Every value is below
    // 2^bits (it fits `T`), so no field spills into the next.
    let bits = 8 * T::BYTES;
    let per = 8 / T::BYTES;
    let fields = (0..per).fold(0u64, |ones, i| ones | 1 << (bits * i));
    for &k in splits {
        let rest0 = n0 - k;
        for (s, w) in heaps.clone() {
            let partners: &[T; GROUP] = g[rest0 - s..rest0 - s + GROUP]
                .try_into()
                .expect("a group's partners");
            let ws = u64::from(w) * fields;
            for (q, word) in partners.chunks_exact(per).enumerate() {
                let x = word
                    .iter()
                    .enumerate()
                    .fold(0, |x, (i, v)| x | u64::from(v.get()) << (bits * i))
                    ^ ws;
                for i in 0..per {
                    runs[q * per + i][(x >> (bits * i)) as usize & top] = 1;
                }
            }
        }
    }
}

/// Copies run `lane` of a group's marks (values below its width) into `marks`, and clears the
/// rest of `marks`. Kept out of line: inlined, it slows the heaps that are not grouped.
#[inline(never)]
pub(super) fn copy_run(group: &GroupMarks, lane: usize, marks: &mut [u8]) {
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
pub(super) struct GroupPlan {
    first: usize,
    /// The marks are of values below `width`.
    width: usize,
    /// The range of `rare` whose pairs are marked: all of them, or with `tested` only those
    /// at even offsets in it, the others tested against each heap's candidates (see
    /// [`test_group`]).
    pub(super) rare: Range<usize>,
    pub(super) tested: bool,
    /// The coupon order of heap `first`, and which of its chunks are marked.
    order: CouponOrder,
    pub(super) prescan: Prescan,
    /// The vector kernels, where the processor has them.
    test: PairTest,
}

/// A group's marks: run `j` (of [`group_run`] bytes) for heap `plan.first + j` is the union of
/// run `j` of the first `used` shares, each marked by one thread.
#[derive(Clone, Debug, Default)]
pub(super) struct GroupMarks {
    /// `None` while nothing is marked.
    pub(super) plan: Option<GroupPlan>,
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
    pub(super) fn candidate(&self, lane: usize, seen: &[u64]) -> Option<u32> {
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
pub(super) fn planned_heaps<'a>(
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
/// options (see [`HeapView::first_options`](super::HeapView::first_options)), and every pair
/// must be looked at to know that `c` is missing; but once half of them are marked, `c` is
/// among the first few values still missing: on Treblecross's values near heap 10^7, the 2nd at the
/// median, the 6th at p90, the 11th at p99 and the 20th at most. So the other half is only compared
/// with the first [`CANDIDATES`] of them, 32 heaps at a time (an XOR and a minimum a candidate for
/// 32 pairs, where a mark is a store and about three other instructions for one pair). A heap's
/// value is then its least candidate that no tested pair gives ([`GroupMarks::candidate`]); a heap
/// whose candidates are all given (1 in 180 near heap 10^7) scans the tested heaps itself, so every
/// value is as exact as with every pair marked.
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
            if found == CANDIDATES {
                break;
            }
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

impl Core {
    /// The values of the group `n0..n0 + GROUP` (marked by [`Core::mark_group`]) computed on two
    /// threads, each taking the next heap of the group when it is done with one; each thread
    /// first marks its share of the next group's pairs, where that group lies below `end`.
    ///
    /// Every heap of the group is computed at once from the values below `n0` alone, as the mex `m`
    /// of those of its options whose heaps are all below `n0`
    /// ([`HeapView::value`](super::HeapView::value)). Then, in order, with the values of the
    /// group's earlier heaps known, its other options are looked at (for each move, at most one for
    /// each heap `n0..n`): `G(n) = m` unless one of them has the value `m`, since `m` is missing
    /// among the first options and every value below it is there; if one does, the heap is computed
    /// again with all its options. So no heap waits for another, whatever the least number of
    /// tokens a move takes, and the two threads are busy until the group's last heaps. On
    /// Treblecross near heap 10^7, 14 heaps in 1 000 are computed again, where only three heaps at
    /// a time (those whose options all lie below the first) need no other's value. The next group's
    /// marks read only values below `n0` too (its pairs with the rare heaps from `2 · GROUP` on),
    /// so they are made in the same pass, and the threads meet once a group instead of twice; the
    /// thread done second with its share tests the group's other rare heaps ([`test_group`]).
    ///
    /// Stops early with a value that `T` cannot hold (not entered), or when the values widen
    /// (the group's marks are runs of the old width: the next group starts afresh, and the
    /// values computed after the widening one are computed again).
    pub(super) fn side_by_side<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        n0: usize,
        end: usize,
    ) -> Option<u32> {
        use std::sync::atomic::{AtomicU32, AtomicUsize};
        let words = self.words();
        let n1 = n0 + GROUP;
        let plan = if n1 + GROUP <= end {
            self.plan_group(g, n1, n0)
        } else {
            None
        };
        let first_mex: [AtomicU32; GROUP] = std::array::from_fn(|_| AtomicU32::new(0));
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
    /// by heap reads all three for every pair, the partner at a scattered place, so a rare pair
    /// costs less marked for a group. The coupon scan of most heaps there runs past the prescanned
    /// chunks (half of them past 18 000 pairs near heap 10^7), so marking those for all at the
    /// lower cost pays, although a heap whose abundant values all come sooner would have stopped
    /// earlier; the chunks are marked only while the coupon scans of the groups' first heaps
    /// (`coupon_need`) take more pairs on average. The pairs of the rare heaps outside the range
    /// (the smallest, or near the group) are scanned heap by heap, and every pair is a true option,
    /// so every value is as exact as without a group.
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
        // With few rare heaps a heap's own scan of them is short, and grouping does not pay
        // (0.376, with 509 rare heaps, and 0.354, with 131, are computed heap by heap).
        if hi < lo + GROUP_RARE {
            return None;
        }
        // The coupon order of heap n0 (its largest split leaves n0 − k_min); a prescanned chunk
        // ends below n0 / 2 + SPREAD_CHUNK, so its partners are heaps from 1 on when n0 is
        // past 4 · HEAD, and its heaps lie past HEAD, so the partners are below `known`.
        // Its head's chunks do not matter: only spread chunks are marked.
        let order = CouponOrder::new((n0 - k_min) / 2 + 1, CHUNK, &mut self.scratch.coupon.stride);
        // Only where the coupon scans run on average past the head and half the chunks: a
        // pair costs less than half as much marked for a group as in a heap's own scan, so marking
        // `x` pairs for every heap pays once a scan would take about `x / 2` of them. Where scans
        // end sooner (most games) the chunks are not marked.
        let chunks = PRESCAN_CHUNKS.min(order.spread);
        // Where the coupon scan has the vector test, a pair costs it less than marked for a
        // group, and the chunks are not marked.
        let vector = T::as_u16(g).is_some() && self.test.applies(64 * value_words as u32);
        let pays = self.coupon_need / 16 >= (HEAD + chunks * SPREAD_CHUNK / 2) as u64 && !vector;
        let chunks = if pays && n0 >= 4 * HEAD { chunks } else { 0 };
        // Under the vector test, the head's pairs from the first whole chunk whose partners are
        // below `known`: every coupon scan starts with them, looking at them one by one until
        // at most VECTOR_BELOW values are wanted (near heap 10^7 on Treblecross, after about
        // 3 000 pairs), and then with the vector test, which stops at most blocks while 10 or
        // more values are wanted. Marked for the group a pair costs less than either, so the
        // head is marked up to HEAD: marking it only to where the scans go over to the vector
        // test saves less, and marking spread chunks besides saves nothing more.
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
    pub(super) fn mark_group<T: Cell>(&mut self, g: &[T], n0: usize) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [`mark_runs`] against its definition, pair by pair: values of one, two and four bytes
    /// (the marking loop reads them a 64-bit word at a time, eight, four or two to a word), in
    /// widths with a run of constant length and one without, with one split and with two.
    #[test]
    fn mark_runs_marks_exactly_the_values_of_the_pairs() {
        fn check<T: Cell>(width: usize, splits: &[usize], seed: u64) {
            let mut x = seed;
            let mut random = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let g: Vec<T> = (0..3_000)
                .map(|_| T::from_u32((random() % width as u64) as u32))
                .collect();
            let n0 = 2_000;
            let heaps: Vec<(usize, u32)> = (0..40)
                .map(|_| 1 + (random() % 1_000) as usize)
                .map(|s| (s, g[s].get()))
                .collect();
            let run = group_run(width);
            let mut marks = vec![0u8; GROUP * run];
            mark_runs(&g, splits, n0, heaps.iter().copied(), &mut marks, width);
            let mut expected = vec![0u8; GROUP * run];
            for &k in splits {
                for &(s, w) in &heaps {
                    for j in 0..GROUP {
                        let v = w ^ g[n0 + j - k - s].get();
                        expected[j * run + v as usize] = 1;
                    }
                }
            }
            assert_eq!(marks, expected, "{} bytes, width {width}", T::BYTES);
        }
        for (i, splits) in [&[3][..], &[2, 5]].into_iter().enumerate() {
            let seed = 0x9e37_79b9_7f4a_7c15 + i as u64;
            check::<u8>(128, splits, seed);
            check::<u8>(256, splits, seed);
            check::<u16>(512, splits, seed);
            check::<u16>(2_048, splits, seed);
            check::<u16>(4_096, splits, seed);
            check::<u32>(4_096, splits, seed);
            check::<u32>(8_192, splits, seed);
        }
    }
}
