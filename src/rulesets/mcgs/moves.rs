//! The winning moves of a sum, named as MCGS names them (its `input/info.test`, "Winning moves
//! command", and each game's `print_move`), for `{winning moves P …}`.
//!
//! A move of `B` (Black, Left) wins when White, moving next, loses the sum it leads to; a move of
//! `W` likewise; a move of `N` (the sum is impartial) wins when the sum it leads to has nim
//! value 0, that is, is a `P`-position (Sprague–Grundy; WW ch. 4). In an `[impartial G]`
//! game either player makes either player's moves, each named as the player who owns it
//! would name it. When the sum has two games or more, each move is prefixed by the index of
//! its game, from 0: `1:a1-a2`.
//!
//! | game | a move | named |
//! |---|---|---|
//! | `clobber_1xn`, `elephants`, `gen_toads` | the stone on square `i` (from 1) to `j` | `i-j` |
//! | `nogo_1xn` | a stone of colour `C` placed on `i` | `i_C` |
//! | `toppling_dominoes` | domino `i` toppled right or left | `iR`, `iL` |
//! | `clobber`, `cannibal_clobber` | the stone on `a1` onto the stone on `b1` | `a1-b1` |
//! | `domineering` | a domino on `a1` and `a2` (the first row and column first) | `a1-a2` |
//! | `amazons` | the queen on `a1` to `b2`, shooting at `b1` | `a1-b2-b1` |
//! | `fission` | the stone on `b2` split vertically (Black) or horizontally (White) | `b2_V`, `b2_H` |
//! | `nogo` | a stone of colour `C` placed on `b1` | `b1_C` |
//! | `gen_king_dirt` | a stone placed on `a2`; a king moved from `b1` to `a1` | `a2_C`, `b1-a1` |
//! | `sheep` | `k` sheep of the herd on `b2` moved to `a2` | `b2-a2-k` |
//! | `kayles` | `t` pins knocked down, leaving rows of `s ≤ l` | `t-s-l` |
//! | `integer_game` | the one move | `INT` |
//! | `dyadic_rational` | Black's move, White's | `DEC`, `INC` |
//! | `switch_game` | Black's move, White's | `SWITCH_L`, `SWITCH_R` |
//! | `nimber` | to `*k` | `*k` |
//! | `up_star` | to `n·↑` or `n·↑*` | `n`, `n*` |
//!
//! Squares of a grid are named as in chess, the column by a letter from `a` and the row by a
//! number from 1, counted from the first row as written. The moves of a board are named from
//! what the move changes on the board (the family's own move generator gives the moves); the
//! moves of toppling dominoes and Kayles are made from MCGS's text of the game.

use super::games::{McgsGame, Section};
use crate::algebra::Game;
use crate::solve::Position;
use crate::Error;
use std::collections::BTreeSet;

/// A move of one game: its names (a Cannibal Clobber capture of a stone of one's own has one
/// per neighbour it can be made onto, all to the same position) and where it leads.
struct Move {
    names: Vec<String>,
    to: Position,
}

/// The winning moves of `player` (`B`, `W` or `N`) in the sum of `games`, as MCGS names them,
/// each once and sorted; an error when a game cannot be played, or when `player` is `N` and
/// the sum is not impartial.
///
/// ```
/// use partizan::rulesets::mcgs::{moves::winning_moves, McgsGame, Section};
/// let s = Section::parse("clobber_1xn").unwrap();
/// // Black's one move in XXO is the X on square 2 onto the O on 3, which leaves White no move.
/// let g = McgsGame::parse(&s, "XXO").unwrap();
/// assert_eq!(winning_moves(&[g], 'B').unwrap(), ["2-3"]);
/// ```
pub fn winning_moves(games: &[McgsGame], player: char) -> Result<Vec<String>, Error> {
    let parts = games
        .iter()
        .map(McgsGame::position)
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::undefined)?;
    winning_moves_in(games, &parts, player)
}

/// [`winning_moves`], with the games' positions `parts` already made (`parts[i]` is
/// `games[i].position()`), so that what they have computed (their canonical forms) serves
/// again.
pub fn winning_moves_in(
    games: &[McgsGame],
    parts: &[Position],
    player: char,
) -> Result<Vec<String>, Error> {
    if !matches!(player, 'B' | 'W' | 'N') {
        return Err(Error::input(format!(
            "winning moves of {player:?}: expected B, W or N"
        )));
    }
    if player == 'N' && !parts.iter().all(Position::is_impartial) {
        return Err(Error::undefined(
            "the sum has a partizan game, and winning moves N asks for the moves of impartial games only",
        ));
    }
    let prefix = games.len() >= 2;
    let mut winning = BTreeSet::new();
    for (i, game) in games.iter().enumerate() {
        for m in moves(game, player)? {
            let mut next = parts.to_vec();
            next[i] = m.to;
            let sum = Position::sum(next);
            let wins = match player {
                'B' => !sum.wins_moving_first(false)?,
                'W' => !sum.wins_moving_first(true)?,
                _ => sum.nim_value()? == 0,
            };
            if wins {
                for name in m.names {
                    winning.insert(if prefix { format!("{i}:{name}") } else { name });
                }
            }
        }
    }
    Ok(winning.into_iter().collect())
}

/// The section whose notation names the moves of a position of partizan's family printed
/// `shown` (`clobber("xo.x")`, `impartial(nogo("..|.."))`): a board family of MCGS's, its
/// strips (one row) numbered as MCGS numbers its `_1xn` games; `None` for any other position.
fn section_of(shown: &str) -> Option<&'static str> {
    let shown = shown
        .strip_prefix("impartial(")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(shown);
    let (family, rest) = shown.split_once("(\"")?;
    let one_row = !rest.split('"').next()?.contains('|');
    Some(match family {
        "clobber" if rest.contains("variant=\"cannibal\"") => "cannibal_clobber",
        "clobber" if rest.contains("variant=") => return None,
        "clobber" if one_row => "clobber_1xn",
        "nogo" if one_row => "nogo_1xn",
        "clobber" => "clobber",
        "nogo" => "nogo",
        "elephants_rhinos" => "elephants",
        "toads" => "gen_toads",
        "king_dirt" => "gen_king_dirt",
        "amazons" => "amazons",
        "domineering" => "domineering",
        "fission" => "fission",
        "sheep" => "sheep",
        _ => return None,
    })
}

/// The name in MCGS's notation of the move from `before` to its option `after`, for a
/// position of a board family that MCGS plays (Clobber, Cannibal Clobber, NoGo, Elephants and
/// Rhinos, Toads and Frogs, King Dirt, Amazons, Domineering, Fission, Sheep; alone or in an
/// impartial closure); `None` for other positions and for a sum.
///
/// ```
/// use partizan::rulesets::mcgs::moves::move_name;
/// use partizan::rulesets::{family, Arg};
/// let clobber = family("clobber").unwrap();
/// let p = clobber.position(&[Arg::Str("xxo".into())], &[]).unwrap().unwrap();
/// let after = &p.left_options()[0];
/// assert_eq!(move_name(&p, after).as_deref(), Some("2-3"));
/// ```
pub fn move_name(before: &Position, after: &Position) -> Option<String> {
    let (b, a) = (before.to_string(), after.to_string());
    let section = section_of(&b)?;
    if section_of(&a) != Some(section) || b.starts_with("impartial(") != a.starts_with("impartial(")
    {
        return None;
    }
    let (b, a) = (
        Board::of_text(section, &b).ok()?,
        Board::of_text(section, &a).ok()?,
    );
    b.move_names(section, &a)?.ok()?.into_iter().next()
}

/// The board of a position that [`move_name`] names, drawn with the names of its squares: the
/// numbers of a strip's squares above it, or a grid's column letters above it and row numbers
/// beside it; `None` for other positions.
pub fn picture(p: &Position) -> Option<String> {
    let shown = p.to_string();
    let section = section_of(&shown)?;
    let board = Board::of_text(section, &shown).ok()?;
    let width = board
        .rows
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let columns = board.rows.first().map_or(0, Vec::len);
    let cell = |s: &str| format!("{s:>width$}");
    let mut lines = Vec::new();
    if board.strip {
        let w = columns.to_string().len().max(width);
        let cell = |s: &str| format!("{s:>w$}");
        lines.push(
            (1..=columns)
                .map(|c| cell(&c.to_string()))
                .collect::<Vec<_>>()
                .join(" "),
        );
        for row in &board.rows {
            lines.push(row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" "));
        }
    } else {
        let margin = board.rows.len().to_string().len();
        let letters: Vec<String> = (0..columns)
            .map(|c| column_letter(c).map_or("?".into(), String::from))
            .collect();
        lines.push(format!(
            "{:margin$} {}",
            "",
            letters
                .iter()
                .map(|l| cell(l))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        for (r, row) in board.rows.iter().enumerate() {
            lines.push(format!(
                "{:>margin$} {}",
                r + 1,
                row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" ")
            ));
        }
    }
    Some(lines.join("\n"))
}

/// The letter MCGS names column `c` (from 0) by, `a` to `z`; `None` past `z`.
fn column_letter(c: usize) -> Option<char> {
    u8::try_from(c)
        .ok()
        .filter(|c| *c < 26)
        .map(|c| char::from(b'a' + c))
}

/// The name of the move from `before` to its option `after`: [`move_name`] where the
/// position has MCGS's notation, else the option as printed.
pub fn option_name(before: &Position, after: &Position) -> String {
    move_name(before, after).unwrap_or_else(|| after.to_string())
}

/// The moves of `player` in `game`: Black's (`B`, and `N` on a game that is impartial itself)
/// or White's, or, in an `[impartial …]` game, both players' moves to the closures of their
/// positions.
fn moves(game: &McgsGame, player: char) -> Result<Vec<Move>, Error> {
    let sides: &[bool] = match (game.section.impartial, player) {
        (true, _) => &[true, false],
        (false, 'W') => &[false],
        (false, _) => &[true],
    };
    let mut all = Vec::new();
    for &left in sides {
        let mut some = side_moves(game, left)?;
        if game.section.impartial {
            for m in &mut some {
                m.to = m.to.impartial_closure();
            }
        }
        all.extend(some);
    }
    Ok(all)
}

/// Black's moves (`left`) or White's in `game` itself (not its closure).
fn side_moves(game: &McgsGame, left: bool) -> Result<Vec<Move>, Error> {
    match game.section.name {
        "toppling_dominoes" => toppling(game, left),
        "kayles" => kayles(game),
        "integer_game" | "dyadic_rational" | "switch_game" | "nimber" | "up_star" => {
            basic(game, left)
        }
        section => {
            let (base, options) = options(game, left)?;
            let before = Board::of(section, &base)?;
            options
                .into_iter()
                .map(|to| {
                    let after = Board::of(section, &to)?;
                    let names = before.move_names(section, &after).ok_or_else(|| {
                        Error::undefined(format!(
                            "cannot name the move from {base} to {to} in MCGS's notation"
                        ))
                    })??;
                    Ok(Move { names, to })
                })
                .collect()
        }
    }
}

/// The position of `game` itself (not its closure) and Black's options of it (`left`) or
/// White's.
fn options(game: &McgsGame, left: bool) -> Result<(Position, Vec<Position>), Error> {
    let base = game.base_position().map_err(Error::undefined)?;
    let options = if left {
        base.left_options()
    } else {
        base.right_options()
    };
    Ok((base, options))
}

/// The base position of the game of `section` written `text`.
fn made(section: &'static str, text: &str) -> Result<Position, Error> {
    let section = Section {
        name: section,
        impartial: false,
    };
    McgsGame::parse(&section, text)
        .and_then(|g| g.base_position())
        .map_err(Error::undefined)
}

/// Toppling dominoes (MCGS's `toppling_dominoes.cpp`): Black topples a domino of its own (`X`)
/// or one of either's (`#`), White `O` or `#`; toppled right, the domino and every one to its
/// right fall, toppled left, those to its left.
fn toppling(game: &McgsGame, left: bool) -> Result<Vec<Move>, Error> {
    let row: Vec<char> = game.text.trim().chars().collect();
    let own = if left { 'X' } else { 'O' };
    let mut out = Vec::new();
    for (k, &c) in row.iter().enumerate() {
        if c != own && c != '#' {
            continue;
        }
        for (rest, side) in [(&row[..k], 'R'), (&row[k + 1..], 'L')] {
            let text: String = rest.iter().collect();
            let to = if text.is_empty() {
                Position::of_form(Game::zero())
            } else {
                made("toppling_dominoes", &text)?
            };
            out.push(Move {
                names: vec![format!("{}{side}", k + 1)],
                to,
            });
        }
    }
    Ok(out)
}

/// Kayles on a row of `n` pins: knock down one pin or two adjacent ones, leaving two rows
/// (either may be empty).
fn kayles(game: &McgsGame) -> Result<Vec<Move>, Error> {
    let n: u64 = game
        .text
        .trim()
        .parse()
        .map_err(|_| Error::input(format!("{:?} is not a Kayles row", game.text)))?;
    let mut out = Vec::new();
    for take in 1..=n.min(2) {
        let rest = n - take;
        for smaller in 0..=rest / 2 {
            let larger = rest - smaller;
            let to = Position::sum(vec![
                made("kayles", &smaller.to_string())?,
                made("kayles", &larger.to_string())?,
            ]);
            out.push(Move {
                names: vec![format!("{take}-{smaller}-{larger}")],
                to,
            });
        }
    }
    Ok(out)
}

/// The moves of a basic game, named by the game and the player (and, for a nimber and an up
/// multiple, by the value moved to).
fn basic(game: &McgsGame, left: bool) -> Result<Vec<Move>, Error> {
    let (_, options) = options(game, left)?;
    options
        .into_iter()
        .map(|to| {
            let name = match (game.section.name, left) {
                ("integer_game", _) => "INT".to_string(),
                ("dyadic_rational", true) => "DEC".to_string(),
                ("dyadic_rational", false) => "INC".to_string(),
                ("switch_game", true) => "SWITCH_L".to_string(),
                ("switch_game", false) => "SWITCH_R".to_string(),
                ("nimber", _) => format!("*{}", nim_of(&to)?),
                _ => up_star(to.canonical_form()?)?,
            };
            Ok(Move {
                names: vec![name],
                to,
            })
        })
        .collect()
}

/// The nim value of a nimber's option.
fn nim_of(p: &Position) -> Result<u64, Error> {
    let g = p.canonical_form()?;
    g.as_nimber()
        .ok_or_else(|| Error::undefined(format!("{g} is not a nimber")))
}

/// `n·↑` written `n`, `n·↑*` written `n*`.
fn up_star(g: Game) -> Result<String, Error> {
    let not_one = || Error::undefined(format!("{g} is not n·↑ or n·↑*"));
    let e = g.uptimal_expansion().ok_or_else(not_one)?;
    if !e.number().is_zero() || e.nimber() > 1 || e.coefficients().len() > 1 {
        return Err(not_one());
    }
    let ups = e.coefficients().first().copied().unwrap_or(0);
    Ok(format!("{ups}{}", if e.nimber() == 1 { "*" } else { "" }))
}

/// A board as the family prints it: its rows of cells (characters in capitals; a Sheep grid's
/// integers), and whether it is a strip, whose squares are numbered from 1.
struct Board {
    rows: Vec<Vec<String>>,
    strip: bool,
}

/// A square of a board: row, column.
type Square = (usize, usize);

impl Board {
    /// The board of `p`, a position of the family that plays `section`: the text of its call
    /// (after the parameters and `:` of King Dirt).
    fn of(section: &str, p: &Position) -> Result<Board, Error> {
        Board::of_text(section, &p.to_string())
    }

    /// The board of a position printed `shown` (see [`Board::of`]).
    fn of_text(section: &str, shown: &str) -> Result<Board, Error> {
        let text = shown
            .split_once("(\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(text, _)| text)
            .ok_or_else(|| Error::undefined(format!("{shown} is not a board")))?;
        let text = match section {
            "gen_king_dirt" => text.split_once(':').map_or(text, |(_, board)| board),
            _ => text,
        };
        let rows = text
            .split('|')
            .map(|row| match section {
                "sheep" => row
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|w| !w.is_empty())
                    .map(str::to_string)
                    .collect(),
                _ => row
                    .chars()
                    .map(|c| c.to_ascii_uppercase().to_string())
                    .collect(),
            })
            .collect();
        let strip = matches!(
            section,
            "clobber_1xn" | "nogo_1xn" | "elephants" | "gen_toads"
        );
        Ok(Board { rows, strip })
    }

    fn at(&self, (r, c): Square) -> &str {
        &self.rows[r][c]
    }

    /// A square's name: its number from 1 on a strip, else its column letter and row number.
    fn name(&self, (r, c): Square) -> Result<String, Error> {
        if self.strip {
            return Ok((c + 1).to_string());
        }
        let column = column_letter(c).ok_or_else(|| {
            Error::undefined(
                "MCGS names the columns of a grid a to z only, and this board has more",
            )
        })?;
        Ok(format!("{column}{}", r + 1))
    }

    /// The names of the move from this board to `after` in the game of `section`; `None` when
    /// the change is not one move of that game.
    fn move_names(&self, section: &str, after: &Board) -> Option<Result<Vec<String>, Error>> {
        if self.rows.len() != after.rows.len()
            || self
                .rows
                .iter()
                .zip(&after.rows)
                .any(|(a, b)| a.len() != b.len())
        {
            return None;
        }
        let changed: Vec<Square> = (0..self.rows.len())
            .flat_map(|r| (0..self.rows[r].len()).map(move |c| (r, c)))
            .filter(|&s| self.at(s) != after.at(s))
            .collect();
        let piece = |t: &str| t != "." && t != "#";
        // The one changed square that `test` picks (before, after), if exactly one is.
        let one = |test: &dyn Fn(&str, &str) -> bool| {
            let mut it = changed
                .iter()
                .copied()
                .filter(|&s| test(self.at(s), after.at(s)));
            match (it.next(), it.next()) {
                (Some(s), None) => Some(s),
                _ => None,
            }
        };
        let from = || one(&|b, a| piece(b) && !piece(a));
        let to = || one(&|b, a| piece(a) && a != b);
        let names = |squares: &[Square], tail: &str| -> Result<Vec<String>, Error> {
            let parts = squares
                .iter()
                .map(|&s| self.name(s))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(vec![format!("{}{tail}", parts.join("-"))])
        };
        Some(match section {
            "domineering" => match changed.as_slice() {
                [a, b] if after.at(*a) == "#" && after.at(*b) == "#" => names(&[*a, *b], ""),
                _ => return None,
            },
            "nogo" | "nogo_1xn" => match changed.as_slice() {
                [s] if piece(after.at(*s)) => names(&[*s], &format!("_{}", after.at(*s))),
                _ => return None,
            },
            // Black splits a stone vertically, into the squares above and below it.
            "fission" => {
                let f = from()?;
                let column = changed.iter().filter(|s| **s != f).all(|s| s.1 == f.1);
                names(&[f], if column { "_V" } else { "_H" })
            }
            "gen_king_dirt" => match (from(), to()?) {
                (Some(f), t) => names(&[f, t], ""),
                (None, t) => names(&[t], &format!("_{}", after.at(t))),
            },
            "amazons" => {
                let arrow = one(&|b, a| a == "#" && b != "#")?;
                names(&[from()?, to()?, arrow], "")
            }
            "sheep" => {
                let count = |t: &str| t.parse::<i64>().ok().map(i64::unsigned_abs);
                let f = one(&|b, a| matches!((count(b), count(a)), (Some(b), Some(a)) if b > a))?;
                let t = one(&|b, a| count(b) == Some(0) && count(a).is_some_and(|a| a > 0))?;
                let moved = count(after.at(t))?;
                names(&[f, t], &format!("-{moved}"))
            }
            "cannibal_clobber" => {
                let f = from()?;
                match to() {
                    Some(t) => names(&[f, t], ""),
                    // A capture of one's own stone: the board is the same whichever
                    // neighbour of the same colour was captured, and MCGS names each.
                    None => {
                        let (r, c) = f;
                        let mut out = Vec::new();
                        let neighbours = [
                            (r.wrapping_sub(1), c),
                            (r + 1, c),
                            (r, c.wrapping_sub(1)),
                            (r, c + 1),
                        ];
                        for n in neighbours {
                            let on_board = self.rows.get(n.0).is_some_and(|row| n.1 < row.len());
                            if on_board && self.at(n) == self.at(f) && after.at(n) == self.at(f) {
                                match names(&[f, n], "") {
                                    Ok(mut v) => out.append(&mut v),
                                    Err(e) => return Some(Err(e)),
                                }
                            }
                        }
                        if out.is_empty() {
                            return None;
                        }
                        Ok(out)
                    }
                }
            }
            _ => names(&[from()?, to()?], ""),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(section: &str, text: &str) -> McgsGame {
        McgsGame::parse(&Section::parse(section).unwrap(), text).unwrap()
    }

    fn wins(section: &str, texts: &[&str], player: char) -> Vec<String> {
        let games: Vec<McgsGame> = texts.iter().map(|t| game(section, t)).collect();
        winning_moves(&games, player).unwrap()
    }

    /// The rules of a game on one strip: Black's moves (or White's), each named, with the strip
    /// after it.
    type Rules = fn(&[u8], bool) -> Vec<(String, Vec<u8>)>;

    /// The rules of a game on one strip, as a closure (a `gen_toads` game's holds its
    /// parameters).
    type StripRules<'a> = &'a dyn Fn(&[u8], bool) -> Vec<(String, Vec<u8>)>;

    /// Clobber on a strip: a stone moves onto an adjacent stone of the other colour, which it
    /// removes (`i-j`, squares from 1).
    fn clobber_rules(s: &[u8], black: bool) -> Vec<(String, Vec<u8>)> {
        let (me, you) = if black { (b'X', b'O') } else { (b'O', b'X') };
        let mut out = Vec::new();
        for i in 0..s.len() {
            for j in [i.wrapping_sub(1), i + 1] {
                if s[i] == me && s.get(j) == Some(&you) {
                    let mut t = s.to_vec();
                    t[i] = b'.';
                    t[j] = me;
                    out.push((format!("{}-{}", i + 1, j + 1), t));
                }
            }
        }
        out
    }

    /// Toppling dominoes: a domino of one's own or of either's, toppled right, removes itself
    /// and those to its right (`iR`), toppled left those to its left (`iL`).
    fn toppling_rules(s: &[u8], black: bool) -> Vec<(String, Vec<u8>)> {
        let own = if black { b'X' } else { b'O' };
        let mut out = Vec::new();
        for (k, &c) in s.iter().enumerate() {
            if c == own || c == b'#' {
                out.push((format!("{}R", k + 1), s[..k].to_vec()));
                out.push((format!("{}L", k + 1), s[k + 1..].to_vec()));
            }
        }
        out
    }

    /// A fixed pseudo-random sequence from `seed` (a linear congruential generator), so that
    /// the random cases are the same on every run.
    fn sequence(seed: u64) -> impl FnMut() -> usize {
        let mut x = seed;
        move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) as usize
        }
    }

    /// Strips of length 1 to 7 over `alphabet`, from a fixed pseudo-random sequence.
    fn strips(alphabet: &[u8], count: usize) -> Vec<Vec<u8>> {
        let mut next = sequence(0x2545_f491);
        (0..count)
            .map(|_| {
                let len = 1 + next() % 7;
                (0..len)
                    .map(|_| alphabet[next() % alphabet.len()])
                    .collect()
            })
            .collect()
    }

    /// Checks [`winning_moves`] against `rules` on strips over `alphabet` of the game of
    /// `section`, each written after `prefix` (a `gen_toads` game's parameters), a strip alone
    /// and sums of two, for both players; the number of cases with a winning move.
    fn check_strips(section: &str, prefix: &str, alphabet: &[u8], rules: StripRules<'_>) -> usize {
        let sums: Vec<Vec<Vec<u8>>> = strips(alphabet, 120)
            .chunks(3)
            .flat_map(|three| [three[..1].to_vec(), three[1..].to_vec()])
            .collect();
        let rules = |s: &Vec<u8>, black| rules(s, black);
        let game_of =
            |s: &Vec<u8>| game(section, &format!("{prefix}{}", String::from_utf8_lossy(s)));
        check_sums(&sums, &rules, &game_of)
    }

    fn check_against_rules(section: &str, alphabet: &[u8], rules: Rules) {
        let some = check_strips(section, "", alphabet, &rules);
        // The strips are not all lost positions: most cases have a winning move.
        assert!(some > 60, "{some}");
    }

    #[test]
    fn clobber_strips_agree_with_the_rules() {
        // XXO: Black's one move, the X on 2 onto the O on 3, leaves White no move.
        assert_eq!(wins("clobber_1xn", &["XXO"], 'B'), ["2-3"]);
        check_against_rules("clobber_1xn", b"XO.", clobber_rules);
    }

    #[test]
    fn toppling_dominoes_agree_with_the_rules() {
        check_against_rules("toppling_dominoes", b"XO#", toppling_rules);
    }

    #[test]
    fn kayles_moves_win_to_nim_value_zero() {
        // Grundy values of Kayles by the rules: a move removes one pin or two adjacent ones.
        let mut g = [0usize; 16];
        for n in 1..16 {
            let mut seen = [false; 32];
            for take in 1..=n.min(2) {
                for s in 0..=(n - take) {
                    seen[g[s] ^ g[n - take - s]] = true;
                }
            }
            g[n] = seen.iter().position(|x| !x).unwrap();
        }
        for (a, b) in [(3, 7), (4, 9), (5, 5), (1, 12)] {
            let mut expected = Vec::new();
            for (k, (n, other)) in [(a, b), (b, a)].into_iter().enumerate() {
                for take in 1..=n.min(2) {
                    for s in 0..=(n - take) / 2 {
                        let l = n - take - s;
                        if g[s] ^ g[l] ^ g[other] == 0 {
                            expected.push(format!("{k}:{take}-{s}-{l}"));
                        }
                    }
                }
            }
            expected.sort();
            let texts = [a.to_string(), b.to_string()];
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            assert_eq!(wins("kayles", &texts, 'N'), expected, "{a} + {b}");
        }
    }

    /// The chess-like name of the square in row `r` and column `c` (from 0): `b1`.
    fn square(r: usize, c: usize) -> String {
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    }

    /// A board of MCGS's grid text, its rows joined by `|`.
    fn text(b: &[Vec<u8>]) -> String {
        b.iter()
            .map(|row| String::from_utf8(row.clone()).unwrap())
            .collect::<Vec<_>>()
            .join("|")
    }

    /// Domineering by the rules: Black (Left) places a vertical domino on two empty squares
    /// (`.`), White a horizontal one; each move named by its two squares, the upper or left
    /// first.
    fn domineering_moves(rows: &[Vec<u8>], black: bool) -> Vec<(String, Vec<Vec<u8>>)> {
        let mut out = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                let (r2, c2) = if black { (r + 1, c) } else { (r, c + 1) };
                if rows[r][c] == b'.' && rows.get(r2).and_then(|row| row.get(c2)) == Some(&b'.') {
                    let mut next = rows.to_vec();
                    next[r][c] = b'#';
                    next[r2][c2] = b'#';
                    out.push((format!("{}-{}", square(r, c), square(r2, c2)), next));
                }
            }
        }
        out
    }

    /// Sums of boards and the player to move, with whether that player wins.
    type SumMemo<B> = std::collections::HashMap<(Vec<B>, bool), bool>;

    /// A game's rules on one board: the named moves of Black (`true`) or White.
    type BoardRules<'a, B> = &'a dyn Fn(&B, bool) -> Vec<(String, B)>;

    /// Whether the player to move (Black when `black`) wins a sum of boards by `rules`.
    fn sum_wins<B: Clone + Eq + std::hash::Hash>(
        boards: &[B],
        black: bool,
        rules: BoardRules<'_, B>,
        memo: &mut SumMemo<B>,
    ) -> bool {
        if let Some(&w) = memo.get(&(boards.to_vec(), black)) {
            return w;
        }
        let wins = !sum_winning(boards, black, rules, memo).is_empty();
        memo.insert((boards.to_vec(), black), wins);
        wins
    }

    /// The winning moves of a sum of boards by `rules`, each prefixed by its board's index
    /// when there are two boards or more, sorted.
    fn sum_winning<B: Clone + Eq + std::hash::Hash>(
        boards: &[B],
        black: bool,
        rules: BoardRules<'_, B>,
        memo: &mut SumMemo<B>,
    ) -> Vec<String> {
        let mut winning = Vec::new();
        for (k, b) in boards.iter().enumerate() {
            for (name, next) in rules(b, black) {
                let mut all = boards.to_vec();
                all[k] = next;
                if !sum_wins(&all, !black, rules, memo) {
                    winning.push(if boards.len() > 1 {
                        format!("{k}:{name}")
                    } else {
                        name
                    });
                }
            }
        }
        winning.sort();
        winning.dedup();
        winning
    }

    /// Checks [`winning_moves`] against `rules` on each sum of `sums` (its boards played as
    /// `game_of` makes them), for both players; the number of cases with a winning move.
    fn check_sums<B: Clone + Eq + std::hash::Hash>(
        sums: &[Vec<B>],
        rules: BoardRules<'_, B>,
        game_of: &dyn Fn(&B) -> McgsGame,
    ) -> usize {
        let mut memo = SumMemo::new();
        let mut some = 0;
        for boards in sums {
            let games: Vec<McgsGame> = boards.iter().map(game_of).collect();
            let shown: Vec<String> = games.iter().map(McgsGame::to_string).collect();
            for (player, black) in [('B', true), ('W', false)] {
                let expected = sum_winning(boards, black, rules, &mut memo);
                some += usize::from(!expected.is_empty());
                assert_eq!(
                    winning_moves(&games, player).unwrap(),
                    expected,
                    "{shown:?} {player}"
                );
            }
        }
        some
    }

    /// `cases` sums of one board or two, each board made by `board` from a fixed
    /// pseudo-random sequence (started by `seed`).
    fn random_sums<B>(
        seed: u64,
        cases: usize,
        mut board: impl FnMut(&mut dyn FnMut() -> usize) -> B,
    ) -> Vec<Vec<B>> {
        let mut next = sequence(seed);
        (0..cases)
            .map(|_| {
                let count = 1 + next() % 2;
                (0..count).map(|_| board(&mut next)).collect()
            })
            .collect()
    }

    /// A board of `h` rows of `w` squares, each `cell()`.
    fn grid_of<T>(h: usize, w: usize, mut cell: impl FnMut() -> T) -> Vec<Vec<T>> {
        (0..h).map(|_| (0..w).map(|_| cell()).collect()).collect()
    }

    /// A square of `weighted` (a square repeated is likelier), picked by `next`.
    fn pick(next: &mut dyn FnMut() -> usize, weighted: &[u8]) -> u8 {
        weighted[next() % weighted.len()]
    }

    #[test]
    fn domineering_moves_agree_with_the_rules() {
        let rules = |b: &Vec<Vec<u8>>, black| domineering_moves(b, black);
        // One or two boards of up to 3 x 4 squares, about one square in five blocked.
        let sums = random_sums(0x9e37_79b9, 30, |next| {
            let (h, w) = (1 + next() % 3, 1 + next() % 4);
            grid_of(h, w, || if next().is_multiple_of(5) { b'#' } else { b'.' })
        });
        let some = check_sums(&sums, &rules, &|b| game("domineering", &text(b)));
        assert!(some > 15, "{some}");
    }

    /// Whether every group of stones (orthogonally connected, of one colour) on `b` has a
    /// liberty, an empty square beside it (`#` is off the board).
    fn every_group_breathes(b: &[Vec<u8>]) -> bool {
        let (h, w) = (b.len(), b[0].len());
        let mut seen = vec![vec![false; w]; h];
        for r in 0..h {
            for c in 0..w {
                if seen[r][c] || !matches!(b[r][c], b'X' | b'O') {
                    continue;
                }
                let (mut stack, mut free) = (vec![(r, c)], false);
                seen[r][c] = true;
                while let Some((y, x)) = stack.pop() {
                    for (ny, nx) in [
                        (y.wrapping_sub(1), x),
                        (y + 1, x),
                        (y, x.wrapping_sub(1)),
                        (y, x + 1),
                    ] {
                        match b.get(ny).and_then(|row| row.get(nx)) {
                            Some(b'.') => free = true,
                            Some(&v) if v == b[r][c] && !seen[ny][nx] => {
                                seen[ny][nx] = true;
                                stack.push((ny, nx));
                            }
                            _ => {}
                        }
                    }
                }
                if !free {
                    return false;
                }
            }
        }
        true
    }

    /// NoGo by the rules: a stone of one's colour on an empty square after which every group
    /// of either colour still has a liberty; named `b1_X` on a grid, `3_X` on a strip.
    fn nogo_moves(b: &[Vec<u8>], black: bool) -> Vec<(String, Vec<Vec<u8>>)> {
        let me = if black { b'X' } else { b'O' };
        let strip = b.len() == 1;
        let mut out = Vec::new();
        for r in 0..b.len() {
            for c in 0..b[r].len() {
                if b[r][c] != b'.' {
                    continue;
                }
                let mut t = b.to_vec();
                t[r][c] = me;
                if every_group_breathes(&t) {
                    let square = if strip {
                        (c + 1).to_string()
                    } else {
                        square(r, c)
                    };
                    out.push((format!("{square}_{}", char::from(me)), t));
                }
            }
        }
        out
    }

    #[test]
    fn nogo_moves_agree_with_the_rules() {
        let rules = |b: &Vec<Vec<u8>>, black| nogo_moves(b, black);
        // One or two boards of up to 3 x 3 (some squares off the board, which MCGS's grids
        // allow and its strips do not) or strips of up to 6, a few stones placed by legal
        // moves.
        let sums = random_sums(0x85eb_ca6b, 24, |next| {
            let (h, w) = if next().is_multiple_of(2) {
                (1, 1 + next() % 6)
            } else {
                (2 + next() % 2, 2 + next() % 2)
            };
            let mut b = grid_of(h, w, || {
                if h > 1 && next().is_multiple_of(6) {
                    b'#'
                } else {
                    b'.'
                }
            });
            for _ in 0..next() % 3 {
                let moves = nogo_moves(&b, next().is_multiple_of(2));
                if !moves.is_empty() {
                    b = moves[next() % moves.len()].1.clone();
                }
            }
            b
        });
        let game_of =
            |b: &Vec<Vec<u8>>| game(if b.len() == 1 { "nogo_1xn" } else { "nogo" }, &text(b));
        let some = check_sums(&sums, &rules, &game_of);
        assert!(some > 12, "{some}");
    }

    /// The position of the call `name("text")`.
    fn family(name: &str, text: &str) -> Position {
        let f = crate::rulesets::family(name).unwrap();
        f.position(&[crate::rulesets::Arg::Str(text.to_string())], &[])
            .unwrap()
            .unwrap()
    }

    #[test]
    fn moves_of_family_positions_are_named_by_the_rules() {
        for strip in strips(b"XO.", 40) {
            let text = std::str::from_utf8(&strip).unwrap();
            let p = family("clobber", text);
            for (left, options) in [(true, p.left_options()), (false, p.right_options())] {
                let mut named: Vec<String> =
                    options.iter().map(|o| move_name(&p, o).unwrap()).collect();
                named.sort();
                let mut expected: Vec<String> = clobber_rules(&strip, left)
                    .into_iter()
                    .map(|(n, _)| n)
                    .collect();
                expected.sort();
                assert_eq!(named, expected, "{text} {left}");
            }
        }
        // Fission: Left splits the stone on b2 vertically, Right horizontally.
        let p = family("fission", "...|.x.|...");
        assert_eq!(move_name(&p, &p.left_options()[0]).as_deref(), Some("b2_V"));
        assert_eq!(
            move_name(&p, &p.right_options()[0]).as_deref(),
            Some("b2_H")
        );
        // A form has no board notation.
        let g = Position::of_form(Game::star());
        assert_eq!(move_name(&g, &g.left_options()[0]), None);
        assert_eq!(
            picture(&family("domineering", "..#|...")).unwrap(),
            "  a b c\n1 . . #\n2 . . ."
        );
    }

    #[test]
    fn impartial_moves_are_both_players_moves() {
        // [impartial clobber_1xn] XO: either player's capture wins (each leaves one stone).
        assert_eq!(wins("impartial clobber_1xn", &["XO"], 'N'), ["1-2", "2-1"]);
        // Cannibal Clobber: XX|.. has the two captures of one's own stone, a1-b1 and b1-a1.
        assert_eq!(
            wins("cannibal_clobber", &["XX|.."], 'B'),
            ["a1-b1", "b1-a1"]
        );
        // A partizan game has no N moves.
        let games = [game("clobber_1xn", "XO")];
        assert!(winning_moves(&games, 'N').is_err());
    }

    /// A grid of MCGS's text, its rows separated by `|`: `.X.|...`.
    fn grid(text: &str) -> Vec<Vec<u8>> {
        text.split('|').map(|row| row.bytes().collect()).collect()
    }

    /// A square of a board: row, column (from 0).
    type At = (usize, usize);

    /// The eight steps of a chess king (and the directions of a queen): up, up-right, and on
    /// clockwise.
    const KING_STEPS: [(isize, isize); 8] = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];

    /// Every square of `b`, row by row.
    fn squares<T>(b: &[Vec<T>]) -> Vec<At> {
        (0..b.len())
            .flat_map(|r| (0..b[r].len()).map(move |c| (r, c)))
            .collect()
    }

    /// The square one step `(dr, dc)` from `(r, c)`, if it is on the board `b`.
    fn step<T>(b: &[Vec<T>], (r, c): At, (dr, dc): (isize, isize)) -> Option<At> {
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < b.len() && c < b[r].len()).then_some((r, c))
    }

    /// The squares from `from` (itself left out) in the direction `d`, up to the edge of `b` or
    /// the first square that `open` refuses.
    fn ray<T>(b: &[Vec<T>], from: At, d: (isize, isize), open: impl Fn(&T) -> bool) -> Vec<At> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(n) = step(b, at, d).filter(|&(r, c)| open(&b[r][c])) {
            out.push(n);
            at = n;
        }
        out
    }

    /// The name of the square `(r, c)`: `b1`.
    fn named((r, c): At) -> String {
        square(r, c)
    }

    /// `b` with the squares of `changes` set.
    fn with<T: Clone>(b: &[Vec<T>], changes: &[(At, T)]) -> Vec<Vec<T>> {
        let mut t = b.to_vec();
        for ((r, c), v) in changes {
            t[*r][*c] = v.clone();
        }
        t
    }

    /// Checks a case recorded in MCGS's `winning_moves_all.test`: the game of `section`
    /// written `text`, whose board for the rules is `board`, has the winning moves `black` for
    /// Black and `white` for White, both by [`winning_moves`] and by `rules`.
    fn check_recorded<B: Clone + Eq + std::hash::Hash>(
        (section, text): (&str, &str),
        board: B,
        rules: BoardRules<'_, B>,
        black: &[&str],
        white: &[&str],
    ) {
        let mut memo = SumMemo::new();
        for (player, b, expected) in [('B', true, black), ('W', false, white)] {
            assert_eq!(wins(section, &[text], player), expected, "{text} {player}");
            let by_rules = sum_winning(std::slice::from_ref(&board), b, rules, &mut memo);
            assert_eq!(by_rules, expected, "{text} {player} by the rules");
        }
    }

    /// Generalised Toads and Frogs (MCGS's `gen_toads`, parameters `[min slide, max slide,
    /// max jump, friendly]`): Black's toads `X` move right, White's frogs `O` left. A creature
    /// whose next square ahead is empty slides `min slide` to `max slide` squares, every square
    /// it crosses and the one it lands on empty; one whose next square is occupied jumps over
    /// the run of creatures in front of it (of the other kind only, or of either kind when
    /// friendly is 1), 1 to `max jump` of them, onto the empty square just beyond. Named by
    /// the squares from and to, from 1: `1-3`.
    fn toads_moves(
        s: &[u8],
        black: bool,
        [min, max, jump, friendly]: [usize; 4],
    ) -> Vec<(String, Vec<u8>)> {
        let (me, you, dir) = if black {
            (b'X', b'O', 1)
        } else {
            (b'O', b'X', -1)
        };
        let mut out = Vec::new();
        for i in (0..s.len()).filter(|&i| s[i] == me) {
            // The square `k` ahead of the creature, on the strip.
            let ahead = |k: usize| {
                i.checked_add_signed(dir * k as isize)
                    .filter(|&j| j < s.len())
            };
            let mut go = |j: usize| {
                let mut t = s.to_vec();
                t[i] = b'.';
                t[j] = me;
                out.push((format!("{}-{}", i + 1, j + 1), t));
            };
            match ahead(1).map(|j| s[j]) {
                None => {}
                Some(b'.') => {
                    for k in 1..=max {
                        match ahead(k) {
                            Some(j) if s[j] == b'.' => {
                                if k >= min {
                                    go(j)
                                }
                            }
                            _ => break,
                        }
                    }
                }
                Some(_) => {
                    let over = |c: u8| c == you || (friendly == 1 && c == me);
                    let run = (1..)
                        .take_while(|&k| ahead(k).is_some_and(|j| over(s[j])))
                        .count();
                    if let Some(j) = ahead(run + 1).filter(|&j| run <= jump && s[j] == b'.') {
                        go(j);
                    }
                }
            }
        }
        out
    }

    /// Elephants and Rhinos (MCGS's `elephants`; *Lessons in Play*): Black's elephant `X`
    /// steps one square right onto an empty square, White's rhino `O` one square left; named
    /// `i-j`. That is Toads and Frogs with slides of exactly one square and no jumps.
    fn elephants_moves(s: &[u8], black: bool) -> Vec<(String, Vec<u8>)> {
        toads_moves(s, black, [1, 1, 0, 0])
    }

    #[test]
    fn elephants_moves_agree_with_the_rules() {
        // winning_moves_all.test, [elephants]: Black's winning steps in X..O..X.O..X are the
        // first X's and the second's (the last X cannot move), White's the two O's.
        let rules = |s: &Vec<u8>, black| elephants_moves(s, black);
        check_recorded(
            ("elephants", "X..O..X.O..X"),
            b"X..O..X.O..X".to_vec(),
            &rules,
            &["1-2", "7-8"],
            &["4-3", "9-8"],
        );
        let some = check_strips("elephants", "", b"XO.", &elephants_moves);
        // Many strips are 0 (no stone can ever meet one of the other colour, or all are
        // stuck), but about one case in three has a winning move.
        assert!(some > 35, "{some}");
    }

    #[test]
    fn gen_toads_moves_agree_with_the_rules() {
        // winning_moves_all.test, [gen_toads] 2,3,2,0:X...X...O.O: Black's slide 5-7 and
        // White's 9-7 (slides of 2 or 3 squares, jumps over up to 2 creatures).
        let params = [2, 3, 2, 0];
        let rules = |s: &Vec<u8>, black| toads_moves(s, black, params);
        check_recorded(
            ("gen_toads", "2,3,2,0:X...X...O.O"),
            b"X...X...O.O".to_vec(),
            &rules,
            &["5-7"],
            &["9-7"],
        );
        // The usual game (1,1,1,0), and others: longer slides, longer and friendly jumps,
        // minimum slides of 1 and 2 (MCGS's tests use no larger minimum).
        for params in [
            [1, 1, 1, 0],
            [1, 1, 0, 0],
            [1, 2, 2, 1],
            [2, 3, 1, 0],
            [1, 3, 2, 0],
        ] {
            let prefix = format!("{},{},{},{}:", params[0], params[1], params[2], params[3]);
            let rules = |s: &[u8], black| toads_moves(s, black, params);
            let some = check_strips("gen_toads", &prefix, b"XO.", &rules);
            assert!(some > 25, "{prefix} {some}");
        }
    }

    /// Amazons: a player's queen (Black's `X`, White's `O`) moves as a chess queen, any
    /// distance in one of the eight directions over empty squares (`.`), then shoots an arrow
    /// the same way from where it landed (the square it left is empty now) onto an empty
    /// square, which is burnt (`#`) for good; named by the squares from, to and of the arrow:
    /// `b1-a1-a2`.
    fn amazons_moves(b: &[Vec<u8>], black: bool) -> Vec<(String, Vec<Vec<u8>>)> {
        let me = if black { b'X' } else { b'O' };
        let empty = |c: &u8| *c == b'.';
        let mut out = Vec::new();
        for from in squares(b).into_iter().filter(|&(r, c)| b[r][c] == me) {
            for d in KING_STEPS {
                for to in ray(b, from, d, empty) {
                    let moved = with(b, &[(from, b'.'), (to, me)]);
                    for e in KING_STEPS {
                        for arrow in ray(&moved, to, e, empty) {
                            let name = format!("{}-{}-{}", named(from), named(to), named(arrow));
                            out.push((name, with(&moved, &[(arrow, b'#')])));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn amazons_moves_agree_with_the_rules() {
        // winning_moves_all.test, [amazons] .X|..: Black's every move wins (White has no
        // queen), White has none.
        let rules = |b: &Vec<Vec<u8>>, black| amazons_moves(b, black);
        let all =
            "b1-a1-a2 b1-a1-b1 b1-a1-b2 b1-a2-a1 b1-a2-b1 b1-a2-b2 b1-b2-a1 b1-b2-a2 b1-b2-b1";
        let all: Vec<&str> = all.split(' ').collect();
        check_recorded(("amazons", ".X|.."), grid(".X|.."), &rules, &all, &[]);
        // Boards of up to 3 x 3 squares alone, up to 6 in a sum; a queen of each colour likely.
        let sums = random_sums(0x2f6b_1c3d, 80, |next| {
            let (h, w) = (1 + next() % 3, 2 + next() % 2);
            grid_of(h, w, || pick(next, b"....XO#"))
        });
        let sums: Vec<_> = sums
            .into_iter()
            .filter(|s| s.len() == 1 || s.iter().all(|b| b.len() * b[0].len() <= 6))
            .collect();
        let some = check_sums(&sums, &rules, &|b| game("amazons", &text(b)));
        assert!(some > 40, "{some}");
    }

    /// Fission: Black (Left) splits one of the stones (`X`) vertically, White horizontally:
    /// the stone leaves its square and two stones appear on the squares on either side of it
    /// along the mover's axis (above and below for Black, left and right for White), which
    /// must both be on the board and empty (`.`; `#` is blocked); named by the stone's square
    /// and `_V` or `_H`: `b2_V`.
    fn fission_moves(b: &[Vec<u8>], black: bool) -> Vec<(String, Vec<Vec<u8>>)> {
        let ((dr, dc), tag) = if black { ((1, 0), 'V') } else { ((0, 1), 'H') };
        let empty = |s: Option<At>| s.filter(|&(r, c)| b[r][c] == b'.');
        squares(b)
            .into_iter()
            .filter(|&(r, c)| b[r][c] == b'X')
            .filter_map(|s| {
                let (one, two) = (empty(step(b, s, (-dr, -dc)))?, empty(step(b, s, (dr, dc)))?);
                let after = with(b, &[(s, b'.'), (one, b'X'), (two, b'X')]);
                Some((format!("{}_{tag}", named(s)), after))
            })
            .collect()
    }

    #[test]
    fn fission_moves_agree_with_the_rules() {
        // winning_moves_all.test, [fission] .X.|.X.|.#.: Black cannot split either stone
        // vertically; White's one split, of b1, wins.
        let rules = |b: &Vec<Vec<u8>>, black| fission_moves(b, black);
        check_recorded(
            ("fission", ".X.|.X.|.#."),
            grid(".X.|.X.|.#."),
            &rules,
            &[],
            &["b1_H"],
        );
        // Boards of 3 x 3 to 4 x 4 squares, about one in six blocked, with one to three
        // stones.
        let sums = random_sums(0x6a09_e667, 60, |next| {
            let (h, w) = (3 + next() % 2, 3 + next() % 2);
            let mut b = grid_of(h, w, || pick(next, b".....#"));
            for _ in 0..1 + next() % 3 {
                b[next() % h][next() % w] = b'X';
            }
            b
        });
        let some = check_sums(&sums, &rules, &|b| game("fission", &text(b)));
        assert!(some > 25, "{some}");
    }

    /// A Generalised King Dirt position: `[kings in Black's hand, in White's, must place]`
    /// and the board.
    type KingDirt = ([u8; 3], Vec<Vec<u8>>);

    /// Generalised King Dirt (MCGS's `gen_king_dirt`): a player with a king in hand may place
    /// it on any empty square (named `a2_X`, `a2_O`); or a player slides one of their kings
    /// (Black's `X`, White's `O`) on the board one step, as a chess king, onto an empty square,
    /// and the square it left becomes dirt (`#`; named `b1-a1`), but not while must place is
    /// set (1) and the player has a king in hand.
    fn king_dirt_moves((p, b): &KingDirt, black: bool) -> Vec<(String, KingDirt)> {
        let (me, hand) = if black { (b'X', 0) } else { (b'O', 1) };
        let mut out = Vec::new();
        for s in squares(b) {
            let (r, c) = s;
            if b[r][c] == b'.' && p[hand] > 0 {
                let mut q = *p;
                q[hand] -= 1;
                let name = format!("{}_{}", named(s), char::from(me));
                out.push((name, (q, with(b, &[(s, me)]))));
            }
            if b[r][c] == me && !(p[2] == 1 && p[hand] > 0) {
                for to in KING_STEPS.iter().filter_map(|&d| step(b, s, d)) {
                    if b[to.0][to.1] == b'.' {
                        let name = format!("{}-{}", named(s), named(to));
                        out.push((name, (*p, with(b, &[(s, b'#'), (to, me)]))));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn gen_king_dirt_moves_agree_with_the_rules() {
        // winning_moves_all.test, [gen_king_dirt] 1,1,0:.X.|...|.O.: Black wins by placing
        // its king in hand on the middle row or by any slide of the king on b1; White alike,
        // with its king on b3.
        let rules = |k: &KingDirt, black| king_dirt_moves(k, black);
        check_recorded(
            ("gen_king_dirt", "1,1,0:.X.|...|.O."),
            ([1, 1, 0], grid(".X.|...|.O.")),
            &rules,
            &[
                "a2_X", "b1-a1", "b1-a2", "b1-b2", "b1-c1", "b1-c2", "b2_X", "c2_X",
            ],
            &[
                "a2_O", "b2_O", "b3-a2", "b3-a3", "b3-b2", "b3-c2", "b3-c3", "c2_O",
            ],
        );
        // Boards of up to 2 x 3 squares with up to two kings in each hand, must place or not.
        let sums = random_sums(0xbb67_ae85, 40, |next| {
            let p = [(next() % 3) as u8, (next() % 3) as u8, (next() % 2) as u8];
            let (h, w) = (1 + next() % 2, 1 + next() % 3);
            (p, grid_of(h, w, || pick(next, b"....XO#")))
        });
        let game_of = |(p, b): &KingDirt| {
            game(
                "gen_king_dirt",
                &format!("{},{},{}:{}", p[0], p[1], p[2], text(b)),
            )
        };
        let some = check_sums(&sums, &rules, &game_of);
        assert!(some > 25, "{some}");
    }

    /// The six directions of Sheep's hexagonal board drawn on squares: up, up-right, right,
    /// down, down-left, left.
    const HEX_STEPS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

    /// Sheep: a square holds a herd of Black's (`n > 0` sheep) or White's (`-n`), or is empty
    /// (0). A player splits one of their herds of `n ≥ 2`: `k` of its sheep, `1 ≤ k < n`, run
    /// in one of the six directions over empty squares as far as they can, at least one step,
    /// and stay where they stop as a herd of `k`; named by the squares from and to and `k`:
    /// `b2-a2-1`.
    fn sheep_moves(b: &[Vec<i8>], black: bool) -> Vec<(String, Vec<Vec<i8>>)> {
        let sign = if black { 1 } else { -1 };
        let mut out = Vec::new();
        for from in squares(b) {
            let n = b[from.0][from.1] * sign;
            for &d in HEX_STEPS.iter().filter(|_| n >= 2) {
                if let Some(&to) = ray(b, from, d, |h| *h == 0).last() {
                    for k in 1..n {
                        let name = format!("{}-{}-{k}", named(from), named(to));
                        out.push((name, with(b, &[(from, (n - k) * sign), (to, k * sign)])));
                    }
                }
            }
        }
        out
    }

    /// MCGS's text of a Sheep board: `0,3|-2,0`.
    fn herds_text(b: &[Vec<i8>]) -> String {
        let row = |r: &Vec<i8>| r.iter().map(i8::to_string).collect::<Vec<_>>().join(",");
        b.iter().map(row).collect::<Vec<_>>().join("|")
    }

    #[test]
    fn sheep_moves_agree_with_the_rules() {
        // winning_moves_all.test, [sheep] (0 0 0 | 0 3 0 | 0 0 0): Black's herd of 3 may send
        // 1 or 2 sheep one step, to the edge, in each of the six directions (to a2, a3, b1,
        // b3, c1, c2; not a1 or c3, off the hexagonal directions), and each move wins; White
        // has no herd.
        let rules = |b: &Vec<Vec<i8>>, black| sheep_moves(b, black);
        let board = vec![vec![0, 0, 0], vec![0, 3, 0], vec![0, 0, 0]];
        let mut all = Vec::new();
        for to in ["a2", "a3", "b1", "b3", "c1", "c2"] {
            for k in 1..=2 {
                all.push(format!("b2-{to}-{k}"));
            }
        }
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        check_recorded(("sheep", "0 0 0 | 0 3 0 | 0 0 0"), board, &rules, &all, &[]);
        // Boards of up to 3 x 3 squares with herds of up to 3 sheep.
        let sums = random_sums(0x3c6e_f372, 60, |next| {
            let (h, w) = (1 + next() % 3, 2 + next() % 2);
            grid_of(h, w, || [0, 0, 0, 0, 1, 2, 3, -1, -2, -3][next() % 10])
        });
        let some = check_sums(&sums, &rules, &|b| game("sheep", &herds_text(b)));
        assert!(some > 35, "{some}");
    }
}
