//! Misère play of rule-defined games: outcome classes of any ruleset, and misère canonical
//! forms, Grundy values and genera of impartial rulesets.
//!
//! **Outcome classes** ([`MisereSolver`]). Under misère play the player who cannot move *wins*.
//! So Left, moving first in `G`, wins exactly when she has no move or has a move to a position
//! from which Right, moving first, does not win; and symmetrically for Right. The outcome class
//! is `L` (Left wins whoever starts), `R`, `N` (the player to move wins) or `P`. Misère
//! outcomes of a sum are not determined by the components' outcomes, so the solver searches
//! whole positions (never [`Ruleset::components`]), with a transposition table keyed by the
//! normalised position and the player to move, an explicit stack instead of recursion, and the
//! search of a position cut short at its first winning move. This works for every ruleset; for
//! partizan games it is all that is defined here (misère canonical forms of partizan games are
//! not part of this library).
//!
//! ```
//! use partizan::rulesets::domineering::{Board, Domineering};
//! use partizan::solve::misere::MisereSolver;
//! use partizan::Outcome;
//! let mut s = MisereSolver::new(Domineering::rules_only());
//! // 1×2: only Right can move; whoever cannot move wins, so Left wins by having no move.
//! assert_eq!(s.outcome(&Board::parse("..").unwrap()), Outcome::L);
//! // 2×2: whoever moves first leaves the other player without a move, and loses.
//! assert_eq!(s.outcome(&Board::rectangle(2, 2)), Outcome::P);
//! ```
//!
//! **Impartial rulesets** ([`MisereImpartialSolver`]): the misère canonical form of a position
//! ([`crate::algebra::misere`]), built bottom-up like [`crate::solve::Solver`] builds normal-play
//! forms. Here the components may be split off: the misère canonical form of a sum is the sum of
//! the components' forms. From the form come the misère Grundy value `G⁻`, the genus and the
//! misère outcome.

use super::ruleset::{AsPartizan, ImpartialRuleset, Ruleset};
use super::solver::{expansion, resetting_on_unwind, Evaluated, Memo, Positions, SolveError};
use crate::algebra::misere::{Genus, MisereGame};
use crate::algebra::Outcome;

const UNKNOWN: u8 = 0;
const PENDING: u8 = 1;
const WIN: u8 = 2;
const LOSS: u8 = 3;

/// A position waiting for its options' results.
struct Frame {
    node: u32,
    /// 0: Left to move, 1: Right to move.
    player: usize,
    options: Vec<u32>,
    next: usize,
}

/// The misère outcome solver of a [`Ruleset`] (see the module documentation).
pub struct MisereSolver<R: Ruleset> {
    ruleset: R,
    positions: Positions<R::Position>,
    /// For each position and player to move: unknown, pending, win or loss for that player.
    state: Vec<[u8; 2]>,
}

impl<R: Ruleset> MisereSolver<R> {
    /// A solver with an empty transposition table.
    pub fn new(ruleset: R) -> MisereSolver<R> {
        MisereSolver {
            ruleset,
            positions: Positions::new(),
            state: Vec::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.positions.len()
    }

    fn intern(&mut self, p: R::Position) -> u32 {
        let (i, new) = self.positions.intern(p);
        if new {
            self.state.push([UNKNOWN; 2]);
        }
        i
    }

    /// The frame of `node` with `player` to move, or its result at once when that player has
    /// no move (and so wins).
    fn expand(&mut self, node: u32, player: usize) -> Option<Frame> {
        let p = &self.positions[node];
        let options = if player == 0 {
            self.ruleset.left_options(p)
        } else {
            self.ruleset.right_options(p)
        };
        if options.is_empty() {
            self.state[node as usize][player] = WIN;
            return None;
        }
        let options = options
            .into_iter()
            .map(|q| {
                let q = self.ruleset.normalize(q);
                self.intern(q)
            })
            .collect();
        self.state[node as usize][player] = PENDING;
        Some(Frame {
            node,
            player,
            options,
            next: 0,
        })
    }

    /// Whether `player` (0 Left, 1 Right), moving first from `root`, wins under misère play.
    /// Positions left pending by an unwind are forgotten (see [`resetting_on_unwind`]).
    fn wins(&mut self, root: u32, player: usize) -> Result<bool, SolveError> {
        resetting_on_unwind(
            self,
            |solver| {
                let mut done = Evaluated::new();
                let mut stack: Vec<Frame> = Vec::new();
                if solver.state[root as usize][player] == UNKNOWN {
                    stack.extend(solver.expand(root, player));
                }
                while let Some(top) = stack.last_mut() {
                    if top.next == top.options.len() {
                        // Every move leaves the opponent a win.
                        solver.state[top.node as usize][top.player] = LOSS;
                        stack.pop();
                        done.one();
                        continue;
                    }
                    let child = top.options[top.next];
                    let opponent = 1 - top.player;
                    match solver.state[child as usize][opponent] {
                        WIN => top.next += 1,
                        LOSS => {
                            solver.state[top.node as usize][top.player] = WIN;
                            stack.pop();
                            done.one();
                        }
                        PENDING => return Err(SolveError::Loopy),
                        _ => {
                            if let Some(f) = solver.expand(child, opponent) {
                                stack.push(f);
                            }
                        }
                    }
                }
                Ok(solver.state[root as usize][player] == WIN)
            },
            |solver| {
                for state in solver.state.iter_mut().flatten() {
                    if *state == PENDING {
                        *state = UNKNOWN;
                    }
                }
            },
        )
    }

    /// The misère outcome class of `position`.
    ///
    /// # Panics
    /// When the ruleset is loopy; see [`MisereSolver::try_outcome`].
    pub fn outcome(&mut self, position: &R::Position) -> Outcome {
        self.try_outcome(position)
            .unwrap_or_else(|e| panic!("partizan::MisereSolver::outcome: {e}"))
    }

    /// The misère outcome class of `position`, or an error when the game is loopy.
    pub fn try_outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        let root = self.ruleset.normalize(position.clone());
        let root = self.intern(root);
        let left = self.wins(root, 0)?;
        let right = self.wins(root, 1)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// Whether the player to move wins `position` of an impartial game (where Left's and
    /// Right's moves are the same): `N` or `P`, searched for one player only.
    fn impartial_outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        let root = self.ruleset.normalize(position.clone());
        let root = self.intern(root);
        Ok(if self.wins(root, 0)? {
            Outcome::N
        } else {
            Outcome::P
        })
    }
}

/// Misère canonical forms, Grundy values, genera and outcomes of an [`ImpartialRuleset`]'s
/// positions (see the module documentation).
pub struct MisereImpartialSolver<R: ImpartialRuleset> {
    outcomes: MisereSolver<AsPartizan<R>>,
    memo: Memo<R::Position, MisereGame>,
}

impl<R: ImpartialRuleset> MisereImpartialSolver<R> {
    /// A solver with empty transposition tables.
    pub fn new(ruleset: R) -> MisereImpartialSolver<R> {
        MisereImpartialSolver {
            outcomes: MisereSolver::new(AsPartizan(ruleset)),
            memo: Memo::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.outcomes.ruleset().0
    }

    /// The misère canonical form of `position`.
    ///
    /// # Panics
    /// When the ruleset is loopy; see [`MisereImpartialSolver::try_canonical_form`].
    pub fn canonical_form(&mut self, position: &R::Position) -> MisereGame {
        self.try_canonical_form(position)
            .unwrap_or_else(|e| panic!("partizan::MisereImpartialSolver::canonical_form: {e}"))
    }

    /// The misère canonical form of `position`, or an error when the game is loopy.
    pub fn try_canonical_form(&mut self, position: &R::Position) -> Result<MisereGame, SolveError> {
        let rules = &self.outcomes.ruleset().0;
        let root = rules.normalize(position.clone());
        self.memo.evaluate(
            root,
            |_| None,
            |p, known_component| {
                expansion(
                    p,
                    known_component,
                    |x| rules.components(x),
                    |x| rules.normalize(x),
                    |x| (rules.options(x), Vec::new()),
                )
            },
            |values| values.fold(MisereGame::zero(), |a, b| a + b),
            |options, _| MisereGame::new(options.iter().copied()),
        )
    }

    /// The misère Grundy value `G⁻` of `position` (from its canonical form).
    pub fn misere_grundy(&mut self, position: &R::Position) -> Result<u64, SolveError> {
        Ok(self.try_canonical_form(position)?.misere_grundy())
    }

    /// The genus of `position` (from its canonical form).
    pub fn genus(&mut self, position: &R::Position) -> Result<Genus, SolveError> {
        Ok(self.try_canonical_form(position)?.genus().clone())
    }

    /// The misère outcome of `position`, `N` or `P`, by a search of the game tree that builds no
    /// canonical form (so it also works where the forms grow too large).
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        self.outcomes.impartial_outcome(position)
    }
}

/// The genera of the heaps `0..=n` of a heap game, for the tables of `grundy --misere`: `heap(k)`
/// is the position of one heap of `k`. The misère Grundy value of heap `k` is
/// `genera[k].misere_grundy()`.
///
/// ```
/// use partizan::rulesets::octal::OctalGame;
/// use partizan::solve::misere::heap_genera;
/// // Kayles: *, *2, *3 for the first heaps, then the tame {0, *2, *3} of genus 1^031.
/// let g = heap_genera(OctalGame::kayles(), |k| vec![k], 4).unwrap();
/// let shown: Vec<String> = g.iter().map(|x| x.to_string()).collect();
/// assert_eq!(shown, ["0^120", "1^031", "2^20", "3^31", "1^031"]);
/// ```
pub fn heap_genera<R: ImpartialRuleset>(
    ruleset: R,
    heap: impl Fn(usize) -> R::Position,
    n: usize,
) -> Result<Vec<Genus>, SolveError> {
    let mut solver = MisereImpartialSolver::new(ruleset);
    (0..=n).map(|k| solver.genus(&heap(k))).collect()
}
