//! The conjunctive and selective compounds (Conway, ONAG ch. 14; Winning Ways ch. 9), against
//! their definitions applied to explicit trees and the classical outcome rules.

use crate::util::random::{check, Small};
use crate::util::reference::{join, ref_canonical, union, Tree};
use partizan::{Game, Outcome};

#[test]
fn compounds_agree_with_their_definitions() {
    // The compounds are taken on the canonical forms, so the trees are the canonical ones.
    check(300, |(a, b): (Small, Small)| {
        let (ta, tb) = (Tree::of_game(a.game), Tree::of_game(b.game));
        let j = a.game.conjunctive_sum(&b.game);
        let u = a.game.selective_sum(&b.game);
        Tree::of_game(j).key() == ref_canonical(&join(&ta, &tb)).key()
            && Tree::of_game(u).key() == ref_canonical(&union(&ta, &tb)).key()
    });
}

/// The remoteness of an impartial position (Winning Ways ch. 9): 0 with no move; otherwise one
/// more than the least even remoteness of an option when there is one (a winning move, to a
/// second-player win), else one more than the greatest (odd) remoteness.
fn remoteness(t: &Tree) -> u32 {
    let rs: Vec<u32> = t.l.iter().map(remoteness).collect();
    if rs.is_empty() {
        return 0;
    }
    match rs.iter().filter(|r| *r % 2 == 0).min() {
        Some(r) => r + 1,
        None => rs.iter().max().expect("options") + 1,
    }
}

#[test]
fn impartial_compounds_follow_the_classical_outcome_rules() {
    let outcome = |g: Game| g.outcome();
    for a in 0..5u64 {
        for b in 0..5u64 {
            let (x, y) = (Game::nimber(a), Game::nimber(b));
            let (tx, ty) = (Tree::of_game(x), Tree::of_game(y));
            // A join is a second-player win iff the least remoteness is even.
            let least = remoteness(&tx).min(remoteness(&ty));
            let join_p = outcome(x.conjunctive_sum(&y)) == Outcome::P;
            assert_eq!(join_p, least.is_multiple_of(2), "*{a} ∧ *{b}");
            // A union is a second-player win iff every component is (C. A. B. Smith).
            let union_p = outcome(x.selective_sum(&y)) == Outcome::P;
            assert_eq!(union_p, a == 0 && b == 0, "*{a} ∨ *{b}");
        }
    }
}

#[test]
fn compounds_in_expressions() {
    let v = |s: &str| partizan::expr::evaluate(s).unwrap().to_string();
    // {1|-1} ∧ {1|-1} = {1 ∧ 1 | -1 ∧ -1}, with 1 ∧ 1 = {0 ∧ 0 |} = 1 and -1 ∧ -1 = -1: ±1.
    assert_eq!(v("{1|-1}.ConjunctiveSum({1|-1})"), "+-1");
    assert_eq!(v("(*).selective_sum(*)"), "*2");
}
