//! Hackenbush against independent sources: the sign-expansion rule (coded here), brute-force
//! Grundy values of Green pictures (coded here), and hand derivations.

use crate::util::g;
use crate::util::random::Rng;
use partizan::rulesets::hackenbush::{
    green_bundle, green_value, sign_expansion, tree_value, Colour, Edge, Hackenbush, Picture,
};
use partizan::solve::Solver;
use partizan::Game;
use std::collections::HashMap;

fn colour_of(bit: u32) -> Colour {
    if bit == 0 {
        Colour::Blue
    } else {
        Colour::Red
    }
}

/// Berlekamp's rule, written out: the bottom run of one colour counts ±1 an edge; after the
/// first change of colour the j-th edge counts ±1/2^j. Returns (numerator, exponent).
fn berlekamp(stalk: &[Colour]) -> (i64, u64) {
    let sign = |c: &Colour| if *c == Colour::Blue { 1 } else { -1 };
    let mut numerator = 0i64;
    let mut exponent = 0u64;
    let mut changed = false;
    for (i, c) in stalk.iter().enumerate() {
        if !changed && i > 0 && *c != stalk[0] {
            changed = true;
        }
        if changed {
            numerator *= 2;
            exponent += 1;
            numerator += sign(c);
        } else {
            numerator += sign(c);
        }
    }
    (numerator, exponent)
}

#[test]
fn blue_red_stalks_up_to_length_8_follow_the_sign_expansion_rule() {
    let mut rules_only = Solver::new(Hackenbush::rules_only());
    let mut with_shortcuts = Solver::new(Hackenbush::new());
    let mut count = 0;
    for len in 0..=8u32 {
        for bits in 0..1u32 << len {
            let stalk: Vec<Colour> = (0..len).map(|i| colour_of(bits >> i & 1)).collect();
            let (n, e) = berlekamp(&stalk);
            let expected = Game::dyadic(n, e);
            let picture = Picture::stalks(&[&stalk]);
            assert_eq!(rules_only.value(&picture), expected, "{stalk:?}");
            assert_eq!(with_shortcuts.value(&picture), expected, "{stalk:?}");
            assert_eq!(sign_expansion(&stalk), Some(expected));
            count += 1;
        }
    }
    assert_eq!(count, 511);
}

#[test]
fn hand_derived_pictures() {
    let v = |s: &str| partizan::eval(&format!("hackenbush(\"{s}\")")).unwrap();
    let g = |s: &str| s.parse::<Game>().unwrap();
    // BRR: Left takes the B (0); Right takes either R, leaving B = 1 or BR = 1/2; so
    // {0 | 1/2} = 1/4.
    assert_eq!(v("BRR"), g("1/4"));
    // BG: Left takes B (0) or G (B = 1); Right takes G (1): {0, 1 | 1} = {1 | 1} = 1*.
    assert_eq!(v("BG"), g("1*"));
    // GB: Left takes G (0) or B (G = *); Right takes G (0): {0, * | 0} = ↑*.
    assert_eq!(v("GB"), g("^*"));
    // A Blue edge carrying a Red loop: Left takes the edge (0), Right the loop (1): {0|1} = 1/2.
    assert_eq!(v("ground=g; g-x:B x-x:R"), g("1/2"));
    // Two stalks: BR + GG = 1/2 + *2.
    assert_eq!(v("BR GG"), g("1/2*2"));
    // A Green triangle through the ground fuses into three loops: *1; a square: 0.
    assert_eq!(v("0-a:G a-b:G b-0:G"), g("*"));
    assert_eq!(v("0-a:G a-b:G b-c:G c-0:G"), g("0"));
    // All-blue and all-red pictures count their edges.
    assert_eq!(v("0-a:B a-b:B a-c:B c-0:B"), g("4"));
    assert_eq!(v("RRR R"), g("-4"));
}

/// Brute-force Grundy value of a Green picture: states are sets of edges (bit masks), a move
/// removes one edge and everything no longer connected to vertex 0.
fn brute_grundy(edges: &[(u32, u32)]) -> u64 {
    fn grounded(edges: &[(u32, u32)], mask: u32) -> u32 {
        let mut reached: u64 = 1;
        loop {
            let mut grew = false;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    let (ra, rb) = (reached >> a & 1 == 1, reached >> b & 1 == 1);
                    if ra != rb {
                        reached |= 1 << a | 1 << b;
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        (0..edges.len() as u32)
            .filter(|&i| mask >> i & 1 == 1 && reached >> edges[i as usize].0 & 1 == 1)
            .fold(0, |m, i| m | 1 << i)
    }
    fn grundy(edges: &[(u32, u32)], mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&mask) {
            return g;
        }
        let mut seen = Vec::new();
        for i in 0..edges.len() {
            if mask >> i & 1 == 1 {
                let next = grounded(edges, mask & !(1 << i));
                seen.push(grundy(edges, next, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert(mask, g);
        g
    }
    let all = grounded(edges, (1u32 << edges.len()) - 1);
    assert_eq!(
        all.count_ones() as usize,
        edges.len(),
        "picture not grounded"
    );
    grundy(edges, all, &mut HashMap::new())
}

fn green_picture(edges: &[(u32, u32)]) -> Picture {
    Picture::new(
        edges
            .iter()
            .map(|&(a, b)| Edge {
                a,
                b,
                colour: Colour::Green,
            })
            .collect(),
    )
    .unwrap()
}

#[test]
fn green_trees_by_the_colon_principle_match_brute_force() {
    // Every tree on up to 7 edges given by a parent array (vertex i > 0 hangs from a vertex
    // below i), plus random ones with up to 12 edges.
    let mut solver = Solver::new(Hackenbush::rules_only());
    let mut trees: Vec<Vec<(u32, u32)>> = Vec::new();
    for n in 1..=6u32 {
        let mut parents = vec![0u32; n as usize];
        loop {
            trees.push((1..=n).map(|v| (parents[v as usize - 1], v)).collect());
            // The next parent array in mixed radix (parent of vertex v is in 0..v).
            let mut i = 0;
            while i < n as usize {
                parents[i] += 1;
                if parents[i] <= i as u32 {
                    break;
                }
                parents[i] = 0;
                i += 1;
            }
            if i == n as usize {
                break;
            }
        }
    }
    let mut rng = Rng(7);
    for _ in 0..200 {
        let n = 7 + rng.below(6) as u32;
        trees.push((1..=n).map(|v| (rng.below(v as u64) as u32, v)).collect());
    }
    for (k, tree) in trees.iter().enumerate() {
        let expected = brute_grundy(tree);
        let picture = green_picture(tree);
        assert_eq!(green_value(&picture), expected, "tree {tree:?}");
        if k < 400 {
            assert_eq!(solver.value(&picture), Game::nimber(expected), "{tree:?}");
        }
    }
}

#[test]
fn green_graphs_with_cycles_by_the_fusion_principle_match_brute_force() {
    let mut rng = Rng(11);
    let mut solver = Solver::new(Hackenbush::rules_only());
    let mut with_cycles = 0;
    for _ in 0..300 {
        // A random connected multigraph on up to 6 vertices, with loops and parallel edges.
        let vertices = 2 + rng.below(5) as u32;
        let mut edges: Vec<(u32, u32)> = (1..vertices)
            .map(|v| (rng.below(v as u64) as u32, v))
            .collect();
        for _ in 0..rng.below(5) {
            edges.push((
                rng.below(vertices as u64) as u32,
                rng.below(vertices as u64) as u32,
            ));
        }
        if edges.len() > vertices as usize - 1 {
            with_cycles += 1;
        }
        let expected = brute_grundy(&edges);
        let picture = green_picture(&edges);
        assert_eq!(green_value(&picture), expected, "graph {edges:?}");
        assert_eq!(solver.value(&picture), Game::nimber(expected), "{edges:?}");
    }
    assert!(with_cycles > 150);
}

#[test]
fn the_weighted_edge_rule() {
    // A root, a bundle of w parallel edges up to a vertex v, and above v a tree of value g:
    // here a stalk of s edges (value s) and, for some, a second stalk. The rule: the bundle adds
    // 1 when w = 1, nothing when w is even, and XORs 1 when w is odd and > 1.
    for w in 1..=5u64 {
        for s in 0..=4u32 {
            for t in [0u32, 2] {
                let mut edges: Vec<(u32, u32)> = (0..w).map(|_| (0, 1)).collect();
                let mut next = 2;
                for stalk in [s, t] {
                    let mut below = 1;
                    for _ in 0..stalk {
                        edges.push((below, next));
                        below = next;
                        next += 1;
                    }
                }
                let g = (s ^ t) as u64;
                let expected = brute_grundy(&edges);
                assert_eq!(green_bundle(g, w), expected, "w = {w}, stalks {s}, {t}");
                assert_eq!(green_value(&green_picture(&edges)), expected);
            }
        }
    }
    // The rule applied recursively to random weighted trees agrees with brute force.
    let mut rng = Rng(3);
    for _ in 0..100 {
        let n = 1 + rng.below(4) as usize;
        let parent: Vec<usize> = (1..=n).map(|v| rng.below(v as u64) as usize).collect();
        let weight: Vec<u64> = (1..=n).map(|_| 1 + rng.below(3)).collect();
        let mut edges = Vec::new();
        for v in 1..=n {
            for _ in 0..weight[v - 1] {
                edges.push((parent[v - 1] as u32, v as u32));
            }
        }
        if edges.len() > 12 {
            continue;
        }
        let mut value = vec![0u64; n + 1];
        for v in (1..=n).rev() {
            let p = parent[v - 1];
            value[p] ^= green_bundle(value[v], weight[v - 1]);
        }
        assert_eq!(value[0], brute_grundy(&edges), "{edges:?}");
    }
}

#[test]
fn shortcuts_and_components_agree_with_the_rules() {
    // Random Red-Blue-Green pictures: the solver with its shortcuts and decomposition against
    // the solver working from the rules alone.
    let mut rng = Rng(5);
    let mut plain = Solver::new(Hackenbush::rules_only());
    let mut fast = Solver::new(Hackenbush::new());
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    for _ in 0..200 {
        let vertices = 2 + rng.below(5) as u32;
        let mut edges: Vec<Edge> = (1..vertices)
            .map(|v| Edge {
                a: rng.below(v as u64) as u32,
                b: v,
                colour: colours[rng.below(3) as usize],
            })
            .collect();
        for _ in 0..rng.below(3) {
            edges.push(Edge {
                a: rng.below(vertices as u64) as u32,
                b: rng.below(vertices as u64) as u32,
                colour: colours[rng.below(3) as usize],
            });
        }
        let picture = Picture::new(edges).unwrap();
        assert_eq!(fast.value(&picture), plain.value(&picture), "{picture}");
    }
}

/// Trees standing on the ground, valued by the colon principle (`tree_value`), against the
/// solver working from the rules alone: Blue-Red trees (numbers) and trees of all three colours.
#[test]
fn trees_by_the_colon_principle_match_the_rules() {
    // By hand: a Blue edge carrying two Red edges. Left cuts the Blue edge (to 0), Right a Red
    // one (to the stalk BR = 1/2): {0 | 1/2} = 1/4.
    let v = Picture::new(vec![edge(0, 1, 'B'), edge(1, 2, 'R'), edge(1, 3, 'R')]).unwrap();
    assert_eq!(tree_value(&v), Some(g("1/4")));
    let mut rng = Rng(13);
    let mut plain = Solver::new(Hackenbush::rules_only());
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    for round in 0..400 {
        let kinds = if round % 2 == 0 { 2 } else { 3 };
        let vertices = 2 + rng.below(9) as u32;
        let edges: Vec<Edge> = (1..vertices)
            .map(|v| Edge {
                a: rng.below(v as u64) as u32,
                b: v,
                colour: colours[rng.below(kinds) as usize],
            })
            .collect();
        let picture = Picture::new(edges).unwrap();
        assert_eq!(
            tree_value(&picture),
            Some(plain.value(&picture)),
            "{picture}"
        );
    }
    // A cycle is not a tree.
    let cycle = Picture::new(vec![edge(0, 1, 'B'), edge(1, 2, 'R'), edge(2, 0, 'B')]).unwrap();
    assert_eq!(tree_value(&cycle), None);
}

#[test]
fn bad_pictures_are_errors() {
    let e = Picture::parse("0-a:B b-c:R").unwrap_err().to_string();
    assert!(e.contains("b-c:R has no path to the ground"), "{e}");
    assert!(Picture::parse("BXR")
        .unwrap_err()
        .to_string()
        .contains("unknown colour 'X'"));
    assert!(Picture::parse("0-a:Q")
        .unwrap_err()
        .to_string()
        .contains("unknown colour"));
    assert!(Picture::parse("0-a:B a:R")
        .unwrap_err()
        .to_string()
        .contains("cannot read the edge \"a:R\""));
    // Without '-' or '=' a text with ':' is CGSuite's notation, where the '0' cannot stand.
    assert!(Picture::parse("0a:B")
        .unwrap_err()
        .to_string()
        .contains("at character 1: unexpected '0'"));
}

// ---------------------------------------------------------------------------------------------
// CGSuite's string notation
// ---------------------------------------------------------------------------------------------

fn edge(a: u32, b: u32, colour: char) -> Edge {
    Edge {
        a,
        b,
        colour: Colour::from_letter(colour).unwrap(),
    }
}

/// The edges of a picture as a sorted list of `(min, max, colour)`.
fn sorted(edges: &[Edge]) -> Vec<(u32, u32, Colour)> {
    let mut out: Vec<_> = edges
        .iter()
        .map(|e| (e.a.min(e.b), e.a.max(e.b), e.colour))
        .collect();
    out.sort();
    out
}

/// An edge `(a, b, colour letter)`.
type ColouredEdge = (u32, u32, char);

#[test]
fn cgsuite_strings_make_the_pictures_they_describe() {
    // CGSuite numbers the vertices in the order the string makes them, the ground first; the
    // expected edges below use that numbering (ground 0).
    let cases: &[(&str, &[ColouredEdge])] = &[
        ("lrr", &[(0, 1, 'B'), (1, 2, 'R'), (2, 3, 'R')]),
        (
            "l(l;rl)",
            &[(0, 1, 'B'), (1, 2, 'B'), (1, 3, 'R'), (3, 4, 'B')],
        ),
        // A 4-cycle through the ground, and a "bulb": a 4-cycle on a stalk of two.
        (
            ":Geeee:G",
            &[(0, 1, 'G'), (1, 2, 'G'), (2, 3, 'G'), (3, 0, 'G')],
        ),
        (
            "ee:Aeeee:A",
            &[
                (0, 1, 'G'),
                (1, 2, 'G'),
                (2, 3, 'G'),
                (3, 4, 'G'),
                (4, 5, 'G'),
                (5, 2, 'G'),
            ],
        ),
        // Two parallel Green edges carrying a cycle of two Blue and one Red edge.
        (
            "(e:B;e:Bllr:B)",
            &[
                (0, 1, 'G'),
                (0, 1, 'G'),
                (1, 2, 'B'),
                (2, 3, 'B'),
                (3, 1, 'R'),
            ],
        ),
        // Names in braces, a loop, a '.' marking a vertex, spaces, two parts joined at the ground.
        (":{root} l:{top} r:{top}", &[(0, 1, 'B'), (1, 1, 'R')]),
        ("l.r . e", &[(0, 1, 'B'), (1, 2, 'R'), (2, 3, 'G')]),
        (":G lr; :G e", &[(0, 1, 'B'), (1, 2, 'R'), (0, 3, 'G')]),
        // A trailing ';' ends the string, as in CGSuite.
        ("l;", &[(0, 1, 'B')]),
        // Nested groups: branches of branches.
        (
            "e(e(l;r);ee)",
            &[
                (0, 1, 'G'),
                (1, 2, 'G'),
                (2, 3, 'B'),
                (2, 4, 'R'),
                (1, 5, 'G'),
                (5, 6, 'G'),
            ],
        ),
    ];
    for &(text, expected) in cases {
        let picture = Picture::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected: Vec<Edge> = expected.iter().map(|&(a, b, c)| edge(a, b, c)).collect();
        assert_eq!(sorted(picture.edges()), sorted(&expected), "{text}");
    }
}

#[test]
fn cgsuite_strings_and_edge_lists_give_the_same_values() {
    // The same pictures in CGSuite's notation and in the edge-list (or stalk) form.
    let pairs = [
        ("lrlrrllr", "BRBRRBBR"),
        ("l(l;rl)", "0-a:B a-b:B a-c:R c-d:B"),
        ("lrlerrr", "BRBGRRR"),
        (":Geeee:G", "0-a:G a-b:G b-c:G c-0:G"),
        ("ee:Aeeee:A", "0-a:G a-b:G b-c:G c-d:G d-e:G e-b:G"),
        ("(e:B;e:Bllr:B)", "0-t:G 0-t:G t-x:B x-y:B y-t:R"),
        ("l(r:X;e:X)", "0-a:B a-b:R a-b:G"),
        (":G lr; :G rl(e;e)", "0-a:B a-b:R 0-c:R c-d:B d-e:G d-f:G"),
        (
            "e(l(r;e);r:{top}l:{top})",
            "0-a:G a-b:B b-c:R b-d:G a-e:R e-e:B",
        ),
    ];
    let mut plain = Solver::new(Hackenbush::rules_only());
    for (cgsuite, ours) in pairs {
        let a = Picture::parse(cgsuite).unwrap_or_else(|e| panic!("{cgsuite}: {e}"));
        let b = Picture::parse(ours).unwrap_or_else(|e| panic!("{ours}: {e}"));
        assert_eq!(a.edges().len(), b.edges().len(), "{cgsuite} / {ours}");
        assert_eq!(plain.value(&a), plain.value(&b), "{cgsuite} / {ours}");
    }
}

#[test]
fn cgsuite_published_values() {
    // CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala).
    let v = |s: &str| Solver::new(Hackenbush::new()).value(&Picture::parse(s).unwrap());
    let rules = |s: &str| Solver::new(Hackenbush::rules_only()).value(&Picture::parse(s).unwrap());
    for (text, expected) in [
        ("lrlrrllr", "77/128"),
        ("l(l;rl)", "3/2"),
        ("eeeeeee", "*7"),
        ("lrlerrr", "3/4v[3]*"),
        ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
        // The "Green Girl", Winning Ways ch. 7, Figure 3.
        ("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"),
    ] {
        assert_eq!(v(text), g(expected), "{text}");
        assert_eq!(rules(text), g(expected), "{text} from the rules");
    }
}

#[test]
fn cgsuite_stalks_follow_the_sign_expansion_rule() {
    // Every Blue-Red stalk of up to 7 edges written with l and r (Winning Ways ch. 2, Berlekamp's
    // rule, coded above), and every Green stalk of n edges, which is *n (Winning Ways ch. 2).
    for len in 1..=7u32 {
        for bits in 0..1u32 << len {
            let stalk: Vec<Colour> = (0..len).map(|i| colour_of(bits >> i & 1)).collect();
            let text: String = stalk
                .iter()
                .map(|c| if *c == Colour::Blue { 'l' } else { 'r' })
                .collect();
            let (n, e) = berlekamp(&stalk);
            let picture = Picture::parse(&text).unwrap();
            assert_eq!(picture.as_stalk(), Some(stalk), "{text}");
            let mut plain = Solver::new(Hackenbush::rules_only());
            assert_eq!(plain.value(&picture), Game::dyadic(n, e), "{text}");
        }
        let green = "e".repeat(len as usize);
        let picture = Picture::parse(&green).unwrap();
        assert_eq!(brute_grundy(&green_edges(&picture)), len as u64);
        assert_eq!(
            Solver::new(Hackenbush::rules_only()).value(&picture),
            Game::nimber(len as u64)
        );
    }
}

/// The edges of a Green picture as pairs, for [`brute_grundy`].
fn green_edges(p: &Picture) -> Vec<(u32, u32)> {
    p.edges().iter().map(|e| (e.a, e.b)).collect()
}

#[test]
fn cgsuite_green_trees_and_cycles_match_brute_force() {
    // Green pictures written in CGSuite's notation against the brute-force Grundy values.
    for text in [
        "e(e;e)",
        "ee(e;ee)",
        "e(ee(e;e);e(eee;ee);e(ee;e))",
        ":Geee:G",
        "e:Aeee:A",
        "(e:X;e:X)",
        "(e:X;e:X;e:Xe)",
        "e(e:A;e:A;ee:A)",
        ":Ge:G",
        "e(e:{a}e:{b};e:{b}e:{a})",
    ] {
        let picture = Picture::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = brute_grundy(&green_edges(&picture));
        assert_eq!(green_value(&picture), expected, "{text}");
        assert_eq!(
            Solver::new(Hackenbush::rules_only()).value(&picture),
            Game::nimber(expected),
            "{text}"
        );
    }
}

#[test]
fn bad_cgsuite_strings_are_one_line_errors_naming_the_character() {
    for (text, message) in [
        ("l(r", "at character 2: '(' without a matching ')'"),
        ("lr)", "at character 3: ')' without a matching '('"),
        ("l(r;e)l", "at character 7: 'l' after ')'"),
        ("lx", "at character 2: unexpected 'x'"),
        ("lB", "at character 2: unexpected 'B'"),
        (
            "l:",
            "at character 2: ':' must be followed by a vertex name",
        ),
        (
            "l:(",
            "at character 2: ':' must be followed by a vertex name",
        ),
        ("l:{ab", "at character 3: '{' without a closing '}'"),
        ("l:{}", "at character 3: an empty vertex name"),
        ("l{ab}", "at character 2: a name in braces must follow ':'"),
        (
            "lr;lr",
            "at character 4: this vertex has no path to the ground",
        ),
        (
            "l;.",
            "at character 3: this vertex has no path to the ground",
        ),
    ] {
        let e = Picture::parse(text).unwrap_err().to_string();
        assert!(e.contains(message), "{text}: {e}");
        assert!(e.contains(&format!("{text:?}")), "{text}: {e}");
        assert!(!e.contains('\n'), "{text}: {e}");
    }
}
