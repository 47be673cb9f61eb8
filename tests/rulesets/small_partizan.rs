//! Toads and Frogs, Clobber and Cutcake against independent sources: hand derivations, a
//! published value, a closed formula, brute-force evaluators written here, and symmetries.

use crate::util::g;
use crate::util::random::Rng;
use crate::util::snapshot;
use partizan::rulesets::clobber::{self, Clobber, Grid};
use partizan::rulesets::cutcake;
use partizan::rulesets::toads_frogs::{self, Row, ToadsFrogs};
use partizan::solve::Solver;
use partizan::Game;
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Toads and Frogs
// ---------------------------------------------------------------------------------------------

fn toads(s: &str) -> Game {
    toads_frogs::value(&Row::parse(s).unwrap())
}

/// Toads and Frogs from the rules on strings: no decomposition, no shortcuts.
fn brute_toads(s: &str, memo: &mut HashMap<String, Game>) -> Game {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let b = s.as_bytes();
    let swap = |i: usize, j: usize| {
        let mut c = b.to_vec();
        c.swap(i, j);
        String::from_utf8(c).unwrap()
    };
    let mut left = Vec::new();
    let mut right = Vec::new();
    for i in 0..b.len() {
        if b[i] == b'T' {
            if i + 1 < b.len() && b[i + 1] == b'.' {
                left.push(swap(i, i + 1));
            } else if i + 2 < b.len() && b[i + 1] == b'F' && b[i + 2] == b'.' {
                left.push(swap(i, i + 2));
            }
        }
        if b[i] == b'F' {
            if i >= 1 && b[i - 1] == b'.' {
                right.push(swap(i, i - 1));
            } else if i >= 2 && b[i - 1] == b'T' && b[i - 2] == b'.' {
                right.push(swap(i, i - 2));
            }
        }
    }
    let left: Vec<Game> = left.iter().map(|o| brute_toads(o, memo)).collect();
    let right: Vec<Game> = right.iter().map(|o| brute_toads(o, memo)).collect();
    let v = Game::new(left, right);
    memo.insert(s.to_string(), v);
    v
}

#[test]
fn toads_and_frogs_hand_derivations() {
    // One creature with room: T. = 1, .F = −1; T.. = 2; TT.. = 4 (each toad has two steps).
    assert_eq!(toads("T."), g("1"));
    assert_eq!(toads(".F"), g("-1"));
    assert_eq!(toads("TT.."), g("4"));
    // Jammed: TF, TTFF and F.T have no moves at all.
    assert_eq!(toads("TF"), g("0"));
    assert_eq!(toads("TTFF"), g("0"));
    assert_eq!(toads("F.T"), g("0"));
    // .TF: Left has no move; Right jumps to FT., where Left's step to F.T ends the game:
    // FT. = {0 |} = 1, so .TF = {| 1} = 0; by symmetry TF. = 0; hence T.F = {.TF | TF.} = *.
    assert_eq!(toads(".TF"), g("0"));
    assert_eq!(toads("T.F"), g("*"));
    // TT.F. Left: T.TF; Right: TTF.
    //   T.TF: Left .TTF (no moves: 0); Right jumps to TFT., where Left steps to TF.T, whose only
    //   move is Left's jump to .FT T = {| F.TT = 0} = −1: TF.T = {−1 |} = 0, TFT. = {0 |} = 1.
    //   So T.TF = {0 | 1} = 1/2.
    //   TTF.: Left jumps to T.FT; Right has no move. T.FT: Left .TFT, Right TF.T = 0; .TFT:
    //   Right jumps to FT.T = {F.TT = 0 |} = 1, so .TFT = {| 1} = 0 and T.FT = {0 | 0} = *;
    //   TTF. = {* |} = 0.
    // TT.F = {1/2 | 0}.
    assert_eq!(toads("TT.F"), g("{1/2|0}"));
}

#[test]
fn toads_and_frogs_of_cgsuite_test_suite() {
    // CGSuite's test suite (GameStripTest, "ToadsAndFrogs") gives the canonical form of
    // ttttt..fffff as this string (CGSuite's printer; v<2> is ↓², the down-second).
    let expected = "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}";
    let value = toads("ttttt..fffff");
    assert_eq!(value, g(expected));
    // And our printer writes CGSuite's string byte for byte (option order included).
    assert_eq!(value.to_string(), expected);
}

#[test]
fn toads_and_frogs_match_brute_force_on_every_row_up_to_7_squares() {
    let mut memo = HashMap::new();
    let mut solver = Solver::new(ToadsFrogs);
    for len in 0..=7u32 {
        for code in 0..3u32.pow(len) {
            let row: String = (0..len)
                .map(|i| ['.', 'T', 'F'][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            let r = Row::parse(&row).unwrap();
            let v = solver.value(&r);
            assert_eq!(v, brute_toads(&row, &mut memo), "{row}");
            assert_eq!(solver.value(&r.reversed()), -v, "{row} reversed");
        }
    }
}

#[test]
fn longer_toads_and_frogs_rows_match_brute_force() {
    let mut rng = Rng(9);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let row: String = (0..11)
            .map(|_| ['.', '.', 'T', 'F'][(rng.next() % 4) as usize])
            .collect();
        assert_eq!(toads(&row), brute_toads(&row, &mut memo), "{row}");
    }
}

#[test]
fn bad_toads_rows_are_errors() {
    let e = Row::parse("TT.x.F").unwrap_err().to_string();
    assert!(e.contains("unknown character 'x' at position 4"), "{e}");
}

#[test]
fn uptimal_notation() {
    // ↑² = {0 | ↓*} should print as ^<2> and parse back (NOTATION.md).
    let up2 = Game::new([Game::zero()], [Game::down() + Game::star()]);
    assert_eq!(up2.to_string(), "^<2>");
    assert_eq!(g("v<2>"), -up2);
}

// ---------------------------------------------------------------------------------------------
// Clobber
// ---------------------------------------------------------------------------------------------

fn clobber_value(s: &str) -> Game {
    clobber::value(&Grid::parse(s).unwrap())
}

/// Clobber from the rules on the text grid: no decomposition, no symmetry.
fn brute_clobber(rows: &[Vec<u8>], memo: &mut HashMap<Vec<Vec<u8>>, Game>) -> Game {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
    let mut left = Vec::new();
    let mut right = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let me = rows[r][c];
            if me == b'.' {
                continue;
            }
            let other = if me == b'x' { b'o' } else { b'x' };
            let near = [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)];
            for (dr, dc) in near {
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if r2 < 0 || c2 < 0 || r2 >= h as i64 || c2 >= w as i64 {
                    continue;
                }
                let (r2, c2) = (r2 as usize, c2 as usize);
                if rows[r2][c2] == other {
                    let mut next = rows.to_vec();
                    next[r2][c2] = me;
                    next[r][c] = b'.';
                    let v = brute_clobber(&next, memo);
                    if me == b'x' {
                        left.push(v);
                    } else {
                        right.push(v);
                    }
                }
            }
        }
    }
    let v = Game::new(left, right);
    memo.insert(rows.to_vec(), v);
    v
}

#[test]
fn clobber_hand_derivations() {
    // xo: each player's only move leaves a lone stone: {0 | 0} = *.
    assert_eq!(clobber_value("xo"), g("*"));
    assert_eq!(clobber_value("x|o"), g("*"));
    // xxo: Left's move leaves x.x = 0; Right's leaves xo. = *: {0 | *} = ↑. And oox = ↓.
    assert_eq!(clobber_value("xxo"), g("^"));
    assert_eq!(clobber_value("oox"), g("v"));
    // xox: every move leaves two stones of one colour: {0 | 0} = *.
    assert_eq!(clobber_value("xox"), g("*"));
    // Stones of one colour only, or separated groups: xx = 0, xo.xo = * + * = 0.
    assert_eq!(clobber_value("xx|xx"), g("0"));
    assert_eq!(clobber_value("xo.xo"), g("0"));
    assert_eq!(clobber_value("xo.xxo"), g("^*"));
}

#[test]
fn clobber_matches_brute_force_and_its_symmetries() {
    let mut rng = Rng(4);
    let mut memo = HashMap::new();
    let mut solver = Solver::new(Clobber);
    for i in 0..120 {
        let (h, w) = if i < 60 {
            (1, 2 + i % 7)
        } else {
            (2 + i % 2, 3)
        };
        let rows: Vec<Vec<u8>> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| [b'x', b'o', b'x', b'o', b'.'][(rng.next() % 5) as usize])
                    .collect()
            })
            .collect();
        let text: Vec<String> = rows
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap())
            .collect();
        let grid = Grid::parse(&text.join("|")).unwrap();
        let v = solver.value(&grid);
        assert_eq!(v, brute_clobber(&rows, &mut memo), "{grid}");
        assert_eq!(solver.value(&grid.swapped()), -v, "{grid} swapped");
    }
}

#[test]
fn bad_clobber_positions_are_errors() {
    assert!(Grid::parse("xo|o")
        .unwrap_err()
        .to_string()
        .contains("ragged"));
    assert!(Grid::parse("xoy")
        .unwrap_err()
        .to_string()
        .contains("unknown character 'y'"));
}

// ---------------------------------------------------------------------------------------------
// Cutcake
// ---------------------------------------------------------------------------------------------

/// Winning Ways, ch. 2: with 2^a <= h < 2^(a+1) and 2^b <= w < 2^(b+1), a w × h cake is worth
/// max(⌊w/2^a⌋ − 1, 0) − max(⌊h/2^b⌋ − 1, 0).
fn cutcake_formula(w: u32, h: u32) -> i64 {
    let a = 31 - h.leading_zeros();
    let b = 31 - w.leading_zeros();
    let left = ((w >> a) as i64 - 1).max(0);
    let right = ((h >> b) as i64 - 1).max(0);
    left - right
}

#[test]
fn cutcake_follows_the_winning_ways_formula() {
    for w in 1..=16 {
        for h in 1..=16 {
            assert_eq!(
                cutcake::value(w, h),
                Game::integer(cutcake_formula(w, h)),
                "{w} x {h}"
            );
        }
    }
    // Hand derivations: a 1 × n strip is n − 1 cuts for one player only; the 2 × 2 cake is
    // {−1 + −1 | 1 + 1} = {−2 | 2} = 0.
    assert_eq!(cutcake::value(5, 1), g("4"));
    assert_eq!(cutcake::value(1, 5), g("-4"));
    assert_eq!(cutcake::value(2, 2), g("0"));
}

#[test]
fn cutcake_table() {
    let t = partizan::rulesets::table("cutcake", &["size=8".to_string()]).unwrap();
    for (h, row) in t.cells.iter().enumerate() {
        for (w, cell) in row.iter().enumerate() {
            let expected = cutcake_formula(w as u32 + 1, h as u32 + 1);
            assert_eq!(cell, &expected.to_string());
        }
    }
    snapshot("cutcake_table_8", &t.to_tsv());
}

#[test]
fn toads_and_frogs_match_ericksons_formulas() {
    // J. Erickson, "New Toads and Frogs Results", Games of No Chance (MSRI Publ. 29, 1996),
    // conjectures E1–E3 on starting positions, as quoted by T. Thanatipanonda, "Further Hopping
    // with Toads and Frogs", Electron. J. Combin. 18 (2011) #P67; E1 is proved in Thanatipanonda
    // and Zeilberger, arXiv:0710.4951. The copy of the quotation available here lost the empty
    // squares of the formulas; the counts used below (two for E1, three for E2 and E3) are the
    // only ones for which each formula can hold for every a (with one or two empty squares E2 and
    // E3 fail at once), and each is then checked over the whole range.
    let row = |a: usize, gaps: usize, b: usize| {
        format!("{}{}{}", "T".repeat(a), ".".repeat(gaps), "F".repeat(b))
    };
    // E1: T^a □□ F^b = {{a − 3 | a − b} | {* | 3 − b}} for a > b >= 2.
    for a in 3..=8i64 {
        for b in 2..a {
            let expected = format!("{{{{{}|{}}}|{{*|{}}}}}", a - 3, a - b, 3 - b);
            assert_eq!(
                toads(&row(a as usize, 2, b as usize)),
                g(&expected),
                "E1 a={a} b={b}"
            );
        }
    }
    // E2: T^a □□□ FF = {a − 2 | a − 2} for a >= 2.
    for a in 2..=9i64 {
        let expected = format!("{{{}|{}}}", a - 2, a - 2);
        assert_eq!(toads(&row(a as usize, 3, 2)), g(&expected), "E2 a={a}");
    }
    // E3: T^a □□□ FFF = a − 7/2 for a >= 5.
    for a in 5..=9i64 {
        assert_eq!(
            toads(&row(a as usize, 3, 3)),
            g(&format!("{a} - 7/2")),
            "E3 a={a}"
        );
    }
}
