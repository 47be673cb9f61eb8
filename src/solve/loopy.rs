//! Rulesets whose positions may repeat: the explicit position graph, outcomes with draws,
//! values, and Smith's generalised Sprague–Grundy values.
//!
//! A [`Ruleset`] (or [`ImpartialRuleset`]) describes moves; when play can return to a position,
//! the recursive solvers of this module's siblings would not end. Here every position reachable
//! from the start is enumerated breadth-first (at most `limit` of them, else
//! [`LoopyError::TooLarge`]) into an explicit graph, which the loopy algebra of
//! [`crate::algebra::loopy`] then analyses:
//! * [`outcome`] — who wins with each player moving first, infinite play a draw, by retrograde
//!   analysis of the graph (WW ch. 11);
//! * [`value`] — the canonical stopper, or the onside and offside ([`SidedValue`]);
//! * [`generalized_grundy`] — Smith's value of an impartial position ([`LoopyNimValue`]).
//!
//! ```
//! use partizan::solve::{loopy, ImpartialRuleset};
//! use partizan::algebra::loopy::{smith::LoopyNimValue, LoopyOutcome};
//!
//! /// A heap: take 1 or 2 tokens, or put one back while the heap is below 3.
//! struct TakeOrReturn;
//! impl ImpartialRuleset for TakeOrReturn {
//!     type Position = u32;
//!     fn options(&self, n: &u32) -> Vec<u32> {
//!         let mut v: Vec<u32> = (1..=2).filter(|k| k <= n).map(|k| n - k).collect();
//!         if *n < 3 { v.push(n + 1); }
//!         v
//!     }
//! }
//! // Every heap has a move (0 can put one back), so nobody is ever stuck: a draw, ∞ with no
//! // finite option.
//! let g = loopy::generalized_grundy(&TakeOrReturn, 0, loopy::DEFAULT_POSITION_LIMIT).unwrap();
//! assert_eq!(g, LoopyNimValue::Infinite(vec![]));
//! assert_eq!(g.outcome(), LoopyOutcome::D);
//! ```

use crate::algebra::loopy::smith::{self, LoopyNimValue};
use crate::algebra::loopy::{LoopyError, LoopyGame, LoopyOutcome, SidedValue};
use crate::solve::{ImpartialRuleset, Ruleset};
use hashbrown::HashMap;
use std::hash::Hash;

/// The default bound on the number of positions enumerated: the loopy algebra's
/// [`MAX_GRAPH_VERTICES`](crate::algebra::loopy::MAX_GRAPH_VERTICES).
pub const DEFAULT_POSITION_LIMIT: usize = crate::algebra::loopy::MAX_GRAPH_VERTICES;

/// Every position reachable from a start, with its Left and Right options as indices (the start
/// is position 0).
#[derive(Clone, Debug)]
pub struct PositionGraph<P> {
    /// The positions, in breadth-first order from the start.
    pub positions: Vec<P>,
    /// `left[i]`: the indices of the Left options of `positions[i]`.
    pub left: Vec<Vec<usize>>,
    /// `right[i]`: the indices of the Right options of `positions[i]`.
    pub right: Vec<Vec<usize>>,
}

impl<P> PositionGraph<P> {
    /// The loopy game of position `i`.
    pub fn game(&self, i: usize) -> Result<LoopyGame, LoopyError> {
        LoopyGame::from_edges(self.left.clone(), self.right.clone(), i)
    }

    /// The outcome of every position, by index.
    pub fn outcomes(&self) -> Result<Vec<LoopyOutcome>, LoopyError> {
        Ok(self.game(0)?.outcomes())
    }
}

fn too_many(limit: usize) -> LoopyError {
    LoopyError::TooLarge(format!(
        "more than {limit} positions are reachable from the start (the limit of this enumeration)"
    ))
}

/// Enumerates the positions reachable from `start` by `moves(position, player)` (player 0 Left,
/// 1 Right), breadth-first, with `key` choosing a representative of equivalent positions.
fn explore<P: Clone + Eq + Hash>(
    start: P,
    limit: usize,
    key: impl Fn(P) -> P,
    moves: impl Fn(&P, usize) -> Vec<P>,
) -> Result<PositionGraph<P>, LoopyError> {
    let start = key(start);
    let mut index: HashMap<P, usize> = HashMap::new();
    index.insert(start.clone(), 0);
    let mut graph = PositionGraph {
        positions: vec![start],
        left: Vec::new(),
        right: Vec::new(),
    };
    let mut i = 0;
    while i < graph.positions.len() {
        let p = graph.positions[i].clone();
        for player in [0, 1] {
            let mut edges = Vec::new();
            for q in moves(&p, player) {
                let q = key(q);
                let j = match index.get(&q) {
                    Some(&j) => j,
                    None => {
                        if graph.positions.len() >= limit {
                            return Err(too_many(limit));
                        }
                        let j = graph.positions.len();
                        index.insert(q.clone(), j);
                        graph.positions.push(q);
                        j
                    }
                };
                edges.push(j);
            }
            edges.sort_unstable();
            edges.dedup();
            if player == 0 {
                graph.left.push(edges);
            } else {
                graph.right.push(edges);
            }
        }
        i += 1;
        if i % 4096 == 0 {
            crate::progress::record(4096);
            crate::interrupt::check();
        }
    }
    Ok(graph)
}

/// The position graph of a partizan ruleset from `start` (at most `limit` positions).
pub fn position_graph<R: Ruleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<PositionGraph<R::Position>, LoopyError> {
    explore(
        start,
        limit,
        |p| ruleset.normalize(p),
        |p, player| {
            if player == 0 {
                ruleset.left_options(p)
            } else {
                ruleset.right_options(p)
            }
        },
    )
}

/// The position graph of an impartial ruleset (both players have the same options).
pub fn impartial_position_graph<R: ImpartialRuleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<PositionGraph<R::Position>, LoopyError> {
    explore(
        start,
        limit,
        |p| ruleset.normalize(p),
        |p, _| ruleset.options(p),
    )
}

/// The outcome of `start` under normal play, infinite play a draw.
pub fn outcome<R: Ruleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<LoopyOutcome, LoopyError> {
    Ok(position_graph(ruleset, start, limit)?.game(0)?.outcome())
}

/// The value of `start`: its canonical stopper, or its onside and offside.
pub fn value<R: Ruleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<SidedValue, LoopyError> {
    position_graph(ruleset, start, limit)?.game(0)?.value()
}

/// Smith's generalised Sprague–Grundy value of `start` in an impartial ruleset.
pub fn generalized_grundy<R: ImpartialRuleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<LoopyNimValue, LoopyError> {
    let graph = impartial_position_graph(ruleset, start, limit)?;
    let options: Vec<Vec<u32>> = graph
        .left
        .iter()
        .map(|o| o.iter().map(|&j| j as u32).collect())
        .collect();
    Ok(smith::generalized_grundy(&options)?.swap_remove(0))
}

/// Smith's values of every position reachable from `start`, with the positions.
pub fn generalized_grundy_table<R: ImpartialRuleset>(
    ruleset: &R,
    start: R::Position,
    limit: usize,
) -> Result<Vec<(R::Position, LoopyNimValue)>, LoopyError> {
    let graph = impartial_position_graph(ruleset, start, limit)?;
    let options: Vec<Vec<u32>> = graph
        .left
        .iter()
        .map(|o| o.iter().map(|&j| j as u32).collect())
        .collect();
    let values = smith::generalized_grundy(&options)?;
    Ok(graph.positions.into_iter().zip(values).collect())
}
