//! The canonical (simplest) form of a stopper, and a canonical numbering of its graph.
//!
//! **Simplification** (CGT ch. VI, the simplification of stoppers; Conway, "Loopy
//! games" (1978)). In a stopper `G`, a Left option `G^L1` is *dominated* when `G^L1 <= G^L2` for
//! another Left option, and *reversible* when some `G^L1R1 <= G`; a dominated option may be
//! removed and a reversible one replaced by the Left options of `G^L1R1` without changing the
//! value (mirror statements for Right). All comparisons are made once, on the given graph, by the
//! survival game ([`Product::retrograde`]); the simplifications change forms, never values, so
//! the table stays valid while positions are rewritten in place. The loop ends: a bypass
//! replaces an edge by edges whose targets start strictly shorter alternating plays (the graph
//! is a stopper, so these lengths are finite), and removals only shrink edge lists.
//!
//! **Fusion.** After simplification, positions with equal values are identified. For stoppers
//! in which no position has dominated or reversible options and no two positions are equal,
//! equality is graph isomorphism (Siegel, "New results in loopy games", Games of No Chance 3,
//! MSRI Publ. 56 (2009): the strengthened simplest form; title as recalled, not re-checked).
//! The argument: if `G = H` have no reversible options, each `H^L` is `<=` some `G^L` (Left's
//! surviving reply to Right's move to `G − H^L` cannot be `G − H^L R` without making `H^L`
//! reversible), and with no dominated options this matches options with equal values.
//!
//! **Numbering.** A fused graph has no two bisimilar positions, so colour refinement (each round
//! colours a position by its colour and the sets of colours of its Left and Right options, ranks
//! of sorted signatures) ends with all colours distinct; numbering positions by colour is then
//! canonical, and two equal stoppers get identical graphs. Should two positions keep one colour,
//! they are bisimilar, hence equal games, and are merged.

use super::error::LoopyError;
use super::graph::{check_pairs, Graph, LEFT, RIGHT};
use super::pair::{Product, MOVER_WINS};

/// A stopper's graph in canonical form and canonical numbering.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Canon {
    pub(crate) graph: Graph,
    pub(crate) start: u32,
}

/// The comparison table `a <= b` of all pairs of positions of a stopper graph.
pub(crate) struct Order {
    n: usize,
    status: Vec<u8>,
}

impl Order {
    /// Solves the survival game `a − b` for every pair of positions of `g`.
    pub(crate) fn new(g: &Graph) -> Result<Order, LoopyError> {
        check_pairs(g.len(), g.len())?;
        let status = Product::new(g, g).retrograde();
        Ok(Order { n: g.len(), status })
    }

    /// `a <= b`: Left survives `b − a` moving second.
    #[inline]
    pub(crate) fn le(&self, a: u32, b: u32) -> bool {
        self.status[2 * (b as usize * self.n + a as usize) + RIGHT] != MOVER_WINS
    }

    #[inline]
    pub(crate) fn equal(&self, a: u32, b: u32) -> bool {
        self.le(a, b) && self.le(b, a)
    }
}

/// The canonical form of the stopper at `start` in `graph` (which must be a stopper).
pub(crate) fn simplest_form(graph: &Graph, start: u32) -> Result<Canon, LoopyError> {
    let mut g = graph.restrict(start);
    debug_assert!(g.is_alternating_cycle_free());
    let order = Order::new(&g)?;
    simplify(&mut g, &order);
    let reach = g.reachable(0);
    let rep = fuse(&mut g, &reach, &order);
    Ok(label(g.restrict(rep[0])))
}

/// The canonical forms of the positions marked in `members` of `graph`, a set closed under
/// moves on which no play alternates forever (`None` at the others): one comparison table for
/// the whole set, the simplifications and the fusion done once on it (they change forms, never
/// values, so every position keeps its value), then each position's part numbered
/// canonically. [`LoopyError::TooLarge`] when the set has too many pairs.
pub(crate) fn simplest_forms(
    graph: &Graph,
    members: &[bool],
) -> Result<Vec<Option<Canon>>, LoopyError> {
    let list: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| members[v as usize])
        .collect();
    let mut index = vec![u32::MAX; graph.len()];
    for (i, &v) in list.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    let map = |edges: &[u32]| -> Vec<u32> {
        let mut e: Vec<u32> = edges.iter().map(|&w| index[w as usize]).collect();
        debug_assert!(!e.contains(&u32::MAX), "the set is not closed under moves");
        e.sort_unstable();
        e.dedup();
        e
    };
    let mut g = Graph {
        left: list.iter().map(|&v| map(&graph.left[v as usize])).collect(),
        right: list
            .iter()
            .map(|&v| map(&graph.right[v as usize]))
            .collect(),
    };
    debug_assert!(g.is_alternating_cycle_free());
    let order = Order::new(&g)?;
    simplify(&mut g, &order);
    let all: Vec<u32> = (0..list.len() as u32).collect();
    let rep = fuse(&mut g, &all, &order);
    Ok((0..graph.len())
        .map(|v| {
            members[v].then(|| {
                crate::interrupt::check();
                label(g.restrict(rep[index[v] as usize]))
            })
        })
        .collect())
}

/// Removes dominated options and bypasses reversible ones at every position of the stopper
/// graph `g` until none is left, `order` its comparison table.
fn simplify(g: &mut Graph, order: &Order) {
    let n = g.len() as u32;
    // Each bypass shortens the longest alternating play from one edge's target; this bound is
    // far above what a stopper of n positions needs and only guards against a broken invariant.
    let mut budget: u64 = 64 * (n as u64 + 1) * (n as u64 + 1) + 4096;
    loop {
        crate::interrupt::check();
        let mut changed = false;
        for v in 0..n {
            changed |= bypass(g, v, LEFT, order, &mut budget);
            changed |= bypass(g, v, RIGHT, order, &mut budget);
            changed |= remove_dominated(g, v, order);
        }
        if !changed || budget == 0 {
            break;
        }
    }
}

/// Fusion: every position of `positions` goes to the first one of them equal to it, in every
/// edge of `g`; returns the representative of each position (itself outside `positions`).
fn fuse(g: &mut Graph, positions: &[u32], order: &Order) -> Vec<u32> {
    let n = g.len() as u32;
    let mut rep: Vec<u32> = (0..n).collect();
    for (k, &v) in positions.iter().enumerate() {
        if let Some(&u) = positions[..k]
            .iter()
            .find(|&&u| rep[u as usize] == u && order.equal(u, v))
        {
            rep[v as usize] = u;
        }
    }
    for v in 0..n as usize {
        for list in [&mut g.left[v], &mut g.right[v]] {
            for w in list.iter_mut() {
                *w = rep[*w as usize];
            }
        }
    }
    rep
}

/// Replaces the reversible options of `player` at `v`: a Left option `w` with a Right option
/// `u <= v` becomes `u`'s Left options (mirror for Right).
fn bypass(g: &mut Graph, v: u32, player: usize, order: &Order, budget: &mut u64) -> bool {
    let mut changed = false;
    let mut i = 0;
    loop {
        let list = if player == LEFT {
            &g.left[v as usize]
        } else {
            &g.right[v as usize]
        };
        if i >= list.len() || *budget == 0 {
            return changed;
        }
        let w = list[i];
        let through = g.edges(1 - player, w).iter().copied().find(|&u| {
            if player == LEFT {
                order.le(u, v)
            } else {
                order.le(v, u)
            }
        });
        let Some(u) = through else {
            i += 1;
            continue;
        };
        *budget -= 1;
        let replacement = g.edges(player, u).to_vec();
        let list = if player == LEFT {
            &mut g.left[v as usize]
        } else {
            &mut g.right[v as usize]
        };
        list.remove(i);
        for x in replacement {
            if !list.contains(&x) {
                list.push(x);
            }
        }
        changed = true;
    }
}

/// Removes dominated options on both sides of `v` (of equal options, the one with the smaller
/// position number stays).
fn remove_dominated(g: &mut Graph, v: u32, order: &Order) -> bool {
    remove_dominated_by(g, v, |player, a, b| {
        if player == LEFT {
            order.le(a, b)
        } else {
            order.le(b, a)
        }
    })
}

/// Removes the options of `v` that `worse(player, a, b)` says another option `b` of the same
/// player may replace (`a` no better for that player than `b`); of two that may replace each
/// other, the one with the smaller position number stays. Returns whether anything changed.
pub(crate) fn remove_dominated_by(
    g: &mut Graph,
    v: u32,
    worse: impl Fn(usize, u32, u32) -> bool,
) -> bool {
    let mut changed = false;
    for player in [LEFT, RIGHT] {
        let list = if player == LEFT {
            &mut g.left[v as usize]
        } else {
            &mut g.right[v as usize]
        };
        list.sort_unstable();
        list.dedup();
        let kept: Vec<u32> = list
            .iter()
            .copied()
            .filter(|&a| {
                !list
                    .iter()
                    .any(|&b| b != a && worse(player, a, b) && (!worse(player, b, a) || b < a))
            })
            .collect();
        if kept.len() != list.len() {
            *list = kept;
            changed = true;
        }
    }
    changed
}

/// The canonical numbering of a graph in which no two positions are bisimilar (start at 0);
/// bisimilar positions, if any, are merged first.
pub(crate) fn label(mut g: Graph) -> Canon {
    loop {
        let color = if g.is_loopfree() {
            refine_loopfree(&g)
        } else {
            refine(&g)
        };
        let n = g.len();
        let classes = color.iter().copied().max().map_or(0, |c| c as usize + 1);
        if classes < n {
            // Bisimilar positions are equal games: merge them and start again.
            let mut first = vec![u32::MAX; classes];
            for v in 0..n {
                if first[color[v] as usize] == u32::MAX {
                    first[color[v] as usize] = v as u32;
                }
            }
            let rep = |w: u32| first[color[w as usize] as usize];
            for v in 0..n {
                for list in [&mut g.left[v], &mut g.right[v]] {
                    for w in list.iter_mut() {
                        *w = rep(*w);
                    }
                }
            }
            g = g.restrict(rep(0));
            continue;
        }
        let mut out = Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        };
        for v in 0..n {
            let c = color[v] as usize;
            let map = |edges: &[u32]| {
                let mut e: Vec<u32> = edges.iter().map(|&w| color[w as usize]).collect();
                e.sort_unstable();
                e
            };
            out.left[c] = map(&g.left[v]);
            out.right[c] = map(&g.right[v]);
        }
        return Canon {
            graph: out,
            start: color[0],
        };
    }
}

/// The coarsest stable colouring of a graph without cycles in one pass, level by level: a
/// position's *height* is 0 without options and otherwise one more than its options' largest;
/// positions get colours height by height, ranked by the signature (height, colours of the Left
/// options, colours of the Right options), so that two positions share a colour exactly when
/// they are bisimilar, and the colours do not depend on the numbering of the positions. Colour
/// refinement ([`refine`]) would need as many rounds as the graph is high (`*1024` is 1,025
/// high, with half a million edges).
pub(crate) fn refine_loopfree(g: &Graph) -> Vec<u32> {
    let n = g.len();
    // Heights, options first (an explicit stack: the graph may be deep).
    const UNSET: u32 = u32::MAX;
    let mut height = vec![UNSET; n];
    let mut stack: Vec<(u32, bool)> = Vec::new();
    for root in 0..n as u32 {
        if height[root as usize] != UNSET {
            continue;
        }
        stack.push((root, false));
        while let Some((v, expanded)) = stack.pop() {
            let options = || g.left[v as usize].iter().chain(&g.right[v as usize]);
            if expanded {
                height[v as usize] = options()
                    .map(|&w| height[w as usize] + 1)
                    .max()
                    .unwrap_or(0);
            } else if height[v as usize] == UNSET {
                stack.push((v, true));
                for &w in options() {
                    if height[w as usize] == UNSET {
                        stack.push((w, false));
                    }
                }
            }
        }
    }
    let mut by_height: Vec<u32> = (0..n as u32).collect();
    by_height.sort_by_key(|&v| height[v as usize]);
    let mut color = vec![0u32; n];
    let mut next = 0u32;
    let mut k = 0;
    while k < n {
        let h = height[by_height[k] as usize];
        let end = k + by_height[k..].partition_point(|&v| height[v as usize] == h);
        let side = |edges: &[u32]| {
            let mut c: Vec<u32> = edges.iter().map(|&w| color[w as usize]).collect();
            c.sort_unstable();
            c.dedup();
            c
        };
        let mut level: Vec<(Vec<u32>, Vec<u32>, u32)> = by_height[k..end]
            .iter()
            .map(|&v| (side(&g.left[v as usize]), side(&g.right[v as usize]), v))
            .collect();
        level.sort_unstable();
        for i in 0..level.len() {
            if i > 0 && (level[i].0 != level[i - 1].0 || level[i].1 != level[i - 1].1) {
                next += 1;
            }
            color[level[i].2 as usize] = next;
        }
        next += 1;
        k = end;
    }
    color
}

/// Colour refinement to the coarsest stable colouring (colours are ranks of sorted signatures,
/// so the colouring does not depend on the numbering of the positions).
pub(crate) fn refine(g: &Graph) -> Vec<u32> {
    let n = g.len();
    let mut color = vec![0u32; n];
    let mut classes = 1usize;
    loop {
        let signature = |v: usize| {
            let side = |edges: &[u32]| {
                let mut c: Vec<u32> = edges.iter().map(|&w| color[w as usize]).collect();
                c.sort_unstable();
                c.dedup();
                c
            };
            (color[v], side(&g.left[v]), side(&g.right[v]))
        };
        let sigs: Vec<(u32, Vec<u32>, Vec<u32>)> = (0..n).map(signature).collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| sigs[a].cmp(&sigs[b]));
        let mut next = vec![0u32; n];
        let mut rank = 0u32;
        for k in 0..n {
            if k > 0 && sigs[order[k]] != sigs[order[k - 1]] {
                rank += 1;
            }
            next[order[k]] = rank;
        }
        let count = if n == 0 { 0 } else { rank as usize + 1 };
        color = next;
        if count == classes {
            return color;
        }
        classes = count;
    }
}
