//! The worksheet language on arbitrary bytes: statements, names, loops, functions and
//! collections (CGScript as CGSuite's worksheets write it).
//!
//! Every input that is UTF-8 is run as an entry of a fresh `partizan::expr::Worksheet` and as a
//! script (`Worksheet::run_script`), within a budget of work (`interrupt::within_budget`): every
//! loop round and call of the language is an interruption point, so an endless loop or a deep
//! recursion ends as `OverBudget` rather than a timeout. What must hold:
//!
//! - nothing panics, aborts or overflows the stack (deep recursion is an error at
//!   `MAX_CALL_DEPTH`, deep nesting at `MAX_NESTING`);
//! - an error's `Display` is one line and points inside the input;
//! - every value prints, in ASCII and in Unicode;
//! - a value that is a game reads back from its printed form to the identical game.
//!
//! Inputs that the expression target skips as legitimately expensive (`expensive.rs`: work
//! that grows with a number written in the input, such as a loopy literal beside a literal of
//! millions of followers) are skipped here too; the budget bounds the language's own loops and
//! calls, not the size of one game.

#![no_main]

#[path = "expensive.rs"]
mod expensive;

use libfuzzer_sys::fuzz_target;
use partizan::algebra::limits::catch;
use partizan::expr::{Value, Worksheet};
use partizan::interrupt::within_budget;
use std::panic::AssertUnwindSafe;

/// The longest input run.
const MAX_LEN: usize = 512;

/// The work (in the units of the interruption points: a loop round or a call counts 1024) an
/// input may do: 2,048 loop rounds. An endless loop of 65,536 rounds (`n := *; while n < 887
/// do n := n * 2 end`, 0.4 s in a release build) took 29 s in the fuzzing build on a loaded
/// machine, near libFuzzer's timeout of 30 s, run twice (entry and script); and a loop whose
/// rounds grow the value costs rounds squared: `n := 2; while n < 200 do n := n.temperature : 2
/// end` makes a number of a birthday twice the round each round (2,000 rounds 1.5 s in a
/// release build, 16,384 rounds over 44 s in the fuzzing build). 2,048 rounds keep both well
/// inside the timeout.
const BUDGET: u64 = 1 << 21;

fn check_value(input: &str, v: &Value) {
    // A value whose notation passes the printing limit (`3:09vv2:v*22:v`, more than 2^26
    // characters) is refused by printing with `ExpansionLimit`, as `eval` reports it; there is
    // nothing to read back then.
    let Ok(plain) = catch(AssertUnwindSafe(|| v.to_string())) else {
        return;
    };
    let Ok(_unicode) = catch(AssertUnwindSafe(|| format!("{v:#}"))) else {
        return;
    };
    if let Value::Game(g) = v {
        if plain.len() < 4096 {
            let back: partizan::Game = plain.parse().unwrap_or_else(|e| {
                panic!("{input:?} gave {plain}, which does not read back: {e}")
            });
            assert_eq!(back, *g, "{input:?}: {plain} reads back as another game");
        }
    }
}

fn check_error(input: &str, e: &partizan::expr::Error) {
    let line = e.to_string();
    assert!(!line.contains('\n'), "{input:?}: a two-line error: {line}");
    assert!(
        e.position() <= input.len(),
        "{input:?}: error at {} beyond the input",
        e.position()
    );
}

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if partizan::expr::parse(input).is_ok_and(|tree| expensive::legitimately_expensive(&tree)) {
        return;
    }
    let _ = within_budget(
        BUDGET,
        AssertUnwindSafe(|| {
            let mut w = Worksheet::new();
            match w.evaluate(input) {
                Ok(Some(v)) => check_value(input, &v),
                Ok(None) => {}
                Err(e) => check_error(input, &e),
            }
        }),
    );
    let _ = within_budget(
        BUDGET,
        AssertUnwindSafe(|| {
            let mut w = Worksheet::new();
            let mut values = Vec::new();
            if let Err(e) = w.run_script(input, |v| values.push(v)) {
                check_error(input, &e);
            }
            for v in &values {
                check_value(input, v);
            }
        }),
    );
});
