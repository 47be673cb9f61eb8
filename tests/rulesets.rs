//! The partizan families against evaluators written here from their rules, hand derivations
//! and published values; positions as values.

mod board_games;
mod domineering;
mod family_positions;
mod graph_games;
mod hackenbush;
mod mcgs;
#[cfg(feature = "cli")]
mod partizan;
mod positions;
mod queen;
mod small_partizan;
mod text_family;
