//! The loopy game of the API: a game graph and a start position, with the questions asked of
//! it (outcomes, options, sums, its stopper or sided value).

use super::error::LoopyError;
use super::graph::{too_large_graph, Graph, LEFT, RIGHT};
use super::pair::{outcomes, LoopyOutcome};
use super::sides::SidedValue;
use super::stopper::Stopper;
use super::MAX_GRAPH_VERTICES;
use crate::algebra::Game;

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
    /// alternating play (CGT ch. VI).
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
    /// particular when there is no move), and a draw otherwise (WW ch. 11; CGT
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

    /// The value of every position of the graph (by index), as [`LoopyGame::value`] gives it
    /// for the start, the work shared between positions: the onside order of all pairs of
    /// positions is decided once for the whole graph, not once for each position.
    pub fn values(&self) -> Vec<Result<SidedValue, LoopyError>> {
        SidedValue::all_from_graph(&self.graph)
    }
}

/// A game graph built position by position, for a reader of the notation: a literal such as
/// `a{0|{a|*}}` names positions that its options come back to, so its graph is built one
/// position and one move at a time, with games given whole (a short game, a stopper, the graph
/// of a sum) copied in as parts of it.
///
/// ```
/// use partizan::algebra::loopy::{GraphBuilder, LoopyGame};
/// // over = {0 | pass}: Right's only move comes back to over itself.
/// let mut b = GraphBuilder::new();
/// let over = b.add_position().unwrap();
/// let zero = b.add_game(&LoopyGame::from_game(partizan::Game::zero()).unwrap()).unwrap();
/// b.add_left(over, zero);
/// b.add_right(over, over);
/// assert_eq!(b.game(over).value().unwrap().to_string(), "over");
/// ```
#[derive(Clone, Debug, Default)]
pub struct GraphBuilder {
    graph: Graph,
}

impl GraphBuilder {
    /// A graph without positions.
    pub fn new() -> GraphBuilder {
        GraphBuilder::default()
    }

    /// The number of positions so far.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether there are no positions yet.
    pub fn is_empty(&self) -> bool {
        self.graph.len() == 0
    }

    /// A new position without moves, or [`LoopyError::TooLarge`] beyond
    /// [`MAX_GRAPH_VERTICES`] positions.
    pub fn add_position(&mut self) -> Result<usize, LoopyError> {
        if self.graph.len() >= MAX_GRAPH_VERTICES {
            return Err(too_large_graph());
        }
        Ok(self.graph.push() as usize)
    }

    /// A move for Left from position `from` to position `to`.
    ///
    /// # Panics
    ///
    /// When either position does not exist.
    pub fn add_left(&mut self, from: usize, to: usize) {
        assert!(to < self.graph.len(), "position {to} does not exist");
        self.graph.left[from].push(to as u32);
    }

    /// A move for Right from position `from` to position `to`.
    ///
    /// # Panics
    ///
    /// When either position does not exist.
    pub fn add_right(&mut self, from: usize, to: usize) {
        assert!(to < self.graph.len(), "position {to} does not exist");
        self.graph.right[from].push(to as u32);
    }

    /// A copy of the positions of `game` reachable from its start; returns the position of
    /// its start here.
    pub fn add_game(&mut self, game: &LoopyGame) -> Result<usize, LoopyError> {
        let part = game.graph.restrict(game.start);
        if self.graph.len() + part.len() > MAX_GRAPH_VERTICES {
            return Err(too_large_graph());
        }
        Ok(self.graph.append(&part) as usize)
    }

    /// The game from position `start`: the positions reachable from it (renumbered, `start`
    /// first, repeated moves once).
    ///
    /// # Panics
    ///
    /// When the position does not exist.
    pub fn game(&self, start: usize) -> LoopyGame {
        assert!(start < self.graph.len(), "position {start} does not exist");
        LoopyGame {
            graph: self.graph.restrict(start as u32),
            start: 0,
        }
    }
}

impl Stopper {
    /// The stopper as a loopy game (its canonical graph).
    pub fn to_loopy_game(&self) -> LoopyGame {
        LoopyGame {
            graph: self.0.graph.clone(),
            start: self.0.start,
        }
    }
}
