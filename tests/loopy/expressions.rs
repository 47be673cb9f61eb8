//! Loopy games in expressions and on the command line: CGSuite's loopy notation in and out,
//! sums, comparisons, sides, outcomes with draws, Smith's values, the loopy families, and bad
//! input. Expected values come from Winning Ways ch. 11, Siegel's *Combinatorial Game Theory*
//! ch. VI, derivations by hand written next to them, and brute force written in the tests
//! (`loopy::brute`), never from the engine.

use super::brute::{outcome as brute_outcome, survives, Rng, G};
use partizan::expr::evaluate;

fn partizan(args: &[&str]) -> (i32, String, String) {
    crate::util::cli::run(args).parts()
}

fn eval(expr: &str) -> String {
    match evaluate(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn holds(expr: &str) {
    assert_eq!(eval(expr), "true", "{expr}");
}

fn fails(expr: &str) {
    assert_eq!(eval(expr), "false", "{expr}");
}

#[test]
fn the_constants_print_as_cgsuite_prints_them_and_read_back() {
    // The definitions (Winning Ways ch. 11; Siegel, CGT ch. VI): on = {pass|}, off = {|pass},
    // over = {0|pass}, under = {pass|0}, dud = {pass|pass}, upon = {pass|*}; CGSuite prints
    // upon as ^[on] and x + over as xover.
    for (written, printed) in [
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{0|pass}", "over"),
        ("{pass|0}", "under"),
        ("{pass|pass}", "dud"),
        ("{pass|*}", "^[on]"),
        ("{1|pass}", "1over"),
        ("a{0|a}", "over"),
        ("a{a|}", "on"),
    ] {
        assert_eq!(eval(written), printed, "{written}");
        // What is printed reads back as the same value.
        holds(&format!("{printed} == {written}"));
    }
    for constant in [
        "on",
        "off",
        "over",
        "under",
        "dud",
        "1over",
        "-1/2under",
        "^[on]",
        "^[on]*",
        "v[on]",
        "v<on>",
        "^<on>*",
    ] {
        let printed = eval(constant);
        holds(&format!("{printed} == {constant}"));
    }
    // Notational identities: xover is x + over, the upon family with a nimber is the sum.
    holds("1over == 1 + over");
    holds("-1/2under == -1/2 + under");
    holds("^[on]* == upon + *");
    holds("v[on] == -upon");
    holds("v<on> == -^<on>");
    // A minus sign written against the number is the number's: -1over is −1 + over.
    assert_eq!(eval("-1over"), "-1over");
    holds("-1over == -1 + over");
    assert_eq!(eval("-(1over)"), "-1under");
}

#[test]
fn on_off_and_dud() {
    // on + off = dud (Winning Ways ch. 11): neither player need ever stop passing.
    assert_eq!(eval("on + off"), "dud");
    assert_eq!(eval("on & off"), "dud");
    holds("on + off == dud");
    fails("(on + off).IsStopper");
    holds("on.IsStopper");
    // on is the largest value, off the smallest (Siegel, CGT ch. VI).
    for g in ["1000", "{1000|off}", "over", "upon", "^^*", "-5"] {
        holds(&format!("on >= {g}"));
        holds(&format!("off <= {g}"));
    }
    // dud absorbs every stopper: its sides are on and off, and on (off) absorbs any stopper
    // in an upsum (downsum).
    for g in ["1", "-3/2", "*", "over", "on", "off", "upon"] {
        holds(&format!("dud + {g} == dud"));
    }
    assert_eq!(eval("dud.Onside"), "on");
    assert_eq!(eval("dud.Offside"), "off");
    // on + 1 = on: Left passes for ever.
    assert_eq!(eval("on + 1"), "on");
}

#[test]
fn over_is_positive_and_below_every_positive_number() {
    // over = {0|pass} = 1/on (Winning Ways ch. 11): positive ...
    holds("over > 0");
    holds("under < 0");
    // ... and below every positive number.
    for k in 0..40 {
        holds(&format!("over < 1/{}", 1u64 << k));
        holds(&format!("under > -1/{}", 1u64 << k));
    }
    // By hand: in over − ↑ = over + {*|0}, Right moving first either takes ↓ to 0 (Left then
    // moves over to 0 and wins) or passes in over, after which Left moves ↓ to * and answers
    // each Right move (* to 0, or a pass) with a winning move; so over >= ↑, and over != ↑.
    holds("over > ^");
    // Likewise over − * = over + *: Right's moves are * to 0 and the pass, both answered.
    holds("over > *");
    // over + under is not a stopper: if it were one, S, then S >= 0 (Left, moving second, can
    // always pass in under, and in its onside infinite play is hers) and S <= 0 likewise, so
    // S = 0; but Left moving first wins S (she passes for ever), and not 0.
    fails("(over + under).IsStopper");
    holds("(over - over) == (over + under)");
}

#[test]
fn upon_and_sums() {
    // upon = {pass|*}. Right moving first must go to *, and Left moves to 0; Left moving first
    // passes, and Right must again go to *. So upon > 0, and it is a stopper (L).
    holds("upon > 0");
    assert_eq!(eval("upon.OutcomeClass"), "L");
    holds("upon.IsStopper");
    // upon + * prints ^[on]* (CGSuite's pseudo-upon with a nimber).
    assert_eq!(eval("upon + *"), "^[on]*");
    // Sums are commutative and associative in the expression language too.
    holds("upon + ^ == ^ + upon");
    holds("(upon + over) + * == upon + (over + *)");
}

#[test]
fn sides_and_sided_values() {
    assert_eq!(eval("over & under"), "over & under");
    assert_eq!(eval("(over & under).Onside"), "over");
    assert_eq!(eval("(over & under).Offside"), "under");
    assert_eq!(eval("(over & under).onside"), "over");
    // A stopper's sides are itself; a short game's too.
    assert_eq!(eval("over.Onside"), "over");
    assert_eq!(eval("{1|-1}.Offside"), "+-1");
    // Sided values compare side by side.
    holds("(over & under) <= over");
    holds("(over & under) >= under");
    holds("dud <> 0");
    // a{a|} with an exit: the Left pass is on's, so its onside is on.
    holds("a{0,a|}.Onside == on");
    // Upsum and downsum of stoppers are the sides of the sum.
    holds("on.Upsum(off) == on");
    holds("on.Downsum(off) == off");
}

#[test]
fn outcomes_with_draws() {
    for (g, class) in [
        ("on", "L"),
        ("off", "R"),
        ("dud", "D"),
        ("over", "L"),
        ("under", "R"),
        // {pass|0}, seen as Left passing for ever with a Right exit: Left moving first passes,
        // Right moves to 0 and Left is stuck; Right moving first wins at once: R (= under).
        ("a{a|0}", "R"),
        // A draw whoever starts: a{a|a}.
        ("a{a|a}", "D"),
        // {0, pass | pass}: Left moving first moves to 0 and wins; Right's only move is a pass,
        // after which Left moves to 0: L.
        ("a{0,a|a}", "L"),
    ] {
        assert_eq!(eval(&format!("({g}).OutcomeClass")), class, "{g}");
    }
}

/// The graph `g` from `start` in CGSuite's loopy notation, a label `pN` on every position, each
/// written once and then referred to by its label.
fn notation(g: &G, start: usize) -> String {
    fn write(g: &G, v: usize, seen: &mut [bool], out: &mut String) {
        if seen[v] {
            out.push_str(&format!("p{v}"));
            return;
        }
        seen[v] = true;
        out.push_str(&format!("p{v}{{"));
        for (side, left) in [(&g.left[v], true), (&g.right[v], false)] {
            for (i, &w) in side.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(g, w, seen, out);
            }
            if left {
                out.push('|');
            }
        }
        out.push('}');
    }
    let mut out = String::new();
    write(g, start, &mut vec![false; g.n()], &mut out);
    out
}

#[test]
fn outcomes_of_written_graphs_match_a_brute_force_search() {
    let mut rng = Rng(13);
    for _ in 0..300 {
        let n = 1 + rng.below(5) as usize;
        let g = rng.graph(n, 30);
        let text = notation(&g, 0);
        let expected = brute_outcome(&g, 0);
        assert_eq!(
            eval(&format!("({text}).OutcomeClass")),
            expected.to_string(),
            "{text}"
        );
    }
}

#[test]
fn comparisons_of_written_stoppers_match_the_survival_game() {
    // G >= H exactly when Left, moving second in G − H, is never left without a move (Siegel,
    // CGT ch. VI); `survives` plays that game by brute force.
    let mut rng = Rng(29);
    for _ in 0..150 {
        let g = rng.stopper(4, 40);
        let h = rng.stopper(4, 40);
        let (a, b) = (notation(&g, 0), notation(&h, 0));
        let ge = survives(&g, 0, &h, 0);
        let le = survives(&h, 0, &g, 0);
        assert_eq!(
            eval(&format!("({a}) >= ({b})")),
            ge.to_string(),
            "{a} >= {b}"
        );
        assert_eq!(
            eval(&format!("({a}) <= ({b})")),
            le.to_string(),
            "{a} <= {b}"
        );
        assert_eq!(
            eval(&format!("({a}) == ({b})")),
            (ge && le).to_string(),
            "{a} == {b}"
        );
    }
}

#[test]
fn smith_values_of_impartial_loopy_games() {
    // Smith's theory (Winning Ways ch. 11; Fraenkel–Yesha): γ = ∞_K with K the finite values of
    // the options when no finite value fits.
    // a = {0, a | 0, a}: the option 0 has value 0, so γ(a) ≠ 0; a value m ≥ 1 would need an
    // option of value 0... and the option a (a pass) answered by a move to m: none: ∞_{0}.
    assert_eq!(eval("a{0,a|0,a}.SmithValue"), "inf_{0}");
    // a = {a | a}: only a pass; nobody is ever stuck: ∞ with no finite option (a draw).
    assert_eq!(eval("a{a|a}.SmithValue"), "inf");
    assert_eq!(eval("a{a|a}.OutcomeClass"), "D");
    // A cycle a → b → c → a with an exit c → 0: γ(c) = 2 (options 0 and a, of values 0 and
    // 1), γ(b) = 0 (its one option has value 2), γ(a) = 1 (its one option has value 0). The
    // labelling is unique (Fraenkel–Yesha), so these values are the answer.
    assert_eq!(eval("a{b{c{0,a|0,a}|c}|b}.SmithValue"), "1");
    // Sums: γ(G + *n) = γ(G) ⊕ n, also for ∞_K: ∞_{K ⊕ n} (Smith).
    assert_eq!(eval("(a{0,a|0,a} + *).SmithValue"), "inf_{1}");
    assert_eq!(eval("(a{b{c{0,a|0,a}|c}|b} + *3).SmithValue"), "2");
    // A short impartial game: its nim-value.
    assert_eq!(eval("(*2 + *3).SmithValue"), "1");
    // A short game is a stopper, its own onside and offside, and impartial only if it is a
    // nimber: the integer 10^6 (10^6 + 1 positions as a graph) answers at once.
    assert_eq!(eval("1000000.offside"), "1000000");
    assert_eq!(eval("{3|-2}.Onside"), "{3|-2}");
    // The value of a sum when the values determine it; Smith values add as nim-values.
    assert_eq!(
        eval("a{b{c{0,a|0,a}|c}|b}.SmithValue + a{0,a|0,a}.SmithValue"),
        "inf_{1}"
    );
}

#[test]
fn the_loopy_families_in_expressions() {
    // Backsliding Toads and Frogs: a toad with room to step back and forth and no frog is a
    // pass for Left for ever, and Right has no move: {pass|} = on. Its mirror image is off.
    assert_eq!(eval("backsliding_toads(\"T.\")"), "on");
    assert_eq!(eval("backsliding_toads(\".F\")"), "off");
    assert_eq!(eval("backsliding_toads(\"T.\").OutcomeClass"), "L");
    // Toad and frog face to face with no room: nobody moves, 0.
    assert_eq!(eval("backsliding_toads(\"TF\")"), "0");
    // "T." + ".F" is on + off = dud.
    assert_eq!(
        eval("backsliding_toads(\"T.\") + backsliding_toads(\".F\")"),
        "dud"
    );
    // The subtraction game {1, 2} without additions: n mod 3 (Winning Ways ch. 4).
    assert_eq!(eval("loopy_subtraction(\"1,2\", 7)"), "1");
    // Take 3 or add 1 below the ceiling 2: 2 has no move (0), 1 moves to 2 only (1), 0 moves
    // to 1 only (0).
    assert_eq!(eval("loopy_subtraction(\"3\", 0, add=\"1\", max=2)"), "0");
    assert_eq!(eval("loopy_subtraction(\"3\", 1, add=\"1\", max=2)"), "1");
    // Take 2 or add 1 up to 4: every heap has a move and none ends the game: a draw, ∞.
    assert_eq!(eval("loopy_subtraction(\"2\", 3, add=\"1\", max=4)"), "inf");
}

#[test]
fn the_command_line_reads_and_prints_loopy_games() {
    let (code, out, err) = partizan(&["eval", "on + off"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "dud\n", ""));
    let (code, out, _) = partizan(&["eval", "a{0|a} < 1/1024"]);
    assert_eq!((code, out.as_str()), (0, "true\n"));
    let (code, out, _) = partizan(&["eval", "(over - over).Offside"]);
    assert_eq!((code, out.as_str()), (0, "under\n"));
    let (code, out, _) = partizan(&["eval", "--unicode", "a{*,a|*,a}.SmithValue"]);
    assert_eq!((code, out.as_str()), (0, "∞_{1}\n"));
    let (code, out, _) = partizan(&["families"]);
    assert_eq!(code, 0);
    assert!(out.contains("backsliding_toads(\"T.F\")"), "{out}");
}

#[test]
fn bad_input_is_one_line_with_status_2() {
    for (expr, needle) in [
        // An edge to a position that does not exist.
        ("{0|b}", "no position is labelled 'b'"),
        ("a{0|a} + {b|0}", "no position is labelled 'b'"),
        // Ambiguous labels: defined twice, or spelled like a constant.
        ("a{0|a{a|0}}", "defined twice"),
        ("on{0|on}", "constant"),
        // Requests that need a stopper, on a game that is not one.
        ("dud & 0", "must be a stopper"),
        ("(over - over).LeftOptions", "must be a stopper"),
        ("dud.Upsum(0)", "must be a stopper"),
        // The offside must not exceed the onside.
        ("off & on", "offside"),
        // Smith's value of a partizan game.
        ("over.SmithValue", "impartial"),
        ("43427.SmithValue", "43427 is not impartial"),
        // A method of short games on a loopy one.
        ("on.Mean", "applies to short games"),
        ("{pass|0", "expected"),
    ] {
        let (code, out, err) = partizan(&["eval", expr]);
        assert_eq!(code, 2, "{expr}: {out} {err}");
        assert!(out.is_empty(), "{expr}: {out}");
        assert_eq!(err.lines().count(), 1, "{expr}: {err}");
        assert!(err.starts_with("error: "), "{expr}: {err}");
        assert!(err.contains(needle), "{expr}: {err} lacks {needle:?}");
    }
}

#[test]
fn loopfree_forms_take_their_short_canonical_forms() {
    // A labelled form that never comes back to its label is a short game, simplified by the
    // short algebra: in {*|*} each * reverses through 0, so it is 0; {0,*|0} is ↑* (Lessons in
    // Play ch. 5); a short side of `&` keeps its canonical form ({1|-1} is ±1).
    assert_eq!(eval("a{*|*}"), "0");
    assert_eq!(eval("a{0,*|0}"), "^*");
    assert_eq!(eval("a{0,*|0} + on"), "on");
    assert_eq!(eval("{2|0} & {1|-1}"), "{2|0} & +-1");
    // A large nimber as a side: its 601 positions are not compared pairwise by the survival
    // game (3 s for *842 before).
    assert_eq!(eval("5 & *600"), "5 & *600");
}
