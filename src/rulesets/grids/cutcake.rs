//! Cutcake.
//!
//! **Rules** (WW ch. 2, "Cutcake"). A position is a set of rectangular cakes scored
//! into unit squares. Left cuts a cake vertically along a score line (splitting its width), Right
//! horizontally (splitting its height); the two pieces are separate cakes. The player who cannot
//! cut loses. A cake of width 1 can only be cut by Right, of height 1 only by Left.
//!
//! **Input format.** `cutcake(w, h)`: one cake `w` squares wide and `h` high (`w, h >= 1`).
//!
//! **How values are computed.** The generic [`Solver`] with the [`Cutcake`] ruleset: a position
//! is the sum of its cakes, each cut is tried, and [`crate::Game::new`] builds the value. The
//! values are all integers, and follow the pattern of the Cutcake table of WW
//! (ch. 2). In closed form, with
//! `2^a <= h < 2^(a+1)` and `2^b <= w < 2^(b+1)`, the `w × h` cake is worth
//! `max(⌊w / 2^a⌋ − 1, 0) − max(⌊h / 2^b⌋ − 1, 0)` (at most one of the two terms is non-zero).
//! The tests (tests/small_partizan.rs) check every cake up to 16 × 16 against this formula; the
//! solver does not use it.
//!
//! **In expressions:** `cutcake(3, 4)`. **Tables:** `partizan table cutcake size=8` (column
//! `w`, row `h`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::{position, Position};
use crate::rulesets::positions::write_sum;
use crate::Error;

/// A cake `width` squares wide and `height` high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake {
    /// Split by Left's vertical cuts.
    pub width: u32,
    /// Split by Right's horizontal cuts.
    pub height: u32,
}

/// The Cutcake ruleset: a position is a list of cakes (sorted by the solver's normalisation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl Ruleset for Cutcake {
    type Position = Vec<Cake>;

    fn left_options(&self, cakes: &Vec<Cake>) -> Vec<Vec<Cake>> {
        cut(cakes, true)
    }

    fn right_options(&self, cakes: &Vec<Cake>) -> Vec<Vec<Cake>> {
        cut(cakes, false)
    }

    fn components(&self, cakes: &Vec<Cake>) -> Vec<Vec<Cake>> {
        cakes.iter().map(|&c| vec![c]).collect()
    }

    fn normalize(&self, mut cakes: Vec<Cake>) -> Vec<Cake> {
        cakes.sort_unstable();
        cakes
    }
}

/// Every vertical (Left) or horizontal (Right) cut of one cake of the list. Cuts at `k` and
/// `size − k` give the same pieces, so only `k <= size / 2` is tried.
fn cut(cakes: &[Cake], vertical: bool) -> Vec<Vec<Cake>> {
    let mut out = Vec::new();
    for (i, &c) in cakes.iter().enumerate() {
        let size = if vertical { c.width } else { c.height };
        for k in 1..=size / 2 {
            let pieces = if vertical {
                [
                    Cake { width: k, ..c },
                    Cake {
                        width: size - k,
                        ..c
                    },
                ]
            } else {
                [
                    Cake { height: k, ..c },
                    Cake {
                        height: size - k,
                        ..c
                    },
                ]
            };
            let mut next: Vec<Cake> = cakes.to_vec();
            next.remove(i);
            next.extend(pieces);
            out.push(next);
        }
    }
    out
}

/// The value of one `width × height` cake.
pub fn value(width: u32, height: u32) -> Game {
    Solver::new(Cutcake).value(&vec![Cake { width, height }])
}

/// The search from the rules visits every smaller cake and each of its cuts, about
/// `w·h·(w + h)` steps; cakes beyond 256×256 (about 6 s) are refused.
const MAX_WORK: u64 = 256 * 256 * 512;

fn check_work(w: u32, h: u32) -> Result<(), Error> {
    let work = (w as u64) * (h as u64) * (w as u64 + h as u64);
    if work > MAX_WORK {
        return Err(Error::input(format!(
            "a {w}×{h} cake is too large to evaluate from the rules (the search grows like w·h·(w+h); at most the work of a 256×256 cake)"
        )));
    }
    Ok(())
}

/// `partizan table cutcake size=N`: the value of every cake up to `N × N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = bounded(a, "size", 8, (1, 256))?;
    let mut solver = Solver::new(Cutcake);
    Ok(Table::sizes(
        "Values of Cutcake (Left cuts vertically, Right horizontally): w squares wide, h high",
        "w",
        "h",
        n,
        n,
        |w, h| {
            solver
                .value(&vec![Cake {
                    width: w as u32,
                    height: h as u32,
                }])
                .to_string()
        },
    ))
}

/// The `cutcake` family (see the module documentation).
pub struct CutcakeFamily;

impl Family for CutcakeFamily {
    fn name(&self) -> &'static str {
        "cutcake"
    }
    fn usage(&self) -> &'static str {
        "cutcake(w, h): a cake w squares wide (Left cuts vertically) and h high (Right cuts horizontally)"
    }
    fn example(&self) -> &'static str {
        "cutcake(3, 4)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let read = || -> Result<Vec<Cake>, Error> {
            let (width, height) = args::width_and_height(args, named, u32::MAX as usize)?;
            check_work(width, height)?;
            Ok(vec![Cake { width, height }])
        };
        Some(read().map(|cakes| {
            position::of(
                Cutcake,
                false,
                cakes,
                |_, cakes, f| {
                    write_sum(
                        f,
                        cakes,
                        |f| f.write_str("0"),
                        |f, c| write!(f, "cutcake({},{})", c.width, c.height),
                    )
                },
                |_, cakes| Ok(Solver::new(Cutcake).value(cakes)),
            )
        }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest width and height, default 8",
            }],
            example: "table cutcake size=8",
            build: table,
        })
    }
}
