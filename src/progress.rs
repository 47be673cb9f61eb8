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
