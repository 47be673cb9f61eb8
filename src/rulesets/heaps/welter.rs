//! The Sato–Welter coin game.
//!
//! **Rules.** Coins on distinct squares `0, 1, 2, ...` of a strip. A move takes one coin to any
//! empty square to its left (jumping over other coins is allowed). Whoever cannot move (all
//! coins packed at the left end) loses.
//!
//! **Input.** The squares of the coins: `welter(1, 4, 6)` in expressions (the value, a nimber);
//! `&[u64]` of distinct squares in the functions here (a repeated square is an error).
//!
//! **Theorems checked.**
//! - *Sato's hook formula* (M. Sato, "Mathematical theory of Maya game", 1970, lecture notes in
//!   Japanese; the coin strip is a Maya diagram): read the coins as a Maya diagram,
//!   i.e. the partition `λ` with parts `a_i − i` (`a_1 < a_2 < ...`, `i` from 0). The value is
//!   the XOR, over the hook lengths `h` of the Young diagram of `λ`, of `h ⊕ (h − 1)`
//!   ([`grundy_by_hooks`]).
//! - *Welter's function* (C. P. Welter, "The theory of a class of games on a sequence of squares,
//!   in terms of the advancing operation in a special group", Indag. Math. 16 (1954) 194–200;
//!   Conway, ONAG, the chapter on Welter's game): the value is `a_1 ⊕ ... ⊕ a_k`
//!   XORed with `d ⊕ (d − 1)` for the distance `d` of every pair of coins ([`welter_function`]).
//!
//! **Tables:** `partizan table welter size=N [third=C]`: the values of two coins on squares
//! `a, b < N`, with a third coin on square `C` if given (snapshots
//! `snapshots/welter_table_10.snap`, `snapshots/welter_table_8_third_3.snap`).
//!
//! Both are checked against a brute-force search over all positions with at most 4 coins on at
//! most 12 squares, and against the canonical forms of [`crate::solve::Solver`]; [`winning_move`]
//! is checked to reach a position of value 0 from every position of non-zero value.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{ImpartialRuleset, Table, TableParams};
use crate::solve::position::write_call;
use crate::solve::{position as positions, AsPartizan, Position};
use crate::Error;

/// The coin game as an [`ImpartialRuleset`]: a position is the sorted list of coin squares.
#[derive(Clone, Copy, Debug, Default)]
pub struct Welter;

impl ImpartialRuleset for Welter {
    type Position = Vec<u64>;

    fn options(&self, coins: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &a) in coins.iter().enumerate() {
            for b in 0..a {
                if !coins.contains(&b) {
                    let mut next = coins.clone();
                    next[i] = b;
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    }
}

/// Checks that the squares are distinct, and sorts them.
pub fn position(squares: &[u64]) -> Result<Vec<u64>, Error> {
    let mut s = squares.to_vec();
    s.sort_unstable();
    if let Some(w) = s.windows(2).find(|w| w[0] == w[1]) {
        return Err(Error::input(format!("two coins on square {}", w[0])));
    }
    Ok(s)
}

/// `h ⊕ (h − 1)` for `h >= 1`: `2^(v + 1) − 1` with `2^v` the largest power of 2 dividing `h`.
fn n(h: u64) -> u64 {
    h ^ (h - 1)
}

/// The partition `λ` of the coins (largest part first): the `i`-th coin from the left (from 0)
/// at square `a` gives the part `a − i`; zero parts are dropped.
///
/// ```
/// use partizan::rulesets::welter::partition;
/// // Coins at 1, 4, 6: parts 1 − 0, 4 − 1, 6 − 2.
/// assert_eq!(partition(&[1, 4, 6]), [4, 3, 1]);
/// ```
pub fn partition(coins: &[u64]) -> Vec<u64> {
    let mut c = coins.to_vec();
    c.sort_unstable();
    let mut parts: Vec<u64> = c
        .iter()
        .enumerate()
        .map(|(i, &a)| a - i as u64)
        .filter(|&p| p > 0)
        .collect();
    parts.reverse();
    parts
}

/// The hook lengths of the Young diagram of the partition `parts` (largest first): for the cell
/// in row `i`, column `j`, `arm + leg + 1 = (λ_i − j − 1) + (λ'_j − i − 1) + 1`.
pub fn hook_lengths(parts: &[u64]) -> Vec<u64> {
    let width = parts.first().copied().unwrap_or(0) as usize;
    // The conjugate partition: column lengths.
    let conjugate: Vec<u64> = (0..width)
        .map(|j| parts.iter().filter(|&&p| p as usize > j).count() as u64)
        .collect();
    let mut hooks = Vec::new();
    for (i, &p) in parts.iter().enumerate() {
        for (j, &c) in conjugate.iter().enumerate().take(p as usize) {
            hooks.push((p - j as u64 - 1) + (c - i as u64 - 1) + 1);
        }
    }
    hooks
}

/// The Grundy value by Sato's hook formula: the XOR over the hook lengths `h` of `h ⊕ (h − 1)`.
///
/// ```
/// use partizan::rulesets::welter::grundy_by_hooks;
/// // One coin on square 5 is a Nim heap of 5: hooks 5, 4, 3, 2, 1.
/// assert_eq!(grundy_by_hooks(&[5]), 5);
/// ```
pub fn grundy_by_hooks(coins: &[u64]) -> u64 {
    hook_lengths(&partition(coins))
        .into_iter()
        .fold(0, |s, h| s ^ n(h))
}

/// Welter's function `[a_1 | ... | a_k]`: `a_1 ⊕ ... ⊕ a_k` XORed with `d ⊕ (d − 1)` for each
/// pair of coins at distance `d` (the squares must be distinct).
///
/// ```
/// use partizan::rulesets::welter::welter_function;
/// // Two coins: [a | b] = (a ⊕ b) − 1.
/// assert_eq!(welter_function(&[3, 9]), (3 ^ 9) - 1);
/// ```
pub fn welter_function(coins: &[u64]) -> u64 {
    let mut s = coins.iter().fold(0, |s, &a| s ^ a);
    for (i, &a) in coins.iter().enumerate() {
        for &b in &coins[i + 1..] {
            s ^= n(a.abs_diff(b));
        }
    }
    s
}

/// A winning move: `(from, to)` squares of the coin to move, or `None` when the value is 0.
///
/// ```
/// use partizan::rulesets::welter::{welter_function, winning_move};
/// let (from, to) = winning_move(&[2, 5, 7]).unwrap();
/// let mut next = vec![2, 5, 7];
/// next.retain(|&c| c != from);
/// next.push(to);
/// assert_eq!(welter_function(&next), 0);
/// ```
pub fn winning_move(coins: &[u64]) -> Option<(u64, u64)> {
    if welter_function(coins) == 0 {
        return None;
    }
    for (i, &a) in coins.iter().enumerate() {
        for b in 0..a {
            if coins.contains(&b) {
                continue;
            }
            let mut next = coins.to_vec();
            next[i] = b;
            if welter_function(&next) == 0 {
                return Some((a, b));
            }
        }
    }
    unreachable!("a position of non-zero value has an option of value 0 (mex)")
}

/// `welter(a, b, ...)`: the value of coins on squares `a, b, ...`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let squares = (0..positional.len())
        .map(|i| args::size(positional, i, &format!("square {}", i + 1)).map(|s| s as u64))
        .collect::<Result<Vec<u64>, Error>>()?;
    Ok(Game::nimber(welter_function(&position(&squares)?)))
}

/// `partizan table welter size=N [third=C]`: the Grundy value of coins on squares `a` (row) and
/// `b` (column), `0 <= a, b < N`, and on square `C` when `third=C` is given; `-` where two coins
/// would share a square.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = bounded(a, "size", 10, (1, 256))?;
    let third = a.natural("third")?.map(|c| c as u64);
    let caption = match third {
        None => "Grundy values of two Welter coins on squares a and b".to_string(),
        Some(c) => format!("Grundy values of Welter coins on squares a, b and {c}"),
    };
    Ok(Table::grid(&caption, "b", "a", n, n, |b, a| {
        let mut coins: Vec<u64> = [a as u64, b as u64].into_iter().chain(third).collect();
        coins.sort_unstable();
        if coins.windows(2).any(|w| w[0] == w[1]) {
            "-".to_string()
        } else {
            welter_function(&coins).to_string()
        }
    }))
}

/// The `welter` family (see the module documentation).
pub struct WelterFamily;

impl Family for WelterFamily {
    fn name(&self) -> &'static str {
        "welter"
    }
    fn usage(&self) -> &'static str {
        "welter(a, b, ...): coins on distinct squares a, b, ... of the Sato-Welter strip"
    }
    fn example(&self) -> &'static str {
        "welter(1, 4, 6)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Position, Error> {
            let value = call(args, named)?;
            let squares = (0..args.len())
                .map(|i| args::size(args, i, "a square").map(|s| s as u64))
                .collect::<Result<Vec<u64>, Error>>()?;
            let p = positions::of(
                AsPartizan(Welter),
                true,
                position(&squares)?,
                |_, coins, f| write_call(f, "welter", coins),
                |_, coins| Ok(Game::nimber(welter_function(coins))),
            );
            Ok(p.with_value(value))
        };
        Some(read())
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "size",
                    meaning: "coins on squares 0 to size-1, default 10, at most 256",
                },
                Param {
                    name: "third",
                    meaning: "a third coin on this square, default none",
                },
            ],
            example: "table welter size=8 third=3",
            build: table,
        })
    }
}
