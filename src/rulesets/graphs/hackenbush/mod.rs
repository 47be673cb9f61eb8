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
//!
//! **Files.** [`picture`]: the picture and its texts; `cgsuite`: CGSuite's strings; [`theory`]:
//! the values without search; here: the ruleset and the family.

mod cgsuite;
pub mod picture;
pub mod theory;

pub(crate) use picture::{relabelled, vertex_count};
pub use picture::{text, Colour, Edge, Picture};
pub use theory::{green_bundle, green_value, sign_expansion, tree_value};

use crate::algebra::Game;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::position::{self, write_text_call};
use crate::solve::{Position, Ruleset, Solver};
use crate::Error;

impl Picture {
    /// Parses the stalk form (`"BBRG"`, `"BR GG"`), the edge-list form (`"0-a:B a-b:R"`,
    /// `"ground=g; g-a:B"`) or CGSuite's string (`"l(l;rl)"`, `":Geeee:G"`) described in the
    /// module documentation: a text with `-` or `=` is an edge list, one with a character only
    /// CGSuite's strings have (`l`, `e`, `(`, `)`, `:`, `{`, `}`, `.`) is CGSuite's, any other
    /// stalks.
    pub fn parse(text: &str) -> Result<Picture, Error> {
        if text.contains(['-', '=']) {
            Picture::parse_edges(text)
        } else if text.contains(['l', 'e', '(', ')', ':', '{', '}', '.']) {
            Picture::parse_cgsuite(text)
        } else {
            Picture::parse_stalks(text)
        }
    }
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
