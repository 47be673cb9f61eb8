//! NoGo on grids and graphs.
//!
//! **Rules** (M. Müller, "NoGo rules", webdocs.cs.ualberta.ca/~mmueller/nogo/rules.html; the
//! featured game of the 2011 BIRS Combinatorial Game Theory workshop). Black (Left, `x`) and
//! White (Right, `o`) take turns placing a stone of their colour on an empty point. Orthogonally
//! connected stones of one colour form a *block*; its *liberties* are the empty points next to
//! it. Every block on the board must keep at least one liberty: a move that would take the last
//! liberty of an opponent's block (a capture) or leave the mover's own block without one
//! (suicide) is illegal. There is no passing; the player who cannot move loses. NoGo is played
//! on any graph the same way, with adjacency instead of orthogonal neighbours.
//!
//! **Input.**
//! * Grids: `nogo("..x|o..")`, rows separated by `|`; `.` an empty point, `x` a black stone
//!   (Left's), `o` a white stone (Right's), `#` off the board.
//! * Graphs: `nogo_graph("a-b b-c c-d", black="a", white="d")` with the edge syntax of
//!   [`crate::rulesets::graph`] (chains, shorthands such as `path:N` or `grid:RxC`).
//!
//! A position in which some block has no liberty cannot arise in NoGo and is an error.
//!
//! **Positions as graphs.** Only blocks and their liberties matter, not the shapes of blocks, so
//! a position is stored as a graph ([`Graph`]): one vertex per empty point (label 0), one per
//! block (label 1 black, 2 white), an edge between adjacent empty points and between a block and
//! each of its liberties. Edges between blocks are dropped: stones of the same colour are one
//! block, and a stone next to the opponent's stone takes no liberty from it. A move on `v` by
//! Black merges `v` with the black blocks next to it into one block, whose liberties are the
//! empty neighbours of `v` and of those blocks; it is legal when that set is not empty and every
//! white block next to `v` has a liberty other than `v`.
//!
//! **Where a position splits, and why that is sound.** Two empty points interact only through
//! adjacency or through a block whose liberties they both are; a block belongs to the points it
//! touches. So the independent regions are exactly the connected components of this graph: a
//! move on `v` changes only `v`, the blocks next to `v` (whose liberties are all in `v`'s
//! component) and the new block (whose liberties are neighbours of `v` or of those blocks), and
//! the legality of a move depends only on the blocks next to it and their liberties. Regions of
//! the board that merely touch through stones of a block with liberties in both are *not*
//! independent, and they stay one component here. Each component is stored under a canonical
//! relabelling ([`Graph::canonical`]), which covers the mirror images of the board and every other
//! isomorphism; exchanging the colours negates the value (no isomorphism exchanges the players).
//!
//! **Checked against** (tests/graph_games.rs): an independent evaluator written in the test from
//! the rules alone, on the board itself (no graph, no splitting; explicit game trees and the
//! reference canonical form of tests/common), on every small board; the outcomes published by
//! Müller ("Solving NoGo on small board sizes", webdocs.cs.ualberta.ca/~mmueller/nogo/solving.html:
//! 3 × 3 is a first-player win, 4 × 4 a second-player win); by hand, `..` is `*` and `...` is
//! `{1, * | −1, *}`.

mod points;
pub mod search;

use crate::algebra::Game;
use crate::rulesets::family::{Family, Param, TableSpec, GRID_PARAMS};
use crate::rulesets::graph::{self, Graph, GridLayout};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::outcome::{SearchOptions, SearchStats};
use crate::solve::position::{self, write_text_call, OwnSearch};
use crate::solve::{Position, Ruleset, Solver, Table, TableParams};
use crate::Error;
use std::sync::Arc;

pub use points::{BLACK, EMPTY, WHITE};

/// The NoGo ruleset for the generic [`Solver`]; positions are [`Graph`]s as described in the
/// module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGo;

/// The positions after `colour` plays on each empty point where it may.
fn options(g: &Graph, colour: u8) -> Vec<Graph> {
    let adj = g.adjacency();
    let labels = g.labels();
    let n = g.len();
    let mut out = Vec::new();
    let mut liberty = vec![false; n];
    let mut merged = vec![false; n];
    'points: for v in 0..n {
        if labels[v] != EMPTY {
            continue;
        }
        liberty.fill(false);
        merged.fill(false);
        merged[v] = true;
        for &(w, _) in adj.neighbours(v) {
            let w = w as usize;
            match labels[w] {
                EMPTY => liberty[w] = true,
                l if l == colour => {
                    merged[w] = true;
                    for &(x, _) in adj.neighbours(w) {
                        liberty[x as usize] = true;
                    }
                }
                // An opponent's block needs a liberty besides v.
                _ => {
                    if adj.degree(w) < 2 {
                        continue 'points;
                    }
                }
            }
        }
        liberty[v] = false;
        if !liberty.iter().any(|&l| l) {
            continue; // suicide
        }
        // The old vertices without v and the merged blocks, then the new block at the end.
        let mut index = vec![u32::MAX; n];
        let mut new_labels = Vec::with_capacity(n);
        for u in 0..n {
            if !merged[u] {
                index[u] = new_labels.len() as u32;
                new_labels.push(labels[u]);
            }
        }
        let block = new_labels.len() as u32;
        new_labels.push(colour);
        let mut edges: Vec<(u32, u32, u8)> = g
            .edges()
            .iter()
            .filter(|&&(a, b, _)| !merged[a as usize] && !merged[b as usize])
            .map(|&(a, b, l)| (index[a as usize], index[b as usize], l))
            .collect();
        edges.extend((0..n).filter(|&u| liberty[u]).map(|u| (index[u], block, 0)));
        out.push(Graph::new(new_labels, edges).expect("a valid NoGo graph"));
    }
    out
}

impl Ruleset for NoGo {
    type Position = Graph;

    fn left_options(&self, g: &Graph) -> Vec<Graph> {
        options(g, BLACK)
    }

    fn right_options(&self, g: &Graph) -> Vec<Graph> {
        options(g, WHITE)
    }

    fn components(&self, g: &Graph) -> Vec<Graph> {
        g.components()
    }

    fn normalize(&self, g: Graph) -> Graph {
        g.canonical()
    }

    /// A component with at most one empty point is 0: every block in it has that point as its
    /// only liberty, so a stone there would leave its block without one.
    fn known_value(&self, g: &Graph) -> Option<Game> {
        (g.labels().iter().filter(|&&l| l == EMPTY).count() <= 1).then(Game::zero)
    }
}

/// Builds the block graph of a board given as a graph of points, `stones[v]` the stone on point
/// `v` (EMPTY, BLACK or WHITE); `names[v]` names the point in errors.
pub fn from_points(points: &Graph, stones: &[u8], names: &[String]) -> Result<Graph, Error> {
    let n = points.len();
    let adj = points.adjacency();
    // Blocks: connected stones of one colour.
    let mut block = vec![u32::MAX; n];
    let mut labels: Vec<u8> = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for s in 0..n {
        if stones[s] == EMPTY || block[s] != u32::MAX {
            continue;
        }
        let id = labels.len() as u32;
        labels.push(stones[s]);
        block[s] = id;
        let mut part = vec![s];
        let mut i = 0;
        while i < part.len() {
            for &(w, _) in adj.neighbours(part[i]) {
                let w = w as usize;
                if stones[w] == stones[s] && block[w] == u32::MAX {
                    block[w] = id;
                    part.push(w);
                }
            }
            i += 1;
        }
        members.push(part);
    }
    let blocks = labels.len() as u32;
    let mut point = vec![u32::MAX; n];
    for v in 0..n {
        if stones[v] == EMPTY {
            point[v] = labels.len() as u32;
            labels.push(EMPTY);
        }
    }
    let mut edges = Vec::new();
    for (id, part) in members.iter().enumerate() {
        let mut libs: Vec<u32> = part
            .iter()
            .flat_map(|&s| adj.neighbours(s).iter())
            .filter(|&&(w, _)| stones[w as usize] == EMPTY)
            .map(|&(w, _)| point[w as usize])
            .collect();
        libs.sort_unstable();
        libs.dedup();
        if libs.is_empty() {
            let colour = if labels[id] == BLACK {
                "black"
            } else {
                "white"
            };
            return Err(Error::input(format!(
                "the {colour} stone at {} is in a block with no liberty, which NoGo never allows",
                names[part[0]]
            )));
        }
        edges.extend(libs.into_iter().map(|l| (id as u32, l, 0)));
    }
    for &(u, v, _) in points.edges() {
        if stones[u as usize] == EMPTY && stones[v as usize] == EMPTY {
            edges.push((point[u as usize], point[v as usize], 0));
        }
    }
    debug_assert!(edges.iter().all(|&(a, b, _)| a >= blocks || b >= blocks));
    Graph::new(labels, edges)
}

/// A board of NoGo as the family reads it: its points, the names of its points for errors, and
/// how it is written back.
pub struct Points {
    /// The points and their adjacency (labels unused).
    graph: Graph,
    /// The name of each point in errors: `row 1, column 2` or `vertex a`.
    names: Vec<String>,
    /// How the board is written: a grid, or a graph with its vertex names.
    layout: Layout,
}

/// How a board of NoGo is written back.
enum Layout {
    /// A grid, the point of each cell (`None` off the board).
    Grid(GridLayout),
    /// A graph, its vertices named.
    Graph(Vec<String>),
}

/// Reads a grid: rows separated by `|`, `.` empty, `x` black, `o` white, `#` off the board; the
/// board and the stone on each point.
fn read_grid(text: &str) -> Result<(Points, Vec<u8>), Error> {
    let g = crate::rulesets::text::grid(
        text,
        "NoGo board",
        "use '.' for an empty point, x for a black stone (Left), o for a white stone (Right), '#' for off the board",
        |c| match c {
            '.' => Some(EMPTY),
            'x' | 'X' => Some(BLACK),
            'o' | 'O' => Some(WHITE),
            '#' => Some(u8::MAX),
            _ => None,
        },
    )?;
    let (graph, index) = graph::grid_graph(g.rows, g.cols, &g.cells, |&c| c != u8::MAX);
    let mut stones = vec![EMPTY; graph.len()];
    let mut names = vec![String::new(); graph.len()];
    for (k, v) in index.iter().enumerate() {
        if let Some(v) = v {
            stones[*v as usize] = g.cells[k];
            names[*v as usize] = format!("row {}, column {}", k / g.cols + 1, k % g.cols + 1);
        }
    }
    let layout = Layout::Grid(GridLayout {
        rows: g.rows,
        cols: g.cols,
        vertex: index,
    });
    Ok((
        Points {
            graph,
            names,
            layout,
        },
        stones,
    ))
}

/// Reads a grid: rows separated by `|`, `.` empty, `x` black, `o` white, `#` off the board.
pub fn parse_grid(text: &str) -> Result<Graph, Error> {
    let (points, stones) = read_grid(text)?;
    points.blocks(&stones)
}

/// Reads a graph with its `black` and `white` stones (vertex lists): the board and the stone on
/// each point.
fn read_graph(
    edges: &str,
    black: Option<&str>,
    white: Option<&str>,
) -> Result<(Points, Vec<u8>), Error> {
    let named = graph::parse(edges, "")?;
    let mut stones = vec![EMPTY; named.graph.len()];
    for (list, colour, what) in [(black, BLACK, "black"), (white, WHITE, "white")] {
        if let Some(list) = list {
            for v in named.vertex_list(list, what)? {
                if stones[v] != EMPTY && stones[v] != colour {
                    return Err(Error::input(format!(
                        "vertex {} has both a black and a white stone",
                        named.names[v]
                    )));
                }
                stones[v] = colour;
            }
        }
    }
    let names = named.names.iter().map(|n| format!("vertex {n}")).collect();
    let points = Points {
        graph: named.graph,
        names,
        layout: Layout::Graph(named.names),
    };
    Ok((points, stones))
}

/// Reads a graph with its `black` and `white` stones (vertex lists).
pub fn parse_graph(edges: &str, black: Option<&str>, white: Option<&str>) -> Result<Graph, Error> {
    let (points, stones) = read_graph(edges, black, white)?;
    points.blocks(&stones)
}

impl Points {
    /// The block graph of the board with `stones` ([`from_points`]); `Err` when a block has no
    /// liberty.
    fn blocks(&self, stones: &[u8]) -> Result<Graph, Error> {
        from_points(&self.graph, stones, &self.names)
    }

    /// The board with `stones` as a position of its family (see [`crate::solve::position`]),
    /// written as it was read: `nogo("x.|..")`, or `nogo_graph("a-b b-c", black="a")`.
    fn into_position(self, stones: Vec<u8>) -> Result<Position, Error> {
        // The board is read into blocks here, so that a capture or a suicide on the board is
        // an error of the call; the value is computed when it is asked for.
        self.blocks(&stones)?;
        let rules = position::Rules {
            ruleset: Placed(Arc::new(self)),
            impartial: false,
            write: |r, stones, f| r.0.write(stones, f),
            value: |r, stones| Ok(value(&r.0.blocks(stones)?)),
            option_count: None,
            // A grid of at most 64 cells is searched whole on bitboards
            // ([`search`]); any other board as the graph of its blocks, split into
            // components and normalized, as the canonical form is computed.
            search: Some(OwnSearch {
                run: |r, stones, sides, options| {
                    if let Some(answer) = r.0.bitboard_search(stones, sides, options) {
                        return Ok(answer);
                    }
                    position::search_by_solver(NoGo, &r.0.blocks(stones)?, sides, options)
                },
                first: true,
            }),
        };
        let p = position::of_ruleset(Arc::new(rules), stones);
        Ok(p)
    }

    /// The bitboard search of the board with `stones` ([`search::search`]), when
    /// the board is a grid that it handles.
    fn bitboard_search(
        &self,
        stones: &[u8],
        sides: &[bool],
        options: SearchOptions,
    ) -> Option<(Vec<bool>, SearchStats)> {
        let Layout::Grid(grid) = &self.layout else {
            return None;
        };
        let cells: Vec<Option<u8>> = grid
            .vertex
            .iter()
            .map(|v| v.map(|v| stones[v as usize]))
            .collect();
        search::search(grid.rows, grid.cols, &cells, sides, options)
    }

    /// Writes the board with `stones` as the call that reads it.
    fn write(&self, stones: &[u8], f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let stone = |v: usize| match stones[v] {
            BLACK => 'x',
            WHITE => 'o',
            _ => '.',
        };
        match &self.layout {
            Layout::Grid(grid) => write_text_call(f, "nogo", &grid.text(stone)),
            Layout::Graph(names) => graph::write_named_call(
                f,
                "nogo_graph",
                &self.graph,
                names,
                &[
                    ("black", graph::names_where(names, |v| stones[v] == BLACK)),
                    ("white", graph::names_where(names, |v| stones[v] == WHITE)),
                ],
            ),
        }
    }
}

/// NoGo played on a board as it was read ([`Points`]), for the family's positions: a position
/// is the stone on every point, and a move puts a stone of the mover's colour on an empty point
/// where every block keeps a liberty afterwards (neither a capture nor a suicide: the blocks
/// [`from_points`] builds, which [`NoGo`] plays on).
#[derive(Clone)]
pub struct Placed(Arc<Points>);

impl Placed {
    /// The stones after each legal move of `colour`.
    fn moves(&self, stones: &[u8], colour: u8) -> Vec<Vec<u8>> {
        (0..stones.len())
            .filter(|&v| stones[v] == EMPTY)
            .map(|v| {
                let mut next = stones.to_vec();
                next[v] = colour;
                next
            })
            .filter(|next| self.0.blocks(next).is_ok())
            .collect()
    }
}

impl Ruleset for Placed {
    type Position = Vec<u8>;

    fn left_options(&self, stones: &Vec<u8>) -> Vec<Vec<u8>> {
        self.moves(stones, BLACK)
    }

    fn right_options(&self, stones: &Vec<u8>) -> Vec<Vec<u8>> {
        self.moves(stones, WHITE)
    }
}

/// The value of a position (a fresh solver).
pub fn value(g: &Graph) -> Game {
    Solver::new(NoGo).value(g)
}

/// Reads `nogo_graph("a-b b-c", black="a", white="c")`.
fn read_graph_call(positional: &[Arg], named: &[NamedArg]) -> Result<(Points, Vec<u8>), Error> {
    let allowed = ["black", "white"];
    read_graph(
        graph::graph_argument(positional, "the edge list")?,
        graph::named_string(named, "black", &allowed)?,
        graph::named_string(named, "white", &allowed)?,
    )
}

/// The largest board area `partizan table nogo` evaluates (the 4 × 4 board alone takes about a
/// minute).
pub const MAX_TABLE_AREA: usize = 12;

/// `partizan table nogo rows=R cols=C` (or `size=N` for both): every empty `r × c` board.
fn table(a: &TableParams) -> Result<Table, Error> {
    let mut solver = Solver::new(NoGo);
    crate::rulesets::family::grid_table(
        "Values of NoGo on empty boards (Black is Left), rows x columns",
        a,
        (3, 4),
        MAX_TABLE_AREA,
        |r, c| {
            let board = crate::rulesets::text::board(r, c, |_, _| '.');
            Ok(solver.value(&parse_grid(&board)?).to_string())
        },
    )
}

/// The parameter of `partizan table nogo_graph`.
const GRAPH_TABLE_PARAMS: &[Param] = &[Param {
    name: "n",
    meaning:
        "the graphs path:n, cycle:n, complete:n and star:n for n = 1 to N (default 8, at most 12)",
}];

/// `partizan table nogo_graph n=N`: the value of NoGo on every empty `path:n`, `cycle:n`,
/// `complete:n` and `star:n`, `n = 1..=N`.
pub fn graph_table(a: &TableParams) -> Result<Table, Error> {
    let mut solver = Solver::new(NoGo);
    graph::shape_table(
        "Values of NoGo on empty graphs (Black is Left), shape by n",
        a,
        (8, 12),
        &graph::TABLE_SHAPES,
        |shape, n| {
            let g = parse_graph(&format!("{shape}:{n}"), None, None)?;
            Ok(solver.value(&g).to_string())
        },
    )
}

/// The `nogo` family (see the module documentation).
pub struct NogoFamily;

impl Family for NogoFamily {
    fn name(&self) -> &'static str {
        "nogo"
    }
    fn usage(&self) -> &'static str {
        "nogo(\"..x|o..\"): NoGo, rows separated by '|', '.' empty, x Black (Left), o White (Right), '#' off the board"
    }
    fn example(&self) -> &'static str {
        "nogo(\"...|...\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let text = crate::rulesets::text::one_string(args, named, "the board");
        Some(text.and_then(read_grid).and_then(|(points, stones)| points.into_position(stones)))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRID_PARAMS,
            example: "table nogo rows=2 cols=4",
            build: table,
        })
    }
}

/// The `nogo_graph` family (see the module documentation).
pub struct NogoGraphFamily;

impl Family for NogoGraphFamily {
    fn name(&self) -> &'static str {
        "nogo_graph"
    }
    fn usage(&self) -> &'static str {
        "nogo_graph(\"a-b b-c\", black=\"a\", white=\"c\"): NoGo on a graph"
    }
    fn example(&self) -> &'static str {
        "nogo_graph(\"a-b b-c c-d\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(
            read_graph_call(args, named)
                .and_then(|(points, stones)| points.into_position(stones)),
        )
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: GRAPH_TABLE_PARAMS,
            example: "table nogo_graph n=6",
            build: graph_table,
        })
    }
}
