//! The printer of canonical stoppers in CGSuite's loopy notation.
//!
//! Conventions (CGSuite's `SimplifiedLoopyGame`, `CanonicalStopper` and `Pseudonumber`
//! printers):
//! * a loopfree position prints as its short game (`docs/NOTATION.md`);
//! * `on`, `off`, and `x over`, `x under` for a number `x` (`over`, `1over`, `3/2under`);
//! * a position equal to its negative prints as `+-` and its Left options;
//! * `x Tiny(G)` and `x Miny(G)` for `{x || x | x − G}` with `x − G <= x + under` (a plumtree);
//! * the upon family: `x^[on]*k` for `{pass | x*(k⊕1)}` (and `{pass, x | x}` when `k = 1`),
//!   `x^<on>*k` for `{x, x*, …, x*(n⊕1)... | x v[on]*n}` as CGSuite recognises them, and their
//!   negatives with `v`;
//! * otherwise braces with the slash convention; an option equal to the position itself prints
//!   `pass`; a position reached again while it is being printed gets a name (`a`, `b`, …, `z`,
//!   then `N1`, `N2`, …) written before its opening brace and used at each return to it.
//!
//! Options print short games first in the order of [`crate::algebra::print::print_order`], then
//! loopy options in the canonical numbering of the graph. The printer keeps its own stack of
//! frames; nothing recurses on the depth of the graph.

use super::canonical::label;
use super::graph::Graph;
use super::stopper::{graph_games, Stopper};
use crate::algebra::{Game, Number};
use std::cell::Cell;
use std::fmt;

/// The bar run at which a nested form is braced (as for short games).
const MAX_BARS: usize = 4;

thread_local! {
    /// How deeply `Tiny`/`Miny` subscripts are nested in the printing under way.
    static NESTING: Cell<usize> = const { Cell::new(0) };
}

/// The names CGSuite gives to repeated positions.
fn nth_name(n: usize) -> String {
    if n < 26 {
        ((b'a' + n as u8) as char).to_string()
    } else {
        format!("N{}", n - 25)
    }
}

/// A short game printed as an option: without its braces when it is a single option that
/// prints in the slash convention with fewer than four bars; returns the text and its bar run.
fn short_text(g: Game, force_braces: bool, force_parens: bool) -> (String, usize) {
    let s = g.to_string();
    if let Some(n) = g.as_nus() {
        let parts = [!n.number.is_zero(), n.ups != 0, n.nimber != 0];
        if force_parens && parts.iter().filter(|p| **p).count() > 1 {
            return (format!("({s})"), 0);
        }
    }
    if !force_braces && s.starts_with('{') && s.ends_with('}') {
        let inner = &s[1..s.len() - 1];
        let bars = top_level_bars(inner);
        if bars < MAX_BARS {
            return (inner.to_string(), bars);
        }
    }
    (s, 0)
}

/// The longest run of `|` outside all brackets.
fn top_level_bars(s: &str) -> usize {
    let (mut depth, mut run, mut best) = (0i64, 0usize, 0usize);
    for c in s.chars() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            _ => {}
        }
        if c == '|' && depth == 0 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// How a loopy position of the upon family prints.
#[derive(Clone, Debug, PartialEq)]
struct UponForm {
    /// `[on]` (false) or `<on>` (true).
    th: bool,
    number: Number,
    nimber: u64,
    negated: bool,
}

/// A context of repeated-position names (CGSuite starts a fresh one inside `+-` and `Tiny`).
#[derive(Default)]
struct Names {
    open: hashbrown::HashMap<u32, Option<String>>,
    count: usize,
}

enum Frame {
    General {
        v: u32,
        names: usize,
        force_braces: bool,
        options: Vec<u32>,
        left_count: usize,
        next: usize,
        left: String,
        right: String,
        bars: usize,
    },
    Switch {
        names: usize,
        options: Vec<u32>,
        next: usize,
        text: String,
    },
}

pub(crate) struct Printer<'a> {
    g: &'a Graph,
    games: Vec<Option<Game>>,
}

impl<'a> Printer<'a> {
    pub(crate) fn new(g: &'a Graph) -> Printer<'a> {
        Printer {
            g,
            games: graph_games(g),
        }
    }

    /// The short game at `v` negated when `negate`.
    fn game(&self, v: u32, negate: bool) -> Option<Game> {
        self.games[v as usize].map(|g| if negate { -g } else { g })
    }

    /// `x*k` when the position is a number plus a nimber.
    fn number_nimber(&self, v: u32, negate: bool) -> Option<(Number, u64)> {
        let g = self.game(v, negate)?;
        let n = g.as_nus()?;
        (n.ups == 0).then(|| (n.number.clone(), n.nimber))
    }

    fn pseudonumber(&self, v: u32, force_parens: bool) -> Option<String> {
        let (lo, ro) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        match (lo.as_slice(), ro.as_slice()) {
            ([l], []) if *l == v => Some("on".into()),
            ([], [r]) if *r == v => Some("off".into()),
            ([x], [r]) if *r == v && *x != v => self.over_number(*x, "over", force_parens),
            ([l], [x]) if *l == v && *x != v => self.over_number(*x, "under", force_parens),
            _ => None,
        }
    }

    fn over_number(&self, x: u32, word: &str, force_parens: bool) -> Option<String> {
        let x = self.game(x, false)?;
        let x = x.as_number()?;
        Some(if x.is_zero() {
            word.to_string()
        } else if force_parens {
            format!("({x}{word})")
        } else {
            format!("{x}{word}")
        })
    }

    /// CGSuite's `uponForm(checkUponth)` on the position `v` seen with sign `negate`.
    fn upon_form(&self, v: u32, negate: bool, check_th: bool) -> Option<UponForm> {
        let (lo, ro) = if negate {
            (&self.g.right[v as usize], &self.g.left[v as usize])
        } else {
            (&self.g.left[v as usize], &self.g.right[v as usize])
        };
        if let ([r], true) = (ro.as_slice(), lo.len() <= 2) {
            if let Some((x, k)) = self.number_nimber(*r, negate) {
                let ok = if k == 0 {
                    lo.len() == 2
                        && lo.contains(&v)
                        && lo.iter().any(|&l| {
                            l != v && self.game(l, negate) == Some(Game::number(x.clone()))
                        })
                } else {
                    lo.as_slice() == [v]
                };
                if ok {
                    return Some(UponForm {
                        th: false,
                        number: x,
                        nimber: k ^ 1,
                        negated: false,
                    });
                }
            }
        }
        if let ([r], true) = (ro.as_slice(), check_th) {
            if let Some(UponForm {
                th: false,
                number,
                nimber,
                negated: false,
            }) = self.upon_form(*r, !negate, false)
            {
                let m = nimber ^ 1;
                let wanted: Option<Vec<Game>> = (0..=m)
                    .map(|k| {
                        (k <= crate::algebra::limits::NIMBER_OPTIONS_LIMIT)
                            .then(|| Game::number(-number.clone()) + Game::nimber(k))
                    })
                    .collect();
                let have: Option<Vec<Game>> = lo.iter().map(|&l| self.game(l, negate)).collect();
                if let (Some(mut wanted), Some(mut have)) = (wanted, have) {
                    wanted.sort_by_key(|g| g.to_string());
                    have.sort_by_key(|g| g.to_string());
                    if wanted == have {
                        return Some(UponForm {
                            th: true,
                            number: -number,
                            nimber: m,
                            negated: false,
                        });
                    }
                }
            }
        }
        None
    }

    fn upon(&self, v: u32) -> Option<UponForm> {
        self.upon_form(v, false, true).or_else(|| {
            self.upon_form(v, true, true).map(|u| UponForm {
                number: -u.number,
                negated: true,
                ..u
            })
        })
    }

    fn upon_text(u: &UponForm) -> String {
        let mut s = String::new();
        if !u.number.is_zero() {
            s.push_str(&u.number.to_string());
        }
        s.push(if u.negated { 'v' } else { '^' });
        s.push_str(if u.th { "<on>" } else { "[on]" });
        crate::algebra::nimber::push_nimber(&mut s, u.nimber);
        s
    }

    /// Whether the position equals its negative.
    fn is_switch(&self, v: u32) -> bool {
        label(self.g.restrict(v)) == label(self.g.negated().restrict(v))
    }

    /// `x Tiny(G)` or `y Miny(G)` (CGSuite's `isNumberTiny` on a plumtree).
    fn tiny(&self, v: u32, force_parens: bool) -> Option<String> {
        let (lo, ro) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        let ([l], [r]) = (lo.as_slice(), ro.as_slice()) else {
            return None;
        };
        let stopper = |w: u32| Stopper::from_canonical_graph(self.g, w);
        let number = |w: u32| self.game(w, false).and_then(|g| g.as_number().cloned());
        let under = Stopper::under();
        // x − G with x Left's number and G the far Right option, and its negative for Miny.
        let found = if let Some(x) = number(*l) {
            match (
                self.g.left[*r as usize].as_slice(),
                self.g.right[*r as usize].as_slice(),
            ) {
                ([rl], [rr]) if rl == l => Some(("Tiny", x, *rr, false)),
                _ => None,
            }
        } else {
            None
        }
        .or_else(|| {
            let y = number(*r)?;
            match (
                self.g.left[*l as usize].as_slice(),
                self.g.right[*l as usize].as_slice(),
            ) {
                ([ll], [lr]) if lr == r => Some(("Miny", y, *ll, true)),
                _ => None,
            }
        })?;
        let (name, x, far, miny) = found;
        let xs = Stopper::from_game(Game::number(x.clone())).ok()?;
        let far = stopper(far);
        // Tiny: far − x <= under; Miny: y − far <= under.
        let d = if miny {
            xs.sum(&-&far).ok()?
        } else {
            far.sum(&-&xs).ok()?
        };
        let d = d.as_stopper().ok()?.clone();
        if !d.le(&under) || !Stopper::from_canonical_graph(self.g, v).is_plumtree() {
            return None;
        }
        let sub = -&d;
        let depth = NESTING.with(|n| n.get());
        if depth > 64 {
            return None;
        }
        NESTING.with(|n| n.set(depth + 1));
        let sub_text = sub.to_string();
        NESTING.with(|n| n.set(depth));
        let mut s = String::new();
        if force_parens {
            s.push('(');
        }
        if !x.is_zero() {
            s.push_str(&x.to_string());
        }
        s.push_str(name);
        s.push('(');
        s.push_str(&sub_text);
        s.push(')');
        if force_parens {
            s.push(')');
        }
        Some(s)
    }

    /// Options in print order: short games first in their deterministic order, then loopy
    /// positions by number.
    fn sorted(&self, options: &[u32]) -> Vec<u32> {
        let mut v = options.to_vec();
        v.sort_by(
            |&a, &b| match (self.games[a as usize], self.games[b as usize]) {
                (Some(x), Some(y)) => crate::algebra::print::print_order(x, y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => a.cmp(&b),
            },
        );
        v
    }

    /// Starts printing `v`: its text and bar run at once, or a frame to complete.
    fn start(
        &self,
        v: u32,
        force_braces: bool,
        force_parens: bool,
        names: usize,
        contexts: &mut Vec<Names>,
        open_switches: &mut Vec<u32>,
    ) -> Result<(String, usize), Frame> {
        if let Some(g) = self.games[v as usize] {
            return Ok(short_text(g, force_braces, force_parens));
        }
        if let Some(s) = self.pseudonumber(v, force_parens) {
            return Ok((s, 0));
        }
        if !open_switches.contains(&v) && self.is_switch(v) {
            open_switches.push(v);
            contexts.push(Names::default());
            return Err(Frame::Switch {
                names: contexts.len() - 1,
                options: self.sorted(&self.g.left[v as usize]),
                next: 0,
                text: String::from("+-"),
            });
        }
        if let Some(s) = self.tiny(v, force_parens) {
            return Ok((s, 0));
        }
        if let Some(u) = self.upon(v) {
            return Ok((Printer::upon_text(&u), 0));
        }
        let ctx = &mut contexts[names];
        if let Some(name) = ctx.open.get_mut(&v) {
            let name = match name {
                Some(n) => n.clone(),
                None => {
                    let n = nth_name(ctx.count);
                    ctx.count += 1;
                    *name = Some(n.clone());
                    n
                }
            };
            return Ok((name, 0));
        }
        ctx.open.insert(v, None);
        let left = self.sorted(&self.g.left[v as usize]);
        let right = self.sorted(&self.g.right[v as usize]);
        let left_count = left.len();
        let mut options = left;
        options.extend(right);
        Err(Frame::General {
            v,
            names,
            force_braces,
            options,
            left_count,
            next: 0,
            left: String::new(),
            right: String::new(),
            bars: 0,
        })
    }

    /// The text of position `root`.
    pub(crate) fn write(&self, root: u32, force_braces: bool) -> String {
        let mut contexts = vec![Names::default()];
        let mut open_switches: Vec<u32> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut delivered = match self.start(
            root,
            force_braces,
            false,
            0,
            &mut contexts,
            &mut open_switches,
        ) {
            Ok(done) => Some(done),
            Err(frame) => {
                frames.push(frame);
                None
            }
        };
        loop {
            let Some(top) = frames.last_mut() else {
                return delivered.map(|d| d.0).unwrap_or_default();
            };
            // Hand a finished child to its parent.
            if let Some((text, child_bars)) = delivered.take() {
                match top {
                    Frame::General {
                        next,
                        left_count,
                        left,
                        right,
                        bars,
                        ..
                    } => {
                        let i = *next - 1;
                        let buf = if i < *left_count { left } else { right };
                        buf.push_str(&text);
                        *bars = (*bars).max(child_bars);
                    }
                    Frame::Switch { text: t, .. } => t.push_str(&text),
                }
            }
            // Ask for the next child, or finish the frame.
            let request = match top {
                Frame::General {
                    v,
                    names,
                    options,
                    left_count,
                    next,
                    left,
                    right,
                    ..
                } => {
                    if *next < options.len() {
                        let i = *next;
                        *next += 1;
                        let (buf, several) = if i < *left_count {
                            (left, *left_count > 1)
                        } else {
                            (right, options.len() - *left_count > 1)
                        };
                        let first = if i < *left_count {
                            i == 0
                        } else {
                            i == *left_count
                        };
                        if !first {
                            buf.push(',');
                        }
                        let o = options[i];
                        if o == *v {
                            buf.push_str("pass");
                            None
                        } else {
                            Some((o, several, false, *names))
                        }
                    } else {
                        None
                    }
                }
                Frame::Switch {
                    names,
                    options,
                    next,
                    text,
                } => {
                    if *next < options.len() {
                        let i = *next;
                        *next += 1;
                        if i == 0 && options.len() > 1 {
                            text.push('{');
                        }
                        if i > 0 {
                            text.push(',');
                        }
                        Some((options[i], true, options.len() == 1, *names))
                    } else {
                        None
                    }
                }
            };
            let finished = match frames.last() {
                Some(Frame::General { next, options, .. }) => {
                    request.is_none() && *next >= options.len()
                }
                Some(Frame::Switch { next, options, .. }) => {
                    request.is_none() && *next >= options.len()
                }
                None => false,
            };
            if let Some((o, fb, fp, names)) = request {
                match self.start(o, fb, fp, names, &mut contexts, &mut open_switches) {
                    Ok(done) => delivered = Some(done),
                    Err(frame) => frames.push(frame),
                }
                continue;
            }
            if !finished {
                // A `pass` was written; keep going with this frame.
                delivered = None;
                continue;
            }
            delivered = Some(match frames.pop().expect("a frame") {
                Frame::General {
                    v,
                    names,
                    force_braces,
                    options,
                    left_count,
                    left,
                    right,
                    bars,
                    ..
                } => {
                    let name = contexts[names].open.remove(&v).flatten();
                    let bars = bars + 1;
                    let right_count = options.len() - left_count;
                    let braced = force_braces
                        || name.is_some()
                        || left_count == 0
                        || right_count == 0
                        || bars == MAX_BARS;
                    let mut s = name.unwrap_or_default();
                    if braced {
                        s.push('{');
                    }
                    s.push_str(&left);
                    s.extend(std::iter::repeat_n('|', bars));
                    s.push_str(&right);
                    if braced {
                        s.push('}');
                    }
                    (s, if braced { 0 } else { bars })
                }
                Frame::Switch {
                    options, mut text, ..
                } => {
                    if options.len() > 1 {
                        text.push('}');
                    }
                    open_switches.pop();
                    (text, 0)
                }
            });
        }
    }
}

impl fmt::Display for Stopper {
    /// The canonical form in CGSuite's loopy notation (see the module documentation of
    /// `print`): `on`, `over`, `^[on]`, `{0|^<on>||v<on>}`, `a{0||||0|||a|*||*}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Printer::new(self.graph()).write(self.start(), true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(nth_name(0), "a");
        assert_eq!(nth_name(25), "z");
        assert_eq!(nth_name(26), "N1");
    }

    #[test]
    fn bars() {
        assert_eq!(top_level_bars("3||2|1"), 2);
        assert_eq!(top_level_bars("{3|||2}|1"), 1);
    }
}
