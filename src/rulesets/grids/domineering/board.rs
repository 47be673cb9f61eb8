//! A Domineering board as text and as squares: rows top to bottom separated by `|`, `.` an
//! empty square, `#` a hole; its regions, images under the symmetries and crops.

use crate::Error;
use std::fmt;

/// A Domineering board: `rows × cols` squares, each empty or a hole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// Row-major; `true` is an empty square.
    pub(super) empty: Vec<bool>,
}

impl Board {
    /// The empty `rows × cols` rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            empty: vec![true; rows * cols],
        }
    }

    /// A board from its squares, row-major (`true` = empty); `Err` when the length is not
    /// `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, empty: Vec<bool>) -> Result<Board, Error> {
        if rows.checked_mul(cols) != Some(empty.len()) {
            return Err(Error::input(format!(
                "a {rows}x{cols} board has {} squares, not {}",
                rows.saturating_mul(cols),
                empty.len()
            )));
        }
        Ok(Board { rows, cols, empty })
    }

    /// Parses rows separated by `|`, with `.` for an empty square and `#` for a hole.
    pub fn parse(text: &str) -> Result<Board, Error> {
        let g = crate::rulesets::text::grid(
            text,
            "board",
            "use '.' for an empty square, '#' for a hole",
            |c| match c {
                '.' => Some(true),
                '#' => Some(false),
                _ => None,
            },
        )?;
        Board::from_cells(g.rows, g.cols, g.cells)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether the square in row `r`, column `c` is empty (false outside the board).
    pub fn is_empty(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.empty[r * self.cols + c]
    }

    /// The board reflected in its main diagonal: rows become columns, so vertical dominoes
    /// become horizontal ones and the value is negated.
    pub fn transpose(&self) -> Board {
        let mut empty = Vec::with_capacity(self.empty.len());
        for c in 0..self.cols {
            for r in 0..self.rows {
                empty.push(self.is_empty(r, c));
            }
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            empty,
        }
    }

    pub(super) fn mirror(&self, flip_rows: bool, flip_cols: bool) -> Board {
        let mut empty = Vec::with_capacity(self.empty.len());
        for r in 0..self.rows {
            for c in 0..self.cols {
                let rr = if flip_rows { self.rows - 1 - r } else { r };
                let cc = if flip_cols { self.cols - 1 - c } else { c };
                empty.push(self.is_empty(rr, cc));
            }
        }
        Board {
            rows: self.rows,
            cols: self.cols,
            empty,
        }
    }

    pub(super) fn without(&self, a: usize, b: usize) -> Board {
        let mut next = self.clone();
        next.empty[a] = false;
        next.empty[b] = false;
        next
    }

    /// The connected regions of empty squares, each cropped to its bounding box; squares with
    /// no empty neighbour are dropped (no domino can cover them).
    pub fn regions(&self) -> Vec<Board> {
        let (h, w) = (self.rows, self.cols);
        let mut seen = vec![false; self.empty.len()];
        let mut out = Vec::new();
        for start in 0..self.empty.len() {
            if !self.empty[start] || seen[start] {
                continue;
            }
            let mut cells = vec![start];
            seen[start] = true;
            let mut i = 0;
            while i < cells.len() {
                let k = cells[i];
                let (r, c) = (k / w, k % w);
                let mut visit = |r2: usize, c2: usize| {
                    let k2 = r2 * w + c2;
                    if self.empty[k2] && !seen[k2] {
                        seen[k2] = true;
                        cells.push(k2);
                    }
                };
                if r > 0 {
                    visit(r - 1, c);
                }
                if r + 1 < h {
                    visit(r + 1, c);
                }
                if c > 0 {
                    visit(r, c - 1);
                }
                if c + 1 < w {
                    visit(r, c + 1);
                }
                i += 1;
            }
            if cells.len() < 2 {
                continue;
            }
            let r0 = cells.iter().map(|k| k / w).min().unwrap_or(0);
            let r1 = cells.iter().map(|k| k / w).max().unwrap_or(0);
            let c0 = cells.iter().map(|k| k % w).min().unwrap_or(0);
            let c1 = cells.iter().map(|k| k % w).max().unwrap_or(0);
            let mut region = Board::rectangle(r1 - r0 + 1, c1 - c0 + 1);
            region.empty.fill(false);
            for k in cells {
                region.empty[(k / w - r0) * region.cols + (k % w - c0)] = true;
            }
            out.push(region);
        }
        out
    }

}

impl fmt::Display for Board {
    /// The input format: rows separated by `|`, `.` empty, `#` a hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.is_empty(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Board {
    type Err = Error;
    fn from_str(s: &str) -> Result<Board, Error> {
        Board::parse(s)
    }
}
