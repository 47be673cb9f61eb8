//! All-but subtraction games: take any number of tokens except those in a finite set.
//!
//! **Rules.** A heap of `n` tokens; a move takes `s` tokens, `1 <= s <= n`, for any `s` not in
//! the finite *excluded set* `F` (the subtraction set is `ℕ \ F`; WW ch. 4, "All-but
//! subtraction games"; D. Sleator and M. Slusky, *Subtraction games with FES sets of size 3*,
//! arXiv:1201.3299, which extends Angela Siegel's work on them). Normal play. `F = {}` is Nim:
//! `G(n) = n`.
//!
//! **Input.** `all_but("1,2", 10)` in expressions (the value `*G(10)` for `F = {1, 2}`; the set
//! is a comma-separated string, braces allowed, `""` the empty set); `partizan grundy all_but
//! 1,2 --to 40` prints the sequence and its period on the command line.
//!
//! **Theorems checked.**
//! - Every all-but subtraction game is *arithmetic-periodic*: there are `n0`, `p >= 1` and a
//!   saltus `s` with `G(n + p) = G(n) + s` for all `n >= n0` (A. Siegel's theorem, as stated
//!   by Sleator and Slusky, Introduction; `|F| <= 2` gives pure arithmetic periodicity, `n0 = 0`,
//!   and `|F| = 3` too by Sleator and Slusky's main theorem).
//! - The period reported is *proven* from the computed values ([`AllBut::periodicity`]):
//!   with `f = max F`, every `G(n)`, `n >= f`, is the mex of the values of `G(0..n − f)` (all of
//!   them options) and of the last `f` values not at an excluded distance. Normalised by
//!   `c = mex{G(m) : m < n − f}`, the state (the last `f` values relative to `c`, those below
//!   `c` forgotten, and the earlier values above `c`, relative to `c`) determines `G(n) − c`,
//!   the next state and the growth of `c`. So once a state repeats, at `n1` and `n2` with `c`
//!   grown by `s`, `G(n + n2 − n1) = G(n) + s` for all `n >= n1`. The least period divides
//!   `n2 − n1` and is found by checking a whole period of differences.
//!
//! The values are computed in `O(|F|)` per heap: `G(n)` is the mex of all earlier values except
//! those seen *only* at the excluded positions `n − f`, tracked by counting how often each value
//! occurs.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, SequenceSpec};
use crate::rulesets::family::SequenceReport;
use crate::rulesets::subtraction::checked_len;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{Periodicity, Proof};
use crate::solve::ImpartialRuleset;
use crate::solve::{position, AsPartizan, Position};
use crate::Error;
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};

/// An all-but subtraction game; a position is a heap size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllBut {
    excluded: Vec<usize>,
}

impl AllBut {
    /// The game excluding the moves `excluded` (sorted and deduplicated); an error for 0.
    pub fn new(excluded: &[usize]) -> Result<AllBut, Error> {
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(Error::input("0 is never a move, so it cannot be excluded: the excluded set holds positive integers"));
        }
        Ok(AllBut { excluded })
    }

    /// Parses a comma-separated set such as `"1,2"` (spaces and braces allowed; `""` or `"{}"`
    /// is the empty set, Nim).
    ///
    /// ```
    /// use partizan::rulesets::all_but::AllBut;
    /// assert_eq!(AllBut::parse("{2, 1}").unwrap().excluded(), &[1, 2]);
    /// assert!(AllBut::parse("1,x").unwrap_err().to_string().contains("item 2"));
    /// ```
    pub fn parse(text: &str) -> Result<AllBut, Error> {
        let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
        let set = inner
            .split(',')
            .map(str::trim)
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(i, s)| {
                s.parse::<usize>().map_err(|_| {
                    Error::input(format!(
                        "item {} of the excluded set {text:?}, {s:?}, is not a positive integer",
                        i + 1
                    ))
                })
            })
            .collect::<Result<Vec<usize>, Error>>()?;
        AllBut::new(&set)
    }

    /// The excluded set `F`, ascending.
    pub fn excluded(&self) -> &[usize] {
        &self.excluded
    }

    /// `max F`, 0 for Nim.
    fn order(&self) -> usize {
        self.excluded.last().copied().unwrap_or(0)
    }

    /// `G(0), ..., G(len − 1)`.
    ///
    /// ```
    /// use partizan::rulesets::all_but::AllBut;
    /// // F = {1}: take at least 2, so G(n) = ⌊n/2⌋ (by hand: 0 0 1 1 2 2 ...).
    /// assert_eq!(AllBut::parse("1").unwrap().grundy_sequence(8), [0, 0, 1, 1, 2, 2, 3, 3]);
    /// ```
    pub fn grundy_sequence(&self, len: usize) -> Vec<u32> {
        let mut g = Generator::new(self);
        (0..len).map(|_| g.next_value()).collect()
    }

    /// The least arithmetic period, its saltus and least pre-period, proven by a repeated state
    /// within the first `search` values (see the module documentation); `None` when no state
    /// repeats there.
    ///
    /// ```
    /// use partizan::rulesets::all_but::AllBut;
    /// // F = {1}: G(n + 2) = G(n) + 1 from 0 on.
    /// let p = AllBut::parse("1").unwrap().periodicity(100).unwrap();
    /// assert_eq!((p.period, p.preperiod, p.saltus()), (2, 0, 1));
    /// ```
    pub fn periodicity(&self, search: usize) -> Option<Periodicity> {
        self.values_and_period(0, search).1
    }

    /// `G(0..len)`, the proven period (searched up to `search` values, more than `len` when
    /// needed) and how many values were examined.
    pub fn values_and_period(
        &self,
        len: usize,
        search: usize,
    ) -> (Vec<u32>, Option<Periodicity>, usize) {
        let f = self.order();
        let mut gen = Generator::new(self);
        // Fingerprint of the state at n → n and the offset c there.
        let mut seen: HashMap<u64, (usize, u32)> = HashMap::new();
        let mut found = None;
        loop {
            let n = gen.values.len();
            if let Some((_, n2, _)) = found {
                // Values up to 2·n2 suffice for checking the divisors of the period n2 − n1.
                if n >= len && n >= 2 * n2 {
                    break;
                }
            } else if n >= search.max(len) {
                break;
            } else if n >= f {
                let (state, c) = gen.state();
                let mut h = std::collections::hash_map::DefaultHasher::new();
                state.hash(&mut h);
                let key = h.finish();
                match seen.get(&key) {
                    // A fingerprint can collide: compare the states themselves.
                    Some(&(n1, c1)) => {
                        if state_at(&gen.values, n1, f) == (state, c1) {
                            found = Some((n1, n, c - c1));
                        }
                    }
                    None => {
                        seen.insert(key, (n, c));
                    }
                }
            }
            gen.next_value();
        }
        let g = gen.values;
        let period = found.map(|(n1, n2, s)| least_arithmetic_period(&g, n1, n2 - n1, s));
        let examined = g.len();
        let mut g = g;
        g.truncate(len);
        (g, period, examined)
    }
}

/// The state at `n >= f` computed from the values alone (for checking a fingerprint match).
fn state_at(g: &[u32], n: usize, f: usize) -> (Vec<u32>, u32) {
    let earlier: BTreeSet<u32> = g[..n - f].iter().copied().collect();
    let c = (0..).find(|v| !earlier.contains(v)).unwrap_or(0);
    (encode(c, earlier.range(c..), &g[n - f..n]), c)
}

/// The normalised state: the window relative to `c` (0 for a value below `c`, `v − c + 1`
/// otherwise), then the earlier values above `c`, relative to `c`.
fn encode<'a>(c: u32, above: impl Iterator<Item = &'a u32>, window: &[u32]) -> Vec<u32> {
    let mut s: Vec<u32> = window
        .iter()
        .map(|&v| if v < c { 0 } else { v - c + 1 })
        .collect();
    s.extend(above.map(|&v| v - c));
    s
}

/// Given `G(n + p) = G(n) + s` for all `n >= n1`, the least period `d` (a divisor of `p`:
/// `G(n + d) − G(n)` is then periodic with period `p` from `n1`, so one period of constant
/// differences proves it) and the least pre-period for it.
fn least_arithmetic_period(g: &[u32], n1: usize, p: usize, s: u32) -> Periodicity {
    let diff = |n: usize, d: usize| i64::from(g[n + d]) - i64::from(g[n]);
    let (d, saltus) = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find_map(|d| {
            let s_d = diff(n1, d);
            (n1..n1 + p).all(|n| diff(n, d) == s_d).then_some((d, s_d))
        })
        .unwrap_or((p, i64::from(s)));
    let mut n0 = n1;
    while n0 > 0 && diff(n0 - 1, d) == saltus {
        n0 -= 1;
    }
    Periodicity {
        preperiod: n0,
        period: d,
        proof: Proof::ArithmeticState {
            saltus: saltus as u32,
            earlier: n1,
            later: n1 + p,
        },
    }
}

/// Produces `G(0), G(1), ...` in `O(|F|)` each, and the normalised state.
struct Generator<'a> {
    game: &'a AllBut,
    /// The values so far, `G(0..n)`.
    values: Vec<u32>,
    /// How often each value occurs among them.
    count: Vec<u32>,
    /// Their mex.
    mex_all: u32,
    /// The values of `G(0..n − f)`: how often each occurs, their mex `c`, those above `c`.
    early_count: Vec<u32>,
    c: u32,
    above: BTreeSet<u32>,
}

impl<'a> Generator<'a> {
    fn new(game: &'a AllBut) -> Generator<'a> {
        Generator {
            game,
            values: Vec::new(),
            count: Vec::new(),
            mex_all: 0,
            early_count: Vec::new(),
            c: 0,
            above: BTreeSet::new(),
        }
    }

    /// Computes and records the next value `G(n)`.
    fn next_value(&mut self) -> u32 {
        let n = self.values.len();
        // G(n) is the mex of every earlier value except those seen only at the excluded
        // positions n − f: take those out of the counts, and the mex is either the mex of all
        // earlier values or one of them whose count fell to 0.
        let excluded: Vec<u32> = self
            .game
            .excluded
            .iter()
            .take_while(|&&f| f <= n)
            .map(|&f| self.values[n - f])
            .collect();
        for &e in &excluded {
            self.count[e as usize] -= 1;
        }
        let mut v = self.mex_all;
        for &e in &excluded {
            if self.count[e as usize] == 0 && e < v {
                v = e;
            }
        }
        for &e in &excluded {
            self.count[e as usize] += 1;
        }
        self.push(v);
        v
    }

    /// Records `G(n) = v`.
    fn push(&mut self, v: u32) {
        bump(&mut self.count, v);
        while self
            .count
            .get(self.mex_all as usize)
            .is_some_and(|&k| k > 0)
        {
            self.mex_all += 1;
        }
        self.values.push(v);
        // G(n + 1 − f − 1) becomes an early value of the state at n + 1.
        let (n, f) = (self.values.len(), self.game.order());
        if n > f {
            let w = self.values[n - f - 1];
            bump(&mut self.early_count, w);
            if w > self.c {
                self.above.insert(w);
            }
            while self
                .early_count
                .get(self.c as usize)
                .is_some_and(|&k| k > 0)
            {
                self.c += 1;
                self.above.remove(&self.c);
            }
        }
    }

    /// The normalised state at the next `n` (at least `f`), and its offset `c`.
    fn state(&self) -> (Vec<u32>, u32) {
        let (n, f) = (self.values.len(), self.game.order());
        (
            encode(self.c, self.above.iter(), &self.values[n - f..n]),
            self.c,
        )
    }
}

fn bump(count: &mut Vec<u32>, v: u32) {
    let v = v as usize;
    if v >= count.len() {
        count.resize(v + 1, 0);
    }
    count[v] += 1;
}

impl ImpartialRuleset for AllBut {
    type Position = usize;

    fn options(&self, &n: &usize) -> Vec<usize> {
        (1..=n)
            .filter(|s| self.excluded.binary_search(s).is_err())
            .map(|s| n - s)
            .collect()
    }
}

/// How far `grundy all_but` looks for a repeated state.
const SEARCH_CAP: usize = 1 << 20;

/// `grundy all_but SET`.
fn sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let text = match args {
        [] => "",
        [a] => a.as_str(),
        _ => return Err(Error::input(format!("expected only the excluded set, e.g. 1,2; got {args:?}"))),
    };
    let game = AllBut::parse(text)?;
    let (values, periodicity, examined) = game.values_and_period(checked_len(to)?, SEARCH_CAP);
    let set: Vec<String> = game.excluded().iter().map(usize::to_string).collect();
    Ok(SequenceReport {
        name: format!("all-but subtraction game, all but {{{}}}", set.join(",")),
        values,
        periodicity,
        examined,
    })
}

/// The `all_but` family (see the module documentation).
pub struct AllButFamily;

impl Family for AllButFamily {
    fn name(&self) -> &'static str {
        "all_but"
    }
    fn usage(&self) -> &'static str {
        "all_but(\"1,2\", n): a heap of n; a move takes any number of tokens except those in the set"
    }
    fn example(&self) -> &'static str {
        "all_but(\"1,2\", 10)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<(AllBut, usize), Error> {
            args::named(named, "", &[])?;
            let game = AllBut::parse(args::string(args, 0, "the excluded set")?)?;
            let n = args::size(args, 1, "the heap size n")?;
            checked_len(n)?;
            Ok((game, n))
        };
        Some(read().map(|(game, n)| {
            position::of(
                AsPartizan(game),
                true,
                n,
                |r, n, f| {
                    let set = r.0.excluded().iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",");
                    write!(f, "all_but(\"{set}\",{n})")
                },
                |r, &n| Ok(Game::nimber(u64::from(r.0.grundy_sequence(checked_len(n)?)[n]))),
            )
        }))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy all_but SET --to N, e.g. grundy all_but 1,2 --to 40",
            build: sequence,
        })
    }
}
