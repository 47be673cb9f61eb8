//! Clobber on rows and grids.
//!
//! **Rules** (Albert, Grossman, Nowakowski, Wolfe, "An introduction to Clobber", *Integers* 5
//! (2005); also in Albert, Nowakowski and Wolfe, LIP). Left's stones `x` and
//! Right's stones `o` lie on a grid. A player moves one of their stones onto an orthogonally
//! adjacent stone of the opponent, which is removed ("clobbered"); the square left behind is
//! empty. The player who cannot move loses.
//!
//! **Input format.** Rows top to bottom separated by `|`, with `x` (Left), `o` (Right) and `.`
//! (empty), either case: `clobber("xoxo")`, `clobber("xo|ox")`. Every row must have the same
//! length. In expressions a board of at most 128 squares may also use `#` for a square off the
//! board, and `variant="..."` selects a variant of the rules (see [`crate::rulesets::clobber_variants`]).
//!
//! **How values are computed.** In expressions, boards of at most 128 squares are evaluated by the
//! bitboard ruleset [`clobber_variants::GenClobber`] (same rules, same decomposition and
//! symmetries, faster); the [`Clobber`] and [`CannibalClobber`] rulesets here take boards of any
//! size, so ordinary and Cannibal Clobber have no size limit (MCGS's impartial Cannibal strips
//! run to a thousand squares); the other variants and `#` stay within 128 squares. Stones move
//! only onto stones, so the groups of orthogonally connected stones never interact: a position is
//! the sum of its groups, each cropped to its bounding box; a group with stones of one colour
//! only is 0. All eight symmetries of the square keep both players' moves, so a group is stored
//! under the least of its eight images.
//!
//! **Checked against** (tests/small_partizan.rs): hand derivations (`xo = *`, `xxo = ↑`, ...), the
//! colour-swap symmetry `G(swap) = −G`, and an independent brute-force evaluator.
//!
//! **In expressions:** `clobber("xxo")` (= `^`). **Tables:** `partizan table clobber rows=R
//! cols=C`: every `r × c` checkerboard with `x` in the top-left corner (snapshot
//! `snapshots/clobber_table_3x3.snap`, checked in tests/board_games.rs by the evaluator from the
//! rules).

use crate::algebra::Game;
use crate::rulesets::board::MAX_SQUARES;
use crate::rulesets::clobber_variants::{self, Variant};
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::Position;
use crate::Error;
use std::fmt;

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// A Clobber position: a `rows × cols` grid of empty squares and stones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: usize,
    cols: usize,
    /// Row-major: 0 empty, 1 Left's stone `x`, 2 Right's stone `o`.
    cells: Vec<u8>,
}

impl Grid {
    /// Parses rows separated by `|` of `x`, `o` and `.`.
    pub fn parse(text: &str) -> Result<Grid, Error> {
        let g = crate::rulesets::text::grid(
            text,
            "Clobber position",
            "use x for Left's stones, o for Right's, . for an empty square",
            |c| match c {
                'x' | 'X' => Some(LEFT),
                'o' | 'O' => Some(RIGHT),
                '.' => Some(EMPTY),
                _ => None,
            },
        )?;
        Ok(Grid {
            rows: g.rows,
            cols: g.cols,
            cells: g.cells,
        })
    }

    /// The position with the colours exchanged: its value is the negative.
    pub fn swapped(&self) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|&c| match c {
                LEFT => RIGHT,
                RIGHT => LEFT,
                _ => EMPTY,
            })
            .collect();
        Grid { cells, ..*self }
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The orthogonal neighbours of square `k`.
    fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (k / self.cols, k % self.cols);
        [
            (r > 0).then(|| k - self.cols),
            (r + 1 < self.rows).then(|| k + self.cols),
            (c > 0).then(|| k - 1),
            (c + 1 < self.cols).then(|| k + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The moves of `mover`: onto an adjacent stone of the other colour, or of either colour
    /// when `cannibal`.
    fn options(&self, mover: u8, cannibal: bool) -> Vec<Grid> {
        let victim = if mover == LEFT { RIGHT } else { LEFT };
        let mut out = Vec::new();
        for k in 0..self.cells.len() {
            if self.cells[k] != mover {
                continue;
            }
            for j in self.neighbours(k) {
                if self.cells[j] == victim || (cannibal && self.cells[j] == mover) {
                    let mut next = self.clone();
                    next.cells[j] = mover;
                    next.cells[k] = EMPTY;
                    out.push(next);
                }
            }
        }
        out
    }

    /// The image under a symmetry of the square: `transpose`, then mirror rows and/or columns.
    fn image(&self, transpose: bool, flip_rows: bool, flip_cols: bool) -> Grid {
        let (rows, cols) = if transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..rows {
            for c in 0..cols {
                let r2 = if flip_rows { rows - 1 - r } else { r };
                let c2 = if flip_cols { cols - 1 - c } else { c };
                cells.push(if transpose {
                    self.at(c2, r2)
                } else {
                    self.at(r2, c2)
                });
            }
        }
        Grid { rows, cols, cells }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                f.write_str(match self.at(r, c) {
                    LEFT => "x",
                    RIGHT => "o",
                    _ => ".",
                })?;
            }
        }
        Ok(())
    }
}

/// The Clobber ruleset for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

/// Cannibal Clobber for the generic [`Solver`]: a stone moves onto an orthogonally adjacent
/// stone of either colour (see [`crate::rulesets::clobber_variants`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct CannibalClobber;

impl Ruleset for Clobber {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        g.options(LEFT, false)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        g.options(RIGHT, false)
    }

    /// The groups of orthogonally connected stones with both colours, cropped.
    fn components(&self, g: &Grid) -> Vec<Grid> {
        g.groups(|colours, _| colours == LEFT | RIGHT)
    }

    fn normalize(&self, g: Grid) -> Grid {
        g.least_image()
    }
}

impl Ruleset for CannibalClobber {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        g.options(LEFT, true)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        g.options(RIGHT, true)
    }

    /// The groups of two or more orthogonally connected stones, cropped: a lone stone has no
    /// move, while a group of one colour gives its owner moves.
    fn components(&self, g: &Grid) -> Vec<Grid> {
        g.groups(|_, size| size >= 2)
    }

    fn normalize(&self, g: Grid) -> Grid {
        g.least_image()
    }
}

impl Grid {
    /// The groups of orthogonally connected stones for which `keep(colours, size)` holds
    /// (`colours` the union of the group's cell codes), each cropped to its bounding box.
    fn groups(&self, keep: impl Fn(u8, usize) -> bool) -> Vec<Grid> {
        let g = self;
        if g.rows == 1 || g.cols == 1 {
            // A strip: its groups are its runs of stones.
            return g
                .cells
                .split(|&c| c == EMPTY)
                .filter(|run| !run.is_empty())
                .filter(|run| keep(run.iter().fold(0, |acc, &c| acc | c), run.len()))
                .map(|run| Grid {
                    rows: if g.rows == 1 { 1 } else { run.len() },
                    cols: if g.rows == 1 { run.len() } else { 1 },
                    cells: run.to_vec(),
                })
                .collect();
        }
        let mut seen = vec![false; g.cells.len()];
        let mut out = Vec::new();
        for start in 0..g.cells.len() {
            if g.cells[start] == EMPTY || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start];
            let mut i = 0;
            while i < group.len() {
                for j in g.neighbours(group[i]) {
                    if g.cells[j] != EMPTY && !seen[j] {
                        seen[j] = true;
                        group.push(j);
                    }
                }
                i += 1;
            }
            let colours = group.iter().fold(0u8, |acc, &k| acc | g.cells[k]);
            if !keep(colours, group.len()) {
                continue;
            }
            let rs = group.iter().map(|k| k / g.cols);
            let cs = group.iter().map(|k| k % g.cols);
            let (r0, r1) = (rs.clone().min().unwrap_or(0), rs.max().unwrap_or(0));
            let (c0, c1) = (cs.clone().min().unwrap_or(0), cs.max().unwrap_or(0));
            let mut part = Grid {
                rows: r1 - r0 + 1,
                cols: c1 - c0 + 1,
                cells: vec![EMPTY; (r1 - r0 + 1) * (c1 - c0 + 1)],
            };
            for &k in &group {
                part.cells[(k / g.cols - r0) * part.cols + (k % g.cols - c0)] = g.cells[k];
            }
            out.push(part);
        }
        out
    }

    /// The least of the eight images under the symmetries of the square.
    fn least_image(self) -> Grid {
        let mut best = self.clone();
        for t in [false, true] {
            for fr in [false, true] {
                for fc in [false, true] {
                    let image = self.image(t, fr, fc);
                    if image < best {
                        best = image;
                    }
                }
            }
        }
        best
    }
}

/// The value of a Clobber position.
pub fn value(g: &Grid) -> Game {
    Solver::new(Clobber).value(g)
}

/// The value of a Cannibal Clobber position.
pub fn cannibal_value(g: &Grid) -> Game {
    Solver::new(CannibalClobber).value(g)
}

/// The variant and the text of a call `clobber(text[, variant=…])`.
fn arguments<'a>(positional: &'a [Arg], named: &[NamedArg]) -> Result<(Variant, &'a str), Error> {
    let variant = crate::rulesets::graph::named_string(named, "variant", &["variant"])?;
    let text = crate::rulesets::graph::graph_argument(positional, "the position")?;
    let variant = match variant {
        None => Variant::Orthogonal,
        Some(name) => Variant::named(name)?,
    };
    Ok((variant, text))
}

/// A board too large for the bitboard, read as a [`Grid`] when its variant has a ruleset here
/// (ordinary and Cannibal Clobber); otherwise the bitboard reader's error `refusal`.
fn large(variant: Variant, text: &str, refusal: Error) -> Result<Grid, Error> {
    match Grid::parse(text) {
        Ok(grid)
            if grid.cells.len() > MAX_SQUARES
                && matches!(variant, Variant::Orthogonal | Variant::Cannibal) =>
        {
            Ok(grid)
        }
        _ => Err(refusal),
    }
}

/// `clobber("xoxo")`, `clobber("xo|ox")`, `clobber("xo|ox", variant="diagonal")` (the variants
/// of [`crate::rulesets::clobber_variants`]). Boards of at most 128 squares go to the bitboard
/// ruleset [`clobber_variants::GenClobber`] (faster, and `#` marks a square off the board);
/// larger ones of ordinary and Cannibal Clobber to the rulesets [`Clobber`] and
/// [`CannibalClobber`] above.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    let (variant, text) = arguments(positional, named)?;
    match clobber_variants::parse(text) {
        Ok(board) => Ok(clobber_variants::value(variant, &board)),
        Err(e) => {
            let grid = large(variant, text, e)?;
            Ok(if variant == Variant::Cannibal {
                cannibal_value(&grid)
            } else {
                value(&grid)
            })
        }
    }
}

/// The position `grid` of `rules`, written `clobber("…"named)`.
fn on_grid<R>(rules: R, named: String, value: fn(&R, &Grid) -> Game, grid: Grid) -> Position
where
    R: Ruleset<Position = Grid> + Clone + Send + Sync + 'static,
{
    let write = |g: &Grid| g.to_string();
    crate::rulesets::text::played(
        crate::rulesets::text::Played {
            rules,
            name: "clobber",
            write,
            named,
            value,
        },
        false,
        grid,
    )
}

/// `clobber("xo|ox")` as a position (see [`crate::solve::position`]): on the bitboard ruleset up
/// to 128 squares, on [`Clobber`] or [`CannibalClobber`] beyond.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
    let read = || -> Result<Position, Error> {
        let (variant, text) = arguments(positional, named)?;
        let named = clobber_variants::VARIANTS
            .iter()
            .find(|(_, v)| *v == variant && variant != Variant::Orthogonal)
            .map_or(String::new(), |(name, _)| format!(",variant=\"{name}\""));
        let board = match clobber_variants::parse(text) {
            Ok(board) => board,
            Err(e) => {
                let grid = large(variant, text, e)?;
                return Ok(if variant == Variant::Cannibal {
                    on_grid(CannibalClobber, named, |_, g| cannibal_value(g), grid)
                } else {
                    on_grid(Clobber, named, |_, g| value(g), grid)
                });
            }
        };
        Ok(crate::rulesets::text::played(
            crate::rulesets::text::Played {
                rules: clobber_variants::GenClobber(variant),
                name: "clobber",
                write: clobber_variants::display,
                named,
                value: |r, b| clobber_variants::value(r.0, b),
            },
            false,
            board,
        ))
    };
    Some(read())
}

/// The `rows × cols` checkerboard of stones, Left's stone in the top-left corner.
pub fn checkerboard(rows: usize, cols: usize) -> Grid {
    Grid {
        rows,
        cols,
        cells: (0..rows * cols)
            .map(|k| {
                if (k / cols + k % cols).is_multiple_of(2) {
                    LEFT
                } else {
                    RIGHT
                }
            })
            .collect(),
    }
}

/// The largest board area `partizan table clobber` evaluates.
pub const MAX_TABLE_AREA: usize = 16;

/// `partizan table clobber rows=R cols=C` (or `size=N` for both): every checkerboard.
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut engine = crate::rulesets::board_engine::Engine::new(clobber_variants::GenClobber(
        Variant::Orthogonal,
    ));
    crate::rulesets::family::grid_table(
        "Clobber checkerboards (x in the top-left corner), rows x columns",
        a,
        (3, 3),
        MAX_TABLE_AREA,
        |r, c| {
            let board = clobber_variants::parse(&checkerboard(r, c).to_string())?;
            Ok(engine.value(&board).to_string())
        },
    )
}

/// The `clobber` family (see the module documentation).
pub struct ClobberFamily;

impl Family for ClobberFamily {
    fn name(&self) -> &'static str {
        "clobber"
    }
    fn usage(&self) -> &'static str {
        "clobber(\"xo|ox\"[, variant=\"diagonal\"]): rows separated by '|', x Left's stones, o Right's, . empty, # off the board; variants orthogonal, diagonal, kings, rooks, queens, anti, cannibal"
    }
    fn example(&self) -> &'static str {
        "clobber(\"xoxo\")"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        call_position(args, named)
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table clobber rows=3 cols=3",
            build: table,
        })
    }
}
