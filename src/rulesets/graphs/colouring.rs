//! The machinery shared by the two vertex-colouring games, Snort and Col ([`crate::rulesets::snort`],
//! [`crate::rulesets::col`]): their positions, moves, reductions and input.
//!
//! Left colours vertices blue and Right red. In **Snort** a player may not colour a vertex next
//! to one of the opponent's colour; in **Col**, next to one of their own. A coloured vertex only
//! matters through the vertices next to it, so it is removed and its neighbours are *tinted*
//! (the way WW, vol. 1, draws Col and Snort positions, with tinted spots): what is left
//! is a graph whose vertices each carry the set of players still allowed to colour them. A vertex
//! no player may colour is removed.
//!
//! Labels: bit 1 = Left may colour the vertex, bit 2 = Right may. Colouring a vertex removes it
//! and takes from each neighbour the bit of the player who may no longer colour it: in Snort,
//! Left's move takes Right's bit (no red next to blue) and Right's move Left's; in Col each move
//! takes the mover's own bit.
//!
//! **Reductions, each sound because it changes no player's moves now or later:**
//! * an edge whose endpoints can never affect each other is dropped: in Snort an edge between
//!   two vertices only Left may colour (or two only Right may colour), in Col an edge between a
//!   vertex only Left may colour and one only Right may colour;
//! * the position is then the disjunctive sum of its connected components (a move changes only
//!   the moved-on vertex and its neighbours);
//! * a component is stored under a canonical relabelling ([`Graph::canonical`]), which covers
//!   the mirror images of a grid and every other isomorphism; exchanging the colours negates the
//!   value (no isomorphism exchanges the players, so this is not used as a key);
//! * a single vertex is `*` (both may colour it), `1` (Left only) or `−1` (Right only).

use crate::algebra::Game;
use crate::rulesets::graph::{self, Graph, GridLayout, NamedGraph};
use crate::rulesets::text;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::write_text_call;
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::Error;
use std::sync::Arc;

/// Bit of the vertex label: Left may colour the vertex.
pub const LEFT: u8 = 1;
/// Bit of the vertex label: Right may colour the vertex.
pub const RIGHT: u8 = 2;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// No vertex of one colour next to a vertex of the other.
    Snort,
    /// No two vertices of the same colour next to each other.
    Col,
}

impl Variant {
    /// The bit a move by `player` (LEFT or RIGHT) takes from the neighbours of the vertex.
    #[inline]
    pub fn takes(self, player: u8) -> u8 {
        match self {
            Variant::Snort => (LEFT | RIGHT) ^ player,
            Variant::Col => player,
        }
    }

    /// Whether an edge between vertices labelled `a` and `b` can ever matter: a move on one
    /// endpoint takes a bit the other endpoint still has.
    #[inline]
    pub fn relevant(self, a: u8, b: u8) -> bool {
        let hits = |x: u8, y: u8| {
            (x & LEFT != 0 && y & self.takes(LEFT) != 0)
                || (x & RIGHT != 0 && y & self.takes(RIGHT) != 0)
        };
        hits(a, b) || hits(b, a)
    }

    /// The name of the game.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Snort => "Snort",
            Variant::Col => "Col",
        }
    }

    /// Drops the vertices nobody may colour and the edges that cannot matter.
    pub fn simplify(self, g: &Graph, labels: &[u8]) -> Graph {
        let keep: Vec<Option<u8>> = labels.iter().map(|&l| (l != 0).then_some(l)).collect();
        g.induced(&keep, |a, b, _| self.relevant(a, b))
    }

    /// The positions after `player` colours each vertex it may.
    fn options(self, g: &Graph, player: u8) -> Vec<Graph> {
        let adj = g.adjacency();
        let take = self.takes(player);
        let mut out = Vec::new();
        let mut labels = g.labels().to_vec();
        for v in 0..g.len() {
            if g.labels()[v] & player == 0 {
                continue;
            }
            labels.copy_from_slice(g.labels());
            labels[v] = 0;
            for &(w, _) in adj.neighbours(v) {
                labels[w as usize] &= !take;
            }
            out.push(self.simplify(g, &labels));
        }
        out
    }
}

/// The Snort or Col ruleset for the generic [`Solver`]; positions are simplified [`Graph`]s
/// whose vertex labels say who may colour each vertex.
#[derive(Clone, Copy, Debug)]
pub struct Colouring(pub Variant);

impl Ruleset for Colouring {
    type Position = Graph;

    fn left_options(&self, g: &Graph) -> Vec<Graph> {
        self.0.options(g, LEFT)
    }

    fn right_options(&self, g: &Graph) -> Vec<Graph> {
        self.0.options(g, RIGHT)
    }

    fn components(&self, g: &Graph) -> Vec<Graph> {
        g.components()
    }

    fn normalize(&self, g: Graph) -> Graph {
        g.canonical()
    }

    fn known_value(&self, g: &Graph) -> Option<Game> {
        match g.labels() {
            [] => Some(Game::zero()),
            [l] => Some(match *l {
                LEFT => Game::integer(1),
                RIGHT => Game::integer(-1),
                _ => Game::star(),
            }),
            _ => None,
        }
    }
}

/// A position of Snort or Col as read from text: the graph (labels 3) and which vertices are
/// coloured or tinted. [`Position::start`] turns it into the solver's reduced graph.
pub struct Position {
    variant: Variant,
    graph: Graph,
    names: Vec<String>,
    /// Per vertex: 0 uncoloured, LEFT blue, RIGHT red.
    colour: Vec<u8>,
    /// Per vertex: the colours (LEFT = blue, RIGHT = red) it is tinted with.
    tint: Vec<u8>,
    /// The grid the graph was read from, if it was.
    grid: Option<GridLayout>,
}

impl Position {
    /// An uncoloured graph.
    pub fn new(variant: Variant, named: NamedGraph) -> Position {
        let n = named.graph.len();
        Position {
            variant,
            graph: named.graph,
            names: named.names,
            colour: vec![0; n],
            tint: vec![0; n],
            grid: None,
        }
    }

    /// Colours the vertices `vertices` blue (`LEFT`) or red (`RIGHT`).
    pub fn colour(&mut self, vertices: &[usize], colour: u8) -> Result<(), Error> {
        for &v in vertices {
            if self.colour[v] != 0 && self.colour[v] != colour {
                return Err(
                    Error::input(format!("vertex {} is coloured both blue and red", self.names[v])),
                );
            }
            self.colour[v] = colour;
        }
        Ok(())
    }

    /// Tints vertices: `"a:B c:R d:BR"` (B or L blue, R red, BR both), meaning each is next to
    /// a vertex of that colour outside the graph.
    pub fn tint(&mut self, text: &str, named: &NamedGraph) -> Result<(), Error> {
        for (pos, item) in graph::items(text) {
            let (name, colours) = item.split_once(':').ok_or_else(|| {
                Error::input(format!("tinted: item {item:?} at character {pos} is not of the form vertex:B, vertex:R or vertex:BR"))
            })?;
            let v = named.vertex(name).ok_or_else(|| {
                Error::input(format!(
                    "tinted: {name:?} (at character {pos}) is not a vertex of the graph"
                ))
            })?;
            let mut t = 0;
            for c in colours.chars() {
                t |= match c.to_ascii_uppercase() {
                    'B' | 'L' => LEFT,
                    'R' => RIGHT,
                    _ => {
                        return Err(Error::input(format!(
                            "tinted: item {item:?} at character {pos}: unknown tint {c:?} (B or L for blue, R for red, BR for both)"
                        )))
                    }
                };
            }
            if t == 0 {
                return Err(
                    Error::input(format!("tinted: item {item:?} at character {pos} names no colour")),
                );
            }
            self.tint[v] |= t;
        }
        Ok(())
    }

    /// The reduced position for the solver; `Err` when two coloured vertices break the rule of
    /// the game.
    pub fn start(&self) -> Result<Graph, Error> {
        self.reduced(&self.colour)
    }

    /// The reduced position for the solver when the vertices are coloured `colour`; `Err` when
    /// two coloured vertices break the rule of the game.
    fn reduced(&self, colour: &[u8]) -> Result<Graph, Error> {
        let adj = self.graph.adjacency();
        for v in 0..self.graph.len() {
            let c = colour[v];
            for &(w, _) in adj.neighbours(v) {
                let d = colour[w as usize];
                if c != 0 && d != 0 && self.variant.takes(c) & d != 0 && (w as usize) > v {
                    return Err(Error::input(format!(
                        "{} may not have {} vertex {} next to {} vertex {}",
                        self.variant.name(),
                        colour_name(c),
                        self.names[v],
                        colour_name(d),
                        self.names[w as usize]
                    )));
                }
            }
        }
        Ok(self.variant.simplify(&self.graph, &self.allowed(colour)))
    }

    /// Who may colour each vertex (bits LEFT and RIGHT) when the vertices are coloured
    /// `colour`: the bits its tints and its coloured neighbours leave it, none when it is
    /// coloured itself.
    fn allowed(&self, colour: &[u8]) -> Vec<u8> {
        let adj = self.graph.adjacency();
        let mut labels: Vec<u8> = self
            .tint
            .iter()
            .map(|&t| {
                [LEFT, RIGHT]
                    .into_iter()
                    .filter(|&c| t & c != 0)
                    .fold(LEFT | RIGHT, |l, c| l & !self.variant.takes(c))
            })
            .collect();
        for (v, &c) in colour.iter().enumerate() {
            if c != 0 {
                for &(w, _) in adj.neighbours(v) {
                    labels[w as usize] &= !self.variant.takes(c);
                }
            }
        }
        for (l, &c) in labels.iter_mut().zip(colour) {
            if c != 0 {
                *l = 0;
            }
        }
        labels
    }

    /// The position as a position of its family (see [`crate::solve::position`]): its moves
    /// colour one vertex that the mover may colour ([`Drawn`]), and it is written as it was
    /// read, a board (`snort("x.|..")`) or a graph with its named arguments
    /// (`snort_graph("a-b b-c", blue="a", tinted="c:R")`).
    pub fn into_position(self) -> crate::solve::Position {
        let colour = self.colour.clone();
        let rules = Drawn(Arc::new(self));
        crate::solve::position::of(rules, false, colour, |r, c, f| r.write(c, f), |r, c| {
            Ok(value(r.0.variant, &r.0.reduced(c)?))
        })
    }
}

/// Snort or Col played on a position as it was read ([`Position`]), for the family's
/// positions: a position of this ruleset is the colour of every vertex, and a move colours one
/// vertex that its tints and its coloured neighbours let the mover colour, the vertices the
/// solver's reduced graph ([`Colouring`]) lets the mover colour.
#[derive(Clone)]
pub struct Drawn(Arc<Position>);

impl Drawn {
    /// The colourings after `player` colours each vertex it may.
    fn moves(&self, colour: &[u8], player: u8) -> Vec<Vec<u8>> {
        let allowed = self.0.allowed(colour);
        (0..colour.len())
            .filter(|&v| allowed[v] & player != 0)
            .map(|v| {
                let mut next = colour.to_vec();
                next[v] = player;
                next
            })
            .collect()
    }

    /// Writes the position with the vertices coloured `colour` as the call that reads it.
    fn write(&self, colour: &[u8], f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = &self.0;
        let name = p.variant.name().to_ascii_lowercase();
        if let Some(grid) = &p.grid {
            let board = grid.text(|v| match colour[v] {
                LEFT => 'x',
                RIGHT => 'o',
                _ => '.',
            });
            return write_text_call(f, &name, &board);
        }
        let tinted: Vec<String> = (0..p.tint.len())
            .filter(|&v| p.tint[v] != 0)
            .map(|v| {
                let blue = if p.tint[v] & LEFT != 0 { "B" } else { "" };
                let red = if p.tint[v] & RIGHT != 0 { "R" } else { "" };
                format!("{}:{blue}{red}", p.names[v])
            })
            .collect();
        graph::write_named_call(
            f,
            &format!("{name}_graph"),
            &p.graph,
            &p.names,
            &[
                ("blue", graph::names_where(&p.names, |v| colour[v] == LEFT)),
                ("red", graph::names_where(&p.names, |v| colour[v] == RIGHT)),
                ("tinted", tinted.join(",")),
            ],
        )
    }
}

impl Ruleset for Drawn {
    type Position = Vec<u8>;

    fn left_options(&self, colour: &Vec<u8>) -> Vec<Vec<u8>> {
        self.moves(colour, LEFT)
    }

    fn right_options(&self, colour: &Vec<u8>) -> Vec<Vec<u8>> {
        self.moves(colour, RIGHT)
    }
}

fn colour_name(c: u8) -> &'static str {
    if c == LEFT {
        "blue"
    } else {
        "red"
    }
}

/// Reads a grid position: rows separated by `|`, `.` an uncoloured cell, `#` a hole, `x` a
/// blue cell (Left's), `o` a red one (Right's).
pub fn parse_grid(variant: Variant, text: &str) -> Result<Position, Error> {
    let g = text::grid(
        text,
        &format!("{} board", variant.name()),
        "use '.' for an uncoloured cell, '#' for a hole, x for a blue (Left) cell, o for a red (Right) cell",
        |c| match c {
            '.' => Some(0u8),
            'x' | 'X' => Some(LEFT),
            'o' | 'O' => Some(RIGHT),
            '#' => Some(u8::MAX),
            _ => None,
        },
    )?;
    let (graph, index) = graph::grid_graph(g.rows, g.cols, &g.cells, |&c| c != u8::MAX);
    let mut names = vec![String::new(); graph.len()];
    let mut colour = vec![0; graph.len()];
    for (k, v) in index.iter().enumerate() {
        if let Some(v) = v {
            names[*v as usize] = format!("(row {}, column {})", k / g.cols + 1, k % g.cols + 1);
            colour[*v as usize] = g.cells[k];
        }
    }
    let n = graph.len();
    Ok(Position {
        variant,
        graph,
        names,
        colour,
        tint: vec![0; n],
        grid: Some(GridLayout {
            rows: g.rows,
            cols: g.cols,
            vertex: index,
        }),
    })
}

/// Reads a graph position with its named arguments: `blue`, `red` (vertex lists) and `tinted`.
pub fn parse_graph(
    variant: Variant,
    edges: &str,
    blue: Option<&str>,
    red: Option<&str>,
    tinted: Option<&str>,
) -> Result<Position, Error> {
    let named = graph::parse(edges, "")?;
    let blue = match blue {
        Some(b) => named.vertex_list(b, "blue")?,
        None => Vec::new(),
    };
    let red = match red {
        Some(r) => named.vertex_list(r, "red")?,
        None => Vec::new(),
    };
    let mut p = Position::new(variant, named.clone());
    if let Some(t) = tinted {
        p.tint(t, &named)?;
    }
    p.colour(&blue, LEFT)?;
    p.colour(&red, RIGHT)?;
    Ok(p)
}

/// The value of a reduced position (a fresh solver).
pub fn value(variant: Variant, g: &Graph) -> Game {
    Solver::new(Colouring(variant)).value(g)
}

/// The value of a grid (`"..|.x"`) in `variant`.
pub fn grid_value(variant: Variant, text: &str) -> Result<Game, Error> {
    let g = parse_grid(variant, text)?.start()?;
    Ok(Solver::new(Colouring(variant)).value(&g))
}

/// `snort("..|..")` or `col("..|..")` as a position ([`Position::into_position`]).
pub fn grid_position(
    variant: Variant,
    positional: &[Arg],
    named: &[NamedArg],
) -> Result<crate::solve::Position, Error> {
    let p = parse_grid(variant, text::one_string(positional, named, "the board")?)?;
    let known = value(variant, &p.start()?);
    Ok(p.into_position().with_value(known))
}

/// Reads `snort_graph("a-b b-c", blue="a", red="c", tinted="b:R")` or `col_graph(…)`.
fn read_graph(variant: Variant, positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let allowed = ["blue", "red", "tinted"];
    parse_graph(
        variant,
        graph::graph_argument(positional, "the edge list")?,
        graph::named_string(named, "blue", &allowed)?,
        graph::named_string(named, "red", &allowed)?,
        graph::named_string(named, "tinted", &allowed)?,
    )
}

/// `snort_graph(…)` or `col_graph(…)` as a position ([`Position::into_position`]).
pub fn graph_position(
    variant: Variant,
    positional: &[Arg],
    named: &[NamedArg],
) -> Result<crate::solve::Position, Error> {
    let p = read_graph(variant, positional, named)?;
    let known = value(variant, &p.start()?);
    Ok(p.into_position().with_value(known))
}

/// The largest grid area the tables evaluate.
pub const MAX_TABLE_AREA: usize = 20;

/// The value of every `r × c` grid, `r <= R`, `c <= C`.
pub(super) fn table(variant: Variant, a: &TableParams) -> Result<Table, Error> {
    let mut solver = Solver::new(Colouring(variant));
    crate::rulesets::family::grid_table(
        &format!(
            "Values of {} on r x c grids of uncoloured cells (Left colours blue), rows x columns",
            variant.name()
        ),
        a,
        (3, 4),
        MAX_TABLE_AREA,
        |r, c| {
            let g = graph::parse(&format!("grid:{r}x{c}"), "")?.graph;
            let g = g.map_labels(|_| LEFT | RIGHT, |l| l);
            Ok(solver.value(&g).to_string())
        },
    )
}

/// The parameter of the graph tables (`partizan table snort_graph n=N`, `col_graph`).
pub const SHAPE_PARAMS: &[crate::rulesets::family::Param] = &[crate::rulesets::family::Param {
    name: "n",
    meaning:
        "the graphs path:n, cycle:n, complete:n and star:n for n = 1 to N (default 8, at most 12)",
}];

/// The value of every uncoloured graph `path:n`, `cycle:n`, `complete:n` and `star:n` for
/// `n = 1..=N` (see [`graph::shape_table`]).
pub fn shape_table(variant: Variant, a: &TableParams) -> Result<Table, Error> {
    let mut solver = Solver::new(Colouring(variant));
    graph::shape_table(
        &format!(
            "Values of {} on uncoloured graphs (Left colours blue), shape by n",
            variant.name()
        ),
        a,
        (8, 12),
        &graph::TABLE_SHAPES,
        |shape, n| {
            let named = graph::parse(&format!("{shape}:{n}"), "")?;
            Ok(solver
                .value(&Position::new(variant, named).start()?)
                .to_string())
        },
    )
}
