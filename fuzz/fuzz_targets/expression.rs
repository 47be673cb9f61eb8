//! Parse → evaluate → print → parse, on arbitrary bytes.
//!
//! Every input that is UTF-8 is evaluated with `partizan::expr::evaluate` (the families
//! callable). What must hold:
//!
//! - nothing panics, aborts or overflows the stack (a request beyond the algebra's size limits
//!   is an `Err`, not a crash: the evaluator catches `ExpansionLimit` itself);
//! - an error's `Display` is one line and points inside the input;
//! - every game the input evaluates to (also inside a list) prints in ASCII (`{}`) and in
//!   Unicode (`{:#}`), and each printed form parses back to the identical game;
//! - every other value prints.
//!
//! Inputs whose evaluation is legitimately expensive are skipped (see `expensive::legitimately_expensive`
//! and `fuzz/README.md`), and so is the round trip of values whose printed form is huge.

#![no_main]

#[path = "expensive.rs"]
mod expensive;

use expensive::legitimately_expensive;
use libfuzzer_sys::fuzz_target;
use partizan::algebra::limits::catch;
use partizan::expr::{self, Value, MAX_NESTING};
use partizan::Game;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;

/// The longest input evaluated. The sum of n distinct switches `+-1+-2+…+-n` has a canonical form
/// of about 2^n nodes (n = 28 takes 11 s and 1 GB in a release build), and a few hundred bytes
/// hold far more than that; see the README.
const MAX_LEN: usize = 256;

/// The largest printed tree (in braced forms) that is printed and parsed back; see
/// `printed_nodes_exceed`.
const MAX_PRINTED_NODES: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    // A syntax error is evaluated too (it costs nothing): the error path is checked below.
    if let Ok(tree) = expr::parse(input) {
        if legitimately_expensive(&tree) {
            return;
        }
    }
    match escaped("evaluating", || expr::evaluate(input)) {
        Ok(value) => check_value(input, &value),
        Err(e) => {
            let shown = e.to_string();
            assert_eq!(
                shown.lines().count(),
                1,
                "{input:?}: error on several lines: {}",
                clip(&shown)
            );
            assert!(
                e.position() <= input.len(),
                "{input:?}: error points past the input: {}",
                clip(&shown)
            );
        }
    }
});

/// Prints `value`; for a game, checks that both printed forms parse back to it.
fn check_value(input: &str, value: &Value) {
    match value {
        Value::Game(g) if printed_nodes_exceed(*g, MAX_PRINTED_NODES) => {}
        Value::Game(g) => {
            let ascii = escaped("printing", || g.to_string());
            let unicode = escaped("printing", || format!("{g:#}"));
            for printed in [ascii, unicode] {
                match escaped("parsing a printed form", || printed.parse::<Game>()) {
                    Ok(back) => assert!(
                        back == *g,
                        "{input:?} evaluates to {}, which parses back as {}",
                        clip(&printed),
                        clip(&back.to_string())
                    ),
                    // Known limit: the parser refuses nesting beyond MAX_NESTING. Each level of
                    // a form prints as at most two levels of nesting (braces or a bar, and a
                    // sign or `Tiny(`), so only a form of height above MAX_NESTING / 2 may
                    // print that deep (`v8:3399` is a chain of 3400 forms).
                    Err(e)
                        if e.message().starts_with("nesting deeper than")
                            && 2 * height(*g) + 1 > MAX_NESTING => {}
                    Err(e) => panic!(
                        "{input:?} evaluates to {}, which does not parse: at byte {}: {}",
                        clip(&printed),
                        e.position(),
                        e.message()
                    ),
                }
            }
        }
        Value::List(items) => {
            for item in items {
                check_value(input, item);
            }
        }
        _ => {
            escaped("printing", || value.to_string());
            escaped("printing", || format!("{value:#}"));
        }
    }
}

/// The longest chain of general forms from `g` down through options (values `x + n·↑ + *k`
/// count 0), without recursion.
fn height(g: Game) -> usize {
    let mut memo: HashMap<Game, usize> = HashMap::new();
    let mut stack = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if memo.contains_key(&h) {
            continue;
        }
        if h.is_nus() {
            memo.insert(h, 0);
            continue;
        }
        let options = h.left_options().iter().chain(h.right_options());
        if expanded {
            let below = options.map(|o| memo[o]).max().unwrap_or(0);
            memo.insert(h, below + 1);
        } else {
            stack.push((h, true));
            stack.extend(
                options
                    .filter(|o| !memo.contains_key(*o))
                    .map(|o| (*o, false)),
            );
        }
    }
    memo[&g]
}

/// At most 200 characters of `s`, for messages about forms that may print very long.
fn clip(s: &str) -> String {
    match s.char_indices().nth(200) {
        Some((i, _)) => format!("{}... ({} bytes)", &s[..i], s.len()),
        None => s.to_string(),
    }
}

/// Whether the printed form of `g` may hold more than `cap` braced forms. The notation writes a
/// form as a tree, so a form whose options share followers prints exponentially longer than
/// it is stored: `(*20).Heat(1)` is computed at once, but its printed form has about 2^20
/// braces. Counts the tree size of the general forms (values `x + n·↑ + *k` print in a few
/// characters), one visit per stored follower at most (no more than computing `g` took), and
/// stops as soon as a count passes `cap`.
fn printed_nodes_exceed(g: Game, cap: u64) -> bool {
    let mut size: HashMap<Game, u64> = HashMap::new();
    let mut stack = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if size.contains_key(&h) {
            continue;
        }
        if h.is_nus() {
            size.insert(h, 1);
            continue;
        }
        let options = h.left_options().iter().chain(h.right_options());
        if expanded {
            let n = options.fold(1u64, |n, o| n.saturating_add(size[o]));
            if n > cap {
                return true;
            }
            size.insert(h, n);
        } else {
            stack.push((h, true));
            stack.extend(
                options
                    .filter(|o| !size.contains_key(*o))
                    .map(|o| (*o, false)),
            );
        }
    }
    false
}

/// Runs `f`; a request beyond the algebra's limits that escapes it (the evaluator and the
/// parser must turn every such request into an `Err`) fails with a message naming the stage.
/// Without this the unwinding would cross the fuzzer's `extern "C"` entry and abort with no
/// message at all.
fn escaped<T>(stage: &str, f: impl FnOnce() -> T) -> T {
    match catch(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(limit) => panic!("an expansion limit escaped while {stage}: {limit}"),
    }
}
