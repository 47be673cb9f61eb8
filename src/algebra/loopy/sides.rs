//! Onsides, offsides and stopper-sided values.
//!
//! **Sides** (Winning Ways ch. 11; Siegel, CGT ch. VI). The *onside* `G⁺` of a loopy game `G` is
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
//! lower it. [`onside`] deletes edges that lie on alternating cycles (every Right one at once,
//! then every Left one, then one at a time), keeping a deletion only when the Büchi comparison
//! with the original game shows the onside unchanged,
//! until no alternating cycle is left; the result is a stopper equal to `G⁺`, whose canonical
//! form is the onside. (Conway's sidling, Winning Ways ch. 11, approximates `G⁺` from `on`
//! downwards through the stoppers `{G_n^L | G_n^R}`; it can need infinitely many steps, e.g. for
//! `upon − upon`, whose onside has a pass. CGSuite's `LoopyGame.simplifyGraph` also deletes edges
//! on alternating cycles after checking the value, which is where this method comes from.) The
//! search is greedy: when no single deletion keeps the value, the game is reported as not found
//! to be stopper-sided ([`LoopyError::NotStopperSided`]), as for Bach's Carousel, whose sides are
//! not stoppers (Winning Ways ch. 11).

use super::error::LoopyError;
use super::graph::{check_pairs, Graph, LEFT, RIGHT};
use super::pair::{LoopyOutcome, Product, Winner};
use super::stopper::Stopper;
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
    // The extreme values first: comparing with a one-position stopper is cheap.
    for candidate in [Stopper::on(), Stopper::off()] {
        let c = candidate.graph();
        if side_le(c, candidate.start(), &original, 0, true)
            && side_le(&original, 0, c, candidate.start(), true)
        {
            return Ok(candidate);
        }
    }
    check_pairs(original.len(), original.len())?;
    let mut current = without_undone_right_moves(&original);
    loop {
        if current.is_alternating_cycle_free() {
            return Stopper::from_graph(&current, 0);
        }
        let cycle_edges = current.alternating_cycle_edges();
        let (rights, lefts): (Vec<_>, Vec<_>) =
            cycle_edges.into_iter().partition(|&(_, p, _)| p == RIGHT);
        // Every Right edge on an alternating cycle at once, then every Left one, then each edge
        // alone: the first deletion that keeps the onside.
        let whole = [rights.as_slice(), lefts.as_slice()];
        let single = rights.iter().chain(&lefts).map(std::slice::from_ref);
        let found = whole
            .into_iter()
            .chain(single)
            .find_map(|edges| keeps_onside(&current, &original, edges));
        match found {
            Some(candidate) => current = candidate.restrict(0),
            None => {
                return Err(LoopyError::NotStopperSided(
                    "the onside of this game was not found to be a stopper (its sides may not be stoppers, as for Bach's Carousel)".into(),
                ))
            }
        }
    }
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
    h.restrict(0)
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
/// offsides for its offside (Winning Ways ch. 11; CGSuite's `StopperSidedValue`).
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

    /// The upsum: the onside of the sum (Winning Ways ch. 11; CGSuite's `Upsum`).
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
