//! The graph-placement families: Snort, Col, Node Kayles, Arc Kayles, Partizan Arc Kayles, Cram and
//! NoGo. Every expected value comes from outside the engine: evaluators written here from the rules
//! alone (explicit game trees canonicalised by the reference implementation, `util::reference`,
//! or direct mex recursion), sequences and tables typed in from published sources (cited at
//! each), theorems (mirror strategies, Col's numbers), and hand derivations.

// Grids are indexed by their coordinates.
#![allow(clippy::needless_range_loop)]

use crate::util::random::Rng;
use crate::util::reference::{ref_canonical, Tree};
use crate::util::snapshot;
use partizan::rulesets::arc_kayles::ArcKayles;
use partizan::rulesets::colouring::{self, Colouring, Variant};
use partizan::rulesets::cram::{self, Board, Cram};
use partizan::rulesets::graph::{self, Graph};
use partizan::rulesets::node_kayles::{self, NodeKayles};
use partizan::rulesets::nogo::NoGo;
use partizan::rulesets::partizan_arc_kayles::PartizanArcKayles;
use partizan::rulesets::{arc_kayles, col, nogo, partizan_arc_kayles, snort};
use partizan::solve::{GrundySolver, Solver, TableParams};
use partizan::{Arg, Game, Outcome};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Small graphs of the tests: `n` vertices, adjacency as bitmasks.
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Small {
    n: usize,
    adj: Vec<u32>,
}

impl Small {
    /// The graph on `n` vertices whose edges are the pairs `i < j` selected by `mask` (in the
    /// order (0,1), (0,2), ..., (1,2), ...).
    fn from_mask(n: usize, mask: u64) -> Small {
        let mut adj = vec![0u32; n];
        let mut bit = 0;
        for i in 0..n {
            for j in i + 1..n {
                if mask >> bit & 1 == 1 {
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
                bit += 1;
            }
        }
        Small { n, adj }
    }

    fn edges(&self) -> Vec<(usize, usize)> {
        let mut e = Vec::new();
        for i in 0..self.n {
            for j in i + 1..self.n {
                if self.adj[i] >> j & 1 == 1 {
                    e.push((i, j));
                }
            }
        }
        e
    }

    /// The edge list in the engine's syntax, vertices named `v0`, `v1`, ...
    fn text(&self) -> String {
        let mut items: Vec<String> = self
            .edges()
            .iter()
            .map(|(i, j)| format!("v{i}-v{j}"))
            .collect();
        items.extend((0..self.n).map(|i| format!("v{i}")));
        items.join(" ")
    }

    fn random(rng: &mut Rng, n: usize, density: u64) -> Small {
        let pairs = n * (n - 1) / 2;
        let mut mask = 0u64;
        for b in 0..pairs {
            if rng.below(100) < density {
                mask |= 1 << b;
            }
        }
        Small::from_mask(n, mask)
    }
}

/// Every graph on `n` vertices (labelled: all edge subsets).
fn all_graphs(n: usize) -> impl Iterator<Item = Small> {
    let pairs = n * (n - 1) / 2;
    (0..1u64 << pairs).map(move |m| Small::from_mask(n, m))
}

fn parse_graph(text: &str) -> Graph {
    graph::parse(text, "").unwrap().graph
}

fn key(g: Game) -> String {
    Tree::of_game(g).key()
}

// ---------------------------------------------------------------------------------------------
// Snort and Col: the rules on a coloured graph, as explicit trees.
// ---------------------------------------------------------------------------------------------

/// The canonical tree of Snort or Col on `g` from the colouring `colour` (0 none, 1 blue,
/// 2 red), with the tints `tint` (bit 1: next to a blue vertex outside, bit 2: red), straight
/// from the rules: Left colours blue, Right red; in Snort nobody colours next to the other
/// colour, in Col next to their own.
fn colouring_tree(
    snort: bool,
    g: &Small,
    tint: &[u8],
    colour: &mut Vec<u8>,
    memo: &mut HashMap<Vec<u8>, Tree>,
) -> Tree {
    if let Some(t) = memo.get(colour) {
        return t.clone();
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, mine) in [(0usize, 1u8), (1, 2)] {
        let forbidden = if snort { 3 - mine } else { mine };
        for v in 0..g.n {
            if colour[v] != 0 || tint[v] & forbidden != 0 {
                continue;
            }
            if (0..g.n).any(|w| g.adj[v] >> w & 1 == 1 && colour[w] == forbidden) {
                continue;
            }
            colour[v] = mine;
            sides[side].push(colouring_tree(snort, g, tint, colour, memo));
            colour[v] = 0;
        }
    }
    let [l, r] = sides;
    let t = ref_canonical(&Tree::new(l, r));
    memo.insert(colour.clone(), t.clone());
    t
}

fn tint_text(tint: &[u8]) -> String {
    tint.iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .map(|(v, &t)| {
            let c = match t {
                1 => "B",
                2 => "R",
                _ => "BR",
            };
            format!("v{v}:{c}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn engine_colouring(
    variant: Variant,
    g: &Small,
    tint: &[u8],
    solver: &mut Solver<Colouring>,
) -> Game {
    let text = tint_text(tint);
    let p = colouring::parse_graph(variant, &g.text(), None, None, Some(&text)).unwrap();
    solver.value(&p.start().unwrap())
}

/// Every graph with at most 4 vertices, untinted and with a random tint; random graphs of 5
/// vertices with random tints.
fn colouring_cases() -> Vec<(Small, Vec<u8>)> {
    let mut rng = Rng(0x5107);
    let mut cases = Vec::new();
    for n in 1..=4 {
        for g in all_graphs(n) {
            cases.push((g.clone(), vec![0; n]));
            let tint: Vec<u8> = (0..n).map(|_| rng.below(4) as u8).collect();
            cases.push((g, tint));
        }
    }
    for _ in 0..150 {
        let g = Small::random(&mut rng, 5, 45);
        let tint: Vec<u8> = (0..5)
            .map(|_| {
                if rng.below(3) == 0 {
                    rng.below(4) as u8
                } else {
                    0
                }
            })
            .collect();
        cases.push((g, tint));
    }
    cases
}

#[test]
fn snort_matches_the_rules_on_small_graphs() {
    let mut solver = Solver::new(snort::ruleset());
    for (g, tint) in colouring_cases() {
        let expected = colouring_tree(true, &g, &tint, &mut vec![0; g.n], &mut HashMap::new());
        let v = engine_colouring(Variant::Snort, &g, &tint, &mut solver);
        assert_eq!(
            key(v),
            expected.key(),
            "Snort {} tinted {:?}: engine {v}",
            g.text(),
            tint
        );
    }
}

#[test]
fn col_matches_the_rules_on_small_graphs_and_is_numberish() {
    let mut solver = Solver::new(col::ruleset());
    for (g, tint) in colouring_cases() {
        let expected = colouring_tree(false, &g, &tint, &mut vec![0; g.n], &mut HashMap::new());
        let v = engine_colouring(Variant::Col, &g, &tint, &mut solver);
        assert_eq!(
            key(v),
            expected.key(),
            "Col {} tinted {:?}: engine {v}",
            g.text(),
            tint
        );
        // Conway, On Numbers and Games (Col); Winning Ways vol. 1: every Col position is x or x + *.
        assert!(
            v.is_number() || (v + Game::star()).is_number(),
            "Col {} = {v} is neither a number nor a number plus *",
            g.text()
        );
    }
}

#[test]
fn colouring_matches_the_rules_on_grids() {
    // The 2 x 3 and 2 x 4 grids (6 and 8 vertices), with and without a pre-coloured cell.
    let grid = |r: usize, c: usize| {
        let mut g = Small {
            n: r * c,
            adj: vec![0; r * c],
        };
        for k in 0..r * c {
            if k % c + 1 < c {
                g.adj[k] |= 1 << (k + 1);
                g.adj[k + 1] |= 1 << k;
            }
            if k + c < r * c {
                g.adj[k] |= 1 << (k + c);
                g.adj[k + c] |= 1 << k;
            }
        }
        g
    };
    for (r, c, text) in [(2, 3, "...|..."), (2, 4, "....|...."), (2, 4, "x...|....")] {
        let g = grid(r, c);
        let mut colour: Vec<u8> = text
            .chars()
            .filter(|&ch| ch != '|')
            .map(|ch| if ch == 'x' { 1 } else { 0 })
            .collect();
        let tint = vec![0; r * c];
        let snort_tree = colouring_tree(true, &g, &tint, &mut colour.clone(), &mut HashMap::new());
        assert_eq!(
            key(snort::grid_value(text).unwrap()),
            snort_tree.key(),
            "Snort {text}"
        );
        let col_tree = colouring_tree(false, &g, &tint, &mut colour, &mut HashMap::new());
        assert_eq!(
            key(col::grid_value(text).unwrap()),
            col_tree.key(),
            "Col {text}"
        );
    }
}

#[test]
fn colouring_hand_values_and_colour_swap() {
    let snort = |e: &str| snort::grid_value(e).unwrap().to_string();
    let col = |e: &str| col::grid_value(e).unwrap().to_string();
    // Worked out in the module documentation from the rules.
    assert_eq!(snort("."), "*");
    assert_eq!(snort(".."), "+-1");
    assert_eq!(snort("..."), "+-2");
    assert_eq!(col("."), "*");
    assert_eq!(col(".."), "0");
    assert_eq!(col("..."), "0");
    // A blue cell tints its neighbour: in Snort only Left may colour it (1), in Col only Right.
    assert_eq!(snort("x."), "1");
    assert_eq!(col("x."), "-1");
    assert_eq!(snort(".o"), "-1");
    // Both tints: the vertex is dead.
    assert_eq!(snort("x.o"), "0");
    // Colour swap negates (mirror of the board keeps the value).
    let mut rng = Rng(77);
    for _ in 0..40 {
        let cells: String = (0..6)
            .map(|_| match rng.below(6) {
                0 => 'x',
                1 => 'o',
                2 => '#',
                _ => '.',
            })
            .collect();
        let board = format!("{}|{}", &cells[..3], &cells[3..]);
        let swapped: String = board
            .chars()
            .map(|c| match c {
                'x' => 'o',
                'o' => 'x',
                c => c,
            })
            .collect();
        for (variant, f) in [
            (
                Variant::Snort,
                snort::grid_value as fn(&str) -> Result<Game, partizan::Error>,
            ),
            (Variant::Col, col::grid_value),
        ] {
            match (f(&board), f(&swapped)) {
                (Ok(a), Ok(b)) => assert_eq!(a, -b, "{variant:?} {board}"),
                (Err(_), Err(_)) => {} // an illegal colouring, both ways
                other => panic!("{variant:?} {board}: {other:?}"),
            }
        }
    }
}

#[test]
fn mirror_strategies_on_grids() {
    // Snort on an even × even grid: the half turn maps no cell to itself or to a neighbour, so
    // the second player copies the first (Winning Ways ch. 2, Tweedledum and Tweedledee).
    for (r, c) in [(2, 2), (2, 4), (4, 2)] {
        let board = vec![".".repeat(c); r].join("|");
        assert_eq!(
            snort::grid_value(&board).unwrap(),
            Game::zero(),
            "Snort {r}x{c}"
        );
    }
    // Col on a grid with an even side: the half turn fixes no cell.
    for (r, c) in [(1, 2), (1, 4), (2, 1), (2, 3), (2, 5), (3, 4), (1, 6)] {
        let board = vec![".".repeat(c); r].join("|");
        assert_eq!(
            col::grid_value(&board).unwrap(),
            Game::zero(),
            "Col {r}x{c}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Node Kayles and Arc Kayles.
// ---------------------------------------------------------------------------------------------

/// Dawson's chess, octal .137, OEIS A002187 (offset 0), typed from the entry's data; Dawson's
/// Kayles (0.07) has the values a(n − 1).
const A002187: [u64; 105] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1,
];

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let v: Vec<u64> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).unwrap()
}

/// Node Kayles by mex recursion on the set of remaining vertices.
fn node_kayles_brute(g: &Small, alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let opts: Vec<u32> = (0..g.n)
        .filter(|&v| alive >> v & 1 == 1)
        .map(|v| alive & !(1 << v) & !g.adj[v])
        .collect();
    let v = mex(opts.into_iter().map(|a| node_kayles_brute(g, a, memo)));
    memo.insert(alive, v);
    v
}

/// Arc Kayles by mex recursion on the set of remaining vertices.
fn arc_kayles_brute(g: &Small, alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let opts: Vec<u32> = g
        .edges()
        .into_iter()
        .filter(|&(a, b)| alive >> a & 1 == 1 && alive >> b & 1 == 1)
        .map(|(a, b)| alive & !(1 << a) & !(1 << b))
        .collect();
    let v = mex(opts.into_iter().map(|a| arc_kayles_brute(g, a, memo)));
    memo.insert(alive, v);
    v
}

fn small_graph_cases() -> Vec<Small> {
    let mut cases: Vec<Small> = (1..=5).flat_map(all_graphs).collect();
    let mut rng = Rng(0xCAFE);
    for n in [6, 7, 8] {
        for density in [25, 45, 70] {
            for _ in 0..25 {
                cases.push(Small::random(&mut rng, n, density));
            }
        }
    }
    cases
}

#[test]
fn node_and_arc_kayles_match_mex_recursion() {
    let mut node = GrundySolver::new(NodeKayles::new());
    let mut node_search = GrundySolver::new(NodeKayles::rules_only());
    let mut arc = GrundySolver::new(ArcKayles::new());
    let mut arc_search = GrundySolver::new(ArcKayles::rules_only());
    for g in small_graph_cases() {
        let full = (1u32 << g.n) - 1;
        let engine = parse_graph(&g.text());
        let expected = node_kayles_brute(&g, full, &mut HashMap::new());
        assert_eq!(node.grundy(&engine), expected, "Node Kayles {}", g.text());
        assert_eq!(
            node_search.grundy(&engine),
            expected,
            "Node Kayles {}",
            g.text()
        );
        let expected = arc_kayles_brute(&g, full, &mut HashMap::new());
        assert_eq!(arc.grundy(&engine), expected, "Arc Kayles {}", g.text());
        assert_eq!(
            arc_search.grundy(&engine),
            expected,
            "Arc Kayles {}",
            g.text()
        );
    }
}

#[test]
fn kayles_on_paths_are_dawsons_games() {
    // Node Kayles on a path of n vertices is Dawson's chess (0.137) with n: A002187(n). Arc
    // Kayles on a path of n vertices is Dawson's Kayles (0.07) with n: A002187(n − 1).
    let mut node = GrundySolver::new(NodeKayles::rules_only());
    let mut arc = GrundySolver::new(ArcKayles::rules_only());
    for n in 1..=40 {
        let p = parse_graph(&format!("path:{n}"));
        assert_eq!(node.grundy(&p), A002187[n], "Node Kayles on P{n}, searched");
        assert_eq!(
            arc.grundy(&p),
            A002187[n - 1],
            "Arc Kayles on P{n}, searched"
        );
    }
    for n in 1..A002187.len() {
        let p = parse_graph(&format!("path:{n}"));
        assert_eq!(node_kayles::grundy(&p), A002187[n], "Node Kayles on P{n}");
        assert_eq!(arc_kayles::grundy(&p), A002187[n - 1], "Arc Kayles on P{n}");
    }
    // Periodic continuation (period 34 from 52 on in A002187): a path of 10 000 vertices.
    let n = 10_000;
    let k = 52 + (n - 52) % 34;
    assert_eq!(
        node_kayles::grundy(&parse_graph(&format!("path:{n}"))),
        A002187[k]
    );
    // Cycles: every first move leaves a path (n − 3 vertices in Node Kayles, n − 2 in Arc).
    for n in 3..=30 {
        let c = parse_graph(&format!("cycle:{n}"));
        assert_eq!(
            node.grundy(&c),
            mex([A002187[n - 3]]),
            "Node Kayles on C{n}"
        );
        assert_eq!(arc.grundy(&c), mex([A002187[n - 3]]), "Arc Kayles on C{n}");
    }
    // Stars K(1, n), by hand: the centre takes everything (0); a leaf takes the centre and
    // leaves n − 1 isolated vertices (nim-sum (n − 1) mod 2); so 1 for odd n, 2 for even n.
    for n in 1..=12 {
        let s = parse_graph(&format!("star:{n}"));
        assert_eq!(node.grundy(&s), if n % 2 == 1 { 1 } else { 2 }, "K(1,{n})");
    }
}

#[test]
fn arc_kayles_is_node_kayles_on_the_line_graph() {
    let mut rng = Rng(31);
    let mut node = GrundySolver::new(NodeKayles::new());
    let mut arc = GrundySolver::new(ArcKayles::new());
    for _ in 0..60 {
        let g = Small::random(&mut rng, 7, 35);
        let edges = g.edges();
        let mut items: Vec<String> = (0..edges.len()).map(|i| format!("e{i}")).collect();
        for i in 0..edges.len() {
            for j in i + 1..edges.len() {
                let (a, b) = edges[i];
                let (c, d) = edges[j];
                if a == c || a == d || b == c || b == d {
                    items.push(format!("e{i}-e{j}"));
                }
            }
        }
        let line = parse_graph(&items.join(" "));
        assert_eq!(
            arc.grundy(&parse_graph(&g.text())),
            node.grundy(&line),
            "{}",
            g.text()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Partizan Arc Kayles.
// ---------------------------------------------------------------------------------------------

/// Partizan Arc Kayles as explicit trees: colours per edge 'B', 'R', 'G'.
fn pak_tree(edges: &[(usize, usize, u8)], alive: u32, memo: &mut HashMap<u32, Tree>) -> Tree {
    if let Some(t) = memo.get(&alive) {
        return t.clone();
    }
    let mut l = Vec::new();
    let mut r = Vec::new();
    for &(a, b, c) in edges {
        if alive >> a & 1 == 0 || alive >> b & 1 == 0 {
            continue;
        }
        let next = alive & !(1 << a) & !(1 << b);
        if c != b'R' {
            l.push(pak_tree(edges, next, memo));
        }
        if c != b'B' {
            r.push(pak_tree(edges, next, memo));
        }
    }
    let t = ref_canonical(&Tree::new(l, r));
    memo.insert(alive, t.clone());
    t
}

#[test]
fn partizan_arc_kayles_matches_the_rules() {
    let mut rng = Rng(4242);
    let mut solver = Solver::new(PartizanArcKayles);
    let mut arc = GrundySolver::new(ArcKayles::new());
    for n in 2..=6 {
        for _ in 0..60 {
            let g = Small::random(&mut rng, n, 50);
            let edges: Vec<(usize, usize, u8)> = g
                .edges()
                .into_iter()
                .map(|(a, b)| (a, b, [b'B', b'R', b'G'][rng.below(3) as usize]))
                .collect();
            let text: Vec<String> = edges
                .iter()
                .map(|&(a, b, c)| format!("v{a}-v{b}:{}", c as char))
                .collect();
            let text = text.join(" ");
            let expected = pak_tree(&edges, (1 << n) - 1, &mut HashMap::new());
            let p = partizan_arc_kayles::parse(&text).unwrap();
            let v = solver.value(&p);
            assert_eq!(key(v), expected.key(), "{text}: engine {v}");
            // All green: Arc Kayles.
            let green = text.replace(":B", ":G").replace(":R", ":G");
            let grundy = arc.grundy(&parse_graph(&g.text()));
            assert_eq!(
                solver.value(&partizan_arc_kayles::parse(&green).unwrap()),
                Game::nimber(grundy),
                "{green}"
            );
        }
    }
}

/// The grid graph of an `r × c` rectangle with vertical edges blue and horizontal red:
/// Domineering with Left placing vertical dominoes.
fn domineering_as_pak(r: usize, c: usize) -> String {
    let mut items = Vec::new();
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                items.push(format!("p{i}_{j}-p{i}_{}:R", j + 1));
            }
            if i + 1 < r {
                items.push(format!("p{i}_{j}-p{}_{j}:B", i + 1));
            }
        }
    }
    items.join(" ")
}

#[test]
fn partizan_arc_kayles_on_grids_is_domineering() {
    // Wikipedia, "Domineering", basic examples (rows x columns, Left vertical).
    for (r, c, value) in [
        (1, 2, "-1"),
        (1, 3, "-1"),
        (1, 4, "-2"),
        (2, 2, "+-1"),
        (2, 3, "{2|-1/2}"),
    ] {
        let g = partizan_arc_kayles::parse(&domineering_as_pak(r, c)).unwrap();
        assert_eq!(
            partizan_arc_kayles::value(&g),
            crate::util::g(value),
            "{r}x{c}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Cram.
// ---------------------------------------------------------------------------------------------

/// Cram by mex recursion on the bitmask of empty squares of an `r × c` box.
fn cram_brute(r: usize, c: usize, empty: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&empty) {
        return v;
    }
    let mut opts = Vec::new();
    for i in 0..r {
        for j in 0..c {
            let k = i * c + j;
            if empty >> k & 1 == 0 {
                continue;
            }
            if j + 1 < c && empty >> (k + 1) & 1 == 1 {
                opts.push(empty & !(1 << k) & !(1 << (k + 1)));
            }
            if i + 1 < r && empty >> (k + c) & 1 == 1 {
                opts.push(empty & !(1 << k) & !(1 << (k + c)));
            }
        }
    }
    let v = mex(opts.into_iter().map(|e| cram_brute(r, c, e, memo)));
    memo.insert(empty, v);
    v
}

fn board_text(r: usize, c: usize, empty: u32) -> String {
    (0..r)
        .map(|i| {
            (0..c)
                .map(|j| {
                    if empty >> (i * c + j) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn cram_matches_mex_recursion_on_every_small_board() {
    let mut fast = GrundySolver::new(Cram::new());
    let mut search = GrundySolver::new(Cram::rules_only());
    for (r, c) in [(3, 4), (2, 6), (4, 3), (1, 12), (2, 5)] {
        let mut memo = HashMap::new();
        for empty in 0..1u32 << (r * c) {
            let expected = cram_brute(r, c, empty, &mut memo);
            let board = Board::parse(&board_text(r, c, empty)).unwrap();
            assert_eq!(
                board.grundy(&mut fast),
                expected,
                "{}",
                board_text(r, c, empty)
            );
            if empty % 7 == 0 {
                assert_eq!(board.grundy(&mut search), expected);
            }
        }
    }
}

#[test]
fn cram_published_values() {
    let mut solver = GrundySolver::new(Cram::new());
    // 1 × n: Dawson's Kayles, A002187(n − 1).
    for n in 1..=100 {
        assert_eq!(
            Board::rectangle(1, n).grundy(&mut solver),
            A002187[n - 1],
            "1x{n}"
        );
    }
    // Wikipedia, "Nimber", section "Cram": a 2 × n board has nimber 0 for even n, 1 for odd n.
    for n in 1..=11 {
        assert_eq!(
            Board::rectangle(2, n).grundy(&mut solver),
            (n % 2) as u64,
            "2x{n}"
        );
        assert_eq!(
            Board::rectangle(n, 2).grundy(&mut solver),
            (n % 2) as u64,
            "{n}x2"
        );
    }
    // P. Beling's table of Cram nimbers (README of github.com/beling/impartial-games; the
    // smaller boards first by Schneider 2009 and by Lemoine and Viennot's Glop).
    for (r, c, g) in [
        (4, 4, 0),
        (4, 5, 2),
        (4, 6, 0),
        (5, 5, 0),
        (4, 7, 3),
        (5, 6, 2),
    ] {
        assert_eq!(Board::rectangle(r, c).grundy(&mut solver), g, "{r}x{c}");
    }
    // A board whose region's box exceeds 128 squares goes through Arc Kayles: a 1 × 300 strip
    // with a domino-sized hole pattern, A002187 by the period.
    let strip = format!("{}#{}", ".".repeat(150), ".".repeat(149));
    let a = |n: usize| A002187[if n < 105 { n } else { 52 + (n - 52) % 34 }];
    assert_eq!(cram::grundy(&strip).unwrap(), a(149) ^ a(148));
}

#[test]
fn cram_is_arc_kayles_on_the_grid_graph() {
    let mut rng = Rng(99);
    let mut arc = GrundySolver::new(ArcKayles::new());
    for _ in 0..40 {
        let (r, c) = (3, 5);
        let empty = (rng.next() as u32) | (rng.next() as u32);
        let empty = empty & ((1 << (r * c)) - 1);
        let text = board_text(r, c, empty);
        let mut items = Vec::new();
        for i in 0..r {
            for j in 0..c {
                let k = i * c + j;
                if empty >> k & 1 == 0 {
                    continue;
                }
                items.push(format!("s{k}"));
                if j + 1 < c && empty >> (k + 1) & 1 == 1 {
                    items.push(format!("s{k}-s{}", k + 1));
                }
                if i + 1 < r && empty >> (k + c) & 1 == 1 {
                    items.push(format!("s{k}-s{}", k + c));
                }
            }
        }
        assert_eq!(
            cram::grundy(&text).unwrap(),
            arc.grundy(&parse_graph(&items.join(" "))),
            "{text}"
        );
    }
}

#[test]
fn cram_table_snapshot() {
    let args = TableParams::new().with("rows", 5).with("cols", 6);
    let t = partizan::rulesets::table_with("cram", &args).unwrap();
    // The cells with an independent source (see cram_published_values).
    for c in 1..=6 {
        assert_eq!(t.cells[0][c - 1], A002187[c - 1].to_string(), "1x{c}");
        assert_eq!(t.cells[1][c - 1], (c % 2).to_string(), "2x{c}");
    }
    assert_eq!(t.cells[3][4], "2"); // 4 x 5
    assert_eq!(t.cells[4][4], "0"); // 5 x 5
    assert_eq!(t.cells[4][5], "2"); // 5 x 6
    for r in 1..=5 {
        for c in 1..=6 {
            if r % 2 == 0 && c % 2 == 0 {
                assert_eq!(t.cells[r - 1][c - 1], "0", "even x even {r}x{c}");
            }
        }
    }
    snapshot("cram_table_5x6", &t.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// NoGo: the rules on the board itself.
// ---------------------------------------------------------------------------------------------

struct NoGoBoard {
    r: usize,
    c: usize,
}

impl NoGoBoard {
    fn neighbours(&self, k: usize) -> Vec<usize> {
        let (i, j) = (k / self.c, k % self.c);
        let mut v = Vec::new();
        if i > 0 {
            v.push(k - self.c);
        }
        if i + 1 < self.r {
            v.push(k + self.c);
        }
        if j > 0 {
            v.push(k - 1);
        }
        if j + 1 < self.c {
            v.push(k + 1);
        }
        v
    }

    /// Whether every block of stones (1 or 2) on `b` (3 = off the board) has a liberty.
    fn all_blocks_breathe(&self, b: &[u8]) -> bool {
        let mut seen = vec![false; b.len()];
        for s in 0..b.len() {
            if b[s] == 0 || b[s] == 3 || seen[s] {
                continue;
            }
            seen[s] = true;
            let mut stack = vec![s];
            let mut free = false;
            while let Some(k) = stack.pop() {
                for w in self.neighbours(k) {
                    if b[w] == 0 {
                        free = true;
                    } else if b[w] == b[s] && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            if !free {
                return false;
            }
        }
        true
    }

    fn tree(&self, b: &mut Vec<u8>, memo: &mut HashMap<Vec<u8>, Tree>) -> Tree {
        if let Some(t) = memo.get(b) {
            return t.clone();
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, stone) in [(0usize, 1u8), (1, 2)] {
            for k in 0..b.len() {
                if b[k] != 0 {
                    continue;
                }
                b[k] = stone;
                if self.all_blocks_breathe(b) {
                    sides[side].push(self.tree(b, memo));
                }
                b[k] = 0;
            }
        }
        let [l, r] = sides;
        let t = ref_canonical(&Tree::new(l, r));
        memo.insert(b.clone(), t.clone());
        t
    }
}

fn nogo_text(r: usize, c: usize, b: &[u8]) -> String {
    (0..r)
        .map(|i| {
            (0..c)
                .map(|j| ['.', 'x', 'o', '#'][b[i * c + j] as usize])
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn nogo_matches_the_rules_on_small_boards() {
    let mut solver = Solver::new(NoGo);
    let mut rng = Rng(2011);
    let mut boards: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    for n in 1..=7 {
        boards.push((1, n, vec![0; n]));
    }
    for (r, c) in [(2, 2), (2, 3), (2, 4), (3, 3)] {
        boards.push((r, c, vec![0; r * c]));
    }
    for _ in 0..120 {
        let (r, c) = [(2, 4), (3, 3), (2, 5), (3, 4), (1, 9)][rng.below(5) as usize];
        let b: Vec<u8> = (0..r * c)
            .map(|_| match rng.below(10) {
                0 | 1 => 1,
                2 | 3 => 2,
                4 => 3,
                _ => 0,
            })
            .collect();
        boards.push((r, c, b));
    }
    let mut checked = 0;
    for (r, c, mut b) in boards {
        let board = NoGoBoard { r, c };
        let text = nogo_text(r, c, &b);
        if !board.all_blocks_breathe(&b) {
            assert!(
                nogo::parse_grid(&text).is_err(),
                "{text} should be rejected"
            );
            continue;
        }
        let expected = board.tree(&mut b, &mut HashMap::new());
        let v = solver.value(&nogo::parse_grid(&text).unwrap());
        assert_eq!(key(v), expected.key(), "NoGo {text}: engine {v}");
        checked += 1;
    }
    assert!(checked > 60, "only {checked} legal boards");
}

#[test]
fn nogo_hand_values_and_published_outcomes() {
    let v = |t: &str| nogo::value(&nogo::parse_grid(t).unwrap());
    // By hand: on "..", either stone leaves the other point illegal for both (capture or
    // suicide), so {0 | 0}.
    assert_eq!(v(".."), Game::star());
    // "...": Black in the middle leaves 1 (only Black can fill an end); at an end, * .
    assert_eq!(v("..."), crate::util::g("{1,*|-1,*}"));
    // Müller, "Solving NoGo on small board sizes": 3 × 3 is a first-player win, 4 × 4 a
    // second-player win.
    assert_eq!(v("...|...|...").outcome(), Outcome::N);
    // Sensei's Library, "Anti Atari Go": Black (first) wins on 2 × 2; by colour symmetry the
    // value is its own negative, so N.
    assert_eq!(v("..|..").outcome(), Outcome::N);
    // Colour swap negates.
    assert_eq!(v("x..|..o|..."), -v("o..|..x|..."));
}

#[test]
#[ignore = "about a minute in release; run with --ignored"]
fn nogo_four_by_four_is_a_second_player_win() {
    let g = nogo::value(&nogo::parse_grid("....|....|....|....").unwrap());
    assert_eq!(g, Game::zero());
}

// ---------------------------------------------------------------------------------------------
// Bad input: one-line errors naming the problem and where it is.
// ---------------------------------------------------------------------------------------------

/// The call `family(positional..., named...)` of a registered family.
fn family_call(
    family: &str,
    positional: &[Arg],
    named: &[(String, Arg)],
) -> Result<Game, partizan::Error> {
    partizan::rulesets::call(family, positional, named).expect("a registered family")
}

/// The error of the registered family `family` called on the string `text`.
fn call_err(family: &str, text: &str) -> String {
    family_call(family, &[Arg::Str(text.to_string())], &[])
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: Vec<(&str, String, &str)> = vec![
        ("snort ragged", call_err("snort", "..|."), "ragged"),
        ("snort symbol", call_err("snort", "..|.z"), "'z'"),
        ("snort rule", call_err("snort", "xo"), "next to"),
        ("col rule", call_err("col", "xx"), "next to"),
        ("cram symbol", call_err("cram", "..|.x"), "row 2"),
        ("cram ragged", call_err("cram", "...|.."), "ragged"),
        ("nogo dead block", call_err("nogo", "xo"), "no liberty"),
        ("nogo symbol", call_err("nogo", "x.?"), "'?'"),
        ("loop", call_err("node_kayles", "a-b b-b"), "loop"),
        (
            "twice",
            call_err("arc_kayles", "a-b c-d b-a"),
            "already given",
        ),
        (
            "empty name",
            call_err("arc_kayles", "a-b -c"),
            "character 5",
        ),
        (
            "bad name",
            call_err("node_kayles", "a-b c-d!"),
            "not a vertex name",
        ),
        ("negative", call_err("node_kayles", "path:-3"), "negative"),
        (
            "shorthand",
            call_err("node_kayles", "wheel:5"),
            "unknown graph shorthand",
        ),
        (
            "pak colour",
            call_err("partizan_arc_kayles", "a-b:B b-c:Q"),
            "unknown edge colour",
        ),
        (
            "pak uncoloured",
            call_err("partizan_arc_kayles", "a-b:B b-c"),
            "no colour",
        ),
        (
            "colour on kayles",
            call_err("arc_kayles", "a-b:R"),
            "no colours",
        ),
    ];
    for (what, err, needle) in cases {
        assert!(
            err.contains(needle),
            "{what}: {err:?} should mention {needle:?}"
        );
        assert!(!err.contains('\n'), "{what}: {err:?} is not one line");
    }
    // Missing vertices in the named arguments: the error of a graph family called on the path
    // a-b with one named argument.
    let err = |family: &str, name: &str, value: &str| {
        family_call(
            family,
            &[Arg::Str("a-b".into())],
            &[(name.to_string(), Arg::Str(value.to_string()))],
        )
        .unwrap_err()
        .to_string()
    };
    let e = err("snort_graph", "blue", "a z");
    assert!(e.contains("\"z\"") && e.contains("not a vertex"), "{e}");
    let e = err("col_graph", "tinted", "a:Q");
    assert!(e.contains("unknown tint"), "{e}");
    let e = err("snort_graph", "green", "a");
    assert!(e.contains("unknown named argument"), "{e}");
    let e = err("nogo_graph", "black", "a b");
    assert!(e.contains("no liberty"), "{e}");
    // A table too large, a zero size.
    let big = TableParams::new().with("rows", 9).with("cols", 9);
    assert!(partizan::rulesets::table_with("cram", &big)
        .unwrap_err()
        .to_string()
        .contains("too large"));
    assert!(partizan::rulesets::table_with("snort", &big)
        .unwrap_err()
        .to_string()
        .contains("too large"));
    let zero = TableParams::new().with("rows", 0);
    assert!(partizan::rulesets::table_with("col", &zero).is_err());
}

#[test]
fn calls_through_the_expression_syntax() {
    let s = |t: &str| Arg::Str(t.to_string());
    assert_eq!(
        family_call("snort_graph", &[s("a-b")], &[])
            .unwrap()
            .to_string(),
        "+-1"
    );
    assert_eq!(
        family_call("col_graph", &[s("a")], &[("tinted".into(), s("a:R"))]).unwrap(),
        Game::integer(1)
    );
    assert_eq!(
        family_call("snort_graph", &[s("a-b-c")], &[("blue".into(), s("a"))]).unwrap(),
        crate::util::g("{1|0}")
    );
    assert_eq!(
        family_call("node_kayles", &[s("star:3")], &[]).unwrap(),
        Game::star()
    );
    assert_eq!(
        family_call("arc_kayles", &[s("path:4")], &[]).unwrap(),
        Game::nimber(2)
    );
    assert_eq!(
        family_call("partizan_arc_kayles", &[s("a-b:B b-c:R")], &[]).unwrap(),
        crate::util::g("{0|0}")
    );
    assert_eq!(
        family_call("cram", &[s("..|..")], &[]).unwrap(),
        Game::zero()
    );
    assert_eq!(
        family_call("nogo_graph", &[s("a-b")], &[]).unwrap(),
        Game::star()
    );
    let t = partizan::rulesets::table_with(
        "snort",
        &TableParams::new().with("rows", 2).with("cols", 3),
    )
    .unwrap();
    assert_eq!(t.cells[0][0], "*");
    assert_eq!(t.cells[0][1], "+-1");
    assert_eq!(t.cells[0][2], "+-2");
    assert_eq!(t.cells[1][1], "0"); // 2 x 2: the mirror strategy
}

// ---------------------------------------------------------------------------------------------
// The graph families' tables: every cell recomputed here from the rules alone, on the shapes
// built here (not by the engine's shorthand parser), with games assembled by `Game::new` from
// the options the test enumerates.
// ---------------------------------------------------------------------------------------------

/// The graph `kind:n` of the tables, built from its definition: a path or cycle on `n`
/// vertices, the complete graph `K_n`, the star `K_{1,n}` (centre 0).
fn shape_graph(kind: &str, n: usize) -> Small {
    let (vertices, edges): (usize, Vec<(usize, usize)>) = match kind {
        "path" => (n, (1..n).map(|i| (i - 1, i)).collect()),
        "cycle" => (n, (0..n).map(|i| (i, (i + 1) % n)).collect()),
        "complete" => (
            n,
            (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect(),
        ),
        "star" => (n + 1, (1..=n).map(|i| (0, i)).collect()),
        _ => unreachable!(),
    };
    let mut adj = vec![0u32; vertices];
    for (a, b) in edges {
        adj[a] |= 1 << b;
        adj[b] |= 1 << a;
    }
    Small { n: vertices, adj }
}

/// Checks that the table's rows are path, cycle, complete, star (or `shapes`), its columns
/// 1..=n, and every cell equals `expected(shape, n)` (`-` for cycles of fewer than 3 vertices).
fn check_shape_table(
    t: &partizan::solve::Table,
    shapes: &[&str],
    n: usize,
    mut expected: impl FnMut(&str, usize) -> String,
) {
    assert_eq!(t.rows, shapes);
    assert_eq!(t.columns.len(), n);
    for (r, shape) in shapes.iter().enumerate() {
        for k in 1..=n {
            let want = if *shape == "cycle" && k < 3 {
                "-".to_string()
            } else {
                expected(shape, k)
            };
            assert_eq!(t.cells[r][k - 1], want, "{shape}:{k}");
        }
    }
}

const SHAPES: [&str; 4] = ["path", "cycle", "complete", "star"];

#[test]
fn kayles_graph_tables() {
    let node = partizan::rulesets::table_with("node_kayles", &TableParams::new()).unwrap();
    check_shape_table(&node, &SHAPES, 12, |shape, k| {
        let g = shape_graph(shape, k);
        node_kayles_brute(&g, (1 << g.n) - 1, &mut HashMap::new()).to_string()
    });
    let arc = partizan::rulesets::table_with("arc_kayles", &TableParams::new()).unwrap();
    check_shape_table(&arc, &SHAPES, 12, |shape, k| {
        let g = shape_graph(shape, k);
        arc_kayles_brute(&g, (1 << g.n) - 1, &mut HashMap::new()).to_string()
    });
    // Published: on paths, Dawson's chess for Node Kayles, Dawson's Kayles for Arc Kayles
    // (OEIS A002187); a complete graph or a star is a single move away from the end in Node
    // Kayles (K_n: *1) but a star's centre leaves a set of isolated leaves (K_{1,n}: *1 or *2).
    for k in 1..=12 {
        assert_eq!(node.cells[0][k - 1], A002187[k].to_string());
        assert_eq!(arc.cells[0][k - 1], A002187[k - 1].to_string());
        assert_eq!(node.cells[2][k - 1], "1");
        assert_eq!(node.cells[3][k - 1], if k % 2 == 1 { "1" } else { "2" });
    }
    snapshot("node_kayles_table_12", &node.to_tsv());
    snapshot("arc_kayles_table_12", &arc.to_tsv());
    let long = TableParams::new().with("n", 40);
    let t = partizan::rulesets::table_with("node_kayles", &long).unwrap();
    for k in 1..=40 {
        assert_eq!(t.cells[0][k - 1], A002187[k].to_string(), "P{k}");
    }
    for bad in [0, 41] {
        let err = partizan::rulesets::table_with("node_kayles", &TableParams::new().with("n", bad))
            .unwrap_err();
        assert!(
            err.to_string().contains("n must be between 1 and 40"),
            "{err}"
        );
    }
}

/// Snort or Col on `g` from the rules (as in [`colouring_tree`]), assembled with `Game::new`.
fn colouring_game(
    snort: bool,
    g: &Small,
    colour: &mut Vec<u8>,
    memo: &mut HashMap<Vec<u8>, Game>,
) -> Game {
    if let Some(&v) = memo.get(colour) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, mine) in [(0usize, 1u8), (1, 2)] {
        let forbidden = if snort { 3 - mine } else { mine };
        for v in 0..g.n {
            if colour[v] != 0 || (0..g.n).any(|w| g.adj[v] >> w & 1 == 1 && colour[w] == forbidden)
            {
                continue;
            }
            colour[v] = mine;
            sides[side].push(colouring_game(snort, g, colour, memo));
            colour[v] = 0;
        }
    }
    let [l, r] = sides;
    let v = Game::new(l, r);
    memo.insert(colour.clone(), v);
    v
}

#[test]
fn colouring_graph_tables() {
    for (snort, name) in [(true, "snort_graph"), (false, "col_graph")] {
        let t = if snort {
            snort::graph_table(&TableParams::new())
        } else {
            col::graph_table(&TableParams::new())
        }
        .unwrap();
        check_shape_table(&t, &SHAPES, 8, |shape, k| {
            let g = shape_graph(shape, k);
            colouring_game(snort, &g, &mut vec![0; g.n], &mut HashMap::new()).to_string()
        });
        snapshot(&format!("{name}_table_8"), &t.to_tsv());
    }
    // By hand: in Snort, Left colouring the centre of K_{1,n} (or any vertex of K_{n+1}) owns
    // the other n vertices and Right can never move again, so both are ±n; Col on K_n, n >= 2,
    // allows one vertex of each colour, a second-player win.
    let snort_t = snort::graph_table(&TableParams::new()).unwrap();
    let col_t = col::graph_table(&TableParams::new()).unwrap();
    for k in 2..=8 {
        assert_eq!(snort_t.cells[3][k - 1], format!("+-{k}"));
        assert_eq!(snort_t.cells[2][k - 1], format!("+-{}", k - 1));
        assert_eq!(col_t.cells[2][k - 1], "0");
    }
}

/// NoGo on the graph `g` from the rules, with stones 1 (black) and 2 (white) on its vertices:
/// a placement is legal when afterwards every block (a connected set of stones of one colour)
/// has an empty neighbour. Assembled with `Game::new`.
fn nogo_game(g: &Small, b: &mut Vec<u8>, memo: &mut HashMap<Vec<u8>, Game>) -> Game {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let breathes = |b: &[u8]| {
        (0..g.n).filter(|&s| b[s] != 0).all(|s| {
            // The block of s, by a search over same-coloured neighbours.
            let mut block = 1u32 << s;
            let mut stack = vec![s];
            while let Some(k) = stack.pop() {
                for w in 0..g.n {
                    if g.adj[k] >> w & 1 == 1 && b[w] == b[s] && block >> w & 1 == 0 {
                        block |= 1 << w;
                        stack.push(w);
                    }
                }
            }
            (0..g.n).any(|k| {
                block >> k & 1 == 1 && (0..g.n).any(|w| g.adj[k] >> w & 1 == 1 && b[w] == 0)
            })
        })
    };
    let mut sides = [Vec::new(), Vec::new()];
    for (side, stone) in [(0usize, 1u8), (1, 2)] {
        for k in 0..g.n {
            if b[k] != 0 {
                continue;
            }
            b[k] = stone;
            if breathes(b) {
                sides[side].push(nogo_game(g, b, memo));
            }
            b[k] = 0;
        }
    }
    let [l, r] = sides;
    let v = Game::new(l, r);
    memo.insert(b.clone(), v);
    v
}

/// The `r × c` grid graph, built here.
fn grid_small(r: usize, c: usize) -> Small {
    let mut adj = vec![0u32; r * c];
    for i in 0..r {
        for j in 0..c {
            let k = i * c + j;
            if j + 1 < c {
                adj[k] |= 1 << (k + 1);
                adj[k + 1] |= 1 << k;
            }
            if i + 1 < r {
                adj[k] |= 1 << (k + c);
                adj[k + c] |= 1 << k;
            }
        }
    }
    Small { n: r * c, adj }
}

#[test]
fn nogo_tables() {
    let t = nogo::graph_table(&TableParams::new()).unwrap();
    check_shape_table(&t, &SHAPES, 8, |shape, k| {
        let g = shape_graph(shape, k);
        nogo_game(&g, &mut vec![0; g.n], &mut HashMap::new()).to_string()
    });
    snapshot("nogo_graph_table_8", &t.to_tsv());
    let t = partizan::rulesets::table_with("nogo", &TableParams::new()).unwrap();
    assert_eq!((t.rows.len(), t.columns.len()), (3, 4));
    for r in 1..=3 {
        for c in 1..=4 {
            // The 3 × 4 board has too many positions for this naive search in a quick test.
            if r * c <= 9 {
                let g = grid_small(r, c);
                let v = nogo_game(&g, &mut vec![0; g.n], &mut HashMap::new());
                assert_eq!(t.cells[r - 1][c - 1], v.to_string(), "{r}x{c}");
            }
        }
    }
    // Müller, "Solving NoGo on small board sizes": 3 × 3 is a first-player win; Sensei's
    // Library: so is 2 × 2.
    assert_eq!(crate::util::g(&t.cells[2][2]).outcome(), Outcome::N);
    assert_eq!(crate::util::g(&t.cells[1][1]).outcome(), Outcome::N);
    snapshot("nogo_table_3x4", &t.to_tsv());
}

/// Partizan Arc Kayles from the rules, assembled with `Game::new`: `edges` with colours.
fn pak_game(edges: &[(usize, usize, u8)], alive: u32, memo: &mut HashMap<u32, Game>) -> Game {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut l = Vec::new();
    let mut r = Vec::new();
    for &(a, b, c) in edges {
        if alive >> a & 1 == 1 && alive >> b & 1 == 1 {
            let next = pak_game(edges, alive & !(1 << a) & !(1 << b), memo);
            if c != b'R' {
                l.push(next);
            }
            if c != b'B' {
                r.push(next);
            }
        }
    }
    let v = Game::new(l, r);
    memo.insert(alive, v);
    v
}

#[test]
fn partizan_arc_kayles_table() {
    let t = partizan::rulesets::table_with("partizan_arc_kayles", &TableParams::new()).unwrap();
    check_shape_table(&t, &["path", "cycle", "star"], 8, |shape, k| {
        // Edges alternately blue and red, the first blue, in the order along the shape.
        let (vertices, edges): (usize, Vec<(usize, usize)>) = match shape {
            "path" => (k, (1..k).map(|i| (i - 1, i)).collect()),
            "cycle" => (k, (0..k).map(|i| (i, (i + 1) % k)).collect()),
            _ => (k + 1, (1..=k).map(|i| (0, i)).collect()),
        };
        let coloured: Vec<(usize, usize, u8)> = edges
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| (a, b, if i % 2 == 0 { b'B' } else { b'R' }))
            .collect();
        pak_game(&coloured, (1 << vertices) - 1, &mut HashMap::new()).to_string()
    });
    // By hand: one blue edge is 1; a star with edges of both colours is {0 | 0} = * (either
    // player's move takes the centre and ends the game).
    assert_eq!(t.cells[0][1], "1");
    assert_eq!(t.cells[2][0], "1");
    for k in 2..=8 {
        assert_eq!(t.cells[2][k - 1], "*");
    }
    snapshot("partizan_arc_kayles_table_8", &t.to_tsv());
}

#[test]
fn colouring_grid_tables() {
    for (snort, name) in [(true, "snort"), (false, "col")] {
        let t = if snort {
            partizan::rulesets::table_with("snort", &TableParams::new())
        } else {
            partizan::rulesets::table_with("col", &TableParams::new())
        }
        .unwrap();
        assert_eq!((t.rows.len(), t.columns.len()), (3, 4));
        for r in 1..=3 {
            for c in 1..=4 {
                let g = grid_small(r, c);
                let v = colouring_game(snort, &g, &mut vec![0; g.n], &mut HashMap::new());
                assert_eq!(t.cells[r - 1][c - 1], v.to_string(), "{name} {r}x{c}");
                // Col on a grid with an even side is 0 (the half-turn strategy of Winning Ways,
                // ch. 2, spelled out in src/rulesets/graphs/col.rs).
                if !snort && (r % 2 == 0 || c % 2 == 0) {
                    assert_eq!(v, Game::zero(), "col {r}x{c}");
                }
            }
        }
        snapshot(&format!("{name}_table_3x4"), &t.to_tsv());
    }
}

/// Node Kayles on a long path is answered from the closed form at once. Expected values by brute
/// force from the rules: choosing vertex `i` of a path of `n` removes it and its neighbours,
/// leaving paths of `max(i − 1, 0)` and `max(n − i − 2, 0)` vertices; the values up to 300 are
/// mexes of those splits, and beyond them the sequence repeats with period 34 (Dawson's Kayles,
/// *Winning Ways* ch. 4; OEIS A002187), which the brute force confirms over 300 values.
#[test]
fn node_kayles_on_long_paths() {
    const N: usize = 300;
    let mut g = vec![0u64; N + 1];
    for n in 1..=N {
        let mut seen = [false; 64];
        for i in 0..n {
            let (a, b) = (i.saturating_sub(1), (n - i).saturating_sub(2));
            seen[(g[a] ^ g[b]) as usize] = true;
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    // The period, checked on the brute-force values from n = 60 (past the preperiod).
    assert!((60..=N - 34).all(|n| g[n] == g[n + 34]));
    for n in [5usize, 51, 100_000, 1_000_001] {
        let expected = if n <= N { g[n] } else { g[60 + (n - 60) % 34] };
        let value = partizan::eval(&format!("node_kayles(\"path:{n}\")")).unwrap();
        assert_eq!(value, Game::nimber(expected), "path of {n}");
    }
}

/// CGSuite's graph strings (`l`, `r`, `e` edges along a path, branches in parentheses) are read
/// as CGSuite reads them: GameGraphTest's two Partizan Arc Kayles cases (CGSuite's answers as
/// they are), and every path of up to 7 edges against the brute force on the same edge list.
#[test]
fn partizan_arc_kayles_reads_cgsuite_graph_strings() {
    let mut solver = Solver::new(PartizanArcKayles);
    let value = |s: &mut Solver<PartizanArcKayles>, text: &str| {
        s.value(&partizan_arc_kayles::parse(text).unwrap())
            .to_string()
    };
    assert_eq!(value(&mut solver, "llr"), "1/2");
    assert_eq!(
        value(&mut solver, "lrlr(ll;ree(rl;l))"),
        "{3*|2*||3/2,3/2*|1/2*}"
    );
    for len in 1..=7u32 {
        for code in 0..3u32.pow(len) {
            let letters: Vec<u8> = (0..len)
                .map(|i| [b'l', b'r', b'e'][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            let edges: Vec<(usize, usize, u8)> = letters
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    (
                        i,
                        i + 1,
                        match c {
                            b'l' => b'B',
                            b'r' => b'R',
                            _ => b'G',
                        },
                    )
                })
                .collect();
            let expected = pak_tree(&edges, (1 << (len + 1)) - 1, &mut HashMap::new());
            let text = String::from_utf8(letters).unwrap();
            let v = solver.value(&partizan_arc_kayles::parse(&text).unwrap());
            assert_eq!(key(v), expected.key(), "{text}: engine {v}");
        }
    }
}
