//! `partizan grundy CODE --to N`: the sparse-space engine on the command line.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    crate::util::cli::run(args).parts()
}

#[test]
fn small_n_prints_values_and_summary() {
    let (code, out, err) = run(&["grundy", "0.07", "--to", "12"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "0.07: G(0..=12)");
    // Dawson's Kayles: OEIS A002187 shifted by one.
    assert_eq!(lines[1], "0 0 1 1 2 0 3 1 1 0 3 3 2");
    assert!(out.contains("max value 3"), "{out}");
}

#[test]
fn large_n_prints_the_summary_with_the_proven_period() {
    let (code, out, err) = run(&["grundy", "0.16", "--to", "1000000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("0.16: G(0..=1000000)"));
    assert!(
        out.contains("period 149459, pre-period 105351 (proven: Guy–Smith"),
        "{out}"
    );
    assert!(out.lines().count() < 10, "{out}");
}

#[test]
fn families_the_engine_computes_use_it_beyond_the_direct_methods_reach() {
    // Kayles: period 12 from heap 71 on (Guy and Smith 1956; Winning Ways ch. 4), proven here by
    // the engine from G(0..168), however far the run asks.
    let (code, out, err) = run(&["grundy", "kayles", "--to", "1000000000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("0.77: G(0..=1000000000)"));
    assert!(out.contains("period 12, pre-period 71 (proven"), "{out}");
    let (code, out, err) = run(&["grundy", "octal", "0.16", "--to", "1000000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("period 149459, pre-period 105351"), "{out}");
    // Grundy's game beyond the direct method's 100 000, and a family's values in a format.
    let (code, out, err) = run(&["grundy", "grundy_game", "--to", "150000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("Grundy's game: G(0..=150000)"));
    let (code, out, _) = run(&["grundy", "dawson_kayles", "--to", "4", "--format", "csv"]);
    assert_eq!(code, 0);
    // OEIS A002187 (Dawson's chess), one heap later: 0.07 is 0, 0, 1, 1, 2, ...
    assert_eq!(out, "n,g\n0,0\n1,0\n2,1\n3,1\n4,2\n");
}

#[test]
fn every_value_computes_past_the_proven_period() {
    let bin = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["grundy", "kayles", "--to", "299999", "--every-value"])
        .args(["--format", "binary"])
        .output()
        .unwrap();
    assert!(bin.status.success(), "{bin:?}");
    let g = bin.stdout;
    assert_eq!(g.len(), 300_000);
    // Kayles: OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 and is periodic with
    // period 12 from n = 71 on (Guy and Smith 1956).
    assert_eq!(g[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert!((71..g.len() - 12).all(|n| g[n + 12] == g[n]));
    let (code, out, err) = run(&["grundy", "kayles", "--to", "20000", "--every-value"]);
    assert_eq!(code, 0, "{err}");
    // Computed value by value, the rare positions are counted in all of them: those of
    // G(1..=20000) under the mask the summary names (rare when parity(G(n) & mask) = 0).
    let mask = out
        .split_once("parity(G(n) & 0x")
        .and_then(|(_, rest)| rest.split_once(") = 0\n"))
        .and_then(|(hex, _)| u8::from_str_radix(hex, 16).ok())
        .unwrap_or_else(|| panic!("a mask on its own in {out}"));
    let rare: Vec<usize> = (1..=20_000)
        .filter(|&n| (g[n] & mask).count_ones().is_multiple_of(2))
        .collect();
    let line = format!(
        "rare positions: {}, the last at n = {}",
        rare.len(),
        rare.last().unwrap()
    );
    assert!(out.contains(&line), "{line}\n{out}");
    assert!(out.contains("period 12, pre-period 71 (proven"), "{out}");
    let (code, _, err) = run(&["grundy", "kayles", "--misere", "--every-value"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--every-value do not apply with --misere"),
        "{err}"
    );
}

#[test]
fn formats() {
    let (code, out, _) = run(&["grundy", "0.07", "--to", "3", "--format", "csv"]);
    assert_eq!(code, 0);
    assert_eq!(out, "n,g\n0,0\n1,0\n2,1\n3,1\n");
    let bin = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["grundy", "0.77", "--to", "11", "--format", "binary"])
        .output()
        .unwrap();
    // Kayles, OEIS A002186, one byte a value.
    assert_eq!(bin.stdout, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    let (code, out, _) = run(&["grundy", "grundy_game", "--to", "8", "--format", "text"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(1), Some("0 0 0 1 0 2 1 0 2"));
}

#[test]
fn errors_are_one_line() {
    for (args, needle) in [
        (&["grundy", "0.9", "--to", "5"][..], "not an octal digit"),
        (
            &["grundy", "subtraction", "1,2", "--save", "x"],
            "apply to a code",
        ),
        (
            &["grundy", "0.7", "--to", "5", "--format", "xml"],
            "text, csv or binary",
        ),
        (
            &["grundy", "0.77", "--resume", "/nonexistent/file"],
            "cannot open",
        ),
        (
            &["grundy", "0.77", "--to", "99999999999999999999"],
            "99999999999999999999 is more than",
        ),
        (&["grundy", "0.77", "--to", "-1"], "a non-negative integer"),
        (
            &[
                "grundy",
                "0.77",
                "--to",
                "100000000",
                "--max-memory",
                "10MB",
            ],
            "memory budget",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn save_and_resume() {
    let dir = std::env::temp_dir().join(format!("partizan-sparse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.bin");
    let file = file.to_str().unwrap();
    let (code, _, err) = run(&["grundy", "0.137", "--to", "5000", "--save", file]);
    assert_eq!(code, 0, "{err}");
    let (code, resumed, err) = run(&["grundy", "0.137", "--to", "20", "--resume", file]);
    assert_eq!(code, 0, "{err}");
    let (_, fresh, _) = run(&["grundy", "0.137", "--to", "20"]);
    assert_eq!(resumed.lines().nth(1), fresh.lines().nth(1));
    // The summary after the values is of all 5 001 values the saved run holds, and says so.
    assert_eq!(
        resumed.lines().nth(2),
        Some("the resumed run holds G(0..=5000), which the lines below describe")
    );
    assert!(!fresh.contains("resumed run"), "{fresh}");
    let (code, _, err) = run(&["grundy", "0.77", "--to", "20", "--resume", file]);
    assert_eq!(code, 2);
    assert!(err.contains("not of 0.77"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_and_stops() {
    let dir = std::env::temp_dir().join(format!("partizan-sparse-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.bin");
    // Grundy's game has no period: 10^7 values take minutes, so the run is still going.
    let child = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["grundy", "grundy_game", "--to", "10000000", "--save"])
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("saved to"), "{err}");
    let (code, text, err) = run(&[
        "grundy",
        "grundy_game",
        "--to",
        "20",
        "--format",
        "text",
        "--resume",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // OEIS A002188.
    assert_eq!(
        text.lines().nth(1),
        Some("0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
