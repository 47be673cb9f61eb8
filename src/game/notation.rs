//! The parser of partizan's notation (`docs/NOTATION.md`: CGSuite 2.x plain ASCII).
//!
//! [`FromStr`] parses everything the printer ([`super::print`]) writes, plus expressions with
//! `+`, `-`, parentheses and `±`, so that `parse(print(G)) = G`.
//!
//! ```
//! use partizan::Game;
//! let e = "{1|*2".parse::<Game>().unwrap_err();
//! assert_eq!(e.to_string(), "at byte 5 of \"{1|*2\": expected ',' or '}'");
//! ```

use super::number::{Number, NumberError};
use super::nus::Nus;
use super::Game;
use num_bigint::BigInt;
use std::fmt;
use std::str::FromStr;

/// A parse error: where in the input parsing stopped and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The input.
    pub input: String,
    /// The byte offset (0-based) at which parsing stopped.
    pub position: usize,
    /// What was expected, or what is wrong, at that position.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at byte {} of {:?}: {}",
            self.position, self.input, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// An argument of a function call in an expression: `queen(5, 3, p=3)`, `toads("TT..FF")`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A game value (integers are games too).
    Game(Game),
    /// A string literal.
    Str(String),
}

/// A named argument `name = value` of a call.
pub type NamedArg = (String, Arg);

/// Resolves the function calls of an expression (`name(args)`): the game families.
///
/// The algebra knows no ruleset, so [`Game::from_str`] resolves no calls; `partizan::eval` passes
/// the registry of the families in [`crate::games`].
pub trait Functions {
    /// Evaluates `name(positional..., named...)`; `Ok(None)` when the name is unknown.
    /// An `Err` is a message about the arguments.
    fn call(
        &self,
        name: &str,
        positional: &[Arg],
        named: &[(String, Arg)],
    ) -> Option<Result<Game, String>>;

    /// The known function names, for error messages.
    fn names(&self) -> Vec<String>;
}

/// No functions at all.
pub struct NoFunctions;

impl Functions for NoFunctions {
    fn call(&self, _: &str, _: &[Arg], _: &[NamedArg]) -> Option<Result<Game, String>> {
        None
    }

    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A method of a game, `G.name(args)`, applied by the algebra core (for instance `cool`).
pub(crate) type MethodFn = fn(Game, &[Game]) -> Result<Game, String>;

/// Parses an expression, resolving calls of functions with `functions`.
pub fn parse_with(input: &str, functions: &dyn Functions) -> Result<Game, ParseError> {
    let mut p = Parser {
        src: input,
        pos: 0,
        functions,
        depth: 0,
    };
    p.skip_ws();
    if p.at_end() {
        return Err(p.error_at(0, "expected a game, found an empty expression"));
    }
    let g = p.expr()?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p.error("expected an operator ('+', '-' or '+-') or the end of the expression"));
    }
    Ok(g)
}

impl FromStr for Game {
    type Err = ParseError;

    /// Parses the notation of `docs/NOTATION.md`, with expressions; family calls such as
    /// `nim(7)` need `partizan::eval` instead.
    fn from_str(s: &str) -> Result<Game, ParseError> {
        parse_with(s, &NoFunctions)
    }
}

impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Nesting beyond this depth is refused rather than risking the stack.
const MAX_NESTING: usize = 1000;

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    functions: &'a dyn Functions,
    depth: usize,
}

type PResult<T> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    fn error_at(&self, position: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            input: self.src.to_string(),
            position,
            message: message.into(),
        }
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        self.error_at(self.pos, message)
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn at_end(&self) -> bool {
        self.pos >= self.src.len()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str, what: &str) -> PResult<()> {
        self.skip_ws();
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(format!(
                "nesting deeper than {MAX_NESTING} levels of braces, parentheses and signs"
            )));
        }
        Ok(())
    }

    /// sum := unary { '+' unary | '-' unary | '+-' pm-operand }
    fn expr(&mut self) -> PResult<Game> {
        let mut acc = self.unary()?;
        loop {
            self.skip_ws();
            if self.eat("+-") || self.eat("±") {
                acc += self.pm_operand()?;
            } else if self.eat("+") {
                acc += self.unary()?;
            } else if self.rest().starts_with('-') {
                self.pos += 1;
                acc -= self.unary()?;
            } else {
                break;
            }
        }
        Ok(acc)
    }

    /// unary := '-' unary | '+-' pm-operand | postfix. A '-' directly followed by a digit is the
    /// sign of a number literal (`-1/2v*` is −1/2 + ↓ + *), not a negation of the whole literal.
    fn unary(&mut self) -> PResult<Game> {
        self.skip_ws();
        if self.eat("+-") || self.eat("±") {
            return self.pm_operand();
        }
        if self.rest().starts_with('-')
            && !self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            self.pos += 1;
            self.enter()?;
            let g = self.unary()?;
            self.depth -= 1;
            return Ok(-g);
        }
        if self.rest().starts_with('+') && !self.rest().starts_with("+-") {
            return Err(self.error("expected a game, found '+'"));
        }
        self.postfix()
    }

    /// The operand of `±`: `±{a,b}` (an option list, no bars) is `{a,b | −a,−b}`; otherwise `±x`
    /// is `{x | −x}`.
    fn pm_operand(&mut self) -> PResult<Game> {
        self.skip_ws();
        if self.rest().starts_with('{') {
            let open = self.pos;
            let close = self.matching_brace(open)?;
            let inner = &self.src[open + 1..close];
            if top_level_bar_runs(inner).is_empty() {
                self.pos = open + 1;
                let opts = self.option_list(close)?;
                self.pos = close + 1;
                let neg: Vec<Game> = opts.iter().map(|g| -*g).collect();
                return Ok(Game::new(opts, neg));
            }
        }
        self.enter()?;
        let x = self.unary()?;
        self.depth -= 1;
        Ok(Game::new([x], [-x]))
    }

    /// postfix := atom { '.' name '(' args ')' }
    fn postfix(&mut self) -> PResult<Game> {
        let mut g = self.atom()?;
        loop {
            let save = self.pos;
            self.skip_ws();
            if self.rest().starts_with('.')
                && self.rest()[1..].starts_with(|c: char| c.is_ascii_alphabetic())
            {
                self.pos += 1;
                let name_pos = self.pos;
                let name = self.ident();
                let args = self.game_args(&name)?;
                g = match method(&name) {
                    Some(f) => f(g, &args).map_err(|m| self.error_at(name_pos, m))?,
                    None => {
                        return Err(self.error_at(
                            name_pos,
                            format!("unknown method '{name}'; known methods: {}", method_names()),
                        ))
                    }
                };
            } else {
                self.pos = save;
                return Ok(g);
            }
        }
    }

    fn game_args(&mut self, name: &str) -> PResult<Vec<Game>> {
        let (positional, named) = self.args()?;
        if let Some((n, _)) = named.first() {
            return Err(self.error(format!("'{name}' takes no named argument '{n}'")));
        }
        positional
            .into_iter()
            .map(|a| match a {
                Arg::Game(g) => Ok(g),
                Arg::Str(_) => Err(self.error(format!("'{name}' takes games, not strings"))),
            })
            .collect()
    }

    fn atom(&mut self) -> PResult<Game> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            None => Err(self.error("expected a game, found the end of the input")),
            Some('(') => {
                self.pos += 1;
                self.enter()?;
                let g = self.expr()?;
                self.expect(")", "')'")?;
                self.depth -= 1;
                Ok(g)
            }
            Some('{') => {
                let close = self.matching_brace(start)?;
                self.enter()?;
                self.pos = start + 1;
                let g = self.brace_content(close)?;
                self.pos = close + 1;
                self.depth -= 1;
                Ok(g)
            }
            Some(c)
                if c.is_ascii_digit() || c == '-' || c == '^' || c == '*' || "↑↓⇑⇓".contains(c) =>
            {
                self.nus_literal()
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let save = self.pos;
                let name = self.ident();
                if is_down_word(&name) {
                    self.pos = save;
                    return self.nus_literal();
                }
                self.call(&name, start)
            }
            Some('}') => Err(self.error("expected a game, found '}'")),
            Some('|') => {
                Err(self
                    .error("expected a game, found '|' (bars separate options only inside braces)"))
            }
            Some(c) => Err(self.error(format!("expected a game, found {c:?}"))),
        }
    }

    fn ident(&mut self) -> String {
        let n: usize = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .map(|c| c.len_utf8())
            .sum();
        let s = self.rest()[..n].to_string();
        self.pos += n;
        s
    }

    /// A call `name(args)`: `Tiny(G)`, `Miny(G)` or a registered family.
    fn call(&mut self, name: &str, start: usize) -> PResult<Game> {
        match name {
            "Tiny" | "Miny" => {
                let args = self.game_args(name)?;
                let [g] = args[..] else {
                    return Err(self.error_at(start, format!("{name} takes one game")));
                };
                Ok(tiny(g, name == "Miny"))
            }
            _ => {
                self.skip_ws();
                if !self.rest().starts_with('(') {
                    return Err(self.error_at(
                        start,
                        format!(
                            "unknown name '{name}'; a game, or a call such as nim(7), was expected"
                        ),
                    ));
                }
                let (positional, named) = self.args()?;
                match self.functions.call(name, &positional, &named) {
                    None => {
                        let known = self.functions.names();
                        let hint = if known.is_empty() {
                            "no game families are registered here (use partizan::eval or the CLI)"
                                .to_string()
                        } else {
                            format!("known: {}", known.join(", "))
                        };
                        Err(self.error_at(start, format!("unknown function '{name}'; {hint}")))
                    }
                    Some(Err(m)) => Err(self.error_at(start, format!("{name}: {m}"))),
                    Some(Ok(g)) => Ok(g),
                }
            }
        }
    }

    /// '(' [arg {',' arg}] ')' where arg := string | name '=' value | expr
    fn args(&mut self) -> PResult<(Vec<Arg>, Vec<NamedArg>)> {
        self.expect("(", "'('")?;
        let mut positional = Vec::new();
        let mut named = Vec::new();
        self.skip_ws();
        if self.eat(")") {
            return Ok((positional, named));
        }
        loop {
            self.skip_ws();
            let save = self.pos;
            let mut name = None;
            if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                let id = self.ident();
                self.skip_ws();
                if self.rest().starts_with('=') {
                    self.pos += 1;
                    name = Some(id);
                } else {
                    self.pos = save;
                }
            }
            self.skip_ws();
            let value = if self.rest().starts_with('"') {
                Arg::Str(self.string()?)
            } else {
                Arg::Game(self.expr()?)
            };
            match name {
                Some(n) => named.push((n, value)),
                None => positional.push(value),
            }
            self.skip_ws();
            if self.eat(")") {
                return Ok((positional, named));
            }
            if !self.eat(",") {
                return Err(self.error("expected ',' or ')'"));
            }
        }
    }

    fn string(&mut self) -> PResult<String> {
        let start = self.pos;
        self.pos += 1;
        match self.rest().find('"') {
            Some(end) => {
                let s = self.rest()[..end].to_string();
                self.pos += end + 1;
                Ok(s)
            }
            None => Err(self.error_at(start, "unterminated string: expected a closing '\"'")),
        }
    }

    /// The byte offset of the '}' matching the '{' at `open`.
    fn matching_brace(&self, open: usize) -> PResult<usize> {
        let mut depth = 0usize;
        let mut in_string = false;
        for (i, c) in self.src[open..].char_indices() {
            match c {
                '"' => in_string = !in_string,
                '{' if !in_string => depth += 1,
                '}' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(open + i);
                    }
                }
                _ => {}
            }
        }
        // Report where the first unclosed part ends: parse up to the end for a precise message.
        let mut p = Parser {
            src: self.src,
            pos: open + 1,
            functions: self.functions,
            depth: self.depth,
        };
        p.scan_unclosed()
    }

    /// Finds the position at which an unclosed brace group fails, for the error message.
    fn scan_unclosed(&mut self) -> PResult<usize> {
        loop {
            self.skip_ws();
            if self.at_end() {
                return Err(self.error("expected ',' or '}'"));
            }
            if self.eat(",") {
                continue;
            }
            if self.rest().starts_with('|') {
                while self.eat("|") {}
                continue;
            }
            let save = self.pos;
            self.expr()?;
            if self.pos == save {
                return Err(self.error("expected a game"));
            }
            self.skip_ws();
            if self.at_end() {
                return Err(self.error("expected ',' or '}'"));
            }
            if !(self.rest().starts_with(',') || self.rest().starts_with('|')) {
                return Err(self.error("expected ',' or '}'"));
            }
        }
    }

    /// The inside of braces, up to `close`: split at the unique longest top-level bar run.
    fn brace_content(&mut self, close: usize) -> PResult<Game> {
        let base = self.pos;
        let inner = &self.src[base..close];
        let runs = top_level_bar_runs(inner);
        if runs.is_empty() {
            return Err(self.error_at(close, "expected '|' between Left and Right options"));
        }
        let longest = runs.iter().map(|r| r.1).max().unwrap_or(0);
        let at_longest: Vec<_> = runs.iter().filter(|r| r.1 == longest).collect();
        if at_longest.len() > 1 {
            return Err(self.error_at(
                base + at_longest[1].0,
                format!(
                    "ambiguous: {} runs of {longest} bar(s) at the same level; write the nested game in braces, e.g. {{3|{{2|1}}}}",
                    at_longest.len()
                ),
            ));
        }
        let (off, len) = *at_longest[0];
        let split = base + off;
        let left = self.side(base, split)?;
        let right = self.side(split + len, close)?;
        Ok(Game::new(left, right))
    }

    /// One side of braces: a single game if it has bars, else a comma-separated list.
    fn side(&mut self, from: usize, to: usize) -> PResult<Vec<Game>> {
        if top_level_bar_runs(&self.src[from..to]).is_empty() {
            self.pos = from;
            self.option_list(to)
        } else {
            self.pos = from;
            self.enter()?;
            let g = self.brace_content(to)?;
            self.depth -= 1;
            Ok(vec![g])
        }
    }

    /// A comma-separated list of expressions ending at `to` (exclusive); may be empty.
    fn option_list(&mut self, to: usize) -> PResult<Vec<Game>> {
        let mut out = Vec::new();
        self.skip_ws();
        if self.pos >= to {
            return Ok(out);
        }
        loop {
            // Parse within the slice only: a sub-parser that sees the side as its whole input.
            let g = self.expr_until(to)?;
            out.push(g);
            self.skip_ws();
            if self.pos >= to {
                return Ok(out);
            }
            if !self.eat(",") {
                let what = if self.src[self.pos..].starts_with('|') {
                    "',' or '|'"
                } else {
                    "',' or '}'"
                };
                return Err(self.error(format!("expected {what}")));
            }
        }
    }

    /// An expression that must end by `to`.
    fn expr_until(&mut self, to: usize) -> PResult<Game> {
        self.skip_ws();
        if self.pos >= to || self.rest().starts_with(',') {
            return Err(self.error("expected a game"));
        }
        let g = self.expr()?;
        if self.pos > to {
            return Err(self.error_at(to, "expected ',' or '}'"));
        }
        Ok(g)
    }

    /// [number] [arrows] [nimber] [Tiny(G) | Miny(G)], at least one part.
    fn nus_literal(&mut self) -> PResult<Game> {
        let start = self.pos;
        let mut number = Number::zero();
        let mut have_number = false;
        let neg = self.rest().starts_with('-');
        if neg || self.peek().is_some_and(|c| c.is_ascii_digit()) {
            number = self.number_literal()?;
            have_number = true;
        }
        let mut ups: i64 = 0;
        let mut have_arrows = false;
        // An uptimal `^<n>` / `v[n]` (see uptimal.rs) in place of the arrows.
        let mut uptimal = None;
        if let Some(parsed) = super::uptimal::parse_marker(self.rest()) {
            let (len, u) = parsed.map_err(|m| self.error(m))?;
            self.pos += len;
            uptimal = Some(u);
            have_arrows = true;
        } else if let Some(u) = self.arrows()? {
            ups = u;
            have_arrows = true;
        }
        let mut nimber = 0u64;
        let mut have_star = false;
        if self.rest().starts_with('*') {
            self.pos += 1;
            have_star = true;
            nimber = 1;
            let d = self.digits();
            if !d.is_empty() {
                nimber = d.parse::<u64>().map_err(|_| {
                    self.error_at(
                        start,
                        format!(
                            "the nimber *{d} is too large: nimbers up to *{} are supported",
                            u64::MAX
                        ),
                    )
                })?;
            }
        }
        if !(have_number || have_arrows || have_star) {
            return Err(self.error("expected a game"));
        }
        let base = Game::nus(Nus {
            number: number.clone(),
            ups,
            nimber,
        }) + uptimal.unwrap_or_default();
        // x Tiny(G) / x Miny(G): only directly after a number.
        if have_number
            && !have_arrows
            && !have_star
            && (self.rest().starts_with("Tiny") || self.rest().starts_with("Miny"))
        {
            let name_pos = self.pos;
            let name = self.ident();
            if name == "Tiny" || name == "Miny" {
                let g = self.call(&name, name_pos)?;
                return Ok(base + g);
            }
            return Err(self.error_at(name_pos, format!("unexpected '{name}' after a number")));
        }
        Ok(base)
    }

    fn digits(&mut self) -> &'a str {
        let n = self
            .rest()
            .bytes()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let s = &self.rest()[..n];
        self.pos += n;
        s
    }

    /// An integer or `a/b`; decimals and non-dyadic fractions are errors.
    fn number_literal(&mut self) -> PResult<Number> {
        let start = self.pos;
        let neg = self.eat("-");
        let int = self.digits();
        if int.is_empty() {
            return Err(self.error("expected a digit"));
        }
        if self.rest().starts_with('.')
            && self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            self.pos += 1;
            let frac = self.digits();
            let text = &self.src[start..self.pos];
            let e = text.parse::<Number>().unwrap_err();
            let _ = frac;
            return Err(self.error_at(start, e.to_string()));
        }
        let mut numerator: BigInt = int.parse().expect("digits");
        if neg {
            numerator = -numerator;
        }
        if self.rest().starts_with('/')
            && self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            self.pos += 1;
            let den: BigInt = self.digits().parse().expect("digits");
            return Number::from_ratio(numerator, den).map_err(|e| match e {
                NumberError::NotDyadic(_) => self.error_at(
                    start,
                    format!("{} is not a dyadic rational: a short game's number has a power of two as denominator", &self.src[start..self.pos]),
                ),
                e => self.error_at(start, e.to_string()),
            });
        }
        Ok(Number::from(numerator))
    }

    /// `^`, `^^`, `^3`, `v`, `vv`, `v3`, `↑`, `⇑`, `↓`, `⇓` (with optional counts).
    fn arrows(&mut self) -> PResult<Option<i64>> {
        let start = self.pos;
        let mut total: i64 = 0;
        let mut any = false;
        loop {
            let (unit, len) = if self.rest().starts_with('^') {
                (1, 1)
            } else if self.rest().starts_with('↑') {
                (1, '↑'.len_utf8())
            } else if self.rest().starts_with('⇑') {
                (2, '⇑'.len_utf8())
            } else if self.rest().starts_with('↓') {
                (-1, '↓'.len_utf8())
            } else if self.rest().starts_with('⇓') {
                (-2, '⇓'.len_utf8())
            } else if self.rest().starts_with('v')
                && !self.rest()[1..]
                    .starts_with(|c: char| c.is_ascii_alphabetic() && c != 'v' || c == '_')
            {
                (-1, 1)
            } else {
                break;
            };
            if any && (unit > 0) != (total > 0) {
                return Err(self.error("expected ups or downs, not both"));
            }
            self.pos += len;
            any = true;
            let d = self.digits();
            let count: i64 = if d.is_empty() {
                1
            } else {
                d.parse::<i64>().ok().filter(|c| *c <= 1 << 40).ok_or_else(|| {
                    self.error_at(start, format!("the up multiple {d} is too large: at most 2^40 arrows are supported"))
                })?
            };
            total = (unit * count)
                .checked_add(total)
                .filter(|t| t.unsigned_abs() <= 1 << 40)
                .ok_or_else(|| {
                    self.error_at(
                        start,
                        "the up multiple is too large: at most 2^40 arrows are supported",
                    )
                })?;
        }
        Ok(any.then_some(total))
    }
}

/// `v`, `vv`, `v3`, ...: a run of downs, not a name.
fn is_down_word(s: &str) -> bool {
    let t = s.trim_start_matches('v');
    t.len() < s.len() && t.bytes().all(|b| b.is_ascii_digit()) && !(t.is_empty() && s.is_empty())
}

/// The top-level runs of '|' in `s` (outside braces, parentheses and strings), as
/// `(offset, length)`.
fn top_level_bar_runs(s: &str) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut depth = 0i64;
    let mut in_string = false;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'{' | b'(' => depth += 1,
            b'}' | b')' => depth -= 1,
            b'|' if depth == 0 => {
                let start = i;
                while i < bytes.len() && bytes[i] == b'|' {
                    i += 1;
                }
                runs.push((start, i - start));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    runs
}

/// `Tiny(G) = {0 || 0 | −G}` and `Miny(G) = {G | 0 || 0}`.
pub fn tiny(g: Game, miny: bool) -> Game {
    let zero = Game::zero();
    if miny {
        Game::new([Game::new([g], [zero])], [zero])
    } else {
        Game::new([zero], [Game::new([zero], [-g])])
    }
}

/// The methods `G.name(args)` of the expression language.
fn method(name: &str) -> Option<MethodFn> {
    super::methods()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
}

fn method_names() -> String {
    let names: Vec<&str> = super::methods().iter().map(|(n, _)| *n).collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        match s.parse::<Game>() {
            Ok(g) => g.to_string(),
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn top_level_runs() {
        assert_eq!(top_level_bar_runs("3||2|1"), vec![(1, 2), (4, 1)]);
        assert_eq!(top_level_bar_runs("{1|2}|3"), vec![(5, 1)]);
    }

    #[test]
    fn down_words() {
        assert!(is_down_word("v"));
        assert!(is_down_word("vv"));
        assert!(is_down_word("v12"));
        assert!(!is_down_word("vx"));
        assert!(!is_down_word("nim"));
    }

    #[test]
    fn literal_parts() {
        assert_eq!(p("-1/2v*"), "-1/2v*");
        assert_eq!(p("2^100"), "2^100");
        assert_eq!(p("^2*3"), "^^*3");
        assert_eq!(
            p("1.5"),
            "ERR at byte 0 of \"1.5\": decimal numbers are not accepted: write 1.5 as 3/2"
        );
    }
}
