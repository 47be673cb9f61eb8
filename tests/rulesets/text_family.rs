//! A family declared as a [`TextFamily`] outside the library: Take, the toy grid game of
//! docs/ARCHITECTURE.md's "adding a family" (rows of `x`, `o` and `.`; a move removes one of
//! one's own stones), against its value counted by hand and an outcome search written here.

use partizan::rulesets::text::{grid, TextFamily};
use partizan::rulesets::{Arg, Family};
use partizan::solve::Ruleset;
use partizan::{Error, Game, Outcome};

#[derive(Clone, Copy)]
struct Take;

impl Ruleset for Take {
    type Position = Vec<String>;

    fn left_options(&self, rows: &Vec<String>) -> Vec<Vec<String>> {
        removals(rows, 'x')
    }
    fn right_options(&self, rows: &Vec<String>) -> Vec<Vec<String>> {
        removals(rows, 'o')
    }
    fn components(&self, rows: &Vec<String>) -> Vec<Vec<String>> {
        rows.iter().map(|r| vec![r.clone()]).collect()
    }
}

fn removals(rows: &[String], stone: char) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (j, c) in row.char_indices().filter(|&(_, c)| c == stone) {
            let mut next = rows.to_vec();
            next[i].replace_range(j..j + c.len_utf8(), ".");
            out.push(next);
        }
    }
    out
}

fn read(text: &str) -> Result<Vec<String>, Error> {
    let legend = "x Left's stone, o Right's, . empty";
    let g = grid(text, "Take board", legend, |c| {
        "xo.".contains(c).then_some(c)
    })?;
    Ok(g.cells
        .chunks(g.cols.max(1))
        .map(|r| r.iter().collect())
        .collect())
}

static TAKE: TextFamily<Take> = TextFamily::new("take", Take, read, |rows| rows.join("|")).usage(
    "take(\"x.o|oo.\"): rows of x (Left's stones), o (Right's), . empty",
    "take(\"xx|o.\")",
);

/// Whether the player to move (Left when `left`) wins, by search of the rules alone.
fn wins(rows: &[String], left: bool) -> bool {
    let stone = if left { 'x' } else { 'o' };
    removals(rows, stone).iter().any(|next| !wins(next, !left))
}

#[test]
fn a_text_family_is_its_rules_and_one_declaration() {
    for text in ["", "x", "o", "x.o", "xx|o.", "xo|ox", "ooo|x.x|..."] {
        let args = [Arg::Str(text.to_string())];
        let p = TAKE.position(&args, &[]).unwrap().unwrap();
        assert_eq!(p.to_string(), format!("take(\"{text}\")"));
        let count = |c: char| text.chars().filter(|&d| d == c).count() as i64;
        let value = TAKE.evaluate(&args, &[]).unwrap();
        assert_eq!(value, Game::integer(count('x') - count('o')), "{text}");
        let rows: Vec<String> = text.split('|').map(str::to_string).collect();
        let outcome = match (wins(&rows, true), wins(&rows, false)) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        assert_eq!(value.outcome(), outcome, "{text}");
        assert_eq!(p.outcome_by_search(Default::default()).unwrap().0, outcome);
    }
    let e = TAKE.evaluate(&[Arg::Str("x?".into())], &[]).unwrap_err();
    assert!(e.to_string().contains("unknown character '?'"), "{e}");
}
