//! The graph families' tables over the shapes `path:n`, `cycle:n`, `complete:n`, `star:n`.

use crate::Error;
use super::text::parse;
use super::Graph;

/// The table of Grundy values of an impartial ruleset on graphs over [`TABLE_SHAPES`] (see
/// [`shape_table`]), as Node Kayles and Arc Kayles have.
pub fn grundy_shape_table<R: crate::solve::ImpartialRuleset<Position = Graph>>(
    caption: &str,
    a: &crate::solve::TableParams,
    bounds: (usize, usize),
    ruleset: R,
) -> Result<crate::solve::Table, Error> {
    let mut solver = crate::solve::GrundySolver::new(ruleset);
    shape_table(caption, a, bounds, &TABLE_SHAPES, |shape, n| {
        Ok(solver.grundy(&self::shape(shape, n)?).to_string())
    })
}

/// The graph shapes of the graph families' tables, one row each: `path:n`, `cycle:n`,
/// `complete:n` and `star:n` (the shorthands of the module documentation).
pub const TABLE_SHAPES: [&str; 4] = ["path", "cycle", "complete", "star"];

/// A graph family's table over `shapes` (such as [`TABLE_SHAPES`]): row `shape`, column
/// `n = 1..=N` with `N` the table parameter `n` (default `default`, at most `max`), cell
/// `cell(shape, n)`; the family evaluates the graph `shape:n` as its own input would, so a cell
/// is what `family("shape:n")` prints. A cycle needs 3 vertices: `cycle:1` and `cycle:2` are `-`.
pub fn shape_table(
    caption: &str,
    a: &crate::solve::TableParams,
    (default, max): (usize, usize),
    shapes: &[&str],
    mut cell: impl FnMut(&str, usize) -> Result<String, Error>,
) -> Result<crate::solve::Table, Error> {
    let n = crate::rulesets::family::bounded(a, "n", default, (1, max))?;
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(shapes.len(), |i| {
        let shape = shapes[i];
        (1..=n)
            .map(|k| match (shape, k) {
                ("cycle", 1 | 2) => Ok("-".to_string()),
                _ => cell(shape, k),
            })
            .collect::<Result<Vec<String>, Error>>()
    });
    let cells = cells.into_iter().collect::<Result<Vec<_>, Error>>()?;
    Ok(crate::solve::Table {
        caption: caption.to_string(),
        column_label: "size".to_string(),
        row_label: "graph".to_string(),
        columns: (1..=n).map(|k| k.to_string()).collect(),
        rows: shapes[..cells.len()].iter().map(|s| s.to_string()).collect(),
        cells,
        interrupted,
    })
}

/// The graph `shape:n` of [`shape_table`], uncoloured.
pub fn shape(shape: &str, n: usize) -> Result<Graph, Error> {
    Ok(parse(&format!("{shape}:{n}"), "")?.graph)
}
