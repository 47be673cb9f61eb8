//! The impartial fast path: Grundy values as plain integers, never canonical forms.
//!
//! By the Sprague–Grundy theorem (Siegel, CGT Thm IV.1.1; *Winning Ways* ch. 3) an impartial
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
//! - [`periodicity`]: the least period, pre-period and saltus of a sequence, certified for octal
//!   games by the Octal Periodicity Theorem of Guy and Smith;
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

/// The first `len` Grundy values `G(0), G(1), ...` of the subtraction game with subtraction set
/// `set`: a move takes `s ∈ set` tokens from a heap of at least `s`.
///
/// Values never exceed `set.len()` (a position has at most that many options), so the mex is a
/// single machine word when the set has fewer than 64 elements.
///
/// ```
/// use partizan::solve::grundy::subtraction_sequence;
/// // S = {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Winning Ways ch. 4).
/// assert_eq!(subtraction_sequence(&[1, 3, 4], 9).unwrap(), [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
pub fn subtraction_sequence(set: &[usize], len: usize) -> Result<Vec<u32>, HeapRuleError> {
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
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let top = *s.last().expect("non-empty");
    if s.len() < 64 {
        // Below the largest move, only some moves apply.
        for n in 0..len.min(top) {
            let mut seen = 0u64;
            for &k in s.iter().take_while(|&&k| k <= n) {
                seen |= 1 << g[n - k];
            }
            g.push(seen.trailing_ones());
        }
        if s == [1, 2, 3] && len > 3 {
            // The peer benchmark's set: the last three values stay in registers, so each value
            // costs a short dependency chain and no reload of what was just stored.
            let (mut a, mut b, mut c) = (g[0], g[1], g[2]);
            for _ in top..len {
                let next = ((1u64 << a) | (1u64 << b) | (1u64 << c)).trailing_ones();
                g.push(next);
                (a, b, c) = (b, c, next);
            }
        } else {
            for n in top..len {
                let mut seen = 0u64;
                for &k in &s {
                    seen |= 1 << g[n - k];
                }
                g.push(seen.trailing_ones());
            }
        }
    } else {
        let mut seen = Bitset::with_capacity(s.len() + 1);
        for n in 0..len {
            seen.clear();
            for &k in s.iter().take_while(|&&k| k <= n) {
                seen.insert(g[n - k] as usize);
            }
            g.push(seen.mex() as u32);
        }
    }
    Ok(g)
}

/// The first `len` Grundy values of the octal game with digits `digits` (`digits[k]` for
/// taking `k` tokens; `digits[0]` is the digit before the point).
///
/// A digit `d_k` is the sum of: 1 if a player may take `k` tokens when that empties the heap; 2
/// if he may take `k` from a larger heap leaving one heap; 4 if he may take `k` and split the
/// rest into two non-empty heaps (*Winning Ways* ch. 4, "Octal games"; Siegel, CGT §IV.2). So
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
/// heaps of different sizes (*Winning Ways* ch. 4; OEIS A002188).
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
    }
    g
}

/// The eventual (arithmetic) periodicity of a sequence: `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least `n0` from which the pattern holds.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// The constant added per period (0 for plain periodicity).
    pub saltus: i64,
    /// Whether a theorem guarantees the pattern forever (the Octal Periodicity Theorem), rather
    /// than only on the computed values.
    pub proven: bool,
}

impl fmt::Display for Periodicity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "period {}, pre-period {}", self.period, self.preperiod)?;
        if self.saltus != 0 {
            write!(f, ", saltus {}", self.saltus)?;
        }
        if self.proven {
            write!(f, " (proven by the octal periodicity theorem)")
        } else {
            write!(f, " (apparent on the computed values, not proven)")
        }
    }
}

/// The least period of `values` and its pre-period.
///
/// `code_length` is the length `t` of an octal game's code (the index of its last non-zero
/// digit), when the values are an octal game's. Then the **Octal Periodicity Theorem** (Guy and
/// Smith 1956; *Winning Ways* ch. 4, "The Periodicity Theorem"; Siegel, CGT ch. IV, the Octal Periodicity Theorem) certifies
/// the period: if `G(n + p) = G(n)` for all `n0 <= n < 2·n0 + p + t`, then for all `n >= n0`.
/// The least `p` whose certificate lies inside the computed values is the least period of the
/// whole infinite sequence, with its least pre-period.
///
/// Without a certificate, the least `(p, n0)` (allowing a saltus, as in the arithmetic
/// periodicity of *Winning Ways* ch. 4) that the values show at least three times over is
/// reported with `proven: false`; `None` when there is none.
///
/// ```
/// use partizan::solve::grundy::{periodicity, subtraction_sequence};
/// let g = subtraction_sequence(&[1, 3, 4], 40).unwrap();
/// let p = periodicity(&g, Some(4)).unwrap();
/// assert_eq!((p.period, p.preperiod, p.proven), (7, 0, true));
/// ```
pub fn periodicity(values: &[u32], code_length: Option<usize>) -> Option<Periodicity> {
    let len = values.len();
    let mut apparent: Option<Periodicity> = None;
    for p in 1..=len / 2 {
        // Plain periodicity, then (when that fails near the end) arithmetic periodicity.
        let saltus = values[len - 1] as i64 - values[len - 1 - p] as i64;
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] as i64 == values[n0 - 1] as i64 + saltus {
            n0 -= 1;
        }
        if saltus == 0 {
            if let Some(t) = code_length {
                // Need G(n + p) = G(n) for n < 2·n0 + p + t, i.e. values up to 2·n0 + 2p + t − 1.
                if 2 * n0 + 2 * p + t <= len {
                    return Some(Periodicity {
                        preperiod: n0,
                        period: p,
                        saltus,
                        proven: true,
                    });
                }
            }
        }
        if apparent.is_none() && len - n0 >= 3 * p {
            apparent = Some(Periodicity {
                preperiod: n0,
                period: p,
                saltus,
                proven: false,
            });
        }
    }
    apparent
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
        for set in [
            vec![1, 2, 3],
            vec![2, 5, 7],
            vec![3],
            (1..=70).collect::<Vec<_>>(),
        ] {
            let g = subtraction_sequence(&set, 300).unwrap();
            for n in 0..300 {
                let opts: Vec<u32> = set.iter().filter(|&&k| k <= n).map(|&k| g[n - k]).collect();
                assert_eq!(g[n], brute_mex(&opts), "S = {set:?}, n = {n}");
            }
        }
        assert!(subtraction_sequence(&[], 3).is_err());
        assert!(subtraction_sequence(&[0, 1], 3).is_err());
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
    fn periodicity_of_simple_sequences() {
        // S = {2}: 0 0 1 1 0 0 1 1 ..., period 4 from 0; the code 0.03 has length 2.
        let g = subtraction_sequence(&[2], 10).unwrap();
        let p = periodicity(&g, Some(2)).unwrap();
        assert_eq!((p.period, p.preperiod, p.saltus, p.proven), (4, 0, 0, true));
        // Too short for the certificate (needs 2·0 + 2·4 + 2 = 10 values): apparent only.
        assert!(periodicity(&g[..9], Some(2)).is_none_or(|p| !p.proven));
        // An arithmetic progression 0 1 2 ...: period 1, saltus 1.
        let nat: Vec<u32> = (0..20).collect();
        let p = periodicity(&nat, None).unwrap();
        assert_eq!(
            (p.period, p.preperiod, p.saltus, p.proven),
            (1, 0, 1, false)
        );
        // 5 9 then 0 1 0 1 ...: pre-period 2.
        let mut v = vec![5, 9];
        v.extend([0, 1].repeat(10));
        let p = periodicity(&v, None).unwrap();
        assert_eq!((p.period, p.preperiod), (2, 2));
        assert_eq!(periodicity(&[1, 2], None), None);
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
