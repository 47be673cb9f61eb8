//! Misère play of a short game taken as its game tree: the tree of a canonical
//! [`Game`](crate::Game) (its canonical form) or an explicit [`Form`] as written.
//!
//! A short game's normal-play value says nothing about its misère play (`*2 + *2` and `0` are
//! both 0 in normal play but differ in misère play), so these functions read the *tree*:
//!
//! - [`impartial_form`]: the misère canonical form ([`MisereGame`]) of a tree in which every
//!   follower has the same Left and Right options (an *impartial* tree), built options first by
//!   Conway's simplification (ONAG ch. 12); `None` for any other tree, whose misère value as a
//!   partizan game is not defined here.
//! - [`outcome`]: the misère outcome class of any tree, partizan or not, by the definition:
//!   Left moving first wins when she has no move, or has a move to a position from which Right
//!   moving first does not win; symmetrically for Right (CGT ch. V; WW
//!   ch. 13 for impartial games).
//!
//! The canonical form of a nimber `*n` is the impartial tree `{*0, …, *(n−1)}`; that of any
//! other canonical game is not impartial (a tree whose followers all have equal Left and Right
//! options has a nimber as its value, and canonical forms are unique). Both walks use an explicit
//! stack and visit each node (a canonical leaf once per game) once.

use super::MisereGame;
use crate::algebra::form::{Form, Key};
use crate::algebra::Outcome;
use hashbrown::HashMap;
use num_traits::Signed;

/// Visits the tree of `root` children first, without recursion: `leaf` decides a node at once
/// when it can (canonical leaves), `node` combines the results of the Left and Right options.
fn post_order<T: Clone>(
    root: &Form,
    mut leaf: impl FnMut(&Form) -> Option<T>,
    mut node: impl FnMut(&[T], &[T]) -> T,
) -> T {
    let mut done: HashMap<Key, T> = HashMap::new();
    let mut stack: Vec<(Form, bool)> = vec![(root.clone(), false)];
    while let Some((f, expanded)) = stack.pop() {
        let key = f.key();
        if done.contains_key(&key) {
            continue;
        }
        if !expanded {
            if let Some(t) = leaf(&f) {
                done.insert(key, t);
                continue;
            }
            // A canonical leaf `x + n·↑ + *k` is walked follower by follower: refused at once
            // when it has too many (`100000000` has a chain of 10^8).
            if let Some(n) = f.as_value().and_then(|g| g.as_nus()) {
                crate::algebra::walk::check_followers(n);
            }
        }
        let (left, right) = (f.left_options(), f.right_options());
        if expanded {
            let results = |options: &[Form]| -> Vec<T> {
                options.iter().map(|o| done[&o.key()].clone()).collect()
            };
            let t = node(&results(&left), &results(&right));
            done.insert(key, t);
        } else {
            stack.push((f, true));
            stack.extend(left.into_iter().chain(right).map(|o| (o, false)));
        }
    }
    done[&root.key()].clone()
}

/// The shape of an impartial tree up to isomorphism: `Nim(n)` for the tree of `*n`, otherwise
/// the index of its set of options' shapes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Shape {
    Nim(u64),
    Other(u32),
}

/// The misère canonical form of the impartial tree `f` (a canonical game, or an explicit form
/// as written), or `None` when some follower's Left options differ from its Right options
/// (compared as sets of trees).
///
/// ```
/// use partizan::algebra::form::Form;
/// use partizan::algebra::misere::{tree, MisereGame};
/// use partizan::Game;
/// // *2 is the tree {0, * | 0, *}: the nim heap *2.
/// assert_eq!(tree::impartial_form(&Form::value(Game::nimber(2))), Some(MisereGame::nim_heap(2)));
/// // {*2 | *2} is 0 in normal play, but in misère play the game whose only option is *2.
/// let f = Form::new(vec![Form::value(Game::nimber(2))], vec![Form::value(Game::nimber(2))]);
/// assert_eq!(tree::impartial_form(&f).unwrap().to_string(), "*[2#]");
/// // ↑ = {0 | *} is partizan.
/// assert_eq!(tree::impartial_form(&Form::value(Game::up())), None);
/// ```
pub fn impartial_form(f: &Form) -> Option<MisereGame> {
    let mut shapes: HashMap<Vec<Shape>, u32> = HashMap::new();
    post_order(
        f,
        |f| {
            let g = f.as_value()?;
            Some(
                g.as_nimber()
                    .map(|n| (Shape::Nim(n), MisereGame::nim_heap(n))),
            )
        },
        |left, right| {
            let set = |options: &[Option<(Shape, MisereGame)>]| {
                let mut s: Vec<(Shape, MisereGame)> =
                    options.iter().copied().collect::<Option<_>>()?;
                s.sort_unstable_by_key(|o| o.0);
                s.dedup_by_key(|o| o.0);
                Some(s)
            };
            let (l, r) = (set(left)?, set(right)?);
            if l.iter().map(|o| o.0).ne(r.iter().map(|o| o.0)) {
                return None;
            }
            let k = l.len() as u64;
            let shape = if l
                .iter()
                .enumerate()
                .all(|(i, o)| o.0 == Shape::Nim(i as u64))
            {
                Shape::Nim(k)
            } else {
                let next = shapes.len() as u32;
                Shape::Other(
                    *shapes
                        .entry(l.iter().map(|o| o.0).collect())
                        .or_insert(next),
                )
            };
            Some((shape, MisereGame::new(l.into_iter().map(|o| o.1))))
        },
    )
    .map(|(_, g)| g)
}

/// The misère outcome class of the tree `f` (a canonical game, or an explicit form as
/// written), partizan or impartial: `L` when Left wins whoever starts, `R`, `N` (the player to
/// move wins) or `P`, where the player who cannot move wins.
///
/// ```
/// use partizan::algebra::form::Form;
/// use partizan::algebra::misere::tree;
/// use partizan::{Game, Outcome};
/// // 0: the player to move cannot move, and wins. *: the player to move must move to 0, and loses.
/// assert_eq!(tree::outcome(&Form::value(Game::zero())), Outcome::N);
/// assert_eq!(tree::outcome(&Form::value(Game::star())), Outcome::P);
/// // 1 = {0 |}: Right has no move and wins moving first; Left moving first moves to 0 and loses.
/// assert_eq!(tree::outcome(&Form::value(Game::integer(1))), Outcome::R);
/// // An integer is known without walking its chain of followers.
/// assert_eq!(tree::outcome(&Form::value(Game::integer(-100_000_000))), Outcome::L);
/// ```
pub fn outcome(f: &Form) -> Outcome {
    // (whether Left moving first wins, whether Right moving first wins)
    let (left, right) = post_order(
        f,
        |f| {
            let g = f.as_value()?;
            // *n: the mover wins by moving to *1 (n ≥ 2) or by having no move (n = 0).
            if let Some(n) = g.as_nimber() {
                return Some((n != 1, n != 1));
            }
            // An integer n > 0 is Left's chain of n moves: Right, who has none, wins moving
            // first, and Left moving first leaves Right without a move again (R); n < 0 is L.
            let n = g.as_number()?.to_integer()?;
            Some((n.is_negative(), n.is_positive()))
        },
        |l, r| {
            (
                l.is_empty() || l.iter().any(|o| !o.1),
                r.is_empty() || r.iter().any(|o| !o.0),
            )
        },
    );
    match (left, right) {
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (true, true) => Outcome::N,
        (false, false) => Outcome::P,
    }
}
