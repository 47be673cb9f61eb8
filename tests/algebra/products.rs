//! Products and powers: nim multiplication, the Conway product, the ordinal product, the
//! subordinate (inverse of the ordinal sum), `Pow` and `PowTo`.
//!
//! Expected values come from the books (Conway, *On Numbers and Games* (ONAG); *Winning Ways*
//! (WW); Siegel, *Combinatorial Game Theory* (CGT)), from derivations by hand written out in the
//! comments, from CGSuite's own test table, and from brute force written here straight from the
//! definitions: the mex definition of nim multiplication, the Conway product and the ordinal
//! product on explicit trees canonicalised by the reference implementation (`util::reference`),
//! sign expansions of dyadic rationals, and ordinal sums by their definition.

use crate::util::g;
use crate::util::random::{check, Small};
use crate::util::reference::{born_by, ref_canonical, RefSum, Tree};
use partizan::algebra::{limits, nim_inverse, nim_product};
use partizan::expr::{evaluate, Value};
use partizan::{Game, Number};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Nim multiplication
// ---------------------------------------------------------------------------------------------

/// `a ⊗ b` for `a, b < n` from the definition `a ⊗ b = mex{a′⊗b ⊕ a⊗b′ ⊕ a′⊗b′}` (ONAG Ch. 6).
fn nim_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; a * b + 1];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            t[a][b] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
        }
    }
    t
}

#[test]
fn nim_products_of_the_books() {
    // ONAG Ch. 6 (the table for 0..15): 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 3 ⊗ 3 = 2, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13.
    assert_eq!(nim_product(2, 2), 3);
    assert_eq!(nim_product(2, 3), 1);
    assert_eq!(nim_product(3, 3), 2);
    assert_eq!(nim_product(4, 4), 6);
    assert_eq!(nim_product(8, 8), 13);
    // Fermat 2-powers: F ⊗ x = F·x for x < F, and F ⊗ F = 3F/2 (ONAG Ch. 6): 16 ⊗ 16 = 24,
    // 16 ⊗ 15 = 240, 256 ⊗ 256 = 384, 2^32 ⊗ 2^32 = 3·2^31; by hand, 4 ⊗ 8 = 4 ⊗ 4 ⊗ 2 =
    // 6 ⊗ 2 = (4 ⊕ 2) ⊗ 2 = 8 ⊕ 3 = 11.
    assert_eq!(nim_product(16, 16), 24);
    assert_eq!(nim_product(16, 15), 240);
    assert_eq!(nim_product(256, 256), 384);
    assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
    assert_eq!(nim_product(4, 8), 11);
    // CGSuite's own test table (GameTest.scala): [8 NimProduct n for n from 1 to 16].
    let row: Vec<u64> = (1..=16).map(|n| nim_product(8, n)).collect();
    assert_eq!(
        row,
        [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]
    );
    // Everything below 48 from the definition.
    let t = nim_table(48);
    for (a, row) in t.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            assert_eq!(nim_product(a as u64, b as u64), v, "{a} ⊗ {b}");
        }
    }
    // *19 · *23 is the nimber of 19 ⊗ 23: the Conway product of nimbers is nim multiplication.
    let t = nim_table(24);
    assert_eq!(g("*19").conway_product(&g("*23")), Game::nimber(t[19][23]));
}

#[test]
fn nim_inverses() {
    // a ⊗ b = 1 by the definition in the field of the integers below 16 (ONAG Ch. 6).
    let t = nim_table(16);
    for a in 1..16u64 {
        let b = nim_inverse(a).unwrap();
        assert!(b < 16 && t[a as usize][b as usize] == 1, "{a}: {b}");
    }
    assert_eq!(nim_inverse(0), None);
    // Field laws far beyond any table: inverses, distributivity and associativity.
    let mut rng = crate::util::random::Rng(8);
    for _ in 0..300 {
        let (a, b, c) = (rng.next() | 1, rng.next(), rng.next() >> (rng.next() % 64));
        assert_eq!(nim_product(a, nim_inverse(a).unwrap()), 1);
        assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
        assert_eq!(
            nim_product(nim_product(a, b), c),
            nim_product(a, nim_product(b, c))
        );
    }
}

#[test]
fn nim_functions_in_expressions() {
    let eval = |s: &str| evaluate(s).map(|v| v.to_string());
    assert_eq!(eval("NimProduct(8, 8)").unwrap(), "13");
    assert_eq!(eval("nim_product(2, 3)").unwrap(), "1");
    assert_eq!(eval("NimInverse(2)").unwrap(), "3");
    assert_eq!(eval("nim_inverse(1)").unwrap(), "1");
    assert_eq!(
        eval("nim_product(18446744073709551615, 2)").unwrap(),
        nim_product(u64::MAX, 2).to_string()
    );
    for (bad, message) in [
        ("NimInverse(0)", "0 has no nim inverse"),
        (
            "nim_product(-1, 2)",
            "must be an integer from 0 to 2^64 - 1",
        ),
        ("nim_product(1/2, 2)", "must be an integer"),
        ("nim_product(18446744073709551616, 2)", "must be an integer"),
        ("nim_product(*, 2)", "must be an integer"),
        (
            "nim_product(2)",
            "nim_product takes 2 arguments: nim_product(a, b)",
        ),
    ] {
        let e = evaluate(bad).unwrap_err().to_string();
        assert!(e.contains(message) && !e.contains('\n'), "{bad}: {e}");
    }
}

// ---------------------------------------------------------------------------------------------
// The Conway product
// ---------------------------------------------------------------------------------------------

/// The Conway product on canonical trees, straight from the definition
/// `G·H = {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R |
///         G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L}`,
/// canonicalised at every node with the reference implementation.
struct RefProduct {
    sum: RefSum,
    memo: HashMap<(String, String), Tree>,
}

impl RefProduct {
    fn new() -> RefProduct {
        RefProduct {
            sum: RefSum::new(),
            memo: HashMap::new(),
        }
    }

    fn mul(&mut self, a: &Tree, b: &Tree) -> Tree {
        let key = (a.key(), b.key());
        if let Some(t) = self.memo.get(&key) {
            return t.clone();
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (a_options, a_left) in [(&a.l, true), (&a.r, false)] {
            for (b_options, b_left) in [(&b.l, true), (&b.r, false)] {
                for ao in a_options {
                    for bo in b_options {
                        let x = self.mul(ao, b);
                        let y = self.mul(a, bo);
                        let z = self.mul(ao, bo).neg();
                        let xy = self.sum.add(&x, &y);
                        let option = self.sum.add(&xy, &z);
                        if a_left == b_left {
                            l.push(option);
                        } else {
                            r.push(option);
                        }
                    }
                }
            }
        }
        let p = ref_canonical(&Tree::new(l, r));
        self.memo.insert(key, p.clone());
        p
    }
}

fn same(engine: Game, reference: &Tree) -> bool {
    Tree::of_game(engine).key() == reference.key()
}

#[test]
fn conway_products_by_definition_on_the_games_born_by_day_2() {
    let games = born_by(2);
    let mut r = RefProduct::new();
    for a in &games {
        for b in &games {
            let expected = r.mul(&Tree::of_game(*a), &Tree::of_game(*b));
            assert!(same(a.conway_product(b), &expected), "{a} · {b}");
        }
    }
}

#[test]
fn conway_products_by_definition_on_random_pairs() {
    check(60, |(a, b): (Small, Small)| {
        let expected = RefProduct::new().mul(&Tree::of_game(a.game), &Tree::of_game(b.game));
        same(a.game.conway_product(&b.game), &expected)
    });
}

#[test]
fn conway_products_of_nimbers_and_numbers_by_definition() {
    // Nimbers: the definition on the trees of *a, *b gives *(a ⊗ b) (ONAG Ch. 6).
    let t = nim_table(8);
    let mut r = RefProduct::new();
    for a in 0..4u64 {
        for b in 0..4u64 {
            let expected = r.mul(
                &crate::util::reference::star_tree(a),
                &crate::util::reference::star_tree(b),
            );
            assert_eq!(
                expected.key(),
                Tree::of_game(Game::nimber(t[a as usize][b as usize])).key()
            );
            assert_eq!(
                Game::nimber(a).conway_product(&Game::nimber(b)),
                Game::nimber(t[a as usize][b as usize])
            );
        }
    }
    // Numbers: the definition gives the product of the reals (ONAG Ch. 1), here on small
    // dyadics with their canonical trees, against products computed in f64 (exact at this size).
    let numbers = [
        -2.0, -1.5, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0,
    ];
    for &x in &numbers {
        for &y in &numbers {
            let (gx, gy) = (dyadic(x), dyadic(y));
            let expected = r.mul(&Tree::of_game(gx), &Tree::of_game(gy));
            assert!(same(dyadic(x * y), &expected), "{x} · {y}");
            assert_eq!(gx.conway_product(&gy), dyadic(x * y), "{x} · {y}");
        }
    }
    // Large numbers, exactly.
    assert_eq!(
        g("3/1024").conway_product(&g("-1000000000000000000001/128")),
        g("-3000000000000000000003/131072")
    );
}

#[test]
fn conway_products_by_hand() {
    // 1 = {0|}: 1·G = {1·G^L | 1·G^R} = G; (−1)·G = −G; 0·G = 0.
    for s in ["^", "{3|-2}", "*5", "{1|*}"] {
        assert_eq!(g("1").conway_product(&g(s)), g(s));
        assert_eq!(g("-1").conway_product(&g(s)), -g(s));
        assert_eq!(g("0").conway_product(&g(s)), g("0"));
    }
    // 2 = {1|}, ↑ = {0|*}: 2·↑ = {1·↑ + 2·0 − 1·0 | 1·↑ + 2·* − 1·*} = {↑ | ↑*} (2·* = {*|*} = 0),
    // and ↑ reverses through * to 0: {0 | ↑*} = ⇑.
    assert_eq!(g("2").conway_product(&g("^")), g("^^"));
    // * = {0|0} and −1/2 = {−1|0}: the Left options are 0·H + *·(−1) − 0 = * and
    // 0·H + *·0 − 0 = 0, the Right options the same: *·(−1/2) = {0,*|0,*} = *2. The product
    // depends on forms: *·(−1) + *·(1/2) = * + *2 = *3 although −1 + 1/2 = −1/2.
    assert_eq!(g("*").conway_product(&g("-1/2")), g("*2"));
    assert_eq!(
        g("*").conway_product(&g("-1")) + g("*").conway_product(&g("1/2")),
        g("*3")
    );
}

#[test]
fn conway_product_laws() {
    // Commutative and odd in each factor ((−G)·H = −(G·H)): the definition is symmetric. The
    // memo is cleared so that H·G is computed afresh.
    check(100, |(a, b): (Small, Small)| {
        let p = a.game.conway_product(&b.game);
        partizan::algebra::clear_caches();
        let q = b.game.conway_product(&a.game);
        let r = (-a.game).conway_product(&b.game);
        p == q && r == -p
    });
    // Integers multiply as repeated sums: n = {n − 1 |} is, as a form, 1 + ⋯ + 1, and
    // (x + y)·z = x·z + y·z holds for all forms (ONAG Ch. 1, by induction on options).
    check(100, |(a, n): (Small, i8)| {
        let n = i64::from(n % 5);
        let copies: Game = (0..n.abs()).map(|_| a.game).sum();
        let expected = if n < 0 { -copies } else { copies };
        Game::integer(n).conway_product(&a.game) == expected
    });
    // On numbers and on nimbers (fields) the product distributes over the sum and associates.
    let mut rng = crate::util::random::Rng(9);
    for _ in 0..200 {
        let x = [0, 1, 2].map(|_| dyadic((rng.below(64) as f64 - 32.0) / 8.0));
        let y = [0, 1, 2].map(|_| Game::nimber(rng.below(1 << 12)));
        for [a, b, c] in [x, y] {
            assert_eq!(
                a.conway_product(&(b + c)),
                a.conway_product(&b) + a.conway_product(&c)
            );
            assert_eq!(
                a.conway_product(&b.conway_product(&c)),
                a.conway_product(&b).conway_product(&c)
            );
        }
    }
}

#[test]
fn conway_products_in_expressions() {
    let v = evaluate("*19.ConwayProduct(*23)").unwrap();
    assert_eq!(v, Value::Game(Game::nimber(nim_table(24)[19][23])));
    assert!(g("*19").conway_product(&g("*23")).is_nimber());
    assert_eq!(
        evaluate("(3/2).conway_product(-5/4)").unwrap().to_string(),
        "-15/8"
    );
}

// ---------------------------------------------------------------------------------------------
// Sign expansions (ONAG Ch. 3), for numbers small enough for f64
// ---------------------------------------------------------------------------------------------

/// The simplest number strictly between `lo` and `hi` (infinite bounds allowed), for the bounds
/// that occur while walking a sign expansion: consecutive in the tree of numbers.
fn between(lo: f64, hi: f64) -> f64 {
    match (lo.is_finite(), hi.is_finite()) {
        (false, false) => 0.0,
        (true, false) => lo.floor() + 1.0,
        (false, true) => hi.ceil() - 1.0,
        (true, true) => (lo + hi) / 2.0,
    }
}

/// The sign expansion of `x`: `true` for `+`.
fn signs(x: f64) -> Vec<bool> {
    let (mut lo, mut hi, mut cur) = (f64::NEG_INFINITY, f64::INFINITY, 0.0);
    let mut s = Vec::new();
    while cur != x {
        if x > cur {
            s.push(true);
            lo = cur;
        } else {
            s.push(false);
            hi = cur;
        }
        cur = between(lo, hi);
    }
    s
}

/// The number with the sign expansion `s`.
fn from_signs(s: &[bool]) -> f64 {
    let (mut lo, mut hi, mut cur) = (f64::NEG_INFINITY, f64::INFINITY, 0.0);
    for &plus in s {
        if plus {
            lo = cur;
        } else {
            hi = cur;
        }
        cur = between(lo, hi);
    }
    cur
}

/// The game of a dyadic `x` given as an f64.
fn dyadic(x: f64) -> Game {
    let mut exp = 0u64;
    while x * (1u64 << exp) as f64 != (x * (1u64 << exp) as f64).trunc() {
        exp += 1;
    }
    Game::dyadic((x * (1u64 << exp) as f64) as i64, exp)
}

#[test]
fn sign_expansions_by_hand() {
    // Berlekamp's rule, by hand: 1/2 = +−, 3/4 = +−+, 5/8 = +−+−, −3/2 = −−+, 2 = ++.
    assert_eq!(signs(0.5), [true, false]);
    assert_eq!(signs(0.75), [true, false, true]);
    assert_eq!(signs(0.625), [true, false, true, false]);
    assert_eq!(signs(-1.5), [false, false, true]);
    assert_eq!(signs(2.0), [true, true]);
    for k in -64..64 {
        let x = f64::from(k) / 16.0;
        assert_eq!(from_signs(&signs(x)), x);
    }
}

/// Small dyadics for the checks below.
fn small_dyadics() -> Vec<f64> {
    (-24..=24).map(|k| f64::from(k) / 8.0).collect()
}

#[test]
fn ordinal_sums_of_numbers_are_concatenated_sign_expansions() {
    // x : y has the sign expansion of x followed by that of y: a Hackenbush string stacked on
    // another (Winning Ways Ch. 2; Berlekamp's rule reads a string's sign expansion).
    for &x in &small_dyadics() {
        for &y in &small_dyadics() {
            let mut s = signs(x);
            s.extend(signs(y));
            assert_eq!(
                dyadic(x).ordinal_sum(&dyadic(y)),
                dyadic(from_signs(&s)),
                "{x} : {y}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The ordinal product
// ---------------------------------------------------------------------------------------------

/// The ordinal sum `B : X` of two trees, as a form: `{B^L, B : X^L | B^R, B : X^R}`.
fn tree_ordinal_sum(base: &Tree, x: &Tree) -> Tree {
    let mut l = base.l.clone();
    l.extend(x.l.iter().map(|o| tree_ordinal_sum(base, o)));
    let mut r = base.r.clone();
    r.extend(x.r.iter().map(|o| tree_ordinal_sum(base, o)));
    Tree::new(l, r)
}

/// CGSuite's ordinal product as a form (CompoundGame, OrdinalProduct):
/// `G × H = {(G × H^L) : G^L, (G × H^R) : (−G)^L | (G × H^L) : G^R, (G × H^R) : (−G)^R}`.
fn tree_ordinal_product(g: &Tree, h: &Tree) -> Tree {
    let negative = g.neg();
    let (mut l, mut r) = (Vec::new(), Vec::new());
    for (options, copy) in [(&h.l, g), (&h.r, &negative)] {
        for ho in options {
            let base = tree_ordinal_product(g, ho);
            l.extend(copy.l.iter().map(|o| tree_ordinal_sum(&base, o)));
            r.extend(copy.r.iter().map(|o| tree_ordinal_sum(&base, o)));
        }
    }
    Tree::new(l, r)
}

#[test]
fn ordinal_products_by_definition() {
    let (games, day1) = (born_by(2), born_by(1));
    let pairs = games
        .iter()
        .flat_map(|a| day1.iter().map(move |b| (*a, *b)))
        .chain(
            day1.iter()
                .flat_map(|a| games.iter().map(move |b| (*a, *b))),
        );
    for (a, b) in pairs {
        let form = tree_ordinal_product(&Tree::of_game(a), &Tree::of_game(b));
        assert!(
            same(a.ordinal_product(&b), &ref_canonical(&form)),
            "{a} × {b}"
        );
    }
    check(40, |(a, b): (Small, Small)| {
        if Tree::of_game(a.game).height() * Tree::of_game(b.game).height() > 6 {
            return true; // the explicit form grows as |G|^|H|
        }
        let form = tree_ordinal_product(&Tree::of_game(a.game), &Tree::of_game(b.game));
        same(a.game.ordinal_product(&b.game), &ref_canonical(&form))
    });
}

/// Products by an integer `n` nest `n` copies of `G`: the simplification of each level meets
/// long chains of reversible options (each bypass uncovering the next), the case where the
/// comparisons with the form being simplified must be kept through all its rounds.
#[test]
fn ordinal_products_by_integers_by_definition() {
    for a in ["^^", "^*", "{1|*}", "{0|^}", "+-1"] {
        for n in 1..=4 {
            let (a, b) = (g(a), g(&n.to_string()));
            let form = tree_ordinal_product(&Tree::of_game(a), &Tree::of_game(b));
            assert!(
                same(a.ordinal_product(&b), &ref_canonical(&form)),
                "{a} × {n}"
            );
        }
    }
}

#[test]
fn ordinal_products_of_numbers_by_sign_expansion() {
    // By hand: 2 × 1/2 = {(2 × 0) : 1 | (2 × 1) : (−1)} = {1 | 2 : −1} = {1 | 3/2} = 5/4, whose
    // sign expansion ++−− is that of 2 followed by that of −2.
    assert_eq!(g("2").ordinal_product(&g("1/2")), g("5/4"));
    // In general the sign expansion of x × y is that of y with every + replaced by the signs of
    // x and every − by those of −x.
    let xs = [-1.5, -0.5, 0.25, 0.5, 0.75, 1.0, 2.0];
    let ys = [-1.0, -0.75, 0.5, 1.0, 1.5, 2.0, 0.375];
    for &x in &xs {
        for &y in &ys {
            let s: Vec<bool> = signs(y)
                .into_iter()
                .flat_map(|plus| signs(if plus { x } else { -x }))
                .collect();
            assert_eq!(
                dyadic(x).ordinal_product(&dyadic(y)),
                dyadic(from_signs(&s)),
                "{x} × {y}"
            );
        }
    }
}

#[test]
fn ordinal_product_identities() {
    // G × 1 = {(G × 0) : G^L | (G × 0) : G^R} = G, G × (−1) = −G, G × 0 = 0, and 1 × H = H
    // (the only option of 1 is the Left option 0, and B : 0 = B).
    check(100, |a: Small| {
        let x = a.game;
        x.ordinal_product(&g("1")) == x
            && x.ordinal_product(&g("-1")) == -x
            && x.ordinal_product(&g("0")) == g("0")
            && g("1").ordinal_product(&x) == x
    });
    assert_eq!(
        evaluate("2.OrdinalProduct(1/2)").unwrap().to_string(),
        "5/4"
    );
}

// ---------------------------------------------------------------------------------------------
// Subordinate: the inverse of the ordinal sum
// ---------------------------------------------------------------------------------------------

/// `base : h` by the definition, on trees, canonicalised by the reference implementation.
fn ordinal_sum_by_definition(base: Game, h: Game) -> Game {
    ref_canonical(&tree_ordinal_sum(&Tree::of_game(base), &Tree::of_game(h))).to_game()
}

#[test]
fn subordinates_of_the_games_born_by_day_2() {
    // Complete for these K and G: every option G : H^L of the canonical H appears in the canonical
    // form of G : H (see `Game::subordinate`), so the birthday of G : H is at least
    // b(G) + b(H), and an H with G : H = K is born by day b(K) − b(G) <= 2.
    let games = born_by(2);
    for k in &games {
        for base in &games {
            match k.subordinate(base) {
                Ok(h) => assert_eq!(ordinal_sum_by_definition(*base, h), *k, "{k} / {base}"),
                Err(e) => {
                    assert!(!e.to_string().contains('\n'));
                    for h in &games {
                        assert_ne!(
                            ordinal_sum_by_definition(*base, *h),
                            *k,
                            "{k} / {base}: {h}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn subordinate_inverts_the_ordinal_sum() {
    check(200, |(a, b): (Small, Small)| {
        let k = ordinal_sum_by_definition(a.game, b.game);
        k.subordinate(&a.game) == Ok(b.game)
    });
    // Numbers by sign expansion: (x : y) / x = y.
    for &x in &small_dyadics() {
        for &y in &small_dyadics() {
            let mut s = signs(x);
            s.extend(signs(y));
            assert_eq!(
                dyadic(from_signs(&s)).subordinate(&dyadic(x)),
                Ok(dyadic(y))
            );
        }
    }
    // Every 1 : H has Left stop >= 0 (Left may move to 0), so −1 is no 1 : H.
    assert!(g("-1").subordinate(&g("1")).is_err());
    // *a : *b = *(a + b).
    assert_eq!(g("*5").subordinate(&g("*2")), Ok(g("*3")));
    assert_eq!(evaluate("(1/2).Subordinate(1)").unwrap().to_string(), "-1");
    let e = evaluate("(-1).subordinate(1)").unwrap_err().to_string();
    assert!(
        e.ends_with("-1 is not an ordinal sum 1 : H for any H"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Pow and PowTo
// ---------------------------------------------------------------------------------------------

fn x(s: &str) -> Number {
    s.parse().unwrap()
}

#[test]
fn powers_of_up() {
    // ↑.Pow(n) = ↑ⁿ and ↑.PowTo(n) = ↑^{→n} (Siegel, CGT II.4), as the uptimal module builds them.
    for n in 1..=12u32 {
        let e = Number::from(i64::from(n));
        assert_eq!(Game::up().pow(&e).unwrap(), Game::up_nth(n), "{n}");
        assert_eq!(Game::up().pow_to(&e).unwrap(), Game::up_nth_sum(n), "{n}");
    }
    // By hand: ↑² = {0 | * − ↑} = {0 | ↓*}; ↑^{→2} = ↑ : 1 = {0, ↑ | *} = {↑ | *}.
    assert_eq!(Game::up().pow(&x("2")).unwrap(), g("{0|v*}"));
    assert_eq!(Game::up().pow_to(&x("2")).unwrap(), g("{^|*}"));
    assert_eq!(Game::up().pow(&x("1")).unwrap(), Game::up());
    assert_eq!(Game::up().pow_to(&x("0")).unwrap(), g("0"));
    assert_eq!(evaluate("^.Pow(3)").unwrap().to_string(), "^<3>");
    assert_eq!(evaluate("^.PowTo(3)").unwrap().to_string(), "^[3]");
    assert_eq!(
        evaluate("^.pow_to(3) == ^ + ^.pow(2) + ^.pow(3)")
            .unwrap()
            .to_string(),
        "true"
    );
}

/// The bases `{0 | H}` in canonical form for the games `H` born by day 2.
fn bases() -> Vec<Game> {
    born_by(2)
        .into_iter()
        .map(|h| Game::new([Game::zero()], [h]))
        .filter(|b| b.left_options() == [Game::zero()] && b.right_options().len() == 1)
        .collect()
}

#[test]
fn pow_to_sums_the_powers() {
    // PowTo(n) = Pow(1) + ⋯ + Pow(n), for every base {0 | H} with H born by day 2.
    let bases = bases();
    assert!(bases.len() >= 15);
    for base in bases {
        let mut sum = Game::zero();
        for n in 1..=5i64 {
            sum += base.pow(&Number::from(n)).unwrap();
            assert_eq!(base.pow_to(&Number::from(n)).unwrap(), sum, "{base} {n}");
        }
    }
}

#[test]
fn dyadic_exponents_by_sign_expansion() {
    // PowTo(x) = G : b(x), where b(x) drops the first sign of x (CGSuite's `blowup`), and
    // Pow(x) = {0 | H − PowTo(x − 1)}.
    let exponents = [
        0.125, 0.25, 0.375, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.625,
    ];
    let mut checked = 0;
    for base in bases()
        .into_iter()
        .chain([Game::up(), g("{0|-1}"), g("{0|^*}")])
    {
        let h = base.right_options()[0];
        for &e in &exponents {
            let s = signs(e);
            let expected = ordinal_sum_by_definition(base, dyadic(from_signs(&s[1..])));
            let exponent = x(&dyadic(e).to_string());
            assert_eq!(base.pow_to(&exponent).unwrap(), expected, "{base} {e}");
            if e >= 1.0 {
                let s = signs(e - 1.0);
                let below = if s.is_empty() {
                    Game::zero()
                } else {
                    ordinal_sum_by_definition(base, dyadic(from_signs(&s[1..])))
                };
                let power = Game::new([Game::zero()], [h - below]);
                assert_eq!(base.pow(&exponent).unwrap(), power, "{base} {e}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
    // b(1/2) = −1 by hand: ↑.PowTo(1/2) = ↑ : −1 = {0 | *, ↑ : 0} = {0 | *, ↑}.
    assert_eq!(Game::up().pow_to(&x("1/2")).unwrap(), g("{0|*,^}"));
}

#[test]
fn pow_errors() {
    assert!(Game::up().pow_to(&x("-1/2")).is_err());
    assert!(Game::up().pow(&x("1/2")).is_err());
    assert!(Game::up().pow(&x("0")).is_err());
    // ↑* = {0, * | 0} and 1 = {0 |} are not of the form {0 | H}.
    assert!(g("^*").pow(&x("2")).is_err());
    assert!(g("1").pow(&x("2")).is_err());
    for (bad, message) in [
        (
            "^.Pow(0)",
            "the exponent x of G^x must be at least 1, not 0",
        ),
        ("^.PowTo(-1)", "the exponent x of G^->x must be at least 0"),
        ("^.Pow(*)", "the exponent x must be a number, not *"),
        (
            "(^*).Pow(2)",
            "needs a base G of the form {0|H}, and ^* is not",
        ),
        ("^.PowTo(100000)", "beyond the limit"),
    ] {
        let e = evaluate(bad).unwrap_err().to_string();
        assert!(e.contains(message) && !e.contains('\n'), "{bad}: {e}");
    }
}

// ---------------------------------------------------------------------------------------------
// Deep forms: no recursion per level
// ---------------------------------------------------------------------------------------------

#[test]
fn deep_forms_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            // U_n = ↑^{→n} = {U_{n−1} | *}, born on day n + 1.
            const DEPTH: usize = 100_000;
            let star = Game::star();
            let mut u = Game::zero();
            for _ in 0..DEPTH {
                u = Game::new([u], [star]);
            }
            // U_n·* = {U_{n−1}·*, *·* | U_{n−1}·*, *·*} (the terms with a factor 0 vanish), with
            // U_0·* = 0 and *·* = *: so U_n·* = *2 for odd n and {*, *2 | *, *2} = 0 for even n.
            assert_eq!(u.conway_product(&star), Game::zero());
            // 1 × H = H; (1 : U) / 1 = U.
            assert_eq!(Game::integer(1).ordinal_product(&u), u);
            let k = Game::integer(1).ordinal_sum(&u);
            assert_eq!(k.subordinate(&Game::integer(1)), Ok(u));
            // PowTo(2) of the deep base G = {0 | U} is G : 1 = {0, G : 0 | U} = {0, G | U}.
            let base = Game::new([Game::zero()], [u]);
            let p = base.pow_to(&x("2")).unwrap();
            assert_eq!(p, Game::new([Game::zero(), base], [u]));
            assert!(limits::catch(|| Game::up().pow_to(&x("100000"))).is_err());
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow");
}
