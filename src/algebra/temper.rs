//! Even- and odd-tempered games (Berlekamp; CGT §II.6), and even and odd games (CGSuite's
//! `IsEven`, `IsOdd`), on the canonical form as CGSuite computes them.

use super::walk::post_order;
use super::Game;
use hashbrown::HashMap;
use num_integer::Integer;

/// Which of two alternating classes a game is in: Berlekamp's tempers (see
/// [`Game::is_even_tempered`]) or CGSuite's parity (see [`Game::is_even`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Temper {
    Even,
    Odd,
    Neither,
}

impl Game {
    /// Whether the game is even-tempered (Berlekamp; CGT §II.6): a number, or a
    /// non-number all of whose options are odd-tempered. Computed on the canonical form, as
    /// CGSuite does; `x + n·↑ + *k` is even-tempered exactly when it is a number.
    pub fn is_even_tempered(&self) -> bool {
        temper(*self) == Temper::Even
    }

    /// Whether the game is odd-tempered: not a number, and all of its options are
    /// even-tempered. `x + n·↑ + *k` is odd-tempered exactly when it is `x + *`.
    pub fn is_odd_tempered(&self) -> bool {
        temper(*self) == Temper::Odd
    }

    /// Whether the game is even (CGSuite's `IsEven`): `0`, or a game all of whose options are
    /// odd; computed on the canonical form. An integer `n` is even exactly when `n` is (its
    /// canonical form `{n-1|}` or `{|n+1}` alternates from `0`); `1/2 = {0|1}` and `↑ = {0|*}`
    /// are neither even nor odd.
    ///
    /// ```
    /// use partizan::Game;
    /// assert!(Game::zero().is_even() && Game::integer(-4).is_even());
    /// assert!(Game::integer(5).is_odd() && Game::star().is_odd());
    /// assert!(!Game::up().is_even() && !Game::up().is_odd());
    /// ```
    pub fn is_even(&self) -> bool {
        parity(*self) == Temper::Even
    }

    /// Whether the game is odd (CGSuite's `IsOdd`): not `0`, and all of its options are even.
    pub fn is_odd(&self) -> bool {
        parity(*self) == Temper::Odd
    }
}

/// The parity of `g` (see [`Game::is_even`]), in the three values of [`Temper`].
fn parity(g: Game) -> Temper {
    let mut memo = HashMap::new();
    post_order(
        g,
        &mut memo,
        |h| {
            let n = h.as_number()?.to_integer()?;
            Some(if n.is_even() {
                Temper::Even
            } else {
                Temper::Odd
            })
        },
        alternating,
    )
}

fn temper(g: Game) -> Temper {
    let mut memo = HashMap::new();
    post_order(
        g,
        &mut memo,
        |h| {
            h.as_nus().map(|n| {
                if n.is_number() {
                    Temper::Even
                } else if n.ups == 0 && n.nimber == 1 {
                    Temper::Odd
                } else {
                    Temper::Neither
                }
            })
        },
        alternating,
    )
}

/// The class of a game that is not a leaf of the walk: even when every option is odd, odd when
/// every option is even (a game with options), else neither.
fn alternating(h: Game, memo: &HashMap<Game, Temper>) -> Temper {
    let mut options = h.left_options().iter().chain(h.right_options());
    if options.clone().all(|o| memo[o] == Temper::Odd) {
        Temper::Even
    } else if options.all(|o| memo[o] == Temper::Even) {
        Temper::Odd
    } else {
        Temper::Neither
    }
}
