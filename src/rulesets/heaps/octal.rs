//! Octal games (Kayles, Dawson's Kayles, Dawson's chess, any code) and Grundy's game.
//!
//! **Rules.** Heaps of tokens. An octal game is given by its code `d0.d1d2d3...` of digits
//! `0..7`: digit `d_k` says how a move may take `k` tokens from one heap. It is the sum of 1 if
//! the move may take a whole heap of exactly `k`, 2 if it may take `k` from a larger heap and
//! leave the rest as one heap, and 4 if it may take `k` and split the rest into two non-empty
//! heaps (WW ch. 4, "Octal games"; CGT ch. IV). The
//! digit before the point
//! is 0 or 4 (4: split a heap without taking anything). Normal play.
//! - `0.77` *Kayles*: knock down one pin or two adjacent pins from a row.
//! - `0.07` *Dawson's Kayles*: knock down two adjacent pins.
//! - `0.137` *Dawson's chess* (the same values shifted by one: `G.137(n) = G.07(n + 1)`).
//!
//! *Grundy's game* is not octal: a move splits a heap into two non-empty heaps of different
//! sizes.
//!
//! **Input.** `octal("0.77", 10)`, `kayles(10)`, `dawson_kayles(10)`, `dawson_chess(10)`,
//! `grundy_game(10)` in expressions (the value of one heap); `partizan grundy octal 0.77 --to
//! 200` and `partizan grundy grundy_game --to 100` on the command line.
//!
//! **Engine.** Sequences are computed by the sparse-space engine of [`crate::solve::sparse`]
//! (rare and common values, WW ch. 4), which proves periods as the values stream in
//! ([`crate::solve::periodic`]); [`grundy_run`] is `partizan grundy CODE --to N` (summary, value
//! formats, saved and resumed runs).
//!
//! **Theorems checked.**
//! - The *Octal Periodicity Theorem* (Guy and Smith 1956; WW ch. 4): for a code of
//!   length `t`, if `G(n + p) = G(n)` for `n0 <= n < 2·n0 + p + t`, the sequence has period `p`
//!   from `n0` on. [`OctalGame::periodicity`] reports a period only when the computed values
//!   reach that bound ([`crate::solve::grundy::octal_periodicity`]); it proves period 12 from 71
//!   on for Kayles (OEIS A002186: "from n=71 on, periodic with period 12"), period 34 with last
//!   exception 51 for Dawson's chess (OEIS A002187). No period is claimed for a pattern that only
//!   fits the computed values, and none for Grundy's game, to which no such theorem applies.
//! - The values agree with the published sequences OEIS A002186 (Kayles), A002187 (Dawson's chess;
//!   Dawson's Kayles is `a(n − 1)`) and A002188 (Grundy's game), and with the canonical forms of
//!   [`crate::solve::Solver`].

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, HeapCode, SequenceSpec};
use crate::rulesets::nim::singletons;
use crate::rulesets::positions::write_sum;
use super::period::{no_args, one_arg, with_period, SEARCH_CAP, SPLIT_SEARCH_CAP};
use crate::rulesets::subtraction::checked_len;
use crate::rulesets::family::SequenceReport;
use crate::solve::sparse::in_memory;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{self, Periodicity};
use crate::solve::sparse::{Finish, HeapRules, Limits, SparseRun, Summary, ValueFormat};
use crate::solve::position::{of_ruleset, Rules};
use crate::solve::{AsPartizan, ImpartialRuleset, Position};
use crate::Error;
use std::fmt;
use std::sync::Arc;

/// An octal game; a position is a list of heap sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    /// `digits[k]` for taking `k` tokens, without trailing zeros.
    digits: Vec<u8>,
}

impl OctalGame {
    /// Kayles, `0.77`.
    pub fn kayles() -> OctalGame {
        OctalGame {
            digits: vec![0, 7, 7],
        }
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawson_kayles() -> OctalGame {
        OctalGame {
            digits: vec![0, 0, 7],
        }
    }

    /// Dawson's chess, `0.137`.
    pub fn dawson_chess() -> OctalGame {
        OctalGame {
            digits: vec![0, 1, 3, 7],
        }
    }

    /// The game with these digits (`digits[0]` before the point); an error for a digit above 7 or
    /// a digit before the point other than 0 and 4.
    pub fn from_digits(digits: &[u8]) -> Result<OctalGame, Error> {
        let mut digits = digits.to_vec();
        if digits.is_empty() {
            digits.push(0);
        }
        if let Some(&d) = digits.iter().find(|&&d| d > 7) {
            return Err(Error::input(format!("octal digit {d} is not one of 0..7")));
        }
        if digits[0] & 3 != 0 {
            return Err(Error::input(format!(
                "the digit before the point is {}, but only 0 or 4 are allowed there (1, 2 or 3 would allow a move that leaves the heap unchanged)",
                digits[0]
            )));
        }
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        Ok(OctalGame { digits })
    }

    /// Parses a code such as `"0.77"`, `".137"` or `"4.07"`.
    ///
    /// ```
    /// use partizan::rulesets::octal::OctalGame;
    /// assert_eq!(OctalGame::parse("0.77").unwrap(), OctalGame::kayles());
    /// assert_eq!(OctalGame::parse(".137").unwrap().code(), "0.137");
    /// assert!(OctalGame::parse("0.9").unwrap_err().to_string().contains("digit"));
    /// ```
    pub fn parse(code: &str) -> Result<OctalGame, Error> {
        let code = code.trim();
        let (before, after) = code.split_once('.').ok_or_else(|| {
            Error::input(format!(
                "octal code {code:?} needs a point, as in \"0.77\" (Kayles)"
            ))
        })?;
        let before = if before.is_empty() { "0" } else { before };
        if before.len() != 1 {
            return Err(Error::input(format!(
                "octal code {code:?} must have one digit before the point (0 or 4)"
            )));
        }
        let digits = before
            .chars()
            .chain(after.chars())
            .map(|c| match c.to_digit(10) {
                Some(d) if d <= 7 => Ok(d as u8),
                _ => Err(Error::input(format!("octal code {code:?}: {c:?} is not an octal digit (0..7)"))),
            })
            .collect::<Result<Vec<u8>, Error>>()?;
        OctalGame::from_digits(&digits)
    }

    /// The digits, `digits()[k]` for taking `k` tokens.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The code, as `0.77`.
    pub fn code(&self) -> String {
        let rest: String = self.digits[1..]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        format!(
            "{}.{}",
            self.digits[0],
            if rest.is_empty() { "0" } else { &rest }
        )
    }

    /// The code length `t`: the largest `k` with a non-zero digit (0 for a code with none).
    pub fn code_length(&self) -> usize {
        self.digits.len() - 1
    }

    /// `G(0), ..., G(len − 1)` for one heap, by the sparse-space engine
    /// ([`crate::solve::sparse`]; values past a proven period are copies, as the Octal
    /// Periodicity Theorem allows).
    pub fn grundy_sequence(&self, len: usize) -> Vec<u32> {
        let rules = HeapRules::octal(&self.digits).expect("validated digits");
        crate::solve::sparse::sequence(&rules, len)
    }

    /// The least period and pre-period that the first `len` values prove by the Octal
    /// Periodicity Theorem, i.e. when `len >= 2·n0 + 2p + t`; `None` when they prove none
    /// ([`grundy::octal_periodicity`]).
    ///
    /// ```
    /// use partizan::rulesets::octal::OctalGame;
    /// // Kayles: period 12 from 71 on (Guy and Smith 1956; OEIS A002186), proven by 168 values.
    /// let p = OctalGame::kayles().periodicity(168).unwrap();
    /// assert_eq!((p.period, p.preperiod), (12, 71));
    /// assert_eq!(OctalGame::kayles().periodicity(167), None);
    /// // Dawson's Kayles, 0.07: period 34; its last exception is G(52) (OEIS A002187, shifted).
    /// let p = OctalGame::dawson_kayles().periodicity(300).unwrap();
    /// assert_eq!((p.period, p.preperiod), (34, 53));
    /// ```
    pub fn periodicity(&self, len: usize) -> Option<Periodicity> {
        grundy::octal_periodicity(&self.grundy_sequence(len), self.code_length())
    }
}

fn normalize_heaps(mut heaps: Vec<usize>) -> Vec<usize> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Replaces heap `i` of `heaps` by `parts`.
fn replace(heaps: &[usize], i: usize, parts: &[usize]) -> Vec<usize> {
    let mut next: Vec<usize> = heaps[..i].to_vec();
    next.extend_from_slice(parts);
    next.extend_from_slice(&heaps[i + 1..]);
    next
}

impl ImpartialRuleset for OctalGame {
    type Position = Vec<usize>;

    fn options(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
                if d & 1 != 0 && k == n && k > 0 {
                    out.push(replace(heaps, i, &[]));
                }
                if d & 2 != 0 && n > k {
                    out.push(replace(heaps, i, &[n - k]));
                }
                if d & 4 != 0 && n >= k + 2 {
                    for a in 1..=(n - k) / 2 {
                        out.push(replace(heaps, i, &[a, n - k - a]));
                    }
                }
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        singletons(heaps)
    }

    fn normalize(&self, heaps: Vec<usize>) -> Vec<usize> {
        normalize_heaps(heaps)
    }
}

/// Grundy's game; a position is a list of heap sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundyGame;

impl GrundyGame {
    /// `G(0), ..., G(len − 1)` for one heap, by the sparse-space engine
    /// ([`crate::solve::sparse`]).
    pub fn grundy_sequence(&self, len: usize) -> Vec<u32> {
        crate::solve::sparse::sequence(&HeapRules::grundy_game(), len)
    }
}

impl ImpartialRuleset for GrundyGame {
    type Position = Vec<usize>;

    fn options(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for a in 1..n.div_ceil(2) {
                out.push(replace(heaps, i, &[a, n - a]));
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<usize>) -> Vec<Vec<usize>> {
        singletons(heaps)
    }

    fn normalize(&self, heaps: Vec<usize>) -> Vec<usize> {
        normalize_heaps(heaps)
    }
}

/// The largest heap of a splitting game whose value an expression computes: the sequence takes
/// time quadratic in the heap size.
pub const MAX_SPLIT_HEAP: usize = 100_000;

/// How many values a heap past [`MAX_SPLIT_HEAP`] may cost to find its octal game's period.
const PERIOD_SEARCH: usize = 1 << 13;

/// The value of heap `n` (argument `index`); `octal` is the game when it is an octal game, whose
/// proven period (the Octal Periodicity Theorem, see [`grundy::octal_periodicity`]) answers a
/// heap of any size.
fn heap_value(
    sequence: impl FnOnce(usize) -> Vec<u32>,
    splits: bool,
    octal: Option<&OctalGame>,
    positional: &[Arg],
    index: usize,
) -> Result<Game, Error> {
    let n = args::size(positional, index, "the heap size n")?;
    if splits && n > MAX_SPLIT_HEAP {
        // G(n) = G(n0 + (n − n0) mod p) once the period p from n0 is proven.
        let mut len = 256;
        while let Some(game) = octal.filter(|_| len <= PERIOD_SEARCH) {
            let values = game.grundy_sequence(len);
            if let Some(p) = grundy::octal_periodicity(&values, game.code_length()) {
                let k = p.preperiod + (n - p.preperiod) % p.period;
                return Ok(Game::nimber(u64::from(values[k])));
            }
            len *= 2;
        }
        let why = if octal.is_some() {
            format!(", or any size once a period is proven: none is within the first {PERIOD_SEARCH} values")
        } else {
            String::new()
        };
        return Err(Error::input(format!(
            "heap size {n} is too large for a game that splits heaps (at most {MAX_SPLIT_HEAP}{why})"
        )));
    }
    let g = sequence(checked_len(n)?);
    Ok(Game::nimber(g[n] as u64))
}

/// `octal("0.77", n)`: the value of a heap of `n` in the octal game.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = OctalGame::parse(args::string(positional, 0, "the octal code")?)?;
    let splits = game.digits().iter().any(|d| d & 4 != 0);
    heap_value(
        |len| game.grundy_sequence(len),
        splits,
        Some(&game),
        positional,
        1,
    )
}

/// `kayles(n)`.
fn call_kayles(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = OctalGame::kayles();
    heap_value(
        |len| game.grundy_sequence(len),
        true,
        Some(&game),
        positional,
        0,
    )
}

/// `dawson_kayles(n)`.
fn call_dawson_kayles(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = OctalGame::dawson_kayles();
    heap_value(
        |len| game.grundy_sequence(len),
        true,
        Some(&game),
        positional,
        0,
    )
}

/// `dawson_chess(n)`.
fn call_dawson_chess(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let game = OctalGame::dawson_chess();
    heap_value(
        |len| game.grundy_sequence(len),
        true,
        Some(&game),
        positional,
        0,
    )
}

/// `grundy_game(n)`.
fn call_grundy_game(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    heap_value(
        |len| GrundyGame.grundy_sequence(len),
        true,
        None,
        positional,
        0,
    )
}

// ---------------------------------------------------------------------------------------------
// Positions: a list of heaps of an octal game or of Grundy's game, written as a sum of calls.
// ---------------------------------------------------------------------------------------------

/// Writes heaps as a sum of one-heap calls (`kayles(3) + kayles(2)`), `call(0)` for no heap.
fn write_heaps(
    f: &mut fmt::Formatter<'_>,
    heaps: &[usize],
    call: impl Fn(&mut fmt::Formatter<'_>, usize) -> fmt::Result,
) -> fmt::Result {
    write_sum(f, heaps, |f| call(f, 0), |f, &h| call(f, h))
}

/// The value of heaps from the Grundy values of single heaps, `G(0..=largest)`.
fn heaps_value(heaps: &[usize], sequence: impl FnOnce(usize) -> Vec<u32>) -> Result<Game, Error> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let g = sequence(checked_len(largest)?);
    Ok(Game::nimber(
        heaps.iter().fold(0u64, |x, &h| x ^ u64::from(g[h])),
    ))
}

/// The heap at `positional[index]` of an octal game or of Grundy's game as a position (see
/// [`crate::solve::position`]); `None` when the heap is too large to list the moves of a game
/// that splits heaps (its value is still computed).
fn heap_position<G>(
    game: G,
    write: fn(&AsPartizan<G>, &Vec<usize>, &mut fmt::Formatter<'_>) -> fmt::Result,
    value: fn(&AsPartizan<G>, &Vec<usize>) -> Result<Game, Error>,
    positional: &[Arg],
    named: &[NamedArg],
    index: usize,
) -> Option<Result<Position, Error>>
where
    G: ImpartialRuleset<Position = Vec<usize>> + Clone + Send + Sync + 'static,
{
    let n = match args::named(named, "", &[])
        .and_then(|_| args::size(positional, index, "the heap size n"))
    {
        Ok(n) => n,
        Err(e) => return Some(Err(e)),
    };
    if n > MAX_SPLIT_HEAP {
        return None;
    }
    let rules = Arc::new(Rules {
        ruleset: AsPartizan(game),
        impartial: true,
        write,
        value,
        option_count: None,
        search: None,
    });
    Some(Ok(of_ruleset(rules, vec![n])))
}

/// The value of heaps of an octal game (a `Rules::value` of positions that are `Vec`s).
#[allow(clippy::ptr_arg)]
fn octal_heaps_value(r: &AsPartizan<OctalGame>, heaps: &Vec<usize>) -> Result<Game, Error> {
    heaps_value(heaps, |len| r.0.grundy_sequence(len))
}

/// What `partizan grundy CODE --to N` asks of the sparse-space engine
/// ([`crate::solve::sparse`]).
#[derive(Clone, Debug, Default)]
pub struct GrundyRun<'a> {
    /// The octal code, e.g. `0.16`, or `grundy_game`.
    pub code: &'a str,
    /// The largest heap, `N`.
    pub to: usize,
    /// How to print the values; `None`: the values and the summary up to
    /// [`SUMMARY_ONLY_FROM`], the summary only beyond.
    pub format: Option<ValueFormat>,
    /// Save the run to this file at the end, and when stopped.
    pub save: Option<&'a str>,
    /// Start from a run saved in this file.
    pub resume: Option<&'a str>,
    /// Compute every value from the rules, also past a proven period
    /// ([`SparseRun::extend_by_period`]).
    pub every_value: bool,
    /// The stop flag and the memory budget.
    pub limits: Limits<'a>,
}


/// From this `N` on, `partizan grundy CODE --to N` prints only the summary unless a format is
/// given.
pub const SUMMARY_ONLY_FROM: usize = 10_000;

/// How a [`GrundyRun`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrundyRunEnd {
    /// The output is written.
    Done,
    /// The stop flag was set: the message says how far the run got and where it was saved.
    Stopped(String),
}

/// Runs `partizan grundy CODE --to N` with the sparse-space engine and writes its output to
/// `out`: the summary (the largest value, the rare positions, the period) and, for small `N`
/// or with a format, the values.
///
/// ```
/// use partizan::rulesets::octal::{grundy_run, GrundyRun, GrundyRunEnd};
/// let mut out = Vec::new();
/// let run = GrundyRun { code: "0.77", to: 200, ..Default::default() };
/// assert_eq!(grundy_run(&run, &mut out).unwrap(), GrundyRunEnd::Done);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("0.77: G(0..=200)\n0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 "));
/// // Proven by G(0..168) (Guy–Smith); only the values asked for are computed.
/// assert!(text.contains("period 12, pre-period 71 (proven"));
/// ```
pub fn grundy_run(run: &GrundyRun, out: &mut dyn std::io::Write) -> Result<GrundyRunEnd, Error> {
    let rules = if run.code == "grundy_game" {
        HeapRules::grundy_game()
    } else {
        HeapRules::octal(OctalGame::parse(run.code)?.digits())?
    };
    // No fixed cap: the memory budget decides how far a run may go.
    let len = run
        .to
        .checked_add(1)
        .ok_or_else(|| Error::input(format!("--to {} is too large", run.to)))?;
    let mut engine = match run.resume {
        Some(path) => SparseRun::load_file(rules, path, &run.limits)?,
        None => SparseRun::new(rules),
    };
    engine.extend_by_period(!run.every_value);
    let write_error = |e: std::io::Error| Error::input(format!("cannot write the output: {e}"));
    if engine.compute(len, &run.limits)? == Finish::Stopped {
        let done = engine.len();
        let message = match run.save {
            Some(path) => {
                engine.save_file(path)?;
                format!(
                    "interrupted after G(0..{done}); saved to {path} (continue with --resume {path})"
                )
            }
            None => format!("interrupted after G(0..{done})"),
        };
        return Ok(GrundyRunEnd::Stopped(message));
    }
    if let Some(path) = run.save {
        engine.save_file(path)?;
    }
    // A resumed run may hold more values than asked for: the summary covers them all, the
    // printed values only G(0..=N).
    let summary = engine.summary();
    match run.format {
        Some(format @ (ValueFormat::Csv | ValueFormat::Binary)) => engine
            .write_values_to(format, len, out)
            .map_err(write_error)?,
        Some(ValueFormat::Text) => write_text(&engine, &summary, len, out).map_err(write_error)?,
        None if run.to < SUMMARY_ONLY_FROM => {
            write_text(&engine, &summary, len, out).map_err(write_error)?
        }
        None => write!(out, "{summary}").map_err(write_error)?,
    }
    Ok(GrundyRunEnd::Done)
}

/// The range line, the values on one line, then the rest of the summary.
fn write_text(
    engine: &SparseRun,
    summary: &Summary,
    len: usize,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let text = summary.to_string();
    // The summary's own range line counts every value known (a resumed run may hold more).
    let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
    writeln!(out, "{}: G(0..={})", summary.name, len - 1)?;
    engine.write_values_to(ValueFormat::Text, len, out)?;
    if engine.len() > len {
        // Else the maximum and the rare positions below, which may lie past N, would read as
        // those of the values printed.
        writeln!(
            out,
            "the resumed run holds G(0..={}), which the lines below describe",
            engine.len() - 1
        )?;
    }
    out.write_all(rest.as_bytes())
}

/// The `dawson_chess` family (see the module documentation).
pub struct DawsonChessFamily;

impl Family for DawsonChessFamily {
    fn name(&self) -> &'static str {
        "dawson_chess"
    }
    fn usage(&self) -> &'static str {
        "dawson_chess(n): a heap of n in Dawson's chess (octal 0.137)"
    }
    fn example(&self) -> &'static str {
        "dawson_chess(10)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call_dawson_chess(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        heap_position(
            OctalGame::dawson_chess(),
            |_, h, f| write_heaps(f, h, |f, n| write!(f, "dawson_chess({n})")),
            octal_heaps_value,
            args,
            named,
            0,
        )
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::without_words(self.name(), words, HeapCode::Octal(OctalGame::dawson_chess().code()))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy dawson_chess --to N",
            build: dawson_chess_sequence,
        })
    }
}

/// The `dawson_kayles` family (see the module documentation).
pub struct DawsonKaylesFamily;

impl Family for DawsonKaylesFamily {
    fn name(&self) -> &'static str {
        "dawson_kayles"
    }
    fn usage(&self) -> &'static str {
        "dawson_kayles(n): a row of n pins in Dawson's Kayles (octal 0.07)"
    }
    fn example(&self) -> &'static str {
        "dawson_kayles(10)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call_dawson_kayles(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        heap_position(
            OctalGame::dawson_kayles(),
            |_, h, f| write_heaps(f, h, |f, n| write!(f, "dawson_kayles({n})")),
            octal_heaps_value,
            args,
            named,
            0,
        )
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::without_words(self.name(), words, HeapCode::Octal(OctalGame::dawson_kayles().code()))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy dawson_kayles --to N",
            build: dawson_kayles_sequence,
        })
    }
}

/// The `grundy_game` family (see the module documentation).
pub struct GrundyGameFamily;

impl Family for GrundyGameFamily {
    fn name(&self) -> &'static str {
        "grundy_game"
    }
    fn usage(&self) -> &'static str {
        "grundy_game(n): a heap of n in Grundy's game (split a heap into two unequal heaps)"
    }
    fn example(&self) -> &'static str {
        "grundy_game(30)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call_grundy_game(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        heap_position(
            GrundyGame,
            |_, h, f| write_heaps(f, h, |f, n| write!(f, "grundy_game({n})")),
            |_, heaps| heaps_value(heaps, |len| GrundyGame.grundy_sequence(len)),
            args,
            named,
            0,
        )
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::without_words(self.name(), words, HeapCode::GrundyGame)
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy grundy_game --to N",
            build: grundy_game_sequence,
        })
    }
}

/// The `kayles` family (see the module documentation).
pub struct KaylesFamily;

impl Family for KaylesFamily {
    fn name(&self) -> &'static str {
        "kayles"
    }
    fn usage(&self) -> &'static str {
        "kayles(n): a row of n pins in Kayles (octal 0.77)"
    }
    fn example(&self) -> &'static str {
        "kayles(10)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call_kayles(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        heap_position(
            OctalGame::kayles(),
            |_, h, f| write_heaps(f, h, |f, n| write!(f, "kayles({n})")),
            octal_heaps_value,
            args,
            named,
            0,
        )
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::without_words(self.name(), words, HeapCode::Octal(OctalGame::kayles().code()))
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy kayles --to N",
            build: kayles_sequence,
        })
    }
}

/// The `octal` family (see the module documentation).
pub struct OctalFamily;

impl Family for OctalFamily {
    fn name(&self) -> &'static str {
        "octal"
    }
    fn usage(&self) -> &'static str {
        "octal(\"0.77\", n): a heap of n in the octal game with that code (digits 0-7)"
    }
    fn example(&self) -> &'static str {
        "octal(\"0.137\", 20)"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        match OctalGame::parse(args::string(args, 0, "the octal code").unwrap_or_default()) {
            Ok(game) => heap_position(
                game,
                |r, h, f| write_heaps(f, h, |f, n| write!(f, "octal(\"{}\",{n})", r.0.code())),
                octal_heaps_value,
                args,
                named,
                1,
            ),
            Err(_) => None,
        }
    }
    fn heap_code(&self, words: &[String]) -> Option<Result<HeapCode, Error>> {
        HeapCode::from_code(self.name(), words, "0.07", HeapCode::Octal)
    }
    fn sequence(&self) -> Option<SequenceSpec> {
        Some(SequenceSpec {
            usage: "grundy octal CODE --to N, e.g. grundy octal 0.77 --to 200",
            build: octal_sequence,
        })
    }
}

// The Grundy sequences of `partizan grundy` (see [`super::period`] for the proof of a period).

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
fn dawson_chess_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::dawson_chess(), "Dawson's chess")
}

/// `grundy dawson_kayles`: the octal game 0.07.
fn dawson_kayles_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::dawson_kayles(), "Dawson's Kayles")
}

/// `grundy kayles`: the octal game 0.77.
fn kayles_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    named_octal(args, to, OctalGame::kayles(), "Kayles")
}

/// `grundy grundy_game`: no periodicity theorem, so no period.
fn grundy_game_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
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
fn octal_sequence(args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let game = OctalGame::parse(one_arg(args, "the octal code, e.g. 0.77")?)?;
    let name = format!("octal game {}", game.code());
    octal_report(game, name, to)
}
