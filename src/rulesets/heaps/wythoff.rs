//! Wythoff's game (Corner the Queen).
//!
//! **Rules.** Two heaps `(x, y)`; a move takes any positive number of tokens from one heap, or
//! the same positive number from both. Equivalently a queen on a board moves left, down or
//! diagonally down-left any distance towards the corner `(0, 0)`; whoever cannot move loses.
//!
//! **Input.** `wythoff(3, 5)` in expressions (the value `*G(3, 5)`); `partizan table wythoff
//! size=N` (or `cols=C rows=R`) prints the Grundy table with `x` across and `y` down.
//!
//! **Theorems checked.**
//! - *Wythoff's theorem* (W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
//!   Wiskunde 7 (1907) 199–202; OEIS A000201, A001950): the P-positions (Grundy value 0) are
//!   `(⌊nφ⌋, ⌊nφ²⌋)` and their mirror images, `n = 0, 1, 2, ...`, with `φ = (1 + √5)/2`, and
//!   `⌊nφ²⌋ = ⌊nφ⌋ + n`. [`p_position`] computes them with exact integer arithmetic, no floating
//!   point: `⌊nφ⌋ = ⌊(n + √(5n²))/2⌋ = (n + isqrt(5n²)) / 2` (the square root is irrational for
//!   `n > 0`, so rounding it down first does not change the floor), valid for every `u64` `n`
//!   (`u128` arithmetic, a big-integer square root past `5n² ≥ 2^128`).
//! - The tests check that the zeros of the Grundy table are exactly these pairs, the table against
//!   a brute-force mex and against the canonical forms of [`crate::solve::Solver`], and
//!   [`p_position`] for `n` past `10^15` against the defining inequalities and against Binet's
//!   formula at Fibonacci numbers.
//!
//! The table is computed by [`crate::solve::grundy::slider_table`]: per row, column and diagonal
//! a bitset of the values seen, the mex of the union a word at a time.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{slider_table, Slides};
use crate::solve::{ImpartialRuleset, Table, TableParams};
use crate::solve::position::{of_ruleset, write_call, Rules};
use crate::solve::{AsPartizan, Position};
use std::sync::Arc;
use crate::Error;
use num_bigint::BigUint;

/// Wythoff's game as an [`ImpartialRuleset`]: a position is `(x, y)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl ImpartialRuleset for Wythoff {
    type Position = (usize, usize);

    fn options(&self, &(x, y): &(usize, usize)) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(x + y + x.min(y));
        out.extend((0..x).map(|a| (a, y)));
        out.extend((0..y).map(|b| (x, b)));
        out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
        out
    }

    fn normalize(&self, (x, y): (usize, usize)) -> (usize, usize) {
        // The game is symmetric in its two heaps.
        (x.min(y), x.max(y))
    }
}

/// The Grundy values of the `width × height` corner of the board: `G(x, y)` at
/// `[y * width + x]`.
///
/// ```
/// use partizan::rulesets::wythoff::grundy_table;
/// let g = grundy_table(3, 3);
/// // By hand: G(1,1) = mex{G(0,1), G(1,0), G(0,0)} = mex{1, 1, 0} = 2, and so on.
/// assert_eq!(g, [0, 1, 2, 1, 2, 0, 2, 0, 1]);
/// ```
pub fn grundy_table(width: usize, height: usize) -> Vec<u32> {
    let all = Slides {
        row: true,
        column: true,
        diagonal: true,
    };
    slider_table(width, height, all, &[])
}

/// `⌊nφ⌋`, exactly.
///
/// ```
/// use partizan::rulesets::wythoff::floor_n_phi;
/// assert_eq!((1..=6).map(floor_n_phi).collect::<Vec<_>>(), [1, 3, 4, 6, 8, 9]);
/// ```
pub fn floor_n_phi(n: u64) -> u128 {
    let n = n as u128;
    let root = match n.checked_mul(n).and_then(|sq| sq.checked_mul(5)) {
        Some(five_n2) => five_n2.isqrt(),
        None => {
            let big = BigUint::from(n);
            let root = (&big * &big * 5u32).sqrt();
            u128::try_from(root).expect("√(5n²) < 2^66 for n < 2^64")
        }
    };
    (n + root) / 2
}

/// The `n`-th P-position `(⌊nφ⌋, ⌊nφ²⌋) = (⌊nφ⌋, ⌊nφ⌋ + n)`.
///
/// ```
/// use partizan::rulesets::wythoff::p_position;
/// assert_eq!(p_position(0), (0, 0));
/// assert_eq!(p_position(3), (4, 7));
/// ```
pub fn p_position(n: u64) -> (u128, u128) {
    let a = floor_n_phi(n);
    (a, a + n as u128)
}

/// Whether `(x, y)` is a P-position (the player to move loses).
pub fn is_p_position(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    p_position(b - a).0 == a as u128
}

/// The largest table (in cells) that an expression or the table command builds.
pub const MAX_CELLS: usize = 1 << 26;

/// Checks `width × height` against [`MAX_CELLS`].
pub(crate) fn check_cells(width: usize, height: usize) -> Result<(), Error> {
    match width.checked_mul(height) {
        Some(c) if c <= MAX_CELLS => Ok(()),
        _ => {
            Err(Error::input(format!("a {width}×{height} table is too large (at most {MAX_CELLS} cells)")))
        }
    }
}

/// `wythoff(x, y)`: the value `*G(x, y)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let x = args::size(positional, 0, "x")?;
    let y = args::size(positional, 1, "y")?;
    if is_p_position(x as u64, y as u64) {
        return Ok(Game::zero());
    }
    let (w, h) = (x.min(y) + 1, x.max(y) + 1);
    check_cells(w, h)?;
    Ok(Game::nimber(grundy_table(w, h)[h * w - 1] as u64))
}

/// The width and height of a table from `size`, `cols`, `rows`.
pub(crate) fn table_shape(args: &TableParams, default: usize) -> Result<(usize, usize), Error> {
    let size = args.natural("size")?.unwrap_or(default);
    let (w, h) = (
        args.natural("cols")?.unwrap_or(size),
        args.natural("rows")?.unwrap_or(size),
    );
    check_cells(w, h)?;
    Ok((w, h))
}

/// `partizan table wythoff size=N` (default 12): the Grundy table, `x` across, `y` down.
fn table(args: &TableParams) -> Result<Table, Error> {
    let (w, h) = table_shape(args, 12)?;
    let g = grundy_table(w, h);
    Ok(Table::grid(
        "Grundy values of Wythoff's game",
        "x",
        "y",
        w,
        h,
        |x, y| g[y * w + x].to_string(),
    ))
}

/// The `wythoff` family (see the module documentation).
pub struct WythoffFamily;

impl Family for WythoffFamily {
    fn name(&self) -> &'static str {
        "wythoff"
    }
    fn usage(&self) -> &'static str {
        "wythoff(x, y): Wythoff's game with heaps x and y"
    }
    fn example(&self) -> &'static str {
        "wythoff(3, 5)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<(usize, usize), Error> {
            args::named(named, "", &[])?;
            Ok((args::size(args, 0, "x")?, args::size(args, 1, "y")?))
        };
        Some(read().map(|xy| {
            let rules = Rules {
                ruleset: AsPartizan(Wythoff),
                impartial: true,
                write: |_, &(x, y), f| write_call(f, "wythoff", &[x, y]),
                value: |_, &(x, y)| {
                    call(&[Arg::Game(Game::integer(x as i64)), Arg::Game(Game::integer(y as i64))], &[])
                },
                // A move takes from one heap or equally from both.
                option_count: Some(|&(x, y)| (x + y + x.min(y)) as u128),
                search: None,
            };
            of_ruleset(Arc::new(rules), xy)
        }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "size",
                    meaning: "heaps 0 to size-1 each way, default 12",
                },
                Param {
                    name: "cols",
                    meaning: "columns instead of size",
                },
                Param {
                    name: "rows",
                    meaning: "rows instead of size",
                },
            ],
            example: "table wythoff size=12",
            build: table,
        })
    }
}
