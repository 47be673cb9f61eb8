//! Outcome by search: who wins a position, found by minimax search of its game tree instead of
//! its canonical form.
//!
//! The outcome class of `G` says who wins with each player moving first: Left moving first wins
//! exactly when some Left option `G^L` is one that Left wins with Right moving first, and so on
//! (LIP ch. 2; CGT §I.1). Deciding that needs no value, only a search of
//! the game tree, and where a canonical form is out of reach (forms with millions of
//! followers) the search may still be short. This is the approach of MCGS, the University of
//! Alberta's solver for sums of games.
//!
//! [`OutcomeSearch`] searches a position of a [`Ruleset`] as a *sum*: a position splits into
//! its components ([`Ruleset::components`]), a move is a move in one component, and the state
//! of the search is the multiset of components. A position that does not split is first
//! searched as it is, for at most [`SearchOptions::first_budget`] positions, stopping at the
//! first winning move (MCGS's way; a small board is decided there, before any canonical form
//! is tried); when that runs over, what it decided stays in the table and the search with values
//! below goes on. Each component is given to the canonical-form
//! engine first, on a small budget of work ([`crate::interrupt::within_budget`]): a component
//! whose value comes out within it is replaced by that value (small components, the end of most
//! lines of play), and the search goes on in the components left and in the values' canonical
//! forms. A sum of values alone is decided by its canonical form: values `x + n·↑ + *k` are
//! added on their parts as soon as they appear, and a value beside its negative is dropped
//! (`G + (−G) = 0`). The results are kept in a transposition table of a fixed number of
//! entries, emptied when it is full.
//!
//! The search keeps its own stack (no recursion), passes an interruption point every thousand
//! positions, and records them for the progress display.
//!
//! ```
//! use partizan::solve::outcome::OutcomeSearch;
//! use partizan::solve::{AsPartizan, ImpartialRuleset};
//! use partizan::Outcome;
//!
//! /// Kayles on a row of pins: knock down one pin or two adjacent ones, splitting the row.
//! #[derive(Clone)]
//! struct Kayles;
//! impl ImpartialRuleset for Kayles {
//!     type Position = Vec<u32>;
//!     fn options(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
//!         let mut out = Vec::new();
//!         for (i, &n) in rows.iter().enumerate() {
//!             for take in 1..=2.min(n) {
//!                 for left in 0..=n - take {
//!                     let mut next = rows.clone();
//!                     next.remove(i);
//!                     next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
//!                     next.sort();
//!                     out.push(next);
//!                 }
//!             }
//!         }
//!         out
//!     }
//!     fn components(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
//!         rows.iter().map(|&n| vec![n]).collect()
//!     }
//! }
//! let mut search = OutcomeSearch::new(AsPartizan(Kayles));
//! // Kayles rows of 4 and 1 pins: *1 + *1 = 0, a win for the second player.
//! assert_eq!(search.outcome(&vec![4, 1]).unwrap(), Outcome::P);
//! assert_eq!(search.outcome(&vec![5]).unwrap(), Outcome::N);
//! ```

use super::ruleset::Ruleset;
use super::solver::Solver;
use crate::algebra::{Game, Outcome};
use crate::Error;
use hashbrown::HashMap;
use std::hash::{BuildHasher, Hash};
use std::panic::AssertUnwindSafe;

/// The settings of an [`OutcomeSearch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// The most entries of the transposition table (and of the table of components' values);
    /// a full table is emptied and filled again.
    pub table_entries: usize,
    /// The work (positions, [`crate::interrupt::within_budget`]) the canonical-form engine may
    /// spend on one component before the component is searched instead; 0 values only the
    /// components whose value the ruleset knows without search.
    pub component_budget: u64,
    /// The positions the first search may expand: a position that does not split into
    /// components searched as it is, no component valued, stopping at the first winning move
    /// (MCGS's way), which decides most small positions before a canonical form would be
    /// tried. When it runs over, the search with values goes on (keeping what the first one
    /// decided); 0 skips it.
    pub first_budget: u64,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            table_entries: 1 << 20,
            component_budget: 64,
            first_budget: 1024,
        }
    }
}

/// What a search did, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions (sums of components) expanded.
    pub nodes: u64,
    /// Positions whose result was found in the transposition table.
    pub table_hits: u64,
    /// Components replaced by their canonical forms.
    pub components_valued: u64,
    /// Components whose canonical form was tried and did not come out within the budget.
    pub components_searched: u64,
    /// Times the transposition table was emptied because it was full.
    pub table_clears: u64,
    /// Positions expanded by the first searches, without values ([`SearchOptions::first_budget`]);
    /// not counted in `nodes`.
    pub first_nodes: u64,
    /// First searches run (one for each player moving first).
    pub first_tried: u64,
    /// First searches that decided who wins within their budget.
    pub first_decided: u64,
}

impl std::fmt::Display for SearchStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first_tried > 0 {
            write!(
                f,
                "{} positions searched first without values ({} of {} decided), then {} with \
                 values; {} found in the table (by both searches)",
                self.first_nodes, self.first_decided, self.first_tried, self.nodes, self.table_hits
            )?;
        } else {
            write!(
                f,
                "{} positions searched, {} found in the table",
                self.nodes, self.table_hits
            )?;
        }
        write!(
            f,
            ", {} components valued, {} searched",
            self.components_valued, self.components_searched
        )?;
        if self.table_clears > 0 {
            write!(f, ", table emptied {} times", self.table_clears)?;
        }
        Ok(())
    }
}

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

/// The outcome class from who wins moving first: Left, and Right.
pub(crate) fn outcome_of(left_first: bool, right_first: bool) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// Runs `work` within a budget of `budget` units of work ([`crate::interrupt::within_budget`]):
/// its answer, or `Ok(None)` when it runs over the budget or over a size limit (of the algebra,
/// or one `work` returns as [`Error::Limit`]): the work is then left to search. Any other error
/// of `work` is returned.
pub(crate) fn attempt<T>(
    budget: u64,
    work: impl FnOnce() -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    let run = crate::interrupt::within_budget(
        budget,
        AssertUnwindSafe(|| crate::algebra::limits::catch(AssertUnwindSafe(work))),
    );
    match run {
        Ok(Ok(Err(Error::Limit(_)))) | Ok(Err(_)) | Err(_) => Ok(None),
        Ok(Ok(answer)) => answer.map(Some),
    }
}

/// Whether the player moving first in `g` (Left when `left`) wins: Left unless `g <= 0`, Right
/// unless `g >= 0`.
pub(crate) fn first_player_wins(g: Game, left: bool) -> bool {
    use std::cmp::Ordering::{Greater, Less};
    match g.partial_cmp(&Game::zero()) {
        None => true,
        Some(Greater) => left,
        Some(Less) => !left,
        Some(_) => false,
    }
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

/// The positions a search expands, counted for the progress display
/// ([`crate::progress::record`]) and with an interruption point (see [`crate::interrupt`])
/// every [`Expansions::BATCH`] of them.
#[derive(Debug, Default)]
pub struct Expansions {
    /// Positions expanded since they were last recorded.
    unrecorded: u64,
}

impl Expansions {
    /// The positions expanded between two records and interruption points.
    pub const BATCH: u64 = 1024;

    /// Counts one more position expanded.
    #[inline]
    pub fn expand(&mut self) {
        self.unrecorded += 1;
        if self.unrecorded == Self::BATCH {
            self.record();
            crate::interrupt::check();
        }
    }

    /// Records the positions not yet recorded (at the end of a search).
    pub fn record(&mut self) {
        crate::progress::record(self.unrecorded);
        self.unrecorded = 0;
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

/// SplitMix64's finaliser: a hash of a bitboard position that spreads its bits over the index
/// of a [`WorkTable`].
#[inline]
pub fn spread(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A transposition table of a fixed number of entries for the bitboard searches (Domineering's,
/// NoGo's): whether the player to move wins each position, a key `K` and a side (which player
/// is to move, where the key does not say it), in buckets of two entries. A new result replaces
/// the entry of its bucket whose subtree took fewer positions to decide (BUH compare such
/// replacement schemes for Domineering). The table itself never grows; a [`Tally`] moves its
/// entries into a larger one as the search grows.
pub struct WorkTable<K> {
    entries: Vec<WorkEntry<K>>,
}

/// An entry of a [`WorkTable`].
#[derive(Clone, Copy, Default)]
struct WorkEntry<K> {
    key: K,
    /// The positions the search of this entry's subtree expanded (saturating).
    work: u32,
    /// Bit 0: the entry is in use; bit 1: its side; bit 2: the player to move wins.
    flags: u8,
}

const USED: u8 = 1;
const SIDE: u8 = 2;
const WINS: u8 = 4;

impl<K: Copy + Default + Eq> WorkTable<K> {
    /// A table of `entries` rounded down to a power of two, at least one bucket of two.
    pub fn new(entries: usize) -> WorkTable<K> {
        WorkTable {
            entries: vec![WorkEntry::default(); Self::rounded(entries)],
        }
    }

    /// `entries` rounded down to a power of two, at least 2.
    fn rounded(entries: usize) -> usize {
        if entries < 2 {
            2
        } else {
            1 << (usize::BITS - 1 - entries.leading_zeros())
        }
    }

    /// The first slot of the bucket of a key whose hash is `hash`.
    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & (self.entries.len() - 1) & !1
    }

    /// Whether the player to move wins the position `key` with side `side` (of hash `hash`),
    /// if it is stored.
    #[inline]
    pub fn lookup(&self, key: K, side: bool, hash: u64) -> Option<bool> {
        let i = self.bucket(hash);
        let flags = USED | if side { SIDE } else { 0 };
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.flags & (USED | SIDE) == flags && e.key == key)
            .map(|e| e.flags & WINS != 0)
    }

    /// Stores whether the player to move wins the position `key` with side `side` (of hash
    /// `hash`), found by a search that expanded `work` positions.
    #[inline]
    pub fn store(&mut self, key: K, side: bool, hash: u64, wins: bool, work: u64) {
        let i = self.bucket(hash);
        let flags = USED | if side { SIDE } else { 0 };
        let entry = WorkEntry {
            key,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            flags: flags | if wins { WINS } else { 0 },
        };
        let bucket = &mut self.entries[i..i + 2];
        let same = |e: &WorkEntry<K>| e.flags & (USED | SIDE) == flags && e.key == key;
        let slot = if same(&bucket[0]) {
            0
        } else if same(&bucket[1]) {
            1
        } else if bucket[0].flags & USED == 0 || bucket[0].work <= bucket[1].work {
            0
        } else {
            1
        };
        bucket[slot] = entry;
    }

    /// The number of entries.
    fn len(&self) -> usize {
        self.entries.len()
    }
}

/// What a bitboard search keeps besides its board: its [`WorkTable`], what it did, and the
/// positions it expanded (for the progress display and the interruption points). The table
/// starts small ([`Tally::FIRST_ENTRIES`]) and is moved into one four times larger whenever the
/// positions expanded reach its size, up to the most entries it was given: a search of a few
/// thousand positions does not pay for clearing a table of millions.
pub struct Tally<K> {
    table: WorkTable<K>,
    /// The most entries the table may grow to.
    most: usize,
    /// The hash of a key and side, by which the table's bucket is chosen.
    hash: fn(K, bool) -> u64,
    /// What the search did.
    pub stats: SearchStats,
    /// Positions expanded.
    pub expansions: Expansions,
}

impl<K: Copy + Default + Eq> Tally<K> {
    /// The entries of the table a search starts with.
    pub const FIRST_ENTRIES: usize = 1 << 12;

    /// A tally whose table may grow to `entries` ([`WorkTable::new`]), its buckets chosen by
    /// `hash`.
    pub fn new(entries: usize, hash: fn(K, bool) -> u64) -> Tally<K> {
        let most = WorkTable::<K>::rounded(entries);
        Tally {
            table: WorkTable::new(most.min(Self::FIRST_ENTRIES)),
            most,
            hash,
            stats: SearchStats::default(),
            expansions: Expansions::default(),
        }
    }

    /// `Ok`: whether the player to move wins the position `key` with side `side`, found in the
    /// table. `Err(entered)` when it is not there: the position is then counted as expanded,
    /// `entered` to be given to [`Tally::finish`] with its result.
    #[inline]
    pub fn enter(&mut self, key: K, side: bool) -> Result<bool, Entered> {
        let hash = (self.hash)(key, side);
        if let Some(r) = self.table.lookup(key, side, hash) {
            self.stats.table_hits += 1;
            return Ok(r);
        }
        self.stats.nodes += 1;
        self.expansions.expand();
        if self.stats.nodes as usize >= self.table.len() && self.table.len() < self.most {
            self.grow();
        }
        Err(Entered {
            start: self.stats.nodes,
            hash,
        })
    }

    /// Moves the entries into a table four times larger (at most [`Tally::new`]'s `entries`).
    #[cold]
    fn grow(&mut self) {
        let mut larger = WorkTable::new((self.table.len() * 4).min(self.most));
        for e in &self.table.entries {
            if e.flags & USED != 0 {
                let side = e.flags & SIDE != 0;
                let hash = (self.hash)(e.key, side);
                larger.store(e.key, side, hash, e.flags & WINS != 0, u64::from(e.work));
            }
        }
        self.table = larger;
    }

    /// Stores the result of a position that [`Tally::enter`] counted as expanded.
    #[inline]
    pub fn finish(&mut self, key: K, side: bool, wins: bool, entered: Entered) {
        let work = self.stats.nodes - entered.start + 1;
        self.table.store(key, side, entered.hash, wins, work);
    }
}

/// A position [`Tally::enter`] counted as expanded: when, and its hash, for [`Tally::finish`].
#[derive(Clone, Copy, Debug)]
pub struct Entered {
    /// The positions expanded when it was entered.
    start: u64,
    /// The hash of its key and side.
    hash: u64,
}

/// Whether the player to move wins by one of the moves `children` (a score and the position
/// after the move), tried highest score first: whether `wins` (the player then to move wins)
/// is false for one of them.
#[inline]
pub fn wins_by_some_move(children: &mut [(i32, u64)], mut wins: impl FnMut(u64) -> bool) -> bool {
    children.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
    children.iter().any(|&(_, child)| !wins(child))
}
