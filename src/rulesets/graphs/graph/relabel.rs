//! The canonical relabelling of a graph by individualisation and refinement (see the module
//! documentation of [`super`]).

use super::{Adjacency, Graph, LEAF_BUDGET};

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
pub(super) fn mix(x: u64) -> u64 {
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


impl Graph {
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
