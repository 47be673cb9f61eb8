//! The impartial fast path agrees with the canonical forms: for every impartial family, on every
//! small position, the integer Grundy value equals the nimber that the canonical-form solver
//! (`Solver::new(AsPartizan(rules))`) builds from the same rules.

// Tables are indexed by their coordinates.
#![allow(clippy::needless_range_loop)]

use partizan::rulesets::cutting::{self, Cutting};
use partizan::rulesets::dag::Dag;
use partizan::rulesets::fibonacci_nim::{self, FibonacciNim};
use partizan::rulesets::nim::{self, Nim};
use partizan::rulesets::octal::{GrundyGame, OctalGame};
use partizan::rulesets::ryuoh::Ryuoh;
use partizan::rulesets::subtraction::{Subtraction, TakeRange};
use partizan::rulesets::welter::{self, Welter};
use partizan::rulesets::wythoff::{self, Wythoff};
use partizan::solve::{AsPartizan, GrundySolver, ImpartialRuleset, Solver};

/// The nimber of the canonical form of `position`, checked to be a nimber.
fn nimber<R: ImpartialRuleset>(solver: &mut Solver<AsPartizan<R>>, position: &R::Position) -> u64 {
    let g = solver.value(position);
    g.as_nimber()
        .unwrap_or_else(|| panic!("an impartial game's value {g} is a nimber"))
}

/// Also checks the generic integer solver on the same position.
fn check<R: ImpartialRuleset + Clone>(
    rules: &R,
    positions: impl IntoIterator<Item = (R::Position, u64)>,
    what: &str,
) where
    R::Position: std::fmt::Debug,
{
    let mut forms = Solver::new(AsPartizan(rules.clone()));
    let mut ints = GrundySolver::new(rules.clone());
    for (p, fast) in positions {
        assert_eq!(nimber(&mut forms, &p), fast, "{what}: {p:?}");
        assert_eq!(ints.grundy(&p), fast, "{what} (GrundySolver): {p:?}");
    }
}

fn lists<T: Clone>(items: &[T], max_len: usize) -> Vec<Vec<T>> {
    let mut out = vec![vec![]];
    let mut layer: Vec<Vec<T>> = vec![vec![]];
    for _ in 0..max_len {
        layer = layer
            .into_iter()
            .flat_map(|v| {
                items.iter().map(move |x| {
                    let mut w = v.clone();
                    w.push(x.clone());
                    w
                })
            })
            .collect();
        out.extend(layer.iter().cloned());
    }
    out
}

#[test]
fn nim() {
    let heaps: Vec<u64> = (0..=6).collect();
    let positions = lists(&heaps, 3)
        .into_iter()
        .map(|h| {
            let g = nim::grundy(&h);
            (h, g)
        })
        .collect::<Vec<_>>();
    check(&Nim, positions, "nim");
}

#[test]
fn subtraction_and_take_range() {
    for set in ["1,2,3", "1,3,4", "2,5", "2,3,7"] {
        let game = Subtraction::parse(set).unwrap();
        let g = game.grundy_sequence(40);
        check(&game, (0..40).map(|n| (n, g[n] as u64)), set);
    }
    for (p, q) in [(1, 1), (2, 3), (3, 5), (4, 4)] {
        let game = TakeRange::new(p, q).unwrap();
        let g = game.grundy_sequence(30);
        check(&game, (0..30).map(|n| (n, g[n] as u64)), "take_range");
    }
}

fn heap_positions(g: &[u32], max: usize) -> Vec<(Vec<usize>, u64)> {
    let heaps: Vec<usize> = (0..=max).collect();
    lists(&heaps, 2)
        .into_iter()
        .map(|h| {
            let v = h.iter().fold(0u64, |s, &n| s ^ g[n] as u64);
            (h, v)
        })
        .collect()
}

#[test]
fn octal_games_and_grundys_game() {
    for code in ["0.77", "0.07", "0.137", "0.6", "4.07", "0.123", "0.3456"] {
        let game = OctalGame::parse(code).unwrap();
        let g = game.grundy_sequence(21);
        check(&game, heap_positions(&g, 20), code);
    }
    let g = GrundyGame.grundy_sequence(25);
    check(&GrundyGame, heap_positions(&g, 24), "Grundy's game");
}

#[test]
fn wythoff_and_ryuoh() {
    let n = 16;
    let g = wythoff::grundy_table(n, n);
    let cells = |g: &[u32], n: usize| -> Vec<((usize, usize), u64)> {
        (0..n * n).map(|i| ((i % n, i / n), g[i] as u64)).collect()
    };
    check(&Wythoff, cells(&g, n), "wythoff");
    for p in 1..=5 {
        for q in [None, Some(1), Some(3), Some(4), Some(6)] {
            let piece = Ryuoh::new(p, q).unwrap();
            let g = piece.grundy_table(n, n);
            check(&piece, cells(&g, n), &format!("ryuoh p={p} q={q:?}"));
        }
    }
}

#[test]
fn fibonacci_nim() {
    let g = fibonacci_nim::grundy_table(40);
    let mut positions = Vec::new();
    for n in 0..=40usize {
        for m in 0..=n {
            positions.push(((n as u64, m as u64), g[n][m] as u64));
        }
    }
    check(&FibonacciNim, positions, "fibonacci nim");
}

#[test]
fn tokens_on_a_dag() {
    let dag = Dag::parse("a>b, a>c, b>c, b>d, c>d, c>e, d>e, e>f, a>f, g>a, g>e, h").unwrap();
    let vertices: Vec<usize> = (0..dag.len()).collect();
    let positions: Vec<(Vec<usize>, u64)> = lists(&vertices, 3)
        .into_iter()
        .map(|mut t| {
            t.sort_unstable();
            let v = dag.position_grundy(&t);
            (t, v)
        })
        .collect();
    check(&dag, positions, "dag");
}

#[test]
fn paper_cutting() {
    let g = cutting::grundy_table(14);
    let mut positions = Vec::new();
    for w in 2..=14 {
        for h in 2..=14 {
            positions.push((vec![(w, h)], g[w][h] as u64));
        }
    }
    for (a, b) in [((4, 5), (6, 2)), ((7, 7), (3, 8)), ((5, 5), (5, 5))] {
        positions.push((vec![a, b], (g[a.0][a.1] ^ g[b.0][b.1]) as u64));
    }
    check(&Cutting, positions, "cutting");
}

#[test]
fn welter_coins() {
    let mut positions = Vec::new();
    for mask in 0u32..1 << 9 {
        if mask.count_ones() <= 3 {
            let coins: Vec<u64> = (0..9).filter(|&i| mask & (1 << i) != 0).collect();
            let v = welter::welter_function(&coins);
            assert_eq!(welter::grundy_by_hooks(&coins), v);
            positions.push((coins, v));
        }
    }
    check(&Welter, positions, "welter");
}
