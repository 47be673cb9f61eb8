//! Game graphs: an arena of positions with Left and Right edge lists, the structure every
//! algorithm of the loopy algebra works on (the loopy game of the API,
//! [`LoopyGame`](super::LoopyGame), is a graph and a start position).

use super::error::LoopyError;
use super::{MAX_GRAPH_VERTICES, MAX_PAIR_STATES};
use crate::algebra::Game;

/// A finite game graph: position `v` has Left edges `left[v]` and Right edges `right[v]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Graph {
    pub(crate) left: Vec<Vec<u32>>,
    pub(crate) right: Vec<Vec<u32>>,
}

/// The player to move in a state of a game graph.
pub(crate) const LEFT: usize = 0;
pub(crate) const RIGHT: usize = 1;

impl Graph {
    pub(crate) fn len(&self) -> usize {
        self.left.len()
    }

    /// Appends a position without edges.
    pub(crate) fn push(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// The edges of `player` (`LEFT` or `RIGHT`) from `v`.
    pub(crate) fn edges(&self, player: usize, v: u32) -> &[u32] {
        if player == LEFT {
            &self.left[v as usize]
        } else {
            &self.right[v as usize]
        }
    }

    /// The graph with every edge reversed (Left edges stay Left edges).
    pub(crate) fn reverse(&self) -> Graph {
        let n = self.len();
        let mut r = Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        };
        for v in 0..n {
            for &w in &self.left[v] {
                r.left[w as usize].push(v as u32);
            }
            for &w in &self.right[v] {
                r.right[w as usize].push(v as u32);
            }
        }
        r
    }

    /// The negative: Left and Right edges exchanged.
    pub(crate) fn negated(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The positions reachable from `start`, in breadth-first order (`start` first).
    pub(crate) fn reachable(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            i += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
        order
    }

    /// The part reachable from `start`, renumbered in breadth-first order so that `start` is 0,
    /// with repeated edges removed.
    pub(crate) fn restrict(&self, start: u32) -> Graph {
        let order = self.reachable(start);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let map = |edges: &[u32]| -> Vec<u32> {
            let mut e: Vec<u32> = edges.iter().map(|&w| index[w as usize]).collect();
            e.sort_unstable();
            e.dedup();
            e
        };
        Graph {
            left: order.iter().map(|&v| map(&self.left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| map(&self.right[v as usize]))
                .collect(),
        }
    }

    /// Whether no play alternates forever: the graph of states `(position, player to move)`,
    /// with an edge for each move, has no cycle (a *stopper*: CGT ch. VI; WW
    /// ch. 11). Kahn's algorithm on the state graph.
    pub(crate) fn is_alternating_cycle_free(&self) -> bool {
        let n = self.len();
        let mut indegree = vec![0u32; 2 * n];
        for v in 0..n {
            for &w in &self.left[v] {
                indegree[2 * w as usize + RIGHT] += 1;
            }
            for &w in &self.right[v] {
                indegree[2 * w as usize + LEFT] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| indegree[s] == 0).collect();
        let mut done = 0;
        while let Some(s) = queue.pop() {
            done += 1;
            let (v, mover) = (s / 2, s % 2);
            for &w in self.edges(mover, v as u32) {
                let t = 2 * w as usize + (1 - mover);
                indegree[t] -= 1;
                if indegree[t] == 0 {
                    queue.push(t);
                }
            }
        }
        done == 2 * n
    }

    /// Whether the graph has no cycle at all (a short game).
    pub(crate) fn is_loopfree(&self) -> bool {
        let n = self.len();
        let mut indegree = vec![0u32; n];
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                indegree[w as usize] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut done = 0;
        while let Some(v) = queue.pop() {
            done += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                indegree[w as usize] -= 1;
                if indegree[w as usize] == 0 {
                    queue.push(w as usize);
                }
            }
        }
        done == n
    }

    /// The strongly connected components of the plain graph (both players' edges), numbered so
    /// that every edge goes to a component with a number at most its own (Tarjan's order:
    /// successors first). Iterative.
    pub(crate) fn components(&self) -> Vec<u32> {
        let succ = |v: usize| self.left[v].iter().chain(&self.right[v]).copied();
        tarjan(self.len(), |v, out: &mut Vec<u32>| out.extend(succ(v)))
    }

    /// The moves that lie on an alternating cycle: `(position, player)` pairs with the index of
    /// the edge, found as edges inside one strongly connected component of the state graph.
    pub(crate) fn alternating_cycle_edges(&self) -> Vec<(u32, usize, u32)> {
        let n = self.len();
        let comp = tarjan(2 * n, |s, out: &mut Vec<u32>| {
            let (v, mover) = (s / 2, s % 2);
            out.extend(
                self.edges(mover, v as u32)
                    .iter()
                    .map(|&w| 2 * w + (1 - mover) as u32),
            );
        });
        let mut result = Vec::new();
        for v in 0..n {
            for mover in [LEFT, RIGHT] {
                let s = 2 * v + mover;
                for &w in self.edges(mover, v as u32) {
                    let t = 2 * w as usize + (1 - mover);
                    if comp[s] == comp[t] {
                        result.push((v as u32, mover, w));
                    }
                }
            }
        }
        result
    }

    /// The sum `G + H` of the games at `g` (in `self`) and `h` (in `other`): its positions are
    /// the reachable pairs, a move is a move in either component.
    pub(crate) fn sum(&self, g: u32, other: &Graph, h: u32) -> Result<(Graph, u32), LoopyError> {
        let mut index: hashbrown::HashMap<(u32, u32), u32> = hashbrown::HashMap::new();
        let mut pairs: Vec<(u32, u32)> = vec![(g, h)];
        index.insert((g, h), 0);
        let mut sum = Graph::default();
        sum.push();
        let mut i = 0;
        while i < pairs.len() {
            let (a, b) = pairs[i];
            for player in [LEFT, RIGHT] {
                let targets: Vec<(u32, u32)> = self
                    .edges(player, a)
                    .iter()
                    .map(|&a2| (a2, b))
                    .chain(other.edges(player, b).iter().map(|&b2| (a, b2)))
                    .collect();
                for t in targets {
                    let next = match index.get(&t) {
                        Some(&k) => k,
                        None => {
                            if pairs.len() >= MAX_GRAPH_VERTICES {
                                return Err(too_large_graph());
                            }
                            let k = sum.push();
                            index.insert(t, k);
                            pairs.push(t);
                            k
                        }
                    };
                    if player == LEFT {
                        sum.left[i].push(next);
                    } else {
                        sum.right[i].push(next);
                    }
                }
            }
            i += 1;
            if i % 4096 == 0 {
                crate::progress::record(4096);
                crate::interrupt::check();
            }
        }
        Ok((sum, 0))
    }

    /// The graph of a short game's canonical form: one position per distinct follower.
    pub(crate) fn from_game(g: Game) -> Result<(Graph, u32), LoopyError> {
        // A game born on day `b` has a chain of `b + 1` distinct followers (each born a day
        // earlier than the one above it), so this refuses at once what the walk would refuse
        // only after listing a million options (`-10^40`, say).
        if g.birthday() >= num_bigint::BigUint::from(MAX_GRAPH_VERTICES) {
            return Err(too_large_graph());
        }
        let mut graph = Graph::default();
        let mut index: hashbrown::HashMap<Game, u32> = hashbrown::HashMap::new();
        let root = graph.push();
        index.insert(g, root);
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            let v = index[&h] as usize;
            for (player, options) in [(LEFT, h.left_options()), (RIGHT, h.right_options())] {
                for &o in options {
                    let w = match index.get(&o) {
                        Some(&w) => w,
                        None => {
                            if graph.len() >= MAX_GRAPH_VERTICES {
                                return Err(too_large_graph());
                            }
                            if graph.len() % 1024 == 0 {
                                // An interruption point every 1024 positions: an integer's
                                // chain may have millions.
                                crate::interrupt::check();
                            }
                            let w = graph.push();
                            index.insert(o, w);
                            stack.push(o);
                            w
                        }
                    };
                    if player == LEFT {
                        graph.left[v].push(w);
                    } else {
                        graph.right[v].push(w);
                    }
                }
            }
        }
        Ok((graph, root))
    }

    /// Appends a copy of `other` and returns the offset of its positions in `self`.
    pub(crate) fn append(&mut self, other: &Graph) -> u32 {
        let offset = self.len() as u32;
        for v in 0..other.len() {
            self.left
                .push(other.left[v].iter().map(|&w| w + offset).collect());
            self.right
                .push(other.right[v].iter().map(|&w| w + offset).collect());
        }
        offset
    }
}

/// The error for a graph beyond [`MAX_GRAPH_VERTICES`].
pub(crate) fn too_large_graph() -> LoopyError {
    LoopyError::TooLarge(format!(
        "the game graph would have more than {MAX_GRAPH_VERTICES} positions"
    ))
}

/// The error for a comparison of two graphs beyond [`MAX_PAIR_STATES`] pairs of positions.
pub(crate) fn check_pairs(a: usize, b: usize) -> Result<(), LoopyError> {
    if a.saturating_mul(b) > MAX_PAIR_STATES {
        return Err(LoopyError::TooLarge(format!(
            "comparing games of {a} and {b} positions needs more than {MAX_PAIR_STATES} pairs of positions"
        )));
    }
    Ok(())
}

/// Tarjan's strongly connected components, iteratively: `succ(v, out)` appends the successors
/// of `v`. Components are numbered in the order they are completed (successors first).
pub(crate) fn tarjan(n: usize, mut succ: impl FnMut(usize, &mut Vec<u32>)) -> Vec<u32> {
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut next_index = 0u32;
    let mut next_comp = 0u32;
    // Frames: (vertex, its successors, next successor to visit).
    let mut frames: Vec<(u32, Vec<u32>, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut out = Vec::new();
        succ(root, &mut out);
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        frames.push((root as u32, out, 0));
        while let Some((v, succs, i)) = frames.last_mut() {
            let v = *v as usize;
            if *i < succs.len() {
                let w = succs[*i] as usize;
                *i += 1;
                if index[w] == NONE {
                    let mut out = Vec::new();
                    succ(w, &mut out);
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    frames.push((w as u32, out, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                frames.pop();
                if let Some((parent, _, _)) = frames.last() {
                    let p = *parent as usize;
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp[w as usize] = next_comp;
                        if w as usize == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }
    comp
}
