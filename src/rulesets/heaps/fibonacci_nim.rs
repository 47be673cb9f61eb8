//! Fibonacci Nim.
//!
//! **Rules.** One heap of `n` tokens. The first move takes between 1 and `n − 1` tokens; after
//! that each move takes at least one and at most twice as many as the previous move took. Whoever
//! takes the last token wins (normal play). A position is `(n, m)`: `n` tokens left, at most `m`
//! may be taken; the start is `(n, n − 1)` and taking `k` leads to `(n − k, 2k)`.
//!
//! **Input.** `fibonacci_nim(n)` (the start) or `fibonacci_nim(n, m)` in expressions, the value
//! `*G(n, m)`.
//!
//! **Theorem checked** (M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4) (1963) 9–13;
//! also E. Zeckendorf 1972 for the representation): write `n` as its Zeckendorf representation, a
//! sum of non-consecutive Fibonacci numbers, and let `z` be the smallest term. The player to move
//! at `(n, m)` wins iff `z <= m`, and taking `z` tokens wins. So the first player loses exactly
//! when `n` is a Fibonacci number. The tests check this against a brute-force search over every
//! `(heap, limit)` state up to 200, and the Grundy values [`grundy_table`] against the canonical
//! forms of [`crate::solve::Solver`].
//!
//! **Tables:** `partizan table fibonacci_nim size=N`: `G(n, m)` for `0 <= n, m <= N` (snapshot
//! `snapshots/fibonacci_nim_table_13.snap`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::Bitset;
use crate::solve::{ImpartialRuleset, Table, TableParams};
use crate::solve::position::{self, write_call};
use crate::solve::{AsPartizan, Position};
use crate::Error;

/// Fibonacci Nim as an [`ImpartialRuleset`]: a position is `(tokens left, most that may be
/// taken)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

impl ImpartialRuleset for FibonacciNim {
    type Position = (u64, u64);

    fn options(&self, &(n, m): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=m.min(n)).map(|k| (n - k, 2 * k)).collect()
    }

    fn normalize(&self, (n, m): (u64, u64)) -> (u64, u64) {
        // Being allowed more than the whole heap is the same as being allowed the whole heap.
        (n, m.min(n))
    }
}

/// The Zeckendorf representation of `n`: non-consecutive Fibonacci numbers (1, 2, 3, 5, ...)
/// summing to `n`, largest first (greedy; Zeckendorf's theorem).
///
/// ```
/// use partizan::rulesets::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(100), [89, 8, 3]);
/// assert_eq!(zeckendorf(0), Vec::<u64>::new());
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut out = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            out.push(f);
            n -= f;
        }
    }
    out
}

/// The winning move from `(n, m)`: how many tokens to take, or `None` when the player to move
/// loses (or no tokens are left).
///
/// ```
/// use partizan::rulesets::fibonacci_nim::winning_move;
/// assert_eq!(winning_move(100, 99), Some(3)); // 100 = 89 + 8 + 3
/// assert_eq!(winning_move(89, 88), None);     // a Fibonacci number
/// ```
pub fn winning_move(n: u64, m: u64) -> Option<u64> {
    let z = *zeckendorf(n).last()?;
    (z <= m).then_some(z)
}

/// Whether the player to move at `(n, m)` wins.
pub fn player_to_move_wins(n: u64, m: u64) -> bool {
    winning_move(n, m).is_some()
}

/// The Grundy values `G(n, m)` for `0 <= m <= n <= max_n`, at `[n][m]` (row `n` has `n + 1`
/// entries).
///
/// Row `n` adds one option per step of `m` (taking `m`), so each entry is the mex of a growing
/// set: `O(max_n²)` mex updates.
pub fn grundy_table(max_n: usize) -> Vec<Vec<u32>> {
    let mut g: Vec<Vec<u32>> = Vec::with_capacity(max_n + 1);
    let mut seen = Bitset::new();
    for n in 0..=max_n {
        seen.clear();
        let mut row = Vec::with_capacity(n + 1);
        row.push(0);
        for k in 1..=n {
            let rest = n - k;
            seen.insert(g[rest][(2 * k).min(rest)] as usize);
            row.push(seen.mex() as u32);
        }
        g.push(row);
    }
    g
}

/// The largest heap a call evaluates (the table has about `n²/2` entries).
pub const MAX_HEAP: usize = 5000;

/// `fibonacci_nim(n)` (the start, `m = n − 1`) or `fibonacci_nim(n, m)`: the value `*G(n, m)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let n = args::size(positional, 0, "the heap size n")?;
    let m = if positional.len() > 1 {
        args::size(positional, 1, "the limit m")?
    } else {
        n.saturating_sub(1)
    };
    if n > MAX_HEAP {
        return Err(Error::input(format!("heap size {n} is too large (at most {MAX_HEAP})")));
    }
    Ok(Game::nimber(grundy_table(n)[n][m.min(n)] as u64))
}

/// `partizan table fibonacci_nim size=N`: the Grundy value `G(n, m)` of `n` tokens (row) of
/// which at most `m` (column) may be taken, `0 <= n, m <= N`; a limit above `n` is the same as
/// `n`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let size = bounded(a, "size", 13, (1, 1000))?;
    let g = grundy_table(size);
    Ok(Table::grid(
        "Grundy values of Fibonacci Nim: n tokens, at most m may be taken",
        "m",
        "n",
        size + 1,
        size + 1,
        |m, n| g[n][m.min(n)].to_string(),
    ))
}

/// The `fibonacci_nim` family (see the module documentation).
pub struct FibonacciNimFamily;

impl Family for FibonacciNimFamily {
    fn name(&self) -> &'static str {
        "fibonacci_nim"
    }
    fn usage(&self) -> &'static str {
        "fibonacci_nim(n) or fibonacci_nim(n, m): Fibonacci Nim, n tokens, at most m may be taken (default n - 1)"
    }
    fn example(&self) -> &'static str {
        "fibonacci_nim(12)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Position, Error> {
            let value = call(args, named)?;
            let n = args::size(args, 0, "the heap size n")?;
            let m = match args.len() {
                1 => n.saturating_sub(1),
                _ => args::size(args, 1, "the limit m")?.min(n),
            };
            let p = position::of(
                AsPartizan(FibonacciNim),
                true,
                (n as u64, m as u64),
                |_, &(n, m), f| write_call(f, "fibonacci_nim", &[n, m]),
                |_, &(n, m)| {
                    let (n, m) = (n as usize, m as usize);
                    Ok(Game::nimber(u64::from(grundy_table(n)[n][m.min(n)])))
                },
            );
            Ok(p.with_value(value))
        };
        Some(read())
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "heaps and limits of 0 to size tokens, default 13, at most 1000",
            }],
            example: "table fibonacci_nim size=13",
            build: table,
        })
    }
}
