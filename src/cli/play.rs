//! `partizan play EXPR [--as left|right] [--first left|right]`: a game against the engine.
//!
//! The position is shown (a board drawn with the names of its squares), the player to move
//! is named with their moves, and the user types a move: its name in MCGS's notation (`2-3`,
//! `a1-a2`, the names that `partizan test` compares, [`partizan::rulesets::mcgs::moves`]), its
//! number in the list, or the option as printed. The engine answers with a winning move when
//! it has one (a move after which the user, moving next, loses: the same decision as
//! `WinningMoves` and `outcome`), and says when the user's move threw a win away. The game
//! ends when the player to move has no move (normal play: that player loses), on `quit`, or
//! at the end of the input.

use super::out::{Failure, Out};
use partizan::rulesets::mcgs::{basic::Basic, moves};
use partizan::solve::Position;
use partizan::Value;
use std::io::{BufRead, IsTerminal, Write};

/// What `partizan play` was asked.
pub struct Options {
    /// The expression: a position or any short game.
    pub expr: String,
    /// The user plays Left (else Right).
    pub user_left: bool,
    /// Left moves first (else Right).
    pub left_first: bool,
}

/// `Left` or `Right`.
fn side(left: bool) -> &'static str {
    if left {
        "Left"
    } else {
        "Right"
    }
}

/// The game to play: a position as it is, a short game as its canonical form.
fn position(expr: &str) -> Result<Position, Failure> {
    let value = partizan::expr::evaluate_unsettled(expr).map_err(|e| e.to_string())?;
    match value {
        Value::Position(p) if p.has_tree() => Ok(p),
        Value::Position(p) => Err(Failure::Error(format!(
            "{expr}: {p} is known by its value only (its family does not give its positions); play its value instead"
        ))),
        v => match v.as_game() {
            Some(g) => Ok(Basic::Form(g).position()),
            None => Err(Failure::Error(format!(
                "{expr} is {}, not a short game to play",
                v.kind()
            ))),
        },
    }
}

/// The moves of the player to move, each with its name (MCGS's notation where the position
/// has one, else the option as printed).
fn named_moves(p: &Position, left: bool) -> Vec<(String, Position)> {
    let options = if left {
        p.left_options()
    } else {
        p.right_options()
    };
    options
        .into_iter()
        .map(|o| (moves::option_name(p, &o), o))
        .collect()
}

/// Whether the move to `option` wins for the player who made it (`left`): the other player,
/// moving next, loses.
fn wins(option: &Position, left: bool) -> Result<bool, Failure> {
    Ok(!option.wins_moving_first(!left)?)
}

/// Runs `partizan play` on `input` (standard input), writing to `out`; a prompt goes to
/// standard error when the input is a terminal.
pub fn run(options: Options, out: &mut Out) -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let prompt = stdin.is_terminal();
    play(options, stdin.lock(), prompt, out)
}

fn play(
    options: Options,
    mut input: impl BufRead,
    prompt: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let mut current = position(&options.expr)?;
    let mut left = options.left_first;
    out.line(format!(
        "You play {}, the engine {}; {} moves first. Type a move (its name or number), or quit.",
        side(options.user_left),
        side(!options.user_left),
        side(left)
    ))?;
    loop {
        out.line("")?;
        out.line(&current)?;
        if let Some(picture) = moves::picture(&current) {
            out.line(picture)?;
        }
        let moves = named_moves(&current, left);
        if moves.is_empty() {
            let winner = !left;
            out.line(format!(
                "{} has no move: {} wins{}.",
                side(left),
                side(winner),
                if winner == options.user_left {
                    " (you)"
                } else {
                    " (the engine)"
                }
            ))?;
            return Ok(());
        }
        if left != options.user_left {
            // The engine: the first winning move, else the first move.
            let mut chosen = None;
            for (i, (_, o)) in moves.iter().enumerate() {
                if wins(o, left)? {
                    chosen = Some(i);
                    break;
                }
            }
            let (i, how) = match chosen {
                Some(i) => (i, "a winning move"),
                None => (0, "it has no winning move"),
            };
            out.line(format!(
                "The engine ({}) plays {} ({how}).",
                side(left),
                moves[i].0
            ))?;
            current = moves[i].1.clone();
            left = !left;
            continue;
        }
        let list: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, (name, _))| format!("{}) {name}", i + 1))
            .collect();
        out.line(format!("Your moves ({}): {}", side(left), list.join("  ")))?;
        let i = loop {
            if prompt {
                eprint!("your move: ");
                let _ = std::io::stderr().flush();
            }
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                out.line("The input ended; the game is left unfinished.")?;
                return Ok(());
            }
            let typed = line.trim();
            if typed.is_empty() {
                continue;
            }
            if typed == "quit" {
                out.line("Game abandoned.")?;
                return Ok(());
            }
            let found = moves
                .iter()
                .position(|(name, o)| name == typed || o.to_string() == typed)
                .or_else(|| {
                    typed
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=moves.len()).contains(n))
                        .map(|n| n - 1)
                });
            match found {
                Some(i) => break i,
                None => out.line(format!(
                    "{typed:?} is not a move of {} here; the moves: {}",
                    side(left),
                    list.join("  ")
                ))?,
            }
        };
        let (name, chosen) = &moves[i];
        if !wins(chosen, left)? {
            let mut winning = Vec::new();
            for (n, o) in &moves {
                if wins(o, left)? {
                    winning.push(n.as_str());
                }
            }
            if !winning.is_empty() {
                out.line(format!(
                    "{name} throws away your win: {} would have won.",
                    winning.join(", ")
                ))?;
            }
        }
        current = chosen.clone();
        left = !left;
    }
}
