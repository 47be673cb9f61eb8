//! Reading and printing: the notation of `docs/NOTATION.md` for short, uptimal, loopy and misère
//! games, and the expression language.

#[cfg(feature = "cli")]
mod expr;
mod loopy;
mod misere;
mod spec;
mod uptimal;
