//! Counters of long work, for progress displays.
//!
//! The solvers, sequence and table computations record how many positions (heap sizes, table
//! cells) they have finished in one process-wide counter. A front end (the CLI's progress line)
//! reads it from another thread; nothing in the library depends on it. Recording is one relaxed
//! atomic addition, so callers in hot loops record in batches rather than one by one.
//!
//! ```
//! let before = partizan::progress::positions();
//! partizan::progress::record(3);
//! assert!(partizan::progress::positions() >= before + 3);
//! ```
//!
//! A work that knows how many positions it will record announces them, so that a display can
//! show the share done and the time left; the announcement lasts while its guard lives:
//!
//! ```
//! use partizan::progress;
//! {
//!     let _announced = progress::announce(10);
//!     progress::record(4);
//!     let expected = progress::expected().unwrap();
//!     assert_eq!(expected.total, 10);
//!     assert!(expected.done >= 4);
//! }
//! assert_eq!(progress::expected(), None);
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

static POSITIONS: AtomicU64 = AtomicU64::new(0);

/// Records that `n` more positions (or heap sizes, or table cells) have been evaluated.
#[inline]
pub fn record(n: u64) {
    POSITIONS.fetch_add(n, Ordering::Relaxed);
}

/// The number of positions recorded so far in this process.
pub fn positions() -> u64 {
    POSITIONS.load(Ordering::Relaxed)
}

static EXPECTED: AtomicU64 = AtomicU64::new(0);
static EXPECTED_FROM: AtomicU64 = AtomicU64::new(0);

/// The work last announced ([`announce`]): how far it has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The counter ([`positions`]) when the work was announced: it tells one announcement from
    /// the next.
    pub from: u64,
    /// Positions recorded since, at most `total`.
    pub done: u64,
    /// Positions the work announced.
    pub total: u64,
}

/// Announces that the work starting now will record `total` positions (see [`expected`]), until
/// the guard returned is dropped. Announcements do not nest: the last one made counts.
#[must_use = "the announcement ends when the guard is dropped"]
pub fn announce(total: u64) -> Announced {
    // Withdrawn while its start is set, so that no reader pairs the old start with the new total.
    EXPECTED.store(0, Ordering::Relaxed);
    EXPECTED_FROM.store(positions(), Ordering::Relaxed);
    EXPECTED.store(total, Ordering::Relaxed);
    Announced { _private: () }
}

/// Ends the announcement of [`announce`] when dropped.
#[derive(Debug)]
pub struct Announced {
    _private: (),
}

impl Drop for Announced {
    fn drop(&mut self) {
        EXPECTED.store(0, Ordering::Relaxed);
    }
}

/// The work announced and not yet ended, if any. Read while another thread records, it is a
/// snapshot for a display, not an exact count.
pub fn expected() -> Option<Expected> {
    let total = EXPECTED.load(Ordering::Relaxed);
    if total == 0 {
        return None;
    }
    let from = EXPECTED_FROM.load(Ordering::Relaxed);
    Some(Expected {
        from,
        done: positions().saturating_sub(from).min(total),
        total,
    })
}

static STEP: AtomicU64 = AtomicU64::new(0);
static STEPS: AtomicU64 = AtomicU64::new(0);
static STEP_NAME: std::sync::RwLock<&'static str> = std::sync::RwLock::new("");

/// The step a work of several steps is at (see [`steps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What a step is: `"cell"` for the cells of a table.
    pub name: &'static str,
    /// The step in progress, from 1.
    pub at: u64,
    /// The number of steps.
    pub total: u64,
}

/// Announces that the work starting now goes through `total` steps, each a `name` (the cells
/// of a table), until the guard returned is dropped; [`step`] says which one is in progress, so
/// that a display can show "cell 7 of 36" beside the positions. Steps do not nest: the last
/// announcement counts.
///
/// ```
/// use partizan::progress;
/// {
///     let _steps = progress::steps("cell", 36);
///     progress::step(7);
///     assert_eq!(progress::current_step().map(|s| (s.name, s.at, s.total)), Some(("cell", 7, 36)));
/// }
/// assert_eq!(progress::current_step(), None);
/// ```
#[must_use = "the steps end when the guard is dropped"]
pub fn steps(name: &'static str, total: u64) -> Steps {
    STEPS.store(0, Ordering::Relaxed);
    *STEP_NAME.write().unwrap_or_else(|e| e.into_inner()) = name;
    STEP.store(0, Ordering::Relaxed);
    STEPS.store(total, Ordering::Relaxed);
    Steps { _private: () }
}

/// The step now in progress, from 1 (see [`steps`]).
#[inline]
pub fn step(at: u64) {
    STEP.store(at, Ordering::Relaxed);
}

/// Ends the steps of [`steps`] when dropped.
#[derive(Debug)]
pub struct Steps {
    _private: (),
}

impl Drop for Steps {
    fn drop(&mut self) {
        STEPS.store(0, Ordering::Relaxed);
    }
}

/// The step in progress of the work announced by [`steps`], if any (a snapshot for a display).
pub fn current_step() -> Option<Step> {
    let total = STEPS.load(Ordering::Relaxed);
    let at = STEP.load(Ordering::Relaxed);
    (total > 0 && at > 0).then(|| Step {
        name: *STEP_NAME.read().unwrap_or_else(|e| e.into_inner()),
        at,
        total,
    })
}

/// Notes on how long work was done, for a front end's statistics (`--stats`): for instance that
/// an outcome was found by search because the canonical form was out of reach. At most
/// [`NOTES_KEPT`] are kept, the latest.
static NOTES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The most notes [`note`] keeps.
pub const NOTES_KEPT: usize = 16;

/// Adds a note (see [`notes`]).
pub fn note(text: String) {
    let mut notes = NOTES.lock().unwrap_or_else(|e| e.into_inner());
    if notes.len() == NOTES_KEPT {
        notes.remove(0);
    }
    notes.push(text);
}

/// The notes made so far in this process, oldest first.
///
/// ```
/// partizan::progress::note("searched".to_string());
/// assert_eq!(partizan::progress::notes().last().map(String::as_str), Some("searched"));
/// ```
pub fn notes() -> Vec<String> {
    NOTES.lock().unwrap_or_else(|e| e.into_inner()).clone()
}
