//! Uptimals: the powers of up, `↑ⁿ` ("up-nth"), and their partial sums `↑ + ↑² + … + ↑ⁿ`.
//!
//! Definitions (CGT §II.4; WW Ch. 8; as CGSuite builds them from `↑ = {0|*}`):
//! `↑^{→0} = 0`, `↑^{→n} = {↑^{→(n−1)} | *}`, and `↑ⁿ = {0 | * − ↑^{→(n−1)}}` for `n >= 1`, so
//! that `↑¹ = ↑` and `↑^{→n} = ↑ + ↑² + … + ↑ⁿ`.
//!
//! An *uptimal* is a value `x + *m + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ` for a number `x`, a nimber `*m`
//! and integers `dᵢ`; CGSuite writes its *uptimal expansion* `x.d₁d₂…dₙ` (with `*m` before the
//! point: `*.1-` is `↓*`, `0.1111` is `↑ + ↑² + ↑³ + ↑⁴`). See [`UptimalExpansion`].
//!
//! The notation (`docs/NOTATION.md`) prints `x + ↑ⁿ + *k` as `x^<n>*k` and
//! `x + ↑^{→n} + *k` as `x^[n]*k` (downs `v<n>`, `v[n]`; Unicode `↑<n>`, `↓[n]`), for `n >= 2`
//! (with `n = 1` the value is a plain `x + ↑ + *k`); other uptimals print as their canonical
//! forms, but sort among the number + ups + nimber values by their expansions, as CGSuite's
//! `DeterministicOrdering` does.

use super::memo::Memo;
use super::number::Number;
use super::nus::Nus;
use super::Game;
use hashbrown::HashMap;
use std::sync::{Mutex, OnceLock};

/// The largest `n` accepted in `^<n>` and `^[n]` when parsing (the value is built from `n`
/// nested options).
pub const MAX_UPTIMAL_ORDER: u32 = 4096;

/// Which uptimal: `↑ⁿ` or `↑ + ↑² + … + ↑ⁿ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UptimalKind {
    /// `↑ⁿ`, printed `^<n>`.
    Power,
    /// `↑ + ↑² + … + ↑ⁿ`, printed `^[n]`.
    PowerSum,
}

/// A value `number ± U + *nimber` with `U` the uptimal `↑ⁿ` or `↑^{→n}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uptimal {
    /// The number part `x`.
    pub number: Number,
    /// Whether `U` is added (ups) or subtracted (downs).
    pub positive: bool,
    /// `↑ⁿ` or the sum up to `↑ⁿ`.
    pub kind: UptimalKind,
    /// The order `n` (at least 2 for the values [`Game::uptimal`] reports).
    pub order: u32,
    /// The nimber `k` of `*k`.
    pub nimber: u64,
}

/// `(↑ⁿ, ↑^{→n})` for n = 0, 1, ..., built on demand.
fn table() -> &'static Mutex<Vec<(Game, Game)>> {
    static TABLE: OnceLock<Mutex<Vec<(Game, Game)>>> = OnceLock::new();
    TABLE.get_or_init(|| Mutex::new(vec![(Game::star(), Game::zero())]))
}

fn powers(n: u32) -> (Game, Game) {
    let mut t = table().lock().unwrap_or_else(|e| e.into_inner());
    while t.len() <= n as usize {
        let (_, previous_sum) = *t.last().expect("non-empty");
        let power = Game::new([Game::zero()], [Game::star() - previous_sum]);
        let sum = Game::new([previous_sum], [Game::star()]);
        t.push((power, sum));
    }
    t[n as usize]
}

impl Game {
    /// `↑ⁿ`, the `n`-th power of up ("up-nth"): `↑⁰ = *`, `↑¹ = ↑`, `↑² = {0 | ↓*}`.
    pub fn up_nth(n: u32) -> Game {
        powers(n).0
    }

    /// `↑ + ↑² + … + ↑ⁿ` (`↑^{→n}`); 0 for `n = 0`.
    pub fn up_nth_sum(n: u32) -> Game {
        powers(n).1
    }

    /// The value as `x ± ↑ⁿ + *k` or `x ± (↑ + … + ↑ⁿ) + *k` with `n >= 2`, when it has that
    /// form (values `x + m·↑ + *k` are number-up-stars, see [`Game::as_nus`]).
    pub fn uptimal(&self) -> Option<Uptimal> {
        let e = self.uptimal_expansion()?;
        let order = u32::try_from(e.len()).ok().filter(|&n| n >= 2)?;
        let positive = e.coefficients[e.len() - 1] > 0;
        let kind = if e.is_unit() {
            UptimalKind::Power
        } else if e.is_unit_sum() {
            UptimalKind::PowerSum
        } else {
            return None;
        };
        Some(Uptimal {
            number: e.number,
            positive,
            kind,
            order,
            nimber: e.nimber,
        })
    }

    /// The uptimal expansion `x.d₁d₂…dₙ` (+ `*m`) when the value is an uptimal
    /// `x + *m + d₁·↑ + … + dₙ·↑ⁿ` (CGSuite's `UptimalExpansion`; every number + ups + nimber
    /// value is one, with at most one coefficient).
    ///
    /// ```
    /// use partizan::Game;
    /// let g: Game = "^<2> + ^<2> + v".parse().unwrap(); // −↑ + 2·↑²
    /// assert_eq!(g.uptimal_expansion().unwrap().to_string(), "0.1-2");
    /// assert_eq!("v*".parse::<Game>().unwrap().uptimal_expansion().unwrap().to_string(), "*.1-");
    /// assert!("{1|-1}".parse::<Game>().unwrap().uptimal_expansion().is_none());
    /// ```
    pub fn uptimal_expansion(&self) -> Option<UptimalExpansion> {
        recognise(*self)
    }
}

/// An uptimal expansion: the value `x + *m + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ` with `dₙ ≠ 0`
/// (CGSuite's `UptimalExpansion`; the powers `↑ⁱ` are those of this module).
///
/// `Display` writes it as CGSuite does: the number (omitted when it is 0 and there is a nimber),
/// the nimber, a point, and the digits `dᵢ` — `0`–`9`, then `A`–`Z` for 10 to 35, larger ones in
/// parentheses — each negative digit followed by `-` (CGSuite's superscript dash), or `0` when
/// there are none: `*.1-` is `↓*`, `1/2.2` is `1/2 + ⇑`, `0.011` is `↑² + ↑³`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    number: Number,
    nimber: u64,
    coefficients: Vec<i64>,
}

impl UptimalExpansion {
    /// The expansion `x.d₁d₂…` (+ `*m`); trailing zero coefficients are dropped.
    pub fn new(number: Number, nimber: u64, mut coefficients: Vec<i64>) -> UptimalExpansion {
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        UptimalExpansion {
            number,
            nimber,
            coefficients,
        }
    }

    /// The number part `x`.
    pub fn number(&self) -> &Number {
        &self.number
    }

    /// The nimber part `m` of `*m`.
    pub fn nimber(&self) -> u64 {
        self.nimber
    }

    /// The coefficients `d₁, d₂, …, dₙ` of `↑, ↑², …, ↑ⁿ` (the last one non-zero).
    pub fn coefficients(&self) -> &[i64] {
        &self.coefficients
    }

    /// The length `n`: the largest power of `↑` with a non-zero coefficient (0 for
    /// `x + *m`).
    pub fn len(&self) -> usize {
        self.coefficients.len()
    }

    /// Whether there are no coefficients (the value is `x + *m`).
    pub fn is_empty(&self) -> bool {
        self.coefficients.is_empty()
    }

    /// Whether the expansion is `±↑ⁿ` (one coefficient, `±1`), possibly with a number and a
    /// nimber.
    pub fn is_unit(&self) -> bool {
        let nonzero: Vec<&i64> = self.coefficients.iter().filter(|d| **d != 0).collect();
        matches!(nonzero[..], [d] if d.abs() == 1)
    }

    /// Whether the expansion is `±(↑ + ↑² + … + ↑ⁿ)` (every coefficient `1`, or every one `−1`).
    pub fn is_unit_sum(&self) -> bool {
        match self.coefficients.first() {
            Some(&d) if d.abs() == 1 => self.coefficients.iter().all(|&c| c == d),
            _ => self.coefficients.is_empty(),
        }
    }

    /// The value `x + *m + Σ dᵢ·↑ⁱ`, or `None` when it is too long to build (more than
    /// [`MAX_UPTIMAL_ORDER`] powers) or its coefficients overflow.
    pub fn value(&self) -> Option<Game> {
        if self.len() > MAX_UPTIMAL_ORDER as usize {
            return None;
        }
        let mut g = Game::nus(Nus {
            number: self.number.clone(),
            ups: self.coefficients.first().copied().unwrap_or(0),
            nimber: self.nimber,
        });
        for (i, &d) in self.coefficients.iter().enumerate().skip(1) {
            if d != 0 {
                let power = Game::up_nth(i as u32 + 1);
                g += super::arith::integer_multiple(&num_bigint::BigInt::from(d), power);
            }
        }
        Some(g)
    }

    fn negated(&self) -> UptimalExpansion {
        UptimalExpansion {
            number: -&self.number,
            nimber: self.nimber,
            coefficients: self.coefficients.iter().map(|d| -d).collect(),
        }
    }

    /// Adds `↑ + ↑² + … + ↑^len` and `*` (CGSuite's `increment(true, len)`): the expansion of
    /// a game whose single Right option has this expansion, in the uptimal recursion.
    fn incremented(&self, len: usize) -> Option<UptimalExpansion> {
        let mut c = self.coefficients.clone();
        c.resize(c.len().max(len), 0);
        for d in c.iter_mut().take(len) {
            *d = d.checked_add(1)?;
        }
        Some(UptimalExpansion::new(
            self.number.clone(),
            self.nimber ^ 1,
            c,
        ))
    }

    /// CGSuite's order of uptimals (`UptimalExpansion.compareTo`): by number, then by the
    /// coefficients over the common length, then shorter first, then by nimber.
    pub(crate) fn print_order(&self, other: &UptimalExpansion) -> std::cmp::Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                let common = self.len().min(other.len());
                self.coefficients[..common].cmp(&other.coefficients[..common])
            })
            .then(self.len().cmp(&other.len()))
            .then(self.nimber.cmp(&other.nimber))
    }
}

impl std::fmt::Display for UptimalExpansion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.nimber == 0 || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        let mut nimber = String::new();
        super::nimber::push_nimber(&mut nimber, self.nimber);
        f.write_str(&nimber)?;
        f.write_str(".")?;
        if self.coefficients.is_empty() {
            f.write_str("0")?;
        }
        for &d in &self.coefficients {
            match d.unsigned_abs() {
                a @ 0..=9 => write!(f, "{a}")?,
                a @ 10..=35 => write!(f, "{}", char::from(b'A' + (a - 10) as u8))?,
                a => write!(f, "({a})")?,
            }
            if d < 0 {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}

impl Uptimal {
    /// The value.
    pub fn value(&self) -> Game {
        let (power, sum) = powers(self.order);
        let u = match self.kind {
            UptimalKind::Power => power,
            UptimalKind::PowerSum => sum,
        };
        let u = if self.positive { u } else { -u };
        Game::nus(Nus {
            number: self.number.clone(),
            ups: 0,
            nimber: self.nimber,
        }) + u
    }

    /// Writes the notation: `x^<n>*k`, in parentheses when `parens` and it has several parts.
    pub(crate) fn write(&self, out: &mut String, unicode: bool, parens: bool) {
        let compound = !self.number.is_zero() || self.nimber != 0;
        if compound && parens {
            out.push('(');
        }
        if !self.number.is_zero() {
            out.push_str(&self.number.to_string());
        }
        out.push_str(match (self.positive, unicode) {
            (true, false) => "^",
            (false, false) => "v",
            (true, true) => "↑",
            (false, true) => "↓",
        });
        let (open, close) = match self.kind {
            UptimalKind::Power => ('<', '>'),
            UptimalKind::PowerSum => ('[', ']'),
        };
        out.push(open);
        out.push_str(&self.order.to_string());
        out.push(close);
        super::nimber::push_nimber(out, self.nimber);
        if compound && parens {
            out.push(')');
        }
    }
}

/// Recognitions remembered per generation (see `memo`).
const RECOGNITION_BUDGET: usize = 1 << 16;

fn memo() -> &'static Memo<Game, Option<UptimalExpansion>> {
    static MEMO: OnceLock<Memo<Game, Option<UptimalExpansion>>> = OnceLock::new();
    MEMO.get_or_init(|| Memo::new(8, RECOGNITION_BUDGET, |_| 1))
}

/// Empties the memo of recognised uptimals.
pub(crate) fn clear_memo() {
    memo().clear();
}

/// The expansion of `g` when it needs no options: number + ups + nimber values, games with
/// different stops (never uptimals: an uptimal's stops are its number), and remembered answers.
fn quick(g: Game) -> Option<Option<UptimalExpansion>> {
    if let Some(n) = g.as_nus() {
        return Some(Some(UptimalExpansion::new(
            n.number.clone(),
            n.nimber,
            vec![n.ups],
        )));
    }
    if g.left_stop() != g.right_stop() {
        return Some(None);
    }
    memo().get(g.id() as usize, &g)
}

/// Recognises an uptimal, options first, children before parents, with an explicit stack.
fn recognise(g: Game) -> Option<UptimalExpansion> {
    if let Some(known) = quick(g) {
        return known;
    }
    let mut found: HashMap<Game, Option<UptimalExpansion>> = HashMap::new();
    let mut stack = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if found.contains_key(&h) {
            continue;
        }
        if let Some(known) = quick(h) {
            found.insert(h, known);
            continue;
        }
        if !expanded {
            stack.push((h, true));
            for o in h.left_options().iter().chain(h.right_options()) {
                stack.push((*o, false));
            }
            continue;
        }
        let e = candidate(h, &found, false).or_else(|| candidate(h, &found, true));
        memo().insert(h.id() as usize, h, e.clone());
        found.insert(h, e);
    }
    found.remove(&g).expect("the root is recognised")
}

/// The expansion of `g`, tried from the shape of its canonical form and confirmed by building
/// the value.
///
/// In an uptimal `G = x + *m + d₁·↑ + … + dₙ·↑ⁿ` with `dₙ > 0` every option is an uptimal with
/// number `x`, and there is exactly one Right option, `G − (↑ + ↑² + … + ↑ᵏ) − *` for `k = n`
/// when `dₙ ≥ 2`, or for some `k > n` exceeding every Left option's length when `dₙ = 1` (then
/// `k` is one more than the longest of the Right option and the Left options); this is the
/// recursion CGSuite's `uptimalExpansion` follows. With `dₙ < 0` the same holds for `−G`
/// (`negated`), whose Right option is the negative of `G`'s Left option. A candidate is
/// accepted only when its value, built from the powers of `↑`, is `G` itself, so a recognised
/// expansion is always right.
fn candidate(
    g: Game,
    known: &HashMap<Game, Option<UptimalExpansion>>,
    negated: bool,
) -> Option<UptimalExpansion> {
    let (far, near) = if negated {
        (g.left_options(), g.right_options())
    } else {
        (g.right_options(), g.left_options())
    };
    let expansion = |o: &Game| -> Option<UptimalExpansion> {
        let e = known[o].clone()?;
        Some(if negated { e.negated() } else { e })
    };
    let [r] = far else { return None };
    let right = expansion(r)?;
    let mut longest = right.len();
    for o in near {
        let e = expansion(o)?;
        if e.number != right.number {
            return None;
        }
        longest = longest.max(e.len());
    }
    let mut tries = Vec::with_capacity(2);
    if right.coefficients.last().is_some_and(|&d| d > 0) {
        tries.push(right.len());
    }
    tries.push(longest + 1);
    let (target, option) = if negated { (-g, -*r) } else { (g, *r) };
    tries.into_iter().find_map(|len| {
        let e = right.incremented(len)?;
        (e.is_within_recognition_bounds() && incremented_value(option, len) == Some(target)).then(
            || {
                if negated {
                    e.negated()
                } else {
                    e
                }
            },
        )
    })
}

/// The value of [`UptimalExpansion::incremented`]`(len)` of the expansion of `option`:
/// `option + ↑ + ↑² + … + ↑^len + *`, built as one sum from the option (whose expansion was
/// confirmed when it was recognised) rather than from the powers of `↑` one copy at a time, so
/// that recognising every follower of a deep game costs one sum per follower, not one per copy
/// of a power of `↑` in its expansion; `None` when the sum exceeds the algebra's limits.
fn incremented_value(option: Game, len: usize) -> Option<Game> {
    let len = u32::try_from(len).ok()?;
    let sum = || option + Game::up_nth_sum(len) + Game::star();
    super::limits::catch(std::panic::AssertUnwindSafe(sum)).ok()
}

/// The largest `Σ |dᵢ|` over `i >= 2` and the longest expansion that recognition reports; beyond
/// them a game is not reported as an uptimal. They do not bound the cost of a candidate's
/// confirmation ([`incremented_value`] is one sum whatever they are); they fix which games are
/// recognised, and so how games print and sort. Recognition only orders options when printing,
/// so it must stay cheap and never fail.
const MAX_CONFIRMED_COPIES: u64 = 256;

impl UptimalExpansion {
    /// Whether the expansion is within [`MAX_CONFIRMED_COPIES`].
    fn is_within_recognition_bounds(&self) -> bool {
        let copies: u64 = self
            .coefficients
            .iter()
            .skip(1)
            .map(|d| d.unsigned_abs())
            .sum();
        copies <= MAX_CONFIRMED_COPIES && self.len() <= MAX_CONFIRMED_COPIES as usize
    }
}
