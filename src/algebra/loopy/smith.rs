//! Smith's generalised Sprague–Grundy values of impartial loopy games.
//!
//! **Definition** (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966);
//! WW ch. 11; Fraenkel and Yesha, "The generalized Sprague–Grundy function and its
//! invariance under certain mappings", J. Combin. Theory A 43 (1986)). On a finite impartial game
//! graph, the generalised Sprague–Grundy function `γ` gives each position either a finite value
//! `m` or `∞_K`, where `K` is the set of finite values of its options. `γ(u) = m` exactly when
//! no option has value `m`, every `j < m` is the value of some option, and every option with an
//! infinite value has itself an option of value `m` (so a move there can be reversed). The
//! position is a second-player win when `γ = 0`, a first-player win when `γ` is finite and not 0
//! or `γ = ∞_K` with `0 ∈ K`, and a draw when `γ = ∞_K` with `0 ∉ K`.
//!
//! **Algorithm** (Fraenkel–Yesha's labelling): for `m = 0, 1, 2, …`, label `m` every unlabelled
//! position that has no option labelled `m` and whose unlabelled options all have an option
//! labelled `m`, until no more can be labelled; then every unlabelled position with no option
//! labelled `m` is `∞`. Each stage is a worklist pass over the graph.
//!
//! **Sums.** `γ(G + H) = γ(G) ⊕ γ(H)` when both are finite, `∞_{K ⊕ a}` when `γ(G) = a` and
//! `γ(H) = ∞_K`, and an infinite value (a draw or a first-player win) when both are infinite,
//! whose subscript the values alone do not determine ([`LoopyNimValue::sum`]).
//!
//! ```
//! use partizan::algebra::loopy::smith::{generalized_grundy, LoopyNimValue};
//! // A cycle 0 → 1 → 2 → 0 with an exit 2 → 3 (a terminal position).
//! let options = vec![vec![1], vec![2], vec![0, 3], vec![]];
//! let g = generalized_grundy(&options).unwrap();
//! assert_eq!(g[3], LoopyNimValue::Finite(0));
//! assert_eq!(g[2], LoopyNimValue::Finite(2)); // mex of γ(0) = 1 and γ(3) = 0
//! assert_eq!(g[1], LoopyNimValue::Finite(0)); // its one move, to 2, is answered by 2 → 3
//! assert_eq!(g[0], LoopyNimValue::Finite(1));
//! ```

use super::error::LoopyError;
use super::game::LoopyGame;
use super::pair::LoopyOutcome;
use super::MAX_GRAPH_VERTICES;
use hashbrown::HashMap;
use std::fmt;

/// A generalised Sprague–Grundy value: a nim-value, or `∞` with the finite values of the
/// options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyNimValue {
    /// Equivalent to the nimber `*n`.
    Finite(u64),
    /// `∞_K`, with `K` (sorted) the finite values of the options.
    Infinite(Vec<u64>),
}

impl LoopyNimValue {
    /// The outcome: `P` for 0, `N` for other finite values and for `∞_K` with `0 ∈ K`, `D`
    /// otherwise.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyNimValue::Finite(0) => LoopyOutcome::P,
            LoopyNimValue::Finite(_) => LoopyOutcome::N,
            LoopyNimValue::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
            LoopyNimValue::Infinite(_) => LoopyOutcome::D,
        }
    }

    /// The value of a sum when the values determine it: `None` when both are infinite.
    pub fn sum(&self, other: &LoopyNimValue) -> Option<LoopyNimValue> {
        match (self, other) {
            (LoopyNimValue::Finite(a), LoopyNimValue::Finite(b)) => {
                Some(LoopyNimValue::Finite(a ^ b))
            }
            (LoopyNimValue::Finite(a), LoopyNimValue::Infinite(k))
            | (LoopyNimValue::Infinite(k), LoopyNimValue::Finite(a)) => {
                let mut k: Vec<u64> = k.iter().map(|x| x ^ a).collect();
                k.sort_unstable();
                Some(LoopyNimValue::Infinite(k))
            }
            _ => None,
        }
    }

    /// Whether the value is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyNimValue::Finite(_))
    }
}

impl fmt::Display for LoopyNimValue {
    /// `3`, `inf`, `inf_{0,2}`; `{:#}` writes `∞` for `inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNimValue::Finite(n) => write!(f, "{n}"),
            LoopyNimValue::Infinite(k) => {
                f.write_str(if f.alternate() { "∞" } else { "inf" })?;
                if !k.is_empty() {
                    let list: Vec<String> = k.iter().map(|x| x.to_string()).collect();
                    write!(f, "_{{{}}}", list.join(","))?;
                }
                Ok(())
            }
        }
    }
}

/// The generalised Sprague–Grundy value of every position of the impartial game graph whose
/// position `v` has options `options[v]` (see the module documentation).
pub fn generalized_grundy(options: &[Vec<u32>]) -> Result<Vec<LoopyNimValue>, LoopyError> {
    let n = options.len();
    if n > MAX_GRAPH_VERTICES {
        return Err(super::graph::too_large_graph());
    }
    for (v, opts) in options.iter().enumerate() {
        if let Some(&w) = opts.iter().find(|&&w| w as usize >= n) {
            return Err(LoopyError::MissingNode(format!(
                "position {v} has an option {w}, which does not exist (there are {n} positions)"
            )));
        }
    }
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, opts) in options.iter().enumerate() {
        for &w in opts {
            preds[w as usize].push(v as u32);
        }
    }
    const ACTIVE: u64 = u64::MAX;
    const INFINITE: u64 = u64::MAX - 1;
    let mut value = vec![ACTIVE; n];
    let mut active: Vec<u32> = (0..n as u32).collect();
    let mut m: u64 = 0;
    // has_m[v]: some option of v is labelled m (in the current stage).
    let mut has_m = vec![false; n];
    while !active.is_empty() {
        for h in has_m.iter_mut() {
            *h = false;
        }
        // A position can be labelled m when it has no option labelled m and each of its
        // options still unlabelled or infinite has an option labelled m.
        let can_label = |u: usize, value: &[u64], has_m: &[bool]| {
            !has_m[u]
                && options[u].iter().all(|&w| {
                    let w = w as usize;
                    value[w] < m || has_m[w]
                })
        };
        let mut queue: Vec<u32> = active.clone();
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if value[u] != ACTIVE || !can_label(u, &value, &has_m) {
                continue;
            }
            value[u] = m;
            for &p in &preds[u] {
                let p = p as usize;
                if !has_m[p] {
                    has_m[p] = true;
                    // p's predecessors may now be labelled (p is answered by a move to m).
                    queue.extend(preds[p].iter().copied());
                }
            }
        }
        let mut next = Vec::new();
        for &u in &active {
            let u = u as usize;
            if value[u] != ACTIVE {
                continue;
            }
            if has_m[u] {
                next.push(u as u32);
            } else {
                value[u] = INFINITE;
            }
        }
        crate::progress::record(active.len() as u64);
        active = next;
        m += 1;
    }
    Ok((0..n)
        .map(|v| {
            if value[v] == INFINITE {
                let mut k: Vec<u64> = options[v]
                    .iter()
                    .map(|&w| value[w as usize])
                    .filter(|&x| x < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyNimValue::Infinite(k)
            } else {
                LoopyNimValue::Finite(value[v])
            }
        })
        .collect())
}

impl LoopyGame {
    /// Smith's generalised Sprague–Grundy value of an impartial loopy game (see the module
    /// documentation of [`smith`](super::smith)).
    ///
    /// The game is impartial when, at every position reachable from the start, Left's and
    /// Right's options are the same games. Equal games may be different positions of the graph
    /// (`a{0,a|0,a}` writes `0` twice), so the positions are first merged by *bisimulation*: two
    /// positions are merged when their Left options and their Right options fall into the same
    /// sets of merged positions, the coarsest such partition (found by refining the partition of
    /// all positions until it is stable). Merged positions have the same game tree, hence the
    /// same value; on the merged graph the game is impartial exactly when each position's Left
    /// and Right options coincide. [`LoopyError::NotImpartial`] otherwise.
    ///
    /// ```
    /// use partizan::algebra::loopy::{smith::LoopyNimValue, LoopyGame};
    /// // a{0,a|0,a}, a position with a move to 0 and a pass: ∞ with 0 among the option values
    /// // (a first-player win: move to 0).
    /// let (left, right) = (vec![vec![1, 0], vec![]], vec![vec![1, 0], vec![]]);
    /// let g = LoopyGame::from_edges(left, right, 0).unwrap();
    /// assert_eq!(g.smith_value().unwrap(), LoopyNimValue::Infinite(vec![0]));
    /// ```
    pub fn smith_value(&self) -> Result<LoopyNimValue, LoopyError> {
        let g = self.graph.restrict(self.start);
        let n = g.len();
        let sorted_classes = |edges: &[u32], class: &[u32]| {
            let mut c: Vec<u32> = edges.iter().map(|&w| class[w as usize]).collect();
            c.sort_unstable();
            c.dedup();
            c
        };
        let mut class = vec![0u32; n];
        let mut count = 1usize;
        loop {
            let mut ids: HashMap<(u32, Vec<u32>, Vec<u32>), u32> = HashMap::new();
            let next: Vec<u32> = (0..n)
                .map(|v| {
                    let key = (
                        class[v],
                        sorted_classes(&g.left[v], &class),
                        sorted_classes(&g.right[v], &class),
                    );
                    let fresh = ids.len() as u32;
                    *ids.entry(key).or_insert(fresh)
                })
                .collect();
            let refined = ids.len();
            class = next;
            if refined == count {
                break;
            }
            count = refined;
        }
        let mut options: Vec<Option<Vec<u32>>> = vec![None; count];
        for v in 0..n {
            let c = class[v] as usize;
            if options[c].is_some() {
                continue;
            }
            let (l, r) = (
                sorted_classes(&g.left[v], &class),
                sorted_classes(&g.right[v], &class),
            );
            if l != r {
                return Err(LoopyError::NotImpartial(
                    "Smith's value is defined for impartial games, and a position of this game gives Left and Right different moves".into(),
                ));
            }
            options[c] = Some(l);
        }
        let options: Vec<Vec<u32>> = options.into_iter().map(Option::unwrap_or_default).collect();
        Ok(generalized_grundy(&options)?.swap_remove(class[0] as usize))
    }
}
