//! Grundy sequences of heap games with their detected period: `partizan grundy FAMILY [ARGS...]
//! --to N`.
//!
//! | family | arguments | game |
//! |---|---|---|
//! | `subtraction` | a set, `1,3,4` | [`crate::games::subtraction::Subtraction`] |
//! | `take-range` | `P Q` | [`crate::games::subtraction::TakeRange`] (normal play) |
//! | `octal` | a code, `0.77` | [`crate::games::octal::OctalGame`] |
//! | `kayles`, `dawson-kayles`, `dawson-chess` | none | the octal games `0.77`, `0.07`, `0.137` |
//! | `grundy-game` | none | [`crate::games::octal::GrundyGame`] |
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

use crate::games::octal::{GrundyGame, OctalGame, MAX_SPLIT_HEAP};
use crate::games::subtraction::{checked_len, Subtraction, TakeRange};
use crate::solve::grundy::{octal_periodicity, subtraction_periodicity, Periodicity};
use crate::Error;
use std::fmt;

/// The first values of a heap game and their periodicity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceReport {
    /// The game, e.g. `octal game 0.77`.
    pub name: String,
    /// `G(0), ..., G(to)`.
    pub values: Vec<u32>,
    /// The least period and pre-period, when proven.
    pub periodicity: Option<Periodicity>,
    /// How many values the period search examined (the printed ones, or more when the proof
    /// needed more; fewer when a subtraction game's window repeated earlier).
    pub examined: usize,
}

impl fmt::Display for SequenceReport {
    /// Three lines: the game and range, the values separated by spaces, the period.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.values.len().saturating_sub(1);
        writeln!(f, "{}: G(0..={last})", self.name)?;
        let shown: Vec<String> = self.values.iter().map(u32::to_string).collect();
        writeln!(f, "{}", shown.join(" "))?;
        match &self.periodicity {
            Some(p) => writeln!(f, "{p}"),
            None => writeln!(
                f,
                "no period found in G(0..={})",
                self.examined.max(self.values.len()).saturating_sub(1)
            ),
        }
    }
}

/// A family of `partizan grundy`.
pub struct SequenceFamily {
    /// The name on the command line.
    pub name: &'static str,
    /// Its arguments, for error messages.
    pub usage: &'static str,
    /// Computes `G(0..=to)` from the arguments.
    pub build: fn(&[String], usize) -> Result<SequenceReport, Error>,
}

fn no_args(args: &[String], name: &str) -> Result<(), Error> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("{name} takes no arguments, got {args:?}").into())
    }
}

fn one_arg<'a>(args: &'a [String], what: &str) -> Result<&'a str, Error> {
    match args {
        [a] => Ok(a),
        [] => Err(format!("missing {what}").into()),
        _ => Err(format!("expected only {what}, got {args:?}").into()),
    }
}

fn split_len(to: usize) -> Result<usize, Error> {
    if to > MAX_SPLIT_HEAP {
        Err(format!(
            "--to {to} is too large for a game that splits heaps (at most {MAX_SPLIT_HEAP})"
        )
        .into())
    } else {
        Ok(to + 1)
    }
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
    let (len, cap) = if splits {
        (split_len(to)?, SPLIT_SEARCH_CAP)
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

/// Every family of `partizan grundy`.
pub const SEQUENCES: &[SequenceFamily] = &[
    SequenceFamily {
        name: "dawson-chess",
        usage: "grundy dawson-chess --to N",
        build: |args, to| named_octal(args, to, OctalGame::dawson_chess(), "Dawson's chess"),
    },
    SequenceFamily {
        name: "dawson-kayles",
        usage: "grundy dawson-kayles --to N",
        build: |args, to| named_octal(args, to, OctalGame::dawson_kayles(), "Dawson's Kayles"),
    },
    SequenceFamily {
        name: "grundy-game",
        usage: "grundy grundy-game --to N",
        build: |args, to| {
            no_args(args, "grundy-game")?;
            let values = GrundyGame.grundy_sequence(split_len(to)?);
            Ok(SequenceReport {
                name: "Grundy's game".into(),
                examined: values.len(),
                values,
                periodicity: None,
            })
        },
    },
    SequenceFamily {
        name: "kayles",
        usage: "grundy kayles --to N",
        build: |args, to| named_octal(args, to, OctalGame::kayles(), "Kayles"),
    },
    SequenceFamily {
        name: "octal",
        usage: "grundy octal CODE --to N, e.g. grundy octal 0.77 --to 200",
        build: |args, to| {
            let game = OctalGame::parse(one_arg(args, "the octal code, e.g. 0.77")?)?;
            let name = format!("octal game {}", game.code());
            octal_report(game, name, to)
        },
    },
    SequenceFamily {
        name: "subtraction",
        usage: "grundy subtraction SET --to N, e.g. grundy subtraction 1,3,4 --to 40",
        build: |args, to| {
            let game = Subtraction::parse(one_arg(args, "the subtraction set, e.g. 1,3,4")?)?;
            let set: Vec<String> = game.set().iter().map(usize::to_string).collect();
            let (values, periodicity, examined) =
                subtraction_periodicity(game.set(), checked_len(to)?, SUBTRACTION_SEARCH_CAP)
                    .map_err(|e| crate::Error::from(e.to_string()))?;
            Ok(SequenceReport {
                name: format!("subtraction game {{{}}}", set.join(",")),
                values,
                periodicity,
                examined,
            })
        },
    },
    SequenceFamily {
        name: "take-range",
        usage: "grundy take-range P Q --to N: take P..Q tokens, or all when fewer than P remain",
        build: |args, to| {
            let [p, q] = args else {
                return Err(format!("expected P and Q, got {args:?}").into());
            };
            let num = |s: &str, what: &str| {
                s.parse::<usize>().map_err(|_| {
                    crate::Error::from(format!("{what} must be a non-negative integer, not {s:?}"))
                })
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
        },
    },
];

/// The sequence of family `name` with arguments `args`, `G(0..=to)`.
///
/// ```
/// use partizan::games::sequence::sequence;
/// // S = {1, 3, 4}: 0 1 0 1 2 3 2 repeating from 0 (Winning Ways ch. 4).
/// let r = sequence("subtraction", &["1,3,4".into()], 20).unwrap();
/// assert_eq!(r.values[..7], [0, 1, 0, 1, 2, 3, 2]);
/// let p = r.periodicity.unwrap();
/// assert_eq!((p.period, p.preperiod), (7, 0));
/// // Kayles: period 12 from 71 on (OEIS A002186). The certificate needs 168 values; they are
/// // computed even for --to 10.
/// let r = sequence("kayles", &[], 10).unwrap();
/// assert_eq!(r.values.len(), 11);
/// let p = r.periodicity.unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// // Grundy's game: no theorem, no period.
/// assert_eq!(sequence("grundy-game", &[], 50).unwrap().periodicity, None);
/// ```
pub fn sequence(name: &str, args: &[String], to: usize) -> Result<SequenceReport, Error> {
    match SEQUENCES.iter().find(|s| s.name == name) {
        Some(s) => (s.build)(args, to)
            .map_err(|e| crate::Error::from(format!("{name}: {e} (usage: {})", s.usage))),
        None => {
            let known: Vec<&str> = SEQUENCES.iter().map(|s| s.name).collect();
            Err(format!(
                "unknown sequence family {name:?}; known: {}",
                known.join(", ")
            )
            .into())
        }
    }
}
