//! Partizan Euclid.
//!
//! **Rules** (McKay and Nowakowski, "Outcomes of Partizan Euclid", *Integers* 12B (2012/13),
//! Integers Conference 2011 Proceedings, #A9, §1; the game was suggested by R. K. Guy; CGSuite's
//! example `PartizanEuclid.cgs`). A position is a pair of positive integers `(p, q)` with `p > q`.
//! Write `p = k·q + t` with `0 <= t < q`. If `q` divides `p` (`t = 0`) the game is over;
//! otherwise Left moves to `(q, t)` and Right moves to `(q, q − t)`. Each player has at most one
//! move. The player who cannot move loses.
//!
//! **Input format.** `partizan_euclid(p, q)` with `p >= q >= 1` (`p = q` is the finished game,
//! 0), `p` at most 10^6. Right's move from `(p, p − 1)` leads to `(p − 1, p − 2)`, so a game can
//! last about `p` moves and visit that many positions (`(10^6, 10^6 − 1)` takes about 2 s).
//!
//! **How values are computed.** The generic [`Solver`] from the rules, with `(p, q)` stored
//! divided by `gcd(p, q)`: both moves commute with scaling (`(g·p) mod (g·q) = g·(p mod q)`), so
//! `(g·p, g·q)` has the same game tree as `(p, q)`.
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules on every `(p, q)` with `p <= 60`; the scaling law; hand derivations
//! (`(3, 2) = {0 | 0} = *`: Left moves to `(2, 1)`, Right to `(2, 1)`, both finished).
//!
//! **In expressions:** `partizan_euclid(7, 3)`. **Tables:** `partizan table partizan_euclid
//! size=N`: the values of `(p, q)` for `1 <= q < p <= N` (column `q`, row `p`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::position::{self, write_call};
use crate::solve::Position;
use crate::Error;

/// The Partizan Euclid ruleset; a position is `(p, q)` with `p >= q >= 1`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanEuclid;

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ruleset for PartizanEuclid {
    type Position = (u64, u64);

    fn left_options(&self, &(p, q): &(u64, u64)) -> Vec<(u64, u64)> {
        match p % q {
            0 => vec![],
            t => vec![(q, t)],
        }
    }

    fn right_options(&self, &(p, q): &(u64, u64)) -> Vec<(u64, u64)> {
        match p % q {
            0 => vec![],
            t => vec![(q, q - t)],
        }
    }

    fn normalize(&self, (p, q): (u64, u64)) -> (u64, u64) {
        let g = gcd(p, q);
        (p / g, q / g)
    }

    fn known_value(&self, &(p, q): &(u64, u64)) -> Option<Game> {
        (p % q == 0).then(Game::zero)
    }
}

/// The largest `p` that `partizan_euclid` accepts: a game from `(p, q)` can last about `q` moves
/// (the second number decreases by as little as 1 a move), each a position to store.
pub const MAX_P: u64 = 1_000_000;

/// The value of `(p, q)`, `p >= q >= 1` (a fresh transposition table).
pub fn value(p: u64, q: u64) -> Game {
    Solver::new(PartizanEuclid).value(&(p, q))
}

/// `partizan_euclid(p, q)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    if positional.len() != 2 {
        return Err(Error::input(format!("expected p and q, found {} arguments", positional.len())));
    }
    let p = args::size(positional, 0, "p")? as u64;
    let q = args::size(positional, 1, "q")? as u64;
    if q == 0 {
        return Err(Error::input("q must be at least 1"));
    }
    if p < q {
        return Err(Error::input(format!(
            "p must be at least q (a position is (p, q) with p > q), not ({p}, {q})"
        )));
    }
    if p > MAX_P {
        return Err(Error::input(format!("p = {p} is too large (at most {MAX_P})")));
    }
    Ok(value(p, q))
}

/// `partizan table partizan_euclid size=N`: `(p, q)` for `1 <= q < p <= N`; the cells with
/// `q >= p` are empty.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = bounded(a, "size", 12, (2, 200))?;
    let mut solver = Solver::new(PartizanEuclid);
    let mut t = Table::grid(
        "Values of Partizan Euclid (p, q), p > q: Left moves to (q, p mod q), Right to (q, q - p mod q)",
        "q",
        "p",
        n - 1,
        n - 1,
        |q, p| {
            let (p, q) = (p as u64 + 2, q as u64 + 1);
            if q < p {
                solver.value(&(p, q)).to_string()
            } else {
                String::new()
            }
        },
    );
    t.columns = (1..n).map(|q| q.to_string()).collect();
    t.rows = (2..=n).map(|p| p.to_string()).collect();
    Ok(t)
}

/// The `partizan_euclid` family (see the module documentation).
pub struct PartizanEuclidFamily;

impl Family for PartizanEuclidFamily {
    fn name(&self) -> &'static str {
        "partizan_euclid"
    }
    fn usage(&self) -> &'static str {
        "partizan_euclid(p, q), p >= q >= 1: with t = p mod q, Left moves to (q, t), Right to (q, q - t); finished when t = 0"
    }
    fn example(&self) -> &'static str {
        "partizan_euclid(7, 3)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Position, Error> {
            let known = call(args, named)?;
            let pq = (args::size(args, 0, "p")? as u64, args::size(args, 1, "q")? as u64);
            let p = position::of(
                PartizanEuclid,
                false,
                pq,
                |_, &(p, q), f| write_call(f, "partizan_euclid", &[p, q]),
                |_, &(p, q)| Ok(value(p, q)),
            );
            Ok(p.with_value(known))
        };
        Some(read())
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest p, between 2 and 200, default 12",
            }],
            example: "table partizan_euclid size=8",
            build: table,
        })
    }
}
