//! MCGS's games and their text (MCGS's `input/info.test`, "Game syntax"), mapped onto
//! partizan's families: which family plays each section's game and how MCGS's spelling of a
//! board becomes the family's.
//!
//! | MCGS section | MCGS text | partizan |
//! |---|---|---|
//! | `clobber_1xn`, `clobber` | `.`, `X`, `O`, rows by `\|` | `clobber(text)` |
//! | `cannibal_clobber` | the same | `clobber(text, variant="cannibal")` |
//! | `nogo_1xn`, `nogo` | the same, and `#` in a `nogo` grid | `nogo(text)` |
//! | `elephants` | `.`, `X`, `O` | `elephants_rhinos`: `X` → `E`, `O` → `R` |
//! | `gen_toads` | `a,b,c,d:` and `.`, `X`, `O` | `toads`: `X` → `T`, `O` → `F`, `min_slide=a, slide=b, jump=c, friendly=d` |
//! | `toppling_dominoes` | `X`, `O`, `#` | `toppling_dominoes`: `X` → `L`, `O` → `R`, `#` (either's) → `G` |
//! | `amazons` | `.`, `X`, `O`, `#`, rows by `\|` | `amazons(text)` |
//! | `domineering` | `.`, `#` | `domineering(text)` (Left, MCGS's Black, vertical in both) |
//! | `fission` | `.`, `X`, `#` | `fission(text)` (Left splits vertically in both) |
//! | `gen_king_dirt` | `b,w,m:` and a grid | `king_dirt(text)` |
//! | `sheep` | an int grid | `sheep(text)` |
//! | `kayles` | an int | `kayles(n)` |
//! | `integer_game`, `dyadic_rational`, `switch_game`, `nimber`, `up_star` | see [`super::basic`] | their forms |
//!
//! `[impartial G]` is G's impartial closure ([`Position::impartial_closure`]): either player
//! makes either player's moves. X is Black, MCGS's first player, and Left in partizan.
//!
//! A text that is not MCGS's is an error of the file (as it is for MCGS's reader); a game
//! that partizan's family refuses (a board beyond its size) is a game partizan cannot play,
//! which [`McgsGame::position`] reports with the family's reason.

use super::basic::{self, Basic};
use crate::algebra::Game;
use crate::rulesets::Arg;
use crate::solve::Position;

/// MCGS's names of games, in the order of MCGS's `info.test`.
pub const NAMES: &[&str] = &[
    "clobber_1xn",
    "nogo_1xn",
    "elephants",
    "toppling_dominoes",
    "gen_toads",
    "nogo",
    "clobber",
    "cannibal_clobber",
    "amazons",
    "gen_king_dirt",
    "domineering",
    "fission",
    "sheep",
    "integer_game",
    "nimber",
    "kayles",
    "dyadic_rational",
    "switch_game",
    "up_star",
];

/// A section title, `[name]` or `[impartial name]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// One of [`NAMES`].
    pub name: &'static str,
    /// Written `impartial name`.
    pub impartial: bool,
}

impl Section {
    /// The section of the title `text` (inside the brackets), or why it is none of MCGS's.
    pub fn parse(text: &str) -> Result<Section, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (impartial, name) = match words.as_slice() {
            [name] => (false, *name),
            ["impartial", name] => (true, *name),
            _ => return Err(format!("unknown section [{text}]")),
        };
        match NAMES.iter().find(|n| **n == name) {
            Some(name) => Ok(Section { name, impartial }),
            None => {
                let near = crate::suggest::suggest(name, NAMES.iter().copied());
                Err(format!(
                    "unknown game {name:?} in section [{text}]{}",
                    if near.is_empty() {
                        format!("; MCGS's games: {}", NAMES.join(", "))
                    } else {
                        crate::suggest::did_you_mean(&near)
                    }
                ))
            }
        }
    }
}

impl std::fmt::Display for Section {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.impartial {
            f.write_str("impartial ")?;
        }
        f.write_str(self.name)
    }
}

/// How a game is made in partizan.
#[derive(Clone, Debug)]
enum Make {
    /// A call of a family with one string argument and named integer or string arguments.
    Call {
        family: &'static str,
        text: String,
        named: Vec<(&'static str, Named)>,
    },
    /// `kayles(n)`.
    Kayles(u64),
    /// A basic game.
    Basic(Basic),
}

/// A named argument of a call.
#[derive(Clone, Debug)]
enum Named {
    Int(i64),
    Str(&'static str),
}

/// One game of a sum, as MCGS wrote it and as partizan makes it.
#[derive(Clone, Debug)]
pub struct McgsGame {
    /// Its section.
    pub section: Section,
    /// Its text in the file (without brackets).
    pub text: String,
    make: Make,
}

impl std::fmt::Display for McgsGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.section, self.text)
    }
}

/// Checks that `text` is a contiguous sequence of the characters `allowed`.
fn strip(text: &str, allowed: &str) -> Result<(), String> {
    match text.chars().find(|c| !allowed.contains(*c)) {
        None => Ok(()),
        Some(c) => Err(format!(
            "{text:?} has {c:?}; expected only the characters {allowed:?}"
        )),
    }
}

/// Checks that `text` is a grid of the characters `allowed`: rows separated by `|`, all of one
/// length.
fn grid(text: &str, allowed: &str) -> Result<(), String> {
    let rows: Vec<&str> = text.split('|').collect();
    for row in &rows {
        strip(row, allowed).map_err(|e| format!("{e} and '|' between rows"))?;
    }
    if rows
        .iter()
        .any(|r| r.chars().count() != rows[0].chars().count())
    {
        return Err(format!("the rows of {text:?} are not all of one length"));
    }
    Ok(())
}

/// `text` with each character replaced by its pair in `map` (others kept).
fn spell(text: &str, map: &[(char, char)]) -> String {
    text.chars()
        .map(|c| map.iter().find(|(a, _)| *a == c).map_or(c, |(_, b)| *b))
        .collect()
}

/// Splits `params:board` into its `count` integer parameters (separated by commas and/or
/// spaces) and the board.
fn parameters(text: &str, count: usize) -> Result<(Vec<i64>, &str), String> {
    let (params, board) = text
        .split_once(':')
        .ok_or_else(|| format!("{text:?} has no ':' after its {count} parameters"))?;
    let values: Vec<i64> = params
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| basic::int(w).ok_or_else(|| format!("parameter {w:?} of {text:?} is not an int")))
        .collect::<Result<_, _>>()?;
    if values.len() != count {
        return Err(format!(
            "{text:?} has {} parameters before ':', not {count}",
            values.len()
        ));
    }
    Ok((values, board.trim()))
}

impl McgsGame {
    /// The game of `section` written `text`, or why `text` is not MCGS's text of that game.
    pub fn parse(section: &Section, text: &str) -> Result<McgsGame, String> {
        let call = |family, text: String| Make::Call {
            family,
            text,
            named: Vec::new(),
        };
        let make = match section.name {
            "clobber_1xn" | "nogo_1xn" => {
                strip(text, ".XO")?;
                call(&section.name[..section.name.len() - 4], text.to_string())
            }
            "clobber" => {
                grid(text, ".XO")?;
                call(section.name, text.to_string())
            }
            "nogo" => {
                // MCGS's info.test lists '.', 'X' and 'O'; its own winning-moves tests also
                // write '#', a square off the board, which partizan's nogo reads as MCGS does.
                grid(text, ".XO#")?;
                call(section.name, text.to_string())
            }
            "cannibal_clobber" => {
                grid(text, ".XO")?;
                Make::Call {
                    family: "clobber",
                    text: text.to_string(),
                    named: vec![("variant", Named::Str("cannibal"))],
                }
            }
            "elephants" => {
                strip(text, ".XO")?;
                call("elephants_rhinos", spell(text, &[('X', 'E'), ('O', 'R')]))
            }
            "toppling_dominoes" => {
                strip(text, "XO#")?;
                call(
                    "toppling_dominoes",
                    spell(text, &[('X', 'L'), ('O', 'R'), ('#', 'G')]),
                )
            }
            "gen_toads" => {
                let (p, board) = parameters(text, 4)?;
                strip(board, ".XO")?;
                if !(p[0] > 0 && p[1] >= p[0] && p[2] >= 0 && (p[3] == 0 || p[3] == 1)) {
                    return Err(format!(
                        "the parameters of {text:?} are not min slide > 0, max slide >= min slide, max jump >= 0, friendly jump 0 or 1"
                    ));
                }
                Make::Call {
                    family: "toads",
                    text: spell(board, &[('X', 'T'), ('O', 'F')]),
                    named: vec![
                        ("min_slide", Named::Int(p[0])),
                        ("slide", Named::Int(p[1])),
                        ("jump", Named::Int(p[2])),
                        ("friendly", Named::Int(p[3])),
                    ],
                }
            }
            "amazons" => {
                grid(text, ".XO#")?;
                call("amazons", text.to_string())
            }
            "gen_king_dirt" => {
                let (_, board) = parameters(text, 3)?;
                grid(board, ".XO#")?;
                call("king_dirt", text.to_string())
            }
            "domineering" => {
                grid(text, ".#")?;
                call("domineering", text.to_string())
            }
            "fission" => {
                grid(text, ".X#")?;
                call("fission", text.to_string())
            }
            "sheep" => {
                // An int grid: its rows are counted in ints, which the family reads.
                strip(text, "0123456789-,| \t")?;
                call("sheep", text.to_string())
            }
            "kayles" => match basic::int(text.trim()) {
                Some(n) if n >= 0 => Make::Kayles(n as u64),
                _ => return Err(format!("{text:?} is not an int >= 0")),
            },
            name => Make::Basic(basic::parse(name, text)?),
        };
        Ok(McgsGame {
            section: section.clone(),
            text: text.to_string(),
            make,
        })
    }

    /// The game as a partizan position, or why partizan cannot play it (its family's refusal).
    pub fn position(&self) -> Result<Position, String> {
        let p = self.base_position()?;
        Ok(if self.section.impartial {
            p.impartial_closure()
        } else {
            p
        })
    }

    /// The game before the impartial closure of an `[impartial …]` section: the position of
    /// the section's game itself.
    pub fn base_position(&self) -> Result<Position, String> {
        Ok(match &self.make {
            Make::Basic(b) => b.position(),
            Make::Kayles(n) => self.call("kayles", &[Arg::Game(Game::integer(*n as i64))], &[])?,
            Make::Call {
                family,
                text,
                named,
            } => {
                let named: Vec<(String, Arg)> = named
                    .iter()
                    .map(|(name, v)| {
                        let v = match v {
                            Named::Int(n) => Arg::Game(Game::integer(*n)),
                            Named::Str(s) => Arg::Str(s.to_string()),
                        };
                        (name.to_string(), v)
                    })
                    .collect();
                self.call(family, &[Arg::Str(text.clone())], &named)?
            }
        })
    }

    /// The position of the call `family(args, named)`.
    fn call(
        &self,
        family: &str,
        args: &[Arg],
        named: &[(String, Arg)],
    ) -> Result<Position, String> {
        let f = crate::rulesets::family(family)
            .ok_or_else(|| format!("partizan has no family {family}"))?;
        match f.position(args, named) {
            Some(Ok(p)) => Ok(p),
            Some(Err(e)) => Err(format!("{family} refuses {self}: {e}")),
            None => Err(format!("{family} does not give its positions")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(section: &str, text: &str) -> String {
        let s = Section::parse(section).unwrap();
        let g = McgsGame::parse(&s, text).unwrap();
        g.position().unwrap().canonical_form().unwrap().to_string()
    }

    #[test]
    fn spellings() {
        assert_eq!(value("clobber_1xn", "XO"), "*");
        assert_eq!(value("clobber", "XO|.."), "*");
        assert_eq!(value("impartial clobber_1xn", "XOXO"), "*3");
        assert_eq!(value("elephants", "X.O"), "*");
        assert_eq!(value("toppling_dominoes", "X"), "1");
        assert_eq!(value("toppling_dominoes", "#"), "*");
        assert_eq!(value("kayles", "2"), "*2");
        assert_eq!(value("impartial kayles", "2"), "*2");
        // A column of two: one vertical domino, Black's (Left's).
        assert_eq!(value("domineering", ".|."), "1");
        assert_eq!(value("fission", ".|X|."), "1");
        // A square off the board: in the L `..|#.` a stone on the corner b1 leaves the other
        // player no legal point (either would have no liberty), and a stone on an end loses
        // to the other end; so the first player wins (MCGS's winning moves: b1 for each).
        let nogo = Section::parse("nogo").unwrap();
        let l = McgsGame::parse(&nogo, "..|#.").unwrap().position().unwrap();
        assert_eq!(l.outcome().unwrap(), crate::Outcome::N);
        assert_eq!(
            value("gen_toads", "1,1,1,0:X.O"),
            value("gen_toads", "1 1 1 0:X.O")
        );
    }

    #[test]
    fn refusals() {
        assert!(Section::parse("clobberr").unwrap_err().contains("clobber"));
        assert!(Section::parse("impartial").is_err());
        let s = Section::parse("clobber").unwrap();
        assert!(McgsGame::parse(&s, "XO|X").is_err());
        assert!(McgsGame::parse(&s, "xo").is_err());
        let t = Section::parse("gen_toads").unwrap();
        assert!(McgsGame::parse(&t, "0,1,1,0:X.O").is_err());
        assert!(McgsGame::parse(&t, "X.O").is_err());
    }
}
