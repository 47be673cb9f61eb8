//! The `subtraction N` workload (the peer bench's: the first N Grundy values of S = {1,2,3}, with
//! the same summary fields and checksum) and `grundy-wythoff N` (the N×N Wythoff Grundy table
//! through the impartial fast path).

use super::{emit, parse_sizes, timed};
use partizan::games::wythoff;
use partizan::solve::grundy::subtraction_sequence;
use partizan::Game;

/// The peer's checksum: `c ← c·31 + g` over the values, wrapping.
fn checksum(values: &[u32]) -> u64 {
    values
        .iter()
        .fold(0u64, |c, &v| c.wrapping_mul(31).wrapping_add(v as u64))
}

pub fn run_subtraction(sizes: &[String]) -> Result<(), String> {
    for m in parse_sizes::<usize>(sizes, "N")? {
        let ((values, sum), secs) = timed(|| {
            let values = subtraction_sequence(&[1, 2, 3], m).expect("a valid set");
            let sum = checksum(&values);
            (values, sum)
        });
        let first: Vec<String> = values.iter().take(8).map(u32::to_string).collect();
        let last = values
            .last()
            .map_or(Game::zero(), |&v| Game::nimber(v as u64));
        emit(
            &format!("subtraction(1,2,3) {m}"),
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
