//! `partizan outcome` and `eval --json` on positions whose canonical form is out of reach:
//! answers from outside the engine (MCGS's test corpus, CGSuite's values, hand derivations),
//! `--stats` saying how the answer was found, and clean errors.

use crate::util::cli::{fails, ok, run};

#[test]
fn outcome_of_games_and_positions() {
    // Values: {1|-1} = ±1 is N; ^ is L (Lessons in Play ch. 5); a nimber sum *1 + *1 = 0 is P.
    assert_eq!(ok(&["outcome", "{1|-1}"]), "N\n");
    assert_eq!(ok(&["outcome", "^"]), "L\n");
    assert_eq!(ok(&["outcome", "* + *"]), "P\n");
    // Nim heaps 1, 2, 3: nim-sum 0, a second-player win (Bouton), by search and otherwise.
    assert_eq!(ok(&["outcome", "nim(1,2,3)"]), "P\n");
    assert_eq!(ok(&["outcome", "--search", "nim(1,2,3)"]), "P\n");
    // MCGS's domineering_autotests/7x7_20_stones.test: {B win, W win}.
    let board = "domineering(\"#...##.|.......|#.....#|##.#..#|##....#|#.###.#|..#.##.\")";
    assert_eq!(ok(&["outcome", "--search", board]), "N\n");
    // A loopy game's outcome with draws: on is a win for Left whoever starts (Winning Ways
    // ch. 11: Left can always move, Right never).
    assert_eq!(ok(&["outcome", "on"]), "L\n");
}

#[test]
fn stats_say_how_the_outcome_was_found() {
    // The empty 6x6 Domineering board, a first-player win (BUH): its canonical form does not
    // come out within the first attempt's budget, so the answer is found by search, and --stats
    // says so.
    let board = "domineering(\"......|......|......|......|......|......\")";
    let r = run(&["--stats", "outcome", board]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "N\n");
    assert!(
        r.stderr.contains("was found by search") && r.stderr.contains("positions searched"),
        "{}",
        r.stderr
    );
    // MCGS's nogo_4x5_filled.test: {B loss, W win}. NoGo's own search goes before the
    // canonical form.
    let r = run(&["--stats", "outcome", "nogo(\"..o.o|x..o.|....x|..o..\")"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "R\n");
    assert!(
        r.stderr
            .contains("was found by its family's search, tried before the canonical form")
            && r.stderr.contains("positions searched"),
        "{}",
        r.stderr
    );
    let r = run(&[
        "--stats",
        "outcome",
        "--search",
        "--table-entries",
        "64",
        "--component-budget",
        "0",
        // A graph: searched by the generic search, whose table is emptied when full (a grid
        // goes to the bitboard search, whose table is replaced entry by entry).
        "nogo_graph(\"path:12\")",
    ]);
    assert_eq!(r.stdout, "N\n", "{}", r.stderr);
    assert!(r.stderr.contains("table emptied"), "{}", r.stderr);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    fails(&["outcome", "domineering(\"..x\")"], "domineering");
    fails(&["outcome", "*[2] + *[2]"], "MisereOutcomeClass");
    fails(&["outcome", "[1]"], "");
    fails(&["outcome", "--table-entries", "many", "0"], "many");
}

#[test]
fn json_leaves_out_a_form_too_long_to_print() {
    // The cannibal Clobber row of 30 alternating stones: its canonical form is too long to
    // print. Swapping the colours gives the row reversed, the same game, so G = -G and the
    // outcome is N or P; the search must agree with the form's.
    let out = ok(&[
        "eval",
        "--json",
        "clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\", variant=\"cannibal\")",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let outcome = v["outcome"].as_str().unwrap().to_string();
    assert!(outcome == "N" || outcome == "P", "{outcome}");
    let searched = ok(&[
        "outcome",
        "--search",
        "clobber(\"xoxoxoxoxoxoxoxoxoxoxoxoxoxoxo\", variant=\"cannibal\")",
    ]);
    assert_eq!(searched.trim(), outcome);
    assert!(v["canonical"].is_null());
    assert!(v["canonical_omitted"]
        .as_str()
        .unwrap()
        .contains("longer than the limit"));
}
