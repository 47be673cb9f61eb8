//! Evaluating rule-defined games: the traits a user implements and the solvers.
//!
//! Data flows one way: rulesets ([`crate::rulesets`] or the user's own) describe positions and
//! moves; the solvers here evaluate them with the algebra of [`crate::algebra`].

mod cell;
pub mod grundy;
pub mod loopy;
pub mod minimax;
pub mod misere;
pub mod nim_search;
pub mod outcome;
pub mod periodic;
pub mod position;
pub mod quotient;
pub(crate) mod ruleset;
pub(crate) mod solver;
pub mod sparse;
pub(crate) mod table;

pub use nim_search::NimSearch;
pub use position::Position;
pub use ruleset::{AsPartizan, ImpartialRuleset, Ruleset};
pub use solver::{GrundySolver, SolveError, Solver};
pub use table::{Table, TableFormat, TableParams};
