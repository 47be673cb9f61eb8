//! Building a Domineering database: every region of up to `max_squares` squares, enumerated
//! size by size in normal form ([`Layers`] with [`Shapes::Normal`]), valued by one Domineering
//! engine (whose table keeps the values of the subregions between regions) and written in
//! batches, one transaction a batch.
//!
//! **Resuming.** A batch is computed first and written in one transaction after, so a build
//! killed at any moment leaves the file as it was after its last committed batch. Rerunning
//! the same build skips the regions already stored (the sizes up to `meta.complete_up_to`
//! entirely) and writes the same rows, with the same form ids, as a build that was never
//! stopped: the regions of a size are taken in their fixed sorted order and new forms are
//! numbered in the order the regions first need them.

use super::schema::{self, refused, sql};
use super::DOMINEERING;
use crate::algebra::Game;
use crate::rulesets::domineering::regions::{Layers, Shapes, MAX_REGION_SQUARES};
use crate::rulesets::domineering::{Board, Domineering};
use crate::Error;
use hashbrown::{HashMap, HashSet};
use rusqlite::{params, Connection, Transaction};
use std::path::Path;

/// How a build runs.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The largest region, in squares (at most
    /// [`MAX_REGION_SQUARES`]).
    pub max_squares: usize,
    /// The regions computed and written in one transaction.
    pub batch: usize,
    /// For tests: stop (as an interruption does) after this many batches are committed.
    pub stop_after_batches: Option<usize>,
}

impl BuildOptions {
    /// A build up to `max_squares` squares in batches of 1000 regions.
    pub fn new(max_squares: usize) -> BuildOptions {
        BuildOptions {
            max_squares,
            batch: 1000,
            stop_after_batches: None,
        }
    }
}

/// What a build did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// The regions computed and written by this run.
    pub written: usize,
    /// The regions found already stored (a resumed build).
    pub skipped: usize,
    /// The regions the database holds at the end.
    pub total: usize,
    /// Whether the build stopped early ([`crate::interrupt`] or
    /// [`BuildOptions::stop_after_batches`]); the file holds every committed batch.
    pub stopped: bool,
}

/// Opens the database at `path` for a build, creating it (with its tables and `meta`) when the
/// file does not exist or is empty; an existing file must pass [`schema::check`].
fn open_for_build(path: &Path) -> Result<Connection, Error> {
    let fresh = !path.exists()
        || std::fs::metadata(path)
            .map(|m| m.len() == 0)
            .unwrap_or(false);
    let mut conn = Connection::open(path).map_err(sql(path))?;
    if fresh {
        let tx = conn.transaction().map_err(sql(path))?;
        tx.execute_batch(schema::CREATE).map_err(sql(path))?;
        for (k, v) in [
            ("format", schema::FORMAT),
            ("format_version", schema::FORMAT_VERSION),
            ("engine_version", schema::ENGINE_VERSION),
            ("family", DOMINEERING),
            ("max_squares", "0"),
            ("complete_up_to", "0"),
        ] {
            schema::set_meta(&tx, k, v).map_err(sql(path))?;
        }
        tx.commit().map_err(sql(path))?;
    }
    schema::check(&conn, path, Some(DOMINEERING))?;
    Ok(conn)
}

/// The forms stored so far: each form's id, and the next free id.
struct Forms {
    ids: HashMap<Game, i64>,
    next: i64,
}

impl Forms {
    /// The id of `g`, storing it (its options first) in `tx` when it is new.
    fn store(&mut self, tx: &Transaction, g: Game) -> rusqlite::Result<i64> {
        if let Some(&id) = self.ids.get(&g) {
            return Ok(id);
        }
        // The options in the order of their printed forms: the order of `left_options` is
        // fixed within a process but may differ between processes, and a resumed build must
        // number new forms, and list options, as a build at once does.
        let mut side = |options: &[Game]| -> rusqlite::Result<String> {
            let mut options: Vec<(String, Game)> =
                options.iter().map(|&o| (o.to_string(), o)).collect();
            options.sort_by(|a, b| a.0.cmp(&b.0));
            let ids = options
                .into_iter()
                .map(|(_, o)| self.store(tx, o).map(|id| id.to_string()))
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(format!("[{}]", ids.join(",")))
        };
        let left = side(g.left_options())?;
        let right = side(g.right_options())?;
        let id = self.next;
        tx.prepare_cached("INSERT INTO forms (id, left, right, printed) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![id, left, right, g.to_string()])?;
        self.next += 1;
        self.ids.insert(g, id);
        Ok(id)
    }
}

/// Builds (or resumes building) the Domineering database at `path`: every region of up to
/// `options.max_squares` squares, in normal form under the eight symmetries. An interruption
/// ([`crate::interrupt`]) between or inside batches ends the build with the batches committed
/// so far and [`BuildReport::stopped`] set.
pub fn build_domineering(path: &Path, options: &BuildOptions) -> Result<BuildReport, Error> {
    if options.max_squares == 0 || options.max_squares > MAX_REGION_SQUARES {
        return Err(Error::input(format!(
            "--max-squares must be from 1 to {MAX_REGION_SQUARES}, not {}",
            options.max_squares
        )));
    }
    let batch = options.batch.max(1);
    let mut conn = open_for_build(path)?;
    let q = sql(path);
    let number = |conn: &Connection, key: &str| -> Result<usize, Error> {
        let v = schema::meta(conn, key)
            .map_err(sql(path))?
            .unwrap_or_default();
        v.parse()
            .map_err(|_| refused(path, format!("meta {key} is {v:?}, not a number")))
    };
    let complete = number(&conn, "complete_up_to")?;
    let asked = number(&conn, "max_squares")?.max(options.max_squares);
    // The forms stored so far, by value, so that a resumed build numbers new forms on.
    let stored = super::load_forms(&conn, path)?;
    let mut forms = Forms {
        next: stored.keys().max().map_or(1, |m| m + 1),
        ids: stored.into_iter().map(|(id, g)| (g, id)).collect(),
    };
    {
        // The checksum describes a finished build; a build under way has none.
        let tx = conn.transaction().map_err(&q)?;
        schema::set_meta(&tx, "max_squares", &asked.to_string()).map_err(&q)?;
        tx.execute("DELETE FROM meta WHERE key = 'checksum'", [])
            .map_err(&q)?;
        tx.commit().map_err(&q)?;
    }
    // The regions to compute, size by size (the sizes already complete are only enumerated,
    // as the next size grows from them).
    let mut todo: Vec<(usize, Vec<Board>)> = Vec::new();
    let mut skipped = 0;
    for (i, layer) in Layers::new(Shapes::Normal)
        .take(options.max_squares)
        .enumerate()
    {
        let n = i + 1;
        if n <= complete {
            skipped += layer.len();
            continue;
        }
        let have: HashSet<String> = conn
            .prepare("SELECT shape FROM regions WHERE squares = ?1")
            .and_then(|mut s| s.query_map([n as i64], |r| r.get(0))?.collect())
            .map_err(&q)?;
        let before = layer.len();
        let missing: Vec<Board> = layer
            .into_iter()
            .filter(|b| !have.contains(&b.to_string()))
            .collect();
        skipped += before - missing.len();
        todo.push((n, missing));
    }
    let total_todo: usize = todo.iter().map(|(_, v)| v.len()).sum();
    let _steps = crate::progress::steps("region", total_todo as u64);
    let engine = Domineering::new();
    let (mut written, mut batches, mut stopped) = (0, 0, false);
    'sizes: for (n, regions) in &todo {
        for chunk in regions.chunks(batch) {
            if options.stop_after_batches.is_some_and(|k| batches >= k)
                || crate::interrupt::requested()
            {
                stopped = true;
                break 'sizes;
            }
            // The values first, outside any transaction: an interruption inside the engine
            // leaves nothing half written.
            let values = crate::interrupt::catch(std::panic::AssertUnwindSafe(|| {
                chunk
                    .iter()
                    .enumerate()
                    .map(|(k, b)| {
                        crate::progress::step((written + k + 1) as u64);
                        engine.board_value(b)
                    })
                    .collect::<Vec<Game>>()
            }));
            let Ok(values) = values else {
                stopped = true;
                break 'sizes;
            };
            let tx = conn.transaction().map_err(&q)?;
            for (b, &g) in chunk.iter().zip(&values) {
                let id = forms.store(&tx, g).map_err(&q)?;
                let birthday = u64::try_from(g.birthday()).unwrap_or(u64::MAX);
                tx.prepare_cached(
                    "INSERT INTO regions (shape, squares, form, outcome, temperature, mean, birthday)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        b.to_string(),
                        *n as i64,
                        id,
                        g.outcome().to_string(),
                        g.temperature().to_string(),
                        g.mean().to_string(),
                        birthday as i64,
                    ])
                })
                .map_err(&q)?;
            }
            tx.commit().map_err(&q)?;
            written += chunk.len();
            batches += 1;
        }
        // Every region of this size is stored now.
        schema::set_meta(&conn, "complete_up_to", &n.to_string()).map_err(&q)?;
    }
    if !stopped {
        let sum = schema::checksum(&conn).map_err(&q)?;
        schema::set_meta(&conn, "checksum", &sum).map_err(&q)?;
    }
    let total: i64 = conn
        .query_row("SELECT COUNT(*) FROM regions", [], |r| r.get(0))
        .map_err(&q)?;
    Ok(BuildReport {
        written,
        skipped,
        total: total as usize,
        stopped,
    })
}
