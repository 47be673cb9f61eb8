//! Evaluating rule-defined positions: canonical forms and Grundy values.
//!
//! Both solvers work bottom-up with an explicit stack, never by recursion, so a position whose
//! game tree is a million moves deep (a Nim-like heap of 1,000,000, a 1×2000 strip) evaluates
//! without a stack overflow. Each keeps a transposition table (`hashbrown`) from normalised
//! positions to values, and splits a position into its independent components when the ruleset
//! can: the value of a sum is the sum of the values (the XOR of Grundy values).
//!
//! A ruleset whose positions can repeat is not short; the solvers detect a position that is its
//! own descendant and report it as [`SolveError::Loopy`] instead of looping.

use super::ruleset::{ImpartialRuleset, Ruleset};
use crate::game::Game;
use hashbrown::{HashMap, HashSet};
use std::fmt;

/// Why a position could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A position can be reached from itself: the game is loopy, not short.
    Loopy,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Loopy => write!(
                f,
                "a position can be reached from itself: the game is loopy, and only short games have canonical forms"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// What a pending position waits for.
enum Pending<P> {
    /// The position is the sum of these components.
    Sum(Vec<P>),
    /// The position is `{left | right}`.
    Form(Vec<P>, Vec<P>),
}

enum Task<P> {
    Eval(P),
    Combine(P, Pending<P>),
}

/// The canonical-form solver of a partizan [`Ruleset`].
pub struct Solver<R: Ruleset> {
    ruleset: R,
    table: HashMap<R::Position, Game>,
}

impl<R: Ruleset> Solver<R> {
    /// A solver with an empty transposition table.
    pub fn new(ruleset: R) -> Solver<R> {
        Solver {
            ruleset,
            table: HashMap::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of `position`.
    ///
    /// # Panics
    /// When the ruleset is loopy (a position is its own descendant); see [`Solver::try_value`].
    pub fn value(&mut self, position: &R::Position) -> Game {
        self.try_value(position)
            .unwrap_or_else(|e| panic!("partizan::Solver::value: {e}"))
    }

    /// The canonical form of `position`, or an error when the game is loopy.
    pub fn try_value(&mut self, position: &R::Position) -> Result<Game, SolveError> {
        let root = self.ruleset.normalize(position.clone());
        if let Some(g) = self.table.get(&root) {
            return Ok(*g);
        }
        let mut pending: HashSet<R::Position> = HashSet::new();
        let mut stack = vec![Task::Eval(root.clone())];
        while let Some(task) = stack.pop() {
            match task {
                Task::Eval(p) => {
                    if self.table.contains_key(&p) {
                        continue;
                    }
                    if pending.contains(&p) {
                        return Err(SolveError::Loopy);
                    }
                    if let Some(v) = self.ruleset.known_value(&p) {
                        self.table.insert(p, v);
                        continue;
                    }
                    let parts = self.ruleset.components(&p);
                    let whole = parts.len() == 1 && parts[0] == p;
                    let job = if whole {
                        let norm = |v: Vec<R::Position>| -> Vec<R::Position> {
                            v.into_iter().map(|q| self.ruleset.normalize(q)).collect()
                        };
                        Pending::Form(
                            norm(self.ruleset.left_options(&p)),
                            norm(self.ruleset.right_options(&p)),
                        )
                    } else {
                        Pending::Sum(
                            parts
                                .into_iter()
                                .map(|q| self.ruleset.normalize(q))
                                .collect(),
                        )
                    };
                    let deps: Vec<R::Position> = match &job {
                        Pending::Sum(v) => v.clone(),
                        Pending::Form(l, r) => l.iter().chain(r).cloned().collect(),
                    };
                    pending.insert(p.clone());
                    stack.push(Task::Combine(p, job));
                    for d in deps {
                        if !self.table.contains_key(&d) {
                            stack.push(Task::Eval(d));
                        }
                    }
                }
                Task::Combine(p, job) => {
                    let get = |q: &R::Position| self.table[q];
                    let v = match &job {
                        Pending::Sum(parts) => parts.iter().map(get).sum(),
                        Pending::Form(l, r) => Game::new(l.iter().map(get), r.iter().map(get)),
                    };
                    pending.remove(&p);
                    self.table.insert(p, v);
                }
            }
        }
        Ok(self.table[&root])
    }
}

/// The Grundy-value solver of an [`ImpartialRuleset`]: values are integers, the mex of the
/// options' values, XORed over components (Sprague–Grundy), never canonical forms.
pub struct GrundySolver<R: ImpartialRuleset> {
    ruleset: R,
    table: HashMap<R::Position, u64>,
}

impl<R: ImpartialRuleset> GrundySolver<R> {
    /// A solver with an empty transposition table.
    pub fn new(ruleset: R) -> GrundySolver<R> {
        GrundySolver {
            ruleset,
            table: HashMap::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The Grundy value of `position`.
    ///
    /// # Panics
    /// When the ruleset is loopy; see [`GrundySolver::try_grundy`].
    pub fn grundy(&mut self, position: &R::Position) -> u64 {
        self.try_grundy(position)
            .unwrap_or_else(|e| panic!("partizan::GrundySolver::grundy: {e}"))
    }

    /// The Grundy value of `position`, or an error when the game is loopy.
    pub fn try_grundy(&mut self, position: &R::Position) -> Result<u64, SolveError> {
        let root = self.ruleset.normalize(position.clone());
        if let Some(g) = self.table.get(&root) {
            return Ok(*g);
        }
        let mut pending: HashSet<R::Position> = HashSet::new();
        let mut stack = vec![Task::Eval(root.clone())];
        while let Some(task) = stack.pop() {
            match task {
                Task::Eval(p) => {
                    if self.table.contains_key(&p) {
                        continue;
                    }
                    if pending.contains(&p) {
                        return Err(SolveError::Loopy);
                    }
                    if let Some(v) = self.ruleset.known_grundy(&p) {
                        self.table.insert(p, v);
                        continue;
                    }
                    let parts = self.ruleset.components(&p);
                    let whole = parts.len() == 1 && parts[0] == p;
                    let job = if whole {
                        let opts: Vec<R::Position> = self
                            .ruleset
                            .options(&p)
                            .into_iter()
                            .map(|q| self.ruleset.normalize(q))
                            .collect();
                        Pending::Form(opts, Vec::new())
                    } else {
                        Pending::Sum(
                            parts
                                .into_iter()
                                .map(|q| self.ruleset.normalize(q))
                                .collect(),
                        )
                    };
                    let deps: Vec<R::Position> = match &job {
                        Pending::Sum(v) | Pending::Form(v, _) => v.clone(),
                    };
                    pending.insert(p.clone());
                    stack.push(Task::Combine(p, job));
                    for d in deps {
                        if !self.table.contains_key(&d) {
                            stack.push(Task::Eval(d));
                        }
                    }
                }
                Task::Combine(p, job) => {
                    let v = match &job {
                        Pending::Sum(parts) => parts.iter().fold(0, |acc, q| acc ^ self.table[q]),
                        Pending::Form(opts, _) => {
                            crate::game::mex(opts.iter().map(|q| self.table[q]))
                        }
                    };
                    pending.remove(&p);
                    self.table.insert(p, v);
                }
            }
        }
        Ok(self.table[&root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::ruleset::AsPartizan;

    /// Subtraction game S = {1, 2, 3}: Grundy value n mod 4 (Bouton-style periodicity; *Winning
    /// Ways* Ch. 4).
    struct Sub123;

    impl ImpartialRuleset for Sub123 {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=3).filter(|k| k <= n).map(|k| n - k).collect()
        }
    }

    /// A loopy game: a token moves between two cells.
    struct Loop;

    impl ImpartialRuleset for Loop {
        type Position = bool;
        fn options(&self, p: &bool) -> Vec<bool> {
            vec![!p]
        }
    }

    #[test]
    fn deep_chain_without_stack_overflow() {
        let mut s = GrundySolver::new(Sub123);
        assert_eq!(s.grundy(&1_000_000), 0);
        assert_eq!(s.grundy(&999_999), 3);
        let mut c = Solver::new(AsPartizan(Sub123));
        assert_eq!(c.value(&100_003), Game::nimber(3));
    }

    #[test]
    fn loopy_games_are_reported() {
        assert_eq!(
            GrundySolver::new(Loop).try_grundy(&true),
            Err(SolveError::Loopy)
        );
        assert_eq!(
            Solver::new(AsPartizan(Loop)).try_value(&true),
            Err(SolveError::Loopy)
        );
    }
}
