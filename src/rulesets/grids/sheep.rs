//! Sheep (MCGS's version of the board game *Battle Sheep*) on small boards.
//!
//! **Rules** (as implemented in MCGS, the minimax sum solver of the University of Alberta,
//! github.com/ualberta-mueller-group/MCGS, files `src/sheep.cpp` and `src/sheep.h` for the
//! moves, `src/grid_location.h` for the directions, and `input/info.test` for the notation; we
//! read them for the rules and copied nothing). The board is a rectangular grid whose squares
//! are empty or hold a *herd*: a herd of `n` of Black's sheep (Left's) or of White's (Right's),
//! `n ≥ 1`. The grid is a hexagonal board drawn on a square array: the neighbours of the square
//! in row `r` and column `c` are the six squares `(r−1, c)`, `(r−1, c+1)`, `(r, c+1)`, `(r+1, c)`,
//! `(r+1, c−1)` and `(r, c−1)` (up, up-right, right, down, down-left, left; not the other two
//! diagonals). A move takes one of the mover's herds of `n ≥ 2` sheep, one of the six directions,
//! and a number `k` with `1 ≤ k ≤ n − 1`: the `k` sheep split off and slide from the herd's square
//! in that direction over empty squares as far as they can go, stopping on the last empty square
//! before the edge of the board or an occupied square; at least one step must be possible. The
//! `n − k` others stay where they were. A herd of one sheep can never move again and is a
//! permanent obstacle for both players. The player who cannot move loses.
//!
//! **Input format** (MCGS's): integers separated by commas (or spaces), rows top to bottom
//! separated by `|`: a positive `n` is a herd of `n` of Black's (Left's) sheep, a negative `−n` a
//! herd of `n` of White's (Right's), `0` an empty square; herds have at most 50 sheep, as in
//! MCGS. `sheep("2, 0 | 0, -3")`. An empty string is the empty board (0).
//!
//! **Values.** The generic [`Solver`] evaluates the rules above. Herds of one sheep of either
//! colour are the same obstacle, so they are stored as one kind. A position is the sum of its
//! *regions*: the sets of squares that are not one-sheep herds, connected through the six
//! neighbours. Every step of a slide goes from a square to one of its six neighbours through
//! empty squares and ends on an empty one, so a move changes two squares of one region, and
//! only refines the regions (a herd of one that it leaves or creates becomes an obstacle);
//! since the six-neighbour relation is symmetric, no move of one region depends on another
//! region. A region without a herd of two or more sheep, or without an empty square, has no
//! move now or later and is dropped; each region is cropped to its bounding box, the squares
//! outside it filled with obstacles.
//!
//! **Checked against** (tests/mcgs_rulesets.rs): a brute-force outcome search written in the
//! test from the rules alone (no regions, no canonical forms) on every 1 × 4 and 2 × 2 board with
//! herds of up to three sheep and on random boards of up to 3 × 3 squares with a fixed seed; the
//! outcomes MCGS's own tests record for dozens of its positions (tests/data/mcgs_sheep.txt, from
//! MCGS's `input/autotests/sheep_autotests/`); and by hand: `sheep("3, 0, 0")` is 2 (Black can
//! move twice, White never), `sheep("2, 0, -2")` is `*` (whoever moves first blocks the other),
//! and `sheep("2, -2 | 0, 0")` is `−1/2` (the square down-right of a herd is not a neighbour).
//!
//! **Tables:** `partizan table sheep rows=R cols=C black=B white=W` (or `size=N`; default 3 × 4,
//! herds of 3 and 3): every `r × c` board with Black's herd of `B` sheep in the top-left corner
//! and White's herd of `W` in the bottom-right (2 to 6 sheep each), the rest empty, for boards
//! of up to 16 squares (`-` for `1 × 1`). The six neighbours are the same set of steps turned
//! half a turn, so with equal herds the half turn with the colours exchanged maps each board to
//! its negative: the value `G` has `G = −G` (0, `*` or a switch such as `±1`). Snapshot `snapshots/sheep_table_3x4.snap`, checked against a
//! brute-force evaluator written in the test.
//!
//! ```
//! use partizan::rulesets::sheep::{parse, value};
//! use partizan::Game;
//! let v = |s: &str| value(&parse(s).unwrap());
//! assert_eq!(v("3, 0, 0"), Game::integer(2));
//! assert_eq!(v("2, 0, -2"), Game::star());
//! assert_eq!(v("2, -2 | 0, 0"), Game::dyadic(-1, 1));
//! ```

use crate::algebra::Game;
use crate::rulesets::family::{bounded, grid_table, Param, GRID_PARAMS};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// The largest herd, as in MCGS.
pub const MAX_HERD: i8 = 50;

/// The six neighbours of a square as (row, column) steps: up, up-right, right, down, down-left,
/// left.
pub const DIRECTIONS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// A Sheep position: `cells` in row-major order, `n > 0` a herd of `n` of Left's (Black's)
/// sheep, `-n` one of Right's (White's), `0` an empty square.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SheepBoard {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// Row-major squares.
    pub cells: Vec<i8>,
}

impl SheepBoard {
    fn step(&self, at: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (at / self.cols) as isize + dr;
        let c = (at % self.cols) as isize + dc;
        ((0..self.rows as isize).contains(&r) && (0..self.cols as isize).contains(&c))
            .then(|| r as usize * self.cols + c as usize)
    }

    /// The positions after each move of the player whose herds have sign `sign` (1 or −1).
    pub fn options(&self, sign: i8) -> Vec<SheepBoard> {
        let mut out = Vec::new();
        for (from, &herd) in self.cells.iter().enumerate() {
            let n = herd * sign;
            if n < 2 {
                continue;
            }
            for d in DIRECTIONS {
                let mut to = from;
                while let Some(next) = self.step(to, d) {
                    if self.cells[next] != 0 {
                        break;
                    }
                    to = next;
                }
                if to == from {
                    continue;
                }
                for k in 1..n {
                    let mut next = self.clone();
                    next.cells[from] = sign * (n - k);
                    next.cells[to] = sign * k;
                    out.push(next);
                }
            }
        }
        out
    }

    /// The regions of the position (see the module documentation), each cropped.
    fn regions(&self) -> Vec<SheepBoard> {
        let open = |i: usize| self.cells[i].abs() != 1;
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !open(start) {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut region = Vec::new();
            while let Some(i) = stack.pop() {
                region.push(i);
                for d in DIRECTIONS {
                    if let Some(j) = self.step(i, d) {
                        if !seen[j] && open(j) {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            let live = region.iter().any(|&i| self.cells[i].abs() >= 2)
                && region.iter().any(|&i| self.cells[i] == 0);
            if !live {
                continue;
            }
            let (rs, cs): (Vec<usize>, Vec<usize>) = region
                .iter()
                .map(|&i| (i / self.cols, i % self.cols))
                .unzip();
            let (r0, r1) = (*rs.iter().min().unwrap(), *rs.iter().max().unwrap());
            let (c0, c1) = (*cs.iter().min().unwrap(), *cs.iter().max().unwrap());
            let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
            let mut cells = vec![1i8; rows * cols];
            for &i in &region {
                cells[(i / self.cols - r0) * cols + (i % self.cols - c0)] = self.cells[i];
            }
            out.push(SheepBoard { rows, cols, cells });
        }
        out
    }
}

/// The board as [`parse`] reads it: the herds of a row separated by commas (`-3` White's), the
/// rows by `|`.
pub fn text(b: &SheepBoard) -> String {
    let rows: Vec<String> = b
        .cells
        .chunks(b.cols.max(1))
        .map(|row| {
            let herds: Vec<String> = row.iter().map(i8::to_string).collect();
            herds.join(",")
        })
        .collect();
    rows.join("|")
}

/// Parses a Sheep position (see the module documentation); errors name the bad token and where
/// it is, or the ragged row.
pub fn parse(text: &str) -> Result<SheepBoard, Error> {
    const LEGEND: &str = "integers separated by ',': n > 0 a herd of n of Black's (Left's) sheep, -n one of White's (Right's), 0 an empty square; '|' between rows";
    let text = text.trim();
    if text.is_empty() {
        return Ok(SheepBoard::default());
    }
    let mut cells = Vec::new();
    let mut cols = None;
    let mut rows = 0;
    for (i, row) in text.split('|').enumerate() {
        let tokens: Vec<&str> = row
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        for (j, t) in tokens.iter().enumerate() {
            let n: i64 = t.parse().map_err(|_| {
                Error::input(format!(
                    "unknown token {t:?} in row {}, column {} of the Sheep board ({LEGEND})",
                    i + 1,
                    j + 1
                ))
            })?;
            if n.abs() > MAX_HERD as i64 {
                return Err(Error::input(format!(
                    "herd {n} in row {}, column {} of the Sheep board is too large (at most {MAX_HERD} sheep, as in MCGS)",
                    i + 1,
                    j + 1
                )));
            }
            cells.push(n as i8);
        }
        match cols {
            None if tokens.is_empty() => {
                return Err(Error::input(format!("row {} of the Sheep board is empty ({LEGEND})", i + 1)))
            }
            None => cols = Some(tokens.len()),
            Some(c) if c != tokens.len() => {
                return Err(Error::input(format!(
                    "ragged Sheep board: row {} has {} squares but row 1 has {c} (every row must have the same length)",
                    i + 1,
                    tokens.len()
                )))
            }
            _ => {}
        }
        rows += 1;
    }
    Ok(SheepBoard {
        rows,
        cols: cols.unwrap_or(0),
        cells,
    })
}

/// The rules of Sheep for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Sheep;

impl Ruleset for Sheep {
    type Position = SheepBoard;

    fn left_options(&self, b: &SheepBoard) -> Vec<SheepBoard> {
        b.options(1)
    }

    fn right_options(&self, b: &SheepBoard) -> Vec<SheepBoard> {
        b.options(-1)
    }

    fn components(&self, b: &SheepBoard) -> Vec<SheepBoard> {
        b.regions()
    }

    /// Herds of one sheep of either colour are the same obstacle.
    fn normalize(&self, mut b: SheepBoard) -> SheepBoard {
        for c in &mut b.cells {
            if *c == -1 {
                *c = 1;
            }
        }
        b
    }
}

/// The value of a Sheep position (a fresh transposition table).
pub fn value(b: &SheepBoard) -> Game {
    Solver::new(Sheep).value(b)
}

/// The largest board area `partizan table sheep` evaluates.
pub const MAX_TABLE_AREA: usize = 16;

/// The largest herd of `partizan table sheep`.
pub const MAX_TABLE_HERD: usize = 6;

/// The parameters of `partizan table sheep`: the board's dimensions and the herds' sizes.
const TABLE_PARAMS: &[Param] = &[
    GRID_PARAMS[0],
    GRID_PARAMS[1],
    GRID_PARAMS[2],
    Param {
        name: "black",
        meaning: "sheep in Black's (Left's) herd, default 3, 2 to 6",
    },
    Param {
        name: "white",
        meaning: "sheep in White's (Right's) herd, default 3, 2 to 6",
    },
];

/// The `rows × cols` board of the table: Black's herd of `black` sheep in the top-left corner,
/// White's herd of `white` in the bottom-right corner, every other square empty (at least two
/// squares).
pub fn corners(rows: usize, cols: usize, black: i8, white: i8) -> SheepBoard {
    let mut cells = vec![0; rows * cols];
    cells[0] = black;
    cells[rows * cols - 1] = -white;
    SheepBoard { rows, cols, cells }
}

/// `partizan table sheep rows=R cols=C black=B white=W` (or `size=N`): the value of every
/// `r × c` board of [`corners`], `-` for `1 × 1`, which holds only one herd. Boards of up to
/// [`MAX_TABLE_AREA`] squares, herds of 2 to [`MAX_TABLE_HERD`] sheep.
fn table(a: &TableParams) -> Result<Table, Error> {
    let black = bounded(a, "black", 3, (2, MAX_TABLE_HERD))? as i8;
    let white = bounded(a, "white", 3, (2, MAX_TABLE_HERD))? as i8;
    let mut solver = Solver::new(Sheep);
    grid_table(
        &format!("Values of Sheep: Black's herd of {black} in the top-left corner, White's herd of {white} in the bottom-right, rows x columns"),
        a,
        (3, 4),
        MAX_TABLE_AREA,
        |r, c| {
            if r * c == 1 {
                return Ok("-".to_string());
            }
            Ok(solver.value(&corners(r, c, black, white)).to_string())
        },
    )
}

/// The `sheep` family (see the module documentation).
pub static SHEEP: TextFamily<Sheep> = TextFamily::new("sheep", Sheep, parse, text)
    .usage(
        "sheep(\"2, 0 | 0, -3\"): MCGS's Sheep, integers separated by ',' and rows by '|', n > 0 a herd of Black's (Left's) sheep, -n White's (Right's), 0 empty",
        "sheep(\"2, -2 | 0, 0\")",
    )
    .table(TABLE_PARAMS, "table sheep rows=2 cols=3 black=3 white=2", table);
