//! The Grundy table of a piece that slides towards a corner ([`slider_table`]): Nim on two
//! heaps, Wythoff's game, the generalised Ryūō.

/// Which directions a piece slides in, any distance (a move decreases the coordinates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slides {
    /// Left along a row: `(x, y) → (x − t, y)`.
    pub row: bool,
    /// Down a column: `(x, y) → (x, y − t)`.
    pub column: bool,
    /// Diagonally: `(x, y) → (x − t, y − t)`.
    pub diagonal: bool,
}

/// The Grundy table of a piece on a `width × height` board that slides any distance in the
/// directions `slides` and also jumps by each `(dx, dy)` in `steps` (`(x, y) → (x − dx, y − dy)`);
/// the piece moves towards `(0, 0)`. Returns `g` with `g[y * width + x] = G(x, y)`.
///
/// Nim on two heaps is `row + column` (`G = x ⊕ y`); Wythoff's game adds `diagonal`; the
/// generalised Ryūō piece is `row + column` with the steps `(s, t)`, `s, t ≥ 1`, `s + t ≤ p − 1`.
///
/// All values on one row (column, diagonal) are distinct, and each line keeps a bitset of the
/// values seen so far on it; the value of a cell is the first zero bit of the OR of its lines'
/// bitsets, read a word at a time (about `width · height · G/64` word operations), skipping the
/// values of the extra steps.
///
/// # Panics
/// When a step is `(0, 0)` (a move that does not move).
pub fn slider_table(
    width: usize,
    height: usize,
    slides: Slides,
    steps: &[(usize, usize)],
) -> Vec<u32> {
    assert!(
        steps.iter().all(|&s| s != (0, 0)),
        "a step (0, 0) does not move"
    );
    let mut g = vec![0u32; width * height];
    if width == 0 || height == 0 {
        return g;
    }
    // A cell has at most width + height + min(width, height) + steps options, so its value is
    // below that.
    let bits = width + height + width.min(height) + steps.len() + 1;
    let words = bits.div_ceil(64);
    // One bitset per row, column and diagonal, stored contiguously.
    let line = |count: usize, on: bool| vec![0u64; if on { count * words } else { 0 }];
    let mut rows = line(height, slides.row);
    let mut cols = line(width, slides.column);
    let diag_count = width + height - 1;
    let mut diags = line(diag_count, slides.diagonal);
    // How many leading words of each line's bitset are full: a full word of any one line is a
    // full word of the union, so the scan for the mex starts past the longest such prefix (far
    // from the main diagonal a row or column holds nearly all the small values).
    let mut row_full = vec![0usize; height];
    let mut col_full = vec![0usize; width];
    let mut diag_full = vec![0usize; diag_count];
    let empty = vec![0u64; words];
    let mut step_values: Vec<usize> = Vec::with_capacity(steps.len());
    // Cells are visited in square tiles (tile rows top to bottom, tiles left to right, cells row
    // by row inside a tile), which respects every dependency (a move goes left, down or
    // diagonally down-left) and keeps the few lines a tile touches in cache.
    const TILE: usize = 64;
    // A square board whose moves are symmetric in x and y has G(x, y) = G(y, x): compute the
    // cells with x >= y only (tiles on or right of the diagonal), and enter each value in the
    // lines of its mirror cell too. Every option of a computed cell is then known: options left
    // of the diagonal are mirrors of cells of earlier rows.
    let symmetric = width == height
        && slides.row == slides.column
        && steps.iter().all(|&(dx, dy)| steps.contains(&(dy, dx)));
    for ty in (0..height).step_by(TILE) {
        let first_tile = if symmetric { ty } else { 0 };
        for tx in (first_tile..width).step_by(TILE) {
            for y in ty..(ty + TILE).min(height) {
                let first_x = if symmetric { tx.max(y) } else { tx };
                for x in first_x..(tx + TILE).min(width) {
                    let d_index = x + height - 1 - y;
                    let mut start = 0;
                    let r: &[u64] = if slides.row {
                        start = start.max(row_full[y]);
                        &rows[y * words..(y + 1) * words]
                    } else {
                        &empty
                    };
                    let c: &[u64] = if slides.column {
                        start = start.max(col_full[x]);
                        &cols[x * words..(x + 1) * words]
                    } else {
                        &empty
                    };
                    let d: &[u64] = if slides.diagonal {
                        start = start.max(diag_full[d_index]);
                        &diags[d_index * words..(d_index + 1) * words]
                    } else {
                        &empty
                    };
                    step_values.clear();
                    for &(dx, dy) in steps {
                        if dx <= x && dy <= y {
                            step_values.push(g[(y - dy) * width + x - dx] as usize);
                        }
                    }
                    let mut v = union_first_zero(r, c, d, start * 64);
                    while step_values.contains(&v) {
                        v = union_first_zero(r, c, d, v + 1);
                    }
                    g[y * width + x] = v as u32;
                    let mut enter = |x: usize, y: usize| {
                        let d_index = x + height - 1 - y;
                        if slides.row {
                            insert_counting_full(
                                &mut rows[y * words..(y + 1) * words],
                                &mut row_full[y],
                                v,
                            );
                        }
                        if slides.column {
                            insert_counting_full(
                                &mut cols[x * words..(x + 1) * words],
                                &mut col_full[x],
                                v,
                            );
                        }
                        if slides.diagonal {
                            insert_counting_full(
                                &mut diags[d_index * words..(d_index + 1) * words],
                                &mut diag_full[d_index],
                                v,
                            );
                        }
                    };
                    enter(x, y);
                    if symmetric && x != y {
                        g[x * width + y] = v as u32;
                        enter(y, x);
                    }
                }
            }
        }
        // A strip of rows is done (with its mirror, on a symmetric board).
        crate::progress::record((TILE.min(height - ty) * width) as u64);
    }
    g
}

/// Sets bit `v` of `words`, and advances `full` (the number of leading full words) past the
/// words that are now full.
#[inline]
fn insert_counting_full(words: &mut [u64], full: &mut usize, v: usize) {
    words[v / 64] |= 1 << (v % 64);
    while *full < words.len() && words[*full] == u64::MAX {
        *full += 1;
    }
}

/// The least bit index `>= start` that is zero in `a | b | c` (three slices of equal length).
#[inline]
fn union_first_zero(a: &[u64], b: &[u64], c: &[u64], start: usize) -> usize {
    let mut i = start / 64;
    let mut mask = (1u64 << (start % 64)) - 1;
    let n = a.len();
    while i < n {
        let w = a[i] | b[i] | c[i] | mask;
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        mask = 0;
        i += 1;
    }
    // Past the end every bit is zero.
    start.max(i * 64)
}
