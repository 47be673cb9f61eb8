//! The games born by day `n`.
//!
//! Day 0 has `0` alone; the games born by day `n + 1` are the values `{L | R}` for sets `L`, `R`
//! of games born by day `n` (CGT ch. III on the lattice of
//! games born by day n; WW ch. 4 lists the 22 of day 2). There are 1, 4, 22 and
//! 1474 of them by days 0, 1, 2 and 3 (OEIS A065401); day 4 has about 3·10^12, far beyond
//! enumeration.
//!
//! Only the maximal elements of `L` and the minimal ones of `R` matter (the others are
//! dominated), so the sets are enumerated as antichains of day `n`'s partial order: for day 3,
//! a few hundred antichains of the 22 games of day 2 instead of 2^22 subsets.

use super::Game;

/// The largest day enumerated.
pub const MAX_DAY: u32 = 3;

/// Every game born by day `n` (`n <= 3`), in an unspecified but fixed order; `None` for later
/// days.
///
/// ```
/// use partizan::algebra::days::born_by;
/// assert_eq!(born_by(2).unwrap().len(), 22);
/// ```
pub fn born_by(n: u32) -> Option<Vec<Game>> {
    if n > MAX_DAY {
        return None;
    }
    let mut day = vec![Game::zero()];
    for _ in 0..n {
        let antichains = antichains(&day);
        let mut next: Vec<Game> = Vec::new();
        let mut seen = hashbrown::HashSet::new();
        for l in &antichains {
            for r in &antichains {
                let g = Game::new(l.iter().copied(), r.iter().copied());
                if seen.insert(g) {
                    next.push(g);
                }
            }
        }
        day = next;
    }
    Some(day)
}

/// Every antichain (set of pairwise incomparable games, the empty set included) of `games`.
fn antichains(games: &[Game]) -> Vec<Vec<Game>> {
    // comparable[i][j]: games i and j are comparable (or equal).
    let comparable: Vec<Vec<bool>> = games
        .iter()
        .map(|a| games.iter().map(|b| a.partial_cmp(b).is_some()).collect())
        .collect();
    // Extend antichains by later elements only, so each is produced once.
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(chain) = frontier.pop() {
        let start = chain.last().map_or(0, |&i| i + 1);
        for (j, _) in games.iter().enumerate().skip(start) {
            if chain.iter().all(|&i| !comparable[i][j]) {
                let mut longer = chain.clone();
                longer.push(j);
                out.push(longer.clone());
                frontier.push(longer);
            }
        }
    }
    out.into_iter()
        .map(|a| a.into_iter().map(|i| games[i]).collect())
        .collect()
}
