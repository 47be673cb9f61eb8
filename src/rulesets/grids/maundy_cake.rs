//! Maundy Cake.
//!
//! **Rules** (WW ch. 2, "Maundy Cake", pp. 27 and 51; CGSuite's
//! `game.heap.MaundyCake`). A position is a set of rectangular cakes scored into unit squares.
//! Left divides one cake by vertical cuts into any number `d >= 2` of pieces of equal width (so
//! `d` divides the width), Right divides one cake by horizontal cuts into `d >= 2` pieces of equal
//! height. The pieces are separate cakes; the player who cannot cut loses. A cake of width 1 can
//! only be cut by Right, of height 1 only by Left.
//!
//! **Input format.** `maundy_cake(w, h)`: one cake `w` squares wide and `h` high
//! (`1 <= w, h <= 10000`).
//!
//! **How values are computed.** The generic [`Solver`] from the rules: a position is the sum of its
//! cakes, and the `d` equal pieces of a cut are `d` copies of one cake. Only the cakes whose width
//! divides `w` and whose height divides `h` ever occur, so the search is small.
//!
//! **Values** (checked by tests/partizan_rulesets.rs, the solver does not use them). Every value
//! is an integer. A strip `n × 1` is worth `F(n) = n·(1/p1 + 1/(p1·p2) + … + 1/(p1·…·pk))` where
//! `p1 <= … <= pk` are the prime factors of `n` with repetition (WW, 2nd ed., vol. 1,
//! pp. 27 and 51; OEIS A006022, whose first 79 terms the tests compare); equivalently
//! `F(1) = 0` and `F(n) = p·F(n/p) + 1` with `p` the largest prime factor of `n`. For a general
//! cake the tests check, on every cake up to 48 × 48 against a brute force written from the rules,
//! the rule: with `Ω(n)` the number of prime factors of `n` with repetition and `n ↓ j` the number
//! `n` stripped of its `j` smallest prime factors, the `w × h` cake is worth `F(w ↓ Ω(h))` when
//! `Ω(w) > Ω(h)`, `−F(h ↓ Ω(w))` when `Ω(h) > Ω(w)`, and 0 when they are equal. (We found this rule
//! from the computed values; we did not read it in WW, which analyses the game on the
//! pages above.)
//!
//! **In expressions:** `maundy_cake(12, 2)` (= 4). **Tables:** `partizan table maundy_cake
//! size=N` (column `w`, row `h`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::{position, Position};
use crate::rulesets::eatcake::write_cakes;
use crate::Error;

/// The Maundy Cake ruleset: a position is a list of cakes `(width, height)`, sorted by
/// [`Ruleset::normalize`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MaundyCake;

/// Every way of dividing one cake of the list into `d >= 2` equal pieces: along the width
/// (`vertical`, Left) or the height.
fn divide(cakes: &[(u32, u32)], vertical: bool) -> Vec<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    for (i, &(w, h)) in cakes.iter().enumerate() {
        let size = if vertical { w } else { h };
        for d in (2..=size).filter(|d| size % d == 0) {
            let piece = if vertical { (w / d, h) } else { (w, h / d) };
            let mut next = cakes.to_vec();
            next.remove(i);
            next.extend(std::iter::repeat_n(piece, d as usize));
            out.push(next);
        }
    }
    out
}

impl Ruleset for MaundyCake {
    type Position = Vec<(u32, u32)>;

    fn left_options(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        divide(cakes, true)
    }

    fn right_options(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        divide(cakes, false)
    }

    fn components(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        cakes
            .iter()
            .filter(|&&(w, h)| w > 1 || h > 1)
            .map(|&c| vec![c])
            .collect()
    }

    fn normalize(&self, mut cakes: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        cakes.sort_unstable();
        cakes
    }
}

/// The largest width or height `maundy_cake` accepts: the options of a cake list `d` copies for
/// each divisor `d`, about `σ(w) + σ(h)` cakes, and every cake whose sides divide `w` and `h` is
/// expanded.
pub const MAX_SIDE: usize = 10_000;

/// The value of one `width × height` cake (a fresh transposition table).
pub fn value(width: u32, height: u32) -> Game {
    Solver::new(MaundyCake).value(&vec![(width, height)])
}

/// `partizan table maundy_cake size=N`: every cake up to `N × N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let n = bounded(a, "size", 12, (1, 1000))?;
    let mut solver = Solver::new(MaundyCake);
    Ok(Table::sizes(
        "Values of Maundy Cake (Left cuts into equal vertical pieces, Right into equal horizontal pieces): w squares wide, h high",
        "w",
        "h",
        n,
        n,
        |w, h| solver.value(&vec![(w as u32, h as u32)]).to_string(),
    ))
}

/// The `maundy_cake` family (see the module documentation).
pub struct MaundyCakeFamily;

impl Family for MaundyCakeFamily {
    fn name(&self) -> &'static str {
        "maundy_cake"
    }
    fn usage(&self) -> &'static str {
        "maundy_cake(w, h): a cake w squares wide and h high; Left divides a cake into equal vertical pieces, Right into equal horizontal pieces"
    }
    fn example(&self) -> &'static str {
        "maundy_cake(12, 2)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let sides = args::width_and_height(args, named, MAX_SIDE);
        Some(sides.map(|(w, h)| {
            position::of(
                MaundyCake,
                false,
                vec![(w, h)],
                |_, cakes, f| write_cakes(f, cakes, "maundy_cake"),
                |_, cakes| Ok(Solver::new(MaundyCake).value(cakes)),
            )
        }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest width and height, at most 1000, default 12",
            }],
            example: "table maundy_cake size=6",
            build: table,
        })
    }
}
