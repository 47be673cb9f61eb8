//! NoGo's bitboard outcome search (`partizan::rulesets::nogo::search`) against outcomes found
//! outside it: a plain minimax of the rules written here (random grids with holes, both players
//! to move, tables large and tiny) and the outcome of the canonical form (random grids).

use super::{SEARCH_DEFAULT as DEFAULT, SEARCH_TINY as TINY};
use crate::util::random::Rng;
use crate::util::reference::class;
use partizan::rulesets::nogo::search::search;
use partizan::rulesets::nogo::{parse_grid, value, BLACK, EMPTY, WHITE};
use partizan::solve::outcome::{SearchOptions, SearchStats};
use std::collections::HashMap;

/// A grid: `cells[r * cols + c]` is `None` off the board, else the stone on the point.
#[derive(Clone)]
struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Option<u8>>,
}

impl Grid {
    /// The grid as `nogo` reads it.
    fn text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols {
                s.push(match self.cells[r * self.cols + c] {
                    None => '#',
                    Some(BLACK) => 'x',
                    Some(WHITE) => 'o',
                    Some(_) => '.',
                });
            }
        }
        s
    }

    /// The number of empty points.
    fn free(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Some(EMPTY)).count()
    }

    /// The bitboard search of the grid.
    fn search(&self, sides: &[bool], options: SearchOptions) -> Option<(Vec<bool>, SearchStats)> {
        search(self.rows, self.cols, &self.cells, sides, options)
    }

    /// The points next to point `k`.
    fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (k / self.cols, k % self.cols);
        [
            (r > 0).then(|| k - self.cols),
            (r + 1 < self.rows).then(|| k + self.cols),
            (c > 0).then(|| k - 1),
            (c + 1 < self.cols).then(|| k + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&n| self.cells[n].is_some())
    }

    /// Whether every block of stones has a liberty: each stone reaches an empty point through
    /// stones of its colour.
    fn every_block_breathes(&self) -> bool {
        (0..self.cells.len()).all(|s| match self.cells[s] {
            Some(colour) if colour != EMPTY => {
                let mut seen = vec![false; self.cells.len()];
                let mut stack = vec![s];
                seen[s] = true;
                while let Some(k) = stack.pop() {
                    for n in self.neighbours(k) {
                        match self.cells[n] {
                            Some(EMPTY) => return true,
                            Some(x) if x == colour && !seen[n] => {
                                seen[n] = true;
                                stack.push(n);
                            }
                            _ => {}
                        }
                    }
                }
                false
            }
            _ => true,
        })
    }
}

/// Whether the player to move (Black when `black`) wins, from the rules alone: a stone may go
/// on any empty point after which every block has a liberty; the player with no such point
/// loses. Memoised on the cells.
fn wins(grid: &mut Grid, black: bool, memo: &mut HashMap<(Vec<Option<u8>>, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(grid.cells.clone(), black)) {
        return w;
    }
    let colour = if black { BLACK } else { WHITE };
    let mut result = false;
    for k in 0..grid.cells.len() {
        if grid.cells[k] != Some(EMPTY) {
            continue;
        }
        grid.cells[k] = Some(colour);
        let legal = grid.every_block_breathes();
        let opponent_loses = legal && !wins(grid, !black, memo);
        grid.cells[k] = Some(EMPTY);
        if opponent_loses {
            result = true;
            break;
        }
    }
    memo.insert((grid.cells.clone(), black), result);
    result
}

/// A random position of NoGo on a grid of at most `side × side` cells: each cell off the board
/// with probability `h / 16`, `h` below `holes`, else a stone with probability `s / 16`, `s`
/// below `stones` (of either colour), else empty; `None` when some block has no liberty.
fn random_grid(rng: &mut Rng, side: u64, holes: u64, stones: u64) -> Option<Grid> {
    let rows = 1 + rng.below(side) as usize;
    let cols = 1 + rng.below(side) as usize;
    let (holes, stones) = (rng.below(holes), rng.below(stones));
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.below(16) < holes {
                None
            } else if rng.below(16) < stones {
                Some(if rng.below(2) == 0 { BLACK } else { WHITE })
            } else {
                Some(EMPTY)
            }
        })
        .collect();
    let grid = Grid { rows, cols, cells };
    grid.every_block_breathes().then_some(grid)
}

#[test]
fn agrees_with_a_minimax_of_the_rules() {
    let mut rng = Rng(0x6060_5ea4c4);
    let mut checked = 0;
    while checked < 3000 {
        let Some(mut grid) = random_grid(&mut rng, 5, 4, 8) else {
            continue;
        };
        if grid.free() > 11 {
            continue;
        }
        // A board of several regions with moves is left to the generic search.
        if grid.search(&[true], TINY).is_none() {
            continue;
        }
        let mut memo = HashMap::new();
        let expected = [
            wins(&mut grid, true, &mut memo),
            wins(&mut grid, false, &mut memo),
        ];
        for options in [DEFAULT, TINY] {
            let (found, _) = grid.search(&[true, false], options).unwrap();
            assert_eq!(found, expected, "{} with {options:?}", grid.text());
        }
        // One side at a time, as the position's search asks.
        let (right, _) = grid.search(&[false], DEFAULT).unwrap();
        assert_eq!(right, [expected[1]], "{}, White first", grid.text());
        checked += 1;
    }
}

#[test]
fn agrees_with_the_canonical_form() {
    let mut rng = Rng(0x6060_cafe);
    let mut checked = 0;
    while checked < 300 {
        let Some(grid) = random_grid(&mut rng, 4, 3, 6) else {
            continue;
        };
        // Canonical forms of NoGo grow fast: at most 9 empty points.
        if grid.free() > 9 {
            continue;
        }
        let Some((wins, _)) = grid.search(&[true, false], DEFAULT) else {
            continue;
        };
        let text = grid.text();
        assert_eq!(
            class(wins[0], wins[1]),
            value(&parse_grid(&text).unwrap()).outcome(),
            "{text}"
        );
        checked += 1;
    }
}

#[test]
fn square_grids_use_every_symmetry() {
    // 3 × 3 is a first-player win and 4 × 4 a second-player win (Müller, "Solving NoGo on
    // small board sizes"); the transposes and quarter turns of a square board share entries.
    let empty = |n: usize| vec![Some(EMPTY); n * n];
    let (w3, _) = search(3, 3, &empty(3), &[true, false], DEFAULT).unwrap();
    assert_eq!(class(w3[0], w3[1]), partizan::Outcome::N);
    let (w4, _) = search(4, 4, &empty(4), &[true, false], DEFAULT).unwrap();
    assert_eq!(class(w4[0], w4[1]), partizan::Outcome::P);
}

#[test]
fn larger_grids_are_left_to_the_generic_search() {
    assert!(search(9, 8, &[Some(EMPTY); 72], &[true], DEFAULT).is_none());
    // A long row is searched: 1 × 17 is a first-player win (Du et al., "Solving NoGo on Small
    // Rectangular Boards").
    let (row, _) = search(1, 17, &[Some(EMPTY); 17], &[true, false], DEFAULT).unwrap();
    assert_eq!(row, [true, true]);
    // Cells off the board around the points are cropped.
    let mut cells = vec![None; 100];
    cells[55] = Some(EMPTY);
    cells[56] = Some(EMPTY);
    let (wins, _) = search(10, 10, &cells, &[true, false], DEFAULT).unwrap();
    assert_eq!(wins, [true, true]);
}

#[test]
fn sums_of_regions_are_left_to_the_generic_search() {
    // Two rows of three points apart: a sum.
    let grid = |text: &str| -> Vec<Option<u8>> {
        text.chars()
            .filter(|&c| c != '|')
            .map(|c| match c {
                '#' => None,
                'x' => Some(BLACK),
                'o' => Some(WHITE),
                _ => Some(EMPTY),
            })
            .collect()
    };
    assert!(search(1, 7, &grid("...#..."), &[true], DEFAULT).is_none());
    assert!(search(1, 8, &grid("...xo..."), &[true], DEFAULT).is_none());
    assert!(search(1, 6, &grid("...#.."), &[true], DEFAULT).is_none());
    // A stone between the rows joins them through its liberties; a region of one empty point
    // has no moves.
    assert!(search(1, 7, &grid("...x..."), &[true], DEFAULT).is_some());
    assert!(search(1, 5, &grid("...#."), &[true], DEFAULT).is_some());
}
