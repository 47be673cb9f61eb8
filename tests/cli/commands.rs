//! The `partizan` command: output, JSON, exit statuses and one-line errors.

use crate::util::cli::{clean_error, run};

#[test]
fn eval_prints_the_canonical_form() {
    let r = run(&["eval", "{0|*} + ^"]);
    assert_eq!((r.status, r.stdout.as_str()), (0, "^^\n"));
    assert_eq!(run(&["eval", "{3|{2|1}}"]).stdout, "{3||2|1}\n");
    assert_eq!(run(&["eval", "--unicode", "^ + ^ + *"]).stdout, "⇑*\n");
    let long = "^".repeat(73);
    assert_eq!(run(&["eval", &long]).stdout, "^73\n");
}

#[test]
fn eval_json() {
    let r = run(&["eval", "--json", "{1|-1}"]);
    assert_eq!(r.status, 0);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
    assert_eq!(v["canonical"], "+-1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["birthday"], 2);
    assert_eq!(v["is_number"], false);
    assert_eq!(v["is_nimber"], false);
    assert_eq!(v["is_infinitesimal"], false);
    assert!(v.get("number").is_none() && v.get("nimber").is_none());
    let v: serde_json::Value =
        serde_json::from_str(&run(&["eval", "--json", "{0|1}"]).stdout).unwrap();
    assert_eq!(
        (v["number"].as_str(), v["outcome"].as_str()),
        (Some("1/2"), Some("L"))
    );
    let v: serde_json::Value =
        serde_json::from_str(&run(&["eval", "--json", "*3"]).stdout).unwrap();
    assert_eq!(
        (v["nimber"].as_u64(), v["is_infinitesimal"].as_bool()),
        (Some(3), Some(true))
    );
    assert_eq!(r.stdout.lines().count(), 1);
}

#[test]
fn compare_prints_the_relation() {
    for (a, b, rel) in [
        ("^", "*", "||"),
        ("^^", "*", ">"),
        ("0", "^", "<"),
        ("{0|0}", "*", "="),
        ("{1|-1}", "0", "||"),
        // Loopy games compare by both sides (Siegel, CGT ch. VI; WW ch. 11): over = {0|pass} is
        // positive and below every positive number; on exceeds every short game, off is below.
        ("over", "1/1024", "<"),
        ("over", "0", ">"),
        ("on", "off", ">"),
        ("on", "5", ">"),
        ("off", "off", "="),
    ] {
        let r = run(&["compare", a, b]);
        assert_eq!((r.status, r.stdout.trim()), (0, rel), "{a} vs {b}");
    }
    // A value that is not a game is a one-line error.
    assert!(clean_error(&["compare", "true", "1"]).contains("not a game"));
}

#[test]
fn bad_input_gives_one_line_errors_with_status_2() {
    let e = clean_error(&["eval", "{1|*2"]);
    assert_eq!(e, "error: at byte 5 of \"{1|*2\": expected ',' or '}'\n");
    assert!(clean_error(&["eval", "{1/3|0}"]).contains("not a dyadic rational"));
    assert!(clean_error(&["eval", "1.5"]).contains("3/2"));
    clean_error(&["eval", "{"]);
    assert!(clean_error(&["eval", ""]).contains("empty expression"));
    assert!(clean_error(&["eval", "*99999999999999999999999"]).contains("too large"));
    clean_error(&["compare", "^", "{"]);
    assert!(clean_error(&["table", "no-such-family"]).contains("unknown table family"));
}

#[test]
fn usage_errors_exit_2() {
    let r = run(&[]);
    assert_eq!(r.status, 2);
    let r = run(&["frobnicate"]);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("error"));
    assert_eq!(run(&["--help"]).status, 0);
}
