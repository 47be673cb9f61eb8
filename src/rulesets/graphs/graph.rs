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

use crate::rulesets::{Arg, NamedArg};
use crate::Error;
use std::collections::HashMap;
use std::fmt;

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

    /// A canonical relabelling (see the module documentation): isomorphic graphs (respecting
    /// labels) give the same graph whenever the search stays within [`LEAF_BUDGET`] leaves, and
    /// the result is always isomorphic to `self`.
    pub fn canonical(&self) -> Graph {
        let n = self.labels.len();
        if n <= 1 {
            return self.clone();
        }
        let adj = self.adjacency();
        let initial: Vec<u64> = (0..n)
            .map(|v| (u64::from(self.labels[v]) << 32) | adj.degree(v) as u64)
            .collect();
        let mut colour = ranks(&initial);
        let mut search = Search {
            graph: self,
            adj: &adj,
            best: None,
            leaves: 0,
        };
        search.refine(&mut colour);
        search.descend(colour);
        search.best.expect("the search reaches a leaf")
    }
}

/// The rank of each key among the distinct keys (dense, order-preserving).
fn ranks(keys: &[u64]) -> Vec<u32> {
    let mut sorted: Vec<u64> = keys.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    keys.iter()
        .map(|k| sorted.binary_search(k).expect("present") as u32)
        .collect()
}

/// splitmix64's step: a well-mixed 64-bit hash of `x`.
#[inline]
fn mix(x: u64) -> u64 {
    crate::solve::outcome::spread(x.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// The state of one canonical-labelling search.
struct Search<'a> {
    graph: &'a Graph,
    adj: &'a Adjacency,
    best: Option<Graph>,
    leaves: usize,
}

impl Search<'_> {
    /// Refines `colour` (dense ranks) until it is equitable: the new colour of a vertex is the
    /// rank of (old colour, a hash of the multiset of (neighbour colour, edge label) pairs).
    /// The multiset is hashed by adding a mixed hash of each pair (order-independent, so no
    /// sorting); a collision only merges colours, which keeps the partition an invariant of the
    /// labelled graph (so the canonical form stays sound), at worst with a larger search.
    /// Returns the number of colours.
    fn refine(&mut self, colour: &mut [u32]) -> usize {
        let n = colour.len();
        let mut cells = colour.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut keys: Vec<(u32, u64, u32)> = Vec::with_capacity(n);
        loop {
            if cells == n {
                return cells;
            }
            keys.clear();
            for v in 0..n {
                let h = self.adj.neighbours(v).iter().fold(0u64, |h, &(w, l)| {
                    h.wrapping_add(mix((u64::from(colour[w as usize]) << 8) | u64::from(l)))
                });
                keys.push((colour[v], h, v as u32));
            }
            keys.sort_unstable();
            let mut rank = 0u32;
            for i in 0..n {
                if i > 0 && (keys[i].0, keys[i].1) != (keys[i - 1].0, keys[i - 1].1) {
                    rank += 1;
                }
                colour[keys[i].2 as usize] = rank;
            }
            let new_cells = rank as usize + 1;
            if new_cells == cells {
                return cells;
            }
            cells = new_cells;
        }
    }

    /// Individualises each vertex of the first non-singleton colour in turn, refines, and
    /// recurses; at a leaf (all colours distinct) keeps the least relabelled graph.
    fn descend(&mut self, colour: Vec<u32>) {
        if self.leaves >= LEAF_BUDGET && self.best.is_some() {
            return;
        }
        let n = colour.len();
        let mut size = vec![0u32; n];
        for &c in &colour {
            size[c as usize] += 1;
        }
        let Some(target) = (0..n).find(|&c| size[c] > 1) else {
            self.leaves += 1;
            let g = self.graph.relabel(&colour);
            if self.best.as_ref().is_none_or(|b| g < *b) {
                self.best = Some(g);
            }
            return;
        };
        let members: Vec<usize> = (0..n).filter(|&v| colour[v] as usize == target).collect();
        for v in members {
            if self.leaves >= LEAF_BUDGET && self.best.is_some() {
                return;
            }
            // Vertex v keeps the colour of its cell; the rest of the cell and every later colour
            // move up by one (the colours stay dense ranks).
            let mut next: Vec<u32> = colour
                .iter()
                .map(|&c| if c as usize >= target { c + 1 } else { c })
                .collect();
            next[v] = target as u32;
            self.refine(&mut next);
            self.descend(next);
        }
    }
}

/// A graph read from text, with the names of its vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedGraph {
    /// The graph; every vertex label is 0 and every edge label is the colour letter given
    /// (upper case) or 0.
    pub graph: Graph,
    /// The vertex names, by index.
    pub names: Vec<String>,
}

impl NamedGraph {
    /// The index of the vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Reads a list of vertex names separated by spaces or commas (`"a b, c"`), for the
    /// argument `what`; an error names a vertex that is not in the graph.
    pub fn vertex_list(&self, text: &str, what: &str) -> Result<Vec<usize>, Error> {
        items(text)
            .map(|(pos, item)| {
                self.vertex(item).ok_or_else(|| {
                    Error::input(format!(
                        "{what}: {item:?} (at character {pos}) is not a vertex of the graph"
                    ))
                })
            })
            .collect()
    }
}

/// The items of a list separated by spaces, commas, semicolons or newlines, with their 1-based
/// character offsets.
pub fn items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split([' ', ',', ';', '\n', '\t', '\r'])
        .map(move |item| {
            let at = offset;
            offset += item.chars().count() + 1;
            (at + 1, item)
        })
        .filter(|(_, item)| !item.is_empty())
}

/// The string value of the named argument `name` of a call, if given (`allowed` lists every
/// named argument the call accepts).
pub fn named_string<'a>(
    named: &'a [NamedArg],
    name: &str,
    allowed: &[&str],
) -> Result<Option<&'a str>, Error> {
    match crate::rulesets::args::named(named, name, allowed)? {
        None => Ok(None),
        Some(Arg::Str(s)) => Ok(Some(s)),
        Some(Arg::Game(g)) => {
            Err(Error::input(format!("{name} must be a string in double quotes, not {g}")))
        }
    }
}

/// The single positional string argument of a graph call, named `what` in errors.
pub fn graph_argument<'a>(positional: &'a [Arg], what: &str) -> Result<&'a str, Error> {
    if positional.len() != 1 {
        return Err(Error::input(format!(
            "expected one positional argument, {what}, found {}",
            positional.len()
        )));
    }
    crate::rulesets::args::string(positional, 0, what)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Parses the text syntax of the module documentation. `colours` lists the allowed edge colour
/// letters (upper case; empty when edges have no colours).
pub fn parse(text: &str, colours: &str) -> Result<NamedGraph, Error> {
    let trimmed = text.trim();
    if let Some((kind, size)) = trimmed.split_once(':') {
        if !kind.contains(['-', ' ', ',', ';']) {
            return shorthand(kind.trim(), size.trim());
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut edges: Vec<(u32, u32, u8)> = Vec::new();
    let mut seen: HashMap<(u32, u32), usize> = HashMap::new();
    for (pos, item) in items(text) {
        let (chain, colour) = match item.split_once(':') {
            Some((chain, c)) => {
                let letter = c.to_ascii_uppercase();
                if colours.is_empty() {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: edges of this game have no colours (remove ':{c}')"
                    )));
                }
                if letter.chars().count() != 1 || !colours.contains(letter.as_str()) {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: unknown edge colour {c:?} (use one of {})",
                        colours.chars().map(String::from).collect::<Vec<_>>().join(", ")
                    )));
                }
                (chain, letter.as_bytes()[0])
            }
            None => (item, 0),
        };
        let mut previous: Option<u32> = None;
        let parts: Vec<&str> = chain.split('-').collect();
        if parts.len() == 1 && colour != 0 {
            return Err(Error::input(format!(
                "item {item:?} at character {pos}: a colour belongs to an edge u-v, not to a vertex"
            )));
        }
        for part in parts {
            if !valid_name(part) {
                return Err(Error::input(if part.is_empty() {
                    format!("item {item:?} at character {pos}: an edge needs a vertex name on each side of '-'")
                } else {
                    format!("item {item:?} at character {pos}: {part:?} is not a vertex name (letters, digits and _)")
                }));
            }
            let v = match index.get(part) {
                Some(&v) => v,
                None => {
                    if names.len() >= MAX_VERTICES {
                        return Err(
                            Error::input(format!("a graph may have at most {MAX_VERTICES} vertices"))
                        );
                    }
                    let v = names.len() as u32;
                    names.push(part.to_string());
                    index.insert(part.to_string(), v);
                    v
                }
            };
            if let Some(u) = previous {
                if u == v {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: the edge {part}-{part} is a loop (a vertex cannot be joined to itself)"
                    )));
                }
                let key = (u.min(v), u.max(v));
                if let Some(first) = seen.insert(key, pos) {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: the edge {}-{} was already given at character {first}",
                        names[u as usize], names[v as usize]
                    )));
                }
                edges.push((u, v, colour));
            }
            previous = Some(v);
        }
    }
    let graph = Graph::new(vec![0; names.len()], edges)?;
    Ok(NamedGraph { graph, names })
}

/// `path:N`, `cycle:N`, `complete:N`, `star:N`, `grid:RxC`.
fn shorthand(kind: &str, size: &str) -> Result<NamedGraph, Error> {
    let number = |s: &str| -> Result<usize, Error> {
        let s = s.trim();
        if s.starts_with('-') {
            return Err(Error::input(format!("{kind}:{size}: a size must not be negative")));
        }
        s.parse::<usize>().map_err(|_| {
            Error::input(format!(
                "{kind}:{size}: {s:?} is not a size (a whole number)"
            ))
        })
    };
    let limit = |n: usize| -> Result<usize, Error> {
        if n > MAX_VERTICES {
            Err(Error::input(format!("{kind}:{size}: a graph may have at most {MAX_VERTICES} vertices")))
        } else {
            Ok(n)
        }
    };
    let numbered = |n: usize, from: usize| -> Vec<String> {
        (from..from + n).map(|i| i.to_string()).collect()
    };
    let (names, edges): (Vec<String>, Vec<(u32, u32, u8)>) = match kind {
        "path" => {
            let n = limit(number(size)?)?;
            let e = (1..n).map(|i| (i as u32 - 1, i as u32, 0)).collect();
            (numbered(n, 1), e)
        }
        "cycle" => {
            let n = limit(number(size)?)?;
            if n < 3 {
                return Err(Error::input(format!(
                    "cycle:{size}: a cycle needs at least 3 vertices (a simple graph has no loops or double edges)"
                )));
            }
            let mut e: Vec<(u32, u32, u8)> = (1..n).map(|i| (i as u32 - 1, i as u32, 0)).collect();
            e.push((0, n as u32 - 1, 0));
            (numbered(n, 1), e)
        }
        "complete" => {
            let n = limit(number(size)?)?;
            if n > 4096 {
                return Err(Error::input(format!("complete:{size}: too many edges")));
            }
            let mut e = Vec::new();
            for i in 0..n as u32 {
                for j in i + 1..n as u32 {
                    e.push((i, j, 0));
                }
            }
            (numbered(n, 1), e)
        }
        "star" => {
            let n = limit(number(size)?.saturating_add(1))?;
            let e = (1..n as u32).map(|i| (0, i, 0)).collect();
            (numbered(n, 0), e)
        }
        "grid" => {
            let (r, c) = size
                .split_once(['x', 'X', '×'])
                .ok_or_else(|| Error::input(format!("grid:{size}: expected grid:RxC, rows x columns")))?;
            let (r, c) = (number(r)?, number(c)?);
            let n = limit(r.saturating_mul(c))?;
            let mut names = Vec::with_capacity(n);
            let mut e = Vec::new();
            for i in 0..r {
                for j in 0..c {
                    names.push(format!("r{}c{}", i + 1, j + 1));
                    let k = (i * c + j) as u32;
                    if j + 1 < c {
                        e.push((k, k + 1, 0));
                    }
                    if i + 1 < r {
                        e.push((k, k + c as u32, 0));
                    }
                }
            }
            (names, e)
        }
        _ => {
            return Err(Error::input(format!(
                "unknown graph shorthand {kind:?} (use path:N, cycle:N, complete:N, star:N or grid:RxC, or an edge list such as \"a-b b-c\")"
            )))
        }
    };
    let graph = Graph::new(vec![0; names.len()], edges)?;
    Ok(NamedGraph { graph, names })
}

/// A grid of cells read by [`crate::rulesets::text::grid`], as a graph: one vertex per cell for which
/// `vertex` holds (row-major order), joined to its orthogonal neighbours; also the vertex of
/// each cell (`None` for the others).
pub fn grid_graph<T>(
    rows: usize,
    cols: usize,
    cells: &[T],
    vertex: impl Fn(&T) -> bool,
) -> (Graph, Vec<Option<u32>>) {
    let mut index = vec![None; cells.len()];
    let mut n = 0u32;
    for (k, c) in cells.iter().enumerate() {
        if vertex(c) {
            index[k] = Some(n);
            n += 1;
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let k = r * cols + c;
            let Some(a) = index[k] else { continue };
            if c + 1 < cols {
                if let Some(b) = index[k + 1] {
                    edges.push((a, b, 0));
                }
            }
            if r + 1 < rows {
                if let Some(b) = index[k + cols] {
                    edges.push((a, b, 0));
                }
            }
        }
    }
    edges.sort_unstable();
    (
        Graph {
            labels: vec![0; n as usize],
            edges,
        },
        index,
    )
}

/// Where the vertices of a graph read from a grid ([`grid_graph`]) lie: the grid's size and the
/// vertex of each cell, row-major (`None` for a cell that is not a vertex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridLayout {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The vertex of each cell.
    pub vertex: Vec<Option<u32>>,
}

impl GridLayout {
    /// The grid in the syntax of [`crate::rulesets::text::grid`]: `#` for a cell that is not a
    /// vertex, `square(v)` for the cell of vertex `v`.
    pub fn text(&self, square: impl Fn(usize) -> char) -> String {
        crate::rulesets::text::board(self.rows, self.cols, |r, c| {
            self.vertex[r * self.cols + c].map_or('#', |v| square(v as usize))
        })
    }
}

/// The names of the vertices `v` for which `pick(v)` holds, separated by commas: a vertex list
/// as [`NamedGraph::vertex_list`] reads it.
pub fn names_where(names: &[String], pick: impl Fn(usize) -> bool) -> String {
    let picked: Vec<&str> = (0..names.len())
        .filter(|&v| pick(v))
        .map(|v| names[v].as_str())
        .collect();
    picked.join(",")
}

/// Writes `name("a-b b-c",arg="…")`: the graph with its vertex names ([`text`]), then each named
/// argument whose value is not empty.
pub fn write_named_call(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    g: &Graph,
    names: &[String],
    args: &[(&str, String)],
) -> fmt::Result {
    write!(f, "{name}(\"{}\"", text(g, |v| names[v].clone()))?;
    for (arg, value) in args {
        if !value.is_empty() {
            write!(f, ",{arg}=\"{value}\"")?;
        }
    }
    f.write_str(")")
}

/// A graph read from an edge list without labels (`a-b b-c`, `path:5`), as Arc Kayles and
/// Node Kayles read theirs.
pub fn read_edges(text: &str) -> Result<Graph, Error> {
    Ok(parse(text, "")?.graph)
}

impl fmt::Display for Graph {
    /// The edge-list syntax with vertices numbered from 0 (`0-1 1-2`), isolated vertices alone,
    /// and each vertex label other than 0 after a slash (`0/1-1/2`), each edge label as a colour
    /// letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertex = |v: u32| -> String {
            match self.labels[v as usize] {
                0 => v.to_string(),
                l => format!("{v}/{l}"),
            }
        };
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            Ok(())
        };
        let mut touched = vec![false; self.labels.len()];
        for &(u, v, l) in &self.edges {
            touched[u as usize] = true;
            touched[v as usize] = true;
            sep(f)?;
            write!(f, "{}-{}", vertex(u), vertex(v))?;
            if l != 0 {
                write!(f, ":{}", l as char)?;
            }
        }
        for (v, &t) in touched.iter().enumerate() {
            if !t {
                sep(f)?;
                f.write_str(&vertex(v as u32))?;
            }
        }
        Ok(())
    }
}

/// An item of a graph's text: a vertex alone, or an edge (by its index in a list of edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// The vertex with this number.
    Vertex(usize),
    /// The edge with this index.
    Edge(usize),
}

/// The items of a graph on the vertices `0..n` with the edges `ends` (each written with its
/// first vertex first), in an order in which the vertices first appear as `0, 1, 2, …`, so that a
/// reader that numbers vertices by their first appearance ([`parse`], the token graphs of
/// [`crate::rulesets::dag`]) gives them back their numbers: for each vertex in turn, its edges to
/// earlier vertices, or the vertex alone when it has none (unless its only appearance comes
/// first in the next vertex's edge to it, which is then that vertex's only edge).
pub fn reading_order(n: usize, ends: &[(u32, u32)]) -> Vec<Item> {
    let mut earlier: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for (i, &(a, b)) in ends.iter().enumerate() {
        earlier[a.max(b) as usize].push((a.min(b), i));
    }
    for e in &mut earlier {
        e.sort_unstable();
    }
    let mut out = Vec::with_capacity(n + ends.len());
    for v in 0..n {
        if earlier[v].is_empty() {
            let introduced_next = earlier.get(v + 1).and_then(|e| e.first()).is_some_and(|&(w, i)| {
                w as usize == v && ends[i].0 as usize == v
            });
            if !introduced_next {
                out.push(Item::Vertex(v));
            }
        }
        out.extend(earlier[v].iter().map(|&(_, i)| Item::Edge(i)));
    }
    out
}

/// The graph in the text syntax of the module documentation, vertex `v` named `name(v)` and each
/// edge with a label other than 0 coloured by that letter (`u-v:R`), in the [`reading_order`]
/// that [`parse`] reads back to the same graph with the same vertex numbers.
pub fn text(g: &Graph, name: impl Fn(usize) -> String) -> String {
    let ends: Vec<(u32, u32)> = g.edges.iter().map(|&(u, v, _)| (u, v)).collect();
    let items: Vec<String> = reading_order(g.len(), &ends)
        .into_iter()
        .map(|item| match item {
            Item::Vertex(v) => name(v),
            Item::Edge(i) => {
                let (u, v, l) = g.edges[i];
                let colour = if l == 0 {
                    String::new()
                } else {
                    format!(":{}", l as char)
                };
                format!("{}-{}{colour}", name(u as usize), name(v as usize))
            }
        })
        .collect();
    items.join(" ")
}

/// The edge list of `g` as the graph families write it: its vertices numbered from 0 in their
/// order in `g`, in the [`reading_order`] that reads back to the same graph (`0-1 1-2`).
pub fn edge_text(g: &Graph) -> String {
    text(g, |v| v.to_string())
}

/// The table of Grundy values of an impartial ruleset on graphs over [`TABLE_SHAPES`] (see
/// [`shape_table`]), as Node Kayles and Arc Kayles have.
pub fn grundy_shape_table<R: crate::solve::ImpartialRuleset<Position = Graph>>(
    caption: &str,
    a: &crate::solve::TableParams,
    bounds: (usize, usize),
    ruleset: R,
) -> Result<crate::solve::Table, Error> {
    let mut solver = crate::solve::GrundySolver::new(ruleset);
    shape_table(caption, a, bounds, &TABLE_SHAPES, |shape, n| {
        Ok(solver.grundy(&self::shape(shape, n)?).to_string())
    })
}

/// The graph shapes of the graph families' tables, one row each: `path:n`, `cycle:n`,
/// `complete:n` and `star:n` (the shorthands of the module documentation).
pub const TABLE_SHAPES: [&str; 4] = ["path", "cycle", "complete", "star"];

/// A graph family's table over `shapes` (such as [`TABLE_SHAPES`]): row `shape`, column
/// `n = 1..=N` with `N` the table parameter `n` (default `default`, at most `max`), cell
/// `cell(shape, n)`; the family evaluates the graph `shape:n` as its own input would, so a cell
/// is what `family("shape:n")` prints. A cycle needs 3 vertices: `cycle:1` and `cycle:2` are `-`.
pub fn shape_table(
    caption: &str,
    a: &crate::solve::TableParams,
    (default, max): (usize, usize),
    shapes: &[&str],
    mut cell: impl FnMut(&str, usize) -> Result<String, Error>,
) -> Result<crate::solve::Table, Error> {
    let n = crate::rulesets::family::bounded(a, "n", default, (1, max))?;
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(shapes.len(), |i| {
        let shape = shapes[i];
        (1..=n)
            .map(|k| match (shape, k) {
                ("cycle", 1 | 2) => Ok("-".to_string()),
                _ => cell(shape, k),
            })
            .collect::<Result<Vec<String>, Error>>()
    });
    let cells = cells.into_iter().collect::<Result<Vec<_>, Error>>()?;
    Ok(crate::solve::Table {
        caption: caption.to_string(),
        column_label: "size".to_string(),
        row_label: "graph".to_string(),
        columns: (1..=n).map(|k| k.to_string()).collect(),
        rows: shapes[..cells.len()].iter().map(|s| s.to_string()).collect(),
        cells,
        interrupted,
    })
}

/// The graph `shape:n` of [`shape_table`], uncoloured.
pub fn shape(shape: &str, n: usize) -> Result<Graph, Error> {
    Ok(parse(&format!("{shape}:{n}"), "")?.graph)
}

#[cfg(test)]
mod tests {
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
