//! Explicit game forms: games kept as written, not simplified.
//!
//! The value of a short game depends only on its canonical form, but a few operations are
//! defined on *forms*: the ordinal sum `G : H` depends on the form of `G` (Siegel, *Combinatorial
//! Game Theory*, on ordinal sums: `{|} : H` and `{-1|1} : H` differ although both forms are 0),
//! and so do the conjunctive and selective compounds (see `compound`). A [`Form`] keeps a game as
//! written — CGSuite's explicit games, written `'{*|*}'` — until its canonical form is asked for.
//!
//! A form's options are forms; a leaf is a canonical [`Game`], whose options are those of its
//! canonical form. Every traversal here uses an explicit stack, and dropping a form does not
//! recurse either.

use super::Game;
use hashbrown::HashMap;
use std::fmt;
use std::sync::Arc;

/// An explicit game form (see the module documentation).
///
/// ```
/// use partizan::algebra::form::Form;
/// use partizan::Game;
/// // {* | *} is the form of 0 with a move for each player.
/// let f = Form::new(vec![Form::value(Game::star())], vec![Form::value(Game::star())]);
/// assert_eq!(f.canonical_form(), Game::zero());
/// assert_eq!(f.to_string(), "{*|*}");
/// // Its ordinal sum with 1 is {*, {*|*} : 0 | *} = {*, 0 | *} = ↑, while 0 : 1 = {0 : 0 |} = 1:
/// // the form of the base matters.
/// assert_eq!(f.ordinal_sum(&Form::value(Game::integer(1))), Game::up());
/// assert_eq!(Game::zero().ordinal_sum(&Game::integer(1)), Game::integer(1));
/// ```
#[derive(Clone)]
pub struct Form(Arc<Node>);

enum Node {
    /// A canonical game, whose options are those of its canonical form.
    Value(Game),
    /// `{left | right}` as written.
    Options(Vec<Form>, Vec<Form>),
}

/// A key that identifies a form node: the game for canonical leaves, the node's address for
/// explicit nodes (two explicit forms are the same key only when they are the same node).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    Value(Game),
    Node(usize),
}

impl Form {
    /// The canonical game `g`, used as a form.
    pub fn value(g: Game) -> Form {
        Form(Arc::new(Node::Value(g)))
    }

    /// The form `{left | right}`, kept as written.
    pub fn new(left: Vec<Form>, right: Vec<Form>) -> Form {
        Form(Arc::new(Node::Options(left, right)))
    }

    /// The canonical game this form is a leaf for, if it is one.
    pub fn as_value(&self) -> Option<Game> {
        match &*self.0 {
            Node::Value(g) => Some(*g),
            Node::Options(..) => None,
        }
    }

    pub(crate) fn key(&self) -> Key {
        match &*self.0 {
            Node::Value(g) => Key::Value(*g),
            Node::Options(..) => Key::Node(Arc::as_ptr(&self.0) as usize),
        }
    }

    /// The Left options (for a canonical leaf, those of its canonical form).
    pub fn left_options(&self) -> Vec<Form> {
        match &*self.0 {
            Node::Value(g) => g.left_options().iter().map(|o| Form::value(*o)).collect(),
            Node::Options(l, _) => l.clone(),
        }
    }

    /// The Right options (for a canonical leaf, those of its canonical form).
    pub fn right_options(&self) -> Vec<Form> {
        match &*self.0 {
            Node::Value(g) => g.right_options().iter().map(|o| Form::value(*o)).collect(),
            Node::Options(_, r) => r.clone(),
        }
    }

    /// The canonical form of the value, computed children first without recursion.
    pub fn canonical_form(&self) -> Game {
        let mut done: HashMap<Key, Game> = HashMap::new();
        let mut stack: Vec<(Form, bool)> = vec![(self.clone(), false)];
        while let Some((f, expanded)) = stack.pop() {
            let key = f.key();
            if done.contains_key(&key) {
                continue;
            }
            let (l, r) = match &*f.0 {
                Node::Value(g) => {
                    done.insert(key, *g);
                    continue;
                }
                Node::Options(l, r) => (l, r),
            };
            if expanded {
                let value = |o: &Form| done[&o.key()];
                let g = Game::new(l.iter().map(value), r.iter().map(value));
                done.insert(key, g);
            } else {
                stack.push((f.clone(), true));
                stack.extend(l.iter().chain(r).map(|o| (o.clone(), false)));
            }
        }
        done[&self.key()]
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Conway, ONAG,
    /// ch. 15; CGT), with `G` this form: play goes on in `H`
    /// until someone moves in the base `G`, which ends `H`. Its value depends on the form of `G`
    /// (and only on the value of `H`).
    pub fn ordinal_sum(&self, h: &Form) -> Game {
        let base_left: Vec<Game> = self
            .left_options()
            .iter()
            .map(Form::canonical_form)
            .collect();
        let base_right: Vec<Game> = self
            .right_options()
            .iter()
            .map(Form::canonical_form)
            .collect();
        let mut memo = HashMap::new();
        super::walk::post_order(
            h.canonical_form(),
            &mut memo,
            |_| None,
            |k, memo| {
                let left = base_left
                    .iter()
                    .copied()
                    .chain(k.left_options().iter().map(|o| memo[o]));
                let right = base_right
                    .iter()
                    .copied()
                    .chain(k.right_options().iter().map(|o| memo[o]));
                Game::new(left, right)
            },
        )
    }
}

impl From<Game> for Form {
    fn from(g: Game) -> Form {
        Form::value(g)
    }
}

impl Drop for Node {
    /// Drops the options without recursion: a form may be deeper than the call stack.
    fn drop(&mut self) {
        let Node::Options(l, r) = self else { return };
        let mut pending: Vec<Form> = std::mem::take(l);
        pending.append(r);
        while let Some(f) = pending.pop() {
            // The last owner takes the node's options over before it drops them.
            if let Ok(Node::Options(l, r)) = Arc::try_unwrap(f.0).as_mut() {
                pending.append(l);
                pending.append(r);
            }
        }
    }
}

impl fmt::Display for Form {
    /// As written: canonical leaves in the notation, explicit nodes as `{a,b|c}` with one bar and
    /// braces at every level (the slash convention is for canonical forms only); `{:#}` with
    /// Unicode arrows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        enum Piece {
            Form(Form),
            Text(&'static str),
        }
        let mut out = String::new();
        let mut pieces = vec![Piece::Form(self.clone())];
        while let Some(p) = pieces.pop() {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Form(form) => match &*form.0 {
                    Node::Value(g) if f.alternate() => out.push_str(&format!("{g:#}")),
                    Node::Value(g) => out.push_str(&g.to_string()),
                    Node::Options(l, r) => {
                        let mut parts = vec![Piece::Text("{")];
                        for (i, o) in l.iter().enumerate() {
                            if i > 0 {
                                parts.push(Piece::Text(","));
                            }
                            parts.push(Piece::Form(o.clone()));
                        }
                        parts.push(Piece::Text("|"));
                        for (i, o) in r.iter().enumerate() {
                            if i > 0 {
                                parts.push(Piece::Text(","));
                            }
                            parts.push(Piece::Form(o.clone()));
                        }
                        parts.push(Piece::Text("}"));
                        pieces.extend(parts.into_iter().rev());
                    }
                },
            }
        }
        f.write_str(&out)
    }
}

impl fmt::Debug for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{self}'")
    }
}

impl PartialEq for Form {
    /// Forms are equal when they are written the same way (not when their values are equal).
    fn eq(&self, other: &Form) -> bool {
        self.key() == other.key() || self.to_string() == other.to_string()
    }
}
