//! The rulesets taken from MCGS (github.com/ualberta-mueller-group/MCGS) against sources outside
//! the engine: a brute-force outcome search written here from the rules alone (exhaustive
//! minimax over explicit boards: no regions, no canonical forms, no solver of the crate), and the
//! outcomes MCGS's own test files record for its positions (tests/data/mcgs_*.txt).

// splitmix64 with a fixed seed per test, so that every run tests the same boards.
use crate::util::random::Rng;
use crate::util::reference::{brute, class};
use crate::util::snapshot;
use partizan::rulesets::{king_dirt, sheep};
use partizan::solve::{Table, TableParams};
use partizan::{Game, Outcome};
use std::collections::HashMap;

/// A board as text in MCGS's notation: integers separated by ", ", rows by " | ".
fn text(rows: usize, cols: usize, cells: &[i32]) -> String {
    (0..rows)
        .map(|r| {
            cells[r * cols..(r + 1) * cols]
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The outcome partizan computes for a Sheep board.
fn sheep_outcome(s: &str) -> Outcome {
    let b = sheep::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    sheep::value(&b).outcome()
}

// ---------------------------------------------------------------------------------------------
// Sheep, by brute force from the rules as stated in src/rulesets/grids/sheep.rs: Black (Left)
// owns the positive herds; a herd of n ≥ 2 sends 1..n−1 sheep sliding, in one of six directions
// (up, up-right, right, down, down-left, left), as far as the empty squares go, at least one
// step.
// ---------------------------------------------------------------------------------------------

struct SheepBrute {
    rows: i32,
    cols: i32,
    memo: HashMap<(Vec<i32>, bool), bool>,
}

impl SheepBrute {
    fn new(rows: usize, cols: usize) -> SheepBrute {
        SheepBrute {
            rows: rows as i32,
            cols: cols as i32,
            memo: HashMap::new(),
        }
    }

    fn moves(&self, cells: &[i32], black: bool) -> Vec<Vec<i32>> {
        let sign = if black { 1 } else { -1 };
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let herd = cells[(r * self.cols + c) as usize] * sign;
                if herd < 2 {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)] {
                    let (mut tr, mut tc) = (r, c);
                    loop {
                        let (nr, nc) = (tr + dr, tc + dc);
                        if nr < 0 || nc < 0 || nr >= self.rows || nc >= self.cols {
                            break;
                        }
                        if cells[(nr * self.cols + nc) as usize] != 0 {
                            break;
                        }
                        (tr, tc) = (nr, nc);
                    }
                    if (tr, tc) == (r, c) {
                        continue;
                    }
                    for k in 1..herd {
                        let mut next = cells.to_vec();
                        next[(r * self.cols + c) as usize] = sign * (herd - k);
                        next[(tr * self.cols + tc) as usize] = sign * k;
                        out.push(next);
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move (`black` or White) wins.
    fn wins(&mut self, cells: &[i32], black: bool) -> bool {
        if let Some(&w) = self.memo.get(&(cells.to_vec(), black)) {
            return w;
        }
        let w = self
            .moves(cells, black)
            .iter()
            .any(|next| !self.wins(next, !black));
        self.memo.insert((cells.to_vec(), black), w);
        w
    }

    fn outcome(&mut self, cells: &[i32]) -> Outcome {
        class(self.wins(cells, true), self.wins(cells, false))
    }
}

fn check_sheep(rows: usize, cols: usize, cells: &[i32], brute: &mut SheepBrute) {
    let s = text(rows, cols, cells);
    assert_eq!(sheep_outcome(&s), brute.outcome(cells), "sheep({s:?})");
}

#[test]
fn sheep_every_small_board_matches_brute_force() {
    // Every 1 × 4 and 2 × 2 board (and their transposes) with herds of up to three sheep.
    for (rows, cols) in [(1, 4), (4, 1), (2, 2)] {
        let mut brute = SheepBrute::new(rows, cols);
        let n = rows * cols;
        for code in 0..7usize.pow(n as u32) {
            let cells: Vec<i32> = (0..n)
                .map(|i| (code / 7usize.pow(i as u32) % 7) as i32 - 3)
                .collect();
            check_sheep(rows, cols, &cells, &mut brute);
        }
    }
}

#[test]
fn sheep_random_boards_match_brute_force() {
    let mut rng = Rng(0x5EE9);
    let values = [0, 0, 0, 0, 0, 1, -1, 2, -2, 3, -3, 4, -4];
    for (rows, cols, count) in [
        (1, 6, 150),
        (2, 3, 150),
        (3, 2, 100),
        (2, 4, 80),
        (3, 3, 60),
    ] {
        let mut brute = SheepBrute::new(rows, cols);
        for _ in 0..count {
            let cells: Vec<i32> = (0..rows * cols)
                .map(|_| values[rng.below(values.len() as u64) as usize])
                .collect();
            check_sheep(rows, cols, &cells, &mut brute);
        }
    }
}

#[test]
fn sheep_hand_values() {
    let v = |s: &str| sheep::value(&sheep::parse(s).unwrap());
    // Only Black can move: 3 → 2 + 1 → 1 + 1 + 1 along the strip, two moves.
    assert_eq!(v("3, 0, 0"), Game::integer(2));
    assert_eq!(v("0, 0, -3"), Game::integer(-2));
    // Whoever moves first walls the other in.
    assert_eq!(v("2, 0, -2"), Game::star());
    // Herds of one never move.
    assert_eq!(v("1, 0, -1 | 0, 0, 0"), Game::zero());
    assert_eq!(v(""), Game::zero());
    // (0,0) and (1,1) are not neighbours: {−1 | 0} = −1/2 (see the module documentation).
    assert_eq!(v("2, -2 | 0, 0"), Game::dyadic(-1, 1));
    // Separate regions add: two copies of `2, 0, -2` (*) walled apart by herds of one.
    assert_eq!(v("2, 0, -2, 1, 2, 0, -2"), Game::zero());
}

#[test]
fn sheep_parse_errors_are_one_line() {
    for (bad, needle) in [
        ("2, x", "unknown token \"x\" in row 1, column 2"),
        (
            "2, 0 | 0",
            "ragged Sheep board: row 2 has 1 squares but row 1 has 2",
        ),
        ("51, 0", "at most 50 sheep"),
        ("2, 0 | | 0, 0", "ragged"),
    ] {
        let e = sheep::parse(bad).unwrap_err().to_string();
        assert!(e.contains(needle), "{bad:?}: {e}");
        assert!(!e.contains('\n'), "{bad:?}: {e}");
    }
}

/// The MCGS test data: (board, outcome) for each line of `tests/data/NAME`.
fn mcgs_data(name: &str) -> Vec<(String, Outcome)> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        text.starts_with("# "),
        "{path}: the first line cites the source"
    );
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "{l}");
            let win = |field: &str, player: &str| match field.strip_prefix(player) {
                Some(" win") => true,
                Some(" loss") => false,
                _ => panic!("{path}: {l}"),
            };
            (f[0].to_string(), class(win(f[1], "B"), win(f[2], "W")))
        })
        .collect()
}

#[test]
fn sheep_matches_mcgs_tests() {
    let data = mcgs_data("mcgs_sheep.txt");
    assert!(data.len() >= 30);
    for (board, expected) in data {
        assert_eq!(sheep_outcome(&board), expected, "sheep({board:?})");
    }
}

// ---------------------------------------------------------------------------------------------
// Generalised King Dirt, by brute force from the rules as stated in
// src/rulesets/grids/king_dirt.rs: a player places a king from hand on an empty square, or
// (unless must-place applies: a king in hand and an empty square) steps a king to an empty
// king-neighbour, leaving dirt behind.
// ---------------------------------------------------------------------------------------------

/// A King Dirt position for the brute force: squares (b'.', b'X', b'O', b'#'), hands, flag.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Kd {
    cells: Vec<u8>,
    hand: [u32; 2],
    must_place: bool,
}

struct KdBrute {
    rows: i32,
    cols: i32,
    memo: HashMap<(Kd, bool), bool>,
}

impl KdBrute {
    fn new(rows: usize, cols: usize) -> KdBrute {
        KdBrute {
            rows: rows as i32,
            cols: cols as i32,
            memo: HashMap::new(),
        }
    }

    fn moves(&self, p: &Kd, black: bool) -> Vec<Kd> {
        let (me, idx) = if black { (b'X', 0) } else { (b'O', 1) };
        let mut out = Vec::new();
        let mut placed = false;
        if p.hand[idx] > 0 {
            for i in 0..p.cells.len() {
                if p.cells[i] == b'.' {
                    let mut q = p.clone();
                    q.cells[i] = me;
                    q.hand[idx] -= 1;
                    out.push(q);
                    placed = true;
                }
            }
        }
        if p.must_place && placed {
            return out;
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                if p.cells[(r * self.cols + c) as usize] != me {
                    continue;
                }
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (nr, nc) = (r + dr, c + dc);
                        if (dr, dc) == (0, 0)
                            || nr < 0
                            || nc < 0
                            || nr >= self.rows
                            || nc >= self.cols
                        {
                            continue;
                        }
                        let to = (nr * self.cols + nc) as usize;
                        if p.cells[to] == b'.' {
                            let mut q = p.clone();
                            q.cells[(r * self.cols + c) as usize] = b'#';
                            q.cells[to] = me;
                            out.push(q);
                        }
                    }
                }
            }
        }
        out
    }

    fn wins(&mut self, p: &Kd, black: bool) -> bool {
        if let Some(&w) = self.memo.get(&(p.clone(), black)) {
            return w;
        }
        let w = self.moves(p, black).iter().any(|q| !self.wins(q, !black));
        self.memo.insert((p.clone(), black), w);
        w
    }

    fn outcome(&mut self, p: &Kd) -> Outcome {
        class(self.wins(p, true), self.wins(p, false))
    }
}

fn kd_text(rows: usize, cols: usize, p: &Kd) -> String {
    let board: Vec<String> = (0..rows)
        .map(|r| String::from_utf8(p.cells[r * cols..(r + 1) * cols].to_vec()).unwrap())
        .collect();
    format!(
        "{},{},{}:{}",
        p.hand[0],
        p.hand[1],
        p.must_place as u8,
        board.join("|")
    )
}

fn king_dirt_outcome(s: &str) -> Outcome {
    let p = king_dirt::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    king_dirt::value(&p).outcome()
}

fn check_kd(rows: usize, cols: usize, p: &Kd, brute: &mut KdBrute) {
    let s = kd_text(rows, cols, p);
    assert_eq!(king_dirt_outcome(&s), brute.outcome(p), "king_dirt({s:?})");
}

#[test]
fn king_dirt_every_small_board_matches_brute_force() {
    const SQUARES: [u8; 4] = [b'.', b'X', b'O', b'#'];
    for (rows, cols) in [(1, 3), (1, 4), (2, 2), (2, 3), (3, 2)] {
        let mut brute = KdBrute::new(rows, cols);
        let n = rows * cols;
        for code in 0..4usize.pow(n as u32) {
            let cells: Vec<u8> = (0..n).map(|i| SQUARES[code >> (2 * i) & 3]).collect();
            for b in 0..=2 {
                for w in 0..=2 {
                    for must_place in [false, true] {
                        let p = Kd {
                            cells: cells.clone(),
                            hand: [b, w],
                            must_place,
                        };
                        check_kd(rows, cols, &p, &mut brute);
                    }
                }
            }
        }
    }
}

#[test]
fn king_dirt_random_boards_match_brute_force() {
    let mut rng = Rng(0x1D17);
    const SQUARES: [u8; 6] = [b'.', b'.', b'.', b'X', b'O', b'#'];
    let mut brute = KdBrute::new(3, 3);
    for _ in 0..300 {
        let p = Kd {
            cells: (0..9).map(|_| SQUARES[rng.below(6) as usize]).collect(),
            hand: [rng.below(3) as u32, rng.below(3) as u32],
            must_place: rng.below(2) == 1,
        };
        check_kd(3, 3, &p, &mut brute);
    }
}

#[test]
fn king_dirt_hand_values() {
    let v = |s: &str| king_dirt::value(&king_dirt::parse(s).unwrap());
    // Black steps once and is stuck: {0 | } = 1.
    assert_eq!(v("X."), Game::integer(1));
    assert_eq!(v("x.O"), Game::star());
    assert_eq!(v("1,0,0:."), Game::integer(1));
    // Without kings in hand the prefix may be left out.
    assert_eq!(v("0,0,0:X.|.O"), v("X.|.O"));
    // Two separated copies of `X.O` (*) add to 0.
    assert_eq!(v("X.O#X.O"), Game::zero());
    // Must place: White may not step while she can place; {0 | 0} either way here.
    assert_eq!(v("0,1,1:O.."), v("0,1,0:O.."));
}

#[test]
fn king_dirt_parse_errors_are_one_line() {
    for (bad, needle) in [
        ("X.|.", "ragged"),
        ("X.a", "unknown character 'a' in row 1, column 3"),
        ("1,1:X.", "bad parameters \"1,1\""),
        ("1,1,2:X.", "bad parameters"),
        ("-1,0,0:X.", "bad parameters"),
    ] {
        let e = king_dirt::parse(bad).unwrap_err().to_string();
        assert!(e.contains(needle), "{bad:?}: {e}");
        assert!(!e.contains('\n'), "{bad:?}: {e}");
    }
}

#[test]
fn king_dirt_matches_mcgs_tests() {
    let data = mcgs_data("mcgs_king_dirt.txt");
    assert!(data.len() >= 30);
    for (position, expected) in data {
        assert_eq!(
            king_dirt_outcome(&position),
            expected,
            "king_dirt({position:?})"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The tables of Sheep and King Dirt, cell by cell against values built from the brute-force
// moves above by `util::reference::brute` (every move of both players, evaluated the same way, put
// together with `Game::new`: no regions, no solver of the crate).
// ---------------------------------------------------------------------------------------------

/// The table of `sheep` with `params`, checked cell by cell: Black's herd of `black` in the
/// top-left corner, White's of `white` in the bottom-right, `-` for the 1 × 1 board.
fn check_sheep_table(params: TableParams, black: i32, white: i32) -> Table {
    let table = partizan::rulesets::table_with("sheep", &params).unwrap();
    for (r, row) in table.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (rows, cols) = (r + 1, c + 1);
            if rows * cols == 1 {
                assert_eq!(cell, "-");
                continue;
            }
            let mut cells = vec![0; rows * cols];
            cells[0] = black;
            cells[rows * cols - 1] = -white;
            let rules = SheepBrute::new(rows, cols);
            let moves = |b: &Vec<i32>, black: bool| rules.moves(b, black);
            let expected = brute(&cells, &moves, &mut HashMap::new());
            let board = text(rows, cols, &cells);
            assert_eq!(*cell, expected.to_string(), "sheep({board:?})");
            if black == white {
                // The half turn with the colours exchanged maps the board to its negative.
                assert_eq!(expected, -expected, "sheep({board:?})");
            }
        }
    }
    table
}

#[test]
fn sheep_table_matches_brute_force() {
    let table = check_sheep_table(TableParams::new(), 3, 3);
    assert_eq!((table.rows.len(), table.columns.len()), (3, 4));
    snapshot("sheep_table_3x4", &table.to_tsv());
    let params = |rows: i64, cols: i64, black: i64, white: i64| {
        TableParams::new()
            .with("rows", rows)
            .with("cols", cols)
            .with("black", black)
            .with("white", white)
    };
    check_sheep_table(params(3, 4, 3, 2), 3, 2);
    check_sheep_table(params(2, 5, 2, 5), 2, 5);
    // The limits, one line each.
    for (params, message) in [
        (TableParams::new().with("size", 5), "the table stops at 16"),
        (
            TableParams::new().with("black", 7),
            "black must be between 2 and 6",
        ),
        (
            TableParams::new().with("white", 1),
            "white must be between 2 and 6",
        ),
    ] {
        let e = partizan::rulesets::table_with("sheep", &params)
            .unwrap_err()
            .to_string();
        assert!(e.contains(message), "{e}");
    }
}

/// The table of `king_dirt` with `params`, checked cell by cell: the empty board with `hand`
/// kings in hand (Black's, White's) and `must_place`.
fn check_king_dirt_table(params: TableParams, hand: [u32; 2], must_place: bool) -> Table {
    let table = partizan::rulesets::table_with("king_dirt", &params).unwrap();
    for (r, row) in table.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (rows, cols) = (r + 1, c + 1);
            let p = Kd {
                cells: vec![b'.'; rows * cols],
                hand,
                must_place,
            };
            let rules = KdBrute::new(rows, cols);
            let moves = |q: &Kd, black: bool| rules.moves(q, black);
            let expected = brute(&p, &moves, &mut HashMap::new());
            assert_eq!(*cell, expected.to_string(), "{}", kd_text(rows, cols, &p));
            if hand[0] == hand[1] {
                // Exchanging the colours maps the board to its negative.
                assert_eq!(expected, -expected, "{}", kd_text(rows, cols, &p));
            }
        }
    }
    table
}

#[test]
fn king_dirt_table_matches_brute_force() {
    let table = check_king_dirt_table(TableParams::new(), [1, 1], false);
    assert_eq!((table.rows.len(), table.columns.len()), (3, 3));
    snapshot("king_dirt_table_3x3", &table.to_tsv());
    let params = |b: i64, w: i64, m: i64| {
        TableParams::new()
            .with("rows", 2)
            .with("cols", 3)
            .with("black", b)
            .with("white", w)
            .with("must_place", m)
    };
    check_king_dirt_table(params(2, 1, 0), [2, 1], false);
    check_king_dirt_table(params(1, 1, 1), [1, 1], true);
    check_king_dirt_table(params(0, 2, 1), [0, 2], true);
    for (params, message) in [
        (
            TableParams::new().with("rows", 3).with("cols", 5),
            "the table stops at 12",
        ),
        (
            TableParams::new().with("black", 3),
            "black must be between 0 and 2",
        ),
        (
            TableParams::new().with("must_place", 2),
            "must_place must be between 0 and 1",
        ),
    ] {
        let e = partizan::rulesets::table_with("king_dirt", &params)
            .unwrap_err()
            .to_string();
        assert!(e.contains(message), "{e}");
    }
}
