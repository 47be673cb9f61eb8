//! Eatcake.
//!
//! **Rules** (named in WW; the rules as CGSuite 2 defines `game.heap.Eatcake`, the
//! Cutcake schema `GenCutcake` with the take-and-break code `0.7` for both players). A position is
//! a set of rectangular cakes scored into unit squares. Left eats one whole column (a vertical
//! strip one square wide) of one cake, Right one whole row; what is left of that cake, none, one or
//! two pieces, stays as separate cakes. The player who cannot eat loses. Every cake can be eaten by
//! both players, so a position ends only when no cake is left.
//!
//! **Input format.** `eatcake(w, h)`: one cake `w` squares wide and `h` high (`1 <= w, h <= 64`, at
//! most 800 squares).
//!
//! **How values are computed.** The generic [`Solver`] from the rules with the [`Eatcake`]
//! ruleset (which also plays [Turn-and-Eatcake](crate::rulesets::turn_and_eatcake)): a position is the sum of
//! its cakes; eating column `k` of a `w`-wide cake leaves pieces `k − 1` and `w − k` wide, and
//! eating column `k` or `w + 1 − k` gives the same pieces, so only `k <= (w + 1) / 2` is tried.
//! Exchanging the players is transposing every cake: the `h × w` cake is the negative of the
//! `w × h` cake, and a square is 0.
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules (explicit lists of cakes, every column and row, no symmetry) on every cake up to
//! 6 × 6 and on a sum of two cakes evaluated whole, and the snapshot table against it; hand
//! derivations (`1 × 1 = *`, the `2 × 1` strip is `{* | 0} = ↓`); the transpose law.
//!
//! **In expressions:** `eatcake(3, 2)`. **Tables:** `partizan table eatcake size=N` (column `w`,
//! row `h`).

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::{position, Position};
use crate::rulesets::positions::write_sum;
use crate::Error;

/// Eatcake, and with `turned` Turn-and-Eatcake (the pieces of the cake a player eats from are
/// turned through a right angle after the move). A position is a list of cakes `(width, height)`
/// with both sides at least 1, sorted by [`Ruleset::normalize`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Eatcake {
    /// Turn the pieces after each move (Turn-and-Eatcake).
    pub turned: bool,
}

impl Eatcake {
    /// Every move of one player: Left (`columns`) eats a column, Right a row, of one cake.
    fn eat(&self, cakes: &[(u32, u32)], columns: bool) -> Vec<Vec<(u32, u32)>> {
        let mut out = Vec::new();
        for (i, &(w, h)) in cakes.iter().enumerate() {
            let size = if columns { w } else { h };
            for k in 1..=size.div_ceil(2) {
                let mut next = cakes.to_vec();
                next.remove(i);
                for part in [k - 1, size - k].into_iter().filter(|&p| p > 0) {
                    let (pw, ph) = if columns { (part, h) } else { (w, part) };
                    next.push(if self.turned { (ph, pw) } else { (pw, ph) });
                }
                out.push(next);
            }
        }
        out
    }
}

impl Ruleset for Eatcake {
    type Position = Vec<(u32, u32)>;

    fn left_options(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        self.eat(cakes, true)
    }

    fn right_options(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        self.eat(cakes, false)
    }

    fn components(&self, cakes: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        cakes.iter().map(|&c| vec![c]).collect()
    }

    fn normalize(&self, mut cakes: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        cakes.sort_unstable();
        cakes
    }
}

/// The largest width or height `eatcake` and `turn_and_eatcake` accept.
pub const MAX_SIDE: usize = 64;

/// The largest area `w·h` they accept: a `w × h` cake has only `w·h` sub-cakes, but the canonical
/// forms of Eatcake grow quickly (24 × 24 takes about 1.5 s, 28 × 28 about 7 s).
pub const MAX_AREA: usize = 800;

/// The two sides of a call `name(w, h)`, each between 1 and [`MAX_SIDE`].
pub fn sides(positional: &[Arg], named: &[NamedArg]) -> Result<(u32, u32), Error> {
    let (w, h) = args::width_and_height(positional, named, MAX_SIDE)?;
    if (w as usize) * (h as usize) > MAX_AREA {
        return Err(Error::input(format!(
            "a {w} × {h} cake is too large (at most {MAX_AREA} squares: the values grow quickly)"
        )));
    }
    Ok((w, h))
}

/// The table of every cake up to `N × N` (parameter `size`, default 6, at most 16) for `rules`.
pub fn cake_table(a: &TableParams, rules: Eatcake, caption: &str) -> Result<Table, Error> {
    let n = bounded(a, "size", 6, (1, 16))?;
    let mut solver = Solver::new(rules);
    Ok(Table::sizes(caption, "w", "h", n, n, |w, h| {
        solver.value(&vec![(w as u32, h as u32)]).to_string()
    }))
}

/// The value of one `width × height` cake (a fresh transposition table).
pub fn value(width: u32, height: u32) -> Game {
    Solver::new(Eatcake { turned: false }).value(&vec![(width, height)])
}

/// `partizan table eatcake size=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    cake_table(
        a,
        Eatcake { turned: false },
        "Values of Eatcake (Left eats a column, Right a row): w squares wide, h high",
    )
}

/// Writes cakes `(w, h)` as a sum of calls `name(w,h)`, `0` for no cake.
pub(crate) fn write_cakes(
    f: &mut std::fmt::Formatter<'_>,
    cakes: &[(u32, u32)],
    name: &str,
) -> std::fmt::Result {
    write_sum(
        f,
        cakes,
        |f| f.write_str("0"),
        |f, (w, h)| write!(f, "{name}({w},{h})"),
    )
}

/// The call `eatcake(w, h)` or `turn_and_eatcake(w, h)` (as `rules` says) as a position.
pub(crate) fn cake_position(
    args: &[Arg],
    named: &[NamedArg],
    rules: Eatcake,
) -> Result<Position, Error> {
    sides(args, named).map(|(w, h)| {
        position::of(
            rules,
            false,
            vec![(w, h)],
            |r, cakes, f| {
                let name = if r.turned { "turn_and_eatcake" } else { "eatcake" };
                write_cakes(f, cakes, name)
            },
            |r, cakes| Ok(Solver::new(*r).value(cakes)),
        )
    })
}

/// The `eatcake` family (see the module documentation).
pub struct EatcakeFamily;

impl Family for EatcakeFamily {
    fn name(&self) -> &'static str {
        "eatcake"
    }
    fn usage(&self) -> &'static str {
        "eatcake(w, h): a cake w squares wide and h high; Left eats a whole column of a cake, Right a whole row"
    }
    fn example(&self) -> &'static str {
        "eatcake(3, 2)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(cake_position(args, named, Eatcake { turned: false }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest width and height, at most 16, default 6",
            }],
            example: "table eatcake size=4",
            build: table,
        })
    }
}
