//! Periodicity of a heap game's Grundy values, watched while the values stream in.
//!
//! A sequence is *arithmetic-periodic* with period `p`, pre-period `n0` and saltus `s` when
//! `G(n + p) = G(n) + s` for every `n >= n0`; *periodic* is the case `s = 0` (WW
//! ch. 4, "Arithmetic periodicity"; CGT ch. IV). Equivalently the
//! differences `G(n + 1) − G(n)` are periodic with period `p` from `n0` on, which is how
//! candidates are found here (as CGSuite's checker does): one backward pass of the
//! Knuth–Morris–Pratt failure function over the differences gives the least period of every
//! suffix of the computed values.
//!
//! **What is proven.** Only the case `s = 0` of an octal game, by the *Octal Periodicity
//! Theorem* (Guy and Smith 1956; WW ch. 4; CGT ch. IV): for a code of
//! length `t`, if `G(n + p) = G(n)` for `n0 <= n < 2·n0 + p + t` then for every `n >= n0`. A
//! candidate is verified value by value as the values arrive (one comparison each), and the
//! proof is complete the moment `2·n0 + 2p + t` values are known; then `p` is reduced to the
//! least period (a divisor of `p` under which one period of values is invariant) and `n0` to the
//! least pre-period. A candidate with saltus `s ≠ 0` is only reported as an observation: finite
//! octal games are never arithmetic-periodic with `s ≠ 0` (Horrocks and Nowakowski,
//! "Regularity in the G-sequences of octal games with a pass", *Integers* 3 (2003) G1), and the
//! arithmetic-periodicity theorems of hexadecimal games (Howse and Nowakowski, *Theoret. Comput.
//! Sci.* 313 (2004)) concern splits into three or more heaps, which the engine does not compute.

use super::cell::Cell;
use super::grundy::{Periodicity, Proof};

/// How many trailing values the candidate search examines (its failure-function array takes
/// four bytes a value): periods up to half of this are found. The pre-period is not limited: it
/// is found by walking back over all the values.
const SEARCH_WINDOW: usize = 1 << 24;

/// A pattern `G(n + period) = G(n) + saltus` that holds for every computed `n >= preperiod`
/// (with `n + period` computed), not yet proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The period `p`.
    pub period: usize,
    /// The least `n0` from which the pattern holds on the computed values.
    pub preperiod: usize,
    /// The saltus `s`: `G(n + p) − G(n)`.
    pub saltus: i64,
    /// How many values the pattern has been checked on.
    pub checked: usize,
}

impl Candidate {
    /// The number of values `2·n0 + 2p + t` that proves the pattern by the Octal Periodicity
    /// Theorem (only meaningful for saltus 0).
    pub fn certificate_len(&self, code_length: usize) -> usize {
        2 * self.preperiod + 2 * self.period + code_length
    }
}

/// Watches a stream of Grundy values for (arithmetic) periodicity; see the module docs.
#[derive(Clone, Debug)]
pub struct PeriodWatch {
    /// The code length `t` of the Octal Periodicity Theorem; `None` where no theorem applies
    /// (Grundy's game): then nothing is searched.
    code_length: Option<usize>,
    candidate: Option<Candidate>,
    /// When the next candidate search runs (a number of values).
    next_search: usize,
    proven: Option<Periodicity>,
}

impl PeriodWatch {
    /// A watch for an octal game of code length `t` (`Some(t)`), or for a game without a
    /// periodicity theorem (`None`).
    pub fn new(code_length: Option<usize>) -> PeriodWatch {
        PeriodWatch {
            code_length,
            candidate: None,
            next_search: 8,
            proven: None,
        }
    }

    /// The proven period, once proven.
    pub fn proven(&self) -> Option<Periodicity> {
        self.proven
    }

    /// The pattern being verified, if any (once proven: the proof's pattern).
    pub fn candidate(&self) -> Option<Candidate> {
        self.candidate
    }

    /// The number of values at which the current candidate's proof would be complete: the
    /// engine ends its block of work there, so that the proof needs no more values than the
    /// theorem asks for.
    pub fn wanted(&self) -> Option<usize> {
        match (self.proven, self.candidate, self.code_length) {
            (None, Some(c), Some(t)) if c.saltus == 0 => Some(c.certificate_len(t)),
            _ => None,
        }
    }

    /// Takes note of the values `g` (all values so far; those past the last call are new):
    /// verifies the candidate on them, searches for a new one now and then, and completes the
    /// proof when enough values are known.
    pub fn feed<T: Cell>(&mut self, g: &[T]) {
        let Some(t) = self.code_length else { return };
        if self.proven.is_some() {
            return;
        }
        let len = g.len();
        if let Some(c) = &mut self.candidate {
            let p = c.period;
            let from = c.checked.max(p);
            let broken = if c.saltus == 0 {
                // A plain period: one slice comparison (memcmp for byte values).
                from < len && g[from..len] != g[from - p..len - p]
            } else {
                (from..len).any(|n| diff(g, n, p) != c.saltus)
            };
            if broken {
                self.candidate = None;
            } else {
                c.checked = len;
            }
        }
        if self.candidate.is_none() && len >= self.next_search {
            self.candidate = search(g);
            // Searches cost O(len): geometric spacing keeps their total linear.
            self.next_search = len + (len / 8).max(8);
        }
        if let Some(c) = self.candidate {
            if c.saltus == 0 && c.certificate_len(t) <= len {
                let c = least(g, c);
                self.candidate = Some(c);
                self.proven = Some(Periodicity {
                    preperiod: c.preperiod,
                    period: c.period,
                    proof: Proof::OctalTheorem { code_length: t },
                });
            }
        }
    }
}

/// `G(n) − G(n − p)`.
#[inline]
fn diff<T: Cell>(g: &[T], n: usize, p: usize) -> i64 {
    g[n].get() as i64 - g[n - p].get() as i64
}

/// The least `n0` such that `G(n + p) − G(n) = s` for every `n0 <= n < len − p`.
fn walk_back<T: Cell>(g: &[T], p: usize, s: i64) -> usize {
    let mut n0 = g.len() - p;
    while n0 > 0 && diff(g, n0 - 1 + p, p) == s {
        n0 -= 1;
    }
    n0
}

/// A candidate pattern for the computed values: the least arithmetic period of the longest
/// suffix (within [`SEARCH_WINDOW`]) that holds at least two periods, with its least
/// pre-period over all the values.
fn search<T: Cell>(g: &[T]) -> Option<Candidate> {
    let len = g.len();
    if len < 4 {
        return None;
    }
    // The differences d(i) = G(i + 1) − G(i) (wrapping: equal differences are equal wrapped),
    // read backwards: r[j] = d(len − 2 − j), over the last `m` of them.
    let m = (len - 1).min(SEARCH_WINDOW);
    let r = |j: usize| g[len - 1 - j].get().wrapping_sub(g[len - 2 - j].get());
    // fail[j]: the length of the longest proper border of r[0..=j]. The suffix of G whose
    // differences are r[0..l] has least (arithmetic) period l − fail[l − 1].
    let mut fail: Vec<u32> = vec![0; m];
    for j in 1..m {
        let mut k = fail[j - 1] as usize;
        let rj = r(j);
        while k > 0 && r(k) != rj {
            k = fail[k - 1] as usize;
        }
        if r(k) == rj {
            k += 1;
        }
        fail[j] = k as u32;
    }
    let l = (1..=m)
        .rev()
        .find(|&l| 2 * (l - fail[l - 1] as usize) <= l)?;
    let period = l - fail[l - 1] as usize;
    let saltus = diff(g, len - 1, period);
    Some(Candidate {
        period,
        preperiod: walk_back(g, period, saltus),
        saltus,
        checked: len,
    })
}

/// The least period and pre-period of a proven periodic candidate: the least divisor `d` of
/// `p` under which one period of values `G(n0..n0 + p)` is invariant is the least period of the
/// infinite sequence, and the walk back gives its least pre-period.
fn least<T: Cell>(g: &[T], c: Candidate) -> Candidate {
    let (p, n0) = (c.period, c.preperiod);
    let d = (1..p)
        .filter(|d| p % d == 0)
        .find(|&d| (n0..n0 + p).all(|n| g[n + d].get() == g[n].get()))
        .unwrap_or(p);
    Candidate {
        period: d,
        preperiod: walk_back(g, d, 0),
        ..c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_proves_a_period_only_at_its_bound() {
        // 7 5 then 1 2 3 repeating, t = 1: pre-period 2, period 3, proof at 2·2 + 6 + 1 = 11.
        let mut g: Vec<u32> = vec![7, 5];
        g.extend([1, 2, 3].repeat(10));
        let mut w = PeriodWatch::new(Some(1));
        for len in 1..=g.len() {
            w.feed(&g[..len]);
            if len < 11 {
                assert_eq!(w.proven(), None, "len {len}");
            }
        }
        let p = w.proven().expect("proven");
        assert_eq!((p.period, p.preperiod), (3, 2));
        assert_eq!(w.wanted(), None);
        // Once a candidate is seen, the watch asks for exactly the values of its proof.
        let mut w = PeriodWatch::new(Some(1));
        w.feed(&g[..8]);
        w.feed(&g[..9]);
        if let Some(wanted) = w.wanted() {
            assert_eq!(wanted, 11);
        }
    }

    #[test]
    fn a_broken_pattern_is_dropped() {
        // Period 2 for a while, then a change: no proof of period 2.
        let mut g: Vec<u32> = [1, 2].repeat(20);
        g.push(9);
        g.extend([1, 2].repeat(3));
        let mut w = PeriodWatch::new(Some(0));
        w.feed(&g[..40]);
        assert_eq!(w.proven().map(|p| p.period), Some(2));
        let mut w = PeriodWatch::new(Some(100));
        for len in 1..=g.len() {
            w.feed(&g[..len]);
        }
        // Bound 2·n0 + 4 + 100 is never reached, and the pattern from before the 9 is gone.
        assert_eq!(w.proven(), None);
        assert!(w.candidate().is_none_or(|c| c.preperiod >= 40));
    }

    #[test]
    fn saltus_is_observed_not_proven() {
        // G(n) = n: arithmetic-periodic with period 1, saltus 1, from 0.
        let g: Vec<u32> = (0..100).collect();
        let mut w = PeriodWatch::new(Some(0));
        w.feed(&g);
        let c = w.candidate().expect("a pattern");
        assert_eq!((c.period, c.preperiod, c.saltus), (1, 0, 1));
        assert_eq!(w.proven(), None);
    }

    #[test]
    fn least_period_is_reported() {
        // Period 4 (1 1 2 2) also fits 8, 12, ...: the proof reports 4, pre-period 1.
        let mut g: Vec<u32> = vec![0];
        g.extend([1, 1, 2, 2].repeat(8));
        let c = Candidate {
            period: 8,
            preperiod: 1,
            saltus: 0,
            checked: g.len(),
        };
        let c = least(&g, c);
        assert_eq!((c.period, c.preperiod), (4, 1));
    }
}
