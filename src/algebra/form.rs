//! Explicit game forms: games kept as written, not simplified.
//!
//! The value of a short game depends only on its canonical form, but a few operations are
//! defined on *forms*: the ordinal sum `G : H` depends on the form of `G` (Siegel, *Combinatorial
//! Game Theory*, on ordinal sums: `{|} : H` and `{-1|1} : H` differ although both forms are 0),
//! and so do the conjunctive and selective compounds (see `compound`). A [`Form`] keeps a game as
//! written — CGSuite's explicit games, written `'{*|*}'` — until its canonical form is asked for.
//!
//! A form's options are forms; a leaf is a canonical [`Game`], whose options are those of its
//! canonical form. A form may also be a *compound* of two forms kept as written (CGSuite's
//! compound games): the disjunctive sum `G + H`, the ordinal sum `G : H`, the conjunctive and
//! selective compounds, and Conway's product `G · H` (an integer times a form is its multiple),
//! each with the options its definition gives (ONAG, chs. 1, 14, 15; CGT), and the negative of
//! a form. Its value is the compound's value: [`Form::canonical_form`]. Every traversal here uses
//! an explicit stack, and dropping a form does not recurse either.

use super::Game;
use hashbrown::HashMap;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

/// An explicit game form (see the module documentation).
///
/// ```
/// use partizan::algebra::form::Form;
/// use partizan::Game;
/// // {* | *} is the form of 0 with a move for each player.
/// let f = Form::new(vec![Form::value(Game::star())], vec![Form::value(Game::star())]);
/// assert_eq!(f.canonical_form(), Game::zero());
/// assert_eq!(f.to_string(), "'{*|*}'");
/// // Its ordinal sum with 1 is {*, {*|*} : 0 | *} = {*, 0 | *} = ↑, while 0 : 1 = {0 : 0 |} = 1:
/// // the form of the base matters.
/// assert_eq!(f.ordinal_sum(&Form::value(Game::integer(1))), Game::up());
/// assert_eq!(Game::zero().ordinal_sum(&Game::integer(1)), Game::integer(1));
/// ```
#[derive(Clone)]
pub struct Form(Arc<Node>);

enum Node {
    /// A canonical game, whose options are those of its canonical form.
    Value(Game),
    /// `{left | right}` as written.
    Options(Vec<Form>, Vec<Form>),
    /// A compound of two forms, as written.
    Compound(Compound, Form, Form),
    /// `−G` of a form that is not a canonical leaf (its options are the negatives of `G`'s
    /// options, taken when asked).
    Negative(Form),
}

/// The compounds a [`Form`] keeps as written (see the module documentation), with the symbols
/// CGSuite prints between their operands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Compound {
    /// The disjunctive sum `G + H`: a move in one component.
    Disjunctive,
    /// The ordinal sum `G : H`: a move in `G` ends `H` (ONAG, ch. 15).
    Ordinal,
    /// The conjunctive compound: a move in every component (ONAG, ch. 14).
    Conjunctive,
    /// The selective compound: a move in any non-empty set of components (ONAG, ch. 14).
    Selective,
    /// Conway's product `G · H`, from `G^L·H + G·H^L − G^L·H^L` and the like (ONAG, ch. 1);
    /// `n · G` of an integer `n` is `G + … + G`.
    ConwayProduct,
}

impl Compound {
    /// How loosely the compound binds when printed: an operand that binds more loosely than its
    /// compound is printed in parentheses (`2 * ('{*|*}' : 1)`), as CGSuite prints compounds.
    fn looseness(self) -> u8 {
        match self {
            Compound::ConwayProduct => 1,
            Compound::Ordinal => 2,
            Compound::Disjunctive | Compound::Conjunctive | Compound::Selective => 3,
        }
    }

    /// The symbol printed between the operands (`*` for an integer times a form).
    fn symbol(self, g: &Form) -> &'static str {
        match self {
            Compound::Disjunctive => " + ",
            Compound::Ordinal => " : ",
            Compound::Conjunctive => " ConjunctiveSum ",
            Compound::Selective => " SelectiveSum ",
            Compound::ConwayProduct if integer(g).is_some() => " * ",
            Compound::ConwayProduct => " ConwayProduct ",
        }
    }
}

/// A node as its options and printing see it, with a negative pushed one level down: `−{a|b}`
/// is `{−b|−a}`, `−(G + H)` is `−G + −H` (so for the ordinal sum and the other sums), and a
/// negative product stays a negative.
enum View {
    Value(Game),
    Options(Vec<Form>, Vec<Form>),
    Compound(Compound, Form, Form),
    NegativeProduct(Form),
}

/// A key that identifies a form node: the game for canonical leaves, the node's address for
/// explicit nodes (two explicit forms are the same key only when they are the same node).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    Value(Game),
    Node(usize),
}

impl Form {
    /// The canonical game `g`, used as a form.
    pub fn value(g: Game) -> Form {
        Form(Arc::new(Node::Value(g)))
    }

    /// The form `{left | right}`, kept as written.
    pub fn new(left: Vec<Form>, right: Vec<Form>) -> Form {
        Form(Arc::new(Node::Options(left, right)))
    }

    /// The canonical game this form is a leaf for, if it is one.
    pub fn as_value(&self) -> Option<Game> {
        match &*self.0 {
            Node::Value(g) => Some(*g),
            _ => None,
        }
    }

    /// The compound `kind` of `g` and `h`, kept as written.
    pub fn compound(kind: Compound, g: Form, h: Form) -> Form {
        Form(Arc::new(Node::Compound(kind, g, h)))
    }

    /// `−G`: a canonical leaf's negative is a leaf; any other form's is kept as written, its
    /// options the negatives of `G`'s.
    pub fn negative(&self) -> Form {
        match &*self.0 {
            Node::Value(g) => Form::value(-*g),
            Node::Negative(g) => g.clone(),
            _ => Form(Arc::new(Node::Negative(self.clone()))),
        }
    }

    /// Whether the form is written as a compound of others (not a leaf, not `{…|…}`).
    pub fn is_compound(&self) -> bool {
        matches!(self.view(), View::Compound(..) | View::NegativeProduct(_))
    }

    pub(crate) fn key(&self) -> Key {
        match &*self.0 {
            Node::Value(g) => Key::Value(*g),
            _ => Key::Node(Arc::as_ptr(&self.0) as usize),
        }
    }

    /// The node with a negative pushed one level down (see [`View`]).
    fn view(&self) -> View {
        match &*self.0 {
            Node::Value(g) => View::Value(*g),
            Node::Options(l, r) => View::Options(l.clone(), r.clone()),
            Node::Compound(kind, g, h) => View::Compound(*kind, g.clone(), h.clone()),
            Node::Negative(g) => match &*g.0 {
                Node::Value(x) => View::Value(-*x),
                Node::Options(l, r) => View::Options(
                    r.iter().map(Form::negative).collect(),
                    l.iter().map(Form::negative).collect(),
                ),
                Node::Compound(Compound::ConwayProduct, ..) => View::NegativeProduct(g.clone()),
                Node::Compound(kind, a, b) => View::Compound(*kind, a.negative(), b.negative()),
                Node::Negative(x) => x.view(),
            },
        }
    }

    /// The Left options (for a canonical leaf, those of its canonical form; for a compound, those
    /// its definition gives).
    pub fn left_options(&self) -> Vec<Form> {
        self.options(true)
    }

    /// The Right options (for a canonical leaf, those of its canonical form; for a compound, those
    /// its definition gives).
    pub fn right_options(&self) -> Vec<Form> {
        self.options(false)
    }

    /// Left's options (`left`) or Right's.
    fn options(&self, left: bool) -> Vec<Form> {
        let side = |f: &Form, left: bool| {
            if left {
                f.left_options()
            } else {
                f.right_options()
            }
        };
        let with = |kind, a: &Form, b: &Form| Form::compound(kind, a.clone(), b.clone());
        match self.view() {
            View::Value(g) => {
                let o = if left {
                    g.left_options()
                } else {
                    g.right_options()
                };
                o.iter().map(|o| Form::value(*o)).collect()
            }
            View::Options(l, r) => {
                if left {
                    l
                } else {
                    r
                }
            }
            View::NegativeProduct(p) => side(&p, !left).iter().map(Form::negative).collect(),
            View::Compound(kind, g, h) => {
                let disjunctive = || {
                    let mut o: Vec<Form> = side(&g, left)
                        .iter()
                        .map(|x| with(Compound::Disjunctive, x, &h))
                        .collect();
                    o.extend(
                        side(&h, left)
                            .iter()
                            .map(|y| with(Compound::Disjunctive, &g, y)),
                    );
                    o
                };
                let conjunctive = || {
                    let ys = side(&h, left);
                    side(&g, left)
                        .iter()
                        .flat_map(|x| ys.iter().map(|y| with(Compound::Conjunctive, x, y)))
                        .collect::<Vec<Form>>()
                };
                match kind {
                    Compound::Disjunctive => disjunctive(),
                    Compound::Conjunctive => conjunctive(),
                    Compound::Selective => {
                        let mut o = disjunctive();
                        o.extend(conjunctive());
                        o
                    }
                    Compound::Ordinal => {
                        let mut o = side(&g, left);
                        o.extend(
                            side(&h, left)
                                .iter()
                                .map(|y| with(Compound::Ordinal, &g, y)),
                        );
                        o
                    }
                    Compound::ConwayProduct => {
                        // Left's options: G^L·H + G·H^L − G^L·H^L and G^R·H + G·H^R − G^R·H^R;
                        // Right's: the mixed pairs, G^L with H^R and G^R with H^L.
                        let mut o = Vec::new();
                        for from_left in [true, false] {
                            let ys = side(&h, if left { from_left } else { !from_left });
                            for x in side(&g, from_left) {
                                for y in &ys {
                                    let sum = with(
                                        Compound::Disjunctive,
                                        &with(Compound::ConwayProduct, &x, &h),
                                        &with(Compound::ConwayProduct, &g, y),
                                    );
                                    let both = with(Compound::ConwayProduct, &x, y).negative();
                                    o.push(with(Compound::Disjunctive, &sum, &both));
                                }
                            }
                        }
                        o
                    }
                }
            }
        }
    }

    /// The canonical form of the value, computed children first without recursion: a sum and a
    /// negative from their parts' values (the disjunctive sum and the negative respect equality),
    /// an ordinal sum from its base's options as written and the value of its top (the value of
    /// `G : H` depends only on the value of `H`), the other compounds from their forms.
    pub fn canonical_form(&self) -> Game {
        let mut done: HashMap<Key, Game> = HashMap::new();
        let mut stack: Vec<(Form, bool)> = vec![(self.clone(), false)];
        while let Some((f, expanded)) = stack.pop() {
            let key = f.key();
            if done.contains_key(&key) {
                continue;
            }
            // The forms whose values this one's value is made of, and how.
            let (parts, combine): (Vec<Form>, Combine) = match f.view() {
                View::Value(g) => {
                    done.insert(key, g);
                    continue;
                }
                View::Options(l, r) => {
                    let split = l.len();
                    let mut parts = l;
                    parts.extend(r);
                    (parts, Combine::Options(split))
                }
                View::NegativeProduct(p) => (vec![p], Combine::Negative),
                View::Compound(Compound::Disjunctive, g, h) => (vec![g, h], Combine::Sum),
                View::Compound(Compound::Ordinal, g, h) => {
                    let (l, r) = (g.left_options(), g.right_options());
                    let split = l.len();
                    let mut parts = l;
                    parts.extend(r);
                    parts.push(h);
                    (parts, Combine::Ordinal(split))
                }
                View::Compound(kind, g, h) => {
                    let value = match kind {
                        Compound::Conjunctive => g.conjunctive_sum(&h),
                        Compound::Selective => g.selective_sum(&h),
                        _ => conway_product(&g, &h),
                    };
                    done.insert(key, value);
                    continue;
                }
            };
            if expanded {
                let values: Vec<Game> = parts.iter().map(|o| done[&o.key()]).collect();
                let g = match combine {
                    Combine::Options(split) => {
                        Game::new(values[..split].to_vec(), values[split..].to_vec())
                    }
                    Combine::Negative => -values[0],
                    Combine::Sum => values[0] + values[1],
                    Combine::Ordinal(split) => {
                        let (base, top) = values.split_at(values.len() - 1);
                        super::ordinal::ordinal_sum_over(
                            &base[..split],
                            &base[split..],
                            top[0],
                            |_| None,
                        )
                    }
                };
                done.insert(key, g);
            } else {
                stack.push((f.clone(), true));
                stack.extend(parts.into_iter().map(|o| (o, false)));
            }
        }
        done[&self.key()]
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Conway, ONAG,
    /// ch. 15; CGT), with `G` this form: play goes on in `H`
    /// until someone moves in the base `G`, which ends `H`. Its value depends on the form of `G`
    /// (and only on the value of `H`).
    pub fn ordinal_sum(&self, h: &Form) -> Game {
        let (left, right) = self.option_values();
        super::ordinal::ordinal_sum_over(&left, &right, h.canonical_form(), |_| None)
    }

    /// The values of the Left and of the Right options as written.
    fn option_values(&self) -> (Vec<Game>, Vec<Game>) {
        let values = |forms: Vec<Form>| forms.iter().map(Form::canonical_form).collect();
        (values(self.left_options()), values(self.right_options()))
    }
}

impl Form {
    /// The conjunctive compound `G ∧ H` of the forms (see the module `compound`), from the forms as written.
    pub fn conjunctive_sum(&self, other: &Form) -> Game {
        compound_of_forms(self, other, Compound::Conjunctive)
    }

    /// The selective compound `G ∨ H` of the forms (see the module `compound`), from the forms as written.
    pub fn selective_sum(&self, other: &Form) -> Game {
        compound_of_forms(self, other, Compound::Selective)
    }
}

/// The compound of two forms, bottom-up without recursion.
fn compound_of_forms(g: &Form, h: &Form, kind: Compound) -> Game {
    // The forms met so far, by key (compounds of followers repeat along the two trees), and the
    // values of the pairs computed.
    let forms: RefCell<HashMap<Key, Form>> = RefCell::new(HashMap::new());
    let memo: RefCell<HashMap<(Key, Key), Game>> = RefCell::new(HashMap::new());
    let remember = |f: Form| {
        // The compound walks pairs of followers: a canonical leaf `x + n·↑ + *k` with too many
        // followers (an integer `n` has a chain of `|n|`) is refused before the walk.
        if let Some(n) = f.as_value().and_then(|g| g.as_nus()) {
            super::walk::check_followers(n);
        }
        let k = f.key();
        forms.borrow_mut().entry(k).or_insert(f);
        k
    };
    let root = (remember(g.clone()), remember(h.clone()));
    let parts_of = |(a, b): (Key, Key), left: bool| -> Vec<(Key, Key)> {
        let (fa, fb) = {
            let forms = forms.borrow();
            (forms[&a].clone(), forms[&b].clone())
        };
        let (ao, bo) = if left {
            (fa.left_options(), fb.left_options())
        } else {
            (fa.right_options(), fb.right_options())
        };
        let ao: Vec<Key> = ao.into_iter().map(remember).collect();
        let bo: Vec<Key> = bo.into_iter().map(remember).collect();
        parts(&ao, &bo, a, b, kind)
    };
    super::walk::evaluate(
        root,
        |pair| memo.borrow().get(&pair).copied(),
        |pair, out| {
            out.extend(parts_of(pair, true));
            out.extend(parts_of(pair, false));
        },
        |pair, values| {
            let split = parts_of(pair, true).len();
            let v = Game::new(values[..split].to_vec(), values[split..].to_vec());
            memo.borrow_mut().insert(pair, v);
            v
        },
    )
}

/// The pairs whose compounds are the options of `a ∘ b` for one player, given that player's
/// options `ao` of `a` and `bo` of `b`.
fn parts(ao: &[Key], bo: &[Key], a: Key, b: Key, kind: Compound) -> Vec<(Key, Key)> {
    let both = ao.iter().flat_map(|&x| bo.iter().map(move |&y| (x, y)));
    match kind {
        Compound::Conjunctive => both.collect(),
        _ => ao
            .iter()
            .map(|&x| (x, b))
            .chain(bo.iter().map(|&y| (a, y)))
            .chain(both)
            .collect(),
    }
}

/// An integer leaf's integer.
fn integer(f: &Form) -> Option<num_bigint::BigInt> {
    f.as_value()?.as_number()?.to_integer()
}

impl Form {
    /// The subordinate of `k` over this form as the base: the `H` with `self : H = k` (see
    /// [`Game::subordinate`]), with the base's options as written (`^[5]` over `'{*|*}'` is 5,
    /// over its canonical form 0 it is `^[5]` itself).
    pub fn subordinate(&self, k: Game) -> Result<Game, super::AlgebraError> {
        let (left, right) = self.option_values();
        super::ordinal::subordinate_over(k, self.canonical_form(), &left, &right, &self.to_string())
    }
}

/// How [`Form::canonical_form`] makes a node's value from its parts' values.
enum Combine {
    /// `{parts[..split] | parts[split..]}`.
    Options(usize),
    /// `−parts[0]`.
    Negative,
    /// `parts[0] + parts[1]`.
    Sum,
    /// The ordinal sum over the base's options `parts[..split]` and `parts[split..n-1]`, with
    /// the top `parts[n-1]`.
    Ordinal(usize),
}

/// Conway's product of two forms (see [`Compound::ConwayProduct`]): of two canonical leaves, the
/// product of the canonical forms ([`Game::conway_product`]); of an integer and a form, the
/// multiple of the form's value (`n·G = G + … + G`, whatever the form of `G`); otherwise from the
/// forms by the definition, over pairs of followers, children first without recursion.
fn conway_product(g: &Form, h: &Form) -> Game {
    if let (Some(a), Some(b)) = (g.as_value(), h.as_value()) {
        return a.conway_product(&b);
    }
    if let Some(n) = integer(g) {
        return super::arith::integer_multiple(&n, h.canonical_form());
    }
    if let Some(n) = integer(h) {
        return super::arith::integer_multiple(&n, g.canonical_form());
    }
    let forms: RefCell<HashMap<Key, Form>> = RefCell::new(HashMap::new());
    let memo: RefCell<HashMap<(Key, Key), Game>> = RefCell::new(HashMap::new());
    let remember = |f: Form| {
        let k = f.key();
        forms.borrow_mut().entry(k).or_insert(f);
        k
    };
    let root = (remember(g.clone()), remember(h.clone()));
    // The pairs whose products make up the options of a · b: for each option, three pairs
    // (x, b), (a, y), (x, y), Left's options first, then the count of Left's.
    let terms = |(a, b): (Key, Key)| -> (Vec<(Key, Key)>, usize) {
        let (fa, fb) = {
            let forms = forms.borrow();
            (forms[&a].clone(), forms[&b].clone())
        };
        let mut out = Vec::new();
        let mut left_count = 0;
        for left in [true, false] {
            for from_left in [true, false] {
                let xs = fa.options(from_left);
                let ys = fb.options(if left { from_left } else { !from_left });
                for x in xs {
                    let x = remember(x);
                    for y in &ys {
                        let y = remember(y.clone());
                        out.extend([(x, b), (a, y), (x, y)]);
                        if left {
                            left_count += 1;
                        }
                    }
                }
            }
        }
        (out, left_count)
    };
    super::walk::evaluate(
        root,
        |pair| {
            let known = memo.borrow().get(&pair).copied();
            known.or_else(|| {
                let forms = forms.borrow();
                match (forms[&pair.0].as_value(), forms[&pair.1].as_value()) {
                    (Some(a), Some(b)) => Some(a.conway_product(&b)),
                    _ => None,
                }
            })
        },
        |pair, out| out.extend(terms(pair).0),
        |pair, values| {
            let left_count = terms(pair).1;
            let options: Vec<Game> = values.chunks(3).map(|t| t[0] + t[1] - t[2]).collect();
            let v = Game::new(
                options[..left_count].to_vec(),
                options[left_count..].to_vec(),
            );
            memo.borrow_mut().insert(pair, v);
            v
        },
    )
}

impl From<Game> for Form {
    fn from(g: Game) -> Form {
        Form::value(g)
    }
}

impl Drop for Node {
    /// Drops the options without recursion: a form may be deeper than the call stack.
    fn drop(&mut self) {
        fn take(node: &mut Node, pending: &mut Vec<Form>) {
            match node {
                Node::Value(_) => {}
                Node::Options(l, r) => {
                    pending.append(l);
                    pending.append(r);
                }
                Node::Compound(_, g, h) => {
                    let zero = || Form::value(Game::zero());
                    pending.push(std::mem::replace(g, zero()));
                    pending.push(std::mem::replace(h, zero()));
                }
                Node::Negative(g) => pending.push(std::mem::replace(g, Form::value(Game::zero()))),
            }
        }
        let mut pending = Vec::new();
        take(self, &mut pending);
        while let Some(f) = pending.pop() {
            // The last owner takes the node's parts over before it drops them.
            if let Ok(mut node) = Arc::try_unwrap(f.0) {
                take(&mut node, &mut pending);
            }
        }
    }
}

impl fmt::Display for Form {
    /// As CGSuite prints explicit and compound games: canonical leaves in the notation, explicit
    /// nodes quoted as `'{a,b|c}'` with one bar (the slash convention is for canonical forms
    /// only), compounds with their symbols (`'{0|}' + 1`, `'{*|*}' : 1`, `2 * ('{*|*}' : 1)`),
    /// an operand that binds more loosely than its compound in parentheses, and a negative
    /// product as `-(…)`; `{:#}` with Unicode arrows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        enum Piece {
            Form(Form),
            Text(&'static str),
        }
        let mut out = String::new();
        let mut pieces = vec![Piece::Form(self.clone())];
        while let Some(p) = pieces.pop() {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Form(form) => match form.view() {
                    View::Value(g) if f.alternate() => out.push_str(&format!("{g:#}")),
                    View::Value(g) => out.push_str(&g.to_string()),
                    View::Options(l, r) => {
                        let mut parts = vec![Piece::Text("'{")];
                        for (i, o) in l.into_iter().enumerate() {
                            if i > 0 {
                                parts.push(Piece::Text(","));
                            }
                            parts.push(Piece::Form(o));
                        }
                        parts.push(Piece::Text("|"));
                        for (i, o) in r.into_iter().enumerate() {
                            if i > 0 {
                                parts.push(Piece::Text(","));
                            }
                            parts.push(Piece::Form(o));
                        }
                        parts.push(Piece::Text("}'"));
                        pieces.extend(parts.into_iter().rev());
                    }
                    View::NegativeProduct(p) => {
                        pieces.extend([Piece::Text(")"), Piece::Form(p), Piece::Text("-(")]);
                    }
                    View::Compound(kind, g, h) => {
                        let symbol = kind.symbol(&g);
                        let mut parts = Vec::new();
                        for (i, x) in [g, h].into_iter().enumerate() {
                            if i == 1 {
                                parts.push(Piece::Text(symbol));
                            }
                            let looser = match x.view() {
                                View::Compound(k, ..) => k.looseness() > kind.looseness(),
                                _ => false,
                            };
                            if looser {
                                parts.extend([Piece::Text("("), Piece::Form(x), Piece::Text(")")]);
                            } else {
                                parts.push(Piece::Form(x));
                            }
                        }
                        pieces.extend(parts.into_iter().rev());
                    }
                },
            }
        }
        f.write_str(&out)
    }
}

impl fmt::Debug for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl PartialEq for Form {
    /// Forms are equal when they are written the same way (not when their values are equal).
    fn eq(&self, other: &Form) -> bool {
        self.key() == other.key() || self.to_string() == other.to_string()
    }
}
