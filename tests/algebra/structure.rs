//! Uptimal expansions, followers, stop counts, companions and the games born by day n, against
//! the definitions applied by hand or by brute force in the test.

use crate::util::g;
use crate::util::random::{check, Arb};
use partizan::algebra::days::born_by;
use partizan::algebra::print::sorted;
use partizan::expr::evaluate;
use partizan::{Game, Number, Nus, UptimalExpansion};
use quickcheck::{Arbitrary, Gen};

fn nus(x: i64, ups: i64, nimber: u64) -> Game {
    Game::nus(Nus {
        number: Number::from(x),
        ups,
        nimber,
    })
}

/// `↑ⁿ` from the definition (Siegel, CGT; CGSuite's `Pow`): `↑^{→0} = 0`,
/// `↑^{→n} = {↑^{→(n−1)} | *}`, `↑ⁿ = {0 | * − ↑^{→(n−1)}}`.
fn up_power(n: usize) -> Game {
    let mut sum = Game::zero();
    let mut power = Game::star();
    for _ in 0..n {
        power = Game::new([Game::zero()], [Game::star() - sum]);
        sum = Game::new([sum], [Game::star()]);
    }
    power
}

/// A random uptimal expansion with small parts, and its value built from the definitions.
#[derive(Clone, Debug)]
struct Expansion {
    number: i64,
    nimber: u64,
    coefficients: Vec<i64>,
}

impl Arbitrary for Expansion {
    fn arbitrary(g: &mut Gen) -> Expansion {
        let len = usize::arbitrary(g) % 5;
        Expansion {
            number: *g.choose(&[0, 0, 0, 1, -2]).unwrap(),
            nimber: *g.choose(&[0, 0, 1, 1, 2, 3]).unwrap(),
            coefficients: (0..len)
                .map(|_| *g.choose(&[-2, -1, -1, 0, 1, 1, 2, 3]).unwrap())
                .collect(),
        }
    }
}

impl Expansion {
    fn value(&self) -> Game {
        let mut v = nus(self.number, 0, self.nimber);
        for (i, &d) in self.coefficients.iter().enumerate() {
            let power = up_power(i + 1);
            for _ in 0..d.unsigned_abs() {
                v = if d > 0 { v + power } else { v - power };
            }
        }
        v
    }
}

#[test]
fn uptimals_are_recognised_with_their_expansions() {
    check(300, |e: Expansion| {
        let expected =
            UptimalExpansion::new(Number::from(e.number), e.nimber, e.coefficients.clone());
        e.value().uptimal_expansion() == Some(expected)
    });
}

#[test]
fn expansions_print_as_cgsuite_prints_them() {
    // ↓* is *.1- and ↑ + ↑² + ↑³ + ↑⁴ is 0.1111 in CGSuite's notation.
    assert_eq!(g("v*").uptimal_expansion().unwrap().to_string(), "*.1-");
    assert_eq!(g("^[4]").uptimal_expansion().unwrap().to_string(), "0.1111");
    // The number first, then the nimber, a point and the digits; 0 when there are none.
    let e = |x: i64, m: u64, c: &[i64]| UptimalExpansion::new(Number::from(x), m, c.to_vec());
    assert_eq!(e(1, 0, &[]).to_string(), "1.0");
    assert_eq!(e(0, 2, &[]).to_string(), "*2.0");
    assert_eq!(e(-1, 1, &[2, 0, -1]).to_string(), "-1*.201-");
    assert_eq!(e(0, 0, &[10, 35, 36]).to_string(), "0.AZ(36)");
    // In expressions.
    assert_eq!(
        evaluate("(v + ^<2> + v<3> + *).UptimalExpansion")
            .unwrap()
            .to_string(),
        "*.1-11-"
    );
    assert_eq!(evaluate("(^^*).IsUptimal").unwrap().to_string(), "true");
    assert_eq!(evaluate("{1|-1}.IsUptimal").unwrap().to_string(), "false");
}

#[test]
fn games_that_are_not_uptimals_have_no_expansion() {
    for s in ["{1|-1}", "{2|1}", "Tiny(1)", "{0|Tiny(1)}", "1/2Tiny(2)"] {
        assert!(g(s).uptimal_expansion().is_none(), "{s}");
    }
}

/// CGSuite's `DeterministicOrdering` sorts uptimals by their expansions: number, then the
/// coefficients over the common length, then the shorter first, then the nimber. So
/// −↑ + ↑² − ↑³ + * (`*.1-11-`) comes before 2·↑² (`0.02`), as −1 < 0 in the first coefficient,
/// and ↑ (`0.1`) before ↑ − ↑² (`0.11-`), as the shorter comes first.
#[test]
fn uptimals_sort_by_their_expansions() {
    let a = g("v + ^<2> + v<3> + *");
    let b = g("^<2> + ^<2>");
    assert_eq!(sorted(&[b, a]), vec![a, b]);
    let up = Game::up();
    let c = up - up_power(2);
    assert_eq!(sorted(&[c, up]), vec![up, c]);
    // 1* (length 0) before 1 + ↓ (length 1), though −1 < 0.
    let (one_star, one_down) = (g("1*"), g("1v"));
    assert_eq!(sorted(&[one_down, one_star]), vec![one_star, one_down]);
    // All uptimals after the numbers and nimbers, before other games.
    let pm = g("+-1");
    assert_eq!(
        sorted(&[pm, b, Game::star(), Game::integer(3)]),
        vec![Game::integer(3), Game::star(), b, pm]
    );
}

/// The stop count by its definition: the paths from the root to a number in the canonical
/// form's game tree (play stops at numbers).
fn paths_to_numbers(g: Game) -> u64 {
    if g.is_number() {
        return 1;
    }
    g.left_options()
        .iter()
        .chain(g.right_options())
        .map(|o| paths_to_numbers(*o))
        .sum()
}

#[test]
fn stop_counts() {
    // By hand: * = {0|0} has 2; *2 = {0,*|0,*} has 1 + 2 + 1 + 2 = 6; ↑ = {0|*} has 1 + 2;
    // ↑* = {0,*|0} has 1 + 2 + 1; ⇑ = {0|↑*} has 1 + 4; ±1 has 2.
    for (s, n) in [
        ("0", 1u32),
        ("3/4", 1),
        ("*", 2),
        ("*2", 6),
        ("*3", 18),
        ("^", 3),
        ("^*", 4),
        ("^^", 5),
        ("v", 3),
        ("+-1", 2),
    ] {
        assert_eq!(g(s).stop_count(), n.into(), "{s}");
    }
    // The closed forms agree with the definition on random games.
    check(400, |a: Arb| {
        a.game.stop_count() == paths_to_numbers(a.game).into()
    });
    for s in ["^5*3", "v7*2", "*7", "^^^*"] {
        assert_eq!(g(s).stop_count(), paths_to_numbers(g(s)).into(), "{s}");
    }
    // *k has 2·3^(k−1) without listing its options.
    assert_eq!(
        g("*60000").stop_count(),
        num_bigint::BigUint::from(2u32) * num_bigint::BigUint::from(3u32).pow(59_999)
    );
}

/// The followers by their definition: a search over the options.
fn followers_by_search(g: Game) -> usize {
    let mut seen = hashbrown::HashSet::new();
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        if seen.insert(h) {
            stack.extend(h.left_options().iter().chain(h.right_options()));
        }
    }
    seen.len()
}

#[test]
fn followers_and_their_count() {
    // ↑ = {0|*}: ↑, 0, *. *3: *3, *2, *, 0. 2 = {1|}: 2, 1, 0.
    assert_eq!(Game::up().follower_count(), 3u32.into());
    assert_eq!(g("*3").follower_count(), 4u32.into());
    assert_eq!(g("2").follower_count(), 3u32.into());
    assert_eq!(g("-3").follower_count(), 4u32.into());
    check(400, |a: Arb| {
        let f = a.game.followers();
        f.contains(&a.game)
            && f.len() == followers_by_search(a.game)
            && a.game.follower_count() == f.len().into()
    });
    // Closed forms, without listing the followers.
    assert_eq!(g("*1000000").follower_count(), 1_000_001u32.into());
    let big: num_bigint::BigUint = "100000000000000000000".parse().unwrap();
    assert_eq!(
        Game::big_integer(big.clone().into()).follower_count(),
        big + 1u32
    );
    assert_eq!(
        evaluate("(^).Followers").unwrap().to_string(),
        "[0,*,^]",
        "a list in CGSuite's order"
    );
}

#[test]
fn companions() {
    // The rule for number + ups + nimber values with number part 0.
    for (a, b) in [
        ("0", "*"),
        ("*", "0"),
        ("^", "^*"),
        ("^*", "^"),
        ("vv", "vv*"),
        ("*2", "*2"),
    ] {
        assert_eq!(g(a).companion(), g(b), "{a}");
    }
    // 1 = {0|}, and 1 >= 0 but not 1 <= 0: 1° = {0°, 0 |} = {*, 0 |} = 1.
    assert_eq!(g("1").companion(), g("1"));
    // {1|0} is confused with 0, so no 0 is added: {1° | 0°} = {1 | *}.
    assert_eq!(g("{1|0}").companion(), g("{1|*}"));
    // 1/2 = {0|1} >= 0, so 1/2° = {0°, 0 | 1°} = {*, 0 | 1}, where * reverses through 0: 1/2.
    assert_eq!(g("1/2").companion(), g("1/2"));
    assert_eq!(evaluate("(^).Companion").unwrap().to_string(), "^*");
}

#[test]
fn games_born_by_day_n() {
    // OEIS A065401: 1, 4, 22, 1474 games born by days 0 to 3.
    let counts: Vec<usize> = (0..=3).map(|d| born_by(d).unwrap().len()).collect();
    assert_eq!(counts, [1, 4, 22, 1474]);
    // Day 2 agrees with the brute force over all subsets of day 1.
    let mut a = born_by(2).unwrap();
    let mut b = crate::util::reference::born_by(2);
    a.sort_by_key(|g| g.to_string());
    b.sort_by_key(|g| g.to_string());
    assert_eq!(a, b);
    // Every game of day 3 is born by day 3.
    assert!(born_by(3)
        .unwrap()
        .iter()
        .all(|g| g.birthday() <= 3u32.into()));
    assert!(born_by(4).is_none());
    // In expressions: the four games of day 1, in CGSuite's order.
    assert_eq!(evaluate("born_by(1)").unwrap().to_string(), "[-1,0,1,*]");
    assert!(evaluate("BornBy(4)").is_err());
}
