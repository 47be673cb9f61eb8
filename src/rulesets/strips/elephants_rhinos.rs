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
use crate::rulesets::family::Param;
use crate::rulesets::toads_frogs::{self, GenToadsFrogs, Row};
use crate::solve::{Table, TableParams};
use crate::rulesets::text::TextFamily;
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
pub static ELEPHANTS_RHINOS: TextFamily<GenToadsFrogs> =
    TextFamily::new("elephants_rhinos", RULES, parse, |row| toads_frogs::row_text(row, ['E', 'R']))
        .usage(
            "elephants_rhinos(\"EE..RR\"): one row, E Left's elephants (step right), R Right's rhinos (step left), . empty; no jumps",
            "elephants_rhinos(\"EE..RR\")",
        )
        .called("the row")
        .valued(|_, row| value(row))
        .table(TABLE_PARAMS, "table elephants_rhinos elephants=3 rhinos=3 gap=2", table);

/// The parameters of `partizan table elephants_rhinos`.
const TABLE_PARAMS: &[Param] = &[
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
        meaning: "the empty squares between them, default 1 (at most 16 squares in all)",
    },
];
