//! Elephants and Rhinos.
//!
//! **Rules** (attributed to Albert, Nowakowski and Wolfe, LIP; we
//! could not consult the book to check the rules, the chapter or the page). On a row of squares,
//! Left's elephants face east and Right's rhinos face west. A move takes one of the player's
//! animals one square forward onto an empty square; there is no jumping. The player who cannot move
//! loses. This is Toads and Frogs without jumps: CGSuite's `game.strip.GenToadsAndFrogs` with
//! `maxJump = 0`, and [`crate::rulesets::toads_frogs`] with `jump = 0`, whose solver (walls of stuck animals,
//! one-kind segments as integers) it uses.
//!
//! **Input format.** A row of `E` (elephant, Left's), `R` (rhino, Right's) and `.` (empty), either
//! case: `elephants_rhinos("EE..RR")`.
//!
//! **Worked values** (by hand, checked by the tests): `E.R` = `{0 | 0}` = `*` (either move leaves
//! the animals face to face); `E..R` = `{* | *}` = 0 (the first move leaves `.E.R` or `E.R.`, each
//! worth `*`); an animal with `k` empty squares in front of it and no animal of the
//! other kind ahead is worth `k` moves to its owner, so `E..` = 2.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules on
//! every row of up to 8 squares.
//!
//! **Tables:** `partizan table elephants_rhinos elephants=A rhinos=C gap=B`: the rows
//! `E^a .^b R^c` for `a <= A` and `c <= C` (snapshot
//! `snapshots/elephants_rhinos_table_4x4_gap_2.snap`).

use crate::algebra::Game;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::toads_frogs::{self, GenToadsFrogs, Row};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Table, TableParams};
use crate::solve::{position, Position};
use crate::Error;

/// The rules: Toads and Frogs without jumps.
pub const RULES: GenToadsFrogs = GenToadsFrogs::new(1, 0);

/// Parses a row of `E`, `R` and `.`; `Err` names an unknown character and its position.
pub fn parse(text: &str) -> Result<Row, Error> {
    Row::parse_with(
        text,
        ['E', 'R'],
        "Elephants and Rhinos",
        "use E for an elephant (Left's), R for a rhino (Right's), . for an empty square",
    )
}

/// The value of a row.
pub fn value(row: &Row) -> Game {
    toads_frogs::gen_value(RULES, row)
}

/// `elephants_rhinos("EE..RR")`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    let row = parse(crate::rulesets::text::one_string(
        positional, named, "the row",
    )?)?;
    Ok(value(&row))
}

/// `partizan table elephants_rhinos elephants=A rhinos=C gap=B`: the rows `E^a .^b R^c`.
fn table(a: &TableParams) -> Result<Table, Error> {
    toads_frogs::row_table(
        a,
        RULES,
        ["elephants", "rhinos", "gap"],
        ['E', 'R'],
        "Values of Elephants and Rhinos",
    )
}

/// The `elephants_rhinos` family (see the module documentation).
pub struct ElephantsRhinosFamily;

impl Family for ElephantsRhinosFamily {
    fn name(&self) -> &'static str {
        "elephants_rhinos"
    }
    fn usage(&self) -> &'static str {
        "elephants_rhinos(\"EE..RR\"): one row, E Left's elephants (step right), R Right's rhinos (step left), . empty; no jumps"
    }
    fn example(&self) -> &'static str {
        "elephants_rhinos(\"EE..RR\")"
    }
    fn evaluate(&self, args: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
        call(args, named)
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        let row = crate::rulesets::text::one_string(args, named, "the row").and_then(parse);
        Some(row.map(|row| {
            position::of(
                RULES,
                false,
                row,
                |_, row, f| {
                    let text = toads_frogs::row_text(row, ['E', 'R']);
                    position::write_text_call(f, "elephants_rhinos", &text)
                },
                |_, row| Ok(value(row)),
            )
        }))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "elephants",
                    meaning: "rows of 1 to elephants elephants, default 4",
                },
                Param {
                    name: "rhinos",
                    meaning: "columns of 1 to rhinos rhinos, default 4",
                },
                Param {
                    name: "gap",
                    meaning:
                        "the empty squares between them, default 1 (at most 16 squares in all)",
                },
            ],
            example: "table elephants_rhinos elephants=3 rhinos=3 gap=2",
            build: table,
        })
    }
}
