//! Arc Kayles on graphs.
//!
//! **Rules** (introduced by T. J. Schaefer, "On the complexity of some two-person
//! perfect-information games", *J. Comput. System Sci.* 16 (1978); its complexity is still open:
//! K. Burke, A. Dailly and N. Oijid, "Complexity and algorithms for Arc-Kayles and
//! Non-Disconnecting Arc-Kayles", arXiv:2404.10390). An impartial game: a move chooses an edge of a
//! graph and removes both its endpoints, with every edge touching them. The player who cannot move
//! loses. Arc Kayles on a graph is Node Kayles on its line graph (an edge's move removes exactly
//! the edges sharing an endpoint with it), and Cram is Arc Kayles on the grid graph of the board.
//!
//! **Input.** `arc_kayles("a-b b-c c-d")` with the edge syntax of [`crate::rulesets::graph`] (chains,
//! shorthands `path:N`, `cycle:N`, `complete:N`, `star:N`, `grid:RxC`). The value is the nimber of
//! the Grundy value.
//!
//! **How values are computed.** The [`GrundySolver`] with the [`ArcKayles`] ruleset: vertices
//! without edges are dropped (no move uses them), a position is the sum of its connected
//! components, each stored under a canonical relabelling. Without search, unless built with
//! [`ArcKayles::rules_only`]:
//! * a path of `n` vertices: a move removes two adjacent vertices and leaves two paths, so it is
//!   a heap of `n` in Dawson's Kayles, octal 0.07 (WW ch. 4; OEIS A002187 shifted
//!   by one: a path of `n` edges is a heap of `n` in Dawson's chess 0.137). Note that it is
//!   Dawson's Kayles, not Kayles (0.77): a move never removes a single vertex;
//! * a cycle of `n` vertices: every move leaves a path of `n − 2`, so `mex{G(P(n−2))}`.
//!
//! **Tables:** `partizan table arc_kayles n=N`: the Grundy values on `path:n`, `cycle:n`,
//! `complete:n` and `star:n` for `n = 1..=N` (snapshot `snapshots/arc_kayles_table_12.snap`).
//!
//! **Checked against** (tests/graph_games.rs): OEIS A002187 typed into the test, a brute-force
//! mex evaluator in the test on every graph with at most 6 vertices, Node Kayles on the line
//! graph, and Cram on grids.

use crate::algebra::Game;
use crate::rulesets::family::Param;
use crate::rulesets::graph::{self, Graph};
use crate::rulesets::node_kayles::dawson_kayles;
use crate::solve::{AsPartizan, GrundySolver, ImpartialRuleset, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// The graph after the edge `(u, v)` is taken: without `u`, `v`, and the vertices left with no
/// edge.
pub fn take_edge(g: &Graph, u: u32, v: u32) -> Graph {
    let mut removed = vec![false; g.len()];
    removed[u as usize] = true;
    removed[v as usize] = true;
    drop_isolated(&g.without(&removed))
}

/// The graph without its vertices of degree 0.
pub fn drop_isolated(g: &Graph) -> Graph {
    let adj = g.adjacency();
    let removed: Vec<bool> = (0..g.len()).map(|v| adj.degree(v) == 0).collect();
    if removed.iter().any(|&r| r) {
        g.without(&removed)
    } else {
        g.clone()
    }
}

/// The Arc Kayles ruleset for the [`GrundySolver`]; positions are [`Graph`]s (labels unused).
#[derive(Clone, Copy, Debug)]
pub struct ArcKayles {
    shortcuts: bool,
}

impl Default for ArcKayles {
    fn default() -> ArcKayles {
        ArcKayles::new()
    }
}

impl ArcKayles {
    /// The ruleset with the path and cycle formulas.
    pub const fn new() -> ArcKayles {
        ArcKayles { shortcuts: true }
    }

    /// The ruleset without formulas: every position is searched (for cross-checks).
    pub fn rules_only() -> ArcKayles {
        ArcKayles { shortcuts: false }
    }
}

impl ImpartialRuleset for ArcKayles {
    type Position = Graph;

    fn options(&self, g: &Graph) -> Vec<Graph> {
        g.edges()
            .iter()
            .map(|&(u, v, _)| take_edge(g, u, v))
            .collect()
    }

    fn components(&self, g: &Graph) -> Vec<Graph> {
        drop_isolated(g).components()
    }

    fn normalize(&self, g: Graph) -> Graph {
        g.canonical()
    }

    fn known_grundy(&self, g: &Graph) -> Option<u64> {
        if !self.shortcuts {
            return None;
        }
        if let Some(n) = g.path_length() {
            return Some(dawson_kayles(n));
        }
        g.cycle_length()
            .map(|n| u64::from(dawson_kayles(n - 2) == 0))
    }
}

/// The Grundy value of Arc Kayles on `g`.
pub fn grundy(g: &Graph) -> u64 {
    GrundySolver::new(ArcKayles::new()).grundy(g)
}

/// The parameter of `partizan table arc_kayles`.
const TABLE_PARAMS: &[Param] = &[Param {
    name: "n",
    meaning:
        "the graphs path:n, cycle:n, complete:n and star:n for n = 1 to N (default 12, at most 24)",
}];

/// `partizan table arc_kayles n=N`: the Grundy value of every graph `path:n`, `cycle:n`,
/// `complete:n` and `star:n` (a centre and `n` leaves) for `n = 1..=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    graph::grundy_shape_table(
        "Grundy values of Arc Kayles on graphs, shape by n",
        a,
        (12, 24),
        ArcKayles::new(),
    )
}

/// The `arc_kayles` family (see the module documentation).
pub static ARC_KAYLES: TextFamily<AsPartizan<ArcKayles>> =
    TextFamily::new("arc_kayles", AsPartizan(ArcKayles::new()), graph::read_edges, graph::edge_text)
        .usage(
            "arc_kayles(\"a-b b-c\"): Arc Kayles on a graph (edges u-v, chains a-b-c, or path:N, cycle:N, complete:N, star:N, grid:RxC)",
            "arc_kayles(\"path:5\")",
        )
        .called("the edge list")
        .impartial()
        .valued(|_, g| Game::nimber(grundy(g)))
        .table(TABLE_PARAMS, "table arc_kayles n=8", table);
