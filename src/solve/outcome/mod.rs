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
//! [`OutcomeSearch`] searches a position of a [`Ruleset`](crate::solve::Ruleset) as a *sum*: a
//! position splits into its components
//! ([`Ruleset::components`](crate::solve::Ruleset::components)), a move is a move in one
//! component, and the state
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
//!
//! The parts: the search (`search`); the toolkit of the families' own bitboard searches
//! (Domineering's, NoGo's: a transposition table of fixed size, its growth, move ordering;
//! `bitboard`); and here what every search shares, its options, its statistics and its count of
//! positions expanded.

mod bitboard;
mod search;

pub use bitboard::{spread, wins_by_some_move, Entered, Tally, WorkTable};
pub use search::OutcomeSearch;

use crate::algebra::{Game, Outcome};
use crate::Error;
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
