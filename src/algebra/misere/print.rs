//! CGSuite's notation for misère canonical forms: printing and parsing.
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
//! CGSuite's, and still parses back to the same game.

use super::MisereGame;
use crate::algebra::AlgebraError;
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

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

/// A term being read: its game so far, inside the list that it belongs to.
struct Frame {
    terms: Vec<MisereGame>,
    /// Where the list started (for messages), or `None` at the top level.
    open: Option<usize>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, (usize, String)> {
        Err((self.pos, message.into()))
    }

    /// A digit `0`–`9` or `&n;`.
    fn digit(&mut self) -> Result<Option<u64>, (usize, String)> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.pos += 1;
                Ok(Some(u64::from(c - b'0')))
            }
            Some(b'&') => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
                let n: u64 = match text.parse() {
                    Ok(n) => n,
                    Err(_) => return self.fail("expected the digits of a heap size after '&'"),
                };
                if self.peek() != Some(b';') {
                    return self.fail("expected ';' to close '&n;'");
                }
                self.pos += 1;
                Ok(Some(n))
            }
            _ => Ok(None),
        }
    }

    /// The modifiers after a term: `#` and subscripts `[…]`.
    fn modifiers(&mut self, mut g: MisereGame) -> Result<MisereGame, (usize, String)> {
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.pos += 1;
                    g = MisereGame::new([g]);
                }
                Some(b'[') => {
                    self.pos += 1;
                    loop {
                        match self.peek() {
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b'#') => {
                                self.pos += 1;
                                g = MisereGame::new([g]);
                            }
                            Some(b'-') => {
                                self.pos += 1;
                                let at = self.pos;
                                let Some(n) = self.digit()? else {
                                    return self.fail("expected a heap size after '-'");
                                };
                                g = g.minus_nim_heap(n).ok_or((
                                    at,
                                    format!(
                                        "{g} minus the nim heap *{n} is not a game that is known"
                                    ),
                                ))?;
                            }
                            _ => match self.digit()? {
                                Some(n) => g += MisereGame::nim_heap(n),
                                None => {
                                    return self
                                        .fail("expected a subscript: a digit, '-', '#' or ']'")
                                }
                            },
                        }
                    }
                }
                _ => return Ok(g),
            }
        }
    }

    fn parse(&mut self) -> Result<MisereGame, (usize, String)> {
        if self.peek() != Some(b'*') {
            return self.fail("expected '*[' to start a misère canonical form");
        }
        self.pos += 1;
        if self.peek() != Some(b'[') {
            return self.fail("expected '[' after '*'");
        }
        self.pos += 1;
        let list_value = |f: Frame| match f.terms.as_slice() {
            [one] => *one,
            _ => MisereGame::new(f.terms),
        };
        let mut stack = vec![Frame {
            terms: Vec::new(),
            open: None,
        }];
        loop {
            match self.peek() {
                Some(b'(') => {
                    stack.push(Frame {
                        terms: Vec::new(),
                        open: Some(self.pos),
                    });
                    self.pos += 1;
                }
                Some(b')') if stack.len() > 1 => {
                    let frame = stack.pop().expect("an open list");
                    if frame.terms.is_empty() {
                        return self.fail("expected a term before ')'");
                    }
                    self.pos += 1;
                    let g = self.modifiers(list_value(frame))?;
                    stack.last_mut().expect("the top level").terms.push(g);
                }
                Some(b']') if stack.len() == 1 => {
                    let frame = stack.pop().expect("the top level");
                    if frame.terms.is_empty() {
                        return self.fail("expected a term before ']'");
                    }
                    self.pos += 1;
                    if self.pos != self.s.len() {
                        return self.fail("unexpected text after the closing ']'");
                    }
                    return Ok(list_value(frame));
                }
                None => {
                    let open = stack.last().and_then(|f| f.open);
                    return match open {
                        Some(at) => {
                            self.fail(format!("expected ')' to close the '(' at byte {at}"))
                        }
                        None => self.fail("expected ']' to close '*['"),
                    };
                }
                _ => {
                    match self.digit()? {
                        Some(n) => {
                            let g = self.modifiers(MisereGame::nim_heap(n))?;
                            stack.last_mut().expect("a list").terms.push(g);
                        }
                        None => return self.fail(
                            "expected a heap digit, '&n;', '(', '#', '[' or the closing bracket",
                        ),
                    }
                }
            }
        }
    }
}

impl std::str::FromStr for MisereGame {
    type Err = AlgebraError;

    /// Parses CGSuite's notation, e.g. `*[2[2]321]` (see the module documentation); a malformed
    /// string is an [`AlgebraError::Input`] naming the byte where parsing stopped.
    ///
    /// ```
    /// use partizan::algebra::misere::MisereGame;
    /// let e = "*[2(1]".parse::<MisereGame>().unwrap_err();
    /// assert!(e.to_string().starts_with("at byte 5 of \"*[2(1]\": expected "));
    /// ```
    fn from_str(s: &str) -> Result<MisereGame, AlgebraError> {
        let mut p = Parser {
            s: s.as_bytes(),
            pos: 0,
        };
        p.parse().map_err(|(at, message)| {
            AlgebraError::Input(format!("at byte {at} of {s:?}: {message}"))
        })
    }
}
