//! Random cases. The quickcheck inputs (random trees of [`Tree`]s, [`Arb`], [`Small`], [`Rich`],
//! [`Day4`]) draw from a generator seeded by [`seeded`]: from `PARTIZAN_SEED` when it is set, to
//! replay a run, and from the clock otherwise, with a guard that reports the seed of a failing
//! run and a watchdog that stops a runaway one. [`Rng`] is a fixed-seed generator, for
//! pseudo-random cases that are the same in every run.

use super::reference::{int_tree, star_tree, Tree};
use partizan::Game;
use quickcheck::{Arbitrary, Gen};

/// Small values with their birthdays, used as leaves so that trees mix numbers, nimbers and ups
/// (the engine's fast paths) with general forms.
fn atom(g: &mut Gen, depth: usize) -> Tree {
    let half = Tree::new(vec![Tree::zero()], vec![int_tree(1)]);
    let up = Tree::new(vec![Tree::zero()], vec![star_tree(1)]);
    let candidates: Vec<(usize, Tree)> = vec![
        (1, int_tree(1)),
        (1, int_tree(-1)),
        (2, int_tree(2)),
        (2, int_tree(-2)),
        (1, star_tree(1)),
        (2, star_tree(2)),
        (2, half.clone()),
        (2, half.neg()),
        (3, Tree::new(vec![half.clone()], vec![int_tree(1)])),
        (2, up.clone()),
        (2, up.neg()),
        (
            2,
            Tree::new(vec![Tree::zero(), star_tree(1)], vec![Tree::zero()]),
        ),
        (2, Tree::new(vec![int_tree(1)], vec![int_tree(-1)])),
        (3, Tree::new(vec![int_tree(2)], vec![int_tree(1)])),
    ];
    let fitting: Vec<&Tree> = candidates
        .iter()
        .filter(|(b, _)| *b <= depth)
        .map(|(_, t)| t)
        .collect();
    if fitting.is_empty() {
        return Tree::zero();
    }
    (*g.choose(&fitting).unwrap()).clone()
}

/// A random game tree of height at most `depth`, with at most three options a side. Options are
/// mostly one level shallower than their parent, so that deep forms are common.
pub fn random_tree(g: &mut Gen, depth: usize) -> Tree {
    if depth == 0 {
        return Tree::zero();
    }
    if u8::arbitrary(g) % 6 == 0 {
        return atom(g, depth);
    }
    let side = |g: &mut Gen| -> Vec<Tree> {
        let n = *g.choose(&[0usize, 1, 1, 2, 2, 3]).unwrap();
        (0..n)
            .map(|_| {
                let d = if u8::arbitrary(g) % 4 != 0 {
                    depth - 1
                } else {
                    usize::arbitrary(g) % depth
                };
                random_tree(g, d)
            })
            .collect()
    };
    let l = side(g);
    let r = side(g);
    Tree::new(l, r)
}

/// A random game of birthday at most 4, with the tree it was built from.
#[derive(Clone, Debug)]
pub struct Arb {
    pub tree: Tree,
    pub game: Game,
}

impl Arbitrary for Arb {
    fn arbitrary(g: &mut Gen) -> Arb {
        let depth = 2 + usize::arbitrary(g) % 3;
        let tree = random_tree(g, depth);
        let game = tree.to_game();
        Arb { tree, game }
    }

    /// Shrinks to the options (quickcheck 1.1 reports a failing input only once a shrink fails).
    fn shrink(&self) -> Box<dyn Iterator<Item = Arb>> {
        Box::new(subtrees(&self.tree).map(|tree| Arb {
            game: tree.to_game(),
            tree,
        }))
    }
}

fn subtrees(t: &Tree) -> impl Iterator<Item = Tree> {
    t.l.clone().into_iter().chain(t.r.clone())
}

/// A random game of birthday at most 3 (for the costlier reference checks).
#[derive(Clone, Debug)]
pub struct Small {
    pub tree: Tree,
    pub game: Game,
}

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Small {
        let depth = 1 + usize::arbitrary(g) % 3;
        let tree = random_tree(g, depth);
        let game = tree.to_game();
        Small { tree, game }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Small>> {
        Box::new(subtrees(&self.tree).map(|tree| Small {
            game: tree.to_game(),
            tree,
        }))
    }
}

/// Runs a property on `n` random cases (see [`seeded`]).
pub fn check<A: Arbitrary + std::fmt::Debug>(n: u64, prop: fn(A) -> bool) {
    let (gen, _seed) = seeded();
    quickcheck::QuickCheck::new()
        .tests(n)
        .max_tests(n * 10)
        .rng(gen)
        .quickcheck(prop);
}

/// How long one property may run, and how much memory the test process may hold, before the
/// watchdog of [`seeded`] stops it.
const WATCHDOG_SECONDS: u64 = 300;
const WATCHDOG_BYTES: u64 = 8 << 30;

/// A generator of random cases, seeded from `PARTIZAN_SEED` when it is set (to replay a run) and
/// from the clock otherwise, with the guard that reports the seed.
///
/// The cases differ from run to run, so that every run of the suite tries new ones; when a
/// property fails, the guard prints the seed and the command that replays the test (see
/// [`replay`]) beside quickcheck's report. A case that runs away (a CI run once printed a form
/// of 2^100 characters until it was killed, without a word) is caught by the guard's watchdog:
/// after `WATCHDOG_SECONDS`, or once the process (the whole suite) holds more than
/// `WATCHDOG_BYTES`, it writes the same to standard error and aborts, so that the log says how
/// to replay the run.
pub fn seeded() -> (Gen, Seed) {
    let seed = match std::env::var("PARTIZAN_SEED") {
        Ok(s) => s.trim().parse().expect("PARTIZAN_SEED is a u64"),
        Err(_) => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .expect("a clock after 1970");
            // Two properties started in the same nanosecond still differ by their thread.
            let thread = format!("{:?}", std::thread::current().id());
            now.as_nanos() as u64
                ^ thread
                    .bytes()
                    .fold(0u64, |h, b| h.rotate_left(7) ^ b as u64)
        }
    };
    let (done, stop) = std::sync::mpsc::channel::<()>();
    // The harness names a test's thread by the test's path: `algebra::laws::…`.
    let test = std::thread::current().name().unwrap_or("").to_string();
    let watched = test.clone();
    std::thread::spawn(move || watch(seed, &watched, stop));
    (
        Gen::from_size_and_seed(100, seed),
        Seed {
            seed,
            test,
            _done: done,
        },
    )
}

/// What a failing run of random cases prints: its seed, and the command that runs `test` (a
/// filter on the test's path, as an area's name is) on the same cases again.
fn replay(seed: u64, test: &str) -> String {
    let command = format!("PARTIZAN_SEED={seed} cargo test --release --test tests {test}");
    format!(
        "random cases from seed {seed}: replay with {}",
        command.trim_end()
    )
}

/// The seed of a run of random cases; reports it if the test fails, and stops its watchdog
/// when dropped.
pub struct Seed {
    pub seed: u64,
    /// The test's path in the binary.
    test: String,
    _done: std::sync::mpsc::Sender<()>,
}

impl Drop for Seed {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("{}", replay(self.seed, &self.test));
        }
    }
}

/// The watchdog of [`seeded`]: waits for the guard to be dropped, checking the time and the
/// process's resident memory once a second.
fn watch(seed: u64, test: &str, stop: std::sync::mpsc::Receiver<()>) {
    use std::io::Write;
    use std::sync::mpsc::RecvTimeoutError;
    let start = std::time::Instant::now();
    loop {
        match stop.recv_timeout(std::time::Duration::from_secs(1)) {
            Err(RecvTimeoutError::Timeout) => {}
            _ => return,
        }
        let over = if start.elapsed().as_secs() > WATCHDOG_SECONDS {
            Some(format!("ran for over {WATCHDOG_SECONDS} s"))
        } else {
            resident_bytes()
                .filter(|&b| b > WATCHDOG_BYTES)
                .map(|b| format!("the process holds {} MiB", b >> 20))
        };
        if let Some(what) = over {
            // Straight to the file descriptor: the harness captures the test's own output.
            let _ = writeln!(
                std::io::stderr().lock(),
                "{test}: {what}: stopping; {}",
                replay(seed, test)
            );
            std::process::abort();
        }
    }
}

/// The resident memory of this process, where `/proc` tells it.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// A random sum of two or three games of birthday at most 4: larger, hotter forms (birthdays up to
/// 12) for the laws that need no reference computation.
#[derive(Clone, Debug)]
pub struct Rich {
    pub parts: Vec<Arb>,
    pub game: Game,
}

impl Arbitrary for Rich {
    fn arbitrary(g: &mut Gen) -> Rich {
        let n = 2 + usize::arbitrary(g) % 2;
        let parts: Vec<Arb> = (0..n).map(|_| Arb::arbitrary(g)).collect();
        let game = parts.iter().map(|a| a.game).sum();
        Rich { parts, game }
    }

    /// Shrinks by dropping a summand.
    fn shrink(&self) -> Box<dyn Iterator<Item = Rich>> {
        let parts = self.parts.clone();
        let n = if parts.len() > 1 { parts.len() } else { 0 };
        Box::new((0..n).map(move |i| {
            let mut p = parts.clone();
            p.remove(i);
            Rich {
                game: p.iter().map(|a| a.game).sum(),
                parts: p,
            }
        }))
    }
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
