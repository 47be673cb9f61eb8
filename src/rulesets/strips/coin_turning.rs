//! Coin-turning games: Turning Turtles, Mock Turtles, Ruler, Twins, Grunt, and any game given
//! by a rule in CGSuite's `Spawning` code.
//!
//! **Rules** (WW ch. 14, "Turn and Turn About"). A row of coins numbered 1, 2, 3, …
//! from the left, each heads or tails. A move turns over a set of coins allowed by the rule,
//! the rightmost of which (the highest-numbered) must go from heads to tails; the others may go
//! either way. Normal play: whoever cannot move loses.
//! - *Turning Turtles*: turn one or two coins. `G(n) = n`.
//! - *Mock Turtles*: turn one, two or three coins. `G(n)` is the `n`-th odious number (an odd
//!   number of 1s in binary): 1, 2, 4, 7, 8, 11, … (OEIS A000069; WW ch. 14, "Mock
//!   Turtles").
//! - *Ruler*: turn any number of consecutive coins. `G(n)` is the largest power of 2 dividing
//!   `n`: 1, 2, 1, 4, 1, 2, 1, 8, … (OEIS A006519; WW ch. 14, "Ruler").
//! - *Twins*: turn exactly two coins. `G(n) = n − 1`.
//! - *Grunt*: turn four coins placed symmetrically, the leftmost being coin 1. It is Grundy's
//!   game in disguise (WW ch. 14, "Grunt"): `G(n + 1)` is the value of a heap of `n`
//!   in Grundy's game (OEIS A002188).
//!
//! **The coin-turning theorem** (WW ch. 14): when the sets a move may turn depend
//! only on the coins' positions (not on the other coins' faces), a position is the disjunctive
//! sum of its heads, each alone: its Grundy value is the nim-sum of the values `G(n)` of the
//! single heads, and `G(n)` is the mex, over the sets `T` the rule allows with rightmost coin
//! `n`, of the nim-sum of `G(x)` over the other coins `x` of `T` (each turned from tails to
//! heads). Every rule here has that property. The tests check the theorem against a search of
//! the whole game graph of all rows of up to 10 coins, for rules written in the test.
//!
//! **Rules in CGSuite's `Spawning` code** (CGSuite 2.x, `game.heap.Spawning`, where a heap of
//! `n` is a head on coin `n`): comma-separated elements, each a number of coins turned in all
//! (`k`, a range `a-b`, or `k+` for at least `k`) followed by modifiers:
//! - `C`: the turned coins are consecutive; `C(m)`: they lie within `m` consecutive coins
//!   (the leftmost is at least `n − m + 1`);
//! - `E`: they are equally spaced; `S`: they are symmetric about their midpoint;
//! - `F`: the leftmost turned coin is coin 1.
//!
//! Turning Turtles is `1-2`, Mock Turtles `1-3`, Ruler `1+C`, Twins `2`, Grunt `4SF`.
//!
//! **Input.** `coin_turning("mock_turtles", "THHTH")`: the rule (a name above in snake_case, or
//! a code) and the row, `H` heads and `T` tails, coin 1 first; or the list of heads,
//! `coin_turning("ruler", "2,3,5")`. `partizan grundy coin_turning ruler --to 32` prints the
//! values of single heads (`G(0) = 0`, no coin); `partizan table coin_turning coins=16` the
//! single-head values of the named games.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, SequenceSpec, TableSpec};
use crate::rulesets::family::SequenceReport;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::Bitset;
use crate::rulesets::positions::Counted;
use crate::solve::position::{self, OPTIONS_LIMIT};
use crate::solve::{AsPartizan, ImpartialRuleset, Position, Table, TableParams};
use crate::Error;

/// How the turned coins are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Anywhere left of the heads coin.
    Any,
    /// Consecutive (`C`).
    Consecutive,
    /// Equally spaced (`E`).
    EquallySpaced,
    /// Symmetric about their midpoint (`S`).
    Symmetric,
}

/// One element of a rule: which sets of coins a move may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Element {
    /// The fewest coins turned, heads coin included (at least 1).
    pub min: usize,
    /// The most coins turned (`usize::MAX`: no limit).
    pub max: usize,
    /// The coins lie within this many consecutive coins (`C(m)`).
    pub window: Option<usize>,
    /// Their placement.
    pub spacing: Spacing,
    /// The leftmost turned coin is coin 1 (`F`).
    pub first: bool,
}

/// A coin-turning game: the rule's elements; a move may turn any set one of them allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinTurning {
    elements: Vec<Element>,
}

/// The named games and their codes.
pub const NAMED: &[(&str, &str)] = &[
    ("turning_turtles", "1-2"),
    ("mock_turtles", "1-3"),
    ("ruler", "1+C"),
    ("twins", "2"),
    ("grunt", "4SF"),
];

/// The most sets of coins the value computation examines before giving up (about a second).
pub const MAX_MOVES: u64 = 30_000_000;

/// The largest coin number whose value is computed.
pub const MAX_COIN: usize = 1_000_000;

impl CoinTurning {
    /// The game with these elements.
    pub fn new(elements: Vec<Element>) -> CoinTurning {
        CoinTurning { elements }
    }

    /// A named game (`"mock_turtles"`) or a `Spawning` code (`"1-3"`, `"4SF"`, `"1+C"`).
    ///
    /// ```
    /// use partizan::rulesets::coin_turning::CoinTurning;
    /// assert_eq!(CoinTurning::parse("mock_turtles").unwrap(), CoinTurning::parse("1-3").unwrap());
    /// let e = CoinTurning::parse("1-3X").unwrap_err().to_string();
    /// assert!(e.contains("column 4"), "{e}");
    /// ```
    pub fn parse(rule: &str) -> Result<CoinTurning, Error> {
        let rule = rule.trim();
        let code = NAMED
            .iter()
            .find(|(name, _)| *name == rule)
            .map_or(rule, |(_, code)| code);
        let mut elements = Vec::new();
        let mut offset = 0;
        for part in code.split(',') {
            elements.push(parse_element(code, part, offset)?);
            offset += part.len() + 1;
        }
        Ok(CoinTurning { elements })
    }

    /// The single-head values `G(0), ..., G(len − 1)` (`G(0) = 0`: no coin), or an error when
    /// the rule allows too many moves to examine ([`MAX_MOVES`]).
    ///
    /// ```
    /// use partizan::rulesets::coin_turning::CoinTurning;
    /// // Ruler: the largest power of 2 dividing n (OEIS A006519).
    /// let g = CoinTurning::parse("ruler").unwrap().values(9).unwrap();
    /// assert_eq!(g, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
    /// ```
    pub fn values(&self, len: usize) -> Result<Vec<u64>, Error> {
        if len > MAX_COIN + 1 {
            return Err(Error::input(format!("coin {} is too far right (at most {MAX_COIN})", len - 1)));
        }
        let mut g: Vec<u64> = vec![0];
        let mut budget = MAX_MOVES;
        let mut options: Vec<u64> = Vec::new();
        let mut seen = Bitset::new();
        for n in 1..len {
            options.clear();
            for e in &self.elements {
                for_each_set(e, n, &mut |others| {
                    if budget == 0 {
                        return Err(Error::input(format!(
                            "the rule allows more than {MAX_MOVES} moves from coins 1 to {n}: too many to examine"
                        )));
                    }
                    budget -= 1;
                    options.push(others.nim_sum(&g));
                    Ok(())
                })?;
            }
            // The mex is at most the number of options: larger values cannot matter.
            seen.clear();
            for &x in &options {
                if x <= options.len() as u64 {
                    seen.insert(x as usize);
                }
            }
            g.push(seen.mex() as u64);
        }
        g.truncate(len);
        Ok(g)
    }

    /// The Grundy value of a row with heads on `heads` (coin numbers, from 1): the nim-sum of
    /// the single-head values, by the coin-turning theorem.
    pub fn grundy(&self, heads: &[usize]) -> Result<u64, Error> {
        let last = heads.iter().copied().max().unwrap_or(0);
        let g = self.values(last + 1)?;
        Ok(heads.iter().fold(0, |acc, &h| acc ^ g[h]))
    }

    /// The size of the listing of the options of a row with heads `heads`: for every move, the
    /// heads of the row it leaves at most (those of the row and the coins it turns), so at least
    /// the number of moves; or any number above `limit` once the count passes it.
    pub fn listing_size(&self, heads: &[usize], limit: u128) -> u128 {
        let mut size = 0u128;
        for &n in heads {
            for e in &self.elements {
                let counted = for_each_set(e, n, &mut |others| {
                    size += (heads.len() + others.len() + 1) as u128;
                    if size > limit {
                        Err(Error::input("past the limit"))
                    } else {
                        Ok(())
                    }
                });
                if counted.is_err() {
                    return size;
                }
            }
        }
        size
    }

    /// The rule as `coin_turning` reads it: the name of a named game, or else its `Spawning`
    /// code, its elements separated by commas.
    pub fn code(&self) -> String {
        if let Some((name, _)) = NAMED
            .iter()
            .find(|(_, code)| CoinTurning::parse(code).is_ok_and(|g| g == *self))
        {
            return name.to_string();
        }
        let elements: Vec<String> = self.elements.iter().map(Element::code).collect();
        elements.join(",")
    }
}

impl Element {
    /// The element in the `Spawning` code: the count (`k`, `a-b` or `k+`), then `C(m)`, the
    /// spacing letter and `F`.
    fn code(&self) -> String {
        let mut s = self.min.to_string();
        if self.max == usize::MAX {
            s.push('+');
        } else if self.max != self.min {
            s += &format!("-{}", self.max);
        }
        if let Some(m) = self.window {
            s += &format!("C({m})");
        }
        match self.spacing {
            Spacing::Any => {}
            Spacing::Consecutive => s.push('C'),
            Spacing::EquallySpaced => s.push('E'),
            Spacing::Symmetric => s.push('S'),
        }
        if self.first {
            s.push('F');
        }
        s
    }
}

/// The last coin up to which a row is written as heads and tails (`"THHT"`); a row with a head
/// further right is written as its list of heads (`"2,3,50"`).
pub const ROW_TEXT: usize = 32;

/// A row as `coin_turning` reads it: heads and tails up to the last head, or the list of heads
/// when the last is past coin [`ROW_TEXT`].
pub fn row_text(heads: &[usize]) -> String {
    match heads.last() {
        Some(&last) if last > ROW_TEXT => {
            let items: Vec<String> = heads.iter().map(usize::to_string).collect();
            items.join(",")
        }
        last => {
            let mut row = vec!['T'; last.copied().unwrap_or(0)];
            for &h in heads {
                row[h - 1] = 'H';
            }
            row.into_iter().collect()
        }
    }
}

/// The coins of a set other than its rightmost, as [`for_each_set`] hands them over: in a form
/// whose nim-sum of values is quick to take (a run of consecutive coins is a slice of values).
#[derive(Clone, Copy, Debug)]
enum Others<'a> {
    /// `count` coins from `first`, `step` apart.
    Spaced {
        first: usize,
        step: usize,
        count: usize,
    },
    /// These coins.
    Listed(&'a [usize]),
    /// These coins, and the mirror `sum − b` of each `b` after the first `fixed`.
    Mirrored {
        listed: &'a [usize],
        fixed: usize,
        sum: usize,
    },
}

impl Others<'_> {
    /// The nim-sum of `g` over the coins.
    fn nim_sum(self, g: &[u64]) -> u64 {
        let xor = |a: u64, &v: &u64| a ^ v;
        match self {
            Others::Spaced {
                first,
                step: 1,
                count,
            } => g[first..first + count].iter().fold(0, xor),
            Others::Spaced { first, step, count } => {
                (0..count).fold(0, |a, i| a ^ g[first + i * step])
            }
            Others::Listed(xs) => xs.iter().fold(0, |a, &x| a ^ g[x]),
            Others::Mirrored { listed, fixed, sum } => listed
                .iter()
                .fold(0, |a, &x| a ^ g[x])
                ^ listed[fixed..].iter().fold(0, |a, &b| a ^ g[sum - b]),
        }
    }

    /// The number of coins.
    fn len(self) -> usize {
        match self {
            Others::Spaced { count, .. } => count,
            Others::Listed(xs) => xs.len(),
            Others::Mirrored { listed, fixed, .. } => 2 * listed.len() - fixed,
        }
    }

    /// The coins.
    fn coins(self) -> Vec<usize> {
        match self {
            Others::Spaced { first, step, count } => (0..count).map(|i| first + i * step).collect(),
            Others::Listed(xs) => xs.to_vec(),
            Others::Mirrored { listed, fixed, sum } => listed
                .iter()
                .copied()
                .chain(listed[fixed..].iter().map(|&b| sum - b))
                .collect(),
        }
    }
}

/// Calls `f` with the other coins (all but `n`) of every set the element allows with rightmost
/// coin `n`.
fn for_each_set(
    e: &Element,
    n: usize,
    f: &mut impl FnMut(Others<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    // The leftmost coin a set may use.
    let lo = e.window.map_or(1, |m| (n + 1).saturating_sub(m).max(1));
    let max = e.max.min(n - lo + 1);
    for k in e.min..=max {
        let others = k - 1;
        if others == 0 {
            if !e.first || n == 1 {
                f(Others::Listed(&[]))?;
            }
            continue;
        }
        match e.spacing {
            Spacing::Any => {
                if e.first {
                    if lo == 1 {
                        for_each_subset(&[1], 2..n, others - 1, &mut |xs| f(Others::Listed(xs)))?;
                    }
                } else {
                    for_each_subset(&[], lo..n, others, &mut |xs| f(Others::Listed(xs)))?;
                }
            }
            Spacing::Consecutive => {
                let x0 = n - others;
                if !e.first || x0 == 1 {
                    f(Others::Spaced {
                        first: x0,
                        step: 1,
                        count: others,
                    })?;
                }
            }
            Spacing::EquallySpaced => {
                for d in 1..=(n - lo) / others {
                    let x0 = n - others * d;
                    if !e.first || x0 == 1 {
                        f(Others::Spaced {
                            first: x0,
                            step: d,
                            count: others,
                        })?;
                    }
                }
            }
            Spacing::Symmetric => {
                let firsts = if e.first { 1..2 } else { lo..n };
                for a in firsts.filter(|&a| a >= lo && a < n) {
                    // Inner coins pair up as b and a + n − b; an odd count needs the centre.
                    let inner = others - 1;
                    let centre = inner % 2 == 1;
                    if centre && (a + n) % 2 == 1 {
                        continue;
                    }
                    let ends = [a, (a + n) / 2];
                    let fixed = if centre { &ends[..] } else { &ends[..1] };
                    // b ranges over a < b < (a + n) / 2, its mirror a + n − b.
                    let below = (a + n).div_ceil(2);
                    for_each_subset(fixed, a + 1..below, inner / 2, &mut |xs| {
                        f(Others::Mirrored {
                            listed: xs,
                            fixed: fixed.len(),
                            sum: a + n,
                        })
                    })?;
                }
            }
        }
    }
    Ok(())
}

/// Calls `f` with `fixed` followed by each `k`-subset of `range` in increasing order (an
/// explicit index array, no recursion).
fn for_each_subset(
    fixed: &[usize],
    range: std::ops::Range<usize>,
    k: usize,
    f: &mut impl FnMut(&[usize]) -> Result<(), Error>,
) -> Result<(), Error> {
    let (lo, hi) = (range.start, range.end);
    if hi < lo || hi - lo < k {
        return Ok(());
    }
    let mut xs: Vec<usize> = fixed.iter().copied().chain(lo..lo + k).collect();
    let at = fixed.len();
    loop {
        f(&xs)?;
        // The rightmost index that can still advance.
        let Some(i) = (0..k).rev().find(|&i| xs[at + i] < hi - (k - i)) else {
            return Ok(());
        };
        xs[at + i] += 1;
        for j in i + 1..k {
            xs[at + j] = xs[at + j - 1] + 1;
        }
    }
}

/// Parses one element of a `Spawning` code, `part` starting at byte `offset` of `code`.
fn parse_element(code: &str, part: &str, offset: usize) -> Result<Element, Error> {
    let at = |i: usize, what: String| -> Error {
        Error::input(format!(
            "coin-turning rule {code:?}, column {}: {what} (an element is a count k, a-b or k+, then C, C(m), E, S, F; or one of {})",
            offset + i + 1,
            NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        ))
    };
    let bytes = part.as_bytes();
    let digits_end = |from: usize| {
        (from..bytes.len())
            .find(|&i| !bytes[i].is_ascii_digit())
            .unwrap_or(bytes.len())
    };
    let number = |from: usize, to: usize| -> Result<usize, Error> {
        part[from..to]
            .parse::<usize>()
            .map_err(|_| at(from, "expected a number of coins".into()))
    };
    let end = digits_end(0);
    let min = number(0, end)?;
    if min == 0 {
        return Err(at(0, "a move turns at least one coin".into()));
    }
    let mut i = end;
    let max = match bytes.get(i) {
        Some(b'+') => {
            i += 1;
            usize::MAX
        }
        Some(b'-') => {
            let e = digits_end(i + 1);
            let max = number(i + 1, e)?;
            if max < min {
                return Err(at(i + 1, format!("the range {min}-{max} is empty")));
            }
            i = e;
            max
        }
        _ => min,
    };
    let mut element = Element {
        min,
        max,
        window: None,
        spacing: Spacing::Any,
        first: false,
    };
    while i < bytes.len() {
        match bytes[i].to_ascii_uppercase() {
            b'C' if bytes.get(i + 1) == Some(&b'(') => {
                let close = part[i..]
                    .find(')')
                    .map(|j| i + j)
                    .ok_or_else(|| at(i + 1, "'(' without ')'".into()))?;
                let m = number(i + 2, close)?;
                if m == 0 {
                    return Err(at(i + 2, "a window of 0 coins holds no move".into()));
                }
                element.window = Some(m);
                i = close + 1;
                continue;
            }
            b'C' => element.spacing = Spacing::Consecutive,
            b'E' => element.spacing = Spacing::EquallySpaced,
            b'S' => element.spacing = Spacing::Symmetric,
            b'F' => element.first = true,
            _ => {
                let c = part[i..].chars().next().unwrap_or('?');
                return Err(at(i, format!("unknown modifier {c:?}")));
            }
        }
        i += 1;
    }
    Ok(element)
}

/// The heads of a row: `"THHT"` (coin 1 first) or a list `"2,3"`; an error names the column.
///
/// ```
/// use partizan::rulesets::coin_turning::heads;
/// assert_eq!(heads("THHT").unwrap(), [2, 3]);
/// assert_eq!(heads("{5, 2}").unwrap(), [2, 5]);
/// assert!(heads("THXT").unwrap_err().to_string().contains("column 3"));
/// ```
pub fn heads(text: &str) -> Result<Vec<usize>, Error> {
    let t = text.trim();
    let mut out = Vec::new();
    if t.chars().any(|c| c.is_ascii_digit()) {
        let inner = t.trim_start_matches('{').trim_end_matches('}');
        for (i, item) in inner.split(',').map(str::trim).enumerate() {
            let h = item
                .parse::<usize>()
                .ok()
                .filter(|&h| h >= 1)
                .ok_or_else(|| {
                    Error::input(format!(
                    "item {} of the heads {text:?}, {item:?}, is not a coin number (1, 2, 3, ...)",
                    i + 1
                ))
                })?;
            if h > MAX_COIN {
                return Err(Error::input(format!("coin {h} is too far right (at most {MAX_COIN})")));
            }
            // Two heads on one coin are one coin listed twice: refuse it rather than guess.
            if out.contains(&h) {
                return Err(Error::input(format!("coin {h} is listed twice in the heads {text:?}")));
            }
            out.push(h);
        }
    } else {
        for (i, c) in t.chars().enumerate() {
            match c {
                'H' | 'h' => out.push(i + 1),
                'T' | 't' => {}
                _ => {
                    return Err(Error::input(format!(
                        "unknown character {c:?} in column {} of the row {text:?} (H heads, T tails, coin 1 first; or a list of heads such as \"2,3\")",
                        i + 1
                    )))
                }
            }
        }
        if out.last().is_some_and(|&h| h > MAX_COIN) {
            return Err(Error::input(format!("the row is too long (at most {MAX_COIN} coins)")));
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// A row of coins for the game-graph search: the set of heads.
impl ImpartialRuleset for CoinTurning {
    type Position = Vec<usize>;

    /// Every allowed set with a heads coin rightmost, turned over (the search the coin-turning
    /// theorem replaces; positions are sorted lists of heads).
    fn options(&self, heads: &Vec<usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for &n in heads {
            for e in &self.elements {
                for set in sets(e, n) {
                    let mut next = heads.clone();
                    for x in set.into_iter().chain([n]) {
                        match next.binary_search(&x) {
                            Ok(i) => {
                                next.remove(i);
                            }
                            Err(i) => next.insert(i, x),
                        }
                    }
                    out.push(next);
                }
            }
        }
        out
    }
}

/// The other coins of every set `e` allows with rightmost coin `n`.
fn sets(e: &Element, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let _ = for_each_set(e, n, &mut |others| {
        out.push(others.coins());
        Ok(())
    });
    out
}

/// `coin_turning("ruler", "THHT")`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    if positional.len() != 2 {
        return Err(Error::input(format!(
            "expected two arguments, the rule and the row, found {}",
            positional.len()
        )));
    }
    let game = CoinTurning::parse(args::string(positional, 0, "the rule")?)?;
    let row = heads(args::string(positional, 1, "the row")?)?;
    Ok(Game::nimber(game.grundy(&row)?))
}

/// `coin_turning("ruler", "THHT")` as a position (see [`crate::solve::position`]), written with
/// its rule's name or code ([`CoinTurning::code`]) and its row ([`row_text`]); listing options
/// larger than can be listed is refused ([`CoinTurning::listing_size`]).
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let known = call(positional, named)?;
    let game = CoinTurning::parse(args::string(positional, 0, "the rule")?)?;
    let row = heads(args::string(positional, 1, "the row")?)?;
    let rules = Counted {
        rules: game,
        count: |g, heads| g.listing_size(heads, OPTIONS_LIMIT),
        write: |g, heads, f| {
            write!(f, "coin_turning(\"{}\",\"{}\")", g.code(), row_text(heads))
        },
    };
    let p = position::of(
        AsPartizan(rules),
        true,
        row,
        |r, heads, f| r.0.write(heads, f),
        |r, heads| Ok(Game::nimber(r.0.rules.grundy(heads)?)),
    );
    Ok(p.with_value(known))
}

fn sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let [rule] = args else {
        return Err(Error::input(format!("expected only the rule, e.g. ruler or 1-3; got {args:?}")));
    };
    let game = CoinTurning::parse(rule)?;
    let values = game
        .values(to.checked_add(1).ok_or_else(|| Error::input("--to is too large"))?)?
        .into_iter()
        .map(|v| u32::try_from(v).map_err(|_| Error::input(format!("value {v} exceeds 2^32"))))
        .collect::<Result<Vec<u32>, Error>>()?;
    Ok(SequenceReport {
        name: format!("coin-turning game {rule}, single heads"),
        examined: values.len(),
        values,
        periodicity: None,
    })
}

/// `partizan table coin_turning coins=N`: the single-head values of the named games.
fn table(params: &TableParams) -> Result<Table, Error> {
    let coins = bounded(params, "coins", 16, (1, 1024))?;
    let mut cells = Vec::new();
    for (name, _) in NAMED {
        let g = CoinTurning::parse(name)?.values(coins + 1)?;
        cells.push(g[1..].iter().map(u64::to_string).collect());
    }
    Ok(Table {
        caption: "Grundy values of a single head on coin n".to_string(),
        column_label: "n".to_string(),
        row_label: "game".to_string(),
        columns: (1..=coins).map(|c| c.to_string()).collect(),
        rows: NAMED.iter().map(|(n, _)| n.to_string()).collect(),
        cells,
        interrupted: false,
    })
}

/// The `coin_turning` family (see the module documentation).
pub struct CoinTurningFamily;

impl Family for CoinTurningFamily {
    fn name(&self) -> &'static str {
        "coin_turning"
    }
    fn usage(&self) -> &'static str {
        "coin_turning(RULE, ROW): RULE turning_turtles, mock_turtles, ruler, twins, grunt or a Spawning code (1-3, 1+C, 4SF); ROW H/T from coin 1 (\"THHT\") or heads \"2,3\""
    }
    fn example(&self) -> &'static str {
        "coin_turning(\"mock_turtles\", \"THHTH\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "coins",
                meaning: "coins 1 to N (default 16)",
            }],
            example: "table coin_turning coins=16",
            build: table,
        })
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy coin_turning RULE --to N, e.g. grundy coin_turning mock_turtles --to 40",
            build: sequence,
        })
    }
}
