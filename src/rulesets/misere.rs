//! Misère play of the families, for the command line: misère Grundy values and genera of heap
//! games (`partizan grundy … --misere`), their misère quotients (`partizan quotient`), and the
//! misère outcome class of a position of any of a few rulesets (`partizan misere`).
//!
//! Misère play depends on a position's rules, not on its normal-play value, so these functions
//! take the family and its arguments and build the ruleset themselves.
//!
//! ```
//! use partizan::rulesets::misere;
//! // Kayles: *, *2, *3, then the tame {0, *2, *3} of genus 1^031 (WW ch. 13).
//! let s = misere::sequence("kayles", &[], 4).unwrap();
//! assert_eq!(s.genera[4].to_string(), "1^031");
//! // Misère Domineering on 2×2: the first player leaves the other without a move, and loses.
//! assert_eq!(misere::outcome("domineering", &["..|..".to_string()]).unwrap().to_string(), "P");
//! ```

use super::domineering::{Board, Domineering};
use super::octal::{GrundyGame, OctalGame};
use crate::algebra::misere::Genus;
use crate::algebra::Game;
use crate::algebra::Outcome;
use crate::rulesets::family::HeapCode;
use crate::rulesets::take_and_break::TakeAndBreak;
use crate::rulesets::{Arg, NamedArg};
use crate::solve::misere::{heap_genera, MisereSolver};
use crate::solve::quotient::{misere_quotient_partial, PartialQuotient};
use crate::Error;
use std::fmt;

/// The misère outcome of the position `family(args)` of any family that gives its positions:
/// each word an integer argument, a `name=value` named argument, or a string.
fn position_outcome(family: &str, words: &[String]) -> Result<Outcome, Error> {
    let Some(f) = crate::rulesets::family(family) else {
        // Every family of short games gives its positions.
        return Err(Error::input(crate::rulesets::unknown(
            "misère",
            family,
            |_| true,
        )));
    };
    let arg = |w: &str| match w.parse::<i64>() {
        Ok(n) => Arg::Game(Game::integer(n)),
        Err(_) => Arg::Str(w.to_string()),
    };
    let mut positional = Vec::new();
    let mut named: Vec<NamedArg> = Vec::new();
    for w in words {
        match w.split_once('=') {
            Some((name, value))
                if !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                named.push((name.to_string(), arg(value)))
            }
            _ => positional.push(arg(w)),
        }
    }
    match f.position(&positional, &named) {
        Some(p) => p
            .map_err(|e| Error::input(format!("{family}: {e} (usage: {})", f.usage())))?
            .misere_outcome(),
        None => Err(Error::input(format!(
            "{family} gives the values of its positions but not their moves, so their misère play cannot be computed"
        ))),
    }
}

/// The heap games that misère commands accept.
enum HeapGame {
    Octal(OctalGame),
    Grundy(GrundyGame),
    TakeAndBreak(TakeAndBreak),
}

/// The take-and-break game of `code`, and its name for headings.
fn take_and_break(code: &str) -> Result<(String, HeapGame), Error> {
    let game = TakeAndBreak::parse(code)?;
    Ok((
        format!("take-and-break game {}", game.code()),
        HeapGame::TakeAndBreak(game),
    ))
}

/// The heap game named by `family` and `args` (a family that is a heap game,
/// [`Family::heap_code`](crate::rulesets::family::Family::heap_code), or a bare code such as
/// `0.07` or `0.[3]`), and its name for headings.
fn heap_game(family: &str, args: &[String]) -> Result<(String, HeapGame), Error> {
    let rules = crate::rulesets::family(family).and_then(|f| f.heap_code(args));
    let rules = match rules {
        Some(rules) => rules?,
        // A code that is not octal may be a take-and-break code (`0.[3]`, hexadecimal digits).
        None if family.contains('.') && args.is_empty() => match OctalGame::parse(family) {
            Ok(_) => HeapCode::Octal(family.to_string()),
            Err(e) => return take_and_break(family).map_err(|_| e),
        },
        None => {
            let message =
                crate::rulesets::unknown("heap game", family, |f| f.heap_code(&[]).is_some());
            return Err(Error::input(format!(
                "{message} (or a code such as 0.07 or 0.[3]) for misère play"
            )));
        }
    };
    match rules {
        HeapCode::Octal(code) => {
            let octal = OctalGame::parse(&code)?;
            Ok((
                format!("octal game {}", octal.code()),
                HeapGame::Octal(octal),
            ))
        }
        HeapCode::TakeAndBreak(code) => take_and_break(&code),
        HeapCode::GrundyGame => Ok(("Grundy's game".to_string(), HeapGame::Grundy(GrundyGame))),
    }
}

/// The misère Grundy values and genera of the heaps `0..=to` of a heap game.
#[derive(Clone, Debug)]
pub struct MisereSequence {
    /// The game, e.g. `octal game 0.77`.
    pub name: String,
    /// The genus of each heap; its misère Grundy value is [`Genus::misere_grundy`].
    pub genera: Vec<Genus>,
}

impl fmt::Display for MisereSequence {
    /// The misère Grundy values on one line, then one line a heap: `n  G⁻  genus`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.genera.len().saturating_sub(1);
        writeln!(f, "{} in misère play: G-(0..={last})", self.name)?;
        let shown: Vec<String> = self
            .genera
            .iter()
            .map(|g| g.misere_grundy().to_string())
            .collect();
        writeln!(f, "{}", shown.join(" "))?;
        writeln!(f, "n\tG-\tgenus")?;
        for (n, g) in self.genera.iter().enumerate() {
            writeln!(f, "{n}\t{}\t{g}", g.misere_grundy())?;
        }
        Ok(())
    }
}

/// The misère Grundy values and genera of the heaps `0..=to` (see [`MisereSequence`]).
pub fn sequence(family: &str, args: &[String], to: usize) -> Result<MisereSequence, Error> {
    let (name, game) = heap_game(family, args)?;
    let genera = match game {
        HeapGame::Octal(g) => heap_genera(g, |k| vec![k], to)?,
        HeapGame::Grundy(g) => heap_genera(g, |k| vec![k], to)?,
        HeapGame::TakeAndBreak(g) => heap_genera(g, |k| vec![k], to)?,
    };
    Ok(MisereSequence { name, genera })
}

/// The misère quotient of the heaps `1..=to` of a heap game, or of the heaps below the one where
/// it stops (the quotient needs more than `max_size` elements), with the reason.
pub fn quotient(
    family: &str,
    args: &[String],
    to: usize,
    max_size: usize,
) -> Result<(String, PartialQuotient), Error> {
    let (name, game) = heap_game(family, args)?;
    let q = match game {
        HeapGame::Octal(g) => misere_quotient_partial(&g, to, max_size),
        HeapGame::Grundy(g) => misere_quotient_partial(&g, to, max_size),
        HeapGame::TakeAndBreak(g) => misere_quotient_partial(&g, to, max_size),
    };
    Ok((name, q))
}

/// The misère outcome class of a position: `domineering BOARD` (rows separated by `|`), or a
/// heap game and its heap sizes (`kayles 3 4 5`, `octal 0.07 10 12`, `0.07 10 12`).
pub fn outcome(family: &str, args: &[String]) -> Result<Outcome, Error> {
    if family == "domineering" {
        let [board] = args else {
            return Err(Error::input(
                "domineering takes one board, rows separated by '|', e.g. \"....|....\"",
            ));
        };
        let board = Board::parse(board)?;
        return Ok(MisereSolver::new(Domineering::rules_only()).try_outcome(&board)?);
    }
    let (family_args, heaps) = match family {
        "octal" | "take_and_break" => (args.get(..1).unwrap_or(&[]), args.get(1..).unwrap_or(&[])),
        _ => (&[][..], args),
    };
    let Ok((_, game)) = heap_game(family, family_args) else {
        return position_outcome(family, args);
    };
    let heaps: Vec<usize> = heaps
        .iter()
        .map(|h| {
            h.parse().map_err(|_| {
                Error::input(format!(
                    "a heap size must be a non-negative integer, not {h:?}"
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(match game {
        HeapGame::Octal(g) => {
            crate::solve::misere::MisereImpartialSolver::new(g).outcome(&heaps)?
        }
        HeapGame::Grundy(g) => {
            crate::solve::misere::MisereImpartialSolver::new(g).outcome(&heaps)?
        }
        HeapGame::TakeAndBreak(g) => {
            crate::solve::misere::MisereImpartialSolver::new(g).outcome(&heaps)?
        }
    })
}
