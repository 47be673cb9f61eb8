//! Loopy games: finite game graphs in which positions may repeat.
//!
//! A *loopy game* is a finite directed graph of positions with Left edges and Right edges and a
//! start position; the players move alternately along their own edges, a player who cannot move
//! loses, and an infinite play is a draw (WW ch. 11; CGT ch. VI). This module is the algebra of such games:
//!
//! * [`LoopyGame`] — an explicit graph and start position, built from edges, position by
//!   position ([`GraphBuilder`]), from a short [`Game`](crate::Game), or by a ruleset
//!   ([`crate::solve::loopy`]); the expression language reads CGSuite's loopy notation into one
//!   ([`crate::expr::parse_loopy_game`]). Its [`outcome`](LoopyGame::outcome) with draws comes
//!   from retrograde analysis of the graph ([`LoopyOutcome`]).
//! * [`Stopper`] — a *stopper* is a loopy game with no infinite alternating play from any
//!   position (CGT ch. VI; Conway, "Loopy games", Ann. Discrete Math. 3 (1978)). Every
//!   stopper has a unique *canonical* (simplest) form: no dominated options, no reversible
//!   options, no two equal positions. A [`Stopper`] is that form, so two stoppers are equal
//!   exactly when their canonical graphs are identical. Stoppers are ordered by the *survival
//!   game*: `G >= H` when Left, moving second in `G − H`, is never left without a move.
//! * [`SidedValue`] — a *stopper-sided* value `S & T`: the *onside* `S` (the game where Left wins
//!   infinite play) and the *offside* `T` (Right wins infinite play), both stoppers with
//!   `T <= S`. Sums and comparisons of general loopy games go through their sides; a stopper is
//!   the value `S & S`, and `on & off` is `dud`.
//! * [`smith`] — Smith's generalised Sprague–Grundy values of impartial loopy games.
//!
//! ```
//! use partizan::algebra::loopy::{SidedValue, Stopper};
//! use partizan::Game;
//! let on = SidedValue::from(Stopper::on());
//! let off = SidedValue::from(Stopper::off());
//! assert_eq!(on.sum(&off).unwrap().to_string(), "dud");  // on + off = dud
//! let over = SidedValue::from(Stopper::over());          // over = {0 | pass}
//! assert_eq!(over.to_string(), "over");
//! assert!(over > SidedValue::zero());                     // over is positive ...
//! let x = SidedValue::from_game(Game::dyadic(1, 6)).unwrap();
//! assert!(over < x);                                      // ... and below 1/64
//! assert_eq!(over.difference(&over).unwrap().to_string(), "over & under");
//! ```
//!
//! **Limits.** Graphs have at most [`MAX_GRAPH_VERTICES`] positions; an algorithm that compares
//! every pair of positions of two graphs (canonical forms, comparisons, sidling) refuses more than
//! [`MAX_PAIR_STATES`] pairs. Beyond either, the answer is [`LoopyError::TooLarge`].

mod canonical;
mod error;
mod game;
mod graph;
mod pair;
mod print;
mod sides;
pub mod smith;
mod stopper;

pub use error::LoopyError;
pub use game::{GraphBuilder, LoopyGame};
pub use pair::{LoopyOutcome, Winner};
pub use sides::SidedValue;
pub use stopper::Stopper;

/// The most positions a loopy game graph may have: 2^26 (numbers of positions are `u32`), far
/// more than fits in memory at some 50 bytes a position; below it, the memory budget of the
/// front end (`--max-memory` on the command line) is what stops a large graph.
pub const MAX_GRAPH_VERTICES: usize = 1 << 26;

/// The most pairs of positions (`|G| · |H|`) an algorithm comparing two graphs `G` and `H` may
/// examine; canonical forms compare a graph with itself, so they allow about 2,000 positions.
pub const MAX_PAIR_STATES: usize = 1 << 22;
