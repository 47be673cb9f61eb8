//! Cram: the impartial form of Domineering, on any board.
//!
//! **Rules** (Wikipedia, "Cram (game)": the game popularised by Martin Gardner in his
//! *Scientific American* column). Players alternately place a domino on two orthogonally adjacent
//! empty squares, in either orientation; the player who cannot move loses. Both players have the
//! same moves, so every position is a nimber `*g`, `g` its Grundy value. Cram is Arc Kayles
//! ([`crate::rulesets::arc_kayles`]) on the grid graph of the empty squares.
//!
//! **Input.** Rows top to bottom separated by `|`; `.` an empty square, `#` a hole:
//! `cram("...|.#.")`. Every row must have the same length.
//!
//! **How values are computed.** The [`GrundySolver`] (integers and mex, never canonical forms)
//! with the [`Cram`] ruleset. A position is split into its connected regions (the XOR of their
//! values); squares with no empty neighbour are dropped. A region is cropped to its bounding box,
//! stored as a `u128` bitboard (moves generated with shifts) and brought to a normal form under
//! all eight symmetries of the square: unlike Domineering, the transpose keeps Cram's moves, so
//! no symmetry exchanges anything. Without search:
//! * a `1 × n` strip is a heap of `n` in Dawson's Kayles, octal 0.07 (WW ch. 4;
//!   OEIS A002187 shifted by one), with the proven period 34
//!   ([`crate::rulesets::node_kayles::dawson_kayles`]);
//! * a region that a symmetry σ of its box maps onto itself, such that no domino meets its own
//!   image (no empty square fixed by σ lies in a domino, no domino is `{a, σ(a)}`), is 0: the
//!   second player answers each domino with its image (the Tweedledum and Tweedledee strategy,
//!   WW ch. 2). This gives every rectangle with both sides even at once (the half
//!   turn fixes no square and no domino), and many positions met in the search.
//!
//! A region whose bounding box has more than 128 squares is evaluated as Arc Kayles on its grid
//! graph (canonical relabelling; paths by the Dawson's Kayles formula), so there is no limit on
//! the board beyond time and memory.
//!
//! **Checked against** (tests/graph_games.rs): `1 × n` strips against OEIS A002187 typed into the
//! test; `2 × n` boards against Wikipedia, "Nimber", section "Cram" (0 for even `n`, 1 for odd
//! `n`); the values of P. Beling's table of Cram nimbers (`4 × 5` = 2, `4 × 7` = 3, `5 × 5` = 0,
//! `5 × 6` = 2, in the README of github.com/beling/impartial-games, which credits the smaller
//! boards to Lemoine and Viennot's solver Glop and to M. Schneider, *Das Spiel Juvavum*, master's
//! thesis, Salzburg, 2009); a brute-force mex evaluator written in the test on every board of at
//! most 12 squares with holes; Arc Kayles on the grid graph.
//!
//! **Tables:** `partizan table cram rows=R cols=C`: the Grundy value of every `r × c`
//! rectangle.

use crate::algebra::Game;
use crate::rulesets::arc_kayles::ArcKayles;
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::graph;
use crate::rulesets::node_kayles::dawson_kayles;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{of_ruleset, write_text_call, Rules};
use crate::solve::{AsPartizan, GrundySolver, ImpartialRuleset, Position, Table, TableParams};
use std::sync::Arc;
use crate::Error;

/// A region of at most 128 squares: `h × w` box, bit `r * w + c` set when the square is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    h: u8,
    w: u8,
    bits: u128,
}

/// The lowest `n` bits (`n <= 128`).
#[inline]
fn low(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl Region {
    /// A box of `h × w <= 128` squares with the empty squares `bits`.
    pub fn new(h: usize, w: usize, bits: u128) -> Option<Region> {
        let area = h.checked_mul(w)?;
        if area > 128 || h == 0 || w == 0 {
            return None;
        }
        Some(Region {
            h: h as u8,
            w: w as u8,
            bits: bits & low(area as u32),
        })
    }

    /// The full `h × w` rectangle.
    pub fn rectangle(h: usize, w: usize) -> Option<Region> {
        Region::new(h, w, u128::MAX)
    }

    #[inline]
    fn area(&self) -> u32 {
        u32::from(self.h) * u32::from(self.w)
    }

    /// The squares of column 0.
    #[inline]
    fn first_column(&self) -> u128 {
        let mut x = 0u128;
        for r in 0..u32::from(self.h) {
            x |= 1u128 << (r * u32::from(self.w));
        }
        x
    }

    /// Left squares of the empty horizontal pairs and top squares of the empty vertical pairs.
    #[inline]
    fn pairs(&self) -> (u128, u128) {
        let last = self.first_column() << (self.w - 1);
        let horizontal = self.bits & (self.bits >> 1) & !last;
        let vertical = self.bits & (self.bits >> self.w);
        (horizontal, vertical)
    }

    /// The empty squares next to the squares `x`.
    #[inline]
    fn spread(&self, x: u128, first: u128, last: u128) -> u128 {
        let w = u32::from(self.w);
        let down = x.checked_shl(w).unwrap_or(0);
        let up = x >> w;
        (x | down | up | ((x & !last) << 1) | ((x & !first) >> 1)) & self.bits
    }

    /// The connected regions with at least one domino, cropped to their bounding boxes.
    pub fn regions(&self) -> Vec<Region> {
        let first = self.first_column();
        let last = first << (self.w - 1);
        let mut rest = self.bits;
        let mut out = Vec::new();
        while rest != 0 {
            let mut x = rest & rest.wrapping_neg();
            loop {
                let y = self.spread(x, first, last);
                if y == x {
                    break;
                }
                x = y;
            }
            rest &= !x;
            if x.count_ones() >= 2 {
                out.push(self.crop(x));
            }
        }
        out
    }

    /// The squares `mask` in their bounding box.
    fn crop(&self, mask: u128) -> Region {
        let w = u32::from(self.w);
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        let mut m = mask;
        while m != 0 {
            let k = m.trailing_zeros();
            m &= m - 1;
            let (r, c) = (k / w, k % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h2, w2) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut bits = 0u128;
        for r in 0..h2 {
            let row = (mask >> ((r + r0) * w + c0)) & low(w2);
            bits |= row << (r * w2);
        }
        Region {
            h: h2 as u8,
            w: w2 as u8,
            bits,
        }
    }

    /// The image under symmetry `t` of the square (bit 0: reverse rows, bit 1: reverse columns,
    /// bit 2: transpose, applied in that order).
    fn image(&self, t: u8) -> Region {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let (h2, w2) = if t & 4 != 0 { (w, h) } else { (h, w) };
        let mut bits = 0u128;
        let mut m = self.bits;
        while m != 0 {
            let k = m.trailing_zeros();
            m &= m - 1;
            let (mut r, mut c) = (k / w, k % w);
            if t & 1 != 0 {
                r = h - 1 - r;
            }
            if t & 2 != 0 {
                c = w - 1 - c;
            }
            if t & 4 != 0 {
                (r, c) = (c, r);
            }
            bits |= 1u128 << (r * w2 + c);
        }
        Region {
            h: h2 as u8,
            w: w2 as u8,
            bits,
        }
    }

    /// Whether the mirror strategy through symmetry `t` proves the region a second-player win:
    /// `t` maps the region onto itself and no domino meets its image.
    fn mirror_wins(&self, t: u8) -> bool {
        if self.image(t) != *self {
            return false;
        }
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let empty = |r: u32, c: u32| r < h && c < w && self.bits >> (r * w + c) & 1 == 1;
        let mut m = self.bits;
        while m != 0 {
            let k = m.trailing_zeros();
            m &= m - 1;
            let (r, c) = (k / w, k % w);
            let (mut r2, mut c2) = (r, c);
            if t & 1 != 0 {
                r2 = h - 1 - r2;
            }
            if t & 2 != 0 {
                c2 = w - 1 - c2;
            }
            if t & 4 != 0 {
                (r2, c2) = (c2, r2);
            }
            let neighbours = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (a, b) in neighbours {
                if !empty(a, b) {
                    continue;
                }
                // A domino on a fixed square, or a domino {k, σ(k)}.
                if (r2, c2) == (r, c) || (r2, c2) == (a, b) {
                    return false;
                }
            }
        }
        true
    }
}

/// The Cram ruleset for the [`GrundySolver`]; positions are [`Region`]s.
#[derive(Clone, Copy, Debug)]
pub struct Cram {
    shortcuts: bool,
}

impl Default for Cram {
    fn default() -> Cram {
        Cram::new()
    }
}

impl Cram {
    /// The ruleset with the strip formula and the mirror strategy.
    pub fn new() -> Cram {
        Cram { shortcuts: true }
    }

    /// The ruleset without shortcuts: every position is searched (for cross-checks).
    pub fn rules_only() -> Cram {
        Cram { shortcuts: false }
    }
}

impl ImpartialRuleset for Cram {
    type Position = Region;

    fn options(&self, b: &Region) -> Vec<Region> {
        let (horizontal, vertical) = b.pairs();
        let mut out =
            Vec::with_capacity((horizontal.count_ones() + vertical.count_ones()) as usize);
        let mut m = horizontal;
        while m != 0 {
            let k = m.trailing_zeros();
            m &= m - 1;
            out.push(Region {
                bits: b.bits & !(3u128 << k),
                ..*b
            });
        }
        let mut m = vertical;
        while m != 0 {
            let k = m.trailing_zeros();
            m &= m - 1;
            out.push(Region {
                bits: b.bits & !(1u128 << k | 1u128 << (k + u32::from(b.w))),
                ..*b
            });
        }
        out
    }

    fn components(&self, b: &Region) -> Vec<Region> {
        b.regions()
    }

    /// The least of the eight images.
    fn normalize(&self, b: Region) -> Region {
        (1..8).map(|t| b.image(t)).fold(b, |m, x| m.min(x))
    }

    fn known_grundy(&self, b: &Region) -> Option<u64> {
        if !self.shortcuts {
            return None;
        }
        if (b.h == 1 || b.w == 1) && b.bits == low(b.area()) {
            return Some(dawson_kayles(b.area() as usize));
        }
        (1..8).any(|t| b.mirror_wins(t)).then_some(0)
    }
}

/// A Cram board: `rows × cols` squares, `true` empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    empty: Vec<bool>,
}

impl Board {
    /// Parses rows separated by `|`, `.` empty and `#` a hole.
    pub fn parse(text: &str) -> Result<Board, Error> {
        let g = crate::rulesets::text::grid(
            text,
            "Cram board",
            "use '.' for an empty square, '#' for a hole",
            |c| match c {
                '.' => Some(true),
                '#' => Some(false),
                _ => None,
            },
        )?;
        Ok(Board {
            rows: g.rows,
            cols: g.cols,
            empty: g.cells,
        })
    }

    /// The empty `rows × cols` rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            empty: vec![true; rows * cols],
        }
    }

    /// The Grundy value: the XOR over the connected regions, each by the bitboard engine when
    /// its bounding box has at most 128 squares and as Arc Kayles on its grid graph otherwise.
    pub fn grundy(&self, solver: &mut GrundySolver<Cram>) -> u64 {
        let (graph, _) = graph::grid_graph(self.rows, self.cols, &self.empty, |&e| e);
        let mut big: Option<GrundySolver<ArcKayles>> = None;
        let mut total = 0;
        // Split by connected components of the grid graph, then map each back to the board.
        let mut cell_of = Vec::with_capacity(graph.len());
        for (k, &e) in self.empty.iter().enumerate() {
            if e {
                cell_of.push(k);
            }
        }
        for part in components_as_cells(&graph) {
            let cells: Vec<usize> = part.iter().map(|&v| cell_of[v]).collect();
            let r0 = cells.iter().map(|k| k / self.cols).min().unwrap_or(0);
            let r1 = cells.iter().map(|k| k / self.cols).max().unwrap_or(0);
            let c0 = cells.iter().map(|k| k % self.cols).min().unwrap_or(0);
            let c1 = cells.iter().map(|k| k % self.cols).max().unwrap_or(0);
            let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
            if h * w <= 128 {
                let mut bits = 0u128;
                for k in &cells {
                    bits |= 1u128 << ((k / self.cols - r0) * w + (k % self.cols - c0));
                }
                let region = Region::new(h, w, bits).expect("at most 128 squares");
                total ^= solver.grundy(&region);
            } else {
                let mut outside = vec![true; graph.len()];
                for &v in &part {
                    outside[v] = false;
                }
                let sub = graph.without(&outside);
                total ^= big
                    .get_or_insert_with(|| GrundySolver::new(ArcKayles::new()))
                    .grundy(&sub);
            }
        }
        total
    }
}

/// The vertex sets of the connected components of `g`, each sorted.
fn components_as_cells(g: &graph::Graph) -> Vec<Vec<usize>> {
    let adj = g.adjacency();
    let mut seen = vec![false; g.len()];
    let mut out = Vec::new();
    for s in 0..g.len() {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut part = vec![s];
        let mut i = 0;
        while i < part.len() {
            for &(w, _) in adj.neighbours(part[i]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    part.push(w as usize);
                }
            }
            i += 1;
        }
        part.sort_unstable();
        out.push(part);
    }
    out
}

/// The Grundy value of a Cram board given as text.
pub fn grundy(text: &str) -> Result<u64, Error> {
    Ok(Board::parse(text)?.grundy(&mut GrundySolver::new(Cram::new())))
}

/// Cram's moves on a board: a domino either way, both players alike (the impartial closure of
/// Domineering's moves).
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves;

impl ImpartialRuleset for Moves {
    type Position = crate::rulesets::domineering::Board;

    fn options(&self, b: &Self::Position) -> Vec<Self::Position> {
        use crate::solve::Ruleset;
        let dominoes = crate::rulesets::domineering::Moves;
        let mut out = dominoes.left_options(b);
        out.extend(dominoes.right_options(b));
        out
    }

    fn components(&self, b: &Self::Position) -> Vec<Self::Position> {
        b.regions()
    }
}

/// `cram("..|..")` as a position (see [`crate::solve::position`]).
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let text = crate::rulesets::text::one_string(positional, named, "the board")?;
    Board::parse(text)?;
    let board = crate::rulesets::domineering::Board::parse(text)?;
    let rules = Arc::new(Rules {
        ruleset: AsPartizan(Moves),
        impartial: true,
        write: |_, b, f| write_text_call(f, "cram", &b.to_string()),
        value: |_, b| Ok(Game::nimber(grundy(&b.to_string())?)),
        option_count: None,
        search: None,
    });
    Ok(of_ruleset(rules, board))
}

/// The largest rectangle area `partizan table cram` evaluates.
pub const MAX_TABLE_AREA: usize = 30;

/// `partizan table cram rows=R cols=C` (or `size=N` for both): the Grundy value of every
/// `r × c` rectangle.
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut solver = GrundySolver::new(Cram::new());
    crate::rulesets::family::grid_table(
        "Grundy values of Cram rectangles, rows x columns",
        a,
        (4, 5),
        MAX_TABLE_AREA,
        |r, c| Ok(Board::rectangle(r, c).grundy(&mut solver).to_string()),
    )
}

/// The `cram` family (see the module documentation).
pub struct CramFamily;

impl Family for CramFamily {
    fn name(&self) -> &'static str {
        "cram"
    }
    fn usage(&self) -> &'static str {
        "cram(\"..|..\"): Cram, rows separated by '|', '.' empty, '#' a hole"
    }
    fn example(&self) -> &'static str {
        "cram(\"...|...|...\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table cram rows=3 cols=4",
            build: table,
        })
    }
}
