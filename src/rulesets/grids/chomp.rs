//! Chomp, on rectangles and on any Young diagram.
//!
//! **Rules** (D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81 (1974)). A chocolate bar
//! of squares, the top-left square poisoned. A move chooses a square and eats it together with
//! every square below and to the right of it (row ≥, column ≥). Whoever eats the poisoned square
//! loses. **Convention:** the poisoned square is never eaten voluntarily, so the game is played in
//! normal play on the other squares: a move eats a square other than the poisoned one, and the
//! player facing the poisoned square alone cannot move and loses. So the value of the lone
//! poisoned square (the `1 × 1` board) is 0, and of a `1 × n` row `*(n − 1)`.
//!
//! What remains after any moves is a *Young diagram*: rows, top to bottom, of non-increasing
//! lengths, all starting in the first column. Chomp is impartial; its values are nimbers `*g`.
//!
//! **Input.** `chomp(3, 4)`: the `3 × 4` rectangle (rows, columns); `chomp("4,3,1")`: the
//! diagram with rows of 4, 3 and 1 squares, top to bottom. `partizan table chomp rows=R
//! cols=C`: the Grundy values of every rectangle up to `R × C`.
//!
//! **How values are computed.** The [`GrundySolver`] with the [`Chomp`] ruleset: positions are
//! diagrams, identified with their transposes (the rules are symmetric under transposition), and
//! two families are known without search: a single row of `n` is a Nim heap of `n − 1`, and an
//! L-shape (a row of `a` and a column of `b` squares below the poisoned one) is two Nim heaps,
//! `(a − 1) ⊕ b`, since moves in its arm and in its leg never interact.
//!
//! **Theorems checked** (tests/impartial_rulesets.rs, with a brute-force search written in the
//! test): every rectangle other than `1 × 1` is a first-player win (Gale 1974, by strategy
//! stealing: if eating the bottom-right square lost, the winning answer would have been
//! available at the start); on the `n × n` square the first player wins by eating the square
//! at (2, 2), leaving an L-shape with equal arms, value 0; the two-row positions that are
//! second-player wins are exactly those with rows `a` and `a − 1` (a classical exercise: every
//! move from such a position can be answered by a move back to that shape, and every other
//! two-row position has a move to it).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{GrundySolver, ImpartialRuleset, Table, TableParams};
use crate::solve::{position, AsPartizan, Position};
use crate::Error;

/// A Young diagram: row lengths, top to bottom, non-increasing, the first at least 1.
pub type Diagram = Vec<u16>;

/// The Chomp ruleset for the [`GrundySolver`].
#[derive(Clone, Copy, Debug)]
pub struct Chomp {
    shortcuts: bool,
}

impl Default for Chomp {
    fn default() -> Chomp {
        Chomp::new()
    }
}

impl Chomp {
    /// The ruleset with the row and L-shape formulas.
    pub fn new() -> Chomp {
        Chomp { shortcuts: true }
    }

    /// The ruleset without shortcuts: every position is searched (for cross-checks).
    pub fn rules_only() -> Chomp {
        Chomp { shortcuts: false }
    }
}

/// The transpose (conjugate) of a diagram: column lengths.
pub fn transpose(rows: &[u16]) -> Diagram {
    let cols = rows.first().copied().unwrap_or(0);
    (0..cols)
        .map(|j| rows.iter().take_while(|&&r| r > j).count() as u16)
        .collect()
}

impl ImpartialRuleset for Chomp {
    type Position = Diagram;

    fn options(&self, rows: &Diagram) -> Vec<Diagram> {
        let mut out = Vec::new();
        for (i, &len) in rows.iter().enumerate() {
            for j in 0..len {
                if i == 0 && j == 0 {
                    continue;
                }
                // Eat (i, j) and everything below and right of it.
                let mut next = rows.clone();
                for r in next[i..].iter_mut() {
                    *r = (*r).min(j);
                }
                while next.last() == Some(&0) {
                    next.pop();
                }
                out.push(next);
            }
        }
        out
    }

    /// The lesser of the diagram and its transpose.
    fn normalize(&self, rows: Diagram) -> Diagram {
        let t = transpose(&rows);
        rows.min(t)
    }

    fn known_grundy(&self, rows: &Diagram) -> Option<u64> {
        if !self.shortcuts {
            return None;
        }
        // An L-shape: a top row of a, then b rows of one square (b = 0: a single row).
        if rows[1..].iter().all(|&r| r == 1) {
            return Some(u64::from(rows[0] - 1) ^ (rows.len() as u64 - 1));
        }
        None
    }
}

/// The diagram of row lengths `"4,3,1"`; an error names the row at fault.
///
/// ```
/// use partizan::rulesets::chomp::parse;
/// assert_eq!(parse("4, 3, 1").unwrap(), [4, 3, 1]);
/// assert!(parse("2,3").unwrap_err().to_string().contains("row 2"));
/// ```
pub fn parse(text: &str) -> Result<Diagram, Error> {
    let mut rows: Diagram = Vec::new();
    for (i, item) in text.split(',').map(str::trim).enumerate() {
        let n: u16 = item.parse().map_err(|_| {
            Error::input(format!(
                "row {} of the Chomp diagram {text:?}, {item:?}, is not a length 1..=65535 (rows are lengths, top to bottom, such as \"4,3,1\")",
                i + 1
            ))
        })?;
        if n == 0 {
            return Err(Error::input(format!(
                "row {} of the Chomp diagram {text:?} is empty (leave it out: rows are non-empty)",
                i + 1
            )));
        }
        if let Some(&above) = rows.last() {
            if n > above {
                return Err(Error::input(format!(
                    "row {} of the Chomp diagram {text:?} has {n} squares, more than the {above} of the row above (row lengths must not increase downwards)",
                    i + 1
                )));
            }
        }
        rows.push(n);
    }
    Ok(rows)
}

/// The `rows × cols` rectangle.
pub fn rectangle(rows: usize, cols: usize) -> Result<Diagram, Error> {
    if rows == 0 || cols == 0 {
        return Err(Error::input(format!(
            "a {rows} × {cols} board has no poisoned square: both sides must be at least 1"
        )));
    }
    let c =
        u16::try_from(cols).map_err(|_| Error::input(format!("{cols} columns are too many")))?;
    if rows > usize::from(u16::MAX) {
        return Err(Error::input(format!("{rows} rows are too many")));
    }
    Ok(vec![c; rows])
}

/// The number of diagrams inside a `rows × cols` rectangle, `C(rows + cols, rows)` (saturating).
pub fn positions(rows: usize, cols: usize) -> u64 {
    let (a, b) = (rows.min(cols) as u64, (rows + cols) as u64);
    let mut c: u64 = 1;
    for i in 0..a {
        c = match c.checked_mul(b - i) {
            Some(x) => x / (i + 1),
            None => return u64::MAX,
        };
    }
    c
}

/// The most sub-diagrams a call or a table may search.
pub const MAX_POSITIONS: u64 = 2_000_000;

fn check_size(rows: &[u16]) -> Result<(), Error> {
    // Every sub-diagram lies inside the bounding rectangle.
    let n = positions(rows.len(), usize::from(rows[0]));
    if n > MAX_POSITIONS {
        return Err(Error::input(format!(
            "a Chomp diagram of {} rows and {} columns has up to {n} sub-positions (at most {MAX_POSITIONS})",
            rows.len(),
            rows[0]
        )));
    }
    Ok(())
}

/// The Grundy value of a diagram.
pub fn grundy(rows: &[u16]) -> Result<u64, Error> {
    check_size(rows)?;
    Ok(GrundySolver::new(Chomp::new()).grundy(&rows.to_vec()))
}

/// `chomp(rows, cols)` or `chomp("4,3,1")` as a diagram.
fn read(positional: &[Arg], named: &[NamedArg]) -> Result<Diagram, Error> {
    args::named(named, "", &[])?;
    match positional {
        [Arg::Str(s)] => parse(s),
        [_, _] => rectangle(
            args::size(positional, 0, "rows")?,
            args::size(positional, 1, "cols")?,
        ),
        _ => Err(Error::input(format!(
            "expected the rows and columns of a rectangle, or one string of row lengths; found {} arguments",
            positional.len()
        ))),
    }
}

/// `partizan table chomp rows=R cols=C`: the Grundy values of every rectangle.
fn table(a: &TableParams) -> Result<Table, Error> {
    let rows = a.natural("rows")?.or(a.natural("size")?).unwrap_or(7);
    let cols = a.natural("cols")?.or(a.natural("size")?).unwrap_or(7);
    if rows == 0 || cols == 0 {
        return Err(Error::input("rows and cols must be at least 1"));
    }
    check_size(&rectangle(rows, cols)?)?;
    let mut solver = GrundySolver::new(Chomp::new());
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(rows, |r| {
        (1..=cols)
            .map(|c| Ok(solver.grundy(&rectangle(r + 1, c)?).to_string()))
            .collect::<Result<Vec<String>, Error>>()
    });
    let cells = cells.into_iter().collect::<Result<Vec<_>, Error>>()?;
    Ok(Table {
        caption: "Grundy values of Chomp rectangles, rows x columns".to_string(),
        column_label: "cols".to_string(),
        row_label: "rows".to_string(),
        columns: (1..=cols).map(|c| c.to_string()).collect(),
        rows: (1..=cells.len()).map(|r| r.to_string()).collect(),
        cells,
        interrupted,
    })
}

/// The `chomp` family (see the module documentation).
pub struct ChompFamily;

impl Family for ChompFamily {
    fn name(&self) -> &'static str {
        "chomp"
    }
    fn usage(&self) -> &'static str {
        "chomp(rows, cols) or chomp(\"4,3,1\"): Chomp on a rectangle or on a Young diagram (row lengths, top to bottom); the poisoned square is top-left"
    }
    fn example(&self) -> &'static str {
        "chomp(3, 4)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(read(args, named).map(|rows| {
            position::of(
                AsPartizan(Chomp::new()),
                true,
                rows,
                |_, rows, f| {
                    let lengths: Vec<String> = rows.iter().map(u16::to_string).collect();
                    position::write_text_call(f, "chomp", &lengths.join(","))
                },
                |_, rows| Ok(Game::nimber(grundy(rows)?)),
            )
        }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table chomp rows=5 cols=6",
            build: table,
        })
    }
}
