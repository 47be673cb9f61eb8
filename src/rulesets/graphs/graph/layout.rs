//! Graphs read from grids: one vertex a cell, joined to its orthogonal neighbours, and where
//! each vertex lies.

use super::Graph;

/// A grid of cells read by [`crate::rulesets::text::grid`], as a graph: one vertex per cell for which
/// `vertex` holds (row-major order), joined to its orthogonal neighbours; also the vertex of
/// each cell (`None` for the others).
pub fn grid_graph<T>(
    rows: usize,
    cols: usize,
    cells: &[T],
    vertex: impl Fn(&T) -> bool,
) -> (Graph, Vec<Option<u32>>) {
    let mut index = vec![None; cells.len()];
    let mut n = 0u32;
    for (k, c) in cells.iter().enumerate() {
        if vertex(c) {
            index[k] = Some(n);
            n += 1;
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let k = r * cols + c;
            let Some(a) = index[k] else { continue };
            if c + 1 < cols {
                if let Some(b) = index[k + 1] {
                    edges.push((a, b, 0));
                }
            }
            if r + 1 < rows {
                if let Some(b) = index[k + cols] {
                    edges.push((a, b, 0));
                }
            }
        }
    }
    edges.sort_unstable();
    (
        Graph {
            labels: vec![0; n as usize],
            edges,
        },
        index,
    )
}

/// Where the vertices of a graph read from a grid ([`grid_graph`]) lie: the grid's size and the
/// vertex of each cell, row-major (`None` for a cell that is not a vertex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridLayout {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The vertex of each cell.
    pub vertex: Vec<Option<u32>>,
}

impl GridLayout {
    /// The grid in the syntax of [`crate::rulesets::text::grid`]: `#` for a cell that is not a
    /// vertex, `square(v)` for the cell of vertex `v`.
    pub fn text(&self, square: impl Fn(usize) -> char) -> String {
        crate::rulesets::text::board(self.rows, self.cols, |r, c| {
            self.vertex[r * self.cols + c].map_or('#', |v| square(v as usize))
        })
    }
}
