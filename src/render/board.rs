//! Pictures of positions: the boards of the grid and strip families as squares with their
//! pieces, Hackenbush pictures as graphs standing on the ground. The Python package's notebook
//! display (`Position._repr_svg_`) and the explorer's page draw with this module, so a board
//! looks the same in both.
//!
//! Left's pieces and edges are blue and Right's red, as in WW and LIP; a hole, a square off the board, an arrow (Amazons) or dirt (King Dirt) is a dark
//! square. A picture is drawn from the call that makes the position (`clobber("xo.|.ox")`),
//! read with the family's own notation; a sum of positions, or a family without a picture,
//! has none.

use crate::rulesets::hackenbush::{Colour, Picture};
use std::fmt::Write as _;

/// The side of a square of a board, in pixels; the board starts one pixel from the picture's
/// top left corner (the explorer finds the square under a click from these).
pub const CELL: f64 = 28.0;
const BLUE: &str = "#1f5fbf";
const RED: &str = "#c8322d";
const GREEN: &str = "#2e8b3a";

/// What a square holds.
#[derive(Clone, Copy, PartialEq)]
enum Square {
    Empty,
    Dark,
    Left,
    Right,
    /// A stone that belongs to neither player (Fission).
    Stone,
    /// A herd of `n` sheep, Left's when `n > 0`, Right's when `n < 0` (Sheep).
    Herd(i64),
}

/// The picture of the position `call` (the text a `Position` prints), or `None`.
///
/// ```
/// let svg = partizan::render::board::position_svg("domineering(\"..|.#\")").unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<rect").count(), 4);
/// assert_eq!(partizan::render::board::position_svg("nim(1,2)"), None);
/// ```
pub fn position_svg(call: &str) -> Option<String> {
    let (family, text) = family_and_board(call)?;
    match family {
        "hackenbush" | "childish_hackenbush" => hackenbush(&Picture::parse(text).ok()?),
        "sheep" => grid(&rows(text, herd)?),
        "king_dirt" => {
            let (_, board) = text.split_once(':')?;
            grid(&rows(board, |c| piece(c, 'X', 'O'))?)
        }
        "fission" => grid(&rows(text, |c| match c {
            "x" => Some(Square::Stone),
            _ => piece(c, '\0', '\0'),
        })?),
        "toads" | "backsliding_toads" => grid(&rows(text, |c| piece(c, 'T', 'F'))?),
        "elephants_rhinos" => grid(&rows(text, |c| piece(c, 'E', 'R'))?),
        // A row of dominoes, green ones (either player's) as neutral stones; rows separated
        // by spaces (a sum) are drawn one under the other.
        "toppling_dominoes" => grid(&rows(&text.replace(' ', "|"), |c| match c {
            "G" | "E" | "e" => Some(Square::Stone),
            "l" => Some(Square::Left),
            "r" => Some(Square::Right),
            _ => piece(c, 'L', 'R'),
        })?),
        "ski_jumps" => grid(&rows(text, |c| match c {
            "l" => Some(Square::Left),
            "r" => Some(Square::Right),
            _ => piece(c, 'L', 'R'),
        })?),
        "domineering" | "cram" | "clobber" | "konane" | "amazons" | "nogo" | "snort" | "col" => {
            grid(&rows(text, |c| piece(c, 'x', 'o'))?)
        }
        _ => None,
    }
}

/// `name("text", ...)`: the family's name and its first argument, a string. `None` for a sum
/// of positions or another kind of call.
fn family_and_board(call: &str) -> Option<(&str, &str)> {
    let (name, rest) = call.split_once("(\"")?;
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let (text, after) = rest.split_once('"')?;
    if after.contains(" + ") {
        return None;
    }
    Some((name, text))
}

/// The squares of rows separated by `|`, each character (each comma-separated number for
/// Sheep) read by `square`; `None` when one is not understood.
fn rows(text: &str, square: impl Fn(&str) -> Option<Square>) -> Option<Vec<Vec<Square>>> {
    let sheep = text.contains(',');
    let rows: Option<Vec<Vec<Square>>> = text
        .split('|')
        .map(|row| {
            if sheep {
                row.split(',').map(|c| square(c.trim())).collect()
            } else {
                row.trim()
                    .char_indices()
                    .map(|(i, c)| square(&row.trim()[i..i + c.len_utf8()]))
                    .collect()
            }
        })
        .collect();
    rows.filter(|r| !r.is_empty() && r.iter().all(|row| !row.is_empty()))
}

fn piece(c: &str, left: char, right: char) -> Option<Square> {
    let c = c.chars().next()?;
    Some(match c {
        '.' => Square::Empty,
        '#' => Square::Dark,
        c if c == left && c != '\0' => Square::Left,
        c if c == right && c != '\0' => Square::Right,
        _ => return None,
    })
}

fn herd(c: &str) -> Option<Square> {
    let n: i64 = c.parse().ok()?;
    Some(if n == 0 {
        Square::Empty
    } else {
        Square::Herd(n)
    })
}

/// A board: one square a cell, its piece a disc (with the size of a herd written on it).
fn grid(rows: &[Vec<Square>]) -> Option<String> {
    let width = rows.iter().map(Vec::len).max()?;
    let (w, h) = (width as f64 * CELL, rows.len() as f64 * CELL);
    let mut s = header(w + 2.0, h + 2.0);
    for (r, row) in rows.iter().enumerate() {
        for (c, &square) in row.iter().enumerate() {
            let (x, y) = (1.0 + c as f64 * CELL, 1.0 + r as f64 * CELL);
            let fill = if square == Square::Dark {
                "#555"
            } else if (r + c) % 2 == 0 {
                "#f4efe3"
            } else {
                "#e6dcc6"
            };
            let _ = write!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999" stroke-width="0.5"/>"##
            );
            let (cx, cy, radius) = (x + CELL / 2.0, y + CELL / 2.0, round(CELL * 0.35));
            let disc = |s: &mut String, colour: &str| {
                let _ = write!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{colour}" stroke="#222" stroke-width="1"/>"##
                );
            };
            match square {
                Square::Left => disc(&mut s, BLUE),
                Square::Right => disc(&mut s, RED),
                Square::Stone => disc(&mut s, "#222"),
                Square::Herd(n) => {
                    disc(&mut s, if n > 0 { BLUE } else { RED });
                    let _ = write!(
                        s,
                        r##"<text x="{cx}" y="{}" font-family="sans-serif" font-size="12" fill="#fff" text-anchor="middle">{}</text>"##,
                        cy + 4.0,
                        n.unsigned_abs()
                    );
                }
                Square::Empty | Square::Dark => {}
            }
        }
    }
    s.push_str("</svg>");
    Some(s)
}

/// A Hackenbush picture: the ground a line at the bottom, each vertex at the height of its
/// distance from the ground (the ground's neighbours one step up), vertices of one height side
/// by side in the order they are first reached, each edge in its player's colour (two edges
/// between the same vertices bowed apart, a loop a small circle).
fn hackenbush(p: &Picture) -> Option<String> {
    let edges = p.edges();
    let n = edges
        .iter()
        .map(|e| e.a.max(e.b))
        .max()
        .map_or(1, |v| v as usize + 1);
    let mut level = vec![usize::MAX; n];
    level[0] = 0;
    let mut order = vec![0u32];
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        i += 1;
        for e in edges {
            for (x, y) in [(e.a, e.b), (e.b, e.a)] {
                if x == u && level[y as usize] == usize::MAX {
                    level[y as usize] = level[u as usize] + 1;
                    order.push(y);
                }
            }
        }
    }
    let top = order.iter().map(|&v| level[v as usize]).max().unwrap_or(0);
    let mut place = vec![(0.0f64, 0.0f64); n];
    let mut width = 1usize;
    for l in 1..=top {
        let at: Vec<u32> = order
            .iter()
            .copied()
            .filter(|&v| level[v as usize] == l)
            .collect();
        width = width.max(at.len());
        for (k, v) in at.iter().enumerate() {
            place[*v as usize] = (k as f64, l as f64);
        }
    }
    // Edges to the ground stand on the ground below their upper end.
    let step = 1.6 * CELL;
    let (w, h) = (
        round((width as f64 + 1.0) * step),
        round((top as f64 + 1.0) * step),
    );
    let ground_y = round(h - step / 2.0);
    let xy = |v: u32| {
        let (k, l) = place[v as usize];
        (round(step * (k + 1.0)), round(ground_y - step * l))
    };
    let mut s = header(w, h);
    let _ = write!(
        s,
        r##"<line x1="0" y1="{ground_y}" x2="{w}" y2="{ground_y}" stroke="#6b4f2a" stroke-width="3"/>"##
    );
    let mut seen: std::collections::HashMap<(u32, u32), usize> = std::collections::HashMap::new();
    for e in edges {
        let colour = match e.colour {
            Colour::Blue => BLUE,
            Colour::Red => RED,
            Colour::Green => GREEN,
        };
        let (a, b) = (e.a.min(e.b), e.a.max(e.b));
        let (x2, y2) = xy(b);
        let (x1, y1) = if a == 0 { (x2, ground_y) } else { xy(a) };
        let k = seen.entry((a, b)).or_insert(0);
        let bow = k.div_ceil(2) as f64 * 14.0 * if *k % 2 == 1 { 1.0 } else { -1.0 };
        *k += 1;
        if a == b {
            let _ = write!(
                s,
                r##"<circle cx="{x2}" cy="{}" r="10" fill="none" stroke="{colour}" stroke-width="3"/>"##,
                y2 - 10.0
            );
        } else {
            let (mx, my) = (round((x1 + x2) / 2.0 + bow), round((y1 + y2) / 2.0));
            let _ = write!(
                s,
                r##"<path d="M{x1} {y1} Q{mx} {my} {x2} {y2}" fill="none" stroke="{colour}" stroke-width="3"/>"##
            );
        }
    }
    for (v, &l) in level.iter().enumerate().skip(1) {
        if l != usize::MAX {
            let (x, y) = xy(v as u32);
            let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="3" fill="#222"/>"##);
        }
    }
    s.push_str("</svg>");
    Some(s)
}

/// A coordinate to a tenth of a pixel, so that it prints short.
fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn header(w: f64, h: f64) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    )
}
