//! The text forms of positions shared by several families: rectangular grids written row by
//! row, calls with a single string argument, and [`TextFamily`], the declaration of a family
//! whose call is the text of a position (a board, a row, a graph).

use super::args;
use super::family::{Family, TableSpec};
use crate::algebra::Game;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{of_ruleset, Rules};
use crate::solve::{Position, Ruleset};
use crate::Error;
use std::sync::Arc;

/// A family whose call is one string, the text of a position of a ruleset (`amazons("x..|..o")`,
/// `arc_kayles("a-b b-c")`), declared once as a `static` and registered by its group: its
/// name, its rules, how its text is read and written back, its usage and example, and, when
/// they are not the defaults, how a position is valued and what its table is (as CGSuite's
/// `GridRuleset` reads every grid for a ruleset that gives its rules and its alphabet). As a
/// [`Family`], its call is a position that keeps the rules ([`Family::position`]) and its value
/// is the position's canonical form.
///
/// ```
/// use partizan::rulesets::text::TextFamily;
/// use partizan::rulesets::{Arg, Family};
/// use partizan::solve::Ruleset;
/// use partizan::{Error, Game};
///
/// /// A row of `n` squares; either player may cover any square (a heap of Nim, read as text).
/// #[derive(Clone, Copy)]
/// struct Cover;
/// impl Ruleset for Cover {
///     type Position = usize;
///     fn left_options(&self, n: &usize) -> Vec<usize> {
///         (0..*n).collect()
///     }
///     fn right_options(&self, n: &usize) -> Vec<usize> {
///         (0..*n).collect()
///     }
/// }
/// fn read(text: &str) -> Result<usize, Error> {
///     match text.chars().all(|c| c == '.') {
///         true => Ok(text.len()),
///         false => Err(Error::input("a row of '.'")),
///     }
/// }
/// static COVER: TextFamily<Cover> = TextFamily::new("cover", Cover, read, |n| ".".repeat(*n))
///     .usage("cover(\"...\"): a row of squares", "cover(\"...\")")
///     .impartial();
///
/// let p = COVER.position(&[Arg::Str("...".into())], &[]).unwrap().unwrap();
/// assert_eq!(p.to_string(), "cover(\"...\")");
/// assert_eq!(COVER.evaluate(&[Arg::Str("...".into())], &[]).unwrap(), Game::nimber(3));
/// ```
pub struct TextFamily<R: Ruleset + 'static> {
    name: &'static str,
    usage: &'static str,
    example: &'static str,
    text: &'static str,
    rules: R,
    impartial: bool,
    read: fn(&str) -> Result<R::Position, Error>,
    write: fn(&R::Position) -> String,
    value: fn(&R, &R::Position) -> Game,
    table: Option<TableSpec>,
}

impl<R: Ruleset + Clone + 'static> TextFamily<R> {
    /// The family `name` (see [`Family::name`]) of the positions of `rules`, read from their text
    /// by `read` (an error says what is wrong and where) and written back by `write`; a
    /// partizan family, its text called "the position" in errors, its positions valued by the
    /// generic [`Solver`](crate::solve::Solver), without a table.
    pub const fn new(
        name: &'static str,
        rules: R,
        read: fn(&str) -> Result<R::Position, Error>,
        write: fn(&R::Position) -> String,
    ) -> TextFamily<R> {
        TextFamily {
            name,
            usage: "",
            example: "",
            text: "the position",
            rules,
            impartial: false,
            read,
            write,
            value: solver_value::<R>,
            table: None,
        }
    }

    /// The call's syntax and meaning, and a call that evaluates at once (see [`Family::usage`]
    /// and [`Family::example`]).
    pub const fn usage(mut self, usage: &'static str, example: &'static str) -> TextFamily<R> {
        self.usage = usage;
        self.example = example;
        self
    }

    /// The name of the text in errors: "the board", "the edge list".
    pub const fn called(mut self, text: &'static str) -> TextFamily<R> {
        self.text = text;
        self
    }

    /// Both players always have the same moves.
    pub const fn impartial(mut self) -> TextFamily<R> {
        self.impartial = true;
        self
    }

    /// The canonical form of a position by the family's own engine.
    pub const fn valued(mut self, value: fn(&R, &R::Position) -> Game) -> TextFamily<R> {
        self.value = value;
        self
    }

    /// The family's table: `partizan table NAME` with `params`, `example` a command line that
    /// prints one at once, built by `build` (see [`TableSpec`]).
    pub const fn table(
        mut self,
        params: &'static [super::family::Param],
        example: &'static str,
        build: fn(&crate::solve::TableParams) -> Result<crate::solve::Table, Error>,
    ) -> TextFamily<R> {
        self.table = Some(TableSpec {
            params,
            example,
            build,
        });
        self
    }
}

/// The canonical form of `p` by the generic solver, with a fresh transposition table.
fn solver_value<R: Ruleset + Clone>(rules: &R, p: &R::Position) -> Game {
    crate::solve::Solver::new(rules.clone()).value(p)
}

impl<R> TextFamily<R>
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    /// The position `p` of the family, written as the call that makes it.
    pub fn position_of(&self, p: R::Position) -> Position {
        played(
            Played {
                rules: self.rules.clone(),
                name: self.name,
                write: self.write,
                named: String::new(),
                value: self.value,
            },
            self.impartial,
            p,
        )
    }
}

impl<R> Family for TextFamily<R>
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    fn name(&self) -> &'static str {
        self.name
    }
    fn usage(&self) -> &'static str {
        self.usage
    }
    fn example(&self) -> &'static str {
        self.example
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let text = one_string(args, named, self.text);
        Some(text.and_then(self.read).map(|p| self.position_of(p)))
    }
    fn table(&self) -> Option<TableSpec> {
        self.table
    }
}

/// A family's rules with how its positions are written and valued: the ruleset of its
/// positions ([`played`]).
#[derive(Clone)]
pub struct Played<R: Ruleset> {
    /// The rules.
    pub rules: R,
    /// The family's name, for the call that makes a position: `amazons("x..|..o")`.
    pub name: &'static str,
    /// The text of a position, as the family reads it.
    pub write: fn(&R::Position) -> String,
    /// Named arguments after the text in the call (`,variant="diagonal"`), or empty.
    pub named: String,
    /// The value of a position, by the family's engine.
    pub value: fn(&R, &R::Position) -> Game,
}

impl<R: Ruleset> Ruleset for Played<R> {
    type Position = R::Position;

    fn left_options(&self, p: &R::Position) -> Vec<R::Position> {
        self.rules.left_options(p)
    }
    fn right_options(&self, p: &R::Position) -> Vec<R::Position> {
        self.rules.right_options(p)
    }
    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        self.rules.components(p)
    }
    fn normalize(&self, p: R::Position) -> R::Position {
        self.rules.normalize(p)
    }
    fn known_value(&self, p: &R::Position) -> Option<Game> {
        self.rules.known_value(p)
    }
}

/// The position `p` of the family `played` (see [`crate::solve::position`]), written
/// `name("text")` with its named arguments after the text.
pub fn played<R>(played: Played<R>, impartial: bool, p: R::Position) -> Position
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    let rules = Arc::new(Rules {
        ruleset: played,
        impartial,
        write: |r, p, f| write!(f, "{}(\"{}\"{})", r.name, (r.write)(p), r.named),
        value: |r, p| Ok((r.value)(&r.rules, p)),
        option_count: None,
        search: None,
    });
    of_ruleset(rules, p)
}

/// A grid read from rows separated by `|`: its number of rows and columns, and its cells in
/// row-major order.
pub struct GridText<T> {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// Row-major cells.
    pub cells: Vec<T>,
}

/// Reads rows separated by `|` (spaces around a row are ignored), each character through
/// `cell`. `what` names the position in errors ("board"), `legend` says which characters are
/// allowed. Errors: an unknown character (with its row and column), rows of different lengths.
pub fn grid<T>(
    text: &str,
    what: &str,
    legend: &str,
    cell: impl Fn(char) -> Option<T>,
) -> Result<GridText<T>, Error> {
    let text = text.trim();
    let mut cells = Vec::new();
    let mut cols = None;
    let mut rows = 0;
    if !text.is_empty() {
        for (i, row) in text.split('|').enumerate() {
            let row = row.trim();
            for (j, ch) in row.chars().enumerate() {
                cells.push(cell(ch).ok_or_else(|| {
                    Error::input(format!(
                        "unknown character {ch:?} in row {}, column {} of the {what} ({legend}, '|' between rows)",
                        i + 1,
                        j + 1
                    ))
                })?);
            }
            let n = row.chars().count();
            match cols {
                None => cols = Some(n),
                Some(c) if c != n => {
                    return Err(Error::input(format!(
                        "ragged {what}: row {} has {n} squares but row 1 has {c} (every row must have the same length)",
                        i + 1
                    )))
                }
                _ => {}
            }
            rows += 1;
        }
    }
    Ok(GridText {
        rows,
        cols: cols.unwrap_or(0),
        cells,
    })
}

/// The single string argument of a call such as `toads("T.F")`, named `what` in errors; no
/// named arguments are allowed.
pub fn one_string<'a>(
    positional: &'a [Arg],
    named: &[NamedArg],
    what: &str,
) -> Result<&'a str, Error> {
    args::named(named, "", &[])?;
    if positional.len() != 1 {
        return Err(Error::input(format!(
            "expected one argument, {what}, found {}",
            positional.len()
        )));
    }
    args::string(positional, 0, what)
}

/// The text of a `rows × cols` board in the syntax of [`grid`]: rows separated by `|`, the square
/// in row `r` and column `c` (from 0) written `square(r, c)`.
pub fn board(rows: usize, cols: usize, square: impl Fn(usize, usize) -> char) -> String {
    (0..rows)
        .map(|r| (0..cols).map(|c| square(r, c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}
