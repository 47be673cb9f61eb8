//! The printer and parser against `docs/NOTATION.md`.

use crate::util::snapshot;
use partizan::Game;

fn print(s: &str) -> String {
    s.parse::<Game>()
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .to_string()
}

fn error(s: &str) -> String {
    match s.parse::<Game>() {
        Ok(g) => panic!("{s:?} parsed as {g}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_example_table_of_notation_md() {
    // Copied from the "Examples" table of docs/NOTATION.md (input, canonical form printed).
    let table = [
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("{0|*}", "^"),
        ("{0,*|0}", "^*"),
        ("^ + ^", "^^"),
        ("{1|-1}", "+-1"),
        ("{1|1}", "1*"),
        ("{0|1}", "1/2"),
        ("{-1|1}", "0"),
        ("{2|1}", "{2|1}"),
        ("{3|{2|1}}", "{3||2|1}"),
        ("{0|{0|-2}}", "Tiny(2)"),
    ];
    for (input, printed) in table {
        assert_eq!(print(input), printed, "{input}");
        assert_eq!(print(printed), printed, "{printed} reparsed");
    }
}

/// The specification travels with the crate: the Examples table is read from the repository's
/// own copy, `docs/NOTATION.md`, and must match the table above.
#[test]
fn the_repository_copy_of_the_notation_has_the_same_examples() {
    let spec = include_str!("../../docs/NOTATION.md");
    let examples = spec
        .split("## Examples")
        .nth(1)
        .expect("docs/NOTATION.md has an Examples section")
        // The section ends at the next heading (the method table follows it).
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let rows: Vec<(String, String)> = examples
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('`').collect();
            // | `input` | `printed` |  splits into 5 pieces around the backquotes.
            (cells.len() == 5).then(|| (cells[1].to_string(), cells[3].to_string()))
        })
        .collect();
    assert_eq!(rows.len(), 12, "{rows:?}");
    for (input, printed) in rows {
        assert_eq!(print(&input), printed, "{input}");
    }
}

#[test]
fn printed_forms_of_the_what_is_printed_table() {
    // Each printed form of NOTATION.md's "What is printed" table prints as itself.
    for s in [
        "0",
        "3",
        "-2",
        "1/2",
        "-3/8",
        "13/4",
        "*",
        "*2",
        "*17",
        "1*",
        "-1/2*3",
        "^",
        "^^",
        "^3",
        "v",
        "vv",
        "v3",
        "^*",
        "^^*",
        "v*3",
        "2^",
        "-1/2v*",
        "+-1",
        "+-(1*)",
        "Tiny(2)",
        "Miny(1/2)",
        "2Tiny(2)",
        "Tiny({3|1})",
        "{1|*}",
        "{1/2,{2|-1}|-2}",
        "{3||2|1}",
        "{2|1||0}",
        "{3||2*|1*}",
        "{4|||3|1||0|-2}",
        "{3|||2||1|0,*||||-1/2}",
    ] {
        assert_eq!(print(s), s, "{s}");
    }
    // `*0` prints `0`, `*1` prints `*`.
    assert_eq!(print("*0"), "0");
    assert_eq!(print("*1"), "*");
}

#[test]
fn slash_runs() {
    // A single option that prints without braces lengthens the outer run by one; several
    // options on a side are braced each.
    assert_eq!(print("{3|{2|1}}"), "{3||2|1}");
    assert_eq!(print("{{2|1}|0}"), "{2|1||0}");
    assert_eq!(print("{4|{{3|1}|{0|-2}}}"), "{4|||3|1||0|-2}");
    // {1/2, {2|-1} | -2}: 1/2 and {2|-1} are confused ({2|-1} - 1/2 = {3/2|-3/2}), and
    // {2|-1} does not reverse (-1 <= G fails: Right, moving first in G + 1, moves to -1 and wins).
    assert_eq!(print("{1/2,{2|-1}|-2}"), "{1/2,{2|-1}|-2}");
    // {3, {2|1} | -1}: 3 >= {2|1}, so the switch is dominated.
    assert_eq!(print("{3,{2|1}|-1}"), "{3|-1}");
    // At four bars a nested game is braced instead: {5 | G} where G alone prints with 4 bars.
    let g = "{3|||2||1|0,*||||-1/2}";
    assert_eq!(print(g), g);
    assert_eq!(print(&format!("{{5|{g}}}")), format!("{{5|{g}}}"));
}

#[test]
fn whitespace_empty_sides_and_alternatives() {
    assert_eq!(print("{ 1 , * | -1 }"), print("{1,*|-1}"));
    assert_eq!(print("{|}"), "0");
    assert_eq!(print("{0|}"), "1");
    assert_eq!(print("{|0}"), "-1");
    assert_eq!(print("↑"), "^");
    assert_eq!(print("↓"), "v");
    assert_eq!(print("⇑"), "^^");
    assert_eq!(print("⇓*"), "vv*");
    assert_eq!(print("±1"), "+-1");
    assert_eq!(print("^2"), "^^");
    assert_eq!(print("v4"), "v4");
    assert_eq!(print("^2*3"), "^^*3");
    assert_eq!(print("2^100"), "2^100");
    assert_eq!(
        print("^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"),
        "^73"
    );
}

#[test]
fn plus_minus_forms() {
    // 3+-1 is {4|2}; +-1+-2 is ±1 ± 2 = {{3|1}|{-1|-3}} = ±{3|1}; +-{2,1} is {2,1|-2,-1}.
    assert_eq!(print("3+-1"), "{4|2}");
    assert_eq!(
        "+-1+-2".parse::<Game>().unwrap(),
        "{{3|1}|{-1|-3}}".parse::<Game>().unwrap()
    );
    assert_eq!(print("+-{2,1}"), print("{2,1|-2,-1}"));
    assert_eq!(
        print("+-{3,{2|1}}"),
        "+-{3,{2|1}}".parse::<Game>().unwrap().to_string()
    );
    assert_eq!(print("+-(1*)"), "+-(1*)");
    assert_eq!(
        "+-(1*)".parse::<Game>().unwrap(),
        "{1*|-1*}".parse::<Game>().unwrap()
    );
}

#[test]
fn expressions() {
    assert_eq!(print("{1|-1} + ^ - *2"), print("{1|-1} + ^*2"));
    assert_eq!(print("-(1/2*)"), "-1/2*");
    assert_eq!(print("{3||2+*|1+*}"), "{3||2*|1*}");
    assert_eq!(print("{1+*, 1/2 | -1}"), print("{1/2,1*|-1}"));
    // '-' directly before a digit is the sign of the number: -1/2v* is -1/2 + ↓ + *.
    assert_eq!(
        "-1/2v*".parse::<Game>().unwrap(),
        "-1/2 + v + *".parse::<Game>().unwrap()
    );
    // A binary minus negates the whole following literal.
    assert_eq!(print("3-1/2^"), "5/2v");
    assert_eq!(print("Tiny(2) + Miny(2)"), "0");
}

#[test]
fn errors_name_the_position_and_what_was_expected() {
    assert_eq!(
        error("{1|*2"),
        "at byte 5 of \"{1|*2\": expected ',' or '}'"
    );
    assert_eq!(
        error("1/3"),
        "at byte 0 of \"1/3\": 1/3 is not a dyadic rational: a short game's number has a power of two as denominator"
    );
    assert_eq!(
        error("1.5"),
        "at byte 0 of \"1.5\": decimal numbers are not accepted: write 1.5 as 3/2"
    );
    assert_eq!(error("{"), "at byte 1 of \"{\": expected ',' or '}'");
    assert_eq!(
        error(""),
        "at byte 0 of \"\": expected a game, found an empty expression"
    );
    assert!(error("*99999999999999999999999").contains("too large"));
    assert!(error("{3|2|1}").contains("ambiguous"));
    assert!(error("1 2").starts_with("at byte 2 of \"1 2\": expected an operator"));
    assert!(error("(1").contains("expected ')'"));
    assert!(error("{1|2}}").contains("at byte 5"));
    assert!(error("nim(3)").contains("unknown function 'nim'"));
    assert!(error("foo").contains("unknown name 'foo'"));
    assert!(error("^v").contains("not both"));
    assert!(error("{1,|2}").contains("expected a game"));
    assert!(error("1/0").contains("division by zero"));
    assert!(error("+").contains("expected a game"));
    assert!(error("{1|-1}.bogus()").contains("unknown method 'bogus'"));
}

/// Every up multiple the algebra holds (±(2^63 − 1), see `partizan::algebra::limits`) is printed
/// as a count and parses back: a sum may reach multiples that no literal had (found by the
/// fuzzer: `^1099511627776 + {0|*}` is 2^40 + 1 ups, which the lexer once refused beyond 2^40).
#[test]
fn every_up_multiple_prints_and_parses_back() {
    let ups = |n: i64| {
        Game::nus(partizan::Nus {
            number: partizan::Number::zero(),
            ups: n,
            nimber: 0,
        })
    };
    for (n, text) in [
        ((1 << 40) + 1, "^1099511627777"),
        (-(1 << 40) - 1, "v1099511627777"),
        (i64::MAX, "^9223372036854775807"),
        (-i64::MAX, "v9223372036854775807"),
    ] {
        assert_eq!(ups(n).to_string(), text);
        assert_eq!(text.parse::<Game>(), Ok(ups(n)), "{text}");
        assert_eq!(
            format!("{:#}", ups(n)).parse::<Game>(),
            Ok(ups(n)),
            "{text}"
        );
    }
    // Counts multiply the arrow and add up: ⇓ 2^62 times is 2^63 downs, one too many.
    assert_eq!("⇓4611686018427387903v".parse::<Game>(), Ok(ups(-i64::MAX)));
    assert_eq!("^^4611686018427387903".parse::<Game>(), Ok(ups(1 << 62)));
    // Beyond 2^63 − 1 either way: an error naming the range, not a wrong value.
    for text in [
        "^9223372036854775808",
        "v9223372036854775808",
        "⇓4611686018427387904",
        "^4611686018427387904^4611686018427387904",
        "^99999999999999999999999",
    ] {
        let e = error(text);
        assert!(e.contains("too large"), "{text}: {e}");
    }
}

/// Printing a form never lists the options of a number + ups + nimber value among its options,
/// which may be beyond the algebra's limits. Found by the fuzzer: the printer's test for the
/// `Tiny`/`Miny` shape listed the 70000 options of `5*70000` in `{5*70000 | 0}`. The form is
/// canonical by hand (one option a side; `5*70000` does not reverse, since `{5*70000|0} − 5*j`
/// lets Right move to `−5*j < 0`), so it prints as written.
#[test]
fn forms_with_large_nimber_options_print() {
    for (text, unicode) in [
        ("{5*70000|0}", "{5*70000|0}"),
        ("{0|-5*70000}", "{0|-5*70000}"),
        ("{1|^*70000}", "{1|↑*70000}"),
        ("{3||2|1*70000}", "{3||2|1*70000}"),
    ] {
        let g: Game = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.to_string(), text);
        assert_eq!(format!("{g:#}"), unicode);
        assert_eq!(unicode.parse::<Game>(), Ok(g));
    }
}

#[test]
fn unicode_printing() {
    let cases = [
        ("^", "↑"),
        ("^^", "⇑"),
        ("v*", "↓*"),
        ("vv", "⇓"),
        ("^3*2", "↑3*2"),
        ("+-1", "±1"),
        ("1/2^", "1/2↑"),
    ];
    for (ascii, unicode) in cases {
        let g: Game = ascii.parse().unwrap();
        assert_eq!(format!("{g:#}"), unicode);
        assert_eq!(unicode.parse::<Game>().unwrap(), g);
    }
}

#[test]
fn option_order_is_deterministic() {
    // Numbers ascending, then nimbers, then other number + ups + nimber values, then the rest,
    // compared by their sorted Left options, then Right options: ±1 = {1|-1} and {1|*} have
    // equal Left lists, and -1 (a number) comes before * (a nimber).
    use partizan::algebra::print::sorted;
    let order = ["{1|*}", "^", "+-1", "*2", "1/2", "*", "0", "-3/2^*"];
    let games: Vec<Game> = order.iter().map(|s| s.parse().unwrap()).collect();
    let printed: Vec<String> = sorted(&games).iter().map(ToString::to_string).collect();
    assert_eq!(
        printed,
        ["0", "1/2", "*", "*2", "-3/2^*", "^", "+-1", "{1|*}"]
    );
    // In a form: {5 | -1*, -1} is hot (no number fits), both Right options survive (confused),
    // and the number comes first.
    assert_eq!(print("{5 | -1*, -1}"), "{5|-1,-1*}");
}

/// A fixed list of ~50 expressions and their printed canonical forms, pinned by a snapshot.
#[test]
fn snapshot_of_canonical_forms() {
    let exprs = [
        "0",
        "{|}",
        "{0|}",
        "{|0}",
        "{0|1}",
        "{1/2|1}",
        "{-1|1}",
        "{1|2}",
        "{-3|-1}",
        "1/2 + 1/4",
        "{0|0}",
        "{0,*|0,*}",
        "{0,*,*2|0,*,*2}",
        "*3 + *5",
        "{0|*}",
        "{*|0}",
        "{0,*|0}",
        "{0|^}",
        "^ + ^ + ^",
        "^ + *2",
        "{0|*3}",
        "v + v + *",
        "{1|1}",
        "{1/2|1/2}",
        "1/2 + ^",
        "{1|-1}",
        "{2|1}",
        "{3|{2|1}}",
        "{{2|1}|0}",
        "{4|{{3|1}|{0|-2}}}",
        "{0|{0|-2}}",
        "{{2|0}|0}",
        "{1|{0|-2}} + 1",
        "{1|-1} + {2|-2}",
        "{1|-1} + {1|-1}",
        "{2|1} + {1|0}",
        "{1|0} + {1|0}",
        "{1|*}",
        "{1|*} + {1|*}",
        "{0||0|-1} + {0||0|-1}",
        "{^|v}",
        "{^*|v*}",
        "{0,^*|0}",
        "{1,*|-1}",
        "+-{2,1}",
        "+-(1*)",
        "3+-1",
        "+-1+-2",
        "{3||2*|1*}",
        "{2|{1|0}} + *",
        "{1/2|-1/2} + {1/4|-1/4}",
        "-{3|{2|1}}",
    ];
    let mut text = String::new();
    for e in exprs {
        let g: Game = e.parse().unwrap_or_else(|err| panic!("{e}: {err}"));
        text.push_str(&format!("{e:<28} => {g}\n"));
    }
    snapshot("canonical_forms", &text);
}

#[test]
fn deep_nesting_parses_up_to_the_limit_and_is_refused_beyond() {
    // {{...{0|}...|}|}: each level {G|} with G an integer is G + 1, so n nested braces around 0
    // give the integer n.
    let n = 999;
    let s = format!("{}0{}", "{".repeat(n), "|}".repeat(n));
    assert_eq!(s.parse::<Game>().unwrap(), Game::integer(n as i64));
    let s = format!("{}1{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(s.parse::<Game>().unwrap(), Game::integer(1));
    let s = format!("{}0{}", "{".repeat(n + 2), "|}".repeat(n + 2));
    assert!(error(&s).contains("nesting deeper than 1000 levels"));
    let s = format!("{}1", "-".repeat(5000));
    assert!(error(&s).contains("nesting deeper"));
}

/// `n·Tiny(1)` prints with nested `Tiny`/`Miny` subscripts, each a translate of a follower of the
/// one above (built only as it is printed): what is printed reads back as the same value, here
/// the sum of `n` copies of `{0||0|-1}`.
#[test]
fn sums_of_tinies_print_and_read_back() {
    let tiny: Game = "{0||0|-1}".parse().unwrap();
    let mut sum = Game::zero();
    for n in 1..=40 {
        sum += tiny;
        let printed = sum.to_string();
        assert_eq!(printed.parse::<Game>().unwrap(), sum, "{n}: {printed}");
    }
}
