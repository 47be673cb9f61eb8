//! The misère workloads: `misere-quotient CODE:N...` (the misère quotient of an octal game's
//! heaps 1..=N, with a size limit of 2000 elements) and `misere-domineering RxC...` (the misère
//! outcome class of the empty Domineering board by search).

use super::{emit, timed};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::rulesets::octal::OctalGame;
use partizan::solve::misere::MisereSolver;
use partizan::solve::quotient::misere_quotient_partial;

pub fn run_quotient(args: &[String]) -> Result<(), String> {
    for arg in args {
        let (code, n) = arg
            .split_once(':')
            .ok_or_else(|| format!("expected CODE:N such as 0.07:30, not {arg:?}"))?;
        let n: usize = n.parse().map_err(|_| format!("{n:?} is not a heap size"))?;
        let game = OctalGame::parse(code).map_err(|e| e.to_string())?;
        let (found, secs) = timed(|| misere_quotient_partial(&game, n, 2000));
        let q = &found.quotient;
        emit(
            &format!("misere-quotient {arg}"),
            secs,
            &format!(
                "heaps=1..={} size={} p={} stopped={}",
                q.max_heap(),
                q.size(),
                q.p_portion_size(),
                found.stopped.is_some()
            ),
        );
    }
    Ok(())
}

pub fn run_domineering(args: &[String]) -> Result<(), String> {
    for arg in args {
        let (r, c) = arg
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .ok_or_else(|| format!("expected RxC such as 2x6, not {arg:?}"))?;
        let (result, secs) = timed(|| {
            let mut solver = MisereSolver::new(Domineering::rules_only());
            let o = solver.outcome(&Board::rectangle(r, c));
            (o, solver.table_len())
        });
        emit(
            &format!("misere-domineering {arg}"),
            secs,
            &format!("outcome={} positions={}", result.0, result.1),
        );
    }
    Ok(())
}
