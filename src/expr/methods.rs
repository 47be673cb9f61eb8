//! The methods of games, `G.name(args)`, under partizan's snake_case names and CGSuite's names.
//!
//! The algebra ([`crate::algebra`]) implements the operations; this table only names them, checks
//! their arguments and wraps their results as [`Value`]s. Methods without parameters are
//! CGSuite's properties and may be written with or without `()`: `G.Mean`, `G.mean()`.
//!
//! The misère methods (`MisereCanonicalForm`, `Genus`, `MisereOutcomeClass`) read a game's
//! *tree*: the canonical form of a canonical game, an explicit game `'{…}'` as written
//! ([`crate::algebra::misere::tree`]). A family's position (`kayles(5)`) is answered from its own
//! tree by the evaluator, before this table is reached (see [`crate::solve::position`]).

use super::value::Value;
use crate::algebra::form::{Compound, Form};
use crate::algebra::misere::{tree, MisereGame};
use crate::algebra::Game;
use crate::Error;

/// A method of games in the expression language.
pub struct Method {
    /// partizan's snake_case name.
    pub name: &'static str,
    /// CGSuite's name (CGScript 2).
    pub cgsuite: &'static str,
    /// Other accepted spellings.
    pub aliases: &'static [&'static str],
    /// The parameters, by name (empty for a property).
    pub params: &'static [&'static str],
    /// What it gives, in a few words.
    pub summary: &'static str,
    apply: fn(Game, &[Game]) -> Result<Value, Error>,
}

impl Method {
    /// Whether `name` is one of this method's spellings.
    pub fn is_called(&self, name: &str) -> bool {
        self.spellings().any(|n| n == name)
    }

    /// The snake_case name, CGSuite's name, then the other spellings.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> {
        [self.name, self.cgsuite]
            .into_iter()
            .chain(self.aliases.iter().copied())
    }

    /// `G.name(params)`, for messages.
    pub fn usage(&self, name: &str) -> String {
        if self.params.is_empty() {
            format!("G.{name}")
        } else {
            format!("G.{name}({})", self.params.join(", "))
        }
    }

    /// Applies the method to `g` with `args` (as many as [`Method::params`]); the Python
    /// package calls methods by name through this.
    pub fn apply(&self, g: Game, args: &[Game]) -> Result<Value, Error> {
        (self.apply)(g, args)
    }
}

/// The method called `name` (in any of its spellings).
pub fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.is_called(name))
}

/// Every method, sorted by snake_case name.
pub fn methods() -> &'static [Method] {
    METHODS
}

/// Every method with all its spellings, for "unknown method" messages:
/// `atomic_weight/AtomicWeight, birthday/Birthday, ...`.
/// Every spelling of every method, for "did you mean" suggestions.
pub(crate) fn spellings() -> impl Iterator<Item = &'static str> {
    METHODS.iter().flat_map(|m| m.spellings())
}

fn number_arg(g: Game, what: &str) -> Result<&'static crate::algebra::Number, Error> {
    g.as_number()
        .ok_or_else(|| Error::input(format!("{what} must be a number, not {g}")))
}

/// `G.U`; a product whose up multiples leave the range the algebra represents, ±(2^63 − 1),
/// stops with the algebra's size-limit error.
fn norton(g: Game, u: Game) -> Result<Value, Error> {
    g.norton(&u).map(Value::Game).map_err(Error::from)
}

fn game(g: Game) -> Result<Value, Error> {
    Ok(Value::Game(g))
}

fn number(x: &crate::algebra::Number) -> Result<Value, Error> {
    Ok(Value::Game(Game::number(x.clone())))
}

fn boolean(b: bool) -> Result<Value, Error> {
    Ok(Value::Boolean(b))
}

/// The misère canonical form of `f` taken as its game tree (see [`tree::impartial_form`]);
/// for a partizan tree, a one-line error saying that only its misère outcome is defined.
fn misere_form(f: &Form) -> Result<MisereGame, Error> {
    tree::impartial_form(f).ok_or_else(|| {
        Error::undefined(format!(
            "{f} is partizan: misère canonical forms and genera are defined for impartial games \
             only; a partizan game has its misère outcome class (MisereOutcomeClass)"
        ))
    })
}

fn misere_canonical_form(f: &Form) -> Result<Value, Error> {
    misere_form(f).map(Value::Misere)
}

fn genus(f: &Form) -> Result<Value, Error> {
    misere_form(f).map(|g| Value::Genus(g.genus().clone()))
}

fn misere_outcome_class(f: &Form) -> Result<Value, Error> {
    Ok(Value::Outcome(tree::outcome(f)))
}

fn integer(n: i64) -> Result<Value, Error> {
    game(Game::integer(n))
}

/// CGSuite's class of the canonical game `g` (`G.Class`): the most specific of `Zero`,
/// `Integer`, `DyadicRational`, `Nimber`, `Uptimal` and `CanonicalShortGame`, as CGSuite's
/// `CanonicalShortGame` values print their class.
fn class(g: Game) -> Result<Value, Error> {
    let name = if g == Game::zero() {
        "game.Zero"
    } else if let Some(x) = g.as_number() {
        if x.is_integer() {
            "game.Integer"
        } else {
            "game.DyadicRational"
        }
    } else if g.is_nimber() {
        "game.Nimber"
    } else if g.uptimal_expansion().is_some() {
        "game.Uptimal"
    } else {
        "game.CanonicalShortGame"
    };
    Ok(Value::Object(super::names::Object::Class(name)))
}

/// `G.Freeze`: `G` cooled by its temperature (CGSuite's `Freeze`); a number, whose temperature
/// is negative, is its own freeze (cooling leaves a number as it is).
fn freeze(g: Game) -> Result<Value, Error> {
    if g.is_number() {
        return game(g);
    }
    g.cool(&g.temperature())
        .map(Value::Game)
        .map_err(Error::from)
}

/// `G.IsAtomic`: whether the atomic weight is defined; a limit reached while computing it is
/// an error, not a `false`.
fn is_atomic(g: Game) -> Result<Value, Error> {
    match g.atomic_weight() {
        Ok(_) => boolean(true),
        Err(crate::algebra::AlgebraError::Undefined(_)) => boolean(false),
        Err(e) => Err(Error::from(e)),
    }
}

static METHODS: &[Method] = &[
    Method {
        name: "atomic_weight",
        cgsuite: "AtomicWeight",
        aliases: &[],
        params: &[],
        summary: "the atomic weight (an error when the game has none)",
        apply: |g, _| g.atomic_weight().map(Value::Game).map_err(Error::from),
    },
    Method {
        name: "birthday",
        cgsuite: "Birthday",
        aliases: &[],
        params: &[],
        summary: "the birthday, an integer",
        apply: |g, _| game(Game::big_integer(g.birthday().into())),
    },
    Method {
        name: "canonical_form",
        cgsuite: "CanonicalForm",
        aliases: &[],
        params: &[],
        summary: "the canonical form (every game here already is one)",
        apply: |g, _| game(g),
    },
    Method {
        name: "companion",
        cgsuite: "Companion",
        aliases: &[],
        params: &[],
        summary: "the companion: ↑ ↔ ↑*, 0 ↔ *, and {G^L°, 0 | G^R°, 0} otherwise",
        apply: |g, _| game(g.companion()),
    },
    Method {
        name: "conjugate",
        cgsuite: "Conjugate",
        aliases: &[],
        params: &[],
        summary: "the conjugate, Left and Right exchanged",
        apply: |g, _| game(g.conjugate()),
    },
    Method {
        name: "conjunctive_sum",
        cgsuite: "ConjunctiveSum",
        aliases: &[],
        params: &["H"],
        summary: "the conjunctive compound G ∧ H (move in every component)",
        apply: |g, a| game(g.conjunctive_sum(&a[0])),
    },
    Method {
        name: "conway_product",
        cgsuite: "ConwayProduct",
        aliases: &[],
        params: &["H"],
        summary: "the Conway product G·H (nim multiplication on nimbers)",
        apply: |g, a| game(g.conway_product(&a[0])),
    },
    Method {
        name: "cool",
        cgsuite: "Cool",
        aliases: &[],
        params: &["t"],
        summary: "G cooled by the number t > -1",
        apply: |g, a| {
            g.cool(number_arg(a[0], "the temperature t")?)
                .map(Value::Game)
                .map_err(Error::from)
        },
    },
    Method {
        name: "degree",
        cgsuite: "Degree",
        aliases: &[],
        params: &[],
        summary: "the degree of loopiness: 0 for a short game",
        apply: |_, _| integer(0),
    },
    Method {
        name: "follower_count",
        cgsuite: "FollowerCount",
        aliases: &[],
        params: &[],
        summary: "the number of followers (G and every position reachable from it)",
        apply: |g, _| game(Game::big_integer(g.follower_count().into())),
    },
    Method {
        name: "followers",
        cgsuite: "Followers",
        aliases: &[],
        params: &[],
        summary: "the followers: G and every position reachable from it, a list",
        apply: |g, _| Ok(Value::sorted_games(&g.followers())),
    },
    Method {
        name: "freeze",
        cgsuite: "Freeze",
        aliases: &[],
        params: &[],
        summary: "G cooled by its temperature (a number is its own freeze)",
        apply: |g, _| freeze(g),
    },
    Method {
        name: "game_class",
        cgsuite: "Class",
        aliases: &[],
        params: &[],
        summary: "CGSuite's class of the value: game.Zero, game.Integer, game.DyadicRational, game.Nimber, game.Uptimal or game.CanonicalShortGame",
        apply: |g, _| class(g),
    },
    Method {
        name: "genus",
        cgsuite: "Genus",
        aliases: &[],
        params: &[],
        summary: "Conway's genus g^γ0γ1… of G's tree (impartial games only): *2 is 2^20",
        apply: |g, _| genus(&Form::value(g)),
    },
    Method {
        name: "heat",
        cgsuite: "Heat",
        aliases: &[],
        params: &["t"],
        summary: "G heated by t",
        apply: |g, a| game(g.heat(&a[0])),
    },
    Method {
        name: "incentives",
        cgsuite: "Incentives",
        aliases: &[],
        params: &[],
        summary: "the undominated incentives of both players, a list",
        apply: |g, _| Ok(Value::sorted_games(&g.incentives())),
    },
    Method {
        name: "is_all_small",
        cgsuite: "IsAllSmall",
        aliases: &[],
        params: &[],
        summary: "whether every subposition has moves for both players or for neither",
        apply: |g, _| boolean(g.is_all_small()),
    },
    Method {
        name: "is_atomic",
        cgsuite: "IsAtomic",
        aliases: &[],
        params: &[],
        summary: "whether the atomic weight is defined",
        apply: |g, _| is_atomic(g),
    },
    Method {
        name: "is_even",
        cgsuite: "IsEven",
        aliases: &[],
        params: &[],
        summary: "whether G is even: 0, or every option odd (on the canonical form)",
        apply: |g, _| boolean(g.is_even()),
    },
    Method {
        name: "is_even_tempered",
        cgsuite: "IsEvenTempered",
        aliases: &[],
        params: &[],
        summary: "whether G is even-tempered",
        apply: |g, _| boolean(g.is_even_tempered()),
    },
    Method {
        name: "is_idempotent",
        cgsuite: "IsIdempotent",
        aliases: &[],
        params: &[],
        summary: "whether G + G = G, which for a short game means G = 0",
        apply: |g, _| boolean(g == Game::zero()),
    },
    Method {
        name: "is_infinitesimal",
        cgsuite: "IsInfinitesimal",
        aliases: &[],
        params: &[],
        summary: "whether both stops are 0",
        apply: |g, _| boolean(g.is_infinitesimal()),
    },
    Method {
        name: "is_integer",
        cgsuite: "IsInteger",
        aliases: &[],
        params: &[],
        summary: "whether G is an integer",
        apply: |g, _| boolean(g.as_number().is_some_and(|x| x.is_integer())),
    },
    Method {
        name: "is_loopfree",
        cgsuite: "IsLoopfree",
        aliases: &[],
        params: &[],
        summary: "whether G has no cycles: true for a short game",
        apply: |_, _| boolean(true),
    },
    Method {
        name: "is_nimber",
        cgsuite: "IsNimber",
        aliases: &[],
        params: &[],
        summary: "whether G is a nimber *n (0 included)",
        apply: |g, _| boolean(g.is_nimber()),
    },
    Method {
        name: "is_number",
        cgsuite: "IsNumber",
        aliases: &[],
        params: &[],
        summary: "whether G is a number",
        apply: |g, _| boolean(g.is_number()),
    },
    Method {
        name: "is_number_tiny",
        cgsuite: "IsNumberTiny",
        aliases: &[],
        params: &[],
        summary: "whether G is a number, or x + Tiny(H) or x + Miny(H) for a number x (numbers count, as in CGSuite)",
        apply: |g, _| boolean(g.is_number_tiny()),
    },
    Method {
        name: "is_number_up_star",
        cgsuite: "IsNumberUpStar",
        aliases: &[],
        params: &[],
        summary: "whether G is x + n.^ + *k for a number x, an integer n and a nimber *k",
        apply: |g, _| boolean(g.as_nus().is_some()),
    },
    Method {
        name: "is_numberish",
        cgsuite: "IsNumberish",
        aliases: &[],
        params: &[],
        summary: "whether G is a number plus an infinitesimal (equal stops)",
        apply: |g, _| boolean(g.left_stop() == g.right_stop()),
    },
    Method {
        name: "is_odd",
        cgsuite: "IsOdd",
        aliases: &[],
        params: &[],
        summary: "whether G is odd: not 0, and every option even (on the canonical form)",
        apply: |g, _| boolean(g.is_odd()),
    },
    Method {
        name: "is_odd_tempered",
        cgsuite: "IsOddTempered",
        aliases: &[],
        params: &[],
        summary: "whether G is odd-tempered",
        apply: |g, _| boolean(g.is_odd_tempered()),
    },
    Method {
        name: "is_ordinal",
        cgsuite: "IsOrdinal",
        aliases: &[],
        params: &[],
        summary: "whether G is an ordinal: for a short game, an integer >= 0",
        apply: |g, _| boolean(g.as_number().is_some_and(|x| x.is_integer() && x.signum() >= 0)),
    },
    Method {
        name: "is_plumtree",
        cgsuite: "IsPlumtree",
        aliases: &[],
        params: &[],
        summary: "whether G is a plumtree (a loopy game whose cycles all pass through pass moves): true for a short game",
        apply: |_, _| boolean(true),
    },
    Method {
        name: "is_pseudonumber",
        cgsuite: "IsPseudonumber",
        aliases: &[],
        params: &[],
        summary: "whether G is a pseudonumber: for a short game, a number",
        apply: |g, _| boolean(g.is_number()),
    },
    Method {
        name: "is_stopper",
        cgsuite: "IsStopper",
        aliases: &[],
        params: &[],
        summary: "whether G is a stopper (no infinite alternating play): true for a short game",
        apply: |_, _| boolean(true),
    },
    Method {
        name: "is_stopper_sided",
        cgsuite: "IsStopperSided",
        aliases: &[],
        params: &[],
        summary: "whether both sides of G are stoppers: true for a short game",
        apply: |_, _| boolean(true),
    },
    Method {
        name: "is_switch",
        cgsuite: "IsSwitch",
        aliases: &[],
        params: &[],
        summary: "whether G is a switch: one option each side, numbers x > y",
        apply: |g, _| boolean(g.is_switch()),
    },
    Method {
        name: "is_uptimal",
        cgsuite: "IsUptimal",
        aliases: &[],
        params: &[],
        summary:
            "whether G is x + *m + d1.^ + d2.^<2> + ... (number + ups + nimber values included)",
        apply: |g, _| boolean(g.uptimal_expansion().is_some()),
    },
    Method {
        name: "is_zero",
        cgsuite: "IsZero",
        aliases: &[],
        params: &[],
        summary: "whether G = 0",
        apply: |g, _| boolean(g == Game::zero()),
    },
    Method {
        name: "left_incentives",
        cgsuite: "LeftIncentives",
        aliases: &[],
        params: &[],
        summary: "G^L - G for each Left option, a list",
        apply: |g, _| Ok(Value::sorted_games(&g.left_incentives())),
    },
    Method {
        name: "left_options",
        cgsuite: "LeftOptions",
        aliases: &[],
        params: &[],
        summary: "the Left options, a list: of a position, its moves; of a value, its canonical form's",
        apply: |g, _| Ok(Value::sorted_games(g.left_options())),
    },
    Method {
        name: "left_stop",
        cgsuite: "LeftStop",
        aliases: &[],
        params: &[],
        summary: "the Left stop, a number",
        apply: |g, _| number(g.left_stop()),
    },
    Method {
        name: "mean",
        cgsuite: "Mean",
        aliases: &[],
        params: &[],
        summary: "the mean value, a number",
        apply: |g, _| number(&g.mean()),
    },
    Method {
        name: "misere_canonical_form",
        cgsuite: "MisereCanonicalForm",
        aliases: &[],
        params: &[],
        summary: "the misère canonical form of G's tree (impartial games only): *2 is *[2], \
                  '{*2|*2}' is *[2#]",
        apply: |g, _| misere_canonical_form(&Form::value(g)),
    },
    Method {
        name: "misere_outcome_class",
        cgsuite: "MisereOutcomeClass",
        aliases: &[],
        params: &[],
        summary: "the misère outcome class of G's tree (the player who cannot move wins): L, R, \
                  N or P",
        apply: |g, _| misere_outcome_class(&Form::value(g)),
    },
    Method {
        name: "nim_value",
        cgsuite: "NimValue",
        aliases: &[],
        params: &[],
        summary: "n for the nimber *n (an error for other games)",
        apply: |g, _| match g.as_nimber() {
            Some(n) => game(Game::big_integer(n.into())),
            None => Err(Error::undefined(format!(
                "{g} is not a nimber, so it has no nim value"
            ))),
        },
    },
    Method {
        name: "norton_product",
        cgsuite: "NortonMultiply",
        aliases: &["norton", "NortonProduct"],
        params: &["U"],
        summary: "Norton's product of G by the unit U > 0",
        apply: |g, a| norton(g, a[0]),
    },
    Method {
        name: "ordinal_product",
        cgsuite: "OrdinalProduct",
        aliases: &[],
        params: &["H"],
        summary: "the ordinal product G × H",
        apply: |g, a| game(g.ordinal_product(&a[0])),
    },
    Method {
        name: "ordinal_sum",
        cgsuite: "OrdinalSum",
        aliases: &[],
        params: &["H"],
        summary: "the ordinal sum G : H",
        apply: |g, a| game(g.ordinal_sum(&a[0])),
    },
    Method {
        name: "outcome_class",
        cgsuite: "OutcomeClass",
        aliases: &[],
        params: &[],
        summary: "the outcome class: L, R, N or P",
        apply: |g, _| Ok(Value::Outcome(g.outcome())),
    },
    Method {
        name: "overheat",
        cgsuite: "Overheat",
        aliases: &[],
        params: &["s", "t"],
        summary: "G overheated from s to t",
        apply: |g, a| game(g.overheat(&a[0], &a[1])),
    },
    Method {
        name: "pow",
        cgsuite: "Pow",
        aliases: &[],
        params: &["x"],
        summary: "G^x for G = {0|H} and a number x >= 1 (^.Pow(n) is ^<n>)",
        apply: |g, a| {
            g.pow(number_arg(a[0], "the exponent x")?)
                .map(Value::Game)
                .map_err(Error::from)
        },
    },
    Method {
        name: "pow_to",
        cgsuite: "PowTo",
        aliases: &[],
        params: &["x"],
        summary: "G^->x for a number x >= 0 (^.PowTo(n) is ^[n])",
        apply: |g, a| {
            g.pow_to(number_arg(a[0], "the exponent x")?)
                .map(Value::Game)
                .map_err(Error::from)
        },
    },
    Method {
        name: "reduced_canonical_form",
        cgsuite: "ReducedCanonicalForm",
        aliases: &["rcf"],
        params: &[],
        summary: "the reduced canonical form (infinitesimals ignored)",
        apply: |g, _| game(g.reduced_canonical_form()),
    },
    Method {
        name: "right_incentives",
        cgsuite: "RightIncentives",
        aliases: &[],
        params: &[],
        summary: "G - G^R for each Right option, a list",
        apply: |g, _| Ok(Value::sorted_games(&g.right_incentives())),
    },
    Method {
        name: "right_options",
        cgsuite: "RightOptions",
        aliases: &[],
        params: &[],
        summary: "the Right options, a list: of a position, its moves; of a value, its canonical form's",
        apply: |g, _| Ok(Value::sorted_games(g.right_options())),
    },
    Method {
        name: "right_stop",
        cgsuite: "RightStop",
        aliases: &[],
        params: &[],
        summary: "the Right stop, a number",
        apply: |g, _| number(g.right_stop()),
    },
    Method {
        name: "selective_sum",
        cgsuite: "SelectiveSum",
        aliases: &[],
        params: &["H"],
        summary: "the selective compound G ∨ H (move in any non-empty selection of components)",
        apply: |g, a| game(g.selective_sum(&a[0])),
    },
    Method {
        name: "stop_count",
        cgsuite: "StopCount",
        aliases: &[],
        params: &[],
        summary: "the number of paths in the game tree to a number",
        apply: |g, _| game(Game::big_integer(g.stop_count().into())),
    },
    Method {
        name: "subordinate",
        cgsuite: "Subordinate",
        aliases: &[],
        params: &["base"],
        summary: "the H with base : H equal to G, an explicit base as written (an error when there is none)",
        apply: |k, a| k.subordinate(&a[0]).map(Value::Game).map_err(Error::from),
    },
    Method {
        name: "temperature",
        cgsuite: "Temperature",
        aliases: &[],
        params: &[],
        summary: "the temperature, a number (-1 for integers)",
        apply: |g, _| number(&g.temperature()),
    },
    Method {
        name: "thermograph",
        cgsuite: "Thermograph",
        aliases: &[],
        params: &[],
        summary: "the thermograph: mean, temperature and walls",
        apply: |g, _| Ok(Value::Thermograph(Box::new(g.thermograph()))),
    },
    Method {
        name: "uptimal_expansion",
        cgsuite: "UptimalExpansion",
        aliases: &[],
        params: &[],
        summary: "the uptimal expansion x.d1d2... (an error when G is not an uptimal)",
        apply: |g, _| {
            g.uptimal_expansion()
                .map(Value::UptimalExpansion)
                .ok_or_else(|| Error::undefined(format!("{g} is not an uptimal")))
        },
    },
    Method {
        name: "variety",
        cgsuite: "Variety",
        aliases: &[],
        params: &[],
        summary: "the variety of a loopy game's degree: 0 for a short game",
        apply: |_, _| integer(0),
    },
    Method {
        name: "winning_move_names",
        cgsuite: "WinningMoveNames",
        aliases: &[],
        params: &[],
        summary: "the winning moves as WinningMoves finds them, each named beside the option it leads to: two maps [Left's, Right's] from a name to its option (a board's moves in MCGS's notation, `2-3`, `a1-a2`; a form's by the option as printed)",
        apply: |g, _| {
            let named = |winning: Vec<Game>| {
                Value::Map(
                    crate::algebra::print::sorted(&winning)
                        .into_iter()
                        .map(|o| (Value::Text(o.to_string()), Value::Game(o)))
                        .collect(),
                )
            };
            Ok(Value::List(winning_options(&g).map(named).into()))
        },
    },
    Method {
        name: "winning_moves",
        cgsuite: "WinningMoves",
        aliases: &[],
        params: &[],
        summary: "the options that win for the player who moves first, two lists: [Left's, whose G^L >= 0; Right's, whose G^R <= 0] (of a position, its moves)",
        apply: |g, _| Ok(Value::List(winning_options(&g).map(|w| Value::sorted_games(&w)).into())),
    },
];

/// The options of `g` that win for the player who moves to them: Left's `G^L >= 0` and
/// Right's `G^R <= 0` (the player who then moves first loses; LIP ch. 2).
fn winning_options(g: &Game) -> [Vec<Game>; 2] {
    let zero = Game::zero();
    [
        g.left_options()
            .iter()
            .copied()
            .filter(|o| *o >= zero)
            .collect(),
        g.right_options()
            .iter()
            .copied()
            .filter(|o| *o <= zero)
            .collect(),
    ]
}

/// A method applied to explicit forms: the receiver and the arguments.
pub(crate) type FormMethod = fn(&Form, &[Form]) -> Result<Value, Error>;

/// The methods defined on explicit forms (`'{*|*}'.OrdinalSum(1)`), as the algebra's [`Form`]
/// implements them: the canonical form, the options as written, the ordinal sum (which depends
/// on the base's form), the class (`game.ExplicitGame` or `game.CompoundGame`, as CGSuite
/// names them), the conjunctive and selective compounds (which depend on both forms)
/// and Conway's product, each kept as written as CGSuite keeps its compound games, and misère play (the misère canonical form, genus and misère outcome read the tree as
/// written). Every other method takes the canonical form.
pub(crate) fn on_forms(m: &Method) -> Option<FormMethod> {
    fn options(forms: Vec<Form>) -> Value {
        Value::List(forms.into_iter().map(Value::form).collect())
    }
    fn compound(kind: Compound, f: &Form, h: &Form) -> Value {
        Value::Form(Form::compound(kind, f.clone(), h.clone()))
    }
    Some(match m.name {
        "canonical_form" => |f, _| game(f.canonical_form()),
        "left_options" => |f, _| Ok(options(f.left_options())),
        "right_options" => |f, _| Ok(options(f.right_options())),
        "ordinal_sum" => |f, a| Ok(compound(Compound::Ordinal, f, &a[0])),
        "conjunctive_sum" => |f, a| Ok(compound(Compound::Conjunctive, f, &a[0])),
        "selective_sum" => |f, a| Ok(compound(Compound::Selective, f, &a[0])),
        "conway_product" => |f, a| Ok(compound(Compound::ConwayProduct, f, &a[0])),
        "subordinate" => |k, a| {
            let h = a[0].subordinate(k.canonical_form()).map_err(Error::from)?;
            game(h)
        },
        "game_class" => |f, _| {
            let name = if f.is_compound() {
                "game.CompoundGame"
            } else {
                "game.ExplicitGame"
            };
            Ok(Value::Object(super::names::Object::Class(name)))
        },
        "misere_canonical_form" => |f, _| misere_canonical_form(f),
        "genus" => |f, _| genus(f),
        "misere_outcome_class" => |f, _| misere_outcome_class(f),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_sorted() {
        let all: Vec<&str> = METHODS.iter().flat_map(Method::spellings).collect();
        let mut unique = all.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
        assert!(METHODS.windows(2).all(|w| w[0].name < w[1].name));
    }
}
