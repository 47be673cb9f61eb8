//! The `loopy-toads ROW...` workload: the value (canonical stopper, or onside and offside) of a
//! Backsliding Toads and Frogs row, from its position graph; one line per row.

use super::{emit, timed};
use partizan::rulesets::backsliding_toads;
use partizan::rulesets::toads_frogs::Row;

pub fn run_loopy_toads(rows: &[String]) -> Result<(), String> {
    if rows.is_empty() {
        return Err("expected rows such as T....F".into());
    }
    for text in rows {
        let row = Row::parse(text).map_err(|e| e.to_string())?;
        let game = backsliding_toads::game(&row).map_err(|e| e.to_string())?;
        let (value, secs) = timed(|| game.value());
        let value = value.map_err(|e| e.to_string())?;
        emit(
            &format!("loopy-toads {text}"),
            secs,
            &format!("{value}, {} positions", game.positions()),
        );
    }
    Ok(())
}
