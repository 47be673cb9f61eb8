//! The `subtraction [SET] N...` workload (the peer bench's: the first N Grundy values of the
//! subtraction game S, {1,2,3} unless a token with commas such as `2,5,7` sets S for the sizes
//! after it, with the same summary fields and checksum) and `grundy-wythoff N` (the N×N Wythoff
//! Grundy table through the impartial fast path), `chomp RxC` (the Grundy value of the
//! Chomp rectangle through the GrundySolver).

use super::{emit, parse_sizes, timed};
use partizan::rulesets::{chomp, wythoff};
use partizan::solve::grundy::subtraction_sequence;
use partizan::Game;

/// The peer's checksum: `c ← c·31 + g` over the values, wrapping.
fn checksum(values: &[u32]) -> u64 {
    values
        .iter()
        .fold(0u64, |c, &v| c.wrapping_mul(31).wrapping_add(v as u64))
}

pub fn run_subtraction(args: &[String]) -> Result<(), String> {
    // The set as given (the peer prints it unsorted), and the sizes that follow it.
    let mut set: Vec<usize> = vec![1, 2, 3];
    if !args.iter().any(|a| !a.contains(',')) {
        return Err("give at least one N".into());
    }
    for arg in args {
        if arg.contains(',') {
            set = arg
                .split(',')
                .filter(|t| !t.is_empty())
                .map(|t| {
                    t.parse()
                        .map_err(|_| format!("{t:?} in the set {arg:?} is not a positive integer"))
                })
                .collect::<Result<_, _>>()?;
            continue;
        }
        let m: usize = parse_sizes(std::slice::from_ref(arg), "N")?[0];
        let (result, secs) = timed(|| {
            subtraction_sequence(&set, m).map(|values| {
                let sum = checksum(&values);
                (values, sum)
            })
        });
        let (values, sum) = result.map_err(|e| e.to_string())?;
        let first: Vec<String> = values.iter().take(8).map(u32::to_string).collect();
        let last = values
            .last()
            .map_or(Game::zero(), |&v| Game::nimber(v as u64));
        let name: Vec<String> = set.iter().map(usize::to_string).collect();
        emit(
            &format!("subtraction({}) {m}", name.join(",")),
            secs,
            &format!(
                "terms={m} first8=[{}] last={last} checksum={sum}",
                first.join(",")
            ),
        );
    }
    Ok(())
}

pub fn run_grundy_wythoff(sizes: &[String]) -> Result<(), String> {
    for n in parse_sizes::<usize>(sizes, "N")? {
        if n == 0 {
            return Err("N must be at least 1".into());
        }
        let (g, secs) = timed(|| wythoff::grundy_table(n, n));
        let zeros = g.iter().filter(|&&v| v == 0).count();
        emit(
            &format!("grundy-wythoff {n}"),
            secs,
            &format!(
                "cells={} G({m},{m})={} zeros={zeros}",
                n * n,
                g[n * n - 1],
                m = n - 1
            ),
        );
    }
    Ok(())
}

pub fn run_chomp(sizes: &[String]) -> Result<(), String> {
    for size in sizes {
        let (r, c) = size
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .ok_or_else(|| format!("expected RxC such as 10x10, not {size:?}"))?;
        let rows = chomp::rectangle(r, c).map_err(|e| e.to_string())?;
        let (g, secs) = timed(|| chomp::grundy(&rows));
        let g = g.map_err(|e| e.to_string())?;
        emit(
            &format!("chomp {r}x{c}"),
            secs,
            &format!(
                "positions<={} value={}",
                chomp::positions(r, c),
                Game::nimber(g)
            ),
        );
    }
    Ok(())
}
