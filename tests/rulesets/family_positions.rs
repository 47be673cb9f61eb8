//! The positions of the families that give them beyond those of `rulesets::positions`: heaps
//! (`take_range`, `ryuoh`), strips (`coin_turning`), grids (`cutting`, `ski_jumps`, `king_dirt`,
//! `sheep`), graphs whose moves the families renumber (`node_kayles`, `arc_kayles`,
//! `partizan_arc_kayles`), tokens on a graph (`dag`), pictures (`hackenbush`,
//! `childish_hackenbush`) and the boards and graphs of NoGo, Col and Snort (`nogo`, `nogo_graph`,
//! `col`, `col_graph`, `snort`, `snort_graph`).
//!
//! For each family:
//! - the options of a few small positions against a move generator written here from the rules of
//!   the family's module documentation (MCGS's for King Dirt and Sheep, *Winning Ways* for the
//!   coin-turning games, Ski-Jumps and Hackenbush), compared as sets of printed calls, or, where
//!   the family renumbers vertices when it writes a graph, as sets of graphs up to isomorphism read
//!   back from the printed calls;
//! - every printed option reads back: the expression language evaluates its text to the
//!   option's own value, gives it the same options, and prints it as it was printed;
//! - for the impartial families, misère outcomes against a misère search written here;
//! - the terminal positions are misère `N` (the player to move cannot move, and wins).

use partizan::expr::evaluate;
use partizan::solve::Position;
use partizan::Value;
use std::collections::{BTreeSet, HashMap};
use std::hash::Hash;

fn eval(e: &str) -> Value {
    evaluate(e).unwrap_or_else(|err| panic!("{e}: {err}"))
}

fn show(e: &str) -> String {
    eval(e).to_string()
}

/// The positions of a list such as `G.LeftOptions`.
fn positions(e: &str) -> Vec<Position> {
    match eval(e) {
        Value::List(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Position(p) => p,
                v => panic!("{e}: {v} is not a position"),
            })
            .collect(),
        v => panic!("{e}: not a list: {v}"),
    }
}

/// A printed position with the parts of a sum in order, so that sums written in another order
/// compare equal.
fn norm(text: &str) -> String {
    let mut parts: Vec<&str> = text.split(" + ").collect();
    parts.sort_unstable();
    parts.join(" + ")
}

fn printed(list: &[Position]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|p| norm(&p.to_string())).collect();
    out.sort();
    out
}

/// The options of `call` printed, sorted: Left's (`left`) or Right's.
fn options(call: &str, left: bool) -> Vec<String> {
    let side = if left { "LeftOptions" } else { "RightOptions" };
    printed(&positions(&format!("({call}).{side}")))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v = v.iter().map(|t| norm(t)).collect();
    v.sort();
    v
}

/// Every option of `call` reads back: its text evaluates to the option's own value (also as
/// `.CanonicalForm`), has the same options, and is the first of its own followers, printed as
/// it was.
fn reads_back(call: &str) {
    for side in ["LeftOptions", "RightOptions"] {
        for p in positions(&format!("({call}).{side}")) {
            let text = p.to_string();
            let own = p.canonical_form().unwrap().to_string();
            assert_eq!(show(&text), own, "{call}.{side}: {text}");
            assert_eq!(show(&format!("({text}).CanonicalForm")), own, "{text}");
            assert_eq!(
                printed(&positions(&format!("({text}).LeftOptions"))),
                printed(&p.left_options()),
                "{text}"
            );
            assert_eq!(
                printed(&positions(&format!("({text}).RightOptions"))),
                printed(&p.right_options()),
                "{text}"
            );
            let followers = positions(&format!("({text}).Followers"));
            assert_eq!(followers[0].to_string(), text, "{text}");
        }
    }
}

/// Whether the player to move wins misère play of the impartial game whose options are
/// `moves` (the player who cannot move wins).
fn misere_wins<S: Clone + Eq + Hash>(
    s: &S,
    moves: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&w) = memo.get(s) {
        return w;
    }
    let options = moves(s);
    let wins = options.is_empty() || options.iter().any(|t| !misere_wins(t, moves, memo));
    memo.insert(s.clone(), wins);
    wins
}

/// `call.MisereOutcomeClass` against the misère search from `start` with `moves`.
fn misere_agrees<S: Clone + Eq + Hash>(call: &str, start: S, moves: &dyn Fn(&S) -> Vec<S>) {
    let wins = misere_wins(&start, moves, &mut HashMap::new());
    let expected = if wins { "N" } else { "P" };
    assert_eq!(
        show(&format!("({call}).MisereOutcomeClass")),
        expected,
        "{call}"
    );
}

// ---------------------------------------------------------------------------------------------
// Heaps: take_range and ryuoh.
// ---------------------------------------------------------------------------------------------

/// Take between `p` and `q` tokens, or all of them when fewer than `p` remain.
fn take_range_moves(p: usize, q: usize, n: usize) -> Vec<usize> {
    if n == 0 {
        vec![]
    } else if n < p {
        vec![0]
    } else {
        (p..=q.min(n)).map(|k| n - k).collect()
    }
}

#[test]
fn take_range_positions() {
    for (p, q, n) in [(2, 3, 7), (3, 5, 2), (1, 4, 4), (2, 2, 9)] {
        let call = format!("take_range({p},{q},{n})");
        let expected: Vec<String> = take_range_moves(p, q, n)
            .iter()
            .map(|m| format!("take_range({p},{q},{m})"))
            .collect();
        assert_eq!(options(&call, true), sorted(expected.clone()), "{call}");
        assert_eq!(options(&call, false), sorted(expected), "{call}");
        reads_back(&call);
        misere_agrees(&call, n, &|&m| take_range_moves(p, q, m));
    }
}

/// The generalised Ryūō with parameters `p` and `q` (`None`: no limit): rook moves of at most
/// `q − 1` squares, diagonal steps `(s, t)` with `s + t <= p − 1`.
fn ryuoh_moves(p: usize, q: Option<usize>, (x, y): (usize, usize)) -> Vec<(usize, usize)> {
    let reach = q.map_or(usize::MAX, |q| q - 1);
    let mut out = Vec::new();
    for t in 1..=x.min(reach) {
        out.push((x - t, y));
    }
    for t in 1..=y.min(reach) {
        out.push((x, y - t));
    }
    for s in 1..=x {
        for t in 1..=y {
            if s + t < p {
                out.push((x - s, y - t));
            }
        }
    }
    out
}

#[test]
fn ryuoh_positions() {
    for (x, y, p, q) in [(3, 2, 3, None), (2, 2, 4, Some(2)), (4, 1, 5, Some(3))] {
        let named_args = match (p, q) {
            (3, None) => String::new(),
            (p, None) => format!(",p={p}"),
            (3, Some(q)) => format!(",q={q}"),
            (p, Some(q)) => format!(",p={p},q={q}"),
        };
        let call = format!("ryuoh({x},{y}{named_args})");
        let expected: Vec<String> = ryuoh_moves(p, q, (x, y))
            .iter()
            .map(|(a, b)| format!("ryuoh({a},{b}{named_args})"))
            .collect();
        assert_eq!(options(&call, true), sorted(expected.clone()), "{call}");
        assert_eq!(options(&call, false), sorted(expected), "{call}");
        reads_back(&call);
        misere_agrees(&call, (x, y), &|&c| ryuoh_moves(p, q, c));
    }
    // A large parameter costs nothing where the board is small.
    assert_eq!(
        options("ryuoh(1,1,p=1000000000)", true),
        [
            "ryuoh(0,0,p=1000000000)",
            "ryuoh(0,1,p=1000000000)",
            "ryuoh(1,0,p=1000000000)"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Coin-turning games.
// ---------------------------------------------------------------------------------------------

/// The sets of coins a move of the named game turns with rightmost coin `n` (Winning Ways
/// ch. 14): Turning Turtles one or two coins, Mock Turtles one to three, Ruler a run ending at
/// `n`, Twins exactly two, Grunt four placed symmetrically with coin 1 the leftmost.
fn coin_sets(rule: &str, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    match rule {
        "turning_turtles" | "mock_turtles" => {
            let most = if rule == "mock_turtles" { 3 } else { 2 };
            out.push(vec![n]);
            for a in 1..n {
                out.push(vec![a, n]);
                if most == 3 {
                    for b in a + 1..n {
                        out.push(vec![a, b, n]);
                    }
                }
            }
        }
        "ruler" => out.extend((1..=n).map(|a| (a..=n).collect())),
        "twins" => out.extend((1..n).map(|a| vec![a, n])),
        "grunt" => {
            for b in 2..n {
                if b < n + 1 - b {
                    out.push(vec![1, b, n + 1 - b, n]);
                }
            }
        }
        _ => panic!("{rule}"),
    }
    out
}

/// The heads after each move: a set with a head rightmost turned over.
fn coin_moves(rule: &str, heads: &BTreeSet<usize>) -> Vec<BTreeSet<usize>> {
    let mut out = Vec::new();
    for &n in heads {
        for s in coin_sets(rule, n) {
            let mut next = heads.clone();
            for c in s {
                if !next.remove(&c) {
                    next.insert(c);
                }
            }
            out.push(next);
        }
    }
    out
}

fn row(heads: &BTreeSet<usize>) -> String {
    let last = heads.iter().next_back().copied().unwrap_or(0);
    (1..=last)
        .map(|c| if heads.contains(&c) { 'H' } else { 'T' })
        .collect()
}

#[test]
fn coin_turning_positions() {
    for (rule, start) in [
        ("mock_turtles", "THHTH"),
        ("turning_turtles", "HTHH"),
        ("ruler", "HTHH"),
        ("twins", "HTH"),
        ("grunt", "TTTTTHH"),
    ] {
        let heads: BTreeSet<usize> = start
            .chars()
            .enumerate()
            .filter(|&(_, c)| c == 'H')
            .map(|(i, _)| i + 1)
            .collect();
        let call = format!("coin_turning(\"{rule}\",\"{start}\")");
        let expected: Vec<String> = coin_moves(rule, &heads)
            .iter()
            .map(|h| format!("coin_turning(\"{rule}\",\"{}\")", row(h)))
            .collect();
        assert_eq!(options(&call, true), sorted(expected.clone()), "{call}");
        assert_eq!(options(&call, false), sorted(expected), "{call}");
        reads_back(&call);
        misere_agrees(&call, heads, &|h| coin_moves(rule, h));
    }
    // A rule given by its code is written by its name when it has one; heads far to the right
    // are written as a list.
    assert_eq!(
        options("coin_turning(\"1+C\",\"TH\")", true),
        [
            "coin_turning(\"ruler\",\"\")",
            "coin_turning(\"ruler\",\"H\")"
        ]
    );
    let twins = options("coin_turning(\"twins\",\"2,40\")", true);
    assert!(twins.contains(&"coin_turning(\"twins\",\"1,40\")".to_string()));
    assert!(twins.contains(&"coin_turning(\"twins\",\"2,39\")".to_string()));
    assert!(twins.contains(&"coin_turning(\"twins\",\"THTTH\")".to_string()));
}

#[test]
fn a_listing_beyond_the_limit_is_refused_before_it_starts() {
    // Any set of coins: 2^23 moves from coin 24, computed for its value in a moment.
    let err = evaluate("coin_turning(\"1+\",\"24\").LeftOptions")
        .unwrap_err()
        .to_string();
    assert!(err.contains("options"), "{err}");
    assert!(show("coin_turning(\"1+\",\"24\")").starts_with('*'));
    let err = evaluate("ryuoh(100000000000,3).LeftOptions")
        .unwrap_err()
        .to_string();
    assert!(err.contains("options"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Cutting: a cut leaves two sheets, written as a sum.
// ---------------------------------------------------------------------------------------------

type Sheets = Vec<(usize, usize)>;

/// Cut one sheet along a grid line into two pieces whose sides are all at least 2.
fn cutting_moves(sheets: &Sheets) -> Vec<Sheets> {
    let mut out = Vec::new();
    for (i, &(w, h)) in sheets.iter().enumerate() {
        let mut cut = |a: (usize, usize), b: (usize, usize)| {
            let mut next = sheets.clone();
            next.remove(i);
            next.push(a);
            next.push(b);
            let mut next: Sheets = next
                .into_iter()
                .map(|(w, h)| (w.min(h), w.max(h)))
                .collect();
            next.sort_unstable();
            out.push(next);
        };
        for a in 2..w.saturating_sub(1) {
            cut((a, h), (w - a, h));
        }
        for b in 2..h.saturating_sub(1) {
            cut((w, b), (w, h - b));
        }
    }
    out
}

#[test]
fn cutting_positions() {
    for (w, h) in [(5, 4), (4, 4), (6, 2), (3, 3)] {
        let call = format!("cutting({w},{h})");
        // Each printed option is the sum of the two pieces, each in either orientation.
        let got = options(&call, true);
        let mut pieces: Vec<Sheets> = got
            .iter()
            .map(|t| {
                let mut s: Sheets = t
                    .split(" + ")
                    .map(|part| {
                        let inner = part
                            .strip_prefix("cutting(")
                            .and_then(|r| r.strip_suffix(')'))
                            .unwrap_or_else(|| panic!("{t}"));
                        let (a, b) = inner.split_once(',').unwrap();
                        let (a, b) = (a.parse::<usize>().unwrap(), b.parse::<usize>().unwrap());
                        (a.min(b), a.max(b))
                    })
                    .collect();
                s.sort_unstable();
                s
            })
            .collect();
        pieces.sort();
        let mut brute = cutting_moves(&vec![(w, h)]);
        brute.sort();
        assert_eq!(pieces, brute, "{call}");
        assert_eq!(options(&call, false), got, "{call}");
        reads_back(&call);
        misere_agrees(&call, vec![(w.min(h), w.max(h))], &cutting_moves);
    }
}

// ---------------------------------------------------------------------------------------------
// Grids written as text: rows separated by '|'.
// ---------------------------------------------------------------------------------------------

type Grid = Vec<Vec<char>>;

fn grid(text: &str) -> Grid {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('|').map(|r| r.chars().collect()).collect()
}

fn text(g: &Grid) -> String {
    g.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// The square `(r + dr, c + dc)` when it is on the grid.
fn step(g: &Grid, r: usize, c: usize, dr: isize, dc: isize) -> Option<(usize, usize)> {
    let (r2, c2) = (r as isize + dr, c as isize + dc);
    (r2 >= 0 && c2 >= 0 && (r2 as usize) < g.len() && (c2 as usize) < g[0].len())
        .then_some((r2 as usize, c2 as usize))
}

/// Every square of the grid.
fn squares(g: &Grid) -> Vec<(usize, usize)> {
    (0..g.len())
        .flat_map(|r| (0..g[r].len()).map(move |c| (r, c)))
        .collect()
}

/// Checks the options of `family("start")` for each start against the positions, written as
/// the family reads them, that `moves(start, left)` makes for Left (`left`) or Right, and that
/// they read back.
fn check_text_family(family: &str, starts: &[&str], moves: &dyn Fn(&str, bool) -> Vec<String>) {
    for start in starts {
        let call = format!("{family}(\"{start}\")");
        for left in [true, false] {
            let expected = moves(start, left)
                .into_iter()
                .map(|b| format!("{family}(\"{b}\")"))
                .collect();
            assert_eq!(options(&call, left), sorted(expected), "{call} {left}");
        }
        reads_back(&call);
    }
}

/// Ski-Jumps: Left's skiers (L, l) move east, Right's (R, r) west: a slide any number of
/// squares through empty ones, possibly off the slope; a jumper (L, R) directly above an
/// opponent's skier jumps to the empty square below it, and the jumped skier becomes a slipper.
fn ski_moves(g: &Grid, left: bool) -> Vec<String> {
    let (jumper, slipper, them) = if left {
        ('L', 'l', ['R', 'r'])
    } else {
        ('R', 'r', ['L', 'l'])
    };
    let dc: isize = if left { 1 } else { -1 };
    let mut out = Vec::new();
    for (r, c) in squares(g) {
        let s = g[r][c];
        if s != jumper && s != slipper {
            continue;
        }
        let mut at = c;
        loop {
            match step(g, r, at, 0, dc) {
                None => {
                    let mut h = g.clone();
                    h[r][c] = '.';
                    out.push(text(&h));
                    break;
                }
                Some((_, c2)) if g[r][c2] == '.' => {
                    let mut h = g.clone();
                    h[r][c] = '.';
                    h[r][c2] = s;
                    out.push(text(&h));
                    at = c2;
                }
                Some(_) => break,
            }
        }
        if s == jumper && r + 2 < g.len() && them.contains(&g[r + 1][c]) && g[r + 2][c] == '.' {
            let mut h = g.clone();
            h[r][c] = '.';
            h[r + 2][c] = jumper;
            h[r + 1][c] = them[1];
            out.push(text(&h));
        }
    }
    out
}

#[test]
fn ski_jumps_positions() {
    check_text_family(
        "ski_jumps",
        &["L..|.R.", "L..|R..|...", ".L|r.|..", "R.L|..."],
        &|start, left| ski_moves(&grid(start), left),
    );
}

/// King Dirt (MCGS): place a king from hand on an empty square, or slide a king one step as a
/// chess king to an empty square, leaving dirt; with must-place, a player who can place must.
fn king_dirt_moves(start: &str, left: bool) -> Vec<String> {
    let (params, board) = start.split_once(':').unwrap_or(("0,0,0", start));
    let p: Vec<u32> = params.split(',').map(|x| x.parse().unwrap()).collect();
    let (mut hands, must) = ([p[0], p[1]], p[2] == 1);
    let g = grid(board);
    let (me, i) = if left { ('X', 0) } else { ('O', 1) };
    let write = |hands: [u32; 2], g: &Grid| {
        if hands == [0, 0] && !must {
            text(g)
        } else {
            format!("{},{},{}:{}", hands[0], hands[1], u8::from(must), text(g))
        }
    };
    let mut out = Vec::new();
    if hands[i] > 0 {
        hands[i] -= 1;
        for (r, c) in squares(&g) {
            if g[r][c] == '.' {
                let mut h = g.clone();
                h[r][c] = me;
                out.push(write(hands, &h));
            }
        }
        hands[i] += 1;
    }
    if must && !out.is_empty() {
        return out;
    }
    for (r, c) in squares(&g) {
        if g[r][c] != me {
            continue;
        }
        for dr in -1..=1 {
            for dc in -1..=1 {
                if let Some((r2, c2)) = step(&g, r, c, dr, dc) {
                    if (dr, dc) != (0, 0) && g[r2][c2] == '.' {
                        let mut h = g.clone();
                        h[r][c] = '#';
                        h[r2][c2] = me;
                        out.push(write(hands, &h));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn king_dirt_positions() {
    check_text_family(
        "king_dirt",
        &["1,1,0:X..|.#.|.O.", "X.O", "1,0,1:X.|..", "XO.|..#"],
        &king_dirt_moves,
    );
}

/// Sheep (MCGS): a herd of `n >= 2` of the mover's sheep sends `k` of them, `1 <= k < n`, in
/// one of six directions (up, up-right, right, down, down-left, left) as far as the empty
/// squares go, at least one step.
fn sheep_moves(start: &str, left: bool) -> Vec<String> {
    let g: Vec<Vec<i32>> = start
        .split('|')
        .map(|r| r.split(',').map(|x| x.trim().parse().unwrap()).collect())
        .collect();
    let sign = if left { 1 } else { -1 };
    let write = |g: &Vec<Vec<i32>>| {
        g.iter()
            .map(|r| r.iter().map(i32::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("|")
    };
    let inside = |r: isize, c: isize| {
        r >= 0 && c >= 0 && (r as usize) < g.len() && (c as usize) < g[0].len()
    };
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[0].len() {
            let n = g[r][c] * sign;
            if n < 2 {
                continue;
            }
            for (dr, dc) in [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)] {
                let (mut tr, mut tc) = (r as isize, c as isize);
                while inside(tr + dr, tc + dc) && g[(tr + dr) as usize][(tc + dc) as usize] == 0 {
                    tr += dr;
                    tc += dc;
                }
                if (tr, tc) == (r as isize, c as isize) {
                    continue;
                }
                for k in 1..n {
                    let mut h = g.clone();
                    h[r][c] = sign * (n - k);
                    h[tr as usize][tc as usize] = sign * k;
                    out.push(write(&h));
                }
            }
        }
    }
    out
}

#[test]
fn sheep_positions() {
    check_text_family(
        "sheep",
        &["2,-2|0,0", "3,0,0", "2,0,-3|0,0,0", "0,1|-3,0"],
        &sheep_moves,
    );
}

// ---------------------------------------------------------------------------------------------
// Graphs the families renumber: compared up to isomorphism.
// ---------------------------------------------------------------------------------------------

/// The quoted strings of a printed call, in order (named arguments' values included).
fn strings(call: &str) -> Vec<String> {
    call.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// A graph: vertices `0..n`, edges `(u, v, colour)` (`' '` for none).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Drawing {
    n: usize,
    edges: Vec<(usize, usize, char)>,
}

/// Reads an edge list `0-1 2 1-3:B` (names of any kind, numbered in order of appearance).
fn drawing(text: &str) -> Drawing {
    let mut names: Vec<String> = Vec::new();
    let mut index = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let mut edges = Vec::new();
    for item in text.split_whitespace() {
        let (chain, colour) = match item.split_once(':') {
            Some((chain, c)) => (chain, c.chars().next().unwrap()),
            None => (item, ' '),
        };
        let ends: Vec<usize> = chain.split('-').map(&mut index).collect();
        for w in ends.windows(2) {
            edges.push((w[0], w[1], colour));
        }
    }
    Drawing {
        n: names.len(),
        edges,
    }
}

impl Drawing {
    /// The graph without the vertices `gone`, the others numbered in order.
    fn without(&self, gone: &BTreeSet<usize>) -> Drawing {
        let keep: Vec<usize> = (0..self.n).filter(|v| !gone.contains(v)).collect();
        let at = |v: usize| keep.iter().position(|&k| k == v);
        Drawing {
            n: keep.len(),
            edges: self
                .edges
                .iter()
                .filter_map(|&(a, b, c)| Some((at(a)?, at(b)?, c)))
                .collect(),
        }
    }

    /// The graph without its vertices of no edge.
    fn without_isolated(&self) -> Drawing {
        let gone = (0..self.n)
            .filter(|&v| !self.edges.iter().any(|&(a, b, _)| a == v || b == v))
            .collect();
        self.without(&gone)
    }

    /// The graph whose key is `k`.
    fn of_key(k: &Key) -> Drawing {
        Drawing {
            n: k.0,
            edges: k.1.clone(),
        }
    }

    /// The least edge list over all renumberings: equal for isomorphic graphs.
    fn key(&self) -> (usize, Vec<(usize, usize, char)>) {
        let mut order: Vec<usize> = (0..self.n).collect();
        let mut best: Option<Vec<(usize, usize, char)>> = None;
        permutations(&mut order, 0, &mut |p| {
            let mut e: Vec<(usize, usize, char)> = self
                .edges
                .iter()
                .map(|&(a, b, c)| (p[a].min(p[b]), p[a].max(p[b]), c))
                .collect();
            e.sort_unstable();
            if best.as_ref().is_none_or(|b| e < *b) {
                best = Some(e);
            }
        });
        (self.n, best.unwrap_or_default())
    }
}

fn permutations(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == p.len() {
        return f(p);
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, f);
        p.swap(k, i);
    }
}

type Key = (usize, Vec<(usize, usize, char)>);

/// The keys of the graphs of printed calls `family("…")`, sorted.
fn keys(calls: &[String], isolated: bool) -> Vec<Key> {
    let mut out: Vec<Key> = calls
        .iter()
        .map(|c| {
            let d = drawing(&strings(c)[0]);
            if isolated { d } else { d.without_isolated() }.key()
        })
        .collect();
    out.sort();
    out
}

/// Node Kayles: remove a vertex and its neighbours.
fn node_kayles_moves(d: &Drawing) -> Vec<Drawing> {
    (0..d.n)
        .map(|v| {
            let mut gone: BTreeSet<usize> = BTreeSet::from([v]);
            for &(a, b, _) in &d.edges {
                if a == v {
                    gone.insert(b);
                }
                if b == v {
                    gone.insert(a);
                }
            }
            d.without(&gone)
        })
        .collect()
}

/// Arc Kayles (`colour` None) or Partizan Arc Kayles: take an edge (of the mover's colour or
/// green) and remove both its ends.
fn arc_kayles_moves(d: &Drawing, colour: Option<char>) -> Vec<Drawing> {
    d.edges
        .iter()
        .filter(|&&(_, _, c)| colour.is_none_or(|m| c == m || c == 'G'))
        .map(|&(a, b, _)| d.without(&BTreeSet::from([a, b])))
        .collect()
}

fn sorted_keys(ds: &[Drawing], isolated: bool) -> Vec<Key> {
    let mut out: Vec<Key> = ds
        .iter()
        .map(|d| {
            if isolated {
                d.clone()
            } else {
                d.without_isolated()
            }
            .key()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn node_kayles_and_arc_kayles_positions() {
    for edges in ["a-b c-d a-d e", "1-2 2-3 3-4 4-5 5-1", "a-b a-c a-d d-e"] {
        let call = format!("node_kayles(\"{edges}\")");
        let d = drawing(edges);
        assert_eq!(
            keys(&options(&call, true), true),
            sorted_keys(&node_kayles_moves(&d), true),
            "{call}"
        );
        reads_back(&call);
        misere_agrees(&call, d.key(), &|k| {
            let moves = node_kayles_moves(&Drawing::of_key(k));
            moves.iter().map(Drawing::key).collect()
        });
    }
    for edges in [
        "a-b b-c c-d d-a a-c",
        "1-2 2-3 3-4 4-5 5-6",
        "a-b a-c a-d d-e f",
    ] {
        let call = format!("arc_kayles(\"{edges}\")");
        let d = drawing(edges);
        assert_eq!(
            keys(&options(&call, true), false),
            sorted_keys(&arc_kayles_moves(&d, None), false),
            "{call}"
        );
        reads_back(&call);
        misere_agrees(&call, d.without_isolated().key(), &|k| {
            let moves = arc_kayles_moves(&Drawing::of_key(k), None);
            moves.iter().map(|d| d.without_isolated().key()).collect()
        });
    }
}

#[test]
fn partizan_arc_kayles_positions() {
    for edges in [
        "a-b:B b-c:R c-d:G d-a:B",
        "1-2:G 2-3:B 3-4:R 4-5:G",
        "a-b:R a-c:B c-d:G",
    ] {
        let call = format!("partizan_arc_kayles(\"{edges}\")");
        let d = drawing(edges);
        for (left, colour) in [(true, 'B'), (false, 'R')] {
            assert_eq!(
                keys(&options(&call, left), false),
                sorted_keys(&arc_kayles_moves(&d, Some(colour)), false),
                "{call} {left}"
            );
        }
        reads_back(&call);
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens on a directed acyclic graph.
// ---------------------------------------------------------------------------------------------

/// Tokens on a directed acyclic graph: one token slides along one edge.
fn dag_moves(edges: &[(String, String)], tokens: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        for (a, b) in edges {
            if a == t {
                let mut next = tokens.to_vec();
                next[i] = b.clone();
                next.sort();
                out.push(next);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn dag_positions() {
    for (text, tokens) in [
        ("a>b, b>c, a>c, d", "a,b"),
        ("x>y, y>z", "x,x,y"),
        ("s>t, s>u, t>v, u>v", "s"),
    ] {
        let edges: Vec<(String, String)> = text
            .split(',')
            .filter_map(|e| e.trim().split_once('>'))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let mut start: Vec<String> = tokens.split(',').map(str::to_string).collect();
        start.sort();
        let call = format!("dag(\"{text}\",\"{tokens}\")");
        let got: Vec<Vec<String>> = {
            let mut g: Vec<Vec<String>> = options(&call, true)
                .iter()
                .map(|c| {
                    let mut t: Vec<String> = strings(c)[1].split(',').map(str::to_string).collect();
                    t.sort();
                    t
                })
                .collect();
            g.sort();
            g
        };
        assert_eq!(got, dag_moves(&edges, &start), "{call}");
        assert_eq!(options(&call, false), options(&call, true), "{call}");
        reads_back(&call);
        misere_agrees(&call, start, &|t| dag_moves(&edges, t));
    }
}

// ---------------------------------------------------------------------------------------------
// Hackenbush and Childish Hackenbush: pictures compared up to renumbering, the ground fixed.
// ---------------------------------------------------------------------------------------------

/// A picture: edges `(a, b, colour)`, vertex 0 the ground.
type Picture = Vec<(usize, usize, char)>;

/// Reads a picture as `hackenbush` does: stalks `"BR G"` or an edge list `"0-a:B a-b:R"`.
fn picture(text: &str) -> Picture {
    if text.contains(['-', ':']) {
        let mut names = vec!["0".to_string()];
        let mut index = |name: &str| match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        return text
            .split_whitespace()
            .map(|item| {
                let (ends, colour) = item.split_once(':').unwrap();
                let (a, b) = ends.split_once('-').unwrap();
                (index(a), index(b), colour.chars().next().unwrap())
            })
            .collect();
    }
    let mut edges = Vec::new();
    let mut next = 1;
    for stalk in text.split_whitespace() {
        let mut below = 0;
        for c in stalk.chars() {
            edges.push((below, next, c));
            below = next;
            next += 1;
        }
    }
    edges
}

/// The edges still connected to the ground.
fn grounded(edges: &Picture) -> Picture {
    let mut reached = BTreeSet::from([0]);
    loop {
        let before = reached.len();
        for &(a, b, _) in edges {
            if reached.contains(&a) || reached.contains(&b) {
                reached.insert(a);
                reached.insert(b);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    edges
        .iter()
        .copied()
        .filter(|e| reached.contains(&e.0))
        .collect()
}

/// A key of a picture, equal for pictures equal up to renumbering the vertices other than the
/// ground.
fn picture_key(edges: &Picture) -> Vec<(usize, usize, char)> {
    let mut vertices: Vec<usize> = edges.iter().flat_map(|&(a, b, _)| [a, b]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    vertices.retain(|&v| v != 0);
    let mut order: Vec<usize> = (1..=vertices.len()).collect();
    let mut best: Option<Vec<(usize, usize, char)>> = None;
    permutations(&mut order, 0, &mut |p| {
        let at = |v: usize| {
            if v == 0 {
                0
            } else {
                p[vertices.iter().position(|&w| w == v).unwrap()]
            }
        };
        let mut e: Vec<(usize, usize, char)> = edges
            .iter()
            .map(|&(a, b, c)| (at(a).min(at(b)), at(a).max(at(b)), c))
            .collect();
        e.sort_unstable();
        if best.as_ref().is_none_or(|b| e < *b) {
            best = Some(e);
        }
    });
    best.unwrap_or_default()
}

/// Hackenbush (`childish` false) or Childish Hackenbush: remove an edge of the mover's colour
/// or green; in Hackenbush what falls disappears, in Childish Hackenbush nothing may fall.
fn hackenbush_moves(edges: &Picture, left: bool, childish: bool) -> Vec<Picture> {
    let mine = if left { 'B' } else { 'R' };
    let mut out = Vec::new();
    for i in 0..edges.len() {
        if edges[i].2 != mine && edges[i].2 != 'G' {
            continue;
        }
        let mut rest = edges.clone();
        rest.remove(i);
        let standing = grounded(&rest);
        if !childish {
            out.push(standing);
        } else if standing.len() == rest.len() {
            out.push(rest);
        }
    }
    out
}

#[test]
fn hackenbush_and_childish_hackenbush_positions() {
    // Childish Hackenbush by Winning Ways' rule, which holds Green edges to the restriction too.
    for (family, childish, named) in [
        ("hackenbush", false, ""),
        ("childish_hackenbush", true, ", green=\"restricted\""),
    ] {
        for start in [
            "BRR G",
            "0-a:B a-b:R a-c:G b-c:G",
            "0-a:G a-a:R 0-b:B b-0:R",
            "0-a:B a-b:B a-c:R c-d:B",
        ] {
            let call = format!("{family}(\"{start}\"{named})");
            for left in [true, false] {
                let mut got: Vec<_> = options(&call, left)
                    .iter()
                    .map(|c| picture_key(&picture(&strings(c)[0])))
                    .collect();
                got.sort();
                let mut expected: Vec<_> = hackenbush_moves(&picture(start), left, childish)
                    .iter()
                    .map(picture_key)
                    .collect();
                expected.sort();
                assert_eq!(got, expected, "{call} {left}");
            }
            reads_back(&call);
        }
    }
    // A picture made of stalks is written as stalks.
    assert_eq!(
        options("hackenbush(\"0-a:B a-b:R 0-c:G\")", true),
        ["hackenbush(\"BR\")", "hackenbush(\"G\")"]
    );
}

// ---------------------------------------------------------------------------------------------
// Boards of NoGo, Col and Snort.
// ---------------------------------------------------------------------------------------------

/// Whether every block (orthogonally connected stones of one colour) of the board has a
/// liberty (an empty neighbour).
fn every_block_breathes(g: &Grid) -> bool {
    let mut seen = vec![vec![false; g[0].len()]; g.len()];
    for (r, c) in squares(g) {
        let colour = g[r][c];
        if seen[r][c] || (colour != 'x' && colour != 'o') {
            continue;
        }
        let mut stack = vec![(r, c)];
        seen[r][c] = true;
        let mut liberty = false;
        while let Some((r, c)) = stack.pop() {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if let Some((r2, c2)) = step(g, r, c, dr, dc) {
                    if g[r2][c2] == '.' {
                        liberty = true;
                    } else if g[r2][c2] == colour && !seen[r2][c2] {
                        seen[r2][c2] = true;
                        stack.push((r2, c2));
                    }
                }
            }
        }
        if !liberty {
            return false;
        }
    }
    true
}

/// NoGo: a stone on an empty point, unless some block is left without a liberty (a capture
/// or a suicide).
fn nogo_moves(g: &Grid, left: bool) -> Vec<String> {
    let me = if left { 'x' } else { 'o' };
    let mut out = Vec::new();
    for (r, c) in squares(g) {
        if g[r][c] == '.' {
            let mut h = g.clone();
            h[r][c] = me;
            if every_block_breathes(&h) {
                out.push(text(&h));
            }
        }
    }
    out
}

#[test]
fn nogo_positions() {
    check_text_family(
        "nogo",
        &["...|.x.", "x.o|...", "..|..", ".x.|x.o|.o#"],
        &|start, left| nogo_moves(&grid(start), left),
    );
}

/// Snort (`snort`) or Col: Left colours an uncoloured cell blue (`x`), Right red (`o`); in
/// Snort not next to the opponent's colour, in Col not next to one's own.
fn colouring_moves(g: &Grid, left: bool, snort: bool) -> Vec<String> {
    let (me, them) = if left { ('x', 'o') } else { ('o', 'x') };
    let forbidden = if snort { them } else { me };
    let mut out = Vec::new();
    for (r, c) in squares(g) {
        let blocked = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .any(|&(dr, dc)| step(g, r, c, dr, dc).is_some_and(|(r2, c2)| g[r2][c2] == forbidden));
        if g[r][c] == '.' && !blocked {
            let mut h = g.clone();
            h[r][c] = me;
            out.push(text(&h));
        }
    }
    out
}

#[test]
fn col_and_snort_positions() {
    for family in ["col", "snort"] {
        check_text_family(
            family,
            &["..|.x", "...|...", ".#.|..o", "x.o"],
            &|start, left| colouring_moves(&grid(start), left, family == "snort"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Graphs with named vertices: nogo_graph, col_graph and snort_graph.
// ---------------------------------------------------------------------------------------------

/// The value of the named string argument `name="…"` of a printed call, empty when absent.
fn named(call: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    match call.find(&key) {
        Some(i) => {
            let rest = &call[i + key.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        }
        None => String::new(),
    }
}

/// The items of a comma-separated list, sorted.
fn set(list: &str) -> BTreeSet<String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The named vertices and edges of an edge list `a-b b-c d` (no shorthands, no colours).
fn named_graph(edges: &str) -> (BTreeSet<String>, Vec<(String, String)>) {
    let mut vertices = BTreeSet::new();
    let mut out = Vec::new();
    for item in edges.split_whitespace() {
        let names: Vec<&str> = item.split('-').collect();
        vertices.extend(names.iter().map(|n| n.to_string()));
        for w in names.windows(2) {
            out.push((w[0].to_string(), w[1].to_string()));
        }
    }
    (vertices, out)
}

fn neighbours<'a>(edges: &'a [(String, String)], v: &'a str) -> impl Iterator<Item = &'a str> {
    edges.iter().filter_map(move |(a, b)| {
        if a == v {
            Some(b.as_str())
        } else if b == v {
            Some(a.as_str())
        } else {
            None
        }
    })
}

/// The stones or colours of the printed options of a graph family: the values of its two
/// named list arguments `first` and `second`, as sets.
type Marks = (BTreeSet<String>, BTreeSet<String>);

fn marks(calls: &[String], first: &str, second: &str) -> Vec<Marks> {
    let mut out: Vec<Marks> = calls
        .iter()
        .map(|c| (set(&named(c, first)), set(&named(c, second))))
        .collect();
    out.sort();
    out
}

/// NoGo on a graph: a stone on an empty vertex unless some block is left without a liberty.
fn nogo_graph_moves(edges: &str, (black, white): &Marks, left: bool) -> Vec<Marks> {
    let (vertices, e) = named_graph(edges);
    let colour = |b: &Marks, v: &str| {
        if b.0.contains(v) {
            'x'
        } else if b.1.contains(v) {
            'o'
        } else {
            '.'
        }
    };
    let breathes = |b: &Marks| {
        vertices.iter().all(|v| {
            let c = colour(b, v);
            if c == '.' {
                return true;
            }
            // The block of v, and whether it has an empty neighbour.
            let mut block = vec![v.as_str()];
            let mut i = 0;
            while i < block.len() {
                for w in neighbours(&e, block[i]) {
                    if colour(b, w) == '.' {
                        return true;
                    }
                    if colour(b, w) == c && !block.contains(&w) {
                        block.push(w);
                    }
                }
                i += 1;
            }
            false
        })
    };
    let start = (black.clone(), white.clone());
    let mut out = Vec::new();
    for v in &vertices {
        if colour(&start, v) == '.' {
            let mut next = start.clone();
            if left {
                next.0.insert(v.clone());
            } else {
                next.1.insert(v.clone());
            }
            if breathes(&next) {
                out.push(next);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn nogo_graph_positions() {
    for (edges, black, white) in [
        ("a-b b-c c-d d-a", "a", ""),
        ("a-b c-d a-d", "a", "c"),
        ("a-b b-c c-a c-d d-e", "", "e"),
    ] {
        let call = format!("nogo_graph(\"{edges}\", black=\"{black}\", white=\"{white}\")");
        let start = (set(black), set(white));
        for left in [true, false] {
            let got = options(&call, left);
            assert_eq!(
                marks(&got, "black", "white"),
                nogo_graph_moves(edges, &start, left),
                "{call} {left}"
            );
        }
        reads_back(&call);
    }
}

/// Snort or Col on a graph: `(blue, red)` and the tints; a vertex tinted `B` is next to a blue
/// vertex outside the graph, `R` a red one.
fn colouring_graph_moves(
    edges: &str,
    (blue, red): &Marks,
    tints: &HashMap<&str, &str>,
    left: bool,
    snort: bool,
) -> Vec<Marks> {
    let (vertices, e) = named_graph(edges);
    // The colour next to which the mover may not colour: the opponent's in Snort, its own in
    // Col.
    let forbidden_is_blue = left != snort;
    let (forbidden, letter) = if forbidden_is_blue {
        (blue, 'B')
    } else {
        (red, 'R')
    };
    let mut out = Vec::new();
    for v in &vertices {
        if blue.contains(v) || red.contains(v) {
            continue;
        }
        let tinted = tints.get(v.as_str()).is_some_and(|t| t.contains(letter));
        if tinted || neighbours(&e, v).any(|w| forbidden.contains(w)) {
            continue;
        }
        let mut next = (blue.clone(), red.clone());
        if left {
            next.0.insert(v.clone());
        } else {
            next.1.insert(v.clone());
        }
        out.push(next);
    }
    out.sort();
    out
}

#[test]
fn col_graph_and_snort_graph_positions() {
    for family in ["col_graph", "snort_graph"] {
        for (edges, blue, red, tinted) in [
            ("a-b b-c c-a d", "a", "", "d:R"),
            ("a-b b-c c-d", "", "", "c:BR"),
            ("p-q q-r r-s s-p", "", "q", "s:B"),
        ] {
            let call = format!(
                "{family}(\"{edges}\", blue=\"{blue}\", red=\"{red}\", tinted=\"{tinted}\")"
            );
            let tints: HashMap<&str, &str> = tinted
                .split(',')
                .filter_map(|t| t.split_once(':'))
                .collect();
            let start = (set(blue), set(red));
            for left in [true, false] {
                let got = options(&call, left);
                let expected =
                    colouring_graph_moves(edges, &start, &tints, left, family == "snort_graph");
                assert_eq!(marks(&got, "blue", "red"), expected, "{call} {left}");
                // The tints are kept.
                for c in &got {
                    assert_eq!(named(c, "tinted"), tinted.replace(' ', ","), "{c}");
                }
            }
            reads_back(&call);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Refused calls and terminal positions.
// ---------------------------------------------------------------------------------------------

#[test]
fn calls_refused_before_are_refused_with_the_same_message() {
    for (call, message) in [
        ("cutting(1,5)", "immediate win"),
        ("take_range(0,3,5)", "p must be at least 1"),
        ("coin_turning(\"1-3X\",\"H\")", "unknown modifier"),
        ("dag(\"a>b, b>a\",\"a\")", "cycle"),
        ("sheep(\"51\")", "too large"),
        ("nogo(\"x\")", "no liberty"),
        ("col_graph(\"a-b\", blue=\"a,b\")", "may not have"),
    ] {
        let err = evaluate(call).unwrap_err().to_string();
        assert!(err.contains(message), "{call}: {err}");
        let err = evaluate(&format!("({call}).LeftOptions"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(message), "{call}: {err}");
    }
}

#[test]
fn terminal_positions_are_misere_n() {
    for terminal in [
        "take_range(2,3,0)",
        "ryuoh(0,0)",
        "ryuoh(0,0,p=5,q=2)",
        "coin_turning(\"ruler\",\"\")",
        "coin_turning(\"grunt\",\"TTH\")",
        "cutting(3,3)",
        "ski_jumps(\"...|...\")",
        "king_dirt(\"X#|##\")",
        "sheep(\"1,0\")",
        "nogo(\"x.\")",
        "nogo_graph(\"a-b\", black=\"a\")",
        "dag(\"a>b\",\"b\")",
        "hackenbush(\"\")",
        "childish_hackenbush(\"\")",
        "col(\"x#o\")",
        "snort(\"x.o\")",
        "col_graph(\"a-b\", blue=\"a\", red=\"b\")",
        "snort_graph(\"a\", tinted=\"a:BR\")",
        "node_kayles(\"\")",
        "arc_kayles(\"a b\")",
        "partizan_arc_kayles(\"\")",
    ] {
        assert!(
            positions(&format!("({terminal}).LeftOptions")).is_empty(),
            "{terminal}"
        );
        assert!(
            positions(&format!("({terminal}).RightOptions")).is_empty(),
            "{terminal}"
        );
        assert_eq!(
            show(&format!("({terminal}).MisereOutcomeClass")),
            "N",
            "{terminal}"
        );
    }
}
