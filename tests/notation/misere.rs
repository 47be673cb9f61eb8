//! CGSuite's misère notation `*[…]` read by the expression language, against independent
//! sources: the forms CGSuite prints (its tutorial "Misère Theory"), the genera of *Winning Ways*
//! ch. 13 and Siegel's *Combinatorial Game Theory* ch. V, Conway's simplification worked by hand,
//! and misère Grundy values and outcomes recomputed here on explicit game trees from the
//! definitions alone (a reader of the notation written in this file builds the trees).

use partizan::algebra::misere::MisereGame;
use partizan::expr::{self, evaluate, Value, MAX_NESTING};
use std::collections::HashMap;

fn eval(input: &str) -> String {
    match evaluate(input) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{input}: {e}"),
    }
}

fn error(input: &str) -> String {
    match evaluate(input) {
        Ok(v) => panic!("{input} evaluated to {v}"),
        Err(e) => e.to_string(),
    }
}

/// An impartial game tree: its options, sorted, without repetition (so that equal trees are
/// equal values of this type).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree(Vec<Tree>);

fn tree(mut options: Vec<Tree>) -> Tree {
    options.sort();
    options.dedup();
    Tree(options)
}

fn heap(n: u64) -> Tree {
    tree((0..n).map(heap).collect())
}

/// Trees, their sums and misère Grundy values, memoised.
#[derive(Default)]
struct Trees {
    sums: HashMap<(Tree, Tree), Tree>,
    misere: HashMap<Tree, u64>,
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    (0..).find(|k| seen.binary_search(k).is_err()).unwrap()
}

impl Trees {
    /// The disjunctive sum: a move is a move in either component.
    fn sum(&mut self, a: &Tree, b: &Tree) -> Tree {
        if let Some(s) = self.sums.get(&(a.clone(), b.clone())) {
            return s.clone();
        }
        let mut options: Vec<Tree> = a.0.iter().map(|x| self.sum(x, b)).collect();
        options.extend(b.0.iter().map(|y| self.sum(a, y)));
        let s = tree(options);
        self.sums.insert((a.clone(), b.clone()), s.clone());
        s
    }

    /// The misère Grundy value: 1 for a game without moves (the player to move wins), else
    /// the mex of the options' values (Winning Ways ch. 13; Siegel, CGT ch. V.1).
    fn misere_grundy(&mut self, g: &Tree) -> u64 {
        if let Some(&v) = self.misere.get(g) {
            return v;
        }
        let v = if g.0.is_empty() {
            1
        } else {
            let values: Vec<u64> = g.0.iter().map(|o| self.misere_grundy(o)).collect();
            mex(values)
        };
        self.misere.insert(g.clone(), v);
        v
    }

    /// The misère outcome: the player to move wins (N) exactly when the misère Grundy value
    /// is not 0.
    fn misere_outcome(&mut self, g: &Tree) -> &'static str {
        if self.misere_grundy(g) == 0 {
            "P"
        } else {
            "N"
        }
    }

    /// The normal-play Grundy value.
    fn grundy(g: &Tree) -> u64 {
        mex(g.0.iter().map(Trees::grundy))
    }

    /// The misère notation without subtractions, read into a tree: a digit is a nim heap,
    /// terms side by side are the options (one term alone is itself), `#` makes a term the only
    /// option, a subscript digit adds a heap, a subscript `#` is `#`.
    fn read(&mut self, s: &str) -> Tree {
        let body = s
            .strip_prefix("*[")
            .and_then(|b| b.strip_suffix(']'))
            .unwrap();
        let mut lists: Vec<Vec<Tree>> = vec![Vec::new()];
        let mut subscript = false;
        for c in body.chars() {
            match (c, subscript) {
                ('(', false) => lists.push(Vec::new()),
                (')', false) => {
                    let mut terms = lists.pop().unwrap();
                    let t = if terms.len() == 1 {
                        terms.pop().unwrap()
                    } else {
                        tree(terms)
                    };
                    lists.last_mut().unwrap().push(t);
                }
                ('[', false) => subscript = true,
                (']', true) => subscript = false,
                ('#', _) => {
                    let last = lists.last_mut().unwrap().last_mut().unwrap();
                    *last = tree(vec![last.clone()]);
                }
                (d, false) => {
                    let n = u64::from(d.to_digit(10).unwrap());
                    lists.last_mut().unwrap().push(heap(n));
                }
                (d, true) => {
                    let n = u64::from(d.to_digit(10).unwrap());
                    let last = lists.last_mut().unwrap().pop().unwrap();
                    let s = self.sum(&last, &heap(n));
                    lists.last_mut().unwrap().push(s);
                }
            }
        }
        let mut terms = lists.pop().unwrap();
        if terms.len() == 1 {
            terms.pop().unwrap()
        } else {
            tree(terms)
        }
    }
}

fn misere(input: &str) -> MisereGame {
    match evaluate(input) {
        Ok(Value::Misere(g)) => g,
        other => panic!("{input}: {other:?}"),
    }
}

/// Misère canonical forms as CGSuite prints them.
const CGSUITE_FORMS: &[&str] = &[
    "*[0]",
    "*[1]",
    "*[2]",
    "*[2#]",
    "*[2#1]",
    "*[2[2]]",
    "*[2[2]321]",
    "*[(2[2]21)[2]]",
];

/// The forms CGSuite prints read back as themselves.
#[test]
fn cgsuite_forms_read_and_print_back_identically() {
    let more = [
        "*[&10;]",
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]",
    ];
    for &form in CGSUITE_FORMS.iter().chain(&more) {
        assert_eq!(eval(form), form);
        // The value is a misère game, and reading it again gives the same handle.
        assert_eq!(misere(form), form.parse::<MisereGame>().unwrap(), "{form}");
    }
    // A nim heap written as a term list: {0, *} is the heap *2 (it is in canonical form).
    assert_eq!(eval("*[10]"), "*[2]");
}

/// Genera from Winning Ways ch. 13 (and Siegel, CGT ch. V.2): `0^120`, `1^031`, `2^20`,
/// `3^31`, and `{*2}` (written `*[2#]`), whose normal value is 0 and misère value 0: `0^02`.
#[test]
fn the_genera_of_winning_ways() {
    for (form, genus) in [
        ("*[0]", "0^120"),
        ("*[1]", "1^031"),
        ("*[2]", "2^20"),
        ("*[3]", "3^31"),
        ("*[2#]", "0^02"),
    ] {
        assert_eq!(eval(&format!("{form}.Genus")), genus, "{form}");
        assert_eq!(eval(&format!("{form}.genus")), genus, "{form}");
    }
}

/// The terms of the genus and the misère outcomes of sums, recomputed on trees: the reader
/// builds the game the notation says.
#[test]
fn literals_are_the_games_their_notation_describes() {
    let mut trees = Trees::default();
    let forms: Vec<&str> = CGSUITE_FORMS
        .iter()
        .copied()
        .chain(["*[(42)3]", "*[2[#1]]", "*[2[#2#]]"])
        .collect();
    let two = heap(2);
    for &form in &forms {
        let t = trees.read(form);
        let genus = misere(form).genus().clone();
        assert_eq!(
            genus.to_string().split('^').next().unwrap(),
            Trees::grundy(&t).to_string()
        );
        let mut g = t.clone();
        for n in 0..4 {
            assert_eq!(genus.gamma(n), trees.misere_grundy(&g), "{form}: γ{n}");
            g = trees.sum(&g, &two);
        }
        assert_eq!(
            eval(&format!("{form}.MisereOutcomeClass")),
            trees.misere_outcome(&t),
            "{form}"
        );
    }
    // Sums of two literals: the misère sum is the sum of the trees.
    for &a in &forms {
        for b in ["*[1]", "*[2]", "*[2#]", "*[(2[2]21)[2]]"] {
            let (x, y) = (trees.read(a), trees.read(b));
            let s = trees.sum(&x, &y);
            assert_eq!(
                eval(&format!("({a} + {b}).MisereOutcomeClass")),
                trees.misere_outcome(&s),
                "{a} + {b}"
            );
        }
    }
}

#[test]
fn misere_sums() {
    // CGSuite prints *2 + *2 with a subscript.
    assert_eq!(eval("*[2] + *[2]"), "*[2[2]]");
    assert_eq!(eval("*[2] + *[2]"), eval("*[2[2]]"));
    // * + * has the single option * (= {0}); by Conway's simplification (Siegel, CGT ch. V.1)
    // it reverses through 0: 0 is an option of its option *, and 0 has no options, so
    // {*} = 0 provided {*} is a misère N-position, which it is (moving to *, a P-position:
    // the opponent must move to 0 and leave the player to move without a move, who wins).
    assert_eq!(eval("*[1] + *[1]"), "*[0]");
    assert_eq!(eval("*[1] + *[1] + *[1]"), "*[1]");
    // Adding 0 changes nothing; sums commute and associate.
    assert_eq!(eval("*[2#] + *[0]"), "*[2#]");
    assert_eq!(
        eval("(*[2#] + *[3]) + *[2[2]]"),
        eval("*[2#] + (*[3] + *[2[2]])")
    );
    assert_eq!(eval("*[2#] + *[3] == *[3] + *[2#]"), "true");
    // An impartial game is its own negative: -G = G, G - H = G + H.
    assert_eq!(eval("-*[2#]"), "*[2#]");
    assert_eq!(eval("*[2] - *[2]"), "*[2[2]]");
    // Bouton: *2 + *2 is a misère P-position (a heap of two or more, nim-sum 0).
    assert_eq!(eval("(*[2] + *[2]).MisereOutcomeClass"), "P");
}

#[test]
fn misere_games_are_not_normal_play_games() {
    // A plain *2 stays the nimber of normal play; its misère form is *[2].
    assert_eq!(eval("*2"), "*2");
    assert_eq!(eval("*[2] == *2"), "false");
    assert_eq!(eval("*2.MisereCanonicalForm == *[2]"), "true");
    assert_eq!(eval("*[2].MisereCanonicalForm"), "*[2]");
    assert_eq!(eval("*[2].misere_canonical_form"), "*[2]");
    assert_eq!(eval("*[0].MisereOutcomeClass"), "N");
    // Other methods, and normal-play games among misère ones, are one-line errors that say so.
    for (input, needle) in [
        ("*[2].Mean", "*[2] is a misère game"),
        ("*[2#].LeftOptions", "*[2#] is a misère game"),
        ("*[2].Onside", "is a misère game"),
        ("*[2] + *2", "(*2).MisereCanonicalForm"),
        ("*2 + *[2]", "misère games add to misère games"),
        ("{*[2]|0}", "must be a game, not a misère game"),
    ] {
        let e = error(input);
        assert!(!e.contains('\n'), "{e}");
        assert!(e.contains(needle), "{input}: {e} lacks {needle:?}");
    }
}

#[test]
fn malformed_literals_are_one_line_errors_with_a_byte_position() {
    for (input, at, needle) in [
        ("*[2(1]", 5, "expected a heap digit"),
        ("*[", 2, "expected ']' to close '*['"),
        ("*[]", 2, "expected a term before ']'"),
        ("*[(2]", 4, "expected a heap digit"),
        ("*[(2", 4, "expected ')' to close the '(' at byte 2"),
        ("*[()]", 3, "expected a term before ')'"),
        ("*[2[x]]", 4, "expected a subscript"),
        ("*[2[-]]", 5, "expected a heap size after '-'"),
        ("*[&x;]", 3, "expected the digits of a heap size"),
        ("*[&12]", 5, "expected ';'"),
        ("1 + *[x]", 6, "expected a heap digit"),
        ("2*[2]", 1, "written on its own"),
        ("*[2]]", 4, "unmatched ']'"),
    ] {
        let e = evaluate(input).unwrap_err();
        assert_eq!(e.position(), at, "{input}: {e}");
        let text = e.to_string();
        assert!(!text.contains('\n'), "{text}");
        assert!(
            text.starts_with(&format!("at byte {at} of ")),
            "{input}: {text}"
        );
        assert!(text.contains(needle), "{input}: {text} lacks {needle:?}");
    }
    // A subtraction the algebra finds no answer to (no X with X + *2 = 0) is an error at the
    // heap, which it names.
    let e = evaluate("*[0[-2]]").unwrap_err();
    assert_eq!(e.position(), 5);
    assert!(e.message().contains("minus the nim heap *2"), "{e}");
}

/// Parentheses nest up to the expression language's limit; the reader keeps a count, not a
/// recursion, so the limit and beyond are answered on a 2 MiB stack.
#[test]
fn nesting_is_limited_like_every_other_construct() {
    let nested = |n: usize| format!("*[{}2{}]", "(".repeat(n), ")".repeat(n));
    let (at_limit, beyond) = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let at = evaluate(&nested(MAX_NESTING)).map(|v| v.to_string());
            let past = evaluate(&nested(MAX_NESTING + 1)).map(|v| v.to_string());
            (at, past)
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    // (2) is the list with the single term *2, which is *2 itself.
    assert_eq!(at_limit.unwrap(), "*[2]");
    let e = beyond.unwrap_err();
    assert_eq!(e.position(), 2 + MAX_NESTING);
    assert!(e.message().contains("nesting deeper than 1000"), "{e}");
    // A deep game, {{…{*2}…}} with 1000 `#`, built without recursion as well. Its misère
    // outcome alternates with the depth: *2 is N (move to *, a P-position), {*2} is P (its one
    // move reaches *2), {{*2}} is N, …, so 1000 braces around *2 give N.
    let deep = format!("*[2{}]", "#".repeat(1000));
    assert!(expr::parse(&deep).is_ok());
    assert_eq!(eval(&format!("{deep}.MisereOutcomeClass")), "N");
    assert_eq!(
        eval(&format!("*[2{}].MisereOutcomeClass", "#".repeat(999))),
        "P"
    );
}

#[cfg(feature = "cli")]
#[test]
fn the_command_line_reads_misere_games() {
    let (code, out, err) = crate::util::cli::run(&["eval", "*[2] + *[2]"]).parts();
    assert_eq!((code, out.as_str(), err.as_str()), (0, "*[2[2]]\n", ""));
    let (code, out, _) = crate::util::cli::run(&["eval", "*[2#].Genus"]).parts();
    assert_eq!((code, out.as_str()), (0, "0^02\n"));
    let (code, out, err) = crate::util::cli::run(&["eval", "*[2(1]"]).parts();
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "error: at byte 5 of \"*[2(1]\": expected a heap digit, '&n;', '(', '#', '[' or the closing bracket\n"
    );
}
