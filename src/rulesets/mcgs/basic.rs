//! MCGS's basic games, `[integer_game]`, `[dyadic_rational]`, `[switch_game]`, `[nimber]` and
//! `[up_star]`, read from MCGS's text of them (MCGS's `input/info.test`, "Game syntax") and
//! played as MCGS plays them (its `src/cgt_*.cpp`), as positions whose game trees are MCGS's:
//!
//! - `integer_game n`: Left moves `n → n − 1` when `n > 0`, Right `n → n + 1` when `n < 0`: the
//!   canonical form of `n`;
//! - `dyadic_rational p/2^q` (reduced): Left moves to `(p − 1)/2^q`, Right to `(p + 1)/2^q`
//!   (each reduced), the canonical form of a number that is not an integer;
//! - `switch_game (l, r)`: `{l | r}` with the numbers `l` and `r` as its one option each,
//!   *kept as written* when `l <= r` (then its value is a number, but its game tree, which the
//!   impartial closure `[impartial switch_game]` plays, is still `{l | r}`);
//! - `nimber n`: `*n`, whose options are `*0 … *(n − 1)`;
//! - `up_star (n *)`: `n·↑` or `n·↑*`, as the canonical forms `{0 | (n−1)·↑*}`, `{0, * | 0}`, …
//!   that MCGS's move generator lists.
//!
//! So every one is a canonical form but the switch; a canonical form's options are those of
//! [`Game::left_options`] and [`Game::right_options`].

use crate::algebra::Game;
use crate::solve::position::AnyPosition;
use crate::solve::Position;
use crate::Error;
use num_bigint::BigInt;
use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A basic game of MCGS as read (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Basic {
    /// A game played as its canonical form: an integer, a dyadic rational, a nimber, an up
    /// multiple with or without a star, and every option of a switch.
    Form(Game),
    /// `{left | right}` with two numbers, as written.
    Switch(Game, Game),
}

impl Basic {
    /// The game as a position (see the module documentation): a form as its canonical
    /// form's tree ([`Position::of_form`]), a switch with its two options.
    pub fn position(self) -> Position {
        match self {
            Basic::Form(g) => Position::of_form(g),
            Basic::Switch(l, r) => Position::new(Switch(l, r)),
        }
    }

    /// The value: the canonical form.
    pub fn value(self) -> Game {
        match self {
            Basic::Form(g) => g,
            Basic::Switch(l, r) => Game::new([l], [r]),
        }
    }
}

impl fmt::Display for Basic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Basic::Form(g) => write!(f, "{g}"),
            Basic::Switch(l, r) => write!(f, "{{{l}|{r}}}"),
        }
    }
}

/// A switch `{left | right}` of two numbers, as written: one option for each player (its
/// canonical form may differ, `{1|1}` being `1*`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Switch(Game, Game);

impl AnyPosition for Switch {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Basic::Switch(self.0, self.1), f)
    }
    fn left_options(&self) -> Vec<Position> {
        vec![Position::of_form(self.0)]
    }
    fn right_options(&self) -> Vec<Position> {
        vec![Position::of_form(self.1)]
    }
    fn is_impartial(&self) -> bool {
        self.0 == self.1 && self.0.is_impartial()
    }
    fn canonical_form(&self) -> Result<Game, Error> {
        Ok(Basic::Switch(self.0, self.1).value())
    }
    fn to_arc(&self) -> Arc<dyn AnyPosition> {
        Arc::new(*self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<Switch>() == Some(self)
    }
    fn hash_value(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }
}

/// An MCGS `int`: digits, perhaps after a `-`, no spaces.
pub fn int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The items of an MCGS `list`: separated by commas and/or spaces, no comma at either end nor
/// two commas in a row. Spaces around a `/` join a fraction's parts (`-3 / 8` is one item).
fn list(s: &str) -> Option<Vec<String>> {
    // Drop the spaces next to '/', so that a fraction is one word.
    let chars: Vec<char> = s.chars().collect();
    let mut joined = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() {
            let prev = chars[..i].iter().rev().find(|c| !c.is_whitespace());
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if prev == Some(&'/') || next == Some(&'/') {
                continue;
            }
        }
        joined.push(c);
    }
    let mut items = Vec::new();
    for part in joined.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        if words.is_empty() {
            // "1,,2", ",1" or "1,".
            return None;
        }
        items.extend(words.into_iter().map(str::to_string));
    }
    Some(items)
}

/// An MCGS `fraction`: an int, or two ints separated by `/` whose denominator is a positive
/// power of two, as a number.
fn fraction(s: &str) -> Option<Game> {
    let (top, bottom) = match s.split_once('/') {
        Some((t, b)) => (int(t)?, int(b)?),
        None => (int(s)?, 1),
    };
    if bottom <= 0 || !(bottom as u64).is_power_of_two() {
        return None;
    }
    Some(Game::dyadic(
        BigInt::from(top),
        u64::from(bottom.trailing_zeros()),
    ))
}

/// The game of the section `name` (one of the five basic games) written `text`, or why the
/// text is not one.
pub fn parse(name: &str, text: &str) -> Result<Basic, String> {
    let items = list(text).ok_or_else(|| format!("{text:?} is not a list"))?;
    let one = |what: &str| match items.as_slice() {
        [one] => Ok(one.as_str()),
        _ => Err(format!("expected one {what}, not {text:?}")),
    };
    match name {
        "integer_game" => {
            let n = int(one("int")?).ok_or_else(|| format!("{text:?} is not an int"))?;
            Ok(Basic::Form(Game::integer(n)))
        }
        "nimber" => {
            let n = int(one("int")?)
                .filter(|n| *n >= 0)
                .ok_or_else(|| format!("{text:?} is not an int >= 0"))?;
            Ok(Basic::Form(Game::nimber(n as u64)))
        }
        "dyadic_rational" => fraction(one("fraction")?)
            .map(Basic::Form)
            .ok_or_else(|| format!("{text:?} is not a fraction with a power of 2 below")),
        "switch_game" => match items.as_slice() {
            [l, r] => match (fraction(l), fraction(r)) {
                (Some(l), Some(r)) => Ok(Basic::Switch(l, r)),
                _ => Err(format!("{text:?} is not two fractions")),
            },
            _ => Err(format!("expected two fractions, not {text:?}")),
        },
        "up_star" => {
            let (mut ups, mut star) = (None, false);
            for item in &items {
                if item == "*" && !star {
                    star = true;
                } else if let (Some(n), None) = (int(item), ups) {
                    ups = Some(n);
                } else {
                    return Err(format!(
                        "expected at most one int and at most one '*', not {text:?}"
                    ));
                }
            }
            let ups = ups.unwrap_or(0);
            if ups == i64::MIN {
                return Err(format!("{text:?} is out of range"));
            }
            let g = Game::up_multiple(ups) + if star { Game::star() } else { Game::zero() };
            Ok(Basic::Form(g))
        }
        _ => Err(format!("{name} is not a basic game")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(name: &str, text: &str) -> String {
        parse(name, text).unwrap().value().to_string()
    }

    #[test]
    fn reads_info_test_spellings() {
        assert_eq!(value("dyadic_rational", "-3 / 8"), "-3/8");
        assert_eq!(value("dyadic_rational", "6/4"), "3/2");
        assert_eq!(value("switch_game", "21, 7/8"), "{21|7/8}");
        assert_eq!(value("switch_game", "21 7/8"), "{21|7/8}");
        assert_eq!(value("switch_game", "21,7/8"), "{21|7/8}");
        // Not hot: a number, though played as {-45/2 | 2}.
        assert_eq!(value("switch_game", "-45/2, 16/8"), "0");
        assert_eq!(value("up_star", "-2 *"), "vv*");
        assert_eq!(value("up_star", "*"), "*");
        assert_eq!(value("up_star", "3"), "^3");
        assert_eq!(value("nimber", "4"), "*4");
        assert!(parse("dyadic_rational", "1/3").is_err());
        assert!(parse("switch_game", "1,").is_err());
        assert!(parse("up_star", "* *").is_err());
        assert!(parse("nimber", "-1").is_err());
    }

    #[test]
    fn a_switch_keeps_its_tree() {
        let s = parse("switch_game", "-2, 2").unwrap();
        assert_eq!(s.value(), Game::zero());
        assert_eq!(s.position().left_options().len(), 1);
        // Its impartial closure moves to the closures of -2 and 2, rows of two moves (0 each):
        // *1, where the closure of the canonical form 0 would be 0.
        assert_eq!(
            s.position().impartial_closure().canonical_form().unwrap(),
            Game::star()
        );
    }
}
