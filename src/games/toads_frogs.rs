//! Toads and Frogs on one row.
//!
//! **Rules** (*Winning Ways*, ch. 1; Erickson, "New Toads and Frogs results", *Games of No
//! Chance*, MSRI Publ. 29, 1996). Left's toads `T` move right, Right's frogs `F` move left: a
//! creature moves one square forward onto an empty square, or jumps over one creature of the
//! other kind directly in front of it onto the empty square beyond. The player who cannot move
//! loses.
//!
//! **Input format.** A row of `T` (toad), `F` (frog) and `.` (empty square), either case:
//! `toads("TT..FF")`, `toads("ttt..fff")`.
//!
//! **How values are computed.** The generic [`Solver`] with the [`ToadsFrogs`] ruleset, which
//! splits a row into independent segments: a creature that can never move (a toad at the right
//! end or behind a stuck toad; a toad facing a stuck frog with no empty square beyond it; and the
//! mirror images for frogs — computed as the greatest set of creatures that are stuck given that
//! the others in the set stay put, which catches jams such as `TTFF`) is a permanent wall, and no
//! creature ever crosses a wall, so the segments between walls form a disjunctive sum. A segment
//! with creatures of one kind only is an integer: each toad can still step onto every empty
//! square to its right, and every move uses up exactly one such step (mirror image for frogs).
//!
//! **Checked against** (tests/small_partizan.rs): hand derivations of small rows, the value of
//! `ttttt..fffff` printed in CGSuite's test suite, the symmetry `G(reverse and swap) = −G`, and an
//! independent brute-force evaluator on every row of up to 7 squares.
//!
//! **In expressions:** `toads("T.F")` (= `*`).

use crate::game::Game;
use crate::games::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver};
use std::fmt;

/// A square of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    /// No creature.
    Empty,
    /// Left's toad, moving right.
    Toad,
    /// Right's frog, moving left.
    Frog,
}

/// A Toads-and-Frogs row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row(pub Vec<Square>);

impl Row {
    /// Parses `T`, `F` and `.` (either case); `Err` names an unknown character and its position.
    pub fn parse(text: &str) -> Result<Row, String> {
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'T' | 't' => Ok(Square::Toad),
                'F' | 'f' => Ok(Square::Frog),
                '.' => Ok(Square::Empty),
                other => Err(format!(
                    "unknown character {other:?} at position {} of the Toads and Frogs row {text:?} (use T for a toad, F for a frog, . for an empty square)",
                    i + 1
                )),
            })
            .collect::<Result<Vec<Square>, String>>()
            .map(Row)
    }

    /// The row mirrored with toads and frogs exchanged: its value is the negative.
    pub fn reversed(&self) -> Row {
        Row(self
            .0
            .iter()
            .rev()
            .map(|s| match s {
                Square::Toad => Square::Frog,
                Square::Frog => Square::Toad,
                Square::Empty => Square::Empty,
            })
            .collect())
    }

    fn moved(&self, from: usize, to: usize) -> Row {
        let mut next = self.clone();
        next.0[to] = next.0[from];
        next.0[from] = Square::Empty;
        next
    }

    /// Which creatures can never move (see the module documentation): the greatest set of
    /// creatures each of which is stuck as long as the others in the set stay put.
    fn stuck(&self) -> Vec<bool> {
        let s = &self.0;
        let n = s.len();
        let mut stuck: Vec<bool> = s.iter().map(|&q| q != Square::Empty).collect();
        let wall = |stuck: &[bool], i: Option<usize>| i.is_none_or(|i| i >= n || stuck[i]);
        loop {
            let mut changed = false;
            for i in 0..n {
                if !stuck[i] {
                    continue;
                }
                let (ahead, beyond, enemy) = match s[i] {
                    Square::Toad => (Some(i + 1), Some(i + 2), Square::Frog),
                    Square::Frog => (i.checked_sub(1), i.checked_sub(2), Square::Toad),
                    Square::Empty => continue,
                };
                let blocked = match ahead.filter(|&a| a < n) {
                    None => true,
                    Some(a) if !stuck[a] => false,
                    Some(a) if s[a] == enemy => wall(&stuck, beyond),
                    Some(_) => true,
                };
                if !blocked {
                    stuck[i] = false;
                    changed = true;
                }
            }
            if !changed {
                return stuck;
            }
        }
    }

    /// The value of a row with creatures of one kind only, `None` otherwise.
    fn one_kind_value(&self) -> Option<Game> {
        let toads = self.0.contains(&Square::Toad);
        let frogs = self.0.contains(&Square::Frog);
        let steps = |squares: &mut dyn Iterator<Item = &Square>, mover: Square| {
            let mut empty = 0i64;
            let mut total = 0i64;
            for &q in squares {
                if q == Square::Empty {
                    empty += 1;
                } else if q == mover {
                    total += empty;
                }
            }
            total
        };
        match (toads, frogs) {
            (_, false) => Some(Game::integer(steps(&mut self.0.iter().rev(), Square::Toad))),
            (false, true) => Some(Game::integer(-steps(&mut self.0.iter(), Square::Frog))),
            (true, true) => None,
        }
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.0 {
            f.write_str(match s {
                Square::Empty => ".",
                Square::Toad => "T",
                Square::Frog => "F",
            })?;
        }
        Ok(())
    }
}

/// The Toads-and-Frogs ruleset for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsFrogs;

impl Ruleset for ToadsFrogs {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        let s = &row.0;
        let mut out = Vec::new();
        for i in 0..s.len() {
            if s[i] != Square::Toad {
                continue;
            }
            match (s.get(i + 1), s.get(i + 2)) {
                (Some(Square::Empty), _) => out.push(row.moved(i, i + 1)),
                (Some(Square::Frog), Some(Square::Empty)) => out.push(row.moved(i, i + 2)),
                _ => {}
            }
        }
        out
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        let s = &row.0;
        let mut out = Vec::new();
        for i in 0..s.len() {
            if s[i] != Square::Frog {
                continue;
            }
            let behind = |k: usize| i.checked_sub(k).map(|j| s[j]);
            match (behind(1), behind(2)) {
                (Some(Square::Empty), _) => out.push(row.moved(i, i - 1)),
                (Some(Square::Toad), Some(Square::Empty)) => out.push(row.moved(i, i - 2)),
                _ => {}
            }
        }
        out
    }

    fn components(&self, row: &Row) -> Vec<Row> {
        let stuck = row.stuck();
        let mut parts = Vec::new();
        let mut current = Vec::new();
        for (i, &q) in row.0.iter().enumerate() {
            if stuck[i] {
                if current.iter().any(|&c| c != Square::Empty) {
                    parts.push(Row(std::mem::take(&mut current)));
                }
                current.clear();
            } else {
                current.push(q);
            }
        }
        if current.iter().any(|&c| c != Square::Empty) {
            parts.push(Row(current));
        }
        parts
    }

    fn known_value(&self, row: &Row) -> Option<Game> {
        row.one_kind_value()
    }
}

/// The value of a row.
pub fn value(row: &Row) -> Game {
    Solver::new(ToadsFrogs).value(row)
}

/// `toads("TT..FF")`.
pub fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, String> {
    let row = Row::parse(super::text::one_string(positional, named, "the row")?)?;
    Ok(value(&row))
}
