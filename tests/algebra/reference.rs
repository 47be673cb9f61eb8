//! The engine against an independent reference implementation on explicit trees
//! (`util::reference`: comparison and canonical form straight from the definitions).

// These tests check the partial-order operators themselves, so they spell out comparisons
// that clippy would simplify (and negate `<=` deliberately: games can be incomparable).
#![allow(
    clippy::nonminimal_bool,
    clippy::double_comparisons,
    clippy::neg_cmp_op_on_partial_ord
)]

use crate::util::random::{check, Arb, Small};
use crate::util::reference::{int_tree, ref_canonical, ref_le, star_tree, RefSum, Tree};
use partizan::{Game, Number, Nus};

#[test]
fn canonical_forms_agree_with_the_reference() {
    check::<Arb>(2000, |a| {
        Tree::of_game(a.game).key() == ref_canonical(&a.tree).key()
    });
}

#[test]
fn comparisons_agree_with_the_reference() {
    check::<(Arb, Arb)>(2000, |(a, b)| {
        let (x, y) = (ref_canonical(&a.tree), ref_canonical(&b.tree));
        (a.game <= b.game) == ref_le(&x, &y) && (b.game <= a.game) == ref_le(&y, &x)
    });
}

#[test]
fn sums_agree_with_the_reference() {
    check::<(Small, Small)>(500, |(a, b)| {
        let mut sum = RefSum::new();
        let s = sum.add(&ref_canonical(&a.tree), &ref_canonical(&b.tree));
        Tree::of_game(a.game + b.game).key() == s.key()
    });
}

#[test]
fn negatives_agree_with_the_reference() {
    check::<Arb>(2000, |a| {
        Tree::of_game(-a.game).key() == ref_canonical(&a.tree.neg()).key()
    });
}

#[test]
fn birthdays_are_the_heights_of_canonical_forms() {
    check::<Arb>(2000, |a| {
        a.game.birthday() == ref_canonical(&a.tree).height().into()
    });
}

/// The tree of the dyadic `m / 2^k` by bisection between integers (each number is born as the
/// midpoint of its neighbours on the previous day).
fn dyadic_tree(m: i64, k: u32) -> Tree {
    if k == 0 {
        return int_tree(m);
    }
    if m % 2 == 0 {
        return dyadic_tree(m / 2, k - 1);
    }
    Tree::new(vec![dyadic_tree(m - 1, k)], vec![dyadic_tree(m + 1, k)])
}

#[test]
fn number_up_star_values_agree_with_sums_of_their_parts() {
    // x + n·↑ + *k, built in the reference as an explicit sum of x, n copies of ↑ = {0|*} (or of
    // ↓ = {*|0}) and *k, must have exactly the canonical form of the engine's compact value
    // (which generates its options from closed formulas).
    let up = Tree::new(vec![Tree::zero()], vec![star_tree(1)]);
    let down = up.neg();
    let mut sum = RefSum::new();
    for (m, e) in [(0, 0), (1, 0), (-2, 0), (1, 1), (-3, 2), (5, 3)] {
        for n in -4i64..=4 {
            for k in 0u64..=4 {
                let mut t = ref_canonical(&dyadic_tree(m, e));
                for _ in 0..n.unsigned_abs() {
                    t = sum.add(&t, if n > 0 { &up } else { &down });
                }
                t = sum.add(&t, &ref_canonical(&star_tree(k)));
                let g = Game::nus(Nus {
                    number: Number::dyadic(m, e as u64),
                    ups: n,
                    nimber: k,
                });
                assert_eq!(Tree::of_game(g).key(), t.key(), "{m}/2^{e} + {n}.^ + *{k}");
                assert_eq!(t.to_game(), g, "{m}/2^{e} + {n}.^ + *{k} rebuilt");
                assert_eq!(g.birthday(), t.height().into(), "birthday of {g}");
            }
        }
    }
}

#[test]
fn nimber_options_and_mex() {
    // *k = {*0..*(k-1) | *0..*(k-1)}, and any impartial option set gives *mex.
    for k in 0..12 {
        assert_eq!(star_tree(k).to_game(), Game::nimber(k));
    }
    let set = [0u64, 1, 3, 4, 7];
    let opts: Vec<Game> = set.iter().map(|&k| Game::nimber(k)).collect();
    assert_eq!(Game::new(opts.clone(), opts), Game::nimber(2));
}

/// Options drawn from number + ups + nimber values with few distinct numbers, so that the
/// engine's fast paths (number, hot, and equal-number translation) all occur.
#[derive(Clone, Debug)]
struct NusOptions {
    left: Vec<Game>,
    right: Vec<Game>,
}

impl quickcheck::Arbitrary for NusOptions {
    fn arbitrary(g: &mut quickcheck::Gen) -> NusOptions {
        let numbers = [(0i64, 0u64), (1, 0), (-1, 0), (1, 1), (3, 2)];
        let side = |g: &mut quickcheck::Gen| -> Vec<Game> {
            let n = usize::arbitrary(g) % 4;
            (0..n)
                .map(|_| {
                    let (m, e) = *g.choose(&numbers).unwrap();
                    Game::nus(Nus {
                        number: Number::dyadic(m, e),
                        ups: *g.choose(&[-2i64, -1, 0, 0, 1, 2]).unwrap(),
                        nimber: *g.choose(&[0u64, 0, 1, 2, 3]).unwrap(),
                    })
                })
                .collect()
        };
        let left = side(g);
        let right = side(g);
        NusOptions { left, right }
    }

    /// Shrinks by dropping one option.
    fn shrink(&self) -> Box<dyn Iterator<Item = NusOptions>> {
        let me = self.clone();
        let n = me.left.len() + me.right.len();
        Box::new((0..n).map(move |i| {
            let mut o = me.clone();
            if i < o.left.len() {
                o.left.remove(i);
            } else {
                o.right.remove(i - o.left.len());
            }
            o
        }))
    }
}

#[test]
fn number_up_star_option_sets_agree_with_the_reference() {
    // The options' trees come from the engine's closed formulas, which the test above checks
    // against explicit sums; the canonical form of the whole is then taken by the definitions.
    check::<NusOptions>(2000, |o| {
        let tree = Tree::new(
            o.left.iter().map(|g| Tree::of_game(*g)).collect(),
            o.right.iter().map(|g| Tree::of_game(*g)).collect(),
        );
        let engine = Game::new(o.left.clone(), o.right.clone());
        Tree::of_game(engine).key() == ref_canonical(&tree).key()
    });
}
