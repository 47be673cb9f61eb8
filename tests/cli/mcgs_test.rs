//! `partizan test`: MCGS's own test files (tests/data/mcgs/, copied from MCGS with their
//! expected results, the outside oracle) run and passed; a wrong expectation fails with status
//! 1; malformed files fail with status 2 and one `error: FILE:LINE: …` line.

use crate::util::cli::{clean_error, run};

/// The folder of MCGS's test files.
fn data(path: &str) -> String {
    format!("{}/tests/data/mcgs/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// MCGS's files that partizan answers fully, each case in milliseconds: every command with an
/// expected result must pass.
const FAST_FILES: &[&str] = &[
    "main_tests/misc_autotests/all_game_types.test",
    "main_tests/misc_autotests/misc.test",
    "main_tests/basic_cgt_autotests/random_cgt_games1.test",
    "main_tests/basic_cgt_autotests/random_cgt_games_imp1.test",
    "main_tests/basic_cgt_autotests/random_cgt_games_imp2.test",
    "main_tests/amazons_autotests/3x3.test",
    "main_tests/cannibal_clobber/3x3-even-stones.test",
    "main_tests/clobber_1xn_autotests/clobber_1xn_le_10_moves.test",
    "main_tests/clobber_1xn_autotests/clobber_1xn_le_12_moves.test",
    "main_tests/clobber_1xn_autotests/clobber_1xn_le_14_moves.test",
    "main_tests/gen_toads_autotests/gen_toads_1100/gen_toads.test",
];

/// The commands of an MCGS file and those among them with an expected result, counted on the
/// text itself (comments removed, then the command blocks but `{version …}` split at commas;
/// `B win`, `W loss`, `N 3` have two words). For files of `B`, `W` and `N` commands only.
fn count_commands(text: &str) -> (usize, usize) {
    let mut rest = text.to_string();
    while let Some(start) = rest.find("/*") {
        let end = rest[start..].find("*/").expect("a closed comment") + start + 2;
        rest.replace_range(start..end, " ");
    }
    let (mut commands, mut expected) = (0, 0);
    for block in rest.split('{').skip(1) {
        let block = block.split('}').next().expect("a closed block").trim();
        if block.starts_with("version") || block.is_empty() {
            continue;
        }
        for command in block.split(',') {
            let words: Vec<&str> = command.split_whitespace().collect();
            assert!(
                matches!(words.first(), Some(&("B" | "W" | "N"))),
                "{command}"
            );
            commands += 1;
            expected += usize::from(words.len() == 2);
        }
    }
    (commands, expected)
}

#[test]
fn mcgs_files_pass() {
    let paths: Vec<String> = FAST_FILES.iter().map(|f| data(f)).collect();
    let (mut commands, mut expected) = (0, 0);
    for p in &paths {
        let (c, e) = count_commands(&std::fs::read_to_string(p).unwrap());
        commands += c;
        expected += e;
    }
    let mut args = vec!["test", "--json", "--time-limit", "5"];
    args.extend(paths.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.status, 0, "{}\n{}", r.stderr, r.stdout);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, cases) = lines.split_last().unwrap();
    assert_eq!(cases.len(), commands);
    assert_eq!(summary["summary"]["cases"], commands);
    for case in cases {
        let verdict = case["verdict"].as_str().unwrap();
        let has_expectation = verdict != "no expected result";
        // Every command with an expected result is decided and agrees with MCGS's result.
        assert!(!has_expectation || verdict == "pass", "{case}");
    }
    assert_eq!(summary["summary"]["pass"], expected);
    assert!(expected > 250, "{expected}");
}

/// Runs MCGS's file `path`, all of whose commands are `word …` with an expected result, and
/// checks that every one passes.
fn all_pass(path: &str, word: &str) -> usize {
    let path = data(path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rest = text.clone();
    while let Some(start) = rest.find("/*") {
        let end = rest[start..].find("*/").expect("a closed comment") + start + 2;
        rest.replace_range(start..end, " ");
    }
    let commands = rest.matches(word).count();
    let r = run(&["test", "--json", &path]);
    assert_eq!(r.status, 0, "{}\n{}", r.stderr, r.stdout);
    let summary: serde_json::Value =
        serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["cases"], commands, "{path}");
    assert_eq!(summary["summary"]["pass"], commands, "{path}");
    commands
}

#[test]
fn winning_moves_pass() {
    // MCGS's test of winning moves in every game and its impartial closure, moves in MCGS's
    // notation.
    let commands = all_pass(
        "autotests/winning_moves/winning_moves_all.test",
        "winning moves",
    );
    assert!(commands > 190, "{commands}");
}

#[test]
fn thermographs_pass() {
    // MCGS's thermographs of 3x3 Amazons and NoGo and 4x4 Domineering boards (CGSuite's).
    for game in ["amazons_3x3", "domineering_4x4", "nogo_3x3"] {
        let commands = all_pass(
            &format!("autotests/thermographs/{game}_therm.test"),
            "thermograph",
        );
        assert_eq!(commands, 10, "{game}");
    }
}

#[test]
fn text_lines_and_a_directory() {
    // MCGS's deliberately wrong file: XO is a first-player win in Clobber, not a loss.
    let r = run(&["test", &data("main_tests/misc_autotests")]);
    assert_eq!(r.status, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // The directory's files in order: all_game_types, misc, wrong_value.
    assert!(
        lines[0].contains("all_game_types.test:17: B win: pass ["),
        "{}",
        lines[0]
    );
    let fails: Vec<&&str> = lines.iter().filter(|l| l.contains(": FAIL (")).collect();
    assert_eq!(fails.len(), 2, "{}", r.stdout);
    assert!(
        fails[0].contains(
            "wrong_value.test:5: B loss: FAIL (expected loss, got win) on [clobber_1xn] XO"
        ),
        "{}",
        fails[0]
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("24 cases: 22 pass, 2 FAIL, 0 undecided, 0 no expected result"),
        "{}",
        r.stdout
    );
    // The format's own description is a valid file; its commands expect nothing but one.
    let r = run(&["test", &data("info.test")]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("info.test:200: B loss: pass"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("info.test:205: N: no expected result (got 1)"),
        "{}",
        r.stdout
    );
}

/// A temporary folder of this test process.
fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("partizan-mcgs-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn wrong_expectations_csv_and_undecided_cases() {
    let dir = temp("cases");
    let file = dir.join("wrong.test");
    std::fs::write(
        &file,
        "{version 1.7}\n[clobber_1xn] XO\n{B win, W loss}\n[integer_game] 2\n{N, winning moves B}\n\
         [clobber] XOXOXO|OXOXOX|XOXOXO|OXOXOX|XOXOXO|OXOXOX\n{B win}\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let r = run(&["test", "--time-limit", "0.05", f]);
    assert_eq!(r.status, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!("{f}:3: B win: pass")),
        "{}",
        r.stdout
    );
    assert!(
        lines[1].starts_with(&format!("{f}:3: W loss: FAIL (expected loss, got win)")),
        "{}",
        r.stdout
    );
    assert!(
        lines[2].contains(":5: N: undecided (the sum has a partizan game"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains(":5: winning moves B: no expected result (got INT)"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains(":7: B win: undecided (time limit of 0.05 s reached)"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with("5 cases: 1 pass, 1 FAIL, 2 undecided, 1 no expected result"),
        "{}",
        lines[5]
    );
    // CSV: a header, one row a case, the summary on stderr.
    let r = run(&["test", "--csv", "--time-limit", "0.05", f]);
    assert_eq!(r.status, 1);
    let rows: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        rows[0],
        "file,line,command,verdict,expected,got,reason,seconds,sum"
    );
    assert_eq!(rows.len(), 6);
    assert!(
        rows[2].starts_with(&format!("{f},3,W loss,FAIL,loss,win,,")),
        "{}",
        rows[2]
    );
    assert!(r.stderr.starts_with("5 cases: "), "{}", r.stderr);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn malformed_files_name_their_line() {
    let dir = temp("malformed");
    let cases = [
        (
            "section.test",
            "{version 1.7}\n\n[clobbr] XO\n{B}\n",
            ":3: unknown game \"clobbr\"",
        ),
        (
            "command.test",
            "{version 1.7}\n[clobber] XO\n{B win, X}\n",
            ":3: unknown command \"X\"",
        ),
        (
            "result.test",
            "{version 1.7}\n[clobber] XO\n{B draw}\n",
            ":3: B command: expected result \"draw\"",
        ),
        (
            "comment.test",
            "{version 1.7}\n[clobber] XO\n\n/* never closed\n{B}\n",
            ":4: unterminated comment",
        ),
        (
            "board.test",
            "{version 1.7}\n[clobber] XO|X\n{B}\n",
            ":2: [clobber] the rows of \"XO|X\"",
        ),
        (
            "version.test",
            "[clobber] XO\n{B}\n",
            ":1: expected {version 1.7}",
        ),
    ];
    for (name, text, message) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let f = file.to_str().unwrap();
        let line = clean_error(&["test", f]);
        assert!(
            line.starts_with(&format!("error: {f}")) && line.contains(message),
            "{name}: {line}"
        );
    }
    // A malformed file stops the command before any case runs, even after a good one.
    let good = data("main_tests/misc_autotests/misc.test");
    clean_error(&["test", &good, dir.join("command.test").to_str().unwrap()]);
    // A path that cannot be read.
    let missing = dir.join("missing.test");
    let line = clean_error(&["test", missing.to_str().unwrap()]);
    assert!(line.contains("missing.test"), "{line}");
    std::fs::remove_dir_all(dir).unwrap();
}
