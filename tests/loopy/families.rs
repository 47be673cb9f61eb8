//! Backsliding Toads and Frogs against hand derivations, its symmetry, and an outcome search
//! with draws whose move generator is written here from the rules (`loopy::brute` for the
//! sweep).

use super::brute::{explore, outcome};
use partizan::algebra::loopy::{LoopyOutcome, SidedValue, Stopper};
use partizan::rulesets::backsliding_toads::{outcome as bt_outcome, value, values};

/// The call of the registered `backsliding_toads` family: its loopy game.
fn call(
    positional: &[partizan::rulesets::Arg],
    named: &[partizan::rulesets::NamedArg],
) -> Result<partizan::algebra::loopy::LoopyGame, partizan::Error> {
    let family = partizan::rulesets::family("backsliding_toads").unwrap();
    family.loopy().expect("a loopy family")(positional, named).map(|c| match c {
        partizan::rulesets::LoopyCall::Graph(g) => g,
        other => panic!("a loopy game, not {other:?}"),
    })
}
use partizan::rulesets::toads_frogs::Row;
use std::collections::HashMap;

fn row(s: &str) -> Row {
    Row::parse(s).unwrap()
}

/// The moves of the rules: a creature steps one square either way onto an empty square, or
/// jumps forward over one enemy onto the empty square beyond.
fn moves(s: &str, left: bool) -> Vec<String> {
    let b: Vec<char> = s.chars().collect();
    let (me, them, fwd): (char, char, isize) = if left { ('T', 'F', 1) } else { ('F', 'T', -1) };
    let n = b.len() as isize;
    let get = |i: isize| {
        if (0..n).contains(&i) {
            Some(b[i as usize])
        } else {
            None
        }
    };
    let mut out = Vec::new();
    for i in 0..n {
        if b[i as usize] != me {
            continue;
        }
        let mut targets = Vec::new();
        for d in [1, -1] {
            if get(i + d) == Some('.') {
                targets.push(i + d);
            }
        }
        if get(i + fwd) == Some(them) && get(i + 2 * fwd) == Some('.') {
            targets.push(i + 2 * fwd);
        }
        for t in targets {
            let mut c = b.clone();
            c[t as usize] = me;
            c[i as usize] = '.';
            out.push(c.into_iter().collect());
        }
    }
    out
}

fn brute_outcome(start: &str) -> LoopyOutcome {
    outcome(&explore(start.to_string(), |r, left| moves(r, left)), 0)
}

fn all_rows(len: usize) -> Vec<String> {
    let mut rows = vec![String::new()];
    for _ in 0..len {
        rows = rows
            .into_iter()
            .flat_map(|r| ["T", "F", "."].map(|c| format!("{r}{c}")))
            .collect();
    }
    rows
}

fn mirror(s: &str) -> String {
    s.chars()
        .rev()
        .map(|c| match c {
            'T' => 'F',
            'F' => 'T',
            c => c,
        })
        .collect()
}

#[test]
fn hand_values() {
    // A lone toad with room can step back and forth for ever: Left always has a move, Right never.
    assert_eq!(value(&row("T.")).unwrap(), SidedValue::from(Stopper::on()));
    assert_eq!(value(&row(".T")).unwrap(), SidedValue::from(Stopper::on()));
    assert_eq!(value(&row(".F")).unwrap(), SidedValue::from(Stopper::off()));
    // Nobody can move: 0.
    assert_eq!(value(&row("TF")).unwrap(), SidedValue::zero());
    assert_eq!(value(&row("T")).unwrap(), SidedValue::zero());
    // F.T: Left's only move is T back to FT., where Right has no move; Right's only move is F
    // to .FT, where Left has none: the first player wins, and the row is its own mirror image,
    // so its value is its own negative.
    assert_eq!(bt_outcome(&row("F.T")).unwrap(), LoopyOutcome::N);
    let a = value(&row("F.T")).unwrap();
    assert_eq!(-&a, a);
    assert!(a.is_stopper());
}

#[test]
fn outcomes_match_the_rules() {
    for len in 1..=6 {
        for r in all_rows(len) {
            assert_eq!(bt_outcome(&row(&r)).unwrap(), brute_outcome(&r), "{r}");
        }
    }
}

#[test]
fn values_are_antisymmetric_and_give_the_outcome() {
    let mut computed = 0;
    for len in 1..=5 {
        for r in all_rows(len) {
            let Ok(v) = value(&row(&r)) else { continue };
            computed += 1;
            assert_eq!(v.outcome(), brute_outcome(&r), "{r}: {v}");
            let m = value(&row(&mirror(&r))).unwrap();
            assert_eq!(m, -&v, "{r}: {v} and {}: {m}", mirror(&r));
        }
    }
    assert!(computed > 300, "{computed}");
}

#[test]
fn calls() {
    use partizan::rulesets::Arg;
    assert_eq!(
        call(&[Arg::Str("T.".into())], &[])
            .unwrap()
            .value()
            .unwrap()
            .to_string(),
        "on"
    );
    assert_eq!(
        call(&[Arg::Str("T.".into())], &[]).unwrap().outcome(),
        LoopyOutcome::L
    );
    assert!(call(&[Arg::Str("TXF".into())], &[]).is_err());
    assert!(call(&[], &[]).is_err());
}

#[test]
fn cgsuite_values() {
    // CGSuite's test suite: BackslidingToadsAndFrogs("TTT..FFF").
    assert_eq!(
        value(&row("TTT..FFF")).unwrap().to_string(),
        "{on||0|-1/2} & {1/2|0||off}"
    );
}

/// Every row of up to 8 squares, each row's value computed with the other rows of its graph:
/// the outcome the value gives is the outcome of the rules (searched on the position graph
/// written here), and the mirror image has the negative value.
#[test]
fn values_of_every_row_up_to_8_squares_give_the_outcome() {
    let mut known: HashMap<String, SidedValue> = HashMap::new();
    for len in 1..=8 {
        for r in all_rows(len) {
            if !known.contains_key(&r) {
                for (p, v) in values(&row(&r)).unwrap() {
                    let v = v.unwrap_or_else(|e| panic!("{p}: {e}"));
                    known.insert(p.to_string(), v);
                }
            }
            let v = &known[&r];
            assert_eq!(v.outcome(), brute_outcome(&r), "{r}: {v}");
        }
    }
    for (r, v) in &known {
        assert_eq!(known[&mirror(r)], -v, "{r}: {v}");
    }
    // The values of a row alone and with its graph are the same.
    for r in ["TTT..FFF", "T.F.T.F", "TT..FF", "F..TT.F"] {
        assert_eq!(value(&row(r)).unwrap(), known[r], "{r}");
    }
}

/// Rows of 9 squares, a sample: every row of the graph of `.TTTTFFFF` (630 rows, four toads,
/// four frogs and one empty square) valued together, each value giving the outcome of the rules,
/// and the mirror image the negative value.
#[test]
fn values_of_the_rows_of_a_9_square_graph_give_the_outcome() {
    let all = values(&row(".TTTTFFFF")).unwrap();
    assert_eq!(all.len(), 630);
    let known: HashMap<String, SidedValue> = all
        .into_iter()
        .map(|(p, v)| (p.to_string(), v.unwrap_or_else(|e| panic!("{p}: {e}"))))
        .collect();
    for (r, v) in &known {
        assert_eq!(v.outcome(), brute_outcome(r), "{r}: {v}");
        if let Some(m) = known.get(&mirror(r)) {
            assert_eq!(*m, -v, "{r}: {v}");
        }
    }
}

/// A row with more positions (210,210) than the enumeration once allowed: its outcome is the
/// outcome of the rules.
#[test]
fn outcome_of_a_row_of_210210_positions() {
    let r = "TTTT......FFFF";
    assert_eq!(
        call(&[partizan::rulesets::Arg::Str(r.into())], &[])
            .unwrap()
            .positions(),
        210_210
    );
    assert_eq!(bt_outcome(&row(r)).unwrap(), brute_outcome(r));
}

#[test]
fn the_table_lists_every_row_with_its_value() {
    let t =
        partizan::rulesets::table("backsliding_toads", &["size=5".to_string()]).expect("the table");
    let expected: Vec<String> = (1..=5).flat_map(all_rows).collect();
    let mut keys = t.rows.clone();
    keys.sort();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "every row of 1 to 5 squares, once");
    assert_eq!(t.rows.len(), 3 + 9 + 27 + 81 + 243);
    for (r, cells) in t.rows.iter().zip(&t.cells) {
        assert_eq!(cells[0], value(&row(r)).unwrap().to_string(), "{r}");
    }
    // A toad at the right end with room behind it passes for ever: .T = on (Left's pass).
    let at = |r: &str| t.rows.iter().position(|k| k == r).expect("a row");
    assert_eq!(t.cells[at(".T")][0], "on");
    assert_eq!(t.cells[at("F.")][0], "off");
    assert!(partizan::rulesets::table("backsliding_toads", &["size=10".to_string()]).is_err());
}
