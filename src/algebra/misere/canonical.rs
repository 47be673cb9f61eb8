//! Misère simplification: the canonical form of a game whose options are canonical.
//!
//! Conway's simplification theorem (ONAG ch. 12; CGT ch. V.1): let `H` be an option of an option of `G` such that
//! 1. every option of `H` is an option of `G`, and
//! 2. every option of `G` that is not an option of `H` has `H` as an option, and
//! 3. (the *proviso*) if `H = 0`, then `G` is a misère N-position.
//!
//! Then `G = H`. (Proof, by induction on `X`: the winner of `H + X` wins `G + X` by the same
//! strategy, answering a move to `G′ + X` with `G′` not an option of `H` by moving to `H + X`;
//! the only position where this breaks down is `H + X = 0`, which the proviso covers.) Conway
//! showed that a game with canonical options to which no such `H` applies is in simplest form,
//! and that simplest forms are unique. The tests check the consequence that 1, 2, 3, 5 and 22
//! distinct games are born by days 0 to 4 (ONAG ch. 12), and 4171780 by day 5.
//!
//! Two invariants narrow the candidates: equal games have equal misère Grundy values `G⁻`
//! (`G⁻(G)` is the `n` with `G + *n` a P-position) and equal normal Grundy values `G⁺` (a
//! reduction to `H` keeps `G⁺`: every deleted option has `H` among its options, so its value is
//! not `G⁺(H)`). Both are computed from the options before any candidate is tried. With
//! `G⁻(G) = G⁻(0) = 1` the proviso holds at once when `H = 0`.

use super::{store, MisereGame};
use crate::algebra::mex;

/// The misère canonical form of the game with these (canonical) options.
pub(crate) fn from_options(mut options: Vec<MisereGame>) -> MisereGame {
    options.sort_unstable_by_key(|g| g.id());
    options.dedup();
    if options.is_empty() {
        return MisereGame::zero();
    }
    if let Some(n) = nim_pattern(&options) {
        return store::nim_heap(n);
    }
    if let Some(g) = store::find(&options) {
        return g;
    }
    let g_plus = mex(options.iter().map(|g| g.normal_grundy()));
    let g_minus = mex(options.iter().map(|g| g.misere_grundy()));
    if let Some(h) = reduction(&options, g_plus, g_minus) {
        return h;
    }
    store::intern(options, g_plus, g_minus)
}

/// `Some(n)` when the options are exactly the nim heaps `*0, …, *(n − 1)`.
fn nim_pattern(options: &[MisereGame]) -> Option<u64> {
    let n = options.len() as u64;
    options
        .iter()
        .all(|g| g.as_nim_heap().is_some_and(|k| k < n))
        .then_some(n)
}

/// The game `H` to which the game with these options reduces, if any.
pub(crate) fn reduction(options: &[MisereGame], g_plus: u64, g_minus: u64) -> Option<MisereGame> {
    let is_option = |x: MisereGame| options.binary_search_by_key(&x.id(), |g| g.id()).is_ok();
    let mut tried: hashbrown::HashSet<u32> = hashbrown::HashSet::new();
    let mut below: Vec<MisereGame> = Vec::new();
    for &o in options {
        // The candidates below `o`; a nim heap `*n` offers only `*G⁺` (the one option of `*n`
        // with normal Grundy value G⁺), found without writing out its options.
        below.clear();
        match o.as_nim_heap() {
            Some(n) if g_plus < n => below.push(store::nim_heap(g_plus)),
            Some(_) => {}
            None => below.extend_from_slice(o.options()),
        }
        for &h in &below {
            if h.normal_grundy() != g_plus || h.misere_grundy() != g_minus || !tried.insert(h.id())
            {
                continue;
            }
            let contained = match h.as_nim_heap() {
                Some(k) => (0..k).all(|j| is_option(store::nim_heap(j))),
                None => h.options().iter().all(|&x| is_option(x)),
            };
            if !contained {
                continue;
            }
            let reverses = options.iter().all(|&x| h.has_option(x) || x.has_option(h));
            // The proviso: G⁻(G) = G⁻(0) = 1 here, so G is an N-position when H = 0.
            let proviso = !h.is_zero() || options.iter().any(|x| x.misere_grundy() == 0);
            if reverses && proviso {
                return Some(h);
            }
        }
    }
    None
}
