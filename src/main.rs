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
use partizan::solve::TableFormat;
use partizan::Game;
use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
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
    Grundy {
        /// The family: subtraction SET, take_range P Q, octal CODE, kayles, dawson_kayles,
        /// dawson_chess, grundy_game (every family with a sequence: `partizan families`); or a
        /// code such as 0.16 for the sparse-space engine with its summary, output formats, saved
        /// runs and proven period (kayles, dawson_kayles, dawson_chess, octal CODE and
        /// grundy_game use it too beyond N = 100000 or with --format, --save or --resume)
        family: String,
        /// The family's arguments (a subtraction set such as 1,3,4; an octal code such as 0.77)
        args: Vec<String>,
        /// The largest heap size
        #[arg(long, value_parser = parse_size, allow_hyphen_values = true, default_value = "100")]
        to: usize,
        /// For a code (`grundy 0.16 --to N`, the sparse-space engine): print the values as
        /// text, csv (`n,g` lines) or binary (little-endian, 1 byte a value when all are below
        /// 256, 2 below 65536, else 4) [default: values and summary up to N = 9999, only the
        /// summary beyond]
        #[arg(long, value_name = "FORMAT")]
        format: Option<partizan::solve::sparse::ValueFormat>,
        /// For a code: save the values to FILE at the end, or when stopped by Ctrl-C
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
        /// For a code: continue from the values saved in FILE
        #[arg(long, value_name = "FILE")]
        resume: Option<String>,
        /// For a code: compute every value from the rules, also past a proven period, instead of
        /// copying the period (a check of the proof; slower)
        #[arg(long)]
        every_value: bool,
        /// Misère play: the misère Grundy values and the genera of the heaps (octal CODE,
        /// kayles, dawson_kayles, grundy_game)
        #[arg(long)]
        misere: bool,
    },
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

/// Why a command ended before its end.
enum Failure {
    /// Bad input or a failed computation: one `error:` line on stderr, exit status 2.
    Error(String),
    /// The reader of standard output went away (`partizan ... | head`): a Unix tool ends
    /// quietly with status 0, as it would by SIGPIPE, which Rust ignores.
    ClosedPipe,
    /// Stopped by Ctrl-C (after saving, or after printing a table's finished rows): the
    /// message on stderr, exit status 130.
    Interrupted(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Error(message)
    }
}

impl From<partizan::Error> for Failure {
    fn from(e: partizan::Error) -> Failure {
        Failure::Error(e.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::ClosedPipe,
            _ => Failure::Error(format!("cannot write the output: {e}")),
        }
    }
}

/// Standard output, for results: clears the progress line first, and turns a write error into
/// a [`Failure`] (never a panic, as `println!` would).
struct Out(std::io::StdoutLock<'static>);

impl Out {
    /// Writes `text` as it is.
    fn print(&mut self, text: &str) -> Result<(), Failure> {
        monitor::clear();
        self.0.write_all(text.as_bytes())?;
        Ok(self.0.flush()?)
    }

    /// Writes `text` and a newline.
    fn line(&mut self, text: impl std::fmt::Display) -> Result<(), Failure> {
        monitor::clear();
        writeln!(self.0, "{text}")?;
        Ok(())
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
        // The panic hook has printed the message.
        Err(_) => monitor::end(2, None),
    }
}

fn run(cli: Cli, budget_bytes: usize) -> Result<(), Failure> {
    let mut out = Out(std::io::stdout().lock());
    match cli.command {
        Command::Run {
            file,
            json,
            unicode,
        } => {
            let options = EvalOptions {
                json,
                unicode,
                one_line: false,
            };
            run_script(&file, &options, &mut out)?;
        }
        Command::Eval {
            expr,
            json,
            unicode,
        } => {
            let mut options = EvalOptions {
                json,
                unicode,
                one_line: false,
            };
            match expr.as_deref() {
                None | Some("-") => {
                    if std::io::stdin().is_terminal() {
                        eprintln!(
                            "partizan eval: one expression a line, until the end of input (Ctrl-D)"
                        );
                    }
                    options.one_line = true;
                    eval_lines(&options, &mut out)?;
                }
                Some(expr) => out.print(&eval_line(
                    expr,
                    &options,
                    &mut partizan::expr::Worksheet::new(),
                )?)?,
            }
        }
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
            out.line(outcome(&expr, search, options)?)?;
        }
        Command::Compare { a, b } => {
            // Short games compare by the partial order; loopy ones by both sides (CGT ch. VI).
            let a = partizan::expr::evaluate(&a).map_err(|e| e.to_string())?;
            let b = partizan::expr::evaluate(&b).map_err(|e| e.to_string())?;
            let symbol = match partizan::expr::loopy::compare(&a, &b)? {
                Some(std::cmp::Ordering::Equal) => "=",
                Some(std::cmp::Ordering::Less) => "<",
                Some(std::cmp::Ordering::Greater) => ">",
                None => "||",
            };
            out.line(symbol)?;
        }
        Command::Thermograph { expr, svg } => {
            let g = partizan::eval(&expr).map_err(|e| e.to_string())?;
            out.line(format_args!("game: {g}"))?;
            out.line(format_args!("left stop: {}", g.left_stop()))?;
            out.line(format_args!("right stop: {}", g.right_stop()))?;
            out.line(g.thermograph())?;
            match svg.as_deref() {
                None => {}
                Some("-") => out.print(&partizan::render::game_thermograph_svg(&g))?,
                Some(path) => std::fs::write(path, partizan::render::game_thermograph_svg(&g))
                    .map_err(|e| format!("cannot write {path}: {e}"))?,
            }
        }
        Command::Table {
            family,
            params,
            format,
        } => {
            // Ctrl-C stops the table at its next interruption point; the rows finished are
            // printed before the process ends with status 130.
            monitor::stop_on_interrupt(&STOP);
            partizan::interrupt::set_poll(Some(|| STOP.load(std::sync::atomic::Ordering::Relaxed)));
            let table = partizan::interrupt::catch(std::panic::AssertUnwindSafe(|| {
                partizan::rulesets::table(&family, &params)
            }))
            .map_err(|_| Failure::Interrupted("interrupted".to_string()))??;
            out.print(&table.render(format))?;
            if table.interrupted {
                return Err(Failure::Interrupted(format!(
                    "interrupted after {} of the table's rows",
                    table.rows.len()
                )));
            }
        }
        Command::Grundy {
            family,
            args,
            to,
            format,
            save,
            resume,
            every_value,
            misere: false,
        } => {
            let request = partizan::rulesets::GrundyRequest {
                family: &family,
                args: &args,
                to,
                format,
                save: save.as_deref(),
                resume: resume.as_deref(),
                every_value,
                limits: partizan::solve::sparse::Limits {
                    stop: Some(&STOP),
                    // The rest of the budget is for the rare positions, the period search and
                    // the output buffers.
                    max_bytes: Some(budget_bytes / 10 * 9),
                },
            };
            grundy(&request, &mut out)?;
        }
        Command::Grundy {
            family,
            args,
            to,
            misere: true,
            format,
            save,
            resume,
            every_value,
        } => {
            if format.is_some() || save.is_some() || resume.is_some() || every_value {
                return Err(Failure::Error(
                    "--format, --save, --resume and --every-value do not apply with --misere"
                        .into(),
                ));
            }
            let rules = partizan::rulesets::heap_rules(&family, &args, "misère play")?;
            let report = partizan::rulesets::misere::sequence(&rules, to)?;
            out.print(&report.to_string())?;
        }
        Command::Quotient {
            family,
            args,
            to,
            max_size,
        } => {
            let rules = partizan::rulesets::heap_rules(&family, &args, "misère play")?;
            let (name, found) = partizan::rulesets::misere::quotient(&rules, to, max_size)?;
            let q = &found.quotient;
            out.line(format_args!(
                "misère quotient of {name}, heaps 1..={}",
                q.max_heap()
            ))?;
            out.line(q)?;
            if let Some(e) = found.stopped {
                return Err(e.into());
            }
        }
        Command::Misere { family, args } => {
            out.line(cli::misere::outcome(&family, &args)?)?;
        }
        Command::Families { name } => out.print(&families(name.as_deref())?)?,
        Command::Explore {
            port,
            listen,
            no_open,
            time_limit,
        } => cli::explore::run(cli::explore::Options {
            listen: std::net::SocketAddr::new(listen, port),
            open: !no_open,
            time_limit,
        })?,
    }
    Ok(())
}

/// The first Ctrl-C during `grundy CODE --save FILE` sets this: the engine stops, saves and
/// the process ends with status 130.
static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `grundy FAMILY ARGS --to N` ([`partizan::rulesets::grundy`], which decides the engine): a
/// run that saves stops at the first Ctrl-C and saves, and a reader that goes away ends it
/// quietly.
fn grundy(request: &partizan::rulesets::GrundyRequest, out: &mut Out) -> Result<(), Failure> {
    use partizan::rulesets::octal::GrundyRunEnd;
    if request.save.is_some() {
        monitor::stop_on_interrupt(&STOP);
    }
    monitor::clear();
    let mut sink = PipeAware {
        inner: &mut out.0,
        closed: false,
    };
    match partizan::rulesets::grundy(request, &mut sink) {
        Ok(GrundyRunEnd::Done) => Ok(out.0.flush()?),
        Ok(GrundyRunEnd::Stopped(message)) => Err(Failure::Interrupted(message)),
        Err(_) if sink.closed => Err(Failure::ClosedPipe),
        Err(e) => Err(e.into()),
    }
}

/// A writer that remembers whether the reader went away, so that the library's write error
/// can end the command quietly, as [`Failure::ClosedPipe`].
struct PipeAware<'a, W: Write> {
    inner: &'a mut W,
    closed: bool,
}

impl<W: Write> Write for PipeAware<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        if matches!(&r, Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe) {
            self.closed = true;
        }
        r
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// How `eval` prints.
struct EvalOptions {
    json: bool,
    unicode: bool,
    /// A value printed on several lines (a thermograph) has its lines joined by "; ": in
    /// standard-input mode each line of input gets exactly one line of output.
    one_line: bool,
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
fn run_script(path: &str, options: &EvalOptions, out: &mut Out) -> Result<(), Failure> {
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

/// `partizan outcome EXPR`: the outcome class of a position, by search when `search` or when its
/// canonical form is out of reach; of any other game, from its value.
fn outcome(
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

/// `partizan families [NAME]`: each family's call, table and sequence, from the registry (only
/// those of `NAME` when given).
fn families(only: Option<&str>) -> Result<String, Failure> {
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
        Value::Set(items) => items
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
