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

/// The `loopy-toads-all N` workload: the value of every Backsliding Toads and Frogs row of 1 to
/// N squares (3^1 + … + 3^N rows); one line with the time, the rows, the stoppers among them
/// and the rows whose value was not found.
pub fn run_loopy_toads_all(args: &[String]) -> Result<(), String> {
    let [n] = args else {
        return Err("expected the largest number of squares, such as 8".into());
    };
    let n: usize = n.parse().map_err(|e| format!("{n}: {e}"))?;
    let (counts, secs) = timed(|| {
        let (mut rows, mut stoppers, mut failed) = (0u64, 0u64, 0u64);
        let mut known: std::collections::HashMap<String, u8> = std::collections::HashMap::new();
        for len in 1..=n {
            for code in 0..3u64.pow(len as u32) {
                let text: String = (0..len)
                    .map(|i| ['T', 'F', '.'][(code / 3u64.pow(i as u32) % 3) as usize])
                    .collect();
                let row = Row::parse(&text).expect("a row of T, F and .");
                rows += 1;
                if !known.contains_key(&text) {
                    // Every row reachable from this one is valued with it.
                    let values = backsliding_toads::values(&row).expect("a small graph");
                    for (r, v) in values {
                        let kind = match v {
                            Ok(v) if v.is_stopper() => 1,
                            Ok(_) => 2,
                            Err(_) => 0,
                        };
                        known.insert(r.to_string(), kind);
                    }
                }
                match known[&text] {
                    0 => failed += 1,
                    1 => stoppers += 1,
                    _ => {}
                }
            }
        }
        (rows, stoppers, failed)
    });
    let (rows, stoppers, failed) = counts;
    emit(
        &format!("loopy-toads-all {n}"),
        secs,
        &format!("{rows} rows, {stoppers} stoppers, {failed} not found"),
    );
    Ok(())
}
