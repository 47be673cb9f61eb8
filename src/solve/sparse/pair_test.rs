//! The vector test of the sparse engine's coupon scan (`coupon::wide_coupon`): which block of
//! [`LANES`] consecutive pairs `a`, `rest − a` of a split gives a value still wanted.
//!
//! Past its first few thousand pairs, a coupon scan finds a wanted value in one pair out of
//! hundreds or thousands: almost every pair is only looked at. Looked at one by one, a pair costs
//! two loads, an XOR and a load of the wanted flag (Treblecross's scans take some 20 000 pairs a
//! value near heap 10^6). With AVX-512 (the `avx512bw` extension: 32 lanes of 16 bits) a block of
//! 32 pairs is tested in about a dozen instructions: the 32 left values are loaded at once, the 32
//! right values loaded and reversed, XORed, and each result looked up in the bit set of wanted
//! values, which is held in registers (1 024 values to a pair of registers, at most [`MAX_WANTED`]
//! in all) and indexed by a two-table permute. The caller looks at the pairs of a block that the
//! test names one by one, as it does without the test: the vector test only skips pairs that give
//! no wanted value, so the values found are the same with it or without it. Naming the lanes rather
//! than the block spares the caller the other pairs of the block.
//!
//! The same registers test a group's rare pairs against candidates ([`PairTest::hit_candidates`],
//! see `group::test_group`): the values of a rare heap's 32 partners in a group of 32 heaps are
//! loaded and XORed with its value at once, and compared with each heap's candidates lane by
//! lane.

/// Pairs tested at once: 512 bits of 16-bit values.
pub(super) const LANES: usize = 32;

/// The wanted values must lie below this for the vector test: their bit set fills at most
/// eight registers.
pub(super) const MAX_WANTED: usize = 4096;

/// The candidates of each lane that [`PairTest::hit_candidates`] tests at once.
pub(super) const CANDIDATES: usize = 12;

/// Whether the vector test runs here: on x86-64 processors with AVX-512BW, unless turned off
/// (to check the scalar scans against it).
#[derive(Clone, Copy, Debug)]
pub(super) struct PairTest {
    avx512: Option<Avx512>,
}

/// The processor has AVX-512BW (and with it AVX-512F), which is all that the kernels
/// `next_block_avx512` and `hit_candidates_avx512` need. A value is made only by
/// [`Avx512::detect`], after `is_x86_feature_detected!` said so: holding one is what makes their
/// calls sound, and the calls need no other check.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
struct Avx512(());

/// No processor but an x86-64 one has AVX-512 here: no value.
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy, Debug)]
enum Avx512 {}

impl Avx512 {
    /// The proof, if the processor has the instructions.
    fn detect() -> Option<Avx512> {
        #[cfg(target_arch = "x86_64")]
        return std::arch::is_x86_feature_detected!("avx512bw").then_some(Avx512(()));
        #[cfg(not(target_arch = "x86_64"))]
        None
    }
}

impl PairTest {
    /// The test, if the processor has the instructions.
    pub(super) fn detect() -> PairTest {
        PairTest {
            avx512: Avx512::detect(),
        }
    }

    /// No vector test: every pair is looked at one by one.
    pub(super) fn off() -> PairTest {
        PairTest { avx512: None }
    }

    /// Whether it runs for values below `c` (the wanted ones).
    pub(super) fn applies(&self, c: u32) -> bool {
        self.avx512.is_some() && c as usize <= MAX_WANTED
    }

    /// The block test for wanted values below `c`, where the test [`PairTest::applies`] to `c`.
    pub(super) fn blocks(&self, c: u32) -> Option<BlockTest> {
        let cpu = self.avx512.filter(|_| c as usize <= MAX_WANTED)?;
        Some(BlockTest { cpu, c })
    }

    /// Which lanes hit each candidate: bit `j` of result `i` is set when `w ⊕ G(n0 + j − k − s)`
    /// equals `candidates[i][j]` for some heap `s` with value `w` in `heaps` and split `k` in
    /// `splits` (the values in `g`, the partners `n0 + j − k − s` in it). `None` where the
    /// vector test is not available.
    pub(super) fn hit_candidates(
        &self,
        g: &[u16],
        splits: &[usize],
        n0: usize,
        heaps: impl Iterator<Item = (usize, u32)> + Clone,
        candidates: &[[u16; LANES]; CANDIDATES],
    ) -> Option<[u32; CANDIDATES]> {
        let cpu = self.avx512?;
        #[cfg(target_arch = "x86_64")]
        {
            let Avx512(()) = cpu;
            // SAFETY: `cpu` is an `Avx512`, made only where the processor has AVX-512BW and
            // AVX-512F, which is all that `hit_candidates_avx512` needs.
            Some(unsafe { hit_candidates_avx512(g, splits, n0, heaps, candidates) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (g, splits, n0, heaps, candidates);
            match cpu {}
        }
    }
}

/// The vector test of blocks of pairs ([`BlockTest::next_block`]) for wanted values below `c`
/// (at most [`MAX_WANTED`]). Made only by [`PairTest::blocks`], so only where the processor has
/// the instructions.
#[derive(Clone, Copy, Debug)]
pub(super) struct BlockTest {
    cpu: Avx512,
    c: u32,
}

impl BlockTest {
    /// The first `a` of `lo, lo + LANES, lo + 2 · LANES, …` below `hi` whose block of pairs
    /// `a..a + LANES` may give a value in `wanted` (a bit set of values below `c`, [`MAX_WANTED`]
    /// bits, zero from bit `c` on), with the lanes of the block that may (bit `i` for the pair
    /// `a + i`); or the start of the last block if it is shorter than [`LANES`], or `hi`, with
    /// every lane: the caller looks at those pairs one by one. The pairs are `a`, `rest − a` with
    /// their values in `g` (`rest < g.len()`), the smaller heap first (`hi − 1 <= rest − (hi −
    /// 1)`). A block it passes over, or a lane it leaves out, gives no wanted value; a lane it
    /// names may give none (a value of `c` or more can be taken for a wanted one).
    pub(super) fn next_block(
        self,
        g: &[u16],
        rest: usize,
        lo: usize,
        hi: usize,
        wanted: &[u64; MAX_WANTED / 64],
    ) -> (usize, u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let Avx512(()) = self.cpu;
            // SAFETY: `self.cpu` is an `Avx512`, made only where the processor has AVX-512BW
            // and AVX-512F, which is all that `next_block_avx512` needs.
            unsafe {
                match self.c.div_ceil(1024) {
                    0 | 1 => next_block_avx512::<1>(g, rest, lo, hi, wanted),
                    2 => next_block_avx512::<2>(g, rest, lo, hi, wanted),
                    _ => next_block_avx512::<4>(g, rest, lo, hi, wanted),
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (g, rest, lo, hi, wanted, self.c);
            match self.cpu {}
        }
    }
}

/// [`PairTest::hit_candidates`] with AVX-512: for each heap, the 32 partners' values loaded and
/// XORed with the heap's at once, then for each candidate an XOR and an unsigned minimum into
/// its accumulator, which is zero in a lane once that lane has hit the candidate.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn hit_candidates_avx512(
    g: &[u16],
    splits: &[usize],
    n0: usize,
    heaps: impl Iterator<Item = (usize, u32)> + Clone,
    candidates: &[[u16; LANES]; CANDIDATES],
) -> [u32; CANDIDATES] {
    use std::arch::x86_64::*;
    let wanted: [__m512i; CANDIDATES] = std::array::from_fn(|i| {
        // SAFETY: an unaligned load of the 64 bytes of `candidates[i]`.
        unsafe { _mm512_loadu_si512(candidates[i].as_ptr().cast()) }
    });
    let mut least = [_mm512_set1_epi16(-1); CANDIDATES];
    for &k in splits {
        let rest0 = n0 - k;
        for (s, w) in heaps.clone() {
            let partners: &[u16; LANES] = g[rest0 - s..rest0 - s + LANES]
                .try_into()
                .expect("a group's partners");
            // SAFETY: an unaligned load of the 64 bytes of `partners`.
            let x = unsafe { _mm512_loadu_si512(partners.as_ptr().cast()) };
            let x = _mm512_xor_si512(x, _mm512_set1_epi16(w as i16));
            for (least, wanted) in least.iter_mut().zip(&wanted) {
                *least = _mm512_min_epu16(*least, _mm512_xor_si512(x, *wanted));
            }
        }
    }
    least.map(|least| _mm512_cmpeq_epi16_mask(least, _mm512_setzero_si512()))
}

/// [`BlockTest::next_block`] with the wanted values below `1024 · S`.
///
/// A value `v`'s flag is bit `v mod 16` of the 16-bit word `v / 16` of the bit set (the bit set's
/// 64-bit words, little-endian, are those 16-bit words four at a time). Words `64 s .. 64 s + 64`
/// fill registers `2 s` and `2 s + 1`, from which a two-table permute picks word `v / 16 mod 64`
/// for every lane at once; the lanes of segment `v / 1024 = s > 0` take it from their pair. A
/// value of `1024 · S` or more reads a word of some segment, which can only flag its block for
/// nothing, never pass a wanted value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn next_block_avx512<const S: usize>(
    g: &[u16],
    rest: usize,
    lo: usize,
    hi: usize,
    wanted: &[u64; MAX_WANTED / 64],
) -> (usize, u32) {
    use std::arch::x86_64::*;
    let mut table = [_mm512_setzero_si512(); 8];
    for (i, register) in table.iter_mut().enumerate().take(2 * S) {
        let words: &[u64; 8] = wanted[8 * i..8 * i + 8].try_into().expect("eight words");
        // SAFETY: an unaligned load of the 64 bytes of `words`.
        *register = unsafe { _mm512_loadu_si512(words.as_ptr().cast()) };
    }
    // Lane i of the reversed right block takes lane 31 − i (`_mm512_set_epi16` lists the lanes
    // from 31 down to 0).
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let low_bits = _mm512_set1_epi16(15);
    let one = _mm512_set1_epi16(1);
    let mut a = lo;
    while a + LANES <= hi {
        let left: &[u16; LANES] = g[a..a + LANES].try_into().expect("a block");
        let right: &[u16; LANES] = g[rest + 1 - a - LANES..rest + 1 - a]
            .try_into()
            .expect("a block");
        // SAFETY: unaligned loads of the 64 bytes of `left` and of `right`.
        let (l, r) = unsafe {
            (
                _mm512_loadu_si512(left.as_ptr().cast()),
                _mm512_loadu_si512(right.as_ptr().cast()),
            )
        };
        let v = _mm512_xor_si512(l, _mm512_permutexvar_epi16(reverse, r));
        let word = _mm512_srli_epi16::<4>(v);
        let mut bits = _mm512_permutex2var_epi16(table[0], word, table[1]);
        if S > 1 {
            let segment = _mm512_srli_epi16::<10>(v);
            for s in 1..S {
                let lanes = _mm512_cmpeq_epi16_mask(segment, _mm512_set1_epi16(s as i16));
                let other = _mm512_permutex2var_epi16(table[2 * s], word, table[2 * s + 1]);
                bits = _mm512_mask_blend_epi16(lanes, bits, other);
            }
        }
        let flag = _mm512_srlv_epi16(bits, _mm512_and_si512(v, low_bits));
        let lanes = _mm512_test_epi16_mask(flag, one);
        if lanes != 0 {
            return (a, lanes);
        }
        a += LANES;
    }
    (a, u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidate test against its definition, pair by pair: pseudo-random values, two
    /// splits, 40 heaps; the candidates of each lane half taken from values its pairs give
    /// and half arbitrary (some given, most not), one lane's last ones past every value.
    #[test]
    fn a_candidate_is_hit_exactly_when_some_pair_gives_it() {
        let test = PairTest::detect();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let g: Vec<u16> = (0..5000).map(|_| (random() % 2048) as u16).collect();
        let (splits, n0) = ([3usize, 5], 4000);
        let heaps: Vec<(usize, u32)> = (0..40)
            .map(|i| 100 + 53 * i)
            .map(|s| (s, u32::from(g[s])))
            .collect();
        let pair = |j: usize, k: usize, (s, w): (usize, u32)| w as u16 ^ g[n0 + j - k - s];
        let mut candidates = [[0u16; LANES]; CANDIDATES];
        for (i, row) in candidates.iter_mut().enumerate() {
            for (j, c) in row.iter_mut().enumerate() {
                *c = if i % 2 == 0 {
                    pair(j, splits[i / 2 % 2], heaps[(7 * i + j) % heaps.len()])
                } else {
                    (random() % 2048) as u16
                };
            }
        }
        candidates[CANDIDATES - 1][5] = u16::MAX;
        let expected: [u32; CANDIDATES] = std::array::from_fn(|i| {
            (0..LANES)
                .filter(|&j| {
                    let given =
                        |&k: &usize| heaps.iter().any(|&h| pair(j, k, h) == candidates[i][j]);
                    splits.iter().any(given)
                })
                .fold(0, |bits, j| bits | 1 << j)
        });
        // Both outcomes occur, also among the arbitrary candidates.
        assert!(expected.iter().any(|&bits| bits != u32::MAX));
        assert!(expected.iter().skip(1).step_by(2).any(|&bits| bits != 0));
        if let Some(hits) = test.hit_candidates(&g, &splits, n0, heaps.iter().copied(), &candidates)
        {
            assert_eq!(hits, expected);
        }
    }

    /// The vector test against the pairs looked at one by one, on values of every segment
    /// count and blocks with and without wanted values.
    #[test]
    fn a_block_is_passed_over_only_when_it_gives_no_wanted_value() {
        let test = PairTest::detect();
        // A fixed pseudo-random sequence of values below 4096.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let g: Vec<u16> = (0..3000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 4096) as u16
            })
            .collect();
        for c in [1000u32, 2000, 4096] {
            let g: Vec<u16> = g
                .iter()
                .map(|&v| v % c.next_power_of_two() as u16)
                .collect();
            let rest = g.len() - 1;
            let hi = rest / 2 + 1;
            for step in [7u32, 61, 397] {
                let mut wanted = [0u64; MAX_WANTED / 64];
                for v in (0..c).step_by(step as usize) {
                    wanted[(v / 64) as usize] |= 1 << (v % 64);
                }
                let gives = |a: usize| {
                    let v = u32::from(g[a] ^ g[rest - a]);
                    v < c && wanted[(v / 64) as usize] >> (v % 64) & 1 == 1
                };
                let mut a = 3;
                while a < hi {
                    let (next, lanes) = match test.blocks(c) {
                        Some(blocks) => blocks.next_block(&g, rest, a, hi, &wanted),
                        None => (a, u32::MAX),
                    };
                    assert!(next >= a && next <= hi && (next - a) % LANES == 0);
                    // Nothing wanted among the blocks passed over ...
                    assert!(!(a..next).any(gives), "c {c}, step {step}, a {a}");
                    // ... nor among the lanes left out of the block stopped at, and each lane
                    // named gives a wanted value or one that the segments do not reach.
                    let reach = 1024 * c.div_ceil(1024).next_power_of_two();
                    for i in 0..LANES.min(hi - next) {
                        let named = lanes >> i & 1 == 1;
                        let pair = next + i;
                        assert!(named || !gives(pair), "c {c}, step {step}, pair {pair}");
                        if test.applies(c) && next + LANES <= hi && named {
                            assert!(gives(pair) || u32::from(g[pair] ^ g[rest - pair]) >= reach);
                        }
                    }
                    a = (next + LANES).min(hi);
                }
            }
        }
    }
}
