//! The command line's machinery beside `main.rs`: part of the `partizan` binary, not of the
//! library (`lib.rs` does not declare it), since a memory budget, a progress line and Ctrl-C
//! are concerns of a process, not of the algebra; and the explorer's web server (`explore/`),
//! another front end over the library's public API.

pub mod explore;
pub mod memory;
pub mod misere;
pub mod monitor;
