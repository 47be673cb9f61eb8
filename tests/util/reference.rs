//! The reference implementation of the algebra on explicit trees: comparison, canonical form,
//! sum and the conjunctive and selective compounds straight from the definitions (no
//! hash-consing, no numbers, no fast paths), against which the engine is checked; the trees of
//! integers and nimbers, the games born by day 2 by brute force, and an evaluator of positions
//! from their moves alone.

use partizan::{Game, Outcome};
use std::collections::HashMap;

/// An explicit game tree `{l | r}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tree {
    pub l: Vec<Tree>,
    pub r: Vec<Tree>,
}

impl Tree {
    pub fn zero() -> Tree {
        Tree {
            l: vec![],
            r: vec![],
        }
    }

    pub fn new(l: Vec<Tree>, r: Vec<Tree>) -> Tree {
        Tree { l, r }
    }

    /// The height of the tree (its formal birthday).
    pub fn height(&self) -> usize {
        self.l
            .iter()
            .chain(&self.r)
            .map(|t| t.height() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The engine's value of this tree, built bottom-up with `Game::new`.
    pub fn to_game(&self) -> Game {
        Game::new(
            self.l.iter().map(Tree::to_game),
            self.r.iter().map(Tree::to_game),
        )
    }

    /// The tree of a game's canonical form (the engine's options, recursively).
    pub fn of_game(g: Game) -> Tree {
        Tree {
            l: g.left_options().iter().map(|o| Tree::of_game(*o)).collect(),
            r: g.right_options()
                .iter()
                .map(|o| Tree::of_game(*o))
                .collect(),
        }
    }

    /// A key identifying the tree up to the order of options: equal keys iff identical forms.
    pub fn key(&self) -> String {
        let mut l: Vec<String> = self.l.iter().map(Tree::key).collect();
        let mut r: Vec<String> = self.r.iter().map(Tree::key).collect();
        l.sort();
        l.dedup();
        r.sort();
        r.dedup();
        format!("{{{}|{}}}", l.join(","), r.join(","))
    }

    pub fn neg(&self) -> Tree {
        Tree {
            l: self.r.iter().map(Tree::neg).collect(),
            r: self.l.iter().map(Tree::neg).collect(),
        }
    }
}

/// `a <= b` by the definition: no `a^L >= b` and no `b^R <= a` (Conway, ONAG).
pub fn ref_le(a: &Tree, b: &Tree) -> bool {
    !a.l.iter().any(|al| ref_le(b, al)) && !b.r.iter().any(|br| ref_le(br, a))
}

pub fn ref_eq(a: &Tree, b: &Tree) -> bool {
    ref_le(a, b) && ref_le(b, a)
}

/// The canonical form by the definition: repeatedly delete dominated options and bypass
/// reversible ones (Siegel, CGT Thm II.2.9), on trees, with the naive comparison.
pub fn ref_canonical(t: &Tree) -> Tree {
    let mut l: Vec<Tree> = t.l.iter().map(ref_canonical).collect();
    let mut r: Vec<Tree> = t.r.iter().map(ref_canonical).collect();
    loop {
        dedup_equal(&mut l);
        dedup_equal(&mut r);
        // Dominated: a Left option <= another; a Right option >= another.
        let l2: Vec<Tree> = l
            .iter()
            .enumerate()
            .filter(|(i, a)| !l.iter().enumerate().any(|(j, b)| *i != j && ref_le(a, b)))
            .map(|(_, a)| a.clone())
            .collect();
        let r2: Vec<Tree> = r
            .iter()
            .enumerate()
            .filter(|(i, a)| !r.iter().enumerate().any(|(j, b)| *i != j && ref_le(b, a)))
            .map(|(_, a)| a.clone())
            .collect();
        l = l2;
        r = r2;
        let g = Tree::new(l.clone(), r.clone());
        let mut changed = false;
        let mut nl = Vec::new();
        for a in &l {
            match a.r.iter().find(|ar| ref_le(ar, &g)) {
                Some(ar) => {
                    nl.extend(ar.l.iter().cloned());
                    changed = true;
                }
                None => nl.push(a.clone()),
            }
        }
        let mut nr = Vec::new();
        for a in &r {
            match a.l.iter().find(|al| ref_le(&g, al)) {
                Some(al) => {
                    nr.extend(al.r.iter().cloned());
                    changed = true;
                }
                None => nr.push(a.clone()),
            }
        }
        l = nl;
        r = nr;
        if !changed {
            dedup_equal(&mut l);
            dedup_equal(&mut r);
            return Tree::new(l, r);
        }
    }
}

/// Removes options equal in value to an earlier one (canonical options that are equal are
/// identical, but this does not assume it).
fn dedup_equal(v: &mut Vec<Tree>) {
    let mut out: Vec<Tree> = Vec::new();
    for t in v.drain(..) {
        if !out.iter().any(|o| ref_eq(o, &t)) {
            out.push(t);
        }
    }
    *v = out;
}

/// The disjunctive sum by the definition, memoised on the canonical keys of the summands and
/// canonicalised at every node.
pub struct RefSum {
    memo: HashMap<(String, String), Tree>,
}

impl RefSum {
    pub fn new() -> RefSum {
        RefSum {
            memo: HashMap::new(),
        }
    }

    /// `a + b` for canonical trees `a`, `b`; the result is canonical.
    pub fn add(&mut self, a: &Tree, b: &Tree) -> Tree {
        let k = (a.key(), b.key());
        if let Some(t) = self.memo.get(&k) {
            return t.clone();
        }
        let mut l = Vec::new();
        let mut r = Vec::new();
        for al in &a.l {
            l.push(self.add(al, b));
        }
        for bl in &b.l {
            l.push(self.add(a, bl));
        }
        for ar in &a.r {
            r.push(self.add(ar, b));
        }
        for br in &b.r {
            r.push(self.add(a, br));
        }
        let s = ref_canonical(&Tree::new(l, r));
        self.memo.insert(k, s.clone());
        s
    }
}

/// The conjunctive compound `a ∧ b` by its definition (ONAG ch. 14):
/// `{a^L ∧ b^L | a^R ∧ b^R}`.
pub fn join(a: &Tree, b: &Tree) -> Tree {
    let side = |x: &[Tree], y: &[Tree]| -> Vec<Tree> {
        x.iter()
            .flat_map(|p| y.iter().map(move |q| join(p, q)))
            .collect()
    };
    Tree::new(side(&a.l, &b.l), side(&a.r, &b.r))
}

/// The selective compound `a ∨ b` by its definition (ONAG ch. 14):
/// `{a^L ∨ b, a ∨ b^L, a^L ∨ b^L | …}`.
pub fn union(a: &Tree, b: &Tree) -> Tree {
    let side = |x: &[Tree], y: &[Tree]| -> Vec<Tree> {
        let mut out: Vec<Tree> = x.iter().map(|p| union(p, b)).collect();
        out.extend(y.iter().map(|q| union(a, q)));
        for p in x {
            out.extend(y.iter().map(|q| union(p, q)));
        }
        out
    };
    Tree::new(side(&a.l, &b.l), side(&a.r, &b.r))
}

/// The tree of the integer `n`: `n = {n − 1 |}`, `−n = {| −n + 1}`.
pub fn int_tree(n: i64) -> Tree {
    match n.signum() {
        0 => Tree::zero(),
        1 => Tree::new(vec![int_tree(n - 1)], vec![]),
        _ => Tree::new(vec![], vec![int_tree(n + 1)]),
    }
}

/// The tree of `*k = {*0, ..., *(k−1) | *0, ..., *(k−1)}`.
pub fn star_tree(k: u64) -> Tree {
    let opts: Vec<Tree> = (0..k).map(star_tree).collect();
    Tree::new(opts.clone(), opts)
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

/// The value of `p` from its options (`moves(p, true)` for Left, `false` for Right), evaluated
/// the same way and put together with `Game::new` bottom-up, memoised in `memo`: an evaluator
/// from the rules alone, for positions small enough to recurse on.
pub fn brute<P: Clone + Eq + std::hash::Hash>(
    p: &P,
    moves: &dyn Fn(&P, bool) -> Vec<P>,
    memo: &mut HashMap<P, Game>,
) -> Game {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let left: Vec<Game> = moves(p, true)
        .iter()
        .map(|o| brute(o, moves, memo))
        .collect();
    let right: Vec<Game> = moves(p, false)
        .iter()
        .map(|o| brute(o, moves, memo))
        .collect();
    let v = Game::new(left, right);
    memo.insert(p.clone(), v);
    v
}

/// The outcome class from who wins moving first: (Left first wins, Right first wins).
pub fn class(left_first: bool, right_first: bool) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}
