//! The peer bench's random game generator (shared/peer-bench/src/main.rs, `random_games`):
//! splitmix64 with the same atoms, depths and option counts, so both engines get the same forms.
//! Shared by the workloads example and the criterion bench.

use partizan::Game;

/// splitmix64, as in the peer bench.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const ATOMS: &[&str] = &[
    "0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4", "*", "*2", "^", "v", "^*", "{1|-1}", "{2|0}",
    "{0|-2}", "{1|0}", "{1|*}",
];

fn random_game(rng: &mut Rng, atoms: &[Game], depth: u32) -> Game {
    if depth == 0 {
        return atoms[rng.below(atoms.len())];
    }
    let nl = 1 + rng.below(2);
    let nr = 1 + rng.below(2);
    let mut left = Vec::with_capacity(nl);
    for _ in 0..nl {
        let d = depth - 1 - rng.below(depth as usize) as u32;
        left.push(random_game(rng, atoms, d));
    }
    let mut right = Vec::with_capacity(nr);
    for _ in 0..nr {
        let d = depth - 1 - rng.below(depth as usize) as u32;
        right.push(random_game(rng, atoms, d));
    }
    Game::new(left, right)
}

/// The peer bench's `random_games(k, seed)`.
pub fn random_games(k: usize, seed: u64) -> Vec<Game> {
    let atoms: Vec<Game> = ATOMS.iter().map(|s| s.parse().expect("atom")).collect();
    let mut rng = Rng(seed);
    (0..k)
        .map(|_| {
            let depth = 2 + rng.below(2) as u32;
            random_game(&mut rng, &atoms, depth)
        })
        .collect()
}
