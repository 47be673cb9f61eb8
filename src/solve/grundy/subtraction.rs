//! Subtraction games: the Grundy values of a finite subtraction set, computed until a window
//! of `max(S)` values repeats, which proves the period (WW ch. 4; CGT ch. IV).

use super::bitset::Bitset;
use super::periodicity::{Periodicity, Proof};
use super::window::{extend_until_repeat, WindowRepeat};
use super::HeapRuleError;

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
