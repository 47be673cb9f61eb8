//! Generalised King Dirt (MCGS's `gen_king_dirt`) on small boards.
//!
//! **Rules** (as implemented in MCGS, the minimax sum solver of the University of Alberta,
//! github.com/ualberta-mueller-group/MCGS, files `src/gen_king_dirt.cpp` and
//! `src/gen_king_dirt.h` for the moves, `input/info.test` for the notation, and the CGSuite
//! definition it was tested against, `utils/CGSuite/GenKingDirt.cgs`; we read them for the rules
//! and copied nothing). A rectangular grid of squares, each empty, holding a king of Black
//! (Left) or of White (Right), or dirt (unusable). Besides the board a position records how many
//! kings each player still has in hand, and a flag *must place*. On a turn the player either
//!
//! * *places* a king from hand on any empty square (only with a king in hand), or
//! * *slides* one of the kings on the board one step, as a chess king (any of the eight
//!   neighbours), to an empty square; the square it leaves becomes dirt.
//!
//! When *must place* is set, a player who can place may not slide. The player who cannot move
//! loses. Every move fills one empty square, so the game is short.
//!
//! **Input format** (MCGS's): `B,W,M:` and then the board, rows separated by `|`: `B` and `W`
//! the kings Black and White have in hand, `M` 1 for *must place* and 0 otherwise; `X` a Black
//! king, `O` a White king, `.` an empty square, `#` dirt (either case for the letters):
//! `king_dirt("1,1,0:X..|.#.|.X#")`. Without the `B,W,M:` prefix nobody has kings in hand.
//!
//! **Values.** The generic [`Solver`] evaluates the rules above. A count in hand larger than the
//! number of empty squares is lowered to it, and *must place* is cleared when nobody has a king
//! in hand: each move fills one empty square, so only whether a player has a king in hand while
//! squares are empty ever matters. When nobody has a king in hand the position is the sum of its
//! regions: the sets of non-dirt squares connected through the eight neighbours (a slide moves
//! between neighbours and only adds dirt, so regions only split). A region without a king or
//! without an empty square has no move and is dropped; each region is cropped to its bounding box,
//! the squares outside it dirt. With kings in hand the position is not split (a king may be
//! placed anywhere).
//!
//! **Checked against** (tests/mcgs_rulesets.rs): a brute-force outcome search written in the
//! test from the rules alone (no regions, no canonical forms) on every 1 × 3, 1 × 4, 2 × 2,
//! 2 × 3 and 3 × 2 board with up to 2 kings in each hand, with and without must place, and on random 3 × 3 boards with a
//! fixed seed; the outcomes recorded in MCGS's tests, which were computed with CGSuite
//! (tests/data/mcgs_king_dirt.txt, from MCGS's `input/autotests/gen_king_dirt/`); and by hand:
//! `king_dirt("X.")` is 1, `king_dirt("X.O")` is `*` and `king_dirt("1,0,0:.")` is 1.
//!
//! **Tables:** `partizan table king_dirt rows=R cols=C black=B white=W must_place=M` (or
//! `size=N`; default 3 × 3, one king in each hand, must place 0): every empty `r × c` board with
//! `B` and `W` kings in hand (0 to 2), the shape of MCGS's tests (`1,1,0:...|...|...`), for
//! boards of up to 12 squares. With equal hands, exchanging the colours maps a board to its
//! negative, so every value `G` has `G = −G`. Snapshot `snapshots/king_dirt_table_3x3.snap`,
//! checked against a brute-force evaluator written in the test.
//!
//! ```
//! use partizan::rulesets::king_dirt::{parse, value};
//! use partizan::Game;
//! let v = |s: &str| value(&parse(s).unwrap());
//! assert_eq!(v("X."), Game::integer(1));
//! assert_eq!(v("X.O"), Game::star());
//! assert_eq!(v("1,0,0:."), Game::integer(1));
//! ```

use crate::algebra::Game;
use crate::rulesets::family::{bounded, grid_table, Param, GRID_PARAMS};
use crate::rulesets::text::TextFamily;
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::Error;

/// An empty square.
pub const EMPTY: u8 = 0;
/// A Black (Left) king.
pub const BLACK: u8 = 1;
/// A White (Right) king.
pub const WHITE: u8 = 2;
/// Dirt.
pub const DIRT: u8 = 3;

/// A King Dirt position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KingDirt {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// Row-major squares: [`EMPTY`], [`BLACK`], [`WHITE`] or [`DIRT`].
    pub cells: Vec<u8>,
    /// Black's kings in hand.
    pub black_hand: u32,
    /// White's kings in hand.
    pub white_hand: u32,
    /// Whether a player with a king in hand must place it.
    pub must_place: bool,
}

impl KingDirt {
    fn step(&self, at: usize, dr: isize, dc: isize) -> Option<usize> {
        let r = (at / self.cols) as isize + dr;
        let c = (at % self.cols) as isize + dc;
        ((0..self.rows as isize).contains(&r) && (0..self.cols as isize).contains(&c))
            .then(|| r as usize * self.cols + c as usize)
    }

    fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(|&d| d != (0, 0))
            .filter_map(move |(dr, dc)| self.step(at, dr, dc))
    }

    /// The positions after each move of `player` ([`BLACK`] or [`WHITE`]).
    pub fn options(&self, player: u8) -> Vec<KingDirt> {
        let mut out = Vec::new();
        let hand = if player == BLACK {
            self.black_hand
        } else {
            self.white_hand
        };
        if hand > 0 {
            for (i, &c) in self.cells.iter().enumerate() {
                if c == EMPTY {
                    let mut next = self.clone();
                    next.cells[i] = player;
                    if player == BLACK {
                        next.black_hand -= 1;
                    } else {
                        next.white_hand -= 1;
                    }
                    out.push(next);
                }
            }
        }
        if self.must_place && !out.is_empty() {
            return out;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c != player {
                continue;
            }
            for j in self.neighbours(i) {
                if self.cells[j] == EMPTY {
                    let mut next = self.clone();
                    next.cells[i] = DIRT;
                    next.cells[j] = player;
                    out.push(next);
                }
            }
        }
        out
    }

    /// The regions of a position without kings in hand (see the module documentation).
    fn regions(&self) -> Vec<KingDirt> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || self.cells[start] == DIRT {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut region = Vec::new();
            while let Some(i) = stack.pop() {
                region.push(i);
                for j in self.neighbours(i) {
                    if !seen[j] && self.cells[j] != DIRT {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let live = region.iter().any(|&i| self.cells[i] != EMPTY)
                && region.iter().any(|&i| self.cells[i] == EMPTY);
            if !live {
                continue;
            }
            let r0 = region.iter().map(|&i| i / self.cols).min().unwrap();
            let r1 = region.iter().map(|&i| i / self.cols).max().unwrap();
            let c0 = region.iter().map(|&i| i % self.cols).min().unwrap();
            let c1 = region.iter().map(|&i| i % self.cols).max().unwrap();
            let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
            let mut cells = vec![DIRT; rows * cols];
            for &i in &region {
                cells[(i / self.cols - r0) * cols + (i % self.cols - c0)] = self.cells[i];
            }
            out.push(KingDirt {
                rows,
                cols,
                cells,
                ..KingDirt::default()
            });
        }
        out
    }

    /// The position with counts in hand lowered to the number of empty squares and *must place*
    /// cleared when nobody has a king in hand (the same value).
    pub fn normalized(mut self) -> KingDirt {
        let empty = self.cells.iter().filter(|&&c| c == EMPTY).count() as u32;
        self.black_hand = self.black_hand.min(empty);
        self.white_hand = self.white_hand.min(empty);
        if self.black_hand == 0 && self.white_hand == 0 {
            self.must_place = false;
        }
        self
    }
}

/// The position as [`parse`] reads it: `B,W,M:` when a player has a king in hand or must
/// place, then the board.
pub fn text(p: &KingDirt) -> String {
    let board = crate::rulesets::text::board(p.rows, p.cols, |r, c| match p.cells[r * p.cols + c] {
        BLACK => 'X',
        WHITE => 'O',
        DIRT => '#',
        _ => '.',
    });
    if p.black_hand == 0 && p.white_hand == 0 && !p.must_place {
        return board;
    }
    format!(
        "{},{},{}:{board}",
        p.black_hand,
        p.white_hand,
        u8::from(p.must_place)
    )
}

/// Parses a King Dirt position (see the module documentation).
pub fn parse(text: &str) -> Result<KingDirt, Error> {
    let (params, board) = match text.split_once(':') {
        Some((p, b)) => (Some(p), b),
        None => (None, text),
    };
    let (black_hand, white_hand, must_place) = match params {
        None => (0, 0, false),
        Some(p) => {
            let bad = || -> Error {
                Error::input(format!(
                    "bad parameters {:?} of the King Dirt position: expected B,W,M: (Black's and White's kings in hand, and must place 0 or 1), as in 1,1,0:X..|.O.",
                    p.trim()
                ))
            };
            let f: Vec<&str> = p.split(',').map(str::trim).collect();
            if f.len() != 3 {
                return Err(bad());
            }
            let b: u32 = f[0].parse().map_err(|_| bad())?;
            let w: u32 = f[1].parse().map_err(|_| bad())?;
            let m = match f[2] {
                "0" => false,
                "1" => true,
                _ => return Err(bad()),
            };
            (b, w, m)
        }
    };
    let g = crate::rulesets::text::grid(
        board,
        "King Dirt board",
        "use X for Black's (Left's) kings, O for White's (Right's), . for an empty square, # for dirt",
        |c| match c.to_ascii_uppercase() {
            '.' => Some(EMPTY),
            'X' => Some(BLACK),
            'O' => Some(WHITE),
            '#' => Some(DIRT),
            _ => None,
        },
    )?;
    Ok(KingDirt {
        rows: g.rows,
        cols: g.cols,
        cells: g.cells,
        black_hand,
        white_hand,
        must_place,
    })
}

/// The rules of King Dirt for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct KingDirtRules;

impl Ruleset for KingDirtRules {
    type Position = KingDirt;

    fn left_options(&self, p: &KingDirt) -> Vec<KingDirt> {
        p.options(BLACK)
    }

    fn right_options(&self, p: &KingDirt) -> Vec<KingDirt> {
        p.options(WHITE)
    }

    fn components(&self, p: &KingDirt) -> Vec<KingDirt> {
        let p = p.clone().normalized();
        if p.black_hand == 0 && p.white_hand == 0 {
            p.regions()
        } else {
            vec![p]
        }
    }

    fn normalize(&self, p: KingDirt) -> KingDirt {
        p.normalized()
    }
}

/// The value of a King Dirt position (a fresh transposition table).
pub fn value(p: &KingDirt) -> Game {
    Solver::new(KingDirtRules).value(p)
}

/// The largest board area `partizan table king_dirt` evaluates.
pub const MAX_TABLE_AREA: usize = 12;

/// The most kings in a hand in `partizan table king_dirt` (3 × 4 boards with two kings in each
/// hand take about 20 seconds).
pub const MAX_TABLE_HAND: usize = 2;

/// The parameters of `partizan table king_dirt`: the board's dimensions, the kings in hand and
/// must place.
const TABLE_PARAMS: &[Param] = &[
    GRID_PARAMS[0],
    GRID_PARAMS[1],
    GRID_PARAMS[2],
    Param {
        name: "black",
        meaning: "Black's (Left's) kings in hand, default 1, at most 2",
    },
    Param {
        name: "white",
        meaning: "White's (Right's) kings in hand, default 1, at most 2",
    },
    Param {
        name: "must_place",
        meaning: "1 if a player with a king in hand must place it, default 0",
    },
];

/// `partizan table king_dirt rows=R cols=C black=B white=W must_place=M` (or `size=N`): the
/// value of every empty `r × c` board, Black with `B` kings in hand and White with `W`, as in
/// MCGS's tests (`1,1,0:...|...|...`). Boards of up to [`MAX_TABLE_AREA`] squares.
fn table(a: &TableParams) -> Result<Table, Error> {
    let black = bounded(a, "black", 1, (0, MAX_TABLE_HAND))? as u32;
    let white = bounded(a, "white", 1, (0, MAX_TABLE_HAND))? as u32;
    let must_place = bounded(a, "must_place", 0, (0, 1))? == 1;
    let mut solver = Solver::new(KingDirtRules);
    grid_table(
        &format!(
            "Values of King Dirt: empty boards, {black} Black and {white} White kings in hand, must place {}, rows x columns",
            u8::from(must_place)
        ),
        a,
        (3, 3),
        MAX_TABLE_AREA,
        |r, c| {
            let p = KingDirt {
                rows: r,
                cols: c,
                cells: vec![EMPTY; r * c],
                black_hand: black,
                white_hand: white,
                must_place,
            };
            Ok(solver.value(&p).to_string())
        },
    )
}

/// The `king_dirt` family (see the module documentation).
pub static KING_DIRT: TextFamily<KingDirtRules> =
    TextFamily::new("king_dirt", KingDirtRules, parse, text)
        .usage(
            "king_dirt(\"1,1,0:X..|.#.|.O.\"): MCGS's generalised King Dirt, B,W,M: kings in hand for Black and White and must-place (0 or 1), then rows separated by '|', X Black (Left), O White (Right), . empty, # dirt",
            "king_dirt(\"1,1,0:X..|.#.|.O.\")",
        )
        .table(TABLE_PARAMS, "table king_dirt rows=2 cols=3", table);
