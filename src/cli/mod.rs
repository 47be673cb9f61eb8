//! The command line's machinery beside `main.rs`: part of the `partizan` binary, not of the
//! library (`lib.rs` does not declare it), since a memory budget, a progress line and Ctrl-C
//! are concerns of a process, not of the algebra; and the explorer's web server (`explore/`),
//! another front end over the library's public API. A command's work is in the file named after
//! it; `main.rs` declares the arguments and dispatches.

pub mod db;
pub mod eval;
pub mod explore;
pub mod grundy;
pub mod mcgs_test;
pub mod memory;
pub mod misere;
pub mod monitor;
pub mod out;
pub mod outcome;
pub mod play;
pub mod table;
pub mod thermograph;

/// The first Ctrl-C during `grundy CODE --save FILE`, `table` or `db build` sets this: the engine stops
/// (and saves) and the process ends with status 130.
pub static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
