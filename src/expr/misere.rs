//! Misère games in expressions: CGSuite's notation `*[…]` read into a literal, its value, the
//! misère sum and the methods that apply to a misère game.
//!
//! The notation (CGSuite 2.x, `MisereCanonicalGame`; the algebra prints it, see
//! [`crate::algebra::misere::print`]) writes an impartial game under the misère convention
//! (CGT ch. V; WW ch. 13). Inside `*[` and `]`:
//! - a digit is a nim heap: `*[2]` is `*2`; heaps of 10 or more are written `&10;`;
//! - terms side by side are the options: `*[42]` is the game with options `*4` and `*2`; an
//!   option that is itself such a list is in parentheses, `*[(42)3]`;
//! - `#` after a term makes it the only option: `*[2#]` is `{*2}`, `*[2##]` is `{{*2}}`;
//! - a subscript in square brackets after a term adds nim heaps to it (`*[2[2]]` is
//!   `*2 + *2`), takes one away (`*[(42)[-2]]` is the `X` with `X + *2 = {*4, *2}`) or applies
//!   `#`, from left to right: `*[2[#1]]` is `{*2} + *`.
//!
//! A misère game is a value of its own ([`Value::Misere`]), not a normal-play game: `*2` stays
//! the nimber of normal play, whose misère form is `*[2]`. Misère games add with `+` (the
//! misère sum), and an impartial game is its own negative (its Left and Right options are the
//! same), so `-G` is `G` and `G - H` is `G + H`. Their methods are the misère canonical form,
//! the genus and the misère outcome class.
//!
//! ```
//! use partizan::expr::evaluate;
//! assert_eq!(evaluate("*[2] + *[2]").unwrap().to_string(), "*[2[2]]");
//! assert_eq!(evaluate("*[2#].Genus").unwrap().to_string(), "0^02");
//! assert_eq!(evaluate("(*[2] + *[2]).MisereOutcomeClass").unwrap().to_string(), "P");
//! ```

use super::ast::{MisereLiteral, MisereStep, Span, MAX_NESTING};
use super::value::Value;
use super::SyntaxError;
use crate::algebra::misere::MisereGame;

fn error(position: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        position,
        message: message.into(),
    }
}

/// Reads the misère game that starts with `*[` at byte `start` of `src`: the literal and the
/// number of bytes it takes. The reader keeps a count of open parentheses instead of recursing;
/// more than [`MAX_NESTING`] of them is an error.
pub(crate) fn lex(src: &str, start: usize) -> Result<(MisereLiteral, usize), SyntaxError> {
    let s = src.as_bytes();
    let mut pos = start + 2;
    let mut steps = vec![MisereStep::Open];
    // Where each open list began, and how many terms it has so far.
    let mut lists: Vec<(usize, usize)> = vec![(start, 0)];
    loop {
        let (open, terms) = *lists.last().expect("the outer list is open until ']'");
        match s.get(pos) {
            Some(b'(') => {
                if lists.len() > MAX_NESTING {
                    return Err(error(
                        pos,
                        format!(
                            "nesting deeper than {MAX_NESTING} levels of parentheses in a misère game"
                        ),
                    ));
                }
                lists.push((pos, 0));
                steps.push(MisereStep::Open);
                pos += 1;
            }
            Some(b')') if lists.len() > 1 => {
                if terms == 0 {
                    return Err(error(pos, "expected a term before ')'"));
                }
                lists.pop();
                steps.push(MisereStep::Close);
                pos = modifiers(s, pos + 1, &mut steps)?;
                lists.last_mut().expect("the outer list").1 += 1;
            }
            Some(b']') if lists.len() == 1 => {
                if terms == 0 {
                    return Err(error(pos, "expected a term before ']'"));
                }
                steps.push(MisereStep::Close);
                return Ok((MisereLiteral { steps }, pos + 1 - start));
            }
            None => {
                return Err(match lists.len() {
                    1 => error(pos, "expected ']' to close '*['"),
                    _ => error(pos, format!("expected ')' to close the '(' at byte {open}")),
                })
            }
            _ => match digit(src, &mut pos)? {
                Some(n) => {
                    steps.push(MisereStep::Heap(n));
                    pos = modifiers(s, pos, &mut steps)?;
                    lists.last_mut().expect("a list").1 += 1;
                }
                None => {
                    return Err(error(
                        pos,
                        "expected a heap digit, '&n;', '(', '#', '[' or the closing bracket",
                    ))
                }
            },
        }
    }
}

/// A heap at `*pos`: a digit `0`–`9`, or `&n;`; `None` when neither is there.
fn digit(src: &str, pos: &mut usize) -> Result<Option<u64>, SyntaxError> {
    let s = src.as_bytes();
    match s.get(*pos) {
        Some(c) if c.is_ascii_digit() => {
            *pos += 1;
            Ok(Some(u64::from(c - b'0')))
        }
        Some(b'&') => {
            let from = *pos + 1;
            let len = s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
            *pos = from + len;
            let n: u64 = src[from..*pos]
                .parse()
                .map_err(|_| error(*pos, "expected the digits of a heap size after '&'"))?;
            if s.get(*pos) != Some(&b';') {
                return Err(error(*pos, "expected ';' to close '&n;'"));
            }
            *pos += 1;
            Ok(Some(n))
        }
        _ => Ok(None),
    }
}

/// The modifiers after a term at `pos`: `#` and subscripts `[…]`; returns where they end.
fn modifiers(s: &[u8], mut pos: usize, steps: &mut Vec<MisereStep>) -> Result<usize, SyntaxError> {
    let src = std::str::from_utf8(s).expect("the input is a str");
    loop {
        match s.get(pos) {
            Some(b'#') => {
                steps.push(MisereStep::Only);
                pos += 1;
            }
            Some(b'[') => {
                pos += 1;
                loop {
                    match s.get(pos) {
                        Some(b']') => {
                            pos += 1;
                            break;
                        }
                        Some(b'#') => {
                            steps.push(MisereStep::Only);
                            pos += 1;
                        }
                        Some(b'-') => {
                            pos += 1;
                            let at = pos;
                            let Some(heap) = digit(src, &mut pos)? else {
                                return Err(error(pos, "expected a heap size after '-'"));
                            };
                            steps.push(MisereStep::Subtract { heap, at });
                        }
                        _ => match digit(src, &mut pos)? {
                            Some(n) => steps.push(MisereStep::Add(n)),
                            None => {
                                return Err(error(
                                    pos,
                                    "expected a subscript: a digit, '-', '#' or ']'",
                                ))
                            }
                        },
                    }
                }
            }
            _ => return Ok(pos),
        }
    }
}

/// The game a misère literal writes, built step by step on a stack; an error names the byte
/// of a subtraction `-n` that has no answer.
///
/// # Panics
///
/// Like the misère algebra, it unwinds with a [`crate::algebra::limits::ExpansionLimit`] when a
/// heap's options are beyond the algebra's limits; the evaluator reports that as an error.
pub(crate) fn evaluate(literal: &MisereLiteral) -> Result<MisereGame, (Span, String)> {
    let mut lists: Vec<Vec<MisereGame>> = Vec::new();
    for step in &literal.steps {
        match *step {
            MisereStep::Open => lists.push(Vec::new()),
            MisereStep::Heap(n) => lists
                .last_mut()
                .expect("a term is inside a list")
                .push(MisereGame::nim_heap(n)),
            MisereStep::Close => {
                let terms = lists.pop().expect("a list to close");
                let g = match terms[..] {
                    [one] => one,
                    _ => MisereGame::new(terms),
                };
                match lists.last_mut() {
                    Some(parent) => parent.push(g),
                    None => return Ok(g),
                }
            }
            MisereStep::Only => {
                let g = last_term(&mut lists);
                *g = MisereGame::new([*g]);
            }
            MisereStep::Add(n) => {
                let g = last_term(&mut lists);
                *g += MisereGame::nim_heap(n);
            }
            MisereStep::Subtract { heap, at } => {
                let g = last_term(&mut lists);
                *g = g.minus_nim_heap(heap).ok_or_else(|| {
                    (
                        Span::new(at, at),
                        format!("{g} minus the nim heap *{heap} is not a game that is known"),
                    )
                })?;
            }
        }
    }
    unreachable!("a literal ends by closing its outer list")
}

/// The term a modifier applies to: the last one of the innermost list.
fn last_term(lists: &mut [Vec<MisereGame>]) -> &mut MisereGame {
    lists
        .last_mut()
        .and_then(|l| l.last_mut())
        .expect("a modifier follows a term")
}

/// The method `method` (its snake_case name; written `name`) of the misère game `g`; for a
/// method of normal-play games, the message the evaluator gives.
pub(crate) fn method(g: MisereGame, method: &str, name: &str) -> Result<Value, String> {
    Ok(match method {
        "misere_canonical_form" => Value::Misere(g),
        "genus" => Value::Genus(g.genus().clone()),
        "misere_outcome_class" => Value::Outcome(g.outcome()),
        _ => {
            return Err(format!(
                "{name} applies to normal-play games, and {g} is a misère game: its methods are MisereCanonicalForm, Genus and MisereOutcomeClass"
            ))
        }
    })
}
