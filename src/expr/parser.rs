//! The parser: tokens to a syntax tree, before anything is evaluated.
//!
//! ```text
//! expression := operand {operator operand}     operators, loosest first:
//!                                                relations == != <= >= < > <> <| |> (at most one),
//!                                                + - +- (a + ±b), then : (ordinal sum), then * (a
//!                                                '*' alone: CGScript's multiplication, n * G)
//! operand    := {'-' | '+-'} primary {'.' name ['(' arguments ')'] | '[' expression ']'}
//!             | '+-' '{' options '}'
//! primary    := literal [Tiny(..) | Miny(..)] | '-'literal | '(' expression ')' | braces
//!             | name '(' arguments ')' | string | misère | loopy | '[' [expression {',' expression}] ']'
//! misère     := '*[' ... ']'                  (CGSuite's misère notation, read by the lexer)
//! loopy      := on | off | over | under | dud | upon | 1over | ^[on]* | v<on> | ...
//!             | name braces                   (a label: a{0|a})
//!             | pass | name                   (inside braces: pass, a label's position)
//! expression := ... [ '&' sum ]               (between the sums, looser than '+': S & T)
//! braces     := '{' sides '}'                  split at the unique longest top-level bar run
//! arguments  := [argument {',' argument}]      argument := [name '='] expression
//! ```
//!
//! Precedence follows CGScript: relations bind loosest, then `+`, `-` and binary `+-` (whose
//! operand is an ordinal sum: `3 +- 1:1` is 3 ± (1:1)), then `:`, then `*`, then the unary
//! signs, then methods and indices (`-G.Mean` is −(G.Mean)). Options inside braces are sums and
//! ordinal sums: a comparison there must be parenthesised, since `<|` and `|>` would be confused
//! with the bars.
//!
//! The parser keeps its own stack of unfinished constructs (a `Vec` of frames) instead of
//! recursing, so that no input can overflow the thread's stack, whatever the build profile.
//! Every construct that nests — braces (and each level of a bar run), parentheses, unary signs,
//! `±`, and the argument lists of calls and methods — still counts one level against
//! [`MAX_NESTING`], which bounds the depth of the tree for the evaluator and for dropping it.
//!
//! Loopy games are written in the same grammar (CGT ch. VI;
//! CGSuite's loopy notation): braces are braces, with `pass` and labels among their options, a
//! label before braces names their position (`a{0|a}`), and the loopy constants are literals.
//! The parser only builds the tree; which braces make one loopy game, and what a label refers
//! to, is settled when the game's graph is built (see [`super::loopy_literal`]).

use super::ast::{Argument, Call, Expr, ExprKind, Literal, LoopyConstant, Relation, Sign, Span};
use super::lexer::{lex, Lexeme, Token};
use super::SyntaxError;

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

/// The deepest nesting accepted: braces (and nested bar runs), parentheses, unary signs, `±`, and
/// the arguments of calls and methods, all counted together. At this depth parsing and
/// evaluating fit in a 2 MiB stack (the default of a spawned thread), which `tests/expr.rs`
/// checks.
pub const MAX_NESTING: usize = 1000;

type PResult<T> = Result<T, SyntaxError>;

/// Parses `input` into a syntax tree.
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
    };
    if p.at_limit() {
        return Err(p.error_at(0, "expected a game, found an empty expression"));
    }
    p.run()
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
    /// How many braces are open around the current token: a name there that is not called
    /// is a label's position, elsewhere an unknown name.
    braces: usize,
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
        self.error_at(self.tokens[self.pos].span.start, message)
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

    /// The token after the current one, if it is within the range.
    fn peek2(&self) -> Option<&'t Lexeme> {
        (self.pos + 1 < self.limit).then(|| &self.tokens[self.pos + 1])
    }

    fn span(&self) -> Span {
        self.tokens[self.pos].span
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

    /// Runs the parser over the whole input.
    fn run(&mut self) -> PResult<Expr> {
        let mut stack = vec![Frame::Top, Frame::seq(true)];
        let mut state = State::Operand;
        loop {
            state = match state {
                State::Operand => self.operand(&mut stack)?,
                State::Postfix(e) => self.postfix(&mut stack, e)?,
                State::Deliver(e) => self.deliver(&mut stack, e)?,
                State::Finished(e) => return Ok(e),
            };
        }
    }

    /// At the start of an operand: the unary signs (each a frame and a level of nesting), then
    /// the primary.
    fn operand(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        match self.peek() {
            Token::Minus if !self.minus_is_sign() => {
                let at = self.advance();
                self.enter(at.start)?;
                stack.push(Frame::Sign { negative: true, at });
                Ok(State::Operand)
            }
            Token::PlusMinus => {
                let at = self.advance();
                self.enter(at.start)?;
                if self.brace_list_close().is_some() {
                    return self.start_list(stack, at, true);
                }
                stack.push(Frame::Sign {
                    negative: false,
                    at,
                });
                Ok(State::Operand)
            }
            Token::Plus => Err(self.error("expected a game, found '+'")),
            _ => self.primary(stack),
        }
    }

    /// primary := literal | '-'literal | '(' expression ')' | braces | name '(' arguments ')'
    ///          | string | 'true' | 'false'
    fn primary(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        let start = self.span();
        match self.peek() {
            Token::Literal(lit) => {
                self.advance();
                self.literal(stack, lit, false, start)
            }
            Token::Minus => {
                // The sign of a number literal (see `minus_is_sign`).
                self.advance();
                if let Token::LoopyConstant(c) = self.peek() {
                    let end = self.advance();
                    let constant = (**c).clone().with_negated_number();
                    return Ok(State::Postfix(Expr {
                        kind: ExprKind::LoopyConstant(Box::new(constant)),
                        span: start.to(end),
                    }));
                }
                let Token::Literal(lit) = self.peek() else {
                    return Err(self.expected("a game"));
                };
                self.advance();
                self.literal(stack, lit, true, start)
            }
            Token::LParen => {
                self.advance();
                self.enter(start.start)?;
                stack.push(Frame::Paren { open: start });
                stack.push(Frame::seq(true));
                Ok(State::Operand)
            }
            Token::LBracket => {
                self.advance();
                self.enter(start.start)?;
                if *self.peek() == Token::RBracket {
                    let close = self.advance();
                    self.leave();
                    return Ok(State::Postfix(Expr {
                        kind: ExprKind::List(Vec::new()),
                        span: start.to(close),
                    }));
                }
                stack.push(Frame::Items {
                    open: start,
                    items: Vec::new(),
                });
                stack.push(Frame::seq(true));
                Ok(State::Operand)
            }
            Token::LBrace => {
                let open = self.pos;
                self.enter(start.start)?;
                self.advance();
                self.braces += 1;
                match self.partner[open] {
                    Some(close) => self.start_content(stack, open + 1, close, Some((open, close))),
                    None => {
                        stack.push(Frame::Unclosed);
                        self.unclosed_next(stack)
                    }
                }
            }
            Token::Str(s) => {
                self.advance();
                Ok(State::Postfix(Expr {
                    kind: ExprKind::Text(s.clone()),
                    span: start,
                }))
            }
            Token::LoopyConstant(c) => {
                self.advance();
                Ok(State::Postfix(Expr {
                    kind: ExprKind::LoopyConstant(c.clone()),
                    span: start,
                }))
            }
            Token::Misere(m) => {
                self.advance();
                Ok(State::Postfix(Expr {
                    kind: ExprKind::Misere(m.clone()),
                    span: start,
                }))
            }
            Token::Name(name) => {
                self.advance();
                if *self.peek() == Token::LBrace {
                    // A label before braces, `a{0|a}`: the braces are its operand.
                    stack.push(Frame::Label {
                        label: name.clone(),
                        at: start,
                    });
                    return self.primary(stack);
                }
                let called = *self.peek() == Token::LParen;
                let leaf = |kind| Ok(State::Postfix(Expr { kind, span: start }));
                if let (Some((_, c)), false) = (LOOPY_WORDS.iter().find(|w| w.0 == name), called) {
                    return leaf(ExprKind::LoopyConstant(Box::new(c.clone())));
                }
                if name == PASS && !called {
                    return leaf(ExprKind::Pass);
                }
                if let ("true" | "false", false) = (name.as_str(), *self.peek() == Token::LParen) {
                    return Ok(State::Postfix(Expr {
                        kind: ExprKind::Boolean(name == "true"),
                        span: start,
                    }));
                }
                if !called && self.braces > 0 {
                    return leaf(ExprKind::Label(name.clone()));
                }
                if !called {
                    return Err(self.unknown_name(name, start));
                }
                let owner = Owner::Call {
                    name: name.clone(),
                    name_span: start,
                    base: None,
                };
                self.start_arguments(stack, owner)
            }
            Token::Bars(_) => {
                Err(self
                    .error("expected a game, found '|' (bars separate options only inside braces)"))
            }
            _ => Err(self.expected("a game")),
        }
    }

    /// A literal (already consumed, starting at `start`; `negative` when a sign was written
    /// before its digits), with `Tiny(G)` / `Miny(G)` directly after a number: `2Tiny(2)` is
    /// 2 + Tiny(2).
    fn literal(
        &mut self,
        stack: &mut Vec<Frame>,
        lit: &Literal,
        negative: bool,
        start: Span,
    ) -> PResult<State> {
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
                let owner = Owner::Call {
                    name: name.clone(),
                    name_span,
                    base: Some(e),
                };
                self.start_arguments(stack, owner)
            }
            _ => Ok(State::Postfix(e)),
        }
    }

    /// Methods and indices after a primary: `.name`, `.name(arguments)` or `[i]`; then the
    /// operand is complete.
    fn postfix(&mut self, stack: &mut Vec<Frame>, receiver: Expr) -> PResult<State> {
        if *self.peek() == Token::LBracket {
            let open = self.advance();
            self.enter(open.start)?;
            stack.push(Frame::Index { receiver });
            stack.push(Frame::seq(true));
            return Ok(State::Operand);
        }
        if *self.peek() != Token::Dot {
            return Ok(State::Deliver(receiver));
        }
        self.advance();
        let Token::Name(name) = self.peek() else {
            return Err(self.expected("a method name after '.'"));
        };
        let name_span = self.advance();
        if *self.peek() == Token::LParen {
            let owner = Owner::Method {
                receiver,
                name: name.clone(),
                name_span,
            };
            return self.start_arguments(stack, owner);
        }
        let call = Call {
            name: name.clone(),
            name_span,
            args: None,
            span: name_span,
        };
        Ok(State::Postfix(with_method(receiver, call)))
    }

    /// At the '(' of a call's or a method's arguments.
    fn start_arguments(&mut self, stack: &mut Vec<Frame>, owner: Owner) -> PResult<State> {
        let open = self.advance();
        self.enter(open.start)?;
        if *self.peek() == Token::RParen {
            self.advance();
            self.leave();
            return Ok(State::Postfix(owner.finish(Vec::new(), self.last_end())));
        }
        let name = self.argument_name();
        stack.push(Frame::Arguments {
            owner,
            args: Vec::new(),
            name,
        });
        stack.push(Frame::seq(true));
        Ok(State::Operand)
    }

    /// The `name =` of a named argument, consumed, if there is one.
    fn argument_name(&mut self) -> Option<String> {
        if let (Token::Name(n), Some(next)) = (self.peek(), self.peek2()) {
            if next.token == Token::Assign {
                self.pos += 2;
                return Some(n.clone());
            }
        }
        None
    }

    /// Hands a finished operand (to a sign or a sequence) or a finished expression (to the frame
    /// below a sequence) to the frame on top of the stack.
    fn deliver(&mut self, stack: &mut Vec<Frame>, e: Expr) -> PResult<State> {
        match stack.last_mut() {
            Some(Frame::Sign { negative, at }) => {
                let span = at.to(e.span);
                let kind = if *negative {
                    ExprKind::Neg(Box::new(e))
                } else {
                    ExprKind::PlusMinus(vec![e])
                };
                stack.pop();
                self.leave();
                Ok(State::Deliver(Expr { kind, span }))
            }
            Some(Frame::Seq {
                comparisons,
                seq,
                op,
                list,
            }) => {
                let operand = if std::mem::take(list) {
                    Operand::PlusMinusList(e)
                } else {
                    Operand::Plain(e)
                };
                seq.push((op.take(), operand));
                let next = match *self.peek() {
                    Token::Plus => Op::Plus,
                    Token::Minus => Op::Minus,
                    Token::PlusMinus => Op::PlusMinus,
                    Token::Colon => Op::Colon,
                    Token::Literal(_) if self.is_times() => Op::Times,
                    Token::Rel(r) if *comparisons => Op::Rel(r),
                    Token::Amp if *comparisons => Op::Amp,
                    _ => {
                        let Some(Frame::Seq { seq, .. }) = stack.pop() else {
                            unreachable!("the sequence is on top")
                        };
                        return Ok(State::Deliver(build(seq)?));
                    }
                };
                let at = self.advance();
                *op = Some((next, at));
                if next == Op::PlusMinus && self.brace_list_close().is_some() {
                    *list = true;
                    return self.start_list(stack, at, false);
                }
                Ok(State::Operand)
            }
            Some(Frame::Top) => {
                if let Token::RBracket | Token::RParen | Token::RBrace = self.peek() {
                    let closer = self.peek().describe();
                    return Err(self.error(format!("unmatched {closer}: nothing open closes here")));
                }
                if let Token::Literal(l) = self.peek() {
                    if l.number.is_none() && l.arrows.is_none() && l.nimber.is_some() {
                        return Err(self.error(
                            "a nimber after an operand: write a + *n for the sum with a nimber, or a * n (with spaces) for an integer multiple",
                        ));
                    }
                }
                if !self.at_limit() {
                    return Err(self.error(
                        "expected an operator ('+', '-', '+-', ':', '*' or a comparison) or the end of the expression",
                    ));
                }
                Ok(State::Finished(e))
            }
            Some(Frame::Paren { open }) => {
                let open = *open;
                if *self.peek() != Token::RParen {
                    return Err(self.error("expected ')'"));
                }
                let close = self.advance();
                self.leave();
                stack.pop();
                Ok(State::Postfix(Expr {
                    span: open.to(close),
                    ..e
                }))
            }
            Some(Frame::Arguments { args, name, .. }) => {
                args.push(Argument {
                    name: name.take(),
                    value: e,
                });
                match self.peek() {
                    Token::Comma => {
                        self.advance();
                        *name = self.argument_name();
                        stack.push(Frame::seq(true));
                        Ok(State::Operand)
                    }
                    Token::RParen => {
                        self.advance();
                        self.leave();
                        let Some(Frame::Arguments { owner, args, .. }) = stack.pop() else {
                            unreachable!("the arguments are on top")
                        };
                        Ok(State::Postfix(owner.finish(args, self.last_end())))
                    }
                    _ => Err(self.error("expected ',' or ')'")),
                }
            }
            Some(Frame::Content(c)) => {
                c.options.push(e);
                let closer = if c.right { "'}'" } else { "'|'" };
                if self.after_option(closer)? {
                    return self.side_done(stack);
                }
                stack.push(Frame::seq(false));
                Ok(State::Operand)
            }
            Some(Frame::List { options, .. }) => {
                options.push(e);
                if self.after_option("'}'")? {
                    return self.finish_list(stack);
                }
                stack.push(Frame::seq(false));
                Ok(State::Operand)
            }
            Some(Frame::Items { items, .. }) => {
                items.push(e);
                match self.peek() {
                    Token::Comma => {
                        self.advance();
                        stack.push(Frame::seq(true));
                        Ok(State::Operand)
                    }
                    Token::RBracket => {
                        let close = self.advance();
                        self.leave();
                        let Some(Frame::Items { open, items }) = stack.pop() else {
                            unreachable!("the list is on top")
                        };
                        Ok(State::Postfix(Expr {
                            kind: ExprKind::List(items),
                            span: open.to(close),
                        }))
                    }
                    _ => Err(self.error("expected ',' or ']'")),
                }
            }
            Some(Frame::Index { .. }) => {
                if *self.peek() != Token::RBracket {
                    return Err(self.error("expected ']'"));
                }
                let close = self.advance();
                self.leave();
                let Some(Frame::Index { receiver }) = stack.pop() else {
                    unreachable!("the index is on top")
                };
                Ok(State::Postfix(Expr {
                    span: receiver.span.to(close),
                    kind: ExprKind::Index(Box::new((receiver, e))),
                }))
            }
            Some(Frame::Unclosed) => {
                if !matches!(self.peek(), Token::Comma | Token::Bars(_)) {
                    return Err(self.error("expected ',' or '}'"));
                }
                self.unclosed_next(stack)
            }
            Some(Frame::Label { .. }) => unreachable!("the braces after a label deliver it"),
            None => unreachable!("the top frame is never popped"),
        }
    }

    /// After an option: `true` at the end of the list, `false` after a comma (another option
    /// follows); `closer` names the token that ends the list, for the error.
    fn after_option(&mut self, closer: &str) -> PResult<bool> {
        match self.peek() {
            Token::End => Ok(true),
            Token::Comma => {
                self.advance();
                if self.at_limit() {
                    return Err(self.expected("a game"));
                }
                Ok(false)
            }
            _ => Err(self.error(format!("expected ',' or {closer}"))),
        }
    }

    /// Braces (or a side of braces with bars), tokens `from..to`: split at the unique longest
    /// top-level bar run, then parse the sides. `outer` is the '{' and '}' of the braces.
    fn start_content(
        &mut self,
        stack: &mut Vec<Frame>,
        from: usize,
        to: usize,
        outer: Option<(usize, usize)>,
    ) -> PResult<State> {
        let split = self.split(from, to)?;
        stack.push(Frame::Content(Box::new(Content {
            from,
            to,
            split,
            right: false,
            options: Vec::new(),
            left: 0,
            outer,
            saved_limit: self.limit,
        })));
        self.start_side(stack)
    }

    /// Starts the current side of the braces on top of the stack: a list of options when it has
    /// no bars, else a nested game (CGSuite's slash convention: `{3||2|1}` is `{3 | {2|1}}`),
    /// one more level of nesting.
    fn start_side(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        loop {
            let Some(Frame::Content(c)) = stack.last() else {
                unreachable!("braces are on top")
            };
            let (a, b) = if c.right {
                (c.split + 1, c.to)
            } else {
                (c.from, c.split)
            };
            if self.bar_runs(a, b).is_empty() {
                self.limit = b;
                self.pos = a;
                if self.at_limit() {
                    return self.side_done(stack);
                }
                stack.push(Frame::seq(false));
                return Ok(State::Operand);
            }
            self.enter(self.tokens[a].span.start)?;
            let split = self.split(a, b)?;
            stack.push(Frame::Content(Box::new(Content {
                from: a,
                to: b,
                split,
                right: false,
                options: Vec::new(),
                left: 0,
                outer: None,
                saved_limit: self.limit,
            })));
        }
    }

    /// The current side of the braces on top of the stack is parsed: start the right side, or
    /// finish the braces (a nested game is an option of the braces below it).
    fn side_done(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        loop {
            let Some(Frame::Content(c)) = stack.last_mut() else {
                unreachable!("braces are on top")
            };
            self.limit = c.saved_limit;
            if !c.right {
                c.left = c.options.len();
                c.right = true;
                return self.start_side(stack);
            }
            let Some(Frame::Content(c)) = stack.pop() else {
                unreachable!("braces are on top")
            };
            let c = *c;
            let first = c.outer.map_or(c.from, |(open, _)| open);
            let kind = ExprKind::Braces {
                options: c.options,
                left: c.left,
                explicit: self.tokens[first].quoted,
            };
            self.leave();
            if let Some((open, close)) = c.outer {
                self.pos = close + 1;
                self.braces -= 1;
                let span = self.tokens[open].span.to(self.tokens[close].span);
                let braces = Expr { kind, span };
                if let Some(Frame::Label { .. }) = stack.last() {
                    let Some(Frame::Label { label, at }) = stack.pop() else {
                        unreachable!("a label is on top")
                    };
                    return Ok(State::Postfix(Expr {
                        span: at.to(span),
                        kind: ExprKind::Labelled {
                            label,
                            braces: Box::new(braces),
                        },
                    }));
                }
                return Ok(State::Postfix(braces));
            }
            let span = self.tokens[c.from].span.to(self.tokens[c.to - 1].span);
            let Some(Frame::Content(parent)) = stack.last_mut() else {
                unreachable!("a nested side is inside braces")
            };
            parent.options.push(Expr { kind, span });
        }
    }

    /// `±{a,b} = {a,b | −a,−b}`, the `±` at `at`, at the '{'. `prefix`: a unary `±` (one level
    /// of nesting already entered), not the binary `a +- {b,c}`.
    fn start_list(&mut self, stack: &mut Vec<Frame>, at: Span, prefix: bool) -> PResult<State> {
        let close = self.brace_list_close().expect("checked by the caller");
        let open = self.advance();
        self.enter(open.start)?;
        self.braces += 1;
        stack.push(Frame::List {
            at,
            prefix,
            close,
            options: Vec::new(),
            saved_limit: self.limit,
        });
        self.limit = close;
        if self.at_limit() {
            return self.finish_list(stack);
        }
        stack.push(Frame::seq(false));
        Ok(State::Operand)
    }

    fn finish_list(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        let Some(Frame::List {
            at,
            prefix,
            close,
            options,
            saved_limit,
        }) = stack.pop()
        else {
            unreachable!("the list is on top")
        };
        self.limit = saved_limit;
        self.pos = close + 1;
        self.leave();
        self.braces -= 1;
        if prefix {
            self.leave();
        }
        Ok(State::Deliver(Expr {
            kind: ExprKind::PlusMinus(options),
            span: Span::new(at.start, self.last_end()),
        }))
    }

    /// Braces never closed: parse what follows as options, commas and bars, and report where
    /// that stops.
    fn unclosed_next(&mut self, stack: &mut Vec<Frame>) -> PResult<State> {
        while matches!(self.peek(), Token::Comma | Token::Bars(_)) {
            self.advance();
        }
        if self.at_limit() {
            return Err(self.error("expected ',' or '}'"));
        }
        stack.push(Frame::seq(false));
        Ok(State::Operand)
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
        let method_follows =
            self.pos + 2 < self.limit && self.tokens[self.pos + 2].token == Token::Dot;
        self.peek2().is_some_and(|next| {
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
        match (self.peek(), self.partner[self.pos]) {
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

    #[cold]
    fn unknown_name(&self, name: &str, at: Span) -> SyntaxError {
        self.error_at(
            at.start,
            format!("unknown name '{name}'; a game, or a call such as nim(7), was expected"),
        )
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

/// What the parser does next.
enum State {
    /// Parse an operand.
    Operand,
    /// A primary is parsed; methods may follow.
    Postfix(Expr),
    /// Hand a finished operand or expression to the frame on top of the stack.
    Deliver(Expr),
    /// The whole input is parsed.
    Finished(Expr),
}

/// An unfinished construct: the parser's explicit stack, in place of recursion.
enum Frame {
    /// The whole input.
    Top,
    /// An expression: operands and operators so far; `op` is the operator before the operand
    /// being parsed, `list` whether that operand is the option list of a binary `+- {a,b}`.
    Seq {
        comparisons: bool,
        seq: Vec<Item>,
        op: Operator,
        list: bool,
    },
    /// A unary '-' (`negative`) or '+-' at `at`, waiting for its operand.
    Sign { negative: bool, at: Span },
    /// Parentheses opened at `open`.
    Paren { open: Span },
    /// The arguments of a call or a method; `name` is the name of the argument being parsed.
    Arguments {
        owner: Owner,
        args: Vec<Argument>,
        name: Option<String>,
    },
    /// Braces, or a side of braces with bars.
    Content(Box<Content>),
    /// The options of `±{a,b}`, up to the '}' at token `close`.
    List {
        at: Span,
        prefix: bool,
        close: usize,
        options: Vec<Expr>,
        saved_limit: usize,
    },
    /// Braces that are never closed (always ends in an error).
    Unclosed,
    /// A list `[a, b, ...]` opened at `open`, with the elements so far.
    Items { open: Span, items: Vec<Expr> },
    /// The index of `receiver[i]`, being parsed.
    Index { receiver: Expr },
    /// A label at `at`, waiting for the braces after it.
    Label { label: String, at: Span },
}

impl Frame {
    fn seq(comparisons: bool) -> Frame {
        Frame::Seq {
            comparisons,
            seq: Vec::new(),
            op: None,
            list: false,
        }
    }
}

/// Braces `{...}` (with `outer`, the token indices of the '{' and the '}') or a side of braces
/// that has bars, tokens `from..to`, split at the bar run at `split`.
struct Content {
    from: usize,
    to: usize,
    split: usize,
    /// Whether the Right side is being parsed.
    right: bool,
    options: Vec<Expr>,
    /// The number of Left options.
    left: usize,
    outer: Option<(usize, usize)>,
    /// The limit to restore when a side is done.
    saved_limit: usize,
}

/// Whose arguments are being parsed.
enum Owner {
    /// A call `name(...)`; `base` is the number before `Tiny`/`Miny` in `2Tiny(2)`.
    Call {
        name: String,
        name_span: Span,
        base: Option<Expr>,
    },
    /// A method `receiver.name(...)`.
    Method {
        receiver: Expr,
        name: String,
        name_span: Span,
    },
}

impl Owner {
    /// The call or method with its arguments, which end at byte `end`.
    fn finish(self, args: Vec<Argument>, end: usize) -> Expr {
        match self {
            Owner::Call {
                name,
                name_span,
                base,
            } => {
                let span = Span::new(name_span.start, end);
                let call = Expr {
                    kind: ExprKind::Call(Box::new(Call {
                        name,
                        name_span,
                        args: Some(args),
                        span,
                    })),
                    span,
                };
                match base {
                    None => call,
                    Some(x) => Expr {
                        span: x.span.to(span),
                        kind: ExprKind::Sum(vec![(Sign::Plus, x), (Sign::Plus, call)]),
                    },
                }
            }
            Owner::Method {
                receiver,
                name,
                name_span,
            } => {
                let call = Call {
                    name,
                    name_span,
                    args: Some(args),
                    span: Span::new(name_span.start, end),
                };
                with_method(receiver, call)
            }
        }
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

/// A binary operator, as written between two operands.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Plus,
    Minus,
    /// Binary `a +- b`, which is `a + ±b`.
    PlusMinus,
    Colon,
    /// `a * b`, CGScript's multiplication (an integer multiple).
    Times,
    Rel(Relation),
    /// `S & T`.
    Amp,
}

/// An operand of a binary operator (see [`sum`]): an expression, or the option list of a
/// binary `+- {a,b}` (already the whole `±{a,b}`).
enum Operand {
    Plain(Expr),
    PlusMinusList(Expr),
}

/// An operator and where it was written; none before the first operand.
type Operator = Option<(Op, Span)>;

/// An operand with the operator before it.
type Item = (Operator, Operand);

/// Groups operands and operators by precedence: ordinal sums (`:`) of operands, sums of those
/// (`+`, `-`, `+-`, whose operand is an ordinal sum as in CGScript: `3 +- 1:1` is 3 ± (1:1)),
/// and at most one relation between two sums.
fn build(mut seq: Vec<Item>) -> PResult<Expr> {
    let mut relation = None;
    for (i, (op, _)) in seq.iter().enumerate() {
        if let Some((Op::Rel(r), at)) = op {
            if relation.is_some() {
                return Err(SyntaxError {
                    position: at.start,
                    message: format!(
                        "comparisons do not chain: parenthesise one of them before '{}'",
                        r.symbol()
                    ),
                });
            }
            relation = Some((i, *r));
        }
    }
    let Some((i, rel)) = relation else {
        return sided(seq);
    };
    let right = sided(seq.split_off(i))?;
    let left = sided(seq)?;
    let span = left.span.to(right.span);
    Ok(Expr {
        kind: ExprKind::Compare(Box::new((left, right)), rel),
        span,
    })
}

/// `S & T` (at most one `&`, looser than `+`), or the sum.
fn sided(mut seq: Vec<Item>) -> PResult<Expr> {
    let amps: Vec<usize> = (0..seq.len())
        .filter(|&i| matches!(seq[i].0, Some((Op::Amp, _))))
        .collect();
    match amps[..] {
        [] => sum(seq),
        [i] => {
            let offside = sum(seq.split_off(i))?;
            let onside = sum(seq)?;
            let span = onside.span.to(offside.span);
            Ok(Expr {
                kind: ExprKind::Sided(Box::new((onside, offside))),
                span,
            })
        }
        [_, j, ..] => Err(SyntaxError {
            position: seq[j].0.expect("an operator").1.start,
            message: "'&' joins one onside and one offside: write S & T once".into(),
        }),
    }
}

/// The sum of the terms of `seq`, each an ordinal sum of operands.
fn sum(seq: Vec<Item>) -> PResult<Expr> {
    // Each term: the operator before it, whether it is the list of a binary `+- {a,b}`, and
    // the operands of its ordinal sum.
    let mut groups: Vec<(Operator, bool, Vec<Expr>)> = Vec::new();
    for (op, operand) in seq {
        let (e, list) = match operand {
            Operand::Plain(e) => (e, false),
            Operand::PlusMinusList(e) => (e, true),
        };
        match (op, groups.last_mut()) {
            (Some((op @ (Op::Colon | Op::Times), at)), Some(group)) => {
                if group.1 || list {
                    let symbol = if op == Op::Colon { ':' } else { '*' };
                    return Err(SyntaxError {
                        position: at.start,
                        message: format!("write ±{{...}} in parentheses beside '{symbol}'"),
                    });
                }
                if op == Op::Times {
                    // `*` binds tighter than `:`: it takes the last operand of the ordinal sum.
                    let x = group.2.pop().expect("an operand before '*'");
                    let span = x.span.to(e.span);
                    group.2.push(Expr {
                        kind: ExprKind::Product(Box::new((x, e))),
                        span,
                    });
                } else {
                    group.2.push(e);
                }
            }
            (op, _) => groups.push((op, list, vec![e])),
        }
    }
    let mut terms: Vec<(Sign, Expr)> = Vec::new();
    for (op, list, mut operands) in groups {
        let mut e = if operands.len() == 1 {
            operands.pop().expect("one operand")
        } else {
            let span = operands[0].span.to(operands[operands.len() - 1].span);
            Expr {
                kind: ExprKind::OrdinalSum(operands),
                span,
            }
        };
        let sign = match op {
            Some((Op::Minus, _)) => Sign::Minus,
            Some((Op::PlusMinus, at)) if !list => {
                let span = at.to(e.span);
                e = Expr {
                    kind: ExprKind::PlusMinus(vec![e]),
                    span,
                };
                Sign::Plus
            }
            _ => Sign::Plus,
        };
        terms.push((sign, e));
    }
    if terms.len() == 1 && terms[0].0 == Sign::Plus {
        return Ok(terms.pop().expect("one term").1);
    }
    let span = terms[0].1.span.to(terms[terms.len() - 1].1.span);
    Ok(Expr {
        kind: ExprKind::Sum(terms),
        span,
    })
}
