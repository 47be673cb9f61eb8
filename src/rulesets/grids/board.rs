//! Rectangular boards of at most 128 squares as bitboards, shared by the grid families with two
//! kinds of pieces (Amazons, Konane, the Clobber variants, Fission).
//!
//! A [`Board`] is `Copy`: three `u128` planes (Left's pieces, Right's pieces, blocked squares;
//! a square in none of them is empty) and the dimensions, so the positions of a search cost no
//! allocation and hash in a few words. Square `k` is row `k / cols`, column `k % cols`; rows are
//! numbered from the top.
//!
//! The helpers here are the parts every grid family needs: reading and printing the text form
//! (rows separated by `|`), stepping and shifting in a direction, splitting a set of squares into
//! connected components and cropping one to its bounding box, and the images of a board under
//! the eight symmetries of the rectangle. Each family decides which squares can ever take part in
//! a move and how they connect (its own soundness argument, in its documentation); this module
//! only does the bit work.
//!
//! ```
//! use partizan::rulesets::board::{Board, Square, ORTHOGONAL};
//! let b = Board::parse("xo.|..#", "board", "x, o, ., #", |c| match c {
//!     'x' => Some(Square::Left),
//!     'o' => Some(Square::Right),
//!     '.' => Some(Square::Empty),
//!     '#' => Some(Square::Blocked),
//!     _ => None,
//! })
//! .unwrap();
//! assert_eq!((b.rows(), b.cols()), (2, 3));
//! assert_eq!(b.get(1), Square::Right);
//! assert_eq!(b.display(['.', 'x', 'o', '#']), "xo.|..#");
//! // The stones form one orthogonally connected group.
//! assert_eq!(b.components(b.stones(), ORTHOGONAL).len(), 1);
//! ```

use crate::rulesets::text;
use crate::Error;

/// The most squares a board may have.
pub const MAX_SQUARES: usize = 128;

/// The usual characters of the text form: empty, Left, Right, blocked.
pub const CHARS: [char; 4] = ['.', 'x', 'o', '#'];

/// What is on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    /// Nothing.
    Empty,
    /// One of Left's pieces.
    Left,
    /// One of Right's pieces.
    Right,
    /// A blocked square (a hole, an arrow): nothing ever moves onto or through it.
    Blocked,
}

impl Square {
    /// The piece of the other player (`Empty` and `Blocked` stay).
    pub fn swapped(self) -> Square {
        match self {
            Square::Left => Square::Right,
            Square::Right => Square::Left,
            s => s,
        }
    }
}

/// A step on the board: `(rows down, columns right)`.
pub type Direction = (i8, i8);

/// The four orthogonal steps.
pub const ORTHOGONAL: &[Direction] = &[(-1, 0), (1, 0), (0, -1), (0, 1)];
/// The four diagonal steps.
pub const DIAGONAL: &[Direction] = &[(-1, -1), (-1, 1), (1, -1), (1, 1)];
/// The eight steps of a chess king (and the directions of a queen).
pub const KING: &[Direction] = &[
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// A symmetry of the rectangle: the transpose (rows become columns) if `transpose`, then the
/// mirror images top–bottom (`flip_rows`) and left–right (`flip_cols`) of the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Exchange rows and columns first.
    pub transpose: bool,
    /// Then reverse the order of the rows.
    pub flip_rows: bool,
    /// Then reverse the order of the columns.
    pub flip_cols: bool,
}

const fn sym(transpose: bool, flip_rows: bool, flip_cols: bool) -> Symmetry {
    Symmetry {
        transpose,
        flip_rows,
        flip_cols,
    }
}

/// The four symmetries that keep rows as rows: the identity, the two mirror images and the half
/// turn.
pub const UPRIGHT: &[Symmetry] = &[
    sym(false, false, false),
    sym(false, false, true),
    sym(false, true, false),
    sym(false, true, true),
];

/// All eight symmetries of the square (on a non-square rectangle the transposing ones change
/// its shape).
pub const ALL: &[Symmetry] = &[
    sym(false, false, false),
    sym(false, false, true),
    sym(false, true, false),
    sym(false, true, true),
    sym(true, false, false),
    sym(true, false, true),
    sym(true, true, false),
    sym(true, true, true),
];

/// A board of `rows × cols <= 128` squares. The derived order (dimensions, then the planes) is
/// the one [`Board::least_image`] minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    left: u128,
    right: u128,
    blocked: u128,
}

/// `x << s`, 0 when `s >= 128`.
#[inline]
pub(crate) fn shl(x: u128, s: u32) -> u128 {
    x.checked_shl(s).unwrap_or(0)
}

/// `x >> s`, 0 when `s >= 128`.
#[inline]
pub(crate) fn shr(x: u128, s: u32) -> u128 {
    x.checked_shr(s).unwrap_or(0)
}

/// The lowest `n` bits set.
#[inline]
pub(crate) fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The masks of a board's shape used by shifts.
#[derive(Clone, Copy)]
struct Geometry {
    w: i32,
    all: u128,
    not_first: u128,
    not_last: u128,
}

impl Geometry {
    #[inline]
    fn shift(&self, mask: u128, d: Direction) -> u128 {
        let m = match d.1 {
            0 => mask,
            c if c > 0 => mask & self.not_last,
            _ => mask & self.not_first,
        };
        let s = d.0 as i32 * self.w + d.1 as i32;
        let moved = if s >= 0 {
            shl(m, s as u32)
        } else {
            shr(m, (-s) as u32)
        };
        moved & self.all
    }

    #[inline]
    fn spread(&self, mask: u128, dirs: &[Direction]) -> u128 {
        dirs.iter().fold(0, |acc, &d| acc | self.shift(mask, d))
    }

    /// `mask` and the squares one step from it.
    #[inline]
    fn grow(&self, mask: u128, dirs: &[Direction]) -> u128 {
        if dirs.len() == 8 {
            // All eight steps (the king's): a horizontal step, a vertical one, or both.
            let row = mask | self.shift(mask, (0, 1)) | self.shift(mask, (0, -1));
            return row | self.shift(row, (1, 0)) | self.shift(row, (-1, 0));
        }
        mask | self.spread(mask, dirs)
    }
}

/// The indices of the set bits of `x`, lowest first.
#[inline]
pub fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if x == 0 {
            None
        } else {
            let k = x.trailing_zeros() as usize;
            x &= x - 1;
            Some(k)
        }
    })
}

impl Board {
    /// The empty `rows × cols` board; `Err` when it has more than [`MAX_SQUARES`] squares.
    pub fn new(rows: usize, cols: usize) -> Result<Board, Error> {
        match rows.checked_mul(cols) {
            Some(n) if n <= MAX_SQUARES && rows <= MAX_SQUARES && cols <= MAX_SQUARES => {
                Ok(Board {
                    h: rows as u8,
                    w: cols as u8,
                    left: 0,
                    right: 0,
                    blocked: 0,
                })
            }
            _ => Err(Error::input(format!(
                "a {rows}x{cols} board has {} squares; at most {MAX_SQUARES} are supported",
                rows.saturating_mul(cols)
            ))),
        }
    }

    /// A board from its squares in row-major order; `Err` when there are not `rows * cols` of
    /// them or too many.
    pub fn from_squares(rows: usize, cols: usize, squares: &[Square]) -> Result<Board, Error> {
        let mut b = Board::new(rows, cols)?;
        if squares.len() != rows * cols {
            return Err(Error::input(format!(
                "a {rows}x{cols} board has {} squares, not {}",
                rows * cols,
                squares.len()
            )));
        }
        for (k, &s) in squares.iter().enumerate() {
            b.set(k, s);
        }
        Ok(b)
    }

    /// Reads rows separated by `|` (see [`text::grid`]), each character through `cell`; `what`
    /// names the position in errors and `legend` lists the characters allowed.
    pub fn parse(
        text: &str,
        what: &str,
        legend: &str,
        cell: impl Fn(char) -> Option<Square>,
    ) -> Result<Board, Error> {
        let g = text::grid(text, what, legend, cell)?;
        let n = g.rows.saturating_mul(g.cols);
        if n > MAX_SQUARES {
            return Err(Error::input(format!(
                "the {what} has {} rows of {} squares ({n} squares); at most {MAX_SQUARES} squares are supported",
                g.rows, g.cols
            )));
        }
        Board::from_squares(g.rows, g.cols, &g.cells)
    }

    /// Reads the usual text form: rows separated by `|`, `x` for Left's pieces, `o` for Right's
    /// (only when `two_colours`), `.` for an empty square, `#` for a blocked one, either case.
    /// `what` names the position in errors and `legend` explains the characters.
    pub fn parse_pieces(
        text: &str,
        what: &str,
        legend: &str,
        two_colours: bool,
    ) -> Result<Board, Error> {
        Board::parse(text, what, legend, |c| match c {
            'x' | 'X' => Some(Square::Left),
            'o' | 'O' if two_colours => Some(Square::Right),
            '.' => Some(Square::Empty),
            '#' => Some(Square::Blocked),
            _ => None,
        })
    }

    /// The text form: rows separated by `|`, each square written as `chars[0]` (empty),
    /// `chars[1]` (Left), `chars[2]` (Right) or `chars[3]` (blocked).
    pub fn display(&self, chars: [char; 4]) -> String {
        let mut s = String::with_capacity(self.squares() + self.rows());
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                s.push(match self.get(r * self.cols() + c) {
                    Square::Empty => chars[0],
                    Square::Left => chars[1],
                    Square::Right => chars[2],
                    Square::Blocked => chars[3],
                });
            }
        }
        s
    }

    /// The number of rows.
    #[inline]
    pub fn rows(&self) -> usize {
        self.h as usize
    }

    /// The number of columns.
    #[inline]
    pub fn cols(&self) -> usize {
        self.w as usize
    }

    /// The number of squares.
    #[inline]
    pub fn squares(&self) -> usize {
        self.rows() * self.cols()
    }

    /// Every square of the board.
    #[inline]
    pub fn all(&self) -> u128 {
        low_bits(self.h as u32 * self.w as u32)
    }

    /// Left's pieces.
    #[inline]
    pub fn left(&self) -> u128 {
        self.left
    }

    /// Right's pieces.
    #[inline]
    pub fn right(&self) -> u128 {
        self.right
    }

    /// The pieces of `player` (`Square::Left` or `Square::Right`; 0 otherwise).
    #[inline]
    pub fn pieces(&self, player: Square) -> u128 {
        match player {
            Square::Left => self.left,
            Square::Right => self.right,
            _ => 0,
        }
    }

    /// Both players' pieces.
    #[inline]
    pub fn stones(&self) -> u128 {
        self.left | self.right
    }

    /// The blocked squares.
    #[inline]
    pub fn blocked(&self) -> u128 {
        self.blocked
    }

    /// The empty squares.
    #[inline]
    pub fn empty(&self) -> u128 {
        self.all() & !(self.left | self.right | self.blocked)
    }

    /// What is on square `k`.
    #[inline]
    pub fn get(&self, k: usize) -> Square {
        let bit = 1u128 << k;
        if self.left & bit != 0 {
            Square::Left
        } else if self.right & bit != 0 {
            Square::Right
        } else if self.blocked & bit != 0 {
            Square::Blocked
        } else {
            Square::Empty
        }
    }

    /// Puts `s` on square `k`.
    #[inline]
    pub fn set(&mut self, k: usize, s: Square) {
        let bit = 1u128 << k;
        self.left &= !bit;
        self.right &= !bit;
        self.blocked &= !bit;
        match s {
            Square::Left => self.left |= bit,
            Square::Right => self.right |= bit,
            Square::Blocked => self.blocked |= bit,
            Square::Empty => {}
        }
    }

    /// This board with `s` on square `k`.
    #[inline]
    pub fn with(mut self, k: usize, s: Square) -> Board {
        self.set(k, s);
        self
    }

    /// The square one step `d` from square `k`, if it is on the board.
    #[inline]
    pub fn step(&self, k: usize, d: Direction) -> Option<usize> {
        let (w, h) = (self.w as isize, self.h as isize);
        let (r, c) = (k as isize / w + d.0 as isize, k as isize % w + d.1 as isize);
        (r >= 0 && r < h && c >= 0 && c < w).then(|| (r * w + c) as usize)
    }

    /// Bit 0 of every row.
    #[inline]
    fn first_column(&self) -> u128 {
        let mut x: u128 = 1;
        let mut rows = 1u32;
        while rows < self.h as u32 {
            x |= shl(x, rows * self.w as u32);
            rows *= 2;
        }
        x & self.all()
    }

    /// The masks that shifts need (computed once for many shifts).
    #[inline]
    fn geometry(&self) -> Geometry {
        if self.w == 0 {
            return Geometry {
                w: 0,
                all: 0,
                not_first: 0,
                not_last: 0,
            };
        }
        let first = self.first_column();
        let all = self.all();
        Geometry {
            w: self.w as i32,
            all,
            not_first: all & !first,
            not_last: all & !shl(first, self.w as u32 - 1),
        }
    }

    /// The squares `{k + d : k in mask}` that are on the board.
    #[inline]
    pub fn shift(&self, mask: u128, d: Direction) -> u128 {
        self.geometry().shift(mask, d)
    }

    /// The squares one step from a square of `mask` in one of `dirs`.
    #[inline]
    pub fn spread(&self, mask: u128, dirs: &[Direction]) -> u128 {
        self.geometry().spread(mask, dirs)
    }

    /// The connected components of the squares `mask`, squares being joined when one is a step
    /// of `dirs` from the other; each component as a mask, in the order of its lowest square.
    pub fn components(&self, mask: u128, dirs: &[Direction]) -> Vec<u128> {
        let g = self.geometry();
        Board::flood(mask, |comp| g.grow(comp, dirs) & mask)
    }

    /// The classes of the squares `mask` under the connection `grow` (which maps a set of
    /// squares of `mask` to a superset within `mask`: the set and its neighbours); each class as
    /// a mask, in the order of its lowest square.
    pub fn flood(mask: u128, grow: impl Fn(u128) -> u128) -> Vec<u128> {
        let mut rest = mask;
        let mut out = Vec::new();
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let next = grow(comp);
                if next == comp {
                    break;
                }
                comp = next;
            }
            rest &= !comp;
            out.push(comp);
        }
        out
    }

    /// The board cut down to the bounding box of `mask`: the squares of `mask` keep what is on
    /// them, the others in the box become `outside` (an empty mask gives the 0×0 board).
    pub fn crop(&self, mask: u128, outside: Square) -> Board {
        if mask == 0 {
            return Board {
                h: 0,
                w: 0,
                left: 0,
                right: 0,
                blocked: 0,
            };
        }
        let w = self.w as u32;
        // Nothing to do when the mask spans the board and the rest is `outside` already.
        let rest = self.all() & !mask;
        let already = match outside {
            Square::Empty => rest & (self.left | self.right | self.blocked) == 0,
            Square::Blocked => rest & !self.blocked == 0,
            Square::Left => rest & !self.left == 0,
            Square::Right => rest & !self.right == 0,
        };
        if already && self.spans(mask) {
            return *self;
        }
        let lo = mask.trailing_zeros();
        let hi = 127 - mask.leading_zeros();
        let (r0, r1) = (lo / w, hi / w);
        // The columns used: fold the rows of the mask onto the first one.
        let mut cols = 0u128;
        for r in r0..=r1 {
            cols |= shr(mask, r * w) & low_bits(w);
        }
        let (c0, c1) = (cols.trailing_zeros(), 127 - cols.leading_zeros());
        let (h2, w2) = (r1 - r0 + 1, c1 - c0 + 1);
        let cut = |plane: u128| -> u128 {
            if w2 == w {
                return shr(plane, r0 * w) & low_bits(h2 * w);
            }
            let mut out = 0u128;
            for r in 0..h2 {
                let row = shr(plane, (r0 + r) * w) & low_bits(w);
                out |= ((row >> c0) & low_bits(w2)) << (r * w2);
            }
            out
        };
        let inside = cut(mask);
        let all = low_bits(h2 * w2);
        let mut b = Board {
            h: h2 as u8,
            w: w2 as u8,
            left: cut(self.left) & inside,
            right: cut(self.right) & inside,
            blocked: cut(self.blocked) & inside,
        };
        match outside {
            Square::Empty => {}
            Square::Blocked => b.blocked |= all & !inside,
            Square::Left => b.left |= all & !inside,
            Square::Right => b.right |= all & !inside,
        }
        b
    }

    /// Whether `mask` meets the first and last rows and columns (so that its bounding box is the
    /// whole board).
    #[inline]
    pub fn spans(&self, mask: u128) -> bool {
        if self.h == 0 || self.w == 0 {
            return false;
        }
        let w = self.w as u32;
        let first = self.first_column();
        let last_row = shl(low_bits(w), (self.h as u32 - 1) * w);
        mask & low_bits(w) != 0
            && mask & last_row != 0
            && mask & first != 0
            && mask & shl(first, w - 1) != 0
    }

    /// The board with Left's and Right's pieces exchanged.
    #[inline]
    pub fn swapped(&self) -> Board {
        Board {
            left: self.right,
            right: self.left,
            ..*self
        }
    }

    /// The image of the board under `s`.
    pub fn image(&self, s: Symmetry) -> Board {
        let b = if s.transpose {
            self.transposed()
        } else {
            *self
        };
        match (s.flip_rows, s.flip_cols) {
            (false, false) => b,
            (true, true) => b.half_turn(),
            (true, false) => b.flipped_rows(),
            (false, true) => b.half_turn().flipped_rows(),
        }
    }

    /// Applies `f` to each plane.
    #[inline]
    fn map_planes(&self, h: u8, w: u8, f: impl Fn(u128) -> u128) -> Board {
        Board {
            h,
            w,
            left: f(self.left),
            right: f(self.right),
            blocked: f(self.blocked),
        }
    }

    /// The image under the half turn: reversing the bit string reverses rows and columns.
    #[inline]
    fn half_turn(&self) -> Board {
        let n = self.squares() as u32;
        self.map_planes(self.h, self.w, |p| shr(p.reverse_bits(), 128 - n))
    }

    /// The image under reflection top–bottom.
    #[inline]
    fn flipped_rows(&self) -> Board {
        let (h, w) = (self.h as u32, self.w as u32);
        let row = low_bits(w);
        self.map_planes(self.h, self.w, |p| {
            let mut out = 0u128;
            for r in 0..h {
                out |= (shr(p, r * w) & row) << ((h - 1 - r) * w);
            }
            out
        })
    }

    /// The image under the transpose.
    fn transposed(&self) -> Board {
        let (h, w) = (self.h as usize, self.w as usize);
        self.map_planes(self.w, self.h, |p| {
            let mut out = 0u128;
            for r in 0..h {
                let mut row = shr(p, (r * w) as u32) & low_bits(w as u32);
                while row != 0 {
                    let c = row.trailing_zeros() as usize;
                    row &= row - 1;
                    out |= 1 << (c * h + r);
                }
            }
            out
        })
    }

    /// The least (in the derived order) of the images under `syms`. The order compares the
    /// number of rows first, so on a board that is not square only the images of its own shape
    /// (or only the transposed ones) can be least, and the others are not built.
    pub fn least_image(&self, syms: &[Symmetry]) -> Board {
        let transposing = syms.iter().any(|t| t.transpose);
        let bases = match self.h.cmp(&self.w) {
            std::cmp::Ordering::Less => [Some(*self), None],
            std::cmp::Ordering::Greater if transposing => [None, Some(self.transposed())],
            std::cmp::Ordering::Greater => [Some(*self), None],
            std::cmp::Ordering::Equal => [Some(*self), transposing.then(|| self.transposed())],
        };
        let mut best: Option<Board> = None;
        for (t, base) in bases.iter().enumerate() {
            let Some(base) = base else { continue };
            // The upright images of the base, sharing the half turn and the row reflection.
            let turned = base.half_turn();
            let flipped = base.flipped_rows();
            let images = [*base, turned.flipped_rows(), flipped, turned];
            for (s, image) in UPRIGHT.iter().zip(images) {
                let wanted = std::ptr::eq(syms, ALL)
                    || syms.iter().any(|x| {
                        x.transpose == (t == 1)
                            && x.flip_rows == s.flip_rows
                            && x.flip_cols == s.flip_cols
                    });
                if wanted && best.is_none_or(|b| image < b) {
                    best = Some(image);
                }
            }
        }
        best.unwrap_or(*self)
    }
}

/// The bounding box of the squares `(r, c)` of a `rows × cols` grid for which `keep` holds:
/// its first row, first column, height and width; `None` when it holds for none.
pub(crate) fn bounding_box(
    rows: usize,
    cols: usize,
    keep: impl Fn(usize, usize) -> bool,
) -> Option<(usize, usize, usize, usize)> {
    let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
    for r in 0..rows {
        for c in 0..cols {
            if keep(r, c) {
                (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
            }
        }
    }
    (r0 != usize::MAX).then(|| (r0, c0, r1 - r0 + 1, c1 - c0 + 1))
}

/// The masks of a board of `h × w <= 64` squares as the bits of a `u64` (square `(r, c)` is
/// bit `r * w + c`) that its shifts by a column need.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ColumnMasks {
    /// Every square.
    pub(crate) all: u64,
    /// The squares of the first column.
    pub(crate) first_column: u64,
    /// The squares not in the first column.
    pub(crate) not_first_column: u64,
    /// The squares not in the last column.
    pub(crate) not_last_column: u64,
}

impl ColumnMasks {
    pub(crate) fn new(h: u32, w: u32) -> ColumnMasks {
        let all = u64::MAX >> (64 - h * w);
        let mut first_column = 0u64;
        for r in 0..h {
            first_column |= 1 << (r * w);
        }
        ColumnMasks {
            all,
            first_column,
            not_first_column: all & !first_column,
            not_last_column: all & !(first_column << (w - 1)),
        }
    }
}

/// A board of `h × w <= 64` squares as the bits of a `u64` (square `(r, c)` is bit `r * w + c`)
/// upside down: row `r` to row `h − 1 − r`.
#[inline]
pub(crate) fn flip_rows_64(s: u64, h: u32, w: u32) -> u64 {
    if w == 8 {
        return s.swap_bytes() >> (64 - 8 * h);
    }
    let first_row = u64::MAX >> (64 - w);
    let mut out = 0;
    for r in 0..h {
        out |= ((s >> (r * w)) & first_row) << ((h - 1 - r) * w);
    }
    out
}

/// A board of `h × w <= 64` squares as the bits of a `u64` turned half a turn: square `k` to
/// square `h·w − 1 − k`.
#[inline]
pub(crate) fn half_turn_64(s: u64, h: u32, w: u32) -> u64 {
    s.reverse_bits() >> (64 - h * w)
}

/// The square each square of an `n × n` board of at most 64 squares goes to under the
/// transpose (for [`permute_64`]).
pub(crate) fn transpose_64(n: u32) -> [u8; 64] {
    let mut t = [0u8; 64];
    for r in 0..n {
        for c in 0..n {
            t[(r * n + c) as usize] = (c * n + r) as u8;
        }
    }
    t
}

/// The bits of `s` moved each from square `k` to square `to[k]`.
#[inline]
pub(crate) fn permute_64(s: u64, to: &[u8; 64]) -> u64 {
    let mut out = 0u64;
    let mut rest = s;
    while rest != 0 {
        let k = rest.trailing_zeros();
        rest &= rest - 1;
        out |= 1 << to[k as usize];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        Board::parse(s, "board", "", |c| match c {
            '.' => Some(Square::Empty),
            'x' => Some(Square::Left),
            'o' => Some(Square::Right),
            '#' => Some(Square::Blocked),
            _ => None,
        })
        .unwrap()
    }

    fn text(b: &Board) -> String {
        b.display(['.', 'x', 'o', '#'])
    }

    #[test]
    fn images_of_an_asymmetric_board() {
        let b = board("xo.|..#");
        let images: Vec<String> = ALL.iter().map(|&s| text(&b.image(s))).collect();
        assert_eq!(
            images,
            [
                "xo.|..#", ".ox|#..", "..#|xo.", "#..|.ox", "x.|o.|.#", ".x|.o|#.", ".#|o.|x.",
                "#.|.o|.x"
            ]
        );
        let mut distinct = images.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn shifts_do_not_wrap_around_rows() {
        let b = board("...|...|...");
        let corner = 1u128; // top left
        assert_eq!(b.shift(corner, (0, -1)), 0);
        assert_eq!(b.shift(corner, (-1, 0)), 0);
        assert_eq!(b.shift(corner, (1, 1)), 1 << 4);
        let right_edge = 1u128 << 2;
        assert_eq!(b.shift(right_edge, (0, 1)), 0);
        assert_eq!(b.shift(right_edge, (1, -1)), 1 << 4);
        assert_eq!(b.spread(1 << 4, KING).count_ones(), 8);
        // One row of 128 squares: shifts by a whole row leave the board.
        let long = Board::new(1, 128).unwrap();
        assert_eq!(long.shift(1 << 127, (0, 1)), 0);
        assert_eq!(long.shift(1, (1, 0)), 0);
        assert_eq!(long.shift(1 << 127, (0, -1)), 1 << 126);
    }

    #[test]
    fn components_and_crops() {
        let b = board("x.o|.o.|..x");
        assert_eq!(b.components(b.stones(), ORTHOGONAL).len(), 4);
        let parts = b.components(b.stones(), KING);
        assert_eq!(parts.len(), 1);
        assert_eq!(text(&b.crop(parts[0], Square::Blocked)), "x#o|#o#|##x");
        assert_eq!(text(&b.crop(1 << 4 | 1 << 8, Square::Blocked)), "o#|#x");
        assert_eq!(text(&b.crop(1 << 2 | 1 << 8, Square::Empty)), "o|.|x");
        let c = board("xo|ox");
        assert_eq!(c.components(c.stones(), DIAGONAL).len(), 2);
    }

    #[test]
    fn too_large_boards_are_errors() {
        assert!(Board::new(12, 11).is_err());
        assert!(Board::new(0, 1000).is_err());
        assert_eq!(
            Board::new(0, 0).unwrap().crop(0, Square::Blocked).squares(),
            0
        );
        assert!(Board::new(8, 16).is_ok());
        let big = vec!["."; 129].join("");
        assert!(Board::parse(&big, "board", "", |_| Some(Square::Empty))
            .unwrap_err()
            .to_string()
            .contains("at most 128"));
    }
}
