//! Take-and-break games given by a code: octal and hexadecimal codes and CGSuite's extended
//! codes (`4!.0` for Grundy's game, `0.[3]` for Nim, `&20;`, `*`, `{2,3}`, additive digits).
//!
//! **Rules** (WW ch. 4, "Octal games"; CGT ch. IV;
//! hexadecimal codes as in S. Howse and R. J. Nowakowski, "Periodicity and arithmetic-periodicity
//! in hexadecimal games", *Theoret. Comput. Sci.* 313 (2004)). Heaps of tokens. A code `d0.d1d2d3…`
//! gives the moves: bit `j` of digit `dk` (`dk & 2^j ≠ 0`) allows taking `k` tokens from a heap and
//! leaving the rest as exactly `j` non-empty heaps. Octal digits (0–7) leave at most two heaps,
//! hexadecimal digits (0–F) at most three: in `0.F` a move takes one token and leaves the rest as
//! zero, one, two or three heaps. Normal play.
//!
//! **CGSuite's extended codes** (CGSuite 2.x, `game.heap.TakeAndBreak`; the syntax is that of
//! its code parser, `TBCode2`, and of its tutorial "Impartial Games"):
//! - digits `0`–`9`, `A`–`V` (values 0–31, either case; bit 4 is four heaps), and `&N;` for a
//!   digit of any decimal value `N` (bits up to 63);
//! - a *constraint* after a digit applies to the heaps it leaves: `!` pairwise unequal (Grundy's
//!   game is `4!.0`: split a heap into two unequal heaps), `?` not all equal, `=` all equal;
//! - `*` (optionally with a constraint) leaves any number of heaps, and `{2,3}` exactly the listed
//!   numbers of heaps (each entry may carry its own constraint, `{2!,3}`; a trailing `+`, as in
//!   `{2+}`, allows any number from the last entry on; a constraint after `}` applies to all);
//! - a final block in brackets repeats for ever: `0.[3]` takes any number of tokens (Nim), and
//!   `0.30[3]` any number but 2 (an all-but subtraction game, [`crate::rulesets::all_but`]);
//! - digits before the last digit left of the point *add* tokens: in `84.07` a move may also add
//!   one token and leave three heaps. A digit that adds `k` tokens (the last one before the
//!   point: `k = 0`) must leave at least `k + 2` heaps, each then smaller than the heap moved
//!   in, or the game would not end; such codes are refused.
//!
//! Constraints concern splits into two or more heaps; for zero or one heap they are vacuous.
//! (CGSuite's `TBCode2` reads `?` on a digit that also leaves one heap as forbidding a single
//! heap of one token; this reading does not.) A code must contain the point; the part before it
//! may be empty (`.07` is `0.07`).
//!
//! **Input.** `take_and_break("0.F", 20)`: the value of a heap of 20. `partizan grundy
//! take_and_break 4!.0 --to 50` prints the sequence and, where a theorem proves one, the period.
//!
//! **Periodicity.** The Octal Periodicity Theorem (Guy and Smith 1956; WW ch. 4)
//! holds with the same proof for any finite code without constraints whose moves leave at most
//! `h` heaps, with the bound `h·n0 + (h − 1)·p + t` in place of `2·n0 + p + t`: in the induction
//! step, the largest of the `h` heaps left by a move from `n + p` has at least
//! `(n + p − t)/h >= n0 + p` tokens, so it may be replaced by one `p` smaller (and the heaps
//! left by a move from `n` have a largest one of at least `n0` tokens, to be made `p` larger).
//! Unlike octal games, hexadecimal games need not be periodic at all: Howse and Nowakowski show
//! arithmetic-periodic ones. `0.8` begins `0 0 0 0 1 1 1 2 2 2 …`, and no period is claimed
//! for it. See [`take_and_break_periodicity`]. Constraints (`!`, `?`, `=`), `*`, repeating blocks
//! and additive digits void the argument; no period is claimed for them.
//!
//! **Checked against** (tests/impartial_rulesets.rs): a brute-force search of the game graph of
//! heap lists, written in the test from the rules alone, for octal and hexadecimal codes and
//! constrained ones; Grundy's game `4!.0` against OEIS A002188; Kayles `0.77` against OEIS
//! A002186; `0.[3]` against Nim; `0.30[3]` against the all-but game `{2}`; every octal code
//! against [`crate::rulesets::octal::OctalGame`].

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, HeapCode, SequenceSpec};
use crate::rulesets::octal::MAX_SPLIT_HEAP;
use crate::rulesets::positions::write_sum;
use crate::rulesets::family::SequenceReport;
use crate::rulesets::subtraction::checked_len;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{Bitset, Periodicity, Proof};
use crate::solve::position::{of_ruleset, Rules};
use crate::solve::{AsPartizan, ImpartialRuleset, Position};
use crate::Error;
use std::sync::Arc;

/// A condition on the sizes of the heaps a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// Any sizes.
    Unconstrained,
    /// Not all equal (`?`).
    SomeUnequal,
    /// Pairwise unequal (`!`).
    PairwiseUnequal,
    /// All equal (`=`).
    AllEqual,
}

/// A code digit: which numbers of heaps a move may leave, each with its constraint.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Digit {
    /// `counts[j]`: leaving exactly `j` heaps, allowed with that constraint.
    counts: Vec<Option<Constraint>>,
    /// Any number of heaps from `counts.len() − 1` on is allowed, with the last constraint.
    more: bool,
}

impl Digit {
    /// The digit of value `bits` (bit `j`: leave `j` heaps), every count with `constraint`.
    pub fn from_bits(bits: u64, constraint: Constraint) -> Digit {
        let len = 64 - bits.leading_zeros() as usize;
        Digit {
            counts: (0..len)
                .map(|j| (bits >> j & 1 == 1).then_some(constraint))
                .collect(),
            more: false,
        }
    }

    /// The constraint with which leaving `j` heaps is allowed, if it is.
    pub fn allows(&self, j: usize) -> Option<Constraint> {
        match self.counts.get(j) {
            Some(c) => *c,
            None if self.more => self.counts.last().copied().flatten(),
            None => None,
        }
    }

    /// The most heaps a move may leave (`None`: no limit).
    pub fn max_heaps(&self) -> Option<usize> {
        if self.more {
            None
        } else {
            Some(self.counts.len().saturating_sub(1))
        }
    }

    /// Whether no move is allowed.
    pub fn is_zero(&self) -> bool {
        self.counts.iter().all(Option::is_none)
    }

    /// The fewest heaps a move may leave, among at least `from`.
    fn min_count_from(&self, from: usize) -> Option<usize> {
        (from..self.counts.len().max(from + 1)).find(|&j| self.allows(j).is_some())
    }

    fn unconstrained(&self) -> bool {
        self.counts
            .iter()
            .enumerate()
            .all(|(j, c)| j < 2 || matches!(c, None | Some(Constraint::Unconstrained)))
    }
}

/// A take-and-break game given by a code; a position is a list of heap sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAndBreak {
    code: String,
    /// `additive[k − 1]`: adding `k` tokens.
    additive: Vec<Digit>,
    /// `digits[k]`: taking `k` tokens (`digits[0]`: taking none).
    digits: Vec<Digit>,
    /// The last `period` digits repeat for ever (0: the code is finite).
    period: usize,
}

/// The most partitions the value computation examines before giving up.
pub const MAX_MOVES: u64 = 300_000_000;

const BASE32: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

impl TakeAndBreak {
    /// Parses a code (see the module documentation); an error names the column at fault.
    ///
    /// ```
    /// use partizan::rulesets::take_and_break::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::parse("4!.0").unwrap().grundy_sequence(8).unwrap(),
    ///            [0, 0, 0, 1, 0, 2, 1, 0]); // Grundy's game, OEIS A002188
    /// let e = TakeAndBreak::parse("0.7W").unwrap_err().to_string();
    /// assert!(e.contains("column 4"), "{e}");
    /// ```
    pub fn parse(code: &str) -> Result<TakeAndBreak, Error> {
        Parser::new(code).parse()
    }

    /// The code as given.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The digit for taking `k` tokens (negative: adding `−k`).
    pub fn digit(&self, k: isize) -> Option<&Digit> {
        if k < 0 {
            return self.additive.get(k.unsigned_abs() - 1);
        }
        let k = k as usize;
        if k < self.digits.len() {
            Some(&self.digits[k])
        } else if self.period > 0 {
            let pre = self.digits.len() - self.period;
            Some(&self.digits[pre + (k - pre) % self.period])
        } else {
            None
        }
    }

    /// Whether the code is finite, unconstrained and purely subtractive, with a bound on the
    /// heaps a move leaves: then the periodicity theorem applies, with `(heaps, t)`.
    pub fn periodicity_parameters(&self) -> Option<(usize, usize)> {
        if self.period > 0 || !self.additive.is_empty() {
            return None;
        }
        let mut heaps = 0;
        for d in &self.digits {
            if !d.unconstrained() {
                return None;
            }
            heaps = heaps.max(d.max_heaps()?);
        }
        Some((heaps, self.digits.len() - 1))
    }

    /// `G(0), ..., G(len − 1)` for one heap, or an error when more than [`MAX_MOVES`] splits
    /// would have to be examined.
    pub fn grundy_sequence(&self, len: usize) -> Result<Vec<u32>, Error> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        let mut seen = Bitset::new();
        let mut budget = MAX_MOVES;
        for n in 0..len {
            seen.clear();
            let first = -(self.additive.len() as isize);
            let last = if self.period > 0 {
                n as isize
            } else {
                (self.digits.len() - 1).min(n) as isize
            };
            for k in first..=last {
                let Some(digit) = self.digit(k) else { continue };
                let rest = (n as isize - k) as usize;
                if n == 0 {
                    continue;
                }
                let max_j = digit.max_heaps().unwrap_or(rest).min(rest);
                for j in 0..=max_j {
                    let Some(c) = digit.allows(j) else { continue };
                    splits(&g, rest, j, c, &mut |x| {
                        if budget == 0 {
                            return Err(Error::input(format!(
                                "more than {MAX_MOVES} moves from heaps 0 to {n}: too many to examine"
                            )));
                        }
                        budget -= 1;
                        seen.insert(x as usize);
                        Ok(())
                    })?;
                }
            }
            g.push(seen.mex() as u32);
        }
        Ok(g)
    }
}

/// Calls `f` with `G(a1) ⊕ … ⊕ G(aj)` for every way to leave `rest` tokens as `j` non-empty
/// heaps `a1 <= … <= aj` under constraint `c` (all sizes below the heap moved in, so their
/// values are in `g`).
fn splits(
    g: &[u32],
    rest: usize,
    j: usize,
    c: Constraint,
    f: &mut impl FnMut(u32) -> Result<(), Error>,
) -> Result<(), Error> {
    match j {
        0 => {
            if rest == 0 {
                f(0)?;
            }
            Ok(())
        }
        1 => {
            if rest >= 1 {
                f(g[rest])?;
            }
            Ok(())
        }
        _ if c == Constraint::AllEqual => {
            if rest.is_multiple_of(j) && rest >= j {
                f(if j % 2 == 1 { g[rest / j] } else { 0 })?;
            }
            Ok(())
        }
        2 => {
            let unequal = c != Constraint::Unconstrained;
            for a in 1..=rest / 2 {
                if unequal && 2 * a == rest {
                    continue;
                }
                f(g[a] ^ g[rest - a])?;
            }
            Ok(())
        }
        _ => partitions(rest, j, c == Constraint::PairwiseUnequal, |parts| {
            if c == Constraint::SomeUnequal && parts[0] == parts[j - 1] {
                return Ok(());
            }
            f(parts.iter().fold(0, |x, &a| x ^ g[a]))
        }),
    }
}

/// Calls `f` with every partition of `total` into `j >= 1` positive parts, non-decreasing
/// (strictly increasing when `distinct`), iteratively.
fn partitions(
    total: usize,
    j: usize,
    distinct: bool,
    mut f: impl FnMut(&[usize]) -> Result<(), Error>,
) -> Result<(), Error> {
    // The least sum of parts p[i..j] when p[i] = v.
    let least = |v: usize, count: usize| {
        if distinct {
            v * count + count * count.saturating_sub(1) / 2
        } else {
            v * count
        }
    };
    if least(1, j) > total {
        return Ok(());
    }
    // Fills p[i..j] from value v (the prefix sums to `prefix`), the last part taking the rest.
    let fill = |p: &mut Vec<usize>, i: usize, v: usize, prefix: usize| {
        let mut s = prefix;
        for (t, slot) in p[i..j - 1].iter_mut().enumerate() {
            *slot = if distinct { v + t } else { v };
            s += *slot;
        }
        p[j - 1] = total - s;
    };
    let mut p = vec![0; j];
    fill(&mut p, 0, 1, 0);
    loop {
        f(&p)?;
        // The rightmost part but the last that can grow by one.
        let mut prefix: usize = p[..j - 1].iter().sum();
        let mut advanced = false;
        for i in (0..j - 1).rev() {
            prefix -= p[i];
            let v = p[i] + 1;
            if prefix + least(v, j - i) <= total {
                fill(&mut p, i, v, prefix);
                advanced = true;
                break;
            }
        }
        if !advanced {
            return Ok(());
        }
    }
}

/// The least period and pre-period that the **periodicity theorem for take-and-break codes
/// leaving at most `heaps` heaps** proves from `values = G(0..len)`, if any: `G(n + p) = G(n)`
/// for `n0 <= n < heaps·n0 + (heaps − 1)·p + t` (needing `heaps·n0 + heaps·p + t` values)
/// implies it for all `n >= n0`. For `heaps <= 2` this is the Octal Periodicity Theorem of Guy
/// and Smith, and the proof is reported as [`Proof::OctalTheorem`].
///
/// ```
/// use partizan::rulesets::take_and_break::{take_and_break_periodicity, TakeAndBreak};
/// // Kayles, 0.77: period 12 from 71 on (OEIS A002186).
/// let g = TakeAndBreak::parse("0.77").unwrap().grundy_sequence(200).unwrap();
/// let p = take_and_break_periodicity(&g, 2, 2).unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// ```
pub fn take_and_break_periodicity(
    values: &[u32],
    heaps: usize,
    code_length: usize,
) -> Option<Periodicity> {
    let h = heaps.max(2);
    let len = values.len();
    let mut p = 1;
    while h * p + code_length <= len {
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        if h * n0 + h * p + code_length <= len {
            let proof = if h == 2 {
                Proof::OctalTheorem { code_length }
            } else {
                Proof::TakeAndBreakTheorem {
                    code_length,
                    heaps: h,
                }
            };
            return Some(Periodicity {
                preperiod: n0,
                period: p,
                proof,
            });
        }
        p += 1;
    }
    None
}

/// Reads a code, tracking the column of each character for errors.
struct Parser<'a> {
    code: &'a str,
    chars: Vec<char>,
    i: usize,
}

impl<'a> Parser<'a> {
    fn new(code: &'a str) -> Parser<'a> {
        let code = code.trim();
        Parser {
            code,
            chars: code.chars().collect(),
            i: 0,
        }
    }

    fn error(&self, column: usize, what: impl std::fmt::Display) -> Error {
        Error::input(format!(
            "take-and-break code {:?}, column {}: {what}",
            self.code,
            column + 1
        ))
    }

    fn parse(mut self) -> Result<TakeAndBreak, Error> {
        let mut before: Vec<(Digit, usize)> = Vec::new();
        let mut after: Vec<Digit> = Vec::new();
        let mut seen_point = false;
        let mut period_start: Option<usize> = None;
        let mut closed = false;
        while self.i < self.chars.len() {
            let (c, col) = (self.chars[self.i], self.i);
            if closed {
                return Err(self.error(col, "nothing may follow the ']' that ends the code"));
            }
            match c {
                '.' if seen_point => return Err(self.error(col, "a second point")),
                '.' => {
                    seen_point = true;
                    self.i += 1;
                }
                '[' if !seen_point || period_start.is_some() => {
                    return Err(self.error(col, "'[' may open one repeating block, after the point"))
                }
                '[' => {
                    period_start = Some(after.len());
                    self.i += 1;
                }
                ']' if period_start.is_none() => return Err(self.error(col, "']' without '['")),
                ']' => {
                    if Some(after.len()) == period_start {
                        return Err(self.error(col, "the repeating block is empty"));
                    }
                    closed = true;
                    self.i += 1;
                }
                _ => {
                    let d = self.digit()?;
                    if seen_point {
                        after.push(d);
                    } else {
                        before.push((d, col));
                    }
                }
            }
        }
        let end = self.chars.len();
        if !seen_point {
            return Err(self.error(
                end,
                "the code needs a point, as in 0.77 (Kayles) or 4!.0 (Grundy's game)",
            ));
        }
        if period_start.is_some() && !closed {
            return Err(self.error(end, "'[' without ']'"));
        }
        // The last digit before the point takes no token; those before it add tokens.
        let (d0, d0_col) = before.pop().unwrap_or((Digit::default(), 0));
        let mut additive: Vec<(Digit, usize)> = before;
        additive.reverse();
        // A move must leave only heaps smaller than the one it is made in.
        for (k, (d, col)) in std::iter::once((&d0, &d0_col))
            .chain(additive.iter().map(|(d, c)| (d, c)))
            .enumerate()
        {
            if let Some(j) = d.min_count_from(1).filter(|&j| j < k + 2) {
                let what = if k == 0 {
                    "taking no token".to_string()
                } else {
                    format!("adding {k} token{}", if k == 1 { "" } else { "s" })
                };
                return Err(self.error(
                    *col,
                    format!("{what} and leaving {j} heap{} could leave a heap as large as the one moved in, and the game would not end ({what} must leave at least {} heaps)", if j == 1 { "" } else { "s" }, k + 2),
                ));
            }
        }
        while additive.last().is_some_and(|(d, _)| d.is_zero()) {
            additive.pop();
        }
        let mut digits = vec![d0];
        digits.extend(after);
        let mut period = period_start.map_or(0, |s| digits.len() - 1 - s);
        if period > 0 && digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        Ok(TakeAndBreak {
            code: self.code.to_string(),
            additive: additive.into_iter().map(|(d, _)| d).collect(),
            digits,
            period,
        })
    }

    /// A constraint suffix `!`, `?` or `=`, if present.
    fn constraint(&mut self) -> Option<Constraint> {
        let c = match self.chars.get(self.i) {
            Some('!') => Constraint::PairwiseUnequal,
            Some('?') => Constraint::SomeUnequal,
            Some('=') => Constraint::AllEqual,
            _ => return None,
        };
        self.i += 1;
        Some(c)
    }

    /// One digit with its constraint.
    fn digit(&mut self) -> Result<Digit, Error> {
        let (c, col) = (self.chars[self.i], self.i);
        self.i += 1;
        match c {
            '*' => {
                let k = self.constraint().unwrap_or(Constraint::Unconstrained);
                Ok(Digit {
                    counts: vec![Some(k)],
                    more: true,
                })
            }
            '&' => {
                let end = self.chars[self.i..]
                    .iter()
                    .position(|&c| c == ';')
                    .map(|p| self.i + p)
                    .ok_or_else(|| {
                        self.error(col, "'&' opens a digit N that ';' must close, as in &20;")
                    })?;
                let text: String = self.chars[self.i..end].iter().collect();
                let bits: u64 = text.parse().map_err(|_| {
                    self.error(self.i, format!("{text:?} is not a digit value 0..2^64"))
                })?;
                self.i = end + 1;
                let k = self.constraint().unwrap_or(Constraint::Unconstrained);
                Ok(Digit::from_bits(bits, k))
            }
            '{' => self.list(col),
            _ => {
                let v = BASE32
                    .find(c.to_ascii_uppercase())
                    .filter(|_| c.is_ascii())
                    .ok_or_else(|| {
                        self.error(
                            col,
                            format!("{c:?} is not a code digit (0-9, A-V, &N;, *, {{...}}), a point, '[', ']' or a constraint after a digit (!, ?, =)"),
                        )
                    })?;
                let k = self.constraint().unwrap_or(Constraint::Unconstrained);
                Ok(Digit::from_bits(v as u64, k))
            }
        }
    }

    /// `{a,b!,c+}` with an optional constraint after it (the `{` already read at `col`).
    fn list(&mut self, col: usize) -> Result<Digit, Error> {
        let end = self.chars[self.i..]
            .iter()
            .position(|&c| c == '}')
            .map(|p| self.i + p)
            .ok_or_else(|| self.error(col, "'{' without '}'"))?;
        let inner: String = self.chars[self.i..end].iter().collect();
        let start = self.i;
        self.i = end + 1;
        let global = self.constraint();
        let (more, body) = match inner.strip_suffix('+') {
            Some(b) => (true, b),
            None => (false, inner.as_str()),
        };
        let mut counts: Vec<Option<Constraint>> = Vec::new();
        let mut offset = start;
        for token in body.split(',') {
            let t = token.trim();
            let (num, own) = match t.chars().last() {
                Some('!') => (&t[..t.len() - 1], Some(Constraint::PairwiseUnequal)),
                Some('?') => (&t[..t.len() - 1], Some(Constraint::SomeUnequal)),
                Some('=') => (&t[..t.len() - 1], Some(Constraint::AllEqual)),
                _ => (t, None),
            };
            if own.is_some() && global.is_some() {
                return Err(self.error(
                    offset,
                    "a constraint inside the braces and another after them",
                ));
            }
            let j: usize = num.parse().ok().filter(|&j| j <= 63).ok_or_else(|| {
                self.error(offset, format!("{num:?} is not a number of heaps 0..63"))
            })?;
            if counts.len() <= j {
                counts.resize(j + 1, None);
            }
            counts[j] = Some(own.or(global).unwrap_or(Constraint::Unconstrained));
            offset += token.chars().count() + 1;
        }
        if more && counts.last().is_none_or(Option::is_none) {
            return Err(self.error(col, "'+' needs a number of heaps before it"));
        }
        Ok(Digit { counts, more })
    }
}

/// Replaces heap `i` of `heaps` by `parts`.
fn replace(heaps: &[usize], i: usize, parts: &[usize]) -> Vec<usize> {
    let mut next: Vec<usize> = heaps[..i].to_vec();
    next.extend_from_slice(parts);
    next.extend_from_slice(&heaps[i + 1..]);
    next.retain(|&h| h > 0);
    next.sort_unstable();
    next
}

impl ImpartialRuleset for TakeAndBreak {
    type Position = Vec<usize>;

    /// Every move on every heap (for cross-checks with the [`crate::solve::GrundySolver`]).
    fn options(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            let first = -(self.additive.len() as isize);
            for k in first..=n as isize {
                let Some(digit) = self.digit(k) else { continue };
                let rest = (n as isize - k) as usize;
                for j in 0..=digit.max_heaps().unwrap_or(rest).min(rest) {
                    let Some(c) = digit.allows(j) else { continue };
                    match j {
                        0 if rest == 0 => out.push(replace(heaps, i, &[])),
                        0 => {}
                        1 => out.push(replace(heaps, i, &[rest])),
                        _ => {
                            let _ = partitions(rest, j, c == Constraint::PairwiseUnequal, |p| {
                                let ok = match c {
                                    Constraint::SomeUnequal => p[0] != p[j - 1],
                                    Constraint::AllEqual => p[0] == p[j - 1],
                                    _ => true,
                                };
                                if ok {
                                    out.push(replace(heaps, i, p));
                                }
                                Ok(())
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        heaps.iter().map(|&h| vec![h]).collect()
    }
}

/// How far `grundy take_and_break` computes looking for a proven period: a move that leaves
/// `h` heaps has about `n^(h − 1)` splits, so the cap shrinks as `h` grows.
fn search_cap(heaps: usize) -> usize {
    match heaps {
        0..=2 => 1 << 13,
        3 => 1 << 10,
        _ => 1 << 8,
    }
}

/// `grundy take_and_break CODE`.
fn sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let [code] = args else {
        return Err(Error::input(format!("expected only the code, e.g. 4!.0 or 0.F; got {args:?}")));
    };
    let game = TakeAndBreak::parse(code)?;
    if to > MAX_SPLIT_HEAP {
        return Err(Error::input(format!("--to {to} is too large (at most {MAX_SPLIT_HEAP})")));
    }
    let len = to + 1;
    let mut values = game.grundy_sequence(len)?;
    let mut periodicity = None;
    if let Some((h, t)) = game.periodicity_parameters() {
        // More values than printed may be needed for the certificate: double, up to the cap,
        // and give up quietly when even that is too costly.
        let mut more = values.clone();
        loop {
            periodicity = take_and_break_periodicity(&more, h, t);
            let n = more.len();
            if periodicity.is_some() || n >= search_cap(h) {
                break;
            }
            match game.grundy_sequence((2 * n).clamp(n + 1, search_cap(h))) {
                Ok(v) => more = v,
                Err(_) => break,
            }
        }
        values = more;
    }
    let examined = values.len();
    values.truncate(len);
    Ok(SequenceReport {
        name: format!("take-and-break game {}", game.code()),
        values,
        periodicity,
        examined,
    })
}

/// `take_and_break("0.F", n)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = TakeAndBreak::parse(args::string(positional, 0, "the code")?)?;
    let n = args::size(positional, 1, "the heap size n")?;
    let g = game.grundy_sequence(checked_len(n)?)?;
    Ok(Game::nimber(u64::from(g[n])))
}

/// `take_and_break("0.F", n)` as a position (see [`crate::solve::position`]): a list of heaps,
/// written as a sum of one-heap calls.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    args::named(named, "", &[])?;
    let game = TakeAndBreak::parse(args::string(positional, 0, "the code")?)?;
    let n = args::size(positional, 1, "the heap size n")?;
    let rules = Arc::new(Rules {
        ruleset: AsPartizan(game),
        impartial: true,
        write: |r, heaps, f| {
            let code = r.0.code();
            write_sum(
                f,
                heaps,
                |f| write!(f, "take_and_break(\"{code}\",0)"),
                |f, h| write!(f, "take_and_break(\"{code}\",{h})"),
            )
        },
        value: |r, heaps| {
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let g = r.0.grundy_sequence(checked_len(largest)?)?;
            Ok(Game::nimber(
                heaps.iter().fold(0u64, |x, &h| x ^ u64::from(g[h])),
            ))
        },
        option_count: None,
        search: None,
    });
    Ok(of_ruleset(rules, vec![n]))
}

/// The `take_and_break` family (see the module documentation).
pub struct TakeAndBreakFamily;

impl Family for TakeAndBreakFamily {
    fn name(&self) -> &'static str {
        "take_and_break"
    }
    fn usage(&self) -> &'static str {
        "take_and_break(\"0.F\", n): a heap of n in the take-and-break game with that code (octal, hexadecimal or CGSuite's extended code: 4!.0, 0.[3], {2,3}, &20;)"
    }
    fn example(&self) -> &'static str {
        "take_and_break(\"4!.0\", 20)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let n = args::size(args, 1, "the heap size n");
        if n.as_ref().is_ok_and(|&n| n > MAX_SPLIT_HEAP) {
            return None;
        }
        Some(call_position(args, named))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy take_and_break CODE --to N, e.g. grundy take_and_break 0.F --to 100",
            build: sequence,
        })
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::from_code(self.name(), words, "0.[3]", HeapCode::TakeAndBreak)
    }
}
