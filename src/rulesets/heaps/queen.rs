//! The partizan Queen of the Wythoff-variant paper.
//!
//! **Rules.** A queen stands on cell `(x, y)` of the quarter-infinite board (`x, y >= 0`).
//! Left moves it horizontally towards the corner, to `(x − t, y)`, or diagonally, to
//! `(x − t, y − t)`; Right moves it vertically, to `(x, y − t)`, or diagonally; always `t >= 1`.
//! Optional limits: a diagonal move goes at most `p − 1` steps, an orthogonal move at most
//! `q − 1` steps (`p, q >= 1`; no limit by default). The player who cannot move loses.
//!
//! **Values.** Canonical forms are built from the rules, cell by cell, from the option values by
//! the general constructor [`Game::new`] ([`queen_table`]), or by the generic
//! [`Solver`](crate::solve::Solver) through the [`PartizanQueen`] ruleset; never from a formula.
//! The paper's Theorem 3.1 states `G(x, y) = x − y + *min(x, y)`, and its formula (4) with the
//! diagonal limited to `p − 1` steps `G(x, y) = x − y + *(min(x, y) mod p)`; it also states that
//! limiting the orthogonal moves does not change the values. The tests (`tests/queen.rs`) check
//! these on every cell up to 64×64 for `p = 2..6` and several `q`, and compare the 9×9 tables with
//! the paper's Tables 2 and 3 (`tests/data/paper-table{2,3}-*.tsv`).
//!
//! **In expressions:** `queen(x, y)`, `queen(x, y, p=3)`, `queen(x, y, p=3, q=4)`.
//! **Tables:** `partizan table queen size=9 [p=P] [q=Q]` (cell `(x, y)` in column `x`,
//! row `y`, as in the paper).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Table, TableParams};
use crate::solve::{position, Position};
use crate::Error;

/// The largest table [`queen_value`] builds for one call (cells), so that a huge argument gives
/// an error instead of exhausting memory.
pub const MAX_CELLS: usize = 1 << 24;

/// The move limits of the partizan Queen: `p` bounds the diagonal moves to `p − 1` steps, `q`
/// the orthogonal moves to `q − 1` steps; `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartizanQueen {
    /// Diagonal moves go at most `p − 1` steps.
    pub p: Option<u64>,
    /// Orthogonal moves go at most `q − 1` steps.
    pub q: Option<u64>,
}

impl PartizanQueen {
    /// The queen without limits (the paper's Theorem 3.1).
    pub fn unlimited() -> PartizanQueen {
        PartizanQueen::default()
    }

    /// The queen with the given limits; `Err` when `p` or `q` is 0 (a limit of `−1` steps).
    pub fn new(p: Option<u64>, q: Option<u64>) -> Result<PartizanQueen, Error> {
        if p == Some(0) {
            return Err(Error::input("p must be at least 1 (diagonal moves of at most p - 1 steps)"));
        }
        if q == Some(0) {
            return Err(Error::input("q must be at least 1 (orthogonal moves of at most q - 1 steps)"));
        }
        Ok(PartizanQueen { p, q })
    }

    /// The longest diagonal move from `(x, y)`.
    fn diagonal_reach(&self, x: u64, y: u64) -> u64 {
        let r = x.min(y);
        self.p.map_or(r, |p| r.min(p - 1))
    }

    /// The longest orthogonal move along a coordinate `c`.
    fn orthogonal_reach(&self, c: u64) -> u64 {
        self.q.map_or(c, |q| c.min(q - 1))
    }
}

impl Ruleset for PartizanQueen {
    type Position = (u64, u64);

    fn left_options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let horizontal = (1..=self.orthogonal_reach(x)).map(|t| (x - t, y));
        let diagonal = (1..=self.diagonal_reach(x, y)).map(|t| (x - t, y - t));
        horizontal.chain(diagonal).collect()
    }

    fn right_options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let vertical = (1..=self.orthogonal_reach(y)).map(|t| (x, y - t));
        let diagonal = (1..=self.diagonal_reach(x, y)).map(|t| (x - t, y - t));
        vertical.chain(diagonal).collect()
    }
}

/// The values of every cell `(x, y)`, `x < width`, `y < height`, in row-major order (index
/// `y * width + x`), each built by [`Game::new`] from the values of its options.
///
/// Rows are filled in increasing `y` and each row in increasing `x`: every option of a cell has
/// a smaller `x` in the same row or lies in an earlier row, so it is already known. With
/// `impartial` both players get all three directions (Wythoff's game, whose values are the
/// nimbers of the Grundy values). Each finished row's cells are recorded in [`crate::progress`],
/// so that a long table (`queen(1000,1000)` builds a million cells) shows progress.
pub fn queen_table(
    width: usize,
    height: usize,
    rules: PartizanQueen,
    impartial: bool,
) -> Vec<Game> {
    let mut table: Vec<Game> = Vec::with_capacity(width * height);
    let mut left: Vec<Game> = Vec::new();
    let mut right: Vec<Game> = Vec::new();
    for y in 0..height {
        for x in 0..width {
            left.clear();
            right.clear();
            let d = rules.diagonal_reach(x as u64, y as u64) as usize;
            let h = rules.orthogonal_reach(x as u64) as usize;
            let v = rules.orthogonal_reach(y as u64) as usize;
            left.extend((1..=h).map(|t| table[y * width + x - t]));
            right.extend((1..=v).map(|t| table[(y - t) * width + x]));
            for t in 1..=d {
                let g = table[(y - t) * width + x - t];
                left.push(g);
                right.push(g);
            }
            if impartial {
                left.extend((1..=v).map(|t| table[(y - t) * width + x]));
                right.extend((1..=h).map(|t| table[y * width + x - t]));
            }
            table.push(Game::new(left.iter().copied(), right.iter().copied()));
        }
        crate::progress::record(width as u64);
    }
    table
}

/// The value of the partizan Queen at `(x, y)`, from the rules (see [`queen_table`]).
pub fn queen_value(x: usize, y: usize, rules: PartizanQueen) -> Result<Game, Error> {
    let cells = (x.checked_add(1))
        .and_then(|w| w.checked_mul(y.checked_add(1)?))
        .filter(|&c| c <= MAX_CELLS)
        .ok_or_else(|| {
            Error::input(format!(
                "queen({x},{y}) would build a table of more than {MAX_CELLS} cells from the rules"
            ))
        })?;
    debug_assert!(cells > 0);
    let table = queen_table(x + 1, y + 1, rules, false);
    Ok(table[y * (x + 1) + x])
}

/// Reads an optional limit argument (`p = 3`).
fn limit(named: &[NamedArg], name: &str) -> Result<Option<u64>, Error> {
    match args::named(named, name, &["p", "q"])? {
        None => Ok(None),
        Some(a) => {
            let n = args::size(std::slice::from_ref(a), 0, name)?;
            Ok(Some(n as u64))
        }
    }
}

/// `queen(x, y)`, `queen(x, y, p=P, q=Q)`: the registry's entry point.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    if positional.len() != 2 {
        return Err(Error::input(format!(
            "expected two coordinates x, y, found {} arguments",
            positional.len()
        )));
    }
    let x = args::size(positional, 0, "x")?;
    let y = args::size(positional, 1, "y")?;
    let rules = PartizanQueen::new(limit(named, "p")?, limit(named, "q")?)?;
    queen_value(x, y, rules)
}

/// Reads a table limit (`p`, `q`).
fn table_limit(v: Option<i64>, name: &str) -> Result<Option<u64>, Error> {
    match v {
        None => Ok(None),
        Some(n) if n < 1 => Err(Error::input(format!("{name} must be at least 1, not {n}"))),
        Some(n) => Ok(Some(n as u64)),
    }
}

/// `partizan table queen size=N [p=P] [q=Q]`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = a.natural("size")?.unwrap_or(9);
    if n.checked_mul(n).is_none_or(|c| c > MAX_CELLS) {
        return Err(Error::input(format!("size {n} is too large (at most {MAX_CELLS} cells)")));
    }
    let rules = PartizanQueen::new(table_limit(a.int("p"), "p")?, table_limit(a.int("q"), "q")?)?;
    let values = queen_table(n, n, rules, false);
    let mut caption = String::from(
        "Values of the partizan Queen (Left: horizontal or diagonal; Right: vertical or diagonal)",
    );
    if let Some(p) = rules.p {
        caption += &format!(", diagonal at most {} steps (p = {p})", p - 1);
    }
    if let Some(q) = rules.q {
        caption += &format!(", orthogonal at most {} steps (q = {q})", q - 1);
    }
    caption += ", computed from the rules";
    Ok(Table::grid(&caption, "x", "y", n, n, |x, y| {
        values[y * n + x].to_string()
    }))
}

/// The `queen` family (see the module documentation).
pub struct QueenFamily;

impl Family for QueenFamily {
    fn name(&self) -> &'static str {
        "queen"
    }
    fn usage(&self) -> &'static str {
        "queen(x, y[, p=P][, q=Q]): the partizan Queen at (x, y), diagonal moves of at most p-1 steps, orthogonal of at most q-1"
    }
    fn example(&self) -> &'static str {
        "queen(5, 3, p=3)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Position, Error> {
            let value = call(args, named)?;
            let (x, y) = (args::size(args, 0, "x")?, args::size(args, 1, "y")?);
            let rules = PartizanQueen::new(limit(named, "p")?, limit(named, "q")?)?;
            let p = position::of(
                rules,
                false,
                (x as u64, y as u64),
                |r, (x, y), f| {
                    write!(f, "queen({x},{y}")?;
                    if let Some(p) = r.p {
                        write!(f, ",p={p}")?;
                    }
                    if let Some(q) = r.q {
                        write!(f, ",q={q}")?;
                    }
                    f.write_str(")")
                },
                |r, &(x, y)| queen_value(x as usize, y as usize, *r),
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
                    meaning: "the board is size x size, default 9",
                },
                Param {
                    name: "p",
                    meaning: "diagonal moves of at most p-1 steps, default no limit",
                },
                Param {
                    name: "q",
                    meaning: "orthogonal moves of at most q-1 steps, default no limit",
                },
            ],
            example: "table queen size=9 p=3",
            build: table,
        })
    }
}
