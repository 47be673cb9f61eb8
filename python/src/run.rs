//! Detached work: library code runs with the interpreter detached, its errors raised as Python
//! exceptions, Ctrl-C honoured at its interruption points.

use super::*;

/// The Python exception for a library error: `ValueError` for bad input, an undefined operation
/// or a loopy ruleset, `OverflowError` for a request beyond the algebra's limits. A notation error
/// carries `position` (the byte offset) and `input` attributes beside the CLI's message.
pub(crate) fn py_error(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Limit(l) => PyOverflowError::new_err(l.to_string()),
        // The exception of the signal handler that stopped the work (see `run`).
        Error::Interrupted => {
            take_pending().unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
        }
        Error::Expression(x) => {
            let err = PyValueError::new_err(x.to_string());
            let value = err.value(py);
            // Setting attributes on a fresh exception instance cannot fail but for memory.
            let _ = value.setattr("position", x.position());
            let _ = value.setattr("input", x.input());
            err
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Runs pure-Rust work with the interpreter detached, turning an [`limits::ExpansionLimit`]
/// unwind into an error. Meanwhile the work's interruption points let Python run its signal
/// handlers ([`poll_signals`]), so that Ctrl-C, or a notebook's "interrupt", stops it: the
/// handler's exception (`KeyboardInterrupt`) is raised here once the work has unwound.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<T> {
    py.detach(|| {
        let _polling = Polling::start();
        guarded(f)
    })
    .map_err(|e| py_error(py, e))
}

/// A call of [`run`] in progress on this thread, counted in [`POLLING`] until dropped (also when
/// a bug unwinds through it).
pub(crate) struct Polling;

impl Polling {
    fn start() -> Polling {
        POLLING.with(|p| p.set(p.get() + 1));
        Polling
    }
}

impl Drop for Polling {
    fn drop(&mut self) {
        POLLING.with(|p| p.set(p.get() - 1));
    }
}

/// Runs `f`, turning an expansion limit or an interruption (see [`partizan::interrupt`]) into
/// an error; an interruption is then withdrawn, so that the next work runs.
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    match interrupt::catch(AssertUnwindSafe(|| limits::catch(AssertUnwindSafe(f)))) {
        Ok(Ok(r)) => r,
        Ok(Err(limit)) => Err(Error::Limit(limit)),
        Err(interrupted) => {
            interrupt::clear();
            Err(interrupted.into())
        }
    }
}

thread_local! {
    /// Calls of [`run`] in progress on this thread, whose interruption points poll Python's
    /// signal handlers (none on the library's worker threads).
    static POLLING: Cell<u32> = const { Cell::new(0) };
}

/// The library's poll function ([`interrupt::set_poll`]): on a thread inside [`run`], runs
/// Python's signal handlers (they run on the main thread only; elsewhere this does nothing). An
/// exception one raises is kept for [`py_error`] and stops the work.
pub(crate) fn poll_signals() -> bool {
    if POLLING.with(Cell::get) == 0 {
        return false;
    }
    Python::attach(|py| match py.check_signals() {
        Ok(()) => false,
        Err(e) => {
            record(e);
            true
        }
    })
}

/// The notation of `g` (Unicode arrows when `unicode`): `OverflowError` beyond the printer's
/// length limit, which a form that shares its followers can reach.
pub(crate) fn notation(py: Python<'_>, g: Game, unicode: bool) -> PyResult<String> {
    run_ok(py, move || {
        if unicode {
            format!("{g:#}")
        } else {
            g.to_string()
        }
    })
}

/// [`run`] for work that cannot fail but for the limits.
pub(crate) fn run_ok<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    run(py, || Ok(f()))
}
