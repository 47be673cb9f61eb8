//! `partizan play`: a game against the engine, the user's moves read from standard input.
//! Expected moves and winners are derived by hand from the rules of Clobber (a stone moves onto
//! an adjacent stone of the other colour, which is removed) and from the forms played.

use crate::util::cli::{run, run_with_input};

#[test]
fn a_lost_strip_ends_with_the_engines_win() {
    // xoo, Left to move: the only move 1-2 leaves .xo, where Right's only move 3-2 leaves .o.
    // and Left cannot move.
    let r = run_with_input(&["play", "clobber(\"xoo\")"], "zz\n1-2\n");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let out = &r.stdout;
    assert!(out.contains("Your moves (Left): 1) 1-2\n"), "{out}");
    assert!(out.contains("\"zz\" is not a move of Left here"), "{out}");
    assert!(
        out.contains("The engine (Right) plays 3-2 (a winning move)."),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("Left has no move: Right wins (the engine)."),
        "{out}"
    );
    // The board is drawn with its squares' numbers.
    assert!(out.contains("1 2 3\n. X O\n"), "{out}");
}

#[test]
fn a_thrown_away_win_is_named() {
    // xoxo, Left to move: 1-2 (to .xxo, then Right 4-3, Left 2-3) and 3-2 (to xx.o, Right has
    // no move) win; 3-4 (to xo.x) loses to Right's 2-1 (o..x).
    let r = run_with_input(&["play", "clobber(\"xoxo\")"], "3-4\n");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let out = &r.stdout;
    let line = out
        .lines()
        .find(|l| l.starts_with("3-4 throws away your win: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("1-2") && line.contains("3-2"), "{line}");
    assert!(
        out.contains("The engine (Right) plays 2-1 (a winning move)."),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("Left has no move: Right wins (the engine)."),
        "{out}"
    );
}

#[test]
fn forms_sides_and_the_end_of_input() {
    // ±1 = {1|-1}, Left (the engine) first: its move to 1 wins, and Right has no move from 1.
    let r = run_with_input(&["play", "{1|-1}", "--as", "right", "--first", "left"], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("The engine (Left) plays 1 (a winning move)."),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Right has no move: Left wins (the engine)."),
        "{}",
        r.stdout
    );
    // Domineering ..|.. as Left by number: the vertical domino a1-a2 leaves Right no move.
    let r = run_with_input(&["play", "domineering(\"..|..\")"], "1\n");
    assert!(
        r.stdout.contains("Your moves (Left): 1) a1-a2  2) b1-b2"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("Right has no move: Left wins (you)."),
        "{}",
        r.stdout
    );
    // The input ends before the game does.
    let r = run_with_input(&["play", "clobber(\"xoxo\")"], "");
    assert_eq!(r.status, 0);
    assert!(
        r.stdout.contains("the game is left unfinished"),
        "{}",
        r.stdout
    );
}

#[test]
fn not_a_game_is_one_error_line() {
    let r = run(&["play", "\"abc\""]);
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
}
