//! NoGo's outcome by search: who wins a grid with a given player to move, found by a
//! depth-first search over two bitboards of the whole board (the black and the white stones),
//! instead of the generic [`OutcomeSearch`](crate::solve::outcome::OutcomeSearch) over the
//! board's graph of blocks.
//!
//! **Board.** The grid is cropped to the bounding box of its points (cells not off the board);
//! when that box has `h × w <= 64` cells, cell `(r, c)` is bit `r * w + c`, and a position is
//! the set of black stones and the set of white stones. Larger grids are left to the generic
//! search ([`search`] answers `None`), and so are boards that split into several regions with
//! moves (a sum, whose regions the generic search values by their canonical forms: a search of
//! the whole board would search every combination of positions of the regions).
//!
//! **Legal moves** (the rules of [`super`]), for every point at once: a block's liberties
//! are found by a flood fill of its stones. A stone of `X` on an empty point `v` is legal
//! unless it takes the last liberty of a block of the opponent (`v` is the only liberty of a
//! block of the opponent: a capture), or leaves its own block without a liberty (a suicide:
//! `v` has no empty neighbour, and no block of `X` next to `v` has a liberty besides `v`).
//!
//! **Search.** A negamax over "does the player to move win" (the player to move wins exactly
//! when some move leads to a position that the player then to move loses; the player with no
//! legal move loses), with:
//!
//! - *Move ordering*: each move's position is scored by the mover's legal moves there minus the
//!   opponent's, highest first; a move that leaves the opponent no legal move wins at once.
//! - A *transposition table* of at most [`SearchOptions::table_entries`] entries
//!   (rounded down to a power of two, [`WorkTable`](crate::solve::outcome::WorkTable),
//!   growing with the search), keyed by the position and the player to move under the
//!   symmetries of the rules: the symmetries of the grid that keep its points (the mirror
//!   images, the half turn, and on a square grid the transposes and quarter turns), and the
//!   exchange of the colours with the other player to move (the rules treat the colours
//!   alike, so the player to move wins the one exactly when it wins the other).
//!
//! The search passes an interruption point ([`crate::interrupt`]) every
//! [`Expansions::BATCH`](crate::solve::outcome::Expansions::BATCH) positions it expands, and records them for the progress display.

use crate::rulesets::board::{
    bounding_box, flip_rows_64, half_turn_64, permute_64, transpose_64, ColumnMasks,
};
use super::points::{BLACK, WHITE};
use crate::solve::outcome::{spread, wins_by_some_move, SearchOptions, SearchStats, Tally};

/// The most cells of the bounding box of a grid's points that the search handles.
pub const MAX_CELLS: usize = 64;

/// For each of `sides` (Left, Black, moving first when `true`), whether the player moving
/// first on the grid wins, and what the search did. `cells[r * cols + c]` is the cell at row
/// `r`, column `c`: `None` off the board, else its stone ([`EMPTY`](super::EMPTY), [`BLACK`] or [`WHITE`]).
/// `None` when the bounding box of the grid's points has more than [`MAX_CELLS`] cells. The
/// position must be one of NoGo (every block has a liberty).
pub fn search(
    rows: usize,
    cols: usize,
    cells: &[Option<u8>],
    sides: &[bool],
    options: SearchOptions,
) -> Option<(Vec<bool>, SearchStats)> {
    let (geometry, black, white) = Geometry::of(rows, cols, cells)?;
    if geometry.live_regions(black, white) > 1 {
        return None;
    }
    let mut search = Search {
        tally: Tally::new(options.table_entries, |key: (u64, u64), _| {
            spread(key.0 ^ key.1.rotate_left(32).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        }),
        geometry,
    };
    let wins = sides
        .iter()
        .map(|&left| {
            let (own, other) = if left { (black, white) } else { (white, black) };
            search.wins(own, other)
        })
        .collect();
    search.tally.expansions.record();
    Some((wins, search.tally.stats))
}

/// The shape of the grid being searched and the masks its neighbours are found with.
struct Geometry {
    h: u32,
    w: u32,
    /// The points of the grid.
    on: u64,
    /// The cells not in the last column.
    not_last_column: u64,
    /// The cells not in the first column.
    not_first_column: u64,
    /// Whether each symmetry of the rectangle (see [`Geometry::images`]) keeps the points.
    symmetries: [bool; 8],
    /// On a square grid, the cell each cell goes to under the transpose.
    transpose: [u8; 64],
}

impl Geometry {
    /// The geometry of the bounding box of the grid's points and its black and white stones;
    /// `None` when the box has more than [`MAX_CELLS`] cells.
    fn of(rows: usize, cols: usize, cells: &[Option<u8>]) -> Option<(Geometry, u64, u64)> {
        let Some((r0, c0, h, w)) = bounding_box(rows, cols, |r, c| cells[r * cols + c].is_some())
        else {
            // No point at all.
            return Some((Geometry::new(1, 1, 0), 0, 0));
        };
        if h * w > MAX_CELLS {
            return None;
        }
        let (mut on, mut black, mut white) = (0u64, 0u64, 0u64);
        for r in 0..h {
            for c in 0..w {
                let bit = 1u64 << (r * w + c);
                match cells[(r0 + r) * cols + c0 + c] {
                    None => continue,
                    Some(BLACK) => black |= bit,
                    Some(WHITE) => white |= bit,
                    Some(_) => {}
                }
                on |= bit;
            }
        }
        Some((Geometry::new(h as u32, w as u32, on), black, white))
    }

    fn new(h: u32, w: u32, on: u64) -> Geometry {
        let masks = ColumnMasks::new(h, w);
        let transpose = if h == w { transpose_64(w) } else { [0; 64] };
        let mut g = Geometry {
            h,
            w,
            on,
            not_last_column: masks.not_last_column,
            not_first_column: masks.not_first_column,
            symmetries: [false; 8],
            transpose,
        };
        let images = g.images(on);
        for (k, image) in images.iter().enumerate() {
            g.symmetries[k] = image.is_some_and(|i| i == on);
        }
        g
    }

    /// The points next to some point of `s`.
    #[inline]
    fn neighbours(&self, s: u64) -> u64 {
        (((s << 1) & self.not_first_column)
            | ((s >> 1) & self.not_last_column)
            | (s << self.w)
            | (s >> self.w))
            & self.on
    }

    /// The block of the stones `stones` that holds the stone `seed`.
    #[inline]
    fn block(&self, seed: u64, stones: u64) -> u64 {
        let mut b = seed;
        loop {
            let grown = (b | self.neighbours(b)) & stones;
            if grown == b {
                return b;
            }
            b = grown;
        }
    }

    /// The number of the board's regions with at least two empty points (a region with at
    /// most one is 0, neither player ever having a move in it): the classes of empty points
    /// joined by adjacency and by the blocks whose liberties they are, as
    /// [`super`] splits its graphs of blocks.
    fn live_regions(&self, black: u64, white: u64) -> u32 {
        let empty = self.on & !(black | white);
        let mut rest = empty;
        let mut live = 0;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let near = self.neighbours(region);
                let blocks = self.block(near & black, black) | self.block(near & white, white);
                let grown = region | ((near | self.neighbours(blocks)) & empty);
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region.count_ones() > 1 {
                live += 1;
            }
        }
        live
    }

    /// The liberties of the blocks of `stones` (among the empty points `empty`) that have one
    /// liberty, and those of the blocks that have more.
    #[inline]
    fn liberties(&self, stones: u64, empty: u64) -> (u64, u64) {
        let (mut single, mut several) = (0, 0);
        let mut rest = stones;
        while rest != 0 {
            let block = self.block(rest & rest.wrapping_neg(), stones);
            rest &= !block;
            let libs = self.neighbours(block) & empty;
            if libs & (libs - 1) == 0 {
                single |= libs;
            } else {
                several |= libs;
            }
        }
        (single, several)
    }

    /// The legal moves of the player whose stones are `own`, the opponent's being `other`.
    #[inline]
    fn legal(&self, own: u64, other: u64) -> u64 {
        self.both_legal(own, other).0
    }

    /// The legal moves of the player whose stones are `own`, and those of the opponent, whose
    /// stones are `other` (see the module documentation).
    #[inline]
    fn both_legal(&self, own: u64, other: u64) -> (u64, u64) {
        let empty = self.on & !(own | other);
        let (own_single, own_several) = self.liberties(own, empty);
        let (other_single, other_several) = self.liberties(other, empty);
        // Points with an empty neighbour: a stone there keeps a liberty.
        let open = empty & self.neighbours(empty);
        (
            empty & !other_single & (open | own_several),
            empty & !own_single & (open | other_several),
        )
    }

    /// The images of `s` under the eight symmetries of a square (the four of a rectangle, the
    /// others `None`): itself, upside down, half turned, mirrored left–right, then the same of
    /// its transpose.
    #[inline]
    fn images(&self, s: u64) -> [Option<u64>; 8] {
        let mut out = [None; 8];
        let flipped = flip_rows_64(s, self.h, self.w);
        out[..4].copy_from_slice(&[
            Some(s),
            Some(flipped),
            Some(half_turn_64(s, self.h, self.w)),
            Some(half_turn_64(flipped, self.h, self.w)),
        ]);
        if self.h == self.w {
            let t = permute_64(s, &self.transpose);
            let flipped = flip_rows_64(t, self.h, self.w);
            out[4..].copy_from_slice(&[
                Some(t),
                Some(flipped),
                Some(half_turn_64(t, self.h, self.w)),
                Some(half_turn_64(flipped, self.h, self.w)),
            ]);
        }
        out
    }

    /// The key of the position where the player to move has the stones `own` and the opponent
    /// `other`, the same for its images under the symmetries of the rules (see the module
    /// documentation). Which player is to move does not enter: exchanging the colours maps
    /// one to the other.
    #[inline]
    fn key(&self, own: u64, other: u64) -> (u64, u64) {
        let (own_images, other_images) = (self.images(own), self.images(other));
        let mut key = (own, other);
        for k in 1..8 {
            if self.symmetries[k] {
                if let (Some(a), Some(b)) = (own_images[k], other_images[k]) {
                    key = key.min((a, b));
                }
            }
        }
        key
    }
}

/// A search of one grid's positions (see the module documentation).
struct Search {
    geometry: Geometry,
    tally: Tally<(u64, u64)>,
}

/// The most moves of one player on a grid of 64 cells.
const MAX_MOVES: usize = 64;

impl Search {
    /// Whether the player to move, whose stones are `own` (the opponent's `other`), wins.
    fn wins(&mut self, own: u64, other: u64) -> bool {
        let key = self.geometry.key(own, other);
        let entered = match self.tally.enter(key, false) {
            Ok(r) => return r,
            Err(entered) => entered,
        };
        let g = &self.geometry;
        let moves = g.legal(own, other);
        // Each move's stones and its score, highest first; a move that leaves the opponent no
        // legal move ends the search here.
        let mut children = [(0i32, 0u64); MAX_MOVES];
        let mut n = 0;
        let mut rest = moves;
        let mut wins = false;
        while rest != 0 {
            let v = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let child = own | v;
            let (theirs, mine) = g.both_legal(other, child);
            if theirs == 0 {
                wins = true;
                break;
            }
            let score = mine.count_ones() as i32 - theirs.count_ones() as i32;
            children[n] = (score, child);
            n += 1;
        }
        wins = wins || wins_by_some_move(&mut children[..n], |child| self.wins(other, child));
        self.tally.finish(key, false, wins, entered);
        wins
    }
}
