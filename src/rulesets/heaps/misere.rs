//! Misère play of the heap games (WW ch. 13; Plambeck and Siegel): the misère Grundy values and
//! genera of a heap game's heaps (`partizan grundy … --misere`) and its misère quotient
//! (`partizan quotient`). The misère outcome of any family's position is its
//! [`Position::misere_outcome`](crate::solve::Position::misere_outcome).
//!
//! Misère play depends on a heap game's rules, not on its normal-play values, so these
//! functions take the family and its arguments (or a bare code, [`crate::rulesets::code_rules`]) and
//! build the rules themselves.
//!
//! ```
//! use partizan::rulesets::{heap_rules, misere};
//! // Kayles: *, *2, *3, then the tame {0, *2, *3} of genus 1^031 (WW ch. 13).
//! let kayles = heap_rules("kayles", &[], "misère play").unwrap();
//! let s = misere::sequence(&kayles, 4).unwrap();
//! assert_eq!(s.genera[4].to_string(), "1^031");
//! ```

use super::octal::{GrundyGame, OctalGame};
use crate::algebra::misere::Genus;
use crate::rulesets::family::HeapCode;
use crate::rulesets::take_and_break::TakeAndBreak;
use crate::algebra::Outcome;
use crate::solve::misere::{heap_genera, MisereImpartialSolver};
use crate::solve::quotient::{misere_quotient_partial, PartialQuotient};
use crate::Error;
use std::fmt;

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

/// The heap game of `rules`, and its name for headings.
fn heap_game(rules: &HeapCode) -> Result<(String, HeapGame), Error> {
    match rules {
        HeapCode::Octal(code) => {
            let octal = OctalGame::parse(code)?;
            Ok((
                format!("octal game {}", octal.code()),
                HeapGame::Octal(octal),
            ))
        }
        HeapCode::TakeAndBreak(code) => take_and_break(code),
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
pub fn sequence(rules: &HeapCode, to: usize) -> Result<MisereSequence, Error> {
    let (name, game) = heap_game(rules)?;
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
    rules: &HeapCode,
    to: usize,
    max_size: usize,
) -> Result<(String, PartialQuotient), Error> {
    let (name, game) = heap_game(rules)?;
    let q = match game {
        HeapGame::Octal(g) => misere_quotient_partial(&g, to, max_size),
        HeapGame::Grundy(g) => misere_quotient_partial(&g, to, max_size),
        HeapGame::TakeAndBreak(g) => misere_quotient_partial(&g, to, max_size),
    };
    Ok((name, q))
}

/// The misère outcome class of the sum of heaps `heaps` of a heap game, by the misère solver of
/// impartial games (the player who cannot move wins).
pub fn outcome(rules: &HeapCode, heaps: &[usize]) -> Result<Outcome, Error> {
    let heaps = heaps.to_vec();
    let (_, game) = heap_game(rules)?;
    Ok(match game {
        HeapGame::Octal(g) => MisereImpartialSolver::new(g).outcome(&heaps)?,
        HeapGame::Grundy(g) => MisereImpartialSolver::new(g).outcome(&heaps)?,
        HeapGame::TakeAndBreak(g) => MisereImpartialSolver::new(g).outcome(&heaps)?,
    })
}
