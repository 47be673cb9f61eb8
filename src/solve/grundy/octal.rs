//! Take-and-break games given by their octal digits, and Grundy's game: Grundy values of
//! heaps that a move may split in two (WW ch. 4; CGT §IV.2).

use super::bitset::Bitset;
use super::{record_progress, HeapRuleError};

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
