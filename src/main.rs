//! The `partizan` command: a thin layer over the library.
//!
//! ```text
//! partizan eval "{0|*} + ^"            canonical form
//! partizan eval -1                     expressions may start with '-'
//! partizan eval --json "{1|-1}"        canonical form and invariants as JSON
//! partizan eval < FILE                 one expression a line (also `eval -`), one answer a line
//! partizan compare "^" "*"             one of = < > ||
//! partizan table wythoff size=12     a family's table
//! partizan grundy octal 0.77 --to 200  a heap game's Grundy values and period
//! partizan thermograph "{3|-2}" --svg t.svg   thermograph as text, and as an SVG picture
//! partizan eval "({3|-2}).incentives()"      a list: one incentive per line
//! partizan families                    every family: arguments, description, example
//! partizan test tests/data/mcgs/autotests --time-limit 5   run MCGS's .test files
//! partizan db build domineering --max-squares 10 --out dom.db   a database of region values
//! partizan --db dom.db eval 'domineering("...|...")'          values looked up in it
//! ```
//!
//! Every command takes `--max-memory SIZE` (default: half of the physical memory), `--stats`,
//! `--progress`, `--quiet` and `--threads N`. Exit status: 0 on success (also when the reader of
//! the output goes away, as with `| head`), 2 on bad input, a failed line of input or a reached
//! memory budget, each with one `error:` line on stderr, and 130 on Ctrl-C. The budget, the
//! progress line and Ctrl-C are handled beside the work by the modules under `src/cli/`.

mod cli;

use clap::{Parser, Subcommand};
use cli::memory::{self, Size};
use cli::monitor::{self, Show};
use cli::out::{Failure, Out};
use partizan::solve::TableFormat;
use std::io::Write;
use std::process::ExitCode;

/// Large allocations are checked against the memory budget (see `cli::memory`).
#[global_allocator]
static ALLOCATOR: memory::Guard = memory::Guard;

#[derive(Parser)]
#[command(
    name = "partizan",
    version,
    about = "Combinatorial game theory: canonical forms of short games",
    after_help = "Exit status: 0 on success (also when the reader of the output goes away), 2 on bad input, a failed line of input or a reached memory budget (with one `error:` line on stderr), 130 on Ctrl-C."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Stop with status 2 when the resident memory would pass SIZE: 200MB, 1.5GB, 512MiB, 1G
    /// (kB MB GB TB: powers of 1000; K M G T, KiB MiB GiB TiB: powers of 1024) [default: half
    /// of the physical memory, or of the cgroup's limit when lower]
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size, allow_hyphen_values = true)]
    max_memory: Option<Size>,
    /// Print the time, the positions evaluated and the peak memory on stderr at the end
    #[arg(long, global = true)]
    stats: bool,
    /// Show progress on stderr after a second of work even when it is not a terminal
    #[arg(long, global = true, conflicts_with = "quiet")]
    progress: bool,
    /// Never show progress
    #[arg(long, global = true)]
    quiet: bool,
    /// Threads for work that is split between cores (the long scans of `grundy CODE`)
    /// [default: one a core]
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// A Domineering value database (`db build`): the engine looks a region up there before
    /// computing it
    #[arg(long, global = true, value_name = "FILE")]
    db: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Print the canonical form of an expression, e.g. "{0|*} + ^" or "domineering(\"..|..\")"
    /// (with `-` or none: of each line of standard input)
    Eval {
        /// The expression (notation of NOTATION.md; `+`, `-`, `+-`, parentheses, family calls);
        /// `-` or none: read one expression a line from standard input and answer each on its
        /// own line, an error as an `error: ...` line in its place (exit status 2 if any failed)
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        expr: Option<String>,
        /// Print one JSON object with the canonical form and its invariants (one a line, and
        /// `{"error": ...}` for a failed line, when reading standard input)
        #[arg(long)]
        json: bool,
        /// Print with Unicode arrows (↑ ↓ ⇑ ⇓ ±)
        #[arg(long)]
        unicode: bool,
    },
    /// Run a worksheet script: CGSuite's worksheet language (statements, `:=`, loops,
    /// functions), printing the value of each top-level statement not ended by `;`
    Run {
        /// The script (`-`: standard input)
        file: String,
        /// Print each value as JSON
        #[arg(long)]
        json: bool,
        /// Print with Unicode arrows (↑ ↓ ⇑ ⇓ ±)
        #[arg(long)]
        unicode: bool,
    },
    /// Print the outcome class (L, R, N or P) of an expression: from the canonical form when it
    /// comes out within about a second, else, for a position, by a search of its game tree (a
    /// NoGo board: search first; `--stats` says which), e.g.
    /// `outcome 'clobber("xoxoxoxoxoxo|oxoxoxoxoxox")'`
    Outcome {
        /// The expression: a position (a family call, a sum of them) or any game
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        expr: String,
        /// Search the game tree without trying the canonical form first
        #[arg(long)]
        search: bool,
        /// The entries of the search's transposition table; a full table is emptied
        #[arg(long, value_name = "N", value_parser = parse_size, default_value = "1048576")]
        table_entries: usize,
        /// The work (positions of the canonical-form solver) the search gives a component's
        /// canonical form before searching the component instead
        #[arg(long, value_name = "POSITIONS", value_parser = parse_size, default_value = "64")]
        component_budget: usize,
        /// The positions the first search (the sum as it is, no component valued, stopping at
        /// the first winning move) may expand before the search with values; 0 skips it
        #[arg(long, value_name = "POSITIONS", value_parser = parse_size, default_value = "1024")]
        first_budget: usize,
    },
    /// Play against the engine: the position is shown, you type your moves (by name in MCGS's
    /// notation, e.g. `2-3` or `a1-a2`, or by number), the engine answers with a winning move when
    /// it has one, e.g. `play 'clobber("xoxo|oxox")' --as right`
    Play {
        /// The game: a position (a family call) or any short game
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        expr: String,
        /// The side you play
        #[arg(long = "as", value_name = "SIDE", default_value = "left", value_parser = ["left", "right"])]
        side: String,
        /// The side that moves first [default: yours]
        #[arg(long, value_name = "SIDE", value_parser = ["left", "right"])]
        first: Option<String>,
    },
    /// Compare two games, short or loopy: prints one of `=`, `<`, `>`, `||` (confused)
    Compare {
        /// The first game
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        a: String,
        /// The second game
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        b: String,
    },
    /// Print the thermograph of a game (mean, temperature, walls), optionally drawn as SVG
    Thermograph {
        /// The expression
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        expr: String,
        /// Also write the thermograph as an SVG picture to FILE (`-` for standard output)
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// Print a table of a family's values, e.g. `table wythoff size=12`, `table queen size=9 p=3`
    /// (each family's parameters: `partizan families`)
    Table {
        /// The family
        family: String,
        /// The family's parameters, NAME=VALUE
        #[arg(value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Output format: text (tab-separated, like the papers), aligned, csv or json
        #[arg(long, default_value = "text")]
        format: TableFormat,
    },
    /// Print the Grundy values G(0..=N) of a heap game and their period, e.g.
    /// `grundy subtraction 1,3,4 --to 40`, `grundy octal 0.77 --to 200`,
    /// `grundy grundy_game --to 100`
    Grundy(cli::grundy::GrundyArgs),
    /// Print the misère quotient of a heap game's heaps 1..=N (Plambeck and Siegel): its
    /// presentation, P-portion and the heaps' images, e.g. `quotient 0.07 --to 30`,
    /// `quotient kayles --to 30`
    Quotient {
        /// The heap game: an octal code such as 0.07, octal CODE, kayles, dawson_kayles,
        /// grundy_game
        family: String,
        /// The family's arguments (the code after `octal`)
        args: Vec<String>,
        /// The largest heap size
        #[arg(long, value_parser = parse_size, default_value = "30")]
        to: usize,
        /// Stop, printing the quotient found so far, when the quotient would need more elements
        #[arg(long, value_parser = parse_size, default_value = "2000")]
        max_size: usize,
    },
    /// Print the misère outcome class (L, R, N or P) of a position, read as `outcome` reads it:
    /// `misere "kayles(3) + kayles(4)"`; or of a family's call written as words: `misere
    /// domineering "....|...."`, `misere kayles 3 4 5`, `misere 0.07 10 12`, `misere nim 1 2 3`,
    /// `misere clobber xoxo variant=diagonal`
    Misere {
        /// The position (an expression); or a family that gives its positions (see `partizan
        /// families`), or a code such as 0.07 for its heap game, followed by its arguments
        #[arg(allow_hyphen_values = true, value_parser = expression)]
        family: String,
        /// The family's arguments: NAME=VALUE, a game (3, -1, *2) or a string (..|.., xo|ox)
        args: Vec<String>,
    },
    /// List every family: in expressions, in tables and in Grundy sequences, each with its
    /// arguments, a description and an example (only the family NAME when given)
    Families {
        /// One family's name
        name: Option<String>,
    },
    /// Run MCGS's test files (the format of MCGS's input/info.test): one line a command (pass,
    /// FAIL, no expected result, undecided) and a summary; exit status 1 if a case
    /// failed, 2 on a malformed file, e.g. `test tests/data/mcgs/autotests --time-limit 5`
    Test {
        /// The .test files, and directories whose .test files (at any depth, sorted) are run
        #[arg(required = true, value_name = "FILE.test|DIR")]
        paths: Vec<String>,
        /// Stop a case after S seconds and report it undecided [default: no limit]
        #[arg(long, value_name = "S", value_parser = cli::explore::parse_seconds)]
        time_limit: Option<std::time::Duration>,
        /// One CSV row a case (file,line,command,verdict,expected,got,reason,seconds,sum); the
        /// summary on standard error
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// One JSON object a case, then one {"summary": ...}
        #[arg(long)]
        json: bool,
    },
    /// Value databases in SQLite files: `db build domineering --max-squares N --out FILE`,
    /// `db info FILE [--verify]` (docs/DATABASE.md)
    #[command(subcommand)]
    Db(cli::db::DbCommand),
    /// Explore in the browser: a local web page (a worksheet, boards to edit, options, the
    /// thermograph), served until Ctrl-C on 127.0.0.1; prints its address and opens it
    Explore {
        /// The port to listen on [default: a free one]
        #[arg(long, default_value = "0")]
        port: u16,
        /// The address to listen on: the loopback address unless given (another address lets
        /// other machines reach the page)
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        listen: std::net::IpAddr,
        /// Do not open the page in the browser
        #[arg(long)]
        no_open: bool,
        /// Stop a computation after S seconds
        #[arg(long, value_name = "S", default_value = "300", value_parser = cli::explore::parse_seconds)]
        time_limit: std::time::Duration,
    },
}

/// A non-negative integer option, with a message that says so.
fn parse_size(s: &str) -> Result<usize, String> {
    s.parse::<usize>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => format!("{s} is more than {}", usize::MAX),
        _ => format!("expected a non-negative integer, not {s:?}"),
    })
}

/// A positional expression: it may start with `-` (`-1`, `-1/2`), so clap accepts hyphen values
/// there, but `--` and a letter is a mistyped option (`--jsn`), not an expression.
fn expression(s: &str) -> Result<String, String> {
    match s.strip_prefix("--") {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            Err(format!("unknown option '{s}' (see --help)"))
        }
        _ => Ok(s.to_string()),
    }
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
        monitor::clear_for_panic();
        let _ = writeln!(std::io::stderr(), "error: internal error: {msg}");
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
            let _ = writeln!(std::io::stderr(), "error: {line}");
            return ExitCode::from(2);
        }
    };
    if let Some(n) = cli.threads {
        // The pool is built once, here, before any work: the only way this can fail.
        if let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(n))
            .build_global()
        {
            let _ = writeln!(std::io::stderr(), "error: --threads {n}: {e}");
            return ExitCode::from(2);
        }
    }
    let budget = cli
        .max_memory
        .clone()
        .unwrap_or_else(memory::default_budget);
    let budget_bytes = budget.bytes;
    monitor::start(monitor::Settings {
        budget,
        show: match (cli.progress, cli.quiet) {
            (true, _) => Show::Always,
            (_, true) => Show::Never,
            _ => Show::Auto,
        },
        stats: cli.stats,
    });
    // The library needs no large stack (its algorithms keep their own stacks on the heap); the
    // work runs beside the monitor thread so that the monitor can stop it.
    let worker = std::thread::Builder::new()
        .spawn(move || {
            // A request beyond the algebra's size limits outside the expression evaluator (which
            // reports it with its position), e.g. while printing invariants: one error line.
            partizan::algebra::limits::catch(std::panic::AssertUnwindSafe(|| {
                run(cli, budget_bytes)
            }))
            .unwrap_or_else(|limit| Err(Failure::Error(limit.message)))
        })
        .expect("spawn the worker thread");
    match worker.join() {
        Ok(Ok(())) | Ok(Err(Failure::ClosedPipe)) => monitor::end(0, None),
        Ok(Err(Failure::Error(message))) => monitor::end(2, Some(&message)),
        Ok(Err(Failure::Interrupted(message))) => monitor::end(130, Some(&message)),
        Ok(Err(Failure::Status(status))) => monitor::end(status, None),
        // The panic hook has printed the message.
        Err(_) => monitor::end(2, None),
    }
}

fn run(cli: Cli, budget_bytes: usize) -> Result<(), Failure> {
    let mut out = Out(std::io::stdout().lock());
    let out = &mut out;
    if let Some(file) = &cli.db {
        if matches!(cli.command, Command::Db(_)) {
            return Err(Failure::Error(
                "--db does not apply to `db` commands (a build computes every value)".into(),
            ));
        }
        cli::db::install(file)?;
    }
    let eval_options = |json, unicode| cli::eval::EvalOptions {
        json,
        unicode,
        one_line: false,
    };
    match cli.command {
        Command::Run {
            file,
            json,
            unicode,
        } => cli::eval::run_script(&file, &eval_options(json, unicode), out),
        Command::Eval {
            expr,
            json,
            unicode,
        } => cli::eval::eval(expr.as_deref(), eval_options(json, unicode), out),
        Command::Outcome {
            expr,
            search,
            table_entries,
            component_budget,
            first_budget,
        } => {
            let options = partizan::solve::outcome::SearchOptions {
                table_entries,
                component_budget: component_budget as u64,
                first_budget: first_budget as u64,
            };
            out.line(cli::outcome::outcome(&expr, search, options)?)
        }
        Command::Compare { a, b } => out.line(cli::outcome::compare(&a, &b)?),
        Command::Play { expr, side, first } => {
            let user_left = side == "left";
            cli::play::run(
                cli::play::Options {
                    expr,
                    user_left,
                    left_first: first.map_or(user_left, |f| f == "left"),
                },
                out,
            )
        }
        Command::Thermograph { expr, svg } => {
            cli::thermograph::thermograph(&expr, svg.as_deref(), out)
        }
        Command::Table {
            family,
            params,
            format,
        } => cli::table::table(&family, &params, format, out),
        Command::Grundy(args) => cli::grundy::run(args, budget_bytes, out),
        Command::Quotient {
            family,
            args,
            to,
            max_size,
        } => cli::grundy::quotient(&family, &args, to, max_size, out),
        Command::Misere { family, args } => out.line(cli::misere::outcome(&family, &args)?),
        Command::Families { name } => out.print(&cli::table::families(name.as_deref())?),
        Command::Test {
            paths,
            time_limit,
            csv,
            json,
        } => cli::mcgs_test::run(
            cli::mcgs_test::Options {
                paths,
                time_limit,
                csv,
                json,
            },
            out,
        ),
        Command::Db(command) => cli::db::run(command, out),
        Command::Explore {
            port,
            listen,
            no_open,
            time_limit,
        } => Ok(cli::explore::run(cli::explore::Options {
            listen: std::net::SocketAddr::new(listen, port),
            open: !no_open,
            time_limit,
        })?),
    }
}
