//! The `partizan` command, run as a user runs it ([`crate::util::cli`]): output, exit statuses,
//! one-line errors, and the commands of each area.

mod commands;
mod explore;
mod impartial;
mod manners;
mod mcgs_test;
mod misere;
mod outcome;
mod partizan;
mod play;
mod readme;
mod sparse;
mod worksheet;
