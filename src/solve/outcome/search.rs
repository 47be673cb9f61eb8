//! The outcome search of a [`Ruleset`]: a sum of components searched with a transposition
//! table, components replaced by their values where the canonical-form engine finds them on a
//! small budget (see the module documentation of [`crate::solve::outcome`]).

use super::{attempt, first_player_wins, outcome_of, Expansions, SearchOptions, SearchStats};
use crate::algebra::{Game, Outcome};
use crate::solve::ruleset::Ruleset;
use crate::solve::solver::Solver;
use crate::Error;
use hashbrown::HashMap;
use std::hash::{BuildHasher, Hash};

/// A state of the search: the components not replaced by values, the values (at most one of
/// the form `x + n·↑ + *k`, first), and who is to move.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key<P> {
    positions: Vec<P>,
    values: Vec<Game>,
    left_to_move: bool,
}

/// A component as the search holds it: a value, or a position to search.
enum Part<P> {
    Value(Game),
    Position(P),
}

/// How the components' canonical forms are computed.
enum Values<R: Ruleset> {
    /// By the generic solver, whose table keeps what an abandoned attempt finished.
    Solver(Solver<R>),
    /// By a function (a family's own engine).
    Function(fn(&R, &R::Position) -> Result<Game, Error>),
}

/// What [`OutcomeSearch::expand`] finds.
enum Expanded<P> {
    /// The states to search, the player to move having moved.
    Children(Vec<Key<P>>),
    /// A move to a state known to be lost for the opponent.
    Wins,
}

/// A position on the search's stack, with the moves still to try.
struct Frame<P> {
    key: Key<P>,
    children: Vec<Key<P>>,
    next: usize,
}

/// The outcome search of a [`Ruleset`] (see the module documentation).
pub struct OutcomeSearch<R: Ruleset> {
    ruleset: R,
    values: Values<R>,
    options: SearchOptions,
    known: HashMap<R::Position, Option<Game>>,
    table: HashMap<Key<R::Position>, bool>,
    stats: SearchStats,
    /// Positions expanded, for the progress display and the interruption points.
    expansions: Expansions,
    /// Positions the canonical-form engine evaluated in the attempts to value components.
    attempt_work: u64,
}

/// The number of attempts' budgets ([`SearchOptions::component_budget`]) the attempts to value
/// components may take before they are held to the search's own work (see
/// [`OutcomeSearch::part`]).
const ATTEMPTS_AHEAD: u64 = 4;

impl<R: Ruleset + Clone> OutcomeSearch<R> {
    /// A search whose components are valued by the generic canonical-form solver.
    pub fn new(ruleset: R) -> OutcomeSearch<R> {
        let solver = Solver::new(ruleset.clone());
        OutcomeSearch::with_values(ruleset, Values::Solver(solver))
    }
}

impl<R: Ruleset> OutcomeSearch<R> {
    /// A search whose components are valued by `value` (a family's engine, say), which must
    /// give the canonical form of a position of `ruleset`.
    pub fn with_value_function(
        ruleset: R,
        value: fn(&R, &R::Position) -> Result<Game, Error>,
    ) -> OutcomeSearch<R> {
        OutcomeSearch::with_values(ruleset, Values::Function(value))
    }

    fn with_values(ruleset: R, values: Values<R>) -> OutcomeSearch<R> {
        OutcomeSearch {
            ruleset,
            values,
            options: SearchOptions::default(),
            known: HashMap::new(),
            table: HashMap::new(),
            stats: SearchStats::default(),
            expansions: Expansions::default(),
            attempt_work: 0,
        }
    }

    /// The search with other settings.
    pub fn options(mut self, options: SearchOptions) -> OutcomeSearch<R> {
        self.options = options;
        self
    }

    /// What the searches so far did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The outcome class of `position`: `L` when Left wins whoever starts, `R` when Right does,
    /// `N` when the player to move wins, `P` when the other does.
    ///
    /// # Errors
    /// An error of the canonical-form engine that is not a matter of size (a loopy ruleset).
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, Error> {
        let left_first = self.wins_moving_first(position, true)?;
        let right_first = self.wins_moving_first(position, false)?;
        Ok(outcome_of(left_first, right_first))
    }

    /// Whether the player who moves first in `position` (Left when `left`) wins.
    pub fn wins_moving_first(&mut self, position: &R::Position, left: bool) -> Result<bool, Error> {
        // The first search is for a position that does not split: a sum of several components
        // is decided better by their values, found part by part.
        let parts = self.ruleset.components(position);
        if self.options.first_budget > 0 && parts.len() == 1 {
            let key = Key {
                positions: parts.clone(),
                values: Vec::new(),
                left_to_move: left,
            };
            self.stats.first_tried += 1;
            let result = self.search(key, Some(self.options.first_budget));
            self.expansions.record();
            if let Some(wins) = result? {
                self.stats.first_decided += 1;
                return Ok(wins);
            }
        }
        let mut key = Key {
            positions: Vec::new(),
            values: Vec::new(),
            left_to_move: left,
        };
        for c in parts {
            let c = self.ruleset.normalize(c);
            match self.part(c)? {
                Part::Value(g) => add_value(&mut key.values, g),
                Part::Position(p) => key.positions.push(p),
            }
        }
        self.sort(&mut key);
        let result = self.search(key, None);
        self.expansions.record();
        Ok(result?.expect("a search without a budget decides"))
    }

    /// The component `c` (normalized) as a value when one is known or found within the budget.
    fn part(&mut self, c: R::Position) -> Result<Part<R::Position>, Error> {
        if let Some(known) = self.known.get(&c) {
            return Ok(match known {
                Some(g) => Part::Value(*g),
                None => Part::Position(c),
            });
        }
        let value = match self.ruleset.known_value(&c) {
            Some(g) => Some(g),
            // The attempts may take as much work as the search itself (and a start of
            // ATTEMPTS_AHEAD attempts): where values are expensive and rarely found (NoGo,
            // Elephants and Rhinos), the search goes on without them, at most about twice as
            // slowly as with none.
            None if self.attempt_work
                > self.stats.nodes
                    + ATTEMPTS_AHEAD.saturating_mul(self.options.component_budget) =>
            {
                return Ok(Part::Position(c));
            }
            None => {
                let before = crate::progress::positions();
                let v = self.value_within_budget(&c)?;
                self.attempt_work += crate::progress::positions().saturating_sub(before);
                v
            }
        };
        if value.is_some() {
            self.stats.components_valued += 1;
        } else {
            self.stats.components_searched += 1;
        }
        if self.known.len() >= self.options.table_entries {
            self.known.clear();
        }
        self.known.insert(c.clone(), value);
        Ok(match value {
            Some(g) => Part::Value(g),
            None => Part::Position(c),
        })
    }

    /// The canonical form of `c` if the engine finds it within the budget; `None` when it runs
    /// out of budget or meets a size limit of the algebra.
    fn value_within_budget(&mut self, c: &R::Position) -> Result<Option<Game>, Error> {
        let budget = self.options.component_budget;
        if budget == 0 {
            return Ok(None);
        }
        let ruleset = &self.ruleset;
        let values = &mut self.values;
        attempt(budget, || match values {
            Values::Solver(s) => {
                if s.table_len() >= self.options.table_entries {
                    s.clear();
                }
                s.try_value(c).map_err(Error::from)
            }
            Values::Function(f) => f(ruleset, c),
        })
    }

    /// Puts the state in its standard order, so that one sum has one key.
    fn sort(&self, key: &mut Key<R::Position>) {
        // A hash with a fixed seed: the order of the components is the order their moves are
        // tried in, so the same search takes the same path in every run.
        let hasher = foldhash::fast::FixedState::default();
        key.positions.sort_by_cached_key(|p| hasher.hash_one(p));
        // The value x + n·↑ + *k, if any, stays first.
        let from = usize::from(key.values.first().is_some_and(Game::is_nus));
        key.values[from..].sort_by_cached_key(|g| hasher.hash_one(g));
    }

    /// Whether the player to move in `key` wins, if that is known without search: a sum of
    /// values, or a result in the table.
    fn decided(&mut self, key: &Key<R::Position>) -> Option<bool> {
        if let Some(&r) = self.table.get(key) {
            self.stats.table_hits += 1;
            return Some(r);
        }
        if !key.positions.is_empty() {
            return None;
        }
        let total = key.values.iter().fold(Game::zero(), |a, b| a + *b);
        let wins = first_player_wins(total, key.left_to_move);
        if key.values.len() > 1 {
            self.store(key.clone(), wins);
        }
        Some(wins)
    }

    fn store(&mut self, key: Key<R::Position>, wins: bool) {
        if self.table.len() >= self.options.table_entries {
            self.table.clear();
            self.stats.table_clears += 1;
        }
        self.table.insert(key, wins);
    }

    /// The states the player to move in `key` can move to, or [`Expanded::Wins`] when one of
    /// them is known to be lost for the opponent. With `plain` (the first search), the
    /// components of the options are neither normalized nor valued.
    fn expand(
        &mut self,
        key: &Key<R::Position>,
        plain: bool,
    ) -> Result<Expanded<R::Position>, Error> {
        if plain {
            self.stats.first_nodes += 1;
        } else {
            self.stats.nodes += 1;
        }
        self.expansions.expand();
        let left = key.left_to_move;
        let mut children = Vec::new();
        let mut values_moves = Vec::new();
        for (i, p) in key.positions.iter().enumerate() {
            // A component that appears twice gives the same moves twice.
            if i > 0 && key.positions[i - 1] == *p {
                continue;
            }
            let options = if left {
                self.ruleset.left_options(p)
            } else {
                self.ruleset.right_options(p)
            };
            for o in options {
                let mut child = Key {
                    positions: Vec::with_capacity(key.positions.len()),
                    values: key.values.clone(),
                    left_to_move: !left,
                };
                child.positions.extend(key.positions[..i].iter().cloned());
                child
                    .positions
                    .extend(key.positions[i + 1..].iter().cloned());
                if plain {
                    child.positions.extend(self.ruleset.components(&o));
                    self.sort(&mut child);
                    match self.decided(&child) {
                        Some(false) => return Ok(Expanded::Wins),
                        Some(true) => {}
                        None => children.push(child),
                    }
                    continue;
                }
                for c in self.ruleset.components(&o) {
                    let c = self.ruleset.normalize(c);
                    match self.part(c)? {
                        Part::Value(g) => add_value(&mut child.values, g),
                        Part::Position(q) => child.positions.push(q),
                    }
                }
                self.sort(&mut child);
                match self.decided(&child) {
                    Some(false) => return Ok(Expanded::Wins),
                    Some(true) => {}
                    None => children.push(child),
                }
            }
        }
        for (j, g) in key.values.iter().enumerate() {
            if j > 0 && key.values[j - 1] == *g {
                continue;
            }
            let options = if left {
                g.left_options()
            } else {
                g.right_options()
            };
            for &o in options {
                let mut values: Vec<Game> = key.values.clone();
                values.remove(j);
                add_value(&mut values, o);
                let mut child = Key {
                    positions: key.positions.clone(),
                    values,
                    left_to_move: !left,
                };
                self.sort(&mut child);
                match self.decided(&child) {
                    Some(false) => return Ok(Expanded::Wins),
                    Some(true) => {}
                    // Moves in numbers last: they are rarely the winning ones.
                    None if g.is_number() => values_moves.push(child),
                    None => children.push(child),
                }
            }
        }
        // The moves that leave the most to the mover first: by the sum of the means of the
        // values (the components already valued), highest first for Left, lowest for Right.
        let score = |k: &Key<R::Position>| -> f64 {
            let total: f64 = k.values.iter().map(|g| g.mean().to_f64()).sum();
            if left {
                -total
            } else {
                total
            }
        };
        let mut scored: Vec<(f64, Key<R::Position>)> =
            children.into_iter().map(|k| (score(&k), k)).collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut children: Vec<Key<R::Position>> = scored.into_iter().map(|(_, k)| k).collect();
        children.extend(values_moves);
        Ok(Expanded::Children(children))
    }

    /// Whether the player to move in `root` wins; `None` when `budget` is given (the first
    /// search, [`SearchOptions::first_budget`]: components not valued) and the search would
    /// expand more positions than it. What it decided stays in the table.
    fn search(
        &mut self,
        root: Key<R::Position>,
        budget: Option<u64>,
    ) -> Result<Option<bool>, Error> {
        if let Some(r) = self.decided(&root) {
            return Ok(Some(r));
        }
        let start = self.stats.first_nodes;
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        // The result of the state just decided, for the player to move in it.
        let mut last: Option<bool> = None;
        let mut pending = Some(root);
        loop {
            if let Some(key) = pending.take() {
                if budget.is_some_and(|b| self.stats.first_nodes - start >= b) {
                    return Ok(None);
                }
                match self.expand(&key, budget.is_some())? {
                    Expanded::Wins => {
                        self.store(key, true);
                        last = Some(true);
                    }
                    Expanded::Children(children) if children.is_empty() => {
                        self.store(key, false);
                        last = Some(false);
                    }
                    Expanded::Children(children) => stack.push(Frame {
                        key,
                        children,
                        next: 0,
                    }),
                }
            }
            let Some(frame) = stack.last_mut() else {
                return Ok(Some(last.expect("the root was decided")));
            };
            if last.take() == Some(false) {
                // The opponent loses after this move: the player to move wins.
                let frame = stack.pop().expect("a frame");
                self.store(frame.key, true);
                last = Some(true);
                continue;
            }
            if frame.next == frame.children.len() {
                let frame = stack.pop().expect("a frame");
                self.store(frame.key, false);
                last = Some(false);
                continue;
            }
            let child = std::mem::replace(
                &mut frame.children[frame.next],
                Key {
                    positions: Vec::new(),
                    values: Vec::new(),
                    left_to_move: false,
                },
            );
            frame.next += 1;
            match self.decided(&child) {
                Some(r) => last = Some(r),
                None => pending = Some(child),
            }
        }
    }
}

/// Adds the value `g` to the values of a state: a value `x + n·↑ + *k` into the one such value
/// (kept first), another value beside the rest unless its negative is there, when both go
/// (`G + (−G) = 0`).
fn add_value(values: &mut Vec<Game>, g: Game) {
    if g.is_nus() {
        match values.first_mut() {
            Some(first) if first.is_nus() => {
                *first += g;
                if first.is_zero() {
                    values.remove(0);
                }
            }
            _ if g.is_zero() => {}
            _ => values.insert(0, g),
        }
        return;
    }
    let negative = -g;
    if let Some(i) = values.iter().position(|v| *v == negative) {
        values.remove(i);
    } else {
        values.push(g);
    }
}
