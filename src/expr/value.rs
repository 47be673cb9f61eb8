//! The values of expressions.

use super::loopy::LoopyValue;
use crate::algebra::form::Form;
use crate::algebra::loopy::{smith::LoopyNimValue, LoopyOutcome};
use crate::algebra::misere::{Genus, MisereGame};
use crate::algebra::{print, Game, Outcome, Thermograph, UptimalExpansion};
use crate::solve::Position;
use std::fmt;

/// The value of an expression.
///
/// Numbers are games here, as in CGSuite, where every number type is a subclass of
/// `CanonicalShortGame`: `G.Mean + 1` and `1/2 + ^` need no conversion, and a game that is a
/// number prints as the number (`1/2`, `-3`), so the two cannot be told apart in the output.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A game in canonical form (numbers included).
    Game(Game),
    /// The result of a comparison or of a predicate such as `IsNumber`.
    Boolean(bool),
    /// A list, such as `G.Incentives` or `G.LeftOptions`.
    List(Vec<Value>),
    /// A thermograph (`G.Thermograph`).
    Thermograph(Box<Thermograph>),
    /// An outcome class (`G.OutcomeClass`): `L`, `R`, `N` or `P`.
    Outcome(Outcome),
    /// A string (an argument of a family call such as `toads("TT..FF")`).
    Text(String),
    /// An uptimal expansion (`G.UptimalExpansion`), printed as CGSuite prints it: `*.1-`.
    UptimalExpansion(UptimalExpansion),
    /// An explicit game, written in quotes and kept as written: `'{*|*}'` (see
    /// [`crate::algebra::form`]). Operations defined on forms (the ordinal sum, the conjunctive and
    /// selective compounds, the options) use the form; every other one its canonical form.
    Form(Form),
    /// A loopy game that is not short: a stopper (`on`, `over`, `a{0||||0|||a|*||*}`) or a
    /// stopper-sided value (`over & under`, `dud`), with its graph when it has one.
    Loopy(LoopyValue),
    /// The outcome class of a loopy game, draws included (`G.OutcomeClass` of a loopy game).
    LoopyOutcome(LoopyOutcome),
    /// Smith's generalised Sprague–Grundy value of an impartial loopy game: `2`, `inf_{0,1}`.
    SmithValue(LoopyNimValue),
    /// A misère game: an impartial game under the misère convention, as its misère canonical
    /// form (a literal `*[2#]`, a misère sum, `G.MisereCanonicalForm`), printed in CGSuite's
    /// misère notation: `*[2]`, `*[2#]` (see [`crate::algebra::misere::print`]).
    Misere(MisereGame),
    /// Conway's genus of an impartial game (`G.Genus`): `0^120`, `6^(1,9,10,8)`.
    Genus(Genus),
    /// A position of a ruleset that keeps its rules (a family call such as `nim(1,2,3)`, a sum
    /// of them, an option of one): printed as the call that makes it, and converted to its
    /// canonical form wherever a value is needed (see [`crate::solve::position`]).
    Position(Position),
}

impl Value {
    /// The game, if this value is one (an explicit game gives its canonical form).
    pub fn as_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Form(f) => Some(f.canonical_form()),
            _ => None,
        }
    }

    /// What kind of value this is, with its article, for messages: "a game", "a list", ...
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Game(g) if g.is_number() => "a number",
            Value::Game(_) => "a game",
            Value::Boolean(_) => "a boolean",
            Value::List(_) => "a list",
            Value::Thermograph(_) => "a thermograph",
            Value::Outcome(_) => "an outcome class",
            Value::Text(_) => "a string",
            Value::UptimalExpansion(_) => "an uptimal expansion",
            Value::Form(_) => "an explicit game",
            Value::Loopy(_) => "a loopy game",
            Value::LoopyOutcome(_) => "an outcome class",
            Value::SmithValue(_) => "a Smith value",
            Value::Misere(_) => "a misère game",
            Value::Genus(_) => "a genus",
            Value::Position(_) => "a position",
        }
    }

    /// A list of games in the order in which CGSuite prints options (see [`print::sorted`]).
    pub fn sorted_games(games: &[Game]) -> Value {
        Value::List(print::sorted(games).into_iter().map(Value::Game).collect())
    }
}

impl From<Game> for Value {
    fn from(g: Game) -> Value {
        Value::Game(g)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}

impl fmt::Display for Value {
    /// As CGSuite prints values: games in the notation of `NOTATION.md` (the alternate form `{:#}`
    /// with Unicode arrows), `true`/`false`, lists as `[a,b,c]`, outcome classes as `L`, `R`, `N`,
    /// `P`, strings in double quotes; a thermograph as the lines of its mean, temperature and
    /// walls.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Game(g) if f.alternate() => write!(f, "{g:#}"),
            Value::Game(g) => write!(f, "{g}"),
            Value::Boolean(b) => write!(f, "{b}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if f.alternate() {
                        write!(f, "{item:#}")?;
                    } else {
                        write!(f, "{item}")?;
                    }
                }
                f.write_str("]")
            }
            Value::Thermograph(t) => write!(f, "{t}"),
            Value::Outcome(o) => write!(f, "{o}"),
            Value::Text(s) => write!(f, "\"{s}\""),
            Value::UptimalExpansion(e) => write!(f, "{e}"),
            Value::Form(form) => write!(f, "'{form}'"),
            Value::Loopy(g) => write!(f, "{g}"),
            Value::LoopyOutcome(o) => write!(f, "{o}"),
            Value::SmithValue(v) if f.alternate() => write!(f, "{v:#}"),
            Value::SmithValue(v) => write!(f, "{v}"),
            Value::Misere(g) => write!(f, "{g}"),
            Value::Genus(g) => write!(f, "{g}"),
            Value::Position(p) => write!(f, "{p}"),
        }
    }
}
