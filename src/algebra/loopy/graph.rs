//! Game graphs: an arena of positions with Left and Right edge lists, and the loopy game
//! [`LoopyGame`] (a graph and a start position).

use super::error::LoopyError;
use super::pair::{outcomes, LoopyOutcome};
use super::sides::SidedValue;
use super::stopper::Stopper;
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
    /// with an edge for each move, has no cycle (a *stopper*: Siegel, CGT ch. VI; Winning Ways
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

/// A loopy game: a finite game graph and a start position.
///
/// Play moves along Left edges (Left's moves) and Right edges (Right's moves) alternately; a
/// player who cannot move loses and an infinite play is a draw. The graph is kept as given (not
/// simplified); [`LoopyGame::value`] computes its value.
///
/// ```
/// use partizan::algebra::loopy::{LoopyGame, LoopyOutcome};
/// // dud = {dud | dud}: one position, a pass for each player.
/// let dud = LoopyGame::from_edges(vec![vec![0]], vec![vec![0]], 0).unwrap();
/// assert_eq!(dud.outcome(), LoopyOutcome::D);
/// assert!(!dud.is_stopper());
/// assert_eq!(dud.value().unwrap().to_string(), "dud");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyGame {
    pub(crate) graph: Graph,
    pub(crate) start: u32,
}

impl LoopyGame {
    /// The game whose position `v` has Left options `left[v]` and Right options `right[v]`
    /// (indices of positions), starting at `start`. An edge to a position that does not exist is
    /// an error.
    pub fn from_edges(
        left: Vec<Vec<usize>>,
        right: Vec<Vec<usize>>,
        start: usize,
    ) -> Result<LoopyGame, LoopyError> {
        let n = left.len();
        if right.len() != n {
            return Err(LoopyError::MissingNode(format!(
                "{} positions have Left edges but {} have Right edges",
                n,
                right.len()
            )));
        }
        if n > MAX_GRAPH_VERTICES {
            return Err(too_large_graph());
        }
        if start >= n {
            return Err(LoopyError::MissingNode(format!(
                "the start position {start} does not exist (there are {n} positions)"
            )));
        }
        let convert = |v: usize, edges: Vec<usize>, who: &str| -> Result<Vec<u32>, LoopyError> {
            edges
                .into_iter()
                .map(|w| {
                    if w < n {
                        Ok(w as u32)
                    } else {
                        Err(LoopyError::MissingNode(format!(
                            "position {v} has a {who} edge to position {w}, which does not exist"
                        )))
                    }
                })
                .collect()
        };
        let mut graph = Graph::default();
        for (v, (l, r)) in left.into_iter().zip(right).enumerate() {
            graph.left.push(convert(v, l, "Left")?);
            graph.right.push(convert(v, r, "Right")?);
        }
        Ok(LoopyGame {
            graph,
            start: start as u32,
        })
    }

    /// The canonical form of a short game as a loopy game.
    pub fn from_game(g: Game) -> Result<LoopyGame, LoopyError> {
        let (graph, start) = Graph::from_game(g)?;
        Ok(LoopyGame { graph, start })
    }

    /// The number of positions of the graph (reachable from the start or not).
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether the graph has no positions (never true: a game has a start).
    pub fn is_empty(&self) -> bool {
        self.graph.len() == 0
    }

    /// The start position.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// The Left edges of position `v` (indices of positions).
    pub fn left_edges(&self, v: usize) -> Vec<usize> {
        self.graph.left[v].iter().map(|&w| w as usize).collect()
    }

    /// The Right edges of position `v`.
    pub fn right_edges(&self, v: usize) -> Vec<usize> {
        self.graph.right[v].iter().map(|&w| w as usize).collect()
    }

    /// The number of positions reachable from the start.
    pub fn positions(&self) -> usize {
        self.graph.reachable(self.start).len()
    }

    /// The Left options of the start position, as games on the same graph.
    pub fn left_options(&self) -> Vec<LoopyGame> {
        self.options(LEFT)
    }

    /// The Right options of the start position, as games on the same graph.
    pub fn right_options(&self) -> Vec<LoopyGame> {
        self.options(RIGHT)
    }

    fn options(&self, player: usize) -> Vec<LoopyGame> {
        self.graph
            .edges(player, self.start)
            .iter()
            .map(|&w| LoopyGame {
                graph: self.graph.clone(),
                start: w,
            })
            .collect()
    }

    /// Whether the game is a *stopper*: no position reachable from the start has an infinite
    /// alternating play (Siegel, CGT ch. VI).
    pub fn is_stopper(&self) -> bool {
        self.graph.restrict(self.start).is_alternating_cycle_free()
    }

    /// Whether no position repeats at all: the game is short.
    pub fn is_loopfree(&self) -> bool {
        self.graph.restrict(self.start).is_loopfree()
    }

    /// The outcome under normal play with infinite play a draw, by retrograde analysis of the
    /// graph: a position is a win for the player to move when some move reaches a position lost
    /// for the opponent, a loss when every move reaches a position won by the opponent (in
    /// particular when there is no move), and a draw otherwise (Winning Ways ch. 11; Siegel, CGT
    /// ch. VI).
    pub fn outcome(&self) -> LoopyOutcome {
        let g = self.graph.restrict(self.start);
        let status = outcomes(&g);
        LoopyOutcome::from_statuses(status[0], status[1])
    }

    /// The outcome of every position of the graph (by index), as [`LoopyGame::outcome`] gives
    /// it for the start.
    pub fn outcomes(&self) -> Vec<LoopyOutcome> {
        let status = outcomes(&self.graph);
        (0..self.graph.len())
            .map(|v| LoopyOutcome::from_statuses(status[2 * v], status[2 * v + 1]))
            .collect()
    }

    /// The same graph with another start position.
    pub fn at(&self, start: usize) -> Result<LoopyGame, LoopyError> {
        if start >= self.graph.len() {
            return Err(LoopyError::MissingNode(format!(
                "position {start} does not exist (there are {} positions)",
                self.graph.len()
            )));
        }
        Ok(LoopyGame {
            graph: self.graph.clone(),
            start: start as u32,
        })
    }

    /// The negative: the roles of Left and Right exchanged.
    pub fn negated(&self) -> LoopyGame {
        LoopyGame {
            graph: self.graph.negated(),
            start: self.start,
        }
    }

    /// The disjunctive sum, as an explicit graph of pairs of positions.
    pub fn sum(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        let (graph, start) = self.graph.sum(self.start, &other.graph, other.start)?;
        Ok(LoopyGame { graph, start })
    }

    /// The canonical stopper of the game, or [`LoopyError::NotStopper`] when it is not a
    /// stopper.
    pub fn stopper(&self) -> Result<Stopper, LoopyError> {
        let g = self.graph.restrict(self.start);
        if !g.is_alternating_cycle_free() {
            return Err(LoopyError::NotStopper(
                "the game is not a stopper: some play alternates forever".into(),
            ));
        }
        Stopper::from_graph(&g, 0)
    }

    /// The value: the canonical stopper when the game is a stopper, otherwise its onside and
    /// offside found by sidling ([`SidedValue`]); [`LoopyError::NotStopperSided`] when a side is
    /// not found to be a stopper.
    pub fn value(&self) -> Result<SidedValue, LoopyError> {
        SidedValue::from_graph(&self.graph, self.start)
    }
}
