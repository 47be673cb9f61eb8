//! A reader of CGSuite's loopy notation.
//!
//! What is read (CGSuite's worksheet syntax for loopy games, as in its loopy-games tutorial):
//! * braces and slashes as for short games (`docs/NOTATION.md`): `{0|pass}`, `{0||0|pass}`,
//!   split at the unique longest run of bars;
//! * `pass` as an option: the position being defined (the innermost braces, implicit ones of the
//!   slash convention included);
//! * a *label* before an opening brace names that position, and the name used anywhere inside
//!   (or after) refers back to it: `a{0|a}` is `over`, `a{0||||0|||a|*||*}` has a 4-cycle;
//! * the constants `on`, `off`, `over`, `under`, `upon`, `dud`, and `x over`, `x under`,
//!   `x^[on]*k`, `xv[on]*k`, `x^<on>*k`, `xv<on>*k` as the printer writes them (`1over`,
//!   `-1/4v[on]`, `^<on>*`);
//! * `Tiny(G)`, `Miny(G)`, `+-G`, sums, differences, negation and parentheses of games, short
//!   literals as in `docs/NOTATION.md`;
//! * at the top level only, `S & T`: the stopper-sided value with onside `S` and offside `T`.
//!
//! A label or `pass` must be a whole option: a position that refers to an enclosing position
//! still being defined cannot be added or negated. Errors: a reference to a label that is not
//! defined (a missing node), a label defined twice or spelled like a constant (ambiguous), a
//! stopper-sided value where a game is needed. Nesting deeper than [`MAX_NESTING`] is refused
//! (the reader recurses once per level, so its depth is bounded).

use super::error::LoopyError;
use super::game::LoopyGame;
use super::graph::{too_large_graph, Graph};
use super::sides::SidedValue;
use super::stopper::Stopper;
use super::MAX_GRAPH_VERTICES;
use crate::algebra::{Game, Number};

/// The deepest nesting of braces, parentheses and unary operators the reader accepts.
pub const MAX_NESTING: usize = 256;

/// Reads a loopy value in CGSuite's notation and computes it: a canonical stopper, or the
/// onside and offside of a game that is not a stopper.
///
/// ```
/// use partizan::algebra::loopy::parse;
/// assert_eq!(parse("{pass|*}").unwrap().to_string(), "^[on]");
/// assert_eq!(parse("a{0|a}").unwrap().to_string(), "over");
/// assert_eq!(parse("a{{|a}|}").unwrap().to_string(), "1 & 0");
/// assert!(parse("{0|b}").is_err()); // no position is labelled b
/// ```
pub fn parse(input: &str) -> Result<SidedValue, LoopyError> {
    let mut p = Parser::new(input)?;
    let top = p.top()?;
    match top {
        Top::Game(item) => {
            let g = p.closed_graph(&item)?;
            SidedValue::from_graph(&g, 0)
        }
        Top::Sided(a, b) => {
            let on = p.stopper_of(&a)?;
            let off = p.stopper_of(&b)?;
            SidedValue::new(on, off)
        }
    }
}

/// Reads a loopy game in CGSuite's notation as an explicit graph, without computing its value.
pub fn parse_game(input: &str) -> Result<LoopyGame, LoopyError> {
    let mut p = Parser::new(input)?;
    match p.top()? {
        Top::Game(item) => Ok(LoopyGame {
            graph: p.closed_graph(&item)?,
            start: 0,
        }),
        Top::Sided(..) => Err(LoopyError::Parse {
            input: input.to_string(),
            at: input.find('&').unwrap_or(0),
            message: "'&' makes a stopper-sided value, not a game".into(),
        }),
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Lit {
    /// A short-game literal, read by the short-game parser.
    Short(String),
    /// `x over` (true) or `x under` (false).
    Over(String, bool),
    /// `x^[on]*k` / `x^<on>*k` (`up`), their `v` forms otherwise; `th` for `<on>`.
    Upon {
        number: String,
        up: bool,
        th: bool,
        star: u64,
    },
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Amp,
    Plus,
    Minus,
    PlusMinus,
    Bars(usize),
    Ident(String),
    Lit(Lit),
    End,
}

const RESERVED: &[&str] = &[
    "on", "off", "over", "under", "upon", "dud", "pass", "Tiny", "Miny",
];

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn lex(input: &str) -> Result<Vec<(Tok, usize)>, LoopyError> {
    let err = |at: usize, message: String| LoopyError::Parse {
        input: input.to_string(),
        at,
        message,
    };
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => (toks.push((Tok::LBrace, at)), i += 1).1,
            '}' => (toks.push((Tok::RBrace, at)), i += 1).1,
            '(' => (toks.push((Tok::LParen, at)), i += 1).1,
            ')' => (toks.push((Tok::RParen, at)), i += 1).1,
            ',' => (toks.push((Tok::Comma, at)), i += 1).1,
            '&' => (toks.push((Tok::Amp, at)), i += 1).1,
            '-' => (toks.push((Tok::Minus, at)), i += 1).1,
            '±' => (toks.push((Tok::PlusMinus, at)), i += 1).1,
            '+' => {
                if chars.get(i + 1).map(|x| x.1) == Some('-') {
                    toks.push((Tok::PlusMinus, at));
                    i += 2;
                } else {
                    toks.push((Tok::Plus, at));
                    i += 1;
                }
            }
            '|' => {
                let mut n = 0;
                while chars.get(i).map(|x| x.1) == Some('|') {
                    n += 1;
                    i += 1;
                }
                toks.push((Tok::Bars(n), at));
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut j = i;
                while j < chars.len() && is_ident_char(chars[j].1) {
                    j += 1;
                }
                let word: String = chars[i..j].iter().map(|x| x.1).collect();
                let arrows = word.trim_end_matches(|c: char| c.is_ascii_digit());
                if !arrows.is_empty() && arrows.chars().all(|c| c == 'v') {
                    let (lit, end) = literal(&chars, i, input)?;
                    toks.push((Tok::Lit(lit), at));
                    i = end;
                } else {
                    toks.push((Tok::Ident(word), at));
                    i = j;
                }
            }
            c if c.is_ascii_digit() || matches!(c, '^' | '*' | '↑' | '↓' | '⇑' | '⇓') => {
                let (lit, end) = literal(&chars, i, input)?;
                toks.push((Tok::Lit(lit), at));
                i = end;
            }
            other => return Err(err(at, format!("unexpected character {other:?}"))),
        }
    }
    toks.push((Tok::End, input.len()));
    Ok(toks)
}

/// Reads a literal starting at `chars[i]`: a number, arrows, an uptimal or upon part, a star,
/// or `x over` / `x under`.
fn literal(chars: &[(usize, char)], start: usize, input: &str) -> Result<(Lit, usize), LoopyError> {
    let at = |i: usize| chars.get(i).map_or(input.len(), |x| x.0);
    let ch = |i: usize| chars.get(i).map(|x| x.1);
    let err = |i: usize, message: String| LoopyError::Parse {
        input: input.to_string(),
        at: at(i),
        message,
    };
    let mut i = start;
    while ch(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if i > start && ch(i) == Some('/') {
        i += 1;
        let d = i;
        while ch(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        if i == d {
            return Err(err(i, "expected digits after '/'".into()));
        }
    }
    if i > start && ch(i) == Some('.') {
        return Err(err(
            i,
            "decimal numbers are not read; write a dyadic fraction such as 3/2".into(),
        ));
    }
    let number: String = chars[start..i].iter().map(|x| x.1).collect();
    // x over, x under
    for (word, over) in [("over", true), ("under", false)] {
        let w: Vec<char> = word.chars().collect();
        if (0..w.len()).all(|k| ch(i + k) == Some(w[k]))
            && !ch(i + w.len()).is_some_and(is_ident_char)
        {
            return Ok((Lit::Over(number, over), i + w.len()));
        }
    }
    let arrows_start = i;
    while ch(i).is_some_and(|c| matches!(c, '^' | 'v' | '↑' | '↓' | '⇑' | '⇓')) {
        i += 1;
    }
    let arrows: String = chars[arrows_start..i].iter().map(|x| x.1).collect();
    if !arrows.is_empty() && matches!(ch(i), Some('[') | Some('<')) {
        let close = if ch(i) == Some('[') { ']' } else { '>' };
        let th = close == '>';
        let content_start = i + 1;
        let mut j = content_start;
        while ch(j).is_some_and(|c| c != close) {
            j += 1;
        }
        if ch(j) != Some(close) {
            return Err(err(j, format!("expected '{close}'")));
        }
        let content: String = chars[content_start..j].iter().map(|x| x.1).collect();
        i = j + 1;
        if content == "on" {
            let up = match arrows.as_str() {
                "^" | "↑" => true,
                "v" | "↓" => false,
                _ => {
                    return Err(err(
                        arrows_start,
                        format!("expected one arrow before [on] or <on>, not {arrows:?}"),
                    ))
                }
            };
            let mut star = 0u64;
            if ch(i) == Some('*') {
                i += 1;
                let d = i;
                while ch(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                let digits: String = chars[d..i].iter().map(|x| x.1).collect();
                star = if digits.is_empty() {
                    1
                } else {
                    digits
                        .parse()
                        .map_err(|_| err(d, format!("the nimber *{digits} is too large")))?
                };
            }
            let _ = th;
            return Ok((
                Lit::Upon {
                    number,
                    up,
                    th,
                    star,
                },
                i,
            ));
        }
    } else {
        while ch(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
    }
    if ch(i) == Some('*') {
        i += 1;
        while ch(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
    }
    if i == start {
        return Err(err(i, "expected a value".into()));
    }
    let text: String = chars[start..i].iter().map(|x| x.1).collect();
    Ok((Lit::Short(text), i))
}

/// The number part of a literal, if it has one.
fn lit_number(lit: &Lit) -> Option<&str> {
    let n = match lit {
        Lit::Short(text) => {
            let end = text
                .find(|c: char| !(c.is_ascii_digit() || c == '/'))
                .unwrap_or(text.len());
            &text[..end]
        }
        Lit::Over(n, _) | Lit::Upon { number: n, .. } => n.as_str(),
    };
    (!n.is_empty()).then_some(n)
}

/// The literal with its number part negative.
fn signed(lit: Lit) -> Lit {
    match lit {
        Lit::Short(text) => Lit::Short(format!("-{text}")),
        Lit::Over(n, over) => Lit::Over(format!("-{n}"), over),
        Lit::Upon {
            number,
            up,
            th,
            star,
        } => Lit::Upon {
            number: format!("-{number}"),
            up,
            th,
            star,
        },
    }
}

/// The value of a short literal: a number, arrows (`^`, `vv`, `^3`, `⇑`), an uptimal part
/// (`^<3>` = ↑³, `^[3]` = ↑ + ↑² + ↑³, `v` for their negatives) and a star (`*`, `*5`), in that
/// order, as `docs/NOTATION.md` writes them.
fn short_literal(text: &str) -> Result<Game, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = usize::from(text.starts_with('-'));
    while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '/') {
        i += 1;
    }
    let number: String = chars[..i].iter().collect();
    let mut g = if number.is_empty() {
        Game::zero()
    } else {
        Game::number(
            number
                .parse::<Number>()
                .map_err(|e| format!("{number} is not a dyadic number: {e}"))?,
        )
    };
    let arrows_start = i;
    let mut ups: i64 = 0;
    while i < chars.len() {
        let step = match chars[i] {
            '^' | '↑' => 1,
            'v' | '↓' => -1,
            '⇑' => 2,
            '⇓' => -2,
            _ => break,
        };
        ups += step;
        i += 1;
    }
    let arrows = i - arrows_start;
    let sign: i64 = if ups < 0 { -1 } else { 1 };
    let digits = |i: &mut usize| -> String {
        let d = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        chars[d..*i].iter().collect()
    };
    if i < chars.len() && (chars[i] == '<' || chars[i] == '[') {
        let close = if chars[i] == '<' { '>' } else { ']' };
        if arrows != 1 || ups.abs() != 1 {
            return Err(format!("expected one arrow before '{}'", chars[i]));
        }
        i += 1;
        let n = digits(&mut i);
        if i >= chars.len() || chars[i] != close {
            return Err(format!("expected digits and '{close}'"));
        }
        i += 1;
        let n: u32 = n
            .parse()
            .ok()
            .filter(|&n| n <= crate::algebra::MAX_UPTIMAL_ORDER)
            .ok_or_else(|| {
                format!(
                    "the uptimal order must be at most {}",
                    crate::algebra::MAX_UPTIMAL_ORDER
                )
            })?;
        let u = if close == '>' {
            Game::up_nth(n)
        } else {
            Game::up_nth_sum(n)
        };
        g = if sign > 0 { g + u } else { g - u };
    } else {
        let count = digits(&mut i);
        if !count.is_empty() {
            if arrows != 1 || ups.abs() != 1 {
                return Err("a count follows a single arrow, as in ^3 or v3".into());
            }
            ups = sign
                * count
                    .parse::<i64>()
                    .map_err(|_| format!("{count} arrows are too many"))?;
        }
        g += Game::up_multiple(ups);
    }
    if i < chars.len() && chars[i] == '*' {
        i += 1;
        let k = digits(&mut i);
        let k: u64 = if k.is_empty() {
            1
        } else {
            k.parse()
                .map_err(|_| format!("the nimber *{k} is too large"))?
        };
        g += Game::nimber(k);
    }
    if i != chars.len() {
        return Err(format!("unexpected {:?} in the literal {text:?}", chars[i]));
    }
    Ok(g)
}

/// A parsed option: a position of the builder graph and the lowest nesting level of a labelled
/// position still being defined that it refers to (`usize::MAX` when it refers to none).
#[derive(Clone, Copy, Debug)]
struct Item {
    v: u32,
    dep: usize,
}

#[derive(Clone, Copy, Debug)]
enum Opt {
    Pass,
    Item(Item),
}

enum Top {
    Game(Item),
    Sided(Item, Item),
}

struct Label {
    name: String,
    v: u32,
    level: usize,
    open: bool,
}

struct Parser<'a> {
    input: &'a str,
    toks: Vec<(Tok, usize)>,
    pos: usize,
    graph: Graph,
    labels: Vec<Label>,
    /// The explicit braces being read.
    open: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn new(input: &'a str) -> Result<Parser<'a>, LoopyError> {
        Ok(Parser {
            input,
            toks: lex(input)?,
            pos: 0,
            graph: Graph::default(),
            labels: Vec::new(),
            open: 0,
            depth: 0,
        })
    }

    fn err(&self, message: impl Into<String>) -> LoopyError {
        LoopyError::Parse {
            input: self.input.to_string(),
            at: self.toks[self.pos].1,
            message: message.into(),
        }
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn next(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn push(&mut self) -> Result<u32, LoopyError> {
        if self.graph.len() >= MAX_GRAPH_VERTICES {
            return Err(too_large_graph());
        }
        Ok(self.graph.push())
    }

    fn enter(&mut self) -> Result<(), LoopyError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.err(format!("nesting deeper than {MAX_NESTING} levels")));
        }
        Ok(())
    }

    fn top(&mut self) -> Result<Top, LoopyError> {
        let a = self.sum()?;
        let a = self.item(a, "the game")?;
        let top = if *self.peek() == Tok::Amp {
            self.next();
            let b = self.sum()?;
            let b = self.item(b, "the offside")?;
            Top::Sided(a, b)
        } else {
            Top::Game(a)
        };
        if *self.peek() != Tok::End {
            return Err(self.err("expected the end of the input"));
        }
        Ok(top)
    }

    /// An option that must be a game (not `pass`).
    fn item(&self, o: Opt, what: &str) -> Result<Item, LoopyError> {
        match o {
            Opt::Item(i) => Ok(i),
            Opt::Pass => Err(self.err(format!("'pass' can only be an option, not {what}"))),
        }
    }

    /// An operand of `+`, `-`, `+-`, `Tiny`, `Miny`: a game that refers to no position still
    /// being defined.
    fn closed(&self, o: Opt) -> Result<Item, LoopyError> {
        let i = self.item(o, "an operand")?;
        if i.dep != usize::MAX {
            return Err(self.err(
                "a position that refers to an enclosing labelled position can only be a whole option",
            ));
        }
        Ok(i)
    }

    /// The graph of a closed item, renumbered from it.
    fn closed_graph(&self, i: &Item) -> Result<Graph, LoopyError> {
        Ok(self.graph.restrict(i.v))
    }

    fn stopper_of(&self, i: &Item) -> Result<Stopper, LoopyError> {
        let g = self.closed_graph(i)?;
        let v = SidedValue::from_graph(&g, 0)?;
        v.as_stopper().cloned()
    }

    /// The game of a closed item, as small a graph as can be cheaply had: its canonical form
    /// when it is a stopper.
    fn operand(&self, i: Item) -> Result<Graph, LoopyError> {
        let g = self.graph.restrict(i.v);
        if g.is_alternating_cycle_free() {
            let s = Stopper::from_graph(&g, 0)?;
            return Ok(s.graph().restrict(s.start()));
        }
        Ok(g)
    }

    fn embed(&mut self, g: &Graph, start: u32) -> Result<Item, LoopyError> {
        if self.graph.len() + g.len() > MAX_GRAPH_VERTICES {
            return Err(too_large_graph());
        }
        let offset = self.graph.append(g);
        Ok(Item {
            v: offset + start,
            dep: usize::MAX,
        })
    }

    fn sum(&mut self) -> Result<Opt, LoopyError> {
        let mut acc = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Plus | Tok::Minus | Tok::PlusMinus => self.next(),
                _ => return Ok(acc),
            };
            let lhs = self.closed(acc)?;
            let rhs = self.unary()?;
            let rhs = self.closed(rhs)?;
            let rhs = match op {
                Tok::Minus => self.negate(rhs)?,
                Tok::PlusMinus => self.switch(rhs)?,
                _ => rhs,
            };
            let (a, b) = (self.operand(lhs)?, self.operand(rhs)?);
            super::graph::check_pairs(a.len(), b.len())?;
            let (s, start) = a.sum(0, &b, 0)?;
            acc = Opt::Item(self.embed(&s, start)?);
        }
    }

    fn negate(&mut self, i: Item) -> Result<Item, LoopyError> {
        let g = self.graph.restrict(i.v).negated();
        self.embed(&g, 0)
    }

    /// `{G | −G}`.
    fn switch(&mut self, i: Item) -> Result<Item, LoopyError> {
        let neg = self.negate(i)?;
        let v = self.push()?;
        self.graph.left[v as usize].push(i.v);
        self.graph.right[v as usize].push(neg.v);
        Ok(Item { v, dep: usize::MAX })
    }

    fn unary(&mut self) -> Result<Opt, LoopyError> {
        self.enter()?;
        let result = match self.peek() {
            Tok::Minus if self.minus_is_sign() => {
                // `-1/2v*` is the number −1/2 with `v*`, as the printer writes it.
                self.next();
                match self.next() {
                    Tok::Lit(lit) => Opt::Item(self.literal(signed(lit))?),
                    _ => unreachable!("minus_is_sign saw a literal"),
                }
            }
            Tok::Minus => {
                self.next();
                let o = self.unary()?;
                let i = self.closed(o)?;
                Opt::Item(self.negate(i)?)
            }
            Tok::PlusMinus => {
                self.next();
                let o = self.unary()?;
                let i = self.closed(o)?;
                Opt::Item(self.switch(i)?)
            }
            Tok::Plus => {
                self.next();
                self.unary()?
            }
            _ => self.atom()?,
        };
        self.depth -= 1;
        Ok(result)
    }

    fn atom(&mut self) -> Result<Opt, LoopyError> {
        let at = self.pos;
        match self.next() {
            Tok::LParen => {
                let o = self.sum()?;
                if self.next() != Tok::RParen {
                    self.pos = self.pos.saturating_sub(1);
                    return Err(self.err("expected ')'"));
                }
                Ok(o)
            }
            Tok::LBrace => self.braces(None),
            Tok::Ident(name) => {
                if *self.peek() == Tok::LBrace {
                    self.next();
                    if RESERVED.contains(&name.as_str()) {
                        self.pos = at;
                        return Err(LoopyError::AmbiguousLabel(format!(
                            "the label '{name}' is also the name of a constant; choose another label"
                        )));
                    }
                    return self.braces(Some(name));
                }
                self.word(&name, at)
            }
            Tok::Lit(lit) => self.literal(lit).map(Opt::Item),
            _ => {
                self.pos = at;
                Err(self.err("expected a game"))
            }
        }
    }

    /// Whether the current `-` is written against a literal that starts with a number.
    fn minus_is_sign(&self) -> bool {
        let at = self.toks[self.pos].1;
        match self.toks.get(self.pos + 1) {
            Some((Tok::Lit(lit), next)) => *next == at + 1 && lit_number(lit).is_some(),
            _ => false,
        }
    }

    fn word(&mut self, name: &str, at: usize) -> Result<Opt, LoopyError> {
        let one = |p: &mut Parser<'_>,
                   lp: bool,
                   rp: bool,
                   l: &[u32],
                   r: &[u32]|
         -> Result<Item, LoopyError> {
            let v = p.push()?;
            if lp {
                p.graph.left[v as usize].push(v);
            }
            if rp {
                p.graph.right[v as usize].push(v);
            }
            p.graph.left[v as usize].extend_from_slice(l);
            p.graph.right[v as usize].extend_from_slice(r);
            Ok(Item { v, dep: usize::MAX })
        };
        let item = match name {
            "pass" => return Ok(Opt::Pass),
            "on" => one(self, true, false, &[], &[])?,
            "off" => one(self, false, true, &[], &[])?,
            "dud" => one(self, true, true, &[], &[])?,
            "over" | "under" => {
                let z = one(self, false, false, &[], &[])?.v;
                if name == "over" {
                    one(self, false, true, &[z], &[])?
                } else {
                    one(self, true, false, &[], &[z])?
                }
            }
            "upon" => self.literal(Lit::Upon {
                number: String::new(),
                up: true,
                th: false,
                star: 0,
            })?,
            "Tiny" | "Miny" => {
                if self.next() != Tok::LParen {
                    self.pos = at + 1;
                    return Err(self.err(format!("expected '(' after {name}")));
                }
                let o = self.sum()?;
                let g = self.closed(o)?;
                if self.next() != Tok::RParen {
                    return Err(self.err("expected ')'"));
                }
                let z = one(self, false, false, &[], &[])?.v;
                if name == "Tiny" {
                    // {0 || 0 | −G}
                    let neg = self.negate(g)?.v;
                    let inner = one(self, false, false, &[z], &[neg])?.v;
                    one(self, false, false, &[z], &[inner])?
                } else {
                    // {G | 0 || 0}
                    let inner = one(self, false, false, &[g.v], &[z])?.v;
                    one(self, false, false, &[inner], &[z])?
                }
            }
            _ => match self.labels.iter().find(|l| l.name == name) {
                Some(l) => Item {
                    v: l.v,
                    dep: if l.open { l.level } else { usize::MAX },
                },
                None => {
                    self.pos = at;
                    return Err(LoopyError::MissingNode(format!(
                        "no position is labelled '{name}' (a label names the braces it is written before, e.g. a{{0|a}})"
                    )));
                }
            },
        };
        Ok(Opt::Item(item))
    }

    fn literal(&mut self, lit: Lit) -> Result<Item, LoopyError> {
        match lit {
            Lit::Short(text) => {
                let g = short_literal(&text).map_err(|m| self.err(m))?;
                let (graph, start) = Graph::from_game(g)?;
                self.embed(&graph, start)
            }
            Lit::Over(number, over) => {
                let x = self.number(&number)?;
                let (graph, start) = Graph::from_game(Game::number(x))?;
                let xi = self.embed(&graph, start)?.v;
                let v = self.push()?;
                if over {
                    self.graph.left[v as usize].push(xi);
                    self.graph.right[v as usize].push(v);
                } else {
                    self.graph.left[v as usize].push(v);
                    self.graph.right[v as usize].push(xi);
                }
                Ok(Item { v, dep: usize::MAX })
            }
            Lit::Upon {
                number,
                up,
                th,
                star,
            } => {
                let x = self.number(&number)?;
                // Build the ^ form of x (or −x for the v form) and negate at the end.
                let x = if up { x } else { -x };
                let item = if th {
                    // x^<on>*m = {x, x*, …, x*m | x v[on]*(m⊕1)}
                    if star > crate::algebra::limits::NIMBER_OPTIONS_LIMIT {
                        return Err(self.err("the nimber part is too large"));
                    }
                    let r = self.upon(-x.clone(), star ^ 1)?;
                    let r = self.negate(r)?.v;
                    let v = self.push()?;
                    for k in 0..=star {
                        let (graph, s) =
                            Graph::from_game(Game::number(x.clone()) + Game::nimber(k))?;
                        let o = self.embed(&graph, s)?.v;
                        self.graph.left[v as usize].push(o);
                    }
                    self.graph.right[v as usize].push(r);
                    Item { v, dep: usize::MAX }
                } else {
                    self.upon(x, star)?
                };
                if up {
                    Ok(item)
                } else {
                    self.negate(item)
                }
            }
        }
    }

    /// `x^[on]*p`: `{pass | x*(p⊕1)}`, or `{pass, x | x}` when `p = 1`.
    fn upon(&mut self, x: Number, p: u64) -> Result<Item, LoopyError> {
        let k = p ^ 1;
        let (graph, s) = Graph::from_game(Game::number(x.clone()) + Game::nimber(k))?;
        let r = self.embed(&graph, s)?.v;
        let v = self.push()?;
        self.graph.left[v as usize].push(v);
        if k == 0 {
            let (graph, s) = Graph::from_game(Game::number(x))?;
            let xi = self.embed(&graph, s)?.v;
            self.graph.left[v as usize].push(xi);
        }
        self.graph.right[v as usize].push(r);
        Ok(Item { v, dep: usize::MAX })
    }

    fn number(&self, text: &str) -> Result<Number, LoopyError> {
        if text.is_empty() {
            return Ok(Number::zero());
        }
        text.parse::<Number>()
            .map_err(|e| self.err(format!("{text} is not a dyadic number: {e}")))
    }

    /// Braces after `{` (and their label): the options and the slash convention.
    fn braces(&mut self, label: Option<String>) -> Result<Opt, LoopyError> {
        self.enter()?;
        let v = self.push()?;
        let level = self.open;
        if let Some(name) = &label {
            if self.labels.iter().any(|l| l.name == *name) {
                return Err(LoopyError::AmbiguousLabel(format!(
                    "the label '{name}' is defined twice"
                )));
            }
            self.labels.push(Label {
                name: name.clone(),
                v,
                level,
                open: true,
            });
        }
        self.open += 1;
        // Segments of options separated by runs of bars.
        let mut segments: Vec<Vec<Opt>> = vec![Vec::new()];
        let mut bars: Vec<usize> = Vec::new();
        let mut expect_option = true;
        let mut after_comma = false;
        loop {
            match self.peek().clone() {
                Tok::RBrace => {
                    if after_comma {
                        return Err(self.err("expected an option after ','"));
                    }
                    self.next();
                    break;
                }
                Tok::Bars(n) => {
                    if after_comma {
                        return Err(self.err("expected an option after ','"));
                    }
                    self.next();
                    bars.push(n);
                    segments.push(Vec::new());
                    expect_option = true;
                }
                Tok::Comma => {
                    if expect_option {
                        return Err(self.err("expected an option before ','"));
                    }
                    self.next();
                    expect_option = true;
                    after_comma = true;
                }
                Tok::End => return Err(self.err("expected '}'")),
                _ => {
                    if !expect_option {
                        return Err(self.err("expected ',', '|' or '}'"));
                    }
                    let o = self.sum()?;
                    segments.last_mut().expect("a segment").push(o);
                    expect_option = false;
                    after_comma = false;
                }
            }
        }
        if bars.is_empty() {
            return Err(self.err("braces need a '|' between the Left and Right options"));
        }
        let dep = self.build(v, &segments, &bars)?;
        self.open -= 1;
        if let Some(name) = &label {
            if let Some(l) = self.labels.iter_mut().find(|l| l.name == *name) {
                l.open = false;
            }
        }
        self.depth -= 1;
        // References to this position or to positions inside it are settled now.
        let dep = if dep >= level { usize::MAX } else { dep };
        Ok(Opt::Item(Item { v, dep }))
    }

    /// Sets the options of `v` from segments split at the unique longest bar run; returns the
    /// lowest level of an open labelled position referred to.
    fn build(
        &mut self,
        v: u32,
        segments: &[Vec<Opt>],
        bars: &[usize],
    ) -> Result<usize, LoopyError> {
        self.enter()?;
        let max = *bars.iter().max().expect("bars");
        let at: Vec<usize> = (0..bars.len()).filter(|&k| bars[k] == max).collect();
        if at.len() > 1 {
            return Err(self.err(format!(
                "ambiguous bars: two runs of {max} '|' at the same level (write braces, e.g. {{3|{{2|1}}}})"
            )));
        }
        let k = at[0];
        let mut dep = usize::MAX;
        for (player, segs, bs) in [
            (0, &segments[..=k], &bars[..k]),
            (1, &segments[k + 1..], &bars[k + 1..]),
        ] {
            let options: Vec<u32> = if bs.is_empty() {
                let seg = &segs[0];
                let mut out = Vec::new();
                for o in seg {
                    match o {
                        Opt::Pass => out.push(v),
                        Opt::Item(i) => {
                            dep = dep.min(i.dep);
                            out.push(i.v);
                        }
                    }
                }
                out
            } else {
                let w = self.push()?;
                dep = dep.min(self.build(w, segs, bs)?);
                vec![w]
            };
            if player == 0 {
                self.graph.left[v as usize].extend(options);
            } else {
                self.graph.right[v as usize].extend(options);
            }
        }
        self.depth -= 1;
        Ok(dep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_literals() {
        let t = lex("-1/4v[on]*").unwrap();
        assert_eq!(t[0].0, Tok::Minus);
        assert_eq!(
            t[1].0,
            Tok::Lit(Lit::Upon {
                number: "1/4".into(),
                up: false,
                th: false,
                star: 1
            })
        );
        assert_eq!(
            lex("3/2under").unwrap()[0].0,
            Tok::Lit(Lit::Over("3/2".into(), false))
        );
        assert_eq!(lex("vv*").unwrap()[0].0, Tok::Lit(Lit::Short("vv*".into())));
    }
}
