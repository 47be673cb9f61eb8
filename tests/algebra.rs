//! The algebra of short games: the engine against the reference implementation on explicit
//! trees, laws on random games, identities and values derived by hand.

mod compact_values;
mod compounds;
mod deep_forms;
mod forms;
mod identities;
mod laws;
mod products;
mod reference;
mod structure;
#[cfg(feature = "cli")]
mod thermograph_svg;
mod thermography;
mod threads;
mod toolkit;
