//! The nim value of an impartial position by search, without the mex over every follower: the
//! method of Lemoine and Viennot (LV12).
//!
//! The nim value of `G` is the least `n` for which `G + *n` is a second-player win (a
//! P-position), since `G + *n` is a P-position exactly when `G = *n` (WW ch. 3). Whether
//! `G + *m` is a first-player win needs only one winning move: a move in `*m` to `G + *j` with
//! `G + *j` a P-position, or a move in `G` to `G' + *m` with `G' + *m` one. An option that
//! splits into several components is decided by their nim values (the nim value of a sum is the
//! nim-sum of its components' (WW ch. 3)), computed by the same search; an option of one
//! component is searched on. So the search looks at a follower only while no winning move has
//! been found beside it, where the mex recursion needs the value of every follower. Lemoine and
//! Viennot's "nimbers are inevitable" is this: the nim values of the small components are
//! needed anyway, and replacing them by a nim heap keeps the search on one component.
//!
//! Results are kept in two tables: the nim values of components, and whether `C + *m` is a
//! first-player win; each is cleared when it passes [`MAX_TABLE_ENTRIES`], so the memory is
//! bounded and the answer unchanged (only work is repeated).

use super::outcome::Expansions;
use super::ruleset::ImpartialRuleset;
use super::solver::SolveError;
use hashbrown::{HashMap, HashSet};

/// The most entries each table of a [`NimSearch`] holds before it is cleared.
pub const MAX_TABLE_ENTRIES: usize = 1 << 22;

/// The nim-value search of an impartial ruleset (see the module documentation).
pub struct NimSearch<R: ImpartialRuleset> {
    ruleset: R,
    /// Nim values of components found so far.
    values: HashMap<R::Position, u64>,
    /// Whether `C + *m` is a first-player win, for components `C` whose value is not known.
    wins: HashMap<(R::Position, u64), bool>,
    /// The components on the current line of play: met again, the game is loopy.
    line: HashSet<R::Position>,
    expansions: Expansions,
}

impl<R: ImpartialRuleset> NimSearch<R> {
    /// A search with empty tables.
    pub fn new(ruleset: R) -> NimSearch<R> {
        NimSearch {
            ruleset,
            values: HashMap::new(),
            wins: HashMap::new(),
            line: HashSet::new(),
            expansions: Expansions::default(),
        }
    }

    /// The nim value of `position`: the nim-sum of its components' values (WW ch. 3); an error
    /// when a position can be reached from itself (a loopy game has no nim value of this kind).
    pub fn nim_value(&mut self, position: &R::Position) -> Result<u64, SolveError> {
        let p = self.ruleset.normalize(position.clone());
        let mut value = 0;
        for c in self.components(&p) {
            value ^= self.component_value(&c)?;
        }
        self.expansions.record();
        Ok(value)
    }

    /// The components of `p`, each normalised.
    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        self.ruleset
            .components(p)
            .into_iter()
            .map(|c| self.ruleset.normalize(c))
            .collect()
    }

    /// The nim value of a component when it is known (from the table or a closed formula).
    fn known(&self, c: &R::Position) -> Option<u64> {
        self.values
            .get(c)
            .copied()
            .or_else(|| self.ruleset.known_grundy(c))
    }

    /// The nim value of one component: the least `n` with `c + *n` a P-position. It is at most
    /// the number of options (a mex of that many values).
    fn component_value(&mut self, c: &R::Position) -> Result<u64, SolveError> {
        if let Some(v) = self.known(c) {
            return Ok(v);
        }
        let mut n = 0;
        while self.first_player_wins(c, n)? {
            n += 1;
        }
        if self.values.len() >= MAX_TABLE_ENTRIES {
            self.values.clear();
        }
        self.values.insert(c.clone(), n);
        Ok(n)
    }

    /// Whether `c + *m` is a first-player win, `c` one component.
    fn first_player_wins(&mut self, c: &R::Position, m: u64) -> Result<bool, SolveError> {
        if let Some(v) = self.known(c) {
            return Ok(v != m);
        }
        if let Some(&w) = self.wins.get(&(c.clone(), m)) {
            return Ok(w);
        }
        self.expansions.expand();
        let entered = self.line.insert(c.clone());
        let result = self.search(c, m);
        if entered {
            self.line.remove(c);
        }
        let wins = result?;
        if self.wins.len() >= MAX_TABLE_ENTRIES {
            self.wins.clear();
        }
        self.wins.insert((c.clone(), m), wins);
        Ok(wins)
    }

    /// The moves of `c + *m`, cheapest first: options whose value is known, moves in the heap,
    /// options of one component searched on, options of several decided by their values.
    fn search(&mut self, c: &R::Position, m: u64) -> Result<bool, SolveError> {
        let mut single = Vec::new();
        let mut split = Vec::new();
        for o in self.ruleset.options(c) {
            let o = self.ruleset.normalize(o);
            let parts = self.components(&o);
            if parts.iter().any(|p| self.line.contains(p)) {
                return Err(SolveError::Loopy);
            }
            let known: Option<u64> = parts
                .iter()
                .map(|p| self.known(p))
                .try_fold(0, |acc, v| v.map(|v| acc ^ v));
            match known {
                // A move to a P-position: the option's value equals the heap's.
                Some(v) if v == m => return Ok(true),
                Some(_) => {}
                None if parts.len() == 1 => single.extend(parts),
                None => split.push(parts),
            }
        }
        for j in 0..m {
            if !self.first_player_wins(c, j)? {
                return Ok(true);
            }
        }
        for d in single {
            if !self.first_player_wins(&d, m)? {
                return Ok(true);
            }
        }
        for parts in split {
            let mut v = 0;
            for p in &parts {
                v ^= self.component_value(p)?;
            }
            if v == m {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kayles (0.77) on a row of pins, split into rows: a position is the list of row lengths.
    struct Kayles;

    impl ImpartialRuleset for Kayles {
        type Position = Vec<u32>;
        fn options(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            let mut out = Vec::new();
            for (i, &n) in p.iter().enumerate() {
                for take in 1..=2u32.min(n) {
                    for left in 0..=n - take {
                        let right = n - take - left;
                        let mut q = p.clone();
                        q.remove(i);
                        q.extend([left, right].into_iter().filter(|&x| x > 0));
                        out.push(q);
                    }
                }
            }
            out
        }
        fn components(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            p.iter().map(|&n| vec![n]).collect()
        }
        fn normalize(&self, mut p: Vec<u32>) -> Vec<u32> {
            p.sort_unstable();
            p
        }
    }

    /// A token moving between two cells: loopy.
    struct Loop;

    impl ImpartialRuleset for Loop {
        type Position = bool;
        fn options(&self, p: &bool) -> Vec<bool> {
            vec![!p]
        }
    }

    /// Kayles' values by the mex recursion written from the rules.
    fn kayles_by_mex(n: usize) -> Vec<u64> {
        let mut g = vec![0u64; n + 1];
        for h in 1..=n {
            let mut seen = std::collections::HashSet::new();
            for take in 1..=2.min(h) {
                for left in 0..=h - take {
                    seen.insert(g[left] ^ g[h - take - left]);
                }
            }
            g[h] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn kayles_rows_and_sums_equal_the_mex_recursion() {
        let g = kayles_by_mex(40);
        let mut search = NimSearch::new(Kayles);
        for n in 0..=40u32 {
            assert_eq!(search.nim_value(&vec![n]), Ok(g[n as usize]), "K{n}");
        }
        let mut fresh = NimSearch::new(Kayles);
        assert_eq!(fresh.nim_value(&vec![7, 11, 30]), Ok(g[7] ^ g[11] ^ g[30]));
    }

    #[test]
    fn a_loopy_game_is_an_error() {
        assert_eq!(
            NimSearch::new(Loop).nim_value(&false),
            Err(SolveError::Loopy)
        );
    }
}
