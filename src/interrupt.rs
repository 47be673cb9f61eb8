//! Stopping long work from outside: a front end asks, the work abandons itself.
//!
//! A canonical form, a solver run or a long Grundy sequence can take minutes; a notebook's
//! "interrupt" or a second thread must be able to end it without ending the process. Any thread
//! calls [`request`]; the work in progress notices at its next *interruption point* and ends:
//!
//! - the algebra's operations (sums, products, comparisons, …), the generic solvers
//!   ([`Solver`](crate::solve::Solver), [`GrundySolver`](crate::solve::GrundySolver), the
//!   misère solvers), the Domineering engine, the Grundy sequences and the loopy engines (the
//!   enumeration of a position graph, retrograde analysis, the Büchi games that compare sides,
//!   the reduction and sidling of onsides) unwind with an [`Interrupted`] payload, which
//!   [`catch`] turns into an `Err`, as [`limits::catch`](crate::algebra::limits::catch) does
//!   for a request beyond the size limits;
//! - the sparse-space engine ([`SparseRun::compute`](crate::solve::sparse::SparseRun::compute))
//!   returns [`Finish::Stopped`](crate::solve::sparse::Finish::Stopped) with the values so far.
//!
//! Every table stays consistent when work is abandoned this way (memo entries are written only
//! once their values are complete, and a solver forgets the positions it was expanding), so
//! the same objects go on working after [`clear`]. The request is process-wide: it stops all
//! work in progress, on every thread, until it is cleared.
//!
//! A front end that runs several pieces of work at once (the explorer's server, one thread a
//! request) stops one of them, not all, with a [`Cancel`] token: [`catch_cancellable`] runs
//! the work with the token installed on its thread, and the same interruption points stop it
//! when the token is cancelled, leaving the work of other threads running.
//!
//! A front end that cannot set the flag from where the interruption arrives (Python handles
//! Ctrl-C on its main thread, which is the one running the work) installs a [`set_poll`]
//! function that the interruption points call now and then on the thread that does the work.
//!
//! ```
//! use partizan::interrupt;
//! use partizan::Game;
//! let work = || Game::nimber(3) + Game::nimber(5);
//! interrupt::request();
//! assert_eq!(interrupt::catch(work), Err(interrupt::Interrupted));
//! interrupt::clear();
//! assert_eq!(interrupt::catch(work), Ok(Game::nimber(6)));
//! ```
//!
//! (A sum of two nimbers needs no options and stops nowhere; the example shows the
//! mechanism with a request made before the work starts, which [`catch`] honours at once.)
//!
//! # `panic = "unwind"`
//!
//! An interruption, like a request beyond the algebra's size limits, travels from the point
//! that notices it to [`catch`] by unwinding the stack, since the operators of the algebra
//! return no `Result` to carry it; [`catch`] stops the unwind and returns the `Err`. This needs
//! the default `panic = "unwind"`: a program built with `panic = "abort"` (in its
//! `[profile.*]`) aborts the process at the first interruption point that finds a request.

use std::cell::Cell;
use std::fmt;
use std::panic::UnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks the work in progress to stop (see the module documentation). Only an atomic store, so
/// a signal handler may call it.
pub fn request() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Withdraws the request, so that new work runs to its end.
pub fn clear() {
    REQUESTED.store(false, Ordering::Relaxed);
}

/// Whether a stop was requested, asking the [`set_poll`] function first when it is due. For
/// work that asks now and then (a block of values, a sweep); the interruption points of the
/// algebra and the solvers, which pass far more often, read the clock less often.
pub fn requested() -> bool {
    poll_if_due(1);
    REQUESTED.load(Ordering::Relaxed) || cancelled_here()
}

/// Work ended by [`request`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Runs `f`, turning its interruption into `Err(Interrupted)`; a request made before `f` starts
/// interrupts it at once. Other panics, and an
/// [`ExpansionLimit`](crate::algebra::limits::ExpansionLimit), continue to unwind.
pub fn catch<T>(f: impl FnOnce() -> T + UnwindSafe) -> Result<T, Interrupted> {
    if REQUESTED.load(Ordering::Relaxed) || cancelled_here() {
        return Err(Interrupted);
    }
    crate::unwind::catch_payload(f)
}

/// An interruption point: unwinds with [`Interrupted`] when a stop was requested, and with
/// [`OverBudget`] when the [`within_budget`] work running on this thread has spent its budget
/// (a point counts as [`POINT_WORK`] units of work).
#[inline]
pub(crate) fn check() {
    check_spent(POINT_WORK);
}

/// An interruption point after `work` units of work (positions of a solver), for
/// [`within_budget`]; see [`check`].
#[inline]
pub(crate) fn check_spent(work: u64) {
    poll_if_due(POINTS_PER_CLOCK);
    if REQUESTED.load(Ordering::Relaxed) || cancelled_here() {
        stop();
    }
    if BUDGETS.load(Ordering::Relaxed) != 0 {
        spend(work);
    }
}

/// A request to stop one piece of work: the work run by [`catch_cancellable`] with this token
/// stops at its next interruption point once any thread calls [`Cancel::cancel`], while work on
/// other threads goes on. Clones share the request.
///
/// ```
/// use partizan::interrupt::{catch_cancellable, Cancel, Interrupted};
/// use partizan::Game;
/// let token = Cancel::new();
/// let work = || Game::nimber(3) + Game::nimber(5);
/// assert_eq!(catch_cancellable(&token, work), Ok(Game::nimber(6)));
/// token.cancel();
/// assert_eq!(catch_cancellable(&token, work), Err(Interrupted));
/// // Work without the token is not stopped.
/// assert_eq!(partizan::interrupt::catch(work), Ok(Game::nimber(6)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the work run with this token to stop. Only an atomic store.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Runs `f` on this thread as [`catch`] does, with `token` installed: the interruption points
/// (and [`requested`]) on this thread also stop `f` when the token is cancelled, also before
/// `f` starts. Work that `f` hands to other threads (the sparse engine's helpers) does not see
/// the token; the engine itself polls [`requested`] on this thread and stops. A token inside a
/// token suspends the outer one until it ends.
pub fn catch_cancellable<T>(
    token: &Cancel,
    f: impl FnOnce() -> T + UnwindSafe,
) -> Result<T, Interrupted> {
    /// Restores the token in force before, however `f` ends.
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            TOKEN.with(|t| t.set(self.0.take()));
            TOKENS.fetch_sub(1, Ordering::Relaxed);
        }
    }
    let _restore = Restore(TOKEN.with(|t| t.replace(Some(token.0.clone()))));
    TOKENS.fetch_add(1, Ordering::Relaxed);
    catch(f)
}

/// The number of [`catch_cancellable`] calls running on all threads: the points read this
/// before the thread's own token, so that work without tokens pays one load.
static TOKENS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The token of the work on this thread, if it has one.
    static TOKEN: Cell<Option<Arc<AtomicBool>>> = const { Cell::new(None) };
}

/// Whether the token of the work on this thread, if any, is cancelled.
#[inline]
fn cancelled_here() -> bool {
    TOKENS.load(Ordering::Relaxed) != 0 && token_cancelled()
}

fn token_cancelled() -> bool {
    TOKEN.with(|t| {
        let token = t.take();
        let cancelled = token.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        t.set(token);
        cancelled
    })
}

/// The units of work an interruption point of the algebra counts for in a budget: about what a
/// solver does between two points.
pub const POINT_WORK: u64 = 1024;

/// The work left to the [`within_budget`] call running on this thread, if there is one: the
/// solvers pass their interruption points more often when it is small.
pub(crate) fn budget_left() -> Option<u64> {
    if BUDGETS.load(Ordering::Relaxed) == 0 {
        return None;
    }
    BUDGET_LEFT.with(Cell::get)
}

/// Work abandoned by [`within_budget`] when its budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("over its budget")
    }
}

impl std::error::Error for OverBudget {}

/// Runs `f` with a budget of `work` units of work on this thread: one unit a position of a
/// solver, [`POINT_WORK`] an interruption point of the algebra. When the budget is spent, `f` is
/// abandoned like an interruption and the result is `Err(OverBudget)`. The budget bounds the
/// work without reading the clock, so the same work gets the same answer on every machine. A
/// budget inside a budget suspends the outer one until it ends; an interruption and a size limit
/// go on unwinding as usual.
///
/// ```
/// use partizan::interrupt::{within_budget, OverBudget};
/// use partizan::solve::{ImpartialRuleset, GrundySolver};
/// /// Take 1 or 2 from a heap.
/// struct Take12;
/// impl ImpartialRuleset for Take12 {
///     type Position = u32;
///     fn options(&self, n: &u32) -> Vec<u32> {
///         (1..=2).filter(|k| k <= n).map(|k| n - k).collect()
///     }
/// }
/// let grundy = |n: u32| GrundySolver::new(Take12).grundy(&n);
/// assert_eq!(within_budget(5000, || grundy(10)), Ok(1));
/// assert_eq!(within_budget(5000, || grundy(100_000)), Err(OverBudget));
/// ```
pub fn within_budget<T>(work: u64, f: impl FnOnce() -> T + UnwindSafe) -> Result<T, OverBudget> {
    /// Restores the budget in force before, however `f` ends.
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET_LEFT.with(|b| b.set(self.0));
            BUDGETS.fetch_sub(1, Ordering::Relaxed);
        }
    }
    let _restore = Restore(BUDGET_LEFT.with(|b| b.replace(Some(work))));
    BUDGETS.fetch_add(1, Ordering::Relaxed);
    crate::unwind::catch_payload(f)
}

/// The number of [`within_budget`] calls running on all threads: the points read this before
/// the thread's own budget.
static BUDGETS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The work left to the budget of the work on this thread, if it has one.
    static BUDGET_LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Takes `work` from this thread's budget, abandoning the work when it is spent.
#[cold]
fn spend(work: u64) {
    BUDGET_LEFT.with(|b| match b.get() {
        Some(left) if left < work => crate::unwind::abandon(OverBudget),
        Some(left) => b.set(Some(left - work)),
        None => {}
    });
}

/// Unwinds with [`Interrupted`]: for work that noticed a request by [`requested`].
#[cold]
pub(crate) fn stop() -> ! {
    crate::unwind::abandon(Interrupted)
}

/// A function that says whether the work should stop, asked by the interruption points of the
/// thread running the work at most every [`POLL_EVERY`]; `None` removes it. It runs inside the
/// work, so it must be quick and must not start work of the library's own.
pub fn set_poll(poll: Option<fn() -> bool>) {
    *POLL.write().unwrap_or_else(|e| e.into_inner()) = poll;
    HAS_POLL.store(poll.is_some(), Ordering::Relaxed);
}

/// How often the [`set_poll`] function is asked, at most.
pub const POLL_EVERY: Duration = Duration::from_millis(20);

static POLL: RwLock<Option<fn() -> bool>> = RwLock::new(None);
/// Whether [`POLL`] holds a function: the points read this, not the lock.
static HAS_POLL: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Interruption points passed on this thread since the clock was last read, and when the
    /// poll function was last asked.
    static SINCE_POLL: Cell<(u32, Option<Instant>)> = const { Cell::new((0, None)) };
}

/// Interruption points ([`check`]) between two readings of the clock: reading the clock costs
/// some ten times a point's bookkeeping.
const POINTS_PER_CLOCK: u32 = 256;

/// Asks the poll function, if any, when [`POLL_EVERY`] has passed since it was last asked on
/// this thread; the clock is read every `points` calls.
#[inline]
fn poll_if_due(points: u32) {
    if !HAS_POLL.load(Ordering::Relaxed) {
        return;
    }
    SINCE_POLL.with(|since| {
        let (passed, last) = since.get();
        if passed + 1 < points {
            since.set((passed + 1, last));
            return;
        }
        let now = Instant::now();
        if last.is_some_and(|t| now.duration_since(t) < POLL_EVERY) {
            since.set((0, last));
            return;
        }
        since.set((0, Some(now)));
        let poll = *POLL.read().unwrap_or_else(|e| e.into_inner());
        if poll.is_some_and(|poll| poll()) {
            request();
        }
    });
}
