//! The syntax tree of an expression: what [`super::parse`] returns and [`super::evaluate`] walks.
//!
//! Every node carries the byte span of the text it was parsed from, so that an evaluation error
//! can point at the call or method that failed. Chains that do not nest (sums `a + b + c`,
//! ordinal sums `a : b : c`, method chains `G.Mean.Mean`) are flat lists, so the depth of a tree
//! is bounded by the nesting limit of the parser, not by the length of the input.

use crate::algebra::{Game, Number};

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
            | ExprKind::Misere(_) => Vec::new(),
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
