//! `partizan outcome` and `partizan compare`: who wins, and how two games compare.

use super::out::Failure;

/// `partizan outcome EXPR`: the outcome class of a position, by search when `search` or when its
/// canonical form is out of reach; of any other game, from its value.
pub fn outcome(
    expr: &str,
    search: bool,
    options: partizan::solve::outcome::SearchOptions,
) -> Result<String, Failure> {
    use partizan::Value;
    let value = partizan::expr::evaluate_unsettled(expr).map_err(|e| e.to_string())?;
    let failed = |e: partizan::Error| Failure::Error(format!("{expr}: {e}"));
    Ok(match value {
        Value::Position(p) if search => {
            let start = std::time::Instant::now();
            let (outcome, stats) = p.outcome_by_search(options).map_err(failed)?;
            // The search's own time, finer than the process's: a small board takes microseconds.
            let ms = start.elapsed().as_secs_f64() * 1e3;
            partizan::progress::note(format!("search: {ms:.3} ms; {stats}"));
            outcome.to_string()
        }
        Value::Position(p) => p.outcome_with(options).map_err(failed)?.to_string(),
        Value::Loopy(g) => g.outcome().map_err(|e| format!("{expr}: {e}"))?.to_string(),
        Value::Misere(_) => {
            return Err(Failure::Error(format!(
                "{expr} is a misère game: its outcome is asked with ({expr}).MisereOutcomeClass"
            )))
        }
        v => match v.as_game() {
            Some(g) => g.outcome().to_string(),
            None => {
                return Err(Failure::Error(format!(
                    "{expr} is {}, not a game",
                    v.kind()
                )))
            }
        },
    })
}

/// `partizan compare A B`: one of `=`, `<`, `>`, `||`. Short games compare by the partial order,
/// loopy ones by both sides (CGT ch. VI).
pub fn compare(a: &str, b: &str) -> Result<&'static str, Failure> {
    let a = partizan::expr::evaluate(a).map_err(|e| e.to_string())?;
    let b = partizan::expr::evaluate(b).map_err(|e| e.to_string())?;
    Ok(match partizan::expr::loopy::compare(&a, &b)? {
        Some(std::cmp::Ordering::Equal) => "=",
        Some(std::cmp::Ordering::Less) => "<",
        Some(std::cmp::Ordering::Greater) => ">",
        None => "||",
    })
}
