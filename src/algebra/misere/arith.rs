//! Misère sums, and the difference of a game and a nim heap.
//!
//! The sum `G + H` is the game whose options are `G′ + H` and `G + H′`; its canonical form is
//! that of those options' canonical forms (misère equality is a congruence for `+`: ONAG
//! ch. 12). Sums are computed bottom-up with an explicit stack (no recursion, however deep the
//! games) and memoised in a bounded table (one per thread) keyed by the pair of handles.

use super::{canonical, MisereGame};
use hashbrown::HashMap;
use std::cell::RefCell;

/// Entries kept by each thread's sum memo, in two generations of at most this many.
const SUM_BUDGET: usize = 1 << 21;

/// A thread's memo of sums: two generations, the older dropped when the younger is full, so
/// memory stays bounded; an evicted sum is recomputed when needed. (Per thread, without a lock:
/// a lookup costs a hash probe, which matters because a sum looks up every pair of options.)
#[derive(Default)]
struct Sums {
    young: HashMap<(u32, u32), MisereGame>,
    old: HashMap<(u32, u32), MisereGame>,
}

impl Sums {
    fn get(&mut self, k: &(u32, u32)) -> Option<MisereGame> {
        if let Some(&s) = self.young.get(k) {
            return Some(s);
        }
        let s = self.old.remove(k)?;
        self.insert(*k, s);
        Some(s)
    }

    fn insert(&mut self, k: (u32, u32), s: MisereGame) {
        self.young.insert(k, s);
        if self.young.len() >= SUM_BUDGET {
            self.old = std::mem::take(&mut self.young);
        }
    }
}

thread_local! {
    static SUMS: RefCell<Sums> = RefCell::default();
}

fn key(a: MisereGame, b: MisereGame) -> (u32, u32) {
    (a.id().min(b.id()), a.id().max(b.id()))
}

/// Empties this thread's sum memo.
pub(crate) fn clear() {
    SUMS.with(|s| *s.borrow_mut() = Sums::default());
}

/// `G + H` in misère canonical form.
pub(crate) fn add(a: MisereGame, b: MisereGame) -> MisereGame {
    if a.is_zero() {
        return b;
    }
    if b.is_zero() {
        return a;
    }
    if let Some(s) = SUMS.with(|m| m.borrow_mut().get(&key(a, b))) {
        return s;
    }
    // Results met during this sum, from the global memo or computed here: each pair is looked
    // up in the (locked) global memo at most once.
    let mut done: HashMap<(u32, u32), MisereGame> = HashMap::new();
    let lookup = |x: MisereGame, y: MisereGame, done: &mut HashMap<(u32, u32), MisereGame>| {
        if x.is_zero() {
            return Some(y);
        }
        if y.is_zero() {
            return Some(x);
        }
        let k = key(x, y);
        if let Some(&s) = done.get(&k) {
            return Some(s);
        }
        let s = SUMS.with(|m| m.borrow_mut().get(&k))?;
        done.insert(k, s);
        Some(s)
    };
    let mut stack: Vec<(MisereGame, MisereGame, bool)> = vec![(a, b, false)];
    while let Some((x, y, expanded)) = stack.pop() {
        if lookup(x, y, &mut done).is_some() {
            continue;
        }
        if !expanded {
            stack.push((x, y, true));
            for &x1 in x.options() {
                if lookup(x1, y, &mut done).is_none() {
                    stack.push((x1, y, false));
                }
            }
            for &y1 in y.options() {
                if lookup(x, y1, &mut done).is_none() {
                    stack.push((x, y1, false));
                }
            }
            continue;
        }
        let mut options: Vec<MisereGame> =
            Vec::with_capacity(x.options().len() + y.options().len());
        for &x1 in x.options() {
            options.push(lookup(x1, y, &mut done).expect("the options' sums are computed first"));
        }
        for &y1 in y.options() {
            options.push(lookup(x, y1, &mut done).expect("the options' sums are computed first"));
        }
        let s = canonical::from_options(options);
        let k = key(x, y);
        SUMS.with(|m| m.borrow_mut().insert(k, s));
        done.insert(k, s);
    }
    done[&key(a, b)]
}

/// The `X` with `X + *n = G` among the candidates `G′` and `G′ + *` (`G′` an option of `G`) born
/// before `G`, if any. This finds `X` whenever the canonical form of `X + *n` keeps its option
/// `X + *0`; a printed form only needs some true decomposition, so a miss costs nothing but a
/// longer string.
pub(crate) fn minus_nim_heap(g: MisereGame, n: u64) -> Option<MisereGame> {
    if n == 0 {
        return Some(g);
    }
    if let Some(m) = g.as_nim_heap() {
        // *(2k) + * = *(2k + 1) and * + * = 0, so *m − * = *(m ⊕ 1).
        if n == 1 {
            return Some(MisereGame::nim_heap(m ^ 1));
        }
    }
    let heap = MisereGame::nim_heap(n);
    let b = g.birthday();
    for &o in g.options() {
        for x in [o, o.plus_star()] {
            if x.birthday() < b && add(x, heap) == g {
                return Some(x);
            }
        }
    }
    None
}
