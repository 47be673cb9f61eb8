//! The explorer's answers: JSON built from the same library calls as `partizan eval`.
//!
//! `POST /api/eval {"input": TEXT, "session": ID?, "properties": bool?, "thermograph": bool?,
//! "options": bool?, "followers": bool?}` evaluates one worksheet entry (any expression `eval`
//! takes; names persist within the session) as a job, and answers:
//!
//! ```text
//! {"input", "value" (printed as `eval` prints it), "unicode" (as `eval --unicode`), "kind",
//!  "game": {"canonical", "canonical_unicode", "outcome",
//!           with properties: "left_stop", "right_stop", "mean", "temperature", "birthday",
//!           with thermograph: "thermograph_svg"},            when the value is a game
//!  "position": {"call", "board_svg",                          when it is a position
//!               with options: "left_options", "right_options" (each {"call", "move" (its
//!                 name in MCGS's notation, on a board MCGS plays), "value", "outcome",
//!                 "winning", "board_svg"}), with followers: "followers"}}
//! ```
//!
//! An entry ended by `;` answers `"value": null`. A bad entry answers status 400 and
//! `{"error": "at byte N of ...: message", "message", "span": [start, end] (bytes of the input),
//! "char_span" (the same in UTF-16 units, for the page)}`.
//!
//! `POST /api/board {"call": TEXT}` draws a position's call without evaluating it (the
//! editor's board while its value is computed).

use super::jobs::Jobs;
use super::reply::Reply;
use partizan::expr::{Value, Worksheet};
use partizan::{Outcome, Position};
use serde_json::{json, Map, Value as Json};
use std::sync::{Arc, Mutex};

/// The most options of each player listed; the rest are counted.
pub const MAX_OPTIONS: usize = 200;

/// What an entry's answer includes besides its value.
#[derive(Clone, Copy)]
struct Want {
    properties: bool,
    thermograph: bool,
    options: bool,
    followers: bool,
}

/// `POST /api/eval`.
pub fn eval(jobs: &Arc<Jobs>, body: &Json) -> Reply {
    let Some(input) = body.get("input").and_then(Json::as_str) else {
        return Reply::error(
            400,
            "request",
            "eval takes {\"input\": TEXT, \"session\": ID, ...}",
        );
    };
    let flag = |name: &str| body.get(name).and_then(Json::as_bool).unwrap_or(false);
    let want = Want {
        properties: flag("properties"),
        thermograph: flag("thermograph"),
        options: flag("options"),
        followers: flag("followers"),
    };
    let session = body.get("session").and_then(Json::as_str);
    let sheet = match jobs.sheet(session) {
        Ok(sheet) => sheet,
        Err(reply) => return reply,
    };
    let input = input.to_string();
    jobs.submit(session, move || entry(&sheet, &input, want))
}

/// `POST /api/board`.
pub fn board(body: &Json) -> Reply {
    let Some(call) = body.get("call").and_then(Json::as_str) else {
        return Reply::error(400, "request", "board takes {\"call\": TEXT}");
    };
    match partizan::render::board::position_svg(call) {
        Some(svg) => Reply::ok(json!({ "call": call, "board_svg": svg })),
        None => Reply::error(400, "input", format!("no picture for {call}")),
    }
}

/// One worksheet entry, evaluated on `sheet` as `partizan eval` evaluates it.
fn entry(sheet: &Mutex<Worksheet>, input: &str, want: Want) -> Reply {
    if input.trim().is_empty() {
        // As `eval ""`: an empty entry is a mistake, with the parser's message.
        return match partizan::expr::parse(input) {
            Err(e) => input_error(&e),
            Ok(_) => Reply::error(400, "input", "the entry is empty"),
        };
    }
    let mut sheet = sheet.lock().unwrap_or_else(|e| e.into_inner());
    match sheet.evaluate_with_position(input) {
        Err(e) => input_error(&e),
        Ok(None) => Reply::ok(json!({ "input": input, "value": null })),
        Ok(Some((value, position))) => {
            drop(sheet);
            Reply::ok(describe(input, &value, position.as_ref(), want))
        }
    }
}

/// The answer for a value (and its position).
fn describe(input: &str, value: &Value, position: Option<&Position>, want: Want) -> Json {
    let mut obj = Map::new();
    obj.insert("input".into(), input.into());
    obj.insert("value".into(), format!("{value}").into());
    obj.insert("unicode".into(), format!("{value:#}").into());
    obj.insert("kind".into(), value.kind().into());
    if let Some(g) = value.as_game() {
        obj.insert("game".into(), game(g, want));
    }
    if let (Value::Thermograph(t), true) = (value, want.thermograph) {
        obj.insert(
            "thermograph_svg".into(),
            partizan::render::thermograph_svg(t, input).into(),
        );
    }
    if let Some(p) = position {
        obj.insert("position".into(), position_json(p, want));
    }
    Json::Object(obj)
}

/// A game's canonical form and outcome, and what `want` asks for.
fn game(g: partizan::Game, want: Want) -> Json {
    let mut obj = Map::new();
    obj.insert("canonical".into(), g.to_string().into());
    obj.insert("canonical_unicode".into(), format!("{g:#}").into());
    obj.insert("outcome".into(), g.outcome().to_string().into());
    if want.properties {
        let text = |x: &dyn std::fmt::Display| Json::from(x.to_string());
        obj.insert("left_stop".into(), text(g.left_stop()));
        obj.insert("right_stop".into(), text(g.right_stop()));
        obj.insert("mean".into(), text(&g.mean()));
        obj.insert("temperature".into(), text(&g.temperature()));
        obj.insert("birthday".into(), text(&g.birthday()));
        obj.insert("is_number".into(), g.is_number().into());
        obj.insert("is_infinitesimal".into(), g.is_infinitesimal().into());
    }
    if want.thermograph {
        obj.insert(
            "thermograph_svg".into(),
            partizan::render::game_thermograph_svg(&g).into(),
        );
    }
    Json::Object(obj)
}

/// A position's call (the text that makes it) and its board picture, the start of every
/// position's JSON.
fn call_and_board(p: &Position) -> Map<String, Json> {
    let call = p.to_string();
    let mut obj = Map::new();
    obj.insert(
        "board_svg".into(),
        partizan::render::board::position_svg(&call).into(),
    );
    obj.insert("call".into(), call.into());
    obj
}

/// A position: its call and board, and what `want` asks for.
fn position_json(p: &Position, want: Want) -> Json {
    let mut obj = call_and_board(p);
    if want.options && p.has_tree() {
        for (name, left) in [("left_options", true), ("right_options", false)] {
            let options = if left {
                p.left_options()
            } else {
                p.right_options()
            };
            obj.insert(format!("{name}_count"), options.len().into());
            let listed: Vec<Json> = options
                .iter()
                .take(MAX_OPTIONS)
                .map(|q| option(p, q, left))
                .collect();
            obj.insert(name.into(), listed.into());
        }
    }
    if want.followers && p.has_tree() {
        match p.followers() {
            Ok(f) => obj.insert("followers".into(), f.len().into()),
            Err(e) => obj.insert("followers_error".into(), e.to_string().into()),
        };
    }
    Json::Object(obj)
}

/// An option `q` of `p` for Left (`left`) or Right: its call, the move's name in MCGS's
/// notation when `p` is a board MCGS plays, value, outcome, whether it wins for the player who
/// moves to it (Left wins by moving to an option of outcome L or P, whatever Right then does;
/// Right to R or P), and its board.
fn option(p: &Position, q: &Position, left: bool) -> Json {
    let mut obj = call_and_board(q);
    if let Some(name) = partizan::rulesets::mcgs::moves::move_name(p, q) {
        obj.insert("move".into(), name.into());
    }
    match q.canonical_form() {
        Ok(g) => {
            let outcome = g.outcome();
            let winning = match outcome {
                Outcome::P => true,
                Outcome::L => left,
                Outcome::R => !left,
                Outcome::N => false,
            };
            obj.insert("value".into(), g.to_string().into());
            obj.insert("unicode".into(), format!("{g:#}").into());
            obj.insert("outcome".into(), outcome.to_string().into());
            obj.insert("winning".into(), winning.into());
        }
        Err(e) => {
            obj.insert("error".into(), e.to_string().into());
        }
    }
    Json::Object(obj)
}

/// A bad entry: status 400, the one-line message, and the span of the input it is about.
fn input_error(e: &partizan::expr::Error) -> Reply {
    let input = e.input();
    let (start, end) = match e {
        partizan::expr::Error::Syntax { position, .. } => (*position, *position),
        partizan::expr::Error::Eval { span, .. } => (span.start, span.end),
    };
    let utf16 = |at: usize| {
        let at = at.min(input.len());
        // A byte offset inside a character counts up to the character's start.
        let at = (0..=at)
            .rev()
            .find(|&i| input.is_char_boundary(i))
            .unwrap_or(0);
        input[..at].encode_utf16().count()
    };
    Reply {
        status: 400,
        body: json!({
            "error": e.to_string(),
            "message": e.message(),
            "kind": "input",
            "span": [start, end],
            "char_span": [utf16(start), utf16(end)],
        }),
    }
}
