//! Atomic weight, reduced canonical form, all-small games, conjugate, ordinal sum, Norton
//! multiplication, incentives and even/odd-tempered games. Expected values are derived by hand
//! in the comments or computed here from the definitions.

use crate::util::g;
use crate::util::random::{random_all_small, random_game, Rng};
use crate::util::reference::born_by;
use partizan::Game;

#[test]
fn atomic_weights_by_hand() {
    // aw(x·↑ + *k) = x for number-up-stars.
    assert_eq!(g("^").atomic_weight().unwrap(), g("1"));
    assert_eq!(g("*").atomic_weight().unwrap(), g("0"));
    assert_eq!(g("^^*").atomic_weight().unwrap(), g("2"));
    assert_eq!(g("v3*5").atomic_weight().unwrap(), g("-3"));
    // ↑² = {0 | ↓*}: A = {aw(0) - 2 | aw(↓*) + 2} = {-2 | 1} = 0, an integer. The far star is
    // *2 (the nimbers in ↑² are 0 and *), and ↑² > *2 (Left wins ↑² + *2 moving first by
    // *2 → 0, and answers each Right move), so aw = the greatest integer n with
    // n ⧏ aw(↓*) + 2 = 1, that is 0.
    assert_eq!(g("{0|v*}").atomic_weight().unwrap(), g("0"));
    // {0 | ↑*} is ⇑, weight 2.
    assert_eq!(g("{0|^*}"), g("^^"));
    assert_eq!(g("{0|^*}").atomic_weight().unwrap(), g("2"));
    // A non-integer weight: {⇑* | ↓*} has A = {2 - 2 | -1 + 2} = {0 | 1} = 1/2.
    assert_eq!(g("{^^*|v*}").atomic_weight().unwrap(), g("1/2"));
}

#[test]
fn atomic_weight_errors() {
    for s in ["{3|-2}", "1/2", "1^", "+-1", "2"] {
        let e = g(s).atomic_weight().unwrap_err().to_string();
        assert!(e.contains("not infinitesimal"), "{s}: {e}");
    }
}

#[test]
fn atomic_weight_is_additive_and_two_ahead() {
    // aw is a homomorphism on all-small games, and aw(G) >= 2 forces G > 0 (the two-ahead
    // rule; Siegel, CGT §II.7; Lessons in Play Ch. 9).
    let mut rng = Rng(11);
    let games: Vec<Game> = (0..60).map(|_| random_all_small(&mut rng, 3)).collect();
    for a in &games {
        assert!(a.is_all_small(), "{a}");
        let wa = a.atomic_weight().unwrap();
        if wa >= g("2") {
            assert!(*a > Game::zero(), "{a} has weight {wa}");
        }
        if wa <= g("-2") {
            assert!(*a < Game::zero(), "{a} has weight {wa}");
        }
        for b in games.iter().take(20) {
            let wb = b.atomic_weight().unwrap();
            assert_eq!((*a + *b).atomic_weight().unwrap(), wa + wb, "{a} + {b}");
        }
    }
}

#[test]
fn norton_product_by_up_has_that_atomic_weight() {
    // aw(G.↑) = G (Siegel, CGT §II.7), for every game born by day 2.
    for x in born_by(2) {
        let p = x.norton(&Game::up()).unwrap();
        assert_eq!(p.atomic_weight().unwrap(), x, "{x}.↑ = {p}");
    }
}

#[test]
fn reduced_canonical_forms() {
    // Infinitesimals reduce to 0, and x + infinitesimal to x.
    for s in ["^", "^*", "*7", "{0|v*}", "{0||0|-2}"] {
        assert_eq!(g(s).reduced_canonical_form(), g("0"), "{s}");
        assert_eq!((g(s) + g("3/4")).reduced_canonical_form(), g("3/4"), "{s}");
    }
    // {2|1} + ↑ differs from {2|1} by an infinitesimal and {2|1} is reduced.
    assert_eq!((g("{2|1}") + g("^")).reduced_canonical_form(), g("{2|1}"));
    // Properties on random games: G - rcf(G) is infinitesimal, rcf is idempotent, and rcf agrees
    // with CGSuite's construction (G heated by *, then every x* replaced by x).
    let mut rng = Rng(3);
    for _ in 0..300 {
        let x = random_game(&mut rng, 3);
        let r = x.reduced_canonical_form();
        assert!((x - r).is_infinitesimal(), "{x}: {r}");
        assert_eq!(r.reduced_canonical_form(), r, "{x}");
        assert_eq!(r, star_projection(x.heat(&Game::star())), "{x}");
    }
}

/// Replaces every subposition x* (number x) by x.
fn star_projection(x: Game) -> Game {
    if x.is_number() {
        return x;
    }
    if let Some(nus) = x.as_nus() {
        if nus.ups == 0 && nus.nimber == 1 {
            return Game::number(nus.number.clone());
        }
    }
    let l: Vec<Game> = x
        .left_options()
        .iter()
        .map(|o| star_projection(*o))
        .collect();
    let r: Vec<Game> = x
        .right_options()
        .iter()
        .map(|o| star_projection(*o))
        .collect();
    Game::new(l, r)
}

#[test]
fn all_small() {
    for s in ["0", "*", "^", "^^*", "{0|^*}", "{0|v*}", "*3"] {
        assert!(g(s).is_all_small(), "{s}");
    }
    // 1/2 and Tiny(2) = {0 || 0 | -2} have subpositions where only one player can move.
    for s in ["1/2", "1", "{0||0|-2}", "1*", "+-1"] {
        assert!(!g(s).is_all_small(), "{s}");
    }
}

fn conjugate_by_definition(x: Game) -> Game {
    let l: Vec<Game> = x
        .right_options()
        .iter()
        .map(|o| conjugate_by_definition(*o))
        .collect();
    let r: Vec<Game> = x
        .left_options()
        .iter()
        .map(|o| conjugate_by_definition(*o))
        .collect();
    Game::new(l, r)
}

#[test]
fn conjugates() {
    let mut rng = Rng(4);
    for _ in 0..200 {
        let x = random_game(&mut rng, 3);
        assert_eq!(x.conjugate(), conjugate_by_definition(x), "{x}");
    }
}

fn ordinal_sum_by_definition(base: Game, h: Game) -> Game {
    let l: Vec<Game> = base
        .left_options()
        .iter()
        .copied()
        .chain(
            h.left_options()
                .iter()
                .map(|o| ordinal_sum_by_definition(base, *o)),
        )
        .collect();
    let r: Vec<Game> = base
        .right_options()
        .iter()
        .copied()
        .chain(
            h.right_options()
                .iter()
                .map(|o| ordinal_sum_by_definition(base, *o)),
        )
        .collect();
    Game::new(l, r)
}

#[test]
fn ordinal_sums() {
    // Nim heaps in sequence: *a : *b = *(a + b).
    for a in 0..5 {
        for b in 0..5 {
            assert_eq!(
                Game::nimber(a).ordinal_sum(&Game::nimber(b)),
                Game::nimber(a + b)
            );
        }
    }
    // Hackenbush strings (Berlekamp's sign expansion): blue-red = 1/2, blue-red-red = 1/4,
    // red-blue = -1/2, blue-blue = 2.
    let (one, minus_one) = (g("1"), g("-1"));
    assert_eq!(one.ordinal_sum(&minus_one), g("1/2"));
    assert_eq!(
        one.ordinal_sum(&minus_one).ordinal_sum(&minus_one),
        g("1/4")
    );
    assert_eq!(minus_one.ordinal_sum(&one), g("-1/2"));
    assert_eq!(one.ordinal_sum(&one), g("2"));
    // * : 1 = {0, * : 0 | 0} = {0, * | 0} = ↑*.
    assert_eq!(g("*").ordinal_sum(&one), g("^*"));
    // Against the definition on random pairs.
    let mut rng = Rng(6);
    for _ in 0..200 {
        let base = random_game(&mut rng, 2);
        let h = random_game(&mut rng, 3);
        assert_eq!(
            base.ordinal_sum(&h),
            ordinal_sum_by_definition(base, h),
            "{base} : {h}"
        );
    }
}

#[test]
fn norton_multiplication() {
    // By 1 the product is the identity on numbers: the incentive of 1 = {0|} is -1, so
    // x.1 = {x^L.1 + 0 | x^R.1 - 0} = x by induction.
    for s in ["0", "3", "-2", "1/2", "-7/8", "13/4"] {
        assert_eq!(g(s).norton(&g("1")).unwrap(), g(s), "{s}");
    }
    // Integers give copies: 3.↑ = ⇑↑, -2.(1/2) = -1.
    assert_eq!(g("3").norton(&g("^")).unwrap(), g("^3"));
    assert_eq!(g("-2").norton(&g("1/2")).unwrap(), g("-1"));
    // 1/2 = {0|1}: the incentives of ↑ = {0|*} are ↓ and ↑*, and ↑* dominates, so
    // 1/2.↑ = {0 + ↑ + ↑* | ↑ - ↑ - ↑*} = {⇑* | ↓*}.
    assert_eq!(g("1/2").norton(&g("^")).unwrap(), g("{^^*|v*}"));
    // Additive in G, for several positive units.
    let units = ["1", "1/2", "^", "^^*", "2"];
    let games = born_by(2);
    for u in units {
        for a in &games {
            for b in games.iter().step_by(3) {
                let (ua, ub) = (a.norton(&g(u)).unwrap(), b.norton(&g(u)).unwrap());
                assert_eq!((*a + *b).norton(&g(u)).unwrap(), ua + ub, "({a} + {b}).{u}");
            }
        }
    }
    // The unit must be positive.
    for u in ["0", "*", "-1", "+-1", "v"] {
        let e = g("1/2").norton(&g(u)).unwrap_err().to_string();
        assert!(e.contains("positive"), "{u}: {e}");
    }
}

#[test]
fn incentives() {
    // ±1: Left's incentive 1 - ±1 = {2|0}, Right's ±1 - (-1) = {2|0}.
    assert_eq!(g("+-1").left_incentives(), vec![g("{2|0}")]);
    assert_eq!(g("+-1").right_incentives(), vec![g("{2|0}")]);
    assert_eq!(g("+-1").incentives(), vec![g("{2|0}")]);
    // ↑ = {0|*}: Left 0 - ↑ = ↓, Right ↑ - * = ↑*; ↑* > ↓, so only ↑* is undominated.
    assert_eq!(g("^").incentives(), vec![g("^*")]);
    // By the definition, on random games.
    let mut rng = Rng(8);
    for _ in 0..100 {
        let x = random_game(&mut rng, 3);
        let left: Vec<Game> = x.left_options().iter().map(|o| *o - x).collect();
        let right: Vec<Game> = x.right_options().iter().map(|o| x - *o).collect();
        assert_eq!(x.left_incentives(), left);
        assert_eq!(x.right_incentives(), right);
        let all: Vec<Game> = left.iter().chain(&right).copied().collect();
        for i in x.incentives() {
            assert!(all.contains(&i));
            assert!(
                !all.iter().any(|j| *j != i && i <= *j),
                "{x}: {i} is dominated"
            );
        }
        for i in &all {
            assert!(x.incentives().iter().any(|j| i <= j), "{x}: {i} is missing");
        }
    }
}

/// Berlekamp's tempers by the definition on explicit options: even = a number, or a non-number
/// all of whose options are odd; odd = a non-number all of whose options are even.
fn temper_by_definition(x: Game) -> (bool, bool) {
    if x.is_number() {
        return (true, false);
    }
    let options: Vec<(bool, bool)> = x
        .left_options()
        .iter()
        .chain(x.right_options())
        .map(|o| temper_by_definition(*o))
        .collect();
    (options.iter().all(|t| t.1), options.iter().all(|t| t.0))
}

#[test]
fn tempers() {
    // Numbers are even-tempered; x* odd; {1|0} and ±1 odd (integer options); ↑ = {0|*} has an
    // even and an odd option: neither. {{1|0}|0}: options odd and even: neither.
    let cases = [
        ("0", true, false),
        ("5/8", true, false),
        ("*", false, true),
        ("1*", false, true),
        ("{1|0}", false, true),
        ("+-1", false, true),
        ("^", false, false),
        ("*2", false, false),
        ("{{1|0}|0}", false, false),
    ];
    for (s, even, odd) in cases {
        assert_eq!(
            (g(s).is_even_tempered(), g(s).is_odd_tempered()),
            (even, odd),
            "{s}"
        );
    }
    // The closed forms for number-up-stars and the recursion agree with the definition.
    let mut games = born_by(2);
    let mut rng = Rng(10);
    games.extend((0..200).map(|_| random_game(&mut rng, 3)));
    for ups in -3..=3 {
        for nimber in 0..4 {
            games.push(Game::nus(partizan::Nus {
                number: crate::util::n("1/2"),
                ups,
                nimber,
            }));
        }
    }
    for x in games {
        assert_eq!(
            (x.is_even_tempered(), x.is_odd_tempered()),
            temper_by_definition(x),
            "{x}"
        );
    }
}
