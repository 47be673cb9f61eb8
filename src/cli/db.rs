//! `partizan db build` and `partizan db info`: value databases (docs/DATABASE.md); and the
//! global `--db FILE`, which hands a database to the Domineering engine.

use super::monitor;
use super::out::{Failure, Out};
use std::path::Path;
use std::sync::Arc;

/// The subcommands of `partizan db`.
#[derive(clap::Subcommand)]
pub enum DbCommand {
    /// Build (or resume building) a family's database: `db build domineering --max-squares 10
    /// --out dom.db` stores every region of up to 10 squares; rerun the same command to resume
    /// a build that was stopped
    Build {
        /// The family (domineering)
        family: String,
        /// The largest region, in squares
        #[arg(long, value_name = "N", value_parser = crate::parse_size)]
        max_squares: usize,
        /// The database file (created when absent)
        #[arg(long, value_name = "FILE")]
        out: String,
        /// The regions written in one transaction
        #[arg(long, value_name = "N", value_parser = crate::parse_size, default_value = "1000")]
        batch: usize,
    },
    /// Describe a database: family, versions, parameters and the regions of each size
    Info {
        /// The database file
        file: String,
        /// Recompute the checksum over the rows and rebuild every form
        #[arg(long)]
        verify: bool,
    },
}

/// Runs `partizan db …`.
pub fn run(command: DbCommand, out: &mut Out) -> Result<(), Failure> {
    match command {
        DbCommand::Build {
            family,
            max_squares,
            out: file,
            batch,
        } => build(&family, max_squares, &file, batch, out),
        DbCommand::Info { file, verify } => info(&file, verify, out),
    }
}

/// `db build FAMILY --max-squares N --out FILE`: the first Ctrl-C stops the build after the
/// batch in progress is abandoned (the file keeps every committed batch) and ends with 130.
fn build(
    family: &str,
    max_squares: usize,
    file: &str,
    batch: usize,
    out: &mut Out,
) -> Result<(), Failure> {
    if family != partizan::db::DOMINEERING {
        return Err(Failure::Error(format!(
            "no database for family '{family}': only domineering has one"
        )));
    }
    monitor::stop_on_interrupt(&super::STOP);
    partizan::interrupt::set_poll(Some(|| {
        super::STOP.load(std::sync::atomic::Ordering::Relaxed)
    }));
    let options = partizan::db::BuildOptions {
        batch,
        ..partizan::db::BuildOptions::new(max_squares)
    };
    let start = std::time::Instant::now();
    let report = partizan::db::build_domineering(Path::new(file), &options)?;
    let seconds = start.elapsed().as_secs_f64();
    let rate = report.written as f64 / seconds.max(1e-9);
    let line = format!(
        "{file}: {} regions written, {} already stored, {} in all ({seconds:.1} s, {rate:.0} regions/s)",
        report.written, report.skipped, report.total
    );
    if report.stopped || super::STOP.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(Failure::Interrupted(format!(
            "interrupted; {line}; rerun the command to resume"
        )));
    }
    out.line(line)
}

/// `db info FILE [--verify]`.
fn info(file: &str, verify: bool, out: &mut Out) -> Result<(), Failure> {
    let info = partizan::db::info(Path::new(file), verify)?;
    if info.verified == Some(false) {
        return Err(Failure::Error(format!(
            "{file}: the checksum does not match the rows (stored {})",
            info.checksum
                .as_deref()
                .unwrap_or("none: the last build did not finish")
        )));
    }
    let mut s = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(s, "family: {}", info.family);
    let _ = writeln!(s, "format version: {}", info.format_version);
    let _ = writeln!(s, "engine version: {}", info.engine_version);
    let _ = writeln!(s, "max squares: {}", info.max_squares);
    let _ = writeln!(s, "complete up to: {}", info.complete_up_to);
    let _ = writeln!(s, "forms: {}", info.forms);
    let total: usize = info.per_size.iter().map(|&(_, c)| c).sum();
    let _ = writeln!(s, "regions: {total}");
    for (n, c) in &info.per_size {
        let _ = writeln!(s, "  {n} squares: {c}");
    }
    let _ = writeln!(
        s,
        "checksum: {}",
        info.checksum
            .as_deref()
            .unwrap_or("none (the last build did not finish)")
    );
    out.print(&s)?;
    match info.verified {
        Some(_) => out.line("verified: the checksum matches the rows"),
        None => Ok(()),
    }
}

/// `--db FILE`: opens the database and installs it as the Domineering engine's region source.
pub fn install(file: &str) -> Result<(), Failure> {
    let db = partizan::db::Database::open(Path::new(file))?;
    partizan::rulesets::domineering::regions::set_region_source(Some(Arc::new(db)));
    Ok(())
}
