//! Backsliding Toads and Frogs: Toads and Frogs in which a creature may also step back.
//!
//! **Rules** (WW ch. 11; CGSuite's `BackslidingToadsAndFrogs`, the strip game
//! `GenToadsAndFrogs(1, backsliding => true)`). One row of squares. Left's toads `T` face right,
//! Right's frogs `F` face left. On a move a creature steps one square forward or one square
//! backward onto an empty square, or jumps forward over one creature of the other kind onto the
//! empty square just beyond it. A player who cannot move loses; since creatures can step back,
//! positions repeat and a play may go on for ever (a draw).
//!
//! **Input format.** A row of `T`, `F` and `.` (either case), as for Toads and Frogs:
//! `backsliding_toads("T.F")`.
//!
//! **How values are computed.** Every row reachable from the given one is enumerated
//! ([`crate::solve::loopy::position_graph`], at most [`POSITION_LIMIT`] rows) and the loopy
//! algebra computes the canonical stopper of the start, or its onside and offside
//! ([`crate::algebra::loopy`]). Outcomes with draws come from retrograde analysis of the same graph.
//!
//! **Checked against** (tests/loopy_families.rs): hand derivations (`T.` is `on`: the toad can
//! always step back and forth; `.F` is `off`), CGSuite's case `TTT..FFF` =
//! `{on||0|-1/2} & {1/2|0||off}`, the symmetry `value(reverse and swap) = −value`, and an
//! outcome search with draws written in the test, independent of the library's graph code: the
//! outcomes on every row of up to 6 squares, and the outcomes that the values give on every row
//! of up to 8 squares and on the 630 rows of 9 squares of the graph of `.TTTTFFFF`.
//!
//! **In expressions**: `backsliding_toads("T.F")` is the game (printed as its value);
//! `backsliding_toads("T.F").OutcomeClass` its outcome with draws, by retrograde analysis.

use crate::algebra::loopy::{LoopyGame, LoopyOutcome, SidedValue};
use crate::rulesets::toads_frogs::{Row, Square};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{loopy, Ruleset};
use crate::Error;
use std::collections::HashMap;

/// The most rows enumerated from one start (the outcome of a row of a million positions takes
/// a few seconds; its value needs far fewer, see [`crate::algebra::loopy::MAX_PAIR_STATES`]).
pub const POSITION_LIMIT: usize = crate::solve::loopy::DEFAULT_POSITION_LIMIT;

/// The Backsliding Toads and Frogs ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct BackslidingToads;

fn moves(row: &Row, mover: Square, other: Square, forward: isize) -> Vec<Row> {
    let s = &row.0;
    let n = s.len() as isize;
    let mut out = Vec::new();
    let at = |i: isize| (0..n).contains(&i).then(|| s[i as usize]);
    for i in 0..n {
        if s[i as usize] != mover {
            continue;
        }
        let mut go = |to: isize| {
            let mut next = row.clone();
            next.0[to as usize] = mover;
            next.0[i as usize] = Square::Empty;
            out.push(next);
        };
        for step in [forward, -forward] {
            if at(i + step) == Some(Square::Empty) {
                go(i + step);
            }
        }
        if at(i + forward) == Some(other) && at(i + 2 * forward) == Some(Square::Empty) {
            go(i + 2 * forward);
        }
    }
    out
}

impl Ruleset for BackslidingToads {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        moves(row, Square::Toad, Square::Frog, 1)
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        moves(row, Square::Frog, Square::Toad, -1)
    }
}

/// The game graph of a row: every row reachable from it (at most [`POSITION_LIMIT`]), the row
/// itself the start.
pub fn game(row: &Row) -> Result<LoopyGame, Error> {
    Ok(loopy::position_graph(&BackslidingToads, row.clone(), POSITION_LIMIT)?.game(0)?)
}

/// The value of a row: its canonical stopper, or its onside and offside.
pub fn value(row: &Row) -> Result<SidedValue, Error> {
    Ok(loopy::value(
        &BackslidingToads,
        row.clone(),
        POSITION_LIMIT,
    )?)
}

/// A row and its value (or why it was not found).
pub type RowValue = (Row, Result<SidedValue, Error>);

/// The value of every row reachable from `row` (`row` first), computed together
/// ([`LoopyGame::values`]): a table of many rows asks for this rather than for each row's
/// [`value`].
pub fn values(row: &Row) -> Result<Vec<RowValue>, Error> {
    let graph = loopy::position_graph(&BackslidingToads, row.clone(), POSITION_LIMIT)?;
    let values = graph.game(0)?.values();
    Ok(graph
        .positions
        .into_iter()
        .zip(values)
        .map(|(r, v)| (r, v.map_err(Error::from)))
        .collect())
}

/// The outcome of a row, infinite play a draw.
pub fn outcome(row: &Row) -> Result<LoopyOutcome, Error> {
    Ok(loopy::outcome(
        &BackslidingToads,
        row.clone(),
        POSITION_LIMIT,
    )?)
}

/// `backsliding_toads("T.F")`: the game graph of the row (its value and outcome are computed
/// from it on demand).
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<LoopyGame, Error> {
    let row = Row::parse(crate::rulesets::text::one_string(
        positional, named, "the row",
    )?)?;
    game(&row)
}

/// The `backsliding_toads` family (see the module documentation).
pub struct BackslidingToadsFamily;

impl crate::rulesets::Family for BackslidingToadsFamily {
    fn name(&self) -> &'static str {
        "backsliding_toads"
    }
    fn usage(&self) -> &'static str {
        "backsliding_toads(\"T.F\"): Backsliding Toads and Frogs, one row, T Left's toads, F Right's frogs, . empty; creatures may also step back"
    }
    fn example(&self) -> &'static str {
        "backsliding_toads(\"T.F\")"
    }
    fn loopy(&self) -> Option<crate::rulesets::family::LoopyCallFn> {
        Some(|args, named| call(args, named).map(crate::rulesets::LoopyCall::Graph))
    }
    fn table(&self) -> Option<crate::rulesets::TableSpec> {
        Some(crate::rulesets::TableSpec {
            params: &[crate::rulesets::Param {
                name: "size",
                meaning: "every row of 1 to size squares, at most 9 (size=9 takes minutes), default 4",
            }],
            example: "table backsliding_toads size=3",
            build: table,
        })
    }
}

/// The longest rows of `partizan table backsliding_toads`.
pub const MAX_TABLE_LENGTH: usize = 9;

/// `partizan table backsliding_toads size=N`: every row of 1 to N squares (`.`, `T`, `F` in
/// that order at each square, shorter rows first) with its value. The rows reachable from a
/// row are rows of the same length with the same creatures, so each row not yet valued is
/// valued with every row of its game graph at once ([`values`]); a row whose value failed
/// there (an error) is valued alone ([`value`]), which reports the error.
fn table(a: &crate::solve::TableParams) -> Result<crate::solve::Table, Error> {
    let n = crate::rulesets::family::bounded(a, "size", 4, (1, MAX_TABLE_LENGTH))?;
    let rows: Vec<String> = (1..=n)
        .flat_map(|len| {
            (0..3usize.pow(len as u32)).map(move |code| {
                (0..len)
                    .map(|i| b".TF"[code / 3usize.pow((len - 1 - i) as u32) % 3] as char)
                    .collect()
            })
        })
        .collect();
    let _steps = crate::progress::steps("row", rows.len() as u64);
    // The value of every row reachable from a row already valued, from that row's graph.
    let mut known: HashMap<Row, Result<String, Error>> = HashMap::new();
    let (cells, interrupted) = crate::solve::table::rows_until_interrupted(rows.len(), |i| {
        crate::progress::step(i as u64 + 1);
        let row = Row::parse(&rows[i])?;
        if !known.contains_key(&row) {
            for (r, v) in values(&row)? {
                known.insert(r, v.map(|v| v.to_string()));
            }
        }
        match known.get(&row) {
            Some(Ok(v)) => Ok(vec![v.clone()]),
            _ => value(&row).map(|v| vec![v.to_string()]),
        }
    });
    let cells = cells.into_iter().collect::<Result<Vec<_>, Error>>()?;
    Ok(crate::solve::Table {
        caption: format!(
            "Backsliding Toads and Frogs: every row of 1 to {n} squares (T Left's toads, F Right's frogs)"
        ),
        column_label: "value".to_string(),
        row_label: "row".to_string(),
        columns: vec!["value".to_string()],
        rows: rows[..cells.len()].to_vec(),
        cells,
        interrupted,
    })
}
