//! The `sum K` and `compare K` workloads: the peer bench's generator (splitmix64, seed
//! 0x00C0FFEE, the same atoms, depths and option counts), a left-fold sum, and all K×K `<=`.

use super::{emit, parse_sizes, timed};
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

fn run(sizes: &[String], do_sum: bool) -> Result<(), String> {
    for k in parse_sizes::<usize>(sizes, "K")? {
        let (games, gen_secs) = timed(|| random_games(k, 0x00C0_FFEE));
        let mut texts: Vec<String> = games.iter().map(ToString::to_string).collect();
        texts.sort();
        texts.dedup();
        let max_birthday = games.iter().map(|g| g.birthday()).max().unwrap_or_default();
        emit(
            &format!("sum-generate {k}"),
            gen_secs,
            &format!(
                "forms={k} distinct={} max_birthday={max_birthday} first={}",
                texts.len(),
                games.first().map(ToString::to_string).unwrap_or_default()
            ),
        );
        if do_sum {
            let (total, secs) = timed(|| games.iter().fold(Game::zero(), |acc, g| acc + g));
            let text = total.to_string();
            let shown: String = text.chars().take(60).collect();
            emit(
                &format!("sum-total {k}"),
                secs,
                &format!(
                    "birthday={} display_len={} stops=({},{}) value~{}{}",
                    total.birthday(),
                    text.len(),
                    total.left_stop(),
                    total.right_stop(),
                    shown,
                    if text.len() > 60 { "..." } else { "" }
                ),
            );
        }
        let (leq, secs) = timed(|| {
            let mut leq = 0usize;
            for a in &games {
                for b in &games {
                    if a <= b {
                        leq += 1;
                    }
                }
            }
            leq
        });
        emit(
            &format!("sum-compare {k}"),
            secs,
            &format!("pairs={} leq_true={leq}", k * k),
        );
    }
    Ok(())
}

pub fn run_sum(sizes: &[String]) -> Result<(), String> {
    run(sizes, true)
}

pub fn run_compare(sizes: &[String]) -> Result<(), String> {
    run(sizes, false)
}
