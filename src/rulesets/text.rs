//! Reading the text forms of positions shared by several families: rectangular grids written
//! row by row, and calls with a single string argument.

use super::args;
use crate::rulesets::{Arg, NamedArg};
use crate::Error;

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
