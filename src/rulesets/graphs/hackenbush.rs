//! Hackenbush: Blue-Red, Green, and Red-Blue-Green, on any finite graph with a ground.
//!
//! **Rules** (WW ch. 1, 2 and 7; CGT ch. I). A picture is a graph whose
//! edges are coloured Blue, Red or Green, some of whose vertices lie on the ground (here they are
//! all one vertex, the ground). Left removes a Blue or a Green edge, Right a Red or a Green edge;
//! then every edge no longer connected to the ground disappears. The player who cannot move
//! loses. Loops and parallel edges are allowed.
//!
//! **Input formats.**
//! * Stalks: a string of colour letters from the ground up, `"BBRG"`; several stalks on the
//!   same ground are separated by spaces, `"BR GG"`.
//! * An edge list: items `U-V:C` separated by spaces, commas or semicolons, with vertex names made
//!   of letters, digits and `_` and a colour `B`, `R` or `G`. The ground is the vertex `0`, or the
//!   vertex named by an item `ground=NAME`: `"0-a:B a-b:R a-c:G b-c:G"`, or
//!   `"ground=g; g-x:B x-x:R"` (a Blue edge carrying a Red loop). Every edge must be connected to
//!   the ground.
//! * CGSuite's strings (CGSuite's ruleset library, `game.graph.Hackenbush`, and its tutorial
//!   "Games on Graphs"): the first vertex of the string is the ground, and each edge letter, `l`
//!   Blue (bLue, Left's), `r` Red, `e` Green (grEen, either player's), draws an edge from the
//!   vertex reached so far to a new vertex, which the chain then stands on: `"lrr"` is the stalk
//!   `BRR`. Parentheses hold branches from the vertex before them, separated by `;`:
//!   `"l(l;rl)"` is a Blue edge carrying a Blue edge and a Red-Blue stalk; a group of branches
//!   ends its chain. A vertex may be named by `:A` (one letter or digit) or `:{name}` after it
//!   (after its edge letter, or at the start for the ground); vertices of the same name are one
//!   vertex, which draws cycles: `":Geeee:G"` is a Green 4-cycle through the ground, `"ee:Aeeee:A"`
//!   a Green 4-cycle on a stalk of two, `"(e:B;e:B)"` two parallel Green edges. A `.` may mark a
//!   vertex (`"l.r"` is `"lr"`); spaces are ignored. A `;` outside parentheses starts a new part
//!   from a new vertex, which must be joined to the ground by names (`":G l; :G r"` is two
//!   stalks on the ground); as in CGSuite, a string whose vertices are not all joined to the
//!   ground is refused. A text with `-` or `=` is read as an edge list, one with `l`, `e`, `(`,
//!   `)`, `:`, `{`, `}` or `.` as CGSuite's string, any other as stalks (a string of `r`s is the
//!   same picture either way).
//!
//! **How values are computed.** The generic [`Solver`] with the [`Hackenbush`] ruleset, which
//! splits a picture into its components (the parts that meet only at the ground: a sum) and,
//! unless built with [`Hackenbush::rules_only`], recognises without search:
//! * a one-colour picture of `n` edges: `n` (Blue) or `−n` (Red), since a player can always remove
//!   an edge whose loss disconnects nothing else;
//! * a tree standing on the ground, of any colours, by the colon principle (see [`tree_value`]);
//!   for a Blue-Red stalk this is Berlekamp's sign-expansion rule (WW ch. 2, "Hackenbush
//!   strings", also [`sign_expansion`]): the edges of the initial run of the bottom edge's colour
//!   count ±1 each, and after the first change of colour the `j`-th edge counts `±1/2^j` (+ for
//!   Blue, − for Red), so `BRR = 1 − 1/2 − 1/4 = 1/4`;
//! * a Green picture, a nimber, by the fusion principle (WW ch. 7; CGT
//!   ch. IV): the vertices of every cycle are fused into one (the edges on cycles become loops,
//!   each worth a twig `*1`), leaving a tree of bridges, whose value comes from the colon
//!   principle: a vertex is worth the nim-sum of `1 +` (the value above each child edge) and of
//!   `1` per loop. For a tree with parallel edges (an edge of *weight* `w`: `w` parallel edges
//!   between a vertex and its child) this is the rule of [`green_bundle`]: a child subtree of
//!   value `g` contributes `g + 1` when `w = 1`, `g` when `w` is even and `g ⊕ 1` when `w` is odd
//!   and greater than 1 (the `w` edges fuse the child into its parent and leave `w` loops).
//!
//! **Checked against** (tests/hackenbush.rs): the sign-expansion rule coded separately, on every
//! Blue-Red stalk of length at most 8, against the solver without shortcuts; Green trees and
//! graphs with cycles against a brute-force Grundy computation; the weighted-edge rule against the
//! solver.
//!
//! **In expressions:** `hackenbush("BRR")` (= `1/4`), `hackenbush("0-a:B a-b:R a-b:G")`,
//! `hackenbush("l(l;rl)")` (= `3/2`, from CGSuite's tests).
//! **Tables:** `partizan table hackenbush size=N`: every stalk of 1 to `N` Blue, Red and Green
//! edges, from the ground up (snapshot `snapshots/hackenbush_table_3.snap`).

use crate::algebra::Game;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{self, write_text_call};
use crate::solve::{Position, Ruleset, Solver};
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

    fn left_may_remove(self) -> bool {
        self != Colour::Red
    }

    fn right_may_remove(self) -> bool {
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

/// A token of CGSuite's Hackenbush string: a character, or a vertex name in braces.
enum Token {
    Char(char),
    Name(String),
}

/// The state of [`Picture::parse_cgsuite`]: the tokens, the next one to read, the named
/// vertices, where each vertex was made (a character index, for errors) and the edges so far.
struct CgsuiteReader<'a> {
    tokens: &'a [(usize, Token)],
    next: usize,
    names: BTreeMap<String, u32>,
    created_at: Vec<usize>,
    edges: Vec<Edge>,
}

impl CgsuiteReader<'_> {
    /// Reads a vertex, an optional `.` then an optional name `:A` or `:{name}`: the named vertex
    /// if the name was met before, a new vertex otherwise (made at character `pos`). With
    /// `edge = Some((from, colour))` it adds the edge from `from` to the vertex (a loop when they
    /// coincide). Returns the vertex.
    fn vertex(
        &mut self,
        edge: Option<(u32, Colour)>,
        pos: usize,
        fail: &dyn Fn(usize, String) -> Error,
    ) -> Result<u32, Error> {
        if let Some((_, Token::Char('.'))) = self.tokens.get(self.next) {
            self.next += 1;
        }
        let mut name = None;
        if let Some(&(at, Token::Char(':'))) = self.tokens.get(self.next) {
            name = match self.tokens.get(self.next + 1) {
                Some((_, Token::Name(n))) => Some(n.clone()),
                Some((_, Token::Char(c))) if c.is_ascii_alphanumeric() || *c == '_' => {
                    Some(c.to_string())
                }
                _ => {
                    return Err(fail(
                        at,
                        "':' must be followed by a vertex name, one letter or digit (:A) or a name in braces (:{name})".to_string(),
                    ))
                }
            };
            self.next += 2;
        }
        let known = name.as_ref().and_then(|n| self.names.get(n).copied());
        let v = match known {
            Some(v) => v,
            None => {
                let v = self.created_at.len() as u32;
                self.created_at.push(pos);
                if let Some(n) = name {
                    self.names.insert(n, v);
                }
                v
            }
        };
        if let Some((from, colour)) = edge {
            self.edges.push(Edge {
                a: from,
                b: v,
                colour,
            });
        }
        Ok(v)
    }
}

/// A Hackenbush picture: coloured edges, vertex 0 being the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    edges: Vec<Edge>,
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

    /// Parses the stalk form (`"BBRG"`, `"BR GG"`), the edge-list form (`"0-a:B a-b:R"`,
    /// `"ground=g; g-a:B"`) or CGSuite's string (`"l(l;rl)"`, `":Geeee:G"`) described in the
    /// module documentation: a text with `-` or `=` is an edge list, one with a character only
    /// CGSuite's strings have (`l`, `e`, `(`, `)`, `:`, `{`, `}`, `.`) is CGSuite's, any other
    /// stalks.
    pub fn parse(text: &str) -> Result<Picture, Error> {
        if text.contains(['-', '=']) {
            return Picture::parse_edges(text);
        }
        if text.contains(['l', 'e', '(', ')', ':', '{', '}', '.']) {
            return Picture::parse_cgsuite(text);
        }
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

    fn parse_edges(text: &str) -> Result<Picture, Error> {
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

    /// Parses CGSuite's Hackenbush string (see the module documentation); an error names the
    /// character (counted from 1) where the string goes wrong.
    pub fn parse_cgsuite(text: &str) -> Result<Picture, Error> {
        let chars: Vec<char> = text.chars().collect();
        let fail = |at: usize, what: String| {
            Error::input(format!(
                "cannot read the Hackenbush string {text:?} at character {}: {what}",
                at + 1
            ))
        };
        // The tokens with the index of their first character: a name in braces is one token.
        let mut tokens: Vec<(usize, Token)> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '{' {
                let close = (i + 1..chars.len())
                    .find(|&j| chars[j] == '}')
                    .ok_or_else(|| fail(i, "'{' without a closing '}'".to_string()))?;
                let name: String = chars[i + 1..close].iter().collect();
                if name.is_empty() {
                    return Err(fail(i, "an empty vertex name '{}'".to_string()));
                }
                tokens.push((i, Token::Name(name)));
                i = close + 1;
            } else {
                tokens.push((i, Token::Char(c)));
                i += 1;
            }
        }
        let mut reader = CgsuiteReader {
            tokens: &tokens,
            next: 0,
            names: BTreeMap::new(),
            created_at: Vec::new(),
            edges: Vec::new(),
        };
        // The vertex the chain stands on, the vertices where an open '(' branches (with where
        // it stands), and whether a ')' just closed a group (then the chain must end).
        let mut at = reader.vertex(None, 0, &fail)?;
        let mut groups: Vec<(u32, usize)> = Vec::new();
        let mut closed = false;
        while let Some(&(pos, ref token)) = tokens.get(reader.next) {
            let c = match token {
                Token::Char(c) => *c,
                Token::Name(_) => {
                    return Err(fail(pos, "a name in braces must follow ':'".to_string()))
                }
            };
            if closed && c != ';' && c != ')' {
                return Err(fail(
                    pos,
                    format!("{c:?} after ')': a group of branches ends its chain (expected ';', ')' or the end)"),
                ));
            }
            reader.next += 1;
            match c {
                '(' => groups.push((at, pos)),
                ';' => {
                    closed = false;
                    match groups.last() {
                        Some(&(v, _)) => at = v,
                        // A new part of the picture, from a vertex of its own (named to join it
                        // to the others), unless the string ends here.
                        None if reader.next < tokens.len() => {
                            at = reader.vertex(None, tokens[reader.next].0, &fail)?
                        }
                        None => {}
                    }
                }
                ')' => {
                    groups
                        .pop()
                        .ok_or_else(|| fail(pos, "')' without a matching '('".to_string()))?;
                    closed = true;
                }
                _ => match Colour::from_cgsuite(c) {
                    Some(colour) => at = reader.vertex(Some((at, colour)), pos, &fail)?,
                    None => {
                        return Err(fail(
                            pos,
                            format!("unexpected {c:?} (expected an edge l Blue, r Red or e Green, '(', ';' or ')'; an edge list is written U-V:C)"),
                        ))
                    }
                },
            }
        }
        if let Some(&(_, pos)) = groups.last() {
            return Err(fail(pos, "'(' without a matching ')'".to_string()));
        }
        let picture = Picture {
            edges: reader.edges,
        };
        // Every vertex must hang from the ground, the first vertex (CGSuite refuses a graph that
        // is not connected).
        let reached = picture.reached();
        let hangs = |v: usize| reached.get(v).copied().unwrap_or(false);
        if let Some(v) = (0..reader.created_at.len()).find(|&v| !hangs(v)) {
            return Err(fail(
                reader.created_at[v],
                "this vertex has no path to the ground (the string's first vertex; join parts with a vertex name, as in \":G l; :G r\")".to_string(),
            ));
        }
        Ok(picture)
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

    fn vertex_count(&self) -> usize {
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
    fn reached(&self) -> Vec<bool> {
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
    fn without(&self, i: usize) -> Picture {
        let mut rest = self.clone();
        rest.edges.remove(i);
        rest.grounded()
    }

    /// The same picture with its vertices renumbered in order of discovery from the ground and
    /// its edges sorted, so that equal pictures met along different paths usually coincide.
    fn relabelled(&self) -> Picture {
        Picture {
            edges: relabelled(&self.edges),
        }
    }

    /// The parts of the picture that meet only at the ground.
    fn parts(&self) -> Vec<Picture> {
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

/// The value of a Blue-Red stalk, given bottom to top, by Berlekamp's sign-expansion rule
/// (WW ch. 2): the initial run of the bottom colour counts ±1 an edge, and the `j`-th
/// edge after the first change of colour `±1/2^j` (+ Blue, − Red). `None` if an edge is Green.
pub fn sign_expansion(stalk: &[Colour]) -> Option<Game> {
    let sign = |c: Colour| -> Option<i64> {
        match c {
            Colour::Blue => Some(1),
            Colour::Red => Some(-1),
            Colour::Green => None,
        }
    };
    let run = stalk
        .iter()
        .take_while(|&&c| Some(c) == stalk.first().copied());
    let integer: i64 = run.clone().map(|&c| sign(c)).sum::<Option<i64>>()?;
    let k = run.count();
    // The fractional part: numerator over 2^(number of edges after the run).
    let tail = &stalk[k..];
    let mut numerator = num_bigint::BigInt::from(0);
    for (j, &c) in tail.iter().enumerate() {
        let shift = tail.len() - 1 - j;
        numerator += num_bigint::BigInt::from(sign(c)?) << shift;
    }
    let total = (num_bigint::BigInt::from(integer) << tail.len()) + numerator;
    Some(Game::dyadic(total, tail.len() as u64))
}

/// The value of a picture that is a tree standing on the ground (connected, without cycles or
/// loops), by the colon principle: a vertex is worth the sum of its branches, and a branch, an
/// edge with the tree above its top vertex, is the ordinal sum `e : H` of the edge (`1`, `−1` or
/// `*`) and the value `H` of that tree, which depends only on `H`'s value (ONAG ch. 15; CGT
/// §II.4). For a number `x` above a Blue edge, `1 : x` has the sign expansion of `x` after one
/// `+` (CGT §II.4), which is `(x + n) / 2^(n−1)` for the least integer `n ≥ 1` with
/// `x + n > 1`; above a Red edge it is the negative of that for `−x`. `None` for a picture that
/// is not a tree.
pub fn tree_value(p: &Picture) -> Option<Game> {
    let n = p.vertex_count();
    if p.edges.len() + 1 != n {
        return None;
    }
    let mut adjacent: Vec<Vec<(u32, Colour)>> = vec![Vec::new(); n];
    for e in &p.edges {
        adjacent[e.a as usize].push((e.b, e.colour));
        adjacent[e.b as usize].push((e.a, e.colour));
    }
    // Vertices from the ground outwards, each with the edge to its parent; with n − 1 edges,
    // reaching every vertex means there is no cycle.
    let mut order: Vec<u32> = vec![0];
    let mut parent: Vec<Option<(u32, Colour)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &(u, c) in &adjacent[v as usize] {
            if !seen[u as usize] {
                seen[u as usize] = true;
                parent[u as usize] = Some((v, c));
                order.push(u);
            }
        }
    }
    if order.len() != n {
        return None;
    }
    let mut value = vec![Game::zero(); n];
    for &v in order.iter().rev() {
        if let Some((up, colour)) = parent[v as usize] {
            let branch = edge_under(colour, value[v as usize]);
            value[up as usize] += branch;
        }
    }
    Some(value[0])
}

/// The ordinal sum `e : h` of a single edge `e` of `colour` and a game `h` (see [`tree_value`]).
fn edge_under(colour: Colour, h: Game) -> Game {
    use crate::algebra::Number;
    // 1 : x for a number x: (x + n) / 2^(n−1), n the least integer >= 1 with x + n > 1.
    let blue_over = |x: &Number| {
        let n: num_bigint::BigInt = (Number::one() - x).floor() + 1;
        let n = n.max(num_bigint::BigInt::from(1));
        let shift = i64::try_from(&n - 1).ok()?;
        Some(Game::number((x + Number::from(n)).mul_pow2(-shift)))
    };
    let number = h.as_number();
    let shortcut = match (colour, number) {
        (Colour::Blue, Some(x)) => blue_over(x),
        (Colour::Red, Some(x)) => blue_over(&-x).map(|g| -g),
        _ => None,
    };
    shortcut.unwrap_or_else(|| {
        let base = match colour {
            Colour::Blue => Game::integer(1),
            Colour::Red => Game::integer(-1),
            Colour::Green => Game::star(),
        };
        base.ordinal_sum(&h)
    })
}

/// The Green-Hackenbush weighted-edge rule: a child subtree of nim value `g` joined to its parent
/// by `weight` parallel Green edges contributes `g + 1` when `weight = 1` (the colon principle),
/// `g` when `weight` is even and `g ⊕ 1` when `weight` is odd and greater than 1 (the parallel
/// edges fuse the child into the parent and become `weight` loops, each a twig `*1`). A weight of
/// 0 (no edge) contributes nothing.
pub fn green_bundle(g: u64, weight: u64) -> u64 {
    match weight {
        0 => 0,
        1 => g + 1,
        w if w % 2 == 0 => g,
        _ => g ^ 1,
    }
}

/// The nim value of a Green picture by the fusion and colon principles (see the module
/// documentation). Edges of other colours are treated as Green.
pub fn green_value(p: &Picture) -> u64 {
    let n = p.vertex_count();
    let m = p.edges.len();
    // Bridges by Tarjan's low-link, iteratively, with parallel edges and loops not bridges.
    let mut adjacent: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        adjacent[e.a as usize].push((e.b, i));
        if e.a != e.b {
            adjacent[e.b as usize].push((e.a, i));
        }
    }
    let mut order = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut bridge = vec![false; m];
    let mut counter = 0;
    for root in 0..n {
        if order[root] != u32::MAX {
            continue;
        }
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        // (vertex, edge used to enter it, next index in its adjacency list)
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        while let Some(top) = stack.last_mut() {
            let (v, via, next) = *top;
            if let Some(&(u, i)) = adjacent[v].get(next) {
                top.2 += 1;
                if i == via {
                    continue;
                }
                let u = u as usize;
                if order[u] == u32::MAX {
                    order[u] = counter;
                    low[u] = counter;
                    counter += 1;
                    stack.push((u, i, 0));
                } else {
                    low[v] = low[v].min(order[u]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    if low[v] > order[parent] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    // Fuse the 2-edge-connected blocks: union the ends of every non-bridge edge.
    let mut block: Vec<usize> = (0..n).collect();
    fn find(block: &mut [usize], mut x: usize) -> usize {
        while block[x] != x {
            block[x] = block[block[x]];
            x = block[x];
        }
        x
    }
    let mut loops = vec![0u64; n];
    for (i, e) in p.edges.iter().enumerate() {
        if !bridge[i] {
            let (x, y) = (
                find(&mut block, e.a as usize),
                find(&mut block, e.b as usize),
            );
            block[x] = y;
        }
    }
    for (i, e) in p.edges.iter().enumerate() {
        if !bridge[i] {
            let x = find(&mut block, e.a as usize);
            loops[x] += 1;
        }
    }
    // The tree of bridges between blocks, evaluated from the ground's block by the colon
    // principle (post-order, iteratively).
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        if bridge[i] {
            let (x, y) = (
                find(&mut block, e.a as usize),
                find(&mut block, e.b as usize),
            );
            tree[x].push(y);
            tree[y].push(x);
        }
    }
    let root = find(&mut block, 0);
    let mut value = vec![0u64; n];
    let mut seen = vec![false; n];
    let mut stack = vec![(root, usize::MAX, false)];
    while let Some((v, parent, done)) = stack.pop() {
        if done {
            let mut g = loops[v] % 2;
            for &u in &tree[v] {
                if u != parent {
                    g ^= value[u] + 1;
                }
            }
            value[v] = g;
            continue;
        }
        seen[v] = true;
        stack.push((v, parent, true));
        for &u in &tree[v] {
            if u != parent && !seen[u] {
                stack.push((u, v, false));
            }
        }
    }
    value[root]
}

/// The Hackenbush ruleset for the generic [`Solver`].
#[derive(Clone, Copy, Debug)]
pub struct Hackenbush {
    shortcuts: bool,
}

impl Default for Hackenbush {
    fn default() -> Hackenbush {
        Hackenbush::new()
    }
}

impl Hackenbush {
    /// The ruleset with the closed-form shortcuts of the module documentation.
    pub fn new() -> Hackenbush {
        Hackenbush { shortcuts: true }
    }

    /// The ruleset searching every position from the rules alone (for cross-checks).
    pub fn rules_only() -> Hackenbush {
        Hackenbush { shortcuts: false }
    }

    fn options(&self, p: &Picture, may_remove: fn(Colour) -> bool) -> Vec<Picture> {
        (0..p.edges.len())
            .filter(|&i| may_remove(p.edges[i].colour))
            .map(|i| p.without(i))
            .collect()
    }
}

impl Ruleset for Hackenbush {
    type Position = Picture;

    fn left_options(&self, p: &Picture) -> Vec<Picture> {
        self.options(p, Colour::left_may_remove)
    }

    fn right_options(&self, p: &Picture) -> Vec<Picture> {
        self.options(p, Colour::right_may_remove)
    }

    fn components(&self, p: &Picture) -> Vec<Picture> {
        p.parts()
    }

    fn normalize(&self, p: Picture) -> Picture {
        p.relabelled()
    }

    fn known_value(&self, p: &Picture) -> Option<Game> {
        if !self.shortcuts {
            return None;
        }
        if p.edges.iter().all(|e| e.colour == Colour::Blue) {
            return Some(Game::integer(p.edges.len() as i64));
        }
        if p.edges.iter().all(|e| e.colour == Colour::Red) {
            return Some(Game::integer(-(p.edges.len() as i64)));
        }
        if p.is_green() {
            return Some(Game::nimber(green_value(p)));
        }
        tree_value(p)
    }
}

/// The value of a picture.
pub fn value(p: &Picture) -> Game {
    Solver::new(Hackenbush::new()).value(p)
}

/// `hackenbush("BRR")`, `hackenbush("0-a:B a-b:R")`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    let picture = Picture::parse(crate::rulesets::text::one_string(
        positional,
        named,
        "the picture",
    )?)?;
    Ok(value(&picture))
}

/// `hackenbush("BRR")` as a position (see [`crate::solve::position`]), its options written by
/// [`text`].
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let picture = Picture::parse(crate::rulesets::text::one_string(
        positional,
        named,
        "the picture",
    )?)?;
    let known = value(&picture);
    let p = position::of(
        Hackenbush::new(),
        false,
        picture,
        |_, p, f| write_text_call(f, "hackenbush", &text(p.edges())),
        |r, p| Ok(Solver::new(*r).value(p)),
    );
    Ok(p.with_value(known))
}

/// `partizan table hackenbush size=N`: the value of every stalk of 1 to `N` edges over Blue, Red
/// and Green (`3^n` of each length `n`), from the ground up.
fn table(a: &crate::solve::TableParams) -> Result<crate::solve::Table, Error> {
    let n = bounded(a, "size", 3, (1, 7))?;
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut solver = Solver::new(Hackenbush::new());
    let mut keys = Vec::new();
    let mut cells = Vec::new();
    for len in 1..=n {
        for code in 0..3usize.pow(len as u32) {
            let stalk: Vec<Colour> = (0..len)
                .map(|i| colours[code / 3usize.pow((len - 1 - i) as u32) % 3])
                .collect();
            keys.push(stalk.iter().map(|c| c.letter()).collect());
            cells.push(vec![solver.value(&Picture::stalks(&[&stalk])).to_string()]);
        }
    }
    Ok(crate::solve::Table {
        caption: format!(
            "Hackenbush: every stalk of 1 to {n} edges from the ground up (B Blue, Left's; R Red, Right's; G Green)"
        ),
        column_label: "value".to_string(),
        row_label: "stalk".to_string(),
        columns: vec!["value".to_string()],
        rows: keys,
        cells,
        interrupted: false,
    })
}

/// The `hackenbush` family (see the module documentation).
pub struct HackenbushFamily;

impl Family for HackenbushFamily {
    fn name(&self) -> &'static str {
        "hackenbush"
    }
    fn usage(&self) -> &'static str {
        "hackenbush(\"BRG\") (stalks from the ground up, space-separated), hackenbush(\"0-a:B a-b:R\") (edges U-V:C, ground 0 or ground=NAME) or CGSuite's string hackenbush(\"l(l;rl)\") (l Blue, r Red, e Green edges up from the ground, (..;..) branches, :A or :{name} joins vertices)"
    }
    fn example(&self) -> &'static str {
        "hackenbush(\"BRR\")"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "stalks of 1 to size edges, default 3, at most 7",
            }],
            example: "table hackenbush size=2",
            build: table,
        })
    }
}
