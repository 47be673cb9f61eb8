//! `partizan misere`: the misère outcome class (L, R, N or P) of a position, where the player
//! who cannot move wins (ONAG ch. 12; WW ch. 13).
//!
//! The position is read as `partizan outcome` reads one, by the expression language
//! (`misere "kayles(3) + kayles(4)"`, `misere 'domineering("..|..")'`). The word form
//! `misere FAMILY WORD…` is the call of FAMILY with the words as its arguments:
//! `NAME=VALUE` is a named argument, a word the expression language reads as a game or a
//! string is that value (`3`, `-1`, `*2`), and any other word is the string it is (`..|..`,
//! `xo|ox`, `diagonal`). A heap game (`kayles`, `octal 0.07`, or a bare code such as `0.07`,
//! [`partizan::rulesets::heap_rules`]) is followed by the sizes of its heaps, whose sum's
//! misère outcome is found by the misère solver of heap games
//! ([`partizan::rulesets::misere::outcome`]).

use partizan::expr::{self, Value};
use partizan::rulesets::{self, family::with_usage, Arg, NamedArg};
use partizan::{Error, Outcome};

/// The misère outcome of the position `first` (an expression) when `words` is empty, else of
/// the call of the family `first` with `words` (see the module documentation).
pub fn outcome(first: &str, words: &[String]) -> Result<Outcome, Error> {
    if words.is_empty() {
        return expression_outcome(first);
    }
    // A heap game (its family's words, `kayles` or `octal 0.07`, or a bare code) and the sizes
    // of its heaps.
    let heap = (0..=words.len().min(1)).find_map(|k| {
        Some((
            rulesets::heap_rules(first, &words[..k], "").ok()?,
            &words[k..],
        ))
    });
    if let Some((rules, sizes)) = heap {
        let heaps = sizes
            .iter()
            .map(|h| {
                h.parse().map_err(|_| {
                    Error::input(format!(
                        "a heap size must be a non-negative integer, not {h:?}"
                    ))
                })
            })
            .collect::<Result<Vec<usize>, Error>>()?;
        return rulesets::misere::outcome(&rules, &heaps);
    }
    let f = rulesets::family(first)
        .ok_or_else(|| Error::input(rulesets::unknown("misère", first, |_| true)))?;
    let mut positional: Vec<Arg> = Vec::new();
    let mut named: Vec<NamedArg> = Vec::new();
    for w in words {
        match w.split_once('=') {
            Some((name, value))
                if !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                named.push((name.to_string(), argument(value)))
            }
            _ => positional.push(argument(w)),
        }
    }
    match f.position(&positional, &named) {
        Some(p) => p
            .map_err(|e| with_usage(e, f.name(), f.usage()))?
            .misere_outcome(),
        None => Err(Error::input(format!(
            "{} gives the values of its positions but not their moves, so their misère play cannot be computed",
            f.name()
        ))),
    }
}

/// A word of the word form as an argument: the game or string the expression language reads in
/// it, or the word itself as a string.
fn argument(word: &str) -> Arg {
    match expr::evaluate(word) {
        Ok(Value::Game(g)) => Arg::Game(g),
        Ok(Value::Text(s)) => Arg::Str(s),
        _ => Arg::Str(word.to_string()),
    }
}

/// The misère outcome of what the expression `text` gives: a position's from its own moves, a
/// game's from its canonical form's tree, a misère game's its own.
fn expression_outcome(text: &str) -> Result<Outcome, Error> {
    match expr::evaluate_unsettled(text)? {
        Value::Position(p) => p.misere_outcome(),
        Value::Misere(g) => Ok(g.outcome()),
        v => match v.as_game() {
            Some(g) => match expr::method("misere_outcome_class")
                .expect("the method table has misere_outcome_class")
                .apply(g, &[])?
            {
                Value::Outcome(o) => Ok(o),
                v => Err(Error::undefined(format!(
                    "the misère outcome of {text} is {}, not an outcome class",
                    v.kind()
                ))),
            },
            None => Err(Error::input(format!(
                "{text} is {}, not a game or a position",
                v.kind()
            ))),
        },
    }
}
