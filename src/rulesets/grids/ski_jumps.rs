//! Ski-Jumps.
//!
//! **Rules** (WW ch. 1, "Ski-Jumps for Beginners" and "What Is a
//! Jump Worth?"). Skiers stand on a slope of squares, row 1 at the top. Left's skiers move east
//! (to the right), Right's west. A move is either
//! * a *slide*: one skier moves any number of squares in its direction along its row, through
//!   empty squares, possibly right off the slope (it then leaves the game); or
//! * a *jump*: a *jumper* directly above (one row up, same column) an opponent's skier jumps over
//!   it to the square directly below that skier, which must be an empty square of the slope. A
//!   jumper that is jumped over becomes a *slipper*, which may slide but never jump.
//!
//! The player who cannot move loses. Every move takes a skier east, west or down the slope, so the
//! game is short.
//!
//! **Input format.** Rows top to bottom separated by `|`, as for the other grid games: `.` an
//! empty square, `L` a Left jumper, `l` a Left slipper, `R` a Right jumper, `r` a Right slipper:
//! `ski_jumps("L...|..R.")`. Mirroring the slope east–west and exchanging the colours negates the
//! value.
//!
//! **How values are computed.** The generic [`Solver`] from the rules; empty rows at the top of
//! the slope, which no skier can ever reach, are dropped before a position is stored.
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules on every slope of 2 × 3 and 3 × 2 squares and random slopes of up to 3 × 4
//! squares with up to four skiers; hand derivations (a lone skier `k` squares from its edge is
//! worth `±k`, the mirror law).
//!
//! **In expressions:** `ski_jumps("L..|.R.")`. **Tables:** `partizan table ski_jumps width=W`:
//! on an empty slope of three rows and `W` columns, a Left jumper in row 1, column `i` and a Right
//! jumper in row 2, column `j`, for every `i` and `j` (on the diagonal `i = j` Left may jump; the
//! question of "What Is a Jump Worth?"), snapshot `snapshots/ski_jumps_table_6.snap`.

use crate::algebra::Game;
use crate::rulesets::family::{bounded, Param};
use crate::rulesets::text::grid;
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// An empty square.
pub const EMPTY: u8 = 0;
/// A Left jumper.
pub const LEFT_JUMPER: u8 = 1;
/// A Left slipper.
pub const LEFT_SLIPPER: u8 = 2;
/// A Right jumper.
pub const RIGHT_JUMPER: u8 = 3;
/// A Right slipper.
pub const RIGHT_SLIPPER: u8 = 4;

/// A slope: `rows × cols` squares in row-major order, row 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slope {
    /// The number of columns.
    pub cols: usize,
    /// Row-major squares.
    pub squares: Vec<u8>,
}

/// The largest slope `ski_jumps` accepts, in squares.
pub const MAX_SQUARES: usize = 64;

impl Slope {
    /// Parses rows of `.`, `L`, `l`, `R`, `r` separated by `|`; an error names an unknown
    /// character with its row and column, or rows of different lengths.
    pub fn parse(text: &str) -> Result<Slope, Error> {
        let g = grid(
            text,
            "slope",
            "use . for an empty square, L or l for a Left jumper or slipper, R or r for a Right one",
            |c| match c {
                '.' => Some(EMPTY),
                'L' => Some(LEFT_JUMPER),
                'l' => Some(LEFT_SLIPPER),
                'R' => Some(RIGHT_JUMPER),
                'r' => Some(RIGHT_SLIPPER),
                _ => None,
            },
        )?;
        if g.cells.len() > MAX_SQUARES {
            return Err(Error::input(format!(
                "a slope of {} squares is too large (at most {MAX_SQUARES})",
                g.cells.len()
            )));
        }
        Ok(Slope {
            cols: g.cols,
            squares: g.cells,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.squares.len().checked_div(self.cols).unwrap_or(0)
    }

    /// The slope as [`Slope::parse`] reads it.
    pub fn text(&self) -> String {
        crate::rulesets::text::board(self.rows(), self.cols, |r, c| {
            match self.squares[r * self.cols + c] {
                LEFT_JUMPER => 'L',
                LEFT_SLIPPER => 'l',
                RIGHT_JUMPER => 'R',
                RIGHT_SLIPPER => 'r',
                _ => '.',
            }
        })
    }

    /// The positions after each move of Left (`left`) or Right.
    fn moves(&self, left: bool) -> Vec<Slope> {
        let (jumper, slipper, their_jumper, their_slipper) = if left {
            (LEFT_JUMPER, LEFT_SLIPPER, RIGHT_JUMPER, RIGHT_SLIPPER)
        } else {
            (RIGHT_JUMPER, RIGHT_SLIPPER, LEFT_JUMPER, LEFT_SLIPPER)
        };
        let cols = self.cols as isize;
        let step: isize = if left { 1 } else { -1 };
        let mut out = Vec::new();
        for (k, &s) in self.squares.iter().enumerate() {
            if s != jumper && s != slipper {
                continue;
            }
            let (row, col) = (k / self.cols, (k % self.cols) as isize);
            // Slides: through empty squares, then off the edge.
            let mut c = col + step;
            loop {
                let mut next = self.clone();
                next.squares[k] = EMPTY;
                if !(0..cols).contains(&c) {
                    out.push(next);
                    break;
                }
                let target = row * self.cols + c as usize;
                if self.squares[target] != EMPTY {
                    break;
                }
                next.squares[target] = s;
                out.push(next);
                c += step;
            }
            // The jump over the opponent directly below.
            let below = k + self.cols;
            let landing = k + 2 * self.cols;
            if s == jumper
                && landing < self.squares.len()
                && (self.squares[below] == their_jumper || self.squares[below] == their_slipper)
                && self.squares[landing] == EMPTY
            {
                let mut next = self.clone();
                next.squares[k] = EMPTY;
                next.squares[landing] = jumper;
                next.squares[below] = their_slipper;
                out.push(next);
            }
        }
        out
    }
}

/// The Ski-Jumps ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct SkiJumps;

impl Ruleset for SkiJumps {
    type Position = Slope;

    fn left_options(&self, p: &Slope) -> Vec<Slope> {
        p.moves(true)
    }

    fn right_options(&self, p: &Slope) -> Vec<Slope> {
        p.moves(false)
    }

    fn components(&self, p: &Slope) -> Vec<Slope> {
        if p.squares.iter().all(|&s| s == EMPTY) {
            Vec::new()
        } else {
            vec![p.clone()]
        }
    }

    /// Drops the empty rows at the top: skiers only ever move along their row or down.
    fn normalize(&self, mut p: Slope) -> Slope {
        let first = p.squares.iter().position(|&s| s != EMPTY).unwrap_or(0);
        let top = first.checked_div(p.cols).unwrap_or(0);
        p.squares.drain(..top * p.cols);
        p
    }
}

/// The value of a slope (a fresh transposition table).
pub fn value(p: &Slope) -> Game {
    Solver::new(SkiJumps).value(p)
}

/// `partizan table ski_jumps width=W`: the value of the `3 × W` slope with a Left jumper in
/// row 1, column `i` (row of the table) and a Right jumper in row 2, column `j` (column), the
/// rest empty; columns counted from 1 at the west edge.
fn table(a: &TableParams) -> Result<Table, Error> {
    let width = bounded(a, "width", 6, (1, MAX_SQUARES / 3))?;
    let mut solver = Solver::new(SkiJumps);
    Ok(Table::sizes(
        "Values of Ski-Jumps on a slope of 3 rows: L in row 1, column i; R in row 2, column j",
        "j",
        "i",
        width,
        width,
        |j, i| {
            let mut squares = vec![EMPTY; 3 * width];
            squares[i - 1] = LEFT_JUMPER;
            squares[width + j - 1] = RIGHT_JUMPER;
            solver
                .value(&Slope {
                    cols: width,
                    squares,
                })
                .to_string()
        },
    ))
}

/// The `ski_jumps` family (see the module documentation).
pub static SKI_JUMPS: TextFamily<SkiJumps> =
    TextFamily::new("ski_jumps", SkiJumps, Slope::parse, Slope::text)
        .usage(
            "ski_jumps(\"L..|.R.\"): rows top to bottom, . empty, L/l a Left jumper/slipper (moves east), R/r a Right jumper/slipper (moves west)",
            "ski_jumps(\"L...|..R.\")",
        )
        .called("the slope")
        .table(
            &[Param {
                name: "width",
                meaning: "the slope's columns, default 6, at most 21",
            }],
            "table ski_jumps width=4",
            table,
        );
