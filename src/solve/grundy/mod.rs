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
//!
//! Each job has its file: `bitset`, `subtraction`, `octal` (with Grundy's game), `periodicity`
//! (the proofs), `window` (the repeated window behind a subtraction game's proof) and `slider`.

mod bitset;
mod octal;
mod periodicity;
mod slider;
mod subtraction;
mod window;

pub use bitset::Bitset;
pub use octal::{grundy_game_sequence, octal_sequence};
pub use periodicity::{octal_periodicity, Periodicity, Proof};
pub use slider::{slider_table, Slides};
pub use subtraction::{subtraction_periodicity, subtraction_sequence};

use std::fmt;

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

#[cfg(test)]
mod tests {
    use super::bitset::first_zero;
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
