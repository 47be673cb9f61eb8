//! Hackenbush against independent sources: the sign-expansion rule (coded here), brute-force
//! Grundy values of Green pictures (coded here), and hand derivations.

mod common;

use common::Rng;
use partizan::rulesets::hackenbush::{
    green_bundle, green_value, sign_expansion, Colour, Edge, Hackenbush, Picture,
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
    assert!(Picture::parse("0a:B")
        .unwrap_err()
        .to_string()
        .contains("cannot read the edge"));
}
