//! Turn-and-Eatcake.
//!
//! **Rules** (named in WW; the rules as CGSuite 2 defines the twisted form of its
//! `GenCutcake` schema with Eatcake's code `0.7`). As in [Eatcake](crate::rulesets::eatcake), Left eats one
//! whole column of one cake and Right one whole row, and what is left of that cake (none, one or
//! two pieces) stays as separate cakes; then those pieces are turned through a right angle, so that
//! a piece `a` wide and `h` high becomes `h` wide and `a` high. The player who cannot eat loses.
//!
//! CGSuite's twisted position `(m, n)` turns the cake before the move rather than after it; its
//! value is that of our cake with the two sides exchanged.
//!
//! **Input format.** `turn_and_eatcake(w, h)`: one cake `w` squares wide and `h` high
//! (`1 <= w, h <= 64`, at most 800 squares).
//!
//! **How values are computed.** The generic [`Solver`] from the rules with
//! the ruleset [`Eatcake`] `{ turned: true }`. Exchanging the players is transposing every cake,
//! so the `h × w` cake is the negative of the `w × h` cake.
//!
//! **Checked against** (tests/partizan_rulesets.rs): a brute-force evaluator written in the test
//! from the rules on every cake up to 6 × 6 (and the snapshot table against it); a hand
//! derivation (`2 × 1 = {* | 0} = ↓`: Left leaves a `1 × 1`, Right eats the strip); the transpose
//! law.
//!
//! **In expressions:** `turn_and_eatcake(3, 2)`. **Tables:** `partizan table turn_and_eatcake
//! size=N` (column `w`, row `h`).

use crate::algebra::Game;
use crate::rulesets::eatcake::{cake_position, cake_table, Eatcake};
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Solver, Table, TableParams};
use crate::solve::Position;
use crate::Error;

/// The value of one `width × height` cake (a fresh transposition table).
pub fn value(width: u32, height: u32) -> Game {
    Solver::new(Eatcake { turned: true }).value(&vec![(width, height)])
}

/// `partizan table turn_and_eatcake size=N`.
fn table(a: &TableParams) -> Result<Table, Error> {
    cake_table(
        a,
        Eatcake { turned: true },
        "Values of Turn-and-Eatcake (Left eats a column, Right a row, then the pieces are turned): w squares wide, h high",
    )
}

/// The `turn_and_eatcake` family (see the module documentation).
pub struct TurnAndEatcakeFamily;

impl Family for TurnAndEatcakeFamily {
    fn name(&self) -> &'static str {
        "turn_and_eatcake"
    }
    fn usage(&self) -> &'static str {
        "turn_and_eatcake(w, h): a cake w squares wide and h high; Left eats a whole column, Right a whole row, then the pieces left are turned through a right angle"
    }
    fn example(&self) -> &'static str {
        "turn_and_eatcake(3, 2)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(cake_position(args, named, Eatcake { turned: true }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest width and height, at most 16, default 6",
            }],
            example: "table turn_and_eatcake size=4",
            build: table,
        })
    }
}
