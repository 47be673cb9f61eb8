//! Impartial games under misère play: canonical forms, sums, genus, and misère quotients.
//!
//! Under the *misère* play convention the player who makes the last move loses. Two impartial
//! games `G` and `H` are *equal* in misère play when `o⁻(G + X) = o⁻(H + X)` for every
//! impartial game `X`, where `o⁻` is the misère outcome (`N`: the player to move wins, `P`: the
//! other one does). Unlike normal play, a game is rarely equal to a nim heap, and a misère value
//! depends on the game's *form*, not on its normal-play value: `*2 + *2` and `0` are both the
//! normal-play value 0, but the first is a misère P-position and the second an N-position.
//!
//! **Canonical forms.** Conway's simplification theorem (ONAG, ch. 12;
//! CGT ch. V.1; WW ch. 13, "reversible moves" and
//! the "proviso"): let the options of `G` be in canonical form, and let `H` be an option of an
//! option of `G` whose options are all options of `G`. If every option of `G` that is not an
//! option of `H` has `H` as an option, then `G = H` — provided, when `H = 0`, that `G` is a
//! misère N-position (the *proviso*). A game to which no such reduction applies, and whose
//! options are canonical, is in *canonical* (simplest) form, and two games are equal exactly
//! when their canonical forms are identical (Conway, ONAG ch. 12). [`MisereGame`] is a handle to
//! a canonical form, stored once (in an interning table), so `==` is equality of misère values.
//!
//! ```
//! use partizan::algebra::misere::MisereGame;
//! use partizan::Outcome;
//! let star = MisereGame::nim_heap(1);
//! assert_eq!(star + star, MisereGame::zero());            // * + * = 0 in misère play too
//! let two = MisereGame::nim_heap(2);
//! assert_eq!((two + two).to_string(), "*[2[2]]");          // but *2 + *2 is not 0
//! assert_eq!((two + two).outcome(), Outcome::P);
//! assert_eq!(MisereGame::zero().outcome(), Outcome::N);    // no move: the player to move wins
//! let g: MisereGame = "*[2#]".parse().unwrap();            // the game whose only option is *2
//! assert_eq!(g.options(), [two]);
//! assert_eq!(g.genus().to_string(), "0^02");
//! ```
//!
//! **Genus** ([`Genus`]): Conway's `g^{γ₀γ₁γ₂…}`, the normal-play Grundy value and the misère
//! Grundy values of `G`, `G + *2`, `G + *2 + *2`, … ([`MisereGame::genus`]).
//!
//! **Notation** (CGSuite's, see [`mod@print`]): `*[2]` is the nim heap `*2`, `*[42]` the game with
//! options `*4` and `*2`, `*[2#]` the game whose only option is `*2`, `*[2[2]]` the sum `*2 + *2`.
//!
//! **Short games as trees** ([`tree`]): the misère canonical form of an impartial game tree
//! (a canonical game or an explicit form as written) and the misère outcome class of any tree.
//!
//! **Quotients** ([`quotient`]): the finite commutative monoids of Plambeck and Siegel that
//! describe misère play of a whole family of positions.

mod arith;
mod canonical;
pub mod genus;
pub mod print;
pub mod quotient;
mod store;
pub mod tree;

pub use genus::Genus;
pub use store::{stored_misere_forms, MisereGame};

use crate::algebra::Outcome;
use store::Entry;

impl std::fmt::Debug for MisereGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}

impl Default for MisereGame {
    fn default() -> MisereGame {
        MisereGame::zero()
    }
}

impl MisereGame {
    /// The game `0 = {}` with no options: the player to move wins.
    pub fn zero() -> MisereGame {
        store::nim_heap(0)
    }

    /// `* = {0}`.
    pub fn star() -> MisereGame {
        store::nim_heap(1)
    }

    /// The nim heap `*n = {*0, *1, …, *(n − 1)}`, which is in misère canonical form.
    pub fn nim_heap(n: u64) -> MisereGame {
        store::nim_heap(n)
    }

    /// The misère canonical form of the game whose options are `options` (in any order, with
    /// repetitions): the simplification of the module documentation.
    ///
    /// ```
    /// use partizan::algebra::misere::MisereGame;
    /// let n = MisereGame::nim_heap;
    /// assert_eq!(MisereGame::new([n(1)]), n(0));          // {*} = 0: * is reversible through 0
    /// assert_eq!(MisereGame::new([n(0), n(2)]), n(1));    // {0, *2} = *
    /// assert_eq!(MisereGame::new([n(2)]).to_string(), "*[2#]"); // the proviso keeps {*2}
    /// ```
    pub fn new(options: impl IntoIterator<Item = MisereGame>) -> MisereGame {
        canonical::from_options(options.into_iter().collect())
    }

    #[inline]
    pub(crate) fn id(self) -> u32 {
        self.0.id
    }

    /// The options of the canonical form, in an unspecified but fixed order (by id).
    ///
    /// # Panics
    /// With an [`ExpansionLimit`](crate::algebra::limits::ExpansionLimit) payload for a nim heap
    /// `*n` with `n` above [`NIMBER_OPTIONS_LIMIT`](crate::algebra::limits::NIMBER_OPTIONS_LIMIT).
    pub fn options(&self) -> &'static [MisereGame] {
        let e: &'static Entry = self.0;
        e.options.get_or_init(|| {
            let n = e
                .nim
                .expect("general forms store their options at creation");
            crate::algebra::limits::check_nimber_options(n);
            let mut v: Vec<MisereGame> = (0..n).map(store::nim_heap).collect();
            v.sort_unstable_by_key(|g| g.id());
            v.into_boxed_slice()
        })
    }

    /// The number of options of the canonical form.
    pub fn option_count(&self) -> u64 {
        match self.0.nim {
            Some(n) => n,
            None => self.options().len() as u64,
        }
    }

    /// Whether `x` is an option of the canonical form (without writing out a nim heap's options).
    pub fn has_option(&self, x: MisereGame) -> bool {
        match (self.0.nim, x.0.nim) {
            (Some(n), k) => k.is_some_and(|k| k < n),
            (None, _) => self
                .options()
                .binary_search_by_key(&x.id(), |g| g.id())
                .is_ok(),
        }
    }

    /// `Some(n)` when this is the nim heap `*n`.
    pub fn as_nim_heap(&self) -> Option<u64> {
        self.0.nim
    }

    /// Whether this is the game 0.
    pub fn is_zero(&self) -> bool {
        self.0.nim == Some(0)
    }

    /// The birthday: the height of the canonical form's game tree (the least height of a game
    /// tree equal to this game in misère play).
    pub fn birthday(&self) -> u64 {
        self.0.birthday
    }

    /// The normal-play Grundy value `G⁺` (the nimber of this game in normal play; misère
    /// simplification keeps it).
    pub fn normal_grundy(&self) -> u64 {
        self.0.g_plus
    }

    /// The misère Grundy value `G⁻`: 1 for the game 0, otherwise the mex of the options'. It is
    /// the unique `n` for which `G + *n` is a misère P-position (WW ch. 13; proved by
    /// induction from the definition), so equal games have equal `G⁻`.
    pub fn misere_grundy(&self) -> u64 {
        self.0.g_minus
    }

    /// The misère outcome class: `P` (the previous player wins) when `G⁻ = 0`, otherwise `N`.
    pub fn outcome(&self) -> Outcome {
        if self.0.g_minus == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The genus `g^{γ₀γ₁…}` (see [`Genus`]).
    pub fn genus(&self) -> &'static Genus {
        genus_of(*self)
    }

    /// Whether every follower of the canonical form (this game included) has a tame genus
    /// ([`Genus::is_tame`]). Such a game is played like misère Nim (WW ch. 13,
    /// "tame games"); CGSuite calls it hereditarily tame.
    pub fn is_hereditarily_tame(&self) -> bool {
        hereditarily_tame(*self)
    }

    /// Whether this game is *even*: its birthday is below that of `G + *` (the other games are
    /// *odd*, `E + *` for an even `E`; CGSuite's definition).
    pub fn is_even(&self) -> bool {
        self.birthday() < self.plus_star().birthday()
    }

    /// `G + *`.
    pub fn plus_star(&self) -> MisereGame {
        *self
            .0
            .plus_star
            .get_or_init(|| arith::add(*self, MisereGame::star()))
    }

    /// The misère sum `G + H` (also the operator `+`).
    pub fn sum(&self, other: &MisereGame) -> MisereGame {
        arith::add(*self, *other)
    }

    /// The game `X` with `X + *n = G`, if there is one among the options of `G` and the options
    /// of `G` plus `*` (where such a difference of a nim heap is found when it exists and the
    /// canonical form of the sum keeps `X + *0` as an option; see [`mod@print`]).
    pub fn minus_nim_heap(&self, n: u64) -> Option<MisereGame> {
        arith::minus_nim_heap(*self, n)
    }

    /// The followers of the canonical form: this game and every position reachable from it.
    pub fn followers(&self) -> Vec<MisereGame> {
        let mut seen: hashbrown::HashSet<MisereGame> = hashbrown::HashSet::new();
        let mut stack = vec![*self];
        let mut out = Vec::new();
        while let Some(g) = stack.pop() {
            if seen.insert(g) {
                out.push(g);
                stack.extend(g.options().iter().copied());
            }
        }
        out
    }
}

/// Empties the misère sum memo (bounded anyway; see [`crate::algebra::clear_caches`]). The canonical
/// forms themselves stay stored.
pub fn clear_caches() {
    arith::clear();
}

impl std::ops::Add for MisereGame {
    type Output = MisereGame;
    fn add(self, other: MisereGame) -> MisereGame {
        arith::add(self, other)
    }
}

impl std::ops::AddAssign for MisereGame {
    fn add_assign(&mut self, other: MisereGame) {
        *self = arith::add(*self, other);
    }
}

impl std::iter::Sum for MisereGame {
    fn sum<I: Iterator<Item = MisereGame>>(iter: I) -> MisereGame {
        iter.fold(MisereGame::zero(), |a, b| a + b)
    }
}

/// The genus of `g`, computed bottom-up over the followers that lack one (no recursion).
fn genus_of(g: MisereGame) -> &'static Genus {
    if let Some(x) = g.0.genus.get() {
        return x;
    }
    let mut stack = vec![(g, false)];
    while let Some((x, expanded)) = stack.pop() {
        if x.0.genus.get().is_some() {
            continue;
        }
        if let Some(n) = x.as_nim_heap() {
            let _ = x.0.genus.set(Genus::of_nim_heap(n));
            continue;
        }
        if !expanded {
            stack.push((x, true));
            stack.extend(
                x.options()
                    .iter()
                    .filter(|o| o.0.genus.get().is_none())
                    .map(|&o| (o, false)),
            );
            continue;
        }
        let genera: Vec<&Genus> = x
            .options()
            .iter()
            .map(|o| o.0.genus.get().expect("options first"))
            .collect();
        let _ = x.0.genus.set(Genus::from_options(&genera));
    }
    g.0.genus.get().expect("computed")
}

/// Whether every follower of `g` has a tame genus.
fn hereditarily_tame(g: MisereGame) -> bool {
    // A nim heap and all its followers (smaller heaps) are tame.
    let mut seen: hashbrown::HashSet<MisereGame> = hashbrown::HashSet::new();
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        if x.as_nim_heap().is_some() || !seen.insert(x) {
            continue;
        }
        if !x.genus().is_tame() {
            return false;
        }
        stack.extend(x.options().iter().copied());
    }
    true
}
