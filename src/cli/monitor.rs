//! The watcher: the memory budget's stop, the progress line, Ctrl-C and `--stats`.
//!
//! A thread beside the worker polls every 25 ms. When the resident set has passed the budget, or
//! the allocator has refused a large allocation that would (see [`super::memory`]), it prints
//! the one-line stop message and ends the process with status 2. While work has lasted more than a
//! second it draws a progress line on stderr (positions from [`partizan::progress`], for a work
//! that announces its size the share done and the time left at the pace since the line began,
//! memory in use against the budget): on a terminal a line redrawn in place by `indicatif`,
//! which keeps it to the terminal's width and clears it cleanly; elsewhere, with `--progress`,
//! one plain line a second, for a log.
//!
//! Every end of the process goes through [`end`], which clears the progress line, prints the
//! message and the `--stats` line, and exits: the first caller wins, so that a Ctrl-C during
//! the stop message (or the reverse) cannot print twice or run `exit` twice.

use super::memory::{self, Size};
use indicatif::{
    HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike,
};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// When to show the progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// When stderr is a terminal.
    Auto,
    /// Always (`--progress`).
    Always,
    /// Never (`--quiet`).
    Never,
}

/// What the watcher was asked to do.
pub struct Settings {
    /// The memory budget.
    pub budget: Size,
    /// When to show progress.
    pub show: Show,
    /// Whether to print time, positions and peak memory at the end (`--stats`).
    pub stats: bool,
}

/// How the progress line is drawn, once it is decided that it is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Redrawn in place on a terminal.
    Terminal,
    /// One line a second, for a file or a pipe.
    Log,
}

struct Monitor {
    start: Instant,
    settings: Settings,
    style: Option<Style>,
    state: Mutex<State>,
}

struct State {
    /// Since when the current piece of work has been running; `None` while waiting for input.
    busy_since: Option<Instant>,
    /// The progress line, once shown.
    bar: Option<ProgressBar>,
    /// When the progress line was last updated.
    updated: Option<Instant>,
    /// The announced work ([`partizan::progress::announce`]) first seen: its start, when, and
    /// how far it had come then; the pace since gives the time left.
    announced: Option<(u64, Instant, u64)>,
    /// The steps ([`partizan::progress::steps`]) first seen: their total, when, and the step
    /// then, for the time left at the pace of the steps (`db build`'s regions).
    stepped: Option<(u64, Instant, u64)>,
}

static MONITOR: OnceLock<Monitor> = OnceLock::new();
/// A flag that the first Ctrl-C sets instead of ending the process (see [`stop_on_interrupt`]).
static INTERRUPT: OnceLock<&'static AtomicBool> = OnceLock::new();
static ENDING: AtomicBool = AtomicBool::new(false);
/// Whether a pass of the budget stops the current piece of work instead of the process (a
/// batch of lines, see [`recover_from_budget`]).
static RECOVERABLE: AtomicBool = AtomicBool::new(false);
/// The budget's stop of the current piece of work: when it was asked and its message.
static BUDGET_STOP: Mutex<Option<(Instant, String)>> = Mutex::new(None);
/// The positions recorded before the current piece of work began (see [`busy`]).
static PIECE_START: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
/// How long stopped work may stay over the budget before the process ends after all.
const GRACE: Duration = Duration::from_secs(2);

/// How often the watcher looks.
const POLL: Duration = Duration::from_millis(25);
/// How long work runs before its progress is shown.
const DELAY: Duration = Duration::from_secs(1);

/// Sets the budget, installs the Ctrl-C handler and starts the watcher. The calling thread (the
/// main thread, which only waits and reports) is exempt from the budget.
pub fn start(settings: Settings) {
    memory::exempt_this_thread();
    memory::set_limit(settings.budget.bytes);
    let style = match settings.show {
        Show::Never => None,
        _ if std::io::stderr().is_terminal() => Some(Style::Terminal),
        Show::Always => Some(Style::Log),
        Show::Auto => None,
    };
    let monitor = Monitor {
        start: Instant::now(),
        settings,
        style,
        state: Mutex::new(State {
            busy_since: Some(Instant::now()),
            bar: None,
            updated: None,
            announced: None,
            stepped: None,
        }),
    };
    if MONITOR.set(monitor).is_err() {
        return;
    }
    // Without the handler (it fails only if one is already installed) Ctrl-C still ends the
    // process, by the signal's default action.
    let _ = ctrlc::set_handler(|| {
        memory::exempt_this_thread();
        // A work that can stop cleanly (and save) is asked to; a second Ctrl-C ends at once.
        if let Some(flag) = INTERRUPT.get() {
            if !flag.swap(true, Ordering::SeqCst) {
                return;
            }
        }
        end(130, Some("interrupted"))
    });
    let _ = std::thread::Builder::new()
        .name("watcher".into())
        .spawn(watch);
}

fn watch() {
    memory::exempt_this_thread();
    let Some(monitor) = MONITOR.get() else { return };
    loop {
        std::thread::sleep(POLL);
        let resident = memory::sample();
        let budget = monitor.settings.budget.bytes;
        let over = resident.is_some_and(|r| r.current > budget);
        let far_over = resident.is_some_and(|r| r.current / 2 > budget);
        if over && !far_over && !memory::refused() && RECOVERABLE.load(Ordering::SeqCst) {
            // Ask the work to stop at its next interruption point; the batch reports it and
            // goes on (see `recover_from_budget`). Work that stays over the budget ends the
            // process as below.
            let mut stop = BUDGET_STOP.lock().unwrap_or_else(|e| e.into_inner());
            match &*stop {
                None => {
                    *stop = Some((Instant::now(), budget_message(monitor)));
                    partizan::interrupt::request();
                    continue;
                }
                Some((at, _)) if at.elapsed() < GRACE => continue,
                Some(_) => {}
            }
        }
        if over || memory::refused() {
            end(2, Some(&budget_message(monitor)));
        }
        monitor.draw(resident);
    }
}

/// The one-line message of the budget's stop.
fn budget_message(monitor: &Monitor) -> String {
    format!(
        "stopped: memory budget {} reached after {} positions",
        monitor.settings.budget,
        partizan::progress::positions() - PIECE_START.load(Ordering::Relaxed)
    )
}

/// From now on a pass of the memory budget stops the current piece of work, not the process:
/// the watcher asks it to stop ([`partizan::interrupt::request`]), and [`budget_stop`] tells
/// the batch after the piece ends. A large allocation refused by the budget still ends the
/// process (the thread that asked for it cannot go on), and so does work that is still over
/// the budget [`GRACE`] after it was asked to stop.
pub fn recover_from_budget() {
    RECOVERABLE.store(true, Ordering::SeqCst);
    memory::set_soft();
}

/// After a piece of work: the budget's stop message if the budget stopped it, its memory given
/// back to the system and the stop request withdrawn, so that the next piece runs. Ends the
/// process when the memory in use is still over the budget (what is left is not the stopped
/// work's, and the next piece could not run within the budget).
pub fn budget_stop() -> Option<String> {
    let monitor = MONITOR.get()?;
    let stopped = BUDGET_STOP.lock().unwrap_or_else(|e| e.into_inner()).take();
    let message = match (stopped, memory::take_soft_pass()) {
        (Some((_, message)), _) => message,
        (None, true) => budget_message(monitor),
        (None, false) => return None,
    };
    partizan::algebra::clear_caches();
    memory::give_back();
    partizan::interrupt::clear();
    if memory::sample().is_some_and(|r| r.current > monitor.settings.budget.bytes) {
        end(2, Some(&message));
    }
    Some(message)
}

impl Monitor {
    fn draw(&self, resident: Option<memory::Resident>) {
        let Some(style) = self.style else { return };
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let Some(since) = state.busy_since else {
            return;
        };
        let now = Instant::now();
        let every = match style {
            Style::Terminal => Duration::from_millis(100),
            Style::Log => Duration::from_secs(1),
        };
        if now - since < DELAY || state.updated.is_some_and(|u| now - u < every) {
            return;
        }
        state.updated = Some(now);
        let mut message = String::new();
        if let Some(step) = partizan::progress::current_step() {
            let _ = write!(message, "{} {} of {}", step.name, step.at, step.total);
            let (seen, at_then) = match state.stepped {
                Some((total, seen, at)) if total == step.total && at <= step.at => (seen, at),
                // New steps: their pace is measured from now.
                _ => {
                    state.stepped = Some((step.total, now, step.at));
                    (now, step.at)
                }
            };
            let (since_seen, went) = (step.at - at_then, (now - seen).as_secs_f64());
            // Only for steps of even work (the regions of a database build, not a table's
            // cells, whose work grows from cell to cell).
            if step.name == "region" && since_seen > 0 && went >= 1.0 {
                let left = step.total.saturating_sub(step.at) as f64 * went / since_seen as f64;
                let _ = write!(
                    message,
                    " ({:.1}%, about {} left)",
                    100.0 * step.at as f64 / step.total as f64,
                    HumanDuration(Duration::from_secs_f64(left))
                );
            }
            message.push_str(", ");
        }
        let (went, positions) = ((now - since).as_secs_f64(), partizan::progress::positions());
        let _ = write!(
            message,
            "{went:.0} s, {} positions ({}/s)",
            HumanCount(positions),
            HumanCount(
                (positions.saturating_sub(PIECE_START.load(Ordering::Relaxed)) as f64 / went)
                    as u64
            ),
        );
        if let Some(e) = partizan::progress::expected() {
            let (seen, done_then) = match state.announced {
                Some((from, seen, done)) if from == e.from => (seen, done),
                // A new announcement: its pace is measured from now.
                _ => {
                    state.announced = Some((e.from, now, e.done));
                    (now, e.done)
                }
            };
            let _ = write!(
                message,
                " ({:.1}% of {}",
                100.0 * e.done as f64 / e.total as f64,
                HumanCount(e.total)
            );
            let (since_seen, went) = (e.done - done_then, (now - seen).as_secs_f64());
            if since_seen > 0 && went >= 1.0 {
                let left = (e.total - e.done) as f64 * went / since_seen as f64;
                let _ = write!(
                    message,
                    ", about {} left",
                    HumanDuration(Duration::from_secs_f64(left))
                );
            }
            message.push(')');
        }
        if let Some(r) = resident {
            let _ = write!(
                message,
                ", memory {} of {}",
                memory::decimal(r.current),
                self.settings.budget
            );
        }
        state
            .bar
            .get_or_insert_with(|| new_bar(style))
            .set_message(message);
    }
}

fn new_bar(style: Style) -> ProgressBar {
    let (target, template) = match style {
        Style::Terminal => (ProgressDrawTarget::stderr(), "{spinner} {msg}"),
        Style::Log => (
            ProgressDrawTarget::term_like(Box::new(LogLines::default())),
            "progress: {msg}",
        ),
    };
    let style = ProgressStyle::with_template(template).expect("a valid template");
    ProgressBar::with_draw_target(None, target).with_style(style)
}

/// A draw target for a file or a pipe: each drawing becomes one line, without the cursor
/// movements and padding a terminal needs.
#[derive(Debug, Default)]
struct LogLines {
    line: Mutex<String>,
}

impl TermLike for LogLines {
    fn width(&self) -> u16 {
        200
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.write_str(s)?;
        self.flush()
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.line
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_str(s);
        Ok(())
    }
    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> std::io::Result<()> {
        let line = std::mem::take(&mut *self.line.lock().unwrap_or_else(|e| e.into_inner()));
        let line = line.trim_end();
        if !line.is_empty() {
            writeln!(std::io::stderr(), "{line}")?;
        }
        Ok(())
    }
}

/// From now on the first Ctrl-C sets `flag` (the work notices it, saves and ends with status
/// 130 through [`end`]) instead of ending the process; a second one ends it at once.
pub fn stop_on_interrupt(flag: &'static AtomicBool) {
    let _ = INTERRUPT.set(flag);
}

/// Clears the progress line, if shown, before output; the work goes on (its progress shows
/// again a second later).
pub fn clear() {
    set_busy(|busy| busy.map(|_| Instant::now()));
}

/// Work starts (a line of input was read).
pub fn busy() {
    PIECE_START.store(partizan::progress::positions(), Ordering::Relaxed);
    set_busy(|_| Some(Instant::now()));
}

/// Work stops (waiting for input): no progress line until [`busy`].
pub fn idle() {
    set_busy(|_| None);
}

fn set_busy(f: impl FnOnce(Option<Instant>) -> Option<Instant>) {
    let Some(monitor) = MONITOR.get() else { return };
    let mut state = monitor.state.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(bar) = state.bar.take() {
        bar.finish_and_clear();
    }
    state.updated = None;
    state.busy_since = f(state.busy_since);
}

/// Clears the progress line without waiting long for the lock: the thread holding it may be
/// one that the budget stopped.
fn clear_for_exit() {
    let Some(monitor) = MONITOR.get() else { return };
    for _ in 0..20 {
        if let Ok(mut state) = monitor.state.try_lock() {
            if let Some(bar) = state.bar.take() {
                bar.finish_and_clear();
            }
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    if monitor.style == Some(Style::Terminal) {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
}

/// Clears the progress line for a panic message, if nothing holds it.
pub fn clear_for_panic() {
    if let Some(monitor) = MONITOR.get() {
        if let Ok(mut state) = monitor.state.try_lock() {
            if let Some(bar) = state.bar.take() {
                bar.finish_and_clear();
            }
        }
    }
}

/// Ends the process with `status`: clears the progress line, prints `error: message` and the
/// `--stats` line on stderr. Only the first call does; a later one (from another thread) waits
/// for the process to end.
pub fn end(status: u8, message: Option<&str>) -> ! {
    if ENDING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    clear_for_exit();
    let mut err = std::io::stderr().lock();
    if let Some(message) = message {
        let _ = writeln!(err, "error: {message}");
    }
    if let Some(monitor) = MONITOR.get().filter(|m| m.settings.stats) {
        let _ = writeln!(
            err,
            "stats: {:.3} s, {} positions, peak memory {}, budget {}",
            monitor.start.elapsed().as_secs_f64(),
            partizan::progress::positions(),
            memory::sample().map_or("unknown".into(), |r| memory::decimal(r.peak)),
            monitor.settings.budget,
        );
        for note in partizan::progress::notes() {
            let _ = writeln!(err, "stats: {note}");
        }
    }
    drop(err);
    std::process::exit(status.into())
}
