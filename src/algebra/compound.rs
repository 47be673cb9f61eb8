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

use super::form::{Form, Key};
use super::walk::evaluate;
use super::Game;
use hashbrown::HashMap;
use std::cell::RefCell;

/// Which compound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Compound {
    Conjunctive,
    Selective,
}

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
        compound(*self, *other, Compound::Conjunctive)
    }

    /// The selective compound `G ∨ H` of the canonical forms (see the module documentation).
    ///
    /// ```
    /// use partizan::Game;
    /// // * ∨ * = {0 ∨ *, * ∨ 0, 0 ∨ 0 | …} = {*, 0 | *, 0} = *2.
    /// assert_eq!(Game::star().selective_sum(&Game::star()), Game::nimber(2));
    /// ```
    pub fn selective_sum(&self, other: &Game) -> Game {
        compound(*self, *other, Compound::Selective)
    }
}

/// The compound of the canonical forms of `g` and `h`.
fn compound(g: Game, h: Game, kind: Compound) -> Game {
    compound_of_forms(&Form::value(g), &Form::value(h), kind)
}

impl Form {
    /// The conjunctive compound `G ∧ H` of the forms (see the module `compound`).
    pub fn conjunctive_sum(&self, other: &Form) -> Game {
        compound_of_forms(self, other, Compound::Conjunctive)
    }

    /// The selective compound `G ∨ H` of the forms (see the module `compound`).
    pub fn selective_sum(&self, other: &Form) -> Game {
        compound_of_forms(self, other, Compound::Selective)
    }
}

/// The compound of two forms, bottom-up without recursion.
fn compound_of_forms(g: &Form, h: &Form, kind: Compound) -> Game {
    // The forms met so far, by key (compounds of followers repeat along the two trees), and the
    // values of the pairs computed.
    let forms: RefCell<HashMap<Key, Form>> = RefCell::new(HashMap::new());
    let memo: RefCell<HashMap<(Key, Key), Game>> = RefCell::new(HashMap::new());
    let remember = |f: Form| {
        // The compound walks pairs of followers: a canonical leaf `x + n·↑ + *k` with too many
        // followers (an integer `n` has a chain of `|n|`) is refused before the walk.
        if let Some(n) = f.as_value().and_then(|g| g.as_nus()) {
            super::walk::check_followers(n);
        }
        let k = f.key();
        forms.borrow_mut().entry(k).or_insert(f);
        k
    };
    let root = (remember(g.clone()), remember(h.clone()));
    let parts_of = |(a, b): (Key, Key), left: bool| -> Vec<(Key, Key)> {
        let (fa, fb) = {
            let forms = forms.borrow();
            (forms[&a].clone(), forms[&b].clone())
        };
        let (ao, bo) = if left {
            (fa.left_options(), fb.left_options())
        } else {
            (fa.right_options(), fb.right_options())
        };
        let ao: Vec<Key> = ao.into_iter().map(remember).collect();
        let bo: Vec<Key> = bo.into_iter().map(remember).collect();
        parts(&ao, &bo, a, b, kind)
    };
    evaluate(
        root,
        |pair| memo.borrow().get(&pair).copied(),
        |pair, out| {
            out.extend(parts_of(pair, true));
            out.extend(parts_of(pair, false));
        },
        |pair, values| {
            let split = parts_of(pair, true).len();
            let v = Game::new(values[..split].to_vec(), values[split..].to_vec());
            memo.borrow_mut().insert(pair, v);
            v
        },
    )
}

/// The pairs whose compounds are the options of `a ∘ b` for one player, given that player's
/// options `ao` of `a` and `bo` of `b`.
fn parts(ao: &[Key], bo: &[Key], a: Key, b: Key, kind: Compound) -> Vec<(Key, Key)> {
    let both = ao.iter().flat_map(|&x| bo.iter().map(move |&y| (x, y)));
    match kind {
        Compound::Conjunctive => both.collect(),
        Compound::Selective => ao
            .iter()
            .map(|&x| (x, b))
            .chain(bo.iter().map(|&y| (a, y)))
            .chain(both)
            .collect(),
    }
}
