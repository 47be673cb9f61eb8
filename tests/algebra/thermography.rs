//! Thermography: stops, thermographs, mean, temperature, cooling, heating, overheating and the
//! confusion interval. Expected values are derived by hand in the comments, from closed
//! formulas, or from a brute-force implementation of Siegel's definition of cooling coded here.

use crate::util::random::{random_game, Day4, Rng};
use crate::util::reference::born_by;
use crate::util::{g, n};
use partizan::{Game, Number};
use quickcheck::QuickCheck;
use std::collections::HashMap;

#[test]
fn three_minus_two() {
    let x = g("{3|-2}");
    // Left moves to 3, Right to -2: those are the stops.
    assert_eq!(x.left_stop(), &n("3"));
    assert_eq!(x.right_stop(), &n("-2"));
    // Scaffolds: LW(t) = 3 - t and RW(t) = -2 + t meet where 3 - t = -2 + t, i.e. at
    // t = 5/2, value 1/2. At t = -1 the walls are at 4 and -3.
    let th = x.thermograph();
    assert_eq!(th.temperature, n("5/2"));
    assert_eq!(th.mean, n("1/2"));
    assert_eq!(x.mean(), n("1/2"));
    assert_eq!(x.temperature(), n("5/2"));
    assert_eq!(
        th.left.corners(),
        &[(n("-1"), n("4")), (n("5/2"), n("1/2"))]
    );
    assert_eq!(
        th.right.corners(),
        &[(n("-1"), n("-3")), (n("5/2"), n("1/2"))]
    );
    // Cooled by 5/2: {3 - 5/2 | -2 + 5/2} = {1/2 | 1/2} = 1/2*; above the temperature, the mean.
    assert_eq!(x.cool(&n("5/2")).unwrap(), g("1/2*"));
    assert_eq!(x.cool(&n("3")).unwrap(), g("1/2"));
    // Below it, e.g. by 1: {2 | -1}.
    assert_eq!(x.cool(&n("1")).unwrap(), g("{2|-1}"));
}

#[test]
fn plus_minus_one_and_two_one() {
    // ±1: scaffolds 1 - t and -1 + t meet at t = 1, value 0.
    let pm = g("+-1");
    assert_eq!((pm.mean(), pm.temperature()), (n("0"), n("1")));
    // {2|1}: 2 - t = 1 + t at t = 1/2, value 3/2.
    let x = g("{2|1}");
    assert_eq!((x.mean(), x.temperature()), (n("3/2"), n("1/2")));
    // {4||2|0}: a right scaffold with a corner. {2|0} has LW(t) = 2 - t up to its temperature
    // 1, then 1; so the right scaffold LW(t) + t is 2 for t <= 1, then 1 + t, and it meets the
    // left scaffold 4 - t at t = 3/2, value 5/2.
    let y = g("{4||2|0}");
    assert_eq!((y.mean(), y.temperature()), (n("5/2"), n("3/2")));
    assert_eq!(
        y.thermograph().right.corners(),
        &[(n("-1"), n("2")), (n("1"), n("2")), (n("3/2"), n("5/2"))]
    );
}

#[test]
fn cgsuite_temperature_conventions() {
    // Integers: -1. A number m/2^k with m odd and k >= 1: -1/2^k.
    for i in -6..=6 {
        assert_eq!(Game::integer(i).temperature(), n("-1"), "{i}");
        assert_eq!(Game::integer(i).thermograph().temperature, n("-1"));
    }
    for k in 1..=6u32 {
        for m in (-21i64..=21).filter(|m| m % 2 != 0) {
            let x = Game::dyadic(m, k as u64);
            let expected = -Number::pow2(-(k as i64));
            assert_eq!(x.temperature(), expected, "{x}");
            // The closed form agrees with the thermograph built from the options.
            assert_eq!(x.thermograph().temperature, expected, "{x}");
            assert_eq!(x.mean(), *x.as_number().unwrap());
        }
    }
    // Infinitesimals, also shifted by numbers: temperature 0 and mean the number.
    for s in [
        "^",
        "*",
        "^*",
        "^^*",
        "*5",
        "v3*2",
        "{0|v*}",
        "{0||0|-2}",
        "{^|*}",
    ] {
        for x in ["0", "1", "-3/4"] {
            let v = g(s) + g(x);
            assert_eq!(v.temperature(), n("0"), "{v}");
            assert_eq!(v.thermograph().temperature, n("0"), "{v}");
            assert_eq!(v.mean(), n(x), "{v}");
            assert_eq!(v.thermograph().mean, n(x), "{v}");
        }
    }
}

#[test]
fn huge_up_multiples_are_fast() {
    // ↑ × 2^40 has a chain of 2^40 options; its thermograph is computed in closed form:
    // temperature 0, mean the number, walls through the stops at t = 0.
    let x = n("3/8");
    let big = Game::nus(partizan::Nus {
        number: x.clone(),
        ups: 1 << 40,
        nimber: 3,
    });
    let th = big.thermograph();
    assert_eq!(
        (th.temperature.clone(), th.mean.clone()),
        (n("0"), x.clone())
    );
    assert_eq!(th.left.value_at(&n("0")), x);
    assert_eq!(th.right.value_at(&n("0")), x);
    // Same walls as a small multiple with the same pattern (every n >= 2 gives one fixed
    // point here, checked against the brute force below for small n).
    assert_eq!(
        th,
        (Game::nus(partizan::Nus {
            number: x,
            ups: 4,
            nimber: 3
        }))
        .thermograph()
    );
    assert_eq!((-big).thermograph().temperature, n("0"));
}

#[test]
fn cooling_by_minus_one_or_less_is_an_error() {
    for t in ["-1", "-2", "-3/2"] {
        let e = g("{3|-2}").cool(&n(t)).unwrap_err().to_string();
        assert!(e.contains("greater than -1"), "{e}");
        assert!(g("1/2").cool(&n(t)).is_err());
    }
    // Just above -1 is fine: 1/2 = {0 | 1} cooled by -3/4 is {3/4 | 1/4}, a hot game
    // (below its temperature -1/2 a number is not frozen).
    assert_eq!(g("1/2").cool(&n("-3/4")).unwrap(), g("{3/4|1/4}"));
}

#[test]
fn heating_and_overheating() {
    // Heating a number by any t leaves it unchanged.
    for x in ["0", "3", "-2", "1/2", "-13/8", "1024"] {
        for t in ["0", "1", "1/2", "5", "*", "^", "{1|-1}", "-1/4"] {
            assert_eq!(g(x).heat(&g(t)), g(x), "{x} heated by {t}");
        }
    }
    // * = {0|0}: ∫^1 * = {0 + 1 | 0 - 1} = ±1.
    assert_eq!(g("*").heat(&g("1")), g("+-1"));
    // ↑ = {0|*}: ∫^1 ↑ = {0 + 1 | ∫^1 * - 1} = {1 | ±1 - 1} = {1 | {0|-2}}.
    assert_eq!(g("^").heat(&g("1")), g("{1||0|-2}"));
    // Overheating: integers become copies of s. 1/2 = {0|1}: ∫_1^1 1/2 = {0 + 1 | 1 - 1}.
    assert_eq!(g("1/2").overheat(&g("1"), &g("1")), g("{1|0}"));
    assert_eq!(g("2").overheat(&g("^"), &g("1")), g("^^"));
    assert_eq!(g("-3").overheat(&g("*"), &g("5")), g("*"));
    // * = {0|0}: ∫_s^t * = {t | -t}, for any s.
    assert_eq!(g("*").overheat(&g("7"), &g("2")), g("+-2"));
}

/// `∫G` by its definition, recursively on the canonical form: `leaf(H)` where it answers, else
/// `{∫H^L + t | ∫H^R − t}` (WW Ch. 6).
fn integral_by_definition(g: Game, t: Game, leaf: &dyn Fn(Game) -> Option<Game>) -> Game {
    if let Some(v) = leaf(g) {
        return v;
    }
    let left = g.left_options().iter();
    let right = g.right_options().iter();
    let left: Vec<Game> = left
        .map(|o| integral_by_definition(*o, t, leaf) + t)
        .collect();
    let right: Vec<Game> = right
        .map(|o| integral_by_definition(*o, t, leaf) - t)
        .collect();
    Game::new(left, right)
}

/// Heating and overheating by numbers, games and negative numbers agree with their recursive
/// definitions on random games (the engine builds integrals by a number top-down), and a deep
/// number overheats at once.
#[test]
fn heating_and_overheating_match_their_definitions() {
    let mut rng = Rng(0x0e47_4ea7);
    let ts = ["1", "2", "1/2", "-1/2", "0", "-3", "*", "^", "{1|-1}"];
    for _ in 0..150 {
        let x = random_game(&mut rng, 3);
        for t in ts {
            let t = g(t);
            let heated = integral_by_definition(x, t, &|h| h.is_number().then_some(h));
            assert_eq!(x.heat(&t), heated, "{x} heated by {t}");
            for s in ["1", "*", "-1/2"] {
                let s = g(s);
                let integer = |h: Game| {
                    let n = h.as_number()?.to_integer()?;
                    Some((0..n.magnitude().try_into().unwrap_or(0u32)).fold(
                        Game::zero(),
                        |sum, _| {
                            if n.sign() == num_bigint::Sign::Minus {
                                sum - s
                            } else {
                                sum + s
                            }
                        },
                    ))
                };
                let overheated = integral_by_definition(x, t, &integer);
                assert_eq!(
                    x.overheat(&s, &t),
                    overheated,
                    "{x} overheated from {s} to {t}"
                );
            }
        }
    }
    // A deep number: 3/2^200, of birthday 201, whose integrals nest 200 deep.
    let x = g("3/2^200");
    let integer = |h: Game| h.as_number()?.to_integer().map(|n| g(&n.to_string()));
    assert_eq!(
        x.overheat(&g("1"), &g("4")),
        integral_by_definition(x, g("4"), &integer)
    );
}

#[test]
fn confusion_intervals() {
    // ±1 - 1 = {0 | -2}: Left moving first wins (to 0), Right too (to -2): fuzzy, so ±1 is
    // confused with 1, and by symmetry with -1.
    assert_eq!(
        g("+-1").confusion_interval().unwrap().to_string(),
        "[-1, 1]"
    );
    // G = {1* | -1}: G - 1 = {* | -2} is < 0 (Left's move to * is answered by Right's to 0):
    // not confused with 1. G + 1 = {2* | 0} is fuzzy: confused with -1.
    assert_eq!(
        g("{1*|-1}").confusion_interval().unwrap().to_string(),
        "[-1, 1)"
    );
    // * is confused with 0 only; ↑ > 0 with no number; a number with none.
    assert_eq!(g("*").confusion_interval().unwrap().to_string(), "[0, 0]");
    assert!(g("^").confusion_interval().is_none());
    assert!(g("3/4").confusion_interval().is_none());
    // The interval matches the definition on a grid of numbers, for random games.
    let mut rng = Rng(7);
    for _ in 0..200 {
        let x = random_game(&mut rng, 3);
        let ci = x.confusion_interval();
        for i in -40..=40 {
            let v = Number::dyadic(i, 3);
            let confused = x.is_confused_with(&Game::number(v.clone()));
            let inside = ci.as_ref().is_some_and(|c| {
                (c.low < v || (c.low == v && c.low_closed))
                    && (v < c.high || (v == c.high && c.high_closed))
            });
            assert_eq!(confused, inside, "{x} and {v}: {ci:?}");
        }
    }
}

/// Siegel's definition of cooling (CGT Def. II.5.1), on the grid t_i = -1 + i/16: an integer
/// is unchanged; otherwise G_t = {G^L_t - t | G^R_t + t}, unless some earlier G_{t'} was
/// infinitely close to a number x, and then G_t = x. Valid when every temperature involved
/// lies on the grid (checked by the caller for the game itself).
struct Cooler {
    memo: HashMap<Game, Cooling>,
}

/// For one game: G_{t_1}, G_{t_2}, ... as far as computed, and where it froze (the grid index
/// and the number).
type Cooling = (Vec<Game>, Option<(usize, Game)>);

const GRID: i64 = 16;

fn grid_t(i: usize) -> Number {
    Number::from(-1) + Number::dyadic(i as i64, 4)
}

impl Cooler {
    fn cooled(&mut self, x: Game, i: usize) -> Game {
        assert!(i >= 1);
        if x.as_number().is_some_and(|v| v.is_integer()) {
            return x;
        }
        loop {
            let (seq, frozen) = self.memo.entry(x).or_default().clone();
            if let Some((j0, v)) = frozen {
                if i > j0 {
                    return v;
                }
            }
            if i <= seq.len() {
                return seq[i - 1];
            }
            let j = seq.len() + 1;
            let t = Game::number(grid_t(j));
            let left: Vec<Game> = x
                .left_options()
                .iter()
                .map(|o| self.cooled(*o, j) - t)
                .collect();
            let right: Vec<Game> = x
                .right_options()
                .iter()
                .map(|o| self.cooled(*o, j) + t)
                .collect();
            let u = Game::new(left, right);
            let entry = self.memo.get_mut(&x).unwrap();
            entry.0.push(u);
            if u.left_stop() == u.right_stop() {
                entry.1 = Some((j, Game::number(u.left_stop().clone())));
            }
        }
    }
}

fn check_walls_against_definition(games: &[Game]) {
    let mut cooler = Cooler {
        memo: HashMap::new(),
    };
    for x in games {
        let th = x.thermograph();
        assert!(
            (&th.temperature * &Number::from(GRID)).is_integer(),
            "{x}: temperature {} is off the test grid",
            th.temperature
        );
        // At t = -1 the walls are in order (the scaffolds start out apart).
        assert!(
            th.left.value_at(&n("-1")) >= th.right.value_at(&n("-1")),
            "{x}"
        );
        let top = ((th.temperature.to_f64() + 2.0) * GRID as f64) as usize;
        for i in 1..=top {
            let t = grid_t(i);
            let cooled = cooler.cooled(*x, i);
            assert_eq!(&th.left.value_at(&t), cooled.left_stop(), "{x}: LW({t})");
            assert_eq!(&th.right.value_at(&t), cooled.right_stop(), "{x}: RW({t})");
            assert_eq!(x.cool(&t).unwrap(), cooled, "{x} cooled by {t}");
        }
    }
}

#[test]
fn walls_are_the_stops_of_the_cooled_game() {
    let mut games = born_by(2);
    let mut rng = Rng(2024);
    games.extend((0..150).map(|_| random_game(&mut rng, 3)));
    for s in [
        "{3|-2}",
        "1/2*",
        "{4||2|0}",
        "{0||0|-2}",
        "{0|v*}",
        "{^|*}",
        "3/8",
        "-5/4^*",
    ] {
        games.push(g(s));
    }
    // Number-up-stars, whose thermographs are computed in closed form.
    for x in ["0", "1/2", "-3/4", "2"] {
        for ups in -3..=3 {
            for nimber in 0..=3 {
                games.push(Game::nus(partizan::Nus {
                    number: n(x),
                    ups,
                    nimber,
                }));
            }
        }
    }
    check_walls_against_definition(&games);
}

#[test]
fn mean_is_additive() {
    // The mean value theorem: mean(G + H) = mean(G) + mean(H) (Siegel, CGT §II.5).
    fn prop(a: Day4, b: Day4) -> bool {
        (a.0 + b.0).mean() == a.0.mean() + b.0.mean()
    }
    let (gen, _seed) = crate::util::random::seeded();
    QuickCheck::new()
        .tests(2000)
        .rng(gen)
        .quickcheck(prop as fn(Day4, Day4) -> bool);
}

#[test]
fn mean_value_theorem_bounds() {
    // n·G stays within the temperature of n·mean(G): n·m - t <= R(nG) <= L(nG) <= n·m + t
    // for a game of temperature t >= 0 (Siegel, CGT §II.5, the mean value theorem).
    let mut rng = Rng(99);
    for _ in 0..150 {
        let x = random_game(&mut rng, 2);
        let (m, t) = (x.mean(), x.temperature());
        if t.signum() < 0 {
            continue;
        }
        let mut sum = Game::zero();
        for k in 1..=4i64 {
            sum += x;
            let center = Number::from(k) * m.clone();
            assert!(&center - &t <= *sum.right_stop(), "{x} × {k}");
            assert!(sum.right_stop() <= sum.left_stop());
            assert!(*sum.left_stop() <= &center + &t, "{x} × {k}");
        }
    }
}

#[test]
fn negation_mirrors_the_thermograph() {
    let mut rng = Rng(5);
    for _ in 0..200 {
        let x = random_game(&mut rng, 3);
        let (a, b) = (x.thermograph(), (-x).thermograph());
        assert_eq!(a.temperature, b.temperature);
        assert_eq!(a.mean, -b.mean.clone());
        for i in 0..=80 {
            let t = grid_t(i);
            assert_eq!(a.left.value_at(&t), -b.right.value_at(&t), "{x} at {t}");
        }
    }
}
