//! Requests beyond the sizes the algebra will build, reported as [`ExpansionLimit`].
//!
//! Values `x + n·↑ + *k` are stored by their parts, and the algebra decides sums, comparisons
//! and option sets made of them on those parts. A few operations still need such a value's
//! options written out: `*k` has `k` options on each side, and walking down from `n·↑` visits
//! `n` forms. When that would exceed the limits below, the operation stops with an
//! [`ExpansionLimit`] instead of exhausting memory.
//!
//! The arithmetic operators (`+`, `-`, `<=`, ...) and the constructors cannot return an error, so
//! they stop by unwinding with an [`ExpansionLimit`] payload (see "Panics" on those functions).
//! [`catch`] turns that into a `Result`; the expression evaluator and the command line use it,
//! so that a request beyond the limits is a one-line error there, never a crash (which needs
//! the default `panic = "unwind"`, see the [crate documentation](crate)). The algebra's
//! tables stay consistent when an operation is abandoned this way: every memo entry is written
//! only once its value is complete.
//!
//! ```
//! use partizan::algebra::limits::{catch, NIMBER_OPTIONS_LIMIT};
//! use partizan::Game;
//! // Decided on the parts, however large the nimber: {*n | 0} = ↓ + *(n ⊕ 1).
//! let g = Game::new([Game::nimber(u64::MAX)], [Game::zero()]);
//! assert_eq!(g.to_string(), "v*18446744073709551614");
//! // Listing the options of a huge nimber is refused.
//! let big = Game::nimber(NIMBER_OPTIONS_LIMIT + 1);
//! assert!(catch(|| big.left_options().len()).is_err());
//! ```

use std::panic::UnwindSafe;

pub use crate::unwind::ExpansionLimit;

/// The largest `k` for which the options `*0, …, *(k − 1)` of `*k` are written out. An
/// algorithm that needs them usually compares them with each other or with other options, so
/// its work grows with `k²`: 2^10 keeps that to about a million comparisons.
pub const NIMBER_OPTIONS_LIMIT: u64 = 1 << 10;

/// The most nimber options an operation that visits every follower of `*k` writes out (a sum
/// with a game that is not of the form `x + n·↑ + *j`, heating, …): the `k(k + 1)/2` options of
/// `*k` and of the nimbers below it. The work on them is more than quadratic in `k`
/// (`{1|*} + *4096` once took 3.5 minutes and 750 MB), so such a walk stops at `*361`.
pub const NIMBER_FOLLOWERS_LIMIT: u64 = 1 << 16;

/// The longest chain of forms the algebra walks down from a value `x + n·↑ + *k` that has no
/// closed form for the operation at hand: `|n|` steps for a sum with `n·↑`
/// (`n·↑ + *k`, `(n − 1)·↑ + *(k ⊕ 1)`, …), and the value's birthday for the operations that
/// visit every follower (heating, ordinal sums, …; an integer `n` has `|n|` followers in a chain).
pub const UP_CHAIN_LIMIT: u64 = 1 << 16;

/// The longest notation [`Display`](std::fmt::Display) writes for a game: 2^26 characters
/// (64 MiB). Printing writes out a game's form as a tree, so a value whose form shares its
/// followers (stored once each) can have a notation exponentially longer than its size:
/// `*2 : x` for a number `x` with a 101-bit denominator has 104 generations of followers and
/// a notation of some 2^100 characters.
pub const PRINT_LIMIT: usize = 1 << 26;

/// Abandons the current operation with an [`ExpansionLimit`] (see the module documentation).
#[cold]
pub(crate) fn exceeded(message: String) -> ! {
    crate::unwind::abandon(ExpansionLimit { message })
}

/// Runs `f`, turning an [`ExpansionLimit`] raised inside it into an `Err`. Other panics (bugs)
/// continue to unwind.
pub fn catch<T>(f: impl FnOnce() -> T + UnwindSafe) -> Result<T, ExpansionLimit> {
    crate::unwind::catch_payload(f)
}

/// Refuses to write out the options of `*k` beyond [`NIMBER_OPTIONS_LIMIT`].
pub(crate) fn check_nimber_options(k: u64) {
    if k > NIMBER_OPTIONS_LIMIT {
        exceeded(format!(
            "this needs the {k} options of the nimber *{k}, beyond the limit of {NIMBER_OPTIONS_LIMIT}"
        ));
    }
}

/// Refuses to visit every follower of a value with the nimber part `*k` when the options of
/// `*k` and of the nimbers below it, `k(k + 1)/2` in all, exceed [`NIMBER_FOLLOWERS_LIMIT`]. The
/// chain below `n·↑ + *k` (`n ≠ 0`) ends in `x + *k` or `x + *(k ⊕ 1)`, which holds as many.
pub(crate) fn check_nimber_followers(k: u64) {
    let total = u128::from(k) * (u128::from(k) + 1) / 2;
    if total > u128::from(NIMBER_FOLLOWERS_LIMIT) {
        exceeded(format!(
            "this needs the options of *{k} and of every nimber below it, {total} in all, beyond the limit of {NIMBER_FOLLOWERS_LIMIT}"
        ));
    }
}

/// Refuses to walk the chain below `n·↑` beyond [`UP_CHAIN_LIMIT`] steps.
pub(crate) fn check_up_chain(n: i64) {
    if n.unsigned_abs() > UP_CHAIN_LIMIT {
        exceeded(format!(
            "this needs the {} forms below {n}·↑, beyond the limit of {UP_CHAIN_LIMIT}",
            n.unsigned_abs()
        ));
    }
}

/// An up multiple outside ±(2^63 − 1). The range is symmetric, so that every value has a
/// negative: `i64::MIN` ups would have none, and printing a form that holds it (which negates
/// the form to recognise `±x`) would fail.
pub(crate) fn up_overflow() -> ! {
    exceeded(format!(
        "an up multiple outside the supported range ±{} (2^63 - 1)",
        i64::MAX
    ))
}

/// Refuses to print beyond [`PRINT_LIMIT`] characters.
pub(crate) fn check_printed_length(len: usize) {
    if len > PRINT_LIMIT {
        exceeded(format!(
            "the notation of this value is longer than the limit of {PRINT_LIMIT} characters (its birthday, stops, temperature and other properties can still be asked for)"
        ));
    }
}
