//! `partizan test FILE.test … | DIR`: runs MCGS's test files (the format of MCGS's
//! `input/info.test`; reader and runner in `partizan::rulesets::mcgs`) and compares partizan's
//! answers with the results the files expect.
//!
//! Every file is read before any case runs, so that a malformed file ends the command at once
//! (exit status 2, one `error: FILE:LINE: …` line). Then one line a command, in the files'
//! order: `FILE:LINE: COMMAND: pass`, `FAIL (expected …, got …)`, `no expected result (got …)`,
//! or `undecided (reason)`, with its time; and a summary line. Exit
//! status 0 when no case failed, 1 when one did.

use super::monitor;
use super::out::{Failure, Out};
use partizan::rulesets::mcgs::{self, run::Verdict, Case};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The command's options.
pub struct Options {
    /// The files and directories, as given.
    pub paths: Vec<String>,
    /// The time each case may take; none: no limit.
    pub time_limit: Option<Duration>,
    /// One CSV row a case (the summary goes to standard error).
    pub csv: bool,
    /// One JSON object a case, then `{"summary": …}`.
    pub json: bool,
}

/// The `.test` files of `path`: the file itself, or every `.test` file under the directory,
/// sorted by path.
fn files(path: &str) -> Result<Vec<PathBuf>, Failure> {
    let p = Path::new(path);
    let meta = std::fs::metadata(p).map_err(|e| format!("{path}: {e}"))?;
    if !meta.is_dir() {
        return Ok(vec![p.to_path_buf()]);
    }
    let mut found = Vec::new();
    let mut stack = vec![p.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "test") {
                found.push(path);
            }
        }
    }
    found.sort();
    if found.is_empty() {
        return Err(Failure::Error(format!(
            "{path}: no .test files in this directory"
        )));
    }
    Ok(found)
}

/// The counts of the summary.
#[derive(Default)]
struct Counts {
    pass: usize,
    fail: usize,
    answered: usize,
    undecided: usize,
}

impl Counts {
    fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Pass => self.pass += 1,
            Verdict::Fail { .. } => self.fail += 1,
            Verdict::Answered(_) => self.answered += 1,
            Verdict::Undecided(_) => self.undecided += 1,
        }
    }

    fn total(&self) -> usize {
        self.pass + self.fail + self.answered + self.undecided
    }
}

/// One CSV field, quoted when it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Runs `partizan test`.
pub fn run(options: Options, out: &mut Out) -> Result<(), Failure> {
    let mut files_read: Vec<(String, Vec<Case>)> = Vec::new();
    for path in &options.paths {
        for file in files(path)? {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).map_err(|e| format!("{name}: {e}"))?;
            let cases =
                mcgs::read(&text).map_err(|e| format!("{name}:{}: {}", e.line, e.message))?;
            files_read.push((name, cases));
        }
    }
    monitor::recover_from_budget();
    if options.csv {
        out.line("file,line,command,verdict,expected,got,reason,seconds,sum")?;
    }
    let mut counts = Counts::default();
    let start = Instant::now();
    for (name, cases) in &files_read {
        let mut written: Result<(), Failure> = Ok(());
        monitor::busy();
        mcgs::run::run(cases, options.time_limit, |case, verdict, time| {
            // A case stopped by the memory budget is undecided for that reason; the next runs.
            let verdict = match monitor::budget_stop() {
                Some(message) => Verdict::Undecided(message),
                None => verdict,
            };
            counts.add(&verdict);
            if written.is_ok() {
                written = out.line(line(&options, name, case, &verdict, time));
            }
            monitor::busy();
        });
        written?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let summary = format!(
        "{} cases: {} pass, {} FAIL, {} undecided, {} no expected result ({seconds:.3} s)",
        counts.total(),
        counts.pass,
        counts.fail,
        counts.undecided,
        counts.answered
    );
    if options.json {
        out.line(serde_json::json!({ "summary": {
            "cases": counts.total(),
            "pass": counts.pass,
            "fail": counts.fail,
            "undecided": counts.undecided,
            "no_expected_result": counts.answered,
            "seconds": seconds,
        }}))?;
    } else if options.csv {
        monitor::clear();
        eprintln!("{summary}");
    } else {
        out.line(summary)?;
    }
    if counts.fail > 0 {
        return Err(Failure::Status(1));
    }
    Ok(())
}

/// The output line of one case.
fn line(options: &Options, file: &str, case: &Case, verdict: &Verdict, time: Duration) -> String {
    let sum = case
        .sum
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ");
    let seconds = time.as_secs_f64();
    let (expected, got, reason) = match verdict {
        Verdict::Pass => (None, None, None),
        Verdict::Fail { expected, got } => (Some(expected.as_str()), Some(got.as_str()), None),
        Verdict::Answered(got) => (None, Some(got.as_str()), None),
        Verdict::Undecided(why) => (None, None, Some(why.as_str())),
    };
    let word = match verdict {
        Verdict::Answered(_) => "no expected result",
        v => v.word(),
    };
    if options.json {
        return serde_json::json!({
            "file": file,
            "line": case.line,
            "command": case.command.to_string(),
            "verdict": word,
            "expected": expected,
            "got": got,
            "reason": reason,
            "seconds": seconds,
            "sum": sum,
            "comments": case.comments,
        })
        .to_string();
    }
    if options.csv {
        return [
            file.to_string(),
            case.line.to_string(),
            case.command.to_string(),
            word.to_string(),
            expected.unwrap_or("").to_string(),
            got.unwrap_or("").to_string(),
            reason.unwrap_or("").to_string(),
            format!("{seconds:.6}"),
            sum,
        ]
        .iter()
        .map(|f| csv_field(f))
        .collect::<Vec<_>>()
        .join(",");
    }
    let what = match verdict {
        Verdict::Pass => "pass".to_string(),
        Verdict::Fail { expected, got } => {
            format!("FAIL (expected {expected}, got {got}) on {sum}")
        }
        Verdict::Answered(got) => format!("no expected result (got {got})"),
        Verdict::Undecided(why) => format!("undecided ({why})"),
    };
    format!(
        "{file}:{}: {}: {what} [{seconds:.3} s]",
        case.line, case.command
    )
}
