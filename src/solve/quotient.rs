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
//! 2. *Trial monoids.* Otherwise `Q` times cyclic monoids `C(i, p) = ⟨c | c^{i+p} = c^i⟩`
//!    counting copies of some heaps (first `C(1, 2)` for heap `k`) is tried. The P-status of
//!    each element of the trial is read off its least position in the multiset order of
//!    positions (every option of a position comes before it), from the statuses of its
//!    options' images; the trial reduced by `~` under that guessed P-portion is a candidate.
//!    The candidate's reachable states are then searched in the same order, each position's
//!    outcome computed from its options' statuses. If no two positions with one image get
//!    different outcomes, the certificate holds, and the candidate reduced by `~` under the
//!    P-portion that the search read off is the new quotient. Otherwise the two positions that
//!    clash are separated: when the trial gives them one image, a counter is refined on a heap
//!    where their multiplicities differ (a longer period or a larger index, whichever makes the
//!    trial grow least); when it does not, the trial's own states are searched, and either a
//!    clash there is separated or, with none, the trial itself passes and its reduction is the
//!    quotient.
//!
//! Every result passes the certificate, so it is the quotient whatever the guesses were; the
//! guesses only decide how soon. The trial monoids can only split elements of `Q` through
//! counters of heap multiplicities, so when a new heap undoes many of the identifications of
//! the smaller heaps the trials grow as the product of the counters. The computation then
//! stops at a trial of more than `64 · max_size` elements (at least 4096) or a search of more
//! than 16 times that many states, returning the quotient of the heaps before (Dawson's Kayles,
//! 0.07, stops at heap 25 this way). Plambeck and Siegel's own algorithm instead extends a
//! presentation by a new generator and re-derives the relations; it is not implemented here.

use super::ruleset::ImpartialRuleset;
use crate::game::limits::ExpansionLimit;
use crate::game::misere::quotient::MisereQuotient;
use crate::Error;
use hashbrown::{HashMap, HashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

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

/// A verified quotient of the heaps so far.
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

/// `Q × C(i₁, p₁) × …`: the base quotient times cyclic monoids counting copies of some heaps.
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

    /// The image of the position with these multiplicities of the heaps `0, 1, …`.
    fn image(&self, w: &[u32]) -> u32 {
        let mut x = 0;
        for (h, &m) in w.iter().enumerate().skip(1) {
            let g = self.heap(h);
            for _ in 0..m {
                x = self.mul(x, g);
            }
        }
        x
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
    // Each state with the least key found so far for it (the multiplicities, largest heap first).
    let mut states: Vec<(State, Key)> = Vec::new();
    let mut ids: HashMap<State, u32> = HashMap::new();
    let mut done: Vec<bool> = Vec::new();
    let mut pm: Vec<Option<bool>> = vec![None; trial.size];
    let mut assigned_by: Vec<u32> = vec![0; trial.size];
    let mut queue: BinaryHeap<Reverse<(Key, u32)>> = BinaryHeap::new();
    let start = State {
        img: 0,
        opts: Vec::new(),
    };
    ids.insert(start.clone(), 0);
    states.push((start, vec![0; k]));
    done.push(false);
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
    while let Some(Reverse((key, sid))) = queue.pop() {
        if done[sid as usize] || states[sid as usize].1 != key {
            continue;
        }
        done[sid as usize] = true;
        let s = states[sid as usize].0.clone();
        let out = s.is_p(|t| pm[t as usize].expect("the options' images are read off first"));
        match pm[s.img as usize] {
            None => {
                pm[s.img as usize] = Some(out);
                assigned_by[s.img as usize] = sid;
            }
            Some(b) if b != out => {
                let other = &states[assigned_by[s.img as usize] as usize].1;
                return Some(Search {
                    pm,
                    conflict: Some((multiplicities(&key), multiplicities(other))),
                });
            }
            Some(_) => {}
        }
        for &(h, g, ref opts) in &heaps {
            let t = s.add(mul, g, opts);
            let mut next = key.clone();
            next[slot(h)] += 1;
            match ids.get(&t) {
                Some(&id) => {
                    if !done[id as usize] && next < states[id as usize].1 {
                        states[id as usize].1 = next.clone();
                        queue.push(Reverse((next, id)));
                    }
                }
                None => {
                    if states.len() >= max_states {
                        return None;
                    }
                    let id = states.len() as u32;
                    ids.insert(t.clone(), id);
                    states.push((t, next.clone()));
                    done.push(false);
                    queue.push(Reverse((next, id)));
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
/// lists of heap sizes, as for [`crate::games::octal::OctalGame`]), or an error when it (or a
/// monoid tried on the way) would have more than `max_size` elements.
///
/// ```
/// use partizan::games::octal::OctalGame;
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
        // A finer monoid: the quotient so far times cyclic monoids counting copies of the new
        // heap (and, where needed, of older heaps). Read off a P-portion; where two positions
        // with one image have different outcomes, refine a counter so that their images differ,
        // and search again. Each round strictly refines the trial monoid, and a fine enough one
        // passes (the quotient, when finite, is a quotient of such a product).
        let mut base = Quotient {
            size: q.size,
            table: q.table.clone(),
            p: q.p.clone(),
            heaps: q.heaps.iter().copied().chain([0]).collect(),
            states: Vec::new(),
        };
        base.heaps[k] = 0;
        let mut counters: Vec<(usize, u32, u32)> = vec![(k, 1, 2)];
        let next = loop {
            let Some(trial) = Trial::new(&base, counters.clone()).filter(|t| t.size <= max_trial)
            else {
                return too_large(&q);
            };
            // Guess: read the P-portion off each image's least position, as if the trial were
            // faithful, reduce, and check the reduced monoid with the certificate (its states are
            // few). A pass proves it is the quotient, however it was guessed.
            let guess = reduce(&trial, k, &least_positions_p(&trial, k, &options), &options);
            let check = Trial::new(&guess, Vec::new()).expect("no larger than the trial");
            let Some(found) = search(&check, k, &options, max_states) else {
                return too_large(&q);
            };
            let Some((w1, w2)) = found.conflict else {
                // The certificate holds for the guess with the P-portion the search read off
                // the positions themselves (the guessed one is only a guess): reduce by that.
                break reduce(&check, k, &found.pm, &options);
            };
            // Two positions with one image in the guess and different outcomes. When the trial
            // gives them one image too, it must separate them; otherwise the trial is not faithful
            // somewhere else, and the search of its own states finds where.
            let (w1, w2) = if trial.image(&w1) == trial.image(&w2) {
                (w1, w2)
            } else {
                let Some(found) = search(&trial, k, &options, max_states) else {
                    return too_large(&q);
                };
                match found.conflict {
                    Some(c) => c,
                    None => break reduce(&trial, k, &found.pm, &options),
                }
            };
            refine(&mut counters, &w1, &w2, k);
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
