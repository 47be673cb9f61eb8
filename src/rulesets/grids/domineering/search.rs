//! Domineering's outcome by search: who wins a board with a given player to move, found by a
//! depth-first search over one bitboard of the whole board, in the manner of DOMI (BUH) and of
//! Obsequi (Bullock), instead of the generic [`OutcomeSearch`](crate::solve::outcome::OutcomeSearch)
//! over the board's regions.
//!
//! **Board.** The board is cropped to the bounding box of its empty squares; when that box has
//! `h × w <= 64` squares, the empty squares are the set bits of a `u64` (bit `r * w + c` for
//! row `r`, column `c`). Left places vertical dominoes, Right horizontal ones (the orientation of
//! [`super`]). Larger boards are left to the generic search ([`search`] answers
//! `None`).
//!
//! **Search.** A negamax over "does the player to move win" (a position is a win for the player
//! to move exactly when some move leads to a position that is a loss for the player then to
//! move; LIP ch. 2), with:
//!
//! - *Static bounds* (`Counts::decided`), which decide a position without search by counting
//!   each player's *real moves* (the most dominoes the player could still place, were the
//!   opponent never to move), *safe moves* (dominoes the opponent can never interfere with) and
//!   *blocks* (2×2 squares the opponent can enter only from inside, Bullock's protective areas);
//!   see the lemma there. Each child is checked before any is searched, so that a move to a
//!   position decided as a loss for the opponent is found at once.
//! - *Move ordering*: the moves leaving the mover the largest lead of real and safe moves first;
//!   moves entirely on the mover's own safe squares last (they take nothing from the opponent).
//! - A *transposition table* of at most [`SearchOptions::table_entries`] entries
//!   (rounded down to a power of two), in buckets of two, keyed by the board and the player to
//!   move under the symmetries of the rules: the mirror images left–right and top–bottom and the
//!   half turn keep each player's moves; on a square board the transpose (and the quarter turns
//!   and the anti-transpose) exchange vertical and horizontal, hence the players, so the board's
//!   transpose with the other player to move has the same winner-to-move. A new result replaces
//!   the entry of its bucket whose subtree took fewer positions to decide (BUH compare such
//!   replacement schemes for Domineering). The table starts small and grows with the search
//!   ([`Tally`]).
//!
//! The search passes an interruption point ([`crate::interrupt`]) every
//! [`Expansions::BATCH`](crate::solve::outcome::Expansions::BATCH) positions it expands, and records them for the progress display. The empty 8×8 board, a first-player win
//! (BUH; Bullock), is decided this way (docs/PERFORMANCE.md).

use crate::rulesets::board::{
    bounding_box, flip_rows_64, half_turn_64, permute_64, transpose_64, ColumnMasks,
};
use super::board::Board;
use crate::solve::outcome::{spread, wins_by_some_move, SearchOptions, SearchStats, Tally};

/// The most squares of the bounding box of a board's empty squares that the search handles.
pub const MAX_SQUARES: usize = 64;

/// For each of `sides` (Left moving first when `true`), whether the player moving first on
/// `board` wins, and what the search did; `None` when the bounding box of the board's empty
/// squares has more than [`MAX_SQUARES`] squares.
pub fn search(
    board: &Board,
    sides: &[bool],
    options: SearchOptions,
) -> Option<(Vec<bool>, SearchStats)> {
    let (geometry, empty) = Geometry::of(board)?;
    let mut search = Search::new(geometry, options.table_entries);
    let wins = sides.iter().map(|&left| search.root(empty, left)).collect();
    search.tally.expansions.record();
    Some((wins, search.tally.stats))
}

/// `x >> n`, 0 when `n >= 64`.
#[inline]
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// `x << n`, 0 when `n >= 64`.
#[inline]
fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// The shape of the board being searched and the masks its moves are generated with.
struct Geometry {
    h: u32,
    w: u32,
    /// Every square of the board.
    all: u64,
    /// The squares of the first row.
    first_row: u64,
    /// The squares of the first column.
    first_column: u64,
    /// The squares not in the last column.
    not_last_column: u64,
    /// The squares not in the first column.
    not_first_column: u64,
    /// On a square board, the square each square goes to under the transpose.
    transpose: Option<[u8; 64]>,
}

impl Geometry {
    /// The geometry of the bounding box of `board`'s empty squares and the empty squares in it;
    /// `None` when the box has more than [`MAX_SQUARES`] squares.
    fn of(board: &Board) -> Option<(Geometry, u64)> {
        let Some((r0, c0, h, w)) =
            bounding_box(board.rows(), board.cols(), |r, c| board.is_empty(r, c))
        else {
            // No empty square: a 1×1 board with a hole.
            return Some((Geometry::new(1, 1), 0));
        };
        if h * w > MAX_SQUARES {
            return None;
        }
        let mut empty = 0u64;
        for r in 0..h {
            for c in 0..w {
                if board.is_empty(r0 + r, c0 + c) {
                    empty |= 1 << (r * w + c);
                }
            }
        }
        Some((Geometry::new(h as u32, w as u32), empty))
    }

    fn new(h: u32, w: u32) -> Geometry {
        let ColumnMasks {
            all,
            first_column,
            not_first_column,
            not_last_column,
        } = ColumnMasks::new(h, w);
        let first_row = u64::MAX >> (64 - w);
        let transpose = (h == w).then(|| transpose_64(w));
        Geometry {
            h,
            w,
            all,
            first_row,
            first_column,
            not_last_column,
            not_first_column,
            transpose,
        }
    }

    /// The top squares of the vertical pairs of squares of `s` (Left's moves when `s` is the
    /// empty squares).
    #[inline]
    fn vertical_pairs(&self, s: u64) -> u64 {
        s & shr(s, self.w)
    }

    /// The left squares of the horizontal pairs of squares of `s` (Right's moves).
    #[inline]
    fn horizontal_pairs(&self, s: u64) -> u64 {
        s & (s >> 1) & self.not_last_column
    }

    /// The most vertical dominoes that fit on the squares `s` without overlapping: in each
    /// column, each run of `n` consecutive squares holds `⌊n/2⌋`, as placing them greedily from
    /// the top finds.
    #[inline]
    fn vertical_packing(&self, s: u64) -> u32 {
        self.down_chains(self.vertical_pairs(s))
    }

    /// The most horizontal dominoes that fit on the squares `s` without overlapping (each row's
    /// runs, greedily from the left).
    #[inline]
    fn horizontal_packing(&self, s: u64) -> u32 {
        self.right_chains(self.horizontal_pairs(s))
    }

    /// The most of the shapes whose top-left squares are `starts` that can be placed without
    /// overlapping, for shapes that overlap only the one starting a row below in the same
    /// column (vertical dominoes, Left's blocks): taken greedily from the top, all columns at
    /// once, a row at a time.
    #[inline]
    fn down_chains(&self, starts: u64) -> u32 {
        let mut rest = starts;
        let mut used = 0;
        let mut n = 0;
        while rest != 0 {
            let placed = rest & self.first_row & !used;
            n += placed.count_ones();
            used = placed;
            rest = shr(rest, self.w);
        }
        n
    }

    /// [`Geometry::down_chains`] for shapes that overlap only the one starting a column to the
    /// right in the same row (horizontal dominoes, Right's blocks): greedily from the left, all
    /// rows at once, a column at a time.
    #[inline]
    fn right_chains(&self, starts: u64) -> u32 {
        let mut rest = starts;
        let mut used = 0;
        let mut n = 0;
        // Column `c` of every row is at the first column after `c` shifts; after `w − 1`
        // shifts, the next rows' squares would come there.
        for _ in 1..self.w {
            if rest == 0 {
                break;
            }
            let placed = rest & self.first_column & !used;
            n += placed.count_ones();
            used = placed;
            rest >>= 1;
        }
        n
    }

    /// The top-left squares of Left's *blocks* in `e`: 2×2 squares of empty squares with no
    /// empty square beside them to the left or to the right, so that Right can place a domino
    /// on them only inside them (see [`Counts::decided`]).
    #[inline]
    fn left_blocks(&self, e: u64) -> u64 {
        let squares = self.vertical_pairs(self.horizontal_pairs(e));
        // Bit k: the square left of k is empty; the square right of k is empty.
        let left_empty = (e << 1) & self.not_first_column;
        let right_empty = (e >> 1) & self.not_last_column;
        let walls = !(left_empty | shr(left_empty, self.w))
            & !((right_empty >> 1) | shr(right_empty >> 1, self.w));
        squares & walls
    }

    /// The top-left squares of Right's blocks in `e`: 2×2 squares of empty squares with no empty
    /// square above or below them.
    #[inline]
    fn right_blocks(&self, e: u64) -> u64 {
        let squares = self.vertical_pairs(self.horizontal_pairs(e));
        // Bit k: the square above k is empty; the square below k is empty.
        let above_empty = shl(e, self.w) & self.all;
        let below_empty = shr(e, self.w);
        let below_block = shr(below_empty, self.w);
        let walls = !(above_empty | (above_empty >> 1)) & !(below_block | (below_block >> 1));
        squares & walls
    }

    /// The squares of `e` that Right can never cover: no horizontal neighbour is empty (squares
    /// do not become empty again).
    #[inline]
    fn left_safe_squares(&self, e: u64) -> u64 {
        let neighbour = ((e >> 1) & self.not_last_column) | ((e << 1) & self.not_first_column);
        e & !neighbour
    }

    /// The squares of `e` that Left can never cover: no vertical neighbour is empty.
    #[inline]
    fn right_safe_squares(&self, e: u64) -> u64 {
        let neighbour = shr(e, self.w) | (shl(e, self.w) & self.all);
        e & !neighbour
    }

    /// The moves' counts of the board whose empty squares are `e`.
    #[inline]
    fn counts(&self, e: u64) -> Counts {
        Counts {
            real: [self.vertical_packing(e), self.horizontal_packing(e)],
            safe: [
                self.vertical_packing(self.left_safe_squares(e)),
                self.horizontal_packing(self.right_safe_squares(e)),
            ],
            blocks: [
                self.down_chains(self.left_blocks(e)),
                self.right_chains(self.right_blocks(e)),
            ],
        }
    }

    /// The board upside down (row `r` to row `h − 1 − r`).
    #[inline]
    fn flip_rows(&self, e: u64) -> u64 {
        flip_rows_64(e, self.h, self.w)
    }

    /// The board turned half a turn (square `k` to square `h·w − 1 − k`).
    #[inline]
    fn half_turn(&self, e: u64) -> u64 {
        half_turn_64(e, self.h, self.w)
    }

    /// The least of the board's images under the mirrors and the half turn.
    #[inline]
    fn least_image(&self, e: u64) -> u64 {
        let flipped = self.flip_rows(e);
        e.min(flipped)
            .min(self.half_turn(e))
            .min(self.half_turn(flipped))
    }

    /// The key of the board `e` with Left to move when `left`, the same for every image of it
    /// under the symmetries of the rules (see the module documentation).
    #[inline]
    fn key(&self, e: u64, left: bool) -> (u64, bool) {
        let own = (self.least_image(e), left);
        match &self.transpose {
            None => own,
            Some(t) => {
                let transposed = permute_64(e, t);
                own.min((self.least_image(transposed), !left))
            }
        }
    }
}

/// Each player's real and safe moves on a board, Left's first (see [`Counts::decided`]).
#[derive(Clone, Copy, Debug)]
struct Counts {
    /// The most dominoes of the player that fit on the empty squares without overlapping.
    real: [u32; 2],
    /// The most dominoes of the player that fit, without overlapping, on the empty squares the
    /// opponent can never cover.
    safe: [u32; 2],
    /// The most blocks of the player (see [`Geometry::left_blocks`]) that fit without
    /// overlapping.
    blocks: [u32; 2],
}

impl Counts {
    /// Whether the player to move (Left when `left`) wins, when the counts alone decide it.
    ///
    /// **Definitions.** Let `X` be the player to move and `Y` the other. `real(P)` is the most
    /// dominoes of `P` that fit on the empty squares without overlapping; `safe(P)` the most that
    /// fit without overlapping on the empty squares `P`'s opponent can never cover (squares with
    /// no empty neighbour in the opponent's direction); `blocks(P)` the most *blocks* of `P`
    /// that fit without overlapping, a block of `P` being a 2×2 square of empty squares whose
    /// neighbours across the opponent's direction are all filled (for Left: the two squares
    /// left of it and the two right of it), so that the opponent can place a domino on a block
    /// only inside it, along one of its two rows (columns).
    ///
    /// **Lemma** (the counting argument of DOMI's evaluation, BUH, with the protective areas
    /// of Bullock's Obsequi, Bullock, in a form proved here).
    ///
    /// 1. If `safe(Y) + 4⌊blocks(Y)/2⌋ >= real(X)`, `X` loses.
    /// 2. If `safe(X) + 4⌈blocks(X)/2⌉ > real(Y)`, `X` wins.
    ///
    /// *Proof.* Squares are only ever filled. A square the opponent cannot cover stays so, and
    /// a move of `P` takes at least one domino from the packing that `real(P)` counts, so
    /// `real(P)` only decreases, by at least 1 at each move of `P`. The two dominoes of the
    /// opponent inside a block of `P` are runs of two squares each, so `P`'s move into the
    /// block (along it: for Left, one of its columns) takes both from the opponent's packing,
    /// and leaves the block's other column (row) to `P` as a safe move: the opponent's
    /// neighbours of those squares are now filled. A move of the opponent into a block of `P`
    /// spoils that block only.
    ///
    /// (2) `X` plays into one of its intact blocks while any is left, then on its safe squares.
    /// `X` moves first and `Y` spoils at most one block a move, so `X` takes `a >= ⌈blocks(X)/2⌉`
    /// blocks. If `X` were ever unable to move, after `k` moves of each, `X` would have made all
    /// those moves, `k >= safe(X) + 2a`, while `Y`'s `k` moves and `X`'s `a` block moves took
    /// at least `k + 2a` from `real(Y)`: `k <= real(Y) − 2a`. Both hold only if
    /// `safe(X) + 4a <= real(Y)`.
    ///
    /// (1) `Y`, moving second, plays the same way and takes `b >= ⌊blocks(Y)/2⌋` blocks. If `Y`
    /// were ever unable to move, after `k` moves of `X` and `k − 1` of its own, then
    /// `k − 1 >= safe(Y) + 2b` and `k <= real(X) − 2b`, so `safe(Y) + 4b + 1 <= real(X)`.
    /// Otherwise `Y` always has a move, and `X`, in a game that ends, is the one left without.
    ///
    /// With no blocks, this is the counting of safe moves against real moves of BUH and of
    /// Obsequi's quick test.
    #[inline]
    fn decided(&self, left: bool) -> Option<bool> {
        let (me, them) = if left { (0, 1) } else { (1, 0) };
        if self.safe[them] + 4 * (self.blocks[them] / 2) >= self.real[me] {
            Some(false)
        } else if self.safe[me] + 4 * self.blocks[me].div_ceil(2) > self.real[them] {
            Some(true)
        } else {
            None
        }
    }
}

/// A search of one board's positions (see the module documentation).
struct Search {
    geometry: Geometry,
    tally: Tally<u64>,
}

/// The most moves of one player on a board of 64 squares.
const MAX_MOVES: usize = 64;

impl Search {
    fn new(geometry: Geometry, table_entries: usize) -> Search {
        Search {
            geometry,
            tally: Tally::new(table_entries, |key, side| {
                spread(key ^ u64::from(side).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }),
        }
    }

    /// Whether the player to move (Left when `left`) on the empty squares `e` wins.
    fn root(&mut self, e: u64, left: bool) -> bool {
        match self.geometry.counts(e).decided(left) {
            Some(r) => r,
            None => self.wins(e, left),
        }
    }

    /// Whether the player to move (Left when `left`) on the empty squares `e` wins, for a
    /// position the counts did not decide.
    fn wins(&mut self, e: u64, left: bool) -> bool {
        let key = self.geometry.key(e, left);
        let entered = match self.tally.enter(key.0, key.1) {
            Ok(r) => return r,
            Err(entered) => entered,
        };
        let g = &self.geometry;
        let (me, them) = if left { (0, 1) } else { (1, 0) };
        let (moves, step, own_safe) = if left {
            (g.vertical_pairs(e), g.w, g.left_safe_squares(e))
        } else {
            (g.horizontal_pairs(e), 1, g.right_safe_squares(e))
        };
        // Each move's position and its score, highest first; a move to a position decided
        // as a loss for the opponent ends the search here.
        let mut children = [(0i32, 0u64); MAX_MOVES];
        let mut n = 0;
        let mut rest = moves;
        let mut wins = false;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            let domino = (1u64 << k) | (1u64 << (k + step));
            let child = e & !domino;
            let c = g.counts(child);
            match c.decided(!left) {
                Some(false) => {
                    wins = true;
                    break;
                }
                Some(true) => continue,
                None => {}
            }
            // The mover's lead in real and safe moves afterwards, safe moves counting double
            // (they are kept whatever the opponent does).
            let lead = |i: usize| (c.real[i] + 2 * c.safe[i]) as i32;
            let mut score = lead(me) - lead(them);
            if domino & own_safe == domino {
                // A move on the mover's own safe squares takes nothing from the opponent.
                score -= 1 << 16;
            }
            children[n] = (score, child);
            n += 1;
        }
        wins = wins || wins_by_some_move(&mut children[..n], |child| self.wins(child, !left));
        self.tally.finish(key.0, key.1, wins, entered);
        wins
    }
}
