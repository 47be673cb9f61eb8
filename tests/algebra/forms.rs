//! Explicit game forms: kept as written, with the operations that depend on forms —
//! the ordinal sum and the conjunctive and selective compounds — checked against their
//! definitions applied to explicit trees (`util::reference`).

use crate::util::random::{check, random_tree};
use crate::util::reference::{join, ref_canonical, union, Tree};
use partizan::algebra::form::Form;
use partizan::Game;
use quickcheck::{Arbitrary, Gen};

/// A random explicit tree of height at most 3 (not simplified).
#[derive(Clone, Debug)]
struct RandomForm(Tree);

impl Arbitrary for RandomForm {
    fn arbitrary(g: &mut Gen) -> RandomForm {
        let depth = 1 + usize::arbitrary(g) % 3;
        RandomForm(random_tree(g, depth))
    }
}

/// The form of a tree, node for node.
fn form(t: &Tree) -> Form {
    Form::new(
        t.l.iter().map(form).collect(),
        t.r.iter().map(form).collect(),
    )
}

/// `a : b` on trees, by the definition: `{a^L, a : b^L | a^R, a : b^R}`.
fn ordinal(a: &Tree, b: &Tree) -> Tree {
    let mut l = a.l.clone();
    l.extend(b.l.iter().map(|x| ordinal(a, x)));
    let mut r = a.r.clone();
    r.extend(b.r.iter().map(|x| ordinal(a, x)));
    Tree::new(l, r)
}

fn same(g: Game, t: &Tree) -> bool {
    Tree::of_game(g).key() == ref_canonical(t).key()
}

#[test]
fn a_form_has_the_value_of_its_tree() {
    check(500, |f: RandomForm| same(form(&f.0).canonical_form(), &f.0));
}

#[test]
fn operations_on_forms_follow_their_definitions() {
    check(300, |(a, b): (RandomForm, RandomForm)| {
        let (fa, fb) = (form(&a.0), form(&b.0));
        same(fa.ordinal_sum(&fb), &ordinal(&a.0, &ref_canonical(&b.0)))
            && same(fa.conjunctive_sum(&fb), &join(&a.0, &b.0))
            && same(fa.selective_sum(&fb), &union(&a.0, &b.0))
    });
}

#[test]
fn the_form_of_the_base_matters() {
    // {* | *} and {|} are both 0, but {*|*} : 1 = {*, 0 | *} = ↑ while {|} : 1 = 1.
    let star_star = Form::new(
        vec![Form::value(Game::star())],
        vec![Form::value(Game::star())],
    );
    let one = Form::value(Game::integer(1));
    assert_eq!(star_star.canonical_form(), Game::zero());
    assert_eq!(star_star.ordinal_sum(&one), Game::up());
    assert_eq!(
        Form::value(Game::zero()).ordinal_sum(&one),
        Game::integer(1)
    );
    // As written.
    assert_eq!(star_star.to_string(), "'{*|*}'");
}

#[test]
fn deep_forms_on_a_2_mib_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            // {{{…{|}…|}|}|} nested 100 000 deep is the integer 100 000 (n = {n − 1 |}).
            let mut f = Form::value(Game::zero());
            for _ in 0..100_000 {
                f = Form::new(vec![f], vec![]);
            }
            assert_eq!(f.canonical_form(), Game::integer(100_000));
            assert_eq!(f.to_string().matches('{').count(), 100_000);
            drop(f);
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow");
}
