//! Value databases: the values of every small region of a game, computed once and kept in an
//! SQLite file (docs/DATABASE.md), so that later work looks them up instead of recomputing
//! them, and so that they can be queried with any SQLite client.
//!
//! A database holds one family (Domineering so far): `meta` (format, versions, build
//! parameters, checksum), `forms` (each canonical form once, its options as lists of form ids)
//! and `regions` (each region's shape in normal form with its value and invariants). [`build`]
//! writes one, resuming a build that was stopped; [`info`] describes one and checks its
//! checksum; [`Database`] reads one and serves as the Domineering engine's
//! [`RegionSource`].
//!
//! A file that is not a partizan database, a corrupt one, or one of another format or engine
//! version is refused with a one-line error naming it ([`schema`]), never read.
//!
//! Files: [`schema`]: the tables, the checks on opening and the checksum; [`build`]: the
//! enumeration and the batches of a build; here: reading a database.

pub mod build;
pub mod schema;

pub use build::{build_domineering, BuildOptions, BuildReport};

use crate::algebra::Game;
use crate::rulesets::domineering::regions::RegionSource;
use crate::rulesets::domineering::Board;
use crate::Error;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The family name of a Domineering database (`meta.family`).
pub const DOMINEERING: &str = "domineering";

/// Opens an existing database read-only and checks it ([`schema::check`]); `family`, when
/// given, must be the database's.
fn open_read_only(path: &Path, family: Option<&str>) -> Result<Connection, Error> {
    if !path.is_file() {
        return Err(schema::refused(path, "no such file"));
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(schema::sql(path))?;
    schema::check(&conn, path, family)?;
    Ok(conn)
}

/// Parses a list of form ids as stored in `forms.left` and `forms.right` (a JSON array of
/// integers).
fn parse_ids(path: &Path, id: i64, text: &str) -> Result<Vec<i64>, Error> {
    serde_json::from_str(text)
        .map_err(|e| schema::refused(path, format!("form {id}: bad option list {text:?}: {e}")))
}

/// Every stored form, rebuilt in id order (a form's options have smaller ids, as a build
/// stores options first); each rebuilt form must print as its `printed` column, so that a
/// changed row is refused rather than misread.
fn load_forms(conn: &Connection, path: &Path) -> Result<hashbrown::HashMap<i64, Game>, Error> {
    let mut forms = hashbrown::HashMap::new();
    let mut s = conn
        .prepare("SELECT id, left, right, printed FROM forms ORDER BY id")
        .map_err(schema::sql(path))?;
    let mut rows = s.query([]).map_err(schema::sql(path))?;
    while let Some(r) = rows.next().map_err(schema::sql(path))? {
        let row = (|| -> rusqlite::Result<(i64, String, String, String)> {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })()
        .map_err(schema::sql(path))?;
        let (id, left, right, printed) = row;
        let side = |text: &str| -> Result<Vec<Game>, Error> {
            parse_ids(path, id, text)?
                .into_iter()
                .map(|o| {
                    forms.get(&o).copied().ok_or_else(|| {
                        schema::refused(
                            path,
                            format!("form {id}: option {o} is not stored before it"),
                        )
                    })
                })
                .collect()
        };
        let g = Game::new(side(&left)?, side(&right)?);
        if g.to_string() != printed {
            return Err(schema::refused(
                path,
                format!("form {id}: its options give {g}, but it is stored as {printed}"),
            ));
        }
        forms.insert(id, g);
    }
    Ok(forms)
}

/// The description of a database ([`info`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The family (`domineering`).
    pub family: String,
    /// The format version (`1`).
    pub format_version: String,
    /// The engine version that computed the values.
    pub engine_version: String,
    /// The largest region size a build was asked for.
    pub max_squares: usize,
    /// The largest size up to which every region is stored.
    pub complete_up_to: usize,
    /// The stored forms.
    pub forms: usize,
    /// The stored regions of each size: (squares, regions), by size.
    pub per_size: Vec<(usize, usize)>,
    /// The checksum written at the end of the last build, if it finished.
    pub checksum: Option<String>,
    /// With `verify`: whether the checksum recomputed from the rows equals the stored one.
    pub verified: Option<bool>,
}

/// Reads the description of the database at `path`; with `verify`, recomputes the checksum
/// over the rows and rebuilds every form (see [`Info::verified`]).
pub fn info(path: &Path, verify: bool) -> Result<Info, Error> {
    let conn = open_read_only(path, None)?;
    let q = schema::sql(path);
    let get = |key: &str| schema::meta(&conn, key).map_err(schema::sql(path));
    let number = |key: &str| -> Result<usize, Error> {
        let v = get(key)?.unwrap_or_else(|| "0".into());
        v.parse()
            .map_err(|_| schema::refused(path, format!("meta {key} is {v:?}, not a number")))
    };
    let per_size = conn
        .prepare("SELECT squares, COUNT(*) FROM regions GROUP BY squares ORDER BY squares")
        .and_then(|mut s| {
            s.query_map([], |r| {
                Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize))
            })?
            .collect()
        })
        .map_err(&q)?;
    let forms: i64 = conn
        .query_row("SELECT COUNT(*) FROM forms", [], |r| r.get(0))
        .map_err(&q)?;
    let checksum = get("checksum")?;
    let verified = if verify {
        load_forms(&conn, path)?;
        let now = schema::checksum(&conn).map_err(&q)?;
        Some(checksum.as_deref() == Some(now.as_str()))
    } else {
        None
    };
    Ok(Info {
        family: get("family")?.unwrap_or_default(),
        format_version: get("format_version")?.unwrap_or_default(),
        engine_version: get("engine_version")?.unwrap_or_default(),
        max_squares: number("max_squares")?,
        complete_up_to: number("complete_up_to")?,
        forms: forms as usize,
        per_size,
        checksum,
        verified,
    })
}

/// A Domineering database opened read-only, with its forms rebuilt in memory; a
/// [`RegionSource`] for the engine (`partizan --db FILE eval ...`).
pub struct Database {
    path: PathBuf,
    conn: Mutex<Connection>,
    forms: hashbrown::HashMap<i64, Game>,
    max_squares: usize,
}

impl Database {
    /// Opens the Domineering database at `path` (refusing any other file, see [`schema`]).
    pub fn open(path: &Path) -> Result<Database, Error> {
        let conn = open_read_only(path, Some(DOMINEERING))?;
        let forms = load_forms(&conn, path)?;
        let max: Option<i64> = conn
            .query_row("SELECT MAX(squares) FROM regions", [], |r| r.get(0))
            .map_err(schema::sql(path))?;
        Ok(Database {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
            forms,
            max_squares: max.unwrap_or(0) as usize,
        })
    }

    /// The value of a region in normal form
    /// ([`normal_form`](crate::rulesets::domineering::regions::normal_form)), if stored.
    pub fn lookup(&self, shape: &Board) -> Result<Option<Game>, Error> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let id: Option<i64> = {
            use rusqlite::OptionalExtension;
            conn.prepare_cached("SELECT form FROM regions WHERE shape = ?1")
                .and_then(|mut s| s.query_row([shape.to_string()], |r| r.get(0)).optional())
                .map_err(schema::sql(&self.path))?
        };
        match id {
            None => Ok(None),
            Some(id) => self.forms.get(&id).copied().map(Some).ok_or_else(|| {
                schema::refused(&self.path, format!("region {shape}: no form {id}"))
            }),
        }
    }
}

impl RegionSource for Database {
    fn max_squares(&self) -> usize {
        self.max_squares
    }

    /// The stored value; on a database error (the file was checked when opened) the engine
    /// computes the value itself, which is never wrong, only slower.
    fn value(&self, shape: &Board) -> Option<Game> {
        self.lookup(shape).ok().flatten()
    }
}
