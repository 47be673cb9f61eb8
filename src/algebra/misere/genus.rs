//! Conway's genus of a misère impartial game.
//!
//! The *genus* of `G` is `g^{γ₀γ₁γ₂…}` where `g = G⁺(G)` is the normal-play Grundy value and
//! `γₙ = G⁻(G + 2ₙ)` is the misère Grundy value of `G` plus `n` copies of `*2` (ONAG ch. 12,
//! "genus"; WW ch. 13). It follows from the options' genera:
//! `g = mex{g′}`, `γ₀ = mex{γ′₀}` (and `γ₀ = 1` for `G = 0`), and for `n ≥ 1`
//! `γₙ = mex({γ′ₙ} ∪ {γₙ₋₁, γₙ₋₁ ⊕ 1})`, because the options of `G + 2ₙ` are `G′ + 2ₙ`,
//! `G + 2ₙ₋₁` and `G + 2ₙ₋₁ + *`, and `G⁻(X + *) = G⁻(X) ⊕ 1` for every `X` (by induction:
//! the options of `X + *` are `X` and the `X′ + *`).
//!
//! The sequence `γ` is ultimately periodic with period 2 (ONAG ch. 12): once every option's
//! sequence repeats with period 2 from index `s` on, `γₙ` is a function of `γₙ₋₁` and the
//! parity of `n`, and the first `n ≥ s + 1` with `γₙ = γₙ₋₂` starts the period. It is written,
//! as CGSuite writes it, up to the first place where its last two digits repeat for ever:
//! `0^120` is `0^{1202020…}`, `2^20` is `2^{2020…}`; with a digit of 10 or more the digits are
//! separated by commas in parentheses, `6^(1,9,10,8)`.
//!
//! **Tame genera.** The nim heaps have genus `0^120` (`*0`), `1^031` (`*1`) and
//! `a^{a(a⊕2)}` (`*a`, `a ≥ 2`); a *tame* genus is one of these or `0^02`, `1^13` (the genera
//! of `*2 + *2` and `*2 + *2 + *`): exactly those with `g = γ₀` or `g, γ₀ ∈ {0, 1}`, and
//! `γₙ = g ⊕ 2` for odd `n`, `γₙ = g` for even `n ≥ 2` (WW ch. 13, "tame games").
//! A game all of whose positions have tame genera is played like misère Nim.

use crate::algebra::{mex, AlgebraError};
use std::fmt;

/// A genus `g^{γ₀γ₁…}`: the normal Grundy value `g` and the misère Grundy values `γₙ` of
/// `G + n·*2`, stored up to the point where the last two repeat for ever.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value `G⁺`.
    pub g: u64,
    /// `γ₀, γ₁, …`, at least two, the last two repeating (`γₙ = γₙ₋₂` from there on).
    sup: Vec<u64>,
}

/// Which kind of genus this is: the classes of misère theory that the genus alone decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenusClass {
    /// One of the genera of tame games (see [`Genus::is_tame`]).
    Tame,
    /// `g ∈ {0, 1}`, `γ₀ ≥ 2` and the tail that CGSuite assigns to restive games
    /// ([`Genus::is_restive`]).
    Restive,
    /// Neither (*wild*).
    Wild,
}

impl fmt::Display for GenusClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GenusClass::Tame => "tame",
            GenusClass::Restive => "restive",
            GenusClass::Wild => "wild",
        })
    }
}

impl Genus {
    /// The genus with normal value `g` and the sequence `γ₀, γ₁, …` whose given terms end with
    /// the two that repeat (at least two terms); `None` for fewer than two terms.
    ///
    /// ```
    /// use partizan::algebra::misere::Genus;
    /// let g = Genus::new(0, vec![1, 2, 0, 2, 0, 2]).unwrap();
    /// assert_eq!(g.to_string(), "0^120");
    /// assert_eq!(g.gamma(7), 2);
    /// ```
    pub fn new(g: u64, mut sup: Vec<u64>) -> Option<Genus> {
        if sup.len() < 2 {
            return None;
        }
        while sup.len() > 2 && sup[sup.len() - 1] == sup[sup.len() - 3] {
            sup.pop();
        }
        Some(Genus { g, sup })
    }

    /// The genus of the nim heap `*n`: `0^120`, `1^031`, and `n^{n(n⊕2)}` for `n ≥ 2`.
    pub fn of_nim_heap(n: u64) -> Genus {
        let sup = match n {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            _ => vec![n, n ^ 2],
        };
        Genus { g: n, sup }
    }

    /// The misère Grundy value `γ₀ = G⁻(G)`.
    pub fn misere_grundy(&self) -> u64 {
        self.sup[0]
    }

    /// `γₙ = G⁻(G + n·*2)`, for any `n`.
    pub fn gamma(&self, n: usize) -> u64 {
        let len = self.sup.len();
        if n < len {
            self.sup[n]
        } else {
            self.sup[len - 2 + (n - (len - 2)) % 2]
        }
    }

    /// The superscript as stored: `γ₀, γ₁, …` up to the repeating pair.
    pub fn superscript(&self) -> &[u64] {
        &self.sup
    }

    /// Whether this is a tame genus: `0^120`, `1^031`, `0^02`, `1^13` or `a^{a(a⊕2)}` with
    /// `a ≥ 2` (the module documentation).
    pub fn is_tame(&self) -> bool {
        let (g, g0) = (self.g, self.sup[0]);
        (g == g0 || (g < 2 && g0 < 2))
            && (1..self.sup.len() + 2).all(|n| self.gamma(n) == if n % 2 == 1 { g ^ 2 } else { g })
    }

    /// Whether this is a restive genus in CGSuite's sense: `g ∈ {0, 1}`, `γ₀ ≥ 2`, and
    /// `γₙ = b ⊕ 2` for odd `n`, `γₙ = b` for even `n ≥ 2`, where `b = γ₀` when `γ₀ < 4` and
    /// `b = g` otherwise (CGSuite's `Genus` class; Conway's restive games are "ambivalent
    /// nim-heaps, which choose their size (`γ₀` or `g`) according to their company", ONAG
    /// ch. 12 as quoted by Plambeck, INTEGERS 5 (2005) #G05; the page in WW ch. 13
    /// was not checked).
    pub fn is_restive(&self) -> bool {
        let (g, g0) = (self.g, self.sup[0]);
        let b = if g0 < 4 { g0 } else { g };
        g < 2
            && g0 >= 2
            && (1..self.sup.len() + 2).all(|n| self.gamma(n) == if n % 2 == 1 { b ^ 2 } else { b })
    }

    /// The class of this genus: tame, restive or wild.
    pub fn class(&self) -> GenusClass {
        if self.is_tame() {
            GenusClass::Tame
        } else if self.is_restive() {
            GenusClass::Restive
        } else {
            GenusClass::Wild
        }
    }

    /// The genus of a game whose options have the genera `options` (`G = 0` when empty).
    pub fn from_options(options: &[&Genus]) -> Genus {
        let g = mex(options.iter().map(|o| o.g));
        let stable = options.iter().map(|o| o.sup.len() - 2).max().unwrap_or(0);
        let mut sup = vec![if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|o| o.gamma(0)))
        }];
        let mut n = 1;
        loop {
            let prev = sup[n - 1];
            let next = mex(options.iter().map(|o| o.gamma(n)).chain([prev, prev ^ 1]));
            sup.push(next);
            if n > stable && n >= 2 && sup[n] == sup[n - 2] {
                // Periodic from n − 2 on: keep γ₀ … γₙ₋₁.
                sup.pop();
                break;
            }
            n += 1;
        }
        Genus::new(g, sup).expect("at least two terms")
    }
}

impl fmt::Display for Genus {
    /// `g^γ₀γ₁…` as CGSuite prints it: `0^120`, `4^146`, `6^(1,9,10,8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.g)?;
        if self.sup.iter().any(|&d| d >= 10) {
            let digits: Vec<String> = self.sup.iter().map(u64::to_string).collect();
            write!(f, "({})", digits.join(","))
        } else {
            self.sup.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

impl std::str::FromStr for Genus {
    type Err = AlgebraError;

    /// Parses `0^120` or `6^(1,9,10,8)`; anything else is an
    /// [`AlgebraError::Input`].
    fn from_str(s: &str) -> Result<Genus, AlgebraError> {
        let bad = || {
            AlgebraError::Input(format!(
                "{s:?} is not a genus such as 0^120 or 6^(1,9,10,8)"
            ))
        };
        let (g, sup) = s.trim().split_once('^').ok_or_else(bad)?;
        let g: u64 = g.parse().map_err(|_| bad())?;
        let digits: Vec<u64> = match sup.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            Some(list) => list
                .split(',')
                .map(|d| d.trim().parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?,
            None => sup
                .chars()
                .map(|c| c.to_digit(10).map(u64::from).ok_or_else(bad))
                .collect::<Result<_, _>>()?,
        };
        Genus::new(g, digits).ok_or_else(bad)
    }
}
