//! The syntax tree of an expression: what [`super::parse`] returns and [`super::evaluate`] walks.
//!
//! Every node carries the byte span of the text it was parsed from, so that an evaluation error
//! can point at the call or method that failed. Chains that do not nest (sums `a + b + c`,
//! ordinal sums `a : b : c`, method chains `G.Mean.Mean`) are flat lists, so the depth of a tree
//! is bounded by the nesting limit of the parser, not by the length of the input.

use crate::algebra::{Game, Number};
use std::sync::{Arc, OnceLock};

/// The deepest nesting accepted: braces (and nested bar runs), parentheses, brackets, unary
/// signs, `±`, the arguments of calls and methods, blocks and function bodies, all counted
/// together.
pub const MAX_NESTING: usize = 1000;

/// A byte range `start..end` of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A node of the syntax tree: what it is, and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// The construct.
    pub kind: ExprKind,
    /// Where it was written. A parenthesised expression's span includes the parentheses.
    pub span: Span,
}

/// The constructs of the expression language.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A literal `x + n·↑ + *k` (or with an uptimal in place of the arrows): `3/8`, `^^*`,
    /// `-1/2v*`, `2^100`, `^<2>*`.
    Literal(Box<Literal>),
    /// A string in double quotes (an argument of a family call, such as `toads("TT..FF")`).
    Text(String),
    /// `true` or `false`, as a comparison prints them.
    Boolean(bool),
    /// `{left | right}`: the first `left` options are Left's, the rest Right's. Nested bar runs
    /// (`{3||2|1}`) are already resolved into nested `Braces`.
    Braces {
        /// Left's options followed by Right's.
        options: Vec<Expr>,
        /// How many of `options` are Left's.
        left: usize,
        /// Written inside quotes, `'{*|*}'`: an explicit form, kept as written (see
        /// [`crate::algebra::form`]) rather than simplified.
        explicit: bool,
    },
    /// `±x = {x | −x}`, or `±{a,b} = {a,b | −a,−b}` with several options.
    PlusMinus(Vec<Expr>),
    /// Unary minus: the negative.
    Neg(Box<Expr>),
    /// `a + b − c ± d`: the terms with their signs (binary `± d` is `+ (±d)`).
    Sum(Vec<(Sign, Expr)>),
    /// The ordinal sum `a : b : c`, left to right.
    OrdinalSum(Vec<Expr>),
    /// `a * b`: an integer multiple `n * G` or `G * n` (G + G + ... + G, n times; −n times is
    /// the negative), or the product of two numbers, as in CGScript. A `*` is this operator
    /// only where an operator is expected and the `*` stands alone; glued to a number or to
    /// arrows before it, or with digits after it, it is a nimber (`2*3` is 2 + *3, `^*`).
    Product(Box<(Expr, Expr)>),
    /// A list `[a, b, c]` (as `G.LeftOptions` prints one).
    List(Vec<Expr>),
    /// `list[i]`: the `i`-th element of a list, counted from 1 as in CGScript.
    Index(Box<(Expr, Expr)>),
    /// A comparison `a <= b`, which is a boolean.
    Compare(Box<(Expr, Expr)>, Relation),
    /// A call `name(args)`: `Tiny(G)`, `Miny(G)` or a registered game family.
    Call(Box<Call>),
    /// Methods applied in turn to a receiver: `G.Cool(1).Mean`.
    Methods(Box<Expr>, Vec<Call>),
    /// A constant of CGSuite's loopy notation (CGT ch. VI):
    /// `on`, `off`, `dud`, `over`, `under`, `upon`, and as the printer writes them `1over`,
    /// `-1/2under`, `^[on]*`, `v<on>`.
    LoopyConstant(Box<LoopyConstant>),
    /// `pass` as an option: a move from the braces it is written in back to themselves
    /// (the innermost braces, those of the slash convention included: in `{0||0|pass}` it is
    /// Right's move in `{0|pass}`).
    Pass,
    /// A label used as an option or an operand: the position of the braces written after the
    /// same label (`a` in `a{0|a}`), earlier in the same loopy literal.
    Label(String),
    /// Braces with a label before them, `a{0|a}`: the label names the position of the braces,
    /// so that their options (and what follows them in the same literal) can come back to it.
    Labelled {
        /// The label.
        label: String,
        /// The braces it names (a [`ExprKind::Braces`]).
        braces: Box<Expr>,
    },
    /// A misère game in CGSuite's notation `*[…]` (CGT ch. V): `*[2]`, `*[2#]`,
    /// `*[2[2]321]`.
    Misere(Box<MisereLiteral>),
    /// `S & T`: the stopper-sided value with onside `S` and offside `T` (both stoppers,
    /// `T <= S`).
    Sided(Box<(Expr, Expr)>),
    /// A name: a variable or parameter of the worksheet, or one of the names every worksheet
    /// knows (`Left`, `Right`, `Nothing`, `game`, `Grid`, a ruleset such as `Kayles`).
    Name(String),
    /// `a / b`, `a % b` or `a ^ b` on numbers (CGScript's arithmetic).
    Arith(Box<(Expr, Expr)>, ArithOp),
    /// `a <=> b`: 0 when `a == b`, -1 when `a < b`, 1 when `a > b`, `*` when they are
    /// confused (CGScript's comparison).
    Spaceship(Box<(Expr, Expr)>),
    /// `not a`.
    Not(Box<Expr>),
    /// `a and b`, `a or b`: the second operand is evaluated only when it decides.
    Logic(Box<(Expr, Expr)>, LogicOp),
    /// `*e`, the nimber of an integer (`*(3+5)` is `*8`), or `^e` / `ve`, a multiple of up
    /// (`^(2+1)` is `^3`): CGScript's nim and up operators on a computed operand.
    Prefix(Box<Expr>, PrefixOp),
    /// A set `{a, b, c}` (no bars: braces with bars are a game).
    Set(Vec<Expr>),
    /// A map `{k => v, …}`; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// A range `a..b` or `a..b..step` of integers.
    Range(Box<(Expr, Expr, Option<Expr>)>),
    /// Coordinates `(row, column)`.
    Coordinates(Box<(Expr, Expr)>),
    /// `target := value`, the target a name or `list[i]`; its value is the value assigned.
    Assign(Box<(Expr, Expr)>),
    /// `var x` or `var x := value`: a variable of the enclosing `begin … end` block.
    Var(String, Option<Box<Expr>>),
    /// Statements in turn, `a; b; c`: the value of the last one (none when it is followed by
    /// `;`, which suppresses it).
    Sequence(Vec<Statement>),
    /// `begin … end`: the statements as one expression, a scope for `var`.
    Block(Box<Expr>),
    /// `if c1 then e1 elseif c2 then e2 … else e end`.
    If(Vec<(Expr, Expr)>, Option<Box<Expr>>),
    /// A loop, `for … do … end` or `for … yield … end`, or a comprehension.
    Loop(Box<Loop>),
    /// A function `x -> body`, `(x, y) -> body` or `def f(x) := body`.
    Function(Arc<Function>),
    /// A function value called: `f(3)(4)`, `(x -> x + 1)(3)`.
    Apply(Box<Expr>, Vec<Argument>),
    /// `break`: leaves the innermost loop.
    Break,
    /// `continue`: goes on with the next round of the innermost loop.
    Continue,
    /// `return` or `return value`: leaves the function being called.
    Return(Option<Box<Expr>>),
}

/// A statement of a [`ExprKind::Sequence`].
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The statement.
    pub expr: Expr,
    /// Whether a `;` follows it: its value is not the sequence's value.
    pub suppressed: bool,
}

/// The operators of [`ExprKind::Arith`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `/`: the quotient of two numbers, a rational number (`4/6` is `2/3`).
    Div,
    /// `%`: the remainder, `a - b·floor(a/b)`.
    Mod,
    /// `^`: a number to an integer power.
    Pow,
}

impl ArithOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Div => "/",
            ArithOp::Mod => "%",
            ArithOp::Pow => "^",
        }
    }
}

/// The operators of [`ExprKind::Logic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    /// `and`
    And,
    /// `or`
    Or,
}

/// The operators of [`ExprKind::Prefix`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrefixOp {
    /// `*e`: the nimber `*n` of the integer `n`.
    Nimber,
    /// `^e`: `n·↑`.
    Up,
    /// `ve`: `n·↓`.
    Down,
}

/// A loop or a comprehension: its clauses, outermost first, and what it does each round.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    /// The clauses; a comprehension with several runs them nested, the first outermost.
    pub clauses: Vec<LoopClause>,
    /// What each round does.
    pub body: LoopBody,
}

/// What a loop does each round.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopBody {
    /// `do … end`: the statements, for their effects; the loop's value is `Nothing`.
    Do(Expr),
    /// `yield a yield b … end`: each round adds the value of every part to a list.
    Yield(Vec<Expr>),
    /// `[e for …]` (and an iterator `(e for …)`, an argument `f(e for …)`): a list.
    List(Expr),
    /// `{e for …}`: a set.
    Set(Expr),
    /// `{k => v for …}`: a map.
    Map(Expr, Expr),
}

/// One clause of a loop: `for x from a to b by c`, `for x in L`, `for x := e` or a bare
/// `while`, each with an optional `while` (the loop ends when it is false) and `where` (the
/// round is skipped when it is false).
#[derive(Clone, Debug, PartialEq)]
pub struct LoopClause {
    /// The loop variable and where it was written; none for a bare `while`.
    pub var: Option<(String, Span)>,
    /// Where the variable's values come from.
    pub source: LoopSource,
    /// `while c`: the loop ends at the first round where `c` is false.
    pub while_: Option<Expr>,
    /// `where c`: a round where `c` is false is skipped.
    pub where_: Option<Expr>,
    /// Where the clause was written.
    pub span: Span,
}

/// The values of a loop variable.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopSource {
    /// `from a [to b] [by c]`: `a`, `a + c`, … while not past `b` (`c` is 1 when omitted).
    From {
        /// The first value.
        from: Expr,
        /// The last value, if any.
        to: Option<Expr>,
        /// The step.
        by: Option<Expr>,
    },
    /// `in L`: the elements of a list, set, range, map (its keys) or string.
    In(Expr),
    /// `:= e`: one round with the value of `e`.
    Assign(Expr),
    /// A bare `while c`: rounds until `c` is false.
    While,
}

/// A function: its parameters and its body, kept with the text it was written in (for its
/// printing and its errors).
#[derive(Debug)]
pub struct Function {
    /// The parameters.
    pub params: Vec<Param>,
    /// The body.
    pub body: Expr,
    /// The input the function was written in; the spans of the body are in it.
    pub source: Arc<str>,
    /// The name given by `def f(x) := …`, if any.
    pub name: Option<String>,
    /// The loopy literals of the body, found once when the function is first called.
    pub(crate) literals: OnceLock<Arc<super::loopy_literal::Literals>>,
}

impl Clone for Function {
    fn clone(&self) -> Function {
        Function {
            params: self.params.clone(),
            body: self.body.clone(),
            source: self.source.clone(),
            name: self.name.clone(),
            literals: OnceLock::new(),
        }
    }
}

impl PartialEq for Function {
    fn eq(&self, other: &Function) -> bool {
        self.params == other.params && self.body == other.body && self.name == other.name
    }
}

/// A parameter of a function: `x`, or `x ? default` (optional, with its default).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The name.
    pub name: String,
    /// The default value of an optional parameter.
    pub default: Option<Expr>,
    /// Where it was written.
    pub span: Span,
}

/// The sign of a term of a sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `+ term` (and the first term).
    Plus,
    /// `− term`.
    Minus,
}

/// The comparison operators of CGScript. For games `G` and `H`: `G <| H` ("less than or confused
/// with", G ⧏ H) holds when `G >= H` does not, and `G |> H` ("greater than or confused with",
/// G ⧐ H) when `G <= H` does not (CGT ch. II.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<=`
    LessOrEqual,
    /// `>=`
    GreaterOrEqual,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `<>`: confused with (incomparable).
    Confused,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
}

impl Relation {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "==",
            Relation::NotEqual => "!=",
            Relation::LessOrEqual => "<=",
            Relation::GreaterOrEqual => ">=",
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Confused => "<>",
            Relation::LessOrConfused => "<|",
            Relation::GreaterOrConfused => "|>",
        }
    }
}

/// A call `name(args)`, or a method `.name(args)` (then `args` is `None` when the parentheses
/// are omitted, as for a property such as `G.Mean`).
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The name called.
    pub name: String,
    /// Where the name was written.
    pub name_span: Span,
    /// The arguments, `None` for a method written without parentheses.
    pub args: Option<Vec<Argument>>,
    /// From the name to the closing parenthesis.
    pub span: Span,
}

impl Call {
    /// The arguments (none when the parentheses were omitted).
    pub fn arguments(&self) -> &[Argument] {
        self.args.as_deref().unwrap_or(&[])
    }
}

/// An argument of a call: `value` or `name = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Argument {
    /// The name of a named argument.
    pub name: Option<String>,
    /// The value.
    pub value: Expr,
}

/// The parts of a literal `[number][arrows or uptimal][*nimber]`, at least one present.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// The number part (its sign included when a `-` was written directly before its digits).
    pub number: Option<Number>,
    /// The arrows: a multiple of ↑ (negative for ↓), or an uptimal `^<n>` / `^[n]`.
    pub arrows: Option<Arrows>,
    /// The nimber after `*` (`*` alone is `*1`).
    pub nimber: Option<u64>,
}

/// A constant of CGSuite's loopy notation (CGT ch. VI;
/// WW ch. 11), with the number written before it.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopyConstant {
    /// `on = {pass | }`: Left passes for ever.
    On,
    /// `off = { | pass}`.
    Off,
    /// `dud = {pass | pass}`: either player passes for ever.
    Dud,
    /// `x over = {x | pass}` (`over`, `1over`) when `over`, `x under = {pass | x}` otherwise.
    Over {
        /// The number `x` as written (its sign included when a `-` was written directly
        /// before its digits); none for `over` and `under` alone.
        number: Option<Number>,
        /// `over` (true) or `under`.
        over: bool,
    },
    /// The upon family as CGSuite prints it: `x^[on]*k = {pass | x*(k⊕1)}` (`{pass, x | x}`
    /// when `k = 1`; `upon` is `^[on]`), `x^<on>*k = {x, x*, …, x*k | x v[on]*(k⊕1)}`
    /// (`uponth`), and their negatives written with `v`.
    Upon {
        /// The number `x` as written; none when no number was written.
        number: Option<Number>,
        /// `^` (true) or `v`.
        up: bool,
        /// `<on>` (true) or `[on]`.
        nth: bool,
        /// The nimber `k` after `*` (0 when none was written).
        nimber: u64,
    },
}

impl LoopyConstant {
    /// The number written before the constant, if any (so that a `-` written against it is its
    /// sign: `-1over` is −1 + over).
    pub fn number(&self) -> Option<&Number> {
        match self {
            LoopyConstant::Over { number, .. } | LoopyConstant::Upon { number, .. } => {
                number.as_ref()
            }
            _ => None,
        }
    }

    /// The constant with the negative of its number.
    pub(crate) fn with_negated_number(self) -> LoopyConstant {
        match self {
            LoopyConstant::Over { number, over } => LoopyConstant::Over {
                number: number.map(|x| -x),
                over,
            },
            LoopyConstant::Upon {
                number,
                up,
                nth,
                nimber,
            } => LoopyConstant::Upon {
                number: number.map(|x| -x),
                up,
                nth,
                nimber,
            },
            c => c,
        }
    }
}

/// A misère game in CGSuite's notation, as the steps that build it from the left: the
/// notation's terms in postfix order, so that a stack builds the game without recursion
/// however deeply its parentheses nest (see [`crate::algebra::misere::print`] for the notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereLiteral {
    /// The steps, in order.
    pub steps: Vec<MisereStep>,
}

/// A step of a [`MisereLiteral`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereStep {
    /// A new term: the nim heap `*n` (a digit, or `&n;`).
    Heap(u64),
    /// `(` (and the opening `*[`): a list of terms begins.
    Open,
    /// `)` (and the closing `]`): the terms since the matching [`MisereStep::Open`] become one
    /// term, the game with those options; a single term stays itself.
    Close,
    /// `#`: the last term becomes the game whose only option it is.
    Only,
    /// A subscript digit `n`: `*n` is added to the last term.
    Add(u64),
    /// A subscript `-n`, at byte `at`: the last term becomes the game `X` with `X + *n` equal to
    /// it.
    Subtract {
        /// The heap `n`.
        heap: u64,
        /// Where it is written.
        at: usize,
    },
}

/// The arrows of a literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Arrows {
    /// `n·↑`: `^^` is 2, `v3` is −3.
    Ups(i64),
    /// An uptimal `^<n>` (↑ⁿ), `^[n]` (↑ + ↑² + … + ↑ⁿ) or their negatives, as a value.
    Uptimal(Game),
}

impl Literal {
    /// Whether the literal is a number alone (so that `Tiny(G)` may follow it: `2Tiny(2)`).
    pub fn is_number_only(&self) -> bool {
        self.number.is_some() && self.arrows.is_none() && self.nimber.is_none()
    }

    /// The value `x + n·↑ + *k` (plus the uptimal, if any).
    ///
    /// # Panics
    ///
    /// Like the algebra's `+`, it unwinds with a [`crate::algebra::limits::ExpansionLimit`] when
    /// the sum needs a form beyond the algebra's limits (an uptimal plus a nimber beyond
    /// `NIMBER_OPTIONS_LIMIT`, such as `^<2>*65537`); the evaluator reports that as an error.
    pub fn value(&self) -> Game {
        let nus = crate::algebra::Nus {
            number: self.number.clone().unwrap_or_else(Number::zero),
            ups: match self.arrows {
                Some(Arrows::Ups(n)) => n,
                _ => 0,
            },
            nimber: self.nimber.unwrap_or(0),
        };
        let base = Game::nus(nus);
        match &self.arrows {
            Some(Arrows::Uptimal(u)) => base + *u,
            _ => base,
        }
    }
}

impl Expr {
    /// The sub-expressions directly below this node, in source order.
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Literal(_)
            | ExprKind::Text(_)
            | ExprKind::Boolean(_)
            | ExprKind::LoopyConstant(_)
            | ExprKind::Pass
            | ExprKind::Label(_)
            | ExprKind::Misere(_)
            | ExprKind::Name(_)
            | ExprKind::Break
            | ExprKind::Continue
            | ExprKind::Function(_) => Vec::new(),
            ExprKind::Arith(pair, _)
            | ExprKind::Spaceship(pair)
            | ExprKind::Logic(pair, _)
            | ExprKind::Coordinates(pair)
            | ExprKind::Assign(pair) => vec![&pair.0, &pair.1],
            ExprKind::Not(e) | ExprKind::Prefix(e, _) | ExprKind::Block(e) => vec![e],
            ExprKind::Set(items) => items.iter().collect(),
            ExprKind::Map(entries) => entries.iter().flat_map(|(k, v)| [k, v]).collect(),
            ExprKind::Range(r) => [Some(&r.0), Some(&r.1), r.2.as_ref()]
                .into_iter()
                .flatten()
                .collect(),
            ExprKind::Var(_, value) | ExprKind::Return(value) => {
                value.iter().map(|v| &**v).collect()
            }
            ExprKind::Sequence(statements) => statements.iter().map(|s| &s.expr).collect(),
            ExprKind::If(branches, otherwise) => branches
                .iter()
                .flat_map(|(c, e)| [c, e])
                .chain(otherwise.iter().map(|e| &**e))
                .collect(),
            ExprKind::Loop(l) => l.children(),
            ExprKind::Apply(f, args) => std::iter::once(&**f)
                .chain(args.iter().map(|a| &a.value))
                .collect(),
            ExprKind::Labelled { braces, .. } => vec![braces],
            ExprKind::Braces { options, .. }
            | ExprKind::PlusMinus(options)
            | ExprKind::List(options) => options.iter().collect(),
            ExprKind::OrdinalSum(terms) => terms.iter().collect(),
            ExprKind::Neg(e) => vec![e],
            ExprKind::Sum(terms) => terms.iter().map(|(_, e)| e).collect(),
            ExprKind::Compare(pair, _)
            | ExprKind::Sided(pair)
            | ExprKind::Product(pair)
            | ExprKind::Index(pair) => vec![&pair.0, &pair.1],
            ExprKind::Call(call) => call.arguments().iter().map(|a| &a.value).collect(),
            ExprKind::Methods(receiver, calls) => std::iter::once(&**receiver)
                .chain(
                    calls
                        .iter()
                        .flat_map(|c| c.arguments().iter().map(|a| &a.value)),
                )
                .collect(),
        }
    }
}

impl Loop {
    /// The sub-expressions of the clauses and the body, in source order.
    pub fn children(&self) -> Vec<&Expr> {
        let mut out = Vec::new();
        for c in &self.clauses {
            match &c.source {
                LoopSource::From { from, to, by } => {
                    out.push(from);
                    out.extend(to);
                    out.extend(by);
                }
                LoopSource::In(e) | LoopSource::Assign(e) => out.push(e),
                LoopSource::While => {}
            }
            out.extend(&c.while_);
            out.extend(&c.where_);
        }
        match &self.body {
            LoopBody::Do(e) | LoopBody::List(e) | LoopBody::Set(e) => out.push(e),
            LoopBody::Yield(parts) => out.extend(parts),
            LoopBody::Map(k, v) => {
                out.push(k);
                out.push(v);
            }
        }
        out
    }
}
