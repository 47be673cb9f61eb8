//! The Game of the Amazons on small boards.
//!
//! **Rules** (the game of Walter Zamkauskas, 1988, as implemented in CGSuite's `game.grid.Amazons`,
//! whose source we read for the rules; studied as a combinatorial game by Berlekamp, "Sums of
//! N × 2 Amazons", 2000, and Snatzke, below). Left's amazons `x` and Right's amazons
//! `o` stand on a grid with empty squares and blocked squares (arrows, or squares not on the
//! board). A move has two parts: one of the player's amazons moves like a chess queen (any number
//! of squares in one of the eight directions, through empty squares only) to an empty square, and
//! then shoots an arrow from its landing square, again like a queen, onto an empty square, which
//! is blocked for the rest of the game. The arrow may pass through or land on the square the
//! amazon has just left. Amazons and arrows block both moves and shots. The player who cannot
//! move loses. Every move blocks one more square, so the game is short.
//!
//! **Input format** (CGSuite's): rows top to bottom separated by `|`, `x` a Left amazon, `o` a
//! Right amazon, `.` an empty square, `#` a blocked square (either case for the letters):
//! `amazons("x......|o......")`, CGSuite's benchmark position. A board has at most 128 squares
//! ([`crate::rulesets::board::MAX_SQUARES`]).
//!
//! **Decomposition.** Everything an amazon does happens along queen lines through empty squares,
//! and consecutive squares of a queen line are king-neighbours; so a move never involves two
//! squares that are not joined by a king-path of unblocked squares, and it only blocks squares.
//! The king-connected regions of unblocked squares are therefore independent for the rest of the
//! game (their sum is the position), and they only ever split further. A region without an amazon
//! is dead: no amazon can ever enter it, so no move is ever made there, and it is dropped (its
//! squares do not matter to anyone's arrows, which cannot reach it either). A region without an
//! empty square is dropped too (no move). Each region is cropped to its bounding box with every
//! square outside the region blocked. The eight symmetries of the square keep both players'
//! moves, so a region is stored under the least of its eight images. Exchanging the colours
//! negates the value (`G(swap) = −G`). A region holding amazons of one player only is an integer
//! (the most moves that player can make there); it is found by the same search.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules
//! alone (direct move generation on explicit boards, no decomposition or symmetry) on every
//! position of the 1×n boards up to n = 6 and of the 2×3 board, on random 2×4 and 3×3 boards, on
//! the 2×5 and 2×6 starts `x....|o....`, `x.....|o.....` and on CGSuite's benchmark
//! `x......|o......` itself (an ignored test: 723,000 positions, about 6 s in a release build),
//! the reference canonical form of tests/common on the 1×n boards up to n = 4; hand derivations
//! (`x.o` = `*`; an amazon at the end of an empty strip steps forward and shoots behind it, so `x`
//! followed by k empty squares is k); the colour swap; sums of separated regions. No published
//! table of small Amazons values was found to compare with (Snatzke, "Exhaustive Search in the
//! Game Amazons", *More Games of No Chance*, MSRI Publ. 42, 2002, computed all 2 × 11 positions,
//! but its tables were not available to us).
//!
//! **In expressions:** `amazons("x.o")` (= `*`). **Tables:** `partizan table amazons rows=R
//! cols=C`: every `r × c` board with Left's amazon in the top-left corner and Right's in the
//! bottom-right, the rest empty (snapshot `snapshots/amazons_table_3x4.snap`).

use crate::algebra::Game;
use crate::rulesets::board::{bits, Board, Square, Symmetry, ALL, CHARS, KING};
use crate::rulesets::board_engine::{BoardRules, Engine};
use crate::rulesets::family::{grid_table, GRID_PARAMS};
use crate::solve::{Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// Parses an Amazons position (see the module documentation).
pub fn parse(text: &str) -> Result<Board, Error> {
    Board::parse_pieces(
        text,
        "Amazons position",
        "use x for Left's amazons, o for Right's, . for an empty square, # for a blocked square",
        true,
    )
}

/// The text form of a position.
pub fn display(b: &Board) -> String {
    b.display(CHARS)
}

/// The rules of Amazons (a [`crate::solve::Ruleset`] too, through [`BoardRules`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

impl BoardRules for Amazons {
    const SYMMETRIES: &'static [Symmetry] = ALL;

    fn options(&self, b: &Board, player: Square) -> Vec<Board> {
        let mut out = Vec::new();
        for a in bits(b.pieces(player)) {
            let lifted = b.with(a, Square::Empty);
            for &d in KING {
                let mut to = a;
                while let Some(t) = lifted.step(to, d) {
                    if lifted.get(t) != Square::Empty {
                        break;
                    }
                    to = t;
                    let landed = lifted.with(to, player);
                    for &e in KING {
                        let mut at = to;
                        while let Some(s) = landed.step(at, e) {
                            if landed.get(s) != Square::Empty {
                                break;
                            }
                            at = s;
                            out.push(landed.with(at, Square::Blocked));
                        }
                    }
                }
            }
        }
        out
    }

    /// The king-connected regions of unblocked squares holding an amazon and an empty square.
    fn regions(&self, b: &Board) -> Vec<Board> {
        let open = b.all() & !b.blocked();
        let parts = b.components(open, KING);
        let live = |m: &u128| m & b.stones() != 0 && m & b.empty() != 0;
        if parts.len() == 1 && live(&parts[0]) && parts[0] == b.all() {
            return vec![*b];
        }
        parts
            .iter()
            .filter(|m| live(m))
            .map(|&m| b.crop(m, Square::Blocked))
            .collect()
    }

    fn exchanged(&self, b: &Board) -> Option<Board> {
        Some(b.swapped())
    }
}

/// The value of an Amazons position (a fresh transposition table).
pub fn value(b: &Board) -> Game {
    Engine::new(Amazons).value(b)
}

/// The largest board area `partizan table amazons` evaluates (4 × 4 takes seconds).
pub const MAX_TABLE_AREA: usize = 16;

/// `partizan table amazons rows=R cols=C` (or `size=N`): the value of every `r × c` board with
/// Left's amazon in the top-left corner and Right's in the bottom-right (`-` for `1 × 1`).
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut engine = Engine::new(Amazons);
    grid_table(
        "Values of Amazons: x in the top-left corner, o in the bottom-right, rows x columns",
        a,
        (3, 4),
        MAX_TABLE_AREA,
        |r, c| {
            if r * c == 1 {
                return Ok("-".to_string());
            }
            let text = crate::rulesets::text::board(r, c, |i, j| match (i, j) {
                (0, 0) => 'x',
                _ if (i, j) == (r - 1, c - 1) => 'o',
                _ => '.',
            });
            Ok(engine.value(&parse(&text)?).to_string())
        },
    )
}

/// The `amazons` family (see the module documentation).
pub static AMAZONS: TextFamily<Amazons> = TextFamily::new("amazons", Amazons, parse, display)
    .usage(
        "amazons(\"x...|...o\"): rows separated by '|', x Left's amazons, o Right's, . empty, # blocked (an arrow)",
        "amazons(\"x...|...o\")",
    )
    .valued(|_, b| value(b))
    .table(GRID_PARAMS, "table amazons rows=2 cols=4", table);
