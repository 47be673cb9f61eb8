//! The traits a user implements to describe a game by its rules.
//!
//! A [`Ruleset`] gives the Left and Right options of a position (partizan games); an
//! [`ImpartialRuleset`] gives the options common to both players. The solvers in
//! [`crate::solve`] turn positions into values: canonical forms ([`crate::solve::Solver`]) or
//! Grundy values ([`crate::solve::GrundySolver`]).
//!
//! ```
//! use partizan::solve::{Ruleset, Solver};
//!
//! /// Left may take 1 or 2 tokens from a heap, Right only 1.
//! struct LeftTakesMore;
//!
//! impl Ruleset for LeftTakesMore {
//!     type Position = u32;
//!     fn left_options(&self, n: &u32) -> Vec<u32> {
//!         (1..=2).filter(|k| k <= n).map(|k| n - k).collect()
//!     }
//!     fn right_options(&self, n: &u32) -> Vec<u32> {
//!         if *n >= 1 { vec![n - 1] } else { vec![] }
//!     }
//! }
//!
//! let mut solver = Solver::new(LeftTakesMore);
//! assert_eq!(solver.value(&0).to_string(), "0");
//! assert_eq!(solver.value(&1).to_string(), "*");
//! // From 2, Left's move to * reverses through 0, so {0, * | *} = {0 | *} = ↑.
//! assert_eq!(solver.value(&2).to_string(), "^");
//! ```

use crate::algebra::Game;
use std::hash::Hash;

/// A partizan ruleset: the positions of a game and each player's moves.
pub trait Ruleset {
    /// A position. Positions are keys of the transposition table.
    type Position: Clone + Eq + Hash;

    /// The positions Left can move to.
    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The positions Right can move to.
    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Independent components whose disjunctive sum is `position` (for instance the separate
    /// regions of a Domineering board). The default is the position itself; return an empty list
    /// for a position with no components at all (value 0).
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A representative of the positions with the same value as `position` under a symmetry of
    /// the rules (a reflection of a board, say), used as the transposition-table key. The
    /// default is the position itself.
    fn normalize(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// The value of `position` when a closed formula gives it without search.
    fn known_value(&self, _position: &Self::Position) -> Option<Game> {
        None
    }
}

/// An impartial ruleset: both players have the same moves.
pub trait ImpartialRuleset {
    /// A position. Positions are keys of the transposition table.
    type Position: Clone + Eq + Hash;

    /// The positions either player can move to.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Independent components whose sum is `position` (see [`Ruleset::components`]); the Grundy
    /// value of a sum is the XOR of the components' values.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A representative of the positions with the same value (see [`Ruleset::normalize`]).
    fn normalize(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// The Grundy value of `position` when a closed formula gives it without search.
    fn known_grundy(&self, _position: &Self::Position) -> Option<u64> {
        None
    }
}

/// An impartial ruleset seen as a partizan one (both players have the same options), so that the
/// canonical-form solver can evaluate it; its values are the nimbers `*g` with `g` the Grundy
/// value.
#[derive(Clone, Debug, Default)]
pub struct AsPartizan<R>(pub R);

impl<R: ImpartialRuleset> Ruleset for AsPartizan<R> {
    type Position = R::Position;

    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position> {
        self.0.options(position)
    }

    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position> {
        self.0.options(position)
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        self.0.components(position)
    }

    fn normalize(&self, position: Self::Position) -> Self::Position {
        self.0.normalize(position)
    }

    fn known_value(&self, position: &Self::Position) -> Option<Game> {
        self.0.known_grundy(position).map(Game::nimber)
    }
}
