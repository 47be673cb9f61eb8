//! The worksheet language on the command line: `partizan eval` with statements, `eval -` whose
//! lines share their names, and `partizan run FILE`. Expected values from CGSuite's EvalTest
//! (`lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala`) or from the definitions.

use crate::util::cli::{clean_error, ok, run_with_input};

#[test]
fn eval_takes_statements() {
    assert_eq!(ok(&["eval", "g := 7; g + 1"]), "8\n");
    assert_eq!(
        ok(&["eval", "for n from 1 to 10 by 3 yield n end"]),
        "[1,4,7,10]\n"
    );
    assert_eq!(ok(&["eval", "0;"]), "");
    assert_eq!(
        ok(&["eval", "--json", "{3,5,3,1}"]),
        "[\"1\",\"3\",\"5\"]\n"
    );
    assert_eq!(ok(&["eval", "--json", "{\"a\" => 1}"]), "{\"a\":\"1\"}\n");
    assert_eq!(ok(&["eval", "--json", "begin end"]), "null\n");
    assert!(clean_error(&["eval", "g + 1"]).contains("unknown name 'g'"));
}

/// `eval -`: one entry a line, the names shared, one line of output a line of input (a
/// suppressed entry answers with an empty line).
#[test]
fn the_lines_of_eval_share_their_names() {
    let r = run_with_input(
        &["eval", "-"],
        "g := 7\ng + 1\nh := g * 2;\nh\nf := x -> x * g\nf(3)\n",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "7\n8\n\n14\nx -> x * g\n21\n");
    let r = run_with_input(&["eval", "-"], "k + 1\nk := 1\nk + 1\n");
    assert_eq!(r.status, 2);
    assert_eq!(r.stdout.lines().nth(2), Some("2"));
}

#[test]
fn run_runs_a_script() {
    let dir = std::env::temp_dir().join(format!("partizan-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("collatz.cgs");
    std::fs::write(
        &script,
        "// Collatz stopping times (the worksheet tutorial of CGSuite's help)\n\
         def Collatz(n) :=\n  if n == 1 then 0\n  elseif n.IsEven then 1 + Collatz(n/2)\n  else 1 + Collatz(3*n+1)\n  end;\n\
         [Collatz(n) for n from 1 to 10]\n\
         for n from 1 to 3 do m := n end\n\
         m\n",
    )
    .unwrap();
    let path = script.to_str().unwrap();
    // The stopping times of 1..10 (OEIS A006577).
    assert_eq!(ok(&["run", path]), "[0,1,7,2,5,8,16,3,19,6]\n3\n");
    let r = run_with_input(&["run", "-"], "a := 1\na + 1\n");
    assert_eq!(r.stdout, "1\n2\n");
    std::fs::write(&script, "a := 1\nb := a +\n").unwrap();
    let e = clean_error(&["run", path]);
    assert!(e.starts_with("error: ") && e.contains("collatz.cgs"), "{e}");
    assert!(
        clean_error(&["run", dir.join("missing.cgs").to_str().unwrap()]).contains("cannot read")
    );
    std::fs::remove_dir_all(&dir).ok();
}
