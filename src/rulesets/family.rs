//! The [`Family`] trait: what a game family provides to the expression language and to the
//! command line. A family is one file in `src/rulesets/` and one line in
//! [`FAMILIES`](super::FAMILIES).
//!
//! ```
//! use partizan::rulesets::{Arg, Family, NamedArg};
//! use partizan::{Error, Game};
//!
//! /// Take one or two tokens from a heap (the subtraction game {1, 2}).
//! struct TakeOneOrTwo;
//!
//! impl Family for TakeOneOrTwo {
//!     fn name(&self) -> &'static str {
//!         "take_one_or_two"
//!     }
//!     fn usage(&self) -> &'static str {
//!         "take_one_or_two(n): a heap of n tokens; a move takes one or two"
//!     }
//!     fn example(&self) -> &'static str {
//!         "take_one_or_two(5)"
//!     }
//!     fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
//!         partizan::rulesets::args::named(named, "", &[])?;
//!         let n = partizan::rulesets::args::size(args, 0, "n")?;
//!         // G(n) = n mod 3 (WW ch. 4): *0, *1, *2 repeating.
//!         Ok(Game::nimber((n % 3) as u64))
//!     }
//! }
//!
//! let five = [Arg::Game(Game::integer(5))];
//! assert_eq!(TakeOneOrTwo.evaluate(&five, &[]).unwrap(), Game::nimber(2));
//! ```

use super::args::{Arg, NamedArg};
use crate::algebra::loopy::smith::LoopyNimValue;
use crate::algebra::loopy::LoopyGame;
use crate::algebra::Game;
use crate::solve::grundy::Periodicity;
use crate::solve::{Position, Table, TableParams};
use crate::Error;
use std::fmt;

/// Declares the family files of a group (`src/rulesets/heaps/mod.rs`, …), one line each with the
/// families the file registers (`nim => [NimFamily]`; shared machinery `=> []`), and the group's
/// `FAMILIES`, which [`FAMILIES`](super::FAMILIES) gathers.
macro_rules! families {
    ($($file:ident => [$($family:ident),* $(,)?]),* $(,)?) => {
        $(pub mod $file;)*
        /// The families registered by this group's files.
        pub(super) static FAMILIES: &[&dyn crate::rulesets::Family] = &[$($(&$file::$family,)*)*];
    };
}
pub(crate) use families;

/// A game family: a name callable in expressions (`name(args)`), with an optional table of
/// values (`partizan table NAME param=value ...`) and an optional sequence of Grundy values of
/// heaps (`partizan grundy NAME ARGS --to N`).
pub trait Family: Sync {
    /// The one spelling of the family's name: in expressions, `table`, `grundy` and `families`.
    fn name(&self) -> &'static str;
    /// The call's syntax and meaning, one line, for error messages and `partizan families`.
    fn usage(&self) -> &'static str;
    /// A call that evaluates at once, for `partizan families`.
    fn example(&self) -> &'static str;
    /// The value of the call `name(args, named)`; an error names the argument that is wrong.
    /// The default is the canonical form of the call's [`Family::position`] when the family
    /// gives its positions, and for a loopy family (see [`Family::loopy`]) the value of its
    /// loopy call when that is a short game (an error that says so otherwise); a family whose
    /// values come another way (a formula, a table of heaps) gives its own.
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        if let Some(call) = self.loopy() {
            return loopy_as_short(self.name(), call(args, named)?);
        }
        match self.position(args, named) {
            Some(p) => p?.canonical_form(),
            None => Err(Error::undefined(format!(
                "{} gives no values (a family of short games gives its positions or its evaluate)",
                self.name()
            ))),
        }
    }
    /// For a family of loopy games (CGT ch. VI), its call: `name(args, named)` as a loopy game
    /// given by its graph, or as Smith's value of an impartial one; `None` for the families of
    /// short games.
    fn loopy(&self) -> Option<LoopyCallFn> {
        None
    }
    /// The call `name(args, named)` as a position that keeps its rules (see
    /// [`crate::solve::position`]), for the families that give their positions; `None` for the
    /// others, whose calls are values only.
    fn position(&self, _args: &[Arg], _named: &[NamedArg]) -> Option<Result<Position, Error>> {
        None
    }
    /// The family's table of values, if it has one.
    fn table(&self) -> Option<TableSpec> {
        None
    }
    /// The family's Grundy sequence of heaps, if it is a heap game.
    fn sequence(&self) -> Option<SequenceSpec> {
        None
    }
    /// The heap game the family is, given by a code, from the words after its name on the
    /// command line (`octal 0.07`, `kayles`): what the heap engines run (the sparse-space
    /// engine of `grundy CODE`, the misère commands). `None` for the families that are not
    /// heap games of [`HeapCode`]'s kinds; `Some(Err)` when the words are wrong.
    fn heap_code(&self, _words: &[String]) -> Option<Result<HeapCode, Error>> {
        None
    }
}

/// The error `e` of a call of a family (or of its table or sequence) as its caller reports it:
/// `what: e (usage: usage)`, without `what: ` when `what` is empty, and of the same kind (a
/// wrong argument stays [`Error::Input`], an operation outside its domain [`Error::Undefined`]).
/// A reached limit, an interruption and an expression's error (which carries its own position)
/// are left as they are: no usage explains them.
///
/// ```
/// use partizan::rulesets::family::with_usage;
/// use partizan::Error;
/// let e = with_usage(Error::undefined("loops"), "f", "f(n)");
/// assert!(matches!(&e, Error::Undefined(m) if m == "f: loops (usage: f(n))"));
/// assert!(matches!(with_usage(Error::Interrupted, "f", "f(n)"), Error::Interrupted));
/// ```
pub fn with_usage(e: Error, what: &str, usage: &str) -> Error {
    let told = |m: String| match what {
        "" => format!("{m} (usage: {usage})"),
        _ => format!("{what}: {m} (usage: {usage})"),
    };
    match e {
        Error::Input(m) => Error::Input(told(m)),
        Error::Undefined(m) => Error::Undefined(told(m)),
        e @ (Error::Limit(_) | Error::Interrupted | Error::Expression(_)) => e,
    }
}

/// The call of a loopy family (see [`Family::loopy`]): from the call's arguments, the loopy game
/// or Smith's value.
pub type LoopyCallFn = fn(&[Arg], &[NamedArg]) -> Result<LoopyCall, Error>;

/// The value of a call of a loopy family (see [`Family::loopy`]).
#[derive(Clone, Debug)]
pub enum LoopyCall {
    /// A loopy game, by its graph (its value is computed from the graph when asked).
    Graph(LoopyGame),
    /// Smith's generalised Sprague–Grundy value of an impartial loopy game (WW ch. 11).
    Smith(LoopyNimValue),
}

/// The value of the loopy family `family`'s call as a short game, for [`Family::evaluate`]; an
/// error that says where to ask when it is not one.
fn loopy_as_short(family: &str, call: LoopyCall) -> Result<Game, Error> {
    let short = match &call {
        LoopyCall::Graph(g) => g.value()?.as_game(),
        LoopyCall::Smith(LoopyNimValue::Finite(n)) => Some(Game::nimber(*n)),
        LoopyCall::Smith(_) => None,
    };
    short.ok_or_else(|| {
        Error::undefined(format!(
            "{} gives loopy games, and this one is not a short game: ask for it in an expression (partizan eval)",
            family
        ))
    })
}

/// A heap game given by its code (see [`Family::heap_code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapCode {
    /// An octal game, by its code (`0.77`).
    Octal(String),
    /// A take-and-break game, by its code (`0.[3]`).
    TakeAndBreak(String),
    /// Grundy's game (split a heap into two unequal heaps).
    GrundyGame,
}

impl HeapCode {
    /// `rules`, when `words` is empty; an error naming the family otherwise.
    pub fn without_words(
        family: &str,
        words: &[String],
        rules: HeapCode,
    ) -> Option<Result<HeapCode, Error>> {
        Some(if words.is_empty() {
            Ok(rules)
        } else {
            Err(Error::input(format!(
                "{family} takes no arguments, got {words:?}"
            )))
        })
    }

    /// The rules given by one word, the code (`octal 0.07`); an error naming the family and an
    /// example otherwise.
    pub fn from_code(
        family: &str,
        words: &[String],
        example: &str,
        rules: fn(String) -> HeapCode,
    ) -> Option<Result<HeapCode, Error>> {
        Some(match words {
            [code] => Ok(rules(code.clone())),
            _ => Err(Error::input(format!(
                "{family} takes one argument, the code, e.g. {example}"
            ))),
        })
    }
}

/// A table of a family's values: `partizan table NAME param=value ...`.
#[derive(Clone, Copy)]
pub struct TableSpec {
    /// The parameters the table takes; any other name is refused.
    pub params: &'static [Param],
    /// A command line (without `partizan`) that prints a table at once.
    pub example: &'static str,
    /// Builds the table; an error names the parameter that is wrong.
    pub build: fn(&TableParams) -> Result<Table, Error>,
}

/// A named integer parameter of a table.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Its name, `rows` in `rows=3`.
    pub name: &'static str,
    /// What it means, with its default.
    pub meaning: &'static str,
}

/// The parameters of a table over rectangular boards: `rows=R cols=C`, or `size=N` for both
/// (each family states its defaults and its largest area).
pub const GRID_PARAMS: &[Param] = &[
    Param {
        name: "rows",
        meaning: "boards of 1 to rows rows",
    },
    Param {
        name: "cols",
        meaning: "boards of 1 to cols columns",
    },
    Param {
        name: "size",
        meaning: "rows and cols at once",
    },
];

/// The table parameter `name`: `default` when not given, an error naming it when it is outside
/// `min..=max`.
pub fn bounded(
    a: &TableParams,
    name: &str,
    default: usize,
    (min, max): (usize, usize),
) -> Result<usize, Error> {
    let n = a.natural(name)?.unwrap_or(default);
    if n < min || n > max {
        return Err(Error::input(format!(
            "{name} must be between {min} and {max}, not {n}"
        )));
    }
    Ok(n)
}

/// Reads the [`GRID_PARAMS`] of a table of rectangular boards: `(rows, cols)`, each at least 1,
/// `default` for those not given, and an error when `rows × cols` exceeds `max_area`.
pub fn grid_dimensions(
    a: &TableParams,
    default: (usize, usize),
    max_area: usize,
) -> Result<(usize, usize), Error> {
    let rows = a
        .natural("rows")?
        .or(a.natural("size")?)
        .unwrap_or(default.0);
    let cols = a
        .natural("cols")?
        .or(a.natural("size")?)
        .unwrap_or(default.1);
    if rows == 0 || cols == 0 {
        return Err(Error::input("rows and cols must be at least 1"));
    }
    let area = rows.saturating_mul(cols);
    if area > max_area {
        return Err(Error::input(format!(
            "a {rows}×{cols} board is too large for the table ({area} squares; the table stops at {max_area})"
        )));
    }
    Ok((rows, cols))
}

/// A table of rectangular boards over [`GRID_PARAMS`] (see [`grid_dimensions`]): the cell in
/// row `r` and column `c` is `cell(r, c)`, the value of the `r × c` board, for `r` and `c` from 1.
pub fn grid_table(
    caption: &str,
    a: &TableParams,
    default: (usize, usize),
    max_area: usize,
    mut cell: impl FnMut(usize, usize) -> Result<String, Error>,
) -> Result<Table, Error> {
    let (rows, cols) = grid_dimensions(a, default, max_area)?;
    let _steps = crate::progress::steps("cell", (rows * cols) as u64);
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(rows, |r| {
        (1..=cols)
            .map(|c| {
                crate::progress::step((r * cols + c) as u64);
                cell(r + 1, c)
            })
            .collect::<Result<Vec<String>, Error>>()
    });
    let cells = cells
        .into_iter()
        .collect::<Result<Vec<Vec<String>>, Error>>()?;
    Ok(Table {
        caption: caption.to_string(),
        column_label: "cols".to_string(),
        row_label: "rows".to_string(),
        columns: (1..=cols).map(|c| c.to_string()).collect(),
        rows: (1..=cells.len()).map(|r| r.to_string()).collect(),
        cells,
        interrupted,
    })
}

/// The Grundy values of a heap game: `partizan grundy NAME ARGS --to N`.
#[derive(Clone, Copy)]
pub struct SequenceSpec {
    /// The command's arguments, e.g. `grundy octal CODE --to N`.
    pub usage: &'static str,
    /// `G(0..=to)` and the period, from the command's arguments.
    pub build: fn(&[String], usize) -> Result<SequenceReport, Error>,
}

impl TableSpec {
    /// `table NAME p1=… p2=…`: the usage line generated from the parameters.
    pub fn usage(&self, name: &str) -> String {
        let mut s = format!("table {name}");
        for p in self.params {
            s += &format!(" [{}=N]", p.name);
        }
        if !self.params.is_empty() {
            let meanings: Vec<String> = self
                .params
                .iter()
                .map(|p| format!("{}: {}", p.name, p.meaning))
                .collect();
            s += &format!(" ({})", meanings.join("; "));
        }
        s
    }

    /// Reads `name=value` words against the declared parameters.
    pub fn parse(&self, words: &[String]) -> Result<TableParams, Error> {
        let mut params = TableParams::new();
        for w in words {
            let Some((name, value)) = w.split_once('=') else {
                return Err(Error::input(format!(
                    "expected a parameter NAME=VALUE, not {w:?} (parameters: {})",
                    self.names()
                )));
            };
            if !self.params.iter().any(|p| p.name == name) {
                return Err(Error::input(format!(
                    "unknown parameter {name:?} (parameters: {})",
                    self.names()
                )));
            }
            if params.int(name).is_some() {
                return Err(Error::input(format!("parameter {name:?} given twice")));
            }
            let value: i64 = value
                .trim()
                .parse()
                .map_err(|_| Error::input(format!("{name} must be an integer, not {value:?}")))?;
            params = params.with(name, value);
        }
        Ok(params)
    }

    fn names(&self) -> String {
        if self.params.is_empty() {
            return "none".to_string();
        }
        let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        names.join(", ")
    }
}

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
