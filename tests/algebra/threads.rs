//! Handles are shared across threads: computing the same values concurrently, in different
//! orders, gives the identical handles.

use partizan::Game;

const ATOMS: &[&str] = &[
    "{1|-1}",
    "{2|0}",
    "{0|-2}",
    "{1|0}",
    "{1|*}",
    "{3|{2|1}}",
    "^*",
    "{0|^}",
    "1/2",
    "*2",
    "{2|1}",
    "{0||0|-1}",
    "{1/2|-1}",
    "{*|-1}",
];

fn work(reverse: bool) -> Vec<Game> {
    let atoms: Vec<Game> = ATOMS.iter().map(|s| s.parse().unwrap()).collect();
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..atoms.len() {
        for j in 0..atoms.len() {
            for k in 0..4 {
                pairs.push((i, j, k));
            }
        }
    }
    if reverse {
        pairs.reverse();
    }
    let mut out: Vec<(usize, usize, usize, Game)> = pairs
        .into_iter()
        .map(|(i, j, k)| {
            let g = atoms[i] + atoms[j] - atoms[(i + j + k) % atoms.len()];
            (i, j, k, Game::new([g, atoms[j]], [atoms[k]]))
        })
        .collect();
    out.sort_by_key(|t| (t.0, t.1, t.2));
    out.into_iter().map(|t| t.3).collect()
}

#[test]
fn concurrent_computations_agree_on_handles() {
    let threads: Vec<_> = (0..4)
        .map(|t| std::thread::spawn(move || work(t % 2 == 1)))
        .collect();
    let results: Vec<Vec<Game>> = threads.into_iter().map(|h| h.join().unwrap()).collect();
    for r in &results[1..] {
        assert_eq!(r.len(), results[0].len());
        // Handle equality (pointer identity), not just equal printing.
        assert!(r.iter().zip(&results[0]).all(|(a, b)| a == b));
    }
    // And the same as computing again on this thread, now that everything is memoised.
    assert_eq!(work(false), results[0]);
}
