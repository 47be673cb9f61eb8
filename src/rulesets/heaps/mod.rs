//! Heap games: one or more heaps (or a pair of coordinates, as in Wythoff's game) from which tokens are taken.

crate::rulesets::family::families! {
    all_but => [AllButFamily],
    fibonacci_nim => [FibonacciNimFamily],
    loopy_subtraction => [LoopySubtractionFamily],
    misere => [],
    nim => [NimFamily],
    octal => [DawsonChessFamily, DawsonKaylesFamily, GrundyGameFamily, KaylesFamily, OctalFamily],
    partizan_euclid => [PartizanEuclidFamily],
    partizan_subtraction => [PartizanSubtractionFamily],
    queen => [QueenFamily],
    sequence => [],
    ryuoh => [RyuohFamily],
    subtraction => [SubtractionFamily, TakeRangeFamily],
    take_and_break => [TakeAndBreakFamily],
    welter => [WelterFamily],
    wythoff => [WythoffFamily],
}

use crate::rulesets::family::HeapCode;
use crate::Error;

/// The heap game that a bare code names where a command takes one in place of a family
/// (`grundy 0.16`, `quotient 0.07`, `misere 0.07 10 12`): a word with a point is a code, an
/// octal code (`0.07`, Winning Ways ch. 4) when it reads as one and else a take-and-break code
/// (`0.[3]`, hexadecimal digits); `None` for a word without a point, `Some(Err)` (octal's
/// message) for a code of neither kind.
///
/// ```
/// use partizan::rulesets::{code_rules, family::HeapCode};
/// assert_eq!(code_rules("0.07").unwrap().unwrap(), HeapCode::Octal("0.07".into()));
/// assert_eq!(code_rules("0.[3]").unwrap().unwrap(), HeapCode::TakeAndBreak("0.[3]".into()));
/// assert!(code_rules("kayles").is_none() && code_rules("0.x").unwrap().is_err());
/// ```
pub fn code_rules(word: &str) -> Option<Result<HeapCode, Error>> {
    if !word.contains('.') {
        return None;
    }
    Some(match octal::OctalGame::parse(word) {
        Ok(_) => Ok(HeapCode::Octal(word.to_string())),
        Err(e) => match take_and_break::TakeAndBreak::parse(word) {
            Ok(_) => Ok(HeapCode::TakeAndBreak(word.to_string())),
            Err(_) => Err(e),
        },
    })
}

/// The family whose calls take the code that [`code_rules`] reads as their first argument
/// (`octal("0.07", 10)`, `take_and_break("0.[3]", 5)`).
pub fn code_family(rules: &HeapCode) -> Option<&'static dyn crate::rulesets::family::Family> {
    match rules {
        HeapCode::Octal(_) => Some(&octal::OctalFamily),
        HeapCode::TakeAndBreak(_) => Some(&take_and_break::TakeAndBreakFamily),
        HeapCode::GrundyGame => None,
    }
}
