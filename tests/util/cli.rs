//! Running the built `partizan` binary, for the command-line tests: one run and its output, and
//! the checks every command shares: success, and a clean failure (exit status 2, nothing on
//! stdout, one `error:` line on stderr, no panic).

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary gave.
pub struct Run {
    /// The exit status (-1 when killed by a signal).
    pub status: i32,
    /// Standard output (lossy: `--format binary` writes bytes).
    pub stdout: String,
    /// Standard error, which must be UTF-8.
    pub stderr: String,
}

impl Run {
    /// `(status, stdout, stderr)`, for destructuring.
    pub fn parts(self) -> (i32, String, String) {
        (self.status, self.stdout, self.stderr)
    }
}

/// Runs `partizan ARGS...` with no standard input.
pub fn run(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(args)
        .output()
        .expect("run partizan");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `partizan ARGS...` with `input` on standard input.
pub fn run_with_input(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run partizan");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write stdin");
    drop(stdin);
    let out = child.wait_with_output().expect("wait for partizan");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
    r.stdout
}

/// A clean failure: status 2, nothing on stdout, one `error: ` line on stderr, no panic and no
/// internal error; the line is returned.
pub fn clean_error(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(
        r.status, 2,
        "{args:?}: status {} stderr {:?}",
        r.status, r.stderr
    );
    assert!(r.stdout.is_empty(), "{args:?}: stdout {:?}", r.stdout);
    assert!(r.stderr.starts_with("error: "), "{args:?}: {:?}", r.stderr);
    assert_eq!(
        r.stderr.trim_end().lines().count(),
        1,
        "{args:?}: {:?}",
        r.stderr
    );
    for sign in ["panicked", "RUST_BACKTRACE", "internal error"] {
        assert!(!r.stderr.contains(sign), "{args:?}: {:?}", r.stderr);
    }
    r.stderr
}

/// A clean failure (see [`clean_error`]) whose line contains `needle`.
pub fn fails(args: &[&str], needle: &str) -> String {
    let err = clean_error(args);
    assert!(err.contains(needle), "{args:?}: {err} lacks {needle:?}");
    err
}
