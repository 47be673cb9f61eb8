//! Uptimals: the powers of up, `↑ⁿ` ("up-nth"), and their partial sums `↑ + ↑² + … + ↑ⁿ`.
//!
//! Definitions (Siegel, CGT §II.4; *Winning Ways* Ch. 8; as CGSuite builds them from `↑ = {0|*}`):
//! `↑^{→0} = 0`, `↑^{→n} = {↑^{→(n−1)} | *}`, and `↑ⁿ = {0 | * − ↑^{→(n−1)}}` for `n >= 1`, so
//! that `↑¹ = ↑` and `↑^{→n} = ↑ + ↑² + … + ↑ⁿ`.
//!
//! The notation (`docs/NOTATION.md`) prints `x + ↑ⁿ + *k` as `x^<n>*k` and
//! `x + ↑^{→n} + *k` as `x^[n]*k` (downs `v<n>`, `v[n]`; Unicode `↑<n>`, `↓[n]`), for `n >= 2`
//! (with `n = 1` the value is a plain `x + ↑ + *k`).

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
        chain(*self).filter(|u| u.order >= 2)
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
        super::print::push_nimber(out, self.nimber);
        if compound && parens {
            out.push(')');
        }
    }
}

/// Parses an uptimal marker at the start of `s`: an arrow (`^`, `v`, `↑`, `↓`) directly followed
/// by `<n>` or `[n]`. `None` when `s` does not start with one; otherwise the number of bytes
/// read and the value `±U`, or a message about `n`.
pub(crate) fn parse_marker(s: &str) -> Option<Result<(usize, Game), String>> {
    let arrow = s.chars().next()?;
    let positive = match arrow {
        '^' | '↑' => true,
        'v' | '↓' => false,
        _ => return None,
    };
    let rest = &s[arrow.len_utf8()..];
    let (kind, close) = match rest.chars().next()? {
        '<' => (UptimalKind::Power, '>'),
        '[' => (UptimalKind::PowerSum, ']'),
        _ => return None,
    };
    let digits: String = rest[1..].chars().take_while(char::is_ascii_digit).collect();
    let end = 1 + digits.len();
    if digits.is_empty() || !rest[end..].starts_with(close) {
        return Some(Err(format!(
            "expected an order and '{close}' after '{arrow}{}', e.g. {arrow}{}2{close}",
            &rest[..1],
            &rest[..1]
        )));
    }
    let order = match digits.parse::<u32>() {
        Ok(n) if (1..=MAX_UPTIMAL_ORDER).contains(&n) => n,
        _ => {
            return Some(Err(format!(
                "the uptimal order {digits} is out of range: it must be between 1 and {MAX_UPTIMAL_ORDER}"
            )))
        }
    };
    let value = Uptimal {
        number: Number::zero(),
        positive,
        kind,
        order,
        nimber: 0,
    }
    .value();
    Some(Ok((arrow.len_utf8() + end + 1, value)))
}

/// Recognitions remembered per generation (see `memo`).
const RECOGNITION_BUDGET: usize = 1 << 16;

fn memo() -> &'static Memo<Game, Option<Uptimal>> {
    static MEMO: OnceLock<Memo<Game, Option<Uptimal>>> = OnceLock::new();
    MEMO.get_or_init(|| Memo::new(8, RECOGNITION_BUDGET))
}

/// Empties the memo of recognised uptimals.
pub(crate) fn clear_memo() {
    memo().clear();
}

/// The recognition of `g` when it needs no options: number + ups + nimber values, games with
/// different stops (never uptimals), and remembered answers.
fn quick(g: Game) -> Option<Option<Uptimal>> {
    if let Some(n) = g.as_nus() {
        return Some((n.ups.unsigned_abs() == 1).then(|| Uptimal {
            number: n.number.clone(),
            positive: n.ups > 0,
            kind: UptimalKind::PowerSum,
            order: 1,
            nimber: n.nimber,
        }));
    }
    if g.left_stop() != g.right_stop() {
        return Some(None);
    }
    memo().get(g.id() as usize, &g)
}

/// Recognises `x ± ↑ⁿ + *k` and `x ± ↑^{→n} + *k` for `n >= 1` (with `n = 1` both are
/// `x ± ↑ + *k`). Candidates come from the shapes of the canonical forms,
/// `x + ↑ⁿ + *k = {x, x*, …, x*k | x + ↓^{→(n−1)} + *(k ⊕ 1)}` and
/// `x + ↑^{→n} + *k = {x + ↑^{→(n−1)} + *k, … | …}`, and each candidate is confirmed by building
/// its value from the definitions and comparing, so a recognised shape is always right.
///
/// The options are recognised first, children before parents, with an explicit stack.
fn chain(g: Game) -> Option<Uptimal> {
    if let Some(known) = quick(g) {
        return known;
    }
    let mut found: HashMap<Game, Option<Uptimal>> = HashMap::new();
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
        let recognised = candidates(h, &found).into_iter().find(|u| u.value() == h);
        memo().insert(h.id() as usize, h, recognised.clone(), 1);
        found.insert(h, recognised);
    }
    found.remove(&g).expect("the root is recognised")
}

/// The candidates for `g`, given the recognitions of its options in `known`.
fn candidates(g: Game, known: &HashMap<Game, Option<Uptimal>>) -> Vec<Uptimal> {
    let x = g.left_stop();
    let mut out = Vec::new();
    // An option that is a partial sum x ± ↑^{→m} + *j (or x ± ↑ + *j).
    let sum_option = |o: &Game, positive: bool| {
        known[o].clone().filter(|u| {
            u.number == *x
                && u.positive == positive
                && (u.kind == UptimalKind::PowerSum || u.order == 1)
                && u.order < MAX_UPTIMAL_ORDER
        })
    };
    let (lo, ro) = (g.left_options(), g.right_options());
    for (side, positive) in [(ro, false), (lo, true)] {
        for o in side {
            if let Some(u) = sum_option(o, positive) {
                // x ± ↑^{m+1} + *(j ⊕ 1) has this single option on the far side.
                if side.len() == 1 {
                    out.push(Uptimal {
                        number: x.clone(),
                        positive: !positive,
                        kind: UptimalKind::Power,
                        order: u.order + 1,
                        nimber: u.nimber ^ 1,
                    });
                }
                // x ± ↑^{→(m+1)} + *j extends the partial sum on the same side.
                out.push(Uptimal {
                    number: x.clone(),
                    positive,
                    kind: UptimalKind::PowerSum,
                    order: u.order + 1,
                    nimber: u.nimber,
                });
            }
        }
    }
    out
}
