//! Compounds other than the disjunctive sum: the conjunctive and the selective compound.
//!
//! Conway, ONAG, ch. 14 ("How to play several games at once in a dozen
//! different ways"), and WW ch. 9 ("If you can't beat 'em, join 'em!"):
//! * the **conjunctive compound** (*join*) `G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}`: the player to move
//!   moves in every component, so play stops as soon as one component has no move for them;
//! * the **selective compound** (*union*) `G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …}`: the player
//!   to move moves in any non-empty selection of components, so play stops only when no component
//!   has a move for them.
//!
//! Unlike the disjunctive sum, these depend on the forms of `G` and `H`, not only on their values;
//! here they are taken on the canonical forms (as CGSuite does for its compounds of canonical
//! games). For impartial games their outcomes follow classical rules, which the tests check: a
//! join is a second-player win exactly when the least *remoteness* of its components is even
//! (Steinhaus; WW ch. 9), and a union exactly when every component is (C. A. B.
//! Smith; WW ch. 9).

use super::form::Form;
use super::Game;

impl Game {
    /// The conjunctive compound `G ∧ H` of the canonical forms (see the module documentation).
    ///
    /// ```
    /// use partizan::Game;
    /// // * ∧ * = {0 ∧ 0 | 0 ∧ 0} = {0 | 0} = *: each player moves in both stars at once.
    /// assert_eq!(Game::star().conjunctive_sum(&Game::star()), Game::star());
    /// // 1 ∧ 1 = {0 ∧ 0 |} = 1, and 1 ∧ * = {0 ∧ 0 |} = 1 too.
    /// assert_eq!(Game::integer(1).conjunctive_sum(&Game::star()), Game::integer(1));
    /// ```
    pub fn conjunctive_sum(&self, other: &Game) -> Game {
        Form::value(*self).conjunctive_sum(&Form::value(*other))
    }

    /// The selective compound `G ∨ H` of the canonical forms (see the module documentation).
    ///
    /// ```
    /// use partizan::Game;
    /// // * ∨ * = {0 ∨ *, * ∨ 0, 0 ∨ 0 | …} = {*, 0 | *, 0} = *2.
    /// assert_eq!(Game::star().selective_sum(&Game::star()), Game::nimber(2));
    /// ```
    pub fn selective_sum(&self, other: &Game) -> Game {
        Form::value(*self).selective_sum(&Form::value(*other))
    }
}
