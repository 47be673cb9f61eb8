//! Bottom-up evaluation over game trees without recursion.
//!
//! The algebra's operations are defined by recursion on options: `G + H` from the sums of the
//! options, `−G` from the negated options, and so on. Recursing in Rust would use one call-stack
//! frame per level of the game tree, so a form born on day 100 000 would overflow a thread's
//! stack. [`evaluate`] runs such a recursion with explicit stacks on the heap instead, and
//! [`post_order`] computes a value for every follower that needs one, memoised by game.

use super::limits::{self, UP_CHAIN_LIMIT};
use super::nus::Nus;
use super::Game;
use hashbrown::HashMap;

/// The value of `root` under a recursive definition, computed children first without recursion.
///
/// `quick(k)` gives the value of `k` when it is known without its children (a base case or a
/// memo hit). Otherwise `children(k, out)` appends the keys whose values `k` needs, and
/// `combine(k, values)` computes the value of `k` from theirs, in the order they were listed.
///
/// A key listed by several parents is evaluated once for each unless `quick` finds it in a
/// memo that `combine` fills; the operations that use this keep such memos.
pub(crate) fn evaluate<K: Copy, V: Copy>(
    root: K,
    quick: impl Fn(K) -> Option<V>,
    children: impl Fn(K, &mut Vec<K>),
    mut combine: impl FnMut(K, &[V]) -> V,
) -> V {
    if let Some(v) = quick(root) {
        return v;
    }
    enum Task<K> {
        Expand(K),
        Combine(K, usize),
    }
    let mut tasks = vec![Task::Expand(root)];
    // The values of finished keys whose parent has not combined yet, in the parent's order.
    let mut values: Vec<V> = Vec::new();
    let mut kids: Vec<K> = Vec::new();
    while let Some(task) = tasks.pop() {
        match task {
            Task::Expand(k) => match quick(k) {
                Some(v) => values.push(v),
                None => {
                    // Each key expanded is work to come: an interruption point (see
                    // `crate::interrupt`; nothing here is half-written when it unwinds).
                    crate::interrupt::check();
                    kids.clear();
                    children(k, &mut kids);
                    tasks.push(Task::Combine(k, kids.len()));
                    tasks.extend(kids.iter().rev().map(|&c| Task::Expand(c)));
                }
            },
            Task::Combine(k, n) => {
                let at = values.len() - n;
                let v = combine(k, &values[at..]);
                values.truncate(at);
                values.push(v);
            }
        }
    }
    values.pop().expect("the root's value")
}

/// Computes a value for `g` from the values of its options, for every subposition that needs it,
/// children before parents, without recursion.
///
/// `leaf(h)` gives the value of `h` directly when it can (then `h`'s options are not visited);
/// otherwise `combine(h, memo)` computes it, with the values of all of `h`'s options in `memo`.
/// `memo` may be pre-filled and keeps every value computed.
pub(crate) fn post_order<V: Clone>(
    g: Game,
    memo: &mut HashMap<Game, V>,
    mut leaf: impl FnMut(Game) -> Option<V>,
    mut combine: impl FnMut(Game, &HashMap<Game, V>) -> V,
) -> V {
    let mut stack: Vec<(Game, bool)> = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if memo.contains_key(&h) {
            continue;
        }
        if expanded {
            let v = combine(h, memo);
            memo.insert(h, v);
            continue;
        }
        if let Some(v) = leaf(h) {
            memo.insert(h, v);
            continue;
        }
        if let Some(n) = h.as_nus() {
            // Without a closed form, the walk visits every follower, one form a step.
            check_followers(n);
        }
        stack.push((h, true));
        for o in h.left_options().iter().chain(h.right_options()) {
            if !memo.contains_key(o) {
                stack.push((*o, false));
            }
        }
    }
    memo[&g].clone()
}

/// Refuses to visit the followers of `x + n·↑ + *k` when it is born after day
/// [`UP_CHAIN_LIMIT`](super::limits::UP_CHAIN_LIMIT), or when they hold too many nimber options
/// ([`check_nimber_followers`](super::limits::check_nimber_followers)).
pub(crate) fn check_followers(n: &Nus) {
    limits::check_nimber_followers(n.nimber);
    let birthday = n.birthday();
    if birthday > num_bigint::BigUint::from(UP_CHAIN_LIMIT) {
        limits::exceeded(format!(
            "this needs every follower of {}, which is born on day {birthday}, beyond the limit of {UP_CHAIN_LIMIT}",
            Game::nus(n.clone())
        ));
    }
}
