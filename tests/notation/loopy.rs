//! CGSuite's loopy notation read by the one expression parser: loopy literals nest to the
//! parser's limit without recursion, hold any expression the language has, and keep their
//! labels to themselves. Expected values are derived by hand next to them from the definitions
//! (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI).

use partizan::expr::{self, evaluate, parse_loopy, MAX_NESTING};

fn eval(input: &str) -> String {
    match evaluate(input) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{input}: {e}"),
    }
}

/// `n` labelled braces, each `{0 | next}`, the innermost coming back to the outermost:
/// `l1{0|l2{0|…ln{0|l1}…}}`.
fn cycle(n: usize) -> String {
    let open: String = (1..=n).map(|i| format!("l{i}{{0|")).collect();
    format!("{open}l1{}", "}".repeat(n))
}

/// `n` braces `{pass | …}` around `{pass|}`.
fn passes(n: usize) -> String {
    format!("{}{}", "{pass|".repeat(n), "}".repeat(n))
}

#[test]
fn loopy_literals_nest_to_the_parsers_limit() {
    assert_eq!(MAX_NESTING, 1000);
    let n = MAX_NESTING;
    // On a thread with a 2 MiB stack, the default of a spawned thread.
    let small_stack = std::thread::Builder::new().stack_size(2 << 20);
    let run = move || {
        let value = |s: String| evaluate(&s).map(|v| v.to_string());
        (
            value(cycle(n)),
            parse_loopy(&cycle(n)).map(|v| v.to_string()),
            value(passes(n)),
            [cycle(n + 1), passes(n + 1)].map(|s| (evaluate(&s).unwrap_err(), s)),
        )
    };
    let (cycle_value, cycle_read, passes_value, beyond) = small_stack
        .spawn(run)
        .unwrap()
        .join()
        .expect("no stack overflow");
    // Every position of the cycle is {0 | the next one}: unrolled, each is the tree
    // {0 | {0 | {0 | …}}}, the tree of over = {0 | over} (Winning Ways ch. 11).
    assert_eq!(cycle_value.unwrap(), "over");
    assert_eq!(cycle_read.unwrap(), "over");
    // {pass|} is on; {pass | on} is on too: Right's move to on reverses through on's Left
    // option on (itself, and on >= every game), whose Right options are none, so it is
    // {pass|} = on (Siegel, CGT ch. VI: reversible options of stoppers); so is every level.
    assert_eq!(passes_value.unwrap(), "on");
    // One more level is the parser's nesting error, at the brace past the limit.
    let past = [
        format!("l{}{{", n + 1).len() - 1 + cycle(n + 1).find(&format!("l{}{{", n + 1)).unwrap(),
        6 * n,
    ];
    for ((e, input), at) in beyond.iter().zip(past) {
        assert_eq!(e.position(), at, "{}…", &input[..20]);
        assert_eq!(&input[at..at + 1], "{");
        assert!(e.message().contains("nesting deeper than 1000"), "{e}");
        assert!(!e.to_string().contains('\n'));
    }
}

#[test]
fn loopy_braces_hold_any_expression() {
    // upon = {pass | *} (Siegel, CGT ch. VI), whatever expression gives the *.
    assert_eq!(eval("{pass|*}"), "^[on]");
    assert_eq!(eval("{pass|nim(1)}"), "^[on]");
    assert_eq!(eval("{pass|{0|0}}"), "^[on]");
    assert_eq!(eval("{pass|(^ + v + *).CanonicalForm}"), "^[on]");
    // The short literals inside are the expression language's: an uptimal, and its method form.
    assert_eq!(eval("{pass|^<2>} == {pass|^.Pow(2)}"), "true");
    // Tiny(G) = {0 || 0 | -G} of a loopy G, at the top level too: Tiny(on) = {0 || 0 | off}.
    assert_eq!(eval("Tiny(on)"), "Tiny(on)");
    assert_eq!(eval("Tiny(on) == {0||0|off}"), "true");
    assert_eq!(eval("Miny(on) == {on|0||0}"), "true");
}

#[test]
fn labels_belong_to_their_literal() {
    // A label names its braces for what follows in the same braces: {over, over | 0}.
    assert_eq!(eval("{a{0|a},a|0} == {over|0}"), "true");
    // ... and not beyond them.
    let e = evaluate("a{0|a} + {a|0}").unwrap_err();
    assert_eq!(e.position(), 10);
    assert!(e.message().contains("no position is labelled 'a'"), "{e}");
    // `pass` and a position still being defined are whole options only.
    for (input, at, needle) in [
        ("{pass + 1|0}", 1, "'pass' can only be an option"),
        ("a{0|a + 1}", 4, "can only be a whole option"),
        ("a{0|Tiny(a)}", 9, "can only be a whole option"),
    ] {
        let e = evaluate(input).unwrap_err();
        assert_eq!(e.position(), at, "{input}: {e}");
        assert!(e.message().contains(needle), "{input}: {e}");
    }
    // The tree keeps the label and its references.
    let tree = expr::parse("a{0|a}").unwrap();
    let expr::ExprKind::Labelled { label, braces } = &tree.kind else {
        panic!("{tree:?}")
    };
    assert_eq!(label, "a");
    let expr::ExprKind::Braces { options, left, .. } = &braces.kind else {
        panic!("{braces:?}")
    };
    assert_eq!(*left, 1);
    assert_eq!(options[1].kind, expr::ExprKind::Label("a".into()));
}

/// The table of loopy and misère values in `docs/NOTATION.md`: each input prints as the table
/// says (the values are derived in `loopy::identities`, `loopy::expressions` and
/// `notation::misere`), and what is printed reads back as the same value.
#[test]
fn the_loopy_and_misere_table_of_notation_md() {
    let spec = include_str!("../../docs/NOTATION.md");
    let section = spec
        .split("## Loopy and misère values")
        .nth(1)
        .expect("docs/NOTATION.md has the section")
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let rows: Vec<(&str, &str)> = section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('`').collect();
            (cells.len() == 5).then(|| (cells[1], cells[3]))
        })
        .collect();
    assert_eq!(rows.len(), 7, "{rows:?}");
    for (input, printed) in rows {
        assert_eq!(eval(input), printed, "{input}");
        // A genus is not a game: it does not read back.
        if !input.ends_with(".Genus") {
            assert_eq!(
                eval(&format!("({printed}) == ({input})")),
                "true",
                "{input}"
            );
        }
    }
}
