//! Concrete game families, one file each implementing [`Family`], and the registry
//! [`FAMILIES`] that makes them callable in expressions (`nim(7)`, `domineering("..|.#")`, ...),
//! in tables (`partizan table queen size=9 p=3`) and in Grundy sequences
//! (`partizan grundy kayles`).
//!
//! Families use only the public API of [`crate::algebra`] and [`crate::solve`]. Beside the
//! families: [`tictactoe`], solved by minimax (a game that can end in a draw, not normal play).

mod graphs;
mod grids;
mod heaps;
mod strips;
pub use graphs::*;
pub use grids::*;
pub use heaps::*;
pub use strips::*;
pub mod family;
pub mod mcgs;
pub mod positions;
pub mod text;
pub mod tictactoe;

pub use args::{Arg, NamedArg};
pub use family::SequenceReport;
pub use family::{Family, LoopyCall, Param, SequenceSpec, TableSpec, GRID_PARAMS};

use crate::algebra::Game;
use crate::solve::Table;
use crate::Error;

/// Every registered family, sorted by name: the families of the four groups (`heaps/`,
/// `grids/`, `graphs/`, `strips/`). Adding a family is one new file implementing [`Family`] and
/// one line in its group's `mod.rs`.
pub static FAMILIES: std::sync::LazyLock<Vec<&'static dyn Family>> =
    std::sync::LazyLock::new(|| {
        let mut all: Vec<&'static dyn Family> = [
            heaps::FAMILIES,
            grids::FAMILIES,
            graphs::FAMILIES,
            strips::FAMILIES,
        ]
        .concat();
        all.sort_by_key(|f| f.name());
        all
    });

/// The registered family called `name`.
pub fn family(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.name() == name)
}

/// The names of the families for which `has` holds, for error messages.
/// "unknown `what` family": the nearest names of the families that have one, or all of them.
pub fn unknown(what: &str, name: &str, has: impl Fn(&dyn Family) -> bool) -> String {
    let names: Vec<&str> = FAMILIES
        .iter()
        .filter(|f| has(**f))
        .map(|f| f.name())
        .collect();
    let near = crate::suggest::suggest(name, names.iter().copied());
    if near.is_empty() {
        format!(
            "unknown {what} family {name:?}; known: {}",
            names.join(", ")
        )
    } else {
        format!(
            "unknown {what} family {name:?}{}",
            crate::suggest::did_you_mean(&near)
        )
    }
}

/// Evaluates the call `name(positional..., named...)` of a registered family: `None` when no
/// family has that name, an `Err` with the family's usage appended (of the error's own kind,
/// [`family::with_usage`]) when the call fails.
/// The expression language ([`crate::expr`]) resolves its calls here.
pub fn call(name: &str, positional: &[Arg], named: &[NamedArg]) -> Option<Result<Game, Error>> {
    family(name).map(|f| {
        f.evaluate(positional, named)
            .map_err(|e| family::with_usage(e, "", f.usage()))
    })
}

/// The table of family `name` with the parameters `words` (`["rows=3", "cols=4"]`).
///
/// ```
/// let t = partizan::rulesets::table("wythoff", &["size=3".to_string()]).unwrap();
/// assert_eq!(t.cells, [["0", "1", "2"], ["1", "2", "0"], ["2", "0", "1"]]);
/// assert!(partizan::rulesets::table("wythoff", &["p=3".to_string()]).is_err());
/// ```
pub fn table(name: &str, words: &[String]) -> Result<Table, Error> {
    let spec = table_spec(name)?;
    spec.parse(words)
        .and_then(|params| (spec.build)(&params))
        .map_err(|e| family::with_usage(e, name, &spec.usage(name)))
}

/// The table of the registered family `name` with parameters already read, as
/// [`table`] with words: `table_with("cram", &TableParams::new().with("rows", 3))`.
pub fn table_with(name: &str, params: &crate::solve::TableParams) -> Result<Table, Error> {
    let spec = table_spec(name)?;
    if let Some(unknown) = params
        .names()
        .find(|n| !spec.params.iter().any(|p| p.name == *n))
    {
        return Err(Error::input(format!(
            "{name}: unknown parameter {unknown:?} (usage: {})",
            spec.usage(name)
        )));
    }
    (spec.build)(params).map_err(|e| family::with_usage(e, name, &spec.usage(name)))
}

/// The table of the family `name`, or the error that says it has none (and what it has).
fn table_spec(name: &str) -> Result<TableSpec, Error> {
    family(name).and_then(|f| f.table()).ok_or_else(|| {
        Error::input(match family(name) {
            Some(f) if f.sequence().is_some() => format!(
                "{name} has no table; its Grundy values: partizan grundy {name} (usage: {})",
                f.sequence().map_or("", |q| q.usage)
            ),
            Some(f) => format!("{name} has no table; a position: {}", f.example()),
            None => unknown("table", name, |f| f.table().is_some()),
        })
    })
}

/// The Grundy sequence of family `name` with arguments `args`, `G(0..=to)`.
///
/// ```
/// use partizan::rulesets::sequence;
/// // S = {1, 3, 4}: 0 1 0 1 2 3 2 repeating from 0 (WW ch. 4).
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
/// assert_eq!(sequence("grundy_game", &[], 50).unwrap().periodicity, None);
/// ```
pub fn sequence(name: &str, args: &[String], to: usize) -> Result<SequenceReport, Error> {
    let spec = family(name).and_then(|f| f.sequence()).ok_or_else(|| {
        Error::input(match family(name) {
            Some(f) if f.table().is_some() => format!(
                "{name} has no Grundy sequence; its table: partizan table {name} (usage: {})",
                f.table().map_or(String::new(), |t| t.usage(name))
            ),
            Some(f) => format!("{name} has no Grundy sequence; a position: {}", f.example()),
            None => unknown("sequence", name, |f| f.sequence().is_some()),
        })
    })?;
    (spec.build)(args, to).map_err(|e| family::with_usage(e, name, spec.usage))
}

/// The arguments of a family call, and helpers for reading them.
pub mod args {
    use crate::algebra::Game;
    use crate::Error;
    use num_bigint::BigInt;

    /// An argument of a family call in an expression: `queen(5, 3, p=3)`, `toads("TT..FF")`.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Arg {
        /// A game value (integers are games too).
        Game(Game),
        /// A string literal.
        Str(String),
    }

    /// A named argument `name = value` of a call.
    pub type NamedArg = (String, Arg);

    /// The integer argument at `index`, named `what` in errors.
    pub fn integer(args: &[Arg], index: usize, what: &str) -> Result<BigInt, Error> {
        match args.get(index) {
            None => Err(Error::input(format!("missing argument {what}"))),
            Some(Arg::Game(g)) => g
                .as_number()
                .and_then(|x| x.to_integer())
                .ok_or_else(|| Error::input(format!("{what} must be an integer, not {g}"))),
            Some(Arg::Str(s)) => Err(Error::input(format!(
                "{what} must be an integer, not the string {s:?}"
            ))),
        }
    }

    /// A non-negative integer argument that fits `usize`.
    pub fn size(args: &[Arg], index: usize, what: &str) -> Result<usize, Error> {
        let n = integer(args, index, what)?;
        if n.sign() == num_bigint::Sign::Minus {
            return Err(Error::input(format!(
                "{what} must be non-negative, not {n}"
            )));
        }
        usize::try_from(&n).map_err(|_| Error::input(format!("{what} = {n} is too large")))
    }

    /// The arguments of a call `name(w, h)` of a cake game: a width and a height, each between
    /// 1 and `max` (at most `u32::MAX`), and no named argument.
    pub fn width_and_height(
        positional: &[Arg],
        named: &[NamedArg],
        max: usize,
    ) -> Result<(u32, u32), Error> {
        self::named(named, "", &[])?;
        if positional.len() != 2 {
            return Err(Error::input(format!(
                "expected a width and a height, found {} arguments",
                positional.len()
            )));
        }
        let max = max.min(u32::MAX as usize);
        let side = |i: usize, what: &str| -> Result<u32, Error> {
            let n = size(positional, i, what)?;
            if n == 0 {
                return Err(Error::input(format!("{what} must be at least 1")));
            }
            if n > max {
                return Err(Error::input(format!(
                    "{what} = {n} is too large (at most {max})"
                )));
            }
            Ok(n as u32)
        };
        Ok((side(0, "width")?, side(1, "height")?))
    }

    /// The string argument at `index`.
    pub fn string<'a>(args: &'a [Arg], index: usize, what: &str) -> Result<&'a str, Error> {
        match args.get(index) {
            None => Err(Error::input(format!("missing argument {what}"))),
            Some(Arg::Str(s)) => Ok(s),
            Some(Arg::Game(g)) => Err(Error::input(format!(
                "{what} must be a string in double quotes, not {g}"
            ))),
        }
    }

    /// The value of the named argument `name`, if given; an error for names not in `allowed`.
    pub fn named<'a>(
        named: &'a [NamedArg],
        name: &str,
        allowed: &[&str],
    ) -> Result<Option<&'a Arg>, Error> {
        if let Some((n, _)) = named.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
            return Err(Error::input(format!(
                "unknown named argument '{n}' (allowed: {})",
                allowed.join(", ")
            )));
        }
        Ok(named.iter().find(|(n, _)| n == name).map(|(_, a)| a))
    }
}

/// The heap game that a bare code names where a command takes one in place of a family
/// (`grundy 0.16`, `quotient 0.07`, `misere 0.07 10 12`): a word with a point is a code, an
/// octal code (`0.07`, Winning Ways ch. 4) when it reads as one and else a take-and-break code
/// (`0.[3]`, hexadecimal digits); `None` for a word without a point, `Some(Err)` (octal's
/// message) for a code of neither kind.
///
/// ```
/// use partizan::rulesets::{code_rules, family::HeapCode};
/// assert_eq!(code_rules("0.07").unwrap().unwrap(), HeapCode::Octal("0.07".into()));
/// assert_eq!(code_rules("0.[3]").unwrap().unwrap(), HeapCode::TakeAndBreak("0.[3]".into()));
/// assert!(code_rules("kayles").is_none() && code_rules("0.x").unwrap().is_err());
/// ```
pub fn code_rules(word: &str) -> Option<Result<family::HeapCode, Error>> {
    if !word.contains('.') {
        return None;
    }
    Some(match octal::OctalGame::parse(word) {
        Ok(_) => Ok(family::HeapCode::Octal(word.to_string())),
        Err(e) => match take_and_break::TakeAndBreak::parse(word) {
            Ok(_) => Ok(family::HeapCode::TakeAndBreak(word.to_string())),
            Err(_) => Err(e),
        },
    })
}

/// The heap game that `name` and `words` give on the command line: the [`Family::heap_code`]
/// of the family `name` (`kayles`, `octal 0.07`), or a bare code (`0.07`, `0.[3]`,
/// [`code_rules`]) without further words; an error naming the heap games (for `purpose`,
/// "misère play") otherwise.
///
/// ```
/// use partizan::rulesets::{family::HeapCode, heap_rules};
/// assert_eq!(heap_rules("kayles", &[], "").unwrap(), HeapCode::Octal("0.77".into()));
/// assert_eq!(heap_rules("0.[3]", &[], "").unwrap(), HeapCode::TakeAndBreak("0.[3]".into()));
/// assert!(heap_rules("chess", &[], "misère play").is_err());
/// ```
pub fn heap_rules(name: &str, words: &[String], purpose: &str) -> Result<family::HeapCode, Error> {
    match family(name).and_then(|f| f.heap_code(words)) {
        Some(rules) => rules,
        None => match code_rules(name) {
            Some(rules) if words.is_empty() => rules,
            _ => {
                let message = unknown("heap game", name, |f| f.heap_code(&[]).is_some());
                Err(Error::input(format!(
                    "{message} (or a code such as 0.07 or 0.[3]) for {purpose}"
                )))
            }
        },
    }
}

/// The code that the sparse-space engine ([`octal::grundy_run`]) computes for the heap family
/// `name` with arguments `args`, if it computes it (from its [`Family::heap_code`]): `kayles` is `0.77`, `dawson_kayles` `0.07`,
/// `dawson_chess` `0.137`, `octal CODE` the code itself, and `grundy_game` Grundy's game.
///
/// ```
/// use partizan::rulesets::engine_code;
/// assert_eq!(engine_code("kayles", &[]).as_deref(), Some("0.77"));
/// assert_eq!(engine_code("octal", &["0.16".to_string()]).as_deref(), Some("0.16"));
/// assert_eq!(engine_code("subtraction", &["1,2".to_string()]), None);
/// ```
pub fn engine_code(name: &str, args: &[String]) -> Option<String> {
    match family(name)?.heap_code(args)?.ok()? {
        family::HeapCode::Octal(code) => octal::OctalGame::parse(&code).ok().map(|g| g.code()),
        family::HeapCode::GrundyGame => Some("grundy_game".to_string()),
        family::HeapCode::TakeAndBreak(_) => None,
    }
}

/// The families the sparse-space engine runs ([`engine_code`]), as they are written on the
/// command line: `dawson_chess, dawson_kayles, grundy_game, kayles, octal CODE`.
///
/// ```
/// let names = partizan::rulesets::engine_families();
/// assert!(names.contains("kayles") && names.contains("octal CODE"));
/// assert!(!names.contains("take_and_break"));
/// ```
pub fn engine_families() -> String {
    let code = ["0.07".to_string()];
    let names: Vec<String> = FAMILIES
        .iter()
        .filter_map(|f| {
            if engine_code(f.name(), &[]).is_some() {
                Some(f.name().to_string())
            } else if engine_code(f.name(), &code).is_some() {
                Some(format!("{} CODE", f.name()))
            } else {
                None
            }
        })
        .collect();
    names.join(", ")
}

/// What `partizan grundy FAMILY ARGS --to N` asks (see [`grundy`]).
#[derive(Clone, Debug, Default)]
pub struct GrundyRequest<'a> {
    /// The family (`kayles`, `subtraction`) or a code (`0.16`).
    pub family: &'a str,
    /// The family's words (`1,3,4` after `subtraction`, `0.77` after `octal`).
    pub args: &'a [String],
    /// The largest heap, `N`.
    pub to: usize,
    /// The sparse-space engine's output format (see [`octal::GrundyRun::format`]).
    pub format: Option<crate::solve::sparse::ValueFormat>,
    /// Save the engine's run to this file.
    pub save: Option<&'a str>,
    /// Continue the engine's run saved in this file.
    pub resume: Option<&'a str>,
    /// Compute every value, also past a proven period.
    pub every_value: bool,
    /// The engine's stop flag and memory budget.
    pub limits: crate::solve::sparse::Limits<'a>,
}

/// Writes the Grundy values a [`GrundyRequest`] asks for to `out`, deciding which engine computes
/// them: a code (`0.16`) goes to the sparse-space engine ([`octal::grundy_run`]), and so does a
/// family it computes ([`engine_code`]: `kayles`, `octal CODE`, `grundy_game`, …) when `N` is
/// beyond [`octal::MAX_SPLIT_HEAP`] or the engine's options (format, save, resume, every value)
/// are asked for; any other request is the family's [`sequence`], written as its report.
///
/// ```
/// use partizan::rulesets::{grundy, GrundyRequest};
/// let mut out = Vec::new();
/// let args = ["1,2".to_string()];
/// let request = GrundyRequest { family: "subtraction", args: &args, to: 6, ..Default::default() };
/// grundy(&request, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("subtraction game {1,2}: G(0..=6)\n0 1 2 0 1 2 0\n"));
/// ```
pub fn grundy(
    request: &GrundyRequest,
    out: &mut dyn std::io::Write,
) -> Result<octal::GrundyRunEnd, Error> {
    let engine_options = request.format.is_some()
        || request.save.is_some()
        || request.resume.is_some()
        || request.every_value;
    let is_code = code_rules(request.family).is_some();
    let code = if is_code {
        if !request.args.is_empty() {
            return Err(Error::input(format!(
                "grundy {} takes no further arguments, got {:?}",
                request.family, request.args
            )));
        }
        Some(request.family.to_string())
    } else if engine_options || request.to > octal::MAX_SPLIT_HEAP {
        engine_code(request.family, request.args)
    } else {
        None
    };
    if let Some(code) = code {
        let run = octal::GrundyRun {
            code: &code,
            to: request.to,
            format: request.format,
            save: request.save,
            resume: request.resume,
            every_value: request.every_value,
            limits: request.limits,
        };
        return octal::grundy_run(&run, out);
    }
    if engine_options {
        return Err(Error::input(format!(
            "--format, --save, --resume and --every-value apply to a code such as 0.16 and to {}",
            engine_families()
        )));
    }
    let report = sequence(request.family, request.args, request.to)?;
    out.write_all(report.to_string().as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::input(format!("cannot write the output: {e}")))?;
    Ok(octal::GrundyRunEnd::Done)
}
