//! A solver for the families played on a [`Board`], with a transposition table that knows which
//! symmetry of the board exchanges the players.
//!
//! A family describes its rules once, as [`BoardRules`]: the options of a board, its independent
//! regions, the symmetries that keep both players' moves, and the image that exchanges the players
//! (the colour swap, or the transpose in Fission), whose value is the negative. From this it gets
//! both a [`Ruleset`] for the generic [`crate::solve::Solver`] (by a blanket implementation) and
//! the [`Engine`] here, which stores each region once for itself and its player-exchanging image:
//! a region whose image is in the table is the negative of that entry. In Amazons, Clobber and
//! Konane most positions come in such pairs, so the engine expands about half as many positions
//! as the generic solver.
//!
//! The engine recurses once per move of the game. Every move of these families fills, empties or
//! blocks a square for good, so a region of at most 128 squares has games of at most 128 moves and
//! the recursion stays shallow.

use crate::algebra::Game;
use crate::rulesets::board::{Board, Square, Symmetry};
use crate::solve::Ruleset;
use hashbrown::HashMap;

/// The rules of a family played on a [`Board`].
pub trait BoardRules {
    /// The symmetries of the board that keep each player's moves (the images are stored under
    /// the least of them).
    const SYMMETRIES: &'static [Symmetry];

    /// The positions `player` (`Square::Left` or `Square::Right`) can move to.
    fn options(&self, b: &Board, player: Square) -> Vec<Board>;

    /// The independent regions of `b` whose sum is `b`, each cropped; regions where no move can
    /// ever be made are left out (so a board with no move at all may give none).
    fn regions(&self, b: &Board) -> Vec<Board>;

    /// An image of `b` in which the players' roles are exchanged, so that its value is the
    /// negative of the value of `b` (the colour swap, or the transpose in Fission); `None` when
    /// the rules have none.
    fn exchanged(&self, b: &Board) -> Option<Board>;
}

impl<R: BoardRules> Ruleset for R {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        self.options(b, Square::Left)
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        self.options(b, Square::Right)
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        self.regions(b)
    }

    fn normalize(&self, b: Board) -> Board {
        b.least_image(R::SYMMETRIES)
    }
}

/// Regions evaluated, recorded in [`crate::progress`] in batches of this many.
const BATCH: u64 = 256;

/// The engine: a transposition table from the normal forms of regions to their values.
pub struct Engine<R: BoardRules> {
    rules: R,
    table: HashMap<Board, Game>,
    unrecorded: u64,
}

impl<R: BoardRules> Engine<R> {
    /// An engine with an empty table.
    pub fn new(rules: R) -> Engine<R> {
        Engine {
            rules,
            table: HashMap::new(),
            unrecorded: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The number of regions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The value of a board: the sum of its regions.
    pub fn value(&mut self, b: &Board) -> Game {
        let mut total: Option<Game> = None;
        for region in self.rules.regions(b) {
            let v = self.region_value(region);
            total = Some(match total {
                None => v,
                Some(t) => t + v,
            });
        }
        total.unwrap_or_else(Game::zero)
    }

    /// The value of one region.
    fn region_value(&mut self, region: Board) -> Game {
        let key = region.least_image(R::SYMMETRIES);
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        if let Some(image) = self.rules.exchanged(&key) {
            if let Some(&v) = self.table.get(&image.least_image(R::SYMMETRIES)) {
                return -v;
            }
        }
        let left: Vec<Game> = self
            .rules
            .options(&key, Square::Left)
            .iter()
            .map(|o| self.value(o))
            .collect();
        let right: Vec<Game> = self
            .rules
            .options(&key, Square::Right)
            .iter()
            .map(|o| self.value(o))
            .collect();
        let v = Game::new(left, right);
        self.table.insert(key, v);
        self.unrecorded += 1;
        if self.unrecorded == BATCH {
            crate::progress::record(BATCH);
            self.unrecorded = 0;
        }
        v
    }
}

impl<R: BoardRules> Drop for Engine<R> {
    fn drop(&mut self) {
        crate::progress::record(self.unrecorded);
    }
}
