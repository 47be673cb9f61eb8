//! A token game on a directed acyclic graph.
//!
//! **Rules.** Tokens sit on vertices of a finite directed acyclic graph (several tokens may share
//! a vertex). A move slides one token along one edge. Whoever cannot move loses.
//!
//! **Input.** An edge list: edges separated by commas, semicolons or newlines, each `u>v` or
//! `u->v` with vertex names made of letters, digits and `_` (a name alone is an isolated vertex);
//! tokens as a comma-separated list of vertex names. In expressions: `dag("a>b, b>c, a>c",
//! "a,b")`. A graph with a directed cycle is an input error (the game would not be short).
//!
//! **Theorem checked** (Sprague–Grundy; CGT Thm IV.1.1): a vertex's
//! Grundy value is the mex of its successors' values, and a position with several tokens is
//! their sum, with the XOR of the values. The values are computed in reverse topological order
//! (Kahn's algorithm, which also finds the cycles); the tests check them against the canonical
//! forms of [`crate::solve::Solver`] and against a direct recursive definition.
//!
//! **Tables:** `partizan table dag take=K heap=N`: one token on vertex `n` of the DAG with edges
//! `n > n−1, ..., n > n−k` (the subtraction game `{1, ..., k}` drawn as a graph), for
//! `k = 1..=K` and `n = 0..=N`; by Bachet's rule (WW ch. 4) the value is
//! `n mod (k + 1)`, which the test checks (snapshot `snapshots/dag_table_6x20.snap`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::nim::singletons;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::Bitset;
use crate::rulesets::graph;
use crate::solve::position;
use crate::solve::{AsPartizan, ImpartialRuleset, Position, Table, TableParams};
use crate::Error;
use std::collections::HashMap;

/// A directed acyclic graph with named vertices, and its token game. A position is the sorted
/// list of the tokens' vertex indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dag {
    names: Vec<String>,
    successors: Vec<Vec<usize>>,
    grundy: Vec<u64>,
}

impl Dag {
    /// Parses an edge list (see the module documentation); an error names a malformed edge or
    /// the vertices of a cycle.
    ///
    /// ```
    /// use partizan::rulesets::dag::Dag;
    /// let g = Dag::parse("a>b, b>c, a>c").unwrap();
    /// // c is a sink (0), b → c (1), a → b, c (mex{1, 0} = 2).
    /// assert_eq!(g.vertex_grundy("a"), Some(2));
    /// assert!(Dag::parse("a>b, b>a").unwrap_err().to_string().contains("cycle"));
    /// ```
    pub fn parse(edges: &str) -> Result<Dag, Error> {
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut vertex = |name: &str| -> Result<usize, Error> {
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(
                    Error::input(format!("{name:?} is not a vertex name (letters, digits and _)")),
                );
            }
            Ok(*index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                names.len() - 1
            }))
        };
        let mut edge_list = Vec::new();
        for item in edges.split([',', ';', '\n']) {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let parts: Vec<&str> = item.split("->").flat_map(|s| s.split('>')).collect();
            match parts.as_slice() {
                [v] => {
                    vertex(v)?;
                }
                [u, v] => edge_list.push((vertex(u)?, vertex(v)?)),
                _ => return Err(Error::input(format!("edge {item:?} is not of the form u>v"))),
            }
        }
        let mut successors = vec![Vec::new(); names.len()];
        for (u, v) in edge_list {
            successors[u].push(v);
        }
        for s in &mut successors {
            s.sort_unstable();
            s.dedup();
        }
        let grundy = grundy_values(&successors).map_err(|cyclic| {
            let shown: Vec<&str> = cyclic.iter().take(8).map(|&v| names[v].as_str()).collect();
            Error::input(format!(
                "the graph has a directed cycle (through some of {}{}), so the game is not short",
                shown.join(", "),
                if cyclic.len() > 8 { ", ..." } else { "" }
            ))
        })?;
        Ok(Dag {
            names,
            successors,
            grundy,
        })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertex names, by index.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The successors of vertex `v`.
    pub fn successors(&self, v: usize) -> &[usize] {
        &self.successors[v]
    }

    /// The Grundy value of a single token on vertex `v`.
    pub fn grundy(&self, v: usize) -> u64 {
        self.grundy[v]
    }

    /// The Grundy value of a single token on the vertex named `name`.
    pub fn vertex_grundy(&self, name: &str) -> Option<u64> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|v| self.grundy[v])
    }

    /// The tokens `"a,b,b"` as a position (vertex indices, sorted).
    pub fn tokens(&self, tokens: &str) -> Result<Vec<usize>, Error> {
        let mut out = tokens
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| {
                self.names.iter().position(|n| n == t).ok_or_else(|| {
                    Error::input(format!(
                        "token on {t:?}, which is not a vertex of the graph"
                    ))
                })
            })
            .collect::<Result<Vec<usize>, Error>>()?;
        out.sort_unstable();
        Ok(out)
    }

    /// The Grundy value of tokens on the vertices `position`: the XOR of their values.
    pub fn position_grundy(&self, position: &[usize]) -> u64 {
        position.iter().fold(0, |s, &v| s ^ self.grundy[v])
    }

    /// The edge list as [`Dag::parse`] reads it back with the same vertex numbers: `u>v` items
    /// and isolated vertices, separated by `, `, in the [`graph::reading_order`].
    pub fn text(&self) -> String {
        let ends: Vec<(u32, u32)> = self
            .successors
            .iter()
            .enumerate()
            .flat_map(|(u, s)| s.iter().map(move |&v| (u as u32, v as u32)))
            .collect();
        let items: Vec<String> = graph::reading_order(self.len(), &ends)
            .into_iter()
            .map(|item| match item {
                graph::Item::Vertex(v) => self.names[v].clone(),
                graph::Item::Edge(i) => {
                    let (u, v) = ends[i];
                    format!("{}>{}", self.names[u as usize], self.names[v as usize])
                }
            })
            .collect();
        items.join(", ")
    }

    /// The tokens `position` as [`Dag::tokens`] reads them: their vertex names, separated by
    /// commas.
    pub fn tokens_text(&self, position: &[usize]) -> String {
        let names: Vec<&str> = position.iter().map(|&v| self.names[v].as_str()).collect();
        names.join(",")
    }
}

/// The Grundy value of every vertex, or the vertices left on or behind a cycle.
fn grundy_values(successors: &[Vec<usize>]) -> Result<Vec<u64>, Vec<usize>> {
    let n = successors.len();
    // Kahn's algorithm on the reversed graph: a vertex is ready once all its successors are.
    let mut predecessors = vec![Vec::new(); n];
    let mut waiting: Vec<usize> = successors.iter().map(Vec::len).collect();
    for (u, s) in successors.iter().enumerate() {
        for &v in s {
            predecessors[v].push(u);
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
    let mut grundy = vec![u64::MAX; n];
    let mut seen = Bitset::new();
    let mut done = 0;
    while let Some(v) = ready.pop() {
        seen.clear();
        for &w in &successors[v] {
            seen.insert(grundy[w] as usize);
        }
        grundy[v] = seen.mex() as u64;
        done += 1;
        for &u in &predecessors[v] {
            waiting[u] -= 1;
            if waiting[u] == 0 {
                ready.push(u);
            }
        }
    }
    if done < n {
        Err((0..n).filter(|&v| waiting[v] > 0).collect())
    } else {
        Ok(grundy)
    }
}

impl ImpartialRuleset for Dag {
    type Position = Vec<usize>;

    /// The token lists after each move, each kept sorted (so that a position reads as it is
    /// written: tokens are named in order).
    fn options(&self, tokens: &Vec<usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &v) in tokens.iter().enumerate() {
            for &w in &self.successors[v] {
                let mut next = tokens.clone();
                next.remove(i);
                let at = next.partition_point(|&t| t <= w);
                next.insert(at, w);
                out.push(next);
            }
        }
        out
    }

    fn components(&self, tokens: &Vec<usize>) -> Vec<Vec<usize>> {
        singletons(tokens)
    }

    fn normalize(&self, mut tokens: Vec<usize>) -> Vec<usize> {
        tokens.sort_unstable();
        tokens
    }
}

/// `dag("a>b, b>c", "a,b")` as a position (see [`crate::solve::position`]): the graph written
/// back by [`Dag::text`], the tokens by [`Dag::tokens_text`].
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    args::named(named, "", &[])?;
    let dag = Dag::parse(args::string(positional, 0, "the edge list")?)?;
    let tokens = dag.tokens(args::string(positional, 1, "the tokens")?)?;
    Ok(position::of(
        AsPartizan(dag),
        true,
        tokens,
        |r, tokens, f| write!(f, "dag(\"{}\",\"{}\")", r.0.text(), r.0.tokens_text(tokens)),
        |r, tokens| Ok(Game::nimber(r.0.position_grundy(tokens))),
    ))
}

/// `partizan table dag take=K heap=N`: one token on vertex `n` (column) of the DAG on vertices
/// `0..=N` with an edge from `n` to each of `n−1, ..., n−k` (row `k`), built from its edge list.
fn table(a: &TableParams) -> Result<Table, Error> {
    let take = bounded(a, "take", 6, (1, 64))?;
    let heap = bounded(a, "heap", 20, (0, 2000))?;
    let mut cells = Vec::with_capacity(take);
    for k in 1..=take {
        let edges: Vec<String> = (1..=heap)
            .flat_map(|n| (n.saturating_sub(k)..n).map(move |m| format!("v{n}>v{m}")))
            .chain(std::iter::once("v0".to_string()))
            .collect();
        let dag = Dag::parse(&edges.join(", "))?;
        let row = (0..=heap)
            .map(|n| {
                dag.vertex_grundy(&format!("v{n}"))
                    .map(|g| g.to_string())
                    .ok_or_else(|| Error::input(format!("no vertex v{n}")))
            })
            .collect::<Result<Vec<String>, Error>>()?;
        cells.push(row);
    }
    Ok(Table {
        caption: "Grundy values of a token on vertex n of the DAG with edges n > n-1, ..., n-k"
            .to_string(),
        column_label: "vertex".to_string(),
        row_label: "take".to_string(),
        columns: (0..=heap).map(|n| n.to_string()).collect(),
        rows: (1..=take).map(|k| k.to_string()).collect(),
        cells,
        interrupted: false,
    })
}

/// The `dag` family (see the module documentation).
pub struct DagFamily;

impl Family for DagFamily {
    fn name(&self) -> &'static str {
        "dag"
    }
    fn usage(&self) -> &'static str {
        "dag(\"a>b, b>c, a>c\", \"a,b\"): tokens on the vertices of a directed acyclic graph"
    }
    fn example(&self) -> &'static str {
        "dag(\"a>b, b>c, a>c\", \"a,b\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "take",
                    meaning:
                        "rows k = 1 to take: edges from n to n-1, ..., n-k (default 6, at most 64)",
                },
                Param {
                    name: "heap",
                    meaning: "columns: the token on vertex 0 to heap (default 20, at most 2000)",
                },
            ],
            example: "table dag take=4 heap=12",
            build: table,
        })
    }
}
