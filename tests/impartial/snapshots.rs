//! Snapshots of the impartial tables (under `snapshots/`). Each content is also checked against
//! an independent source elsewhere: Table 1 cell by cell against the paper's
//! `tests/data/paper-table1-ryuoh-p3-q9.tsv` (here and in `impartial::boards`), the Wythoff
//! table against OEIS A317205 (`impartial::boards`), the sequences against OEIS A002186,
//! A002187 and A002188 (`impartial::heaps`).

use crate::util::snapshot;
use partizan::rulesets::octal::{GrundyGame, OctalGame};
use partizan::solve::{Table, TableParams};

#[test]
fn ryuoh_paper_table_one() {
    let args = TableParams::new()
        .with("size", 19)
        .with("p", 3)
        .with("q", 9);
    let table = partizan::rulesets::table_with("ryuoh", &args).unwrap();
    let paper = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/paper-table1-ryuoh-p3-q9.tsv"
    ))
    .unwrap();
    assert_eq!(table.cells, Table::from_tsv(&paper).unwrap().cells);
    snapshot("ryuoh_p3_q9_19x19", &table.to_tsv());
}

#[test]
fn wythoff_twelve_by_twelve() {
    let args = TableParams::new().with("size", 12);
    snapshot(
        "wythoff_12x12",
        &partizan::rulesets::table_with("wythoff", &args)
            .unwrap()
            .to_tsv(),
    );
}

fn sequence(caption: &str, values: &[u32]) -> String {
    Table::sequence(caption, "n", values.iter().map(u32::to_string)).to_tsv()
}

#[test]
fn first_hundred_grundy_values() {
    snapshot(
        "kayles_100",
        &sequence(
            "Kayles (octal 0.77), G(0..100)",
            &OctalGame::kayles().grundy_sequence(100),
        ),
    );
    snapshot(
        "dawson_kayles_100",
        &sequence(
            "Dawson's Kayles (octal 0.07), G(0..100)",
            &OctalGame::dawson_kayles().grundy_sequence(100),
        ),
    );
    snapshot(
        "grundy_game_100",
        &sequence("Grundy's game, G(0..100)", &GrundyGame.grundy_sequence(100)),
    );
}
