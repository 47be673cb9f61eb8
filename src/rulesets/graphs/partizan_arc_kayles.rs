//! Partizan Arc Kayles on graphs with coloured edges.
//!
//! **Rules.** The partizan form of Arc Kayles ([`crate::rulesets::arc_kayles`]): every edge is coloured
//! blue (Left's), red (Right's) or green (either player's). A move chooses an edge of one's own
//! colour (or a green one) and removes both its endpoints, with every edge touching them. The
//! player who cannot move loses. With every edge green this is Arc Kayles; Domineering is the
//! grid graph of the board with the vertical edges blue and the horizontal ones red (Left places
//! vertical dominoes, as in [`crate::rulesets::domineering`]).
//!
//! **Input.** `partizan_arc_kayles("a-b:B b-c:R c-d:G")`: the edge syntax of [`crate::rulesets::graph`]
//! with a colour letter on every edge, `B` (or `L`) blue, `R` red, `G` green; a chain
//! `a-b-c:R` colours all its edges.
//!
//! **How values are computed.** The generic [`Solver`] with the [`PartizanArcKayles`] ruleset:
//! vertices without edges are dropped, a position is the sum of its connected components, each
//! stored under a canonical relabelling that respects the colours. Exchanging blue and red
//! negates the value.
//!
//! **Tables:** `partizan table partizan_arc_kayles n=N`: the paths, cycles and stars of
//! [`graph::shape_table`] with edges alternately blue and red, the first blue: along a path or
//! cycle (`1-2` blue, `2-3` red, ...; an odd cycle has two blue edges at vertex 1), and a star's
//! edges `0-i` blue for odd `i` (snapshot `snapshots/partizan_arc_kayles_table_8.snap`).
//!
//! **Checked against** (tests/graph_games.rs): an independent evaluator written in the test from
//! the rules alone (explicit game trees and the reference canonical form of tests/common) on
//! small coloured graphs; all-green graphs against the Arc Kayles nimbers; Domineering's
//! published small values (Wikipedia, "Domineering", basic examples) on grid graphs.

use crate::algebra::Game;
use crate::rulesets::arc_kayles::{drop_isolated, take_edge};
use crate::rulesets::family::Param;
use crate::rulesets::graph::{self, Graph};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// Edge label of a blue edge (Left's).
pub const BLUE: u8 = b'B';
/// Edge label of a red edge (Right's).
pub const RED: u8 = b'R';
/// Edge label of a green edge (either player's).
pub const GREEN: u8 = b'G';

/// The Partizan Arc Kayles ruleset for the generic [`Solver`]; positions are [`Graph`]s whose
/// edge labels are [`BLUE`], [`RED`] or [`GREEN`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanArcKayles;

fn options(g: &Graph, colour: u8) -> Vec<Graph> {
    g.edges()
        .iter()
        .filter(|&&(_, _, l)| l == colour || l == GREEN)
        .map(|&(u, v, _)| take_edge(g, u, v))
        .collect()
}

impl Ruleset for PartizanArcKayles {
    type Position = Graph;

    fn left_options(&self, g: &Graph) -> Vec<Graph> {
        options(g, BLUE)
    }

    fn right_options(&self, g: &Graph) -> Vec<Graph> {
        options(g, RED)
    }

    fn components(&self, g: &Graph) -> Vec<Graph> {
        drop_isolated(g).components()
    }

    fn normalize(&self, g: Graph) -> Graph {
        g.canonical()
    }

    fn known_value(&self, g: &Graph) -> Option<Game> {
        match g.edges() {
            [] => Some(Game::zero()),
            [(_, _, l)] => Some(match *l {
                BLUE => Game::integer(1),
                RED => Game::integer(-1),
                _ => Game::star(),
            }),
            _ => None,
        }
    }
}

/// Reads a position: partizan's edge list (`a-b:B b-c:R`), every edge with a colour, or, for a
/// text with no `-` (which every edge of an edge list has), CGSuite's graph string (`llr`: a
/// path whose edges are Left's, Left's and Right's, as CGSuite's `PartizanArcKayles("llr")`
/// reads it; `l`, `r`, `e` for Left's, Right's and either's edges, as in Hackenbush strings).
pub fn parse(text: &str) -> Result<Graph, Error> {
    if !text.contains('-') && !text.trim().is_empty() {
        return parse_cgsuite(text);
    }
    let named = graph::parse(text, "BLRG")?;
    let g = named
        .graph
        .map_labels(|l| l, |l| if l == b'L' { BLUE } else { l });
    if let Some(&(u, v, _)) = g.edges().iter().find(|e| e.2 == 0) {
        return Err(Error::input(format!(
            "edge {}-{} has no colour (write {}-{}:B, :R or :G)",
            named.names[u as usize],
            named.names[v as usize],
            named.names[u as usize],
            named.names[v as usize]
        )));
    }
    Ok(g)
}

/// CGSuite's graph string, read as Hackenbush strings are (`super::hackenbush`), its edges
/// coloured `l` Blue, `r` Red, `e` Green; the ground of a Hackenbush picture is an ordinary vertex
/// here.
fn parse_cgsuite(text: &str) -> Result<Graph, Error> {
    use super::hackenbush::{Colour, Picture};
    let picture = Picture::parse_cgsuite(text).map_err(|e| {
        Error::input(format!(
            "{text:?} is read as CGSuite's graph string (it has no '-' of an edge list a-b:B): {e}"
        ))
    })?;
    let edges: Vec<(u32, u32, u8)> = picture
        .edges()
        .iter()
        .map(|e| {
            let colour = match e.colour {
                Colour::Blue => BLUE,
                Colour::Red => RED,
                Colour::Green => GREEN,
            };
            (e.a.min(e.b), e.a.max(e.b), colour)
        })
        .collect();
    let vertices = edges.iter().map(|&(_, v, _)| v as usize + 1).max().unwrap_or(1);
    Graph::new(vec![0; vertices], edges)
}

/// The value of a position (a fresh solver).
pub fn value(g: &Graph) -> Game {
    Solver::new(PartizanArcKayles).value(g)
}

/// The shapes of `partizan table partizan_arc_kayles`.
pub const TABLE_SHAPES: [&str; 3] = ["path", "cycle", "star"];

/// The parameter of `partizan table partizan_arc_kayles`.
const TABLE_PARAMS: &[Param] = &[Param {
    name: "n",
    meaning: "path:n, cycle:n and star:n with edges alternately blue and red, for n = 1 to N (default 8, at most 16)",
}];

/// The graph `shape:n` ([`TABLE_SHAPES`]) with its edges alternately blue and red, the first
/// blue: `i-(i+1)` is the `i`-th edge along a path or cycle, a cycle's closing edge the last,
/// and `0-i` the `i`-th edge of a star.
pub fn alternating(shape: &str, n: usize) -> Result<Graph, Error> {
    let g = graph::shape(shape, n)?;
    let edges = g
        .edges()
        .iter()
        .map(|&(u, v, _)| {
            let place = if shape == "star" {
                v - 1
            } else if v == u + 1 {
                u
            } else {
                v
            };
            (u, v, if place % 2 == 0 { BLUE } else { RED })
        })
        .collect();
    Graph::new(g.labels().to_vec(), edges)
}

/// `partizan table partizan_arc_kayles n=N`: the values on [`alternating`] paths, cycles and
/// stars for `n = 1..=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut solver = Solver::new(PartizanArcKayles);
    graph::shape_table(
        "Values of Partizan Arc Kayles, edges alternately blue and red (the first blue), shape by n",
        a,
        (8, 16),
        &TABLE_SHAPES,
        |shape, n| Ok(solver.value(&alternating(shape, n)?).to_string()),
    )
}

/// The `partizan_arc_kayles` family (see the module documentation).
pub static PARTIZAN_ARC_KAYLES: TextFamily<PartizanArcKayles> =
    TextFamily::new("partizan_arc_kayles", PartizanArcKayles, parse, graph::edge_text)
        .usage(
            "partizan_arc_kayles(\"a-b:B b-c:R c-d:G\"): edges Left's (B), Right's (R) or either's (G); or CGSuite's graph string, partizan_arc_kayles(\"llr\")",
            "partizan_arc_kayles(\"a-b:B b-c:R c-d:G\")",
        )
        .called("the edge list")
        .valued(|_, g| value(g))
        .table(TABLE_PARAMS, "table partizan_arc_kayles n=6", table);
