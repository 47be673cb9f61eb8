//! Nim and misère Nim.
//!
//! **Rules.** Several heaps of tokens; a move takes any positive number of tokens from one heap.
//! In normal play the player who cannot move loses (whoever takes the last token wins); in
//! misère play the player who takes the last token loses.
//!
//! **Input.** Heap sizes: `nim(3, 5, 7)` in expressions (its value, a nimber); `&[u64]` in the
//! functions here.
//!
//! **Theorems checked.**
//! - *Bouton's rule* (C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of
//!   Mathematics 3 (1901–02) 35–39; the Sprague–Grundy theorem gives it as a value): the value of
//!   heaps `a, b, c, ...` is `*(a ⊕ b ⊕ c ⊕ ...)`, so the player to move wins iff the nim-sum is
//!   not 0, and a winning move reduces a heap `h` with `h ⊕ s < h` to `h ⊕ s` (`s` the nim-sum).
//! - *Misère Nim* (Bouton 1901, same paper; WW ch. 13): the player to move wins iff
//!   some heap exceeds 1 and the nim-sum is not 0, or every heap is at most 1 and the nim-sum is 0.
//!   He plays as in normal play, except when his move would leave only heaps of at most 1: then he
//!   leaves an odd number of heaps of 1.
//!
//! **Tables:** `partizan table nim size=N`: the values of two heaps `a, b < N` (snapshot
//! `snapshots/nim_table_8.snap`).
//!
//! The tests check both rules and both winning moves against a brute-force search over all small
//! positions, and the value against the canonical form built by [`crate::solve::Solver`].

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, HeapCode, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{of_ruleset, write_call, Rules};
use crate::solve::{AsPartizan, ImpartialRuleset, Position, Table, TableParams};
use std::sync::Arc;
use crate::Error;

/// Nim as an [`ImpartialRuleset`]: a position is the list of heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl ImpartialRuleset for Nim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        singletons(heaps)
    }

    fn normalize(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        // Order does not matter and empty heaps offer no moves.
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        heaps
    }
}

/// The components of a position that is a list of independent parts (heaps, tokens, sheets):
/// each part alone, or the position itself when it has at most one part.
pub(crate) fn singletons<T: Clone>(parts: &[T]) -> Vec<Vec<T>> {
    if parts.len() <= 1 {
        vec![parts.to_vec()]
    } else {
        parts.iter().map(|p| vec![p.clone()]).collect()
    }
}

/// The Grundy value of the heaps: their nim-sum (Bouton's rule).
///
/// ```
/// assert_eq!(partizan::rulesets::nim::grundy(&[3, 5, 7]), 1);
/// ```
pub fn grundy(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |s, &h| s ^ h)
}

/// A winning move in normal play, as `(heap index, new size)`, or `None` when the nim-sum is 0
/// (every move loses).
///
/// ```
/// use partizan::rulesets::nim::winning_move;
/// // 3 ⊕ 5 ⊕ 7 = 1: 3 → 2 leaves 2 ⊕ 5 ⊕ 7 = 0.
/// assert_eq!(winning_move(&[3, 5, 7]), Some((0, 2)));
/// assert_eq!(winning_move(&[1, 2, 3]), None);
/// ```
pub fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let s = grundy(heaps);
    if s == 0 {
        return None;
    }
    heaps
        .iter()
        .enumerate()
        .find(|(_, &h)| h ^ s < h)
        .map(|(i, &h)| (i, h ^ s))
}

/// Whether the player to move wins misère Nim: some heap exceeds 1 and the nim-sum is not 0, or
/// every heap is at most 1 and the nim-sum is 0.
///
/// ```
/// use partizan::rulesets::nim::misere_wins;
/// assert!(!misere_wins(&[1]));      // he must take the last token
/// assert!(misere_wins(&[1, 1]));
/// assert!(misere_wins(&[2]));       // 2 → 1
/// assert!(!misere_wins(&[2, 2]));
/// ```
pub fn misere_wins(heaps: &[u64]) -> bool {
    let s = grundy(heaps);
    if heaps.iter().any(|&h| h > 1) {
        s != 0
    } else {
        s == 0
    }
}

/// A winning move in misère Nim, as `(heap index, new size)`, or `None` when the player to move
/// loses (or, with no tokens left, has already won).
///
/// ```
/// use partizan::rulesets::nim::misere_winning_move;
/// // One big heap and two heaps of 1: leave an odd number of 1s, so 5 → 1.
/// assert_eq!(misere_winning_move(&[1, 5, 1]), Some((1, 1)));
/// ```
pub fn misere_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    if !misere_wins(heaps) {
        return None;
    }
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
    match big.len() {
        // Only heaps of 0 and 1, an even number of 1s: take one of them.
        0 => heaps.iter().position(|&h| h == 1).map(|i| (i, 0)),
        // Reduce the only big heap so that an odd number of 1s remains.
        1 => {
            let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
            Some((big[0], if ones.is_multiple_of(2) { 1 } else { 0 }))
        }
        // Two big heaps remain big after one move: play as in normal Nim.
        _ => winning_move(heaps),
    }
}

/// The Nim position with these heaps, as a value that keeps its rules (see
/// [`crate::solve::position`]); it is written `nim(a,b,c)`.
pub fn position(heaps: &[u64]) -> Position {
    let rules = Arc::new(Rules {
        ruleset: AsPartizan(Nim),
        impartial: true,
        write: |_, heaps, f| write_call(f, "nim", heaps),
        value: |_, heaps| Ok(Game::nimber(grundy(heaps))),
        option_count: Some(|heaps| heaps.iter().map(|&h| h as u128).sum()),
        search: None,
    });
    of_ruleset(rules, heaps.to_vec())
}

/// `nim(h1, h2, ...)` as a position.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    args::named(named, "", &[])?;
    let heaps = (0..positional.len())
        .map(|i| args::size(positional, i, &format!("heap {}", i + 1)).map(|h| h as u64))
        .collect::<Result<Vec<u64>, Error>>()?;
    Ok(position(&heaps))
}

/// `partizan table nim size=N`: the Grundy value of two heaps `a` (row) and `b` (column),
/// `0 <= a, b < N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = bounded(a, "size", 8, (1, 1024))?;
    Ok(Table::grid(
        "Grundy values of two Nim heaps a and b",
        "b",
        "a",
        n,
        n,
        |b, a| grundy(&[a as u64, b as u64]).to_string(),
    ))
}

/// The `nim` family (see the module documentation).
pub struct NimFamily;

impl Family for NimFamily {
    fn name(&self) -> &'static str {
        "nim"
    }
    fn usage(&self) -> &'static str {
        "nim(a, b, ...): Nim heaps of sizes a, b, ..."
    }
    fn example(&self) -> &'static str {
        "nim(3, 5, 7)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "heaps of 0 to size-1 tokens, default 8, at most 1024",
            }],
            example: "table nim size=8",
            build: table,
        })
    }
    /// Nim is the take-and-break game `0.[3]` (take any number from one heap), for misère play.
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        Some(match words {
            [] => Ok(HeapCode::TakeAndBreak("0.[3]".to_string())),
            _ => Err(Error::input("nim takes no arguments as a heap game")),
        })
    }
}
