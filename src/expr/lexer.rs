//! The lexer: the input as a list of tokens with their byte spans.
//!
//! A literal such as `-1/2v*` or `2^100` is lexed in one piece (its parts must touch: `2 ^` is two
//! tokens), except for a leading minus sign, which is a token of its own: whether it is the sign
//! of the number (`-1/2v*` is −1/2 + ↓ + *) or a negation (`3-1/2^` is 3 − (1/2 + ↑)) depends on
//! where it stands, which only the parser knows.

use super::ast::{Arrows, Literal, LoopyConstant, MisereLiteral, Relation, Span};
use super::SyntaxError;
use crate::algebra::number::{Number, NumberError};
use crate::algebra::{Game, MAX_UPTIMAL_ORDER};
use num_bigint::BigInt;

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// A literal without its sign: `3/8`, `^^*`, `v3`, `2^100`, `^<2>`.
    Literal(Box<Literal>),
    /// A name: `nim`, `Tiny`, `Mean`, `cool`.
    Name(String),
    /// A string in double quotes, without the quotes.
    Str(String),
    /// A loopy constant written with its number or arrow: `1over`, `3/2under` (a `-` before it
    /// is a token of its own), `^[on]*`, `v<on>`. The constants written as words (`on`,
    /// `over`, `upon`, …) are names.
    LoopyConstant(Box<LoopyConstant>),
    /// A misère game `*[…]` (see [`super::misere`]).
    Misere(Box<MisereLiteral>),
    /// `&`, between the onside and the offside of a stopper-sided value.
    Amp,
    LBrace,
    RBrace,
    LParen,
    RParen,
    /// `[`, which opens a list (`[1, ^]`) or an index (`L[1]`).
    LBracket,
    /// `]`.
    RBracket,
    Comma,
    Dot,
    Colon,
    /// `=` of a named argument.
    Assign,
    /// `:=`, CGScript's assignment.
    Define,
    /// `->`, between a function's parameters and its body.
    Arrow,
    /// `=>`: a map entry (`{"a" => 1}`) or a named argument (`f(x => 1)`).
    FatArrow,
    /// `;`, between statements.
    Semi,
    /// `..`, a range: `1..10`, `3..12..3`.
    DotDot,
    /// `/`, division of numbers (a dyadic `a/b` is one literal).
    Slash,
    /// `%`, the remainder of numbers.
    Percent,
    /// `<=>`: CGScript's comparison, whose value is 0, -1, 1 or *.
    Spaceship,
    /// `?` before the default of an optional parameter: `(x, y ? 0) -> …`.
    Question,
    /// A run of `|` of this length.
    Bars(usize),
    Plus,
    Minus,
    /// `+-` or `±`.
    PlusMinus,
    /// A comparison operator.
    Rel(Relation),
    /// The end of the input.
    End,
}

impl Token {
    /// The token as the user would name it in "expected ..., found X".
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Literal(_) => "a literal".into(),
            Token::Name(n) => format!("'{n}'"),
            Token::Str(_) => "a string".into(),
            Token::LoopyConstant(_) => "a loopy constant".into(),
            Token::Misere(_) => "a misère game".into(),
            Token::Amp => "'&'".into(),
            Token::LBrace => "'{'".into(),
            Token::RBrace => "'}'".into(),
            Token::LParen => "'('".into(),
            Token::RParen => "')'".into(),
            Token::LBracket => "'['".into(),
            Token::RBracket => "']'".into(),
            Token::Comma => "','".into(),
            Token::Dot => "'.'".into(),
            Token::Colon => "':'".into(),
            Token::Assign => "'='".into(),
            Token::Define => "':='".into(),
            Token::Arrow => "'->'".into(),
            Token::FatArrow => "'=>'".into(),
            Token::Semi => "';'".into(),
            Token::DotDot => "'..'".into(),
            Token::Slash => "'/'".into(),
            Token::Percent => "'%'".into(),
            Token::Spaceship => "'<=>'".into(),
            Token::Question => "'?'".into(),
            Token::Bars(n) => format!("'{}'", "|".repeat(*n)),
            Token::Plus => "'+'".into(),
            Token::Minus => "'-'".into(),
            Token::PlusMinus => "'+-'".into(),
            Token::Rel(r) => format!("'{}'", r.symbol()),
            Token::End => "the end of the input".into(),
        }
    }
}

/// A token and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Lexeme {
    pub token: Token,
    pub span: Span,
    /// Whether the token is inside quotes, `'{*|*}'`: braces there make an explicit form.
    pub quoted: bool,
    /// Whether a line break stands between this token and the one before it: a line break
    /// ends a statement where the statement is complete (see [`super::parser`]).
    pub newline_before: bool,
}

/// Splits `src` into tokens, ending with [`Token::End`] at `src.len()`.
///
/// A quoted expression `'...'` (CGSuite's explicit game, kept as written) is lexed as a
/// parenthesised one whose tokens are marked [`Lexeme::quoted`]. Quotes nest as CGSuite prints
/// explicit games inside explicit games, `'{'{*|*}' : 1|-1}'`: inside quotes, a quote opens
/// another when a brace follows it and no closing brace comes just before it (a closing quote
/// follows a closing brace, `}'`); any other quote closes the innermost one.
pub(crate) fn lex(src: &str) -> Result<Vec<Lexeme>, SyntaxError> {
    let mut lexer = Lexer { src, pos: 0 };
    let mut out: Vec<Lexeme> = Vec::new();
    // Where the open quotes are, innermost last.
    let mut quotes: Vec<usize> = Vec::new();
    loop {
        let newline_before = lexer.skip_whitespace()?;
        let start = lexer.pos;
        if lexer.eat("'") {
            let after_brace = matches!(out.last(), Some(l) if l.token == Token::RBrace);
            let brace_next = lexer.rest().trim_start().starts_with('{');
            let opens = quotes.is_empty() || (brace_next && !after_brace);
            let token = if opens {
                quotes.push(start);
                Token::LParen
            } else {
                quotes.pop();
                Token::RParen
            };
            out.push(Lexeme {
                token,
                span: Span::new(start, lexer.pos),
                quoted: true,
                newline_before,
            });
            continue;
        }
        let token = match lexer.next_token()? {
            Some(t) => t,
            None => {
                if let Some(&open) = quotes.last() {
                    return Err(error(
                        open,
                        "the quote ' opened here is never closed (an explicit game is written '{...}')",
                    ));
                }
                out.push(Lexeme {
                    token: Token::End,
                    span: Span::new(start, start),
                    quoted: false,
                    newline_before,
                });
                return Ok(out);
            }
        };
        out.push(Lexeme {
            token,
            span: Span::new(start, lexer.pos),
            quoted: !quotes.is_empty(),
            newline_before,
        });
    }
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

type LResult<T> = Result<T, SyntaxError>;

fn error(position: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        position,
        message: message.into(),
    }
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Skips white space and comments (`// …` to the end of the line, `/* … */`), as CGScript
    /// does: whether a line break was among them.
    fn skip_whitespace(&mut self) -> LResult<bool> {
        let mut newline = false;
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            newline |= rest[..rest.len() - trimmed.len()].contains('\n');
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                let line = trimmed.find('\n').unwrap_or(trimmed.len());
                self.pos += line;
            } else if let Some(body) = trimmed.strip_prefix("/*") {
                let start = self.pos;
                match body.find("*/") {
                    Some(end) => {
                        newline |= trimmed[..end + 2].contains('\n');
                        self.pos += end + 4;
                    }
                    None => return Err(error(start, "the comment /* opened here is never closed")),
                }
            } else {
                return Ok(newline);
            }
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        let found = self.rest().starts_with(s);
        if found {
            self.pos += s.len();
        }
        found
    }

    /// The next token, or `None` at the end of the input.
    fn next_token(&mut self) -> LResult<Option<Token>> {
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let start = self.pos;
        let single = |lexer: &mut Lexer, t: Token| {
            lexer.pos += c.len_utf8();
            Ok(Some(t))
        };
        match c {
            '{' => single(self, Token::LBrace),
            '}' => single(self, Token::RBrace),
            '(' => single(self, Token::LParen),
            ')' => single(self, Token::RParen),
            '[' => single(self, Token::LBracket),
            ']' => single(self, Token::RBracket),
            ',' => single(self, Token::Comma),
            '.' if self.eat("..") => Ok(Some(Token::DotDot)),
            '.' => single(self, Token::Dot),
            ':' if self.eat(":=") => Ok(Some(Token::Define)),
            ':' => single(self, Token::Colon),
            ';' => single(self, Token::Semi),
            '?' => single(self, Token::Question),
            '%' => single(self, Token::Percent),
            '/' => single(self, Token::Slash),
            '±' => single(self, Token::PlusMinus),
            '&' => single(self, Token::Amp),
            '-' if self.eat("->") => Ok(Some(Token::Arrow)),
            '-' => single(self, Token::Minus),
            '+' if self.eat("+-") => Ok(Some(Token::PlusMinus)),
            '+' => single(self, Token::Plus),
            '"' => self.string().map(Some),
            '|' => {
                let n = self.rest().bytes().take_while(|b| *b == b'|').count();
                self.pos += n;
                if n == 1 && self.eat(">") {
                    return Ok(Some(Token::Rel(Relation::GreaterOrConfused)));
                }
                Ok(Some(Token::Bars(n)))
            }
            // `===` and `!==`, CGScript's identity, are equality of values here: values have no
            // identity of their own.
            '=' if self.eat("===") || self.eat("==") => Ok(Some(Token::Rel(Relation::Equal))),
            '=' if self.eat("=>") => Ok(Some(Token::FatArrow)),
            '=' => single(self, Token::Assign),
            '!' if self.eat("!==") || self.eat("!=") => Ok(Some(Token::Rel(Relation::NotEqual))),
            '<' if self.eat("<=>") => Ok(Some(Token::Spaceship)),
            '<' => {
                let rel = [
                    ("<=", Relation::LessOrEqual),
                    ("<>", Relation::Confused),
                    ("<|", Relation::LessOrConfused),
                    ("<", Relation::Less),
                ]
                .into_iter()
                .find(|(s, _)| self.eat(s))
                .map(|(_, r)| r);
                Ok(rel.map(Token::Rel))
            }
            '>' if self.eat(">=") => Ok(Some(Token::Rel(Relation::GreaterOrEqual))),
            '>' => single(self, Token::Rel(Relation::Greater)),
            '*' if self.rest().starts_with("*[") => {
                let (literal, len) = super::misere::lex(self.src, start)?;
                self.pos += len;
                Ok(Some(Token::Misere(Box::new(literal))))
            }
            c if c.is_ascii_digit() || "^*↑↓⇑⇓".contains(c) => self.literal().map(Some),
            c if c.is_ascii_alphabetic() || c == '_' => {
                let n = self
                    .rest()
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .count();
                let word = &self.rest()[..n];
                if is_down_word(word) || is_down_upon(self.rest()) {
                    return self.literal().map(Some);
                }
                self.pos += n;
                Ok(Some(Token::Name(word.to_string())))
            }
            c => Err(error(start, format!("unexpected character {c:?}"))),
        }
    }

    /// A string in double quotes, with CGScript's escapes `\\`, `\"`, `\n`, `\r`, `\t` and
    /// `\uXXXX`.
    fn string(&mut self) -> LResult<Token> {
        let start = self.pos;
        self.pos += 1;
        let mut s = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(error(start, "unterminated string: expected a closing '\"'"));
            };
            let at = self.pos;
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(Token::Str(s)),
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err(error(at, "unterminated string: expected a closing '\"'"));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        '\\' => s.push('\\'),
                        '"' => s.push('"'),
                        'n' => s.push('\n'),
                        'r' => s.push('\r'),
                        't' => s.push('\t'),
                        'u' => {
                            let hex = self.rest().get(..4).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                            let Some(c) = hex.and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32) else {
                                return Err(error(at, "expected four hexadecimal digits after \\u"));
                            };
                            self.pos += 4;
                            s.push(c);
                        }
                        e => {
                            return Err(error(
                                at,
                                format!("unknown escape \\{e} in a string: the escapes are \\\\, \\\", \\n, \\r, \\t and \\uXXXX"),
                            ))
                        }
                    }
                }
                c => s.push(c),
            }
        }
    }

    /// `[number][arrows or uptimal][*nimber]`, at least one part; or a loopy constant written
    /// with its number or arrow: `[number]over`, `[number]under`, `[number]^[on][*nimber]` and
    /// the forms with `<on>` and `v` (see [`LoopyConstant`]).
    fn literal(&mut self) -> LResult<Token> {
        let start = self.pos;
        let number = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            Some(self.number()?)
        } else {
            None
        };
        // `2^(n+1)` and `2^n` are powers: no printed value has a caret before '(' or a name.
        if number.is_some() && caret_is_power(self.rest()) {
            return Ok(Token::Literal(Box::new(Literal {
                number,
                arrows: None,
                nimber: None,
            })));
        }
        if number.is_some() {
            for (word, over) in [("over", true), ("under", false)] {
                let after = self.rest().strip_prefix(word);
                if after.is_some_and(|a| {
                    !a.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                }) {
                    self.pos += word.len();
                    let constant = LoopyConstant::Over { number, over };
                    return Ok(Token::LoopyConstant(Box::new(constant)));
                }
            }
        }
        if let Some((up, nth)) = upon_marker(self.rest()) {
            self.pos += upon_marker_len(self.rest());
            let nimber = self.nimber(start)?.unwrap_or(0);
            let constant = LoopyConstant::Upon {
                number,
                up,
                nth,
                nimber,
            };
            return Ok(Token::LoopyConstant(Box::new(constant)));
        }
        let arrows = match self.uptimal_marker() {
            Some(parsed) => {
                let (len, u) = parsed.map_err(|m| error(self.pos, m))?;
                self.pos += len;
                Some(Arrows::Uptimal(u))
            }
            None => self.arrows()?.map(Arrows::Ups),
        };
        let nimber = self.nimber(start)?;
        Ok(Token::Literal(Box::new(Literal {
            number,
            arrows,
            nimber,
        })))
    }

    /// `*` and its digits (`*` alone is `*1`), if a `*` is here; the literal began at `start`.
    fn nimber(&mut self, start: usize) -> LResult<Option<u64>> {
        if self.rest().starts_with("*[") {
            return Err(error(
                self.pos,
                "a misère game *[...] is written on its own, not after a number or arrows",
            ));
        }
        // `3*n` and `2*(k+1)` are products: no printed value has a star glued to a name or a
        // parenthesis after a number or arrows.
        if self.pos > start && self.rest().starts_with('*') {
            let after = &self.rest()[1..];
            if after.starts_with(|c: char| c == '(' || c.is_ascii_alphabetic() || c == '_') {
                return Ok(None);
            }
        }
        if !self.eat("*") {
            return Ok(None);
        }
        let d = self.digits();
        if d.is_empty() {
            return Ok(Some(1));
        }
        d.parse::<u64>().map(Some).map_err(|_| {
            error(
                start,
                format!(
                    "the nimber *{d} is too large: nimbers up to *{} are supported",
                    u64::MAX
                ),
            )
        })
    }

    /// An uptimal `^<n>`, `^[n]`, `v<n>`, `v[n]` (also with ↑ ↓) at the current position:
    /// `None` when there is none, else the number of bytes and the value, `↑ⁿ` for `^<n>` and
    /// `↑ + ↑² + … + ↑ⁿ` for `^[n]` (negated for `v`), or a message about `n`. A `<` followed
    /// by `=`, `>`, `|` or white space is a comparison instead: `^<=^` is `^ <= ^`.
    fn uptimal_marker(&self) -> Option<Result<(usize, Game), String>> {
        let rest = self.rest();
        let (up, angle, arrow_len, inner) = bracket_after_arrow(rest)?;
        if angle && (inner.starts_with(['=', '>', '|']) || inner.starts_with(char::is_whitespace)) {
            return None;
        }
        let (arrow, open) = (&rest[..arrow_len], &rest[arrow_len..=arrow_len]);
        let close = if angle { '>' } else { ']' };
        let digits = inner.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || !inner[digits..].starts_with(close) {
            return Some(Err(format!(
                "expected an order and '{close}' after '{arrow}{open}', e.g. {arrow}{open}2{close}"
            )));
        }
        let order = match inner[..digits].parse::<u32>() {
            Ok(n) if (1..=MAX_UPTIMAL_ORDER).contains(&n) => n,
            _ => {
                return Some(Err(format!(
                    "the uptimal order {} is out of range: it must be between 1 and {MAX_UPTIMAL_ORDER}",
                    &inner[..digits]
                )))
            }
        };
        let u = if angle {
            Game::up_nth(order)
        } else {
            Game::up_nth_sum(order)
        };
        Some(Ok((arrow_len + 1 + digits + 1, if up { u } else { -u })))
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
    fn number(&mut self) -> LResult<Number> {
        let start = self.pos;
        let int = self.digits();
        if self.rest().starts_with('.')
            && self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            self.pos += 1;
            self.digits();
            let text = &self.src[start..self.pos];
            let message = match text.parse::<Number>() {
                Err(e) => e.to_string(),
                Ok(_) => format!("decimal numbers are not accepted: write {text} as a fraction"),
            };
            return Err(error(start, message));
        }
        let numerator: BigInt = int.parse().expect("a run of ASCII digits is an integer");
        if self.rest().starts_with('/')
            && self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            let before = self.pos;
            self.pos += 1;
            let den: BigInt = self
                .digits()
                .parse()
                .expect("a run of ASCII digits is an integer");
            return match Number::from_ratio(numerator.clone(), den) {
                Ok(x) => Ok(x),
                // `4/6` is a division, whose value is the rational 2/3 (CGScript's), and `1/0`
                // one whose error is the evaluator's: the `/` is left for the parser. A non-dyadic fraction with arrows or a nimber glued
                // to it is no value at all.
                Err(_) if !self.rest().starts_with(['^', '*', 'v', '↑', '↓', '⇑', '⇓']) => {
                    self.pos = before;
                    Ok(Number::from(numerator))
                }
                Err(e) => {
                    let text = &self.src[start..self.pos];
                    Err(match e {
                        NumberError::NotDyadic(_) => error(
                            start,
                            format!("{text} is not a dyadic rational: a short game's number has a power of two as denominator"),
                        ),
                        e => error(start, e.to_string()),
                    })
                }
            };
        }
        Ok(Number::from(numerator))
    }

    /// `^`, `^^`, `^3`, `v`, `vv`, `v3`, `↑`, `⇑`, `↓`, `⇓` (with optional counts): the up
    /// multiple, or `None` when there are no arrows here.
    ///
    /// Every multiple the algebra holds (up to 2^63 − 1 either way, see
    /// `crate::algebra::limits`) is accepted, so that every value the printer writes parses back: a
    /// sum can reach multiples far beyond any literal in its input.
    fn arrows(&mut self) -> LResult<Option<i64>> {
        let start = self.pos;
        // Counted in i128, so that neither a count nor a running total can overflow before it
        // is checked against the range (a count beyond u64 is refused as it is read).
        let mut total: i128 = 0;
        let mut any = false;
        let too_large = |d: &str| {
            error(
                start,
                format!(
                    "the up multiple {d}is too large: at most 2^63 - 1 arrows either way are supported"
                ),
            )
        };
        loop {
            let rest = self.rest();
            let (unit, len): (i128, usize) = if rest.starts_with('^') {
                (1, 1)
            } else if rest.starts_with('↑') {
                (1, '↑'.len_utf8())
            } else if rest.starts_with('⇑') {
                (2, '⇑'.len_utf8())
            } else if rest.starts_with('↓') {
                (-1, '↓'.len_utf8())
            } else if rest.starts_with('⇓') {
                (-2, '⇓'.len_utf8())
            } else if rest.starts_with('v')
                && !rest[1..].starts_with(|c: char| c.is_ascii_alphabetic() && c != 'v' || c == '_')
            {
                (-1, 1)
            } else {
                break;
            };
            if any && (unit > 0) != (total > 0) {
                return Err(error(self.pos, "expected ups or downs, not both"));
            }
            self.pos += len;
            any = true;
            let d = self.digits();
            let count: u64 = if d.is_empty() {
                1
            } else {
                d.parse().map_err(|_| too_large(&format!("{d} ")))?
            };
            total += unit * i128::from(count);
            if total.unsigned_abs() > i64::MAX as u128 {
                return Err(too_large(""));
            }
        }
        let total = i64::try_from(total).expect("checked after every count");
        Ok(any.then_some(total))
    }
}

/// One arrow (`^`, `v`, `↑`, `↓`) and a bracket `<` or `[` at the start of `s`, as uptimals
/// (`^<2>`, `v[3]`) and the upon family (`^[on]`, `v<on>`) begin: whether the arrow is up,
/// whether the bracket is `<`, the arrow's length in bytes and the text after the bracket.
fn bracket_after_arrow(s: &str) -> Option<(bool, bool, usize, &str)> {
    let arrow = s.chars().next()?;
    let up = match arrow {
        '^' | '↑' => true,
        'v' | '↓' => false,
        _ => return None,
    };
    let rest = &s[arrow.len_utf8()..];
    let angle = match rest.chars().next()? {
        '<' => true,
        '[' => false,
        _ => return None,
    };
    Some((up, angle, arrow.len_utf8(), &rest[1..]))
}

/// The arrow and the marker of the upon family at the start of `s`: one arrow and `[on]` or
/// `<on>` (CGT ch. VI, as CGSuite prints them): whether the arrow is up and whether the
/// marker is `<on>`.
fn upon_marker(s: &str) -> Option<(bool, bool)> {
    let (up, nth, _, inner) = bracket_after_arrow(s)?;
    inner
        .starts_with(if nth { "on>" } else { "on]" })
        .then_some((up, nth))
}

/// The length of the marker [`upon_marker`] found.
fn upon_marker_len(s: &str) -> usize {
    s.chars().next().map_or(0, char::len_utf8) + "[on]".len()
}

/// Whether `s` starts with `v[on]` or `v<on>`: a down arrow of the upon family, not a name.
fn is_down_upon(s: &str) -> bool {
    s.starts_with('v') && upon_marker(s).is_some()
}

/// Whether `s` starts with a caret that is CGScript's power after a number: `^(` or `^` and a
/// letter (`2^(n+1)`, `2^n`), which no printed value contains.
fn caret_is_power(s: &str) -> bool {
    s.strip_prefix('^')
        .is_some_and(|r| r.starts_with(|c: char| c == '(' || c.is_ascii_alphabetic() || c == '_'))
}

/// `v`, `vv`, `v3`, ...: a run of downs, not a name.
fn is_down_word(s: &str) -> bool {
    let t = s.trim_start_matches('v');
    t.len() < s.len() && t.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<Token> {
        lex(s).unwrap().into_iter().map(|l| l.token).collect()
    }

    #[test]
    fn down_words() {
        assert!(is_down_word("v"));
        assert!(is_down_word("vv"));
        assert!(is_down_word("v12"));
        assert!(!is_down_word("vx"));
        assert!(!is_down_word("nim"));
        assert!(!is_down_word("7"));
    }

    #[test]
    fn operators_and_bars() {
        use Relation::*;
        assert_eq!(
            tokens("a<|b|>c<>d<=e||f"),
            [
                Token::Name("a".into()),
                Token::Rel(LessOrConfused),
                Token::Name("b".into()),
                Token::Rel(GreaterOrConfused),
                Token::Name("c".into()),
                Token::Rel(Confused),
                Token::Name("d".into()),
                Token::Rel(LessOrEqual),
                Token::Name("e".into()),
                Token::Bars(2),
                Token::Name("f".into()),
                Token::End
            ]
        );
        assert_eq!(
            tokens("+-±+ -")[..4],
            [
                Token::PlusMinus,
                Token::PlusMinus,
                Token::Plus,
                Token::Minus
            ]
        );
        // `^<=` is up, then `<=`; `^<2>` is an uptimal.
        assert_eq!(tokens("^<=^").len(), 4);
        assert_eq!(tokens("^<2>").len(), 2);
    }

    #[test]
    fn spans_are_byte_offsets() {
        let l = lex("↑ + nim(3)").unwrap();
        let spans: Vec<(usize, usize)> = l.iter().map(|l| (l.span.start, l.span.end)).collect();
        assert_eq!(
            spans,
            [
                (0, 3),
                (4, 5),
                (6, 9),
                (9, 10),
                (10, 11),
                (11, 12),
                (12, 12)
            ]
        );
    }
}
