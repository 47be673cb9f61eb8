//! Classic identities, comparisons and outcome classes, each derived by hand (derivations in the
//! comments; references: Berlekamp–Conway–Guy, *Winning Ways* (WW); Albert–Nowakowski–Wolfe,
//! *Lessons in Play* (LIP); Siegel, *Combinatorial Game Theory* (CGT)).

// These tests check the partial-order operators themselves, so they spell out comparisons
// that clippy would simplify (and negate `<=` deliberately: games can be incomparable).
#![allow(
    clippy::nonminimal_bool,
    clippy::double_comparisons,
    clippy::neg_cmp_op_on_partial_ord
)]

use crate::util::g;
use partizan::{Game, Outcome};
use std::cmp::Ordering::{Greater, Less};

fn zero() -> Game {
    Game::zero()
}

#[test]
fn star_two_is_the_mex() {
    // {0,*|0,*}: an impartial game whose options are *0 and *1, so by the mex rule it is *2.
    let s2 = Game::new([zero(), Game::star()], [zero(), Game::star()]);
    assert_eq!(s2, Game::nimber(2));
    assert_eq!(s2.to_string(), "*2");
    // *2 + *2 = 0 (every game is its own negative when impartial; G - G = 0).
    assert_eq!(s2 + s2, zero());
    // *2 + *3 = *1: 2 XOR 3 = 1 (Bouton).
    assert_eq!(Game::nimber(2) + Game::nimber(3), Game::star());
}

#[test]
fn up_and_friends() {
    // ↑ = {0|*} (WW ch. 3; LIP ch. 5).
    assert_eq!(g("{0|*}"), Game::up());
    // ↓ = -↑ = {*|0}.
    assert_eq!(g("{*|0}"), Game::down());
    assert_eq!(-Game::up(), Game::down());
    // ↑ + ↑ = ⇑, whose canonical form is {0|↑*} (LIP Table of infinitesimals).
    let double_up = Game::up() + Game::up();
    assert_eq!(double_up.to_string(), "^^");
    assert_eq!(double_up, g("{0|^*}"));
    // ↑ + * = ↑*, canonical form {0,*|0}.
    let up_star = Game::up() + Game::star();
    assert_eq!(up_star.to_string(), "^*");
    assert_eq!(up_star, g("{0,*|0}"));
    // {0|↑}: Left's move to 0 and Right's move to ↑; this is ⇑* (WW p. 70: ⇑* = {0|↑}).
    assert_eq!(g("{0|^}"), double_up + Game::star());
    assert_eq!(g("{0|^}").to_string(), "^^*");
    // ↑ + ↑ + ↑ = ⇑↑ = {0|⇑*}.
    assert_eq!(g("^+^+^"), g("{0|^^*}"));
}

#[test]
fn switches_and_numbers() {
    // ±1 + ±1 = 0: ±1 is its own negative, so the sum is G + (-G).
    let pm1 = g("{1|-1}");
    assert_eq!(pm1 + pm1, zero());
    assert_eq!(pm1.to_string(), "+-1");
    // 1/2 = {0|1} and 1/2 + 1/2 = 1 (WW ch. 1).
    let half = g("{0|1}");
    assert_eq!(
        half.as_number().map(ToString::to_string).as_deref(),
        Some("1/2")
    );
    assert_eq!(half + half, Game::integer(1));
    // {1|1} = 1 + * = 1* (number translation: {x|x} = x*).
    assert_eq!(g("{1|1}"), Game::integer(1) + Game::star());
    assert_eq!(g("{1|1}").to_string(), "1*");
    // {-1|1} = 0 (simplicity: 0 is the simplest number strictly between -1 and 1).
    assert_eq!(g("{-1|1}"), zero());
    // {0|} = 1, {|0} = -1, {1|} = 2, {|} = 0.
    assert_eq!(g("{0|}"), Game::integer(1));
    assert_eq!(g("{|0}"), Game::integer(-1));
    assert_eq!(g("{1|}"), Game::integer(2));
    assert_eq!(g("{|}"), zero());
    // {1/2|1} = 3/4, {1|2} = 3/2, {-1|0} = -1/2.
    assert_eq!(g("{1/2|1}").to_string(), "3/4");
    assert_eq!(g("{1|2}").to_string(), "3/2");
    assert_eq!(g("{-1|0}").to_string(), "-1/2");
    // {↓|1} = 0: the Left option ↓ is not >= 0, so 0 satisfies the simplicity condition.
    assert_eq!(g("{v|1}"), zero());
    // {↑|1} = 1/2: ↑ >= 0 rules 0 out; 1/2 is the simplest number left.
    assert_eq!(g("{^|1}").to_string(), "1/2");
    // {2|1} is a hot switch, printed as itself; {3|{2|1}} in the slash notation.
    assert_eq!(g("{2|1}").to_string(), "{2|1}");
    assert_eq!(g("{3|{2|1}}").to_string(), "{3||2|1}");
}

#[test]
fn reversible_options_are_bypassed() {
    // {↑|↓} = *: Left's ↑ reverses through its option * <= {↑|↓}... so Left's option becomes 0,
    // Right's symmetrically 0, giving {0|0} = * (LIP ch. 5).
    assert_eq!(g("{^|v}"), Game::star());
    // {↑*|↓*} = 0.
    assert_eq!(g("{^*|v*}"), zero());
    // {0, * | *} = ↑: Left's * reverses through 0 (0 <= {0,*|*} since Right moving first to * is
    // answered by Left's move to 0), and 0 has no Left options.
    assert_eq!(g("{0,*|*}"), Game::up());
    // {0|*3} = ↑ + *2 (↑*n = {0|*(n⊕1)} for n >= 2... here n = 2).
    assert_eq!(g("{0|*3}"), Game::up() + Game::nimber(2));
}

#[test]
fn repeated_options_change_nothing() {
    // {1 | 0, ↑*, 0} = {1 | 0, ↑*}: 0 and ↑* are confused, so Right keeps both; the game is hot
    // (stops 1 and 0), so nothing reverses. Repeating an option must not change the result.
    let expected = Game::new([Game::integer(1)], [zero(), g("^*")]);
    assert_eq!(
        Game::new([Game::integer(1)], [zero(), g("^*"), zero()]),
        expected
    );
    assert_eq!(expected.to_string(), "{1|0,^*}");
    assert_eq!(
        Game::new(
            [zero(), zero(), Game::star()],
            [zero(), Game::star(), Game::star()]
        ),
        Game::nimber(2)
    );
    assert_eq!(
        Game::new([g("1/2"), g("1/2")], [g("1/2*")]).to_string(),
        "1/2^"
    );
}

#[test]
fn comparisons() {
    let (up, star) = (Game::up(), Game::star());
    // ↑ || *: in ↑ - * = ↑*, the first player wins (↑* is fuzzy).
    assert_eq!(up.partial_cmp(&star), None);
    assert!(up.is_confused_with(&star));
    // ⇑ > *: ⇑* > 0 (WW: n·↑ + * > 0 for n >= 2).
    assert_eq!((up + up).partial_cmp(&star), Some(Greater));
    // ↑ > 0: Left wins moving first (to 0) and second (answering * with 0).
    assert!(up > zero());
    assert_eq!(zero().partial_cmp(&up), Some(Less));
    // * || 0.
    assert_eq!(star.partial_cmp(&zero()), None);
    // ±1 || 0.
    assert_eq!(g("+-1").partial_cmp(&zero()), None);
    // 1/2 < 1, -1 < ↓ < 0 < ↑ < 1/4.
    assert!(g("1/2") < Game::integer(1));
    assert!(Game::integer(-1) < Game::down() && Game::down() < zero());
    assert!(up < g("1/4"));
    // ↑ < ⇑; ↑ || ↑*... ↑ - ↑* = *, so they are confused.
    assert!(up < up + up);
    assert!(up.is_confused_with(&(up + star)));
    // {2|1} - x = {2-x | 1-x}: for x in [1, 2] the first player wins, so {2|1} is confused with
    // 1, 3/2 and 2; for x = 1/2 it is {3/2|1/2} > 0, for x = 5/2 it is {-1/2|-3/2} < 0.
    let h = g("{2|1}");
    assert!(h.is_confused_with(&Game::integer(1)));
    assert!(h.is_confused_with(&g("3/2")));
    assert!(h.is_confused_with(&Game::integer(2)));
    assert!(h > g("1/2") && h < g("5/2"));
}

#[test]
fn outcome_classes() {
    // 0 is a P-position; positive numbers and ↑ are Left wins; * and ±1 first-player wins.
    assert_eq!(zero().outcome(), Outcome::P);
    assert_eq!(Game::integer(2).outcome(), Outcome::L);
    assert_eq!(g("-1/2").outcome(), Outcome::R);
    assert_eq!(Game::up().outcome(), Outcome::L);
    assert_eq!(Game::down().outcome(), Outcome::R);
    assert_eq!(Game::star().outcome(), Outcome::N);
    assert_eq!(g("{1|-1}").outcome(), Outcome::N);
    assert_eq!(g("^*").outcome(), Outcome::N);
    assert_eq!(g("^^*").outcome(), Outcome::L);
    assert_eq!(g("*2").outcome(), Outcome::N);
    assert_eq!(g("{1|1}").outcome(), Outcome::L);
    assert_eq!((g("{1|-1}") + g("{1|-1}")).outcome(), Outcome::P);
    assert_eq!(g("{2|1}").outcome(), Outcome::L);
}

#[test]
fn predicates_and_parts() {
    let half = g("1/2");
    assert!(half.is_number() && !half.is_nimber() && !half.is_infinitesimal());
    assert_eq!(half.birthday(), 2u32.into());
    let s3 = g("*3");
    assert!(s3.is_nimber() && s3.is_impartial() && s3.is_infinitesimal());
    assert_eq!(s3.as_nimber(), Some(3));
    assert_eq!(s3.birthday(), 3u32.into());
    let up = Game::up();
    assert!(up.is_infinitesimal() && !up.is_number() && !up.is_nimber() && !up.is_impartial());
    assert_eq!(up.birthday(), 2u32.into());
    assert!(g("{1|-1}").is_switch() && g("{2|1}").is_switch());
    assert!(!g("{1|*}").is_switch() && !g("1*").is_switch());
    assert!(zero().is_number() && zero().is_nimber() && zero().is_infinitesimal());
    // Birthdays: ⇑ = {0|↑*} is born on day 3, {3||2|1} on day 4.
    assert_eq!(g("^^").birthday(), 3u32.into());
    assert_eq!(g("{3||2|1}").birthday(), 4u32.into());
}

#[test]
fn numbers_past_the_machine_word() {
    // 2^100 + 2^-100, typed in digits: exact, one dyadic, printed in lowest terms.
    let two100 = "1267650600228229401496703205376";
    let g: Game = format!("{two100} + 1/{two100}").parse().unwrap();
    let x = g.as_number().expect("a number");
    assert_eq!(x.exponent(), 100);
    let expected_num = num_bigint::BigInt::from(2u32).pow(200) + 1u32;
    assert_eq!(x.numerator(), expected_num);
    assert_eq!(g.to_string(), format!("{expected_num}/{two100}"));
    assert_eq!(g.to_string().parse::<Game>().unwrap(), g);
    // Its birthday is 2^100 + 101 (⌊x⌋ + 1 + 100).
    let b = num_bigint::BigUint::from(2u32).pow(100) + 101u32;
    assert_eq!(g.birthday(), b);
    // Arithmetic beyond i64 stays exact: (2^63) + (2^63) = 2^64, and comparing works.
    let big: Game = "9223372036854775808".parse().unwrap();
    assert_eq!((big + big).to_string(), "18446744073709551616");
    assert!(big > Game::integer(i64::MAX));
    // A sum of a huge number and a hot game translates exactly.
    let h: Game = format!("{{1|-1}} + {two100}").parse().unwrap();
    assert_eq!(h.left_stop().to_string(), "1267650600228229401496703205377");
}
