//! Win/lose/draw game trees that are not normal play: minimax with a memo.
//!
//! Games like tic-tac-toe end in a win for one side or a draw by rules of their own, so they have
//! no canonical form; what can be computed is the result under perfect play. A [`GameTree`] gives
//! a position's moves and, for a finished position, its result; [`Minimax`] evaluates positions
//! bottom-up with an explicit stack (no recursion-depth limit) and a transposition table, and
//! reports a position that is its own descendant as [`SolveError::Loopy`].
//!
//! ```
//! use partizan::solve::minimax::{GameResult, GameTree, Minimax};
//!
//! /// A heap; a move takes 1 or 2; whoever takes the last token wins.
//! struct Take12;
//! impl GameTree for Take12 {
//!     type Position = u32;
//!     fn result(&self, n: &u32) -> Option<GameResult> {
//!         (*n == 0).then_some(GameResult::Loss)
//!     }
//!     fn moves(&self, n: &u32) -> Vec<u32> {
//!         (1..=2).filter(|k| k <= n).map(|k| n - k).collect()
//!     }
//! }
//! let mut m = Minimax::new(Take12);
//! assert_eq!(m.result(&9), Ok(GameResult::Loss));
//! assert_eq!(m.result(&10), Ok(GameResult::Win));
//! ```

use super::solver::SolveError;
use hashbrown::{HashMap, HashSet};
use std::hash::Hash;

/// The result of a position for the player to move, under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameResult {
    /// The player to move loses.
    Loss,
    /// Neither player can force a win.
    Draw,
    /// The player to move wins.
    Win,
}

impl GameResult {
    /// The result for the other player.
    pub fn flip(self) -> GameResult {
        match self {
            GameResult::Loss => GameResult::Win,
            GameResult::Draw => GameResult::Draw,
            GameResult::Win => GameResult::Loss,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GameResult::Loss => "loss",
            GameResult::Draw => "draw",
            GameResult::Win => "win",
        })
    }
}

/// A game given by its positions, its moves and the results of finished positions.
pub trait GameTree {
    /// A position, including whose turn it is.
    type Position: Clone + Eq + Hash;

    /// The result for the player to move when the game is over at `position`, `None` otherwise.
    fn result(&self, position: &Self::Position) -> Option<GameResult>;

    /// The positions the player to move can reach (only asked when the game is not over). A
    /// position that is not over and has no moves is a draw.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// A representative of the positions equivalent to `position` under a symmetry (the default
    /// is the position itself).
    fn normalize(&self, position: Self::Position) -> Self::Position {
        position
    }
}

/// A position on the work stack, with its normalised children once it has been expanded.
type Frame<P> = (P, Option<Vec<P>>);

/// Minimax with a transposition table.
pub struct Minimax<T: GameTree> {
    tree: T,
    memo: HashMap<T::Position, GameResult>,
}

impl<T: GameTree> Minimax<T> {
    /// A solver with an empty table.
    pub fn new(tree: T) -> Minimax<T> {
        Minimax {
            tree,
            memo: HashMap::new(),
        }
    }

    /// The game.
    pub fn tree(&self) -> &T {
        &self.tree
    }

    /// The number of distinct (normalised) positions evaluated so far: after [`Minimax::result`]
    /// of a start position, the positions reachable from it in play (play stops at a finished
    /// position).
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The result of `position` for the player to move.
    pub fn result(&mut self, position: &T::Position) -> Result<GameResult, SolveError> {
        let root = self.tree.normalize(position.clone());
        let mut pending: HashSet<T::Position> = HashSet::new();
        let mut stack: Vec<Frame<T::Position>> = vec![(root.clone(), None)];
        while let Some((p, children)) = stack.pop() {
            match children {
                None => {
                    if self.memo.contains_key(&p) {
                        continue;
                    }
                    if pending.contains(&p) {
                        return Err(SolveError::Loopy);
                    }
                    if let Some(r) = self.tree.result(&p) {
                        self.memo.insert(p, r);
                        continue;
                    }
                    let kids: Vec<T::Position> = self
                        .tree
                        .moves(&p)
                        .into_iter()
                        .map(|q| self.tree.normalize(q))
                        .collect();
                    pending.insert(p.clone());
                    let todo: Vec<T::Position> = kids
                        .iter()
                        .filter(|k| !self.memo.contains_key(*k))
                        .cloned()
                        .collect();
                    stack.push((p, Some(kids)));
                    stack.extend(todo.into_iter().map(|k| (k, None)));
                }
                Some(kids) => {
                    // The best result for the mover is the best flipped result of a child.
                    let r = kids
                        .iter()
                        .map(|k| self.memo[k].flip())
                        .max()
                        .unwrap_or(GameResult::Draw);
                    pending.remove(&p);
                    self.memo.insert(p, r);
                }
            }
        }
        Ok(self.memo[&root])
    }
}
