//! Partizan subtraction games.
//!
//! **Rules** (Fraenkel and Kotzig, "Partizan octal games: partizan subtraction games", *Int. J.
//! Game Theory* 16 (1987) 145–154; CGSuite's `game.heap.PartizanSubtraction`). A heap of `n`
//! tokens; Left removes `s` tokens for some `s` in her finite subtraction set `L`, Right for some
//! `s` in his set `R` (with `s <= n`). The player who cannot move loses. With `L = R` this is the
//! impartial [subtraction game](crate::rulesets::subtraction).
//!
//! **Input format.** `partizan_subtraction("1,2", "1,3", n)`: Left's set, Right's set (each a
//! comma-separated list of positive integers, braces allowed) and the heap size `n`.
//!
//! **How values are computed.** The generic [`Solver`] from the rules, bottom-up without
//! recursion (a heap of a million evaluates).
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules on every pair of sets drawn from `{1, …, 4}` up to heaps of 30; equal sets give
//! the nimbers of the impartial subtraction game (`L = R = {1, 2}`: `*(n mod 3)`, WW
//! ch. 4); `L = {1}`, `R = {}`: the heap is worth `n`; hand derivations of small heaps.
//!
//! Values can be deep: with `L = {1, 2}` and `R = {1, 3}` the heaps `n ≡ 1 (mod 3)` are
//! `{0 | ^[2]}`, `{0 || 0 | ^[2]}`, … of birthday growing with `n`, so printing them takes time
//! and space quadratic in `n`.
//!
//! **In expressions:** `partizan_subtraction("1,2", "1,3", 10)`, heaps up to 10^6. **Tables:**
//! table parameters are integers, so the table takes each set as its digits:
//! `partizan table partizan_subtraction left=12 right=13 to=20` (each digit an amount from 1 to 9,
//! `0` for the empty set).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::subtraction::Subtraction;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::{position, Position};
use crate::Error;

/// A heap from which Left removes an amount in `left`, Right an amount in `right`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanSubtraction {
    left: Vec<usize>,
    right: Vec<usize>,
}

impl PartizanSubtraction {
    /// The game with Left's amounts `left` and Right's `right` (each sorted and deduplicated);
    /// either may be empty, but 0 is not an amount.
    pub fn new(left: &[usize], right: &[usize]) -> Result<PartizanSubtraction, Error> {
        let clean = |set: &[usize], who: &str| -> Result<Vec<usize>, Error> {
            let mut set = set.to_vec();
            set.sort_unstable();
            set.dedup();
            if set.first() == Some(&0) {
                return Err(Error::input(format!(
                    "0 is not a move: {who}'s subtraction set holds positive integers"
                )));
            }
            Ok(set)
        };
        Ok(PartizanSubtraction {
            left: clean(left, "Left")?,
            right: clean(right, "Right")?,
        })
    }

    /// Parses the two sets, `"1,2"` and `"{1, 3}"`; an empty string is the empty set.
    pub fn parse(left: &str, right: &str) -> Result<PartizanSubtraction, Error> {
        let set = |text: &str, who: &str| -> Result<Vec<usize>, Error> {
            let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
            if inner.trim().is_empty() {
                return Ok(Vec::new());
            }
            Subtraction::parse(text)
                .map(|s| s.set().to_vec())
                .map_err(|e| Error::input(format!("{who}'s set: {e}")))
        };
        PartizanSubtraction::new(&set(left, "Left")?, &set(right, "Right")?)
    }

    /// Left's amounts.
    pub fn left(&self) -> &[usize] {
        &self.left
    }

    /// Right's amounts.
    pub fn right(&self) -> &[usize] {
        &self.right
    }
}

fn take(n: usize, amounts: &[usize]) -> Vec<usize> {
    amounts
        .iter()
        .take_while(|&&k| k <= n)
        .map(|&k| n - k)
        .collect()
}

impl Ruleset for PartizanSubtraction {
    type Position = usize;

    fn left_options(&self, n: &usize) -> Vec<usize> {
        take(*n, &self.left)
    }

    fn right_options(&self, n: &usize) -> Vec<usize> {
        take(*n, &self.right)
    }
}

/// The largest heap `partizan_subtraction` accepts.
pub const MAX_HEAP: usize = 1_000_000;

/// `partizan_subtraction("1,2", "1,3", n)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    if positional.len() != 3 {
        return Err(Error::input(format!(
            "expected Left's set, Right's set and a heap size, found {} arguments",
            positional.len()
        )));
    }
    let rules = PartizanSubtraction::parse(
        args::string(positional, 0, "Left's set")?,
        args::string(positional, 1, "Right's set")?,
    )?;
    let n = args::size(positional, 2, "the heap size")?;
    if n > MAX_HEAP {
        return Err(Error::input(format!("the heap size {n} is too large (at most {MAX_HEAP})")));
    }
    Ok(Solver::new(rules).value(&n))
}

/// The set written as the decimal digits of `code` (`12` is `{1, 2}`, `0` the empty set).
fn digit_set(code: i64, name: &str) -> Result<Vec<usize>, Error> {
    if code < 0 {
        return Err(
            Error::input(format!("{name} must be digits 1 to 9 (such as 13 for {{1, 3}}), not {code}")),
        );
    }
    let digits: Vec<usize> = code
        .to_string()
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as usize)
        .filter(|&d| d > 0)
        .collect();
    Ok(digits)
}

/// `partizan table partizan_subtraction left=12 right=13 to=N`: the values of the heaps
/// `0..=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let left = digit_set(a.int("left").unwrap_or(12), "left")?;
    let right = digit_set(a.int("right").unwrap_or(13), "right")?;
    let to = a.natural("to")?.unwrap_or(20);
    if to > 10_000 {
        return Err(Error::input(format!("to must be at most 10000, not {to}")));
    }
    let rules = PartizanSubtraction::new(&left, &right)?;
    let show = |s: &[usize]| {
        let v: Vec<String> = s.iter().map(usize::to_string).collect();
        format!("{{{}}}", v.join(", "))
    };
    let caption = format!(
        "Partizan subtraction game: Left takes {}, Right takes {}; the heap of n",
        show(rules.left()),
        show(rules.right())
    );
    let mut solver = Solver::new(rules);
    Ok(Table::sequence(
        &caption,
        "n",
        (0..=to).map(|n| solver.value(&n).to_string()),
    ))
}

/// The `partizan_subtraction` family (see the module documentation).
pub struct PartizanSubtractionFamily;

impl Family for PartizanSubtractionFamily {
    fn name(&self) -> &'static str {
        "partizan_subtraction"
    }
    fn usage(&self) -> &'static str {
        "partizan_subtraction(\"1,2\", \"1,3\", n): a heap of n; Left takes an amount in her set, Right in his"
    }
    fn example(&self) -> &'static str {
        "partizan_subtraction(\"1,2\", \"1,3\", 10)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Position, Error> {
            let value = call(args, named)?;
            let rules = PartizanSubtraction::parse(
                args::string(args, 0, "Left's set")?,
                args::string(args, 1, "Right's set")?,
            )?;
            let n = args::size(args, 2, "the heap size")?;
            let p = position::of(
                rules,
                false,
                n,
                |r, n, f| {
                    let set = |s: &[usize]| s.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",");
                    write!(f, "partizan_subtraction(\"{}\",\"{}\",{n})", set(r.left()), set(r.right()))
                },
                |r, n| Ok(Solver::new(r.clone()).value(n)),
            );
            Ok(p.with_value(value))
        };
        Some(read())
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "left",
                    meaning:
                        "Left's amounts as digits 1 to 9, 13 for {1, 3}, 0 for none; default 12",
                },
                Param {
                    name: "right",
                    meaning: "Right's amounts as digits, default 13",
                },
                Param {
                    name: "to",
                    meaning: "the largest heap, at most 10000, default 20",
                },
            ],
            example: "table partizan_subtraction left=12 right=13 to=12",
            build: table,
        })
    }
}
