//! The expression language (`partizan::expr`): typed values, CGSuite's method names,
//! comparisons and precedence, errors, depth safety and robustness.
//!
//! Expected values are CGT facts derived by hand (each test says how), not the engine's output.

use crate::util::g;
use crate::util::random::check;
use partizan::algebra::limits::{catch, PRINT_LIMIT};
use partizan::expr::{self, evaluate, Error, Scope, Value, MAX_NESTING};
use partizan::Game;
use quickcheck::{Arbitrary, Gen};
use std::panic::AssertUnwindSafe;

/// The value of `s` as CGSuite would print it.
fn show(s: &str) -> String {
    match evaluate(s) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{s}: {e}"),
    }
}

fn error(s: &str) -> Error {
    match evaluate(s) {
        Ok(v) => panic!("{s:?} evaluated to {v}"),
        Err(e) => e,
    }
}

#[test]
fn values_print_as_cgsuite_prints_them() {
    // Lists as [a,b,c]: ↑* = {0,* | 0}.
    assert_eq!(show("{0,*|0}.LeftOptions"), "[0,*]");
    assert_eq!(show("{0,*|0}.RightOptions"), "[0]");
    assert_eq!(show("0.LeftOptions"), "[]");
    // Booleans as true/false.
    assert_eq!(show("1/2.IsNumber"), "true");
    assert_eq!(show("*.IsNumber"), "false");
    // Outcome classes as L, R, N, P: ↑ > 0, ↓ < 0, * and ±1 are fuzzy, 0 is a second-player win.
    for (s, o) in [
        ("^", "L"),
        ("v", "R"),
        ("*", "N"),
        ("{1|-1}", "N"),
        ("0", "P"),
    ] {
        assert_eq!(show(&format!("({s}).OutcomeClass")), o, "{s}");
    }
    // Numbers print as numbers.
    assert_eq!(show("{3|-2}.Mean"), "1/2");
    assert_eq!(evaluate("3").unwrap(), Value::Game(Game::integer(3)));
    // A thermograph prints as the CLI's thermograph text: {3|-2} has mean (3 + -2)/2 and
    // temperature (3 - -2)/2.
    let t = show("{3|-2}.Thermograph");
    assert!(
        t.starts_with("mean: 1/2\ntemperature: 5/2\nleft wall: "),
        "{t}"
    );
    // A string is a value too (it is how family arguments are written).
    assert_eq!(show("\"TT..FF\""), "\"TT..FF\"");
    // Unicode alternate form, also inside lists. The incentives of ↑ = {0|*} are 0 - ↑ = ↓ and
    // ↑ - * = ↑*, and ↑* - ↓ = ⇑* > 0, so only ↑* remains.
    assert_eq!(format!("{:#}", evaluate("^.Incentives").unwrap()), "[↑*]");
}

#[test]
fn methods_give_the_values_of_the_books() {
    let cases = [
        // Switch {a|b}: stops a and b, mean (a+b)/2, temperature (a-b)/2.
        ("{3|-2}.LeftStop", "3"),
        ("{3|-2}.RightStop", "-2"),
        ("{3|-2}.Temperature", "5/2"),
        // Integers have temperature -1 (CGSuite and Siegel's convention).
        ("4.Temperature", "-1"),
        // {3|-2} cooled by 5/2 is 1/2* (the mast is reached at t = 5/2: {1/2|1/2} = 1/2*).
        ("{3|-2}.Cool(5/2)", "1/2*"),
        // * heated by 1 is {0+1 | 0-1} = ±1.
        ("*.Heat(1)", "+-1"),
        // Atomic weight of ↑↑* is 2; of *: 0 (Siegel, CGT II.7: aw(n·↑ + *k) = n).
        ("^^*.AtomicWeight", "2"),
        ("*.AtomicWeight", "0"),
        // Birthdays: *2 = {0,*|0,*} is born on day 2, ↑ = {0|*} on day 2, 3 on day 3,
        // 1/2 = {0|1} on day 2.
        ("*2.Birthday", "2"),
        ("^.Birthday", "2"),
        ("3.Birthday", "3"),
        ("1/2.Birthday", "2"),
        // Norton multiplication by ↑ of the integer 3 is 3 copies of ↑.
        ("3.NortonMultiply(^)", "^3"),
        // Ordinal sums: the Hackenbush strings BR = 1:-1 = 1/2 and RB = -1:1 = -1/2.
        ("1.OrdinalSum(-1)", "1/2"),
        ("(-1).OrdinalSum(1)", "-1/2"),
        // The reduced canonical form ignores infinitesimals.
        ("(1/2 + ^).ReducedCanonicalForm", "1/2"),
        // The conjugate of ↑ = {0|*} is {*|0} = ↓.
        ("^.Conjugate", "v"),
        // {0|1} is the simplest number between 0 and 1.
        ("{0|1}.CanonicalForm", "1/2"),
        // Nim values: *5, and nim(3,5) = *(3 xor 5) = *6.
        ("*5.NimValue", "5"),
        ("nim(3,5).NimValue", "6"),
        // Incentives of ±1: 1 - ±1 = {2|0} for Left and ±1 - (-1) = {2|0} for Right.
        ("(+-1).Incentives", "[{2|0}]"),
        ("(+-1).LeftIncentives", "[{2|0}]"),
        ("(+-1).RightIncentives", "[{2|0}]"),
    ];
    for (s, value) in cases {
        assert_eq!(show(s), value, "{s}");
    }
    let predicates = [
        ("1/2.IsNumber", true),
        ("^.IsNumber", false),
        ("*3.IsNimber", true),
        ("0.IsNimber", true),
        ("^.IsNimber", false),
        ("^.IsInfinitesimal", true),
        ("(1/2).IsInfinitesimal", false),
        ("^*.IsAllSmall", true),
        ("{1|-1}.IsAllSmall", false),
        // Number plus infinitesimal: 1/2 + ↑ is, ±1 (stops 1 and -1) is not.
        ("(1/2 + ^).IsNumberish", true),
        ("{1|-1}.IsNumberish", false),
        ("{1|-1}.IsSwitch", true),
        ("^.IsSwitch", false),
        // Numbers are even-tempered, * = {0|0} is odd-tempered.
        ("2.IsEvenTempered", true),
        ("*.IsOddTempered", true),
        ("*.IsEvenTempered", false),
    ];
    for (s, truth) in predicates {
        assert_eq!(evaluate(s).unwrap(), Value::Boolean(truth), "{s}");
    }
}

/// Sample games, each with a value for the methods' parameters.
const SAMPLES: [&str; 6] = ["0", "^*", "{3|-2}", "+-1", "{1|*}", "*3"];

#[test]
fn every_method_answers_to_both_spellings() {
    for m in expr::methods() {
        let args = match m.params.len() {
            0 => String::new(),
            1 if m.name == "norton_product" => "(^)".to_string(),
            1 => "(1)".to_string(),
            _ => "(1, 2)".to_string(),
        };
        for game in SAMPLES {
            let results: Vec<Result<Value, String>> = m
                .spellings()
                .map(|name| {
                    evaluate(&format!("({game}).{name}{args}")).map_err(|e| {
                        // The same message, whichever spelling was used.
                        e.message().replace(name, "NAME")
                    })
                })
                .collect();
            assert!(
                results.windows(2).all(|w| w[0] == w[1]),
                "{} on {game}: {results:?}",
                m.name
            );
        }
        // A property works with and without parentheses.
        if m.params.is_empty() {
            let a = evaluate(&format!("^.{}", m.cgsuite));
            let b = evaluate(&format!("^.{}()", m.cgsuite));
            assert_eq!(a.is_ok(), b.is_ok(), "{}", m.cgsuite);
            if let (Ok(a), Ok(b)) = (a, b) {
                assert_eq!(a, b, "{}", m.cgsuite);
            }
        }
    }
}

#[test]
fn comparisons_are_booleans() {
    let truth = |s: &str| match evaluate(s) {
        Ok(Value::Boolean(b)) => b,
        other => panic!("{s}: {other:?}"),
    };
    // ↑ is confused with * (↑* is fuzzy), ⇑ > * (⇑* is positive), 0 < ↑, ±1 is confused with 0.
    assert!(truth("^ <> *"));
    assert!(truth("^ <| *") && truth("^ |> *"));
    assert!(!truth("^ < *") && !truth("^ > *") && !truth("^ == *"));
    assert!(truth("^^ > *") && truth("^^ >= *") && truth("^^ |> *"));
    assert!(!truth("^^ <| *") && !truth("^^ <= *"));
    assert!(truth("0 < ^") && truth("0 <= ^") && truth("0 != ^"));
    assert!(truth("{1|-1} <> 0"));
    assert!(truth("{0|0} == *"));
    // 1 > ↑: not less than or confused with it.
    assert!(!truth("1 <| ^") && truth("1 |> ^"));
    // Comparisons bind looser than + and -: 1 + 1 == 2 is (1 + 1) == 2.
    assert!(truth("1 + 1 == 2"));
    assert!(truth("1/2 + 1/2 - 1 == 0"));
    // == and != compare any two values; the order only games.
    assert!(truth("(1 < 2) == (0 < 1)"));
    assert!(truth("^.Incentives == {0|*}.Incentives"));
    let e = error("^.Incentives < 1");
    assert!(
        e.message()
            .contains("'<' compares games, not a list with a number"),
        "{e}"
    );
    // `<|` and `|>` lex as comparisons, also touching their operands, and `^<=^` is ↑ <= ↑.
    assert!(truth("^<|*") && truth("^|>*") && truth("^<=^"));
    // Inside braces a comparison needs parentheses (the bars would be ambiguous).
    assert!(error("{1 < 2 | 0}")
        .message()
        .contains("expected ',' or '|'"));
}

#[test]
fn precedence_is_cgscript_s() {
    // ':' binds tighter than '+': 1:-1 + 1 = 1/2 + 1.
    assert_eq!(show("1:-1 + 1"), "3/2");
    // Unary minus binds tighter than ':': -1:1 is RB = -1/2.
    assert_eq!(show("-1:1"), "-1/2");
    // ':' is left-associative: 1:1:1 = (1:1):1 = 2:1 = 3 (BBB).
    assert_eq!(show("1:1:1"), "3");
    // The operand of a binary +- is an ordinal sum: 3 +- 1:1 = 3 ± 2 = {5|1}.
    assert_eq!(show("3 +- 1:1"), "{5|1}");
    // Methods bind tighter than unary minus: -{3|-2}.Mean = -(1/2).
    assert_eq!(show("-{3|-2}.Mean"), "-1/2");
    // ...and than '+': {3|-2} + *.Incentives adds a list, an error that suggests the brackets.
    let e = error("{3|-2} + *.Incentives");
    assert!(
        e.message().ends_with(
            "a method applies to the term just before it, so write ({3|-2} + *).Incentives"
        ),
        "{e}"
    );
    // G : H is G.OrdinalSum(H).
    assert_eq!(
        evaluate("*:1").unwrap(),
        evaluate("*.OrdinalSum(1)").unwrap()
    );
    // *:1 = {0, *:0 | 0} = {0,*|0} = ↑*.
    assert_eq!(show("*:1"), "^*");
}

#[test]
fn products_lists_and_indices_read_as_cgscript_reads_them() {
    // n * G is G + ... + G (n copies): 3·↑ = ↑↑↑, −2·(↑*) = ↓* + ↓* = ⇓ (* + * = 0).
    assert_eq!(show("3 * ^"), "^3");
    assert_eq!(show("^ * 3"), "^3");
    assert_eq!(show("-2 * ^*"), "vv");
    assert_eq!(show("0 * {3|-2}"), "0");
    // {3|-2} = 1/2 ± 5/2 and ±x + ±x = 0, so 3·{3|-2} = 3/2 ± 5/2 = {4|-1}, 1000·{3|-2} = 500.
    assert_eq!(show("3 * {3|-2}"), "{4|-1}");
    assert_eq!(show("1000 * {3|-2}"), "500");
    // A multiple of ↑* is computed on its parts: an even multiple loses the star.
    assert_eq!(show("1000000000000 * ^*"), "^1000000000000");
    // Two numbers multiply.
    assert_eq!(show("2 * 3"), "6");
    assert_eq!(show("1/2 * 3/4"), "3/8");
    assert_eq!(show("-1/2 * -1/2"), "1/4");
    // '*' binds tighter than ':' (6:1 = 7, 1:6 = 7) and '+', looser than methods.
    assert_eq!(show("2 * 3 : 1"), "7");
    assert_eq!(show("1 : 2 * 3"), "7");
    assert_eq!(show("1 + 2 * 3"), "7");
    assert_eq!(show("2 * {3|-2}.Mean"), "1");
    // Glued to a number, or with its digits, '*' is a nimber as the printer writes it.
    assert_eq!(show("2*3"), "2*3");
    assert_eq!(show("2* + 1"), "3*");
    let e = error("2 *3");
    assert!(
        e.message().contains("a + *n") && e.message().contains("a * n"),
        "{e}"
    );
    let e = error("^ * ^");
    assert!(e.message().contains("NortonMultiply"), "{e}");
    let e = error("9223372036854775807 * ^^");
    assert!(e.message().contains("at most 2^63 - 1"), "{e}");

    // Lists read back as they print, and index from 1.
    assert_eq!(show("[1, ^, {3|-2}]"), "[1,^,{3|-2}]");
    assert_eq!(show("[]"), "[]");
    assert_eq!(show("[1, ^, {3|-2}][3]"), "{3|-2}");
    assert_eq!(show("[[1, 2], [3]][1][2]"), "2");
    assert_eq!(show("[1, ^, *].Size"), "3");
    assert_eq!(show("{3|-2}.LeftOptions[1]"), "3");
    assert_eq!(show("[true, false]"), "[true,false]");
    // A position in a list stays a position: misère Nim 1,2,3 is a P-position (Bouton).
    assert_eq!(show("[nim(1, 2, 3)][1].MisereOutcomeClass"), "P");
    for (input, says) in [
        ("[1,2][3]", "3 is out of range: the list has 2 elements"),
        ("[1,2][0]", "0 is out of range"),
        ("[1,2][1/2]", "the index must be an integer, not 1/2"),
        ("3[1]", "picks an element of a list"),
        ("[1 2]", "expected ',' or ']'"),
        ("[1,2", "expected ',' or ']'"),
    ] {
        let e = error(input);
        assert!(e.message().contains(says), "{input}: {e}");
    }
}

#[test]
fn an_integer_multiple_is_a_repeated_sum() {
    fn law(x: WellFormed, n: i8) -> bool {
        let n = n % 5;
        let copies = vec![format!("({})", x.0); n.unsigned_abs() as usize];
        let sum = match n {
            0 => "0".to_string(),
            n if n > 0 => copies.join(" + "),
            _ => format!("-({})", copies.join(" + ")),
        };
        match (evaluate(&format!("{n} * ({})", x.0)), evaluate(&sum)) {
            (Ok(a), Ok(b)) => a == b,
            (Err(_), Err(_)) => true,
            _ => false,
        }
    }
    let (gen, _seed) = crate::util::random::seeded();
    quickcheck::QuickCheck::new()
        .tests(200)
        .rng(gen)
        .quickcheck(law as fn(WellFormed, i8) -> bool);
}

#[test]
fn errors_say_where_and_what() {
    // A syntax error is found before anything is evaluated: the call is never made.
    let e = error("{cutcake(120,120)");
    assert!(matches!(e, Error::Syntax { position: 17, .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "at byte 17 of \"{cutcake(120,120)\": expected ',' or '}'"
    );
    // Names are resolved before evaluation: the unknown function is reported, not the atomic
    // weight of the hot game {3|-2} (which has none) to its left.
    let e = error("{3|-2}.AtomicWeight + nimm(3)");
    assert!(e.message().starts_with("unknown function 'nimm'"), "{e}");
    assert_eq!(e.position(), 22);
    // Evaluation errors point at the failing call, with its span.
    let e = error("1 + queen(-1,2)");
    match &e {
        Error::Eval { span, message, .. } => {
            assert_eq!((span.start, span.end), (4, 15));
            assert!(
                message.starts_with("queen: x must be non-negative"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Methods: the number of arguments; an unknown name near known ones gets them, a name near
    // none the list of known ones.
    assert_eq!(
        error("{3|-2}.Cool").message(),
        "Cool takes 1 argument: G.Cool(t)"
    );
    assert_eq!(
        error("^.overheat(1)").message(),
        "overheat takes 2 arguments: G.overheat(s, t)"
    );
    assert_eq!(
        error("^.ConwayProdukt(^)").message(),
        "unknown method 'ConwayProdukt'; did you mean ConwayProduct or conway_product?"
    );
    // Without a near name, the message says where the methods are listed instead of listing
    // them all on one line.
    assert_eq!(
        error("^.Xyzzy(^)").message(),
        "unknown method 'Xyzzy', and no method is spelt like it (docs/NOTATION.md, Methods, lists them)"
    );
    assert!(error("^.NimValue").message().contains("not a nimber"));
    assert!(error("Tiny(1, 2)")
        .message()
        .contains("Tiny takes 1 argument: Tiny(G)"));
    assert!(error("1 < 2 < 3")
        .message()
        .starts_with("comparisons do not chain"));
    // A game is required where one is expected (a list of games among the options stands for
    // its elements, as in CGSuite: ↑'s incentives are [↑*], so {^.Incentives | 0} is {^* | 0}).
    assert!(error("{\"a\" | 0}")
        .message()
        .contains("an option must be a game, not a string"));
    assert_eq!(
        evaluate("{^.Incentives | 0} == {^* | 0}").unwrap(),
        Value::Boolean(true)
    );
    assert!(error("nim(1 < 2)")
        .message()
        .contains("must be a game or a string, not a boolean"));
    // FromStr knows no families, and wants a game.
    let e = "nim(3)".parse::<Game>().unwrap_err();
    assert!(e.message().contains("unknown function 'nim'"), "{e}");
    let e = "1 < 2".parse::<Game>().unwrap_err();
    assert!(
        e.message()
            .contains("expected a game, but the expression is a boolean"),
        "{e}"
    );
    // Error is a std::error::Error.
    let boxed: Box<dyn std::error::Error> = Box::new(error("+"));
    assert!(boxed.to_string().starts_with("at byte 0 of \"+\""));
}

/// An error's `Display` is one line even when its message quotes source text that spans lines
/// (white space between tokens may be a line break). Found by the fuzzer: the message of
/// `6\n\n.left_incentives\n+ ±1` quoted the term `6\n\n.left_incentives` with its line
/// breaks. The message itself keeps the source text as written.
#[test]
fn errors_display_on_one_line() {
    let e = error("1 + (1 <\n 2)");
    assert_eq!(e.message(), "'+' needs games, but (1 <\n 2) is a boolean");
    assert_eq!(
        e.to_string(),
        r#"at byte 4 of "1 + (1 <\n 2)": '+' needs games, but (1 <\n 2) is a boolean"#
    );
    let e = error("1 - (^\t.IsNumber)");
    assert_eq!(e.to_string().lines().count(), 1, "{e}");
    assert!(e.to_string().contains(r"\t"), "{e}");
}

#[test]
fn the_syntax_tree_has_spans() {
    use partizan::expr::{ExprKind, Sign};
    let e = expr::parse("1 + {2|*}.Mean").unwrap();
    let ExprKind::Sum(terms) = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!((e.span.start, e.span.end), (0, 14));
    assert_eq!(terms[0].0, Sign::Plus);
    let ExprKind::Methods(receiver, calls) = &terms[1].1.kind else {
        panic!("{e:?}")
    };
    assert_eq!((receiver.span.start, receiver.span.end), (4, 9));
    assert_eq!(calls[0].name, "Mean");
    assert_eq!((calls[0].name_span.start, calls[0].span.end), (10, 14));
    // Parsing resolves no names: an unknown function is a well-formed call.
    assert!(expr::parse("nimm(3)").is_ok());
    assert!(expr::evaluate_in("nimm(3)", Scope::Families).is_err());
}

/// Runs `f` on a thread with a 2 MiB stack, the default of `std::thread::spawn`.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn a thread")
        .join()
        .expect("no stack overflow")
}

/// Each nesting construct repeated `n` times, with the value at `n = MAX_NESTING` where it is
/// evaluated (`None`: parsed only).
fn nested(construct: &str, n: usize) -> String {
    match construct {
        // {G|} = G + 1 for an integer G: n levels around 0 give n.
        "braces" => format!("{}0{}", "{".repeat(n), "|}".repeat(n)),
        // {0 |n| 0 |n-1| ... |1| 0} = {0|{0|...{0|0}}}: the outer braces and n - 1 nested sides.
        "bar runs" => {
            let mut s = "{0".to_string();
            for k in (1..=n).rev() {
                s += &"|".repeat(k);
                s += "0";
            }
            s + "}"
        }
        "parentheses" => format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        "minus" => format!("{}^", "-".repeat(n)),
        "plus-minus" => format!("{}1", "+-".repeat(n)),
        "Tiny" => format!("{}0{}", "Tiny(".repeat(n), ")".repeat(n)),
        "calls" => format!("{}0{}", "nim(".repeat(n), ")".repeat(n)),
        "methods" => format!("{}0{}", "0.Heat(".repeat(n), ")".repeat(n)),
        "mixed" => format!("{}1{}", "-(".repeat(n / 2), ")".repeat(n / 2)),
        "lists" => format!("{}1{}", "[".repeat(n), "]".repeat(n)),
        _ => unreachable!(),
    }
}

#[test]
fn nesting_is_limited_uniformly_and_fits_a_2_mib_stack() {
    let n = MAX_NESTING;
    assert_eq!(n, 1000);
    // The values at the limit, derived by hand: n braces give n; parentheses change nothing;
    // an even number of minus signs gives ↑ back; ±(±1) = {±1|±1} = 0, ±0 = *, ±* = {*|*} = 0,
    // so an even number n >= 2 of ± gives 0; nim(0) = 0; 0 heated by 0 is 0; -(-(...1)) with
    // n/2 = 500 minus signs is 1.
    let cases: [(&str, Option<&str>); 10] = [
        ("braces", Some("1000")),
        ("bar runs", None),
        ("parentheses", Some("1")),
        ("minus", Some("^")),
        ("plus-minus", Some("0")),
        ("Tiny", Some("")),
        ("calls", Some("0")),
        ("methods", Some("0")),
        ("mixed", Some("1")),
        ("lists", Some("")),
    ];
    for (construct, value) in cases {
        let (at_limit, beyond) = on_small_stack(move || {
            let at = nested(construct, n);
            let at_limit = match value {
                None => expr::parse(&at).map(|_| String::new()),
                Some(_) => evaluate(&at).map(|v| v.to_string()),
            };
            let beyond = match construct {
                "mixed" => nested(construct, n + 2),
                _ => nested(construct, n + 1),
            };
            (at_limit, expr::parse(&beyond).map(|_| ()))
        });
        match (value, at_limit) {
            (_, Err(e)) => panic!("{construct} at the limit: {e}"),
            // Tiny(Tiny(...)) is a deep game; only its evaluation is checked.
            (Some(""), Ok(_)) | (None, Ok(_)) => {}
            (Some(v), Ok(got)) => assert_eq!(got, v, "{construct}"),
        }
        let e = beyond.expect_err(construct);
        assert!(
            e.message().starts_with("nesting deeper than 1000 levels"),
            "{construct}: {e}"
        );
    }
}

#[test]
fn long_flat_inputs_do_not_nest() {
    // Sums, ordinal sums and method chains are flat however long.
    let results = on_small_stack(|| {
        let sum = format!("0{}", "+1".repeat(100_000));
        let colon = format!("1{}", ":1".repeat(2_000));
        let chain = format!("1{}", ".Mean".repeat(100_000));
        let deep = "{".repeat(100_000);
        let parens = "(".repeat(100_000);
        let minus = format!("{}1", "-".repeat(100_000));
        [
            evaluate(&sum).map(|v| v.to_string()),
            evaluate(&colon).map(|v| v.to_string()),
            evaluate(&chain).map(|v| v.to_string()),
            evaluate(&deep).map(|v| v.to_string()),
            evaluate(&parens).map(|v| v.to_string()),
            evaluate(&minus).map(|v| v.to_string()),
        ]
    });
    // 1:1:...:1 (BB...B, 2001 blue edges) is 2001.
    let expected = ["100000", "2001", "1"];
    for (r, v) in results.iter().zip(expected) {
        assert_eq!(r.as_deref().ok(), Some(v), "{r:?}");
    }
    for r in &results[3..] {
        let e = r.as_ref().expect_err("too deep");
        assert!(e.message().starts_with("nesting deeper"), "{e}");
    }
}

#[test]
fn no_input_panics() {
    let inputs = [
        "",
        "   ",
        "+",
        "-",
        "+-",
        "±",
        ":",
        "<",
        "==",
        "=",
        "!",
        ".",
        ",",
        "|",
        "||",
        "|>",
        "}",
        ")",
        "(",
        "{",
        "{|",
        "{||}",
        "\"",
        "nim(\"",
        "é",
        "↑↑",
        "€1",
        "\u{0}",
        "1.",
        "1..5",
        ".5",
        "1/",
        "1/0",
        "^<",
        "^<0>",
        "^[99999999999]",
        "v<",
        "*99999999999999999999999",
        "^99999999999999999999",
        "^1099511627777",
        "99999999999999999999999999999999999999",
        "1/340282366920938463463374607431768211456",
        "2Tiny",
        "2Tiny(",
        "Tiny",
        "x = 1",
        "nim(p=)",
        "nim(p=1=2)",
        "1 +- {2,1} : 3",
        "{1|2|3|4}",
        "-{}",
        "+-{1,2}.Mean",
        "G.Mean",
        "^.",
        "^.(1)",
        "^.Cool(\"x\")",
        "^.Cool(^)",
        "^.Cool(-1)",
        "\"a\" + 1",
        "\"a\".Mean",
        "^.Thermograph + 1",
        "(1 < 2).Mean",
    ];
    for s in inputs {
        // Either a value or a one-line error naming a byte of the input.
        match evaluate(s) {
            Ok(_) => {}
            Err(e) => {
                assert!(e.position() <= s.len(), "{s:?}: {e}");
                assert_eq!(e.to_string().lines().count(), 1, "{s:?}: {e}");
            }
        }
    }
    assert!(error("*99999999999999999999999")
        .message()
        .contains("too large"));
    // Numbers of any size are fine.
    assert_eq!(
        show("99999999999999999999999999999999999999 - 99999999999999999999999999999999999998"),
        "1"
    );
    let tiny_number = "1/340282366920938463463374607431768211456"; // 2^-128
    assert_eq!(show(tiny_number), tiny_number);
}

/// Printing writes a form out as a tree, so a value whose followers are shared can have a
/// notation exponentially longer than itself; beyond `PRINT_LIMIT` characters printing is
/// refused in one line (the library unwinds with the limit, the CLI exits with status 2). The
/// case is the ordinal sum `*2 : x` (Siegel, *Combinatorial Game Theory*, ch. II, ordinal sums:
/// `G : H = {G^L, G : H^L | G^R, G : H^R}`) with `x` a number with a 101-bit denominator; the
/// number of options its notation writes out is counted here from the options alone (values
/// `x + n·↑ + *k` print as atoms), a lower bound on its length.
#[test]
fn a_notation_beyond_the_limit_is_refused() {
    // A Game hashes by its handle; its interior mutability is the lazily listed options.
    #[allow(clippy::mutable_key_type)]
    fn written_options(g: Game, memo: &mut std::collections::HashMap<Game, u128>) -> u128 {
        if g.is_nus() {
            return 1;
        }
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        let options = g.left_options().iter().chain(g.right_options());
        let n = options.fold(1u128, |n, &o| n.saturating_add(written_options(o, memo)));
        memo.insert(g, n);
        n
    }
    let text = "*2:-12345678901234567891/2535301200456458802993406410752";
    let huge = g(text);
    assert!(written_options(huge, &mut Default::default()) > PRINT_LIMIT as u128);
    let refused = catch(AssertUnwindSafe(|| huge.to_string())).expect_err("refused");
    assert!(
        refused.to_string().contains("longer than the limit"),
        "{refused}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["eval", text])
        .output()
        .expect("run partizan");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("at byte 0 of") && err.contains("longer than the limit"),
        "{err}"
    );
    // The same sum with a short denominator prints, and reads back.
    let small = g("*2:-5/16");
    assert_eq!(small.to_string().parse::<Game>(), Ok(small));
}

/// A literal whose value needs a form beyond the algebra's limits is an error at the literal,
/// like any other step of the evaluation. Found by the fuzzer: `^<2>*65537` is ↑² + *65537, a
/// sum that needs the options of *65537 and of the nimbers below it (beyond
/// `NIMBER_FOLLOWERS_LIMIT`), and the limit once unwound out of `evaluate` because literals were
/// built outside the evaluator's catch.
#[test]
fn literals_beyond_the_limits_are_errors_at_the_literal() {
    use partizan::algebra::limits::NIMBER_FOLLOWERS_LIMIT;
    for (s, at) in [
        ("^<2>*65537", 0),
        ("1 + v[3]*65537", 4),
        ("{0|^<2>*65537}", 3),
    ] {
        let e = error(s);
        assert_eq!(e.position(), at, "{e}");
        assert!(
            e.message().contains(&NIMBER_FOLLOWERS_LIMIT.to_string()),
            "{e}"
        );
    }
    // Below the limit the literal is the sum of its parts: ↑² + *2 = ↑² + * + *3 (* + *3 = *2).
    assert_eq!(g("^<2>*2"), g("^<2>*") + g("*3"));
}

/// A random string of tokens, most of them meaningless together, including huge literals (whose
/// expansions the algebra refuses beyond its limits: integers beyond 2^64, dyadics with
/// 100-bit denominators, nimbers up to 2^64 − 1, up multiples at and beyond ±(2^63 − 1)) and,
/// now and then, deep nesting: unbalanced up to beyond the parser's limit, or balanced around
/// the soup at `MAX_NESTING` ± 3 (`fuzz/` drives the same round trip on arbitrary bytes).
#[derive(Clone, Debug)]
struct Soup(String);

impl Arbitrary for Soup {
    fn arbitrary(g: &mut Gen) -> Soup {
        const PIECES: &[&str] = &[
            "{",
            "}",
            "|",
            "||",
            ",",
            "(",
            ")",
            "+",
            "-",
            "+-",
            "±",
            "*",
            "^",
            "v",
            "↑",
            "0",
            "1",
            "2",
            "1/2",
            "3/8",
            "*2",
            "^<2>",
            "v[3]",
            ".",
            ".Mean",
            ".Cool(1)",
            ".Incentives",
            ".LeftOptions",
            ".IsNumber",
            "Mean",
            ":",
            "<",
            "<=",
            "==",
            "<|",
            "|>",
            "<>",
            "Tiny(",
            "Miny",
            "nim(",
            "\"",
            "\"ab\"",
            "é",
            " ",
            "=",
            "p=",
            "*99999999999999999999",
            "1.5",
            "/",
            "_",
            "x",
            "2Tiny(",
            "-1/2v*",
            "^99999999999999999999",
            "99999999999999999999",
            "^1099511627776",
            "*65537",
            "v1099511627776*3",
            "-99999999999999999999/1024",
            "123456789012345678901234567890",
            "-340282366920938463463374607431768211457",
            "1/1267650600228229401496703205376",
            "-12345678901234567891/2535301200456458802993406410752",
            "0.000000000000000000000000000001",
            "*18446744073709551615",
            "*18446744073709551614",
            "*9223372036854775808",
            "^9223372036854775807",
            "v9223372036854775807",
            "^9223372036854775808",
            "^-9223372036854775808",
            "9223372036854775807^9223372036854775807*18446744073709551615",
            "-9223372036854775808v9223372036854775807",
        ];
        let n = usize::arbitrary(g) % 14;
        let soup: String = (0..n).map(|_| *g.choose(PIECES).expect("pieces")).collect();
        match u8::arbitrary(g) % 20 {
            // Openers alone, up to beyond the nesting limit.
            0 => {
                let opener = *g
                    .choose(&["(", "{", "-(", "Tiny(", "{0|", "+-("])
                    .expect("openers");
                let depth = usize::arbitrary(g) % (MAX_NESTING + 100);
                Soup(format!("{}{soup}", opener.repeat(depth)))
            }
            // Balanced nesting right at the limit (an expression nested that deep may evaluate).
            1 => {
                let (open, close) = *g
                    .choose(&[
                        ("(", ")"),
                        ("-(", ")"),
                        ("+(", ")"),
                        ("{", "|}"),
                        ("{0|", "}"),
                        ("{|", "}"),
                    ])
                    .expect("pairs");
                let depth = MAX_NESTING - 3 + usize::arbitrary(g) % 7;
                let inner = if soup.is_empty() { "0" } else { &soup };
                Soup(format!(
                    "{}{inner}{}",
                    open.repeat(depth),
                    close.repeat(depth)
                ))
            }
            _ => Soup(soup),
        }
    }
}

/// A random well-formed expression whose games stay small.
#[derive(Clone, Debug)]
struct WellFormed(String);

fn well_formed(g: &mut Gen, depth: u32) -> String {
    const ATOMS: &[&str] = &[
        "0",
        "1",
        "-1",
        "2",
        "1/2",
        "-3/4",
        "*",
        "*2",
        "^",
        "v",
        "^*",
        "2^",
        "-1/2v*",
        "^<2>",
        "v[2]",
        "+-1",
        "{1|*}",
        "Tiny(1)",
        "2Miny(1/2)",
        "{3||2|1}",
        "{|}",
    ];
    const METHODS: &[&str] = &[
        ".Mean",
        ".LeftStop",
        ".Cool(1)",
        ".Heat(1)",
        ".ReducedCanonicalForm",
        ".Conjugate",
        ".CanonicalForm",
        ".OrdinalSum(1)",
        ".rcf()",
        ".Temperature",
    ];
    let atom = |g: &mut Gen| g.choose(ATOMS).expect("atoms").to_string();
    if depth == 0 {
        return atom(g);
    }
    let sub = |g: &mut Gen| well_formed(g, depth - 1);
    match u8::arbitrary(g) % 10 {
        0 => atom(g),
        1 => {
            let l = usize::arbitrary(g) % 3;
            let r = usize::arbitrary(g) % 3;
            let left: Vec<String> = (0..l).map(|_| sub(g)).collect();
            let right: Vec<String> = (0..r).map(|_| sub(g)).collect();
            format!("{{{}|{}}}", left.join(","), right.join(","))
        }
        2 => format!("{} + {}", sub(g), sub(g)),
        3 => format!("{} - ({})", sub(g), sub(g)),
        4 => format!("-({})", sub(g)),
        5 => format!("+-({})", sub(g)),
        6 => format!("({}):({})", sub(g), sub(g)),
        7 => format!("({}){}", sub(g), g.choose(METHODS).expect("methods")),
        8 => format!("{} * ({})", i8::arbitrary(g) % 4, sub(g)),
        _ => format!("Tiny({})", sub(g)),
    }
}

impl Arbitrary for WellFormed {
    fn arbitrary(g: &mut Gen) -> WellFormed {
        let depth = u32::arbitrary(g) % 3;
        WellFormed(well_formed(g, depth))
    }
}

/// For every game the input evaluates to (also inside a list), printing and parsing give it
/// back (ASCII and Unicode); other values print; an error is one line pointing inside the input.
fn round_trips(s: &str) -> bool {
    match expr::evaluate_in(s, Scope::Families) {
        Ok(value) => value_round_trips(&value),
        Err(e) => e.position() <= s.len() && e.to_string().lines().count() == 1,
    }
}

fn value_round_trips(value: &Value) -> bool {
    match value {
        Value::Game(game) => {
            // A form that shares its followers may print longer than the printer's limit, which
            // it refuses in one line.
            let printed = catch(AssertUnwindSafe(|| (game.to_string(), format!("{game:#}"))));
            let (ascii, unicode) = match printed {
                Ok(texts) => texts,
                Err(limit) => return limit.to_string().lines().count() == 1,
            };
            let ascii = ascii.parse::<Game>();
            let unicode = unicode.parse::<Game>();
            // A form of birthday above MAX_NESTING / 2 may print deeper than the parser accepts
            // (each level prints as at most two levels of nesting); the parser says so.
            let deep =
                2 * u64::try_from(game.birthday()).unwrap_or(u64::MAX) + 1 > MAX_NESTING as u64;
            let refused = |r: &Result<Game, Error>| {
                deep && matches!(r, Err(e) if e.message().starts_with("nesting deeper than"))
            };
            (ascii == Ok(*game) || refused(&ascii)) && (unicode == Ok(*game) || refused(&unicode))
        }
        // A list of games reads back as the same list.
        Value::List(items) if items.iter().all(|v| matches!(v, Value::Game(_))) => {
            items.iter().all(value_round_trips)
                && catch(AssertUnwindSafe(|| value.to_string())).map_or(true, |text| {
                    evaluate(&text).is_ok_and(|back| back == *value)
                })
        }
        Value::List(items) => items.iter().all(value_round_trips),
        other => {
            // Printing must not panic (but for the length limit); what it prints is checked
            // elsewhere.
            let _ = catch(AssertUnwindSafe(|| {
                (other.to_string(), format!("{other:#}"))
            }));
            true
        }
    }
}

#[test]
fn random_token_soup_never_panics() {
    check(10_000, |s: Soup| round_trips(&s.0));
}

#[test]
fn random_well_formed_expressions_evaluate_and_round_trip() {
    check(10_000, |s: WellFormed| {
        // Well-formed: no syntax error (evaluation may fail, e.g. cooling a number too much).
        !matches!(evaluate(&s.0), Err(Error::Syntax { .. })) && round_trips(&s.0)
    });
    // A few by hand: ↑ + ↑ = ⇑, and Tiny(1) : 1.
    assert_eq!(g("^ + ^"), g("^^"));
}

#[test]
fn the_notation_lists_every_method_under_every_name() {
    let notation = include_str!("../../docs/NOTATION.md");
    for m in expr::methods() {
        let params = if m.params.is_empty() {
            String::new()
        } else {
            format!("({})", m.params.join(", "))
        };
        let row = notation
            .lines()
            .find(|l| l.starts_with(&format!("| `{}{params}`", m.name)))
            .unwrap_or_else(|| panic!("no row in docs/NOTATION.md for {}", m.name));
        for name in m.spellings() {
            assert!(row.contains(&format!("`{name}{params}`")), "{name}: {row}");
        }
    }
}

#[test]
fn the_cli_prints_values() {
    let eval = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_partizan"))
            .arg("eval")
            .args(args)
            .output()
            .expect("run partizan");
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    assert_eq!(eval(&["^ <| *"]), "true\n");
    assert_eq!(eval(&["(+-1).OutcomeClass"]), "N\n");
    // A list as CGSuite prints it (↑* = {0,*|0}); as JSON, an array.
    assert_eq!(eval(&["{0,*|0}.LeftOptions"]), "[0,*]\n");
    assert_eq!(eval(&["--json", "{0,*|0}.LeftOptions"]), "[\"0\",\"*\"]\n");
    assert_eq!(eval(&["--json", "^ < ^^"]), "true\n");
    assert_eq!(eval(&["--unicode", "^.Incentives"]), "[↑*]\n");
    assert!(eval(&["{3|-2}.Thermograph"]).starts_with("mean: 1/2\ntemperature: 5/2\n"));
}

/// Explicit games, written in quotes, are kept as written until their canonical form is asked
/// for (CGSuite's explicit games), so that the operations defined on forms can be applied to them;
/// a compound with an explicit operand is kept as written too, and prints as CGSuite prints it.
/// Every expected value is derived by hand from the definitions:
/// - the ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Siegel, *Combinatorial Game
///   Theory*, ch. II, ordinal sums) depends on the form of `G`: with `G = {*|*}` (value 0) and
///   `H = 1 = {0|}`, `G : 1 = {*, G : 0 | *} = {*, 0 | *} = ↑`, while `0 : 1 = 1`; with
///   `G = {-1|1}`, `G : 1 = {-1, 0 | 1} = 1/2`;
/// - the conjunctive compound (Winning Ways ch. 9: move in every component, and the compound
///   ends when any component ends): `{*|*} ∧ *` has the single move, for either player, to
///   `* ∧ 0 = 0`, so it is `{0|0} = *`, while `0 ∧ * = 0`;
/// - the selective compound (Winning Ways ch. 14: move in any non-empty set of components):
///   `{*|*} ∨ *` moves to `* ∨ * = {0,*|0,*} = *2` (both), `{*|*} ∨ 0 = {*|*} = 0` and
///   `* ∨ 0 = *`, so it is `{0,*,*2 | 0,*,*2} = *3`, while `0 ∨ * = *`.
#[test]
fn explicit_forms_are_kept_as_written() {
    assert_eq!(show("'{*|*}'"), "'{*|*}'");
    assert_eq!(show("'{*|*}' : 1"), "'{*|*}' : 1");
    assert_eq!(show("('{*|*}' : 1).CanonicalForm"), "^");
    assert_eq!(show("'{*|*}'.OrdinalSum(1)"), "'{*|*}' : 1");
    assert_eq!(show("'{*|*}'.OrdinalSum(1).CanonicalForm"), "^");
    assert_eq!(show("{*|*} : 1"), "1");
    assert_eq!(show("('{-1|1}' : 1).CanonicalForm"), "1/2");
    assert_eq!(
        show("'{*|*}'.ConjunctiveSum(*)"),
        "'{*|*}' ConjunctiveSum *"
    );
    assert_eq!(show("'{*|*}'.ConjunctiveSum(*).CanonicalForm"), "*");
    assert_eq!(show("{*|*}.ConjunctiveSum(*)"), "0");
    assert_eq!(show("*.ConjunctiveSum('{*|*}').CanonicalForm"), "*");
    assert_eq!(show("'{*|*}'.SelectiveSum(*).CanonicalForm"), "*3");
    assert_eq!(show("{*|*}.SelectiveSum(*)"), "*");
    // Every other method takes the canonical form; games compare by value.
    assert_eq!(show("'{*|*}'.CanonicalForm"), "0");
    assert_eq!(show("'{*|*}' + 1"), "'{*|*}' + 1");
    assert_eq!(show("('{*|*}' + 1).CanonicalForm"), "1");
    assert_eq!(show("'{1|-1}'.Temperature"), "1");
    assert_eq!(show("'{*|*}' == 0"), "true");
    // The options of an explicit game are forms; a leaf is a canonical game.
    assert_eq!(show("'{{*|*}|0}'.LeftOptions"), "['{*|*}']");
    assert_eq!(show("'{{*|*}|0}'.RightOptions"), "[0]");
    assert_eq!(show("'{{*|*}|0}'"), "'{'{*|*}'|0}'");
    // What prints parses back to the same form.
    for s in [
        "'{*|*}'",
        "'{{|}|{1|0},*}'",
        "'{-1|1}'",
        "'{*|*}' : 1 + '{*|*}' : -1",
        "2 * ('{*|*}' : 1)",
        "'{'{*|*}' : 1|-1}'",
        "-2 * '{|-1}'",
    ] {
        assert_eq!(show(&show(s)), show(s), "{s}");
    }
    let e = error("'{*|*}");
    assert_eq!(e.position(), 0);
    assert!(e.message().contains("never closed"), "{e}");
    let e = error("'{(1 < 2)|0}'");
    assert!(
        e.message()
            .contains("an option must be a game, not a boolean"),
        "{e}"
    );
}

/// `true` and `false` are read as they are printed: a comparison's answer, printed and read
/// back, is the same boolean (`↑ ≥ 0` since ↑ = {0 | *} > 0; `* ≤ 0` fails as * is fuzzy).
#[test]
fn booleans_are_read_as_printed() {
    for (input, expected) in [("^ >= 0", true), ("* <= 0", false)] {
        let printed = expr::evaluate(input).expect(input).to_string();
        assert_eq!(printed, expected.to_string());
        let again = expr::evaluate(&printed).expect("read back");
        assert_eq!(again, expr::evaluate(input).unwrap(), "{input}");
        assert!(matches!(again, partizan::Value::Boolean(b) if b == expected));
    }
    // A name that merely starts like one is still unknown.
    assert!(expr::evaluate("truth").is_err());
}

/// A method binds tighter than a minus, whatever its receiver (CGSuite's rule): `-3.Birthday` is
/// −(3.Birthday) = −3, as `- 3.Birthday` and `-(3).Birthday` are, while `(-3).Birthday` is 3
/// (the birthday of −3 is 3).
#[test]
fn a_method_binds_tighter_than_a_minus() {
    for (input, expected) in [
        ("-3.Birthday", "-3"),
        ("- 3.Birthday", "-3"),
        ("-(3).Birthday", "-3"),
        ("(-3).Birthday", "3"),
        ("-1/2.Mean", "-1/2"),
        ("-3", "-3"),
        ("2-3.Birthday", "-1"),
    ] {
        assert_eq!(
            evaluate(input).expect(input).to_string(),
            expected,
            "{input}"
        );
    }
}

/// Norton multiplication reaches the whole range of up multiples, ±(2^63 − 1): `n.norton(^)` is
/// n·↑ (by the definition of Norton's product, an integer `n` gives `n` copies of the unit), and
/// one more up is refused with the range, not at an earlier bound.
#[test]
fn norton_products_reach_the_whole_up_range() {
    let max = i64::MAX;
    assert_eq!(
        evaluate(&format!("{max}.norton(^)")).unwrap().to_string(),
        format!("^{max}")
    );
    assert_eq!(
        evaluate(&format!("(-{max}).norton(^)"))
            .unwrap()
            .to_string(),
        format!("v{max}")
    );
    let e = evaluate(&format!("{}.norton(^)", max as u64 + 1)).unwrap_err();
    assert!(e.message().contains("±9223372036854775807"), "{e}");
    let e = evaluate(&format!("{}.norton(^^)", max / 2 + 1)).unwrap_err();
    assert!(e.message().contains("±9223372036854775807"), "{e}");
}

/// Walks whose size is known before they start are refused before they start: the misère
/// outcome and the selective and conjunctive compounds read the game tree follower by follower,
/// and the integer `n = {n − 1 |}` has a chain of `n` followers (`n·↑` one of `n + 1`), so these
/// are refused at once with the day the game is born (an integer's misère outcome excepted: it
/// is known without the walk), while small cases are answered: `5` in
/// misère play is an `R` position (Right, having no move, wins moving first; Left's every move
/// leaves Right without one).
#[test]
fn walks_beyond_the_follower_limit_are_refused_before_they_start() {
    for (input, born) in [
        ("(^1099511627776).MisereOutcomeClass", "1099511627777"),
        ("1.SelectiveSum(1000000000)", "1000000000"),
        ("4294967295.SelectiveSum(1)", "4294967295"),
        ("4294967295.ConjunctiveSum(1)", "4294967295"),
    ] {
        let e = evaluate(input).unwrap_err();
        assert!(
            e.message().contains(&format!("born on day {born}")),
            "{input}: {e}"
        );
    }
    assert_eq!(evaluate("5.MisereOutcomeClass").unwrap().to_string(), "R");
    // An integer's misère outcome needs no walk (the same argument for every n: CGSuite's
    // table gives L for -1823437481924).
    assert_eq!(
        evaluate("100000000.MisereOutcomeClass")
            .unwrap()
            .to_string(),
        "R"
    );
    assert_eq!(
        evaluate("(-1823437481924).MisereOutcomeClass")
            .unwrap()
            .to_string(),
        "L"
    );
}
