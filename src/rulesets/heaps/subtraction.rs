//! Subtraction games, and the "take `p..q`, or everything when fewer than `p` remain" game.
//!
//! **Rules.** A heap of `n` tokens; a move takes `s` tokens for some `s` in the finite
//! *subtraction set* `S` (with `s <= n`). Normal play: whoever cannot move loses. `S = {1, ..., m}`
//! is the *Bash game*.
//!
//! The *take-a-range* game [`TakeRange`] with `1 <= p <= q`: a move takes between `p` and `q`
//! tokens, or all of them when fewer than `p` remain. It is played in two conventions: the last
//! taker wins (normal play) or the last taker loses (misère).
//!
//! **Input.** `subtraction("1,3,4", 10)` in expressions (the value `*G(10)` for `S = {1,3,4}`; the
//! set is a comma-separated string), `take_range(2, 5, 17)` (normal play); `partizan grundy
//! subtraction 1,3,4 --to 40` prints the sequence and its period on the command line.
//!
//! **Theorems checked.**
//! - The Grundy sequence of a finite subtraction set is eventually periodic (WW ch. 4;
//!   CGT ch. IV): from `n = max S` on, `G(n)` depends only on the
//!   previous `max S` values, so once that window of values repeats an earlier one the sequence
//!   repeats for ever. The period and pre-period are proven that way, from the computed values
//!   alone ([`crate::solve::grundy::subtraction_periodicity`]), and the values past the repeat
//!   are copied rather than computed.
//! - Bash game: `G(n) = n mod (m + 1)` (WW ch. 4; CGT
//!   ch. IV).
//! - Take-a-range, with `r = n mod (p + q)`: when the last taker wins, the player to move loses
//!   iff `r = 0` or `r > q`; when the last taker loses, he loses iff `1 <= r <= p`. A popular
//!   statement of these rules gets them wrong, so the tests check both closed rules against a
//!   brute-force search of every heap up to 60 for every `1 <= p <= q <= 8`.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, HeapCode, SequenceSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{self, Periodicity};
use crate::rulesets::positions::Counted;
use crate::solve::position::{self, of_ruleset, Rules};
use crate::solve::{AsPartizan, ImpartialRuleset, Position};
use super::period::{one_arg, with_period, SEARCH_CAP};
use crate::rulesets::family::SequenceReport;
use crate::solve::grundy::subtraction_periodicity;
use crate::Error;
use std::sync::Arc;

/// A subtraction game with a finite subtraction set; a position is a heap size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<usize>,
}

impl Subtraction {
    /// The game with subtraction set `set` (sorted and deduplicated); an error when the set is
    /// empty or contains 0.
    pub fn new(set: &[usize]) -> Result<Subtraction, Error> {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(Error::input("the subtraction set is empty"));
        }
        if set[0] == 0 {
            return Err(Error::input("0 is not a move: a subtraction set holds positive integers"));
        }
        Ok(Subtraction { set })
    }

    /// Parses a comma-separated set such as `"1,3,4"` (spaces and braces allowed: `"{1, 3, 4}"`).
    ///
    /// ```
    /// use partizan::rulesets::subtraction::Subtraction;
    /// assert_eq!(Subtraction::parse("{1, 3, 4}").unwrap().set(), &[1, 3, 4]);
    /// assert!(Subtraction::parse("1,-2").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Subtraction, Error> {
        let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
        let set = inner
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<usize>().map_err(|_| {
                    Error::input(format!(
                        "{s:?} in the subtraction set {text:?} is not a positive integer"
                    ))
                })
            })
            .collect::<Result<Vec<usize>, Error>>()?;
        Subtraction::new(&set)
    }

    /// The subtraction set, ascending.
    pub fn set(&self) -> &[usize] {
        &self.set
    }

    /// The octal code digits of the game: 3 at each element of the set.
    pub fn octal_digits(&self) -> Vec<u8> {
        let mut d = vec![0u8; self.set[self.set.len() - 1] + 1];
        for &s in &self.set {
            d[s] = 3;
        }
        d
    }

    /// `G(0), ..., G(len − 1)`.
    pub fn grundy_sequence(&self, len: usize) -> Vec<u32> {
        grundy::subtraction_sequence(&self.set, len).expect("a validated subtraction set")
    }

    /// The least period and pre-period, proven by a window of `max S` values that repeats an
    /// earlier one among the first `search` values; `None` when no repeat is found there (see
    /// [`grundy::subtraction_periodicity`]).
    ///
    /// ```
    /// use partizan::rulesets::subtraction::Subtraction;
    /// // S = {2, 5}: 0 0 1 1 0 2 1, repeating from 0 (by hand: G(n) = mex{G(n − 2), G(n − 5)}).
    /// let p = Subtraction::parse("2,5").unwrap().periodicity(100).unwrap();
    /// assert_eq!((p.period, p.preperiod), (7, 0));
    /// // S = {1, 2, 3}: G(n) = n mod 4 (the Bash game).
    /// let p = Subtraction::parse("1,2,3").unwrap().periodicity(100).unwrap();
    /// assert_eq!((p.period, p.preperiod), (4, 0));
    /// ```
    pub fn periodicity(&self, search: usize) -> Option<Periodicity> {
        grundy::subtraction_periodicity(&self.set, 0, search)
            .expect("a validated subtraction set")
            .1
    }
}

impl ImpartialRuleset for Subtraction {
    type Position = usize;

    fn options(&self, &n: &usize) -> Vec<usize> {
        self.set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| n - s)
            .collect()
    }
}

/// The Bash game `S = {1, ..., m}`: `G(n) = n mod (m + 1)`.
pub fn bash_grundy(m: usize, n: usize) -> usize {
    n % (m + 1)
}

/// Who takes the last token wins or loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Normal play: the player who takes the last token wins.
    LastTakerWins,
    /// Misère play: the player who takes the last token loses.
    LastTakerLoses,
}

/// Take between `p` and `q` tokens, or all of them when fewer than `p` remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeRange {
    p: usize,
    q: usize,
}

impl TakeRange {
    /// The game with `1 <= p <= q`.
    pub fn new(p: usize, q: usize) -> Result<TakeRange, Error> {
        if p == 0 {
            return Err(Error::input("p must be at least 1 (taking 0 tokens is not a move)"));
        }
        if q < p {
            return Err(Error::input(format!("q = {q} must be at least p = {p}")));
        }
        Ok(TakeRange { p, q })
    }

    /// The least number of tokens a move takes from a large heap.
    pub fn p(&self) -> usize {
        self.p
    }

    /// The most tokens a move takes.
    pub fn q(&self) -> usize {
        self.q
    }

    /// The octal code of the normal-play game: digit 1 (take a whole heap of exactly `k`) for
    /// `k < p`, digit 3 for `p <= k <= q`.
    pub fn octal_digits(&self) -> Vec<u8> {
        (0..=self.q)
            .map(|k| match k {
                0 => 0,
                k if k < self.p => 1,
                _ => 3,
            })
            .collect()
    }

    /// The normal-play Grundy values `G(0), ..., G(len − 1)`.
    pub fn grundy_sequence(&self, len: usize) -> Vec<u32> {
        grundy::octal_sequence(&self.octal_digits(), len).expect("digits 0, 1 and 3")
    }

    /// Whether the player to move from a heap of `n` wins, by the closed rule: with
    /// `r = n mod (p + q)`, he loses iff `r = 0` or `r > q` when the last taker wins, and iff
    /// `1 <= r <= p` when the last taker loses.
    ///
    /// ```
    /// use partizan::rulesets::subtraction::{Convention, TakeRange};
    /// let g = TakeRange::new(2, 3).unwrap();
    /// assert!(!g.player_to_move_wins(5, Convention::LastTakerWins)); // r = 0
    /// assert!(!g.player_to_move_wins(7, Convention::LastTakerLoses)); // r = 2 <= p
    /// assert!(g.player_to_move_wins(8, Convention::LastTakerLoses)); // take 3, leave r = 0
    /// ```
    pub fn player_to_move_wins(&self, n: usize, convention: Convention) -> bool {
        let r = n % (self.p + self.q);
        match convention {
            Convention::LastTakerWins => !(r == 0 || r > self.q),
            Convention::LastTakerLoses => !(1 <= r && r <= self.p),
        }
    }
}

impl TakeRange {
    /// The number of options of a heap of `n`.
    pub fn options_count(&self, n: usize) -> usize {
        match n {
            0 => 0,
            n if n < self.p => 1,
            n => self.q.min(n) - self.p + 1,
        }
    }
}

impl ImpartialRuleset for TakeRange {
    type Position = usize;

    fn options(&self, &n: &usize) -> Vec<usize> {
        if n == 0 {
            Vec::new()
        } else if n < self.p {
            vec![0]
        } else {
            (self.p..=self.q.min(n)).map(|k| n - k).collect()
        }
    }
}

/// `subtraction("1,3,4", n)` as a position (see [`crate::solve::position`]).
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    args::named(named, "", &[])?;
    let game = Subtraction::parse(args::string(positional, 0, "the subtraction set")?)?;
    let n = args::size(positional, 1, "the heap size n")?;
    checked_len(n)?;
    let rules = Arc::new(Rules {
        ruleset: AsPartizan(game),
        impartial: true,
        write: |r, n, f| {
            let set: Vec<String> = r.0.set().iter().map(|k| k.to_string()).collect();
            write!(f, "subtraction(\"{}\",{n})", set.join(","))
        },
        value: |r, &n| Ok(Game::nimber(u64::from(r.0.grundy_sequence(checked_len(n)?)[n]))),
        option_count: None,
        search: None,
    });
    Ok(of_ruleset(rules, n))
}

/// `take_range(p, q, n)`: the normal-play value of a heap of `n`.
fn call_take_range(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = TakeRange::new(
        args::size(positional, 0, "p")?,
        args::size(positional, 1, "q")?,
    )?;
    let n = args::size(positional, 2, "the heap size n")?;
    let g = game.grundy_sequence(checked_len(n)?);
    Ok(Game::nimber(g[n] as u64))
}

/// `take_range(p, q, n)` as a position (see [`crate::solve::position`]): its options are the
/// heaps a move leaves, and listing them is refused when there are more than can be listed.
fn call_take_range_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let value = call_take_range(positional, named)?;
    let game = TakeRange::new(
        args::size(positional, 0, "p")?,
        args::size(positional, 1, "q")?,
    )?;
    let n = args::size(positional, 2, "the heap size n")?;
    let rules = Counted {
        rules: game,
        count: |g, &n| g.options_count(n) as u128,
        write: |g, n, f| write!(f, "take_range({},{},{n})", g.p, g.q),
    };
    let p = position::of(
        AsPartizan(rules),
        true,
        n,
        |r, n, f| r.0.write(n, f),
        |r, &n| {
            let g = r.0.rules.grundy_sequence(checked_len(n)?);
            Ok(Game::nimber(u64::from(g[n])))
        },
    );
    Ok(p.with_value(value))
}

/// The largest heap whose whole sequence an expression computes (a few hundred MB at most).
pub const MAX_HEAP: usize = 50_000_000;

/// `n + 1` when `n` is at most [`MAX_HEAP`].
pub(crate) fn checked_len(n: usize) -> Result<usize, Error> {
    if n > MAX_HEAP {
        Err(Error::input(format!("heap size {n} is too large (at most {MAX_HEAP})")))
    } else {
        Ok(n + 1)
    }
}

/// The `subtraction` family (see the module documentation).
pub struct SubtractionFamily;

impl Family for SubtractionFamily {
    fn name(&self) -> &'static str {
        "subtraction"
    }
    fn usage(&self) -> &'static str {
        "subtraction(\"1,3,4\", n): a heap of n in the subtraction game with that set"
    }
    fn example(&self) -> &'static str {
        "subtraction(\"1,3,4\", 10)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy subtraction SET --to N, e.g. grundy subtraction 1,3,4 --to 40",
            build: subtraction_sequence,
        })
    }
    /// As a take-and-break code (digit 3 at each element of the set), for misère play; the
    /// normal-play sequence keeps the family's own periodic engine.
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        Some(match words {
            [set] => Subtraction::parse(set).map(|g| HeapCode::TakeAndBreak(code(&g.octal_digits()))),
            _ => Err(Error::input(
                "subtraction takes one argument, the set, e.g. subtraction 1,3,4",
            )),
        })
    }
}

/// The code `0.d1d2…` of octal digits `d0 d1 d2 …` (`d0` is 0).
fn code(digits: &[u8]) -> String {
    let tail: String = digits[1..].iter().map(|d| char::from(b'0' + d)).collect();
    format!("0.{tail}")
}

/// The `take_range` family (see the module documentation).
pub struct TakeRangeFamily;

impl Family for TakeRangeFamily {
    fn name(&self) -> &'static str {
        "take_range"
    }
    fn usage(&self) -> &'static str {
        "take_range(p, q, n): take p..q tokens, or all when fewer than p remain; a heap of n"
    }
    fn example(&self) -> &'static str {
        "take_range(2, 5, 17)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_take_range_position(args, named))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage:
                "grundy take_range P Q --to N: take P..Q tokens, or all when fewer than P remain",
            build: take_range_sequence,
        })
    }
    /// As a take-and-break code (digit 1 below `p`, 3 from `p` to `q`), for misère play.
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        let bound = |w: &str, what: &str| {
            w.parse::<usize>()
                .map_err(|_| Error::input(format!("{what} of take_range is {w:?}, not a count")))
        };
        Some(match words {
            [p, q] => bound(p, "p")
                .and_then(|p| Ok((p, bound(q, "q")?)))
                .and_then(|(p, q)| TakeRange::new(p, q))
                .map(|g| HeapCode::TakeAndBreak(code(&g.octal_digits()))),
            _ => Err(Error::input(
                "take_range takes two arguments, p and q, e.g. take_range 2 5",
            )),
        })
    }
}

// The Grundy sequences of `partizan grundy`.

/// How far a subtraction game's window search goes (64 MB of values at most; a few ns a value).
const SUBTRACTION_SEARCH_CAP: usize = 1 << 24;

/// `grundy subtraction SET`, with the window argument for the period.
fn subtraction_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let game = Subtraction::parse(one_arg(args, "the subtraction set, e.g. 1,3,4")?)?;
    let set: Vec<String> = game.set().iter().map(usize::to_string).collect();
    let (values, periodicity, examined) =
        subtraction_periodicity(game.set(), checked_len(to)?, SUBTRACTION_SEARCH_CAP)
            .map_err(|e| Error::input(e.to_string()))?;
    Ok(SequenceReport {
        name: format!("subtraction game {{{}}}", set.join(",")),
        values,
        periodicity,
        examined,
    })
}

/// `grundy take_range P Q`: an octal game, so the Octal Periodicity Theorem applies.
fn take_range_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let [p, q] = args else {
        return Err(Error::input(format!("expected P and Q, got {args:?}")));
    };
    let num = |s: &str, what: &str| {
        s.parse::<usize>()
            .map_err(|_| Error::input(format!("{what} must be a non-negative integer, not {s:?}")))
    };
    let game = TakeRange::new(num(p, "P")?, num(q, "Q")?)?;
    let (values, periodicity, examined) = with_period(
        |n| game.grundy_sequence(n),
        checked_len(to)?,
        game.q(),
        SEARCH_CAP,
    );
    Ok(SequenceReport {
        name: format!(
            "take {}..{} (or all when fewer than {} remain)",
            game.p(),
            game.q(),
            game.p()
        ),
        values,
        periodicity,
        examined,
    })
}
