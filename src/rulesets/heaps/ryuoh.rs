//! The generalised Ryūō piece of the Wythoff-variant paper, and its distance-limited version.
//!
//! **Rules.** A piece on a quarter-infinite board at `(x, y)` moves towards the corner `(0, 0)`;
//! whoever cannot move loses. For a parameter `p >= 1` the *generalised Ryūō* moves
//! - like a rook, any distance left or down: `(x − t, y)` or `(x, y − t)`, `t >= 1`;
//! - along the "staircase" of diagonal steps `(x − s, y − t)` with `s, t >= 1` and
//!   `s + t <= p − 1`.
//!
//! For `p = 3` this is the Ryūō (dragon king, the promoted rook of shogi: a rook plus one diagonal
//! step); `p = 1` and `p = 2` are the plain rook (two-heap Nim). The *distance-limited* piece with
//! a second parameter `q >= 1` moves at most `q − 1` squares left or down; its diagonal steps are
//! the same. (R. Miyadera, Y. Tokuni, Y. Nakaya, M. Fukui, T. Abuku, K. Suetsugu, "Ryūō Nim: a
//! variant of the classical game of Wythoff Nim", arXiv:1711.01411. The move rules are derived from
//! its formula (2) and its Table 1, which the brute force here reproduces exactly: there `(9, 0)`
//! has value 0, so a move of 9 = q squares is not allowed, and `(2, 1)` has value 0, so the
//! diagonal step `(2, 1)` with `s + t = p` is not.)
//!
//! **Input.** `ryuoh(x, y)` (p = 3), `ryuoh(x, y, p=4)`, `ryuoh(x, y, p=3, q=9)` in expressions;
//! `partizan table ryuoh p=P [q=Q] size=N` prints the table (default p = 3, size 19, no
//! limit), `x` across and `y` down, like the paper's Table 1.
//!
//! **Theorems checked.**
//! - Formula (2) of the paper: `G(x, y) = ((x + y) mod p) + p·(⌊x/p⌋ ⊕ ⌊y/p⌋)`, against brute
//!   force for `p = 2..6` on the 40×40 board.
//! - Theorem 2.1 (formula (3)), for `q ≡ 0 (mod p)`: the distance-limited piece has
//!   `G(x, y) = ((x + y) mod p) + p·(⌊(x mod q)/p⌋ ⊕ ⌊(y mod q)/p⌋)`, against brute force for every
//!   `q ≡ 0 (mod p)` up to 42 on the 40×40 board. For other `q` no formula is claimed and the table
//!   is computed by brute force.
//! - Table 1 of the paper (p = 3, q = 9, 19×19; `tests/data/paper-table1-ryuoh-p3-q9.tsv`),
//!   cell by cell.

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::wythoff::{check_cells, table_shape};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::{slider_table, Bitset, Slides};
use crate::rulesets::positions::Counted;
use crate::solve::position::{self, OPTIONS_LIMIT};
use crate::solve::{AsPartizan, ImpartialRuleset, Position, Table, TableParams};
use crate::Error;

/// The generalised Ryūō piece with parameter `p`, optionally limited to orthogonal moves of at
/// most `q − 1` squares. A position is `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ryuoh {
    p: usize,
    q: Option<usize>,
}

impl Ryuoh {
    /// The piece with parameters `p >= 1` and, if given, `q >= 1`.
    pub fn new(p: usize, q: Option<usize>) -> Result<Ryuoh, Error> {
        if p == 0 {
            return Err(Error::input("p must be at least 1 (the diagonal steps have s + t <= p − 1)"));
        }
        if q == Some(0) {
            return Err(Error::input("q must be at least 1 (orthogonal moves of at most q − 1 squares)"));
        }
        Ok(Ryuoh { p, q })
    }

    /// The staircase parameter `p`.
    pub fn p(&self) -> usize {
        self.p
    }

    /// The distance limit `q`, if any.
    pub fn q(&self) -> Option<usize> {
        self.q
    }

    /// The longest orthogonal move.
    fn reach(&self) -> usize {
        self.q.map_or(usize::MAX, |q| q - 1)
    }

    /// The number of moves from `(x, y)`, or any number above `limit` when there are more (the
    /// diagonal steps are counted one `s` at a time, and the count stops past `limit`).
    pub fn options_count(&self, x: usize, y: usize, limit: u128) -> u128 {
        let reach = self.reach();
        let mut n = x.min(reach) as u128 + y.min(reach) as u128;
        for s in 1..=x.min(self.p.saturating_sub(2)) {
            if n > limit {
                break;
            }
            n += y.min(self.p - 1 - s) as u128;
        }
        n
    }

    /// The diagonal steps `(s, t)`: `s, t >= 1`, `s + t <= p − 1`.
    pub fn diagonal_steps(&self) -> Vec<(usize, usize)> {
        let mut steps = Vec::new();
        for s in 1..self.p {
            for t in 1..self.p {
                if s + t < self.p {
                    steps.push((s, t));
                }
            }
        }
        steps
    }

    /// The value by the paper's closed formulas, when one applies: formula (2) without a limit,
    /// Theorem 2.1 when `q ≡ 0 (mod p)`; `None` otherwise.
    ///
    /// ```
    /// use partizan::rulesets::ryuoh::Ryuoh;
    /// let r = Ryuoh::new(3, None).unwrap();
    /// // (4 + 5) mod 3 + 3·(1 ⊕ 1) = 0.
    /// assert_eq!(r.formula(4, 5), Some(0));
    /// assert_eq!(r.formula(u64::MAX, 0), Some(u64::MAX as u128));
    /// assert_eq!(Ryuoh::new(3, Some(9)).unwrap().formula(9, 0), Some(0));
    /// assert_eq!(Ryuoh::new(3, Some(7)).unwrap().formula(1, 1), None);
    /// ```
    /// The value is returned as `u128`: for coordinates near `2^64` it can exceed `u64`.
    pub fn formula(&self, x: u64, y: u64) -> Option<u128> {
        let p = self.p as u128;
        let (x, y) = match self.q {
            None => (x as u128, y as u128),
            Some(q) if (q as u128).is_multiple_of(p) => {
                (x as u128 % q as u128, y as u128 % q as u128)
            }
            Some(_) => return None,
        };
        // x/p ⊕ y/p < 2^64 and p < 2^64, so the product fits u128.
        Some((x + y) % p + p * ((x / p) ^ (y / p)))
    }

    /// The Grundy values of the `width × height` corner: `G(x, y)` at `[y * width + x]`.
    ///
    /// Without a limit (or when the limit exceeds the board) the rook lines keep bitsets of the
    /// values seen ([`slider_table`]); with a limit each cell takes the mex of its at most
    /// `2(q − 1) + p²/2` options.
    pub fn grundy_table(&self, width: usize, height: usize) -> Vec<u32> {
        let steps = self.diagonal_steps();
        let reach = match self.q {
            Some(q) if q <= width.max(height) => q - 1,
            _ => {
                let rook = Slides {
                    row: true,
                    column: true,
                    diagonal: false,
                };
                return slider_table(width, height, rook, &steps);
            }
        };
        let mut g = vec![0u32; width * height];
        let mut seen = Bitset::new();
        for y in 0..height {
            for x in 0..width {
                seen.clear();
                for t in 1..=reach.min(x) {
                    seen.insert(g[y * width + x - t] as usize);
                }
                for t in 1..=reach.min(y) {
                    seen.insert(g[(y - t) * width + x] as usize);
                }
                for &(s, t) in &steps {
                    if s <= x && t <= y {
                        seen.insert(g[(y - t) * width + x - s] as usize);
                    }
                }
                g[y * width + x] = seen.mex() as u32;
            }
        }
        g
    }
}

impl ImpartialRuleset for Ryuoh {
    type Position = (usize, usize);

    /// The rook moves, then the diagonal steps in the order of [`Ryuoh::diagonal_steps`], only
    /// those that stay on the board (so that a large `p` costs nothing at a small `(x, y)`).
    fn options(&self, &(x, y): &(usize, usize)) -> Vec<(usize, usize)> {
        let reach = self.reach();
        let mut out = Vec::new();
        out.extend((1..=x.min(reach)).map(|t| (x - t, y)));
        out.extend((1..=y.min(reach)).map(|t| (x, y - t)));
        for s in 1..=x.min(self.p.saturating_sub(2)) {
            for t in 1..=y.min(self.p - 1 - s) {
                out.push((x - s, y - t));
            }
        }
        out
    }

    fn normalize(&self, (x, y): (usize, usize)) -> (usize, usize) {
        // The rules are symmetric in x and y.
        (x.min(y), x.max(y))
    }
}

/// Reads `ryuoh(x, y, p=3, q=Q)`: the piece and its square.
fn read(positional: &[Arg], named: &[NamedArg]) -> Result<(Ryuoh, usize, usize), Error> {
    let x = args::size(positional, 0, "x")?;
    let y = args::size(positional, 1, "y")?;
    if positional.len() > 2 {
        return Err(Error::input("give p and q by name: ryuoh(x, y, p=3, q=9)"));
    }
    let named_size = |name: &str| -> Result<Option<usize>, Error> {
        match args::named(named, name, &["p", "q"])? {
            None => Ok(None),
            Some(a) => args::size(std::slice::from_ref(a), 0, name).map(Some),
        }
    };
    let piece = Ryuoh::new(named_size("p")?.unwrap_or(3), named_size("q")?)?;
    Ok((piece, x, y))
}

/// The value `*G(x, y)` of the piece at `(x, y)`: by the paper's formula when one applies, else
/// from the table of the corner.
pub fn value(piece: &Ryuoh, x: usize, y: usize) -> Result<Game, Error> {
    if let Some(v) = piece.formula(x as u64, y as u64) {
        let v = u64::try_from(v)
            .map_err(|_| Error::input(format!("the value {v} exceeds the largest nimber")))?;
        return Ok(Game::nimber(v));
    }
    let (w, h) = (x + 1, y + 1);
    check_cells(w, h)?;
    Ok(Game::nimber(piece.grundy_table(w, h)[h * w - 1] as u64))
}

/// `ryuoh(x, y, p=3, q=Q)` as a position (see [`crate::solve::position`]), written with `p`
/// when it is not 3 and with `q` when there is one; listing the options of a position with more
/// than can be listed is refused.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let (piece, x, y) = read(positional, named)?;
    let known = value(&piece, x, y)?;
    let rules = Counted {
        rules: piece,
        count: |r, &(x, y)| r.options_count(x, y, OPTIONS_LIMIT),
        write: |r, (x, y), f| {
            write!(f, "ryuoh({x},{y}")?;
            if r.p != 3 {
                write!(f, ",p={}", r.p)?;
            }
            if let Some(q) = r.q {
                write!(f, ",q={q}")?;
            }
            f.write_str(")")
        },
    };
    let p = position::of(
        AsPartizan(rules),
        true,
        (x, y),
        |r, p, f| r.0.write(p, f),
        |r, &(x, y)| value(&r.0.rules, x, y),
    );
    Ok(p.with_value(known))
}

/// `partizan table ryuoh p=P [q=Q] size=N` (defaults p = 3, no limit, size 19).
fn table(args: &TableParams) -> Result<Table, Error> {
    let p = match args.int("p") {
        None => 3,
        Some(p) if p >= 1 => p as usize,
        Some(p) => return Err(Error::input(format!("p must be at least 1, not {p}"))),
    };
    let q = match args.int("q") {
        None => None,
        Some(q) if q >= 1 => Some(q as usize),
        Some(q) => return Err(Error::input(format!("q must be at least 1, not {q}"))),
    };
    let piece = Ryuoh::new(p, q)?;
    let (w, h) = table_shape(args, 19)?;
    let g = piece.grundy_table(w, h);
    let caption = match q {
        None => format!("Grundy values of the generalised Ryuoh piece, p = {p}"),
        Some(q) => format!("Grundy values of the distance-limited Ryuoh piece, p = {p}, q = {q}"),
    };
    Ok(Table::grid(&caption, "x", "y", w, h, |x, y| {
        g[y * w + x].to_string()
    }))
}

/// The `ryuoh` family (see the module documentation).
pub struct RyuohFamily;

impl Family for RyuohFamily {
    fn name(&self) -> &'static str {
        "ryuoh"
    }
    fn usage(&self) -> &'static str {
        "ryuoh(x, y, p=3, q=Q): the generalised Ryuoh piece at (x, y); q limits orthogonal moves to q - 1 squares"
    }
    fn example(&self) -> &'static str {
        "ryuoh(4, 5, p=3, q=9)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "p",
                    meaning: "diagonal moves of at most p-1 steps, default 3",
                },
                Param {
                    name: "q",
                    meaning: "orthogonal moves of at most q-1 steps, default no limit",
                },
                Param {
                    name: "size",
                    meaning: "the board is size x size, default 19",
                },
                Param {
                    name: "cols",
                    meaning: "columns instead of size",
                },
                Param {
                    name: "rows",
                    meaning: "rows instead of size",
                },
            ],
            example: "table ryuoh p=3 q=9 size=19",
            build: table,
        })
    }
}
