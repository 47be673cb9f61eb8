//! Games played on pairs of positions, solved by retrograde analysis: outcomes with draws, the
//! survival game that orders stoppers, and the Büchi game that orders onsides and offsides.

use super::graph::{Graph, LEFT, RIGHT};
use std::fmt;

/// The status of a state in a retrograde analysis.
pub(crate) const UNKNOWN: u8 = 0;
/// The player to move can force the opponent to run out of moves.
pub(crate) const MOVER_WINS: u8 = 1;
/// The opponent can force the player to move to run out of moves.
pub(crate) const MOVER_LOSES: u8 = 2;

/// Who wins a loopy game from a given start, infinite play being a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Winner {
    /// Right wins.
    Right,
    /// Neither player can force a win: the play is infinite with best play.
    Draw,
    /// Left wins.
    Left,
}

/// The outcome class of a loopy game under normal play with draws: who wins when Left moves
/// first and who wins when Right moves first. The names are CGSuite's (`OutcomeClass`): the four
/// classes of short games, `D` (a draw whoever starts), and the four mixed ones, where `Hat`
/// means the draw happens when Right starts and `Check` when Left starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move wins.
    N,
    /// The player not to move wins.
    P,
    /// A draw whoever starts.
    D,
    /// Left first: draw; Right first: Left wins.
    PHat,
    /// Left first: Right wins; Right first: draw.
    PCheck,
    /// Left first: Left wins; Right first: draw.
    NHat,
    /// Left first: draw; Right first: Right wins.
    NCheck,
}

impl LoopyOutcome {
    /// The class with these results when Left moves first and when Right moves first.
    pub fn new(left_first: Winner, right_first: Winner) -> LoopyOutcome {
        use LoopyOutcome::*;
        use Winner::{Draw as W0, Left as WL, Right as WR};
        match (left_first, right_first) {
            (WL, WL) => L,
            (WR, WR) => R,
            (WL, WR) => N,
            (WR, WL) => P,
            (W0, W0) => D,
            (W0, WL) => PHat,
            (WR, W0) => PCheck,
            (WL, W0) => NHat,
            (W0, WR) => NCheck,
        }
    }

    /// Who wins when Left moves first.
    pub fn left_first(self) -> Winner {
        use LoopyOutcome::*;
        match self {
            L | N | NHat => Winner::Left,
            D | NCheck | PHat => Winner::Draw,
            R | P | PCheck => Winner::Right,
        }
    }

    /// Who wins when Right moves first.
    pub fn right_first(self) -> Winner {
        use LoopyOutcome::*;
        match self {
            R | N | NCheck => Winner::Right,
            D | NHat | PCheck => Winner::Draw,
            L | P | PHat => Winner::Left,
        }
    }

    /// The class from the retrograde statuses of (start, Left to move) and (start, Right to move).
    pub(crate) fn from_statuses(left_to_move: u8, right_to_move: u8) -> LoopyOutcome {
        let left_first = match left_to_move {
            MOVER_WINS => Winner::Left,
            MOVER_LOSES => Winner::Right,
            _ => Winner::Draw,
        };
        let right_first = match right_to_move {
            MOVER_WINS => Winner::Right,
            MOVER_LOSES => Winner::Left,
            _ => Winner::Draw,
        };
        LoopyOutcome::new(left_first, right_first)
    }

    /// The class of a short game's outcome.
    pub fn from_outcome(o: crate::algebra::Outcome) -> LoopyOutcome {
        match o {
            crate::algebra::Outcome::L => LoopyOutcome::L,
            crate::algebra::Outcome::R => LoopyOutcome::R,
            crate::algebra::Outcome::N => LoopyOutcome::N,
            crate::algebra::Outcome::P => LoopyOutcome::P,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Retrograde analysis of one graph: the status of every state `2·v + mover` (mover `LEFT` or
/// `RIGHT`), infinite play counting for neither player.
pub(crate) fn outcomes(g: &Graph) -> Vec<u8> {
    let rev = g.reverse();
    let n = g.len();
    let mut status = vec![UNKNOWN; 2 * n];
    let mut count = vec![0u32; 2 * n];
    let mut queue = Vec::new();
    for v in 0..n {
        for mover in [LEFT, RIGHT] {
            let s = 2 * v + mover;
            count[s] = g.edges(mover, v as u32).len() as u32;
            if count[s] == 0 {
                status[s] = MOVER_LOSES;
                queue.push(s);
            }
        }
    }
    let mut processed = 0u64;
    while let Some(t) = queue.pop() {
        processed += 1;
        if processed.is_multiple_of(65536) {
            crate::progress::record(65536);
            crate::interrupt::check();
        }
        let (w, mover_t) = (t / 2, t % 2);
        // Predecessors: states of the other player with an edge of theirs to w.
        let mover_s = 1 - mover_t;
        for &v in rev.edges(mover_s, w as u32) {
            let s = 2 * v as usize + mover_s;
            if status[s] != UNKNOWN {
                continue;
            }
            if status[t] == MOVER_LOSES {
                status[s] = MOVER_WINS;
                queue.push(s);
            } else {
                count[s] -= 1;
                if count[s] == 0 {
                    status[s] = MOVER_LOSES;
                    queue.push(s);
                }
            }
        }
    }
    status
}

/// The difference game `g_i − h_j` on every pair of positions of two graphs: Left moves along
/// `g`'s Left edges or `h`'s Right edges, Right along `g`'s Right edges or `h`'s Left edges.
/// States are numbered `2·(i·|h| + j) + mover`.
pub(crate) struct Product<'a> {
    pub(crate) g: &'a Graph,
    pub(crate) h: &'a Graph,
    /// The reverse graphs, built when retrograde analysis first asks for predecessors (the
    /// Büchi comparison of sides walks forward only).
    reverse: std::cell::OnceCell<(Graph, Graph)>,
}

impl<'a> Product<'a> {
    pub(crate) fn new(g: &'a Graph, h: &'a Graph) -> Product<'a> {
        Product {
            g,
            h,
            reverse: std::cell::OnceCell::new(),
        }
    }

    pub(crate) fn states(&self) -> usize {
        2 * self.g.len() * self.h.len()
    }

    #[inline]
    pub(crate) fn state(&self, i: u32, j: u32, mover: usize) -> usize {
        2 * (i as usize * self.h.len() + j as usize) + mover
    }

    #[inline]
    fn split(&self, s: usize) -> (u32, u32, usize) {
        let pair = s / 2;
        let nh = self.h.len();
        ((pair / nh) as u32, (pair % nh) as u32, s % 2)
    }

    /// Calls `f(target, in_g)` for each move from state `s`.
    #[inline]
    pub(crate) fn moves(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (i, j, mover) = self.split(s);
        let next = 1 - mover;
        for &i2 in self.g.edges(mover, i) {
            f(self.state(i2, j, next), true);
        }
        // Left moves in −h along h's Right edges, and vice versa.
        for &j2 in self.h.edges(1 - mover, j) {
            f(self.state(i, j2, next), false);
        }
    }

    /// The number of moves from state `s`.
    #[inline]
    fn move_count(&self, s: usize) -> u32 {
        let (i, j, mover) = self.split(s);
        (self.g.edges(mover, i).len() + self.h.edges(1 - mover, j).len()) as u32
    }

    /// Calls `f(source, in_g)` for each move into state `t`.
    #[inline]
    pub(crate) fn preds(&self, t: usize, mut f: impl FnMut(usize, bool)) {
        let (i, j, mover_t) = self.split(t);
        let mover = 1 - mover_t;
        let (grev, hrev) = self
            .reverse
            .get_or_init(|| (self.g.reverse(), self.h.reverse()));
        for &i0 in grev.edges(mover, i) {
            f(self.state(i0, j, mover), true);
        }
        for &j0 in hrev.edges(1 - mover, j) {
            f(self.state(i, j0, mover), false);
        }
    }

    /// Retrograde analysis of the difference game, infinite play counting for neither player:
    /// `MOVER_WINS` where the player to move can force the opponent out of moves, `MOVER_LOSES`
    /// where the opponent can, `UNKNOWN` elsewhere.
    pub(crate) fn retrograde(&self) -> Vec<u8> {
        let n = self.states();
        let mut status = vec![UNKNOWN; n];
        let mut count: Vec<u32> = (0..n).map(|s| self.move_count(s)).collect();
        let mut queue: Vec<usize> = (0..n).filter(|&s| count[s] == 0).collect();
        for &s in &queue {
            status[s] = MOVER_LOSES;
        }
        let mut processed = 0u64;
        while let Some(t) = queue.pop() {
            let lost = status[t] == MOVER_LOSES;
            self.preds(t, |s, _| {
                if status[s] != UNKNOWN {
                    return;
                }
                if lost {
                    status[s] = MOVER_WINS;
                    queue.push(s);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        status[s] = MOVER_LOSES;
                        queue.push(s);
                    }
                }
            });
            processed += 1;
            if processed.is_multiple_of(65536) {
                crate::progress::record(65536);
                crate::interrupt::check();
            }
        }
        status
    }

    /// Whether Left wins, from state `start`, the Büchi game on the difference: Left wins a play
    /// in which Right runs out of moves, or an infinite play with infinitely many moves in the
    /// accepting component (`g` when `accept_g`, else `h`). The greatest fixed point
    /// `νZ. μY. CPre(Z, Y)`, where a Left state is in `CPre` when some move is accepting into `Z`
    /// or non-accepting into `Y`, and a Right state when every move is. A state's outcome
    /// depends only on the states after it, so the fixed point is taken over the states
    /// reachable from `start` only, numbered in the order found, with their moves and the
    /// reverse moves gathered once.
    pub(crate) fn buchi_left_wins_from(&self, start: usize, accept_g: bool) -> bool {
        const NEW: u32 = u32::MAX;
        let mut index = vec![NEW; self.states()];
        let mut states = vec![start];
        index[start] = 0;
        // The moves of compact state c: moves[first[c]..first[c + 1]], (target, accepting).
        let mut first = vec![0usize];
        let mut moves: Vec<(u32, bool)> = Vec::new();
        let mut k = 0;
        while k < states.len() {
            self.moves(states[k], |t, in_g| {
                if index[t] == NEW {
                    index[t] = states.len() as u32;
                    states.push(t);
                }
                moves.push((index[t], in_g == accept_g));
            });
            first.push(moves.len());
            k += 1;
        }
        drop(index);
        let m = states.len();
        let left: Vec<bool> = states.iter().map(|&s| s % 2 == LEFT).collect();
        // The non-accepting moves into each state, in the same layout.
        let mut into_first = vec![0usize; m + 1];
        for &(t, accepting) in &moves {
            if !accepting {
                into_first[t as usize + 1] += 1;
            }
        }
        for c in 0..m {
            into_first[c + 1] += into_first[c];
        }
        let mut into = vec![0u32; into_first[m]];
        let mut fill = into_first.clone();
        for c in 0..m {
            for &(t, accepting) in &moves[first[c]..first[c + 1]] {
                if !accepting {
                    into[fill[t as usize]] = c as u32;
                    fill[t as usize] += 1;
                }
            }
        }
        // Z, and Y of the round, swapped at its end instead of allocated anew.
        let mut z = vec![true; m];
        let mut y = vec![false; m];
        let mut count = vec![0u32; m];
        let mut blocked = vec![false; m];
        let mut queue = Vec::new();
        loop {
            // Y = μY. CPre(Z, Y) by retrograde counting of the non-accepting moves.
            y.fill(false);
            for c in 0..m {
                let out = &moves[first[c]..first[c + 1]];
                blocked[c] = false;
                if left[c] {
                    if out.iter().any(|&(t, acc)| acc && z[t as usize]) {
                        y[c] = true;
                        queue.push(c);
                    }
                } else if out.iter().any(|&(t, acc)| acc && !z[t as usize]) {
                    blocked[c] = true;
                } else {
                    count[c] = out.iter().filter(|&&(_, acc)| !acc).count() as u32;
                    if count[c] == 0 {
                        y[c] = true;
                        queue.push(c);
                    }
                }
            }
            while let Some(t) = queue.pop() {
                for &c in &into[into_first[t]..into_first[t + 1]] {
                    let c = c as usize;
                    if y[c] {
                        continue;
                    }
                    if left[c] {
                        y[c] = true;
                        queue.push(c);
                    } else if !blocked[c] {
                        count[c] -= 1;
                        if count[c] == 0 {
                            y[c] = true;
                            queue.push(c);
                        }
                    }
                }
            }
            // Z only shrinks from one round to the next, so a start outside it stays outside.
            if y == z || !y[0] {
                return y[0];
            }
            std::mem::swap(&mut z, &mut y);
            crate::progress::record(1);
            crate::interrupt::check();
        }
    }
}

impl Product<'_> {
    /// The Büchi game of [`Product::buchi_left_wins_from`] solved from every state at once:
    /// `win[s]` says whether Left wins from state `s`. The same fixed point
    /// `νZ. μY. CPre(Z, Y)`, over all `2·|g|·|h|` states, with the moves generated from the two
    /// graphs and the non-accepting moves into a state from their reverses (nothing is stored
    /// per move). Each round of the outer fixed point costs one sweep of the moves, and `Y`
    /// stays inside `Z`, so states outside `Z` are skipped.
    pub(crate) fn buchi_all(&self, accept_g: bool) -> Vec<bool> {
        const BLOCKED: u32 = u32::MAX;
        let n = self.states();
        let (grev, hrev) = self
            .reverse
            .get_or_init(|| (self.g.reverse(), self.h.reverse()));
        let mut z = vec![true; n];
        let mut y = vec![false; n];
        let mut count = vec![0u32; n];
        let mut queue: Vec<usize> = Vec::new();
        let mut work = 0u64;
        loop {
            y.fill(false);
            for s in 0..n {
                if !z[s] {
                    count[s] = BLOCKED;
                    continue;
                }
                let (i, j, mover) = self.split(s);
                let next = 1 - mover;
                let gm = self.g.edges(mover, i);
                let hm = self.h.edges(1 - mover, j);
                let (acc_edges, non_len) = if accept_g {
                    (gm, hm.len())
                } else {
                    (hm, gm.len())
                };
                let target = |e: u32| {
                    if accept_g {
                        self.state(e, j, next)
                    } else {
                        self.state(i, e, next)
                    }
                };
                if mover == LEFT {
                    count[s] = 0;
                    if acc_edges.iter().any(|&e| z[target(e)]) {
                        y[s] = true;
                        queue.push(s);
                    }
                } else if acc_edges.iter().any(|&e| !z[target(e)]) {
                    count[s] = BLOCKED;
                } else {
                    count[s] = non_len as u32;
                    if non_len == 0 {
                        y[s] = true;
                        queue.push(s);
                    }
                }
                work += 1;
                if work.is_multiple_of(1 << 16) {
                    crate::interrupt::check();
                    crate::progress::record(1 << 16);
                }
            }
            while let Some(t) = queue.pop() {
                let (i, j, mover_t) = self.split(t);
                let mover = 1 - mover_t;
                // The non-accepting moves into t: moves in h when g accepts, else in g.
                let mut visit = |c: usize| {
                    if y[c] || !z[c] {
                        return;
                    }
                    if mover == LEFT {
                        y[c] = true;
                        queue.push(c);
                    } else if count[c] != BLOCKED {
                        count[c] -= 1;
                        if count[c] == 0 {
                            y[c] = true;
                            queue.push(c);
                        }
                    }
                };
                if accept_g {
                    for &j0 in hrev.edges(1 - mover, j) {
                        visit(self.state(i, j0, mover));
                    }
                } else {
                    for &i0 in grev.edges(mover, i) {
                        visit(self.state(i0, j, mover));
                    }
                }
                work += 1;
                if work.is_multiple_of(1 << 16) {
                    crate::interrupt::check();
                    crate::progress::record(1 << 16);
                }
            }
            if y == z {
                return y;
            }
            std::mem::swap(&mut z, &mut y);
        }
    }
}

/// `g_i >= h_j` for stoppers: Left, moving second in `g_i − h_j`, is never left without a move.
pub(crate) fn stopper_ge(status: &[u8], p: &Product<'_>, i: u32, j: u32) -> bool {
    status[p.state(i, j, RIGHT)] != MOVER_WINS
}
