//! Positions as values: a position of a ruleset that keeps its rules, so that questions about
//! the position itself (its options, its followers, its misère play, its impartial closure) are
//! answered from its own game tree, and its normal-play canonical form is computed only when a
//! value is needed.
//!
//! Misère play does not survive normal-play simplification: Nim's heaps 1, 2 and 3 have the
//! value `0`, whose misère outcome is `N` (the player to move has no move and wins), yet the
//! position is a misère `P`-position (Bouton; WW ch. 13). So a position is a value of its
//! own kind, [`Position`], as a ruleset position is an object in CGSuite, and a sum of
//! positions is the sum of their game trees. (Keys: `docs/REFERENCES.md`.)
//!
//! ```
//! use partizan::rulesets::nim;
//! use partizan::Outcome;
//! let p = nim::position(&[1, 2, 3]);
//! assert_eq!(p.to_string(), "nim(1,2,3)");
//! assert_eq!(p.canonical_form().unwrap(), partizan::Game::zero());
//! assert_eq!(p.misere_outcome().unwrap(), Outcome::P);
//! // Its options: a heap made smaller.
//! assert_eq!(p.left_options().len(), 6);
//! ```

use super::misere::{MisereImpartialSolver, MisereSolver};
use super::nim_search::NimSearch;
use super::outcome::{outcome_of, OutcomeSearch, SearchOptions, SearchStats};
use super::ruleset::{ImpartialRuleset, Ruleset};
use crate::algebra::misere::{Genus, MisereGame};
use crate::algebra::{Game, Outcome};
use crate::Error;
use hashbrown::HashSet;
use std::any::Any;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// What a position of some ruleset can say about itself, with the ruleset's types erased.
///
/// [`of_ruleset`] implements it for a position of any [`Ruleset`] (an [`ImpartialRuleset`]
/// through [`AsPartizan`](super::AsPartizan)); [`Position::sum`] and
/// [`Position::impartial_closure`] build the positions made of others.
pub trait AnyPosition: Send + Sync + 'static {
    /// Writes the position as the call that makes it: `domineering("..|..")`, `nim(1,2,3)`.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Position>;
    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Position>;
    /// Whether both players always have the same moves.
    fn is_impartial(&self) -> bool;
    /// The normal-play canonical form.
    fn canonical_form(&self) -> Result<Game, Error>;
    /// The misère outcome class, by a search of the game tree.
    fn misere_outcome(&self) -> Result<Outcome, Error> {
        search_misere_outcome(&Position::from_arc(self.to_arc()))
    }
    /// The misère canonical form of an impartial position; `None` when the position is partizan.
    fn misere_canonical_form(&self) -> Option<Result<MisereGame, Error>> {
        let me = Position::from_arc(self.to_arc());
        self.is_impartial()
            .then(|| impartial_misere_form(&DynImpartial, &me))
    }
    /// The independent parts whose disjunctive sum the position is (its ruleset's
    /// [`Ruleset::components`]); the default is the position itself.
    fn components(&self) -> Vec<Position> {
        vec![Position::from_arc(self.to_arc())]
    }
    /// For each of `sides` (Left moving first when `true`), whether the player moving first
    /// wins, by search of the game tree ([`OutcomeSearch`]); also what the search did.
    fn search(
        &self,
        sides: &[bool],
        options: SearchOptions,
    ) -> Result<(Vec<bool>, SearchStats), Error> {
        let me = Position::from_arc(self.to_arc());
        let search =
            OutcomeSearch::with_value_function(DynRules, |_, p: &Position| p.canonical_form());
        run_search(search.options(options), &me, sides)
    }
    /// Whether [`Position::outcome`] searches (within [`OUTCOME_FORM_BUDGET`] positions) before
    /// it tries the canonical form ([`OwnSearch::first`]).
    fn search_first(&self) -> bool {
        false
    }
    /// The position as an `Arc`, so that default methods can hand it on.
    fn to_arc(&self) -> Arc<dyn AnyPosition>;
    /// The position as `Any`, for equality across the erased types.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is the same position of the same ruleset.
    fn same(&self, other: &dyn AnyPosition) -> bool;
    /// A hash consistent with [`AnyPosition::same`].
    fn hash_value(&self) -> u64;
    /// Whether the position knows its game tree; a [`Position::value_only`] does not, and every
    /// question about its tree is refused.
    fn has_tree(&self) -> bool {
        true
    }
}

/// A position of a ruleset, with the ruleset's types erased: a value of the expression language
/// and of the Python package (see the module documentation).
#[derive(Clone)]
pub struct Position {
    inner: Arc<dyn AnyPosition>,
    /// The canonical form, once computed.
    form: Arc<OnceLock<Game>>,
    /// Set when the canonical form did not come out within [`OUTCOME_FORM_BUDGET`].
    too_large: Arc<OnceLock<()>>,
}

impl Position {
    /// A position from its implementation.
    pub fn new(p: impl AnyPosition) -> Position {
        Position::from_arc(Arc::new(p))
    }

    fn from_arc(inner: Arc<dyn AnyPosition>) -> Position {
        Position {
            inner,
            form: Arc::new(OnceLock::new()),
            too_large: Arc::new(OnceLock::new()),
        }
    }

    /// The disjunctive sum of `parts`, kept as a position whose options are the moves in one part
    /// (printed `a + b`). A sum of one part is that part; the parts of a sum are spliced in.
    pub fn sum(parts: Vec<Position>) -> Position {
        let mut flat = Vec::new();
        for p in parts {
            match p.inner.as_any().downcast_ref::<Sum>() {
                Some(s) => flat.extend(s.0.iter().cloned()),
                None => flat.push(p),
            }
        }
        if flat.len() == 1 {
            return flat.pop().expect("one part");
        }
        Position::new(Sum(flat))
    }

    /// The impartial closure of the position: either player may make either player's moves
    /// (MCGS's `[impartial …]` games; the impartial closure of Domineering is Cram). Its value
    /// is a nimber.
    pub fn impartial_closure(&self) -> Position {
        if self.is_impartial() {
            return self.clone();
        }
        Position::new(Closure(self.clone()))
    }

    /// A short game as a position: the game tree of its canonical form `g` (its options are the
    /// canonical form's options, each again such a position), printed as the form. The
    /// impartial closure of a short game is that of this tree (MCGS closes its basic games so).
    pub fn of_form(g: Game) -> Position {
        let p = Position::new(Form(g));
        let _ = p.form.set(g);
        p
    }

    /// The call of a family that gives its value but not its positions: it prints as `call`
    /// and its canonical form is `value`, but it has no options, and questions about its game
    /// tree are refused ([`Position::has_tree`] is false) rather than answered from the value.
    pub fn value_only(call: String, value: Game) -> Position {
        let p = Position::new(ValueOnly(call));
        let _ = p.form.set(value);
        p
    }

    /// The position with its canonical form already known to be `value` (a family that has
    /// computed it while reading the call).
    pub fn with_value(self, value: Game) -> Position {
        let _ = self.form.set(value);
        self
    }

    /// Whether the position knows its game tree (see [`Position::value_only`]).
    pub fn has_tree(&self) -> bool {
        self.inner.has_tree()
    }

    /// The positions Left can move to.
    pub fn left_options(&self) -> Vec<Position> {
        self.inner.left_options()
    }

    /// The positions Right can move to.
    pub fn right_options(&self) -> Vec<Position> {
        self.inner.right_options()
    }

    /// Whether both players always have the same moves.
    pub fn is_impartial(&self) -> bool {
        self.inner.is_impartial()
    }

    /// The normal-play canonical form, computed once.
    pub fn canonical_form(&self) -> Result<Game, Error> {
        if let Some(g) = self.form.get() {
            return Ok(*g);
        }
        let g = self.inner.canonical_form()?;
        Ok(*self.form.get_or_init(|| g))
    }

    /// The nim value `n` of an impartial position, whose value is the nimber `*n`: from its
    /// canonical form when it is known or comes out within [`OUTCOME_FORM_BUDGET`] units of
    /// work, else by the search of Lemoine and Viennot ([`NimSearch`]; LV12), which needs the
    /// values of far fewer followers than the mex recursion. An error for a partizan position.
    pub fn nim_value(&self) -> Result<u64, Error> {
        if !self.is_impartial() {
            return Err(Error::undefined(format!(
                "{self} is partizan: only an impartial position has a nim value (impartial({self}) is its impartial closure)"
            )));
        }
        if let Some(g) = self.cheap_form()? {
            return g.as_nimber().ok_or_else(|| {
                Error::undefined(format!("the value of {self} is {g}, not a nimber"))
            });
        }
        let n = NimSearch::new(DynImpartial).nim_value(self)?;
        crate::progress::note(format!(
            "the nim value of {} was found by search (Lemoine and Viennot's; its canonical form did not come out within the budget)",
            Abbreviated(self)
        ));
        let _ = self.form.set(Game::nimber(n));
        Ok(n)
    }

    /// The normal-play outcome class: `L` when Left wins whoever starts, `R` when Right does,
    /// `N` when the player to move wins, `P` when the other does (LIP ch. 2).
    ///
    /// From the canonical form when it is known or comes out within
    /// [`OUTCOME_FORM_BUDGET`] units of work (about a second); otherwise by a
    /// search of the game tree ([`Position::outcome_by_search`]), which is noted for `--stats`
    /// ([`crate::progress::note`]). A family whose own search goes first ([`OwnSearch::first`]:
    /// NoGo) is searched within the same budget before the canonical form is tried.
    pub fn outcome(&self) -> Result<Outcome, Error> {
        self.outcome_with(SearchOptions::default())
    }

    /// [`Position::outcome`], with the search's settings when it searches.
    pub fn outcome_with(&self, options: SearchOptions) -> Result<Outcome, Error> {
        let wins = self.wins(&[true, false], options)?;
        Ok(outcome_of(wins[0], wins[1]))
    }

    /// Whether the player who moves first (Left when `left`) wins, as [`Position::outcome`]
    /// finds it: from the canonical form when it is cheap, else by search.
    pub fn wins_moving_first(&self, left: bool) -> Result<bool, Error> {
        Ok(self.wins(&[left], SearchOptions::default())?[0])
    }

    /// For each of `sides` (Left moving first when `true`), whether the player moving first
    /// wins, as [`Position::outcome`] finds it.
    fn wins(&self, sides: &[bool], options: SearchOptions) -> Result<Vec<bool>, Error> {
        let from_form = |g: Game| {
            sides
                .iter()
                .map(|&left| super::outcome::first_player_wins(g, left))
                .collect()
        };
        if let Some(g) = self.form.get() {
            return Ok(from_form(*g));
        }
        // A position whose canonical form ran over its budget before has had its quick search
        // run over too: it goes to the search at once.
        if self.has_tree() && self.inner.search_first() && self.too_large.get().is_none() {
            let quick =
                super::outcome::attempt(OUTCOME_FORM_BUDGET, || self.inner.search(sides, options))?;
            if let Some((wins, stats)) = quick {
                self.note_search(
                    "its family's search, tried before the canonical form",
                    &stats,
                );
                return Ok(wins);
            }
        }
        if let Some(g) = self.cheap_form()? {
            return Ok(from_form(g));
        }
        let (wins, stats) = self.inner.search(sides, options)?;
        self.note_search(
            "search (its canonical form did not come out within the budget)",
            &stats,
        );
        Ok(wins)
    }

    /// The normal-play outcome class by a search of the game tree ([`OutcomeSearch`]): the
    /// position split into components, each small component replaced by its canonical form,
    /// minimax with a transposition table on the rest. Also what the search did.
    pub fn outcome_by_search(
        &self,
        options: SearchOptions,
    ) -> Result<(Outcome, SearchStats), Error> {
        if !self.has_tree() {
            return Err(Error::undefined(format!(
                "{self} is known by its value only (its family does not give its positions), so its game tree cannot be searched"
            )));
        }
        let (wins, stats) = self.inner.search(&[true, false], options)?;
        Ok((outcome_of(wins[0], wins[1]), stats))
    }

    /// The canonical form if it is known or comes out within [`OUTCOME_FORM_BUDGET`]; `None`
    /// when the position is to be searched instead (an attempt that failed is not repeated).
    fn cheap_form(&self) -> Result<Option<Game>, Error> {
        if let Some(g) = self.form.get() {
            return Ok(Some(*g));
        }
        if !self.has_tree() {
            return self.canonical_form().map(Some);
        }
        if self.too_large.get().is_some() {
            return Ok(None);
        }
        let form = super::outcome::attempt(OUTCOME_FORM_BUDGET, || self.canonical_form())?;
        if form.is_none() {
            let _ = self.too_large.set(());
        }
        Ok(form)
    }

    /// Notes for `--stats` that the outcome was found by `how`, and what the search did.
    fn note_search(&self, how: &str, stats: &SearchStats) {
        crate::progress::note(format!(
            "the outcome of {} was found by {how}: {stats}",
            Abbreviated(self)
        ));
    }

    /// The misère outcome class of the position (WW ch. 13: the player who cannot move wins),
    /// from its game tree.
    pub fn misere_outcome(&self) -> Result<Outcome, Error> {
        self.inner.misere_outcome()
    }

    /// The misère canonical form of an impartial position (ONAG ch. 12; CGT ch. V); an
    /// error naming the position when it is partizan.
    pub fn misere_canonical_form(&self) -> Result<MisereGame, Error> {
        self.inner.misere_canonical_form().unwrap_or_else(|| {
            Err(Error::undefined(format!(
                "{self} is partizan: misère canonical forms are defined here for impartial games only (its misère outcome class is defined)"
            )))
        })
    }

    /// Conway's genus of an impartial position (WW ch. 13), from its misère canonical form.
    pub fn genus(&self) -> Result<Genus, Error> {
        Ok(self.misere_canonical_form()?.genus().clone())
    }

    /// The distinct positions reachable from this one by any sequence of moves of either player,
    /// itself first, in the order a breadth-first walk meets them. Positions are told apart as
    /// the ruleset writes them (no symmetry is applied), as CGSuite counts them.
    pub fn followers(&self) -> Result<Vec<Position>, Error> {
        let mut seen: HashSet<Position> = HashSet::new();
        let mut order = vec![self.clone()];
        seen.insert(self.clone());
        let mut next = 0;
        while next < order.len() {
            crate::interrupt::check();
            let p = order[next].clone();
            next += 1;
            for q in p.left_options().into_iter().chain(p.right_options()) {
                if seen.insert(q.clone()) {
                    order.push(q);
                }
            }
        }
        Ok(order)
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.inner.same(other.inner.as_ref())
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.inner.hash_value());
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.write(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.write(f)
    }
}

/// How a family shows and evaluates the positions of its ruleset `R`: its name, whether it is
/// impartial, how a position is written as the call that makes it, and its canonical form (by
/// the family's fastest engine).
pub struct Rules<R: Ruleset> {
    /// The ruleset.
    pub ruleset: R,
    /// Whether both players always have the same moves.
    pub impartial: bool,
    /// Writes a position as the call that makes it.
    pub write: fn(&R, &R::Position, &mut fmt::Formatter<'_>) -> fmt::Result,
    /// The canonical form of a position.
    pub value: fn(&R, &R::Position) -> Result<Game, Error>,
    /// The number of options of a position, for rulesets whose positions may have more options
    /// than can be listed (a Nim heap of 10^18): listing more than [`OPTIONS_LIMIT`] is
    /// refused before it starts.
    pub option_count: Option<fn(&R::Position) -> u128>,
    /// The outcome search of a position ([`Position::outcome_by_search`]), for a family whose
    /// positions are best searched in another form (NoGo's board as its graph of blocks);
    /// `None`: an [`OutcomeSearch`] of `ruleset` whose components are valued by the generic
    /// solver.
    pub search: Option<OwnSearch<R>>,
}

/// A family's own outcome search (see [`Rules::search`]).
pub struct OwnSearch<R: Ruleset> {
    /// The search.
    pub run: SearchFn<R>,
    /// Whether [`Position::outcome`] tries this search (within [`OUTCOME_FORM_BUDGET`]
    /// positions) before the canonical form: for a family whose search decides its positions
    /// long before their canonical forms come out (NoGo, whose forms are hot and complex, on
    /// bitboards).
    pub first: bool,
}

/// For each of `sides` (Left moving first when `true`), whether the player moving first in a
/// position wins, and what the search did (see [`Rules::search`]).
pub type SearchFn<R> = fn(
    &R,
    &<R as Ruleset>::Position,
    &[bool],
    SearchOptions,
) -> Result<(Vec<bool>, SearchStats), Error>;

/// The outcome search of `position` by [`OutcomeSearch`] on `ruleset` (see [`Rules::search`]).
pub fn search_by_solver<R>(
    ruleset: R,
    position: &R::Position,
    sides: &[bool],
    options: SearchOptions,
) -> Result<(Vec<bool>, SearchStats), Error>
where
    R: Ruleset + Clone,
{
    run_search(
        OutcomeSearch::new(ruleset).options(options),
        position,
        sides,
    )
}

/// The most options of one position that are listed (`G.Options`, followers, misère search).
pub const OPTIONS_LIMIT: u128 = 1 << 20;

/// The work ([`crate::interrupt::within_budget`]: positions of a solver) that [`Position::outcome`]
/// gives the canonical form before it searches for the outcome instead: 2^17 positions, from a
/// tenth of a second (Domineering) to a second or two (NoGo, whose forms are hot and complex).
pub const OUTCOME_FORM_BUDGET: u64 = 1 << 17;
/// Runs `search` from `position` for each of `sides` (Left moving first when `true`).
fn run_search<R: Ruleset>(
    mut search: OutcomeSearch<R>,
    position: &R::Position,
    sides: &[bool],
) -> Result<(Vec<bool>, SearchStats), Error> {
    let wins = sides
        .iter()
        .map(|&left| search.wins_moving_first(position, left))
        .collect::<Result<Vec<bool>, Error>>()?;
    Ok((wins, search.stats()))
}

/// A position's text, cut to about 80 characters, for messages.
struct Abbreviated<'a>(&'a Position);

impl fmt::Display for Abbreviated<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        match text.char_indices().nth(80) {
            Some((end, _)) => write!(f, "{}…", &text[..end]),
            None => f.write_str(&text),
        }
    }
}

struct OfRuleset<R: Ruleset> {
    rules: Arc<Rules<R>>,
    position: R::Position,
}

/// The position `p` of a partizan ruleset, shown and evaluated as `rules` says.
pub fn of_ruleset<R>(rules: Arc<Rules<R>>, p: R::Position) -> Position
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    Position::new(OfRuleset { rules, position: p })
}

impl<R> OfRuleset<R>
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    /// Refuses, by the size limits' unwinding, a position with more options than are listed.
    fn check_options(&self) {
        if let Some(count) = self.rules.option_count {
            let n = count(&self.position);
            if n > OPTIONS_LIMIT {
                let mut text = String::new();
                let _ = fmt::write(&mut text, format_args!("{}", Shown(self)));
                crate::algebra::limits::exceeded(format!(
                    "{text} has {n} options, more than the {OPTIONS_LIMIT} that are listed"
                ));
            }
        }
    }

    fn wrap(&self, options: Vec<R::Position>) -> Vec<Position> {
        options
            .into_iter()
            .map(|p| of_ruleset(self.rules.clone(), p))
            .collect()
    }
}

impl<R> AnyPosition for OfRuleset<R>
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.rules.write)(&self.rules.ruleset, &self.position, f)
    }
    fn left_options(&self) -> Vec<Position> {
        self.check_options();
        self.wrap(self.rules.ruleset.left_options(&self.position))
    }
    fn right_options(&self) -> Vec<Position> {
        self.check_options();
        self.wrap(self.rules.ruleset.right_options(&self.position))
    }
    fn is_impartial(&self) -> bool {
        self.rules.impartial
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        (self.rules.value)(&self.rules.ruleset, &self.position)
    }
    fn components(&self) -> Vec<Position> {
        self.wrap(self.rules.ruleset.components(&self.position))
    }
    fn search(
        &self,
        sides: &[bool],
        options: SearchOptions,
    ) -> Result<(Vec<bool>, SearchStats), Error> {
        self.check_options();
        match &self.rules.search {
            Some(search) => (search.run)(&self.rules.ruleset, &self.position, sides, options),
            // The generic solver values the components: it keeps what an attempt over the
            // budget finished, for the next attempts.
            None => search_by_solver(self.rules.ruleset.clone(), &self.position, sides, options),
        }
    }
    fn misere_outcome(&self) -> Result<Outcome, Error> {
        let mut solver = MisereSolver::new(self.rules.ruleset.clone());
        Ok(solver.try_outcome(&self.position)?)
    }
    fn misere_canonical_form(&self) -> Option<Result<MisereGame, Error>> {
        self.rules.impartial.then(|| {
            let mut solver = MisereImpartialSolver::new(LeftMoves(self.rules.ruleset.clone()));
            Ok(solver.try_canonical_form(&self.position)?)
        })
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(OfRuleset {
            rules: self.rules.clone(),
            position: self.position.clone(),
        })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<OfRuleset<R>>()
            .is_some_and(|o| Arc::ptr_eq(&self.rules, &o.rules) && self.position == o.position)
    }
    fn hash_value(&self) -> u64 {
        hash_of(&self.position)
    }
    fn search_first(&self) -> bool {
        self.rules.search.as_ref().is_some_and(|s| s.first)
    }
}

/// Shows a position through its `write`.
struct Shown<'a, R: Ruleset>(&'a OfRuleset<R>);

impl<R: Ruleset> fmt::Display for Shown<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0.rules.write)(&self.0.rules.ruleset, &self.0.position, f)
    }
}

/// The impartial ruleset whose options are Left's options of `R` (for a ruleset whose players
/// have the same moves).
#[derive(Clone)]
struct LeftMoves<R>(R);

impl<R: Ruleset> ImpartialRuleset for LeftMoves<R> {
    type Position = R::Position;
    fn options(&self, p: &R::Position) -> Vec<R::Position> {
        self.0.left_options(p)
    }
    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        self.0.components(p)
    }
    fn normalize(&self, p: R::Position) -> R::Position {
        self.0.normalize(p)
    }
}

/// A hash of `x` by a hasher with fixed keys, so that equal positions hash alike everywhere.
fn hash_of<T: Hash>(x: &T) -> u64 {
    std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
        .hash_one(x)
}

/// A sum of positions (see [`Position::sum`]).
struct Sum(Vec<Position>);

/// A family call known by its value only (see [`Position::value_only`]).
struct ValueOnly(String);

impl AnyPosition for ValueOnly {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
    fn left_options(&self) -> Vec<Position> {
        Vec::new()
    }
    fn right_options(&self) -> Vec<Position> {
        Vec::new()
    }
    fn is_impartial(&self) -> bool {
        false
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        Err(Error::undefined(format!(
            "{}: the value of this call was not kept",
            self.0
        )))
    }
    fn misere_canonical_form(&self) -> Option<Result<MisereGame, Error>> {
        None
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(ValueOnly(self.0.clone()))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<ValueOnly>()
            .is_some_and(|o| self.0 == o.0)
    }
    fn hash_value(&self) -> u64 {
        hash_of(&self.0)
    }
    fn has_tree(&self) -> bool {
        false
    }
}

impl AnyPosition for Sum {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
    fn left_options(&self) -> Vec<Position> {
        self.moves(Position::left_options)
    }
    fn right_options(&self) -> Vec<Position> {
        self.moves(Position::right_options)
    }
    fn is_impartial(&self) -> bool {
        self.0.iter().all(Position::is_impartial)
    }
    fn components(&self) -> Vec<Position> {
        self.0.iter().flat_map(|p| p.inner.components()).collect()
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        let mut total = Game::zero();
        for p in &self.0 {
            total += p.canonical_form()?;
        }
        Ok(total)
    }
    fn misere_canonical_form(&self) -> Option<Result<MisereGame, Error>> {
        // The misère canonical form of a sum is the sum of the parts' forms (ONAG ch. 12).
        self.is_impartial().then(|| {
            let mut total = MisereGame::zero();
            for p in &self.0 {
                total += p.misere_canonical_form()?;
            }
            Ok(total)
        })
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(Sum(self.0.clone()))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<Sum>()
            .is_some_and(|o| self.0 == o.0)
    }
    fn hash_value(&self) -> u64 {
        hash_of(&self.0)
    }
    fn has_tree(&self) -> bool {
        self.0.iter().all(Position::has_tree)
    }
}

impl Sum {
    /// The sums with one part replaced by one of its options.
    fn moves(&self, options: fn(&Position) -> Vec<Position>) -> Vec<Position> {
        let mut out = Vec::new();
        for (i, p) in self.0.iter().enumerate() {
            for q in options(p) {
                let mut parts = self.0.clone();
                parts[i] = q;
                out.push(Position::new(Sum(parts)));
            }
        }
        out
    }
}

/// A short game's canonical form as a position (see [`Position::of_form`]).
struct Form(Game);

impl AnyPosition for Form {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
    fn left_options(&self) -> Vec<Position> {
        self.0
            .left_options()
            .iter()
            .map(|&o| Position::of_form(o))
            .collect()
    }
    fn right_options(&self) -> Vec<Position> {
        self.0
            .right_options()
            .iter()
            .map(|&o| Position::of_form(o))
            .collect()
    }
    fn is_impartial(&self) -> bool {
        self.0.is_impartial()
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        Ok(self.0)
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(Form(self.0))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<Form>()
            .is_some_and(|o| o.0 == self.0)
    }
    fn hash_value(&self) -> u64 {
        hash_of(&self.0)
    }
}

/// The impartial closure of a position (see [`Position::impartial_closure`]).
struct Closure(Position);

impl AnyPosition for Closure {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "impartial({})", self.0)
    }
    fn left_options(&self) -> Vec<Position> {
        let inner = &self.0;
        let mut options: Vec<Position> = inner
            .left_options()
            .into_iter()
            .chain(inner.right_options())
            .map(|p| Position::new(Closure(p)))
            .collect();
        // A move that both players can make is one option.
        let mut seen = HashSet::new();
        options.retain(|p| seen.insert(p.clone()));
        options
    }
    fn right_options(&self) -> Vec<Position> {
        self.left_options()
    }
    fn is_impartial(&self) -> bool {
        true
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        let me = Position::new(Closure(self.0.clone()));
        let mut solver = super::solver::GrundySolver::new(DynImpartial);
        Ok(Game::nimber(solver.try_grundy(&me)?))
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(Closure(self.0.clone()))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<Closure>()
            .is_some_and(|o| self.0 == o.0)
    }
    fn hash_value(&self) -> u64 {
        hash_of(&self.0).rotate_left(1) ^ 0x5bd1_e995
    }
    fn has_tree(&self) -> bool {
        self.0.has_tree()
    }
    /// The closure of a sum is the sum of the closures: a move in the closure is a move of
    /// either player in one component.
    fn components(&self) -> Vec<Position> {
        self.0
            .inner
            .components()
            .into_iter()
            .map(|c| c.impartial_closure())
            .collect()
    }
}

/// The positions of any ruleset as one partizan ruleset, for searches over erased positions.
#[derive(Clone, Copy)]
struct DynRules;

impl Ruleset for DynRules {
    type Position = Position;
    fn left_options(&self, p: &Position) -> Vec<Position> {
        p.left_options()
    }
    fn right_options(&self, p: &Position) -> Vec<Position> {
        p.right_options()
    }
    fn components(&self, p: &Position) -> Vec<Position> {
        p.inner.components()
    }
}

/// The impartial positions of any ruleset as one impartial ruleset (Left's moves).
#[derive(Clone, Copy)]
struct DynImpartial;

impl ImpartialRuleset for DynImpartial {
    type Position = Position;
    fn options(&self, p: &Position) -> Vec<Position> {
        p.left_options()
    }
    fn components(&self, p: &Position) -> Vec<Position> {
        p.inner.components()
    }
}

fn search_misere_outcome(p: &Position) -> Result<Outcome, Error> {
    Ok(MisereSolver::new(DynRules).try_outcome(p)?)
}

fn impartial_misere_form(rules: &DynImpartial, p: &Position) -> Result<MisereGame, Error> {
    Ok(MisereImpartialSolver::new(*rules).try_canonical_form(p)?)
}

/// The position `p` of `ruleset`, written by `write` and evaluated by `value` (see [`Rules`]).
pub fn of<R>(
    ruleset: R,
    impartial: bool,
    p: R::Position,
    write: fn(&R, &R::Position, &mut fmt::Formatter<'_>) -> fmt::Result,
    value: fn(&R, &R::Position) -> Result<Game, Error>,
) -> Position
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    let rules = Rules {
        ruleset,
        impartial,
        write,
        value,
        option_count: None,
        search: None,
    };
    of_ruleset(Arc::new(rules), p)
}

/// Writes `name(a,b,c)`: a call with the items of `args` as its arguments.
pub fn write_call<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    args: &[T],
) -> fmt::Result {
    write!(f, "{name}(")?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{a}")?;
    }
    f.write_str(")")
}

/// Writes `name("text")`: a call with one string argument.
pub fn write_text_call(f: &mut fmt::Formatter<'_>, name: &str, text: &str) -> fmt::Result {
    write!(f, "{name}(\"{text}\")")
}
