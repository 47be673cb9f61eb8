//! Algebraic laws of the engine on random games of birthday at most 4, each on at least 2,000
//! cases (quickcheck).

// These tests check the partial-order operators themselves, so they spell out comparisons
// that clippy would simplify (and negate `<=` deliberately: games can be incomparable).
#![allow(
    clippy::nonminimal_bool,
    clippy::double_comparisons,
    clippy::neg_cmp_op_on_partial_ord
)]

use crate::util::random::{check, Arb, Rich, Small};
use crate::util::reference::Tree;
use partizan::{Game, Outcome};
use quickcheck::Arbitrary;

const CASES: u64 = 2000;

#[test]
fn sum_with_negative_is_zero() {
    check::<Arb>(CASES, |a| {
        a.game + (-a.game) == Game::zero() && a.game - a.game == Game::zero()
    });
}

#[test]
fn negation_is_an_involution() {
    check::<Arb>(CASES, |a| -(-a.game) == a.game);
}

#[test]
fn sum_is_commutative() {
    check::<(Arb, Arb)>(CASES, |(a, b)| a.game + b.game == b.game + a.game);
}

#[test]
fn sum_is_associative() {
    check::<(Arb, Arb, Arb)>(CASES, |(a, b, c)| {
        (a.game + b.game) + c.game == a.game + (b.game + c.game)
    });
}

#[test]
fn zero_is_the_identity() {
    check::<Arb>(CASES, |a| {
        a.game + Game::zero() == a.game && Game::zero() + a.game == a.game
    });
}

#[test]
fn le_is_reflexive() {
    check::<Arb>(CASES, |a| a.game <= a.game && a.game >= a.game);
}

#[test]
fn le_is_antisymmetric_up_to_equality() {
    check::<(Arb, Arb)>(CASES, |(a, b)| {
        // Both ways <= iff the canonical forms, hence the handles, are equal.
        (a.game <= b.game && b.game <= a.game) == (a.game == b.game)
    });
}

#[test]
fn le_is_transitive() {
    // Random triples rarely chain, so also build chains G <= G + P <= G + P + Q with P, Q >= 0:
    // a game with no Right option is >= 0 (Right, moving first, loses at once).
    check::<(Arb, Arb, Arb)>(CASES, |(a, b, c)| {
        let (g, h, k) = (a.game, b.game, c.game);
        !(g <= h && h <= k) || g <= k
    });
    check::<(Arb, Small, Small)>(CASES, |(a, p, q)| {
        let p = Game::new(p.game.left_options().iter().copied(), []);
        let q = Game::new(q.game.left_options().iter().copied(), []);
        let (g, h, k) = (a.game, a.game + p, a.game + p + q);
        g <= h && h <= k && g <= k
    });
}

#[test]
fn le_is_transitive_on_a_pool() {
    // All triples of a pool of small games: chains are common among them.
    let (mut gen, _seed) = crate::util::random::seeded();
    let pool: Vec<Game> = (0..60).map(|_| Small::arbitrary(&mut gen).game).collect();
    let mut chains = 0;
    for g in &pool {
        for h in &pool {
            if !(g <= h) {
                continue;
            }
            for k in &pool {
                if h <= k {
                    chains += 1;
                    assert!(g <= k, "{g} <= {h} <= {k} but not {g} <= {k}");
                }
            }
        }
    }
    assert!(
        chains > 1000,
        "only {chains} chains: the pool is too thin to test anything"
    );
}

#[test]
fn le_agrees_with_the_difference() {
    check::<(Arb, Arb)>(CASES, |(a, b)| {
        (a.game <= b.game) == (b.game - a.game >= Game::zero())
    });
}

#[test]
fn outcome_agrees_with_comparisons_with_zero() {
    check::<Arb>(CASES, |a| {
        let g = a.game;
        let zero = Game::zero();
        let expected = match (g >= zero, g <= zero) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        };
        g.outcome() == expected && (-g).outcome() == mirror(expected)
    });
}

fn mirror(o: Outcome) -> Outcome {
    match o {
        Outcome::L => Outcome::R,
        Outcome::R => Outcome::L,
        o => o,
    }
}

#[test]
fn partial_cmp_is_consistent() {
    use std::cmp::Ordering::*;
    check::<(Arb, Arb)>(CASES, |(a, b)| {
        let (g, h) = (a.game, b.game);
        match g.partial_cmp(&h) {
            Some(Equal) => g == h,
            Some(Less) => g < h && h > g && g <= h && !(h <= g),
            Some(Greater) => g > h && h < g && !(g <= h) && h <= g,
            None => !(g <= h) && !(h <= g) && g.is_confused_with(&h),
        }
    });
}

#[test]
fn rebuilding_from_options_gives_the_same_handle() {
    // canonical(canonical(G)) = G: the options of a canonical form rebuild the identical handle,
    // and so does the tree of the form rebuilt from scratch.
    check::<Arb>(CASES, |a| {
        let g = a.game;
        Game::new(
            g.left_options().iter().copied(),
            g.right_options().iter().copied(),
        ) == g
            && Tree::of_game(g).to_game() == g
    });
}

#[test]
fn print_then_parse_gives_the_same_game() {
    check::<Arb>(CASES, |a| {
        let g = a.game;
        let ascii = g.to_string();
        let unicode = format!("{g:#}");
        ascii.parse::<Game>() == Ok(g) && unicode.parse::<Game>() == Ok(g) && ascii.is_ascii()
    });
}

#[test]
fn sums_print_and_parse_back() {
    check::<(Small, Small)>(CASES, |(a, b)| {
        let s = a.game + b.game;
        s.to_string().parse::<Game>() == Ok(s)
    });
}

#[test]
fn serde_round_trip() {
    check::<Arb>(CASES, |a| {
        let json = serde_json::to_string(&a.game).unwrap();
        json == format!("{:?}", a.game.to_string())
            && serde_json::from_str::<Game>(&json).unwrap() == a.game
    });
}

#[test]
fn laws_on_larger_sums() {
    check::<(Rich, Rich)>(CASES, |(a, b)| {
        let (g, h) = (a.game, b.game);
        g + h == h + g
            && g + h - h == g
            && (g <= h) == (h - g >= Game::zero())
            && -(-g) == g
            && g.to_string().parse::<Game>() == Ok(g)
            && format!("{g:#}").parse::<Game>() == Ok(g)
            && Game::new(
                g.left_options().iter().copied(),
                g.right_options().iter().copied(),
            ) == g
    });
}

/// Numbers of any size order as the rationals they are: `a/2^e <= b/2^f` iff
/// `a·2^f <= b·2^e`, checked in `i128` arithmetic on values built with big parts (beyond
/// `i64`, so that the big-number comparison decides) and small ones.
#[test]
fn big_numbers_order_as_rationals() {
    fn prop(a: i64, e: u8, b: i64, f: u8, scale: u8) -> bool {
        let (e, f) = (u64::from(e % 8), u64::from(f % 8));
        // Multiplying both by 2^s (s up to 60) keeps the order and pushes the numerators past
        // i64 for most cases.
        let s = u32::from(scale % 61);
        let big = |n: i64, k: u64| partizan::Number::dyadic(num_bigint::BigInt::from(n) << s, k);
        let (x, y) = (big(a, e), big(b, f));
        let expected = (i128::from(a) << f).cmp(&(i128::from(b) << e));
        x.cmp(&y) == expected && y.cmp(&x) == expected.reverse()
    }
    let (gen, _seed) = crate::util::random::seeded();
    quickcheck::QuickCheck::new()
        .tests(CASES)
        .rng(gen)
        .quickcheck(prop as fn(i64, u8, i64, u8, u8) -> bool);
}
