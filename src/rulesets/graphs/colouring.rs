//! The machinery shared by the two vertex-colouring games, Snort and Col ([`crate::rulesets::snort`],
//! [`crate::rulesets::col`]): their positions, moves, reductions and input.
//!
//! Left colours vertices blue and Right red. In **Snort** a player may not colour a vertex next
//! to one of the opponent's colour; in **Col**, next to one of their own. A coloured vertex only
//! matters through the vertices next to it, so it is removed and its neighbours are *tinted*
//! (the way *Winning Ways*, vol. 1, draws Col and Snort positions, with tinted spots): what is left
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
use crate::rulesets::graph::{self, Graph, NamedGraph};
use crate::rulesets::text;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::Error;

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
        for v in 0..self.graph.len() {
            let c = self.colour[v];
            if c == 0 {
                continue;
            }
            labels[v] = 0;
            for &(w, _) in adj.neighbours(v) {
                let d = self.colour[w as usize];
                if d != 0 && self.variant.takes(c) & d != 0 && (w as usize) > v {
                    return Err(Error::input(format!(
                        "{} may not have {} vertex {} next to {} vertex {}",
                        self.variant.name(),
                        colour_name(c),
                        self.names[v],
                        colour_name(d),
                        self.names[w as usize]
                    )));
                }
                labels[w as usize] &= !self.variant.takes(c);
            }
        }
        for (l, &c) in labels.iter_mut().zip(&self.colour) {
            if c != 0 {
                *l = 0;
            }
        }
        Ok(self.variant.simplify(&self.graph, &labels))
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

/// `snort("..|..")` or `col("..|..")`.
pub fn call_grid(variant: Variant, positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    grid_value(variant, text::one_string(positional, named, "the board")?)
}

/// `snort_graph("a-b b-c", blue="a", red="c", tinted="b:R")` or `col_graph(…)`.
pub fn call_graph(variant: Variant, positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    let allowed = ["blue", "red", "tinted"];
    let g = parse_graph(
        variant,
        graph::graph_argument(positional, "the edge list")?,
        graph::named_string(named, "blue", &allowed)?,
        graph::named_string(named, "red", &allowed)?,
        graph::named_string(named, "tinted", &allowed)?,
    )?
    .start()?;
    Ok(Solver::new(Colouring(variant)).value(&g))
}

/// The largest grid area the tables evaluate.
pub const MAX_TABLE_AREA: usize = 20;

/// The value of every `r × c` grid, `r <= R`, `c <= C`.
pub fn table(variant: Variant, a: &TableParams) -> Result<Table, Error> {
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
