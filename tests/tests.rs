//! The test suite, one binary: a module per area, the helpers they share in [`util`]. Expected
//! values come from outside the engine: books, papers, CGSuite's and MCGS's published tests,
//! brute force written in the test from the rules, algebraic laws.
//!
//! `cargo test --release --test tests AREA` runs one area (a filter on the test's path, such as
//! `algebra` or `loopy::random`); the modules that run the built `partizan` command need the
//! feature `cli`.

mod algebra;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "db")]
mod db;
mod impartial;
mod interrupt;
mod layering;
mod loopy;
mod misere;
mod notation;
mod rulesets;
mod search;
mod util;
mod vocabulary;
mod worksheet;
