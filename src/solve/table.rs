//! Tables of a family's values over one or two parameters, rendered like the papers' tables
//! (a `y\x` header and tab-separated columns), as CSV, as JSON, or aligned for a terminal.
//!
//! ```
//! use partizan::solve::Table;
//! let t = Table::grid("x + y", "x", "y", 3, 2, |x, y| (x + y).to_string());
//! assert_eq!(t.to_tsv(), "# x + y\ny\\x\t0\t1\t2\n0\t0\t1\t2\n1\t1\t2\t3\n");
//! assert_eq!(t.cell(2, 1), Some("3"));
//! ```

use crate::Error;
use serde::Serialize;
use std::fmt::Write as _;

/// A table of values: rows indexed by one parameter, columns by another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// A one-line caption.
    pub caption: String,
    /// The name of the column parameter (`x`).
    pub column_label: String,
    /// The name of the row parameter (`y`).
    pub row_label: String,
    /// The column keys.
    pub columns: Vec<String>,
    /// The row keys.
    pub rows: Vec<String>,
    /// `cells[row][column]`.
    pub cells: Vec<Vec<String>>,
    /// Whether the work was stopped from outside ([`crate::interrupt`]) before every row was
    /// computed: `rows` and `cells` then hold the rows finished before the stop.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// Rows `0..n` computed in turn by `row`, until the work is stopped from outside
/// ([`crate::interrupt::request`]): the rows finished, and whether it was stopped. Any other
/// unwind (a size limit) goes on.
pub(crate) fn rows_until_interrupted<T>(
    n: usize,
    mut row: impl FnMut(usize) -> T,
) -> (Vec<T>, bool) {
    let mut rows = Vec::with_capacity(n);
    for y in 0..n {
        match crate::interrupt::catch(std::panic::AssertUnwindSafe(|| row(y))) {
            Ok(r) => rows.push(r),
            Err(crate::interrupt::Interrupted) => return (rows, true),
        }
    }
    (rows, false)
}

/// How to render a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Tab-separated with a `y\x` header, like the papers' tables (and `tests/data/*.tsv`).
    Tsv,
    /// Columns padded with spaces for reading in a terminal.
    Aligned,
    /// Comma-separated values (cells containing `,` or `"` are quoted).
    Csv,
    /// One JSON object.
    Json,
}

impl std::str::FromStr for TableFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<TableFormat, Error> {
        match s {
            "tsv" | "text" => Ok(TableFormat::Tsv),
            "aligned" => Ok(TableFormat::Aligned),
            "csv" => Ok(TableFormat::Csv),
            "json" => Ok(TableFormat::Json),
            _ => Err(Error::input(format!(
                "unknown table format {s:?} (expected text, aligned, csv or json)"
            ))),
        }
    }
}

impl Table {
    /// A `width × height` grid with cell `(x, y)` given by `cell(x, y)`; columns are `x`, rows `y`.
    /// Stopped from outside ([`crate::interrupt`]), it holds the rows finished and says so
    /// ([`Table::interrupted`]).
    pub fn grid(
        caption: &str,
        column_label: &str,
        row_label: &str,
        width: usize,
        height: usize,
        mut cell: impl FnMut(usize, usize) -> String,
    ) -> Table {
        let _steps = crate::progress::steps("cell", (width * height) as u64);
        let (cells, interrupted) = rows_until_interrupted(height, |y| {
            (0..width)
                .map(|x| {
                    crate::progress::step((y * width + x + 1) as u64);
                    cell(x, y)
                })
                .collect()
        });
        Table {
            caption: caption.to_string(),
            column_label: column_label.to_string(),
            row_label: row_label.to_string(),
            columns: (0..width).map(|x| x.to_string()).collect(),
            rows: (0..cells.len()).map(|y| y.to_string()).collect(),
            cells,
            interrupted,
        }
    }

    /// A table of sizes counted from 1, as tables of boards and cakes are: `cell(c, r)` for the
    /// column `c = 1..=width` and the row `r = 1..=height`, labelled by those sizes.
    pub fn sizes(
        caption: &str,
        column_label: &str,
        row_label: &str,
        width: usize,
        height: usize,
        mut cell: impl FnMut(usize, usize) -> String,
    ) -> Table {
        let mut t = Table::grid(caption, column_label, row_label, width, height, |x, y| {
            cell(x + 1, y + 1)
        });
        t.columns = (1..=width).map(|c| c.to_string()).collect();
        t.rows = (1..=t.cells.len()).map(|r| r.to_string()).collect();
        t
    }

    /// A one-row table of a sequence `values[n]`, `n = 0, 1, ...`.
    pub fn sequence(caption: &str, label: &str, values: impl IntoIterator<Item = String>) -> Table {
        let cells: Vec<String> = values.into_iter().collect();
        Table {
            caption: caption.to_string(),
            column_label: label.to_string(),
            row_label: String::new(),
            columns: (0..cells.len()).map(|n| n.to_string()).collect(),
            rows: vec![String::new()],
            cells: vec![cells],
            interrupted: false,
        }
    }

    /// The cell in column `x`, row `y`.
    pub fn cell(&self, x: usize, y: usize) -> Option<&str> {
        self.cells.get(y)?.get(x).map(String::as_str)
    }

    /// The header's corner: `y\x`, or just the column label for a one-row sequence.
    fn corner(&self) -> String {
        if self.row_label.is_empty() {
            self.column_label.clone()
        } else {
            format!("{}\\{}", self.row_label, self.column_label)
        }
    }

    /// The paper's layout: `# caption`, a `y\x` header, then one tab-separated line per row.
    pub fn to_tsv(&self) -> String {
        let mut s = String::new();
        if !self.caption.is_empty() {
            let _ = writeln!(s, "# {}", self.caption);
        }
        let _ = writeln!(s, "{}\t{}", self.corner(), self.columns.join("\t"));
        for (key, row) in self.rows.iter().zip(&self.cells) {
            let _ = writeln!(s, "{}\t{}", key, row.join("\t"));
        }
        s
    }

    /// Space-aligned columns, right-justified.
    pub fn to_aligned(&self) -> String {
        let mut widths: Vec<usize> = Vec::new();
        let corner = self.corner();
        let first = std::iter::once(&corner)
            .chain(&self.rows)
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0);
        for (i, c) in self.columns.iter().enumerate() {
            let w = self
                .cells
                .iter()
                .filter_map(|r| r.get(i))
                .map(|s| s.chars().count())
                .chain([c.chars().count()])
                .max()
                .unwrap_or(0);
            widths.push(w);
        }
        let mut s = String::new();
        if !self.caption.is_empty() {
            let _ = writeln!(s, "# {}", self.caption);
        }
        let line = |key: &str, cells: &[String]| {
            let mut l = format!("{key:>first$}");
            for (c, w) in cells.iter().zip(&widths) {
                let _ = write!(l, "  {c:>w$}");
            }
            l
        };
        let _ = writeln!(s, "{}", line(&corner, &self.columns));
        for (key, row) in self.rows.iter().zip(&self.cells) {
            let _ = writeln!(s, "{}", line(key, row));
        }
        s
    }

    /// Comma-separated values with the same header as [`Table::to_tsv`] (no caption line).
    pub fn to_csv(&self) -> String {
        let q = |c: &str| {
            if c.contains([',', '"', '\n']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.to_string()
            }
        };
        let mut s = String::new();
        let header: Vec<String> = std::iter::once(self.corner())
            .chain(self.columns.iter().cloned())
            .map(|c| q(&c))
            .collect();
        let _ = writeln!(s, "{}", header.join(","));
        for (key, row) in self.rows.iter().zip(&self.cells) {
            let cells: Vec<String> = std::iter::once(key.clone())
                .chain(row.iter().cloned())
                .map(|c| q(&c))
                .collect();
            let _ = writeln!(s, "{}", cells.join(","));
        }
        s
    }

    /// One JSON object with the caption, labels, keys and cells.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a table serialises")
    }

    /// Renders in `format`.
    pub fn render(&self, format: TableFormat) -> String {
        match format {
            TableFormat::Tsv => self.to_tsv(),
            TableFormat::Aligned => self.to_aligned(),
            TableFormat::Csv => self.to_csv(),
            TableFormat::Json => self.to_json() + "\n",
        }
    }

    /// Parses the layout of [`Table::to_tsv`] (the `tests/data/*.tsv` files): an optional
    /// `# caption` line, a header line, then rows.
    pub fn from_tsv(text: &str) -> Result<Table, Error> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
        let caption = match lines.peek() {
            Some(l) if l.starts_with('#') => {
                let c = l.trim_start_matches('#').trim().to_string();
                lines.next();
                c
            }
            _ => String::new(),
        };
        let header = lines
            .next()
            .ok_or_else(|| Error::input("a table needs a header line"))?;
        let mut head = header.split('\t');
        let corner = head.next().unwrap_or_default();
        let (row_label, column_label) = corner.split_once('\\').unwrap_or(("", corner));
        let columns: Vec<String> = head.map(str::to_string).collect();
        let mut rows = Vec::new();
        let mut cells = Vec::new();
        for (i, l) in lines.enumerate() {
            let mut parts = l.split('\t');
            rows.push(parts.next().unwrap_or_default().to_string());
            let row: Vec<String> = parts.map(str::to_string).collect();
            if row.len() != columns.len() {
                return Err(Error::input(format!(
                    "row {i} has {} cells, the header {}",
                    row.len(),
                    columns.len()
                )));
            }
            cells.push(row);
        }
        Ok(Table {
            caption,
            column_label: column_label.to_string(),
            row_label: row_label.to_string(),
            columns,
            rows,
            cells,
            interrupted: false,
        })
    }
}

/// The named integer parameters of a table (`partizan table queen size=9 p=3`), as a family's
/// table builder reads them. Which names a family takes is declared by its
/// [`TableSpec`](crate::rulesets::TableSpec).
///
/// ```
/// use partizan::solve::TableParams;
/// let p = TableParams::new().with("size", 9).with("p", 3);
/// assert_eq!(p.int("p"), Some(3));
/// assert_eq!(p.natural("size").unwrap(), Some(9));
/// assert_eq!(p.natural("rows").unwrap(), None);
/// assert!(TableParams::new().with("rows", -2).natural("rows").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableParams {
    values: Vec<(String, i64)>,
}

impl TableParams {
    /// No parameters: every table's defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// The parameters with `name = value` set.
    pub fn with(mut self, name: &str, value: i64) -> Self {
        self.values.retain(|(n, _)| n != name);
        self.values.push((name.to_string(), value));
        self
    }

    /// The value of `name`, if given.
    pub fn int(&self, name: &str) -> Option<i64> {
        self.values.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    /// The names given, in the order they were set.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(|(n, _)| n.as_str())
    }

    /// The value of `name` as a size, if given; an error when it is negative.
    pub fn natural(&self, name: &str) -> Result<Option<usize>, Error> {
        self.int(name)
            .map(|v| {
                usize::try_from(v).map_err(|_| {
                    Error::input(format!("{name} must be a non-negative integer, not {v}"))
                })
            })
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_round_trip_and_formats() {
        let t = Table::grid("caption", "x", "y", 2, 2, |x, y| format!("{x},{y}"));
        assert_eq!(Table::from_tsv(&t.to_tsv()).unwrap(), t);
        assert_eq!(
            t.to_csv(),
            "y\\x,0,1\n0,\"0,0\",\"1,0\"\n1,\"0,1\",\"1,1\"\n"
        );
        assert!(t.to_json().starts_with("{\"caption\":\"caption\""));
        assert_eq!(
            t.to_aligned(),
            "# caption\ny\\x    0    1\n  0  0,0  1,0\n  1  0,1  1,1\n"
        );
    }
}
