//! Domineering's bitboard outcome search (`partizan::rulesets::domineering_search`) against
//! outcomes found outside it: a plain minimax of the rules written here (random boards with
//! holes, both players to move), the outcome of the canonical form (every small rectangle and
//! random boards), and the outcomes of empty square boards in the literature (BUH; Bullock;
//! Lachmann, Moore and Rapaport, "Who wins Domineering on rectangular boards?", 2002).

mod common;

use common::Rng;
use partizan::rulesets::domineering::{position, value, Board};
use partizan::rulesets::domineering_search::{search, MAX_SQUARES};
use partizan::solve::outcome::SearchOptions;
use partizan::Outcome;
use std::collections::HashMap;

/// Whether the player to move wins, from the rules alone: a memoised minimax over the set of
/// empty squares (bit `r * cols + c`), Left placing vertical dominoes, Right horizontal ones.
struct Minimax {
    rows: usize,
    cols: usize,
    memo: HashMap<(u64, bool), bool>,
}

impl Minimax {
    fn wins(&mut self, empty: u64, left: bool) -> bool {
        if let Some(&w) = self.memo.get(&(empty, left)) {
            return w;
        }
        let mut wins = false;
        'moves: for r in 0..self.rows {
            for c in 0..self.cols {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                if r2 >= self.rows || c2 >= self.cols {
                    continue;
                }
                let pair = 1u64 << (r * self.cols + c) | 1u64 << (r2 * self.cols + c2);
                if empty & pair == pair && !self.wins(empty & !pair, !left) {
                    wins = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert((empty, left), wins);
        wins
    }
}

fn outcome(left_first: bool, right_first: bool) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// A random `rows × cols` board whose squares are empty with probability `empty_in_16 / 16`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, empty_in_16: u64) -> Board {
    let cells = (0..rows * cols)
        .map(|_| rng.below(16) < empty_in_16)
        .collect();
    Board::from_cells(rows, cols, cells).unwrap()
}

const DEFAULT: SearchOptions = SearchOptions {
    table_entries: 1 << 16,
    component_budget: 0,
};

/// A table of 4 entries, so that results are replaced again and again.
const TINY: SearchOptions = SearchOptions {
    table_entries: 4,
    component_budget: 0,
};

#[test]
fn agrees_with_a_minimax_of_the_rules() {
    let mut rng = Rng(0x0d0e_5ea4c4);
    let mut checked = 0;
    while checked < 3000 {
        let rows = 1 + rng.below(6) as usize;
        let cols = 1 + rng.below(6) as usize;
        let density = 8 + rng.below(8);
        let board = random_board(&mut rng, rows, cols, density);
        let free = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| board.is_empty(r, c))
            .count();
        if free > 20 {
            continue;
        }
        let mut empty = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                if board.is_empty(r, c) {
                    empty |= 1 << (r * cols + c);
                }
            }
        }
        let mut minimax = Minimax {
            rows,
            cols,
            memo: HashMap::new(),
        };
        let expected = [minimax.wins(empty, true), minimax.wins(empty, false)];
        for options in [DEFAULT, TINY] {
            let (wins, _) = search(&board, &[true, false], options).unwrap();
            assert_eq!(wins, expected, "{board} with {options:?}");
        }
        // One side at a time, as `wins_moving_first` asks.
        let (right, _) = search(&board, &[false], DEFAULT).unwrap();
        assert_eq!(right, [expected[1]], "{board}, Right first");
        checked += 1;
    }
}

#[test]
fn agrees_with_the_canonical_form() {
    // Every rectangle of at most 20 squares, and the 5×5.
    for rows in 1..=6 {
        for cols in 1..=6 {
            if rows * cols > 20 && (rows, cols) != (5, 5) {
                continue;
            }
            let board = Board::rectangle(rows, cols);
            let (wins, _) = search(&board, &[true, false], DEFAULT).unwrap();
            assert_eq!(
                outcome(wins[0], wins[1]),
                value(&board).outcome(),
                "{rows}x{cols}"
            );
        }
    }
    // Random boards with holes, up to 5×6.
    let mut rng = Rng(0xca40_41ca1);
    for _ in 0..300 {
        let rows = 2 + rng.below(4) as usize;
        let cols = 2 + rng.below(5) as usize;
        let density = 11 + rng.below(5);
        let board = random_board(&mut rng, rows, cols, density);
        let (wins, _) = search(&board, &[true, false], DEFAULT).unwrap();
        assert_eq!(
            outcome(wins[0], wins[1]),
            value(&board).outcome(),
            "{board}"
        );
    }
}

#[test]
fn empty_square_boards_from_the_literature() {
    // BUH (table of the boards they solved, up to 8×8; Bullock's thesis repeats it): the
    // first player wins on 2×2, 3×3, 4×4, 6×6 and 7×7, the second on 5×5. 8×8 (first player,
    // BUH) is in docs/PERFORMANCE.md: it takes longer than a test should.
    let expected = [
        (2, Outcome::N),
        (3, Outcome::N),
        (4, Outcome::N),
        (5, Outcome::P),
        (6, Outcome::N),
        (7, Outcome::N),
    ];
    for (n, o) in expected {
        let p = position(Board::rectangle(n, n));
        let (found, stats) = p.outcome_by_search(SearchOptions::default()).unwrap();
        assert_eq!(found, o, "{n}x{n} ({stats})");
    }
}

#[test]
fn boards_too_large_are_left_to_the_generic_search() {
    // 9×8 has more than 64 squares: `search` declines, and the position is still searched.
    assert!(search(&Board::rectangle(9, 8), &[true], DEFAULT).is_none());
    assert!(MAX_SQUARES < 72);
    // A large board whose empty squares fit in a 2×3 box is cropped and searched here: the
    // 2×3 rectangle is {2 | -1/2}, first-player win.
    let mut cells = vec![false; 10 * 10];
    for (r, c) in [(4, 4), (4, 5), (4, 6), (5, 4), (5, 5), (5, 6)] {
        cells[r * 10 + c] = true;
    }
    let board = Board::from_cells(10, 10, cells).unwrap();
    let (wins, _) = search(&board, &[true, false], DEFAULT).unwrap();
    assert_eq!(outcome(wins[0], wins[1]), Outcome::N);
    // A strip of 70 squares and a 2×2 square, 3 rows apart, are beyond the bitboard and go
    // to the generic search.
    let text = format!(
        "{}|{}|{}",
        ".".repeat(70),
        "#".repeat(70),
        "..".to_string() + &"#".repeat(68)
    );
    let text = format!("{text}|..{}", "#".repeat(68));
    let p = position(Board::parse(&text).unwrap());
    let (found, _) = p.outcome_by_search(DEFAULT).unwrap();
    assert_eq!(found, value(&Board::parse(&text).unwrap()).outcome());
}

#[test]
fn every_position_of_a_board_without_moves_is_lost_by_the_mover() {
    for text in ["#", "#.#|.#.", ".", "#.|.#"] {
        let board = Board::parse(text).unwrap();
        let (wins, _) = search(&board, &[true, false], DEFAULT).unwrap();
        assert_eq!(wins, [false, false], "{text}");
    }
}
