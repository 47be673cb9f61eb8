//! The paper-cutting game.
//!
//! **Rules.** A `W × H` sheet of grid paper. A move takes one sheet and cuts it along a grid
//! line into two pieces; both pieces stay in play. The player who cuts out a `1 × 1` piece wins.
//!
//! **Convention** (the usual one, e.g. the classic programming problem "Cutting Game", POJ 2311):
//! a cut that leaves a strip of width 1 (a `1 × n` piece) lets the opponent cut a `1 × 1` piece
//! off it at once and win, so no player makes such a cut unless every cut he has does so, and
//! then he has lost whatever he does. The game is therefore the *normal-play* game in which a move
//! cuts a sheet into two pieces whose sides are all at least 2, and the player who cannot make
//! such a cut loses: `2 × 2`, `2 × 3` and `3 × 3` sheets are terminal (value 0). Positions are
//! sheets with both sides at least 2; several sheets add (XOR of values). A sheet with a side 1
//! (other than `1 × 1`) is an immediate win for the player to move and has no value here.
//!
//! ```text
//! G(W, H) = mex({G(a, H) ⊕ G(W − a, H) : 2 <= a <= W − 2}
//!             ∪ {G(W, b) ⊕ G(W, H − b) : 2 <= b <= H − 2})
//! ```
//!
//! **Input.** `cutting(W, H)` in expressions (the value `*G(W, H)`);
//! `partizan table cutting size=N` prints the table for `W, H = 2..N` (default 12; `size=200` for
//! the table of sizes 2..200).
//!
//! **Checks.** The tests check this convention against a brute-force search of the original
//! game (where cutting out `1 × 1` wins) on every position of one or two sheets up to 7 × 7,
//! and the table for sizes 2..200 against a separately coded recursion, and the values against
//! the canonical forms of [`crate::solve::Solver`].

use crate::algebra::Game;
use crate::rulesets::args;
use crate::rulesets::family::{Family, Param, TableSpec};
use crate::rulesets::nim::singletons;
use crate::rulesets::wythoff::check_cells;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::grundy::Bitset;
use crate::rulesets::positions::write_sum;
use crate::solve::position;
use crate::solve::{AsPartizan, ImpartialRuleset, Position, Table, TableParams};
use crate::Error;

/// The paper-cutting game in the convention above; a position is a list of `(W, H)` sheets,
/// both sides at least 2.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutting;

impl ImpartialRuleset for Cutting {
    type Position = Vec<(usize, usize)>;

    fn options(&self, sheets: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        for (i, &(w, h)) in sheets.iter().enumerate() {
            let mut cut = |a: (usize, usize), b: (usize, usize)| {
                let mut next = sheets.clone();
                next[i] = a;
                next.push(b);
                out.push(next);
            };
            for a in 2..=w.saturating_sub(2) {
                cut((a, h), (w - a, h));
            }
            for b in 2..=h.saturating_sub(2) {
                cut((w, b), (w, h - b));
            }
        }
        out
    }

    fn components(&self, sheets: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        singletons(sheets)
    }

    fn normalize(&self, sheets: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        // A sheet turned a quarter turn is the same sheet.
        let mut s: Vec<(usize, usize)> = sheets
            .into_iter()
            .map(|(w, h)| (w.min(h), w.max(h)))
            .collect();
        s.sort_unstable();
        s
    }
}

/// The Grundy values `G(W, H)` for `0 <= W, H <= max`, at `[W][H]` (entries with a side below 2
/// are 0 and meaningless).
///
/// ```
/// use partizan::rulesets::cutting::grundy_table;
/// let g = grundy_table(5);
/// // 2×2, 2×3, 3×3 are terminal; 4×2 → 2×2 + 2×2 = 0, so G(4, 2) = 1.
/// assert_eq!((g[2][2], g[3][3], g[4][2]), (0, 0, 1));
/// ```
pub fn grundy_table(max: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; max + 1]; max + 1];
    let mut seen = Bitset::new();
    for w in 2..=max {
        for h in 2..=w {
            seen.clear();
            for a in 2..=w.saturating_sub(2) {
                seen.insert((g[a][h] ^ g[w - a][h]) as usize);
            }
            for b in 2..=h.saturating_sub(2) {
                seen.insert((g[w][b] ^ g[w][h - b]) as usize);
            }
            let v = seen.mex() as u32;
            g[w][h] = v;
            g[h][w] = v;
        }
    }
    g
}

/// Checks that a sheet has a value in this convention.
fn check_sheet(w: usize, h: usize) -> Result<(), Error> {
    if w.min(h) >= 2 {
        Ok(())
    } else if w.max(h) >= 2 {
        Err(Error::input(format!(
            "a {w}×{h} strip is an immediate win for the player to move (he cuts off a 1×1 piece); it has no Grundy value in this convention"
        )))
    } else {
        Err(Error::input(format!("a {w}×{h} sheet cannot be cut")))
    }
}

/// The largest side a call and the table accept (the table takes `O(N³)` time).
pub const MAX_SIDE: usize = 500;

/// `cutting(W, H)`: the value `*G(W, H)`.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<Game, Error> {
    args::named(named, "", &[])?;
    let w = args::size(positional, 0, "the width W")?;
    let h = args::size(positional, 1, "the height H")?;
    check_sheet(w, h)?;
    if w.max(h) > MAX_SIDE {
        return Err(Error::input(format!("a side of at most {MAX_SIDE}, please")));
    }
    Ok(Game::nimber(grundy_table(w.max(h))[w][h] as u64))
}

/// `cutting(W, H)` as a position (see [`crate::solve::position`]): a cut leaves two sheets, and
/// a position of several sheets is written as their sum, `cutting(2,4) + cutting(3,4)`.
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let known = call(positional, named)?;
    let sheet = (
        args::size(positional, 0, "the width W")?,
        args::size(positional, 1, "the height H")?,
    );
    let p = position::of(
        AsPartizan(Cutting),
        true,
        vec![sheet],
        |_, sheets, f| {
            write_sum(
                f,
                sheets,
                |f| f.write_str("0"),
                |f, (w, h)| write!(f, "cutting({w},{h})"),
            )
        },
        |_, sheets| {
            let g = grundy_table(sheets.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(0));
            Ok(Game::nimber(
                sheets.iter().fold(0, |x, &(w, h)| x ^ u64::from(g[w][h])),
            ))
        },
    );
    Ok(p.with_value(known))
}

/// `partizan table cutting size=N` (default 12): `G(W, H)` for `W` across and `H` down, from 2
/// to `N`.
fn table(args: &TableParams) -> Result<Table, Error> {
    let n = args.natural("size")?.unwrap_or(12);
    if n < 2 {
        return Err(Error::input(format!("size must be at least 2 (the smallest sheet is 2×2), not {n}")));
    }
    if n > MAX_SIDE {
        return Err(Error::input(format!("size must be at most {MAX_SIDE}")));
    }
    check_cells(n, n)?;
    let g = grundy_table(n);
    let mut t = Table::grid(
        "Grundy values of the paper-cutting game (W across, H down)",
        "W",
        "H",
        n - 1,
        n - 1,
        |i, j| g[i + 2][j + 2].to_string(),
    );
    t.columns = (2..=n).map(|w| w.to_string()).collect();
    t.rows = (2..=n).map(|h| h.to_string()).collect();
    Ok(t)
}

/// The `cutting` family (see the module documentation).
pub struct CuttingFamily;

impl Family for CuttingFamily {
    fn name(&self) -> &'static str {
        "cutting"
    }
    fn usage(&self) -> &'static str {
        "cutting(W, H): the paper-cutting game on a W×H sheet, W, H >= 2"
    }
    fn example(&self) -> &'static str {
        "cutting(5, 7)"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[Param {
                name: "size",
                meaning: "the largest width and height, from 2, default 12",
            }],
            example: "table cutting size=20",
            build: table,
        })
    }
}
