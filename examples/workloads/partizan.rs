//! The `queen N`, `wythoff N` and `domineering RxC` workloads of the peer bench
//! (`../shared/peer-bench`), with output lines of the same names and summaries; and the board
//! positions (`amazons`, `clobber`, `konane`, `toppling`), one line per position.

use super::{emit, parse_sizes, timed};
use partizan::rulesets::board_engine::Engine;
use partizan::rulesets::clobber_variants::{self, GenClobber, Variant};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::rulesets::queen::{queen_table, PartizanQueen};
use partizan::rulesets::toppling_dominoes::{Rows, TopplingDominoes};
use partizan::rulesets::{amazons, konane};
use partizan::rulesets::{graph, snort};
use partizan::solve::Solver;
use partizan::{Game, Nus};

/// `queen N`: every cell of the N×N partizan Queen by the general constructor, checked (untimed)
/// against `x − y + *min(x, y)`.
pub fn run_queen(sizes: &[String]) -> Result<(), String> {
    for n in parse_sizes::<usize>(sizes, "N")? {
        let (table, secs) = timed(|| queen_table(n, n, PartizanQueen::unlimited(), false));
        let mut bad = 0usize;
        for y in 0..n {
            for x in 0..n {
                let expected = Game::nus(Nus {
                    number: (x as i64 - y as i64).into(),
                    ups: 0,
                    nimber: x.min(y) as u64,
                });
                if table[y * n + x] != expected {
                    bad += 1;
                }
            }
        }
        let m = n.saturating_sub(1);
        let shown: Vec<String> = [(1, 1), (2, 1), (1, 2), (m, m / 2), (m, m)]
            .iter()
            .filter(|&&(x, y)| x < n && y < n)
            .map(|&(x, y)| format!("({x},{y})={}", table[y * n + x]))
            .collect();
        emit(
            &format!("queen {n}"),
            secs,
            &format!(
                "cells={} mismatches_vs_x-y+*min={bad} {}",
                n * n,
                shown.join(" ")
            ),
        );
    }
    Ok(())
}

/// `wythoff N`: the impartial queen (Wythoff's game) by the general constructor, checked
/// (untimed) against a plain mex table of Grundy values. Printed as `wythoff-cf N`, as the peer.
pub fn run_wythoff(sizes: &[String]) -> Result<(), String> {
    for n in parse_sizes::<usize>(sizes, "N")? {
        let (table, secs) = timed(|| queen_table(n, n, PartizanQueen::unlimited(), true));
        let mut grundy = vec![0u64; n * n];
        let mut bad = 0usize;
        for y in 0..n {
            for x in 0..n {
                let options = (1..=x)
                    .map(|t| grundy[y * n + x - t])
                    .chain((1..=y).map(|t| grundy[(y - t) * n + x]))
                    .chain((1..=x.min(y)).map(|t| grundy[(y - t) * n + x - t]));
                grundy[y * n + x] = partizan::mex(options);
                if table[y * n + x] != Game::nimber(grundy[y * n + x]) {
                    bad += 1;
                }
            }
        }
        let m = n.saturating_sub(1);
        let cell = |x: usize, y: usize| {
            table
                .get(y * n + x)
                .filter(|_| x < n)
                .map_or("-".to_string(), |g| g.to_string())
        };
        emit(
            &format!("wythoff-cf {n}"),
            secs,
            &format!(
                "cells={} mismatches_vs_mex_table={bad} (1,2)={} ({m},{m})={}",
                n * n,
                cell(1, 2),
                cell(m, m)
            ),
        );
    }
    Ok(())
}

/// `domineering RxC`: the canonical form of the empty R×C board (R rows, C columns; Left places
/// vertical dominoes), with the temperature timed separately, as the peer.
pub fn run_domineering(sizes: &[String]) -> Result<(), String> {
    for size in sizes {
        let (r, c) = size
            .split_once('x')
            .ok_or_else(|| format!("{size:?} is not of the form RxC"))?;
        let rows: usize = r
            .parse()
            .map_err(|_| format!("bad row count in {size:?}"))?;
        let cols: usize = c
            .parse()
            .map_err(|_| format!("bad column count in {size:?}"))?;
        let mut solver = Solver::new(Domineering::new());
        let board = Board::rectangle(rows, cols);
        let (value, secs) = timed(|| solver.value(&board));
        let (temperature, tsecs) = timed(|| value.temperature());
        emit(
            &format!("domineering {rows}x{cols}"),
            secs,
            &format!(
                "value={value} tt_positions={} temperature={temperature} (temperature took {tsecs:.6}s)",
                solver.ruleset().engine_positions() + solver.table_len()
            ),
        );
    }
    Ok(())
}

/// `snort RxC`: the canonical form of Snort on the empty R-row, C-column grid (Left colours
/// blue), with the size of the transposition table.
pub fn run_snort(sizes: &[String]) -> Result<(), String> {
    for size in sizes {
        let (r, c) = size
            .split_once('x')
            .ok_or_else(|| format!("{size:?} is not of the form RxC"))?;
        let start = graph::parse(&format!("grid:{r}x{c}"), "")
            .map_err(|e| e.to_string())?
            .graph
            .map_labels(|_| 3, |l| l);
        let mut solver = Solver::new(snort::ruleset());
        let (value, secs) = timed(|| solver.value(&start));
        let text = value.to_string();
        let shown: String = text.chars().take(60).collect();
        emit(
            &format!("snort {r}x{c}"),
            secs,
            &format!(
                "tt_positions={} birthday={} temperature={} value~{shown}{}",
                solver.table_len(),
                value.birthday(),
                value.temperature(),
                if text.chars().count() > 60 { "..." } else { "" }
            ),
        );
    }
    Ok(())
}

/// Runs one board workload: for each position, its canonical form through `evaluate` (which also
/// returns the size of the transposition table), timed, with the value's birthday, temperature and
/// (the start of) its canonical form.
pub fn run_positions(
    family: &str,
    positions: &[String],
    evaluate: impl Fn(&str) -> Result<(Game, usize), String>,
) -> Result<(), String> {
    if positions.is_empty() {
        return Err(format!("give at least one {family} position"));
    }
    for p in positions {
        let (result, secs) = timed(|| evaluate(p));
        let (value, table) = result?;
        // The printed form of a game born late can be far longer than its stored form (shared
        // options are printed each time), so it is shown only for the early-born.
        let birthday = value.birthday();
        let shown = if birthday <= 16u32.into() {
            let text = value.to_string();
            let start: String = text.chars().take(60).collect();
            let more = if text.chars().count() > 60 { "..." } else { "" };
            format!(" value~{start}{more}")
        } else {
            String::new()
        };
        emit(
            &format!("{family} {p}"),
            secs,
            &format!(
                "tt_positions={table} birthday={birthday} stops=({},{}) temperature={}{shown}",
                value.left_stop(),
                value.right_stop(),
                value.temperature(),
            ),
        );
    }
    Ok(())
}

/// `amazons POS`: the canonical form of an Amazons position (CGSuite's benchmark is
/// `x......|o......`).
pub fn run_amazons(positions: &[String]) -> Result<(), String> {
    run_positions("amazons", positions, |p| {
        let mut engine = Engine::new(amazons::Amazons);
        let v = engine.value(&amazons::parse(p).map_err(|e| e.to_string())?);
        Ok((v, engine.table_len()))
    })
}

/// `clobber POS`: the canonical form of a Clobber position (the 4×4 checkerboard is
/// `xoxo|oxox|xoxo|oxox`).
pub fn run_clobber(positions: &[String]) -> Result<(), String> {
    run_positions("clobber", positions, |p| {
        let mut engine = Engine::new(GenClobber(Variant::Orthogonal));
        let v = engine.value(&clobber_variants::parse(p).map_err(|e| e.to_string())?);
        Ok((v, engine.table_len()))
    })
}

/// `konane POS`: the canonical form of a Konane position.
pub fn run_konane(positions: &[String]) -> Result<(), String> {
    run_positions("konane", positions, |p| {
        let mut engine = Engine::new(konane::Konane);
        let v = engine.value(&konane::parse(p).map_err(|e| e.to_string())?);
        Ok((v, engine.table_len()))
    })
}

/// `toppling ROW`: the canonical form of a Toppling Dominoes row.
pub fn run_toppling(positions: &[String]) -> Result<(), String> {
    run_positions("toppling", positions, |p| {
        let mut solver = Solver::new(TopplingDominoes);
        let v = solver.value(&Rows::parse(p).map_err(|e| e.to_string())?);
        Ok((v, solver.table_len()))
    })
}
