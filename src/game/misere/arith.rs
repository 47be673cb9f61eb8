//! Misère sums, and the difference of a game and a nim heap.
//!
//! The sum `G + H` is the game whose options are `G′ + H` and `G + H′`; its canonical form is
//! that of those options' canonical forms (misère equality is a congruence for `+`: ONAG
//! ch. 12). Sums are computed bottom-up with an explicit stack (no recursion, however deep the
//! games) and memoised in a bounded table keyed by the pair of handles.

use super::{canonical, MisereGame};
use crate::game::memo::Memo;
use hashbrown::HashMap;
use std::sync::OnceLock;

const SHARDS: usize = 16;
/// Entries kept by the sum memo (two generations of this many at most).
const SUM_BUDGET: usize = 1 << 21;

fn sums() -> &'static Memo<(u32, u32), MisereGame> {
    static SUMS: OnceLock<Memo<(u32, u32), MisereGame>> = OnceLock::new();
    SUMS.get_or_init(|| Memo::new(SHARDS, SUM_BUDGET))
}

fn key(a: MisereGame, b: MisereGame) -> ((u32, u32), usize) {
    let k = (a.id().min(b.id()), a.id().max(b.id()));
    let shard = (u64::from(k.0) * 0x9E37_79B9 + u64::from(k.1)) as usize;
    (k, shard)
}

/// Empties the sum memo.
pub(crate) fn clear() {
    sums().clear();
}

/// `G + H` in misère canonical form.
pub(crate) fn add(a: MisereGame, b: MisereGame) -> MisereGame {
    if a.is_zero() {
        return b;
    }
    if b.is_zero() {
        return a;
    }
    let (k, shard) = key(a, b);
    if let Some(s) = sums().get(shard, &k) {
        return s;
    }
    let mut done: HashMap<(u32, u32), MisereGame> = HashMap::new();
    let known = |x: MisereGame, y: MisereGame, done: &HashMap<(u32, u32), MisereGame>| {
        if x.is_zero() {
            return Some(y);
        }
        if y.is_zero() {
            return Some(x);
        }
        let (k, shard) = key(x, y);
        done.get(&k).copied().or_else(|| sums().get(shard, &k))
    };
    let mut stack: Vec<(MisereGame, MisereGame, bool)> = vec![(a, b, false)];
    while let Some((x, y, expanded)) = stack.pop() {
        if known(x, y, &done).is_some() {
            continue;
        }
        if !expanded {
            stack.push((x, y, true));
            for &x1 in x.options() {
                if known(x1, y, &done).is_none() {
                    stack.push((x1, y, false));
                }
            }
            for &y1 in y.options() {
                if known(x, y1, &done).is_none() {
                    stack.push((x, y1, false));
                }
            }
            continue;
        }
        let value = |p: MisereGame, q: MisereGame| {
            known(p, q, &done).expect("the options' sums are computed first")
        };
        let options: Vec<MisereGame> = x
            .options()
            .iter()
            .map(|&x1| value(x1, y))
            .chain(y.options().iter().map(|&y1| value(x, y1)))
            .collect();
        let s = canonical::from_options(options);
        let (k, shard) = key(x, y);
        sums().insert(shard, k, s, 1);
        done.insert(k, s);
    }
    known(a, b, &done).expect("the sum is computed")
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
