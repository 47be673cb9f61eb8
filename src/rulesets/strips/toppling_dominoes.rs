//! Toppling Dominoes.
//!
//! **Rules** (Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures", *Games of No Chance 4*,
//! MSRI Publ. 63, 2015, from p. 65, which credits the game to Albert, Nowakowski and Wolfe,
//! LIP; CGSuite's `game.strip.TopplingDominoes`). A row of dominoes
//! stands on a table, each blue (Left's), red (Right's) or green (either player's). A move topples
//! one of the player's dominoes (or a green one) to the east or to the west: it falls, together
//! with every domino on that side of it, and they are all removed. The player who cannot move
//! loses.
//!
//! **Input format.** A row written west to east with `L` for a blue (Left) domino, `R` for a red
//! (Right) one and `G` for a green one (either case): `toppling_dominoes("LRGLL")`. Several rows
//! separated by spaces are their disjunctive sum: `toppling_dominoes("LR GL")`.
//!
//! **Values without search** (each a theorem; the tests check them against a brute-force
//! evaluator too):
//! * a row of `n` blue dominoes is the integer `n` (toppling an end domino outwards removes just
//!   it, so Left can make `n` moves and Right none); `n` red ones are `−n`;
//! * a row of `n` green dominoes is the nimber `*n` (toppling leaves any shorter row, `0` to
//!   `n − 1` dominoes: a Nim heap).
//!
//! A row and its mirror image have the same value (a row is stored under the lesser of the two);
//! exchanging blue and red negates it.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules on
//! every row of up to 6 dominoes of the three colours (explicit trees and the reference canonical
//! form of tests/common on the shorter rows); the theorem of "Toppling Conjectures" (as stated in
//! its abstract; we did not read the proof) that a blue–red position equal to a number `x` is the
//! only one of value `x` and is a palindrome, on every blue–red row of up to 12 dominoes; hand
//! derivations (`LR = *`, `LRL = 1/2`). **Tables:** `partizan table toppling_dominoes size=N`:
//! every row of 1 to N dominoes (up to mirror images) and its value.

use crate::algebra::Game;
use crate::rulesets::family::Param;
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::rulesets::text::TextFamily;
use crate::Error;

/// A blue domino (Left's).
pub const BLUE: u8 = 1;
/// A red domino (Right's).
pub const RED: u8 = 2;
/// A green domino (either player's).
pub const GREEN: u8 = 3;
/// Between two rows of a sum.
const GAP: u8 = 0;

/// Toppling Dominoes rows: dominoes `BLUE`, `RED`, `GREEN`, rows separated by a 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rows(pub Vec<u8>);

impl Rows {
    /// Parses rows of `L`, `R`, `G` separated by spaces; `Err` names an unknown character and its
    /// position.
    pub fn parse(text: &str) -> Result<Rows, Error> {
        let mut out = Vec::new();
        for (i, c) in text.trim().chars().enumerate() {
            out.push(match c {
                'L' | 'l' => BLUE,
                'R' | 'r' => RED,
                'G' | 'g' => GREEN,
                ' ' => GAP,
                other => {
                    return Err(Error::input(format!(
                        "unknown character {other:?} at position {} of the Toppling Dominoes row {text:?} (use L for a blue domino (Left's), R for a red one (Right's), G for a green one, spaces between rows)",
                        i + 1 + text.len() - text.trim_start().len()
                    )))
                }
            });
        }
        Ok(Rows(out))
    }

    /// The rows with blue and red exchanged: the value is the negative.
    pub fn swapped(&self) -> Rows {
        Rows(
            self.0
                .iter()
                .map(|&d| match d {
                    BLUE => RED,
                    RED => BLUE,
                    x => x,
                })
                .collect(),
        )
    }

    /// The rows of the position, each non-empty.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.0.split(|&d| d == GAP).filter(|r| !r.is_empty())
    }

    fn options(&self, mine: u8) -> Vec<Rows> {
        let s = &self.0;
        let mut out = Vec::new();
        for (i, &d) in s.iter().enumerate() {
            if d != mine && d != GREEN {
                continue;
            }
            // The row of domino i runs from `start` to `end` (exclusive).
            let start = s[..i].iter().rposition(|&x| x == GAP).map_or(0, |g| g + 1);
            let end = s[i..]
                .iter()
                .position(|&x| x == GAP)
                .map_or(s.len(), |g| i + g);
            let keep = |range: std::ops::Range<usize>| {
                let mut v = s[..start].to_vec();
                v.extend_from_slice(&s[range]);
                v.extend_from_slice(&s[end..]);
                Rows(v)
            };
            out.push(keep(i + 1..end)); // toppled west
            out.push(keep(start..i)); // toppled east
        }
        out
    }

    /// The value of a single row of one colour, by the theorems of the module documentation.
    fn one_colour_value(row: &[u8]) -> Option<Game> {
        let first = *row.first()?;
        if row.iter().any(|&d| d != first) {
            return None;
        }
        let n = row.len() as i64;
        Some(match first {
            BLUE => Game::integer(n),
            RED => Game::integer(-n),
            _ => Game::nimber(n as u64),
        })
    }
}

impl std::fmt::Display for Rows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &d in &self.0 {
            f.write_str(match d {
                BLUE => "L",
                RED => "R",
                GREEN => "G",
                _ => " ",
            })?;
        }
        Ok(())
    }
}

/// The Toppling Dominoes ruleset for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingDominoes;

impl Ruleset for TopplingDominoes {
    type Position = Rows;

    fn left_options(&self, p: &Rows) -> Vec<Rows> {
        p.options(BLUE)
    }

    fn right_options(&self, p: &Rows) -> Vec<Rows> {
        p.options(RED)
    }

    fn components(&self, p: &Rows) -> Vec<Rows> {
        p.rows().map(|r| Rows(r.to_vec())).collect()
    }

    /// The lesser of the row and its mirror image (a single row; sums are split first).
    fn normalize(&self, p: Rows) -> Rows {
        let mut mirror = p.0.clone();
        mirror.reverse();
        if mirror < p.0 {
            Rows(mirror)
        } else {
            p
        }
    }

    fn known_value(&self, p: &Rows) -> Option<Game> {
        if p.0.contains(&GAP) {
            return None;
        }
        Rows::one_colour_value(&p.0)
    }
}

/// The value of a position (a fresh transposition table).
pub fn value(p: &Rows) -> Game {
    Solver::new(TopplingDominoes).value(p)
}

/// The longest rows `partizan table toppling_dominoes` lists.
pub const MAX_TABLE_LENGTH: usize = 8;

/// `partizan table toppling_dominoes size=N`: every row of 1 to N dominoes that is not greater
/// than its mirror image, in order of length and then `L < R < G`, with its value.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = a.natural("size")?.unwrap_or(4);
    if n == 0 || n > MAX_TABLE_LENGTH {
        return Err(Error::input(format!(
            "size must be between 1 and {MAX_TABLE_LENGTH} (every row of up to that many dominoes, 3^N of each length)"
        )));
    }
    let mut solver = Solver::new(TopplingDominoes);
    let mut keys = Vec::new();
    let mut cells = Vec::new();
    for len in 1..=n {
        for code in 0..3usize.pow(len as u32) {
            let row: Vec<u8> = (0..len)
                .map(|i| (code / 3usize.pow((len - 1 - i) as u32) % 3) as u8 + 1)
                .collect();
            let mut mirror = row.clone();
            mirror.reverse();
            if mirror < row {
                continue;
            }
            let row = Rows(row);
            keys.push(row.to_string());
            cells.push(vec![solver.value(&row).to_string()]);
        }
    }
    Ok(Table {
        caption: format!(
            "Toppling Dominoes: every row of 1 to {n} dominoes up to mirror image (L blue, Left's; R red, Right's; G green)"
        ),
        column_label: "value".to_string(),
        row_label: "row".to_string(),
        columns: vec!["value".to_string()],
        rows: keys,
        cells,
        interrupted: false,
    })
}

/// The `toppling_dominoes` family (see the module documentation).
pub static TOPPLING_DOMINOES: TextFamily<TopplingDominoes> =
    TextFamily::new("toppling_dominoes", TopplingDominoes, Rows::parse, Rows::to_string)
        .usage(
            "toppling_dominoes(\"LRG\"): a row of dominoes, L blue (Left's), R red (Right's), G green (either's); rows separated by spaces are added",
            "toppling_dominoes(\"LRGLL\")",
        )
        .called("the row")
        .table(
            &[Param {
                name: "size",
                meaning: "every row of 1 to size dominoes up to mirror image, at most 8, default 4",
            }],
            "table toppling_dominoes size=3",
            table,
        );
