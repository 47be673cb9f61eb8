//! The explorer's answers as the HTTP layer sends them: a status and a JSON body, an error
//! always `{"error": "one line", "kind": ...}`.

use serde_json::{json, Value as Json};

/// An answer: a status and a JSON body.
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The body.
    pub body: Json,
}

impl Reply {
    /// A success.
    pub fn ok(body: Json) -> Reply {
        Reply { status: 200, body }
    }

    /// An error: `{"error": message, "kind": kind}` with `status`.
    pub fn error(status: u16, kind: &str, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: json!({ "error": one_line(&message.into()), "kind": kind }),
        }
    }
}

/// `text` on one line: line breaks and other control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
