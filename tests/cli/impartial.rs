//! The impartial commands of the built binary: `grundy`, `table wythoff|ryuoh|cutting`, family
//! calls in `eval`, and one-line errors with exit status 2.

use crate::util::cli::fails;

fn run(args: &[&str]) -> (i32, String, String) {
    crate::util::cli::run(args).parts()
}

#[test]
fn grundy_subtraction_prints_values_and_period() {
    let (code, out, _) = run(&["grundy", "subtraction", "1,3,4", "--to", "20"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "subtraction game {1,3,4}: G(0..=20)");
    // 0 1 0 1 2 3 2 repeating (by hand: G(n) = mex{G(n−1), G(n−3), G(n−4)}).
    assert_eq!(lines[1], "0 1 0 1 2 3 2 0 1 0 1 2 3 2 0 1 0 1 2 3 2");
    assert!(
        lines[2].starts_with("period 7, pre-period 0 (proven: "),
        "{}",
        lines[2]
    );
    // S = {1, 2, 3}: G(n) = n mod 4.
    let (code, out, _) = run(&["grundy", "subtraction", "1,2,3", "--to", "9"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(1), Some("0 1 2 3 0 1 2 3 0 1"));
    assert!(out
        .lines()
        .nth(2)
        .unwrap()
        .starts_with("period 4, pre-period 0 (proven: "));
}

/// `G(0..len)` of the subtraction game `set` by direct mex over the moves.
fn brute_subtraction(set: &[usize], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options: Vec<u32> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn grundy_subtraction_periods_agree_with_brute_force() {
    for set in [[2, 5, 7].as_slice(), &[1, 4, 9, 16, 25], &[3, 5, 8]] {
        let long = brute_subtraction(set, 10_000);
        // The least period over the second half, and the least pre-period of that period.
        let period = (1..5000)
            .find(|&p| (5000..10_000 - p).all(|n| long[n + p] == long[n]))
            .unwrap();
        let mut preperiod = 5000;
        while preperiod > 0 && long[preperiod - 1 + period] == long[preperiod - 1] {
            preperiod -= 1;
        }
        let text: Vec<String> = set.iter().map(usize::to_string).collect();
        let (code, out, err) = run(&["grundy", "subtraction", &text.join(","), "--to", "30"]);
        assert_eq!(code, 0, "{err}");
        let shown: Vec<String> = long[..31].iter().map(u32::to_string).collect();
        assert_eq!(out.lines().nth(1), Some(shown.join(" ").as_str()));
        let line = out.lines().nth(2).unwrap();
        assert!(
            line.starts_with(&format!(
                "period {period}, pre-period {preperiod} (proven: "
            )),
            "{set:?}: {line}"
        );
    }
}

#[test]
fn apparent_periods_are_not_printed() {
    // 0.16 ends G(0..=100000) with twelve values of period 3, but its true period is 149459 from
    // 105351 on (Gangolli and Plambeck 1989): no period may be printed.
    let (code, out, err) = run(&["grundy", "octal", "0.16", "--to", "100000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().nth(2), Some("no period found in G(0..=100000)"));
    // Grundy's game: no periodicity theorem applies, and no period is known.
    let (code, out, _) = run(&["grundy", "grundy_game", "--to", "300"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(2), Some("no period found in G(0..=300)"));
}

#[test]
fn grundy_octal_kayles_and_grundys_game() {
    let (code, out, _) = run(&["grundy", "octal", "0.77", "--to", "200"]);
    assert_eq!(code, 0);
    // OEIS A002186: periodic with period 12 from n = 71 on.
    assert!(out
        .lines()
        .nth(2)
        .unwrap()
        .starts_with("period 12, pre-period 71 (proven: Guy–Smith"));
    assert!(out
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7"));
    let (code, out, _) = run(&["grundy", "grundy_game", "--to", "12"]);
    assert_eq!(code, 0);
    // OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1.
    assert_eq!(out.lines().nth(1), Some("0 0 0 1 0 2 1 0 2 1 0 2 1"));
}

#[test]
fn tables() {
    let (code, out, _) = run(&["table", "ryuoh", "p=3", "q=9", "size=19"]);
    assert_eq!(code, 0);
    let paper = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/paper-table1-ryuoh-p3-q9.tsv"
    ))
    .unwrap();
    // Everything but the caption line equals the paper's table.
    let body = |s: &str| s.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(body(&out), body(&paper));
    let (code, out, _) = run(&["table", "wythoff", "size=4", "--format", "csv"]);
    assert_eq!(code, 0);
    // By hand from the rules: row 1 is 1 2 0 4, row 3 is 3 4 5 6.
    assert_eq!(out.lines().nth(2), Some("1,1,2,0,4"));
    assert_eq!(out.lines().nth(4), Some("3,3,4,5,6"));
    let (code, out, _) = run(&["table", "cutting", "size=4"]);
    assert_eq!(code, 0);
    // 2×2, 2×3, 3×3 are terminal; 4×2 → 2×2 + 2×2 = 0, so 1; 4×4 → 2×4 + 2×4 = 0, so 1.
    assert_eq!(out.lines().nth(1), Some("H\\W\t2\t3\t4"));
    assert_eq!(out.lines().nth(2), Some("2\t0\t0\t1"));
    assert_eq!(out.lines().nth(4), Some("4\t1\t1\t1"));
}

#[test]
fn family_calls_in_expressions() {
    for (expr, value) in [
        ("nim(3, 5, 7)", "*"),               // 3 ⊕ 5 ⊕ 7 = 1
        ("wythoff(3, 5)", "0"),              // (⌊2φ⌋, ⌊2φ²⌋) = (3, 5)
        ("ryuoh(4, 5)", "0"),                // (9 mod 3) + 3·(1 ⊕ 1) = 0
        ("ryuoh(9, 0, p=3, q=9)", "0"),      // Table 1
        ("subtraction(\"1,3,4\", 10)", "*"), // period 0 1 0 1 2 3 2: G(10) = G(3) = 1
        ("welter(3, 9)", "*9"),              // (3 ⊕ 9) − 1 = 9
        ("fibonacci_nim(8)", "0"),           // 8 is a Fibonacci number
        ("kayles(4) + kayles(4)", "0"),      // any G + G = 0
        ("dag(\"a>b, b>c, a>c\", \"a\")", "*2"),
        ("cutting(2, 3)", "0"),
    ] {
        let (code, out, err) = run(&["eval", expr]);
        assert_eq!(code, 0, "{expr}: {err}");
        assert_eq!(out.trim(), value, "{expr}");
    }
}

#[test]
fn grundy_defaults_to_100_values() {
    // Kayles: G(0..=100) printed on one line after the heading, 101 values.
    let (code, out, err) = run(&["grundy", "kayles"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().nth(1).map(|l| l.split_whitespace().count()),
        Some(101)
    );
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    fails(&["grundy", "octal", "0.9", "--to", "10"], "octal digit");
    fails(&["grundy", "octal", "0.9"], "octal digit");
    fails(
        &["grundy", "subtraction", "1,0", "--to", "10"],
        "0 is not a move",
    );
    fails(
        &["grundy", "nothing", "--to", "10"],
        "unknown sequence family",
    );
    fails(&["grundy", "kayles", "--to", "-5"], "non-negative");
    fails(&["table", "ryuoh", "p=0"], "p must be at least 1");
    fails(&["table", "ryuoh", "p=3", "q=-1"], "q must be at least 1");
    fails(&["table", "wythoff", "size=-3"], "non-negative");
    fails(&["table", "cutting", "size=1"], "at least 2");
    // The tables of the graph and board families: each bad parameter named, with its bounds.
    fails(
        &["table", "node_kayles", "n=0"],
        "n must be between 1 and 40",
    );
    fails(
        &["table", "arc_kayles", "n=-2"],
        "n must be a non-negative integer",
    );
    fails(
        &["table", "snort_graph", "n=13"],
        "n must be between 1 and 12",
    );
    fails(&["table", "nogo", "rows=4", "cols=4"], "too large");
    fails(&["table", "amazons", "rows=0"], "at least 1");
    fails(
        &["table", "nim", "size=2000"],
        "size must be between 1 and 1024",
    );
    fails(&["table", "welter", "third=-1"], "non-negative");
    fails(&["table", "dag", "take=0"], "take must be between 1 and 64");
    fails(&["table", "toads", "toads=9", "frogs=9"], "19 squares");
    fails(
        &["table", "elephants_rhinos", "gap=x"],
        "gap must be an integer",
    );
    fails(
        &["table", "hackenbush", "size=8"],
        "size must be between 1 and 7",
    );
    fails(
        &["table", "ski_jumps", "width=22"],
        "width must be between 1 and 21",
    );
    fails(
        &["table", "childish_hackenbush", "green=2"],
        "unknown parameter",
    );
    fails(&["eval", "dag(\"a>b, b>a\", \"a\")"], "cycle");
    fails(&["eval", "wythoff(-1, 2)"], "non-negative");
    fails(&["eval", "welter(1, 1)"], "two coins");
    fails(&["eval", "cutting(1, 5)"], "immediate win");
    fails(&["eval", "ryuoh(1, 2, p=0)"], "p must be at least 1");
}
