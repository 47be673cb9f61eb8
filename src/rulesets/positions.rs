//! What several families share to give their positions (see [`crate::solve::position`]): a
//! guard on the number of options an impartial ruleset lists, when that number depends on the
//! ruleset's parameters and not on the position alone, and the writing of a position that is a
//! sum of calls.

use crate::solve::position::OPTIONS_LIMIT;
use crate::solve::ImpartialRuleset;
use std::fmt;

/// Writes a position `p` of the ruleset `R` as the call that makes it.
pub type Write<R, P> = fn(&R, &P, &mut fmt::Formatter<'_>) -> fmt::Result;

/// An impartial ruleset whose positions may have more options than can be listed (a heap of
/// `10^7` from which any number up to `q` may be taken), with a count of them: listing the
/// options of a position that has more than [`OPTIONS_LIMIT`] is refused before it starts, by
/// the size limits' unwinding, as [`Rules::option_count`](crate::solve::position::Rules) does
/// when the count depends on the position alone. Components and normal forms are the rules'.
#[derive(Clone)]
pub struct Counted<R: ImpartialRuleset> {
    /// The rules.
    pub rules: R,
    /// The number of options of a position, or any number above [`OPTIONS_LIMIT`] when it has
    /// more (so that a count may stop early).
    pub count: fn(&R, &R::Position) -> u128,
    /// Writes a position as the call that makes it, for the message of a refusal.
    pub write: Write<R, R::Position>,
}

impl<R: ImpartialRuleset> Counted<R> {
    /// Writes `p` by the rules' `write`.
    pub fn write(&self, p: &R::Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.write)(&self.rules, p, f)
    }
}

impl<R: ImpartialRuleset> ImpartialRuleset for Counted<R> {
    type Position = R::Position;

    fn options(&self, p: &R::Position) -> Vec<R::Position> {
        if (self.count)(&self.rules, p) > OPTIONS_LIMIT {
            crate::algebra::limits::exceeded(format!(
                "{} has more options than the {OPTIONS_LIMIT} that are listed",
                Shown(self, p)
            ));
        }
        self.rules.options(p)
    }

    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        self.rules.components(p)
    }

    fn normalize(&self, p: R::Position) -> R::Position {
        self.rules.normalize(p)
    }
}

/// A position of a [`Counted`] ruleset, shown through its `write`.
struct Shown<'a, R: ImpartialRuleset>(&'a Counted<R>, &'a R::Position);

impl<R: ImpartialRuleset> fmt::Display for Shown<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(self.1, f)
    }
}

/// Writes the parts of a position that the family writes separately as a sum of calls,
/// `cutting(2,4) + cutting(3,4)`, each by `part`; `empty` writes a position without parts.
pub fn write_sum<T>(
    f: &mut fmt::Formatter<'_>,
    parts: &[T],
    empty: impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    part: impl Fn(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    if parts.is_empty() {
        return empty(f);
    }
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        part(f, p)?;
    }
    Ok(())
}
