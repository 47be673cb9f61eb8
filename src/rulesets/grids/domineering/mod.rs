//! Domineering on any board: rectangles and any shape of holes.
//!
//! **Rules** (WW ch. 1; LIP ch. 1). Players alternately place a domino
//! on two adjacent empty squares: Left places them vertically (covering rows `r` and `r + 1` of
//! one column), Right horizontally. The player who cannot move loses. (This is the orientation of
//! WW and of the `cgt` crate: a board with a single vertical pair of squares is 1.)
//!
//! **Input format.** Rows top to bottom, separated by `|`; `.` is an empty square, `#` a hole
//! (already covered or not part of the board): `domineering("....|.#..|....")`. Every row must
//! have the same length. The board may have any size; see below for what is fast.
//!
//! **How values are computed.** A position is split into its connected regions (a disjunctive
//! sum: a domino never spans two regions); squares with no empty neighbour are dropped. Each
//! region is cropped to its bounding box and brought to a normal form under the symmetries of
//! the rules before it is looked up in the transposition table: the mirror images left–right and
//! top–bottom and the half turn keep each player's moves; the transpose (and the quarter turns
//! and anti-transpose) exchange vertical and horizontal, so they exchange the players and negate
//! the value (`G(transpose B) = −G(B)`). A region in which only one player can move is an integer
//! without search: each column (row) of `n` consecutive empty squares holds `⌊n/2⌋` dominoes.
//!
//! Regions whose bounding box has at most 128 squares run on a specialised engine (a `u128`
//! bitboard per region, moves generated with shifts); larger ones through the generic
//! [`Solver`] with the [`Domineering`] ruleset, which hands every region small enough back to the
//! engine. There is no limit on the board size beyond time and memory.
//!
//! **Checked against** (tests/domineering.rs): the small boards worked out in the Wikipedia
//! article "Domineering" (section "Basic examples": 1×2 = −1, 1×3 = −1, 1×4 = −2, 2×2 = ±1,
//! 2×3 = {2 | −1/2} with mean 3/4 and temperature 5/4), further hand derivations, the transpose
//! rule, sums of separated regions, and an independent brute-force evaluator (every rectangle of
//! at most 16 squares and random boards with holes).
//!
//! **In expressions:** `domineering("..|..")` (= `+-1`). **Tables:** `partizan table domineering
//! rows=R cols=C`: the value of every `r × c` rectangle, `r <= R` (rows), `c <= C` (columns).
//!
//! **Files.** [`board`]: the board and its text; `engine`: the region engine and its table;
//! `reach`: the estimate of the table an empty rectangle needs, and the refusal of those out of
//! reach; [`search`]: the outcome by search on one bitboard; [`regions`]: the enumeration of
//! regions and their normal form; `source`: the outside source of region values the engine
//! consults (a value database); here: the rulesets and the family.

use crate::algebra::Game;
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{of_ruleset, search_by_solver, write_text_call, OwnSearch, Rules};
use crate::solve::{Position, Ruleset, Solver, Table, TableParams};
use std::sync::Arc;
use crate::Error;
use std::cell::RefCell;

pub mod board;
mod engine;
mod reach;
pub mod regions;
pub mod search;
mod source;

pub use board::Board;
use engine::Engine;
use reach::within_reach;
pub use reach::estimated_regions;

/// The Domineering ruleset for the generic [`Solver`]: positions are [`Board`]s. Boards of at
/// most 128 squares are evaluated by the specialised engine (see the module documentation),
/// unless the ruleset is built with [`Domineering::rules_only`].
pub struct Domineering {
    engine: RefCell<Engine>,
    use_engine: bool,
}

impl Default for Domineering {
    fn default() -> Domineering {
        Domineering::new()
    }
}

impl Domineering {
    /// A ruleset with an empty transposition table for its engine.
    pub fn new() -> Domineering {
        Domineering {
            engine: RefCell::new(Engine::default()),
            use_engine: true,
        }
    }

    /// The ruleset without the engine: every board goes through the generic solver (for
    /// cross-checks; much slower).
    pub fn rules_only() -> Domineering {
        Domineering {
            use_engine: false,
            ..Domineering::new()
        }
    }

    /// The number of regions in the engine's transposition table.
    pub fn engine_positions(&self) -> usize {
        self.engine.borrow().len()
    }
}

/// Domineering's moves alone, without an engine: the ruleset of its positions as values (see
/// [`crate::solve::position`]); Cram's moves are both players' moves of it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves;

impl Ruleset for Moves {
    type Position = Board;

    /// Left places a vertical domino.
    fn left_options(&self, b: &Board) -> Vec<Board> {
        let w = b.cols;
        let mut out = Vec::new();
        for r in 0..b.rows.saturating_sub(1) {
            for c in 0..w {
                if b.is_empty(r, c) && b.is_empty(r + 1, c) {
                    out.push(b.without(r * w + c, (r + 1) * w + c));
                }
            }
        }
        out
    }

    /// Right places a horizontal domino.
    fn right_options(&self, b: &Board) -> Vec<Board> {
        let w = b.cols;
        let mut out = Vec::new();
        for r in 0..b.rows {
            for c in 0..w.saturating_sub(1) {
                if b.is_empty(r, c) && b.is_empty(r, c + 1) {
                    out.push(b.without(r * w + c, r * w + c + 1));
                }
            }
        }
        out
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        b.regions()
    }

    /// The least of the four images under the symmetries that keep each player's moves.
    fn normalize(&self, b: Board) -> Board {
        let images = [
            b.mirror(false, true),
            b.mirror(true, false),
            b.mirror(true, true),
        ];
        images.into_iter().fold(b, |m, x| m.min(x))
    }
}

/// The board `b` as a Domineering position, written `domineering("..|..")`.
pub fn position(b: Board) -> Position {
    let rules = Arc::new(Rules {
        ruleset: Moves,
        impartial: false,
        write: |_, b, f| write_text_call(f, "domineering", &b.to_string()),
        value: |_, b| within_reach(b).map(|()| value(b)),
        option_count: None,
        // The whole board as one bitboard when it fits ([`search`]), else the
        // generic search of its regions.
        search: Some(OwnSearch {
            run: |r, b, sides, options| {
                match search::search(b, sides, options) {
                    Some(answer) => Ok(answer),
                    None => search_by_solver(*r, b, sides, options),
                }
            },
            first: false,
        }),
    });
    of_ruleset(rules, b)
}

impl Ruleset for Domineering {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        Moves.left_options(b)
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        Moves.right_options(b)
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        b.regions()
    }

    fn normalize(&self, b: Board) -> Board {
        Moves.normalize(b)
    }

    fn known_value(&self, b: &Board) -> Option<Game> {
        if !self.use_engine {
            return None;
        }
        let small = b.small()?;
        // A board that is not one region is split by the solver first.
        let mut engine = self.engine.borrow_mut();
        Some(engine.board_value(small))
    }
}

impl Domineering {
    /// The value of a board with this ruleset's engine and its table (kept between calls):
    /// the engine for a board of at most 128 squares, the generic solver for a larger one.
    pub fn board_value(&self, b: &Board) -> Game {
        match (self.use_engine, b.small()) {
            (true, Some(small)) => self.engine.borrow_mut().board_value(small),
            _ => value(b),
        }
    }
}

/// The value of a Domineering board (a fresh transposition table).
pub fn value(board: &Board) -> Game {
    Solver::new(Domineering::new()).value(board)
}

/// The largest rectangle area `partizan table domineering` evaluates.
pub const MAX_TABLE_AREA: usize = 40;

/// `partizan table domineering rows=R cols=C` (or `size=N` for both).
fn table(a: &TableParams) -> Result<Table, Error> {
    // The work grows exponentially with the area (6×6, 36 squares: see docs/PERFORMANCE.md).
    let mut solver = Solver::new(Domineering::new());
    crate::rulesets::family::grid_table(
        "Values of Domineering rectangles (Left places vertical dominoes), rows x columns",
        a,
        (4, 4),
        MAX_TABLE_AREA,
        |r, c| Ok(solver.value(&Board::rectangle(r, c)).to_string()),
    )
}

/// The `domineering` family (see the module documentation).
pub struct DomineeringFamily;

impl Family for DomineeringFamily {
    fn name(&self) -> &'static str {
        "domineering"
    }
    fn usage(&self) -> &'static str {
        "domineering(\"..|..\"): rows separated by '|', '.' empty, '#' a hole; Left places vertical dominoes"
    }
    fn example(&self) -> &'static str {
        "domineering(\"....|....|....\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let text = crate::rulesets::text::one_string(args, named, "the board");
        Some(text.and_then(Board::parse).map(position))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table domineering rows=4 cols=4",
            build: table,
        })
    }
}
