//! The Grundy sequences of heap games with their proven period, `partizan grundy FAMILY
//! [ARGS...] --to N`, each built in its family's file; here the proof of a period and the
//! reading of a sequence's words.
//!
//! | family | arguments | game |
//! |---|---|---|
//! | `subtraction` | a set, `1,3,4` | [`crate::rulesets::subtraction::Subtraction`] |
//! | `take_range` | `P Q` | [`crate::rulesets::subtraction::TakeRange`] (normal play) |
//! | `octal` | a code, `0.77` | [`crate::rulesets::octal::OctalGame`] |
//! | `kayles`, `dawson_kayles`, `dawson_chess` | none | the octal games `0.77`, `0.07`, `0.137` |
//! | `grundy_game` | none | [`crate::rulesets::octal::GrundyGame`] |
//!
//! A period is printed only when it is proven, with its proof:
//! - a subtraction game: the last `max(S)` values repeat an earlier window of `max(S)` values
//!   ([`crate::solve::grundy::subtraction_periodicity`]); the search goes on past the printed
//!   values, up to 2^24 values;
//! - an octal game (and take-a-range, an octal game): the Octal Periodicity Theorem of Guy and
//!   Smith, with its bound `2·n0 + 2p + t` inside the computed values
//!   ([`crate::solve::grundy::octal_periodicity`]); more values than printed are computed for the
//!   certificate, up to 2^20 (2^13 for games that split heaps, whose values cost quadratic time).
//!
//! Otherwise the report says `no period found in G(0..=N)`, `N + 1` being the number of values
//! examined. Grundy's game has no periodicity theorem (and no known period), so it always says so.
//!
//! Beyond `N` = 100 000 the games that split heaps are computed by the sparse-space engine
//! ([`crate::solve::sparse`]), up to `N` = 10^8 (the values are returned as a list), with its
//! proof of the period when the values reach the certificate.

use crate::solve::grundy::{octal_periodicity, Periodicity};
use crate::Error;

pub(super) fn no_args(args: &[String], name: &str) -> Result<(), Error> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(Error::input(format!(
            "{name} takes no arguments, got {args:?}"
        )))
    }
}

pub(super) fn one_arg<'a>(args: &'a [String], what: &str) -> Result<&'a str, Error> {
    match args {
        [a] => Ok(a),
        [] => Err(Error::input(format!("missing {what}"))),
        _ => Err(Error::input(format!("expected only {what}, got {args:?}"))),
    }
}

/// How far [`with_period`] computes, looking for a certified period: games that split heaps take
/// quadratic time.
pub(super) const SEARCH_CAP: usize = 1 << 20;
pub(super) const SPLIT_SEARCH_CAP: usize = 1 << 13;
/// `G(0..len)`, and the least period proven by the Octal Periodicity Theorem for a code of
/// length `code_length`: when `len` values do not suffice for the certificate, more are computed
/// (doubling, up to `cap`) for the period only.
pub(super) fn with_period(
    sequence: impl Fn(usize) -> Vec<u32>,
    len: usize,
    code_length: usize,
    cap: usize,
) -> (Vec<u32>, Option<Periodicity>, usize) {
    let mut n = len;
    loop {
        let mut values = sequence(n);
        let found = octal_periodicity(&values, code_length);
        if found.is_some() || n >= cap {
            values.truncate(len);
            return (values, found, n);
        }
        n = (2 * n).clamp(n + 1, cap);
    }
}
