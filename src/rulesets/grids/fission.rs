//! Fission.
//!
//! **Rules** (CGSuite's `game.grid.Fission`, whose documentation states them). Stones, shared by
//! both players, lie on a grid. Left chooses a stone whose squares directly above and below are
//! both empty, removes it and puts one stone on each of those two squares; Right does the same
//! horizontally, with the squares directly left and right of the stone. The player who cannot
//! move loses. Every move fills one more square (one emptied, two filled), so the game is short.
//! (CGSuite also has a two-colour `BicolourFission`, not provided here.)
//!
//! **Input format** (CGSuite's): rows top to bottom separated by `|`, `x` a stone, `.` an empty
//! square, `#` a blocked square (off the board): `fission("....|..x.|....|#..#")`. A board has at
//! most 128 squares.
//!
//! **Decomposition.** A stone only ever appears on an empty square `e` by a fission at `e − d`
//! (for an orthogonal step `d`) with `e − 2d` empty, so the squares that can ever hold a stone lie
//! in the least set `C` that contains the stones and every unblocked square `e` with `e − d` in
//! `C` and `e − 2d` unblocked. A move touches three squares that all hold a stone at some time, so
//! squares outside `C` are never touched and are the same as blocked ones; a move's squares are
//! consecutive in a row or column, so the orthogonally connected components of `C` are
//! independent (and stay so, as `C` only shrinks). A component without an empty square is 0. The
//! mirror images left–right and top–bottom and the half turn keep both players' moves (a
//! component is stored under the least of these images); the transpose exchanges vertical and
//! horizontal and so negates the value, `G(transpose B) = −G(B)`.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules
//! alone on every position of the 1×n boards up to n = 8 and of the 2×3, 2×4 and 3×3 boards, and
//! on random 4×4 boards (the reference canonical form of tests/common on the smallest); the
//! transpose rule; hand derivations (a column `.|x|.` is 1, Left's single move, and a
//! row `.x.` is −1; in `.x.|...` Left cannot split and Right's only split leaves `x.x|...`, where
//! nobody can move, so it is −1 too).
//!
//! **In expressions:** `fission(".|x|.")` (= `1`). **Tables:** `partizan table fission rows=R
//! cols=C`: every `r × c` board with one stone on its centre square (row `⌈r/2⌉`, column
//! `⌈c/2⌉`), the rest empty (snapshot `snapshots/fission_table_5x5.snap`).

use crate::algebra::Game;
use crate::rulesets::board::{
    bits, Board, Direction, Square, Symmetry, ALL, CHARS, ORTHOGONAL, UPRIGHT,
};
use crate::rulesets::board_engine::{BoardRules, Engine};
use crate::rulesets::family::{grid_table, GRID_PARAMS};
use crate::solve::{Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// Parses a Fission position (see the module documentation). Stones are stored as Left's pieces
/// of the [`Board`].
pub fn parse(text: &str) -> Result<Board, Error> {
    Board::parse_pieces(
        text,
        "Fission position",
        "use x for a stone, . for an empty square, # for a blocked square",
        false,
    )
}

/// The text form of a position.
pub fn display(b: &Board) -> String {
    b.display(CHARS)
}

/// The rules of Fission (a [`crate::solve::Ruleset`] too, through [`BoardRules`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fission;

impl Fission {
    /// The positions reached by splitting a stone along `d` (vertical for Left, horizontal for
    /// Right).
    pub fn splits(b: &Board, d: Direction) -> Vec<Board> {
        let back = (-d.0, -d.1);
        bits(b.left())
            .filter_map(|c| {
                let (p, q) = (b.step(c, back)?, b.step(c, d)?);
                let free = b.get(p) == Square::Empty && b.get(q) == Square::Empty;
                free.then(|| {
                    b.with(c, Square::Empty)
                        .with(p, Square::Left)
                        .with(q, Square::Left)
                })
            })
            .collect()
    }

    /// The squares that can ever hold a stone (the set `C` of the module documentation).
    pub fn reachable(b: &Board) -> u128 {
        let open = b.all() & !b.blocked();
        let mut c = b.left();
        loop {
            let mut next = c;
            for &d in ORTHOGONAL {
                // e = x + d with x in C and x − d unblocked.
                next |= b.shift(c & b.shift(open, d), d) & open;
            }
            if next == c {
                return c;
            }
            c = next;
        }
    }
}

impl BoardRules for Fission {
    const SYMMETRIES: &'static [Symmetry] = UPRIGHT;

    fn options(&self, b: &Board, player: Square) -> Vec<Board> {
        match player {
            Square::Left => Fission::splits(b, (1, 0)),
            Square::Right => Fission::splits(b, (0, 1)),
            _ => Vec::new(),
        }
    }

    fn regions(&self, b: &Board) -> Vec<Board> {
        let c = Fission::reachable(b);
        b.components(c, ORTHOGONAL)
            .into_iter()
            .filter(|&m| m & b.empty() != 0)
            .map(|m| b.crop(m, Square::Blocked))
            .collect()
    }

    /// The transpose, which exchanges vertical and horizontal.
    fn exchanged(&self, b: &Board) -> Option<Board> {
        Some(b.image(ALL[4]))
    }
}

/// The value of a Fission position (a fresh transposition table).
pub fn value(b: &Board) -> Game {
    Engine::new(Fission).value(b)
}

/// The largest board area `partizan table fission` evaluates (5 × 6 takes seconds, 6 × 6
/// minutes).
pub const MAX_TABLE_AREA: usize = 30;

/// `partizan table fission rows=R cols=C` (or `size=N`): the value of every `r × c` board with
/// one stone on its centre square (row `⌈r/2⌉`, column `⌈c/2⌉`, counted from 1).
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut engine = Engine::new(Fission);
    grid_table(
        "Values of Fission: one stone on the centre square (Left splits vertically), rows x columns",
        a,
        (5, 5),
        MAX_TABLE_AREA,
        |r, c| {
            let text = crate::rulesets::text::board(r, c, |i, j| {
                if (i, j) == ((r - 1) / 2, (c - 1) / 2) {
                    'x'
                } else {
                    '.'
                }
            });
            Ok(engine.value(&parse(&text)?).to_string())
        },
    )
}

/// The `fission` family (see the module documentation).
pub static FISSION: TextFamily<Fission> = TextFamily::new("fission", Fission, parse, display)
    .usage(
        "fission(\"...|.x.|...\"): Fission, rows separated by '|', x a stone, . empty, # blocked; Left splits vertically, Right horizontally",
        "fission(\"...|.x.|...\")",
    )
    .valued(|_, b| value(b))
    .table(GRID_PARAMS, "table fission rows=4 cols=4", table);
