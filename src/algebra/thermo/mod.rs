//! Thermography: thermographs, mean, temperature, cooling, heating and overheating, and the
//! confusion interval.
//!
//! `G` cooled by `t` (CGT Def. II.5.1; WW Ch. 6): an integer stays put;
//! otherwise `G_t = {G^L_t − t | G^R_t + t}` unless some `G_{t'}` with `t' < t` is
//! infinitesimally close to a number `x`, in which case `G_t = x` for the least such `t'`. That
//! least `t'` is the *temperature* and `x` the *mean*. The *thermograph* draws the stops of
//! `G_t` against `t >= −1`: the left wall `LW(t) = L(G_t)` and the right wall `RW(t) = R(G_t)`.
//! Below the temperature they are the *scaffolds* `max RW_{G^L}(t) − t` and
//! `min LW_{G^R}(t) + t`; the temperature is the least `t` where these meet (or cross), and
//! above it both walls are the vertical *mast* at the mean.
//!
//! Conventions are CGSuite's, which are Siegel's: an integer has temperature −1 and is a mast
//! from −1 up; a number `m/2^k` (`k >= 1`) has temperature `−1/2^k`; a number plus a non-zero
//! infinitesimal has temperature 0. Cooling follows the definition above for every `t > −1`, so
//! a non-integer number cooled below its temperature is no longer a number (CGSuite instead
//! leaves numbers unchanged by any cooling; both agree for every `t >= 0`, and ours keeps the
//! walls equal to the stops of the cooled game for every `t`).
//!
//! Walls are piecewise linear with slopes in {−1, 0, 1} (left walls {−1, 0}, right walls
//! {0, 1}), so every corner is a dyadic point: all coordinates are exact [`Number`]s.
//!
//! The parts: [`Trajectory`], a wall written out, with its arithmetic (`trajectory`);
//! [`Thermograph`], the walls of a game written out (`thermograph`); the walls as the algebra
//! keeps and memoises them (`walls`); cooling, heating and overheating (`cool`).

mod cool;
mod thermograph;
mod trajectory;
mod walls;

pub use thermograph::Thermograph;
pub use trajectory::Trajectory;
pub(crate) use walls::clear_memo;

use crate::algebra::number::Number;
use crate::algebra::Game;
use std::fmt;
use walls::{explicit_thermograph, thermo};

/// The set of numbers a game is confused with: an interval between its Right and Left stops.
///
/// Every number strictly between the stops is confused with the game; a number above the Left
/// stop is greater, one below the Right stop smaller (CGT §II.3). Whether the endpoints
/// belong depends on the game and is decided by comparing with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfusionInterval {
    /// The lower end: the Right stop.
    pub low: Number,
    /// Whether the game is confused with `low` itself.
    pub low_closed: bool,
    /// The upper end: the Left stop.
    pub high: Number,
    /// Whether the game is confused with `high` itself.
    pub high_closed: bool,
}

impl fmt::Display for ConfusionInterval {
    /// Interval notation: `[-1, 1]`, `(0, 2]`, `[0, 0]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let open = if self.low_closed { '[' } else { '(' };
        let close = if self.high_closed { ']' } else { ')' };
        write!(f, "{open}{}, {}{close}", self.low, self.high)
    }
}

impl Game {
    /// The thermograph (CGT §II.5; WW Ch. 6), with exact walls from
    /// `t = −1` up, including the part below 0.
    ///
    /// ```
    /// use partizan::Game;
    /// let th = "{3|-2}".parse::<Game>().unwrap().thermograph();
    /// assert_eq!(th.temperature.to_string(), "5/2");
    /// assert_eq!(th.mean.to_string(), "1/2");
    /// assert_eq!(th.left.to_string(), "4@-1 1/2@5/2");
    /// ```
    pub fn thermograph(&self) -> Thermograph {
        explicit_thermograph(*self)
    }

    /// The mean value: where the thermograph's mast stands. `mean(G + H) = mean(G) + mean(H)`
    /// (CGT §II.5, the mean value theorem).
    pub fn mean(&self) -> Number {
        match self.as_nus() {
            Some(n) => n.number.clone(),
            None => thermo(*self).mean.clone(),
        }
    }

    /// The temperature: the height at which the thermograph's walls meet. CGSuite's
    /// conventions: an integer has temperature −1, a number `m/2^k` has `−1/2^k`, and a number
    /// plus a non-zero infinitesimal has 0.
    pub fn temperature(&self) -> Number {
        match self.as_nus() {
            Some(n) if n.is_number() && n.number.is_integer() => Number::from(-1),
            Some(n) if n.is_number() => -Number::pow2(-(n.number.exponent() as i64)),
            Some(_) => Number::zero(),
            None => thermo(*self).temperature.clone(),
        }
    }

    /// The numbers this game is confused with, or `None` when it is comparable with every
    /// number (numbers, `↑`, ...).
    ///
    /// ```
    /// use partizan::Game;
    /// let pm1 = "+-1".parse::<Game>().unwrap();
    /// assert_eq!(pm1.confusion_interval().unwrap().to_string(), "[-1, 1]");
    /// assert!(Game::up().confusion_interval().is_none());
    /// ```
    pub fn confusion_interval(&self) -> Option<ConfusionInterval> {
        if self.is_number() {
            return None;
        }
        let (low, high) = (self.right_stop().clone(), self.left_stop().clone());
        let confused = |x: &Number| self.is_confused_with(&Game::number(x.clone()));
        let (low_closed, high_closed) = (confused(&low), confused(&high));
        if low == high && !low_closed {
            return None;
        }
        Some(ConfusionInterval {
            low,
            low_closed,
            high,
            high_closed,
        })
    }
}
