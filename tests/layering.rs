//! The layering of the crate, checked on its source (docs/ARCHITECTURE.md, "The layers").
//!
//! Every `src/**/*.rs` file is read, its comments and literals blanked out, and every path that
//! names another part of the crate (`crate::…`, `$crate::…`, `super::…`, `self::…`, and in a
//! `mod.rs` the paths that start with one of its child modules) is resolved to the module it
//! names. Names the crate root re-exports (`crate::Game`) count as uses of the module they come
//! from. Comments are skipped on purpose: documentation may link to any layer.
//!
//! The checks:
//! - a top-level module uses no module of a higher layer, in the order
//!   floor < algebra < solve < rulesets < expr < db ([`LAYERS`]); the front ends (`lib.rs`,
//!   `main.rs`, `cli/`) may use everything, and nothing may use them;
//! - the top-level modules use each other without a cycle (the modules of the floor, which
//!   share a layer, included);
//! - inside every directory module of `src/` (every folder, found by walking it, the front
//!   ends' included), the parts (its files, its subfolders, the modules its own file writes
//!   inline, and its own file, `mod.rs` or the `name.rs` beside `name/`) use each other without a
//!   cycle, but for the edges listed in [`KNOWN_CYCLE_EDGES`].
//!
//! A failure names the files and lines of every use that makes up the violation.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// The layers from the bottom up, with their top-level modules. A module may use the modules
/// of its own layer and of the layers below.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "floor",
        &["error", "interrupt", "progress", "suggest", "unwind"],
    ),
    ("algebra", &["algebra"]),
    ("solve", &["solve"]),
    ("rulesets", &["rulesets"]),
    ("expr", &["expr"]),
    ("db", &["db"]),
];

/// The front ends: the crate root (`lib.rs`), the pictures it offers them (`render.rs`) and the
/// command line (`main.rs`, `cli/`). They may
/// use every layer; a use of the crate root by a layer (an item `lib.rs` defines itself, such
/// as `crate::eval`) counts as a use of the top.
const FRONT_ENDS: &[&str] = &["lib", "render", "main", "cli"];

/// Uses inside a directory module that close a cycle today, each as (directory, from, to, why).
/// The check leaves them out of the graph and reports every cycle that remains; an edge listed
/// here that no longer exists fails too, so that the list only shrinks. A fast path and its
/// fallback may keep a mutual use for good, when both module docs say so; every other entry is
/// a cycle still to be broken.
const KNOWN_CYCLE_EDGES: &[(&str, &str, &str, &str)] = &[
    (
        "algebra",
        "nus_canonical",
        "canonical",
        "a fast path and its fallback: nus_canonical decides {x + A | x + B} on the parts and hands a form with an empty side back to canonical, whose fast path it is (both module docs say so)",
    ),
    (
        "expr",
        "ast",
        "loopy_literal",
        "a syntax tree caches the graphs of its loopy literals (ast::Call holds loopy_literal::Literals)",
    ),
    (
        "expr",
        "loopy_literal",
        "eval",
        "the entries of a loopy literal are evaluated by the evaluator, which evaluates the literal",
    ),
    (
        "expr",
        "value",
        "env",
        "a Value holds closures (env::Closure), whose environments hold values",
    ),
    (
        "expr",
        "value",
        "loopy",
        "a Value holds loopy values, whose methods give values",
    ),
    (
        "expr",
        "value",
        "names",
        "a Value holds objects (names::Object), whose fields are values",
    ),
    (
        "solve/sparse",
        "mod.rs",
        "coupon",
        "the sparse engine's Core (sparse/mod.rs) runs the coupon and group scans, which read Core's state and helpers from mod.rs",
    ),
    (
        "solve/sparse",
        "mod.rs",
        "group",
        "the sparse engine's Core (sparse/mod.rs) runs the coupon and group scans, which read Core's state and helpers from mod.rs",
    ),
];

#[test]
fn the_layers_use_only_the_layers_below_them() {
    let files = read_sources(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path());
    assert!(files.len() > 50, "read only {} files", files.len());
    let report = check(&files, KNOWN_CYCLE_EDGES);
    assert!(report.is_empty(), "{report}");
}

/// The check finds what it is there to find: an upward use, a cycle between two modules of one
/// layer, and a cycle inside a directory module, each with its file and line; and it ignores
/// comments, strings and a unit test's `use super::*`.
#[test]
fn planted_violations_are_found() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let clean = [
        file(
            "src/lib.rs",
            "pub mod algebra;\npub use algebra::Game;\npub fn eval() {}\n",
        ),
        file("src/error.rs", "use std::fmt;\n/// [crate::expr::Value]\n"),
        file("src/interrupt.rs", "use crate::error::Error;\n"),
        file(
            "src/algebra/mod.rs",
            "mod graph;\nuse crate::interrupt;\nlet s = \"crate::expr::x\";\n// crate::expr\n",
        ),
        file(
            "src/algebra/graph.rs",
            "use super::Game;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        file(
            "src/expr/mod.rs",
            "use crate::Game;\nuse crate::algebra::{self, graph::X};\n",
        ),
    ];
    assert_eq!(check(&clean, &[]), "");

    let mut upward = clean.to_vec();
    upward.push(file(
        "src/algebra/print.rs",
        "fn f() {\n    crate::expr::parse();\n}\n",
    ));
    let report = check(&upward, &[]);
    assert!(
        report.contains("algebra uses expr, a higher layer")
            && report.contains("src/algebra/print.rs:2: crate::expr::parse();"),
        "{report}"
    );
    upward.push(file("src/solve/mod.rs", "use crate::eval;\n"));
    let report = check(&upward, &[]);
    assert!(
        report.contains("solve uses lib, a higher layer"),
        "{report}"
    );

    let mut floor_cycle = clean.to_vec();
    floor_cycle.push(file("src/unwind.rs", "use crate::interrupt::check;\n"));
    floor_cycle[2].1.push_str("use crate::unwind::catch;\n");
    let report = check(&floor_cycle, &[]);
    assert!(
        report.contains("a cycle between top-level modules: interrupt -> unwind -> interrupt")
            && report.contains("src/interrupt.rs:2: use crate::unwind::catch;")
            && report.contains("src/unwind.rs:1: use crate::interrupt::check;"),
        "{report}"
    );

    let mut loopy = clean.to_vec();
    loopy.extend([
        file(
            "src/algebra/loopy/mod.rs",
            "mod a;\nmod b;\npub use a::A;\nconst N: u32 = 1;\n",
        ),
        file(
            "src/algebra/loopy/a.rs",
            "use super::b::B;\nuse super::N;\n",
        ),
        file("src/algebra/loopy/b.rs", "fn f() -> super::A { todo!() }\n"),
    ]);
    let report = check(&loopy, &[]);
    assert!(
        report.contains("a cycle in src/algebra/loopy/: a -> b -> a")
            && report.contains("src/algebra/loopy/b.rs:1: fn f() -> super::A"),
        "{report}"
    );
    assert!(!report.contains("mod.rs ->"), "{report}");

    // Every folder is checked, found by walking: a folder no list names, whose module is the
    // `name.rs` beside it, and whose own file is a part like the others.
    let mut beside = clean.to_vec();
    beside.extend([
        file(
            "src/expr/eval.rs",
            "mod arith;\nmod calls;\npub(crate) struct Evaluator;\n",
        ),
        file("src/expr/eval/arith.rs", "pub fn add() {}\n"),
        file(
            "src/expr/eval/calls.rs",
            "use super::Evaluator;\nfn call() {\n    crate::expr::eval::arith::add();\n}\n",
        ),
    ]);
    assert_eq!(check(&beside, &[]), "");
    beside[7].1.push_str("use super::calls::call;\n");
    let report = check(&beside, &[]);
    assert!(
        report.contains("a cycle in src/expr/eval/: arith -> calls -> arith")
            && report.contains("src/expr/eval/calls.rs:3: crate::expr::eval::arith::add();"),
        "{report}"
    );
    let mut tangled = beside.clone();
    tangled[6].1.push_str("fn g() {\n    arith::add();\n}\n");
    tangled[7]
        .1
        .push_str("fn h() -> super::Evaluator {\n    todo!()\n}\n");
    let report = check(&tangled, &[("expr/eval", "calls", "arith", "planted")]);
    assert!(
        report.contains("a cycle in src/expr/eval/: arith -> mod.rs -> arith")
            && report.contains("src/expr/eval.rs:5: arith::add();"),
        "{report}"
    );

    // A listed edge leaves the graph; one that no longer exists is reported.
    assert_eq!(
        check(&beside, &[("expr/eval", "arith", "calls", "planted")]),
        ""
    );
    let report = check(&clean, &[("algebra", "mod.rs", "graph", "planted")]);
    assert!(
        report.contains(
            "KNOWN_CYCLE_EDGES lists mod.rs -> graph in src/algebra/, which no longer exists"
        ),
        "{report}"
    );
}

/// The source files under `src`, as (path from the crate root with `/`, text), sorted by path.
fn read_sources(src: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src.parent().unwrap()).unwrap();
                let name = relative.to_str().unwrap().replace('\\', "/");
                files.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// A use of a module path in a file.
#[derive(Clone, Debug)]
struct Use {
    /// The file, as `src/…`.
    file: String,
    /// Its line, from 1.
    line: usize,
    /// The module the use is in, from the crate root.
    within: Vec<String>,
    /// The path it names, from the crate root.
    path: Vec<String>,
    /// Whether it is in a `pub use` (a re-export).
    reexport: bool,
}

/// Every violation in `files` (path, text), one or more lines each; empty when there is none.
fn check(files: &[(String, String)], known: &[(&str, &str, &str, &str)]) -> String {
    let mut report = String::new();
    let library: Vec<&(String, String)> = files
        .iter()
        .filter(|(path, _)| !is_front_end_file(path))
        .collect();
    // The uses of every file, the front ends' too: the layers are checked on the library's,
    // the folders on all of them.
    let mut all_uses = Vec::new();
    for (path, text) in files {
        let module = module_of(path);
        let children = if is_own_file(files, path) {
            children_of(files, &module)
        } else {
            BTreeSet::new()
        };
        all_uses.extend(find_uses(path, text, &module, &children));
    }
    let uses: Vec<&Use> = all_uses
        .iter()
        .filter(|u| !is_front_end_file(&u.file))
        .collect();
    let root = root_reexports(files);
    let modules: BTreeSet<String> = library
        .iter()
        .map(|(path, _)| module_of(path)[0].clone())
        .collect();

    // The top-level modules and the layer of each.
    let rank = |module: &str| -> Option<usize> {
        if FRONT_ENDS.contains(&module) {
            return Some(LAYERS.len());
        }
        LAYERS.iter().position(|(_, ms)| ms.contains(&module))
    };
    let mut edges: BTreeMap<(String, String), Vec<&Use>> = BTreeMap::new();
    for (path, _) in &library {
        let top = &module_of(path)[0];
        if rank(top).is_none() {
            let _ = writeln!(
                report,
                "{path}: the top-level module `{top}` is in no layer: add it to LAYERS in tests/layering.rs"
            );
        }
    }
    for u in &uses {
        let from = u.within[0].clone();
        let Some(to) = top_level(&u.path, &root, &modules) else {
            continue;
        };
        if from != to {
            edges.entry((from, to)).or_default().push(u);
        }
    }
    for ((from, to), found) in &edges {
        if let (Some(a), Some(b)) = (rank(from), rank(to)) {
            if b > a {
                let _ = writeln!(report, "{from} uses {to}, a higher layer:");
                write_uses(&mut report, found, files);
            }
        }
    }
    write_cycles(&mut report, "between top-level modules", &edges, files);

    let directories = directory_modules(files);
    for directory in &directories {
        check_directory(&mut report, files, &all_uses, directory, known);
    }
    for &(dir, from, to, _) in known {
        if !directories.iter().any(|d| d.join("/") == dir) {
            let _ = writeln!(
                report,
                "KNOWN_CYCLE_EDGES lists {from} -> {to} in src/{dir}/, a folder that no longer exists: remove it"
            );
        }
    }
    report
}

/// Every directory module below the crate root: each folder of `src/` that holds a source
/// file, from its path (`src/algebra/loopy/` is `algebra::loopy`).
fn directory_modules(files: &[(String, String)]) -> Vec<Vec<String>> {
    let mut directories = BTreeSet::new();
    for (path, _) in files {
        let inner = path.strip_prefix("src/").unwrap();
        let folders: Vec<&str> = inner.split('/').collect();
        for depth in 1..folders.len() {
            directories.insert(folders[..depth].iter().map(|s| s.to_string()).collect());
        }
    }
    directories.into_iter().collect()
}

/// The file that defines the directory module whose folder is `src/{module}/`: its `mod.rs`,
/// or the `name.rs` beside the folder `name/`.
fn own_file(files: &[(String, String)], module: &[String]) -> Option<String> {
    let folder = format!("src/{}", module.join("/"));
    let mod_rs = format!("{folder}/mod.rs");
    let beside = format!("{folder}.rs");
    files
        .iter()
        .map(|(path, _)| path)
        .find(|path| **path == mod_rs || **path == beside)
        .cloned()
}

/// Whether `path` defines a directory module (its `mod.rs`, or `name.rs` beside `name/`), whose
/// paths may then name its child modules without a prefix.
fn is_own_file(files: &[(String, String)], path: &str) -> bool {
    if path.ends_with("/mod.rs") {
        return true;
    }
    let folder = format!("{}/", path.strip_suffix(".rs").unwrap());
    files.iter().any(|(p, _)| p.starts_with(&folder))
}

/// Whether `path` belongs to a front end: `src/lib.rs`, `src/main.rs`, `src/cli/`.
fn is_front_end_file(path: &str) -> bool {
    path == "src/lib.rs" || path == "src/main.rs" || path.starts_with("src/cli/")
}

/// The module a file defines, from the crate root: `src/algebra/loopy/mod.rs` is
/// `algebra::loopy`, `src/error.rs` is `error`.
fn module_of(path: &str) -> Vec<String> {
    let inner = path
        .strip_prefix("src/")
        .unwrap()
        .strip_suffix(".rs")
        .unwrap();
    let mut module: Vec<String> = inner.split('/').map(str::to_string).collect();
    if module.last().is_some_and(|m| m == "mod") {
        module.pop();
    }
    module
}

/// The child modules of the directory module `module`: its files and folders, and the modules
/// its `mod.rs` writes inline.
fn children_of(files: &[(String, String)], module: &[String]) -> BTreeSet<String> {
    let prefix = format!("src/{}/", module.join("/"));
    let mut children = BTreeSet::new();
    for (path, text) in files {
        if let Some(rest) = path.strip_prefix(&prefix) {
            let child = rest.split('/').next().unwrap().trim_end_matches(".rs");
            if child != "mod" {
                children.insert(child.to_string());
            }
            if rest == "mod.rs" {
                children.extend(inline_modules(text));
            }
        }
    }
    let beside = format!("src/{}.rs", module.join("/"));
    if let Some((_, text)) = files.iter().find(|(path, _)| *path == beside) {
        children.extend(inline_modules(text));
    }
    children
}

/// The names of the modules written inline (`mod args { … }`) at the top of a file.
fn inline_modules(text: &str) -> Vec<String> {
    let tokens = tokenize(&blank(text));
    let mut depth = 0;
    let mut names = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.text.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "mod" if depth == 0 => {
                if let (Some(name), Some(open)) = (tokens.get(i + 1), tokens.get(i + 2)) {
                    if open.text == "{" {
                        names.push(name.text.clone());
                    }
                }
            }
            _ => {}
        }
    }
    names
}

/// The names the crate root re-exports (`pub use algebra::{Game, …}` in `src/lib.rs`), with
/// the top-level module each comes from.
fn root_reexports(files: &[(String, String)]) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let Some((_, text)) = files.iter().find(|(path, _)| path == "src/lib.rs") else {
        return names;
    };
    let tokens = tokenize(&blank(text));
    for (i, t) in tokens.iter().enumerate() {
        if t.text == "use" && is_pub(&tokens, i) {
            let (paths, _) = use_tree(&tokens, i + 1, Vec::new());
            for (path, name) in paths {
                names.insert(name, path[0].clone());
            }
        }
    }
    names
}

/// The top-level module a path from the crate root names: the module its first segment
/// re-exports from, or the module it is, or `lib` for an item the crate root defines itself.
fn top_level(
    path: &[String],
    root: &BTreeMap<String, String>,
    modules: &BTreeSet<String>,
) -> Option<String> {
    let first = path.first()?;
    if first == "*" {
        return None;
    }
    Some(if let Some(module) = root.get(first) {
        module.clone()
    } else if modules.contains(first) {
        first.clone()
    } else {
        "lib".to_string()
    })
}

/// Checks that the parts of the directory module `directory` use each other without a cycle.
/// A part is a child module (a file, a folder with everything in it, or a module `mod.rs`
/// writes inline), or `mod.rs` itself for the items it defines; a name `mod.rs` re-exports
/// counts as a use of the part it comes from, and the re-exports are not uses of `mod.rs`.
fn check_directory(
    report: &mut String,
    files: &[(String, String)],
    uses: &[Use],
    directory: &[String],
    known: &[(&str, &str, &str, &str)],
) {
    let children = children_of(files, directory);
    if children.is_empty() {
        return;
    }
    let mod_rs = own_file(files, directory).unwrap_or_default();
    // The names mod.rs re-exports, with the child each comes from; globs (`pub use heaps::*`)
    // re-export the children of that child.
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    if let Some((_, text)) = files.iter().find(|(path, _)| *path == mod_rs) {
        let tokens = tokenize(&blank(text));
        for (i, t) in tokens.iter().enumerate() {
            if t.text == "use" && is_pub(&tokens, i) {
                for (path, name) in use_tree(&tokens, i + 1, Vec::new()).0 {
                    if !children.contains(&path[0]) {
                        continue;
                    }
                    if name == "*" {
                        let mut inner = directory.to_vec();
                        inner.push(path[0].clone());
                        for grandchild in children_of(files, &inner) {
                            reexported.insert(grandchild, path[0].clone());
                        }
                    } else {
                        reexported.insert(name, path[0].clone());
                    }
                }
            }
        }
    }
    let part = |path: &[String]| -> Option<String> {
        if path.len() <= directory.len() || path[..directory.len()] != *directory {
            return (path == directory).then(|| "mod.rs".to_string());
        }
        let name = &path[directory.len()];
        Some(if children.contains(name) {
            name.clone()
        } else if let Some(child) = reexported.get(name) {
            child.clone()
        } else {
            "mod.rs".to_string()
        })
    };
    let mut edges: BTreeMap<(String, String), Vec<&Use>> = BTreeMap::new();
    for u in uses {
        if u.reexport && u.file == mod_rs {
            continue;
        }
        let (Some(from), Some(to)) = (part(&u.within), part(&u.path)) else {
            continue;
        };
        if from != to && u.path.last().is_none_or(|n| n != "*") {
            edges.entry((from, to)).or_default().push(u);
        }
    }
    let name = directory.join("/");
    for &(dir, from, to, _) in known {
        if dir == name && edges.remove(&(from.to_string(), to.to_string())).is_none() {
            let _ = writeln!(
                report,
                "KNOWN_CYCLE_EDGES lists {from} -> {to} in src/{dir}/, which no longer exists: remove it"
            );
        }
    }
    write_cycles(report, &format!("in src/{name}/"), &edges, files);
}

/// Reports each cycle of `edges` (one a strongly connected set of nodes), with every use that
/// makes up each of its edges.
fn write_cycles(
    report: &mut String,
    where_: &str,
    edges: &BTreeMap<(String, String), Vec<&Use>>,
    files: &[(String, String)],
) {
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let mut reported: BTreeSet<&String> = BTreeSet::new();
    for &n in &nodes {
        if reported.contains(n) {
            continue;
        }
        let parent = reachable(edges, n);
        if !parent.contains_key(n) {
            continue;
        }
        // The shortest cycle through n: back from n along the parents.
        let mut cycle = vec![n];
        let mut at = parent[n];
        while at != n {
            cycle.push(at);
            at = parent[at];
        }
        cycle.push(n);
        cycle.reverse();
        // Everything on a cycle with n is reported with it.
        let component: Vec<&String> = nodes
            .iter()
            .copied()
            .filter(|&m| parent.contains_key(m) && reachable(edges, m).contains_key(n))
            .collect();
        reported.extend(&component);
        let names: Vec<&str> = cycle.iter().map(|s| s.as_str()).collect();
        let _ = write!(report, "a cycle {where_}: {}", names.join(" -> "));
        let others: Vec<&str> = component
            .iter()
            .filter(|m| !cycle.contains(m))
            .map(|s| s.as_str())
            .collect();
        if others.is_empty() {
            let _ = writeln!(report);
        } else {
            // The shortest cycle stands for them all; the others show once it is broken.
            let _ = writeln!(report, " (on cycles with it: {})", others.join(", "));
        }
        for pair in cycle.windows(2) {
            let _ = writeln!(report, "  {} -> {}:", pair[0], pair[1]);
            write_uses(report, &edges[&(pair[0].clone(), pair[1].clone())], files);
        }
    }
}

/// The nodes reachable from `from` along `edges`, each with the node it is first reached
/// from, breadth first (so that walking back along them gives a shortest path).
fn reachable<'a>(
    edges: &'a BTreeMap<(String, String), Vec<&Use>>,
    from: &'a String,
) -> BTreeMap<&'a String, &'a String> {
    let mut parent = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(n) = queue.pop_front() {
        for ((a, b), _) in edges.range((n.clone(), String::new())..) {
            if a != n {
                break;
            }
            if !parent.contains_key(b) {
                parent.insert(b, n);
                queue.push_back(b);
            }
        }
    }
    parent
}

/// One line a use: `    src/file.rs:LINE: the line`.
fn write_uses(report: &mut String, uses: &[&Use], files: &[(String, String)]) {
    let mut seen = BTreeSet::new();
    for u in uses {
        if !seen.insert((&u.file, u.line)) {
            continue;
        }
        let text = files
            .iter()
            .find(|(path, _)| *path == u.file)
            .and_then(|(_, text)| text.lines().nth(u.line - 1))
            .unwrap_or("")
            .trim();
        let _ = writeln!(report, "    {}:{}: {text}", u.file, u.line);
    }
}

/// A token of the blanked source: an identifier (or keyword, or number), `::`, or one character
/// of punctuation, with its line.
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
}

/// The uses of other modules in the file `file`, which defines `module`; `children` are the
/// child modules of a `mod.rs`, which its paths may name without a prefix.
fn find_uses(file: &str, text: &str, module: &[String], children: &BTreeSet<String>) -> Vec<Use> {
    let tokens = tokenize(&blank(text));
    let mut uses = Vec::new();
    // The modules written inline around the current token, with the depth of their braces.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut pub_use = false;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        match t.text.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
            }
            ";" => pub_use = false,
            "use" => pub_use = is_pub(&tokens, i),
            "mod" => {
                if let (Some(name), Some(open)) = (tokens.get(i + 1), tokens.get(i + 2)) {
                    if open.text == "{" {
                        inline.push((name.text.clone(), depth));
                    }
                }
            }
            _ => {}
        }
        let starts_path = tokens.get(i + 1).is_some_and(|n| n.text == "::")
            && (i == 0 || tokens[i - 1].text != "::");
        if !starts_path {
            i += 1;
            continue;
        }
        let mut within = module.to_vec();
        within.extend(inline.iter().map(|(name, _)| name.clone()));
        let (base, j) = match t.text.as_str() {
            "crate" => (Vec::new(), i + 2),
            "self" => (within.clone(), i + 2),
            "super" => {
                let mut base = within.clone();
                let mut j = i;
                while tokens.get(j).is_some_and(|t| t.text == "super")
                    && tokens.get(j + 1).is_some_and(|t| t.text == "::")
                {
                    base.pop();
                    j += 2;
                }
                (base, j)
            }
            name if inline.is_empty() && children.contains(name) => (within.clone(), i),
            _ => {
                i += 1;
                continue;
            }
        };
        let (paths, next) = use_tree(&tokens, j, base);
        for (path, _) in paths {
            uses.push(Use {
                file: file.to_string(),
                line: t.line,
                within: within.clone(),
                path,
                reexport: pub_use,
            });
        }
        i = next.max(i + 1);
    }
    uses
}

/// Whether the `use` at `tokens[i]` is public: `pub use`, `pub(crate) use`, `pub(super) use`.
fn is_pub(tokens: &[Token], i: usize) -> bool {
    let before = |k: usize| i.checked_sub(k).map(|k| tokens[k].text.as_str());
    before(1) == Some("pub") || (before(1) == Some(")") && before(4) == Some("pub"))
}

/// The paths of the use tree (or plain path) starting at `tokens[i]`, each with the name it
/// makes visible, prefixed by `prefix`; and the index after the tree.
fn use_tree(
    tokens: &[Token],
    mut i: usize,
    prefix: Vec<String>,
) -> (Vec<(Vec<String>, String)>, usize) {
    let mut path = prefix;
    loop {
        let Some(t) = tokens.get(i) else {
            return (Vec::new(), i);
        };
        match t.text.as_str() {
            "{" => {
                let mut all = Vec::new();
                i += 1;
                while tokens.get(i).is_some_and(|t| t.text != "}") {
                    if tokens[i].text == "," {
                        i += 1;
                        continue;
                    }
                    if tokens[i].text == "self" {
                        let name = path.last().cloned().unwrap_or_default();
                        all.push((path.clone(), name));
                        i += 1;
                        continue;
                    }
                    let (inner, next) = use_tree(tokens, i, path.clone());
                    all.extend(inner);
                    i = next.max(i + 1);
                }
                return (all, i + 1);
            }
            "*" => {
                path.push("*".to_string());
                return (vec![(path, "*".to_string())], i + 1);
            }
            text if is_identifier(text) => {
                path.push(text.to_string());
                i += 1;
                if tokens.get(i).is_some_and(|t| t.text == "::") {
                    i += 1;
                    continue;
                }
                let mut name = text.to_string();
                if tokens.get(i).is_some_and(|t| t.text == "as") {
                    if let Some(alias) = tokens.get(i + 1) {
                        name = alias.text.clone();
                        i += 2;
                    }
                }
                return (vec![(path, name)], i);
            }
            // The path ends before a generic argument (`Solver::<R>::new`) or a macro's `$`.
            _ => {
                let Some(name) = path.last().cloned() else {
                    return (Vec::new(), i);
                };
                return (vec![(path, name)], i);
            }
        }
    }
}

fn is_identifier(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The tokens of blanked source: identifiers and numbers, `::`, and single characters.
fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let text = chars[start..i].iter().collect();
            tokens.push(Token { text, line });
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push(Token {
                text: "::".to_string(),
                line,
            });
            i += 2;
        } else {
            tokens.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    tokens
}

/// `text` with its comments, strings and character literals replaced by spaces (line breaks
/// kept, so that lines keep their numbers).
fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let keep_lines = |out: &mut String, from: &[char]| {
        for &c in from {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start = i;
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut nesting = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    nesting += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    nesting -= 1;
                    i += 2;
                    if nesting == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r'
            && (i == 0 || !is_ident(chars[i - 1]) || chars[i - 1] == 'b')
            && matches!(next, Some('"' | '#'))
            && {
                let mut k = i + 1;
                while chars.get(k) == Some(&'#') {
                    k += 1;
                }
                chars.get(k) == Some(&'"')
            }
        {
            // A raw string: r"…", r#"…"#.
            let mut k = i + 1;
            let mut hashes = 0;
            while chars[k] == '#' {
                hashes += 1;
                k += 1;
            }
            out.push('r');
            i = k + 1;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && (0..hashes).all(|h| chars.get(i + 1 + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            keep_lines(&mut out, &chars[start + 1..i]);
            continue;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // An escape: skip the escaped character, which may be a quote.
            i += 3;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
        } else {
            out.push(c);
            i += 1;
            continue;
        }
        let end = i.min(chars.len());
        keep_lines(&mut out, &chars[start..end]);
        i = end;
    }
    out
}
