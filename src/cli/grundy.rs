//! `partizan grundy` and `partizan quotient`: a heap game's Grundy values and period (in normal
//! or misère play), and its misère quotient.

use super::monitor;
use super::out::{Failure, Out, PipeAware};
use std::io::Write;

/// The arguments of `partizan grundy`.
#[derive(clap::Args)]
pub struct GrundyArgs {
    /// The family: subtraction SET, take_range P Q, octal CODE, kayles, dawson_kayles,
    /// dawson_chess, grundy_game (every family with a sequence: `partizan families`); or a
    /// code such as 0.16 for the sparse-space engine with its summary, output formats, saved
    /// runs and proven period (kayles, dawson_kayles, dawson_chess, octal CODE and
    /// grundy_game use it too beyond N = 100000 or with --format, --save or --resume)
    pub family: String,
    /// The family's arguments (a subtraction set such as 1,3,4; an octal code such as 0.77)
    pub args: Vec<String>,
    /// The largest heap size
    #[arg(long, value_parser = crate::parse_size, allow_hyphen_values = true, default_value = "100")]
    pub to: usize,
    /// For a code (`grundy 0.16 --to N`, the sparse-space engine): print the values as
    /// text, csv (`n,g` lines) or binary (little-endian, 1 byte a value when all are below
    /// 256, 2 below 65536, else 4) [default: values and summary up to N = 9999, only the
    /// summary beyond]
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<partizan::solve::sparse::ValueFormat>,
    /// For a code: save the values to FILE at the end, or when stopped by Ctrl-C
    #[arg(long, value_name = "FILE")]
    pub save: Option<String>,
    /// For a code: continue from the values saved in FILE
    #[arg(long, value_name = "FILE")]
    pub resume: Option<String>,
    /// For a code: compute every value from the rules, also past a proven period, instead of
    /// copying the period (a check of the proof; slower)
    #[arg(long)]
    pub every_value: bool,
    /// Misère play: the misère Grundy values and the genera of the heaps (octal CODE,
    /// kayles, dawson_kayles, grundy_game)
    #[arg(long)]
    pub misere: bool,
}

/// `partizan grundy …`: in normal play by [`partizan::rulesets::grundy`] within 90% of
/// `budget_bytes` (the rest is for the rare positions, the period search and the output
/// buffers); with `--misere`, the misère Grundy values and genera.
pub fn run(args: GrundyArgs, budget_bytes: usize, out: &mut Out) -> Result<(), Failure> {
    if args.misere {
        if args.format.is_some() || args.save.is_some() || args.resume.is_some() || args.every_value
        {
            return Err(Failure::Error(
                "--format, --save, --resume and --every-value do not apply with --misere".into(),
            ));
        }
        let rules = partizan::rulesets::heap_rules(&args.family, &args.args, "misère play")?;
        let report = partizan::rulesets::misere::sequence(&rules, args.to)?;
        return out.print(&report.to_string());
    }
    let request = partizan::rulesets::GrundyRequest {
        family: &args.family,
        args: &args.args,
        to: args.to,
        format: args.format,
        save: args.save.as_deref(),
        resume: args.resume.as_deref(),
        every_value: args.every_value,
        limits: partizan::solve::sparse::Limits {
            stop: Some(&super::STOP),
            max_bytes: Some(budget_bytes / 10 * 9),
        },
    };
    grundy(&request, out)
}

/// `grundy FAMILY ARGS --to N` ([`partizan::rulesets::grundy`], which decides the engine): a
/// run that saves stops at the first Ctrl-C and saves, and a reader that goes away ends it
/// quietly.
fn grundy(request: &partizan::rulesets::GrundyRequest, out: &mut Out) -> Result<(), Failure> {
    use partizan::rulesets::octal::GrundyRunEnd;
    if request.save.is_some() {
        monitor::stop_on_interrupt(&super::STOP);
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

/// `partizan quotient FAMILY ARGS --to N`: the misère quotient of heaps 1..=N (Plambeck and
/// Siegel), its presentation, P-portion and the heaps' images; stopped at `max_size` elements
/// with what was found.
pub fn quotient(
    family: &str,
    args: &[String],
    to: usize,
    max_size: usize,
    out: &mut Out,
) -> Result<(), Failure> {
    let rules = partizan::rulesets::heap_rules(family, args, "misère play")?;
    let (name, found) = partizan::rulesets::misere::quotient(&rules, to, max_size)?;
    let q = &found.quotient;
    out.line(format_args!(
        "misère quotient of {name}, heaps 1..={}",
        q.max_heap()
    ))?;
    out.line(q)?;
    match found.stopped {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}
