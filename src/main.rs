//! The `partizan` command: a thin layer over the library.
//!
//! ```text
//! partizan eval "{0|*} + ^"            canonical form
//! partizan eval --json "{1|-1}"        canonical form and invariants as JSON
//! partizan compare "^" "*"             one of = < > ||
//! partizan table wythoff --size 12     a family's table
//! partizan grundy octal 0.77 --to 200  a heap game's Grundy values and period
//! partizan thermograph "{3|-2}" --svg t.svg   thermograph as text, and as an SVG picture
//! partizan eval "({3|-2}).incentives()"      a list: one incentive per line
//! ```
//! Errors go to stderr, one line, with exit status 2.

use clap::{Parser, Subcommand};
use partizan::solve::{TableArgs, TableFormat};
use partizan::Game;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "partizan",
    version,
    about = "Combinatorial game theory: canonical forms of short games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the canonical form of an expression, e.g. "{0|*} + ^" or "domineering(\"..|..\")"
    Eval {
        /// The expression (notation of NOTATION.md; `+`, `-`, `+-`, parentheses, family calls)
        expr: String,
        /// Print one JSON object with the canonical form and its invariants
        #[arg(long)]
        json: bool,
        /// Print with Unicode arrows (↑ ↓ ⇑ ⇓ ±)
        #[arg(long)]
        unicode: bool,
    },
    /// Compare two games: prints one of `=`, `<`, `>`, `||` (confused)
    Compare {
        /// The first game
        a: String,
        /// The second game
        b: String,
    },
    /// Print the thermograph of a game (mean, temperature, walls), optionally drawn as SVG
    Thermograph {
        /// The expression
        expr: String,
        /// Also write the thermograph as an SVG picture to FILE (`-` for standard output)
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// Print a table of a family's values, e.g. `table wythoff --size 12`
    Table {
        /// The family
        family: String,
        /// An N×N table (or N entries)
        #[arg(long, value_parser = parse_size, allow_hyphen_values = true)]
        size: Option<usize>,
        /// Number of rows
        #[arg(long, value_parser = parse_size, allow_hyphen_values = true)]
        rows: Option<usize>,
        /// Number of columns
        #[arg(long, value_parser = parse_size, allow_hyphen_values = true)]
        cols: Option<usize>,
        /// The family's parameter p
        #[arg(long, allow_hyphen_values = true)]
        p: Option<i64>,
        /// The family's parameter q
        #[arg(long, allow_hyphen_values = true)]
        q: Option<i64>,
        /// Output format: text (tab-separated, like the papers), aligned, csv or json
        #[arg(long, default_value = "text")]
        format: TableFormat,
    },
    /// Print the Grundy values G(0..=N) of a heap game and their period, e.g.
    /// `grundy subtraction 1,3,4 --to 40`, `grundy octal 0.77 --to 200`, `grundy grundy-game --to 100`
    Grundy {
        /// The family: subtraction SET, take-range P Q, octal CODE, kayles, dawson-kayles,
        /// dawson-chess, grundy-game
        family: String,
        /// The family's arguments (a subtraction set such as 1,3,4; an octal code such as 0.77)
        args: Vec<String>,
        /// The largest heap size
        #[arg(long, value_parser = parse_size, allow_hyphen_values = true, default_value = "100")]
        to: usize,
    },
}

/// A non-negative integer option, with a message that says so.
fn parse_size(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .map_err(|_| format!("expected a non-negative integer, not {s:?}"))
}

fn main() -> ExitCode {
    // A bug must not surface as a Rust backtrace: report it on one line and exit 2.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("unknown cause");
        eprintln!("error: internal error: {msg}");
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line: clap's message without its usage block and "For more information" hint.
            let text = e.to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            let line = message.join(" ");
            let line = line.strip_prefix("error:").unwrap_or(&line).trim();
            eprintln!("error: {line}");
            return ExitCode::from(2);
        }
    };
    // Deep game trees recurse deeply in comparisons and sums: run on a large stack.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run(cli))
        .expect("spawn the worker thread");
    match worker.join() {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(_) => ExitCode::from(2),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Eval {
            expr,
            json,
            unicode,
        } => {
            let value = partizan::expr::evaluate(&expr).map_err(|e| e.to_string())?;
            match value {
                _ if json => println!("{}", value_json(&value)),
                // A list prints one item per line.
                partizan::Value::List(items) => {
                    items.iter().for_each(|item| print_value(item, unicode))
                }
                value => print_value(&value, unicode),
            }
        }
        Command::Compare { a, b } => {
            let a = partizan::eval(&a).map_err(|e| e.to_string())?;
            let b = partizan::eval(&b).map_err(|e| e.to_string())?;
            let symbol = match a.partial_cmp(&b) {
                Some(std::cmp::Ordering::Equal) => "=",
                Some(std::cmp::Ordering::Less) => "<",
                Some(std::cmp::Ordering::Greater) => ">",
                None => "||",
            };
            println!("{symbol}");
        }
        Command::Thermograph { expr, svg } => {
            let g = partizan::eval(&expr).map_err(|e| e.to_string())?;
            println!("game: {g}");
            println!("left stop: {}", g.left_stop());
            println!("right stop: {}", g.right_stop());
            println!("{}", g.thermograph());
            match svg.as_deref() {
                None => {}
                Some("-") => print!("{}", g.thermograph_svg()),
                Some(path) => std::fs::write(path, g.thermograph_svg())
                    .map_err(|e| format!("cannot write {path}: {e}"))?,
            }
        }
        Command::Table {
            family,
            size,
            rows,
            cols,
            p,
            q,
            format,
        } => {
            let args = TableArgs {
                size,
                rows,
                cols,
                p,
                q,
            };
            let table = partizan::games::table(&family, &args)?;
            print!("{}", table.render(format));
        }
        Command::Grundy { family, args, to } => {
            let report = partizan::games::sequence::sequence(&family, &args, to)?;
            print!("{report}");
        }
    }
    Ok(())
}

fn eval_json(g: Game) -> serde_json::Value {
    let birthday = g.birthday();
    let birthday = match u64::try_from(&birthday) {
        Ok(b) => serde_json::Value::from(b),
        Err(_) => serde_json::Value::from(birthday.to_string()),
    };
    let mut obj = serde_json::json!({
        "canonical": g.to_string(),
        "outcome": g.outcome().to_string(),
        "birthday": birthday,
        "is_number": g.is_number(),
        "is_nimber": g.is_nimber(),
        "is_infinitesimal": g.is_infinitesimal(),
    });
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

fn print_value(value: &partizan::Value, unicode: bool) {
    if unicode {
        println!("{value:#}");
    } else {
        println!("{value}");
    }
}

/// A game as the object of [`eval_json`]; a list as an array (of canonical forms for games);
/// a boolean as a boolean; anything else as its text.
fn value_json(value: &partizan::Value) -> serde_json::Value {
    use partizan::Value;
    match value {
        Value::Game(g) => eval_json(*g),
        Value::List(items) => items
            .iter()
            .map(|item| match item {
                Value::Game(g) => serde_json::Value::from(g.to_string()),
                other => value_json(other),
            })
            .collect(),
        Value::Boolean(b) => serde_json::Value::from(*b),
        other => serde_json::Value::from(other.to_string()),
    }
}
