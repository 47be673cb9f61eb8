//! The `partizan` command as a Unix tool: expressions starting with `-`, a closed pipe, one
//! expression a line on standard input, `families`, the memory budget, `--stats`, progress and
//! Ctrl-C. Expected values come from the rules of CGT, not from the program's own output.

use crate::util::cli::{run, run_with_input, Run};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn partizan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_partizan"))
}

/// Waits for `child`, killing it and failing after `limit` (a guard against hanging, not a
/// speed test).
fn wait_at_most(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("partizan did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One `error:` line on stderr and nothing else.
fn assert_one_error_line(r: &Run) {
    assert!(r.stderr.starts_with("error: "), "stderr {:?}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "stderr {:?}", r.stderr);
    assert!(!r.stderr.contains("panicked") && !r.stderr.contains("internal error"));
}

/// An 8×8 Domineering board with one filled corner: far too much work for any test, so it runs
/// until stopped (the empty board is refused at once as out of reach; a board with filled
/// squares is not estimated).
const BIG_BOARD: &str =
    "domineering(\"#.......|........|........|........|........|........|........|........\")";

#[test]
fn expressions_may_start_with_a_minus_sign() {
    let r = run(&["eval", "-1"]);
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "-1\n", "")
    );
    assert_eq!(run(&["eval", "--", "-1"]).stdout, "-1\n");
    // -1/2 + -1/2 = -1.
    assert_eq!(run(&["eval", "-1/2 + -1/2"]).stdout, "-1\n");
    assert_eq!(run(&["eval", "-1", "--json"]).status, 0);
    // -1/2 < * : a negative number is less than any infinitesimal.
    let r = run(&["compare", "-1/2", "*"]);
    assert_eq!((r.status, r.stdout.as_str()), (0, "<\n"));
    assert_eq!(run(&["compare", "*", "-1/2"]).stdout, ">\n");
    assert_eq!(run(&["compare", "-1", "-1"]).stdout, "=\n");
    let r = run(&["thermograph", "-2"]);
    assert!(r.stdout.starts_with("game: -2\n"), "{:?}", r.stdout);
}

#[test]
fn a_mistyped_option_is_not_taken_for_an_expression() {
    let r = run(&["eval", "--jsn"]);
    assert_eq!(r.status, 2);
    assert_one_error_line(&r);
    assert!(r.stderr.contains("--jsn"), "{:?}", r.stderr);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = partizan()
        .args(["grundy", "octal", "0.77", "--to", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run partizan");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).expect("read the first bytes");
    assert_eq!(&first, b"octal game 0.77:");
    drop(stdout);
    let status = wait_at_most(&mut child, Duration::from_secs(120));
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    assert_eq!(status.code(), Some(0), "stderr {stderr:?}");
    assert_eq!(stderr, "");
}

#[test]
fn standard_input_one_expression_a_line() {
    // Blank lines are skipped; the answers and the error line up with the expressions.
    let input = "1 + 1\n\n{1|*2\n  -1/2  \r\n^ + v\n";
    for args in [&["eval"][..], &["eval", "-"][..]] {
        let r = run_with_input(args, input);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{:?}", r.stdout);
        assert_eq!(lines[0], "2");
        assert!(lines[1].starts_with("error: ") && lines[1].contains("{1|*2"));
        assert_eq!(lines[2], "-1/2");
        assert_eq!(lines[3], "0");
        assert_eq!(r.status, 2);
        assert_one_error_line(&r);
    }
    let r = run_with_input(&["eval"], "*\n*2 + *3\n");
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "*\n*\n", "")
    );
    let r = run_with_input(&["eval"], "");
    assert_eq!((r.status, r.stdout.as_str()), (0, ""));
}

#[test]
fn standard_input_with_json_and_lists() {
    let r = run_with_input(&["eval", "--json"], "-1\n{1|\n");
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["canonical"], "-1");
    assert!(lines[1]["error"].is_string(), "{:?}", lines[1]);
    assert_eq!(r.status, 2);
    // A list prints on one line, as CGSuite prints lists: `[a,b]`. The incentives of *2 (options 0 and * on both sides) are
    // 0 - *2 = *2 and * - *2 = *3 (Left's), the same for Right's; *2 and *3 are confused, so
    // neither is dominated.
    let r = run_with_input(&["eval"], "(*2).incentives()\n3\n");
    assert_eq!(r.status, 0, "{:?}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{:?}", r.stdout);
    let list = lines[0].strip_prefix('[').and_then(|l| l.strip_suffix(']'));
    let mut items: Vec<&str> = list.expect("a list in brackets").split(',').collect();
    items.sort();
    assert_eq!((items, lines[1]), (vec!["*2", "*3"], "3"));
}

#[test]
fn families_lists_every_family_with_an_example_that_works() {
    let r = run(&["families"]);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    for f in partizan::rulesets::FAMILIES.iter() {
        let line = r
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{}(", f.name())))
            .unwrap_or_else(|| panic!("no line for {}", f.name()));
        assert!(
            r.stdout.contains(&format!("e.g. {}", f.example())),
            "{line}"
        );
        if let Some(t) = f.table() {
            assert!(r.stdout.contains(t.example), "{}", f.name());
        }
        if f.sequence().is_some() {
            assert!(
                r.stdout.contains(&format!("grundy {} ", f.name())),
                "{}",
                f.name()
            );
        }
    }
    // Every expression example evaluates (through standard input: one line each).
    let examples: Vec<&str> = partizan::rulesets::FAMILIES
        .iter()
        .map(|f| f.example())
        .collect();
    let r = run_with_input(&["eval"], &examples.join("\n"));
    assert_eq!(r.status, 0, "{} {}", r.stdout, r.stderr);
    assert_eq!(r.stdout.lines().count(), examples.len());
    for t in partizan::rulesets::FAMILIES
        .iter()
        .filter_map(|f| f.table())
    {
        let args: Vec<&str> = t.example.split_whitespace().collect();
        let r = run(&args);
        assert_eq!(r.status, 0, "{}: {}", t.example, r.stderr);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_memory_budget_stops_with_one_line() {
    let mut child = partizan()
        .args(["eval", BIG_BOARD, "--max-memory", "50MB"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run partizan");
    let status = wait_at_most(&mut child, Duration::from_secs(120));
    let out = child.wait_with_output().expect("output");
    let r = Run {
        status: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert_eq!(r.status, 2, "{:?}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_one_error_line(&r);
    let line = r.stderr.trim_end();
    let n = line
        .strip_prefix("error: stopped: memory budget 50 MB reached after ")
        .and_then(|rest| rest.strip_suffix(" positions"))
        .unwrap_or_else(|| panic!("{line:?}"));
    assert!(n.parse::<u64>().is_ok_and(|n| n > 0), "{line:?}");
}

/// In a batch, the budget stops the line that passes it: its `error:` line in its place, the
/// memory it held given back, and the lines after it answered.
#[cfg(target_os = "linux")]
#[test]
fn the_memory_budget_stops_one_line_of_a_batch() {
    // Clobber 5 × 6 (checkerboard) needs far more than 100 MB; its tables grow by steps small
    // against the budget. (A table that would grow past twice the budget in one allocation
    // ends the run instead, as outside a batch.)
    let big = "clobber(\"xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo\")";
    let input = format!("^\n{big}\n{{3|-2}}.Mean\n*2 + *3\n");
    let r = run_with_input(&["--max-memory", "100MB", "eval", "-"], &input);
    assert_eq!(r.status, 2, "{:?}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{:?}", r.stdout);
    assert!(
        lines[1].starts_with("error: stopped: memory budget 100 MB reached after "),
        "{:?}",
        lines[1]
    );
    // ^, the mean of {3|-2} (Lessons in Play ch. 6: (3 + -2)/2) and *2 + *3 = *1.
    assert_eq!([lines[0], lines[2], lines[3]], ["^", "1/2", "*"]);
    assert_eq!(
        r.stderr.trim_end(),
        "error: 1 of 4 expressions failed (their errors are in the output, in order)"
    );
}

#[test]
fn a_bad_memory_size_is_one_line() {
    for bad in ["12parsecs", "0", "-5MB", "MB", "1.5.2G"] {
        let r = run(&["eval", "1", "--max-memory", bad]);
        assert_eq!(r.status, 2, "{bad}");
        assert_eq!(r.stdout, "");
        assert_one_error_line(&r);
        assert!(r.stderr.contains(bad), "{:?}", r.stderr);
    }
    for good in ["200MB", "1.5GB", "512MiB", "1G", "64 kB"] {
        assert_eq!(run(&["eval", "1", "--max-memory", good]).stdout, "1\n");
    }
}

#[test]
fn stats_go_to_stderr() {
    for args in [&["eval", "1", "--stats"][..], &["--stats", "eval", "1"][..]] {
        let r = run(args);
        assert_eq!((r.status, r.stdout.as_str()), (0, "1\n"));
        assert_eq!(r.stderr.lines().count(), 1, "{:?}", r.stderr);
        assert!(r.stderr.starts_with("stats: "), "{:?}", r.stderr);
        for word in [" s, ", " positions, ", "peak memory ", "budget "] {
            assert!(r.stderr.contains(word), "{:?}", r.stderr);
        }
    }
    let r = run(&["eval", "1", "--max-memory", "1GB", "--stats"]);
    assert!(
        r.stderr.trim_end().ends_with("budget 1 GB"),
        "{:?}",
        r.stderr
    );
}

#[test]
fn global_options_are_accepted_everywhere_and_progress_conflicts_with_quiet() {
    for args in [
        &["families", "--quiet"][..],
        &["compare", "1", "2", "--progress"][..],
        &["--max-memory", "1G", "grundy", "kayles", "--to", "5"][..],
        &["table", "wythoff", "size=3", "--quiet", "--stats"][..],
    ] {
        assert_eq!(run(args).status, 0, "{args:?}");
    }
    let r = run(&["eval", "1", "--progress", "--quiet"]);
    assert_eq!(r.status, 2);
    assert_one_error_line(&r);
}

/// `--progress` shows progress lines on a pipe after a second of work; Ctrl-C then ends the
/// process with status 130.
#[cfg(unix)]
#[test]
fn progress_and_ctrl_c() {
    let (first, last, status) =
        first_line_then_ctrl_c(&["eval", BIG_BOARD, "--progress", "--max-memory", "4GB"]);
    assert!(
        first.starts_with("progress: ") && first.contains(" positions"),
        "{first:?}"
    );
    assert_eq!(status.code(), Some(130));
    // The work was stopped, and says so.
    assert_eq!(last, "error: interrupted");
}

/// Sends SIGINT, as Ctrl-C at a terminal does.
#[cfg(unix)]
fn ctrl_c(child: &Child) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
}

/// Runs `partizan args`, waits at most a minute for the first line on stderr, then sends
/// Ctrl-C (SIGINT) and waits at most 30 s for the end: the first and last lines on stderr (a
/// progress line is rewritten in place, so lines are split at carriage returns too) and the
/// exit status.
#[cfg(unix)]
fn first_line_then_ctrl_c(args: &[&str]) -> (String, String, std::process::ExitStatus) {
    let mut child = partizan()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run partizan");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let first = rx.recv_timeout(Duration::from_secs(60));
    ctrl_c(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(30));
    let first = first.expect("a line on stderr within a minute");
    let rest: Vec<String> = rx.iter().collect();
    let last = rest
        .iter()
        .flat_map(|l| l.split('\r'))
        .map(|l| l.replace("\x1b[2K", "").trim().to_string())
        .rfind(|l| !l.is_empty())
        .unwrap_or_default();
    (first, last, status)
}

/// A long `grundy CODE` run announces its values, so its progress line gives the share done
/// (of `N + 1` values for `--to N`); Ctrl-C stops it with status 130.
#[cfg(unix)]
#[test]
fn a_long_grundy_run_shows_its_share_done() {
    let (first, _, status) =
        first_line_then_ctrl_c(&["grundy", "0.007", "--to", "100000000", "--progress"]);
    assert!(
        first.starts_with("progress: ") && first.contains("% of 100,000,001"),
        "{first:?}"
    );
    assert_eq!(status.code(), Some(130));
}

/// A syntax error in a long input quotes about 80 characters around the failing byte, not the
/// whole line: here a sum of 50 000 `1`s with a stray `]` near its end.
#[test]
fn an_error_in_a_long_input_quotes_only_its_neighbourhood() {
    let mut line = "1+".repeat(50_000);
    let at = line.len();
    line.push_str("]1+1");
    let r = run(&["eval", &line]);
    assert_eq!(r.status, 2);
    assert_one_error_line(&r);
    assert!(r.stderr.len() < 300, "stderr {:?}", r.stderr);
    assert!(
        r.stderr
            .contains(&format!("at byte {at} of {} bytes", line.len())),
        "{}",
        r.stderr
    );
    // The quote is cut before the failing byte (marked …) and shows what follows it.
    assert!(r.stderr.contains("…\"1+1+"), "{}", r.stderr);
    assert!(r.stderr.contains("]1+1\""), "{}", r.stderr);
    // A short input is still quoted whole.
    let r = run(&["eval", "1+]"]);
    assert!(r.stderr.contains("at byte 2 of \"1+]\""), "{}", r.stderr);
}

/// `eval -` answers every input on one line, a thermograph included, so that answers and inputs
/// line up; with `--json` a thermograph is an object. For the switch `{3 | -2}` the mean is
/// `(3 + (-2))/2 = 1/2` and the temperature `(3 - (-2))/2 = 5/2` (*Lessons in Play* ch. 6); its
/// left wall is `3 - t` up to the temperature (4 at `t = -1`) and its right wall `-2 + t`.
#[test]
fn batch_answers_stay_one_a_line() {
    let r = run_with_input(
        &["eval", "-"],
        "{3|-2}.Thermograph\n{3|-2}.Followers\n{3|-2}.Mean\n",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{:?}", r.stdout);
    assert_eq!(
        lines[0],
        "mean: 1/2; temperature: 5/2; left wall: 4@-1 1/2@5/2; right wall: -3@-1 1/2@5/2"
    );
    assert_eq!(lines[2], "1/2");
    let r = run(&["eval", "--json", "{3|-2}.Thermograph"]);
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["mean"], "1/2");
    assert_eq!(json["temperature"], "5/2");
    assert_eq!(json["left_wall"], "4@-1 1/2@5/2");
    assert_eq!(json["right_wall"], "-3@-1 1/2@5/2");
}

/// `eval` reading from a terminal says how it reads (one expression a line, until the end of
/// input) instead of waiting silently; `script` gives it a terminal. From a pipe it says nothing
/// (`standard_input_one_expression_a_line`).
#[cfg(unix)]
#[test]
fn eval_at_a_terminal_says_how_it_reads() {
    let command = format!("{} eval", env!("CARGO_BIN_EXE_partizan"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run script (util-linux)");
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, b"1+1\n").expect("write");
    std::thread::sleep(Duration::from_millis(500));
    drop(stdin);
    let mut stdout = child.stdout.take().expect("stdout");
    let status = wait_at_most(&mut child, Duration::from_secs(30));
    let mut text = String::new();
    stdout.read_to_string(&mut text).expect("read");
    assert!(status.success(), "{text:?}");
    assert!(
        text.contains("one expression a line, until the end of input"),
        "{text:?}"
    );
    assert!(text.lines().any(|l| l.trim() == "2"), "{text:?}");
}

/// An unknown name gets the nearest known ones ("did you mean"), on one short line, in every
/// place a name is read: CGSuite's spelling of a family, a method without its last word, a
/// family asked for the wrong kind of output, a misspelt family; where no name is near, where the
/// names are listed.
#[test]
fn unknown_names_suggest_the_nearest() {
    let cases: [(&[&str], &str); 8] = [
        // No name is near: the message says where the names are listed, on one short line.
        (
            &["eval", "Xyzzy(^)"],
            "`partizan families` lists the families",
        ),
        (
            &["eval", "^.Xyzzy"],
            "docs/NOTATION.md, Methods, lists them",
        ),
        (
            &["eval", "Domineerin(\"..\")"],
            "did you mean Domineering or domineering?",
        ),
        (
            &["eval", "^.Outcome"],
            "did you mean OutcomeClass or outcome_class?",
        ),
        (
            &["table", "kayles"],
            "kayles has no table; its Grundy values: partizan grundy kayles",
        ),
        (&["grundy", "kayls"], "did you mean kayles?"),
        (&["table", "domineerin"], "did you mean domineering?"),
        (&["families", "kayls"], "did you mean kayles?"),
    ];
    for (args, expected) in cases {
        let r = run(args);
        assert_eq!(r.status, 2, "{args:?}");
        assert_one_error_line(&r);
        assert!(r.stderr.contains(expected), "{args:?}: {}", r.stderr);
        assert!(r.stderr.len() < 200, "{args:?}: {}", r.stderr);
    }
}

/// `partizan families NAME` shows that family alone.
#[test]
fn families_shows_one_family() {
    let r = run(&["families", "kayles"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("kayles\n"), "{}", r.stdout);
    assert!(r.stdout.contains("e.g. kayles("), "{}", r.stdout);
    assert!(!r.stdout.contains("domineering"), "{}", r.stdout);
}

/// Ctrl-C during a table prints the rows finished, says how many, and exits with status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_finished_rows_of_a_table() {
    let mut child = partizan()
        .args(["table", "domineering", "rows=6", "cols=6"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run partizan");
    // The rows of up to 5 squares a side take well under a second; the 6 × 6 board far longer.
    std::thread::sleep(Duration::from_secs(3));
    ctrl_c(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(30));
    let out = child.wait_with_output().expect("output");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(status.code(), Some(130), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("# Values of Domineering rectangles"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("rows\\cols\t1\t2"), "{stdout}");
    let rows = lines.len() - 2;
    assert!((1..6).contains(&rows), "{stdout}");
    // Row 1: 1 × n boards, where only Right moves: −⌊n/2⌋.
    assert_eq!(lines[2], "1\t0\t-1\t-1\t-2\t-2\t-3");
    assert_eq!(
        stderr.trim_end(),
        format!("error: interrupted after {rows} of the table's rows")
    );
}

/// A table's progress line says which cell is being computed.
#[cfg(unix)]
#[test]
fn a_table_s_progress_names_its_cell() {
    let (first, _, status) =
        first_line_then_ctrl_c(&["--progress", "table", "domineering", "rows=6", "cols=6"]);
    assert_eq!(status.code(), Some(130));
    let rest = first
        .strip_prefix("progress: cell ")
        .unwrap_or_else(|| panic!("{first:?}"));
    let (at, rest) = rest
        .split_once(" of 36, ")
        .unwrap_or_else(|| panic!("{first:?}"));
    assert!(
        at.parse::<u32>().is_ok_and(|k| (1..=36).contains(&k)),
        "{first:?}"
    );
    assert!(rest.contains(" positions"), "{first:?}");
}
