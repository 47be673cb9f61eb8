//! Value databases (`partizan::db`, docs/DATABASE.md), Domineering's: the enumeration of the
//! regions against OEIS (A001168 fixed, A000105 free polyominoes) and a brute-force count
//! written here, every stored value against a brute-force evaluator written here from the
//! rules, a stopped and resumed build against a build done at once (every row of every table),
//! the refusal of files that are not databases of this version, Winning Ways' small values,
//! and the commands `db build`, `db info` and `--db`.

use partizan::db::{self, BuildOptions};
use partizan::rulesets::domineering::regions::{normal_form, Layers, Shapes};
use partizan::rulesets::domineering::Board;
use partizan::Game;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

/// OEIS A001168: fixed polyominoes of n = 1..=8 squares.
const FIXED: [usize; 8] = [1, 2, 6, 19, 63, 216, 760, 2725];
/// OEIS A000105: free polyominoes of n = 1..=8 squares.
const FREE: [usize; 8] = [1, 1, 2, 5, 12, 35, 108, 369];

/// A fresh path in the temporary directory for the test `name` (removed first).
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("partizan-db-{}-{name}.db", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// A region as its set of squares, written here without the crate: (row, column) pairs.
type Cells = BTreeSet<(i32, i32)>;

/// The squares translated so that the least row and column are 0.
fn translated(c: &Cells) -> Cells {
    let r0 = c.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = c.iter().map(|p| p.1).min().unwrap_or(0);
    c.iter().map(|&(r, k)| (r - r0, k - c0)).collect()
}

/// A map of the plane's squares.
type SquareMap = fn((i32, i32)) -> (i32, i32);

/// The least of the eight images under the symmetries of the square (each translated).
fn free_key(c: &Cells) -> Cells {
    let maps: [SquareMap; 8] = [
        |(r, c)| (r, c),
        |(r, c)| (r, -c),
        |(r, c)| (-r, c),
        |(r, c)| (-r, -c),
        |(r, c)| (c, r),
        |(r, c)| (c, -r),
        |(r, c)| (-c, r),
        |(r, c)| (-c, -r),
    ];
    maps.iter()
        .map(|m| translated(&c.iter().map(|&p| m(p)).collect()))
        .min()
        .expect("eight images")
}

/// Brute force: the fixed polyominoes of `n` squares, every one grown from one of `n − 1`
/// squares by an edge neighbour.
fn brute_fixed(n: usize) -> BTreeSet<Cells> {
    let mut layer: BTreeSet<Cells> = [Cells::from([(0, 0)])].into();
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for p in &layer {
            for &(r, c) in p {
                for q in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                    if !p.contains(&q) {
                        let mut g = p.clone();
                        g.insert(q);
                        next.insert(translated(&g));
                    }
                }
            }
        }
        layer = next;
    }
    layer
}

/// The squares of a board's empty squares.
fn cells(b: &Board) -> Cells {
    let mut s = Cells::new();
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            if b.is_empty(r, c) {
                s.insert((r as i32, c as i32));
            }
        }
    }
    s
}

/// The value of the squares `c` by the rules alone (WW ch. 1): Left removes two vertically
/// adjacent squares, Right two horizontally adjacent ones; the canonical form of the options,
/// memoised on the set of squares.
fn brute_value(c: &Cells, memo: &mut HashMap<Cells, Game>) -> Game {
    if let Some(&g) = memo.get(c) {
        return g;
    }
    let mut left = Vec::new();
    let mut right = Vec::new();
    for &(r, k) in c {
        if c.contains(&(r + 1, k)) {
            let mut o = c.clone();
            o.remove(&(r, k));
            o.remove(&(r + 1, k));
            left.push(brute_value(&o, memo));
        }
        if c.contains(&(r, k + 1)) {
            let mut o = c.clone();
            o.remove(&(r, k));
            o.remove(&(r, k + 1));
            right.push(brute_value(&o, memo));
        }
    }
    let g = Game::new(left, right);
    memo.insert(c.clone(), g);
    g
}

/// Every row of every table, as text, in key order.
fn dump(path: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).expect("open");
    let mut all = Vec::new();
    for (table, key) in [("meta", "key"), ("forms", "id"), ("regions", "shape")] {
        let mut s = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY {key}"))
            .expect("prepare");
        let columns = s.column_count();
        let mut rows = s.query([]).expect("query");
        while let Some(r) = rows.next().expect("row") {
            let row: Vec<String> = (0..columns)
                .map(|i| match r.get_ref(i).expect("column") {
                    rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                    v => v.as_str().unwrap_or("?").to_string(),
                })
                .collect();
            all.push(format!("{table}: {}", row.join(" | ")));
        }
    }
    all
}

#[test]
fn fixed_polyominoes_are_oeis_a001168() {
    let counts: Vec<usize> = Layers::new(Shapes::Fixed)
        .take(8)
        .map(|l| l.len())
        .collect();
    assert_eq!(counts, FIXED);
    // And the same regions as the brute force's, up to 6 squares.
    for (n, layer) in Layers::new(Shapes::Fixed).take(6).enumerate() {
        let mine: BTreeSet<Cells> = layer.iter().map(cells).collect();
        assert_eq!(mine, brute_fixed(n + 1), "{} squares", n + 1);
    }
}

#[test]
fn normal_forms_are_the_free_polyominoes() {
    for (n, layer) in Layers::new(Shapes::Normal).take(8).enumerate() {
        assert_eq!(layer.len(), FREE[n], "{} squares", n + 1);
        // One per class of the brute force's, each class once.
        let mine: BTreeSet<Cells> = layer.iter().map(|b| free_key(&cells(b))).collect();
        let brute: BTreeSet<Cells> = brute_fixed(n + 1).iter().map(free_key).collect();
        assert_eq!(mine.len(), layer.len());
        assert_eq!(mine, brute, "{} squares", n + 1);
        for b in &layer {
            assert_eq!(
                normal_form(b).map(|(f, _)| f).as_ref(),
                Some(b),
                "{b} is normal"
            );
        }
    }
}

#[test]
fn stored_values_are_the_values_by_the_rules() {
    let path = temp("values");
    let report = db::build_domineering(&path, &BuildOptions::new(6)).expect("build");
    assert!(!report.stopped);
    assert_eq!(report.total, FREE[..6].iter().sum::<usize>());
    let info = db::info(&path, true).expect("info");
    assert_eq!(info.verified, Some(true));
    assert_eq!(info.complete_up_to, 6);
    let per_size: Vec<usize> = info.per_size.iter().map(|&(_, c)| c).collect();
    assert_eq!(per_size, FREE[..6]);
    let database = db::Database::open(&path).expect("open");
    let mut memo = HashMap::new();
    let mut checked = 0;
    for layer in Layers::new(Shapes::Normal).take(6) {
        for b in layer {
            let stored = database.lookup(&b).expect("lookup").expect("stored");
            assert_eq!(stored, brute_value(&cells(&b), &mut memo), "{b}");
            assert_eq!(stored, partizan::rulesets::domineering::value(&b), "{b}");
            checked += 1;
        }
    }
    assert_eq!(checked, report.total);
    // The invariants stored beside the form are the form's.
    let conn = rusqlite::Connection::open(&path).expect("open");
    let mut s = conn
        .prepare("SELECT r.outcome, r.temperature, r.mean, r.birthday, f.printed FROM regions r JOIN forms f ON f.id = r.form")
        .expect("prepare");
    let rows: Vec<(String, String, String, i64, String)> = s
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .expect("query")
        .map(|r| r.expect("row"))
        .collect();
    for (outcome, temperature, mean, birthday, printed) in rows {
        let g: Game = printed.parse().expect("a printed form parses");
        assert_eq!(outcome, g.outcome().to_string(), "{printed}");
        assert_eq!(temperature, g.temperature().to_string(), "{printed}");
        assert_eq!(mean, g.mean().to_string(), "{printed}");
        assert_eq!(birthday.to_string(), g.birthday().to_string(), "{printed}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn winning_ways_small_values() {
    let path = temp("ww");
    db::build_domineering(&path, &BuildOptions::new(4)).expect("build");
    let database = db::Database::open(&path).expect("open");
    // The value of any region, from its normal form and the transpose's negation.
    let value = |text: &str| {
        let (shape, negate) = normal_form(&Board::parse(text).expect("board")).expect("small");
        let v = database.lookup(&shape).expect("lookup").expect("stored");
        if negate {
            -v
        } else {
            v
        }
    };
    let g = |s: &str| s.parse::<Game>().expect("game");
    // WW ch. 1: a vertical domino's room is 1 (one move for Left), a horizontal one −1; a
    // strip of three is still one move, a strip of four two; the 2×2 square is ±1 (either
    // player's move leaves the other a move: {1 | −1}); the L-tromino is * (each move leaves
    // a lone square).
    assert_eq!(value(".|."), g("1"));
    assert_eq!(value(".."), g("-1"));
    assert_eq!(value(".|.|."), g("1"));
    assert_eq!(value("..."), g("-1"));
    assert_eq!(value(".|.|.|."), g("2"));
    assert_eq!(value("....",), g("-2"));
    assert_eq!(value("..|.."), g("{1|-1}"));
    assert_eq!(value("..|.#"), g("*"));
    assert_eq!(value("#.|.."), g("*"));
    assert_eq!(value("."), g("0"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_resumed_build_equals_a_build_at_once() {
    let at_once = temp("at-once");
    db::build_domineering(&at_once, &BuildOptions::new(6)).expect("build");
    // Built to 4, then to 6.
    let in_two = temp("in-two");
    db::build_domineering(&in_two, &BuildOptions::new(4)).expect("build to 4");
    assert_eq!(db::info(&in_two, false).expect("info").complete_up_to, 4);
    db::build_domineering(&in_two, &BuildOptions::new(6)).expect("build to 6");
    assert_eq!(dump(&in_two), dump(&at_once));
    // Stopped after 5 batches of at most 7 regions (a batch holds regions of one size: the
    // sizes 1 to 4, then 7 of the 12 regions of 5 squares), resumed.
    let stopped = temp("stopped");
    let options = BuildOptions {
        batch: 7,
        stop_after_batches: Some(5),
        ..BuildOptions::new(6)
    };
    let first = db::build_domineering(&stopped, &options).expect("build, stopped");
    assert!(first.stopped);
    assert_eq!(first.written, 1 + 1 + 2 + 5 + 7);
    let info = db::info(&stopped, false).expect("info");
    assert_eq!(info.checksum, None, "a stopped build has no checksum");
    assert_eq!(info.complete_up_to, 4);
    let rest = db::build_domineering(&stopped, &BuildOptions::new(6)).expect("resume");
    assert!(!rest.stopped);
    assert_eq!(
        rest.skipped, 16,
        "the regions stored by the stopped build are not computed again"
    );
    assert_eq!(dump(&stopped), dump(&at_once));
    // A build of a size already complete changes nothing.
    db::build_domineering(&at_once, &BuildOptions::new(5)).expect("rebuild");
    assert_eq!(dump(&stopped), dump(&at_once));
    for p in [at_once, in_two, stopped] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn files_that_are_not_databases_of_this_version_are_refused() {
    // Random bytes.
    let random = temp("random");
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let bytes: Vec<u8> = (0..8192)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    std::fs::write(&random, &bytes).expect("write");
    // A foreign SQLite file.
    let foreign = temp("foreign");
    rusqlite::Connection::open(&foreign)
        .and_then(|c| c.execute_batch("CREATE TABLE foo (x INTEGER); INSERT INTO foo VALUES (1);"))
        .expect("foreign");
    // A database of another format version, and of another engine version.
    let other_format = temp("format");
    db::build_domineering(&other_format, &BuildOptions::new(3)).expect("build");
    let other_engine = temp("engine");
    std::fs::copy(&other_format, &other_engine).expect("copy");
    let set = |p: &PathBuf, key: &str, value: &str| {
        rusqlite::Connection::open(p)
            .and_then(|c| c.execute("UPDATE meta SET value = ?2 WHERE key = ?1", [key, value]))
            .expect("update");
    };
    set(&other_format, "format_version", "2");
    set(&other_engine, "engine_version", "0.0.1");
    let before: Vec<Vec<u8>> = [&random, &foreign, &other_format, &other_engine]
        .iter()
        .map(|p| std::fs::read(p).expect("read"))
        .collect();
    for (p, why) in [
        (&random, "not a partizan database"),
        (&foreign, "not a partizan database (no table 'meta')"),
        (&other_format, "format version 2"),
        (&other_engine, "engine version 0.0.1"),
    ] {
        for e in [
            db::info(p, false).map(|_| ()),
            db::Database::open(p).map(|_| ()),
            db::build_domineering(p, &BuildOptions::new(3)).map(|_| ()),
        ] {
            let e = e.expect_err("refused").to_string();
            assert!(e.contains(why), "{}: {e}", p.display());
            assert!(
                e.starts_with(&p.display().to_string()),
                "{e} names the file"
            );
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        // The same refusals from the command, exit status 2 and one line.
        #[cfg(feature = "cli")]
        {
            let s = p.to_str().expect("path");
            crate::util::cli::fails(&["db", "info", s], why);
            crate::util::cli::fails(
                &[
                    "db",
                    "build",
                    "domineering",
                    "--max-squares",
                    "3",
                    "--out",
                    s,
                ],
                why,
            );
            crate::util::cli::fails(&["--db", s, "eval", "domineering(\"..|..\")"], why);
        }
    }
    // Refused files are left as they were.
    for (p, b) in [&random, &foreign, &other_format, &other_engine]
        .iter()
        .zip(before)
    {
        assert_eq!(std::fs::read(p).expect("read"), b, "{}", p.display());
        let _ = std::fs::remove_file(p);
    }
}

#[cfg(feature = "cli")]
#[test]
fn verify_finds_a_changed_row() {
    let path = temp("changed");
    db::build_domineering(&path, &BuildOptions::new(5)).expect("build");
    let s = path.to_str().expect("path");
    let out = crate::util::cli::ok(&["db", "info", s, "--verify"]);
    assert!(
        out.contains("verified: the checksum matches the rows"),
        "{out}"
    );
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute("UPDATE regions SET outcome = 'L' WHERE shape = '..|..'", []))
        .expect("update");
    crate::util::cli::fails(&["db", "info", s, "--verify"], "checksum does not match");
    let _ = std::fs::remove_file(&path);
}

#[cfg(feature = "cli")]
#[test]
fn the_commands() {
    let path = temp("commands");
    let s = path.to_str().expect("path");
    let build = [
        "db",
        "build",
        "domineering",
        "--max-squares",
        "8",
        "--out",
        s,
    ];
    let out = crate::util::cli::ok(&build);
    assert!(out.contains("533 regions written"), "{out}");
    let again = crate::util::cli::ok(&build);
    assert!(
        again.contains("0 regions written, 533 already stored"),
        "{again}"
    );
    // The same rows as a build in this process and as a build in two processes: the order of
    // a form's options, and so the numbering of forms, does not depend on the process's
    // history.
    let here = temp("commands-here");
    db::build_domineering(&here, &BuildOptions::new(8)).expect("build");
    assert_eq!(dump(&here), dump(&path));
    let two = temp("commands-two");
    let t = two.to_str().expect("path");
    for n in ["5", "8"] {
        crate::util::cli::ok(&["db", "build", "domineering", "--max-squares", n, "--out", t]);
    }
    assert_eq!(dump(&two), dump(&path));
    let _ = std::fs::remove_file(&here);
    let _ = std::fs::remove_file(&two);
    let info = crate::util::cli::ok(&["db", "info", s]);
    for line in [
        "family: domineering",
        "format version: 1",
        "complete up to: 8",
        "regions: 533",
        "  8 squares: 369",
    ] {
        assert!(info.lines().any(|l| l == line), "{line:?} in {info}");
    }
    // A board looked up in the database has the value computed without it; a board with
    // regions larger than the database's is still computed whole.
    for board in [
        "..|..",
        "...|...|...",
        "....|....|....",
        "#...|....|...#|.#..",
        "......|......|......",
    ] {
        let call = format!("domineering(\"{board}\")");
        assert_eq!(
            crate::util::cli::ok(&["--db", s, "eval", &call]),
            crate::util::cli::ok(&["eval", &call]),
            "{board}"
        );
    }
    crate::util::cli::fails(
        &["db", "build", "clobber", "--max-squares", "3", "--out", s],
        "only domineering",
    );
    crate::util::cli::fails(
        &[
            "db",
            "build",
            "domineering",
            "--max-squares",
            "0",
            "--out",
            s,
        ],
        "--max-squares",
    );
    crate::util::cli::fails(&["--db", s, "db", "info", s], "--db does not apply");
    let _ = std::fs::remove_file(&path);
}
