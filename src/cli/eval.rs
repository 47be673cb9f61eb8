//! `partizan eval` and `partizan run`: expressions and scripts of the worksheet language, one
//! worksheet a run, their values printed plainly, in Unicode or as JSON.

use super::monitor;
use super::out::{Failure, Out};
use partizan::Game;
use std::io::{BufRead, IsTerminal};

/// `partizan eval [EXPR]`: the value of `EXPR`, or with none (or `-`) of each line of standard
/// input, in turn.
pub fn eval(expr: Option<&str>, mut options: EvalOptions, out: &mut Out) -> Result<(), Failure> {
    match expr {
        None | Some("-") => {
            if std::io::stdin().is_terminal() {
                eprintln!("partizan eval: one expression a line, until the end of input (Ctrl-D)");
            }
            options.one_line = true;
            eval_lines(&options, out)
        }
        Some(expr) => out.print(&eval_line(
            expr,
            &options,
            &mut partizan::expr::Worksheet::new(),
        )?),
    }
}

/// How `eval` prints.
pub struct EvalOptions {
    pub json: bool,
    pub unicode: bool,
    /// A value printed on several lines (a thermograph) has its lines joined by "; ": in
    /// standard-input mode each line of input gets exactly one line of output.
    pub one_line: bool,
}

/// The answer to one input of the worksheet `sheet`, each of its lines ended by a newline (none
/// when the input ends with `;` or is blank).
fn eval_line(
    expr: &str,
    options: &EvalOptions,
    sheet: &mut partizan::expr::Worksheet,
) -> Result<String, String> {
    if expr.trim().is_empty() {
        // An empty argument is a mistake, not a blank worksheet entry.
        return Err(partizan::expr::parse(expr).map_or_else(|e| e.to_string(), |_| String::new()));
    }
    let Some(value) = sheet.evaluate(expr).map_err(|e| e.to_string())? else {
        return Ok(String::new());
    };
    let show = |v: &partizan::Value| {
        let text = if options.unicode {
            format!("{v:#}")
        } else {
            format!("{v}")
        };
        if options.one_line {
            // One answer a line, so that the answers line up with the inputs: a value printed
            // on several lines (a thermograph) has its lines joined by "; ".
            format!("{}\n", text.lines().collect::<Vec<_>>().join("; "))
        } else {
            format!("{text}\n")
        }
    };
    // Printing can meet the notation's length limit (a form that shares its followers may
    // print exponentially long); that is this line's error, not the end of the run.
    let print = || match &value {
        _ if options.json => format!("{}\n", value_json(&value)),
        value => show(value),
    };
    partizan::algebra::limits::catch(std::panic::AssertUnwindSafe(print))
        .map_err(|limit| format!("at byte 0 of {expr:?}: {limit}"))
}

/// `partizan run FILE`: the script's statements in turn, as the entries of one worksheet, the
/// value of each top-level statement not ended by `;` on a line of its own.
pub fn run_script(path: &str, options: &EvalOptions, out: &mut Out) -> Result<(), Failure> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let mut sheet = partizan::expr::Worksheet::new();
    let mut printed: Result<(), Failure> = Ok(());
    let result = partizan::interrupt::catch(std::panic::AssertUnwindSafe(|| {
        sheet.run_script(&text, |v| {
            if printed.is_err() {
                return;
            }
            let line = if options.json {
                value_json(&v).to_string()
            } else if options.unicode {
                format!("{v:#}")
            } else {
                v.to_string()
            };
            printed = out.print(&format!("{line}\n"));
        })
    }));
    printed?;
    match result {
        Ok(r) => r.map_err(|e| Failure::Error(format!("{path}: {e}"))),
        Err(_) => Err(Failure::Interrupted("interrupted".into())),
    }
}

/// `eval -`: answers each non-blank line of standard input on one line of output, in order, an
/// error as an `error: ...` line (or `{"error": ...}` with `--json`) in the answer's place, so
/// that the answers line up with the expressions. Fails, after the last line, if any line did.
fn eval_lines(options: &EvalOptions, out: &mut Out) -> Result<(), Failure> {
    monitor::recover_from_budget();
    // The lines are the entries of one worksheet: a name assigned on one line is known on the
    // next.
    let mut sheet = partizan::expr::Worksheet::new();
    let mut input = std::io::stdin().lock();
    let mut line = Vec::new();
    let (mut answered, mut failed) = (0usize, 0usize);
    loop {
        line.clear();
        monitor::idle();
        let read = input
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            break;
        }
        monitor::busy();
        let answer = match std::str::from_utf8(&line).map(str::trim) {
            Ok("") => continue,
            // Work stopped from outside (by the memory budget, below) unwinds to here.
            Ok(expr) => partizan::interrupt::catch(std::panic::AssertUnwindSafe(|| {
                eval_line(expr, options, &mut sheet)
            }))
            .unwrap_or_else(|_| Err("interrupted".to_string())),
            Err(_) => Err("this line is not valid UTF-8".to_string()),
        };
        // A line stopped by the memory budget fails with the budget's message; its memory is
        // freed and the batch goes on.
        let answer = match (monitor::budget_stop(), answer) {
            (Some(message), Err(_)) => Err(message),
            (_, answer) => answer,
        };
        answered += 1;
        // A suppressed entry (`g := 7;`) answers with an empty line, so that the answers still
        // line up with the inputs.
        let answer = answer.map(|t| if t.is_empty() { "\n".to_string() } else { t });
        let text = answer.unwrap_or_else(|message| {
            failed += 1;
            if options.json {
                format!("{}\n", serde_json::json!({ "error": message }))
            } else {
                format!("error: {message}\n")
            }
        });
        out.print(&text)?;
    }
    if failed > 0 {
        return Err(Failure::Error(format!(
            "{failed} of {answered} expressions failed (their errors are in the output, in order)"
        )));
    }
    Ok(())
}

fn eval_json(g: Game) -> serde_json::Value {
    let birthday = g.birthday();
    let birthday = match u64::try_from(&birthday) {
        Ok(b) => serde_json::Value::from(b),
        Err(_) => serde_json::Value::from(birthday.to_string()),
    };
    // A form that shares its followers can print exponentially long: the answer then leaves
    // the form out, says why, and still gives the invariants.
    let canonical = partizan::algebra::limits::catch(|| g.to_string());
    let mut obj = serde_json::json!({
        "canonical": canonical.as_ref().ok(),
        "outcome": g.outcome().to_string(),
        "birthday": birthday,
        "is_number": g.is_number(),
        "is_nimber": g.is_nimber(),
        "is_infinitesimal": g.is_infinitesimal(),
    });
    if let Err(limit) = &canonical {
        obj["canonical_omitted"] = serde_json::Value::from(limit.message.clone());
    }
    if let Some(x) = g.as_number() {
        obj["number"] = serde_json::Value::from(x.to_string());
    }
    if let Some(n) = g.as_nimber() {
        obj["nimber"] = serde_json::Value::from(n);
    }
    let text = |x: &dyn std::fmt::Display| serde_json::Value::from(x.to_string());
    obj["left_stop"] = text(g.left_stop());
    obj["right_stop"] = text(g.right_stop());
    obj["mean"] = text(&g.mean());
    obj["temperature"] = text(&g.temperature());
    if let Some(c) = g.confusion_interval() {
        obj["confusion_interval"] = text(&c);
    }
    if let Ok(w) = g.atomic_weight() {
        obj["atomic_weight"] = text(&w);
    }
    obj
}

/// A game as the object of [`eval_json`]; a list as an array (of canonical forms for games);
/// a boolean as a boolean; anything else as its text.
pub fn value_json(value: &partizan::Value) -> serde_json::Value {
    use partizan::Value;
    match value {
        Value::Game(g) => eval_json(*g),
        Value::List(items) | Value::Set(items) => items
            .iter()
            .map(|item| match item {
                Value::Game(g) => serde_json::Value::from(g.to_string()),
                other => value_json(other),
            })
            .collect(),
        Value::Map(entries) => serde_json::Value::Object(
            entries
                .iter()
                .map(|(k, v)| {
                    let key = match k {
                        Value::Text(s) => s.clone(),
                        k => k.to_string(),
                    };
                    let value = match v {
                        Value::Game(g) => serde_json::Value::from(g.to_string()),
                        other => value_json(other),
                    };
                    (key, value)
                })
                .collect(),
        ),
        Value::Nothing => serde_json::Value::Null,
        Value::Text(s) => serde_json::Value::from(s.clone()),
        Value::Boolean(b) => serde_json::Value::from(*b),
        Value::Thermograph(t) => serde_json::json!({
            "mean": t.mean.to_string(),
            "temperature": t.temperature.to_string(),
            "left_wall": t.left.to_string(),
            "right_wall": t.right.to_string(),
        }),
        other => serde_json::Value::from(other.to_string()),
    }
}
