//! CGSuite's benchmark list on the heap side and the algebra side: `heat K` (`*K Heat 1`), `kayles
//! N` (the nim value of a Kayles heap of N, by the sparse-space engine and by the direct mex), and
//! `octal CODE N` (the first N values of an octal code by the sparse-space engine, with the
//! summary: largest value, method, rare positions, period).

use super::{emit, parse_sizes, timed};
use partizan::solve::grundy::octal_sequence;
use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
use partizan::Game;

/// `heat K...`: `*K` heated by 1 (CGSuite's `*14 Heat 1`), from empty caches.
pub fn run_heat(sizes: &[String]) -> Result<(), String> {
    for k in parse_sizes::<u64>(sizes, "K")? {
        partizan::algebra::clear_caches();
        let (g, secs) = timed(|| Game::nimber(k).heat(&Game::integer(1)));
        let text = g.to_string();
        let shown: String = text.chars().take(60).collect();
        emit(
            &format!("heat *{k} 1"),
            secs,
            &format!(
                "birthday={} display_len={} value~{shown}{}",
                g.birthday(),
                text.len(),
                if text.len() > 60 { "..." } else { "" }
            ),
        );
    }
    Ok(())
}

/// `kayles N...`: the nim value of a Kayles heap of N (CGSuite's `Kayles(40000)` benchmark), by
/// the engine (which proves the period 12 from 71 at 168 values and copies the rest) and by the
/// direct mex over every split.
pub fn run_kayles(sizes: &[String]) -> Result<(), String> {
    let rules = HeapRules::octal(&[0, 7, 7]).map_err(|e| e.to_string())?;
    for n in parse_sizes::<usize>(sizes, "N")? {
        let (g, secs) = timed(|| partizan::solve::sparse::sequence(&rules, n + 1));
        emit(&format!("kayles {n}"), secs, &format!("G({n})={}", g[n]));
        let (g, secs) = timed(|| octal_sequence(&[0, 7, 7], n + 1).expect("Kayles"));
        emit(
            &format!("kayles-direct {n}"),
            secs,
            &format!("G({n})={}", g[n]),
        );
    }
    Ok(())
}

/// `octal CODE N...`: `G(0..N)` of the code by the sparse-space engine; the summary fields and
/// the rate in values per second (of values computed, not copied by a proven period).
pub fn run_octal(args: &[String]) -> Result<(), String> {
    let every_value = args.iter().any(|a| a == "--every-value");
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--every-value")
        .cloned()
        .collect();
    let Some((code, sizes)) = args.split_first() else {
        return Err("give a code such as 0.16 and at least one N".into());
    };
    let game = partizan::rulesets::octal::OctalGame::parse(code).map_err(|e| e.to_string())?;
    let rules = HeapRules::octal(game.digits()).map_err(|e| e.to_string())?;
    for n in parse_sizes::<usize>(sizes, "N")? {
        let mut run = SparseRun::new(rules.clone());
        run.extend_by_period(!every_value);
        let (r, secs) = timed(|| run.compute(n, &Limits::default()));
        r.map_err(|e| e.to_string())?;
        let s = run.summary();
        let period = match s.periodicity {
            Some(p) => format!(
                "period={} preperiod={} computed={}",
                p.period, p.preperiod, s.rare_counted
            ),
            None => "period=none".into(),
        };
        emit(
            &format!(
                "octal {code} {n}{}",
                if every_value { " every-value" } else { "" }
            ),
            secs,
            &format!(
                "max={} rare={} last_rare={} method=\"{}\" {period} values_per_s={:.0}",
                s.max,
                s.rare,
                s.last_rare.map_or("none".into(), |n| n.to_string()),
                s.method,
                s.rare_counted as f64 / secs
            ),
        );
    }
    Ok(())
}
