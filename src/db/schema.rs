//! The schema of a value database (docs/DATABASE.md): its tables, its `meta` keys, the checks
//! that a file is a database this version reads, and the checksum over the stored rows.

use crate::Error;
use rusqlite::{Connection, OptionalExtension};
use std::path::Path;

/// The value of the `format` key of every partizan database.
pub const FORMAT: &str = "partizan-db";

/// The version of the file format this crate reads and writes: the tables and columns below
/// and the meaning of their values. Another version is refused, never guessed at.
pub const FORMAT_VERSION: &str = "1";

/// The version of the engine that computed the values (the crate's version): values from
/// another version are refused, since an engine's fix may change them.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The tables and indexes of format version 1.
pub(super) const CREATE: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE forms (
    id INTEGER PRIMARY KEY,
    left TEXT NOT NULL,
    right TEXT NOT NULL,
    printed TEXT NOT NULL
);
CREATE TABLE regions (
    shape TEXT PRIMARY KEY,
    squares INTEGER NOT NULL,
    form INTEGER NOT NULL REFERENCES forms(id),
    outcome TEXT NOT NULL,
    temperature TEXT NOT NULL,
    mean TEXT NOT NULL,
    birthday INTEGER NOT NULL
);
CREATE INDEX regions_squares ON regions(squares);
CREATE INDEX regions_outcome ON regions(outcome);
CREATE INDEX regions_temperature ON regions(temperature);
";

/// The one-line error about the database at `path`.
pub(super) fn refused(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::input(format!("{}: {why}", path.display()))
}

/// An SQLite error on the database at `path`, as one line.
pub(super) fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> Error + '_ {
    move |e| refused(path, format!("database error: {e}"))
}

/// A `meta` value, if the key is there.
pub(super) fn meta(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()
}

/// Sets a `meta` value.
pub(super) fn set_meta(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [key, value],
    )
    .map(|_| ())
}

/// Checks that the open file is an intact partizan database of this format and engine version
/// for `family`: an SQLite file (a file of random bytes fails on the first read), whose pages
/// pass SQLite's `quick_check`, with a `meta` table whose `format`, `format_version`,
/// `engine_version` and `family` are ours and the `forms` and `regions` tables. Every refusal is
/// one line naming the file.
pub(super) fn check(conn: &Connection, path: &Path, family: Option<&str>) -> Result<(), Error> {
    let not_sqlite = |e: rusqlite::Error| {
        refused(
            path,
            format!("not a partizan database (not a readable SQLite file: {e})"),
        )
    };
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(not_sqlite)?;
    let quick: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(not_sqlite)?;
    if quick != "ok" {
        return Err(refused(path, format!("corrupt database: {quick}")));
    }
    for t in ["meta", "forms", "regions"] {
        if !tables.iter().any(|x| x == t) {
            return Err(refused(
                path,
                format!("not a partizan database (no table '{t}')"),
            ));
        }
    }
    let get = |key: &str| -> Result<String, Error> {
        meta(conn, key).map_err(sql(path))?.ok_or_else(|| {
            refused(
                path,
                format!("not a partizan database (no meta key '{key}')"),
            )
        })
    };
    let format = get("format")?;
    if format != FORMAT {
        return Err(refused(
            path,
            format!("not a partizan database (format '{format}', expected '{FORMAT}')"),
        ));
    }
    let version = get("format_version")?;
    if version != FORMAT_VERSION {
        return Err(refused(
            path,
            format!("format version {version}; this partizan reads version {FORMAT_VERSION} only"),
        ));
    }
    let engine = get("engine_version")?;
    if engine != ENGINE_VERSION {
        return Err(refused(
            path,
            format!(
                "built by engine version {engine}; this partizan is {ENGINE_VERSION} (rebuild the database)"
            ),
        ));
    }
    let found = get("family")?;
    if let Some(family) = family {
        if found != family {
            return Err(refused(
                path,
                format!("a database of {found}, not of {family}"),
            ));
        }
    }
    Ok(())
}

/// The 64-bit FNV-1a hash of the stored rows, as 16 hex digits: the rows of `forms` by id,
/// then those of `regions` by shape, each column's text followed by a unit separator (0x1f)
/// and each row by a record separator (0x1e). A cheap guard against changed or lost rows, not
/// a cryptographic one.
pub(super) fn checksum(conn: &Connection) -> rusqlite::Result<String> {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut s = conn.prepare("SELECT id, left, right, printed FROM forms ORDER BY id")?;
    let mut rows = s.query([])?;
    while let Some(r) = rows.next()? {
        feed(r.get::<_, i64>(0)?.to_string().as_bytes());
        for i in 1..4 {
            feed(b"\x1f");
            feed(r.get_ref(i)?.as_str().unwrap_or("").as_bytes());
        }
        feed(b"\x1e");
    }
    let mut s = conn.prepare(
        "SELECT shape, squares, form, outcome, temperature, mean, birthday FROM regions ORDER BY shape",
    )?;
    let mut rows = s.query([])?;
    while let Some(r) = rows.next()? {
        for i in 0..7 {
            if i > 0 {
                feed(b"\x1f");
            }
            match r.get_ref(i)? {
                rusqlite::types::ValueRef::Integer(n) => feed(n.to_string().as_bytes()),
                v => feed(v.as_str().unwrap_or("").as_bytes()),
            }
        }
        feed(b"\x1e");
    }
    Ok(format!("{h:016x}"))
}
