//! Col on graphs and grids.
//!
//! **Rules** (invented by Colin Vout; described and analysed by J. H. Conway, ONAG, and in WW ch. 2; Wikipedia, "Col (game)"). Players take turns colouring an
//! uncoloured vertex of a graph, Left blue and Right red. A player may not colour a vertex adjacent
//! to a vertex of *their own* colour (the colouring stays proper). The player who cannot move
//! loses.
//!
//! **Positions.** A coloured vertex is removed and its neighbours are *tinted*: a vertex next to a
//! blue vertex may then only be coloured red, i.e. by Right; one tinted both ways by nobody, and
//! is removed. See [`crate::rulesets::colouring`] for the reductions (irrelevant edges dropped, sum of
//! connected components, canonical relabelling under every isomorphism; exchanging the colours
//! negates the value).
//!
//! **Input.** As for [`crate::rulesets::snort`]: `col("..|..")` on grids (`.` uncoloured, `#` a hole, `x`
//! blue, `o` red), `col_graph("a-b b-c", blue="a", red="", tinted="c:B")` on graphs (`vertex:B`
//! tinted blue, i.e. next to a blue vertex, so only Right may colour it). Two blue (or two red)
//! vertices next to each other are an error.
//!
//! **Theorem checked** (Conway's analysis of Col in ONAG, also in WW,
//! vol. 1: every Col position is a number or a number plus `*`): the tests check it on every graph
//! with at most 4 vertices, random graphs of 5 vertices, with random tints, and small grids.
//! **Worked values** (by hand from the rules): a single vertex is `{0 | 0} = *`; a tinted vertex is
//! `1` or `−1`; an edge is `{−1 | 1} = 0` (after Left colours one end only Right may colour the
//! other); the path of three vertices is `{−1/2 | 1/2} = 0`. On a grid with an even side, the
//! second player answers each move with the other colour on the image of the vertex under the half
//! turn: the image is never the vertex itself, and it is next to a vertex of the replier's colour
//! only if the move was next to one of the mover's, so the reply is legal and the value is 0 (the
//! Tweedledum and Tweedledee argument of WW ch. 2).
//!
//! **Checked against** (tests/graph_games.rs): an independent evaluator written in the test from
//! the rules alone (explicit game trees and the reference canonical form of tests/common), the
//! number-or-number-plus-star theorem, the colour-swap symmetry, the mirror strategy.
//!
//! **Tables:** `partizan table col rows=R cols=C`: every `r × c` grid of uncoloured cells
//! (snapshot `snapshots/col_table_3x4.snap`); `partizan table col_graph n=N`: the uncoloured
//! graphs `path:n`, `cycle:n`, `complete:n` and `star:n` for `n = 1..=N` (snapshot
//! `snapshots/col_graph_table_8.snap`).

use crate::algebra::Game;
use crate::rulesets::colouring::{self, Colouring, Variant};
use crate::rulesets::family::{Family, TableSpec, GRID_PARAMS};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Position, Table, TableParams};
use crate::Error;

/// The Col ruleset for the generic [`Solver`](crate::solve::Solver).
pub fn ruleset() -> Colouring {
    Colouring(Variant::Col)
}

/// The value of a Col grid (`"..|.x"`).
pub fn grid_value(text: &str) -> Result<Game, Error> {
    colouring::grid_value(Variant::Col, text)
}

/// `partizan table col_graph n=N`: every uncoloured `path:n`, `cycle:n`, `complete:n` and
/// `star:n`.
pub fn graph_table(a: &TableParams) -> Result<Table, Error> {
    colouring::shape_table(Variant::Col, a)
}

/// `partizan table col rows=R cols=C`.
fn table(a: &TableParams) -> Result<Table, Error> {
    colouring::table(Variant::Col, a)
}

/// The `col` family (see the module documentation).
pub struct ColFamily;

impl Family for ColFamily {
    fn name(&self) -> &'static str {
        "col"
    }
    fn usage(&self) -> &'static str {
        "col(\"..|..\"): Col on a grid, rows separated by '|', '.' uncoloured, '#' a hole, x blue (Left), o red (Right)"
    }
    fn example(&self) -> &'static str {
        "col(\"...|...\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(colouring::grid_position(Variant::Col, args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table col rows=2 cols=3",
            build: table,
        })
    }
}

/// The `col_graph` family (see the module documentation).
pub struct ColGraphFamily;

impl Family for ColGraphFamily {
    fn name(&self) -> &'static str {
        "col_graph"
    }
    fn usage(&self) -> &'static str {
        "col_graph(\"a-b b-c\", blue=\"a\", red=\"c\", tinted=\"b:R\"): Col on a graph; tints B, R or BR"
    }
    fn example(&self) -> &'static str {
        "col_graph(\"a-b b-c c-d\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(colouring::graph_position(Variant::Col, args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: colouring::SHAPE_PARAMS,
            example: "table col_graph n=6",
            build: graph_table,
        })
    }
}
