//! Brute force for the loopy tests, written from the definitions and independent of the
//! library's graph code: explicit graphs, outcomes with draws by repeated sweeps to a fixed
//! point, the survival game on pairs of positions, sums, stopper recognition, and a small
//! pseudo-random generator.
#![allow(dead_code)]

use partizan::algebra::loopy::{LoopyGame, LoopyOutcome, Winner};

/// A game graph: `left[v]`, `right[v]` are the options of position `v`.
#[derive(Clone, Debug)]
pub struct G {
    pub left: Vec<Vec<usize>>,
    pub right: Vec<Vec<usize>>,
}

impl G {
    pub fn n(&self) -> usize {
        self.left.len()
    }

    pub fn opts(&self, v: usize, left: bool) -> &[usize] {
        if left {
            &self.left[v]
        } else {
            &self.right[v]
        }
    }

    pub fn game(&self, start: usize) -> LoopyGame {
        LoopyGame::from_edges(self.left.clone(), self.right.clone(), start).unwrap()
    }

    pub fn from_game(g: &LoopyGame) -> G {
        G {
            left: (0..g.len()).map(|v| g.left_edges(v)).collect(),
            right: (0..g.len()).map(|v| g.right_edges(v)).collect(),
        }
    }

    pub fn negated(&self) -> G {
        G {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The sum of positions `a` of `self` and `b` of `h`: pairs numbered `i·|h| + j`.
    pub fn sum(&self, h: &G) -> G {
        let (n, m) = (self.n(), h.n());
        let mut s = G {
            left: vec![Vec::new(); n * m],
            right: vec![Vec::new(); n * m],
        };
        for i in 0..n {
            for j in 0..m {
                for left in [true, false] {
                    let mut o: Vec<usize> =
                        self.opts(i, left).iter().map(|&i2| i2 * m + j).collect();
                    o.extend(h.opts(j, left).iter().map(|&j2| i * m + j2));
                    if left {
                        s.left[i * m + j] = o;
                    } else {
                        s.right[i * m + j] = o;
                    }
                }
            }
        }
        s
    }

    /// Whether some play from a position reachable from `start` alternates for ever: a
    /// depth-first search for a cycle among the states (position, player to move).
    pub fn is_stopper(&self, start: usize) -> bool {
        // Reachable positions.
        let mut seen = vec![false; self.n()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(v) = stack.pop() {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        // Colour-based cycle search on states, iteratively.
        let n = self.n();
        let mut color = vec![0u8; 2 * n];
        for root in 0..2 * n {
            if !seen[root / 2] || color[root] != 0 {
                continue;
            }
            let mut st: Vec<(usize, usize)> = vec![(root, 0)];
            color[root] = 1;
            while let Some(&mut (s, ref mut i)) = st.last_mut() {
                let (v, left) = (s / 2, s % 2 == 0);
                let o = self.opts(v, left);
                if *i < o.len() {
                    let t = 2 * o[*i] + usize::from(left);
                    *i += 1;
                    match color[t] {
                        0 => {
                            color[t] = 1;
                            st.push((t, 0));
                        }
                        1 => return false,
                        _ => {}
                    }
                } else {
                    color[s] = 2;
                    st.pop();
                }
            }
        }
        true
    }
}

/// Outcome with draws by sweeping: repeat until nothing changes — a state is won for the mover
/// if some move reaches a state lost for the opponent, lost if every move reaches a state won by
/// the opponent.
/// The graph of every position reachable from `start` by `moves(position, left)` (`left` true
/// for Left's moves), `start` position 0.
pub fn explore<P: Clone + Eq + std::hash::Hash>(start: P, moves: impl Fn(&P, bool) -> Vec<P>) -> G {
    let mut index: std::collections::HashMap<P, usize> = std::collections::HashMap::new();
    let mut positions = vec![start.clone()];
    index.insert(start, 0);
    let mut g = G {
        left: Vec::new(),
        right: Vec::new(),
    };
    let mut i = 0;
    while i < positions.len() {
        let p = positions[i].clone();
        for left in [true, false] {
            let mut o = Vec::new();
            for m in moves(&p, left) {
                let k = *index.entry(m.clone()).or_insert_with(|| {
                    positions.push(m);
                    positions.len() - 1
                });
                o.push(k);
            }
            if left {
                g.left.push(o);
            } else {
                g.right.push(o);
            }
        }
        i += 1;
    }
    g
}

pub fn outcome(g: &G, start: usize) -> LoopyOutcome {
    let n = g.n();
    // status[2v + (0 Left to move | 1 Right to move)]: 0 unknown, 1 mover wins, 2 mover loses
    let mut status = vec![0u8; 2 * n];
    loop {
        let mut changed = false;
        for v in 0..n {
            for m in 0..2 {
                if status[2 * v + m] != 0 {
                    continue;
                }
                let o = g.opts(v, m == 0);
                let next = |w: usize| status[2 * w + 1 - m];
                let new = if o.iter().any(|&w| next(w) == 2) {
                    1
                } else if o.iter().all(|&w| next(w) == 1) {
                    2
                } else {
                    0
                };
                if new != 0 {
                    status[2 * v + m] = new;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let lf = match status[2 * start] {
        1 => Winner::Left,
        2 => Winner::Right,
        _ => Winner::Draw,
    };
    let rf = match status[2 * start + 1] {
        1 => Winner::Right,
        2 => Winner::Left,
        _ => Winner::Draw,
    };
    LoopyOutcome::new(lf, rf)
}

/// Whether Left, with Right moving first in `g_a − h_b`, can never be left without a move
/// (infinite play is survival). Right's forced wins are the least fixed point, found by sweeps.
pub fn survives(g: &G, a: usize, h: &G, b: usize) -> bool {
    let (n, m) = (g.n(), h.n());
    let idx = |i: usize, j: usize, mover: usize| 2 * (i * m + j) + mover;
    // right_wins[state]: Right can force Left to be stuck.
    let mut rw = vec![false; 2 * n * m];
    loop {
        let mut changed = false;
        for i in 0..n {
            for j in 0..m {
                // Left to move (mover 0): moves g.left[i], h.right[j]; lost if all lead to rw.
                let s = idx(i, j, 0);
                if !rw[s] {
                    let all = g.left[i].iter().all(|&i2| rw[idx(i2, j, 1)])
                        && h.right[j].iter().all(|&j2| rw[idx(i, j2, 1)]);
                    if all {
                        rw[s] = true;
                        changed = true;
                    }
                }
                // Right to move: moves g.right[i], h.left[j]; wins if some leads to rw.
                let s = idx(i, j, 1);
                if !rw[s] {
                    let some = g.right[i].iter().any(|&i2| rw[idx(i2, j, 0)])
                        || h.left[j].iter().any(|&j2| rw[idx(i, j2, 0)]);
                    if some {
                        rw[s] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    !rw[idx(a, b, 1)]
}

/// A small linear congruential generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A random graph of `n` positions, each edge present with probability `p/100`.
    pub fn graph(&mut self, n: usize, p: u64) -> G {
        let mut g = G {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        };
        for v in 0..n {
            for w in 0..n {
                if self.below(100) < p {
                    g.left[v].push(w);
                }
                if self.below(100) < p {
                    g.right[v].push(w);
                }
            }
        }
        g
    }

    /// A random stopper of at most `n` positions: mostly edges to later positions (a short
    /// game), with some passes and edges back, kept when the result is a stopper from 0.
    pub fn stopper(&mut self, n: usize, p: u64) -> G {
        loop {
            let size = 1 + self.below(n as u64) as usize;
            let mut g = G {
                left: vec![Vec::new(); size],
                right: vec![Vec::new(); size],
            };
            for v in 0..size {
                for w in 0..size {
                    let forward = w > v;
                    for left in [true, false] {
                        let chance = if forward { p } else { p / 4 };
                        if self.below(100) < chance {
                            if left {
                                g.left[v].push(w);
                            } else {
                                g.right[v].push(w);
                            }
                        }
                    }
                }
            }
            if g.is_stopper(0) {
                return g;
            }
        }
    }
}
