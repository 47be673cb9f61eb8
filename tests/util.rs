//! What the tests share: parsing shorthands, snapshots and running a test in a process of its own
//! here; the reference implementation of the algebra ([`reference`]), random cases and their seed
//! ([`random`]), and running the built `partizan` command ([`cli`]) in the modules below.

#[cfg(feature = "cli")]
pub mod cli;
pub mod random;
pub mod reference;

use partizan::{Game, Number};
use std::process::Command;

/// Parses a game (panics on a typo in the test itself).
pub fn g(s: &str) -> Game {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses a number.
pub fn n(s: &str) -> Number {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

/// Checks `text` against the snapshot `snapshots/<name>.snap` (insta).
pub fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// The environment variable that tells a run of this binary started by [`in_own_process`]
/// which test it is to run.
const OWN_PROCESS: &str = "PARTIZAN_TEST_OWN_PROCESS";

/// Runs `body`, the body of the test `name` (its path in this binary, as `cargo test -- --list`
/// prints it), in a process of its own, for a test that changes what the whole process shares:
/// a request of [`partizan::interrupt`] stops the work of every thread, and so of the tests
/// running beside it. The test runs this binary again on itself alone, where `body` runs, and
/// passes when that run passes.
pub fn in_own_process(name: &str, body: impl FnOnce()) {
    if std::env::var_os(OWN_PROCESS).is_some_and(|v| v == name) {
        body();
        return;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([name, "--exact", "--test-threads=1"])
        .env(OWN_PROCESS, name)
        .output()
        .expect("run the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name} in its own process: {}\n{stdout}{stderr}",
        out.status
    );
}
