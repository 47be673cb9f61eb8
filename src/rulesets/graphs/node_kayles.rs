//! Node Kayles on graphs.
//!
//! **Rules** (Schaefer, "On the complexity of some two-person perfect-information games",
//! *J. Comput. System Sci.* 16 (1978), where it is shown PSPACE-complete; WW ch. 4,
//! Dawson's chess). An impartial game: a move chooses a vertex of a graph and removes it with all
//! its neighbours. The player who cannot move loses.
//!
//! **Input.** `node_kayles("a-b b-c c-d")` with the edge syntax of [`crate::rulesets::graph`] (chains,
//! isolated vertices, shorthands `path:N`, `cycle:N`, `complete:N`, `star:N`, `grid:RxC`). The
//! value is the nimber of the Grundy value.
//!
//! **How values are computed.** The [`GrundySolver`] with the [`NodeKayles`] ruleset: a position
//! is the sum of its connected components (a move touches one), each stored under a canonical
//! relabelling ([`Graph::canonical`]). Without search, unless built with
//! [`NodeKayles::rules_only`]:
//! * a path of `n` vertices is a heap of `n` in Dawson's chess, the octal game 0.137 (take 1 if
//!   it is the whole heap, 2 from an end, or 3 anywhere, leaving at most two heaps), which is
//!   Dawson's Kayles 0.07 with `n + 1` tokens (WW ch. 4, "Dawson's chess"; OEIS
//!   A002187); so is every graph with all degrees at most 2, component by component;
//! * a cycle of `n` vertices: every move leaves a path of `n − 3`, so its value is
//!   `mex{G(P(n−3))}`.
//!
//! Dawson's Kayles values come from [`dawson_kayles`], which uses the proven period 34 from
//! heap 53 on (the Octal Periodicity Theorem; OEIS A002187), so a path of any length is instant.
//!
//! **Tables:** `partizan table node_kayles n=N`: the Grundy values on `path:n`, `cycle:n`,
//! `complete:n` and `star:n` for `n = 1..=N` (snapshot `snapshots/node_kayles_table_12.snap`).
//!
//! **Checked against** (tests/graph_games.rs): OEIS A002187 typed into the test, a brute-force
//! mex evaluator in the test on every graph with at most 6 vertices, the star `K(1,n)` (1 for odd
//! `n`, 2 for even `n`, by hand), and Arc Kayles on the line graph.

use crate::algebra::Game;
use crate::rulesets::family::Param;
use crate::rulesets::graph::{self, Graph};
use crate::rulesets::octal::OctalGame;
use crate::solve::{AsPartizan, GrundySolver, ImpartialRuleset, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;
use std::sync::OnceLock;

/// Dawson's Kayles values computed directly; beyond, the period takes over.
const DIRECT: usize = 256;
/// Dawson's Kayles (0.07): `G(n + 34) = G(n)` for `n >= 53`.
const PERIOD: usize = 34;
const PREPERIOD: usize = 53;

/// The Grundy value of a heap of `n` in Dawson's Kayles (octal 0.07: remove two adjacent pins
/// from a row), for any `n`.
pub fn dawson_kayles(n: usize) -> u64 {
    static VALUES: OnceLock<Vec<u32>> = OnceLock::new();
    let values = VALUES.get_or_init(|| OctalGame::dawson_kayles().grundy_sequence(DIRECT));
    let k = if n < DIRECT {
        n
    } else {
        PREPERIOD + (n - PREPERIOD) % PERIOD
    };
    u64::from(values[k])
}

/// The mex of one value.
fn mex1(g: u64) -> u64 {
    u64::from(g == 0)
}

/// The Node Kayles ruleset for the [`GrundySolver`]; positions are [`Graph`]s (labels unused).
#[derive(Clone, Copy, Debug)]
pub struct NodeKayles {
    shortcuts: bool,
}

impl Default for NodeKayles {
    fn default() -> NodeKayles {
        NodeKayles::new()
    }
}

impl NodeKayles {
    /// The ruleset with the path and cycle formulas.
    pub const fn new() -> NodeKayles {
        NodeKayles { shortcuts: true }
    }

    /// The ruleset without formulas: every position is searched (for cross-checks).
    pub fn rules_only() -> NodeKayles {
        NodeKayles { shortcuts: false }
    }
}

impl ImpartialRuleset for NodeKayles {
    type Position = Graph;

    fn options(&self, g: &Graph) -> Vec<Graph> {
        let adj = g.adjacency();
        let mut removed = vec![false; g.len()];
        (0..g.len())
            .map(|v| {
                removed.fill(false);
                removed[v] = true;
                for &(w, _) in adj.neighbours(v) {
                    removed[w as usize] = true;
                }
                g.without(&removed)
            })
            .collect()
    }

    fn components(&self, g: &Graph) -> Vec<Graph> {
        g.components()
    }

    fn normalize(&self, g: Graph) -> Graph {
        g.canonical()
    }

    fn known_grundy(&self, g: &Graph) -> Option<u64> {
        if !self.shortcuts {
            return None;
        }
        if let Some(n) = g.path_length() {
            return Some(dawson_kayles(n + 1));
        }
        g.cycle_length().map(|n| mex1(dawson_kayles(n - 3 + 1)))
    }
}

/// The Grundy value of Node Kayles on `g`.
pub fn grundy(g: &Graph) -> u64 {
    // A path or a cycle has its value in closed form: asked first, before the solver brings the
    // whole graph to its canonical labelling.
    let rules = NodeKayles::new();
    rules
        .known_grundy(g)
        .unwrap_or_else(|| GrundySolver::new(rules).grundy(g))
}

/// The parameter of `partizan table node_kayles`.
const TABLE_PARAMS: &[Param] = &[Param {
    name: "n",
    meaning:
        "the graphs path:n, cycle:n, complete:n and star:n for n = 1 to N (default 12, at most 40)",
}];

/// `partizan table node_kayles n=N`: the Grundy value of every graph `path:n`, `cycle:n`,
/// `complete:n` and `star:n` (a centre and `n` leaves) for `n = 1..=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    graph::grundy_shape_table(
        "Grundy values of Node Kayles on graphs, shape by n",
        a,
        (12, 40),
        NodeKayles::new(),
    )
}

/// The `node_kayles` family (see the module documentation).
pub static NODE_KAYLES: TextFamily<AsPartizan<NodeKayles>> =
    TextFamily::new("node_kayles", AsPartizan(NodeKayles::new()), graph::read_edges, graph::edge_text)
        .usage(
            "node_kayles(\"a-b b-c\"): Node Kayles on a graph (edges u-v, chains, or path:N, cycle:N, complete:N, star:N, grid:RxC)",
            "node_kayles(\"cycle:7\")",
        )
        .called("the edge list")
        .impartial()
        .valued(|_, g| Game::nimber(grundy(g)))
        .table(TABLE_PARAMS, "table node_kayles n=8", table);
