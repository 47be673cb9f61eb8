//! Even- and odd-tempered games (Berlekamp; CGT §II.6), on the canonical form as CGSuite
//! computes them.

use super::walk::post_order;
use super::Game;
use hashbrown::HashMap;

/// Which of Berlekamp's tempers a game has (see [`Game::is_even_tempered`]).
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
        |h, memo| {
            let mut options = h.left_options().iter().chain(h.right_options());
            if options.clone().all(|o| memo[o] == Temper::Odd) {
                Temper::Even
            } else if options.all(|o| memo[o] == Temper::Even) {
                Temper::Odd
            } else {
                Temper::Neither
            }
        },
    )
}
