//! Onsides, offsides and stopper-sided values.
//!
//! **Sides** (WW ch. 11; CGT ch. VI). The *onside* `G⁺` of a loopy game `G` is
//! `G` played with every infinite play won by Left, the *offside* `G⁻` with every infinite play
//! won by Right; `G` is *stopper-sided* when both are (equal to) stoppers, written `G = S & T`.
//! For a stopper `X`, `X <= G⁺` exactly when Left, moving second in `G − X`, never runs out of
//! moves (every infinite play of `G − X` is infinite in `G`, as `X` alone cannot alternate
//! forever).
//!
//! **Comparing sides.** `G⁺ <= H⁺` when Left, moving second in `H − G`, can make Right run out of
//! moves or make the play infinite with infinitely many moves in `H`; `G⁻ <= H⁻` when she can
//! make it infinite with infinitely many moves in `−G` (the conventions of CGSuite's
//! `LoopyGame.leq` for onsides and offsides). These are Büchi games on pairs of positions
//! ([`Product::buchi_left_wins_from`]); for stoppers they reduce to the survival game.
//!
//! **Sidling.** Deleting a Right edge can only raise the onside, deleting a Left edge can only
//! lower it. [`onside`] works in three steps, each result checked before it is used:
//! 1. *Cheap reductions*: the positions whose onside is `on` (Left, moving second, can always
//!    move) are found by a linear safety game and merged into one `on`; Right moves that Left
//!    can undo at once are deleted.
//! 2. *Reduction by the order of sides*: rounds of the simplifications of stoppers (dominated
//!    options removed, reversible options bypassed; CGT ch. VI), each round taking the
//!    onside order of every pair of positions from one Büchi game on all pairs, with the guards
//!    of CGSuite's `LoopyGame.simplifyGraph` against options that play can come back to. These
//!    steps are not proved to keep the onside of a loopy game, so the reduced graph is used
//!    only when two Büchi comparisons show its onside equal to the original's.
//! 3. *Sidling by edge deletion*: on that graph (or on the original, when the check fails),
//!    edges on alternating cycles are deleted (every Right one at once, then every Left one,
//!    then each alone in one pass over them), a deletion kept only when the Büchi comparison
//!    with the reference graph shows the onside unchanged, until no alternating cycle is left.
//!
//! The result is a stopper equal to `G⁺`, whose canonical form is the onside. (Conway's
//! sidling, WW ch. 11, approximates `G⁺` from `on` downwards through the stoppers
//! `{G_n^L | G_n^R}`; it can need infinitely many steps, e.g. for `upon − upon`, whose onside
//! has a pass. CGSuite's `LoopyGame.simplifyGraph` also deletes edges on alternating cycles after
//! checking the value.) The search is greedy: when a pass deletes nothing, the game is reported
//! as not found to be stopper-sided ([`LoopyError::NotStopperSided`]), as for Bach's Carousel,
//! whose sides are not stoppers (WW ch. 11).

use super::canonical::remove_dominated_by;
use super::error::LoopyError;
use super::graph::{check_pairs, Graph, LEFT, RIGHT};
use super::pair::{LoopyOutcome, Product, Winner};
use super::stopper::Stopper;
use super::MAX_PAIR_STATES;
use crate::algebra::{Game, Outcome};
use std::cmp::Ordering;
use std::fmt;

/// `a⁺ <= b⁺` (onside) or `a⁻ <= b⁻` (offside) for the games at `sa` in `a` and `sb` in `b`.
pub(crate) fn side_le(a: &Graph, sa: u32, b: &Graph, sb: u32, onside: bool) -> bool {
    let p = Product::new(b, a);
    p.buchi_left_wins_from(p.state(sb, sa, RIGHT), onside)
}

/// The onside of the game at `start` as a canonical stopper (see the module documentation).
pub(crate) fn onside(graph: &Graph, start: u32) -> Result<Stopper, LoopyError> {
    let original = graph.restrict(start);
    if original.is_alternating_cycle_free() {
        return Stopper::from_graph(&original, 0);
    }
    let on = on_positions(&original);
    if on[0] {
        return Ok(Stopper::on());
    }
    // `off`: comparing with a one-position stopper is cheap.
    let off = Stopper::off();
    if side_le(&original, 0, off.graph(), off.start(), true) {
        return Ok(off);
    }
    reduce_and_sidle(
        &without_undone_right_moves(&fuse_on(&original, &on)).restrict(0),
        &original,
    )
}

/// The onside of the game at 0 in `original` (a graph restricted to what 0 reaches), from
/// `start`, a graph with the same onside at 0: reduced ([`reduce`]) and checked, then sidled
/// ([`sidle`]) from the reduced graph, or from `original` when the check fails.
fn reduce_and_sidle(start: &Graph, original: &Graph) -> Result<Stopper, LoopyError> {
    let reduced = reduce(start, true);
    // The reduction is checked, not trusted: it is used when its onside is the original's.
    let reference = if same_onside(&reduced, original) {
        if reduced.is_alternating_cycle_free() {
            return Stopper::from_graph(&reduced, 0);
        }
        reduced
    } else {
        check_pairs(original.len(), original.len())?;
        without_undone_right_moves(original).restrict(0)
    };
    sidle(reference)
}

/// The onside of every position of `graph` but those marked in `skip` (`None` there), the
/// work shared between positions: the positions of onside `on`, the reduction and its check
/// (two Büchi games on all pairs of positions of the reduced and the original graph) are done
/// once for the whole graph; a position where the check fails, or whose reduced game is not a
/// stopper, goes through [`onside`] alone.
fn onsides(graph: &Graph, skip: &[bool]) -> Vec<Option<Result<Stopper, LoopyError>>> {
    let n = graph.len();
    let on = on_positions(graph);
    let fits = (n + 1).saturating_mul(n + 1) <= MAX_PAIR_STATES;
    let (reduced, same) = if fits {
        let reduced = reduce(&without_undone_right_moves(&fuse_on(graph, &on)), false);
        // `reduced` keeps the numbers of `graph` (and may have one more position, `on`).
        let below = Product::new(graph, &reduced).buchi_all(true);
        let above = Product::new(&reduced, graph).buchi_all(true);
        let same: Vec<bool> = (0..n)
            .map(|v| below[2 * (v * reduced.len() + v) + RIGHT] && above[2 * (v * n + v) + RIGHT])
            .collect();
        (reduced, same)
    } else {
        (graph.clone(), vec![false; n])
    };
    (0..n)
        .map(|v| {
            if skip[v] {
                return None;
            }
            crate::interrupt::check();
            if on[v] {
                return Some(Ok(Stopper::on()));
            }
            if same[v] {
                // The reduced game from v has the onside of the original from v.
                let r = reduced.restrict(v as u32);
                if r.is_alternating_cycle_free() {
                    return Some(Stopper::from_graph(&r, 0));
                }
                return Some(reduce_and_sidle(&r, &r));
            }
            Some(onside(graph, v as u32))
        })
        .collect()
}

/// Whether the games at 0 in `a` and `b` have the same onside (two Büchi comparisons).
fn same_onside(a: &Graph, b: &Graph) -> bool {
    a.len().saturating_mul(b.len()) <= MAX_PAIR_STATES
        && side_le(a, 0, b, 0, true)
        && side_le(b, 0, a, 0, true)
}

/// Sidling by edge deletion from `reference`, whose onside is the one sought: each pass tries
/// every Right edge on an alternating cycle at once, then every Left one, then each such edge
/// alone, keeping every deletion that the Büchi comparison with `reference` shows to keep the
/// onside; passes repeat until no alternating cycle is left, or a pass deletes nothing.
fn sidle(reference: Graph) -> Result<Stopper, LoopyError> {
    let mut current = reference.clone();
    loop {
        if current.is_alternating_cycle_free() {
            return Stopper::from_graph(&current, 0);
        }
        crate::interrupt::check();
        let cycle_edges = current.alternating_cycle_edges();
        let (rights, lefts): (Vec<_>, Vec<_>) =
            cycle_edges.into_iter().partition(|&(_, p, _)| p == RIGHT);
        if let Some(candidate) = [rights.as_slice(), lefts.as_slice()]
            .into_iter()
            .find_map(|edges| keeps_onside(&current, &reference, edges))
        {
            current = candidate.restrict(0);
            continue;
        }
        // Each edge alone, in one pass: the positions keep their numbers until its end.
        let mut deleted = false;
        for edge in rights.iter().chain(&lefts) {
            crate::interrupt::check();
            if let Some(candidate) = keeps_onside(&current, &reference, std::slice::from_ref(edge))
            {
                current = candidate;
                deleted = true;
            }
        }
        if !deleted {
            return Err(LoopyError::NotStopperSided(
                "the onside of this game was not found to be a stopper (its sides may not be stoppers, as for Bach's Carousel)".into(),
            ));
        }
        current = current.restrict(0);
    }
}

/// The positions whose onside is `on`: from them Left, moving second, can always move however
/// Right plays, Right being allowed to pass (`on <= G⁺` exactly when Left survives `G + off`
/// moving second, and `G⁺ <= on` always). A safety game on the states `(position, mover)`,
/// solved by retrograde propagation of the states where Left is stuck.
fn on_positions(g: &Graph) -> Vec<bool> {
    let n = g.len();
    let rev = g.reverse();
    // lost[2v + mover]: Right can force Left, from (v, mover), to run out of moves.
    let mut lost = vec![false; 2 * n];
    let mut count: Vec<u32> = (0..n).map(|v| g.left[v].len() as u32).collect();
    let mut queue: Vec<usize> = Vec::new();
    for v in 0..n {
        if count[v] == 0 {
            lost[2 * v + LEFT] = true;
            queue.push(2 * v + LEFT);
        }
    }
    while let Some(s) = queue.pop() {
        let (v, mover) = (s / 2, s % 2);
        if mover == LEFT {
            // Right reaches (v, Left) by a pass at v or by a move into v.
            for u in std::iter::once(v as u32).chain(rev.right[v].iter().copied()) {
                let t = 2 * u as usize + RIGHT;
                if !lost[t] {
                    lost[t] = true;
                    queue.push(t);
                }
            }
        } else {
            for &u in &rev.left[v] {
                let t = 2 * u as usize + LEFT;
                if !lost[t] {
                    count[u as usize] -= 1;
                    if count[u as usize] == 0 {
                        lost[t] = true;
                        queue.push(t);
                    }
                }
            }
        }
    }
    (0..n).map(|v| !lost[2 * v + RIGHT]).collect()
}

/// `g` with every move to a position whose onside is `on` going to one new position
/// `on = {pass | }`, the last one (the positions keep their numbers).
fn fuse_on(g: &Graph, on: &[bool]) -> Graph {
    if !on.contains(&true) {
        return g.clone();
    }
    let n = g.len();
    let mut h = g.clone();
    let top = h.push();
    h.left[top as usize] = vec![top];
    let map = |w: &u32| if on[*w as usize] { top } else { *w };
    for v in 0..n {
        for list in [&mut h.left[v], &mut h.right[v]] {
            let mut e: Vec<u32> = list.iter().map(map).collect();
            e.sort_unstable();
            e.dedup();
            *list = e;
        }
    }
    h
}

/// The onside order of every pair of positions of `g`, from one Büchi game on all pairs.
struct SideOrder {
    n: usize,
    win: Vec<bool>,
}

impl SideOrder {
    fn new(g: &Graph) -> SideOrder {
        SideOrder {
            n: g.len(),
            win: Product::new(g, g).buchi_all(true),
        }
    }

    /// `u⁺ <= x⁺`.
    #[inline]
    fn le(&self, u: u32, x: u32) -> bool {
        self.win[2 * (x as usize * self.n + u as usize) + RIGHT]
    }
}

/// The most rounds of [`reduce`].
const REDUCE_ROUNDS: usize = 64;

/// A smaller graph that usually has the same onside at 0: rounds of the simplifications of
/// stoppers (CGT ch. VI), each round deciding the onside order of every pair of
/// positions once ([`SideOrder`]) and then removing dominated options and bypassing reversible
/// ones, with the guards of CGSuite's `LoopyGame.simplifyGraph` for the onside: a Right option
/// is removed as dominated, or bypassed as reversible, only when the option that dominates or
/// reverses it cannot come back to it in alternating play ([`Reach`]). In loopy games these
/// steps can still change the onside, so the caller compares the result with the original.
///
/// With `restrict`, each round keeps only the positions reachable from 0; without, every
/// position keeps its number (for the values of all positions at once).
fn reduce(g: &Graph, restrict: bool) -> Graph {
    let mut g = g.clone();
    for _ in 0..REDUCE_ROUNDS {
        if g.len().saturating_mul(g.len()) > MAX_PAIR_STATES || g.is_alternating_cycle_free() {
            break;
        }
        let order = SideOrder::new(&g);
        let mut h = g.clone();
        let mut reach = Reach::new(&h);
        for v in 0..h.len() as u32 {
            let mut changed = remove_dominated(&mut h, v, &order, &reach);
            if changed {
                reach = Reach::new(&h);
            }
            changed = bypass_reversible(&mut h, v, &order, &reach);
            if changed {
                reach = Reach::new(&h);
            }
            if v % 64 == 0 {
                crate::interrupt::check();
            }
        }
        let h = if restrict { h.restrict(0) } else { h };
        if h == g {
            break;
        }
        g = h;
    }
    g
}

/// Reachability in alternating play: which states `(position, player to move)` can follow
/// which, by the transitive closure of the state graph over its strongly connected components.
struct Reach {
    comp: Vec<u32>,
    words: usize,
    bits: Vec<u64>,
}

impl Reach {
    fn new(g: &Graph) -> Reach {
        let n = g.len();
        let succ = |s: usize, out: &mut Vec<u32>| {
            let (v, mover) = (s / 2, s % 2);
            out.extend(
                g.edges(mover, v as u32)
                    .iter()
                    .map(|&w| 2 * w + (1 - mover) as u32),
            );
        };
        let comp = super::graph::tarjan(2 * n, succ);
        let count = comp.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let words = count.div_ceil(64);
        let mut bits = vec![0u64; count * words];
        // Components are numbered successors first, so each row is final when its turn comes.
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (s, &c) in comp.iter().enumerate() {
            members[c as usize].push(s);
        }
        let mut out = Vec::new();
        for c in 0..count {
            bits[c * words + c / 64] |= 1 << (c % 64);
            for &s in &members[c] {
                out.clear();
                succ(s, &mut out);
                for &t in &out {
                    let d = comp[t as usize] as usize;
                    if d != c {
                        // d < c: the rows of earlier components come first.
                        let (done, rest) = bits.split_at_mut(c * words);
                        for (x, y) in rest[..words].iter_mut().zip(&done[d * words..]) {
                            *x |= y;
                        }
                    }
                }
            }
        }
        Reach { comp, words, bits }
    }

    /// Whether the state `(b, mover_b)` can follow `(a, mover_a)` (or is it).
    fn reaches(&self, a: u32, mover_a: usize, b: u32, mover_b: usize) -> bool {
        let c = self.comp[2 * a as usize + mover_a] as usize;
        let d = self.comp[2 * b as usize + mover_b] as usize;
        self.bits[c * self.words + d / 64] >> (d % 64) & 1 == 1
    }
}

/// Removes the options of `v` dominated in the onside order (of two equal ones, the one with
/// the larger number); a Right option only when the one dominating it cannot come back to `v`
/// with Right to move. Returns whether anything changed.
fn remove_dominated(g: &mut Graph, v: u32, order: &SideOrder, reach: &Reach) -> bool {
    remove_dominated_by(g, v, |player, a, b| {
        if player == LEFT {
            order.le(a, b)
        } else {
            order.le(b, a) && !reach.reaches(b, LEFT, v, RIGHT)
        }
    })
}

/// Bypasses the reversible options of `v` once: a Left option `w` with a Right option
/// `u <= v` gives way to `u`'s Left options, a Right option `w` with a Left option `u >= v` to
/// `u`'s Right options (in the onside order; options already there are not repeated), when
/// play from `u` cannot come back to `w`. Returns whether anything changed.
fn bypass_reversible(g: &mut Graph, v: u32, order: &SideOrder, reach: &Reach) -> bool {
    let mut changed = false;
    for player in [LEFT, RIGHT] {
        let old = g.edges(player, v).to_vec();
        let mut new: Vec<u32> = Vec::with_capacity(old.len());
        let mut extra: Vec<u32> = Vec::new();
        for &w in &old {
            let through = g.edges(1 - player, w).iter().copied().find(|&u| {
                !reach.reaches(u, player, w, 1 - player)
                    && if player == LEFT {
                        order.le(u, v)
                    } else {
                        order.le(v, u)
                    }
            });
            match through {
                Some(u) => extra.extend_from_slice(g.edges(player, u)),
                None => new.push(w),
            }
        }
        if new.len() == old.len() {
            continue;
        }
        changed = true;
        for x in extra {
            if !old.contains(&x) && !new.contains(&x) {
                new.push(x);
            }
        }
        new.sort_unstable();
        if player == LEFT {
            g.left[v as usize] = new;
        } else {
            g.right[v as usize] = new;
        }
    }
    changed
}

/// `current` without `edges` (all of one player's, at least one), if that keeps the onside of
/// `original`. Deleting a Right edge can only raise the onside and deleting a Left edge can only
/// lower it, so one comparison, the other inequality, decides.
fn keeps_onside(current: &Graph, original: &Graph, edges: &[(u32, usize, u32)]) -> Option<Graph> {
    let &(_, player, _) = edges.first()?;
    let candidate = without(current, edges);
    let same = if player == RIGHT {
        side_le(&candidate, 0, original, 0, true)
    } else {
        side_le(original, 0, &candidate, 0, true)
    };
    crate::progress::record(1);
    same.then_some(candidate)
}

/// `g` without the Right moves that Left can undo at once (a Right edge `v → t` where `t` has a
/// Left edge back to `v`, passes included). Such a move never helps Right in the onside: Left
/// answers it by moving back, so a play in which Right keeps making it is infinite (CGSuite's
/// `eliminateObviouslyIrrelevantEdges` makes the same deletion). Deleting it keeps the onside:
/// it can only raise it, and in `G − G'` Left copies Right's other moves and undoes this one,
/// so every infinite play moves in `G` infinitely often.
fn without_undone_right_moves(g: &Graph) -> Graph {
    let mut h = g.clone();
    for v in 0..g.len() {
        h.right[v].retain(|&t| !g.left[t as usize].contains(&(v as u32)));
    }
    h
}

/// The offside: the negative of the onside of the negative.
pub(crate) fn offside(graph: &Graph, start: u32) -> Result<Stopper, LoopyError> {
    Ok(-onside(&graph.negated(), start)?)
}

/// `g` with the given edges `(position, player, target)` deleted.
fn without(g: &Graph, edges: &[(u32, usize, u32)]) -> Graph {
    let mut h = g.clone();
    for &(v, player, w) in edges {
        let list = if player == LEFT {
            &mut h.left[v as usize]
        } else {
            &mut h.right[v as usize]
        };
        list.retain(|&x| x != w);
    }
    h
}

/// A stopper-sided value `S & T`: onside `S` and offside `T`, stoppers with `T <= S`.
///
/// A stopper `S` is the value `S & S` and prints as `S`; `on & off` is `dud`, the deathless
/// universal draw `{dud | dud}`. Values are ordered side by side (`G <= H` when `G⁺ <= H⁺` and
/// `G⁻ <= H⁻`), and a sum has the upsum of the onsides for its onside and the downsum of the
/// offsides for its offside (WW ch. 11; CGSuite's `StopperSidedValue`).
///
/// ```
/// use partizan::algebra::loopy::{LoopyGame, LoopyOutcome, SidedValue};
/// // {0 | {dud|}, *}: positions 0 (the game), 1 (0), 2 ({dud|}), 3 (dud), 4 (* = {0|0}).
/// let left = vec![vec![1], vec![], vec![3], vec![3], vec![1]];
/// let right = vec![vec![2, 4], vec![], vec![], vec![3], vec![1]];
/// let v = LoopyGame::from_edges(left, right, 0).unwrap().value().unwrap();
/// assert_eq!(v.to_string(), "^ & v*");
/// assert_eq!(v.outcome(), LoopyOutcome::NHat);
/// let dud = SidedValue::dud();
/// assert_eq!(dud.onside().to_string(), "on");
/// assert_eq!(dud.outcome(), LoopyOutcome::D);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SidedValue {
    onside: Stopper,
    offside: Stopper,
}

impl SidedValue {
    /// The value `onside & offside`; an error unless `offside <= onside`.
    pub fn new(onside: Stopper, offside: Stopper) -> Result<SidedValue, LoopyError> {
        if offside.le(&onside) {
            Ok(SidedValue { onside, offside })
        } else {
            Err(LoopyError::NotStopperSided(format!(
                "{onside} & {offside} is not a value: the offside must be <= the onside"
            )))
        }
    }

    /// `0`.
    pub fn zero() -> SidedValue {
        SidedValue::from(Stopper::zero())
    }

    /// `dud = on & off`.
    pub fn dud() -> SidedValue {
        SidedValue {
            onside: Stopper::on(),
            offside: Stopper::off(),
        }
    }

    /// The short game `g`.
    pub fn from_game(g: Game) -> Result<SidedValue, LoopyError> {
        Ok(SidedValue::from(Stopper::from_game(g)?))
    }

    /// The value of the game at `start` in `graph`.
    pub(crate) fn from_graph(graph: &Graph, start: u32) -> Result<SidedValue, LoopyError> {
        let g = graph.restrict(start);
        if g.is_alternating_cycle_free() {
            return Ok(SidedValue::from(Stopper::from_graph(&g, 0)?));
        }
        let on = onside(&g, 0)?;
        let off = offside(&g, 0)?;
        SidedValue::new(on, off)
    }

    /// The value of every position of `graph`, the work of the sides shared between positions
    /// (see [`onsides`]).
    pub(crate) fn all_from_graph(graph: &Graph) -> Vec<Result<SidedValue, LoopyError>> {
        let n = graph.len();
        let stopper: Vec<bool> = (0..n)
            .map(|v| graph.restrict(v as u32).is_alternating_cycle_free())
            .collect();
        let on = onsides(graph, &stopper);
        let off = onsides(&graph.negated(), &stopper);
        // The positions that are stoppers: a set closed under moves.
        let stoppers = Stopper::all_from_graph(graph, &stopper);
        on.into_iter()
            .zip(off)
            .zip(stoppers)
            .map(|(sides, s)| match (sides, s) {
                ((Some(on), Some(off)), _) => SidedValue::new(on?, -off?),
                (_, Some(s)) => Ok(SidedValue::from(s?)),
                _ => unreachable!("a position is a stopper or has both sides"),
            })
            .collect()
    }

    /// The onside.
    pub fn onside(&self) -> &Stopper {
        &self.onside
    }

    /// The offside.
    pub fn offside(&self) -> &Stopper {
        &self.offside
    }

    /// Whether the value is a stopper (its sides are equal).
    pub fn is_stopper(&self) -> bool {
        self.onside == self.offside
    }

    /// The stopper, or [`LoopyError::NotStopper`] when the sides differ.
    pub fn as_stopper(&self) -> Result<&Stopper, LoopyError> {
        if self.is_stopper() {
            Ok(&self.onside)
        } else {
            Err(LoopyError::NotStopper(format!("{self} is not a stopper")))
        }
    }

    /// The short game, when the value is one.
    pub fn as_game(&self) -> Option<Game> {
        if self.is_stopper() {
            self.onside.as_game()
        } else {
            None
        }
    }

    /// The sum: onside the upsum of the onsides, offside the downsum of the offsides.
    pub fn sum(&self, other: &SidedValue) -> Result<SidedValue, LoopyError> {
        if self.is_stopper() && other.is_stopper() {
            return self.onside.sum(&other.onside);
        }
        let on = self.onside.upsum(&other.onside)?;
        let off = self.offside.downsum(&other.offside)?;
        SidedValue::new(on, off)
    }

    /// `self − other`.
    pub fn difference(&self, other: &SidedValue) -> Result<SidedValue, LoopyError> {
        self.sum(&-other)
    }

    /// `self <= other`: both sides compare.
    pub fn le(&self, other: &SidedValue) -> bool {
        self.onside.le(&other.onside) && self.offside.le(&other.offside)
    }

    /// The outcome with draws: Left moving first wins when she wins the offside, draws when she
    /// wins only the onside; Right moving first wins when he wins the onside, draws when he wins
    /// only the offside.
    pub fn outcome(&self) -> LoopyOutcome {
        let first_wins = |s: &Stopper, left: bool| {
            let o = s.outcome();
            o == Outcome::N || o == if left { Outcome::L } else { Outcome::R }
        };
        let left_first = if first_wins(&self.offside, true) {
            Winner::Left
        } else if first_wins(&self.onside, true) {
            Winner::Draw
        } else {
            Winner::Right
        };
        let right_first = if first_wins(&self.onside, false) {
            Winner::Right
        } else if first_wins(&self.offside, false) {
            Winner::Draw
        } else {
            Winner::Left
        };
        LoopyOutcome::new(left_first, right_first)
    }
}

/// Sums of stoppers, whose values are stopper-sided.
impl Stopper {
    /// The sum. A sum of stoppers need not be a stopper (`on + off = dud`), so the result is a
    /// stopper-sided value: its onside is the *upsum* and its offside the *downsum*.
    pub fn sum(&self, other: &Stopper) -> Result<SidedValue, LoopyError> {
        let (g, s) = self
            .graph()
            .sum(self.start(), other.graph(), other.start())?;
        SidedValue::from_graph(&g, s)
    }

    /// The upsum: the onside of the sum (WW ch. 11; CGSuite's `Upsum`).
    pub fn upsum(&self, other: &Stopper) -> Result<Stopper, LoopyError> {
        let (g, s) = self
            .graph()
            .sum(self.start(), other.graph(), other.start())?;
        onside(&g, s)
    }

    /// The downsum: the offside of the sum.
    pub fn downsum(&self, other: &Stopper) -> Result<Stopper, LoopyError> {
        let (g, s) = self
            .graph()
            .sum(self.start(), other.graph(), other.start())?;
        offside(&g, s)
    }
}

impl From<Stopper> for SidedValue {
    fn from(s: Stopper) -> SidedValue {
        SidedValue {
            onside: s.clone(),
            offside: s,
        }
    }
}

impl PartialOrd for SidedValue {
    fn partial_cmp(&self, other: &SidedValue) -> Option<Ordering> {
        match (self.le(other), other.le(self)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

impl std::ops::Neg for &SidedValue {
    type Output = SidedValue;
    fn neg(self) -> SidedValue {
        SidedValue {
            onside: -&self.offside,
            offside: -&self.onside,
        }
    }
}

impl std::ops::Neg for SidedValue {
    type Output = SidedValue;
    fn neg(self) -> SidedValue {
        -&self
    }
}

impl fmt::Display for SidedValue {
    /// A stopper prints as itself, `on & off` as `dud`, anything else as `onside & offside`
    /// (CGSuite's notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_stopper() {
            write!(f, "{}", self.onside)
        } else if *self == SidedValue::dud() {
            f.write_str("dud")
        } else {
            write!(f, "{} & {}", self.onside, self.offside)
        }
    }
}

impl fmt::Debug for SidedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Graph {
        Graph { left, right }
    }

    #[test]
    fn dud_sides() {
        let dud = g(vec![vec![0]], vec![vec![0]]);
        assert_eq!(onside(&dud, 0).unwrap(), Stopper::on());
        assert_eq!(offside(&dud, 0).unwrap(), Stopper::off());
    }
}

#[cfg(test)]
mod order_tests {
    use super::*;

    /// A small pseudo-random graph (xorshift), each edge present with probability `p`/100.
    fn random_graph(seed: &mut u64, n: usize, p: u64) -> Graph {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % 100
        };
        let mut g = Graph::default();
        for _ in 0..n {
            g.push();
        }
        for v in 0..n {
            for w in 0..n as u32 {
                if next() < p {
                    g.left[v].push(w);
                }
                if next() < p {
                    g.right[v].push(w);
                }
            }
        }
        g
    }

    #[test]
    fn the_order_of_all_pairs_is_the_order_of_each_pair() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let n = 1 + (seed % 6) as usize;
            let g = random_graph(&mut seed, n, 30);
            for onside in [true, false] {
                let win = Product::new(&g, &g).buchi_all(onside);
                let n = g.len();
                for u in 0..n as u32 {
                    for x in 0..n as u32 {
                        let all = win[2 * (x as usize * n + u as usize) + RIGHT];
                        assert_eq!(all, side_le(&g, u, &g, x, onside), "{g:?} {u} {x}");
                    }
                }
            }
        }
    }
}
