//! A loopy subtraction game: a heap from which tokens are taken, or to which some are added.
//!
//! **Rules.** A heap of `n` tokens, a finite *subtraction set* `S` and a finite *addition set*
//! `A` of positive integers and a ceiling `M >= n`. A move takes `s` tokens for some `s` in `S`
//! (`s <= n`) or adds `a` tokens for some `a` in `A` as long as the heap stays at most `M`. Both
//! players have the same moves; normal play; since tokens come back, positions repeat and a play
//! may be infinite (a draw). With `A` empty it is the subtraction game of `S`.
//!
//! **Values.** Smith's generalised Sprague–Grundy values ([`crate::algebra::loopy::smith`]): a
//! finite nim-value, or `∞` with the finite values of the options. The first player wins when
//! the value is a non-zero number or `∞_K` with `0 ∈ K`, the second when it is 0, and the game
//! is drawn otherwise.
//!
//! **In expressions**: `loopy_subtraction("1,2", 5, add="1", max=6)`; `add` defaults to
//! none and `max` to `n`.
//!
//! **Checked against** (tests/loopy_impartial.rs): with `A` empty, the Grundy values of the
//! subtraction game; Smith's theory (the outcome from the value agrees with a brute-force outcome
//! search with draws written in the test, on every heap and on sums of two heaps); and the
//! conditions that define the values, checked directly on the graph.

use crate::algebra::loopy::smith::LoopyNimValue;
use crate::rulesets::args;
use crate::rulesets::subtraction::Subtraction;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{loopy, ImpartialRuleset};
use crate::Error;

/// The largest ceiling `M` accepted (the game has `M + 1` positions).
pub const MAX_CEILING: usize = 1 << 20;

/// A loopy subtraction game; a position is a heap size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySubtraction {
    subtract: Vec<usize>,
    add: Vec<usize>,
    max: usize,
}

impl LoopySubtraction {
    /// The game with subtraction set `subtract`, addition set `add` and ceiling `max`.
    pub fn new(subtract: &[usize], add: &[usize], max: usize) -> Result<LoopySubtraction, Error> {
        let subtract = Subtraction::new(subtract)?.set().to_vec();
        let mut add = add.to_vec();
        add.sort_unstable();
        add.dedup();
        if add.first() == Some(&0) {
            return Err(Error::input(
                "0 is not a move: the addition set holds positive integers",
            ));
        }
        if max > MAX_CEILING {
            return Err(Error::input(format!(
                "the ceiling {max} is above the limit {MAX_CEILING}"
            )));
        }
        Ok(LoopySubtraction { subtract, add, max })
    }

    /// Smith's value of every heap `0..=max`.
    pub fn values(&self) -> Result<Vec<LoopyNimValue>, Error> {
        let options: Vec<Vec<u32>> = (0..=self.max)
            .map(|n| self.options(&n).into_iter().map(|m| m as u32).collect())
            .collect();
        Ok(crate::algebra::loopy::smith::generalized_grundy(&options)?)
    }
}

impl ImpartialRuleset for LoopySubtraction {
    type Position = usize;

    fn options(&self, &n: &usize) -> Vec<usize> {
        let take = self.subtract.iter().filter(|&&s| s <= n).map(|&s| n - s);
        let put = self
            .add
            .iter()
            .filter(|&&a| n + a <= self.max)
            .map(|&a| n + a);
        take.chain(put).collect()
    }
}

/// `loopy_subtraction("1,2", 5, add="1", max=6)`: Smith's value of the heap.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<LoopyNimValue, Error> {
    if positional.len() != 2 {
        return Err(Error::input(format!(
            "expected two arguments, the subtraction set and the heap, found {}",
            positional.len()
        )));
    }
    let subtract = Subtraction::parse(args::string(positional, 0, "the subtraction set")?)?;
    let n = args::size(positional, 1, "the heap")?;
    let add = match args::named(named, "add", &["add", "max"])? {
        None => Vec::new(),
        Some(Arg::Str(s))
            if s.trim()
                .trim_matches(|c| c == '{' || c == '}')
                .trim()
                .is_empty() =>
        {
            Vec::new()
        }
        Some(Arg::Str(s)) => Subtraction::parse(s)
            .map_err(|e| Error::input(e.to_string().replace("subtraction set", "addition set")))?
            .set()
            .to_vec(),
        Some(Arg::Game(g)) => {
            return Err(Error::input(format!(
                "add must be a string such as \"1,2\", not {g}"
            )))
        }
    };
    let max = match args::named(named, "max", &["add", "max"])? {
        None => n,
        Some(a) => args::size(std::slice::from_ref(a), 0, "max")?,
    };
    if max < n {
        return Err(Error::input(format!(
            "the ceiling max = {max} is below the heap {n}"
        )));
    }
    let game = LoopySubtraction::new(subtract.set(), &add, max)?;
    Ok(loopy::generalized_grundy(&game, n, max + 1)?)
}

/// The `loopy_subtraction` family (see the module documentation).
pub struct LoopySubtractionFamily;

impl crate::rulesets::Family for LoopySubtractionFamily {
    fn name(&self) -> &'static str {
        "loopy_subtraction"
    }
    fn usage(&self) -> &'static str {
        "loopy_subtraction(\"1,2\", n[, add=\"1\"][, max=M]): take s in the set or add a in add while the heap stays <= M (default n); Smith's value"
    }
    fn example(&self) -> &'static str {
        "loopy_subtraction(\"2\", 3, add=\"1\", max=4)"
    }
    fn loopy(&self) -> Option<crate::rulesets::family::LoopyCallFn> {
        Some(|args, named| call(args, named).map(crate::rulesets::LoopyCall::Smith))
    }
}
