//! Loopy literals: the game graph of a loopy game written in CGSuite's loopy notation (Siegel,
//! CGT ch. VI; WW ch. 11), built from the syntax tree.
//!
//! The parser reads loopy games with the grammar of every other expression: braces, `pass` and
//! labels among their options, a label before braces (`a{0|a}`), the loopy constants. What
//! cannot be computed option by option is a position that the play comes back to: `pass` is a
//! move from the braces it is written in to themselves, and a label's position may be an option
//! of a position inside it. So the braces that hold such options, and the sums, negatives,
//! switches `±G` and `Tiny(G)`/`Miny(G)` written around them, are one *loopy literal*, whose
//! graph is built here position by position (on an explicit stack, whatever the nesting).
//! Everything else inside a literal (a short literal, a family call, a method) is evaluated by
//! the evaluator first, and its game copied into the graph.
//!
//! Which nodes belong to a literal: a node is *bound* when it is `pass`, a label, labelled
//! braces or a loopy constant, or when it is braces, a sum, a negative, `±`, `Tiny(G)` or
//! `Miny(G)` with a bound operand. A literal is a bound node of the first kinds (braces, a
//! label, `pass`, a constant, `Tiny`/`Miny`) that the evaluator meets, with its bound nodes
//! below it; the other nodes below it are its *leaves*. So `{0|pass} + *` is the literal
//! `{0|pass}` plus the short game `*`, and in `{0|{1|pass}||-1+*}` the literal is the whole,
//! with the leaves `0`, `1` and `-1+*`.
//!
//! A label names the position of the braces after it, for the options inside them and for what
//! follows them in the same literal: `a{0|{a|*}}`, `{a{0|a},a|0}`. A label used or defined
//! twice, or spelled like a constant, is an error, and so is a position that refers to an
//! enclosing labelled position still being defined anywhere but as a whole option (it cannot be
//! added to or negated before it exists), and `pass` anywhere but as an option.

use super::ast::{Call, Expr, ExprKind, LoopyConstant, Sign, Span};
use super::eval::Evaluator;
use super::loopy::{self, LoopyValue};
use super::value::Value;
use super::Scope;
use crate::algebra::limits::{self, NIMBER_OPTIONS_LIMIT};
use crate::algebra::loopy::{GraphBuilder, LoopyError, LoopyGame, SidedValue, MAX_PAIR_STATES};
use crate::algebra::{Game, Number};
use std::collections::HashSet;

/// The names that cannot be labels: the loopy constants, `pass`, `Tiny`, `Miny` and the
/// booleans.
const RESERVED: &[&str] = &[
    "on", "off", "over", "under", "upon", "dud", "pass", "Tiny", "Miny", "true", "false",
];

/// No open labelled position: a part that can be added, negated, switched.
const CLOSED: usize = usize::MAX;

/// Why a literal's graph could not be built, and where.
#[derive(Debug)]
pub(crate) struct Fault {
    pub span: Span,
    pub problem: Problem,
}

/// What went wrong in a literal.
#[derive(Debug)]
pub(crate) enum Problem {
    /// The tree is not a loopy game: `pass` as an operand, an open position added to, …
    Notation(String),
    /// An error of the loopy algebra (a missing or ambiguous label, a graph too large, …).
    Loopy(LoopyError),
}

impl Fault {
    fn notation(span: Span, message: impl Into<String>) -> Fault {
        Fault {
            span,
            problem: Problem::Notation(message.into()),
        }
    }

    fn loopy(span: Span) -> impl Fn(LoopyError) -> Fault {
        move |e| Fault {
            span,
            problem: Problem::Loopy(e),
        }
    }

    /// The message the evaluator reports.
    pub(crate) fn message(&self) -> String {
        match &self.problem {
            Problem::Notation(m) => m.clone(),
            Problem::Loopy(e) => loopy::message(e),
        }
    }

    /// As a loopy error about `input`: a notation problem is a [`LoopyError::Parse`].
    fn into_loopy(self, input: &str) -> LoopyError {
        match self.problem {
            Problem::Notation(message) => LoopyError::Parse {
                input: input.to_string(),
                at: self.span.start,
                message,
            },
            Problem::Loopy(e) => e,
        }
    }
}

fn address(e: &Expr) -> usize {
    std::ptr::from_ref(e) as usize
}

/// `pass`, a label, labelled braces or a loopy constant.
fn is_atom(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Pass
            | ExprKind::Label(_)
            | ExprKind::Labelled { .. }
            | ExprKind::LoopyConstant(_)
    )
}

/// `Tiny(G)` or `Miny(G)` with one unnamed argument.
fn tiny_call(e: &Expr) -> Option<&Call> {
    match &e.kind {
        ExprKind::Call(c)
            if (c.name == "Tiny" || c.name == "Miny")
                && matches!(c.arguments(), [a] if a.name.is_none()) =>
        {
            Some(c)
        }
        _ => None,
    }
}

/// A node that starts a literal when it is bound: an atom, braces, `Tiny(G)`, `Miny(G)`.
fn starts_literal(e: &Expr) -> bool {
    is_atom(e) || matches!(e.kind, ExprKind::Braces { .. }) || tiny_call(e).is_some()
}

/// A node that a literal builds in its graph when it is bound: one that starts a literal, or a
/// sum, a negative, `±`.
fn is_structural(e: &Expr) -> bool {
    starts_literal(e)
        || matches!(
            e.kind,
            ExprKind::Sum(_) | ExprKind::Neg(_) | ExprKind::PlusMinus(_)
        )
}

/// The bound nodes of a syntax tree (see the module documentation), found once before it is
/// evaluated.
#[derive(Debug)]
pub(crate) struct Literals {
    bound: HashSet<usize>,
}

impl Literals {
    /// The bound nodes of `root`, bottom-up on an explicit stack.
    pub(crate) fn find(root: &Expr) -> Literals {
        let mut bound = HashSet::new();
        let mut stack = vec![(root, false)];
        while let Some((e, done)) = stack.pop() {
            if !done {
                stack.push((e, true));
                stack.extend(e.children().into_iter().map(|c| (c, false)));
                continue;
            }
            if let ExprKind::Labelled { braces, .. } = &e.kind {
                // A label's braces are its position, whatever their options.
                bound.insert(address(braces));
            }
            if is_atom(e)
                || (is_structural(e) && e.children().iter().any(|c| bound.contains(&address(c))))
            {
                bound.insert(address(e));
            }
        }
        Literals { bound }
    }

    /// Whether the evaluator, at `e`, meets a loopy literal.
    pub(crate) fn starts_at(&self, e: &Expr) -> bool {
        !self.bound.is_empty() && starts_literal(e) && self.bound.contains(&address(e))
    }

    /// Whether the literal at `root` builds `e` in its graph; `whole`: the root is built even
    /// when it is not bound (a literal read on its own, [`parse_loopy_game`]).
    fn builds(&self, e: &Expr, root: &Expr, whole: bool) -> bool {
        is_structural(e) && (self.bound.contains(&address(e)) || (whole && std::ptr::eq(e, root)))
    }

    /// The leaves of the literal at `root`, in the order the graph is built: the nodes the
    /// evaluator computes for it.
    pub(crate) fn leaves<'e>(&self, root: &'e Expr, whole: bool) -> Vec<&'e Expr> {
        let mut leaves = Vec::new();
        let mut stack = vec![root];
        while let Some(e) = stack.pop() {
            if self.builds(e, root, whole) {
                stack.extend(e.children().into_iter().rev());
            } else {
                leaves.push(e);
            }
        }
        leaves
    }
}

/// An operand or option of the graph being built.
#[derive(Clone, Copy, Debug)]
enum Part {
    /// `pass`: the braces it is an option of.
    Pass,
    /// A position, and the level of the outermost open labelled position it refers to
    /// ([`CLOSED`] when none).
    Position { v: usize, open: usize },
}

/// A label: its position, the level of braces it was written at, and whether its braces are
/// still being built.
struct Label<'e> {
    name: &'e str,
    v: usize,
    level: usize,
    open: bool,
}

/// A step of the walk over a literal.
enum Task<'e> {
    /// Build the node (or take a leaf's value).
    Visit(&'e Expr),
    /// The node's children are built: build the node from their parts. The number is the
    /// position of braces, or the index of the label of labelled braces.
    Finish(&'e Expr, usize),
}

struct Builder<'e> {
    graph: GraphBuilder,
    labels: Vec<Label<'e>>,
    /// How many braces are open.
    level: usize,
    leaves: std::vec::IntoIter<Value>,
    /// The position of the labelled braces visited next.
    pending: Option<usize>,
}

/// The graph of the literal at `root`, its leaves' values given in the order of
/// [`Literals::leaves`].
fn build(
    root: &Expr,
    literals: &Literals,
    leaves: Vec<Value>,
    whole: bool,
) -> Result<LoopyGame, Fault> {
    let mut b = Builder {
        graph: GraphBuilder::new(),
        labels: Vec::new(),
        level: 0,
        leaves: leaves.into_iter(),
        pending: None,
    };
    let mut tasks = vec![Task::Visit(root)];
    let mut parts: Vec<Part> = Vec::new();
    while let Some(task) = tasks.pop() {
        match task {
            Task::Visit(e) if !literals.builds(e, root, whole) => {
                let v = b.leaf(e.span)?;
                parts.push(Part::Position { v, open: CLOSED });
            }
            Task::Visit(e) => match &e.kind {
                ExprKind::Pass => parts.push(Part::Pass),
                ExprKind::Label(name) => parts.push(b.reference(name, e.span)?),
                ExprKind::LoopyConstant(c) => {
                    let v = b.constant(c, e.span)?;
                    parts.push(Part::Position { v, open: CLOSED });
                }
                ExprKind::Labelled { label, braces } => {
                    let index = b.define(label, e.span)?;
                    tasks.push(Task::Finish(e, index));
                    tasks.push(Task::Visit(braces));
                }
                ExprKind::Braces { options, .. } => {
                    let v = match b.pending.take() {
                        Some(v) => v,
                        None => b.position(e.span)?,
                    };
                    b.level += 1;
                    tasks.push(Task::Finish(e, v));
                    tasks.extend(options.iter().rev().map(Task::Visit));
                }
                _ => {
                    tasks.push(Task::Finish(e, 0));
                    tasks.extend(e.children().into_iter().rev().map(Task::Visit));
                }
            },
            Task::Finish(e, n) => {
                let children = e.children();
                let args = parts.split_off(parts.len() - children.len());
                parts.push(b.finish(e, n, &children, args)?);
            }
        }
    }
    match parts[..] {
        [Part::Position { v, .. }] => Ok(b.graph.game(v)),
        _ => Err(Fault::notation(
            root.span,
            "'pass' can only be an option, not the game",
        )),
    }
}

impl<'e> Builder<'e> {
    fn position(&mut self, span: Span) -> Result<usize, Fault> {
        self.graph.add_position().map_err(Fault::loopy(span))
    }

    fn insert(&mut self, game: &LoopyGame, span: Span) -> Result<usize, Fault> {
        self.graph.add_game(game).map_err(Fault::loopy(span))
    }

    fn short(&mut self, g: Game, span: Span) -> Result<usize, Fault> {
        let game = LoopyGame::from_game(g).map_err(Fault::loopy(span))?;
        self.insert(&game, span)
    }

    /// The next leaf's value, copied into the graph.
    fn leaf(&mut self, span: Span) -> Result<usize, Fault> {
        let value = self.leaves.next().expect("a value for every leaf");
        let game = match value {
            Value::Game(g) => LoopyGame::from_game(g),
            Value::Form(f) => LoopyGame::from_game(f.canonical_form()),
            Value::Position(p) => {
                let g = p
                    .canonical_form()
                    .map_err(|e| Fault::notation(span, e.to_string()))?;
                LoopyGame::from_game(g)
            }
            Value::Loopy(l) => match l.graph() {
                Some(g) => Ok(g.clone()),
                None => {
                    let v = l.value().map_err(Fault::loopy(span))?;
                    match v.as_stopper() {
                        Ok(s) => Ok(s.to_loopy_game()),
                        Err(_) => {
                            return Err(Fault::notation(
                                span,
                                format!("a loopy game is made of games, and {v} is a sided value without positions"),
                            ))
                        }
                    }
                }
            },
            v => {
                return Err(Fault::notation(
                    span,
                    format!("a loopy game is made of games, not of {}", v.kind()),
                ))
            }
        }
        .map_err(Fault::loopy(span))?;
        self.insert(&game, span)
    }

    /// A label used as an option or an operand.
    fn reference(&self, name: &str, span: Span) -> Result<Part, Fault> {
        match self.labels.iter().find(|l| l.name == name) {
            Some(l) => Ok(Part::Position {
                v: l.v,
                open: if l.open { l.level } else { CLOSED },
            }),
            None => Err(Fault::loopy(span)(LoopyError::MissingNode(format!(
                "no position is labelled '{name}' (a label names the braces it is written before, e.g. a{{0|a}})"
            )))),
        }
    }

    /// A label before braces: its position, taken by the braces visited next.
    fn define(&mut self, name: &'e str, span: Span) -> Result<usize, Fault> {
        let ambiguous = |message: String| Fault::loopy(span)(LoopyError::AmbiguousLabel(message));
        if RESERVED.contains(&name) {
            return Err(ambiguous(format!(
                "the label '{name}' is also the name of a constant; choose another label"
            )));
        }
        if self.labels.iter().any(|l| l.name == name) {
            return Err(ambiguous(format!("the label '{name}' is defined twice")));
        }
        let v = self.position(span)?;
        self.pending = Some(v);
        self.labels.push(Label {
            name,
            v,
            level: self.level,
            open: true,
        });
        Ok(self.labels.len() - 1)
    }

    /// The position of a game that is complete: not `pass`, not referring to an open labelled
    /// position.
    fn closed(part: Part, span: Span) -> Result<usize, Fault> {
        match part {
            Part::Pass => Err(Fault::notation(
                span,
                "'pass' can only be an option, not an operand",
            )),
            Part::Position { open: CLOSED, v } => Ok(v),
            Part::Position { .. } => Err(Fault::notation(
                span,
                "a position that refers to an enclosing labelled position can only be a whole option",
            )),
        }
    }

    fn negated(&mut self, v: usize, span: Span) -> Result<usize, Fault> {
        let g = self.graph.game(v).negated();
        self.insert(&g, span)
    }

    /// The game at `v` as an operand of a sum: its canonical stopper when it is a stopper, the
    /// smallest graph to be had cheaply.
    fn operand(&self, v: usize, span: Span) -> Result<LoopyGame, Fault> {
        let g = self.graph.game(v);
        if g.is_stopper() {
            return Ok(g.stopper().map_err(Fault::loopy(span))?.to_loopy_game());
        }
        Ok(g)
    }

    /// The node `e` from the parts of its children.
    fn finish(
        &mut self,
        e: &Expr,
        n: usize,
        children: &[&Expr],
        args: Vec<Part>,
    ) -> Result<Part, Fault> {
        let position = |v| Part::Position { v, open: CLOSED };
        match &e.kind {
            ExprKind::Labelled { .. } => {
                self.labels[n].open = false;
                Ok(args[0])
            }
            ExprKind::Braces { left, .. } => {
                let v = n;
                self.level -= 1;
                let mut open = CLOSED;
                for (i, part) in args.into_iter().enumerate() {
                    let w = match part {
                        Part::Pass => v,
                        Part::Position { v: w, open: o } => {
                            open = open.min(o);
                            w
                        }
                    };
                    if i < *left {
                        self.graph.add_left(v, w);
                    } else {
                        self.graph.add_right(v, w);
                    }
                }
                // What refers to positions inside these braces is complete now.
                if open >= self.level {
                    open = CLOSED;
                }
                Ok(Part::Position { v, open })
            }
            ExprKind::Neg(_) => {
                let v = Self::closed(args[0], children[0].span)?;
                self.negated(v, e.span).map(position)
            }
            ExprKind::PlusMinus(_) => {
                let w = self.position(e.span)?;
                for (part, c) in args.into_iter().zip(children) {
                    let v = Self::closed(part, c.span)?;
                    let neg = self.negated(v, c.span)?;
                    self.graph.add_left(w, v);
                    self.graph.add_right(w, neg);
                }
                Ok(position(w))
            }
            ExprKind::Sum(terms) => {
                let mut acc: Option<LoopyGame> = None;
                for ((part, c), (sign, _)) in args.into_iter().zip(children).zip(terms) {
                    let mut v = Self::closed(part, c.span)?;
                    if *sign == Sign::Minus {
                        v = self.negated(v, c.span)?;
                    }
                    let g = self.operand(v, c.span)?;
                    acc = Some(match acc {
                        None => g,
                        Some(a) => {
                            let (x, y) = (a.positions(), g.positions());
                            if x.saturating_mul(y) > MAX_PAIR_STATES {
                                return Err(Fault::loopy(e.span)(LoopyError::TooLarge(format!(
                                    "adding games of {x} and {y} positions needs more than {MAX_PAIR_STATES} pairs of positions"
                                ))));
                            }
                            a.sum(&g).map_err(Fault::loopy(e.span))?
                        }
                    });
                }
                let sum = acc.expect("a sum has terms");
                self.insert(&sum, e.span).map(position)
            }
            ExprKind::Call(c) => {
                let g = Self::closed(args[0], children[0].span)?;
                let zero = self.short(Game::zero(), e.span)?;
                let inner = self.position(e.span)?;
                let outer = self.position(e.span)?;
                if c.name == "Tiny" {
                    // {0 || 0 | −G}
                    let neg = self.negated(g, e.span)?;
                    self.graph.add_left(inner, zero);
                    self.graph.add_right(inner, neg);
                    self.graph.add_left(outer, zero);
                    self.graph.add_right(outer, inner);
                } else {
                    // {G | 0 || 0}
                    self.graph.add_left(inner, g);
                    self.graph.add_right(inner, zero);
                    self.graph.add_left(outer, inner);
                    self.graph.add_right(outer, zero);
                }
                Ok(position(outer))
            }
            _ => unreachable!("only structural nodes are finished"),
        }
    }

    /// The graph of a loopy constant (CGT ch. VI).
    fn constant(&mut self, c: &LoopyConstant, span: Span) -> Result<usize, Fault> {
        let number = |n: &Option<Number>| n.clone().unwrap_or_else(Number::zero);
        match c {
            LoopyConstant::On | LoopyConstant::Off | LoopyConstant::Dud => {
                let v = self.position(span)?;
                if !matches!(c, LoopyConstant::Off) {
                    self.graph.add_left(v, v);
                }
                if !matches!(c, LoopyConstant::On) {
                    self.graph.add_right(v, v);
                }
                Ok(v)
            }
            // x over = {x | pass}, x under = {pass | x}.
            LoopyConstant::Over { number: x, over } => {
                let x = self.short(Game::number(number(x)), span)?;
                let v = self.position(span)?;
                if *over {
                    self.graph.add_left(v, x);
                    self.graph.add_right(v, v);
                } else {
                    self.graph.add_left(v, v);
                    self.graph.add_right(v, x);
                }
                Ok(v)
            }
            LoopyConstant::Upon {
                number: x,
                up,
                nth,
                nimber,
            } => {
                // The `^` form of x, or of −x for the `v` form, negated at the end.
                let x = if *up { number(x) } else { -number(x) };
                let v = if *nth {
                    // x^<on>*m = {x, x*, …, x*m | x v[on]*(m⊕1)}
                    if *nimber > NIMBER_OPTIONS_LIMIT {
                        return Err(Fault::notation(span, "the nimber part is too large"));
                    }
                    let r = self.upon(-x.clone(), nimber ^ 1, span)?;
                    let r = self.negated(r, span)?;
                    let v = self.position(span)?;
                    for k in 0..=*nimber {
                        let o = self.short(Game::number(x.clone()) + Game::nimber(k), span)?;
                        self.graph.add_left(v, o);
                    }
                    self.graph.add_right(v, r);
                    v
                } else {
                    self.upon(x, *nimber, span)?
                };
                if *up {
                    Ok(v)
                } else {
                    self.negated(v, span)
                }
            }
        }
    }

    /// `x^[on]*p = {pass | x*(p⊕1)}`, or `{pass, x | x}` when `p = 1`.
    fn upon(&mut self, x: Number, p: u64, span: Span) -> Result<usize, Fault> {
        let k = p ^ 1;
        let r = self.short(Game::number(x.clone()) + Game::nimber(k), span)?;
        let v = self.position(span)?;
        self.graph.add_left(v, v);
        if k == 0 {
            let x = self.short(Game::number(x), span)?;
            self.graph.add_left(v, x);
        }
        self.graph.add_right(v, r);
        Ok(v)
    }
}

/// The value of the literal at `root` (see [`Literals::starts_at`]), its leaves' values given in
/// the order of [`Literals::leaves`]: a short game when the graph has no cycle, else a loopy
/// game that keeps its graph (its value is computed when needed: its outcome and Smith's value
/// need only the graph).
///
/// # Panics
///
/// Like the algebra, it unwinds with a [`crate::algebra::limits::ExpansionLimit`] when a short
/// game in it is beyond the algebra's limits; the evaluator reports that as an error.
pub(crate) fn value(root: &Expr, literals: &Literals, leaves: Vec<Value>) -> Result<Value, Fault> {
    let game = build(root, literals, leaves, false)?;
    if game.is_loopfree() {
        return loopy::settle(LoopyValue::from_graph(game)).map_err(Fault::loopy(root.span));
    }
    Ok(Value::Loopy(LoopyValue::from_graph(game)))
}

/// Parses `input` and resolves its names, as a loopy error.
fn read(input: &str) -> Result<Expr, LoopyError> {
    let located = |at: usize, message: String| LoopyError::Parse {
        input: input.to_string(),
        at,
        message,
    };
    let expr = super::parser::parse(input).map_err(|e| located(e.position, e.message))?;
    super::eval::check(&expr, Scope::Core, &[]).map_err(|e| {
        // In a literal read on its own a name is a label or nothing.
        if e.message.starts_with(super::eval::UNLABELLED) {
            LoopyError::MissingNode(e.message)
        } else {
            located(e.span.start, e.message)
        }
    })?;
    Ok(expr)
}

/// The graph of the game `e` of `input`, built as one literal: the leaves are evaluated first,
/// in the order the graph takes them.
fn graph_of(input: &str, e: &Expr) -> Result<LoopyGame, LoopyError> {
    let literals = Literals::find(e);
    let mut evaluator = Evaluator::new(input, Scope::Core, super::env::Env::worksheet(), e);
    let leaves = literals
        .leaves(e, true)
        .into_iter()
        .map(|leaf| evaluator.run(leaf))
        .collect::<Result<Vec<Value>, _>>()
        .map_err(|err| LoopyError::Parse {
            input: input.to_string(),
            at: err.span.start,
            message: err.message,
        })?;
    limits::catch(std::panic::AssertUnwindSafe(|| {
        build(e, &literals, leaves, true)
    }))
    .map_err(|l| LoopyError::TooLarge(l.message))?
    .map_err(|f| f.into_loopy(input))
}

/// Reads a loopy game in CGSuite's notation (`docs/NOTATION.md`) as an explicit graph, without
/// computing its value: the whole input is one literal, so that its sums and negatives are
/// graphs too. The game is not simplified; [`LoopyGame::value`] computes its value.
///
/// ```
/// use partizan::algebra::loopy::LoopyOutcome;
/// use partizan::expr::parse_loopy_game;
/// let g = parse_loopy_game("a{0,a|0,a}").unwrap();
/// assert_eq!(g.positions(), 3); // as written: a, and each of the two 0s
/// assert_eq!(g.outcome(), LoopyOutcome::N);
/// assert!(parse_loopy_game("over & under").is_err()); // a sided value has no graph
/// ```
pub fn parse_loopy_game(input: &str) -> Result<LoopyGame, LoopyError> {
    let expr = read(input)?;
    if let ExprKind::Sided(pair) = &expr.kind {
        let at = pair.0.span.end + input[pair.0.span.end..].find('&').unwrap_or(0);
        return Err(LoopyError::Parse {
            input: input.to_string(),
            at,
            message: "'&' makes a stopper-sided value, not a game".into(),
        });
    }
    graph_of(input, &expr)
}

/// Reads a loopy value in CGSuite's notation and computes it: a canonical stopper, or the
/// onside and offside of a game that is not a stopper; at the top, `S & T` is the value with
/// onside `S` and offside `T` (both stoppers).
///
/// ```
/// use partizan::expr::parse_loopy;
/// assert_eq!(parse_loopy("{pass|*}").unwrap().to_string(), "^[on]");
/// assert_eq!(parse_loopy("a{0|a}").unwrap().to_string(), "over");
/// assert_eq!(parse_loopy("a{{|a}|}").unwrap().to_string(), "1 & 0");
/// assert!(parse_loopy("{0|b}").is_err()); // no position is labelled b
/// ```
pub fn parse_loopy(input: &str) -> Result<SidedValue, LoopyError> {
    let expr = read(input)?;
    match &expr.kind {
        ExprKind::Sided(pair) => {
            let side = |e: &Expr| -> Result<_, LoopyError> {
                Ok(graph_of(input, e)?.value()?.as_stopper()?.clone())
            };
            SidedValue::new(side(&pair.0)?, side(&pair.1)?)
        }
        _ => graph_of(input, &expr)?.value(),
    }
}
