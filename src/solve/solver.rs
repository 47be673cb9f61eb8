//! Evaluating rule-defined positions: canonical forms and Grundy values.
//!
//! Both solvers work bottom-up with an explicit stack, never by recursion, so a position whose
//! game tree is a million moves deep (a Nim-like heap of 1,000,000, a 1×2000 strip) evaluates
//! without a stack overflow. Each keeps a transposition table (`hashbrown`) from normalised
//! positions to values, and splits a position into its independent components when the ruleset
//! can: the value of a sum is the sum of the values (the XOR of Grundy values).
//!
//! Positions are stored once, in an arena; the table maps a position's hash to its index, and a
//! pending node refers to the nodes it waits for by index, so each position is hashed once per
//! edge that reaches it and never cloned after it is first seen. Options are split into their
//! components as they are generated, and only the components are stored: the table grows with
//! the distinct components, not with the options (a sum of two regions is never a key).
//!
//! A ruleset whose positions can repeat is not short; the solvers detect a position that is its
//! own descendant and report it as [`SolveError::Loopy`] instead of looping.

use super::ruleset::{ImpartialRuleset, Ruleset};
use crate::algebra::Game;
use hashbrown::hash_table::{Entry, HashTable};
use hashbrown::DefaultHashBuilder;
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::panic::{self, AssertUnwindSafe};

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

/// Into the library's error type: a short game's value asked of a loopy ruleset is
/// [`Undefined`](crate::Error::Undefined), with the same message.
impl From<SolveError> for crate::Error {
    fn from(e: SolveError) -> crate::Error {
        crate::Error::undefined(e.to_string())
    }
}

/// Positions worked on by one search of a solver (expanded, in [`Memo::evaluate`]; decided, in
/// the misère outcome search),
/// recorded in [`crate::progress`] every 1024 and when dropped (also on an early `Err` return):
/// one atomic addition per position would be measurable in the solver's hot loop, one per
/// batch is not. Each batch is also an interruption point (see [`crate::interrupt`]): the
/// searches run under [`resetting_on_unwind`], which forgets their pending positions.
pub(super) struct Evaluated {
    /// Positions decided since the last batch.
    done: u64,
    /// Positions in a batch.
    batch: u64,
}

impl Evaluated {
    const BATCH: u64 = 1024;

    /// The count of a new search. Under a small budget of work
    /// ([`crate::interrupt::within_budget`]) the batches are smaller, so that the budget is
    /// kept to within a few positions.
    pub(super) fn new() -> Evaluated {
        let batch = match crate::interrupt::budget_left() {
            Some(left) => (left / 8).clamp(16, Self::BATCH),
            None => Self::BATCH,
        };
        Evaluated { done: 0, batch }
    }

    #[inline]
    pub(super) fn one(&mut self) {
        self.done += 1;
        if self.done == self.batch {
            crate::progress::record(self.batch);
            self.done = 0;
            crate::interrupt::check_spent(self.batch);
        }
    }
}

/// Runs `work` on `state`; if it unwinds (an interruption, an expansion limit), runs `reset` on
/// `state` before the unwind goes on. The solvers' searches mark the positions they are
/// expanding as pending, and an abandoned search must not leave them so: a later search would
/// take them for a cycle, or for decided.
pub(super) fn resetting_on_unwind<S, T>(
    state: &mut S,
    work: impl FnOnce(&mut S) -> T,
    reset: impl FnOnce(&mut S),
) -> T {
    match panic::catch_unwind(AssertUnwindSafe(|| work(&mut *state))) {
        Ok(v) => v,
        Err(payload) => {
            reset(state);
            panic::resume_unwind(payload)
        }
    }
}

impl Drop for Evaluated {
    fn drop(&mut self) {
        crate::progress::record(self.done);
    }
}

/// How a position's value follows from other positions' values.
pub(super) enum Expansion<P> {
    /// The sum of these components.
    Sum(Vec<P>),
    /// `{left | right}`, each option given as the list of its components (for impartial rulesets
    /// the options are all in `left`).
    Form(Vec<Vec<P>>, Vec<Vec<P>>),
}

/// A node waiting for its dependencies: `Sum(deps)`, or `Form(deps, ends, split)` where option
/// `i` is the sum of the components `deps[ends[i - 1]..ends[i]]` and options `..split` are Left's.
enum Job {
    Sum(Vec<u32>),
    Form(Vec<u32>, Vec<u32>, usize),
}

enum Task {
    Expand(u32),
    Combine(u32, Job),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    Pending,
    Done,
}

/// An arena of distinct positions, each with its index in order of arrival: the transposition
/// table's keys, shared by the solvers here and the misère solver.
pub(super) struct Positions<P> {
    positions: Vec<P>,
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl<P: Eq + Hash> Positions<P> {
    pub(super) fn new() -> Positions<P> {
        Positions {
            positions: Vec::new(),
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The index of `p`, and whether it is new (added at the end).
    pub(super) fn intern(&mut self, p: P) -> (u32, bool) {
        let h = self.hasher.hash_one(&p);
        let positions = &self.positions;
        let hasher = &self.hasher;
        match self.index.entry(
            h,
            |&i| positions[i as usize] == p,
            |&i| hasher.hash_one(&positions[i as usize]),
        ) {
            Entry::Occupied(o) => (*o.get(), false),
            Entry::Vacant(v) => {
                let i = u32::try_from(self.positions.len()).expect("fewer than 2^32 positions");
                v.insert(i);
                self.positions.push(p);
                (i, true)
            }
        }
    }

    /// The index of `p`, if it is here.
    pub(super) fn find(&self, p: &P) -> Option<u32> {
        let h = self.hasher.hash_one(p);
        self.index
            .find(h, |&i| self.positions[i as usize] == *p)
            .copied()
    }
}

impl<P> std::ops::Index<u32> for Positions<P> {
    type Output = P;
    fn index(&self, i: u32) -> &P {
        &self.positions[i as usize]
    }
}

/// The memo shared by both solvers: an arena of positions, their states and values.
pub(super) struct Memo<P, V> {
    positions: Positions<P>,
    values: Vec<Option<V>>,
    states: Vec<State>,
    /// Whether the position is known to be a single component (it was interned as a part of an
    /// option or of a sum), so that `components` need not be asked again.
    component: Vec<bool>,
    /// The positions marked pending by the evaluation in progress.
    pending: Vec<u32>,
}

impl<P: Clone + Eq + Hash, V: Copy> Memo<P, V> {
    pub(super) fn new() -> Memo<P, V> {
        Memo {
            positions: Positions::new(),
            values: Vec::new(),
            states: Vec::new(),
            component: Vec::new(),
            pending: Vec::new(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The index of `p`, adding it when new.
    fn intern(&mut self, p: P) -> u32 {
        let (i, new) = self.positions.intern(p);
        if new {
            self.values.push(None);
            self.states.push(State::New);
            self.component.push(false);
        }
        i
    }

    /// The index of `p`, a single component.
    fn intern_component(&mut self, p: P) -> u32 {
        let i = self.intern(p);
        self.component[i as usize] = true;
        i
    }

    pub(super) fn get(&self, p: &P) -> Option<V> {
        self.positions.find(p).and_then(|i| self.values[i as usize])
    }

    /// Evaluates `root` bottom-up with an explicit stack.
    ///
    /// `expand` says how a position's value follows from others (and may set it directly through
    /// `known`); `sum` and `form` combine the values of the dependencies.
    ///
    /// Work that ends early (a cycle, or by unwinding: see [`resetting_on_unwind`]) leaves the
    /// positions it was expanding pending; they are forgotten then, so that a later call
    /// expands them afresh instead of taking them for a cycle.
    pub(super) fn evaluate(
        &mut self,
        root: P,
        known: impl Fn(&P) -> Option<V>,
        expand: impl Fn(&P, bool) -> Expansion<P>,
        sum: impl Fn(&mut dyn Iterator<Item = V>) -> V,
        form: impl Fn(&[V], &[V]) -> V,
    ) -> Result<V, SolveError> {
        let run = resetting_on_unwind(
            self,
            |memo| -> Result<V, SolveError> {
                let root = memo.intern(root);
                if let Some(v) = memo.values[root as usize] {
                    return Ok(v);
                }
                let mut stack = vec![Task::Expand(root)];
                let mut scratch: Vec<V> = Vec::new();
                let mut pushed: Vec<u32> = Vec::new();
                let mut done = Evaluated::new();
                while let Some(task) = stack.pop() {
                    match task {
                        Task::Expand(i) => {
                            let iu = i as usize;
                            match memo.states[iu] {
                                State::Done => continue,
                                State::Pending => return Err(SolveError::Loopy),
                                State::New => {}
                            }
                            if let Some(v) = known(&memo.positions[i]) {
                                memo.values[iu] = Some(v);
                                memo.states[iu] = State::Done;
                                continue;
                            }
                            let job = match expand(&memo.positions[i], memo.component[iu]) {
                                Expansion::Sum(parts) => Job::Sum(
                                    parts
                                        .into_iter()
                                        .map(|p| memo.intern_component(p))
                                        .collect(),
                                ),
                                Expansion::Form(l, r) => {
                                    let split = l.len();
                                    let mut deps = Vec::new();
                                    let mut ends = Vec::with_capacity(l.len() + r.len());
                                    for option in l.into_iter().chain(r) {
                                        deps.extend(
                                            option.into_iter().map(|p| memo.intern_component(p)),
                                        );
                                        ends.push(deps.len() as u32);
                                    }
                                    Job::Form(deps, ends, split)
                                }
                            };
                            memo.states[iu] = State::Pending;
                            memo.pending.push(i);
                            // Counted when expanded: the expansion (the options, their
                            // components and normal forms) is the work a budget bounds.
                            done.one();
                            let deps: &[u32] = match &job {
                                Job::Sum(d) | Job::Form(d, _, _) => d,
                            };
                            pushed.clear();
                            for &d in deps {
                                match memo.states[d as usize] {
                                    State::Done => {}
                                    State::Pending => return Err(SolveError::Loopy),
                                    State::New => pushed.push(d),
                                }
                            }
                            stack.push(Task::Combine(i, job));
                            stack.extend(pushed.iter().map(|&d| Task::Expand(d)));
                        }
                        Task::Combine(i, job) => {
                            let value = |d: &u32| {
                                memo.values[*d as usize].expect("dependencies are evaluated first")
                            };
                            let v = match &job {
                                Job::Sum(deps) => sum(&mut deps.iter().map(value)),
                                Job::Form(deps, ends, split) => {
                                    scratch.clear();
                                    let mut start = 0;
                                    for &end in ends {
                                        let parts = &deps[start..end as usize];
                                        scratch.push(match parts {
                                            [one] => value(one),
                                            _ => sum(&mut parts.iter().map(value)),
                                        });
                                        start = end as usize;
                                    }
                                    form(&scratch[..*split], &scratch[*split..])
                                }
                            };
                            memo.values[i as usize] = Some(v);
                            memo.states[i as usize] = State::Done;
                        }
                    }
                }
                memo.pending.clear();
                Ok(memo.values[root as usize].expect("the root is evaluated"))
            },
            Memo::forget_pending,
        );
        if run.is_err() {
            self.forget_pending();
        }
        run
    }

    /// Returns the pending positions to the new state (see [`Memo::evaluate`]).
    fn forget_pending(&mut self) {
        for i in self.pending.drain(..) {
            let state = &mut self.states[i as usize];
            if *state == State::Pending {
                *state = State::New;
            }
        }
    }
}

/// How `p` expands, for both solvers: the sum of its components when it has several, otherwise
/// the form of its options (`sides`), each option split into its normalised components. When `p`
/// is already known to be a single component, `components` is not asked again.
pub(super) fn expansion<P: Clone + Eq>(
    p: &P,
    known_component: bool,
    components: impl Fn(&P) -> Vec<P>,
    normalize: impl Fn(P) -> P,
    sides: impl FnOnce(&P) -> (Vec<P>, Vec<P>),
) -> Expansion<P> {
    let split = |q: P| -> Vec<P> {
        let q = normalize(q);
        let parts = components(&q);
        if parts.len() == 1 && parts[0] == q {
            vec![q]
        } else {
            parts.into_iter().map(&normalize).collect()
        }
    };
    if !known_component {
        let parts = components(p);
        if !(parts.len() == 1 && parts[0] == *p) {
            return Expansion::Sum(parts.into_iter().map(&normalize).collect());
        }
    }
    let (left, right) = sides(p);
    Expansion::Form(
        left.into_iter().map(&split).collect(),
        right.into_iter().map(&split).collect(),
    )
}

/// The canonical-form solver of a partizan [`Ruleset`].
pub struct Solver<R: Ruleset> {
    ruleset: R,
    memo: Memo<R::Position, Game>,
}

impl<R: Ruleset> Solver<R> {
    /// A solver with an empty transposition table.
    pub fn new(ruleset: R) -> Solver<R> {
        Solver {
            ruleset,
            memo: Memo::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position` if it has been evaluated.
    pub fn cached(&self, position: &R::Position) -> Option<Game> {
        self.memo.get(&self.ruleset.normalize(position.clone()))
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.memo = Memo::new();
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
        let rules = &self.ruleset;
        let root = rules.normalize(position.clone());
        self.memo.evaluate(
            root,
            |p| rules.known_value(p),
            |p, known_component| {
                expansion(
                    p,
                    known_component,
                    |x| rules.components(x),
                    |x| rules.normalize(x),
                    |x| (rules.left_options(x), rules.right_options(x)),
                )
            },
            |values| values.fold(Game::zero(), |a, b| a + b),
            |l, r| Game::new(l.iter().copied(), r.iter().copied()),
        )
    }
}

/// The Grundy-value solver of an [`ImpartialRuleset`]: values are integers, the mex of the
/// options' values, XORed over components (Sprague–Grundy), never canonical forms.
pub struct GrundySolver<R: ImpartialRuleset> {
    ruleset: R,
    memo: Memo<R::Position, u64>,
}

impl<R: ImpartialRuleset> GrundySolver<R> {
    /// A solver with an empty transposition table.
    pub fn new(ruleset: R) -> GrundySolver<R> {
        GrundySolver {
            ruleset,
            memo: Memo::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.memo.len()
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
        let rules = &self.ruleset;
        let root = rules.normalize(position.clone());
        self.memo.evaluate(
            root,
            |p| rules.known_grundy(p),
            |p, known_component| {
                expansion(
                    p,
                    known_component,
                    |x| rules.components(x),
                    |x| rules.normalize(x),
                    |x| (rules.options(x), Vec::new()),
                )
            },
            |values| values.fold(0, |a, b| a ^ b),
            |options, _| crate::algebra::mex(options.iter().copied()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::ruleset::AsPartizan;

    /// Subtraction game S = {1, 2, 3}: Grundy value n mod 4 (WW ch. 4).
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

    /// Heaps split into components: a position is a list of heaps; Nim on each.
    struct NimHeaps;

    impl ImpartialRuleset for NimHeaps {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
            (0..p[0]).map(|k| vec![k]).collect()
        }
        fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
            p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
        }
    }

    #[test]
    fn deep_chain_without_stack_overflow() {
        let mut s = GrundySolver::new(Sub123);
        assert_eq!(s.grundy(&1_000_000), 0);
        assert_eq!(s.grundy(&999_999), 3);
        let mut c = Solver::new(AsPartizan(Sub123));
        assert_eq!(c.value(&100_003), Game::nimber(3));
        assert_eq!(c.cached(&100_002), Some(Game::nimber(2)));
    }

    #[test]
    fn components_are_summed() {
        // Bouton: 3 ⊕ 5 ⊕ 6 = 0, 1 ⊕ 2 = 3.
        let mut s = GrundySolver::new(NimHeaps);
        assert_eq!(s.grundy(&vec![3, 5, 6]), 0);
        assert_eq!(s.grundy(&vec![1, 2]), 3);
        assert_eq!(s.grundy(&vec![]), 0);
        let mut c = Solver::new(AsPartizan(NimHeaps));
        assert_eq!(c.value(&vec![1, 2, 4]), Game::nimber(7));
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

#[cfg(test)]
mod depth_tests {
    use super::*;

    /// A 1×n Domineering strip: only Right (horizontal dominoes) can move; a move splits the strip
    /// into two strips, evaluated as components. No shortcut: every length is searched.
    struct Strip;

    impl Ruleset for Strip {
        type Position = Vec<u32>;
        fn left_options(&self, _: &Vec<u32>) -> Vec<Vec<u32>> {
            Vec::new()
        }
        fn right_options(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            let n = p[0];
            (0..n.saturating_sub(1))
                .map(|i| vec![i, n - 2 - i])
                .collect()
        }
        fn components(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            p.iter().filter(|&&n| n >= 2).map(|&n| vec![n]).collect()
        }
    }

    #[test]
    fn a_strip_of_2000_squares_evaluates_without_stack_overflow() {
        // Right can place at most ⌊n/2⌋ dominoes and Left none, so the value is the integer
        // −⌊n/2⌋ (a row of 2n or 2n+1 squares is −n; WW ch. 5, LIP ch. 5).
        let mut s = Solver::new(Strip);
        assert_eq!(s.value(&vec![2000]), Game::integer(-1000));
        assert_eq!(s.value(&vec![1999]), Game::integer(-999));
        assert_eq!(s.value(&vec![7, 4]), Game::integer(-5));
    }
}
