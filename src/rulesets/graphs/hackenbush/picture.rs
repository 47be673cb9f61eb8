//! A Hackenbush picture: edges coloured Blue, Red or Green between vertices, vertex 0 the
//! ground; its stalk and edge-list texts (read and written), its parts and grounded part.

use crate::Error;
use std::collections::{BTreeMap, VecDeque};
use std::fmt;

/// The colour of an edge: who may remove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's edges.
    Blue,
    /// Right's edges.
    Red,
    /// Either player's edges.
    Green,
}

impl Colour {
    /// The colour of the letter `B`, `R` or `G` (either case).
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The colour of an edge letter of CGSuite's Hackenbush strings: `l` Blue (Left's), `r` Red
    /// (Right's), `e` Green (either player's); lower case only, as in CGSuite.
    pub fn from_cgsuite(c: char) -> Option<Colour> {
        match c {
            'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// `B`, `R` or `G`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    pub(super) fn left_may_remove(self) -> bool {
        self != Colour::Red
    }

    pub(super) fn right_may_remove(self) -> bool {
        self != Colour::Blue
    }
}

/// An edge between vertices `a` and `b` (vertex 0 is the ground).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// One end.
    pub a: u32,
    /// The other end (equal to `a` for a loop).
    pub b: u32,
    /// Who may remove it.
    pub colour: Colour,
}

/// The number of vertices `0..=v` that `edges` use, `v` the largest (at least the ground).
pub(crate) fn vertex_count(edges: &[Edge]) -> usize {
    edges
        .iter()
        .map(|e| e.a.max(e.b) as usize + 1)
        .max()
        .unwrap_or(1)
}

/// `edges` with their vertices renumbered in breadth-first order from the ground (the
/// neighbours of a vertex taken in order of edge colour and old number), each edge as
/// `(min, max)`, sorted: equal pictures met along different paths usually coincide.
pub(crate) fn relabelled(edges: &[Edge]) -> Vec<Edge> {
    let n = vertex_count(edges);
    let mut adjacent: Vec<Vec<(Colour, u32)>> = vec![Vec::new(); n];
    for e in edges {
        adjacent[e.a as usize].push((e.colour, e.b));
        adjacent[e.b as usize].push((e.colour, e.a));
    }
    let mut label = vec![u32::MAX; n];
    label[0] = 0;
    let mut next = 1;
    let mut queue = VecDeque::from([0u32]);
    while let Some(v) = queue.pop_front() {
        let mut around = std::mem::take(&mut adjacent[v as usize]);
        around.sort_unstable();
        for (_, u) in around {
            if label[u as usize] == u32::MAX {
                label[u as usize] = next;
                next += 1;
                queue.push_back(u);
            }
        }
    }
    let mut out: Vec<Edge> = edges
        .iter()
        .map(|e| {
            let (a, b) = (label[e.a as usize], label[e.b as usize]);
            Edge {
                a: a.min(b),
                b: a.max(b),
                colour: e.colour,
            }
        })
        .collect();
    out.sort_unstable();
    out
}

/// A Hackenbush picture: coloured edges, vertex 0 being the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    pub(super) edges: Vec<Edge>,
}

impl Picture {
    /// A picture from its edges (vertex 0 is the ground); `Err` names an edge with no path to
    /// the ground.
    pub fn new(edges: Vec<Edge>) -> Result<Picture, Error> {
        let p = Picture { edges };
        let grounded = p.grounded();
        if let Some(e) = p.edges.iter().find(|e| !grounded.edges.contains(e)) {
            return Err(Error::input(format!(
                "edge {}-{}:{} has no path to the ground",
                e.a,
                e.b,
                e.colour.letter()
            )));
        }
        Ok(p)
    }

    /// Stalks standing on the ground, each given bottom to top.
    pub fn stalks(stalks: &[&[Colour]]) -> Picture {
        let mut edges = Vec::new();
        let mut next = 1;
        for stalk in stalks {
            let mut below = 0;
            for &colour in stalk.iter() {
                edges.push(Edge {
                    a: below,
                    b: next,
                    colour,
                });
                below = next;
                next += 1;
            }
        }
        Picture { edges }
    }

    /// Reads the stalk form (`"BBRG"`, `"BR GG"`): each word a stalk, from the ground up.
    pub(super) fn parse_stalks(text: &str) -> Result<Picture, Error> {
        let mut stalks = Vec::new();
        for word in text.split([' ', ',', ';', '\t']).filter(|w| !w.is_empty()) {
            let stalk = word
                .chars()
                .map(|c| {
                    Colour::from_letter(c).ok_or_else(|| {
                        Error::input(format!(
                            "unknown colour {c:?} in the stalk {word:?} (use B, R, G; or an edge list such as \"0-a:B a-b:R\")"
                        ))
                    })
                })
                .collect::<Result<Vec<Colour>, Error>>()?;
            stalks.push(stalk);
        }
        let refs: Vec<&[Colour]> = stalks.iter().map(Vec::as_slice).collect();
        Ok(Picture::stalks(&refs))
    }

    pub(super) fn parse_edges(text: &str) -> Result<Picture, Error> {
        let items: Vec<&str> = text
            .split([' ', ',', ';', '\t', '\n'])
            .filter(|w| !w.is_empty())
            .collect();
        let mut ground = "0";
        for item in &items {
            if let Some(name) = item.strip_prefix("ground=") {
                check_name(name, item)?;
                ground = name;
            }
        }
        let mut names: BTreeMap<&str, u32> = BTreeMap::new();
        names.insert(ground, 0);
        let mut edges = Vec::new();
        let mut labels: Vec<&str> = vec![ground];
        for item in items.iter().filter(|i| !i.starts_with("ground=")) {
            let bad = || {
                Error::input(format!(
                    "cannot read the edge {item:?}: expected U-V:C with vertex names U, V and a colour C of B, R, G (the ground is {ground})"
                ))
            };
            let (ends, colour) = item.split_once(':').ok_or_else(bad)?;
            let (u, v) = ends.split_once('-').ok_or_else(bad)?;
            check_name(u, item)?;
            check_name(v, item)?;
            let mut letters = colour.chars();
            let colour = match (letters.next().and_then(Colour::from_letter), letters.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(Error::input(format!(
                        "unknown colour {colour:?} in the edge {item:?} (use B, R or G)"
                    )))
                }
            };
            let mut label = |name| {
                let n = names.len() as u32;
                *names.entry(name).or_insert_with(|| {
                    labels.push(name);
                    n
                })
            };
            let (a, b) = (label(u), label(v));
            edges.push(Edge { a, b, colour });
        }
        let p = Picture { edges };
        let grounded = p.grounded();
        if let Some(e) = p.edges.iter().find(|e| !grounded.edges.contains(e)) {
            return Err(Error::input(format!(
                "the edge {}-{}:{} has no path to the ground (vertex {ground})",
                labels[e.a as usize],
                labels[e.b as usize],
                e.colour.letter()
            )));
        }
        Ok(p)
    }


    /// The edges.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Whether every edge is Blue or Red.
    pub fn is_blue_red(&self) -> bool {
        self.edges.iter().all(|e| e.colour != Colour::Green)
    }

    /// Whether every edge is Green.
    pub fn is_green(&self) -> bool {
        self.edges.iter().all(|e| e.colour == Colour::Green)
    }

    pub(super) fn vertex_count(&self) -> usize {
        vertex_count(&self.edges)
    }

    /// The edges still connected to the ground.
    fn grounded(&self) -> Picture {
        let reached = self.reached();
        Picture {
            edges: self
                .edges
                .iter()
                .copied()
                .filter(|e| reached[e.a as usize])
                .collect(),
        }
    }

    /// For every vertex `0..vertex_count`, whether a path joins it to the ground.
    pub(super) fn reached(&self) -> Vec<bool> {
        let n = self.vertex_count();
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); n];
        for e in &self.edges {
            adjacent[e.a as usize].push(e.b);
            adjacent[e.b as usize].push(e.a);
        }
        let mut reached = vec![false; n];
        reached[0] = true;
        let mut queue = VecDeque::from([0u32]);
        while let Some(v) = queue.pop_front() {
            for &u in &adjacent[v as usize] {
                if !reached[u as usize] {
                    reached[u as usize] = true;
                    queue.push_back(u);
                }
            }
        }
        reached
    }

    /// The picture after removing edge `i` (and whatever falls with it).
    pub(super) fn without(&self, i: usize) -> Picture {
        let mut rest = self.clone();
        rest.edges.remove(i);
        rest.grounded()
    }

    /// The same picture with its vertices renumbered in order of discovery from the ground and
    /// its edges sorted, so that equal pictures met along different paths usually coincide.
    pub(super) fn relabelled(&self) -> Picture {
        Picture {
            edges: relabelled(&self.edges),
        }
    }

    /// The parts of the picture that meet only at the ground.
    pub(super) fn parts(&self) -> Vec<Picture> {
        let n = self.vertex_count();
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn find(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        for e in &self.edges {
            if e.a != 0 && e.b != 0 {
                let (x, y) = (find(&mut parent, e.a), find(&mut parent, e.b));
                parent[x as usize] = y;
            }
        }
        let mut groups: BTreeMap<u32, Vec<Edge>> = BTreeMap::new();
        let mut ground_loops = Vec::new();
        for e in &self.edges {
            match e.a.max(e.b) {
                0 => ground_loops.push(Picture { edges: vec![*e] }),
                v => groups.entry(find(&mut parent, v)).or_default().push(*e),
            }
        }
        groups
            .into_values()
            .map(|edges| Picture { edges })
            .chain(ground_loops)
            .collect()
    }

    /// The colours of the picture from the ground up when it is a single stalk (a path
    /// starting at the ground, without loops).
    pub fn as_stalk(&self) -> Option<Vec<Colour>> {
        let n = self.vertex_count();
        if self.edges.len() + 1 != n {
            return None;
        }
        let mut adjacent: Vec<Vec<(u32, Colour)>> = vec![Vec::new(); n];
        for e in &self.edges {
            if e.a == e.b {
                return None;
            }
            adjacent[e.a as usize].push((e.b, e.colour));
            adjacent[e.b as usize].push((e.a, e.colour));
        }
        if adjacent[0].len() != 1 || adjacent.iter().any(|a| a.len() > 2) {
            return None;
        }
        let mut colours = Vec::with_capacity(self.edges.len());
        let (mut prev, mut at) = (u32::MAX, 0u32);
        loop {
            let next = adjacent[at as usize].iter().find(|&&(u, _)| u != prev);
            match next {
                Some(&(u, c)) => {
                    colours.push(c);
                    prev = at;
                    at = u;
                }
                None => break,
            }
        }
        (colours.len() == self.edges.len()).then_some(colours)
    }
}

impl fmt::Display for Picture {
    /// The edge-list form, ground `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}-{}:{}", e.a, e.b, e.colour.letter())?;
        }
        Ok(())
    }
}

/// A picture given by its edges as `hackenbush` reads it, so that the text reads back to the
/// same picture: its stalks from the ground up (`"BR G"`) when it is made of stalks, each
/// standing on the ground in the order of its bottom edge; otherwise its edge list with the
/// ground `0` and the other vertices numbered in the order they first appear (`"0-1:B 1-1:R"`).
pub fn text(edges: &[Edge]) -> String {
    if let Some(stalks) = stalks(edges) {
        let words: Vec<String> = stalks
            .iter()
            .map(|s| s.iter().map(|c| c.letter()).collect())
            .collect();
        return words.join(" ");
    }
    let mut number = vec![u32::MAX; vertex_count(edges)];
    number[0] = 0;
    let mut next = 1;
    let mut items = Vec::with_capacity(edges.len());
    for e in edges {
        for v in [e.a, e.b] {
            if number[v as usize] == u32::MAX {
                number[v as usize] = next;
                next += 1;
            }
        }
        items.push(format!(
            "{}-{}:{}",
            number[e.a as usize],
            number[e.b as usize],
            e.colour.letter()
        ));
    }
    items.join(" ")
}

/// The colours of the stalks the edges make, each from the ground up, in the order of their
/// bottom edges; `None` unless every edge lies on a path that starts at the ground and never
/// comes back to it or branches (no loops).
fn stalks(edges: &[Edge]) -> Option<Vec<Vec<Colour>>> {
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); vertex_count(edges)];
    for (i, e) in edges.iter().enumerate() {
        if e.a == e.b {
            return None;
        }
        at[e.a as usize].push(i);
        at[e.b as usize].push(i);
    }
    if at.iter().skip(1).any(|edges| edges.len() > 2) {
        return None;
    }
    let other = |i: usize, v: u32| if edges[i].a == v { edges[i].b } else { edges[i].a };
    let mut used = vec![false; edges.len()];
    let mut stalks = Vec::new();
    for &first in &at[0] {
        let (mut via, mut top) = (first, other(first, 0));
        used[first] = true;
        let mut stalk = vec![edges[first].colour];
        while let Some(&next) = at[top as usize].iter().find(|&&j| j != via) {
            let above = other(next, top);
            if used[next] || above == 0 {
                return None;
            }
            used[next] = true;
            stalk.push(edges[next].colour);
            (via, top) = (next, above);
        }
        stalks.push(stalk);
    }
    used.iter().all(|&u| u).then_some(stalks)
}

fn check_name(name: &str, item: &str) -> Result<(), Error> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(
            Error::input(format!("bad vertex name {name:?} in {item:?} (use letters, digits and '_')")),
        );
    }
    Ok(())
}
