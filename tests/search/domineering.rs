//! Domineering's bitboard outcome search (`partizan::rulesets::domineering::search`) against
//! outcomes found outside it: a plain minimax of the rules written here (random boards with
//! holes, both players to move), the outcome of the canonical form (every small rectangle and
//! random boards), and the winners of empty rectangles in the literature (BUH; Uiterwijk).

use super::{SEARCH_DEFAULT as DEFAULT, SEARCH_TINY as TINY};
use crate::util::random::Rng;
use crate::util::reference::class;
use partizan::rulesets::domineering::search::{search, MAX_SQUARES};
use partizan::rulesets::domineering::{position, value, Board};
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

/// A random `rows × cols` board whose squares are empty with probability `empty_in_16 / 16`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, empty_in_16: u64) -> Board {
    let cells = (0..rows * cols)
        .map(|_| rng.below(16) < empty_in_16)
        .collect();
    Board::from_cells(rows, cols, cells).unwrap()
}

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
                class(wins[0], wins[1]),
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
        assert_eq!(class(wins[0], wins[1]), value(&board).outcome(), "{board}");
    }
}

#[test]
fn empty_square_boards_from_the_literature() {
    // BUH (8×8, a first-player win, and their table of the boards up to it): the first player
    // wins 6×6 and 7×7. 8×8 is in docs/PERFORMANCE.md: it takes longer than a test should.
    for (n, o) in [(6, Outcome::N), (7, Outcome::N)] {
        let p = position(Board::rectangle(n, n));
        let (found, stats) = p.outcome_by_search(SearchOptions::default()).unwrap();
        assert_eq!(found, o, "{n}x{n} ({stats})");
    }
}

#[test]
fn rectangles_with_left_first_from_the_literature() {
    // Uiterwijk's theorems on `m × n` boards (m rows, n columns) with Vertical, our Left,
    // moving first: Vertical wins every m×3 board (m > 1) and every 2k×n board for n = 3, 5, 7,
    // 9, 11; Horizontal wins every 3×n board (n > 3), every m×2k board for m = 5, 9, and every
    // m×4k board for m = 3, 7, 11.
    let left_wins = [
        (2, 3),
        (5, 3),
        (8, 3),
        (4, 5),
        (6, 5),
        (2, 7),
        (4, 7),
        (2, 9),
        (4, 9),
    ];
    let right_wins = [
        (3, 4),
        (3, 6),
        (3, 9),
        (3, 12),
        (5, 4),
        (5, 6),
        (5, 8),
        (9, 4),
        (7, 4),
    ];
    for ((rows, cols), expected) in left_wins
        .iter()
        .map(|&b| (b, true))
        .chain(right_wins.iter().map(|&b| (b, false)))
    {
        let (wins, stats) = search(
            &Board::rectangle(rows, cols),
            &[true],
            SearchOptions::default(),
        )
        .unwrap();
        assert_eq!(wins, [expected], "{rows}x{cols}, Left first ({stats})");
    }
}

#[test]
fn boards_too_large_are_left_to_the_generic_search() {
    // 9×8 has more than 64 squares: `search` declines (the family's search hands such a board
    // to the generic search, below); a row of 64 squares is searched here.
    assert!(search(&Board::rectangle(9, 8), &[true], DEFAULT).is_none());
    let row = search(&Board::rectangle(1, MAX_SQUARES), &[true, false], DEFAULT).unwrap();
    assert_eq!(row.0, [false, true]);
    // A large board whose empty squares fit in a 2×3 box is cropped and searched here: the
    // 2×3 rectangle is {2 | -1/2}, first-player win.
    let mut cells = vec![false; 10 * 10];
    for (r, c) in [(4, 4), (4, 5), (4, 6), (5, 4), (5, 5), (5, 6)] {
        cells[r * 10 + c] = true;
    }
    let board = Board::from_cells(10, 10, cells).unwrap();
    let (wins, _) = search(&board, &[true, false], DEFAULT).unwrap();
    assert_eq!(class(wins[0], wins[1]), Outcome::N);
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
