//! Shared helpers of the integration tests: parsing shorthands, the games born by day 2, and
//! seeded random games (birthday at most 4).
#![allow(dead_code)]

use partizan::{Game, Number};

/// Parses a game (panics on a typo in the test itself).
pub fn g(s: &str) -> Game {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses a number.
pub fn n(s: &str) -> Number {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

/// Every game born by day `d` (d <= 2), by brute force over subsets of the previous day.
pub fn born_by(d: u32) -> Vec<Game> {
    let mut day = vec![Game::zero()];
    for _ in 0..d {
        let subsets: Vec<Vec<Game>> = (0..1u32 << day.len())
            .map(|mask| {
                (0..day.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| day[i])
                    .collect()
            })
            .collect();
        let mut next = Vec::new();
        for l in &subsets {
            for r in &subsets {
                let v = Game::new(l.clone(), r.clone());
                if !next.contains(&v) {
                    next.push(v);
                }
            }
        }
        day = next;
    }
    day
}

/// splitmix64: a small deterministic generator, so that every run tests the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random game of depth `depth` over the day-1 games: a tree whose leaves are 0, 1, −1 or *
/// and whose inner nodes have 0 to 2 options a side. Its birthday is at most `depth + 1`.
pub fn random_game(rng: &mut Rng, depth: u32) -> Game {
    let leaves = [
        Game::zero(),
        Game::integer(1),
        Game::integer(-1),
        Game::star(),
    ];
    if depth == 0 || rng.below(4) == 0 {
        return leaves[rng.below(4) as usize];
    }
    let side = |rng: &mut Rng| -> Vec<Game> {
        (0..rng.below(3))
            .map(|_| random_game(rng, depth - 1))
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Game::new(left, right)
}

/// A random all-small game: leaves 0 and *, and 1 or 2 options on each side of every inner
/// node, so that in every position both players can move or neither can.
pub fn random_all_small(rng: &mut Rng, depth: u32) -> Game {
    if depth == 0 || rng.below(4) == 0 {
        return [Game::zero(), Game::star()][rng.below(2) as usize];
    }
    let side = |rng: &mut Rng| -> Vec<Game> {
        (0..1 + rng.below(2))
            .map(|_| random_all_small(rng, depth - 1))
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Game::new(left, right)
}

/// A random game born by day 4, as a quickcheck input.
#[derive(Clone, Debug)]
pub struct Day4(pub Game);

impl quickcheck::Arbitrary for Day4 {
    fn arbitrary(q: &mut quickcheck::Gen) -> Day4 {
        let mut rng = Rng(u64::arbitrary(q));
        Day4(random_game(&mut rng, 3))
    }
}
