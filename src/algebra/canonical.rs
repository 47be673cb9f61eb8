//! Simplification to canonical form.
//!
//! The canonical form of `{L | R}` is reached by repeatedly deleting dominated options and
//! bypassing reversible ones (CGT Thm II.2.9; LIP §4.3):
//! * a Left option `A` is *dominated* by a Left option `B ≠ A` when `A <= B`; a Right option
//!   `A` by a Right option `B` when `A >= B`;
//! * a Left option `A` is *reversible* through `A^R` when `A^R <= G`; it is then replaced by the
//!   Left options of `A^R`. Symmetrically for Right (`A^L >= G`).
//!
//! Reversibility is tested against the option lists of the form being simplified, without
//! interning it. Three fast paths avoid the general algorithm:
//! * when every option is of the form number + ups + nimber, the stops of the options decide the
//!   shape: if the largest Left number is below the smallest Right number, the game is a number
//!   (the simplicity theorem); if above, the game is hot, only dominance applies, and dominance is
//!   decided on the parts;
//! * `{*a, *b, ... | *a, *b, ...}` with equal sides is `*mex` (Sprague–Grundy).
//!
//! The first fast path, for options at one number `x` that are all `x + n·↑ + *k`, is
//! `nus_canonical`, which decides the form on the parts and hands a form with an empty side back
//! here: a fast path and its fallback, which use each other on purpose (listed so in
//! `tests/layering.rs`).

use super::number::Number;
use super::nus::Nus;
use super::order::{le, le_form, Form, FormResults};
use super::store::{intern_general, intern_nus};
use super::Game;
use std::cmp::Ordering;

pub(crate) fn canonicalize(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
    if left.is_empty() && right.is_empty() {
        return Game::zero();
    }
    // The fast path needs neither sorted nor deduplicated options.
    if let Some(g) = all_nus_fast_path(&left, &right) {
        return g;
    }
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    // Every round keeps the value of the form, so its comparisons hold through all rounds.
    let known = FormResults::default();
    loop {
        remove_dominated(&mut left, true);
        remove_dominated(&mut right, false);
        let changed_left = bypass_reversible(&mut left, &right, true, &known);
        let changed_right = bypass_reversible(&mut right, &left, false, &known);
        if !(changed_left || changed_right) {
            break;
        }
        sort_dedup(&mut left);
        sort_dedup(&mut right);
    }
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    recognize(left, right)
}

fn sort_dedup(v: &mut Vec<Game>) {
    v.sort_unstable_by_key(|g| g.id());
    v.dedup();
}

/// The fast path when every option is `x + n·↑ + *k`; `None` when the general algorithm is
/// needed (the largest Left number equals the smallest Right number).
fn all_nus_fast_path(left: &[Game], right: &[Game]) -> Option<Game> {
    let parts = |side: &[Game]| -> Option<Vec<&Nus>> {
        let mut out = Vec::with_capacity(side.len());
        for g in side {
            out.push(g.as_nus()?);
        }
        Some(out)
    };
    let (ln, rn) = (parts(left)?, parts(right)?);
    let x = ln.iter().map(|n| &n.number).max();
    let y = rn.iter().map(|n| &n.number).min();
    let order = match (x, y) {
        (Some(x), Some(y)) => x.cmp(y),
        _ => Ordering::Less,
    };
    match order {
        Ordering::Less => {
            // A number: the simplest z with every G^L ◁ z ◁ G^R. Any z strictly between x and y
            // qualifies; the end x itself qualifies iff no Left option with number x is >= x.
            let lo = x.map(|x| {
                let inclusive = ln
                    .iter()
                    .filter(|n| &n.number == x)
                    .all(|n| !Nus::number(x.clone()).le(n));
                (x, inclusive)
            });
            let hi = y.map(|y| {
                let inclusive = rn
                    .iter()
                    .filter(|n| &n.number == y)
                    .all(|n| !n.le(&Nus::number(y.clone())));
                (y, inclusive)
            });
            let z = Number::simplest_between(lo, hi).expect("a non-empty interval");
            Some(Game::number(z))
        }
        Ordering::Greater => {
            // Hot: LS(G) = x > y = RS(G). No option reverses, since every option of a surviving
            // Left option has both stops >= x > RS(G) (and symmetrically for Right).
            let x = x.expect("both sides are non-empty");
            let y = y.expect("both sides are non-empty");
            let mut l = nus_undominated(left, &ln, x, true);
            let mut r = nus_undominated(right, &rn, y, false);
            sort_dedup(&mut l);
            sort_dedup(&mut r);
            Some(intern_general(l, r))
        }
        Ordering::Equal => {
            // x = y: a Left option with number below x is dominated by one at x (a positive
            // number beats any infinitesimal), and symmetrically for Right, so only the options
            // at x matter; with their infinitesimal parts e_L, e_R, the game is x + {e_L | e_R}
            // (number translation; and if {e_L | e_R} is a number it is 0 and the game is x).
            let x = x.expect("both sides are non-empty");
            let parts_at_x = |parts: &[&Nus]| -> Vec<(i64, u64)> {
                let mut out = Vec::with_capacity(parts.len());
                out.extend(
                    parts
                        .iter()
                        .filter(|n| &n.number == x)
                        .map(|n| (n.ups, n.nimber)),
                );
                out
            };
            let (lp, rp) = (parts_at_x(&ln), parts_at_x(&rn));
            Some(super::nus_canonical::canonical(x, &lp, &rp))
        }
    }
}

/// The undominated options of one side, all of the form `x + n·↑ + *k`.
///
/// For Left only the largest number `x` survives (a larger number beats any infinitesimal).
/// Among those, with `u` the largest up multiple: every `(u, k)` survives; `(u − 1, k)` survives
/// only when the `u`-options are exactly `{(u, k ⊕ 1)}` (as `↑ + *j >= 0` iff `j ≠ 1`); smaller
/// up multiples are dominated (`⇑ + *j > 0`). Right is the mirror image.
fn nus_undominated(opts: &[Game], parts: &[&Nus], x: &Number, left: bool) -> Vec<Game> {
    let sign: i64 = if left { 1 } else { -1 };
    let at_x: Vec<(Game, i64, u64)> = opts
        .iter()
        .zip(parts)
        .filter(|(_, n)| &n.number == x)
        .map(|(g, n)| (*g, n.ups.saturating_mul(sign), n.nimber))
        .collect();
    let u = at_x
        .iter()
        .map(|t| t.1)
        .max()
        .expect("some option has number x");
    // Distinct nimbers at the top up multiple (the options may repeat: they are not deduplicated
    // before the fast path).
    let mut top: Vec<u64> = at_x.iter().filter(|t| t.1 == u).map(|t| t.2).collect();
    top.sort_unstable();
    top.dedup();
    at_x.iter()
        .filter(|&&(_, ups, k)| ups == u || (ups == u - 1 && top.len() == 1 && top[0] == k ^ 1))
        .map(|t| t.0)
        .collect()
}

/// Removes dominated options from one side (Left keeps maximal options, Right minimal ones).
///
/// Options are first sorted by their stops, best first, so that a dominating option is usually
/// met before the options it dominates; a later option can dominate an earlier one only when
/// their stops are equal (stops are order-preserving).
fn remove_dominated(opts: &mut Vec<Game>, left: bool) {
    if opts.len() <= 1 {
        return;
    }
    if left {
        opts.sort_by(|a, b| (b.left_stop(), b.right_stop()).cmp(&(a.left_stop(), a.right_stop())));
    } else {
        opts.sort_by(|a, b| (a.right_stop(), a.left_stop()).cmp(&(b.right_stop(), b.left_stop())));
    }
    // `worse(a, b)`: a is dominated by b on this side.
    let worse = |a: Game, b: Game| if left { le(a, b) } else { le(b, a) };
    let mut kept: Vec<Game> = Vec::with_capacity(opts.len());
    for &a in opts.iter() {
        if kept.iter().any(|&k| worse(a, k)) {
            continue;
        }
        kept.retain(|&k| {
            !(k.left_stop() == a.left_stop() && k.right_stop() == a.right_stop() && worse(k, a))
        });
        kept.push(a);
    }
    *opts = kept;
}

/// Bypasses every reversible option of one side once; returns whether anything changed.
///
/// For Left (`left == true`, `opts` = Left options, `other` = Right options) an option `A` is
/// replaced by the Left options of the first `A^R <= G`. `known` holds the comparisons with
/// the value of the form made so far.
fn bypass_reversible(
    opts: &mut Vec<Game>,
    other: &[Game],
    left: bool,
    known: &FormResults,
) -> bool {
    let (gl, gr): (&[Game], &[Game]) = if left { (opts, other) } else { (other, opts) };
    let form = Form::new(gl, gr, known);
    let mut out: Vec<Game> = Vec::with_capacity(opts.len());
    let mut changed = false;
    for &a in opts.iter() {
        let through = if left {
            a.right_options()
                .iter()
                .find(|&&ar| le_form(ar, true, &form))
                .map(|ar| ar.left_options())
        } else {
            a.left_options()
                .iter()
                .find(|&&al| le_form(al, false, &form))
                .map(|al| al.right_options())
        };
        match through {
            Some(replacement) => {
                out.extend_from_slice(replacement);
                changed = true;
            }
            None => out.push(a),
        }
    }
    *opts = out;
    changed
}

/// The handle of the canonical form with these options (in any order, possibly repeated).
pub(crate) fn recognize_sorted(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    recognize(left, right)
}

/// The handle of a canonical form given by its (sorted, deduplicated) options: the number or
/// number + up + nimber value it is, or else a general form.
fn recognize(left: Vec<Game>, right: Vec<Game>) -> Game {
    if left.is_empty() && right.is_empty() {
        return Game::zero();
    }
    let all_numbers = left.iter().chain(&right).all(|g| g.is_number());
    if all_numbers {
        let x = left.iter().filter_map(|g| g.as_number()).max();
        let y = right.iter().filter_map(|g| g.as_number()).min();
        let is_number = match (x, y) {
            (Some(x), Some(y)) => x < y,
            _ => true,
        };
        if is_number {
            let z = Number::simplest_between(x.map(|x| (x, false)), y.map(|y| (y, false)))
                .expect("x < y");
            return Game::number(z);
        }
    }
    if let Some(n) = nus_candidate(&left, &right) {
        let g = intern_nus(n);
        if *g.left_options() == *left && *g.right_options() == *right {
            return g;
        }
    }
    intern_general(left, right)
}

/// The only number + up + nimber value whose canonical form could be `{left | right}`, read off
/// the shape of the options (see [`Nus::options`]).
fn nus_candidate(left: &[Game], right: &[Game]) -> Option<Nus> {
    if left == right {
        // x + *k = {x + *j | x + *j}, j < k.
        let x = &left.first()?.as_nus()?.number;
        return Some(Nus {
            number: x.clone(),
            ups: 0,
            nimber: left.len() as u64,
        });
    }
    if let [r] = right {
        let n = r.as_nus()?;
        if n.ups >= 0 && left.iter().any(|g| g.as_number() == Some(&n.number)) {
            return Some(Nus {
                number: n.number.clone(),
                ups: n.ups.checked_add(1)?,
                nimber: n.nimber ^ 1,
            });
        }
    }
    if let [l] = left {
        let n = l.as_nus()?;
        if n.ups <= 0 && right.iter().any(|g| g.as_number() == Some(&n.number)) {
            return Some(Nus {
                number: n.number.clone(),
                ups: n.ups.checked_sub(1)?,
                nimber: n.nimber ^ 1,
            });
        }
    }
    None
}
