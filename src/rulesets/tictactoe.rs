//! Tic-tac-toe, solved by minimax: a game that is not normal play (it can end in a draw).
//!
//! **Rules.** A 3×3 board; X moves first, then the players alternate, each marking an empty
//! square. Three marks of one player in a row, column or diagonal win at once; a full board
//! without such a line is a draw.
//!
//! **Input.** A board as nine characters row by row, `X`, `O` and `.` (or `-`, or a space) for
//! empty, e.g. `"X.O.X...."`; whose turn it is follows from the counts (X moves when the counts
//! are equal). [`solve`] evaluates the board with [`crate::solve::minimax::Minimax`].
//!
//! **Facts checked.**
//! - From the empty board the result is a draw (well known; Wikipedia, "Tic-tac-toe").
//! - The number of distinct positions reachable from the empty board in play (play stops at a
//!   win; the empty board and the finished positions included, positions as boards, not up to
//!   symmetry) is **5478**, and **765** up to the 8 symmetries of the square. These are the
//!   published counts (Wikipedia, "Game complexity", tic-tac-toe: "5,478 … 765 essentially
//!   different positions"); ours is the size of the minimax memo, one entry per position.
//! - The number of different games (move sequences to the end) is **255168** (Wikipedia,
//!   "Tic-tac-toe", "Combinatorics").

use crate::solve::minimax::{GameResult, GameTree, Minimax};
use crate::solve::SolveError;
use crate::Error;
use std::collections::HashMap;

/// A board: `cells[i]` for square `i` (row by row), 0 empty, 1 X, 2 O.
pub type Board = [u8; 9];

/// The eight lines.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The player (1 or 2) with a complete line, if any.
pub fn winner(b: &Board) -> Option<u8> {
    LINES
        .iter()
        .find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map(|l| b[l[0]])
}

/// Whose turn it is: 1 (X) when the counts are equal, else 2 (O).
pub fn to_move(b: &Board) -> u8 {
    let x = b.iter().filter(|&&c| c == 1).count();
    let o = b.iter().filter(|&&c| c == 2).count();
    if x == o {
        1
    } else {
        2
    }
}

/// Tic-tac-toe as a [`GameTree`]; `symmetric` identifies boards equal under a rotation or
/// reflection.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe {
    /// Whether positions are normalised under the 8 symmetries of the square.
    pub symmetric: bool,
}

/// The 8 symmetries of the square, as permutations of the squares.
const SYMMETRIES: [[usize; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

impl GameTree for TicTacToe {
    type Position = Board;

    fn result(&self, b: &Board) -> Option<GameResult> {
        if winner(b).is_some() {
            // The previous player completed a line.
            Some(GameResult::Loss)
        } else if b.iter().all(|&c| c != 0) {
            Some(GameResult::Draw)
        } else {
            None
        }
    }

    fn moves(&self, b: &Board) -> Vec<Board> {
        let p = to_move(b);
        (0..9)
            .filter(|&i| b[i] == 0)
            .map(|i| {
                let mut next = *b;
                next[i] = p;
                next
            })
            .collect()
    }

    fn normalize(&self, b: Board) -> Board {
        if !self.symmetric {
            return b;
        }
        SYMMETRIES
            .iter()
            .map(|perm| {
                let mut t = [0u8; 9];
                for (i, &from) in perm.iter().enumerate() {
                    t[i] = b[from];
                }
                t
            })
            .min()
            .expect("eight symmetries")
    }
}

/// Parses a board of nine characters `X`, `O`, `.`/`-`/space (case-insensitive); an error for a
/// board that cannot arise in play (wrong counts, or play continued after a win).
///
/// ```
/// use partizan::rulesets::tictactoe::parse;
/// assert_eq!(parse("X.O.X....").unwrap()[0], 1);
/// assert!(parse("XX.......").is_err());
/// ```
pub fn parse(text: &str) -> Result<Board, Error> {
    let chars: Vec<char> = text.chars().filter(|c| *c != '\n' && *c != '|').collect();
    if chars.len() != 9 {
        return Err(Error::input(format!(
            "a tic-tac-toe board has 9 squares, {text:?} has {}",
            chars.len()
        )));
    }
    let mut b = [0u8; 9];
    for (i, c) in chars.iter().enumerate() {
        b[i] = match c.to_ascii_uppercase() {
            'X' => 1,
            'O' => 2,
            '.' | '-' | ' ' => 0,
            other => {
                return Err(Error::input(format!(
                    "{other:?} is not X, O or . on a tic-tac-toe board"
                )))
            }
        };
    }
    let x = b.iter().filter(|&&c| c == 1).count();
    let o = b.iter().filter(|&&c| c == 2).count();
    if x != o && x != o + 1 {
        return Err(Error::input(format!(
            "{x} X and {o} O cannot arise: X moves first and the players alternate"
        )));
    }
    let both_won = LINES
        .iter()
        .filter(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map(|l| b[l[0]])
        .collect::<std::collections::BTreeSet<u8>>();
    if both_won.len() > 1 {
        return Err(Error::input(
            "both players have a line: play stops at the first",
        ));
    }
    Ok(b)
}

/// The result for the player to move, and the number of distinct positions evaluated.
///
/// ```
/// use partizan::rulesets::tictactoe::solve;
/// use partizan::solve::minimax::GameResult;
/// let (result, positions) = solve(&[0; 9], false).unwrap();
/// assert_eq!(result, GameResult::Draw);
/// assert_eq!(positions, 5478);
/// ```
pub fn solve(board: &Board, symmetric: bool) -> Result<(GameResult, usize), SolveError> {
    let mut m = Minimax::new(TicTacToe { symmetric });
    let r = m.result(board)?;
    Ok((r, m.positions()))
}

/// The number of different games (sequences of moves until a win or a full board) from `board`.
pub fn count_games(board: &Board) -> u64 {
    fn go(b: &Board, memo: &mut HashMap<Board, u64>) -> u64 {
        if let Some(&n) = memo.get(b) {
            return n;
        }
        let t = TicTacToe { symmetric: false };
        let n = if t.result(b).is_some() {
            1
        } else {
            t.moves(b).iter().map(|c| go(c, memo)).sum()
        };
        memo.insert(*b, n);
        n
    }
    // The recursion is at most 9 deep.
    go(board, &mut HashMap::new())
}
