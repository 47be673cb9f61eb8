//! The outcome searches (the general one and the bitboard searches of Domineering and NoGo)
//! against outcomes found outside them.

mod domineering;
mod nogo;
mod outcome;

use partizan::solve::outcome::SearchOptions;

/// The settings of the bitboard searches' tests: a table of 2^16 entries.
const SEARCH_DEFAULT: SearchOptions = SearchOptions {
    table_entries: 1 << 16,
    component_budget: 0,
    first_budget: 0,
};

/// A table of 4 entries, so that results are replaced again and again.
const SEARCH_TINY: SearchOptions = SearchOptions {
    table_entries: 4,
    component_budget: 0,
    first_budget: 0,
};
