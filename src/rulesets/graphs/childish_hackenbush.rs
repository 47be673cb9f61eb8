//! Childish Hackenbush.
//!
//! **Rules** (WW ch. 2, "Childish Hackenbush" and "How Childish Can
//! You Get?"; CGSuite's `game.graph.ChildishHackenbush`). A picture of Blue, Red and Green edges
//! standing on the ground, as in [Hackenbush](crate::rulesets::hackenbush): Left removes a Blue or
//! Green edge, Right a Red or Green edge, but only an edge whose removal leaves every other edge
//! still connected to the ground: nothing may fall. (A child can only pick what hangs free: a leaf
//! of a tree, or an edge of a cycle.) The player who cannot move loses.
//!
//! Two rules for Green edges, chosen by the named argument `green`:
//! * `green="restricted"`: the restriction holds for every edge, Green ones included, as
//!   *Winning Ways* states the rule (for any edge).
//! * `green="free"`: CGSuite's rule. Its `ChildishHackenbush` (ruleset library `game.graph`,
//!   `GenHackenbush` with the childish restriction on Blue and Red edges only) restricts only
//!   Blue and Red edges; a Green edge may always be removed, and whatever it cuts off from the
//!   ground falls, as in ordinary Hackenbush.
//!
//! The two agree on Blue-Red pictures and on every Green edge whose removal drops nothing, so
//! they differ only where a Green edge holds something up: CGSuite's "lollipop"
//! `(e:B;e:Bllllllrrr:B)` (two Green edges from the ground to a cycle of six Blue and three Red
//! edges) is `{0|^[4]*||vv}` under the free rule. A picture on which they can differ must name
//! its rule: without `green=` it is refused with both readings named ([`rules_agree`]), since
//! CGSuite's users and Winning Ways' readers each expect their own. A picture on which they
//! agree needs no `green=`.
//!
//! **Input format.** As for `hackenbush`: stalks `"BRB"` (from the ground up; several separated by
//! spaces), an edge list `"0-a:B a-b:R b-0:G"` with the ground `0` (or `ground=NAME`), or
//! CGSuite's string `"l(l;rl)"` (see [`crate::rulesets::hackenbush`]).
//!
//! **How values are computed.** The generic [`Solver`] from the rules: a picture is split into the
//! parts that meet only at the ground (a sum), and a part is stored with its vertices renumbered
//! from the ground outward so that equal pictures reached along different paths coincide.
//!
//! **Values.** A stalk only ever loses its top edge, but under the free rule, where any of its
//! Green edges may go with everything above it. Blue-Red pictures need not be numbers: a path
//! of six Blue then four Red edges with both ends on the ground is `{4 | −2}` (CGSuite's test
//! suite).
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules (explicit edge lists, a connectivity check after each removal, no
//! decomposition), for both rules, on hand-made pictures and on random pictures of up to 8
//! edges; CGSuite's published values `l(l;rl) = 2`, the grounded path `{4 | −2}`, the tree
//! `r(l:T;r(l:T;r(l:T;r(l:T;rl:T)))) = 15/16` and the two lollipops (`{0|^[4]*||vv}` and atomic
//! weight 3/2, free rule); hand derivations of stalks.
//!
//! **In expressions:** `childish_hackenbush("0-a:B a-b:B a-c:R c-d:B")` (= 2),
//! `childish_hackenbush("(e:B;e:Bllllllrrr:B)", green="free")`. **Tables:**
//! `partizan table childish_hackenbush blue=A red=C`: the path of `a` Blue then `c` Red edges
//! with both ends on the ground, for `a <= A` and `c <= C` (no Green edge, so either rule); its
//! cell `a = 6, c = 4` is CGSuite's `{4 | −2}` (snapshot
//! `snapshots/childish_hackenbush_table_6x6.snap`).

use crate::algebra::Game;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::hackenbush::{relabelled, text, vertex_count, Colour, Edge, Picture};
use crate::rulesets::text::one_string;
use crate::rulesets::{args, Arg, NamedArg};
use crate::solve::position::{self, write_text_call};
use crate::solve::{Position, Ruleset, Solver, Table, TableParams};
use crate::Error;
use std::collections::VecDeque;

/// Which Green edges may be removed (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Green {
    /// Only a Green edge whose removal drops nothing, like every other edge (the default).
    #[default]
    Restricted,
    /// Any Green edge, with whatever falls with it (CGSuite's `ChildishHackenbush`).
    Free,
}

impl Green {
    /// The value of the named argument `green`: `"restricted"` or `"free"`.
    pub fn parse(word: &str) -> Result<Green, Error> {
        match word {
            "restricted" => Ok(Green::Restricted),
            "free" => Ok(Green::Free),
            _ => Err(Error::input(format!(
                "green must be \"restricted\" (every edge keeps the childish rule, Winning Ways) or \"free\" (Green edges removed as in Hackenbush, CGSuite's rule), not {word:?}"
            ))),
        }
    }

    /// The word [`Green::parse`] reads.
    pub fn word(self) -> &'static str {
        match self {
            Green::Restricted => "restricted",
            Green::Free => "free",
        }
    }
}

/// The Childish Hackenbush ruleset; a position is a list of edges, vertex 0 the ground.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChildishHackenbush {
    /// The rule for Green edges.
    pub green: Green,
}

/// For every vertex, its neighbours with the colour and index of the joining edge.
fn adjacency(edges: &[Edge]) -> Vec<Vec<(Colour, u32, usize)>> {
    let mut adjacent = vec![Vec::new(); vertex_count(edges)];
    for (i, e) in edges.iter().enumerate() {
        adjacent[e.a as usize].push((e.colour, e.b, i));
        if e.a != e.b {
            adjacent[e.b as usize].push((e.colour, e.a, i));
        }
    }
    adjacent
}

/// For every vertex, whether it is still connected to the ground once edge `skip` is gone.
fn reached_without(adjacent: &[Vec<(Colour, u32, usize)>], skip: usize) -> Vec<bool> {
    let mut reached = vec![false; adjacent.len()];
    reached[0] = true;
    let mut queue = VecDeque::from([0u32]);
    while let Some(v) = queue.pop_front() {
        for &(_, u, i) in &adjacent[v as usize] {
            if i != skip && !reached[u as usize] {
                reached[u as usize] = true;
                queue.push_back(u);
            }
        }
    }
    reached
}

/// Whether every edge but `skip` is still connected to the ground once `skip` is gone.
fn stays_grounded(edges: &[Edge], adjacent: &[Vec<(Colour, u32, usize)>], skip: usize) -> bool {
    let reached = reached_without(adjacent, skip);
    edges
        .iter()
        .enumerate()
        .all(|(i, e)| i == skip || reached[e.a as usize])
}

/// The edges other than `skip` that are still connected to the ground once `skip` is gone.
fn grounded_without(
    edges: &[Edge],
    adjacent: &[Vec<(Colour, u32, usize)>],
    skip: usize,
) -> Vec<Edge> {
    let reached = reached_without(adjacent, skip);
    edges
        .iter()
        .enumerate()
        .filter(|&(i, e)| i != skip && reached[e.a as usize])
        .map(|(_, e)| *e)
        .collect()
}

/// The pictures left by the legal removals of `player`'s edges: an edge whose removal drops
/// nothing; under [`Green::Free`] also a Green edge that drops something, the fallen edges
/// gone with it.
fn removals(edges: &[Edge], green: Green, may_remove: impl Fn(Colour) -> bool) -> Vec<Vec<Edge>> {
    let adjacent = adjacency(edges);
    (0..edges.len())
        .filter(|&i| may_remove(edges[i].colour))
        .filter_map(|i| {
            if stays_grounded(edges, &adjacent, i) {
                let mut rest = edges.to_vec();
                rest.remove(i);
                Some(rest)
            } else if green == Green::Free && edges[i].colour == Colour::Green {
                Some(grounded_without(edges, &adjacent, i))
            } else {
                None
            }
        })
        .collect()
}

impl Ruleset for ChildishHackenbush {
    type Position = Vec<Edge>;

    fn left_options(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        removals(edges, self.green, |c| c != Colour::Red)
    }

    fn right_options(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        removals(edges, self.green, |c| c != Colour::Blue)
    }

    /// The parts that meet only at the ground: the edges joined through vertices other than the
    /// ground (loops at the ground are parts of their own).
    fn components(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        let n = vertex_count(edges);
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for e in edges.iter().filter(|e| e.a != 0 && e.b != 0) {
            let (a, b) = (
                root(&mut parent, e.a as usize),
                root(&mut parent, e.b as usize),
            );
            parent[a] = b;
        }
        let mut parts: Vec<(usize, Vec<Edge>)> = Vec::new();
        for (k, e) in edges.iter().enumerate() {
            // An edge at the ground belongs with its other end; a loop at the ground is alone.
            let key = match (e.a, e.b) {
                (0, 0) => n + k,
                (0, v) | (v, _) => root(&mut parent, v as usize),
            };
            match parts.iter_mut().find(|(r, _)| *r == key) {
                Some((_, part)) => part.push(*e),
                None => parts.push((key, vec![*e])),
            }
        }
        parts.into_iter().map(|(_, part)| part).collect()
    }

    /// The vertices renumbered in breadth-first order from the ground (neighbours taken in order
    /// of edge colour and old number), the edges as `(min, max)` and sorted.
    fn normalize(&self, edges: Vec<Edge>) -> Vec<Edge> {
        relabelled(&edges)
    }
}

/// The largest number of edges `childish_hackenbush` accepts (the search visits subsets of the
/// edges).
pub const MAX_EDGES: usize = 64;

/// The value of a picture under the default rule, [`Green::Restricted`] (a fresh
/// transposition table).
pub fn value(p: &Picture) -> Game {
    value_with(p, Green::Restricted)
}

/// The value of a picture under the rule `green` for Green edges (a fresh transposition table).
pub fn value_with(p: &Picture, green: Green) -> Game {
    Solver::new(ChildishHackenbush { green }).value(&p.edges().to_vec())
}

/// Reads `childish_hackenbush("...", green="free")`: a picture of at most [`MAX_EDGES`] edges
/// and the rule for Green edges.
///
/// Without `green=`, a picture on which the two rules differ (a Green edge that holds, or may come
/// to hold, other edges up: [`rules_agree`]) is refused with both readings named, rather than
/// read by one of them; on any other picture the rules are the same game.
fn read(positional: &[Arg], named: &[NamedArg]) -> Result<(Picture, Green), Error> {
    let green = match args::named(named, "green", &["green"])? {
        None => None,
        Some(Arg::Str(word)) => Some(Green::parse(word)?),
        Some(Arg::Game(g)) => {
            return Err(Error::input(format!(
                "green must be the string \"restricted\" or \"free\", not {g}"
            )))
        }
    };
    let without_named: [NamedArg; 0] = [];
    let p = Picture::parse(one_string(positional, &without_named, "the picture")?)?;
    if p.edges().len() > MAX_EDGES {
        return Err(Error::input(format!(
            "a picture of {} edges is too large (at most {MAX_EDGES})",
            p.edges().len()
        )));
    }
    match green {
        Some(green) => Ok((p, green)),
        None if rules_agree(p.edges()) => Ok((p, Green::Restricted)),
        None => Err(Error::input(
            "this picture has a Green edge that holds other edges up (or comes to), where the two rules for Green edges differ: write green=\"restricted\" (Winning Ways: no edge may drop others) or green=\"free\" (CGSuite's ChildishHackenbush: a Green edge may go, and what it held falls)",
        )),
    }
}

/// Whether the two rules for Green edges are the same game on `edges`: every Green edge is a
/// loop, joins the ground to itself, or ends in a vertex off the ground that no other edge
/// meets. Such an edge never holds another up, in the picture or in any follower (edges are
/// only removed), so the free rule never lets it drop anything; any other Green edge lies on a
/// path from the ground to some other edge and can come to hold it.
pub fn rules_agree(edges: &[Edge]) -> bool {
    let degree = |v: u32| {
        edges
            .iter()
            .map(|e| usize::from(e.a == v) + usize::from(e.b == v))
            .sum::<usize>()
    };
    edges.iter().filter(|e| e.colour == Colour::Green).all(|e| {
        e.a == e.b || (e.a == 0 && e.b == 0) || [e.a, e.b].iter().any(|&v| v != 0 && degree(v) == 1)
    })
}

/// `childish_hackenbush("...")` as a position (see [`crate::solve::position`]), its options
/// written as `hackenbush` writes its own ([`text`]), with `green="free"` under that rule.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let (picture, green) = read(positional, named)?;
    let known = value_with(&picture, green);
    let p = position::of(
        ChildishHackenbush { green },
        false,
        picture.edges().to_vec(),
        |r, edges, f| match r.green {
            Green::Restricted if rules_agree(edges) => {
                write_text_call(f, "childish_hackenbush", &text(edges))
            }
            g => write!(
                f,
                "childish_hackenbush(\"{}\", green=\"{}\")",
                text(edges),
                g.word()
            ),
        },
        |r, edges| Ok(Solver::new(*r).value(edges)),
    );
    Ok(p.with_value(known))
}

/// The path of `blue` Blue edges then `red` Red edges from the ground back to the ground (an
/// arch): `0-1:B 1-2:B ... (a+c−1)-0:R`.
pub fn arch(blue: usize, red: usize) -> Vec<Edge> {
    let n = (blue + red) as u32;
    (0..n)
        .map(|i| Edge {
            a: i,
            b: (i + 1) % n,
            colour: if (i as usize) < blue {
                Colour::Blue
            } else {
                Colour::Red
            },
        })
        .collect()
}

/// `partizan table childish_hackenbush blue=A red=C`: the value of every [`arch`] of `a` Blue
/// (row) then `c` Red (column) edges, `a, c >= 1`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let blue = bounded(a, "blue", 6, (1, 16))?;
    let red = bounded(a, "red", 6, (1, 16))?;
    let mut solver = Solver::new(ChildishHackenbush::default());
    Ok(Table::sizes(
        "Childish Hackenbush: a Blue then c Red edges in a path with both ends on the ground",
        "c",
        "a",
        red,
        blue,
        |c, b| solver.value(&arch(b, c)).to_string(),
    ))
}

/// The `childish_hackenbush` family (see the module documentation).
pub struct ChildishHackenbushFamily;

impl Family for ChildishHackenbushFamily {
    fn name(&self) -> &'static str {
        "childish_hackenbush"
    }
    fn usage(&self) -> &'static str {
        "childish_hackenbush(\"BRB\"[, green=\"free\"]) (a picture as hackenbush reads it: stalks, edges \"0-a:B a-b:R b-0:G\" or CGSuite's \"l(l;rl)\"): Hackenbush in which only an edge whose removal drops nothing may be removed; green=\"restricted\" (Winning Ways) holds Green edges to that too, green=\"free\" (CGSuite's rule) lets a Green edge go with whatever falls; a picture where the two differ must name one"
    }
    fn example(&self) -> &'static str {
        "childish_hackenbush(\"0-a:B a-b:B a-c:R c-d:B\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "blue",
                    meaning: "rows: 1 to blue Blue edges, default 6, at most 16",
                },
                Param {
                    name: "red",
                    meaning: "columns: 1 to red Red edges, default 6, at most 16",
                },
            ],
            example: "table childish_hackenbush blue=4 red=4",
            build: table,
        })
    }
}
