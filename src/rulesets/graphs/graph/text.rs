//! The text syntax of graphs (see the module documentation of [`super`]): reading an edge
//! list or a shorthand with its vertex names, and writing a graph back as one.

use crate::rulesets::{Arg, NamedArg};
use crate::Error;
use std::collections::HashMap;
use std::fmt;
use super::{Graph, MAX_VERTICES};

/// A graph read from text, with the names of its vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedGraph {
    /// The graph; every vertex label is 0 and every edge label is the colour letter given
    /// (upper case) or 0.
    pub graph: Graph,
    /// The vertex names, by index.
    pub names: Vec<String>,
}

impl NamedGraph {
    /// The index of the vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Reads a list of vertex names separated by spaces or commas (`"a b, c"`), for the
    /// argument `what`; an error names a vertex that is not in the graph.
    pub fn vertex_list(&self, text: &str, what: &str) -> Result<Vec<usize>, Error> {
        items(text)
            .map(|(pos, item)| {
                self.vertex(item).ok_or_else(|| {
                    Error::input(format!(
                        "{what}: {item:?} (at character {pos}) is not a vertex of the graph"
                    ))
                })
            })
            .collect()
    }
}

/// The items of a list separated by spaces, commas, semicolons or newlines, with their 1-based
/// character offsets.
pub fn items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split([' ', ',', ';', '\n', '\t', '\r'])
        .map(move |item| {
            let at = offset;
            offset += item.chars().count() + 1;
            (at + 1, item)
        })
        .filter(|(_, item)| !item.is_empty())
}

/// The string value of the named argument `name` of a call, if given (`allowed` lists every
/// named argument the call accepts).
pub fn named_string<'a>(
    named: &'a [NamedArg],
    name: &str,
    allowed: &[&str],
) -> Result<Option<&'a str>, Error> {
    match crate::rulesets::args::named(named, name, allowed)? {
        None => Ok(None),
        Some(Arg::Str(s)) => Ok(Some(s)),
        Some(Arg::Game(g)) => {
            Err(Error::input(format!("{name} must be a string in double quotes, not {g}")))
        }
    }
}

/// The single positional string argument of a graph call, named `what` in errors.
pub fn graph_argument<'a>(positional: &'a [Arg], what: &str) -> Result<&'a str, Error> {
    if positional.len() != 1 {
        return Err(Error::input(format!(
            "expected one positional argument, {what}, found {}",
            positional.len()
        )));
    }
    crate::rulesets::args::string(positional, 0, what)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Parses the text syntax of the module documentation. `colours` lists the allowed edge colour
/// letters (upper case; empty when edges have no colours).
pub fn parse(text: &str, colours: &str) -> Result<NamedGraph, Error> {
    let trimmed = text.trim();
    if let Some((kind, size)) = trimmed.split_once(':') {
        if !kind.contains(['-', ' ', ',', ';']) {
            return shorthand(kind.trim(), size.trim());
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut edges: Vec<(u32, u32, u8)> = Vec::new();
    let mut seen: HashMap<(u32, u32), usize> = HashMap::new();
    for (pos, item) in items(text) {
        let (chain, colour) = match item.split_once(':') {
            Some((chain, c)) => {
                let letter = c.to_ascii_uppercase();
                if colours.is_empty() {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: edges of this game have no colours (remove ':{c}')"
                    )));
                }
                if letter.chars().count() != 1 || !colours.contains(letter.as_str()) {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: unknown edge colour {c:?} (use one of {})",
                        colours.chars().map(String::from).collect::<Vec<_>>().join(", ")
                    )));
                }
                (chain, letter.as_bytes()[0])
            }
            None => (item, 0),
        };
        let mut previous: Option<u32> = None;
        let parts: Vec<&str> = chain.split('-').collect();
        if parts.len() == 1 && colour != 0 {
            return Err(Error::input(format!(
                "item {item:?} at character {pos}: a colour belongs to an edge u-v, not to a vertex"
            )));
        }
        for part in parts {
            if !valid_name(part) {
                return Err(Error::input(if part.is_empty() {
                    format!("item {item:?} at character {pos}: an edge needs a vertex name on each side of '-'")
                } else {
                    format!("item {item:?} at character {pos}: {part:?} is not a vertex name (letters, digits and _)")
                }));
            }
            let v = match index.get(part) {
                Some(&v) => v,
                None => {
                    if names.len() >= MAX_VERTICES {
                        return Err(
                            Error::input(format!("a graph may have at most {MAX_VERTICES} vertices"))
                        );
                    }
                    let v = names.len() as u32;
                    names.push(part.to_string());
                    index.insert(part.to_string(), v);
                    v
                }
            };
            if let Some(u) = previous {
                if u == v {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: the edge {part}-{part} is a loop (a vertex cannot be joined to itself)"
                    )));
                }
                let key = (u.min(v), u.max(v));
                if let Some(first) = seen.insert(key, pos) {
                    return Err(Error::input(format!(
                        "item {item:?} at character {pos}: the edge {}-{} was already given at character {first}",
                        names[u as usize], names[v as usize]
                    )));
                }
                edges.push((u, v, colour));
            }
            previous = Some(v);
        }
    }
    let graph = Graph::new(vec![0; names.len()], edges)?;
    Ok(NamedGraph { graph, names })
}

/// `path:N`, `cycle:N`, `complete:N`, `star:N`, `grid:RxC`.
fn shorthand(kind: &str, size: &str) -> Result<NamedGraph, Error> {
    let number = |s: &str| -> Result<usize, Error> {
        let s = s.trim();
        if s.starts_with('-') {
            return Err(Error::input(format!("{kind}:{size}: a size must not be negative")));
        }
        s.parse::<usize>().map_err(|_| {
            Error::input(format!(
                "{kind}:{size}: {s:?} is not a size (a whole number)"
            ))
        })
    };
    let limit = |n: usize| -> Result<usize, Error> {
        if n > MAX_VERTICES {
            Err(Error::input(format!("{kind}:{size}: a graph may have at most {MAX_VERTICES} vertices")))
        } else {
            Ok(n)
        }
    };
    let numbered = |n: usize, from: usize| -> Vec<String> {
        (from..from + n).map(|i| i.to_string()).collect()
    };
    let (names, edges): (Vec<String>, Vec<(u32, u32, u8)>) = match kind {
        "path" => {
            let n = limit(number(size)?)?;
            let e = (1..n).map(|i| (i as u32 - 1, i as u32, 0)).collect();
            (numbered(n, 1), e)
        }
        "cycle" => {
            let n = limit(number(size)?)?;
            if n < 3 {
                return Err(Error::input(format!(
                    "cycle:{size}: a cycle needs at least 3 vertices (a simple graph has no loops or double edges)"
                )));
            }
            let mut e: Vec<(u32, u32, u8)> = (1..n).map(|i| (i as u32 - 1, i as u32, 0)).collect();
            e.push((0, n as u32 - 1, 0));
            (numbered(n, 1), e)
        }
        "complete" => {
            let n = limit(number(size)?)?;
            if n > 4096 {
                return Err(Error::input(format!("complete:{size}: too many edges")));
            }
            let mut e = Vec::new();
            for i in 0..n as u32 {
                for j in i + 1..n as u32 {
                    e.push((i, j, 0));
                }
            }
            (numbered(n, 1), e)
        }
        "star" => {
            let n = limit(number(size)?.saturating_add(1))?;
            let e = (1..n as u32).map(|i| (0, i, 0)).collect();
            (numbered(n, 0), e)
        }
        "grid" => {
            let (r, c) = size
                .split_once(['x', 'X', '×'])
                .ok_or_else(|| Error::input(format!("grid:{size}: expected grid:RxC, rows x columns")))?;
            let (r, c) = (number(r)?, number(c)?);
            let n = limit(r.saturating_mul(c))?;
            let mut names = Vec::with_capacity(n);
            let mut e = Vec::new();
            for i in 0..r {
                for j in 0..c {
                    names.push(format!("r{}c{}", i + 1, j + 1));
                    let k = (i * c + j) as u32;
                    if j + 1 < c {
                        e.push((k, k + 1, 0));
                    }
                    if i + 1 < r {
                        e.push((k, k + c as u32, 0));
                    }
                }
            }
            (names, e)
        }
        _ => {
            return Err(Error::input(format!(
                "unknown graph shorthand {kind:?} (use path:N, cycle:N, complete:N, star:N or grid:RxC, or an edge list such as \"a-b b-c\")"
            )))
        }
    };
    let graph = Graph::new(vec![0; names.len()], edges)?;
    Ok(NamedGraph { graph, names })
}

/// The names of the vertices `v` for which `pick(v)` holds, separated by commas: a vertex list
/// as [`NamedGraph::vertex_list`] reads it.
pub fn names_where(names: &[String], pick: impl Fn(usize) -> bool) -> String {
    let picked: Vec<&str> = (0..names.len())
        .filter(|&v| pick(v))
        .map(|v| names[v].as_str())
        .collect();
    picked.join(",")
}

/// Writes `name("a-b b-c",arg="…")`: the graph with its vertex names ([`text`]), then each named
/// argument whose value is not empty.
pub fn write_named_call(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    g: &Graph,
    names: &[String],
    args: &[(&str, String)],
) -> fmt::Result {
    write!(f, "{name}(\"{}\"", text(g, |v| names[v].clone()))?;
    for (arg, value) in args {
        if !value.is_empty() {
            write!(f, ",{arg}=\"{value}\"")?;
        }
    }
    f.write_str(")")
}

/// A graph read from an edge list without labels (`a-b b-c`, `path:5`), as Arc Kayles and
/// Node Kayles read theirs.
pub fn read_edges(text: &str) -> Result<Graph, Error> {
    Ok(parse(text, "")?.graph)
}

impl fmt::Display for Graph {
    /// The edge-list syntax with vertices numbered from 0 (`0-1 1-2`), isolated vertices alone,
    /// and each vertex label other than 0 after a slash (`0/1-1/2`), each edge label as a colour
    /// letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertex = |v: u32| -> String {
            match self.labels[v as usize] {
                0 => v.to_string(),
                l => format!("{v}/{l}"),
            }
        };
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            Ok(())
        };
        let mut touched = vec![false; self.labels.len()];
        for &(u, v, l) in &self.edges {
            touched[u as usize] = true;
            touched[v as usize] = true;
            sep(f)?;
            write!(f, "{}-{}", vertex(u), vertex(v))?;
            if l != 0 {
                write!(f, ":{}", l as char)?;
            }
        }
        for (v, &t) in touched.iter().enumerate() {
            if !t {
                sep(f)?;
                f.write_str(&vertex(v as u32))?;
            }
        }
        Ok(())
    }
}

/// An item of a graph's text: a vertex alone, or an edge (by its index in a list of edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// The vertex with this number.
    Vertex(usize),
    /// The edge with this index.
    Edge(usize),
}

/// The items of a graph on the vertices `0..n` with the edges `ends` (each written with its
/// first vertex first), in an order in which the vertices first appear as `0, 1, 2, …`, so that a
/// reader that numbers vertices by their first appearance ([`parse`], the token graphs of
/// [`crate::rulesets::dag`]) gives them back their numbers: for each vertex in turn, its edges to
/// earlier vertices, or the vertex alone when it has none (unless its only appearance comes
/// first in the next vertex's edge to it, which is then that vertex's only edge).
pub fn reading_order(n: usize, ends: &[(u32, u32)]) -> Vec<Item> {
    let mut earlier: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for (i, &(a, b)) in ends.iter().enumerate() {
        earlier[a.max(b) as usize].push((a.min(b), i));
    }
    for e in &mut earlier {
        e.sort_unstable();
    }
    let mut out = Vec::with_capacity(n + ends.len());
    for v in 0..n {
        if earlier[v].is_empty() {
            let introduced_next = earlier.get(v + 1).and_then(|e| e.first()).is_some_and(|&(w, i)| {
                w as usize == v && ends[i].0 as usize == v
            });
            if !introduced_next {
                out.push(Item::Vertex(v));
            }
        }
        out.extend(earlier[v].iter().map(|&(_, i)| Item::Edge(i)));
    }
    out
}

/// The graph in the text syntax of the module documentation, vertex `v` named `name(v)` and each
/// edge with a label other than 0 coloured by that letter (`u-v:R`), in the [`reading_order`]
/// that [`parse`] reads back to the same graph with the same vertex numbers.
pub fn text(g: &Graph, name: impl Fn(usize) -> String) -> String {
    let ends: Vec<(u32, u32)> = g.edges.iter().map(|&(u, v, _)| (u, v)).collect();
    let items: Vec<String> = reading_order(g.len(), &ends)
        .into_iter()
        .map(|item| match item {
            Item::Vertex(v) => name(v),
            Item::Edge(i) => {
                let (u, v, l) = g.edges[i];
                let colour = if l == 0 {
                    String::new()
                } else {
                    format!(":{}", l as char)
                };
                format!("{}-{}{colour}", name(u as usize), name(v as usize))
            }
        })
        .collect();
    items.join(" ")
}

/// The edge list of `g` as the graph families write it: its vertices numbered from 0 in their
/// order in `g`, in the [`reading_order`] that reads back to the same graph (`0-1 1-2`).
pub fn edge_text(g: &Graph) -> String {
    text(g, |v| v.to_string())
}
