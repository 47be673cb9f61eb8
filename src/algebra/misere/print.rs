//! CGSuite's notation for misère canonical forms, printed. The expression language reads it
//! (`"*[2#]".parse::<MisereGame>()`, `partizan::eval("*[2] + *[2]")`).
//!
//! A form is written `*[…]` (CGSuite 2.x, `MisereCanonicalGame`; its tutorial "Misère Theory"
//! describes the notation). Inside the brackets:
//! - a digit is a nim heap: `*[2]` is `*2`; heaps of 10 or more are written `&10;`;
//! - several terms side by side are the options: `*[42]` is the game with options `*4` and `*2`;
//!   an option that is itself such a list is in parentheses, `*[(42)3]`;
//! - `#` after a term makes it the only option: `*[2#]` is `{*2}`, `*[2##]` is `{{*2}}`;
//! - a sum with a nim heap is written with a subscript, in plain text in square brackets after
//!   the first digit (or `)`): `*[2[2]]` is `*2 + *2`, `*[2[#1]]` is `{*2} + *`, `*[(42)[-2]]` is
//!   `{*4, *2} − *2`. The subscripts apply from left to right: `*[2[#2#]]` is `{{*2} + *2}`.
//!
//! **Printing** follows CGSuite's choices: a nim heap is its digit; otherwise, for `i = 2, 4, …`
//! (`3, 5, …` for an odd game, see [`MisereGame::is_even`]) below the birthday, the first
//! decomposition `X + *i` or `X − *i` with `X` born earlier is used; otherwise an odd game is its
//! even part with the subscript `1`; a game with one option is that option and `#`; and a game
//! with several options lists them, in CGSuite's order from the last to the first: options
//! compare by the birthday, the number of options, `G⁺`, `G⁻` and then the options (in this
//! order) of their even parts, and an even game comes before its odd partner. So
//! `*2 + *2 + *3 + *1`-like forms print as `*[2[2]321]`. Where a decomposition `X ± *i`
//! exists but [`MisereGame::minus_nim_heap`] does not find it, the printed form is longer than
//! CGSuite's, and still reads back as the same game.

use super::MisereGame;
use std::cmp::Ordering;
use std::fmt;

/// The even part `E` of `g` and whether `g = E + *` is odd.
fn even_part(g: MisereGame) -> (MisereGame, bool) {
    if g.is_even() {
        (g, false)
    } else {
        (g.plus_star(), true)
    }
}

fn keys(e: MisereGame) -> (u64, u64, u64, u64) {
    (
        e.birthday(),
        e.option_count(),
        e.normal_grundy(),
        e.misere_grundy(),
    )
}

/// CGSuite's order of misère canonical forms (see the module documentation), without recursion.
pub fn canonical_order(a: MisereGame, b: MisereGame) -> Ordering {
    ensure_ordered(a);
    ensure_ordered(b);
    let mut stack: Vec<(&'static [MisereGame], &'static [MisereGame], usize)> = Vec::new();
    let mut pair = Some((a, b));
    loop {
        if let Some((x, y)) = pair.take() {
            if x != y {
                let (ex, ox) = even_part(x);
                let (ey, oy) = even_part(y);
                if ex == ey {
                    return ox.cmp(&oy);
                }
                let o = keys(ex).cmp(&keys(ey));
                if o != Ordering::Equal {
                    return o;
                }
                stack.push((ordered(ex), ordered(ey), 0));
            }
        }
        let Some(top) = stack.last_mut() else {
            return Ordering::Equal;
        };
        if top.2 >= top.0.len() {
            stack.pop();
            continue;
        }
        pair = Some((top.0[top.2], top.1[top.2]));
        top.2 += 1;
    }
}

/// The options of `e` in CGSuite's order (increasing); computed by [`ensure_ordered`].
fn ordered(e: MisereGame) -> &'static [MisereGame] {
    ensure_ordered(e);
    e.0.ordered.get().expect("ordered")
}

/// Sorts the options of `e` and of everything a comparison below `e` visits, bottom-up.
fn ensure_ordered(e: MisereGame) {
    if e.0.ordered.get().is_some() {
        return;
    }
    let mut stack = vec![(e, false)];
    while let Some((x, expanded)) = stack.pop() {
        if x.0.ordered.get().is_some() {
            continue;
        }
        if let Some(n) = x.as_nim_heap() {
            // *0 < *1 < *2 < …: *2k is even and *(2k + 1) its odd partner.
            let _ = x.0.ordered.set((0..n).map(MisereGame::nim_heap).collect());
            continue;
        }
        // A comparison of two options descends into the sorted options of their even parts.
        let deps: Vec<MisereGame> = x
            .options()
            .iter()
            .map(|&o| even_part(o).0)
            .filter(|d| d.0.ordered.get().is_none())
            .collect();
        if !expanded && !deps.is_empty() {
            stack.push((x, true));
            stack.extend(deps.into_iter().map(|d| (d, false)));
            continue;
        }
        let mut v = x.options().to_vec();
        v.sort_by(|&p, &q| canonical_order(p, q));
        let _ = x.0.ordered.set(v.into_boxed_slice());
    }
}

/// A digit of CGSuite's notation: `0`–`9`, or `&n;`.
fn digit(n: u64) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// The decomposition `g = x + *i` (`"i"`) or `g = x − *i` (`"-i"`) that CGSuite prints, if any.
fn part(g: MisereGame) -> Option<(MisereGame, String)> {
    let b = g.birthday();
    let mut i = if g.is_even() { 2 } else { 3 };
    while i < b {
        if let Some(x) = g.minus_nim_heap(i) {
            if x.birthday() < b {
                return Some((x, digit(i)));
            }
        }
        let s = g + MisereGame::nim_heap(i);
        if s.birthday() < b {
            return Some((s, format!("-{}", digit(i))));
        }
        i += 2;
    }
    None
}

enum Work {
    Text(String),
    Term(MisereGame, bool),
}

/// The text between `*[` and `]`.
fn body(g: MisereGame) -> String {
    let mut out = String::new();
    let mut work = vec![Work::Term(g, false)];
    while let Some(w) = work.pop() {
        let (x, paren) = match w {
            Work::Text(s) => {
                out.push_str(&s);
                continue;
            }
            Work::Term(x, paren) => (x, paren),
        };
        // Peel the modifiers from the outside in: subscripts (sums with nim heaps) and `#`.
        let mut mods: Vec<String> = Vec::new();
        let mut subscripted = false;
        let mut cur = x;
        let list = loop {
            if cur.as_nim_heap().is_some() {
                break None;
            }
            if let Some((y, m)) = part(cur) {
                mods.push(m);
                subscripted = true;
                cur = y;
                continue;
            }
            if !cur.is_even() {
                mods.push("1".into());
                subscripted = true;
                cur = cur.plus_star();
                continue;
            }
            let opts = ordered(cur);
            if opts.len() == 1 {
                mods.push("#".into());
                cur = opts[0];
                continue;
            }
            break Some(opts);
        };
        let mut suffix: String = mods.iter().rev().map(String::as_str).collect();
        if subscripted {
            suffix = format!("[{suffix}]");
        }
        work.push(Work::Text(suffix));
        match list {
            None => work.push(Work::Text(digit(cur.as_nim_heap().expect("a nim heap")))),
            Some(opts) => {
                let parens = paren || !mods.is_empty();
                if parens {
                    work.push(Work::Text(")".into()));
                }
                // Popped last to first: the options print from the greatest down.
                work.extend(opts.iter().map(|&o| Work::Term(o, true)));
                if parens {
                    work.push(Work::Text("(".into()));
                }
            }
        }
    }
    out
}

impl fmt::Display for MisereGame {
    /// CGSuite's notation: `*[0]`, `*[2#]`, `*[2[2]321]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*[{}]", body(*self))
    }
}
