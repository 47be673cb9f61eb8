//! Coin-turning games, all-but subtraction games, take-and-break codes and Chomp against
//! brute-force searches written here from the rules alone, OEIS sequences typed in, and
//! theorems; their bad input on the command line (one line, exit 2); their snapshot tables.

use crate::util::snapshot;
use partizan::rulesets::all_but::AllBut;
use partizan::rulesets::chomp::{self, Chomp};
use partizan::rulesets::coin_turning::{self, CoinTurning};
use partizan::rulesets::octal::{GrundyGame, OctalGame};
use partizan::rulesets::take_and_break::TakeAndBreak;
use partizan::rulesets::Arg;
use partizan::solve::{GrundySolver, Table, TableParams};
use partizan::Game;
use std::collections::HashMap;

use crate::util::cli::fails;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let v: Vec<u64> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Coin-turning games

/// The Grundy value of every row of `coins` coins (bit `x − 1` set: coin `x` heads) by search
/// of the game graph: `allowed(set)` says whether a move may turn the coins of `set` (a bit
/// mask, its highest bit the coin that goes from heads to tails).
fn coin_graph(coins: usize, allowed: impl Fn(u32) -> bool) -> Vec<u64> {
    let mut g = vec![0u64; 1 << coins];
    // Every move turns its highest coin from heads to tails, so it lowers the mask's value
    // (that bit goes off, only lower bits change): positions in increasing order suffice.
    for pos in 0..(1u32 << coins) {
        let mut options = Vec::new();
        for set in 1..(1u32 << coins) {
            let top = 31 - set.leading_zeros();
            if pos >> top & 1 == 1 && allowed(set) {
                options.push(g[(pos ^ set) as usize]);
            }
        }
        g[pos as usize] = mex(options);
    }
    g
}

/// The coin numbers (from 1) of a mask.
fn coins_of(set: u32) -> Vec<u32> {
    (0..32)
        .filter(|b| set >> b & 1 == 1)
        .map(|b| b + 1)
        .collect()
}

fn heads_of(pos: u32) -> Vec<usize> {
    coins_of(pos).into_iter().map(|c| c as usize).collect()
}

#[test]
fn coin_turning_theorem_against_the_game_graph() {
    // Each rule in words, as a predicate on the set of turned coins.
    let consecutive = |c: &[u32]| c.windows(2).all(|w| w[1] == w[0] + 1);
    let equally_spaced = |c: &[u32]| c.windows(3).all(|w| w[2] - w[1] == w[1] - w[0]);
    let symmetric = |c: &[u32]| {
        let s = c[0] + c[c.len() - 1];
        c.iter().zip(c.iter().rev()).all(|(a, b)| a + b == s)
    };
    type Rule = Box<dyn Fn(&[u32]) -> bool>;
    let rules: Vec<(&str, Rule)> = vec![
        ("turning_turtles", Box::new(|c| c.len() <= 2)),
        ("mock_turtles", Box::new(|c| c.len() <= 3)),
        ("ruler", Box::new(move |c| consecutive(c))),
        ("twins", Box::new(|c| c.len() == 2)),
        (
            "grunt",
            Box::new(move |c| c.len() == 4 && c[0] == 1 && symmetric(c)),
        ),
        (
            "2-3E",
            Box::new(move |c| (2..=3).contains(&c.len()) && equally_spaced(c)),
        ),
        (
            "1-3C(3)",
            Box::new(|c| c.len() <= 3 && c[c.len() - 1] - c[0] < 3),
        ),
        ("3S", Box::new(move |c| c.len() == 3 && symmetric(c))),
        (
            "1,3F",
            Box::new(|c| c.len() == 1 || (c.len() == 3 && c[0] == 1)),
        ),
        ("2+C", Box::new(move |c| c.len() >= 2 && consecutive(c))),
    ];
    let coins = 10;
    for (rule, allowed) in &rules {
        let graph = coin_graph(coins, |set| allowed(&coins_of(set)));
        let game = CoinTurning::parse(rule).unwrap();
        let single = game.values(coins + 1).unwrap();
        for pos in 0..(1u32 << coins) {
            let heads = heads_of(pos);
            // The nim-sum of the single heads.
            let sum = heads.iter().fold(0, |a, &h| a ^ single[h]);
            assert_eq!(sum, graph[pos as usize], "{rule}: heads {heads:?}");
            assert_eq!(game.grundy(&heads).unwrap(), sum);
        }
        // The ruleset's own moves, through the solver, on a few rows.
        let mut solver = GrundySolver::new(game.clone());
        for pos in (0..(1u32 << 7)).step_by(5) {
            let heads = heads_of(pos);
            assert_eq!(
                solver.grundy(&heads),
                graph[pos as usize],
                "{rule}: {heads:?}"
            );
        }
    }
}

#[test]
fn coin_turning_published_values() {
    // Mock Turtles: the odious numbers, OEIS A000069 (offset 1).
    let odious: [u64; 40] = [
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47,
        49, 50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79,
    ];
    let g = CoinTurning::parse("mock_turtles")
        .unwrap()
        .values(41)
        .unwrap();
    assert_eq!(g[1..], odious);
    // Ruler: the largest power of 2 dividing n, OEIS A006519: 1, 2, 1, 4, 1, 2, 1, 8, ...
    let g = CoinTurning::parse("ruler").unwrap().values(200).unwrap();
    assert_eq!(g[1..17], [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
    for n in 1..200u64 {
        assert_eq!(g[n as usize], n & n.wrapping_neg(), "ruler {n}");
    }
    // Turning Turtles: G(n) = n; Twins: G(n) = n − 1 (Winning Ways ch. 14).
    let g = CoinTurning::parse("turning_turtles")
        .unwrap()
        .values(100)
        .unwrap();
    assert!((0..100).all(|n| g[n] == n as u64));
    let g = CoinTurning::parse("twins").unwrap().values(100).unwrap();
    assert!((1..100).all(|n| g[n] == n as u64 - 1));
    // Grunt is Grundy's game shifted by one (OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2,
    // 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, ...).
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0,
    ];
    let g = CoinTurning::parse("grunt").unwrap().values(121).unwrap();
    assert_eq!(g[1..25], a002188);
    let grundy = GrundyGame.grundy_sequence(120);
    assert!((0..120).all(|n| g[n + 1] == u64::from(grundy[n])));
}

#[test]
fn coin_turning_input_errors() {
    assert!(coin_turning::heads("THXT")
        .unwrap_err()
        .to_string()
        .contains("column 3"));
    assert!(coin_turning::heads("2,0")
        .unwrap_err()
        .to_string()
        .contains("item 2"));
    assert!(coin_turning::heads("2,2")
        .unwrap_err()
        .to_string()
        .contains("twice"));
    for (rule, column) in [
        ("1-3Q", "column 4"),
        ("0", "column 1"),
        ("3-2", "column 3"),
        ("1,2C(0)", "column 6"),
    ] {
        let e = CoinTurning::parse(rule).unwrap_err().to_string();
        assert!(e.contains(column), "{rule}: {e}");
    }
    // Exponentially many moves: refused, not attempted.
    assert!(CoinTurning::parse("1+").unwrap().values(40).is_err());
}

// ---------------------------------------------------------------------------------------------
// All-but subtraction games

fn all_but_brute(excluded: &[usize], len: usize) -> Vec<u64> {
    let mut g = Vec::new();
    for n in 0..len {
        let options = (1..=n).filter(|s| !excluded.contains(s)).map(|s| g[n - s]);
        let v = mex(options.collect::<Vec<u64>>());
        g.push(v);
    }
    g
}

#[test]
fn all_but_against_brute_force_and_theorems() {
    // Every excluded set inside {1..6}.
    for mask in 0..64u32 {
        let set: Vec<usize> = (1..=6).filter(|k| mask >> (k - 1) & 1 == 1).collect();
        let game = AllBut::new(&set).unwrap();
        let brute = all_but_brute(&set, 300);
        let g = game.grundy_sequence(300);
        assert!(
            g.iter().zip(&brute).all(|(&a, &b)| u64::from(a) == b),
            "{set:?}"
        );
        // Every all-but game is arithmetic-periodic (A. Siegel), and the proven period holds on
        // the brute-force values; with |F| <= 3 purely (pre-period 0: Siegel for |F| <= 2,
        // Sleator and Slusky for |F| = 3).
        let p = game.periodicity(1 << 16).expect("arithmetic-periodic");
        assert!(p.saltus() >= 1, "{set:?}");
        let long = all_but_brute(&set, p.preperiod + 3 * p.period + 40);
        for n in p.preperiod..long.len() - p.period {
            assert_eq!(
                long[n + p.period],
                long[n] + u64::from(p.saltus()),
                "{set:?} at {n}"
            );
        }
        if p.preperiod > 0 {
            let n = p.preperiod - 1;
            assert_ne!(
                long[n + p.period],
                long[n] + u64::from(p.saltus()),
                "{set:?}"
            );
        }
        if set.len() <= 3 {
            assert_eq!(p.preperiod, 0, "{set:?}");
        }
    }
    // F = {1}: G(n) = ⌊n/2⌋ (OEIS A004526); F = {} is Nim.
    let g = AllBut::parse("1").unwrap().grundy_sequence(50);
    assert!((0..50).all(|n| g[n] == n as u32 / 2));
    let p = AllBut::parse("").unwrap().periodicity(10).unwrap();
    assert_eq!((p.period, p.saltus(), p.preperiod), (1, 1, 0));
}

// ---------------------------------------------------------------------------------------------
// Take-and-break codes

/// `G(0..len)` of a heap game whose moves from a heap of `n` are `moves(n)`, each a list of the
/// heaps left.
fn heap_brute(len: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let opts: Vec<u64> = moves(n)
            .iter()
            .map(|hs| hs.iter().fold(0, |a, &h| a ^ u64::from(g[h])))
            .collect();
        g.push(mex(opts) as u32);
    }
    g
}

/// Every list of `j` positive heaps (non-decreasing) summing to `total`.
fn splits(total: usize, j: usize) -> Vec<Vec<usize>> {
    if j == 0 {
        return if total == 0 { vec![vec![]] } else { vec![] };
    }
    let mut out = Vec::new();
    let mut stack: Vec<Vec<usize>> = vec![vec![]];
    while let Some(v) = stack.pop() {
        let used: usize = v.iter().sum();
        if v.len() == j {
            if used == total {
                out.push(v);
            }
            continue;
        }
        let from = v.last().copied().unwrap_or(1);
        for a in from..=total.saturating_sub(used) {
            let mut w = v.clone();
            w.push(a);
            stack.push(w);
        }
    }
    out
}

fn distinct(v: &[usize]) -> bool {
    v.windows(2).all(|w| w[0] != w[1])
}

#[test]
fn take_and_break_against_brute_force() {
    type Moves = Box<dyn Fn(usize) -> Vec<Vec<usize>>>;
    let cases: Vec<(&str, Moves)> = vec![
        // 0.F: take one, leave 0, 1, 2 or 3 heaps.
        (
            "0.F",
            Box::new(|n| {
                if n == 0 {
                    vec![]
                } else {
                    (0..=3).flat_map(|j| splits(n - 1, j)).collect()
                }
            }),
        ),
        // 0.8: take one, leave exactly three heaps.
        (
            "0.8",
            Box::new(|n| if n == 0 { vec![] } else { splits(n - 1, 3) }),
        ),
        // 8.0: split a heap into three.
        ("8.0", Box::new(|n| splits(n, 3))),
        // 0.B4: take one leaving 0, 1 or 3 heaps; take two leaving 2 heaps.
        (
            "0.B4",
            Box::new(|n| {
                let mut m: Vec<Vec<usize>> = Vec::new();
                if n >= 1 {
                    for j in [0, 1, 3] {
                        m.extend(splits(n - 1, j));
                    }
                }
                if n >= 2 {
                    m.extend(splits(n - 2, 2));
                }
                m
            }),
        ),
        // Grundy's game: split into two unequal heaps.
        (
            "4!.0",
            Box::new(|n| splits(n, 2).into_iter().filter(|v| distinct(v)).collect()),
        ),
        // Split into three pairwise unequal heaps, or into two equal ones.
        (
            "{2=,3!}.0",
            Box::new(|n| {
                let mut m: Vec<Vec<usize>> =
                    splits(n, 3).into_iter().filter(|v| distinct(v)).collect();
                m.extend(splits(n, 2).into_iter().filter(|v| v[0] == v[1]));
                m
            }),
        ),
        // 8?.0: split into three heaps not all equal.
        (
            "8?.0",
            Box::new(|n| splits(n, 3).into_iter().filter(|v| v[0] != v[2]).collect()),
        ),
        // 0.[3]: Nim.
        (
            "0.[3]",
            Box::new(|n| {
                (0..n)
                    .map(|r| if r == 0 { vec![] } else { vec![r] })
                    .collect()
            }),
        ),
        // 0.1[4]: take exactly one from a heap of one, or take any number k >= 2 and split
        // the rest into two heaps.
        (
            "0.1[4]",
            Box::new(|n| {
                let mut m: Vec<Vec<usize>> = if n == 1 { vec![vec![]] } else { vec![] };
                for k in 2..=n {
                    m.extend(splits(n - k, 2));
                }
                m
            }),
        ),
        // 0.*: take one and leave any number of heaps.
        (
            "0.*",
            Box::new(|n| {
                if n == 0 {
                    vec![]
                } else {
                    (0..n).flat_map(|j| splits(n - 1, j)).collect()
                }
            }),
        ),
        // 0.&20;: 20 = 16 + 4: take one, leave two or four heaps.
        (
            "0.&20;",
            Box::new(|n| {
                if n == 0 {
                    vec![]
                } else {
                    [2, 4].iter().flat_map(|&j| splits(n - 1, j)).collect()
                }
            }),
        ),
        // 0.G: G = 16, four heaps.
        (
            "0.g",
            Box::new(|n| if n == 0 { vec![] } else { splits(n - 1, 4) }),
        ),
        // 84.07: take two (leaving 0, 1 or 2 heaps), split into two, or add one and leave three.
        (
            "84.07",
            Box::new(|n| {
                let mut m: Vec<Vec<usize>> = Vec::new();
                if n >= 2 {
                    for j in 0..=2 {
                        m.extend(splits(n - 2, j));
                    }
                }
                m.extend(splits(n, 2));
                if n >= 1 {
                    m.extend(splits(n + 1, 3));
                }
                m
            }),
        ),
    ];
    for (code, moves) in &cases {
        let len = 30;
        let game = TakeAndBreak::parse(code).unwrap();
        assert_eq!(
            game.grundy_sequence(len).unwrap(),
            heap_brute(len, moves),
            "{code}"
        );
        // The ruleset's moves through the solver, on sums of two heaps.
        let mut solver = GrundySolver::new(game.clone());
        let single = game.grundy_sequence(12).unwrap();
        for a in 0..12 {
            for b in [0, 3, 7] {
                assert_eq!(
                    solver.grundy(&vec![a, b]),
                    u64::from(single[a] ^ single[b]),
                    "{code}: {a} + {b}"
                );
            }
        }
    }
}

#[test]
fn take_and_break_agrees_with_octal_and_published_sequences() {
    // Every octal code 0.d1d2d3 agrees with the octal engine (itself checked against OEIS).
    for code in 0..512u32 {
        let digits = [
            0,
            (code >> 6) as u8,
            (code >> 3 & 7) as u8,
            (code & 7) as u8,
        ];
        let text = format!("0.{}{}{}", digits[1], digits[2], digits[3]);
        let t = TakeAndBreak::parse(&text)
            .unwrap()
            .grundy_sequence(60)
            .unwrap();
        let o = OctalGame::from_digits(&digits).unwrap().grundy_sequence(60);
        assert_eq!(t, o, "{text}");
    }
    // Grundy's game, 4!.0 and 4?.0 (two heaps not all equal is two unequal heaps): OEIS
    // A002188.
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0,
    ];
    for code in ["4!.0", "4?.0"] {
        let g = TakeAndBreak::parse(code)
            .unwrap()
            .grundy_sequence(300)
            .unwrap();
        assert_eq!(g[..24], a002188);
        assert_eq!(g, GrundyGame.grundy_sequence(300));
    }
    // Kayles, OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7.
    let g = TakeAndBreak::parse("0.77")
        .unwrap()
        .grundy_sequence(16)
        .unwrap();
    assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]);
    // 0.30[3] is the all-but game {2} (CGSuite writes all-but games this way).
    let g = TakeAndBreak::parse("0.30[3]")
        .unwrap()
        .grundy_sequence(200)
        .unwrap();
    assert_eq!(g, AllBut::parse("2").unwrap().grundy_sequence(200));
}

#[test]
fn take_and_break_periods() {
    use partizan::rulesets::take_and_break::take_and_break_periodicity;
    // 0.F: take one token, leave anything: the parity of n (by hand: from an odd heap, take one
    // and leave one heap of even size... every option of an even heap is odd). Period 2.
    let g = TakeAndBreak::parse("0.F")
        .unwrap()
        .grundy_sequence(100)
        .unwrap();
    let p = take_and_break_periodicity(&g, 3, 1).unwrap();
    assert_eq!((p.period, p.preperiod), (2, 0));
    // The certificate needs 3·n0 + 3·p + t = 7 values.
    assert!(take_and_break_periodicity(&g[..7], 3, 1).is_some());
    assert!(take_and_break_periodicity(&g[..6], 3, 1).is_none());
    // Every claimed period of a hexadecimal code with two digits holds far beyond its proof.
    for d1 in 0..16u32 {
        for d2 in 0..16u32 {
            let code = format!("0.{d1:X}{d2:X}");
            let game = TakeAndBreak::parse(&code).unwrap();
            let (h, t) = game.periodicity_parameters().unwrap();
            let short = game.grundy_sequence(120).unwrap();
            if let Some(p) = take_and_break_periodicity(&short, h, t) {
                let long = game.grundy_sequence(240).unwrap();
                for n in p.preperiod..240 - p.period {
                    assert_eq!(long[n + p.period], long[n], "{code} at {n}");
                }
            }
        }
    }
    // No theorem for constrained codes.
    assert_eq!(
        TakeAndBreak::parse("4!.0")
            .unwrap()
            .periodicity_parameters(),
        None
    );
}

#[test]
fn take_and_break_code_errors() {
    for (code, column) in [
        ("0.7W", "column 4"),
        ("0.[3", "column 5"),
        ("0.3]", "column 4"),
        ("0..7", "column 3"),
        ("0.&5", "column 3"),
        ("0.{2,x}", "column 6"),
        ("2.0", "column 1"),
        ("*.0", "column 1"),
        ("44.0", "column 1"),
        ("0.[]", "column 4"),
        ("077", "column 4"),
    ] {
        let e = TakeAndBreak::parse(code).unwrap_err().to_string();
        assert!(e.contains(column), "{code}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Chomp

/// The Grundy value of a diagram by direct search: eat any square but the top-left one, with
/// everything below and right of it.
fn chomp_brute(rows: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut options = Vec::new();
    for i in 0..rows.len() {
        for j in 0..rows[i] {
            if (i, j) == (0, 0) {
                continue;
            }
            let next: Vec<u8> = rows
                .iter()
                .enumerate()
                .map(|(r, &len)| if r >= i { len.min(j) } else { len })
                .filter(|&len| len > 0)
                .collect();
            options.push(chomp_brute(&next, memo));
        }
    }
    let v = mex(options);
    memo.insert(rows.to_vec(), v);
    v
}

/// Every Young diagram inside `rows × cols` (rows non-increasing, the first non-empty).
fn diagrams(rows: usize, cols: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut stack: Vec<Vec<u8>> = (1..=cols).map(|c| vec![c]).collect();
    while let Some(d) = stack.pop() {
        if d.len() < rows {
            for c in 1..=d[d.len() - 1] {
                let mut e = d.clone();
                e.push(c);
                stack.push(e);
            }
        }
        out.push(d);
    }
    out
}

#[test]
fn chomp_against_brute_force() {
    let mut memo = HashMap::new();
    let mut solver = GrundySolver::new(Chomp::new());
    let mut plain = GrundySolver::new(Chomp::rules_only());
    for d in diagrams(5, 5) {
        let b = chomp_brute(&d, &mut memo);
        let rows: Vec<u16> = d.iter().map(|&r| u16::from(r)).collect();
        assert_eq!(solver.grundy(&rows), b, "{d:?}");
        assert_eq!(plain.grundy(&rows), b, "{d:?}");
        assert_eq!(chomp::grundy(&rows).unwrap(), b);
    }
    // The table agrees cell by cell with the search.
    let t = partizan::rulesets::table_with(
        "chomp",
        &TableParams::new().with("rows", 5).with("cols", 5),
    )
    .unwrap();
    for r in 1..=5u8 {
        for c in 1..=5u8 {
            let b = chomp_brute(&vec![c; r as usize], &mut memo);
            assert_eq!(t.cells[r as usize - 1][c as usize - 1], b.to_string());
        }
    }
}

#[test]
fn chomp_theorems() {
    let mut solver = GrundySolver::new(Chomp::rules_only());
    let rect = |r: usize, c: usize| chomp::rectangle(r, c).unwrap();
    // Strategy stealing (Gale 1974): every rectangle but 1 × 1 is a first-player win.
    assert_eq!(solver.grundy(&rect(1, 1)), 0);
    for r in 1..=7 {
        for c in 1..=7 {
            if (r, c) != (1, 1) {
                assert_ne!(solver.grundy(&rect(r, c)), 0, "{r} x {c}");
            }
        }
    }
    // n × n: eating (2, 2) leaves an L with equal arms, a second-player win; any L-shape with
    // arms a − 1 and b is two Nim heaps.
    for n in 2..=7u16 {
        let mut l = vec![n];
        l.extend(std::iter::repeat_n(1, usize::from(n) - 1));
        assert_eq!(solver.grundy(&l), 0, "L of {n}");
    }
    for a in 1..=8u16 {
        for b in 0..=8u16 {
            let mut l = vec![a];
            l.extend(std::iter::repeat_n(1, usize::from(b)));
            assert_eq!(solver.grundy(&l), u64::from(a - 1) ^ u64::from(b));
        }
    }
    // Two rows: second-player wins exactly when the rows are a and a − 1.
    for a in 1..=12u16 {
        for b in 0..=a {
            let rows: Vec<u16> = if b == 0 { vec![a] } else { vec![a, b] };
            assert_eq!(solver.grundy(&rows) == 0, b + 1 == a, "{a}, {b}");
        }
    }
    // A 1 × n row is a Nim heap of n − 1.
    assert_eq!(
        partizan::rulesets::call(
            "chomp",
            &[Arg::Game(Game::integer(1)), Arg::Game(Game::integer(9))],
            &[]
        )
        .unwrap()
        .unwrap(),
        Game::nimber(8)
    );
}

// ---------------------------------------------------------------------------------------------
// Command line: values, and bad input on one line with exit status 2

fn run(args: &[&str]) -> (i32, String, String) {
    crate::util::cli::run(args).parts()
}

#[test]
fn command_line() {
    let (code, out, _) = run(&["eval", "coin_turning(\"mock_turtles\", \"THHTH\")"]);
    // Heads on 2, 3, 5: 2 ⊕ 4 ⊕ 8 = 14.
    assert_eq!((code, out.trim()), (0, "*14"));
    let (code, out, _) = run(&[
        "eval",
        "chomp(\"3,2\") + all_but(\"1\", 9) + take_and_break(\"4!.0\", 5)",
    ]);
    // chomp: rows 3, 2 is (a, a − 1): 0; all-but {1}: ⌊9/2⌋ = 4; Grundy's game 5: 2.
    assert_eq!((code, out.trim()), (0, "*6"));
    let (code, out, _) = run(&["grundy", "all_but", "1,2", "--to", "8"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(1), Some("0 0 0 1 1 1 2 2 2"));
    assert!(out
        .lines()
        .nth(2)
        .unwrap()
        .starts_with("period 3, pre-period 0 (proven: arithmetic-periodic, G(n + 3) = G(n) + 1"));
    let (code, out, _) = run(&["grundy", "take_and_break", "0.F", "--to", "5"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "period 2, pre-period 0 (proven: periodicity theorem for moves leaving at most 3 heaps"
        ),
        "{out}"
    );

    fails(&["eval", "coin_turning(\"ruler\", \"THQ\")"], "column 3");
    fails(&["eval", "coin_turning(\"1-3Z\", \"TH\")"], "column 4");
    fails(&["eval", "chomp(\"3,4\")"], "row 2");
    fails(&["eval", "chomp(0, 3)"], "at least 1");
    fails(&["eval", "chomp(40, 40)"], "sub-positions");
    fails(&["eval", "all_but(\"1,-2\", 5)"], "item 2");
    fails(&["eval", "take_and_break(\"0.7Z\", 5)"], "column 4");
    fails(
        &["grundy", "take_and_break", "2.0", "--to", "3"],
        "column 1",
    );
    fails(
        &["grundy", "take_and_break", "0.[7", "--to", "3"],
        "column 5",
    );
    fails(
        &["grundy", "all_but", "0", "--to", "3"],
        "0 is never a move",
    );
    fails(&["grundy", "coin_turning", "1+", "--to", "40"], "too many");
    fails(&["table", "chomp", "rows=12", "cols=12"], "sub-positions");
    fails(&["table", "coin_turning", "coins=0"], "coins");
}

// ---------------------------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshot_tables() {
    // Coin-turning values, checked above against OEIS A000069, A006519, A002188 and n, n − 1.
    let t = partizan::rulesets::table_with("coin_turning", &TableParams::new().with("coins", 32))
        .unwrap();
    snapshot("coin_turning_32", &t.to_tsv());
    // Chomp rectangles up to 8 × 8: the 5 × 5 corner checked against the search above; the
    // whole table here against the same search.
    let t = partizan::rulesets::table_with("chomp", &TableParams::new().with("size", 8)).unwrap();
    let mut memo = HashMap::new();
    for r in 1..=8u8 {
        for c in 1..=8u8 {
            let b = chomp_brute(&vec![c; r as usize], &mut memo);
            assert_eq!(t.cells[r as usize - 1][c as usize - 1], b.to_string());
        }
    }
    snapshot("chomp_table_8x8", &t.to_tsv());
    // The first values of a few all-but games and take-and-break codes (checked above against
    // brute force).
    let mut text = String::new();
    for set in ["1", "2", "1,2", "2,3", "1,2,4", "3,5,7,8"] {
        let g = AllBut::parse(set).unwrap().grundy_sequence(60);
        text += &Table::sequence(
            &format!("all but {{{set}}}"),
            "n",
            g.iter().map(u32::to_string),
        )
        .to_tsv();
    }
    snapshot("all_but_60", &text);
    let mut text = String::new();
    for code in ["0.F", "0.8", "8.0", "0.B4", "4!.0", "8?.0", "0.1[4]"] {
        let g = TakeAndBreak::parse(code)
            .unwrap()
            .grundy_sequence(60)
            .unwrap();
        text += &Table::sequence(code, "n", g.iter().map(u32::to_string)).to_tsv();
    }
    snapshot("take_and_break_60", &text);
}
