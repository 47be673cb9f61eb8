//! The regions of Domineering as shapes: the enumeration of every edge-connected region
//! (polyomino) of `n` squares, and the normal form of a region as a board (for a value
//! database, `crate::db`, which keys its regions by it; see also `source.rs`).
//!
//! **Normal form.** The engine keys its table by a region's normal form under all eight
//! symmetries of the square (see [`super`]): the four that keep each player's moves (identity,
//! the two mirror images, the half turn) and the four that exchange vertical and horizontal
//! (transpose, anti-transpose, the quarter turns), which negate the value. The normal form is
//! the least image (in the engine's order) whose height is at most its width; [`normal_form`]
//! returns it with the flag saying whether it was reached by an exchanging symmetry, so that
//! `value(region) = −value(normal form)` when the flag is set. The normal forms of the regions
//! of `n` squares are exactly the free polyominoes of `n` squares (OEIS A000105).

use super::board::Board;
use super::engine::Small;
use hashbrown::HashSet;

pub use super::source::{set_region_source, RegionSource};

/// The most squares [`Layers`] enumerates: a region of `n` squares fits a box of
/// `h + w <= n + 1`, and with a border of one square on every side that box must fit the
/// engine's 128-square bitboards (`((n + 5) / 2)² <= 128`).
pub const MAX_REGION_SQUARES: usize = 17;

impl Small {
    /// The regions of one more square that contain this one, each cropped to its bounding
    /// box: the region is placed in a box one square larger on every side and each empty
    /// neighbour of it is added in turn.
    fn extensions(self, out: &mut Vec<Small>) {
        let (h, w) = (self.h, self.w);
        let (bh, bw) = (h + 2, w + 2);
        debug_assert!(bh * bw <= 128);
        let mut bits = 0u128;
        for r in 0..h {
            for c in 0..w {
                if self.bits >> (r * w + c) & 1 == 1 {
                    bits |= 1 << ((r + 1) * bw + c + 1);
                }
            }
        }
        let big = Small {
            h: bh,
            w: bw,
            bits,
        };
        let mut neighbours = 0u128;
        let mut rest = bits;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            // Every square of the region is inside the border, so each neighbour is in the box.
            neighbours |= 1 << (k - bw) | 1 << (k + bw) | 1 << (k - 1) | 1 << (k + 1);
        }
        neighbours &= !bits;
        while neighbours != 0 {
            let k = neighbours.trailing_zeros();
            neighbours &= neighbours - 1;
            let grown = bits | 1 << k;
            out.push(Small { bits: grown, ..big }.crop(grown));
        }
    }
}

/// The normal form of a connected region of at most 128 squares in its bounding box under the
/// eight symmetries (see the module documentation), and whether `value(region)` is the
/// negative of the normal form's value; `None` for a board of more than 128 squares.
pub fn normal_form(region: &Board) -> Option<(Board, bool)> {
    let small = region.small()?;
    if small.bits == 0 {
        return Some((region.clone(), false));
    }
    let (key, negate) = small.crop(small.bits).normal_form();
    Some((key.to_board(), negate))
}

/// Which regions [`Layers`] lists: all placements up to translation (the fixed polyominoes,
/// OEIS A001168), or one normal form for each class under the eight symmetries (the free
/// polyominoes, OEIS A000105).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shapes {
    /// Every region up to translation, cropped to its bounding box.
    Fixed,
    /// The normal form ([`normal_form`]) of every region.
    Normal,
}

/// The regions of 1, 2, 3, … squares, one size at a time ([`Iterator`]), each size sorted (by
/// height, width, then squares): the regions of `n + 1` squares are the regions of `n` squares
/// with one empty neighbour added, brought to the chosen form and deduplicated. With
/// [`Shapes::Normal`] a class of `n + 1` squares arises from a class of `n` squares (remove a
/// square that does not disconnect the region, a leaf of a spanning tree), so extending one
/// representative of each class finds every class.
pub struct Layers {
    shapes: Shapes,
    last: Vec<Small>,
    size: usize,
}

impl Layers {
    /// The layers from one square on.
    pub fn new(shapes: Shapes) -> Layers {
        Layers {
            shapes,
            last: Vec::new(),
            size: 0,
        }
    }
}

impl Iterator for Layers {
    type Item = Vec<Board>;

    /// The regions of the next size; `None` past [`MAX_REGION_SQUARES`].
    fn next(&mut self) -> Option<Vec<Board>> {
        if self.size >= MAX_REGION_SQUARES {
            return None;
        }
        let next: Vec<Small> = if self.size == 0 {
            vec![Small { h: 1, w: 1, bits: 1 }]
        } else {
            let mut seen = HashSet::new();
            let mut grown = Vec::new();
            for s in &self.last {
                grown.clear();
                s.extensions(&mut grown);
                for g in grown.drain(..) {
                    let g = match self.shapes {
                        Shapes::Fixed => g,
                        Shapes::Normal => g.normal_form().0,
                    };
                    seen.insert(g);
                }
            }
            let mut v: Vec<Small> = seen.into_iter().collect();
            v.sort_unstable();
            v
        };
        self.size += 1;
        self.last = next;
        Some(self.last.iter().map(|s| s.to_board()).collect())
    }
}
