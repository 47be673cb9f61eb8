//! The parser: tokens to a syntax tree, before anything is evaluated.
//!
//! The grammar is CGScript's, the language of CGSuite 2.x worksheets (its `Cgsuite.g`), with
//! the notation of `docs/NOTATION.md` for games. Loosest first:
//!
//! ```text
//! program    := statements
//! statements := [statement] {(';' | line break) [statement]}
//! statement  := 'break' | 'continue' | 'return' [expression] | 'var' name [':=' expression]
//!             | 'def' name '(' params ')' (':=' expression | 'begin' statements 'end')
//!             | expression
//! expression := function [':=' expression]           (assignment to a name or to L[i])
//! function   := (name | '(' params ')') '->' function | or
//! params     := [param {',' param}]                  param := name ['?' default]
//! or         := and ['or' or]                         and := not ['and' and]
//! not        := 'not' not | relation
//! relation   := infix [('==' | '!=' | '<=' | '>=' | '<' | '>' | '<>' | '<|' | '|>' | '<=>') infix]
//! infix      := range {name range}                   (a method between operands: 3 Max 5)
//! range      := sum ['..' sum ['..' sum]]
//! sum        := sided {('+' | '-') sided | '+-' sided}
//! sided      := ordinal ['&' ordinal]                 (a stopper-sided value S & T)
//! ordinal    := product {':' product}
//! product    := unary {('*' | '/' | '%') unary}       ('*' alone: CGScript's multiplication)
//! unary      := ('-' | '+-' | '+') unary | power
//! power      := postfix ['^' power]
//! postfix    := primary {'.' name ['(' arguments ')'] | '[' expression ']' | '(' arguments ')'}
//! primary    := literal [Tiny(..) | Miny(..)] | '-'literal | string | misère | loopy
//!             | '(' expression ')' | '(' expression ',' expression ')' | '(' comprehension ')'
//!             | '[' [expression {',' expression}] ']' | '[' comprehension ']'
//!             | braces | '{' [expression {',' expression}] '}' | '{' comprehension '}'
//!             | '{' key '=>' value {',' key '=>' value} '}' | '{=>}'
//!             | '*' primary | '^' primary                 (glued: *(3+5), ^n)
//!             | name ['(' arguments ')'] | 'if' … 'end' | loop | 'begin' statements 'end'
//! braces     := '{' sides '}'                          split at the unique longest top-level bar run
//! loop       := clause {clause} ('do' statements | 'yield' statements {'yield' statements}) 'end'
//! clause     := 'for' name ('from' e ['to' e] ['by' e] | 'in' e | ':=' e) ['while' e] ['where' e]
//!             | 'while' e ['where' e]
//! comprehension := expression clause {clause}
//! arguments  := [argument {',' argument}]              argument := [name ('=' | '=>')] expression
//! ```
//!
//! A line break ends a statement at the top level of a line (outside parentheses, brackets
//! and braces) when the next line begins with something that can begin a statement; a line
//! that begins with an operator that cannot (`.`, `==`, `:`, `&`, `/`, `and`, …) continues the
//! statement before it, and so does a line that ends with an operator. So `g := 7` and `g + 1`
//! on two lines are two statements, as `g := 7; g + 1` is.
//!
//! Where partizan reads differently from CGScript (docs/NOTATION.md lists every difference):
//! a literal is one token, its parts glued, so `3*5` is `3 + *5` and `3^5` is `3 + 5·↑`, as
//! they are printed; `3 * 5` (spaced) is 15 and `3 ^ 5` is 243, and a star or a caret glued
//! to a name or a closing parenthesis is the operator (`x*2`, `x^2`, `(1/2)^4`). A nimber
//! after an operand (`2 *3`) is refused, naming both readings.
//!
//! The parser recurses, and its stack grows on the heap where it runs short ([`stacker`]), so
//! that no input can overflow the thread's stack. Every construct that nests (braces and each
//! level of a bar run, parentheses, brackets, unary signs, `±`, the arguments of calls and
//! methods, blocks and function bodies) counts one level against [`MAX_NESTING`], which bounds
//! the depth of the tree for the evaluator and for dropping it.
//!
//! Loopy games are written in the same grammar (CGT ch. VI; CGSuite's loopy notation): braces
//! are braces, with `pass` and labels among their options, a label before braces names their
//! position (`a{0|a}`), and the loopy constants are literals. Inside braces a name that labels
//! braces of the same literal is that label; any other name is a variable.

use super::ast::MAX_NESTING;
use super::ast::{
    Argument, ArithOp, Call, Expr, ExprKind, Function, Literal, LogicOp, Loop, LoopBody,
    LoopClause, LoopSource, LoopyConstant, Param, PrefixOp, Sign, Span, Statement,
};
use super::lexer::{lex, Lexeme, Token};
use super::SyntaxError;
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

/// The names of CGSuite's loopy constants, read as loopy games where they stand alone (not
/// called, not before braces), and the constant each is.
const LOOPY_WORDS: &[(&str, LoopyConstant)] = &[
    ("on", LoopyConstant::On),
    ("off", LoopyConstant::Off),
    ("dud", LoopyConstant::Dud),
    (
        "over",
        LoopyConstant::Over {
            number: None,
            over: true,
        },
    ),
    (
        "under",
        LoopyConstant::Over {
            number: None,
            over: false,
        },
    ),
    (
        "upon",
        LoopyConstant::Upon {
            number: None,
            up: true,
            nth: false,
            nimber: 0,
        },
    ),
];

/// The word for `pass`, a move back to the braces it is an option of.
const PASS: &str = "pass";

/// The reserved words of CGScript that partizan reads: no variable, parameter or label can be
/// spelt like them.
pub(crate) const KEYWORDS: &[&str] = &[
    "and", "begin", "break", "by", "continue", "def", "do", "else", "elseif", "end", "false",
    "for", "from", "if", "in", "not", "or", "pass", "return", "then", "to", "true", "var", "where",
    "while", "yield",
];

/// Whether `name` is a reserved word.
pub(crate) fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// The reserved words that cannot begin a statement: a line that begins with one continues the
/// statement before it.
const CONTINUATION_WORDS: &[&str] = &[
    "and", "by", "do", "else", "elseif", "end", "from", "in", "or", "then", "to", "where", "yield",
];

/// The stack left when the parser or the evaluator grows its stack, and the size of each new
/// segment ([`stacker::maybe_grow`]).
pub(crate) const RED_ZONE: usize = 128 * 1024;
pub(crate) const STACK_SEGMENT: usize = 4 * 1024 * 1024;

type PResult<T> = Result<T, SyntaxError>;

/// Parses `input` into a syntax tree: a single expression, or a [`ExprKind::Sequence`] of
/// statements.
pub(crate) fn parse(input: &str) -> PResult<Expr> {
    let tokens = lex(input)?;
    let partner = partners(&tokens);
    let mut p = Parser {
        tokens: &tokens,
        partner,
        pos: 0,
        limit: tokens.len() - 1,
        depth: 0,
        braces: 0,
        groups: 0,
        labels: None,
        params: Vec::new(),
        source: Arc::from(input),
    };
    if p.at_limit() {
        return Err(p.error_at(0, "expected a game, found an empty expression"));
    }
    p.program()
}

/// Whether `input` holds no statement at all: white space and comments only.
pub(crate) fn is_blank(input: &str) -> bool {
    lex(input).is_ok_and(|t| t.len() == 1)
}

/// For each `{`, `(` and `[`, the index of its matching `}`, `)` or `]`. A closing token that does not
/// match the innermost open group is left unmatched (the parser reports it where it meets it),
/// and so are the groups left open at the end.
fn partners(tokens: &[Lexeme]) -> Vec<Option<usize>> {
    let mut partner = vec![None; tokens.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, l) in tokens.iter().enumerate() {
        match l.token {
            Token::LBrace | Token::LParen | Token::LBracket => open.push(i),
            Token::RBrace | Token::RParen | Token::RBracket => {
                if let Some(&o) = open.last() {
                    let pair = (&tokens[o].token, &l.token);
                    if matches!(
                        pair,
                        (Token::LBrace, Token::RBrace)
                            | (Token::LParen, Token::RParen)
                            | (Token::LBracket, Token::RBracket)
                    ) {
                        open.pop();
                        partner[o] = Some(i);
                    }
                }
            }
            _ => {}
        }
    }
    partner
}

struct Parser<'t> {
    tokens: &'t [Lexeme],
    partner: Vec<Option<usize>>,
    pos: usize,
    /// The index of the token that ends the current range: the end of the input, or the bar run
    /// or brace that closes the side of braces being parsed.
    limit: usize,
    depth: usize,
    /// How many game braces are open around the current token.
    braces: usize,
    /// How many parentheses, brackets and braces are open around the current token in the
    /// current statement: a line break inside them is white space.
    groups: usize,
    /// The labels of the loopy literal being parsed (the names written before braces inside its
    /// outermost braces): a name among them is the label's position.
    labels: Option<HashSet<String>>,
    /// The parameters of the functions being parsed, innermost last.
    params: Vec<Vec<String>>,
    /// The input, kept by the functions written in it.
    source: Arc<str>,
}

/// A binary operator of [`Parser::product`].
enum ProductOp {
    /// `*` alone.
    Times,
    /// A nimber glued to a name or a closing bracket, `x*2`: the multiplication by 2.
    TimesBy(u64, Span),
    Div,
    Mod,
}

impl<'t> Parser<'t> {
    fn error_at(&self, position: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            position,
            message: message.into(),
        }
    }

    /// An error at the current token.
    fn error(&self, message: impl Into<String>) -> SyntaxError {
        let at = if self.at_limit() {
            self.tokens[self.limit].span.start
        } else {
            self.tokens[self.pos].span.start
        };
        self.error_at(at, message)
    }

    fn at_limit(&self) -> bool {
        self.pos >= self.limit
    }

    /// The current token; the end of the input at the limit of the range.
    fn peek(&self) -> &'t Token {
        if self.at_limit() {
            &Token::End
        } else {
            &self.tokens[self.pos].token
        }
    }

    /// The token `k` places after the current one, if it is within the range.
    fn peek_at(&self, k: usize) -> Option<&'t Lexeme> {
        (self.pos + k < self.limit).then(|| &self.tokens[self.pos + k])
    }

    fn span(&self) -> Span {
        if self.at_limit() {
            self.tokens[self.limit].span
        } else {
            self.tokens[self.pos].span
        }
    }

    /// The end of the last token consumed.
    fn last_end(&self) -> usize {
        self.tokens[self.pos.saturating_sub(1)].span.end
    }

    fn advance(&mut self) -> Span {
        let s = self.span();
        self.pos += 1;
        s
    }

    /// Whether the current token is the reserved word `word`.
    fn at_word(&self, word: &str) -> bool {
        matches!(self.peek(), Token::Name(n) if n == word)
    }

    /// Whether the current token is one of `words`.
    fn at_any(&self, words: &[&str]) -> bool {
        matches!(self.peek(), Token::Name(n) if words.contains(&n.as_str()))
    }

    /// Consumes the reserved word `word`, or fails naming what was expected.
    fn expect_word(&mut self, word: &str, context: &str) -> PResult<Span> {
        if self.at_word(word) {
            return Ok(self.advance());
        }
        Err(self.expected(&format!("'{word}' {context}")))
    }

    /// Whether the current token is adjacent to the one before it.
    fn glued(&self) -> bool {
        self.pos > 0 && !self.at_limit() && self.tokens[self.pos - 1].span.end == self.span().start
    }

    /// Whether a line break before the current token ends the statement: at the top level of
    /// the statement, before a token that can begin one.
    fn stops(&self) -> bool {
        if self.groups > 0 || self.at_limit() || !self.tokens[self.pos].newline_before {
            return false;
        }
        match self.peek() {
            Token::Name(n) => !CONTINUATION_WORDS.contains(&n.as_str()),
            Token::Literal(_)
            | Token::Str(_)
            | Token::LoopyConstant(_)
            | Token::Misere(_)
            | Token::LParen
            | Token::LBracket
            | Token::LBrace
            | Token::Minus
            | Token::Plus
            | Token::PlusMinus => true,
            _ => false,
        }
    }

    /// Enters one level of nesting at the token at `at`.
    fn enter(&mut self, at: usize) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_at(
                at,
                format!(
                    "nesting deeper than {MAX_NESTING} levels of braces, parentheses, signs and calls"
                ),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Runs `f` with the line breaks of a new statement level (inside a block, a branch or a
    /// loop's body, a line break separates statements again).
    fn in_statements<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let groups = std::mem::take(&mut self.groups);
        let result = f(self);
        self.groups = groups;
        result
    }

    /// Runs `f` inside a bracket (line breaks are white space there).
    fn in_group<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.groups += 1;
        let result = f(self);
        self.groups -= 1;
        result
    }

    /// The whole input.
    fn program(&mut self) -> PResult<Expr> {
        let (statements, _) = self.statement_list(&[])?;
        if !self.at_limit() {
            return Err(self.leftover());
        }
        Ok(sequence(statements, true))
    }

    /// The error at a token where a statement of the top level cannot go on.
    #[cold]
    fn leftover(&self) -> SyntaxError {
        if let Token::RBracket | Token::RParen | Token::RBrace = self.peek() {
            let closer = self.peek().describe();
            return self.error(format!("unmatched {closer}: nothing open closes here"));
        }
        if let Token::Literal(l) = self.peek() {
            if l.number.is_none() && l.arrows.is_none() && l.nimber.is_some() {
                return self.error(
                    "a nimber after an operand: write a + *n for the sum with a nimber, or a * n (with spaces) for an integer multiple",
                );
            }
        }
        self.error(
            "expected an operator ('+', '-', '+-', ':', '*' or a comparison) or the end of the expression",
        )
    }

    /// Statements up to one of `terminators` (reserved words) or the end of the range; whether
    /// a control expression ended the last one (so that no separator was needed).
    fn statement_list(&mut self, terminators: &[&str]) -> PResult<(Vec<Statement>, bool)> {
        let mut statements: Vec<Statement> = Vec::new();
        let mut closed = false;
        loop {
            while *self.peek() == Token::Semi {
                self.advance();
                if let Some(last) = statements.last_mut() {
                    last.suppressed = true;
                }
            }
            if self.at_limit() || self.at_any(terminators) {
                return Ok((statements, closed));
            }
            if !statements.is_empty() && !statements.last().is_some_and(|s| s.suppressed) {
                let separated = self.tokens[self.pos].newline_before || closed;
                if !separated {
                    if terminators.is_empty() {
                        return Err(self.leftover());
                    }
                    let names: Vec<String> = terminators.iter().map(|t| format!("'{t}'")).collect();
                    return Err(self.expected(&format!("';' or {}", names.join(" or "))));
                }
            }
            let expr = self.statement()?;
            closed = matches!(
                expr.kind,
                ExprKind::If(..) | ExprKind::Loop(_) | ExprKind::Block(_)
            ) && self.tokens[self.pos.saturating_sub(1)].token
                == Token::Name("end".into());
            statements.push(Statement {
                expr,
                suppressed: false,
            });
        }
    }

    /// Statements up to one of `terminators`, as one expression.
    fn statements(&mut self, terminators: &[&str]) -> PResult<Expr> {
        let start = self.span();
        let (statements, _) = self.in_statements(|p| p.statement_list(terminators))?;
        if statements.is_empty() {
            return Ok(Expr {
                kind: ExprKind::Sequence(Vec::new()),
                span: Span::new(start.start, start.start),
            });
        }
        Ok(sequence(statements, false))
    }

    fn statement(&mut self) -> PResult<Expr> {
        let start = self.span();
        let Token::Name(word) = self.peek() else {
            return self.expression();
        };
        match word.as_str() {
            "break" | "continue" => {
                self.advance();
                let kind = if word == "break" {
                    ExprKind::Break
                } else {
                    ExprKind::Continue
                };
                Ok(Expr { kind, span: start })
            }
            "return" => {
                self.advance();
                let value = if self.ends_statement() {
                    None
                } else {
                    Some(Box::new(self.expression()?))
                };
                Ok(Expr {
                    kind: ExprKind::Return(value),
                    span: Span::new(start.start, self.last_end()),
                })
            }
            "var" => {
                self.advance();
                let (name, name_span) = self.variable_name("after 'var'")?;
                let value = if *self.peek() == Token::Define {
                    let at = self.advance();
                    self.enter(at.start)?;
                    let v = self.expression()?;
                    self.leave();
                    Some(Box::new(v))
                } else {
                    None
                };
                let _ = name_span;
                Ok(Expr {
                    kind: ExprKind::Var(name, value),
                    span: Span::new(start.start, self.last_end()),
                })
            }
            "def" => self.def(),
            _ => self.expression(),
        }
    }

    /// Whether the statement ends here: a separator, a reserved word that ends a block, a line
    /// break or the end.
    fn ends_statement(&self) -> bool {
        self.at_limit()
            || matches!(
                self.peek(),
                Token::Semi | Token::RParen | Token::RBracket | Token::RBrace
            )
            || self.at_any(&["end", "else", "elseif", "yield"])
            || (self.groups == 0 && self.tokens[self.pos].newline_before)
    }

    /// A name for a variable or a parameter: not a reserved word.
    fn variable_name(&mut self, context: &str) -> PResult<(String, Span)> {
        match self.peek() {
            Token::Name(n) if !is_keyword(n) => {
                let span = self.advance();
                Ok((n.clone(), span))
            }
            Token::Name(n) => Err(self.error(format!(
                "'{n}' is a reserved word of the language, not a name {context}"
            ))),
            _ => Err(self.expected(&format!("a name {context}"))),
        }
    }

    /// `def f(params) := body` or `def f(params) begin statements end`: the assignment of the
    /// function to `f`.
    fn def(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let (name, name_span) = self.variable_name("after 'def'")?;
        if *self.peek() != Token::LParen {
            return Err(self.expected(&format!("'(' and the parameters of {name}")));
        }
        let open = self.advance();
        let params = self.in_group(|p| p.param_list(open))?;
        self.enter(start.start)?;
        self.params
            .push(params.iter().map(|p| p.name.clone()).collect());
        let body = if *self.peek() == Token::Define {
            self.advance();
            self.expression()
        } else if self.at_word("begin") {
            let begin = self.advance();
            let body = self.statements(&["end"]);
            body.and_then(|b| {
                let end = self.expect_word("end", "to close 'begin'")?;
                Ok(Expr {
                    kind: ExprKind::Block(Box::new(b)),
                    span: begin.to(end),
                })
            })
        } else {
            Err(self.expected("':=' or 'begin' after the parameters"))
        };
        self.params.pop();
        self.leave();
        let body = body?;
        let span = Span::new(start.start, self.last_end());
        let function = Expr {
            kind: ExprKind::Function(Arc::new(Function {
                params,
                body,
                source: self.source.clone(),
                name: Some(name.clone()),
                literals: OnceLock::new(),
            })),
            span,
        };
        let target = Expr {
            kind: ExprKind::Name(name),
            span: name_span,
        };
        Ok(Expr {
            kind: ExprKind::Assign(Box::new((target, function))),
            span,
        })
    }

    /// The parameters after the '(' at `open`, up to and with the ')'.
    fn param_list(&mut self, open: Span) -> PResult<Vec<Param>> {
        let mut params: Vec<Param> = Vec::new();
        if *self.peek() == Token::RParen {
            self.advance();
            return Ok(params);
        }
        loop {
            let (name, span) = self.variable_name("of a parameter")?;
            if params.iter().any(|p| p.name == name)
                || self.params.iter().flatten().any(|p| *p == name)
            {
                return Err(self.error_at(span.start, format!("duplicate parameter '{name}'")));
            }
            let default = if *self.peek() == Token::Question {
                self.advance();
                Some(self.expression()?)
            } else {
                None
            };
            params.push(Param {
                name,
                default,
                span,
            });
            match self.peek() {
                Token::Comma => {
                    self.advance();
                }
                Token::RParen => {
                    self.advance();
                    return Ok(params);
                }
                _ => {
                    let _ = open;
                    return Err(self.error("expected ',' or ')'"));
                }
            }
        }
    }

    /// expression := function [':=' expression], its stack grown where it runs short.
    fn expression(&mut self) -> PResult<Expr> {
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.assignment())
    }

    fn assignment(&mut self) -> PResult<Expr> {
        let target = self.function()?;
        if *self.peek() != Token::Define || self.stops() {
            return Ok(target);
        }
        if !matches!(target.kind, ExprKind::Name(_) | ExprKind::Index(_)) {
            return Err(self.error_at(
                target.span.start,
                "':=' assigns to a name or to an element L[i], not to an expression",
            ));
        }
        let at = self.advance();
        self.enter(at.start)?;
        let value = self.expression()?;
        self.leave();
        let span = target.span.to(value.span);
        Ok(Expr {
            kind: ExprKind::Assign(Box::new((target, value))),
            span,
        })
    }

    /// function := (name | '(' params ')') '->' function | or.
    fn function(&mut self) -> PResult<Expr> {
        let start = self.span();
        let params = match (self.peek(), self.peek_at(1)) {
            (Token::Name(n), Some(next)) if next.token == Token::Arrow && !is_keyword(n) => {
                let span = self.advance();
                let name = n.clone();
                if self.params.iter().flatten().any(|p| *p == name) {
                    return Err(self.error_at(span.start, format!("duplicate parameter '{name}'")));
                }
                vec![Param {
                    name,
                    default: None,
                    span,
                }]
            }
            (Token::LParen, _)
                if self.partner[self.pos].is_some_and(|close| {
                    close + 1 < self.limit && self.tokens[close + 1].token == Token::Arrow
                }) =>
            {
                let open = self.advance();
                self.in_group(|p| p.param_list(open))?
            }
            _ => return self.or(),
        };
        let arrow = self.advance();
        debug_assert_eq!(self.tokens[self.pos - 1].token, Token::Arrow);
        self.enter(arrow.start)?;
        self.params
            .push(params.iter().map(|p| p.name.clone()).collect());
        let body = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.function());
        self.params.pop();
        self.leave();
        let body = body?;
        let span = start.to(body.span);
        Ok(Expr {
            kind: ExprKind::Function(Arc::new(Function {
                params,
                body,
                source: self.source.clone(),
                name: None,
                literals: OnceLock::new(),
            })),
            span,
        })
    }

    fn or(&mut self) -> PResult<Expr> {
        let left = self.and()?;
        if !self.at_word("or") {
            return Ok(left);
        }
        let at = self.advance();
        self.enter(at.start)?;
        let right = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.or());
        self.leave();
        Ok(logic(left, right?, LogicOp::Or))
    }

    fn and(&mut self) -> PResult<Expr> {
        let left = self.not()?;
        if !self.at_word("and") {
            return Ok(left);
        }
        let at = self.advance();
        self.enter(at.start)?;
        let right = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.and());
        self.leave();
        Ok(logic(left, right?, LogicOp::And))
    }

    fn not(&mut self) -> PResult<Expr> {
        if !self.at_word("not") {
            return self.relation();
        }
        let at = self.advance();
        self.enter(at.start)?;
        let operand = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.not());
        self.leave();
        let operand = operand?;
        Ok(Expr {
            span: at.to(operand.span),
            kind: ExprKind::Not(Box::new(operand)),
        })
    }

    /// relation := infix [relation-operator infix]: comparisons do not chain.
    fn relation(&mut self) -> PResult<Expr> {
        let left = self.infix()?;
        let rel = match self.peek() {
            Token::Rel(r) if !self.stops() => Some(*r),
            Token::Spaceship if !self.stops() => None,
            _ => return Ok(left),
        };
        self.advance();
        let right = self.infix()?;
        if let Token::Rel(_) | Token::Spaceship = self.peek() {
            return Err(self.error(format!(
                "comparisons do not chain: parenthesise one of them before {}",
                self.peek().describe()
            )));
        }
        let span = left.span.to(right.span);
        let pair = Box::new((left, right));
        Ok(Expr {
            kind: match rel {
                Some(r) => ExprKind::Compare(pair, r),
                None => ExprKind::Spaceship(pair),
            },
            span,
        })
    }

    /// infix := range {name range}: `a Max b` is `a.Max(b)`.
    fn infix(&mut self) -> PResult<Expr> {
        let mut left = self.range()?;
        while let Token::Name(name) = self.peek() {
            if is_keyword(name) || self.stops() || !self.operand_follows(1) {
                break;
            }
            let name_span = self.advance();
            self.enter(name_span.start)?;
            let right = self.range()?;
            self.leave();
            let span = Span::new(name_span.start, right.span.end);
            let call = Call {
                name: name.clone(),
                name_span,
                args: Some(vec![Argument {
                    name: None,
                    value: right,
                }]),
                span,
            };
            left = with_method(left, call);
        }
        Ok(left)
    }

    /// Whether the token `k` places on can begin an operand.
    fn operand_follows(&self, k: usize) -> bool {
        self.peek_at(k).is_some_and(|l| match &l.token {
            Token::Name(n) => {
                !is_keyword(n) || matches!(n.as_str(), "true" | "false" | "if" | "begin" | "pass")
            }
            Token::Literal(_)
            | Token::Str(_)
            | Token::LoopyConstant(_)
            | Token::Misere(_)
            | Token::LParen
            | Token::LBracket
            | Token::LBrace
            | Token::Minus
            | Token::PlusMinus => true,
            _ => false,
        })
    }

    /// range := sum ['..' sum ['..' sum]].
    fn range(&mut self) -> PResult<Expr> {
        let from = self.sum()?;
        if *self.peek() != Token::DotDot || self.stops() {
            return Ok(from);
        }
        self.advance();
        let to = self.sum()?;
        let step = if *self.peek() == Token::DotDot && !self.stops() {
            self.advance();
            Some(self.sum()?)
        } else {
            None
        };
        let span = from.span.to(step.as_ref().map_or(to.span, |s| s.span));
        Ok(Expr {
            kind: ExprKind::Range(Box::new((from, to, step))),
            span,
        })
    }

    /// sum := sided {('+' | '-') sided | '+-' sided}; binary `a +- b` is `a + ±b`, and
    /// `a +- {b, c}` is `a + ±{b, c}`.
    fn sum(&mut self) -> PResult<Expr> {
        let first = self.sided()?;
        let mut terms = vec![(Sign::Plus, first)];
        loop {
            if self.stops() {
                break;
            }
            let sign = match self.peek() {
                Token::Plus => Sign::Plus,
                Token::Minus => Sign::Minus,
                Token::PlusMinus => {
                    let at = self.advance();
                    let term = if self.brace_list_close().is_some() {
                        let list = self.plus_minus_list(at)?;
                        if matches!(self.peek(), Token::Colon) || self.is_times() {
                            let symbol = if *self.peek() == Token::Colon {
                                ':'
                            } else {
                                '*'
                            };
                            return Err(self.error(format!(
                                "write ±{{...}} in parentheses beside '{symbol}'"
                            )));
                        }
                        list
                    } else {
                        let operand = self.sided()?;
                        Expr {
                            span: at.to(operand.span),
                            kind: ExprKind::PlusMinus(vec![operand]),
                        }
                    };
                    terms.push((Sign::Plus, term));
                    continue;
                }
                _ => break,
            };
            self.advance();
            terms.push((sign, self.sided()?));
        }
        if terms.len() == 1 {
            return Ok(terms.pop().expect("one term").1);
        }
        let span = terms[0].1.span.to(terms[terms.len() - 1].1.span);
        Ok(Expr {
            kind: ExprKind::Sum(terms),
            span,
        })
    }

    /// sided := ordinal ['&' ordinal].
    fn sided(&mut self) -> PResult<Expr> {
        let onside = self.ordinal()?;
        if *self.peek() != Token::Amp {
            return Ok(onside);
        }
        self.advance();
        let offside = self.ordinal()?;
        if *self.peek() == Token::Amp {
            return Err(self.error("'&' joins one onside and one offside: write S & T once"));
        }
        let span = onside.span.to(offside.span);
        Ok(Expr {
            kind: ExprKind::Sided(Box::new((onside, offside))),
            span,
        })
    }

    /// ordinal := product {':' product}.
    fn ordinal(&mut self) -> PResult<Expr> {
        let first = self.product()?;
        if *self.peek() != Token::Colon {
            return Ok(first);
        }
        let mut terms = vec![first];
        while *self.peek() == Token::Colon {
            let at = self.advance();
            terms.push(self.product()?);
            if terms.iter().any(|t| self.is_bare_list(t)) {
                return Err(self.error_at(at.start, "write ±{...} in parentheses beside ':'"));
            }
        }
        let span = terms[0].span.to(terms[terms.len() - 1].span);
        Ok(Expr {
            kind: ExprKind::OrdinalSum(terms),
            span,
        })
    }

    /// Whether `e` is a `±{a, b}` written without parentheses around it.
    fn is_bare_list(&self, e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::PlusMinus(o) if o.len() > 1)
            && !self.source[e.span.start..].starts_with('(')
    }

    /// product := unary {('*' | '/' | '%') unary}.
    fn product(&mut self) -> PResult<Expr> {
        let mut left = self.unary()?;
        loop {
            if self.stops() {
                break;
            }
            let op = match self.peek() {
                Token::Literal(_) if self.is_times() => ProductOp::Times,
                Token::Literal(l) if self.glued() && self.after_operand_end() => {
                    match (&l.number, &l.arrows, l.nimber) {
                        (None, None, Some(k)) => ProductOp::TimesBy(k, self.span()),
                        _ => break,
                    }
                }
                Token::Slash => ProductOp::Div,
                Token::Percent => ProductOp::Mod,
                _ => break,
            };
            let at = self.advance();
            let right = match op {
                ProductOp::TimesBy(k, span) => Expr {
                    kind: ExprKind::Literal(Box::new(Literal {
                        number: Some(crate::algebra::Number::from(num_bigint::BigInt::from(k))),
                        arrows: None,
                        nimber: None,
                    })),
                    span: Span::new(span.start + 1, span.end),
                },
                _ => self.unary()?,
            };
            if self.is_bare_list(&left) || self.is_bare_list(&right) {
                return Err(self.error_at(at.start, "write ±{...} in parentheses beside '*'"));
            }
            let span = left.span.to(right.span);
            let pair = Box::new((left, right));
            left = Expr {
                kind: match op {
                    ProductOp::Times | ProductOp::TimesBy(..) => ExprKind::Product(pair),
                    ProductOp::Div => ExprKind::Arith(pair, ArithOp::Div),
                    ProductOp::Mod => ExprKind::Arith(pair, ArithOp::Mod),
                },
                span,
            };
        }
        Ok(left)
    }

    /// Whether the token before the current one ends an operand whose glued star or caret is
    /// the operator: a name, a closing parenthesis or bracket.
    fn after_operand_end(&self) -> bool {
        self.pos > 0
            && matches!(
                self.tokens[self.pos - 1].token,
                Token::Name(_) | Token::RParen | Token::RBracket
            )
    }

    /// unary := ('-' | '+-' | '+') unary | power.
    fn unary(&mut self) -> PResult<Expr> {
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || match self.peek() {
            Token::Minus if !self.minus_is_sign() => {
                let at = self.advance();
                self.enter(at.start)?;
                let operand = self.unary()?;
                self.leave();
                Ok(Expr {
                    span: at.to(operand.span),
                    kind: ExprKind::Neg(Box::new(operand)),
                })
            }
            Token::PlusMinus => {
                let at = self.advance();
                if self.brace_list_close().is_some() {
                    let list = self.plus_minus_list(at)?;
                    return self.postfix(list);
                }
                self.enter(at.start)?;
                let operand = self.unary()?;
                self.leave();
                Ok(Expr {
                    span: at.to(operand.span),
                    kind: ExprKind::PlusMinus(vec![operand]),
                })
            }
            Token::Plus => {
                let at = self.advance();
                if self.at_limit() {
                    return Err(self.error_at(at.start, "expected a game, found '+'"));
                }
                self.enter(at.start)?;
                let operand = self.unary()?;
                self.leave();
                Ok(Expr {
                    span: at.to(operand.span),
                    ..operand
                })
            }
            _ => self.power(),
        })
    }

    /// power := postfix ['^' power]: a caret alone (`x ^ 2`, `x^(n+1)`, `2^(k)`), or a caret
    /// and digits glued to a name or a closing bracket (`x^2`, `(1/2)^4`). A caret glued to a
    /// number is up, read by the lexer (`2^100` is 2 + 100·↑).
    fn power(&mut self) -> PResult<Expr> {
        let base = self.postfix_primary()?;
        if self.stops() {
            return Ok(base);
        }
        let Token::Literal(l) = self.peek() else {
            return Ok(base);
        };
        let (None, Some(super::ast::Arrows::Ups(ups)), None) = (&l.number, &l.arrows, l.nimber)
        else {
            return Ok(base);
        };
        let ups = *ups;
        let caret = self.span();
        let text = &self.source[caret.start..caret.end];
        let exponent = if text == "^" {
            self.advance();
            if !self.operand_follows(0) {
                return Err(self.error_at(caret.end, "expected an exponent after '^'"));
            }
            self.enter(caret.start)?;
            let e = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.power());
            self.leave();
            e?
        } else if self.glued()
            && self.after_operand_end()
            && text.starts_with('^')
            && text[1..].bytes().all(|b| b.is_ascii_digit())
        {
            self.advance();
            Expr {
                kind: ExprKind::Literal(Box::new(Literal {
                    number: Some(crate::algebra::Number::from(num_bigint::BigInt::from(ups))),
                    arrows: None,
                    nimber: None,
                })),
                span: Span::new(caret.start + 1, caret.end),
            }
        } else {
            return Ok(base);
        };
        let span = base.span.to(exponent.span);
        Ok(Expr {
            kind: ExprKind::Arith(Box::new((base, exponent)), ArithOp::Pow),
            span,
        })
    }

    fn postfix_primary(&mut self) -> PResult<Expr> {
        let e = self.primary()?;
        self.postfix(e)
    }

    /// Methods, indices and calls after a primary: `.name`, `.name(arguments)`, `[i]`,
    /// `(arguments)`.
    fn postfix(&mut self, mut e: Expr) -> PResult<Expr> {
        loop {
            if self.stops() {
                return Ok(e);
            }
            match self.peek() {
                Token::LBracket => {
                    let open = self.advance();
                    self.enter(open.start)?;
                    let index = self.in_group(|p| p.expression())?;
                    if *self.peek() != Token::RBracket {
                        return Err(self.error("expected ']'"));
                    }
                    let close = self.advance();
                    self.leave();
                    e = Expr {
                        span: e.span.to(close),
                        kind: ExprKind::Index(Box::new((e, index))),
                    };
                }
                Token::Dot => {
                    self.advance();
                    let Token::Name(name) = self.peek() else {
                        return Err(self.expected("a method name after '.'"));
                    };
                    let name_span = self.advance();
                    if *self.peek() == Token::LParen {
                        let (args, end) = self.arguments()?;
                        let call = Call {
                            name: name.clone(),
                            name_span,
                            args: Some(args),
                            span: Span::new(name_span.start, end),
                        };
                        e = with_method(e, call);
                    } else {
                        let call = Call {
                            name: name.clone(),
                            name_span,
                            args: None,
                            span: name_span,
                        };
                        e = with_method(e, call);
                    }
                }
                Token::LParen if !matches!(e.kind, ExprKind::Literal(_)) || self.glued() => {
                    let (args, end) = self.arguments()?;
                    let span = Span::new(e.span.start, end);
                    e = Expr {
                        kind: ExprKind::Apply(Box::new(e), args),
                        span,
                    };
                }
                _ => return Ok(e),
            }
        }
    }

    /// The arguments of a call, from its '(' to its ')', and where the ')' ends. An argument
    /// may be named (`name = value`, or CGScript's `name => value`); a single argument
    /// followed by `for` is a comprehension (`Sum(x for x from 1 to 5)`), a list.
    fn arguments(&mut self) -> PResult<(Vec<Argument>, usize)> {
        let open = self.advance();
        self.enter(open.start)?;
        let args = self.in_group(|p| {
            let mut args = Vec::new();
            if *p.peek() == Token::RParen {
                p.advance();
                return Ok(args);
            }
            loop {
                let name = p.argument_name();
                let value = p.expression()?;
                let value = if p.at_word("for") && args.is_empty() && name.is_none() {
                    p.comprehension(value, Span::new(open.start, 0), Comprehension::List)?
                } else {
                    value
                };
                args.push(Argument { name, value });
                match p.peek() {
                    Token::Comma => {
                        p.advance();
                    }
                    Token::RParen => {
                        p.advance();
                        return Ok(args);
                    }
                    _ => return Err(p.error("expected ',' or ')'")),
                }
            }
        })?;
        self.leave();
        Ok((args, self.last_end()))
    }

    /// The `name =` or `name =>` of a named argument, consumed, if there is one.
    fn argument_name(&mut self) -> Option<String> {
        if let (Token::Name(n), Some(next)) = (self.peek(), self.peek_at(1)) {
            if matches!(next.token, Token::Assign | Token::FatArrow) && !is_keyword(n) {
                self.pos += 2;
                return Some(n.clone());
            }
        }
        None
    }

    /// The primary expressions: literals, strings, groups, collections, braces, names, calls
    /// and the control expressions.
    fn primary(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Token::Literal(lit) => {
                if let Some(op) = self.prefix_operator(lit) {
                    let at = self.advance();
                    self.enter(at.start)?;
                    let operand = self.postfix_primary()?;
                    self.leave();
                    return Ok(Expr {
                        span: at.to(operand.span),
                        kind: ExprKind::Prefix(Box::new(operand), op),
                    });
                }
                self.advance();
                self.literal(lit, false, start)
            }
            Token::Minus => {
                // The sign of a number literal (see `minus_is_sign`).
                self.advance();
                if let Token::LoopyConstant(c) = self.peek() {
                    let end = self.advance();
                    let constant = (**c).clone().with_negated_number();
                    return Ok(Expr {
                        kind: ExprKind::LoopyConstant(Box::new(constant)),
                        span: start.to(end),
                    });
                }
                let Token::Literal(lit) = self.peek() else {
                    return Err(self.expected("a game"));
                };
                self.advance();
                self.literal(lit, true, start)
            }
            Token::LParen => self.parenthesised(),
            Token::LBracket => self.list(),
            Token::LBrace => self.brace_expression(None),
            Token::Str(s) => {
                self.advance();
                Ok(Expr {
                    kind: ExprKind::Text(s.clone()),
                    span: start,
                })
            }
            Token::LoopyConstant(c) => {
                self.advance();
                Ok(Expr {
                    kind: ExprKind::LoopyConstant(c.clone()),
                    span: start,
                })
            }
            Token::Misere(m) => {
                self.advance();
                Ok(Expr {
                    kind: ExprKind::Misere(m.clone()),
                    span: start,
                })
            }
            Token::Name(name) => self.name(name),
            Token::Bars(_) => {
                Err(self
                    .error("expected a game, found '|' (bars separate options only inside braces)"))
            }
            _ => Err(self.expected("a game")),
        }
    }

    /// A star, a caret or a `v` alone and glued to a name or a '(' is CGScript's nim or up
    /// operator on a computed operand: `*(3+5)`, `*n`, `^(k)`.
    fn prefix_operator(&self, lit: &Literal) -> Option<PrefixOp> {
        let span = self.span();
        if span.end - span.start != 1 {
            return None;
        }
        let next = self.peek_at(1)?;
        if next.span.start != span.end {
            return None;
        }
        let operand = match &next.token {
            Token::LParen => true,
            Token::Name(n) => !is_keyword(n) && !LOOPY_WORDS.iter().any(|w| w.0 == n),
            _ => false,
        };
        if !operand {
            return None;
        }
        match (&lit.number, &lit.arrows, lit.nimber) {
            (None, None, Some(1)) => Some(PrefixOp::Nimber),
            (None, Some(super::ast::Arrows::Ups(1)), None) => {
                let text = &self.source[span.start..span.end];
                (text == "^").then_some(PrefixOp::Up)
            }
            (None, Some(super::ast::Arrows::Ups(-1)), None) => {
                let text = &self.source[span.start..span.end];
                (text == "v").then_some(PrefixOp::Down)
            }
            _ => None,
        }
    }

    /// A literal (already consumed, starting at `start`; `negative` when a sign was written
    /// before its digits), with `Tiny(G)` / `Miny(G)` directly after a number: `2Tiny(2)` is
    /// 2 + Tiny(2).
    fn literal(&mut self, lit: &Literal, negative: bool, start: Span) -> PResult<Expr> {
        let mut lit = lit.clone();
        if negative {
            lit.number = lit.number.map(|x| -x);
        }
        let number_only = lit.is_number_only();
        let e = Expr {
            kind: ExprKind::Literal(Box::new(lit)),
            span: Span::new(start.start, self.last_end()),
        };
        let adjacent = !self.at_limit() && self.span().start == e.span.end;
        match self.peek() {
            Token::Name(name) if number_only && adjacent && (name == "Tiny" || name == "Miny") => {
                let name_span = self.advance();
                if *self.peek() != Token::LParen {
                    return Err(self.error("expected '('"));
                }
                let (args, end) = self.arguments()?;
                let span = Span::new(name_span.start, end);
                let call = Expr {
                    kind: ExprKind::Call(Box::new(Call {
                        name: name.clone(),
                        name_span,
                        args: Some(args),
                        span,
                    })),
                    span,
                };
                Ok(Expr {
                    span: e.span.to(span),
                    kind: ExprKind::Sum(vec![(Sign::Plus, e), (Sign::Plus, call)]),
                })
            }
            _ => Ok(e),
        }
    }

    /// `(e)`, `(a, b)` (coordinates) or `(e for …)` (a comprehension, a list).
    fn parenthesised(&mut self) -> PResult<Expr> {
        let open = self.advance();
        self.enter(open.start)?;
        let inner = self.in_group(|p| {
            let e = p.expression()?;
            if p.at_word("for") {
                return p.comprehension(e, open, Comprehension::List);
            }
            if *p.peek() == Token::Comma {
                p.advance();
                let second = p.expression()?;
                if *p.peek() != Token::RParen {
                    return Err(p.error("expected ')' after the coordinates (row, column)"));
                }
                let span = e.span.to(second.span);
                return Ok(Expr {
                    kind: ExprKind::Coordinates(Box::new((e, second))),
                    span,
                });
            }
            Ok(e)
        })?;
        if *self.peek() != Token::RParen {
            return Err(self.error("expected ')'"));
        }
        let close = self.advance();
        self.leave();
        Ok(Expr {
            span: open.to(close),
            ..inner
        })
    }

    /// `[a, b, …]`, `[]` or `[e for …]`.
    fn list(&mut self) -> PResult<Expr> {
        let open = self.advance();
        self.enter(open.start)?;
        let e = self.in_group(|p| {
            let mut items = Vec::new();
            if *p.peek() == Token::RBracket {
                return Ok(ExprKind::List(items));
            }
            loop {
                let item = p.expression()?;
                if items.is_empty() && p.at_word("for") {
                    let c = p.comprehension(item, open, Comprehension::List)?;
                    return Ok(c.kind);
                }
                items.push(item);
                match p.peek() {
                    Token::Comma => {
                        p.advance();
                    }
                    Token::RBracket => return Ok(ExprKind::List(items)),
                    _ => return Err(p.error("expected ',' or ']'")),
                }
            }
        })?;
        if *self.peek() != Token::RBracket {
            return Err(self.error("expected ']'"));
        }
        let close = self.advance();
        self.leave();
        Ok(Expr {
            kind: e,
            span: open.to(close),
        })
    }

    /// The clauses after the first part of a comprehension (at `for`): the loop that collects
    /// `body` (and for a map, its key and value).
    fn comprehension(&mut self, body: Expr, open: Span, kind: Comprehension) -> PResult<Expr> {
        let mut clauses = Vec::new();
        while self.at_word("for") {
            clauses.push(self.clause()?);
        }
        let span = Span::new(open.start.min(body.span.start), self.last_end());
        let body = match kind {
            Comprehension::List => LoopBody::List(body),
            Comprehension::Set => LoopBody::Set(body),
            Comprehension::Map => match body.kind {
                ExprKind::Map(mut entries) if entries.len() == 1 => {
                    let (k, v) = entries.pop().expect("one entry");
                    LoopBody::Map(k, v)
                }
                _ => unreachable!("a map comprehension's body is one entry"),
            },
        };
        Ok(Expr {
            kind: ExprKind::Loop(Box::new(Loop { clauses, body })),
            span,
        })
    }

    /// A clause of a loop, at `for` or `while`.
    fn clause(&mut self) -> PResult<LoopClause> {
        let start = self.span();
        let (var, source) = if self.at_word("while") {
            (None, LoopSource::While)
        } else {
            self.expect_word("for", "to begin a loop")?;
            let var = self.variable_name("after 'for'")?;
            let source = if self.at_word("from") {
                self.advance();
                let from = self.expression()?;
                let to = if self.at_word("to") {
                    self.advance();
                    Some(self.expression()?)
                } else {
                    None
                };
                let by = if self.at_word("by") {
                    self.advance();
                    Some(self.expression()?)
                } else {
                    None
                };
                LoopSource::From { from, to, by }
            } else if self.at_word("in") {
                self.advance();
                LoopSource::In(self.expression()?)
            } else if *self.peek() == Token::Define {
                self.advance();
                LoopSource::Assign(self.expression()?)
            } else {
                return Err(self.expected("'from', 'in' or ':=' after the loop variable"));
            };
            (Some(var), source)
        };
        let while_ = if self.at_word("while") {
            self.advance();
            Some(self.expression()?)
        } else {
            None
        };
        let where_ = if self.at_word("where") {
            self.advance();
            Some(self.expression()?)
        } else {
            None
        };
        Ok(LoopClause {
            var,
            source,
            while_,
            where_,
            span: Span::new(start.start, self.last_end()),
        })
    }

    /// A loop statement: its clauses, then `do … end` or `yield … {yield …} end`.
    fn loop_statement(&mut self) -> PResult<Expr> {
        let start = self.span();
        self.enter(start.start)?;
        let mut clauses = Vec::new();
        while self.at_any(&["for", "while"]) {
            clauses.push(self.clause()?);
        }
        let body = if self.at_word("do") {
            self.advance();
            LoopBody::Do(self.statements(&["end"])?)
        } else if self.at_word("yield") {
            let mut parts = Vec::new();
            while self.at_word("yield") {
                self.advance();
                parts.push(self.statements(&["yield", "end"])?);
            }
            LoopBody::Yield(parts)
        } else {
            return Err(self.expected("'do' or 'yield' after the loop's clauses"));
        };
        self.expect_word("end", "to close the loop")?;
        self.leave();
        Ok(Expr {
            kind: ExprKind::Loop(Box::new(Loop { clauses, body })),
            span: Span::new(start.start, self.last_end()),
        })
    }

    /// `if c then … {elseif c then …} [else …] end`.
    fn if_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        self.enter(start.start)?;
        let mut branches = Vec::new();
        let mut otherwise = None;
        loop {
            let condition = self.expression()?;
            self.expect_word("then", "after the condition")?;
            let body = self.statements(&["elseif", "else", "end"])?;
            branches.push((condition, body));
            if self.at_word("elseif") {
                self.advance();
                continue;
            }
            if self.at_word("else") {
                self.advance();
                otherwise = Some(Box::new(self.statements(&["end"])?));
            }
            break;
        }
        self.expect_word("end", "to close 'if'")?;
        self.leave();
        Ok(Expr {
            kind: ExprKind::If(branches, otherwise),
            span: Span::new(start.start, self.last_end()),
        })
    }

    /// A name: a reserved word's construct, labelled braces, a loopy constant, `pass`, a call,
    /// a label's position inside braces, or a variable.
    fn name(&mut self, name: &'t String) -> PResult<Expr> {
        let start = self.span();
        match name.as_str() {
            "if" => return self.if_expression(),
            "for" | "while" => return self.loop_statement(),
            "begin" => {
                self.advance();
                self.enter(start.start)?;
                let body = self.statements(&["end"])?;
                self.expect_word("end", "to close 'begin'")?;
                self.leave();
                return Ok(Expr {
                    kind: ExprKind::Block(Box::new(body)),
                    span: Span::new(start.start, self.last_end()),
                });
            }
            _ => {}
        }
        self.advance();
        let called = *self.peek() == Token::LParen;
        let leaf = |kind| Ok(Expr { kind, span: start });
        if is_keyword(name) && !matches!(name.as_str(), "true" | "false" | "pass") {
            return Err(self.error_at(start.start, format!("expected a game, found '{name}'")));
        }
        if *self.peek() == Token::LBrace && !is_keyword(name) {
            // A label before braces, `a{0|a}`: the braces are its position.
            return self.brace_expression(Some((name.clone(), start)));
        }
        if let (Some((_, c)), false) = (LOOPY_WORDS.iter().find(|w| w.0 == name), called) {
            return leaf(ExprKind::LoopyConstant(Box::new(c.clone())));
        }
        if name == PASS && !called {
            return leaf(ExprKind::Pass);
        }
        if let ("true" | "false", false) = (name.as_str(), called) {
            return leaf(ExprKind::Boolean(name == "true"));
        }
        if !called {
            if self.braces > 0 && self.labels.as_ref().is_some_and(|l| l.contains(name)) {
                return leaf(ExprKind::Label(name.clone()));
            }
            return leaf(ExprKind::Name(name.clone()));
        }
        let (args, end) = self.arguments()?;
        let span = Span::new(start.start, end);
        Ok(Expr {
            kind: ExprKind::Call(Box::new(Call {
                name: name.clone(),
                name_span: start,
                args: Some(args),
                span,
            })),
            span,
        })
    }

    /// At a '{' (after its label, if any): a game's braces when bars split it, else a map, a
    /// set or a comprehension.
    fn brace_expression(&mut self, label: Option<(String, Span)>) -> PResult<Expr> {
        let open = self.pos;
        let close = self.partner[open];
        let game = match close {
            Some(close) => !self.bar_runs(open + 1, close).is_empty(),
            None => true,
        };
        if game || label.is_some() {
            return self.braces(label);
        }
        let close = close.expect("a collection's braces are closed");
        let open_span = self.advance();
        self.enter(open_span.start)?;
        let kind = self.in_group(|p| p.collection(open_span, close))?;
        self.pos = close + 1;
        self.leave();
        Ok(Expr {
            kind,
            span: open_span.to(self.tokens[close].span),
        })
    }

    /// The contents of `{…}` without bars, up to the '}' at `close`: `{=>}`, a map, a set or a
    /// comprehension.
    fn collection(&mut self, open: Span, close: usize) -> PResult<ExprKind> {
        if *self.peek() == Token::FatArrow && self.pos + 1 == close {
            self.advance();
            return Ok(ExprKind::Map(Vec::new()));
        }
        if self.pos == close {
            return Ok(ExprKind::Set(Vec::new()));
        }
        let mut items = Vec::new();
        let mut entries = Vec::new();
        loop {
            let item = self.expression()?;
            if *self.peek() == Token::FatArrow {
                if !items.is_empty() {
                    return Err(self.error("a set's elements are not map entries: write every element as key => value for a map"));
                }
                self.advance();
                let value = self.expression()?;
                if entries.is_empty() && self.at_word("for") {
                    let span = item.span.to(value.span);
                    let entry = Expr {
                        kind: ExprKind::Map(vec![(item, value)]),
                        span,
                    };
                    let c = self.comprehension(entry, open, Comprehension::Map)?;
                    return self.collection_end(close, c.kind);
                }
                entries.push((item, value));
            } else {
                if !entries.is_empty() {
                    return Err(self.expected("'=>' and the value of the map entry"));
                }
                if items.is_empty() && self.at_word("for") {
                    let c = self.comprehension(item, open, Comprehension::Set)?;
                    return self.collection_end(close, c.kind);
                }
                items.push(item);
            }
            if self.pos == close {
                break;
            }
            if *self.peek() != Token::Comma {
                return Err(self.error("expected ',' or '}'"));
            }
            self.advance();
        }
        if entries.is_empty() {
            Ok(ExprKind::Set(items))
        } else {
            Ok(ExprKind::Map(entries))
        }
    }

    fn collection_end(&self, close: usize, kind: ExprKind) -> PResult<ExprKind> {
        if self.pos != close {
            return Err(self.error("expected '}'"));
        }
        Ok(kind)
    }

    /// A game's braces at the '{' (with the label written before them, if any).
    fn braces(&mut self, label: Option<(String, Span)>) -> PResult<Expr> {
        let open = self.pos;
        let start = label.as_ref().map_or(self.span(), |l| l.1);
        self.enter(self.span().start)?;
        let outermost = self.braces == 0;
        if outermost {
            let end = self.partner[open].unwrap_or(self.limit);
            let mut labels: HashSet<String> = HashSet::new();
            labels.extend(label.as_ref().map(|l| l.0.clone()));
            for i in open..end {
                if let (Token::Name(n), Token::LBrace) =
                    (&self.tokens[i].token, &self.tokens[i + 1].token)
                {
                    if !is_keyword(n) {
                        labels.insert(n.clone());
                    }
                }
            }
            self.labels = Some(labels);
        }
        self.advance();
        self.braces += 1;
        let result = self.in_group(|p| match p.partner[open] {
            Some(close) => {
                let kind = p.content(open + 1, close, p.tokens[open].quoted)?;
                p.pos = close + 1;
                Ok(Expr {
                    kind,
                    span: p.tokens[open].span.to(p.tokens[close].span),
                })
            }
            None => Err(p.unclosed()),
        });
        self.braces -= 1;
        if outermost {
            self.labels = None;
        }
        self.leave();
        let braces = result?;
        Ok(match label {
            None => braces,
            Some((label, _)) => Expr {
                span: start.to(braces.span),
                kind: ExprKind::Labelled {
                    label,
                    braces: Box::new(braces),
                },
            },
        })
    }

    /// Braces never closed: parse what follows as options, commas and bars, and report where
    /// that stops.
    fn unclosed(&mut self) -> SyntaxError {
        loop {
            while matches!(self.peek(), Token::Comma | Token::Bars(_)) {
                self.advance();
            }
            if self.at_limit() {
                return self.error("expected ',' or '}'");
            }
            if let Err(e) = self.option() {
                return e;
            }
            if !matches!(self.peek(), Token::Comma | Token::Bars(_)) {
                return self.error("expected ',' or '}'");
            }
        }
    }

    /// An option inside braces: a sum or ordinal sum (a comparison must be parenthesised, since
    /// `<|` and `|>` would be confused with the bars).
    fn option(&mut self) -> PResult<Expr> {
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.infix())
    }

    /// Braces (or a side of braces with bars), tokens `from..to`: split at the unique longest
    /// top-level bar run, then the sides.
    fn content(&mut self, from: usize, to: usize, explicit: bool) -> PResult<ExprKind> {
        let split = self.split(from, to)?;
        let mut options = self.side(from, split, explicit, "'|'")?;
        let left = options.len();
        options.extend(self.side(split + 1, to, explicit, "'}'")?);
        Ok(ExprKind::Braces {
            options,
            left,
            explicit,
        })
    }

    /// The options of tokens `a..b`: a list of options when it has no bars, else a nested game
    /// (CGSuite's slash convention: `{3||2|1}` is `{3 | {2|1}}`), one more level of nesting.
    fn side(&mut self, a: usize, b: usize, explicit: bool, closer: &str) -> PResult<Vec<Expr>> {
        if !self.bar_runs(a, b).is_empty() {
            self.enter(self.tokens[a].span.start)?;
            let kind =
                stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.content(a, b, explicit))?;
            self.leave();
            let span = self.tokens[a].span.to(self.tokens[b - 1].span);
            return Ok(vec![Expr { kind, span }]);
        }
        let saved = self.limit;
        self.limit = b;
        self.pos = a;
        let mut options = Vec::new();
        let result = (|| {
            if self.at_limit() {
                return Ok(());
            }
            loop {
                options.push(self.option()?);
                match self.peek() {
                    Token::End => return Ok(()),
                    Token::Comma => {
                        self.advance();
                        if self.at_limit() {
                            return Err(self.expected("a game"));
                        }
                    }
                    _ => return Err(self.error(format!("expected ',' or {closer}"))),
                }
            }
        })();
        self.limit = saved;
        result?;
        self.pos = b;
        Ok(options)
    }

    /// `±{a,b} = {a,b | −a,−b}`, the `±` at `at`, at the '{'.
    fn plus_minus_list(&mut self, at: Span) -> PResult<Expr> {
        let close = self.brace_list_close().expect("checked by the caller");
        let open = self.advance();
        self.enter(open.start)?;
        self.braces += 1;
        let saved = self.limit;
        self.limit = close;
        let mut options = Vec::new();
        let result = self.in_group(|p| {
            if p.at_limit() {
                return Ok(());
            }
            loop {
                options.push(p.option()?);
                match p.peek() {
                    Token::End => return Ok(()),
                    Token::Comma => {
                        p.advance();
                        if p.at_limit() {
                            return Err(p.expected("a game"));
                        }
                    }
                    _ => return Err(p.error("expected ',' or '}'")),
                }
            }
        });
        self.limit = saved;
        self.braces -= 1;
        result?;
        self.pos = close + 1;
        self.leave();
        Ok(Expr {
            kind: ExprKind::PlusMinus(options),
            span: Span::new(at.start, self.last_end()),
        })
    }

    /// Whether the current token, where an operator is expected, is CGScript's `*`: a star
    /// written alone (`3 * ^`), not `*n` with its digits and not glued to arrows (`^*` is one
    /// literal, read by the lexer).
    fn is_times(&self) -> bool {
        let span = self.span();
        matches!(self.peek(), Token::Literal(l) if l.number.is_none() && l.arrows.is_none())
            && span.end - span.start == 1
    }

    /// Whether the current '-' is the sign of the number literal right after it (`-1/2v*`).
    fn minus_is_sign(&self) -> bool {
        let minus = self.span();
        // A method binds tighter than a minus, whatever its receiver: `-3.Birthday` is
        // −(3.Birthday), as `-G.Mean` is −(G.Mean) (CGSuite's rule).
        let method_follows = self.peek_at(2).is_some_and(|l| l.token == Token::Dot);
        self.peek_at(1).is_some_and(|next| {
            next.span.start == minus.end
                && match &next.token {
                    Token::Literal(l) => l.number.is_some() && !method_follows,
                    // `-1over` is −1 + over, as CGSuite prints it.
                    Token::LoopyConstant(c) => c.number().is_some(),
                    _ => false,
                }
        })
    }

    /// The index of the '}' when the current token opens braces without top-level bars, the
    /// option list of `±{a,b}`.
    fn brace_list_close(&self) -> Option<usize> {
        match (
            self.peek(),
            self.partner[self.pos.min(self.partner.len() - 1)],
        ) {
            (Token::LBrace, Some(close)) if self.bar_runs(self.pos + 1, close).is_empty() => {
                Some(close)
            }
            _ => None,
        }
    }

    /// "expected `what`, found ..." at the current token (which may be the one that ends the
    /// current range: a bar run, a '}' or the end of the input).
    #[cold]
    fn expected(&self, what: &str) -> SyntaxError {
        let found = if self.at_limit() {
            &self.tokens[self.limit].token
        } else {
            self.peek()
        };
        self.error(format!("expected {what}, found {}", found.describe()))
    }

    /// The runs of bars in tokens `from..to` outside nested groups: (token index, length).
    fn bar_runs(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
        let mut runs = Vec::new();
        let mut i = from;
        while i < to {
            match (&self.tokens[i].token, self.partner[i]) {
                (Token::Bars(n), _) => runs.push((i, *n)),
                (Token::LBrace | Token::LParen | Token::LBracket, Some(close)) => i = close,
                _ => {}
            }
            i += 1;
        }
        runs
    }

    /// The index of the bar run that splits tokens `from..to` into Left and Right.
    fn split(&self, from: usize, to: usize) -> PResult<usize> {
        let runs = self.bar_runs(from, to);
        let Some(longest) = runs.iter().map(|r| r.1).max() else {
            return Err(self.error_at(
                self.tokens[to].span.start,
                "expected '|' between Left and Right options",
            ));
        };
        let at_longest: Vec<_> = runs.iter().filter(|r| r.1 == longest).collect();
        if at_longest.len() > 1 {
            return Err(self.error_at(
                self.tokens[at_longest[1].0].span.start,
                format!(
                    "ambiguous: {} runs of {longest} bar(s) at the same level; write the nested game in braces, e.g. {{3|{{2|1}}}}",
                    at_longest.len()
                ),
            ));
        }
        Ok(at_longest[0].0)
    }
}

/// What a comprehension collects.
#[derive(Clone, Copy)]
enum Comprehension {
    List,
    Set,
    Map,
}

/// The statements as one expression: a single statement is itself (at the top level, only when
/// no `;` suppresses it).
fn sequence(mut statements: Vec<Statement>, top: bool) -> Expr {
    if statements.len() == 1 && (!top || !statements[0].suppressed) {
        return statements.pop().expect("one statement").expr;
    }
    let span = match (statements.first(), statements.last()) {
        (Some(a), Some(b)) => a.expr.span.to(b.expr.span),
        _ => Span::default(),
    };
    Expr {
        kind: ExprKind::Sequence(statements),
        span,
    }
}

fn logic(left: Expr, right: Expr, op: LogicOp) -> Expr {
    let span = left.span.to(right.span);
    Expr {
        kind: ExprKind::Logic(Box::new((left, right)), op),
        span,
    }
}

/// `receiver.call`: one more method in the chain.
fn with_method(receiver: Expr, call: Call) -> Expr {
    let span = receiver.span.to(call.span);
    match receiver.kind {
        ExprKind::Methods(r, mut calls) => {
            calls.push(call);
            Expr {
                kind: ExprKind::Methods(r, calls),
                span,
            }
        }
        _ => Expr {
            kind: ExprKind::Methods(Box::new(receiver), vec![call]),
            span,
        },
    }
}
