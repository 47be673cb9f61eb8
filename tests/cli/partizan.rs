//! The partizan families on the command line: values, tables, and one-line errors with exit
//! status 2 for bad input.

fn partizan(args: &[&str]) -> (i32, String, String) {
    crate::util::cli::run(args).parts()
}

fn eval(expr: &str) -> String {
    let (code, out, err) = partizan(&["eval", expr]);
    assert_eq!(code, 0, "{expr}: {err}");
    out.trim().to_string()
}

fn eval_error(expr: &str, needle: &str) {
    crate::util::cli::fails(&["eval", expr], needle);
}

#[test]
fn family_calls() {
    // queen(5,3) = 5 − 3 + *min(5,3) (Theorem 3.1); with p = 3, *(3 mod 3) = 0.
    assert_eq!(eval("queen(5,3)"), "2*3");
    assert_eq!(eval("queen(5,3,p=3)"), "2");
    assert_eq!(eval("queen(3,5,p=2,q=2)"), "-2*");
    // The 2×2 Domineering square is ±1, a vertical pair 1 (Wikipedia, "Domineering").
    assert_eq!(eval("domineering(\"..|..\")"), "+-1");
    assert_eq!(eval("domineering(\".|.\") + domineering(\"..\")"), "0");
    // T.F = * and xxo = ↑ (hand derivations in `rulesets::small_partizan`).
    assert_eq!(eval("toads(\"T.F\")"), "*");
    assert_eq!(eval("clobber(\"xxo\")"), "^");
    // Cutcake, Winning Ways formula: 3 wide, 4 high is −(⌊4/2⌋ − 1) = −1.
    assert_eq!(eval("cutcake(3,4)"), "-1");
    // Sign expansion: BRR = 1 − 1/2 − 1/4.
    assert_eq!(eval("hackenbush(\"BRR\")"), "1/4");
    assert_eq!(eval("hackenbush(\"0-a:G a-b:G b-0:G\")"), "*");
    // CGSuite's string notation, with CGSuite's published values (its GameGraphTest.scala).
    assert_eq!(eval("hackenbush(\"l(l;rl)\")"), "3/2");
    assert_eq!(eval("hackenbush(\"lrlerrr\")"), "3/4v[3]*");
    // Childish Hackenbush under CGSuite's rule for Green edges: its "lollipop".
    assert_eq!(
        eval("childish_hackenbush(\"(e:B;e:Bllllllrrr:B)\", green=\"free\")"),
        "{0|^[4]*||vv}"
    );
    // A position keeps its rule: its options are written with it, and read back.
    assert_eq!(
        eval("childish_hackenbush(\"GB\", green=\"free\").LeftOptions"),
        "[childish_hackenbush(\"\", green=\"free\"),childish_hackenbush(\"G\", green=\"free\")]"
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    eval_error("domineering(\"....|...\")", "ragged board");
    eval_error("toads(\"TTxF\")", "unknown character 'x'");
    eval_error("hackenbush(\"0-a:B b-c:R\")", "no path to the ground");
    eval_error("queen(-1,2)", "x must be non-negative");
    eval_error("queen(5,3,r=2)", "unknown named argument 'r'");
    eval_error("queen(5,3,p=0)", "p must be at least 1");
    eval_error("clobber(\"xo|x\")", "ragged");
    eval_error("cutcake(0,3)", "width must be at least 1");
    eval_error("hackenbush(\"BQ\")", "unknown colour 'Q'");
    eval_error(
        "hackenbush(\"l(l;rl\")",
        "at character 2: '(' without a matching ')'",
    );
    eval_error("hackenbush(\"lr;lr\")", "has no path to the ground");
    eval_error(
        "childish_hackenbush(\"GB\", green=\"loose\")",
        "green must be \"restricted\"",
    );
}

#[test]
fn tables() {
    let (code, out, err) = partizan(&["table", "queen", "size=9", "p=3"]);
    assert_eq!(code, 0, "{err}");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/paper-table3-partizan-queen-p3.tsv"
    );
    let paper = std::fs::read_to_string(path).unwrap();
    // Everything but the caption line is the paper's Table 3.
    let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&out), body(&paper));

    let (code, out, _) = partizan(&["table", "domineering", "rows=2", "cols=3"]);
    assert_eq!(code, 0);
    assert!(out.contains("1\t0\t-1\t-1"), "{out}");
    assert!(out.contains("2\t1\t+-1\t{2|-1/2}"), "{out}");

    let (code, out, _) = partizan(&["table", "cutcake", "size=3", "--format", "csv"]);
    assert_eq!(code, 0);
    assert_eq!(out, "h\\w,1,2,3\n1,0,1,2\n2,-1,0,0\n3,-2,0,0\n");

    let (code, _, err) = partizan(&["table", "queen", "size=4", "q=0"]);
    assert_eq!(code, 2);
    assert!(err.contains("q must be at least 1"), "{err}");
}

#[test]
fn an_impossibly_large_cutcake_is_refused() {
    eval_error("cutcake(1000000,1000000)", "too large");
}

#[test]
fn an_impossibly_large_domineering_table_is_refused() {
    let (code, out, err) = partizan(&["table", "domineering", "rows=30", "cols=30"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: ") && err.contains("too large"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}
