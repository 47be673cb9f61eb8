//! Domineering against independent sources: hand derivations, an independent brute-force
//! evaluator written here (no decomposition, no symmetry), and structural laws.

use crate::util::g;
use crate::util::random::Rng;
use crate::util::snapshot;
use partizan::rulesets::domineering::{value, Board, Domineering};
use partizan::solve::Solver;
use partizan::Game;
use std::collections::HashMap;

fn board(s: &str) -> Board {
    Board::parse(s).unwrap()
}

/// The value of a board from the rules alone: a memoised recursion over the set of empty
/// squares, Left's options from vertical pairs, Right's from horizontal pairs.
struct Brute {
    rows: usize,
    cols: usize,
    memo: HashMap<u64, Game>,
}

impl Brute {
    fn value(b: &Board) -> Game {
        assert!(b.rows() * b.cols() <= 64);
        let mut empty = 0u64;
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                if b.is_empty(r, c) {
                    empty |= 1 << (r * b.cols() + c);
                }
            }
        }
        let mut brute = Brute {
            rows: b.rows(),
            cols: b.cols(),
            memo: HashMap::new(),
        };
        brute.eval(empty)
    }

    fn eval(&mut self, empty: u64) -> Game {
        if let Some(&v) = self.memo.get(&empty) {
            return v;
        }
        let at = |r: usize, c: usize| empty >> (r * self.cols + c) & 1 == 1;
        let mut left = Vec::new();
        let mut right = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let k = r * self.cols + c;
                if r + 1 < self.rows && at(r, c) && at(r + 1, c) {
                    left.push(empty & !(1 << k) & !(1 << (k + self.cols)));
                }
                if c + 1 < self.cols && at(r, c) && at(r, c + 1) {
                    right.push(empty & !(1 << k) & !(1 << (k + 1)));
                }
            }
        }
        let left: Vec<Game> = left.into_iter().map(|e| self.eval(e)).collect();
        let right: Vec<Game> = right.into_iter().map(|e| self.eval(e)).collect();
        let v = Game::new(left, right);
        self.memo.insert(empty, v);
        v
    }
}

#[test]
fn published_small_boards() {
    // Wikipedia, "Domineering", section "Basic examples" (Left places vertical dominoes):
    // a single square is 0; one row of 2 or 3 squares is {| 0} = −1; of 4 squares {| 0, −1} = −2;
    // the 2×2 square is {1 | −1} = ±1; the 2×3 board (2 rows, 3 columns) is {2 | −1/2}, with mean
    // 3/4 and temperature 5/4; the L of four squares left by Right's moves there is
    // {−1 | 0, 1} = −1/2.
    assert_eq!(value(&board(".")), g("0"));
    assert_eq!(value(&board("..")), g("-1"));
    assert_eq!(value(&board("...")), g("-1"));
    assert_eq!(value(&board("....")), g("-2"));
    assert_eq!(value(&board("..|..")), g("+-1"));
    let two_by_three = value(&board("...|..."));
    assert_eq!(two_by_three, g("{2|-1/2}"));
    assert_eq!(two_by_three.mean().to_string(), "3/4");
    assert_eq!(two_by_three.temperature().to_string(), "5/4");
    assert_eq!(value(&board("##.|...")), g("-1/2"));
}

#[test]
fn hand_derived_small_boards() {
    // A vertical pair is one move for Left.
    assert_eq!(value(&board(".|.")), g("1"));
    // A column of n squares holds ⌊n/2⌋ vertical dominoes and only Left can play there.
    for n in 1..=12 {
        let column = vec!["."; n].join("|");
        assert_eq!(value(&board(&column)), Game::integer(n as i64 / 2));
    }
    // The L-tromino: either move leaves a lone square: {0 | 0} = *.
    assert_eq!(value(&board("..|.#")), g("*"));
    // The 2×3 board (2 rows, 3 columns). Left: the middle column leaves two vertical pairs (2),
    // an outer column leaves a 2×2 (±1). Right: any move leaves an L of four squares
    // (a horizontal triple with one square hanging above an end), whose value is
    // {−1 | 0, 1} = {−1 | 0} = −1/2: Left's only move leaves a horizontal pair, Right's moves
    // leave a vertical pair (1) or two lone squares (0). So {2, ±1 | −1/2} = {2 | −1/2}.
    // Its transpose, 3 rows and 2 columns, is the negative: {1/2 | −2}.
    assert_eq!(value(&board("..|..|..")), g("{1/2|-2}"));
    // Separated regions add: two horizontal pairs and a vertical pair.
    assert_eq!(value(&board("..#..|#####|.####")), g("-2"));
    assert_eq!(value(&board("..#..|#####|.####|.####")), g("-1"));
}

#[test]
fn every_small_rectangle_matches_brute_force() {
    // Every r × c rectangle with at most 16 squares.
    let mut solver = Solver::new(Domineering::new());
    for r in 1..=8 {
        for c in 1..=8 {
            if r * c > 16 {
                continue;
            }
            let b = Board::rectangle(r, c);
            assert_eq!(solver.value(&b), Brute::value(&b), "{r}x{c}");
        }
    }
}

fn random_board(rng: &mut Rng, rows: usize, cols: usize, holes_in_8: u64) -> Board {
    let cells = (0..rows * cols)
        .map(|_| rng.next() % 8 >= holes_in_8)
        .collect();
    Board::from_cells(rows, cols, cells).unwrap()
}

#[test]
fn boards_with_holes_match_brute_force_and_the_generic_ruleset() {
    let mut rng = Rng(1);
    let mut fast = Solver::new(Domineering::new());
    let mut generic = Solver::new(Domineering::rules_only());
    for i in 0..150 {
        let (rows, cols) = (2 + (i % 4), 2 + (i / 4 % 4));
        let b = random_board(&mut rng, rows, cols, 2);
        let expected = Brute::value(&b);
        assert_eq!(fast.value(&b), expected, "{b}");
        assert_eq!(generic.value(&b), expected, "{b}");
    }
    for _ in 0..20 {
        let b = random_board(&mut rng, 5, 5, 3);
        assert_eq!(fast.value(&b), Brute::value(&b), "{b}");
    }
}

#[test]
fn the_transpose_negates_and_mirror_images_keep_the_value() {
    let mut rng = Rng(2);
    let mut solver = Solver::new(Domineering::new());
    for i in 0..100 {
        let b = random_board(&mut rng, 3 + i % 3, 4, 2);
        let v = solver.value(&b);
        assert_eq!(solver.value(&b.transpose()), -v, "{b}");
        // Mirror left-right through the text form.
        let text = b.to_string();
        let mirrored: Vec<String> = text
            .split('|')
            .map(|row| row.chars().rev().collect())
            .collect();
        assert_eq!(solver.value(&board(&mirrored.join("|"))), v, "{b}");
    }
}

#[test]
fn boards_beyond_128_squares() {
    // A 1×130 strip: only Right can play, 65 dominoes.
    assert_eq!(value(&board(&".".repeat(130))), Game::integer(-65));
    // A 10×14 board (140 squares) whose regions are separated by holes: the sum of the regions,
    // each evaluated on its own.
    let mut rows = Vec::new();
    for r in 0..10 {
        let row: String = (0..14)
            .map(|c| if c % 5 == 4 || r % 4 == 3 { '#' } else { '.' })
            .collect();
        rows.push(row);
    }
    let big = board(&rows.join("|"));
    assert_eq!(big.rows() * big.cols(), 140);
    // Regions: 3×4 blocks (rows 0-2, 4-6; columns 0-3, 5-8), 3×4 blocks in columns 10-13, and
    // 2×4 / 2×4 blocks in rows 8-9.
    let block = |r: usize, c: usize| value(&Board::rectangle(r, c));
    let expected: Game = std::iter::repeat_n(block(3, 4), 6)
        .chain(std::iter::repeat_n(block(2, 4), 3))
        .sum();
    assert_eq!(value(&big), expected);
}

#[test]
fn a_region_larger_than_128_squares_goes_through_the_generic_solver() {
    // A comb: a full top row of 65 squares with teeth of length 1 below every other square.
    // Its bounding box (2 × 65 = 130 squares) is too large for the engine, so the generic
    // solver expands it. Too large for the brute force, so check consistency: the transpose
    // negates, and the value is {Left's options | Right's options} with every option (which
    // fits the engine) evaluated on its own.
    let top = ".".repeat(65);
    let teeth: String = (0..65)
        .map(|c| if c % 2 == 0 { '.' } else { '#' })
        .collect();
    let comb = board(&format!("{top}|{teeth}"));
    let v = value(&comb);
    assert_eq!(value(&comb.transpose()), -v);
    // Left's moves are the 33 teeth; Right's the 64 horizontal pairs of the top row. Build the
    // value from the options evaluated one by one (each option splits into small regions).
    let mut left = Vec::new();
    let mut right = Vec::new();
    for c in (0..65).step_by(2) {
        let mut t: Vec<char> = format!("{top}|{teeth}").chars().collect();
        t[c] = '#';
        t[66 + c] = '#';
        left.push(value(&board(&t.iter().collect::<String>())));
    }
    for c in 0..64 {
        let mut t: Vec<char> = format!("{top}|{teeth}").chars().collect();
        t[c] = '#';
        t[c + 1] = '#';
        right.push(value(&board(&t.iter().collect::<String>())));
    }
    assert_eq!(v, Game::new(left, right));
}

#[test]
fn bad_boards_are_errors() {
    let e = Board::parse("....|...").unwrap_err().to_string();
    assert!(
        e.contains("ragged board: row 2 has 3 squares but row 1 has 4"),
        "{e}"
    );
    let e = Board::parse("..x.").unwrap_err().to_string();
    assert!(e.contains("unknown character 'x'"), "{e}");
}

#[test]
fn table_of_rectangles() {
    let t = partizan::rulesets::table("domineering", &["rows=4".to_string(), "cols=4".to_string()])
        .unwrap();
    for (r, row) in t.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let expected = Brute::value(&Board::rectangle(r + 1, c + 1));
            assert_eq!(g(cell), expected, "{}x{}", r + 1, c + 1);
        }
    }
    snapshot("domineering_table_4x4", &t.to_tsv());
}

/// The estimate of the engine's region table (which decides what is out of reach) against the
/// table's real size on rectangles it was not measured on: within a factor of 2.
#[test]
fn the_region_estimate_is_close_on_unmeasured_rectangles() {
    use partizan::rulesets::domineering::estimated_regions;
    use partizan::solve::Ruleset;
    for (rows, cols) in [(2, 16), (3, 10), (4, 7), (5, 5), (4, 6)] {
        let d = Domineering::new();
        d.known_value(&Board::rectangle(rows, cols)).unwrap();
        let real = d.engine_positions() as f64;
        let estimate = estimated_regions(rows, cols);
        assert!(
            (0.5..=2.0).contains(&(estimate / real)),
            "{rows}x{cols}: estimate {estimate}, table {real}"
        );
        assert_eq!(estimated_regions(cols, rows), estimate);
    }
}

/// The canonical form of an empty 8×8 board is refused at once as out of reach, with the
/// estimate and the command that finds its outcome, in one line and exit status 2; an 8×8 board
/// with filled squares is not estimated.
#[test]
fn an_empty_8x8_board_is_refused_at_once() {
    let row = "........";
    let text = format!("domineering(\"{}\")", [row; 8].join("|"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["eval", &text])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("out of reach") && err.contains("partizan outcome"),
        "{err}"
    );
    // The same board with all but one row filled is a strip of 8, valued at once.
    let strip = format!("domineering(\"{}|{}\")", row, ["########"; 7].join("|"));
    let v = partizan::eval(&strip).unwrap();
    assert_eq!(v.to_string(), "-4");
}
