//! Snort on graphs and grids.
//!
//! **Rules** (invented by Simon Norton; WW, vol. 1; Wikipedia, "Col (game)", section
//! "Snort"). Players take turns colouring an uncoloured vertex of a graph, Left blue and Right red.
//! A player may not colour a vertex adjacent to a vertex of the opponent's colour (Norton's cattle:
//! bulls and cows must not graze in neighbouring fields). The player who cannot move loses.
//!
//! **Positions.** A coloured vertex is removed and its neighbours are *tinted*: a vertex tinted
//! blue (next to a blue vertex) may then only be coloured blue, i.e. by Left; one tinted both
//! ways by nobody, and is removed. See [`crate::rulesets::colouring`] for the reductions (irrelevant edges
//! dropped, sum of connected components, canonical relabelling under every isomorphism, so the
//! mirror images of a grid share one table entry; exchanging the colours negates the value).
//!
//! **Input.**
//! * Grids: `snort("..|..")`, rows separated by `|`; `.` an uncoloured cell, `#` a hole, `x` a
//!   cell already coloured blue (Left), `o` red (Right). Cells are joined to their orthogonal
//!   neighbours.
//! * Graphs: `snort_graph("a-b b-c c-a d", blue="a", red="", tinted="b:R d:BR")` with the edge
//!   syntax of [`crate::rulesets::graph`] (chains `a-b-c`, isolated vertices, shorthands `path:N`,
//!   `cycle:N`, `complete:N`, `star:N`, `grid:RxC`); `blue` and `red` list vertices already
//!   coloured, `tinted` gives tints as `vertex:B` (next to a blue vertex; `L` also means blue),
//!   `vertex:R`, `vertex:BR`. A blue vertex next to a red one is an error.
//!
//! **Worked values** (by hand from the rules; the tests check them): a single vertex is
//! `{0 | 0} = *`; an edge is `{1 | −1} = ±1` (after Left colours one end only Left may colour the
//! other); the path of three vertices is `±2` (Left colours the middle and owns both ends; her
//! move to an end, worth `{1 | 0}`, is dominated). Snort is a hot game: its values are rarely
//! numbers.
//!
//! **Checked against** (tests/graph_games.rs): an independent evaluator written in the test from
//! the rules alone (explicit game trees and the reference canonical form of tests/common) on every
//! graph with at most 4 vertices and random graphs of 5, with random tints, and on the 2×3 and 2×4
//! grids; the colour-swap symmetry `G(swap) = −G`; the mirror strategy on even × even grids
//! (value 0).
//!
//! **Tables:** `partizan table snort rows=R cols=C`: every `r × c` grid of uncoloured cells
//! (snapshot `snapshots/snort_table_3x4.snap`); `partizan table snort_graph n=N`: the uncoloured
//! graphs `path:n`, `cycle:n`, `complete:n` and `star:n` for `n = 1..=N` (snapshot
//! `snapshots/snort_graph_table_8.snap`).

use crate::algebra::Game;
use crate::rulesets::colouring::{self, Colouring, Variant};
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Position, Table, TableParams};
use crate::Error;

/// The Snort ruleset for the generic [`Solver`](crate::solve::Solver).
pub fn ruleset() -> Colouring {
    Colouring(Variant::Snort)
}

/// The value of a Snort grid (`"..|.x"`).
pub fn grid_value(text: &str) -> Result<Game, Error> {
    colouring::grid_value(Variant::Snort, text)
}

/// `partizan table snort_graph n=N`: every uncoloured `path:n`, `cycle:n`, `complete:n` and
/// `star:n`.
pub fn graph_table(a: &TableParams) -> Result<Table, Error> {
    colouring::shape_table(Variant::Snort, a)
}

/// `partizan table snort rows=R cols=C`.
fn table(a: &TableParams) -> Result<Table, Error> {
    colouring::table(Variant::Snort, a)
}

/// The `snort` family (see the module documentation).
pub struct SnortFamily;

impl Family for SnortFamily {
    fn name(&self) -> &'static str {
        "snort"
    }
    fn usage(&self) -> &'static str {
        "snort(\"..|..\"): Snort on a grid, rows separated by '|', '.' uncoloured, '#' a hole, x blue (Left), o red (Right)"
    }
    fn example(&self) -> &'static str {
        "snort(\"...|...\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(colouring::grid_position(Variant::Snort, args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table snort rows=2 cols=3",
            build: table,
        })
    }
}

/// The `snort_graph` family (see the module documentation).
pub struct SnortGraphFamily;

impl Family for SnortGraphFamily {
    fn name(&self) -> &'static str {
        "snort_graph"
    }
    fn usage(&self) -> &'static str {
        "snort_graph(\"a-b b-c\", blue=\"a\", red=\"c\", tinted=\"b:B\"): Snort on a graph; tints B, R or BR"
    }
    fn example(&self) -> &'static str {
        "snort_graph(\"a-b b-c\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(colouring::graph_position(Variant::Snort, args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: colouring::SHAPE_PARAMS,
            example: "table snort_graph n=6",
            build: graph_table,
        })
    }
}
