//! The names every worksheet knows: CGSuite's packages, rulesets and classes, as aliases of
//! partizan's families.
//!
//! CGSuite 2.x names its rulesets by package (`game.grid.Domineering`, `game.heap.Kayles`,
//! `game.strip.ToadsAndFrogs`) and imports the packages, so that `Domineering` and `Kayles` work
//! alone; a ruleset is an object that is called with a position (`Domineering("..|..")`,
//! `Kayles(5)`), and some are made from parameters first (`TakeAndBreak("0.77")(5)`,
//! `Subtraction([2,3,7])(10)`). Each is read here as a call of the partizan family that plays
//! the same game, its position translated from CGSuite's alphabet (the ruleset's `CharMap`) to
//! the family's. A ruleset CGSuite has and partizan does not is not listed: its name is unknown
//! rather than read as something else.

use super::value::Value;
use num_bigint::BigInt;
use std::fmt;

/// One of the names of [`Value::Object`].
#[derive(Clone, Debug, PartialEq)]
pub enum Object {
    /// A package of CGSuite's: `game`, `game.grid`, …
    Package(&'static str),
    /// A class with members: `Grid`, `Strip`, `Player`.
    Class(&'static str),
    /// A ruleset: a family with the parameters given so far.
    Ruleset(Ruleset),
    /// A grid of small integers, `Grid.Empty(2, 4)`, `Grid.Parse("..|..")`: an argument of
    /// the grid rulesets.
    Grid(Grid),
}

impl Object {
    /// What kind of value this is, with its article.
    pub fn kind(&self) -> &'static str {
        match self {
            Object::Package(_) => "a package",
            Object::Class(_) => "a class",
            Object::Ruleset(_) => "a ruleset",
            Object::Grid(_) => "a grid",
        }
    }
}

impl fmt::Display for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Object::Package(p) => write!(f, "\u{27ea}{p}\u{27eb}"),
            Object::Class(c) => write!(f, "\u{27ea}{c}\u{27eb}"),
            Object::Ruleset(r) => {
                write!(f, "{}", r.spec.path)?;
                if !r.params.is_empty() {
                    f.write_str("(")?;
                    for (i, p) in r.params.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{p}")?;
                    }
                    f.write_str(")")?;
                }
                Ok(())
            }
            Object::Grid(g) => write!(f, "Grid.Parse(\"{}\")", g.text(".123456789")),
        }
    }
}

/// A grid of small integers, row by row (CGSuite's `Grid`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The entries, row by row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// The grid as text, rows separated by `|`, entry `k` written as the `k`-th character of
    /// `alphabet` (`?` beyond it).
    pub fn text(&self, alphabet: &str) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        let mut s = String::new();
        for r in 0..self.rows {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols {
                let k = self.cells[r * self.cols + c] as usize;
                s.push(*chars.get(k).unwrap_or(&'?'));
            }
        }
        s
    }

    /// Reads `text` (rows separated by `|`), each character its index in `alphabet`.
    pub fn parse(text: &str, alphabet: &str) -> Result<Grid, String> {
        let chars: Vec<char> = alphabet.chars().collect();
        let rows: Vec<&str> = text.split('|').collect();
        let cols = rows[0].chars().count();
        let mut cells = Vec::new();
        for row in &rows {
            if row.chars().count() != cols {
                return Err(format!("the rows of \"{text}\" are not all {cols} long"));
            }
            for ch in row.chars() {
                let Some(k) = chars.iter().position(|c| *c == ch) else {
                    return Err(format!(
                        "'{ch}' is not in the alphabet \"{alphabet}\" of the grid"
                    ));
                };
                cells.push(k as u8);
            }
        }
        Ok(Grid {
            rows: rows.len(),
            cols,
            cells,
        })
    }
}

/// How a CGSuite ruleset's position becomes the arguments of its partizan family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The arguments as they are: `Kayles(5)` is `kayles(5)`.
    Same,
    /// A grid (or its text in CGSuite's alphabet `cgsuite`), translated character by character
    /// to the family's alphabet `ours`: `Domineering(Grid.Empty(2,2))` is
    /// `domineering("..|..")`.
    Grid {
        /// CGSuite's `CharMap`.
        cgsuite: &'static str,
        /// The family's characters in the same order.
        ours: &'static str,
    },
    /// A strip (one row) in CGSuite's alphabet, translated likewise.
    Strip {
        /// CGSuite's `CharMap`.
        cgsuite: &'static str,
        /// The family's characters in the same order.
        ours: &'static str,
    },
    /// A ruleset made from `n` parameters first, then called with the position:
    /// `TakeAndBreak("0.77")(5)` is `take_and_break("0.77", 5)`; a list parameter is written
    /// as the family's set, `"2,3,7"`.
    Parameters(usize),
}

/// A ruleset of CGSuite's that partizan plays.
#[derive(Debug, PartialEq, Eq)]
pub struct RulesetSpec {
    /// CGSuite's full name.
    pub path: &'static str,
    /// The partizan family.
    pub family: &'static str,
    /// How its position is read.
    pub reading: Reading,
    /// Named arguments the family is called with (`variant`, CGSuite's rule of a switch).
    pub named: &'static [(&'static str, &'static str)],
}

/// A ruleset value: its spec and the parameters given to it so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// What it is.
    pub spec: &'static RulesetSpec,
    /// The parameters given (for [`Reading::Parameters`]).
    pub params: Vec<Value>,
}

const fn same(path: &'static str, family: &'static str) -> RulesetSpec {
    RulesetSpec {
        path,
        family,
        reading: Reading::Same,
        named: &[],
    }
}

const fn grid(
    path: &'static str,
    family: &'static str,
    cgsuite: &'static str,
    ours: &'static str,
) -> RulesetSpec {
    RulesetSpec {
        path,
        family,
        reading: Reading::Grid { cgsuite, ours },
        named: &[],
    }
}

const fn clobber(
    path: &'static str,
    variant: &'static [(&'static str, &'static str)],
) -> RulesetSpec {
    RulesetSpec {
        path,
        family: "clobber",
        reading: Reading::Grid {
            cgsuite: ".xo",
            ours: ".xo",
        },
        named: variant,
    }
}

/// CGSuite's rulesets that partizan plays, by CGSuite's full name.
pub static RULESETS: &[RulesetSpec] = &[
    same("game.heap.Nim", "nim"),
    same("game.heap.Kayles", "kayles"),
    same("game.heap.DawsonsKayles", "dawson_kayles"),
    same("game.heap.GrundysGame", "grundy_game"),
    same("game.heap.FibonacciNim", "fibonacci_nim"),
    same("game.heap.Wythoff", "wythoff"),
    same("game.heap.Cutcake", "cutcake"),
    same("game.heap.Eatcake", "eatcake"),
    same("game.heap.MaundyCake", "maundy_cake"),
    same("game.heap.TurnAndEatcake", "turn_and_eatcake"),
    same("game.heap.PartizanEuclid", "partizan_euclid"),
    RulesetSpec {
        path: "game.heap.TakeAndBreak",
        family: "take_and_break",
        reading: Reading::Parameters(1),
        named: &[],
    },
    RulesetSpec {
        path: "game.heap.Subtraction",
        family: "subtraction",
        reading: Reading::Parameters(1),
        named: &[],
    },
    RulesetSpec {
        path: "game.heap.PartizanSubtraction",
        family: "partizan_subtraction",
        reading: Reading::Parameters(2),
        named: &[],
    },
    grid("game.grid.Domineering", "domineering", ".#", ".#"),
    grid("game.grid.Cram", "cram", ".#", ".#"),
    grid("game.grid.Amazons", "amazons", ".xo#", ".xo#"),
    grid("game.grid.Fission", "fission", ".x#", ".x#"),
    clobber("game.grid.Clobber", &[]),
    clobber("game.grid.AntiClobber", &[("variant", "anti")]),
    clobber("game.grid.Kings", &[("variant", "kings")]),
    clobber("game.grid.Rooks", &[("variant", "rooks")]),
    clobber("game.grid.Queens", &[("variant", "queens")]),
    RulesetSpec {
        path: "game.strip.ToadsAndFrogs",
        family: "toads",
        reading: Reading::Strip {
            cgsuite: ".tf",
            ours: ".TF",
        },
        named: &[],
    },
    RulesetSpec {
        path: "game.strip.ElephantsAndRhinos",
        family: "elephants_rhinos",
        reading: Reading::Strip {
            cgsuite: ".tf",
            ours: ".TF",
        },
        named: &[],
    },
    RulesetSpec {
        path: "game.strip.BackslidingToadsAndFrogs",
        family: "backsliding_toads",
        reading: Reading::Strip {
            cgsuite: ".tf",
            ours: ".TF",
        },
        named: &[],
    },
    RulesetSpec {
        path: "game.strip.TopplingDominoes",
        family: "toppling_dominoes",
        reading: Reading::Strip {
            cgsuite: ".lre",
            ours: " LRG",
        },
        named: &[],
    },
    same("game.graph.Hackenbush", "hackenbush"),
    RulesetSpec {
        path: "game.graph.ChildishHackenbush",
        family: "childish_hackenbush",
        reading: Reading::Same,
        named: &[("green", "free")],
    },
];

/// CGSuite's packages.
const PACKAGES: &[&str] = &[
    "game",
    "game.heap",
    "game.grid",
    "game.strip",
    "game.graph",
    "cgsuite",
    "cgsuite.util",
    "cgsuite.lang",
];

/// CGSuite's classes with members partizan reads.
const CLASSES: &[&str] = &["Grid", "Strip", "Player"];

/// The ruleset of CGSuite's called `name`: its full name (`game.heap.Kayles`) or its short one
/// (`Kayles`).
pub fn ruleset(name: &str) -> Option<&'static RulesetSpec> {
    RULESETS
        .iter()
        .find(|r| r.path == name || r.path.rsplit('.').next() == Some(name))
}

/// The value of the name `name` when it is one every worksheet knows.
pub fn global(name: &str) -> Option<Value> {
    match name {
        "Left" => return Some(Value::Player(true)),
        "Right" => return Some(Value::Player(false)),
        "Nothing" => return Some(Value::Nothing),
        _ => {}
    }
    if let Some(p) = PACKAGES.iter().find(|p| **p == name) {
        return Some(Value::Object(Object::Package(p)));
    }
    if let Some(c) = CLASSES.iter().find(|c| **c == name) {
        return Some(Value::Object(Object::Class(c)));
    }
    ruleset(name).map(|spec| {
        Value::Object(Object::Ruleset(Ruleset {
            spec,
            params: Vec::new(),
        }))
    })
}

/// Every name [`global`] knows, for the check of names and for suggestions.
pub fn global_names() -> impl Iterator<Item = &'static str> {
    ["Left", "Right", "Nothing"]
        .into_iter()
        .chain(PACKAGES.iter().copied().filter(|p| !p.contains('.')))
        .chain(CLASSES.iter().copied())
        .chain(RULESETS.iter().filter_map(|r| r.path.rsplit('.').next()))
}

/// A member of a package or a class: `game.grid` is a package, `game.grid.Domineering` a
/// ruleset, `Player.Left` a player. `None` when there is no such member.
pub fn member(object: &Object, name: &str) -> Option<Value> {
    match object {
        Object::Package(p) => {
            let path = format!("{p}.{name}");
            if let Some(q) = PACKAGES.iter().find(|q| **q == path) {
                return Some(Value::Object(Object::Package(q)));
            }
            RULESETS.iter().find(|r| r.path == path).map(|spec| {
                Value::Object(Object::Ruleset(Ruleset {
                    spec,
                    params: Vec::new(),
                }))
            })
        }
        Object::Class("Player") => match name {
            "Left" => Some(Value::Player(true)),
            "Right" => Some(Value::Player(false)),
            _ => None,
        },
        _ => None,
    }
}

/// The names of members, for the check of method names.
pub fn member_names() -> impl Iterator<Item = &'static str> {
    PACKAGES
        .iter()
        .filter_map(|p| p.rsplit('.').next())
        .chain(RULESETS.iter().filter_map(|r| r.path.rsplit('.').next()))
        .chain(["Left", "Right", "Empty", "Parse"])
}

/// `Grid.Empty(rows, cols)` and `Grid.Parse(text[, alphabet])` (the alphabet `.` then the
/// digits by default: entry `k` is the `k`-th character).
pub fn grid_member(name: &str, args: &[Value]) -> Option<Result<Value, String>> {
    let size = |v: &Value| {
        v.as_integer()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| *n <= 4096)
            .ok_or_else(|| format!("Grid.{name} takes sizes from 0 to 4096, not {v}"))
    };
    match (name, args) {
        ("Empty", [r, c]) => Some((|| {
            let (rows, cols) = (size(r)?, size(c)?);
            if rows * cols > 1 << 20 {
                return Err(format!(
                    "Grid.Empty({rows}, {cols}) has more than 2^20 squares"
                ));
            }
            Ok(Value::Object(Object::Grid(Grid {
                rows,
                cols,
                cells: vec![0; rows * cols],
            })))
        })()),
        ("Parse", [Value::Text(s)]) => {
            Some(Grid::parse(s, ".123456789").map(|g| Value::Object(Object::Grid(g))))
        }
        ("Parse", [Value::Text(s), Value::Text(a)]) => {
            Some(Grid::parse(s, a).map(|g| Value::Object(Object::Grid(g))))
        }
        ("Empty" | "Parse", _) => Some(Err(format!(
            "Grid.{name} takes {}",
            if name == "Empty" {
                "(rows, cols)"
            } else {
                "(text) or (text, alphabet)"
            }
        ))),
        _ => None,
    }
}

/// Translates `text` from the alphabet `from` to `to`, character by character; a character of
/// neither is an error naming the alphabet.
pub fn translate(text: &str, from: &str, to: &str, path: &str) -> Result<String, String> {
    let to: Vec<char> = to.chars().collect();
    text.chars()
        .map(|c| {
            if c == '|' {
                return Ok('|');
            }
            from.chars()
                .position(|f| f == c)
                .map(|i| to[i])
                .ok_or_else(|| {
                    format!("'{c}' is not a square of {path}: its alphabet is \"{from}\" (CGSuite's), rows separated by '|'")
                })
        })
        .collect()
}

/// A list or set parameter written as a family's set argument: `[2,3,7]` is `"2,3,7"`.
pub fn set_text(v: &Value) -> Option<String> {
    let items = v.elements()?;
    let numbers: Option<Vec<BigInt>> = items.iter().map(Value::as_integer).collect();
    Some(
        numbers?
            .iter()
            .map(BigInt::to_string)
            .collect::<Vec<_>>()
            .join(","),
    )
}
