//! Impartial games: heap, board and coin games against brute force, closed formulas and
//! published sequences and tables; the sparse-space engine; the Grundy fast path against the
//! canonical forms.

mod agreement;
mod boards;
mod heaps;
#[cfg(feature = "cli")]
mod rulesets;
mod snapshots;
mod sparse;
