//! The impartial fast path: Grundy values as plain integers, never canonical forms.
//!
//! By the Sprague–Grundy theorem (CGT Thm IV.1.1; WW ch. 3) an impartial
//! position equals the nimber `*g` with `g` the *mex* (least non-negative integer not among)
//! of its options' values, and a sum of positions has the XOR of their values. So the value of a
//! whole family (a heap game's sequence, a board's table) is computed with integer arrays and
//! bitsets of "values already seen", which is orders of magnitude faster than building forms.
//! The tests check these values against the nimbers of the canonical forms that
//! [`crate::solve::Solver`] builds for the same rules.
//!
//! What is here:
//! - [`Bitset`]: a growable set of small integers with a word-at-a-time [`Bitset::mex`];
//! - heap games: [`subtraction_sequence`] (any finite subtraction set), [`octal_sequence`]
//!   (take-and-break games given by their octal digits), [`grundy_game_sequence`] (split a heap
//!   into two unequal heaps);
//! - proven periods only ([`Periodicity`], [`Proof`]): [`subtraction_periodicity`] (a window of
//!   `max(S)` values repeats an earlier one) and [`octal_periodicity`] (the Octal Periodicity
//!   Theorem of Guy and Smith, with its bound checked);
//! - [`slider_table`]: the Grundy table of a piece that slides any distance left, down and/or
//!   diagonally down-left, plus finitely many extra steps (Nim on two heaps, Wythoff's game, the
//!   generalised Ryūō), in about `width · height · (values / 64)` word operations.

use std::fmt;

/// A growable set of non-negative integers stored as bits.
///
/// ```
/// use partizan::solve::grundy::Bitset;
/// let mut s = Bitset::new();
/// for v in [0, 1, 2, 4, 200] {
///     s.insert(v);
/// }
/// assert_eq!(s.mex(), 3);
/// assert!(s.contains(200) && !s.contains(199));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bitset {
    words: Vec<u64>,
}

impl Bitset {
    /// The empty set.
    pub fn new() -> Bitset {
        Bitset::default()
    }

    /// The empty set, with room for the values `0..bits` without growing.
    pub fn with_capacity(bits: usize) -> Bitset {
        Bitset {
            words: vec![0; bits.div_ceil(64)],
        }
    }

    /// Adds `v`.
    #[inline]
    pub fn insert(&mut self, v: usize) {
        let w = v / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: usize) {
        if let Some(w) = self.words.get_mut(v / 64) {
            *w &= !(1 << (v % 64));
        }
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.words
            .get(v / 64)
            .is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    /// Adds the values `64 · index + i` for the bits `i` set in `word`.
    #[inline]
    pub fn union_word(&mut self, index: usize, word: u64) {
        if index >= self.words.len() {
            self.words.resize(index + 1, 0);
        }
        self.words[index] |= word;
    }

    /// Empties the set, keeping its storage.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The minimum excludant: the least value not in the set.
    #[inline]
    pub fn mex(&self) -> usize {
        first_zero(&self.words, 0)
    }
}

/// The least bit index `>= start` that is zero in `words` (bits past the end are zero).
#[inline]
fn first_zero(words: &[u64], start: usize) -> usize {
    let mut i = start / 64;
    if let Some(&w) = words.get(i) {
        let w = w | ((1u64 << (start % 64)) - 1);
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        i += 1;
    } else {
        return start;
    }
    while let Some(&w) = words.get(i) {
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        i += 1;
    }
    i * 64
}

/// Why a heap-game sequence could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapRuleError {
    /// A subtraction set must be non-empty and contain only positive integers.
    BadSubtractionSet(String),
    /// An octal code's digit 0 (taking no tokens) may only be 0 or 4: 1, 2 or 3 there would let
    /// a move leave the heap unchanged, and the game would not be short.
    LoopyOctalDigit(u8),
    /// An octal digit above 7.
    BadOctalDigit(u8),
}

impl fmt::Display for HeapRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRuleError::BadSubtractionSet(why) => write!(f, "bad subtraction set: {why}"),
            HeapRuleError::LoopyOctalDigit(d) => write!(
                f,
                "octal digit {d} before the point would allow a move that leaves the heap unchanged (only 0 or 4 are allowed there)"
            ),
            HeapRuleError::BadOctalDigit(d) => {
                write!(f, "octal digit {d} is not one of 0..7")
            }
        }
    }
}

impl std::error::Error for HeapRuleError {}

/// How many values the sequence computations produce between two reports to
/// [`crate::progress::record`]: one atomic addition per batch, never one per value.
const PROGRESS_BATCH: usize = 4096;

/// Records value `n` of `0..len` as done, a batch at a time; each batch is also an
/// interruption point (see [`crate::interrupt`]: the values are the caller's own vector).
#[inline]
fn record_progress(n: usize, len: usize) {
    if (n + 1).is_multiple_of(PROGRESS_BATCH) {
        crate::progress::record(PROGRESS_BATCH as u64);
        crate::interrupt::check();
    } else if n + 1 == len {
        crate::progress::record((len % PROGRESS_BATCH) as u64);
    }
}

/// Validates a subtraction set: sorted, without duplicates, non-empty, positive.
fn subtraction_set(set: &[usize]) -> Result<Vec<usize>, HeapRuleError> {
    let mut s: Vec<usize> = set.to_vec();
    s.sort_unstable();
    s.dedup();
    if s.is_empty() {
        return Err(HeapRuleError::BadSubtractionSet("it is empty".into()));
    }
    if s[0] == 0 {
        return Err(HeapRuleError::BadSubtractionSet(
            "0 is not a move (the game would not end)".into(),
        ));
    }
    Ok(s)
}

/// The first `len` Grundy values `G(0), G(1), ...` of the subtraction game with subtraction set
/// `set`: a move takes `s ∈ set` tokens from a heap of at least `s`.
///
/// From `n = max(S)` on, `G(n) = mex{G(n − s) : s ∈ S}` depends only on the window of the
/// `max(S)` values before `n`. So once a window repeats an earlier one, the sequence is periodic
/// from there on and the rest is a copy (the classical argument that a finite subtraction game is
/// ultimately periodic: WW ch. 4; CGT ch. IV). The
/// repeat is looked for with Brent's cycle-finding algorithm on the windows, compared through a
/// rolling hash and then exactly, at a constant cost per value; see [`subtraction_periodicity`].
///
/// ```
/// use partizan::solve::grundy::subtraction_sequence;
/// // S = {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (WW ch. 4).
/// assert_eq!(subtraction_sequence(&[1, 3, 4], 9).unwrap(), [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
pub fn subtraction_sequence(set: &[usize], len: usize) -> Result<Vec<u32>, HeapRuleError> {
    Ok(subtraction_values(&subtraction_set(set)?, len, len).0)
}

/// `G(0..len)` of the subtraction game with subtraction set `set`, and its least period and
/// pre-period when they are proven by a repeated window among the first `max(len, search)`
/// values; also how many values were examined (computing stops at the repeat).
///
/// **Criterion.** For `n >= m = max(S)` the value `G(n)` is a function of the window
/// `G(n − m..n)`. If the windows before `a` and before `b` are equal, `m <= a < b`, then
/// `G(j + (b − a)) = G(j)` for every `j >= a − m`, by induction on `j`: the whole infinite sequence
/// is periodic. Brent's algorithm finds the least period `p` of the windows, which is the least
/// eventual period of the values; the pre-period is the least `n0` with `G(j + p) = G(j)` for all
/// `j >= n0`, found by walking back from `a − m`.
///
/// ```
/// use partizan::solve::grundy::{subtraction_periodicity, Proof};
/// // S = {1, 3, 4}: 0 1 0 1 2 3 2, repeating from 0.
/// let (values, p, _) = subtraction_periodicity(&[1, 3, 4], 9, 100).unwrap();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// let p = p.unwrap();
/// assert_eq!((p.period, p.preperiod), (7, 0));
/// assert!(matches!(p.proof, Proof::RepeatedWindow { order: 4, .. }));
/// ```
pub fn subtraction_periodicity(
    set: &[usize],
    len: usize,
    search: usize,
) -> Result<(Vec<u32>, Option<Periodicity>, usize), HeapRuleError> {
    Ok(subtraction_values(&subtraction_set(set)?, len, search))
}

/// The body of [`subtraction_periodicity`] for a validated set `s`.
fn subtraction_values(
    s: &[usize],
    len: usize,
    search: usize,
) -> (Vec<u32>, Option<Periodicity>, usize) {
    let m = *s.last().expect("a validated set is non-empty");
    let limit = len.max(search);
    let mut g: Vec<u32> = Vec::with_capacity(len);
    // Below the largest move only the moves s <= n apply. A position has at most |S| options,
    // so every value is at most |S|.
    let mut seen = Bitset::with_capacity(s.len() + 1);
    for n in 0..limit.min(m) {
        seen.clear();
        for &k in s.iter().take_while(|&&k| k <= n) {
            seen.insert(g[n - k] as usize);
        }
        g.push(seen.mex() as u32);
    }
    crate::progress::record(g.len() as u64);
    let mut windows = WindowRepeat::new(&g, m);
    let period = if s.len() < 64 {
        // The mex of fewer than 64 values below 64 is one word's first zero bit.
        extend_until_repeat(&mut g, limit, &mut windows, |g| {
            let n = g.len();
            s.iter()
                .fold(0u64, |seen, &k| seen | 1 << g[n - k])
                .trailing_ones()
        })
    } else {
        extend_until_repeat(&mut g, limit, &mut windows, |g| {
            let n = g.len();
            seen.clear();
            for &k in s {
                seen.insert(g[n - k] as usize);
            }
            seen.mex() as u32
        })
    };
    let examined = g.len();
    let Some(period) = period else {
        g.truncate(len);
        return (g, None, examined);
    };
    // G(j + period) = G(j) for j >= earlier − m: the rest of G(0..len) is a copy, made in blocks
    // that are whole periods and double in length.
    let (earlier, later) = (windows.tortoise, examined);
    let from = earlier - m;
    while g.len() < len {
        let n = g.len();
        // G(n + i) = G(n − shift + i), the shift being whole periods.
        let shift = (n - from) / period * period;
        g.extend_from_within(n - shift..n - shift + shift.min(len - n));
    }
    crate::progress::record(g.len().saturating_sub(examined) as u64);
    let mut preperiod = from;
    while preperiod > 0 && g[preperiod - 1 + period] == g[preperiod - 1] {
        preperiod -= 1;
    }
    g.truncate(len);
    let periodicity = Periodicity {
        preperiod,
        period,
        proof: Proof::RepeatedWindow {
            order: m,
            earlier,
            later,
        },
    };
    (g, Some(periodicity), examined)
}

/// Pushes `next(g)` onto `g` until it holds `limit` values or `windows` sees a repeated window;
/// returns the period then.
#[inline]
fn extend_until_repeat(
    g: &mut Vec<u32>,
    limit: usize,
    windows: &mut WindowRepeat,
    mut next: impl FnMut(&[u32]) -> u32,
) -> Option<usize> {
    while g.len() < limit {
        let end = (g.len() + PROGRESS_BATCH).min(limit);
        let start = g.len();
        while g.len() < end {
            let v = next(g);
            g.push(v);
            if let Some(period) = windows.step(g) {
                crate::progress::record((g.len() - start) as u64);
                return Some(period);
            }
        }
        crate::progress::record((end - start) as u64);
    }
    None
}

/// Brent's cycle-finding algorithm (Brent 1980, "An improved Monte Carlo factorization
/// algorithm", BIT 20) on the windows `W(e) = G(e − order..e)`, `e >= order`, of a sequence whose
/// every value from `G(order)` on is a function of the window before it.
///
/// The windows then form the orbit of a function, and Brent's algorithm finds the length of its
/// cycle exactly: it keeps one saved window (the *tortoise*), moved to the current end each time
/// the distance reaches a power of two, and reports the distance when the current window equals
/// the saved one. Windows are compared through a polynomial rolling hash (arithmetic mod 2^64,
/// updated in O(1) per value) and, when the hashes agree, element by element.
struct WindowRepeat {
    order: usize,
    /// `HASH_BASE^order`, to drop the value leaving the window.
    drop: u64,
    /// The hash of the current window, `W(g.len())`.
    hash: u64,
    /// The end of the saved window, and its hash.
    tortoise: usize,
    tortoise_hash: u64,
    /// The distance at which the tortoise next moves.
    power: usize,
}

const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl WindowRepeat {
    /// Starts with the window `W(order)`, when `g` holds at least `order` values.
    fn new(g: &[u32], order: usize) -> WindowRepeat {
        let first = &g[..order.min(g.len())];
        let hash = first.iter().fold(0u64, |h, &v| {
            h.wrapping_mul(HASH_BASE).wrapping_add(v as u64)
        });
        WindowRepeat {
            order,
            drop: (0..order).fold(1u64, |p, _| p.wrapping_mul(HASH_BASE)),
            hash,
            tortoise: order,
            tortoise_hash: hash,
            power: 1,
        }
    }

    /// Called after each push onto `g` (so `g.len() > order`): the period, when the window that
    /// now ends `g` equals the saved one.
    #[inline]
    fn step(&mut self, g: &[u32]) -> Option<usize> {
        let end = g.len();
        self.hash = self
            .hash
            .wrapping_mul(HASH_BASE)
            .wrapping_add(g[end - 1] as u64)
            .wrapping_sub(self.drop.wrapping_mul(g[end - 1 - self.order] as u64));
        let distance = end - self.tortoise;
        if self.hash == self.tortoise_hash
            && g[end - self.order..] == g[self.tortoise - self.order..self.tortoise]
        {
            return Some(distance);
        }
        if distance == self.power {
            self.tortoise = end;
            self.tortoise_hash = self.hash;
            self.power *= 2;
        }
        None
    }
}

/// The first `len` Grundy values of the octal game with digits `digits` (`digits[k]` for
/// taking `k` tokens; `digits[0]` is the digit before the point).
///
/// A digit `d_k` is the sum of: 1 if a player may take `k` tokens when that empties the heap; 2
/// if he may take `k` from a larger heap leaving one heap; 4 if he may take `k` and split the
/// rest into two non-empty heaps (WW ch. 4, "Octal games"; CGT §IV.2). So
/// Kayles is `0.77` = `[0, 7, 7]` and Dawson's Kayles `0.07` = `[0, 0, 7]`.
///
/// ```
/// use partizan::solve::grundy::octal_sequence;
/// // Kayles: OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6.
/// assert_eq!(
///     octal_sequence(&[0, 7, 7], 12).unwrap(),
///     [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
/// );
/// ```
pub fn octal_sequence(digits: &[u8], len: usize) -> Result<Vec<u32>, HeapRuleError> {
    if let Some(&d) = digits.iter().find(|&&d| d > 7) {
        return Err(HeapRuleError::BadOctalDigit(d));
    }
    if let Some(&d0) = digits.first() {
        if d0 & 3 != 0 {
            return Err(HeapRuleError::LoopyOctalDigit(d0));
        }
    }
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Bitset::new();
    let mut max = 0;
    for n in 0..len {
        seen.clear();
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            if d & 1 != 0 && k == n && k > 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && n > k {
                seen.insert(g[n - k] as usize);
            }
            if d & 4 != 0 && n >= k + 2 {
                let rest = n - k;
                insert_split_values(&mut seen, &g, max, rest, 1..rest / 2 + 1);
            }
        }
        let v = seen.mex() as u32;
        max = max.max(v);
        g.push(v);
        record_progress(n, len);
    }
    Ok(g)
}

/// Inserts `g[a] ⊕ g[rest − a]` for `a` in `range` (the splits of a heap of `rest` into two),
/// where `max` bounds the values of `g`.
#[inline]
fn insert_split_values(
    seen: &mut Bitset,
    g: &[u32],
    max: u32,
    rest: usize,
    range: std::ops::Range<usize>,
) {
    if range.is_empty() {
        return;
    }
    if max < 64 {
        // Every XOR is below 64 (the values of Kayles and most octal games are small): one word,
        // no bounds checks, a loop the compiler can vectorise.
        let (lo, hi) = (range.start, range.end);
        let left = &g[lo..hi];
        let right = &g[rest + 1 - hi..rest + 1 - lo];
        let mut word = 0u64;
        for (l, r) in left.iter().zip(right.iter().rev()) {
            word |= 1 << ((l ^ r) & 63);
        }
        seen.union_word(0, word);
    } else {
        for a in range {
            seen.insert((g[a] ^ g[rest - a]) as usize);
        }
    }
}

/// The first `len` Grundy values of Grundy's game: a move splits one heap into two non-empty
/// heaps of different sizes (WW ch. 4; OEIS A002188).
///
/// ```
/// use partizan::solve::grundy::grundy_game_sequence;
/// assert_eq!(grundy_game_sequence(8), [0, 0, 0, 1, 0, 2, 1, 0]);
/// ```
pub fn grundy_game_sequence(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Bitset::new();
    let mut max = 0;
    for n in 0..len {
        seen.clear();
        // a < n − a, both ≥ 1.
        insert_split_values(&mut seen, &g, max, n, 1..n.div_ceil(2));
        let v = seen.mex() as u32;
        max = max.max(v);
        g.push(v);
        record_progress(n, len);
    }
    g
}

/// The eventual periodicity of a Grundy sequence, `G(n + period) = G(n)` for every
/// `n >= preperiod` (`G(n + period) = G(n) + saltus` for an arithmetic period,
/// [`Proof::ArithmeticState`]), with its proof. Only proven periods are reported: the sequence
/// computations return `None` rather than a pattern that merely fits the values computed so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least `n0` from which the pattern holds.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// Why the pattern holds for every `n`, not only on the computed values.
    pub proof: Proof,
}

/// Why a [`Periodicity`] holds for the whole infinite sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The Octal Periodicity Theorem (Guy and Smith 1956) for an octal code of length
    /// `code_length` = `t`: `G(n + p) = G(n)` was checked for `n0 <= n < 2·n0 + p + t`. See
    /// [`octal_periodicity`].
    OctalTheorem {
        /// The code length `t`.
        code_length: usize,
    },
    /// Every value from `G(order)` on is a function of the `order` values before it, and the
    /// windows `G(earlier − order..earlier)` and `G(later − order..later)` are equal, so
    /// `G(n + later − earlier) = G(n)` for all `n >= earlier − order`. See
    /// [`subtraction_periodicity`].
    RepeatedWindow {
        /// The number of earlier values each value depends on (`max(S)` for a subtraction game).
        order: usize,
        /// The end of the first window.
        earlier: usize,
        /// The end of the repeated window.
        later: usize,
    },
    /// The Periodicity Theorem for take-and-break games whose moves leave at most `heaps`
    /// heaps (the octal theorem's proof with "the larger of two heaps" replaced by "the largest
    /// of `heaps` heaps"): `G(n + p) = G(n)` was checked for
    /// `n0 <= n < heaps·n0 + (heaps − 1)·p + t`. See
    /// [`crate::rulesets::take_and_break::take_and_break_periodicity`].
    TakeAndBreakTheorem {
        /// The code length `t`.
        code_length: usize,
        /// The most heaps a move leaves (3 for a hexadecimal code).
        heaps: usize,
    },
    /// *Arithmetic* periodicity, `G(n + p) = G(n) + saltus` for `n >= n0`: the sequence is
    /// generated by a state machine whose state (normalised by an offset that grows by `saltus`)
    /// at `later` equals its state at `earlier`, and whose offset grew by `saltus` between
    /// them. See [`crate::rulesets::all_but::AllBut::periodicity`].
    ArithmeticState {
        /// `G(n + p) − G(n)` for `n >= n0`.
        saltus: u32,
        /// A position where the state was seen first.
        earlier: usize,
        /// The position where it was seen again.
        later: usize,
    },
}

impl Periodicity {
    /// The saltus `s` of `G(n + p) = G(n) + s`: 0 for a periodic sequence.
    pub fn saltus(&self) -> u32 {
        match self.proof {
            Proof::ArithmeticState { saltus, .. } => saltus,
            _ => 0,
        }
    }
}

impl fmt::Display for Periodicity {
    /// One line, e.g. `period 12, pre-period 71 (proven: ...)`, the proof with its checked bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, n0) = (self.period, self.preperiod);
        write!(f, "period {p}, pre-period {n0} (proven: ")?;
        match self.proof {
            Proof::OctalTheorem { code_length } => write!(
                f,
                "Guy–Smith octal periodicity theorem, G(n + {p}) = G(n) checked for {n0} <= n < {})",
                2 * n0 + p + code_length
            ),
            Proof::RepeatedWindow {
                order,
                earlier,
                later,
            } => write!(
                f,
                "G({}..={}) repeats G({}..={}), and each G(n), n >= {order}, depends only on the {order} values before it)",
                later - order,
                later - 1,
                earlier - order,
                earlier - 1
            ),
            Proof::TakeAndBreakTheorem { code_length, heaps } => write!(
                f,
                "periodicity theorem for moves leaving at most {heaps} heaps, G(n + {p}) = G(n) checked for {n0} <= n < {})",
                heaps * n0 + (heaps - 1) * p + code_length
            ),
            Proof::ArithmeticState {
                saltus,
                earlier,
                later,
            } => write!(
                f,
                "arithmetic-periodic, G(n + {p}) = G(n) + {saltus} for n >= {n0}: the state at {later} repeats the state at {earlier}, {saltus} higher)"
            ),
        }
    }
}

/// The least period and pre-period of an octal game's Grundy values `values = G(0..len)` that
/// the **Octal Periodicity Theorem** proves, if any.
///
/// The theorem (Guy and Smith, "The G-values of various games", Proc. Cambridge Philos. Soc. 52
/// (1956); WW ch. 4, "The Periodicity Theorem"; CGT
/// ch. IV): for an octal game whose code has length `t` (its last non-zero digit is `d_t`), if
/// `G(n + p) = G(n)` for all `n0 <= n < 2·n0 + p + t`, then for all `n >= n0`. A period is
/// reported only when this bound lies inside the computed values (`2·n0 + 2p + t <= len`); a
/// pattern that merely fits the values (0.16 shows period 3 on its last twelve values up to
/// 100000, while its true period is 149459 from 105351 on: Gangolli and Plambeck 1989) is not.
///
/// The least `p` so certified is the least period of the infinite sequence (any eventual period
/// is a multiple of the least one, with the same least pre-period), and `n0` its least
/// pre-period.
///
/// ```
/// use partizan::solve::grundy::{octal_periodicity, octal_sequence};
/// // Kayles, 0.77 (t = 2): period 12 from 71 on (Guy and Smith 1956; OEIS A002186).
/// let g = octal_sequence(&[0, 7, 7], 300).unwrap();
/// let p = octal_periodicity(&g, 2).unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// // 2·71 + 2·12 + 2 = 168 values are needed for the certificate.
/// assert!(octal_periodicity(&g[..168], 2).is_some());
/// assert!(octal_periodicity(&g[..167], 2).is_none());
/// ```
pub fn octal_periodicity(values: &[u32], code_length: usize) -> Option<Periodicity> {
    let len = values.len();
    let mut p = 1;
    // Even with n0 = 0 the certificate needs 2p + t values.
    while 2 * p + code_length <= len {
        // The least n0 from which G(n + p) = G(n) holds up to the end of the values.
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        if 2 * n0 + 2 * p + code_length <= len {
            return Some(Periodicity {
                preperiod: n0,
                period: p,
                proof: Proof::OctalTheorem { code_length },
            });
        }
        p += 1;
    }
    None
}

/// Which directions a piece slides in, any distance (a move decreases the coordinates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slides {
    /// Left along a row: `(x, y) → (x − t, y)`.
    pub row: bool,
    /// Down a column: `(x, y) → (x, y − t)`.
    pub column: bool,
    /// Diagonally: `(x, y) → (x − t, y − t)`.
    pub diagonal: bool,
}

/// The Grundy table of a piece on a `width × height` board that slides any distance in the
/// directions `slides` and also jumps by each `(dx, dy)` in `steps` (`(x, y) → (x − dx, y − dy)`);
/// the piece moves towards `(0, 0)`. Returns `g` with `g[y * width + x] = G(x, y)`.
///
/// Nim on two heaps is `row + column` (`G = x ⊕ y`); Wythoff's game adds `diagonal`; the
/// generalised Ryūō piece is `row + column` with the steps `(s, t)`, `s, t ≥ 1`, `s + t ≤ p − 1`.
///
/// All values on one row (column, diagonal) are distinct, and each line keeps a bitset of the
/// values seen so far on it; the value of a cell is the first zero bit of the OR of its lines'
/// bitsets, read a word at a time (about `width · height · G/64` word operations), skipping the
/// values of the extra steps.
///
/// # Panics
/// When a step is `(0, 0)` (a move that does not move).
pub fn slider_table(
    width: usize,
    height: usize,
    slides: Slides,
    steps: &[(usize, usize)],
) -> Vec<u32> {
    assert!(
        steps.iter().all(|&s| s != (0, 0)),
        "a step (0, 0) does not move"
    );
    let mut g = vec![0u32; width * height];
    if width == 0 || height == 0 {
        return g;
    }
    // A cell has at most width + height + min(width, height) + steps options, so its value is
    // below that.
    let bits = width + height + width.min(height) + steps.len() + 1;
    let words = bits.div_ceil(64);
    // One bitset per row, column and diagonal, stored contiguously.
    let line = |count: usize, on: bool| vec![0u64; if on { count * words } else { 0 }];
    let mut rows = line(height, slides.row);
    let mut cols = line(width, slides.column);
    let diag_count = width + height - 1;
    let mut diags = line(diag_count, slides.diagonal);
    // How many leading words of each line's bitset are full: a full word of any one line is a
    // full word of the union, so the scan for the mex starts past the longest such prefix (far
    // from the main diagonal a row or column holds nearly all the small values).
    let mut row_full = vec![0usize; height];
    let mut col_full = vec![0usize; width];
    let mut diag_full = vec![0usize; diag_count];
    let empty = vec![0u64; words];
    let mut step_values: Vec<usize> = Vec::with_capacity(steps.len());
    // Cells are visited in square tiles (tile rows top to bottom, tiles left to right, cells row
    // by row inside a tile), which respects every dependency (a move goes left, down or
    // diagonally down-left) and keeps the few lines a tile touches in cache.
    const TILE: usize = 64;
    // A square board whose moves are symmetric in x and y has G(x, y) = G(y, x): compute the
    // cells with x >= y only (tiles on or right of the diagonal), and enter each value in the
    // lines of its mirror cell too. Every option of a computed cell is then known: options left
    // of the diagonal are mirrors of cells of earlier rows.
    let symmetric = width == height
        && slides.row == slides.column
        && steps.iter().all(|&(dx, dy)| steps.contains(&(dy, dx)));
    for ty in (0..height).step_by(TILE) {
        let first_tile = if symmetric { ty } else { 0 };
        for tx in (first_tile..width).step_by(TILE) {
            for y in ty..(ty + TILE).min(height) {
                let first_x = if symmetric { tx.max(y) } else { tx };
                for x in first_x..(tx + TILE).min(width) {
                    let d_index = x + height - 1 - y;
                    let mut start = 0;
                    let r: &[u64] = if slides.row {
                        start = start.max(row_full[y]);
                        &rows[y * words..(y + 1) * words]
                    } else {
                        &empty
                    };
                    let c: &[u64] = if slides.column {
                        start = start.max(col_full[x]);
                        &cols[x * words..(x + 1) * words]
                    } else {
                        &empty
                    };
                    let d: &[u64] = if slides.diagonal {
                        start = start.max(diag_full[d_index]);
                        &diags[d_index * words..(d_index + 1) * words]
                    } else {
                        &empty
                    };
                    step_values.clear();
                    for &(dx, dy) in steps {
                        if dx <= x && dy <= y {
                            step_values.push(g[(y - dy) * width + x - dx] as usize);
                        }
                    }
                    let mut v = union_first_zero(r, c, d, start * 64);
                    while step_values.contains(&v) {
                        v = union_first_zero(r, c, d, v + 1);
                    }
                    g[y * width + x] = v as u32;
                    let mut enter = |x: usize, y: usize| {
                        let d_index = x + height - 1 - y;
                        if slides.row {
                            insert_counting_full(
                                &mut rows[y * words..(y + 1) * words],
                                &mut row_full[y],
                                v,
                            );
                        }
                        if slides.column {
                            insert_counting_full(
                                &mut cols[x * words..(x + 1) * words],
                                &mut col_full[x],
                                v,
                            );
                        }
                        if slides.diagonal {
                            insert_counting_full(
                                &mut diags[d_index * words..(d_index + 1) * words],
                                &mut diag_full[d_index],
                                v,
                            );
                        }
                    };
                    enter(x, y);
                    if symmetric && x != y {
                        g[x * width + y] = v as u32;
                        enter(y, x);
                    }
                }
            }
        }
        // A strip of rows is done (with its mirror, on a symmetric board).
        crate::progress::record((TILE.min(height - ty) * width) as u64);
    }
    g
}

/// Sets bit `v` of `words`, and advances `full` (the number of leading full words) past the
/// words that are now full.
#[inline]
fn insert_counting_full(words: &mut [u64], full: &mut usize, v: usize) {
    words[v / 64] |= 1 << (v % 64);
    while *full < words.len() && words[*full] == u64::MAX {
        *full += 1;
    }
}

/// The least bit index `>= start` that is zero in `a | b | c` (three slices of equal length).
#[inline]
fn union_first_zero(a: &[u64], b: &[u64], c: &[u64], start: usize) -> usize {
    let mut i = start / 64;
    let mut mask = (1u64 << (start % 64)) - 1;
    let n = a.len();
    while i < n {
        let w = a[i] | b[i] | c[i] | mask;
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        mask = 0;
        i += 1;
    }
    // Past the end every bit is zero.
    start.max(i * 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_mex(values: &[u32]) -> u32 {
        (0..).find(|v| !values.contains(v)).expect("a mex exists")
    }

    #[test]
    fn bitset_mex_and_remove() {
        let mut s = Bitset::with_capacity(10);
        assert_eq!(s.mex(), 0);
        for v in 0..130 {
            s.insert(v);
        }
        assert_eq!(s.mex(), 130);
        s.remove(64);
        assert_eq!(s.mex(), 64);
        s.clear();
        assert_eq!(s.mex(), 0);
        assert_eq!(first_zero(&[u64::MAX, 0b1011], 0), 66);
        assert_eq!(first_zero(&[0b111], 1), 3);
        assert_eq!(first_zero(&[0b111], 64), 64);
    }

    #[test]
    fn subtraction_agrees_with_direct_mex() {
        // Every set inside {1..7}, then sets with a long pre-period, long runs of equal values
        // (windows that agree on all but their first value), and 64 or more elements (the bitset
        // path). The values past the repeated window are copies: check them all.
        let mut sets: Vec<Vec<usize>> = (1..128u32)
            .map(|mask| (1..=7).filter(|k| mask & (1 << (k - 1)) != 0).collect())
            .collect();
        sets.extend([
            vec![2, 5, 7],
            vec![1000],
            vec![37, 100],
            vec![3, 64, 65],
            (1..=70).collect::<Vec<_>>(),
            (5..=80).step_by(3).chain(90..=150).collect::<Vec<_>>(),
        ]);
        for set in sets {
            let len = 3000;
            let g = subtraction_sequence(&set, len).unwrap();
            assert_eq!(g.len(), len);
            for n in 0..len {
                let opts: Vec<u32> = set.iter().filter(|&&k| k <= n).map(|&k| g[n - k]).collect();
                assert_eq!(g[n], brute_mex(&opts), "S = {set:?}, n = {n}");
            }
            // Asking for more values for the period changes none of the first ones.
            let (h, _, examined) = subtraction_periodicity(&set, 10, 5000).unwrap();
            assert_eq!(h, g[..10], "S = {set:?}");
            assert!(examined <= 5000);
        }
        assert!(subtraction_sequence(&[], 3).is_err());
        assert!(subtraction_sequence(&[0, 1], 3).is_err());
        assert_eq!(subtraction_sequence(&[5], 3).unwrap(), [0, 0, 0]);
        assert!(subtraction_sequence(&[5], 0).unwrap().is_empty());
    }

    #[test]
    fn subtraction_period_needs_a_repeated_window() {
        // S = {2}: 0 0 1 1 repeating, period 4 from 0 (by hand: G(n) = 1 − G(n − 2)).
        let (g, p, examined) = subtraction_periodicity(&[2], 8, 1000).unwrap();
        assert_eq!(g, [0, 0, 1, 1, 0, 0, 1, 1]);
        let p = p.expect("a repeated window");
        assert_eq!((p.period, p.preperiod), (4, 0));
        // Computing stops at the repeat.
        assert!(examined < 1000, "{examined}");
        // Too few values for any window to repeat: nothing is claimed.
        let (_, p, examined) = subtraction_periodicity(&[2], 5, 5).unwrap();
        assert_eq!((p, examined), (None, 5));
        // The report names the two windows.
        let text = subtraction_periodicity(&[1, 3, 4], 0, 100)
            .unwrap()
            .1
            .unwrap()
            .to_string();
        assert!(
            text.starts_with("period 7, pre-period 0 (proven: G("),
            "{text}"
        );
    }

    #[test]
    fn octal_digit_errors() {
        assert_eq!(
            octal_sequence(&[0, 8], 3),
            Err(HeapRuleError::BadOctalDigit(8))
        );
        assert_eq!(
            octal_sequence(&[1, 7], 3),
            Err(HeapRuleError::LoopyOctalDigit(1))
        );
        // 4.0: split a heap into two non-empty heaps, nothing removed. Heaps 0, 1 are terminal;
        // 2 → (1,1) = 0, so G(2) = 1; 3 → (1,2) = 1, so G(3) = 0.
        assert_eq!(octal_sequence(&[4], 4).unwrap(), [0, 0, 1, 0]);
    }

    #[test]
    fn octal_certificate_needs_its_bound() {
        // S = {2} is the octal game 0.03 (t = 2): 0 0 1 1 repeating, period 4 from 0; the
        // certificate needs 2·0 + 2·4 + 2 = 10 values.
        let g = octal_sequence(&[0, 0, 3], 10).unwrap();
        let p = octal_periodicity(&g, 2).unwrap();
        assert_eq!((p.period, p.preperiod), (4, 0));
        assert_eq!(p.proof, Proof::OctalTheorem { code_length: 2 });
        assert_eq!(octal_periodicity(&g[..9], 2), None);
        // 5 9 then 0 1 0 1 ... (t = 0): pre-period 2, period 2, needing 2·2 + 2·2 = 8 values.
        let mut v = vec![5, 9];
        v.extend([0, 1].repeat(3));
        let p = octal_periodicity(&v, 0).unwrap();
        assert_eq!((p.period, p.preperiod), (2, 2));
        assert_eq!(octal_periodicity(&v[..7], 0), None);
        // Twelve values of period 3 at the end of a long non-periodic run prove nothing.
        let mut v: Vec<u32> = (0..1000).map(|n| n % 7 + n % 11).collect();
        v.extend([1, 2, 3].repeat(4));
        assert_eq!(octal_periodicity(&v, 2), None);
        assert_eq!(octal_periodicity(&[1, 2], 0), None);
    }

    #[test]
    fn slider_table_matches_direct_mex() {
        // Every combination of slides, with and without steps, on a rectangle and on a square
        // (where symmetric rules take the mirrored path), against a mex over the explicitly
        // listed options.
        for (mask, (w, h)) in (0..8u8).flat_map(|m| [(m, (13, 9)), (m, (11, 11))]) {
            let slides = Slides {
                row: mask & 1 != 0,
                column: mask & 2 != 0,
                diagonal: mask & 4 != 0,
            };
            for steps in [
                vec![],
                vec![(1, 1)],
                vec![(2, 1), (1, 2), (0, 3)],
                vec![(2, 1), (1, 2)],
            ] {
                let g = slider_table(w, h, slides, &steps);
                for y in 0..h {
                    for x in 0..w {
                        let mut opts = Vec::new();
                        for t in 1..=x.max(y) {
                            if slides.row && t <= x {
                                opts.push(g[y * w + x - t]);
                            }
                            if slides.column && t <= y {
                                opts.push(g[(y - t) * w + x]);
                            }
                            if slides.diagonal && t <= x && t <= y {
                                opts.push(g[(y - t) * w + x - t]);
                            }
                        }
                        for &(dx, dy) in &steps {
                            if dx <= x && dy <= y {
                                opts.push(g[(y - dy) * w + x - dx]);
                            }
                        }
                        assert_eq!(
                            g[y * w + x],
                            brute_mex(&opts),
                            "{slides:?} {steps:?} ({x},{y})"
                        );
                    }
                }
            }
        }
    }
}
