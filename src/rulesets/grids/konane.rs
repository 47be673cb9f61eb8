//! Konane (Hawaiian checkers).
//!
//! **Rules** (Ernst, "Playing Konane mathematically: a combinatorial game-theoretic analysis",
//! *UMAP Journal* 16:2 (1995), 95–121; Berlekamp's summary at math.berkeley.edu/~berlek/cgt/
//! konane.html; Chan and Tsai, "1 × n Konane: a summary of results", *More Games of No Chance*,
//! MSRI Publ. 42, 2002, pp. 383–386 as listed on that page). Left's stones `x` and Right's stones
//! `o` lie on a grid. A move jumps one of the player's stones orthogonally over an adjacent stone
//! of the opponent into the empty square directly beyond it; the jumped stone is removed. The same
//! stone may go on jumping in the same direction (over another opponent's stone into the empty
//! square beyond, and so on) in the same move, and may stop after any jump; it may not turn. The
//! player who cannot move loses. Every move removes a stone, so the game is short. The opening
//! (each player removing one stone of a full checkerboard) is not part of the positions here: give
//! the position after it.
//!
//! **Input format.** Rows top to bottom separated by `|`, `x` a stone of Left, `o` a stone of
//! Right, `.` an empty square, `#` a square off the board (either case for the letters):
//! `konane("xo.|ox.")`. A board has at most 128 squares.
//!
//! **Decomposition.** A stone only ever lands on an empty square `e` by a jump from `e − 2d` over
//! `e − d` (for an orthogonal step `d`), and both of those squares hold a stone at that moment. So
//! the squares that can ever hold a stone lie in the least set `C` that contains the stones and
//! every empty square `e` with `e − d` and `e − 2d` in `C` for some step `d`. Every square a move
//! touches (the start, the jumped stones, the landing squares) holds a stone at some time, so it
//! is in `C`; the squares outside `C` stay empty and untouched for ever, and are the same as
//! blocked squares. A move runs along consecutive squares of a row or column, so the orthogonally
//! connected components of `C` are independent, and since `C` only shrinks as the game goes on,
//! they stay independent. A component with stones of one colour only is 0 (a jump needs an
//! opponent's stone, and none can arrive). Each component is cropped to its bounding box, the
//! squares outside it blocked. The eight symmetries of the square keep both players' moves, so a
//! component is stored under the least of its eight images; exchanging the colours negates the
//! value.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules
//! alone (explicit boards, no decomposition or symmetry) on every position of the 1×n boards up to
//! n = 8, of the 2×3 and 2×4 boards, and on random 3×3 and 4×4 boards, with the reference
//! canonical form of tests/common on the smallest; the table of corner openings; hand derivations
//! (`xo.` = 1: only Left can jump; `xo.o.` = `{0, * |}` = 1, the double jump and the single jump to
//! `..xo.` = `*`; `.ox.` = `{0 | 0}` = `*`); the colour swap. We could not read
//! Ernst's tables of values, so none of his published values is compared.
//!
//! **In expressions:** `konane("xo.")` (= `1`). **Tables:** `partizan table konane rows=R cols=C`:
//! the value of every `r × c` checkerboard (Left's stone in the top-left corner) with the two
//! stones of the top-left corner and its right-hand neighbour removed (the corner opening).

use crate::algebra::Game;
use crate::rulesets::board::{bits, Board, Square, Symmetry, ALL, CHARS, ORTHOGONAL};
use crate::rulesets::board_engine::{BoardRules, Engine};
use crate::rulesets::family::GRID_PARAMS;
use crate::solve::{Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// Parses a Konane position (see the module documentation).
pub fn parse(text: &str) -> Result<Board, Error> {
    Board::parse_pieces(
        text,
        "Konane position",
        "use x for Left's stones, o for Right's, . for an empty square, # for a square off the board",
        true,
    )
}

/// The text form of a position.
pub fn display(b: &Board) -> String {
    b.display(CHARS)
}

/// The rules of Konane (a [`crate::solve::Ruleset`] too, through [`BoardRules`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl BoardRules for Konane {
    const SYMMETRIES: &'static [Symmetry] = ALL;

    /// Every jump and every straight multiple jump.
    fn options(&self, b: &Board, player: Square) -> Vec<Board> {
        let opponent = player.swapped();
        let mut out = Vec::new();
        for a in bits(b.pieces(player)) {
            for &d in ORTHOGONAL {
                let mut flying = b.with(a, Square::Empty);
                let mut at = a;
                while let Some(over) = flying.step(at, d) {
                    if flying.get(over) != opponent {
                        break;
                    }
                    let Some(land) = flying.step(over, d) else {
                        break;
                    };
                    if flying.get(land) != Square::Empty {
                        break;
                    }
                    flying.set(over, Square::Empty);
                    at = land;
                    out.push(flying.with(at, player));
                }
            }
        }
        out
    }

    /// The orthogonally connected components of the squares that can ever hold a stone, with
    /// stones of both colours.
    fn regions(&self, b: &Board) -> Vec<Board> {
        let c = Konane::reachable(b);
        b.components(c, ORTHOGONAL)
            .into_iter()
            .filter(|&m| m & b.left() != 0 && m & b.right() != 0)
            .map(|m| b.crop(m, Square::Blocked))
            .collect()
    }

    fn exchanged(&self, b: &Board) -> Option<Board> {
        Some(b.swapped())
    }
}

impl Konane {
    /// The squares that can ever hold a stone (the set `C` of the module documentation).
    pub fn reachable(b: &Board) -> u128 {
        let empty = b.empty();
        let mut c = b.stones();
        loop {
            let mut next = c;
            for &d in ORTHOGONAL {
                // e with e − d in C (`one`), and e − d itself with e − 2d in C.
                let one = b.shift(c, d);
                next |= b.shift(one & c, d) & empty;
            }
            if next == c {
                return c;
            }
            c = next;
        }
    }
}

/// The value of a Konane position (a fresh transposition table).
pub fn value(b: &Board) -> Game {
    Engine::new(Konane).value(b)
}

/// The `rows × cols` checkerboard (Left's stone in the top-left corner) with the corner opening:
/// the stones of the top-left corner and of its right-hand neighbour removed. `Err` when it has
/// more than 128 squares.
pub fn corner_opening(rows: usize, cols: usize) -> Result<Board, Error> {
    let mut b = Board::new(rows, cols)?;
    for r in 0..rows {
        for c in 0..cols {
            let k = r * cols + c;
            let stone = if (r + c) % 2 == 0 {
                Square::Left
            } else {
                Square::Right
            };
            let opened = r == 0 && c < 2;
            b.set(k, if opened { Square::Empty } else { stone });
        }
    }
    Ok(b)
}

/// The largest board area `partizan table konane` evaluates.
pub const MAX_TABLE_AREA: usize = 20;

/// `partizan table konane rows=R cols=C` (or `size=N` for both).
fn table(a: &TableParams) -> Result<Table, Error> {
    let rows = a.natural("rows")?.or(a.natural("size")?).unwrap_or(4);
    let cols = a.natural("cols")?.or(a.natural("size")?).unwrap_or(4);
    if rows == 0 || cols < 2 {
        return Err(Error::input(
            "rows must be at least 1 and cols at least 2",
        ));
    }
    if rows.saturating_mul(cols) > MAX_TABLE_AREA {
        return Err(Error::input(format!(
            "a {rows}x{cols} board is too large for the table ({} squares; the table stops at {MAX_TABLE_AREA})",
            rows.saturating_mul(cols)
        )));
    }
    let mut engine = Engine::new(Konane);
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(rows, |r| {
        (2..=cols)
            .map(|c| corner_opening(r + 1, c).map(|b| engine.value(&b).to_string()))
            .collect::<Result<Vec<String>, Error>>()
    });
    let cells = cells.into_iter().collect::<Result<Vec<_>, Error>>()?;
    Ok(Table {
        caption: "Konane: checkerboards (x in the top-left corner) with the two top-left stones removed, rows x columns".to_string(),
        column_label: "cols".to_string(),
        row_label: "rows".to_string(),
        columns: (2..=cols).map(|c| c.to_string()).collect(),
        rows: (1..=cells.len()).map(|r| r.to_string()).collect(),
        cells,
        interrupted,
    })
}

/// The `konane` family (see the module documentation).
pub static KONANE: TextFamily<Konane> = TextFamily::new("konane", Konane, parse, display)
    .usage(
        "konane(\"xo.|ox.\"): Konane, rows separated by '|', x Left's stones, o Right's, . empty, # off the board",
        "konane(\"xo.o|.x..\")",
    )
    .valued(|_, b| value(b))
    .table(GRID_PARAMS, "table konane rows=3 cols=4", table);
