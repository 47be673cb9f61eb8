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

use crate::algebra::Game;
use crate::rulesets::board::{low_bits, shl, shr};
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{of_ruleset, search_by_solver, write_text_call, OwnSearch, Rules};
use crate::solve::{Position, Ruleset, Solver, Table, TableParams};
use std::sync::Arc;
use crate::Error;
use hashbrown::HashMap;
use std::cell::RefCell;
use std::fmt;

/// A Domineering board: `rows × cols` squares, each empty or a hole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major; `true` is an empty square.
    empty: Vec<bool>,
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

    fn mirror(&self, flip_rows: bool, flip_cols: bool) -> Board {
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

    fn without(&self, a: usize, b: usize) -> Board {
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

    /// The bitboard of this board when it has at most 128 squares.
    fn small(&self) -> Option<Small> {
        if self.rows * self.cols > 128 {
            return None;
        }
        let mut bits = 0u128;
        for (k, &e) in self.empty.iter().enumerate() {
            if e {
                bits |= 1 << k;
            }
        }
        Some(Small {
            h: self.rows as u32,
            w: self.cols as u32,
            bits,
        })
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
        // The whole board as one bitboard when it fits (super::domineering_search), else the
        // generic search of its regions.
        search: Some(OwnSearch {
            run: |r, b, sides, options| {
                match super::domineering_search::search(b, sides, options) {
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

/// The value of a Domineering board (a fresh transposition table).
pub fn value(board: &Board) -> Game {
    Solver::new(Domineering::new()).value(board)
}

// ---------------------------------------------------------------------------------------------
// The engine: regions of at most 128 squares as `u128` bitboards.
// ---------------------------------------------------------------------------------------------

/// A board of `h × w <= 128` squares; bit `r * w + c` is set when the square is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Small {
    h: u32,
    w: u32,
    bits: u128,
}

impl Small {
    /// Bit 0 of every row.
    #[inline]
    fn first_column(&self) -> u128 {
        let mut x: u128 = 1;
        let mut rows = 1;
        while rows < self.h {
            x |= shl(x, rows * self.w);
            rows *= 2;
        }
        x & low_bits(self.h * self.w)
    }

    /// Squares not in the last column.
    #[inline]
    fn not_last_column(&self) -> u128 {
        self.first_column() * low_bits(self.w - 1)
    }

    /// Top squares of the vertical pairs of empty squares (Left's moves).
    #[inline]
    fn vertical_pairs(&self) -> u128 {
        self.bits & shr(self.bits, self.w)
    }

    /// Left squares of the horizontal pairs of empty squares (Right's moves).
    #[inline]
    fn horizontal_pairs(&self, not_last: u128) -> u128 {
        self.bits & (self.bits >> 1) & not_last
    }

    /// The empty squares next to a square of `x`.
    #[inline]
    fn spread(&self, x: u128, not_last: u128, not_first: u128) -> u128 {
        (shl(x, self.w) | shr(x, self.w) | ((x & not_last) << 1) | ((x & not_first) >> 1))
            & self.bits
    }

    /// The region of the squares `mask`, cropped to its bounding box.
    fn crop(&self, mask: u128) -> Small {
        let lo = mask.trailing_zeros();
        let hi = 127 - mask.leading_zeros();
        let (r0, r1) = (lo / self.w, hi / self.w);
        let h = r1 - r0 + 1;
        let shifted = mask >> (r0 * self.w);
        // The union of the rows, by folding the rows onto the first one.
        let mut cols = shifted;
        let mut s = self.w;
        while s < h * self.w {
            cols |= cols >> s;
            s *= 2;
        }
        cols &= low_bits(self.w);
        let (c0, c1) = (cols.trailing_zeros(), 127 - cols.leading_zeros());
        let w = c1 - c0 + 1;
        if w == self.w {
            return Small {
                h,
                w,
                bits: shifted,
            };
        }
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..h {
            bits |= ((shifted >> (r * self.w) & row_mask) >> c0) << (r * w);
        }
        Small { h, w, bits }
    }

    /// The image under the half turn: reversing the bit string reverses rows and columns.
    #[inline]
    fn half_turn(&self) -> Small {
        Small {
            bits: self.bits.reverse_bits() >> (128 - self.h * self.w),
            ..*self
        }
    }

    /// The image under reflection top–bottom.
    #[inline]
    fn flip_rows(&self) -> Small {
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..self.h {
            bits |= (self.bits >> (r * self.w) & row_mask) << ((self.h - 1 - r) * self.w);
        }
        Small { bits, ..*self }
    }

    /// The image under the transpose (which exchanges the players).
    fn transpose(&self) -> Small {
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..self.h {
            let mut row = self.bits >> (r * self.w) & row_mask;
            while row != 0 {
                let c = row.trailing_zeros();
                row &= row - 1;
                bits |= 1 << (c * self.h + r);
            }
        }
        Small {
            h: self.w,
            w: self.h,
            bits,
        }
    }

    /// The least of the four images under the symmetries that keep each player's moves: the
    /// identity, the half turn and the two mirror images (a mirror image is the other mirror
    /// image after a half turn).
    ///
    /// The images compare as their rows from the top row of the bit string down, and their top
    /// rows are the first or last row of `self`, read forwards or backwards; when one of these
    /// four is strictly least, only that image is built.
    #[inline]
    fn least_image(self) -> Small {
        let w = self.w;
        let mask = low_bits(w);
        let first = self.bits & mask;
        let last = self.bits >> ((self.h - 1) * w);
        let reverse = |row: u128| row.reverse_bits() >> (128 - w);
        // The top rows of: the identity, the top–bottom mirror, the half turn, the left–right
        // mirror.
        let tops = [last, first, reverse(first), reverse(last)];
        let least = tops.iter().min().copied().unwrap_or(0);
        let mut winners = tops.iter().enumerate().filter(|(_, &t)| t == least);
        let (i, _) = winners.next().unwrap_or((0, &0));
        if winners.next().is_none() {
            return match i {
                0 => self,
                1 => self.flip_rows(),
                2 => self.half_turn(),
                _ => self.half_turn().flip_rows(),
            };
        }
        let turned = self.half_turn();
        let a = self.flip_rows();
        let b = turned.flip_rows();
        Small {
            bits: self.bits.min(turned.bits).min(a.bits).min(b.bits),
            ..self
        }
    }

    /// The normal form under all eight symmetries, and whether it exchanges the players (so that
    /// the value of `self` is the negative of the value of the normal form).
    fn normal_form(self) -> (Small, bool) {
        if self.h < self.w {
            (self.least_image(), false)
        } else if self.h > self.w {
            (self.transpose().least_image(), true)
        } else {
            let same = self.least_image();
            let swapped = self.transpose().least_image();
            if swapped.bits < same.bits {
                (swapped, true)
            } else {
                (same, false)
            }
        }
    }

    /// The number of dominoes of the given direction that fit in the columns (vertical) or rows
    /// of the board: the value of a region where only that player can move.
    fn packing(&self, vertical: bool) -> i64 {
        let (lines, len) = if vertical {
            (self.w, self.h)
        } else {
            (self.h, self.w)
        };
        let mut total = 0;
        for line in 0..lines {
            let mut run = 0;
            for i in 0..len {
                let k = if vertical {
                    i * self.w + line
                } else {
                    line * self.w + i
                };
                if self.bits >> k & 1 == 1 {
                    run += 1;
                } else {
                    total += run / 2;
                    run = 0;
                }
            }
            total += run / 2;
        }
        total
    }
}

/// The largest bounding box, in squares, of a region with a compact key (see
/// [`Small::compact_key`]); larger regions are keyed by [`Key`].
const COMPACT_AREA: u32 = 57;

impl Small {
    /// The key of a region of at most [`COMPACT_AREA`] squares cropped to its bounding box: its
    /// squares in the low 57 bits and its width in the top 7 (the height follows, as the last
    /// row holds a square). Never 0, as the width is at least 1.
    #[inline]
    fn compact_key(&self) -> u64 {
        debug_assert!(self.h * self.w <= COMPACT_AREA);
        self.bits as u64 | (self.w as u64) << COMPACT_AREA
    }
}

/// The key of a region of more than [`COMPACT_AREA`] squares in the transposition table: its
/// dimensions and squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    bits: [u64; 2],
    h: u8,
    w: u8,
}

impl From<Small> for Key {
    fn from(s: Small) -> Key {
        Key {
            bits: [s.bits as u64, (s.bits >> 64) as u64],
            h: s.h as u8,
            w: s.w as u8,
        }
    }
}

/// One slot of a [`RegionTable`]: a compact key (0 when the slot is empty) and its value.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Slot {
    key: u64,
    value: Option<Game>,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    value: None,
};

/// The transposition table of the regions with compact keys: open addressing with linear
/// probing over slots of 16 bytes, four to a cache line. The table is large and its lookups
/// are memory-bound, so a lookup should cost one cache miss, and the engine prefetches the
/// slot of a region before it reads it (see [`Engine::evaluate`]).
struct RegionTable {
    slots: Vec<Slot>,
    len: usize,
}

impl RegionTable {
    fn new() -> RegionTable {
        RegionTable {
            slots: vec![EMPTY_SLOT; 1 << 10],
            len: 0,
        }
    }

    /// The first slot to probe for `key`: the high bits of a mixed key scaled to the table's
    /// length (which need not be a power of two).
    #[inline]
    fn home(&self, key: u64) -> usize {
        let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        ((h as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Asks the processor to load the home slot of `key` (a hint: it changes nothing).
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = &self.slots[self.home(key)];
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch never faults; the
            // address is a slot of the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Game> {
        let n = self.slots.len();
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.key == key {
                return s.value;
            }
            if s.key == 0 {
                return None;
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    /// Stores the value of a key that is not in the table.
    fn insert(&mut self, key: u64, value: Game) {
        // At most three quarters full; a full table grows by half.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let n = self.slots.len() / 2 * 3;
            let mut slots = Vec::with_capacity(n);
            // Before the slots are first written: a large table is read at random addresses.
            crate::algebra::advise_huge_pages(slots.spare_capacity_mut());
            slots.resize(n, EMPTY_SLOT);
            let mut bigger = RegionTable { slots, len: 0 };
            for s in &self.slots {
                if let Some(v) = s.value {
                    bigger.place(s.key, v);
                }
            }
            *self = bigger;
        }
        self.place(key, value);
    }

    fn place(&mut self, key: u64, value: Game) {
        let n = self.slots.len();
        let mut i = self.home(key);
        while self.slots[i].key != 0 {
            debug_assert!(self.slots[i].key != key, "a key stored twice");
            i += 1;
            if i == n {
                i = 0;
            }
        }
        self.slots[i] = Slot {
            key,
            value: Some(value),
        };
        self.len += 1;
    }
}

/// One region of an option of a position being evaluated (see [`Engine::evaluate`]).
#[derive(Clone, Copy)]
struct Part {
    /// The region's normal form, to look up when `known` is `None`.
    region: Small,
    /// The value when it needs no lookup (the shapes of at most three squares, or an option
    /// without a region).
    known: Option<Game>,
    /// Whether the value is the negative of the normal form's.
    negate: bool,
    /// Whether this is the last region of its option.
    last: bool,
}

/// The engine: a transposition table from normal forms of regions to their values, and the
/// values of the shapes of at most three squares.
struct Engine {
    compact: RegionTable,
    large: HashMap<Key, Game>,
    /// The regions of the options of the positions being evaluated: a stack shared by the
    /// levels of the search, each level using the entries above those of the level below.
    parts: Vec<Part>,
    zero: Game,
    one: Game,
    minus_one: Game,
    star: Game,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine {
            compact: RegionTable::new(),
            large: HashMap::new(),
            parts: Vec::new(),
            zero: Game::zero(),
            one: Game::integer(1),
            minus_one: Game::integer(-1),
            star: Game::star(),
        }
    }
}

impl Engine {
    /// The number of regions in the transposition table.
    fn len(&self) -> usize {
        self.compact.len + self.large.len()
    }

    /// The value of any board of at most 128 squares: the sum of its regions.
    fn board_value(&mut self, b: Small) -> Game {
        // A search abandoned by an interruption leaves its entries behind.
        self.parts.clear();
        if b.bits == 0 {
            return self.zero;
        }
        let not_last = b.not_last_column();
        let start = self.parts.len();
        self.push_regions(b, not_last);
        let v = self.sum_parts(start);
        self.parts.clear();
        v
    }

    /// Pushes the regions of `b` onto the stack of parts (`not_last`: its squares not in the
    /// last column), prefetching the table slots of those to look up; at least one part, the
    /// last marked as such.
    fn push_regions(&mut self, b: Small, not_last: u128) {
        let not_first = not_last << 1;
        let start = self.parts.len();
        let mut rest = b.bits;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let next = region | b.spread(region, not_last, not_first);
                if next == region {
                    break;
                }
                region = next;
            }
            rest &= !region;
            if region & (region - 1) == 0 {
                continue; // a lone square
            }
            let part = self.part(b.crop(region));
            self.parts.push(part);
        }
        if self.parts.len() == start {
            self.parts.push(Part {
                region: b,
                known: Some(self.zero),
                negate: false,
                last: true,
            });
        }
        if let Some(p) = self.parts.last_mut() {
            p.last = true;
        }
    }

    /// The part of one connected region, cropped to its bounding box.
    #[inline]
    fn part(&self, region: Small) -> Part {
        // The shapes of two or three squares: a domino or a straight tromino is one move for its
        // owner; the L-tromino (in a 2×2 box) is {0 | 0} = *, as either move leaves a lone square.
        let known = match (region.bits.count_ones(), region.h, region.w) {
            (2 | 3, 1, _) => Some(self.minus_one),
            (2 | 3, _, 1) => Some(self.one),
            (3, 2, 2) => Some(self.star),
            _ => None,
        };
        if known.is_some() {
            return Part {
                region,
                known,
                negate: false,
                last: false,
            };
        }
        let (key, negate) = region.normal_form();
        if key.h * key.w <= COMPACT_AREA {
            self.compact.prefetch(key.compact_key());
        }
        Part {
            region: key,
            known: None,
            negate,
            last: false,
        }
    }

    /// The sum of the values of the parts from `start` up to the next last one.
    fn sum_parts(&mut self, mut i: usize) -> Game {
        let mut total: Option<Game> = None;
        loop {
            let p = self.parts[i];
            i += 1;
            let v = match p.known {
                Some(v) => v,
                None => self.region_value(p.region, p.negate),
            };
            total = Some(match total {
                None => v,
                Some(t) => t + v,
            });
            if p.last {
                return total.unwrap_or(self.zero);
            }
        }
    }

    /// The value of a region in normal form (negated when `negate`), from the table or
    /// evaluated and stored.
    fn region_value(&mut self, key: Small, negate: bool) -> Game {
        let v = if key.h * key.w <= COMPACT_AREA {
            let k = key.compact_key();
            match self.compact.get(k) {
                Some(v) => v,
                None => {
                    let v = self.evaluate_new(key);
                    self.compact.insert(k, v);
                    v
                }
            }
        } else {
            match self.large.get(&Key::from(key)) {
                Some(&v) => v,
                None => {
                    let v = self.evaluate_new(key);
                    self.large.insert(Key::from(key), v);
                    v
                }
            }
        };
        if negate {
            -v
        } else {
            v
        }
    }

    /// [`Engine::evaluate`] for a region not in the table.
    fn evaluate_new(&mut self, key: Small) -> Game {
        // An interruption point (see `crate::interrupt`): the table holds only regions whose
        // values are complete.
        crate::interrupt::check();
        let v = self.evaluate(key);
        // One relaxed addition per new region, next to a `Game::new`: cheap enough.
        crate::progress::record(1);
        v
    }

    /// The value of a region: the canonical form of its options. The regions of all options
    /// are found and normalised first, and their table slots prefetched, so that the lookups
    /// that follow overlap their cache misses.
    fn evaluate(&mut self, b: Small) -> Game {
        let not_last = b.not_last_column();
        let vertical = b.vertical_pairs();
        let horizontal = b.horizontal_pairs(not_last);
        if horizontal == 0 {
            return Game::integer(b.packing(true));
        }
        if vertical == 0 {
            return Game::integer(-b.packing(false));
        }
        let base = self.parts.len();
        let mut rest = vertical;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            let bits = b.bits & !(1 << k | 1 << (k + b.w));
            self.push_regions(Small { bits, ..b }, not_last);
        }
        let mut rest = horizontal;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            let bits = b.bits & !(3 << k);
            self.push_regions(Small { bits, ..b }, not_last);
        }
        let end = self.parts.len();
        let lefts = vertical.count_ones() as usize;
        let mut left = Vec::with_capacity(lefts);
        let mut right = Vec::with_capacity(horizontal.count_ones() as usize);
        let mut i = base;
        while i < end {
            let v = self.sum_parts(i);
            while !self.parts[i].last {
                i += 1;
            }
            i += 1;
            if left.len() < lefts {
                left.push(v);
            } else {
                right.push(v);
            }
        }
        self.parts.truncate(base);
        Game::new(left, right)
    }
}

// ---------------------------------------------------------------------------------------------
// Registry entry points.
// ---------------------------------------------------------------------------------------------

/// `domineering("..|..")`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    let board = Board::parse(crate::rulesets::text::one_string(
        positional,
        named,
        "the board",
    )?)?;
    within_reach(&board)?;
    Ok(value(&board))
}

/// The number of regions the engine's table held after valuing an empty `rows × cols`
/// rectangle (`rows <= cols`), measured once for the widest rectangle of each height that
/// takes seconds; [`estimated_regions`] extrapolates from them.
const MEASURED_REGIONS: [(usize, usize, f64); 5] = [
    (2, 20, 135_080.0),
    (3, 12, 1_467_180.0),
    (4, 8, 715_765.0),
    (5, 6, 356_379.0),
    (6, 6, 4_222_738.0),
];

/// How many times the region table grows when an empty rectangle of height `h` gets one more
/// column: measured (1.83, 3.51 and 6.6 for heights 2 to 4, over the rectangles up to those of
/// [`MEASURED_REGIONS`]), and 1.9^(h−1) beyond, the trend of the measured ones.
fn column_growth(h: usize) -> f64 {
    match h {
        0 | 1 => 1.0,
        2 => 1.83,
        3 => 3.51,
        4 => 6.6,
        _ => 1.9f64.powi(h as i32 - 1),
    }
}

/// An estimate of the size of the engine's region table for the canonical form of an empty
/// `rows × cols` rectangle: the measured size of the widest rectangle of the same height that
/// takes seconds (2×20, 3×12, 4×8, 5×6, 6×6) grown by a measured factor per column (1.83, 3.51
/// and 6.6 for heights 2 to 4, and 1.9^(h−1) for height h beyond, the trend of those); for
/// heights over 6 (the rectangles being symmetric under transposition), the `(rows − 1) × cols`
/// rectangle's estimate grown by the factor of one more row of width `cols`. An extrapolation:
/// a guide to what is out of reach, good to a small factor, not a bound.
pub fn estimated_regions(rows: usize, cols: usize) -> f64 {
    let (h, w) = (rows.min(cols), rows.max(cols));
    match h {
        0 => 0.0,
        1 => w as f64,
        2..=6 => {
            let (_, w0, r0) = MEASURED_REGIONS[h - 2];
            r0 * column_growth(h).powi(w as i32 - w0 as i32)
        }
        _ => estimated_regions(h - 1, w) * column_growth(w),
    }
}

/// The memory the engine's table takes a region, values included (6×6: 581 MB for 4.2 million
/// regions).
const BYTES_PER_REGION: f64 = 140.0;

/// The most memory, estimated, that the canonical form of an empty rectangle may need before it
/// is refused as out of reach: 256 GiB.
const OUT_OF_REACH_BYTES: f64 = (1u64 << 38) as f64;

/// Refuses at once the canonical form of an empty rectangle whose estimated region table
/// ([`estimated_regions`]) needs more than [`OUT_OF_REACH_BYTES`] (7×7 and larger squares),
/// naming the estimate and the way to its outcome. Boards with filled squares are not
/// estimated: their region sets vary too much with the pattern.
fn within_reach(b: &Board) -> Result<(), Error> {
    let full = (0..b.rows()).all(|r| (0..b.cols()).all(|c| b.is_empty(r, c)));
    if !full {
        return Ok(());
    }
    let regions = estimated_regions(b.rows(), b.cols());
    let bytes = regions * BYTES_PER_REGION;
    if bytes <= OUT_OF_REACH_BYTES {
        return Ok(());
    }
    Err(Error::Limit(crate::unwind::ExpansionLimit {
        message: format!(
            "the canonical form of the empty {}x{} Domineering board is out of reach: its table would hold about {} regions (about {} of memory; an extrapolation from the smaller boards); its outcome: partizan outcome 'domineering(\"{}\")'",
            b.rows(),
            b.cols(),
            scientific(regions),
            bytes_text(bytes),
            b
        ),
    }))
}

/// `x` as `m·10^e` with one decimal of `m`.
fn scientific(x: f64) -> String {
    let e = x.log10().floor() as i32;
    format!("{:.1}e{e}", x / 10f64.powi(e))
}

/// A number of bytes in GB or TB.
fn bytes_text(bytes: f64) -> String {
    if bytes >= 1e12 {
        format!("{:.0} TB", bytes / 1e12)
    } else {
        format!("{:.0} GB", bytes / 1e9)
    }
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
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
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
