//! CGSuite's Hackenbush strings (`l(l;rl)`, `:Geeee:G`; see the module documentation of
//! [`super`](super)), read into a [`Picture`].

use crate::Error;
use std::collections::BTreeMap;

use super::picture::{Colour, Edge, Picture};

/// A token of CGSuite's Hackenbush string: a character, or a vertex name in braces.
enum Token {
    Char(char),
    Name(String),
}

/// The state of [`Picture::parse_cgsuite`]: the tokens, the next one to read, the named
/// vertices, where each vertex was made (a character index, for errors) and the edges so far.
struct CgsuiteReader<'a> {
    tokens: &'a [(usize, Token)],
    next: usize,
    names: BTreeMap<String, u32>,
    created_at: Vec<usize>,
    edges: Vec<Edge>,
}

impl CgsuiteReader<'_> {
    /// Reads a vertex, an optional `.` then an optional name `:A` or `:{name}`: the named vertex
    /// if the name was met before, a new vertex otherwise (made at character `pos`). With
    /// `edge = Some((from, colour))` it adds the edge from `from` to the vertex (a loop when they
    /// coincide). Returns the vertex.
    fn vertex(
        &mut self,
        edge: Option<(u32, Colour)>,
        pos: usize,
        fail: &dyn Fn(usize, String) -> Error,
    ) -> Result<u32, Error> {
        if let Some((_, Token::Char('.'))) = self.tokens.get(self.next) {
            self.next += 1;
        }
        let mut name = None;
        if let Some(&(at, Token::Char(':'))) = self.tokens.get(self.next) {
            name = match self.tokens.get(self.next + 1) {
                Some((_, Token::Name(n))) => Some(n.clone()),
                Some((_, Token::Char(c))) if c.is_ascii_alphanumeric() || *c == '_' => {
                    Some(c.to_string())
                }
                _ => {
                    return Err(fail(
                        at,
                        "':' must be followed by a vertex name, one letter or digit (:A) or a name in braces (:{name})".to_string(),
                    ))
                }
            };
            self.next += 2;
        }
        let known = name.as_ref().and_then(|n| self.names.get(n).copied());
        let v = match known {
            Some(v) => v,
            None => {
                let v = self.created_at.len() as u32;
                self.created_at.push(pos);
                if let Some(n) = name {
                    self.names.insert(n, v);
                }
                v
            }
        };
        if let Some((from, colour)) = edge {
            self.edges.push(Edge {
                a: from,
                b: v,
                colour,
            });
        }
        Ok(v)
    }
}

impl Picture {
    /// Parses CGSuite's Hackenbush string (see the module documentation of [`super`]); an error names the
    /// character (counted from 1) where the string goes wrong.
    pub fn parse_cgsuite(text: &str) -> Result<Picture, Error> {
        let chars: Vec<char> = text.chars().collect();
        let fail = |at: usize, what: String| {
            Error::input(format!(
                "cannot read the Hackenbush string {text:?} at character {}: {what}",
                at + 1
            ))
        };
        // The tokens with the index of their first character: a name in braces is one token.
        let mut tokens: Vec<(usize, Token)> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '{' {
                let close = (i + 1..chars.len())
                    .find(|&j| chars[j] == '}')
                    .ok_or_else(|| fail(i, "'{' without a closing '}'".to_string()))?;
                let name: String = chars[i + 1..close].iter().collect();
                if name.is_empty() {
                    return Err(fail(i, "an empty vertex name '{}'".to_string()));
                }
                tokens.push((i, Token::Name(name)));
                i = close + 1;
            } else {
                tokens.push((i, Token::Char(c)));
                i += 1;
            }
        }
        let mut reader = CgsuiteReader {
            tokens: &tokens,
            next: 0,
            names: BTreeMap::new(),
            created_at: Vec::new(),
            edges: Vec::new(),
        };
        // The vertex the chain stands on, the vertices where an open '(' branches (with where
        // it stands), and whether a ')' just closed a group (then the chain must end).
        let mut at = reader.vertex(None, 0, &fail)?;
        let mut groups: Vec<(u32, usize)> = Vec::new();
        let mut closed = false;
        while let Some(&(pos, ref token)) = tokens.get(reader.next) {
            let c = match token {
                Token::Char(c) => *c,
                Token::Name(_) => {
                    return Err(fail(pos, "a name in braces must follow ':'".to_string()))
                }
            };
            if closed && c != ';' && c != ')' {
                return Err(fail(
                    pos,
                    format!("{c:?} after ')': a group of branches ends its chain (expected ';', ')' or the end)"),
                ));
            }
            reader.next += 1;
            match c {
                '(' => groups.push((at, pos)),
                ';' => {
                    closed = false;
                    match groups.last() {
                        Some(&(v, _)) => at = v,
                        // A new part of the picture, from a vertex of its own (named to join it
                        // to the others), unless the string ends here.
                        None if reader.next < tokens.len() => {
                            at = reader.vertex(None, tokens[reader.next].0, &fail)?
                        }
                        None => {}
                    }
                }
                ')' => {
                    groups
                        .pop()
                        .ok_or_else(|| fail(pos, "')' without a matching '('".to_string()))?;
                    closed = true;
                }
                _ => match Colour::from_cgsuite(c) {
                    Some(colour) => at = reader.vertex(Some((at, colour)), pos, &fail)?,
                    None => {
                        return Err(fail(
                            pos,
                            format!("unexpected {c:?} (expected an edge l Blue, r Red or e Green, '(', ';' or ')'; an edge list is written U-V:C)"),
                        ))
                    }
                },
            }
        }
        if let Some(&(_, pos)) = groups.last() {
            return Err(fail(pos, "'(' without a matching ')'".to_string()));
        }
        let picture = Picture {
            edges: reader.edges,
        };
        // Every vertex must hang from the ground, the first vertex (CGSuite refuses a graph that
        // is not connected).
        let reached = picture.reached();
        let hangs = |v: usize| reached.get(v).copied().unwrap_or(false);
        if let Some(v) = (0..reader.created_at.len()).find(|&v| !hangs(v)) {
            return Err(fail(
                reader.created_at[v],
                "this vertex has no path to the ground (the string's first vertex; join parts with a vertex name, as in \":G l; :G r\")".to_string(),
            ));
        }
        Ok(picture)
    }
}
