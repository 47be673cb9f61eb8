//! `partizan table` and `partizan families`: a family's table of values, and the registry of
//! families.

use super::monitor;
use super::out::{Failure, Out};
use partizan::solve::TableFormat;
use std::fmt::Write as _;

/// `partizan table FAMILY PARAMS…`: Ctrl-C stops the table at its next interruption point; the
/// rows finished are printed before the process ends with status 130.
pub fn table(
    family: &str,
    params: &[String],
    format: TableFormat,
    out: &mut Out,
) -> Result<(), Failure> {
    monitor::stop_on_interrupt(&super::STOP);
    partizan::interrupt::set_poll(Some(|| {
        super::STOP.load(std::sync::atomic::Ordering::Relaxed)
    }));
    let table = partizan::interrupt::catch(std::panic::AssertUnwindSafe(|| {
        partizan::rulesets::table(family, params)
    }))
    .map_err(|_| Failure::Interrupted("interrupted".to_string()))??;
    out.print(&table.render(format))?;
    if table.interrupted {
        return Err(Failure::Interrupted(format!(
            "interrupted after {} of the table's rows",
            table.rows.len()
        )));
    }
    Ok(())
}

/// `partizan families [NAME]`: each family's call, table and sequence, from the registry (only
/// those of `NAME` when given).
pub fn families(only: Option<&str>) -> Result<String, Failure> {
    let wanted = |name: &str| only.is_none_or(|o| o == name);
    let mut s = String::new();
    for f in partizan::rulesets::FAMILIES
        .iter()
        .filter(|f| wanted(f.name()))
    {
        let _ = writeln!(s, "{}\n  {}\n  e.g. {}", f.name(), f.usage(), f.example());
        if let Some(t) = f.table() {
            let _ = writeln!(s, "  {}\n  e.g. partizan {}", t.usage(f.name()), t.example);
        }
        if let Some(q) = f.sequence() {
            let _ = writeln!(s, "  {}", q.usage);
        }
    }
    match only {
        Some(name) if s.is_empty() => {
            let names = partizan::rulesets::FAMILIES.iter().map(|f| f.name());
            let near = partizan::suggest::suggest(name, names);
            let hint = if near.is_empty() {
                "; partizan families lists them all".to_string()
            } else {
                partizan::suggest::did_you_mean(&near)
            };
            Err(Failure::Error(format!("unknown family '{name}'{hint}")))
        }
        _ => Ok(s),
    }
}
