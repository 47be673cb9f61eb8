//! MCGS's test files (`.test`): their reader, the mapping of their games onto partizan's
//! families ([`games`], [`basic`]) and the runner of their commands ([`run`]), for
//! `partizan test`.
//!
//! MCGS, the combinatorial game sum solver of the University of Alberta
//! (github.com/ualberta-mueller-group/MCGS), keeps its tests in files whose format its
//! `input/info.test` describes; this reader follows that description (version 1.7) and MCGS's
//! own reader where the description is silent. A file is whitespace-separated *things*:
//!
//! - `{version 1.7}` first (a later `{version …}` block is allowed too);
//! - comments `/* … */`; a comment that starts with `_` is hidden, one that starts with `#k`
//!   belongs to the command `k` (from 0) of the next command block, any other to all of its
//!   commands;
//! - section titles `[name]` and `[impartial name]`, in force until the next title;
//! - games: a word, or a bracketed `( … )` that may hold spaces, read by the section's game;
//! - command blocks `{ … }`: commands separated by commas, each on the sum of the games read
//!   since the previous block (the sum is then emptied): `B` or `W` with an optional `win` or
//!   `loss` (the player moving first and the result expected for that player), `N` with an
//!   optional nim value, `winning moves P …` and `thermograph …`.
//!
//! A bracket, a title and a block start where a word starts and end where a word ends (MCGS:
//! "enclosing symbols must have at least one whitespace character before (or after) them");
//! brackets and titles may not contain the reserved characters `[ ] ( ) { }`, `/*`, `*/`.
//!
//! ```
//! use partizan::rulesets::mcgs::{read, Command};
//! let cases = read("{version 1.7}\n[clobber_1xn] XO OX\n{B win, W win}\n").unwrap();
//! assert_eq!(cases.len(), 2);
//! assert_eq!(cases[1].line, 3);
//! assert_eq!(cases[1].command, Command::Solve { black: false, expected: Some(true) });
//! assert_eq!(cases[1].sum.len(), 2);
//! ```

pub mod basic;
pub mod games;
pub mod moves;
pub mod run;

pub use games::{McgsGame, Section};
use std::fmt;
use std::sync::Arc;

/// One command of a file, with the sum it runs on.
#[derive(Clone, Debug)]
pub struct Case {
    /// The line (from 1) where the command's block starts.
    pub line: usize,
    /// The index of the command block in the file (from 0): the cases of one block share
    /// their sum.
    pub block: usize,
    /// The games of the sum, in the order of the file.
    pub sum: Arc<Vec<McgsGame>>,
    /// The command.
    pub command: Command,
    /// The comments that belong to this command (hidden ones left out), trimmed.
    pub comments: Vec<String>,
}

/// A command of a command block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `B` or `W`: whether the player moving first (Black, Left, when `black`) wins; `win`
    /// or `loss` expected, when given.
    Solve {
        /// Black (Left) moves first; else White (Right).
        black: bool,
        /// `Some(true)` for `win`, `Some(false)` for `loss`.
        expected: Option<bool>,
    },
    /// `N`: the nim value of a sum of impartial games, expected when given.
    Nim {
        /// The expected nim value.
        expected: Option<u64>,
    },
    /// `winning moves P …`: the winning moves of player `P` (`B`, `W` or `N`), with the
    /// expected moves as written (empty when none are given).
    WinningMoves {
        /// `B`, `W` or `N`.
        player: char,
        /// The expected moves, as written.
        expected: String,
    },
    /// `thermograph …`: the thermograph, with its expected scaffolds as written (empty when
    /// not given).
    Thermograph {
        /// The expected scaffolds, as written.
        expected: String,
    },
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Solve { black, expected } => {
                f.write_str(if *black { "B" } else { "W" })?;
                match expected {
                    Some(true) => f.write_str(" win"),
                    Some(false) => f.write_str(" loss"),
                    None => Ok(()),
                }
            }
            Command::Nim { expected } => match expected {
                Some(n) => write!(f, "N {n}"),
                None => f.write_str("N"),
            },
            Command::WinningMoves { player, expected } if expected.is_empty() => {
                write!(f, "winning moves {player}")
            }
            Command::WinningMoves { player, expected } => {
                write!(f, "winning moves {player} {expected}")
            }
            Command::Thermograph { expected } if expected.is_empty() => f.write_str("thermograph"),
            Command::Thermograph { expected } => write!(f, "thermograph {expected}"),
        }
    }
}

/// Why a file is not an MCGS test file: the line and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong, one line.
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A whitespace-separated word of the file: its byte range and line.
#[derive(Clone, Copy)]
struct Word {
    start: usize,
    end: usize,
    line: usize,
}

/// The words of `text`.
fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut start: Option<(usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some((s, l)) = start.take() {
                out.push(Word {
                    start: s,
                    end: i,
                    line: l,
                });
            }
            if c == '\n' {
                line += 1;
            }
        } else if start.is_none() {
            start = Some((i, line));
        }
    }
    if let Some((s, l)) = start {
        out.push(Word {
            start: s,
            end: text.len(),
            line: l,
        });
    }
    out
}

/// Whether `inner` holds a reserved character: `[ ] ( ) { }`, `/*` or `*/`.
fn has_reserved(inner: &str) -> bool {
    inner.contains(['[', ']', '(', ')', '{', '}']) || inner.contains("/*") || inner.contains("*/")
}

/// The reader's state: the words and where it is.
struct Reader<'a> {
    text: &'a str,
    words: Vec<Word>,
    next: usize,
}

impl Reader<'_> {
    /// At a word that starts with `open`: the words up to the first that ends the text with
    /// `close`, consumed, and the text between `open` and `close` (trimmed); an error naming
    /// `what` when the file ends first, or when `inner` is false and the text holds a reserved
    /// character.
    fn enclosed(
        &mut self,
        open: &str,
        close: &str,
        what: &str,
        inner: bool,
    ) -> Result<String, ReadError> {
        let first = self.words[self.next];
        for i in self.next..self.words.len() {
            let span = &self.text[first.start..self.words[i].end];
            if span.len() >= open.len() + close.len() && span.ends_with(close) {
                let content = &span[open.len()..span.len() - close.len()];
                if !inner && has_reserved(content) {
                    return Err(ReadError {
                        line: first.line,
                        message: format!(
                            "{what} {span:?} holds one of [ ] ( ) {{ }} /* */ (a bracket must be one game; put spaces around brackets)"
                        ),
                    });
                }
                self.next = i + 1;
                return Ok(content.trim().to_string());
            }
        }
        Err(ReadError {
            line: first.line,
            message: format!("unterminated {what}: no {close:?} after {open:?}"),
        })
    }
}

/// Splits a command block's text into tokens: words, with each comma a token of its own.
fn command_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        for (i, part) in word.split(',').enumerate() {
            if i > 0 {
                out.push(",".to_string());
            }
            if !part.is_empty() {
                out.push(part.to_string());
            }
        }
    }
    out
}

/// The commands of a block's text (MCGS's grammar: commands separated by single commas).
fn commands(text: &str, line: usize) -> Result<Vec<Command>, ReadError> {
    let err = |message: String| ReadError { line, message };
    let tokens = command_tokens(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let at = |k: usize| tokens.get(k).map(String::as_str);
        let command = match at(i) {
            Some(p @ ("B" | "W")) => {
                let black = p == "B";
                i += 1;
                let expected = match at(i) {
                    None | Some(",") => None,
                    Some("win") => Some(true),
                    Some("loss") => Some(false),
                    Some(other) => {
                        return Err(err(format!(
                            "{p} command: expected result {other:?} is neither \"win\" nor \"loss\""
                        )))
                    }
                };
                i += usize::from(expected.is_some());
                Command::Solve { black, expected }
            }
            Some("N") => {
                i += 1;
                let expected = match at(i) {
                    None | Some(",") => None,
                    Some(n) => Some(n.parse::<u64>().map_err(|_| {
                        err(format!(
                            "N command: expected nim value {n:?} is not an integer >= 0"
                        ))
                    })?),
                };
                i += usize::from(expected.is_some());
                Command::Nim { expected }
            }
            Some("winning") if at(i + 1) == Some("moves") => {
                let player = match at(i + 2) {
                    Some(p @ ("B" | "W" | "N")) => p.chars().next().expect("one letter"),
                    other => {
                        return Err(err(format!(
                            "winning moves command: player {:?} is not one of B, W, N",
                            other.unwrap_or("")
                        )))
                    }
                };
                i += 3;
                let start = i;
                while at(i).is_some_and(|t| t != ",") {
                    i += 1;
                }
                Command::WinningMoves {
                    player,
                    expected: tokens[start..i].join(" "),
                }
            }
            Some("thermograph") => {
                // Its points hold commas, "(0, -1)": the command runs to a comma outside them.
                i += 1;
                let mut parts: Vec<&str> = Vec::new();
                let mut depth = 0i32;
                while let Some(t) = at(i) {
                    if t == "," && depth == 0 {
                        break;
                    }
                    depth += t.matches('(').count() as i32 - t.matches(')').count() as i32;
                    parts.push(t);
                    i += 1;
                }
                let expected = parts.join(" ").replace(" , ", ", ");
                Command::Thermograph { expected }
            }
            Some(other) => {
                return Err(err(format!(
                    "unknown command {other:?} (expected B, W, N, winning moves or thermograph)"
                )))
            }
            None => unreachable!("i < tokens.len()"),
        };
        out.push(command);
        match at(i) {
            None => {}
            Some(",") if at(i + 1).is_some() && at(i + 1) != Some(",") => i += 1,
            Some(",") => {
                return Err(err(
                    "a command block may not end with a comma or hold two in a row".into(),
                ))
            }
            Some(t) => return Err(err(format!("expected ',' between commands, not {t:?}"))),
        }
    }
    Ok(out)
}

/// The commands of the MCGS test file `text`, in order, each with its sum; or the first error.
pub fn read(text: &str) -> Result<Vec<Case>, ReadError> {
    let mut reader = Reader {
        text,
        words: words(text),
        next: 0,
    };
    let mut cases = Vec::new();
    let mut section: Option<Section> = None;
    let mut sum: Vec<McgsGame> = Vec::new();
    // Comments waiting for the next block: (the command they belong to, the text).
    let mut comments: Vec<(Option<usize>, String, usize)> = Vec::new();
    let mut version_seen = false;
    let mut blocks = 0;
    while reader.next < reader.words.len() {
        let word = reader.words[reader.next];
        let w = &text[word.start..word.end];
        let line = word.line;
        if !version_seen && !w.starts_with('{') {
            return Err(ReadError {
                line,
                message: "expected {version 1.7} at the start of the file".into(),
            });
        }
        if w.starts_with('{') {
            let content = reader.enclosed("{", "}", "command block", true)?;
            if let Some(v) = content.strip_prefix("version") {
                if v.split_whitespace().count() != 1 {
                    return Err(ReadError {
                        line,
                        message: format!("expected {{version N}}, not {{{content}}}"),
                    });
                }
                version_seen = true;
                continue;
            }
            if !version_seen {
                return Err(ReadError {
                    line,
                    message: "expected {version 1.7} at the start of the file".into(),
                });
            }
            let commands = commands(&content, line)?;
            for (k, _, at) in &comments {
                if let Some(k) = *k {
                    if k >= commands.len() {
                        return Err(ReadError {
                            line: *at,
                            message: format!(
                                "comment #{k} names no command of the next block (it has {})",
                                commands.len()
                            ),
                        });
                    }
                }
            }
            let shared = Arc::new(std::mem::take(&mut sum));
            for (i, command) in commands.into_iter().enumerate() {
                cases.push(Case {
                    line,
                    block: blocks,
                    sum: shared.clone(),
                    command,
                    comments: comments
                        .iter()
                        .filter(|(k, _, _)| k.is_none_or(|k| k == i))
                        .map(|(_, c, _)| c.clone())
                        .collect(),
                });
            }
            comments.clear();
            blocks += 1;
        } else if w.starts_with('[') {
            let content = reader.enclosed("[", "]", "section title", false)?;
            section =
                Some(Section::parse(&content).map_err(|message| ReadError { line, message })?);
        } else if w.starts_with('(') {
            let content = reader.enclosed("(", ")", "bracketed game", false)?;
            sum.push(game(section.as_ref(), &content, line)?);
        } else if w.starts_with("/*") {
            let content = reader.enclosed("/*", "*/", "comment", true)?;
            if content.starts_with('_') {
                continue;
            }
            let (k, body) = match content.strip_prefix('#') {
                Some(rest) => {
                    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    let k = digits.parse::<usize>().map_err(|_| ReadError {
                        line,
                        message: format!("comment /*#…*/ without a command number: /*{content}*/"),
                    })?;
                    (Some(k), rest[digits.len()..].trim().to_string())
                }
                None => (None, content),
            };
            comments.push((k, body, line));
        } else {
            reader.next += 1;
            sum.push(game(section.as_ref(), w, line)?);
        }
    }
    if !version_seen {
        return Err(ReadError {
            line: 1,
            message: "expected {version 1.7} at the start of the file".into(),
        });
    }
    Ok(cases)
}

/// The game written `text` in `section`.
fn game(section: Option<&Section>, text: &str, line: usize) -> Result<McgsGame, ReadError> {
    let section = section.ok_or_else(|| ReadError {
        line,
        message: format!("game {text:?} before any section title such as [clobber]"),
    })?;
    McgsGame::parse(section, text).map_err(|e| ReadError {
        line,
        message: format!("[{section}] {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_format_description() {
        let text = include_str!("../../../tests/data/mcgs/info.test");
        let cases = read(text).unwrap();
        // {B, W} on 10 games, {B loss} on none, {B, N} on two.
        let shown: Vec<String> = cases
            .iter()
            .map(|c| format!("{} {} {}", c.line, c.sum.len(), c.command))
            .collect();
        assert_eq!(shown.len(), 5);
        assert_eq!(shown[0].split(' ').nth(1), Some("10"));
        assert_eq!(
            cases[2].command,
            Command::Solve {
                black: true,
                expected: Some(false)
            }
        );
        assert!(cases[2].sum.is_empty());
        assert_eq!(cases[4].command, Command::Nim { expected: None });
        assert_eq!(
            cases[2].comments,
            ["Now the current game sum is empty. The next line solves an empty sum"]
        );
    }

    #[test]
    fn commands_and_errors() {
        let c = commands("B win, N 2, W", 1).unwrap();
        assert_eq!(c.len(), 3);
        let t = commands("thermograph L: (1, -1) (-1/2, 1) R: (-1, -1), B", 1).unwrap();
        assert_eq!(
            t[0].to_string(),
            "thermograph L: (1, -1) (-1/2, 1) R: (-1, -1)"
        );
        assert_eq!(
            t[1],
            Command::Solve {
                black: true,
                expected: None
            }
        );
        let w = commands("winning moves B 0:1-2 1:3-4", 1).unwrap();
        assert_eq!(w[0].to_string(), "winning moves B 0:1-2 1:3-4");
        assert!(commands("B draw", 1).is_err());
        assert!(commands("B win,", 1).is_err());
        assert!(commands("X", 1).is_err());
        assert!(commands("N -1", 1).is_err());
        assert!(read("[clobber] XO {B}").is_err());
        let e = read("{version 1.7}\n[clobber] XO\n/* open\n{B}\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = read("{version 1.7}\n\n[clobbr] XO {B}").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(read("{version 1.7} /*#1 x*/ [clobber] XO {B}").is_err());
        assert!(read("{version 1.7} [clobber]XO {B}").is_err());
        assert!(read("{version 1.7} XO {B}").is_err());
    }
}
