//! Finite simple graphs with small labels on vertices and edges: the positions of the
//! graph-placement families (Snort, Col, Node Kayles, Arc Kayles, Partizan Arc Kayles, NoGo),
//! their text syntax, their connected components, and a canonical relabelling used as the
//! transposition-table key.
//!
//! **Text syntax** (one string). Items are separated by spaces, commas, semicolons or newlines:
//! * `u-v` is an edge between the vertices named `u` and `v`; a chain `u-v-w` is the two edges
//!   `u-v` and `v-w` (so `"a-b-c-a"` is a triangle);
//! * a name alone, `v`, is a vertex (isolated unless an edge names it too);
//! * `u-v:C` gives the edge (or every edge of the chain) the colour letter `C`, for the families
//!   whose edges have colours (Partizan Arc Kayles: `B` or `L` Left's, `R` Right's, `G` both);
//! * vertex names are made of letters, digits and `_`;
//! * instead of a list, the whole string may be a shorthand: `path:N` (vertices `1..N` in a
//!   row), `cycle:N` (`N >= 3`), `complete:N`, `star:N` (centre `0`, leaves `1..N`) or
//!   `grid:RxC` (vertices `rIcJ`, row `I` and column `J` from 1, joined to their orthogonal
//!   neighbours).
//!
//! Errors name the offending item and its position (a 1-based character offset): a loop
//! (`a-a`), an edge given twice, an empty or malformed vertex name, an unknown colour letter.
//!
//! **Canonical relabelling.** [`Graph::canonical`] renumbers the vertices by individualisation
//! and refinement (the method of McKay's *nauty*: B. D. McKay and A. Piperno, "Practical graph
//! isomorphism, II", *J. Symbolic Computation* 60 (2014)): colours start from the vertex labels
//! and degrees, are refined until every vertex of a colour sees the same multiset of (edge label,
//! neighbour colour) pairs, and ties are broken by trying each vertex of the first
//! non-singleton colour in turn; the least relabelled graph over the leaves of this search is
//! the representative. Without automorphism pruning the search can grow factorially on very
//! symmetric graphs (a complete graph), so it stops after [`LEAF_BUDGET`] leaves and returns the
//! least graph seen so far: always a relabelling of the input (so a sound key: isomorphic
//! positions have equal values), canonical whenever the search finishes.
//!
//! **Files.** Here: the graph and its components; [`relabel`]: the canonical relabelling;
//! [`mod@text`]: the text syntax, read and written; [`layout`]: graphs read from grids; [`tables`]:
//! the graph families' tables over shapes.

pub mod layout;
pub mod relabel;
pub mod tables;
pub mod text;

pub use layout::{grid_graph, GridLayout};
pub use tables::{grundy_shape_table, shape, shape_table, TABLE_SHAPES};
pub use text::{
    edge_text, graph_argument, items, named_string, names_where, parse, read_edges,
    reading_order, text, write_named_call, Item, NamedGraph,
};

use crate::Error;

/// How many leaves of the individualisation search [`Graph::canonical`] visits at most.
pub const LEAF_BUDGET: usize = 48;

/// The largest number of vertices a graph may have (vertex indices are `u32`).
pub const MAX_VERTICES: usize = 1 << 20;

/// A finite simple graph: vertices `0..n` each with a label, and edges `(u, v, label)` with
/// `u < v`, sorted, no two between the same vertices. The meaning of the labels belongs to the
/// family (who may colour a vertex in Snort, the colour of a stone in NoGo, who may take an edge
/// in Partizan Arc Kayles).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    labels: Vec<u8>,
    edges: Vec<(u32, u32, u8)>,
}

/// The neighbours of every vertex, with the edge labels (compressed rows).
pub struct Adjacency {
    starts: Vec<u32>,
    targets: Vec<(u32, u8)>,
}

impl Adjacency {
    /// The neighbours of `v` and the labels of the edges to them.
    #[inline]
    pub fn neighbours(&self, v: usize) -> &[(u32, u8)] {
        &self.targets[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// The degree of `v`.
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        (self.starts[v + 1] - self.starts[v]) as usize
    }
}

impl Graph {
    /// A graph from its vertex labels and edges `(u, v, label)` in any order; `Err` for a loop,
    /// an edge to a vertex that does not exist, or two edges between the same vertices.
    pub fn new(labels: Vec<u8>, edges: Vec<(u32, u32, u8)>) -> Result<Graph, Error> {
        let n = labels.len();
        if n > MAX_VERTICES {
            return Err(
                Error::input(format!("a graph may have at most {MAX_VERTICES} vertices, not {n}")),
            );
        }
        let mut norm = Vec::with_capacity(edges.len());
        for (u, v, l) in edges {
            if u == v {
                return Err(Error::input(format!("vertex {u} has a loop (an edge to itself)")));
            }
            if u as usize >= n || v as usize >= n {
                return Err(Error::input(format!(
                    "edge {u}-{v} names a vertex that does not exist (the graph has {n})"
                )));
            }
            norm.push((u.min(v), u.max(v), l));
        }
        norm.sort_unstable();
        if let Some(w) = norm
            .windows(2)
            .find(|w| w[0].0 == w[1].0 && w[0].1 == w[1].1)
        {
            return Err(Error::input(format!("edge {}-{} is given twice", w[0].0, w[0].1)));
        }
        Ok(Graph {
            labels,
            edges: norm,
        })
    }

    /// The graph without vertices.
    pub fn empty() -> Graph {
        Graph::default()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The vertex labels.
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// The edges `(u, v, label)`, `u < v`, sorted.
    pub fn edges(&self) -> &[(u32, u32, u8)] {
        &self.edges
    }

    /// The neighbour lists.
    pub fn adjacency(&self) -> Adjacency {
        let n = self.labels.len();
        let mut starts = vec![0u32; n + 1];
        for &(u, v, _) in &self.edges {
            starts[u as usize + 1] += 1;
            starts[v as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut targets = vec![(0u32, 0u8); 2 * self.edges.len()];
        for &(u, v, l) in &self.edges {
            targets[fill[u as usize] as usize] = (v, l);
            fill[u as usize] += 1;
            targets[fill[v as usize] as usize] = (u, l);
            fill[v as usize] += 1;
        }
        Adjacency { starts, targets }
    }

    /// The subgraph induced by the vertices with `Some(label)` in `labels` (one entry per
    /// vertex), with those new labels, keeping the edges for which `keep_edge(label_u, label_v,
    /// edge_label)` holds. Vertices keep their relative order.
    pub fn induced(&self, labels: &[Option<u8>], keep_edge: impl Fn(u8, u8, u8) -> bool) -> Graph {
        debug_assert_eq!(labels.len(), self.labels.len());
        let mut index = vec![u32::MAX; labels.len()];
        let mut new_labels = Vec::with_capacity(labels.len());
        for (v, l) in labels.iter().enumerate() {
            if let Some(l) = l {
                index[v] = new_labels.len() as u32;
                new_labels.push(*l);
            }
        }
        let edges = self
            .edges
            .iter()
            .filter_map(|&(u, v, l)| {
                let (a, b) = (index[u as usize], index[v as usize]);
                (a != u32::MAX
                    && b != u32::MAX
                    && keep_edge(new_labels[a as usize], new_labels[b as usize], l))
                .then_some((a, b, l))
            })
            .collect();
        // Relabelling keeps the order of the vertices, so the edges stay sorted.
        Graph {
            labels: new_labels,
            edges,
        }
    }

    /// The graph without the vertices `removed` (one flag per vertex).
    pub fn without(&self, removed: &[bool]) -> Graph {
        let labels: Vec<Option<u8>> = self
            .labels
            .iter()
            .zip(removed)
            .map(|(&l, &r)| (!r).then_some(l))
            .collect();
        self.induced(&labels, |_, _, _| true)
    }

    /// The connected components, each with its vertices in their original order; a graph that
    /// is one component (or empty) comes back as itself (an empty graph as no component).
    pub fn components(&self) -> Vec<Graph> {
        let n = self.labels.len();
        if n == 0 {
            return Vec::new();
        }
        let adj = self.adjacency();
        let mut comp = vec![u32::MAX; n];
        let mut count = 0u32;
        let mut stack = Vec::new();
        for s in 0..n {
            if comp[s] != u32::MAX {
                continue;
            }
            comp[s] = count;
            stack.push(s);
            while let Some(v) = stack.pop() {
                for &(w, _) in adj.neighbours(v) {
                    if comp[w as usize] == u32::MAX {
                        comp[w as usize] = count;
                        stack.push(w as usize);
                    }
                }
            }
            count += 1;
        }
        if count == 1 {
            return vec![self.clone()];
        }
        let mut index = vec![0u32; n];
        let mut parts: Vec<Graph> = vec![Graph::default(); count as usize];
        for v in 0..n {
            let p = &mut parts[comp[v] as usize];
            index[v] = p.labels.len() as u32;
            p.labels.push(self.labels[v]);
        }
        for &(u, v, l) in &self.edges {
            parts[comp[u as usize] as usize]
                .edges
                .push((index[u as usize], index[v as usize], l));
        }
        parts
    }

    /// Whether the graph is connected (the empty graph is).
    pub fn is_connected(&self) -> bool {
        self.components().len() <= 1
    }

    /// The graph with every vertex label mapped through `f` (the edge labels through `g`).
    pub fn map_labels(&self, f: impl Fn(u8) -> u8, g: impl Fn(u8) -> u8) -> Graph {
        Graph {
            labels: self.labels.iter().map(|&l| f(l)).collect(),
            edges: self.edges.iter().map(|&(u, v, l)| (u, v, g(l))).collect(),
        }
    }

    /// The graph with its vertices renumbered: vertex `v` becomes `order[v]` (a permutation).
    pub fn relabel(&self, order: &[u32]) -> Graph {
        let mut labels = vec![0u8; self.labels.len()];
        for (v, &l) in self.labels.iter().enumerate() {
            labels[order[v] as usize] = l;
        }
        let mut edges: Vec<(u32, u32, u8)> = self
            .edges
            .iter()
            .map(|&(u, v, l)| {
                let (a, b) = (order[u as usize], order[v as usize]);
                (a.min(b), a.max(b), l)
            })
            .collect();
        edges.sort_unstable();
        Graph { labels, edges }
    }

    /// When the graph is a path (connected, at least one vertex, degrees at most 2, one edge
    /// fewer than vertices): its number of vertices. Labels are not looked at.
    pub fn path_length(&self) -> Option<usize> {
        let n = self.labels.len();
        if n == 0 || self.edges.len() != n - 1 {
            return None;
        }
        let adj = self.adjacency();
        ((0..n).all(|v| adj.degree(v) <= 2) && self.is_connected()).then_some(n)
    }

    /// When the graph is a cycle (connected, every degree 2, at least 3 vertices): its length.
    pub fn cycle_length(&self) -> Option<usize> {
        let n = self.labels.len();
        if n < 3 || self.edges.len() != n {
            return None;
        }
        let adj = self.adjacency();
        ((0..n).all(|v| adj.degree(v) == 2) && self.is_connected()).then_some(n)
    }

}

#[cfg(test)]
mod tests {
    use super::relabel::mix;
    use super::*;

    #[test]
    fn parse_chains_shorthands_and_errors() {
        let g = parse("a-b-c-a d", "").unwrap();
        assert_eq!(g.graph.len(), 4);
        assert_eq!(g.graph.edges().len(), 3);
        assert_eq!(g.graph.components().len(), 2);
        assert_eq!(parse("path:4", "").unwrap().graph.path_length(), Some(4));
        assert_eq!(parse("cycle:5", "").unwrap().graph.cycle_length(), Some(5));
        assert_eq!(parse("grid:2x3", "").unwrap().graph.edges().len(), 7);
        assert_eq!(parse("star:3", "").unwrap().graph.edges().len(), 3);
        assert!(parse("a-a", "").unwrap_err().to_string().contains("loop"));
        assert!(parse("a-b b-a", "")
            .unwrap_err()
            .to_string()
            .contains("already given"));
        assert!(parse("a- b", "")
            .unwrap_err()
            .to_string()
            .contains("character 1"));
        assert!(parse("a-b:Q", "BRG")
            .unwrap_err()
            .to_string()
            .contains("unknown edge colour"));
        assert!(parse("path:-3", "")
            .unwrap_err()
            .to_string()
            .contains("negative"));
        assert!(parse("cycle:2", "").is_err());
    }

    #[test]
    fn text_reads_back_to_the_same_graph() {
        for edges in [
            "a-b c-d a-d",
            "a-b b-c c-a d",
            "x y z",
            "",
            "grid:2x3",
            "star:3",
            "p-q:R q-r:B r-s:G s-p:B",
        ] {
            let named = parse(edges, "BRG").unwrap();
            let written = text(&named.graph, |v| named.names[v].clone());
            let again = parse(&written, "BRG").unwrap();
            assert_eq!(again, named, "{edges} written {written:?}");
            let numbered = text(&named.graph, |v| v.to_string());
            assert_eq!(parse(&numbered, "BRG").unwrap().graph, named.graph, "{numbered}");
        }
        assert_eq!(
            text(&parse("a-b c-d a-d", "").unwrap().graph, |v| v.to_string()),
            "0-1 2 0-3 2-3"
        );
    }

    #[test]
    fn canonical_forms_agree_on_relabellings() {
        let g = parse("a-b b-c c-d d-a a-e e-f", "").unwrap().graph;
        let c = g.canonical();
        let n = g.len() as u32;
        for shift in 0..n {
            let order: Vec<u32> = (0..n).map(|v| (v * 5 + shift) % n).collect();
            assert_eq!(g.relabel(&order).canonical(), c);
        }
    }

    #[test]
    fn canonical_forms_of_labelled_graphs_agree_on_random_permutations() {
        let mut seed = 0x1234_5678_u64;
        let mut next = move || {
            seed = mix(seed);
            seed
        };
        for _ in 0..200 {
            let n = 2 + (next() % 8) as usize;
            let labels: Vec<u8> = (0..n).map(|_| (next() % 3) as u8).collect();
            let mut edges = Vec::new();
            for u in 0..n as u32 {
                for v in u + 1..n as u32 {
                    if next() % 3 == 0 {
                        edges.push((u, v, (next() % 2) as u8));
                    }
                }
            }
            let g = Graph::new(labels, edges).unwrap();
            let c = g.canonical();
            // A random permutation (Fisher–Yates).
            let mut order: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                order.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            assert_eq!(g.relabel(&order).canonical(), c, "{g}");
        }
    }

    #[test]
    fn canonical_form_past_the_budget_is_still_a_relabelling() {
        // K8 with one labelled vertex: 7! leaves, far past the budget.
        let mut g = parse("complete:8", "").unwrap().graph;
        g.labels[3] = 1;
        let c = g.canonical();
        assert_eq!(c.edges().len(), 28);
        assert_eq!(c.labels().iter().filter(|&&l| l == 1).count(), 1);
    }
}
