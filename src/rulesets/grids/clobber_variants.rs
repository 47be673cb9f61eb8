//! Variants of Clobber: diagonal, Kings, Rooks, Queens, AntiClobber and Cannibal Clobber.
//!
//! **Rules.** Left's stones `x` and Right's stones `o` lie on a grid; the player who cannot move
//! loses. Ordinary Clobber ([`crate::rulesets::clobber`]; Albert, Grossman, Nowakowski and Wolfe, "An
//! introduction to Clobber", *Integers* 5(2) (2005)) moves a stone onto an orthogonally
//! adjacent stone of the opponent, which is removed. The variants change the moves as CGSuite's
//! ruleset schema `game.grid.GenClobber` does (its parameters `directions`, `clobbered`,
//! `leftBehind`, `maxDistance`, and the instances defined in CGSuite's `game.grid` library):
//!
//! The variants, by the `variant=` argument, and what a move of a stone is in each:
//!
//! - `"orthogonal"`: onto an orthogonally adjacent opponent's stone (ordinary Clobber);
//! - `"diagonal"`: onto a diagonally adjacent opponent's stone;
//! - `"kings"`: onto an opponent's stone one king step away (CGSuite's `Kings`);
//! - `"rooks"`: along a row or column through empty squares onto the first stone it meets, which
//!   must be the opponent's (CGSuite's `Rooks`, `maxDistance => inf`);
//! - `"queens"`: the same along the eight queen lines (CGSuite's `Queens`);
//! - `"anti"`: onto an orthogonally adjacent *empty* square, leaving a stone of the opponent on
//!   the square it left (CGSuite's `AntiClobber`: `clobbered => {0}`, `leftBehind` the opponent);
//! - `"cannibal"`: onto an orthogonally adjacent stone of either colour (Cannibal Clobber,
//!   proposed by Ingo Althöfer in 2003; CGSuite's `HotClobber`).
//!
//! In every variant but AntiClobber the square a stone leaves becomes empty and the stone it lands
//! on is removed. AntiClobber is "Clobber in reverse" (K. Burke, "Two different Anti-Clobbers",
//! the CGT blog, 21 March 2016): each move fills one empty square, so the
//! game is short. Rooks and Queens: CGSuite's source of the `maxDistance` rule was not available
//! to us; we read it as the rook (queen) move of chess that must end by capturing.
//!
//! **Input format.** As for Clobber: rows separated by `|`, `x` (Left), `o` (Right), `.` empty,
//! and `#` a square off the board (either case): `clobber("xo|ox", variant="diagonal")`. A board
//! has at most 128 squares.
//!
//! **Decomposition** (in each case the squares that a move can ever touch, and how a move
//! connects them; squares that no move can touch are the same as squares off the board):
//! * adjacent moves (orthogonal, diagonal, kings, cannibal): stones never move onto empty squares,
//!   so only the stones matter, and the groups of stones connected by the variant's steps are
//!   independent. A group with stones of one colour is 0, except in Cannibal Clobber, where only a
//!   lone stone is 0.
//! * sliding moves (rooks, queens): stones still land only on stones, and a slide passes only
//!   through empty squares lying between two stones on a line; at any later time such a slide runs
//!   between two squares that held stones at the start, so every square it passes was a stone or
//!   an empty square between two stones at the start. These squares, joined by the variant's
//!   steps, split into independent components; one with stones of one colour is 0.
//! * AntiClobber: a move involves a stone and an adjacent empty square; squares never become empty
//!   again, so two adjacent stones never take part in one move. The components of the squares
//!   joined by orthogonal steps between two squares that are not both stones are independent; one
//!   without an empty square or without a stone is 0.
//!
//! All eight symmetries of the square keep every variant's moves, so a component is stored under
//! the least of its images; exchanging the colours negates the value.
//!
//! **Checked against** (tests/board_games.rs): an evaluator written in the test from the rules
//! alone (explicit boards, no decomposition or symmetry), for every variant, on every position of
//! the 1×n boards up to n = 7 and of the 2×2 and 2×3 boards, and on random 2×4 and 3×3 boards
//! (the reference canonical form of tests/common on the 1×n boards up to n = 5); hand derivations
//! (for example diagonal `xo|ox` = 0, anti `x.` = `1`, cannibal `xx` = 1); the orthogonal variant
//! against the existing Clobber engine; the colour swap.

use crate::algebra::Game;
use crate::rulesets::board::{
    bits, Board, Direction, Square, Symmetry, ALL, DIAGONAL, KING, ORTHOGONAL,
};
use crate::rulesets::board_engine::{BoardRules, Engine};
use crate::Error;

/// A Clobber variant (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Ordinary Clobber.
    Orthogonal,
    /// Clobbering diagonally.
    Diagonal,
    /// Clobbering one king step away.
    Kings,
    /// Sliding like a rook onto the first stone met, which must be the opponent's.
    Rooks,
    /// Sliding like a queen onto the first stone met, which must be the opponent's.
    Queens,
    /// Moving onto an adjacent empty square and leaving an opponent's stone behind.
    Anti,
    /// Clobbering an orthogonally adjacent stone of either colour.
    Cannibal,
}

/// The names accepted by `variant=`, with their variants.
pub const VARIANTS: &[(&str, Variant)] = &[
    ("orthogonal", Variant::Orthogonal),
    ("diagonal", Variant::Diagonal),
    ("kings", Variant::Kings),
    ("rooks", Variant::Rooks),
    ("queens", Variant::Queens),
    ("anti", Variant::Anti),
    ("cannibal", Variant::Cannibal),
];

impl Variant {
    /// The variant called `name`; the error lists the names.
    pub fn named(name: &str) -> Result<Variant, Error> {
        VARIANTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                let names: Vec<&str> = VARIANTS.iter().map(|(n, _)| *n).collect();
                Error::input(format!(
                    "unknown Clobber variant {name:?} (known: {})",
                    names.join(", ")
                ))
            })
    }

    /// The steps of a move.
    pub fn directions(self) -> &'static [Direction] {
        match self {
            Variant::Diagonal => DIAGONAL,
            Variant::Kings | Variant::Queens => KING,
            _ => ORTHOGONAL,
        }
    }
}

/// The text form of a position, as [`parse`] reads it.
pub fn display(b: &Board) -> String {
    b.display(crate::rulesets::board::CHARS)
}

/// The rules of a Clobber variant (a [`crate::solve::Ruleset`] too, through [`BoardRules`]).
#[derive(Clone, Copy, Debug)]
pub struct GenClobber(pub Variant);

impl GenClobber {
    /// The positions `player` can move to.
    fn moves(&self, b: &Board, player: Square) -> Vec<Board> {
        let opponent = player.swapped();
        let variant = self.0;
        let mut out = Vec::new();
        for a in bits(b.pieces(player)) {
            for &d in variant.directions() {
                let Some(mut to) = b.step(a, d) else { continue };
                if matches!(variant, Variant::Rooks | Variant::Queens) {
                    while b.get(to) == Square::Empty {
                        match b.step(to, d) {
                            Some(t) => to = t,
                            None => break,
                        }
                    }
                }
                let target = b.get(to);
                let (legal, behind) = match variant {
                    Variant::Anti => (target == Square::Empty, opponent),
                    Variant::Cannibal => (
                        matches!(target, Square::Left | Square::Right),
                        Square::Empty,
                    ),
                    _ => (target == opponent, Square::Empty),
                };
                if legal {
                    out.push(b.with(a, behind).with(to, player));
                }
            }
        }
        out
    }

    /// The squares a move can ever touch (see the module documentation).
    pub fn live(&self, b: &Board) -> u128 {
        match self.0 {
            Variant::Rooks | Variant::Queens => {
                let mut live = b.stones();
                for a in bits(b.stones()) {
                    for &d in self.0.directions() {
                        let mut between = 0u128;
                        let mut at = a;
                        while let Some(t) = b.step(at, d) {
                            match b.get(t) {
                                Square::Empty => between |= 1 << t,
                                Square::Blocked => break,
                                _ => {
                                    live |= between;
                                    break;
                                }
                            }
                            at = t;
                        }
                    }
                }
                live
            }
            Variant::Anti => b.all() & !b.blocked(),
            _ => b.stones(),
        }
    }

    /// The independent components of the live squares.
    fn parts(&self, b: &Board) -> Vec<u128> {
        let live = self.live(b);
        if self.0 != Variant::Anti {
            return b.components(live, self.0.directions());
        }
        // Orthogonal steps between squares that are not both stones: grow from empty squares
        // to any live square, from stones to empty squares only.
        let (empty, stones) = (b.empty(), b.stones());
        Board::flood(live, |comp| {
            comp | (b.spread(comp & empty, ORTHOGONAL) & live)
                | (b.spread(comp & stones, ORTHOGONAL) & empty)
        })
    }

    /// Whether a component can hold a move at some time.
    fn playable(&self, b: &Board, m: u128) -> bool {
        match self.0 {
            Variant::Anti => m & b.stones() != 0 && m & b.empty() != 0,
            Variant::Cannibal => (m & b.stones()).count_ones() >= 2,
            _ => m & b.left() != 0 && m & b.right() != 0,
        }
    }
}

impl BoardRules for GenClobber {
    const SYMMETRIES: &'static [Symmetry] = ALL;

    fn options(&self, b: &Board, player: Square) -> Vec<Board> {
        self.moves(b, player)
    }

    fn regions(&self, b: &Board) -> Vec<Board> {
        self.parts(b)
            .into_iter()
            .filter(|&m| self.playable(b, m))
            .map(|m| b.crop(m, Square::Blocked))
            .collect()
    }

    fn exchanged(&self, b: &Board) -> Option<Board> {
        Some(b.swapped())
    }
}

/// Parses a position of a Clobber variant: `x`, `o`, `.`, `#`.
pub fn parse(text: &str) -> Result<Board, Error> {
    Board::parse_pieces(
        text,
        "Clobber position",
        "use x for Left's stones, o for Right's, . for an empty square, # for a square off the board",
        true,
    )
}

/// The value of a position of a Clobber variant (a fresh transposition table).
pub fn value(variant: Variant, b: &Board) -> Game {
    Engine::new(GenClobber(variant)).value(b)
}
