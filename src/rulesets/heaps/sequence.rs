//! Grundy sequences of heap games with their detected period: `partizan grundy FAMILY [ARGS...]
//! --to N`.
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

use crate::rulesets::octal::{GrundyGame, OctalGame, MAX_SPLIT_HEAP};
use crate::rulesets::subtraction::{checked_len, Subtraction, TakeRange};
use crate::solve::grundy::{octal_periodicity, subtraction_periodicity, Periodicity};
use crate::solve::sparse::{in_memory, HeapRules};
use crate::rulesets::family::SequenceReport;
use crate::Error;

fn no_args(args: &[String], name: &str) -> Result<(), Error> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(Error::input(format!(
            "{name} takes no arguments, got {args:?}"
        )))
    }
}

fn one_arg<'a>(args: &'a [String], what: &str) -> Result<&'a str, Error> {
    match args {
        [a] => Ok(a),
        [] => Err(Error::input(format!("missing {what}"))),
        _ => Err(Error::input(format!("expected only {what}, got {args:?}"))),
    }
}

/// The largest `N` of a sequence computed by the sparse-space engine: its values come back as a
/// list of `u32`, 400 MB at this bound (`partizan grundy CODE --to N --format binary` streams
/// longer runs, a byte a value).
pub const MAX_ENGINE_SEQUENCE: usize = 100_000_000;

/// `G(0..=to)` of a game that splits heaps, for `to` beyond [`MAX_SPLIT_HEAP`], by the
/// sparse-space engine.
fn engine_report(rules: HeapRules, name: String, to: usize) -> Result<SequenceReport, Error> {
    if to > MAX_ENGINE_SEQUENCE {
        return Err(Error::input(format!(
            "--to {to} is too large for a list of values (at most {MAX_ENGINE_SEQUENCE}; `partizan grundy CODE --to N --format binary` streams longer runs)"
        )));
    }
    let run = in_memory(rules, to + 1);
    Ok(SequenceReport {
        name,
        examined: run.len(),
        values: run.values(),
        periodicity: run.periodicity(),
    })
}

/// How far [`with_period`] computes, looking for a certified period: games that split heaps take
/// quadratic time.
const SEARCH_CAP: usize = 1 << 20;
const SPLIT_SEARCH_CAP: usize = 1 << 13;
/// How far a subtraction game's window search goes (64 MB of values at most; a few ns a value).
const SUBTRACTION_SEARCH_CAP: usize = 1 << 24;

/// `G(0..len)`, and the least period proven by the Octal Periodicity Theorem for a code of
/// length `code_length`: when `len` values do not suffice for the certificate, more are computed
/// (doubling, up to `cap`) for the period only.
fn with_period(
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

fn octal_report(game: OctalGame, name: String, to: usize) -> Result<SequenceReport, Error> {
    let splits = game.digits().iter().any(|d| d & 4 != 0);
    if splits && to > MAX_SPLIT_HEAP {
        return engine_report(HeapRules::octal(game.digits())?, name, to);
    }
    let (len, cap) = if splits {
        (to + 1, SPLIT_SEARCH_CAP)
    } else {
        (checked_len(to)?, SEARCH_CAP)
    };
    let (values, periodicity, examined) =
        with_period(|n| game.grundy_sequence(n), len, game.code_length(), cap);
    Ok(SequenceReport {
        name,
        values,
        periodicity,
        examined,
    })
}

fn named_octal(
    args: &[String],
    to: usize,
    game: OctalGame,
    name: &str,
) -> Result<SequenceReport, Error> {
    no_args(args, name)?;
    let label = format!("{name} (octal game {})", game.code());
    octal_report(game, label, to)
}

/// `grundy dawson_chess`: the octal game 0.137.
pub(crate) fn dawson_chess(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::dawson_chess(), "Dawson's chess")
}

/// `grundy dawson_kayles`: the octal game 0.07.
pub(crate) fn dawson_kayles(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::dawson_kayles(), "Dawson's Kayles")
}

/// `grundy kayles`: the octal game 0.77.
pub(crate) fn kayles(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::kayles(), "Kayles")
}

/// `grundy grundy_game`: no periodicity theorem, so no period.
pub(crate) fn grundy_game(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    no_args(args, "grundy_game")?;
    if to > MAX_SPLIT_HEAP {
        return engine_report(HeapRules::grundy_game(), "Grundy's game".into(), to);
    }
    let values = GrundyGame.grundy_sequence(to + 1);
    Ok(SequenceReport {
        name: "Grundy's game".into(),
        examined: values.len(),
        values,
        periodicity: None,
    })
}

/// `grundy octal CODE`.
pub(crate) fn octal(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let game = OctalGame::parse(one_arg(args, "the octal code, e.g. 0.77")?)?;
    let name = format!("octal game {}", game.code());
    octal_report(game, name, to)
}

/// `grundy subtraction SET`, with the window argument for the period.
pub(crate) fn subtraction(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let game = Subtraction::parse(one_arg(args, "the subtraction set, e.g. 1,3,4")?)?;
    let set: Vec<String> = game.set().iter().map(usize::to_string).collect();
    let (values, periodicity, examined) =
        subtraction_periodicity(game.set(), checked_len(to)?, SUBTRACTION_SEARCH_CAP)
            .map_err(|e| Error::input(e.to_string()))?;
    Ok(SequenceReport {
        name: format!("subtraction game {{{}}}", set.join(",")),
        values,
        periodicity,
        examined,
    })
}

/// `grundy take_range P Q`: an octal game, so the Octal Periodicity Theorem applies.
pub(crate) fn take_range(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let [p, q] = args else {
        return Err(Error::input(format!("expected P and Q, got {args:?}")));
    };
    let num = |s: &str, what: &str| {
        s.parse::<usize>()
            .map_err(|_| Error::input(format!("{what} must be a non-negative integer, not {s:?}")))
    };
    let game = TakeRange::new(num(p, "P")?, num(q, "Q")?)?;
    let (values, periodicity, examined) = with_period(
        |n| game.grundy_sequence(n),
        checked_len(to)?,
        game.q(),
        SEARCH_CAP,
    );
    Ok(SequenceReport {
        name: format!(
            "take {}..{} (or all when fewer than {} remain)",
            game.p(),
            game.q(),
            game.p()
        ),
        values,
        periodicity,
        examined,
    })
}
