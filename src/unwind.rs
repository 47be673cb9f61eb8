//! Work abandoned by unwinding, and the way back to a `Result`.
//!
//! The arithmetic operators and the constructors of the algebra cannot return an error, and an
//! interruption must end work in the middle of any of them. Both stop by unwinding with a
//! payload of their own: an [`ExpansionLimit`] for a request beyond a size limit (see
//! [`crate::algebra::limits`]), an [`Interrupted`](crate::interrupt::Interrupted) for an
//! interruption (see [`crate::interrupt`]). [`catch_payload`] turns one of them back into an
//! `Err` and lets every other unwind (a bug) go on. This needs `panic = "unwind"`, the default
//! profile setting; under `panic = "abort"` the first such stop ends the process.

use std::fmt;
use std::panic::{self, UnwindSafe};

/// A request that needs a form larger than the algebra's limits; the message says which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpansionLimit {
    /// What was too large, and the limit.
    pub message: String,
}

impl fmt::Display for ExpansionLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExpansionLimit {}

/// Abandons the current work by unwinding with `payload`, which [`catch_payload`] catches. No
/// panic hook runs: this is a way out, not a bug to report.
#[cold]
pub(crate) fn abandon<P: Send + 'static>(payload: P) -> ! {
    panic::resume_unwind(Box::new(payload))
}

/// Runs `f`, turning an unwind whose payload is a `P` into `Err`; other unwinds go on.
pub(crate) fn catch_payload<P: 'static, T>(f: impl FnOnce() -> T + UnwindSafe) -> Result<T, P> {
    match panic::catch_unwind(f) {
        Ok(v) => Ok(v),
        Err(payload) => match payload.downcast::<P>() {
            Ok(p) => Err(*p),
            Err(other) => panic::resume_unwind(other),
        },
    }
}
