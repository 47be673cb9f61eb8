//! Canonical stoppers.

use super::canonical::{label, simplest_form, simplest_forms, Canon};
use super::error::LoopyError;
use super::graph::{Graph, LEFT, RIGHT};
use super::pair::{stopper_ge, Product};
use crate::algebra::{Game, Outcome};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A stopper in canonical form.
///
/// A *stopper* is a loopy game in which no position starts an infinite alternating play
/// (CGT ch. VI; WW ch. 11). Its canonical form has no dominated or reversible
/// options and no two equal positions; it is unique, so equality of [`Stopper`]s is equality of
/// values. Stoppers are partially ordered by the survival game: `G >= H` when Left, moving second
/// in `G − H`, is never without a move (an infinite play counts as survival).
///
/// ```
/// use partizan::algebra::loopy::Stopper;
/// use partizan::Game;
/// let on = Stopper::on();
/// let over = Stopper::over();
/// assert!(on > Stopper::from_game(Game::integer(1_000)).unwrap());
/// assert!(over > Stopper::from_game(Game::up()).unwrap());  // over exceeds ↑ ...
/// assert!(over < Stopper::from_game(Game::dyadic(1, 20)).unwrap()); // ... and is below 2^-20
/// assert_eq!(over.to_string(), "over");
/// assert_eq!((-&over).to_string(), "under");
/// ```
#[derive(Clone)]
pub struct Stopper(pub(crate) Arc<Canon>);

impl PartialEq for Stopper {
    fn eq(&self, other: &Stopper) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl Eq for Stopper {}

impl Hash for Stopper {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl std::fmt::Debug for Stopper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// A graph of one position with the given passes.
fn single(left_pass: bool, right_pass: bool) -> Graph {
    Graph {
        left: vec![if left_pass { vec![0] } else { vec![] }],
        right: vec![if right_pass { vec![0] } else { vec![] }],
    }
}

impl Stopper {
    /// The canonical form of the stopper at `start` in `graph`; [`LoopyError::NotStopper`] when
    /// some play from it alternates forever.
    pub(crate) fn from_graph(graph: &Graph, start: u32) -> Result<Stopper, LoopyError> {
        let g = graph.restrict(start);
        if let Some(short) = Stopper::from_loopfree(&g) {
            return short;
        }
        if !g.is_alternating_cycle_free() {
            return Err(LoopyError::NotStopper(
                "the game is not a stopper: some play alternates forever".into(),
            ));
        }
        Ok(Stopper(Arc::new(simplest_form(&g, 0)?)))
    }

    /// The canonical stopper at 0 of `g` (restricted to what 0 reaches) when `g` is loopfree: a
    /// short game, whose canonical stopper is its canonical form (CGT ch. VI), built followers
    /// first by the short algebra, without the survival order over every pair of positions
    /// that the general simplification needs (`5 & *842` lifts `*842`: 843 positions, whose
    /// survival order would be decided over every pair of them). `None` otherwise.
    fn from_loopfree(g: &Graph) -> Option<Result<Stopper, LoopyError>> {
        if !g.is_loopfree() {
            return None;
        }
        graph_games(g)[0].map(Stopper::from_game)
    }

    /// The canonical forms of the positions marked in `members` of `graph`, a set closed under
    /// moves on which no play alternates forever (`None` at the others): each the stopper
    /// [`Stopper::from_graph`] gives, the comparisons of the set's positions decided once for
    /// all of them ([`simplest_forms`]) unless there are too many pairs.
    pub(crate) fn all_from_graph(
        graph: &Graph,
        members: &[bool],
    ) -> Vec<Option<Result<Stopper, LoopyError>>> {
        let mut shared: Option<Result<Vec<Option<Canon>>, LoopyError>> = None;
        (0..graph.len())
            .map(|v| {
                if !members[v] {
                    return None;
                }
                crate::interrupt::check();
                let g = graph.restrict(v as u32);
                if let Some(short) = Stopper::from_loopfree(&g) {
                    return Some(short);
                }
                match shared.get_or_insert_with(|| simplest_forms(graph, members)) {
                    Ok(forms) => forms[v].clone().map(|c| Ok(Stopper(Arc::new(c)))),
                    Err(_) => Some(Stopper::from_graph(graph, v as u32)),
                }
            })
            .collect()
    }

    /// A stopper from a graph already in canonical form (simplified and fused), numbered anew.
    pub(crate) fn from_canonical_graph(graph: &Graph, start: u32) -> Stopper {
        Stopper(Arc::new(label(graph.restrict(start))))
    }

    /// The short game `g` as a stopper.
    ///
    /// Its canonical form has one position per distinct follower; more than about 2,000 (see
    /// [`MAX_PAIR_STATES`](super::MAX_PAIR_STATES)) is [`LoopyError::TooLarge`], so that every
    /// stopper can be compared with every other.
    pub fn from_game(g: Game) -> Result<Stopper, LoopyError> {
        let (graph, start) = Graph::from_game(g)?;
        super::graph::check_pairs(graph.len(), graph.len())?;
        Ok(Stopper::from_canonical_graph(&graph, start))
    }

    /// `0`.
    pub fn zero() -> Stopper {
        Stopper::from_canonical_graph(&single(false, false), 0)
    }

    /// `on = {pass | }`: Left may always pass; greater than every other stopper.
    pub fn on() -> Stopper {
        Stopper::from_canonical_graph(&single(true, false), 0)
    }

    /// `off = { | pass}`, the negative of `on`.
    pub fn off() -> Stopper {
        Stopper::from_canonical_graph(&single(false, true), 0)
    }

    /// `over = {0 | pass}`: positive, below every positive number, above every positive
    /// infinitesimal short game (WW ch. 11).
    pub fn over() -> Stopper {
        let g = Graph {
            left: vec![vec![1], vec![]],
            right: vec![vec![0], vec![]],
        };
        Stopper::from_canonical_graph(&g, 0)
    }

    /// `under = {pass | 0}`, the negative of `over`.
    pub fn under() -> Stopper {
        -&Stopper::over()
    }

    /// `upon = {pass | *}`, printed `^[on]` (WW ch. 11; CGSuite's `upon`).
    pub fn upon() -> Stopper {
        // 0 = upon, 1 = *, 2 = 0.
        let g = Graph {
            left: vec![vec![0], vec![2], vec![]],
            right: vec![vec![1], vec![2], vec![]],
        };
        Stopper::from_canonical_graph(&g, 0)
    }

    pub(crate) fn graph(&self) -> &Graph {
        &self.0.graph
    }

    pub(crate) fn start(&self) -> u32 {
        self.0.start
    }

    /// The number of positions of the canonical form.
    pub fn positions(&self) -> usize {
        self.0.graph.len()
    }

    /// Whether no position repeats: the stopper is a short game.
    pub fn is_loopfree(&self) -> bool {
        self.0.graph.is_loopfree()
    }

    /// Whether the graph of the canonical form has no cycle longer than a pass (a *plumtree*).
    pub fn is_plumtree(&self) -> bool {
        let g = &self.0.graph;
        let without_passes = Graph {
            left: (0..g.len())
                .map(|v| {
                    g.left[v]
                        .iter()
                        .copied()
                        .filter(|&w| w as usize != v)
                        .collect()
                })
                .collect(),
            right: (0..g.len())
                .map(|v| {
                    g.right[v]
                        .iter()
                        .copied()
                        .filter(|&w| w as usize != v)
                        .collect()
                })
                .collect(),
        };
        without_passes.is_loopfree()
    }

    /// The short game, when the stopper is loopfree.
    pub fn as_game(&self) -> Option<Game> {
        graph_games(&self.0.graph)[self.0.start as usize]
    }

    /// The Left options of the canonical form.
    pub fn left_options(&self) -> Vec<Stopper> {
        self.options(LEFT)
    }

    /// The Right options of the canonical form.
    pub fn right_options(&self) -> Vec<Stopper> {
        self.options(RIGHT)
    }

    fn options(&self, player: usize) -> Vec<Stopper> {
        self.0
            .graph
            .edges(player, self.0.start)
            .iter()
            .map(|&w| Stopper::from_canonical_graph(&self.0.graph, w))
            .collect()
    }

    /// `self <= other` by the survival game.
    pub fn le(&self, other: &Stopper) -> bool {
        if self == other {
            return true;
        }
        let p = Product::new(other.graph(), self.graph());
        let status = p.retrograde();
        stopper_ge(&status, &p, other.start(), self.start())
    }

    /// The outcome class (a stopper never draws on its own: every play of it ends).
    pub fn outcome(&self) -> Outcome {
        let zero = Stopper::zero();
        match (zero.le(self), self.le(&zero)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }
}

/// The short game of every loopfree position of a graph (`None` on positions that reach a
/// cycle), children before parents.
pub(crate) fn graph_games(g: &Graph) -> Vec<Option<Game>> {
    let comp = g.components();
    let n = g.len();
    let mut size = vec![0u32; n];
    for &c in &comp {
        size[c as usize] += 1;
    }
    let mut by_comp: Vec<usize> = (0..n).collect();
    by_comp.sort_by_key(|&v| comp[v]);
    let mut games: Vec<Option<Game>> = vec![None; n];
    for v in by_comp {
        if size[comp[v] as usize] > 1
            || g.left[v].contains(&(v as u32))
            || g.right[v].contains(&(v as u32))
        {
            continue;
        }
        let side = |edges: &[u32]| -> Option<Vec<Game>> {
            edges.iter().map(|&w| games[w as usize]).collect()
        };
        if let (Some(l), Some(r)) = (side(&g.left[v]), side(&g.right[v])) {
            games[v] = Some(Game::new(l, r));
        }
    }
    games
}

impl PartialOrd for Stopper {
    fn partial_cmp(&self, other: &Stopper) -> Option<Ordering> {
        if self == other {
            return Some(Ordering::Equal);
        }
        match (self.le(other), other.le(self)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

impl std::ops::Neg for &Stopper {
    type Output = Stopper;
    fn neg(self) -> Stopper {
        // The negative of a canonical form is canonical: only the numbering changes.
        Stopper::from_canonical_graph(&self.0.graph.negated(), self.0.start)
    }
}

impl std::ops::Neg for Stopper {
    type Output = Stopper;
    fn neg(self) -> Stopper {
        -&self
    }
}
