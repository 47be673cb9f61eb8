//! Loopy games against brute force written from the definitions ([`brute`]), identities from
//! Winning Ways and CGSuite's test suite, and the loopy families.

mod brute;
#[cfg(feature = "cli")]
mod expressions;
mod families;
mod fox_and_geese;
mod identities;
mod impartial;
mod random;
