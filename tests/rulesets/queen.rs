//! The partizan Queen against the paper: Theorem 3.1, formula (4), the claim that orthogonal
//! limits change nothing, and Tables 2 and 3 (`tests/data`).

use crate::util::snapshot;
use partizan::rulesets::queen::{queen_table, PartizanQueen};
use partizan::solve::{Solver, Table};
use partizan::{Game, Nus};

/// The paper's closed form: `x − y + *(min(x, y) mod p)` (Theorem 3.1 when there is no `p`).
fn formula(x: usize, y: usize, p: Option<u64>) -> Game {
    let m = x.min(y) as u64;
    Game::nus(Nus {
        number: (x as i64 - y as i64).into(),
        ups: 0,
        nimber: p.map_or(m, |p| m % p),
    })
}

fn check(n: usize, p: Option<u64>, q: Option<u64>) {
    let rules = PartizanQueen::new(p, q).unwrap();
    let table = queen_table(n, n, rules, false);
    for y in 0..n {
        for x in 0..n {
            assert_eq!(
                table[y * n + x],
                formula(x, y, p),
                "cell ({x},{y}) with p = {p:?}, q = {q:?}"
            );
        }
    }
}

#[test]
fn theorem_3_1_on_every_cell_up_to_64() {
    check(64, None, None);
}

#[test]
fn formula_4_on_every_cell_up_to_64_for_p_2_to_6() {
    for p in 2..=6 {
        check(64, Some(p), None);
    }
}

#[test]
fn orthogonal_limits_change_nothing() {
    // The paper: limiting the orthogonal moves to q − 1 steps leaves the values unchanged.
    for q in [2, 9] {
        check(64, None, Some(q));
    }
    for q in [2, 3, 5, 9] {
        for p in 2..=6 {
            check(64, Some(p), Some(q));
        }
    }
}

#[test]
fn without_orthogonal_moves_the_queen_is_a_nim_heap() {
    // q = 1 forbids orthogonal moves: both players have exactly the diagonal moves, so the game
    // is impartial and the queen is a Nim heap of size min(x, y) (mod p with a diagonal limit).
    let table = queen_table(12, 12, PartizanQueen::new(Some(4), Some(1)).unwrap(), false);
    for y in 0..12 {
        for x in 0..12 {
            assert_eq!(table[y * 12 + x], Game::nimber((x.min(y) % 4) as u64));
        }
    }
}

#[test]
fn the_generic_solver_agrees_with_the_table() {
    for (p, q) in [
        (None, None),
        (Some(3), None),
        (Some(2), Some(3)),
        (None, Some(4)),
    ] {
        let rules = PartizanQueen::new(p, q).unwrap();
        let table = queen_table(14, 14, rules, false);
        let mut solver = Solver::new(rules);
        for y in 0..14 {
            for x in 0..14 {
                assert_eq!(solver.value(&(x as u64, y as u64)), table[y * 14 + x]);
            }
        }
    }
}

#[test]
fn wythoff_by_the_general_constructor_matches_a_mex_table() {
    // Wythoff's game: Grundy values by the mex rule, computed here separately.
    let n = 24;
    let table = queen_table(n, n, PartizanQueen::unlimited(), true);
    let mut g = vec![0u64; n * n];
    for y in 0..n {
        for x in 0..n {
            let mut seen = vec![false; 3 * n + 1];
            for t in 1..=x {
                seen[g[y * n + x - t] as usize] = true;
            }
            for t in 1..=y {
                seen[g[(y - t) * n + x] as usize] = true;
            }
            for t in 1..=x.min(y) {
                seen[g[(y - t) * n + x - t] as usize] = true;
            }
            g[y * n + x] = seen.iter().position(|s| !s).unwrap() as u64;
            assert_eq!(table[y * n + x], Game::nimber(g[y * n + x]), "({x},{y})");
        }
    }
    // The P-positions of Wythoff's game are the pairs (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907).
    for (a, b) in [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
    ] {
        assert_eq!(g[b * n + a], 0);
        assert_eq!(g[a * n + b], 0);
    }
}

fn paper_table(file: &str) -> Table {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Table::from_tsv(&text).unwrap()
}

fn compare_with_paper(ours: &Table, paper: &Table) {
    assert_eq!(ours.columns, paper.columns);
    assert_eq!(ours.rows, paper.rows);
    assert_eq!(ours.cells.len(), paper.cells.len());
    for (y, (row, paper_row)) in ours.cells.iter().zip(&paper.cells).enumerate() {
        assert_eq!(row.len(), paper_row.len());
        for (x, (cell, expected)) in row.iter().zip(paper_row).enumerate() {
            let a: Game = cell.parse().unwrap();
            let b: Game = expected.parse().unwrap();
            assert_eq!(a, b, "cell ({x},{y}): {cell} vs the paper's {expected}");
            assert_eq!(cell, expected, "printed form of cell ({x},{y})");
        }
    }
}

#[test]
fn table_2_of_the_paper() {
    let ours = partizan::rulesets::table("queen", &["size=9".to_string()]).unwrap();
    compare_with_paper(&ours, &paper_table("paper-table2-partizan-queen.tsv"));
    snapshot("queen_table2", &ours.to_tsv());
}

#[test]
fn table_3_of_the_paper() {
    let ours =
        partizan::rulesets::table("queen", &["size=9".to_string(), "p=3".to_string()]).unwrap();
    compare_with_paper(&ours, &paper_table("paper-table3-partizan-queen-p3.tsv"));
    snapshot("queen_table3_p3", &ours.to_tsv());
}
