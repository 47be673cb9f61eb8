//! Printing and parsing of uptimals (`^<n>`, `^[n]`), tinies, minies and switches, as
//! `docs/NOTATION.md` specifies, and parse(print(G)) = G in ASCII and Unicode.

use crate::util::random::{random_game, Rng};
use crate::util::reference::born_by;
use crate::util::{g, n};
use partizan::Game;

/// `↑^{→n}` by its definition: `↑^{→0} = 0`, `↑^{→n} = {↑^{→(n−1)} | *}` (Siegel, CGT §II.4).
fn power_sum_by_definition(k: u32) -> Game {
    (0..k).fold(Game::zero(), |acc, _| Game::new([acc], [Game::star()]))
}

/// `↑ⁿ = {0 | * − ↑^{→(n−1)}}`.
fn power_by_definition(k: u32) -> Game {
    Game::new(
        [Game::zero()],
        [Game::star() - power_sum_by_definition(k - 1)],
    )
}

#[test]
fn uptimal_values() {
    assert_eq!(power_by_definition(1), Game::up());
    for k in 1..=8 {
        assert_eq!(Game::up_nth(k), power_by_definition(k), "{k}");
        // ↑^{→n} = ↑ + ↑² + … + ↑ⁿ.
        let sum: Game = (1..=k).map(power_by_definition).sum();
        assert_eq!(Game::up_nth_sum(k), sum, "{k}");
        assert_eq!(power_sum_by_definition(k), sum, "{k}");
    }
    // ↑² = {0 | ↓*} (Winning Ways Ch. 8).
    assert_eq!(Game::up_nth(2), g("{0|v*}"));
}

#[test]
fn uptimals_print_as_specified() {
    let cases = [
        (Game::up_nth(2), "^<2>", "↑<2>"),
        (-Game::up_nth(3), "v<3>", "↓<3>"),
        (Game::up_nth(2) + g("*"), "^<2>*", "↑<2>*"),
        (Game::up_nth_sum(3), "^[3]", "↑[3]"),
        (g("1") + Game::up_nth_sum(3) + g("*2"), "1^[3]*2", "1↑[3]*2"),
        (g("-1/2") - Game::up_nth_sum(4), "-1/2v[4]", "-1/2↓[4]"),
        (g("3") + Game::up_nth(5) + g("*4"), "3^<5>*4", "3↑<5>*4"),
    ];
    for (v, ascii, unicode) in cases {
        assert_eq!(v.to_string(), ascii);
        assert_eq!(format!("{v:#}"), unicode);
        assert_eq!(g(ascii), v);
        assert_eq!(g(unicode), v);
    }
    // ↑ + ↑³ is neither shape: it prints as a game in braces.
    let other = Game::up() + Game::up_nth(3);
    assert!(other.to_string().starts_with('{'), "{other}");
    // Inside braces and as the operand of ±, uptimals are atoms.
    assert_eq!(
        Game::new([g("2")], [Game::up_nth(2)]).to_string(),
        "{2|^<2>}"
    );
    let u = Game::up_nth(2) + g("1");
    assert_eq!(Game::new([u], [-u]).to_string(), "+-(1^<2>)");
}

#[test]
fn uptimal_parse_errors() {
    for (s, part) in [
        ("^<0>", "out of range"),
        ("^<5000>", "out of range"),
        ("^<", "expected an order"),
        ("v[2", "expected an order"),
    ] {
        let e = s.parse::<Game>().unwrap_err().to_string();
        assert!(e.contains(part), "{s}: {e}");
    }
}

#[test]
fn tinies_minies_and_switches_as_in_notation() {
    // The examples of NOTATION.md.
    assert_eq!(g("{0|{0|-2}}").to_string(), "Tiny(2)");
    assert_eq!(g("{1|-1}").to_string(), "+-1");
    assert_eq!(g("{3|{2|1}}").to_string(), "{3||2|1}");
    // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}, x + Tiny(G) = {x || x | x - G}.
    assert_eq!(g("{{2|0}|0}").to_string(), "Miny(2)");
    assert_eq!(g("{2||2|0}").to_string(), "2Tiny(2)");
    assert_eq!(g("{1/2|0||0}").to_string(), "Miny(1/2)");
    assert_eq!(g("{-1||-1|-3/2}").to_string(), "-1Tiny(1/2)");
    // G in braces when it is not a number-ish value: Tiny({3|1}) = {0 || 0 | {-1|-3}}.
    assert_eq!(g("{0||0|{-1|-3}}").to_string(), "Tiny({3|1})");
    assert_eq!(g("Tiny({3|1})"), g("{0||0|{-1|-3}}"));
    // Tiny(±2... ) needs braces too, whereas an uptimal subscript is an atom.
    let t = g("Tiny(2+^<2>)");
    assert_eq!(t.to_string(), "Tiny(2^<2>)");
    // Switches: ±(1*) and ±{1, 1*} (several options are braced).
    assert_eq!(g("{1*|-1*}").to_string(), "+-(1*)");
    assert_eq!(g("{1,1*|-1,-1*}").to_string(), "+-{1,1*}");
    assert_eq!(g("+-{1,1*}"), g("{1,1*|-1,-1*}"));
    assert_eq!(g("{{2|1}|{-1|-2}}").to_string(), "+-{2|1}");
}

fn round_trip(v: Game) {
    let ascii = v.to_string();
    assert_eq!(
        ascii.parse::<Game>().unwrap_or_else(|e| panic!("{e}")),
        v,
        "{ascii}"
    );
    let unicode = format!("{v:#}");
    assert_eq!(
        unicode.parse::<Game>().unwrap_or_else(|e| panic!("{e}")),
        v,
        "{unicode}"
    );
}

#[test]
fn parse_of_print_is_identity() {
    for v in born_by(2) {
        round_trip(v);
    }
    let mut rng = Rng(12);
    for _ in 0..500 {
        round_trip(random_game(&mut rng, 3));
    }
    for k in 2..=6 {
        for nimber in 0..=5 {
            for x in ["0", "1", "-1/2"] {
                for u in [Game::up_nth(k), Game::up_nth_sum(k)] {
                    for s in [u, -u] {
                        let v = s + Game::nimber(nimber) + g(x);
                        assert!(v.uptimal().is_some(), "{v}");
                        round_trip(v);
                        // Inside other games too.
                        round_trip(Game::new([v, g("2")], [g("-1")]));
                        round_trip(Game::new([v], [-v]));
                    }
                }
            }
        }
    }
    for x in ["0", "1", "-3/4"] {
        for sub in ["1", "2", "1/2", "{3|1}", "^<2>", "2*", "{2|1}+^"] {
            round_trip(g(x) + g(&format!("Tiny({sub})")));
            round_trip(g(x) + g(&format!("Miny({sub})")));
        }
    }
    assert_eq!(n("1/2").to_string(), "1/2");
}

/// CGSuite's `IsNumberTiny` on the rows of its `CanonicalShortGameTestCase.scala` (CGSuite's
/// answers copied as they are): every number counts, so do `x + Tiny(H)` and `x + Miny(H)`;
/// nimbers, uptimals and other games do not.
#[test]
fn is_number_tiny_as_cgsuite_answers() {
    let rows = [
        ("0", true),
        ("5", true),
        ("-1823437481924", true),
        ("-1/2", true),
        ("25/16", true),
        ("*8", false),
        ("9/8+*", false),
        ("^", false),
        ("v*", false),
        ("6+^*", false),
        ("^*6", false),
        ("73/16+v9*8", false),
        ("{0|*||*|||*||||*}", false),
        ("{0||0|v*}", false),
        ("{0||0|vvv}", false),
        ("{^^^|vv}", false),
        ("{0||0|-3/2}", true),
        ("{0|||0||-1|-3}", true),
        ("{5||3|1|||0||||0}", true),
        ("{1|^^||^}", false),
        ("{1|^^^||^}", false),
        ("{3||2+*|1+*}", false),
        ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", false),
    ];
    for (text, expected) in rows {
        assert_eq!(g(text).is_number_tiny(), expected, "{text}");
    }
}
