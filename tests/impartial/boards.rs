//! Wythoff, the Ryūō pieces, the paper-cutting game, Welter's coins, Fibonacci Nim, token games
//! on a DAG and tic-tac-toe, against brute force coded here, closed formulas and published
//! tables.

// Grids and sequences are indexed by their coordinates, as in the papers.
#![allow(clippy::needless_range_loop)]

use crate::util::snapshot;
use num_bigint::BigUint;
use partizan::rulesets::ryuoh::Ryuoh;
use partizan::rulesets::{cutting, dag, fibonacci_nim, tictactoe, welter, wythoff};
use partizan::solve::minimax::GameResult;
use partizan::solve::{Table, TableParams};
use std::collections::{HashMap, HashSet};

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let v: Vec<u32> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).unwrap()
}

/// The Grundy table of a piece on an `n × n` board with the given moves `(x, y) → [(x', y')]`, by
/// direct mex; `[y][x]`.
fn brute_table(n: usize, moves: impl Fn(usize, usize) -> Vec<(usize, usize)>) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for s in 0..2 * n {
        for x in 0..n {
            if s < x || s - x >= n {
                continue;
            }
            let y = s - x;
            g[y][x] = mex(moves(x, y).into_iter().map(|(a, b)| g[b][a]));
        }
    }
    g
}

fn wythoff_moves(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut m: Vec<(usize, usize)> = (0..x).map(|a| (a, y)).collect();
    m.extend((0..y).map(|b| (x, b)));
    m.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
    m
}

/// Wythoff's Grundy values, OEIS A317205 (Winning Ways p. 76; Blass and Fraenkel 1990, Table 2):
/// the triangle `G(x, y)`, `0 <= y <= x`, row `x` by row; the first 12 rows (78 terms).
const A317205: [u32; 78] = [
    0, 1, 2, 2, 0, 1, 3, 4, 5, 6, 4, 5, 3, 2, 7, 5, 3, 4, 0, 6, 8, 6, 7, 8, 1, 9, 10, 3, 7, 8, 6,
    9, 0, 1, 4, 5, 8, 6, 7, 10, 1, 2, 5, 3, 4, 9, 10, 11, 12, 8, 7, 13, 14, 15, 16, 10, 11, 9, 8,
    13, 12, 0, 15, 16, 17, 14, 11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15,
];

#[test]
fn wythoff_table_matches_oeis_and_brute_force() {
    let g = wythoff::grundy_table(12, 12);
    let mut k = 0;
    for x in 0..12 {
        for y in 0..=x {
            assert_eq!(g[y * 12 + x], A317205[k], "G({x},{y})");
            assert_eq!(g[x * 12 + y], A317205[k], "G({y},{x})");
            k += 1;
        }
    }
    let n = 60;
    let brute = brute_table(n, wythoff_moves);
    let fast = wythoff::grundy_table(n, n);
    for y in 0..n {
        for x in 0..n {
            assert_eq!(fast[y * n + x], brute[y][x], "({x},{y})");
        }
    }
    // Rectangles too.
    let r = wythoff::grundy_table(7, 23);
    for y in 0..23.min(n) {
        for x in 0..7 {
            assert_eq!(r[y * 7 + x], brute[y][x]);
        }
    }
}

#[test]
fn wythoff_zeros_are_the_golden_ratio_pairs() {
    let n = 300;
    let g = wythoff::grundy_table(n, n);
    let zeros: HashSet<(usize, usize)> = (0..n * n)
        .filter(|&i| g[i] == 0)
        .map(|i| (i % n, i / n))
        .collect();
    let mut pairs = HashSet::new();
    for k in 0..n as u64 {
        let (a, b) = wythoff::p_position(k);
        if (b as usize) < n {
            pairs.insert((a as usize, b as usize));
            pairs.insert((b as usize, a as usize));
        }
    }
    assert_eq!(zeros, pairs);
    for &(x, y) in &zeros {
        assert!(wythoff::is_p_position(x as u64, y as u64));
    }
    assert!(!wythoff::is_p_position(3, 4));
}

/// Checks `a = ⌊nφ⌋` by its defining inequalities: `a < nφ < a + 1`, i.e. with `nφ = (n + n√5)/2`,
/// `(2a − n)² < 5n² < (2a + 2 − n)²` (both sides positive), in big integers.
fn is_floor_n_phi(n: u64, a: u128) -> bool {
    let (n, a) = (BigUint::from(n), BigUint::from(a));
    let five_n2 = &n * &n * 5u32;
    let two_a = &a * 2u32;
    let low = &two_a - &n;
    let high = &two_a + 2u32 - &n;
    &low * &low < five_n2 && five_n2 < &high * &high
}

#[test]
fn wythoff_p_positions_are_exact_past_ten_to_the_fifteen() {
    let starts = [
        0u64,
        1_000_000_000_000_000,
        123_456_789_012_345_678,
        8_250_000_000_000_000_000, // 5n² passes 2^128 here: the big-integer path
        u64::MAX - 1000,
    ];
    for start in starts {
        for n in start..=start.saturating_add(1000) {
            let a = wythoff::floor_n_phi(n);
            if n > 0 {
                assert!(is_floor_n_phi(n, a), "n = {n}: {a}");
            }
            assert_eq!(wythoff::p_position(n), (a, a + n as u128));
        }
    }
    // Binet: φ·F_k = F_{k+1} − ψ^k with ψ = −1/φ, so ⌊φ·F_k⌋ = F_{k+1} − 1 for even k and F_{k+1}
    // for odd k (k >= 2).
    let mut f: Vec<u128> = vec![0, 1];
    while f.len() < 95 {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    for k in 2..93 {
        let expected = if k % 2 == 0 { f[k + 1] - 1 } else { f[k + 1] };
        assert_eq!(wythoff::floor_n_phi(f[k] as u64), expected, "F_{k}");
    }
}

fn ryuoh_moves(p: usize, q: Option<usize>) -> impl Fn(usize, usize) -> Vec<(usize, usize)> {
    move |x, y| {
        let reach = q.map_or(usize::MAX, |q| q - 1);
        let mut m = Vec::new();
        for t in 1..=x {
            if t <= reach {
                m.push((x - t, y));
            }
        }
        for t in 1..=y {
            if t <= reach {
                m.push((x, y - t));
            }
        }
        for s in 1..=x {
            for t in 1..=y {
                if s + t < p {
                    m.push((x - s, y - t));
                }
            }
        }
        m
    }
}

#[test]
fn ryuoh_formula_two_matches_brute_force() {
    for p in 2..=6 {
        let brute = brute_table(40, ryuoh_moves(p, None));
        let piece = Ryuoh::new(p, None).unwrap();
        let fast = piece.grundy_table(40, 40);
        for y in 0..40 {
            for x in 0..40 {
                // Formula (2), typed from the paper.
                let formula = ((x + y) % p + p * ((x / p) ^ (y / p))) as u32;
                assert_eq!(brute[y][x], formula, "p={p} ({x},{y})");
                assert_eq!(fast[y * 40 + x], formula);
                assert_eq!(piece.formula(x as u64, y as u64), Some(formula as u128));
            }
        }
    }
}

#[test]
fn ryuoh_theorem_two_one_for_q_multiple_of_p_and_brute_force_tables_otherwise() {
    for p in 2..=6 {
        for q in 1..=42 {
            let brute = brute_table(40, ryuoh_moves(p, Some(q)));
            let piece = Ryuoh::new(p, Some(q)).unwrap();
            let fast = piece.grundy_table(40, 40);
            for y in 0..40 {
                for x in 0..40 {
                    assert_eq!(fast[y * 40 + x], brute[y][x], "p={p} q={q} ({x},{y})");
                    if q % p == 0 {
                        // Theorem 2.1 (formula (3)).
                        let (a, b) = (x % q, y % q);
                        let formula = ((x + y) % p + p * ((a / p) ^ (b / p))) as u32;
                        assert_eq!(brute[y][x], formula, "p={p} q={q} ({x},{y})");
                        assert_eq!(piece.formula(x as u64, y as u64), Some(formula as u128));
                    } else {
                        assert_eq!(piece.formula(x as u64, y as u64), None);
                    }
                }
            }
        }
    }
}

#[test]
fn ryuoh_table_one_of_the_paper_cell_by_cell() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/paper-table1-ryuoh-p3-q9.tsv"
    );
    let text = std::fs::read_to_string(path).expect("read the paper's Table 1");
    let paper = Table::from_tsv(&text).unwrap();
    let args = TableParams::new()
        .with("size", 19)
        .with("p", 3)
        .with("q", 9);
    let ours = partizan::rulesets::table_with("ryuoh", &args).unwrap();
    assert_eq!(ours.columns, paper.columns);
    assert_eq!(ours.rows, paper.rows);
    assert_eq!(
        (ours.row_label.as_str(), ours.column_label.as_str()),
        ("y", "x")
    );
    for y in 0..19 {
        for x in 0..19 {
            assert_eq!(ours.cell(x, y), paper.cell(x, y), "({x},{y})");
        }
    }
    // And the table agrees with the brute force coded here.
    let brute = brute_table(19, ryuoh_moves(3, Some(9)));
    for y in 0..19 {
        for x in 0..19 {
            assert_eq!(paper.cell(x, y), Some(brute[y][x].to_string().as_str()));
        }
    }
    for bad in [0, -2] {
        let args = TableParams::new().with("p", bad);
        assert!(partizan::rulesets::table_with("ryuoh", &args)
            .unwrap_err()
            .to_string()
            .contains("p must be at least 1"));
    }
}

/// The original paper-cutting game: whoever cuts out a 1×1 piece wins. Whether the player to move
/// wins, by search over multisets of sheets.
fn cutting_wins(sheets: &[(usize, usize)], memo: &mut HashMap<Vec<(usize, usize)>, bool>) -> bool {
    let mut key: Vec<(usize, usize)> = sheets.iter().map(|&(w, h)| (w.min(h), w.max(h))).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    type Sheet = (usize, usize);
    let mut cuts: Vec<(usize, Sheet, Sheet)> = Vec::new();
    for (i, &(w, h)) in key.iter().enumerate() {
        for a in 1..w {
            cuts.push((i, (a, h), (w - a, h)));
        }
        for b in 1..h {
            cuts.push((i, (w, b), (w, h - b)));
        }
    }
    let wins = cuts.iter().any(|&(_, a, b)| a == (1, 1) || b == (1, 1))
        || cuts.iter().any(|&(i, a, b)| {
            let mut next = key.clone();
            next[i] = a;
            next.push(b);
            !cutting_wins(&next, memo)
        });
    memo.insert(key, wins);
    wins
}

#[test]
fn cutting_convention_matches_the_original_game() {
    let g = cutting::grundy_table(7);
    let mut memo = HashMap::new();
    for w in 2..=7 {
        for h in 2..=7 {
            assert_eq!(g[w][h] != 0, cutting_wins(&[(w, h)], &mut memo), "{w}×{h}");
            for w2 in 2..=5 {
                for h2 in 2..=5 {
                    assert_eq!(
                        g[w][h] ^ g[w2][h2] != 0,
                        cutting_wins(&[(w, h), (w2, h2)], &mut memo),
                        "{w}×{h} + {w2}×{h2}"
                    );
                }
            }
        }
    }
    // A strip is an immediate win in the original game.
    assert!(cutting_wins(&[(1, 5)], &mut memo));
}

/// The paper-cutting game by a separately coded recursion with a memo, cutting either side.
fn cutting_rec(w: usize, h: usize, memo: &mut HashMap<(usize, usize), u32>) -> u32 {
    let key = (w.min(h), w.max(h));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut vals = Vec::new();
    for a in 2..w.saturating_sub(1) {
        vals.push(cutting_rec(a, h, memo) ^ cutting_rec(w - a, h, memo));
    }
    for b in 2..h.saturating_sub(1) {
        vals.push(cutting_rec(w, b, memo) ^ cutting_rec(w, h - b, memo));
    }
    let v = mex(vals);
    memo.insert(key, v);
    v
}

#[test]
fn cutting_table_two_to_two_hundred() {
    let n = 200;
    let g = cutting::grundy_table(n);
    let mut memo = HashMap::new();
    for w in 2..=n {
        for h in 2..=w {
            let v = cutting_rec(w, h, &mut memo);
            assert_eq!((g[w][h], g[h][w]), (v, v), "{w}×{h}");
        }
    }
    let t = partizan::rulesets::table_with("cutting", &TableParams::new().with("size", n as i64))
        .unwrap();
    assert_eq!(t.columns.first().map(String::as_str), Some("2"));
    assert_eq!(t.rows.len(), n - 1);
    assert_eq!(t.cell(198, 198), Some(g[200][200].to_string().as_str()));
    assert!(
        partizan::rulesets::table_with("cutting", &TableParams::new().with("size", 1)).is_err()
    );
}

/// Welter's coin game by search: coins on `squares`, a coin moves left to an empty square.
fn welter_brute(coins: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    let mut key = coins.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut vals = Vec::new();
    for i in 0..key.len() {
        for b in 0..key[i] {
            if !key.contains(&b) {
                let mut next = key.clone();
                next[i] = b;
                vals.push(welter_brute(&next, memo));
            }
        }
    }
    let v = mex(vals);
    memo.insert(key, v);
    v
}

/// All subsets of `0..squares` with at most `k` elements.
fn subsets(squares: u64, k: usize) -> Vec<Vec<u64>> {
    (0u32..1 << squares)
        .filter(|m| m.count_ones() as usize <= k)
        .map(|m| (0..squares).filter(|&i| m & (1 << i) != 0).collect())
        .collect()
}

#[test]
fn welter_hook_formula_and_welter_function_match_brute_force() {
    let mut memo = HashMap::new();
    let all = subsets(12, 4);
    assert_eq!(all.len(), 1 + 12 + 66 + 220 + 495);
    for coins in &all {
        let brute = welter_brute(coins, &mut memo) as u64;
        assert_eq!(welter::grundy_by_hooks(coins), brute, "hooks {coins:?}");
        assert_eq!(welter::welter_function(coins), brute, "Welter {coins:?}");
        match welter::winning_move(coins) {
            Some((from, to)) => {
                assert!(to < from && coins.contains(&from) && !coins.contains(&to));
                let next: Vec<u64> = coins
                    .iter()
                    .map(|&c| if c == from { to } else { c })
                    .collect();
                assert_eq!(welter_brute(&next, &mut memo), 0, "{coins:?} {from}→{to}");
            }
            None => assert_eq!(brute, 0),
        }
    }
    // Hook lengths by hand: the partition (2, 1) has hooks 3, 1, 1.
    let mut hooks = welter::hook_lengths(&[2, 1]);
    hooks.sort_unstable();
    assert_eq!(hooks, [1, 1, 3]);
    assert!(welter::position(&[3, 1, 3]).is_err());
}

#[test]
fn fibonacci_nim_losing_positions_and_winning_moves() {
    let max = 200usize;
    // wins[n][m]: the player to move with n left and at most m to take.
    let mut wins = vec![vec![false; max + 1]; max + 1];
    for n in 1..=max {
        for m in 0..=max {
            wins[n][m] = (1..=m.min(n)).any(|k| !wins[n - k][(2 * k).min(max)]);
        }
    }
    let fibs: HashSet<usize> = {
        let mut f = vec![1usize, 2];
        while *f.last().unwrap() < 1000 {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f.into_iter().collect()
    };
    for n in 1..=max {
        // The first player (who may take 1..n−1) loses iff n is a Fibonacci number.
        assert_eq!(!wins[n][n - 1], fibs.contains(&n), "n = {n}");
        for m in 0..=max {
            let (n64, m64) = (n as u64, m as u64);
            assert_eq!(
                fibonacci_nim::player_to_move_wins(n64, m64),
                wins[n][m],
                "({n},{m})"
            );
            if let Some(k) = fibonacci_nim::winning_move(n64, m64) {
                let k = k as usize;
                assert!(k >= 1 && k <= m.min(n));
                assert!(!wins[n - k][(2 * k).min(max)], "({n},{m}) take {k}");
            }
        }
    }
    let g = fibonacci_nim::grundy_table(max);
    for n in 0..=max {
        for m in 0..=n {
            assert_eq!(g[n][m] != 0, wins[n][m], "G({n},{m})");
        }
    }
    for n in [1u64, 10, 100, 1000, 123_456_789] {
        assert_eq!(fibonacci_nim::zeckendorf(n).iter().sum::<u64>(), n);
    }
}

#[test]
fn dag_values_and_input_errors() {
    // A layered DAG: vertex i has edges to i+1..i+3 and to 2i+5 when in range.
    let mut edges = Vec::new();
    let n = 30;
    for i in 0..n {
        for j in [i + 1, i + 2, i + 3, 2 * i + 5] {
            if j < n {
                edges.push(format!("v{i}->v{j}"));
            }
        }
    }
    let g = dag::Dag::parse(&edges.join(", ")).unwrap();
    // By the definition, from the sinks up (all edges go to larger indices).
    let mut val = vec![0u32; n];
    for i in (0..n).rev() {
        val[i] = mex([i + 1, i + 2, i + 3, 2 * i + 5]
            .into_iter()
            .filter(|&j| j < n)
            .map(|j| val[j]));
    }
    for (i, v) in val.iter().enumerate() {
        assert_eq!(g.vertex_grundy(&format!("v{i}")), Some(*v as u64));
    }
    let tokens = g.tokens("v0, v3, v3, v7").unwrap();
    assert_eq!(g.position_grundy(&tokens), (val[0] ^ val[7]) as u64);
    for cyclic in ["a>a", "a>b, b>c, c>a", "x>y; y->x; x>z"] {
        let e = dag::Dag::parse(cyclic).unwrap_err().to_string();
        assert!(e.contains("cycle"), "{cyclic}: {e}");
    }
    for bad in ["a>", "a>b>c", "a b>c"] {
        assert!(dag::Dag::parse(bad).is_err(), "{bad}");
    }
    assert!(g.tokens("nowhere").is_err());
}

#[test]
fn tictactoe_is_a_draw_with_the_published_position_counts() {
    let empty = [0u8; 9];
    assert_eq!(
        tictactoe::solve(&empty, false).unwrap(),
        (GameResult::Draw, 5478)
    );
    assert_eq!(
        tictactoe::solve(&empty, true).unwrap(),
        (GameResult::Draw, 765)
    );
    assert_eq!(tictactoe::count_games(&empty), 255_168);
    // X to move completes the top row.
    let b = tictactoe::parse("XX.OO....").unwrap();
    assert_eq!(tictactoe::solve(&b, false).unwrap().0, GameResult::Win);
    // O to move, but X threatens the top row and the left column (a fork): O loses.
    let b = tictactoe::parse("X.X.O.X.O").unwrap();
    assert_eq!(tictactoe::to_move(&b), 2);
    assert_eq!(tictactoe::solve(&b, false).unwrap().0, GameResult::Loss);
    assert!(tictactoe::parse("XXXOOO...").is_err());
    assert!(tictactoe::parse("X........X").is_err());
}

// ---------------------------------------------------------------------------------------------
// Snapshot tables, every cell checked here by search or a published closed form.
// ---------------------------------------------------------------------------------------------

/// Checks every cell of `t` (rows `row_keys`, columns `column_keys`) against `expected`.
fn check_cells(
    t: &Table,
    row_keys: &[usize],
    column_keys: &[usize],
    mut expected: impl FnMut(usize, usize) -> String,
) {
    let keys = |k: &[usize]| k.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(t.rows, keys(row_keys));
    assert_eq!(t.columns, keys(column_keys));
    for (i, &r) in row_keys.iter().enumerate() {
        for (j, &c) in column_keys.iter().enumerate() {
            assert_eq!(t.cells[i][j], expected(r, c), "row {r}, column {c}");
        }
    }
}

#[test]
fn nim_table() {
    let t = partizan::rulesets::table_with("nim", &TableParams::new()).unwrap();
    // Two heaps by search: a move lowers one heap.
    let mut g = [[0u32; 8]; 8];
    for a in 0..8 {
        for b in 0..8 {
            g[a][b] = mex((0..a).map(|x| g[x][b]).chain((0..b).map(|y| g[a][y])));
        }
    }
    let keys: Vec<usize> = (0..8).collect();
    check_cells(&t, &keys, &keys, |a, b| g[a][b].to_string());
    // Bouton: a ⊕ b.
    check_cells(&t, &keys, &keys, |a, b| (a ^ b).to_string());
    snapshot("nim_table_8", &t.to_tsv());
    assert!(partizan::rulesets::table_with("nim", &TableParams::new().with("size", 0)).is_err());
}

#[test]
fn welter_tables() {
    let mut memo = HashMap::new();
    let keys: Vec<usize> = (0..10).collect();
    let t = partizan::rulesets::table_with("welter", &TableParams::new()).unwrap();
    check_cells(&t, &keys, &keys, |a, b| {
        if a == b {
            "-".to_string()
        } else {
            welter_brute(&[a as u64, b as u64], &mut memo).to_string()
        }
    });
    // Welter's function for two coins (Conway, On Numbers and Games, ch. 13): (a ⊕ b) − 1.
    check_cells(&t, &keys, &keys, |a, b| {
        if a == b {
            "-".to_string()
        } else {
            ((a ^ b) - 1).to_string()
        }
    });
    snapshot("welter_table_10", &t.to_tsv());
    let t = partizan::rulesets::table_with(
        "welter",
        &TableParams::new().with("size", 8).with("third", 3),
    )
    .unwrap();
    let keys: Vec<usize> = (0..8).collect();
    check_cells(&t, &keys, &keys, |a, b| {
        if a == b || a == 3 || b == 3 {
            "-".to_string()
        } else {
            welter_brute(&[a as u64, b as u64, 3], &mut memo).to_string()
        }
    });
    snapshot("welter_table_8_third_3", &t.to_tsv());
}

#[test]
fn fibonacci_nim_table() {
    let t = partizan::rulesets::table_with("fibonacci_nim", &TableParams::new()).unwrap();
    // G(n, m) by search: take k in 1..=m (at most n), leaving (n − k, 2k).
    fn rec(n: usize, m: usize, memo: &mut HashMap<(usize, usize), u32>) -> u32 {
        let m = m.min(n);
        if let Some(&v) = memo.get(&(n, m)) {
            return v;
        }
        let v = mex((1..=m).map(|k| rec(n - k, 2 * k, memo)).collect::<Vec<_>>());
        memo.insert((n, m), v);
        v
    }
    let mut memo = HashMap::new();
    let keys: Vec<usize> = (0..=13).collect();
    check_cells(&t, &keys, &keys, |n, m| rec(n, m, &mut memo).to_string());
    // Whinihan's rule: the player to move loses iff m is below the smallest Zeckendorf term of
    // n (the terms typed in here: 1, 2, 3, 5, 8, 13 and their sums).
    let smallest = [0, 1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13];
    for n in 1..=13 {
        for m in 0..=13 {
            assert_eq!(t.cells[n][m] == "0", m < smallest[n], "G({n}, {m})");
        }
    }
    snapshot("fibonacci_nim_table_13", &t.to_tsv());
}

#[test]
fn dag_table() {
    let t = partizan::rulesets::table_with("dag", &TableParams::new()).unwrap();
    // One token n squares from the sink, moving 1 to k squares: Bachet's n mod (k + 1)
    // (Winning Ways, ch. 4, the subtraction game S(1, 2, ..., k)).
    let rows: Vec<usize> = (1..=6).collect();
    let columns: Vec<usize> = (0..=20).collect();
    check_cells(&t, &rows, &columns, |k, n| (n % (k + 1)).to_string());
    snapshot("dag_table_6x20", &t.to_tsv());
    let e = partizan::rulesets::table_with("dag", &TableParams::new().with("take", 0)).unwrap_err();
    assert!(
        e.to_string().contains("take must be between 1 and 64"),
        "{e}"
    );
}

#[test]
fn cutting_table_snapshot() {
    let t = partizan::rulesets::table_with("cutting", &TableParams::new()).unwrap();
    let mut memo = HashMap::new();
    let keys: Vec<usize> = (2..=12).collect();
    check_cells(&t, &keys, &keys, |h, w| {
        cutting_rec(w, h, &mut memo).to_string()
    });
    snapshot("cutting_table_12", &t.to_tsv());
}
