//! Misère quotients of heap games (Plambeck and Siegel), computed heap by heap.
//!
//! The positions of a heap game with heaps of sizes `1..=n` are the sums of heaps; they form a
//! set `A` closed under sums and options. Its *misère quotient* ([`MisereQuotient`]) is the
//! commutative monoid of the classes of `A` under indistinguishability (`G ≡ H` when
//! `o⁻(G + X) = o⁻(H + X)` for all `X ∈ A`), with the classes of misère P-positions as its
//! P-portion (T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games",
//! J. Combin. Theory Ser. A 115 (2008) 593–622).
//!
//! **The certificate.** Let `M` be a finite commutative monoid, `φ` a map from heaps to `M`
//! (extended to sums), and `P_M ⊆ M`. Call a position's *state* the pair of its image `φ(G)`
//! and the set `T(G)` of its options' images. If for every reachable state
//! `φ(G) ∈ P_M ⇔ (T(G) ≠ ∅ and T(G) ∩ P_M = ∅)`, then by induction on `G`,
//! `o⁻(G) = P ⇔ φ(G) ∈ P_M` for every position (a position with no option is an N-position in
//! misère play). The states are finite in number (a state determines the state after adding a
//! heap: `φ(G + h) = φ(G)φ(h)`, `T(G + h) = T(G)φ(h) ∪ φ(G)T(h)`), so the condition is checked
//! by a closure. Then `G ≡ H ⇔ φ(G) ~ φ(H)`, where `~` identifies elements that no product
//! separates into P and not P (computed by partition refinement, as in the minimisation of an
//! automaton), and `φ(A)/~` is the quotient.
//!
//! **The construction.** Heaps are added in increasing size, keeping the quotient `Q` of the
//! heaps so far and every reachable state under it. For the new heap `k`:
//!
//! 1. *Identification.* For each element `x` of `Q` whose P-status is the heap's own (a heap
//!    is P exactly when none of its options' images is), the states reached from the old ones
//!    by adding copies of a heap with image `x` are checked against the certificate. The first
//!    `x` that passes is the heap's image, and `Q` is still the quotient: its elements were
//!    told apart by positions of the smaller heaps, and every state is covered, because the
//!    state after adding several heaps does not depend on their order.
//! 2. *Guess and search.* Otherwise the presentation changes. A *trial* monoid is a monoid `M`
//!    with images of the heaps `1..=k` times cyclic monoids `C(i, p) = ⟨c | c^{i+p} = c^i⟩`
//!    counting copies of some heaps; the first is `Q × C(1, 2)` counting heap `k`. The
//!    P-status of each element of a trial is read off its least position in the multiset order
//!    of positions (every option of a position comes before it), from the statuses of its
//!    options' images, and the trial reduced by `~` under that guessed P-portion is the
//!    *guess*. The guess's reachable states are then searched in the same order, each
//!    position's outcome computed from its options' statuses. If no two positions with one
//!    image get different outcomes, the certificate holds, and the guess reduced by `~` under
//!    the P-portion that the search read off is the new quotient.
//! 3. *Recalibration.* Otherwise the first two such positions have different outcomes, and the
//!    next guess must give them different images (and so every pair found before for this
//!    heap). The candidates are the current guess times one counter on a heap where the two
//!    positions' multiplicities differ, either keeping that heap's image in the guess or
//!    forgetting it (then the counter counts at least as far as the image's powers did), the
//!    smallest first; each is reduced under the P-portion read off its least positions, and
//!    the first reduction that separates every pair is the next guess. When none does, the
//!    guess times counters refined on the clashes of the trial's own positions is tried until
//!    its reduction separates them, or the trial passes the certificate itself. This is the
//!    shape of Plambeck and Siegel's algorithm (their MisereSolver extends a presentation by
//!    a new generator and recalibrates it on the least failing position): each guess is reduced
//!    before it is refined, so the trials stay near the size of the quotient instead of growing
//!    as a product of counters over all the heaps whose identifications a new heap undoes.
//!
//! Every result passes the certificate, so it is the quotient whatever the guesses were; the
//! guesses only decide how soon. The work is bounded: the computation stops at a trial of
//! more than `64 · max_size` elements (at least 4096), a search of more than 16 times that many
//! states, or more than [`MAX_RECALIBRATIONS`] recalibrations of one heap, returning the quotient
//! of the heaps before. Dawson's Kayles (0.07) up to heap 30 has 360 elements and takes a few
//! seconds, most of it in the searches of heaps 25 to 30.

use super::ruleset::ImpartialRuleset;
use crate::algebra::limits::ExpansionLimit;
use crate::algebra::misere::quotient::MisereQuotient;
use crate::Error;
use hashbrown::{HashMap, HashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most recalibrations of one heap's guess before the computation stops (see the module
/// documentation). Each costs a search, and the searches grow with the guesses: Dawson's Kayles
/// to heap 30 needs at most 20, while a game whose guesses keep growing (0.354 at heap 5) is
/// stopped after this many instead of after minutes.
pub const MAX_RECALIBRATIONS: usize = 64;

/// How far [`misere_quotient_partial`] got.
#[derive(Clone, Debug)]
pub struct PartialQuotient {
    /// The quotient of the heaps `1..=quotient.max_heap()`: of all the heaps asked for, or of
    /// those below the heap where the computation stopped.
    pub quotient: MisereQuotient,
    /// Why it stopped before the last heap asked for, if it did.
    pub stopped: Option<Error>,
}

/// A position's image and the sorted images of its options.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    img: u32,
    opts: Vec<u32>,
}

impl State {
    /// Whether a position in this state is a P-position, given the P-status of the options.
    fn is_p(&self, p: impl Fn(u32) -> bool) -> bool {
        !self.opts.is_empty() && self.opts.iter().all(|&t| !p(t))
    }

    /// The state after adding a heap with image `g` and options' images `heap_opts`.
    fn add(&self, mul: impl Fn(u32, u32) -> u32, g: u32, heap_opts: &[u32]) -> State {
        let mut opts: Vec<u32> = self
            .opts
            .iter()
            .map(|&t| mul(t, g))
            .chain(heap_opts.iter().map(|&t| mul(self.img, t)))
            .collect();
        opts.sort_unstable();
        opts.dedup();
        State {
            img: mul(self.img, g),
            opts,
        }
    }
}

/// A finite commutative monoid with the images of the heaps `0..=k`: the verified quotient of
/// the heaps so far (with its reachable states), or a guess at the next one (without).
struct Quotient {
    size: usize,
    table: Vec<u32>,
    p: Vec<bool>,
    /// Images of heaps 0..=k.
    heaps: Vec<u32>,
    /// Every reachable state, in the order found.
    states: Vec<State>,
}

impl Quotient {
    fn mul(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    fn image(&self, heaps: &[usize]) -> u32 {
        heaps.iter().fold(0, |x, &h| self.mul(x, self.heaps[h]))
    }

    /// The image of the position with these multiplicities of the heaps `0, 1, …`.
    fn image_of(&self, w: &[u32]) -> u32 {
        let mut x = 0;
        for (h, &m) in w.iter().enumerate().skip(1) {
            for _ in 0..m {
                x = self.mul(x, self.heaps[h]);
            }
        }
        x
    }

    /// The index and period of `x`: the least `i` and `p > 0` with `x^{i+p} = x^i`.
    fn index_period(&self, x: u32) -> (u32, u32) {
        let mut seen: HashMap<u32, u32> = HashMap::new();
        let mut y = 0;
        for n in 0.. {
            if let Some(&i) = seen.get(&y) {
                return (i, n - i);
            }
            seen.insert(y, n);
            y = self.mul(y, x);
        }
        unreachable!("a finite monoid")
    }

    fn public(&self) -> MisereQuotient {
        MisereQuotient::new(
            self.size,
            self.table.clone(),
            self.p.clone(),
            self.heaps.clone(),
        )
    }

    /// The states reached from `states` by adding copies of a heap with image `x` and options'
    /// images `heap_opts`, if all are consistent with the P-portion.
    fn extend(&self, x: u32, heap_opts: &[u32]) -> Option<Vec<State>> {
        let mut all: HashSet<State> = self.states.iter().cloned().collect();
        let mut found: Vec<State> = Vec::new();
        let mut frontier: Vec<State> = self.states.clone();
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for s in &frontier {
                let t = s.add(|a, b| self.mul(a, b), x, heap_opts);
                if all.contains(&t) {
                    continue;
                }
                if self.p[t.img as usize] != t.is_p(|y| self.p[y as usize]) {
                    return None;
                }
                all.insert(t.clone());
                found.push(t.clone());
                next.push(t);
            }
            frontier = next;
        }
        Some(found)
    }
}

/// `M × C(i₁, p₁) × …`: a base monoid (the quotient so far, or a guess) times cyclic monoids
/// counting copies of some heaps.
struct Trial<'a> {
    base: &'a Quotient,
    /// (heap, index, period) of each counter.
    counters: Vec<(usize, u32, u32)>,
    size: usize,
}

impl Trial<'_> {
    fn new(base: &Quotient, counters: Vec<(usize, u32, u32)>) -> Option<Trial<'_>> {
        let size = counters
            .iter()
            .try_fold(base.size, |s, &(_, i, p)| s.checked_mul((i + p) as usize))?;
        u32::try_from(size).ok()?;
        Some(Trial {
            base,
            counters,
            size,
        })
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        if self.counters.is_empty() {
            return self.base.mul(a, b);
        }
        let q = self.base.size as u32;
        let (mut a, mut b) = (a, b);
        let x = self.base.mul(a % q, b % q);
        a /= q;
        b /= q;
        let mut out = 0u32;
        let mut scale = q;
        for &(_, i, p) in &self.counters {
            let r = i + p;
            let (ca, cb) = (a % r, b % r);
            a /= r;
            b /= r;
            let mut c = ca + cb;
            if c >= r {
                c = i + (c - i) % p;
            }
            out += c * scale;
            scale *= r;
        }
        x + out
    }

    /// The image of heap `h` (< the new heap `k`) or of the new heap.
    fn heap(&self, h: usize) -> u32 {
        let q = self.base.size as u32;
        let mut x = self.base.heaps[h];
        let mut scale = q;
        for &(c, i, p) in &self.counters {
            if c == h {
                x += scale;
            }
            scale *= i + p;
        }
        x
    }
}

/// What a search over the states of a trial monoid found.
struct Search {
    /// The P-status of every reachable image, as first read off.
    pm: Vec<Option<bool>>,
    /// The first two positions (multiplicities of each heap) found with one image and different
    /// outcomes, if any.
    conflict: Option<(Vec<u32>, Vec<u32>)>,
}

/// The multiplicities of a position's heaps from the largest heap down: comparing these
/// lexicographically is the multiset order on positions, in which every option of a position
/// comes before it (a move replaces one heap by smaller ones).
type Key = Vec<u32>;

/// Whether `key` with one more at `slot` is lexicographically below `other`.
fn less_plus_one(key: &[u32], slot: usize, other: &[u32]) -> bool {
    for (i, (&a, &b)) in key.iter().zip(other).enumerate() {
        let a = a + u32::from(i == slot);
        if a != b {
            return a < b;
        }
    }
    false
}

/// The states of the trial monoid in the multiset order of their least positions, reading off
/// the P-portion; `None` when there are more than `max_states`.
///
/// Every option of a position is below it in the multiset order, so when a state is taken from
/// the queue the P-status of its options' images has been read off, from their own least
/// positions. By induction on that order, as long as no image has been given two statuses, the
/// status read off for an image is the outcome of every position below the current one with that
/// image; so the first clash found is between two actual positions with one image and
/// different outcomes (their multiplicities are returned).
fn search(
    trial: &Trial,
    k: usize,
    options: &[Vec<Vec<usize>>],
    max_states: usize,
) -> Option<Search> {
    let mul = |a, b| trial.mul(a, b);
    let heaps: Vec<(usize, u32, Vec<u32>)> = (1..=k)
        .filter(|&h| !options[h].is_empty())
        .map(|h| {
            let g = trial.heap(h);
            let mut opts: Vec<u32> = options[h]
                .iter()
                .map(|o| o.iter().fold(0, |x, &j| trial.mul(x, trial.heap(j))))
                .collect();
            opts.sort_unstable();
            opts.dedup();
            (h, g, opts)
        })
        .collect();
    // Heaps with one image and one set of options' images lead from every state to one state;
    // the smallest of them gives the least key.
    let mut seen_heaps: HashSet<(u32, Vec<u32>)> = HashSet::new();
    let heaps: Vec<(usize, u32, Vec<u32>)> = heaps
        .into_iter()
        .filter(|(_, g, opts)| seen_heaps.insert((*g, opts.clone())))
        .collect();
    // Each state, encoded as its image followed by its options' sorted images, with the least key
    // found so far for it (the multiplicities, largest heap first).
    let mut states: Vec<Vec<u32>> = vec![vec![0]];
    let mut keys: Vec<Key> = vec![vec![0; k]];
    let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
    ids.insert(vec![0], 0);
    let mut done: Vec<bool> = vec![false];
    let mut pm: Vec<Option<bool>> = vec![None; trial.size];
    let mut assigned_by: Vec<u32> = vec![0; trial.size];
    let mut queue: BinaryHeap<Reverse<(Key, u32)>> = BinaryHeap::new();
    queue.push(Reverse((vec![0; k], 0)));
    // Key index of heap h: heap k first.
    let slot = |h: usize| k - h;
    let multiplicities = |key: &Key| {
        let mut w = vec![0u32; k + 1];
        for h in 1..=k {
            w[h] = key[slot(h)];
        }
        w
    };
    let mut next = Vec::new();
    let mut marks = vec![0u64; trial.size.div_ceil(64)];
    while let Some(Reverse((key, sid))) = queue.pop() {
        if done[sid as usize] || keys[sid as usize] != key {
            continue;
        }
        done[sid as usize] = true;
        let s = states[sid as usize].clone();
        let (img, opts) = (s[0], &s[1..]);
        let out = !opts.is_empty()
            && opts
                .iter()
                .all(|&t| !pm[t as usize].expect("the options' images are read off first"));
        match pm[img as usize] {
            None => {
                pm[img as usize] = Some(out);
                assigned_by[img as usize] = sid;
            }
            Some(b) if b != out => {
                let other = &keys[assigned_by[img as usize] as usize];
                return Some(Search {
                    pm,
                    conflict: Some((multiplicities(&key), multiplicities(other))),
                });
            }
            Some(_) => {}
        }
        for &(h, g, ref heap_opts) in &heaps {
            // The state after adding heap h: T(G + h) = T(G)·g ∪ φ(G)·T(h).
            next.clear();
            next.push(mul(img, g));
            for x in opts
                .iter()
                .map(|&t| mul(t, g))
                .chain(heap_opts.iter().map(|&t| mul(img, t)))
            {
                marks[x as usize / 64] |= 1 << (x % 64);
            }
            for (i, w) in marks.iter_mut().enumerate() {
                let mut bits = std::mem::take(w);
                while bits != 0 {
                    next.push(i as u32 * 64 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
            match ids.get(next.as_slice()) {
                Some(&id) => {
                    if !done[id as usize] && less_plus_one(&key, slot(h), &keys[id as usize]) {
                        let mut key2 = key.clone();
                        key2[slot(h)] += 1;
                        keys[id as usize] = key2.clone();
                        queue.push(Reverse((key2, id)));
                    }
                }
                None => {
                    if states.len() >= max_states {
                        return None;
                    }
                    let id = states.len() as u32;
                    let mut key2 = key.clone();
                    key2[slot(h)] += 1;
                    ids.insert(next.clone(), id);
                    states.push(next.clone());
                    keys.push(key2.clone());
                    done.push(false);
                    queue.push(Reverse((key2, id)));
                }
            }
        }
    }
    crate::progress::record(states.len() as u64);
    Some(Search { pm, conflict: None })
}

/// The P-status of each reachable image of the trial, read off its least position (in the
/// multiset order of [`search`]) from the statuses of its options' images, which are read off
/// first. This is the P-portion if the trial is faithful; otherwise only a guess. It costs a
/// few products per image and heap, however many states the trial has.
fn least_positions_p(trial: &Trial, k: usize, options: &[Vec<Vec<usize>>]) -> Vec<Option<bool>> {
    let movable: Vec<usize> = (1..=k).filter(|&h| !options[h].is_empty()).collect();
    let heap_img: Vec<u32> = (0..=k).map(|h| trial.heap(h)).collect();
    let opt_imgs: Vec<Vec<u32>> = (0..=k)
        .map(|h| {
            let mut t: Vec<u32> = options[h]
                .iter()
                .map(|o| o.iter().fold(0, |x, &j| trial.mul(x, heap_img[j])))
                .collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect();
    let slot = |h: usize| k - h;
    let mut best: Vec<Option<Key>> = vec![None; trial.size];
    let mut pm: Vec<Option<bool>> = vec![None; trial.size];
    let mut queue: BinaryHeap<Reverse<(Key, u32)>> = BinaryHeap::new();
    best[0] = Some(vec![0; k]);
    queue.push(Reverse((vec![0; k], 0)));
    while let Some(Reverse((key, x))) = queue.pop() {
        if pm[x as usize].is_some() || best[x as usize].as_ref() != Some(&key) {
            continue;
        }
        // The options of the least position w: w − h + (an option of h), for each heap h in w.
        let mut any = false;
        let mut p = true;
        for &h in &movable {
            if key[slot(h)] == 0 {
                continue;
            }
            let mut rest = key.clone();
            rest[slot(h)] -= 1;
            let r = (1..=k).fold(0, |y, j| {
                (0..rest[slot(j)]).fold(y, |y, _| trial.mul(y, heap_img[j]))
            });
            for &t in &opt_imgs[h] {
                any = true;
                let o = trial.mul(r, t);
                if pm[o as usize].expect("an option's least position comes first") {
                    p = false;
                }
            }
        }
        pm[x as usize] = Some(any && p);
        for &h in &movable {
            let y = trial.mul(x, heap_img[h]);
            let mut next = key.clone();
            next[slot(h)] += 1;
            if pm[y as usize].is_none() && best[y as usize].as_ref().is_none_or(|b| next < *b) {
                best[y as usize] = Some(next.clone());
                queue.push(Reverse((next, y)));
            }
        }
    }
    pm
}

/// The quotient of a consistent trial: its reachable images modulo indistinguishability.
fn reduce(trial: &Trial, k: usize, pm: &[Option<bool>], options: &[Vec<Vec<usize>>]) -> Quotient {
    let elems: Vec<u32> = (0..trial.size as u32)
        .filter(|&x| pm[x as usize].is_some())
        .collect();
    let letters: Vec<u32> = {
        let mut l: Vec<u32> = (1..=k)
            .filter(|&h| !options[h].is_empty())
            .map(|h| trial.heap(h))
            .collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    let mut class: HashMap<u32, u32> = elems
        .iter()
        .map(|&x| (x, u32::from(pm[x as usize] == Some(true))))
        .collect();
    let mut count = class.values().collect::<HashSet<_>>().len();
    loop {
        let mut names: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next: HashMap<u32, u32> = HashMap::new();
        for &x in &elems {
            let sig: Vec<u32> = std::iter::once(class[&x])
                .chain(letters.iter().map(|&g| class[&trial.mul(x, g)]))
                .collect();
            let n = names.len() as u32;
            next.insert(x, *names.entry(sig).or_insert(n));
        }
        class = next;
        if names.len() == count {
            break;
        }
        count = names.len();
    }
    // Number the classes with the identity first.
    let mut order: Vec<u32> = Vec::new();
    let mut number: HashMap<u32, u32> = HashMap::new();
    let mut rep: Vec<u32> = Vec::new();
    for &x in std::iter::once(&0).chain(&elems) {
        let c = class[&x];
        if !number.contains_key(&c) {
            number.insert(c, order.len() as u32);
            order.push(c);
            rep.push(x);
        }
    }
    let size = order.len();
    let of = |x: u32| number[&class[&x]];
    let mut table = vec![0u32; size * size];
    for a in 0..size {
        for b in 0..size {
            table[a * size + b] = of(trial.mul(rep[a], rep[b]));
        }
    }
    let p = rep.iter().map(|&x| pm[x as usize] == Some(true)).collect();
    let heaps = (0..=k).map(|h| of(trial.heap(h))).collect();
    Quotient {
        size,
        table,
        p,
        heaps,
        states: Vec::new(),
    }
}

/// Every reachable state of the heaps `1..=k` under `q`, breadth first.
fn all_states(q: &Quotient, k: usize, options: &[Vec<Vec<usize>>]) -> Vec<State> {
    let heaps: Vec<(u32, Vec<u32>)> = (1..=k)
        .filter(|&h| !options[h].is_empty())
        .map(|h| {
            let mut opts: Vec<u32> = options[h].iter().map(|o| q.image(o)).collect();
            opts.sort_unstable();
            opts.dedup();
            (q.heaps[h], opts)
        })
        .collect();
    let start = State {
        img: 0,
        opts: Vec::new(),
    };
    let mut seen: HashSet<State> = HashSet::new();
    seen.insert(start.clone());
    let mut out = vec![start];
    let mut i = 0;
    while i < out.len() {
        for (g, opts) in &heaps {
            let t = out[i].add(|a, b| q.mul(a, b), *g, opts);
            if seen.insert(t.clone()) {
                debug_assert_eq!(q.p[t.img as usize], t.is_p(|y| q.p[y as usize]));
                out.push(t);
            }
        }
        i += 1;
    }
    out
}

/// A new guess in which each pair of positions (multiplicities of the heaps) gets two images:
/// the guess times a cyclic counter `C(i, p) = ⟨c | c^{i+p} = c^i⟩` of one heap where the last
/// pair differs (keeping the heap's image in the guess, or forgetting it), reduced under the
/// P-portion read off its least positions; the smallest such trial that separates every pair
/// wins. `None` when none does.
fn recalibrate(
    guess: &Quotient,
    k: usize,
    options: &[Vec<Vec<usize>>],
    pairs: &[(Vec<u32>, Vec<u32>)],
    max_trial: usize,
    max_states: usize,
) -> Option<Quotient> {
    let (w1, w2) = pairs.last().expect("a pair to separate");
    // (trial size, heap, index, period, keep the heap's image)
    let mut candidates: Vec<(usize, Reverse<usize>, u32, u32, bool)> = Vec::new();
    for h in 1..=k {
        if w1[h] == w2[h] || options[h].is_empty() {
            continue;
        }
        let (a, b) = (w1[h].min(w2[h]), w1[h].max(w2[h]));
        // Keeping the heap's image, any counter only adds information.
        let mut counters = vec![(a + 1, 1), (a + 1, 2)];
        if (b - a) % 2 == 1 {
            counters.push((0, 2));
        }
        for (i, p) in counters {
            candidates.push((guess.size * (i + p) as usize, Reverse(h), i, p, true));
        }
        // Forgetting it, the counter must count at least as far as its powers in the guess go.
        let (i, p) = guess.index_period(guess.heaps[h]);
        let (i, p) = (i.max(a + 1), if p % 2 == 0 { p } else { 2 * p });
        candidates.push((guess.size * (i + p) as usize, Reverse(h), i, p, false));
    }
    candidates.sort();
    for (size, Reverse(h), i, p, keep) in candidates {
        if size > max_trial {
            break;
        }
        let mut base = Quotient {
            size: guess.size,
            table: guess.table.clone(),
            p: guess.p.clone(),
            heaps: guess.heaps.clone(),
            states: Vec::new(),
        };
        if !keep {
            base.heaps[h] = 0;
        }
        let trial = Trial::new(&base, vec![(h, i, p)])?;
        let next = reduce(&trial, k, &least_positions_p(&trial, k, options), options);
        let image = |w: &[u32]| next.image_of(w);
        if pairs.iter().all(|(u, v)| image(u) != image(v)) {
            return Some(next);
        }
    }
    // No single counter: the guess times counters refined on the clashes of the trial's own
    // positions, until the trial's reduction separates every pair, or the trial passes the
    // certificate itself.
    let mut counters: Vec<(usize, u32, u32)> = Vec::new();
    refine(&mut counters, w1, w2, k);
    loop {
        let trial = Trial::new(guess, counters.clone()).filter(|t| t.size <= max_trial)?;
        let next = reduce(&trial, k, &least_positions_p(&trial, k, options), options);
        if pairs
            .iter()
            .all(|(u, v)| next.image_of(u) != next.image_of(v))
        {
            return Some(next);
        }
        let found = search(&trial, k, options, max_states)?;
        match found.conflict {
            None => return Some(reduce(&trial, k, &found.pm, options)),
            Some((u, v)) => refine(&mut counters, &u, &v, k),
        }
    }
}

/// Refines the counters so that the positions with multiplicities `w1` and `w2`, which have one
/// image, get different images: on one heap where they differ, the counter `C(i, p)` (the
/// monoid `⟨c | c^{i+p} = c^i⟩`; no counter is `C(0, 1)`) becomes `C(a + 1, p)` (with `a` the
/// smaller multiplicity) or `C(i, 2p)` when that separates them, whichever is smaller, on the heap
/// where this multiplies the trial's size least (the largest such heap on a tie).
fn refine(counters: &mut Vec<(usize, u32, u32)>, w1: &[u32], w2: &[u32], k: usize) {
    let mut best: Option<(u64, usize, u32, u32)> = None;
    for h in (1..=k).rev() {
        if w1[h] == w2[h] {
            continue;
        }
        let (a, b) = (w1[h].min(w2[h]), w1[h].max(w2[h]));
        let (i, p) = counters
            .iter()
            .find(|c| c.0 == h)
            .map_or((0, 1), |&(_, i, p)| (i, p));
        // A period first: the relations of misère quotients are mostly x^{i+2} = x^i.
        let mut candidates = Vec::new();
        if a >= i && (b - a) % (2 * p) != 0 {
            candidates.push((i, 2 * p));
        }
        candidates.push((a + 1, p));
        for (i2, p2) in candidates {
            // The factor by which the trial grows, scaled to compare without division.
            let cost = u64::from(i2 + p2) * 1024 / u64::from(i + p);
            if best.is_none_or(|b| cost < b.0) {
                best = Some((cost, h, i2, p2));
            }
        }
    }
    let (_, h, i, p) = best.expect("two positions with one image differ in some heap");
    match counters.iter_mut().find(|c| c.0 == h) {
        Some(c) => *c = (h, i, p),
        None => counters.push((h, i, p)),
    }
}

/// The misère quotient of the heap game `rules` restricted to heaps `1..=n` (positions are
/// lists of heap sizes, as for [`crate::rulesets::octal::OctalGame`]), or an error when it (or a
/// monoid tried on the way) would have more than `max_size` elements.
///
/// ```
/// use partizan::rulesets::octal::OctalGame;
/// use partizan::solve::quotient::misere_quotient;
/// // Kayles' first three heaps are *, *2 and *3: misère Nim's quotient ⟨a, b | a² = 1, b³ = b⟩.
/// let q = misere_quotient(&OctalGame::kayles(), 3, 1000).unwrap();
/// assert_eq!(q.size(), 6);
/// assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
/// assert_eq!(q.p_portion(), "{a, b^2}");
/// ```
pub fn misere_quotient<R: ImpartialRuleset<Position = Vec<usize>>>(
    rules: &R,
    n: usize,
    max_size: usize,
) -> Result<MisereQuotient, Error> {
    let PartialQuotient { quotient, stopped } = misere_quotient_partial(rules, n, max_size);
    match stopped {
        Some(e) => Err(e),
        None => Ok(quotient),
    }
}

/// [`misere_quotient`], returning the quotient found so far together with the reason when it
/// stops early (the quotient of heap `k` needs more than `max_size` elements, or a trial monoid
/// or a search larger than the limits derived from it, or a move from heap `k` leaves a heap
/// at least as large).
pub fn misere_quotient_partial<R: ImpartialRuleset<Position = Vec<usize>>>(
    rules: &R,
    n: usize,
    max_size: usize,
) -> PartialQuotient {
    let mut options: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    let mut q = Quotient {
        size: 1,
        table: vec![0],
        p: vec![false],
        heaps: vec![0],
        states: vec![State {
            img: 0,
            opts: Vec::new(),
        }],
    };
    // A trial monoid may be much larger than the quotient it reduces to.
    let max_trial = max_size.saturating_mul(64).max(1 << 12);
    let max_states = max_trial.saturating_mul(16);
    for k in 1..=n {
        let mut opts: Vec<Vec<usize>> = rules
            .options(&vec![k])
            .into_iter()
            .map(|mut o| {
                o.retain(|&h| h > 0);
                o.sort_unstable();
                o
            })
            .collect();
        opts.sort();
        opts.dedup();
        if opts.iter().flatten().any(|&h| h >= k) {
            return PartialQuotient {
                quotient: q.public(),
                stopped: Some(Error::input(format!(
                    "a move from a heap of {k} leaves a heap at least as large: misère quotients are computed only for games whose moves make heaps smaller"
                ))),
            };
        }
        options.push(opts);
        let too_large = |q: &Quotient| {
            let found = q.public();
            let message = format!(
                "the misère quotient at heap {k} needs more than {max_size} elements, or a larger search than that limit allows; up to heap {} it has {} elements: {}",
                k - 1,
                found.size(),
                found.presentation()
            );
            PartialQuotient {
                quotient: found,
                stopped: Some(Error::Limit(ExpansionLimit { message })),
            }
        };
        if options[k].is_empty() {
            // A heap without moves is the game 0.
            q.heaps.push(0);
            continue;
        }
        let heap_opts: Vec<u32> = {
            let mut t: Vec<u32> = options[k].iter().map(|o| q.image(o)).collect();
            t.sort_unstable();
            t.dedup();
            t
        };
        let heap_is_p = heap_opts.iter().all(|&t| !q.p[t as usize]);
        let conservative = (0..q.size as u32)
            .filter(|&x| q.p[x as usize] == heap_is_p)
            .find_map(|x| q.extend(x, &heap_opts).map(|found| (x, found)));
        if let Some((x, found)) = conservative {
            q.heaps.push(x);
            q.states.extend(found);
            continue;
        }
        // The first guess: the quotient so far times a cyclic monoid counting copies of the new
        // heap, reduced under the P-portion read off its least positions. While the certificate
        // search finds two positions with one image and different outcomes, the guess is
        // recalibrated so that they (and every pair found before) get different images.
        let mut base = Quotient {
            size: q.size,
            table: q.table.clone(),
            p: q.p.clone(),
            heaps: q.heaps.iter().copied().chain([0]).collect(),
            states: Vec::new(),
        };
        base.heaps[k] = 0;
        let Some(first) = Trial::new(&base, vec![(k, 1, 2)]).filter(|t| t.size <= max_trial) else {
            return too_large(&q);
        };
        let mut guess = reduce(&first, k, &least_positions_p(&first, k, &options), &options);
        let mut pairs: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
        let next = loop {
            let check = Trial::new(&guess, Vec::new()).expect("no larger than the trial");
            let Some(found) = search(&check, k, &options, max_states) else {
                return too_large(&q);
            };
            let Some(pair) = found.conflict else {
                // The certificate holds for the guess with the P-portion the search read off
                // the positions themselves: reduce by that.
                break reduce(&check, k, &found.pm, &options);
            };
            if pairs.len() >= MAX_RECALIBRATIONS {
                return too_large(&q);
            }
            pairs.push(pair);
            match recalibrate(&guess, k, &options, &pairs, max_trial, max_states) {
                Some(g) if g.size <= max_trial => guess = g,
                _ => return too_large(&q),
            }
        };
        if next.size > max_size {
            return too_large(&q);
        }
        q = next;
        q.states = all_states(&q, k, &options);
    }
    PartialQuotient {
        quotient: q.public(),
        stopped: None,
    }
}
