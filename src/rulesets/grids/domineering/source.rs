//! An outside source of region values (a value database, `crate::db`) that the Domineering
//! engine consults before it evaluates a region it has not seen: a trait, and one process-wide
//! slot for it that a front end fills (`partizan --db FILE`).

use super::board::Board;
use crate::algebra::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// An outside source of region values that the engine consults before it evaluates a region
/// (a value database opened read-only). It is asked for regions in normal form
/// ([`super::regions::normal_form`]) only, and must answer with the value of exactly that
/// shape, or `None`.
pub trait RegionSource: Send + Sync {
    /// The most squares of a region worth asking about (the engine asks about no larger one).
    fn max_squares(&self) -> usize;
    /// The value of the region `shape` (in normal form), if the source holds it.
    fn value(&self, shape: &Board) -> Option<Game>;
}

static SOURCE: RwLock<Option<Arc<dyn RegionSource>>> = RwLock::new(None);
/// Whether [`SOURCE`] holds a source: the engine reads this, not the lock, on every new region.
static HAS_SOURCE: AtomicBool = AtomicBool::new(false);

/// Installs (or with `None` removes) the process-wide region source that every Domineering
/// engine consults before evaluating a region of at most its
/// [`max_squares`](RegionSource::max_squares) squares.
pub fn set_region_source(source: Option<Arc<dyn RegionSource>>) {
    let mut slot = SOURCE.write().unwrap_or_else(|e| e.into_inner());
    HAS_SOURCE.store(source.is_some(), Ordering::Relaxed);
    *slot = source;
}

/// The installed region source, if any.
#[inline]
pub(super) fn region_source() -> Option<Arc<dyn RegionSource>> {
    if !HAS_SOURCE.load(Ordering::Relaxed) {
        return None;
    }
    SOURCE.read().unwrap_or_else(|e| e.into_inner()).clone()
}
