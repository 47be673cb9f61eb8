//! The command line's machinery beside `main.rs`: part of the `partizan` binary, not of the
//! library (`lib.rs` does not declare it), since a memory budget, a progress line and Ctrl-C
//! are concerns of a process, not of the algebra.

pub mod memory;
pub mod misere;
pub mod monitor;
